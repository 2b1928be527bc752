/* PLACEHOLDER: hwloc thread placement is being written (issue 5). */
#include "internal.h"
