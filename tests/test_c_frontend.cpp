// The OpenCL / CUDA front end: what it accepts, what it rejects (with the
// construct named at its line), and the GPU semantics it feeds to vcgen.
#include "lang/c/c_frontend.h"
#include "snippet_checks.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

using kprove::driver::Verdict;
using kprove::testing::runSnippet;

using kprove::testing::mentions;

namespace {

using Errors = std::set<std::pair<std::string, unsigned>>;

kprove::testing::SnippetResult cl(const std::string &text, kprove::driver::RunOptions o = {}) {
  return runSnippet(text, "c", ".cl", o);
}
kprove::testing::SnippetResult cu(const std::string &text) {
  return runSnippet(text, "c", ".cu");
}

// One work item per element: a kernel most tests vary.
const char *kVectorAdd = R"(/*@
  context a != NULL && c != NULL && \pointer_length(a) == n && \pointer_length(c) == n;
  context get_global_id(0) < n ==> Perm(&a[get_global_id(0)], 1\2) ** Perm(&c[get_global_id(0)], write);
  ensures get_global_id(0) < n ==> c[get_global_id(0)] == a[get_global_id(0)] + 1;
@*/
__kernel void inc(__global uint *a, __global uint *c, int n) {
  int i = get_global_id(0);
  if (i < n) {
    c[i] = a[i] + 1;
  }
}
)";

} // namespace

TEST_CASE("an OpenCL kernel verifies, and an off-by-one write fails at its line", "[c]") {
  CHECK(cl(kVectorAdd).verdict == Verdict::Verified);
  std::string shifted = kVectorAdd;
  shifted.replace(shifted.find("c[i] = "), 7, "c[i + 1] = ");
  auto r = cl(shifted);
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors.count({"perm.write", 9}));
}

TEST_CASE("the 1-D default is stated in a note, never silently", "[c]") {
  auto r = cl(kVectorAdd);
  REQUIRE(r.raw.remarks.size() == 1);
  CHECK(r.raw.remarks[0].message.find("1-D launch") != std::string::npos);
}

TEST_CASE("unsupported C constructs are named at their line", "[c][unsupported]") {
  struct Case {
    const char *body;
    const char *construct;
  };
  const Case cases[] = {
      {"  switch (n) { case 0: while (n) { case 1: n = 0; } }\n", "Duff's device"},
      {"  switch (n) { case 0 ... 3: break; }\n", "case range"},
      {"  while (n) { int t[4]; }\n", "private array 't' declared inside a loop"},
      {"  again: goto again;\n", "backward goto"},
      {"  n = a[n++];\n", "inside an expression"},
      {"  __global int *q = (__global int *)n;\n", "pointer conversion IntegralToPointer"},
  };
  for (const Case &c : cases) {
    std::string src = "__kernel void k(__global int *a, int n) {\n" + std::string(c.body) + "}\n";
    auto r = cl(src);
    INFO(src);
    CHECK(r.verdict == Verdict::Invalid);
    CHECK(r.errors.count({"unsupported", 2}));
    CHECK(mentions(r, c.construct));
  }
}

TEST_CASE("file-scope variables and structs with pointers are unsupported", "[c][unsupported]") {
  auto g = cl("int counter;\n__kernel void k(__global int *a) { a[0] = counter; }\n");
  CHECK(g.errors == Errors{{"unsupported", 1}});
  CHECK(mentions(g, "file-scope variable 'counter'"));
  auto s = cl("struct P { __global int *p; };\n__kernel void k(__global int *a) {\n  struct P q;\n"
              "  a[0] = 1;\n}\n");
  CHECK(s.verdict == Verdict::Invalid);
  CHECK(s.errors.count({"unsupported", 3}));
}

TEST_CASE("structs of scalars are flattened into their fields", "[c]") {
  const char *src = R"(typedef struct { int lo; int hi; } Range;

/*@
  context r.lo >= 0 && r.lo <= r.hi && a != NULL && \pointer_length(a) == r.hi;
  context r.lo <= get_global_id(0) && get_global_id(0) < r.hi ==> Perm(&a[get_global_id(0)], write);
  ensures r.lo <= get_global_id(0) && get_global_id(0) < r.hi ==> a[get_global_id(0)] == r.lo;
@*/
__kernel void clip(__global int *a, Range r) {
  Range s = r;
  Range t = {0, 1};
  t.lo = s.lo;
  if (s.lo <= get_global_id(0) && get_global_id(0) < s.hi)
    a[get_global_id(0)] = t.lo;
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  std::string wrong = src;
  wrong.replace(wrong.find("t.lo = s.lo;"), 12, "t.lo = s.hi;");
  CHECK(cl(wrong).errors == Errors{{"post", 6}});
}

TEST_CASE("builtin dimensions must be literals", "[c]") {
  // A literal beyond 2 is OpenCL's out-of-range dimension (test_c_builtins.cpp).
  auto r = cl("__kernel void k(__global int *a) {\n  int i = get_local_id(3);\n}\n");
  CHECK(r.errors.empty());
  auto s = cl("__kernel void k(__global int *a, int d) {\n  int i = get_local_id(d);\n}\n");
  CHECK(s.errors == Errors{{"type", 2}});
}

TEST_CASE("C compile errors and annotation syntax errors are reported at their line", "[c]") {
  auto c = cl("__kernel void k(__global int *a) {\n  a[0] = undeclared;\n}\n");
  CHECK(c.errors == Errors{{"parse", 2}});
  auto s = cl("/*@\n  requires a != NULL &&;\n@*/\n__kernel void k(__global int *a) { }\n");
  CHECK(s.errors == Errors{{"parse", 2}});
  auto d = cl("__kernel void k(__global int *a) { }\n/*@ requires true; @*/\n");
  CHECK(d.errors == Errors{{"unsupported", 2}});
}

TEST_CASE("two work groups writing one cell is a race", "[c]") {
  const char *src = R"(/*@
  context d != NULL && \pointer_length(d) == blockDim.x;
  context Perm(&d[threadIdx.x], write);
@*/
__global__ void k(int *d) {
  d[threadIdx.x] = 1;
}
)";
  auto r = cu(src);
  CHECK(r.errors == Errors{{"resources", 3}});
}

TEST_CASE("launch flags pin sizes, and a flag the precondition rules out is an error", "[c]") {
  const char *src = R"(/*@
  context get_local_size(0) == 32 && a != NULL && \pointer_length(a) == 32;
  context Perm(&a[get_local_id(0)], write);
  ensures a[get_local_id(0)] == 1;
@*/
__kernel void k(__global int *a) {
  a[get_local_id(0)] = 1;
}
)";
  kprove::driver::RunOptions ok;
  ok.launch.localSize[0] = 32;
  ok.launch.numGroups[0] = 1;
  CHECK(cl(src, ok).verdict == Verdict::Verified);
  kprove::driver::RunOptions bad;
  bad.launch.localSize[0] = 64;
  auto r = cl(src, bad);
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors == Errors{{"kernel.spec", 6}});
}

TEST_CASE("a race on a float array is found (floats are opaque values)", "[c]") {
  const char *src = R"(/*@
  context a != NULL && \pointer_length(a) == n;
  context b != NULL && \pointer_length(b) == n;
  context get_global_id(0) < n ==> Perm(&a[get_global_id(0)], 1\2) ** Perm(&b[get_global_id(0)], write);
  ensures get_global_id(0) < n ==> b[get_global_id(0)] == b[get_global_id(0)];
@*/
__kernel void scale(__global float *a, __global float *b, int n) {
  int i = get_global_id(0);
  if (i < n) {
    float x = a[i] * 2.0f;
    b[i] = x > 1.5f ? x : 0.0f;
  }
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  std::string racy = src;
  racy.replace(racy.find("b[i] = x"), 8, "b[i + 1] = x");
  auto r = cl(racy);
  CHECK(r.errors.count({"perm.write", 11}));
  // Annotations cannot compute with floating-point values.
  auto lit = cl("/*@ requires 1.5f == 1.5f; @*/\n__kernel void k(__global float *a) { }\n");
  CHECK(lit.errors == Errors{{"unsupported", 1}});
  auto order = cl("/*@\n  requires a != NULL && \\pointer_length(a) == 1 && Perm(&a[0], 1\\2);\n"
                  "  ensures a[0] < a[0] + 1;\n@*/\n__kernel void k(__global float *a) { }\n");
  CHECK(order.errors == Errors{{"unsupported", 3}});
  CHECK(mentions(order, "floating-point value in an annotation"));
}

TEST_CASE("an early return before a barrier is barrier divergence", "[c]") {
  const char *src = R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
@*/
__kernel void k(__global int *a, int n) {
  if (get_global_id(0) >= n)
    return;
  a[get_global_id(0)] = 0;
  barrier(CLK_GLOBAL_MEM_FENCE);
}
)";
  auto r = cl(src);
  CHECK(r.errors == Errors{{"barrier.divergence", 9}});
}

TEST_CASE("helper functions are called with their contracts", "[c]") {
  const char *src = R"(/*@
  context p != NULL && 0 <= i && i < \pointer_length(p) && Perm(&p[i], write);
  ensures p[i] == v;
@*/
void put(__global int *p, int i, int v) {
  p[i] = v;
}

/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)] == 7;
@*/
__kernel void k(__global int *a) {
  put(a, get_global_id(0), 7);
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  std::string wrong = src;
  wrong.replace(wrong.find("get_global_id(0), 7)"), 20, "get_global_id(0), 8)");
  CHECK(cl(wrong).errors == Errors{{"post", 12}});
}

TEST_CASE("a plain read racing an atomic fails, atomics alone are race free", "[c]") {
  const char *src = R"(/*@
  context c != NULL && \pointer_length(c) == 1;
  context Perm(&c[0], 1\(get_global_size(0)));
@*/
__kernel void k(__global int *c) {
  atomic_add(&c[0], 1);
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  std::string racy = src;
  racy.replace(racy.find("atomic_add(&c[0], 1);"), 21, "atomic_add(&c[0], 1);\n  int x = c[0];");
  CHECK(cl(racy).errors == Errors{{"perm.read", 7}});
}

TEST_CASE("every atomic operation, #include <opencl.h>, //@ statements and __constant", "[c]") {
  const char *src = R"(#include <opencl.h>
/*@
  context c != NULL && \pointer_length(c) == 1 && k != NULL && \pointer_length(k) == 1;
  context Perm(&c[0], 1\(get_global_size(0))) ** Perm(&k[0], 1\(get_global_size(0)));
@*/
__kernel void k1(__global int *c, __constant int *k) {
  int old = atomic_xchg(&c[0], 1);
  int o2 = atomic_cmpxchg(&c[0], old, 2);
  atomic_min(&c[0], o2);
  atomic_max(c, 3);
  atomic_sub(c + 0, k[0]);
  atomic_dec(&c[0]);
  atomic_inc(&c[0]);
  atomic_add(&c[0], 1);
  //@ assert old == old;
  //@ assert k[0] == 0;
}
)";
  auto r = cl(src);
  CHECK(r.errors == Errors{{"assert", 16}});
  auto w = cl("__kernel void k3(__constant int *k) {\n  k[0] = 1;\n}\n");
  CHECK(w.errors == Errors{{"parse", 2}});
}

TEST_CASE("CUDA atomics and extern __shared__ memory", "[c]") {
  const char *src = R"(/*@
  context c != NULL && \pointer_length(c) == 1;
  context Perm(&c[0], 1\(blockDim.x * gridDim.x));
  context \shared_mem_size(s) == blockDim.x;
  requires Perm(&s[threadIdx.x], write);
@*/
__global__ void k2(int *c) {
  extern __shared__ int s[];
  int old = atomicExch(&c[0], 1);
  atomicCAS(&c[0], old, 2);
  atomicMin(&c[0], 1);
  atomicMax(&c[0], 1);
  atomicSub(&c[0], 1);
  atomicAdd(&c[0], 1);
  s[threadIdx.x] = old;
  s[threadIdx.x + 1] = old;
}
)";
  CHECK(cu(src).errors == (Errors{{"perm.write", 16}, {"bounds", 16}}));
}

TEST_CASE("an array updated with atomics cannot be passed to a function", "[c][unsupported]") {
  const char *src = R"(/*@ context p != NULL && \pointer_length(p) == 1 && Perm(&p[0], 1\2); @*/
int get(__global int *p) { return p[0]; }

/*@
  context c != NULL && \pointer_length(c) == 1;
  context Perm(&c[0], 1\(get_global_size(0)));
@*/
__kernel void k(__global int *c) {
  atomic_add(&c[0], 1);
  int x = get(c);
}
)";
  CHECK(cl(src).errors == Errors{{"unsupported", 10}});
}

TEST_CASE("pointer annotations: \\pointer, \\pointer_index, Perm(p + i, f)", "[c]") {
  const char *src = R"(/*@
  requires \pointer(a, get_global_size(0), 1\(get_global_size(0)));
  context \pointer_index(b, get_global_id(0), write);
  context c != NULL && \pointer_length(c) == \pointer_length(b) ** Perm(c + get_global_id(0), write);
  ensures b[get_global_id(0)] == c[get_global_id(0)];
@*/
__kernel void k(__global int *a, __global int *b, __global int *c) {
  int i = get_global_id(0);
  c[i] = a[0];
  b[i] = c[i];
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  std::string shifted = src;
  shifted.replace(shifted.find("Perm(c + get_global_id(0)"), 25, "Perm(c + get_local_id(0)");
  CHECK(cl(shifted).verdict == Verdict::Failed);
}

TEST_CASE("\\ltid and \\gtid linearise 2-D ids, and get_work_dim", "[c]") {
  const char *src = R"(/*@
  context get_local_size(0) == 4 && get_local_size(1) == 2 && get_num_groups(0) == 3;
  context get_num_groups(1) == 1;
  context a != NULL && \pointer_length(a) == 24 && Perm(&a[\gtid], write);
  ensures a[\gtid] == \ltid;
@*/
__kernel void k(__global int *a) {
  int l = get_local_id(1) * 4 + get_local_id(0);
  int g = get_group_id(0) * 8 + l;
  a[g] = l;
  //@ assert get_work_dim() >= 1;
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
}

TEST_CASE("\\old in a barrier contract means each thread's own cells (regression)",
          "[c][soundness]") {
  // Before the fix, the group check read \old(d[t]) with the checking thread's id for
  // every thread, so all of s seemed to hold that one value and this wrong barrier
  // postcondition verified.
  const char *src = R"(/*@
  context blockDim.x == 64 && gridDim.x == 1 && d != NULL && \pointer_length(d) == 64;
  context Perm(&d[threadIdx.x], 1\2);
  requires Perm(&s[threadIdx.x], write);
@*/
__global__ void k(int *d) {
  __shared__ int s[64];
  s[threadIdx.x] = d[threadIdx.x];
  /*@
    requires Perm(&s[threadIdx.x], write) ** s[threadIdx.x] == \old(d[threadIdx.x]);
    ensures Perm(&s[(threadIdx.x + 1) % 64], 1\2);
    ensures s[(threadIdx.x + 1) % 64] == \old(d[threadIdx.x]);
  @*/
  __syncthreads();
}
)";
  CHECK(cu(src).errors == Errors{{"barrier.post", 12}});
  std::string right = src;
  right.replace(right.find("== \\old(d[threadIdx.x]);\n  @*/"), 24,
                "== \\old(d[(threadIdx.x + 1) % 64]);");
  CHECK(cu(right).verdict == Verdict::Verified);
}

TEST_CASE("a do-while body's annotations hold in every iteration (regression)", "[c][soundness]") {
  // The body is run once before the loop and then as the loop body; both copies must
  // carry its assertions (they once went only to the first).
  const char *src = R"(/*@
  context a != NULL && \pointer_length(a) == 1 && Perm(&a[0], 1\(get_global_size(0)));
@*/
__kernel void k(__global int *a, int n) {
  int i = 0;
  /*@ loop_invariant 0 <= i; @*/
  do {
    int t = i;
    //@ assert t == i;
    //@ assert i < 3;
    i = t + 1;
  } while (i < n);
}
)";
  CHECK(cl(src).errors == Errors{{"assert", 10}});
}

// --- scoping of for-loop declarations ---

TEST_CASE("sibling for loops each declare their own i (block scoping)", "[c][scope]") {
  const char *src = R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)] == n;
@*/
__kernel void k(__global int *a, int n) {
  int s = 0;
  /*@ loop_invariant 0 <= i && (i <= n || i == 0); loop_invariant s == i; @*/
  for (int i = 0; i < n; i++) {
    s = s + 1;
  }
  for (int i = 0; i < 3; i++) {
  }
  int j;
  /*@ loop_invariant j <= n || n < 0; @*/
  for (j = 0; j < n; j++) {
  }
  a[get_global_id(0)] = n < 0 ? n : s;
}
)";
  auto r = cl(src);
  INFO(r.errors.size());
  CHECK(r.errors.empty());
  // The loop's invariant still belongs to it: a wrong one fails at its line.
  std::string wrong = src;
  wrong.replace(wrong.find("loop_invariant s == i;"), 22, "loop_invariant s == 0;");
  CHECK(cl(wrong).errors == (Errors{{"loop.preserve", 8}, {"post", 4}}));
}

TEST_CASE("an inner block's i does not outlive the block", "[c][scope]") {
  // The front end emits nested Blocks; the type checker renames the inner `i`. It must
  // not verify: the second write goes to out[0], which the thread has no permission
  // for (perm.write at line 12).
  const char *src = R"(/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  int gid = get_global_id(0);
  int i = 0;
  {
    int i = gid;
    out[i] = 1;
  }
  out[i] = 2;
}
)";
  CHECK(cl(src).verdict != Verdict::Verified);
}

// --- the builtin table (stdlib-specs/builtins.def) ---

TEST_CASE("every builtin of the table is accepted or rejected as the table says", "[c][builtins]") {
  for (const kprove::lang::Builtin &b : kprove::lang::builtinTable()) {
    bool cuda = b.dialect == kprove::lang::CDialect::Cuda;
    std::string src =
        cuda ? "#include <cooperative_groups.h>\n__global__ void k(int *a, float *f, int n) {\n"
             : "__kernel void k(__global int *a, __global float *f, int n) {\n";
    src += "  " + std::string(b.example) + "\n}\n";
    unsigned line = cuda ? 3 : 2;
    auto r = cuda ? cu(src) : cl(src);
    INFO(src);
    CHECK_FALSE(r.errors.count({"parse", line}));
    if (b.kind == kprove::lang::BuiltinKind::Rejected) {
      CHECK(r.verdict == Verdict::Invalid);
      CHECK(r.errors.count({"unsupported", line}));
      CHECK(mentions(r, "unsupported builtin '" + std::string(b.name) + "'"));
    } else {
      CHECK_FALSE(r.errors.count({"unsupported", line}));
      CHECK_FALSE(r.errors.count({"type", line}));
    }
  }
}

TEST_CASE("a builtin missing from the table is unsupported, never an unknown value",
          "[c][builtins][soundness]") {
  for (const char *call : {"convert_int(f[1])", "printf(\"%d\", n)", "get_image_width(0)"}) {
    std::string src = "__kernel void k(__global int *a, __global float *f, int n) {\n  a[0] = " +
                      std::string(call) + ";\n}\n";
    auto r = cl(src);
    INFO(src);
    CHECK(r.verdict == Verdict::Invalid);
    if (std::string(call).rfind("get_image", 0) == 0)
      continue; // not declared at all: a Clang error is a rejection too
    CHECK(r.errors == Errors{{"unsupported", 2}});
    CHECK(mentions(r, "unsupported builtin '"));
  }
}

TEST_CASE("get_local_linear_id is thread-dependent: a barrier under it diverges",
          "[c][builtins][soundness]") {
  // It used to be an unknown constant, which the divergence analysis took for uniform.
  const char *src = R"(__kernel void k(__global int *a) {
  if (get_local_linear_id() == 0)
    barrier(CLK_LOCAL_MEM_FENCE);
}
)";
  CHECK(cl(src).errors == Errors{{"barrier.divergence", 3}});
}

TEST_CASE("linear ids, enqueued sizes: their OpenCL 2.0 definitions", "[c][builtins]") {
  const char *src = R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0) * get_global_size(1);
  context Perm(&a[get_global_id(1) * get_global_size(0) + get_global_id(0)], write);
  ensures a[get_global_id(1) * get_global_size(0) + get_global_id(0)] == \ltid;
@*/
__kernel void k(__global ulong *a) { // ulong: a linear id may exceed int
  //@ assert get_enqueued_local_size(1) == get_local_size(1);
  //@ assert get_local_linear_id() == get_local_id(1) * get_local_size(0) + get_local_id(0);
  a[get_global_linear_id()] = get_local_linear_id();
}
)";
  CHECK(cl(src).verdict == Verdict::Verified);
  // The global linear id is not \gtid (group-major) in 2-D.
  std::string gtid = src;
  gtid.replace(gtid.find("//@ assert get_enqueued"), 11,
               "//@ assert get_global_linear_id() == \\gtid && ");
  CHECK(cl(gtid).errors == Errors{{"assert", 7}});
  // The global offset: an unknown launch constant (lang/c/lower_builtin_calls.cpp).
  auto off = cl("__kernel void k(__global int *a) {\n  size_t o = get_global_offset(0);\n"
                "  //@ assert o == 0;\n}\n");
  CHECK(off.errors == Errors{{"assert", 3}});
}

// --- collectives ---

TEST_CASE("work-group collectives and CUDA's are unsupported, named at their line",
          "[c][builtins][soundness]") {
  auto wg = cl(R"(__kernel void k(__global int *a, int n) {
  if (get_local_id(0) == 0)
    a[0] = work_group_reduce_add(n);
}
)");
  CHECK(wg.errors == Errors{{"unsupported", 3}});
  CHECK(mentions(wg, "unsupported builtin 'work_group_reduce_add'"));
  auto sc = cu(R"(__global__ void k(int *a, int n) {
  if (threadIdx.x == 0)
    a[0] = __syncthreads_count(n);
}
)");
  CHECK(sc.errors == Errors{{"unsupported", 3}});
  CHECK(mentions(sc, "unsupported builtin '__syncthreads_count'"));
  // A thread block's sync is a barrier (test_c_builtins.cpp); a grid's is not modelled.
  auto cg = cu(R"(#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *a) {
  cg::this_grid().sync();
}
)");
  CHECK(cg.errors == Errors{{"unsupported", 4}});
  CHECK(mentions(cg, "unsupported builtin 'cooperative_groups::grid_group::sync'"));
}

// --- barrier scopes and fences ---

namespace {
// examples/opencl/tile_exchange.cl with its barrier replaced by `barrier`: work items
// exchange values through a __local tile.
const char *const kTileBarrier = "barrier(CLK_LOCAL_MEM_FENCE);";
std::string tileExchangeExample() {
  std::ifstream in(KPROVE_SOURCE_DIR "/examples/opencl/tile_exchange.cl");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}
unsigned lineOf(const std::string &src, const std::string &needle) {
  size_t at = src.find(needle);
  REQUIRE(at != std::string::npos);
  return 1 + static_cast<unsigned>(std::count(src.begin(), src.begin() + at, '\n'));
}
std::string tileExchange(const std::string &barrier) {
  std::string src = tileExchangeExample();
  src.replace(src.find(kTileBarrier), std::string(kTileBarrier).size(), barrier + ";");
  return src;
}
// Where the example hands out its neighbour's cell, and where its barrier stands.
unsigned tileHandOutLine() {
  return lineOf(tileExchangeExample(), "ensures Perm(&tile[");
}
unsigned tileBarrierLine() {
  return lineOf(tileExchangeExample(), kTileBarrier);
}
} // namespace

TEST_CASE("work_group_barrier honours its memory scope", "[c][barrier][soundness]") {
  CHECK(cl(tileExchange("work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group)"))
            .verdict == Verdict::Verified);
  CHECK(cl(tileExchange("work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_device)")).verdict ==
        Verdict::Verified);
  CHECK(cl(tileExchange("work_group_barrier(CLK_LOCAL_MEM_FENCE)")).verdict == Verdict::Verified);
  // A work-item scope orders nothing for the other work items: the barrier fences
  // nothing, so the permission moved through it is a barrier.fence error (reported at
  // the clause that moves it, as for a wrong fence flag).
  auto item = cl(tileExchange("work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_item)"));
  CHECK(item.errors == Errors{{"barrier.fence", tileHandOutLine()}});
  // Flags 0: no fence at all.
  CHECK(cl(tileExchange("barrier(0)")).errors == Errors{{"barrier.fence", tileHandOutLine()}});
  auto sub = cl(tileExchange("work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_sub_group)"));
  CHECK(sub.errors == Errors{{"unsupported", tileBarrierLine()}});
  auto var = cl("__kernel void k(__global int *a, int s) {\n"
                "  work_group_barrier(CLK_LOCAL_MEM_FENCE, s);\n}\n");
  CHECK(var.errors == Errors{{"unsupported", 2}});
}

TEST_CASE("fences are not barriers: a contract before one is not a barrier's",
          "[c][barrier][soundness]") {
  // A fence has no effect (docs/language.md §11.5; test_c_builtins.cpp shows that no
  // permission moves through it); the barrier contract left before it is an error.
  for (const char *fence : {"mem_fence(CLK_LOCAL_MEM_FENCE)", "read_mem_fence(CLK_LOCAL_MEM_FENCE)",
                            "write_mem_fence(CLK_LOCAL_MEM_FENCE)"}) {
    auto r = cl(tileExchange(fence));
    INFO(fence);
    CHECK(r.errors.count({"type", tileHandOutLine()}));
    CHECK(r.verdict == Verdict::Invalid);
  }
}

// --- names: a user's threadIdx or get_local_id is not the builtin ---

TEST_CASE("a local or parameter named threadIdx / blockDim is the user's", "[c][names]") {
  const char *src = R"(struct P { int x; };
/*@
  context d != NULL && \pointer_length(d) == blockDim.x * gridDim.x;
  context Perm(&d[blockIdx.x * blockDim.x + threadIdx.x], write);
  ensures d[blockIdx.x * blockDim.x + threadIdx.x] == 5;
@*/
__global__ void k(int *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  struct P threadIdx = {5};
  //@ assert threadIdx.x == 5;
  d[i] = threadIdx.x;
}
)";
  CHECK(cu(src).verdict == Verdict::Verified);
  const char *param = R"(struct Dim { int x; };
/*@
  requires blockDim.x == 4;
  context d != NULL && \pointer_length(d) == 1 && Perm(&d[0], 1\2);
@*/
void h(int *d, struct Dim blockDim) {
  //@ assert blockDim.x == 4;
}
)";
  CHECK(cu(param).errors.empty());
  // Without the parameter the name is the builtin: in a helper with a contract, the
  // calling thread's block size (bound at each call), which the precondition pins.
  std::string builtin = param;
  builtin.replace(builtin.find("struct Dim blockDim"), 19, "struct Dim b");
  CHECK(cu(builtin).verdict == Verdict::Verified);
  builtin.replace(builtin.find("requires blockDim.x == 4"), 24, "requires blockDim.x >= 4");
  CHECK(cu(builtin).errors == Errors{{"assert", 7}});
}

TEST_CASE("a function the file defines is the user's, whatever its name", "[c][names]") {
  const char *src = R"(/*@ requires 0 <= d && d < 4; ensures \result == d + 1; @*/
__device__ int get_local_id(int d) { return d + 1; }

/*@
  context a != NULL && \pointer_length(a) == blockDim.x * gridDim.x;
  context Perm(&a[blockIdx.x * blockDim.x + threadIdx.x], write);
  ensures a[blockIdx.x * blockDim.x + threadIdx.x] == 1;
@*/
__global__ void k(int *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = get_local_id(0);
}
)";
  CHECK(cu(src).verdict == Verdict::Verified);
  const char *mn = R"(__device__ int min(int a, int b) { return a; }
/*@
  context a != NULL && \pointer_length(a) == blockDim.x * gridDim.x;
  context Perm(&a[blockIdx.x * blockDim.x + threadIdx.x], write);
  ensures a[blockIdx.x * blockDim.x + threadIdx.x] == 1;
@*/
__global__ void k(int *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = min(5, 1);
}
)";
  // OpenCL lets a file define get_local_id too; an annotation naming it means the
  // user's (impure) function, not the builtin.
  const char *ocl = R"(/*@ requires 0 <= d && d < 4; ensures \result == d + 1; @*/
int get_local_id(int d) { return d + 1; }

/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)] == 1;
@*/
__kernel void k(__global int *a) {
  a[get_global_id(0)] = get_local_id(0);
}
)";
  CHECK(cl(ocl).verdict == Verdict::Verified);
  std::string spec = ocl;
  spec.replace(spec.find("== 1;"), 5, "== get_local_id(0);");
  auto impure = cl(spec);
  CHECK(impure.errors == Errors{{"type", 7}});
  CHECK(mentions(impure, "'get_local_id' is not pure"));
  // The user's min has no contract: nothing is known of its result.
  CHECK(cu(mn).verdict == Verdict::Failed);
}

// VerCors's context_everywhere before a kernel: a context clause, and an invariant of
// every loop of the kernel (first, so the loop's own invariants may read what it frames).
TEST_CASE("context_everywhere before a kernel frames its loops", "[c][vercors]") {
  const std::string src =
      "/*@\n"                                                                              // 1
      "  context_everywhere a != NULL && \\pointer_length(a) == get_global_size(0) * 4;\n" // 2
      "  context_everywhere (\\forall* int j; 0 <= j && j < 4; Perm(&a[get_global_id(0) * 4 + "
      "j], write));\n"                                                                   // 3
      "  context_everywhere x == 7;\n"                                                   // 4
      "  ensures (\\forall int j; 0 <= j && j < 4; a[get_global_id(0) * 4 + j] == 0);\n" // 5
      "@*/\n"                                                                            // 6
      "__kernel void k(__global int *a, int x) {\n"                                      // 7
      "  size_t g = get_global_id(0);\n"                                                 // 8
      "  /*@ loop_invariant 0 <= i && i <= 4;\n"                                         // 9
      "      loop_invariant (\\forall int j; 0 <= j && j < i; a[g * 4 + j] == 0); @*/\n" // 10
      "  for (int i = 0; i < 4; i++)\n"                                                  // 11
      "    a[g * 4 + i] = 0;\n"                                                          // 12
      "}\n";
  kprove::driver::RunOptions intMath;
  intMath.launch.intMath = true;
  auto ok = cl(src, intMath);
  CHECK(ok.verdict == Verdict::Verified);
  CHECK(ok.errors.empty());
  // As a plain context, the permission does not reach the loop.
  std::string plain = src;
  plain.replace(plain.find("context_everywhere (\\forall*"), 18, "context           ");
  CHECK(cl(plain, intMath).errors == Errors{{"framing", 10}, {"perm.write", 12}});
  // Every loop must keep it: a loop that changes x breaks it.
  std::string breaks = src;
  breaks.replace(breaks.find("    a[g * 4 + i] = 0;\n"), 22, "  { a[g * 4 + i] = 0; x = 8; }\n");
  CHECK(cl(breaks, intMath).errors == Errors{{"loop.preserve", 4}});
}
