// The machinery the PVL grammar is written in (private to lang/pvl/): the per-parse
// state that semantic actions reach through the X3 context, and X3 parsers and
// directives over the lexer's tokens (token kinds and sets, depth guards, mode
// flags, span() for source ranges, named() for "expected X" messages).
// Shared by every grammar file; nothing here knows the PVL grammar itself.
#pragma once

#include "lang/pvl/pvl_lexer.h"
#include "logic/diagnostics.h"
#include "logic/ir.h"
#include "logic/source.h"

#include <boost/spirit/home/x3.hpp>

#include <algorithm>
#include <cassert>
#include <initializer_list>
#include <iterator>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kprove::lang::pvl {

namespace x3 = boost::spirit::x3;
using ir::ExprPtr;

// ---------------------------------------------------------------------------------
// Parse state (one per parse, reached from actions through the X3 context)
// ---------------------------------------------------------------------------------

// Recursion limits: beyond them we report an error instead of exhausting the stack.
inline constexpr int kMaxExprDepth = 1000;
inline constexpr int kMaxStmtDepth = 1000;

// Stops the parse with one error (semantic checks, nesting limits).
struct ParseAbort {
  SourceRange range;
  std::string message;
  DiagCode code = DiagCode::Parse;
};

struct ParseState {
  uint32_t file = 0;
  It tokensEnd;
  It spanBegin, spanEnd; // the last match of a span() directive, read by its action
  // Depth of every composite expression built so far. Holding the nodes also keeps
  // their addresses from being reused after backtracking.
  std::unordered_map<const ir::Expr *, std::pair<ExprPtr, int>> depth;
  bool seed = false;      // inside `kernel NAME { ... }`
  bool starIsSep = false; // seed clause, outside parentheses: `*` is `**`
  bool cSpec = false;     // a /*@ @*/ comment of a C kernel (OpenCL, CUDA)
  int exprDepth = 0;
  int stmtDepth = 0;
  std::vector<Diagnostic> deferred; // unsupported constructs
  ir::Program program;
  std::string className; // the class being parsed ("" at top level)
  // `seq<seq<int>>`: the lexer's `>>` closes two type argument lists. The inner one
  // consumes it and leaves the second `>` here, for the outer one at that position.
  It angleLeftAt{};
  bool angleLeft = false;
};

struct state_tag;

template <typename Ctx> ParseState &state(Ctx const &ctx) {
  return x3::get<state_tag>(ctx);
}

inline SourceRange tokRange(const ParseState &st, It b, It e) {
  if (b == st.tokensEnd)
    return {};
  if (b == e)
    return {{st.file, b->begin}, {st.file, b->begin}};
  return {{st.file, b->begin}, {st.file, std::prev(e)->end}};
}

inline SourceRange tokRange(const ParseState &st, const Token *t) {
  return {{st.file, t->begin}, {st.file, t->end}};
}

// The tokens matched by the subject of the current semantic action, which must be
// wrapped in span(): Boost 1.74's _where is [end of match, end of input).
template <typename Ctx> SourceRange whereRange(Ctx const &ctx) {
  ParseState &st = state(ctx);
  It end = x3::_where(ctx).begin();
  assert(st.spanEnd == end && "semantic action needs span()");
  return tokRange(st, st.spanBegin, end);
}
template <typename Ctx> It whereBegin(Ctx const &ctx) {
  return state(ctx).spanBegin;
}

// Records the depth of a new composite node. Long operator chains build deep trees
// without deep parser recursion; every later pass recurses over them, so they are
// bounded like parenthesis nesting. Throws ParseAbort beyond kMaxExprDepth.
void noteDepth(ParseState &st, const ExprPtr &e);
inline ExprPtr noted(ParseState &st, ExprPtr e) {
  noteDepth(st, e);
  return e;
}

inline SourceRange join(SourceRange a, SourceRange b) {
  return {a.begin, b.end};
}

// Records an unsupported construct; reported only if the whole input parses.
void unsupported(ParseState &st, SourceRange r, std::string msg);

// ---------------------------------------------------------------------------------
// X3 primitives over tokens
// ---------------------------------------------------------------------------------

// One token of the given kind; no attribute.
struct TokLit : x3::parser<TokLit> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  Tok kind;
  constexpr explicit TokLit(Tok k) : kind(k) {}
  template <typename I, typename Ctx, typename RCtx, typename Attr>
  bool parse(I &first, I const &last, Ctx const &, RCtx &, Attr &) const {
    if (first == last || first->kind != kind)
      return false;
    ++first;
    return true;
  }
};

// One token whose kind is in a set; attribute: a pointer to the token.
struct TokSet : x3::parser<TokSet> {
  using attribute_type = const Token *;
  static bool const has_attribute = true;
  uint64_t bits[2] = {0, 0};
  const char *name;
  constexpr TokSet(std::initializer_list<Tok> kinds, const char *name) : name(name) {
    for (Tok k : kinds)
      bits[static_cast<unsigned>(k) / 64] |= uint64_t{1} << (static_cast<unsigned>(k) % 64);
  }
  constexpr bool has(Tok k) const {
    return (bits[static_cast<unsigned>(k) / 64] >> (static_cast<unsigned>(k) % 64)) & 1;
  }
  template <typename I, typename Ctx, typename RCtx, typename Attr>
  bool parse(I &first, I const &last, Ctx const &, RCtx &, Attr &attr) const {
    if (first == last || !has(first->kind))
      return false;
    x3::traits::move_to(&*first, attr);
    ++first;
    return true;
  }
};

// An identifier with a given spelling (`length`, `main`, seed `mod`); no attribute.
struct IdentText : x3::parser<IdentText> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  const char *text;
  const char *name;
  constexpr IdentText(const char *text, const char *name) : text(text), name(name) {}
  template <typename I, typename Ctx, typename RCtx, typename Attr>
  bool parse(I &first, I const &last, Ctx const &, RCtx &, Attr &) const {
    if (first == last || first->kind != Tok::Ident || first->text != text)
      return false;
    ++first;
    return true;
  }
};

// An identifier spelled as one of `words`; attribute: a pointer to the token.
struct IdentIn : x3::parser<IdentIn> {
  using attribute_type = const Token *;
  static bool const has_attribute = true;
  const std::string_view *words;
  size_t count;
  Tok kind = Tok::Ident; // or BackslashWord, for `\\gtid` and friends
  template <size_t N>
  constexpr explicit IdentIn(const std::string_view (&ws)[N], Tok k = Tok::Ident)
      : words(ws), count(N), kind(k) {}
  template <typename I, typename Ctx, typename RCtx, typename Attr>
  bool parse(I &first, I const &last, Ctx const &, RCtx &, Attr &attr) const {
    if (first == last || first->kind != kind ||
        std::find(words, words + count, first->text) == words + count)
      return false;
    x3::traits::move_to(&*first, attr);
    ++first;
    return true;
  }
};

// Succeeds without consuming input iff the parser is (or is not) in seed mode.
struct ModeIs : x3::parser<ModeIs> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  bool seed;
  constexpr explicit ModeIs(bool seed) : seed(seed) {}
  template <typename I, typename Ctx, typename RCtx, typename Attr>
  bool parse(I &, I const &, Ctx const &ctx, RCtx &, Attr &) const {
    return state(ctx).seed == seed;
  }
};

// Succeeds without consuming input iff the parser reads a C kernel's annotation.
struct CSpecIs : x3::parser<CSpecIs> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <typename I, typename Ctx, typename RCtx, typename Attr>
  bool parse(I &, I const &, Ctx const &ctx, RCtx &, Attr &) const {
    return state(ctx).cSpec;
  }
};

// The `>` closing a type argument list: a `>` token, or half of a `>>` token (the
// other half is left in ParseState for the list around this one).
struct CloseAngle : x3::parser<CloseAngle> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <typename I, typename Ctx, typename RCtx, typename Attr>
  bool parse(I &first, I const &last, Ctx const &ctx, RCtx &, Attr &) const {
    ParseState &st = state(ctx);
    if (st.angleLeft && first == st.angleLeftAt) {
      st.angleLeft = false;
      return true;
    }
    if (first == last || (first->kind != Tok::Gt && first->kind != Tok::Shr))
      return false;
    if (first->kind == Tok::Shr) {
      st.angleLeftAt = std::next(first);
      st.angleLeft = true;
    }
    ++first;
    return true;
  }
};

// Succeeds without consuming input iff `*` means multiplication here.
struct StarIsMul : x3::parser<StarIsMul> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <typename I, typename Ctx, typename RCtx, typename Attr>
  bool parse(I &, I const &, Ctx const &ctx, RCtx &, Attr &) const {
    return !state(ctx).starIsSep;
  }
};

// Guards recursion depth; on overflow aborts the parse with a clean error.
template <typename Subject> struct DepthGuard : x3::unary_parser<Subject, DepthGuard<Subject>> {
  using base = x3::unary_parser<Subject, DepthGuard<Subject>>;
  static bool const is_pass_through_unary = true;
  bool stmt;
  constexpr DepthGuard(Subject const &s, bool stmt) : base(s), stmt(stmt) {}
  template <typename I, typename Ctx, typename RCtx, typename Attr>
  bool parse(I &first, I const &last, Ctx const &ctx, RCtx &rctx, Attr &attr) const {
    ParseState &st = state(ctx);
    int &depth = stmt ? st.stmtDepth : st.exprDepth;
    if (depth >= (stmt ? kMaxStmtDepth : kMaxExprDepth))
      throw ParseAbort{tokRange(st, first, first == last ? first : std::next(first)),
                       stmt ? "statements nested too deeply" : "expression nested too deeply"};
    ++depth;
    struct Restore {
      int &d;
      ~Restore() { --d; }
    } restore{depth};
    return this->subject.parse(first, last, ctx, rctx, attr);
  }
};

// Sets a ParseState flag for the duration of the subject's parse (seed mode, or
// whether a bare `*` is the separating conjunction).
enum class Flag { Seed, StarIsSep };
template <typename Subject> struct FlagScope : x3::unary_parser<Subject, FlagScope<Subject>> {
  using base = x3::unary_parser<Subject, FlagScope<Subject>>;
  static bool const is_pass_through_unary = true;
  Flag flag;
  bool value;
  constexpr FlagScope(Subject const &s, Flag f, bool v) : base(s), flag(f), value(v) {}
  template <typename I, typename Ctx, typename RCtx, typename Attr>
  bool parse(I &first, I const &last, Ctx const &ctx, RCtx &rctx, Attr &attr) const {
    ParseState &st = state(ctx);
    bool &slot = flag == Flag::Seed ? st.seed : st.starIsSep;
    bool saved = slot;
    slot = value;
    struct Restore {
      bool &slot;
      bool saved;
      ~Restore() { slot = saved; }
    } restore{slot, saved};
    return this->subject.parse(first, last, ctx, rctx, attr);
  }
};

// Records where its subject's match began, for the action attached to it.
template <typename Subject> struct Spanned : x3::unary_parser<Subject, Spanned<Subject>> {
  using base = x3::unary_parser<Subject, Spanned<Subject>>;
  static bool const is_pass_through_unary = true;
  constexpr explicit Spanned(Subject const &s) : base(s) {}
  template <typename I, typename Ctx, typename RCtx, typename Attr>
  bool parse(I &first, I const &last, Ctx const &ctx, RCtx &rctx, Attr &attr) const {
    I save = first;
    if (!this->subject.parse(first, last, ctx, rctx, attr))
      return false;
    state(ctx).spanBegin = save;
    state(ctx).spanEnd = first;
    return true;
  }
};

// Gives a sub-grammar the name used in "expected X" messages.
template <typename Subject> struct Named : x3::unary_parser<Subject, Named<Subject>> {
  using base = x3::unary_parser<Subject, Named<Subject>>;
  static bool const is_pass_through_unary = true;
  const char *name;
  constexpr Named(Subject const &s, const char *name) : base(s), name(name) {}
  template <typename I, typename Ctx, typename RCtx, typename Attr>
  bool parse(I &first, I const &last, Ctx const &ctx, RCtx &rctx, Attr &attr) const {
    return this->subject.parse(first, last, ctx, rctx, attr);
  }
};

template <typename S> auto asParser(S const &s) {
  return x3::as_parser(s);
}
template <typename S> using ParserOf = typename x3::extension::as_parser<S>::value_type;

template <typename S> constexpr auto exprGuard(S const &s) {
  return DepthGuard<ParserOf<S>>(asParser(s), false);
}
template <typename S> constexpr auto stmtGuard(S const &s) {
  return DepthGuard<ParserOf<S>>(asParser(s), true);
}
template <typename S> constexpr auto seedMode(S const &s) {
  return FlagScope<ParserOf<S>>(asParser(s), Flag::Seed, true);
}
template <typename S> constexpr auto starSep(S const &s) {
  return FlagScope<ParserOf<S>>(asParser(s), Flag::StarIsSep, true);
}
// Inside parentheses, brackets and argument lists `*` is multiplication again.
template <typename S> constexpr auto nested(S const &s) {
  return FlagScope<ParserOf<S>>(asParser(s), Flag::StarIsSep, false);
}

template <typename S> constexpr auto span(S const &s) {
  return Spanned<ParserOf<S>>(asParser(s));
}
template <typename S> constexpr auto named(const char *name, S const &s) {
  return Named<ParserOf<S>>(asParser(s), name);
}

constexpr TokLit tk(Tok k) {
  return TokLit(k);
}
constexpr TokSet tv(Tok k) {
  return TokSet({k}, kTokSpelling[static_cast<size_t>(k)]);
}
inline constexpr ModeIs seedOnly(true);
inline constexpr StarIsMul starIsMul{};
inline constexpr CloseAngle close_angle{};

} // namespace kprove::lang::pvl

// `what()` strings for expectation failures ("expected X").
namespace boost::spirit::x3 {
template <> struct get_info<kprove::lang::pvl::TokLit> {
  using result_type = std::string;
  std::string operator()(kprove::lang::pvl::TokLit const &p) const {
    return kprove::lang::pvl::spelling(p.kind);
  }
};
template <> struct get_info<kprove::lang::pvl::TokSet> {
  using result_type = std::string;
  std::string operator()(kprove::lang::pvl::TokSet const &p) const { return p.name; }
};
template <> struct get_info<kprove::lang::pvl::IdentIn> {
  using result_type = std::string;
  std::string operator()(kprove::lang::pvl::IdentIn const &) const { return "a statement"; }
};
template <> struct get_info<kprove::lang::pvl::IdentText> {
  using result_type = std::string;
  std::string operator()(kprove::lang::pvl::IdentText const &p) const { return p.name; }
};
template <> struct get_info<kprove::lang::pvl::CloseAngle> {
  using result_type = std::string;
  std::string operator()(kprove::lang::pvl::CloseAngle const &) const { return "'>'"; }
};
template <typename S, typename A> struct get_info<action<S, A>> {
  using result_type = std::string;
  std::string operator()(action<S, A> const &p) const { return what(p.subject); }
};
template <typename L, typename R> struct get_info<sequence<L, R>> {
  using result_type = std::string;
  std::string operator()(sequence<L, R> const &p) const { return what(p.left); }
};
template <typename L, typename R> struct get_info<alternative<L, R>> {
  using result_type = std::string;
  std::string operator()(alternative<L, R> const &p) const {
    return what(p.left) + " or " + what(p.right);
  }
};
template <typename L, typename R> struct get_info<list<L, R>> {
  using result_type = std::string;
  std::string operator()(list<L, R> const &p) const { return what(p.left); }
};
template <typename S> struct get_info<kleene<S>> {
  using result_type = std::string;
  std::string operator()(kleene<S> const &p) const { return what(p.subject); }
};
template <typename S> struct get_info<plus<S>> {
  using result_type = std::string;
  std::string operator()(plus<S> const &p) const { return what(p.subject); }
};
template <typename S> struct get_info<optional<S>> {
  using result_type = std::string;
  std::string operator()(optional<S> const &p) const { return what(p.subject); }
};
template <typename S> struct get_info<kprove::lang::pvl::Spanned<S>> {
  using result_type = std::string;
  std::string operator()(kprove::lang::pvl::Spanned<S> const &p) const { return what(p.subject); }
};
template <typename S> struct get_info<kprove::lang::pvl::Named<S>> {
  using result_type = std::string;
  std::string operator()(kprove::lang::pvl::Named<S> const &p) const { return p.name; }
};
template <typename S> struct get_info<kprove::lang::pvl::FlagScope<S>> {
  using result_type = std::string;
  std::string operator()(kprove::lang::pvl::FlagScope<S> const &p) const { return what(p.subject); }
};
template <typename S> struct get_info<kprove::lang::pvl::DepthGuard<S>> {
  using result_type = std::string;
  std::string operator()(kprove::lang::pvl::DepthGuard<S> const &p) const {
    return what(p.subject);
  }
};
} // namespace boost::spirit::x3
