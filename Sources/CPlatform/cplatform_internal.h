#ifndef POMO_CPLATFORM_INTERNAL_H
#define POMO_CPLATFORM_INTERNAL_H

/// What the C files of CPlatform share, not seen by Swift. cplatform.c holds what is the same
/// on every system; cplatform_linux.c and cplatform_macos.c each define the `cplatform_os_`
/// functions (and the public ones that differ) for their system, and nothing on the other.

#include <sys/types.h>
#include <sys/un.h>

// From cplatform.c, for the system files.

/// Sleeps 20 ms: the step of a loop that waits for a child or a deadline (async-signal-safe).
void cplatform_pause(void);

/// Fills a Unix socket address with `path`; -1 with ENAMETOOLONG when it does not fit.
int cplatform_unix_address(const char *path, struct sockaddr_un *address);

/// Makes `fd` close-on-exec and, when `nonblocking`, non-blocking; -1 on failure.
int cplatform_close_on_exec(int fd, int nonblocking);

/// `fd` ready for use as a connected socket, or -1 (closed, errno kept) when `ok` is 0.
int cplatform_connected_socket(int fd, int ok);

/// Forks the guard of a program bound to `parent` (the caller): the parent gets the guard's
/// pid (or -1); the guard gets 0, set up as every guard is. It leads a process group of its
/// own, with signals at their defaults and none blocked; its whole group is killed (SIGKILL)
/// the moment `parent` dies (or at once, should it be gone already), and on SIGTERM too when
/// `term_kills_group`; stdin and stderr are /dev/null, stdout is `output` (or /dev/null when
/// below 0), and every other descriptor is closed. Only async-signal-safe calls follow in the
/// guard.
pid_t cplatform_fork_guard(pid_t parent, int output, int term_kills_group);

// From the system's file; each async-signal-safe, as the forked watchdog and guard call them.

/// Makes orphans of the calling process's descendants its children (Linux: a subreaper), so
/// it can reap them; nothing where the system cannot.
void cplatform_os_adopt_orphans(void);

/// Has the kernel send `signal_number` (0: none) when the parent dies; nothing where it cannot.
void cplatform_os_signal_when_parent_dies(int signal_number);

/// Waits for `program` to end and stores its status; where the kernel does not signal a
/// parent's death, also kills the group when `parent` is gone. 0, or -1 on error.
int cplatform_os_wait_bound(pid_t program, pid_t parent, int *status);

#endif
