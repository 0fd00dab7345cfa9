// VerCors's sequences (docs/language.md §5, "Sequences"): values of sort (Seq E) in
// SMT's sequence theory. Every partial operation states its well-definedness as an
// obligation (code bounds), like an array access: an index in [0, |s|), the head
// and tail of a non-empty sequence, slice bounds 0 <= lo <= hi <= |s|. The solver's
// operations are total (seq.nth outside the bounds is some unspecified value), so
// the value of an expression whose obligation holds is the mathematical one.
#include "vcgen/expr_encoder.h"

namespace kprove::vcgen {

using namespace term;

T ExprEncoder::encodeSeq(const ir::Expr &e) {
  using ir::SeqOp;
  auto within = [](const T &i, const T &len) { return land(le(intConst(0), i), lt(i, len)); };
  switch (e.seqOp) {
  case SeqOp::Length:
    return seqLen(encode(*e.args[0]));
  case SeqOp::Index: {
    T s = encode(*e.args[0]), i = encode(*e.args[1]);
    require(within(i, seqLen(s)), DiagCode::Bounds, e.args[1]->range,
            "the sequence index may be out of bounds");
    return seqNth(s, i);
  }
  case SeqOp::Head:
  case SeqOp::Tail: {
    T s = encode(*e.args[0]);
    require(lt(intConst(0), seqLen(s)), DiagCode::Bounds, e.range,
            std::string("the sequence may be empty (") + ir::seqOpName(e.seqOp) +
                " needs an element)");
    if (e.seqOp == SeqOp::Head)
      return seqNth(s, intConst(0));
    return seqExtract(s, intConst(1), sub(seqLen(s), intConst(1)));
  }
  case SeqOp::Literal: {
    T out = seqEmpty(sortOf(e.type));
    for (const ir::ExprPtr &x : e.args) {
      T v = encode(*x);
      if (v->sort == Sort::Int && e.type.element() == ir::Type::Frac)
        v = toReal(v); // `seq<frac>{1}`
      out = seqConcat(out, seqUnit(v));
    }
    return out;
  }
  case SeqOp::Concat:
    return seqConcat(encode(*e.args[0]), encode(*e.args[1]));
  case SeqOp::Cons: {
    T x = encode(*e.args[0]);
    T s = encode(*e.args[1]);
    if (x->sort == Sort::Int && s->sort.element() == Sort::Real)
      x = toReal(x);
    return seqConcat(seqUnit(x), s);
  }
  case SeqOp::Slice: {
    T s = encode(*e.args[0]), lo = encode(*e.args[1]), hi = encode(*e.args[2]);
    require(land({le(intConst(0), lo), le(lo, hi), le(hi, seqLen(s))}), DiagCode::Bounds, e.range,
            "the slice bounds may be out of range (0 <= lo <= hi <= |s| is needed)");
    return seqExtract(s, lo, sub(hi, lo));
  }
  case SeqOp::Update: {
    T s = encode(*e.args[0]), i = encode(*e.args[1]), v = encode(*e.args[2]);
    if (v->sort == Sort::Int && s->sort.element() == Sort::Real)
      v = toReal(v);
    require(within(i, seqLen(s)), DiagCode::Bounds, e.args[1]->range,
            "the sequence index may be out of bounds");
    T before = seqExtract(s, intConst(0), i);
    T after = seqExtract(s, add(i, intConst(1)), sub(sub(seqLen(s), i), intConst(1)));
    return seqConcat(seqConcat(before, seqUnit(v)), after);
  }
  }
  return seqEmpty(sortOf(e.type));
}

} // namespace kprove::vcgen
