// libFuzzer target: the whole pipeline (parse, type-check, VC generation, Z3 with
// a 200 ms timeout) on small programs. Inputs over 2 KB are skipped to keep each
// run short. Any crash or sanitizer report is a bug.
#include "lang/pvl/pvl_parser.h"
#include "lang/typecheck.h"
#include "prover/prover.h"
#include "vcgen/vcgen.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace kprove;
  if (size > 2048)
    return 0;
  SourceManager sm;
  uint32_t file = sm.addFile("fuzz.pvl", std::string(reinterpret_cast<const char *>(data), size));
  DiagnosticEngine diags(sm);
  auto program = lang::parsePvl(sm, file, diags);
  if (!program || diags.hasInputErrors() || !lang::typecheck(*program, diags))
    return 0;
  vcgen::VcResult vcs = vcgen::generate(*program, diags);
  if (diags.hasInputErrors())
    return 0;
  auto prover = prover::makeZ3Prover({200, 0, 200000});
  size_t n = 0;
  for (const vcgen::Obligation &ob : vcs.obligations) {
    if (++n > 40)
      break;
    prover->check(ob.query);
  }
  return 0;
}
