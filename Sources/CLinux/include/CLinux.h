// Linux calls that glibc declares only with _GNU_SOURCE. Swift's Glibc module
// is built without it, and a header that defines it changes system types
// (fd_set) under the modules that include it; so these are wrapped in C
// functions compiled on their own (linux.c), and this header declares only them.
#ifndef TRAQT_CLINUX_H
#define TRAQT_CLINUX_H

/// An anonymous file in memory, closed on exec (memfd_create(2)); -1 with errno set on failure.
int traqt_memfd_create(const char *name);

/// An unnamed file in `folder` (open(2) with O_TMPFILE), write-only and closed
/// on exec: it has no name until linked, so a process killed while writing it
/// leaves nothing behind. -1 with errno set where the filesystem does not support it.
int traqt_open_unnamed(const char *folder, unsigned int mode);

/// Gives the unnamed file open as `descriptor` the name `path` (linkat(2)
/// through /proc/self/fd, which needs no privilege).
int traqt_link_unnamed(int descriptor, const char *path);

/// Makes this process the child subreaper of its descendants (prctl(2)
/// PR_SET_CHILD_SUBREAPER): one whose parent ends becomes its child, not
/// init's, even in a session of its own. 0, or -1 with errno set.
int traqt_become_child_subreaper(void);

#endif
