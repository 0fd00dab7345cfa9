// Messages name expressions as the user wrote them (issue 13): the source text
// of the expression, not kprove's internal form (expanded thread ids, pointer
// offsets such as p$off, inserted conversions such as (unsigned long)k).
#include "snippet.h"

#include <catch2/catch.hpp>

using kprove::driver::Verdict;
using kprove::testing::runSnippet;

namespace {

// The message of the one error with this code, or "" when there is none.
std::string messageOf(const kprove::testing::SnippetResult &r, const std::string &code) {
  for (const kprove::Diagnostic &d : r.raw.errors)
    if (kprove::diagCodeName(d.code) == code)
      return d.message;
  return "";
}

// The witness note (a note without a place) of the one error with this code.
std::string witnessOf(const kprove::testing::SnippetResult &r, const std::string &code) {
  for (const kprove::Diagnostic &d : r.raw.errors)
    if (kprove::diagCodeName(d.code) == code)
      for (const kprove::DiagNote &n : d.notes)
        if (!n.range.valid())
          return n.message;
  return "";
}

} // namespace

TEST_CASE("messages spell a read as written: CUDA thread ids and macros", "[messages]") {
  // A missing __syncthreads(): the read of another thread's cell.
  auto r = runSnippet(R"(#define N 64
/*@
  context blockDim.x == N;
  context d != NULL && \pointer_length(d) == N * gridDim.x;
  context Perm(&d[blockIdx.x * N + threadIdx.x], write);
  requires Perm(&s[threadIdx.x], write);
@*/
__global__ void k(int *d) {
  __shared__ int s[N];
  s[threadIdx.x] = d[blockIdx.x * N + threadIdx.x];
  d[blockIdx.x * N + threadIdx.x] = s[N - 1 - threadIdx.x];
}
)",
                      "msg", ".cu");
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors.count({"perm.read", 11}));
  // The write this thread made before the read, with no barrier between: the hint
  // names its line and a note points at it.
  CHECK(messageOf(r, "perm.read") == "no permission to read 's[N - 1 - threadIdx.x]' — is a "
                                     "barrier missing between the write at line 10 and this "
                                     "read?");
  bool pointsAtWrite = false;
  for (const kprove::Diagnostic &d : r.raw.errors)
    for (const kprove::DiagNote &n : d.notes)
      pointsAtWrite |= n.range.valid() && n.message.find("write to 's'") != std::string::npos;
  CHECK(pointsAtWrite);
}

TEST_CASE("no barrier hint when the thread did not write the array since a barrier", "[messages]") {
  // The write was before a barrier that hands out nothing of 's': the read fails
  // for another reason (the barrier's contract), and the hint would mislead.
  auto r = runSnippet(R"(/*@
  context get_local_size(0) == 64;
  context d != NULL && \pointer_length(d) == get_global_size(0);
  context Perm(&d[get_global_id(0)], write);
  requires Perm(&s[get_local_id(0)], write);
@*/
__kernel void k(__global int *d, __local int *s) {
  s[get_local_id(0)] = d[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  d[get_global_id(0)] = s[63 - get_local_id(0)];
}
)",
                      "nohint", ".cl");
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors.count({"perm.read", 10}));
  CHECK(messageOf(r, "perm.read") == "no permission to read 's[63 - get_local_id(0)]'");
}

TEST_CASE("messages spell pointer accesses as written, not as (array, offset)", "[messages]") {
  auto r = runSnippet(R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0) + 1;
  context Perm(&a[get_global_id(0)], write);
@*/
__kernel void k(__global int *a) {
  __global int *p = a + get_global_id(0) + 1;
  *p = 0;
}
)",
                      "msg", ".cl");
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors.count({"perm.write", 7}));
  std::string m = messageOf(r, "perm.write");
  CHECK(m == "no write permission to '*p'");
  CHECK(m.find('$') == std::string::npos);
}

TEST_CASE("messages fall back to kprove's form when the range is a whole statement", "[messages]") {
  // a[i] += 1's read has the compound assignment's range: not an expression's text.
  auto r = runSnippet(R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
@*/
__kernel void k(__global int *a) {
  a[get_global_id(0)] += 1;
}
)",
                      "msg", ".cl");
  CHECK(r.verdict == Verdict::Failed);
  std::string m = messageOf(r, "perm.read");
  CHECK(m.rfind("no permission to read '", 0) == 0);
  CHECK(m.find("+=") == std::string::npos);
}

TEST_CASE("injectivity says threads when the instances are threads", "[messages]") {
  auto r = runSnippet(R"(context_everywhere a != null;
context (\forall* int i = 0 .. a.length; Perm(a[i], write));
void halves(int[] a) {
  par (int tid = 0 .. a.length)
    context Perm(a[tid / 2], write);
  {
    a[tid / 2] = tid;
  }
}
)",
                      "msg");
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors.count({"injectivity", 5}));
  CHECK(messageOf(r, "injectivity").rfind("two threads may claim the same element of 'a'", 0) == 0);
  // The witness names the two threads and the element.
  std::string w = witnessOf(r, "injectivity");
  INFO(w);
  CHECK(w.find("tid = ") != std::string::npos);
  CHECK(w.find(" and ") != std::string::npos);
  CHECK(w.find("both claim a[") != std::string::npos);
}

TEST_CASE("injectivity of a user's quantifier names its instances", "[messages]") {
  auto r = runSnippet(R"(requires a != null && a.length == 10;
requires (\forall* int i; 0 <= i && i < 10; Perm(a[i / 2], 1\4));
void m(int[] a) { }
)",
                      "msg");
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors.count({"injectivity", 2}));
  CHECK(messageOf(r, "injectivity") ==
        "two instances of this quantified permission may name the same element of 'a'");
}

TEST_CASE("a failure shows the counter-model: thread ids and sizes", "[messages]") {
  // The missing barrier of the first test, with the launch pinned: the witness
  // names the thread (CUDA spelling), the block size and the cell read.
  auto r = runSnippet(R"(/*@
  context blockDim.x == 64 && gridDim.x == 1;
  context d != NULL && \pointer_length(d) == 64;
  context Perm(&d[threadIdx.x], write);
  requires Perm(&s[threadIdx.x], write);
@*/
__global__ void k(int *d) {
  __shared__ int s[64];
  s[threadIdx.x] = d[threadIdx.x];
  d[threadIdx.x] = s[63 - threadIdx.x];
}
)",
                      "witness", ".cu");
  CHECK(r.errors.count({"perm.read", 10}));
  std::string w = witnessOf(r, "perm.read");
  INFO(w);
  // From the candidate model of pattern-based instantiation (labelled so).
  CHECK(w.find("counterexample") != std::string::npos);
  CHECK(w.find("threadIdx.x = ") != std::string::npos);
  // The cell is not shown: its index goes through C's unsigned wrap-around, an
  // uninterpreted function the witness does not evaluate (z3_prover.cpp,
  // cheapToEvaluate).
  CHECK(w.find('$') == std::string::npos);
  CHECK(w.find('@') == std::string::npos);
}

TEST_CASE("a functional failure shows the variables of the clause", "[messages]") {
  auto r = runSnippet(R"(requires a != null && a.length == 4;
requires Perm(a[1], write);
ensures Perm(a[1], write);
ensures a[1] == x;
void m(int[] a, int x) {
  a[1] = x + 1;
}
)",
                      "witness");
  CHECK(r.errors.count({"post", 4}));
  std::string w = witnessOf(r, "post");
  INFO(w);
  CHECK(w.rfind("counterexample: ", 0) == 0);
  CHECK(w.find("x = ") != std::string::npos);
  // The heap after the write is a store term, whose cells are not evaluated yet.
}

TEST_CASE("root cause first: a body failure before the postcondition it may cause", "[messages]") {
  // A wrong assertion fails, and once assumed, makes the postcondition above it
  // (earlier in the source) fail too: the assertion is reported first.
  auto r = runSnippet(R"(/*@
  context a != NULL && b != NULL;
  context \pointer_length(a) == get_global_size(0) && \pointer_length(b) == get_global_size(0);
  context Perm(&a[get_global_id(0)], 1\2) ** Perm(&b[get_global_id(0)], write);
  ensures b[get_global_id(0)] == a[get_global_id(0)];
  ensures a[get_global_id(0)] == \old(a[get_global_id(0)]);
@*/
__kernel void k(__global int *a, __global int *b) {
  int gid = get_global_id(0);
  int x = a[gid];
  //@ assert x == 0;
  b[gid] = x + 1;
}
)",
                      "order", ".cl");
  REQUIRE(r.verdict == Verdict::Failed);
  REQUIRE(r.raw.errors.size() == 2);
  // Source order would put the postcondition (line 5) first.
  CHECK(kprove::diagCodeName(r.raw.errors[0].code) == std::string("assert"));
  CHECK(kprove::diagCodeName(r.raw.errors[1].code) == std::string("post"));
  bool pointsBack = false;
  for (const kprove::DiagNote &n : r.raw.errors[1].notes)
    pointsBack |= n.range.valid() && n.range.begin.offset == r.raw.errors[0].range.begin.offset &&
                  n.message == "this may follow from the earlier failure (assert) in the same "
                               "kernel: fix that first";
  CHECK(pointsBack);
}

TEST_CASE("root cause first: an independent postcondition gets no note", "[messages]") {
  auto r = runSnippet(R"(
pure int two() = 2;

requires n > 0;
ensures \result == n + 1;
int f(int n) {
  return n;
}
)",
                      "order", ".pvl");
  REQUIRE(r.verdict == Verdict::Failed);
  REQUIRE(r.raw.errors.size() == 1);
  for (const kprove::DiagNote &n : r.raw.errors[0].notes)
    CHECK(n.message.find("may follow") == std::string::npos);
}
