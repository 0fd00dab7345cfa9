// PVL front end. Two stages:
//  1. a small hand-written lexer turns the text into tokens (keywords, operators with
//     maximal munch, comments dropped, integer literals range-checked);
//  2. a Boost.Spirit X3 grammar runs over the token vector and builds the IR through
//     semantic actions.
// Lexing first keeps the X3 grammar free of skippers and keyword/identifier
// boundary checks, which keeps both compile time and backtracking cost low.
//
// Errors: X3 expectation points (`>`) are placed after every token that commits to a
// construct, so an expectation failure is the furthest meaningful position; it is
// reported as one `parse` diagnostic "expected X". Semantic checks that must stop
// parsing (nesting limits, VerCors statements we do not model) throw ParseAbort.
// Unsupported types and fields are collected and reported only when the whole file
// parsed, so that backtracking cannot report them spuriously.
#include "lang/pvl/pvl_parser.h"

#include "logic/large_stack.h"

#include <boost/fusion/include/for_each.hpp>
#include <boost/spirit/home/x3.hpp>

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <new>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <cassert>

namespace kprove::lang {
namespace {

namespace x3 = boost::spirit::x3;
namespace fusion = boost::fusion;
using ir::BinOp;
using ir::Clause;
using ir::ClauseKind;
using ir::ExprKind;
using ir::ExprPtr;
using ir::Stmt;
using ir::StmtKind;
using ir::StmtPtr;
using ir::Type;

// ---------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------

#define KPROVE_PVL_TOKENS(X)                                                                       \
  X(End, "end of input")                                                                           \
  X(Ident, "an identifier")                                                                        \
  X(Int, "an integer")                                                                             \
  X(KwClass, "'class'")                                                                            \
  X(KwKernel, "'kernel'")                                                                          \
  X(KwGlobal, "'global'")                                                                          \
  X(KwLocal, "'local'")                                                                            \
  X(KwVoid, "'void'")                                                                              \
  X(KwInt, "'int'")                                                                                \
  X(KwBool, "'bool'")                                                                              \
  X(KwFrac, "'frac'")                                                                              \
  X(KwIf, "'if'")                                                                                  \
  X(KwElse, "'else'")                                                                              \
  X(KwWhile, "'while'")                                                                            \
  X(KwReturn, "'return'")                                                                          \
  X(KwAssert, "'assert'")                                                                          \
  X(KwAssume, "'assume'")                                                                          \
  X(KwPar, "'par'")                                                                                \
  X(KwBarrier, "'barrier'")                                                                        \
  X(KwRequires, "'requires'")                                                                      \
  X(KwEnsures, "'ensures'")                                                                        \
  X(KwContext, "'context'")                                                                        \
  X(KwContextEverywhere, "'context_everywhere'")                                                   \
  X(KwLoopInvariant, "'loop_invariant'")                                                           \
  X(KwInvariant, "'invariant'")                                                                    \
  X(KwDecreases, "'decreases'")                                                                    \
  X(KwKernelRequires, "'kernel_requires'")                                                         \
  X(KwKernelEnsures, "'kernel_ensures'")                                                           \
  X(KwGroupRequires, "'group_requires'")                                                           \
  X(KwGroupEnsures, "'group_ensures'")                                                             \
  X(KwPure, "'pure'")                                                                              \
  X(KwStatic, "'static'")                                                                          \
  X(KwInline, "'inline'")                                                                          \
  X(KwGhost, "'ghost'")                                                                            \
  X(KwTrue, "'true'")                                                                              \
  X(KwFalse, "'false'")                                                                            \
  X(KwNull, "'null'")                                                                              \
  X(KwWrite, "'write'")                                                                            \
  X(KwRead, "'read'")                                                                              \
  X(KwNone, "'none'")                                                                              \
  X(KwResult, "'\\result'")                                                                        \
  X(KwOld, "'\\old'")                                                                              \
  X(KwForall, "'\\forall'")                                                                        \
  X(KwForallStar, "'\\forall*'")                                                                   \
  X(KwExists, "'\\exists'")                                                                        \
  X(BackslashWord, "a VerCors operator")                                                           \
  X(KwPermUpper, "'Perm'")                                                                         \
  X(KwPointsTo, "'PointsTo'")                                                                      \
  X(KwPermLower, "'perm'")                                                                         \
  X(LParen, "'('")                                                                                 \
  X(RParen, "')'")                                                                                 \
  X(LBrace, "'{'")                                                                                 \
  X(RBrace, "'}'")                                                                                 \
  X(LBracket, "'['")                                                                               \
  X(RBracket, "']'")                                                                               \
  X(Semi, "';'")                                                                                   \
  X(Comma, "','")                                                                                  \
  X(Dot, "'.'")                                                                                    \
  X(DotDot, "'..'")                                                                                \
  X(Question, "'?'")                                                                               \
  X(Colon, "':'")                                                                                  \
  X(ColonEq, "':='")                                                                               \
  X(Assign, "'='")                                                                                 \
  X(EqEq, "'=='")                                                                                  \
  X(Implies, "'==>'")                                                                              \
  X(Not, "'!'")                                                                                    \
  X(NotEq, "'!='")                                                                                 \
  X(Lt, "'<'")                                                                                     \
  X(Le, "'<='")                                                                                    \
  X(Gt, "'>'")                                                                                     \
  X(Ge, "'>='")                                                                                    \
  X(Plus, "'+'")                                                                                   \
  X(PlusPlus, "'++'")                                                                              \
  X(PlusEq, "'+='")                                                                                \
  X(Minus, "'-'")                                                                                  \
  X(MinusMinus, "'--'")                                                                            \
  X(MinusEq, "'-='")                                                                               \
  X(Arrow, "'->'")                                                                                 \
  X(Star, "'*'")                                                                                   \
  X(StarStar, "'**'")                                                                              \
  X(Slash, "'/'")                                                                                  \
  X(Percent, "'%'")                                                                                \
  X(Backslash, "'\\'")                                                                             \
  X(AndAnd, "'&&'")                                                                                \
  X(Amp, "'&'")                                                                                    \
  X(OrOr, "'||'")                                                                                  \
  X(Bar, "'|'")

enum class Tok : uint8_t {
#define KPROVE_TOK_ENUM(Name, Spelling) Name,
  KPROVE_PVL_TOKENS(KPROVE_TOK_ENUM)
#undef KPROVE_TOK_ENUM
};

constexpr const char *kTokSpelling[] = {
#define KPROVE_TOK_SPELLING(Name, Spelling) Spelling,
    KPROVE_PVL_TOKENS(KPROVE_TOK_SPELLING)
#undef KPROVE_TOK_SPELLING
};

const char *spelling(Tok t) {
  return kTokSpelling[static_cast<size_t>(t)];
}

struct Token {
  Tok kind = Tok::End;
  uint32_t begin = 0;
  uint32_t end = 0;
  std::string_view text;
  int64_t value = 0; // Int tokens
};

using It = std::vector<Token>::const_iterator;

struct Keyword {
  std::string_view text;
  Tok tok;
};

constexpr Keyword kKeywords[] = {
    {"class", Tok::KwClass},
    {"kernel", Tok::KwKernel},
    {"global", Tok::KwGlobal},
    {"local", Tok::KwLocal},
    {"void", Tok::KwVoid},
    {"int", Tok::KwInt},
    {"bool", Tok::KwBool},
    {"boolean", Tok::KwBool},
    {"frac", Tok::KwFrac},
    {"if", Tok::KwIf},
    {"else", Tok::KwElse},
    {"while", Tok::KwWhile},
    {"return", Tok::KwReturn},
    {"assert", Tok::KwAssert},
    {"assume", Tok::KwAssume},
    {"par", Tok::KwPar},
    {"barrier", Tok::KwBarrier},
    {"requires", Tok::KwRequires},
    {"ensures", Tok::KwEnsures},
    {"context", Tok::KwContext},
    {"context_everywhere", Tok::KwContextEverywhere},
    {"loop_invariant", Tok::KwLoopInvariant},
    {"invariant", Tok::KwInvariant},
    {"decreases", Tok::KwDecreases},
    {"kernel_requires", Tok::KwKernelRequires},
    {"kernel_ensures", Tok::KwKernelEnsures},
    {"group_requires", Tok::KwGroupRequires},
    {"group_ensures", Tok::KwGroupEnsures},
    {"pure", Tok::KwPure},
    {"static", Tok::KwStatic},
    {"inline", Tok::KwInline},
    {"ghost", Tok::KwGhost},
    {"true", Tok::KwTrue},
    {"false", Tok::KwFalse},
    {"null", Tok::KwNull},
    {"write", Tok::KwWrite},
    {"read", Tok::KwRead},
    {"none", Tok::KwNone},
    {"Perm", Tok::KwPermUpper},
    {"PointsTo", Tok::KwPointsTo},
    {"perm", Tok::KwPermLower},
};

// ---------------------------------------------------------------------------------
// Lexer
// ---------------------------------------------------------------------------------

struct LexError {
  uint32_t begin = 0;
  uint32_t end = 0;
  std::string message;
  DiagCode code = DiagCode::Parse;
};

bool isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
bool isIdentChar(char c) {
  return isIdentStart(c) || isDigit(c);
}

// A printable description of an offending byte (the text may be binary garbage).
std::string describeByte(unsigned char c) {
  if (c >= 0x21 && c < 0x7f)
    return std::string("unexpected character '") + static_cast<char>(c) + "'";
  char buf[48];
  std::snprintf(buf, sizeof buf, "unexpected byte 0x%02X", c);
  return buf;
}

// VerCors' other backslash operators (\\let, \\sum, ...): lexed as one token so that the
// parser can say they are unsupported rather than misreading them as a fraction.
constexpr std::string_view kVerCorsBackslashWords[] = {"unfolding",
                                                       "Unfolding",
                                                       "in",
                                                       "memberof",
                                                       "current_thread",
                                                       "forperm",
                                                       "forpermwithvalue",
                                                       "let",
                                                       "sum",
                                                       "choose",
                                                       "choose_fresh",
                                                       "length",
                                                       "typeof",
                                                       "type",
                                                       "matrix",
                                                       "array",
                                                       "pointer",
                                                       "pointer_index",
                                                       "pointer_block_length",
                                                       "pointer_block_offset",
                                                       "pointer_length",
                                                       "shared_mem_size",
                                                       "values",
                                                       "vcmp",
                                                       "vrep",
                                                       "msum",
                                                       "mcmp",
                                                       "mrep",
                                                       "ltid",
                                                       "gtid",
                                                       "nd_index",
                                                       "nd_length",
                                                       "nd_partial_index",
                                                       "polarity_dependent",
                                                       "euclidean_div",
                                                       "euclidean_mod",
                                                       "pow",
                                                       "is_int",
                                                       "owner"};

bool isVerCorsBackslashWord(std::string_view w) {
  return std::find(std::begin(kVerCorsBackslashWords), std::end(kVerCorsBackslashWords), w) !=
         std::end(kVerCorsBackslashWords);
}

class Lexer {
public:
  explicit Lexer(std::string_view text) : text_(text) {}
  // Lexes only [begin, end) of `text`; token offsets stay those of the whole text.
  Lexer(std::string_view text, size_t begin, size_t end)
      : text_(text.substr(0, end)), pos_(begin) {}

  // Fills `out` (always terminated by an End token) or returns an error.
  std::optional<LexError> run(std::vector<Token> &out) {
    out.reserve(text_.size() / 3 + 1);
    while (true) {
      if (auto err = skipTrivia())
        return err;
      if (pos_ >= text_.size())
        break;
      if (auto err = next(out))
        return err;
    }
    out.push_back({Tok::End, pos(), pos(), {}, 0});
    return std::nullopt;
  }

private:
  uint32_t pos() const { return static_cast<uint32_t>(pos_); }
  char peek(size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }

  std::optional<LexError> skipTrivia() {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        ++pos_;
      } else if (c == '/' && peek(1) == '/') {
        size_t nl = text_.find('\n', pos_);
        pos_ = nl == std::string_view::npos ? text_.size() : nl + 1;
      } else if (c == '/' && peek(1) == '*') {
        size_t close = text_.find("*/", pos_ + 2);
        if (close == std::string_view::npos)
          return LexError{pos(), pos() + 2, "unterminated comment"};
        pos_ = close + 2;
      } else {
        break;
      }
    }
    return std::nullopt;
  }

  void push(std::vector<Token> &out, Tok kind, size_t len) {
    out.push_back({kind, pos(), static_cast<uint32_t>(pos_ + len), text_.substr(pos_, len), 0});
    pos_ += len;
  }

  std::optional<LexError> next(std::vector<Token> &out) {
    char c = text_[pos_];
    if (isIdentStart(c)) {
      lexWord(out);
      return std::nullopt;
    }
    if (isDigit(c))
      return lexNumber(out);
    if (c == '\\') {
      lexBackslash(out);
      return std::nullopt;
    }
    if (auto kind = punctuation()) {
      push(out, kind->first, kind->second);
      return std::nullopt;
    }
    return LexError{pos(), pos() + 1, describeByte(static_cast<unsigned char>(c))};
  }

  void lexWord(std::vector<Token> &out) {
    size_t end = pos_;
    while (end < text_.size() && isIdentChar(text_[end]))
      ++end;
    std::string_view word = text_.substr(pos_, end - pos_);
    Tok kind = Tok::Ident;
    for (const Keyword &k : kKeywords)
      if (k.text == word) {
        kind = k.tok;
        break;
      }
    push(out, kind, word.size());
  }

  std::optional<LexError> lexNumber(std::vector<Token> &out) {
    size_t end = pos_;
    int64_t value = 0;
    bool overflow = false;
    while (end < text_.size() && isDigit(text_[end])) {
      int digit = text_[end] - '0';
      if (value > (INT64_MAX - digit) / 10)
        overflow = true;
      else
        value = value * 10 + digit;
      ++end;
    }
    if (overflow)
      return LexError{pos(), static_cast<uint32_t>(end), "integer literal is too large"};
    bool fraction = end + 1 < text_.size() && text_[end] == '.' && isDigit(text_[end + 1]);
    bool suffix = end < text_.size() && (text_[end] == 'f' || text_[end] == 'F' ||
                                         text_[end] == 'e' || text_[end] == 'E');
    if (fraction || suffix) {
      size_t stop = end;
      while (stop < text_.size() && (isIdentChar(text_[stop]) || text_[stop] == '.'))
        ++stop;
      return LexError{pos(), static_cast<uint32_t>(stop),
                      "unsupported: floating-point literals in specifications (floating-point "
                      "values are opaque to kprove; see docs/language.md)",
                      DiagCode::Unsupported};
    }
    push(out, Tok::Int, end - pos_);
    out.back().value = value;
    return std::nullopt;
  }

  // `\result`, `\old`, `\forall`, `\forall*`, `\exists`; any other backslash is the
  // fraction operator, so `1\n` is 1 divided by n.
  void lexBackslash(std::vector<Token> &out) {
    size_t end = pos_ + 1;
    while (end < text_.size() && isIdentChar(text_[end]))
      ++end;
    std::string_view word = text_.substr(pos_ + 1, end - pos_ - 1);
    if (word == "result")
      return push(out, Tok::KwResult, end - pos_);
    if (word == "old")
      return push(out, Tok::KwOld, end - pos_);
    if (word == "exists")
      return push(out, Tok::KwExists, end - pos_);
    if (isVerCorsBackslashWord(word))
      return push(out, Tok::BackslashWord, end - pos_);
    if (word == "forall") {
      bool star = end < text_.size() && text_[end] == '*';
      return push(out, star ? Tok::KwForallStar : Tok::KwForall, end - pos_ + (star ? 1 : 0));
    }
    push(out, Tok::Backslash, 1);
  }

  // Operators and separators with maximal munch; returns kind and length.
  std::optional<std::pair<Tok, size_t>> punctuation() const {
    char c = peek(), d = peek(1);
    switch (c) {
    case '(':
      return {{Tok::LParen, 1}};
    case ')':
      return {{Tok::RParen, 1}};
    case '{':
      return {{Tok::LBrace, 1}};
    case '}':
      return {{Tok::RBrace, 1}};
    case '[':
      return {{Tok::LBracket, 1}};
    case ']':
      return {{Tok::RBracket, 1}};
    case ';':
      return {{Tok::Semi, 1}};
    case ',':
      return {{Tok::Comma, 1}};
    case '?':
      return {{Tok::Question, 1}};
    case '%':
      return {{Tok::Percent, 1}};
    case '/':
      return {{Tok::Slash, 1}};
    case '.':
      return d == '.' ? std::pair{Tok::DotDot, size_t{2}} : std::pair{Tok::Dot, size_t{1}};
    case ':':
      return d == '=' ? std::pair{Tok::ColonEq, size_t{2}} : std::pair{Tok::Colon, size_t{1}};
    case '=':
      if (d == '=')
        return peek(2) == '>' ? std::pair{Tok::Implies, size_t{3}}
                              : std::pair{Tok::EqEq, size_t{2}};
      return {{Tok::Assign, 1}};
    case '!':
      return d == '=' ? std::pair{Tok::NotEq, size_t{2}} : std::pair{Tok::Not, size_t{1}};
    case '<':
      return d == '=' ? std::pair{Tok::Le, size_t{2}} : std::pair{Tok::Lt, size_t{1}};
    case '>':
      return d == '=' ? std::pair{Tok::Ge, size_t{2}} : std::pair{Tok::Gt, size_t{1}};
    case '+':
      if (d == '+')
        return {{Tok::PlusPlus, 2}};
      return d == '=' ? std::pair{Tok::PlusEq, size_t{2}} : std::pair{Tok::Plus, size_t{1}};
    case '-':
      if (d == '-')
        return {{Tok::MinusMinus, 2}};
      if (d == '>')
        return {{Tok::Arrow, 2}};
      return d == '=' ? std::pair{Tok::MinusEq, size_t{2}} : std::pair{Tok::Minus, size_t{1}};
    case '*':
      return d == '*' ? std::pair{Tok::StarStar, size_t{2}} : std::pair{Tok::Star, size_t{1}};
    case '&':
      return d == '&' ? std::pair{Tok::AndAnd, size_t{2}} : std::pair{Tok::Amp, size_t{1}};
    case '|':
      return d == '|' ? std::pair{Tok::OrOr, size_t{2}} : std::pair{Tok::Bar, size_t{1}};
    default:
      return std::nullopt;
    }
  }

  std::string_view text_;
  size_t pos_ = 0;
};

// ---------------------------------------------------------------------------------
// Parse state (one per parsePvl call, reached from actions through the X3 context)
// ---------------------------------------------------------------------------------

// Recursion limits: beyond them we report an error instead of exhausting the stack.
constexpr int kMaxExprDepth = 1000;
constexpr int kMaxStmtDepth = 1000;

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
};

struct state_tag;

template <typename Ctx> ParseState &state(Ctx const &ctx) {
  return x3::get<state_tag>(ctx);
}

SourceRange tokRange(const ParseState &st, It b, It e) {
  if (b == st.tokensEnd)
    return {};
  if (b == e)
    return {{st.file, b->begin}, {st.file, b->begin}};
  return {{st.file, b->begin}, {st.file, std::prev(e)->end}};
}

SourceRange tokRange(const ParseState &st, const Token *t) {
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

int depthOf(const ParseState &st, const ExprPtr &e) {
  auto it = st.depth.find(e.get());
  return it == st.depth.end() ? 1 : it->second.second;
}

// Records the depth of a new composite node. Long operator chains build deep trees
// without deep parser recursion; every later pass recurses over them, so they are
// bounded like parenthesis nesting.
void noteDepth(ParseState &st, const ExprPtr &e) {
  int d = 0;
  for (const ExprPtr &a : e->args)
    d = std::max(d, depthOf(st, a));
  if (d + 1 > kMaxExprDepth)
    throw ParseAbort{e->range, "expression nested too deeply"};
  st.depth.emplace(e.get(), std::pair{e, d + 1});
}

ExprPtr noted(ParseState &st, ExprPtr e) {
  noteDepth(st, e);
  return e;
}

SourceRange join(SourceRange a, SourceRange b) {
  return {a.begin, b.end};
}

void unsupported(ParseState &st, SourceRange r, std::string msg) {
  st.deferred.push_back({DiagCode::Unsupported, r, std::move(msg), {}});
}

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
constexpr ModeIs seedOnly(true);
constexpr StarIsMul starIsMul{};

} // namespace
} // namespace kprove::lang

// `what()` strings for expectation failures ("expected X").
namespace boost::spirit::x3 {
template <> struct get_info<kprove::lang::TokLit> {
  using result_type = std::string;
  std::string operator()(kprove::lang::TokLit const &p) const {
    return kprove::lang::spelling(p.kind);
  }
};
template <> struct get_info<kprove::lang::TokSet> {
  using result_type = std::string;
  std::string operator()(kprove::lang::TokSet const &p) const { return p.name; }
};
template <> struct get_info<kprove::lang::IdentIn> {
  using result_type = std::string;
  std::string operator()(kprove::lang::IdentIn const &) const { return "a statement"; }
};
template <> struct get_info<kprove::lang::IdentText> {
  using result_type = std::string;
  std::string operator()(kprove::lang::IdentText const &p) const { return p.name; }
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
template <typename S> struct get_info<kprove::lang::Spanned<S>> {
  using result_type = std::string;
  std::string operator()(kprove::lang::Spanned<S> const &p) const { return what(p.subject); }
};
template <typename S> struct get_info<kprove::lang::Named<S>> {
  using result_type = std::string;
  std::string operator()(kprove::lang::Named<S> const &p) const { return p.name; }
};
template <typename S> struct get_info<kprove::lang::FlagScope<S>> {
  using result_type = std::string;
  std::string operator()(kprove::lang::FlagScope<S> const &p) const { return what(p.subject); }
};
template <typename S> struct get_info<kprove::lang::DepthGuard<S>> {
  using result_type = std::string;
  std::string operator()(kprove::lang::DepthGuard<S> const &p) const { return what(p.subject); }
};
} // namespace boost::spirit::x3

namespace kprove::lang {
namespace {

// ---------------------------------------------------------------------------------
// AST helpers used by the semantic actions
// ---------------------------------------------------------------------------------

ExprPtr newExpr(ExprKind kind, SourceRange r) {
  auto e = std::make_shared<ir::Expr>();
  e->kind = kind;
  e->range = r;
  return e;
}

StmtPtr newStmt(StmtKind kind, SourceRange r = {}) {
  auto s = std::make_shared<Stmt>();
  s->kind = kind;
  s->range = r;
  return s;
}

// Deep copy, so desugarings such as `x++` do not share nodes between target and value.
ExprPtr cloneExpr(const ExprPtr &e) {
  if (!e)
    return e;
  auto c = std::make_shared<ir::Expr>(*e);
  for (ExprPtr &a : c->args)
    a = cloneExpr(a);
  return c;
}

// A type as written. `type == Unknown` means the type is not supported; `text` names it.
struct TypeSpec {
  Type type = Type::Unknown;
  std::string text;
  SourceRange range;
  int dims = 0;
};

// Reports an unsupported type (once the construct using it is committed).
bool checkType(ParseState &st, const TypeSpec &t) {
  if (t.type != Type::Unknown)
    return true;
  unsupported(st, t.range, "type '" + t.text + "' is not supported");
  return false;
}

// Token texts joined without spaces except between words: `seq<int>`, `int[]`.
std::string typeText(It b, It e) {
  std::string out;
  for (It i = b; i != e; ++i) {
    if (!out.empty() && isIdentChar(out.back()) && !i->text.empty() && isIdentChar(i->text[0]))
      out += ' ';
    out += i->text;
  }
  return out;
}

ClauseKind clauseKindOf(Tok t) {
  switch (t) {
  case Tok::KwEnsures:
    return ClauseKind::Ensures;
  case Tok::KwContext:
    return ClauseKind::Context;
  case Tok::KwContextEverywhere:
    return ClauseKind::ContextEverywhere;
  case Tok::KwLoopInvariant:
  case Tok::KwInvariant:
    return ClauseKind::LoopInvariant;
  case Tok::KwDecreases:
    return ClauseKind::Decreases;
  case Tok::KwKernelRequires:
    return ClauseKind::KernelRequires;
  case Tok::KwKernelEnsures:
    return ClauseKind::KernelEnsures;
  case Tok::KwGroupRequires:
    return ClauseKind::GroupRequires;
  case Tok::KwGroupEnsures:
    return ClauseKind::GroupEnsures;
  default:
    return ClauseKind::Requires;
  }
}

// If/while/par bodies are stored as statement vectors: a block body is flattened.
std::vector<StmtPtr> bodyOf(std::vector<StmtPtr> stmts) {
  if (stmts.size() == 1 && stmts[0]->kind == StmtKind::Block)
    return std::move(stmts[0]->body);
  return stmts;
}

// Builders for constructs whose parts arrive through several actions.
struct QuantBuilder {
  ExprPtr expr;
  std::vector<ExprPtr> rangeConds; // from `int i = lo .. hi` binders
  std::vector<ExprPtr> parts;      // [cond;] body
};

struct BinderSpec {
  TypeSpec type;
  ir::Binder binder;
  ExprPtr lo, hi;
};

struct DeclBuilder {
  TypeSpec type;
  std::vector<StmtPtr> stmts;
};

struct MethodBuilder {
  ir::Method method;
  TypeSpec returnType;
  bool field = false; // `TYPE name[, name];` instead of a method
  bool inline_ = false;
  bool staticMod = false;
};

// ---------------------------------------------------------------------------------
// Semantic actions
// ---------------------------------------------------------------------------------

auto const setVal = [](auto &ctx) { x3::_val(ctx) = x3::_attr(ctx); };

auto foldBin(BinOp op) {
  return [op](auto &ctx) {
    ExprPtr &lhs = x3::_val(ctx);
    ExprPtr rhs = x3::_attr(ctx);
    SourceRange r = join(lhs->range, rhs->range);
    lhs = noted(state(ctx), ir::makeBinary(op, lhs, rhs, r));
  };
}

// `a ==> b ==> c` is parsed as a list and folded to the right: a ==> (b ==> c).
auto const foldImplies = [](auto &ctx) {
  std::vector<ExprPtr> &xs = x3::_attr(ctx);
  ExprPtr e = xs.back();
  for (size_t i = xs.size() - 1; i-- > 0;)
    e = noted(state(ctx), ir::makeBinary(BinOp::Implies, xs[i], e, join(xs[i]->range, e->range)));
  x3::_val(ctx) = e;
};

// `a ? b : c ? d : e` arrives as [a, b, c, d, e] and folds to a ? b : (c ? d : e).
auto const foldIte = [](auto &ctx) {
  std::vector<ExprPtr> &xs = x3::_attr(ctx);
  ExprPtr e = xs.back();
  for (size_t i = xs.size() - 1; i >= 2; i -= 2) {
    auto ite = newExpr(ExprKind::Ite, join(xs[i - 2]->range, e->range));
    ite->args = {xs[i - 2], xs[i - 1], e};
    e = noted(state(ctx), ite);
  }
  x3::_val(ctx) = e;
};

// Prefix operators arrive as a list before the operand; the innermost applies last.
auto const foldPrefix = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  std::vector<const Token *> &ops = fusion::at_c<0>(parts);
  ExprPtr e = fusion::at_c<1>(parts);
  ParseState &st = state(ctx);
  for (size_t i = ops.size(); i-- > 0;) {
    ir::UnOp op = ops[i]->kind == Tok::Not ? ir::UnOp::Not : ir::UnOp::Neg;
    e = noted(st, ir::makeUnary(op, e, join(tokRange(st, ops[i]), e->range)));
  }
  x3::_val(ctx) = e;
};

auto leaf(ExprKind kind) {
  return [kind](auto &ctx) { x3::_val(ctx) = newExpr(kind, whereRange(ctx)); };
}

auto boolLit(bool v) {
  return [v](auto &ctx) { x3::_val(ctx) = ir::makeBool(v, whereRange(ctx)); };
}

auto permConst(ir::PermConst c) {
  return [c](auto &ctx) {
    auto e = newExpr(ExprKind::PermConst, whereRange(ctx));
    e->permConst = c;
    x3::_val(ctx) = e;
  };
}

auto const intLit = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  x3::_val(ctx) = ir::makeInt(t->value, tokRange(state(ctx), t));
};

auto const varRef = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  x3::_val(ctx) = ir::makeVar(std::string(t->text), tokRange(state(ctx), t));
};

// Calls, \old, Perm, PointsTo: a node with the parsed argument list.
auto const callExpr = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  auto e = newExpr(ExprKind::Call, whereRange(ctx));
  e->name = std::string(fusion::at_c<0>(parts)->text);
  e->args = std::move(fusion::at_c<1>(parts));
  x3::_val(ctx) = noted(state(ctx), e);
};

auto withArgs(ExprKind kind) {
  return [kind](auto &ctx) {
    auto e = newExpr(kind, whereRange(ctx));
    auto &parts = x3::_attr(ctx);
    if constexpr (std::is_same_v<std::decay_t<decltype(parts)>, ExprPtr>)
      e->args.push_back(parts);
    else
      fusion::for_each(parts, [&](ExprPtr &a) { e->args.push_back(a); });
    x3::_val(ctx) = noted(state(ctx), e);
  };
}

// Seed `perm(LOC, N)`: N percent of a full permission, i.e. Perm(LOC, N\100).
auto const seedPerm = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  ExprPtr amount = fusion::at_c<1>(parts);
  auto e = newExpr(ExprKind::Perm, whereRange(ctx));
  ExprPtr hundred = ir::makeInt(100, amount->range);
  e->args = {fusion::at_c<0>(parts),
             noted(state(ctx), ir::makeBinary(BinOp::FracDiv, amount, hundred, amount->range))};
  x3::_val(ctx) = noted(state(ctx), e);
};

auto const indexExpr = [](auto &ctx) {
  ExprPtr &base = x3::_val(ctx);
  auto e = newExpr(ExprKind::Index, join(base->range, whereRange(ctx)));
  e->args = {base, x3::_attr(ctx)};
  base = noted(state(ctx), e);
};

auto const lengthExpr = [](auto &ctx) {
  ExprPtr &base = x3::_val(ctx);
  auto e = newExpr(ExprKind::Length, join(base->range, whereRange(ctx)));
  e->args = {base};
  base = noted(state(ctx), e);
};

auto const pushArg = [](auto &ctx) { x3::_val(ctx).push_back(x3::_attr(ctx)); };

// C annotations: `blockDim.x` is one name; the C front end resolves it.
auto const memberExpr = [](auto &ctx) {
  ExprPtr &base = x3::_val(ctx);
  const Token *field = x3::_attr(ctx);
  if (base->kind != ExprKind::Var)
    throw ParseAbort{whereRange(ctx), "member access is only supported on names"};
  auto e =
      ir::makeVar(base->name + "." + std::string(field->text), join(base->range, whereRange(ctx)));
  base = e;
};
// C annotations: `\pointer_length(p)`, `\gtid`: calls and names spelled with the backslash.
auto const cSpecCall = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  auto e = newExpr(ExprKind::Call, whereRange(ctx));
  e->name = std::string(fusion::at_c<0>(parts)->text);
  e->args = std::move(fusion::at_c<1>(parts));
  x3::_val(ctx) = noted(state(ctx), e);
};

// Quantifiers ---------------------------------------------------------------------

auto const quantStart = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  ExprKind kind = t->kind == Tok::KwExists       ? ExprKind::Exists
                  : t->kind == Tok::KwForallStar ? ExprKind::ForallStar
                                                 : ExprKind::Forall;
  x3::_val(ctx) = QuantBuilder{newExpr(kind, {}), {}, {}};
};

auto const binderType = [](auto &ctx) {
  BinderSpec &b = x3::_val(ctx);
  b = BinderSpec{};
  b.type = x3::_attr(ctx);
};
auto const binderName = [](auto &ctx) {
  BinderSpec &b = x3::_val(ctx);
  const Token *t = x3::_attr(ctx);
  b.binder.name = std::string(t->text);
  b.binder.range = tokRange(state(ctx), t);
};
auto const binderRange = [](auto &ctx) {
  BinderSpec &b = x3::_val(ctx);
  b.lo = fusion::at_c<0>(x3::_attr(ctx));
  b.hi = fusion::at_c<1>(x3::_attr(ctx));
};

auto const pushBinder = [](auto &ctx) {
  QuantBuilder &q = x3::_val(ctx);
  BinderSpec &b = x3::_attr(ctx);
  ParseState &st = state(ctx);
  b.binder.type = b.type.type;
  if (b.type.type != Type::Int && b.type.type != Type::Bool && checkType(st, b.type))
    unsupported(st, b.type.range, "quantified variables must be int or bool");
  if (b.lo) {
    // `T i = lo .. hi` binds i to the half-open range [lo, hi).
    SourceRange r = b.binder.range;
    ExprPtr lower = noted(
        st, ir::makeBinary(BinOp::Le, b.lo, ir::makeVar(b.binder.name, r), join(b.lo->range, r)));
    ExprPtr upper = noted(
        st, ir::makeBinary(BinOp::Lt, ir::makeVar(b.binder.name, r), b.hi, join(r, b.hi->range)));
    q.rangeConds.push_back(
        noted(st, ir::makeBinary(BinOp::And, lower, upper, join(lower->range, upper->range))));
  }
  q.expr->binders.push_back(b.binder);
};

auto const quantPart = [](auto &ctx) { x3::_val(ctx).parts.push_back(x3::_attr(ctx)); };

// `( \forall ... )`: the node's range includes the parentheses.
auto const quantFinish = [](auto &ctx) {
  QuantBuilder &q = x3::_attr(ctx);
  ExprPtr e = q.expr;
  e->range = whereRange(ctx);
  ExprPtr body = q.parts.back();
  std::vector<ExprPtr> conds = std::move(q.rangeConds);
  if (q.parts.size() == 2)
    conds.push_back(q.parts[0]);
  ExprPtr cond;
  for (ExprPtr &c : conds)
    cond = cond
               ? noted(state(ctx), ir::makeBinary(BinOp::And, cond, c, join(cond->range, c->range)))
               : c;
  if (!cond)
    cond = ir::makeBool(true, body->range);
  e->args = {cond, body};
  x3::_val(ctx) = noted(state(ctx), e);
};

// Types ---------------------------------------------------------------------------

auto const typeStart = [](auto &ctx) { x3::_val(ctx) = TypeSpec{}; };
auto baseType(Type t) {
  return [t](auto &ctx) { x3::_val(ctx).type = t; };
}
auto const namedType = [](auto &ctx) { x3::_val(ctx).type = Type::Unknown; };
// Only one-dimensional int arrays are modelled.
auto const arrayDim = [](auto &ctx) {
  TypeSpec &t = x3::_val(ctx);
  t.type = t.type == Type::Int && t.dims == 0 ? Type::IntArray : Type::Unknown;
  ++t.dims;
};
// Runs after the whole type: records its text and range.
auto const typeFinish = [](auto &ctx) {
  TypeSpec &t = x3::_val(ctx);
  t.range = whereRange(ctx);
  t.text = typeText(whereBegin(ctx), x3::_where(ctx).begin());
};

// Clauses -------------------------------------------------------------------------

auto const makeClause = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  Clause c;
  c.kind = clauseKindOf(fusion::at_c<0>(parts)->kind);
  c.expr = fusion::at_c<1>(parts);
  c.range = whereRange(ctx);
  x3::_val(ctx) = c;
};

// Statements ----------------------------------------------------------------------

auto const appendStmts = [](auto &ctx) {
  auto &dst = x3::_val(ctx);
  for (StmtPtr &s : x3::_attr(ctx))
    dst.push_back(std::move(s));
};
auto const pushStmt = [](auto &ctx) { x3::_val(ctx).push_back(x3::_attr(ctx)); };

auto const blockStmt = [](auto &ctx) {
  auto s = newStmt(StmtKind::Block, whereRange(ctx));
  s->body = std::move(x3::_attr(ctx));
  x3::_val(ctx) = s;
};

auto const ghostStmts = [](auto &ctx) {
  for (StmtPtr &s : x3::_attr(ctx)) {
    s->ghost = true;
    x3::_val(ctx).push_back(std::move(s));
  }
};

auto const ifStmt = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  auto s = newStmt(StmtKind::If, whereRange(ctx));
  s->cond = fusion::at_c<0>(parts);
  s->body = bodyOf(std::move(fusion::at_c<1>(parts)));
  if (auto &els = fusion::at_c<2>(parts))
    s->elseBody = bodyOf(std::move(*els));
  x3::_val(ctx) = s;
};

auto const whileTail = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  auto s = newStmt(StmtKind::While, whereRange(ctx));
  s->cond = fusion::at_c<0>(parts);
  s->body = bodyOf(std::move(fusion::at_c<1>(parts)));
  x3::_val(ctx) = s;
};

auto const whileWithInvariants = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  StmtPtr s = fusion::at_c<1>(parts);
  s->clauses = std::move(fusion::at_c<0>(parts));
  s->range = whereRange(ctx);
  x3::_val(ctx) = s;
};

auto const returnStmt = [](auto &ctx) {
  auto s = newStmt(StmtKind::Return, whereRange(ctx));
  if (auto &v = x3::_attr(ctx))
    s->value = *v;
  x3::_val(ctx) = s;
};

auto valueStmt(StmtKind kind) {
  return [kind](auto &ctx) {
    auto s = newStmt(kind, whereRange(ctx));
    s->value = x3::_attr(ctx);
    x3::_val(ctx) = s;
  };
}

auto const callStmt = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  const Token *name = fusion::at_c<0>(parts);
  auto s = newStmt(StmtKind::Call, whereRange(ctx));
  s->name = std::string(name->text);
  s->nameRange = tokRange(state(ctx), name);
  s->args = std::move(fusion::at_c<1>(parts));
  x3::_val(ctx) = s;
};

// Assignments: the target arrives first, then one of the tails.
auto const assignTarget = [](auto &ctx) {
  auto s = newStmt(StmtKind::Assign);
  s->target = x3::_attr(ctx);
  x3::_val(ctx) = s;
};
auto const assignValue = [](auto &ctx) { x3::_val(ctx)->value = x3::_attr(ctx); };
// `x++`, `x--`, `x += e`, `x -= e` become `x = x op e`.
auto compound(BinOp op) {
  return [op](auto &ctx) {
    StmtPtr &s = x3::_val(ctx);
    ExprPtr rhs = x3::_attr(ctx);
    s->value = ir::makeBinary(op, cloneExpr(s->target), rhs, join(s->target->range, rhs->range));
  };
}
auto step(BinOp op) {
  return [op](auto &ctx) {
    StmtPtr &s = x3::_val(ctx);
    SourceRange r = whereRange(ctx);
    s->value =
        ir::makeBinary(op, cloneExpr(s->target), ir::makeInt(1, r), join(s->target->range, r));
  };
}
auto const stmtRange = [](auto &ctx) { x3::_val(ctx)->range = whereRange(ctx); };

auto const declType = [](auto &ctx) { x3::_val(ctx) = DeclBuilder{x3::_attr(ctx), {}}; };
auto const declName = [](auto &ctx) {
  DeclBuilder &d = x3::_val(ctx);
  const Token *t = x3::_attr(ctx);
  auto s = newStmt(StmtKind::VarDecl, tokRange(state(ctx), t));
  s->name = std::string(t->text);
  s->nameRange = s->range;
  s->declType = d.type.type;
  if (!d.stmts.empty())
    s->ghost = d.stmts.front()->ghost;
  d.stmts.push_back(s);
};
auto const declInit = [](auto &ctx) {
  StmtPtr &s = x3::_val(ctx).stmts.back();
  s->value = x3::_attr(ctx);
  s->range = join(s->range, s->value->range);
};
// The first declarator's range starts at the type.
auto const declFinish = [](auto &ctx) {
  DeclBuilder &d = x3::_val(ctx);
  ParseState &st = state(ctx);
  checkType(st, d.type);
  if (d.type.type == Type::Void)
    unsupported(st, d.type.range, "variables cannot have type void");
  d.stmts.front()->range.begin = d.type.range.begin;
};
auto const declStmts = [](auto &ctx) {
  for (StmtPtr &s : x3::_attr(ctx).stmts)
    x3::_val(ctx).push_back(std::move(s));
};

// par and barrier -----------------------------------------------------------------

auto newStmtOf(StmtKind kind) {
  return [kind](auto &ctx) { x3::_val(ctx) = newStmt(kind); };
}
auto const stmtName = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  x3::_val(ctx)->name = std::string(t->text);
  x3::_val(ctx)->nameRange = tokRange(state(ctx), t);
};
auto const stmtClause = [](auto &ctx) { x3::_val(ctx)->clauses.push_back(x3::_attr(ctx)); };
auto const parIter = [](auto &ctx) { x3::_val(ctx)->iters.push_back(x3::_attr(ctx)); };
auto const parBody = [](auto &ctx) { x3::_val(ctx)->body = bodyOf(std::move(x3::_attr(ctx))); };

auto const iterSpec = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  ParseState &st = state(ctx);
  TypeSpec &t = fusion::at_c<0>(parts);
  if (checkType(st, t) && t.type != Type::Int)
    unsupported(st, t.range, "par iteration variables must be int");
  const Token *name = fusion::at_c<1>(parts);
  ir::ParIter it;
  it.name = std::string(name->text);
  it.range = tokRange(st, name);
  it.lo = fusion::at_c<2>(parts);
  it.hi = fusion::at_c<3>(parts);
  x3::_val(ctx) = it;
};

// Seed barriers name their fences; VerCors barriers fence everything.
auto const seedBarrier = [](auto &ctx) {
  x3::_val(ctx)->seedStyle = true;
  x3::_val(ctx)->fencesGiven = true;
};
auto fence(bool global) {
  return [global](auto &ctx) {
    if (global)
      x3::_val(ctx)->fences.global = true;
    else
      x3::_val(ctx)->fences.local = true;
  };
}
auto const barrierId = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  x3::_val(ctx)->name = std::string(t->text);
  x3::_val(ctx)->nameRange = tokRange(state(ctx), t);
};

// Declarations --------------------------------------------------------------------

auto const methodStart = [](auto &ctx) { x3::_val(ctx) = MethodBuilder{}; };
auto const methodClause = [](auto &ctx) {
  x3::_val(ctx).method.contract.push_back(x3::_attr(ctx));
};
auto const methodModifier = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  MethodBuilder &m = x3::_val(ctx);
  if (t->kind == Tok::KwPure)
    m.method.pure = true;
  else if (t->kind == Tok::KwInline)
    m.inline_ = true;
  else
    m.staticMod = true;
};
auto const methodType = [](auto &ctx) { x3::_val(ctx).returnType = x3::_attr(ctx); };
auto const methodName = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  MethodBuilder &m = x3::_val(ctx);
  m.method.name = std::string(t->text);
  m.method.nameRange = tokRange(state(ctx), t);
};
auto const methodParam = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  ParseState &st = state(ctx);
  TypeSpec &t = fusion::at_c<0>(parts);
  const Token *name = fusion::at_c<1>(parts);
  checkType(st, t);
  if (t.type == Type::Void)
    unsupported(st, t.range, "parameters cannot have type void");
  ir::Param p;
  p.type = t.type;
  p.name = std::string(name->text);
  p.range = tokRange(st, name);
  x3::_val(ctx).method.params.push_back(p);
};
auto const methodBlock = [](auto &ctx) { x3::_val(ctx).method.body = std::move(x3::_attr(ctx)); };
auto const methodPureBody = [](auto &ctx) {
  x3::_val(ctx).method.pure = true;
  x3::_val(ctx).method.pureBody = x3::_attr(ctx);
};
auto const fieldDecl = [](auto &ctx) { x3::_val(ctx).field = true; };
auto const methodFinish = [](auto &ctx) {
  MethodBuilder &m = x3::_val(ctx);
  ParseState &st = state(ctx);
  m.method.range = whereRange(ctx);
  if (!m.field) {
    checkType(st, m.returnType);
    m.method.returnType = m.returnType.type;
  }
  if (m.method.pure && m.method.body)
    unsupported(st, m.method.nameRange,
                "pure method '" + m.method.name +
                    "' has a statement body; write a pure function as '= expression;'");
};

// A member or top-level declaration: methods go to the program, fields are rejected.
auto const declareMember = [](auto &ctx) {
  MethodBuilder &m = x3::_attr(ctx);
  ParseState &st = state(ctx);
  if (m.field) {
    unsupported(st, m.method.range, "fields and global variables are not supported");
    return;
  }
  st.program.methods.push_back(std::move(m.method));
};

auto const kernelName = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  ir::Kernel k;
  k.name = std::string(t->text);
  k.nameRange = tokRange(state(ctx), t);
  x3::_val(ctx) = std::move(k);
};
auto const kernelArrays = [](auto &ctx) {
  auto &parts = x3::_attr(ctx);
  ParseState &st = state(ctx);
  const Token *space = fusion::at_c<0>(parts);
  ExprPtr length = fusion::at_c<1>(parts);
  for (const Token *name : fusion::at_c<2>(parts)) {
    ir::KernelArray a;
    a.space = space->kind == Tok::KwGlobal ? ir::MemorySpace::Global : ir::MemorySpace::Local;
    a.name = std::string(name->text);
    a.length = cloneExpr(length);
    a.range = tokRange(st, name);
    x3::_val(ctx).arrays.push_back(std::move(a));
  }
};
auto const kernelClause = [](auto &ctx) { x3::_val(ctx).contract.push_back(x3::_attr(ctx)); };
auto const kernelMain = [](auto &ctx) {
  ir::Kernel &k = x3::_val(ctx);
  if (k.mainRange.valid())
    throw ParseAbort{whereRange(ctx), "kernel '" + k.name + "' has more than one main()"};
  k.body = std::move(x3::_attr(ctx));
  k.mainRange = whereRange(ctx);
};
auto const kernelFinish = [](auto &ctx) { x3::_val(ctx).range = whereRange(ctx); };
auto const declareKernel = [](auto &ctx) {
  state(ctx).program.kernels.push_back(std::move(x3::_attr(ctx)));
};

// VerCors constructs kprove does not model: one `unsupported` diagnostic, stop.
auto unsupportedToken(const char *what) {
  return [what](auto &ctx) {
    const Token *t = x3::_attr(ctx);
    throw ParseAbort{tokRange(state(ctx), t), "'" + std::string(t->text) + "' " + what,
                     DiagCode::Unsupported};
  };
}

// A clause keyword where no clause may appear: a clearer message than "expected X".
auto const misplacedClause = [](auto &ctx) {
  const Token *t = x3::_attr(ctx);
  throw ParseAbort{tokRange(state(ctx), t),
                   "'" + std::string(t->text) + "' clause is not allowed here"};
};

// ---------------------------------------------------------------------------------
// Grammar
// ---------------------------------------------------------------------------------

// Expressions, lowest precedence first (VerCors PVL order): ?:, ==>, ||, && and **,
// == !=, < <= > >=, + -, * / % \, unary ! -, postfix [i] .length. Right-associative
// levels and prefix operators are parsed as lists and folded, so the only recursion
// is through parentheses, brackets and argument lists (`nested_expr`, depth-guarded).
x3::rule<class expr_id, ExprPtr> const expr = "an expression";
x3::rule<class ite_chain_id, std::vector<ExprPtr>> const ite_chain = "an expression";
x3::rule<class imp_id, ExprPtr> const imp_e = "an expression";
x3::rule<class imp_chain_id, std::vector<ExprPtr>> const imp_chain = "an expression";
x3::rule<class or_id, ExprPtr> const or_e = "an expression";
x3::rule<class and_id, ExprPtr> const and_e = "an expression";
x3::rule<class eq_id, ExprPtr> const eq_e = "an expression";
x3::rule<class rel_id, ExprPtr> const rel_e = "an expression";
x3::rule<class add_id, ExprPtr> const add_e = "an expression";
x3::rule<class mul_id, ExprPtr> const mul_e = "an expression";
x3::rule<class unary_id, ExprPtr> const unary_e = "an expression";
x3::rule<class postfix_id, ExprPtr> const postfix_e = "an expression";
x3::rule<class primary_id, ExprPtr> const primary = "an expression";
x3::rule<class nested_expr_id, ExprPtr> const nested_expr = "an expression";
x3::rule<class args_id, std::vector<ExprPtr>> const arg_list = "'('";
x3::rule<class quant_id, QuantBuilder> const quant = "a quantifier";
x3::rule<class binder_id, BinderSpec> const binder = "a type";
x3::rule<class seed_clause_id, ExprPtr> const seed_clause_expr = "an expression";
x3::rule<class clause_expr_id, ExprPtr> const clause_expr = "an expression";

// Types and clauses.
x3::rule<class type_id, TypeSpec> const type = "a type";
x3::rule<class method_clause_id, Clause> const method_clause = "a clause";
x3::rule<class loop_clause_id, Clause> const loop_clause = "'loop_invariant'";
x3::rule<class block_clause_id, Clause> const block_clause = "a clause";
x3::rule<class kernel_clause_id, Clause> const kernel_clause = "a clause";

// Statements.
x3::rule<class stmt_id, std::vector<StmtPtr>> const stmt = "a statement";
x3::rule<class stmt_inner_id, std::vector<StmtPtr>> const stmt_inner = "a statement";
x3::rule<class block_id, std::vector<StmtPtr>> const block = "'{'";
x3::rule<class block_stmt_id, StmtPtr> const block_stmt = "'{'";
x3::rule<class if_id, StmtPtr> const if_stmt = "'if'";
x3::rule<class while_id, StmtPtr> const while_stmt = "'while'";
x3::rule<class while_tail_id, StmtPtr> const while_tail = "'while'";
x3::rule<class return_id, StmtPtr> const return_stmt = "'return'";
x3::rule<class assert_id, StmtPtr> const assert_stmt = "'assert'";
x3::rule<class assume_id, StmtPtr> const assume_stmt = "'assume'";
x3::rule<class call_id, StmtPtr> const call_stmt = "a call";
x3::rule<class decl_id, DeclBuilder> const decl_stmt = "a declaration";
x3::rule<class assign_id, StmtPtr> const assign_stmt = "a statement";
x3::rule<class lhs_id, ExprPtr> const lhs = "an identifier";
x3::rule<class par_id, StmtPtr> const par_stmt = "'par'";
x3::rule<class par_iter_id, ir::ParIter> const par_iter = "'int'";
x3::rule<class barrier_id, StmtPtr> const barrier_stmt = "'barrier'";

// Declarations.
x3::rule<class method_id, MethodBuilder> const method_decl = "a method declaration";
x3::rule<class class_id> const class_decl = "'class'";
x3::rule<class kernel_id, ir::Kernel> const kernel_decl = "'kernel'";
x3::rule<class program_id> const program = "a program";
// The content of one /*@ ... @*/ or //@ annotation of a C kernel.
struct SpecBuilder {
  std::vector<Clause> clauses;
  std::vector<StmtPtr> stmts;
};
x3::rule<class spec_comment_id, SpecBuilder> const spec_comment = "a specification";
x3::rule<class spec_clause_id, Clause> const spec_clause = "a clause";

TokSet const ident = tv(Tok::Ident);
TokSet const clause_keyword({Tok::KwRequires, Tok::KwEnsures, Tok::KwContext,
                             Tok::KwContextEverywhere, Tok::KwLoopInvariant, Tok::KwInvariant,
                             Tok::KwDecreases, Tok::KwKernelRequires, Tok::KwKernelEnsures,
                             Tok::KwGroupRequires, Tok::KwGroupEnsures},
                            "a clause");
auto const misplaced_clause = clause_keyword[misplacedClause];

// --- expressions ---

auto const expr_def = ite_chain[foldIte];
auto const ite_chain_def = imp_e[pushArg] >>
                           *(tk(Tok::Question) > imp_e[pushArg] > tk(Tok::Colon) > imp_e[pushArg]);

auto const imp_e_def = imp_chain[foldImplies];
auto const implies_op = tk(Tok::Implies) | (seedOnly >> tk(Tok::Arrow));
auto const imp_chain_def = or_e[pushArg] >> *(implies_op > or_e[pushArg]);

auto const or_op = tk(Tok::OrOr) | (seedOnly >> tk(Tok::Bar));
auto const or_e_def = and_e[setVal] >> *(or_op > and_e[foldBin(BinOp::Or)]);

auto const and_op = tk(Tok::AndAnd) | (seedOnly >> tk(Tok::Amp));
auto const and_e_def = eq_e[setVal] >> *((and_op > eq_e[foldBin(BinOp::And)]) |
                                         (tk(Tok::StarStar) > eq_e[foldBin(BinOp::Star)]));

auto const eq_op = tk(Tok::EqEq) | (seedOnly >> tk(Tok::Assign));
auto const eq_e_def = rel_e[setVal] >> *((eq_op > rel_e[foldBin(BinOp::Eq)]) |
                                         (tk(Tok::NotEq) > rel_e[foldBin(BinOp::Ne)]));

auto const rel_e_def = add_e[setVal] >> *((tk(Tok::Le) > add_e[foldBin(BinOp::Le)]) |
                                          (tk(Tok::Lt) > add_e[foldBin(BinOp::Lt)]) |
                                          (tk(Tok::Ge) > add_e[foldBin(BinOp::Ge)]) |
                                          (tk(Tok::Gt) > add_e[foldBin(BinOp::Gt)]));

auto const add_e_def = mul_e[setVal] >> *((tk(Tok::Plus) > mul_e[foldBin(BinOp::Add)]) |
                                          (tk(Tok::Minus) > mul_e[foldBin(BinOp::Sub)]));

IdentText const mod_kw("mod", "'mod'");
auto const mul_e_def = unary_e[setVal] >>
                       *((starIsMul >> tk(Tok::Star) > unary_e[foldBin(BinOp::Mul)]) |
                         (tk(Tok::Slash) > unary_e[foldBin(BinOp::Div)]) |
                         (tk(Tok::Percent) > unary_e[foldBin(BinOp::Mod)]) |
                         (tk(Tok::Backslash) > unary_e[foldBin(BinOp::FracDiv)]) |
                         (seedOnly >> mod_kw > unary_e[foldBin(BinOp::Mod)]));

TokSet const prefix_op({Tok::Not, Tok::Minus}, "'!' or '-'");
auto const unary_e_def = (*prefix_op >> postfix_e)[foldPrefix];

IdentText const length_kw("length", "'length'");
auto const postfix_e_def = primary[setVal] >>
                           *(span(tk(Tok::LBracket) > nested_expr > tk(Tok::RBracket))[indexExpr] |
                             span(tk(Tok::Dot) >> length_kw)[lengthExpr] |
                             span(CSpecIs() >> tk(Tok::Dot) > ident)[memberExpr]);

auto const nested_expr_def = exprGuard(nested(expr[setVal]));

auto const arg_list_def = tk(Tok::LParen) > -(nested_expr[pushArg] % tk(Tok::Comma)) >
                          tk(Tok::RParen);

auto const binder_def = type[binderType] > ident[binderName] >
                        -(tk(Tok::Assign) > nested_expr > tk(Tok::DotDot) >
                          nested_expr)[binderRange];

TokSet const quant_kw({Tok::KwForall, Tok::KwForallStar, Tok::KwExists}, "a quantifier");
auto const quant_def = quant_kw[quantStart] > (binder[pushBinder] % tk(Tok::Comma)) >
                       tk(Tok::Semi) > nested_expr[quantPart] >
                       -(tk(Tok::Semi) > nested_expr[quantPart]) > tk(Tok::RParen);

constexpr std::string_view kNewWord[] = {"new"};
IdentIn const new_kw(kNewWord);
auto const unsupported_primary =
    tv(Tok::BackslashWord)[unsupportedToken("is not supported")] |
    (new_kw >> &(tk(Tok::KwInt) | tk(Tok::KwBool) | tk(Tok::KwFrac) |
                 ident))[unsupportedToken("(allocation) is not supported")];

constexpr std::string_view kCSpecWords[] = {"\\pointer_length",  "\\pointer_index", "\\pointer",
                                            "\\shared_mem_size", "\\gtid",          "\\ltid"};
IdentIn const c_spec_word(kCSpecWords, Tok::BackslashWord);
auto const c_spec_primary = CSpecIs() >>
                            (span(c_spec_word >> arg_list)[cSpecCall] | c_spec_word[varRef]);
// `Perm(&a[i], f)`: C annotations name the location by its address.
auto const location = -tk(Tok::Amp) >> nested_expr;

auto const primary_def =
    c_spec_primary | unsupported_primary | tv(Tok::Int)[intLit] |
    span(tk(Tok::KwTrue))[boolLit(true)] | span(tk(Tok::KwFalse))[boolLit(false)] |
    span(tk(Tok::KwNull))[leaf(ExprKind::NullLit)] |
    span(tk(Tok::KwResult))[leaf(ExprKind::Result)] |
    span(tk(Tok::KwWrite))[permConst(ir::PermConst::Write)] |
    span(tk(Tok::KwRead))[permConst(ir::PermConst::Read)] |
    span(tk(Tok::KwNone))[permConst(ir::PermConst::None)] |
    span(tk(Tok::KwOld) > tk(Tok::LParen) > nested_expr >
         tk(Tok::RParen))[withArgs(ExprKind::Old)] |
    span(tk(Tok::KwPermUpper) > tk(Tok::LParen) > location > tk(Tok::Comma) > nested_expr >
         tk(Tok::RParen))[withArgs(ExprKind::Perm)] |
    span(tk(Tok::KwPointsTo) > tk(Tok::LParen) > location > tk(Tok::Comma) > nested_expr >
         tk(Tok::Comma) > nested_expr > tk(Tok::RParen))[withArgs(ExprKind::PointsTo)] |
    span(tk(Tok::KwPermLower) > tk(Tok::LParen) > nested_expr > tk(Tok::Comma) > nested_expr >
         tk(Tok::RParen))[seedPerm] |
    span(ident >> arg_list)[callExpr] | ident[varRef] |
    span(tk(Tok::LParen) >> quant)[quantFinish] |
    (tk(Tok::LParen) > nested_expr > tk(Tok::RParen))[setVal];

// Seed clauses: a `*` outside parentheses is the separating conjunction and binds
// weaker than everything else in the clause.
auto const seed_clause_expr_def =
    starSep(expr[setVal] >> *(tk(Tok::Star) > expr[foldBin(BinOp::Star)]));

auto const clause_expr_def = (seedOnly >> seed_clause_expr[setVal]) | expr[setVal];

// --- types ---

auto const type_args = tk(Tok::Lt) > (type % tk(Tok::Comma)) > tk(Tok::Gt);
auto const base_type = tk(Tok::KwInt)[baseType(Type::Int)] | tk(Tok::KwBool)[baseType(Type::Bool)] |
                       tk(Tok::KwFrac)[baseType(Type::Frac)] |
                       tk(Tok::KwVoid)[baseType(Type::Void)] |
                       x3::omit[ident >> -type_args][namedType];
auto const type_def =
    span(x3::omit[x3::eps[typeStart] >> base_type >>
                  *(tk(Tok::LBracket) >> tk(Tok::RBracket))[arrayDim]])[typeFinish];

// --- clauses ---

auto clauseOf(TokSet kinds) {
  return span(kinds > clause_expr > tk(Tok::Semi))[makeClause];
}
auto const method_clause_def = clauseOf(TokSet(
    {Tok::KwRequires, Tok::KwEnsures, Tok::KwContext, Tok::KwContextEverywhere, Tok::KwDecreases},
    "a clause"));
auto const loop_clause_def =
    clauseOf(TokSet({Tok::KwLoopInvariant, Tok::KwInvariant}, "'loop_invariant'"));
auto const block_clause_def =
    clauseOf(TokSet({Tok::KwRequires, Tok::KwEnsures, Tok::KwContext}, "a clause"));
auto const kernel_clause_def =
    clauseOf(TokSet({Tok::KwRequires, Tok::KwEnsures, Tok::KwContext, Tok::KwKernelRequires,
                     Tok::KwKernelEnsures, Tok::KwGroupRequires, Tok::KwGroupEnsures},
                    "a clause"));

// --- statements ---

auto const block_def = tk(Tok::LBrace) > *stmt[appendStmts] > tk(Tok::RBrace);
auto const block_stmt_def = span(block)[blockStmt];

auto const stmt_def =
    stmtGuard((tk(Tok::KwGhost) > stmt_inner)[ghostStmts] | stmt_inner[appendStmts]);

auto const if_stmt_def = span(tk(Tok::KwIf) > tk(Tok::LParen) > nested_expr > tk(Tok::RParen) >
                              stmt > -(tk(Tok::KwElse) > stmt))[ifStmt];

auto const while_tail_def =
    span(tk(Tok::KwWhile) > tk(Tok::LParen) > nested_expr > tk(Tok::RParen) > stmt)[whileTail];
auto const while_stmt_def =
    span(+loop_clause > while_tail)[whileWithInvariants] | while_tail[setVal];

auto const return_stmt_def = span(tk(Tok::KwReturn) > -nested_expr > tk(Tok::Semi))[returnStmt];
auto const assert_stmt_def =
    span(tk(Tok::KwAssert) > clause_expr > tk(Tok::Semi))[valueStmt(StmtKind::Assert)];
auto const assume_stmt_def =
    span(tk(Tok::KwAssume) > nested_expr > tk(Tok::Semi))[valueStmt(StmtKind::Assume)];
auto const call_stmt_def = span(ident >> arg_list > tk(Tok::Semi))[callStmt];

auto const lhs_def = ident[varRef] >>
                     -span(tk(Tok::LBracket) > nested_expr > tk(Tok::RBracket))[indexExpr];

// The target is parsed first; the tail fills in the value.
auto const assign_op = tk(Tok::Assign) | (seedOnly >> tk(Tok::ColonEq));
auto const assign_tail =
    named("'='", (assign_op > nested_expr[assignValue] > tk(Tok::Semi)) |
                     (span(tk(Tok::PlusPlus))[step(BinOp::Add)] > tk(Tok::Semi)) |
                     (span(tk(Tok::MinusMinus))[step(BinOp::Sub)] > tk(Tok::Semi)) |
                     (tk(Tok::PlusEq) > nested_expr[compound(BinOp::Add)] > tk(Tok::Semi)) |
                     (tk(Tok::MinusEq) > nested_expr[compound(BinOp::Sub)] > tk(Tok::Semi)));
auto const assign_stmt_def = span(x3::omit[lhs[assignTarget] > assign_tail])[stmtRange];

auto const decl_init = (tk(Tok::Assign) | (seedOnly >> tk(Tok::ColonEq))) > nested_expr;
auto const decl_stmt_def = x3::omit[type[declType] >> ident[declName] > -decl_init[declInit] >
                                    *(tk(Tok::Comma) > ident[declName] > -decl_init[declInit]) >
                                    tk(Tok::Semi)][declFinish];

auto const par_iter_def =
    (type > ident > tk(Tok::Assign) > nested_expr > tk(Tok::DotDot) > nested_expr)[iterSpec];
auto const par_stmt_def =
    span(x3::omit[tk(Tok::KwPar)[newStmtOf(StmtKind::Par)] > -ident[stmtName] >
                  -(tk(Tok::LParen) > (par_iter[parIter] % tk(Tok::Comma)) > tk(Tok::RParen)) >
                  *block_clause[stmtClause] > stmt[parBody]])[stmtRange];

// Seed fences: `global`, `local`, `{local, global}`; the barrier id may be a number.
auto const fence_flag = tk(Tok::KwGlobal)[fence(true)] | tk(Tok::KwLocal)[fence(false)];
auto const fence_list = fence_flag % tk(Tok::Comma);
auto const fences_braced = tk(Tok::LBrace) > -fence_list > tk(Tok::RBrace);
TokSet const barrier_id({Tok::Int, Tok::Ident}, "a barrier name");
auto const seed_barrier_args = x3::eps[seedBarrier] >>
                               ((-barrier_id[barrierId] >> tk(Tok::Comma) >>
                                 -(fences_braced | fence_list)) |
                                fences_braced | fence_list | barrier_id[barrierId]);
auto const barrier_args =
    named("a barrier name", (seedOnly >> seed_barrier_args) | -ident[stmtName]);
auto const barrier_body = named(
    "'{' or ';'", (tk(Tok::LBrace) > *block_clause[stmtClause] > tk(Tok::RBrace)) | tk(Tok::Semi));
auto const barrier_stmt_def =
    span(x3::omit[tk(Tok::KwBarrier)[newStmtOf(StmtKind::Barrier)] > tk(Tok::LParen) >
                  barrier_args > tk(Tok::RParen) > barrier_body])[stmtRange];

// VerCors statements kprove does not model (reserved words in VerCors, so a variable
// of that name cannot be meant unless it is assigned).
constexpr std::string_view kUnsupportedStatements[] = {
    "for",        "fold",   "unfold",  "lock",   "unlock",  "fork",   "join",
    "inhale",     "exhale", "goto",    "refute", "witness", "atomic", "parallel",
    "sequential", "vec",    "package", "apply",  "send",    "recv",   "communicate"};
IdentIn const unsupported_stmt_word(kUnsupportedStatements);
auto const unsupported_stmt =
    (unsupported_stmt_word >>
     !(tk(Tok::Assign) | tk(Tok::ColonEq) | tk(Tok::LBracket) | tk(Tok::PlusPlus) |
       tk(Tok::MinusMinus) | tk(Tok::PlusEq) |
       tk(Tok::MinusEq)))[unsupportedToken("statements are not supported")];

auto const stmt_inner_def = unsupported_stmt | block_stmt[pushStmt] | if_stmt[pushStmt] |
                            while_stmt[pushStmt] | return_stmt[pushStmt] | assert_stmt[pushStmt] |
                            assume_stmt[pushStmt] | par_stmt[pushStmt] | barrier_stmt[pushStmt] |
                            decl_stmt[declStmts] | call_stmt[pushStmt] | assign_stmt[pushStmt] |
                            misplaced_clause;

// --- declarations ---

TokSet const modifier({Tok::KwStatic, Tok::KwPure, Tok::KwInline}, "a modifier");
auto const param = (type > ident)[methodParam];
auto const method_body =
    named("'{', '=' or ';'", block[methodBlock] |
                                 (tk(Tok::Assign) > nested_expr[methodPureBody] > tk(Tok::Semi)) |
                                 tk(Tok::Semi));
auto const method_rest = tk(Tok::LParen) > -(param % tk(Tok::Comma)) >
                         tk(Tok::RParen) > method_body;
auto const field_rest =
    ((tk(Tok::Comma) > (ident % tk(Tok::Comma)) > tk(Tok::Semi)) | tk(Tok::Semi))[fieldDecl];
auto const method_sig = named("a method declaration", type[methodType] > ident[methodName] >
                                                          named("'('", method_rest | field_rest));
auto const method_decl_def =
    span(x3::omit[x3::eps[methodStart] >>
                  ((+(method_clause[methodClause] | modifier[methodModifier]) > method_sig) |
                   method_sig)])[methodFinish];

auto const member = method_decl[declareMember] | misplaced_clause;
auto const class_decl_def = tk(Tok::KwClass) > ident > tk(Tok::LBrace) > *member > tk(Tok::RBrace);

auto const kernel_array = (TokSet({Tok::KwGlobal, Tok::KwLocal}, "'global' or 'local'") >
                           tk(Tok::KwInt) > tk(Tok::LBracket) > nested_expr > tk(Tok::RBracket) >
                           (ident % tk(Tok::Comma)) > tk(Tok::Semi))[kernelArrays];
IdentText const main_kw("main", "'main'");
auto const kernel_main =
    span(tk(Tok::KwVoid) > main_kw > tk(Tok::LParen) > tk(Tok::RParen) > block)[kernelMain];
auto const kernel_item =
    kernel_array | kernel_clause[kernelClause] | kernel_main | misplaced_clause;
auto const kernel_decl_def = span(x3::omit[tk(Tok::KwKernel) > ident[kernelName] > tk(Tok::LBrace) >
                                           seedMode(*kernel_item) > tk(Tok::RBrace)])[kernelFinish];

TokLit const end_of_input(Tok::End);
auto const program_def = *(class_decl | kernel_decl[declareKernel] | method_decl[declareMember] |
                           misplaced_clause) >
                         named("a method, class or kernel declaration", end_of_input);

auto const specClause = [](auto &ctx) { x3::_val(ctx).clauses.push_back(x3::_attr(ctx)); };
auto const specStmts = [](auto &ctx) {
  for (StmtPtr &st : x3::_attr(ctx))
    x3::_val(ctx).stmts.push_back(std::move(st));
};
auto const spec_clause_def =
    clauseOf(TokSet({Tok::KwRequires, Tok::KwEnsures, Tok::KwContext, Tok::KwContextEverywhere,
                     Tok::KwLoopInvariant, Tok::KwInvariant, Tok::KwDecreases},
                    "a clause"));
auto const spec_comment_def = *spec_clause[specClause] > *stmt[specStmts] >
                              named("a clause or an assertion", end_of_input);

BOOST_SPIRIT_DEFINE(spec_comment, spec_clause, expr, ite_chain, imp_e, imp_chain, or_e, and_e, eq_e,
                    rel_e, add_e, mul_e, unary_e, postfix_e, primary, nested_expr, arg_list, quant,
                    binder, seed_clause_expr, clause_expr, type, method_clause, loop_clause,
                    block_clause, kernel_clause, stmt, stmt_inner, block, block_stmt, if_stmt,
                    while_stmt, while_tail, return_stmt, assert_stmt, assume_stmt, call_stmt,
                    decl_stmt, assign_stmt, lhs, par_stmt, par_iter, barrier_stmt, method_decl,
                    class_decl, kernel_decl, program)

// ---------------------------------------------------------------------------------
// Driver
// ---------------------------------------------------------------------------------

SourceRange errorRange(uint32_t file, It where, It end) {
  if (where == end)
    return {};
  return {{file, where->begin}, {file, where->end}};
}

// Unsupported constructs are reported once each, in source order.
void emitDeferred(std::vector<Diagnostic> &deferred, std::vector<Diagnostic> &diags) {
  std::stable_sort(deferred.begin(), deferred.end(), [](const Diagnostic &a, const Diagnostic &b) {
    return a.range.begin.offset < b.range.begin.offset;
  });
  for (size_t i = 0; i < deferred.size(); ++i) {
    const Diagnostic &d = deferred[i];
    if (i > 0 && deferred[i - 1].range.begin.offset == d.range.begin.offset &&
        deferred[i - 1].message == d.message)
      continue;
    diags.push_back(d);
  }
}

// Runs the grammar; returns the one parse error, if any.
struct ParseError {
  SourceRange range;
  std::string message;
  DiagCode code = DiagCode::Parse;
};

template <typename Rule, typename Attr>
std::optional<ParseError> runGrammar(const std::vector<Token> &tokens, ParseState &st,
                                     const Rule &start, Attr &attr) {
  It first = tokens.begin();
  try {
    auto const grammar = x3::with<state_tag>(st)[start];
    if (!x3::parse(first, tokens.cend(), grammar, attr))
      return ParseError{errorRange(st.file, first, tokens.cend()),
                        "expected a method, class or kernel declaration"};
  } catch (const x3::expectation_failure<It> &e) {
    return ParseError{errorRange(st.file, e.where(), tokens.cend()), "expected " + e.which()};
  } catch (const ParseAbort &a) {
    return ParseError{a.range, a.message, a.code};
  }
  return std::nullopt;
}

struct ParseOutcome {
  std::optional<ir::Program> program;
  std::vector<Diagnostic> diags;
};

void parseText(std::string_view text, uint32_t fileId, ParseOutcome &out) {
  auto fail = [&](SourceRange r, std::string msg, DiagCode code = DiagCode::Parse) {
    out.diags.push_back({code, r, std::move(msg), {}});
  };
  std::vector<Token> tokens;
  if (auto err = Lexer(text).run(tokens))
    return fail({{fileId, err->begin}, {fileId, err->end}}, err->message, err->code);
  ParseState st;
  st.file = fileId;
  st.tokensEnd = tokens.cend();
  st.spanBegin = st.spanEnd = tokens.cend();
  x3::unused_type none;
  if (auto err = runGrammar(tokens, st, program, none))
    return fail(err->range, err->message, err->code);
  if (!st.deferred.empty())
    return emitDeferred(st.deferred, out.diags);
  out.program = std::move(st.program);
}

// The grammar recurses through about fifteen X3 rules per nesting level; unoptimised or
// sanitizer builds need far more than a default 8 MB stack for the 1000 levels we
// accept, so parsing runs on a thread with a large (lazily committed) stack.
constexpr size_t kParserStackBytes = size_t{256} << 20;

struct ParseJob {
  std::string_view text;
  uint32_t fileId;
  ParseOutcome out;
  bool outOfMemory = false;
};

void runJob(ParseJob &job) noexcept {
  try {
    parseText(job.text, job.fileId, job.out);
  } catch (const std::bad_alloc &) {
    job.out = {};
    job.outOfMemory = true; // rethrown on the caller's thread: a limit, not a parse error
  } catch (const std::exception &e) {
    job.out = {};
    job.out.diags.push_back(
        {DiagCode::Parse, {}, std::string("internal parser error: ") + e.what(), {}});
  } catch (...) {
    job.out = {};
    job.out.diags.push_back({DiagCode::Parse, {}, "internal parser error", {}});
  }
}

void runOnLargeStack(ParseJob &job) {
  runWithLargeStack([&job] { runJob(job); }, kParserStackBytes);
}

struct SpecJob {
  std::string text; // the file with the annotation's leading `@`s blanked
  uint32_t fileId, begin, end;
  std::optional<SpecComment> out;
  std::vector<Diagnostic> diags;
};

void parseSpecText(SpecJob &job) {
  auto fail = [&](SourceRange r, std::string msg, DiagCode code = DiagCode::Parse) {
    if (!r.valid())
      r = {{job.fileId, job.end}, {job.fileId, job.end}};
    job.diags.push_back({code, r, std::move(msg), {}});
  };
  std::vector<Token> tokens;
  if (auto err = Lexer(job.text, job.begin, job.end).run(tokens))
    return fail({{job.fileId, err->begin}, {job.fileId, err->end}}, err->message, err->code);
  ParseState st;
  st.file = job.fileId;
  st.cSpec = true;
  st.tokensEnd = tokens.cend();
  st.spanBegin = st.spanEnd = tokens.cend();
  SpecBuilder built;
  if (auto err = runGrammar(tokens, st, spec_comment, built))
    return fail(err->range, err->message, err->code);
  if (!st.deferred.empty())
    return emitDeferred(st.deferred, job.diags);
  job.out = SpecComment{std::move(built.clauses), std::move(built.stmts)};
}

} // namespace

std::optional<SpecComment> parseSpecComment(const SourceManager &sm, uint32_t fileId,
                                            uint32_t begin, uint32_t end, DiagnosticEngine &diags) {
  std::string_view whole = sm.text(fileId);
  if (end > whole.size() || begin > end) {
    diags.error(DiagCode::Parse, {{fileId, begin}, {fileId, begin}}, "bad annotation range");
    return std::nullopt;
  }
  SpecJob job{std::string(whole), fileId, begin, end, std::nullopt, {}};
  // VerCors allows a decorative `@` at the start of each annotation line.
  bool lineStart = true;
  for (uint32_t i = begin; i < end; ++i) {
    char c = job.text[i];
    if (c == '\n')
      lineStart = true;
    else if (lineStart && c == '@')
      job.text[i] = ' ', lineStart = false;
    else if (c != ' ' && c != '\t' && c != '\r')
      lineStart = false;
  }
  runWithLargeStack(
      [&job] {
        try {
          parseSpecText(job);
        } catch (const std::exception &e) {
          job.out.reset();
          job.diags.push_back({DiagCode::Parse,
                               {{job.fileId, job.begin}, {job.fileId, job.begin}},
                               std::string("internal parser error: ") + e.what(),
                               {}});
        }
      },
      kParserStackBytes);
  for (Diagnostic &d : job.diags)
    diags.report(std::move(d));
  return std::move(job.out);
}

std::optional<ir::Program> parsePvl(const SourceManager &sm, uint32_t fileId,
                                    DiagnosticEngine &diags) {
  std::string_view text = sm.text(fileId);
  if (text.size() >= UINT32_MAX) {
    diags.error(DiagCode::Parse, {{fileId, 0}, {fileId, 0}}, "file is too large");
    return std::nullopt;
  }
  ParseJob job{text, fileId, {}};
  runOnLargeStack(job);
  if (job.outOfMemory)
    throw std::bad_alloc();
  for (Diagnostic &d : job.out.diags) {
    if (!d.range.valid())
      d.range = {{fileId, 0}, {fileId, 0}};
    diags.report(std::move(d));
  }
  return std::move(job.out.program);
}

} // namespace kprove::lang
