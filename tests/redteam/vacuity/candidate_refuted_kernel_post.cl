//: expect unknown
// WRONG: the kernel form: every work item claims all of out[0] in its
// postcondition after lemma postconditions (cause 15). Expected: unknown[vacuous].
/*@ requires n >= 0;
    decreases n;
    pure int h(int n) = n <= 0 ? 0 : h(n - 1) + 1; @*/
/*@
  context get_local_size(0) == 4 && get_num_groups(0) == 1;
  context out != NULL && \pointer_length(out) == 4;
  requires h(30) != 30;
  ensures h(1) == 1;
  ensures h(2) == 2;
  ensures h(3) == 3;
  ensures h(4) == 4;
  ensures h(5) == 5;
  ensures h(6) == 6;
  ensures h(7) == 7;
  ensures h(8) == 8;
  ensures h(9) == 9;
  ensures h(10) == 10;
  ensures h(11) == 11;
  ensures h(12) == 12;
  ensures h(13) == 13;
  ensures h(14) == 14;
  ensures h(15) == 15;
  ensures h(16) == 16;
  ensures h(17) == 17;
  ensures h(18) == 18;
  ensures h(19) == 19;
  ensures h(20) == 20;
  ensures h(21) == 21;
  ensures h(22) == 22;
  ensures h(23) == 23;
  ensures h(24) == 24;
  ensures h(25) == 25;
  ensures h(26) == 26;
  ensures h(27) == 27;
  ensures h(28) == 28;
  ensures h(29) == 29;
  ensures h(30) == 30;
  ensures Perm(&out[0], write) ** out[0] == get_local_id(0);
@*/
__kernel void kern(__global int *out) {
  int y = 1;
}
