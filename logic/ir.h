// The kernel IR: the contract between the front ends (lang/) and the VC generator
// (vcgen/). Front ends produce it, the type checker (lang/typecheck) resolves names
// and sets `type` on every expression; vcgen never looks at PVL or Clang syntax.
//
// Every node carries the source range it came from, so obligations can blame it.
#pragma once

#include "logic/diagnostics.h"
#include "logic/source.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kprove::ir {

// Types of values and formulas. `Resource` is a formula that may hold permissions
// (Perm, PointsTo, \forall*, **); `Bool` formulas are pure. `IntMatrix` is PVL's
// `int[][]`: an array whose elements are int arrays (its rows), which kprove takes
// as fixed for as long as the program runs (docs/soundness.md, "2-D arrays").
enum class TypeKind : uint8_t {
  Unknown,
  Int,
  Bool,
  Frac,
  IntArray,
  IntMatrix,
  Resource,
  Void,
  Seq, // VerCors's seq<T>: an immutable finite sequence (a value, like an int)
};

// A type: a kind, and for `Seq` its element type, kept as the number of `seq<...>`
// around a base kind (`seq<seq<int>>`: depth 2, base Int), so a Type stays a small
// value. It converts to its kind, so `switch (t)` and `t == Type::Int` read as for a
// plain enumeration; two sequence types are equal when their elements are.
class Type {
public:
  constexpr Type() = default;
  constexpr explicit Type(TypeKind k) : kind_(k) {}
  static const Type Unknown, Int, Bool, Frac, IntArray, IntMatrix, Resource, Void;

  constexpr operator TypeKind() const { return kind_; }
  constexpr TypeKind kind() const { return kind_; }
  constexpr bool operator==(const Type &o) const {
    return kind_ == o.kind_ && seqDepth_ == o.seqDepth_ && base_ == o.base_;
  }
  constexpr bool operator!=(const Type &o) const { return !(*this == o); }

  // Sequence types nest at most this deep (the front end reports deeper ones).
  static constexpr int kMaxSeqDepth = 32;
  // seq<elem>; elem must be Int, Bool, Frac or a sequence type. Unknown when that
  // would nest deeper than kMaxSeqDepth.
  static constexpr Type seqOf(Type elem) {
    if (elem.kind_ == TypeKind::Seq && elem.seqDepth_ >= kMaxSeqDepth)
      return Type();
    Type t(TypeKind::Seq);
    t.seqDepth_ = static_cast<uint8_t>(elem.kind_ == TypeKind::Seq ? elem.seqDepth_ + 1 : 1);
    t.base_ = elem.kind_ == TypeKind::Seq ? elem.base_ : elem.kind_;
    return t;
  }
  constexpr bool isSeq() const { return kind_ == TypeKind::Seq; }
  // The element type of a sequence type (Unknown for any other type).
  constexpr Type element() const {
    if (kind_ != TypeKind::Seq)
      return Type();
    if (seqDepth_ == 1)
      return Type(base_);
    Type t = *this;
    --t.seqDepth_;
    return t;
  }
  constexpr int seqDepth() const { return seqDepth_; }
  constexpr TypeKind seqBase() const { return base_; }

private:
  TypeKind kind_ = TypeKind::Unknown;
  uint8_t seqDepth_ = 0;
  TypeKind base_ = TypeKind::Unknown;
};
inline constexpr Type Type::Unknown{TypeKind::Unknown};
inline constexpr Type Type::Int{TypeKind::Int};
inline constexpr Type Type::Bool{TypeKind::Bool};
inline constexpr Type Type::Frac{TypeKind::Frac};
inline constexpr Type Type::IntArray{TypeKind::IntArray};
inline constexpr Type Type::IntMatrix{TypeKind::IntMatrix};
inline constexpr Type Type::Resource{TypeKind::Resource};
inline constexpr Type Type::Void{TypeKind::Void};
// "int", "int[]", "seq<seq<int>>", ...
std::string typeName(Type t);

// A C integer type: width and signedness. `bits == 0` is a mathematical integer
// (PVL, the seed's kernels, and every C type under --int-math). The C front end
// sets it on every int-valued expression, variable, parameter and array element
// of a .cl/.cu file; vcgen gives those C's semantics (docs/language.md §11.2):
// unsigned arithmetic wraps, signed overflow is an obligation.
struct IntType {
  uint8_t bits = 0;
  bool isSigned = true;
  bool bounded() const { return bits != 0; }
  bool holds(int64_t v) const; // v is a value of this type (always, if unbounded)
  bool operator==(const IntType &o) const { return bits == o.bits && isSigned == o.isSigned; }
  bool operator!=(const IntType &o) const { return !(*this == o); }
};
// "int", "unsigned long", ...; "integer" for an unbounded one.
std::string intTypeName(IntType t);

enum class ExprKind {
  IntLit,      // intValue
  BoolLit,     // boolValue
  NullLit,     // null (only compared with arrays)
  PermConst,   // permConst: write, read, none
  Var,         // name (a local, parameter, bound variable or reserved kernel name)
  Unary,       // unop, args[0]
  Binary,      // binop, args[0], args[1]
  Ite,         // args[0] ? args[1] : args[2]
  Index,       // args[0][args[1]]; args[0] is an array-typed Var, or a row of a 2-D array
               // (an IntArray-typed Index of an IntMatrix-typed Var)
  Length,      // args[0].length
  Call,        // name(args...) of a pure function
  Old,         // \old(args[0])
  Result,      // \result
  Forall,      // (\forall T b...; args[0] cond; args[1] body)  binders
  Exists,      // (\exists ...) same layout
  ForallStar,  // (\forall* ...) same layout, body a resource
  Sum,         // (\sum int i; args[0] cond; args[1] body): the sum of body over the i with cond
  Perm,        // Perm(args[0] location (an Index), args[1] amount)
  PointsTo,    // PointsTo(args[0] location, args[1] amount, args[2] value)
  Convert,     // (cint) args[0]: C's conversion to an integer type (wraps when narrowing)
  NewArray,    // new int[args[0]]: a fresh array (PVL); the type checker allows it only
               // as the whole value of a VarDecl or of an Assign to a local variable
  ValidMatrix, // \matrix(args[0], args[1], args[2]): a non-null 2-D array of args[1]
               // distinct non-null rows, each of length args[2] (VerCors's meaning, pure)
  Seq,         // a sequence operation, seqOp (below)
  // GPUVerify's two-thread predicates (lang/c/lower_gpuverify.cpp, vcgen/two_thread.h):
  Other,   // \other(args[0]): args[0] evaluated by a second thread of the launch
  Enabled, // __enabled(): the evaluating thread is here (true for the thread itself)
};

// Operations on sequences (values of type seq<T>; VerCors's syntax in comments).
enum class SeqOp {
  Length,  // |args[0]|
  Index,   // args[0][args[1]]   (the type checker turns an Index of a sequence into this)
  Head,    // args[0].head
  Tail,    // args[0].tail
  Literal, // seq<T>{args...}, [args...], [t: T]: Expr::declared is seq<T> when written
  Concat,  // args[0] ++ args[1]
  Cons,    // args[0] :: args[1]
  Slice,   // args[0][args[1] .. args[2]]  (`s[i..]` and `s[..j]` filled in by the parser)
  Update,  // args[0][args[1] -> args[2]]
};
const char *seqOpName(SeqOp op); // "|s|", "head", "++", ... for messages

enum class UnOp { Neg, Not, BitNot };

enum class BinOp {
  Add,
  Sub,
  Mul,
  Div,
  Mod,     // int arithmetic; Div/Mod are Euclidean, as SMT-LIB
  FracDiv, // a \ b : the exact fraction a/b (type Frac)
  Lt,
  Le,
  Gt,
  Ge,
  Eq,
  Ne,
  And,
  Or,
  Implies, // &&, ||, ==>
  Star,    // ** (separating conjunction; seed syntax top-level *)
  // C's operators (C files: code and annotations). TDiv/TMod truncate toward zero.
  // Bit operations act on two's complement representations (of unbounded width
  // for mathematical integers).
  TDiv,
  TMod,
  BitAnd,
  BitOr,
  BitXor,
  Shl,
  Shr,
};

enum class PermConst { Write, Read, None };

struct Binder {
  Type type = Type::Int;
  std::string name;
  SourceRange range;
  IntType cint; // C files: `int i` ranges over the values of int
};

struct Expr;
using ExprPtr = std::shared_ptr<Expr>;

// VerCors's ghost arguments of a call: `given {p = e}` passes e for the callee's
// `given` parameter p; `yields {x = q}` stores the callee's `yields` parameter q in
// the caller's variable x (value: the target Var).
struct GhostArg {
  std::string name; // the callee's parameter
  SourceRange nameRange;
  ExprPtr value;
};

struct Expr {
  ExprKind kind = ExprKind::IntLit;
  SourceRange range;
  Type type = Type::Unknown; // set by the type checker
  IntType cint;              // C files: the C type of an int-valued expression
  int64_t intValue = 0;
  bool boolValue = false;
  PermConst permConst = PermConst::Write;
  SeqOp seqOp = SeqOp::Length;
  Type declared; // Seq Literal: its written type (Unknown for `[a, b]`)
  UnOp unop = UnOp::Neg;
  BinOp binop = BinOp::Add;
  std::string name;
  std::vector<Binder> binders;
  std::vector<ExprPtr> args;
  // Written `{: e :}` in a quantifier's body: the quantifier's patterns are exactly its
  // marked terms (one multi-pattern), replacing kprove's own choice (vcgen/triggers.h).
  bool userTrigger = false;
  // C annotations: signed arithmetic (+ - * / % and negation) whose value is the
  // exact one, with no overflow obligation (an annotation is never executed, so
  // its overflow is no undefined behaviour; ACSL's and VerCors's choice). The C
  // type stays, for the conversions of the operators around it.
  bool exactInSpec = false;
  // Call: `given {...}` ghost arguments, which the type checker moves into args (in
  // the callee's order), and `yields {...}` (a method call only: the type checker
  // moves both into the call statement it makes of `x = m(...)`).
  std::vector<GhostArg> given;
  std::vector<GhostArg> yields;
};

enum class ClauseKind {
  Requires,
  Ensures,
  Context,           // requires and ensures
  ContextEverywhere, // requires, ensures, and every loop invariant of the body
  LoopInvariant,
  Decreases, // termination measure of a recursive pure function
  // Seed kernel syntax: explicit kernel- and group-level specifications (§5.1.2).
  KernelRequires,
  KernelEnsures,
  GroupRequires,
  GroupEnsures,
};

struct Clause {
  ClauseKind kind = ClauseKind::Requires;
  ExprPtr expr;
  SourceRange range; // the whole clause, keyword to ';'
  // The C front end's own requires, not the user's (a pointer argument points into
  // its array; a struct buffer's leaf arrays have one length): a helper with only
  // these has no contract, and is inlined where it must be (inline_helpers.cpp).
  bool generated = false;
  // A candidate loop invariant (vcgen/invariant_inference.h): kept only if proved,
  // numbered per program; -1 for every other clause.
  int candidate = -1;
};

// Memory fences named by a barrier: seed syntax `barrier(ID, {local, global})`.
struct FenceSet {
  bool local = false;
  bool global = false;
};

enum class StmtKind {
  Block,   // body
  VarDecl, // declType name [= value]
  Assign,  // target (Var or Index) = value
  If,      // cond, body, elseBody
  While,   // clauses (invariants), cond, body
  Return,  // [value]
  Assert,  // value
  Assume,  // value
  Call,    // name(args...) as a statement; target optional (x = f(...))
  Par,     // name, iters, clauses (requires/ensures/context[_everywhere]), body
  // VerCors's par regions; body: the regions (Par, Parallel or Sequential statements).
  // Parallel: all regions at once, each verified on its own; the caller gives away
  // the ** of their preconditions and gets back the ** of their postconditions.
  // Sequential: each region verified, each region's postcondition implies the next
  // one's precondition; the caller gives the first's precondition and gets the last's
  // postcondition.
  Parallel,
  Sequential,
  // VerCors's `vec (int j = lo .. hi) { body }`: the iterations run the body in
  // lock-step inside the thread that reaches it, one statement at a time for all of
  // them (SIMD). iters: the one iteration variable; body: declarations, assignments
  // to lane variables and array cells, ifs and asserts.
  Vec,
  Barrier, // name, fences, clauses (requires/ensures/context), seedStyle
  Atomic,  // name (the operation, e.g. "add"), target (optional result), args[0] the
           // location (an Index), args[1..] the operands (C front end)
  // VerCors's shared invariant: `invariant NAME(value) { body }` hands the resources
  // of `value` to the invariant while body runs (checked to hold when the block
  // starts, assumed when it ends); `atomic(NAME) { body }` (AtomicBlock, value the
  // invariant, shared with its InvariantBlock) holds them while its body runs: assumed
  // at its start, checked to hold again at its end.
  InvariantBlock,
  AtomicBlock,
  Break,    // leaves the innermost loop, or Block that catches breaks (C front end)
  Continue, // ends the iteration of the innermost loop, or leaves the innermost Block
            // that catches continues (C front end)
};

// What a Block does with a break or continue executed inside it (and not caught by
// a loop inside it): Break — a C switch body, or a do-while's first iteration; a
// break leaves the Block. Continue — a do-while's first iteration: a continue goes
// on after the Block (to the loop's test).
enum class Catches { Nothing, Break, Continue };

struct ParIter {
  std::string name; // the thread variable
  ExprPtr lo;       // inclusive
  ExprPtr hi;       // exclusive (VerCors `lo .. hi`)
  SourceRange range;
};

struct Stmt;
using StmtPtr = std::shared_ptr<Stmt>;

struct Stmt {
  StmtKind kind = StmtKind::Block;
  SourceRange range;
  std::string name; // VarDecl/Call/Par/Barrier name; Assert: "fold"/"unfold" (PVL)
  // Added by the PVL front end: the range of `name` (VarDecl/Call/Par/Barrier), so the
  // type checker can point redeclaration and arity errors at the name itself.
  SourceRange nameRange;
  Type declType = Type::Unknown;
  IntType cint; // VarDecl of a C integer type
  bool ghost = false;
  ExprPtr target;            // Assign, Call with result
  ExprPtr value;             // VarDecl init, Assign rhs, Return, Assert, Assume
  ExprPtr cond;              // If, While
  std::vector<ExprPtr> args; // Call
  // Call: `given {...}` (moved into args by the type checker) and `yields {...}`
  // (the targets that receive the callee's yields parameters after the call).
  std::vector<GhostArg> given;
  std::vector<GhostArg> yields;
  // Assert: what its failure reports when the front end, not the user, asks for it (a
  // call through a function pointer that may be NULL: code null, and why).
  DiagCode assertCode = DiagCode::Assert;
  std::string assertMessage;
  // C's pointers returned by functions (value: the array): Return — the returned
  // pointer's offset; Call — the variable that receives it (inline_helpers.cpp
  // assigns it when it inlines the callee; otherwise it stays unknown).
  ExprPtr pointerOffset;
  std::vector<StmtPtr> body;
  std::vector<StmtPtr> elseBody;
  std::vector<Clause> clauses;
  std::vector<ParIter> iters;
  FenceSet fences;
  bool fencesGiven = false;           // seed syntax names its fences; VerCors barriers fence all
  bool seedStyle = false;             // seed-syntax barrier: surrenders all current resources
  Catches catches = Catches::Nothing; // Block
};

struct Param {
  Type type = Type::Int;
  std::string name;
  SourceRange range;
  IntType cint; // a C integer parameter's type, or a pointer's element type
  // VerCors's `given T x;` clause: a ghost input, passed by name (`given {x = e}`).
  // Given parameters come after the ordinary ones; the type checker appends the
  // call's given values to its arguments in this order.
  bool given = false;
};

// A method with a contract, or a pure function (pure == true, body in pureBody).
struct Method {
  std::string name;
  SourceRange range; // the declaration
  SourceRange nameRange;
  Type returnType = Type::Void;
  IntType returnCint;
  std::vector<Param> params;
  // VerCors's `yields T y;` clauses: ghost outputs. In the body, local variables with
  // no initial value, read by the postcondition at return; a caller receives them
  // with `yields {x = y}`.
  std::vector<Param> yields;
  std::vector<Clause> contract;
  bool pure = false;
  ExprPtr pureBody;                         // pure functions; null = abstract
  std::string className;                    // PVL: the class declaring the method ("" at top level)
  std::optional<std::vector<StmtPtr>> body; // methods; nullopt = abstract
};

// Private: a C kernel's per-thread array (`int t[4];` in the body): each thread has
// its own, with full permission to every cell, from the start to the end.
enum class MemorySpace { Global, Local, Constant, Private };

struct KernelArray {
  MemorySpace space = MemorySpace::Global;
  IntType cint; // element type (C)
  std::string name;
  ExprPtr length; // over the reserved names, e.g. gsize
  SourceRange range;
};

// The seed's kernel syntax (Fig. 5.8/5.9): one kernel, run by one work group of
// `gsize` threads. Reserved names: tid gid lid gsize tcount.
struct Kernel {
  std::string name;
  SourceRange range;
  SourceRange nameRange;
  std::vector<KernelArray> arrays;
  std::vector<Clause> contract; // thread contract (requires/ensures/context) and
                                // optional Kernel*/Group* clauses
  std::vector<StmtPtr> body;    // the body of main()
  SourceRange mainRange;
};

// An OpenCL or CUDA kernel (C front end). The contract is per thread and holds for
// every thread of every work group. Thread ids and launch sizes appear as the
// reserved variables of `gpuBuiltinName` ($lid0, $grp0, $lsz0, $ngr0, ...).
struct GpuKernel {
  std::string name;
  SourceRange range;
  SourceRange nameRange;
  SourceRange endRange;            // the closing brace, where the postcondition is checked
  std::vector<Param> params;       // scalars (Int, Bool) and pointers (IntArray)
  std::vector<MemorySpace> spaces; // per parameter (pointers only are meaningful)
  std::vector<KernelArray> locals; // __local / __shared__ arrays: body (length a literal)
                                   // and pointer parameters (length $smem_NAME)
  std::vector<Clause> contract;    // requires / ensures / context
  // `context_everywhere F` (VerCors): F is also a `context` clause of the contract
  // (first), and here, invariant of every loop of the kernel's body (first).
  std::vector<ExprPtr> everywhere;
  std::vector<StmtPtr> body;
  bool dims[3] = {true, false, false};   // dimensions the kernel uses (1-D unless it names 1 or 2)
  bool assumedOneD = false;              // no mention of dimension 1 or 2: 1-D assumed
  bool cuda = false;                     // CUDA (else OpenCL): which launch limits hold
  std::vector<std::string> atomicArrays; // names of arrays accessed by atomics
};

// The reserved variable for a GPU builtin: kind is one of "lid" (local id), "grp"
// (group id), "lsz" (local size), "ngr" (number of groups); dim 0..2.
std::string gpuBuiltinName(const char *kind, int dim);
// A reserved name as the kernel's language spells it ($lid0: get_local_id(0) in
// OpenCL, threadIdx.x in CUDA); "" for any other name.
std::string gpuBuiltinSpelling(const std::string &name, bool cuda);

// An int field of a PVL class. Methods reach only the fields of `this`: the type
// checker rewrites a use of field f of class C into `C.f[0]`, a read of the only
// cell of the field's own array variable `fieldArrayName(C, f)` ('.' cannot occur in
// source identifiers), so vcgen sees heap cells it already knows. vcgen binds that
// variable to one non-null reference of length 1 per field, distinct per field.
struct Field {
  std::string className;
  std::string name;
  Type type = Type::Int;
  SourceRange range;
};
std::string fieldArrayName(const std::string &className, const std::string &field);

struct Program {
  std::vector<Method> methods; // top-level and class members, flattened
  std::vector<Field> fields;   // PVL classes' fields
  std::vector<Kernel> kernels;
  std::vector<GpuKernel> gpuKernels;
  // Notes from the front end: hints it ignored, soundly (GPUVerify's candidate invariants).
  std::vector<Diagnostic> remarks;
};

// Local variables are unique within a method or kernel: the type checker renames a
// declaration whose name is already declared in the same body (an inner block's
// `int i` shadowing an outer `i`, sibling `for (int i ...)` loops) to `i#2`, `i#3`,
// ... so that every name-based analysis in vcgen (variables of a state, loop
// modifies-sets, uniformity) sees one variable per name. `#` cannot occur in source
// identifiers; messages print the source name.
inline constexpr char kScopeSeparator = '#';
std::string sourceName(const std::string &name); // "i#2" -> "i"

// Small constructors used by front ends and tests.
ExprPtr makeInt(int64_t v, SourceRange r = {});
ExprPtr makeBool(bool v, SourceRange r = {});
ExprPtr makeVar(std::string name, SourceRange r = {});
ExprPtr makeUnary(UnOp op, ExprPtr a, SourceRange r = {});
ExprPtr makeBinary(BinOp op, ExprPtr a, ExprPtr b, SourceRange r = {});
// A deep copy: passes that rewrite expressions in place must not reach shared nodes.
ExprPtr cloneExpr(const ExprPtr &e);
// Whether `e` or one of its subexpressions has kind `k` (false for null).
bool containsKind(const ExprPtr &e, ExprKind k);

// The array variable an array expression names: the Var itself, or the 2-D array of
// a row (`m` of `m[i]`); null for anything else.
const Expr *arrayRoot(const Expr &array);

// The PVL spelling of a binary operator ("+", "==>", "**", ...).
const char *binOpSpelling(BinOp op);

// Pretty-printer (PVL-like), for --dump-ir and test failure messages.
std::string toString(const Expr &e);
std::string toString(const Program &p);

} // namespace kprove::ir
