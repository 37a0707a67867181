//===- References.cpp - the host doing the same work directly -------------===//

#include "References.h"

#include <cblas.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

extern "C" void openblas_set_num_threads(int);

namespace trn::bench {

namespace {

double seconds(std::chrono::steady_clock::duration D) {
  return std::chrono::duration<double>(D).count();
}

// Both operands uniform in [-1, 1), the same values on every run.
void fillUniform(std::vector<float> &A, std::vector<float> &B) {
  std::mt19937 Rng(1);
  std::uniform_real_distribution<float> U(-1, 1);
  for (std::vector<float> *V : {&A, &B})
    for (float &X : *V)
      X = U(Rng);
}

} // namespace

double hostLoopFlopsPerSecond(double Flops) {
  constexpr int N = 128;
  static std::vector<float> A(N * N), B(N * N), C(N * N);
  fillUniform(A, B);
  double PerPass = 2.0 * N * N * N;
  long Passes = std::max(1L, static_cast<long>(Flops / PerPass));
  auto Start = std::chrono::steady_clock::now();
  for (long P = 0; P < Passes; ++P) {
    std::fill(C.begin(), C.end(), 0.0f);
    for (int I = 0; I < N; ++I)
      for (int K = 0; K < N; ++K) {
        float Aik = A[I * N + K];
        for (int J = 0; J < N; ++J)
          C[I * N + J] += Aik * B[K * N + J];
      }
    A[P % (N * N)] += C[(P * 7) % (N * N)] * 1e-9f; // keep the work observable
  }
  double Secs = seconds(std::chrono::steady_clock::now() - Start);
  return Passes * PerPass / std::max(Secs, 1e-9);
}

double openblasSgemmFlopsPerSecond(long M, long N, long K, int Threads) {
  openblas_set_num_threads(Threads);
  std::vector<float> A(size_t(M) * K), B(size_t(K) * N), C(size_t(M) * N);
  fillUniform(A, B);
  // Best of repetitions over at least 0.3 s (after one warm-up call).
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f, A.data(), K, B.data(), N,
              0.0f, C.data(), N);
  double Best = 1e30, Total = 0;
  int Reps = 0;
  do {
    auto Start = std::chrono::steady_clock::now();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f, A.data(), K, B.data(), N,
                0.0f, C.data(), N);
    double S = seconds(std::chrono::steady_clock::now() - Start);
    Best = std::min(Best, S);
    Total += S;
  } while (++Reps < 3 || Total < 0.3);
  return 2.0 * M * N * K / std::max(Best, 1e-9);
}

std::optional<double> numpySeconds(const std::string &Python, const std::string &Script,
                                   const std::string &Name, long Rows, long Cols,
                                   std::string &Error) {
  // Arguments are a file name and checked words; quoted for the shell.
  auto Quote = [](const std::string &S) {
    std::string Q = "'";
    for (char C : S)
      Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
    return Q + "'";
  };
  std::string Cmd =
      fmt::format("{} {} {} {} {} 2>&1", Quote(Python), Quote(Script), Quote(Name), Rows, Cols);
  FILE *P = popen(Cmd.c_str(), "r");
  if (!P) {
    Error = "cannot start " + Python;
    return std::nullopt;
  }
  std::string Out;
  std::array<char, 256> Buf;
  while (size_t Got = fread(Buf.data(), 1, Buf.size(), P))
    Out.append(Buf.data(), Got);
  int Status = pclose(P);
  char *End = nullptr;
  double S = std::strtod(Out.c_str(), &End);
  if (Status != 0 || End == Out.c_str() || !(S > 0)) {
    Error = fmt::format("{} failed: {}", Script, Out.substr(0, Out.find('\n')));
    return std::nullopt;
  }
  return S;
}

} // namespace trn::bench
