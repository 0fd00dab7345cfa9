#include "vcgen/gpu_kernel.h"

#include "vcgen/executor.h"
#include "vcgen/expr_encoder.h"
#include "vcgen/int_model.h"
#include "vcgen/lockstep.h"
#include "vcgen/modifies.h"
#include "vcgen/resources.h"
#include "vcgen/two_thread.h"
#include "vcgen/vacuity.h"

#include <fmt/format.h>

#include <algorithm>

namespace kprove::vcgen {

using namespace term;
using ir::ClauseKind;

namespace {

class GpuKernelVerifier {
public:
  GpuKernelVerifier(VcContext &vc, const ir::GpuKernel &k, const LaunchConfig &launch)
      : vc_(vc), k_(k), launch_(launch), res_(vc) {}

  void run() {
    vc_.currentKernel = k_.name;
    vc_.intTypes = intTypesOf(k_.params, k_.body);
    pre_ = conjoin(clausesOf(k_.contract, {ClauseKind::Requires, ClauseKind::Context}));
    post_ = conjoin(clausesOf(k_.contract, {ClauseKind::Ensures, ClauseKind::Context}));
    setUp();
    vc_.atomicArrays.clear();
    for (const std::string &n : k_.atomicArrays)
      if (auto it = base_.vars.find(n); it != base_.vars.end())
        vc_.atomicArrays.push_back({n, it->second});
    checkGlobalResources();
    checkLocalResources();
    verifyThread();
    vc_.atomicArrays.clear();
    vc_.launchFacts.clear();
    vc_.currentKernel.clear();
  }

private:
  static std::string name(const char *kind, int d) { return ir::gpuBuiltinName(kind, d); }

  bool flagsUseDim(int d) const {
    auto big = [](const std::optional<int64_t> &v) { return v && *v != 1; };
    return big(launch_.localSize[d]) || big(launch_.numGroups[d]) || big(launch_.globalSize[d]);
  }

  // Sizes the precondition fixes to a literal (`get_local_size(0) == 16` as a
  // conjunct): constants from the start, like the command-line flags, so the
  // solver sees linear thread-id arithmetic. Sound: every thread requires it, and
  // there is at least one thread.
  void collectPins(const ir::Expr &e) {
    if (e.kind == ir::ExprKind::Binary &&
        (e.binop == ir::BinOp::And || e.binop == ir::BinOp::Star)) {
      collectPins(*e.args[0]);
      collectPins(*e.args[1]);
      return;
    }
    if (e.kind != ir::ExprKind::Binary || e.binop != ir::BinOp::Eq)
      return;
    for (int side : {0, 1}) {
      const ir::Expr &v = *e.args[side], &lit = *e.args[1 - side];
      // A value above the launch limit is no pin: the size stays symbolic, within
      // the limit, and the clause contradicts it (error vacuous on the clause).
      if (v.kind == ir::ExprKind::Var && lit.kind == ir::ExprKind::IntLit && lit.intValue >= 1 &&
          (v.name.rfind("$lsz", 0) == 0 || v.name.rfind("$ngr", 0) == 0) && v.name.size() == 5 &&
          (vc_.intMath ||
           lit.intValue <= launchLimit(v.name.substr(1, 3).c_str(), v.name[4] - '0')))
        pins_.emplace(v.name, lit.intValue);
    }
  }
  std::optional<int64_t> pinned(const std::string &n) const {
    auto it = pins_.find(n);
    return it == pins_.end() ? std::nullopt : std::optional<int64_t>(it->second);
  }

  void setUp() {
    for (const ir::Clause &c : k_.contract)
      if (c.kind == ClauseKind::Requires || c.kind == ClauseKind::Context)
        collectPins(*c.expr);
    // A dimension neither the kernel nor the flags name has size 1 (said in a note);
    // so has one the contract pins to 1.
    for (int d = 1; d < 3; ++d) {
      bool single = pinned(name("lsz", d)) == 1 && pinned(name("ngr", d)) == 1;
      used_[d] = (k_.dims[d] && !single) || flagsUseDim(d);
    }
    bool named1 = k_.dims[1] || flagsUseDim(1), named2 = k_.dims[2] || flagsUseDim(2);
    oneD_ = !used_[1] && !used_[2];
    if (!named1 && !named2)
      vc_.remarks.push_back(
          {DiagCode::KernelSpec,
           k_.nameRange,
           fmt::format("kernel '{}' never names dimension 1 or 2: kprove assumes a 1-D launch "
                       "(local size and number of groups 1 in dimensions 1 and 2)",
                       k_.name),
           {}});
    else if (!named1 || !named2)
      vc_.remarks.push_back(
          {DiagCode::KernelSpec,
           k_.nameRange,
           fmt::format("kernel '{}' never names dimension {}: kprove assumes local size and "
                       "number of groups 1 in it",
                       k_.name, named1 ? 2 : 1),
           {}});
    base_.heap = vc_.freshVar("heap", Sort::Heap);
    setWitnessNames();
    for (int d = 0; d < 3; ++d) {
      bool symbolic = used_[d];
      for (const char *kind : {"lsz", "ngr"}) {
        std::optional<int64_t> pin = pinned(name(kind, d));
        T v = !symbolic ? intConst(1)
              : pin     ? intConst(*pin)
                        : vc_.freshVar(name(kind, d), Sort::Int);
        if (symbolic && !pin)
          base_.assume(le(intConst(1), v));
        if (symbolic && !pin && !vc_.intMath)
          base_.assume(le(v, intConst(launchLimit(kind, d))));
        base_.vars[name(kind, d)] = v;
      }
      if (!symbolic)
        for (const char *kind : {"lid", "grp"})
          base_.vars[name(kind, d)] = intConst(0);
      T lsz = base_.vars.at(name("lsz", d)), ngr = base_.vars.at(name("ngr", d));
      // A launch the precondition rules out would make every obligation vacuous.
      for (auto [flag, kind, what] : {std::tuple{launch_.localSize[d], "lsz", "--local_size"},
                                      std::tuple{launch_.numGroups[d], "ngr", "--num_groups"}})
        if (flag && pinned(name(kind, d)) && *flag != *pinned(name(kind, d))) {
          launchConflict_ = true;
          vc_.fail({DiagCode::KernelSpec,
                    k_.nameRange,
                    fmt::format("{} gives {} in dimension {}, but the precondition of '{}' "
                                "requires {}",
                                what, *flag, d, k_.name, *pinned(name(kind, d))),
                    {}});
        }
      // A flag above a launch limit (CUDA's blockDim.x <= 1024, ...) contradicts the
      // limits assumed above: no launch has it, and every obligation would be vacuous.
      for (auto [flag, kind, what] : {std::tuple{launch_.localSize[d], "lsz", "--local_size"},
                                      std::tuple{launch_.numGroups[d], "ngr", "--num_groups"}})
        if (flag && symbolic && !vc_.intMath && !pinned(name(kind, d)) &&
            *flag > launchLimit(kind, d)) {
          launchConflict_ = true;
          vc_.fail({DiagCode::KernelSpec,
                    k_.nameRange,
                    fmt::format("{} gives {} in dimension {}, above the limit {} kprove assumes "
                                "for '{}' (docs/soundness.md, launch sizes): no launch has it",
                                what, *flag, d, launchLimit(kind, d), k_.name),
                    {}});
        }
      if (symbolic && !vc_.intMath &&
          ((launch_.globalSize[d] && *launch_.globalSize[d] > kMaxGlobalSize) ||
           (launch_.localSize[d] && launch_.numGroups[d] &&
            *launch_.localSize[d] * *launch_.numGroups[d] > kMaxGlobalSize))) {
        launchConflict_ = true;
        vc_.fail({DiagCode::KernelSpec,
                  k_.nameRange,
                  fmt::format("the launch flags give a global size above {} in dimension {}, "
                              "the limit kprove assumes (docs/soundness.md, launch sizes)",
                              kMaxGlobalSize, d),
                  {}});
      }
      if (launch_.localSize[d])
        base_.assume(eq(lsz, intConst(*launch_.localSize[d])));
      if (launch_.numGroups[d])
        base_.assume(eq(ngr, intConst(*launch_.numGroups[d])));
      if (launch_.globalSize[d])
        base_.assume(eq(mul(ngr, lsz), intConst(*launch_.globalSize[d])));
      // The global size fits an int (docs/soundness.md, "Launch"), so do the ids.
      if (symbolic && !vc_.intMath)
        base_.assume(le(mul(ngr, lsz), intConst(kMaxGlobalSize)));
    }
    if (k_.cuda && !vc_.intMath && (used_[1] || used_[2]))
      base_.assume(le(mul(base_.vars.at(name("lsz", 0)),
                          mul(base_.vars.at(name("lsz", 1)), base_.vars.at(name("lsz", 2)))),
                      intConst(1024)));
    // get_work_dim() is 1 only under the 1-D assumption of the note above: a
    // dimension the contract pins to size 1 may still be part of a 2-D or 3-D launch,
    // and so may one the flags name (`--local_size=4,1` is GPUVerify's 2-D launch).
    bool workDimOne = !k_.dims[1] && !k_.dims[2] && launch_.flagDimensions <= 1;
    T wdim = workDimOne ? intConst(1) : vc_.freshVar("$wdim", Sort::Int);
    if (!workDimOne)
      base_.assume(
          land(le(intConst(std::max(1, launch_.flagDimensions)), wdim), le(wdim, intConst(3))));
    base_.vars["$wdim"] = wdim;

    std::vector<T> globals;
    for (size_t i = 0; i < k_.params.size(); ++i) {
      const ir::Param &p = k_.params[i];
      T v = vc_.freshVar(p.name, sortOf(p.type));
      base_.vars[p.name] = v;
      if (vc_.bounded(p.cint) && p.type == ir::Type::Int)
        base_.assume(inRange(v, p.cint));
      if (p.type == ir::Type::IntArray) {
        base_.assume(le(intConst(0), lengthOf(v)));
        globals.push_back(v);
        spaces_[p.name] = k_.spaces[i];
      }
    }
    assumeTypedBuffersDistinct(vc_, k_.params, base_);
    // Local memory: fresh per group, distinct from everything the host passed.
    // A file-scope __device__ array (space Global) is one object of the grid: not
    // null, distinct from the other arrays here, but the host may pass its address
    // as a parameter (cudaGetSymbolAddress): it may alias one.
    std::vector<T> locals;
    for (const ir::KernelArray &a : k_.locals) {
      T ref = vc_.freshVar(a.name, Sort::Ref);
      base_.assume(neq(ref, nullRef()));
      if (a.space != ir::MemorySpace::Global)
        for (const T &g : globals)
          base_.assume(neq(ref, g));
      for (const T &l : locals)
        base_.assume(neq(ref, l));
      locals.push_back(ref);
      if (a.length->kind == ir::ExprKind::Var) {
        T size = vc_.freshVar(a.length->name, Sort::Int);
        base_.assume(le(intConst(0), size));
        base_.vars[a.length->name] = size;
      }
      ExprEncoder enc(vc_, base_);
      base_.assume(eq(lengthOf(ref), enc.encode(*a.length)));
      base_.vars[a.name] = ref;
      spaces_[a.name] = a.space; // Local; Private and Constant: held wholly (verifyThread);
                                 // Global (__device__): handed out by the contract
    }
    base_.mask = vc_.zeroMask(base_);
    base_.oldHeap = base_.heap;
    base_.oldVars = base_.vars;
    for (int d = 0; d < 3; ++d)
      if (used_[d])
        groupVars_.push_back(name("grp", d));
    for (int d = 0; d < 3; ++d)
      if (used_[d])
        localVars_.push_back(name("lid", d));
    checkVacuity();
  }

  // Failure witnesses show the ids and sizes as the kernel's language spells them.
  void setWitnessNames() {
    vc_.reservedNames.clear();
    for (const char *kind : {"lid", "grp", "lsz", "ngr"})
      for (int d = 0; d < 3; ++d)
        vc_.reservedNames.emplace_back(name(kind, d),
                                       ir::gpuBuiltinSpelling(name(kind, d), k_.cuda));
  }

  // The precondition with the launch facts must be satisfiable for one thread, and
  // for two distinct threads of one launch unless it forces a launch of one thread
  // (vcgen/vacuity.h). Pure atoms only: checkGlobalResources and
  // checkLocalResources show the permissions consistent.
  void checkVacuity() {
    vc_.vacuityScope = -1;
    if (launchConflict_) // the contradiction is the flag's, reported as kernel.spec
      return;
    // Also without clauses: the launch facts alone (the flags against the launch
    // limits, `--blockDim 64,64` over CUDA's 1024 threads per block) can be
    // contradictory, and then every obligation would hold vacuously.
    std::vector<const ir::Expr *> clauses =
        clausesOf(k_.contract, {ClauseKind::Requires, ClauseKind::Context});
    ThreadSet ts;
    ts.bindOne = [this](State &st) {
      fix(st, groupVars_);
      fix(st, localVars_);
    };
    ts.ids = groupVars_;
    ts.ids.insert(ts.ids.end(), localVars_.begin(), localVars_.end());
    ts.bindAll = [this](State &st) {
      std::vector<std::string> all = groupVars_;
      all.insert(all.end(), localVars_.begin(), localVars_.end());
      return bind(st, all);
    };
    ts.single = [this](const State &st) {
      T one = tru();
      for (int d = 0; d < 3; ++d)
        if (used_[d])
          for (const char *kind : {"lsz", "ngr"})
            one = land(one, eq(st.vars.at(name(kind, d)), intConst(1)));
      return one;
    };
    PreconditionRoot root{k_.name, ""};
    vc_.vacuityScope = checkPreconditions(vc_, base_, clauses, &ts, false, k_.nameRange,
                                          fmt::format("kernel '{}'", k_.name), &root);
  }

  std::pair<T, T> rangeOf(const std::string &v, const State &st) const {
    bool group = v.rfind("$grp", 0) == 0;
    std::string size = (group ? "$ngr" : "$lsz") + v.substr(4);
    return {intConst(0), st.vars.at(size)};
  }

  // Binds `vars` to skolems in `st` and returns them as binders over their ranges.
  std::vector<QBinder> bind(State &st, const std::vector<std::string> &vars) {
    std::vector<QBinder> out;
    for (const std::string &v : vars) {
      T x = vc_.freshVar(v, Sort::Int);
      st.vars[v] = x;
      st.quantified.insert(v);
      auto [lo, hi] = rangeOf(v, st);
      out.push_back({x, lo, hi});
    }
    return out;
  }
  // Binds `vars` to fresh constants within their ranges (one arbitrary thread or group).
  void fix(State &st, const std::vector<std::string> &vars) {
    for (const std::string &v : vars) {
      T x = vc_.freshVar(v, Sort::Int);
      auto [lo, hi] = rangeOf(v, st);
      st.assume(land(le(lo, x), lt(x, hi)));
      st.vars[v] = x;
      st.quantified.erase(v);
    }
    // The global id below the global size: grp < ngr and lid < lsz imply it, but
    // only through a product the solver's linear arithmetic does not see.
    for (int d = 0; d < 3; ++d) {
      auto grp = st.vars.find(name("grp", d)), lid = st.vars.find(name("lid", d));
      if (!used_[d] || grp == st.vars.end() || lid == st.vars.end())
        continue;
      T lsz = st.vars.at(name("lsz", d)), ngr = st.vars.at(name("ngr", d));
      T start = mul(grp->second, lsz);
      st.assume(land({le(intConst(0), start), le(add(start, lsz), mul(ngr, lsz)),
                      lt(add(start, lid->second), mul(ngr, lsz))}));
    }
  }

  // Launch limits (docs/soundness.md, "Launch"): CUDA's block and grid limits;
  // OpenCL's sizes are bounded by the global size only.
  int64_t launchLimit(const char *kind, int d) const {
    if (k_.cuda && std::string(kind) == "lsz")
      return d == 2 ? 64 : 1024;
    if (k_.cuda && std::string(kind) == "ngr" && d > 0)
      return 65535;
    return kMaxGlobalSize;
  }

  bool isLocal(const std::string &array) const {
    auto it = spaces_.find(array);
    return it != spaces_.end() && it->second == ir::MemorySpace::Local;
  }
  bool isLocalAtom(const Atom &a) const {
    if (a.kind == Atom::Kind::Perm)
      return isLocal(a.arrayName);
    for (const std::string &r : a.arraysRead)
      if (isLocal(r))
        return true;
    return false;
  }

  // (1) Global memory over all threads of all groups: at most a full permission.
  void checkGlobalResources() {
    if (!pre_)
      return;
    State st = base_;
    // The host may pass one buffer twice; then a precondition giving a thread write
    // permission to a[i] and b[i] just cannot be met. Consistency is asked for
    // distinct buffers, the layout every launch that can meet the precondition has
    // when no two parameters need to alias.
    std::vector<T> buffers;
    for (const ir::Param &p : k_.params)
      if (p.type == ir::Type::IntArray)
        buffers.push_back(st.vars.at(p.name));
    for (size_t i = 0; i < buffers.size(); ++i)
      for (size_t j = i + 1; j < buffers.size(); ++j)
        st.assume(neq(buffers[i], buffers[j]));
    std::vector<std::string> all = groupVars_;
    all.insert(all.end(), localVars_.begin(), localVars_.end());
    ResourceOptions o;
    o.outerBinders = bind(st, all);
    o.assumeBounded = false;
    o.filter = [this](const Atom &a) { return !isLocalAtom(a); };
    // Clause by clause, so the error lands on the clause that over-claims (a failed
    // check is assumed afterwards: one report per cause).
    for (const ir::Clause &c : k_.contract) {
      if (c.kind != ClauseKind::Requires && c.kind != ClauseKind::Context)
        continue;
      res_.inhale(*c.expr, st, o);
      if (mentionsPermission(*c.expr))
        res_.checkBounded(st, c.expr->range,
                          fmt::format("over all threads of all work groups, the precondition of "
                                      "'{}' claims more than a full permission to some location "
                                      "(do two threads or two work groups claim the same cell?)",
                                      k_.name));
      // What was checked holds from here on everywhere (reported once if not).
      T r = var("r$", Sort::Ref), i = var("i$", Sort::Int);
      T sel = select(st.mask, r, i);
      st.assume(forall({{"r$", Sort::Ref}, {"i$", Sort::Int}}, le(sel, realConst(1, 1)), {{sel}}));
    }
  }

  static bool mentionsPermission(const ir::Expr &e) {
    if (e.kind == ir::ExprKind::Perm || e.kind == ir::ExprKind::PointsTo ||
        e.kind == ir::ExprKind::ForallStar)
      return true;
    for (const ir::ExprPtr &a : e.args)
      if (a && mentionsPermission(*a))
        return true;
    return false;
  }

  // (2) Local memory: the group owns each local array once, contents unknown.
  void checkLocalResources() {
    if (!pre_ || k_.locals.empty())
      return;
    State st = base_;
    fix(st, groupVars_);
    for (const ir::KernelArray &a : k_.locals)
      if (a.space == ir::MemorySpace::Local)
        res_.inhaleWholeArray(st, a.name, a.range);
    {
      ResourceOptions o;
      o.outerBinders = bind(st, localVars_);
      o.filter = [this](const Atom &a) { return a.kind == Atom::Kind::Pure && !isLocalAtom(a); };
      res_.inhale(*pre_, st, o);
    }
    ResourceOptions o;
    o.outerBinders = bind(st, localVars_);
    o.filter = [this](const Atom &a) { return isLocalAtom(a); };
    res_.exhale(*pre_, st,
                {DiagCode::KernelSpec,
                 DiagCode::KernelSpec,
                 "the threads' preconditions on local memory (each work group owns its local "
                 "arrays once, with unknown contents)",
                 {}},
                o, /*commit=*/false);
  }

  // What a launch that meets the precondition is, as facts for the thread: the
  // global permissions all threads of all groups require add up to at most a full
  // permission per cell (checked in (1)). This is what rules out that two buffers
  // alias where the contract's shares would then exceed one, which matters where
  // aliasing is decided per location: plain accesses to atomically updated cells.
  // Only for kernels with atomics (elsewhere permissions alone decide), on a mask of
  // its own, never the thread's.
  void assumeLaunchPermissions(State &st) {
    if (!pre_ || vc_.atomicArrays.empty())
      return;
    State all = st;
    all.mask = vc_.zeroMask(all);
    std::vector<std::string> threads = groupVars_;
    threads.insert(threads.end(), localVars_.begin(), localVars_.end());
    ResourceOptions o;
    o.outerBinders = bind(all, threads);
    o.filter = [this](const Atom &a) { return !isLocalAtom(a); }; // as in (1)
    res_.inhale(*pre_, all, o);
    vc_.launchFacts = all.factsSince(st.pc);
  }

  // (3) One arbitrary thread of one arbitrary group.
  void verifyThread() {
    ThreadContext tc;
    tc.name = k_.name;
    tc.threadVars = groupVars_;
    tc.threadVars.insert(tc.threadVars.end(), localVars_.begin(), localVars_.end());
    tc.fixedVars = groupVars_.size();
    tc.gpu = true;
    for (const ir::ExprPtr &e : k_.everywhere)
      tc.everywhere.push_back(e.get());
    tc.spaces = spaces_;
    State st = base_;
    assumeLaunchPermissions(st);
    // GPUVerify's two-thread predicates (vcgen/two_thread.h): what a second thread
    // of the launch shares with this one. The local arrays are one group's.
    PairContext pair;
    pair.launchShared = freeSymbolsOf(st);
    pair.launchShared.insert({nullRef()->name, readPermission()->name});
    for (const ir::KernelArray &a : k_.locals)
      if (a.space == ir::MemorySpace::Local && st.vars.count(a.name) &&
          st.vars.at(a.name)->op == Op::Var)
        pair.launchShared.erase(st.vars.at(a.name)->name);
    fix(st, groupVars_);
    // The group's symbols: everything but the local ids.
    for (const auto &[symbol, sort] : freeVariablesOf(st)) {
      tc.sharedSymbols.insert(symbol);
      if (!pair.launchShared.count(symbol))
        pair.groupShared.emplace(symbol, sort);
    }
    fix(st, localVars_);
    pair.startFacts = st.allFacts();
    pair.groupIds = groupVars_;
    pair.localIds = localVars_;
    std::set<std::string> assigned = modifiesOf(k_.body).vars;
    for (const auto &[n, v] : base_.vars)
      if (!assigned.count(n))
        pair.fixedNames.insert(n);
    pair.fixedNames.insert(groupVars_.begin(), groupVars_.end());
    pair.fixedNames.insert(localVars_.begin(), localVars_.end());
    // The thread's private arrays: its own, wholly. Constant memory: no thread writes
    // it (the front end rejects writes), so each may hold it wholly. The front end
    // keeps both out of the kernel's and the barriers' contracts, so no other thread's
    // copy is ever named (all copies share one symbol).
    // A private array's initial contents are the thread's own (a heap made after the
    // group's symbols, so a second thread's copy differs): no condition on them is
    // taken as uniform.
    std::vector<T> privates;
    for (const ir::KernelArray &a : k_.locals)
      if (a.space == ir::MemorySpace::Private)
        privates.push_back(st.vars.at(a.name));
    res_.havocShared(st, privates);
    for (const ir::KernelArray &a : k_.locals)
      if (a.space == ir::MemorySpace::Private || a.space == ir::MemorySpace::Constant)
        res_.inhaleWholeArray(st, a.name, a.range);
    for (const std::string &v : tc.threadVars)
      tc.ranges.push_back(rangeOf(v, st));
    std::set<std::string> uniform;
    for (const auto &[n, v] : base_.vars)
      if (std::find(localVars_.begin(), localVars_.end(), n) == localVars_.end())
        uniform.insert(n); // parameters, sizes, local arrays, ids of unused dimensions
                           // (0 in every thread: \ltid in a barrier's contract is lid0)
    // Across groups (two-thread predicates): without the group ids and local arrays.
    std::set<std::string> launchUniform = uniform;
    for (const ir::KernelArray &a : k_.locals)
      if (a.space == ir::MemorySpace::Local)
        launchUniform.erase(a.name);
    auto pairPoint = [&](const ir::Stmt &s) { return isPairPoint(s, vc_.program()); };
    LockStepResult launch =
        analyseLockStep(k_.body, launchUniform, vc_.heapFunctions, pairPoint);
    pair.launchUniform = std::move(launch.uniform);
    pair.reachedByLaunch = std::move(launch.reachedTogether);
    // One group's threads share its id (bound by `fix` above, so not in base_).
    uniform.insert(groupVars_.begin(), groupVars_.end());
    analyseDivergence(tc, k_.body, uniform, vc_.heapFunctions);
    pair.groupUniform = tc.uniform;
    pair.reachedByGroup =
        analyseLockStep(k_.body, uniform, vc_.heapFunctions, pairPoint).reachedTogether;
    ExhaleBlame blame{DiagCode::Post,
                      DiagCode::Post,
                      "the thread's postcondition",
                      {{k_.endRange, "at the end of the kernel"}}};
    ir::ExprPtr post = post_;
    tc.onReturn = [this, post, blame](State &s, SourceRange where) {
      if (!post)
        return;
      ExhaleBlame b = blame;
      b.notes = {{where, "when the thread returns here"}};
      EntryValues entry(s, entryNames(s));
      res_.exhale(*post, s, b);
      checkPathEnd(vc_, s, where);
    };
    st.oldHeap = st.heap;
    st.oldVars = st.vars;
    struct PairScope { // the pair is this thread's only
      VcContext &vc;
      ~PairScope() { vc.pair = nullptr; }
    } scope{vc_};
    vc_.pair = &pair;
    vcgen::verifyThread(vc_, tc, st, pre_, post_, k_.body, blame);
  }

  VcContext &vc_;
  const ir::GpuKernel &k_;
  const LaunchConfig &launch_;
  ResourceEngine res_;
  State base_;
  bool oneD_ = true;
  bool used_[3] = {true, false, false}; // dimensions with symbolic sizes
  std::vector<std::string> groupVars_, localVars_;
  std::map<std::string, ir::MemorySpace> spaces_;
  std::map<std::string, int64_t> pins_;
  bool launchConflict_ = false; // a launch flag contradicts a pin (reported)
  ir::ExprPtr pre_, post_;
};

} // namespace

void verifyGpuKernel(VcContext &vc, const ir::GpuKernel &k, const LaunchConfig &launch) {
  GpuKernelVerifier(vc, k, launch).run();
}

} // namespace kprove::vcgen
