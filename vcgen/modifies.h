// What a statement list may change, computed in one place for every statement
// kind (assignments, call results and yields targets, atomics' results, at any depth through
// blocks, branches and nested loops): loops havoc it at their head and after their exit, parallel
// blocks check that threads leave the method's variables alone. Names are unique within a body (the
// type checker renames shadowing declarations), so a name means one variable. Heap cells need no
// entry: writes need all of a cell's permission, and cells atomics change are havocked from the
// permissions held (Executor::interfere, after a loop).
#pragma once

#include "logic/ir.h"

#include <set>
#include <string>
#include <vector>

namespace kprove::vcgen {

struct ModifiesSet {
  std::set<std::string> vars;
  // The statements that assign them and the variable each assigns (for messages); a
  // call with `yields {x = q}` appears once per target.
  struct Assignment {
    const ir::Stmt *stmt;
    std::string var;
  };
  std::vector<Assignment> assignments;
};

ModifiesSet modifiesOf(const std::vector<ir::StmtPtr> &body);

} // namespace kprove::vcgen
