// PVL front end: the public entry points (pvl_parser.h) and the driver around
// the grammar. Two stages:
//  1. a small hand-written lexer turns the text into tokens (pvl_lexer.*);
//  2. a Boost.Spirit X3 grammar runs over the token vector and builds the IR
//  through
//     semantic actions (pvl_expressions.cpp, pvl_statements.cpp,
//     pvl_declarations.cpp; their shared interface is pvl_grammar.h, the X3
//     machinery over tokens pvl_x3.h).
// This file runs the grammar on a large stack and turns its outcome into
// diagnostics; it contains no grammar rules.
//
// Errors: X3 expectation points (`>`) are placed after every token that commits
// to a construct, so an expectation failure is the furthest meaningful
// position; it is reported as one `parse` diagnostic "expected X". Semantic
// checks that must stop parsing (nesting limits, VerCors statements we do not
// model) throw ParseAbort. Unsupported types and fields are collected and
// reported only when the whole file parsed, so that backtracking cannot report
// them spuriously.
#include "lang/pvl/pvl_parser.h"

#include "lang/pvl/pvl_grammar.h"
#include "logic/large_stack.h"
#include "logic/spelling.h"

#include <algorithm>
#include <exception>
#include <new>
#include <string>
#include <string_view>
#include <vector>

namespace kprove::lang {
namespace {

namespace x3 = boost::spirit::x3;
using pvl::It;
using pvl::Lexer;
using pvl::ParseAbort;
using pvl::ParseState;
using pvl::SpecBuilder;
using pvl::state_tag;
using pvl::Tok;
using pvl::Token;

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

// Does the statement or clause around `at` start with a keyword that takes a
// formula or condition (requires, ensures, ..., assert, assume, if, while)?
bool inFormula(const std::vector<Token> &tokens, It at) {
  It start = at;
  while (start != tokens.begin()) {
    Tok k = std::prev(start)->kind;
    if (k == Tok::Semi || k == Tok::LBrace || k == Tok::RBrace)
      break;
    --start;
  }
  switch (start->kind) {
  case Tok::KwRequires:
  case Tok::KwEnsures:
  case Tok::KwContext:
  case Tok::KwContextEverywhere:
  case Tok::KwLoopInvariant:
  case Tok::KwInvariant:
  case Tok::KwKernelRequires:
  case Tok::KwKernelEnsures:
  case Tok::KwGroupRequires:
  case Tok::KwGroupEnsures:
  case Tok::KwAssert:
  case Tok::KwAssume:
  case Tok::KwIf:
  case Tok::KwWhile:
    return true;
  default:
    return false;
  }
}

// The classic slips that stop the grammar, said as what was probably meant
// (issue 13): `requires n = 4;` (`=` for `==`), `\reslt` (a misspelled backslash
// word), `a.lenght`. nullopt: the grammar's own "expected X" stands.
std::optional<ParseError> slipAt(const std::vector<Token> &tokens, It where, bool cSpec,
                                 uint32_t file) {
  if (where == tokens.cend())
    return std::nullopt;
  It next = std::next(where);
  bool adjacent = next != tokens.cend() && next->begin == where->end;
  SourceRange here = errorRange(file, where, tokens.cend());
  if (where->kind == Tok::Assign && inFormula(tokens, where))
    return ParseError{here, "'=' is assignment; did you mean '=='?"};
  if (where->kind == Tok::Backslash && adjacent && next->kind == Tok::Ident) {
    std::vector<std::string> words = {"\\result", "\\old", "\\forall", "\\forall*", "\\exists"};
    if (cSpec)
      words.insert(words.end(), {"\\pointer_length", "\\pointer_index", "\\pointer",
                                 "\\shared_mem_size", "\\gtid", "\\ltid"});
    std::string word = "\\" + std::string(next->text);
    if (auto near = nearestName(word, words))
      return ParseError{{{file, where->begin}, {file, next->end}},
                        "unknown '" + word + "'; did you mean '" + *near + "'?"};
  }
  if (where->kind == Tok::Dot && adjacent && next->kind == Tok::Ident &&
      nearestName(next->text, {"length"}))
    return ParseError{{{file, where->begin}, {file, next->end}},
                      "unknown field '." + std::string(next->text) + "'; did you mean '.length'?"};
  return std::nullopt;
}

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
    if (auto slip = slipAt(tokens, e.where(), st.cSpec, st.file))
      return slip;
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
  if (auto err = runGrammar(tokens, st, pvl::program, none))
    return fail(err->range, err->message, err->code);
  if (!st.deferred.empty())
    return emitDeferred(st.deferred, out.diags);
  out.program = std::move(st.program);
}

// The grammar recurses through about fifteen X3 rules per nesting level;
// unoptimised or sanitizer builds need far more than a default 8 MB stack for
// the 1000 levels we accept, so parsing runs on a thread with a large (lazily
// committed) stack.
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
  if (auto err = Lexer(job.text, job.begin, job.end, /*cLiterals=*/true).run(tokens))
    return fail({{job.fileId, err->begin}, {job.fileId, err->end}}, err->message, err->code);
  ParseState st;
  st.file = job.fileId;
  st.cSpec = true;
  st.tokensEnd = tokens.cend();
  st.spanBegin = st.spanEnd = tokens.cend();
  SpecBuilder built;
  if (auto err = runGrammar(tokens, st, pvl::spec_comment, built))
    return fail(err->range, err->message, err->code);
  if (!st.deferred.empty())
    return emitDeferred(st.deferred, job.diags);
  job.out = SpecComment{std::move(built.clauses),         std::move(built.stmts),
                        std::move(built.given),           std::move(built.yields),
                        std::move(built.ghostArgs.given), std::move(built.ghostArgs.yields),
                        std::move(built.functions),       built.pure};
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
  if (job.out.program && !diags.hasInputErrors())
    pvl::expandResourcePredicates(*job.out.program, diags);
  return std::move(job.out.program);
}

} // namespace kprove::lang
