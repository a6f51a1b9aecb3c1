// Each fact of a loop (lib/facts.h) is computed once, however many stages
// ask for it: legality, the plan, the cost model and the rewrite read the
// trip strategy, the writes to the copy sources, the runtime alias check's
// bounds and each tile's verdict from one pl_loop_facts. The test-only
// argument test-count-analyses reports the counts after each loop's remark.
// Kernels: an in-place row update that needs the runtime alias check, and
// so decides it once (alias_inplace); an SGEMM with two tiles filled by copy
// loops, once with the cost model and once with forced stages; a store that
// may write the source and whose range is unknown (nm_alias_work_list),
// declined after its bounds were computed once.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -o /dev/null %S/../realworld/alias_inplace.cu -fplugin-arg-pipeline-test-count-analyses -Rpass=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=ALIAS
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -o /dev/null %S/../realworld/copyloop_sgemm.cu -fplugin-arg-pipeline-test-count-analyses -Rpass=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=SGEMM
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -o /dev/null %S/../realworld/copyloop_sgemm.cu -fplugin-arg-pipeline-stages=4 -fplugin-arg-pipeline-test-count-analyses -Rpass=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=SGEMM
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -o /dev/null %S/../realworld/nm_alias_work_list.cu -fplugin-arg-pipeline-test-count-analyses -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -o /dev/null %S/../realworld/alias_inplace.cu -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=OFF

// ALIAS: remark: pipelined loop with 3 stages: {{.*}}with a runtime alias check
// ALIAS: remark: facts computed: trip 1, writes 1, alias-check bounds 1, tile verdicts 1 of 1 tiles [sm_80, kernel '{{.*}}']
// ALIAS-NOT: facts computed

// SGEMM: remark: pipelined loop with {{[0-9]}} stages: tile 'As'
// SGEMM: remark: facts computed: trip 1, writes 1, alias-check bounds 0, tile verdicts 2 of 2 tiles [sm_80, kernel '{{.*}}']
// SGEMM-NOT: facts computed

// UNKNOWN: remark: loop not pipelined: the loop may write the global memory tile 's' is copied from
// UNKNOWN: remark: facts computed: trip 1, writes 1, alias-check bounds 1, tile verdicts 1 of 1 tiles [sm_80, kernel '{{.*}}']
// UNKNOWN-NOT: facts computed

// OFF-NOT: facts computed
