// Constructors and the PVL-like pretty-printer of the kernel IR.
//
// The printer fully parenthesises binary operators, so its output re-parses (with the
// PVL front end) to the same tree; tests rely on that round trip.
#include "logic/ir.h"

#include <string_view>

namespace kprove::ir {

std::string sourceName(const std::string &name) {
  size_t hash = name.find(kScopeSeparator);
  return hash == std::string::npos ? name : name.substr(0, hash);
}

std::string fieldArrayName(const std::string &className, const std::string &field) {
  return className + "." + field;
}

std::string typeName(Type t) {
  switch (t.kind()) {
  case TypeKind::Unknown:
    return "unknown";
  case TypeKind::Int:
    return "int";
  case TypeKind::Bool:
    return "bool";
  case TypeKind::Frac:
    return "frac";
  case TypeKind::IntArray:
    return "int[]";
  case TypeKind::IntMatrix:
    return "int[][]";
  case TypeKind::Resource:
    return "resource";
  case TypeKind::Void:
    return "void";
  case TypeKind::Seq:
    return "seq<" + typeName(t.element()) + ">";
  }
  return "unknown";
}

const char *seqOpName(SeqOp op) {
  switch (op) {
  case SeqOp::Length:
    return "|_|";
  case SeqOp::Index:
    return "indexing";
  case SeqOp::Head:
    return ".head";
  case SeqOp::Tail:
    return ".tail";
  case SeqOp::Literal:
    return "a sequence literal";
  case SeqOp::Concat:
    return "'++'";
  case SeqOp::Cons:
    return "'::'";
  case SeqOp::Slice:
    return "a slice";
  case SeqOp::Update:
    return "an update";
  }
  return "?";
}

const Expr *arrayRoot(const Expr &array) {
  if (array.kind == ExprKind::Var)
    return &array;
  if (array.kind == ExprKind::Index && !array.args.empty() && array.args[0] &&
      array.args[0]->kind == ExprKind::Var && array.args[0]->type == Type::IntMatrix)
    return array.args[0].get();
  return nullptr;
}

ExprPtr makeInt(int64_t v, SourceRange r) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::IntLit;
  e->intValue = v;
  e->range = r;
  return e;
}

ExprPtr makeBool(bool v, SourceRange r) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::BoolLit;
  e->boolValue = v;
  e->range = r;
  return e;
}

ExprPtr makeVar(std::string name, SourceRange r) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Var;
  e->name = std::move(name);
  e->range = r;
  return e;
}

ExprPtr makeUnary(UnOp op, ExprPtr a, SourceRange r) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Unary;
  e->unop = op;
  e->args.push_back(std::move(a));
  e->range = r;
  return e;
}

ExprPtr makeBinary(BinOp op, ExprPtr a, ExprPtr b, SourceRange r) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Binary;
  e->binop = op;
  e->args.push_back(std::move(a));
  e->args.push_back(std::move(b));
  e->range = r;
  return e;
}

ExprPtr cloneExpr(const ExprPtr &e) {
  if (!e)
    return e;
  auto c = std::make_shared<Expr>(*e);
  for (ExprPtr &a : c->args)
    a = cloneExpr(a);
  return c;
}

const char *binOpSpelling(BinOp op) {
  switch (op) {
  case BinOp::Add:
    return "+";
  case BinOp::Sub:
    return "-";
  case BinOp::Mul:
    return "*";
  case BinOp::Div:
    return "/";
  case BinOp::Mod:
    return "%";
  case BinOp::FracDiv:
    return "\\";
  case BinOp::Lt:
    return "<";
  case BinOp::Le:
    return "<=";
  case BinOp::Gt:
    return ">";
  case BinOp::Ge:
    return ">=";
  case BinOp::Eq:
    return "==";
  case BinOp::Ne:
    return "!=";
  case BinOp::And:
    return "&&";
  case BinOp::Or:
    return "||";
  case BinOp::Implies:
    return "==>";
  case BinOp::Star:
    return "**";
  case BinOp::TDiv:
    return "/";
  case BinOp::TMod:
    return "%";
  case BinOp::BitAnd:
    return "&";
  case BinOp::BitOr:
    return "|";
  case BinOp::BitXor:
    return "^";
  case BinOp::Shl:
    return "<<";
  case BinOp::Shr:
    return ">>";
  }
  return "?";
}

bool IntType::holds(int64_t v) const {
  if (!bounded())
    return true;
  if (bits >= 64)
    return isSigned || v >= 0;
  int64_t lo = isSigned ? -(int64_t{1} << (bits - 1)) : 0;
  int64_t hi = isSigned ? (int64_t{1} << (bits - 1)) - 1 : (int64_t{1} << bits) - 1;
  return lo <= v && v <= hi;
}

std::string intTypeName(IntType t) {
  if (!t.bounded())
    return "integer";
  std::string base;
  switch (t.bits) {
  case 8:
    base = "char";
    break;
  case 16:
    base = "short";
    break;
  case 32:
    base = "int";
    break;
  case 64:
    base = "long";
    break;
  default:
    base = "int" + std::to_string(t.bits);
  }
  return t.isSigned ? base : "unsigned " + base;
}

namespace {

const char *permConstText(PermConst c) {
  switch (c) {
  case PermConst::Write:
    return "write";
  case PermConst::Read:
    return "read";
  case PermConst::None:
    return "none";
  }
  return "?";
}

const char *clauseKeyword(ClauseKind k) {
  switch (k) {
  case ClauseKind::Requires:
    return "requires";
  case ClauseKind::Ensures:
    return "ensures";
  case ClauseKind::Context:
    return "context";
  case ClauseKind::ContextEverywhere:
    return "context_everywhere";
  case ClauseKind::LoopInvariant:
    return "loop_invariant";
  case ClauseKind::Decreases:
    return "decreases";
  case ClauseKind::KernelRequires:
    return "kernel_requires";
  case ClauseKind::KernelEnsures:
    return "kernel_ensures";
  case ClauseKind::GroupRequires:
    return "group_requires";
  case ClauseKind::GroupEnsures:
    return "group_ensures";
  }
  return "?";
}

// Reserved GPU names as the user wrote them: $lid0 is get_local_id(0).
std::string displayName(const std::string &name) {
  if (std::string builtin = gpuBuiltinSpelling(name, /*cuda=*/false); !builtin.empty())
    return builtin;
  if (name == "$wdim")
    return "get_work_dim()";
  if (name.rfind("$smem_", 0) == 0)
    return "\\shared_mem_size(" + name.substr(6) + ")";
  return sourceName(name);
}

void printExpr(const Expr &e, std::string &out);

void printArgs(const std::vector<ExprPtr> &args, size_t from, std::string &out) {
  for (size_t i = from; i < args.size(); ++i) {
    if (i > from)
      out += ", ";
    if (args[i])
      printExpr(*args[i], out);
    else
      out += "<null>";
  }
}

void printArg(const Expr &e, size_t i, std::string &out) {
  if (i < e.args.size() && e.args[i])
    printExpr(*e.args[i], out);
  else
    out += "<null>";
}

// A unary operand that itself starts with '-' or '!' gets parentheses, so that
// `-(-x)` does not print as `--x` (which would lex as a decrement).
void printUnaryOperand(const Expr &e, size_t i, std::string &out) {
  const Expr *a = i < e.args.size() ? e.args[i].get() : nullptr;
  bool paren =
      a && (a->kind == ExprKind::Unary || (a->kind == ExprKind::IntLit && a->intValue < 0));
  if (paren)
    out += '(';
  printArg(e, i, out);
  if (paren)
    out += ')';
}

void printQuantifier(const Expr &e, const char *keyword, std::string &out) {
  out += '(';
  out += keyword;
  out += ' ';
  for (size_t i = 0; i < e.binders.size(); ++i) {
    if (i > 0)
      out += ", ";
    out += typeName(e.binders[i].type);
    out += ' ';
    out += e.binders[i].name;
  }
  out += "; ";
  printArg(e, 0, out);
  out += "; ";
  printArg(e, 1, out);
  out += ')';
}

void printNode(const Expr &e, std::string &out);

// PVL's spelling of a sequence operation (operands parenthesised when composite).
void printSeq(const Expr &e, std::string &out) {
  auto operand = [&](size_t i) {
    bool composite = e.args[i]->kind == ExprKind::Binary || e.args[i]->kind == ExprKind::Ite ||
                     (e.args[i]->kind == ExprKind::Seq &&
                      (e.args[i]->seqOp == SeqOp::Concat || e.args[i]->seqOp == SeqOp::Cons));
    if (composite)
      out += '(';
    printExpr(*e.args[i], out);
    if (composite)
      out += ')';
  };
  switch (e.seqOp) {
  case SeqOp::Length:
    out += '|';
    printExpr(*e.args[0], out);
    out += '|';
    return;
  case SeqOp::Index:
    operand(0);
    out += '[';
    printExpr(*e.args[1], out);
    out += ']';
    return;
  case SeqOp::Head:
  case SeqOp::Tail:
    operand(0);
    out += e.seqOp == SeqOp::Head ? ".head" : ".tail";
    return;
  case SeqOp::Literal:
    if (e.args.empty()) {
      out += "[t: " + typeName(e.declared.element()) + "]";
      return;
    }
    out += '[';
    printArgs(e.args, 0, out);
    out += ']';
    return;
  case SeqOp::Concat:
  case SeqOp::Cons:
    operand(0);
    out += e.seqOp == SeqOp::Concat ? " ++ " : " :: ";
    operand(1);
    return;
  case SeqOp::Slice:
  case SeqOp::Update:
    operand(0);
    out += '[';
    printExpr(*e.args[1], out);
    out += e.seqOp == SeqOp::Slice ? " .. " : " -> ";
    printExpr(*e.args[2], out);
    out += ']';
    return;
  }
}

void printExpr(const Expr &e, std::string &out) {
  if (!e.userTrigger)
    return printNode(e, out);
  out += "{: ";
  printNode(e, out);
  out += " :}";
}

void printNode(const Expr &e, std::string &out) {
  switch (e.kind) {
  case ExprKind::IntLit:
    out += std::to_string(e.intValue);
    return;
  case ExprKind::BoolLit:
    out += e.boolValue ? "true" : "false";
    return;
  case ExprKind::NullLit:
    out += "null";
    return;
  case ExprKind::PermConst:
    out += permConstText(e.permConst);
    return;
  case ExprKind::Var:
    out += displayName(e.name);
    return;
  case ExprKind::Unary:
    out += e.unop == UnOp::Neg ? "-" : e.unop == UnOp::Not ? "!" : "~";
    printUnaryOperand(e, 0, out);
    return;
  case ExprKind::Binary:
    out += '(';
    printArg(e, 0, out);
    out += ' ';
    out += binOpSpelling(e.binop);
    out += ' ';
    printArg(e, 1, out);
    out += ')';
    return;
  case ExprKind::Ite:
    out += '(';
    printArg(e, 0, out);
    out += " ? ";
    printArg(e, 1, out);
    out += " : ";
    printArg(e, 2, out);
    out += ')';
    return;
  case ExprKind::Index:
    // A field cell `C.f[0]` (see ir::Field) prints as the PVL that makes it.
    if (!e.args.empty() && e.args[0] && e.args[0]->kind == ExprKind::Var &&
        e.args[0]->name.find('.') != std::string::npos) {
      out += "this." + e.args[0]->name.substr(e.args[0]->name.find('.') + 1);
      return;
    }
    printArg(e, 0, out);
    out += '[';
    printArg(e, 1, out);
    out += ']';
    return;
  case ExprKind::Length:
    printArg(e, 0, out);
    out += ".length";
    return;
  case ExprKind::Call:
    out += e.name;
    out += '(';
    printArgs(e.args, 0, out);
    out += ')';
    return;
  case ExprKind::Old:
    out += "\\old(";
    printArg(e, 0, out);
    out += ')';
    return;
  case ExprKind::Result:
    out += "\\result";
    return;
  case ExprKind::Forall:
    printQuantifier(e, "\\forall", out);
    return;
  case ExprKind::Exists:
    printQuantifier(e, "\\exists", out);
    return;
  case ExprKind::ForallStar:
    printQuantifier(e, "\\forall*", out);
    return;
  case ExprKind::Sum:
    printQuantifier(e, "\\sum", out);
    return;
  case ExprKind::Perm:
    out += "Perm(";
    printArgs(e.args, 0, out);
    out += ')';
    return;
  case ExprKind::PointsTo:
    out += "PointsTo(";
    printArgs(e.args, 0, out);
    out += ')';
    return;
  case ExprKind::Convert:
    out += "(" + intTypeName(e.cint) + ")";
    printUnaryOperand(e, 0, out);
    return;
  case ExprKind::NewArray:
    out += "new int[";
    printArgs(e.args, 0, out);
    out += ']';
    return;
  case ExprKind::ValidMatrix:
    out += "\\matrix(";
    printArgs(e.args, 0, out);
    out += ')';
    return;
  case ExprKind::Seq:
    printSeq(e, out);
    return;
  case ExprKind::Other:
    out += "__other(";
    printArgs(e.args, 0, out);
    out += ')';
    return;
  case ExprKind::Enabled:
    out += "__enabled()";
    return;
  }
}

// Statement printer with indentation; one statement per line.
class ProgramPrinter {
public:
  explicit ProgramPrinter(std::string &out) : out_(out) {}

  void method(const Method &m) {
    contract(m.contract);
    line();
    if (m.pure)
      out_ += "pure ";
    out_ += typeName(m.returnType);
    out_ += ' ';
    out_ += m.name;
    out_ += '(';
    for (size_t i = 0; i < m.params.size(); ++i) {
      if (i > 0)
        out_ += ", ";
      out_ += typeName(m.params[i].type);
      out_ += ' ';
      out_ += m.params[i].name;
    }
    out_ += ')';
    if (m.body) {
      out_ += ' ';
      block(*m.body);
      out_ += '\n';
    } else if (m.pureBody) {
      out_ += " = ";
      expr(m.pureBody);
      out_ += ";\n";
    } else {
      out_ += ";\n";
    }
  }

  void kernel(const Kernel &k) {
    line();
    out_ += "kernel " + k.name + " {\n";
    ++indent_;
    for (const KernelArray &a : k.arrays) {
      line();
      out_ += a.space == MemorySpace::Global ? "global int[" : "local int[";
      expr(a.length);
      out_ += "] " + a.name + ";\n";
    }
    contract(k.contract);
    line();
    out_ += "void main() ";
    block(k.body);
    out_ += '\n';
    --indent_;
    line();
    out_ += "}\n";
  }

  void gpuKernel(const GpuKernel &k) {
    line();
    out_ += "__kernel " + k.name + "(";
    for (size_t i = 0; i < k.params.size(); ++i) {
      if (i)
        out_ += ", ";
      out_ += std::string(typeName(k.params[i].type)) + ' ' + k.params[i].name;
    }
    out_ += ")\n";
    contract(k.contract);
    line();
    out_ += "{\n";
    ++indent_;
    for (const KernelArray &a : k.locals) {
      line();
      out_ += "local int[";
      expr(a.length);
      out_ += "] " + a.name + ";\n";
    }
    --indent_;
    line();
    block(k.body);
    out_ += "\n";
    line();
    out_ += "}\n";
  }

private:
  void line() { out_.append(static_cast<size_t>(indent_) * 2, ' '); }
  void expr(const ExprPtr &e) {
    if (e)
      printExpr(*e, out_);
    else
      out_ += "<null>";
  }

  // `(cond)` for if/while; binary operators already print their own parentheses.
  void condition(const ExprPtr &e) {
    bool parenthesised = e && (e->kind == ExprKind::Binary || e->kind == ExprKind::Ite ||
                               e->kind == ExprKind::Forall || e->kind == ExprKind::Exists ||
                               e->kind == ExprKind::ForallStar || e->kind == ExprKind::Sum);
    if (!parenthesised)
      out_ += '(';
    expr(e);
    if (!parenthesised)
      out_ += ')';
  }

  void contract(const std::vector<Clause> &clauses) {
    for (const Clause &c : clauses) {
      line();
      out_ += clauseKeyword(c.kind);
      out_ += ' ';
      expr(c.expr);
      out_ += ";\n";
    }
  }

  // Prints `{ ... }` starting at the current column; no trailing newline.
  void block(const std::vector<StmtPtr> &body) {
    out_ += "{\n";
    ++indent_;
    for (const StmtPtr &s : body)
      stmt(s);
    --indent_;
    line();
    out_ += '}';
  }

  void stmt(const StmtPtr &sp) {
    if (!sp)
      return;
    const Stmt &s = *sp;
    line();
    if (s.ghost)
      out_ += "ghost ";
    switch (s.kind) {
    case StmtKind::Block:
      block(s.body);
      out_ += '\n';
      return;
    case StmtKind::VarDecl:
      out_ += typeName(s.declType);
      out_ += ' ' + s.name;
      if (s.value) {
        out_ += " = ";
        expr(s.value);
      }
      out_ += ";\n";
      return;
    case StmtKind::Assign:
      expr(s.target);
      out_ += " = ";
      expr(s.value);
      out_ += ";\n";
      return;
    case StmtKind::If:
      out_ += "if ";
      condition(s.cond);
      out_ += ' ';
      block(s.body);
      if (!s.elseBody.empty()) {
        out_ += " else ";
        block(s.elseBody);
      }
      out_ += '\n';
      return;
    case StmtKind::While:
      whileStmt(s);
      return;
    case StmtKind::Return:
      out_ += "return";
      if (s.value) {
        out_ += ' ';
        expr(s.value);
      }
      out_ += ";\n";
      return;
    case StmtKind::Assert:
    case StmtKind::Assume:
      out_ += s.kind == StmtKind::Assert ? "assert " : "assume ";
      expr(s.value);
      out_ += ";\n";
      return;
    case StmtKind::Call:
      if (s.target) {
        expr(s.target);
        out_ += " = ";
      }
      out_ += s.name + '(';
      printArgs(s.args, 0, out_);
      out_ += ");\n";
      return;
    case StmtKind::Par:
      parStmt(s);
      return;
    case StmtKind::Vec:
      out_ += "vec(int " + s.iters.at(0).name + " = ";
      expr(s.iters[0].lo);
      out_ += " .. ";
      expr(s.iters[0].hi);
      out_ += ") ";
      block(s.body);
      out_ += '\n';
      return;
    case StmtKind::Parallel:
    case StmtKind::Sequential:
      out_ += s.kind == StmtKind::Parallel ? "parallel " : "sequential ";
      block(s.body);
      out_ += '\n';
      return;
    case StmtKind::Barrier:
      barrierStmt(s);
      return;
    case StmtKind::Atomic:
      if (s.target) {
        expr(s.target);
        out_ += " = ";
      }
      out_ += "atomic_" + s.name + '(';
      printArgs(s.args, 0, out_);
      out_ += ");\n";
      return;
    case StmtKind::InvariantBlock:
      out_ += "invariant " + s.name + '(';
      if (s.value)
        expr(s.value);
      out_ += ") ";
      block(s.body);
      out_ += '\n';
      return;
    case StmtKind::AtomicBlock:
      out_ += "atomic(" + s.name + ") ";
      block(s.body);
      out_ += '\n';
      return;
    case StmtKind::Break:
      out_ += "break;\n";
      return;
    case StmtKind::Continue:
      out_ += "continue;\n";
      return;
    }
  }

  // Invariants go on their own lines before `while`; the first line is already indented.
  void whileStmt(const Stmt &s) {
    bool first = true;
    for (const Clause &c : s.clauses) {
      if (!first)
        line();
      first = false;
      out_ += clauseKeyword(c.kind);
      out_ += ' ';
      expr(c.expr);
      out_ += ";\n";
    }
    if (!first)
      line();
    out_ += "while ";
    condition(s.cond);
    out_ += ' ';
    block(s.body);
    out_ += '\n';
  }

  void parStmt(const Stmt &s) {
    out_ += "par";
    if (!s.name.empty())
      out_ += ' ' + s.name;
    if (!s.iters.empty()) {
      out_ += '(';
      for (size_t i = 0; i < s.iters.size(); ++i) {
        if (i > 0)
          out_ += ", ";
        out_ += "int " + s.iters[i].name + " = ";
        expr(s.iters[i].lo);
        out_ += " .. ";
        expr(s.iters[i].hi);
      }
      out_ += ')';
    }
    out_ += '\n';
    ++indent_;
    contract(s.clauses);
    --indent_;
    line();
    block(s.body);
    out_ += '\n';
  }

  void barrierStmt(const Stmt &s) {
    out_ += "barrier(" + s.name;
    if (s.seedStyle) {
      out_ += s.name.empty() ? "{" : ", {";
      if (s.fences.local)
        out_ += s.fences.global ? "local, global" : "local";
      else if (s.fences.global)
        out_ += "global";
      out_ += '}';
    }
    out_ += ") {\n";
    ++indent_;
    contract(s.clauses);
    --indent_;
    line();
    out_ += "}\n";
  }

  std::string &out_;
  int indent_ = 0;
};

} // namespace

std::string toString(const Expr &e) {
  std::string out;
  printExpr(e, out);
  return out;
}

bool containsKind(const ExprPtr &e, ExprKind k) {
  if (!e)
    return false;
  if (e->kind == k)
    return true;
  for (const ExprPtr &a : e->args)
    if (containsKind(a, k))
      return true;
  return false;
}

std::string gpuBuiltinName(const char *kind, int dim) {
  return std::string("$") + kind + static_cast<char>('0' + dim);
}

std::string gpuBuiltinSpelling(const std::string &name, bool cuda) {
  struct Kind {
    const char *prefix, *openCl, *cuda;
  };
  static const Kind kinds[] = {{"$lid", "get_local_id", "threadIdx"},
                               {"$grp", "get_group_id", "blockIdx"},
                               {"$lsz", "get_local_size", "blockDim"},
                               {"$ngr", "get_num_groups", "gridDim"}};
  static const char *const kAxis[] = {"x", "y", "z"};
  for (const Kind &k : kinds)
    if (name.size() == 5 && name.rfind(k.prefix, 0) == 0 && name[4] >= '0' && name[4] <= '2')
      return cuda ? std::string(k.cuda) + "." + kAxis[name[4] - '0']
                  : std::string(k.openCl) + "(" + name.substr(4) + ")";
  return "";
}

std::string toString(const Program &p) {
  std::string out;
  ProgramPrinter printer(out);
  for (const Method &m : p.methods)
    printer.method(m);
  for (const Kernel &k : p.kernels)
    printer.kernel(k);
  for (const GpuKernel &k : p.gpuKernels)
    printer.gpuKernel(k);
  return out;
}

} // namespace kprove::ir
