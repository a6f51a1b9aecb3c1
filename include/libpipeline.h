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
 * They expand to __attribute__((annotate("pipeline..."))), which clang
 * keeps in the device module's @llvm.global.annotations, only where the
 * plugin reads them: the plugin predefines __LIBPIPELINE__. Under nvcc, or
 * clang without -fplugin=libpipeline.so, they expand to nothing, so the
 * same source builds everywhere. Per loop, use clang's own
 * `#pragma clang loop pipeline(disable)`.
\*===----------------------------------------------------------------------===*/
#ifndef LIBPIPELINE_H
#define LIBPIPELINE_H

#if defined(__LIBPIPELINE__) && defined(__clang__)
#define PL_PIPELINE __attribute__((annotate("pipeline")))
#define PL_STAGES(n) __attribute__((annotate("pipeline.stages=" #n)))
#define PL_NO_PIPELINE __attribute__((annotate("pipeline.disable")))
#else
#define PL_PIPELINE
#define PL_STAGES(n)
#define PL_NO_PIPELINE
#endif

#endif /* LIBPIPELINE_H */
