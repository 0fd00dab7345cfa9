// The OpenCL / CUDA front end: reads a `.cl` or `.cu` file with Clang (libTooling),
// recovers the `/*@ ... @*/` and `//@` annotations with a preprocessor comment
// handler, parses them with the shared spec-language parser (lang/pvl), and lowers
// kernels and helper functions of a C subset to the kernel IR.
#pragma once

#include "logic/diagnostics.h"
#include "logic/ir.h"
#include "logic/source.h"

#include <cstdint>
#include <optional>
#include <string>

namespace kprove::lang {

enum class CDialect { OpenCL, Cuda };

struct CFrontendOptions {
  // Directory holding kprove's opencl.h and cuda.h (stdlib-specs/).
  std::string stdlibDir;
};

// Parses and lowers file `fileId`. Clang errors become `parse` diagnostics at their
// line; C constructs outside the modelled subset become `unsupported` diagnostics
// naming the construct. Returns nullopt when any error was reported.
std::optional<ir::Program> parseC(const SourceManager &sm, uint32_t fileId, CDialect dialect,
                                  const CFrontendOptions &opts, DiagnosticEngine &diags);

// Resolves the GPU builtins of a lowered program (lang/c/gpu_builtins.cpp): calls
// such as get_local_id(0), names such as threadIdx.x, \gtid and \ltid, and the
// pointer functions of the annotations, in kernels, contracts and helper functions.
// Records the dimensions each kernel uses. Reports `type` errors for bad uses.
void resolveGpuBuiltins(ir::Program &p, DiagnosticEngine &diags);

} // namespace kprove::lang
