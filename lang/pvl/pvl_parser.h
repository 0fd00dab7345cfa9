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

} // namespace kprove::lang
