// The PVL grammar, part 3 of 3: types, contract clauses and declarations (see
// pvl_grammar.h for how the grammar is split). Methods and pure functions, classes
// (members flattened into the program), seed kernels, and the two start rules:
// `program` for a PVL file and `spec_comment` for a C kernel's annotation.
// Exports type, loop_clause, block_clause, program and spec_comment.
#include "lang/pvl/pvl_grammar.h"

#include <boost/fusion/include/at_c.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace kprove::lang::pvl {
namespace {

namespace fusion = boost::fusion;

// ---------------------------------------------------------------------------------
// Semantic actions
// ---------------------------------------------------------------------------------

// Types ---------------------------------------------------------------------------

auto const typeStart = [](auto &ctx) { x3::_val(ctx) = TypeSpec{}; };
auto baseType(Type t) {
  return [t](auto &ctx) { x3::_val(ctx).type = t; };
}
auto const namedType = [](auto &ctx) { x3::_val(ctx).type = Type::Unknown; };
// `seq<T>`: a sequence of int, bool, frac or sequence elements.
auto const seqType = [](auto &ctx) {
  TypeSpec &t = x3::_val(ctx);
  const TypeSpec &elem = x3::_attr(ctx);
  bool ok = elem.dims == 0 && (elem.type == Type::Int || elem.type == Type::Bool ||
                               elem.type == Type::Frac || elem.type.isSeq());
  if (elem.type.isSeq() && elem.type.seqDepth() >= Type::kMaxSeqDepth)
    throw ParseAbort{elem.range, "sequence types nest at most " +
                                     std::to_string(Type::kMaxSeqDepth) + " deep"};
  t.type = ok ? Type::seqOf(elem.type) : Type::Unknown;
  pvlOnlySequences(state(ctx), elem.range);
};
// int arrays of one and two dimensions are modelled.
auto const arrayDim = [](auto &ctx) {
  TypeSpec &t = x3::_val(ctx);
  t.type = t.type == Type::Int && t.dims == 0        ? Type::IntArray
           : t.type == Type::IntArray && t.dims == 1 ? Type::IntMatrix
                                                     : Type::Unknown;
  ++t.dims;
};
// C annotations: `int *` is an int array; a pointer to pointers is not modelled.
auto const pointerDim = [](auto &ctx) {
  TypeSpec &t = x3::_val(ctx);
  t.type = t.type == Type::Int && t.dims == 0 ? Type::IntArray : Type::Unknown;
  ++t.dims;
};
// Runs after the whole type: records its text and range.
auto const typeFinish = [](auto &ctx) {
  TypeSpec &t = x3::_val(ctx);
  t.range = whereRange(ctx);
  t.text = typeText(whereBegin(ctx), x3::_where(ctx).begin());
};

// Clauses -------------------------------------------------------------------------

auto const makeClause = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  Clause c;
  c.kind = clauseKindOf(fusion::at_c<0>(parts)->kind);
  c.expr = fusion::at_c<1>(parts);
  c.range = whereRange(ctx);
  x3::_val(ctx) = c;
};

// Declarations --------------------------------------------------------------------

struct MethodBuilder {
  ir::Method method;
  TypeSpec returnType;
  bool field = false;                    // `TYPE name[, name];` instead of a method
  std::vector<const Token *> moreFields; // the names after the first
  bool inline_ = false;
  bool staticMod = false;
};

auto const methodStart = [](auto &ctx) { x3::_val(ctx) = MethodBuilder{}; };
auto const methodClause = [](auto &ctx) {
  x3::_val(ctx).method.contract.push_back(x3::_attr(ctx));
};
auto const methodModifier = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  MethodBuilder &m = x3::_val(ctx);
  if (t->kind == Tok::KwPure)
    m.method.pure = true;
  else if (t->kind == Tok::KwInline)
    m.inline_ = true;
  else
    m.staticMod = true;
};
auto const methodType = [](auto &ctx) { x3::_val(ctx).returnType = x3::_attr(ctx); };
auto const methodName = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  MethodBuilder &m = x3::_val(ctx);
  m.method.name = std::string(t->text);
  m.method.nameRange = tokRange(state(ctx), t);
};
auto const methodParam = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  ParseState &st = state(ctx);
  TypeSpec &t = fusion::at_c<0>(parts);
  const Token *name = fusion::at_c<1>(parts);
  checkType(st, t);
  if (t.type == Type::Void)
    unsupported(st, t.range, "parameters cannot have type void");
  ir::Param p;
  p.type = t.type;
  p.name = std::string(name->text);
  p.range = tokRange(st, name);
  x3::_val(ctx).method.params.push_back(p);
};
// `given T x;` / `yields T y;`: VerCors's ghost parameters (ir::Param::given,
// ir::Method::yields).
template <typename Parts> ir::Param ghostParam(ParseState &st, Parts &parts) {
  TypeSpec &t = fusion::at_c<1>(parts);
  const Token *name = fusion::at_c<2>(parts);
  checkType(st, t);
  if (t.type == Type::Void)
    unsupported(st, t.range, "ghost parameters cannot have type void");
  ir::Param p;
  p.type = t.type;
  p.name = std::string(name->text);
  p.range = tokRange(st, name);
  p.given = fusion::at_c<0>(parts)->kind == Tok::KwGiven;
  return p;
}
auto const methodGhostParam = [](auto &ctx) {
  ir::Param p = ghostParam(state(ctx), x3::_attr(ctx));
  ir::Method &m = x3::_val(ctx).method;
  (p.given ? m.params : m.yields).push_back(p);
};
auto const specGhostParam = [](auto &ctx) {
  ir::Param p = ghostParam(state(ctx), x3::_attr(ctx));
  SpecBuilder &b = x3::_val(ctx);
  (p.given ? b.given : b.yields).push_back(p);
};
auto const specGhostArgs = [](auto &ctx) { x3::_val(ctx).ghostArgs = std::move(x3::_attr(ctx)); };
auto const methodBlock = [](auto &ctx) { x3::_val(ctx).method.body = std::move(x3::_attr(ctx)); };
auto const methodPureBody = [](auto &ctx) {
  x3::_val(ctx).method.pure = true;
  x3::_val(ctx).method.pureBody = x3::_attr(ctx);
};
auto const fieldDecl = [](auto &ctx) { x3::_val(ctx).field = true; };
auto const moreField = [](auto &ctx) { x3::_val(ctx).moreFields.push_back(x3::_attr(ctx)); };
auto const methodFinish = [](auto &ctx) {
  MethodBuilder &m = x3::_val(ctx);
  ParseState &st = state(ctx);
  m.method.range = whereRange(ctx);
  if (!m.field) {
    checkType(st, m.returnType);
    m.method.returnType = m.returnType.type;
  }
  // The given parameters (their clauses come before the signature) after the others.
  std::stable_partition(m.method.params.begin(), m.method.params.end(),
                        [](const ir::Param &p) { return !p.given; });
  if (m.method.pure && m.method.body)
    unsupported(st, m.method.nameRange,
                "pure method '" + m.method.name +
                    "' has a statement body; write a pure function as '= expression;'");
};

// A member or top-level declaration: methods go to the program, and so do the int
// fields of a class; global variables and fields of other types are rejected.
auto const declareMember = [](auto &ctx) {
  MethodBuilder &m = x3::_attr(ctx);
  ParseState &st = state(ctx);
  if (m.field) {
    if (st.className.empty()) {
      unsupported(st, m.method.range, "global variables are not supported");
      return;
    }
    if (checkType(st, m.returnType) && m.returnType.type != Type::Int) {
      unsupported(st, m.returnType.range,
                  "fields of type '" + m.returnType.text + "' (only int fields are modelled)");
      return;
    }
    st.program.fields.push_back({st.className, m.method.name, Type::Int, m.method.nameRange});
    for (const Token *t : m.moreFields)
      st.program.fields.push_back({st.className, std::string(t->text), Type::Int, tokRange(st, t)});
    return;
  }
  m.method.className = st.className;
  st.program.methods.push_back(std::move(m.method));
};
auto const classStart = [](auto &ctx) { state(ctx).className = std::string(x3::_attr(ctx)->text); };
auto const classEnd = [](auto &ctx) { state(ctx).className.clear(); };

auto const kernelName = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  ir::Kernel k;
  k.name = std::string(t->text);
  k.nameRange = tokRange(state(ctx), t);
  x3::_val(ctx) = std::move(k);
};
auto const kernelArrays = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  ParseState &st = state(ctx);
  const Token *space = fusion::at_c<0>(parts);
  ExprPtr length = fusion::at_c<1>(parts);
  for (const Token *name : fusion::at_c<2>(parts)) {
    ir::KernelArray a;
    a.space = space->kind == Tok::KwGlobal ? ir::MemorySpace::Global : ir::MemorySpace::Local;
    a.name = std::string(name->text);
    a.length = cloneExpr(length);
    a.range = tokRange(st, name);
    x3::_val(ctx).arrays.push_back(std::move(a));
  }
};
auto const kernelClause = [](auto &ctx) { x3::_val(ctx).contract.push_back(x3::_attr(ctx)); };
auto const kernelMain = [](auto &ctx) {
  ir::Kernel &k = x3::_val(ctx);
  if (k.mainRange.valid())
    throw ParseAbort{whereRange(ctx), "kernel '" + k.name + "' has more than one main()"};
  k.body = std::move(x3::_attr(ctx));
  k.mainRange = whereRange(ctx);
};
auto const kernelFinish = [](auto &ctx) { x3::_val(ctx).range = whereRange(ctx); };
auto const declareKernel = [](auto &ctx) {
  state(ctx).program.kernels.push_back(std::move(x3::_attr(ctx)));
};

auto const specClause = [](auto &ctx) { x3::_val(ctx).clauses.push_back(x3::_attr(ctx)); };
auto const specStmts = [](auto &ctx) {
  for (StmtPtr &st : x3::_attr(ctx))
    x3::_val(ctx).stmts.push_back(std::move(st));
};

// ---------------------------------------------------------------------------------
// Grammar
// ---------------------------------------------------------------------------------

x3::rule<class method_clause_id, Clause> const method_clause = "a clause";
x3::rule<class kernel_clause_id, Clause> const kernel_clause = "a clause";
x3::rule<class spec_clause_id, Clause> const spec_clause = "a clause";
x3::rule<class method_id, MethodBuilder> const method_decl = "a method declaration";
x3::rule<class class_id> const class_decl = "'class'";
x3::rule<class kernel_id, ir::Kernel> const kernel_decl = "'kernel'";

// --- types ---

auto const type_args = tk(Tok::Lt) > (x3::omit[type] % tk(Tok::Comma)) > close_angle;
IdentText const resource_kw("resource", "'resource'");
IdentText const seq_kw("seq", "'seq'");
auto const base_type = (seq_kw >> tk(Tok::Lt) > type > close_angle)[seqType] |
                       tk(Tok::KwInt)[baseType(Type::Int)] | tk(Tok::KwBool)[baseType(Type::Bool)] |
                       (resource_kw >> !tk(Tok::Lt))[baseType(Type::Resource)] |
                       tk(Tok::KwFrac)[baseType(Type::Frac)] |
                       tk(Tok::KwVoid)[baseType(Type::Void)] |
                       x3::omit[ident >> -type_args][namedType];
// VerCors reads `int[N]` as `int[]`: a dimension's size is parsed and ignored (its
// length is whatever the value's is; a contract states `a.length == N` if needed).
// In a C file's annotations `int *p` is a pointer to int cells: an int array there.
CSpecIs const in_c_spec;
auto const type_def =
    span(x3::omit[x3::eps[typeStart] >> base_type >>
                  *((tk(Tok::LBracket) >> -x3::omit[nested_expr] >> tk(Tok::RBracket))[arrayDim] |
                    (in_c_spec >> tk(Tok::Star))[pointerDim])])[typeFinish];

// --- clauses ---

auto clauseOf(TokSet kinds) {
  return span(kinds > clause_expr > tk(Tok::Semi))[makeClause];
}
auto const method_clause_def = clauseOf(TokSet(
    {Tok::KwRequires, Tok::KwEnsures, Tok::KwContext, Tok::KwContextEverywhere, Tok::KwDecreases},
    "a clause"));
auto const loop_clause_def =
    clauseOf(TokSet({Tok::KwLoopInvariant, Tok::KwInvariant}, "'loop_invariant'"));
auto const block_clause_def =
    clauseOf(TokSet({Tok::KwRequires, Tok::KwEnsures, Tok::KwContext}, "a clause"));
auto const par_clause_def = clauseOf(TokSet(
    {Tok::KwRequires, Tok::KwEnsures, Tok::KwContext, Tok::KwContextEverywhere}, "a clause"));
auto const kernel_clause_def =
    clauseOf(TokSet({Tok::KwRequires, Tok::KwEnsures, Tok::KwContext, Tok::KwKernelRequires,
                     Tok::KwKernelEnsures, Tok::KwGroupRequires, Tok::KwGroupEnsures},
                    "a clause"));

// --- declarations ---

TokSet const ghost_kw({Tok::KwGiven, Tok::KwYields}, "'given' or 'yields'");
auto const ghost_param = ghost_kw > type > ident > tk(Tok::Semi);
TokSet const modifier({Tok::KwStatic, Tok::KwPure, Tok::KwInline}, "a modifier");
auto const param = (type > ident)[methodParam];
auto const method_body =
    named("'{', '=' or ';'", block[methodBlock] |
                                 (tk(Tok::Assign) > nested_expr[methodPureBody] > tk(Tok::Semi)) |
                                 tk(Tok::Semi));
auto const method_rest = tk(Tok::LParen) > -(param % tk(Tok::Comma)) >
                         tk(Tok::RParen) > method_body;
auto const field_rest = ((tk(Tok::Comma) > (ident[moreField] % tk(Tok::Comma)) > tk(Tok::Semi)) |
                         tk(Tok::Semi))[fieldDecl];
auto const method_sig = named("a method declaration", type[methodType] > ident[methodName] >
                                                          named("'('", method_rest | field_rest));
auto const method_decl_def =
    span(x3::omit[x3::eps[methodStart] >>
                  ((+(method_clause[methodClause] | ghost_param[methodGhostParam] |
                      modifier[methodModifier]) > method_sig) |
                   method_sig)])[methodFinish];

auto const member = method_decl[declareMember] | misplaced_clause;
auto const class_decl_def = tk(Tok::KwClass) > ident[classStart] > tk(Tok::LBrace) > *member >
                            tk(Tok::RBrace)[classEnd];

auto const kernel_array = (TokSet({Tok::KwGlobal, Tok::KwLocal}, "'global' or 'local'") >
                           tk(Tok::KwInt) > tk(Tok::LBracket) > nested_expr > tk(Tok::RBracket) >
                           (ident % tk(Tok::Comma)) > tk(Tok::Semi))[kernelArrays];
IdentText const main_kw("main", "'main'");
auto const kernel_main =
    span(tk(Tok::KwVoid) > main_kw > tk(Tok::LParen) > tk(Tok::RParen) > block)[kernelMain];
auto const kernel_item =
    kernel_array | kernel_clause[kernelClause] | kernel_main | misplaced_clause;
auto const kernel_decl_def = span(x3::omit[tk(Tok::KwKernel) > ident[kernelName] > tk(Tok::LBrace) >
                                           seedMode(*kernel_item) > tk(Tok::RBrace)])[kernelFinish];

TokLit const end_of_input(Tok::End);
auto const program_def = *(class_decl | kernel_decl[declareKernel] | method_decl[declareMember] |
                           misplaced_clause) >
                         named("a method, class or kernel declaration", end_of_input);

// --- C annotations ---

// Succeeds, consuming nothing, iff a declaration follows: clauses (each up to its
// `;`), ghost parameters and modifiers, then `TYPE NAME (`. An annotation holding
// one declares ghost functions; any other is a contract or statements (X3 does not
// backtrack over the expectation points inside method_decl, so this decides first).
struct DeclarationAhead : x3::parser<DeclarationAhead> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <typename I, typename Ctx, typename RCtx, typename Attr>
  bool parse(I &first, I const &last, Ctx const &, RCtx &, Attr &) const {
    I it = first;
    auto skipBalanced = [&](Tok open, Tok close) {
      int depth = 0;
      for (; it != last; ++it) {
        if (it->kind == open)
          ++depth;
        else if (it->kind == close && --depth == 0) {
          ++it;
          return;
        }
      }
    };
    while (it != last) {
      Tok k = it->kind;
      if (k == Tok::KwRequires || k == Tok::KwEnsures || k == Tok::KwContext ||
          k == Tok::KwContextEverywhere || k == Tok::KwDecreases || k == Tok::KwGiven ||
          k == Tok::KwYields) {
        int depth = 0;
        for (; it != last; ++it) {
          if (it->kind == Tok::LParen || it->kind == Tok::LBrace || it->kind == Tok::LBracket)
            ++depth;
          else if (it->kind == Tok::RParen || it->kind == Tok::RBrace || it->kind == Tok::RBracket)
            --depth;
          else if (it->kind == Tok::Semi && depth <= 0) {
            ++it;
            break;
          }
        }
      } else if (k == Tok::KwPure || k == Tok::KwStatic || k == Tok::KwInline) {
        ++it;
      } else {
        break;
      }
    }
    if (it == last ||
        !(it->kind == Tok::KwInt || it->kind == Tok::KwBool || it->kind == Tok::KwFrac ||
          it->kind == Tok::KwVoid || it->kind == Tok::Ident))
      return false;
    ++it;
    if (it != last && it->kind == Tok::Lt)
      skipBalanced(Tok::Lt, Tok::Gt);
    while (it != last && it->kind == Tok::LBracket)
      skipBalanced(Tok::LBracket, Tok::RBracket);
    if (it == last || it->kind != Tok::Ident)
      return false;
    ++it;
    return it != last && it->kind == Tok::LParen;
  }
};
DeclarationAhead const declaration_ahead;

auto const specFunction = [](auto &ctx) {
  MethodBuilder &m = x3::_attr(ctx);
  ParseState &st = state(ctx);
  if (m.field) {
    unsupported(st, m.method.range, "a ghost variable outside a function");
    return;
  }
  if (!m.method.pure) {
    unsupported(st, m.method.nameRange,
                "ghost method '" + m.method.name +
                    "' in an annotation (only pure functions: 'pure T f(...) = e;')");
    return;
  }
  x3::_val(ctx).functions.push_back(std::move(m.method));
};
auto const specModifier = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  if (t->kind == Tok::KwPure)
    x3::_val(ctx).pure = true;
};

auto const spec_clause_def =
    clauseOf(TokSet({Tok::KwRequires, Tok::KwEnsures, Tok::KwContext, Tok::KwContextEverywhere,
                     Tok::KwLoopInvariant, Tok::KwInvariant, Tok::KwDecreases},
                    "a clause"));
// `given {...} yields {...}` alone: the ghost arguments of the call right before it.
auto const call_ghost_args =
    &((tk(Tok::KwGiven) | tk(Tok::KwYields)) >> tk(Tok::LBrace)) > ghost_args[specGhostArgs];
auto const spec_comment_def = (call_ghost_args | (declaration_ahead >> +method_decl[specFunction]) |
                               (*(spec_clause[specClause] | ghost_param[specGhostParam] |
                                  modifier[specModifier]) > *stmt[specStmts])) >
                              named("a clause or an assertion", end_of_input);

BOOST_SPIRIT_DEFINE(method_clause, kernel_clause, spec_clause, method_decl, class_decl, kernel_decl)

} // namespace

BOOST_SPIRIT_DEFINE(type, loop_clause, block_clause, par_clause, program, spec_comment)
BOOST_SPIRIT_INSTANTIATE(type_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(loop_clause_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(block_clause_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(par_clause_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(program_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(spec_comment_type, Iterator, Context)

} // namespace kprove::lang::pvl
