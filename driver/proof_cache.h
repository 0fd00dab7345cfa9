// A cache of the solver's answers (--cache): re-verifying an unchanged kernel, or
// one with a single edited clause, asks the solver only about the obligations
// whose query changed — what an editor needs on every save.
#pragma once

#include "prover/prover.h"

#include <filesystem>
#include <optional>
#include <string>

namespace kprove::driver {

// The query as text that determines it completely: every node with its operator,
// sort, name, constants, bound variables and patterns; equal subterms once.
std::string canonicalQueryText(const prover::Query &q);

// $KPROVE_CACHE_DIR, else $XDG_CACHE_HOME/kprove, else $HOME/.cache/kprove.
std::filesystem::path defaultCacheDir();

class ProofCache {
public:
  // `configuration` names everything besides the query that decides an answer
  // (solver and its version, seed, limits, this kprove binary): answers are
  // reused only under the same one.
  ProofCache(std::filesystem::path dir, std::string configuration);

  // The answer stored for this query under this configuration, if any. Only
  // proved and failed answers are stored (an unknown depends on the machine's load).
  std::optional<prover::Answer> lookup(const prover::Query &q) const;
  void store(const prover::Query &q, const prover::Answer &a) const;

private:
  std::string keyText(const prover::Query &q) const;
  std::filesystem::path fileOf(const std::string &key) const;

  std::filesystem::path dir_;
  std::string configuration_;
};

} // namespace kprove::driver
