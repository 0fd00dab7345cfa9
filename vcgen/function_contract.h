// The preconditions of pure functions as permissions and facts: what a call must
// hold, and the footprint a function over the heap may read (docs/language.md §7).
//
// A pure function whose body or contract reads array memory takes the heap as a
// hidden first argument. Its value may depend only on the cells its precondition
// gives it permission to (its footprint): the body and contract are checked to
// read no other cell, and a frame axiom says that two heaps agreeing on the
// footprint give the same value (vcgen/functions.cpp).
#pragma once

#include "logic/ir.h"
#include "vcgen/expr_encoder.h"

#include <vector>

namespace kprove::vcgen {

// One part of a precondition: a permission to a cell, or a fact, for arbitrary
// values of the skolem constants of the \forall* binders around it, under guards
// (the binders' conditions and the conditions of `==>` and `?:` around it).
struct ContractAtom {
  bool perm = false;
  std::vector<term::T> skolems;
  std::vector<term::T> guards;
  term::T ref, index, amount; // perm
  term::T formula;            // fact
  SourceRange range;
};

// The atoms of the `requires` and `context` clauses of `fn`, encoded by `enc`
// (its checks, reads and footprint apply to the parts it evaluates).
std::vector<ContractAtom> preconditionAtoms(const ir::Method &fn, ExprEncoder &enc);

// The facts among the atoms, as one formula (binders quantified).
term::T factsOf(const std::vector<ContractAtom> &atoms);

// Whether cell (ref, index) may be in the footprint of the atoms' permissions.
// An over-approximation: `\forall* int k; c(k); Perm(a[k], p)` is exactly the
// cells a[k] with c(k) and p > 0; a location of another shape under binders is
// widened to its whole array (or the whole heap when the array depends on them).
term::T footprintContains(const std::vector<ContractAtom> &atoms, const term::T &ref,
                          const term::T &index);

// Whether the atoms' permissions mention no memory (their locations, amounts and
// conditions do not read the heap `heap`).
bool footprintIndependentOf(const std::vector<ContractAtom> &atoms, const term::T &heap);

// The obligations of a call of pure function `fn` with arguments `args` (the
// source arguments, without the heap) in `enc`'s state: its precondition's facts
// hold (fn.pre) and its permissions are held (any positive amount: a function
// only reads), or, inside a pure function, lie in that function's footprint.
void checkCallPrecondition(ExprEncoder &enc, const ir::Method &fn, const std::vector<term::T> &args,
                           SourceRange callRange);

} // namespace kprove::vcgen
