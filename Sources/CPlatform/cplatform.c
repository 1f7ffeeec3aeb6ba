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

#ifdef __linux__
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/timerfd.h>
#endif

int cplatform_wake_timer_create(void) {
#ifdef __linux__
  return timerfd_create(CLOCK_BOOTTIME, TFD_CLOEXEC | TFD_NONBLOCK);
#else
  return -1;
#endif
}

int cplatform_wake_timer_set(int fd, long long nanoseconds) {
#ifdef __linux__
  struct itimerspec spec = {0};
  if (nanoseconds <= 0) nanoseconds = 1;
  spec.it_value.tv_sec = nanoseconds / 1000000000LL;
  spec.it_value.tv_nsec = nanoseconds % 1000000000LL;
  return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
#else
  (void)fd;
  (void)nanoseconds;
  return -1;
#endif
}

void cplatform_wake_timer_drain(int fd) {
  uint64_t count;
  while (read(fd, &count, sizeof count) > 0) {
  }
}

static long long nanos(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

long long cplatform_boot_nanoseconds(void) {
#ifdef __linux__
  return nanos(CLOCK_BOOTTIME);
#else
  return nanos(CLOCK_MONOTONIC);  // On macOS CLOCK_MONOTONIC keeps running during sleep.
#endif
}

long long cplatform_awake_nanoseconds(void) {
#ifdef __linux__
  return nanos(CLOCK_MONOTONIC);
#else
  return nanos(CLOCK_UPTIME_RAW);  // Stops during sleep on macOS.
#endif
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

static void watchdog_pause(void) {
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
#ifdef __linux__
  // Orphans the hook leaves behind become the watchdog's children, so it can reap them.
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
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
  while (!(done = watchdog_reap(hook, done)) && !watchdog_past(deadline)) watchdog_pause();
  // The hook exited or ran out of time: end the whole group, politely first.
  kill(-hook, SIGTERM);
  if (!done) kill(hook, SIGTERM);
  deadline = cplatform_awake_nanoseconds() + second;  // A grace period of a second.
  while (!watchdog_past(deadline)) {
    done = watchdog_reap(hook, done);
    if (kill(-hook, 0) != 0 && done) _exit(0);
    watchdog_pause();
  }
  kill(-hook, SIGKILL);
  deadline = cplatform_awake_nanoseconds() + second;
  while (!watchdog_past(deadline)) {
    done = watchdog_reap(hook, done);
    if (kill(-hook, 0) != 0 && done) break;
    watchdog_pause();
  }
  _exit(1);
}

/// The guard's own process group is killed, the guard with it: pomo (its parent) is gone.
static void bound_parent_gone(int signal_number) {
  (void)signal_number;
  kill(0, SIGKILL);
}

int cplatform_spawn_bound(const char *path, char *const argv[], char *const envp[], int output) {
  pid_t parent = getpid();
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
  gone.sa_handler = bound_parent_gone;
  sigemptyset(&gone.sa_mask);
  sigaction(SIGUSR2, &gone, NULL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
#ifdef __linux__
  // The kernel tells the guard the moment its parent dies, however it dies.
  prctl(PR_SET_PDEATHSIG, SIGUSR2, 0, 0, 0);
#endif
  // The parent may have died before that was set.
  if (getppid() != parent) kill(0, SIGKILL);
  int null = open("/dev/null", O_RDWR);
  if (null >= 0) {
    dup2(null, 0);
    dup2(output >= 0 ? output : null, 1);
    dup2(null, 2);
  }
  for (int fd = 3; fd < max; fd++) close(fd);
  pid_t program = fork();
  if (program == 0) {
    signal(SIGUSR2, SIG_DFL);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0);
#endif
    execve(path, argv, envp);
    _exit(127);
  }
  if (program < 0) _exit(126);
  int status = 0;
#ifdef __linux__
  while (waitpid(program, &status, 0) < 0) {
    if (errno != EINTR) _exit(126);
  }
#else
  for (;;) {
    pid_t done = waitpid(program, &status, WNOHANG);
    if (done == program) break;
    if (done < 0 && errno != EINTR) _exit(126);
    // Where the kernel does not tell, the guard looks for itself.
    if (getppid() != parent) kill(0, SIGKILL);
    watchdog_pause();
  }
#endif
  if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
  _exit(128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0));
}

static int unix_address(const char *path, struct sockaddr_un *address) {
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

static int close_on_exec(int fd, int nonblocking) {
  if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) return -1;
  if (nonblocking && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0) return -1;
  return 0;
}

int cplatform_unix_listen(const char *path, unsigned int mode, int backlog) {
  struct sockaddr_un address;
  if (unix_address(path, &address) != 0) return -1;
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  if (close_on_exec(fd, 1) != 0 || bind(fd, (struct sockaddr *)&address, sizeof address) != 0) {
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
static int connected_socket(int fd, int ok) {
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
  if (unix_address(path, &address) != 0) return -1;
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  int result;
  do {
    result = close_on_exec(fd, 0) == 0 ? connect(fd, (struct sockaddr *)&address, sizeof address) : -1;
  } while (result != 0 && errno == EINTR);
  return connected_socket(fd, result == 0);
}

int cplatform_unix_connect_abstract(const char *name, unsigned long length) {
#ifdef __linux__
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
    result = close_on_exec(fd, 0) == 0 ? connect(fd, (struct sockaddr *)&address, size) : -1;
  } while (result != 0 && errno == EINTR);
  return connected_socket(fd, result == 0);
#else
  (void)name;
  (void)length;
  errno = ENOTSUP;
  return -1;
#endif
}

int cplatform_unix_accept(int fd) {
  int client;
  do {
    client = accept(fd, NULL, NULL);
  } while (client < 0 && errno == EINTR);
  if (client < 0) return -1;
  return connected_socket(client, close_on_exec(client, 1) == 0);
}

int cplatform_peer_uid(int fd, unsigned int *uid) {
#ifdef __linux__
  struct ucred credentials;
  socklen_t length = sizeof credentials;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
  if (length != sizeof credentials) {
    errno = EINVAL;
    return -1;
  }
  *uid = (unsigned int)credentials.uid;
  return 0;
#else
  uid_t user;
  gid_t group;
  if (getpeereid(fd, &user, &group) != 0) return -1;
  *uid = (unsigned int)user;
  return 0;
#endif
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

int cplatform_folder_watch(const char *folder) {
#ifdef __linux__
  int fd = inotify_init1(IN_CLOEXEC);
  if (fd < 0) return -1;
  if (inotify_add_watch(fd, folder, IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR) < 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
#else
  (void)folder;
  errno = ENOSYS;
  return -1;
#endif
}

int cplatform_folder_watch_read(int fd, const char *name) {
#ifdef __linux__
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
#else
  (void)fd;
  (void)name;
  errno = ENOSYS;
  return -1;
#endif
}
