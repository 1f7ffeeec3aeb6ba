#ifndef POMO_CPLATFORM_H
#define POMO_CPLATFORM_H

/// The few system calls Swift's Glibc module does not expose (they need _GNU_SOURCE or are
/// Linux-only), and those whose types differ between systems. Swift code reaches them only
/// through the PomoPlatform target. cplatform.c holds what every system shares;
/// cplatform_linux.c and cplatform_macos.c what differs.

/// A timer on the clock that keeps running during suspend, so a wait ends on time even
/// across a laptop sleep. Returns a file descriptor for poll(2), or -1 where unsupported.
int cplatform_wake_timer_create(void);

/// Arms the timer to fire at an absolute time on that clock, in nanoseconds.
int cplatform_wake_timer_set(int fd, long long nanoseconds);

/// Reads and discards the timer's expiration count after it fired.
void cplatform_wake_timer_drain(int fd);

/// Nanoseconds on the clock that runs during suspend (CLOCK_BOOTTIME on Linux).
long long cplatform_boot_nanoseconds(void);

/// Nanoseconds on the clock that stops during suspend (CLOCK_MONOTONIC on Linux).
long long cplatform_awake_nanoseconds(void);

#include <spawn.h>

/// Makes a spawned child close every descriptor from `lowest` up, so helpers never hold
/// the parent's pipes open (which would keep a reader of pomo's output waiting).
int cplatform_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// posix_spawn's flag for starting the child in a new session (0 where unsupported).
short cplatform_spawn_setsid_flag(void);

/// Saves the terminal's current settings and, should pomo crash or quit (SIGSEGV, SIGBUS, SIGILL,
/// SIGTRAP, SIGABRT, SIGFPE: a Swift runtime error among them), puts them back and shows the
/// cursor before the crash goes on. The only global state pomo has, because a signal handler
/// can reach nothing else.
void cplatform_guard_terminal(int fd);

/// Turns `signal_number` into one byte (its number) written to `fd`, the write end of a
/// non-blocking pipe, from a plain signal handler installed before this returns, so no
/// signal is lost between start-up and the first poll. One pipe per process (a handler
/// can reach nothing but global state).
int cplatform_forward_signal(int signal_number, int fd);

/// Gives a forwarded signal its default action back.
void cplatform_stop_forwarding(int signal_number);

/// Blocks (`hold` non-zero) or unblocks the signals a session handles (SIGINT, SIGTERM, SIGHUP,
/// SIGTSTP) in the calling thread. Held from the first moment of the process until the session's
/// handlers are in place (or the command turns out not to run one), a signal that arrives
/// meanwhile waits, pending, and is delivered the moment it is unblocked.
int cplatform_hold_session_signals(int hold);

/// Stops guarding (the terminal was restored the ordinary way).
void cplatform_unguard_terminal(void);

/// Starts `path` (a full path) with `argv` and `envp`, stdio on /dev/null (stdin on `input`
/// when it is a descriptor, not -1), in a process group of its own, under a small watchdog
/// process that kills the whole group after `seconds` even when pomo has exited by then.
/// Returns the watchdog's pid (reap it), or -1.
int cplatform_spawn_with_deadline(const char *path, char *const argv[], char *const envp[], int seconds, int input);

/// Starts `path` (a full path) with `argv` and `envp`, stdout on `output` and stdin and
/// stderr on /dev/null, bound to this process: a small guard process leads a process group of
/// its own, starts the program in it, and exits with the program's status (128+N when a
/// signal N ended it). Should this process die first (killed, even by SIGKILL), the guard
/// kills the whole group at once, so nothing the program started outlives pomo to act after
/// it. Returns the guard's pid (reap it; kill its group to end the program), or -1.
int cplatform_spawn_bound(const char *path, char *const argv[], char *const envp[], int output);

/// Binds a new Unix stream socket (non-blocking, close-on-exec) to `path`, gives the socket
/// file `mode`, and listens. Returns the descriptor, or -1 with errno set (ENAMETOOLONG when
/// the path does not fit a socket address).
int cplatform_unix_listen(const char *path, unsigned int mode, int backlog);

/// Connects a new Unix stream socket (blocking, close-on-exec) to `path`. Returns the
/// descriptor, or -1 with errno set (ENOENT, ECONNREFUSED, EACCES...).
int cplatform_unix_connect(const char *path);

/// Connects a new Unix stream socket (blocking, close-on-exec) to the abstract socket `name`
/// of `length` bytes (Linux; the name may hold any byte, NUL too). Returns the descriptor, or
/// -1 with errno set (ENOTSUP where there are no abstract sockets).
int cplatform_unix_connect_abstract(const char *name, unsigned long length);

/// Accepts a connection as a non-blocking, close-on-exec descriptor; -1 with errno set
/// (EAGAIN when none waits).
int cplatform_unix_accept(int fd);

/// The user id of the process at the other end of a connected Unix socket (SO_PEERCRED on
/// Linux, getpeereid on Darwin). 0 on success, -1 with errno set.
int cplatform_peer_uid(int fd, unsigned int *uid);

/// Sends without blocking and without SIGPIPE; the bytes sent, or -1 with errno set.
long cplatform_send(int fd, const void *bytes, unsigned long count);

/// Starts a thread running `entry(argument)`; its handle goes to `handle`. 0, or an error
/// number. One spelling on every system: pthread_t is a number on Linux and a pointer on macOS.
int cplatform_thread_start(void *(*entry)(void *), void *argument, unsigned long long *handle);

/// Waits for the thread to end (pthread_join). 0, or an error number.
int cplatform_thread_join(unsigned long long handle);

/// Lets the thread end on its own (pthread_detach). 0, or an error number.
int cplatform_thread_detach(unsigned long long handle);

/// Watches `folder` for files created in it or moved into it (inotify on Linux). Returns a
/// descriptor to read with `cplatform_folder_watch_read`, or -1 where unsupported.
int cplatform_folder_watch(const char *folder);

/// Reads the events waiting on a folder watch, blocking until there is one: 1 when one of
/// them names `name`, 2 when the folder itself went away, 0 for others, -1 on error.
int cplatform_folder_watch_read(int fd, const char *name);

/// The most descriptors one read takes with `cplatform_receive_fds` (D-Bus's own limit for
/// one message is 16 on the reference daemon; more is refused as truncated).
#define CPLATFORM_MAX_FDS 64

/// Reads what waits on the Unix socket `fd` (non-blocking), at most `count` bytes, and the
/// descriptors that came with them (SCM_RIGHTS), each made close-on-exec as it arrives
/// (MSG_CMSG_CLOEXEC; at once after, where the system has no such flag). Up to
/// CPLATFORM_MAX_FDS go to `fds`, their number to `fd_count`; `truncated` is set when the
/// kernel or this limit dropped some (those are closed). Returns the bytes read, 0 at the
/// end, or -1 with errno set.
long cplatform_receive_fds(int fd, void *bytes, unsigned long count, int *fds, int *fd_count, int *truncated);

/// Sends `bytes` with the descriptors `fds` (SCM_RIGHTS), without blocking and without
/// SIGPIPE; the bytes sent, or -1 with errno set.
long cplatform_send_fds(int fd, const void *bytes, unsigned long count, const int *fds, int fd_count);

/// Whether `fd` is close-on-exec: 1, 0, or -1 with errno set (a closed descriptor).
int cplatform_is_close_on_exec(int fd);

/// Starts `path` (a full path) with `argv` and `envp`, stdout and stderr on /dev/null, reading
/// on stdin `head` once and then `loop` over and over with no gap, for as long as it runs: a
/// sound that never ends, fed at `bytes_per_second` (a second ahead of the clock, so a player
/// that reads as fast as it is fed burns no CPU). A small guard process, which leads a process
/// group of its own, starts the program in it and feeds it; should this process die (killed,
/// even by SIGKILL), the guard kills the whole group at once, and the program dies with the
/// guard. Returns the guard's pid (kill its group to end the sound; reap it), or -1.
int cplatform_spawn_looping(
  const char *path, char *const argv[], char *const envp[], const void *head, long head_length, const void *loop,
  long loop_length, long bytes_per_second);

/// Takes back `pid`, a child that leads a process group of its own, once it has exited,
/// killing first (SIGKILL) what it left in its group, such as a child of a player that ignored
/// SIGTERM: while the leader is not yet taken back its pid, and so the group's id, cannot be
/// handed out again. Returns 1 when it had exited (taken back now), 0 while it runs, -1 when it
/// is not this process's child (someone else took it back).
int cplatform_reap_group(int pid);

#endif
