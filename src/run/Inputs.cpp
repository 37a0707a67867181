//===- Inputs.cpp - inputs a caller did not give --------------------------===//

#include "trn/run/Inputs.h"

#include "trn/emu/Check.h"

#include <algorithm>
#include <vector>

namespace trn::run {

namespace {
// Elements per piece: 4 MiB of the widest dtype.
constexpr uint64_t PieceElements = uint64_t(1) << 20;
} // namespace

std::optional<std::string> randomizeTensor(emu::Emulator &E, const object::Tensor &T,
                                           std::mt19937_64 &Rng) {
  unsigned Size = isa::dtype(T.Type).StorageBytes;
  std::vector<uint8_t> Piece;
  uint64_t Elements = T.elements();
  for (uint64_t Done = 0; Done < Elements;) {
    uint64_t N = std::min(PieceElements, Elements - Done);
    Piece.resize(N * Size);
    emu::randomFill(T.Type, Piece, Rng);
    if (auto Err = E.setTensorBytes(T.Name, Done * Size, Piece))
      return Err;
    Done += N;
  }
  return std::nullopt;
}

namespace {
bool needsValue(const object::Tensor &T, const std::set<std::string> &Given) {
  return T.Role == object::TensorRole::Input && !T.InitOffset && !Given.count(T.Name);
}
} // namespace

const object::Tensor *firstUnboundInput(const object::Program &P,
                                        const std::set<std::string> &Given) {
  for (const object::Tensor &T : P.Tensors)
    if (needsValue(T, Given))
      return &T;
  return nullptr;
}

std::optional<std::string>
randomizeUnboundInputs(emu::Emulator &E, const std::set<std::string> &Given, uint64_t Seed) {
  std::mt19937_64 Rng(Seed);
  for (const object::Tensor &T : E.program().Tensors)
    if (needsValue(T, Given))
      if (auto Err = randomizeTensor(E, T, Rng))
        return Err; // it names the tensor
  return std::nullopt;
}

} // namespace trn::run
