//===- EmuFuzzer.cpp - libFuzzer target: assemble, then emulate ------------===//
//
// Input: assembly text. What assembles is run on the emulated NeuronCore
// with seeded random inputs, under caps on simulated cycles, instructions
// and host memory, and must end (with a fault or not), never crash or hang;
// its outputs are then read back.
//
//===----------------------------------------------------------------------===//

#include "AsmInput.h"
#include "FuzzCheck.h"
#include "trn/asm/Assembler.h"
#include "trn/emu/Check.h"
#include "trn/emu/Emulator.h"
#include "trn/isa/Instr.h"

#include <algorithm>
#include <random>
#include <sstream>

using namespace trn;

namespace {

// Caps that keep one input to milliseconds and tens of MiB. A matmul moves
// 128 x 128 MACs a cycle, so a few thousand cycles is already ~10^8 MACs
// (a second under the sanitizers); the examples' GEMMs stop early, after
// exercising their start.
constexpr uint64_t MaxCycles = 5'000;
constexpr uint64_t MaxInstructions = 5'000;
constexpr uint64_t MaxTensorBytes = 64ull << 20; // all tensors together
// HBM comes into being by 64 KiB page as it is written; this many pages at
// most (256 MiB), whatever the program does.
constexpr uint64_t HbmPageBytes = 64 * 1024, MaxHbmPages = 4096;

// Bytes of all the program's tensors, or nullopt past MaxTensorBytes.
std::optional<uint64_t> tensorBytes(const object::Program &P) {
  uint64_t Sum = 0;
  for (const object::Tensor &T : P.Tensors) {
    uint64_t N = isa::dtype(T.Type).StorageBytes;
    for (uint64_t D : T.Shape) {
      if (D && N > MaxTensorBytes / D)
        return std::nullopt;
      N *= D;
    }
    Sum += N;
    if (Sum > MaxTensorBytes)
      return std::nullopt;
  }
  return Sum;
}

// The most HBM pages one execution of any instruction can write: each HBM
// operand touches at most one page per element and at most the pages its
// byte span covers (a register offset moves the span, not its size).
uint64_t maxHbmPagesPerInstruction(const object::Program &P) {
  uint64_t Max = 0;
  for (const object::Stream &S : P.Streams)
    for (uint32_t Off : S.Offsets) {
      auto D = isa::decode(std::span<const uint8_t>(S.Code).subspan(Off));
      FUZZ_CHECK(std::holds_alternative<isa::Decoded>(D)); // the assembler's own output
      const isa::Instr &I = std::get<isa::Decoded>(D).I;
      for (const isa::Operand &Op : I.Operands) {
        const isa::AccessPattern &AP = Op.AP;
        if (AP.Space != isa::MemSpace::HBM)
          continue;
        auto [First, Last] = AP.byteSpan();
        uint64_t SpanPages = static_cast<uint64_t>(Last - First) / HbmPageBytes + 2;
        uint64_t Elements = uint64_t(AP.NumPartitions) * AP.elementsPerPartition();
        Max = std::max(Max, std::min(SpanPages, Elements));
      }
    }
  return Max;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  auto Text = fuzz::assemblyInput(Data, Size);
  if (!Text)
    return 0;
  std::ostringstream DiagOS;
  assembler::Result R = assembler::assembleText("fuzz.s", *Text, fuzz::assemblyOptions(), DiagOS);
  if (!R.Program || !tensorBytes(*R.Program))
    return 0;

  emu::RunOptions Opts;
  Opts.MaxCycles = MaxCycles;
  Opts.MaxInstructions = MaxInstructions;
  // Tensors set at the start take their pages; the instructions the rest.
  uint64_t TensorPages = *tensorBytes(*R.Program) / HbmPageBytes + R.Program->Tensors.size();
  if (TensorPages >= MaxHbmPages)
    return 0;
  if (uint64_t PerInstr = maxHbmPagesPerInstruction(*R.Program))
    Opts.MaxInstructions = std::min(Opts.MaxInstructions, (MaxHbmPages - TensorPages) / PerInstr);
  if (!Opts.MaxInstructions)
    return 0;

  emu::Emulator E(std::move(*R.Program));
  std::mt19937_64 Rng(1);
  for (const object::Tensor &T : E.program().Tensors)
    if (T.Role == object::TensorRole::Input && !T.InitOffset)
      FUZZ_CHECK(!E.setTensor(T.Name, emu::randomTensor(T, Rng)));
  emu::RunResult Run = E.run(Opts);
  if (Run.Error)
    FUZZ_CHECK(!Run.Error->Message.empty());
  for (const object::Tensor &T : E.program().Tensors)
    if (T.Role == object::TensorRole::Output)
      FUZZ_CHECK(E.tensor(T.Name).size() == T.bytes());
  return 0;
}
