// kprove's <vector_functions.h> (make_int2 and friends): kernels include it for the vector types and
// their make_ functions, which kprove's cuda.h already declares (vector_types.h).
#include "cuda.h"
