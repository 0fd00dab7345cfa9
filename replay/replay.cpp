// Replay (replay/): the public API of replay.h (run, smallLaunches, matches,
// overlaps) and the run's set-up from the inputs: launch sizes, parameters, array
// lengths and contents, the work groups and threads that run.
#include "replay/replay.h"

#include "replay/machine.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace kprove::replay {

namespace detail {

namespace {

// The kernel named `name`: a GPU kernel, a seed kernel (the last of each of that
// name), or neither.
std::pair<const ir::GpuKernel *, const ir::Kernel *> findKernel(const ir::Program &program,
                                                                const std::string &name) {
  const ir::GpuKernel *gk = nullptr;
  const ir::Kernel *sk = nullptr;
  for (const ir::GpuKernel &k : program.gpuKernels)
    if (k.name == name)
      gk = &k;
  for (const ir::Kernel &k : program.kernels)
    if (k.name == name)
      sk = &k;
  return {gk, sk};
}

} // namespace

// Runs `body` and turns how it ended (normally, not replayable, on inputs that do
// not meet the precondition, stopped by a fatal failure) and what the run observed
// into an Outcome.
Outcome Interpreter::outcomeOf(const std::function<void(Outcome &)> &body) {
  Outcome out;
  try {
    body(out);
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
  out.wholeLaunch = !partial_ && !single_ && !threads_.empty();
  out.threads = threads_.size();
  return out;
}

Outcome Interpreter::run(const std::string &kernel, const Inputs &inputs) {
  return outcomeOf([&](Outcome &out) {
    if (!setUp(kernel, inputs))
      throw NotReplayable{"no kernel '" + kernel + "'"};
    out.launch = launchText();
    runAll();
  });
}

// A method's precondition on concrete values: the parameters from the inputs (the
// arrays distinct, lengths from the inputs or fixed by the precondition), one
// thread of a one-thread launch (a method may be called from any launch).
Outcome Interpreter::checkPrecondition(const std::string &method, const Inputs &in) {
  return outcomeOf([&](Outcome &) {
    const ir::Method *m = findMethod(method, false);
    if (!m)
      throw NotReplayable{"no method '" + method + "'"};
    arrays_.push_back({"null", 0, false, {}, {}}); // id 0
    groups_.push_back({0, 0, 0});
    makeThreads();
    setScalars(m->params, in);
    setArrays(m->params, m->contract, in);
    fill(in);
    Thread &t = threads_[0];
    t.env = globals_;
    t.oldEnv = t.env;
    for (const ir::Expr *pre : clausesOf(m->contract, kPre))
      defineCells(*pre, t);
    for (const ir::Expr *pre : clausesOf(m->contract, kPre))
      inhalePrecondition(*pre, t);
  });
}

int64_t Interpreter::input(const Inputs &in, const std::string &name, const std::string &what) {
  auto it = in.find(name);
  if (it == in.end())
    throw NotReplayable{"the solver's model gives no value for " + what};
  return it->second;
}

bool Interpreter::setUp(const std::string &kernel, const Inputs &in) {
  std::tie(gk_, sk_) = findKernel(program_, kernel);
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
  setScalars(gk_->params, in);
  for (const ir::KernelArray &a : gk_->locals)
    if (a.space != ir::MemorySpace::Local)
      throw NotReplayable{"a private array, constant or __device__ memory ('" + a.name + "')"};
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
  setArrays(gk_->params, gk_->contract, in);
  fill(in);
  makeThreads();
  return true;
}

// The scalar parameters' values from the inputs; a parameter of another type
// than an integer, a boolean or an array is not replayable.
void Interpreter::setScalars(const std::vector<ir::Param> &params, const Inputs &in) {
  for (const ir::Param &p : params) {
    if (p.type == ir::Type::Int || p.type == ir::Type::Bool) {
      int64_t v = input(in, p.name, "parameter '" + p.name + "'");
      globals_[p.name] = p.type == ir::Type::Bool ? Val::boolean(v != 0) : Val::num(v);
      inputsShown_.push_back(fmt::format("{} = {}", ir::sourceName(p.name), v));
    } else if (p.type != ir::Type::IntArray) {
      throw NotReplayable{"a parameter of type " + std::string(ir::typeName(p.type))};
    }
  }
}

// The array parameters, each its own array, of the model's length ("len:a") or the
// one the precondition `contract` fixes (evaluated in the first thread).
void Interpreter::setArrays(const std::vector<ir::Param> &params,
                            const std::vector<ir::Clause> &contract, const Inputs &in) {
  std::map<std::string, const ir::Expr *> fixed = fixedLengths(contract);
  for (const ir::Param &p : params) {
    if (p.type != ir::Type::IntArray)
      continue;
    i128 len;
    if (auto it = in.find("len:" + p.name); it != in.end()) {
      len = it->second;
    } else if (auto f = fixed.find(p.name); f != fixed.end()) {
      bool temporary = threads_.empty();
      if (temporary)
        makeThreads();
      Ctx c{&threads_[0]};
      c.clause = true;
      c.checkReads = false;
      len = evalInt(*f->second, c);
      if (temporary)
        threads_.clear();
    } else {
      throw NotReplayable{"the solver's model gives no length of '" + p.name + "'"};
    }
    if (len < 0)
      throw Infeasible{"a negative length"};
    globals_[p.name] = Val::array(addArray(ir::sourceName(p.name), len, false, p.cint));
    inputsShown_.push_back(fmt::format("length of {} = {}", ir::sourceName(p.name), str(len)));
  }
}

// Initial contents of the parameters' arrays: the pattern "$fill", then the
// cells the model shows.
void Interpreter::fill(const Inputs &in) {
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
    inputsShown_.push_back(mode == 1 ? "every cell i holding i + 1" : "every cell i holding i - 1");
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

void Interpreter::checkSize() {
  i128 perGroup = i128(lsz_[0]) * lsz_[1] * lsz_[2];
  if (perGroup > static_cast<i128>(opts_.maxThreads))
    throw NotReplayable{fmt::format("the launch has {} threads per work group (the replay runs "
                                    "at most {})",
                                    str(perGroup), opts_.maxThreads)};
}

bool Interpreter::hasBarrierIn(const std::vector<ir::StmtPtr> &body, bool &calls) {
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

bool Interpreter::hasBarrier() const {
  bool calls = false;
  if (hasBarrierIn(gk_->body, calls))
    return true;
  if (calls)
    for (const ir::Method &m : program_.methods)
      if (m.body && hasBarrierIn(*m.body, calls))
        return true;
  return false;
}

void Interpreter::pickSingleThreads(const Inputs &in) {
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
  inputsShown_.push_back(
      fmt::format("only the model's thread{} of the {} per work group (the kernel has no barrier)",
                  singles_.size() > 1 ? "s" : "", str(i128(lsz_[0]) * lsz_[1] * lsz_[2])));
}

// All groups when the launch is small enough, else the groups of the thread(s)
// the check is about.
void Interpreter::pickGroups(const Inputs &in) {
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

std::map<std::string, const ir::Expr *>
Interpreter::fixedLengths(const std::vector<ir::Clause> &contract) {
  std::map<std::string, const ir::Expr *> out;
  for (const ir::Expr *c : clausesOf(contract, kPre)) {
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

int64_t Interpreter::addArray(std::string name, i128 length, bool local, ir::IntType elem) {
  arrays_.push_back({std::move(name), length, local, {}, elem});
  return static_cast<int64_t>(arrays_.size() - 1);
}

void Interpreter::makeThreads() {
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

std::string Interpreter::launchText() const {
  std::string s;
  for (const std::string &p : inputsShown_)
    s += (s.empty() ? "" : ", ") + p;
  return s;
}

} // namespace detail

using detail::clausesOf;
using detail::conjuncts;
using detail::Interpreter;
using detail::kPre;

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

// Every combination of the axes' values and of the initial contents (cell i
// holding i + 1 first: distinct, positive values show index shifts and wrong
// values; then zeros, then i - 1, a negative first cell), nearest to the first
// choices first: every launch size with the first choices (the model's values)
// comes before any with the second, so a bounded search sees launches of several
// threads. Within one distance, fewest threads first.
std::vector<Inputs> rankedProduct(std::vector<std::pair<std::string, std::vector<int64_t>>> axes) {
  axes.push_back({"$fill", {1, 0, 2}});
  std::vector<Inputs> out;
  std::vector<size_t> at(axes.size(), 0);
  constexpr size_t kMaxCandidates = 20000;
  auto isSize = [](const std::string &n) {
    return n.rfind("$lsz", 0) == 0 || n.rfind("$ngr", 0) == 0 || n == "gsize";
  };
  for (;;) {
    Inputs in;
    size_t r = 0;
    for (size_t i = 0; i < axes.size(); ++i) {
      in[axes[i].first] = axes[i].second[at[i]];
      if (!isSize(axes[i].first))
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
  auto threads = [&](const Inputs &in) {
    int64_t n = 1;
    for (const auto &[k, v] : in)
      if (isSize(k))
        n *= v;
    return n;
  };
  std::stable_sort(out.begin(), out.end(), [&](const Inputs &a, const Inputs &b) {
    return std::make_pair(a.at("$rank"), threads(a)) < std::make_pair(b.at("$rank"), threads(b));
  });
  for (Inputs &in : out)
    in.erase("$rank");
  return out;
}

// Values to try for an integer parameter: the model's (when small), then a few
// small ones of its type.
std::vector<int64_t> smallValues(const Inputs &model, const std::string &name, ir::IntType t) {
  std::vector<int64_t> vs;
  if (auto it = model.find(name); it != model.end() && it->second >= -8 && it->second <= 64)
    vs.push_back(it->second);
  for (int64_t v : {0, 1, 2, 3, 4, 7, 8, 16})
    if (std::find(vs.begin(), vs.end(), v) == vs.end() && t.holds(v))
      vs.push_back(v);
  return vs;
}

Outcome run(const ir::Program &program, const std::string &kernel, const Inputs &inputs,
            const SourceManager &sources, const Options &opts) {
  return Interpreter(program, sources, opts).run(kernel, inputs);
}

Outcome checkPrecondition(const ir::Program &program, const std::string &method,
                          const Inputs &inputs, const SourceManager &sources, const Options &opts) {
  return Interpreter(program, sources, opts).checkPrecondition(method, inputs);
}

std::vector<Inputs> smallCalls(const ir::Program &program, const std::string &method,
                               const Inputs &model, size_t limit) {
  const ir::Method *m = nullptr;
  for (const ir::Method &x : program.methods)
    if (x.name == method && !x.pure)
      m = &x;
  if (!m)
    return {};
  std::map<std::string, int64_t> pins;
  for (const ir::Expr *c : clausesOf(m->contract, kPre))
    collectPins(*c, pins);
  auto values = [&](const std::string &n, std::vector<int64_t> dflt) {
    if (auto it = pins.find(n); it != pins.end())
      return std::vector<int64_t>{it->second};
    return dflt;
  };
  std::map<std::string, const ir::Expr *> fixed = detail::Interpreter::fixedLengths(m->contract);
  std::vector<std::pair<std::string, std::vector<int64_t>>> axes;
  for (const ir::Param &p : m->params) {
    if (p.type == ir::Type::Bool) {
      axes.push_back({p.name, values(p.name, {0, 1})});
    } else if (p.type == ir::Type::Int) {
      axes.push_back({p.name, values(p.name, smallValues(model, p.name, p.cint))});
    } else if (p.type == ir::Type::IntArray && !fixed.count(p.name)) {
      std::vector<int64_t> lens;
      if (auto it = model.find("len:" + p.name);
          it != model.end() && it->second >= 0 && it->second <= 64)
        lens.push_back(it->second);
      for (int64_t v : {1, 4, 16, 0})
        if (std::find(lens.begin(), lens.end(), v) == lens.end())
          lens.push_back(v);
      axes.push_back({"len:" + p.name, lens});
    }
  }
  std::vector<Inputs> out = rankedProduct(std::move(axes));
  if (out.size() > limit)
    out.resize(limit);
  return out;
}

std::vector<Inputs> smallLaunches(const ir::Program &program, const std::string &kernel,
                                  const Inputs &model, size_t limit) {
  const ir::GpuKernel *gk = nullptr;
  const ir::Kernel *sk = nullptr;
  std::tie(gk, sk) = detail::findKernel(program, kernel);
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
        axes.push_back({p.name, sizes(p.name, smallValues(model, p.name, p.cint))});
      }
    }
    for (const ir::KernelArray &a : gk->locals)
      if (a.length && a.length->kind == ir::ExprKind::Var)
        axes.push_back({a.length->name, sizes(a.length->name, {64})});
  } else {
    return {};
  }
  std::vector<Inputs> out = rankedProduct(std::move(axes));
  auto threads = [](const Inputs &in) {
    int64_t n = 1;
    for (const auto &[k, v] : in)
      if (k.rfind("$lsz", 0) == 0 || k.rfind("$ngr", 0) == 0 || k == "gsize")
        n *= v;
    return n;
  };
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
