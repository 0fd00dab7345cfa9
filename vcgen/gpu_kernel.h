#pragma once

#include "logic/ir.h"
#include "vcgen/vc_context.h"
#include "vcgen/vcgen.h"

namespace kprove::vcgen {

// OpenCL / CUDA kernels: every thread of every work group runs the body with the
// same per-thread contract. Obligations: (1) over all threads of all groups the
// precondition claims at most a full permission to each global location (two
// groups writing one cell fail here); (2) within one group the threads claim local
// memory the group owns once and whose contents are unknown; (3) one arbitrary
// thread meets its postcondition, with barriers synchronising its group only.
void verifyGpuKernel(VcContext &vc, const ir::GpuKernel &k, const LaunchConfig &launch);

} // namespace kprove::vcgen
