#include "vcgen/modifies.h"

namespace kprove::vcgen {
namespace {

void collect(const std::vector<ir::StmtPtr> &body, ModifiesSet &out) {
  for (const ir::StmtPtr &s : body) {
    switch (s->kind) {
    case ir::StmtKind::Assign:
    case ir::StmtKind::Call:
    case ir::StmtKind::Atomic:
      if (s->target && s->target->kind == ir::ExprKind::Var) {
        out.vars.insert(s->target->name);
        out.assignments.push_back(s.get());
      }
      if (s->kind == ir::StmtKind::Call)
        out.hasCall = true;
      if (s->kind == ir::StmtKind::Atomic && !s->args.empty() && s->args[0] &&
          !s->args[0]->args.empty() && s->args[0]->args[0]->kind == ir::ExprKind::Var)
        out.atomicArrays.insert(s->args[0]->args[0]->name);
      break;
    case ir::StmtKind::Barrier:
      out.hasBarrier = true;
      break;
    default:
      break;
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
