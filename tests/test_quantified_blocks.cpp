// Quantified permissions over blocks whose width is symbolic (vcgen/resources.cpp,
// closedInverse): thread t's block `c * t + j`, 0 <= j < c, with c a variable (a
// scan's 2 * offset), guards that pin a thread (`get_local_id(0) == 0 ==>`) and
// block guards that pin it (`k * W <= i && i < (k + 1) * W`, VerCors's chunks).
// Each accepted form is checked by a verdict and failing variants at their lines.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

#include <string>

using kprove::driver::Verdict;
using kprove::testing::replaced;
using kprove::testing::runSnippet;
using Errors = std::set<std::pair<std::string, unsigned>>;

namespace {

// The up-sweep of Blelloch's scan: at each barrier the blocks of 2 * offset cells
// of threads t < d go to threads t < d / 2 as blocks of 4 * offset cells. Before
// the closed form with a symbolic coefficient this failed (a false error): no
// trigger relates a cell 4 * offset * t + j to the block 2 * offset * t' + j' that
// held it. The casts keep the annotations' arithmetic signed (mathematical); over
// size_t each product must also be shown not to wrap (docs/performance.md).
const char *kUpsweep = R"(/*@
  context 0 <= k && k <= 10 && get_local_size(0) == 1 << k;
  context temp != NULL && \pointer_length(temp) == 2 * get_local_size(0);
  requires Perm(&temp[2 * get_local_id(0)], write) ** Perm(&temp[2 * get_local_id(0) + 1], write);
@*/
__kernel void upsweep(__local float *temp, int k) {
  int thid = get_local_id(0);
  int n = 2 * get_local_size(0);
  int offset = 1;
  /*@
    loop_invariant (d & (d - 1)) == 0 && 0 <= d && d <= get_local_size(0);
    loop_invariant offset >= 1 && (d == 0 || 2 * offset * d == n);
    loop_invariant (int)get_local_id(0) < d ==> (\forall* int j; 0 <= j && j < 2 * offset; Perm(&temp[2 * offset * (int)get_local_id(0) + j], write));
  @*/
  for (int d = n >> 1; d > 0; d >>= 1) {
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      temp[bi] += temp[ai];
    }
    /*@
      context (d & (d - 1)) == 0 && 0 < d && 1 <= offset;
      requires (int)get_local_id(0) < d ==> (\forall* int j; 0 <= j && j < 2 * offset; Perm(&temp[2 * offset * (int)get_local_id(0) + j], write));
      ensures (int)get_local_id(0) < d / 2 ==> (\forall* int j; 0 <= j && j < 4 * offset; Perm(&temp[4 * offset * (int)get_local_id(0) + j], write));
    @*/
    barrier(CLK_LOCAL_MEM_FENCE);
    offset *= 2;
  }
}
)";

// After the barrier thread 0 holds the whole local array (a guard pinning the
// thread, with another conjunct: both were `unsupported` before).
const char *kGather = R"(/*@
  context a != NULL && \pointer_length(a) == get_local_size(0);
  requires Perm(&a[get_local_id(0)], write);
@*/
__kernel void gather(__local int *a, int once) {
  a[get_local_id(0)] = 1;
  /*@
    requires Perm(&a[get_local_id(0)], write);
    ensures once == 1 && get_local_id(0) == 0 ==> (\forall* int j; 0 <= j && j < get_local_size(0); Perm(&a[j], write));
    ensures once != 1 ==> Perm(&a[get_local_id(0)], write);
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  if (once == 1 && get_local_id(0) == 0)
    a[get_local_size(0) - 1] = 0;
}
)";

} // namespace

TEST_CASE("a thread's block of symbolic width moves at a barrier (Blelloch's up-sweep)",
          "[c][blocks]") {
  kprove::testing::expectOutcome(kUpsweep, Verdict::Verified, {}, ".cl", "blocks");
  // Blocks of 4 * offset cells for all d threads: twice the array.
  auto wide = runSnippet(replaced(kUpsweep, "ensures (int)get_local_id(0) < d / 2 ==>",
                                  "ensures (int)get_local_id(0) < d ==>"),
                         "blocks", ".cl");
  CHECK(wide.verdict == Verdict::Failed);
  CHECK(wide.errors.count({"bounds", 24}));
  // The right cell of the pair is the first of the next block.
  kprove::testing::expectOutcome(replaced(kUpsweep, "int bi = offset * (2 * thid + 2) - 1;",
                                          "int bi = offset * (2 * thid + 2);"),
                                 Verdict::Failed, {{"perm.read", 19}, {"bounds", 19}}, ".cl",
                                 "blocks");
}

TEST_CASE("a guard pinning one thread narrows a permission that does not depend on it",
          "[c][blocks]") {
  kprove::testing::expectOutcome(kGather, Verdict::Verified, {}, ".cl", "blocks");
  // Threads 0 and 1 would both hold the whole array.
  kprove::testing::expectOutcome(replaced(kGather, "once == 1 && get_local_id(0) == 0 ==>",
                                          "once == 1 && get_local_id(0) <= 1 ==>"),
                                 Verdict::Failed, {{"barrier.redistribute", 9}}, ".cl", "blocks");
}

// VerCors's chunked par block: thread k holds the block [k * 4, (k + 1) * 4), a
// location that does not depend on k, whose guards pin k to i / 4 (unsupported
// before).
const char *kChunks = R"(context_everywhere a != null && a.length == 4 * M && M > 0;
context (\forall* int i; 0 <= i && i < 4 * M; Perm(a[i], write));
ensures (\forall int i; 0 <= i && i < 4 * M; a[i] == i / 4);
void fill(int M, int[] a) {
  par (int k = 0 .. M)
    context (\forall* int i; k * 4 <= i && i < (k + 1) * 4; Perm(a[i], write));
    ensures (\forall int i; k * 4 <= i && i < (k + 1) * 4; a[i] == k);
  {
    a[k * 4] = k;
    a[k * 4 + 1] = k;
    a[k * 4 + 2] = k;
    a[k * 4 + 3] = k;
  }
}
)";

TEST_CASE("a block guard k * W <= i < (k + 1) * W pins the thread of a cell", "[pvl][blocks]") {
  kprove::testing::expectOutcome(kChunks, Verdict::Verified, {}, ".pvl", "blocks");
  // The last write reaches into the next thread's block.
  kprove::testing::expectOutcome(replaced(kChunks, "a[k * 4 + 3] = k;", "a[k * 4 + 4] = k;"),
                                 Verdict::Failed, {{"perm.write", 12}, {"bounds", 12}}, ".pvl",
                                 "blocks");
  // Blocks one cell wider overlap: no longer a pin, so the count is unsupported.
  auto wide = runSnippet(replaced(kChunks, "i < (k + 1) * 4; Perm", "i < (k + 1) * 4 + 1; Perm"),
                         "blocks", ".pvl");
  CHECK(wide.verdict == Verdict::Invalid);
  CHECK(wide.errors.count({"unsupported", 6}));
}
