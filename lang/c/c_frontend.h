// The OpenCL / CUDA front end: reads a `.cl` or `.cu` file with Clang (libTooling),
// recovers the `/*@ ... @*/` and `//@` annotations with a preprocessor comment
// handler, parses them with the shared spec-language parser (lang/pvl), and lowers
// kernels and helper functions of a C subset to the kernel IR.
#pragma once

#include "logic/diagnostics.h"
#include "logic/ir.h"
#include "logic/source.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kprove::lang {

// C: a plain C11 file (.c), no kernels and no builtins (VerCors reads .c files too).
enum class CDialect { OpenCL, Cuda, C };

struct CFrontendOptions {
  // Directory holding kprove's opencl.h and cuda.h (stdlib-specs/).
  std::string stdlibDir;
  // The preprocessor's -D NAME[=VALUE] and -I DIR, in order, passed to Clang.
  std::vector<std::string> defines;
  std::vector<std::string> includeDirs;
  // The directory of the file: `#include "x.h"` looks there first (empty: none).
  std::string fileDir;
};

// Parses and lowers file `fileId`. Clang errors become `parse` diagnostics at their
// line; C constructs outside the modelled subset become `unsupported` diagnostics
// naming the construct. Returns nullopt when any error was reported.
std::optional<ir::Program> parseC(const SourceManager &sm, uint32_t fileId, CDialect dialect,
                                  const CFrontendOptions &opts, DiagnosticEngine &diags);

// The builtins kprove knows (stdlib-specs/builtins.def, lang/c/builtins.cpp). A call
// of a function declared outside the main file that has no entry here, or a
// Rejected one, is `unsupported` (never an unknown, hence uniform, value).
enum class BuiltinKind {
  ThreadId,
  Barrier,
  Fence,
  Atomic,
  IntOp,
  Mul24,
  LaunchConstant,
  AsyncCopy,
  WaitEvents,
  Pure,
  OutPointer,
  MemCopy,
  Generator,
  Rejected
};
struct Builtin {
  std::string_view name; // qualified for C++ (cooperative_groups::this_grid)
  CDialect dialect;
  BuiltinKind kind;
  std::string_view model;   // the meaning, the atomic operation, or why it is rejected
  std::string_view example; // a statement using it (tests)
};
const std::vector<Builtin> &builtinTable();
const Builtin *findBuiltin(std::string_view name, CDialect dialect);
// Whether `name` is a thread id, size or linear id builtin of either dialect
// (get_local_id, threadIdx, ...): those annotations may name too.
bool isThreadIdBuiltin(std::string_view name);

// The lowering prefixes every genuine reference to a thread-id builtin with this
// mark (`\builtin:get_local_id`, `\builtin:threadIdx.x`): a reference that Clang
// resolved to a declaration outside the main file, or a name in an annotation that
// no parameter, local variable or function of the file declares. resolveGpuBuiltins
// rewrites marked names only, so a user's `threadIdx` or `get_local_id` stays theirs.
inline constexpr std::string_view kBuiltinMark = "\\builtin:";
// A GPUVerify barrier invariant's instance, `\builtin:$barrier_instance(e, i)`
// (lang/c/lower_gpuverify.cpp): resolveGpuBuiltins makes it `0 <= i &&
// i < get_local_size(0) ==> e` with the local id of dimension 0 replaced by i.
inline constexpr std::string_view kBarrierInstance = "$barrier_instance";
// GPUVerify's `__same_group`, `\builtin:$same_group`: resolveGpuBuiltins makes it
// `grp0 == \other(grp0) && grp1 == \other(grp1) && grp2 == \other(grp2)`.
inline constexpr std::string_view kSameGroupMark = "$same_group";

// Resolves the GPU builtins of a lowered program (lang/c/gpu_builtins.cpp): calls
// such as get_local_id(0), names such as threadIdx.x (those marked with
// kBuiltinMark), \gtid and \ltid, and the
// pointer functions of the annotations, in kernels, contracts and helper functions.
// Records the dimensions each kernel uses. Reports `type` errors for bad uses.
// A helper with a contract that uses its thread's ids receives them as parameters,
// with what every thread knows of them as generated preconditions: the launch
// limits too when `launchLimits` (C's integers; not under --int-math).
void resolveGpuBuiltins(ir::Program &p, DiagnosticEngine &diags, bool launchLimits = true);

// GPUVerify's access histories (docs/language.md §11.9): the annotations' __read(A)
// and __write_offset_bytes(A) are the kernel thread's ghost variables
// `$gv$read$A` (bool: an access is logged) and `$gv$read_index$A` (the logged
// access's cell); recordAccessHistories (lang/c/access_history.cpp) declares them in
// each kernel whose annotations use them and updates them at its accesses, barriers
// and calls. resolveGpuBuiltins runs it after inlining.
inline constexpr std::string_view kReadLog = "$gv$read$";
inline constexpr std::string_view kWriteLog = "$gv$write$";
inline constexpr std::string_view kReadIndex = "$gv$read_index$";
inline constexpr std::string_view kWriteIndex = "$gv$write_index$";
void recordAccessHistories(ir::Program &p, DiagnosticEngine &diags);

// Inlines, at their calls in kernels, the helpers without a contract that use thread
// ids or sizes, barriers or atomics (lang/c/inline_helpers.cpp). resolveGpuBuiltins
// runs it first.
void inlineThreadHelpers(ir::Program &p, DiagnosticEngine &diags);

} // namespace kprove::lang
