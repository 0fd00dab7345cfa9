// Annotations: the /*@ ... @*/ and //@ comments. Clang drops comments, so a
// preprocessor CommentHandler keeps them; here they are attached to what follows
// them (kernel, function, barrier, loop) or become statements (assert, assume),
// and their use of floating-point values is checked.
#include "lang/c/clang_lowering.h"

namespace kprove::lang::clower {

bool AnnotationCollector::HandleComment(clang::Preprocessor &pp, clang::SourceRange r) {
  const clang::SourceManager &sm = pp.getSourceManager();
  if (!sm.isWrittenInMainFile(r.getBegin()))
    return false;
  uint32_t b = sm.getFileOffset(r.getBegin()), e = sm.getFileOffset(r.getEnd());
  llvm::StringRef text = sm.getBufferData(sm.getMainFileID());
  llvm::StringRef c = text.substr(b, e - b);
  Annotation a{b, e, 0, 0, false};
  if (c.starts_with("/*@")) {
    a.bodyBegin = b + 3;
    a.bodyEnd = c.ends_with("@*/") && c.size() >= 6 ? e - 3 : e - 2;
  } else if (c.starts_with("//@")) {
    a.bodyBegin = b + 3;
    a.bodyEnd = e;
  } else {
    // `/* @ ... @*/`: the content without the comment's marks.
    a.bodyBegin = b + 2;
    a.bodyEnd = !c.starts_with("/*") ? e : c.ends_with("@*/") && c.size() >= 5 ? e - 3 : e - 2;
    comments_.push_back(a);
    return false;
  }
  out_.push_back(a);
  return false;
}

// The annotation ending right before `at` (only white space in between).
Annotation *CLowering::annotationBefore(uint32_t at) {
  std::string_view text = sm_.text(file_);
  for (auto it = annotations_.rbegin(); it != annotations_.rend(); ++it) {
    if (it->end > at)
      continue;
    if (it->used)
      return nullptr;
    for (uint32_t i = it->end; i < at; ++i)
      if (!isspace(static_cast<unsigned char>(text[i])))
        return nullptr;
    return &*it;
  }
  return nullptr;
}

std::optional<SpecComment> CLowering::parseAnnotation(Annotation &a) {
  a.used = true;
  auto spec = parseSpecComment(sm_, file_, a.bodyBegin, a.bodyEnd, diags_);
  if (spec) {
    for (ir::Clause &c : spec->clauses) {
      expandConstants(c.expr);
      markBuiltins(c.expr);
      aggregateSpec(c.expr);
      if (typeSpecsNow_)
        typeSpecClause(c.expr);
      specExprs_.push_back(c.expr);
    }
    for (ir::GhostArg &g : spec->callGiven) {
      expandConstants(g.value);
      markBuiltins(g.value);
      aggregateSpec(g.value);
      typeSpecClause(g.value);
      specExprs_.push_back(g.value);
    }
    for (const StmtPtr &st : spec->stmts) {
      expandConstants(st->value);
      markBuiltins(st->value);
      aggregateSpec(st->value);
      typeSpecClause(st->value);
      specExprs_.push_back(st->value);
    }
  }
  return spec;
}

// Marks (kBuiltinMark) the thread-id builtins an annotation names: `threadIdx.x`
// unless a parameter or local variable in scope is called threadIdx, and
// `get_local_id(d)` unless the file defines a function of that name. What stays
// unmarked is the user's, and resolveGpuBuiltins leaves it alone.
void CLowering::markBuiltins(ExprPtr &e) {
  if (!e)
    return;
  for (ExprPtr &a : e->args)
    markBuiltins(a);
  auto declared = [&](const std::string &n) {
    return std::any_of(userNames_.begin(), userNames_.end(),
                       [&](const ScopedName &u) { return u.name == n; });
  };
  if (e->kind == ExprKind::Var) {
    size_t dot = e->name.find('.');
    std::string base = e->name.substr(0, dot);
    if (dot != std::string::npos && findBuiltin(base, CDialect::Cuda) && isThreadIdBuiltin(base) &&
        !declared(base))
      e->name = std::string(kBuiltinMark) + e->name;
  } else if (e->kind == ExprKind::Call) {
    if (isThreadIdBuiltin(e->name) && !mainFunctions_.count(e->name) && !declared(e->name))
      e->name = std::string(kBuiltinMark) + e->name;
  }
}

// Annotations see floating-point values as opaque (docs/language.md §11.2): they
// may compare them for equality, but arithmetic and ordering on them would speak
// of kprove's encoding, not of IEEE values. Checked once a function is lowered,
// when the names of its floating-point parameters and variables are known.
bool CLowering::isFloatValued(const ir::Expr &e) const {
  switch (e.kind) {
  case ExprKind::Var:
    return floatNames_.count(e.name) > 0;
  case ExprKind::Index:
    return e.args[0]->kind == ExprKind::Var && floatNames_.count(e.args[0]->name) > 0;
  case ExprKind::Old:
  case ExprKind::Other:
    return isFloatValued(*e.args[0]);
  case ExprKind::Ite:
    return isFloatValued(*e.args[1]) || isFloatValued(*e.args[2]);
  default:
    return false;
  }
}

void CLowering::checkFloatSpec(const ir::Expr &e) {
  bool arith = (e.kind == ExprKind::Binary && e.binop != ir::BinOp::Eq &&
                e.binop != ir::BinOp::Ne && e.binop != ir::BinOp::And && e.binop != ir::BinOp::Or &&
                e.binop != ir::BinOp::Implies && e.binop != ir::BinOp::Star) ||
               (e.kind == ExprKind::Unary && e.unop == ir::UnOp::Neg);
  for (const ExprPtr &a : e.args) {
    if (!a)
      continue;
    if (arith && isFloatValued(*a)) {
      unsupported(a->range, "arithmetic or ordering on a floating-point value in an "
                            "annotation (floating-point values are opaque; compare them "
                            "with == only)");
      return;
    }
    checkFloatSpec(*a);
  }
}

void CLowering::checkFunctionSpecs() {
  for (const ExprPtr &e : specExprs_)
    if (e)
      checkFloatSpec(*e);
  specExprs_.clear();
}

// Clauses of the annotation before `at`, keeping only `allowed` kinds.
std::vector<ir::Clause> CLowering::contractBefore(uint32_t at,
                                                  std::initializer_list<ir::ClauseKind> allowed,
                                                  const char *where, SpecComment *ghost) {
  Annotation *a = annotationBefore(at);
  if (!a)
    return {};
  auto spec = parseAnnotation(*a);
  if (!spec)
    return {};
  if (!spec->functions.empty()) {
    // Ghost declarations right before the function: not its contract.
    addGhostFunctions(std::move(spec->functions)); // pure_functions.cpp
    return {};
  }
  if (spec->pure) {
    if (ghost)
      ghost->pure = true;
    else
      typeError({{file_, a->bodyBegin}, {file_, a->bodyEnd}},
                std::string("'pure' is not allowed ") + where);
  }
  if (spec->ghostArgsOnly())
    typeError({{file_, a->bodyBegin}, {file_, a->bodyEnd}},
              std::string("'given {...}' or 'yields {...}' must come right after a call, not ") +
                  where);
  if (ghost) {
    ghost->given = spec->given;
    ghost->yields = spec->yields;
  } else if (!spec->given.empty() || !spec->yields.empty()) {
    const ir::Param &p = spec->given.empty() ? spec->yields.front() : spec->given.front();
    unsupported(p.range, std::string("a 'given' or 'yields' parameter ") + where +
                             " (kprove takes them on functions only)");
  }
  for (const ir::Clause &c : spec->clauses)
    if (std::find(allowed.begin(), allowed.end(), c.kind) == allowed.end())
      typeError(c.range, std::string("this clause is not allowed ") + where);
  if (!spec->stmts.empty())
    typeError(spec->stmts.front()->range,
              std::string("statements are not allowed in the annotation ") + where);
  return spec->clauses;
}

SpecComment CLowering::ghostArgsAfter(const clang::CallExpr *c) {
  SpecComment out;
  std::string_view text = sm_.text(file_);
  uint32_t from = offset(c->getRParenLoc()) + 1;
  for (Annotation &a : annotations_) {
    if (a.used || a.begin < from)
      continue;
    bool adjacent = true;
    for (uint32_t i = from; i < a.begin && adjacent; ++i)
      adjacent = isspace(static_cast<unsigned char>(text[i]));
    if (!adjacent)
      break;
    std::string_view body = text.substr(a.bodyBegin, a.bodyEnd - a.bodyBegin);
    size_t first = body.find_first_not_of(" \t\r\n");
    body = first == std::string_view::npos ? std::string_view{} : body.substr(first);
    if (body.rfind("given", 0) != 0 && body.rfind("yields", 0) != 0)
      break;
    auto spec = parseAnnotation(a);
    if (!spec)
      break;
    if (!spec->ghostArgsOnly()) {
      typeError({{file_, a.bodyBegin}, {file_, a.bodyEnd}},
                "a 'given' or 'yields' clause right after a call (ghost arguments are written "
                "'given {name = value}' and 'yields {variable = name}')");
      break;
    }
    for (ir::GhostArg &g : spec->callGiven)
      out.callGiven.push_back(g);
    for (ir::GhostArg &g : spec->callYields)
      out.callYields.push_back(g);
    from = a.end;
  }
  return out;
}

// Annotations inside a body, in [from, to), become statements (assert, assume).
void CLowering::annotationStatements(uint32_t from, uint32_t to, std::vector<StmtPtr> &out) {
  for (Annotation &a : annotations_) {
    if (a.used || a.begin < from || a.end > to)
      continue;
    auto spec = parseAnnotation(a);
    if (!spec)
      continue;
    for (const ir::Clause &c : spec->clauses)
      typeError(c.range, "a clause must come right before a kernel, function, barrier or loop");
    for (StmtPtr &s : spec->stmts) {
      // Ghost code: declarations of ghost variables, assignments to them.
      if (s->ghost && s->kind == StmtKind::VarDecl) {
        // One name, one variable: a ghost variable named like a C variable would
        // let ghost code assign the real one.
        if (std::any_of(userNames_.begin(), userNames_.end(),
                        [&](const ScopedName &u) { return u.name == s->name; }))
          typeError(s->nameRange.valid() ? s->nameRange : s->range,
                    "ghost variable '" + s->name + "' has the name of a C variable");
        ghostVars_.insert(s->name);
        out.push_back(s);
        continue;
      }
      if (s->ghost && s->kind == StmtKind::Assign && s->target &&
          s->target->kind == ExprKind::Var && ghostVars_.count(s->target->name)) {
        out.push_back(s);
        continue;
      }
      if (s->kind != StmtKind::Assert && s->kind != StmtKind::Assume) {
        unsupported(s->range, "ghost statements other than assert, assume, ghost variable "
                              "declarations and assignments to ghost variables");
        continue;
      }
      out.push_back(s);
    }
  }
}

namespace {
// Does the text start with `word` as a whole word?
bool startsWithWord(std::string_view text, std::string_view word) {
  return text.substr(0, word.size()) == word &&
         (text.size() == word.size() ||
          !(isalnum(static_cast<unsigned char>(text[word.size()])) || text[word.size()] == '_'));
}
} // namespace

// `/* @ requires ...`, `// requires ...;` right before a kernel or function: an
// ordinary comment that kprove ignores, though its author meant a contract
// (`/*@` or `//@`). Warned when the comment starts with a clause keyword (after an
// optional `@`) and either has that `@` or parses as a contract, so prose such as
// `// requires n to be even` stays quiet.
void CLowering::lookalikeContract(const clang::FunctionDecl *fd, uint32_t at) {
  if (annotationBefore(at))
    return;
  std::string_view text = sm_.text(file_);
  // The comments right before `at` (white space between), last first.
  std::vector<const Annotation *> block;
  uint32_t until = at;
  for (auto it = comments_.rbegin(); it != comments_.rend(); ++it) {
    if (it->end > until)
      continue;
    bool blank = true;
    for (uint32_t i = it->end; i < until && blank; ++i)
      blank = isspace(static_cast<unsigned char>(text[i]));
    if (!blank)
      break;
    block.push_back(&*it);
    until = it->begin;
  }
  for (auto it = block.rbegin(); it != block.rend(); ++it) {
    const Annotation &c = **it;
    std::string_view body = text.substr(c.bodyBegin, c.bodyEnd - c.bodyBegin);
    size_t first = body.find_first_not_of(" \t\r\n*");
    if (first == std::string_view::npos)
      continue;
    body = body.substr(first);
    bool at = !body.empty() && body[0] == '@';
    if (at)
      body = body.substr(std::min(body.size(), body.find_first_not_of(" \t\r\n@")));
    bool keyword = false;
    for (std::string_view w : {"requires", "ensures", "context", "context_everywhere"})
      keyword |= startsWithWord(body, w);
    if (!keyword)
      continue;
    if (!at) {
      // Parsed on the side: its diagnostics are not the file's.
      DiagnosticEngine scratch(sm_);
      auto spec = parseSpecComment(sm_, file_, c.bodyBegin, c.bodyEnd, scratch);
      if (!spec || spec->clauses.empty() || scratch.count() > 0)
        continue;
    }
    size_t eol = text.find('\n', c.begin);
    uint32_t end =
        eol == std::string_view::npos || eol > c.end ? c.end : static_cast<uint32_t>(eol);
    std::string what =
        std::string(isKernel(fd) ? "kernel '" : "function '") + fd->getNameAsString() + "'";
    diags_.report({DiagCode::CommentContract,
                   {{file_, c.begin}, {file_, end}},
                   "this comment looks like a contract of " + what +
                       ", but it is an ordinary comment and kprove ignores it; write "
                       "'/*@ ... @*/' or '//@' for a contract",
                   {}});
    return;
  }
}

// An annotation attached to nothing is an error (dropping a contract silently
// would be unsound). When only ordinary comments or preprocessor lines separate it
// from the next function, the message names that function and a note the line.
void CLowering::unusedAnnotation(const Annotation &a) {
  std::string msg = "an annotation that is not right before a kernel, function, barrier or "
                    "loop, nor inside a function body";
  std::vector<DiagNote> notes;
  const clang::FunctionDecl *next = nullptr;
  uint32_t nextAt = 0;
  for (clang::Decl *d : fileDecls())
    if (auto *fd = llvm::dyn_cast<clang::FunctionDecl>(d); fd && inMainFile(fd->getLocation())) {
      uint32_t at = offset(fd->getSourceRange().getBegin());
      if (at >= a.end && (!next || at < nextAt))
        next = fd, nextAt = at;
    }
  if (next) {
    std::string_view text = sm_.text(file_);
    std::optional<SourceRange> comment, directive;
    bool other = false;
    for (uint32_t i = a.end; i < nextAt && !other;) {
      auto c = std::find_if(comments_.begin(), comments_.end(),
                            [&](const Annotation &k) { return k.begin == i; });
      if (c != comments_.end()) {
        size_t eol = text.find('\n', c->begin);
        if (!comment)
          comment = SourceRange{{file_, c->begin},
                                {file_, eol == std::string_view::npos || eol > c->end
                                            ? c->end
                                            : static_cast<uint32_t>(eol)}};
        i = c->end;
      } else if (text[i] == '#') {
        size_t eol = std::min<size_t>(text.find('\n', i), nextAt);
        if (!directive)
          directive = SourceRange{{file_, i}, {file_, static_cast<uint32_t>(eol)}};
        i = static_cast<uint32_t>(eol);
      } else if (isspace(static_cast<unsigned char>(text[i]))) {
        ++i;
      } else {
        other = true;
      }
    }
    std::string what =
        std::string(isKernel(next) ? "kernel '" : "function '") + next->getNameAsString() + "'";
    unsigned line = sm_.lineCol({file_, nextAt}).line;
    if (!other && comment) {
      msg = "this contract is attached to nothing: an ordinary comment separates it from " + what +
            " (line " + std::to_string(line) + ")";
      notes.push_back({*comment, "move this comment above the contract: a contract must come "
                                 "right before its " +
                                     std::string(isKernel(next) ? "kernel" : "function")});
    } else if (!other && !next->doesThisDeclarationHaveABody() && next->getDefinition() &&
               inMainFile(next->getDefinition()->getLocation())) {
      // Both the prototype and the definition are annotated: the definition's is
      // the contract (CLowering::function).
      const clang::FunctionDecl *def = next->getDefinition();
      msg = "a second contract for " + what + ": its definition (line " +
            std::to_string(sm_.lineCol({file_, offset(def->getSourceRange().getBegin())}).line) +
            ") has one; write the contract once, before the prototype or the definition";
    } else if (!other && directive) {
      msg = "this contract is attached to nothing: a preprocessor line separates it from " + what +
            " (line " + std::to_string(line) + ")";
      notes.push_back({*directive, "move this line above the contract"});
    }
  }
  diags_.report({DiagCode::Unsupported,
                 {{file_, a.begin}, {file_, a.begin + 3}},
                 "unsupported: " + msg,
                 notes});
}

} // namespace kprove::lang::clower
