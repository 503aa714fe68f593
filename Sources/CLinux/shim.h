// Linux calls that glibc declares only with _GNU_SOURCE, which Swift's Glibc
// module does not define.
#ifndef TRAQT_CLINUX_SHIM_H
#define TRAQT_CLINUX_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sys/mman.h>

/// An anonymous file in memory, closed on exec (memfd_create(2)); -1 with errno set on failure.
static inline int traqt_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}

#endif
