#pragma once

#include "logic/ir.h"
#include "vcgen/vc_context.h"

namespace kprove::vcgen {

// Seed-syntax kernels (§5.1.2, §5.4): one work group of gsize threads. The thread
// specification is verified for an arbitrary thread; kernel- and group-level
// specifications are checked against it when given and generated (by quantifying
// it over the threads) when not.
void verifyKernel(VcContext &vc, const ir::Kernel &k);

} // namespace kprove::vcgen
