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
  CHECK(messageOf(r, "perm.read") == "no permission to read 's[N - 1 - threadIdx.x]'");
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
