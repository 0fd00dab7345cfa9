//: expect fail pre 12
// GPUVerify's test_contract, with the call's guard dropped: the helper requires
// that only work item 3 calls it, and every work item does.
#include "gpuverify.h"
void bar(void) {
  __requires(__implies(__enabled(), get_local_id(0) == 3));
}

/*@ context get_local_size(0) == 64; @*/
__kernel void foo(void) {
  if (get_local_id(0) > 2)
    bar();
}
