//===- References.h - the host doing the same work directly -----*- C++ -*-===//
//
// What an emulated kernel is compared with, measured in the same run: a
// plain fp32 loop nest, OpenBLAS sgemm, or NumPy doing the same operations
// unfused (each a separate NumPy call, as a user would write them).
//
//===----------------------------------------------------------------------===//
#ifndef TRN_BENCH_REFERENCES_H
#define TRN_BENCH_REFERENCES_H

#include <optional>
#include <string>

namespace trn::bench {

// FLOP per second of a plain fp32 matrix-multiply loop nest doing about
// Flops floating-point operations.
double hostLoopFlopsPerSecond(double Flops);

// FLOP per second of cblas_sgemm on an M x K by K x N product of random fp32
// matrices on Threads OpenBLAS threads (the best of a few repetitions).
double openblasSgemmFlopsPerSecond(long M, long N, long K, int Threads);

// Seconds NumPy takes for the operations of Script's NAME on ROWS x COLS
// (Script prints them on one line); a message when it cannot be run.
std::optional<double> numpySeconds(const std::string &Python, const std::string &Script,
                                   const std::string &Name, long Rows, long Cols,
                                   std::string &Error);

} // namespace trn::bench

#endif
