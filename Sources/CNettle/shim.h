#ifndef TRAQT_CNETTLE_SHIM_H
#define TRAQT_CNETTLE_SHIM_H
#include <nettle/sha2.h>
#endif
