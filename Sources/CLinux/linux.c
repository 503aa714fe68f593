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

int traqt_open_unnamed(const char *folder, unsigned int mode) {
    return open(folder, O_TMPFILE | O_WRONLY | O_CLOEXEC, (mode_t)mode);
}

int traqt_link_unnamed(int descriptor, const char *path) {
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", descriptor);
    return linkat(AT_FDCWD, proc, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
}

int traqt_become_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}
