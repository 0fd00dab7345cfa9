// The driver glue of the C front end: runs Clang (libTooling) on the file (OpenCL C
// 2.0, or CUDA host-only with kprove's prelude) from the text kprove already read,
// turns Clang's errors into kprove diagnostics, installs the annotation collector
// and hands the AST of the main file to CLowering (clang_lowering.h, lower_*.cpp).
// Builtins stay calls and names (get_local_id(0), threadIdx.x) for
// resolveGpuBuiltins.
#include "lang/c/clang_lowering.h"
#include "logic/spelling.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/FileManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <map>
#include <set>

namespace kprove::lang {

namespace {

using clower::Annotation;
using clower::AnnotationCollector;
using clower::CLowering;

// Clang's errors, as kprove diagnostics at their place in the main file.
class DiagCollector : public clang::DiagnosticConsumer {
public:
  DiagCollector(uint32_t file, CDialect dialect, std::string stdlibDir,
                std::vector<Diagnostic> &out)
      : file_(file), dialect_(dialect), stdlibDir_(std::move(stdlibDir)), out_(out) {}
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error)
      return;
    llvm::SmallString<128> text;
    info.FormatDiagnostic(text);
    std::string msg(text.str());
    suggestBuiltin(msg);
    SourceRange r{{file_, 0}, {file_, 0}};
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const clang::SourceManager &sm = info.getSourceManager();
      clang::SourceLocation loc = sm.getFileLoc(info.getLocation());
      if (sm.isWrittenInMainFile(loc)) {
        uint32_t off = sm.getFileOffset(loc);
        r = {{file_, off}, {file_, off + 1}};
      } else if (clang::PresumedLoc p = sm.getPresumedLoc(loc);
                 p.isValid() && !llvm::StringRef(p.getFilename()).starts_with(stdlibDir_)) {
        msg = "(in " + std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ") " +
              msg; // an included file of the user's
      } else {
        msg = "(in kprove's prelude) " + msg;
      }
    }
    out_.push_back({DiagCode::Parse, r, msg, {}});
  }

private:
  // Clang declares OpenCL's builtins lazily, so its typo correction misses them:
  // `use of undeclared identifier 'get_global_idx'` gets kprove's "did you mean"
  // over the builtins of the dialect (logic/spelling.h).
  void suggestBuiltin(std::string &msg) const {
    constexpr std::string_view prefix = "use of undeclared identifier '";
    if (msg.rfind(prefix, 0) != 0 || msg.find("did you mean") != std::string::npos ||
        msg.back() != '\'')
      return;
    std::string name = msg.substr(prefix.size(), msg.size() - prefix.size() - 1);
    std::vector<std::string> names;
    for (const Builtin &b : builtinTable())
      if (b.dialect == dialect_ && b.kind != BuiltinKind::Rejected &&
          b.name.find("::") == std::string_view::npos)
        names.emplace_back(b.name);
    msg += didYouMean(name, names);
  }

  uint32_t file_;
  CDialect dialect_;
  std::string stdlibDir_;
  std::vector<Diagnostic> &out_;
};

struct LoweringInput {
  const SourceManager &sm;
  uint32_t file;
  CDialect dialect;
  DiagnosticEngine &diags;
  ir::Program &out;
  std::vector<Annotation> annotations;
  std::vector<Annotation> comments; // the ordinary ones
  bool clangErrors = false;
  const clang::Preprocessor *pp = nullptr; // its macros, for annotations
};

class LowerConsumer : public clang::ASTConsumer {
public:
  explicit LowerConsumer(LoweringInput &in) : in_(in) {}
  void HandleTranslationUnit(clang::ASTContext &ctx) override {
    if (ctx.getDiagnostics().hasErrorOccurred()) {
      in_.clangErrors = true;
      return;
    }
    CLowering(ctx, *in_.pp, in_.sm, in_.file, in_.dialect, in_.annotations, in_.comments, in_.diags,
              in_.out)
        .run();
  }

private:
  LoweringInput &in_;
};

class LowerAction : public clang::ASTFrontendAction {
public:
  explicit LowerAction(LoweringInput &in) : in_(in) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &ci,
                                                        llvm::StringRef) override {
    handler_ = std::make_unique<AnnotationCollector>(in_.annotations, in_.comments);
    ci.getPreprocessor().addCommentHandler(handler_.get());
    in_.pp = &ci.getPreprocessor();
    return std::make_unique<LowerConsumer>(in_);
  }
  void EndSourceFileAction() override {
    if (handler_)
      getCompilerInstance().getPreprocessor().removeCommentHandler(handler_.get());
  }

private:
  LoweringInput &in_;
  std::unique_ptr<AnnotationCollector> handler_;
};

#ifndef KPROVE_CLANG_RESOURCE_DIR
#define KPROVE_CLANG_RESOURCE_DIR "/usr/lib/llvm-19/lib/clang/19"
#endif

} // namespace

namespace {
// The functions of the file that function bodies call (statements and expressions).
void callsIn(const ir::ExprPtr &e, std::set<std::string> &out) {
  if (!e)
    return;
  if (e->kind == ir::ExprKind::Call)
    out.insert(e->name);
  for (const ir::ExprPtr &a : e->args)
    callsIn(a, out);
}
void callsIn(const std::vector<ir::StmtPtr> &body, std::set<std::string> &out) {
  for (const ir::StmtPtr &s : body) {
    if (!s)
      continue;
    if (s->kind == ir::StmtKind::Call)
      out.insert(s->name);
    for (const ir::ExprPtr &e : {s->target, s->value, s->cond})
      callsIn(e, out);
    for (const ir::ExprPtr &a : s->args)
      callsIn(a, out);
    callsIn(s->body, out);
    callsIn(s->elseBody, out);
  }
}

// OpenCL C does not allow recursion (OpenCL C 2.0, §6.9): a function of the file
// whose code reaches itself through calls is an input error. (CUDA allows it;
// kprove proves partial correctness there, docs/soundness.md.)
void rejectRecursion(const ir::Program &p, DiagnosticEngine &diags) {
  std::map<std::string, std::set<std::string>> calls;
  std::map<std::string, SourceRange> where;
  for (const ir::Method &m : p.methods)
    if (m.body) {
      callsIn(*m.body, calls[m.name]);
      where[m.name] = m.nameRange;
    }
  for (const auto &[name, direct] : calls) {
    std::set<std::string> seen;
    std::vector<std::string> todo(direct.begin(), direct.end());
    bool recursive = false;
    while (!todo.empty() && !recursive) {
      std::string f = todo.back();
      todo.pop_back();
      recursive = f == name;
      auto it = calls.find(f);
      if (!recursive && it != calls.end() && seen.insert(f).second)
        todo.insert(todo.end(), it->second.begin(), it->second.end());
    }
    if (recursive)
      diags.error(DiagCode::Unsupported, where[name],
                  "unsupported: '" + name +
                      "' calls itself (recursion is not allowed in OpenCL C, §6.9)");
  }
}
} // namespace

std::optional<ir::Program> parseC(const SourceManager &sm, uint32_t fileId, CDialect dialect,
                                  const CFrontendOptions &opts, DiagnosticEngine &diags) {
  ir::Program program;
  LoweringInput in{sm, fileId, dialect, diags, program, {}, {}, false, nullptr};
  std::string name = dialect == CDialect::OpenCL ? "/kprove-input/input.cl"
                     : dialect == CDialect::Cuda ? "/kprove-input/input.cu"
                                                 : "/kprove-input/input.c";
  std::vector<std::string> args = {
      "kprove-clang", "-fsyntax-only", "-resource-dir",   KPROVE_CLANG_RESOURCE_DIR,
      "-I",           opts.stdlibDir,  "-Wno-everything", "-fno-caret-diagnostics"};
  if (dialect == CDialect::OpenCL) {
    for (const char *a : {"-x", "cl", "-cl-std=CL2.0", "-Xclang", "-finclude-default-header",
                          "-Xclang", "-fdeclare-opencl-builtins"})
      args.push_back(a);
  } else if (dialect == CDialect::C) {
    for (const char *a : {"-x", "c", "-std=c11"})
      args.push_back(a);
  } else {
    for (const char *a : {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                          "--no-cuda-version-check", "--cuda-gpu-arch=sm_70",
                          // The kernels are device code: `#if __CUDA_ARCH__ >= 350` takes the
                          // device's branch (sm_70's value), as nvcc's device pass does.
                          "-D__CUDA_ARCH__=700"})
      args.push_back(a);
  }
  for (const std::string &d : opts.defines)
    args.push_back("-D" + d);
  // Quoted includes look next to the file first, as they would for the file on disk
  // (Clang sees it under a name of kprove's), then in the -I directories.
  if (!opts.fileDir.empty()) {
    args.push_back("-iquote");
    args.push_back(opts.fileDir);
  }
  for (const std::string &dir : opts.includeDirs)
    args.push_back("-I" + dir);
  args.push_back("-include");
  // Plain C: only NULL and size_t (Clang's own stddef.h); no function is declared, so
  // every call of an undeclared or library function is an error or unsupported.
  args.push_back(dialect == CDialect::C        ? std::string("stddef.h")
                 : dialect == CDialect::OpenCL ? opts.stdlibDir + "/opencl.h"
                                               : opts.stdlibDir + "/cuda.h");
  args.push_back(name);

  // The text kprove already read is the text Clang sees (offsets agree).
  auto overlay =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  memory->addFile(name, 0, llvm::MemoryBuffer::getMemBufferCopy(sm.text(fileId)));
  overlay->pushOverlay(memory);
  auto files = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), overlay);

  std::vector<Diagnostic> clangDiags;
  DiagCollector collector(fileId, dialect, opts.stdlibDir, clangDiags);
  clang::tooling::ToolInvocation invocation(args, std::make_unique<LowerAction>(in), files.get());
  invocation.setDiagnosticConsumer(&collector);
  bool ok = invocation.run();
  for (Diagnostic &d : clangDiags)
    diags.report(std::move(d));
  if (!ok && clangDiags.empty() && !diags.hasInputErrors())
    diags.error(DiagCode::Parse, {{fileId, 0}, {fileId, 0}}, "Clang could not parse the file");
  if (!ok || in.clangErrors || diags.hasInputErrors())
    return std::nullopt;
  if (dialect == CDialect::OpenCL)
    rejectRecursion(program, diags);
  return program;
}

} // namespace kprove::lang
