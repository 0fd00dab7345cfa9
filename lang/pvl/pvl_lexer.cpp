// The PVL lexer: text to tokens (see pvl_lexer.h). Plain C++, no Boost.Spirit, so
// it compiles in a fraction of the time of the grammar files.
#include "lang/pvl/pvl_lexer.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <iterator>

namespace kprove::lang::pvl {
namespace {

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
    {"given", Tok::KwGiven},
    {"yields", Tok::KwYields},
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

} // namespace

std::optional<LexError> Lexer::run(std::vector<Token> &out) {
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

std::optional<LexError> Lexer::skipTrivia() {
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

void Lexer::push(std::vector<Token> &out, Tok kind, size_t len) {
  out.push_back({kind, pos(), static_cast<uint32_t>(pos_ + len), text_.substr(pos_, len), 0});
  pos_ += len;
}

std::optional<LexError> Lexer::next(std::vector<Token> &out) {
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
  // VerCors's Unicode quantifiers: U+2200 (∀, `∀*`) and U+2203 (∃), in UTF-8.
  std::string_view rest = text_.substr(pos_);
  if (rest.substr(0, 4) == "\xE2\x88\x80*") {
    push(out, Tok::KwForallStar, 4);
    return std::nullopt;
  }
  if (rest.substr(0, 3) == "\xE2\x88\x80" || rest.substr(0, 3) == "\xE2\x88\x83") {
    push(out, rest[2] == '\x80' ? Tok::KwForall : Tok::KwExists, 3);
    return std::nullopt;
  }
  return LexError{pos(), pos() + 1, describeByte(static_cast<unsigned char>(c))};
}

void Lexer::lexWord(std::vector<Token> &out) {
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

// C's type of an integer literal: see pvl_lexer.h.
std::pair<uint8_t, bool> cLiteralType(int64_t value, bool isUnsigned, int longs, bool decimal) {
  struct Candidate {
    uint8_t bits;
    bool isSigned;
  };
  std::vector<Candidate> ladder;
  auto add = [&](uint8_t bits, bool sign, bool ok) {
    if (ok)
      ladder.push_back({bits, sign});
  };
  add(32, true, !isUnsigned && longs == 0);
  add(32, false, longs == 0 && (isUnsigned || !decimal));
  add(64, true, !isUnsigned);
  add(64, false, isUnsigned || !decimal);
  for (const Candidate &c : ladder)
    if (c.isSigned ? value <= (c.bits == 32 ? INT32_MAX : INT64_MAX)
                   : (c.bits == 64 || value <= int64_t{UINT32_MAX}))
      return {c.bits, c.isSigned};
  return {64, false};
}

std::optional<LexError> Lexer::lexNumber(std::vector<Token> &out) {
  size_t end = pos_;
  int64_t value = 0;
  bool overflow = false;
  bool hex = cLiterals_ && text_[end] == '0' && end + 2 < text_.size() &&
             (text_[end + 1] == 'x' || text_[end + 1] == 'X') && isxdigit(text_[end + 2]);
  if (hex) {
    end += 2;
    while (end < text_.size() && isxdigit(static_cast<unsigned char>(text_[end]))) {
      int digit = isDigit(text_[end]) ? text_[end] - '0' : (tolower(text_[end]) - 'a' + 10);
      if (value > (INT64_MAX - digit) / 16)
        overflow = true;
      else
        value = value * 16 + digit;
      ++end;
    }
  }
  // C's octal literals in C annotations (`0100` is 64, `037777777777` an unsigned
  // int, as in the code); PVL's integer literals keep their decimal reading.
  bool octal =
      cLiterals_ && !hex && text_[end] == '0' && end + 1 < text_.size() && isDigit(text_[end + 1]);
  int64_t octalValue = 0;
  bool octalOverflow = false, octalDigitError = false;
  while (!hex && end < text_.size() && isDigit(text_[end])) {
    int digit = text_[end] - '0';
    if (value > (INT64_MAX - digit) / 10)
      overflow = true;
    else
      value = value * 10 + digit;
    if (digit >= 8)
      octalDigitError = true;
    else if (octalValue > (INT64_MAX - digit) / 8)
      octalOverflow = true;
    else
      octalValue = octalValue * 8 + digit;
    ++end;
  }
  if (octal)
    overflow = octalOverflow;
  if (overflow)
    return LexError{pos(), static_cast<uint32_t>(end), "integer literal is too large"};
  // C's suffixes: u and l, ll in either order and case (`1u`, `2UL`, `3ull`).
  bool isUnsigned = false;
  int longs = 0;
  if (cLiterals_) {
    size_t at = end;
    auto isL = [&](size_t i) { return i < text_.size() && (text_[i] == 'l' || text_[i] == 'L'); };
    auto isU = [&](size_t i) { return i < text_.size() && (text_[i] == 'u' || text_[i] == 'U'); };
    for (int round = 0; round < 2; ++round) {
      if (!isUnsigned && isU(at)) {
        isUnsigned = true;
        ++at;
      } else if (longs == 0 && isL(at)) {
        longs = isL(at + 1) && text_[at + 1] == text_[at] ? 2 : 1;
        at += static_cast<size_t>(longs);
      }
    }
    if (at < text_.size() && isIdentChar(text_[at]) && !(text_[at] == 'f' || text_[at] == 'F' ||
                                                          text_[at] == 'e' || text_[at] == 'E')) {
      size_t stop = at;
      while (stop < text_.size() && isIdentChar(text_[stop]))
        ++stop;
      return LexError{pos(), static_cast<uint32_t>(stop), "invalid suffix on an integer literal"};
    }
    end = at;
  }
  bool fraction = end + 1 < text_.size() && text_[end] == '.' && isDigit(text_[end + 1]);
  bool suffix = end < text_.size() &&
                (text_[end] == 'f' || text_[end] == 'F' || text_[end] == 'e' || text_[end] == 'E');
  if (fraction || suffix) {
    size_t stop = end;
    while (stop < text_.size() && (isIdentChar(text_[stop]) || text_[stop] == '.'))
      ++stop;
    return LexError{pos(), static_cast<uint32_t>(stop),
                    "unsupported: floating-point literals in specifications (floating-point "
                    "values are opaque to kprove; see docs/language.md)",
                    DiagCode::Unsupported};
  }
  if (octal) {
    if (octalDigitError)
      return LexError{pos(), static_cast<uint32_t>(end), "invalid digit in an octal literal"};
    value = octalValue;
  }
  push(out, Tok::Int, end - pos_);
  out.back().value = value;
  if (hex || octal || isUnsigned || longs > 0) {
    auto [bits, sign] = cLiteralType(value, isUnsigned, longs, !(hex || octal));
    out.back().cBits = bits;
    out.back().cSigned = sign;
  }
  return std::nullopt;
}

// `\result`, `\old`, `\forall`, `\forall*`, `\exists`; any other backslash is the
// fraction operator, so `1\n` is 1 divided by n.
void Lexer::lexBackslash(std::vector<Token> &out) {
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
  if (word == "sum")
    return push(out, Tok::KwSum, end - pos_);
  if (isVerCorsBackslashWord(word))
    return push(out, Tok::BackslashWord, end - pos_);
  if (word == "forall") {
    bool star = end < text_.size() && text_[end] == '*';
    return push(out, star ? Tok::KwForallStar : Tok::KwForall, end - pos_ + (star ? 1 : 0));
  }
  push(out, Tok::Backslash, 1);
}

// Operators and separators with maximal munch; returns kind and length.
std::optional<std::pair<Tok, size_t>> Lexer::punctuation() const {
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
    if (d == ':')
      return {{Tok::ColonColon, 2}};
    return d == '=' ? std::pair{Tok::ColonEq, size_t{2}} : std::pair{Tok::Colon, size_t{1}};
  case '=':
    if (d == '=')
      return peek(2) == '>' ? std::pair{Tok::Implies, size_t{3}} : std::pair{Tok::EqEq, size_t{2}};
    return {{Tok::Assign, 1}};
  case '!':
    return d == '=' ? std::pair{Tok::NotEq, size_t{2}} : std::pair{Tok::Not, size_t{1}};
  case '<':
    if (d == '<')
      return {{Tok::Shl, 2}};
    return d == '=' ? std::pair{Tok::Le, size_t{2}} : std::pair{Tok::Lt, size_t{1}};
  case '>':
    if (d == '>')
      return {{Tok::Shr, 2}};
    return d == '=' ? std::pair{Tok::Ge, size_t{2}} : std::pair{Tok::Gt, size_t{1}};
  case '^':
    return {{Tok::Caret, 1}};
  case '~':
    return {{Tok::Tilde, 1}};
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

} // namespace kprove::lang::pvl
