// The system calls of CPlatform that Linux has and macOS has not: timerfd, CLOCK_BOOTTIME,
// prctl, abstract sockets, SO_PEERCRED, inotify. Built and tested on every change.
#ifdef __linux__
#define _GNU_SOURCE
#include "cplatform.h"
#include "cplatform_internal.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int cplatform_wake_timer_create(void) {
  return timerfd_create(CLOCK_BOOTTIME, TFD_CLOEXEC | TFD_NONBLOCK);
}

int cplatform_wake_timer_set(int fd, long long nanoseconds) {
  struct itimerspec spec = {0};
  if (nanoseconds <= 0) nanoseconds = 1;
  spec.it_value.tv_sec = nanoseconds / 1000000000LL;
  spec.it_value.tv_nsec = nanoseconds % 1000000000LL;
  return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

static long long nanos(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

long long cplatform_boot_nanoseconds(void) { return nanos(CLOCK_BOOTTIME); }

long long cplatform_awake_nanoseconds(void) { return nanos(CLOCK_MONOTONIC); }

void cplatform_os_adopt_orphans(void) { prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

void cplatform_os_signal_when_parent_dies(int signal_number) {
  prctl(PR_SET_PDEATHSIG, signal_number, 0, 0, 0);
}

int cplatform_os_wait_bound(pid_t program, pid_t parent, int *status) {
  (void)parent;  // PR_SET_PDEATHSIG tells the guard.
  while (waitpid(program, status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return 0;
}

int cplatform_unix_connect_abstract(const char *name, unsigned long length) {
  struct sockaddr_un address;
  memset(&address, 0, sizeof address);
  address.sun_family = AF_UNIX;
  if (length == 0 || length >= sizeof address.sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  memcpy(address.sun_path + 1, name, length);
  socklen_t size = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + length);
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  int result;
  do {
    result = cplatform_close_on_exec(fd, 0) == 0 ? connect(fd, (struct sockaddr *)&address, size) : -1;
  } while (result != 0 && errno == EINTR);
  return cplatform_connected_socket(fd, result == 0);
}

int cplatform_peer_uid(int fd, unsigned int *uid) {
  struct ucred credentials;
  socklen_t length = sizeof credentials;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
  if (length != sizeof credentials) {
    errno = EINVAL;
    return -1;
  }
  *uid = (unsigned int)credentials.uid;
  return 0;
}

int cplatform_folder_watch(const char *folder) {
  int fd = inotify_init1(IN_CLOEXEC);
  if (fd < 0) return -1;
  if (inotify_add_watch(fd, folder, IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR) < 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

int cplatform_folder_watch_read(int fd, const char *name) {
  char buffer[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
  ssize_t n;
  do {
    n = read(fd, buffer, sizeof buffer);
  } while (n < 0 && errno == EINTR);
  if (n <= 0) return -1;
  int result = 0;
  for (char *p = buffer; p < buffer + n;) {
    struct inotify_event *event = (struct inotify_event *)p;
    if (event->mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)) return 2;
    if (event->len > 0 && strcmp(event->name, name) == 0) result = 1;
    p += sizeof(struct inotify_event) + event->len;
  }
  return result;
}
#endif
