//: expect verified
// Particles as a struct of arrays: a buffer of `struct particle` is one array per
// field (p.pos, p.vel, p.mass), so Perm(&p[i].pos, write) is the permission to one
// field of one element. Each work item moves its particle by its velocity and only
// reads its mass (the copy q = p[i] reads every field).
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
}
