// VerCors's resource predicates: `resource p(T x, ...) = R;` and `inline resource
// p(...) = R;`, top level or in a class. kprove expands every use `p(e, ...)` into R
// with e for x (predicates that do not reach themselves through their bodies only):
// a predicate instance and its body are the same permissions and facts, so
// `fold p(e);` and `unfold p(e);` both check that R holds in the current state
// (an assertion whose permissions are checked, not moved) and change nothing else.
// VerCors's iso-recursive reading only hides R's permissions between an unfold and
// a fold; the expanded reading lets the program use them, which no run can tell
// apart. Recursive and abstract (bodiless) predicates are `unsupported`.
#include "lang/pvl/pvl_grammar.h"
#include "lang/pvl/pvl_parser.h"

#include <algorithm>
#include <map>
#include <set>

namespace kprove::lang::pvl {

namespace {

using ir::Expr;
using ir::ExprKind;
using ir::ExprPtr;
using ir::Stmt;
using ir::StmtPtr;

class PredicateExpander {
public:
  PredicateExpander(ir::Program &p, DiagnosticEngine &diags) : p_(p), diags_(diags) {}

  void run() {
    std::vector<ir::Method> kept;
    for (ir::Method &m : p_.methods)
      if (m.returnType == ir::Type::Resource) {
        if (!m.pureBody) {
          diags_.error(DiagCode::Unsupported, m.nameRange,
                       "unsupported: abstract resource predicate '" + m.name +
                           "' (kprove expands a predicate into its body)");
          continue;
        }
        predicates_.push_back(m);
      } else {
        kept.push_back(std::move(m));
      }
    p_.methods = std::move(kept);
    if (predicates_.empty())
      return;
    // A predicate belongs to its class (or the top level): a use inside a class
    // names the class's own predicate first (red team: one table by name let a
    // later declaration elsewhere replace it).
    std::set<std::pair<std::string, std::string>> functions;
    for (const ir::Method &m : p_.methods)
      functions.insert({m.className, m.name});
    for (const ir::Method &m : predicates_) {
      std::pair<std::string, std::string> key{m.className, m.name};
      if (byName_.count(key) || functions.count(key)) {
        diags_.error(DiagCode::Type, m.nameRange,
                     "'" + m.name + "' is declared more than once" +
                         (m.className.empty() ? std::string() : " in class " + m.className));
        continue;
      }
      byName_[key] = &m;
    }
    // A body means the same at every use: its free names are its parameters and its
    // class's fields (qualified as `this.f` here, so no local of a user captures
    // them, as a parameter `balance` once captured the field `balance`).
    for (ir::Method &m : predicates_)
      m.pureBody = closeBody(m, m.pureBody, {});
    // A predicate that reaches itself is reported once, used or not.
    for (const ir::Method &m : predicates_) {
      std::vector<std::string> stack{m.className + "." + m.name};
      expand(m.pureBody, stack, m.className);
    }
    for (ir::Method &m : p_.methods) {
      cls_ = m.className;
      for (ir::Clause &c : m.contract)
        c.expr = expand(c.expr);
      m.pureBody = expand(m.pureBody);
      if (m.body)
        stmts(*m.body);
    }
    cls_.clear();
    for (ir::Kernel &k : p_.kernels) {
      for (ir::Clause &c : k.contract)
        c.expr = expand(c.expr);
      stmts(k.body);
    }
  }

private:
  void stmts(std::vector<StmtPtr> &body) {
    for (StmtPtr &s : body)
      if (s)
        stmt(*s);
  }

  void stmt(Stmt &s) {
    s.target = expand(s.target);
    s.value = expand(s.value);
    s.cond = expand(s.cond);
    for (ExprPtr &a : s.args)
      a = expand(a);
    for (ir::GhostArg &g : s.given)
      g.value = expand(g.value);
    for (ir::Clause &c : s.clauses)
      c.expr = expand(c.expr);
    for (ir::ParIter &it : s.iters) {
      it.lo = expand(it.lo);
      it.hi = expand(it.hi);
    }
    stmts(s.body);
    stmts(s.elseBody);
  }

  // `e` of predicate `p`'s body with every field of p's class it names qualified
  // (`this.f`); a name that is neither a parameter, a binder around it nor a field
  // is a type error (it would mean whatever that name means at each use).
  ExprPtr closeBody(const ir::Method &p, const ExprPtr &e, std::vector<std::string> bound) {
    if (!e)
      return e;
    if (e->kind == ExprKind::Var) {
      const std::string &n = e->name;
      if (n.rfind("this.", 0) == 0 || std::find(bound.begin(), bound.end(), n) != bound.end())
        return e;
      for (const ir::Param &q : p.params)
        if (q.name == n)
          return e;
      for (const ir::Field &f : p_.fields)
        if (!p.className.empty() && f.className == p.className && f.name == n) {
          ExprPtr q = std::make_shared<Expr>(*e);
          q->name = "this." + n;
          return q;
        }
      diags_.error(DiagCode::Type, e->range,
                   "unknown identifier '" + n + "' in the body of resource predicate '" + p.name +
                       "' (a predicate's body sees its parameters" +
                       (p.className.empty() ? std::string(")")
                                            : " and the fields of class " + p.className + ")"));
      return e;
    }
    for (const ir::Binder &b : e->binders)
      bound.push_back(b.name);
    std::vector<ExprPtr> args;
    bool changed = false;
    for (const ExprPtr &a : e->args) {
      args.push_back(closeBody(p, a, bound));
      changed = changed || args.back() != a;
    }
    if (!changed)
      return e;
    ExprPtr out = std::make_shared<Expr>(*e);
    out->args = std::move(args);
    return out;
  }

  ExprPtr expand(const ExprPtr &e) {
    std::vector<std::string> stack;
    return expand(e, stack, cls_);
  }

  // The predicate a use inside class `cls` ("" at top level) names: the class's
  // own, else a top-level one.
  const ir::Method *lookup(const std::string &name, const std::string &cls) const {
    auto it = byName_.find({cls, name});
    if (it == byName_.end() && !cls.empty())
      it = byName_.find({std::string(), name});
    return it == byName_.end() ? nullptr : it->second;
  }

  // `stack`: the predicates being expanded around e (a predicate met again reaches
  // itself); `cls`: the class e is written in.
  ExprPtr expand(const ExprPtr &e, std::vector<std::string> &stack, const std::string &cls) {
    if (!e)
      return e;
    ExprPtr out = e;
    std::vector<ExprPtr> args;
    bool changed = false;
    for (const ExprPtr &a : e->args) {
      args.push_back(expand(a, stack, cls));
      changed = changed || args.back() != a;
    }
    if (changed) {
      out = std::make_shared<Expr>(*e);
      out->args = std::move(args);
    }
    if (out->kind != ExprKind::Call)
      return out;
    const ir::Method *found = lookup(out->name, cls);
    if (!found)
      return out;
    const ir::Method &p = *found;
    const std::string key = p.className + "." + p.name;
    if (std::find(stack.begin(), stack.end(), key) != stack.end()) {
      if (recursive_.insert(key).second)
        diags_.error(DiagCode::Unsupported, p.nameRange,
                     "unsupported: recursive resource predicate '" + p.name +
                         "' (kprove expands a predicate into its body)");
      return ir::makeBool(true, out->range);
    }
    if (out->args.size() != p.params.size()) {
      diags_.error(DiagCode::Type, out->range,
                   "resource predicate '" + p.name + "' takes " + std::to_string(p.params.size()) +
                       " argument(s), not " + std::to_string(out->args.size()));
      return ir::makeBool(true, out->range);
    }
    // Each use is a copy of the body, and bodies that use a predicate twice double
    // at each level: past a budget of copied nodes, stop with an input error before
    // the copies exhaust memory (40 levels of `q(i) = q(i-1) && q(i-1)`).
    expandedNodes_ += nodeCount(*p.pureBody);
    if (expandedNodes_ > kMaxExpandedNodes) {
      if (!tooLarge_)
        diags_.error(DiagCode::Unsupported, out->range,
                     "unsupported: resource predicates whose uses expand to more than " +
                         std::to_string(kMaxExpandedNodes) +
                         " expression nodes (kprove expands each use into its body)");
      tooLarge_ = true;
      return ir::makeBool(true, out->range);
    }
    // Simultaneously: the parameters first become names no argument can mention.
    // A tree of its own per use: the type checker rewrites expressions in place.
    ExprPtr body = cloneExpr(p.pureBody);
    try {
      std::vector<std::string> temps;
      for (size_t i = 0; i < p.params.size(); ++i) {
        temps.push_back("$pred" + std::to_string(++fresh_) + "$" + p.params[i].name);
        body = substituteLet(p.params[i].name, ir::makeVar(temps.back(), out->range), body,
                             out->range);
      }
      for (size_t i = 0; i < temps.size(); ++i)
        body = substituteLet(temps[i], out->args[i], body, out->range);
    } catch (const ParseAbort &abort) {
      bool underOld = abort.message.find("\\old") != std::string::npos;
      diags_.error(DiagCode::Unsupported, out->range,
                   "unsupported: an argument of resource predicate '" + p.name +
                       (underOld ? "' for a parameter its body reads inside \\old"
                                 : "' that a quantifier in its body binds a variable of"));
      return ir::makeBool(true, out->range);
    }
    stack.push_back(key);
    body = expand(body, stack, p.className);
    stack.pop_back();
    return body;
  }

  static size_t nodeCount(const Expr &e) {
    size_t n = 1;
    for (const ExprPtr &a : e.args)
      if (a)
        n += nodeCount(*a);
    return n;
  }

  static constexpr size_t kMaxExpandedNodes = 1'000'000;
  size_t expandedNodes_ = 0;
  bool tooLarge_ = false;
  ir::Program &p_;
  DiagnosticEngine &diags_;
  std::vector<ir::Method> predicates_;
  std::map<std::pair<std::string, std::string>, const ir::Method *> byName_; // (class, name)
  std::string cls_; // the class of the method being expanded
  std::set<std::string> recursive_;
  unsigned fresh_ = 0;
};

} // namespace

void expandResourcePredicates(ir::Program &p, DiagnosticEngine &diags) {
  PredicateExpander(p, diags).run();
}

} // namespace kprove::lang::pvl
