// GPUVerify's access histories (docs/language.md §11.9), as ghost state of the
// kernel's thread. GPUVerify logs an access nondeterministically: at each read (write)
// of array A the log may or may not record it (a flag set, the cell kept); a barrier
// that fences A's memory empties it. An annotation `__no_read(A)` thus claims that
// the thread has not read A since that barrier, and `__write_implies(A, e)` that e
// holds of every cell it has written since (whichever the log kept).
//
// For each array an annotation of the kernel asks about (the variables
// `$gv$read$A` ... of c_frontend.h in its body, loops and contract), the thread gets
// two flags and two cells, and the body is instrumented:
//   - each read or write of A (in code, not in annotations) is preceded by
//     `if (pick [&& the condition under which C evaluates it]) { flag = true; cell = i; }`
//     with `pick` a fresh boolean: the nondeterministic choice;
//   - a barrier with a local fence empties the logs of local arrays; one with a global
//     fence may or may not empty those of global arrays (GPUVerify empties them only
//     when the other thread of its pair is in the same group, which a thread cannot
//     know); the logs of arrays the kernel never writes are never emptied (GPUVerify);
//   - after a call of a helper kept modular, every log is arbitrary (its accesses and
//     barriers are not seen here);
//   - atomics are no reads or writes (GPUVerify logs them apart).
// Annotations (assert, assume, invariants) read memory without logging. At the
// kernel's start the logs are empty: a precondition's flags are false.
#include "lang/c/c_frontend.h"
#include "logic/ir_clone.h"

#include <functional>
#include <map>
#include <set>

namespace kprove::lang {

namespace {

using ir::ExprKind;
using ir::ExprPtr;
using ir::StmtKind;
using ir::StmtPtr;

void forEachExpr(const ExprPtr &e, const std::function<void(const ir::Expr &)> &f) {
  if (!e)
    return;
  f(*e);
  for (const ExprPtr &a : e->args)
    forEachExpr(a, f);
}

void forEachExpr(const std::vector<StmtPtr> &body, const std::function<void(const ir::Expr &)> &f) {
  for (const StmtPtr &s : body) {
    if (!s)
      continue;
    forEachExpr(s->target, f);
    forEachExpr(s->value, f);
    forEachExpr(s->cond, f);
    for (const ExprPtr &a : s->args)
      forEachExpr(a, f);
    for (const ir::Clause &c : s->clauses)
      forEachExpr(c.expr, f);
    forEachExpr(s->body, f);
    forEachExpr(s->elseBody, f);
  }
}

// The array whose log variable `name` is ("" if none).
std::string loggedArray(const std::string &name) {
  for (std::string_view prefix : {kReadLog, kWriteLog, kReadIndex, kWriteIndex})
    if (name.rfind(prefix, 0) == 0)
      return name.substr(prefix.size());
  return {};
}

bool mentionsLog(const ExprPtr &e) {
  bool found = false;
  forEachExpr(e, [&](const ir::Expr &x) {
    if (x.kind == ExprKind::Var && !loggedArray(x.name).empty())
      found = true;
  });
  return found;
}

// A continue that ends an iteration of the loop whose body is `body` (not of a loop
// nested in it).
bool continuesLoop(const std::vector<StmtPtr> &body) {
  for (const StmtPtr &s : body) {
    if (!s || s->kind == StmtKind::While)
      continue;
    if (s->kind == StmtKind::Continue)
      return true;
    if (s->kind == StmtKind::Block && s->catches == ir::Catches::Continue)
      continue;
    if (continuesLoop(s->body) || continuesLoop(s->elseBody))
      return true;
  }
  return false;
}

class AccessHistory {
public:
  AccessHistory(ir::GpuKernel &k, DiagnosticEngine &diags) : k_(k), diags_(diags) {}

  void run() {
    forEachExpr(k_.body, [&](const ir::Expr &x) {
      if (x.kind == ExprKind::Var)
        if (std::string a = loggedArray(x.name); !a.empty())
          arrays_.emplace(a, ir::MemorySpace::Global);
    });
    for (const ir::Clause &c : k_.contract)
      forEachExpr(c.expr, [&](const ir::Expr &x) {
        if (x.kind == ExprKind::Var)
          if (std::string a = loggedArray(x.name); !a.empty())
            arrays_.emplace(a, ir::MemorySpace::Global);
      });
    if (arrays_.empty())
      return;
    for (auto &[name, space] : arrays_)
      space = spaceOf(name);
    findWritten(k_.body);
    contract();
    std::vector<StmtPtr> body;
    SourceRange r = k_.range;
    for (const auto &[name, space] : arrays_) {
      body.push_back(decl(std::string(kReadLog) + name, Type::Bool, ir::makeBool(false, r), r));
      body.push_back(decl(std::string(kWriteLog) + name, Type::Bool, ir::makeBool(false, r), r));
      body.push_back(decl(std::string(kReadIndex) + name, Type::Int, nullptr, r));
      body.push_back(decl(std::string(kWriteIndex) + name, Type::Int, nullptr, r));
    }
    for (StmtPtr &s : stmts(k_.body))
      body.push_back(s);
    k_.body = std::move(body);
  }

private:
  using Type = ir::Type;

  ir::MemorySpace spaceOf(const std::string &name) const {
    for (size_t i = 0; i < k_.params.size(); ++i)
      if (k_.params[i].name == name && i < k_.spaces.size())
        return k_.spaces[i];
    for (const ir::KernelArray &a : k_.locals)
      if (a.name == name)
        return a.space;
    return ir::MemorySpace::Global;
  }

  void findWritten(const std::vector<StmtPtr> &body) {
    for (const StmtPtr &s : body) {
      if (!s)
        continue;
      if (s->kind == StmtKind::Assign && s->target && s->target->kind == ExprKind::Index)
        written_.insert(s->target->args[0]->name);
      if (s->kind == StmtKind::Atomic && !s->args.empty() && s->args[0]->kind == ExprKind::Index)
        written_.insert(s->args[0]->args[0]->name);
      findWritten(s->body);
      findWritten(s->elseBody);
    }
  }

  // At the kernel's start no access is logged: a precondition's flags are false. A
  // postcondition would speak of the log at the kernel's end, which kprove does not
  // keep past its body.
  void contract() {
    for (ir::Clause &c : k_.contract) {
      if (!mentionsLog(c.expr))
        continue;
      if (c.kind != ir::ClauseKind::Requires) {
        diags_.error(DiagCode::Unsupported, c.range,
                     "unsupported: GPUVerify's access-history predicates in a kernel's "
                     "postcondition (write them in an __assert at the end of the body)");
        continue;
      }
      bool offset = false;
      std::function<void(ExprPtr &)> atEntry = [&](ExprPtr &e) {
        if (!e)
          return;
        if (e->kind == ExprKind::Var && !loggedArray(e->name).empty()) {
          if (e->name.rfind(kReadLog, 0) == 0 || e->name.rfind(kWriteLog, 0) == 0)
            e = ir::makeBool(false, e->range);
          else
            offset = true;
          return;
        }
        for (ExprPtr &a : e->args)
          atEntry(a);
      };
      c.expr = ir::cloneExpr(c.expr);
      atEntry(c.expr);
      if (offset)
        diags_.error(DiagCode::Unsupported, c.range,
                     "unsupported: GPUVerify's __read_offset_bytes or __write_offset_bytes in "
                     "a kernel's precondition (no access is logged when the kernel starts)");
    }
  }

  static StmtPtr newStmt(StmtKind k, SourceRange r) {
    auto s = std::make_shared<ir::Stmt>();
    s->kind = k;
    s->range = r;
    s->ghost = true;
    return s;
  }
  static StmtPtr decl(const std::string &name, Type t, ExprPtr init, SourceRange r) {
    StmtPtr d = newStmt(StmtKind::VarDecl, r);
    d->name = name;
    d->declType = t;
    d->value = std::move(init);
    return d;
  }
  static StmtPtr assign(const std::string &name, ExprPtr v, SourceRange r) {
    StmtPtr a = newStmt(StmtKind::Assign, r);
    a->target = ir::makeVar(name, r);
    a->value = std::move(v);
    return a;
  }
  // A fresh boolean of arbitrary value, declared in `out`.
  ExprPtr pick(SourceRange r, std::vector<StmtPtr> &out) {
    std::string name = "$gv$pick" + std::to_string(++picks_);
    out.push_back(decl(name, Type::Bool, nullptr, r));
    return ir::makeVar(name, r);
  }
  static ExprPtr conj(const ExprPtr &guard, ExprPtr c, SourceRange r) {
    return guard ? ir::makeBinary(ir::BinOp::And, ir::cloneExpr(guard), std::move(c), r) : c;
  }

  // The access of cell `index` of the array `array` evaluates to, logged or not, in
  // the log of every array it may be: its own (by name), and any other whose buffer
  // it may be at run time — a pointer whose array is chosen while the kernel runs
  // (`c ? a : b`, `q$arr`), or another parameter the host may have passed the same
  // buffer for. Those are logged under the condition that the buffers are one. A
  // kernel's local or private array (by name) is its own object, no other.
  void log(bool write, const ExprPtr &array, const ExprPtr &index, const ExprPtr &guard,
           SourceRange r, std::vector<StmtPtr> &out) {
    bool named = array->kind == ExprKind::Var;
    for (const auto &[name, space] : arrays_) {
      ExprPtr cond = guard;
      if (!named || array->name != name) {
        if (named && (ownObject(array->name) || ownObject(name)))
          continue;
        cond = conj(
            guard, ir::makeBinary(ir::BinOp::Eq, ir::cloneExpr(array), ir::makeVar(name, r), r), r);
      }
      StmtPtr st = newStmt(StmtKind::If, r);
      st->cond = conj(cond, pick(r, out), r);
      st->body.push_back(
          assign(std::string(write ? kWriteLog : kReadLog) + name, ir::makeBool(true, r), r));
      st->body.push_back(
          assign(std::string(write ? kWriteIndex : kReadIndex) + name, ir::cloneExpr(index), r));
      out.push_back(st);
    }
  }

  // A kernel's own local or private array: an object no other name denotes.
  bool ownObject(const std::string &name) const {
    for (const ir::KernelArray &a : k_.locals)
      if (a.name == name)
        return true;
    return false;
  }

  // The reads `e` makes, in C's order of evaluation; `guard`: the condition under
  // which e is evaluated (the operands of &&, || and ?: C may skip).
  void reads(const ExprPtr &e, const ExprPtr &guard, std::vector<StmtPtr> &out) {
    if (!e)
      return;
    SourceRange r = e->range;
    switch (e->kind) {
    case ExprKind::Binary:
      if (e->binop == ir::BinOp::And || e->binop == ir::BinOp::Implies) {
        reads(e->args[0], guard, out);
        reads(e->args[1], conj(guard, ir::cloneExpr(e->args[0]), r), out);
        return;
      }
      if (e->binop == ir::BinOp::Or) {
        reads(e->args[0], guard, out);
        reads(e->args[1],
              conj(guard, ir::makeUnary(ir::UnOp::Not, ir::cloneExpr(e->args[0]), r), r), out);
        return;
      }
      break;
    case ExprKind::Ite:
      reads(e->args[0], guard, out);
      reads(e->args[1], conj(guard, ir::cloneExpr(e->args[0]), r), out);
      reads(e->args[2], conj(guard, ir::makeUnary(ir::UnOp::Not, ir::cloneExpr(e->args[0]), r), r),
            out);
      return;
    case ExprKind::Index:
      reads(e->args[0], guard, out);
      reads(e->args[1], guard, out);
      log(false, e->args[0], e->args[1], guard, r, out);
      return;
    case ExprKind::Forall:
    case ExprKind::Exists:
    case ExprKind::ForallStar:
    case ExprKind::Perm:
    case ExprKind::PointsTo:
    case ExprKind::Old:
    case ExprKind::Other: // the second thread's reads are its own
      return; // specification only
    default:
      break;
    }
    for (const ExprPtr &a : e->args)
      reads(a, guard, out);
  }

  bool readsLogged(const ExprPtr &e) {
    bool found = false;
    forEachExpr(e, [&](const ir::Expr &x) {
      if (x.kind == ExprKind::Index && x.args[0]->kind == ExprKind::Var &&
          arrays_.count(x.args[0]->name))
        found = true;
    });
    return found;
  }

  void barrier(const ir::Stmt &b, std::vector<StmtPtr> &out) {
    for (const auto &[name, space] : arrays_) {
      if (!written_.count(name))
        continue; // GPUVerify never empties the logs of a read-only array
      std::vector<StmtPtr> empty = {
          assign(std::string(kReadLog) + name, ir::makeBool(false, b.range), b.range),
          assign(std::string(kWriteLog) + name, ir::makeBool(false, b.range), b.range)};
      if (space == ir::MemorySpace::Local && b.fences.local) {
        out.insert(out.end(), empty.begin(), empty.end());
      } else if (space == ir::MemorySpace::Global && b.fences.global) {
        StmtPtr st = newStmt(StmtKind::If, b.range);
        st->cond = pick(b.range, out);
        st->body = empty;
        out.push_back(st);
      }
    }
  }

  // After a call kprove verifies modularly: any log.
  void forget(SourceRange r, std::vector<StmtPtr> &out) {
    for (const auto &[name, space] : arrays_) {
      out.push_back(assign(std::string(kReadLog) + name, pick(r, out), r));
      out.push_back(assign(std::string(kWriteLog) + name, pick(r, out), r));
      for (std::string_view cell : {kReadIndex, kWriteIndex}) {
        std::string any = "$gv$cell" + std::to_string(++picks_);
        out.push_back(decl(any, Type::Int, nullptr, r));
        out.push_back(assign(std::string(cell) + name, ir::makeVar(any, r), r));
      }
    }
  }

  std::vector<StmtPtr> stmts(const std::vector<StmtPtr> &in) {
    std::vector<StmtPtr> out;
    for (const StmtPtr &s : in)
      stmt(s, out);
    return out;
  }

  void stmt(const StmtPtr &s, std::vector<StmtPtr> &out) {
    if (!s || s->ghost) {
      out.push_back(s);
      return;
    }
    switch (s->kind) {
    case StmtKind::VarDecl:
    case StmtKind::Return:
      reads(s->value, nullptr, out);
      break;
    case StmtKind::Assign:
      reads(s->value, nullptr, out);
      if (s->target && s->target->kind == ExprKind::Index) {
        reads(s->target->args[0], nullptr, out);
        reads(s->target->args[1], nullptr, out);
        log(true, s->target->args[0], s->target->args[1], nullptr, s->range, out);
      }
      break;
    case StmtKind::If:
      reads(s->cond, nullptr, out);
      if (done_.insert(s.get()).second) {
        s->body = stmts(s->body);
        s->elseBody = stmts(s->elseBody);
      }
      break;
    case StmtKind::While:
      if (readsLogged(s->cond)) {
        if (continuesLoop(s->body)) {
          diags_.error(DiagCode::Unsupported, s->range,
                       "unsupported: a loop whose condition reads an array an access-history "
                       "annotation speaks of, with a continue in its body");
          break;
        }
        reads(s->cond, nullptr, out);
        if (done_.insert(s.get()).second) {
          s->body = stmts(s->body);
          reads(s->cond, nullptr, s->body); // the test before each further iteration
        }
      } else if (done_.insert(s.get()).second) {
        s->body = stmts(s->body);
      }
      break;
    case StmtKind::Call:
      for (const ExprPtr &a : s->args)
        reads(a, nullptr, out);
      out.push_back(s);
      forget(s->range, out);
      return;
    case StmtKind::Atomic:
      // The location is accessed atomically (not logged); its index and the operands
      // are read.
      if (!s->args.empty() && s->args[0]->kind == ExprKind::Index)
        reads(s->args[0]->args[1], nullptr, out);
      for (size_t i = 1; i < s->args.size(); ++i)
        reads(s->args[i], nullptr, out);
      break;
    case StmtKind::Barrier:
      out.push_back(s);
      barrier(*s, out);
      return;
    case StmtKind::Block:
    case StmtKind::InvariantBlock:
    case StmtKind::AtomicBlock:
      if (done_.insert(s.get()).second)
        s->body = stmts(s->body);
      break;
    default:
      break; // assert, assume (annotations), break, continue
    }
    out.push_back(s);
  }

  ir::GpuKernel &k_;
  DiagnosticEngine &diags_;
  std::map<std::string, ir::MemorySpace> arrays_; // the arrays whose accesses are logged
  std::set<std::string> written_;                 // the arrays the kernel writes
  // Statements whose bodies are instrumented: a do-while's body is one list of
  // statements used twice (lower_jumps.cpp), instrumented once.
  std::set<const ir::Stmt *> done_;
  unsigned picks_ = 0;
};

} // namespace

void recordAccessHistories(ir::Program &p, DiagnosticEngine &diags) {
  for (ir::GpuKernel &k : p.gpuKernels)
    AccessHistory(k, diags).run();
  // A helper kept modular (it has a contract) has no log: the kernel's thread keeps it.
  for (const ir::Method &m : p.methods) {
    bool reported = false;
    auto reject = [&](const ir::Expr &e) {
      if (reported || e.kind != ExprKind::Var || loggedArray(e.name).empty())
        return;
      reported = true;
      diags.error(DiagCode::Unsupported, e.range,
                  "unsupported: GPUVerify's access-history predicates in a function kprove "
                  "verifies on its own (it has a contract): kprove keeps the access history of "
                  "the kernel's thread only, and inlines a helper without a contract into its "
                  "kernel, where its accesses are logged");
    };
    for (const ir::Clause &c : m.contract)
      forEachExpr(c.expr, reject);
    if (m.body)
      forEachExpr(*m.body, reject);
  }
}

} // namespace kprove::lang
