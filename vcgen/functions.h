#pragma once

#include "logic/ir.h"
#include "vcgen/vc_context.h"

namespace kprove::vcgen {

// Adds the definition axioms of every pure function to vc.axioms.
void addFunctionAxioms(VcContext &vc);
// Obligations that justify those axioms for one function.
void checkFunction(VcContext &vc, const ir::Method &m);

} // namespace kprove::vcgen
