#include "driver/outline.h"

#include <map>
#include <optional>

namespace kprove::driver {

const char *clauseKindName(ir::ClauseKind kind) {
  switch (kind) {
  case ir::ClauseKind::Requires:
    return "requires";
  case ir::ClauseKind::Ensures:
    return "ensures";
  case ir::ClauseKind::Context:
    return "context";
  case ir::ClauseKind::ContextEverywhere:
    return "context_everywhere";
  case ir::ClauseKind::LoopInvariant:
    return "loop_invariant";
  case ir::ClauseKind::Decreases:
    return "decreases";
  case ir::ClauseKind::KernelRequires:
    return "kernel_requires";
  case ir::ClauseKind::KernelEnsures:
    return "kernel_ensures";
  case ir::ClauseKind::GroupRequires:
    return "group_requires";
  case ir::ClauseKind::GroupEnsures:
    return "group_ensures";
  }
  return "clause";
}

namespace {

// The name at the start of a use: a call `f(...)` begins with its name.
SourceRange nameAt(const SourceRange &use, const std::string &name) {
  SourceRange r = use;
  r.end = {use.begin.file, use.begin.offset + static_cast<uint32_t>(name.size())};
  return r;
}

class Walker {
public:
  explicit Walker(Outline &out) : out_(out) {}

  void program(const ir::Program &p) {
    // Declarations first, so that uses before the declaration resolve.
    for (const ir::Method &m : p.methods)
      declare(m.pure ? OutlineSymbol::Kind::PureFunction : OutlineSymbol::Kind::Method, m.name,
              withContract(m.range, m.contract), m.nameRange);
    for (const ir::Kernel &k : p.kernels)
      declare(OutlineSymbol::Kind::Kernel, k.name, withContract(k.range, k.contract), k.nameRange);
    for (const ir::GpuKernel &k : p.gpuKernels)
      declare(OutlineSymbol::Kind::Kernel, k.name, withContract(k.range, k.contract), k.nameRange);
    for (const ir::Method &m : p.methods) {
      clauses(m.contract, false, false);
      expr(m.pureBody);
      if (m.body)
        stmts(*m.body, {});
    }
    for (const ir::Kernel &k : p.kernels) {
      clauses(k.contract, false, false);
      stmts(k.body, {});
    }
    for (const ir::GpuKernel &k : p.gpuKernels) {
      clauses(k.contract, false, false);
      stmts(k.body, {});
    }
  }

private:
  // A declaration's range grown to cover its contract: a C kernel's clauses are in
  // the /*@ @*/ comment before it, and a lens or hover counts the obligations
  // blamed on them as the kernel's.
  static SourceRange withContract(SourceRange range, const std::vector<ir::Clause> &contract) {
    for (const ir::Clause &c : contract) {
      if (!range.valid() || !c.range.valid() || c.range.begin.file != range.begin.file)
        continue;
      if (c.range.begin.offset < range.begin.offset)
        range.begin = c.range.begin;
      if (c.range.end.offset > range.end.offset)
        range.end = c.range.end;
    }
    return range;
  }

  void declare(OutlineSymbol::Kind kind, const std::string &name, SourceRange range,
               SourceRange nameRange) {
    if (!nameRange.valid())
      nameRange = nameAt(range, "");
    if (kind != OutlineSymbol::Kind::ParBlock)
      byName_.emplace(name, out_.symbols.size());
    out_.symbols.push_back({kind, name, range, nameRange});
  }

  void use(const std::string &name, SourceRange at) {
    auto it = byName_.find(name);
    if (it != byName_.end() && at.valid())
      out_.references.push_back({at, it->second});
  }

  void clauses(const std::vector<ir::Clause> &cs, bool barrier, bool loop) {
    for (const ir::Clause &c : cs) {
      if (c.range.valid())
        out_.clauses.push_back({c.kind, c.range, barrier, loop});
      expr(c.expr);
    }
  }

  void expr(const ir::ExprPtr &e) {
    if (!e)
      return;
    if (e->kind == ir::ExprKind::Call)
      use(e->name, nameAt(e->range, e->name));
    for (const ir::ExprPtr &a : e->args)
      expr(a);
  }

  // `par` is the index of the enclosing par block's symbol (barriers name it).
  void stmts(const std::vector<ir::StmtPtr> &body, std::optional<size_t> par) {
    for (const ir::StmtPtr &s : body)
      if (s)
        stmt(*s, par);
  }

  void stmt(const ir::Stmt &s, std::optional<size_t> par) {
    switch (s.kind) {
    case ir::StmtKind::Par:
      if (!s.name.empty()) {
        declare(OutlineSymbol::Kind::ParBlock, s.name, s.range, s.nameRange);
        par = out_.symbols.size() - 1;
      } else {
        par.reset();
      }
      break;
    case ir::StmtKind::Barrier:
      if (par && !s.name.empty() && out_.symbols[*par].name == s.name && s.nameRange.valid())
        out_.references.push_back({s.nameRange, *par});
      break;
    case ir::StmtKind::Call:
      use(s.name, s.nameRange.valid() ? s.nameRange : nameAt(s.range, s.name));
      break;
    default:
      break;
    }
    clauses(s.clauses, s.kind == ir::StmtKind::Barrier, s.kind == ir::StmtKind::While);
    for (const ir::ExprPtr *e : {&s.target, &s.value, &s.cond})
      expr(*e);
    for (const ir::ExprPtr &a : s.args)
      expr(a);
    for (const ir::ParIter &it : s.iters) {
      expr(it.lo);
      expr(it.hi);
    }
    stmts(s.body, par);
    stmts(s.elseBody, par);
  }

  Outline &out_;
  std::map<std::string, size_t> byName_;
};

} // namespace

Outline buildOutline(const ir::Program &program) {
  Outline out;
  Walker(out).program(program);
  return out;
}

} // namespace kprove::driver
