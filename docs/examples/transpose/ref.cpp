//===- ref.cpp - inputs and reference output of the transpose example ------===//
//
// trn-ref-transpose DIR
//
// Writes DIR/x.npy, a bf16 [1024, 1024] matrix (as its raw bits in '<u2',
// NumPy having no bf16), and DIR/ref.npy, its transpose, bit for bit.
// Most elements are random bf16 values of many magnitudes (a random sign, a
// random 7-bit mantissa and an exponent in [-20, 20]); one element in 97 is
// taken from a list of special encodings that a transpose must keep exactly:
// signed zeros, subnormals, infinities, quiet and signalling NaNs with
// payloads and the largest finite values. Plain loops; nothing from the
// emulator is used (trn_npy only serialises the .npy files).
//
//===----------------------------------------------------------------------===//

#include "../common/RefKit.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

using namespace trn::examples;

constexpr int N = 1024;

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: trn-ref-transpose DIR\n";
    return 2;
  }
  std::filesystem::path Dir(argv[1]);
  std::error_code EC;
  std::filesystem::create_directories(Dir, EC);

  const uint16_t Special[] = {
      0x0000, 0x8000,         // +0, -0
      0x0001, 0x8001, 0x007F, // subnormals
      0x7F80, 0xFF80,         // +inf, -inf
      0x7FC0, 0xFFC0,         // canonical quiet NaNs
      0x7FC1, 0x7FFF,         // quiet NaNs with payloads
      0x7F81, 0xFFA5,         // signalling NaNs
      0x7F7F, 0xFF7F,         // largest finite
      0x0080, 0x8080,         // smallest normal
  };
  constexpr size_t NumSpecial = sizeof(Special) / sizeof(Special[0]);

  Rng R(0x7472616E73706F01ull);
  std::vector<uint16_t> X(size_t(N) * N);
  for (size_t K = 0; K < X.size(); ++K) {
    uint64_t V = R.next();
    if (V % 97 == 0) {
      X[K] = Special[(V >> 8) % NumSpecial];
      continue;
    }
    unsigned Sign = (V >> 8) & 1, Man = (V >> 9) & 0x7F;
    int Exp = static_cast<int>((V >> 16) % 41) - 20; // unbiased, [-20, 20]
    X[K] = static_cast<uint16_t>(Sign << 15 | unsigned(Exp + 127) << 7 | Man);
  }
  std::vector<uint16_t> Ref(X.size());
  for (int r = 0; r < N; ++r)
    for (int c = 0; c < N; ++c)
      Ref[size_t(c) * N + r] = X[size_t(r) * N + c];
  bool Ok = writeNpy(Dir / "x.npy", bf16Array({N, N}, X)) &&
            writeNpy(Dir / "ref.npy", bf16Array({N, N}, Ref));
  return Ok ? 0 : 1;
}
