// Linux calls that glibc declares only with _GNU_SOURCE, which Swift's Glibc
// module does not define.
#ifndef TRAQT_CLINUX_SHIM_H
#define TRAQT_CLINUX_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

/// An anonymous file in memory, closed on exec (memfd_create(2)); -1 with errno set on failure.
static inline int traqt_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}

/// An unnamed file in `folder` (open(2) with O_TMPFILE): it has no name until
/// linked, so a process killed while writing it leaves nothing behind. -1 with
/// errno set where the filesystem does not support it.
static inline int traqt_open_unnamed(const char *folder, mode_t mode) {
    return open(folder, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
}

/// Gives the unnamed file open as `descriptor` the name `path` (linkat(2)
/// through /proc/self/fd, which needs no privilege).
static inline int traqt_link_unnamed(int descriptor, const char *path) {
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", descriptor);
    return linkat(AT_FDCWD, proc, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
}

#endif
