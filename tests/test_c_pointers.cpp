// Pointers in OpenCL / CUDA kernels (lang/c/lower_pointer.cpp): each pointer is an
// offset into one array known statically. Each accepted form is checked by a
// verdict (and a failing variant at its line); each rejected form is unsupported
// at its line, naming the construct.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>

#include <string>

using kprove::driver::Verdict;
using kprove::testing::runSnippet;

using kprove::testing::mentions;
using kprove::testing::replaced;

namespace {

kprove::testing::SnippetResult cl(const std::string &text, kprove::driver::RunOptions o = {}) {
  return runSnippet(text, "ptr", ".cl", o);
}
kprove::testing::SnippetResult cu(const std::string &text) {
  return runSnippet(text, "ptr", ".cu");
}

// Two cells per work item, written through *p and p++ (line 8: the second store).
const char *kPairs = R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0) * 2;
  context Perm(&a[2 * get_global_id(0)], write) ** Perm(&a[2 * get_global_id(0) + 1], write);
  ensures a[2 * get_global_id(0)] == 1 && a[2 * get_global_id(0) + 1] == 2;
@*/
__kernel void pairs(__global int *a) {
  __global int *p = &a[2 * get_global_id(0)];
  *p = 1;
  p++;
  *p = 2;
}
)";

// A row per work item through `row = a + gid * n`, indexed row[j] (line 15).
const char *kRows = R"(/*@
  context a != NULL && n > 0 && n <= 64 && get_global_size(0) <= 1024;
  context \pointer_length(a) == get_global_size(0) * n;
  context (\forall* int j; 0 <= j && j < n; Perm(&a[get_global_id(0) * n + j], write));
  ensures (\forall int j; 0 <= j && j < n; a[get_global_id(0) * n + j] == j);
@*/
__kernel void rows(__global int *a, int n) {
  __global int *row = a + get_global_id(0) * n;
  /*@
    loop_invariant 0 <= j && j <= n && \pointer_length(row) >= n;
    loop_invariant (\forall* int i; 0 <= i && i < n; Perm(row + i, write));
    loop_invariant (\forall int i; 0 <= i && i < j; row[i] == i);
  @*/
  for (int j = 0; j < n; j++) {
    row[j] = j;
  }
}
)";

// A helper taking a pointer, passed a + gid (line 14).
const char *kStore = R"(/*@
  context p != NULL && \pointer_length(p) >= 1;
  context Perm(&p[0], write);
  ensures p[0] == v;
@*/
void store(__global int *p, int v) { *p = v; }

/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)] == 7;
@*/
__kernel void k(__global int *a) {
  store(a + get_global_id(0), 7);
}
)";

} // namespace

TEST_CASE("pointer: *p and p++ write the cells they point to", "[c][pointer]") {
  CHECK(cl(kPairs).verdict == Verdict::Verified);
  // p += 2 skips the second cell: no permission to a[2g + 2], out of bounds for the last item.
  auto skip = cl(replaced(kPairs, "p++;", "p += 2;"));
  CHECK(skip.verdict == Verdict::Failed);
  CHECK(skip.errors.count({"perm.write", 10}));
  // p-- writes the neighbour's cell.
  auto back = cl(replaced(kPairs, "p++;", "p--;"));
  CHECK(back.verdict == Verdict::Failed);
  CHECK(back.errors.count({"perm.write", 10}));
}

TEST_CASE("pointer: a row pointer a + gid * n indexed row[j], in code and annotations",
          "[c][pointer]") {
  CHECK(cl(kRows).verdict == Verdict::Verified);
  auto shifted = cl(replaced(kRows, "row[j] = j;", "row[j + 1] = j;"));
  CHECK(shifted.verdict == Verdict::Failed);
  CHECK(shifted.errors.count({"perm.write", 15}));
  auto wrong = cl(replaced(kRows, "row[j] = j;", "row[j] = j + 1;"));
  CHECK(wrong.verdict == Verdict::Failed);
  CHECK(wrong.errors.count({"loop.preserve", 12}));
}

TEST_CASE("pointer: a loop walking p < end with p++ and the offset p - base in invariants",
          "[c][pointer]") {
  const char *src = R"(/*@
  context a != NULL && n >= 0 && n <= 1000 && get_global_size(0) <= 1000;
  context \pointer_length(a) == get_global_size(0) * n;
  context (\forall* int j; 0 <= j && j < n; Perm(&a[get_global_id(0) * n + j], write));
  ensures (\forall int j; 0 <= j && j < n; a[get_global_id(0) * n + j] == 0);
@*/
__kernel void k(__global int *a, int n) {
  __global int *p = a + get_global_id(0) * n;
  __global int *end = p + n;
  /*@
    loop_invariant end == a + get_global_id(0) * n + n;
    loop_invariant a + get_global_id(0) * n <= p && p <= end;
    loop_invariant (\forall* int j; 0 <= j && j < n; Perm(&a[get_global_id(0) * n + j], write));
    loop_invariant (\forall int j; 0 <= j && j < p - (a + get_global_id(0) * n); a[get_global_id(0) * n + j] == 0);
  @*/
  while (p < end) {
    *p = 0;
    p++;
  }
}
)";
  // On every seed: the invariant's pattern a[gid * n + j] once stopped matching
  // the postcondition's read after Z3 normalised the product, and the verdict
  // was left to model-based instantiation and so to the seed (seed 0: failed).
  // The sanitizer run (scripts/test --sanitize) takes one seed: the seeds test the
  // solver's determinism, which does not change under ASan, at 50 s each there.
  const char *seedsEnv = std::getenv("KPROVE_TEST_SEEDS");
  unsigned seeds = seedsEnv ? static_cast<unsigned>(std::max(1, std::atoi(seedsEnv))) : 4;
  for (unsigned seed = 0; seed < seeds; ++seed) {
    kprove::driver::RunOptions o;
    o.randomSeed = seed;
    INFO("seed " << seed);
    CHECK(cl(src, o).verdict == Verdict::Verified);
  }
  // p <= end runs one cell past the row.
  auto past = cl(replaced(src, "while (p < end)", "while (p <= end)"));
  CHECK(past.verdict == Verdict::Failed);
  CHECK(past.errors.count({"perm.write", 17}));
}

TEST_CASE("pointer: helpers taking pointers are passed a + i and &a[i] with an offset",
          "[c][pointer]") {
  CHECK(cl(kStore).verdict == Verdict::Verified);
  auto addr =
      cl(replaced(kStore, "store(a + get_global_id(0), 7)", "store(&a[get_global_id(0)], 7)"));
  CHECK(addr.verdict == Verdict::Verified);
  // One cell to the right: the last work item's pointer is past the array's end (the
  // helper's precondition \pointer_length(p) >= 1) and no item holds its neighbour's cell.
  auto shifted =
      cl(replaced(kStore, "store(a + get_global_id(0), 7)", "store(a + get_global_id(0) + 1, 7)"));
  CHECK(shifted.verdict == Verdict::Failed);
  CHECK(shifted.errors.count({"pre", 14}));
  // A wrong value: the postcondition fails at the kernel's end.
  auto wrong =
      cl(replaced(kStore, "store(a + get_global_id(0), 7)", "store(a + get_global_id(0), 8)"));
  CHECK(wrong.verdict == Verdict::Failed);
  CHECK(wrong.errors.count({"post", 11}));
}

TEST_CASE("pointer: an offset parameter passed on to another helper keeps its offset",
          "[c][pointer]") {
  const char *src = R"(/*@
  context p != NULL && \pointer_length(p) >= 1 && Perm(&p[0], write);
  ensures p[0] == 3;
@*/
void put3(__global int *p) { p[0] = 3; }
/*@
  context q != NULL && \pointer_length(q) >= 1 && Perm(&q[0], write);
  ensures q[0] == 3;
@*/
void via(__global int *q) { put3(q); }
/*@
  context a != NULL && \pointer_length(a) == get_global_size(0) && Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)] == 3;
@*/
__kernel void k(__global int *a) {
  __global int *mine = a + get_global_id(0);
  via(mine);
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  auto other = cl(replaced(src, "via(mine);", "via(a);"));
  CHECK(other.verdict == Verdict::Failed);
  CHECK(other.errors.count({"pre", 17}));
}

TEST_CASE("pointer: NULL tests of a pointer variable test its array", "[c][pointer]") {
  const char *src = R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0) && Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)] == 3;
@*/
__kernel void k(__global int *a) {
  __global int *p = a + get_global_id(0);
  if (p != NULL) {
    *p = 3;
  }
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  auto never = cl(replaced(src, "p != NULL", "p == NULL"));
  CHECK(never.verdict == Verdict::Failed);
  CHECK(never.errors.count({"post", 3}));
}

TEST_CASE("pointer: a CUDA pointer into __shared__ memory", "[c][pointer]") {
  const char *src = R"(/*@
  context blockDim.x == 64 && gridDim.x == 1;
  context out != NULL && \pointer_length(out) == 64 && Perm(&out[threadIdx.x], write);
  requires Perm(&s[threadIdx.x], write);
  ensures out[threadIdx.x] == 5;
@*/
__global__ void k(int *out) {
  __shared__ int s[64];
  int *mine = s + threadIdx.x;
  *mine = 5;
  out[threadIdx.x] = *mine;
}
)";
  CHECK(cu(src).verdict == Verdict::Verified);
  // The neighbour's shared cell, without a barrier: no permission.
  auto race =
      cu(replaced(src, "int *mine = s + threadIdx.x;", "int *mine = s + (threadIdx.x + 1) % 64;"));
  CHECK(race.verdict == Verdict::Failed);
  CHECK(race.errors.count({"perm.write", 10}));
}

TEST_CASE("pointer: an atomic through a pointer variable", "[c][pointer]") {
  const char *src = R"(/*@
  context get_num_groups(0) == 1;
  context c != NULL && \pointer_length(c) == 2;
  requires Perm(&c[1], 1\(get_local_size(0)));
@*/
__kernel void k(__global int *c) {
  __global int *counter = c + 1;
  atomic_add(counter, 1);
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  auto past = cl(replaced(src, "c + 1;", "c + 2;"));
  CHECK(past.verdict == Verdict::Failed);
  CHECK(past.errors.count({"bounds", 8}));
  // The counter's neighbour, which the contract gives no permission to.
  auto other = cl(replaced(src, "c + 1;", "c;"));
  CHECK(other.verdict == Verdict::Failed);
  CHECK(other.errors.count({"perm.read", 8}));
}

TEST_CASE("pointer: forms whose array is not one known array are unsupported at their line",
          "[c][pointer][unsupported]") {
  struct Case {
    const char *body; // lines 2..; the construct is on the last line
    const char *construct;
  };
  const Case cases[] = {
      {"  __global float *p = (__global float *)a;\n", "(memory is modelled per element"},
      {"  __global char *p = (__global char *)a;\n", "not per byte"},
      {"  __global int *p = a;\n  __global int **pp = &p;\n", "local pointer variable 'pp'"},
      {"  __global int *p = a;\n  long x = (long)p;\n", "the conversion PointerToIntegral"},
      {"  __global int *p = a + 1;\n  if (p < b) a[0] = 1;\n", "different arrays ('a' and 'b')"},
      {"  __global int *p = n ? a : b;\n  if (p < b) a[0] = 1;\n",
       "ordering pointers whose arrays are known only at run time"},
      {"  __global int *p = n ? a : b;\n  if (p - a) a[0] = 1;\n",
       "the difference of pointers whose arrays are known only at run time"},
      {"  __global int *p = a;\n  //@ assert p == b;\n", "in an annotation"},
  };
  for (const Case &c : cases) {
    std::string src = "__kernel void k(__global int *a, __global int *b, int n) {\n" +
                      std::string(c.body) + "}\n";
    unsigned line = 1;
    for (const char *ch = c.body; *ch; ++ch)
      line += *ch == '\n';
    auto r = cl(src);
    INFO(src);
    CHECK(r.verdict == Verdict::Invalid);
    CHECK(r.errors.count({"unsupported", line}));
    CHECK(mentions(r, c.construct));
  }
}

TEST_CASE("pointer: a helper returning a pointer is inlined, with the pointer's offset",
          "[c][pointer][returned]") {
  const char *src = R"(__global int *cell(__global int *row, int i) { return row + i; }
/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context get_global_size(0) <= 1000000;
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)] == 5;
@*/
__kernel void k(__global int *a) {
  __global int *p = cell(a, get_global_id(0));
  *p = 5;
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  CHECK(cl(replaced(src, "  __global int *p = cell(a, get_global_id(0));\n  *p = 5;",
                    "  cell(a, get_global_id(0))[0] = 5;"))
            .verdict == Verdict::Verified);
  CHECK(cl(replaced(src, "  __global int *p = cell(a, get_global_id(0));\n  *p = 5;",
                    "  *cell(a, get_global_id(0)) = 5;"))
            .verdict == Verdict::Verified);
  // The neighbour's cell: the offset comes back from the helper.
  auto shifted = cl(replaced(src, "cell(a, get_global_id(0))", "cell(a, get_global_id(0) + 1)"));
  CHECK(shifted.verdict == Verdict::Failed);
  CHECK(shifted.errors.count({"perm.write", 10}));
  // A NULL return on one path.
  auto null =
      cl(replaced(src, "{ return row + i; }", "{ if (i == 3) return NULL; return row + i; }"));
  CHECK(null.verdict == Verdict::Failed);
  CHECK(null.errors == kprove::testing::ErrorSet{{"null", 10}});
  // A bodiless helper's pointer is unknown: it may be NULL, or point anywhere.
  auto bodiless = cl(replaced(src, "{ return row + i; }", ";"));
  CHECK(bodiless.verdict == Verdict::Failed);
  CHECK(bodiless.errors.count({"null", 10}));
  CHECK(bodiless.errors.count({"perm.write", 10}));
  // A contract could say only where its array is: unsupported, at the name.
  auto contract =
      cl(replaced(src, "__global int *cell(", "/*@ requires i >= 0; @*/ __global int *cell("));
  CHECK(contract.verdict == Verdict::Invalid);
  CHECK(contract.errors == kprove::testing::ErrorSet{{"unsupported", 1}});
  CHECK(mentions(contract, "a contract on function 'cell', which returns a pointer"));
}

TEST_CASE("pointer: a helper using the thread is inlined when passed a pointer variable",
          "[c][pointer]") {
  const char *src = R"(__device__ void put(int *p) { p[threadIdx.x] = 1; }
/*@
  context a != NULL && \pointer_length(a) == blockDim.x + 1 && gridDim.x == 1;
  context Perm(&a[threadIdx.x + 1], write);
  ensures a[threadIdx.x + 1] == 1;
@*/
__global__ void k(int *a) {
  int *q = a + 1;
  put(q);
}
)";
  auto ok = cu(src);
  INFO(ok.raw.errors.size());
  CHECK(ok.verdict == Verdict::Verified);
  auto unshifted = cu(replaced(src, "int *q = a + 1;", "int *q = a;"));
  CHECK(unshifted.verdict == Verdict::Failed);
  CHECK(unshifted.errors.count({"perm.write", 1}));
}

TEST_CASE("pointer: if (p) and !p test the pointer's array against NULL", "[c][pointer]") {
  const char *src = R"(/*@
  context a != NULL ==> \pointer_length(a) == get_global_size(0);
  context a != NULL ==> Perm(&a[get_global_id(0)], write);
@*/
__kernel void k(__global int *a) {
  __global int *p = a + get_global_id(0);
  if (p) {
    *p = 3;
  }
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  auto inverted = cl(replaced(src, "if (p) {", "if (!p) {"));
  CHECK(inverted.verdict == Verdict::Failed);
  CHECK(inverted.errors.count({"null", 8}));
}

TEST_CASE("pointer: declared without initialiser and set by a for loop's init", "[c][pointer]") {
  const char *src = R"(/*@
  context a != NULL && \pointer_length(a) == 4 && get_global_size(0) == 1;
  context (\forall* int i; 0 <= i && i < 4; Perm(&a[i], write));
@*/
__kernel void k(__global int *a) {
  __global int *p;
  /*@
    loop_invariant a <= p && p <= a + 4;
    loop_invariant (\forall* int i; 0 <= i && i < 4; Perm(&a[i], write));
  @*/
  for (p = a; p < a + 4; p++) {
    *p = 0;
  }
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  auto past = cl(replaced(src, "p < a + 4;", "p <= a + 4;"));
  CHECK(past.verdict == Verdict::Failed);
  CHECK(past.errors.count({"bounds", 12}));
}

// A kernel's scalar whose address is taken is a one-cell private array
// (lang/c/lower_pointer_dynamic.cpp): the name and the pointer are the same cell.
const char *kAddressOf = R"(/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == 5;
@*/
__kernel void k(__global int *out) {
  int x = 1;
  int *p = &x;
  *p = 5;
  out[get_global_id(0)] = x;
}
)";

TEST_CASE("pointer: &x of a kernel's scalar reads and writes x", "[c][pointer][address]") {
  CHECK(cl(kAddressOf).verdict == Verdict::Verified);
  auto wrong = cl(replaced(kAddressOf, "*p = 5;", "*p = 4;"));
  CHECK(wrong.verdict == Verdict::Failed);
  CHECK(wrong.errors.count({"post", 4}));
  // x is one cell: p[1] is past it.
  auto past = cl(replaced(kAddressOf, "*p = 5;", "p[1] = 5;"));
  CHECK(past.verdict == Verdict::Failed);
  CHECK(past.errors.count({"bounds", 9}));
  // *&x is x.
  CHECK(cl(replaced(kAddressOf, "*p = 5;", "*&x = 5;")).verdict == Verdict::Verified);
}

TEST_CASE("pointer: &x passed to a helper with a contract", "[c][pointer][address]") {
  const char *src = R"(/*@
  context p != NULL && \pointer_length(p) >= 1 && Perm(&p[0], write);
  ensures p[0] == 5;
@*/
void set5(int *p) { p[0] = 5; }
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == 5;
@*/
__kernel void k(__global int *out) {
  int x = 4;
  set5(&x);
  out[get_global_id(0)] = x;
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  auto stale = cl(replaced(src, "out[get_global_id(0)] = x;", "out[get_global_id(0)] = x - 1;"));
  CHECK(stale.verdict == Verdict::Failed);
  CHECK(stale.errors.count({"post", 9}));
}

// A helper's scalar whose address it takes: a fresh one-cell array (line 9).
const char *kHelperAddress = R"(/*@
  context p != NULL && \pointer_length(p) >= 1 && Perm(&p[0], write);
  ensures p[0] == 5;
@*/
void set5(int *p) { p[0] = 5; }
//@ ensures \result == 6;
int six() {
  int x = 1;
  set5(&x);
  return x + 1;
}
)";

TEST_CASE("pointer: &x of a helper's scalar is a fresh cell", "[c][pointer][address]") {
  kprove::testing::expectOutcome(kHelperAddress, Verdict::Verified, {}, ".cl");
  kprove::testing::expectOutcome(replaced(kHelperAddress, "return x + 1;", "return x;"),
                                 Verdict::Failed, {{"post", 6}}, ".cl");
  // x is one cell: the cell after it is out of bounds.
  kprove::testing::expectOutcome(replaced(kHelperAddress, "set5(&x);", "int *q = &x;\n  q[1] = 5;"),
                                 Verdict::Failed, {{"bounds", 10}}, ".cl");
}

// A pointer parameter the kernel assigns: it starts at the caller's array and then
// points where it is assigned (line 12).
const char *kAssignedParam = R"(/*@
  context a != NULL && b != NULL;
  context \pointer_length(a) == get_global_size(0) && \pointer_length(b) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write) ** Perm(&b[get_global_id(0)], write);
  ensures c != 0 ==> b[get_global_id(0)] == 1;
  ensures c == 0 ==> a[get_global_id(0)] == 1;
@*/
__kernel void k(__global int *a, __global int *b, int c) {
  if (c)
    a = b;
  a += get_global_id(0);
  *a = 1;
}
)";

TEST_CASE("pointer: an assigned pointer parameter", "[c][pointer][dynamic]") {
  kprove::testing::expectOutcome(kAssignedParam, Verdict::Verified, {}, ".cl");
  // Annotations name the array the caller passed: `a` is not b after `a = b`.
  kprove::testing::expectOutcome(
      replaced(kAssignedParam, "ensures c != 0 ==> b[", "ensures c != 0 ==> a["), Verdict::Failed,
      {{"post", 5}}, ".cl");
  // One past: the neighbour's cell.
  kprove::testing::expectOutcome(replaced(kAssignedParam, "*a = 1;", "a[1] = 1;"), Verdict::Failed,
                                 {{"perm.write", 12}, {"bounds", 12}}, ".cl");
}

// A pointer whose array is chosen at run time holds it in an array variable.
const char *kChosen = R"(/*@
  context a != NULL && b != NULL;
  context \pointer_length(a) == get_global_size(0) && \pointer_length(b) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write) ** Perm(&b[get_global_id(0)], write);
  ensures c != 0 ==> a[get_global_id(0)] == 1;
  ensures c == 0 ==> b[get_global_id(0)] == 1;
@*/
__kernel void k(__global int *a, __global int *b, int c) {
  __global int *p;
  if (c)
    p = a;
  else
    p = b;
  p[get_global_id(0)] = 1;
}
)";

TEST_CASE("pointer: assigned pointers into two arrays in a branch", "[c][pointer][dynamic]") {
  CHECK(cl(kChosen).verdict == Verdict::Verified);
  // The neighbour's cell of whichever array: no permission.
  auto shifted = cl(replaced(kChosen, "p[get_global_id(0)] = 1;", "p[get_global_id(0) + 1] = 1;"));
  CHECK(shifted.verdict == Verdict::Failed);
  CHECK(shifted.errors.count({"perm.write", 14}));
  // Without the permission to b's cell, the write through p needs it when p is b.
  auto noB = cl(replaced(kChosen, " ** Perm(&b[get_global_id(0)], write)", ""));
  CHECK(noB.verdict == Verdict::Failed);
  CHECK(noB.errors.count({"perm.write", 14}));
  // The same choice by ?:.
  std::string ternary =
      replaced(kChosen, "  if (c)\n    p = a;\n  else\n    p = b;\n", "  p = c ? a : b;\n\n\n\n");
  CHECK(cl(ternary).verdict == Verdict::Verified);
  auto swapped = cl(replaced(ternary, "c ? a : b", "c ? b : a"));
  CHECK(swapped.verdict == Verdict::Failed);
  CHECK(swapped.errors.count({"post", 5}));
}

TEST_CASE("pointer: a null pointer's dereference is an error, its comparisons are exact",
          "[c][pointer][dynamic]") {
  const char *src = R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures c != 0 ==> a[get_global_id(0)] == 1;
@*/
__kernel void k(__global int *a, int c) {
  __global int *p = NULL;
  if (c)
    p = a;
  if (p != NULL)
    p[get_global_id(0)] = 1;
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  auto unguarded = cl(replaced(src, "if (p != NULL)", "if (1)"));
  CHECK(unguarded.verdict == Verdict::Failed);
  CHECK(unguarded.errors.count({"null", 11}));
  // p == a exactly when c: a is not null.
  CHECK(cl(replaced(src, "if (p != NULL)", "if (p == a)")).verdict == Verdict::Verified);
  auto inverted = cl(replaced(src, "if (p != NULL)", "if (p != a)"));
  CHECK(inverted.verdict == Verdict::Failed);
  CHECK(inverted.errors.count({"null", 11}));
}

TEST_CASE("pointer: an uninitialised pointer's array is unknown", "[c][pointer][dynamic]") {
  const char *src = "__kernel void k(__global int *a) {\n"
                    "  __global int *p;\n"
                    "  *p = 1;\n"
                    "}\n";
  auto r = cl(src);
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors.count({"null", 3}));
  // Nor is it NULL.
  auto isNull = cl("__kernel void k(__global int *a) {\n"
                   "  __global int *p;\n"
                   "  //@ assert p == NULL;\n"
                   "}\n");
  CHECK(isNull.verdict == Verdict::Failed);
  CHECK(isNull.errors.count({"assert", 3}));
}

TEST_CASE("pointer: a pointer whose array is known at run time stays out of barrier contracts",
          "[c][pointer][dynamic][unsupported]") {
  // It may point into a private array, which all threads' copies share as one symbol.
  auto r = cl("__kernel void k(__global int *a, __global int *b, int c) {\n"
              "  __global int *p = c ? a : b;\n"
              "  /*@\n"
              "    requires Perm(&p[0], 1\\2);\n"
              "    ensures Perm(&p[0], 1\\2);\n"
              "  @*/\n"
              "  barrier(CLK_GLOBAL_MEM_FENCE);\n"
              "}\n");
  CHECK(r.verdict == Verdict::Invalid);
  CHECK(r.errors.count({"unsupported", 4}));
  CHECK(mentions(r, "known only at run time in a barrier's contract"));
}

// A helper with a contract that assigns its pointer parameter: the contract names the
// caller's pointer (red team 2026-11-24: it named the body's copies, `x$arr`, and
// every use of x in the contract was an unknown identifier).
TEST_CASE("pointer: a helper's contract names its assigned pointer parameter as passed",
          "[c][pointer][dynamic]") {
  const std::string src =
      "/*@ context x != NULL && \\pointer_length(x) >= 2 && Perm(&x[0], write) ** "
      "Perm(&x[1], write);\n"
      "    ensures x[0] == 1 && x[1] == 2; @*/\n"
      "void h(__global int *x) { *x = 1; x++; *x = 2; }\n"
      "/*@ context a != NULL && \\pointer_length(a) == 2 * get_global_size(0);\n"
      "    context Perm(&a[2*get_global_id(0)], write) ** Perm(&a[2*get_global_id(0)+1], "
      "write);\n"
      "    ensures a[2*get_global_id(0)+1] == 2; @*/\n"
      "__kernel void k(__global int *a) { h(a + 2*get_global_id(0)); }\n";
  kprove::testing::expectOutcome(src, Verdict::Verified, {}, ".cl");
  // One step further: the third cell is not the helper's.
  kprove::testing::expectOutcome(replaced(src, "*x = 2; }", "*x = 2; x++; *x = 3; }"),
                                 Verdict::Failed, {{"perm.write", 3}, {"bounds", 3}}, ".cl");
}
