//===- ref.cpp - the ring all-reduce's reference ----------------------------===//
//
// Writes x.npy, every core's input for allreduce-check.s on a trn2.48xlarge
// with one core per chip ([16, 128, 2048] fp32, 1 MiB per core), and
// ref.npy, what every core's y must hold: for each element, the sum over the
// 16 cores in the order docs/multicore.md documents (the chunk of core c,
// 1/16 of the elements, adds the cores in ring order from the one after c,
// c last), in fp32. The ring is written out here as the torus snake: rows
// of the 4x4 torus left to right, then right to left. Nothing from the
// emulator is used: trn_npy only writes the files.
//
//===----------------------------------------------------------------------===//

#include "../common/RefKit.h"

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <vector>

namespace {

using namespace trn::examples;

constexpr int Cores = 16, Rows = 128, Cols = 2048;
constexpr size_t Elems = size_t(Rows) * Cols;
constexpr int Ring[Cores] = {0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11, 15, 14, 13, 12};

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: trn-ref-allreduce DIR\n";
    return 2;
  }
  std::filesystem::path Dir(argv[1]);
  std::filesystem::create_directories(Dir);

  // Values of order 1 with 24 significant bits: every addition rounds.
  Rng R(0x616C6C7265647563ull);
  std::vector<float> X(Cores * Elems);
  for (float &V : X)
    V = static_cast<float>(R.uniform(-1.0, 1.0));

  std::vector<float> Sum(Elems);
  for (int C = 0; C < Cores; ++C) {
    int Pos = 0;
    while (Ring[Pos] != C)
      ++Pos;
    size_t Begin = Elems * C / Cores, End = Elems * (C + 1) / Cores;
    for (size_t E = Begin; E < End; ++E) {
      float Acc = X[Ring[(Pos + 1) % Cores] * Elems + E];
      for (int K = 2; K <= Cores; ++K)
        Acc += X[Ring[(Pos + K) % Cores] * Elems + E];
      Sum[E] = Acc;
    }
  }
  std::vector<float> Ref;
  for (int C = 0; C < Cores; ++C)
    Ref.insert(Ref.end(), Sum.begin(), Sum.end());

  bool Ok = writeNpy(Dir / "x.npy", fp32Array({Cores, Rows, Cols}, X)) &&
            writeNpy(Dir / "ref.npy", fp32Array({Cores, Rows, Cols}, Ref));
  if (!Ok) {
    std::cerr << "trn-ref-allreduce: error: cannot write into '" << Dir.string() << "'\n";
    return 1;
  }
  return 0;
}
