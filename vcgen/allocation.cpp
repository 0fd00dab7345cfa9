// `new int[n]` (PVL, as VerCors): a fresh array of length n whose cells hold 0, with
// write permission to every cell. The type checker allows it only as the whole value
// of a local variable's declaration or assignment, outside parallel blocks and
// kernels, so it is a statement here.
#include "vcgen/executor.h"
#include "vcgen/expr_encoder.h"

namespace kprove::vcgen {

using namespace term;

T Executor::allocate(const ir::Expr &alloc, State &st) {
  ExprEncoder enc(vc_, st);
  T size = enc.encode(*alloc.args[0]);
  enc.require(le(intConst(0), size), DiagCode::ArraySize, alloc.args[0]->range,
              "the size of the new array may be negative");
  T ref = vc_.freshVar("new", Sort::Ref);
  // Fresh memory (docs/soundness.md): not null, and no part of this state holds any
  // permission to it, so it aliases no array the method can read or write.
  st.assume(neq(ref, nullRef()));
  st.assume(eq(lengthOf(ref), size));
  T i = var("i$", Sort::Int);
  st.mask = vc_.nameMask(st, st.mask); // a pattern may not contain a store
  T before = select(st.mask, ref, i);
  st.assume(forall({{"i$", Sort::Int}}, eq(before, realConst(0, 1)), {{before}}));

  // The new cells: write permission, value 0; every other cell is unchanged.
  T r = var("r$", Sort::Ref);
  T fresh = land({eq(r, ref), le(intConst(0), i), lt(i, size)});
  T mask = vc_.freshVar("mask", Sort::Mask);
  T heap = vc_.freshVar("heap", Sort::Heap);
  T m = select(mask, r, i), h = select(heap, r, i);
  st.assume(forall({{"r$", Sort::Ref}, {"i$", Sort::Int}},
                   eq(m, ite(fresh, realConst(1, 1), select(st.mask, r, i))), {{m}}));
  st.assume(forall({{"r$", Sort::Ref}, {"i$", Sort::Int}},
                   eq(h, ite(fresh, intConst(0), select(st.heap, r, i))), {{h}}));
  st.mask = mask;
  st.heap = heap;
  return ref;
}

} // namespace kprove::vcgen
