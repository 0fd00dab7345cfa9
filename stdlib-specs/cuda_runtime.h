// kprove's <cuda_runtime.h> (the CUDA runtime header): kernels include it for the vector types and
// their make_ functions, which kprove's cuda.h already declares (vector_types.h).
#include "cuda.h"
