#define _GNU_SOURCE
#include "cplatform.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

/// Enough room for the descriptors one D-Bus message may carry in one read (the daemon's
/// own limit is 16 a message; a read never spans more than one message that carries any).
#define CPLATFORM_FDS_SPACE CMSG_SPACE(sizeof(int) * CPLATFORM_MAX_FDS)

long cplatform_receive_fds(int fd, void *bytes, unsigned long count, int *fds, int *fd_count, int *truncated) {
  union {
    char space[CPLATFORM_FDS_SPACE];
    struct cmsghdr align;
  } control;
  struct iovec part = {.iov_base = bytes, .iov_len = count};
  struct msghdr message;
  memset(&message, 0, sizeof message);
  message.msg_iov = &part;
  message.msg_iovlen = 1;
  message.msg_control = control.space;
  message.msg_controllen = sizeof control.space;
#ifdef MSG_CMSG_CLOEXEC
  int flags = MSG_DONTWAIT | MSG_CMSG_CLOEXEC;
#else
  int flags = MSG_DONTWAIT;
#endif
  ssize_t n;
  do {
    n = recvmsg(fd, &message, flags);
  } while (n < 0 && errno == EINTR);
  *fd_count = 0;
  *truncated = (message.msg_flags & MSG_CTRUNC) != 0;
  if (n < 0) return -1;
  for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
    int received = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
    for (int i = 0; i < received; i++) {
      int descriptor;
      memcpy(&descriptor, CMSG_DATA(header) + i * sizeof(int), sizeof descriptor);
#ifndef MSG_CMSG_CLOEXEC
      // No atomic close-on-exec here: set at once, before anything of pomo's can spawn.
      fcntl(descriptor, F_SETFD, FD_CLOEXEC);
#endif
      if (*fd_count < CPLATFORM_MAX_FDS) {
        fds[(*fd_count)++] = descriptor;
      } else {
        close(descriptor);
        *truncated = 1;
      }
    }
  }
  return (long)n;
}

long cplatform_send_fds(int fd, const void *bytes, unsigned long count, const int *fds, int fd_count) {
  if (fd_count < 0 || fd_count > CPLATFORM_MAX_FDS) {
    errno = EINVAL;
    return -1;
  }
  union {
    char space[CPLATFORM_FDS_SPACE];
    struct cmsghdr align;
  } control;
  memset(&control, 0, sizeof control);
  struct iovec part = {.iov_base = (void *)bytes, .iov_len = count};
  struct msghdr message;
  memset(&message, 0, sizeof message);
  message.msg_iov = &part;
  message.msg_iovlen = 1;
  if (fd_count > 0) {
    message.msg_control = control.space;
    message.msg_controllen = CMSG_SPACE(sizeof(int) * fd_count);
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int) * fd_count);
    memcpy(CMSG_DATA(header), fds, sizeof(int) * fd_count);
  }
#ifdef MSG_NOSIGNAL
  int flags = MSG_NOSIGNAL | MSG_DONTWAIT;
#else
  int flags = MSG_DONTWAIT;
#endif
  ssize_t n;
  do {
    n = sendmsg(fd, &message, flags);
  } while (n < 0 && errno == EINTR);
  return (long)n;
}

int cplatform_is_close_on_exec(int fd) {
  int flags = fcntl(fd, F_GETFD);
  return flags < 0 ? -1 : (flags & FD_CLOEXEC) != 0;
}
