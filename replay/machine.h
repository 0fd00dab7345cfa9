// The state of a replay (replay/) and the interpreter that runs it: arrays and
// their cells, threads with their frame stacks and permissions, the accesses
// logged for races and the claims on cells. Private to replay/: the Interpreter's
// member functions are defined across replay/*.cpp (see docs/architecture.md).
#pragma once

#include "replay/replay.h"
#include "replay/values.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace kprove::replay::detail {

struct CellKey {
  int64_t array;
  int64_t index;
  bool operator==(const CellKey &o) const { return array == o.array && index == o.index; }
};
struct CellHash {
  size_t operator()(const CellKey &k) const {
    return std::hash<int64_t>()(k.array * 0x9E3779B97F4A7C15ull ^ static_cast<uint64_t>(k.index));
  }
};
using Perms = std::unordered_map<CellKey, Amount, CellHash>;

struct Array {
  std::string name;
  i128 length = 0;
  bool local = false;
  std::unordered_map<int64_t, i128> cells; // absent: 0
  ir::IntType elem;
};
using Snapshot = std::vector<std::unordered_map<int64_t, i128>>;

struct Frame {
  enum class K { Block, Loop, Call } k = K::Block;
  const std::vector<ir::StmtPtr> *stmts = nullptr;
  size_t pc = 0;
  ir::Catches catches = ir::Catches::Nothing;
  const ir::Stmt *loop = nullptr;
  bool started = false;
  SourceRange continuedAt;            // Loop: the iteration ended at this continue
  const ir::Method *method = nullptr; // Call: the callee; the caller's state below
  Env callerEnv, callerOld;
  std::shared_ptr<const Snapshot> callerOldMem;
  const ir::Stmt *call = nullptr;
};

struct Thread {
  int64_t lid[3] = {0, 0, 0}, grp[3] = {0, 0, 0};
  int index = 0; // among all threads run
  int group = 0; // among the groups run
  Env env, oldEnv;
  std::shared_ptr<const Snapshot> oldMem;
  std::vector<Frame> stack;
  enum class S { Running, AtBarrier, Done } status = S::Running;
  const ir::Stmt *barrier = nullptr;
  Perms held;
};

struct Access {
  int thread;
  int group;
  uint32_t epoch;
  bool write, atomic;
  SourceRange range;
};

struct Claim {
  Amount sum;
  int thread;
  std::string binders;
  SourceRange atom;
};

struct Ctx {
  Thread *t = nullptr;
  bool clause = false; // a specification: reads are framing checks, not accesses
  DiagCode readCode = DiagCode::PermRead;
  bool checkReads = true;
  bool old = false;
  const Perms *perms = nullptr; // what reads are checked against (null: t->held)
  const Val *result = nullptr;
};

struct PermAtom {
  CellKey cell;
  Amount amount;
  const ir::Expr *atom;
  std::string binders; // "j = 3" when inside \forall*
};

inline const std::initializer_list<ir::ClauseKind> kPre = {
    ir::ClauseKind::Requires, ir::ClauseKind::Context, ir::ClauseKind::ContextEverywhere};
inline const std::initializer_list<ir::ClauseKind> kPost = {
    ir::ClauseKind::Ensures, ir::ClauseKind::Context, ir::ClauseKind::ContextEverywhere};

inline std::vector<const ir::Expr *> clausesOf(const std::vector<ir::Clause> &cs,
                                               std::initializer_list<ir::ClauseKind> kinds) {
  std::vector<const ir::Expr *> out;
  for (const ir::Clause &c : cs)
    if (c.expr && std::find(kinds.begin(), kinds.end(), c.kind) != kinds.end())
      out.push_back(c.expr.get());
  return out;
}

inline bool mentions(const ir::Expr &e, const std::string &name) {
  if (e.kind == ir::ExprKind::Var && e.name == name)
    return true;
  for (const ir::ExprPtr &a : e.args)
    if (a && mentions(*a, name))
      return true;
  return false;
}

inline bool mentionsOld(const ir::Expr &e) {
  if (e.kind == ir::ExprKind::Old)
    return true;
  for (const ir::ExprPtr &a : e.args)
    if (a && mentionsOld(*a))
      return true;
  return false;
}

inline void conjuncts(const ir::Expr &e, std::vector<const ir::Expr *> &out) {
  if (e.kind == ir::ExprKind::Binary && (e.binop == ir::BinOp::And || e.binop == ir::BinOp::Star)) {
    conjuncts(*e.args[0], out);
    conjuncts(*e.args[1], out);
    return;
  }
  out.push_back(&e);
}

class Interpreter {
public:
  Interpreter(const ir::Program &p, const SourceManager &sources, const Options &opts)
      : program_(p), sources_(sources), opts_(opts) {}

  Outcome run(const std::string &kernel, const Inputs &inputs);
  Outcome checkPrecondition(const std::string &method, const Inputs &inputs);
  // The lengths the precondition fixes (`a.length == e`, `\pointer_length(a) == e`).
  static std::map<std::string, const ir::Expr *> fixedLengths(const std::vector<ir::Clause> &);

private:
  // replay.cpp: the set-up from the inputs
  Outcome outcomeOf(const std::function<void(Outcome &)> &body);
  int64_t input(const Inputs &in, const std::string &name, const std::string &what);
  bool setUp(const std::string &kernel, const Inputs &in);
  void setScalars(const std::vector<ir::Param> &params, const Inputs &in);
  void setArrays(const std::vector<ir::Param> &params, const std::vector<ir::Clause> &contract,
                 const Inputs &in);
  void fill(const Inputs &in);
  void checkSize();
  static bool hasBarrierIn(const std::vector<ir::StmtPtr> &body, bool &calls);
  bool hasBarrier() const;
  void pickSingleThreads(const Inputs &in);
  void pickGroups(const Inputs &in);
  int64_t addArray(std::string name, i128 length, bool local, ir::IntType elem);
  void makeThreads();
  std::string launchText() const;

  // exec.cpp: threads, statements, barrier intervals, races
  void runAll();
  Snapshot snapshot() const;
  void runGroup(size_t g);
  void runThread(Thread &t);
  void pushBlock(Thread &t, const std::vector<ir::StmtPtr> &stmts,
                 ir::Catches catches = ir::Catches::Nothing);
  void exec(const ir::Stmt &s, Thread &t);
  void jump(bool isBreak, Thread &t, SourceRange at);
  void loopStep(Thread &t);
  const ir::Method *findMethod(const std::string &n, bool pure) const;
  void call(const ir::Stmt &s, Thread &t);
  void returnFromCall(Thread &t, std::optional<Val> value);
  void finish(Thread &t);
  void atomic(const ir::Stmt &s, Thread &t);
  void recordAccess(const Thread &t, const CellKey &k, bool write, bool atomic, SourceRange r);

  // permissions.cpp: barriers, memory accesses, contracts as permissions
  bool unfenced(const ir::Stmt &b, const CellKey &k) const;
  void barrier(const ir::Stmt &b, const std::vector<Thread *> &ts, size_t g);
  Amount groupResource(const CellKey &k) const;
  CellKey cellOf(const ir::Expr &index, Ctx &c, const char *what, bool checked = true);
  Val read(const ir::Expr &e, Ctx &c);
  void write(const ir::Expr &target, const Val &v, Thread &t);
  void inhalePrecondition(const ir::Expr &pre, Thread &t);
  void defineCells(const ir::Expr &pre, Thread &t);
  void claim(const PermAtom &a, const Thread &t);
  bool check(const ir::Expr &e, Thread &t, DiagCode code, const std::string &what, bool commit,
             const Val *result = nullptr, Perms *taken = nullptr, SourceRange at = {});
  bool check(const std::vector<const ir::Expr *> &es, Thread &t, DiagCode code,
             const std::string &what, bool commit, const Val *result = nullptr,
             Perms *taken = nullptr, SourceRange at = {});
  bool walk(const ir::Expr &e, Ctx &c, const std::function<void(const PermAtom &)> &onPerm,
            const std::function<void(const ir::Expr &, bool)> &onPure,
            const std::string &binders = "");

  // eval.cpp: expressions
  void enumerate(const ir::Expr &q, Ctx &c, const std::function<bool(const std::string &)> &each);
  bool enumerateFrom(const ir::Expr &q, size_t k, Ctx &c, const std::string &values,
                     const std::function<bool(const std::string &)> &each);
  std::pair<i128, i128> boundsOf(const ir::Expr &q, size_t k, Ctx &c);
  i128 arith(const ir::Expr &e, i128 r, Ctx &c);
  i128 evalInt(const ir::Expr &e, Ctx &c);
  bool evalBool(const ir::Expr &e, Ctx &c);
  Amount evalAmount(const ir::Expr &e, Ctx &c);
  Val lookup(const std::string &n, Ctx &c);
  Val eval(const ir::Expr &e, Ctx &c);
  Val unary(const ir::Expr &e, Ctx &c);
  Val binary(const ir::Expr &e, Ctx &c);
  Val callPure(const ir::Expr &e, Ctx &c);

  // report.cpp: the failures and their messages
  std::string cellName(const CellKey &k) const;
  std::string where(SourceRange r) const;
  std::string name(const Thread &t) const;
  std::string spell(const ir::Expr &e) const;
  std::string valuesOf(const ir::Expr &e, Ctx &c);
  bool isFocus(const Thread &t) const;
  void fail(Failure::Kind kind, DiagCode code, SourceRange range, SourceRange other,
            std::string text, bool fatal, std::vector<const Thread *> threads = {});

  // Inline: the hottest helpers.
  void tick(uint64_t n = 1) {
    steps_ += n;
    if (steps_ > opts_.maxSteps)
      throw NotReplayable{fmt::format("the run takes more than {} steps", opts_.maxSteps)};
  }
  bool bounded(ir::IntType t) const { return t.bounded() && !opts_.intMath; }
  static Amount heldAt(const Perms &p, const CellKey &k) {
    auto it = p.find(k);
    return it == p.end() ? kNone : it->second;
  }

  const ir::Program &program_;
  const SourceManager &sources_;
  Options opts_;
  const ir::GpuKernel *gk_ = nullptr;
  const ir::Kernel *sk_ = nullptr;
  bool cuda_ = false;
  bool partial_ = false; // only the groups involved run
  bool single_ = false;  // only the model's thread(s) run (singles_: lid0..2, grp0..2)
  std::vector<std::array<int64_t, 6>> singles_;
  int64_t lsz_[3] = {1, 1, 1}, ngr_[3] = {1, 1, 1}, wdim_ = 1;
  bool used_[3] = {true, false, false};
  std::vector<std::array<int64_t, 3>> groups_;
  std::vector<std::string> inputsShown_;
  std::map<std::string, Val> globals_;
  std::vector<Array> arrays_;
  std::vector<Thread> threads_;
  std::vector<uint32_t> epochLocal_, epochGlobal_;
  std::unordered_map<CellKey, std::vector<Access>, CellHash> accesses_;
  std::unordered_map<CellKey, Claim, CellHash> claims_;
  std::vector<std::pair<std::string, Val>> bound_;
  std::vector<Failure> failures_;
  std::set<std::tuple<int, int, uint32_t, uint32_t, bool>> reported_;
  std::optional<std::array<int64_t, 6>> focus_; // lid0..2, grp0..2 of the model's thread
  std::string forallValues_;
  bool muted_ = false;
  std::unordered_set<CellKey, CellHash> defined_; // by defineCells, in this run
  uint64_t steps_ = 0;
  int depth_ = 0;
};

} // namespace kprove::replay::detail
