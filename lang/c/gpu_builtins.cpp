// GPU builtins of OpenCL and CUDA, as the kernel IR's reserved variables. One place
// for code and annotations alike: the Clang lowering leaves get_local_id(0) a call
// and threadIdx.x a name, marked (kBuiltinMark) when they are the builtins and not
// a declaration of the user's, in code and annotations alike; this pass rewrites the
// marked ones. \gtid and \ltid are linearised over three dimensions (unused dimensions
// become 0 and 1 when vcgen fixes a 1-D launch):
//   \ltid = lid0 + lsz0 * (lid1 + lsz1 * lid2)
//   \gtid = (grp0 + ngr0 * (grp1 + ngr1 * grp2)) * (lsz0 * lsz1 * lsz2) + \ltid
//   get_local_linear_id() = \ltid
//   get_global_linear_id() = gid2 * gsz1 * gsz0 + gid1 * gsz0 + gid0   (OpenCL 2.0,
//     with the global offset 0: kprove rejects get_global_offset)
#include "lang/c/c_frontend.h"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace kprove::lang {

namespace {

using ir::BinOp;
using ir::ExprKind;
using ir::ExprPtr;

ExprPtr var(const char *kind, int d, SourceRange r) {
  return ir::makeVar(ir::gpuBuiltinName(kind, d), r);
}
ExprPtr add(ExprPtr a, ExprPtr b, SourceRange r) {
  return ir::makeBinary(BinOp::Add, a, b, r);
}
ExprPtr mul(ExprPtr a, ExprPtr b, SourceRange r) {
  return ir::makeBinary(BinOp::Mul, a, b, r);
}
ExprPtr node(ExprKind k, std::vector<ExprPtr> args, SourceRange r) {
  auto e = std::make_shared<ir::Expr>();
  e->kind = k;
  e->range = r;
  e->args = std::move(args);
  return e;
}

class Resolver {
public:
  // inKernel: the kernel's own ids. Otherwise a helper verified on its own: its ids
  // become parameters (modularIds, addThreadParameters) or are unsupported.
  Resolver(DiagnosticEngine &diags, bool inKernel, bool modularIds = false)
      : diags_(diags), inKernel_(inKernel), modularIds_(modularIds) {}
  bool dimsUsed[3] = {true, false, false};
  bool usesIds = false; // a helper naming its thread's ids or sizes

  void expr(ExprPtr &e) {
    if (!e)
      return;
    for (ExprPtr &a : e->args)
      expr(a);
    if (e->kind == ExprKind::Perm || e->kind == ExprKind::PointsTo)
      location(e->args[0]);
    if (e->kind == ExprKind::Call)
      call(e);
    else if (e->kind == ExprKind::Var)
      name(e);
  }

  void stmts(std::vector<ir::StmtPtr> &body) {
    for (ir::StmtPtr &s : body) {
      expr(s->target);
      expr(s->value);
      expr(s->cond);
      for (ExprPtr &a : s->args)
        expr(a);
      clauses(s->clauses);
      stmts(s->body);
      stmts(s->elseBody);
    }
  }
  void clauses(std::vector<ir::Clause> &cs) {
    for (ir::Clause &c : cs)
      expr(c.expr);
  }

private:
  bool builtinAllowed(SourceRange r, const std::string &what) {
    if (inKernel_)
      return true;
    if (modularIds_ && what != "get_work_dim") {
      usesIds = true;
      return true;
    }
    diags_.error(DiagCode::Unsupported, r,
                 "unsupported: " + what +
                     " in a helper function (pass thread ids and sizes as arguments)");
    return false;
  }

  // `Perm(p + i, f)` and `Perm(p, f)` name p[i] and p[0].
  void location(ExprPtr &loc) {
    if (loc->kind == ExprKind::Binary && loc->binop == BinOp::Add &&
        loc->args[0]->kind == ExprKind::Var)
      loc = node(ExprKind::Index, {loc->args[0], loc->args[1]}, loc->range);
    else if (loc->kind == ExprKind::Var)
      loc = node(ExprKind::Index, {loc, ir::makeInt(0, loc->range)}, loc->range);
  }

  ExprPtr linearLocal(SourceRange r) {
    return add(var("lid", 0, r),
               mul(var("lsz", 0, r),
                   add(var("lid", 1, r), mul(var("lsz", 1, r), var("lid", 2, r), r), r), r),
               r);
  }
  ExprPtr linearGlobal(SourceRange r) {
    ExprPtr group =
        add(var("grp", 0, r),
            mul(var("ngr", 0, r),
                add(var("grp", 1, r), mul(var("ngr", 1, r), var("grp", 2, r), r), r), r),
            r);
    ExprPtr size = mul(var("lsz", 0, r), mul(var("lsz", 1, r), var("lsz", 2, r), r), r);
    return add(mul(group, size, r), linearLocal(r), r);
  }

  // The name without kBuiltinMark, or nullopt when it has none.
  static std::optional<std::string> marked(const std::string &n) {
    if (n.compare(0, kBuiltinMark.size(), kBuiltinMark) != 0)
      return std::nullopt;
    return n.substr(kBuiltinMark.size());
  }

  ExprPtr globalId(int d, SourceRange r) {
    return add(mul(var("grp", d, r), var("lsz", d, r), r), var("lid", d, r), r);
  }
  ExprPtr globalSize(int d, SourceRange r) { return mul(var("ngr", d, r), var("lsz", d, r), r); }
  // OpenCL 2.0 §6.13.1: (gid2 - off2) * gsz1 * gsz0 + (gid1 - off1) * gsz0 + (gid0 - off0),
  // offsets 0.
  ExprPtr globalLinear(SourceRange r) {
    return add(mul(globalId(2, r), mul(globalSize(1, r), globalSize(0, r), r), r),
               add(mul(globalId(1, r), globalSize(0, r), r), globalId(0, r), r), r);
  }

  void name(ExprPtr &e) {
    static const std::map<std::string, const char *> cuda = {
        {"threadIdx", "lid"}, {"blockIdx", "grp"}, {"blockDim", "lsz"}, {"gridDim", "ngr"}};
    if (e->name == "\\gtid" || e->name == "\\ltid") {
      const std::string &n = e->name;
      if (builtinAllowed(e->range, n))
        e = n == "\\gtid" ? linearGlobal(e->range) : linearLocal(e->range);
      return;
    }
    if (e->name == "NULL") {
      e = node(ExprKind::NullLit, {}, e->range);
      return;
    }
    // Unmarked names are the user's (a struct variable `p.x`, resolved by the type
    // checker), even when spelled threadIdx.x.
    std::optional<std::string> m = marked(e->name);
    if (!m)
      return;
    const std::string &n = *m;
    if (n == kSameGroupMark) {
      // Every dimension: one the launch does not use has group id 0 in both threads
      // (and naming its variable here does not count as using it).
      SourceRange r = e->range;
      ExprPtr all;
      for (int d = 0; d < 3; ++d) {
        ExprPtr same = ir::makeBinary(BinOp::Eq, var("grp", d, r),
                                      node(ExprKind::Other, {var("grp", d, r)}, r), r);
        all = all ? ir::makeBinary(BinOp::And, all, same, r) : same;
      }
      e = all;
      return;
    }
    size_t dot = n.find('.');
    auto it = cuda.find(n.substr(0, dot));
    if (dot == std::string::npos || it == cuda.end()) {
      diags_.error(DiagCode::Unsupported, e->range, "unsupported builtin '" + n + "'");
      return;
    }
    std::string field = n.substr(dot + 1);
    int d = field == "x" ? 0 : field == "y" ? 1 : field == "z" ? 2 : -1;
    if (d < 0) {
      diags_.error(DiagCode::Type, e->range, "unknown name '" + n + "'");
      return;
    }
    if (!builtinAllowed(e->range, "'" + n + "'"))
      return;
    dimsUsed[d] = true;
    e = var(it->second, d, e->range);
  }

  void call(ExprPtr &e) {
    SourceRange r = e->range;
    if (std::optional<std::string> m = marked(e->name)) {
      builtin(e, *m);
      return;
    }
    const std::string &n = e->name;
    if (n == "\\pointer_length" || n == "\\shared_mem_size") {
      if (e->args.size() != 1 || e->args[0]->kind != ExprKind::Var) {
        diags_.error(DiagCode::Type, r, n + " takes one array or pointer name");
        return;
      }
      e = node(ExprKind::Length, {e->args[0]}, r);
      return;
    }
    if (n == "\\pointer_index" || n == "\\pointer") {
      if (e->args.size() != 3 || e->args[0]->kind != ExprKind::Var) {
        diags_.error(DiagCode::Type, r,
                     n + " takes a pointer name, an index or length, and a "
                         "fraction");
        return;
      }
      ExprPtr p = e->args[0], x = e->args[1], f = e->args[2];
      ExprPtr notNull = ir::makeBinary(BinOp::Ne, p, node(ExprKind::NullLit, {}, r), r);
      ExprPtr len = node(ExprKind::Length, {p}, r);
      if (n == "\\pointer_index") {
        ExprPtr inRange =
            ir::makeBinary(BinOp::And, ir::makeBinary(BinOp::Le, ir::makeInt(0, r), x, r),
                           ir::makeBinary(BinOp::Lt, x, len, r), r);
        ExprPtr perm = node(ExprKind::Perm, {node(ExprKind::Index, {p, x}, r), f}, r);
        e = ir::makeBinary(BinOp::Star, ir::makeBinary(BinOp::Star, notNull, inRange, r), perm, r);
      } else {
        std::string k = "$k" + std::to_string(r.begin.offset);
        ExprPtr kv = ir::makeVar(k, r);
        auto all =
            node(ExprKind::ForallStar,
                 {ir::makeBinary(BinOp::And, ir::makeBinary(BinOp::Le, ir::makeInt(0, r), kv, r),
                                 ir::makeBinary(BinOp::Lt, kv, x, r), r),
                  node(ExprKind::Perm, {node(ExprKind::Index, {p, kv}, r), f}, r)},
                 r);
        all->binders.push_back({ir::Type::Int, k, r});
        e = ir::makeBinary(
            BinOp::Star,
            ir::makeBinary(BinOp::Star, notNull, ir::makeBinary(BinOp::Ge, len, x, r), r), all, r);
      }
      return;
    }
  }

  // A GPUVerify barrier invariant's instance for the thread whose local id in
  // dimension 0 is i (its arguments already resolved): `0 <= i && i < lsz0 ==>
  // e[lid0 := i]`. Other threads' ids and sizes in e are the group's and this
  // thread's other dimensions, as that thread's.
  void barrierInstance(ExprPtr &e) {
    SourceRange r = e->range;
    ExprPtr i = e->args[1];
    const std::string lid0 = ir::gpuBuiltinName("lid", 0);
    std::function<ExprPtr(const ExprPtr &)> subst = [&](const ExprPtr &x) -> ExprPtr {
      if (x->kind == ExprKind::Var && x->name == lid0)
        return ir::cloneExpr(i);
      auto copy = std::make_shared<ir::Expr>(*x);
      for (ExprPtr &a : copy->args)
        a = subst(a);
      return copy;
    };
    ExprPtr within = ir::makeBinary(
        BinOp::And, ir::makeBinary(BinOp::Le, ir::makeInt(0, r), ir::cloneExpr(i), r),
        ir::makeBinary(BinOp::Lt, ir::cloneExpr(i), var("lsz", 0, r), r), r);
    e = ir::makeBinary(BinOp::Implies, within, subst(e->args[0]), r);
  }

  // A marked call of a thread-id builtin (BuiltinKind::ThreadId).
  void builtin(ExprPtr &e, const std::string &n) {
    if (n == kBarrierInstance && e->args.size() == 2) {
      barrierInstance(e);
      return;
    }
    static const std::map<std::string, const char *> simple = {{"get_local_id", "lid"},
                                                               {"get_group_id", "grp"},
                                                               {"get_local_size", "lsz"},
                                                               {"get_enqueued_local_size", "lsz"},
                                                               {"get_num_groups", "ngr"}};
    SourceRange r = e->range;
    bool noArgs = n == "get_work_dim" || n == "get_local_linear_id" || n == "get_global_linear_id";
    auto it = simple.find(n);
    bool global = n == "get_global_id" || n == "get_global_size";
    if (it == simple.end() && !global && !noArgs) {
      diags_.error(DiagCode::Unsupported, r, "unsupported builtin '" + n + "'");
      return;
    }
    if (!builtinAllowed(r, n))
      return;
    if (noArgs) {
      if (!e->args.empty()) {
        diags_.error(DiagCode::Type, r, n + " takes no argument");
        return;
      }
      // The linear ids use every dimension; those the kernel never names are fixed to
      // a 1-D launch (with a note), as for \ltid and \gtid.
      if (n == "get_work_dim")
        e = ir::makeVar("$wdim", r);
      else if (n == "get_local_linear_id")
        e = linearLocal(r);
      else
        e = globalLinear(r);
      return;
    }
    // The dimension converted to the parameter's type (uint): a literal all the same.
    for (ExprPtr &a : e->args)
      while (a->kind == ExprKind::Convert && a->args[0]->kind == ExprKind::IntLit)
        a = a->args[0];
    if (e->args.size() != 1 || e->args[0]->kind != ExprKind::IntLit) {
      diags_.error(DiagCode::Type, r, "the argument of " + n + " must be a literal 0, 1 or 2");
      return;
    }
    // The parameter is a uint: the literal converted to it (2^32 + 1 is dimension 1).
    const uint64_t dim = static_cast<uint32_t>(e->args[0]->intValue);
    if (dim > 2) {
      // OpenCL: beyond the work dimensions an id is 0 and a size 1 (a negative literal
      // converts to a large uint, beyond them too).
      const bool size = n == "get_global_size" || n == "get_local_size" ||
                        n == "get_enqueued_local_size" || n == "get_num_groups";
      ir::IntType t = e->cint;
      e = ir::makeInt(size ? 1 : 0, r);
      e->cint = t;
      return;
    }
    int d = static_cast<int>(dim);
    dimsUsed[d] = true;
    if (n == "get_global_id")
      e = globalId(d, r);
    else if (n == "get_global_size")
      e = globalSize(d, r);
    else
      e = var(it->second, d, r);
  }

  DiagnosticEngine &diags_;
  bool inKernel_;
  bool modularIds_;
};

template <typename F> void forEachCall(std::vector<ir::StmtPtr> &body, const F &f) {
  for (ir::StmtPtr &s : body) {
    if (s->kind == ir::StmtKind::Call)
      f(*s);
    forEachCall(s->body, f);
    forEachCall(s->elseBody, f);
  }
}

// The reserved variables a helper that uses its thread's ids receives, in this order.
std::vector<std::string> threadParameterNames() {
  std::vector<std::string> out;
  for (const char *kind : {"lid", "grp", "lsz", "ngr"})
    for (int d = 0; d < 3; ++d)
      out.push_back(ir::gpuBuiltinName(kind, d));
  return out;
}

// A helper with a contract is verified on its own (inline_helpers.cpp), for the
// thread that calls it: its ids and sizes are parameters bound at each call to the
// caller's (a kernel's reserved variables, or a helper's own such parameters), and
// its precondition includes what every thread knows of them (0 <= id < size in each
// dimension, and the launch limit on the global size kernels assume). A helper
// calling such a helper needs them too. A dimension a helper names counts as named
// by every kernel that calls it (the 1-D assumption).
// Two-thread predicates in such a helper's contract are unsupported: the second
// thread's ids would be parameters of the callee, not the caller's.
void addThreadParameters(ir::Program &p, std::map<std::string, std::array<bool, 3>> &needs,
                         bool launchLimits, DiagnosticEngine &diags) {
  for (bool grew = true; grew;) {
    grew = false;
    for (ir::Method &m : p.methods) {
      if (m.pure || !m.body)
        continue;
      forEachCall(*m.body, [&](ir::Stmt &c) {
        auto callee = needs.find(c.name);
        if (callee == needs.end() || c.name == m.name)
          return;
        auto [it, added] = needs.try_emplace(m.name, std::array<bool, 3>{true, false, false});
        for (int d = 0; d < 3; ++d)
          if (callee->second[d] && !it->second[d]) {
            it->second[d] = true;
            grew = true;
          }
        grew = grew || added;
      });
    }
  }
  if (needs.empty())
    return;
  const std::vector<std::string> names = threadParameterNames();
  for (ir::Method &m : p.methods) {
    if (!needs.count(m.name))
      continue;
    for (const ir::Clause &c : m.contract)
      if (ir::containsKind(c.expr, ExprKind::Other)) {
        diags.error(DiagCode::Unsupported, c.range,
                    "unsupported: a two-thread predicate in the contract of '" + m.name +
                        "', a helper verified on its own that uses thread ids");
        break;
      }
    // Before the `given` parameters, whose values the type checker appends to a
    // call's arguments after these.
    auto at = std::find_if(m.params.begin(), m.params.end(),
                           [](const ir::Param &q) { return q.given; });
    std::vector<ir::Param> ids;
    for (const std::string &n : names)
      ids.push_back(ir::Param{ir::Type::Int, n, m.nameRange, {}, false});
    m.params.insert(at, ids.begin(), ids.end());
    SourceRange r = m.nameRange;
    for (int d = 0; d < 3; ++d) {
      auto within = [&](const char *id, const char *size) {
        return ir::makeBinary(
            BinOp::And, ir::makeBinary(BinOp::Le, ir::makeInt(0, r), var(id, d, r), r),
            ir::makeBinary(BinOp::Lt, var(id, d, r), var(size, d, r), r), r);
      };
      ir::Clause c;
      c.kind = ir::ClauseKind::Requires;
      c.expr = ir::makeBinary(BinOp::And, within("lid", "lsz"), within("grp", "ngr"), r);
      // The global size fits an int (docs/soundness.md, "Launch"; vcgen's
      // kMaxGlobalSize, which kernels assume and so prove at each call).
      if (launchLimits)
        c.expr = ir::makeBinary(
            BinOp::And, c.expr,
            ir::makeBinary(BinOp::Le, mul(var("ngr", d, r), var("lsz", d, r), r),
                           ir::makeInt(2147483647, r), r),
            r);
      c.range = r;
      c.generated = true;
      m.contract.insert(m.contract.begin(), c);
    }
  }
  std::set<const ir::Stmt *> passed; // a statement list the lowering shares (a do-while's
                                      // two copies, switch fall-through) holds one call
  auto passIds = [&](ir::Stmt &c) {
    if (!needs.count(c.name) || !passed.insert(&c).second)
      return;
    for (const std::string &n : names)
      c.args.push_back(ir::makeVar(n, c.range));
  };
  for (ir::Method &m : p.methods)
    if (m.body)
      forEachCall(*m.body, passIds);
  for (ir::GpuKernel &k : p.gpuKernels) {
    forEachCall(k.body, [&](ir::Stmt &c) {
      if (auto it = needs.find(c.name); it != needs.end())
        for (int d = 0; d < 3; ++d)
          k.dims[d] = k.dims[d] || it->second[d];
    });
    forEachCall(k.body, passIds);
  }
}

} // namespace

void resolveGpuBuiltins(ir::Program &p, DiagnosticEngine &diags, bool launchLimits) {
  inlineThreadHelpers(p, diags);
  for (ir::GpuKernel &k : p.gpuKernels) {
    Resolver r(diags, true);
    r.clauses(k.contract);
    r.stmts(k.body);
    for (int d = 0; d < 3; ++d)
      k.dims[d] = r.dimsUsed[d];
  }
  std::map<std::string, std::array<bool, 3>> needsIds;
  for (ir::Method &m : p.methods) {
    // A helper verified on its own runs for one thread; a barrier needs its group.
    std::function<const ir::Stmt *(const std::vector<ir::StmtPtr> &)> barrierIn =
        [&](const std::vector<ir::StmtPtr> &body) -> const ir::Stmt * {
      for (const ir::StmtPtr &s : body) {
        if (s->kind == ir::StmtKind::Barrier)
          return s.get();
        if (const ir::Stmt *b = barrierIn(s->body); b || (b = barrierIn(s->elseBody)))
          return b;
      }
      return nullptr;
    };
    bool contract = std::any_of(m.contract.begin(), m.contract.end(),
                                [](const ir::Clause &c) { return !c.generated; });
    if (const ir::Stmt *b = m.body ? barrierIn(*m.body) : nullptr)
      diags.error(DiagCode::Unsupported, b->range,
                  "unsupported: a barrier in '" + m.name + "', " +
                      (contract ? "a helper kprove verifies on its own (it has a contract): "
                                  "only a helper without a contract, which kprove inlines at "
                                  "its calls, may synchronise"
                                : "a helper without a contract that kprove does not inline "
                                  "(it inlines such a helper at its calls from kernels and "
                                  "from the helpers inlined there; it is called elsewhere or "
                                  "not at all)"));
    Resolver r(diags, false, !m.pure);
    r.clauses(m.contract);
    if (m.body)
      r.stmts(*m.body);
    if (r.usesIds)
      needsIds[m.name] = {r.dimsUsed[0], r.dimsUsed[1], r.dimsUsed[2]};
  }
  addThreadParameters(p, needsIds, launchLimits, diags);
  recordAccessHistories(p, diags);
}

} // namespace kprove::lang
