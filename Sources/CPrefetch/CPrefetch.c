// The header's one function is `static inline`: this file only gives the target a source file.
#include "CPrefetch.h"
