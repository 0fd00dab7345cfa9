// Builtins whose meaning is more than a table lookup (stdlib-specs/builtins.def):
// fences without a barrier, launch constants (warpSize, get_global_offset), 24-bit
// multiplications, integer-valued pure builtins, builtins applied to vectors component
// by component, builtins that also store through a pointer (sincos), and CUDA's
// cooperative-group handles. docs/language.md §11.3, §11.5 and §11.10 document them.
#include "lang/c/clang_lowering.h"

namespace kprove::lang::clower {

namespace {

ExprPtr ite(ExprPtr c, ExprPtr a, ExprPtr b, ir::IntType t, SourceRange r) {
  auto e = std::make_shared<ir::Expr>();
  e->kind = ExprKind::Ite;
  e->range = r;
  e->args = {std::move(c), std::move(a), std::move(b)};
  e->cint = t;
  return e;
}

ExprPtr within(ExprPtr v, int64_t lo, int64_t hi, SourceRange r) {
  return ir::makeBinary(ir::BinOp::And, ir::makeBinary(ir::BinOp::Le, ir::makeInt(lo, r), v, r),
                        ir::makeBinary(ir::BinOp::Le, v, ir::makeInt(hi, r), r), r);
}

} // namespace

// A fence without a barrier (mem_fence, __threadfence, ...) orders the calling
// thread's own accesses; it synchronises no two threads. kprove's proofs never rely
// on an ordering between threads that no barrier or atomic gives, and a thread's own
// accesses are already in program order: the fence has no effect. Its arguments are
// evaluated for their errors.
bool CLowering::builtinStatement(const clang::CallExpr *c, const Builtin &b, ExprPtr target,
                                 std::vector<StmtPtr> &out) {
  if (b.kind == BuiltinKind::MemCopy) {
    memoryBuiltin(c, std::move(target), out); // lower_memory_builtins.cpp
    return true;
  }
  if (b.kind != BuiltinKind::Fence)
    return false;
  if (target) {
    unsupported(range(c), "the value of the fence '" + std::string(b.name) + "'");
    return true;
  }
  for (const clang::Expr *a : c->arguments())
    value(a, out);
  return true;
}

// A value the launch fixes for every thread: one unknown pure constant (uniform, as
// it is), kept within the range the builtin documents so that it is never assumed
// to be anything more (warpSize is not assumed to be 32).
ExprPtr CLowering::launchConstant(const std::string &name, std::vector<ExprPtr> args, ir::IntType t,
                                  SourceRange r) {
  ExprPtr f = floatCall("$launch_" + name, std::move(args), r);
  if (name != "warpSize") // get_global_offset: any value of its type (size_t)
    return convertInt(f, t, r);
  // warpSize: any positive int.
  ExprPtr ok = within(f, 1, (int64_t{1} << (t.bits - 1)) - 1, r);
  return ite(ok, f, typed(ir::makeInt(1, r), t), t, r);
}

// The builtins whose value builtins.def gives a model of its own; nullopt for the
// others (min/max/abs, pure functions: callValue).
std::optional<ExprPtr> CLowering::builtinCallValue(const clang::CallExpr *c, const Builtin &b,
                                                   std::vector<ExprPtr> &args) {
  SourceRange r = range(c);
  std::string name(b.name);
  ir::IntType t = cintOf(c->getType());
  switch (b.kind) {
  case BuiltinKind::Fence:
  case BuiltinKind::AsyncCopy:
  case BuiltinKind::WaitEvents:
  case BuiltinKind::MemCopy:
    unsupported(r, "'" + name + "' inside an expression (call it as a statement)");
    return ExprPtr{};
  case BuiltinKind::LaunchConstant: {
    // get_global_offset(d): the dimension a literal, as for the other ids.
    for (ExprPtr &a : args)
      while (a->kind == ExprKind::Convert && a->args[0]->kind == ExprKind::IntLit)
        a = a->args[0];
    if (args.size() != 1 || args[0]->kind != ExprKind::IntLit || args[0]->intValue < 0 ||
        args[0]->intValue > 2) {
      typeError(r, "the argument of " + name + " must be a literal 0, 1 or 2");
      return ExprPtr{};
    }
    return launchConstant(name, args, t, r);
  }
  case BuiltinKind::Mul24: {
    // CUDA's __mul24 / __umul24, OpenCL's mul24: the low 32 bits of the product of
    // the operands' low 24 bits. When both operands fit 24 bits (signed or unsigned
    // as the type says) that is the product converted to the result type; otherwise
    // OpenCL leaves it undefined and CUDA's value is of no use to a proof: unknown.
    if (args.size() != 2 || !t.bounded()) {
      unsupported(r, "this use of '" + name + "'");
      return ExprPtr{};
    }
    int64_t lo = t.isSigned ? -(int64_t{1} << 23) : 0;
    int64_t hi = t.isSigned ? (int64_t{1} << 23) - 1 : (int64_t{1} << 24) - 1;
    ExprPtr fits =
        ir::makeBinary(ir::BinOp::And, within(args[0], lo, hi, r), within(args[1], lo, hi, r), r);
    ExprPtr product = ir::makeBinary(ir::BinOp::Mul, args[0], args[1], r); // exact
    ExprPtr unknown = convertInt(floatCall(builtinFunctionName("$fn_" + name, c), args, r), t, r);
    return ite(fits, convertInt(product, t, r), unknown, t, r);
  }
  default:
    return std::nullopt;
  }
}

// `warpSize` (a variable of the CUDA prelude): a launch constant.
ExprPtr CLowering::builtinVariable(const clang::DeclRefExpr *dr, SourceRange r) {
  std::string n = dr->getDecl()->getNameAsString();
  const Builtin *b = findBuiltin(n, dialect_);
  if (!b || b->kind != BuiltinKind::LaunchConstant)
    return nullptr;
  return launchConstant(n, {}, cintOf(dr->getType()), r);
}

// A cooperative group handle (`thread_block b = this_thread_block();`, `grid_group g
// = this_grid();`) has no state kprove needs: what a sync on it means depends on its
// type (builtins.def), and any other use of it is a builtin call kprove rejects.
bool CLowering::groupHandleDecl(const clang::VarDecl *vd) const {
  const clang::CXXRecordDecl *rd = vd->getType()->getAsCXXRecordDecl();
  if (!rd || inMainFile(rd->getLocation()))
    return false;
  std::string q = rd->getQualifiedNameAsString();
  return q == "cooperative_groups::thread_block" || q == "cooperative_groups::grid_group";
}

// The relational builtins return -1 (all bits set) for true on vectors but 1 on
// scalars: not the scalar builtin per component.
static bool relationalBuiltin(const std::string &n) {
  return n == "isnan" || n == "isinf" || n == "isfinite" || n == "signbit" || n == "isequal" ||
         n == "isnotequal" || n == "isgreater" || n == "isless" || n == "isnormal";
}

// The scalar value of builtin `b` on one component's arguments (as callValue has it
// for scalars): min / max / abs exact on integers, any other the uninterpreted
// function `fn` of its arguments (builtinFunctionName: keyed by the component types,
// the same as for the scalar call on them), an integer result of its type.
ExprPtr CLowering::scalarBuiltinValue(const Builtin &b, const std::string &fn,
                                      const std::vector<ExprPtr> &args, const Field &result,
                                      SourceRange r) {
  std::string name(b.name);
  if (b.kind == BuiltinKind::IntOp && !result.floating && result.cint.bounded()) {
    if ((name == "min" || name == "max") && args.size() == 2)
      return ite(ir::makeBinary(name == "min" ? ir::BinOp::Le : ir::BinOp::Ge, args[0], args[1], r),
                 args[0], args[1], result.cint, r);
    if (name == "abs" && args.size() == 1)
      return ite(ir::makeBinary(ir::BinOp::Ge, args[0], ir::makeInt(0, r), r), args[0],
                 typed(ir::makeUnary(ir::UnOp::Neg, args[0], r), result.cint), result.cint, r);
  }
  ExprPtr v = floatCall(fn, args, r);
  return result.floating ? v : convertInt(v, result.cint, r);
}

// OpenCL's math, integer and common builtins on vectors act on each component:
// ceil(float4), min(int4, int4), pown(float4, int4); a scalar argument of such a
// call (min(int4, int), clamp(float4, float, float)) takes part in every component.
// nullopt when `c` is no such call (the caller rejects it).
std::optional<std::vector<ExprPtr>> CLowering::componentwiseCall(const clang::CallExpr *c,
                                                                 const std::vector<Field> &fields,
                                                                 std::vector<StmtPtr> &pre) {
  const Builtin *b = builtinOf(c);
  const auto *vt = c->getType().getCanonicalType()->getAs<clang::ExtVectorType>();
  if (!b || (b->kind != BuiltinKind::Pure && b->kind != BuiltinKind::IntOp) || !vt ||
      vt->getNumElements() != fields.size() || relationalBuiltin(std::string(b->name)))
    return std::nullopt;
  SourceRange r = range(c);
  std::vector<std::vector<ExprPtr>> perArg; // each argument's components
  for (const clang::Expr *a : c->arguments()) {
    clang::QualType t = a->getType().getCanonicalType();
    if (const auto *at = t->getAs<clang::ExtVectorType>()) {
      if (at->getNumElements() != fields.size())
        return std::nullopt;
      auto parts = aggregateParts(a, pre);
      if (!parts)
        return std::vector<ExprPtr>{}; // reported
      perArg.push_back(*parts);
    } else if (isIntLike(t) || isFloat(t)) {
      ExprPtr v = value(a, pre);
      if (!v)
        return std::vector<ExprPtr>{};
      perArg.emplace_back(fields.size(), v);
    } else {
      return std::nullopt;
    }
  }
  std::string fn = builtinFunctionName("$fn_" + std::string(b->name), c);
  std::vector<ExprPtr> out;
  for (size_t k = 0; k < fields.size(); ++k) {
    std::vector<ExprPtr> args;
    for (const std::vector<ExprPtr> &a : perArg)
      args.push_back(a[k]);
    out.push_back(scalarBuiltinValue(*b, fn, args, fields[k], r));
  }
  return out;
}

// OpenCL's shuffle(x, mask) and shuffle2(x, y, mask): component i of the result is
// component mask.i of x (of x and y concatenated, for shuffle2), of which only the
// bits that index x (x and y) count: mask.i modulo their number of components, a
// power of two.
std::optional<std::vector<ExprPtr>> CLowering::shuffleCall(const clang::CallExpr *c,
                                                           const std::vector<Field> &fields,
                                                           std::vector<StmtPtr> &pre) {
  std::string name = calleeName(c);
  unsigned sources = name == "shuffle" ? 1 : name == "shuffle2" ? 2 : 0;
  if (!sources || !isBuiltin(c) || c->getNumArgs() != sources + 1)
    return std::nullopt;
  SourceRange r = range(c);
  std::vector<ExprPtr> from;
  for (unsigned i = 0; i <= sources; ++i)
    if (!c->getArg(i)->getType().getCanonicalType()->getAs<clang::ExtVectorType>())
      return std::nullopt;
  for (unsigned i = 0; i < sources; ++i) {
    auto parts = aggregateParts(c->getArg(i), pre);
    if (!parts)
      return std::vector<ExprPtr>{};
    from.insert(from.end(), parts->begin(), parts->end());
  }
  auto mask = aggregateParts(c->getArg(sources), pre);
  if (!mask)
    return std::vector<ExprPtr>{};
  if (mask->size() != fields.size() || from.empty())
    return std::nullopt;
  std::vector<ExprPtr> out;
  for (size_t k = 0; k < fields.size(); ++k) {
    // mask.k is unsigned (OpenCL): its remainder is the selected component.
    ExprPtr sel = ir::makeBinary(ir::BinOp::Mod, (*mask)[k],
                                 ir::makeInt(static_cast<int64_t>(from.size()), r), r);
    ExprPtr v = from.back();
    for (size_t j = from.size() - 1; j-- > 0;)
      v = ite(ir::makeBinary(ir::BinOp::Eq, sel, ir::makeInt(static_cast<int64_t>(j), r), r),
              from[j], v, fields[k].cint, r);
    out.push_back(v);
  }
  return out;
}

// OpenCL's select(a, b, c) on vectors: component i is b.i where the most significant
// bit of c.i is set, a.i elsewhere (OpenCL C 6.13.6): c.i read as its signed type
// is negative.
std::optional<std::vector<ExprPtr>> CLowering::selectCall(const clang::CallExpr *c,
                                                          const std::vector<Field> &fields,
                                                          std::vector<StmtPtr> &pre) {
  if (calleeName(c) != "select" || !isBuiltin(c) || c->getNumArgs() != 3)
    return std::nullopt;
  for (const clang::Expr *a : c->arguments()) {
    const auto *vt = a->getType().getCanonicalType()->getAs<clang::ExtVectorType>();
    if (!vt || vt->getNumElements() != fields.size())
      return std::nullopt;
  }
  SourceRange r = range(c);
  auto a = aggregateParts(c->getArg(0), pre);
  auto b = a ? aggregateParts(c->getArg(1), pre) : std::nullopt;
  auto m = b ? aggregateParts(c->getArg(2), pre) : std::nullopt;
  if (!m)
    return std::vector<ExprPtr>{}; // reported
  clang::QualType mt =
      c->getArg(2)->getType().getCanonicalType()->getAs<clang::ExtVectorType>()->getElementType();
  ir::IntType signedMask{static_cast<uint8_t>(ctx_.getIntWidth(mt)), true};
  std::vector<ExprPtr> out;
  for (size_t k = 0; k < fields.size(); ++k) {
    ExprPtr msb = ir::makeBinary(ir::BinOp::Lt, convertInt((*m)[k], signedMask, r),
                                 typed(ir::makeInt(0, r), signedMask), r);
    out.push_back(ite(msb, (*b)[k], (*a)[k], fields[k].cint, r));
  }
  return out;
}

// A builtin that returns one value and stores another through its last argument, a
// pointer to a scalar: sincos(x, &c) (sin x, c = cos x), fract, modf, frexp,
// lgamma_r, remquo. Both are uninterpreted functions of the other arguments; the
// store is an ordinary write of the cell the pointer points to (permission, bounds
// and null checks at the call).
ExprPtr CLowering::outPointerCall(const clang::CallExpr *c, std::vector<StmtPtr> &pre) {
  SourceRange r = range(c);
  std::string name = calleeName(c);
  unsigned n = c->getNumArgs();
  const clang::Expr *ptr = n ? c->getArg(n - 1)->IgnoreParenImpCasts() : nullptr;
  clang::QualType elem = ptr ? elementOf(ptr) : clang::QualType();
  if (!ptr || elem.isNull() || !(isIntLike(elem) || isFloat(elem)) ||
      !(isIntLike(c->getType()) || isFloat(c->getType()))) {
    unsupported(r, "this call of '" + name +
                       "' (only with scalar arguments and a pointer to a "
                       "scalar)");
    return nullptr;
  }
  std::vector<ExprPtr> args;
  for (unsigned i = 0; i + 1 < n; ++i) {
    if (!isIntLike(c->getArg(i)->getType()) && !isFloat(c->getArg(i)->getType())) {
      unsupported(r, "this call of '" + name + "' (only with scalar arguments)");
      return nullptr;
    }
    ExprPtr v = value(c->getArg(i), pre);
    if (!v)
      return nullptr;
    args.push_back(v);
  }
  auto p = pointerValue(ptr, pre);
  if (!p)
    return nullptr;
  // Named by all argument types (the pointer's as its element type) and the result's.
  std::string fn = "$fn_" + name;
  for (unsigned i = 0; i + 1 < n; ++i)
    fn += "." + typeTag(c->getArg(i)->getType());
  fn += "." + typeTag(elem) + "." + typeTag(c->getType());
  ExprPtr stored = floatCall(fn + "$out", args, r);
  if (ir::IntType t = cintOf(elem); t.bounded())
    stored = convertInt(stored, t, r);
  assign(pointerCell(*p, nullptr, elem, r), stored, r, pre);
  ExprPtr v = floatCall(fn, args, r);
  if (ir::IntType t = cintOf(c->getType()); t.bounded())
    return convertInt(v, t, r);
  return v;
}

} // namespace kprove::lang::clower
