// libFuzzer target: the annotation parser of C kernels (`/*@ ... @*/` contents)
// and the builtin resolution on arbitrary bytes. Any crash, sanitizer report or
// exception escaping is a bug; errors are expected.
#include "lang/c/c_frontend.h"
#include "lang/pvl/pvl_parser.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace kprove;
  SourceManager sm;
  uint32_t file = sm.addFile("fuzz.cl", std::string(reinterpret_cast<const char *>(data), size));
  DiagnosticEngine diags(sm);
  auto spec = lang::parseSpecComment(sm, file, 0, static_cast<uint32_t>(size), diags);
  if (!spec)
    return 0;
  // Resolve the builtins as the C front end would, in a kernel's contract.
  ir::Program p;
  ir::GpuKernel k;
  k.contract = spec->clauses;
  k.body = spec->stmts;
  p.gpuKernels.push_back(std::move(k));
  lang::resolveGpuBuiltins(p, diags);
  return 0;
}
