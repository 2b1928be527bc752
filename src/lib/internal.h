/* Transitional: every module header at once, for the files that still
 * include this one (engines.c, mitm_engine.c). Other files include the
 * headers of the modules they use. */
#ifndef NQ_INTERNAL_H
#define NQ_INTERNAL_H

#include "classic.h"
#include "engines.h"
#include "kernel.h"
#include "plan.h"
#include "symmetry.h"
#include "util.h"

#endif
