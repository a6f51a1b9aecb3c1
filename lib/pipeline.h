/*===- lib/pipeline.h - the cuda-pipeline pass driver -------------------===*\
 *
 * FILE: lib/pipeline.h
 * DESCRIPTION:
 *   Entry point of the core. For every kernel of an NVPTX module, every
 *   loop goes through the stages in a fixed order -- recognize, facts,
 *   legality, plan, rewrite -- and gets exactly one remark: passed with the
 *   ring's shape, or missed with the first reason that failed (plus an
 *   analysis remark with details). Declined loops are left untouched.
 * USAGE:
 *   opt -load-pass-plugin=build/lib/CUDAPipelinePass.so \
 *       -passes='cuda-pipeline<stages=3>' -S in.ll
 *   clang++ -x cuda -O3 -fplugin=build/lib/libpipeline.so ...
\*===----------------------------------------------------------------------===*/
#ifndef PL_PIPELINE_H
#define PL_PIPELINE_H

#include "host.h"
#include "options.h"

/** Nonzero when the pass acts on modules of target `triple`: NVPTX only,
 * so the host side of a CUDA compile is left alone. */
int pl_wants_triple(const char *triple);

/** Runs the pass over `m`. `opt_level` is the pipeline's optimization level
 * (0 to 3; the pass changes nothing at 0, and warns that it cannot act).
 * Nothing happens either when the module's triple is not nvptx* (the host
 * side of a CUDA compile). When the options disable the pass, at level 0,
 * and for functions marked optnone, the IR is left alone but the kernels'
 * annotations are still read: a bad one, or PL_PIPELINE (annotate("pipeline")),
 * is an error at the kernel saying why no loop of it was pipelined.
 * Returns nonzero when the IR changed. */
int pl_run_module(pl_module_host *mh, LLVMModuleRef m, const pl_options *opts, unsigned opt_level);

#endif /* PL_PIPELINE_H */
