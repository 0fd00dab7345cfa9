// The only translation unit that includes Clang's headers (compile time). Runs
// Clang on the file (OpenCL C 2.0 or CUDA host-only with kprove's prelude), keeps
// the annotation comments with a preprocessor CommentHandler, and lowers the AST
// of the main file to the kernel IR (CLowering). Builtins stay calls and names
// (get_local_id(0), threadIdx.x) for resolveGpuBuiltins.
#include "lang/c/c_frontend.h"
#include "lang/pvl/pvl_parser.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <algorithm>
#include <map>
#include <set>
#include <type_traits>
#include <unordered_map>

namespace kprove::lang {

namespace {

using ir::ExprKind;
using ir::ExprPtr;
using ir::StmtKind;
using ir::StmtPtr;
using ir::Type;

// An annotation comment: the text between `/*@` and `@*/` (or after `//@`).
struct Annotation {
  uint32_t begin = 0, end = 0;         // the whole comment
  uint32_t bodyBegin = 0, bodyEnd = 0; // its content
  bool used = false;
};

class AnnotationCollector : public clang::CommentHandler {
public:
  explicit AnnotationCollector(std::vector<Annotation> &out) : out_(out) {}
  bool HandleComment(clang::Preprocessor &pp, clang::SourceRange r) override {
    const clang::SourceManager &sm = pp.getSourceManager();
    if (!sm.isWrittenInMainFile(r.getBegin()))
      return false;
    uint32_t b = sm.getFileOffset(r.getBegin()), e = sm.getFileOffset(r.getEnd());
    llvm::StringRef text = sm.getBufferData(sm.getMainFileID());
    llvm::StringRef c = text.substr(b, e - b);
    Annotation a{b, e, 0, 0, false};
    if (c.starts_with("/*@")) {
      a.bodyBegin = b + 3;
      a.bodyEnd = c.ends_with("@*/") && c.size() >= 6 ? e - 3 : e - 2;
    } else if (c.starts_with("//@")) {
      a.bodyBegin = b + 3;
      a.bodyEnd = e;
    } else {
      return false;
    }
    out_.push_back(a);
    return false;
  }

private:
  std::vector<Annotation> &out_;
};

// Clang's errors, as kprove diagnostics at their place in the main file.
class DiagCollector : public clang::DiagnosticConsumer {
public:
  DiagCollector(uint32_t file, std::vector<Diagnostic> &out) : file_(file), out_(out) {}
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error)
      return;
    llvm::SmallString<128> text;
    info.FormatDiagnostic(text);
    std::string msg(text.str());
    SourceRange r{{file_, 0}, {file_, 0}};
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const clang::SourceManager &sm = info.getSourceManager();
      clang::SourceLocation loc = sm.getFileLoc(info.getLocation());
      if (sm.isWrittenInMainFile(loc)) {
        uint32_t off = sm.getFileOffset(loc);
        r = {{file_, off}, {file_, off + 1}};
      } else {
        msg = "(in kprove's prelude) " + msg;
      }
    }
    out_.push_back({DiagCode::Parse, r, msg, {}});
  }

private:
  uint32_t file_;
  std::vector<Diagnostic> &out_;
};

bool isIntLike(clang::QualType t) {
  t = t.getCanonicalType();
  return t->isIntegerType() && !t->isBooleanType();
}
bool isFloat(clang::QualType t) {
  return t.getCanonicalType()->isRealFloatingType();
}

// Lowers the main file's functions. One instance per file.
class CLowering {
public:
  CLowering(clang::ASTContext &ctx, const SourceManager &sm, uint32_t file, CDialect dialect,
            std::vector<Annotation> &annotations, DiagnosticEngine &diags, ir::Program &out)
      : ctx_(ctx), csm_(ctx.getSourceManager()), sm_(sm), file_(file), dialect_(dialect),
        annotations_(annotations), diags_(diags), out_(out) {
    std::sort(annotations_.begin(), annotations_.end(),
              [](const Annotation &a, const Annotation &b) { return a.begin < b.begin; });
  }

  void run() {
    for (clang::Decl *d : ctx_.getTranslationUnitDecl()->decls())
      topLevel(d);
    for (const Annotation &a : annotations_)
      if (!a.used)
        unsupported({{file_, a.begin}, {file_, a.begin + 3}},
                    "an annotation that is not right before a kernel, function, barrier or "
                    "loop, nor inside a function body");
    addFloatFunctions();
  }

private:
  // --- locations ---
  uint32_t offset(clang::SourceLocation l) const {
    return csm_.getFileOffset(csm_.getExpansionLoc(l));
  }
  bool inMainFile(clang::SourceLocation l) const {
    return l.isValid() && csm_.isWrittenInMainFile(csm_.getExpansionLoc(l));
  }
  SourceRange range(clang::SourceRange r) const {
    if (!inMainFile(r.getBegin()))
      return {{file_, 0}, {file_, 0}};
    clang::SourceLocation e = csm_.getExpansionLoc(r.getEnd());
    uint32_t end = offset(e) + clang::Lexer::MeasureTokenLength(e, csm_, ctx_.getLangOpts());
    return {{file_, offset(r.getBegin())}, {file_, std::max(end, offset(r.getBegin()))}};
  }
  template <typename N> SourceRange range(const N *n) const {
    if constexpr (std::is_base_of_v<clang::Stmt, N>)
      return stmtRange(n);
    else
      return range(n->getSourceRange());
  }
  // Statements: Clang finds a binary operator's start by walking down its left
  // operands, which is quadratic over a long chain `a + a + ... + a`; memoised.
  SourceRange stmtRange(const clang::Stmt *s) const {
    return range(clang::SourceRange(beginOf(s), s->getEndLoc()));
  }
  clang::SourceLocation beginOf(const clang::Stmt *s) const {
    auto *bo = llvm::dyn_cast<clang::BinaryOperator>(s);
    if (!bo)
      return s->getBeginLoc();
    if (auto it = begins_.find(bo); it != begins_.end())
      return it->second;
    // Iteratively down the left spine, then memoise every node on it.
    std::vector<const clang::BinaryOperator *> spine{bo};
    while (auto *l = llvm::dyn_cast<clang::BinaryOperator>(spine.back()->getLHS()))
      spine.push_back(l);
    clang::SourceLocation loc = spine.back()->getLHS()->getBeginLoc();
    for (const clang::BinaryOperator *n : spine)
      begins_[n] = loc;
    return loc;
  }

  void unsupported(SourceRange r, std::string msg) {
    diags_.error(DiagCode::Unsupported, r, "unsupported: " + msg);
  }
  void typeError(SourceRange r, std::string msg) { diags_.error(DiagCode::Type, r, msg); }

  // --- annotations ---
  // The annotation ending right before `at` (only white space in between).
  Annotation *annotationBefore(uint32_t at) {
    std::string_view text = sm_.text(file_);
    for (auto it = annotations_.rbegin(); it != annotations_.rend(); ++it) {
      if (it->end > at)
        continue;
      if (it->used)
        return nullptr;
      for (uint32_t i = it->end; i < at; ++i)
        if (!isspace(static_cast<unsigned char>(text[i])))
          return nullptr;
      return &*it;
    }
    return nullptr;
  }
  std::optional<SpecComment> parseAnnotation(Annotation &a) {
    a.used = true;
    auto spec = parseSpecComment(sm_, file_, a.bodyBegin, a.bodyEnd, diags_);
    if (spec) {
      for (const ir::Clause &c : spec->clauses)
        specExprs_.push_back(c.expr);
      for (const StmtPtr &st : spec->stmts)
        specExprs_.push_back(st->value);
    }
    return spec;
  }

  // Annotations see floating-point values as opaque (docs/language.md §11.2): they
  // may compare them for equality, but arithmetic and ordering on them would speak
  // of kprove's encoding, not of IEEE values. Checked once a function is lowered,
  // when the names of its floating-point parameters and variables are known.
  bool isFloatValued(const ir::Expr &e) const {
    switch (e.kind) {
    case ExprKind::Var:
      return floatNames_.count(e.name) > 0;
    case ExprKind::Index:
      return e.args[0]->kind == ExprKind::Var && floatNames_.count(e.args[0]->name) > 0;
    case ExprKind::Old:
      return isFloatValued(*e.args[0]);
    case ExprKind::Ite:
      return isFloatValued(*e.args[1]) || isFloatValued(*e.args[2]);
    default:
      return false;
    }
  }
  void checkFloatSpec(const ir::Expr &e) {
    bool arith =
        (e.kind == ExprKind::Binary && e.binop != ir::BinOp::Eq && e.binop != ir::BinOp::Ne &&
         e.binop != ir::BinOp::And && e.binop != ir::BinOp::Or && e.binop != ir::BinOp::Implies &&
         e.binop != ir::BinOp::Star) ||
        (e.kind == ExprKind::Unary && e.unop == ir::UnOp::Neg);
    for (const ExprPtr &a : e.args) {
      if (!a)
        continue;
      if (arith && isFloatValued(*a)) {
        unsupported(a->range, "arithmetic or ordering on a floating-point value in an "
                              "annotation (floating-point values are opaque; compare them "
                              "with == only)");
        return;
      }
      checkFloatSpec(*a);
    }
  }
  void checkFunctionSpecs() {
    for (const ExprPtr &e : specExprs_)
      if (e)
        checkFloatSpec(*e);
    specExprs_.clear();
  }
  // Clauses of the annotation before `at`, keeping only `allowed` kinds.
  std::vector<ir::Clause> contractBefore(uint32_t at, std::initializer_list<ir::ClauseKind> allowed,
                                         const char *where) {
    Annotation *a = annotationBefore(at);
    if (!a)
      return {};
    auto spec = parseAnnotation(*a);
    if (!spec)
      return {};
    for (const ir::Clause &c : spec->clauses)
      if (std::find(allowed.begin(), allowed.end(), c.kind) == allowed.end())
        typeError(c.range, std::string("this clause is not allowed ") + where);
    if (!spec->stmts.empty())
      typeError(spec->stmts.front()->range,
                std::string("statements are not allowed in the annotation ") + where);
    return spec->clauses;
  }
  // Annotations inside a body, in [from, to), become statements (assert, assume).
  void annotationStatements(uint32_t from, uint32_t to, std::vector<StmtPtr> &out) {
    for (Annotation &a : annotations_) {
      if (a.used || a.begin < from || a.end > to)
        continue;
      auto spec = parseAnnotation(a);
      if (!spec)
        continue;
      for (const ir::Clause &c : spec->clauses)
        typeError(c.range, "a clause must come right before a kernel, function, barrier or loop");
      for (StmtPtr &s : spec->stmts) {
        if (s->kind != StmtKind::Assert && s->kind != StmtKind::Assume) {
          unsupported(s->range, "ghost statements other than assert and assume");
          continue;
        }
        out.push_back(s);
      }
    }
  }

  // --- declarations ---
  void topLevel(clang::Decl *d) {
    if (!inMainFile(d->getLocation()))
      return;
    if (auto *fd = llvm::dyn_cast<clang::FunctionDecl>(d)) {
      function(fd);
      return;
    }
    if (llvm::isa<clang::TypedefNameDecl, clang::EmptyDecl, clang::RecordDecl, clang::EnumDecl>(d))
      return;
    if (auto *vd = llvm::dyn_cast<clang::VarDecl>(d)) {
      unsupported(range(vd), "file-scope variable '" + vd->getNameAsString() + "'");
      return;
    }
    unsupported(range(d), std::string("this declaration (") + d->getDeclKindName() + ")");
  }

  bool isKernel(const clang::FunctionDecl *fd) const {
    return fd->hasAttr<clang::OpenCLKernelAttr>() || fd->hasAttr<clang::CUDAGlobalAttr>();
  }

  void function(clang::FunctionDecl *fd) {
    if (!fd->doesThisDeclarationHaveABody()) {
      // A prototype: its definition (if any) carries the contract.
      if (fd->getDefinition())
        return;
    }
    uint32_t at = offset(fd->getSourceRange().getBegin());
    if (isKernel(fd))
      kernel(fd, at);
    else
      helper(fd, at);
  }

  // A scalar type kprove models, or nullopt (and a diagnostic).
  std::optional<Type> scalarType(clang::QualType t, SourceRange where, const std::string &what) {
    clang::QualType c = t.getCanonicalType();
    if (c->isBooleanType())
      return Type::Bool;
    if (c->isIntegerType() || c->isEnumeralType())
      return Type::Int;
    if (c->isRealFloatingType())
      return Type::Int; // opaque values (see docs/language.md, "Floating point")
    unsupported(where, what + " of type '" + t.getAsString() + "'");
    return std::nullopt;
  }

  // A struct whose fields are all scalars is flattened: variable `p` of it becomes
  // the variables `p.x`, `p.y`, ... (names no C identifier can clash with).
  struct Field {
    std::string name;
    Type type;
    bool floating = false;
  };
  std::optional<std::vector<Field>> scalarFields(clang::QualType t) const {
    const clang::RecordType *rt = t.getCanonicalType()->getAs<clang::RecordType>();
    if (!rt || !rt->getDecl()->isStruct() || !rt->getDecl()->getDefinition())
      return std::nullopt;
    std::vector<Field> out;
    for (const clang::FieldDecl *f : rt->getDecl()->getDefinition()->fields()) {
      clang::QualType ft = f->getType().getCanonicalType();
      if (f->isBitField() || f->getNameAsString().empty() ||
          !(ft->isIntegerType() || ft->isRealFloatingType() || ft->isEnumeralType()))
        return std::nullopt;
      out.push_back({f->getNameAsString(), ft->isBooleanType() ? Type::Bool : Type::Int,
                     ft->isRealFloatingType()});
    }
    if (out.empty())
      return std::nullopt;
    return out;
  }
  bool isStructValue(const clang::Expr *e) const {
    return e->getType().getCanonicalType()->isStructureType();
  }
  // The fields of a struct-valued expression (a variable), as IR names.
  std::optional<std::vector<std::string>> structParts(const clang::Expr *e) {
    e = e->IgnoreParenImpCasts();
    auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e);
    auto fields = scalarFields(e->getType());
    if (!dr || !fields) {
      unsupported(range(e), "this struct value (only variables of structs of scalars)");
      return std::nullopt;
    }
    std::vector<std::string> out;
    for (const Field &f : *fields)
      out.push_back(dr->getDecl()->getNameAsString() + "." + f.name);
    return out;
  }

  ir::MemorySpace spaceOf(clang::QualType pointee) const {
    switch (pointee.getAddressSpace()) {
    case clang::LangAS::opencl_local:
    case clang::LangAS::cuda_shared:
      return ir::MemorySpace::Local;
    case clang::LangAS::opencl_constant:
    case clang::LangAS::cuda_constant:
      return ir::MemorySpace::Constant;
    default:
      return ir::MemorySpace::Global;
    }
  }

  // A parameter's IR parameters: one, or one per field of a struct of scalars.
  std::vector<ir::Param> params(const clang::ParmVarDecl *p, std::vector<ir::MemorySpace> &spaces) {
    if (auto fields = scalarFields(p->getType())) {
      std::vector<ir::Param> out;
      for (const Field &f : *fields) {
        out.push_back({f.type, p->getNameAsString() + "." + f.name, range(p)});
        if (f.floating)
          floatNames_.insert(out.back().name);
        spaces.push_back(ir::MemorySpace::Global);
      }
      return out;
    }
    ir::Param ip;
    ir::MemorySpace space;
    if (!param(p, ip, space))
      return {};
    spaces.push_back(space);
    return {ip};
  }

  bool param(const clang::ParmVarDecl *p, ir::Param &out, ir::MemorySpace &space) {
    SourceRange r = range(p);
    out.name = p->getNameAsString();
    out.range = r;
    if (out.name.empty()) {
      unsupported(r, "unnamed parameters");
      return false;
    }
    clang::QualType t = p->getType().getCanonicalType();
    if (t->isPointerType()) {
      clang::QualType pointee = t->getPointeeType();
      if (!(isIntLike(pointee) || isFloat(pointee) || pointee->isBooleanType())) {
        unsupported(r, "pointer parameter '" + out.name + "' to '" + pointee.getAsString() +
                           "' (only pointers to int-like and floating-point scalars)");
        return false;
      }
      out.type = Type::IntArray;
      space = spaceOf(pointee);
      if (dialect_ == CDialect::Cuda && space == ir::MemorySpace::Global &&
          pointee.getAddressSpace() != clang::LangAS::Default)
        space = spaceOf(pointee);
      if (isFloat(pointee))
        floatNames_.insert(out.name);
      return true;
    }
    auto st = scalarType(p->getType(), r, "parameter '" + out.name + "'");
    if (!st)
      return false;
    if (isFloat(p->getType()))
      floatNames_.insert(out.name);
    out.type = *st;
    space = ir::MemorySpace::Global;
    return true;
  }

  void kernel(clang::FunctionDecl *fd, uint32_t at) {
    ir::GpuKernel k;
    k.name = fd->getNameAsString();
    k.range = range(fd);
    k.nameRange = range(clang::SourceRange(fd->getLocation(), fd->getLocation()));
    k.contract = contractBefore(
        at, {ir::ClauseKind::Requires, ir::ClauseKind::Ensures, ir::ClauseKind::Context},
        "before a kernel");
    floatNames_.clear();
    std::vector<ir::MemorySpace> spaces;
    std::vector<ir::Param> all;
    for (const clang::ParmVarDecl *p : fd->parameters())
      for (ir::Param &ip : params(p, spaces))
        all.push_back(ip);
    for (size_t i = 0; i < all.size(); ++i) {
      const ir::Param &ip = all[i];
      ir::MemorySpace space = spaces[i];
      if (ip.type == Type::IntArray && space == ir::MemorySpace::Local) {
        // Dynamic local memory: its length is \shared_mem_size(name).
        ir::KernelArray a;
        a.space = space;
        a.name = ip.name;
        a.range = ip.range;
        a.length = ir::makeVar("$smem_" + ip.name, ip.range);
        k.locals.push_back(a);
        continue;
      }
      k.params.push_back(ip);
      k.spaces.push_back(space);
    }
    if (fd->getReturnType().getCanonicalType()->isVoidType() == false)
      typeError(k.nameRange, "a kernel must return void");
    locals_ = &k.locals;
    inKernel_ = true;
    if (auto *body = llvm::dyn_cast_or_null<clang::CompoundStmt>(fd->getBody())) {
      k.body = compound(body);
      k.endRange = range(clang::SourceRange(body->getRBracLoc(), body->getRBracLoc()));
    }
    locals_ = nullptr;
    inKernel_ = false;
    checkFunctionSpecs();
    out_.gpuKernels.push_back(std::move(k));
  }

  void helper(clang::FunctionDecl *fd, uint32_t at) {
    ir::Method m;
    m.name = fd->getNameAsString();
    m.range = range(fd);
    m.nameRange = range(clang::SourceRange(fd->getLocation(), fd->getLocation()));
    m.contract = contractBefore(at,
                                {ir::ClauseKind::Requires, ir::ClauseKind::Ensures,
                                 ir::ClauseKind::Context, ir::ClauseKind::ContextEverywhere},
                                "before a function");
    floatNames_.clear();
    std::vector<ir::MemorySpace> spaces;
    for (const clang::ParmVarDecl *p : fd->parameters())
      for (ir::Param &ip : params(p, spaces))
        m.params.push_back(ip);
    clang::QualType rt = fd->getReturnType();
    if (rt.getCanonicalType()->isVoidType())
      m.returnType = Type::Void;
    else if (auto t = scalarType(rt, m.nameRange, "function '" + m.name + "' returning a value"))
      m.returnType = *t;
    if (auto *body = llvm::dyn_cast_or_null<clang::CompoundStmt>(fd->getBody()))
      m.body = compound(body);
    checkFunctionSpecs();
    out_.methods.push_back(std::move(m));
  }

  // --- statements ---
  std::vector<StmtPtr> compound(const clang::CompoundStmt *cs) {
    std::vector<StmtPtr> out;
    uint32_t from = offset(cs->getLBracLoc());
    for (const clang::Stmt *s : cs->body()) {
      uint32_t b = offset(s->getBeginLoc());
      Annotation *attached = annotationBefore(b);
      // A contract right before a barrier or loop belongs to it; others are statements.
      bool takesContract =
          llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt>(s) || isBarrierCall(s);
      if (attached && takesContract)
        attached->used = true; // claimed below by the statement itself
      annotationStatements(from, b, out);
      if (attached && takesContract)
        attached->used = false;
      stmt(s, out);
      from = range(s).end.offset;
    }
    annotationStatements(from, offset(cs->getRBracLoc()), out);
    return out;
  }

  std::vector<StmtPtr> body(const clang::Stmt *s) {
    std::vector<StmtPtr> out;
    if (auto *cs = llvm::dyn_cast<clang::CompoundStmt>(s))
      return compound(cs);
    stmt(s, out);
    return out;
  }

  static StmtPtr newStmt(StmtKind k, SourceRange r) {
    auto s = std::make_shared<ir::Stmt>();
    s->kind = k;
    s->range = r;
    return s;
  }

  const clang::CallExpr *asCall(const clang::Stmt *s) const {
    if (auto *e = llvm::dyn_cast<clang::Expr>(s))
      return llvm::dyn_cast<clang::CallExpr>(e->IgnoreParenImpCasts());
    return nullptr;
  }
  std::string calleeName(const clang::CallExpr *c) const {
    if (const clang::FunctionDecl *f = c->getDirectCallee())
      return f->getNameAsString();
    return {};
  }
  // A builtin: declared outside the main file (Clang's OpenCL builtins, the prelude).
  bool isBuiltin(const clang::CallExpr *c) const {
    const clang::FunctionDecl *f = c->getDirectCallee();
    // Clang declares OpenCL builtins on first use, implicitly, at the call's location.
    return f && (f->isImplicit() || f->getBuiltinID() != 0 || !inMainFile(f->getLocation()));
  }
  bool isBarrierCall(const clang::Stmt *s) const {
    const clang::CallExpr *c = asCall(s);
    if (!c || !isBuiltin(c))
      return false;
    std::string n = calleeName(c);
    return n == "barrier" || n == "work_group_barrier" || n == "__syncthreads";
  }

  void stmt(const clang::Stmt *s, std::vector<StmtPtr> &out) {
    SourceRange r = range(s);
    if (auto *cs = llvm::dyn_cast<clang::CompoundStmt>(s)) {
      auto b = newStmt(StmtKind::Block, r);
      b->body = compound(cs);
      out.push_back(b);
      return;
    }
    if (llvm::isa<clang::NullStmt>(s))
      return;
    if (auto *ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
      for (const clang::Decl *d : ds->decls())
        localDecl(d, out);
      return;
    }
    if (isBarrierCall(s)) {
      barrier(asCall(s), out);
      return;
    }
    if (auto *is = llvm::dyn_cast<clang::IfStmt>(s)) {
      if (is->getInit() || is->getConditionVariable()) {
        unsupported(r, "declarations in an if condition");
        return;
      }
      std::vector<StmtPtr> pre;
      ExprPtr c = cond(is->getCond(), pre);
      out.insert(out.end(), pre.begin(), pre.end());
      auto st = newStmt(StmtKind::If, r);
      st->cond = c;
      st->body = body(is->getThen());
      if (is->getElse())
        st->elseBody = body(is->getElse());
      out.push_back(st);
      return;
    }
    if (auto *fs = llvm::dyn_cast<clang::ForStmt>(s)) {
      auto clauses = loopClauses(s);
      if (fs->getInit())
        stmt(fs->getInit(), out);
      auto w = newStmt(StmtKind::While, r);
      w->clauses = clauses;
      w->cond = fs->getCond() ? loopCondition(fs->getCond()) : ir::makeBool(true, r);
      w->body = body(fs->getBody());
      if (fs->getInc())
        effect(fs->getInc(), w->body);
      out.push_back(w);
      return;
    }
    if (auto *ws = llvm::dyn_cast<clang::WhileStmt>(s)) {
      auto w = newStmt(StmtKind::While, r);
      w->clauses = loopClauses(s);
      w->cond = loopCondition(ws->getCond());
      w->body = body(ws->getBody());
      out.push_back(w);
      return;
    }
    if (auto *dw = llvm::dyn_cast<clang::DoStmt>(s)) {
      // do S while (c)  ==  { S } while (c) S   (the invariant holds at each test of
      // c). S is lowered once and used twice, so the annotations inside it (barrier
      // contracts, assertions) belong to both copies.
      auto clauses = loopClauses(s);
      std::vector<StmtPtr> once = body(dw->getBody());
      auto first = newStmt(StmtKind::Block, r);
      first->body = once;
      out.push_back(first);
      auto w = newStmt(StmtKind::While, r);
      w->clauses = clauses;
      w->cond = loopCondition(dw->getCond());
      w->body = once;
      out.push_back(w);
      return;
    }
    if (auto *rs = llvm::dyn_cast<clang::ReturnStmt>(s)) {
      auto st = newStmt(StmtKind::Return, r);
      if (rs->getRetValue()) {
        std::vector<StmtPtr> pre;
        st->value = value(rs->getRetValue(), pre);
        out.insert(out.end(), pre.begin(), pre.end());
      }
      out.push_back(st);
      return;
    }
    if (llvm::isa<clang::BreakStmt>(s)) {
      unsupported(r, "'break'");
      return;
    }
    if (llvm::isa<clang::ContinueStmt>(s)) {
      unsupported(r, "'continue'");
      return;
    }
    if (llvm::isa<clang::SwitchStmt>(s)) {
      unsupported(r, "'switch'");
      return;
    }
    if (llvm::isa<clang::GotoStmt, clang::LabelStmt>(s)) {
      unsupported(r, "'goto' and labels");
      return;
    }
    if (auto *e = llvm::dyn_cast<clang::Expr>(s)) {
      effect(e, out);
      return;
    }
    unsupported(r, std::string("the statement ") + s->getStmtClassName());
  }

  // A loop condition is evaluated at every iteration: no hoisted calls.
  ExprPtr loopCondition(const clang::Expr *c) {
    std::vector<StmtPtr> pre;
    ExprPtr e = cond(c, pre);
    if (!pre.empty())
      unsupported(range(c), "a function call in a loop condition");
    return e;
  }

  std::vector<ir::Clause> loopClauses(const clang::Stmt *s) {
    return contractBefore(offset(s->getBeginLoc()), {ir::ClauseKind::LoopInvariant},
                          "before a loop (only loop_invariant)");
  }

  void barrier(const clang::CallExpr *c, std::vector<StmtPtr> &out) {
    SourceRange r = range(c);
    auto b = newStmt(StmtKind::Barrier, r);
    b->clauses =
        contractBefore(offset(c->getBeginLoc()),
                       {ir::ClauseKind::Requires, ir::ClauseKind::Ensures, ir::ClauseKind::Context},
                       "before a barrier");
    b->fencesGiven = true;
    if (calleeName(c) == "__syncthreads") {
      b->fences.local = b->fences.global = true;
    } else {
      if (c->getNumArgs() < 1) {
        typeError(r, "barrier() needs its fence flags");
        return;
      }
      clang::Expr::EvalResult v;
      if (!c->getArg(0)->EvaluateAsInt(v, ctx_)) {
        typeError(range(c->getArg(0)), "the fence flags of a barrier must be a constant");
        return;
      }
      int64_t flags = v.Val.getInt().getExtValue();
      b->fences.local = (flags & 1) != 0;  // CLK_LOCAL_MEM_FENCE
      b->fences.global = (flags & 2) != 0; // CLK_GLOBAL_MEM_FENCE
      if (flags & ~int64_t{3})
        unsupported(range(c->getArg(0)), "fence flags other than CLK_LOCAL_MEM_FENCE and "
                                         "CLK_GLOBAL_MEM_FENCE");
    }
    out.push_back(b);
  }

  void localDecl(const clang::Decl *d, std::vector<StmtPtr> &out) {
    auto *vd = llvm::dyn_cast<clang::VarDecl>(d);
    SourceRange r = range(d);
    if (!vd) {
      if (llvm::isa<clang::TypedefNameDecl, clang::RecordDecl, clang::EnumDecl>(d))
        return;
      unsupported(r, std::string("the local declaration ") + d->getDeclKindName());
      return;
    }
    std::string name = vd->getNameAsString();
    clang::QualType t = vd->getType();
    bool local =
        t.getAddressSpace() == clang::LangAS::opencl_local || vd->hasAttr<clang::CUDASharedAttr>();
    if (local && t->isIncompleteArrayType() && inKernel_ && locals_) {
      // `extern __shared__ int s[];`: dynamic shared memory of \shared_mem_size(s) cells.
      ir::KernelArray a;
      a.space = ir::MemorySpace::Local;
      a.name = name;
      a.range = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
      a.length = ir::makeVar("$smem_" + name, a.range);
      for (const ir::KernelArray &o : *locals_)
        if (o.name == name) {
          unsupported(r, "two local arrays named '" + name + "'");
          return;
        }
      locals_->push_back(a);
      return;
    }
    if (const clang::ConstantArrayType *at = ctx_.getAsConstantArrayType(t)) {
      if (!local) {
        unsupported(r, "private array '" + name + "' (only __local / __shared__ arrays)");
        return;
      }
      if (!inKernel_ || !locals_) {
        unsupported(r, "local memory declared outside a kernel");
        return;
      }
      clang::QualType elem = at->getElementType();
      if (elem->isArrayType()) {
        unsupported(r, "multi-dimensional array '" + name + "' (use one dimension)");
        return;
      }
      if (!(isIntLike(elem) || isFloat(elem) || elem->isBooleanType())) {
        unsupported(r, "array '" + name + "' of '" + elem.getAsString() + "'");
        return;
      }
      for (const ir::KernelArray &a : *locals_)
        if (a.name == name) {
          unsupported(r, "two local arrays named '" + name + "'");
          return;
        }
      ir::KernelArray a;
      a.space = ir::MemorySpace::Local;
      a.name = name;
      a.range = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
      a.length = ir::makeInt(static_cast<int64_t>(at->getSize().getZExtValue()), a.range);
      if (isFloat(elem))
        floatNames_.insert(name);
      locals_->push_back(a);
      return;
    }
    if (local) {
      unsupported(r, "local scalar '" + name + "' (declare a one-element array)");
      return;
    }
    if (vd->isStaticLocal() || vd->hasExternalStorage()) {
      unsupported(r, "static or extern local variable '" + name + "'");
      return;
    }
    if (t->isPointerType()) {
      unsupported(r, "local pointer variable '" + name + "'");
      return;
    }
    if (auto fields = scalarFields(t)) {
      structDecl(vd, *fields, out);
      return;
    }
    auto st = scalarType(t, r, "variable '" + name + "'");
    if (!st)
      return;
    if (isFloat(t))
      floatNames_.insert(name);
    auto s = newStmt(StmtKind::VarDecl, r);
    s->name = name;
    s->nameRange = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
    s->declType = *st;
    if (const clang::Expr *init = vd->getInit()) {
      if (const clang::CallExpr *c = callNeedingStatement(init)) {
        out.push_back(s);
        call(c, ir::makeVar(name, s->nameRange), out);
        return;
      }
      std::vector<StmtPtr> pre;
      s->value = convertTo(init, *st, pre);
      out.insert(out.end(), pre.begin(), pre.end());
    }
    out.push_back(s);
  }

  void structDecl(const clang::VarDecl *vd, const std::vector<Field> &fields,
                  std::vector<StmtPtr> &out) {
    SourceRange r = range(vd);
    std::string name = vd->getNameAsString();
    std::vector<ExprPtr> values(fields.size());
    const clang::Expr *init = vd->getInit() ? vd->getInit()->IgnoreImplicit() : nullptr;
    std::vector<StmtPtr> pre;
    if (auto *list = llvm::dyn_cast_or_null<clang::InitListExpr>(init)) {
      for (unsigned i = 0; i < list->getNumInits() && i < fields.size(); ++i)
        values[i] = convertTo(list->getInit(i), fields[i].type, pre);
    } else if (init && !llvm::isa<clang::CXXConstructExpr>(init)) {
      auto parts = structParts(init);
      if (!parts)
        return;
      for (size_t i = 0; i < fields.size(); ++i)
        values[i] = ir::makeVar((*parts)[i], range(init));
    }
    out.insert(out.end(), pre.begin(), pre.end());
    for (size_t i = 0; i < fields.size(); ++i) {
      auto s = newStmt(StmtKind::VarDecl, r);
      s->name = name + "." + fields[i].name;
      if (fields[i].floating)
        floatNames_.insert(s->name);
      s->nameRange = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
      s->declType = fields[i].type;
      s->value = values[i];
      out.push_back(s);
    }
  }

  // `p.x` of a flattened struct variable, or null (and a diagnostic).
  ExprPtr member(const clang::MemberExpr *me) {
    const clang::Expr *base = me->getBase()->IgnoreParenImpCasts();
    auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(base);
    if (!me->isArrow() && dr && scalarFields(base->getType()))
      return ir::makeVar(dr->getDecl()->getNameAsString() + "." +
                             me->getMemberDecl()->getNameAsString(),
                         range(me));
    unsupported(range(me), "this member access (only fields of struct variables whose fields "
                           "are scalars)");
    return nullptr;
  }

  // --- expression statements (side effects) ---
  const clang::CallExpr *callNeedingStatement(const clang::Expr *e) const {
    auto *c = llvm::dyn_cast<clang::CallExpr>(e->IgnoreParenImpCasts());
    if (!c)
      return nullptr;
    if (!isBuiltin(c) || isAtomic(calleeName(c)))
      return c;
    return nullptr;
  }

  static bool isAtomic(const std::string &n) {
    static const std::set<std::string> ops = {
        "atomic_add", "atomic_inc",   "atomic_sub", "atomic_dec", "atomic_xchg", "atomic_cmpxchg",
        "atomic_min", "atomic_max",   "atom_add",   "atom_inc",   "atom_sub",    "atom_dec",
        "atom_xchg",  "atom_cmpxchg", "atom_min",   "atom_max",   "atomicAdd",   "atomicSub",
        "atomicExch", "atomicCAS",    "atomicMin",  "atomicMax"};
    return ops.count(n) > 0;
  }

  void effect(const clang::Expr *e, std::vector<StmtPtr> &out) {
    e = e->IgnoreParens();
    SourceRange r = range(e);
    if (auto *cast = llvm::dyn_cast<clang::CStyleCastExpr>(e))
      if (cast->getType()->isVoidType())
        return effect(cast->getSubExpr(), out);
    if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e)) {
      if (bo->getOpcode() == clang::BO_Comma) {
        effect(bo->getLHS(), out);
        effect(bo->getRHS(), out);
        return;
      }
      if (bo->getOpcode() == clang::BO_Assign && isStructValue(bo->getLHS())) {
        auto to = structParts(bo->getLHS()), from = structParts(bo->getRHS());
        if (to && from)
          for (size_t i = 0; i < to->size(); ++i)
            assign(ir::makeVar((*to)[i], r), ir::makeVar((*from)[i], r), r, out);
        return;
      }
      if (bo->isAssignmentOp()) {
        ExprPtr target = lvalue(bo->getLHS());
        if (!target)
          return;
        Type tt = irType(bo->getLHS()->getType());
        if (bo->getOpcode() == clang::BO_Assign) {
          if (const clang::CallExpr *c = callNeedingStatement(bo->getRHS())) {
            if (target->kind == ExprKind::Var) {
              call(c, target, out);
              return;
            }
            std::string tmp = freshTemp();
            auto d = newStmt(StmtKind::VarDecl, r);
            d->name = tmp;
            d->declType = tt;
            out.push_back(d);
            call(c, ir::makeVar(tmp, r), out);
            assign(target, ir::makeVar(tmp, r), r, out);
            return;
          }
          std::vector<StmtPtr> pre;
          ExprPtr v = convertTo(bo->getRHS(), tt, pre);
          out.insert(out.end(), pre.begin(), pre.end());
          assign(target, v, r, out);
          return;
        }
        auto *ca = llvm::cast<clang::CompoundAssignOperator>(bo);
        std::vector<StmtPtr> pre;
        ExprPtr rhs = value(ca->getRHS(), pre);
        out.insert(out.end(), pre.begin(), pre.end());
        ExprPtr cur = value(ca->getLHS(), pre);
        ExprPtr v = arith(ca->getOpcode(), cur, rhs, ca->getLHS()->getType(), r);
        if (v)
          assign(target, v, r, out);
        return;
      }
    }
    if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e)) {
      if (uo->isIncrementDecrementOp()) {
        ExprPtr target = lvalue(uo->getSubExpr());
        if (!target)
          return;
        std::vector<StmtPtr> pre;
        ExprPtr cur = value(uo->getSubExpr(), pre);
        if (isFloat(uo->getSubExpr()->getType())) {
          unsupported(r, "++/-- on a floating-point value");
          return;
        }
        assign(target,
               ir::makeBinary(uo->isIncrementOp() ? ir::BinOp::Add : ir::BinOp::Sub, cur,
                              ir::makeInt(1, r), r),
               r, out);
        return;
      }
    }
    if (auto *c = llvm::dyn_cast<clang::CallExpr>(e)) {
      call(c, nullptr, out);
      return;
    }
    unsupported(r, "an expression statement without effect or with an effect kprove does not "
                   "model");
  }

  void assign(ExprPtr target, ExprPtr v, SourceRange r, std::vector<StmtPtr> &out) {
    auto s = newStmt(StmtKind::Assign, r);
    s->target = target;
    s->value = v;
    out.push_back(s);
  }

  std::string freshTemp() { return "$tmp" + std::to_string(++temps_); }

  // A call as a statement: a helper function, or an atomic; `target` gets the result.
  void call(const clang::CallExpr *c, ExprPtr target, std::vector<StmtPtr> &out) {
    SourceRange r = range(c);
    std::string name = calleeName(c);
    if (name.empty()) {
      unsupported(r, "calls through function pointers");
      return;
    }
    if (isBuiltin(c) && isAtomic(name)) {
      atomic(c, name, target, out);
      return;
    }
    if (isBuiltin(c)) {
      if (target) {
        std::vector<StmtPtr> pre;
        ExprPtr v = value(c, pre);
        out.insert(out.end(), pre.begin(), pre.end());
        if (v)
          assign(target, v, r, out);
        return;
      }
      unsupported(r, "a call of the builtin '" + name + "' as a statement");
      return;
    }
    auto s = newStmt(StmtKind::Call, r);
    s->name = name;
    s->nameRange = range(clang::SourceRange(c->getBeginLoc(), c->getBeginLoc()));
    s->target = target;
    std::vector<StmtPtr> pre;
    for (const clang::Expr *a : c->arguments()) {
      if (isStructValue(a)) {
        auto parts = structParts(a);
        if (!parts)
          return;
        for (const std::string &p : *parts)
          s->args.push_back(ir::makeVar(p, range(a)));
        continue;
      }
      ExprPtr v = argument(a, pre);
      if (!v)
        return;
      s->args.push_back(v);
    }
    out.insert(out.end(), pre.begin(), pre.end());
    out.push_back(s);
  }

  // Pointer arguments pass the array itself; anything else is a value.
  ExprPtr argument(const clang::Expr *a, std::vector<StmtPtr> &pre) {
    const clang::Expr *x = a->IgnoreParenImpCasts();
    if (x->getType()->isPointerType() || x->getType()->isArrayType()) {
      if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(x))
        return ir::makeVar(dr->getDecl()->getNameAsString(), range(a));
      unsupported(range(a), "a pointer argument other than an array name (no pointer "
                            "arithmetic)");
      return nullptr;
    }
    return value(a, pre);
  }

  void atomic(const clang::CallExpr *c, const std::string &name, ExprPtr target,
              std::vector<StmtPtr> &out) {
    SourceRange r = range(c);
    static const std::map<std::string, std::string> ops = {
        {"atomic_add", "add"},    {"atom_add", "add"},           {"atomicAdd", "add"},
        {"atomic_sub", "sub"},    {"atom_sub", "sub"},           {"atomicSub", "sub"},
        {"atomic_inc", "inc"},    {"atom_inc", "inc"},           {"atomic_dec", "dec"},
        {"atom_dec", "dec"},      {"atomic_xchg", "xchg"},       {"atom_xchg", "xchg"},
        {"atomicExch", "xchg"},   {"atomic_cmpxchg", "cmpxchg"}, {"atom_cmpxchg", "cmpxchg"},
        {"atomicCAS", "cmpxchg"}, {"atomic_min", "min"},         {"atom_min", "min"},
        {"atomicMin", "min"},     {"atomic_max", "max"},         {"atom_max", "max"},
        {"atomicMax", "max"}};
    if (c->getNumArgs() < 1)
      return typeError(r, "'" + name + "' needs a location");
    clang::QualType pointee = c->getArg(0)->IgnoreParenImpCasts()->getType()->getPointeeType();
    if (pointee.isNull() || !isIntLike(pointee))
      return unsupported(r, "'" + name + "' on a non-integer location");
    ExprPtr loc = location(c->getArg(0));
    if (!loc)
      return;
    auto s = newStmt(StmtKind::Atomic, r);
    s->name = ops.at(name);
    s->target = target;
    s->args.push_back(loc);
    std::vector<StmtPtr> pre;
    for (unsigned i = 1; i < c->getNumArgs(); ++i)
      s->args.push_back(value(c->getArg(i), pre));
    out.insert(out.end(), pre.begin(), pre.end());
    out.push_back(s);
    atomics_.insert(loc->args[0]->name);
  }

  // `&p[i]`, `p + i` or `p`: the location p[i].
  ExprPtr location(const clang::Expr *e) {
    SourceRange r = range(e);
    e = e->IgnoreParenImpCasts();
    std::vector<StmtPtr> pre;
    ExprPtr loc;
    if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e);
        uo && uo->getOpcode() == clang::UO_AddrOf) {
      loc = lvalue(uo->getSubExpr());
    } else if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e);
               bo && bo->getOpcode() == clang::BO_Add &&
               llvm::isa<clang::DeclRefExpr>(bo->getLHS()->IgnoreParenImpCasts())) {
      auto idx = std::make_shared<ir::Expr>();
      idx->kind = ExprKind::Index;
      idx->range = r;
      idx->args = {ir::makeVar(llvm::cast<clang::DeclRefExpr>(bo->getLHS()->IgnoreParenImpCasts())
                                   ->getDecl()
                                   ->getNameAsString(),
                               range(bo->getLHS())),
                   value(bo->getRHS(), pre)};
      loc = idx;
    } else if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
      auto idx = std::make_shared<ir::Expr>();
      idx->kind = ExprKind::Index;
      idx->range = r;
      idx->args = {ir::makeVar(dr->getDecl()->getNameAsString(), r), ir::makeInt(0, r)};
      loc = idx;
    }
    if (!loc || loc->kind != ExprKind::Index || !pre.empty()) {
      unsupported(r, "this location (write &p[i], p + i or p)");
      return nullptr;
    }
    return loc;
  }

  // --- expressions ---
  ExprPtr lvalue(const clang::Expr *e) {
    e = e->IgnoreParens();
    if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
      if (!llvm::isa<clang::VarDecl>(dr->getDecl())) {
        unsupported(range(e), "assignment to this name");
        return nullptr;
      }
      return ir::makeVar(dr->getDecl()->getNameAsString(), range(e));
    }
    if (auto *me = llvm::dyn_cast<clang::MemberExpr>(e))
      return member(me);
    if (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
      std::vector<StmtPtr> pre;
      ExprPtr idx = index(as, pre);
      if (idx && !pre.empty()) {
        unsupported(range(e), "a function call in an array index");
        return nullptr;
      }
      return idx;
    }
    if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e);
        uo && uo->getOpcode() == clang::UO_Deref)
      unsupported(range(e), "pointer dereference '*p' (write p[0])");
    else
      unsupported(range(e), "assignment to this expression");
    return nullptr;
  }

  ExprPtr index(const clang::ArraySubscriptExpr *as, std::vector<StmtPtr> &pre) {
    const clang::Expr *base = as->getBase()->IgnoreParenImpCasts();
    auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(base);
    if (!dr) {
      unsupported(range(as), "indexing anything but an array or pointer name (no pointer "
                             "arithmetic, no multi-dimensional arrays)");
      return nullptr;
    }
    auto e = std::make_shared<ir::Expr>();
    e->kind = ExprKind::Index;
    e->range = range(as);
    e->args = {ir::makeVar(dr->getDecl()->getNameAsString(), range(dr)),
               convertTo(as->getIdx(), Type::Int, pre)};
    if (!e->args[1])
      return nullptr;
    return e;
  }

  Type irType(clang::QualType t) const {
    t = t.getCanonicalType();
    if (t->isBooleanType())
      return Type::Bool;
    return Type::Int;
  }

  // The value of `e` as an int or bool, inserting C's conversions.
  ExprPtr convertTo(const clang::Expr *e, Type want, std::vector<StmtPtr> &pre) {
    ExprPtr v = value(e, pre);
    if (!v)
      return nullptr;
    return coerce(v, isBoolValued(e) ? Type::Bool : Type::Int, want, isFloat(e->getType()),
                  range(e));
  }
  ExprPtr cond(const clang::Expr *e, std::vector<StmtPtr> &pre) {
    ExprPtr v = value(e, pre);
    if (!v)
      return nullptr;
    if (isBoolValued(e))
      return v;
    if (isFloat(e->getType()))
      return floatCall("$fnonzero", {v}, range(e));
    return ir::makeBinary(ir::BinOp::Ne, v, ir::makeInt(0, range(e)), range(e));
  }
  ExprPtr coerce(ExprPtr v, Type have, Type want, bool isFloatValue, SourceRange r) {
    if (have == want)
      return v;
    if (want == Type::Bool) {
      if (isFloatValue)
        return floatCall("$fnonzero", {v}, r);
      return ir::makeBinary(ir::BinOp::Ne, v, ir::makeInt(0, r), r);
    }
    auto ite = std::make_shared<ir::Expr>();
    ite->kind = ExprKind::Ite;
    ite->range = r;
    ite->args = {v, ir::makeInt(1, r), ir::makeInt(0, r)};
    return ite;
  }

  // Whether the IR for `e` is a formula (comparisons, logic, bool variables).
  bool isBoolValued(const clang::Expr *e) const {
    e = e->IgnoreParens();
    if (auto *ic = llvm::dyn_cast<clang::ImplicitCastExpr>(e)) {
      if (ic->getCastKind() == clang::CK_LValueToRValue || ic->getCastKind() == clang::CK_NoOp)
        return isBoolValued(ic->getSubExpr());
      return ic->getType()->isBooleanType();
    }
    if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e))
      return bo->isComparisonOp() || bo->isLogicalOp();
    if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e))
      return uo->getOpcode() == clang::UO_LNot;
    if (auto *co = llvm::dyn_cast<clang::ConditionalOperator>(e))
      return isBoolValued(co->getTrueExpr()) && isBoolValued(co->getFalseExpr());
    return e->getType()->isBooleanType();
  }

  ExprPtr floatCall(const std::string &fn, std::vector<ExprPtr> args, SourceRange r) {
    auto e = std::make_shared<ir::Expr>();
    e->kind = ExprKind::Call;
    e->name = fn;
    e->range = r;
    e->args = std::move(args);
    floatFns_[fn] = {e->args.size(),
                     fn == "$flt" || fn == "$fle" || fn == "$feq" || fn == "$fnonzero"};
    return e;
  }

  ExprPtr arith(clang::BinaryOperatorKind op, ExprPtr a, ExprPtr b, clang::QualType t,
                SourceRange r) {
    if (isFloat(t)) {
      switch (op) {
      case clang::BO_Add:
      case clang::BO_AddAssign:
        return floatCall("$fadd", {a, b}, r);
      case clang::BO_Sub:
      case clang::BO_SubAssign:
        return floatCall("$fsub", {a, b}, r);
      case clang::BO_Mul:
      case clang::BO_MulAssign:
        return floatCall("$fmul", {a, b}, r);
      case clang::BO_Div:
      case clang::BO_DivAssign:
        return floatCall("$fdiv", {a, b}, r);
      default:
        unsupported(r, "this floating-point operator");
        return nullptr;
      }
    }
    switch (op) {
    case clang::BO_Add:
    case clang::BO_AddAssign:
      return ir::makeBinary(ir::BinOp::Add, a, b, r);
    case clang::BO_Sub:
    case clang::BO_SubAssign:
      return ir::makeBinary(ir::BinOp::Sub, a, b, r);
    case clang::BO_Mul:
    case clang::BO_MulAssign:
      return ir::makeBinary(ir::BinOp::Mul, a, b, r);
    case clang::BO_Div:
    case clang::BO_DivAssign:
      return cDivision(a, b, false, r);
    case clang::BO_Rem:
    case clang::BO_RemAssign:
      return cDivision(a, b, true, r);
    case clang::BO_Shl:
    case clang::BO_ShlAssign:
    case clang::BO_Shr:
    case clang::BO_ShrAssign: {
      if (b->kind != ExprKind::IntLit || b->intValue < 0 || b->intValue > 62) {
        unsupported(r, "a shift by a non-constant amount");
        return nullptr;
      }
      ExprPtr p = ir::makeInt(int64_t{1} << b->intValue, r);
      bool left = op == clang::BO_Shl || op == clang::BO_ShlAssign;
      // x >> k is floor(x / 2^k), which is SMT's (Euclidean) division by a positive number.
      return ir::makeBinary(left ? ir::BinOp::Mul : ir::BinOp::Div, a, p, r);
    }
    case clang::BO_And:
    case clang::BO_AndAssign:
      return floatCall("$band", {a, b}, r);
    case clang::BO_Or:
    case clang::BO_OrAssign:
      return floatCall("$bor", {a, b}, r);
    case clang::BO_Xor:
    case clang::BO_XorAssign:
      return floatCall("$bxor", {a, b}, r);
    default:
      unsupported(r, "this operator");
      return nullptr;
    }
  }

  // C's / and % truncate toward zero; the IR's are Euclidean. Equal for a >= 0, b > 0.
  ExprPtr cDivision(ExprPtr a, ExprPtr b, bool rem, SourceRange r) {
    auto mk = [&](ir::BinOp op, ExprPtr x, ExprPtr y) { return ir::makeBinary(op, x, y, r); };
    auto ite = [&](ExprPtr c, ExprPtr t, ExprPtr f) {
      auto e = std::make_shared<ir::Expr>();
      e->kind = ExprKind::Ite;
      e->range = r;
      e->args = {c, t, f};
      return e;
    };
    auto zero = ir::makeInt(0, r);
    auto neg = [&](ExprPtr x) { return ir::makeUnary(ir::UnOp::Neg, x, r); };
    auto absOf = [&](ExprPtr x) { return ite(mk(ir::BinOp::Ge, x, zero), x, neg(x)); };
    // |a| div |b| is the truncated quotient's magnitude.
    ExprPtr q = mk(ir::BinOp::Div, absOf(a), absOf(b));
    ExprPtr sameSign = mk(ir::BinOp::Eq, mk(ir::BinOp::Ge, a, zero), mk(ir::BinOp::Ge, b, zero));
    bool simple = b->kind == ExprKind::IntLit && b->intValue > 0;
    ExprPtr quot = simple ? ite(mk(ir::BinOp::Ge, a, zero), mk(ir::BinOp::Div, a, b),
                                neg(mk(ir::BinOp::Div, neg(a), b)))
                          : ite(sameSign, q, neg(q));
    if (!rem)
      return quot;
    if (simple)
      return ite(mk(ir::BinOp::Ge, a, zero), mk(ir::BinOp::Mod, a, b),
                 neg(mk(ir::BinOp::Mod, neg(a), b)));
    return mk(ir::BinOp::Sub, a, mk(ir::BinOp::Mul, b, quot));
  }

  // Expressions nest through value(); Clang accepts operator chains of any length
  // (`a + a + ... + a`), so the depth is bounded here rather than by the stack.
  static constexpr int kMaxExprDepth = 5000;
  struct DepthGuard {
    int &depth;
    explicit DepthGuard(int &d) : depth(++d) {}
    ~DepthGuard() { --depth; }
  };

  ExprPtr value(const clang::Expr *e, std::vector<StmtPtr> &pre) {
    DepthGuard guard(exprDepth_);
    SourceRange r = range(e);
    if (exprDepth_ > kMaxExprDepth) {
      if (!depthReported_)
        unsupported(r, "an expression nested more than " + std::to_string(kMaxExprDepth) +
                           " levels deep (split it)");
      depthReported_ = true;
      return nullptr;
    }
    e = e->IgnoreParens();
    if (auto *il = llvm::dyn_cast<clang::IntegerLiteral>(e)) {
      llvm::APInt v = il->getValue();
      if (v.getActiveBits() > 62) {
        unsupported(r, "integer literal out of range");
        return nullptr;
      }
      return ir::makeInt(static_cast<int64_t>(v.getZExtValue()), r);
    }
    if (auto *cl = llvm::dyn_cast<clang::CharacterLiteral>(e))
      return ir::makeInt(cl->getValue(), r);
    if (auto *bl = llvm::dyn_cast<clang::CXXBoolLiteralExpr>(e))
      return ir::makeBool(bl->getValue(), r);
    if (auto *fl = llvm::dyn_cast<clang::FloatingLiteral>(e)) {
      // Equal spellings denote equal values; nothing else is known about them.
      llvm::SmallString<32> s;
      fl->getValue().toString(s);
      auto [it, fresh] = floatLiterals_.emplace(std::string(s.str()), floatLiterals_.size());
      return floatCall("$flit", {ir::makeInt(static_cast<int64_t>(it->second), r)}, r);
    }
    if (auto *ic = llvm::dyn_cast<clang::ImplicitCastExpr>(e))
      return cast(ic->getCastKind(), ic->getSubExpr(), ic->getType(), r, pre);
    if (auto *cc = llvm::dyn_cast<clang::CStyleCastExpr>(e))
      return cast(cc->getCastKind(), cc->getSubExpr(), cc->getType(), r, pre);
    if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
      if (auto *ec = llvm::dyn_cast<clang::EnumConstantDecl>(dr->getDecl()))
        return ir::makeInt(ec->getInitVal().getExtValue(), r);
      if (!llvm::isa<clang::VarDecl>(dr->getDecl())) {
        unsupported(r, "this use of '" + dr->getDecl()->getNameAsString() + "'");
        return nullptr;
      }
      if (!inMainFile(dr->getDecl()->getLocation())) {
        unsupported(r, "the builtin '" + dr->getDecl()->getNameAsString() + "' here");
        return nullptr;
      }
      return ir::makeVar(dr->getDecl()->getNameAsString(), r);
    }
    if (auto *me = llvm::dyn_cast<clang::MemberExpr>(e)) {
      const clang::Expr *base = me->getBase()->IgnoreParenImpCasts();
      auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(base);
      if (dr && !inMainFile(dr->getDecl()->getLocation()))
        return ir::makeVar(dr->getDecl()->getNameAsString() + "." +
                               me->getMemberDecl()->getNameAsString(),
                           r); // threadIdx.x and friends
      return member(me);
    }
    if (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(e))
      return index(as, pre);
    if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e)) {
      switch (uo->getOpcode()) {
      case clang::UO_Minus: {
        ExprPtr a = value(uo->getSubExpr(), pre);
        if (!a)
          return nullptr;
        if (isFloat(uo->getType()))
          return floatCall("$fneg", {a}, r);
        return ir::makeUnary(ir::UnOp::Neg, a, r);
      }
      case clang::UO_Plus:
        return value(uo->getSubExpr(), pre);
      case clang::UO_LNot: {
        ExprPtr a = cond(uo->getSubExpr(), pre);
        return a ? ir::makeUnary(ir::UnOp::Not, a, r) : nullptr;
      }
      case clang::UO_Not: {
        ExprPtr a = value(uo->getSubExpr(), pre);
        return a ? floatCall("$bnot", {a}, r) : nullptr;
      }
      default:
        unsupported(r, "this operator inside an expression (side effects, addresses and "
                       "dereferences must be statements of their own)");
        return nullptr;
      }
    }
    if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e))
      return binary(bo, pre);
    if (auto *co = llvm::dyn_cast<clang::ConditionalOperator>(e)) {
      std::vector<StmtPtr> inner;
      ExprPtr c = cond(co->getCond(), pre);
      Type t = isBoolValued(co) ? Type::Bool : Type::Int;
      ExprPtr a = convertTo(co->getTrueExpr(), t, inner);
      ExprPtr b = convertTo(co->getFalseExpr(), t, inner);
      if (!inner.empty()) {
        unsupported(r, "a function call in a branch of ?:");
        return nullptr;
      }
      if (!c || !a || !b)
        return nullptr;
      auto ite = std::make_shared<ir::Expr>();
      ite->kind = ExprKind::Ite;
      ite->range = r;
      ite->args = {c, a, b};
      return ite;
    }
    if (auto *c = llvm::dyn_cast<clang::CallExpr>(e))
      return callValue(c, pre);
    if (auto *sz = llvm::dyn_cast<clang::UnaryExprOrTypeTraitExpr>(e)) {
      clang::Expr::EvalResult v;
      if (sz->EvaluateAsInt(v, ctx_))
        return ir::makeInt(v.Val.getInt().getExtValue(), r);
    }
    unsupported(r, std::string("the expression ") + e->getStmtClassName());
    return nullptr;
  }

  ExprPtr cast(clang::CastKind k, const clang::Expr *sub, clang::QualType to, SourceRange r,
               std::vector<StmtPtr> &pre) {
    switch (k) {
    case clang::CK_LValueToRValue:
    case clang::CK_NoOp:
    case clang::CK_IntegralCast: // integers are mathematical (docs/language.md)
    case clang::CK_ArrayToPointerDecay:
    case clang::CK_FunctionToPointerDecay:
    case clang::CK_BuiltinFnToFnPtr:
      return value(sub, pre);
    case clang::CK_IntegralToBoolean:
      return convertTo(sub, Type::Bool, pre);
    case clang::CK_BooleanToSignedIntegral:
    case clang::CK_IntegralToFloating: {
      ExprPtr v = convertTo(sub, Type::Int, pre);
      return v ? floatCall("$i2f", {v}, r) : nullptr;
    }
    case clang::CK_FloatingToIntegral: {
      ExprPtr v = value(sub, pre);
      return v ? floatCall("$f2i", {v}, r) : nullptr;
    }
    case clang::CK_FloatingCast: {
      ExprPtr v = value(sub, pre);
      return v ? floatCall("$fcast", {v}, r) : nullptr;
    }
    case clang::CK_FloatingToBoolean: {
      ExprPtr v = value(sub, pre);
      return v ? floatCall("$fnonzero", {v}, r) : nullptr;
    }
    default:
      if (to->isBooleanType() && !sub->getType()->isPointerType())
        return convertTo(sub, Type::Bool, pre);
      unsupported(r, std::string("the conversion ") + clang::CastExpr::getCastKindName(k));
      return nullptr;
    }
  }

  ExprPtr binary(const clang::BinaryOperator *bo, std::vector<StmtPtr> &pre) {
    SourceRange r = range(bo);
    auto op = bo->getOpcode();
    if (bo->isAssignmentOp() || op == clang::BO_Comma) {
      unsupported(r, "an assignment inside an expression");
      return nullptr;
    }
    if (bo->isLogicalOp()) {
      ExprPtr a = cond(bo->getLHS(), pre);
      std::vector<StmtPtr> inner;
      ExprPtr b = cond(bo->getRHS(), inner);
      if (!inner.empty()) {
        unsupported(range(bo->getRHS()), "a function call on the right of && or ||");
        return nullptr;
      }
      if (!a || !b)
        return nullptr;
      return ir::makeBinary(op == clang::BO_LAnd ? ir::BinOp::And : ir::BinOp::Or, a, b, r);
    }
    // Pointer comparisons: p == NULL, p != NULL.
    if ((op == clang::BO_EQ || op == clang::BO_NE) &&
        (bo->getLHS()->getType()->isPointerType() || bo->getRHS()->getType()->isPointerType())) {
      auto side = [&](const clang::Expr *x) -> ExprPtr {
        if (x->isNullPointerConstant(ctx_, clang::Expr::NPC_ValueDependentIsNotNull)) {
          auto n = std::make_shared<ir::Expr>();
          n->kind = ExprKind::NullLit;
          n->range = range(x);
          return n;
        }
        if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(x->IgnoreParenImpCasts()))
          return ir::makeVar(dr->getDecl()->getNameAsString(), range(x));
        unsupported(range(x), "this pointer expression");
        return nullptr;
      };
      ExprPtr a = side(bo->getLHS()), b = side(bo->getRHS());
      if (!a || !b)
        return nullptr;
      return ir::makeBinary(op == clang::BO_EQ ? ir::BinOp::Eq : ir::BinOp::Ne, a, b, r);
    }
    bool fl = isFloat(bo->getLHS()->getType()) || isFloat(bo->getRHS()->getType());
    if (bo->isComparisonOp()) {
      bool boolCmp = isBoolValued(bo->getLHS()) && isBoolValued(bo->getRHS());
      ExprPtr a = boolCmp ? value(bo->getLHS(), pre) : convertTo(bo->getLHS(), Type::Int, pre);
      ExprPtr b = boolCmp ? value(bo->getRHS(), pre) : convertTo(bo->getRHS(), Type::Int, pre);
      if (!a || !b)
        return nullptr;
      if (fl) {
        switch (op) {
        case clang::BO_LT:
          return floatCall("$flt", {a, b}, r);
        case clang::BO_GT:
          return floatCall("$flt", {b, a}, r);
        case clang::BO_LE:
          return floatCall("$fle", {a, b}, r);
        case clang::BO_GE:
          return floatCall("$fle", {b, a}, r);
        case clang::BO_EQ:
          return floatCall("$feq", {a, b}, r);
        default:
          return ir::makeUnary(ir::UnOp::Not, floatCall("$feq", {a, b}, r), r);
        }
      }
      static const std::map<clang::BinaryOperatorKind, ir::BinOp> cmp = {
          {clang::BO_LT, ir::BinOp::Lt}, {clang::BO_GT, ir::BinOp::Gt},
          {clang::BO_LE, ir::BinOp::Le}, {clang::BO_GE, ir::BinOp::Ge},
          {clang::BO_EQ, ir::BinOp::Eq}, {clang::BO_NE, ir::BinOp::Ne}};
      return ir::makeBinary(cmp.at(op), a, b, r);
    }
    if (bo->getLHS()->getType()->isPointerType() || bo->getRHS()->getType()->isPointerType()) {
      unsupported(r, "pointer arithmetic (index the pointer instead)");
      return nullptr;
    }
    ExprPtr a = convertTo(bo->getLHS(), Type::Int, pre);
    ExprPtr b = convertTo(bo->getRHS(), Type::Int, pre);
    if (!a || !b)
      return nullptr;
    return arith(op, a, b, bo->getType(), r);
  }

  ExprPtr callValue(const clang::CallExpr *c, std::vector<StmtPtr> &pre) {
    SourceRange r = range(c);
    std::string name = calleeName(c);
    if (name.empty()) {
      unsupported(r, "calls through function pointers");
      return nullptr;
    }
    if (!isBuiltin(c) || isAtomic(name)) {
      // A helper function or atomic inside an expression: evaluated first, into a temporary.
      std::string tmp = freshTemp();
      auto d = newStmt(StmtKind::VarDecl, r);
      d->name = tmp;
      d->declType = irType(c->getType());
      pre.push_back(d);
      call(c, ir::makeVar(tmp, r), pre);
      return ir::makeVar(tmp, r);
    }
    std::vector<ExprPtr> args;
    for (const clang::Expr *a : c->arguments()) {
      ExprPtr v = value(a, pre);
      if (!v)
        return nullptr;
      args.push_back(v);
    }
    static const std::set<std::string> gpu = {"get_global_id",  "get_local_id",   "get_group_id",
                                              "get_local_size", "get_num_groups", "get_global_size",
                                              "get_work_dim"};
    auto call = std::make_shared<ir::Expr>();
    call->kind = ExprKind::Call;
    call->range = r;
    call->args = args;
    if (gpu.count(name)) {
      call->name = name;
      return call;
    }
    bool floatArgs = std::any_of(c->arg_begin(), c->arg_end(),
                                 [](const clang::Expr *a) { return isFloat(a->getType()); });
    if ((name == "min" || name == "max") && args.size() == 2 && !floatArgs) {
      auto ite = std::make_shared<ir::Expr>();
      ite->kind = ExprKind::Ite;
      ite->range = r;
      ite->args = {
          ir::makeBinary(name == "min" ? ir::BinOp::Le : ir::BinOp::Ge, args[0], args[1], r),
          args[0], args[1]};
      return ite;
    }
    if (name == "abs" && args.size() == 1 && !floatArgs) {
      auto ite = std::make_shared<ir::Expr>();
      ite->kind = ExprKind::Ite;
      ite->range = r;
      ite->args = {ir::makeBinary(ir::BinOp::Ge, args[0], ir::makeInt(0, r), r), args[0],
                   ir::makeUnary(ir::UnOp::Neg, args[0], r)};
      return ite;
    }
    for (const clang::Expr *a : c->arguments())
      if (a->getType()->isPointerType()) {
        unsupported(r, "the builtin '" + name + "' (it takes a pointer)");
        return nullptr;
      }
    if (c->getType()->isVoidType()) {
      unsupported(r, "the builtin '" + name + "'");
      return nullptr;
    }
    // Any other builtin (sqrt, exp, mad, ...): a deterministic function nothing else is
    // known about.
    return floatCall("$fn_" + name, args, r);
  }

  // Abstract pure functions for floating-point operations and unmodelled builtins.
  void addFloatFunctions() {
    for (const auto &[name, sig] : floatFns_) {
      ir::Method m;
      m.name = name;
      m.pure = true;
      m.returnType = sig.second ? Type::Bool : Type::Int;
      for (size_t i = 0; i < sig.first; ++i)
        m.params.push_back({Type::Int, "x" + std::to_string(i), {}});
      out_.methods.push_back(std::move(m));
    }
    for (ir::GpuKernel &k : out_.gpuKernels)
      k.atomicArrays.assign(atomics_.begin(), atomics_.end());
  }

  clang::ASTContext &ctx_;
  const clang::SourceManager &csm_;
  const SourceManager &sm_;
  uint32_t file_;
  CDialect dialect_;
  std::vector<Annotation> &annotations_;
  DiagnosticEngine &diags_;
  ir::Program &out_;
  std::vector<ir::KernelArray> *locals_ = nullptr;
  bool inKernel_ = false;
  unsigned temps_ = 0;
  std::set<std::string> floatNames_; // floating-point parameters, variables, arrays
  std::vector<ExprPtr> specExprs_;   // annotations of the function being lowered
  std::set<std::string> atomics_;
  std::map<std::string, size_t> floatLiterals_;
  std::map<std::string, std::pair<size_t, bool>> floatFns_; // arity, returns bool
  mutable std::unordered_map<const clang::BinaryOperator *, clang::SourceLocation> begins_;
  int exprDepth_ = 0;
  bool depthReported_ = false;
};

struct LoweringInput {
  const SourceManager &sm;
  uint32_t file;
  CDialect dialect;
  DiagnosticEngine &diags;
  ir::Program &out;
  std::vector<Annotation> annotations;
  bool clangErrors = false;
};

class LowerConsumer : public clang::ASTConsumer {
public:
  explicit LowerConsumer(LoweringInput &in) : in_(in) {}
  void HandleTranslationUnit(clang::ASTContext &ctx) override {
    if (ctx.getDiagnostics().hasErrorOccurred()) {
      in_.clangErrors = true;
      return;
    }
    CLowering(ctx, in_.sm, in_.file, in_.dialect, in_.annotations, in_.diags, in_.out).run();
  }

private:
  LoweringInput &in_;
};

class LowerAction : public clang::ASTFrontendAction {
public:
  explicit LowerAction(LoweringInput &in) : in_(in) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &ci,
                                                        llvm::StringRef) override {
    handler_ = std::make_unique<AnnotationCollector>(in_.annotations);
    ci.getPreprocessor().addCommentHandler(handler_.get());
    return std::make_unique<LowerConsumer>(in_);
  }
  void EndSourceFileAction() override {
    if (handler_)
      getCompilerInstance().getPreprocessor().removeCommentHandler(handler_.get());
  }

private:
  LoweringInput &in_;
  std::unique_ptr<AnnotationCollector> handler_;
};

#ifndef KPROVE_CLANG_RESOURCE_DIR
#define KPROVE_CLANG_RESOURCE_DIR "/usr/lib/llvm-19/lib/clang/19"
#endif

} // namespace

std::optional<ir::Program> parseC(const SourceManager &sm, uint32_t fileId, CDialect dialect,
                                  const CFrontendOptions &opts, DiagnosticEngine &diags) {
  ir::Program program;
  LoweringInput in{sm, fileId, dialect, diags, program, {}, false};
  std::string name =
      dialect == CDialect::OpenCL ? "/kprove-input/input.cl" : "/kprove-input/input.cu";
  std::vector<std::string> args = {
      "kprove-clang", "-fsyntax-only", "-resource-dir",   KPROVE_CLANG_RESOURCE_DIR,
      "-I",           opts.stdlibDir,  "-Wno-everything", "-fno-caret-diagnostics"};
  if (dialect == CDialect::OpenCL) {
    for (const char *a : {"-x", "cl", "-cl-std=CL2.0", "-Xclang", "-finclude-default-header",
                          "-Xclang", "-fdeclare-opencl-builtins"})
      args.push_back(a);
  } else {
    for (const char *a : {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                          "--no-cuda-version-check", "--cuda-gpu-arch=sm_70"})
      args.push_back(a);
  }
  args.push_back("-include");
  args.push_back(opts.stdlibDir + (dialect == CDialect::OpenCL ? "/opencl.h" : "/cuda.h"));
  args.push_back(name);

  // The text kprove already read is the text Clang sees (offsets agree).
  auto overlay =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  memory->addFile(name, 0, llvm::MemoryBuffer::getMemBufferCopy(sm.text(fileId)));
  overlay->pushOverlay(memory);
  auto files = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), overlay);

  std::vector<Diagnostic> clangDiags;
  DiagCollector collector(fileId, clangDiags);
  clang::tooling::ToolInvocation invocation(args, std::make_unique<LowerAction>(in), files.get());
  invocation.setDiagnosticConsumer(&collector);
  bool ok = invocation.run();
  for (Diagnostic &d : clangDiags)
    diags.report(std::move(d));
  if (!ok && clangDiags.empty() && !diags.hasInputErrors())
    diags.error(DiagCode::Parse, {{fileId, 0}, {fileId, 0}}, "Clang could not parse the file");
  if (!ok || in.clangErrors || diags.hasInputErrors())
    return std::nullopt;
  return program;
}

} // namespace kprove::lang
