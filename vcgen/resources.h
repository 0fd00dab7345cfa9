// Inhale and exhale of resource formulas (Perm, PointsTo, **, c ==> R, c ? R : R,
// \forall*) over the heap and mask of a symbolic state.
//
// A formula is first flattened into atoms, each relative to skolem constants for
// the \forall* binders above it. A permission atom whose location depends on the
// binders is applied with the inverse-function technique for quantified
// permissions (Mueller, Schwerhoff, Summers 2016) after an injectivity check; a
// location that does not depend on some binders is scaled by how many values
// those binders range over, as VerCors does (every thread reading in[0]).
#pragma once

#include "logic/ir.h"
#include "vcgen/expr_encoder.h"
#include "vcgen/state.h"
#include "vcgen/vc_context.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kprove::vcgen {

// A binder of a quantified resource, as a skolem constant with, when it could be
// read off the condition, its range [lo, hi).
struct QBinder {
  term::T skolem;
  std::optional<term::T> lo, hi;
  bool overThreads =
      false; // the threads (or par iterations) holding the clause, not a user's \forall*
  bool overLanes = false; // the iterations of a vec block writing a cell
};

struct Atom {
  enum class Kind { Perm, Pure } kind = Kind::Pure;
  std::vector<QBinder> binders;
  std::vector<term::T> guards; // besides the binders' ranges
  term::T ref, index, amount;  // Perm
  term::T formula;             // Pure
  SourceRange range;
  std::string arrayName;    // Perm: the array variable, for fence checks
  bool readsArrays = false; // Pure: reads the heap (fence filtering in seed barriers)
  // Pure: about this thread and a second one (vcgen/two_thread.h): checked with a
  // second thread, never assumed; its formula is unset outside a GPU kernel's thread.
  bool relational = false;
  std::vector<std::string> arraysRead;
  // Pure: the `{: e :}` terms of the \forall* quantifiers around it (over skolems),
  // its patterns when assumed; Perm atoms keep kprove's inverse-function encoding.
  std::vector<ExprEncoder::UserTrigger> triggers;
};

// Names of the error codes and messages to use when an exhale fails.
struct ExhaleBlame {
  DiagCode permCode = DiagCode::PermRead;
  DiagCode pureCode = DiagCode::Assert;
  std::string what;            // e.g. "the postcondition"
  std::vector<DiagNote> notes; // e.g. the call site
  // When set, failures land here (a call) with a note at the clause that failed.
  std::optional<SourceRange> site;
};

struct ResourceOptions {
  ReadCheck reads = ReadCheck::None;
  // Extra binders around the whole formula (quantification over threads).
  std::vector<QBinder> outerBinders;
  std::vector<term::T> outerGuards;
  // Which atoms take part (null = all).
  std::function<bool(const Atom &)> filter;
  // Inhale: assume at most a full permission afterwards (sound for real states).
  bool assumeBounded = true;
  // Inhaling a loop's invariant at the head of an arbitrary iteration: its
  // two-thread claims are kept as State::pairAssumptions (elsewhere dropped).
  bool keepPairClaims = false;
};

class ResourceEngine {
public:
  ResourceEngine(VcContext &vc) : vc_(vc) {}

  // Flattens `formula` in `st` (reads checked as opts.reads says).
  std::vector<Atom> flatten(const ir::Expr &formula, State &st, const ResourceOptions &opts);

  void inhale(const ir::Expr &formula, State &st, const ResourceOptions &opts = {});
  void inhaleAtoms(const std::vector<Atom> &atoms, State &st, const ResourceOptions &opts);
  // A full permission to every cell of the array variable `name` (local memory a
  // work group owns).
  void inhaleWholeArray(State &st, const std::string &name, SourceRange range);
  // Checks that the state holds the formula and removes its permissions; heap
  // locations left without any permission are havocked. commit=false only checks.
  void exhale(const ir::Expr &formula, State &st, const ExhaleBlame &blame,
              const ResourceOptions &opts = {}, bool commit = true);
  void exhaleAtoms(const std::vector<Atom> &atoms, State &st, const ExhaleBlame &blame,
                   bool commit);

  // Checks that `formula` frames itself: inhaled, left to right, into a copy of
  // `st` holding no permission and an unknown heap, every read must be covered
  // by permissions inhaled before it (code framing).
  void checkSelfFraming(const ir::Expr &formula, const State &st);

  // Obligation: no location holds more than a full permission in st.mask.
  void checkBounded(State &st, SourceRange range, std::string message);
  // Havocs the heap outside the locations the state still holds permission to.
  void havocUnowned(State &st, const term::T &oldHeap);
  // Havocs the cells of `arrays` the state holds less than a full permission to
  // (other threads may have updated them with atomics).
  void havocShared(State &st, const std::vector<term::T> &arrays);

private:
  void collect(const ir::Expr &e, ExprEncoder &enc, std::vector<QBinder> &binders,
               std::vector<term::T> &guardStack, std::vector<Atom> &out,
               const ResourceOptions &opts);
  void applyPerm(const Atom &a, State &st, bool inhale, const ExhaleBlame *blame,
                 bool assumeBounded);
  void applyPure(const Atom &a, State &st, bool inhale, const ExhaleBlame *blame);
  void checkRelational(const Atom &a, State &st, const ExhaleBlame &blame);

  VcContext &vc_;
};

} // namespace kprove::vcgen
