// memcpy and memset (`__builtin_memcpy`, `__builtin_memset`, CUDA's device memcpy and
// memset): kprove's memory is per element, not per byte, so a call is modelled as
// the element accesses it amounts to, written out one by one at the call — each cell
// read and written with the checks of `dst[k] = src[k]` (null, bounds, permission,
// hence races), blamed at the call. Only where that is exact: the byte count is a
// compile-time constant, a whole number of elements, both sides have one element
// type, and memset's byte makes every element's value computable. Anything else is
// `unsupported`, naming the call and why. docs/language.md §11.4.
#include "lang/c/clang_lowering.h"

namespace kprove::lang::clower {

namespace {

// At most this many elements are written out per call.
constexpr uint64_t kMaxCopiedElements = 64;

} // namespace

// The value of the byte count `e` when it is known before the kernel runs: a constant
// expression, or a local variable initialised with one and never changed afterwards
// (`size_t len = 4; memcpy(d, s, len);`).
std::optional<uint64_t> CLowering::constantLength(const clang::Expr *e) const {
  clang::Expr::EvalResult v;
  if (e->EvaluateAsInt(v, ctx_)) {
    if (v.Val.getInt().isNegative() && v.Val.getInt().isSigned())
      return std::nullopt;
    return v.Val.getInt().getZExtValue();
  }
  auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
  auto *vd = dr ? llvm::dyn_cast<clang::VarDecl>(dr->getDecl()) : nullptr;
  if (!vd || llvm::isa<clang::ParmVarDecl>(vd) || !vd->hasLocalStorage() || !vd->getInit() ||
      !vd->getType()->isIntegerType() || !vd->getInit()->EvaluateAsInt(v, ctx_) ||
      !neverModified(vd))
    return std::nullopt;
  if (v.Val.getInt().isNegative() && v.Val.getInt().isSigned())
    return std::nullopt;
  // The initialiser's value in the variable's type (`char len = 300` wraps).
  llvm::APSInt n =
      v.Val.getInt().extOrTrunc(static_cast<unsigned>(ctx_.getIntWidth(vd->getType())));
  n.setIsUnsigned(!vd->getType()->isSignedIntegerType());
  if (n.isNegative())
    return std::nullopt;
  return n.getZExtValue();
}

// True when every use of the local `vd` in its function only reads its value.
bool CLowering::neverModified(const clang::VarDecl *vd) const {
  const auto *fd = llvm::dyn_cast_or_null<clang::FunctionDecl>(vd->getParentFunctionOrMethod());
  if (!fd || !fd->getBody())
    return false;
  bool onlyRead = true;
  forEachStmt(fd->getBody(), [&](const clang::Stmt *s) {
    auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(s);
    if (!onlyRead || !dr || dr->getDecl() != vd)
      return;
    auto parents = ctx_.getParents(*dr);
    const auto *ic = parents.size() == 1 ? parents[0].get<clang::ImplicitCastExpr>() : nullptr;
    if (!ic || ic->getCastKind() != clang::CK_LValueToRValue)
      onlyRead = false;
  });
  return onlyRead;
}

// The memory one side of a call names: the cells of its elements, element k's leaves
// (one for a scalar element) by `cells(k)`, and what the overlap check needs.
struct CLowering::MemSpan {
  clang::QualType elem;
  std::vector<Field> leaves;
  std::optional<Place> place;        // a struct or vector: a buffer (index set) or a variable
  std::optional<PointerValue> plain; // a scalar element: a pointer
};

std::optional<CLowering::MemSpan> CLowering::memSpan(const clang::Expr *e, clang::QualType elem,
                                                     const std::string &fn,
                                                     std::vector<StmtPtr> &pre) {
  SourceRange r = range(e);
  MemSpan s;
  s.elem = elem;
  if (isAggregate(elem)) {
    const clang::Expr *p = e->IgnoreParenImpCasts();
    auto *uo = llvm::dyn_cast<clang::UnaryOperator>(p);
    auto *dr = uo && uo->getOpcode() == clang::UO_AddrOf
                   ? llvm::dyn_cast<clang::DeclRefExpr>(uo->getSubExpr()->IgnoreParens())
                   : nullptr;
    if (dr && !dr->getType()->isArrayType()) { // &v of a struct or vector variable
      auto pl = place(dr, pre);
      if (!pl)
        return std::nullopt;
      s.place = pl;
    } else {
      auto b = aggregateBuffer(p, pre);
      if (!b)
        return std::nullopt;
      s.place = Place{b->first, b->second ? b->second : ir::makeInt(0, r), elem};
    }
    std::string why;
    if (!leavesOf(elem, "", s.leaves, why,
                  s.place->index ? PointerFields::Opaque : PointerFields::Arrays)) {
      unsupported(r, why);
      return std::nullopt;
    }
    if (std::any_of(s.leaves.begin(), s.leaves.end(), [](const Field &f) { return f.pointer; })) {
      unsupported(r, "'" + fn + "' of a struct holding pointers");
      return std::nullopt;
    }
    return s;
  }
  clang::QualType t = elem.getCanonicalType();
  if (!(isIntLike(t) || t->isBooleanType() || isFloat(t))) {
    unsupported(r, "'" + fn + "' through a pointer to '" + elem.getAsString() +
                       "' (only int-like, bool, floating-point, struct and vector elements)");
    return std::nullopt;
  }
  // The argument without its implicit conversion to `void *` (the call's parameter).
  while (auto *ic = llvm::dyn_cast<clang::ImplicitCastExpr>(e->IgnoreParens())) {
    if (!ic->getType()->isPointerType() || !ic->getType()->getPointeeType()->isVoidType())
      break;
    e = ic->getSubExpr();
  }
  s.plain = pointerValue(e, pre);
  if (!s.plain)
    return std::nullopt;
  Field f;
  f.type = t->isBooleanType() ? Type::Bool : Type::Int;
  f.floating = isFloat(t);
  f.cint = cintOf(t);
  f.ctype = elem;
  s.leaves.push_back(f);
  return s;
}

// Element k's leaves: the cells (or a variable's leaves) a copy reads or writes.
std::vector<ExprPtr> CLowering::memCells(const MemSpan &s, uint64_t k, SourceRange r) {
  std::vector<ExprPtr> out;
  ExprPtr kk = ir::makeInt(static_cast<int64_t>(k), r);
  if (s.plain) {
    out.push_back(pointerCell(*s.plain, kk, s.elem, r));
    return out;
  }
  Place p = *s.place;
  if (p.index)
    p.index = addOffset(p.index, kk, false, r);
  for (const Field &f : s.leaves)
    out.push_back(leafOf(p, f, r));
  return out;
}

// The array whose cells the span's first leaf lives in, and its first element's
// offset (null for a variable): what two spans must not share.
std::pair<ExprPtr, ExprPtr> CLowering::memExtent(const MemSpan &s, SourceRange r) {
  if (s.plain)
    return {ir::makeVar(s.plain->baseName, r),
            s.plain->offset ? s.plain->offset : ir::makeInt(0, r)};
  if (!s.place->index)
    return {nullptr, nullptr};
  return {ir::makeVar(leafPath(s.place->name, s.leaves[0].name), r), s.place->index};
}

void CLowering::memoryBuiltin(const clang::CallExpr *c, ExprPtr target, std::vector<StmtPtr> &out) {
  SourceRange r = range(c);
  std::string fn = builtinName(c);
  bool copy = fn.find("memcpy") != std::string::npos;
  if (target) {
    unsupported(r, "the pointer '" + fn + "' returns (call it as a statement)");
    return;
  }
  if (c->getNumArgs() != 3) {
    unsupported(r, "this call of '" + fn + "'");
    return;
  }
  const clang::Expr *dst = c->getArg(0)->IgnoreParenImpCasts();
  const clang::Expr *src = c->getArg(1)->IgnoreParenImpCasts();
  // A null pointer: C requires valid pointers even for a length of 0 (C11 7.24.1).
  auto isNull = [&](const clang::Expr *e) {
    return e->isNullPointerConstant(ctx_, clang::Expr::NPC_ValueDependentIsNotNull) !=
           clang::Expr::NPCK_NotNull;
  };
  for (const clang::Expr *e : {dst, src}) {
    if ((e == src && !copy) || !isNull(e))
      continue;
    auto a = newStmt(StmtKind::Assert, r);
    a->value = ir::makeBool(false, r);
    a->assertCode = DiagCode::Null;
    a->assertMessage =
        "'" + fn + "' " + (e == dst ? "writes to" : "reads from") + " a null pointer";
    out.push_back(a);
    return;
  }
  clang::QualType elem = elementOf(dst);
  if (elem.isNull() || elem->isVoidType() || elem->isIncompleteType()) {
    unsupported(r, "'" + fn + "' through '" + dst->getType().getAsString() +
                       "' (kprove's memory is per element: the destination must point to "
                       "elements of a known type)");
    return;
  }
  if (copy) {
    clang::QualType from = elementOf(src);
    if (from.isNull() ||
        !ctx_.hasSameUnqualifiedType(from.getCanonicalType().getUnqualifiedType(),
                                     elem.getCanonicalType().getUnqualifiedType())) {
      unsupported(r, "'" + fn + "' from '" + (from.isNull() ? src->getType() : from).getAsString() +
                         "' elements to '" + elem.getAsString() +
                         "' elements (kprove's memory is per element, not per byte: both sides "
                         "must have one element type)");
      return;
    }
  }
  std::optional<uint64_t> bytes = constantLength(c->getArg(2));
  if (!bytes) {
    unsupported(range(c->getArg(2)),
                "the length of '" + fn +
                    "' is not a constant (kprove writes the copy out element by element)");
    return;
  }
  uint64_t size = static_cast<uint64_t>(ctx_.getTypeSizeInChars(elem).getQuantity());
  if (size == 0 || *bytes % size != 0) {
    unsupported(r, "'" + fn + "' of " + std::to_string(*bytes) + " bytes, not a whole number of '" +
                       elem.getAsString() + "' elements (" + std::to_string(size) +
                       " bytes each; kprove's memory is per element, not per byte)");
    return;
  }
  uint64_t count = *bytes / size;
  if (count > kMaxCopiedElements) {
    unsupported(r, "'" + fn + "' of " + std::to_string(count) +
                       " elements (kprove writes at most " + std::to_string(kMaxCopiedElements) +
                       " out, one by one)");
    return;
  }
  std::vector<StmtPtr> pre;
  auto to = memSpan(c->getArg(0), elem, fn, pre);
  if (!to)
    return;
  if (copy) {
    auto from = memSpan(c->getArg(1), elem, fn, pre);
    if (!from)
      return;
    out.insert(out.end(), pre.begin(), pre.end());
    memcpyCells(*to, *from, count, fn, r, out);
    return;
  }
  std::vector<ExprPtr> values;
  if (!memsetValues(*to, c->getArg(1), fn, values, pre))
    return;
  out.insert(out.end(), pre.begin(), pre.end());
  if (outsideVariable(*to, count, fn, r, out))
    return;
  for (uint64_t k = 0; k < count; ++k) {
    std::vector<ExprPtr> cells = memCells(*to, k, r);
    for (size_t i = 0; i < cells.size(); ++i)
      assign(cells[i], values[i], r, out);
  }
}

// A struct or vector variable holds one element: more is past its end (code bounds).
bool CLowering::outsideVariable(const MemSpan &s, uint64_t count, const std::string &fn,
                                SourceRange r, std::vector<StmtPtr> &out) {
  if (!s.place || s.place->index || count <= 1)
    return false;
  auto a = newStmt(StmtKind::Assert, r);
  a->value = ir::makeBool(false, r);
  a->assertCode = DiagCode::Bounds;
  a->assertMessage = "'" + fn + "' accesses " + std::to_string(count) + " elements of '" +
                     s.place->name + "', which holds one";
  out.push_back(a);
  return true;
}

// memcpy: undefined when the two ranges overlap (C11 7.24.2.1), so that is checked
// first; then element by element, each leaf read before it is written.
void CLowering::memcpyCells(const MemSpan &to, const MemSpan &from, uint64_t count,
                            const std::string &fn, SourceRange r, std::vector<StmtPtr> &out) {
  if (count == 0)
    return;
  if (outsideVariable(to, count, fn, r, out) || outsideVariable(from, count, fn, r, out))
    return;
  auto [da, doff] = memExtent(to, r);
  auto [sa, soff] = memExtent(from, r);
  ExprPtr overlap;
  if (da && sa) {
    // Same array and |doff - soff| < count.
    ExprPtr n = ir::makeInt(static_cast<int64_t>(count), r);
    ExprPtr near = ir::makeBinary(
        ir::BinOp::And,
        ir::makeBinary(ir::BinOp::Lt, doff, ir::makeBinary(ir::BinOp::Add, soff, n, r), r),
        ir::makeBinary(ir::BinOp::Lt, soff, ir::makeBinary(ir::BinOp::Add, doff, n, r), r), r);
    overlap = ir::makeBinary(ir::BinOp::And, ir::makeBinary(ir::BinOp::Eq, da, sa, r), near, r);
  } else if (!da && !sa && to.place->name == from.place->name) {
    overlap = ir::makeBool(true, r); // one variable copied onto itself
  }
  if (overlap) {
    auto a = newStmt(StmtKind::Assert, r);
    a->value = ir::makeUnary(ir::UnOp::Not, overlap, r);
    a->assertMessage =
        "the source and destination of '" + fn + "' may overlap (undefined behaviour in C)";
    out.push_back(a);
  }
  for (uint64_t k = 0; k < count; ++k) {
    std::vector<ExprPtr> d = memCells(to, k, r), s = memCells(from, k, r);
    for (size_t i = 0; i < d.size(); ++i) {
      const Field &f = to.leaves[i];
      ExprPtr v = s[i];
      // A bool leaf moves between a cell (0 or 1) and a bool variable as C stores it.
      if (f.type == Type::Bool && (v->kind == ExprKind::Index) != (d[i]->kind == ExprKind::Index))
        v = v->kind == ExprKind::Index ? leafValue(v, f, r) : leafStore(d[i], v, f, r);
      assign(d[i], v, r, out);
    }
  }
}

// memset's value for each leaf: every byte is (unsigned char)c, so an integer leaf of
// N bytes is that byte times 0x0101...01 read in its type, a floating-point leaf those
// bits (an exact literal when c is a constant, as_T of them otherwise), a bool leaf
// 0 or 1 only for a constant byte 0 or 1. A pointer kept in memory is unsupported.
bool CLowering::memsetValues(const MemSpan &to, const clang::Expr *c, const std::string &fn,
                             std::vector<ExprPtr> &values, std::vector<StmtPtr> &pre) {
  SourceRange r = range(c);
  std::optional<uint64_t> byte;
  clang::Expr::EvalResult ev;
  if (c->EvaluateAsInt(ev, ctx_))
    byte = ev.Val.getInt().getZExtValue() & 0xFF;
  ExprPtr sym;
  ir::IntType u8{8, false}, u64{64, false};
  if (!byte) {
    sym = convertTo(c, Type::Int, pre);
    if (!sym)
      return false;
    sym = convertInt(sym, u8, r);
  }
  for (const Field &f : to.leaves) {
    clang::QualType t = f.ctype.getCanonicalType();
    if (f.opaque || t.isNull()) {
      unsupported(r, "'" + fn + "' of a struct holding pointers");
      return false;
    }
    if (t->isBooleanType()) {
      if (!byte || *byte > 1) {
        unsupported(r, "'" + fn + "' of a bool with a byte other than a constant 0 or 1");
        return false;
      }
      bool cell = to.place ? to.place->index != nullptr : true;
      values.push_back(cell ? typed(ir::makeInt(static_cast<int64_t>(*byte), r), f.cint)
                            : ir::makeBool(*byte == 1, r));
      continue;
    }
    unsigned width = static_cast<unsigned>(ctx_.getTypeSize(t));
    if (width > 64 || width % 8 != 0) {
      unsupported(r, "'" + fn + "' of '" + t.getAsString() + "' elements");
      return false;
    }
    uint64_t ones = 0;
    for (unsigned i = 0; i < width; i += 8)
      ones |= uint64_t{1} << i;
    ExprPtr bits; // the leaf's bits as an unsigned number of its width
    ir::IntType ut{static_cast<uint8_t>(width), false};
    if (byte) {
      uint64_t b = *byte * ones;
      if (isFloat(t)) {
        values.push_back(
            floatLiteral(llvm::APFloat(ctx_.getFloatTypeSemantics(t), llvm::APInt(width, b)), r));
        continue;
      }
      // Two's complement bits as an int64 literal, converted: exact in every type.
      bits = convertInt(typed(ir::makeInt(static_cast<int64_t>(b), r), {64, true}), ut, r);
    } else {
      bits = convertInt(
          typed(ir::makeBinary(ir::BinOp::Mul, convertInt(sym, u64, r),
                               typed(ir::makeInt(static_cast<int64_t>(ones), r), u64), r),
                u64),
          ut, r);
    }
    if (isFloat(t))
      values.push_back(reinterpret(bits, ctx_.getIntTypeForBitwidth(width, false), t, r));
    else
      values.push_back(convertInt(bits, f.cint, r));
  }
  return true;
}

} // namespace kprove::lang::clower

namespace kprove::lang::clower {

// cuRAND's generators (builtins.def, Generator). The state a call's last argument
// points to is memory: a step (curand, curand_uniform, curand_normal) reads and then
// writes all of it, and curand_init writes it, with the checks of any access there
// (null, bounds, permission, hence races: two threads stepping one state race, as
// they do on the hardware). kprove's cuda.h gives a state one cell; what it holds
// after a call, and the value a step returns, are unknown (fresh per call and per
// thread, never a value several threads share). The real generator is a
// deterministic function of its state; kprove assumes less. MTGP32 states, which a
// block's threads may step together, are modelled the same way: their intended use
// fails (a race), never the reverse. `*result` is the step's value (null for init).
bool CLowering::generatorCall(const clang::CallExpr *c, ExprPtr *result,
                              std::vector<StmtPtr> &pre) {
  SourceRange r = range(c);
  std::string fn = calleeName(c);
  unsigned n = c->getNumArgs();
  const clang::Expr *ptr = n ? c->getArg(n - 1)->IgnoreParenImpCasts() : nullptr;
  clang::QualType elem = ptr ? elementOf(ptr) : clang::QualType();
  if (!ptr || elem.isNull() || !isAggregate(elem)) {
    unsupported(r, "this call of '" + fn + "' (its last argument must point to a generator state)");
    return false;
  }
  bool init = c->getType()->isVoidType();
  if (!init && !result) {
    unsupported(r, "'" + fn + "' as a statement (its value is the point of the call)");
    return false;
  }
  for (unsigned i = 0; i + 1 < n; ++i) // seed, subsequence, offset: evaluated for their errors
    if (!value(c->getArg(i), pre))
      return false;
  auto span = memSpan(c->getArg(n - 1), elem, fn, pre);
  if (!span)
    return false;
  std::vector<ExprPtr> cells = memCells(*span, 0, r);
  auto unknown = [&](Type type, ir::IntType cint, bool floating) {
    auto d = newStmt(StmtKind::VarDecl, r);
    d->name = freshTemp(); // no value: any value of its type
    d->declType = type;
    d->cint = cint;
    if (floating)
      floatNames_.insert(d->name);
    pre.push_back(d);
    return typed(ir::makeVar(d->name, r), cint);
  };
  for (size_t i = 0; i < cells.size(); ++i) {
    const Field &f = span->leaves[i];
    if (!init) { // the step reads the state before it writes it
      auto read = newStmt(StmtKind::VarDecl, r);
      read->name = freshTemp();
      read->declType = f.type;
      read->cint = f.cint;
      read->value = cells[i];
      pre.push_back(read);
    }
    assign(cells[i], unknown(f.type, f.cint, f.floating), r, pre);
  }
  if (result)
    *result =
        init ? nullptr : unknown(irType(c->getType()), cintOf(c->getType()), isFloat(c->getType()));
  return true;
}

} // namespace kprove::lang::clower
