// Pure functions: a definition axiom with a limited twin (one unfolding per use,
// so recursive definitions cannot make the solver loop), plus the checks that
// make the axiom sound: the body is well-defined under the precondition, the
// postcondition holds, and recursion terminates (a decreases clause, or by
// default the first parameter, must stay non-negative and decrease).
#include "vcgen/functions.h"

#include "vcgen/executor.h"
#include "vcgen/expr_encoder.h"
#include "vcgen/function_contract.h"

#include <fmt/format.h>

#include <functional>
#include <map>
#include <set>

namespace kprove::vcgen {

using namespace term;
using ir::ClauseKind;

namespace {

void callsIn(const ir::Expr &e, std::set<std::string> &out) {
  if (e.kind == ir::ExprKind::Call)
    out.insert(e.name);
  for (const ir::ExprPtr &a : e.args)
    callsIn(*a, out);
}

// Reads array memory in its body or contract (a permission alone reads nothing).
bool readsHeapItself(const ir::Method &m) {
  std::function<bool(const ir::Expr &)> reads = [&](const ir::Expr &e) {
    if (e.kind == ir::ExprKind::Perm)
      return reads(*e.args[0]->args[1]) || reads(*e.args[1]);
    if (e.kind == ir::ExprKind::PointsTo)
      return true; // its value is the cell's
    if (e.kind == ir::ExprKind::Index)
      return true;
    for (const ir::ExprPtr &a : e.args)
      if (reads(*a))
        return true;
    return false;
  };
  if (m.pureBody && reads(*m.pureBody))
    return true;
  for (const ir::Clause &c : m.contract)
    if (c.expr && reads(*c.expr))
      return true;
  return false;
}

// True when `from` reaches `to` through calls of pure functions in `graph`.
bool reaches(const std::map<std::string, std::set<std::string>> &graph, const std::string &from,
             const std::string &to, std::set<std::string> &seen) {
  auto it = graph.find(from);
  if (it == graph.end())
    return false;
  for (const std::string &n : it->second) {
    if (n == to)
      return true;
    if (seen.insert(n).second && reaches(graph, n, to, seen))
      return true;
  }
  return false;
}

// Two heaps that agree on the footprint of `m`'s precondition give the same value:
// if they differ at all on it, they differ at the cell (diff$r, diff$i), a skolem
// function of the two heaps and the arguments (so the axiom is the skolemised
// `(forall cells in the footprint: h1 == h2) ==> f(h1) == f(h2)`). Stated for the
// limited symbol, which every unfolding produces and the full one equals; the
// multi-pattern pairs existing applications only, so it cannot loop.
void addFrameAxiom(VcContext &vc, const ir::Method &m, const std::vector<ContractAtom> &atoms,
                   const std::vector<BoundVar> &bound, const std::vector<T> &args) {
  if (!footprintIndependentOf(atoms, args[0])) {
    vc.unsupported(m.nameRange, fmt::format("the permissions in the precondition of pure "
                                            "function '{}' depend on array memory",
                                            m.name));
    return;
  }
  std::vector<BoundVar> both{{"h1$" + m.name, Sort::Heap}, {"h2$" + m.name, Sort::Heap}};
  both.insert(both.end(), bound.begin() + 1, bound.end());
  T h1 = var(both[0].name, Sort::Heap), h2 = var(both[1].name, Sort::Heap);
  std::vector<T> rest(args.begin() + 1, args.end());
  auto with = [&](std::vector<T> head) {
    head.insert(head.end(), rest.begin(), rest.end());
    return head;
  };
  Sort result = sortOf(m.returnType);
  T f1 = app(ExprEncoder::functionSymbol(m.name, true), result, with({h1}));
  T f2 = app(ExprEncoder::functionSymbol(m.name, true), result, with({h2}));
  T r = app("fn$diffref$" + m.name, Sort::Ref, with({h1, h2}));
  T i = app("fn$diffidx$" + m.name, Sort::Int, with({h1, h2}));
  std::vector<std::pair<std::string, T>> sub{{args[0]->name, h1}};
  T inside = substitute(footprintContains(atoms, r, i), sub);
  T agree = implies(inside, eq(select(h1, r, i), select(h2, r, i)));
  vc.axioms.push_back({m.name, forall(both, implies(agree, eq(f1, f2)), {{f1, f2}})});
}

// The postconditions of a pure function: its `ensures` clauses and the facts of its
// `context` clauses (a permission given back means nothing for a function).
std::vector<const ir::Expr *> postconditions(const ir::Method &m) {
  std::vector<const ir::Expr *> out;
  for (const ir::Clause &c : m.contract)
    if (c.kind == ClauseKind::Ensures ||
        (c.kind == ClauseKind::Context && c.expr->type != ir::Type::Resource))
      out.push_back(c.expr.get());
  return out;
}

} // namespace

void addFunctionAxioms(VcContext &vc) {
  std::map<std::string, std::set<std::string>> graph;
  for (const ir::Method &m : vc.program().methods)
    if (m.pure && m.pureBody)
      callsIn(*m.pureBody, graph[m.name]);
  for (const ir::Method &m : vc.program().methods)
    if (m.pure) {
      std::set<std::string> &reach = vc.pureCallees[m.name];
      reach.insert(m.name);
      std::vector<std::string> todo{m.name};
      while (!todo.empty()) {
        std::string f = todo.back();
        todo.pop_back();
        for (const std::string &g : graph[f])
          if (reach.insert(g).second)
            todo.push_back(g);
      }
    }

  for (const ir::Method &m : vc.program().methods)
    if (m.pure && readsHeapItself(m))
      for (const auto &[caller, reach] : vc.pureCallees)
        if (reach.count(m.name))
          vc.heapFunctions.insert(caller);

  // Calls in bodies and in contracts: checking a function assumes the postconditions
  // of the functions its body and contract call (VcContext::callAxioms), so a cycle
  // through contracts (f's postcondition names g, g's names f) would let each
  // postcondition prove the other. Only self-recursion is justified (by induction
  // on a measure, checkFunction).
  std::map<std::string, std::set<std::string>> uses = graph;
  for (const ir::Method &m : vc.program().methods)
    if (m.pure)
      for (const ir::Clause &c : m.contract)
        if (c.expr)
          callsIn(*c.expr, uses[m.name]);
  for (const ir::Method &m : vc.program().methods) {
    if (!m.pure)
      continue;
    for (const std::string &callee : uses[m.name]) {
      std::set<std::string> seen;
      if (callee != m.name && reaches(uses, callee, m.name, seen)) {
        bool throughBodies = graph[m.name].count(callee) != 0;
        std::set<std::string> seenBodies;
        throughBodies = throughBodies && reaches(graph, callee, m.name, seenBodies);
        vc.unsupported(m.nameRange,
                       fmt::format("mutual recursion between pure functions ('{}' and '{}'){}",
                                   m.name, callee,
                                   throughBodies ? "" : " through their contracts"));
        break;
      }
    }
    const bool overHeap = vc.heapFunctions.count(m.name) != 0;
    // Encode over bound variables (the heap first, for a function over the heap).
    State st;
    std::vector<BoundVar> bound;
    std::vector<T> args;
    if (overHeap) {
      bound.push_back({"h$" + m.name, Sort::Heap});
      args.push_back(var(bound.back().name, Sort::Heap));
      st.heap = args.back();
    }
    for (const ir::Param &p : m.params) {
      std::string bn = "p$" + m.name + "$" + p.name;
      bound.push_back({bn, sortOf(p.type)});
      args.push_back(var(bn, sortOf(p.type)));
      st.vars[p.name] = args.back();
    }
    vc.bindFields(st, m.className); // the fields of `this`: one fixed object per class
    T call = app(ExprEncoder::functionSymbol(m.name, false), sortOf(m.returnType), args);
    T limited = app(ExprEncoder::functionSymbol(m.name, true), sortOf(m.returnType), args);
    st.result = call;
    FunctionFrame frame;
    frame.fn = &m;
    frame.limited = true;
    ExprEncoder enc(vc, st);
    enc.checks = false;
    enc.reads = ReadCheck::None;
    enc.function = &frame;
    std::vector<ContractAtom> atoms = preconditionAtoms(m, enc);
    std::vector<T> pres{factsOf(atoms)}, posts;
    frame.limited = false;
    for (const ir::Expr *e : postconditions(m))
      posts.push_back(enc.encode(*e));
    if (overHeap)
      addFrameAxiom(vc, m, atoms, bound, args);
    T pre = land(pres);
    vc.axioms.push_back({m.name, forall(bound, eq(call, limited), {{call}})});
    if (m.pureBody) {
      frame.limited = true;
      T body = enc.encode(*m.pureBody);
      vc.axioms.push_back({m.name, forall(bound, implies(pre, eq(call, body)), {{call}})});
    }
    // Postconditions hold where the function is called (VcContext::callAxioms): a
    // body's postcondition is proved by checkFunction, but if that fails it must not
    // hide other errors of the file either.
    if (!posts.empty())
      vc.callAxioms[m.name].push_back(forall(bound, implies(pre, land(posts)), {{call}}));
    if (!posts.empty() && !m.pureBody)
      vc.remarks.push_back({DiagCode::Post,
                            m.nameRange,
                            fmt::format("pure function '{}' has no body: its postcondition is "
                                        "trusted, assumed where it is called and never proved",
                                        m.name),
                            {}});
  }
}

void checkFunction(VcContext &vc, const ir::Method &m) {
  if (!m.pure)
    return;
  struct Exclude { // the function's own axioms are what is being justified
    VcContext &vc;
    std::string saved;
    Exclude(VcContext &v, const std::string &n) : vc(v), saved(v.excludedOwner) {
      vc.excludedOwner = n;
    }
    ~Exclude() { vc.excludedOwner = saved; }
  } exclude(vc, m.name);

  const bool overHeap = vc.heapFunctions.count(m.name) != 0;
  State st;
  if (overHeap)
    st.heap = vc.freshVar("heap$" + m.name, Sort::Heap);
  for (const ir::Param &p : m.params)
    st.vars[p.name] = vc.freshVar(p.name, sortOf(p.type));
  vc.bindFields(st, m.className);
  // The footprint first (encoded without checks), then the precondition again with
  // its reads checked against it.
  std::vector<ContractAtom> atoms;
  {
    ExprEncoder probe(vc, st);
    probe.checks = false;
    probe.reads = ReadCheck::None;
    atoms = preconditionAtoms(m, probe);
  }
  auto footprint = [atoms](const T &ref, const T &index) {
    return footprintContains(atoms, ref, index);
  };
  // Reads in the contract and body are checked against the footprint, not a mask.
  auto againstFootprint = [&](ExprEncoder &e) {
    e.reads = ReadCheck::None;
    e.footprint = footprint;
    e.footprintOwner = m.name;
  };
  ExprEncoder enc(vc, st);
  againstFootprint(enc);
  st.assume(factsOf(preconditionAtoms(m, enc)));
  FunctionFrame frame;
  frame.fn = &m;
  auto dec = clausesOf(m.contract, {ClauseKind::Decreases});
  frame.measureExpr = dec.empty() ? nullptr : dec.front();
  if (frame.measureExpr)
    frame.measure = enc.encode(*frame.measureExpr);
  else if (!m.params.empty() && m.params[0].type == ir::Type::Int)
    frame.measure = st.vars[m.params[0].name];
  else
    frame.measure = intConst(0); // no measure: any recursive call fails the check
  enc.function = &frame;
  if (!m.pureBody) {
    // A trusted contract is still checked to be well-defined (its indices in
    // bounds, its divisions by non-zero values), left to right, as a bodiless
    // method's is: an ill-defined clause would be assumed at every call with a
    // value no program has (`|s[2..1]| == 5` read with length -1).
    st.result = vc.freshVar("result$" + m.name, sortOf(m.returnType));
    ExprEncoder post(vc, st);
    againstFootprint(post);
    for (const ir::Expr *c : postconditions(m))
      st.assume(post.encode(*c));
    return;
  }
  T body = enc.encode(*m.pureBody);
  std::vector<const ir::Expr *> posts = postconditions(m);
  if (posts.empty())
    return;

  // Induction hypothesis: the postcondition for arguments of smaller measure
  // (sound because recursion is checked to terminate on that measure), in the
  // same memory.
  {
    State h;
    h.heap = st.heap;
    std::vector<BoundVar> bound;
    std::vector<T> args;
    if (overHeap)
      args.push_back(st.heap);
    for (const ir::Param &p : m.params) {
      std::string bn = "ih$" + m.name + "$" + p.name;
      bound.push_back({bn, sortOf(p.type)});
      args.push_back(var(bn, sortOf(p.type)));
      h.vars[p.name] = args.back();
    }
    vc.bindFields(h, m.className);
    h.result = app(ExprEncoder::functionSymbol(m.name, false), sortOf(m.returnType), args);
    ExprEncoder e(vc, h);
    e.checks = false;
    e.reads = ReadCheck::None;
    T pre = factsOf(preconditionAtoms(m, e));
    std::vector<T> post;
    for (const ir::Expr *c : posts)
      post.push_back(e.encode(*c));
    T smaller;
    if (frame.measureExpr) {
      smaller = e.encode(*frame.measureExpr);
    } else if (!m.params.empty() && m.params[0].type == ir::Type::Int) {
      smaller = h.vars[m.params[0].name];
    }
    if (smaller)
      st.assume(forall(
          bound,
          implies(land({le(intConst(0), smaller), lt(smaller, frame.measure), pre}), land(post)),
          {{h.result}}));
  }
  st.result = body;
  ExprEncoder post(vc, st);
  againstFootprint(post);
  for (const ir::Clause &c : m.contract)
    if (c.kind == ClauseKind::Ensures ||
        (c.kind == ClauseKind::Context && c.expr->type != ir::Type::Resource))
      vc.check(st, {}, post.encode(*c.expr), DiagCode::Post, c.range,
               fmt::format("the postcondition of pure function '{}' may not hold", m.name));
}

} // namespace kprove::vcgen
