// libFuzzer target: the PVL parser and type checker on arbitrary bytes. Any
// crash, sanitizer report or exception escaping is a bug; errors are expected.
#include "lang/pvl/pvl_parser.h"
#include "lang/typecheck.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace kprove;
  SourceManager sm;
  uint32_t file = sm.addFile("fuzz.pvl", std::string(reinterpret_cast<const char *>(data), size));
  DiagnosticEngine diags(sm);
  auto program = lang::parsePvl(sm, file, diags);
  if (program && !diags.hasInputErrors())
    lang::typecheck(*program, diags);
  return 0;
}
