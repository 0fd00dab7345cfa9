// VerCors's shared invariants: `invariant NAME(I) { body }` and `atomic(NAME) { ... }`.
// The invariant block gives the resources of I away (checked to hold: inv.establish)
// while its body runs, and takes them back when it ends. An atomic block of it takes
// them for its body and gives them back (checked: inv.preserve). Atomic blocks of one
// invariant exclude each other, so a thread inside one holds I alone; the type
// checker rejects an atomic block inside another of the same invariant and barriers
// or par blocks inside an atomic block, which would break that exclusion.
#include "vcgen/executor.h"
#include "vcgen/modifies.h"

#include <fmt/format.h>

namespace kprove::vcgen {

namespace {

// Hands the invariant's permissions back: it must hold with them (`what` says when).
void exhaleInvariant(ResourceEngine &res, const ir::Stmt &s, State &st, DiagCode code,
                     const std::string &what) {
  ExhaleBlame blame{code, code, fmt::format("the invariant '{}' {}", s.name, what), {}};
  blame.site = s.range;
  ResourceOptions reads;
  reads.reads = ReadCheck::Permission;
  res.exhale(*s.value, st, blame, reads);
}

void namesIn(const ir::Expr &e, std::set<std::string> &out) {
  if (e.kind == ir::ExprKind::Var)
    out.insert(e.name);
  for (const ir::ExprPtr &a : e.args)
    if (a)
      namesIn(*a, out);
}

} // namespace

void Executor::execInvariantBlock(const ir::Stmt &s, State &st) {
  if (!s.value)
    return;
  // The block's end, its atomic blocks and the barriers that suspend it all read I
  // in the state of their own: a variable of I assigned inside the block would make
  // them speak of other locations than the ones given away (red team: `Perm(a[k],
  // write)` given with k == 0, taken back with k == 1).
  std::set<std::string> named;
  namesIn(*s.value, named);
  for (const ModifiesSet::Assignment &a : modifiesOf(s.body).assignments)
    if (named.count(a.var)) {
      vc_.unsupported(a.stmt->range,
                      fmt::format("assigning '{}' inside the invariant block '{}', whose "
                                  "invariant names it",
                                  a.var, s.name));
      return;
    }
  // I must frame itself: it is inhaled into states that hold nothing else of it.
  res_.checkSelfFraming(*s.value, st);
  exhaleInvariant(res_, s, st, DiagCode::InvEstablish, "when its block starts");
  exec(s.body, st);
  if (st.dead)
    return;
  // Other threads' atomic blocks may have changed what I covers: I is all that is
  // known of it now.
  res_.havocUnowned(st, st.heap);
  res_.inhale(*s.value, st);
}

void Executor::execAtomicBlock(const ir::Stmt &s, State &st) {
  if (!s.value)
    return;
  // What other threads did since this thread last held I: only I is known.
  res_.havocUnowned(st, st.heap);
  res_.inhale(*s.value, st);
  exec(s.body, st);
  if (st.dead)
    return;
  exhaleInvariant(res_, s, st, DiagCode::InvPreserve, "at the end of this atomic block");
}

} // namespace kprove::vcgen
