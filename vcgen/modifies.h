// What a statement list may change, computed in one place for every statement
// kind: loops havoc it at their head and after their exit, parallel blocks check
// that threads leave the method's variables alone. Names are unique within a body
// (the type checker renames shadowing declarations), so a name means one variable.
#pragma once

#include "logic/ir.h"

#include <set>
#include <string>
#include <vector>

namespace kprove::vcgen {

struct ModifiesSet {
  // Variables assigned: plain assignments, call results, atomics' results, at any
  // depth (nested blocks, branches, loops).
  std::set<std::string> vars;
  // The statements that assign them (for messages).
  std::vector<const ir::Stmt *> assignments;
  // Arrays updated with atomics: their cells change even where the state keeps
  // part of the permission, so the frame of a loop cannot keep their values.
  std::set<std::string> atomicArrays;
  bool hasBarrier = false;
  bool hasCall = false;
};

ModifiesSet modifiesOf(const std::vector<ir::StmtPtr> &body);

} // namespace kprove::vcgen
