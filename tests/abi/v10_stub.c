/* A stand-in for libnqueens 1.0 to link the 1.0 program against: 1.0's
 * soname and calls, and no symbol versions, as 1.0's library had, so the
 * program asks for every call unversioned, as a program built in 1.0's
 * day does. Never run: the program runs against the current library. */
#include <stdlib.h>

#define NQ_V10(name)         \
    void name(void);         \
    void name(void) { abort(); }
#include "v10_calls.h"
