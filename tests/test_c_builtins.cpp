// Builtins of OpenCL / CUDA with a model of their own (lang/c/lower_builtin_calls.cpp,
// lang/c/lower_async_copy.cpp, docs/language.md §11.3, §11.5, §11.6, §11.10): fences,
// launch constants, 24-bit multiplication, bit and wrapping atomics, cooperative
// groups, asynchronous work-group copies, and the names rejected with a clear message.
// Each accepted form is checked by a verdict and a failing variant at its line; each
// rejected form is unsupported at its line, naming it.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

#include <string>

using kprove::driver::Verdict;
using kprove::testing::runSnippet;
using Errors = std::set<std::pair<std::string, unsigned>>;

using kprove::testing::mentions;
using kprove::testing::replaced;

namespace {

void expect(const std::string &src, Verdict verdict, Errors errors,
            const std::string &ext = ".cl") {
  kprove::testing::expectOutcome(src, verdict, errors, ext, "builtins");
}

// Each work item writes its own tile cell and reads its neighbour's after `SYNC`.
const char *kFenceExchange = R"(/*@
  context get_local_size(0) == 64;
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  requires Perm(&tile[get_local_id(0)], write);
@*/
__kernel void k(__global int *out) {
  __local int tile[64];
  tile[get_local_id(0)] = 1;
  /*@
    context get_local_size(0) == 64;
    requires Perm(&tile[get_local_id(0)], write);
    ensures Perm(&tile[(get_local_id(0) + 1) % 64], 1\2);
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(get_local_id(0) + 1) % 64];
}
)";

// A group copies its block of `in` into a tile and each work item uses its element.
const char *kAsyncCopy = R"(/*@
  context get_local_size(0) == 64;
  context in != NULL && \pointer_length(in) == get_global_size(0);
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&in[get_global_id(0)], read);
  context Perm(&out[get_global_id(0)], write);
  requires Perm(&tile[get_local_id(0)], write);
  ensures out[get_global_id(0)] == in[get_global_id(0)];
@*/
__kernel void k(__global int *in, __global int *out) {
  __local int tile[64];
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
  wait_group_events(1, &e);
  out[get_global_id(0)] = tile[get_local_id(0)];
}
)";

} // namespace

TEST_CASE("fences without a barrier have no effect and synchronise nothing", "[c][builtins]") {
  expect(kFenceExchange, Verdict::Verified, {});
  // A fence where the barrier was: no permission moves through it.
  std::string fence = replaced(
      replaced(kFenceExchange, "barrier(CLK_LOCAL_MEM_FENCE);", "mem_fence(CLK_LOCAL_MEM_FENCE);"),
      "  /*@\n    context get_local_size(0) == 64;\n    requires "
      "Perm(&tile[get_local_id(0)], write);\n    ensures "
      "Perm(&tile[(get_local_id(0) + 1) % 64], 1\\2);\n  @*/\n",
      "");
  expect(fence, Verdict::Failed, {{"perm.read", 11}});
  for (const char *f : {"read_mem_fence(CLK_LOCAL_MEM_FENCE);", "write_mem_fence(0);",
                        "atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, "
                        "memory_scope_device);"}) {
    std::string src = "__kernel void k(__global int *a) {\n  " + std::string(f) + "\n}\n";
    expect(src, Verdict::Verified, {});
  }
  // CUDA: a fence under a thread-dependent condition is fine (not a collective).
  expect(R"(__global__ void k(int *a) {
  if (threadIdx.x == 0)
    __threadfence();
  __threadfence_block();
  __threadfence_system();
}
)",
         Verdict::Verified, {}, ".cu");
}

TEST_CASE("warpSize is an unknown positive constant, the same for every thread",
          "[c][builtins][soundness]") {
  const char *src = R"(__global__ void k(int *a) {
  int w = warpSize;
  //@ assert w >= 1;
  if (warpSize > 16)
    __syncthreads();
  //@ assert w == 32;
}
)";
  // Uniform: the barrier under it does not diverge; never assumed to be 32.
  expect(src, Verdict::Failed, {{"assert", 6}}, ".cu");
}

TEST_CASE("get_global_offset is an unknown uniform value per dimension",
          "[c][builtins][soundness]") {
  const char *src = R"(__kernel void k(__global int *a) {
  size_t o = get_global_offset(1);
  if (o == 3)
    barrier(CLK_LOCAL_MEM_FENCE);
  //@ assert o == 0;
}
)";
  expect(src, Verdict::Failed, {{"assert", 5}});
  expect("__kernel void k(__global int *a, int d) {\n  size_t o = get_global_offset(d);\n}\n",
         Verdict::Invalid, {{"type", 2}});
}

TEST_CASE("mul24 is the product when both operands fit 24 bits", "[c][builtins]") {
  const char *src = R"(__kernel void k(__global int *a, int n) {
  int x = mul24(3, 4);
  //@ assert x == 12;
  if (0 <= n && n < 1000) {
    int y = mul24(n, 1000);
    //@ assert y == n * 1000;
  }
  int z = mul24(n, 2);
  //@ assert z == n * 2;
}
)";
  // n * 2 in the annotation is mathematical (no overflow obligation); mul24(n, 2) is
  // unknown when n does not fit 24 bits, so the assertion fails.
  expect(src, Verdict::Failed, {{"assert", 9}});
  const char *cu = R"(__global__ void k(int *A) {
  unsigned int i = __umul24(blockIdx.x, 64u) + threadIdx.x;
  int j = __mul24(-3, 5);
  //@ assert j == -15;
  //@ assert blockIdx.x < 1000 ==> i == blockIdx.x * 64 + threadIdx.x;
}
)";
  expect(cu, Verdict::Verified, {}, ".cu");
}

TEST_CASE("bit and wrapping atomics have their exact effect with a full permission",
          "[c][builtins][atomics]") {
  const char *cl = R"(/*@
  context a != NULL && \pointer_length(a) == 1;
  context get_global_size(0) == 1;
  context Perm(&a[0], write);
@*/
__kernel void k(__global int *a) {
  a[0] = 6;
  int old = atomic_and(&a[0], 3);
  //@ assert old == 6;
  atomic_or(&a[0], 8);
  atom_xor(&a[0], 0);
  //@ assert a[0] == 10;
}
)";
  expect(cl, Verdict::Verified, {});
  expect(replaced(cl, "a[0] == 10", "a[0] == 11"), Verdict::Failed, {{"assert", 12}});
  const char *cu = R"(/*@
  context a != NULL && \pointer_length(a) == 1;
  context gridDim.x == 1 && blockDim.x == 1;
  context Perm(&a[0], write);
@*/
__global__ void k(unsigned int *a) {
  a[0] = 5;
  atomicInc(&a[0], 10u);
  //@ assert a[0] == 6;
  atomicInc(&a[0], 6u);
  //@ assert a[0] == 0;
  atomicDec(&a[0], 9u);
  //@ assert a[0] == 9;
  atomicDec(&a[0], 4u);
  //@ assert a[0] == 4;
}
)";
  expect(cu, Verdict::Verified, {}, ".cu");
  expect(replaced(cu, "a[0] == 4;", "a[0] == 8;"), Verdict::Failed, {{"assert", 15}}, ".cu");
  // Without all of the permission other threads interfere: unknown.
  const char *shared = R"(/*@
  context a != NULL && \pointer_length(a) == 1;
  context gridDim.x == 1 && blockDim.x == 2;
  context Perm(&a[0], 1\2);
@*/
__global__ void k(unsigned int *a) {
  unsigned int old = atomicAnd(&a[0], 0u);
  //@ assert old == 0;
}
)";
  expect(shared, Verdict::Failed, {{"assert", 8}}, ".cu");
}

TEST_CASE("a thread block's sync is __syncthreads, grid sync is unsupported",
          "[c][builtins][cooperative]") {
  const char *src = R"(#include <cooperative_groups.h>
using namespace cooperative_groups;
/*@
  context blockDim.x == 64;
  context out != NULL && \pointer_length(out) == gridDim.x * 64;
  context Perm(&out[blockIdx.x * 64 + threadIdx.x], write);
  requires Perm(&tile[threadIdx.x], write);
@*/
__global__ void k(int *out) {
  __shared__ int tile[64];
  thread_block b = this_thread_block();
  tile[threadIdx.x] = 1;
  /*@
    context blockDim.x == 64;
    requires Perm(&tile[threadIdx.x], write);
    ensures Perm(&tile[(threadIdx.x + 1) % 64], 1\2);
  @*/
  SYNC;
  out[blockIdx.x * 64 + threadIdx.x] = tile[(threadIdx.x + 1) % 64];
}
)";
  for (const char *sync : {"b.sync()", "sync(b)", "synchronize(b)", "this_thread_block().sync()"})
    expect(replaced(src, "SYNC", sync), Verdict::Verified, {}, ".cu");
  // Under a thread-dependent condition: divergence.
  expect(R"(#include <cooperative_groups.h>
using namespace cooperative_groups;
__global__ void k(int *a) {
  thread_block b = this_thread_block();
  if (threadIdx.x % 2 == 0)
    b.sync();
}
)",
         Verdict::Failed, {{"barrier.divergence", 6}}, ".cu");
  // Grid-wide: a barrier across blocks, not modelled.
  for (const char *grid :
       {"grid_group g = this_grid(); g.sync()", "grid_group g = this_grid(); synchronize(g)"}) {
    auto r = runSnippet(replaced(src, "SYNC", grid), "builtins", ".cu");
    CHECK(r.verdict == Verdict::Invalid);
    CHECK(r.errors.count({"unsupported", 18})); // (and the barrier contract before it: type)
    CHECK(mentions(r, "grid-wide synchronisation"));
  }
}

TEST_CASE("async_work_group_copy: the group's copy, done at the wait", "[c][builtins][async]") {
  expect(kAsyncCopy, Verdict::Verified, {});
  // Used before the wait: the copy holds the permission.
  expect(replaced(replaced(kAsyncCopy, "  wait_group_events(1, &e);\n", ""),
                  "tile[get_local_id(0)];\n",
                  "tile[get_local_id(0)];\n  wait_group_events(1, &e);\n"),
         Verdict::Failed, {{"perm.read", 13}});
  // A barrier does not end the copy either.
  expect(replaced(kAsyncCopy, "  wait_group_events(1, &e);\n",
                  "  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"),
         Verdict::Failed, {{"perm.read", 14}});
  // Another group's block: the work items hold no permission to it.
  expect(replaced(kAsyncCopy, "in + get_group_id(0) * 64",
                  "in + (get_group_id(0) + 1) % get_num_groups(0) * 64"),
         Verdict::Failed, {{"pre", 12}});
  // Beyond the buffer.
  expect(replaced(kAsyncCopy, "in + get_group_id(0) * 64, 64", "in + get_group_id(0) * 64, 65"),
         Verdict::Failed, {{"pre", 12}});
  // Events: an array of them, and joining a second copy to the first event.
  const char *two = R"(/*@
  context get_local_size(0) == 64;
  context p != NULL && \pointer_length(p) == get_global_size(0);
  context q != NULL && \pointer_length(q) == get_global_size(0);
  context Perm(&p[get_global_id(0)], read) ** Perm(&q[get_global_id(0)], read);
  requires Perm(&tp[get_local_id(0)], write) ** Perm(&tq[get_local_id(0)], write);
  ensures tp[get_local_id(0)] == p[get_global_id(0)];
  ensures tq[get_local_id(0)] == q[get_global_id(0)];
@*/
__kernel void k(__global int *p, __global int *q) {
  __local int tp[64];
  __local int tq[64];
  event_t es[2];
  es[0] = async_work_group_copy(tp, p + get_group_id(0) * 64, 64, 0);
  es[1] = async_work_group_copy(tq, q + get_group_id(0) * 64, 64, 0);
  wait_group_events(2, es);
}
)";
  // The local arrays' contents are the kernel's: its postcondition may not name
  // them, so state the facts as assertions instead.
  std::string twoAsserts = replaced(
      replaced(two,
               "  ensures tp[get_local_id(0)] == p[get_global_id(0)];\n  ensures "
               "tq[get_local_id(0)] == q[get_global_id(0)];\n",
               ""),
      "  wait_group_events(2, es);\n",
      "  wait_group_events(2, es);\n  //@ assert tp[get_local_id(0)] == p[get_global_id(0)];\n"
      "  //@ assert tq[get_local_id(0)] == q[get_global_id(0)];\n");
  expect(twoAsserts, Verdict::Verified, {});
  expect(replaced(twoAsserts, "wait_group_events(2, es);", "wait_group_events(1, es);"),
         Verdict::Failed, {{"perm.read", 16}});
  std::string joined = replaced(
      replaced(twoAsserts, "es[1] = async_work_group_copy(tq, q + get_group_id(0) * 64, 64, 0);",
               "async_work_group_copy(tq, q + get_group_id(0) * 64, 64, es[0]);"),
      "wait_group_events(2, es);", "wait_group_events(1, &es[0]);");
  expect(joined, Verdict::Verified, {});
}

TEST_CASE("async_work_group_copy must be reached by the whole group with the same arguments",
          "[c][builtins][async][soundness]") {
  // Under a condition, after a return, with a thread-dependent argument, in a loop,
  // with an event that is not tracked: unsupported, at the copy.
  const char *src = R"(__kernel void k(__global int *p, int n) {
  __local int t[64];
  event_t e;
  BODY
}
)";
  for (const char *body :
       {"if (get_local_id(0) < 3) e = async_work_group_copy(t, p, 64, 0);",
        "if (n > 3) return; e = async_work_group_copy(t, p, 64, 0);",
        "e = async_work_group_copy(t, p + get_local_id(0), 64, 0);",
        "e = async_work_group_copy(t, p, n, 0); n = 2;",
        "for (int i = 0; i < n; i++) e = async_work_group_copy(t, p, 64, 0);",
        "e = async_work_group_copy(t, p, 64, 0); if (n > 0) wait_group_events(1, &e);"}) {
    auto r = runSnippet(replaced(src, "BODY", body), "builtins", ".cl");
    INFO(body);
    CHECK(r.verdict == Verdict::Invalid);
    CHECK(r.errors == Errors{{"unsupported", 4}});
  }
}

TEST_CASE("cuRAND's generator state is memory a step reads and writes", "[c][builtins]") {
  // Without a contract the thread holds no permission to its state: the step's read
  // of it fails, never an unknown value of no memory.
  auto r = runSnippet(R"(__global__ void k(curandState *s, float *a) {
  a[threadIdx.x] = curand(&s[threadIdx.x]);
}
)",
                      "builtins", ".cu");
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors.count({"perm.read", 2}));
  // Stepping a state each thread may only read is a race on the state.
  auto shared = runSnippet(R"(/*@ context s != NULL && \pointer_length(s) == 1;
    context Perm(&s[0], 1\(blockDim.x * gridDim.x)); @*/
__global__ void k(curandState *s) {
  unsigned v = curand(s);
}
)",
                           "builtins", ".cu");
  CHECK(shared.verdict == Verdict::Failed);
  CHECK(shared.errors.count({"perm.write", 4}));
  // curand_init needs a whole permission; a step's value is not shared by the threads.
  expect(R"(/*@ context s != NULL && \pointer_length(s) == blockDim.x * gridDim.x;
    context Perm(&s[blockIdx.x * blockDim.x + threadIdx.x], write); @*/
__global__ void k(curandState *s) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(7, id, 0, &s[id]);
  if (curand(&s[id]) == 0)
    __syncthreads();
}
)",
         Verdict::Failed, {{"barrier.divergence", 7}}, ".cu");
}

TEST_CASE("textures are rejected by name, and CUDA has uint", "[c][builtins]") {
  auto t = runSnippet(R"(texture<unsigned, 1, cudaReadModeElementType> tex;
__global__ void k(int *a) {
  a[threadIdx.x] = tex1Dfetch(tex, 4);
}
)",
                      "builtins", ".cu");
  CHECK(t.verdict == Verdict::Invalid);
  CHECK(t.errors.count({"unsupported", 1}));
  expect("__global__ void k(uint *a) {\n  uint x = 3;\n  //@ assert x == 3;\n}\n",
         Verdict::Verified, {}, ".cu");
}

TEST_CASE("CUDA math functions are uninterpreted functions of their arguments", "[c][builtins]") {
  const char *src = R"(__global__ void k(float *a) {
  float x = __exp10f(2.0f);
  float y = __exp10f(2.0f);
  float z = sinf(x) + sin(1.0) + fminf(x, y);
  a[0] = z;
}
)";
  // Accepted: no contract gives a[0], so only the write fails.
  expect(src, Verdict::Failed, {{"perm.write", 5}, {"null", 5}, {"bounds", 5}}, ".cu");
}

// OpenCL: beyond the work dimensions an id is 0 and a size 1 (red team 2026-11-24: a
// literal 3 was a type error).
TEST_CASE("work-item functions beyond dimension 2 are 0 (ids) and 1 (sizes)", "[c][builtins]") {
  kprove::testing::expectOutcome(
      "__kernel void k(__global int *a) {\n"
      "  //@ assert get_global_id(3) == 0 && get_local_id(7) == 0 && get_group_id(3) == 0;\n"
      "  //@ assert get_local_size(3) == 1 && get_global_size(4) == 1 && get_num_groups(3) == 1;\n"
      "}\n",
      Verdict::Verified, {}, ".cl");
  kprove::testing::expectOutcome("__kernel void k(__global int *a) {\n"
                                 "  //@ assert get_local_size(3) == 2;\n"
                                 "}\n",
                                 Verdict::Failed, {{"assert", 2}}, ".cl");
  // The argument is a uint: 2^32 + 1 is dimension 1, not beyond the dimensions.
  kprove::testing::expectOutcome("__kernel void k(__global int *a) {\n"
                                 "  //@ assert get_local_size(4294967297) == get_local_size(1);\n"
                                 "  //@ assert get_local_size(4294967297) == 1;\n"
                                 "}\n",
                                 Verdict::Failed, {{"assert", 3}}, ".cl");
}

TEST_CASE("memcpy and memset are the element accesses they amount to", "[c][builtins]") {
  // Each work item copies its own pair; a third element is its neighbour's (a race).
  const char *copy = R"(/*@
  context in != NULL && \pointer_length(in) == 2 * get_global_size(0) + 2;
  context out != NULL && \pointer_length(out) == 2 * get_global_size(0) + 2 && out != in;
  context Perm(&in[2 * get_global_id(0)], 1\4) ** Perm(&in[2 * get_global_id(0) + 1], 1\4);
  context Perm(&in[2 * get_global_id(0) + 2], 1\4);
  context Perm(&out[2 * get_global_id(0)], write) ** Perm(&out[2 * get_global_id(0) + 1], write);
  ensures out[2 * get_global_id(0) + 1] == in[2 * get_global_id(0) + 1];
@*/
__kernel void k(__global int *in, __global int *out) {
  __builtin_memcpy(&out[2 * get_global_id(0)], &in[2 * get_global_id(0)], 2 * sizeof(int));
}
)";
  expect(copy, Verdict::Verified, {});
  expect(replaced(copy, "2 * sizeof(int))", "3 * sizeof(int))"), Verdict::Failed,
         {{"perm.write", 10}});
  // memset of a float stores its bits (floats are opaque: `f[g] == 0.0f` is not known,
  // as NaN != NaN); a write like any other, a race without the cell's permission.
  const char *floats = R"(/*@
  context f != NULL && \pointer_length(f) == get_global_size(0) + 1;
  context Perm(&f[get_global_id(0)], write);
@*/
__kernel void k(__global float *f) {
  __builtin_memset(&f[get_global_id(0)], 0, sizeof(float));
}
)";
  expect(floats, Verdict::Verified, {});
  expect(replaced(floats, "sizeof(float))", "2 * sizeof(float))"), Verdict::Failed,
         {{"perm.write", 6}});
  // What kprove cannot write out element by element is unsupported, at the call.
  for (const char *call :
       {"__builtin_memcpy(a, (__global char *)a, 4);", "__builtin_memcpy(a, a + 4, n);",
        "__builtin_memset(a, 0, 6);", "__builtin_memcpy(a, a + 100, 100 * sizeof(int));",
        "if (__builtin_memcpy(a, a + 4, 4)) a[0] = 1;"}) {
    std::string src = "__kernel void k(__global int *a, int n) {\n  " + std::string(call) + "\n}\n";
    INFO(src);
    expect(src, Verdict::Invalid, {{"unsupported", 2}});
  }
}
