#ifndef TRAQT_CSQLITE_SHIM_H
#define TRAQT_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
