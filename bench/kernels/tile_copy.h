// PL_TILE_COPY(statement) marks a global->shared copy of a benchmark kernel.
// Normally it is the statement itself: the kernels are ordinary synchronous
// CUDA, the plugin's input. For the compute-only limit (PL_COMPUTE_ONLY) the
// copy is left out, so the tiles hold stale data; it stays behind a
// condition the compiler cannot fold (blockDim.z is 1 in every launch) so
// that the compute on the tiles is not optimized away.
#ifndef BENCH_TILE_COPY_H
#define BENCH_TILE_COPY_H
#ifdef PL_COMPUTE_ONLY
#define PL_TILE_COPY(...)                                                                  \
  do {                                                                                     \
    if (blockDim.z == 63) {                                                                \
      __VA_ARGS__;                                                                         \
    }                                                                                      \
  } while (0)
#else
#define PL_TILE_COPY(...) __VA_ARGS__
#endif
#endif
