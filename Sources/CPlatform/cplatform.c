#define _GNU_SOURCE
#include "cplatform.h"

#include <spawn.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include "cplatform_internal.h"

void cplatform_wake_timer_drain(int fd) {
  uint64_t count;
  while (read(fd, &count, sizeof count) > 0) {
  }
}

short cplatform_spawn_setsid_flag(void) {
#ifdef POSIX_SPAWN_SETSID
  return POSIX_SPAWN_SETSID;
#else
  return 0;
#endif
}

int cplatform_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
  return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
  long max = sysconf(_SC_OPEN_MAX);
  if (max < 0 || max > 4096) max = 4096;
  for (int fd = lowest; fd < max; fd++) {
    if (fcntl(fd, F_GETFD) != -1) posix_spawn_file_actions_addclose(actions, fd);
  }
  return 0;
#endif
}

static volatile sig_atomic_t signal_pipe = -1;

static void forward_signal(int signal_number) {
  int saved = errno;
  unsigned char byte = (unsigned char)signal_number;
  int fd = signal_pipe;
  if (fd >= 0) {
    ssize_t ignored = write(fd, &byte, 1);
    (void)ignored;
  }
  errno = saved;
}

int cplatform_forward_signal(int signal_number, int fd) {
  signal_pipe = fd;
  struct sigaction action = {0};
  action.sa_handler = forward_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  if (sigaction(signal_number, &action, NULL) != 0) return -1;
  // A parent may have started pomo with the signal blocked: it must arrive all the same.
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal_number);
  return pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

void cplatform_stop_forwarding(int signal_number) {
  signal(signal_number, SIG_DFL);
}

int cplatform_hold_session_signals(int hold) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  sigaddset(&set, SIGTSTP);
  return pthread_sigmask(hold ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

static struct termios guarded_settings;
static volatile sig_atomic_t guarded_fd = -1;

static void restore_terminal_and_crash(int signal_number) {
  int fd = guarded_fd;
  if (fd >= 0) {
    tcsetattr(fd, TCSANOW, &guarded_settings);
    if (isatty(1)) {
      static const char show[] = "\r\n\033[?25h";
      ssize_t ignored = write(1, show, sizeof show - 1);
      (void)ignored;
    }
  }
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

void cplatform_guard_terminal(int fd) {
  if (tcgetattr(fd, &guarded_settings) != 0) return;
  guarded_fd = fd;
  struct sigaction action = {0};
  action.sa_handler = restore_terminal_and_crash;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
  for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaction(signals[i], &action, NULL);
}

void cplatform_unguard_terminal(void) { guarded_fd = -1; }

_Static_assert(sizeof(pthread_t) <= sizeof(unsigned long long), "a pthread_t fits a handle");

int cplatform_thread_start(void *(*entry)(void *), void *argument, unsigned long long *handle) {
  pthread_t thread;
  int result = pthread_create(&thread, NULL, entry, argument);
  if (result == 0) {
    *handle = 0;
    memcpy(handle, &thread, sizeof thread);
  }
  return result;
}

static pthread_t thread_of(unsigned long long handle) {
  pthread_t thread;
  memcpy(&thread, &handle, sizeof thread);
  return thread;
}

int cplatform_thread_join(unsigned long long handle) { return pthread_join(thread_of(handle), NULL); }

int cplatform_thread_detach(unsigned long long handle) { return pthread_detach(thread_of(handle)); }

void cplatform_pause(void) {
  struct timespec pause = {0, 20 * 1000 * 1000};
  nanosleep(&pause, NULL);
}

/// Whether CLOCK_MONOTONIC has reached `deadline` (nanoseconds): the watchdog's times are
/// deadlines, never counts of its 20 ms pauses, which stretch on a loaded machine.
static int watchdog_past(long long deadline) {
  return cplatform_awake_nanoseconds() >= deadline;
}

/// Reaps every finished child of the watchdog (the hook, and orphans it adopted as a
/// subreaper); returns 1 once the hook itself has been reaped.
static int watchdog_reap(pid_t hook, int hook_done) {
  int status;
  pid_t pid;
  while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
    if (pid == hook) hook_done = 1;
  }
  return hook_done;
}

int cplatform_spawn_with_deadline(const char *path, char *const argv[], char *const envp[], int seconds, int input) {
  pid_t watchdog = fork();
  if (watchdog != 0) return watchdog;  // The parent, or -1.
  // The watchdog: only async-signal-safe calls from here on (clock_gettime is one).
  const long long second = 1000LL * 1000 * 1000;
  long long deadline = cplatform_awake_nanoseconds() + (long long)seconds * second;
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  int defaults[] = {SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH, SIGPIPE, SIGCHLD};
  for (unsigned i = 0; i < sizeof defaults / sizeof defaults[0]; i++) signal(defaults[i], SIG_DFL);
  // A session of its own: no terminal, so Ctrl-C, Ctrl-Z and a hang-up never reach the
  // watchdog or the hook, and it outlives pomo.
  setsid();
  // Orphans the hook leaves behind become the watchdog's children, so it can reap them.
  cplatform_os_adopt_orphans();
  int null = open("/dev/null", O_RDWR);
  if (null >= 0) {
    dup2(input >= 0 ? input : null, 0);
    dup2(null, 1);
    dup2(null, 2);
  }
  long max = sysconf(_SC_OPEN_MAX);
  if (max < 0 || max > 65536) max = 65536;
  for (int fd = 3; fd < max; fd++) close(fd);
  pid_t hook = fork();
  if (hook == 0) {
    setpgid(0, 0);  // The hook leads a group: it and everything it starts.
    execve(path, argv, envp);
    _exit(127);
  }
  if (hook < 0) _exit(126);
  setpgid(hook, hook);  // Also here, so the group exists before the watchdog signals it.
  int done = 0;
  while (!(done = watchdog_reap(hook, done)) && !watchdog_past(deadline)) cplatform_pause();
  // The hook exited or ran out of time: end the whole group, politely first.
  kill(-hook, SIGTERM);
  if (!done) kill(hook, SIGTERM);
  deadline = cplatform_awake_nanoseconds() + second;  // A grace period of a second.
  while (!watchdog_past(deadline)) {
    done = watchdog_reap(hook, done);
    if (kill(-hook, 0) != 0 && done) _exit(0);
    cplatform_pause();
  }
  kill(-hook, SIGKILL);
  deadline = cplatform_awake_nanoseconds() + second;
  while (!watchdog_past(deadline)) {
    done = watchdog_reap(hook, done);
    if (kill(-hook, 0) != 0 && done) break;
    cplatform_pause();
  }
  _exit(1);
}

/// The guard's own process group is killed, the guard and what it started with it: pomo (its
/// parent) is gone, or, for a guard that takes SIGTERM so, asks it to end. SIGKILL, so that
/// nothing the program started outlives it, even a child that ignores SIGTERM.
static void guard_kills_group(int signal_number) {
  (void)signal_number;
  kill(0, SIGKILL);
}

pid_t cplatform_fork_guard(pid_t parent, int output, int term_kills_group) {
  long max = sysconf(_SC_OPEN_MAX);
  if (max < 0 || max > 65536) max = 65536;
  pid_t guard = fork();
  if (guard != 0) {
    // Also here, so the group exists before the parent may signal it.
    if (guard > 0) setpgid(guard, guard);
    return guard;
  }
  // The guard: only async-signal-safe calls from here on.
  setpgid(0, 0);
  int defaults[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH, SIGPIPE, SIGCHLD, SIGUSR1};
  for (unsigned i = 0; i < sizeof defaults / sizeof defaults[0]; i++) signal(defaults[i], SIG_DFL);
  struct sigaction gone = {0};
  gone.sa_handler = guard_kills_group;
  sigemptyset(&gone.sa_mask);
  sigaction(SIGUSR2, &gone, NULL);
  if (term_kills_group) sigaction(SIGTERM, &gone, NULL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  // The kernel tells the guard the moment its parent dies, however it dies (where it can).
  cplatform_os_signal_when_parent_dies(SIGUSR2);
  // The parent may have died before that was set.
  if (getppid() != parent) kill(0, SIGKILL);
  int null = open("/dev/null", O_RDWR);
  if (null >= 0) {
    dup2(null, 0);
    dup2(output >= 0 ? output : null, 1);
    dup2(null, 2);
  }
  for (int fd = 3; fd < (int)max; fd++) close(fd);
  return 0;
}

int cplatform_spawn_bound(const char *path, char *const argv[], char *const envp[], int output) {
  pid_t parent = getpid();
  pid_t guard = cplatform_fork_guard(parent, output, 0);
  if (guard != 0) return guard;
  pid_t program = fork();
  if (program == 0) {
    signal(SIGUSR2, SIG_DFL);
    cplatform_os_signal_when_parent_dies(0);
    execve(path, argv, envp);
    _exit(127);
  }
  if (program < 0) _exit(126);
  int status = 0;
  if (cplatform_os_wait_bound(program, parent, &status) != 0) _exit(126);
  if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
  _exit(128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0));
}

int cplatform_unix_address(const char *path, struct sockaddr_un *address) {
  memset(address, 0, sizeof *address);
  address->sun_family = AF_UNIX;
  size_t length = strlen(path);
  if (length == 0 || length >= sizeof address->sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  memcpy(address->sun_path, path, length);
  return 0;
}

int cplatform_close_on_exec(int fd, int nonblocking) {
  if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) return -1;
  if (nonblocking && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0) return -1;
  return 0;
}

int cplatform_unix_listen(const char *path, unsigned int mode, int backlog) {
  struct sockaddr_un address;
  if (cplatform_unix_address(path, &address) != 0) return -1;
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  if (cplatform_close_on_exec(fd, 1) != 0 || bind(fd, (struct sockaddr *)&address, sizeof address) != 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  if (chmod(path, (mode_t)mode) != 0 || listen(fd, backlog) != 0) {
    int saved = errno;
    close(fd);
    unlink(path);
    errno = saved;
    return -1;
  }
  return fd;
}

/// A connected socket, or -1 (closed, errno kept) when setting it up failed: writes to a
/// peer that left fail with EPIPE instead of raising SIGPIPE, where the system allows.
int cplatform_connected_socket(int fd, int ok) {
  if (!ok) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
#ifdef SO_NOSIGPIPE
  int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
  return fd;
}

int cplatform_unix_connect(const char *path) {
  struct sockaddr_un address;
  if (cplatform_unix_address(path, &address) != 0) return -1;
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  int result;
  do {
    result = cplatform_close_on_exec(fd, 0) == 0 ? connect(fd, (struct sockaddr *)&address, sizeof address) : -1;
  } while (result != 0 && errno == EINTR);
  return cplatform_connected_socket(fd, result == 0);
}

int cplatform_unix_accept(int fd) {
  int client;
  do {
    client = accept(fd, NULL, NULL);
  } while (client < 0 && errno == EINTR);
  if (client < 0) return -1;
  return cplatform_connected_socket(client, cplatform_close_on_exec(client, 1) == 0);
}

long cplatform_send(int fd, const void *bytes, unsigned long count) {
#ifdef MSG_NOSIGNAL
  int flags = MSG_NOSIGNAL | MSG_DONTWAIT;
#else
  int flags = MSG_DONTWAIT;
#endif
  ssize_t n;
  do {
    n = send(fd, bytes, count, flags);
  } while (n < 0 && errno == EINTR);
  return (long)n;
}
