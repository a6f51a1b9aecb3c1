// report=DIR: one JSON file per translation unit and architecture, never
// overwritten (a second compile of the same file adds its own); the schema
// is checked by utils/pipeline-report --check, and the merged HTML page's
// table is read back with Python's html.parser (headless Chromium is not
// installed on the CI machines; see docs/report.md).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -S %s -fplugin-arg-pipeline-report=%t/rep -fplugin-arg-pipeline-profitability=off
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t/again.s -fplugin-arg-pipeline-report=%t/rep -fplugin-arg-pipeline-profitability=off
// RUN: ls %t/rep | FileCheck %s --check-prefix=FILES
// FILES-COUNT-2: report.cu.sm_80.{{[0-9]+}}.json
// FILES: report.cu.sm_90.{{[0-9]+}}.json
// RUN: python3 %src_root/utils/pipeline-report %t/rep --check | FileCheck %s --check-prefix=VALID
// VALID: pipeline-report: 3 reports, 6 loops: valid
// RUN: cat %t/rep/*sm_90*.json | FileCheck %s --check-prefix=JSON
// JSON: "schema": "libpipeline-report", "version": 1, "source": "{{.*}}report.cu", "arch": "sm_90"
// JSON: "file": "{{.*}}report.cu", "line": [[#@LINE+21]], "column": 3, "kernel": "void rows<float>(int, float const*, float*)", "function": "_Z4rowsIfEviPKT_PS0_", "arch": "sm_90"
// JSON-NEXT: "decision": "pipelined", "reason": "Pipelined", "message": "pipelined loop with 3 stages"
// JSON-NEXT: "stages": 3, "lowering": "cp.async", "copies": 1, "copy_bytes_min": 4, "copy_bytes_max": 4, "ring_bytes": 12672, "dynamic_bytes": 0, "dynamic_slots": 0, "tiles": [{"name": "tile", "bytes": 4224, "ring_bytes": 12672}]}
// JSON: "kernel": "aliased(int, float const*, float*)"
// JSON-NEXT: "decision": "declined", "reason": "SourceMayBeWritten", "message": "loop not pipelined: the loop may write the global memory tile 'tile' is copied from; mark the pointers __restrict__ if they never overlap"
// JSON-NEXT: "stages": 0, "lowering": "", "copies": 0
//
// RUN: python3 %src_root/utils/pipeline-report %t/rep -o %t/report.html
// RUN: python3 %S/Inputs/check_html.py %t/report.html | FileCheck %s --check-prefix=HTML
// HTML-DAG: ROW aliased(int, float const*, float*) | report.cu:[[#@LINE+24]] | sm_80 | declined | SourceMayBeWritten | | | | for (int t = 0; t < n; ++t) {
// HTML-DAG: ROW void rows<float>(int, float const*, float*) | report.cu:[[#@LINE+11]] | sm_90 | pipelined | Pipelined | 3 | tile: 4224 → 12672 | 1 × 4 B cp.async | for (int t = 0; t < n; ++t) { | pipelined loop with 3 stages
// HTML: FILTERS show-pipelined show-declined
// A bad report is an error naming the file.
// RUN: echo '{"schema": "libpipeline-report", "version": 1, "source": "x", "arch": "sm_80", "options": {}, "loops": [{"file": "x"}]}' > %t/rep/bad.json
// RUN: not python3 %src_root/utils/pipeline-report %t/rep --check 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: pipeline-report: error: {{.*}}bad.json: loops[0].line missing or not a int
#define T 32
template <typename V>
__global__ void rows(int n, const V *__restrict__ a, V *__restrict__ out) {
  __shared__ V tile[T][T + 1];
  V acc = 0;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += tile[threadIdx.y][k];
    __syncthreads();
  }
  out[threadIdx.y * T + threadIdx.x] = acc;
}
template __global__ void rows<float>(int, const float *, float *);
__global__ void aliased(int n, const float *a, float *out) {
  __shared__ float tile[T][T + 1];
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    out[(int)a[t] * T + threadIdx.x] = tile[threadIdx.x][threadIdx.y]; // scattered
    __syncthreads();
  }
}
