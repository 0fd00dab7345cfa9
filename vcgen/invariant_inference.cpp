// Candidate loop invariants about counters (invariant_inference.h).
#include "vcgen/invariant_inference.h"

#include "logic/ir_clone.h"
#include "vcgen/modifies.h"

#include <map>
#include <optional>
#include <utility>

namespace kprove::vcgen {

namespace {

using ir::BinOp;
using ir::ExprKind;
using ir::ExprPtr;
using ir::StmtKind;
using ir::StmtPtr;


const ir::Expr &withoutConversions(const ir::Expr &e) {
  const ir::Expr *at = &e;
  while (at->kind == ExprKind::Convert && !at->args.empty())
    at = at->args[0].get();
  return *at;
}

bool isVar(const ir::Expr &e, const std::string &name) {
  const ir::Expr &x = withoutConversions(e);
  return x.kind == ExprKind::Var && x.name == name;
}

// Reads only variables and constants (no memory, no calls): a candidate built from
// it needs no permission, and it keeps its value while its variables do.
bool readsNoMemory(const ir::Expr &e) {
  switch (e.kind) {
  case ExprKind::IntLit:
  case ExprKind::BoolLit:
  case ExprKind::Var:
    return e.type == ir::Type::Int || e.type == ir::Type::Bool;
  case ExprKind::Unary:
  case ExprKind::Binary:
  case ExprKind::Ite:
  case ExprKind::Convert:
    if (e.kind == ExprKind::Binary && (e.binop == BinOp::Star || e.binop == BinOp::FracDiv))
      return false;
    for (const ExprPtr &a : e.args)
      if (!a || !readsNoMemory(*a))
        return false;
    return true;
  default:
    return false;
  }
}

void variablesOf(const ir::Expr &e, std::set<std::string> &out) {
  if (e.kind == ExprKind::Var)
    out.insert(e.name);
  for (const ExprPtr &a : e.args)
    if (a)
      variablesOf(*a, out);
}

// Unchanged while `modified` holds: reads no memory and none of those variables.
bool invariantOver(const ir::Expr &e, const std::set<std::string> &modified) {
  if (!readsNoMemory(e))
    return false;
  std::set<std::string> vars;
  variablesOf(e, vars);
  for (const std::string &v : vars)
    if (modified.count(v))
      return false;
  return true;
}

// Mathematical integers: a candidate's arithmetic neither wraps nor overflows.
ExprPtr binary(BinOp op, ExprPtr a, ExprPtr b, SourceRange r) {
  ExprPtr e = ir::makeBinary(op, std::move(a), std::move(b), r);
  bool comparison = op == BinOp::Lt || op == BinOp::Le || op == BinOp::Gt || op == BinOp::Ge ||
                    op == BinOp::Eq || op == BinOp::Ne || op == BinOp::And || op == BinOp::Or;
  e->type = comparison ? ir::Type::Bool : ir::Type::Int;
  e->cint = {};
  e->exactInSpec = true;
  return e;
}

ExprPtr literal(int64_t v, SourceRange r) {
  ExprPtr e = ir::makeInt(v, r);
  e->type = ir::Type::Int;
  return e;
}

// The value of an expression built from literals alone (`1 & 63`, `-1`).
std::optional<int64_t> literalValue(const ir::Expr &e) {
  const ir::Expr &x = withoutConversions(e);
  if (x.kind == ExprKind::IntLit)
    return x.intValue;
  if (x.kind == ExprKind::Unary && x.unop == ir::UnOp::Neg && !x.args.empty())
    if (auto v = literalValue(*x.args[0]))
      return -*v;
  if (x.kind != ExprKind::Binary || x.args.size() != 2)
    return std::nullopt;
  auto a = literalValue(*x.args[0]), b = literalValue(*x.args[1]);
  if (!a || !b || *a < -(1 << 20) || *a > (1 << 20) || *b < -(1 << 20) || *b > (1 << 20))
    return std::nullopt; // small values only: no overflow in the folding itself
  switch (x.binop) {
  case BinOp::Add:
    return *a + *b;
  case BinOp::Sub:
    return *a - *b;
  case BinOp::Mul:
    return *a * *b;
  case BinOp::BitAnd:
    return *a & *b;
  case BinOp::Shl:
    return *b >= 0 && *b < 20 ? std::optional<int64_t>(*a << *b) : std::nullopt;
  default:
    return std::nullopt;
  }
}

bool isPowerOfTwo(int64_t k) {
  return k > 0 && (k & (k - 1)) == 0;
}

// A step of the counter `v` (C's conversions anywhere around the variable and the
// result): `v = v + c` or `v = v - c` (Add: c and its sign), `v = v >> m`, `v / c`
// (Halve) or `v = v << m`, `v * c` (Double), with literal m, c: the factor.
struct Step {
  enum Kind { Add, Halve, Double } kind = Add;
  ExprPtr amount; // Add
  bool up = true; // Add: c is added (else subtracted)
  int64_t factor = 0;
  bool cInteger = false; // the counter has a C integer type (C's `&` tests powers of two)
  bool operator==(const Step &o) const {
    return kind == o.kind && up == o.up && factor == o.factor &&
           (kind != Add || ir::toString(*amount) == ir::toString(*o.amount));
  }
};

std::optional<Step> stepShape(const ir::Expr &x, const std::string &v);

std::optional<Step> stepOf(const ir::Stmt &s, const std::string &v) {
  if (s.kind != StmtKind::Assign || !s.target || !s.value || s.target->kind != ExprKind::Var ||
      s.target->name != v)
    return std::nullopt;
  std::optional<Step> step = stepShape(withoutConversions(*s.value), v);
  if (step)
    step->cInteger = s.target->cint.bounded() || s.value->cint.bounded() ||
                     withoutConversions(*s.value).cint.bounded();
  return step;
}

std::optional<Step> stepShape(const ir::Expr &x, const std::string &v) {
  if (x.kind != ExprKind::Binary || x.args.size() != 2)
    return std::nullopt;
  const ir::Expr &l = *x.args[0], &r = *x.args[1];
  bool left = isVar(l, v) && !isVar(r, v), right = isVar(r, v) && !isVar(l, v);
  switch (x.binop) {
  case BinOp::Add:
    if (left || right)
      return Step{Step::Add, left ? x.args[1] : x.args[0], true, 0};
    return std::nullopt;
  case BinOp::Sub:
    if (left)
      return Step{Step::Add, x.args[1], false, 0};
    return std::nullopt;
  case BinOp::Shr:
  case BinOp::Shl: {
    std::optional<int64_t> m = left ? literalValue(r) : std::nullopt;
    if (!m || *m < 1 || *m > 16)
      return std::nullopt;
    return Step{x.binop == BinOp::Shr ? Step::Halve : Step::Double, nullptr, true,
                int64_t{1} << *m};
  }
  case BinOp::Div:
  case BinOp::TDiv: {
    std::optional<int64_t> c = left ? literalValue(r) : std::nullopt;
    if (!c || *c < 2)
      return std::nullopt;
    return Step{Step::Halve, nullptr, true, *c};
  }
  case BinOp::Mul: {
    std::optional<int64_t> c = left ? literalValue(r) : right ? literalValue(l) : std::nullopt;
    if (!c || *c < 2)
      return std::nullopt;
    return Step{Step::Double, nullptr, true, *c};
  }
  default:
    return std::nullopt;
  }
}

// A comparison of the loop's test with the counter on the left: `v op n`.
struct Test {
  BinOp op;
  ExprPtr bound;
};

void testsOf(const ir::Expr &cond, const std::string &v, std::vector<Test> &out) {
  if (cond.kind != ExprKind::Binary || cond.args.size() != 2)
    return;
  if (cond.binop == BinOp::And) {
    testsOf(*cond.args[0], v, out);
    testsOf(*cond.args[1], v, out);
    return;
  }
  auto mirrored = [](BinOp op) {
    switch (op) {
    case BinOp::Lt:
      return BinOp::Gt;
    case BinOp::Le:
      return BinOp::Ge;
    case BinOp::Gt:
      return BinOp::Lt;
    case BinOp::Ge:
      return BinOp::Le;
    default:
      return op;
    }
  };
  BinOp op = cond.binop;
  if (op != BinOp::Lt && op != BinOp::Le && op != BinOp::Gt && op != BinOp::Ge && op != BinOp::Ne)
    return;
  if (isVar(*cond.args[0], v) && !isVar(*cond.args[1], v))
    out.push_back({op, cond.args[1]});
  else if (isVar(*cond.args[1], v) && !isVar(*cond.args[0], v))
    out.push_back({mirrored(op), cond.args[0]});
}

class Inference {
public:
  void inList(std::vector<StmtPtr> &list) {
    for (size_t i = 0; i < list.size(); ++i) {
      if (!list[i])
        continue;
      if (list[i]->kind == StmtKind::While)
        inferFor(list, i);
      // A plain block runs right after what precedes it: a loop's counter may be
      // set before the block (`int span = 1; for (size_t s = ...; ...)`).
      bool plain = list[i]->kind == StmtKind::Block && list[i]->catches == ir::Catches::Nothing;
      if (plain)
        enclosing_.push_back({&list, i});
      else
        saved_.push_back(std::exchange(enclosing_, {}));
      inList(list[i]->body);
      inList(list[i]->elseBody);
      if (plain) {
        enclosing_.pop_back();
      } else {
        enclosing_ = std::move(saved_.back());
        saved_.pop_back();
      }
    }
  }

private:
  // The plain blocks around the list being visited, innermost last: each the list
  // holding the block and the block's position in it.
  std::vector<std::pair<const std::vector<StmtPtr> *, size_t>> enclosing_;
  std::vector<decltype(enclosing_)> saved_;

  void inferFor(std::vector<StmtPtr> &list, size_t at) {
    ir::Stmt &loop = *list[at];
    const ModifiesSet modified = modifiesOf(loop.body);
    // The variables the loop changes by a step, each with its (only) step.
    std::map<std::string, Step> steps;
    std::set<std::string> irregular;
    for (const ModifiesSet::Assignment &a : modified.assignments) {
      std::optional<Step> s = stepOf(*a.stmt, a.var);
      auto it = steps.find(a.var);
      if (!s || irregular.count(a.var) || (it != steps.end() && !(it->second == *s))) {
        irregular.insert(a.var);
        steps.erase(a.var);
        continue;
      }
      steps.emplace(a.var, *s);
    }
    for (auto &[v, step] : steps) {
      if (step.kind == Step::Add && !invariantOver(*step.amount, modified.vars))
        continue;
      ExprPtr init = initialValue(list, at, v);
      if (!init || !invariantOver(*init, modified.vars))
        continue;
      if (step.kind == Step::Add)
        addCounterCandidates(loop, v, step, init);
      else
        addScaleCandidates(loop, v, step, init);
    }
  }

  // The value `v` is given right before the loop at list[at] (a declaration or an
  // assignment in the same list, with nothing in between changing it or the
  // variables the value reads).
  ExprPtr initialValue(const std::vector<StmtPtr> &list, size_t at, const std::string &v) {
    std::set<std::string> changedBetween;
    // The statements before the loop in its list, then those before each enclosing
    // plain block in its list.
    std::vector<const ir::Stmt *> before;
    for (size_t j = at; j-- > 0;)
      before.push_back(list[j].get());
    for (auto it = enclosing_.rbegin(); it != enclosing_.rend(); ++it)
      for (size_t j = it->second; j-- > 0;)
        before.push_back((*it->first)[j].get());
    for (const ir::Stmt *at : before) {
      if (!at)
        return nullptr;
      const ir::Stmt &s = *at;
      ExprPtr value;
      if (s.kind == StmtKind::VarDecl && s.name == v)
        value = s.value;
      else if (s.kind == StmtKind::Assign && s.target && s.target->kind == ExprKind::Var &&
               s.target->name == v)
        value = s.value;
      if (value) {
        std::set<std::string> reads;
        variablesOf(*value, reads);
        if (reads.count(v) || !readsNoMemory(*value))
          return nullptr;
        for (const std::string &r : reads)
          if (changedBetween.count(r))
            return nullptr;
        return value;
      }
      if (s.kind == StmtKind::VarDecl && s.name == v)
        return nullptr; // declared without a value
      ModifiesSet m = modifiesOf({std::make_shared<ir::Stmt>(s)});
      if (m.vars.count(v))
        return nullptr;
      changedBetween.insert(m.vars.begin(), m.vars.end());
    }
    return nullptr;
  }

  void addCounterCandidates(ir::Stmt &loop, const std::string &v, const Step &step,
                            const ExprPtr &init) {
    SourceRange r = loop.range;
    std::optional<int64_t> k = literalValue(*step.amount);
    bool up = step.up;
    if (k && *k < 0)
      up = !up;
    if (k && *k == 0)
      return;
    bool unit = k && (*k == 1 || *k == -1);
    auto var = [&] {
      auto e = ir::makeVar(v, r);
      e->type = ir::Type::Int;
      return e;
    };
    // |c|: the step's size (a literal's absolute value, else c as written).
    auto size = [&]() -> ExprPtr { return k ? literal(*k < 0 ? -*k : *k, r) : ir::cloneExpr(step.amount); };
    add(loop, binary(up ? BinOp::Ge : BinOp::Le, var(), ir::cloneExpr(init), r));
    if (!unit) {
      ExprPtr distance = up ? binary(BinOp::Sub, var(), ir::cloneExpr(init), r)
                            : binary(BinOp::Sub, ir::cloneExpr(init), var(), r);
      add(loop, binary(BinOp::Eq, binary(BinOp::Mod, distance, size(), r), literal(0, r), r));
    }
    if (!loop.cond)
      return;
    std::vector<Test> tests;
    testsOf(*loop.cond, v, tests);
    const ModifiesSet modified = modifiesOf(loop.body);
    for (const Test &t : tests) {
      if (!invariantOver(*t.bound, modified.vars))
        continue;
      ExprPtr bound;
      BinOp op;
      if (up && (t.op == BinOp::Lt || (t.op == BinOp::Ne && unit))) {
        // v < n before the step: v <= n after a step of 1, v < n + c after one of c.
        op = unit ? BinOp::Le : BinOp::Lt;
        bound = unit ? ir::cloneExpr(t.bound) : binary(BinOp::Add, ir::cloneExpr(t.bound), size(), r);
      } else if (up && t.op == BinOp::Le) {
        op = BinOp::Le;
        bound = binary(BinOp::Add, ir::cloneExpr(t.bound), size(), r);
      } else if (!up && (t.op == BinOp::Gt || (t.op == BinOp::Ne && unit))) {
        op = unit ? BinOp::Ge : BinOp::Gt;
        bound = unit ? ir::cloneExpr(t.bound) : binary(BinOp::Sub, ir::cloneExpr(t.bound), size(), r);
      } else if (!up && t.op == BinOp::Ge) {
        op = BinOp::Ge;
        bound = binary(BinOp::Sub, ir::cloneExpr(t.bound), size(), r);
      } else {
        continue;
      }
      add(loop, binary(op, var(), ir::cloneExpr(bound), r));
      // The loop may start past its bound (then it never runs).
      add(loop, binary(BinOp::Or, binary(op, var(), bound, r),
                       binary(BinOp::Eq, var(), ir::cloneExpr(init), r), r));
    }
  }

  // A counter halved or doubled (`s >>= 1`, `off *= 2`): it stays between 0 and its
  // start (halving) or above its start (doubling), and a power of two stays one
  // while the factor is one (`(s & (s - 1)) == 0`, kprove's isPow2 test, which
  // also holds of 0, where a halving loop ends).
  void addScaleCandidates(ir::Stmt &loop, const std::string &v, const Step &step,
                          const ExprPtr &init) {
    SourceRange r = loop.range;
    auto var = [&] {
      auto e = ir::makeVar(v, r);
      e->type = ir::Type::Int;
      return e;
    };
    if (step.kind == Step::Halve) {
      add(loop, binary(BinOp::Ge, var(), literal(0, r), r));
      add(loop, binary(BinOp::Le, var(), ir::cloneExpr(init), r));
    } else {
      add(loop, binary(BinOp::Ge, var(), ir::cloneExpr(init), r));
    }
    if (isPowerOfTwo(step.factor) && step.cInteger)
      add(loop, binary(BinOp::Eq,
                       binary(BinOp::BitAnd, var(), binary(BinOp::Sub, var(), literal(1, r), r), r),
                       literal(0, r), r));
  }

  static void add(ir::Stmt &loop, ExprPtr e) {
    for (const ir::Clause &c : loop.clauses)
      if (c.kind == ir::ClauseKind::LoopInvariant && ir::toString(*c.expr) == ir::toString(*e))
        return;
    ir::Clause c;
    c.kind = ir::ClauseKind::LoopInvariant;
    c.range = loop.range;
    c.expr = std::move(e);
    c.generated = true;
    c.candidate = 0; // numbered by addCandidateInvariants
    loop.clauses.push_back(std::move(c));
  }
};

// Every statement list of a program that holds code (const or not).
template <typename P, typename F> void forEachBody(P &p, F f) {
  for (auto &m : p.methods)
    if (m.body)
      f(*m.body);
  for (auto &k : p.kernels)
    f(k.body);
  for (auto &k : p.gpuKernels)
    f(k.body);
}

template <typename List, typename F> void forEachLoop(List &list, F f) {
  for (auto &s : list) {
    if (!s)
      continue;
    if (s->kind == StmtKind::While)
      f(*s);
    forEachLoop(s->body, f);
    forEachLoop(s->elseBody, f);
  }
}

} // namespace

int addCandidateInvariants(ir::Program &program) {
  Inference inference;
  forEachBody(program, [&](std::vector<StmtPtr> &body) { inference.inList(body); });
  int next = 0;
  forEachBody(program, [&](std::vector<StmtPtr> &body) {
    forEachLoop(body, [&](ir::Stmt &loop) {
      for (ir::Clause &c : loop.clauses)
        if (c.candidate >= 0)
          c.candidate = next++;
    });
  });
  return next;
}

void dropCandidateInvariants(ir::Program &program, const std::set<int> &dropped) {
  forEachBody(program, [&](std::vector<StmtPtr> &body) {
    forEachLoop(body, [&](ir::Stmt &loop) {
      std::erase_if(loop.clauses, [&](const ir::Clause &c) {
        return c.candidate >= 0 && dropped.count(c.candidate);
      });
    });
  });
}

std::vector<std::string> candidateInvariantTexts(const ir::Program &program) {
  std::vector<std::string> out;
  forEachBody(program, [&](const std::vector<StmtPtr> &body) {
    forEachLoop(body, [&](const ir::Stmt &loop) {
      for (const ir::Clause &c : loop.clauses)
        if (c.candidate >= 0)
          out.push_back(ir::toString(*c.expr));
    });
  });
  return out;
}

} // namespace kprove::vcgen
