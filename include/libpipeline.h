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

#endif /* LIBPIPELINE_H */
