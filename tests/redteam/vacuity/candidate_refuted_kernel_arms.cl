//: expect unknown
// WRONG: the kernel form of candidate_refuted_all_arms_dead.pvl: a race and
// `assert false` in arms made dead by a derived contradiction. Expected:
// unknown[vacuous] (cause 15).
/*@ requires n >= 0;
    decreases n;
    pure int h(int n) = n <= 0 ? 0 : h(n - 1) + 1; @*/

/*@
  context out != NULL && \pointer_length(out) == 4;
  requires k == 30 && h(k) != 30;
@*/
__kernel void kern(__global int *out, int k) {
  //@ assert h(1) == 1;
  //@ assert h(2) == 2;
  //@ assert h(3) == 3;
  //@ assert h(4) == 4;
  //@ assert h(5) == 5;
  //@ assert h(6) == 6;
  //@ assert h(7) == 7;
  //@ assert h(8) == 8;
  //@ assert h(9) == 9;
  //@ assert h(10) == 10;
  //@ assert h(11) == 11;
  //@ assert h(12) == 12;
  //@ assert h(13) == 13;
  //@ assert h(14) == 14;
  //@ assert h(15) == 15;
  //@ assert h(16) == 16;
  //@ assert h(17) == 17;
  //@ assert h(18) == 18;
  //@ assert h(19) == 19;
  //@ assert h(20) == 20;
  //@ assert h(21) == 21;
  //@ assert h(22) == 22;
  //@ assert h(23) == 23;
  //@ assert h(24) == 24;
  //@ assert h(25) == 25;
  //@ assert h(26) == 26;
  //@ assert h(27) == 27;
  //@ assert h(28) == 28;
  //@ assert h(29) == 29;
  //@ assert h(30) == 30;
  if (get_global_id(0) > 0) { out[0] = 1; return; } else { /*@ assert false; @*/ return; }
}
