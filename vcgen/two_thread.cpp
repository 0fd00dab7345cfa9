#include "vcgen/two_thread.h"

#include <algorithm>

#include <string_view>

namespace kprove::vcgen {

using namespace term;

namespace {
constexpr std::string_view kOtherSuffix = "$other";
constexpr const char *kThisEnabled = "$enabled";

bool endsWithSuffix(const std::string &name) {
  return name.size() > kOtherSuffix.size() &&
         name.compare(name.size() - kOtherSuffix.size(), kOtherSuffix.size(), kOtherSuffix) == 0;
}
} // namespace

const char *const kNoSecondThread =
    "a GPUVerify two-thread predicate here (kprove checks them in a GPU kernel's own "
    "annotations, against a second thread of its launch)";

bool mentionsOther(const ir::Expr &e) {
  if (e.kind == ir::ExprKind::Other)
    return true;
  return std::any_of(e.args.begin(), e.args.end(),
                     [](const ir::ExprPtr &a) { return ir::containsKind(a, ir::ExprKind::Other); });
}

T thisEnabled() {
  return var(kThisEnabled, Sort::Bool);
}

bool carriesPairClaim(const ir::Stmt &s) {
  if (s.kind == ir::StmtKind::Assert)
    return s.value && mentionsOther(*s.value);
  if (s.kind == ir::StmtKind::While)
    for (const ir::Clause &c : s.clauses)
      if (c.expr && mentionsOther(*c.expr))
        return true;
  return false;
}

bool isPairPoint(const ir::Stmt &s, const ir::Program &program) {
  if (carriesPairClaim(s))
    return true;
  if (s.kind != ir::StmtKind::Call)
    return false;
  for (const ir::Method &m : program.methods)
    if (m.name == s.name)
      for (const ir::Clause &c : m.contract)
        if ((c.kind == ir::ClauseKind::Requires || c.kind == ir::ClauseKind::Context) && c.expr &&
            mentionsOther(*c.expr))
          return true;
  return false;
}

namespace {
// Each term as the second thread's, with one swap (substitute replaces
// simultaneously) for all of them.
std::vector<T> otherThreadCopies(const std::vector<T> &ts, const PairContext &pair) {
  std::vector<std::pair<std::string, T>> swap;
  for (const auto &[name, sort] : freeVariables(ts)) {
    if (endsWithSuffix(name))
      swap.emplace_back(name, var(name.substr(0, name.size() - kOtherSuffix.size()), sort));
    else if (!pair.launchShared.count(name))
      swap.emplace_back(name, var(name + std::string(kOtherSuffix), sort));
  }
  if (swap.empty())
    return ts;
  std::vector<T> out;
  for (const T &t : ts)
    out.push_back(substitute(t, swap));
  return out;
}
} // namespace

T otherThreadCopy(const T &t, const PairContext &pair) {
  return otherThreadCopies({t}, pair).front();
}

T pairAssumption(const T &claim) {
  T other = var(std::string(kThisEnabled) + std::string(kOtherSuffix), Sort::Bool);
  T enabled = substitute(claim, {{kThisEnabled, boolConst(true)}, {other->name, boolConst(true)}});
  return implies(other, enabled);
}

std::vector<T> pairFacts(const State &st, const std::map<std::string, T> &vars,
                         const PairContext &pair, const ir::Stmt *point) {
  auto valueOf = [&](const std::string &name) -> T {
    auto it = vars.find(name);
    return it == vars.end() ? nullptr : it->second;
  };
  auto sameIds = [&](const std::vector<std::string> &ids) {
    std::vector<T> eqs;
    for (const std::string &id : ids)
      if (T v = valueOf(id))
        eqs.push_back(eq(v, otherThreadCopy(v, pair)));
    return land(eqs);
  };
  T sameGroup = sameIds(pair.groupIds);
  std::vector<T> out;
  T thisOne = thisEnabled(), otherOne = otherThreadCopy(thisOne, pair);
  out.push_back(thisOne); // it evaluates the claim
  // Where all threads arrive together (uniform control), the second is here too.
  if (point && pair.reachedByLaunch.count(point))
    out.push_back(otherOne);
  else if (point && pair.reachedByGroup.count(point))
    out.push_back(implies(sameGroup, otherOne));
  // Another thread: not this one.
  out.push_back(lnot(land(sameGroup, sameIds(pair.localIds))));
  // What every thread knows where it starts: the ranges of its ids, the launch.
  for (const T &f : otherThreadCopies(pair.startFacts, pair))
    out.push_back(f);
  // In this thread's group it has the group's id and local arrays.
  for (const auto &[name, sort] : pair.groupShared) {
    T mine = var(name, sort);
    out.push_back(implies(sameGroup, eq(mine, otherThreadCopy(mine, pair))));
  }
  // Enabled: at this point of the lock-step run, with the same branches taken.
  std::vector<T> here = otherThreadCopies(st.allFacts(), pair);
  for (const auto &[name, value] : vars) {
    if (!value || value->sort == Sort::Heap)
      continue;
    bool launch = pair.launchUniform.count(name) > 0;
    if (!launch && !pair.groupUniform.count(name))
      continue;
    T same = eq(value, otherThreadCopy(value, pair));
    here.push_back(launch ? same : implies(sameGroup, same));
  }
  out.push_back(implies(otherOne, land(here)));
  out.insert(out.end(), st.pairAssumptions.begin(), st.pairAssumptions.end());
  return out;
}

} // namespace kprove::vcgen
