/* PLACEHOLDER: solution listing is being written (issue 3). */
#include "internal.h"
