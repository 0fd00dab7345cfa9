//: expect fail post 15
// Failing sibling of particles_struct.cl, one deliberate bug: the postcondition
//   claims the particle moved against its velocity (post).
//
struct particle {
  uint pos;
  uint vel;
  int mass;
};

/*@
  context p != NULL && \pointer_length(p) == get_global_size(0);
  context Perm(&p[get_global_id(0)].pos, write) ** Perm(&p[get_global_id(0)].vel, write);
  context Perm(&p[get_global_id(0)].mass, 1\2);
  ensures p[get_global_id(0)].pos == \old(p[get_global_id(0)].pos) - \old(p[get_global_id(0)].vel);
  ensures p[get_global_id(0)].vel == \old(p[get_global_id(0)].vel);
  ensures p[get_global_id(0)].mass == \old(p[get_global_id(0)].mass);
@*/
__kernel void step(__global struct particle *p) {
  size_t i = get_global_id(0);
  struct particle q = p[i];
  q.pos = q.pos + q.vel;
  p[i].pos = q.pos;
}
