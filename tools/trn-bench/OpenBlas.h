//===- OpenBlas.h - the host's sgemm, as trn-bench's GEMM reference -------===//
//
// Debian's OpenBLAS, for the benchmark only: the FLOP rate the emulated
// GEMMs are compared with (issue 11, goal 1).
//
//===----------------------------------------------------------------------===//
#ifndef TRN_BENCH_OPENBLAS_H
#define TRN_BENCH_OPENBLAS_H

namespace trn::bench {

// cblas_sgemm's FLOP per second (2 M N K per call) on random fp32 matrices,
// C[M, N] = A[M, K] . B[K, N], row-major, with Threads threads: the best of
// repeated calls over about 0.3 s (at least three).
double openblasSgemmFlopsPerSecond(int M, int N, int K, int Threads);

} // namespace trn::bench

#endif
