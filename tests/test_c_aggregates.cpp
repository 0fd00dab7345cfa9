// Structs and vectors in OpenCL / CUDA kernels (lang/c/lower_aggregate.cpp): a
// buffer of structs or vectors is one array per leaf (struct of arrays), a struct or
// vector variable one variable per leaf. Each accepted form is checked by a verdict
// (and a failing variant at its line); each rejected form is unsupported at its
// line, naming the construct.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

#include <string>

using kprove::driver::Verdict;
using kprove::testing::runSnippet;

using kprove::testing::mentions;
using kprove::testing::replaced;

namespace {

kprove::testing::SnippetResult cl(const std::string &text) {
  return runSnippet(text, "agg", ".cl");
}
kprove::testing::SnippetResult cu(const std::string &text) {
  return runSnippet(text, "agg", ".cu");
}

// A buffer of structs: each work item writes one field of its element (line 13).
const char *kFields = R"(struct pair {
  uint lo;
  uint hi;
};
/*@
  context p != NULL && \pointer_length(p) == get_global_size(0);
  context Perm(&p[get_global_id(0)].lo, write) ** Perm(&p[get_global_id(0)].hi, 1\2);
  requires p[get_global_id(0)].hi < 100;
  ensures p[get_global_id(0)].lo == p[get_global_id(0)].hi + 1;
@*/
__kernel void k(__global struct pair *p) {
  size_t i = get_global_id(0);
  p[i].lo = p[i].hi + 1;
}
)";

// Nested structs, whole-struct copies, a by-value struct argument to a helper.
const char *kNested = R"(struct vec { uint x; uint y; };
struct body { struct vec pos; struct vec vel; };
/*@ ensures \result == v.x + 1; @*/
uint next(struct vec v) { return v.x + 1; }
/*@
  context b != NULL && \pointer_length(b) == get_global_size(0);
  context Perm(&b[get_global_id(0)], write);
  requires b[get_global_id(0)].vel.x < 100;
  ensures b[get_global_id(0)].pos.x == \old(b[get_global_id(0)].vel.x) + 1;
  ensures b[get_global_id(0)].vel.y == \old(b[get_global_id(0)].vel.y);
@*/
__kernel void k(__global struct body *b) {
  size_t i = get_global_id(0);
  struct body c = b[i];
  c.pos = c.vel;
  c.pos.x = next(c.vel);
  b[i] = c;
}
)";

// A helper taking a pointer to a struct buffer, p->f and (*p).f.
const char *kArrow = R"(struct cell { int v; int w; };
/*@
  context p != NULL && \pointer_length(p) >= 1;
  context Perm(&p[0].v, write) ** Perm(&p[0].w, 1\2);
  ensures p[0].v == p[0].w;
@*/
void copy(__global struct cell *p) { p->v = (*p).w; }
/*@
  context c != NULL && \pointer_length(c) == 1 && get_global_size(0) == 1;
  context Perm(&c[0], write);
  ensures c[0].v == c[0].w;
@*/
__kernel void k(__global struct cell *c) { copy(c); }
)";

// OpenCL vectors: components, swizzles, literals, element-wise arithmetic (line 12).
const char *kVector = R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  requires a[get_global_id(0)].x < 1000;
  ensures a[get_global_id(0)].x == \old(a[get_global_id(0)].y) * 2;
  ensures a[get_global_id(0)].s1 == \old(a[get_global_id(0)].x) + 1;
@*/
__kernel void k(__global uint2 *a) {
  size_t i = get_global_id(0);
  uint2 v = a[i];
  a[i] = v.yx * (uint2)(2, 1) + (uint2)(0, 1);
}
)";

} // namespace

TEST_CASE("aggregate: a buffer of structs is an array per field", "[c][aggregate]") {
  CHECK(cl(kFields).verdict == Verdict::Verified);
  // Writing the neighbour's field: a race through a struct field.
  auto race = cl(replaced(kFields, "p[i].lo = p[i].hi + 1;",
                          "p[i].lo = p[i].hi + 1; p[(i + 1) % get_global_size(0)].lo = 0;"));
  CHECK(race.verdict == Verdict::Failed);
  CHECK(race.errors.count({"perm.write", 13}));
  // Writing the field it only reads.
  auto hi = cl(replaced(kFields, "p[i].lo = p[i].hi + 1;", "p[i].hi = 1;"));
  CHECK(hi.verdict == Verdict::Failed);
  CHECK(hi.errors.count({"perm.write", 13}));
}

TEST_CASE("aggregate: nested structs, whole-struct copies and struct arguments", "[c][aggregate]") {
  CHECK(cl(kNested).verdict == Verdict::Verified);
  auto wrong = cl(replaced(kNested, "c.pos = c.vel;", "c.pos = c.vel; c.vel.y = 0;"));
  CHECK(wrong.verdict == Verdict::Failed);
  CHECK(wrong.errors.count({"post", 10}));
}

TEST_CASE("aggregate: a pointer to a struct buffer passed to a helper, p->f", "[c][aggregate]") {
  CHECK(cl(kArrow).verdict == Verdict::Verified);
  auto noPerm = cl(replaced(kArrow, "Perm(&c[0], write)", "Perm(&c[0].v, write)"));
  CHECK(noPerm.verdict == Verdict::Failed);
  CHECK(noPerm.errors.count({"pre", 13}));
}

TEST_CASE("aggregate: OpenCL vector components, swizzles and literals", "[c][aggregate]") {
  CHECK(cl(kVector).verdict == Verdict::Verified);
  auto race =
      cl(replaced(kVector, "a[i] = v.yx", "a[(i + 1) % get_global_size(0)].x = 0; a[i] = v.yx"));
  CHECK(race.verdict == Verdict::Failed);
  CHECK(race.errors.count({"perm.write", 11}));
  auto wrong = cl(replaced(kVector, "(uint2)(0, 1)", "(uint2)(1, 0)"));
  CHECK(wrong.verdict == Verdict::Failed);
  CHECK(wrong.errors.count({"post", 5}));
}

TEST_CASE("aggregate: vector variables, float4 and vload/vstore", "[c][aggregate]") {
  auto r = cl(R"(/*@
  context a != NULL && \pointer_length(a) == 4 * get_global_size(0);
  context (\forall* int j; 0 <= j && j < 4; Perm(&a[4 * get_global_id(0) + j], write));
  ensures a[4 * get_global_id(0) + 3] == \old(a[4 * get_global_id(0)]);
  ensures a[4 * get_global_id(0)] == \old(a[4 * get_global_id(0) + 3]);
@*/
__kernel void k(__global float *a) {
  float4 v = vload4(get_global_id(0), a);
  vstore4(v.wyzx, get_global_id(0), a);
}
)");
  CHECK(r.verdict == Verdict::Verified);
}

TEST_CASE("aggregate: CUDA vector types and make_int2", "[c][aggregate]") {
  const char *src = R"(#include <vector_types.h>
/*@
  context a != NULL && \pointer_length(a) == blockDim.x && gridDim.x == 1;
  context Perm(&a[threadIdx.x], write);
  ensures a[threadIdx.x].x == threadIdx.x && a[threadIdx.x].y == 2;
@*/
__global__ void k(int2 *a) {
  int2 v = make_int2(threadIdx.x, 2);
  a[threadIdx.x] = v;
}
)";
  CHECK(cu(src).verdict == Verdict::Verified);
  auto wrong = cu(replaced(src, "make_int2(threadIdx.x, 2)", "make_int2(2, threadIdx.x)"));
  CHECK(wrong.verdict == Verdict::Failed);
  CHECK(wrong.errors.count({"post", 5}));
  auto runtime = cu(replaced(src, "<vector_types.h>", "<cuda_runtime.h>"));
  CHECK(runtime.verdict == Verdict::Verified);
}

TEST_CASE("aggregate: __local arrays of structs", "[c][aggregate]") {
  auto r = cl(R"(struct kv { int k; int v; };
/*@
  context get_local_size(0) == 64 && get_num_groups(0) == 1;
  requires Perm(&s[get_local_id(0)].k, write) ** Perm(&s[get_local_id(0)].v, write);
@*/
__kernel void k() {
  __local struct kv s[64];
  s[get_local_id(0)].k = 1;
  s[get_local_id(0)].v = 2;
}
)");
  CHECK(r.verdict == Verdict::Verified);
}

TEST_CASE("aggregate: what kprove does not model is unsupported, named", "[c][aggregate]") {
  auto uni = cl("union u { int i; float f; };\n__kernel void k(__global union u *p) { }\n");
  CHECK(uni.errors.count({"unsupported", 2}));
  CHECK(mentions(uni, "union"));
  auto bits = cu("struct b { int f : 3; };\n__global__ void k() {\n  struct b x;\n}\n");
  CHECK(bits.errors.count({"unsupported", 3}));
  CHECK(mentions(bits, "bit-field 'f'"));
  // A struct variable holding a pointer: a pointer variable whose array kprove would
  // have to follow through the struct.
  auto ptrVar = cl("struct s { __global int *q; };\n__kernel void k(__global int *p) {\n"
                   "  struct s v;\n}\n");
  CHECK(ptrVar.errors.count({"unsupported", 3}));
  CHECK(mentions(ptrVar, "pointer field 'q'"));
  auto ret = cl("struct s { int a; };\nstruct s mk(int a) { struct s r = {a}; return r; }\n"
                "__kernel void k() {\n  struct s x = mk(1);\n}\n");
  CHECK(ret.errors.count({"unsupported", 4}));
  CHECK(mentions(ret, "returning a struct or vector"));
  auto localPtr = cl("struct s { int a; };\n__kernel void k(__global struct s *p) {\n"
                     "  __global struct s *q = p;\n}\n");
  CHECK(localPtr.errors.count({"unsupported", 3}));
  auto convert = cl("__kernel void k(__global int2 *p) {\n  float2 f = convert_float2(p[0]);\n}\n");
  CHECK(convert.errors.count({"unsupported", 2}));
}

namespace {

// A by-value struct holding buffer pointers: each pointer field is a buffer
// parameter of its own (`b.in`, `b.out`), named so in annotations (line 10).
const char *kPointerFields = R"(struct bufs { __global uint *in; __global uint *out; uint n; };
/*@
  context b.in != NULL && b.out != NULL;
  context \pointer_length(b.in) == get_global_size(0) && \pointer_length(b.out) == get_global_size(0);
  context Perm(&b.in[get_global_id(0)], 1\2) ** Perm(&b.out[get_global_id(0)], write);
  ensures b.out[get_global_id(0)] == b.in[get_global_id(0)] + b.n;
@*/
__kernel void k(struct bufs b) {
  size_t i = get_global_id(0);
  b.out[i] = b.in[i] + b.n;
}
)";

// CUDA: a pointer field inherited from a base class, in a nested struct (line 9).
const char *kInherited = R"(struct s { float *p; };
struct t : s { int k; };
struct u { t inner; };
/*@
  context gridDim.x == 1 && q.inner.p != NULL && \pointer_length(q.inner.p) == blockDim.x;
  context Perm(&q.inner.p[threadIdx.x], write);
@*/
__global__ void k(u q) {
  q.inner.p[threadIdx.x] = 4.2f;
}
)";

// An array field: one leaf per cell, indexed with constants (line 9).
const char *kArrayField = R"(struct s { int a[3]; };
/*@
  context p != NULL && \pointer_length(p) == get_global_size(0);
  context Perm(&p[get_global_id(0)], write);
  ensures p[get_global_id(0)] == \old(p[get_global_id(0)]);
@*/
__kernel void k(__global int *p, struct s q) {
  q.a[1] = p[get_global_id(0)];
  p[get_global_id(0)] = q.a[1];
}
)";

// A prototype returning a vector, without body or contract: any value (line 7).
const char *kOpaqueVector = R"(int2 bar(int k);
/*@
  context p != NULL && \pointer_length(p) == get_global_size(0);
  context Perm(&p[get_global_id(0)], write);
@*/
__kernel void k(__global int *p) {
  int2 v = bar(3);
  p[get_global_id(0)] = v.y;
}
)";

// A buffer of structs holding pointers: the pointers are kept in memory, copied and
// stored (lines 10 and 11), never dereferenced.
const char *kStoredPointers = R"(struct node { __global int *next; int v; };
/*@
  context q != NULL && \pointer_length(q) == get_global_size(0);
  context r != NULL && \pointer_length(r) == get_global_size(0);
  context Perm(&q[get_global_id(0)], write) ** Perm(&r[get_global_id(0)], 1\2);
@*/
__kernel void k(__global int *p, __global struct node *q, __global struct node *r) {
  size_t i = get_global_id(0);
  q[i].next = r[i].next;
  q[i].next = p + i;
  q[i].v = r[i].v;
}
)";

} // namespace

TEST_CASE("aggregate: pointers kept in a buffer's elements are copied as bits", "[c][aggregate]") {
  kprove::testing::expectOutcome(kStoredPointers, Verdict::Verified, {}, ".cl");
  // The neighbour's element: a race on the pointer field itself.
  kprove::testing::expectOutcome(replaced(kStoredPointers, "q[i].next = r[i].next;",
                                          "q[(i + 1) % get_global_size(0)].next = r[i].next;"),
                                 Verdict::Failed, {{"perm.write", 9}}, ".cl");
  // Storing into the buffer it only reads.
  kprove::testing::expectOutcome(replaced(kStoredPointers, "q[i].next = p + i;", "r[i].next = p;"),
                                 Verdict::Failed, {{"perm.write", 10}}, ".cl");
  // A pointer read back from memory is not dereferenced: its array is unknown.
  auto deref = cl(replaced(kStoredPointers, "q[i].v = r[i].v;", "q[i].next[0] = 1;"));
  CHECK(deref.errors.count({"unsupported", 11}));
  CHECK(mentions(deref, "pointer kept in memory"));
  auto arith = cl(replaced(kStoredPointers, "q[i].next = p + i;", "q[i].next += 1;"));
  CHECK(arith.errors.count({"unsupported", 10}));
  // The pointer stored is still checked as a pointer expression.
  auto bad = cl(replaced(kStoredPointers, "q[i].next = p + i;", "q[i].next = (__global int *)q;"));
  CHECK(bad.errors.count({"unsupported", 10}));
}

TEST_CASE("aggregate: a struct of buffer pointers passed by value", "[c][aggregate]") {
  kprove::testing::expectOutcome(kPointerFields, Verdict::Verified, {}, ".cl");
  // The neighbour's cell: a race through a pointer field.
  kprove::testing::expectOutcome(replaced(kPointerFields, "b.out[i] = b.in[i] + b.n;",
                                          "b.out[(i + 1) % get_global_size(0)] = b.in[i] + b.n;"),
                                 Verdict::Failed, {{"perm.write", 10}}, ".cl");
  // Writing the buffer it only reads.
  kprove::testing::expectOutcome(replaced(kPointerFields, "b.out[i] =", "b.in[i] ="),
                                 Verdict::Failed, {{"perm.write", 10}}, ".cl");
  // The two fields may point to one buffer: only the permissions tell them apart.
  auto same = cl(replaced(kPointerFields, "1\\2) ** Perm(&b.out", "write) ** Perm(&b.out"));
  CHECK(same.verdict == Verdict::Verified);
  // Assigning a pointer field: a parameter's array is fixed.
  auto assign = cl(replaced(kPointerFields, "b.out[i] = b.in[i] + b.n;", "b.out = b.in;"));
  CHECK(assign.errors.count({"unsupported", 10}));
  // A pointer field read as a local pointer variable is an offset into its array.
  kprove::testing::expectOutcome(replaced(kPointerFields, "b.out[i] = b.in[i] + b.n;",
                                          "__global uint *o = b.out + i; *o = b.in[i] + b.n;"),
                                 Verdict::Verified, {}, ".cl");
}

TEST_CASE("aggregate: inherited and nested pointer fields (CUDA)", "[c][aggregate]") {
  kprove::testing::expectOutcome(kInherited, Verdict::Verified, {}, ".cu");
  kprove::testing::expectOutcome(replaced(kInherited, "p[threadIdx.x] = 4.2f", "p[0] = 4.2f"),
                                 Verdict::Failed, {{"perm.write", 9}}, ".cu");
  auto empty = cu("struct e { };\n__global__ void k(e q) { }\n");
  CHECK(empty.errors.count({"unsupported", 2}));
  CHECK(mentions(empty, "empty struct"));
}

TEST_CASE("aggregate: array fields of by-value structs", "[c][aggregate]") {
  kprove::testing::expectOutcome(kArrayField, Verdict::Verified, {}, ".cl");
  kprove::testing::expectOutcome(replaced(kArrayField, "= q.a[1];", "= q.a[0];"), Verdict::Failed,
                                 {{"post", 5}}, ".cl");
  auto variable = cl(replaced(kArrayField, "= q.a[1];", "= q.a[get_global_id(0) % 3];"));
  CHECK(variable.errors.count({"unsupported", 9}));
  CHECK(mentions(variable, "variable index into an array field"));
}

TEST_CASE("aggregate: a prototype returning a vector returns any value", "[c][aggregate]") {
  kprove::testing::expectOutcome(kOpaqueVector, Verdict::Verified, {}, ".cl");
  kprove::testing::expectOutcome(
      replaced(kOpaqueVector, "context Perm(&p[get_global_id(0)], write);",
               "context Perm(&p[get_global_id(0)], write);\n  ensures p[get_global_id(0)] == 0;"),
      Verdict::Failed, {{"post", 5}}, ".cl");
  // Two calls: two unrelated values.
  kprove::testing::expectOutcome(replaced(kOpaqueVector, "p[get_global_id(0)] = v.y;",
                                          "int2 w = bar(3);\n  //@ assert v.x == w.x;\n"),
                                 Verdict::Failed, {{"assert", 9}}, ".cl");
  // With a contract the leaves are related, which kprove cannot say per leaf.
  auto contract =
      cl(replaced(kOpaqueVector, "int2 bar(int k);", "/*@ ensures true; @*/\nint2 bar(int k);"));
  CHECK(contract.errors.count({"unsupported", 2}));
}

TEST_CASE("aggregate: as_type reinterprets scalars and vectors of one width", "[c][aggregate]") {
  const char *src = R"(/*@
  context p != NULL && \pointer_length(p) == get_global_size(0);
  context u != NULL && \pointer_length(u) == get_global_size(0);
  context Perm(&p[get_global_id(0)], write) ** Perm(&u[get_global_id(0)], write);
  ensures p[get_global_id(0)] == \old(p[get_global_id(0)]);
  ensures \old(p[get_global_id(0)]) < 0 ==> u[get_global_id(0)] > 2147483647;
@*/
__kernel void k(__global int *p, __global uint *u) {
  size_t i = get_global_id(0);
  uint2 v = as_uint2((int2)(p[i], 0));
  float f = as_float(v.x);
  u[i] = v.x;
  p[i] = as_int(v.x);
}
)";
  kprove::testing::expectOutcome(src, Verdict::Verified, {}, ".cl");
  // The same bits, not the same value: -1 read as uint is 4294967295.
  kprove::testing::expectOutcome(replaced(src, "> 2147483647;",
                                          "> 2147483647;\n  ensures (long)u[get_global_id(0)] == "
                                          "(long)\\old(p[get_global_id(0)]);"),
                                 Verdict::Failed, {{"post", 7}}, ".cl");
  auto wide = cl(replaced(src, "float f = as_float(v.x);", "long w = as_long(v);"));
  CHECK(wide.errors.count({"unsupported", 11}));
  CHECK(mentions(wide, "as_type"));
}

TEST_CASE("aggregate: multi-dimensional __local arrays of structs", "[c][aggregate]") {
  const char *src = R"(typedef struct { float x; float y; } pt;
/*@
  context get_local_size(0) == 6 && get_num_groups(0) == 1;
  requires Perm(&L[get_local_id(0)].y, write);
@*/
__kernel void k() {
  __local pt L[2][3];
  L[get_local_id(0) / 3][get_local_id(0) % 3].y = 1.0f;
}
)";
  kprove::testing::expectOutcome(src, Verdict::Verified, {}, ".cl");
  // Every thread writes one cell: a race.
  kprove::testing::expectOutcome(replaced(src, "[get_local_id(0) % 3].y", "[2].y"), Verdict::Failed,
                                 {{"perm.write", 8}}, ".cl");
}

TEST_CASE("a CUDA launch flag above CUDA's limits is a kernel.spec error, not a vacuous proof",
          "[c][aggregate]") {
  const char *src = "__global__ void k(char *p) {\n  p[0] = threadIdx.x;\n}\n";
  kprove::driver::RunOptions big;
  big.launch.localSize[0] = 2048;
  auto r = kprove::testing::runSnippet(src, "agg", ".cu", big);
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors.count({"kernel.spec", 1}));
}

// A bool field is an int cell holding 0 or 1 in a buffer and a bool variable in a
// by-value struct: reads, annotations and copies convert between the two (red team
// 2026-11-24: each of these was a type error).
TEST_CASE("bool fields of struct buffers read, annotate and copy as truth values", "[c][struct]") {
  const std::string head = "struct S { bool f; int v; };\n"
                           "/*@ context p != NULL && \\pointer_length(p) == get_global_size(0);\n"
                           "    context Perm(&p[get_global_id(0)], write);\n";
  // Read in code: a stored 2 reads back as true.
  kprove::testing::expectOutcome(head + "    ensures p[get_global_id(0)].v == 1; @*/\n"
                                        "__kernel void k(__global struct S *p) {\n"
                                        "  p[get_global_id(0)].f = 2;\n"
                                        "  p[get_global_id(0)].v = p[get_global_id(0)].f ? 1 : 0;\n"
                                        "}\n",
                                 Verdict::Verified, {}, ".cl");
  // In an annotation: `!p[i].f` is false after storing 2.
  kprove::testing::expectOutcome(head + "    ensures !p[get_global_id(0)].f; @*/\n"
                                        "__kernel void k(__global struct S *p) {\n"
                                        "  p[get_global_id(0)].f = 2;\n"
                                        "}\n",
                                 Verdict::Failed, {{"post", 4}}, ".cl");
  // Copies between a by-value struct and the buffer, both ways.
  const std::string copy = head + "    ensures p[get_global_id(0)].v == VALUE; @*/\n"
                                  "__kernel void k(__global struct S *p) {\n"
                                  "  struct S q;\n"
                                  "  q.f = 2;\n"
                                  "  q.v = 0;\n"
                                  "  p[get_global_id(0)] = q;\n"
                                  "  struct S r = p[get_global_id(0)];\n"
                                  "  if (r.f) r.v = 1;\n"
                                  "  p[get_global_id(0)] = r;\n"
                                  "}\n";
  kprove::testing::expectOutcome(replaced(copy, "VALUE", "1"), Verdict::Verified, {}, ".cl");
  kprove::testing::expectOutcome(replaced(copy, "VALUE", "0"), Verdict::Failed, {{"post", 4}},
                                 ".cl");
}

TEST_CASE("a __constant array of vectors holds its initialiser",
          "[c][aggregates][messages]") {
  // A file-scope __constant array of vectors: one array per component, whose
  // contents are the initialiser (the host cannot change them); before, it was
  // unsupported (and its message once named Clang's "NULL TYPE").
  const std::string src = "__constant int3 c[2] = {{0, 0, 0}, {1, 0, 0}};\n" // 1
                          "__kernel void k() {\n"                            // 2
                          "  __assert(c[INDEX].x == 0);\n"                   // 3
                          "}\n";
  auto ok = cl(replaced(src, "INDEX", "0"));
  CHECK(ok.verdict == Verdict::Verified);
  auto wrong = cl(replaced(src, "INDEX", "1"));
  CHECK(wrong.verdict == Verdict::Failed);
  CHECK(wrong.errors.count({"assert", 3}));
  for (const kprove::Diagnostic &d : wrong.raw.errors)
    CHECK(d.message.find("NULL TYPE") == std::string::npos);
}

TEST_CASE("++ and -- on a vector step every component", "[c][aggregates]") {
  const std::string head = "/*@ context a != NULL && \\pointer_length(a) == get_global_size(0);\n"
                           "    context Perm(&a[get_global_id(0)], write);\n"
                           "    BOUNDS @*/\n"
                           "__kernel void k(__global int2 *a) {\n"
                           "  int2 v = a[get_global_id(0)];\n"
                           "  STEP;\n"
                           "  a[get_global_id(0)] = v;\n"
                           "}\n";
  const std::string bounds =
      "requires a[get_global_id(0)].x < 100 && a[get_global_id(0)].y < 100;\n"
      "    ensures a[get_global_id(0)].x == \\old(a[get_global_id(0)].x) + 1;";
  kprove::testing::expectOutcome(replaced(replaced(head, "BOUNDS", bounds), "STEP", "v++"),
                                 Verdict::Verified, {}, ".cl");
  // Unbounded: each component may overflow (one report at the statement).
  kprove::testing::expectOutcome(replaced(replaced(head, "BOUNDS", ""), "STEP", "--v"),
                                 Verdict::Failed, {{"overflow", 6}}, ".cl");
}
