// Private to the C front end (lang/c): the state and the operations of CLowering,
// which lowers the Clang AST of the main file to the kernel IR. Split as Clang
// splits Sema, one file per concern:
//   lower_decl.cpp         functions, kernels, parameters, types, local declarations
//   lower_stmt.cpp         statements, barriers, calls and atomics
//   lower_expr.cpp         expressions, conversions, floating point as opaque values
//   lower_pointer.cpp      pointers as offsets into one statically known array
//   lower_pointer_dynamic.cpp  pointers whose array is known at run time, &x of scalars
//   lower_function_pointer.cpp function pointers: numbers of functions, calls as case splits
//   lower_aggregate.cpp    structs and vectors: values, places, struct-of-arrays buffers
//   struct_layout.cpp      the leaves of struct types; pointer and array fields
//   lower_vector.cpp       vectors' component names, operators and builtins
//   lower_arrays.cpp       multi-dimensional, private and constant arrays, shared scalars
//   lower_memory_builtins.cpp  memcpy and memset as the element accesses they amount to
//   lower_goto.cpp         forward gotos out to a later statement of an enclosing block
//   lower_annotations.cpp  the /*@ @*/ comments: collection and attachment
//   lower_gpuverify.cpp    GPUVerify's annotations, written as calls (__assert, __requires)
//   lower_access_history.cpp  GPUVerify's __read(p), __write_offset_bytes(p), ...
//   clang_frontend.cpp     the driver glue: Clang's invocation and its diagnostics
// Only these files see Clang's headers.
#pragma once

#include "lang/c/c_frontend.h"
#include "lang/pvl/pvl_parser.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Preprocessor.h>

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace kprove::lang::clower {

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

// Collects the comments of the main file while Clang preprocesses it: the
// annotations, and the ordinary comments (for the hints about a comment that
// separates a contract from its kernel, or looks like a contract but is not one).
class AnnotationCollector : public clang::CommentHandler {
public:
  AnnotationCollector(std::vector<Annotation> &out, std::vector<Annotation> &comments)
      : out_(out), comments_(comments) {}
  bool HandleComment(clang::Preprocessor &pp, clang::SourceRange r) override;

private:
  std::vector<Annotation> &out_;
  std::vector<Annotation> &comments_;
};

// The path of leaf `leaf` below `prefix` ("pos" + "x" = "pos.x"; either may be empty).
inline std::string leafPath(const std::string &prefix, const std::string &leaf) {
  if (leaf.empty() || prefix.empty())
    return prefix + leaf;
  return prefix + "." + leaf;
}

// Calls `visit` on every statement and expression under `root`, root included (in
// no particular order).
inline void forEachStmt(const clang::Stmt *root,
                        const std::function<void(const clang::Stmt *)> &visit) {
  std::vector<const clang::Stmt *> todo{root};
  while (!todo.empty()) {
    const clang::Stmt *s = todo.back();
    todo.pop_back();
    if (!s)
      continue;
    for (const clang::Stmt *c : s->children())
      todo.push_back(c);
    visit(s);
  }
}

inline bool isIntLike(clang::QualType t) {
  t = t.getCanonicalType();
  return t->isIntegerType() && !t->isBooleanType();
}
inline bool isFloat(clang::QualType t) {
  return t.getCanonicalType()->isRealFloatingType();
}

// Lowers the main file's functions. One instance per file.
class CLowering {
public:
  CLowering(clang::ASTContext &ctx, const clang::Preprocessor &pp, const SourceManager &sm,
            uint32_t file, CDialect dialect, std::vector<Annotation> &annotations,
            const std::vector<Annotation> &comments, DiagnosticEngine &diags, ir::Program &out)
      : ctx_(ctx), pp_(pp), csm_(ctx.getSourceManager()), sm_(sm), file_(file), dialect_(dialect),
        annotations_(annotations), comments_(comments), diags_(diags), out_(out) {
    std::sort(annotations_.begin(), annotations_.end(),
              [](const Annotation &a, const Annotation &b) { return a.begin < b.begin; });
  }
  // Lowers every function of the main file (lower_decl.cpp).
  void run();

private:
  // --- shared helpers ---
  uint32_t offset(clang::SourceLocation l) const {
    return csm_.getFileOffset(csm_.getExpansionLoc(l));
  }
  bool inMainFile(clang::SourceLocation l) const {
    return l.isValid() && csm_.isWrittenInMainFile(csm_.getExpansionLoc(l));
  }
  template <typename N> SourceRange range(const N *n) const {
    if constexpr (std::is_base_of_v<clang::Stmt, N>)
      return stmtRange(n);
    else
      return range(n->getSourceRange());
  }
  void unsupported(SourceRange r, std::string msg) {
    diags_.error(DiagCode::Unsupported, r, "unsupported: " + msg);
  }
  void typeError(SourceRange r, std::string msg) { diags_.error(DiagCode::Type, r, msg); }
  bool isKernel(const clang::FunctionDecl *fd) const {
    return fd->hasAttr<clang::OpenCLKernelAttr>() || fd->hasAttr<clang::CUDAGlobalAttr>();
  }
  // A struct whose fields are all scalars is flattened: variable `p` of it becomes
  // the variables `p.x`, `p.y`, ... (names no C identifier can clash with).
  struct Field {
    std::string name;
    Type type;
    bool floating = false;
    ir::IntType cint;
    bool pointer = false;  // a pointer field of a by-value struct: an array (type IntArray)
    bool opaque = false;   // a pointer kept in a buffer's element: its bits (type Int)
    clang::QualType ctype; // a scalar leaf's C type (an array leaf's element type)
  };
  // What a pointer field of a struct becomes: rejected (variables), an array of its
  // own (by-value parameters: the host passes it as a buffer), or the opaque bits of
  // a pointer kept in memory (a buffer's elements: copied, never dereferenced).
  enum class PointerFields { Reject, Arrays, Opaque };
  bool isStructValue(const clang::Expr *e) const; // a struct or vector value
  static StmtPtr newStmt(StmtKind k, SourceRange r) {
    auto s = std::make_shared<ir::Stmt>();
    s->kind = k;
    s->range = r;
    return s;
  }
  std::string freshTemp() { return "$tmp" + std::to_string(++temps_); }
  // The C integer type of `t` (enums as their underlying type); unbounded for
  // anything else (bool, floating point, pointers).
  ir::IntType cintOf(clang::QualType t) const {
    t = t.getCanonicalType();
    if (const auto *et = t->getAs<clang::EnumType>())
      if (et->getDecl()->isComplete())
        t = et->getDecl()->getIntegerType().getCanonicalType();
    if (!t->isIntegerType() || t->isBooleanType())
      return {};
    return {static_cast<uint8_t>(ctx_.getIntWidth(t)), t->isSignedIntegerType()};
  }
  // The element type of the pointer or array `e` names (an argument's implicit
  // conversions stripped, so an array is not yet a pointer); null if neither.
  clang::QualType elementOf(const clang::Expr *e) const {
    clang::QualType t = e->IgnoreParenImpCasts()->getType();
    if (const clang::ArrayType *at = ctx_.getAsArrayType(t))
      return at->getElementType();
    return t->isPointerType() ? t->getPointeeType() : clang::QualType();
  }
  // `v` converted to the C type `to` (a Convert node unless it already has it).
  static ExprPtr convertInt(ExprPtr v, ir::IntType to, SourceRange r) {
    if (!v || v->cint == to || !to.bounded())
      return v;
    if (v->kind == ExprKind::IntLit && to.holds(v->intValue)) {
      // A literal of the target type: `x == 64` stays a comparison with 64 for the
      // analyses that read literals (launch-size pins, index shapes).
      auto lit = std::make_shared<ir::Expr>(*v);
      lit->cint = to;
      return lit;
    }
    auto c = std::make_shared<ir::Expr>();
    c->kind = ExprKind::Convert;
    c->range = r;
    c->cint = to;
    c->args = {std::move(v)};
    return c;
  }
  static ExprPtr typed(ExprPtr e, ir::IntType t) {
    if (e)
      e->cint = t;
    return e;
  }
  Type irType(clang::QualType t) const {
    t = t.getCanonicalType();
    if (t->isBooleanType())
      return Type::Bool;
    return Type::Int;
  }
  // Expressions nest through value(); Clang accepts operator chains of any length
  // (`a + a + ... + a`), so the depth is bounded here rather than by the stack.
  static constexpr int kMaxExprDepth = 5000;
  struct DepthGuard {
    int &depth;
    explicit DepthGuard(int &d) : depth(++d) {}
    ~DepthGuard() { --depth; }
  };

  // --- declarations and types (lower_decl.cpp) ---
  SourceRange range(clang::SourceRange r) const;
  SourceRange stmtRange(const clang::Stmt *s) const;
  clang::SourceLocation beginOf(const clang::Stmt *s) const;
  std::vector<clang::Decl *> fileDecls() const;
  void topLevel(clang::Decl *d);
  void function(clang::FunctionDecl *fd);
  std::optional<Type> scalarType(clang::QualType t, SourceRange where, const std::string &what);
  ir::MemorySpace spaceOf(clang::QualType pointee) const;
  std::vector<ir::Param> params(const clang::ParmVarDecl *p, std::vector<ir::MemorySpace> &spaces);
  bool param(const clang::ParmVarDecl *p, ir::Param &out, ir::MemorySpace &space);
  void enterFunction(const clang::FunctionDecl *fd);
  void kernel(clang::FunctionDecl *fd, uint32_t at);
  void helper(clang::FunctionDecl *fd, uint32_t at);
  // Pure functions (pure_functions.cpp): `/*@ pure @*/` on a C function, and ghost
  // declarations `/*@ pure int f(int x) = e; @*/`.
  void findPureFunctions();
  void pureHelper(clang::FunctionDecl *fd, ir::Method m);
  bool ghostDeclarations(Annotation &a);
  void addGhostFunctions(std::vector<ir::Method> functions);
  bool callArguments(const clang::CallExpr *c, const clang::FunctionDecl *callee,
                     const std::string &name, std::vector<ExprPtr> &args,
                     std::vector<StmtPtr> &pre);
  void localDecl(const clang::Decl *d, std::vector<StmtPtr> &out);
  static bool refersTo(const clang::Stmt *s, const clang::VarDecl *vd);
  void addFloatFunctions();

  // --- structs and vectors (lower_aggregate.cpp) ---
  // A place of aggregate or leaf type: the variable `name`, or (index set) the cell
  // `index` of the buffer `name`, whose leaf arrays are `name.<leaf>`.
  struct Place {
    std::string name;
    ExprPtr index;
    clang::QualType type;
  };
  bool isAggregate(clang::QualType t) const;
  static std::string componentName(unsigned i, unsigned n); // lower_vector.cpp
  static std::optional<unsigned> componentIndex(const std::string &spelling);
  // `pointers`: what pointer fields become (by-value structs: arrays; buffers' cells:
  // opaque bits; variables: rejected).
  bool leavesOf(clang::QualType t, const std::string &prefix, std::vector<Field> &out,
                std::string &why, PointerFields pointers = PointerFields::Reject) const;
  bool recordLeaves(const clang::RecordDecl *def, clang::QualType t, const std::string &prefix,
                    std::vector<Field> &out, std::string &why, PointerFields pointers) const;
  bool fieldLeaves(clang::QualType ft, const std::string &path, const std::string &what,
                   std::vector<Field> &out, std::string &why, PointerFields pointers) const;
  // The leaves of a struct or vector type (paths "pos.x"), or nullopt.
  std::optional<std::vector<Field>>
  scalarFields(clang::QualType t, PointerFields pointers = PointerFields::Reject) const;
  std::string aggregateProblem(clang::QualType t,
                               PointerFields pointers = PointerFields::Reject) const;
  // `q[i].p = v` of a pointer field kept in a buffer's element (lower_aggregate.cpp).
  bool storedPointerAssign(const clang::BinaryOperator *bo, std::vector<StmtPtr> &out);
  // A field of a by-value struct (`q.p`, `q.a[3]`, `q.s.p`): a leaf or a pointer leaf.
  bool isFieldPath(const clang::Expr *e) const;
  void declareAggregate(const std::string &name, clang::QualType t, bool array);
  bool aggregateParams(const clang::ParmVarDecl *p, std::vector<ir::Param> &out,
                       std::vector<ir::MemorySpace> &spaces);
  static ir::Clause sameBuffer(const std::string &a, const std::string &b, SourceRange r);
  void addAggregateRequires(std::vector<ir::Clause> &contract);
  void aggregateLocalArray(const clang::VarDecl *vd, clang::QualType elem, ExprPtr length);
  void structDecl(const clang::VarDecl *vd, const std::vector<Field> &fields,
                  std::vector<StmtPtr> &out);
  std::optional<std::pair<std::string, ExprPtr>> aggregateBuffer(const clang::Expr *e,
                                                                 std::vector<StmtPtr> &pre);
  std::optional<Place> place(const clang::Expr *e, std::vector<StmtPtr> &pre);
  static ExprPtr leafOf(const Place &p, const Field &f, SourceRange r);
  std::optional<std::vector<ExprPtr>> placeParts(const Place &p, SourceRange r);
  ExprPtr member(const clang::MemberExpr *me);
  ExprPtr aggregateLeaf(const clang::Expr *e, std::vector<StmtPtr> &pre);
  ExprPtr zeroOf(const Field &f, SourceRange r);
  ExprPtr leafValue(ExprPtr v, const Field &f, SourceRange r);
  ExprPtr leafStore(const ExprPtr &target, ExprPtr v, const Field &f, SourceRange r);
  std::optional<std::vector<ExprPtr>> aggregateParts(const clang::Expr *e,
                                                     std::vector<StmtPtr> &pre);
  std::optional<std::vector<ExprPtr>> vectorBinary(clang::BinaryOperatorKind op,
                                                   const std::vector<ExprPtr> &a,
                                                   const std::vector<ExprPtr> &b,
                                                   clang::QualType operand,
                                                   const std::vector<Field> &result, SourceRange r);
  void vloadGiven(const clang::CallExpr *c, const std::vector<ExprPtr> &cells,
                  std::vector<StmtPtr> &pre);
  std::optional<std::vector<ExprPtr>> aggregateCall(const clang::CallExpr *c,
                                                    const std::vector<Field> &fields,
                                                    std::vector<StmtPtr> &pre);
  std::optional<std::vector<ExprPtr>> opaqueAggregateCall(const clang::CallExpr *c,
                                                          const std::vector<Field> &fields,
                                                          std::vector<StmtPtr> &pre);
  static std::string leafMethodName(const std::string &fn, const Field &f);
  void aggregateResultMethods(const clang::FunctionDecl *fd, ir::Method m);
  bool isVectorMake(const clang::CallExpr *c) const;
  // OpenCL's as_T(x): the same bits read as another type (lower_vector.cpp).
  ExprPtr reinterpret(ExprPtr v, clang::QualType from, clang::QualType to, SourceRange r);
  ExprPtr asTypeValue(const clang::AsTypeExpr *e, std::vector<StmtPtr> &pre);
  std::optional<std::vector<ExprPtr>> asTypeParts(const clang::AsTypeExpr *e,
                                                  std::vector<StmtPtr> &pre);
  bool vectorStore(const clang::CallExpr *c, std::vector<StmtPtr> &out);
  void aggregateAssign(const clang::BinaryOperator *bo, std::vector<StmtPtr> &out);
  void aggregateAssign(const clang::Expr *lhs, const clang::Expr *rhs, clang::BinaryOperatorKind op,
                       SourceRange r, std::vector<StmtPtr> &out);
  bool aggregateArgument(const clang::Expr *a, std::vector<ExprPtr> &args,
                         std::vector<StmtPtr> &pre);
  void aggregateSpec(ExprPtr &e);

  // --- annotations (lower_annotations.cpp) ---
  Annotation *annotationBefore(uint32_t at);
  // Hints (issue 13): an ordinary comment right before function `fd` that looks
  // like a contract (warning comment.contract), and the message of an annotation
  // attached to nothing.
  void lookalikeContract(const clang::FunctionDecl *fd, uint32_t at);
  void unusedAnnotation(const Annotation &a);
  std::optional<SpecComment> parseAnnotation(Annotation &a);
  bool isFloatValued(const ir::Expr &e) const;
  void checkFloatSpec(const ir::Expr &e);
  void checkFunctionSpecs();
  void markBuiltins(ExprPtr &e);

  // --- GPUVerify's annotations, calls of stdlib-specs/gpuverify.h (lower_gpuverify.cpp) ---
  std::string gpuVerifyName(const clang::CallExpr *c) const;
  void gpuVerifyContractBegin(const clang::CompoundStmt *body);
  void gpuVerifyContractEnd(std::vector<ir::Clause> &contract);
  void functionWideInvariants(const clang::CompoundStmt *body);
  bool gpuVerifyStatement(const clang::Stmt *s, std::vector<StmtPtr> &out);
  const clang::Expr *gpuVerifyLoopHead(const clang::Expr *c, std::vector<ir::Clause> &clauses);
  std::optional<ExprPtr> gpuVerifyValue(const clang::CallExpr *c, std::vector<StmtPtr> &pre);
  ExprPtr otherThread(const ExprPtr &e, SourceRange r); // GPUVerify's second thread
  // The argument of an annotation, pure: a condition, or (want Int) an integer.
  ExprPtr gpuVerifySpec(const clang::Expr *e, Type want = Type::Bool);
  bool gpuVerifyRejected(const std::string &name, SourceRange r);
  bool gpuVerifyRejectedIn(const clang::Stmt *s);
  void gpuVerifyDropped(const std::string &name, SourceRange r, const std::string &why);
  bool readsVariablesOnly(const clang::Expr *e) const;
  void barrierInvariant(const clang::CallExpr *c, const std::string &name);
  void barrierInvariantsUnclaimed();
  bool isBarrierInvariant(const clang::Stmt *s) const;
  ExprPtr sumFits(const clang::CallExpr *c, const std::string &name,
                  const std::vector<ExprPtr> &args);
  ExprPtr addNoOverflow(const clang::CallExpr *c, const std::string &name,
                        std::vector<StmtPtr> &pre);
  // GPUVerify's access-history predicates (lower_access_history.cpp).
  ExprPtr accessHistoryValue(const clang::CallExpr *c, const std::string &name, bool offset);

  // --- macros and enum constants in annotations (spec_constants.cpp) ---
  void expandConstants(ExprPtr &e);
  void expandConstants(ExprPtr &e, std::vector<std::string> &bound);
  // A constant's value and its C type (a literal's from its suffix and radix, an
  // enum constant's from Clang), as the code would read it.
  struct SpecConstant {
    int64_t value = 0;
    ir::IntType cint;
  };
  std::optional<SpecConstant> macroValue(const std::string &name, SourceRange use, int depth);
  std::optional<SpecConstant> enumValue(const std::string &name, SourceRange use);
  // `ghost`: where the annotation's `given T x;` / `yields T y;` clauses go; null
  // where none are allowed (an error names them).
  std::vector<ir::Clause> contractBefore(uint32_t at, std::initializer_list<ir::ClauseKind> allowed,
                                         const char *where, SpecComment *ghost = nullptr);
  // `/*@ given {p = e} @*/ /*@ yields {x = q} @*/` right after call `c` (VerCors's
  // ghost arguments), consumed; empty if there are none.
  SpecComment ghostArgsAfter(const clang::CallExpr *c);
  void annotationStatements(uint32_t from, uint32_t to, std::vector<StmtPtr> &out);

  // --- C's integer types in annotations (type_annotations.cpp) ---
  void typeSpec(ExprPtr &e);
  void typeSpecClause(ExprPtr &e); // a whole clause, assertion or ghost argument
  void boolCellSpec(ExprPtr &e);
  // The type of the value `name` (element: of its cells) denotes; unbounded if none.
  ir::IntType scopedIntType(const std::string &name, bool element) const;
  ir::IntType builtinIntType(const std::string &name) const;

  // --- statements (lower_stmt.cpp) ---
  std::vector<StmtPtr> compound(const clang::CompoundStmt *cs);
  // One statement of a sequence, with the annotations between `from` and it.
  void sequenceItem(const clang::Stmt *s, uint32_t &from, std::vector<StmtPtr> &out);
  std::vector<StmtPtr> loopBody(const clang::Stmt *s, const clang::Expr *increment);
  void doWhile(const clang::DoStmt *dw, std::vector<StmtPtr> &out);
  void jump(const clang::Stmt *s, std::vector<StmtPtr> &out);
  void switchStmt(const clang::SwitchStmt *ss, std::vector<StmtPtr> &out);
  bool rejectNestedCases(const clang::Stmt *s); // reports them; true if any
  std::vector<StmtPtr> body(const clang::Stmt *s);
  // Forward gotos out to a later statement of an enclosing block (lower_goto.cpp).
  static std::string gotoFlag(const clang::LabelStmt *l);
  void collectGotos(const clang::FunctionDecl *fd);
  void gotoStmt(const clang::GotoStmt *g, std::vector<StmtPtr> &out);
  void gotoBlockBegin(const clang::CompoundStmt *cs, std::vector<StmtPtr> &out);
  void afterGotoExit(const clang::CompoundStmt *cs, const clang::Stmt *x,
                     std::vector<StmtPtr> *&cur);
  void gotoLabelReached(const clang::CompoundStmt *cs, const clang::LabelStmt *l,
                        std::vector<StmtPtr> *&cur);
  void gotoBlockEnd(const clang::CompoundStmt *cs);
  void gotoInvariants(const clang::Stmt *loop, std::vector<ir::Clause> &clauses);
  const clang::CallExpr *asCall(const clang::Stmt *s) const;
  std::string calleeName(const clang::CallExpr *c) const;
  bool isBuiltin(const clang::CallExpr *c) const;
  bool isBarrierCall(const clang::Stmt *s) const;
  void stmt(const clang::Stmt *s, std::vector<StmtPtr> &out);
  // A loop's test; with calls, true and `head` the statements that start each
  // iteration (the calls, then a break if the test is false).
  ExprPtr loopCondition(const clang::Expr *c, std::vector<ir::Clause> &clauses,
                        std::vector<StmtPtr> &head);
  std::vector<ir::Clause> loopClauses(const clang::Stmt *s);
  // A `for` loop with VerCors's iteration contract becomes a par block
  // (lower_iteration_contract.cpp); false if `fs` has none.
  bool iterationContract(const clang::ForStmt *fs, std::vector<StmtPtr> &out);
  void barrier(const clang::CallExpr *c, std::vector<StmtPtr> &out);
  const clang::CallExpr *callNeedingStatement(const clang::Expr *e) const;
  bool isAtomic(const clang::CallExpr *c) const;
  std::string builtinName(const clang::CallExpr *c) const;
  const Builtin *builtinOf(const clang::CallExpr *c) const;
  void rejectBuiltin(SourceRange r, const std::string &name);
  void rejectBuiltinCallsIn(const clang::Stmt *s);
  bool memoryScope(const clang::Expr *scope, ir::Stmt &b);
  void effect(const clang::Expr *e, std::vector<StmtPtr> &out);
  void assign(ExprPtr target, ExprPtr v, SourceRange r, std::vector<StmtPtr> &out);
  void call(const clang::CallExpr *c, ExprPtr target, std::vector<StmtPtr> &out);
  ExprPtr argument(const clang::Expr *a, std::vector<StmtPtr> &pre);
  void atomic(const clang::CallExpr *c, const std::string &name, const std::string &op,
              ExprPtr target, std::vector<StmtPtr> &out);
  ExprPtr location(const clang::Expr *e);

  // --- expressions (lower_expr.cpp) ---
  // The place `e` denotes; `indexCalls` (when given) receives the statements that
  // evaluate the calls in its index (else they are unsupported).
  ExprPtr lvalue(const clang::Expr *e, std::vector<StmtPtr> *indexCalls = nullptr);
  ExprPtr index(const clang::ArraySubscriptExpr *as, std::vector<StmtPtr> &pre);
  ExprPtr convertTo(const clang::Expr *e, Type want, std::vector<StmtPtr> &pre);
  ExprPtr cond(const clang::Expr *e, std::vector<StmtPtr> &pre);
  // `floatType`: the value's C type when it is floating point (null otherwise).
  ExprPtr coerce(ExprPtr v, Type have, Type want, clang::QualType floatType, SourceRange r);
  ExprPtr boolCellValue(ExprPtr cell, clang::QualType t, SourceRange r);
  ExprPtr boolResult(ExprPtr v, const ExprPtr &target, SourceRange r);
  bool isBoolValued(const clang::Expr *e) const;
  ExprPtr floatCall(const std::string &fn, std::vector<ExprPtr> args, SourceRange r,
                    bool returnsBool = false);
  // Operations on floating-point values and builtins kprove does not model are
  // uninterpreted functions; each one's name carries the C types it is a function
  // of (`$fadd.f32`, `$f2i.f64.u8`, `$fn_clz.u8.u8`), so operations on different
  // types are different functions. typeTag names one type (a vector's: its
  // component type's), typedName a function of the types `ts`.
  std::string typeTag(clang::QualType t) const;
  std::string typedName(const std::string &fn, std::initializer_list<clang::QualType> ts) const;
  std::string builtinFunctionName(const std::string &fn, const clang::CallExpr *c) const;
  // A scalar value of C type `from` converted to `to` (integer, bool or floating).
  ExprPtr convertScalar(ExprPtr v, clang::QualType from, clang::QualType to, SourceRange r);
  ExprPtr arith(clang::BinaryOperatorKind op, ExprPtr a, ExprPtr b, clang::QualType t,
                SourceRange r);
  ExprPtr value(const clang::Expr *e, std::vector<StmtPtr> &pre);
  ExprPtr cast(clang::CastKind k, const clang::Expr *sub, clang::QualType to, SourceRange r,
               std::vector<StmtPtr> &pre);
  ExprPtr binary(const clang::BinaryOperator *bo, std::vector<StmtPtr> &pre);
  ExprPtr callValue(const clang::CallExpr *c, std::vector<StmtPtr> &pre);
  ExprPtr
  conditional(const clang::ConditionalOperator *co,
              const std::function<ExprPtr(const clang::Expr *, std::vector<StmtPtr> &)> &branch,
              std::vector<StmtPtr> &pre);
  ExprPtr floatLiteral(const llvm::APFloat &v, SourceRange r);
  // --- builtins on vectors, builtins storing through a pointer (lower_builtin_calls.cpp) ---
  ExprPtr scalarBuiltinValue(const Builtin &b, const std::string &fn,
                             const std::vector<ExprPtr> &args, const Field &result, SourceRange r);
  std::optional<std::vector<ExprPtr>> componentwiseCall(const clang::CallExpr *c,
                                                        const std::vector<Field> &fields,
                                                        std::vector<StmtPtr> &pre);
  ExprPtr outPointerCall(const clang::CallExpr *c, std::vector<StmtPtr> &pre);
  ExprPtr gpuVerifyUninterpreted(const clang::CallExpr *c, std::vector<StmtPtr> &pre);
  std::optional<std::vector<ExprPtr>>
  selectCall(const clang::CallExpr *c, const std::vector<Field> &fields, std::vector<StmtPtr> &pre);
  std::optional<std::vector<ExprPtr>> shuffleCall(const clang::CallExpr *c,
                                                  const std::vector<Field> &fields,
                                                  std::vector<StmtPtr> &pre);

  // --- function pointers (lower_function_pointer.cpp) ---
  // A function pointer is the number of the function it points to (NULL: 0); a call
  // through it is a case split over the file's functions of its type.
  static bool isFunctionPointer(clang::QualType t);
  const std::vector<const clang::FunctionDecl *> &numberedFunctions();
  ExprPtr functionNumber(const clang::FunctionDecl *fd, SourceRange r);
  ExprPtr functionPointerValue(const clang::Expr *e, std::vector<StmtPtr> &pre);
  ExprPtr functionPointerCompare(const clang::BinaryOperator *bo, std::vector<StmtPtr> &pre);
  void functionPointerDecl(const clang::VarDecl *vd, std::vector<StmtPtr> &out);
  void functionPointerCall(const clang::CallExpr *c, ExprPtr target, std::vector<StmtPtr> &out);
  void helperCall(const clang::CallExpr *c, const clang::FunctionDecl *callee, ExprPtr target,
                  std::vector<StmtPtr> &out);

  // --- pointers (lower_pointer.cpp) ---
  // A pointer is modelled as an offset into one array known statically: a pointer
  // parameter or a __local / __shared__ array (docs/language.md §11). A local pointer
  // variable `T *p` becomes the integer variable `p$off` (a mathematical integer: an
  // in-bounds offset always fits ptrdiff_t); `*p` is base[p$off], `p[i]` base[p$off + i].
  struct PointerValue {
    const clang::ValueDecl *base = nullptr; // the array
    std::string baseName;
    ExprPtr offset; // null: offset 0
  };
  struct PointerVar {
    const clang::ValueDecl *base = nullptr; // null until the variable is first assigned
    std::string baseName;
    std::string offset;   // the IR variable holding the offset
    bool dynamic = false; // baseName is the array variable p$arr (lower_pointer_dynamic.cpp)
  };
  std::optional<PointerValue> pointerValue(const clang::Expr *e, std::vector<StmtPtr> &pre);
  // A pointer field of a by-value struct (lower_aggregate.cpp).
  std::optional<PointerValue> fieldPointer(const clang::Expr *e, std::vector<StmtPtr> &pre);
  ExprPtr pointerCell(const PointerValue &p, ExprPtr index, clang::QualType elem, SourceRange r);
  static ExprPtr addOffset(ExprPtr offset, ExprPtr delta, bool subtract, SourceRange r);
  const PointerVar *pointerVar(const clang::Expr *e) const;
  void pointerDecl(const clang::VarDecl *vd, std::vector<StmtPtr> &out);
  bool pointerUpdate(const clang::Expr *e, std::vector<StmtPtr> &out);
  bool inDeclaringBlock(const clang::Expr *e, const clang::VarDecl *vd) const;
  // `p = e` where e may point to a local whose block ends before p's: unsupported
  // (kprove keeps a kernel's locals for the whole kernel; C ends their lifetime, and a
  // later use through p is undefined behaviour). True if it reported one.
  bool mayDangle(const clang::BinaryOperator *assign, const clang::VarDecl *pointer);
  // The locals (of automatic storage, not parameters) whose storage `e` may point
  // into: arrays it names, variables whose address it takes, and local pointers that
  // may hold such an address (mayHoldLocalAddress).
  std::vector<const clang::VarDecl *> localTargets(const clang::Expr *e);
  bool mayHoldLocalAddress(const clang::VarDecl *pointer);
  std::map<const clang::VarDecl *, bool> holdsLocalAddress_; // memo (true while visiting)
  bool setPointer(const clang::VarDecl *vd, PointerVar &pv, const PointerValue &to, SourceRange r);
  ExprPtr pointerCompare(const clang::BinaryOperator *bo, std::vector<StmtPtr> &pre);
  ExprPtr pointerDifference(const clang::BinaryOperator *bo, std::vector<StmtPtr> &pre);
  void findOffsetParams();
  bool isPlainArrayArgument(const clang::Expr *a) const;
  bool takesOffset(const clang::FunctionDecl *fd, unsigned param) const;
  const PointerVar *specPointer(const std::string &name, SourceRange r);
  bool specPointerRewrite(ExprPtr &e);
  bool specPointerMentioned(const ExprPtr &e);
  bool specIsPointer(const ExprPtr &e);
  static std::string spineName(const ExprPtr &e);
  std::optional<std::pair<std::string, ExprPtr>> specPointerOperand(ExprPtr e);
  std::string castProblem(const clang::CastExpr *ce) const;
  // Pointers whose array is known only at run time (lower_pointer_dynamic.cpp): a
  // PointerValue with a null base names an array variable holding the array.
  void classifyPointers(const clang::FunctionDecl *fd);
  std::optional<PointerValue> pointerCallValue(const clang::CallExpr *c, std::vector<StmtPtr> &pre);
  bool isAssignedParam(const clang::ParmVarDecl *pd) const;
  void assignedParamDecls(const clang::FunctionDecl *fd, std::vector<StmtPtr> &out);
  void addressedScalarDecl(const clang::VarDecl *vd, SourceRange r, std::vector<StmtPtr> &out);
  void helperAddressedScalar(const clang::VarDecl *vd, SourceRange r, std::vector<StmtPtr> &out);
  PointerValue dynamicValue(ExprPtr ref, ExprPtr offset, clang::QualType pointee, SourceRange r,
                            std::vector<StmtPtr> &pre);
  static ExprPtr nullRef(SourceRange r);
  std::optional<PointerValue> chosenPointer(const clang::ConditionalOperator *co,
                                            std::vector<StmtPtr> &pre);
  void dynamicPointerDecl(const clang::VarDecl *vd, PointerVar pv, std::vector<StmtPtr> &out);
  ExprPtr dynamicCompare(const clang::BinaryOperator *bo, const PointerValue &a,
                         const PointerValue &b, std::vector<StmtPtr> &pre);

  // --- array shapes, private arrays, constant memory, shared scalars (lower_arrays.cpp) ---
  bool isSharedDecl(const clang::VarDecl *vd) const;
  void collectArrayShapes(const clang::FunctionDecl *fd);
  bool arrayDecl(const clang::VarDecl *vd, SourceRange r, bool shared, std::vector<StmtPtr> &out);
  bool privateInit(const clang::VarDecl *vd, clang::QualType elem, uint64_t cells,
                   std::vector<StmtPtr> &out);
  void rejectPrivateArraysIn(const std::vector<ir::Clause> &clauses, const char *where);
  bool fileScopeConstant(const clang::VarDecl *vd);
  bool namesFileMemory(const clang::Stmt *s);
  void kernelConstants(const clang::FunctionDecl *fd, std::vector<ir::KernelArray> &locals);
  bool constantLeaves(const clang::APValue &v, clang::QualType t, SourceRange r,
                      std::vector<ExprPtr> &out);
  void constantValues(const clang::VarDecl *vd, clang::QualType elem, uint64_t cells,
                      SourceRange r);
  void rejectConstantWrites(const std::vector<StmtPtr> &body);
  ExprPtr sharedScalarCell(const clang::DeclRefExpr *dr, SourceRange r) const;
  ExprPtr multiIndex(const clang::ArraySubscriptExpr *as, std::vector<StmtPtr> &pre);
  ExprPtr flatIndex(const clang::ArraySubscriptExpr *as, std::vector<StmtPtr> &pre,
                    const clang::DeclRefExpr *&dr);
  bool sharedAddress(const clang::Expr *sub, std::vector<StmtPtr> &pre,
                     std::optional<PointerValue> &out);
  bool specArrayRewrite(ExprPtr &e);

  // --- builtins with a model of their own (lower_builtin_calls.cpp) ---
  bool builtinStatement(const clang::CallExpr *c, const Builtin &b, ExprPtr target,
                        std::vector<StmtPtr> &out);
  ExprPtr launchConstant(const std::string &name, std::vector<ExprPtr> args, ir::IntType t,
                         SourceRange r);
  std::optional<ExprPtr> builtinCallValue(const clang::CallExpr *c, const Builtin &b,
                                          std::vector<ExprPtr> &args);
  ExprPtr builtinVariable(const clang::DeclRefExpr *dr, SourceRange r);
  bool groupHandleDecl(const clang::VarDecl *vd) const;

  // --- memcpy and memset, element by element (lower_memory_builtins.cpp) ---
  struct MemSpan;
  void memoryBuiltin(const clang::CallExpr *c, ExprPtr target, std::vector<StmtPtr> &out);
  std::optional<uint64_t> constantLength(const clang::Expr *e) const;
  bool neverModified(const clang::VarDecl *vd) const;
  std::optional<MemSpan> memSpan(const clang::Expr *e, clang::QualType elem, const std::string &fn,
                                 std::vector<StmtPtr> &pre);
  std::vector<ExprPtr> memCells(const MemSpan &s, uint64_t k, SourceRange r);
  std::pair<ExprPtr, ExprPtr> memExtent(const MemSpan &s, SourceRange r);
  bool outsideVariable(const MemSpan &s, uint64_t count, const std::string &fn, SourceRange r,
                       std::vector<StmtPtr> &out);
  void memcpyCells(const MemSpan &to, const MemSpan &from, uint64_t count, const std::string &fn,
                   SourceRange r, std::vector<StmtPtr> &out);
  bool memsetValues(const MemSpan &to, const clang::Expr *c, const std::string &fn,
                    std::vector<ExprPtr> &values, std::vector<StmtPtr> &pre);
  bool generatorCall(const clang::CallExpr *c, ExprPtr *result, std::vector<StmtPtr> &pre);

  // --- asynchronous work-group copies and events (lower_async_copy.cpp) ---
  void asyncBegin(const clang::FunctionDecl *fd);
  bool reachedByGroup(const clang::Stmt *s, SourceRange r, const std::string &what);
  bool groupUniform(const clang::Expr *e) const;
  std::string asyncCopyMethod(bool wait, bool strided, SourceRange r);
  std::optional<std::string> eventSlot(const clang::Expr *e);
  void asyncCopy(const clang::CallExpr *c, const clang::Stmt *at, const std::string &into,
                 std::vector<StmtPtr> &out);
  void waitGroupEvents(const clang::CallExpr *c, const clang::Stmt *at, std::vector<StmtPtr> &out);
  bool asyncCopyEffect(const clang::Expr *e, std::vector<StmtPtr> &out);
  bool eventDecl(const clang::VarDecl *vd, std::vector<StmtPtr> &out);

  clang::ASTContext &ctx_;
  const clang::Preprocessor &pp_;
  const clang::SourceManager &csm_;
  const SourceManager &sm_;
  uint32_t file_;
  CDialect dialect_;
  std::vector<Annotation> &annotations_;
  const std::vector<Annotation> &comments_; // ordinary comments, in source order
  DiagnosticEngine &diags_;
  ir::Program &out_;
  std::vector<ir::KernelArray> *locals_ = nullptr;
  bool inKernel_ = false;
  // The C names in scope (parameters, then locals, block by block): a name an
  // annotation shares with one of them is the user's, not a builtin. With each its
  // integer type (an array's or pointer's: its element type) for annotations.
  struct ScopedName {
    std::string name;
    ir::IntType cint;
    bool array = false;                      // cint is the element type of this pointer or array
    bool boolCells = false;                  // an array or pointer of bool (cells hold 0 or 1)
    const clang::VarDecl *pointer = nullptr; // a pointer modelled as an offset (pointerVars_)
  };
  std::vector<ScopedName> userNames_;
  std::vector<ScopedName> specBinders_; // quantifier variables while typing an annotation
  ir::IntType returnCint_;              // of the function being lowered, for \result
  // False while a `for` loop's clauses are parsed: they are typed once its init's
  // declarations are in scope.
  bool typeSpecsNow_ = true;
  std::set<std::string> mainFunctions_; // functions the file defines
  // The file's functions a function pointer may name, numbered from 1 (canonical decls).
  std::optional<std::vector<const clang::FunctionDecl *>> numberedFunctions_;
  std::map<const clang::FunctionDecl *, int64_t> functionNumbers_;
  std::set<std::string> pureFunctions_; // C functions marked `/*@ pure @*/` (pure_functions.cpp)
  std::map<std::string, const clang::FunctionDecl *> pureDecls_; // and their declarations
  void convertPureArguments(ir::Expr &call); // an annotation's call: C's argument conversions
  // GPUVerify's contract calls at the start of the function body being lowered, and
  // the clauses they became; >0 while lowering the argument of a GPUVerify annotation.
  std::set<const clang::Stmt *> gvContractStmts_;
  std::vector<ir::Clause> gvContract_;
  // GPUVerify's function-wide invariants: the statements, and the loop invariants
  // they became (every loop of the function gets them).
  std::set<const clang::Stmt *> gvFunctionWideStmts_;
  std::vector<ir::Clause> gvFunctionWide_;
  // GPUVerify's barrier invariants waiting for their barrier, which takes them as
  // contract clauses; where the first of them is.
  std::vector<ir::Clause> gvBarrierInvariants_;
  SourceRange gvBarrierInvariantAt_;
  int gvSpecDepth_ = 0;
  unsigned temps_ = 0;
  std::set<std::string> floatNames_; // floating-point parameters, variables, arrays
  // Ghost variables of the function being lowered: its yields parameters and the
  // `//@ ghost int x;` declarations seen so far. Only ghost code assigns them, and
  // only they receive a call's yields (a real variable keeps its value at run time).
  std::set<std::string> ghostVars_;
  std::vector<ExprPtr> specExprs_; // annotations of the function being lowered
  std::set<std::string> atomics_;
  std::map<std::string, size_t> floatLiterals_;
  std::map<std::string, std::pair<size_t, bool>> floatFns_; // arity, returns bool
  mutable std::unordered_map<const clang::BinaryOperator *, clang::SourceLocation> begins_;
  // The function's pointer variables (and pointer parameters passed offsets), and the
  // pointer declarations already reported as unsupported (their uses are not).
  std::map<const clang::VarDecl *, PointerVar> pointerVars_;
  // The pointer variables as a function's contract sees them: its assigned pointer
  // parameters are their own values there (the caller's array and offset, also in
  // the postcondition: vcgen reads parameters as passed), not the body's copies
  // p$arr/p$cur that assignedParamDecls adds. Swapped in by ContractPointers.
  std::map<const clang::VarDecl *, PointerVar> contractPointerVars_;
  struct ContractPointers {
    CLowering &c;
    explicit ContractPointers(CLowering &c) : c(c) {
      std::swap(c.pointerVars_, c.contractPointerVars_);
    }
    ~ContractPointers() { std::swap(c.pointerVars_, c.contractPointerVars_); }
    ContractPointers(const ContractPointers &) = delete;
    ContractPointers &operator=(const ContractPointers &) = delete;
  };
  std::set<const clang::VarDecl *> badPointers_;
  // Helpers' pointer parameters (by index) that some call passes an offset pointer:
  // each gets an offset parameter `p$off` after it.
  std::map<const clang::FunctionDecl *, std::set<unsigned>> offsetParams_;
  // The function's dynamic local pointers and scalars whose address it takes; the
  // array variables holding arrays chosen at run time (p$arr and temporaries); set
  // when an atomic's array is one of them (then every array may be atomic).
  std::set<const clang::VarDecl *> dynamicPointers_;
  mutable std::map<const clang::ParmVarDecl *, bool> assignedParams_; // isAssignedParam's
  std::vector<StmtPtr> entryDecls_; // the assigned pointer parameters' p$arr and p$cur
  std::set<const clang::VarDecl *> addressedScalars_;
  std::set<std::string> dynamicArrays_;
  bool atomicThroughDynamic_ = false;
  int exprDepth_ = 0;
  // The function's struct and vector names: variables and parameters (false) and
  // buffers (true), with their aggregate type; the buffers' same-length requirements.
  std::map<std::string, std::pair<clang::QualType, bool>> aggregateNames_;
  std::vector<ir::Clause> aggregateRequires_;
  bool depthReported_ = false;
  // The loops and switches around the statement being lowered, innermost last: a
  // break leaves the innermost, a continue runs the innermost loop's increment.
  struct JumpScope {
    bool loop = false;
    const clang::Expr *increment = nullptr; // a for loop's
  };
  std::vector<JumpScope> jumpScopes_;
  // The function's structured gotos: the statements a goto leaves (the goto and its
  // ancestors below the label's block) with the labels it jumps to; each label's
  // block and the jump-scope depth there; the guards skipping statements up to a
  // label (or to the end of a block), each with where it was opened.
  std::map<const clang::Stmt *, std::set<const clang::LabelStmt *>> gotoExits_;
  struct GotoLabel {
    const clang::CompoundStmt *block = nullptr;
    size_t depth = 0;
  };
  std::map<const clang::LabelStmt *, GotoLabel> gotoLabels_;
  struct OpenGuard {
    const clang::LabelStmt *label;
    const clang::CompoundStmt *block;
    std::vector<StmtPtr> *out;
  };
  std::vector<OpenGuard> openGuards_;
  // The function's multi-dimensional arrays (dimensions by name) and shared scalars,
  // for annotations; the names declared with two shapes; the shared scalars lowered.
  std::map<std::string, std::vector<uint64_t>> arrayShapes_;
  std::set<std::string> sharedScalars_;
  std::set<std::string> ambiguousShapes_;
  std::set<const clang::VarDecl *> sharedCells_;
  std::set<std::string> privateArrays_;               // names, for contracts
  std::vector<const clang::VarDecl *> fileConstants_; // file-scope __constant variables
  std::set<std::string> constantNames_;
  std::vector<StmtPtr> constantFacts_;              // the known contents of the kernel's constants
  std::vector<const clang::VarDecl *> fileDevices_; // file-scope CUDA __device__ variables
  std::set<const clang::VarDecl *> loweredArrays_;  // multi-dimensional ones, lowered
  // Asynchronous copies of the kernel being lowered: its body, top-level statements
  // and first return; each event (`e`, `es[1]`) names an event object, each object
  // the copies it stands for; the copies, each with its completion call's method and
  // arguments, and whether a wait completed it; the copy methods declared.
  const clang::Stmt *asyncBody_ = nullptr;
  std::set<const clang::Stmt *> asyncTopLevel_;
  uint32_t asyncFirstReturn_ = UINT32_MAX;
  std::map<std::string, int> eventSlots_;
  std::vector<std::set<int>> eventObjects_;
  struct PendingCopy {
    std::string method;
    std::vector<ExprPtr> args;
    bool done = false;
  };
  std::vector<PendingCopy> pendingCopies_;
  std::set<std::string> asyncMethods_;
};

} // namespace kprove::lang::clower
