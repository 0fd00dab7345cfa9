//: expect verified
// Control for candidate_lemma_contract_kernel.cl: each item writes its own cell,
// and the precondition `h(k) == k` holds for every k (confirmed by evaluating h in
// every item of a small launch).
/*@ requires n >= 0;
    decreases n;
    pure int h(int n) = n <= 0 ? 0 : h(n - 1) + 1; @*/

/*@
  context get_local_size(0) == 4 && get_num_groups(0) == 1;
  context out != NULL && \pointer_length(out) == 4;
  context Perm(&out[get_local_id(0)], write);
  requires k >= 0 && h(k) == k;
@*/
__kernel void kern(__global int *out, int k) {
  out[get_local_id(0)] = k;
}
