// The system calls of CPlatform on macOS, where Linux's are missing: its clocks, getpeereid,
// and a guard that polls for its parent's death. What macOS has no call for (a wake timer,
// inotify, abstract sockets) returns -1 with errno set. Written for macOS but never built or
// tested there: see docs/platforms.md.
#ifdef __APPLE__
#include "cplatform.h"
#include "cplatform_internal.h"

#include <errno.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int cplatform_wake_timer_create(void) { return -1; }

int cplatform_wake_timer_set(int fd, long long nanoseconds) {
  (void)fd;
  (void)nanoseconds;
  return -1;
}

static long long nanos(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

// On macOS CLOCK_MONOTONIC keeps running during sleep, and CLOCK_UPTIME_RAW stops.
long long cplatform_boot_nanoseconds(void) { return nanos(CLOCK_MONOTONIC); }

long long cplatform_awake_nanoseconds(void) { return nanos(CLOCK_UPTIME_RAW); }

void cplatform_os_adopt_orphans(void) {}

void cplatform_os_signal_when_parent_dies(int signal_number) { (void)signal_number; }

int cplatform_os_wait_bound(pid_t program, pid_t parent, int *status) {
  for (;;) {
    pid_t done = waitpid(program, status, WNOHANG);
    if (done == program) return 0;
    if (done < 0 && errno != EINTR) return -1;
    // Where the kernel does not tell, the guard looks for itself.
    if (getppid() != parent) kill(0, SIGKILL);
    cplatform_pause();
  }
}

int cplatform_unix_connect_abstract(const char *name, unsigned long length) {
  (void)name;
  (void)length;
  errno = ENOTSUP;
  return -1;
}

int cplatform_peer_uid(int fd, unsigned int *uid) {
  uid_t user;
  gid_t group;
  if (getpeereid(fd, &user, &group) != 0) return -1;
  *uid = (unsigned int)user;
  return 0;
}

int cplatform_folder_watch(const char *folder) {
  (void)folder;
  errno = ENOSYS;
  return -1;
}

int cplatform_folder_watch_read(int fd, const char *name) {
  (void)fd;
  (void)name;
  errno = ENOSYS;
  return -1;
}
#endif
