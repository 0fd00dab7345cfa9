// Pure functions in OpenCL/CUDA files, as VerCors reads them: `/*@ pure @*/` before a
// C function makes it a pure function whose definition is its one `return e;` (no
// body: uninterpreted, only its contract is known), called in code and annotations
// alike; and ghost declarations in an annotation of their own,
// `/*@ requires n >= 0; pure int f(int n) = e; @*/`, for specifications. Both are
// the IR's pure functions (docs/language.md §7): mathematical results, a call checks
// the function's precondition. Annotation arithmetic in their bodies is C's, as in
// every annotation of a C file (§11.2): `/` and `%` truncate.
#include "lang/c/clang_lowering.h"

namespace kprove::lang::clower {

namespace {
// The annotation body ends with the word `pure` (possibly after clauses): the C
// function after it is pure. A ghost declaration (`pure int f(...) = e;`) does not.
bool endsWithPure(std::string_view body) {
  size_t end = body.find_last_not_of(" \t\r\n");
  if (end == std::string_view::npos || end < 3)
    return false;
  if (body.substr(end - 3, 4) != "pure")
    return false;
  return end == 3 || !(isalnum(static_cast<unsigned char>(body[end - 4])) || body[end - 4] == '_');
}

bool mentionsThread(const ir::Expr &e) {
  if ((e.kind == ExprKind::Call || e.kind == ExprKind::Var) && e.name.rfind(kBuiltinMark, 0) == 0)
    return true;
  for (const ExprPtr &a : e.args)
    if (a && mentionsThread(*a))
      return true;
  return false;
}
} // namespace

// Before any function is lowered: calls of a pure function are values wherever they
// occur, also in functions defined before it is (after a prototype).
void CLowering::findPureFunctions() {
  std::string_view text = sm_.text(file_);
  for (clang::Decl *d : fileDecls()) {
    auto *fd = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (!fd || !inMainFile(fd->getLocation()) || isKernel(fd))
      continue;
    if (Annotation *a = annotationBefore(offset(fd->getSourceRange().getBegin())))
      if (endsWithPure(text.substr(a->bodyBegin, a->bodyEnd - a->bodyBegin))) {
        pureFunctions_.insert(fd->getNameAsString());
        pureDecls_[fd->getNameAsString()] = fd;
      }
  }
}

// A call of a pure C function in an annotation passes its arguments as a call in
// code does: converted to the parameters' C types (`f(300)` with a char parameter
// is f(44)), so the two calls mean the same. The result has the return type.
void CLowering::convertPureArguments(ir::Expr &call) {
  auto it = pureDecls_.find(call.name);
  if (it == pureDecls_.end())
    return;
  const clang::FunctionDecl *fd = it->second;
  if (fd->getNumParams() != call.args.size())
    return; // aggregate parameters pass leaves: the type checker counts them
  for (unsigned i = 0; i < fd->getNumParams(); ++i) {
    clang::QualType t = fd->getParamDecl(i)->getType().getCanonicalType();
    if (t->isIntegerType() && !t->isBooleanType() && call.args[i])
      call.args[i] = convertInt(call.args[i], cintOf(t), call.args[i]->range);
  }
  clang::QualType rt = fd->getReturnType().getCanonicalType();
  if (rt->isIntegerType() && !rt->isBooleanType())
    call.cint = cintOf(rt);
}

void CLowering::pureHelper(clang::FunctionDecl *fd, ir::Method m) {
  m.pure = true;
  if (m.returnType == Type::Void) {
    typeError(m.nameRange, "pure function '" + m.name + "' returns void");
    return;
  }
  if (auto *body = llvm::dyn_cast_or_null<clang::CompoundStmt>(fd->getBody())) {
    auto *ret = body->size() == 1 ? llvm::dyn_cast<clang::ReturnStmt>(body->body_front()) : nullptr;
    if (!ret || !ret->getRetValue()) {
      unsupported(range(body), "the body of pure function '" + m.name +
                                   "': it must be one statement 'return e;' (a pure "
                                   "function is one expression)");
      return;
    }
    std::vector<StmtPtr> pre;
    ExprPtr v = convertTo(ret->getRetValue(), m.returnType, pre);
    if (!v)
      return;
    if (!pre.empty()) {
      unsupported(range(ret->getRetValue()),
                  "a call of a function that is not pure, in pure function '" + m.name + "'");
      return;
    }
    if (mentionsThread(*v)) {
      unsupported(range(ret->getRetValue()),
                  "thread ids or launch sizes in pure function '" + m.name +
                      "' (a pure function means the same for every thread: pass them as "
                      "arguments)");
      return;
    }
    m.pureBody = v;
    m.body.reset();
  }
  checkFunctionSpecs();
  out_.methods.push_back(std::move(m));
}

// An annotation that is no function's contract: ghost declarations, if it holds any.
bool CLowering::ghostDeclarations(Annotation &a) {
  std::string_view text = sm_.text(file_).substr(a.bodyBegin, a.bodyEnd - a.bodyBegin);
  // VerCors's predicates: expanded in PVL files (pvl_predicates.cpp), not yet here.
  if (size_t r = text.find("resource"); r != std::string_view::npos &&
                                        text.find('(', r) != std::string_view::npos &&
                                        text.find('=', r) != std::string_view::npos) {
    SourceRange where{{file_, a.bodyBegin + static_cast<uint32_t>(r)},
                      {file_, a.bodyBegin + static_cast<uint32_t>(r + 8)}};
    unsupported(where, "a resource predicate in an OpenCL or CUDA annotation (kprove reads "
                       "them in PVL files)");
    return true;
  }
  size_t at = text.find("pure");
  if (at == std::string_view::npos)
    return false;
  auto spec = parseAnnotation(a);
  if (!spec)
    return true; // reported
  if (spec->functions.empty()) {
    a.used = false; // not a declaration: reported where it stands
    return false;
  }
  addGhostFunctions(std::move(spec->functions));
  return true;
}

// Their contracts and bodies are annotations: C's operators, mathematical parameters
// (a ghost `int` is VerCors's unbounded integer).
void CLowering::addGhostFunctions(std::vector<ir::Method> functions) {
  std::vector<ScopedName> savedNames = std::move(userNames_);
  std::vector<ScopedName> savedBinders = std::move(specBinders_);
  for (ir::Method &f : functions) {
    userNames_.clear();
    specBinders_.clear();
    for (const ir::Param &p : f.params)
      if (p.type == Type::IntArray)
        userNames_.push_back({p.name, {}, true});
      else
        specBinders_.push_back({p.name, {}});
    auto typeAll = [&](ExprPtr &e) {
      expandConstants(e);
      markBuiltins(e);
      typeSpecClause(e);
      if (e && mentionsThread(*e))
        unsupported(e->range, "thread ids or launch sizes in pure function '" + f.name +
                                  "' (a pure function means the same for every thread: pass "
                                  "them as arguments)");
    };
    for (ir::Clause &c : f.contract)
      typeAll(c.expr);
    if (f.pureBody)
      typeAll(f.pureBody);
    mainFunctions_.insert(f.name);
    out_.methods.push_back(std::move(f));
  }
  userNames_ = std::move(savedNames);
  specBinders_ = std::move(savedBinders);
}

} // namespace kprove::lang::clower
