//===- BenchSpec.h - what a benchmark kernel is measured against -*- C++ -*-===//
//
// A kernel's first comment lines may say what it benchmarks and against what
// reference, for the issue-11 goals:
//
//   # trn-bench: goal=gemm openblas=M,N,K          (OpenBLAS sgemm, same shape)
//   # trn-bench: goal=rows numpy=softmax,ROWS,COLS  (numpy_reference.py beside it)
//   # trn-bench: goal=control | goal=datapath1      (simulated instructions/s)
//   # trn-bench: goal=system system=NAME cores=N    (a system of cores: simulated
//                                                   ns per host second, host memory)
//
// A kernel without the line is compared with a plain fp32 loop nest doing
// the same number of FLOPs, as trn-bench always did.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_BENCH_BENCHSPEC_H
#define TRN_BENCH_BENCHSPEC_H

#include <optional>
#include <string>
#include <vector>

namespace trn::bench {

enum class Goal { None, Gemm, Rows, Control, Datapath1, System };

struct BenchSpec {
  Goal G = Goal::None;
  // goal=gemm: the whole GEMM's shape.
  long M = 0, N = 0, K = 0;
  // goal=rows: the NumPy reference's name and shape.
  std::string NumpyName;
  long Rows = 0, Cols = 0;
  // goal=system: trn-emu's --system and --cores; ranks=1,2,4: also run
  // under mpirun with each number of ranks (docs/mpi.md).
  std::string System;
  long Cores = 0;
  std::vector<long> Ranks;
};

// Reads the header of the kernel at Path; a malformed header is an error
// message (never a silent default).
std::optional<BenchSpec> readBenchSpec(const std::string &Path, std::string &Error);

const char *goalName(Goal G);

} // namespace trn::bench

#endif
