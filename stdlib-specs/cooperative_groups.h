// kprove's <cooperative_groups.h>: CUDA's cooperative groups. A thread block's
// sync (`b.sync()`, `sync(b)`, `synchronize(b)`) is __syncthreads(); grid-wide sync
// and every other function here is `unsupported builtin` (stdlib-specs/builtins.def).
#ifndef KPROVE_COOPERATIVE_GROUPS_H
#define KPROVE_COOPERATIVE_GROUPS_H

namespace cooperative_groups {

class thread_block {
public:
  __device__ void sync() const;
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int size() const;
};

class grid_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long size() const;
};

__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ void sync(const thread_block &g);
__device__ void sync(const grid_group &g);
__device__ void synchronize(const thread_block &g);
__device__ void synchronize(const grid_group &g);

} // namespace cooperative_groups

#endif
