#include "replay/replay.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>

namespace kprove::replay {

namespace {

using i128 = __int128;

// The run stops: the reason is the outcome's notReplayable.
struct NotReplayable {
  std::string why;
};
// The inputs do not meet an assumption (the precondition, an assume).
struct Infeasible {
  std::string why;
};
// A failure after which the run cannot go on (undefined behaviour, divergence).
struct Stop {};

std::string str(i128 v) {
  if (v == 0)
    return "0";
  bool neg = v < 0;
  unsigned __int128 u =
      neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string s;
  while (u) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  return neg ? "-" + s : s;
}

i128 gcd(i128 a, i128 b) {
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b) {
    i128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

constexpr i128 kRatLimit = i128(1) << 62;

// An exact fraction.
struct Rat {
  i128 n = 0, d = 1;
  static Rat of(i128 n, i128 d = 1) {
    if (d < 0) {
      n = -n;
      d = -d;
    }
    i128 g = gcd(n, d);
    if (g > 1) {
      n /= g;
      d /= g;
    }
    if (n > kRatLimit || n < -kRatLimit || d > kRatLimit)
      throw NotReplayable{"a permission fraction beyond 62 bits"};
    return {n, d};
  }
};
Rat operator+(Rat a, Rat b) {
  return Rat::of(a.n * b.d + b.n * a.d, a.d * b.d);
}
Rat operator-(Rat a, Rat b) {
  return Rat::of(a.n * b.d - b.n * a.d, a.d * b.d);
}
Rat operator*(Rat a, Rat b) {
  return Rat::of(a.n * b.n, a.d * b.d);
}
int cmp(Rat a, Rat b) {
  i128 l = a.n * b.d, r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
}
std::string str(Rat r) {
  return r.d == 1 ? str(r.n) : str(r.n) + "/" + str(r.d);
}

// A permission amount w + e * read, `read` being one fixed fraction that may be
// arbitrarily small (vcgen: some value in (0, 1)): compared lexicographically.
struct Amount {
  Rat w, e;
};
Amount operator+(const Amount &a, const Amount &b) {
  return {a.w + b.w, a.e + b.e};
}
Amount operator-(const Amount &a, const Amount &b) {
  return {a.w - b.w, a.e - b.e};
}
int cmp(const Amount &a, const Amount &b) {
  int c = cmp(a.w, b.w);
  return c ? c : cmp(a.e, b.e);
}
const Amount kNone{}, kFull{Rat::of(1), Rat::of(0)};
bool positive(const Amount &a) {
  return cmp(a, kNone) > 0;
}
std::string str(const Amount &a) {
  if (a.e.n == 0)
    return a.w.n == 1 && a.w.d == 1 ? "write" : str(a.w);
  std::string read = a.e.n == 1 && a.e.d == 1 ? "read" : str(a.e) + "*read";
  return a.w.n == 0 ? read : str(a.w) + " + " + read;
}

struct Val {
  enum class K { Int, Bool, Amt, Arr } k = K::Int;
  i128 i = 0; // Int; Bool 0/1; Arr: the array's id (0: null)
  Amount a;
  static Val num(i128 v) { return {K::Int, v, {}}; }
  static Val boolean(bool b) { return {K::Bool, b ? 1 : 0, {}}; }
  static Val amount(Amount a) { return {K::Amt, 0, a}; }
  static Val array(i128 id) { return {K::Arr, id, {}}; }
};

using Env = std::map<std::string, Val>;

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

const std::initializer_list<ir::ClauseKind> kPre = {
    ir::ClauseKind::Requires, ir::ClauseKind::Context, ir::ClauseKind::ContextEverywhere};
const std::initializer_list<ir::ClauseKind> kPost = {
    ir::ClauseKind::Ensures, ir::ClauseKind::Context, ir::ClauseKind::ContextEverywhere};

std::vector<const ir::Expr *> clausesOf(const std::vector<ir::Clause> &cs,
                                        std::initializer_list<ir::ClauseKind> kinds) {
  std::vector<const ir::Expr *> out;
  for (const ir::Clause &c : cs)
    if (c.expr && std::find(kinds.begin(), kinds.end(), c.kind) != kinds.end())
      out.push_back(c.expr.get());
  return out;
}

bool mentions(const ir::Expr &e, const std::string &name) {
  if (e.kind == ir::ExprKind::Var && e.name == name)
    return true;
  for (const ir::ExprPtr &a : e.args)
    if (a && mentions(*a, name))
      return true;
  return false;
}

bool mentionsOld(const ir::Expr &e) {
  if (e.kind == ir::ExprKind::Old)
    return true;
  for (const ir::ExprPtr &a : e.args)
    if (a && mentionsOld(*a))
      return true;
  return false;
}

void conjuncts(const ir::Expr &e, std::vector<const ir::Expr *> &out) {
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

  Outcome run(const std::string &kernel, const Inputs &inputs) {
    Outcome out;
    try {
      if (!setUp(kernel, inputs))
        throw NotReplayable{"no kernel '" + kernel + "'"};
      out.launch = launchText();
      runAll();
    } catch (const NotReplayable &n) {
      out.notReplayable = n.why;
    } catch (const Infeasible &i) {
      out.notReplayable = i.why;
      out.preconditionFalse = true;
    } catch (const Stop &) {
    }
    if (out.launch.empty())
      out.launch = launchText();
    out.failures = std::move(failures_);
    out.steps = steps_;
    return out;
  }

private:
  // ---- set-up ----------------------------------------------------------------

  int64_t input(const Inputs &in, const std::string &name, const std::string &what) {
    auto it = in.find(name);
    if (it == in.end())
      throw NotReplayable{"the solver's model gives no value for " + what};
    return it->second;
  }

  bool setUp(const std::string &kernel, const Inputs &in) {
    for (const ir::GpuKernel &k : program_.gpuKernels)
      if (k.name == kernel)
        gk_ = &k;
    for (const ir::Kernel &k : program_.kernels)
      if (k.name == kernel)
        sk_ = &k;
    if (!gk_ && !sk_)
      return false;
    arrays_.push_back({"null", 0, false, {}, {}}); // id 0
    if (in.count("tid"))
      focus_ = std::array<int64_t, 6>{in.at("tid"), 0, 0, 0, 0, 0};
    if (in.count("$lid0") || in.count("$grp0")) {
      std::array<int64_t, 6> f{0, 0, 0, 0, 0, 0};
      for (int d = 0; d < 3; ++d) {
        std::string l = ir::gpuBuiltinName("lid", d), g = ir::gpuBuiltinName("grp", d);
        f[static_cast<size_t>(d)] = in.count(l) ? in.at(l) : 0;
        f[static_cast<size_t>(d) + 3] = in.count(g) ? in.at(g) : 0;
      }
      focus_ = f;
    }
    if (sk_) {
      lsz_[0] = input(in, "gsize", "gsize");
      used_[0] = true;
      if (lsz_[0] < 1)
        throw Infeasible{"gsize " + std::to_string(lsz_[0]) + " is not a launch"};
      inputsShown_.push_back("gsize = " + std::to_string(lsz_[0]));
      groups_.push_back({0, 0, 0});
      checkSize();
      makeThreads();
      for (const ir::KernelArray &a : sk_->arrays) {
        Ctx c{&threads_[0]};
        c.clause = true;
        c.checkReads = false;
        i128 len = evalInt(*a.length, c);
        int64_t id = addArray(a.name, len, a.space == ir::MemorySpace::Local, a.cint);
        globals_[a.name] = Val::array(id);
      }
      fill(in);
      return true;
    }
    cuda_ = gk_->cuda;
    for (int d = 0; d < 3; ++d) {
      std::string l = ir::gpuBuiltinName("lsz", d), g = ir::gpuBuiltinName("ngr", d);
      used_[d] = gk_->dims[d];
      lsz_[d] = in.count(l) ? in.at(l) : 1;
      ngr_[d] = in.count(g) ? in.at(g) : 1;
      if (!used_[d] && (lsz_[d] != 1 || ngr_[d] != 1))
        used_[d] = true;
      if (lsz_[d] < 1 || ngr_[d] < 1)
        throw Infeasible{"a launch size below 1"};
    }
    wdim_ = in.count("$wdim") ? in.at("$wdim") : (used_[2] ? 3 : used_[1] ? 2 : 1);
    for (int d = 0; d < 3; ++d)
      if (used_[d]) {
        inputsShown_.push_back(fmt::format(
            "{} = {}", ir::gpuBuiltinSpelling(ir::gpuBuiltinName("lsz", d), cuda_), lsz_[d]));
        inputsShown_.push_back(fmt::format(
            "{} = {}", ir::gpuBuiltinSpelling(ir::gpuBuiltinName("ngr", d), cuda_), ngr_[d]));
      }
    for (const ir::Param &p : gk_->params) {
      if (p.type == ir::Type::Int || p.type == ir::Type::Bool) {
        int64_t v = input(in, p.name, "parameter '" + p.name + "'");
        globals_[p.name] = p.type == ir::Type::Bool ? Val::boolean(v != 0) : Val::num(v);
        inputsShown_.push_back(fmt::format("{} = {}", ir::sourceName(p.name), v));
      } else if (p.type != ir::Type::IntArray) {
        throw NotReplayable{"a parameter of type " + std::string(ir::typeName(p.type))};
      }
    }
    for (const ir::KernelArray &a : gk_->locals)
      if (a.length && a.length->kind == ir::ExprKind::Var && !globals_.count(a.length->name))
        globals_[a.length->name] =
            Val::num(input(in, a.length->name, "the size of '" + a.name + "'"));
    // A group too large to run whole, in a kernel without barriers: the model's
    // thread(s) alone (their failures of their own: undefined behaviour, bounds, a
    // false clause, a missing permission; nothing else can interfere with cells
    // they hold permissions to).
    if (i128(lsz_[0]) * lsz_[1] * lsz_[2] > static_cast<i128>(opts_.maxThreads) && !hasBarrier())
      pickSingleThreads(in);
    if (!single_) {
      checkSize();
      pickGroups(in);
    }
    // Array lengths: the model's, or the one the precondition fixes.
    std::map<std::string, const ir::Expr *> fixed = fixedLengths();
    for (const ir::Param &p : gk_->params) {
      if (p.type != ir::Type::IntArray)
        continue;
      i128 len;
      if (auto it = in.find("len:" + p.name); it != in.end()) {
        len = it->second;
      } else if (auto f = fixed.find(p.name); f != fixed.end()) {
        makeThreads();
        Ctx c{&threads_[0]};
        c.clause = true;
        c.checkReads = false;
        len = evalInt(*f->second, c);
        threads_.clear();
      } else {
        throw NotReplayable{"the solver's model gives no length of '" + p.name + "'"};
      }
      if (len < 0)
        throw Infeasible{"a negative length"};
      globals_[p.name] = Val::array(addArray(ir::sourceName(p.name), len, false, p.cint));
      inputsShown_.push_back(fmt::format("length of {} = {}", ir::sourceName(p.name), str(len)));
    }
    fill(in);
    makeThreads();
    return true;
  }

  // Initial contents of the parameters' arrays: the pattern "$fill", then the
  // cells the model shows.
  void fill(const Inputs &in) {
    int64_t mode = in.count("$fill") ? in.at("$fill") : 0;
    std::vector<std::string> shown;
    for (size_t id = 1; id < arrays_.size(); ++id)
      if (mode != 0 && !arrays_[id].local) {
        if (arrays_[id].length > 1'000'000)
          throw NotReplayable{"an array of more than 1000000 cells to fill"};
        for (int64_t i = 0; i < arrays_[id].length; ++i)
          arrays_[id].cells[i] = bounded(arrays_[id].elem)
                                     ? wrap(mode == 1 ? i + 1 : i - 1, arrays_[id].elem)
                                     : (mode == 1 ? i + 1 : i - 1);
      }
    if (mode != 0)
      inputsShown_.push_back(mode == 1 ? "every cell i holding i + 1"
                                       : "every cell i holding i - 1");
    for (const auto &[k, v] : in) {
      if (k.rfind("cell:", 0) != 0 || k.size() < 2 || k.compare(k.size() - 2, 2, ":i") != 0)
        continue;
      std::string cell = k.substr(0, k.size() - 2);
      auto val = in.find(cell + ":v");
      std::string array = cell.substr(5, cell.rfind('#') - 5);
      if (val == in.end())
        continue;
      for (size_t id = 1; id < arrays_.size(); ++id)
        if (arrays_[id].name == array && !arrays_[id].local && v >= 0 && v < arrays_[id].length) {
          arrays_[id].cells[v] = val->second;
          shown.push_back(fmt::format("{}[{}] = {}", array, v, val->second));
        }
    }
    if (!shown.empty()) {
      std::string s;
      for (const std::string &x : shown)
        s += (s.empty() ? "" : ", ") + x;
      inputsShown_.push_back(s);
    } else if (mode == 0) {
      inputsShown_.push_back("array contents 0");
    }
  }

  void checkSize() {
    i128 perGroup = i128(lsz_[0]) * lsz_[1] * lsz_[2];
    if (perGroup > static_cast<i128>(opts_.maxThreads))
      throw NotReplayable{fmt::format("the launch has {} threads per work group (the replay runs "
                                      "at most {})",
                                      str(perGroup), opts_.maxThreads)};
  }

  static bool hasBarrierIn(const std::vector<ir::StmtPtr> &body, bool &calls) {
    for (const ir::StmtPtr &st : body) {
      if (!st)
        continue;
      if (st->kind == ir::StmtKind::Barrier)
        return true;
      calls = calls || st->kind == ir::StmtKind::Call;
      if (hasBarrierIn(st->body, calls) || hasBarrierIn(st->elseBody, calls))
        return true;
    }
    return false;
  }
  bool hasBarrier() const {
    bool calls = false;
    if (hasBarrierIn(gk_->body, calls))
      return true;
    if (calls)
      for (const ir::Method &m : program_.methods)
        if (m.body && hasBarrierIn(*m.body, calls))
          return true;
    return false;
  }

  void pickSingleThreads(const Inputs &in) {
    for (const char *prefix : {"", "2:"}) {
      std::array<int64_t, 6> id{0, 0, 0, 0, 0, 0};
      bool any = false, inside = true;
      for (int d = 0; d < 3; ++d) {
        std::string l = prefix + ir::gpuBuiltinName("lid", d),
                    g = prefix + ir::gpuBuiltinName("grp", d);
        auto u = static_cast<size_t>(d);
        if (in.count(l)) {
          id[u] = in.at(l);
          any = true;
        }
        if (in.count(g)) {
          id[u + 3] = in.at(g);
          any = true;
        }
        inside = inside && id[u] >= 0 && id[u] < lsz_[d] && id[u + 3] >= 0 && id[u + 3] < ngr_[d];
      }
      if (any && inside && std::find(singles_.begin(), singles_.end(), id) == singles_.end())
        singles_.push_back(id);
    }
    if (singles_.empty())
      return;
    single_ = true;
    for (const std::array<int64_t, 6> &id : singles_) {
      std::array<int64_t, 3> g{id[3], id[4], id[5]};
      if (std::find(groups_.begin(), groups_.end(), g) == groups_.end())
        groups_.push_back(g);
    }
    inputsShown_.push_back(fmt::format(
        "only the model's thread{} of the {} per work group (the kernel has no barrier)",
        singles_.size() > 1 ? "s" : "", str(i128(lsz_[0]) * lsz_[1] * lsz_[2])));
  }

  // All groups when the launch is small enough, else the groups of the thread(s)
  // the check is about.
  void pickGroups(const Inputs &in) {
    i128 perGroup = i128(lsz_[0]) * lsz_[1] * lsz_[2];
    i128 groups = i128(ngr_[0]) * ngr_[1] * ngr_[2];
    if (perGroup * groups <= static_cast<i128>(opts_.maxThreads)) {
      for (int64_t z = 0; z < ngr_[2]; ++z)
        for (int64_t y = 0; y < ngr_[1]; ++y)
          for (int64_t x = 0; x < ngr_[0]; ++x)
            groups_.push_back({x, y, z});
      return;
    }
    for (const char *prefix : {"", "2:"}) {
      std::array<int64_t, 3> g{0, 0, 0};
      bool any = false;
      for (int d = 0; d < 3; ++d)
        if (auto it = in.find(prefix + ir::gpuBuiltinName("grp", d)); it != in.end()) {
          g[d] = it->second;
          any = true;
        }
      if (!any)
        continue;
      bool inside = true;
      for (int d = 0; d < 3; ++d)
        inside = inside && g[d] >= 0 && g[d] < ngr_[d];
      if (inside && std::find(groups_.begin(), groups_.end(), g) == groups_.end())
        groups_.push_back(g);
    }
    if (groups_.empty())
      throw NotReplayable{fmt::format("the launch has {} threads and the model names no work "
                                      "group of it to run",
                                      str(perGroup * groups))};
    if (perGroup * static_cast<i128>(groups_.size()) > static_cast<i128>(opts_.maxThreads))
      throw NotReplayable{fmt::format("the work groups involved have {} threads (the replay "
                                      "runs at most {})",
                                      str(perGroup * static_cast<i128>(groups_.size())),
                                      opts_.maxThreads)};
    partial_ = true;
  }

  std::map<std::string, const ir::Expr *> fixedLengths() const {
    std::map<std::string, const ir::Expr *> out;
    for (const ir::Expr *c : clausesOf(gk_->contract, kPre)) {
      std::vector<const ir::Expr *> parts;
      conjuncts(*c, parts);
      for (const ir::Expr *p : parts) {
        if (p->kind != ir::ExprKind::Binary || p->binop != ir::BinOp::Eq)
          continue;
        for (int side : {0, 1}) {
          const ir::Expr &l = *p->args[side];
          if (l.kind == ir::ExprKind::Length && l.args[0]->kind == ir::ExprKind::Var &&
              !out.count(l.args[0]->name))
            out[l.args[0]->name] = p->args[1 - side].get();
        }
      }
    }
    return out;
  }

  int64_t addArray(std::string name, i128 length, bool local, ir::IntType elem) {
    arrays_.push_back({std::move(name), length, local, {}, elem});
    return static_cast<int64_t>(arrays_.size() - 1);
  }

  void makeThreads() {
    threads_.clear();
    if (single_) {
      for (const std::array<int64_t, 6> &id : singles_) {
        Thread t;
        for (int d = 0; d < 3; ++d) {
          t.lid[d] = id[static_cast<size_t>(d)];
          t.grp[d] = id[static_cast<size_t>(d) + 3];
        }
        std::array<int64_t, 3> g{t.grp[0], t.grp[1], t.grp[2]};
        t.group = static_cast<int>(std::find(groups_.begin(), groups_.end(), g) - groups_.begin());
        t.index = static_cast<int>(threads_.size());
        threads_.push_back(std::move(t));
      }
      epochLocal_.assign(groups_.size(), 0);
      epochGlobal_.assign(groups_.size(), 0);
      return;
    }
    int64_t perGroup = lsz_[0] * lsz_[1] * lsz_[2];
    threads_.reserve(static_cast<size_t>(perGroup) * groups_.size());
    for (size_t g = 0; g < groups_.size(); ++g)
      for (int64_t z = 0; z < lsz_[2]; ++z)
        for (int64_t y = 0; y < lsz_[1]; ++y)
          for (int64_t x = 0; x < lsz_[0]; ++x) {
            Thread t;
            t.lid[0] = x;
            t.lid[1] = y;
            t.lid[2] = z;
            for (int d = 0; d < 3; ++d)
              t.grp[d] = groups_[g][d];
            t.group = static_cast<int>(g);
            t.index = static_cast<int>(threads_.size());
            threads_.push_back(std::move(t));
          }
    epochLocal_.assign(groups_.size(), 0);
    epochGlobal_.assign(groups_.size(), 0);
  }

  std::string launchText() const {
    std::string s;
    for (const std::string &p : inputsShown_)
      s += (s.empty() ? "" : ", ") + p;
    return s;
  }

  // ---- the run ------------------------------------------------------------------

  void runAll() {
    // Local arrays: one per work group.
    std::vector<std::map<std::string, Val>> localsOf(groups_.size());
    if (gk_)
      for (size_t g = 0; g < groups_.size(); ++g)
        for (const ir::KernelArray &a : gk_->locals) {
          Ctx c{&threads_[0]};
          c.checkReads = false;
          c.clause = true;
          i128 len = evalInt(*a.length, c);
          localsOf[g][a.name] = Val::array(addArray(ir::sourceName(a.name), len, true, a.cint));
        }
    for (Thread &t : threads_) {
      for (const ir::Param &p : gk_ ? gk_->params : std::vector<ir::Param>{})
        t.env[p.name] = globals_.at(p.name);
      for (const auto &[n, v] : localsOf[static_cast<size_t>(t.group)])
        t.env[n] = v;
      t.oldEnv = t.env;
    }
    const std::vector<ir::Clause> &contract = gk_ ? gk_->contract : sk_->contract;
    // The precondition of every thread: the permissions it starts with.
    for (Thread &t : threads_)
      for (const ir::Expr *pre : clausesOf(contract, kPre))
        inhalePrecondition(*pre, t);
    auto initial = std::make_shared<Snapshot>(snapshot());
    const std::vector<ir::StmtPtr> &body = gk_ ? gk_->body : sk_->body;
    for (Thread &t : threads_) {
      t.oldMem = initial;
      t.oldEnv = t.env;
      Frame f;
      f.stmts = &body;
      t.stack.push_back(std::move(f));
    }
    for (size_t g = 0; g < groups_.size(); ++g)
      runGroup(g);
  }

  Snapshot snapshot() const {
    Snapshot s;
    for (const Array &a : arrays_)
      s.push_back(a.cells);
    return s;
  }

  void runGroup(size_t g) {
    std::vector<Thread *> group;
    for (Thread &t : threads_)
      if (t.group == static_cast<int>(g))
        group.push_back(&t);
    for (;;) {
      for (Thread *t : group)
        runThread(*t);
      std::vector<Thread *> waiting, done;
      for (Thread *t : group)
        (t->status == Thread::S::Done ? done : waiting).push_back(t);
      if (waiting.empty())
        return;
      const ir::Stmt *b = waiting[0]->barrier;
      for (Thread *t : waiting)
        if (t->barrier != b)
          fail(Failure::Kind::Divergence, DiagCode::BarrierDivergence, t->barrier->range, b->range,
               fmt::format("{} waits at the barrier at {} while {} waits at the barrier at {}",
                           name(*t), where(t->barrier->range), name(*waiting[0]), where(b->range)),
               true);
      if (!done.empty())
        fail(Failure::Kind::Divergence, DiagCode::BarrierDivergence, b->range, {},
             fmt::format("{} waits at the barrier at {} while {} has finished", name(*waiting[0]),
                         where(b->range), name(*done[0])),
             true);
      barrier(*b, waiting, g);
      for (Thread *t : waiting) {
        t->status = Thread::S::Running;
        t->barrier = nullptr;
      }
    }
  }

  void runThread(Thread &t) {
    while (t.status == Thread::S::Running) {
      if (t.stack.empty()) {
        finish(t);
        return;
      }
      Frame &f = t.stack.back();
      switch (f.k) {
      case Frame::K::Block:
        if (f.pc >= f.stmts->size()) {
          t.stack.pop_back();
          continue;
        }
        exec(*(*f.stmts)[f.pc++], t);
        break;
      case Frame::K::Loop:
        loopStep(t);
        break;
      case Frame::K::Call:
        returnFromCall(t, std::nullopt);
        break;
      }
    }
  }

  void tick(uint64_t n = 1) {
    steps_ += n;
    if (steps_ > opts_.maxSteps)
      throw NotReplayable{fmt::format("the run takes more than {} steps", opts_.maxSteps)};
  }

  void pushBlock(Thread &t, const std::vector<ir::StmtPtr> &stmts,
                 ir::Catches catches = ir::Catches::Nothing) {
    Frame f;
    f.stmts = &stmts;
    f.catches = catches;
    t.stack.push_back(std::move(f));
  }

  void exec(const ir::Stmt &s, Thread &t) {
    tick();
    Ctx c{&t};
    switch (s.kind) {
    case ir::StmtKind::Block:
      pushBlock(t, s.body, s.catches);
      return;
    case ir::StmtKind::VarDecl: {
      Val v = s.value                            ? eval(*s.value, c)
              : s.declType == ir::Type::Bool     ? Val::boolean(false)
              : s.declType == ir::Type::IntArray ? Val::array(0)
              : s.declType == ir::Type::Frac     ? Val::amount(kNone)
                                                 : Val::num(0);
      t.env[s.name] = v;
      return;
    }
    case ir::StmtKind::Assign: {
      Val v = eval(*s.value, c);
      if (s.target->kind == ir::ExprKind::Var) {
        t.env[s.target->name] = v;
        return;
      }
      if (s.target->kind != ir::ExprKind::Index)
        throw NotReplayable{"an assignment to " + ir::toString(*s.target)};
      write(*s.target, v, t);
      return;
    }
    case ir::StmtKind::If:
      pushBlock(t, evalBool(*s.cond, c) ? s.body : s.elseBody);
      return;
    case ir::StmtKind::While: {
      Frame f;
      f.k = Frame::K::Loop;
      f.loop = &s;
      t.stack.push_back(std::move(f));
      return;
    }
    case ir::StmtKind::Return: {
      std::optional<Val> v;
      if (s.value)
        v = eval(*s.value, c);
      while (!t.stack.empty() && t.stack.back().k != Frame::K::Call)
        t.stack.pop_back();
      if (t.stack.empty())
        finish(t);
      else
        returnFromCall(t, v);
      return;
    }
    case ir::StmtKind::Assert:
      check(*s.value, t, DiagCode::Assert, "the assertion", false);
      return;
    case ir::StmtKind::Assume:
      if (!evalBool(*s.value, c))
        throw Infeasible{
            fmt::format("the assumption at {} is false for {}", where(s.range), name(t))};
      return;
    case ir::StmtKind::Call:
      call(s, t);
      return;
    case ir::StmtKind::Par:
    case ir::StmtKind::Parallel:
    case ir::StmtKind::Sequential:
      throw NotReplayable{"a parallel block (par) in a kernel"};
    case ir::StmtKind::Barrier:
      t.status = Thread::S::AtBarrier;
      t.barrier = &s;
      return;
    case ir::StmtKind::Atomic:
      atomic(s, t);
      return;
    case ir::StmtKind::Break:
    case ir::StmtKind::Continue:
      jump(s.kind == ir::StmtKind::Break, t, s.range);
      return;
    }
    throw NotReplayable{"a statement the replay does not model"};
  }

  void jump(bool isBreak, Thread &t, SourceRange at) {
    while (!t.stack.empty()) {
      Frame &f = t.stack.back();
      if (f.k == Frame::K::Call)
        break;
      if (f.k == Frame::K::Loop) {
        if (isBreak)
          t.stack.pop_back();
        f.continuedAt = at; // continue: the loop frame checks the invariant (blamed
        return;             // on the continue, as vcgen does) and the condition
      }
      ir::Catches catches = f.catches;
      t.stack.pop_back();
      if ((isBreak && catches == ir::Catches::Break) ||
          (!isBreak && catches == ir::Catches::Continue))
        return;
    }
    throw NotReplayable{"a break or continue outside a loop"};
  }

  void loopStep(Thread &t) {
    Frame &f = t.stack.back();
    const ir::Stmt &loop = *f.loop;
    tick();
    bool entry = !f.started;
    f.started = true;
    SourceRange at = f.continuedAt;
    f.continuedAt = {};
    check(clausesOf(loop.clauses, {ir::ClauseKind::LoopInvariant}), t,
          entry ? DiagCode::LoopEntry : DiagCode::LoopPreserve,
          entry        ? "the loop invariant on entry"
          : at.valid() ? "the loop invariant at the continue at " + where(at)
                       : "the loop invariant after an iteration",
          false, nullptr, nullptr, at);
    Ctx c{&t};
    if (evalBool(*loop.cond, c))
      pushBlock(t, loop.body);
    else
      t.stack.pop_back();
  }

  const ir::Method *findMethod(const std::string &n, bool pure) const {
    for (const ir::Method &m : program_.methods)
      if (m.name == n && m.pure == pure)
        return &m;
    return nullptr;
  }

  void call(const ir::Stmt &s, Thread &t) {
    const ir::Method *m = findMethod(s.name, false);
    if (!m)
      throw NotReplayable{"a call of '" + s.name + "'"};
    if (!m->body)
      throw NotReplayable{"a call of '" + s.name + "', which has no body"};
    if (m->params.size() != s.args.size())
      throw NotReplayable{"a call of '" + s.name + "' with another number of arguments"};
    Ctx c{&t};
    Env env;
    for (size_t i = 0; i < s.args.size(); ++i)
      env[m->params[i].name] = eval(*s.args[i], c);
    if (t.stack.size() > 200)
      throw NotReplayable{"calls nested deeper than 200"};
    Frame f;
    f.k = Frame::K::Call;
    f.method = m;
    f.call = &s;
    f.callerEnv = std::move(t.env);
    f.callerOld = std::move(t.oldEnv);
    f.callerOldMem = t.oldMem;
    t.stack.push_back(std::move(f));
    t.env = env;
    t.oldEnv = env;
    bool old = false;
    for (const ir::Clause &cl : m->contract)
      old = old || (cl.expr && mentionsOld(*cl.expr));
    if (old)
      t.oldMem = std::make_shared<Snapshot>(snapshot());
    // Blamed on the call, as vcgen does.
    check(clausesOf(m->contract, kPre), t, DiagCode::Pre, "the precondition of '" + m->name + "'",
          false, nullptr, nullptr, s.range);
    pushBlock(t, *m->body);
  }

  void returnFromCall(Thread &t, std::optional<Val> value) {
    Frame &f = t.stack.back();
    const ir::Method *m = f.method;
    Val result = value ? *value : Val::num(0);
    check(clausesOf(m->contract, kPost), t, DiagCode::Post,
          "the postcondition of '" + m->name + "'", false, &result);
    const ir::Stmt *s = f.call;
    t.env = std::move(f.callerEnv);
    t.oldEnv = std::move(f.callerOld);
    t.oldMem = f.callerOldMem;
    t.stack.pop_back();
    if (s->target && value) {
      if (s->target->kind != ir::ExprKind::Var)
        throw NotReplayable{"a call's result stored into " + ir::toString(*s->target)};
      t.env[s->target->name] = *value;
    }
  }

  void finish(Thread &t) {
    const std::vector<ir::Clause> &contract = gk_ ? gk_->contract : sk_->contract;
    check(clausesOf(contract, kPost), t, DiagCode::Post, "the postcondition", false);
    t.status = Thread::S::Done;
    t.stack.clear();
  }

  void atomic(const ir::Stmt &s, Thread &t) {
    Ctx c{&t};
    const ir::Expr &loc = *s.args[0];
    CellKey k = cellOf(loc, c, "an atomic on");
    std::vector<i128> ops;
    for (size_t i = 1; i < s.args.size(); ++i)
      ops.push_back(evalInt(*s.args[i], c));
    auto arg = [&](size_t i) { return i < ops.size() ? ops[i] : i128(0); };
    if (!positive(heldAt(t.held, k)))
      fail(Failure::Kind::Permission, DiagCode::PermRead, loc.range, {},
           fmt::format("{} runs an atomic on {} without permission to it", name(t), cellName(k)),
           false);
    recordAccess(t, k, true, true, loc.range);
    Array &a = arrays_[static_cast<size_t>(k.array)];
    i128 old = a.cells.count(k.index) ? a.cells[k.index] : 0;
    i128 v = old;
    const std::string &op = s.name;
    if (op == "add")
      v = old + arg(0);
    else if (op == "sub")
      v = old - arg(0);
    else if (op == "inc")
      v = old + 1;
    else if (op == "dec")
      v = old - 1;
    else if (op == "xchg")
      v = arg(0);
    else if (op == "cmpxchg")
      v = old == arg(0) ? arg(1) : old;
    else if (op == "min")
      v = std::min(old, arg(0));
    else if (op == "max")
      v = std::max(old, arg(0));
    else if (op == "and")
      v = old & arg(0);
    else if (op == "or")
      v = old | arg(0);
    else if (op == "xor")
      v = old ^ arg(0);
    else
      throw NotReplayable{"the atomic operation '" + op + "'"};
    if (bounded(loc.cint))
      v = wrap(v, loc.cint);
    a.cells[k.index] = v;
    if (s.target) {
      if (s.target->kind != ir::ExprKind::Var)
        throw NotReplayable{"an atomic's result stored into " + ir::toString(*s.target)};
      t.env[s.target->name] = Val::num(old);
    }
  }

  // ---- barriers ---------------------------------------------------------------------

  bool unfenced(const ir::Stmt &b, const CellKey &k) const {
    if (!b.fencesGiven)
      return false;
    return arrays_[static_cast<size_t>(k.array)].local ? !b.fences.local : !b.fences.global;
  }

  void barrier(const ir::Stmt &b, const std::vector<Thread *> &ts, size_t g) {
    tick(ts.size());
    bool seed = b.seedStyle;
    std::vector<const ir::Expr *> pre = clausesOf(b.clauses, kPre),
                                  post = clausesOf(b.clauses, kPost);
    std::map<int, Perms> handed;
    std::map<int, Perms> before;
    Perms in;
    for (Thread *t : ts) {
      if (seed)
        before[t->index] = t->held;
      check(pre, *t, DiagCode::BarrierPre, "the barrier's precondition", !seed, nullptr,
            &handed[t->index]);
      for (const auto &[k, a] : handed[t->index])
        in[k] = heldAt(in, k) + a;
    }
    // What the barrier hands out: within what the group handed in (seed: within the
    // group's resources), on unfenced memory only to the thread that held it.
    std::map<int, std::vector<PermAtom>> out;
    Perms total;
    std::unordered_map<CellKey, SourceRange, CellHash> firstAtom;
    for (Thread *t : ts) {
      Ctx c{t};
      c.clause = true;
      c.checkReads = false;
      bool ok = true;
      for (const ir::Expr *p : post)
        if (ok)
          ok = walk(
              *p, c,
              [&](const PermAtom &a) {
                out[t->index].push_back(a);
                total[a.cell] = heldAt(total, a.cell) + a.amount;
                firstAtom.emplace(a.cell, a.atom->range);
                const Perms &own = seed ? before[t->index] : handed[t->index];
                if (unfenced(b, a.cell) && cmp(heldAt(own, a.cell), a.amount) < 0)
                  fail(Failure::Kind::Permission, DiagCode::BarrierFence, a.atom->range, {},
                       fmt::format("the barrier at {} does not fence {} but hands {} of {} to {}, "
                                   "which {}",
                                   where(b.range), cellName(a.cell), str(a.amount),
                                   cellName(a.cell), name(*t),
                                   seed ? "did not hold it" : "did not hand it in"),
                       false);
              },
              [&](const ir::Expr &part, bool holds) {
                if (!holds)
                  fail(Failure::Kind::Clause, DiagCode::BarrierPost, part.range, {},
                       fmt::format("the barrier's postcondition '{}' is false for {} at {}{}",
                                   spell(part), name(*t), where(b.range), valuesOf(part, c)),
                       false);
              });
    }
    for (const auto &[k, a] : total) {
      Amount avail = seed ? groupResource(k) : heldAt(in, k);
      if (cmp(a, avail) > 0)
        fail(Failure::Kind::Permission, DiagCode::BarrierRedistribute, firstAtom.at(k), {},
             fmt::format("the barrier at {} hands out {} of {} but the group {} only {}",
                         where(b.range), str(a), cellName(k), seed ? "holds" : "handed in",
                         str(avail)),
             false);
    }
    for (Thread *t : ts) {
      if (seed)
        t->held.clear();
      for (const PermAtom &a : out[t->index])
        t->held[a.cell] = heldAt(t->held, a.cell) + a.amount;
    }
    if (!b.fencesGiven || b.fences.local)
      ++epochLocal_[g];
    if (!b.fencesGiven || b.fences.global)
      ++epochGlobal_[g];
  }

  // Seed kernels: the group's resources are all threads' global permissions and
  // its local arrays whole.
  Amount groupResource(const CellKey &k) const {
    if (arrays_[static_cast<size_t>(k.array)].local)
      return kFull;
    auto it = claims_.find(k);
    return it == claims_.end() ? kNone : it->second.sum;
  }

  // ---- permissions and memory ---------------------------------------------------

  static Amount heldAt(const Perms &p, const CellKey &k) {
    auto it = p.find(k);
    return it == p.end() ? kNone : it->second;
  }

  std::string cellName(const CellKey &k) const {
    return fmt::format("{}[{}]", arrays_[static_cast<size_t>(k.array)].name, k.index);
  }

  CellKey cellOf(const ir::Expr &index, Ctx &c, const char *what, bool checked = true) {
    if (index.kind != ir::ExprKind::Index)
      throw NotReplayable{"a location " + ir::toString(index)};
    Val a = eval(*index.args[0], c);
    i128 i = evalInt(*index.args[1], c);
    if (a.k != Val::K::Arr)
      throw NotReplayable{"an index into a non-array"};
    if (!checked)
      return {static_cast<int64_t>(a.i), static_cast<int64_t>(i)};
    if (a.i == 0)
      fail(Failure::Kind::Undefined, DiagCode::Null, index.args[0]->range, {},
           fmt::format("{} {} '{}', which is null", name(*c.t), what, spell(*index.args[0])), true,
           {c.t});
    const Array &arr = arrays_[static_cast<size_t>(a.i)];
    if (i < 0 || i >= arr.length)
      fail(Failure::Kind::Undefined, DiagCode::Bounds, index.args[1]->range, {},
           fmt::format("{} {} {}[{}], out of bounds (the length of {} is {})", name(*c.t), what,
                       arr.name, str(i), arr.name, str(arr.length)),
           true, {c.t});
    return {static_cast<int64_t>(a.i), static_cast<int64_t>(i)};
  }

  Val read(const ir::Expr &e, Ctx &c) {
    CellKey k = cellOf(e, c, c.clause ? "reads (in a specification)" : "reads");
    if (c.old) {
      const Snapshot &s = *c.t->oldMem;
      if (static_cast<size_t>(k.array) < s.size())
        if (auto it = s[static_cast<size_t>(k.array)].find(k.index);
            it != s[static_cast<size_t>(k.array)].end())
          return Val::num(it->second);
      return Val::num(0);
    }
    if (c.checkReads && !positive(heldAt(c.perms ? *c.perms : c.t->held, k)))
      fail(Failure::Kind::Permission, c.readCode, e.range, {},
           fmt::format("{} reads {}{} without permission to it{}", name(*c.t), cellName(k),
                       c.readCode == DiagCode::Framing ? " in a specification" : "",
                       c.readCode == DiagCode::Framing ? " (a clause frames itself, left to right)"
                                                       : ""),
           false, {c.t});
    if (!c.clause)
      recordAccess(*c.t, k, false, false, e.range);
    const Array &a = arrays_[static_cast<size_t>(k.array)];
    auto it = a.cells.find(k.index);
    return Val::num(it == a.cells.end() ? 0 : it->second);
  }

  void write(const ir::Expr &target, const Val &v, Thread &t) {
    Ctx c{&t};
    CellKey k = cellOf(target, c, "writes");
    Amount h = heldAt(t.held, k);
    if (cmp(h, kFull) < 0)
      fail(Failure::Kind::Permission, DiagCode::PermWrite, target.range, {},
           positive(h)
               ? fmt::format("{} writes {} holding only {} of it", name(t), cellName(k), str(h))
               : fmt::format("{} writes {} without permission to it", name(t), cellName(k)),
           false, {&t});
    recordAccess(t, k, true, false, target.range);
    i128 x = v.k == Val::K::Int || v.k == Val::K::Bool ? v.i : 0;
    if (bounded(target.cint))
      x = wrap(x, target.cint);
    arrays_[static_cast<size_t>(k.array)].cells[k.index] = x;
  }

  // Two threads, one cell, one barrier interval (or two work groups, which never
  // synchronise), at least one write and not both atomic: a race.
  void recordAccess(const Thread &t, const CellKey &k, bool write, bool atomic, SourceRange r) {
    const Array &arr = arrays_[static_cast<size_t>(k.array)];
    uint32_t epoch = arr.local ? epochLocal_[static_cast<size_t>(t.group)]
                               : epochGlobal_[static_cast<size_t>(t.group)];
    std::vector<Access> &list = accesses_[k];
    bool seen = false;
    for (const Access &a : list) {
      if (a.thread == t.index) {
        seen = seen || (a.epoch == epoch && a.write == write && a.atomic == atomic &&
                        a.range.begin.offset == r.begin.offset);
        continue;
      }
      if (!(a.write || write) || (a.atomic && atomic))
        continue;
      bool concurrent = a.group != t.group || a.epoch == epoch;
      if (!concurrent)
        continue;
      const Thread &o = threads_[static_cast<size_t>(a.thread)];
      auto kind = [](bool w, bool at) {
        return at ? std::string("atomic update") : w ? std::string("write") : std::string("read");
      };
      fail(Failure::Kind::Race, write ? DiagCode::PermWrite : DiagCode::PermRead, r, a.range,
           fmt::format("{} by {} at {} conflicts with {} by {} at {} (both access {}, {})",
                       kind(a.write, a.atomic), name(o), where(a.range), kind(write, atomic),
                       name(t), where(r), cellName(k),
                       a.group != t.group ? "from two work groups, which never synchronise"
                                          : "with no barrier between them"),
           false, {&o, &t});
      break;
    }
    if (!seen && list.size() < 32)
      list.push_back({t.index, t.group, epoch, write, atomic, r});
  }

  // The kernel's precondition for one thread: its permissions, claimed from the
  // launch's cells (all threads of all groups together hold at most one of each).
  void inhalePrecondition(const ir::Expr &pre, Thread &t) {
    Ctx c{&t};
    c.clause = true;
    c.readCode = DiagCode::Framing;
    walk(
        pre, c,
        [&](const PermAtom &a) {
          t.held[a.cell] = heldAt(t.held, a.cell) + a.amount;
          claim(a, t);
        },
        [&](const ir::Expr &part, bool holds) {
          if (!holds)
            throw Infeasible{fmt::format("the precondition '{}' is false for {}{}", spell(part),
                                         name(t), valuesOf(part, c))};
        });
  }

  void claim(const PermAtom &a, const Thread &t) {
    auto [it, fresh] =
        claims_.try_emplace(a.cell, Claim{a.amount, t.index, a.binders, a.atom->range});
    if (fresh)
      return;
    Claim &cl = it->second;
    Amount sum = cl.sum + a.amount;
    if (cmp(sum, kFull) > 0 && cmp(cl.sum, kFull) <= 0) {
      auto who = [&](int thread, const std::string &binders) {
        return name(threads_[static_cast<size_t>(thread)]) +
               (binders.empty() ? "" : " with " + binders);
      };
      bool same = cl.thread == t.index;
      fail(Failure::Kind::Claim, DiagCode::Injectivity, a.atom->range, cl.atom,
           fmt::format("{} and {} both claim {} ({} and {}, more than a full permission)",
                       who(cl.thread, cl.binders),
                       same && a.binders.empty() ? "again" : who(t.index, a.binders),
                       cellName(a.cell), str(cl.sum), str(a.amount)),
           false, {&threads_[static_cast<size_t>(cl.thread)], &t});
    }
    cl.sum = sum;
  }

  // Checks clause `e` for thread t as an exhale: its pure parts true, its
  // permissions held (summed over its atoms); with `commit`, takes them away.
  bool check(const ir::Expr &e, Thread &t, DiagCode code, const std::string &what, bool commit,
             const Val *result = nullptr, Perms *taken = nullptr, SourceRange at = {}) {
    return check(std::vector<const ir::Expr *>{&e}, t, code, what, commit, result, taken, at);
  }
  // The clauses together (their permissions add up; reads are framed by what the
  // thread holds before).
  bool check(const std::vector<const ir::Expr *> &es, Thread &t, DiagCode code,
             const std::string &what, bool commit, const Val *result = nullptr,
             Perms *taken = nullptr, SourceRange at = {}) {
    Perms remaining = t.held;
    // A postcondition must frame itself, left to right (vcgen's self-framing
    // check); other clauses read what the thread holds.
    Perms framed;
    bool selfFramed = code == DiagCode::Post;
    Ctx c{&t};
    c.clause = true;
    c.readCode = DiagCode::Framing;
    c.perms = selfFramed ? &framed : &t.held;
    c.result = result;
    bool ok = true;
    for (const ir::Expr *e : es)
      walk(
          *e, c,
          [&](const PermAtom &a) {
            framed[a.cell] = heldAt(framed, a.cell) + a.amount;
            Amount have = heldAt(remaining, a.cell);
            if (cmp(have, a.amount) < 0) {
              if (ok)
                fail(Failure::Kind::Permission, code, at.valid() ? at : a.atom->range, {},
                     fmt::format("{} needs {} of {} for {} and holds {}", name(t), str(a.amount),
                                 cellName(a.cell), what, positive(have) ? str(have) : "none"),
                     false, {&t});
              ok = false;
              remaining[a.cell] = kNone;
            } else {
              remaining[a.cell] = have - a.amount;
            }
            if (taken)
              (*taken)[a.cell] = heldAt(*taken, a.cell) + a.amount;
          },
          [&](const ir::Expr &part, bool holds) {
            if (!holds && ok) {
              fail(Failure::Kind::Clause, code, at.valid() ? at : part.range, {},
                   fmt::format("{} '{}' is false for {}{}", what, spell(part), name(t),
                               valuesOf(part, c)),
                   false, {&t});
              ok = false;
            }
          });
    if (commit) {
      for (auto it = remaining.begin(); it != remaining.end();)
        it = positive(it->second) ? std::next(it) : remaining.erase(it);
      t.held = std::move(remaining);
    }
    return ok;
  }

  // Walks resource formula `e`: permission atoms in order to onPerm, pure parts to
  // onPure (a false one ends a conjunction: `p != NULL && p[0] == 1`). Returns
  // whether every pure part held.
  bool walk(const ir::Expr &e, Ctx &c, const std::function<void(const PermAtom &)> &onPerm,
            const std::function<void(const ir::Expr &, bool)> &onPure,
            const std::string &binders = "") {
    tick();
    switch (e.kind) {
    case ir::ExprKind::Binary:
      if (e.binop == ir::BinOp::And || e.binop == ir::BinOp::Star)
        return walk(*e.args[0], c, onPerm, onPure, binders) &&
               walk(*e.args[1], c, onPerm, onPure, binders);
      if (e.binop == ir::BinOp::Implies)
        return !evalBool(*e.args[0], c) || walk(*e.args[1], c, onPerm, onPure, binders);
      break;
    case ir::ExprKind::Ite:
      if (e.type == ir::Type::Resource)
        return walk(evalBool(*e.args[0], c) ? *e.args[1] : *e.args[2], c, onPerm, onPure, binders);
      break;
    case ir::ExprKind::ForallStar: {
      bool ok = true;
      enumerate(e, c, [&](const std::string &values) {
        ok = walk(*e.args[1], c, onPerm, onPure,
                  binders.empty() ? values : binders + ", " + values) &&
             ok;
        return true;
      });
      return ok;
    }
    case ir::ExprKind::Perm:
    case ir::ExprKind::PointsTo: {
      CellKey k = cellOf(*e.args[0], c, "names", /*checked=*/false);
      Amount a = evalAmount(*e.args[1], c);
      if (k.array != 0 && positive(a) &&
          (k.index < 0 || k.index >= arrays_[static_cast<size_t>(k.array)].length))
        fail(Failure::Kind::Undefined, DiagCode::Bounds, e.args[0]->args[1]->range, {},
             fmt::format("{} names a permission to {}, outside the bounds of {} (length {})",
                         name(*c.t), cellName(k), arrays_[static_cast<size_t>(k.array)].name,
                         str(arrays_[static_cast<size_t>(k.array)].length)),
             false, {c.t});
      if (cmp(a, kNone) < 0)
        throw NotReplayable{"a negative permission amount"};
      onPerm({k, a, &e, binders});
      if (e.kind == ir::ExprKind::PointsTo) {
        Ctx r = c;
        r.checkReads = false;
        bool holds = evalInt(*e.args[0], r) == evalInt(*e.args[2], c);
        onPure(e, holds);
        return holds;
      }
      return true;
    }
    default:
      break;
    }
    bool holds = evalBool(e, c);
    onPure(e, holds);
    return holds;
  }

  // Runs `each` for every value of the binders of quantifier `q` (args[0] its
  // condition) that satisfies the condition; bounds from the condition's conjuncts.
  void enumerate(const ir::Expr &q, Ctx &c, const std::function<bool(const std::string &)> &each) {
    enumerateFrom(q, 0, c, "", each);
  }

  bool enumerateFrom(const ir::Expr &q, size_t k, Ctx &c, const std::string &values,
                     const std::function<bool(const std::string &)> &each) {
    if (k == q.binders.size()) {
      if (q.args[0] && !evalBool(*q.args[0], c))
        return true;
      return each(values);
    }
    const ir::Binder &b = q.binders[k];
    auto [lo, hi] = boundsOf(q, k, c);
    if (hi - lo > static_cast<i128>(opts_.maxSteps))
      throw NotReplayable{fmt::format("the quantifier over '{}' at {} ranges over {} values",
                                      ir::sourceName(b.name), where(q.range), str(hi - lo))};
    for (i128 v = lo; v < hi; ++v) {
      tick();
      bound_.emplace_back(b.name, Val::num(v));
      std::string vs = (values.empty() ? "" : values + ", ") +
                       fmt::format("{} = {}", ir::sourceName(b.name), str(v));
      bool go = enumerateFrom(q, k + 1, c, vs, each);
      bound_.pop_back();
      if (!go)
        return false;
    }
    return true;
  }

  std::pair<i128, i128> boundsOf(const ir::Expr &q, size_t k, Ctx &c) {
    const std::string &n = q.binders[k].name;
    std::vector<const ir::Expr *> parts;
    if (q.args[0])
      conjuncts(*q.args[0], parts);
    if (q.args.size() > 1 && q.args[1] && q.args[1]->kind == ir::ExprKind::Binary &&
        q.args[1]->binop == ir::BinOp::Implies)
      conjuncts(*q.args[1]->args[0], parts);
    std::optional<i128> lo, hi;
    auto usable = [&](const ir::Expr &x) {
      for (size_t j = k; j < q.binders.size(); ++j)
        if (mentions(x, q.binders[j].name))
          return false;
      return true;
    };
    for (const ir::Expr *p : parts) {
      if (p->kind != ir::ExprKind::Binary)
        continue;
      for (int side : {0, 1}) {
        const ir::Expr &v = *p->args[side], &other = *p->args[1 - side];
        if (v.kind != ir::ExprKind::Var || v.name != n || !usable(other))
          continue;
        ir::BinOp op = p->binop;
        if (side == 1) // other OP v  ==  v OP' other
          op = op == ir::BinOp::Lt   ? ir::BinOp::Gt
               : op == ir::BinOp::Le ? ir::BinOp::Ge
               : op == ir::BinOp::Gt ? ir::BinOp::Lt
               : op == ir::BinOp::Ge ? ir::BinOp::Le
                                     : op;
        if (op != ir::BinOp::Lt && op != ir::BinOp::Le && op != ir::BinOp::Gt &&
            op != ir::BinOp::Ge && op != ir::BinOp::Eq)
          continue;
        i128 x = evalInt(other, c);
        if (op == ir::BinOp::Lt || op == ir::BinOp::Le || op == ir::BinOp::Eq) {
          i128 h = op == ir::BinOp::Lt ? x : x + 1;
          hi = hi ? std::min(*hi, h) : h;
        }
        if (op == ir::BinOp::Gt || op == ir::BinOp::Ge || op == ir::BinOp::Eq) {
          i128 l = op == ir::BinOp::Gt ? x + 1 : x;
          lo = lo ? std::max(*lo, l) : l;
        }
      }
    }
    if (!lo || !hi)
      throw NotReplayable{fmt::format("the quantifier over '{}' at {} has no bounds to enumerate",
                                      ir::sourceName(n), where(q.range))};
    return {*lo, std::max(*lo, *hi)};
  }

  // ---- expressions ----------------------------------------------------------------

  bool bounded(ir::IntType t) const { return t.bounded() && !opts_.intMath; }

  static bool inType(i128 v, ir::IntType t) {
    i128 lo = t.isSigned ? -(i128(1) << (t.bits - 1)) : 0;
    i128 hi = t.isSigned ? (i128(1) << (t.bits - 1)) - 1 : (i128(1) << t.bits) - 1;
    return lo <= v && v <= hi;
  }
  static i128 wrap(i128 v, ir::IntType t) {
    unsigned __int128 m = (static_cast<unsigned __int128>(1) << t.bits) - 1;
    unsigned __int128 u = static_cast<unsigned __int128>(v) & m;
    i128 r = static_cast<i128>(u);
    if (t.isSigned && r >= (i128(1) << (t.bits - 1)))
      r -= i128(1) << t.bits;
    return r;
  }

  // The result of C arithmetic `e`: signed overflow is undefined behaviour,
  // unsigned arithmetic wraps.
  i128 arith(const ir::Expr &e, i128 r, Ctx &c) {
    if (!bounded(e.cint)) {
      constexpr i128 kLimit = i128(1) << 100;
      if (r > kLimit || r < -kLimit)
        throw NotReplayable{"an integer beyond 100 bits"};
      return r;
    }
    if (!e.cint.isSigned)
      return wrap(r, e.cint);
    if (!inType(r, e.cint))
      fail(Failure::Kind::Undefined, DiagCode::Overflow, e.range, {},
           fmt::format("'{}' overflows {} for {}: the value would be {}{}", spell(e),
                       ir::intTypeName(e.cint), name(*c.t), str(r), valuesOf(e, c)),
           true, {c.t});
    return r;
  }

  i128 evalInt(const ir::Expr &e, Ctx &c) {
    Val v = eval(e, c);
    if (v.k == Val::K::Int || v.k == Val::K::Bool)
      return v.i;
    if (v.k == Val::K::Amt && v.a.e.n == 0 && v.a.w.d == 1)
      return v.a.w.n;
    throw NotReplayable{"a non-integer value where an integer is expected: " + ir::toString(e)};
  }
  bool evalBool(const ir::Expr &e, Ctx &c) {
    Val v = eval(e, c);
    if (v.k == Val::K::Arr)
      return v.i != 0;
    if (v.k == Val::K::Amt)
      return positive(v.a);
    return v.i != 0;
  }
  Amount evalAmount(const ir::Expr &e, Ctx &c) {
    Val v = eval(e, c);
    if (v.k == Val::K::Amt)
      return v.a;
    if (v.k == Val::K::Int)
      return {Rat::of(v.i), Rat::of(0)};
    throw NotReplayable{"a permission amount " + ir::toString(e)};
  }

  Val lookup(const std::string &n, Ctx &c) {
    for (auto it = bound_.rbegin(); it != bound_.rend(); ++it)
      if (it->first == n)
        return it->second;
    const Thread &t = *c.t;
    if (c.old)
      if (auto it = t.oldEnv.find(n); it != t.oldEnv.end())
        return it->second;
    if (auto it = t.env.find(n); it != t.env.end())
      return it->second;
    if (n.size() == 5 && n[0] == '$' && n[4] >= '0' && n[4] <= '2') {
      int d = n[4] - '0';
      std::string kind = n.substr(1, 3);
      if (kind == "lid")
        return Val::num(t.lid[d]);
      if (kind == "grp")
        return Val::num(t.grp[d]);
      if (kind == "lsz")
        return Val::num(lsz_[d]);
      if (kind == "ngr")
        return Val::num(ngr_[d]);
    }
    if (n == "$wdim")
      return Val::num(wdim_);
    if (sk_) {
      if (n == "tid" || n == "lid")
        return Val::num(t.lid[0]);
      if (n == "gid")
        return Val::num(0);
      if (n == "gsize" || n == "tcount")
        return Val::num(lsz_[0]);
    }
    if (auto it = globals_.find(n); it != globals_.end())
      return it->second;
    throw NotReplayable{"the variable '" + ir::sourceName(n) + "'"};
  }

  Val eval(const ir::Expr &e, Ctx &c) {
    tick();
    switch (e.kind) {
    case ir::ExprKind::IntLit:
      return Val::num(e.intValue);
    case ir::ExprKind::BoolLit:
      return Val::boolean(e.boolValue);
    case ir::ExprKind::NullLit:
      return Val::array(0);
    case ir::ExprKind::PermConst:
      return Val::amount(e.permConst == ir::PermConst::Write  ? kFull
                         : e.permConst == ir::PermConst::Read ? Amount{Rat::of(0), Rat::of(1)}
                                                              : kNone);
    case ir::ExprKind::Var:
      return lookup(e.name, c);
    case ir::ExprKind::Unary:
      return unary(e, c);
    case ir::ExprKind::Binary:
      return binary(e, c);
    case ir::ExprKind::Ite:
      return evalBool(*e.args[0], c) ? eval(*e.args[1], c) : eval(*e.args[2], c);
    case ir::ExprKind::Index:
      return read(e, c);
    case ir::ExprKind::Length: {
      Val a = eval(*e.args[0], c);
      if (a.k != Val::K::Arr || a.i == 0)
        fail(Failure::Kind::Undefined, DiagCode::Null, e.range, {},
             fmt::format("{} takes the length of a null array", name(*c.t)), true, {c.t});
      return Val::num(arrays_[static_cast<size_t>(a.i)].length);
    }
    case ir::ExprKind::Call:
      return callPure(e, c);
    case ir::ExprKind::Old: {
      Ctx o = c;
      o.old = true;
      if (!c.t->oldMem)
        throw NotReplayable{"\\old outside a contract"};
      return eval(*e.args[0], o);
    }
    case ir::ExprKind::Result:
      if (!c.result)
        throw NotReplayable{"\\result outside a postcondition"};
      return *c.result;
    case ir::ExprKind::Forall:
    case ir::ExprKind::Exists: {
      bool all = e.kind == ir::ExprKind::Forall;
      bool result = all;
      enumerate(e, c, [&](const std::string &values) {
        if (evalBool(*e.args[1], c) == all)
          return true;
        result = !all;
        if (all && !muted_)
          forallValues_ = values + valuesOf(*e.args[1], c); // "i = 0 (a[0] = -1)"
        return false;
      });
      return Val::boolean(result);
    }
    case ir::ExprKind::Convert: {
      Val v = eval(*e.args[0], c);
      i128 x = v.k == Val::K::Amt ? evalInt(*e.args[0], c) : v.i;
      return Val::num(bounded(e.cint) ? wrap(x, e.cint) : x);
    }
    case ir::ExprKind::ForallStar:
    case ir::ExprKind::Perm:
    case ir::ExprKind::PointsTo: {
      // A resource in a pure position (a permission test): held or not.
      bool holds = true;
      Ctx r = c;
      walk(
          e, r,
          [&](const PermAtom &a) {
            holds = holds && cmp(heldAt(c.perms ? *c.perms : c.t->held, a.cell), a.amount) >= 0;
          },
          [&](const ir::Expr &, bool h) { holds = holds && h; });
      return Val::boolean(holds);
    }
    }
    throw NotReplayable{"an expression the replay does not model"};
  }

  Val unary(const ir::Expr &e, Ctx &c) {
    Val v = eval(*e.args[0], c);
    switch (e.unop) {
    case ir::UnOp::Not:
      return Val::boolean(!(v.k == Val::K::Amt ? positive(v.a) : v.i != 0));
    case ir::UnOp::Neg:
      if (v.k == Val::K::Amt)
        return Val::amount(kNone - v.a);
      return Val::num(arith(e, -v.i, c));
    case ir::UnOp::BitNot:
      return Val::num(arith(e, ~v.i, c));
    }
    return v;
  }

  static i128 floorDiv(i128 a, i128 b, i128 &mod) {
    // Euclidean: 0 <= mod < |b|.
    i128 r = a % b;
    if (r < 0)
      r += b < 0 ? -b : b;
    mod = r;
    return (a - r) / b;
  }

  Val binary(const ir::Expr &e, Ctx &c) {
    using ir::BinOp;
    BinOp op = e.binop;
    switch (op) {
    case BinOp::And:
    case BinOp::Star:
      return Val::boolean(evalBool(*e.args[0], c) && evalBool(*e.args[1], c));
    case BinOp::Or:
      return Val::boolean(evalBool(*e.args[0], c) || evalBool(*e.args[1], c));
    case BinOp::Implies:
      return Val::boolean(!evalBool(*e.args[0], c) || evalBool(*e.args[1], c));
    default:
      break;
    }
    Val a = eval(*e.args[0], c), b = eval(*e.args[1], c);
    bool frac = a.k == Val::K::Amt || b.k == Val::K::Amt || e.type == ir::Type::Frac ||
                op == BinOp::FracDiv;
    auto amount = [](const Val &v) {
      return v.k == Val::K::Amt ? v.a : Amount{Rat::of(v.i), Rat::of(0)};
    };
    auto divZero = [&](bool zero) {
      if (zero)
        fail(Failure::Kind::Undefined, DiagCode::DivZero, e.args[1]->range, {},
             fmt::format("{} divides by zero in '{}'{}", name(*c.t), spell(e), valuesOf(e, c)),
             true, {c.t});
    };
    switch (op) {
    case BinOp::Eq:
    case BinOp::Ne:
    case BinOp::Lt:
    case BinOp::Le:
    case BinOp::Gt:
    case BinOp::Ge: {
      int r;
      if (frac)
        r = cmp(amount(a), amount(b));
      else
        r = a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
      bool v = op == BinOp::Eq   ? r == 0
               : op == BinOp::Ne ? r != 0
               : op == BinOp::Lt ? r < 0
               : op == BinOp::Le ? r <= 0
               : op == BinOp::Gt ? r > 0
                                 : r >= 0;
      return Val::boolean(v);
    }
    default:
      break;
    }
    if (frac) {
      Amount x = amount(a), y = amount(b);
      switch (op) {
      case BinOp::Add:
        return Val::amount(x + y);
      case BinOp::Sub:
        return Val::amount(x - y);
      case BinOp::Mul:
        return Val::amount({x.w * y.w, x.w * y.e + x.e * y.w});
      case BinOp::FracDiv:
      case BinOp::Div:
        if (y.e.n != 0)
          throw NotReplayable{"a division by a read fraction"};
        divZero(y.w.n == 0);
        return Val::amount({x.w * Rat::of(y.w.d, y.w.n), x.e * Rat::of(y.w.d, y.w.n)});
      default:
        throw NotReplayable{"fraction arithmetic " + ir::toString(e)};
      }
    }
    i128 x = a.i, y = b.i;
    switch (op) {
    case BinOp::Add:
      return Val::num(arith(e, x + y, c));
    case BinOp::Sub:
      return Val::num(arith(e, x - y, c));
    case BinOp::Mul: {
      // Magnitudes below 2^64 (every C value is): the product fits 128 bits unsigned.
      auto mag = [](i128 v) {
        return v < 0 ? static_cast<unsigned __int128>(-v) : static_cast<unsigned __int128>(v);
      };
      if ((mag(x) >> 64) != 0 || (mag(y) >> 64) != 0)
        throw NotReplayable{"a product of integers beyond 64 bits"};
      unsigned __int128 p = mag(x) * mag(y);
      bool negative = (x < 0) != (y < 0);
      if (bounded(e.cint) && !e.cint.isSigned) {
        unsigned __int128 m = (static_cast<unsigned __int128>(1) << e.cint.bits) - 1;
        unsigned __int128 r = negative ? (0 - p) & m : p & m;
        return Val::num(static_cast<i128>(r));
      }
      if ((p >> 120) != 0)
        throw NotReplayable{"an integer beyond 120 bits"};
      return Val::num(arith(e, negative ? -static_cast<i128>(p) : static_cast<i128>(p), c));
    }
    case BinOp::Div:
    case BinOp::Mod: {
      divZero(y == 0);
      i128 m;
      i128 q = floorDiv(x, y, m);
      return Val::num(arith(e, op == BinOp::Div ? q : m, c));
    }
    case BinOp::TDiv:
    case BinOp::TMod:
      divZero(y == 0);
      return Val::num(arith(e, op == BinOp::TDiv ? x / y : x % y, c));
    case BinOp::BitAnd:
      return Val::num(arith(e, x & y, c));
    case BinOp::BitOr:
      return Val::num(arith(e, x | y, c));
    case BinOp::BitXor:
      return Val::num(arith(e, x ^ y, c));
    case BinOp::Shl:
    case BinOp::Shr: {
      int bits = bounded(e.cint) ? e.cint.bits : 0;
      if (y < 0 || (bits && y >= bits))
        fail(Failure::Kind::Undefined, DiagCode::Shift, e.range, {},
             fmt::format("{} shifts by {} in '{}'{}", name(*c.t), str(y), spell(e), valuesOf(e, c)),
             true, {c.t});
      if (!bits && y > 90)
        throw NotReplayable{"a shift beyond 90 bits"};
      if (op == BinOp::Shr)
        return Val::num(x >> static_cast<int>(y));
      if (bits && e.cint.isSigned && (x < 0 || (x >> (bits - 1 - static_cast<int>(y))) != 0))
        fail(Failure::Kind::Undefined, DiagCode::Shift, e.range, {},
             fmt::format("{} shifts {} left by {} in '{}', which overflows {}", name(*c.t), str(x),
                         str(y), spell(e), ir::intTypeName(e.cint)),
             true, {c.t});
      unsigned __int128 u = static_cast<unsigned __int128>(x) << static_cast<int>(y);
      return Val::num(arith(
          e, bits && !e.cint.isSigned ? wrap(static_cast<i128>(u), e.cint) : static_cast<i128>(u),
          c));
    }
    default:
      break;
    }
    throw NotReplayable{"the operator " + std::string(ir::binOpSpelling(op))};
  }

  Val callPure(const ir::Expr &e, Ctx &c) {
    if (e.name.rfind("$f", 0) == 0 || e.name.rfind("$i2f", 0) == 0)
      throw NotReplayable{"floating-point values (kprove models them as opaque)"};
    const ir::Method *m = findMethod(e.name, true);
    if (!m || !m->pureBody)
      throw NotReplayable{"the function '" + e.name + "', which has no body"};
    if (m->params.size() != e.args.size())
      throw NotReplayable{"a call of '" + e.name + "' with another number of arguments"};
    if (++depth_ > 500)
      throw NotReplayable{"pure function calls nested deeper than 500"};
    std::vector<std::pair<std::string, Val>> args;
    for (size_t i = 0; i < e.args.size(); ++i)
      args.emplace_back(m->params[i].name, eval(*e.args[i], c));
    // The function's body sees its parameters only (and the heap).
    std::vector<std::pair<std::string, Val>> saved;
    saved.swap(bound_);
    bound_ = args;
    Env env;
    Env oldEnv;
    Thread &t = *c.t;
    std::swap(env, t.env);
    std::swap(oldEnv, t.oldEnv);
    Val r;
    try {
      for (const ir::Expr *pre : clausesOf(m->contract, kPre)) {
        Ctx pc = c;
        if (!evalBool(*pre, pc))
          fail(
              Failure::Kind::Clause, DiagCode::FnPre, e.range, {},
              fmt::format("the precondition of '{}' is false for {} at this call", e.name, name(t)),
              true);
      }
      r = eval(*m->pureBody, c);
    } catch (...) {
      std::swap(env, t.env);
      std::swap(oldEnv, t.oldEnv);
      bound_.swap(saved);
      --depth_;
      throw;
    }
    std::swap(env, t.env);
    std::swap(oldEnv, t.oldEnv);
    bound_.swap(saved);
    --depth_;
    return r;
  }

  // ---- reporting ---------------------------------------------------------------------

  std::string where(SourceRange r) const {
    if (!r.valid())
      return "?";
    LineCol lc = sources_.lineCol(r.begin);
    return fmt::format("{}:{}:{}",
                       std::filesystem::path(sources_.path(r.begin.file)).filename().string(),
                       lc.line, lc.col);
  }

  std::string name(const Thread &t) const {
    if (sk_)
      return fmt::format("thread tid = {}", t.lid[0]);
    std::string ids, groups;
    for (int d = 0; d < 3; ++d)
      if (used_[d] && (d == 0 || lsz_[d] > 1 || ngr_[d] > 1)) {
        ids += fmt::format("{}{} = {}", ids.empty() ? "" : ", ",
                           ir::gpuBuiltinSpelling(ir::gpuBuiltinName("lid", d), cuda_), t.lid[d]);
        groups +=
            fmt::format("{}{} = {}", groups.empty() ? "" : ", ",
                        ir::gpuBuiltinSpelling(ir::gpuBuiltinName("grp", d), cuda_), t.grp[d]);
      }
    return fmt::format("thread {} ({})", ids, groups);
  }

  std::string spell(const ir::Expr &e) const {
    const SourceRange &r = e.range;
    if (r.valid() && r.end.file == r.begin.file && r.end.offset > r.begin.offset &&
        r.end.offset - r.begin.offset <= 120) {
      std::string_view file = sources_.text(r.begin.file);
      if (r.end.offset <= file.size()) {
        std::string_view text = file.substr(r.begin.offset, r.end.offset - r.begin.offset);
        bool quantifier = e.kind == ir::ExprKind::Forall || e.kind == ir::ExprKind::Exists ||
                          e.kind == ir::ExprKind::ForallStar;
        if (text.find_first_of(quantifier ? "{}" : ";{}") == std::string_view::npos &&
            text.find("//") == std::string_view::npos) {
          // One line: runs of white space (a clause over several lines) as one space.
          std::string out;
          for (char ch : text)
            if (ch == '\n' || ch == '\t' || ch == ' ') {
              if (!out.empty() && out.back() != ' ')
                out += ' ';
            } else {
              out += ch;
            }
          return out;
        }
      }
    }
    return ir::toString(e);
  }

  // The values of the variables and cells a (false) expression reads: " (n = 3,
  // b[2] = 0)".
  std::string valuesOf(const ir::Expr &e, Ctx &c) {
    std::vector<std::string> parts;
    std::set<std::string> seen;
    std::function<void(const ir::Expr &, bool)> visit = [&](const ir::Expr &x, bool old) {
      if (parts.size() >= 8)
        return;
      if (x.kind == ir::ExprKind::Forall || x.kind == ir::ExprKind::Exists ||
          x.kind == ir::ExprKind::ForallStar)
        return; // the binders have no value here
      if (x.kind == ir::ExprKind::Old) {
        visit(*x.args[0], true);
        return;
      }
      try {
        Ctx q = c;
        q.checkReads = false;
        q.clause = true;
        q.old = old;
        if (x.kind == ir::ExprKind::Var) {
          // The user's variables (thread ids and sizes are in the thread's name and
          // the launch).
          std::string shown;
          bool isBound = std::any_of(bound_.begin(), bound_.end(),
                                     [&](const auto &b) { return b.first == x.name; });
          if (!isBound && x.name.find('$') == std::string::npos &&
              !(sk_ && (x.name == "tid" || x.name == "lid" || x.name == "gid" ||
                        x.name == "gsize" || x.name == "tcount")))
            shown = ir::sourceName(x.name);
          Val v = eval(x, q);
          if (!shown.empty() && v.k == Val::K::Int && seen.insert(shown).second)
            parts.push_back(fmt::format("{} = {}", old ? "\\old(" + shown + ")" : shown, str(v.i)));
          return;
        }
        if (x.kind == ir::ExprKind::Index) {
          CellKey k = cellOf(x, q, "reads");
          Val v = eval(x, q);
          std::string shown = (old ? "\\old(" : "") + cellName(k) + (old ? ")" : "");
          if (seen.insert(shown).second)
            parts.push_back(fmt::format("{} = {}", shown, str(v.i)));
        }
      } catch (const NotReplayable &) {
        return;
      } catch (const Stop &) {
        return;
      }
      for (const ir::ExprPtr &a : x.args)
        if (a)
          visit(*a, old);
    };
    bool muted = muted_;
    muted_ = true; // evaluating for the message reports nothing
    visit(e, c.old);
    muted_ = muted;
    std::string out;
    if (!forallValues_.empty() && e.kind == ir::ExprKind::Forall) {
      out = " with " + forallValues_;
      forallValues_.clear();
    }
    for (const std::string &p : parts)
      out += (out.empty() ? " (" : ", ") + p;
    if (!parts.empty())
      out += ")";
    return out;
  }

  // Whether thread t is the one the inputs name (the model's thread).
  bool isFocus(const Thread &t) const {
    if (!focus_)
      return false;
    for (int d = 0; d < 3; ++d)
      if (t.lid[d] != (*focus_)[static_cast<size_t>(d)] ||
          t.grp[d] != (*focus_)[static_cast<size_t>(d) + 3])
        return false;
    return true;
  }

  // Records a failure once per kind, code and places, and once more for the
  // model's thread; `threads` are the threads involved.
  void fail(Failure::Kind kind, DiagCode code, SourceRange range, SourceRange other,
            std::string text, bool fatal, std::vector<const Thread *> threads = {}) {
    bool focus = false;
    for (const Thread *t : threads)
      focus = focus || isFocus(*t);
    auto key = std::make_tuple(static_cast<int>(kind), static_cast<int>(code), range.begin.offset,
                               other.begin.offset, focus);
    if (!muted_ && failures_.size() < 128 && reported_.insert(key).second)
      failures_.push_back({kind, code, range, other, std::move(text), focus});
    if (fatal)
      throw Stop{};
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
  uint64_t steps_ = 0;
  int depth_ = 0;
};

} // namespace

bool overlaps(SourceRange a, SourceRange b) {
  if (!a.valid() || !b.valid() || a.begin.file != b.begin.file)
    return false;
  if (a.begin.offset == b.begin.offset)
    return true;
  return a.begin.offset < b.end.offset && b.begin.offset < a.end.offset;
}

namespace {

bool permissionCode(DiagCode c) {
  switch (c) {
  case DiagCode::PermRead:
  case DiagCode::PermWrite:
  case DiagCode::Framing:
  case DiagCode::Injectivity:
  case DiagCode::Resources:
  case DiagCode::KernelSpec:
    return true;
  default:
    return false;
  }
}

// Preconditions that pin a name to a literal (`blockDim.x == 64`, `n == 8`).
void collectPins(const ir::Expr &e, std::map<std::string, int64_t> &pins) {
  std::vector<const ir::Expr *> parts;
  conjuncts(e, parts);
  for (const ir::Expr *p : parts)
    if (p->kind == ir::ExprKind::Binary && p->binop == ir::BinOp::Eq)
      for (int side : {0, 1})
        if (p->args[side]->kind == ir::ExprKind::Var &&
            p->args[1 - side]->kind == ir::ExprKind::IntLit)
          pins.emplace(p->args[side]->name, p->args[1 - side]->intValue);
}

} // namespace

Outcome run(const ir::Program &program, const std::string &kernel, const Inputs &inputs,
            const SourceManager &sources, const Options &opts) {
  return Interpreter(program, sources, opts).run(kernel, inputs);
}

std::vector<Inputs> smallLaunches(const ir::Program &program, const std::string &kernel,
                                  const Inputs &model, size_t limit) {
  const ir::GpuKernel *gk = nullptr;
  const ir::Kernel *sk = nullptr;
  for (const ir::GpuKernel &k : program.gpuKernels)
    if (k.name == kernel)
      gk = &k;
  for (const ir::Kernel &k : program.kernels)
    if (k.name == kernel)
      sk = &k;
  std::map<std::string, int64_t> pins;
  for (const ir::Expr *c : clausesOf(gk   ? gk->contract
                                     : sk ? sk->contract
                                          : std::vector<ir::Clause>{},
                                     kPre))
    collectPins(*c, pins);
  // Dimensions: (name, options) in order; the product, fewest threads first.
  std::vector<std::pair<std::string, std::vector<int64_t>>> axes;
  auto sizes = [&](const std::string &n, std::vector<int64_t> dflt) {
    if (auto it = pins.find(n); it != pins.end())
      return std::vector<int64_t>{it->second};
    return dflt;
  };
  if (sk) {
    axes.push_back({"gsize", sizes("gsize", {1, 2, 3, 4, 5, 6, 7, 8})});
  } else if (gk) {
    for (int d = 0; d < 3; ++d) {
      if (!gk->dims[d])
        continue;
      axes.push_back({ir::gpuBuiltinName("lsz", d),
                      sizes(ir::gpuBuiltinName("lsz", d), {1, 2, 3, 4, 5, 6, 7, 8})});
      axes.push_back({ir::gpuBuiltinName("ngr", d), sizes(ir::gpuBuiltinName("ngr", d), {1, 2})});
    }
    for (const ir::Param &p : gk->params) {
      if (p.type == ir::Type::Bool) {
        axes.push_back({p.name, sizes(p.name, {0, 1})});
      } else if (p.type == ir::Type::Int) {
        std::vector<int64_t> vs;
        if (auto it = model.find(p.name); it != model.end() && it->second >= -8 && it->second <= 64)
          vs.push_back(it->second);
        for (int64_t v : {0, 1, 2, 3, 4, 7, 8, 16})
          if (std::find(vs.begin(), vs.end(), v) == vs.end() && p.cint.holds(v))
            vs.push_back(v);
        axes.push_back({p.name, sizes(p.name, vs)});
      }
    }
    for (const ir::KernelArray &a : gk->locals)
      if (a.length && a.length->kind == ir::ExprKind::Var)
        axes.push_back({a.length->name, sizes(a.length->name, {64})});
  } else {
    return {};
  }
  // Contents: cell i holding i + 1 first (distinct, positive values show index
  // shifts and wrong values), then zeros, then i - 1 (a negative first cell).
  axes.push_back({"$fill", {1, 0, 2}});
  std::vector<Inputs> out;
  // How far a candidate's parameters and contents are from the first choices (the
  // model's values, contents i + 1): every launch size with the first choices comes
  // before any with the second, so a bounded search sees launches of several threads.
  std::vector<size_t> at(axes.size(), 0);
  constexpr size_t kMaxCandidates = 20000;
  for (;;) {
    Inputs in;
    size_t r = 0;
    for (size_t i = 0; i < axes.size(); ++i) {
      in[axes[i].first] = axes[i].second[at[i]];
      const std::string &n = axes[i].first;
      if (n.rfind("$lsz", 0) != 0 && n.rfind("$ngr", 0) != 0 && n != "gsize")
        r += at[i];
    }
    in["$rank"] = static_cast<int64_t>(r);
    out.push_back(std::move(in));
    if (out.size() >= kMaxCandidates)
      break;
    size_t i = 0;
    while (i < axes.size() && ++at[i] == axes[i].second.size())
      at[i++] = 0;
    if (i == axes.size())
      break;
  }
  auto threads = [](const Inputs &in) {
    int64_t n = 1;
    for (const auto &[k, v] : in)
      if (k.rfind("$lsz", 0) == 0 || k.rfind("$ngr", 0) == 0 || k == "gsize")
        n *= v;
    return n;
  };
  std::stable_sort(out.begin(), out.end(), [&](const Inputs &a, const Inputs &b) {
    return std::make_pair(a.at("$rank"), threads(a)) < std::make_pair(b.at("$rank"), threads(b));
  });
  for (Inputs &in : out)
    in.erase("$rank");
  // Lengths the precondition does not fix: the global size, and a larger one.
  if (gk) {
    std::vector<Inputs> withLengths;
    for (const Inputs &in : out) {
      int64_t total = threads(in);
      std::vector<std::string> free;
      for (const ir::Param &p : gk->params)
        if (p.type == ir::Type::IntArray) {
          bool fixedByPre = false;
          for (const ir::Expr *c : clausesOf(gk->contract, kPre)) {
            std::vector<const ir::Expr *> parts;
            conjuncts(*c, parts);
            for (const ir::Expr *q : parts)
              if (q->kind == ir::ExprKind::Binary && q->binop == ir::BinOp::Eq)
                for (int side : {0, 1})
                  fixedByPre = fixedByPre || (q->args[side]->kind == ir::ExprKind::Length &&
                                              q->args[side]->args[0]->kind == ir::ExprKind::Var &&
                                              q->args[side]->args[0]->name == p.name);
          }
          if (!fixedByPre)
            free.push_back(p.name);
        }
      for (int64_t len : {total, 4 * total + 16}) {
        Inputs x = in;
        for (const std::string &f : free)
          x["len:" + f] = len;
        withLengths.push_back(std::move(x));
        if (free.empty())
          break;
      }
      if (withLengths.size() >= limit)
        break;
    }
    out = std::move(withLengths);
  }
  if (out.size() > limit)
    out.resize(limit);
  return out;
}

bool matches(const Failure &f, DiagCode code, SourceRange range) {
  bool here = overlaps(f.range, range) || (f.other.valid() && overlaps(f.other, range));
  switch (f.kind) {
  case Failure::Kind::Race:
    return permissionCode(code) && here;
  case Failure::Kind::Claim:
    return (code == DiagCode::Injectivity || code == DiagCode::Resources ||
            code == DiagCode::KernelSpec) &&
           here;
  case Failure::Kind::Permission:
    if (permissionCode(code) && permissionCode(f.code))
      return overlaps(f.range, range);
    break;
  default:
    break;
  }
  return f.code == code && overlaps(f.range, range);
}

} // namespace kprove::replay
