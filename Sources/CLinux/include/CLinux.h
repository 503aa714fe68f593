// Linux calls that glibc declares only with _GNU_SOURCE. Swift's Glibc module
// is built without it, and a header that defines it changes system types
// (fd_set) under the modules that include it; so these are wrapped in C
// functions compiled on their own (linux.c), and this header declares only them.
#ifndef TRAQT_CLINUX_H
#define TRAQT_CLINUX_H

/// An anonymous file in memory, closed on exec (memfd_create(2)); -1 with errno set on failure.
int traqt_memfd_create(const char *name);

/// `name` in the folder open as `folder`, opened with O_PATH and O_NOFOLLOW (and
/// `flags`, such as O_DIRECTORY), closed on exec: a handle on the thing itself, a
/// symlink included, that reads and writes nothing. -1 with errno set on failure.
int traqt_open_location(int folder, const char *name, int flags);

/// Opens what the O_PATH descriptor `location` names, with `flags` (through
/// /proc/self/fd): the same inode, however its path has changed since.
int traqt_reopen(int location, int flags);

/// An unnamed file in the folder open as `folder` (openat(2) with O_TMPFILE),
/// write-only and closed on exec: it has no name until linked, so a process killed
/// while writing it leaves nothing behind. -1 with errno set where the filesystem
/// does not support it.
int traqt_open_unnamed(int folder, unsigned int mode);

/// Gives the unnamed file open as `descriptor` the name `name` in the folder open
/// as `folder` (linkat(2) through /proc/self/fd, which needs no privilege).
int traqt_link_unnamed(int descriptor, int folder, const char *name);

/// Makes this process the child subreaper of its descendants (prctl(2)
/// PR_SET_CHILD_SUBREAPER): one whose parent ends becomes its child, not
/// init's, even in a session of its own. 0, or -1 with errno set.
int traqt_become_child_subreaper(void);

#endif
