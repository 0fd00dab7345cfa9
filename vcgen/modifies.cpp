#include "vcgen/modifies.h"

namespace kprove::vcgen {
namespace {

void collect(const std::vector<ir::StmtPtr> &body, ModifiesSet &out) {
  for (const ir::StmtPtr &s : body) {
    bool assigns = s->kind == ir::StmtKind::Assign || s->kind == ir::StmtKind::Call ||
                   s->kind == ir::StmtKind::Atomic;
    if (assigns && s->target && s->target->kind == ir::ExprKind::Var) {
      out.vars.insert(s->target->name);
      out.assignments.push_back({s.get(), s->target->name});
    }
    if (s->kind == ir::StmtKind::Call)
      for (const ir::GhostArg &y : s->yields)
        if (y.value && y.value->kind == ir::ExprKind::Var) {
          out.vars.insert(y.value->name);
          out.assignments.push_back({s.get(), y.value->name});
        }
    collect(s->body, out);
    collect(s->elseBody, out);
  }
}

} // namespace

ModifiesSet modifiesOf(const std::vector<ir::StmtPtr> &body) {
  ModifiesSet out;
  collect(body, out);
  return out;
}

} // namespace kprove::vcgen
