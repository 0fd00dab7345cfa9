// The symbolic state of one thread (or of a whole group, in barrier checks):
// a path condition, the values of variables, and one heap and one permission
// mask over all arrays (a Viper/Carbon-style encoding: Heap = Ref x Int -> Int,
// Mask = Ref x Int -> Real).
#pragma once

#include "logic/diagnostics.h"
#include "logic/ir.h"
#include "logic/source.h"
#include "logic/term.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace kprove::vcgen {

// A persistent list of facts: states share their common prefix, so forking a
// state at a branch or taking a snapshot for an obligation is O(1).
struct PathNode {
  term::T fact;
  std::shared_ptr<const PathNode> next;
};
using PathList = std::shared_ptr<const PathNode>;

struct State {
  PathList pc;
  std::map<std::string, term::T>
      vars; // locals, parameters, reserved names; arrays map to Ref terms
  term::T heap;
  term::T mask;
  // The pre-state of the enclosing method or thread, for \old.
  term::T oldHeap;
  std::map<std::string, term::T> oldVars;
  term::T result;    // \result while checking a postcondition
  bool dead = false; // after return: no successor
  // Names whose values are an enclosing quantifier's (the thread ids of a check
  // over all threads): a counterexample cannot show them, nor a replay start from
  // them.
  std::set<std::string> quantified;
  // This thread's last write to each array (by name) since the last barrier or
  // the start: where a failed read's "is a barrier missing" hint points. A
  // diagnostic aid only, never part of a proof.
  std::map<std::string, SourceRange> writesSinceBarrier;
  // Arrays a `par` block took permissions to by a `requires` clause while no
  // `ensures` or `context` clause of it gives any permission to them back: the
  // clause, where a later failure for lack of permission to the array notes "did
  // you mean context?". A diagnostic aid only, like writesSinceBarrier.
  std::map<std::string, SourceRange> keptByPar;
  // Two-thread loop invariants assumed at the head of the iteration this state is
  // in, about this thread and a second one (vcgen/two_thread.h): each holds when
  // the second thread is here too (it then was at that head). Kept apart from the
  // facts, which a query about two threads renames; never merged out of a branch.
  std::vector<term::T> pairAssumptions;

  void assume(const term::T &f) {
    if (!term::isTrue(f))
      pc = std::make_shared<const PathNode>(PathNode{f, pc});
  }
  // Facts from newest to `stop` (exclusive), oldest first.
  std::vector<term::T> factsSince(const PathList &stop) const {
    std::vector<term::T> out;
    for (const PathNode *n = pc.get(); n && n != stop.get(); n = n->next.get())
      out.push_back(n->fact);
    return {out.rbegin(), out.rend()};
  }
  std::vector<term::T> allFacts() const { return factsSince(nullptr); }
};

// A postcondition reads the parameters as they were passed, whatever the body
// assigned to them since (VerCors/Viper, ACSL; it is what a caller puts in their
// place): while one lives, the named variables of `st` have their values of
// st.oldVars (the entry state), and get their current values back afterwards.
class EntryValues {
public:
  EntryValues(State &st, const std::vector<std::string> &names) : st_(st) {
    for (const std::string &n : names) {
      auto old = st.oldVars.find(n);
      auto cur = st.vars.find(n);
      if (old == st.oldVars.end() || cur == st.vars.end())
        continue;
      saved_.emplace_back(n, cur->second);
      cur->second = old->second;
    }
  }
  ~EntryValues() {
    for (auto &[n, v] : saved_)
      st_.vars[n] = v;
  }
  EntryValues(const EntryValues &) = delete;
  EntryValues &operator=(const EntryValues &) = delete;

private:
  State &st_;
  std::vector<std::pair<std::string, term::T>> saved_;
};

// The hint of State::keptByPar, as a note at the par block's `requires` clause
// under a failure for lack of permission to `array` (none for other arrays).
inline constexpr const char *kKeptByParHint =
    "did you mean context? requires alone hands the permission to the block for good";
inline std::vector<DiagNote> keptByParNote(const State &st, const ir::Expr &array) {
  if (array.kind != ir::ExprKind::Var)
    return {};
  auto it = st.keptByPar.find(array.name);
  if (it == st.keptByPar.end())
    return {};
  return {{it->second, kKeptByParHint}};
}

} // namespace kprove::vcgen
