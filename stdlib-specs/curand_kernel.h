// kprove's <curand_kernel.h> (cuRAND's device API): the generator states and calls,
// which kprove's cuda.h already declares (a step reads and writes the state it is
// given; stdlib-specs/builtins.def, docs/language.md §11.3).
#include "cuda.h"
