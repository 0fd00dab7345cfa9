#include "vcgen/vcgen.h"

#include "vcgen/executor.h"
#include "vcgen/expr_encoder.h"
#include "vcgen/functions.h"
#include "vcgen/gpu_kernel.h"
#include "vcgen/int_model.h"
#include "vcgen/kernel.h"
#include "vcgen/resources.h"
#include "vcgen/vacuity.h"

#include <fmt/format.h>

namespace kprove::vcgen {

using namespace term;
using ir::ClauseKind;

namespace {

const auto kPre = {ClauseKind::Requires, ClauseKind::Context, ClauseKind::ContextEverywhere};
const auto kPost = {ClauseKind::Ensures, ClauseKind::Context, ClauseKind::ContextEverywhere};

void verifyMethod(VcContext &vc, const ir::Method &m) {
  ResourceEngine res(vc);
  State st;
  // Yields parameters are variables of the body with no initial value.
  std::vector<ir::Param> vars = m.params;
  vars.insert(vars.end(), m.yields.begin(), m.yields.end());
  vc.intTypes = m.body ? intTypesOf(vars, *m.body) : intTypesOf(vars, {});
  for (const ir::Param &p : vars) {
    T v = vc.freshVar(p.name, sortOf(p.type));
    st.vars[p.name] = v;
    if (p.type == ir::Type::IntArray || p.type == ir::Type::IntMatrix)
      st.assume(le(intConst(0), lengthOf(v)));
    else if (vc.bounded(p.cint))
      st.assume(inRange(v, p.cint));
  }
  assumeTypedBuffersDistinct(vc, m.params, st);
  vc.bindFields(st, m.className);
  st.heap = vc.freshVar("heap", Sort::Heap);
  st.mask = vc.zeroMask(st);
  st.oldHeap = st.heap;
  st.oldVars = st.vars;
  ResourceOptions framing;
  framing.reads = ReadCheck::Framing;
  // No consistency obligation here: array parameters may alias, and a
  // precondition holding two write permissions to a[i] and b[i] just tells that
  // a != b.
  ir::ExprPtr pre = conjoin(clausesOf(m.contract, kPre));
  // The method's precondition must be satisfiable, permissions included (a
  // candidate model needs the consistency queries behind it: vcgen/vacuity.h).
  std::vector<const ir::Expr *> preClauses = clausesOf(m.contract, kPre);
  PreconditionRoot root{"", m.name};
  // Nothing rests on the precondition of a method with an empty body and no
  // postcondition (no obligation assumes all of it): a contradictory one proves
  // nothing, and is a warning (VerCors accepts such a method).
  bool restsOnPrecondition = m.body && (!m.body->empty() || !clausesOf(m.contract, kPost).empty());
  int preCheck = m.body && !preClauses.empty()
                     ? checkPreconditions(vc, st, preClauses, nullptr, true, m.nameRange,
                                          fmt::format("method '{}'", m.name), &root)
                     : -1;
  if (preCheck >= 0 && !restsOnPrecondition) {
    VacuityCheck &c = vc.vacuityChecks[static_cast<size_t>(preCheck)];
    c.nothingRests = true;
    for (int s : c.siblings)
      vc.vacuityChecks[static_cast<size_t>(s)].nothingRests = true;
  }
  VacuityScope scope(vc, preCheck);
  if (pre)
    res.inhale(*pre, st, framing);
  if (ir::ExprPtr post = conjoin(clausesOf(m.contract, kPost))) {
    State f = st;
    if (m.returnType != ir::Type::Void) {
      f.result = vc.freshVar("result", sortOf(m.returnType));
      if (m.returnType == ir::Type::Int && vc.bounded(m.returnCint))
        f.assume(inRange(f.result, m.returnCint));
    }
    res.checkSelfFraming(*post, f);
  }
  if (!m.body) {
    // Trusted either way (docs/soundness.md): with no contract, a call is assumed
    // to touch no memory (it is given no permission) and to return any value. A
    // front end's own models (`$`-named, e.g. the C front end's asynchronous copies)
    // are listed in docs/soundness.md rather than noted at each run.
    if (m.name.rfind('$', 0) == 0)
      return;
    vc.remarks.push_back(
        {DiagCode::Post,
         m.nameRange,
         !clausesOf(m.contract, kPost).empty()
             ? fmt::format("'{}' has no body: its postcondition is trusted, assumed at each call "
                           "and never proved",
                           m.name)
             : fmt::format("'{}' has no body and no postcondition: its contract is trusted; a "
                           "call touches only what its precondition gives it (nothing without "
                           "one), gives no permission back and may return any value",
                           m.name),
         {}});
    return;
  }
  Executor ex(vc, &m, nullptr);
  ex.exec(*m.body, st);
  if (st.dead)
    return;
  if (m.returnType != ir::Type::Void) {
    vc.check(st, {}, fls(), DiagCode::Post, m.range,
             fmt::format("'{}' may end without returning a value", m.name));
    return;
  }
  SourceRange end = m.range;
  end.begin = end.end.valid() ? SourceLoc{end.end.file, end.end.offset > 0 ? end.end.offset - 1 : 0}
                              : end.begin;
  ex.exhalePost(st, end);
}

} // namespace

VcResult generate(const ir::Program &program, DiagnosticEngine &diags, const LaunchConfig &launch) {
  VcContext vc(program, diags);
  vc.intMath = launch.intMath;
  addFunctionAxioms(vc);
  for (const ir::Method &m : program.methods) {
    vc.currentUnit = (m.pure ? "function " : "method ") + m.name;
    if (m.pure)
      checkFunction(vc, m);
    else
      verifyMethod(vc, m);
  }
  for (const ir::Kernel &k : program.kernels) {
    vc.currentUnit = "kernel " + k.name;
    verifyKernel(vc, k);
  }
  for (const ir::GpuKernel &k : program.gpuKernels) {
    vc.currentUnit = "kernel " + k.name;
    verifyGpuKernel(vc, k, launch);
  }
  return {std::move(vc.obligations), std::move(vc.failures), std::move(vc.failureUnits),
          std::move(vc.remarks), std::move(vc.vacuityChecks)};
}

} // namespace kprove::vcgen
