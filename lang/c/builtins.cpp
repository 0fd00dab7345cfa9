// The table of OpenCL and CUDA builtins kprove knows, compiled in from the data in
// stdlib-specs/builtins.def (one X-macro line per builtin). The Clang lowering looks
// every call of a function declared outside the main file up here: no entry (or a
// Rejected one) is `unsupported`.
#include "lang/c/c_frontend.h"

#include <algorithm>

namespace kprove::lang {

const std::vector<Builtin> &builtinTable() {
  static const std::vector<Builtin> table = {
#define KPROVE_BUILTIN(NAME, DIALECT, KIND, MODEL, EXAMPLE)                                        \
  Builtin{NAME, CDialect::DIALECT, BuiltinKind::KIND, MODEL, EXAMPLE},
#include "stdlib-specs/builtins.def"
#undef KPROVE_BUILTIN
  };
  return table;
}

const Builtin *findBuiltin(std::string_view name, CDialect dialect) {
  const std::vector<Builtin> &t = builtinTable();
  auto it = std::find_if(t.begin(), t.end(),
                         [&](const Builtin &b) { return b.name == name && b.dialect == dialect; });
  return it == t.end() ? nullptr : &*it;
}

bool isThreadIdBuiltin(std::string_view name) {
  const std::vector<Builtin> &t = builtinTable();
  return std::any_of(t.begin(), t.end(), [&](const Builtin &b) {
    return b.name == name && b.kind == BuiltinKind::ThreadId;
  });
}

} // namespace kprove::lang
