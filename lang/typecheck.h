// Name resolution and type checking of the kernel IR, shared by all front ends.
#pragma once

#include "logic/diagnostics.h"
#include "logic/ir.h"

namespace kprove::lang {

// Resolves names (parameters, locals, quantifier binders, par iteration variables,
// the reserved kernel names tid/gid/lid/gsize/tcount and kernel arrays), sets
// `Expr::type` on every expression and reports `type` errors (and `unsupported` for
// the few valid-but-unmodelled forms). Rewrites `x = m(...)` and `T x = m(...)` for a
// non-pure method m into StmtKind::Call with target x. Returns false on any error.
bool typecheck(ir::Program &p, DiagnosticEngine &diags);

} // namespace kprove::lang
