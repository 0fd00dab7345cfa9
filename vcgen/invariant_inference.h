// Candidate loop invariants (Houdini, as GPUVerify infers invariants): guesses
// about a loop's counters that the driver keeps only when they are proved.
//
// A counter is a variable set just before a loop (`v = a`, the `for` loop's
// initialiser) and changed in its body only by a step `v = v + c` / `v = v - c`
// (`v++`, `v += c`; C's conversions around the sum do not matter), with `a` and
// `c` unchanged by the loop and reading no memory. Its candidates are `v >= a`
// (`v <= a` counting down), `(v - a) % c == 0` (a stride other than 1:
// `i ≡ gid (mod G)` in a grid-stride loop), and, from a test `v < n` (`<=`,
// `!=`, `>`, `>=`) with `n` unchanged, the bound the test keeps (`v <= n` for a
// step of 1, `v < n + c` otherwise; also `v <= n || v == a`, which holds when the
// loop may start past its bound). GPUVerify's `__candidate_invariant(e)` hints are
// candidates too (the C front end marks them).
//
// Candidates are loop invariant clauses with `candidate >= 0`; vcgen checks them
// like invariants but tags their obligations (Obligation::candidate). The driver
// proves the tagged obligations, drops the candidates that fail, and repeats until
// every remaining one is proved with the others assumed (a Houdini fixpoint, at
// most one round per candidate); the verification that follows checks the
// survivors again, like any invariant. Soundness never rests on this pass: a
// candidate that is not proved in the final run is a failure like any other.
#pragma once

#include "logic/ir.h"

#include <set>
#include <string>
#include <vector>

namespace kprove::vcgen {

// Adds the candidates of every loop of `program` and numbers all candidate clauses
// (those the front end marked too) 0, 1, ...; returns how many there are.
int addCandidateInvariants(ir::Program &program);

// Removes the candidate clauses whose numbers are in `dropped`.
void dropCandidateInvariants(ir::Program &program, const std::set<int> &dropped);

// The text of each candidate still in `program`, by number ("i >= 0"), for --stats.
std::vector<std::string> candidateInvariantTexts(const ir::Program &program);

} // namespace kprove::vcgen
