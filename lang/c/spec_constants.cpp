// Macros and enum constants named in annotations. Clang does not expand macros in
// comments, so `requires \pointer_length(a) == N;` names N as an identifier; here
// it becomes N's value with N's C type, as if the value were written there (`#define
// LO 0u` is an unsigned int in `LO <= x`, as in the code; an enum constant has the
// type Clang gives it, unsigned int for `BIG = 0x80000000`). Read exactly: an
// object-like macro defined once (in the file, an included file or by -D) whose
// expansion is an integer literal, possibly negated or parenthesised, or the name
// of another such macro or of an enum constant; an enum constant of the file (a
// local variable or parameter of the same name wins, as in C). Anything else a
// macro expands to, and function-like macros, are unsupported, naming the macro.
#include "lang/c/clang_lowering.h"
#include "lang/pvl/pvl_lexer.h"

#include <clang/Lex/MacroInfo.h>

#include <limits>

namespace kprove::lang::clower {

namespace {

const clang::IdentifierInfo *identifier(clang::ASTContext &ctx, const std::string &name) {
  auto it = ctx.Idents.find(name);
  return it == ctx.Idents.end() ? nullptr : it->getValue();
}

} // namespace

void CLowering::expandConstants(ExprPtr &e) {
  std::vector<std::string> bound;
  expandConstants(e, bound);
}

void CLowering::expandConstants(ExprPtr &e, std::vector<std::string> &bound) {
  if (!e)
    return;
  size_t scope = bound.size();
  for (const ir::Binder &b : e->binders)
    bound.push_back(b.name);
  for (ExprPtr &a : e->args)
    expandConstants(a, bound);
  bound.resize(scope);
  bool isName = e->kind == ExprKind::Var || e->kind == ExprKind::Call;
  if (!isName || std::find(bound.begin(), bound.end(), e->name) != bound.end())
    return;
  // The spec language's own names (NULL is also C's macro).
  for (const char *own : {"NULL", "null", "true", "false", "read", "write", "none"})
    if (e->name == own)
      return;
  const clang::IdentifierInfo *id = identifier(ctx_, e->name);
  bool isMacro = id && pp_.getLocalMacroDirectiveHistory(id);
  if (e->kind == ExprKind::Call) {
    if (isMacro)
      unsupported(e->range, "the macro '" + e->name +
                                "' called in an annotation (kprove reads "
                                "only object-like macros there)");
    return;
  }
  std::optional<SpecConstant> v;
  if (isMacro) {
    v = macroValue(e->name, e->range, 0);
    if (!v)
      return; // reported
  } else {
    bool declared = std::any_of(userNames_.begin(), userNames_.end(),
                                [&](const ScopedName &u) { return u.name == e->name; });
    if (declared || !(v = enumValue(e->name, e->range)))
      return;
  }
  SourceRange r = e->range;
  if (v->value == std::numeric_limits<int64_t>::min()) {
    unsupported(r, "the constant '" + e->name + "' in an annotation (out of range)");
    return;
  }
  // The literal carries the constant's C type (type_annotations.cpp keeps it);
  // a negative one is the negation of its magnitude, as if `-5` were written.
  if (v->value < 0)
    e = ir::makeUnary(ir::UnOp::Neg, typed(ir::makeInt(-v->value, r), v->cint), r);
  else
    e = typed(ir::makeInt(v->value, r), v->cint);
}

std::optional<CLowering::SpecConstant> CLowering::enumValue(const std::string &name,
                                                            SourceRange use) {
  const clang::IdentifierInfo *id = identifier(ctx_, name);
  if (!id)
    return std::nullopt;
  for (const clang::NamedDecl *d : ctx_.getTranslationUnitDecl()->lookup(id))
    if (auto *ec = llvm::dyn_cast<clang::EnumConstantDecl>(d)) {
      // The constant's type as the code reads it (lower_expr.cpp): int in C when
      // the value fits, else the enumeration's type; the enum type in C++.
      ir::IntType t = cintOf(ec->getType());
      const llvm::APSInt &v = ec->getInitVal();
      if (!t.bounded() || v.getSignificantBits() > 64 ||
          (v.isUnsigned() && v.getActiveBits() > 63)) {
        unsupported(use, "the enum constant '" + name + "' in an annotation (out of range)");
        return SpecConstant{0, {32, true}};
      }
      return SpecConstant{v.getExtValue(), t};
    }
  return std::nullopt;
}

std::optional<CLowering::SpecConstant> CLowering::macroValue(const std::string &name,
                                                             SourceRange use, int depth) {
  auto reject = [&](const std::string &why) -> std::optional<SpecConstant> {
    unsupported(use, "the macro '" + name + "' in an annotation (" + why + ")");
    return std::nullopt;
  };
  const clang::IdentifierInfo *id = identifier(ctx_, name);
  const clang::MacroDirective *history = id ? pp_.getLocalMacroDirectiveHistory(id) : nullptr;
  if (!history)
    return reject("not a macro");
  // Which definition holds at the annotation would depend on where it is.
  if (history->getPrevious() || !history->isDefined())
    return reject("it is defined or undefined more than once");
  const clang::MacroInfo *mi = history->getMacroInfo();
  if (!mi || mi->isFunctionLike())
    return reject("a function-like macro");
  if (depth > 16)
    return reject("its expansion nests too deeply");
  llvm::ArrayRef<clang::Token> toks = mi->tokens();
  size_t i = 0, j = toks.size();
  auto unwrap = [&] {
    while (j - i >= 2 && toks[i].is(clang::tok::l_paren) && toks[j - 1].is(clang::tok::r_paren))
      ++i, --j;
  };
  unwrap();
  bool negated = i < j && toks[i].is(clang::tok::minus);
  if (negated) {
    ++i;
    unwrap();
  }
  const char *onlyLiterals = "kprove reads only macros that expand to an integer literal, "
                             "possibly negated or in parentheses, or to another such name";
  if (j - i != 1)
    return reject(onlyLiterals);
  const clang::Token &t = toks[i];
  std::optional<SpecConstant> v;
  if (t.is(clang::tok::numeric_constant)) {
    std::string text = pp_.getSpelling(t);
    bool isUnsigned = false;
    int longs = 0;
    while (!text.empty() && std::string_view("uUlL").find(text.back()) != std::string_view::npos) {
      isUnsigned = isUnsigned || text.back() == 'u' || text.back() == 'U';
      longs += text.back() == 'l' || text.back() == 'L';
      text.pop_back();
    }
    uint64_t raw = 0;
    bool hex = text.size() > 1 && (text[1] == 'x' || text[1] == 'X');
    bool floating = text.find_first_of(hex ? ".pP" : ".eE") != std::string::npos;
    // getAsInteger's radix 0 reads C's prefixes: 0x hexadecimal, 0b binary, 0 octal.
    if (floating || longs > 2 || llvm::StringRef(text).getAsInteger(0, raw) ||
        raw > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
      return reject(onlyLiterals);
    bool decimal = text.size() == 1 || text[0] != '0';
    auto [bits, isSigned] =
        pvl::cLiteralType(static_cast<int64_t>(raw), isUnsigned, longs, decimal);
    v = SpecConstant{static_cast<int64_t>(raw), ir::IntType{bits, isSigned}};
  } else if (t.is(clang::tok::identifier)) {
    std::string inner = t.getIdentifierInfo()->getName().str();
    const clang::IdentifierInfo *innerId = t.getIdentifierInfo();
    if (pp_.getLocalMacroDirectiveHistory(innerId))
      v = macroValue(inner, use, depth + 1);
    else if (!(v = enumValue(inner, use)))
      return reject(onlyLiterals);
    if (!v)
      return std::nullopt;
  } else {
    return reject(onlyLiterals);
  }
  if (!negated)
    return v;
  // C's -1u (or -0xFFFFFFFF, an unsigned int) is a large unsigned value; an
  // annotation's negation would be exact.
  if (!v->cint.isSigned)
    return reject("a negated unsigned constant");
  if (v->value == std::numeric_limits<int64_t>::min())
    return reject("out of range");
  return SpecConstant{-v->value, v->cint};
}

} // namespace kprove::lang::clower
