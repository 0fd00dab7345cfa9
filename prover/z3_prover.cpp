// Translation of kprove terms into Z3 and one solver call per obligation. This is
// the only file that includes z3++.h.
#include "prover/prover.h"

#include <z3++.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <mutex>
#include <new>
#include <pthread.h>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>

namespace kprove::prover {
namespace {

class Z3Prover final : public Prover {
public:
  explicit Z3Prover(const ProverOptions &opts) : opts_(opts) {}

  // Quantifier instantiation by patterns only (fast, proves almost everything);
  // when that saturates, once more with opaque index arithmetic (below); then
  // model-based instantiation, which also finds the counter-models that make a
  // failing obligation fail rather than time out.
  Answer check(const Query &q) override {
    auto start = std::chrono::steady_clock::now();
    Answer first = round(q, /*mbqi=*/false, opts_.timeoutMs, opts_.rlimit);
    Answer ans = first;
    bool candidate = first.verdict == Verdict::Unknown &&
                     first.reason.find("incomplete quantifiers") != std::string::npos;
    if (candidate) {
      // Instantiation saturated without a proof. Z3 normalises interpreted
      // arithmetic in ground terms and quantifier bodies (orders factors,
      // distributes a product over a sum) but never inside patterns, so a
      // pattern like a[(g * n) + j] can stop matching the very term it was
      // written for; the verdict was then left to model-based instantiation and
      // so to the seed. Retried once with integer + - * inside function
      // arguments and array indices as uninterpreted functions defined by axioms
      // (add$, mul$, ...), which Z3 leaves alone. Not the default: hiding the
      // arithmetic slows Z3's nonlinear reasoning (2-D injectivity timed out).
      // Budgeted in resource units, so the outcome does not depend on load.
      opaqueRound_ = true;
      Answer opaque = round(q, /*mbqi=*/false, opts_.timeoutMs, opts_.mbqiRlimit);
      opaqueRound_ = false;
      if (opaque.verdict == Verdict::Proved)
        ans = opaque;
    }
    if (ans.verdict == Verdict::Unknown) {
      // The candidate case is budgeted in Z3's deterministic resource units, so
      // the verdict does not depend on machine load.
      ans = round(q, /*mbqi=*/true, opts_.timeoutMs, candidate ? opts_.mbqiRlimit : opts_.rlimit);
      // Instantiation saturated with a candidate counter-model and model-based
      // instantiation did not refute it either: reported as a failure ("may not
      // hold"), as Boogie and Viper do. Running out of time without such a model
      // stays unknown. Neither is ever a proof.
      if (ans.verdict == Verdict::Unknown && candidate) {
        ans.verdict = Verdict::Failed;
        ans.reason = first.reason;
        ans.witness = first.witness;
        ans.witnessConfirmed = false;
        // A tactic solver keeps no model when it answers unknown: the candidate
        // is read from the plain SMT solver's pattern-based round (same budget).
        if (!q.witness.empty() && std::all_of(ans.witness.begin(), ans.witness.end(),
                                              [](const std::string &v) { return v.empty(); }))
          ans.witness = candidateWitness(q);
      }
    }
    ans.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return ans;
  }

  std::string toSmtLib(const Query &q) override {
    z3::solver s = makeSolver(q);
    std::string text = "; kprove obligation: unsat means proved\n"
                       "; kprove solves it in rounds (docs/performance.md, \"Solver "
                       "configuration\"): pattern-based instantiation first (`z3 "
                       "smt.mbqi=false FILE`), then model-based (`z3 FILE`)\n";
    text += "(set-option :auto_config false)\n";
    text += "(set-option :smt.random_seed " + std::to_string(opts_.randomSeed) + ")\n";
    text += s.to_smt2("unknown");
    return text;
  }

private:
  Answer round(const Query &q, bool mbqi, unsigned timeoutMs, unsigned rlimit = 0,
               bool plain = false) {
    Answer ans;
    try {
      z3::solver s = makeSolver(q, mbqi, timeoutMs, rlimit, plain);
      // The time limit is on the CPU time of this (the solving) thread, not on
      // the clock: on a loaded machine (parallel builds, --jobs above the core
      // count) a wall-clock limit fired on obligations that prove in seconds of
      // CPU, so the verdict depended on the load. The clock bounds the round
      // too, at kWallFactor times the limit, so a solver that stops using CPU
      // without returning still cannot hang kprove. Z3's own timeout is that
      // wall bound (it is not honoured on every path either: nonlinear
      // arithmetic), and the watchdog interrupts at either limit.
      clockid_t cpuClock{};
      const bool haveCpuClock = pthread_getcpuclockid(pthread_self(), &cpuClock) == 0;
      auto cpuMs = [&] {
        timespec ts{};
        if (!haveCpuClock || clock_gettime(cpuClock, &ts) != 0)
          return 0.0;
        return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
      };
      const double cpuStart = cpuMs();
      const auto roundStart = std::chrono::steady_clock::now();
      const auto wallLimit = std::chrono::milliseconds(uint64_t(timeoutMs) * kWallFactor + 100);
      std::mutex m;
      std::condition_variable cv;
      bool done = false;
      bool timedOut = false;
      std::thread watchdog([&] {
        std::unique_lock<std::mutex> lock(m);
        for (;;) {
          if (cv.wait_for(lock, std::chrono::milliseconds(kWatchdogPollMs), [&] { return done; }))
            return;
          bool cpuSpent = haveCpuClock && cpuMs() - cpuStart > timeoutMs;
          bool wallSpent = std::chrono::steady_clock::now() - roundStart > wallLimit;
          if (cpuSpent || wallSpent) {
            timedOut = true;
            break;
          }
        }
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
        // Z3 says "canceled" both for the watchdog's interrupt (or its own
        // timeout, the wall bound) and for a spent resource budget.
        if (ans.reason == "canceled")
          ans.reason =
              rlimit && !timedOut && std::chrono::steady_clock::now() - roundStart < wallLimit
                  ? "resource limit"
                  : "timeout";
        else if (ans.reason.find("resource limit") != std::string::npos)
          ans.reason = "resource limit"; // Z3: "max. resource limit exceeded"
      }
      bool candidate =
          r == z3::unknown && ans.reason.find("incomplete quantifiers") != std::string::npos;
      if (r == z3::sat || candidate) {
        ans.witness = evaluateWitness(s, q);
        ans.witnessConfirmed = r == z3::sat;
      }
    } catch (const z3::exception &e) {
      // A solver error is never a proof.
      ans.verdict = Verdict::Unknown;
      ans.reason = std::string("solver error: ") + e.msg();
    }
    return ans;
  }

  // Small and watched (round's watchdog): the plain solver lacks solve-eqs's
  // simplifications and was measured to grow by 150 MB/s on a query the
  // tactic pipeline answers quickly.
  std::vector<std::string> candidateWitness(const Query &q) {
    Answer a = round(q, /*mbqi=*/false, std::min(opts_.timeoutMs, kWitnessTimeoutMs),
                     kWitnessRlimit, /*plain=*/true);
    if (a.witness.size() != q.witness.size())
      return std::vector<std::string>(q.witness.size());
    return a.witness;
  }
  static constexpr unsigned kWitnessTimeoutMs = 2000;
  // The wall-clock bound of a round, in multiples of its CPU-time limit.
  static constexpr unsigned kWallFactor = 10;
  static constexpr unsigned kWatchdogPollMs = 20;
  static constexpr unsigned kWitnessRlimit = 200000;

  // Z3_model_eval cannot be interrupted, and evaluating an application of a
  // function whose model is a large case split (C's wrap$, bit operations) was
  // measured to grow by 150 MB/s without end: witness terms are evaluated only
  // when built from constants, built-in arithmetic and reads of named maps.
  static bool cheapToEvaluate(const term::T &t) {
    using term::Op;
    switch (t->op) {
    case Op::True:
    case Op::False:
    case Op::IntConst:
    case Op::RealConst:
    case Op::Var:
      return true;
    case Op::Add:
    case Op::Sub:
    case Op::Neg:
    case Op::Mul:
    case Op::Div:
    case Op::Mod:
      break;
    case Op::Select:
      if (t->args[0]->op != Op::Var)
        return false;
      break;
    case Op::App:
      if (t->name != "len")
        return false;
      break;
    case Op::SeqLen: // of a named sequence
      return t->args[0]->op == Op::Var;
    default:
      return false;
    }
    for (const term::T &a : t->args)
      if (!cheapToEvaluate(a))
        return false;
    return true;
  }

  // The witness terms' values in the solver's current model, as the user reads
  // them (-5, 1/2, true); "" where there is no model or no value.
  std::vector<std::string> evaluateWitness(z3::solver &s, const Query &q) {
    std::vector<std::string> out(q.witness.size());
    if (q.witness.empty())
      return out;
    try {
      z3::model m = s.get_model();
      for (size_t i = 0; i < q.witness.size(); ++i) {
        if (!cheapToEvaluate(q.witness[i]))
          continue;
        try {
          z3::expr v = m.eval(translate(q.witness[i]), /*model_completion=*/true);
          if (v.is_true())
            out[i] = "true";
          else if (v.is_false())
            out[i] = "false";
          else if (v.is_numeral())
            out[i] = Z3_get_numeral_string(ctx(), v);
        } catch (const z3::exception &) {
          // Past the evaluator's bound (makeZ3Prover): this item is left out.
        }
      }
    } catch (const z3::exception &) {
      // No model (interrupted): the failure is reported without values.
    }
    return out;
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

  // plain: Z3's SMT solver without the preprocessing tactics (which keep no
  // model when the answer is unknown).
  z3::solver makeSolver(const Query &q, bool mbqi = true, unsigned timeoutMs = 0,
                        unsigned rlimit = 0, bool plain = false) {
    cache_.clear(); // its expressions belong to the old context
    opaqueCache_.clear();
    opaqueAxioms_.clear();
    opaqueDefined_ = {};
    seqDefined_.clear();
    seqOpen_.clear();
    ctx_ = std::make_unique<FreshContext>(cfg_.cfg);
    z3::solver s = plain ? z3::solver(ctx(), z3::solver::simple())
                         : (z3::tactic(ctx(), "simplify") & z3::tactic(ctx(), "propagate-values") &
                            z3::tactic(ctx(), "solve-eqs") & z3::tactic(ctx(), "smt"))
                               .mk_solver();
    z3::params p(ctx());
    // The wall bound (round() watches the CPU time itself).
    p.set("timeout", (timeoutMs ? timeoutMs : opts_.timeoutMs) * kWallFactor + 100);
    p.set("random_seed", opts_.randomSeed);
    p.set("mbqi", mbqi);
    if (rlimit)
      p.set("rlimit", rlimit);
    p.set("mbqi.max_iterations", 100u);
    s.set(p);
    for (const term::T &a : q.assumptions)
      s.add(translate(a));
    s.add(!translate(q.goal));
    for (const z3::expr &axiom : opaqueAxioms_)
      s.add(axiom);
    return s;
  }

  z3::sort sortOf(term::Sort srt) {
    switch (srt.kind()) {
    case term::SortKind::Bool:
      return ctx().bool_sort();
    case term::SortKind::Int:
      return ctx().int_sort();
    case term::SortKind::Real:
      return ctx().real_sort();
    case term::SortKind::Ref:
      return refSort();
    case term::SortKind::Heap:
      return mapSort(ctx().int_sort());
    case term::SortKind::Mask:
      return mapSort(ctx().real_sort());
    case term::SortKind::Seq:
      return seqSort(srt);
    }
    return ctx().int_sort();
  }
  z3::sort refSort() { return ctx().uninterpreted_sort("Ref"); }

  // Sequences: an uninterpreted sort per element sort with kprove's own axioms (as
  // Viper's), not Z3's sequence theory: Z3 4.8.12 did not decide `forall k. nth(r,
  // k) == k` and `0 <= j < |r|` implies `nth(r, j) == j` within 10 s (the theory's
  // own handling of seq.nth and E-matching on it never met). vcgen already folds
  // the lengths and elements of sequences it builds (logic/term.cpp); the axioms
  // state the same for terms it could not fold, and extensionality for `==`.
  static std::string seqSuffix(term::Sort srt) {
    std::string n = term::sortName(srt); // "(Seq Int)"
    std::string out;
    for (char c : n)
      out += c == '(' || c == ')' ? '$' : c == ' ' ? '_' : c;
    return out;
  }
  z3::sort seqSort(term::Sort srt) {
    z3::sort s = ctx().uninterpreted_sort(("Seq" + seqSuffix(srt.element())).c_str());
    defineSequences(srt, s);
    return s;
  }
  z3::func_decl seqFn(const char *name, term::Sort srt, const z3::sort_vector &dom,
                      const z3::sort &range) {
    return ctx().function((std::string(name) + seqSuffix(srt.element())).c_str(), dom, range);
  }
  z3::func_decl seqLenFn(term::Sort srt, const z3::sort &s) {
    z3::sort_vector d(ctx());
    d.push_back(s);
    return seqFn("seq_len", srt, d, ctx().int_sort());
  }
  z3::func_decl seqNthFn(term::Sort srt, const z3::sort &s) {
    z3::sort_vector d(ctx());
    d.push_back(s);
    d.push_back(ctx().int_sort());
    return seqFn("seq_nth", srt, d, sortOf(srt.element()));
  }
  z3::func_decl seqConcatFn(term::Sort srt, const z3::sort &s) {
    z3::sort_vector d(ctx());
    d.push_back(s);
    d.push_back(s);
    return seqFn("seq_concat", srt, d, s);
  }
  z3::func_decl seqUnitFn(term::Sort srt, const z3::sort &s) {
    z3::sort_vector d(ctx());
    d.push_back(sortOf(srt.element()));
    return seqFn("seq_unit", srt, d, s);
  }
  z3::func_decl seqEmptyFn(term::Sort srt, const z3::sort &s) {
    z3::sort_vector d(ctx());
    return seqFn("seq_empty", srt, d, s);
  }
  z3::func_decl seqExtractFn(term::Sort srt, const z3::sort &s) {
    z3::sort_vector d(ctx());
    d.push_back(s);
    d.push_back(ctx().int_sort());
    d.push_back(ctx().int_sort());
    return seqFn("seq_extract", srt, d, s);
  }
  z3::func_decl seqEqualFn(term::Sort srt, const z3::sort &s) {
    z3::sort_vector d(ctx());
    d.push_back(s);
    d.push_back(s);
    return seqFn("seq_equal", srt, d, ctx().bool_sort());
  }
  z3::expr forallWith(const std::vector<z3::expr> &vars, const std::vector<z3::expr> &pattern,
                      const z3::expr &body) {
    std::vector<Z3_app> bound;
    for (const z3::expr &v : vars)
      bound.push_back(Z3_to_app(ctx(), v));
    std::vector<Z3_ast> terms(pattern.begin(), pattern.end());
    Z3_pattern pat = Z3_mk_pattern(ctx(), static_cast<unsigned>(terms.size()), terms.data());
    z3::ast keep(ctx(), Z3_pattern_to_ast(ctx(), pat));
    Z3_ast q = Z3_mk_quantifier_const(ctx(), true, 0, static_cast<unsigned>(bound.size()),
                                      bound.data(), 1, &pat, body);
    ctx().check_error();
    return z3::expr(ctx(), q);
  }
  // The axioms of one sequence sort, asserted once per solver (each true of finite
  // sequences with these functions read as length, element, concatenation,
  // singleton, empty sequence, the `l` elements from offset `o`, and equality).
  // The facts of one sequence term the query builds (a singleton, a concatenation,
  // an extract, or `==` of two sequences): ground facts for a ground term; for a
  // term under a quantifier, whose instances are not known in advance, the same
  // facts as a quantified axiom (once per sort and kind, triggered on the term).
  void seqBuilt(term::Sort srt, const z3::expr &built, term::Op op, bool ground) {
    z3::sort s = sortOf(srt);
    z3::func_decl len = seqLenFn(srt, s), nth = seqNthFn(srt, s), cat = seqConcatFn(srt, s),
                  unit = seqUnitFn(srt, s), extract = seqExtractFn(srt, s),
                  equal = seqEqualFn(srt, s);
    z3::expr zero = ctx().int_val(0);
    std::string key = seqSuffix(srt);
    z3::expr i = ctx().int_const(("i$seq" + key).c_str());
    auto facts = [&](const z3::expr &t) -> z3::expr {
      switch (op) {
      case term::Op::SeqUnit:
        return len(t) == 1 && nth(t, zero) == t.arg(0);
      case term::Op::SeqConcat: {
        z3::expr a = t.arg(0), b = t.arg(1);
        return len(t) == len(a) + len(b) &&
               forallWith({i}, {nth(t, i)},
                          z3::implies(zero <= i && i < len(t),
                                      nth(t, i) == z3::ite(i < len(a), nth(a, i),
                                                           nth(b, i - len(a)))));
      }
      case term::Op::SeqExtract: {
        z3::expr a = t.arg(0), o = t.arg(1), l = t.arg(2);
        z3::expr fits = zero <= o && zero <= l && o + l <= len(a);
        return z3::implies(fits, len(t) == l &&
                                     forallWith({i}, {nth(t, i)},
                                                z3::implies(zero <= i && i < l,
                                                            nth(t, i) == nth(a, o + i))));
      }
      default: { // Eq: extensionality, equal lengths and elements, and then one sequence
        z3::expr a = t.arg(0), b = t.arg(1);
        z3::expr pointwise =
            len(a) == len(b) && forallWith({i}, {nth(a, i)},
                                           z3::implies(zero <= i && i < len(a),
                                                       nth(a, i) == nth(b, i)));
        return t == pointwise && z3::implies(t, a == b);
      }
      }
    };
    if (ground) {
      opaqueAxioms_.push_back(facts(built));
      return;
    }
    if (!seqOpen_.insert(key + "/" + std::to_string(static_cast<int>(op))).second)
      return;
    z3::expr a = ctx().constant(("a$seq" + key).c_str(), s);
    z3::expr b = ctx().constant(("b$seq" + key).c_str(), s);
    z3::expr o = ctx().int_const(("o$seq" + key).c_str());
    z3::expr l = ctx().int_const(("l$seq" + key).c_str());
    z3::expr x = ctx().constant(("x$seq" + key).c_str(), sortOf(srt.element()));
    switch (op) {
    case term::Op::SeqUnit:
      opaqueAxioms_.push_back(forallWith({x}, {unit(x)}, facts(unit(x))));
      return;
    case term::Op::SeqConcat:
      opaqueAxioms_.push_back(forallWith({a, b}, {cat(a, b)}, facts(cat(a, b))));
      return;
    case term::Op::SeqExtract:
      opaqueAxioms_.push_back(forallWith({a, o, l}, {extract(a, o, l)}, facts(extract(a, o, l))));
      return;
    default:
      opaqueAxioms_.push_back(forallWith({a, b}, {equal(a, b)}, facts(equal(a, b))));
      return;
    }
  }

  void defineSequences(term::Sort srt, const z3::sort &s) {
    std::string key = seqSuffix(srt);
    if (!seqDefined_.insert(key).second)
      return;
    z3::func_decl len = seqLenFn(srt, s), empty = seqEmptyFn(srt, s);
    z3::expr a = ctx().constant(("a$seq" + key).c_str(), s);
    z3::expr zero = ctx().int_val(0);
    opaqueAxioms_.push_back(forallWith({a}, {len(a)}, len(a) >= zero));
    opaqueAxioms_.push_back(len(empty()) == zero);
    // Extensionality for any two sequences whose lengths the query names: equal
    // lengths and equal elements make one sequence (`seq_diff` names an index where
    // two sequences differ, as for Z3's arrays). Without it a model could hold two
    // different sequences with the same elements, and a contradictory precondition
    // (`g(s) != g(t)` for two empty s and t; `x != [[5]]` for an x that can only be
    // [[5]], whose inner sequences `==` compares as objects) had a model, so the
    // vacuity check took it for satisfiable. The model stays finite: it needs no
    // sequences but the ones it has.
    z3::expr b = ctx().constant(("b$seq" + key).c_str(), s);
    z3::sort_vector pair(ctx());
    pair.push_back(s);
    pair.push_back(s);
    z3::expr d = seqFn("seq_diff", srt, pair, ctx().int_sort())(a, b);
    z3::func_decl nth = seqNthFn(srt, s);
    opaqueAxioms_.push_back(forallWith(
        {a, b}, {len(a), len(b)},
        z3::implies(len(a) == len(b) &&
                        z3::implies(zero <= d && d < len(a), nth(a, d) == nth(b, d)),
                    a == b)));
    // Singletons, concatenations, extracts and `==` are defined for the terms the
    // query has (seqBuilt): as axioms for all sequences, singletons and
    // concatenations would force an infinite model (a singleton of every integer,
    // ever longer concatenations), which model-based instantiation cannot build, so
    // every satisfiability check (vacuity) of a precondition over sequences ended
    // unknown.
  }
  z3::sort mapSort(z3::sort range) {
    z3::sort_vector dom(ctx());
    dom.push_back(refSort());
    dom.push_back(ctx().int_sort());
    return ctx().array_sort(dom, range);
  }

  using Scope = std::vector<std::pair<std::string, z3::expr>>;

  z3::expr translate(const term::T &t) {
    Scope scope;
    return tr(t, scope, /*opaqueArith=*/false);
  }

  // opaqueArith: the term is (inside) an argument of an uninterpreted function or
  // an array index. Integer arithmetic there is translated as uninterpreted
  // functions (add$, mul$, ...) defined by axioms, because those are the terms
  // quantifier patterns are made of: Z3 normalises interpreted arithmetic in
  // ground terms and quantifier bodies (orders factors, distributes products over
  // sums) but never in patterns, so a pattern such as a[(g * n) + j] stopped
  // matching the very term it was written for, and the verdict was left to
  // model-based instantiation and the seed (docs/performance.md).
  z3::expr tr(const term::T &t, Scope &scope, bool opaqueArith) {
    // Terms are DAGs; cache only outside quantifiers, where names are unambiguous.
    auto &cache = opaqueArith ? opaqueCache_ : cache_;
    if (scope.empty()) {
      auto it = cache.find(t.get());
      if (it != cache.end())
        return it->second;
      // A long chain (100,000 updates of one variable are a term 100,000 deep) would
      // recurse once per level; under ASan a level's frames take about 8 KB, and the
      // 512 MB stack overflowed. Past a depth the rest is built bottom-up instead.
      if (depth_ >= kRecursionDepth && !bottomUp_) {
        buildBottomUp(t, opaqueArith);
        return cache.at(t.get());
      }
    }
    ++depth_;
    z3::expr e = build(t, scope, opaqueArith);
    --depth_;
    if (scope.empty())
      cache.emplace(t.get(), e);
    return e;
  }

  // Builds `root` and every subterm outside quantifiers children first, with an
  // explicit stack, so that each build() finds its arguments in the cache and
  // recurses at most one level (quantifier bodies still recurse: they are never
  // cached, and are as deep as the user wrote them).
  void buildBottomUp(const term::T &root, bool opaqueArith) {
    struct Pending {
      const term::T *t;
      bool opaque;
      size_t next; // the next argument to visit
    };
    bottomUp_ = true;
    Scope empty;
    std::vector<Pending> stack{{&root, opaqueArith, 0}};
    while (!stack.empty()) {
      Pending &top = stack.back();
      const term::T &t = *top.t;
      auto &cache = top.opaque ? opaqueCache_ : cache_;
      if (cache.count(t.get())) {
        stack.pop_back();
        continue;
      }
      bool binder = t->op == term::Op::Forall || t->op == term::Op::Exists;
      if (!binder && top.next < t->args.size()) {
        size_t i = top.next++;
        Pending child{&t->args[i], argumentOpaque(t, top.opaque, i), 0};
        stack.push_back(child); // invalidates `top`
        continue;
      }
      bool opaque = top.opaque;
      stack.pop_back();
      cache.emplace(t.get(), build(t, empty, opaque));
    }
    bottomUp_ = false;
  }

  static bool isIntArith(const term::T &t) {
    using term::Op;
    switch (t->op) {
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Neg:
      return t->sort == term::Sort::Int;
    default:
      return false;
    }
  }

  // The uninterpreted stand-in for an integer operation in argument position,
  // with its defining axiom (asserted once per solver).
  z3::expr opaque(term::Op op, const z3::expr &x, const z3::expr *y) {
    using term::Op;
    const char *name = op == Op::Add   ? "add$"
                       : op == Op::Sub ? "sub$"
                       : op == Op::Mul ? "mul$"
                                       : "neg$";
    z3::sort i = ctx().int_sort();
    z3::func_decl f = y ? ctx().function(name, i, i, i) : ctx().function(name, i, i);
    if (!opaqueDefined_[static_cast<size_t>(op)]) {
      opaqueDefined_[static_cast<size_t>(op)] = true;
      z3::expr a = ctx().int_const("x$opq");
      z3::expr b = ctx().int_const("y$opq");
      z3::expr app = y ? f(a, b) : f(a);
      z3::expr def = op == Op::Add ? a + b : op == Op::Sub ? a - b : op == Op::Mul ? a * b : -a;
      Z3_app bound[2] = {Z3_to_app(ctx(), a), Z3_to_app(ctx(), b)};
      Z3_ast patternTerm = app;
      Z3_pattern pattern = Z3_mk_pattern(ctx(), 1, &patternTerm);
      // The context is reference counted: the pattern lives while this does.
      z3::ast keepPattern(ctx(), Z3_pattern_to_ast(ctx(), pattern));
      z3::expr body = app == def;
      Z3_ast axiom = Z3_mk_quantifier_const(ctx(), true, 0, y ? 2u : 1u, bound, 1, &pattern, body);
      ctx().check_error();
      opaqueAxioms_.push_back(z3::expr(ctx(), axiom));
    }
    return y ? f(x, *y) : f(x);
  }

  // Whether argument i of `t` (itself translated in mode opaqueArith) is translated
  // in argument position. Arguments of arithmetic keep the caller's mode; arguments
  // of applications, sequence operations and array indices are in argument position
  // in an opaque round; every other operator's arguments are in value position.
  bool argumentOpaque(const term::T &t, bool opaqueArith, size_t i) const {
    using term::Op;
    if (opaqueArith && isIntArith(t))
      return true;
    switch (t->op) {
    case Op::App:
    case Op::SeqLen:
    case Op::SeqNth:
    case Op::SeqConcat:
    case Op::SeqUnit:
    case Op::SeqExtract:
      return opaqueRound_;
    case Op::Select:
    case Op::Store:
      return i == 2 && opaqueRound_;
    default:
      return false;
    }
  }

  z3::expr build(const term::T &t, Scope &scope, bool opaqueArith) {
    using term::Op;
    bool keep = opaqueArith && isIntArith(t);
    auto a = [&](size_t i) { return tr(t->args[i], scope, argumentOpaque(t, opaqueArith, i)); };
    if (keep) {
      z3::expr x = a(0);
      if (t->op == Op::Neg)
        return opaque(t->op, x, nullptr);
      z3::expr y = a(1);
      return opaque(t->op, x, &y);
    }
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
      if (t->args[0]->sort.kind() == term::SortKind::Seq) {
        term::Sort srt = t->args[0]->sort;
        z3::expr eq = seqEqualFn(srt, sortOf(srt))(a(0), a(1));
        seqBuilt(srt, eq, t->op, scope.empty());
        return eq;
      }
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
      z3::expr ref = a(1), index = a(2);
      Z3_ast idx[2] = {ref, index};
      return z3::expr(ctx(), Z3_mk_store_n(ctx(), a(0), 2, idx, a(3)));
    }
    case Op::Forall:
    case Op::Exists:
      return quantifier(t, scope);
    case Op::SeqLen: {
      term::Sort srt = t->args[0]->sort;
      return seqLenFn(srt, sortOf(srt))(a(0));
    }
    case Op::SeqNth: {
      term::Sort srt = t->args[0]->sort;
      return seqNthFn(srt, sortOf(srt))(a(0), a(1));
    }
    case Op::SeqConcat: {
      z3::expr c = seqConcatFn(t->sort, sortOf(t->sort))(a(0), a(1));
      seqBuilt(t->sort, c, t->op, scope.empty());
      return c;
    }
    case Op::SeqUnit: {
      z3::expr u = seqUnitFn(t->sort, sortOf(t->sort))(a(0));
      seqBuilt(t->sort, u, t->op, scope.empty());
      return u;
    }
    case Op::SeqEmpty:
      return seqEmptyFn(t->sort, sortOf(t->sort))();
    case Op::SeqExtract: {
      z3::expr x = seqExtractFn(t->sort, sortOf(t->sort))(a(0), a(1), a(2));
      seqBuilt(t->sort, x, t->op, scope.empty());
      return x;
    }
    }
    return ctx().bool_val(true);
  }

  // Whether Z3 accepts `p` inside a pattern: no if-then-else, equality, logical
  // connective, comparison or quantifier anywhere in it.
  static bool patternable(const term::T &p) {
    switch (p->op) {
    case term::Op::Not:
    case term::Op::And:
    case term::Op::Or:
    case term::Op::Implies:
    case term::Op::Ite:
    case term::Op::Eq:
    case term::Op::Lt:
    case term::Op::Le:
    case term::Op::Forall:
    case term::Op::Exists:
      return false;
    default:
      return std::all_of(p->args.begin(), p->args.end(), patternable);
    }
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
    z3::expr body = tr(t->args[0], scope, false);
    std::vector<Z3_pattern> pats;
    std::vector<z3::ast> keepAlive; // Z3 frees unreferenced patterns and terms
    for (const auto &multi : t->patterns) {
      // Z3 rejects a pattern with a logical operator inside (`a[c ? 0 : i]`, from a
      // user's index expression): the whole query would end in "invalid pattern".
      // Such a multi-pattern is left out; with none left Z3 chooses its own.
      if (std::any_of(multi.begin(), multi.end(), [](const term::T &p) { return !patternable(p); }))
        continue;
      std::vector<Z3_ast> terms;
      for (const term::T &p : multi) {
        // A pattern is an application whose arguments are in argument position.
        z3::expr e = tr(p, scope, false);
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
  std::unordered_map<const term::Term *, z3::expr> opaqueCache_;
  std::array<bool, 64> opaqueDefined_{};
  std::vector<z3::expr> opaqueAxioms_;
  std::set<std::string> seqDefined_; // sequence sorts whose axioms are asserted
  std::set<std::string> seqOpen_;    // quantified unit/concat axioms asserted (seqBuilt)
  bool opaqueRound_ = false; // translate arithmetic in argument position opaquely
  static constexpr unsigned kRecursionDepth = 512;
  unsigned depth_ = 0;    // tr() calls under way outside buildBottomUp
  bool bottomUp_ = false; // buildBottomUp is under way
  unsigned boundCounter_ = 0;
};

} // namespace

std::string solverVersion() {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  std::string version = "Z3"; // appended piecewise: GCC 12's -Wrestrict on "Z3 " + ...
  const char *separator = " ";
  for (unsigned part : {major, minor, build, revision}) {
    version += separator;
    version += std::to_string(part);
    separator = ".";
  }
  return version;
}

std::unique_ptr<Prover> makeZ3Prover(const ProverOptions &opts) {
  // A bound on evaluating witness terms in a model (Z3_model_eval): even a read
  // of a named map was measured to grow to 16 GB in 5 minutes (array model
  // completion on row_pointer_overlap.cl with --int-math), and the evaluator
  // ignores interrupts. Past the bound Z3 throws and the witness item is left
  // out. Z3 reads these only as process-wide parameters; they are set once,
  // before any context exists, and never change (configuration, not state).
  static std::once_flag evaluatorLimits;
  std::call_once(evaluatorLimits, [] {
    Z3_global_param_set("model_evaluator.max_steps", "200000");
    Z3_global_param_set("model_evaluator.max_memory", "2048");
  });
  return std::make_unique<Z3Prover>(opts);
}

} // namespace kprove::prover
