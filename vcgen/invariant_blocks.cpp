// VerCors's shared invariants: `invariant NAME(I) { body }` and `atomic(NAME) { ... }`.
// The invariant block gives the resources of I away (checked to hold: inv.establish)
// while its body runs, and takes them back when it ends. An atomic block of it takes
// them for its body and gives them back (checked: inv.preserve). Atomic blocks of one
// invariant exclude each other, so a thread inside one holds I alone; the type
// checker rejects an atomic block inside another of the same invariant and barriers
// or par blocks inside an atomic block, which would break that exclusion.
#include "vcgen/executor.h"

#include <fmt/format.h>

namespace kprove::vcgen {

void Executor::execInvariantBlock(const ir::Stmt &s, State &st) {
  if (!s.value)
    return;
  // I must frame itself: it is inhaled into states that hold nothing else of it.
  res_.checkSelfFraming(*s.value, st);
  ExhaleBlame blame{DiagCode::InvEstablish,
                    DiagCode::InvEstablish,
                    fmt::format("the invariant '{}' when its block starts", s.name),
                    {}};
  blame.site = s.range;
  ResourceOptions reads;
  reads.reads = ReadCheck::Permission;
  res_.exhale(*s.value, st, blame, reads);
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
  ExhaleBlame blame{DiagCode::InvPreserve,
                    DiagCode::InvPreserve,
                    fmt::format("the invariant '{}' at the end of this atomic block", s.name),
                    {}};
  blame.site = s.range;
  ResourceOptions reads;
  reads.reads = ReadCheck::Permission;
  res_.exhale(*s.value, st, blame, reads);
}

} // namespace kprove::vcgen
