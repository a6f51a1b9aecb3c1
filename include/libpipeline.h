/*===- include/libpipeline.h - per-kernel control of libpipeline ---------===*\
 *
 * Kernel attributes for the libpipeline clang plugin. Put them before a
 * kernel's declaration:
 *
 *   #include <libpipeline.h>
 *   PL_PIPELINE __global__ void gemm(...);        // fail the compile unless
 *                                                 // a loop is pipelined
 *   PL_STAGES(4) __global__ void conv(...);       // a 4-stage ring here
 *   PL_NO_PIPELINE __global__ void small(...);    // leave this kernel alone
 *
 * Under clang's CUDA compiles (clang defines __CUDA__) they expand to
 * __attribute__((annotate("pipeline..."))), which clang keeps in the
 * device module's @llvm.global.annotations, where the pass reads them
 * whichever way it was loaded: -fplugin=libpipeline.so (whose action also
 * predefines __LIBPIPELINE__) or -fpass-plugin=libpipeline.so. Without the
 * plugin the annotations are inert: nothing reads them, so PL_PIPELINE
 * asserts nothing there. Under nvcc (__NVCC__, whatever its host compiler)
 * they expand to nothing, so the same source builds everywhere. Per loop,
 * use clang's own `#pragma clang loop pipeline(disable)`.
 *
 * A loop whose tiles are dynamic shared memory may get its ring there, which
 * runs only where the launch gives enough bytes (the remark names them).
 * Host code asks for the number (C++17, CUDA compiles):
 *
 *   size_t smem = pl_dynamic_smem_bytes<gemm>(mine);   // max(mine, the ring's)
 *   gemm<<<grid, block, smem>>>(...);
 *
 * pl_dynamic_smem_bytes also raises the kernel's
 * cudaFuncAttributeMaxDynamicSharedMemorySize to the ring's bytes (needed
 * where they and the kernel's static shared memory exceed 48 KiB).
 * pl_dynamic_ring_bytes<k>() is the ring's number alone, 0 when k has no
 * ring in dynamic shared memory (and always without the plugin, or under
 * nvcc: the variable it reads is only filled by the plugin's pass). Ask in
 * the file that defines the kernel: elsewhere, and under -fgpu-rdc, they
 * answer 0 and `mine` (launch with the remark's number there).
\*===----------------------------------------------------------------------===*/
#ifndef LIBPIPELINE_H
#define LIBPIPELINE_H

#if defined(__clang__) && (defined(__CUDA__) || defined(__LIBPIPELINE__)) && !defined(__NVCC__)
#define PL_PIPELINE __attribute__((annotate("pipeline")))
#define PL_STAGES(n) __attribute__((annotate("pipeline.stages=" #n)))
#define PL_NO_PIPELINE __attribute__((annotate("pipeline.disable")))
#else
#define PL_PIPELINE
#define PL_STAGES(n)
#define PL_NO_PIPELINE
#endif

#if defined(__CUDACC__) && defined(__cplusplus) && __cplusplus >= 201703L
#include <cuda_runtime.h>
#include <stddef.h>

/* Only under clang without -fgpu-rdc (__CLANG_RDC__): under nvcc no pass
 * fills the variable, and under -fgpu-rdc every translation unit that asks
 * would hold its own copy; there the query answers 0. */
#if defined(__clang__) && !defined(__NVCC__) && !defined(__CLANG_RDC__)
#define PL_RING_QUERY 1
/* What the pass fills for kernel K (lib/ring_query.h): keep the layout and
 * the magic number in step with it. */
struct pl_ring_info {
  unsigned magic; /* "PLRB" */
  unsigned bytes; /* a ring's bytes of a footprint known at compile time */
  unsigned slots; /* a ring's slots of the launch's own bytes, where the */
  unsigned align; /* kernel's arguments set the footprint; each slot aligned */
};
template <auto K> __device__ pl_ring_info pl_ring_info_v = {0x504C5242u, 0u, 0u, 0u};
#endif

/* The dynamic shared memory, in bytes, that kernel K's rings in dynamic
 * shared memory need at launch when the kernel itself needs `mine` bytes
 * (a ring whose footprint the kernel's arguments set needs its stage count
 * of slots of `mine`, each rounded up to the ring's alignment and one
 * alignment more, for a footprint the pass bounds a little loosely); 0
 * when it has none, under -fgpu-rdc, in a file that does not define K, or
 * when the variable cannot be read (the CUDA error is left for
 * cudaGetLastError). */
template <auto K> inline size_t pl_dynamic_ring_bytes(size_t mine = 0) {
#ifdef PL_RING_QUERY
  pl_ring_info info = {0, 0, 0, 0};
  if (cudaMemcpyFromSymbol(&info, pl_ring_info_v<K>, sizeof info) != cudaSuccess)
    return 0;
  size_t n = info.bytes;
  if (info.slots && info.align && mine) {
    size_t slots = info.slots * ((mine + info.align - 1) / info.align * info.align + info.align);
    n = slots > n ? slots : n;
  }
  return n;
#else
  (void)mine;
  return 0;
#endif
}

/* The dynamic shared memory to launch K with when the kernel itself needs
 * `mine` bytes: the larger of the two. Where the ring's is larger than K
 * may launch with now (cudaFuncAttributes::maxDynamicSharedSizeBytes: 48
 * KiB less its static bytes unless raised), it also raises K's
 * cudaFuncAttributeMaxDynamicSharedMemorySize to it: a launch whose dynamic
 * and static shared memory together exceed 48 KiB needs it (CUDA C++
 * Programming Guide, "Shared Memory"), and K's static bytes (its own
 * arrays, the runtime alias check's scratch) count. It never lowers the
 * attribute, which would fail later launches with more. Returns `mine` if
 * that fails. */
template <auto K> inline size_t pl_dynamic_smem_bytes(size_t mine) {
  size_t ring = pl_dynamic_ring_bytes<K>(mine);
  size_t n = ring > mine ? ring : mine;
  cudaFuncAttributes attr;
  if (n > mine && (cudaFuncGetAttributes(&attr, K) != cudaSuccess ||
                   n > (size_t)attr.maxDynamicSharedSizeBytes) &&
      cudaFuncSetAttribute(K, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)n) != cudaSuccess)
    return mine;
  return n;
}
#endif

#endif /* LIBPIPELINE_H */
