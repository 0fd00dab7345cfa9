// The PVL grammar, part 1 of 3: expressions (see pvl_grammar.h for how the grammar
// is split). Operators by precedence, quantifiers, permissions, the seed's and C
// annotations' extra forms, and assignment targets, with the semantic actions that
// build their IR. Exports nested_expr, clause_expr, arg_list and lhs.
#include "lang/pvl/pvl_grammar.h"
#include "logic/spelling.h"

#include <boost/fusion/include/for_each.hpp>

#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace kprove::lang::pvl {
namespace {

namespace fusion = boost::fusion;

// ---------------------------------------------------------------------------------
// Semantic actions
// ---------------------------------------------------------------------------------

struct QuantBuilder {
  ExprPtr expr;
  std::vector<ExprPtr> rangeConds; // from `int i = lo .. hi` binders
  std::vector<ExprPtr> parts;      // [cond;] body
};

struct BinderSpec {
  TypeSpec type;
  ir::Binder binder;
  ExprPtr lo, hi;
};

auto foldBin(BinOp op) {
  return [op](auto &ctx) {
    ExprPtr &lhs = x3::_val(ctx);
    ExprPtr rhs = x3::_attr(ctx);
    SourceRange r = join(lhs->range, rhs->range);
    lhs = noted(state(ctx), ir::makeBinary(op, lhs, rhs, r));
  };
}

// `a ==> b ==> c` is parsed as a list and folded to the right: a ==> (b ==> c).
auto const foldImplies = [](auto &ctx) {
  std::vector<ExprPtr> &xs = x3::_attr(ctx);
  ExprPtr e = xs.back();
  for (size_t i = xs.size() - 1; i-- > 0;)
    e = noted(state(ctx), ir::makeBinary(BinOp::Implies, xs[i], e, join(xs[i]->range, e->range)));
  x3::_val(ctx) = e;
};

// `a ? b : c ? d : e` arrives as [a, b, c, d, e] and folds to a ? b : (c ? d : e).
auto const foldIte = [](auto &ctx) {
  std::vector<ExprPtr> &xs = x3::_attr(ctx);
  ExprPtr e = xs.back();
  for (size_t i = xs.size() - 1; i >= 2; i -= 2) {
    auto ite = newExpr(ExprKind::Ite, join(xs[i - 2]->range, e->range));
    ite->args = {xs[i - 2], xs[i - 1], e};
    e = noted(state(ctx), ite);
  }
  x3::_val(ctx) = e;
};

// Prefix operators arrive as a list before the operand; the innermost applies last.
auto const foldPrefix = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  std::vector<const Token *> &ops = fusion::at_c<0>(parts);
  ExprPtr e = fusion::at_c<1>(parts);
  ParseState &st = state(ctx);
  for (size_t i = ops.size(); i-- > 0;) {
    ir::UnOp op = ops[i]->kind == Tok::Not     ? ir::UnOp::Not
                  : ops[i]->kind == Tok::Tilde ? ir::UnOp::BitNot
                                               : ir::UnOp::Neg;
    e = noted(st, ir::makeUnary(op, e, join(tokRange(st, ops[i]), e->range)));
  }
  x3::_val(ctx) = e;
};

auto leaf(ExprKind kind) {
  return [kind](auto &ctx) { x3::_val(ctx) = newExpr(kind, whereRange(ctx)); };
}

auto boolLit(bool v) {
  return [v](auto &ctx) { x3::_val(ctx) = ir::makeBool(v, whereRange(ctx)); };
}

auto permConst(ir::PermConst c) {
  return [c](auto &ctx) {
    auto e = newExpr(ExprKind::PermConst, whereRange(ctx));
    e->permConst = c;
    x3::_val(ctx) = e;
  };
}

auto const intLit = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  ExprPtr e = ir::makeInt(t->value, tokRange(state(ctx), t));
  if (t->cBits) // a suffixed or hexadecimal C literal: its C type (pvl_lexer.cpp)
    e->cint = ir::IntType{t->cBits, t->cSigned};
  x3::_val(ctx) = e;
};

// `(type) e` in C annotations: a conversion to a C integer type.
auto const castExpr = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  auto e = newExpr(ExprKind::Convert, whereRange(ctx));
  e->cint = fusion::at_c<0>(parts);
  e->args.push_back(fusion::at_c<1>(parts));
  x3::_val(ctx) = e;
};

// `( integer-type-name )`: the words of a C integer type (OpenCL's and CUDA's
// widths: char 8, short 16, int 32, long and long long 64, size_t 64). Fails
// without consuming input on anything else, so `(x)` stays a parenthesis.
struct CIntTypeCast : x3::parser<CIntTypeCast> {
  using attribute_type = ir::IntType;
  static bool const has_attribute = true;
  template <typename I, typename Ctx, typename RCtx, typename Attr>
  bool parse(I &first, I const &last, Ctx const &, RCtx &, Attr &attr) const {
    I it = first;
    if (it == last || it->kind != Tok::LParen)
      return false;
    ++it;
    int longs = 0, sizeWords = 0, signWords = 0;
    bool isUnsigned = false;
    uint8_t bits = 0;
    std::optional<ir::IntType> named;
    for (; it != last && it->kind != Tok::RParen; ++it) {
      std::string_view w = it->text;
      if (it->kind == Tok::KwInt)
        w = "int";
      else if (it->kind != Tok::Ident)
        return false;
      if (w == "unsigned" || w == "signed") {
        isUnsigned = w == "unsigned";
        ++signWords;
      } else if (w == "long") {
        ++longs;
      } else if (w == "char" || w == "short" || w == "int") {
        bits = w == "char" ? 8 : w == "short" ? 16 : bits ? bits : 32;
        sizeWords += w != "int";
      } else if (auto t = namedIntType(w)) {
        if (named)
          return false;
        named = t;
      } else {
        return false;
      }
    }
    if (it == last || (!named && signWords == 0 && longs == 0 && bits == 0))
      return false;
    if (named) {
      if (signWords || longs || bits)
        return false;
      attr = *named;
    } else {
      if (signWords > 1 || longs > 2 || sizeWords > 1 || (longs && sizeWords))
        return false;
      attr = ir::IntType{static_cast<uint8_t>(longs ? 64 : bits ? bits : 32), !isUnsigned};
    }
    first = ++it;
    return true;
  }
  static std::optional<ir::IntType> namedIntType(std::string_view w) {
    static constexpr std::pair<std::string_view, ir::IntType> kNames[] = {
        {"uchar", {8, false}},     {"ushort", {16, false}},   {"uint", {32, false}},
        {"ulong", {64, false}},    {"size_t", {64, false}},   {"ptrdiff_t", {64, true}},
        {"int8_t", {8, true}},     {"int16_t", {16, true}},   {"int32_t", {32, true}},
        {"int64_t", {64, true}},   {"uint8_t", {8, false}},   {"uint16_t", {16, false}},
        {"uint32_t", {32, false}}, {"uint64_t", {64, false}},
    };
    for (const auto &[name, type] : kNames)
      if (name == w)
        return type;
    return std::nullopt;
  }
};
CIntTypeCast const c_int_type_cast;

auto const varRef = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  x3::_val(ctx) = ir::makeVar(std::string(t->text), tokRange(state(ctx), t));
};

// Calls, \old, Perm, PointsTo: a node with the parsed argument list.
auto const callExpr = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  auto e = newExpr(ExprKind::Call, whereRange(ctx));
  e->name = std::string(fusion::at_c<0>(parts)->text);
  e->args = std::move(fusion::at_c<1>(parts));
  GhostArgs &g = fusion::at_c<2>(parts);
  e->given = std::move(g.given);
  e->yields = std::move(g.yields);
  x3::_val(ctx) = noted(state(ctx), e);
};

// `p = e` of a given block, `x = q` of a yields block (x the caller's variable).
auto const givenMapping = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  const Token *name = fusion::at_c<0>(parts);
  x3::_val(ctx).given.push_back(
      {std::string(name->text), tokRange(state(ctx), name), fusion::at_c<1>(parts)});
};
auto const yieldsMapping = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  const Token *target = fusion::at_c<0>(parts);
  const Token *name = fusion::at_c<1>(parts);
  ParseState &st = state(ctx);
  x3::_val(ctx).yields.push_back({std::string(name->text), tokRange(st, name),
                                  ir::makeVar(std::string(target->text), tokRange(st, target))});
};

auto withArgs(ExprKind kind) {
  return [kind](auto &ctx) {
    auto e = newExpr(kind, whereRange(ctx));
    auto &parts = x3::_attr(ctx);
    if constexpr (std::is_same_v<std::decay_t<decltype(parts)>, ExprPtr>)
      e->args.push_back(parts);
    else
      fusion::for_each(parts, [&](ExprPtr &a) { e->args.push_back(a); });
    x3::_val(ctx) = noted(state(ctx), e);
  };
}

// Seed `perm(LOC, N)`: N percent of a full permission, i.e. Perm(LOC, N\100).
auto const seedPerm = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  ExprPtr amount = fusion::at_c<1>(parts);
  auto e = newExpr(ExprKind::Perm, whereRange(ctx));
  ExprPtr hundred = ir::makeInt(100, amount->range);
  e->args = {fusion::at_c<0>(parts),
             noted(state(ctx), ir::makeBinary(BinOp::FracDiv, amount, hundred, amount->range))};
  x3::_val(ctx) = noted(state(ctx), e);
};

auto const indexExpr = [](auto &ctx) {
  ExprPtr &base = x3::_val(ctx);
  auto e = newExpr(ExprKind::Index, join(base->range, whereRange(ctx)));
  e->args = {base, x3::_attr(ctx)};
  base = noted(state(ctx), e);
};

auto const lengthExpr = [](auto &ctx) {
  ExprPtr &base = x3::_val(ctx);
  auto e = newExpr(ExprKind::Length, join(base->range, whereRange(ctx)));
  e->args = {base};
  base = noted(state(ctx), e);
};

auto const pushArg = [](auto &ctx) { x3::_val(ctx).push_back(x3::_attr(ctx)); };

// C annotations: `blockDim.x` is one name; the C front end resolves it. A field of
// an array's element, `p[i].x`, is the cell of the field's array: `p.x[i]`.
auto const memberExpr = [](auto &ctx) {
  ExprPtr &base = x3::_val(ctx);
  const Token *field = x3::_attr(ctx);
  if (base->kind == ExprKind::Index && base->args[0]->kind == ExprKind::Var) {
    auto e = std::make_shared<ir::Expr>(*base);
    e->range = join(base->range, whereRange(ctx));
    e->args[0] =
        ir::makeVar(base->args[0]->name + "." + std::string(field->text), base->args[0]->range);
    base = e;
    return;
  }
  if (base->kind != ExprKind::Var)
    throw ParseAbort{whereRange(ctx), "member access is only supported on names"};
  auto e =
      ir::makeVar(base->name + "." + std::string(field->text), join(base->range, whereRange(ctx)));
  base = e;
};
// PVL: `this.f`, a field of the current object, is the name `this.f` (the type
// checker resolves it; a bare `f` names the same field unless a local hides it).
auto const thisMember = [](auto &ctx) {
  ExprPtr &base = x3::_val(ctx);
  const Token *field = x3::_attr(ctx);
  if (base->kind != ExprKind::Var || base->name != "this") {
    // `a.lenght`: a misspelt array length more likely than another object's field.
    if (nearestName(field->text, {"length"}))
      throw ParseAbort{whereRange(ctx),
                       "unknown field '." + std::string(field->text) + "'; did you mean '.length'?",
                       DiagCode::Parse};
    throw ParseAbort{whereRange(ctx), "fields of objects other than 'this' are not supported",
                     DiagCode::Unsupported};
  }
  base = ir::makeVar("this." + std::string(field->text), join(base->range, whereRange(ctx)));
};
// C annotations: `\pointer_length(p)`, `\gtid`: calls and names spelled with the backslash.
auto const cSpecCall = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  auto e = newExpr(ExprKind::Call, whereRange(ctx));
  e->name = std::string(fusion::at_c<0>(parts)->text);
  e->args = std::move(fusion::at_c<1>(parts));
  x3::_val(ctx) = noted(state(ctx), e);
};

// Sequences -----------------------------------------------------------------------

ExprPtr seqExpr(ParseState &st, ir::SeqOp op, std::vector<ExprPtr> args, SourceRange r) {
  pvlOnlySequences(st, r);
  auto e = newExpr(ExprKind::Seq, r);
  e->seqOp = op;
  e->args = std::move(args);
  return e;
}

// `|s|`
auto const seqLength = [](auto &ctx) {
  ParseState &st = state(ctx);
  x3::_val(ctx) = noted(st, seqExpr(st, ir::SeqOp::Length, {x3::_attr(ctx)}, whereRange(ctx)));
};
// `s.head`, `s.tail`
auto seqField(ir::SeqOp op) {
  return [op](auto &ctx) {
    ExprPtr &base = x3::_val(ctx);
    SourceRange r = join(base->range, whereRange(ctx));
    if (base->kind == ExprKind::Var && base->name == "this") // a field named head or tail
      base = ir::makeVar(op == ir::SeqOp::Head ? "this.head" : "this.tail", r);
    else
      base = noted(state(ctx), seqExpr(state(ctx), op, {base}, r));
  };
}

// What follows `s[`: an index `i`, a slice `lo..hi` / `lo..` / `..hi`, or an update
// `i -> v`.
struct Subscript {
  ExprPtr first, second;
  bool slice = false, update = false, fromStart = false;
};
auto const subStart = [](auto &ctx) { x3::_val(ctx) = Subscript{}; };
auto const subFirst = [](auto &ctx) { x3::_val(ctx).first = x3::_attr(ctx); };
auto const subSecond = [](auto &ctx) { x3::_val(ctx).second = x3::_attr(ctx); };
auto const subSlice = [](auto &ctx) { x3::_val(ctx).slice = true; };
auto const subFromStart = [](auto &ctx) {
  x3::_val(ctx).slice = true;
  x3::_val(ctx).fromStart = true;
};
auto const subUpdate = [](auto &ctx) { x3::_val(ctx).update = true; };

auto const subscriptExpr = [](auto &ctx) {
  ExprPtr &base = x3::_val(ctx);
  Subscript &sub = x3::_attr(ctx);
  ParseState &st = state(ctx);
  SourceRange r = join(base->range, whereRange(ctx));
  if (sub.update) {
    base = noted(st, seqExpr(st, ir::SeqOp::Update, {base, sub.first, sub.second}, r));
  } else if (sub.slice) {
    // `s[..j]` is s[0..j]; `s[i..]` is s[i..|s|].
    ExprPtr lo = sub.fromStart ? ir::makeInt(0, r) : sub.first;
    ExprPtr hi = sub.fromStart ? sub.first : sub.second;
    if (!hi)
      hi = noted(st, seqExpr(st, ir::SeqOp::Length, {cloneExpr(base)}, r));
    base = noted(st, seqExpr(st, ir::SeqOp::Slice, {base, lo, hi}, r));
  } else {
    auto e = newExpr(ExprKind::Index, r);
    e->args = {base, sub.first};
    base = noted(st, e);
  }
};

// `seq<T>{a, b}`, `[a, b]`, `[t: T]`
struct SeqLiteral {
  TypeSpec type;
  std::vector<ExprPtr> elems;
};
auto const litStart = [](auto &ctx) { x3::_val(ctx) = SeqLiteral{}; };
auto const litType = [](auto &ctx) { x3::_val(ctx).type = x3::_attr(ctx); };
auto const litElem = [](auto &ctx) { x3::_val(ctx).elems.push_back(x3::_attr(ctx)); };
auto seqLiteral(bool typed, bool emptyForm) {
  return [typed, emptyForm](auto &ctx) {
    SeqLiteral &lit = x3::_attr(ctx);
    ParseState &st = state(ctx);
    auto e = seqExpr(st, ir::SeqOp::Literal, std::move(lit.elems), whereRange(ctx));
    if (typed || emptyForm) {
      checkType(st, lit.type);
      // `seq<T>{...}` names the sequence type, `[t: T]` the element type.
      e->declared = emptyForm ? (lit.type.type == Type::Unknown ? Type::Unknown
                                                                : Type::seqOf(lit.type.type))
                              : lit.type.type;
      if (typed && !e->declared.isSeq() && lit.type.type != Type::Unknown)
        throw ParseAbort{lit.type.range, "a sequence literal 'seq<T>{...}' needs a seq type"};
    }
    x3::_val(ctx) = noted(st, e);
  };
}

// `a :: b :: s ++ t ++ u`: `::` prepends (right-associative) and binds weaker than
// `++` (left-associative): a :: (b :: ((s ++ t) ++ u)), VerCors's grouping.
struct SeqChain {
  std::vector<ExprPtr> operands;
  std::vector<bool> cons; // cons[i]: the operator before operands[i + 1] is `::`
};
auto const chainStart = [](auto &ctx) { x3::_val(ctx) = SeqChain{}; };
auto const chainFirst = [](auto &ctx) { x3::_val(ctx).operands.push_back(x3::_attr(ctx)); };
auto chainNext(bool cons) {
  return [cons](auto &ctx) {
    x3::_val(ctx).operands.push_back(x3::_attr(ctx));
    x3::_val(ctx).cons.push_back(cons);
  };
}
auto const foldSeqChain = [](auto &ctx) {
  SeqChain &c = x3::_attr(ctx);
  ParseState &st = state(ctx);
  // Fold each run joined by `++` to the left, then the runs with `::` to the right.
  std::vector<ExprPtr> runs{c.operands[0]};
  for (size_t i = 0; i < c.cons.size(); ++i) {
    ExprPtr next = c.operands[i + 1];
    if (c.cons[i]) {
      runs.push_back(next);
    } else {
      ExprPtr &last = runs.back();
      last = noted(st, seqExpr(st, ir::SeqOp::Concat, {last, next}, join(last->range, next->range)));
    }
  }
  ExprPtr e = runs.back();
  for (size_t i = runs.size() - 1; i-- > 0;)
    e = noted(st, seqExpr(st, ir::SeqOp::Cons, {runs[i], e}, join(runs[i]->range, e->range)));
  x3::_val(ctx) = e;
};

// Quantifiers ---------------------------------------------------------------------

auto const quantStart = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  ExprKind kind = t->kind == Tok::KwExists       ? ExprKind::Exists
                  : t->kind == Tok::KwForallStar ? ExprKind::ForallStar
                  : t->kind == Tok::KwSum        ? ExprKind::Sum
                                                 : ExprKind::Forall;
  x3::_val(ctx) = QuantBuilder{newExpr(kind, {}), {}, {}};
};

auto const binderType = [](auto &ctx) {
  BinderSpec &b = x3::_val(ctx);
  b = BinderSpec{};
  b.type = x3::_attr(ctx);
};
auto const binderName = [](auto &ctx) {
  BinderSpec &b = x3::_val(ctx);
  const Token *t = x3::_attr(ctx);
  b.binder.name = std::string(t->text);
  b.binder.range = tokRange(state(ctx), t);
};
auto const binderRange = [](auto &ctx) {
  BinderSpec &b = x3::_val(ctx);
  b.lo = fusion::at_c<0>(x3::_attr(ctx));
  b.hi = fusion::at_c<1>(x3::_attr(ctx));
};

auto const letExpr = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  ParseState &st = state(ctx);
  TypeSpec &t = fusion::at_c<1>(parts);
  if (checkType(st, t) && t.type != Type::Int && t.type != Type::Bool)
    unsupported(st, t.range, "\\let variables must be int or boolean");
  const Token *name = fusion::at_c<2>(parts);
  x3::_val(ctx) = substituteLet(std::string(name->text), fusion::at_c<3>(parts),
                                fusion::at_c<4>(parts), tokRange(st, name));
};

auto const pushBinder = [](auto &ctx) {
  QuantBuilder &q = x3::_val(ctx);
  BinderSpec &b = x3::_attr(ctx);
  ParseState &st = state(ctx);
  b.binder.type = b.type.type;
  if (b.type.type != Type::Int && b.type.type != Type::Bool && checkType(st, b.type))
    unsupported(st, b.type.range, "quantified variables must be int or bool");
  if (b.lo) {
    // `T i = lo .. hi` binds i to the half-open range [lo, hi).
    SourceRange r = b.binder.range;
    ExprPtr lower = noted(
        st, ir::makeBinary(BinOp::Le, b.lo, ir::makeVar(b.binder.name, r), join(b.lo->range, r)));
    ExprPtr upper = noted(
        st, ir::makeBinary(BinOp::Lt, ir::makeVar(b.binder.name, r), b.hi, join(r, b.hi->range)));
    q.rangeConds.push_back(
        noted(st, ir::makeBinary(BinOp::And, lower, upper, join(lower->range, upper->range))));
  }
  q.expr->binders.push_back(b.binder);
};

auto const quantPart = [](auto &ctx) { x3::_val(ctx).parts.push_back(x3::_attr(ctx)); };

// `( \forall ... )`: the node's range includes the parentheses.
auto const quantFinish = [](auto &ctx) {
  QuantBuilder &q = x3::_attr(ctx);
  ExprPtr e = q.expr;
  e->range = whereRange(ctx);
  ExprPtr body = q.parts.back();
  std::vector<ExprPtr> conds = std::move(q.rangeConds);
  if (q.parts.size() == 2)
    conds.push_back(q.parts[0]);
  ExprPtr cond;
  for (ExprPtr &c : conds)
    cond = cond
               ? noted(state(ctx), ir::makeBinary(BinOp::And, cond, c, join(cond->range, c->range)))
               : c;
  if (!cond)
    cond = ir::makeBool(true, body->range);
  e->args = {cond, body};
  x3::_val(ctx) = noted(state(ctx), e);
};

// ---------------------------------------------------------------------------------
// Grammar
// ---------------------------------------------------------------------------------

// Expressions, lowest precedence first (VerCors PVL order): ?:, ==>, ||, && and **,
// == !=, < <= > >=, + -, * / % \, unary ! -, postfix [i] .length. Right-associative
// levels and prefix operators are parsed as lists and folded, so the only recursion
// is through parentheses, brackets and argument lists (`nested_expr`, depth-guarded).
x3::rule<class expr_id, ExprPtr> const expr = "an expression";
x3::rule<class ite_chain_id, std::vector<ExprPtr>> const ite_chain = "an expression";
x3::rule<class imp_id, ExprPtr> const imp_e = "an expression";
x3::rule<class imp_chain_id, std::vector<ExprPtr>> const imp_chain = "an expression";
x3::rule<class or_id, ExprPtr> const or_e = "an expression";
x3::rule<class and_id, ExprPtr> const and_e = "an expression";
x3::rule<class bor_id, ExprPtr> const bor_e = "an expression";
x3::rule<class bxor_id, ExprPtr> const bxor_e = "an expression";
x3::rule<class band_id, ExprPtr> const band_e = "an expression";
x3::rule<class eq_id, ExprPtr> const eq_e = "an expression";
x3::rule<class shift_id, ExprPtr> const shift_e = "an expression";
x3::rule<class rel_id, ExprPtr> const rel_e = "an expression";
x3::rule<class add_id, ExprPtr> const add_e = "an expression";
x3::rule<class mul_id, ExprPtr> const mul_e = "an expression";
x3::rule<class seq_chain_id, SeqChain> const seq_chain = "an expression";
x3::rule<class seq_e_id, ExprPtr> const seq_e = "an expression";
x3::rule<class subscript_id, Subscript> const subscript = "an expression";
x3::rule<class seq_literal_id, SeqLiteral> const seq_literal = "'['";
x3::rule<class seq_typed_literal_id, SeqLiteral> const seq_typed_literal = "'seq'";
x3::rule<class seq_empty_id, SeqLiteral> const seq_empty = "'['";
x3::rule<class unary_id, ExprPtr> const unary_e = "an expression";
x3::rule<class cast_id, ExprPtr> const cast_e = "an expression";
x3::rule<class cast_or_postfix_id, ExprPtr> const cast_or_postfix = "an expression";
x3::rule<class postfix_id, ExprPtr> const postfix_e = "an expression";
x3::rule<class primary_id, ExprPtr> const primary = "an expression";
x3::rule<class quant_id, QuantBuilder> const quant = "a quantifier";
x3::rule<class let_id, ExprPtr> const let_expr = "'\\let'";
x3::rule<class trigger_id, ExprPtr> const trigger = "'{:'";
x3::rule<class binder_id, BinderSpec> const binder = "a type";
x3::rule<class seed_clause_id, ExprPtr> const seed_clause_expr = "an expression";

auto const expr_def = ite_chain[foldIte];
auto const ite_chain_def = imp_e[pushArg] >>
                           *(tk(Tok::Question) > imp_e[pushArg] > tk(Tok::Colon) > imp_e[pushArg]);

auto const imp_e_def = imp_chain[foldImplies];
auto const implies_op = tk(Tok::Implies) | (seedOnly >> tk(Tok::Arrow));
auto const imp_chain_def = or_e[pushArg] >> *(implies_op > or_e[pushArg]);

auto const or_op = tk(Tok::OrOr) | (seedOnly >> tk(Tok::Bar));
auto const or_e_def = and_e[setVal] >> *(or_op > and_e[foldBin(BinOp::Or)]);

auto const and_op = tk(Tok::AndAnd) | (seedOnly >> tk(Tok::Amp));
auto const and_e_def = bor_e[setVal] >> *((and_op > bor_e[foldBin(BinOp::And)]) |
                                          (tk(Tok::StarStar) > bor_e[foldBin(BinOp::Star)]));

// C's bit operations, in C annotations only (C's precedence: | below ^ below & below
// ==; << >> between + and <).
auto const bor_e_def = bxor_e[setVal] >>
                       *(CSpecIs() >> tk(Tok::Bar) > bxor_e[foldBin(BinOp::BitOr)]);
auto const bxor_e_def = band_e[setVal] >>
                        *(CSpecIs() >> tk(Tok::Caret) > band_e[foldBin(BinOp::BitXor)]);
auto const band_e_def = eq_e[setVal] >> *(CSpecIs() >> tk(Tok::Amp) > eq_e[foldBin(BinOp::BitAnd)]);

auto const eq_op = tk(Tok::EqEq) | (seedOnly >> tk(Tok::Assign));
auto const eq_e_def = rel_e[setVal] >> *((eq_op > rel_e[foldBin(BinOp::Eq)]) |
                                         (tk(Tok::NotEq) > rel_e[foldBin(BinOp::Ne)]));

auto const rel_e_def = shift_e[setVal] >> *((tk(Tok::Le) > shift_e[foldBin(BinOp::Le)]) |
                                            (tk(Tok::Lt) > shift_e[foldBin(BinOp::Lt)]) |
                                            (tk(Tok::Ge) > shift_e[foldBin(BinOp::Ge)]) |
                                            (tk(Tok::Gt) > shift_e[foldBin(BinOp::Gt)]));

auto const shift_e_def = add_e[setVal] >>
                         *((CSpecIs() >> tk(Tok::Shl) > add_e[foldBin(BinOp::Shl)]) |
                           (CSpecIs() >> tk(Tok::Shr) > add_e[foldBin(BinOp::Shr)]));

auto const add_e_def = mul_e[setVal] >> *((tk(Tok::Plus) > mul_e[foldBin(BinOp::Add)]) |
                                          (tk(Tok::Minus) > mul_e[foldBin(BinOp::Sub)]));

IdentText const mod_kw("mod", "'mod'");
auto const mul_e_def = seq_e[setVal] >>
                       *((starIsMul >> tk(Tok::Star) > seq_e[foldBin(BinOp::Mul)]) |
                         (tk(Tok::Slash) > seq_e[foldBin(BinOp::Div)]) |
                         (tk(Tok::Percent) > seq_e[foldBin(BinOp::Mod)]) |
                         (tk(Tok::Backslash) > seq_e[foldBin(BinOp::FracDiv)]) |
                         (seedOnly >> mod_kw > seq_e[foldBin(BinOp::Mod)]));

// Sequence concatenation `++` and prepending `::`, binding tighter than `*` (VerCors).
// `x++` is also PVL's increment statement: `++` is an operator only when an operand
// follows it.
auto const seq_e_def = seq_chain[foldSeqChain];
auto const seq_chain_def = x3::eps[chainStart] >> unary_e[chainFirst] >>
                           *((tk(Tok::PlusPlus) >> unary_e[chainNext(false)]) |
                             (tk(Tok::ColonColon) > unary_e[chainNext(true)]));

TokSet const prefix_op({Tok::Not, Tok::Minus, Tok::Tilde}, "'!', '-' or '~'");
auto const cast_e_def = span(CSpecIs() >> c_int_type_cast >> unary_e)[castExpr];
auto const cast_or_postfix_def = cast_e[setVal] | postfix_e[setVal];
auto const unary_e_def = (*prefix_op >> cast_or_postfix)[foldPrefix];

IdentText const length_kw("length", "'length'");
IdentText const head_kw("head", "'head'");
IdentText const tail_kw("tail", "'tail'");
// `s[i]`, `s[lo..hi]`, `s[lo..]`, `s[..hi]`, `s[i -> v]`.
auto const subscript_def =
    x3::eps[subStart] >>
    ((tk(Tok::DotDot) > nested_expr[subFirst])[subFromStart] |
     (nested_expr[subFirst] >> -((tk(Tok::DotDot) >> -nested_expr[subSecond])[subSlice] |
                                 (tk(Tok::Arrow) > nested_expr[subSecond])[subUpdate])));
auto const postfix_e_def = primary[setVal] >>
                           *(span(tk(Tok::LBracket) > subscript > tk(Tok::RBracket))[subscriptExpr] |
                             span(tk(Tok::Dot) >> length_kw)[lengthExpr] |
                             span(!CSpecIs() >> tk(Tok::Dot) >> head_kw)[seqField(ir::SeqOp::Head)] |
                             span(!CSpecIs() >> tk(Tok::Dot) >> tail_kw)[seqField(ir::SeqOp::Tail)] |
                             span(CSpecIs() >> tk(Tok::Dot) > ident)[memberExpr] |
                             span(tk(Tok::Dot) > ident)[thisMember]);

auto const nested_expr_def = exprGuard(nested(expr[setVal]));

auto const arg_list_def = tk(Tok::LParen) > -(nested_expr[pushArg] % tk(Tok::Comma)) >
                          tk(Tok::RParen);

auto const given_mapping = (ident > tk(Tok::Assign) > nested_expr)[givenMapping];
auto const yields_mapping = (ident > tk(Tok::Assign) > ident)[yieldsMapping];
auto const ghost_args_def =
    x3::omit[x3::eps >> -(tk(Tok::KwGiven) > tk(Tok::LBrace) > (given_mapping % tk(Tok::Comma)) >
                          tk(Tok::RBrace)) >>
             -(tk(Tok::KwYields) > tk(Tok::LBrace) > (yields_mapping % tk(Tok::Comma)) >
               tk(Tok::RBrace))];

auto const binder_def = type[binderType] > ident[binderName] >
                        -(tk(Tok::Assign) > nested_expr > tk(Tok::DotDot) >
                          nested_expr)[binderRange];

TokSet const quant_kw({Tok::KwForall, Tok::KwForallStar, Tok::KwExists, Tok::KwSum},
                      "a quantifier");
auto const quant_def = quant_kw[quantStart] > (binder[pushBinder] % tk(Tok::Comma)) >
                       tk(Tok::Semi) > nested_expr[quantPart] >
                       -(tk(Tok::Semi) > nested_expr[quantPart]) > tk(Tok::RParen);

constexpr std::string_view kLetWord[] = {"\\let"};
IdentIn const let_kw(kLetWord, Tok::BackslashWord);
// `(\let T x = e; body)`: body with e for x (pure; the type checker checks e's type
// through the substituted body).
auto const let_expr_def = (let_kw > type > ident > tk(Tok::Assign) > nested_expr > tk(Tok::Semi) >
                           nested_expr > tk(Tok::RParen))[letExpr];
// `{: e :}`: a trigger annotation; `e` marked as a pattern of the enclosing
// quantifier (vcgen checks that it can be one).
auto const markTrigger = [](auto &ctx) {
  x3::_val(ctx) = x3::_attr(ctx);
  x3::_val(ctx)->userTrigger = true;
};
auto const trigger_def = tk(Tok::LBrace) >> tk(Tok::Colon) > nested_expr > tk(Tok::Colon) >
                         tk(Tok::RBrace);

// `\array(a, n)`: VerCors's shorthand for `a != null && a.length == n`, kept as that.
auto const validArray = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  ExprPtr array = fusion::at_c<1>(parts), length = fusion::at_c<2>(parts);
  SourceRange r = whereRange(ctx);
  auto null = newExpr(ExprKind::NullLit, r);
  auto len = newExpr(ExprKind::Length, array->range);
  len->args = {cloneExpr(array)};
  x3::_val(ctx) =
      noted(state(ctx), ir::makeBinary(BinOp::And, ir::makeBinary(BinOp::Ne, array, null, r),
                                       ir::makeBinary(BinOp::Eq, len, length, r), r));
};
auto const validMatrix = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  auto e = newExpr(ExprKind::ValidMatrix, whereRange(ctx));
  e->args = {fusion::at_c<1>(parts), fusion::at_c<2>(parts), fusion::at_c<3>(parts)};
  x3::_val(ctx) = noted(state(ctx), e);
};
constexpr std::string_view kArrayWord[] = {"\\array"};
constexpr std::string_view kMatrixWord[] = {"\\matrix"};
IdentIn const array_kw(kArrayWord, Tok::BackslashWord);
IdentIn const matrix_kw(kMatrixWord, Tok::BackslashWord);
auto const valid_array = span(array_kw > tk(Tok::LParen) > nested_expr > tk(Tok::Comma) >
                              nested_expr > tk(Tok::RParen))[validArray];
auto const valid_matrix =
    span(matrix_kw > tk(Tok::LParen) > nested_expr > tk(Tok::Comma) > nested_expr > tk(Tok::Comma) >
         nested_expr > tk(Tok::RParen))[validMatrix];

// `\unfolding p(args) \in e`: VerCors's e read with predicate p unfolded. kprove
// expands predicates into their bodies (pvl_predicates.cpp), so the state already
// holds what p holds and the value is e's (whose reads are checked as always).
constexpr std::string_view kUnfoldingWord[] = {"\\unfolding", "\\Unfolding"};
constexpr std::string_view kInWord[] = {"\\in"};
IdentIn const unfolding_kw(kUnfoldingWord, Tok::BackslashWord);
IdentIn const in_kw(kInWord, Tok::BackslashWord);
auto const unfoldingBody = [](auto &ctx) { x3::_val(ctx) = fusion::at_c<3>(x3::_attr(ctx)); };
auto const unfolding_expr = (unfolding_kw > nested_expr > in_kw > nested_expr)[unfoldingBody];

constexpr std::string_view kNewWord[] = {"new"};
IdentIn const new_kw(kNewWord);
// `new int[n]`: a fresh array (one dimension; the type checker allows it only as a
// statement's whole value). Other allocations stay unsupported below.
auto const new_array = span(
    (x3::omit[new_kw] >> tk(Tok::KwInt) >> tk(Tok::LBracket) > nested_expr > tk(Tok::RBracket)) >>
    !tk(Tok::LBracket))[withArgs(ExprKind::NewArray)];
auto const unsupported_primary =
    tv(Tok::BackslashWord)[unsupportedToken("is not supported")] |
    (new_kw >> &(tk(Tok::KwInt) | tk(Tok::KwBool) | tk(Tok::KwFrac) |
                 ident))[unsupportedToken("(allocation) is not supported")];

constexpr std::string_view kCSpecWords[] = {"\\pointer_length",  "\\pointer_index", "\\pointer",
                                            "\\shared_mem_size", "\\gtid",          "\\ltid"};
IdentIn const c_spec_word(kCSpecWords, Tok::BackslashWord);
auto const c_spec_primary = CSpecIs() >>
                            (span(c_spec_word >> arg_list)[cSpecCall] | c_spec_word[varRef]);
// `Perm(&a[i], f)`: C annotations name the location by its address.
auto const location = -tk(Tok::Amp) >> nested_expr;

// `seq<T>{a, b}`, `[a, b]`, `[t: T]`; `|s|` (in C annotations `|` is also bitwise
// or, so the operand of `|...|` is an expression without one).
IdentText const seq_lit_kw("seq", "'seq'");
IdentText const t_kw("t", "'t'");
auto const seq_typed_literal_def = x3::eps[litStart] >> &(seq_lit_kw >> tk(Tok::Lt)) >>
                                   type[litType] > tk(Tok::LBrace) >
                                   -(nested_expr[litElem] % tk(Tok::Comma)) > tk(Tok::RBrace);
auto const seq_empty_def = x3::eps[litStart] >> tk(Tok::LBracket) >> t_kw >> tk(Tok::Colon) >
                           type[litType] > tk(Tok::RBracket);
auto const seq_literal_def = x3::eps[litStart] >> tk(Tok::LBracket) >
                             (nested_expr[litElem] % tk(Tok::Comma)) > tk(Tok::RBracket);
auto const seq_length =
    span(tk(Tok::Bar) > exprGuard(nested(bxor_e)) > tk(Tok::Bar))[seqLength];

auto const primary_def =
    c_spec_primary | span(seq_typed_literal)[seqLiteral(true, false)] |
    span(seq_empty)[seqLiteral(false, true)] | span(seq_literal)[seqLiteral(false, false)] |
    seq_length | span(tk(Tok::LParen) >> let_expr)[setVal] | trigger[markTrigger] | new_array |
    valid_array | valid_matrix | unfolding_expr | unsupported_primary | tv(Tok::Int)[intLit] |
    span(tk(Tok::KwTrue))[boolLit(true)] | span(tk(Tok::KwFalse))[boolLit(false)] |
    span(tk(Tok::KwNull))[leaf(ExprKind::NullLit)] |
    span(tk(Tok::KwResult))[leaf(ExprKind::Result)] |
    span(tk(Tok::KwWrite))[permConst(ir::PermConst::Write)] |
    span(tk(Tok::KwRead))[permConst(ir::PermConst::Read)] |
    span(tk(Tok::KwNone))[permConst(ir::PermConst::None)] |
    span(tk(Tok::KwOld) > tk(Tok::LParen) > nested_expr >
         tk(Tok::RParen))[withArgs(ExprKind::Old)] |
    span(tk(Tok::KwPermUpper) > tk(Tok::LParen) > location > tk(Tok::Comma) > nested_expr >
         tk(Tok::RParen))[withArgs(ExprKind::Perm)] |
    span(tk(Tok::KwPointsTo) > tk(Tok::LParen) > location > tk(Tok::Comma) > nested_expr >
         tk(Tok::Comma) > nested_expr > tk(Tok::RParen))[withArgs(ExprKind::PointsTo)] |
    span(tk(Tok::KwPermLower) > tk(Tok::LParen) > nested_expr > tk(Tok::Comma) > nested_expr >
         tk(Tok::RParen))[seedPerm] |
    span(ident >> arg_list >> ghost_args)[callExpr] | ident[varRef] |
    span(tk(Tok::LParen) >> quant)[quantFinish] |
    (tk(Tok::LParen) > nested_expr > tk(Tok::RParen))[setVal];

// Seed clauses: a `*` outside parentheses is the separating conjunction and binds
// weaker than everything else in the clause.
auto const seed_clause_expr_def =
    starSep(expr[setVal] >> *(tk(Tok::Star) > expr[foldBin(BinOp::Star)]));

auto const clause_expr_def = (seedOnly >> seed_clause_expr[setVal]) | expr[setVal];

auto const lhs_def = ident[varRef] >> -span(tk(Tok::Dot) > ident)[thisMember] >>
                     *span(tk(Tok::LBracket) > nested_expr > tk(Tok::RBracket))[indexExpr];

BOOST_SPIRIT_DEFINE(expr, ite_chain, imp_e, imp_chain, or_e, and_e, bor_e, bxor_e, band_e, eq_e,
                    rel_e, shift_e, add_e, mul_e, seq_e, seq_chain, subscript, seq_literal,
                    seq_typed_literal, seq_empty, unary_e, cast_e, cast_or_postfix, postfix_e,
                    primary, quant, binder, let_expr, trigger, seed_clause_expr)

} // namespace

BOOST_SPIRIT_DEFINE(nested_expr, clause_expr, arg_list, lhs, ghost_args)
BOOST_SPIRIT_INSTANTIATE(ghost_args_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(nested_expr_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(clause_expr_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(arg_list_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(lhs_type, Iterator, Context)

} // namespace kprove::lang::pvl
