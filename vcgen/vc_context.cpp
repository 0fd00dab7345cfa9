#include "vcgen/vc_context.h"

#include <algorithm>

#include "vcgen/int_model.h"

#include "vcgen/arith_lemmas.h"

#include <fmt/format.h>

namespace kprove::vcgen {

std::string VcContext::spelling(const ir::Expr &e) const {
  const SourceRange &r = e.range;
  if (r.valid() && r.end.file == r.begin.file && r.end.offset > r.begin.offset &&
      r.end.offset - r.begin.offset <= 160) {
    std::string_view file = diags_.sources().text(r.begin.file);
    if (r.end.offset <= file.size()) {
      std::string_view text = file.substr(r.begin.offset, r.end.offset - r.begin.offset);
      // Only an expression's own text: no statement or declaration around it
      // (an assignment's range covers `a[i] += 1`), no comment, one line.
      bool plain = text.find_first_of(";\n{}") == std::string_view::npos &&
                   text.find("//") == std::string_view::npos &&
                   text.find("/*") == std::string_view::npos;
      for (size_t k = 0; plain && k < text.size(); ++k)
        if (text[k] == '=') {
          bool compare =
              (k > 0 && std::string_view("=<>!").find(text[k - 1]) != std::string_view::npos) ||
              (k + 1 < text.size() && text[k + 1] == '=');
          plain = compare;
        }
      if (plain)
        return std::string(text);
    }
  }
  return ir::toString(e);
}

void VcContext::bindFields(State &st, const std::string &className) const {
  using namespace term;
  std::vector<T> refs;
  for (const ir::Field &f : program_.fields) {
    if (f.className != className)
      continue;
    std::string name = ir::fieldArrayName(f.className, f.name);
    T ref = var("field$" + name, Sort::Ref);
    st.vars[name] = ref;
    st.assume(neq(ref, nullRef()));
    st.assume(eq(lengthOf(ref), intConst(1)));
    for (const T &other : refs)
      st.assume(neq(ref, other));
    refs.push_back(ref);
  }
}

uint32_t VcContext::lineOf(SourceRange r) const {
  return r.valid() ? diags_.sources().lineCol(r.begin).line : 0;
}

VcContext::VcContext(const ir::Program &program, DiagnosticEngine &diags)
    : program_(program), diags_(diags) {
  // `read` is one fixed but unknown fraction strictly between none and write.
  term::T read = readPermission();
  axioms.push_back({"$builtin", term::land(term::lt(term::realConst(0, 1), read),
                                           term::lt(read, term::realConst(1, 1)))});
}

term::T readPermission() {
  return term::var("read$perm", term::Sort::Real);
}

std::string VcContext::fresh(const std::string &base) {
  const char *tag = separateNames_ ? "v" : "";
  unsigned n = counters_[base + "@" + tag]++;
  std::string name = base + "@" + tag + std::to_string(n);
  if (freshLog)
    freshLog->push_back(name);
  return name;
}

term::T VcContext::zeroMask(State &st) {
  term::T m = freshVar("mask", term::Sort::Mask);
  term::T r = term::var("r$", term::Sort::Ref), i = term::var("i$", term::Sort::Int);
  term::T sel = term::select(m, r, i);
  st.assume(term::forall({{"r$", term::Sort::Ref}, {"i$", term::Sort::Int}},
                         term::eq(sel, term::realConst(0, 1)), {{sel}}));
  return m;
}

term::T VcContext::nameMask(State &st, const term::T &m) {
  if (m->op == term::Op::Var)
    return m;
  term::T v = freshVar("mask", term::Sort::Mask);
  st.assume(term::eq(v, m));
  return v;
}

void VcContext::check(State &st, const std::vector<term::T> &guards, const term::T &goal,
                      DiagCode code, SourceRange range, std::string message,
                      std::vector<DiagNote> notes, std::vector<WitnessItem> extra) {
  if (st.dead || quiet)
    return;
  term::T g = term::implies(term::land(guards), goal);
  if (term::isTrue(g))
    return;
  // Every obligation carries its path condition: a program with n reads on one
  // path makes O(n^2) assumptions. Past a budget, stop with an input error rather
  // than exhausting memory (never a proof: the verdict is invalid).
  if (budgetExceeded_)
    return;
  std::vector<term::T> pc = st.allFacts();
  size_t facts = axioms.size() + pc.size();
  if (totalAssumptions_ + facts > kMaxTotalAssumptions) {
    diags_.error(DiagCode::Unsupported, range,
                 fmt::format("unsupported: a program this large (the proof obligations up to "
                             "here carry more than {} assumptions); split the function or "
                             "the expression",
                             kMaxTotalAssumptions));
    budgetExceeded_ = true;
    return;
  }
  totalAssumptions_ += facts;
  Obligation ob{code,          range, std::move(message), std::move(notes), {}, {},
                currentKernel, {},    currentUnit, currentCandidate};
  if (!currentKernel.empty())
    ob.replayInputs = replayInputsOf(st, extra);
  // The query asks for the instance; the state assumes the goal itself.
  const term::T checked = g;
  std::vector<term::T> instance;
  g = instantiateGoal(g, instance);
  ob.witness = witnessOf(st, g, std::move(extra), instance);
  // The cells the witness shows ("a[{0}] = {1}") as initial contents of a run:
  // "cell:a#k:i" and "cell:a#k:v".
  if (!currentKernel.empty())
    for (size_t k = 0; k < ob.witness.size(); ++k) {
      const WitnessItem &w = ob.witness[k];
      if (w.cellOf.empty())
        continue;
      std::string cell = "cell:" + w.cellOf + "#" + std::to_string(k);
      ob.replayInputs.push_back({cell + ":i", w.values[0]});
      ob.replayInputs.push_back({cell + ":v", w.values[1]});
    }
  for (const WitnessItem &w : ob.witness)
    ob.query.witness.insert(ob.query.witness.end(), w.values.begin(), w.values.end());
  for (const ReplayInput &in : ob.replayInputs)
    ob.query.witness.push_back(in.value);
  for (const Axiom &a : axioms)
    if (a.owner != excludedOwner)
      ob.query.assumptions.push_back(a.fact);
  for (term::T &f : pc)
    ob.query.assumptions.push_back(std::move(f));
  for (const term::T &l : decompositionLemmas(g))
    ob.query.assumptions.push_back(l);
  for (const term::T &l : residueLemmas(g, ob.query.assumptions, factIndex_))
    ob.query.assumptions.push_back(l);
  for (const term::T &l : powerOfTwoLemmas(g, ob.query.assumptions, factIndex_))
    ob.query.assumptions.push_back(l);
  for (const term::T &l : productLemmas(g, ob.query.assumptions, factIndex_))
    ob.query.assumptions.push_back(l);
  ob.query.goal = g;
  obligations.push_back(std::move(ob));
  // Checked, hence known from here on (a failure is reported, so no unsound use).
  st.assume(checked);
}

std::string VcContext::displayName(const std::string &name) const {
  std::string base = name.substr(0, name.find('@'));
  for (const auto &[reserved, shown] : reservedNames)
    if (reserved == base)
      return shown;
  if (base.empty() || base.find_first_of("$\\") != std::string::npos)
    return "";
  return ir::sourceName(base); // a shadowing local "i#2" is the user's i
}

namespace {
constexpr size_t kMaxWitnessItems = 16;

bool isLiteral(const term::T &t) {
  switch (t->op) {
  case term::Op::True:
  case term::Op::False:
  case term::Op::IntConst:
  case term::Op::RealConst:
    return true;
  default:
    return false;
  }
}

// The heap cells, permissions and lengths `t` reads outside quantifiers (inside,
// their indices name bound variables, which have no value in a model).
void collectReads(const term::T &t, std::vector<term::T> &out, std::set<const term::Term *> &seen) {
  if (t->op == term::Op::Forall || t->op == term::Op::Exists || !seen.insert(t.get()).second)
    return;
  if ((t->op == term::Op::Select && t->args[1]->op == term::Op::Var) ||
      (t->op == term::Op::App && t->name == "len" && t->args[0]->op == term::Op::Var))
    out.push_back(t);
  for (const term::T &a : t->args)
    collectReads(a, out, seen);
}
} // namespace

term::T VcContext::instantiateGoal(const term::T &goal, std::vector<term::T> &instance) {
  switch (goal->op) {
  case term::Op::Forall: {
    std::vector<std::pair<std::string, term::T>> sub;
    for (const term::BoundVar &b : goal->bound) {
      // A binder "i@3$b" becomes the constant "i@7", shown as i.
      term::T k = freshVar(b.name.substr(0, b.name.find_first_of("@$")), b.sort);
      instance.push_back(k);
      sub.emplace_back(b.name, k);
    }
    return instantiateGoal(term::substitute(goal->args[0], sub), instance);
  }
  case term::Op::Implies:
    return term::implies(goal->args[0], instantiateGoal(goal->args[1], instance));
  case term::Op::And: {
    std::vector<term::T> parts;
    for (const term::T &a : goal->args)
      parts.push_back(instantiateGoal(a, instance));
    return term::land(parts);
  }
  default:
    return goal;
  }
}

// What a concrete run needs: the thread ids and launch sizes (reserved names), the
// initial scalar variables (parameters) and the lengths of the initial arrays, and
// the second instance's ids of a two-instance check ("X = {0} and {1}" items).
std::vector<ReplayInput> VcContext::replayInputsOf(const State &st,
                                                   const std::vector<WitnessItem> &extra) const {
  std::vector<ReplayInput> out;
  std::set<std::string> named;
  for (const auto &[reserved, label] : reservedNames)
    if (auto it = st.vars.find(reserved);
        it != st.vars.end() && !st.quantified.count(reserved) && named.insert(reserved).second)
      out.push_back({reserved, it->second});
  for (const auto &[name, v] : st.oldVars) {
    if (name.find('@') != std::string::npos || !named.insert(name).second)
      continue;
    if (v->sort == term::Sort::Int || v->sort == term::Sort::Bool)
      out.push_back({name, v});
    else if (v->sort == term::Sort::Ref)
      out.push_back({"len:" + name, lengthOf(v)});
  }
  for (const WitnessItem &w : extra) {
    const std::string tail = " = {0} and {1}";
    if (w.values.size() != 2 || w.format.size() < tail.size() ||
        w.format.compare(w.format.size() - tail.size(), tail.size(), tail) != 0 ||
        w.values[0]->op != term::Op::Var)
      continue;
    std::string base = w.values[0]->name.substr(0, w.values[0]->name.find('@'));
    out.push_back({base, w.values[0]});
    out.push_back({"2:" + base, w.values[1]});
  }
  return out;
}

std::vector<WitnessItem> VcContext::witnessOf(const State &st, const term::T &goal,
                                              std::vector<WitnessItem> extra,
                                              const std::vector<term::T> &instance) const {
  std::vector<WitnessItem> out;
  std::set<const term::Term *> shown;
  for (WitnessItem &w : extra) {
    for (const term::T &v : w.values)
      shown.insert(v.get());
    out.push_back(std::move(w));
  }
  auto addVar = [&](const std::string &label, const term::T &v) {
    if (out.size() >= kMaxWitnessItems || label.empty() || isLiteral(v) ||
        v->sort == term::Sort::Ref || v->sort == term::Sort::Heap || v->sort == term::Sort::Mask ||
        !shown.insert(v.get()).second)
      return;
    if (v->sort.kind() == term::SortKind::Seq) { // a sequence by its length
      out.push_back({"|" + label + "| = {0}", {term::seqLen(v)}});
      return;
    }
    out.push_back({label + " = {0}", {v}});
  };
  // Thread ids and launch sizes first, then the user's variables; not the ids an
  // enclosing quantifier binds (a check over all threads: `get_local_id(0) = -1`
  // would name no thread).
  for (const auto &[reserved, label] : reservedNames)
    if (auto it = st.vars.find(reserved); it != st.vars.end() && !st.quantified.count(reserved))
      addVar(label, it->second);
  // The failing instance of a quantified goal; "(bound)" when a variable of the
  // program has the same name (a loop's j and the postcondition's \forall j).
  for (const term::T &k : instance) {
    std::string label = displayName(k->name);
    bool clash = std::any_of(st.vars.begin(), st.vars.end(), [&](const auto &v) {
      return v.second->sort != term::Sort::Ref && displayName(v.first) == label;
    });
    addVar(clash && !label.empty() ? label + " (bound)" : label, k);
  }
  for (const auto &[name, v] : st.vars)
    if (!st.quantified.count(name))
      addVar(displayName(name), v); // reserved ones were added above (same terms)
  // Arrays by reference, for the cells the goal reads.
  std::map<const term::Term *, std::string> arrays;
  std::map<std::string, std::string> arrayByVarName;
  for (const auto &[name, v] : st.vars)
    if (std::string shown = displayName(name); v->sort == term::Sort::Ref && !shown.empty()) {
      arrays.emplace(v.get(), shown);
      if (v->op == term::Op::Var)
        arrayByVarName.emplace(v->name, shown);
    }
  auto arrayName = [&](const term::T &ref) -> std::string {
    if (auto it = arrays.find(ref.get()); it != arrays.end())
      return it->second;
    if (auto it = arrayByVarName.find(ref->name); it != arrayByVarName.end())
      return it->second;
    return "";
  };
  std::vector<term::T> reads;
  std::set<const term::Term *> visited;
  collectReads(goal, reads, visited);
  for (const term::T &r : reads) {
    if (out.size() >= kMaxWitnessItems)
      break;
    if (r->op == term::Op::App) {
      std::string a = arrayName(r->args[0]);
      if (!a.empty())
        out.push_back({"length of " + a + " = {0}", {r}});
      continue;
    }
    // The current state's cells and permissions only (the goal may also name
    // earlier masks and heaps: a value before an update, an exhale's start).
    std::string a = arrayName(r->args[1]);
    if (a.empty() || (r->args[0] != st.mask && r->args[0] != st.heap))
      continue;
    if (r->sort == term::Sort::Real)
      out.push_back({"permission held to " + a + "[{0}] = {1}", {r->args[2], r}});
    else
      out.push_back({a + "[{0}] = {1}", {r->args[2], r}, a});
  }
  return out;
}

void VcContext::unsupported(SourceRange range, std::string message) {
  if (quiet)
    return; // reported by the real run
  diags_.error(DiagCode::Unsupported, range, std::move(message));
}
void VcContext::typeError(SourceRange range, std::string message) {
  if (quiet)
    return;
  diags_.error(DiagCode::Type, range, std::move(message));
}

const ir::Method *VcContext::findMethod(const std::string &name) const {
  for (const ir::Method &m : program_.methods)
    if (m.name == name)
      return &m;
  return nullptr;
}

term::T lengthOf(const term::T &ref) {
  return term::app("len", term::Sort::Int, {ref});
}
term::T rowOf(const term::T &matrix, const term::T &i) {
  return term::app("row", term::Sort::Ref, {matrix, i});
}
term::T rowIndex(const term::T &matrix, const term::T &row) {
  return term::app("rowidx", term::Sort::Int, {matrix, row});
}
term::T nullRef() {
  return term::var("null", term::Sort::Ref);
}

term::Sort sortOf(ir::Type t) {
  if (t.isSeq())
    return term::Sort::seqOf(sortOf(t.element()));
  switch (t) {
  case ir::Type::Bool:
  case ir::Type::Resource:
    return term::Sort::Bool;
  case ir::Type::Frac:
    return term::Sort::Real;
  case ir::Type::IntArray:
  case ir::Type::IntMatrix:
    return term::Sort::Ref;
  default:
    return term::Sort::Int;
  }
}

term::T VcContext::mayBeAtomic(const term::T &ref) const {
  term::T any = term::fls();
  for (const AtomicArray &a : atomicArrays)
    any = term::lor(any, term::eq(ref, a.ref));
  return any;
}

std::vector<term::T> VcContext::atomicRefs() const {
  std::vector<term::T> out;
  for (const AtomicArray &a : atomicArrays)
    out.push_back(a.ref);
  return out;
}

} // namespace kprove::vcgen

namespace kprove::vcgen {

void VcContext::defineIntFunction(const std::string &name, const std::vector<term::BoundVar> &vars,
                                  const term::T &definition) {
  if (!intFunctions_.insert(name).second)
    return;
  std::vector<term::T> args;
  for (const term::BoundVar &v : vars)
    args.push_back(term::var(v.name, v.sort));
  term::T call = term::app(name, term::Sort::Int, args);
  axioms.push_back({"$int", term::forall(vars, term::eq(call, definition), {{call}})});
}

void VcContext::defineIntAxiom(const std::string &name, const std::vector<term::BoundVar> &vars,
                               const term::T &call, const term::T &body) {
  if (intFunctions_.insert(name).second)
    axioms.push_back({"$int", term::forall(vars, body, {{call}})});
}

term::T VcContext::bitOperation(char op, const term::T &a, const term::T &b, ir::IntType t) {
  using namespace term;
  if (T exact = exactBitOperation(op, a, b))
    return exact;
  // One function per operation and type: an N-bit type's result is in range when
  // its operands are; the rest of the axioms hold for all integers (two's
  // complement of unbounded width), so one set serves every type.
  bool typed = bounded(t);
  std::string suffix = typed ? std::string("$") + (t.isSigned ? "i" : "u") + std::to_string(t.bits)
                             : std::string("$math");
  const std::vector<BoundVar> xy{{"x$", Sort::Int}, {"y$", Sort::Int}};
  T x = var("x$", Sort::Int), y = var("y$", Sort::Int), zero = intConst(0);
  auto rangeFact = [&](const T &r) {
    return typed ? implies(land(inRange(x, t), inRange(y, t)), inRange(r, t)) : boolConst(true);
  };
  std::string andName = "bitand" + suffix;
  T andXY = app(andName, Sort::Int, {x, y});
  // Triggered on each application, so every instance of a term (another thread's
  // `i & m` in a two-instance check, a quantifier's body) gets them. Measured
  // (docs/performance.md, "bit operations"): facts about the one power-of-two or
  // mask operand are what the GPU idioms need; the bit-level definition is not.
  defineIntAxiom(
      andName, xy, andXY,
      land({implies(lor(le(zero, x), le(zero, y)), le(zero, andXY)),
            implies(le(zero, x), le(andXY, x)), implies(le(zero, y), le(andXY, y)),
            implies(land(lt(x, zero), lt(y, zero)), lt(andXY, zero)),
            implies(isPowerOfTwo(y), lor(eq(andXY, zero), eq(andXY, y))),
            implies(isPowerOfTwo(x), lor(eq(andXY, zero), eq(andXY, x))), rangeFact(andXY)}));
  if (op == '&')
    return app(andName, Sort::Int, {a, b});
  if (op == '|') {
    std::string orName = "bitor" + suffix;
    T orXY = app(orName, Sort::Int, {x, y});
    defineIntAxiom(orName, xy, orXY, land(eq(orXY, sub(add(x, y), andXY)), rangeFact(orXY)));
    return app(orName, Sort::Int, {a, b});
  }
  std::string xorName = "bitxor" + suffix;
  T xorXY = app(xorName, Sort::Int, {x, y});
  // x ^ y == x + y - 2 * (x & y); injective in x for each y (through the
  // inverse function xorinv, which has no axiom of its own and so starts no
  // matching loop); an involution, (x ^ y) ^ y == x, triggered only where the
  // nested term already exists (up to equality): another thread p with
  // p == i ^ j meets its own p ^ j there.
  defineIntAxiom(xorName, xy, xorXY,
                 land({eq(xorXY, sub(add(x, y), mul(intConst(2), andXY))),
                       eq(app("xorinv" + suffix, Sort::Int, {xorXY, y}), x), rangeFact(xorXY)}));
  T twice = app(xorName, Sort::Int, {xorXY, y});
  defineIntAxiom(xorName + "$involution", xy, twice, eq(twice, x));
  return app(xorName, Sort::Int, {a, b});
}

term::T VcContext::maskOperation(const term::T &x, const term::T &mask, const term::T &n,
                                 ir::IntType t) {
  using namespace term;
  T both = bitOperation('&', x, mask, t);
  if (both->op != Op::App) // a literal mask: exact already
    return both;
  std::string name = "bitmask$" + both->name;
  T xv = var("x$", Sort::Int), mv = var("m$", Sort::Int), nv = var("n$", Sort::Int);
  T call = app(name, Sort::Int, {xv, mv, nv});
  defineIntAxiom(
      name, {{"x$", Sort::Int}, {"m$", Sort::Int}, {"n$", Sort::Int}}, call,
      land({eq(call, app(both->name, Sort::Int, {xv, mv})),
            implies(land(isPowerOfTwo(nv), eq(mv, sub(nv, intConst(1)))), eq(call, mod(xv, nv))),
            // C's test for a power of two, `(n & (n - 1)) == 0` with n > 0, read back:
            // clearing the lowest set bit of n leaves 0 exactly when it is the only one.
            implies(land({eq(xv, nv), eq(mv, sub(nv, intConst(1))), lt(intConst(0), nv)}),
                    eq(eq(call, intConst(0)), isPowerOfTwo(nv)))}));
  return app(name, Sort::Int, {x, mask, n});
}

term::T VcContext::wrapTo(const term::T &x, ir::IntType t) {
  if (!t.bounded() || x->op == term::Op::IntConst)
    return vcgen::wrapTo(x, t);
  std::string name = std::string("wrap$") + (t.isSigned ? "i" : "u") + std::to_string(t.bits);
  term::T v = term::var("x$", term::Sort::Int);
  defineIntFunction(name, {{"x$", term::Sort::Int}}, vcgen::wrapTo(v, t));
  return term::app(name, term::Sort::Int, {x});
}

term::T VcContext::truncDiv(const term::T &a, const term::T &b) {
  if (a->op == term::Op::IntConst && b->op == term::Op::IntConst)
    return vcgen::truncDiv(a, b);
  term::T x = term::var("a$", term::Sort::Int), y = term::var("b$", term::Sort::Int);
  defineIntFunction("tdiv", {{"a$", term::Sort::Int}, {"b$", term::Sort::Int}},
                    vcgen::truncDiv(x, y));
  return term::app("tdiv", term::Sort::Int, {a, b});
}

term::T VcContext::truncMod(const term::T &a, const term::T &b) {
  if (a->op == term::Op::IntConst && b->op == term::Op::IntConst)
    return vcgen::truncMod(a, b);
  term::T x = term::var("a$", term::Sort::Int), y = term::var("b$", term::Sort::Int);
  defineIntFunction("tmod", {{"a$", term::Sort::Int}, {"b$", term::Sort::Int}},
                    term::sub(x, term::mul(y, truncDiv(x, y))));
  return term::app("tmod", term::Sort::Int, {a, b});
}

} // namespace kprove::vcgen
