// Function pointers in OpenCL/CUDA files (lang/c/lower_function_pointer.cpp,
// docs/language.md §11.2): a function pointer is the number of its function, and a
// call through it a case split over the file's functions of its type. Each case
// checks a verdict, a diagnostic code and a line.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

using kprove::driver::Verdict;
using kprove::testing::expectOutcome;
using kprove::testing::mentions;
using kprove::testing::replaced;
using kprove::testing::runSnippet;

namespace {
// `which` chooses the operation each thread applies to its index (CUDA: OpenCL C
// has no function pointers).
const char *kChosenOperation =
    "/*@ requires 0 <= x && x < 1000; ensures \\result == x * 2; @*/\n"                 // 1
    "__device__ int twice(int x) { return x * 2; }\n"                                   // 2
    "/*@ requires 0 <= x && x < 1000; ensures \\result == x + 1; @*/\n"                 // 3
    "__device__ int next(int x) { return x + 1; }\n"                                    // 4
    "typedef int (*op_t)(int);\n"                                                       // 5
    "/*@\n"                                                                             // 6
    "  context a != NULL && \\pointer_length(a) == blockDim.x && blockDim.x <= 1000;\n" // 7
    "  context gridDim.x == 1;\n"                                                       // 8
    "  context Perm(&a[threadIdx.x], write);\n"                                         // 9
    "  requires which == 0 || which == 1;\n"                                            // 10
    "  ensures which == 0 ==> a[threadIdx.x] == 2 * threadIdx.x;\n"                     // 11
    "  ensures which == 1 ==> a[threadIdx.x] == threadIdx.x + 1;\n"                     // 12
    "@*/\n"                                                                             // 13
    "__global__ void k(int *a, int which) {\n"                                          // 14
    "  int g = threadIdx.x;\n"                                                          // 15
    "  op_t f = which == 0 ? twice : next;\n"                                           // 16
    "  op_t same = &twice;\n"                                                           // 17
    "  if (which == 0 && f != same) a[g + 1] = 0;\n"                                    // 18
    "  a[g] = (*f)(g);\n"                                                               // 19
    "}\n";
} // namespace

TEST_CASE("a call through a function pointer is a call of the function it names",
          "[c][function-pointers]") {
  const std::string src = kChosenOperation;
  expectOutcome(src, Verdict::Verified, {}, ".cu");
  // The two functions swapped: f is not twice when which is 0, and next's result is
  // not twice's.
  expectOutcome(replaced(src, "? twice : next", "? next : twice"), Verdict::Failed,
                {{"perm.write", 18}, {"bounds", 18}, {"post", 12}}, ".cu");
  // Either callee's precondition is checked at the call through the pointer.
  expectOutcome(replaced(src, "(*f)(g)", "f(g + 1000)"), Verdict::Failed, {{"pre", 19}}, ".cu");
  // Distinct functions have distinct numbers: `f != same` when f is next.
  expectOutcome(replaced(src, "which == 0 && f != same", "which == 1 && f != same"),
                Verdict::Failed, {{"perm.write", 18}, {"bounds", 18}}, ".cu");
}

TEST_CASE("a call through a function pointer that may be NULL or of another type fails",
          "[c][function-pointers]") {
  // Without the check of line 18, and (for an unconstrained pointer) the postconditions.
  const std::string src =
      replaced(kChosenOperation, "  if (which == 0 && f != same) a[g + 1] = 0;\n", "\n");
  // NULL when which is 1.
  expectOutcome(replaced(src, "? twice : next", "? twice : NULL"), Verdict::Failed, {{"null", 19}},
                ".cu");
  // A parameter nothing constrains may name no function at all.
  std::string param = replaced(replaced(src, "int which) {", "int which, op_t h) {"),
                               "op_t f = which == 0 ? twice : next;", "op_t f = h;");
  param = replaced(replaced(param, "which == 0 ==> a[threadIdx.x] == 2 * threadIdx.x", "true"),
                   "which == 1 ==> a[threadIdx.x] == threadIdx.x + 1", "true");
  expectOutcome(param, Verdict::Failed, {{"null", 19}}, ".cu");
  // Converted to another function type: no function of the call's type has its number.
  std::string cast =
      replaced(replaced(src, "op_t f = which == 0 ? twice : next;", "op2_t f = (op2_t)twice;"),
               "(*f)(g)", "(*f)(g, g)");
  expectOutcome(replaced(cast, "typedef int (*op_t)(int);",
                         "typedef int (*op_t)(int); typedef int (*op2_t)(int, int);"),
                Verdict::Failed, {{"null", 19}}, ".cu");
}

TEST_CASE("GPUVerify's requires may say which function a pointer parameter names",
          "[c][function-pointers]") {
  const char *src = "__device__ int twice(int x) { return 2 * (x % 100); }\n" // 1
                    "__device__ int half(int x) {\n"                          // 2
                    "  __ensures(__return_val_int() == x / 2); return x / 2; }\n"
                    "typedef int (*op_t)(int);\n"             // 4
                    "__global__ void k(op_t f, int x) {\n"    // 5
                    "  __requires(f == twice | f == half);\n" // 6
                    "  int y = f(x);\n"                       // 7
                    "  __assert(f != half || y == x / 2);\n"  // 8
                    "}\n";
  expectOutcome(src, Verdict::Verified, {}, ".cu");
  expectOutcome(replaced(src, "f == twice | f == half", "f == twice | f == 0"), Verdict::Failed,
                {{"null", 7}}, ".cu");
  expectOutcome(replaced(src, "y == x / 2)", "y == x)"), Verdict::Failed, {{"assert", 8}}, ".cu");
}

TEST_CASE("function pointers kprove cannot model are unsupported, named",
          "[c][function-pointers]") {
  const char *base = "__device__ int twice(int x) { return 2 * (x % 100); }\n" // 1
                     "__device__ int half(int x) { return x / 2; }\n"          // 2
                     "typedef int (*op_t)(int);\n"                             // 3
                     "__global__ void k(op_t f, op_t g, int x) {\n"            // 4
                     "  op_t h = f;\n"                                         // 5
                     "}\n";
  auto unsupportedAt = [&](const std::string &line, const std::string &what) {
    std::string src = replaced(base, "  op_t h = f;\n", line);
    expectOutcome(src, Verdict::Invalid, {{"unsupported", 5}}, ".cu");
    CHECK(mentions(runSnippet(src, "snippet", ".cu"), what));
  };
  unsupportedAt("  bool b = f < g;\n", "ordering function pointers");
  unsupportedAt("  op_t h = (op_t)5;\n", "the conversion of 'int' to the function pointer type");
  unsupportedAt("  long n = (long)f;\n", "");
  unsupportedAt("  double (*c)(double) = cos;\n", "the address of 'cos'");
}

TEST_CASE("a function pointer passed to a helper is its number there too",
          "[c][function-pointers]") {
  // Red team: the helper's function pointer parameter was taken for a data pointer
  // (an offset parameter, pointer preconditions): type errors, an unknown method.
  const char *src = "/*@ requires 0 <= x && x <= 1000; ensures \\result == 2 * x; @*/\n" // 1
                    "__device__ int twice(int x) { return 2 * x; }\n"                    // 2
                    "/*@ requires 0 <= x && x <= 1000; ensures \\result == x + 1; @*/\n" // 3
                    "__device__ int successor(int x) { return x + 1; }\n"                // 4
                    "typedef int (*operation)(int);\n"                                   // 5
                    "__device__ void apply(int *a, operation f) {\n"                     // 6
                    "  a[threadIdx.x] = f(threadIdx.x);\n"                               // 7
                    "}\n"                                                                // 8
                    "/*@\n"                                                              // 9
                    "  context a != NULL && \\pointer_length(a) == blockDim.x;\n"        // 10
                    "  context gridDim.x == 1 && blockDim.x <= 1000;\n"                  // 11
                    "  context Perm(&a[threadIdx.x], write);\n"                          // 12
                    "  ensures a[threadIdx.x] == 2 * threadIdx.x;\n"                     // 13
                    "@*/\n"                                                              // 14
                    "__global__ void k(int *a) {\n"                                      // 15
                    "  apply(a, twice);\n"                                               // 16
                    "}\n";
  expectOutcome(src, Verdict::Verified, {}, ".cu");
  expectOutcome(replaced(src, "apply(a, twice)", "apply(a, successor)"), Verdict::Failed,
                {{"post", 13}}, ".cu");
}
