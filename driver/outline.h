// What an editor needs to know about a file besides its verdict: the declared
// units (methods, pure functions, kernels, par blocks), the uses of their names
// (calls of pure functions and methods, barriers naming their par block) and the
// contract clauses. Built from the IR the pipeline already has (no second parse).
#pragma once

#include "logic/ir.h"
#include "logic/source.h"

#include <string>
#include <vector>

namespace kprove::driver {

struct OutlineSymbol {
  enum class Kind { Method, PureFunction, Kernel, ParBlock };
  Kind kind = Kind::Method;
  std::string name;
  SourceRange range;     // the whole declaration
  SourceRange nameRange; // its name (the declaration's start when unknown)
};

struct OutlineReference {
  SourceRange range; // the name at the use
  size_t symbol;     // index into Outline::symbols
};

struct OutlineClause {
  ir::ClauseKind kind;
  SourceRange range; // keyword to ';'
  bool barrier = false;
  bool loop = false;
};

struct Outline {
  std::vector<OutlineSymbol> symbols;
  std::vector<OutlineReference> references;
  std::vector<OutlineClause> clauses;
};

Outline buildOutline(const ir::Program &program);

const char *clauseKindName(ir::ClauseKind kind);

} // namespace kprove::driver
