// The PVL front end: parses VerCors-style PVL (methods, pure functions, classes whose
// members are flattened, par blocks, barriers) and the seed's `kernel NAME { ... }`
// syntax into the kernel IR.
#pragma once

#include "logic/diagnostics.h"
#include "logic/ir.h"
#include "logic/source.h"

#include <cstdint>
#include <optional>

namespace kprove::lang {

// Parses file `fileId` of `sm`. On a syntax error reports exactly one `parse`
// diagnostic (at the furthest position the parser reached) and returns nullopt; on
// unsupported constructs (types such as seq<int>, class fields) reports `unsupported`
// diagnostics and returns nullopt. Never throws. The result is not yet type checked
// (see lang/typecheck.h): `Expr::type` is Unknown everywhere.
std::optional<ir::Program> parsePvl(const SourceManager &sm, uint32_t fileId,
                                    DiagnosticEngine &diags);

// The content of one annotation comment of a C kernel (`/*@ ... @*/` or `//@ ...`):
// clauses first, then statements (assert, assume). The spec language is PVL's
// expression language plus, in these comments only, `&a[i]` as a location,
// `x.y` names (`blockDim.x`) and the backslash names `\\pointer_length(p)`,
// `\\pointer_index`, `\\pointer`, `\\shared_mem_size(s)`, `\\gtid`, `\\ltid` (left as
// calls and names for the C front end to resolve).
struct SpecComment {
  std::vector<ir::Clause> clauses;
  std::vector<ir::StmtPtr> stmts;
  // Before a function: `given T x;` (Param::given set) and `yields T y;` clauses.
  std::vector<ir::Param> given, yields;
  // Alone right after a call: its `given {p = e}` and `yields {x = q}` arguments.
  std::vector<ir::GhostArg> callGiven, callYields;
  // File scope: ghost declarations (pure functions), `/*@ pure int f(int x) = e; @*/`.
  std::vector<ir::Method> functions;
  // `/*@ pure @*/` (possibly with clauses) before a C function: the function is pure.
  bool pure = false;
  bool ghostArgsOnly() const { return !callGiven.empty() || !callYields.empty(); }
};

// Parses [begin, end) of file `fileId` (the text between `/*@` and `@*/`). On error
// reports one `parse` (or `unsupported`) diagnostic and returns nullopt.
std::optional<SpecComment> parseSpecComment(const SourceManager &sm, uint32_t fileId,
                                            uint32_t begin, uint32_t end, DiagnosticEngine &diags);

} // namespace kprove::lang
