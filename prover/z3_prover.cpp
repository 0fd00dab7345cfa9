// Translation of kprove terms into Z3 and one solver call per obligation. This is
// the only file that includes z3++.h.
#include "prover/prover.h"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <thread>
#include <unordered_map>

namespace kprove::prover {
namespace {

class Z3Prover final : public Prover {
public:
  explicit Z3Prover(const ProverOptions &opts) : opts_(opts) {}

  // Two rounds: quantifier instantiation by patterns only (fast, proves almost
  // everything), then with model-based instantiation, which also finds the
  // counter-models that make a failing obligation fail rather than time out.
  Answer check(const Query &q) override {
    auto start = std::chrono::steady_clock::now();
    Answer first = round(q, /*mbqi=*/false, opts_.timeoutMs);
    Answer ans = first;
    if (first.verdict == Verdict::Unknown) {
      bool candidate = first.reason.find("incomplete quantifiers") != std::string::npos;
      // The candidate case is budgeted in Z3's deterministic resource units, so
      // the verdict does not depend on machine load.
      ans = round(q, /*mbqi=*/true, opts_.timeoutMs, candidate ? opts_.mbqiRlimit : 0);
      // Instantiation saturated with a candidate counter-model and model-based
      // instantiation did not refute it either: reported as a failure ("may not
      // hold"), as Boogie and Viper do. Running out of time without such a model
      // stays unknown. Neither is ever a proof.
      if (ans.verdict == Verdict::Unknown && candidate) {
        ans.verdict = Verdict::Failed;
        ans.reason = first.reason;
      }
    }
    ans.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return ans;
  }

  std::string toSmtLib(const Query &q) override {
    z3::solver s = makeSolver(q);
    std::string text = "; kprove obligation: unsat means proved\n";
    text += "(set-option :auto_config false)\n";
    text += "(set-option :smt.random_seed " + std::to_string(opts_.randomSeed) + ")\n";
    text += s.to_smt2("unknown");
    return text;
  }

private:
  Answer round(const Query &q, bool mbqi, unsigned timeoutMs, unsigned rlimit = 0) {
    Answer ans;
    try {
      z3::solver s = makeSolver(q, mbqi, timeoutMs, rlimit);
      // The solver's own timeout is not honoured on every path (nonlinear
      // arithmetic), so a watchdog interrupts it as well: never a hang.
      std::mutex m;
      std::condition_variable cv;
      bool done = false;
      std::thread watchdog([&] {
        std::unique_lock<std::mutex> lock(m);
        auto limit = std::chrono::milliseconds(timeoutMs + timeoutMs / 2 + 100);
        if (cv.wait_for(lock, limit, [&] { return done; }))
          return;
        ctx().interrupt();
        if (!opts_.stuckExitMs ||
            cv.wait_for(lock, std::chrono::milliseconds(opts_.stuckExitMs), [&] { return done; }))
          return;
        // Never a hang, never a proof: exit code 3 is "unknown".
        std::fprintf(stderr,
                     "kprove: the solver did not stop within %u s of its "
                     "timeout; giving up (unknown)\n",
                     opts_.stuckExitMs / 1000);
        std::fflush(stdout);
        std::fflush(stderr);
        std::_Exit(3);
      });
      auto stop = [&] {
        {
          std::lock_guard<std::mutex> lock(m);
          done = true;
        }
        cv.notify_all();
        watchdog.join();
      };
      z3::check_result r = z3::unknown;
      try {
        r = s.check();
      } catch (...) {
        stop();
        throw;
      }
      stop();
      if (r == z3::unsat)
        ans.verdict = Verdict::Proved;
      else if (r == z3::sat)
        ans.verdict = Verdict::Failed;
      else {
        ans.verdict = Verdict::Unknown;
        ans.reason = s.reason_unknown();
        if (ans.reason == "canceled")
          ans.reason = "timeout";
      }
    } catch (const z3::exception &e) {
      // A solver error is never a proof.
      ans.verdict = Verdict::Unknown;
      ans.reason = std::string("solver error: ") + e.msg();
    }
    return ans;
  }

  // Z3's auto-configuration picks strategies by syntactic features; measured on the
  // examples' 944 obligations it left 2 undecided in 10 s where the fixed default
  // configuration proves all (docs/performance.md).
  struct Config {
    z3::config cfg;
    Config() { cfg.set("auto_config", false); }
  };

  // A Z3 context that reports running out of memory: Z3 returns no context then,
  // and z3::context(config) would crash on it, so the raw context is checked and
  // a memory limit ends in std::bad_alloc (error[limit]).
  class FreshContext {
  public:
    explicit FreshContext(z3::config &cfg) : raw_(create(cfg)), wrapper_(raw_) {}
    ~FreshContext() { Z3_del_context(raw_); } // wrapper_ only detaches afterwards
    FreshContext(const FreshContext &) = delete;
    FreshContext &operator=(const FreshContext &) = delete;
    z3::context &operator()() { return wrapper_(); }

  private:
    static Z3_context create(z3::config &cfg) {
      Z3_context c = Z3_mk_context_rc(cfg);
      if (!c)
        throw std::bad_alloc();
      return c;
    }
    Z3_context raw_;
    z3::scoped_context wrapper_;
  };

  z3::context &ctx() { return (*ctx_)(); }

  z3::solver makeSolver(const Query &q, bool mbqi = true, unsigned timeoutMs = 0,
                        unsigned rlimit = 0) {
    cache_.clear(); // its expressions belong to the old context
    ctx_ = std::make_unique<FreshContext>(cfg_.cfg);
    z3::solver s = (z3::tactic(ctx(), "simplify") & z3::tactic(ctx(), "propagate-values") &
                    z3::tactic(ctx(), "solve-eqs") & z3::tactic(ctx(), "smt"))
                       .mk_solver();
    z3::params p(ctx());
    p.set("timeout", timeoutMs ? timeoutMs : opts_.timeoutMs);
    p.set("random_seed", opts_.randomSeed);
    p.set("mbqi", mbqi);
    if (rlimit)
      p.set("rlimit", rlimit);
    p.set("mbqi.max_iterations", 100u);
    s.set(p);
    for (const term::T &a : q.assumptions)
      s.add(translate(a));
    s.add(!translate(q.goal));
    return s;
  }

  z3::sort sortOf(term::Sort srt) {
    switch (srt) {
    case term::Sort::Bool:
      return ctx().bool_sort();
    case term::Sort::Int:
      return ctx().int_sort();
    case term::Sort::Real:
      return ctx().real_sort();
    case term::Sort::Ref:
      return refSort();
    case term::Sort::Heap:
      return mapSort(ctx().int_sort());
    case term::Sort::Mask:
      return mapSort(ctx().real_sort());
    }
    return ctx().int_sort();
  }
  z3::sort refSort() { return ctx().uninterpreted_sort("Ref"); }
  z3::sort mapSort(z3::sort range) {
    z3::sort_vector dom(ctx());
    dom.push_back(refSort());
    dom.push_back(ctx().int_sort());
    return ctx().array_sort(dom, range);
  }

  using Scope = std::vector<std::pair<std::string, z3::expr>>;

  z3::expr translate(const term::T &t) {
    Scope scope;
    return tr(t, scope);
  }

  z3::expr tr(const term::T &t, Scope &scope) {
    // Terms are DAGs; cache only outside quantifiers, where names are unambiguous.
    if (scope.empty()) {
      auto it = cache_.find(t.get());
      if (it != cache_.end())
        return it->second;
    }
    z3::expr e = build(t, scope);
    if (scope.empty())
      cache_.emplace(t.get(), e);
    return e;
  }

  z3::expr build(const term::T &t, Scope &scope) {
    using term::Op;
    auto a = [&](size_t i) { return tr(t->args[i], scope); };
    switch (t->op) {
    case Op::True:
      return ctx().bool_val(true);
    case Op::False:
      return ctx().bool_val(false);
    case Op::IntConst:
      return ctx().int_val(t->num);
    case Op::RealConst:
      return ctx().real_val(std::to_string(t->num).c_str()) /
             ctx().real_val(std::to_string(t->den).c_str());
    case Op::Var:
      for (auto it = scope.rbegin(); it != scope.rend(); ++it)
        if (it->first == t->name)
          return it->second;
      return ctx().constant(t->name.c_str(), sortOf(t->sort));
    case Op::App: {
      z3::sort_vector dom(ctx());
      z3::expr_vector args(ctx());
      for (size_t i = 0; i < t->args.size(); ++i) {
        dom.push_back(sortOf(t->args[i]->sort));
        args.push_back(a(i));
      }
      z3::func_decl f = ctx().function(t->name.c_str(), dom, sortOf(t->sort));
      return f(args);
    }
    case Op::Not:
      return !a(0);
    case Op::And:
      return a(0) && a(1);
    case Op::Or:
      return a(0) || a(1);
    case Op::Implies:
      return z3::implies(a(0), a(1));
    case Op::Ite:
      return z3::ite(a(0), a(1), a(2));
    case Op::Eq:
      return a(0) == a(1);
    case Op::Lt:
      return a(0) < a(1);
    case Op::Le:
      return a(0) <= a(1);
    case Op::Add:
      return a(0) + a(1);
    case Op::Sub:
      return a(0) - a(1);
    case Op::Mul:
      return a(0) * a(1);
    case Op::Div:
      if (t->sort == term::Sort::Int)
        return z3::expr(ctx(), Z3_mk_div(ctx(), a(0), a(1)));
      return a(0) / a(1);
    case Op::Mod:
      return z3::mod(a(0), a(1));
    case Op::Neg:
      return -a(0);
    case Op::ToReal:
      return z3::to_real(a(0));
    case Op::Select: {
      z3::expr_vector idx(ctx());
      idx.push_back(a(1));
      idx.push_back(a(2));
      return z3::select(a(0), idx);
    }
    case Op::Store: {
      Z3_ast idx[2] = {a(1), a(2)};
      return z3::expr(ctx(), Z3_mk_store_n(ctx(), a(0), 2, idx, a(3)));
    }
    case Op::Forall:
    case Op::Exists:
      return quantifier(t, scope);
    }
    return ctx().bool_val(true);
  }

  z3::expr quantifier(const term::T &t, Scope &scope) {
    z3::expr_vector vars(ctx());
    size_t mark = scope.size();
    for (const term::BoundVar &b : t->bound) {
      // Fresh names keep nested and sibling quantifiers apart.
      std::string nm = b.name + "!" + std::to_string(boundCounter_++);
      z3::expr c = ctx().constant(nm.c_str(), sortOf(b.sort));
      vars.push_back(c);
      scope.emplace_back(b.name, c);
    }
    z3::expr body = tr(t->args[0], scope);
    std::vector<Z3_pattern> pats;
    std::vector<z3::ast> keepAlive; // Z3 frees unreferenced patterns and terms
    for (const auto &multi : t->patterns) {
      std::vector<Z3_ast> terms;
      for (const term::T &p : multi) {
        z3::expr e = tr(p, scope);
        keepAlive.push_back(e);
        terms.push_back(e);
      }
      Z3_pattern pat = Z3_mk_pattern(ctx(), static_cast<unsigned>(terms.size()), terms.data());
      keepAlive.push_back(z3::ast(ctx(), Z3_pattern_to_ast(ctx(), pat)));
      pats.push_back(pat);
    }
    scope.erase(scope.begin() + static_cast<long>(mark), scope.end());
    std::vector<Z3_app> bound;
    for (unsigned i = 0; i < vars.size(); ++i)
      bound.push_back(Z3_to_app(ctx(), vars[i]));
    Z3_ast q = Z3_mk_quantifier_const(ctx(), t->op == term::Op::Forall, 0,
                                      static_cast<unsigned>(bound.size()), bound.data(),
                                      static_cast<unsigned>(pats.size()), pats.data(), body);
    ctx().check_error();
    return z3::expr(ctx(), q);
  }

  ProverOptions opts_;
  Config cfg_; // must outlive and precede ctx_
  // A fresh context per solver call: Z3's search depends on the terms a context
  // has seen before, so a reused context made a verdict depend on which
  // obligations ran earlier on the same thread (the job count, the load).
  std::unique_ptr<FreshContext> ctx_;
  std::unordered_map<const term::Term *, z3::expr> cache_;
  unsigned boundCounter_ = 0;
};

} // namespace

std::unique_ptr<Prover> makeZ3Prover(const ProverOptions &opts) {
  return std::make_unique<Z3Prover>(opts);
}

} // namespace kprove::prover
