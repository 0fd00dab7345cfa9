// Encodes pure IR expressions as terms over a symbolic state, recording the
// well-definedness obligations of each sub-expression on the way: permission to
// read (or framing), array bounds, null, division by zero, pure-function
// preconditions and, inside a recursive pure function, termination.
#pragma once

#include "logic/ir.h"
#include "vcgen/state.h"
#include "vcgen/triggers.h"
#include "vcgen/vc_context.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kprove::vcgen {

// How heap reads are checked.
enum class ReadCheck {
  Permission, // code perm.read: statements and assertions
  Framing,    // code framing: inhaling a specification into a state holding only what it provides
  None,       // reads justified elsewhere (a clause already checked to be self-framing)
};

// Set while encoding the body of a pure function, for termination checks.
struct FunctionFrame {
  const ir::Method *fn = nullptr;
  term::T measure;                       // at entry
  const ir::Expr *measureExpr = nullptr; // decreases clause, or null for the first int parameter
  bool limited = false;                  // encode calls with the limited (non-unfolding) symbol
};

class ExprEncoder {
public:
  ExprEncoder(VcContext &vc, State &st) : vc_(vc), st_(st) {}

  ReadCheck reads = ReadCheck::Permission;
  std::vector<term::T> guards; // conditions under which the expression is evaluated
  FunctionFrame *function = nullptr;
  bool checks = true; // false: encode only, no obligations (axioms of pure functions)
  // Inside a pure function's body or contract: whether a cell (ref, index) lies in
  // the footprint its precondition gives it (vcgen/function_contract.h). Set, it
  // replaces the permission checks of reads: the function reads no other cell.
  std::function<term::T(const term::T &, const term::T &)> footprint;
  std::string footprintOwner; // that function's name, for messages

  term::T encode(const ir::Expr &e);

  // The `{: e :}` terms met while encoding a quantifier, one frame per quantifier
  // being encoded (innermost last); pushed by encodeQuantifier and, for \forall*,
  // by the resource collector. A marked term outside every frame is an error.
  struct UserTrigger {
    term::T term; // over the quantifier's skolem constants
    SourceRange range;
  };
  std::vector<std::vector<UserTrigger>> triggerFrames;
  // The patterns for one quantifier from its frame (skolems replaced by `sub`, the
  // bound variables `bound`): one multi-pattern, or none when the frame is empty or
  // a term cannot be a pattern (reported as error[type] at the term).
  std::vector<std::vector<term::T>>
  userPatterns(const std::vector<UserTrigger> &frame,
               const std::vector<std::pair<std::string, term::T>> &sub,
               const std::vector<term::BoundVar> &bound);

  // Name used for a pure function's symbol and its limited twin.
  static std::string functionSymbol(const std::string &name, bool limited);

  VcContext &vc() { return vc_; }
  State &state() { return st_; }
  void require(const term::T &goal, DiagCode code, SourceRange range, std::string message,
               std::vector<DiagNote> notes = {});

  // Binds each binder to a fresh skolem constant in the state's variables (and
  // returns the constants); `restore` undoes it.
  std::vector<term::T>
  bindSkolems(const std::vector<ir::Binder> &binders,
              std::vector<std::pair<std::string, std::optional<term::T>>> &saved);
  void restore(const std::vector<std::pair<std::string, std::optional<term::T>>> &saved);

  // The cells of a C integer type read under a quantifier: their values are of the
  // type for every value of the bound variables, not only for the skolem instance
  // the encoder reads them at. Between openQuantifier (given the quantifier's
  // skolems) and closeQuantifier (its mark), each such read's range fact is kept;
  // closing assumes it for all values of the skolems it mentions (once no open
  // quantifier's skolem is left in it). Without it a precondition no cell can meet
  // (`\forall ... a[i] == 200` on a char buffer) had models, and was not vacuous.
  size_t openQuantifier(const std::vector<term::T> &skolems);
  void closeQuantifier(size_t mark);

private:
  term::T encodeNode(const ir::Expr &e);
  term::T encodeBinary(const ir::Expr &e);
  // The value of C arithmetic `e` computed exactly as `exact`: wrapped for unsigned
  // types, with an overflow obligation for signed ones.
  term::T arithResult(const ir::Expr &e, const term::T &exact);
  term::T encodeShift(const ir::Expr &e, const term::T &a, const term::T &b);
  // Bounds on the value of `e` known from the C types and launch limits alone
  // (nullopt: none). exactRange: of the exact result of `e`'s own + - * or negation,
  // before arithResult wraps or checks it; staticRange: of the value it encodes to.
  std::optional<std::pair<__int128, __int128>> staticRange(const ir::Expr &e) const;
  std::optional<std::pair<__int128, __int128>> exactRange(const ir::Expr &e) const;
  term::T encodeIndex(const ir::Expr &e);
  term::T encodeCall(const ir::Expr &e);
  term::T encodeQuantifier(const ir::Expr &e);
  term::T encodeSum(const ir::Expr &e); // vcgen/sum.cpp
  term::T encodeSeq(const ir::Expr &e); // vcgen/sequences.cpp
  void addSumAxioms(const std::string &symbol, const term::T &shape,
                    const std::vector<term::BoundVar> &params);
  term::T encodeOld(const ir::Expr &e);
  term::T encodeOther(const ir::Expr &e); // GPUVerify's two-thread predicates
  term::T guarded(const term::T &cond, const ir::Expr &e);

  VcContext &vc_;
  State &st_;
  int inOther_ = 0; // Others around the expression being encoded
  struct CellRange {
    term::T fact;                 // inRange(cell) at skolem instances
    std::vector<term::T> skolems; // of closed quantifiers, mentioned by the fact
  };
  std::vector<CellRange> cellRanges_;
  std::vector<std::vector<term::T>> openSkolems_; // innermost last
  void keepCellRange(const term::T &fact);
};

} // namespace kprove::vcgen
