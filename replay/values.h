// The values of a replay (replay/): exact integers (`__int128`) with C's integer
// semantics, exact fractions and permission amounts, and the value of an
// expression. Private to replay/.
#pragma once

#include "logic/ir.h"

#include <map>
#include <string>

namespace kprove::replay::detail {

using i128 = __int128;

// The run stops: the reason is the outcome's notReplayable.
struct NotReplayable {
  std::string why;
};
// The inputs do not meet an assumption (the precondition, an assume).
struct Infeasible {
  std::string why;
};
// A failure after which the run cannot go on (undefined behaviour, divergence).
struct Stop {};

inline std::string str(i128 v) {
  if (v == 0)
    return "0";
  bool neg = v < 0;
  unsigned __int128 u =
      neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string s;
  while (u) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  return neg ? "-" + s : s;
}

inline i128 gcd(i128 a, i128 b) {
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b) {
    i128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

inline constexpr i128 kRatLimit = i128(1) << 62;

// An exact fraction.
struct Rat {
  i128 n = 0, d = 1;
  static Rat of(i128 n, i128 d = 1) {
    if (d < 0) {
      n = -n;
      d = -d;
    }
    i128 g = gcd(n, d);
    if (g > 1) {
      n /= g;
      d /= g;
    }
    if (n > kRatLimit || n < -kRatLimit || d > kRatLimit)
      throw NotReplayable{"a permission fraction beyond 62 bits"};
    return {n, d};
  }
};
inline Rat operator+(Rat a, Rat b) {
  return Rat::of(a.n * b.d + b.n * a.d, a.d * b.d);
}
inline Rat operator-(Rat a, Rat b) {
  return Rat::of(a.n * b.d - b.n * a.d, a.d * b.d);
}
inline Rat operator*(Rat a, Rat b) {
  return Rat::of(a.n * b.n, a.d * b.d);
}
inline int cmp(Rat a, Rat b) {
  i128 l = a.n * b.d, r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
}
inline std::string str(Rat r) {
  return r.d == 1 ? str(r.n) : str(r.n) + "/" + str(r.d);
}

// A permission amount w + e * read, `read` being one fixed fraction that may be
// arbitrarily small (vcgen: some value in (0, 1)): compared lexicographically.
struct Amount {
  Rat w, e;
};
inline Amount operator+(const Amount &a, const Amount &b) {
  return {a.w + b.w, a.e + b.e};
}
inline Amount operator-(const Amount &a, const Amount &b) {
  return {a.w - b.w, a.e - b.e};
}
inline int cmp(const Amount &a, const Amount &b) {
  int c = cmp(a.w, b.w);
  return c ? c : cmp(a.e, b.e);
}
inline const Amount kNone{}, kFull{Rat::of(1), Rat::of(0)};
inline bool positive(const Amount &a) {
  return cmp(a, kNone) > 0;
}
inline std::string str(const Amount &a) {
  if (a.e.n == 0)
    return a.w.n == 1 && a.w.d == 1 ? "write" : str(a.w);
  std::string read = a.e.n == 1 && a.e.d == 1 ? "read" : str(a.e) + "*read";
  return a.w.n == 0 ? read : str(a.w) + " + " + read;
}

struct Val {
  enum class K { Int, Bool, Amt, Arr } k = K::Int;
  i128 i = 0; // Int; Bool 0/1; Arr: the array's id (0: null)
  Amount a;
  static Val num(i128 v) { return {K::Int, v, {}}; }
  static Val boolean(bool b) { return {K::Bool, b ? 1 : 0, {}}; }
  static Val amount(Amount a) { return {K::Amt, 0, a}; }
  static Val array(i128 id) { return {K::Arr, id, {}}; }
};

using Env = std::map<std::string, Val>;

// C's integer types: whether v is a value of t, and v reduced into t (two's
// complement).
inline bool inType(i128 v, ir::IntType t) {
  i128 lo = t.isSigned ? -(i128(1) << (t.bits - 1)) : 0;
  i128 hi = t.isSigned ? (i128(1) << (t.bits - 1)) - 1 : (i128(1) << t.bits) - 1;
  return lo <= v && v <= hi;
}
inline i128 wrap(i128 v, ir::IntType t) {
  unsigned __int128 m = (static_cast<unsigned __int128>(1) << t.bits) - 1;
  unsigned __int128 u = static_cast<unsigned __int128>(v) & m;
  i128 r = static_cast<i128>(u);
  if (t.isSigned && r >= (i128(1) << (t.bits - 1)))
    r -= i128(1) << t.bits;
  return r;
}

// Euclidean division (the IR's `/` and `%` on mathematical integers).
inline i128 floorDiv(i128 a, i128 b, i128 &mod) {
  // Euclidean: 0 <= mod < |b|.
  i128 r = a % b;
  if (r < 0)
    r += b < 0 ? -b : b;
  mod = r;
  return (a - r) / b;
}

} // namespace kprove::replay::detail
