// The symbolic state of one thread (or of a whole group, in barrier checks):
// a path condition, the values of variables, and one heap and one permission
// mask over all arrays (a Viper/Carbon-style encoding: Heap = Ref x Int -> Int,
// Mask = Ref x Int -> Real).
#pragma once

#include "logic/source.h"
#include "logic/term.h"

#include <map>
#include <memory>
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
  // This thread's last write to each array (by name) since the last barrier or
  // the start: where a failed read's "is a barrier missing" hint points. A
  // diagnostic aid only, never part of a proof.
  std::map<std::string, SourceRange> writesSinceBarrier;

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

} // namespace kprove::vcgen
