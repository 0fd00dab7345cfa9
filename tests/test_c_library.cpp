// Library forms kernels written for other tools use (lang/c/lower_builtin_calls.cpp,
// stdlib-specs/, docs/language.md §11.9, §11.10): OpenCL builtins on vectors component
// by component, builtins storing through a pointer (sincos), floating-point constants
// spelled as builtin calls (INFINITY), GPUVerify's uninterpreted functions declared by
// macro, CUDA's __CUDA_ARCH__ and __align__, and file-scope variables no function
// names. Each accepted form has a verdict and a failing variant at its line.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

#include <string>

using kprove::driver::Verdict;
using Errors = std::set<std::pair<std::string, unsigned>>;
using kprove::testing::mentions;
using kprove::testing::replaced;
using kprove::testing::runSnippet;

namespace {

void expect(const std::string &src, Verdict verdict, Errors errors,
            const std::string &ext = ".cl") {
  kprove::testing::expectOutcome(src, verdict, errors, ext, "library");
}

} // namespace

TEST_CASE("min and max on integer vectors are exact per component", "[c][builtins][vector]") {
  const char *src = R"(__kernel void k(int n) {
  int4 a = (int4)(1, 2, 3, 0);
  int4 b = (int4)(2, 3, 4, 1);
  int4 c = min(a, b);
  int4 d = max(a, n);
  //@ assert c.x == 1 && c.y == 2 && c.z == 3 && c.w == 0;
  //@ assert d.x >= n && d.w >= 0;
}
)";
  expect(src, Verdict::Verified, {});
  expect(replaced(src, "c.z == 3", "c.z == 4"), Verdict::Failed, {{"assert", 6}});
  expect(replaced(src, "d.w >= 0", "d.w == n"), Verdict::Failed, {{"assert", 7}});
}

TEST_CASE("math builtins on vectors are the scalar builtin per component",
          "[c][builtins][vector]") {
  const char *src = R"(/*@
  context io != NULL && \pointer_length(io) == get_global_size(0);
  context Perm(&io[get_global_id(0)], write);
@*/
__kernel void k(__global float4 *io, __global int4 *n) {
  float4 v = io[get_global_id(0)];
  float4 c = ceil(v);
  float4 d = ceil(v);
  float x = ceil(v.y);
  //@ assert c.y == x && c.w == d.w;
  io[get_global_id(0)] = pown(c, (int4)(2, 2, 2, 2));
}
)";
  expect(src, Verdict::Verified, {});
  // Another thread's element: a race.
  expect(replaced(src, "io[get_global_id(0)] = pown", "io[0] = pown"), Verdict::Failed,
         {{"perm.write", 11}});
  // ceil of one component is not ceil of another.
  expect(replaced(src, "c.w == d.w", "c.w == x"), Verdict::Failed, {{"assert", 10}});
  // The relational builtins are -1 per true component: not the scalar builtin.
  auto r = runSnippet("__kernel void k(__global float4 *f) {\n  int4 t = isnan(f[0]);\n}\n",
                      "library", ".cl");
  CHECK(r.verdict == Verdict::Invalid);
  CHECK(r.errors == Errors{{"unsupported", 2}});
  CHECK(mentions(r, "unsupported builtin 'isnan'"));
}

TEST_CASE("sincos returns one value and stores the other through its pointer", "[c][builtins]") {
  const char *src = R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
@*/
__kernel void k(__global float *a, float x) {
  float s = sincos(x, &a[get_global_id(0)]);
  float t = sincos(x, &a[get_global_id(0)]);
  //@ assert s == t;
  sincos(x, a + get_global_id(0));
}
)";
  expect(src, Verdict::Verified, {});
  // Every thread stores to a[0]: a race at the call (GPUVerify's miscfail9).
  expect(replaced(src, "sincos(x, a + get_global_id(0));", "sincos(x, a);"), Verdict::Failed,
         {{"perm.write", 9}});
  expect(replaced(src, "s == t", "s == x"), Verdict::Failed, {{"assert", 8}});
}

TEST_CASE("INFINITY and HUGE_VALF are floating-point constants", "[c][builtins]") {
  const char *src = R"(/*@
  context in != NULL && \pointer_length(in) == get_global_size(0);
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&in[get_global_id(0)], read);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global float *in, __global int *out) {
  float big = HUGE_VALF;
  out[get_global_id(0)] = in[get_global_id(0)] == INFINITY || in[get_global_id(0)] == big;
  //@ assert out[get_global_id(0)] <= 1;
}
)";
  expect(src, Verdict::Verified, {});
  expect(replaced(src, "<= 1;", "== 1;"), Verdict::Failed, {{"assert", 10}});
}

TEST_CASE("GPUVerify's DECLARE_UF_BINARY declares a bodiless function", "[c][gpuverify]") {
  const char *src = R"(DECLARE_UF_BINARY(A, unsigned, unsigned, unsigned);

__kernel void foo(unsigned x, unsigned y) {
  unsigned z = A(x, y);
  __assert(z == z);
}
)";
  expect(src, Verdict::Verified, {});
  // Nothing is known about its value (GPUVerify's axioms file is not read).
  expect(replaced(src, "z == z", "z == x"), Verdict::Failed, {{"assert", 5}});
}

TEST_CASE("inside GPUVerify's annotations a bodiless function is one uninterpreted function",
          "[c][gpuverify]") {
  const char *src = R"(DECLARE_UF_BINARY(f, int, int, int);
bool __uninterpreted_function_p(int x);

__kernel void foo(int a, int b) {
  __assert(f(a, b) == f(a, b));
  __assume(__uninterpreted_function_p(a));
  __assert(__uninterpreted_function_p(a));
}
)";
  expect(src, Verdict::Verified, {});
  // Nothing more: not symmetric, not the value a call in the code returned.
  expect(replaced(src, "f(a, b) == f(a, b)", "f(a, b) == f(b, a)"), Verdict::Failed,
         {{"assert", 5}});
  expect(replaced(src, "  __assert(f(a, b) == f(a, b));",
                  "  int v = f(a, b);\n  __assert(v == f(a, b));"),
         Verdict::Failed, {{"assert", 6}});
  expect(replaced(src, "__assert(__uninterpreted_function_p(a))",
                  "__assert(__uninterpreted_function_p(b))"),
         Verdict::Failed, {{"assert", 7}});
  // A function with a body keeps its meaning: its call in an annotation is unsupported.
  expect("int g(int x) { return x; }\n__kernel void foo(int a) {\n  __assert(g(a) == a);\n}\n",
         Verdict::Invalid, {{"unsupported", 3}});
}

TEST_CASE("CUDA kernels are device code: __CUDA_ARCH__ and __align__", "[c][cuda]") {
  const char *src = R"(#if __CUDA_ARCH__ < 350
#error device code expected
#endif
typedef struct __align__(8) {
  int a, b;
} pair;

__global__ void k(int *out) {
  pair p;
  p.a = 1;
  //@ assert p.a == 1;
}
)";
  expect(src, Verdict::Verified, {}, ".cu");
  expect(replaced(src, "p.a == 1;", "p.a == 2;"), Verdict::Failed, {{"assert", 11}}, ".cu");
  expect(replaced(src, "< 350", ">= 350"), Verdict::Invalid, {{"parse", 2}}, ".cu");
}

TEST_CASE("a file-scope variable no function names has no effect", "[c][cuda]") {
  const char *src = R"(int gB = 200;
char *buffer;

__global__ void k(int *out) {
  int x = 1;
  //@ assert x == 1;
}
)";
  expect(src, Verdict::Verified, {}, ".cu");
  // Named by a kernel: unsupported at its declaration.
  expect(replaced(src, "int x = 1;", "int x = gB;"), Verdict::Invalid, {{"unsupported", 1}}, ".cu");
}

TEST_CASE("a __device__ variable is global memory of the grid with unknown contents",
          "[c][cuda][device]") {
  const char *src = R"(__device__ unsigned int counter = 0;
__device__ int g[4][16];

/*@
  context blockDim.x == 64 && gridDim.x == 1;
  context Perm(&g[threadIdx.x / 16][threadIdx.x % 16], write);
  context Perm(&counter, 1\64);
@*/
__global__ void k() {
  g[threadIdx.x / 16][threadIdx.x % 16] = 1;
  atomicAdd(&counter, 1u);
  //@ assert g[threadIdx.x / 16][threadIdx.x % 16] == 1;
}
)";
  expect(src, Verdict::Verified, {}, ".cu");
  // Its initialiser is not its value at launch.
  expect(replaced(src, "  atomicAdd(&counter, 1u);\n", "  //@ assert counter == 0;\n"),
         Verdict::Failed, {{"assert", 11}}, ".cu");
  // One array for all blocks: two blocks claim the same cells.
  expect(replaced(src, "gridDim.x == 1", "gridDim.x == 2"), Verdict::Failed, {{"resources", 6}},
         ".cu");
  // Without a permission from the contract, as for a buffer parameter.
  expect(replaced(src, "  context Perm(&g[threadIdx.x / 16][threadIdx.x % 16], write);\n", ""),
         Verdict::Failed, {{"perm.write", 9}}, ".cu");
}

TEST_CASE("constant and __device__ memory in a helper function are unsupported",
          "[c][cuda][device]") {
  for (const char *space : {"__device__", "__constant__"}) {
    std::string src = std::string(space) + R"( int g[64];
__device__ int get(int i) { return g[i]; }
__global__ void k(int *a) {
  int x = get(threadIdx.x);
}
)";
    auto r = runSnippet(src, "library", ".cu");
    INFO(src);
    CHECK(r.verdict == Verdict::Invalid);
    CHECK(r.errors == Errors{{"unsupported", 2}});
    CHECK(mentions(r, "the file-scope variable 'g' in a function that is not a kernel"));
  }
  // A __device__ array of structs stays unsupported, naming it.
  auto s = runSnippet("struct P { int a; };\n__device__ P ps[4];\n__global__ void k() {\n"
                      "  ps[0].a = 1;\n}\n",
                      "library", ".cu");
  CHECK(s.verdict == Verdict::Invalid);
  CHECK(s.errors.count({"unsupported", 2}));
  CHECK(mentions(s, "file-scope variable 'ps'"));
}

TEST_CASE("shuffle and shuffle2 select components by the mask's low bits",
          "[c][builtins][vector]") {
  const char *src = R"(__kernel void k(uint4 m) {
  int4 x = (int4)(10, 11, 12, 13);
  int4 y = (int4)(20, 21, 22, 23);
  int4 r = shuffle(x, (uint4)(3, 2, 5, 0));
  int4 s = shuffle2(x, y, (uint4)(7, 4, 9, 0));
  int4 t = shuffle(x, m);
  //@ assert r.x == 13 && r.y == 12 && r.z == 11 && r.w == 10;
  //@ assert s.x == 23 && s.y == 20 && s.z == 11 && s.w == 10;
  //@ assert t.x >= 10 && t.x <= 13;
}
)";
  expect(src, Verdict::Verified, {});
  expect(replaced(src, "r.z == 11", "r.z == 12"), Verdict::Failed, {{"assert", 7}});
  expect(replaced(src, "s.x == 23", "s.x == 13"), Verdict::Failed, {{"assert", 8}});
  expect(replaced(src, "t.x >= 10", "t.x >= 11"), Verdict::Failed, {{"assert", 9}});
}
