// C's integer model over SMT's mathematical integers (docs/language.md §11.2): a
// value of an N-bit C type is an Int in its range; unsigned results and narrowing
// conversions wrap (an exact `mod 2^N`), signed overflow is an obligation of the
// caller (undefined behaviour in C). Bit operations act on two's complement
// representations; how they are encoded is in docs/language.md §11.2 and
// docs/performance.md.
#pragma once

#include "logic/ir.h"
#include "logic/term.h"
#include "vcgen/state.h"
#include "vcgen/vc_context.h"

#include <map>
#include <string>
#include <vector>

namespace kprove::vcgen {

// Every dimension's global size (groups x local size) is at most INT_MAX in C's
// default mode, so thread ids fit an int (docs/soundness.md, "launch sizes").
inline constexpr int64_t kMaxGlobalSize = 2147483647;

// The bounds of a bounded type, as terms (2^64 does not fit an int64 literal).
term::T minOf(ir::IntType t);
term::T maxOf(ir::IntType t);
term::T inRange(const term::T &x, ir::IntType t);
// 2^bits as a term.
term::T pow2Const(unsigned bits);
// The value of `x` (any integer) converted to `t`: `x` itself when it fits, else
// wrapped modulo 2^bits (into [0, 2^bits) or, for signed types, two's complement).
term::T wrapTo(const term::T &x, ir::IntType t);
// Whether every value of `from` is a value of `to` (so converting is the identity).
bool fitsIn(ir::IntType from, ir::IntType to);

// C's / and % (truncating toward zero) on integers; the divisor is nonzero.
term::T truncDiv(const term::T &a, const term::T &b);
term::T truncMod(const term::T &a, const term::T &b);

// 2^k for an integer k >= 0: a literal for a literal k, else the function pow2
// (uninterpreted; the facts it needs come from bitFacts).
term::T pow2(const term::T &k);

// The exact value of `a op b` (op one of '&', '|', '^') on integers in two's
// complement of unbounded width, when it is a term of linear arithmetic: both
// operands literals, or one a literal mask 0, -1, 2^n, 2^n - 1, ~2^n or -2^n.
// nullptr otherwise (VcContext::bitOperation then uses an axiomatised function).
term::T exactBitOperation(char op, const term::T &a, const term::T &b);
// `isPow2(x)`: x is 2^n for some n >= 0. Asserted only of pow2(k) with k >= 0
// (pow2Facts), of n > 0 with (n & (n - 1)) == 0 (VcContext::maskOperation), and of
// halvings of a power of two (powerOfTwoLemmas), all true of its standard meaning.
term::T isPowerOfTwo(const term::T &x);
// Facts about a pow2(k) application: 1 <= pow2(k), pow2(k + 1) == 2 * pow2(k),
// isPow2(pow2(k)) for k >= 0.
std::vector<term::T> pow2Facts(const term::T &p);

// The C integer types of a body's variables (parameters and every declaration; the
// type checker made the names unique within it), for the range facts of havocked
// variables.
std::map<std::string, ir::IntType> intTypesOf(const std::vector<ir::Param> &params,
                                              const std::vector<ir::StmtPtr> &body);

// Memory holds a value of its element type in every cell (the reads assume it), so
// two pointer parameters of different integer element types are assumed to be
// different buffers (docs/soundness.md, "integers"): a contract that equates them
// is then contradictory, which the vacuity check reports.
void assumeTypedBuffersDistinct(const VcContext &vc, const std::vector<ir::Param> &params,
                                State &st);

} // namespace kprove::vcgen
