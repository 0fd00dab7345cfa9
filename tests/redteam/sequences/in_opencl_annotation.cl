//: expect invalid unsupported 4
// Sequences are PVL only: in an OpenCL annotation they are rejected, not ignored.
/*@ context a != NULL && \pointer_length(a) == get_global_size(0);
    requires |a| > 0;
    context Perm(&a[get_global_id(0)], write); @*/
__kernel void k(__global int *a) { a[get_global_id(0)] = 0; }
