// C's integer semantics in .cl/.cu files (docs/language.md §11.2): each case a bug
// that mathematical integers miss (or a correct kernel they reject), checked by
// verdict, code and line; and --int-math, which switches it off.
#include "snippet.h"

#include <catch2/catch.hpp>

using kprove::driver::Verdict;
using kprove::testing::runSnippet;

namespace {

using Errors = std::set<std::pair<std::string, unsigned>>;

kprove::testing::SnippetResult cl(const std::string &text, bool intMath = false) {
  kprove::driver::RunOptions o;
  o.launch.intMath = intMath;
  return runSnippet(text, "cint", ".cl", o);
}
kprove::testing::SnippetResult cu(const std::string &text, bool intMath = false) {
  kprove::driver::RunOptions o;
  o.launch.intMath = intMath;
  return runSnippet(text, "cint", ".cu", o);
}

} // namespace

TEST_CASE("annotations of C files divide as C does, and know the bit operations", "[c][int]") {
  auto ok = cl(R"(__kernel void k(__global int *a) {
  //@ assert -7 / 2 == -3 && -7 % 2 == -1 && 7 / -2 == -3;
  //@ assert (5 ^ 1) == 4 && (6 & 3) == 2 && (6 | 1) == 7 && (1 << 4) == 16 && ~0 == -1;
  //@ assert (-8 >> 1) == -4;
}
)");
  CHECK(ok.verdict == Verdict::Verified);
  CHECK(cl("__kernel void k(__global int *a) {\n  //@ assert -7 / 2 == -4;\n}\n").errors ==
        Errors{{"assert", 2}});
  // Comparisons convert as C does: -1 < 1u is false (-1 becomes 4294967295).
  CHECK(cl("__kernel void k(__global int *a, uint n) {\n  //@ assert -1 < n;\n}\n").errors ==
        Errors{{"assert", 2}});
  CHECK(cl("__kernel void k(__global int *a, uint n) {\n  //@ assert n - 1 == 4294967295 || n "
           ">= 1;\n}\n")
            .verdict == Verdict::Verified);
}

TEST_CASE("annotations of C files have C's casts and literal suffixes", "[c][int]") {
  const char *src = R"(__kernel void k(__global int *a, uint n, int x) {
  //@ assert (unsigned int)x == (uint)x && (long)x == x && (size_t)(x - x) == 0ul;
  //@ assert 1u - 2u == 4294967295u && 1u - 2u > 0 && 0xFFu == 255 && 10UL == 10;
  //@ assert (char)300 == 44 && (unsigned char)-1 == 255 && (short)65535 == -1;
  //@ assert -1 < 4294967295 && (x) * 1 == x;
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  // Each of these is true of mathematical integers and false in C.
  auto fails = [](const std::string &assertion) {
    return cl("__kernel void k(__global int *a, int x) {\n  //@ assert " + assertion + ";\n}\n")
        .errors;
  };
  CHECK(fails("(char)300 == 300") == Errors{{"assert", 2}});
  CHECK(fails("1u - 2u < 0 || 1u - 2u == -1 && false") == Errors{{"assert", 2}});
  CHECK(fails("-1 < 0xFFFFFFFF") == Errors{{"assert", 2}}); // hex: unsigned int
  // Octal literals as in C (docs/soundness.md, cause 36): 0100 is 64, and
  // 037777777777 does not fit int, so it is an unsigned int.
  CHECK(fails("0100 == 100") == Errors{{"assert", 2}});
  CHECK(fails("-1 < 037777777777") == Errors{{"assert", 2}});
  CHECK(cl("__kernel void k(__global int *a) {\n  //@ assert 0100 == 64 && 010u == 8u && 0 == "
           "00;\n}\n")
            .verdict == Verdict::Verified);
  CHECK(cl("__kernel void k(__global int *a) {\n  //@ assert 09 == 9;\n}\n").errors ==
        Errors{{"parse", 2}});
  CHECK(fails("(long)(unsigned int)x == x") == Errors{{"assert", 2}});
  CHECK(cl("__kernel void k(__global int *a) {\n  //@ assert 1uu == 1;\n}\n").errors ==
        Errors{{"parse", 2}});
}

TEST_CASE("unsigned arithmetic wraps: a guard `t - 1 >= 0` holds for thread 0", "[c][int]") {
  const char *src = R"(/*@
  context gridDim.x == 1;
  context out != NULL && \pointer_length(out) == blockDim.x;
  context threadIdx.x >= 1 ==> Perm(&out[threadIdx.x - 1], write);
@*/
__global__ void k(int *out) {
  unsigned t = threadIdx.x;
  if (t - 1 >= 0) {
    out[t - 1] = 1;
  }
}
)";
  CHECK(cu(src).errors == Errors{{"bounds", 9}});
  // Mathematical integers miss it: -1 >= 0 is false there.
  CHECK(cu(src, true).verdict == Verdict::Verified);
  // The unsigned guard `t - 1 < blockDim.x` is the correct one (and is rejected with
  // mathematical integers only if it were needed the other way round).
  std::string fixed = src;
  fixed.replace(fixed.find("t - 1 >= 0"), 10, "t - 1 < blockDim.x");
  CHECK(cu(fixed).verdict == Verdict::Verified);
}

TEST_CASE("a size_t wrap-around guard is understood", "[c][int]") {
  const char *src = R"(/*@
  context out != NULL && \pointer_length(out) == n;
  context get_global_id(0) >= 1 && get_global_id(0) - 1 < n ==> Perm(&out[get_global_id(0) - 1], write);
@*/
__kernel void k(__global int *out, uint n) {
  size_t i = get_global_id(0);
  if (i - 1 < n) {
    out[i - 1] = 1;
  }
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
}

TEST_CASE("narrowing conversions wrap: (ushort)g makes threads 0 and 65536 collide", "[c][int]") {
  const char *src = R"(/*@
  context out != NULL && \pointer_length(out) == 65536;
  context get_global_id(0) < 65536 ==> Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  size_t g = get_global_id(0);
  out[(ushort)g] = 1;
}
)";
  CHECK(cl(src).errors == Errors{{"perm.write", 7}});
}

TEST_CASE("signed overflow is an obligation in code, not in annotations", "[c][int]") {
  const char *src = R"(/*@
  context out != NULL && \pointer_length(out) == 4 * get_global_size(0);
  context Perm(&out[4 * get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  int g = get_global_id(0);
  out[4 * g] = 1;
}
)";
  CHECK(cl(src).errors == Errors{{"overflow", 7}});
  CHECK(cl(src, true).verdict == Verdict::Verified);
  std::string sized = src;
  sized.replace(sized.find("int g"), 5, "size_t g");
  CHECK(cl(sized).verdict == Verdict::Verified);
  // INT_MIN / -1 overflows too; division by zero is its own code.
  CHECK(cl("__kernel void k(__global int *a, int x) {\n  int y = x / -1;\n}\n").errors ==
        Errors{{"overflow", 2}});
  CHECK(cl("__kernel void k(__global int *a, int x) {\n  int y = 7 % x;\n}\n").errors ==
        Errors{{"div.zero", 2}});
  // Negation: -INT_MIN overflows (a static range never stands in for the check).
  CHECK(cu("__global__ void k(int *a, int n) {\n  int s = -n;\n}\n").errors ==
        Errors{{"overflow", 2}});
  // In an annotation, signed arithmetic is exact: `n + 1 > n` holds for every int n,
  // and a bound on a sum is meaningful; the code's own `n + 1` is still checked.
  CHECK(cl("/*@ requires n + 1 > n; @*/\n__kernel void k(__global int *a, int n) {\n}\n").verdict ==
        Verdict::Verified);
  const char *bounded = R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  requires n + m <= 2147483647;
@*/
__kernel void k(__global int *a, int n, int m) {
  if (n >= 0 && m >= 0) {
    a[get_global_id(0)] = n + m;
  }
}
)";
  CHECK(cl(bounded).verdict == Verdict::Verified);
  CHECK(cl(std::string(bounded).replace(std::string(bounded).find("  requires n + m"), 31,
                                        "  requires -n <= 2147483647 && n / -1 == -n;"))
            .errors == Errors{{"overflow", 8}});
  // The exact value keeps its C type for the conversions around it: -1 < 1u is false.
  CHECK(cl("__kernel void k(__global int *a, uint n, int x) {\n  //@ assert x - x - 1 < n;\n}\n")
            .errors == Errors{{"assert", 2}});
}

TEST_CASE("\\sum in annotations: mathematical, over a range", "[c][int][sum]") {
  const char *src = R"(/*@
  context get_local_size(0) == 1 && get_num_groups(0) == 1;
  context in != NULL && \pointer_length(in) == 3;
  context (\forall* int k; 0 <= k && k < 3; Perm(&in[k], 1\2));
  requires in[0] == 2147483647 && in[1] == 1 && in[2] == 5;
@*/
__kernel void k(__global int *in) {
  //@ assert (\sum int k; 0 <= k && k < 1; in[k]) == 2147483647;
  //@ assert (\sum int k; 0 <= k && k < 2; in[k]) == 2147483648;
  //@ assert (\sum int k; 0 <= k && k < 3; in[k]) == 2147483653;
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  CHECK(cl(std::string(src).replace(std::string(src).find("== 2147483653"), 13, "== 6")).errors ==
        Errors{{"assert", 10}});
}

TEST_CASE("shifts: the amount is below the width, signed left shifts stay in range", "[c][int]") {
  // CUDA (C++): a count of the width or more, or a negative one, is undefined.
  CHECK(cu("__global__ void k(unsigned *a, int s) {\n  unsigned x = 1u << s;\n}\n").errors ==
        Errors{{"shift", 2}});
  // OpenCL C (6.3.j) shifts by the count's low log2(width) bits: defined for any count.
  CHECK(cl("__kernel void k(__global uint *a, int s) {\n  uint x = 1u << s;\n}\n").verdict ==
        Verdict::Verified);
  CHECK(cl("__kernel void k(__global uint *a, int s) {\n  uint x = 1u << 33;\n  //@ assert x == "
           "2;\n  uint y = 8u >> s;\n  //@ assert s != -1 || y == 0;\n}\n")
            .verdict == Verdict::Verified);
  CHECK(cl("__kernel void k(__global uint *a) {\n  uint x = 1u << 33;\n  //@ assert x == 0;\n}\n")
            .errors == Errors{{"assert", 3}});
  // The same in an annotation: `1u << 33` is 2 there too (it was error[shift]).
  CHECK(cl("__kernel void k(__global uint *a, uint s) {\n  uint x = 1u << s;\n  //@ assert s "
           "!= 33 || x == (1u << s);\n  //@ assert (1u << 33) == 2;\n}\n")
            .verdict == Verdict::Verified);
  CHECK(cl("__kernel void k(__global uint *a) {\n  //@ assert (1u << 33) == 0;\n}\n").errors ==
        Errors{{"assert", 2}});
  CHECK(cl("__kernel void k(__global uint *a, int s) {\n  if (0 <= s && s < 32) {\n    uint x = "
           "1u << s;\n  }\n}\n")
            .verdict == Verdict::Verified);
  CHECK(cl("__kernel void k(__global int *a, int x) {\n  int y = x << 1;\n}\n").errors ==
        Errors{{"shift", 2}});
  CHECK(cl("__kernel void k(__global int *a, uint x) {\n  //@ assert x != 3 || (x << 31) == "
           "2147483648;\n}\n")
            .verdict == Verdict::Verified);
}

TEST_CASE("variables keep their type's range across loops and calls", "[c][int]") {
  const char *src = R"(__kernel void k(__global int *a, uchar c) {
  uchar x = c;
  //@ loop_invariant true;
  while (x > 3) {
    x = x - 1;
  }
  //@ assert 0 <= x && x <= 255;
  uchar y = 255;
  y++;
  //@ assert y == 0;
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
}

TEST_CASE("power-of-two masks are exact", "[c][int]") {
  const char *src = R"(/*@
  context in != NULL && \pointer_length(in) == 64;
  context (\forall* int j; 0 <= j && j < 64; Perm(&in[j], 1\get_global_size(0)));
@*/
__kernel void k(__global int *in) {
  size_t g = get_global_id(0);
  int v = in[g & 63];
  //@ assert (g & 63) == g % 64 && (g & ~8) + (g & 8) == g && (g | 8) >= g;
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  std::string wrong = src;
  wrong.replace(wrong.find("in[g & 63]"), 10, "in[g & 64]");
  CHECK(cl(wrong).errors == Errors{{"bounds", 7}});
}

TEST_CASE("bit operations with a symbolic power of two: xor, clear a bit, mask", "[c][int]") {
  const char *src = R"(__kernel void k(__global int *a, uint j, int kk, uint i, uint n) {
  if (0 <= kk && kk < 30 && j == 1 << kk) {
    uint p = i ^ j;
    //@ assert (p ^ j) == i;
    //@ assert p > i ==> p == i + j;
    //@ assert p < i ==> p == i - j;
    uint lo = i & ~j;
    //@ assert lo == i || lo == i - j;
    //@ assert (i & j) == 0 ==> lo == i;
    if (n == j && n > 0) {
      //@ assert (i & (n - 1)) == i % n;
    }
  }
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  // The facts need j to be a power of two: with j == 3 * kk they do not follow.
  CHECK(
      cl("__kernel void k(__global int *a, uint j, int kk, uint i) {\n  if (0 <= kk && kk < 30 && "
         "j == 3 * kk) {\n    uint p = i ^ j;\n    //@ assert p > i ==> p == i + j;\n  }\n}\n")
          .errors == Errors{{"assert", 4}});
  CHECK(
      cl("__kernel void k(__global int *a, uint n, uint i) {\n  if (n % 2 == 1) {\n    //@ assert "
         "(i & (n - 1)) == i % n;\n  }\n}\n")
          .errors == Errors{{"assert", 3}});
  // Facts that do not hold: i ^ j is never i - j when it is larger.
  std::string wrong = src;
  wrong.replace(wrong.find("p == i + j"), 10, "p == i - j");
  CHECK(cl(wrong).errors == Errors{{"assert", 5}});
  // The involution holds for any j: (i ^ j) ^ j == i needs no power of two.
  CHECK(cl("__kernel void k(__global int *a, uint j, uint i) {\n  uint p = i ^ j;\n  //@ assert "
           "(p ^ j) == i;\n}\n")
            .verdict == Verdict::Verified);
}

TEST_CASE("shifts by a symbolic amount: powers of two in loops that double", "[c][int]") {
  const char *shift = R"(__kernel void k(__global int *a, int k) {
  if (0 <= k && k < 30) {
    int s = 1 << k;
    //@ assert s >= 1;
    //@ assert 2 * s == 1 << (k + 1);
    //@ assert (s >> 1) * 2 == s || k == 0;
  }
}
)";
  CHECK(cl(shift).verdict == Verdict::Verified);
  const char *doubling = R"(__kernel void k(__global int *a, int n) {
  if (0 < n && n < 1073741824) {
    int s = 1;
    int ks = 0;
    //@ loop_invariant 0 <= ks && ks <= 30 && s == 1 << ks && s <= n;
    while (2 * s <= n) {
      s = s * 2;
      ks = ks + 1;
    }
    //@ assert s <= n && n < 2 * s;
  }
}
)";
  CHECK(cl(doubling).verdict == Verdict::Verified);
  // With n up to 2^30 itself, 2 * s reaches 2^31: an overflow in the loop condition.
  std::string wide = doubling;
  wide.replace(wide.find("n < 1073741824"), 14, "n <= 1073741824");
  CHECK(cl(wide).errors == Errors{{"overflow", 6}});
}

TEST_CASE("buffers of different integer element types are different buffers", "[c][int]") {
  // Cells hold values of their element type; an int cell read through a uint
  // pointer would contradict that. The assumption is explicit, so a contract that
  // equates the two pointers is reported as vacuous, never a silent proof.
  const char *src = R"(/*@
  context a != NULL && b != NULL && \pointer_length(a) == get_global_size(0) && a == b;
  context Perm(&a[get_global_id(0)], write);
@*/
__kernel void k(__global int *a, __global uint *b) {
  size_t g = get_global_id(0);
  a[g] = -1;
  uint x = b[g];
  //@ assert false;
}
)";
  CHECK(cl(src).errors == Errors{{"vacuous", 2}});
}

TEST_CASE("the launch limits bound thread ids, not every sum of launch sizes", "[c][int]") {
  // get_global_size(0) + get_local_id(0) may exceed INT_MAX (the global size alone
  // is at most INT_MAX): converted to int it may wrap to a negative value.
  CHECK(cl("__kernel void k(__global int *a) {\n  int x = get_global_size(0) + "
           "get_local_id(0);\n  //@ assert x >= 0;\n}\n")
            .errors == Errors{{"assert", 3}});
  // The global id itself fits.
  CHECK(cl("__kernel void k(__global int *a) {\n  int x = get_group_id(0) * get_local_size(0) + "
           "get_local_id(0);\n  //@ assert x >= 0;\n}\n")
            .verdict == Verdict::Verified);
}

TEST_CASE("a bool cell holds 0 or 1 and reads as a truth value, in code and annotations",
          "[c][int]") {
  // Before: every read or write of a bool buffer was a type error (bool vs int cell).
  const char *src = R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)] == (get_global_id(0) > 3);
  ensures !a[get_global_id(0)] ==> get_global_id(0) <= 3;
@*/
__kernel void k(__global bool *a) {
  size_t g = get_global_id(0);
  a[g] = g > 3;
  __global bool *p = a + g;
  bool u = *p;
  if (a[g]) { a[g] = u; }
  //@ assert a[g] == u && (u ? 1 : 0) == (a[g] ? 1 : 0);
  a[g] = !a[g] ? false : true;
}
)";
  auto r = cl(src);
  CHECK(r.verdict == Verdict::Verified);
  CHECK(r.errors.empty());
  std::string wrong = src;
  wrong.replace(wrong.find("a[g] = g > 3;"), 13, "a[g] = g > 4;");
  CHECK(cl(wrong).errors == Errors{{"post", 4}});

  // A __shared__ bool is one cell of the block: thread 0 sets it, all read it.
  const char *shared = R"(/*@
  requires threadIdx.x == 0 ==> Perm(&done, write);
@*/
__global__ void k(int *out) {
  __shared__ bool done;
  if (threadIdx.x == 0)
    done = true;
  /*@
    requires threadIdx.x == 0 ==> Perm(&done, write) ** done;
    ensures Perm(&done, 1\(blockDim.x)) ** done;
  @*/
  __syncthreads();
  bool d = done;
  //@ assert d;
}
)";
  auto s = cu(shared);
  CHECK(s.verdict == Verdict::Verified);
  CHECK(s.errors.empty());
  std::string unset = shared;
  unset.replace(unset.find("done = true;"), 12, "done = 0;   ");
  CHECK(cu(unset).errors == Errors{{"barrier.pre", 9}});
}

TEST_CASE("++, -- and op= on a bool compute in int and store the truth value", "[c][int]") {
  // C: b op= v is b = (bool)((int)b op v); false-- is true, true & 2 is false.
  const char *src = R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)];
@*/
__kernel void k(__global bool *a) {
  size_t g = get_global_id(0);
  a[g] = false;
  a[g]--;
  a[g] ^= 2;
  bool b = true;
  b &= 2;
  //@ assert !b;
  b += 2;
  //@ assert b;
}
)";
  auto r = cl(src);
  CHECK(r.verdict == Verdict::Verified);
  CHECK(r.errors.empty());
  std::string wrong = src;
  wrong.replace(wrong.find("b &= 2;"), 7, "b |= 2;");
  CHECK(cl(wrong).errors == Errors{{"assert", 13}});
}
