// The PVL grammar, part 2 of 3: statements (see pvl_grammar.h for how the grammar
// is split). Blocks, if/while with loop invariants, assignments and their
// desugarings, declarations of locals, par blocks and barriers (VerCors and seed
// syntax), with the semantic actions that build their IR. Exports stmt and block.
#include "lang/pvl/pvl_grammar.h"

#include <boost/fusion/include/at_c.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace kprove::lang::pvl {
namespace {

namespace fusion = boost::fusion;

// ---------------------------------------------------------------------------------
// Semantic actions
// ---------------------------------------------------------------------------------

struct DeclBuilder {
  TypeSpec type;
  std::vector<StmtPtr> stmts;
};

auto const appendStmts = [](auto &ctx) {
  auto &dst = x3::_val(ctx);
  for (StmtPtr &s : x3::_attr(ctx))
    dst.push_back(std::move(s));
};
auto const pushStmt = [](auto &ctx) { x3::_val(ctx).push_back(x3::_attr(ctx)); };

auto const blockStmt = [](auto &ctx) {
  auto s = newStmt(StmtKind::Block, whereRange(ctx));
  s->body = std::move(x3::_attr(ctx));
  x3::_val(ctx) = s;
};

auto const ghostStmts = [](auto &ctx) {
  for (StmtPtr &s : x3::_attr(ctx)) {
    s->ghost = true;
    x3::_val(ctx).push_back(std::move(s));
  }
};

auto const ifStmt = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  auto s = newStmt(StmtKind::If, whereRange(ctx));
  s->cond = fusion::at_c<0>(parts);
  s->body = bodyOf(std::move(fusion::at_c<1>(parts)));
  if (auto &els = fusion::at_c<2>(parts))
    s->elseBody = bodyOf(std::move(*els));
  x3::_val(ctx) = s;
};

auto const whileTail = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  auto s = newStmt(StmtKind::While, whereRange(ctx));
  s->cond = fusion::at_c<0>(parts);
  s->body = bodyOf(std::move(fusion::at_c<1>(parts)));
  x3::_val(ctx) = s;
};

// The invariants go to the loop: a `for` is a block whose last statement is its loop.
auto const loopWithInvariants = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  StmtPtr s = fusion::at_c<1>(parts);
  StmtPtr loop = s->kind == StmtKind::Block ? s->body.back() : s;
  loop->clauses = std::move(fusion::at_c<0>(parts));
  loop->range = whereRange(ctx);
  s->range = loop->range;
  x3::_val(ctx) = s;
};

// `for (init; cond; update) body` is VerCors's loop: the block `{ init; while (cond)
// { body; update } }`, its invariants those of the while (checked after init and after
// each update). The block scopes the loop's own variables. A missing condition is true.
auto const forStmt = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  SourceRange r = whereRange(ctx);
  auto block = newStmt(StmtKind::Block, r);
  if (auto &init = fusion::at_c<0>(parts))
    block->body = std::move(*init);
  auto loop = newStmt(StmtKind::While, r);
  loop->cond = fusion::at_c<1>(parts) ? *fusion::at_c<1>(parts) : ir::makeBool(true, r);
  loop->body = bodyOf(std::move(fusion::at_c<3>(parts)));
  if (auto &update = fusion::at_c<2>(parts))
    for (StmtPtr &u : *update)
      loop->body.push_back(std::move(u));
  block->body.push_back(loop);
  x3::_val(ctx) = block;
};

auto const returnStmt = [](auto &ctx) {
  auto s = newStmt(StmtKind::Return, whereRange(ctx));
  if (auto &v = x3::_attr(ctx))
    s->value = *v;
  x3::_val(ctx) = s;
};

auto valueStmt(StmtKind kind) {
  return [kind](auto &ctx) {
    auto s = newStmt(kind, whereRange(ctx));
    s->value = x3::_attr(ctx);
    x3::_val(ctx) = s;
  };
}

// `fold p(...);` / `unfold p(...);`: a predicate instance is its body (resource
// predicates are expanded, pvl_predicates.cpp), so both check that it holds.
auto foldStmt(const char *what) {
  return [what](auto &ctx) {
    auto s = newStmt(StmtKind::Assert, whereRange(ctx));
    s->value = x3::_attr(ctx);
    s->name = what;
    x3::_val(ctx) = s;
  };
}

auto const callStmt = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  const Token *name = fusion::at_c<0>(parts);
  auto s = newStmt(StmtKind::Call, whereRange(ctx));
  s->name = std::string(name->text);
  s->nameRange = tokRange(state(ctx), name);
  s->args = std::move(fusion::at_c<1>(parts));
  GhostArgs &g = fusion::at_c<2>(parts);
  s->given = std::move(g.given);
  s->yields = std::move(g.yields);
  x3::_val(ctx) = s;
};

// Assignments: the target arrives first, then one of the tails.
auto const assignTarget = [](auto &ctx) {
  auto s = newStmt(StmtKind::Assign);
  s->target = x3::_attr(ctx);
  x3::_val(ctx) = s;
};
auto const assignValue = [](auto &ctx) { x3::_val(ctx)->value = x3::_attr(ctx); };
// `x++`, `x--`, `x += e`, `x -= e` become `x = x op e`.
auto compound(BinOp op) {
  return [op](auto &ctx) {
    StmtPtr &s = x3::_val(ctx);
    ExprPtr rhs = x3::_attr(ctx);
    s->value = ir::makeBinary(op, cloneExpr(s->target), rhs, join(s->target->range, rhs->range));
  };
}
auto step(BinOp op) {
  return [op](auto &ctx) {
    StmtPtr &s = x3::_val(ctx);
    SourceRange r = whereRange(ctx);
    s->value =
        ir::makeBinary(op, cloneExpr(s->target), ir::makeInt(1, r), join(s->target->range, r));
  };
}
auto const stmtRange = [](auto &ctx) { x3::_val(ctx)->range = whereRange(ctx); };
auto const setStmts = [](auto &ctx) {
  auto &dst = x3::_val(ctx);
  for (StmtPtr &s : x3::_attr(ctx).stmts)
    dst.push_back(std::move(s));
};

auto const declType = [](auto &ctx) { x3::_val(ctx) = DeclBuilder{x3::_attr(ctx), {}}; };
auto const declName = [](auto &ctx) {
  DeclBuilder &d = x3::_val(ctx);
  const Token *t = x3::_attr(ctx);
  auto s = newStmt(StmtKind::VarDecl, tokRange(state(ctx), t));
  s->name = std::string(t->text);
  s->nameRange = s->range;
  s->declType = d.type.type;
  if (!d.stmts.empty())
    s->ghost = d.stmts.front()->ghost;
  d.stmts.push_back(s);
};
auto const declInit = [](auto &ctx) {
  StmtPtr &s = x3::_val(ctx).stmts.back();
  s->value = x3::_attr(ctx);
  s->range = join(s->range, s->value->range);
};
// The first declarator's range starts at the type.
auto const declFinish = [](auto &ctx) {
  DeclBuilder &d = x3::_val(ctx);
  ParseState &st = state(ctx);
  checkType(st, d.type);
  if (d.type.type == Type::Void)
    unsupported(st, d.type.range, "variables cannot have type void");
  d.stmts.front()->range.begin = d.type.range.begin;
};
auto const declStmts = [](auto &ctx) {
  for (StmtPtr &s : x3::_attr(ctx).stmts)
    x3::_val(ctx).push_back(std::move(s));
};

// par and barrier -----------------------------------------------------------------

auto newStmtOf(StmtKind kind) {
  return [kind](auto &ctx) { x3::_val(ctx) = newStmt(kind); };
}
auto const stmtName = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  x3::_val(ctx)->name = std::string(t->text);
  x3::_val(ctx)->nameRange = tokRange(state(ctx), t);
};
auto const stmtClause = [](auto &ctx) { x3::_val(ctx)->clauses.push_back(x3::_attr(ctx)); };
auto const parIter = [](auto &ctx) { x3::_val(ctx)->iters.push_back(x3::_attr(ctx)); };
auto const parBody = [](auto &ctx) { x3::_val(ctx)->body = bodyOf(std::move(x3::_attr(ctx))); };
auto const parFinish = [](auto &ctx) {
  x3::_val(ctx)->range = whereRange(ctx);
  propagateContextEverywhere(*x3::_val(ctx));
};

auto const iterSpec = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  ParseState &st = state(ctx);
  TypeSpec &t = fusion::at_c<0>(parts);
  if (checkType(st, t) && t.type != Type::Int)
    unsupported(st, t.range, "par iteration variables must be int");
  const Token *name = fusion::at_c<1>(parts);
  ir::ParIter it;
  it.name = std::string(name->text);
  it.range = tokRange(st, name);
  it.lo = fusion::at_c<2>(parts);
  it.hi = fusion::at_c<3>(parts);
  x3::_val(ctx) = it;
};

// Seed barriers name their fences; VerCors barriers fence everything.
auto const seedBarrier = [](auto &ctx) {
  x3::_val(ctx)->seedStyle = true;
  x3::_val(ctx)->fencesGiven = true;
};
auto fence(bool global) {
  return [global](auto &ctx) {
    if (global)
      x3::_val(ctx)->fences.global = true;
    else
      x3::_val(ctx)->fences.local = true;
  };
}
// A barrier's statements run once for the group, in VerCors's group proof (between
// all threads' requires and their ensures).
auto const barrierBody = [](auto &ctx) { x3::_val(ctx)->body = std::move(x3::_attr(ctx)); };
// `barrier(NAME; inv, ...)`: the tags name invariant blocks the type checker looks up.
auto const barrierTag = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  x3::_val(ctx)->args.push_back(ir::makeVar(std::string(t->text), tokRange(state(ctx), t)));
};
// `parallel { par ... par ... }` and `sequential { ... }`: the regions in order.
auto newRegion(StmtKind kind) {
  return [kind](auto &ctx) { x3::_val(ctx) = newStmt(kind); };
}
auto const pushRegion = [](auto &ctx) { x3::_val(ctx)->body.push_back(x3::_attr(ctx)); };

// `invariant NAME(e) { ... }` and `atomic(NAME) { ... }`.
auto const invariantBlock = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  auto s = newStmt(StmtKind::InvariantBlock, whereRange(ctx));
  const Token *name = fusion::at_c<0>(parts);
  s->name = std::string(name->text);
  s->nameRange = tokRange(state(ctx), name);
  s->value = fusion::at_c<1>(parts);
  s->body = std::move(fusion::at_c<2>(parts));
  x3::_val(ctx) = s;
};
auto const atomicBlock = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  auto s = newStmt(StmtKind::AtomicBlock, whereRange(ctx));
  const Token *name = fusion::at_c<0>(parts);
  s->name = std::string(name->text);
  s->nameRange = tokRange(state(ctx), name);
  s->body = std::move(fusion::at_c<1>(parts));
  x3::_val(ctx) = s;
};

auto const barrierId = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  x3::_val(ctx)->name = std::string(t->text);
  x3::_val(ctx)->nameRange = tokRange(state(ctx), t);
};

// ---------------------------------------------------------------------------------
// Grammar
// ---------------------------------------------------------------------------------

x3::rule<class stmt_inner_id, std::vector<StmtPtr>> const stmt_inner = "a statement";
x3::rule<class block_stmt_id, StmtPtr> const block_stmt = "'{'";
x3::rule<class if_id, StmtPtr> const if_stmt = "'if'";
x3::rule<class while_id, StmtPtr> const while_stmt = "'while'";
x3::rule<class while_tail_id, StmtPtr> const while_tail = "'while'";
x3::rule<class for_tail_id, StmtPtr> const for_tail = "'for'";
x3::rule<class loop_tail_id, StmtPtr> const loop_tail = "'while' or 'for'";
x3::rule<class for_list_id, std::vector<StmtPtr>> const for_list = "a statement";
x3::rule<class return_id, StmtPtr> const return_stmt = "'return'";
x3::rule<class assert_id, StmtPtr> const assert_stmt = "'assert'";
x3::rule<class fold_id, StmtPtr> const fold_stmt = "'fold'";
x3::rule<class assume_id, StmtPtr> const assume_stmt = "'assume'";
x3::rule<class call_id, StmtPtr> const call_stmt = "a call";
x3::rule<class decl_id, DeclBuilder> const decl_stmt = "a declaration";
x3::rule<class decl_list_id, DeclBuilder> const decl_list = "a declaration";
x3::rule<class assign_id, StmtPtr> const assign_stmt = "a statement";
x3::rule<class assign_expr_id, StmtPtr> const assign_expr = "a statement";
x3::rule<class par_id, StmtPtr> const par_stmt = "'par'";
x3::rule<class par_iter_id, ir::ParIter> const par_iter = "'int'";
x3::rule<class barrier_id, StmtPtr> const barrier_stmt = "'barrier'";
x3::rule<class par_region_id, StmtPtr> const par_region = "'par'";
x3::rule<class vec_block_id, StmtPtr> const vec_block = "'vec'";
x3::rule<class invariant_block_id, StmtPtr> const invariant_block = "'invariant'";
x3::rule<class atomic_block_id, StmtPtr> const atomic_block = "'atomic'";

auto const block_def = tk(Tok::LBrace) > *stmt[appendStmts] > tk(Tok::RBrace);
auto const block_stmt_def = span(block)[blockStmt];

auto const stmt_def =
    stmtGuard((tk(Tok::KwGhost) > stmt_inner)[ghostStmts] | stmt_inner[appendStmts]);

auto const if_stmt_def = span(tk(Tok::KwIf) > tk(Tok::LParen) > nested_expr > tk(Tok::RParen) >
                              stmt > -(tk(Tok::KwElse) > stmt))[ifStmt];

auto const while_tail_def =
    span(tk(Tok::KwWhile) > tk(Tok::LParen) > nested_expr > tk(Tok::RParen) > stmt)[whileTail];
IdentText const for_kw("for", "'for'");
// The statements of a `for` header: declarations or assignments, comma-separated.
auto const for_list_def = decl_list[setStmts] | (assign_expr[pushStmt] % tk(Tok::Comma));
auto const for_tail_def =
    span(for_kw >> tk(Tok::LParen) > -for_list > tk(Tok::Semi) > -nested_expr > tk(Tok::Semi) >
         -for_list > tk(Tok::RParen) > stmt)[forStmt];
auto const loop_tail_def = while_tail[setVal] | for_tail[setVal];
auto const while_stmt_def = span(+loop_clause > loop_tail)[loopWithInvariants] | loop_tail[setVal];

auto const return_stmt_def = span(tk(Tok::KwReturn) > -nested_expr > tk(Tok::Semi))[returnStmt];
auto const assert_stmt_def =
    span(tk(Tok::KwAssert) > clause_expr > tk(Tok::Semi))[valueStmt(StmtKind::Assert)];
IdentText const fold_kw("fold", "'fold'");
IdentText const unfold_kw("unfold", "'unfold'");
// Not a variable named fold (`fold = 1;`, `fold[i]`): a call follows.
auto const fold_stmt_def =
    span((fold_kw >> &(ident >> tk(Tok::LParen))) > nested_expr > tk(Tok::Semi))[foldStmt("fold")] |
    span((unfold_kw >> &(ident >> tk(Tok::LParen))) > nested_expr >
         tk(Tok::Semi))[foldStmt("unfold")];
auto const assume_stmt_def =
    span(tk(Tok::KwAssume) > nested_expr > tk(Tok::Semi))[valueStmt(StmtKind::Assume)];
auto const call_stmt_def = span(ident >> arg_list >> ghost_args > tk(Tok::Semi))[callStmt];

// The target is parsed first; the tail fills in the value.
auto const assign_op = tk(Tok::Assign) | (seedOnly >> tk(Tok::ColonEq));
auto const assign_tail = named("'='", (assign_op > nested_expr[assignValue]) |
                                          span(tk(Tok::PlusPlus))[step(BinOp::Add)] |
                                          span(tk(Tok::MinusMinus))[step(BinOp::Sub)] |
                                          (tk(Tok::PlusEq) > nested_expr[compound(BinOp::Add)]) |
                                          (tk(Tok::MinusEq) > nested_expr[compound(BinOp::Sub)]));
// An assignment without its ';' (also a `for` header's init and update).
auto const assign_expr_def = span(x3::omit[lhs[assignTarget] > assign_tail])[stmtRange];
auto const assign_stmt_def = span(x3::omit[assign_expr[setVal] > tk(Tok::Semi)])[stmtRange];

auto const decl_init = (tk(Tok::Assign) | (seedOnly >> tk(Tok::ColonEq))) > nested_expr;
auto const decl_list_def =
    x3::omit[type[declType] >> ident[declName] > -decl_init[declInit] >
             *(tk(Tok::Comma) > ident[declName] > -decl_init[declInit])][declFinish];
auto const decl_stmt_def = decl_list[setVal] > tk(Tok::Semi);

auto const par_iter_def =
    (type > ident > tk(Tok::Assign) > nested_expr > tk(Tok::DotDot) > nested_expr)[iterSpec];
auto const par_stmt_def =
    span(x3::omit[tk(Tok::KwPar)[newStmtOf(StmtKind::Par)] > -ident[stmtName] >
                  -(tk(Tok::LParen) > (par_iter[parIter] % tk(Tok::Comma)) > tk(Tok::RParen)) >
                  *par_clause[stmtClause] > stmt[parBody]])[parFinish];
IdentText const parallel_kw("parallel", "'parallel'");
IdentText const sequential_kw("sequential", "'sequential'");
// VerCors's parRegion: a par block, or `parallel`/`sequential` of regions.
auto const par_region_def =
    par_stmt[setVal] |
    span(x3::omit[((parallel_kw >> tk(Tok::LBrace))[newRegion(StmtKind::Parallel)] |
                   (sequential_kw >> tk(Tok::LBrace))[newRegion(StmtKind::Sequential)]) >
                  *par_region[pushRegion] > tk(Tok::RBrace)])[stmtRange];

// VerCors's `vec (int j = lo .. hi) { ... }`: one iteration variable, then a block.
IdentText const vec_kw("vec", "'vec'");
auto const vec_block_def =
    span(x3::omit[(vec_kw >> tk(Tok::LParen))[newStmtOf(StmtKind::Vec)] >> par_iter[parIter] >
                  tk(Tok::RParen) > block[parBody]])[stmtRange];

// Seed fences: `global`, `local`, `{local, global}`; the barrier id may be a number.
auto const fence_flag = tk(Tok::KwGlobal)[fence(true)] | tk(Tok::KwLocal)[fence(false)];
auto const fence_list = fence_flag % tk(Tok::Comma);
auto const fences_braced = tk(Tok::LBrace) > -fence_list > tk(Tok::RBrace);
TokSet const barrier_id({Tok::Int, Tok::Ident}, "a barrier name");
auto const seed_barrier_args = x3::eps[seedBarrier] >>
                               ((-barrier_id[barrierId] >> tk(Tok::Comma) >>
                                 -(fences_braced | fence_list)) |
                                fences_braced | fence_list | barrier_id[barrierId]);
auto const barrier_tags = tk(Tok::Semi) > (ident[barrierTag] % tk(Tok::Comma));
auto const barrier_args =
    named("a barrier name", (seedOnly >> seed_barrier_args) | (-ident[stmtName] > -barrier_tags));
// `{ clauses }`, or (VerCors) `clauses { statements }`, or (seed) `;`.
auto const barrier_body =
    named("'{' or ';'", (tk(Tok::LBrace) > *block_clause[stmtClause] > tk(Tok::RBrace)) |
                            (+block_clause[stmtClause] > block[barrierBody]) | tk(Tok::Semi));
auto const barrier_stmt_def =
    span(x3::omit[tk(Tok::KwBarrier)[newStmtOf(StmtKind::Barrier)] > tk(Tok::LParen) >
                  barrier_args > tk(Tok::RParen) > barrier_body])[stmtRange];

// `invariant NAME(e) {` starts a shared invariant block; anything else after
// `invariant` is a loop invariant clause (`invariant f(x) > 0; while ...`).
auto const invariant_block_def =
    span((tk(Tok::KwInvariant) >> ident >> tk(Tok::LParen) >> nested_expr >> tk(Tok::RParen) >>
          &tk(Tok::LBrace)) > block)[invariantBlock];
IdentText const atomic_kw("atomic", "'atomic'");
auto const atomic_block_def =
    span(atomic_kw >> tk(Tok::LParen) > ident > tk(Tok::RParen) > block)[atomicBlock];

// VerCors statements kprove does not model (reserved words in VerCors, so a variable
// of that name cannot be meant unless it is assigned).
constexpr std::string_view kUnsupportedStatements[] = {
    "lock",   "unlock",  "fork",    "join",  "inhale", "exhale", "goto",
    "refute", "witness", "package", "apply", "send",   "recv",   "communicate"};
IdentIn const unsupported_stmt_word(kUnsupportedStatements);
auto const unsupported_stmt =
    (unsupported_stmt_word >>
     !(tk(Tok::Assign) | tk(Tok::ColonEq) | tk(Tok::LBracket) | tk(Tok::PlusPlus) |
       tk(Tok::MinusMinus) | tk(Tok::PlusEq) |
       tk(Tok::MinusEq)))[unsupportedToken("statements are not supported")];

auto const stmt_inner_def = invariant_block[pushStmt] | atomic_block[pushStmt] | unsupported_stmt |
                            block_stmt[pushStmt] | if_stmt[pushStmt] | while_stmt[pushStmt] |
                            return_stmt[pushStmt] | assert_stmt[pushStmt] | fold_stmt[pushStmt] |
                            assume_stmt[pushStmt] | par_region[pushStmt] | vec_block[pushStmt] |
                            barrier_stmt[pushStmt] | decl_stmt[declStmts] | call_stmt[pushStmt] |
                            assign_stmt[pushStmt] | misplaced_clause;

BOOST_SPIRIT_DEFINE(stmt_inner, block_stmt, if_stmt, while_stmt, while_tail, for_tail, loop_tail,
                    for_list, return_stmt, assert_stmt, fold_stmt, assume_stmt, call_stmt,
                    decl_stmt, decl_list, assign_stmt, assign_expr, par_stmt, par_iter,
                    barrier_stmt, par_region, vec_block, invariant_block, atomic_block)

} // namespace

BOOST_SPIRIT_DEFINE(stmt, block)
BOOST_SPIRIT_INSTANTIATE(stmt_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(block_type, Iterator, Context)

} // namespace kprove::lang::pvl
