// Where kprove finds its OpenCL/CUDA headers (stdlib-specs/: opencl.h, cuda.h).
// An installed kprove is relocatable: it looks next to its own executable first.
#pragma once

#include <string>
#include <vector>

namespace kprove::driver {

// The directories kprove tries when neither --stdlib nor KPROVE_STDLIB names one,
// in order: the installed layout relative to the running executable
// (`<exe dir>/<KPROVE_STDLIB_RELATIVE>`, e.g. bin/../share/kprove/stdlib-specs),
// then the source tree kprove was built from.
std::vector<std::string> stdlibCandidates();

// The first candidate that holds opencl.h and cuda.h; "" when none does.
std::string defaultStdlibDir();

// True when `dir` holds opencl.h and cuda.h.
bool isStdlibDir(const std::string &dir);

} // namespace kprove::driver
