// PVL tokens and the hand-written lexer that produces them (private to lang/pvl/).
// A file of its own because it is plain C++ without Boost.Spirit: it compiles in
// about a second, and the grammar files see only this interface. Lexing first
// keeps the X3 grammar free of skippers and keyword/identifier boundary checks,
// which keeps both compile time and backtracking cost low.
#pragma once

#include "logic/diagnostics.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kprove::lang::pvl {

// Every token kind, with its spelling in "expected X" messages.
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
  X(KwGiven, "'given'")                                                                            \
  X(KwYields, "'yields'")                                                                          \
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
  X(KwSum, "'\\sum'")                                                                              \
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
  X(ColonColon, "'::'")                                                                            \
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
  X(Bar, "'|'")                                                                                    \
  X(Caret, "'^'")                                                                                  \
  X(Tilde, "'~'")                                                                                  \
  X(Shl, "'<<'")                                                                                   \
  X(Shr, "'>>'")

enum class Tok : uint8_t {
#define KPROVE_TOK_ENUM(Name, Spelling) Name,
  KPROVE_PVL_TOKENS(KPROVE_TOK_ENUM)
#undef KPROVE_TOK_ENUM
};

inline constexpr const char *kTokSpelling[] = {
#define KPROVE_TOK_SPELLING(Name, Spelling) Spelling,
    KPROVE_PVL_TOKENS(KPROVE_TOK_SPELLING)
#undef KPROVE_TOK_SPELLING
};

inline const char *spelling(Tok t) {
  return kTokSpelling[static_cast<size_t>(t)];
}

struct Token {
  Tok kind = Tok::End;
  uint32_t begin = 0;
  uint32_t end = 0;
  std::string_view text;
  int64_t value = 0; // Int tokens
  // Int tokens of C annotations: C's type of the literal (C11 6.4.4.1, from its
  // suffix `u`/`l`/`ll` and whether it is hexadecimal or octal), when either is
  // present.
  uint8_t cBits = 0; // 0: no suffix, decimal (the typing rule of the file applies)
  bool cSigned = true;
};

using It = std::vector<Token>::const_iterator;

struct LexError {
  uint32_t begin = 0;
  uint32_t end = 0;
  std::string message;
  DiagCode code = DiagCode::Parse;
};

inline bool isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
inline bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
inline bool isIdentChar(char c) {
  return isIdentStart(c) || isDigit(c);
}

// C's type of an integer literal (C11 6.4.4.1 with int 32 and long 64 bits, as on
// OpenCL and CUDA devices): {bits, signed} of the first type of its ladder holding
// the value. `longs`: 0, 1 (`l`) or 2 (`ll`); `decimal`: false for hexadecimal,
// octal and binary literals, whose ladder also has the unsigned types.
std::pair<uint8_t, bool> cLiteralType(int64_t value, bool isUnsigned, int longs, bool decimal);

// Keywords, operators with maximal munch, comments dropped, integer literals
// range-checked.
class Lexer {
public:
  explicit Lexer(std::string_view text) : text_(text) {}
  // Lexes only [begin, end) of `text`; token offsets stay those of the whole text.
  // `cLiterals`: C's integer literals (hexadecimal, octal, suffixes), for C annotations.
  Lexer(std::string_view text, size_t begin, size_t end, bool cLiterals = false)
      : text_(text.substr(0, end)), pos_(begin), cLiterals_(cLiterals) {}

  // Fills `out` (always terminated by an End token) or returns an error.
  std::optional<LexError> run(std::vector<Token> &out);

private:
  uint32_t pos() const { return static_cast<uint32_t>(pos_); }
  char peek(size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }

  std::optional<LexError> skipTrivia();
  void push(std::vector<Token> &out, Tok kind, size_t len);
  std::optional<LexError> next(std::vector<Token> &out);
  void lexWord(std::vector<Token> &out);
  std::optional<LexError> lexNumber(std::vector<Token> &out);
  void lexBackslash(std::vector<Token> &out);
  std::optional<std::pair<Tok, size_t>> punctuation() const;

  std::string_view text_;
  size_t pos_ = 0;
  bool cLiterals_ = false;
};

} // namespace kprove::lang::pvl
