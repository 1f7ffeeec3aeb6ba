// A player fed a sound that never ends: the guard process of `cplatform_spawn_looping`. Only
// async-signal-safe calls run after fork, as pomo has threads.
#define _GNU_SOURCE
#include "cplatform.h"
#include "cplatform_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/// How far ahead of the clock the guard writes: a player's own buffer fills from this, and a
/// loaded machine that wakes the guard late still finds the player fed.
static const long long lead_nanoseconds = 1000000000LL;

/// How long the guard sleeps when it is ahead: a tenth of a second, so it wakes ten times a
/// second at most.
static const long long step_nanoseconds = 100000000LL;

/// Writes all of `bytes`; 0, or -1 when the player is gone.
static int looping_write(int fd, const char *bytes, long length) {
  while (length > 0) {
    ssize_t n = write(fd, bytes, (size_t)length);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    bytes += n;
    length -= n;
  }
  return 0;
}

int cplatform_spawn_looping(
  const char *path, char *const argv[], char *const envp[], const void *head, long head_length, const void *loop,
  long loop_length, long bytes_per_second) {
  if (loop_length <= 0 || bytes_per_second <= 0) return -1;
  pid_t parent = getpid();
  // SIGTERM, pomo's word that the sound ends, kills the group too: the player and all it started.
  pid_t guard = cplatform_fork_guard(parent, -1, 1);
  if (guard != 0) return guard;
  int ends[2];
  if (pipe(ends) != 0) _exit(126);
  pid_t self = getpid();
  pid_t player = fork();
  if (player == 0) {
    signal(SIGUSR2, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    // The player dies with the guard too, should the guard be killed alone.
    cplatform_os_signal_when_parent_dies(SIGKILL);
    if (getppid() != self) _exit(1);
    dup2(ends[0], 0);
    close(ends[0]);
    close(ends[1]);
    execve(path, argv, envp);
    _exit(127);
  }
  close(ends[0]);
  if (player < 0) _exit(126);
  // A player gone (SIGPIPE, or an error) ends the guard: the sound has stopped.
  if (head_length > 0 && looping_write(ends[1], head, head_length) != 0) _exit(0);
  const char *bytes = loop;
  long long start = cplatform_awake_nanoseconds();
  long long sent = 0;
  long offset = 0;
  for (;;) {
    if (getppid() != parent) kill(0, SIGKILL);
    long long elapsed = cplatform_awake_nanoseconds() - start;
    // What the player should have by now, with the lead: a player that takes all it is
    // given at once (ALSA's null device) is fed in time all the same, never as fast as it reads.
    long long due = (elapsed + lead_nanoseconds) / 1000 * bytes_per_second / 1000000;
    if (sent >= due) {
      struct timespec pause = {0, step_nanoseconds};
      nanosleep(&pause, NULL);
      continue;
    }
    long long chunk = due - sent;
    if (chunk > loop_length - offset) chunk = loop_length - offset;
    if (looping_write(ends[1], bytes + offset, (long)chunk) != 0) _exit(0);
    sent += chunk;
    offset = (long)((offset + chunk) % loop_length);
  }
}

int cplatform_reap_group(int pid) {
  siginfo_t info;
  for (;;) {
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0) break;
    if (errno == EINTR) continue;
    return errno == ECHILD ? -1 : 0;
  }
  if (info.si_pid != pid) return 0;
  // Not yet taken back, the leader still holds its pid, so its group's id is no one else's.
  kill(-pid, SIGKILL);
  while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
  return 1;
}
