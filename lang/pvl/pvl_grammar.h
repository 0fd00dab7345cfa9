// The PVL grammar's interface between its translation units (private to lang/pvl/).
// The X3 grammar is split by construct:
//   pvl_expressions.cpp   expressions, quantifiers, assignment targets;
//   pvl_statements.cpp    statements, par blocks, barriers;
//   pvl_declarations.cpp  types, clauses, methods, classes, kernels, and the two
//                         start rules (`program`, `spec_comment`).
// Each file defines its rules with BOOST_SPIRIT_DEFINE. The rules another file uses
// are declared here with BOOST_SPIRIT_DECLARE and explicitly instantiated by their
// file with BOOST_SPIRIT_INSTANTIATE for the one iterator and context the parser
// uses (`Iterator`, `Context` below); a new cross-file rule needs both, or the build
// fails to link. Rules with BOOST_SPIRIT_DEFINE pass the context through unchanged,
// so it is the same in every rule.
// Also here: the AST-building helpers (pvl_ast.cpp) and the semantic actions and
// token parsers that more than one grammar file uses.
#pragma once

#include "lang/pvl/pvl_x3.h"

#include <string>
#include <vector>

namespace kprove::lang::pvl {

using ir::BinOp;
using ir::Clause;
using ir::ClauseKind;
using ir::ExprKind;
using ir::ExprPtr;
using ir::Stmt;
using ir::StmtKind;
using ir::StmtPtr;
using ir::Type;

// ---------------------------------------------------------------------------------
// AST helpers used by the semantic actions (pvl_ast.cpp)
// ---------------------------------------------------------------------------------

ExprPtr newExpr(ExprKind kind, SourceRange r);
StmtPtr newStmt(StmtKind kind, SourceRange r = {});

// Deep copy, so desugarings such as `x++` do not share nodes between target and value.
using ir::cloneExpr;

// A type as written. `type == Unknown` means the type is not supported; `text` names it.
struct TypeSpec {
  Type type = Type::Unknown;
  std::string text;
  SourceRange range;
  int dims = 0;
};

// Reports an unsupported type (once the construct using it is committed).
bool checkType(ParseState &st, const TypeSpec &t);

// Token texts joined without spaces except between words: `seq<int>`, `int[]`.
std::string typeText(It b, It e);

ClauseKind clauseKindOf(Tok t);

// `(\let T name = value; body)` as `body` with `value` for the free occurrences of
// `name` (a pure expression: same meaning). Throws ParseAbort if a quantifier in
// `body` would capture a variable of `value`.
ExprPtr substituteLet(const std::string &name, const ExprPtr &value, const ExprPtr &body,
                      SourceRange nameRange);

// A par block's `context_everywhere` clauses (VerCors): also invariants of every loop
// and clauses (requires and ensures) of every barrier in its body.
void propagateContextEverywhere(Stmt &par);

// If/while/par bodies are stored as statement vectors: a block body is flattened.
std::vector<StmtPtr> bodyOf(std::vector<StmtPtr> stmts);

// A call's `given {p = e, ...}` and `yields {x = q, ...}` (VerCors's ghost arguments).
struct GhostArgs {
  std::vector<ir::GhostArg> given;
  std::vector<ir::GhostArg> yields;
};

// The content of one /*@ ... @*/ or //@ annotation of a C kernel.
struct SpecBuilder {
  std::vector<Clause> clauses;
  std::vector<StmtPtr> stmts;
  std::vector<ir::Param> given, yields; // `given T x;` / `yields T y;` before a function
  GhostArgs ghostArgs;                  // `given {...} yields {...}` right after a call
  std::vector<ir::Method> functions;    // ghost declarations: `pure int f(int x) = e;`
  bool pure = false;                    // a `pure` modifier alone: the C function after it
};

// ---------------------------------------------------------------------------------
// Semantic actions and token parsers used by more than one grammar file
// ---------------------------------------------------------------------------------

inline constexpr auto setVal = [](auto &ctx) { x3::_val(ctx) = x3::_attr(ctx); };

// VerCors constructs kprove does not model: one `unsupported` diagnostic, stop.
inline auto unsupportedToken(const char *what) {
  return [what](auto &ctx) {
    const Token *t = x3::_attr(ctx);
    throw ParseAbort{tokRange(state(ctx), t), "'" + std::string(t->text) + "' " + what,
                     DiagCode::Unsupported};
  };
}

// Sequences are PVL only for now: in a C kernel's annotation they are unsupported.
inline void pvlOnlySequences(ParseState &st, SourceRange r) {
  if (st.cSpec)
    throw ParseAbort{r, "sequences (seq<T>, |s|, ++, ::) in OpenCL/CUDA annotations are not supported",
                     DiagCode::Unsupported};
}

// A clause keyword where no clause may appear: a clearer message than "expected X".
inline constexpr auto misplacedClause = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  throw ParseAbort{tokRange(state(ctx), t),
                   "'" + std::string(t->text) + "' clause is not allowed here"};
};

inline constexpr TokSet ident = tv(Tok::Ident);
inline constexpr TokSet
    clause_keyword({Tok::KwRequires, Tok::KwEnsures, Tok::KwContext, Tok::KwContextEverywhere,
                    Tok::KwLoopInvariant, Tok::KwInvariant, Tok::KwDecreases, Tok::KwKernelRequires,
                    Tok::KwKernelEnsures, Tok::KwGroupRequires, Tok::KwGroupEnsures},
                   "a clause");
inline constexpr auto misplaced_clause = clause_keyword[misplacedClause];

// ---------------------------------------------------------------------------------
// Rules used across grammar files
// ---------------------------------------------------------------------------------

using Iterator = It;
// What x3::with<state_tag>(st)[rule] passes to the rule (pvl_parser.cpp).
using Context = x3::context<state_tag, ParseState, x3::unused_type>;

// pvl_expressions.cpp
using nested_expr_type = x3::rule<class nested_expr_id, ExprPtr>;
using clause_expr_type = x3::rule<class clause_expr_id, ExprPtr>;
using arg_list_type = x3::rule<class args_id, std::vector<ExprPtr>>;
using lhs_type = x3::rule<class lhs_id, ExprPtr>;
using ghost_args_type = x3::rule<class ghost_args_id, GhostArgs>;
// An expression inside parentheses, brackets or an argument list (depth-guarded).
inline constexpr nested_expr_type nested_expr = "an expression";
// The expression of a clause or an assert (seed kernels: `*` is the separating
// conjunction).
inline constexpr clause_expr_type clause_expr = "an expression";
inline constexpr arg_list_type arg_list = "'('";
// An assignment target: a name, or a name indexed once.
inline constexpr lhs_type lhs = "an identifier";
// After a call's argument list: optional `given {...}` then optional `yields {...}`.
inline constexpr ghost_args_type ghost_args = "'given' or 'yields'";
BOOST_SPIRIT_DECLARE(nested_expr_type, clause_expr_type, arg_list_type, lhs_type, ghost_args_type)

// pvl_statements.cpp
using stmt_type = x3::rule<class stmt_id, std::vector<StmtPtr>>;
using block_type = x3::rule<class block_id, std::vector<StmtPtr>>;
inline constexpr stmt_type stmt = "a statement";
inline constexpr block_type block = "'{'";
BOOST_SPIRIT_DECLARE(stmt_type, block_type)

// pvl_declarations.cpp
using type_type = x3::rule<class type_id, TypeSpec>;
using loop_clause_type = x3::rule<class loop_clause_id, Clause>;
using block_clause_type = x3::rule<class block_clause_id, Clause>;
using program_type = x3::rule<class program_id>;
using spec_comment_type = x3::rule<class spec_comment_id, SpecBuilder>;
inline constexpr type_type type = "a type";
inline constexpr loop_clause_type loop_clause = "'loop_invariant'";
inline constexpr block_clause_type block_clause = "a clause";
// A par block's clause: a block clause or `context_everywhere`.
using par_clause_type = x3::rule<class par_clause_id, Clause>;
inline constexpr par_clause_type par_clause = "a clause";
// A whole PVL file: methods go to ParseState::program.
inline constexpr program_type program = "a program";
// The content of one annotation comment of a C kernel.
inline constexpr spec_comment_type spec_comment = "a specification";
BOOST_SPIRIT_DECLARE(type_type, loop_clause_type, block_clause_type, par_clause_type, program_type,
                     spec_comment_type)

// Expands VerCors's resource predicates into their bodies at every use and removes
// their declarations (pvl_predicates.cpp); recursive or abstract ones are reported.
void expandResourcePredicates(ir::Program &p, DiagnosticEngine &diags);

} // namespace kprove::lang::pvl
