// The report page in a real browser: headless Chromium loads the page that
// utils/pipeline-report wrote, runs its script, and the rendered DOM holds
// a table per kernel with each loop's decision, reason, stages, bytes and
// source line. Needs chromium (utils/setup.sh installs it); reported
// unsupported where it is missing. Chromium runs without the sanitizer
// runtime that utils/sanitize.sh preloads into everything else (under it,
// Chromium spins), and under a time limit.
// REQUIRES: chromium
// RUN: rm -rf %t && mkdir -p %t/rep
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o /dev/null -fplugin-arg-pipeline-report=%t/rep -fplugin-arg-pipeline-profitability=off
// RUN: python3 %src_root/utils/pipeline-report %t/rep -o %t/report.html
// RUN: env -u LD_PRELOAD timeout 120 %chromium --headless --no-sandbox --disable-gpu --dump-dom file://%t/report.html 2>/dev/null | FileCheck %s
// CHECK: <title>libpipeline report</title>
// CHECK: 2 loops in 2 kernels from 1 reports: 1 pipelined, 1 declined.
// CHECK: id="show-pipelined" checked
// CHECK: id="show-declined" checked
// CHECK: <h2>aliased(int, float const*, float*)</h2>
// CHECK: <tr class="loop declined" data-decision="declined"><td title="{{.*}}browser.cu">browser.cu:[[#@LINE+24]]</td><td>sm_90</td><td class="decision">declined</td><td>SourceMayBeWritten</td>
// CHECK-SAME: <code>for (int t = 0; t &lt; n; ++t) {</code>
// CHECK: <h2>void rows&lt;float&gt;(int, float const*, float*)</h2>
// CHECK: <tr class="loop pipelined" data-decision="pipelined"><td title="{{.*}}browser.cu">browser.cu:[[#@LINE+7]]</td><td>sm_90</td><td class="decision">pipelined</td><td>Pipelined</td><td>3</td><td>tile: 4224 → 12672</td><td>1 × 4 B cp.async</td>

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
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x][threadIdx.y];
    out[(int)a[t] * T * T + threadIdx.y * T + threadIdx.x] = acc; // scattered
    __syncthreads();
  }
}
