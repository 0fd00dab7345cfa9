//: expect fail perm.write 26
//: expect fail post 18
// Failing sibling of particles_struct.cl, one deliberate bug: each work item also
//   writes its right neighbour's velocity, a field it holds no permission to (a race
//   through a struct field: perm.write); the velocity it then assumes changed breaks
//   the postcondition on vel (post).
struct particle {
  uint pos;
  uint vel;
  int mass;
};

/*@
  context p != NULL && \pointer_length(p) == get_global_size(0);
  context Perm(&p[get_global_id(0)].pos, write) ** Perm(&p[get_global_id(0)].vel, write);
  context Perm(&p[get_global_id(0)].mass, 1\2);
  ensures p[get_global_id(0)].pos == \old(p[get_global_id(0)].pos) + \old(p[get_global_id(0)].vel);
  ensures p[get_global_id(0)].vel == \old(p[get_global_id(0)].vel);
  ensures p[get_global_id(0)].mass == \old(p[get_global_id(0)].mass);
@*/
__kernel void step(__global struct particle *p) {
  size_t i = get_global_id(0);
  struct particle q = p[i];
  q.pos = q.pos + q.vel;
  p[i].pos = q.pos;
  p[(i + 1) % get_global_size(0)].vel = 0;
}
