//===- ref.cpp - inputs and reference outputs of the avgpool example -------===//
//
// trn-ref-avgpool DIR
//
// Writes two input sets for x fp32 [128, 64, 64] and, for each, the 2 x 2
// stride-2 average pool computed in double precision and rounded once to
// fp32 (out [128, 32, 32]):
//   out[c, i, j] = (x[c, 2i, 2j] + x[c, 2i, 2j+1] + x[c, 2i+1, 2j] + x[c, 2i+1, 2j+1]) / 4
//
//   x.npy, ref.npy            values uniform in [-1, 1) with full fp32
//                             mantissas: the kernel's fp32 sums round,
//                             the reference's do not (a tolerance applies)
//   x_grid.npy, ref_grid.npy  values on the grid k / 4096 in [-1, 1): every
//                             sum of up to four of them is exact in fp32,
//                             so the kernel must match bit for bit
//
// Plain loops; nothing from the emulator is used (trn_npy only serialises
// the .npy files).
//
//===----------------------------------------------------------------------===//

#include "../common/RefKit.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

using namespace trn::examples;

constexpr int C = 128, H = 64, W = 64;

std::vector<float> avgPool(const std::vector<float> &X) {
  std::vector<float> Out(size_t(C) * (H / 2) * (W / 2));
  for (int c = 0; c < C; ++c)
    for (int i = 0; i < H / 2; ++i)
      for (int j = 0; j < W / 2; ++j) {
        auto At = [&](int h, int w) { return double(X[(size_t(c) * H + h) * W + w]); };
        double Sum = At(2 * i, 2 * j) + At(2 * i, 2 * j + 1) + At(2 * i + 1, 2 * j) +
                     At(2 * i + 1, 2 * j + 1);
        Out[(size_t(c) * (H / 2) + i) * (W / 2) + j] = static_cast<float>(Sum / 4);
      }
  return Out;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: trn-ref-avgpool DIR\n";
    return 2;
  }
  std::filesystem::path Dir(argv[1]);
  std::error_code EC;
  std::filesystem::create_directories(Dir, EC);

  Rng R(0x617667706F6F6C01ull);
  std::vector<float> X(size_t(C) * H * W), XGrid(X.size());
  for (float &V : X) // 2^24 steps over [-1, 1), rounded once to fp32
    V = static_cast<float>(-1.0 + 2.0 * (static_cast<double>(R.next() >> 40) / 16777216.0));
  for (float &V : XGrid) // k / 4096, k in [-4096, 4096)
    V = static_cast<float>(static_cast<int>(R.next() >> 51) - 4096) / 4096.0f;

  bool Ok = writeNpy(Dir / "x.npy", fp32Array({C, H, W}, X)) &&
            writeNpy(Dir / "ref.npy", fp32Array({C, H / 2, W / 2}, avgPool(X))) &&
            writeNpy(Dir / "x_grid.npy", fp32Array({C, H, W}, XGrid)) &&
            writeNpy(Dir / "ref_grid.npy", fp32Array({C, H / 2, W / 2}, avgPool(XGrid)));
  return Ok ? 0 : 1;
}
