#include "driver/pipeline.h"

#include "driver/proof_cache.h"
#include "driver/stdlib_dir.h"

#include "lang/c/c_frontend.h"
#include "lang/pvl/pvl_parser.h"
#include "lang/typecheck.h"
#include "logic/large_stack.h"
#include "logic/term.h"
#include "prover/prover.h"
#include "replay/replay.h"
#include "vcgen/invariant_inference.h"
#include "vcgen/vcgen.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>

namespace kprove::driver {

const char *verdictName(Verdict v) {
  switch (v) {
  case Verdict::Verified:
    return "verified";
  case Verdict::Failed:
    return "failed";
  case Verdict::Unknown:
    return "unknown";
  case Verdict::Invalid:
    return "invalid";
  }
  return "?";
}

namespace {

constexpr size_t kMaxFileBytes = 16u << 20;

bool readFile(const std::string &path, std::string &out, std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open '" + path + "'";
    return false;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  if (out.size() > kMaxFileBytes) {
    error = "'" + path + "' is larger than 16 MiB";
    return false;
  }
  return true;
}

// A query to prove and the name of its SMT-LIB dump.
struct Job {
  const prover::Query *query;
  std::string name;
  std::string about = ""; // what it checks and where: a comment in its --dump-smt file
};

// Vacuity queries: a candidate model after pattern-based instantiation counts as
// satisfiable, so the model-based round that tries to refute it gets a tenth of
// the obligations' budget (docs/soundness.md, "Vacuity": cost).
constexpr unsigned kVacuityMbqiRlimit = 500000;
constexpr unsigned kUnreachableMs = 1000;

// `done(i, answer)` is called from the worker that answered obligation i.
using AnswerCallback = std::function<void(size_t, const prover::Answer &)>;

// This kprove's executable (path, size, modification time): answers cached by
// another build (another vcgen or prover) are not reused.
std::string thisBinary() {
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec)
    return "kprove " KPROVE_VERSION;
  auto size = std::filesystem::file_size(exe, ec);
  auto time = std::filesystem::last_write_time(exe, ec).time_since_epoch().count();
  return fmt::format("kprove {} at {} ({} bytes, modified {})", KPROVE_VERSION, exe.string(), size,
                     time);
}

std::vector<prover::Answer> proveAll(const std::vector<Job> &obs, const RunOptions &opts,
                                     const std::string &stem, unsigned mbqiRlimit = 0,
                                     unsigned timeoutMs = 0, const AnswerCallback &done = {}) {
  std::vector<prover::Answer> answers(obs.size());
  if (obs.empty())
    return answers;
  std::atomic<size_t> next{0};
  prover::ProverOptions po;
  po.timeoutMs = opts.timeoutSeconds * 1000;
  po.randomSeed = opts.randomSeed;
  po.rlimit = opts.rlimit;
  if (mbqiRlimit)
    po.mbqiRlimit = mbqiRlimit;
  if (timeoutMs)
    po.timeoutMs = std::min(po.timeoutMs, timeoutMs);
  std::optional<ProofCache> cache;
  if (!opts.cacheDir.empty())
    cache.emplace(opts.cacheDir,
                  fmt::format("{}; {}; seed {}; timeout {} ms; rlimit {}; mbqi rlimit {}",
                              thisBinary(), prover::solverVersion(), po.randomSeed, po.timeoutMs,
                              po.rlimit, po.mbqiRlimit));
  auto work = [&] {
    auto p = prover::makeZ3Prover(po); // one context per thread
    for (size_t i = next++; i < obs.size(); i = next++) {
      if (opts.cancel && opts.cancel->load()) {
        answers[i] = {prover::Verdict::Unknown, "cancelled", 0};
        continue;
      }
      std::optional<prover::Answer> known = cache ? cache->lookup(*obs[i].query) : std::nullopt;
      answers[i] = known ? *known : p->check(*obs[i].query);
      if (cache && !known)
        cache->store(*obs[i].query, answers[i]);
      if (done)
        done(i, answers[i]);
      if (!opts.dumpSmtDir.empty()) {
        std::filesystem::path f = std::filesystem::path(opts.dumpSmtDir) /
                                  (stem + "-" + std::to_string(i) + "-" + obs[i].name + ".smt2");
        std::ofstream(f) << "; " << (obs[i].about.empty() ? obs[i].name : obs[i].about)
                         << "\n; kprove's answer: " << prover::verdictName(answers[i].verdict)
                         << (answers[i].reason.empty() ? "" : " (" + answers[i].reason + ")")
                         << "\n"
                         << p->toSmtLib(*obs[i].query);
      }
    }
  };
  unsigned n = std::max(1u, std::min<unsigned>(opts.jobs, static_cast<unsigned>(obs.size())));
  // A worker's exception (std::bad_alloc under --memory: error[limit]) reaches the
  // caller after every worker has stopped, never std::terminate from a thread.
  std::vector<std::exception_ptr> errors(n);
  auto worker = [&](unsigned w) {
    try {
      runWithLargeStack(work);
    } catch (...) {
      errors[w] = std::current_exception();
      next = obs.size(); // the others stop after their current obligation
    }
  };
  std::vector<std::thread> pool;
  for (unsigned i = 1; i < n; ++i)
    pool.emplace_back(worker, i);
  worker(0);
  for (std::thread &t : pool)
    t.join();
  for (const std::exception_ptr &e : errors)
    if (e)
      std::rethrow_exception(e);
  return answers;
}

FileResult verifyOnThisStack(const std::string &path, std::optional<std::string> text,
                             const RunOptions &opts, SourceManager &sources);

// Candidate obligations are cheap when true (counter arithmetic); a false one is
// dropped, so it need not be decided at the full budget. Resource units, not time:
// the kept set does not depend on the machine's load.
constexpr unsigned kCandidateRlimit = 500000;
constexpr unsigned kCandidateMbqiRlimit = 100000;

// The Houdini fixpoint over candidate loop invariants (vcgen/invariant_inference.h):
// each round generates the obligations with the remaining candidates assumed and
// proves the candidates' own; those not proved are dropped, until a round drops
// none. Every round drops one at least, so there are at most candidates + 1.
FileResult::Inference inferInvariants(ir::Program &program, const RunOptions &opts,
                                      const std::string &stem, SourceManager &sources) {
  FileResult::Inference out;
  out.candidates = vcgen::addCandidateInvariants(program);
  out.kept = out.candidates;
  RunOptions cheap = opts;
  cheap.rlimit = std::min(opts.rlimit, kCandidateRlimit);
  while (out.kept > 0 && !(opts.cancel && opts.cancel->load())) {
    ++out.rounds;
    DiagnosticEngine scratch(sources);
    vcgen::VcResult trial = vcgen::generate(program, scratch, opts.launch);
    std::vector<Job> jobs;
    std::vector<int> candidateOf;
    for (const vcgen::Obligation &ob : trial.obligations)
      if (ob.candidate >= 0) {
        jobs.push_back({&ob.query, "candidate", ob.message});
        candidateOf.push_back(ob.candidate);
      }
    std::vector<prover::Answer> answers = proveAll(
        jobs, cheap, fmt::format("{}-candidates-{}", stem, out.rounds), kCandidateMbqiRlimit);
    std::set<int> failed;
    for (size_t i = 0; i < answers.size(); ++i)
      if (answers[i].verdict != prover::Verdict::Proved)
        failed.insert(candidateOf[i]);
    if (scratch.hasInputErrors()) // never expected: the final run reports them
      for (int k = 0; k < out.candidates; ++k)
        failed.insert(k);
    if (failed.empty())
      break;
    vcgen::dropCandidateInvariants(program, failed);
    out.kept = static_cast<int>(vcgen::candidateInvariantTexts(program).size());
  }
  return out;
}

// The counter-model of a failed obligation: the values of its witness items
// ("threadIdx.x = 3, n = 7, s[124] = 0"). A candidate model (left when quantifier
// instantiation saturated) may violate a quantified fact, so it is not confirmed.
std::optional<Witness> witnessOf(const vcgen::Obligation &ob, const prover::Answer &answer) {
  if (answer.witness.size() != ob.query.witness.size())
    return std::nullopt;
  std::vector<std::string> parts;
  size_t next = 0;
  for (const vcgen::WitnessItem &w : ob.witness) {
    std::string text = w.format;
    bool complete = true;
    for (size_t k = 0; k < w.values.size(); ++k) {
      const std::string &value = answer.witness[next + k];
      complete = complete && !value.empty();
      std::string hole = std::to_string(k);
      hole.insert(hole.begin(), '{');
      hole.push_back('}');
      if (size_t at = text.find(hole); at != std::string::npos)
        text.replace(at, hole.size(), value);
    }
    next += w.values.size();
    // The same length or cell reached through two terms is shown once.
    if (complete && std::find(parts.begin(), parts.end(), text) == parts.end())
      parts.push_back(std::move(text));
  }
  if (parts.empty())
    return std::nullopt;
  Witness out{answer.witnessConfirmed, {}};
  for (size_t k = 0; k < parts.size(); ++k)
    out.text += (k ? ", " : "") + parts[k];
  return out;
}

// The witness as the notes printed under the failure: the solver's values, with
// what the concrete run made of them (a candidate model that no run confirms stays
// labelled as possibly spurious), then what the run observed.
std::vector<DiagNote> witnessNotes(const Witness &w) {
  std::vector<DiagNote> out;
  std::string label;
  if (w.replay == "replayed")
    label = "counterexample (replayed)";
  else if (w.replay.empty())
    label = w.confirmed ? "counterexample"
                        : "possible counterexample (unconfirmed: the solver's candidate model)";
  else
    label = std::string(w.confirmed ? "counterexample" : "possible counterexample") +
            " (not confirmed by replay: " + w.replayReason + ")";
  if (!w.text.empty())
    out.push_back({SourceRange{}, label + ": " + w.text});
  if (w.replay == "replayed")
    out.push_back({SourceRange{}, "replayed: " + w.replayText});
  else if (w.replay == "found")
    out.push_back({SourceRange{}, "counterexample (found by running the kernel with " +
                                      w.replayLaunch + "): " + w.replayText});
  return out;
}

// Replay inputs named by `names`, with the values at `values[at...]` (integers and
// booleans; anything else left out).
replay::Inputs inputsOf(const std::vector<vcgen::ReplayInput> &names,
                        const std::vector<std::string> &values, size_t at) {
  replay::Inputs in;
  for (size_t k = 0; k < names.size() && at + k < values.size(); ++k) {
    const std::string &v = values[at + k];
    int64_t x = 0;
    if (v == "true" || v == "false")
      x = v == "true";
    else if (auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
             ec != std::errc() || end != v.data() + v.size())
      continue;
    in.emplace(names[k].name, x);
  }
  return in;
}

// The replay's inputs: the values after the witness items' in the answer.
std::optional<replay::Inputs> replayInputsOf(const vcgen::Obligation &ob, const prover::Answer &a) {
  if (ob.kernel.empty())
    return std::nullopt;
  if (a.witness.size() != ob.query.witness.size())
    return replay::Inputs{}; // no model: the search alone
  size_t at = 0;
  for (const vcgen::WitnessItem &w : ob.witness)
    at += w.values.size();
  return inputsOf(ob.replayInputs, a.witness, at);
}

// The concrete run of the kernels behind failed checks (replay/): once per kernel
// and set of inputs; a check the model's run does not reproduce tries small
// launches (once per kernel, at most kSearchRuns runs that meet the precondition).
class Replayer {
public:
  Replayer(const ir::Program &p, const SourceManager &sm, const RunOptions &opts)
      : program_(p), sources_(sm), launch_(opts.launch) {
    opts_.intMath = opts.launch.intMath;
  }

  // The largest number of threads of a launch in which every thread satisfies the
  // precondition of `kernel` (its pure parts true on concrete values, no cell
  // claimed more than once in full): 0 when none was found, 1, or 2 for two or
  // more (then the search stops). Tries the model's inputs with each initial
  // content, then small launches; bounded by a number of runs and of steps (per
  // run and in all), never by time, so that the answer does not depend on the
  // machine.
  // With `method`, the method's precondition instead, for one call.
  int preconditionHolds(const std::string &kernel, const std::string &method,
                        const replay::Inputs &model) const {
    replay::Options o = opts_;
    o.preconditionOnly = true;
    o.maxSteps = kEvidenceSteps;
    std::vector<replay::Inputs> tries;
    for (int64_t fill : {0, 1, 2}) {
      replay::Inputs in = model;
      in["$fill"] = fill;
      tries.push_back(std::move(in));
    }
    for (replay::Inputs &in : method.empty() ? replay::smallLaunches(program_, kernel, model, 4000)
                                             : replay::smallCalls(program_, method, model, 4000))
      tries.push_back(std::move(in));
    int best = 0;
    std::set<replay::Inputs> tried;
    size_t runs = 0;
    uint64_t steps = 0;
    for (replay::Inputs &in : tries) {
      if (!meetLaunchFlags(in) || !tried.insert(in).second)
        continue;
      if (++runs > kEvidenceRuns || steps > kEvidenceTotalSteps)
        break;
      replay::Outcome out = method.empty()
                                ? replay::run(program_, kernel, in, sources_, o)
                                : replay::checkPrecondition(program_, method, in, sources_, o);
      steps += out.steps;
      if (!out.notReplayable.empty() || out.preconditionFalse || !out.failures.empty() ||
          !out.wholeLaunch)
        continue;
      best = std::max(best, out.threads >= 2 ? 2 : 1);
      if (best == 2)
        break;
    }
    return best;
  }

  // Fills w's replay fields for obligation `ob`.
  void confirm(const vcgen::Obligation &ob, const replay::Inputs &in, Witness &w) {
    if (in.empty()) {
      w.replayReason = "the solver gave no model values";
    } else {
      const replay::Outcome &o = runOnce(ob.kernel, in);
      if (const replay::Failure *f = match(o, ob)) {
        w.replay = "replayed";
        w.replayText = f->text;
        return;
      }
      w.replayReason = !o.notReplayable.empty()
                           ? "not replayable: " + o.notReplayable
                           : "running the kernel with the model's inputs shows no such failure";
    }
    for (const auto &[launch, outcome] : search(ob.kernel, in))
      if (const replay::Failure *f = match(outcome, ob)) {
        w.replay = "found";
        w.replayText = f->text;
        w.replayLaunch = launch;
        return;
      }
    w.replay = "not confirmed";
  }

private:
  static const replay::Failure *match(const replay::Outcome &o, const vcgen::Obligation &ob) {
    // A race names both places; the model's own thread is the one the witness shows.
    auto score = [&](const replay::Failure &f) {
      return (f.kind == replay::Failure::Kind::Race ? 4 : 0) +
             (replay::overlaps(f.range, ob.range) ? 2 : 0) + (f.focus ? 1 : 0);
    };
    const replay::Failure *best = nullptr;
    for (const replay::Failure &f : o.failures)
      if (replay::matches(f, ob.code, ob.range) && (!best || score(f) > score(*best)))
        best = &f;
    return best;
  }

  const replay::Outcome &runOnce(const std::string &kernel, const replay::Inputs &in) {
    auto key = std::make_pair(kernel, in);
    auto it = runs_.find(key);
    if (it == runs_.end())
      it = runs_.emplace(key, replay::run(program_, kernel, in, sources_, opts_)).first;
    return it->second;
  }

  // The launch flags hold for every run: sets the sizes they give; false when the
  // inputs contradict --global_size.
  bool meetLaunchFlags(replay::Inputs &in) const {
    bool ok = true;
    for (int d = 0; d < 3; ++d) {
      std::string l = ir::gpuBuiltinName("lsz", d), g = ir::gpuBuiltinName("ngr", d);
      if (launch_.localSize[d])
        in[l] = *launch_.localSize[d];
      if (launch_.numGroups[d])
        in[g] = *launch_.numGroups[d];
      if (launch_.globalSize[d])
        ok = ok && (in.count(l) ? in[l] : 1) * (in.count(g) ? in[g] : 1) == *launch_.globalSize[d];
    }
    return ok;
  }

  static constexpr size_t kSearchRuns = 200;
  static constexpr size_t kEvidenceRuns = 300;
  static constexpr uint64_t kEvidenceSteps = 1'000'000;
  static constexpr uint64_t kEvidenceTotalSteps = 20'000'000;
  static constexpr double kSearchSeconds = 5;

  const std::vector<std::pair<std::string, replay::Outcome>> &search(const std::string &kernel,
                                                                     const replay::Inputs &model) {
    auto [it, fresh] = searches_.try_emplace(kernel);
    if (!fresh)
      return it->second;
    auto start = std::chrono::steady_clock::now();
    size_t runs = 0;
    std::set<replay::Inputs> tried;
    for (replay::Inputs in : replay::smallLaunches(program_, kernel, model, 4000)) {
      if (!meetLaunchFlags(in) || !tried.insert(in).second)
        continue;
      replay::Outcome o = replay::run(program_, kernel, in, sources_, opts_);
      if (o.preconditionFalse)
        continue;
      if (!o.failures.empty())
        it->second.emplace_back(o.launch, std::move(o));
      if (++runs >= kSearchRuns ||
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >
              kSearchSeconds)
        break;
    }
    return it->second;
  }

  const ir::Program &program_;
  const SourceManager &sources_;
  vcgen::LaunchConfig launch_;
  replay::Options opts_;
  std::map<std::pair<std::string, replay::Inputs>, replay::Outcome> runs_;
  std::map<std::string, std::vector<std::pair<std::string, replay::Outcome>>> searches_;
};

// A precondition check with permissions that the solver left with a candidate
// model it could not confirm (vcgen::VacuityCheck::consistent): satisfiable only
// when its pure atoms are not proved contradictory and its permissions are proved
// consistent, with the arrays distinct or, failing that, as the pure facts force
// them; otherwise undecided (docs/soundness.md, "Vacuity").
void confirmCandidateModels(const std::vector<vcgen::VacuityCheck> &checks,
                            std::vector<prover::Answer> &answers, const RunOptions &opts,
                            const std::string &stem, FileResult &r) {
  std::vector<size_t> open;
  for (size_t i = 0; i < checks.size(); ++i)
    if (checks[i].pureWhole && checks[i].consistent && checks[i].pureAliased &&
        checks[i].consistentAliased && answers[i].verdict == prover::Verdict::Failed &&
        !answers[i].witnessConfirmed)
      open.push_back(i);
  if (open.empty())
    return;
  // Per open check, three layouts, each a pair (pure part satisfiable, permissions
  // consistent): arrays distinct; as the pure facts force them; arrays distinct
  // with the scalar parameters fixed to the candidate model's values (those it
  // gives as integers or booleans).
  constexpr size_t kLayouts = 3;
  std::vector<prover::Query> pinned;
  pinned.reserve(2 * open.size());
  std::vector<Job> jobs;
  for (size_t i : open) {
    const vcgen::VacuityCheck &c = checks[i];
    std::vector<term::T> fixed;
    const std::vector<std::string> &values = answers[i].witness;
    for (size_t k = 0; k < c.pinnable.size() && k < values.size(); ++k) {
      const std::string &v = values[k];
      if (v == "true" || v == "false")
        fixed.push_back(term::eq(c.pinnable[k], term::boolConst(v == "true")));
      else if (!v.empty() && v.find_first_not_of("-0123456789") == std::string::npos &&
               v.size() < 18)
        fixed.push_back(term::eq(c.pinnable[k], term::intConst(std::stoll(v))));
    }
    for (const prover::Query *q : {&*c.pureWhole, &*c.consistent}) {
      pinned.push_back(*q);
      pinned.back().assumptions.insert(pinned.back().assumptions.end(), fixed.begin(), fixed.end());
    }
    jobs.push_back({&*c.pureWhole, "vacuous-pure"});
    jobs.push_back({&*c.consistent, "vacuous-consistent"});
    jobs.push_back({&*c.pureAliased, "vacuous-pure-aliased"});
    jobs.push_back({&*c.consistentAliased, "vacuous-consistent-aliased"});
    jobs.push_back({&pinned[pinned.size() - 2], "vacuous-pure-pinned"});
    jobs.push_back({&pinned[pinned.size() - 1], "vacuous-consistent-pinned"});
  }
  std::vector<prover::Answer> more = proveAll(jobs, opts, stem + "-vacuity", kVacuityMbqiRlimit);
  r.vacuityQueries += jobs.size();
  for (size_t k = 0; k < open.size(); ++k) {
    prover::Answer &a = answers[open[k]];
    bool shown = false, pureShown = false;
    for (size_t w = 0; w < kLayouts; ++w) {
      const prover::Answer &pure = more[2 * (kLayouts * k + w)];
      const prover::Answer &consistent = more[2 * (kLayouts * k + w) + 1];
      if (w < 2) // the unpinned layouts name the pure part in the message
        pureShown = pureShown || pure.verdict == prover::Verdict::Failed;
      if (pure.verdict != prover::Verdict::Failed || consistent.verdict != prover::Verdict::Proved)
        continue;
      shown = true;
      // A real model of the pure part and proved consistency: a proof of
      // satisfiability, no candidate left (refuteCandidateModels leaves it).
      if (pure.witnessConfirmed)
        a.witnessConfirmed = true;
    }
    if (shown)
      continue;
    a.verdict = prover::Verdict::Unknown;
    a.reason = pureShown ? "a candidate model it could not confirm, and the permissions it names "
                           "were not shown to add up to at most a full permission per location"
                         : "a candidate model it could not confirm, and its pure part alone was "
                           "not shown satisfiable";
  }
}

// A precondition shown satisfiable only by a candidate model (pure facts the
// solver could not refute, e.g. a recursive function's value many unfoldings away)
// is no evidence when the code under it is proved unreachable anywhere: a branch,
// a loop's exit, the end of a block or a return (for a launch or par block, with
// every thread's precondition). Dead code and a contradictory precondition look
// the same there, so the precondition is undecided (docs/soundness.md, "Vacuity").
void refuteCandidateModels(const std::vector<vcgen::VacuityCheck> &checks,
                           std::vector<prover::Answer> &answers, const RunOptions &opts,
                           const std::string &stem, const SourceManager &sources, FileResult &r) {
  // A failed check is assumed afterwards, which can make later code unreachable;
  // the file fails anyway (as for the warnings `unreachable`, none then).
  if (!r.errors.empty())
    return;
  using Kind = vcgen::VacuityCheck::Kind;
  auto candidate = [&](int p) {
    return answers[p].verdict == prover::Verdict::Failed && !answers[p].witnessConfirmed;
  };
  // The check (of the precondition enclosing `i`, or of its two-thread and
  // all-threads siblings) that rests on a candidate model, or -1.
  auto candidateAbove = [&](size_t i) -> int {
    for (int p = checks[i].parent; p >= 0; p = checks[p].parent) {
      if (checks[p].kind != Kind::Precondition)
        continue;
      for (auto it = checks[p].siblings.rbegin(); it != checks[p].siblings.rend(); ++it)
        if (candidate(*it))
          return *it;
      return candidate(p) ? p : -1;
    }
    return -1;
  };
  std::map<int, size_t> refutedBy; // precondition check -> the first check refuting it
  std::vector<Job> jobs;
  std::vector<std::pair<size_t, int>> asked;
  for (size_t i = 0; i < checks.size(); ++i) {
    const vcgen::VacuityCheck &c = checks[i];
    if (c.kind == Kind::Precondition)
      continue;
    int p = candidateAbove(i);
    if (p < 0 || refutedBy.count(p))
      continue;
    if (c.kind == Kind::PathEnd) {
      jobs.push_back({&c.whole, "vacuous-path-end"});
      asked.emplace_back(i, p);
    } else if (answers[i].verdict == prover::Verdict::Proved) {
      refutedBy.emplace(p, i);
    }
  }
  std::vector<prover::Answer> more =
      proveAll(jobs, opts, stem + "-vacuity-path", kVacuityMbqiRlimit, kUnreachableMs);
  r.vacuityQueries += jobs.size();
  for (size_t k = 0; k < asked.size(); ++k)
    if (more[k].verdict == prover::Verdict::Proved)
      refutedBy.emplace(asked[k].second, asked[k].first);
  for (const auto &[p, i] : refutedBy) {
    prover::Answer &a = answers[p];
    a.verdict = prover::Verdict::Unknown;
    a.reason = fmt::format("a candidate model it could not confirm, and line {} is proved "
                           "unreachable under it: either the precondition is contradictory or "
                           "that code is dead",
                           sources.lineCol(checks[i].range.begin).line);
  }
}

// The preconditions a verdict is about (a kernel's, for every launch; a method's,
// for every caller) must have a model, not a candidate: a candidate the solver
// could not refute may hide a contradiction that a callee's contract (a lemma
// proving `h(k) == k`) hands back without any point becoming unreachable
// (docs/soundness.md, cause 17). A candidate is confirmed on concrete values
// instead (Replayer::preconditionHolds): every thread of a small launch satisfies
// the kernel's precondition (one thread for the one-thread check, two or more for
// the others), or one call's parameters satisfy the method's. A par block's
// precondition needs no model of its own: the code around it establishes it
// (obligation par.pre) wherever the block is reached.
void requireEvidence(const std::vector<vcgen::VacuityCheck> &checks,
                     std::vector<prover::Answer> &answers, const Replayer &replayer) {
  using Kind = vcgen::VacuityCheck::Kind;
  auto candidate = [&](size_t g) {
    return answers[g].verdict == prover::Verdict::Failed && !answers[g].witnessConfirmed;
  };
  for (size_t i = 0; i < checks.size(); ++i) {
    const vcgen::VacuityCheck &c = checks[i];
    if (c.kind != Kind::Precondition || (c.kernel.empty() && c.method.empty()))
      continue;
    std::vector<size_t> group{i};
    for (int s : c.siblings)
      group.push_back(static_cast<size_t>(s));
    if (std::none_of(group.begin(), group.end(), candidate))
      continue;
    const std::vector<std::string> &values = answers[i].witness;
    replay::Inputs model;
    if (values.size() == c.whole.witness.size())
      model = inputsOf(c.replayInputs, values, c.pinnable.size());
    int threads = replayer.preconditionHolds(c.kernel, c.method, model);
    for (size_t k = 0; k < group.size(); ++k) {
      prover::Answer &a = answers[group[k]];
      if (!candidate(group[k]))
        continue;
      if (threads >= (k == 0 ? 1 : 2)) {
        a.witnessConfirmed = true;
        continue;
      }
      a.verdict = prover::Verdict::Unknown;
      a.reason = !c.method.empty()
                     ? "the solver's model of it is a candidate it could not confirm, and no "
                       "parameter values tried satisfy it"
                     : fmt::format("the solver's model of it is a candidate it could not "
                                   "confirm, and no launch of {} tried satisfies it in every "
                                   "thread",
                                   k == 0 ? "the small launches" : "two or more threads");
    }
  }
}

// Turns the answers of the vacuity checks (goal false: proved = contradictory)
// into errors `vacuous`, unknowns and warnings `unreachable`. A check counts only
// when every enclosing check was shown satisfiable (answered "failed": the solver
// found, or could not refute, a model). Blame, for the few proved contradictory:
// the shortest unsatisfiable prefix of the clauses, asked in a second round.
void reportVacuity(const std::vector<vcgen::VacuityCheck> &checks,
                   const std::vector<prover::Answer> &answers, const RunOptions &opts,
                   const std::string &stem, FileResult &r) {
  using Kind = vcgen::VacuityCheck::Kind;
  auto enclosingSat = [&](int p) {
    for (; p >= 0; p = checks[p].parent)
      if (answers[p].verdict != prover::Verdict::Failed)
        return false;
    return true;
  };
  // Code the front end shares between copies (a do-while's body, a switch case
  // that falls through) is unreachable only when every copy is.
  std::map<std::pair<uint32_t, std::string>, bool> everyCopyUnreachable;
  for (size_t i = 0; i < checks.size(); ++i)
    if (checks[i].kind == Kind::Unreachable && enclosingSat(checks[i].parent)) {
      bool &all = everyCopyUnreachable
                      .emplace(std::pair{checks[i].range.begin.offset, checks[i].message}, true)
                      .first->second;
      all = all && answers[i].verdict == prover::Verdict::Proved;
    }
  std::set<std::pair<uint32_t, std::string>> seen;
  std::vector<size_t> blame; // preconditions proved contradictory
  for (size_t i = 0; i < checks.size(); ++i) {
    const vcgen::VacuityCheck &c = checks[i];
    if (!enclosingSat(c.parent) || !seen.emplace(c.range.begin.offset, c.message).second)
      continue;
    prover::Verdict v = answers[i].verdict;
    if (c.kind == Kind::PathEnd)
      continue;
    if (c.kind == Kind::Unreachable) {
      if (everyCopyUnreachable.at({c.range.begin.offset, c.message}))
        r.warnings.push_back({DiagCode::Unreachable, c.range, c.message, c.notes});
    } else if (v == prover::Verdict::Unknown) {
      if (c.nothingRests)
        continue;
      r.unknowns.push_back(
          {DiagCode::Vacuous, c.range,
           "could not show that " + c.subject +
               " is satisfiable; a verdict must not rest on contradictory assumptions (the "
               "solver could not decide: " +
               answers[i].reason + ")",
           c.notes});
    } else if (v == prover::Verdict::Proved) {
      blame.push_back(i);
    }
  }
  if (blame.empty())
    return;
  std::vector<Job> jobs;
  for (size_t i : blame) {
    if (checks[i].oneThreadOnly)
      jobs.push_back({&*checks[i].oneThreadOnly, "vacuous-single"});
    for (const prover::Query &q : checks[i].prefixes)
      jobs.push_back({&q, "vacuous-prefix"});
    for (const prover::Query &q : checks[i].alone)
      jobs.push_back({&q, "vacuous-alone"});
  }
  std::vector<prover::Answer> more = proveAll(jobs, opts, stem + "-vacuity", kVacuityMbqiRlimit);
  // A clause that is not well defined (a failed framing, injectivity, bounds, ...
  // check, reported) is assumed well defined afterwards, which can contradict it:
  // the vacuity is a consequence of that error, reported already.
  auto illDefined = [&](const vcgen::VacuityCheck &c) {
    for (const Diagnostic &e : r.errors) {
      switch (e.code) {
      case DiagCode::Framing:
      case DiagCode::Injectivity:
      case DiagCode::Bounds:
      case DiagCode::Null:
      case DiagCode::DivZero:
      case DiagCode::FnPre:
      case DiagCode::PermNegative:
        for (const SourceRange &cr : c.clauseRanges)
          if (e.range.begin.file == cr.begin.file && cr.begin.offset <= e.range.begin.offset &&
              e.range.begin.offset < cr.end.offset)
            return true;
        break;
      default:
        break;
      }
    }
    return false;
  };
  r.vacuityQueries += jobs.size();
  size_t next = 0;
  for (size_t i : blame) {
    const vcgen::VacuityCheck &c = checks[i];
    if (c.oneThreadOnly) {
      const prover::Answer &single = more[next++];
      if (single.verdict == prover::Verdict::Proved) {
        next += c.prefixes.size() + c.alone.size(); // intended: a launch of one thread
        continue;
      }
      if (single.verdict == prover::Verdict::Unknown) {
        next += c.prefixes.size() + c.alone.size();
        r.unknowns.push_back({DiagCode::Vacuous, c.range,
                              "could not decide whether the precondition forces a launch of one "
                              "thread; if not, " +
                                  c.message + " (the solver could not decide: " + single.reason +
                                  ")",
                              c.notes});
        continue;
      }
    }
    if (illDefined(c)) {
      next += c.prefixes.size() + c.alone.size();
      continue;
    }
    // The shortest unsatisfiable prefix: its last clause is blamed.
    size_t k = c.prefixes.size();
    for (size_t j = 0; j < c.prefixes.size(); ++j)
      if (more[next + j].verdict == prover::Verdict::Proved) {
        k = j;
        break;
      }
    size_t aloneAt = next + c.prefixes.size();
    next += c.prefixes.size() + c.alone.size();
    if (k == 0 && c.parBlock) {
      // No thread in any state that reaches the block (`par (int i = 0 .. 0)`):
      // dead code, as a branch never taken, not a contradictory contract.
      r.warnings.push_back({DiagCode::Unreachable, c.range,
                            "unreachable code: this parallel block has no threads wherever it "
                            "is reached (its range is empty), so nothing in it was checked",
                            c.notes});
      continue;
    }
    // Nothing rests on it: the same report as a warning.
    std::vector<Diagnostic> &sink = c.nothingRests ? r.warnings : r.errors;
    std::string nothing =
        c.nothingRests ? " (a warning: the method's body is empty and it has no postcondition, so "
                         "nothing rests on it)"
                       : "";
    if (k == 0 || c.clauseRanges.empty()) {
      sink.push_back(
          {DiagCode::Vacuous, c.range,
           c.message + (c.clauseRanges.empty() ? " (it has no clauses: the launch facts, the flags "
                                                 "against the launch limits kprove assumes, are "
                                                 "contradictory)"
                                               : " (the launch facts alone are contradictory)") +
               nothing,
           c.notes});
      continue;
    }
    std::vector<DiagNote> notes = c.notes;
    // Notes on the earlier clauses, unless the blamed one contradicts the launch
    // facts by itself.
    if (k - 1 >= c.alone.size() || more[aloneAt + k - 1].verdict != prover::Verdict::Proved)
      for (size_t j = 0; j + 1 < k; ++j)
        notes.push_back({c.clauseRanges[j], "together with this earlier clause"});
    sink.push_back({DiagCode::Vacuous, c.clauseRanges[k - 1], c.message + nothing, notes});
  }
}

bool before(const Diagnostic &a, const Diagnostic &b) {
  return std::tie(a.range.begin.offset, a.code) < std::tie(b.range.begin.offset, b.code);
}

using FailureKey = std::tuple<int, uint32_t, std::string>; // code, place, message

FailureKey keyOf(const Diagnostic &d) {
  return {static_cast<int>(d.code), d.range.begin.offset, d.message};
}

// Where a failed check stands among the failures of its method or kernel: faults
// of the contract itself first, then the body's checks, then the checks at the
// end (postconditions), which a failure in the body can cause.
int rootCauseRank(DiagCode code) {
  switch (code) {
  case DiagCode::Framing:
  case DiagCode::Resources:
  case DiagCode::KernelSpec:
  case DiagCode::Vacuous:
  case DiagCode::Termination:
    return 0;
  case DiagCode::Post: // a par block's postcondition (par.post) is a check of the body
    return 2;
  default:
    return 1;
  }
}

// Root cause first: a file's failures are grouped by the method or kernel whose
// check failed (in the order of their first failure in the source), and within
// one by rootCauseRank, then source order. A postcondition that fails after a
// failure in the same body gets a note pointing there: it may follow from it (a
// missing barrier, say, fails a read and then the postcondition about it), so the
// first message is the one to fix. `unitOf` names the unit of each check.
void orderRootCausesFirst(std::vector<Diagnostic> &errors,
                          const std::map<FailureKey, std::string> &unitOf) {
  std::stable_sort(errors.begin(), errors.end(), before);
  auto unitName = [&](const Diagnostic &d) {
    auto it = unitOf.find(keyOf(d));
    return it != unitOf.end() ? it->second : std::string();
  };
  std::map<std::string, size_t> unitOrder; // a unit's first failure in source order
  for (size_t i = 0; i < errors.size(); ++i)
    unitOrder.try_emplace(unitName(errors[i]), i);
  // Checks of no known unit (the vacuity checks: rank 0 anyway) form one group.
  auto rankOf = [&](const Diagnostic &d) {
    return std::make_pair(unitOrder.at(unitName(d)), rootCauseRank(d.code));
  };
  std::stable_sort(errors.begin(), errors.end(), [&](const Diagnostic &a, const Diagnostic &b) {
    return rankOf(a) < rankOf(b); // ties keep source order
  });
  for (size_t i = 0; i < errors.size(); ++i) {
    if (rootCauseRank(errors[i].code) != 2)
      continue;
    std::string unit = unitName(errors[i]);
    for (size_t j = 0; j < i && !unit.empty(); ++j)
      if (unitName(errors[j]) == unit && rootCauseRank(errors[j].code) == 1) {
        errors[i].notes.push_back(
            {errors[j].range,
             fmt::format("this may follow from the earlier failure ({}) in the "
                         "same {}: fix that first",
                         diagCodeName(errors[j].code), unit.substr(0, unit.find(' ')))});
        break;
      }
  }
}

} // namespace

FileResult verifyFile(const std::string &path, const RunOptions &opts, SourceManager &sources) {
  FileResult r;
  runWithLargeStack([&] { r = verifyOnThisStack(path, std::nullopt, opts, sources); });
  return r;
}

FileResult verifyText(const std::string &path, std::string text, const RunOptions &opts,
                      SourceManager &sources) {
  FileResult r;
  runWithLargeStack([&] { r = verifyOnThisStack(path, std::move(text), opts, sources); });
  return r;
}

namespace {
FileResult verifyOnThisStack(const std::string &path, std::optional<std::string> given,
                             const RunOptions &opts, SourceManager &sources) {
  auto start = std::chrono::steady_clock::now();
  FileResult r;
  r.path = path;
  // Each call charges the time since the previous one to a stage.
  auto stageStart = start;
  auto charge = [&stageStart](double &stage) {
    auto now = std::chrono::steady_clock::now();
    stage += std::chrono::duration<double>(now - stageStart).count();
    stageStart = now;
  };
  std::string text, error;
  bool ok = true;
  if (given && given->size() > kMaxFileBytes) {
    ok = false;
    error = "'" + path + "' is larger than 16 MiB";
  } else if (given) {
    text = std::move(*given);
  } else {
    ok = readFile(path, text, error);
  }
  uint32_t file = sources.addFile(path, ok ? std::move(text) : std::string());
  DiagnosticEngine diags(sources);
  if (!ok) {
    diags.error(DiagCode::Io, {}, error);
    r.errors = diags.diagnostics();
    return r;
  }
  std::string ext = std::filesystem::path(path).extension().string();
  std::optional<ir::Program> program;
  if (ext == ".pvl") {
    program = lang::parsePvl(sources, file, diags);
  } else if (ext == ".cl" || ext == ".cu" || ext == ".c") {
    lang::CFrontendOptions c;
    c.stdlibDir = opts.stdlibDir.empty() ? defaultStdlibDir() : opts.stdlibDir;
    c.defines = opts.defines;
    c.includeDirs = opts.includeDirs;
    c.fileDir = std::filesystem::absolute(path).parent_path().string();
    if (!isStdlibDir(c.stdlibDir)) {
      std::string where = opts.stdlibDir;
      if (where.empty())
        for (const std::string &dir : stdlibCandidates())
          where += (where.empty() ? "" : ", ") + dir;
      diags.error(DiagCode::Io, {{file, 0}, {file, 0}},
                  "cannot find kprove's opencl.h and cuda.h (looked in " + where +
                      "); set --stdlib DIR or KPROVE_STDLIB to the stdlib-specs directory");
      r.errors = diags.diagnostics();
      return r;
    }
    program = lang::parseC(sources, file,
                           ext == ".cl"   ? lang::CDialect::OpenCL
                           : ext == ".cu" ? lang::CDialect::Cuda
                                          : lang::CDialect::C,
                           c, diags);
    if (program && !diags.hasInputErrors())
      lang::resolveGpuBuiltins(*program, diags, !opts.launch.intMath);
  } else {
    diags.error(DiagCode::Unsupported, {{file, 0}, {file, 0}},
                "kprove reads PVL (.pvl), OpenCL (.cl), CUDA (.cu) and C (.c) files, not '" + ext +
                    "'");
    r.errors = diags.diagnostics();
    return r;
  }
  charge(r.stages.frontEnd);
  if (program && !diags.hasInputErrors())
    r.outline = buildOutline(*program);
  bool typed = program && !diags.hasInputErrors() && lang::typecheck(*program, diags);
  // Defensive: a stage that gives up must have said why; never verify unparsed input.
  if ((!program || !typed) && !diags.hasInputErrors())
    diags.error(DiagCode::Parse, {{file, 0}, {file, 0}}, "the input could not be read");
  charge(r.stages.typecheck);
  // Dump files are named after the file's path (../a/b.cl -> a_b-3-post.smt2), so
  // the dumps of two files with the same name in one directory stay apart.
  std::string stem;
  for (const auto &part : std::filesystem::path(path).replace_extension().lexically_normal())
    if (part != ".." && part != "." && !part.has_root_directory() && !part.empty())
      stem += (stem.empty() ? "" : "_") + part.string();
  if (!opts.dumpSmtDir.empty())
    std::filesystem::create_directories(opts.dumpSmtDir);
  if (program && !diags.hasInputErrors() && opts.inferInvariants) {
    r.inference = inferInvariants(*program, opts, stem, sources);
    charge(r.stages.inference);
  }
  if (program && !diags.hasInputErrors() && opts.dumpIr)
    r.ir = ir::toString(*program);
  vcgen::VcResult vcs;
  if (program && !diags.hasInputErrors())
    vcs = vcgen::generate(*program, diags, opts.launch);
  charge(r.stages.vcgen);
  r.remarks = vcs.remarks;
  if (program)
    r.remarks.insert(r.remarks.begin(), program->remarks.begin(), program->remarks.end());
  // The front ends' and type checker's warnings (hints about likely slips): shown
  // whatever the verdict, which they never change.
  for (const Diagnostic &d : diags.diagnostics())
    if (isWarning(d.code))
      r.warnings.push_back(d);
  if (diags.hasInputErrors()) {
    for (const Diagnostic &d : diags.diagnostics())
      if (isInputError(d.code))
        r.errors.push_back(d);
    std::stable_sort(r.errors.begin(), r.errors.end(), before);
    std::stable_sort(r.warnings.begin(), r.warnings.end(), before);
    r.verdict = Verdict::Invalid;
    return r;
  }
  r.obligations = vcs.obligations.size();
  std::vector<Job> jobs, preconditionJobs, unreachableJobs;
  for (const vcgen::Obligation &ob : vcs.obligations) {
    LineCol at = ob.range.valid() ? sources.lineCol(ob.range.begin) : LineCol{};
    jobs.push_back({&ob.query, std::string(diagCodeName(ob.code)),
                    fmt::format("{}:{}:{}: {}: {}", path, at.line, at.col, diagCodeName(ob.code),
                                ob.message)});
  }
  std::vector<size_t> preconditionAt, unreachableAt;
  for (size_t i = 0; i < vcs.vacuityChecks.size(); ++i) {
    const vcgen::VacuityCheck &c = vcs.vacuityChecks[i];
    if (c.kind == vcgen::VacuityCheck::Kind::Precondition) {
      preconditionJobs.push_back({&c.whole, "vacuous"});
      preconditionAt.push_back(i);
    } else if (c.kind == vcgen::VacuityCheck::Kind::Unreachable) {
      unreachableJobs.push_back({&c.whole, "unreachable"});
      unreachableAt.push_back(i);
    } // PathEnd: asked later, only where needed (refuteCandidateModels)
  }
  r.obligationResults.resize(vcs.obligations.size());
  for (size_t i = 0; i < vcs.obligations.size(); ++i) {
    const vcgen::Obligation &ob = vcs.obligations[i];
    r.obligationResults[i] = {ob.code, ob.range, ob.message, prover::Verdict::Unknown, 0};
  }
  // A kernel's failed or undecided check is passed to the callback only after the
  // replay below has labelled its counterexample (or found an undecided one failed),
  // so an editor never shows a note or verdict the final report words differently.
  bool replaying = opts.replay && program;
  auto replayedLater = [&](size_t i) {
    prover::Verdict v = r.obligationResults[i].verdict;
    return replaying && (v == prover::Verdict::Failed || v == prover::Verdict::Unknown) &&
           !vcs.obligations[i].kernel.empty();
  };
  // Each worker fills its own entries; the callback sees a finished one.
  auto answered = [&](size_t i, const prover::Answer &a) {
    ObligationResult &o = r.obligationResults[i];
    o.verdict = a.verdict;
    o.seconds = a.seconds;
    o.cached = a.cached;
    o.notes = vcs.obligations[i].notes;
    if (a.verdict == prover::Verdict::Failed)
      if ((o.witness = witnessOf(vcs.obligations[i], a)))
        for (DiagNote &n : witnessNotes(*o.witness))
          o.notes.push_back(std::move(n));
    if (a.verdict == prover::Verdict::Unknown)
      o.reason = a.reason;
    if (opts.onObligation && !replayedLater(i))
      opts.onObligation(r.obligationResults[i]);
  };
  std::vector<prover::Answer> answers = proveAll(jobs, opts, stem, 0, 0, answered);
  charge(r.stages.prove);
  // Unreachable code is only a warning: a short timeout bounds its cost (undecided
  // means no warning). A precondition check gets the full timeout.
  std::vector<prover::Answer> vacuityAnswers(vcs.vacuityChecks.size());
  std::vector<prover::Answer> pre =
      proveAll(preconditionJobs, opts, stem + "-vacuity", kVacuityMbqiRlimit);
  std::vector<prover::Answer> unreachable = proveAll(
      unreachableJobs, opts, stem + "-vacuity-unreachable", kVacuityMbqiRlimit, kUnreachableMs);
  for (size_t i = 0; i < pre.size(); ++i)
    vacuityAnswers[preconditionAt[i]] = pre[i];
  for (size_t i = 0; i < unreachable.size(); ++i)
    vacuityAnswers[unreachableAt[i]] = unreachable[i];
  r.vacuityQueries = vcs.vacuityChecks.size();

  // Failed checks of kernels: confirm them by running the kernel (replay/). A check
  // the solver left undecided is failed when running the kernel on a small launch
  // shows the failure: a concrete run is a proof of it, whatever the solver's seed
  // (docs/soundness.md, "Replay").
  if (opts.replay && program && !(opts.cancel && opts.cancel->load())) {
    auto replayStart = std::chrono::steady_clock::now();
    Replayer replayer(*program, sources, opts);
    std::set<std::tuple<int, uint32_t, std::string>> replayed;
    for (size_t i = 0; i < answers.size(); ++i) {
      const vcgen::Obligation &ob = vcs.obligations[i];
      bool undecided = answers[i].verdict == prover::Verdict::Unknown;
      if ((answers[i].verdict != prover::Verdict::Failed && !undecided) ||
          !replayed.emplace(static_cast<int>(ob.code), ob.range.begin.offset, ob.message).second)
        continue;
      ObligationResult &o = r.obligationResults[i];
      // Kernels only: a method's check (a par block's, say) keeps the solver's note.
      std::optional<replay::Inputs> in = replayInputsOf(ob, answers[i]);
      if (!in)
        continue;
      Witness w = o.witness ? *o.witness : Witness{};
      replayer.confirm(ob, undecided ? replay::Inputs{} : *in, w);
      if (undecided) {
        if (w.replay != "found") {
          replayed.erase({static_cast<int>(ob.code), ob.range.begin.offset, ob.message});
          continue; // stays unknown, as the solver left it
        }
        answers[i].verdict = prover::Verdict::Failed;
        o.verdict = prover::Verdict::Failed;
        o.reason.clear();
      }
      o.notes = ob.notes;
      if (undecided)
        o.notes.push_back({SourceRange{}, "the solver could not decide (" + answers[i].reason +
                                              "); running the kernel shows the failure"});
      for (DiagNote &n : witnessNotes(w))
        o.notes.push_back(std::move(n));
      o.witness = w;
    }
    r.replaySeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - replayStart).count();
  }
  if (opts.onObligation)
    for (size_t i = 0; i < answers.size(); ++i)
      if (replayedLater(i))
        opts.onObligation(r.obligationResults[i]);
  // One report per (code, place, message): the same check reached on several paths.
  std::set<FailureKey> seenFailed, seenUnknown;
  std::map<FailureKey, std::string> unitOf;
  for (const vcgen::Obligation &ob : vcs.obligations)
    unitOf.emplace(FailureKey{static_cast<int>(ob.code), ob.range.begin.offset, ob.message},
                   ob.unit);
  for (size_t i = 0; i < vcs.failures.size() && i < vcs.failureUnits.size(); ++i)
    unitOf.emplace(keyOf(vcs.failures[i]), vcs.failureUnits[i]);
  for (const Diagnostic &d : vcs.failures)
    if (seenFailed.emplace(static_cast<int>(d.code), d.range.begin.offset, d.message).second)
      r.errors.push_back(d);
  for (size_t i = 0; i < answers.size(); ++i) {
    const vcgen::Obligation &ob = vcs.obligations[i];
    auto key = std::make_tuple(static_cast<int>(ob.code), ob.range.begin.offset, ob.message);
    if (answers[i].verdict == prover::Verdict::Failed && seenFailed.insert(key).second) {
      const ObligationResult &o = r.obligationResults[i];
      r.errors.push_back({ob.code, ob.range, ob.message, o.notes, o.witness});
    } else if (answers[i].verdict == prover::Verdict::Unknown && seenUnknown.insert(key).second)
      r.unknowns.push_back(
          {ob.code, ob.range,
           ob.message + " (the solver could not decide: " + answers[i].reason + ")", ob.notes});
  }
  confirmCandidateModels(vcs.vacuityChecks, vacuityAnswers, opts, stem, r);
  // Kernels' and methods' preconditions: confirmed or unknown, before the
  // refutations, which then only concern par blocks' candidates.
  if (program) {
    Replayer evidence(*program, sources, opts);
    requireEvidence(vcs.vacuityChecks, vacuityAnswers, evidence);
  }
  refuteCandidateModels(vcs.vacuityChecks, vacuityAnswers, opts, stem, sources, r);
  reportVacuity(vcs.vacuityChecks, vacuityAnswers, opts, stem, r);
  charge(r.stages.vacuity); // with the blame's second round
  orderRootCausesFirst(r.errors, unitOf);
  std::stable_sort(r.unknowns.begin(), r.unknowns.end(), before);
  // A failed check is assumed afterwards (one report per bug), which can make the
  // code after it look unreachable: those warnings only for files without failures.
  if (!r.errors.empty())
    std::erase_if(r.warnings, [](const Diagnostic &d) { return d.code == DiagCode::Unreachable; });
  std::stable_sort(r.warnings.begin(), r.warnings.end(), before);
  r.cancelled = opts.cancel && opts.cancel->load();
  if (r.cancelled)
    r.errors.clear(); // a partial run: neither its failures nor its silence count
  r.verdict = r.cancelled           ? Verdict::Unknown
              : !r.errors.empty()   ? Verdict::Failed
              : !r.unknowns.empty() ? Verdict::Unknown
                                    : Verdict::Verified;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}
} // namespace

} // namespace kprove::driver
