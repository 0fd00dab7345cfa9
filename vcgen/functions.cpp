// Pure functions: a definition axiom with a limited twin (one unfolding per use,
// so recursive definitions cannot make the solver loop), plus the checks that
// make the axiom sound: the body is well-defined under the precondition, the
// postcondition holds, and recursion terminates (a decreases clause, or by
// default the first parameter, must stay non-negative and decrease).
#include "vcgen/functions.h"

#include "vcgen/executor.h"
#include "vcgen/expr_encoder.h"

#include <fmt/format.h>

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

bool readsHeap(const ir::Expr &e) {
  if (e.kind == ir::ExprKind::Index || e.kind == ir::ExprKind::Length)
    return true;
  for (const ir::ExprPtr &a : e.args)
    if (readsHeap(*a))
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

  for (const ir::Method &m : vc.program().methods) {
    if (!m.pure)
      continue;
    if (m.pureBody && readsHeap(*m.pureBody)) {
      vc.unsupported(m.pureBody->range, fmt::format("pure function '{}' reads array memory; "
                                                    "pure functions over the heap are not "
                                                    "supported",
                                                    m.name));
      continue;
    }
    for (const std::string &callee : graph[m.name]) {
      std::set<std::string> seen;
      if (callee != m.name && reaches(graph, callee, m.name, seen)) {
        vc.unsupported(m.nameRange, fmt::format("mutual recursion between pure functions "
                                                "('{}' and '{}')",
                                                m.name, callee));
      }
    }
    // Encode over bound variables.
    State st;
    std::vector<BoundVar> bound;
    std::vector<T> args;
    for (const ir::Param &p : m.params) {
      std::string bn = "p$" + m.name + "$" + p.name;
      bound.push_back({bn, sortOf(p.type)});
      args.push_back(var(bn, sortOf(p.type)));
      st.vars[p.name] = args.back();
    }
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
    std::vector<T> pres, posts;
    for (const ir::Expr *e : clausesOf(m.contract, {ClauseKind::Requires, ClauseKind::Context}))
      pres.push_back(enc.encode(*e));
    frame.limited = false;
    for (const ir::Expr *e : clausesOf(m.contract, {ClauseKind::Ensures, ClauseKind::Context}))
      posts.push_back(enc.encode(*e));
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
  if (!m.pure || !m.pureBody || readsHeap(*m.pureBody))
    return;        // reported as unsupported by addFunctionAxioms
  struct Exclude { // the function's own axioms are what is being justified
    VcContext &vc;
    std::string saved;
    Exclude(VcContext &v, const std::string &n) : vc(v), saved(v.excludedOwner) {
      vc.excludedOwner = n;
    }
    ~Exclude() { vc.excludedOwner = saved; }
  } exclude(vc, m.name);

  State st;
  for (const ir::Param &p : m.params)
    st.vars[p.name] = vc.freshVar(p.name, sortOf(p.type));
  ExprEncoder enc(vc, st);
  enc.reads = ReadCheck::None;
  for (const ir::Expr *e : clausesOf(m.contract, {ClauseKind::Requires, ClauseKind::Context}))
    st.assume(enc.encode(*e));
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
  T body = enc.encode(*m.pureBody);
  auto posts = clausesOf(m.contract, {ClauseKind::Ensures, ClauseKind::Context});
  if (posts.empty())
    return;

  // Induction hypothesis: the postcondition for arguments of smaller measure
  // (sound because recursion is checked to terminate on that measure).
  {
    State h;
    std::vector<BoundVar> bound;
    std::vector<T> args;
    for (const ir::Param &p : m.params) {
      std::string bn = "ih$" + m.name + "$" + p.name;
      bound.push_back({bn, sortOf(p.type)});
      args.push_back(var(bn, sortOf(p.type)));
      h.vars[p.name] = args.back();
    }
    h.result = app(ExprEncoder::functionSymbol(m.name, false), sortOf(m.returnType), args);
    ExprEncoder e(vc, h);
    e.checks = false;
    e.reads = ReadCheck::None;
    std::vector<T> pre, post;
    for (const ir::Expr *c : clausesOf(m.contract, {ClauseKind::Requires, ClauseKind::Context}))
      pre.push_back(e.encode(*c));
    for (const ir::Expr *c : posts)
      post.push_back(e.encode(*c));
    T smaller;
    if (frame.measureExpr) {
      smaller = e.encode(*frame.measureExpr);
    } else if (!args.empty() && m.params[0].type == ir::Type::Int) {
      smaller = args[0];
    }
    if (smaller)
      st.assume(
          forall(bound,
                 implies(land({le(intConst(0), smaller), lt(smaller, frame.measure), land(pre)}),
                         land(post)),
                 {{h.result}}));
  }
  st.result = body;
  ExprEncoder post(vc, st);
  post.reads = ReadCheck::None;
  for (const ir::Clause &c : m.contract)
    if (c.kind == ClauseKind::Ensures || c.kind == ClauseKind::Context)
      vc.check(st, {}, post.encode(*c.expr), DiagCode::Post, c.range,
               fmt::format("the postcondition of pure function '{}' may not hold", m.name));
}

} // namespace kprove::vcgen
