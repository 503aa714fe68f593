#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "CLinux.h"

int traqt_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}

int traqt_open_location(int folder, const char *name, int flags) {
    return openat(folder, name, O_PATH | O_NOFOLLOW | O_CLOEXEC | flags);
}

int traqt_reopen(int location, int flags) {
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", location);
    return open(proc, flags | O_CLOEXEC);
}

int traqt_open_unnamed(int folder, unsigned int mode) {
    return openat(folder, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, (mode_t)mode);
}

int traqt_link_unnamed(int descriptor, int folder, const char *name) {
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", descriptor);
    return linkat(AT_FDCWD, proc, folder, name, AT_SYMLINK_FOLLOW);
}

int traqt_become_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}
