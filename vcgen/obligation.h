// An obligation is what vcgen asks and the prover answers: the query plus its
// blame (the failure kind, the source range it lands on, related notes).
#pragma once

#include "logic/diagnostics.h"
#include "prover/prover.h"

#include <optional>
#include <string>
#include <vector>

namespace kprove::vcgen {

// One part of a failure's witness: `format` with {0}, {1}, ... replaced by the
// values of `values` in the solver's counter-model ("threadIdx.x = {0}",
// "a[{0}] = {1}").
struct WitnessItem {
  std::string format;
  std::vector<term::T> values;
  // A heap cell ("a[{0}] = {1}": index, value): the array's name, so the replay
  // can start from the cell's value. Empty for anything else.
  std::string cellOf;
};

// A value a concrete run of the kernel needs (replay/): a launch size, a scalar
// parameter, an array's length ("len:a"), a thread id; "2:$lid0" is the second
// instance's id of a two-instance check (injectivity).
struct ReplayInput {
  std::string name;
  term::T value;
};

struct Obligation {
  DiagCode code;
  SourceRange range;
  std::string message;
  std::vector<DiagNote> notes;
  prover::Query query;
  // What a failure's note shows; the values are query.witness, in order.
  std::vector<WitnessItem> witness;
  // The kernel whose check this is ("" for a method's), and the inputs of a
  // concrete run: their values are query.witness after the witness items' values.
  std::string kernel;
  std::vector<ReplayInput> replayInputs;
  // The method, function or kernel whose verification made this check.
  std::string unit;
  // Made while checking candidate loop invariant number `candidate`
  // (vcgen/invariant_inference.h); -1 for every other check.
  int candidate = -1;
};

// A check that the assumptions a verification rests on are consistent
// (vcgen/vacuity.h). Every query's goal is `false` unless said otherwise: proved
// means the assumptions are contradictory.
struct VacuityCheck {
  enum class Kind {
    Precondition, // error `vacuous` when proved; unknown when undecided
    Unreachable,  // warning `unreachable` when proved; nothing otherwise
    // The end of a block or a return: asked only under a precondition shown
    // satisfiable by a candidate model alone; proved = that model is no evidence
    // (the code derives a contradiction from the precondition).
    PathEnd,
  } kind = Kind::Precondition;
  // Precondition of a method with an empty body and no postcondition: no
  // obligation assumes all of it, so a contradiction is a warning and an
  // undecided check no unknown (VerCors accepts such a method).
  bool nothingRests = false;
  prover::Query whole;
  // Precondition, asked only when `whole` is proved (for the blame):
  // prefixes[0] holds the launch facts alone, prefixes[k] also clauses 0..k-1.
  std::vector<prover::Query> prefixes;
  // alone[k]: the launch facts with clause k only (no notes on the other clauses
  // when the blamed clause is contradictory by itself).
  std::vector<prover::Query> alone;
  std::vector<SourceRange> clauseRanges;
  // Two-thread checks: proved = the precondition forces a launch of one thread,
  // so two distinct threads are impossible by intent (not vacuous).
  std::optional<prover::Query> oneThreadOnly;
  // Preconditions with permissions (methods): a candidate model of `whole` the
  // solver could not confirm counts as satisfiable only when `pureWhole` (the pure
  // atoms, distinct arrays; goal false) is not proved and `consistent` (every
  // location holds at most a full permission, same assumptions; proved =
  // consistent) is proved. docs/soundness.md, "Vacuity".
  std::optional<prover::Query> pureWhole;
  std::optional<prover::Query> consistent;
  // The same two without the distinct layout, for pure facts that force two
  // arrays equal (`row == m[0]`).
  std::optional<prover::Query> pureAliased;
  std::optional<prover::Query> consistentAliased;
  // The scalar parameters (whole.witness: their values in the candidate model):
  // `pureWhole` and `consistent` are asked again with them fixed to those values,
  // for preconditions consistent only for some (`b ? Perm(a[0], 1) : Perm(a[1],
  // 1)` with a quarter of a[1]: only b = true).
  std::vector<term::T> pinnable;
  // A kernel's or method's one-thread check (a precondition a verdict is about,
  // which needs a confirmed model): its name, and the inputs of a concrete run
  // (their values in whole.witness after the pinnable ones'), so that the driver
  // can confirm a candidate model by evaluating the precondition on concrete
  // values (replay/): of every thread of a small launch, or of one call.
  std::string kernel, method;
  bool parBlock = false; // a par block's check (one-, two- or all-thread)
  std::vector<ReplayInput> replayInputs;
  // The one-thread check of a launch or par block: the ids of its two-thread and
  // all-threads checks, and the all-threads facts (the pure atoms quantified over
  // the thread ids), added to the PathEnd queries under it.
  std::vector<int> siblings;
  std::vector<term::T> everyThread;
  // Reported only when the parent's assumptions were shown satisfiable (the
  // one-thread check of a two-thread check, the enclosing branch); -1: none.
  int parent = -1;
  SourceRange range; // the kernel or block (no clause to blame), the branch
  std::string message;
  std::string subject; // Precondition: what must be satisfiable, for unknowns
  std::vector<DiagNote> notes;
};

} // namespace kprove::vcgen
