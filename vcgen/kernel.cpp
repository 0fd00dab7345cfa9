#include "vcgen/kernel.h"

#include "vcgen/executor.h"
#include "vcgen/expr_encoder.h"
#include "vcgen/resources.h"
#include "vcgen/vacuity.h"

#include <fmt/format.h>

namespace kprove::vcgen {

using namespace term;
using ir::ClauseKind;

namespace {

class KernelVerifier {
public:
  KernelVerifier(VcContext &vc, const ir::Kernel &k) : vc_(vc), k_(k), res_(vc) {}

  void run() {
    vc_.currentKernel = k_.name;
    setUp();
    pre_ = conjoin(clausesOf(k_.contract, {ClauseKind::Requires, ClauseKind::Context}));
    post_ = conjoin(clausesOf(k_.contract, {ClauseKind::Ensures, ClauseKind::Context}));
    kPre_ = conjoin(clausesOf(k_.contract, {ClauseKind::KernelRequires}));
    kPost_ = conjoin(clausesOf(k_.contract, {ClauseKind::KernelEnsures}));
    gPre_ = conjoin(clausesOf(k_.contract, {ClauseKind::GroupRequires}));
    gPost_ = conjoin(clausesOf(k_.contract, {ClauseKind::GroupEnsures}));
    checkResources();
    checkLevels();
    verifyThread();
    vc_.currentKernel.clear();
  }

private:
  void setUp() {
    // Failure witnesses show the thread as `tid` (lid is the same value) first.
    vc_.reservedNames = {{"tid", "tid"}, {"gsize", "gsize"}};
    T gsize = vc_.freshVar("gsize", Sort::Int);
    base_.assume(le(intConst(1), gsize));
    base_.vars["gsize"] = gsize;
    base_.vars["tcount"] = gsize; // one work group
    base_.vars["gid"] = intConst(0);
    base_.heap = vc_.freshVar("heap", Sort::Heap);
    base_.mask = vc_.zeroMask(base_);
    std::vector<T> refs;
    for (const ir::KernelArray &a : k_.arrays) {
      T ref = vc_.freshVar(a.name, Sort::Ref);
      base_.assume(neq(ref, nullRef()));
      for (const T &other : refs)
        base_.assume(neq(ref, other)); // distinct allocations
      refs.push_back(ref);
      ExprEncoder enc(vc_, base_);
      base_.assume(eq(lengthOf(ref), enc.encode(*a.length)));
      base_.vars[a.name] = ref;
      spaces_[a.name] = a.space;
    }
    base_.oldHeap = base_.heap;
    base_.oldVars = base_.vars;
  }

  // Runs `f` with tid and lid bound to one skolem ranging over the group.
  template <typename F> void forAllThreads(State &st, F f) {
    T t = vc_.freshVar("t", Sort::Int);
    auto saved = st.vars;
    st.vars["tid"] = t;
    st.vars["lid"] = t;
    ResourceOptions o;
    o.outerBinders = {{t, intConst(0), st.vars.at("gsize")}};
    f(o);
    for (const char *n : {"tid", "lid"})
      if (saved.count(n))
        st.vars[n] = saved[n];
      else
        st.vars.erase(n);
  }

  void inhaleLocalMemory(State &st) {
    for (const ir::KernelArray &a : k_.arrays) {
      if (a.space != ir::MemorySpace::Local)
        continue;
      res_.inhaleWholeArray(st, a.name, a.range);
    }
  }

  bool isLocalPerm(const Atom &a) const {
    auto it = spaces_.find(a.arrayName);
    return a.kind == Atom::Kind::Perm && it != spaces_.end() &&
           it->second == ir::MemorySpace::Local;
  }

  // G_res: the group's resources; local memory always belongs to the group whole.
  // Only permissions: the specifications' facts describe the initial state, not
  // the memory at a barrier.
  void inhaleGroupResources(State &st) {
    auto globalPerm = [&](const Atom &a) { return a.kind == Atom::Kind::Perm && !isLocalPerm(a); };
    if (gPre_) {
      ResourceOptions o;
      o.filter = globalPerm;
      res_.inhale(*gPre_, st, o);
    } else if (pre_) {
      forAllThreads(st, [&](ResourceOptions &o) {
        o.filter = globalPerm;
        res_.inhale(*pre_, st, o);
      });
    }
    inhaleLocalMemory(st);
  }

  void checkResources() {
    State st = base_;
    ResourceOptions o;
    o.assumeBounded = false;
    SourceRange where = k_.nameRange;
    if (kPre_) {
      res_.inhale(*kPre_, st, o);
      where = kPre_->range;
    } else if (gPre_) {
      res_.inhale(*gPre_, st, o);
      where = gPre_->range;
    } else if (pre_) {
      forAllThreads(st, [&](ResourceOptions &q) {
        q.assumeBounded = false;
        res_.inhale(*pre_, st, q);
      });
      where = pre_->range;
    } else {
      return;
    }
    res_.checkBounded(st, where,
                      "over all threads of the group, the kernel's precondition claims more "
                      "than a full permission to some location");
  }

  // Inhale `from` (or the thread spec over all threads), exhale `to` (or likewise).
  void entails(const ir::ExprPtr &from, bool fromThreads, bool addLocal, const ir::ExprPtr &to,
               bool toThreads, const std::string &what) {
    State st = base_;
    if (fromThreads)
      forAllThreads(st, [&](ResourceOptions &o) { res_.inhale(*from, st, o); });
    else
      res_.inhale(*from, st);
    if (addLocal)
      inhaleLocalMemory(st);
    ExhaleBlame b{DiagCode::KernelSpec, DiagCode::KernelSpec, what, {}};
    if (toThreads)
      forAllThreads(st, [&](ResourceOptions &o) { res_.exhale(*to, st, b, o, false); });
    else
      res_.exhale(*to, st, b, {}, false);
  }

  void checkLevels() {
    // K ⊒ G, G ⊒ ∗T (pre); ∗T ⊒ G, G ⊒ K (post). Missing levels are generated
    // from the level below, which makes their checks hold by construction.
    if (kPre_ && gPre_)
      entails(kPre_, false, false, gPre_, false, "the group precondition (from the kernel's)");
    if (gPre_ && pre_)
      entails(gPre_, false, true, pre_, true, "the threads' preconditions (from the group's)");
    if (kPre_ && !gPre_ && pre_)
      entails(kPre_, false, true, pre_, true, "the threads' preconditions (from the kernel's)");
    if (gPost_ && post_)
      entails(post_, true, false, gPost_, false,
              "the group postcondition (from all threads' postconditions)");
    if (kPost_) {
      if (gPost_)
        entails(gPost_, false, false, kPost_, false, "the kernel postcondition (from the group's)");
      else if (post_)
        entails(post_, true, false, kPost_, false,
                "the kernel postcondition (from all threads' postconditions)");
    }
  }

  void verifyThread() {
    ThreadContext tc;
    tc.name = k_.name;
    tc.threadVars = {"tid"};
    tc.aliases = {"lid"};
    tc.ranges = {{intConst(0), base_.vars.at("gsize")}};
    tc.seed = true;
    tc.spaces = spaces_;
    tc.inhaleGroupResources = [this](State &st) { inhaleGroupResources(st); };
    std::set<std::string> uniform{"gsize", "tcount", "gid"};
    for (const ir::KernelArray &a : k_.arrays)
      uniform.insert(a.name);
    analyseDivergence(tc, k_.body, uniform, vc_.heapFunctions);

    checkVacuity();
    State st = base_;
    tc.sharedSymbols = freeSymbolsOf(st);
    T tid = vc_.freshVar("tid", Sort::Int);
    st.assume(land(le(intConst(0), tid), lt(tid, st.vars.at("gsize"))));
    st.vars["tid"] = tid;
    st.vars["lid"] = tid;
    st.oldVars = st.vars;
    vcgen::verifyThread(vc_, tc, st, pre_, post_, k_.body,
                        {DiagCode::Post,
                         DiagCode::Post,
                         "the thread's postcondition",
                         {{k_.mainRange, "at the end of the kernel"}}});
  }

  // The thread precondition must be satisfiable for one thread and for two
  // distinct threads unless it forces a group of one (vcgen/vacuity.h). Pure atoms
  // only: checkResources shows the permissions consistent.
  void checkVacuity() {
    std::vector<const ir::Expr *> clauses =
        clausesOf(k_.contract, {ClauseKind::Requires, ClauseKind::Context});
    vc_.vacuityScope = -1;
    if (clauses.empty())
      return;
    ThreadSet ts;
    ts.ids = {"tid"};
    ts.bindAll = [this](State &st) {
      T t = vc_.freshVar("tid", Sort::Int);
      st.vars["tid"] = t;
      st.vars["lid"] = t;
      return std::vector<QBinder>{{t, intConst(0), st.vars.at("gsize"), true}};
    };
    ts.single = [](const State &st) { return eq(st.vars.at("gsize"), intConst(1)); };
    PreconditionRoot root{k_.name, ""};
    vc_.vacuityScope = checkPreconditions(vc_, base_, clauses, &ts, false, k_.nameRange,
                                          fmt::format("kernel '{}'", k_.name), &root);
  }

  VcContext &vc_;
  const ir::Kernel &k_;
  ResourceEngine res_;
  State base_;
  std::map<std::string, ir::MemorySpace> spaces_;
  ir::ExprPtr pre_, post_, kPre_, kPost_, gPre_, gPost_;
};

} // namespace

void verifyKernel(VcContext &vc, const ir::Kernel &k) {
  KernelVerifier(vc, k).run();
}

} // namespace kprove::vcgen
