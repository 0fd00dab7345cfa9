// A deep copy of an IR expression, for passes that build new expressions from old
// ones (candidate invariants, access-history instrumentation): the copy shares no
// node with the original, so a later change to one never shows in the other.
#pragma once

#include "logic/ir.h"

#include <memory>

namespace kprove::ir {

inline ExprPtr cloneExpr(const ExprPtr &e) {
  if (!e)
    return e;
  auto c = std::make_shared<Expr>(*e);
  for (ExprPtr &a : c->args)
    a = cloneExpr(a);
  return c;
}

} // namespace kprove::ir
