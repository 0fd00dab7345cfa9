//: expect fail post 8
// WRONG: (uchar2)b of a true bool is (255, 255), so p[0] is 255 after the store,
// not 7. kprove stored -1 in the uchar component, out of its range, which made the
// facts about p[0] contradictory and any postcondition verified.
/*@
  context get_global_size(0) == 1;
  context p != NULL && \pointer_length(p) == 2 && Perm(&p[0], write) ** Perm(&p[1], write);
  ensures p[0] == 7; // <-A
@*/
__kernel void k(__global uchar *p) {
  bool b = true;
  uchar2 s = (uchar2)b;
  vstore2(s, 0, p);
}
