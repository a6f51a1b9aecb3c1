// Two tile loops the plugin declines, and why (compiled by
// utils/examples.sh to show the remarks; not a program).
#define T 32

// An indexed scatter: each iteration adds into a row of `out` chosen by an
// index it loads in the loop, so no runtime check before the loop can tell
// whether those writes reach the memory the tile is copied from (`in` and
// `out` may overlap: nothing says they do not), and the copy of a later
// iteration cannot be issued early (SourceMayBeWritten). Mark the pointers
// __restrict__ when they never overlap, and the loop is pipelined.
__global__ void scatterRows(int n, const int *rows, const float *in, float *out) {
  __shared__ float tile[T][T + 1];
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = in[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    out[rows[t] * T + threadIdx.x] += tile[threadIdx.x][threadIdx.y];
    __syncthreads();
  }
}

// Tiles too large to double: the two tiles take 33 KiB, and a ring of even
// two stages needs twice that, over the 48 KiB of static shared memory a
// kernel may hold (SharedMemoryBudget, on sm_80 and newer; before sm_80 its
// copy loop, which only cp.async can issue, is declined first). Nor can the
// loop be pipelined in place, loading the next tiles into registers during
// the compute: its copy loop moves more elements than registers hold. Use
// smaller tiles (BK = 16 instead of 66 here) to have the loop pipelined.
#define BM 64
#define BK 66
__global__ void wideTiles(int n, const float *__restrict__ a, const float *__restrict__ b,
                          float *__restrict__ c) {
  __shared__ float As[BM][BK];
  __shared__ float Bs[BK][BM];
  int tx = threadIdx.x, ty = threadIdx.y; // 64 x 2 threads
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    for (int r = ty; r < BK; r += 2) {
      As[tx][r] = a[(blockIdx.y * BM + tx) * n * BK + t * BK + r];
      Bs[r][tx] = b[(t * BK + r) * gridDim.x * BM + blockIdx.x * BM + tx];
    }
    __syncthreads();
    for (int k = 0; k < BK; ++k)
      acc += As[tx][k] * Bs[k][ty];
    __syncthreads();
  }
  c[(blockIdx.y * BM + tx) * gridDim.x * BM + blockIdx.x * BM + ty] = acc;
}
