// Shared bookkeeping of one VC-generation run: fresh names, the obligations
// produced so far, global axioms (pure functions), and input diagnostics.
#pragma once

#include "logic/diagnostics.h"
#include "logic/ir.h"
#include "vcgen/arith_lemmas.h"
#include "vcgen/obligation.h"
#include "vcgen/state.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace kprove::vcgen {

struct PairContext; // vcgen/two_thread.h

class VcContext {
public:
  VcContext(const ir::Program &program, DiagnosticEngine &diags);

  std::string fresh(const std::string &base);
  // While one lives, fresh names carry a tag of their own (`mask@v3`): the
  // vacuity checks' names do not shift the numbering of the obligations' names,
  // which the solver's search depends on (docs/performance.md).
  class SeparateNames {
  public:
    explicit SeparateNames(VcContext &vc) : vc_(vc), saved_(vc.separateNames_) {
      vc.separateNames_ = true;
    }
    ~SeparateNames() { vc_.separateNames_ = saved_; }
    SeparateNames(const SeparateNames &) = delete;
    SeparateNames &operator=(const SeparateNames &) = delete;

  private:
    VcContext &vc_;
    bool saved_;
  };
  // While set, every name fresh() invents is appended here (a vec block's lane
  // values must not rest on one).
  std::vector<std::string> *freshLog = nullptr;
  term::T freshVar(const std::string &base, term::Sort sort) {
    return term::var(fresh(base), sort);
  }
  // A fresh mask holding no permission anywhere.
  term::T zeroMask(State &st);
  // A fresh mask constant equal to `m`: masks appear in quantifier patterns,
  // which may not contain if-then-else or store terms.
  term::T nameMask(State &st, const term::T &m);

  // Records the obligation "path condition && guards ==> goal".
  // Its witness (what a failure shows of the counter-model): `extra` first, then
  // the thread's ids and launch sizes, its variables, and the heap cells, lengths
  // and permissions the goal reads (witnessOf).
  void check(State &st, const std::vector<term::T> &guards, const term::T &goal, DiagCode code,
             SourceRange range, std::string message, std::vector<DiagNote> notes = {},
             std::vector<WitnessItem> extra = {});
  // How witnesses name the variables kprove binds under reserved names ($lid0 ->
  // threadIdx.x or get_local_id(0)), in the order they are shown; set per kernel.
  std::vector<std::pair<std::string, std::string>> reservedNames;
  // The kernel being verified ("" for methods): obligations carry it and the
  // inputs of a concrete run (replayInputsOf).
  std::string currentKernel;
  // The candidate loop invariant being checked (-1: none): obligations carry it.
  int currentCandidate = -1;
  // The method, function or kernel being verified ("kernel k", "method m"): a
  // file's failures are ordered root cause first within each (driver/).
  std::string currentUnit;
  // The name a user knows for a variable of the state or a skolem made from one
  // ("tid@3" -> "tid", "$lid0@1" -> "threadIdx.x"); "" for kprove's own names.
  std::string displayName(const std::string &name) const;
  // A construct kprove cannot model soundly: an input error, never skipped.
  void unsupported(SourceRange range, std::string message);
  void typeError(SourceRange range, std::string message);
  // A verification failure found without the prover (e.g. barrier divergence).
  void fail(Diagnostic d) {
    failures.push_back(std::move(d));
    failureUnits.push_back(currentUnit);
  }
  std::vector<Diagnostic> failures;
  std::vector<std::string> failureUnits; // currentUnit of each failure

  const ir::Method *findMethod(const std::string &name) const;
  // Binds the cell arrays of the fields of class `className` (ir::Field) in `st`:
  // one reference per field, the same in every method, non-null, of length 1 and
  // distinct from the other fields' (distinct locations of one object).
  void bindFields(State &st, const std::string &className) const;
  const ir::Program &program() const { return program_; }
  // An expression as the user wrote it, for messages: the source text of its
  // range (macros, CUDA's threadIdx.x and pointer forms such as *p stay as
  // written), or, for an expression kprove made up or whose range spans more
  // than the expression (a statement, several lines), its IR form.
  std::string spelling(const ir::Expr &e) const;
  // The 1-based line a range starts on (0 for no location), for messages that
  // point at another statement ("the write at line 14").
  uint32_t lineOf(SourceRange r) const;
  DiagnosticEngine &diags() { return diags_; }

  // Assumed by every obligation: the definitions and postconditions of pure
  // functions, each with the function it belongs to.
  struct Axiom {
    std::string owner;
    term::T fact;
  };
  std::vector<Axiom> axioms;
  // The postconditions of bodiless pure functions: trusted, never proved, so they
  // are assumed only where the function is called (as a method's are), never as
  // global axioms — an inconsistent contract of a function nobody calls must not
  // make every obligation of the file provable. Keyed by function; `pureCallees`
  // says which functions a call may unfold to (through bodies).
  std::map<std::string, std::vector<term::T>> callAxioms;
  std::map<std::string, std::set<std::string>> pureCallees;
  // Pure functions that read array memory, themselves or through the functions they
  // call: their symbols take the heap as first argument (vcgen/function_contract.h).
  std::set<std::string> heapFunctions;
  // The function symbol of each \sum body seen (vcgen/sum.cpp), keyed by the body
  // with its index and free values abstracted; its axioms are added with it.
  std::map<std::string, std::string> sumSymbols;
  // While a function's own obligations are generated its axioms are left out:
  // they are what those obligations justify (no circular proofs).
  std::string excludedOwner;
  std::vector<Obligation> obligations;
  // Satisfiability checks of the assumptions (vcgen/vacuity.h), and the check
  // whose assumptions enclose the code being executed (-1: none).
  std::vector<VacuityCheck> vacuityChecks;
  int vacuityScope = -1;
  // Set by Executor::exec on a block: the statement being executed is followed by
  // another (a loop exit is checked for reachability only then).
  bool followedByCode = false;
  // While building a vacuity state: obligations are neither recorded nor assumed
  // (a passing check is implied by the path condition anyway; a failing one is
  // reported by the real run).
  bool quiet = false;
  // Remarks for the user that are not errors (e.g. "1-D launch assumed").
  std::vector<Diagnostic> remarks;
  // The kernel being verified: the arrays some thread accesses with atomics, by
  // name and reference. Decided per location: a plain access to a cell of any
  // array that may be one of these references needs a full permission (no atomic
  // can run concurrently), whatever name the access uses (buffers may alias).
  struct AtomicArray {
    std::string name;
    term::T ref;
  };
  std::vector<AtomicArray> atomicArrays;
  // Facts about the launch (all threads' permissions add up to at most one per cell)
  // that rule buffer aliasing in or out: guards of the per-location checks only,
  // so the thread's other obligations do not carry their quantifiers.
  std::vector<term::T> launchFacts;
  // While a GPU kernel's thread is verified: what a query about it and a second
  // thread of its launch assumes (GPUVerify's two-thread predicates); null elsewhere.
  const PairContext *pair = nullptr;
  // The statement whose two-thread claims are being checked (an assert, or a loop's
  // invariants); null elsewhere (a postcondition, a call's precondition).
  const ir::Stmt *pairPoint = nullptr;
  // The thread's own variables while a call's precondition is exhaled (the state then
  // holds the callee's parameters); null elsewhere.
  const std::map<std::string, term::T> *pairVars = nullptr;
  // --int-math: C's integer types are mathematical integers (no wrap, no overflow
  // obligations); their `/` and `%` still truncate.
  bool intMath = false;
  // The C integer types of the variables of the body being verified (names are
  // unique within it): havocked variables keep their type's range.
  std::map<std::string, ir::IntType> intTypes;
  // Whether `t` is given C's bounded semantics here.
  bool bounded(ir::IntType t) const { return t.bounded() && !intMath; }
  // C's conversion of `x` to `t`, and C's truncating / and %: applications of
  // functions (wrap$u32, tdiv, tmod) defined by axioms triggered on each term, so
  // that they may appear in quantifier patterns (an if-then-else may not).
  term::T wrapTo(const term::T &x, ir::IntType t);
  term::T truncDiv(const term::T &a, const term::T &b);
  term::T truncMod(const term::T &a, const term::T &b);
  // C's `a & b`, `a | b`, `a ^ b` (op is '&', '|' or '^') on operands of type t:
  // exact terms for the literal masks (int_model.h), otherwise a function
  // (bitand$u32, ...) whose facts are an axiom triggered on each application, so
  // that every instance of a term (another thread's `i ^ j` in a two-instance
  // check, a quantifier's body) has them, not just the one first encoded.
  term::T bitOperation(char op, const term::T &a, const term::T &b, ir::IntType t);
  // `x & mask` where the program wrote mask as `n - 1`: the function
  // bitmask$T(x, mask, n), equal to `x & mask`, and to x mod n when n is a power
  // of two and mask == n - 1 (the axiom checks both; a conversion that changed
  // the value of n - 1 just leaves the guard false).
  term::T maskOperation(const term::T &x, const term::T &mask, const term::T &n, ir::IntType t);
  // The condition "ref is one of the atomically updated arrays" (false if none).
  term::T mayBeAtomic(const term::T &ref) const;
  std::vector<term::T> atomicRefs() const;

  // What a concrete run of the current kernel needs, as terms of `st` (launch
  // sizes, thread ids, scalar parameters, array lengths; the second instance's ids
  // of "X = {0} and {1}" items in `extra`).
  std::vector<ReplayInput> replayInputsOf(const State &st,
                                          const std::vector<WitnessItem> &extra) const;

private:
  std::vector<WitnessItem> witnessOf(const State &st, const term::T &goal,
                                     std::vector<WitnessItem> extra,
                                     const std::vector<term::T> &instance) const;
  // A universally quantified goal with its variables replaced by fresh constants
  // (`instance`): valid exactly when the goal is, and a failure's model then names
  // the instance that fails (`i = 3`, `c[3] = 5`).
  term::T instantiateGoal(const term::T &goal, std::vector<term::T> &instance);

  // Adds the defining axiom of an integer function once.
  void defineIntFunction(const std::string &name, const std::vector<term::BoundVar> &vars,
                         const term::T &definition);
  // Adds `forall vars {call} body` once per name.
  void defineIntAxiom(const std::string &name, const std::vector<term::BoundVar> &vars,
                      const term::T &call, const term::T &body);
  std::set<std::string> intFunctions_;
  const ir::Program &program_;
  DiagnosticEngine &diags_;
  std::map<std::string, unsigned> counters_;
  bool separateNames_ = false; // SeparateNames
  static constexpr size_t kMaxTotalAssumptions = 40'000'000;
  size_t totalAssumptions_ = 0;
  bool budgetExceeded_ = false;
  FactIndex factIndex_; // the arithmetic lemmas' findings per path-condition fact
};

// The term for an array's length, and the null reference.
term::T lengthOf(const term::T &ref);
// Row `i` of the 2-D array `matrix` (ir::Type::IntMatrix): a function of the two,
// since kprove takes rows as fixed (docs/soundness.md, "2-D arrays"); rowIndex is its
// inverse on the rows \matrix makes distinct.
term::T rowOf(const term::T &matrix, const term::T &i);
term::T rowIndex(const term::T &matrix, const term::T &row);
term::T nullRef();
term::T readPermission();
term::Sort sortOf(ir::Type t);

} // namespace kprove::vcgen
