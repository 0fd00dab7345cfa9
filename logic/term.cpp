#include "logic/term.h"

#include <set>

#include <sstream>

namespace kprove::term {

std::string sortName(Sort s) {
  switch (s.kind()) {
  case SortKind::Bool:
    return "Bool";
  case SortKind::Int:
    return "Int";
  case SortKind::Real:
    return "Real";
  case SortKind::Ref:
    return "Ref";
  case SortKind::Heap:
    return "Heap";
  case SortKind::Mask:
    return "Mask";
  case SortKind::Seq:
    return "(Seq " + sortName(s.element()) + ")";
  }
  return "?";
}

namespace {
T make(Op op, Sort sort, std::vector<T> args = {}) {
  auto t = std::make_shared<Term>();
  t->op = op;
  t->sort = sort;
  t->args = std::move(args);
  return t;
}
bool isInt(const T &t, int64_t &v) {
  if (t->op != Op::IntConst)
    return false;
  v = t->num;
  return true;
}
// Arithmetic on literals folds only when it cannot overflow.
bool safeAdd(int64_t a, int64_t b, int64_t &r) {
  return !__builtin_add_overflow(a, b, &r);
}
bool safeSub(int64_t a, int64_t b, int64_t &r) {
  return !__builtin_sub_overflow(a, b, &r);
}
bool safeMul(int64_t a, int64_t b, int64_t &r) {
  return !__builtin_mul_overflow(a, b, &r);
}
bool asRational(const T &t, __int128 &n, __int128 &d) {
  if (t->op == Op::IntConst || t->op == Op::RealConst) {
    n = t->num;
    d = t->op == Op::RealConst ? t->den : 1;
    return true;
  }
  return false;
}
__int128 gcd128(__int128 a, __int128 b) {
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b != 0) {
    __int128 t = a % b;
    a = b;
    b = t;
  }
  return a == 0 ? 1 : a;
}
// Folds exact rational arithmetic on literals when the result fits int64.
T foldRational(char op, const T &a, const T &b) {
  __int128 an, ad, bn, bd;
  if (!(a->sort == Sort::Real || b->sort == Sort::Real) || !asRational(a, an, ad) ||
      !asRational(b, bn, bd))
    return nullptr;
  __int128 n, d;
  switch (op) {
  case '+':
    n = an * bd + bn * ad;
    d = ad * bd;
    break;
  case '-':
    n = an * bd - bn * ad;
    d = ad * bd;
    break;
  case '*':
    n = an * bn;
    d = ad * bd;
    break;
  case '/':
    if (bn == 0)
      return nullptr;
    n = an * bd;
    d = ad * bn;
    break;
  default:
    return nullptr;
  }
  if (d < 0) {
    n = -n;
    d = -d;
  }
  __int128 g = gcd128(n, d);
  n /= g;
  d /= g;
  if (n > INT64_MAX || n < INT64_MIN || d > INT64_MAX)
    return nullptr;
  return realConst(static_cast<int64_t>(n), static_cast<int64_t>(d));
}
// Compares rational literals: -1, 0, 1; 2 when not both literals.
int compareRational(const T &a, const T &b) {
  __int128 an, ad, bn, bd;
  if (!asRational(a, an, ad) || !asRational(b, bn, bd))
    return 2;
  __int128 l = an * bd, r = bn * ad;
  return l < r ? -1 : (l > r ? 1 : 0);
}
Sort arithSort(const T &a, const T &b) {
  return (a->sort == Sort::Real || b->sort == Sort::Real) ? Sort::Real : Sort::Int;
}
// Mixed Int/Real arithmetic is lifted to Real explicitly (SMT-LIB has no implicit casts).
void unify(T &a, T &b) {
  if (a->sort == Sort::Real && b->sort == Sort::Int)
    b = toReal(b);
  if (b->sort == Sort::Real && a->sort == Sort::Int)
    a = toReal(a);
}
} // namespace

T tru() {
  static const T t = make(Op::True, Sort::Bool); // immutable, shared
  return t;
}
T fls() {
  static const T t = make(Op::False, Sort::Bool);
  return t;
}
T boolConst(bool b) {
  return b ? tru() : fls();
}
T intConst(int64_t v) {
  auto t = std::make_shared<Term>();
  t->op = Op::IntConst;
  t->sort = Sort::Int;
  t->num = v;
  return t;
}
T realConst(int64_t num, int64_t den) {
  auto t = std::make_shared<Term>();
  t->op = Op::RealConst;
  t->sort = Sort::Real;
  if (den < 0) {
    num = -num;
    den = -den;
  }
  t->num = num;
  t->den = den;
  return t;
}
T var(std::string name, Sort s) {
  auto t = std::make_shared<Term>();
  t->op = Op::Var;
  t->sort = s;
  t->name = std::move(name);
  return t;
}
T app(std::string name, Sort result, std::vector<T> args) {
  auto t = std::make_shared<Term>();
  t->op = Op::App;
  t->sort = result;
  t->name = std::move(name);
  t->args = std::move(args);
  return t;
}
bool isTrue(const T &t) {
  return t->op == Op::True;
}
bool isFalse(const T &t) {
  return t->op == Op::False;
}

T lnot(T a) {
  if (isTrue(a))
    return fls();
  if (isFalse(a))
    return tru();
  if (a->op == Op::Not)
    return a->args[0];
  return make(Op::Not, Sort::Bool, {a});
}
T land(T a, T b) {
  if (isTrue(a) || isFalse(b))
    return b;
  if (isTrue(b) || isFalse(a))
    return a;
  return make(Op::And, Sort::Bool, {a, b});
}
T land(const std::vector<T> &xs) {
  T r = tru();
  for (const T &x : xs)
    r = land(r, x);
  return r;
}
T lor(T a, T b) {
  if (isFalse(a) || isTrue(b))
    return b;
  if (isFalse(b) || isTrue(a))
    return a;
  return make(Op::Or, Sort::Bool, {a, b});
}
T implies(T a, T b) {
  if (isTrue(a))
    return b;
  if (isFalse(a) || isTrue(b))
    return tru();
  return make(Op::Implies, Sort::Bool, {a, b});
}
T ite(T c, T a, T b) {
  if (isTrue(c))
    return a;
  if (isFalse(c))
    return b;
  if (a == b)
    return a;
  unify(a, b);
  return make(Op::Ite, a->sort, {c, a, b});
}
T eq(T a, T b) {
  if (a == b)
    return tru();
  if (int c = compareRational(a, b); c != 2)
    return boolConst(c == 0);
  int64_t x, y;
  if (isInt(a, x) && isInt(b, y))
    return boolConst(x == y);
  unify(a, b);
  return make(Op::Eq, Sort::Bool, {a, b});
}
T neq(T a, T b) {
  return lnot(eq(std::move(a), std::move(b)));
}
T lt(T a, T b) {
  if (int c = compareRational(a, b); c != 2)
    return boolConst(c < 0);
  int64_t x, y;
  if (isInt(a, x) && isInt(b, y))
    return boolConst(x < y);
  unify(a, b);
  return make(Op::Lt, Sort::Bool, {a, b});
}
T le(T a, T b) {
  if (int c = compareRational(a, b); c != 2)
    return boolConst(c <= 0);
  int64_t x, y;
  if (isInt(a, x) && isInt(b, y))
    return boolConst(x <= y);
  unify(a, b);
  return make(Op::Le, Sort::Bool, {a, b});
}
T gt(T a, T b) {
  return lt(std::move(b), std::move(a));
}
T ge(T a, T b) {
  return le(std::move(b), std::move(a));
}
T add(T a, T b) {
  if (T r = foldRational('+', a, b))
    return r;
  int64_t x, y, r;
  if (isInt(a, x) && isInt(b, y) && safeAdd(x, y, r))
    return intConst(r);
  if (isInt(b, y) && y == 0 && a->sort == Sort::Int)
    return a;
  Sort s = arithSort(a, b);
  unify(a, b);
  return make(Op::Add, s, {a, b});
}
T sub(T a, T b) {
  if (T r = foldRational('-', a, b))
    return r;
  int64_t x, y, r;
  if (isInt(a, x) && isInt(b, y) && safeSub(x, y, r))
    return intConst(r);
  if (isInt(b, y) && y == 0 && a->sort == Sort::Int)
    return a;
  Sort s = arithSort(a, b);
  unify(a, b);
  return make(Op::Sub, s, {a, b});
}
T mul(T a, T b) {
  if (T r = foldRational('*', a, b))
    return r;
  int64_t x, y, r;
  if (isInt(a, x) && isInt(b, y) && safeMul(x, y, r))
    return intConst(r);
  if (isInt(a, x) && x == 1 && b->sort == Sort::Int)
    return b;
  if (isInt(b, y) && y == 1 && a->sort == Sort::Int)
    return a;
  Sort s = arithSort(a, b);
  unify(a, b);
  return make(Op::Mul, s, {a, b});
}
T div(T a, T b) {
  if (T r = foldRational('/', a, b))
    return r;
  // Int: Euclidean division (SMT-LIB div); Real: exact division.
  Sort s = arithSort(a, b);
  unify(a, b);
  return make(Op::Div, s, {a, b});
}
T mod(T a, T b) {
  return make(Op::Mod, Sort::Int, {a, b});
}
T neg(T a) {
  int64_t x;
  if (isInt(a, x) && x != INT64_MIN)
    return intConst(-x);
  return make(Op::Neg, a->sort, {a});
}
T toReal(T a) {
  if (a->sort == Sort::Real)
    return a;
  if (a->op == Op::IntConst)
    return realConst(a->num, 1);
  return make(Op::ToReal, Sort::Real, {a});
}
T select(T map, T ref, T index) {
  Sort s = map->sort == Sort::Heap ? Sort::Int : Sort::Real;
  return make(Op::Select, s, {map, ref, index});
}
T store(T map, T ref, T index, T value) {
  if (map->sort == Sort::Mask)
    value = toReal(value);
  Sort s = map->sort;
  return make(Op::Store, s, {map, ref, index, value});
}
// Lengths and elements of the sequences built by ++, unit and extract are folded
// into those of their parts (exact wherever the element exists and the extract's
// bounds hold, which vcgen checks before using either): the solver then sees
// `nth(r, j)` where the program built `r ++ [x]`, the term a quantified invariant
// over r is triggered by, instead of leaving the link to its sequence theory
// (measured: a loop appending to a sequence timed out at 10 s without this).
T seqLen(T s) {
  switch (s->op) {
  case Op::SeqEmpty:
    return intConst(0);
  case Op::SeqUnit:
    return intConst(1);
  case Op::SeqConcat:
    return add(seqLen(s->args[0]), seqLen(s->args[1]));
  case Op::SeqExtract:
    return s->args[2];
  default:
    return make(Op::SeqLen, Sort::Int, {std::move(s)});
  }
}
T seqNth(T s, T i) {
  Sort e = s->sort.element();
  switch (s->op) {
  case Op::SeqConcat: {
    T left = seqLen(s->args[0]);
    return ite(lt(i, left), seqNth(s->args[0], i), seqNth(s->args[1], sub(i, left)));
  }
  case Op::SeqUnit:
    if (i->op == Op::IntConst)
      return i->num == 0 ? s->args[0] : make(Op::SeqNth, e, {std::move(s), std::move(i)});
    return ite(eq(i, intConst(0)), s->args[0], make(Op::SeqNth, e, {s, i}));
  case Op::SeqExtract:
    return seqNth(s->args[0], add(s->args[1], i));
  default:
    break;
  }
  return make(Op::SeqNth, e, {std::move(s), std::move(i)});
}
T seqConcat(T a, T b) {
  if (a->op == Op::SeqEmpty)
    return b;
  if (b->op == Op::SeqEmpty)
    return a;
  Sort s = a->sort;
  return make(Op::SeqConcat, s, {std::move(a), std::move(b)});
}
T seqUnit(T x) {
  Sort s = Sort::seqOf(x->sort);
  return make(Op::SeqUnit, s, {std::move(x)});
}
T seqEmpty(Sort seqSort) { return make(Op::SeqEmpty, seqSort); }
T seqExtract(T s, T offset, T length) {
  Sort r = s->sort;
  return make(Op::SeqExtract, r, {std::move(s), std::move(offset), std::move(length)});
}
T forall(std::vector<BoundVar> vars, T body, std::vector<std::vector<T>> patterns) {
  if (vars.empty() || isTrue(body))
    return body;
  auto t = std::make_shared<Term>();
  t->op = Op::Forall;
  t->sort = Sort::Bool;
  t->args = {body};
  t->bound = std::move(vars);
  t->patterns = std::move(patterns);
  return t;
}
T exists(std::vector<BoundVar> vars, T body, std::vector<std::vector<T>> patterns) {
  if (vars.empty() || isFalse(body))
    return body;
  auto t = std::make_shared<Term>();
  t->op = Op::Exists;
  t->sort = Sort::Bool;
  t->args = {body};
  t->bound = std::move(vars);
  t->patterns = std::move(patterns);
  return t;
}

T substitute(const T &t, const std::vector<std::pair<std::string, T>> &map) {
  if (t->op == Op::Var) {
    for (const auto &[n, v] : map)
      if (n == t->name)
        return v;
    return t;
  }
  if (t->args.empty())
    return t;
  std::vector<std::pair<std::string, T>> inner;
  const auto *m = &map;
  if (t->op == Op::Forall || t->op == Op::Exists) {
    // Binders shadow: drop substitutions for names bound here.
    for (const auto &p : map) {
      bool shadowed = false;
      for (const BoundVar &b : t->bound)
        shadowed = shadowed || b.name == p.first;
      if (!shadowed)
        inner.push_back(p);
    }
    m = &inner;
  }
  bool changed = false;
  std::vector<T> args;
  for (const T &a : t->args) {
    args.push_back(substitute(a, *m));
    changed = changed || args.back() != a;
  }
  std::vector<std::vector<T>> pats;
  for (const auto &p : t->patterns) {
    std::vector<T> q;
    for (const T &x : p) {
      q.push_back(substitute(x, *m));
      changed = changed || q.back() != x;
    }
    pats.push_back(std::move(q));
  }
  if (!changed)
    return t;
  auto r = std::make_shared<Term>(*t);
  r->args = std::move(args);
  r->patterns = std::move(pats);
  return r;
}

bool mentions(const T &t, const std::string &name) {
  if ((t->op == Op::Var) && t->name == name)
    return true;
  for (const T &a : t->args)
    if (mentions(a, name))
      return true;
  return false;
}

namespace {
// Free variables under `bound`; subterms met outside every binder (where the
// answer does not depend on `bound`) are visited once.
void collectFree(const T &t, std::set<std::string> &bound, std::set<const Term *> &seen,
                 std::map<std::string, Sort> &out) {
  if (!t)
    return;
  if (bound.empty() && !seen.insert(t.get()).second)
    return;
  if (t->op == Op::Var) {
    if (!bound.count(t->name))
      out.emplace(t->name, t->sort);
    return;
  }
  std::vector<std::string> added;
  for (const BoundVar &b : t->bound)
    if (bound.insert(b.name).second)
      added.push_back(b.name);
  for (const T &a : t->args)
    collectFree(a, bound, seen, out);
  for (const auto &pattern : t->patterns)
    for (const T &p : pattern)
      collectFree(p, bound, seen, out);
  for (const std::string &n : added)
    bound.erase(n);
}
} // namespace

std::map<std::string, Sort> freeVariables(const std::vector<T> &ts) {
  std::map<std::string, Sort> out;
  std::set<std::string> bound;
  std::set<const Term *> seen;
  for (const T &t : ts)
    collectFree(t, bound, seen, out);
  return out;
}

namespace {
const char *opName(Op op) {
  switch (op) {
  case Op::Not:
    return "not";
  case Op::And:
    return "and";
  case Op::Or:
    return "or";
  case Op::Implies:
    return "=>";
  case Op::Ite:
    return "ite";
  case Op::Eq:
    return "=";
  case Op::Lt:
    return "<";
  case Op::Le:
    return "<=";
  case Op::Add:
    return "+";
  case Op::Sub:
    return "-";
  case Op::Mul:
    return "*";
  case Op::Div:
    return "div";
  case Op::Mod:
    return "mod";
  case Op::Neg:
    return "-";
  case Op::ToReal:
    return "to_real";
  case Op::Select:
    return "select";
  case Op::Store:
    return "store";
  case Op::SeqLen:
    return "seq.len";
  case Op::SeqNth:
    return "seq.nth";
  case Op::SeqConcat:
    return "seq.++";
  case Op::SeqUnit:
    return "seq.unit";
  case Op::SeqExtract:
    return "seq.extract";
  default:
    return "?";
  }
}
void print(const T &t, std::ostream &os) {
  switch (t->op) {
  case Op::True:
    os << "true";
    return;
  case Op::False:
    os << "false";
    return;
  case Op::IntConst:
    os << t->num;
    return;
  case Op::RealConst:
    os << "(/ " << t->num << " " << t->den << ")";
    return;
  case Op::Var:
    os << t->name;
    return;
  case Op::SeqEmpty:
    os << "(as seq.empty " << sortName(t->sort) << ")";
    return;
  case Op::Forall:
  case Op::Exists:
    os << (t->op == Op::Forall ? "(forall (" : "(exists (");
    for (const BoundVar &b : t->bound)
      os << "(" << b.name << " " << sortName(b.sort) << ")";
    os << ") ";
    print(t->args[0], os);
    os << ")";
    return;
  default:
    break;
  }
  os << "(" << (t->op == Op::App ? t->name.c_str() : opName(t->op));
  for (const T &a : t->args) {
    os << " ";
    print(a, os);
  }
  os << ")";
}
} // namespace

std::string toString(const T &t) {
  std::ostringstream os;
  print(t, os);
  return os.str();
}

} // namespace kprove::term
