//===- OpenBlas.cpp - the host's sgemm, as trn-bench's GEMM reference -----===//

#include "OpenBlas.h"

#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <vector>

namespace trn::bench {

double openblasSgemmFlopsPerSecond(int M, int N, int K, int Threads) {
  if (M <= 0 || N <= 0 || K <= 0)
    return 0;
  openblas_set_num_threads(std::max(1, Threads));
  std::vector<float> A(size_t(M) * K), B(size_t(K) * N), C(size_t(M) * N);
  std::mt19937 Rng(1);
  std::uniform_real_distribution<float> U(-1, 1);
  for (float &X : A)
    X = U(Rng);
  for (float &X : B)
    X = U(Rng);
  double Best = 1e30, Total = 0;
  for (int Round = 0; Round < 3 || Total < 0.3; ++Round) {
    auto Start = std::chrono::steady_clock::now();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f, A.data(), K, B.data(), N,
                0.0f, C.data(), N);
    double Secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
    Best = std::min(Best, Secs);
    Total += Secs;
    if (Round >= 100) // a very fast host: enough samples
      break;
  }
  return 2.0 * M * N * K / std::max(Best, 1e-12);
}

} // namespace trn::bench
