//===- DmaShape.cpp - what a transfer asks of each DMA engine -------------===//

#include "DmaShape.h"

#include <algorithm>
#include <numeric>

namespace trn::emu {

namespace {

// Multiples of R in [0, X): R = 0 stands for "none".
uint64_t multiplesBelow(uint64_t R, uint64_t X) {
  if (R == 0 || X == 0)
    return 0;
  return (X - 1) / R + 1;
}

// Where runs start in elements [S, E): at multiples of A or of B (0 = no
// constraint from that side), and at S itself.
uint64_t runsIn(uint64_t A, uint64_t B, uint64_t S, uint64_t E) {
  auto Count = [&](uint64_t R) { return multiplesBelow(R, E) - multiplesBelow(R, S); };
  uint64_t Both = 0;
  if (A && B) {
    uint64_t G = std::gcd(A, B);
    unsigned __int128 L = static_cast<unsigned __int128>(A / G) * B;
    Both = L > E ? (S == 0 ? 1 : 0) : Count(static_cast<uint64_t>(L));
  }
  uint64_t Starts = Count(A) + Count(B) - Both;
  bool AtS = (A && S % A == 0) || (B && S % B == 0);
  return Starts + (AtS ? 0 : 1);
}

} // namespace

uint64_t contiguousRun(const isa::AccessPattern &AP) {
  uint64_t Run = 1;
  for (unsigned D = AP.NumDims; D-- > 0;) {
    const isa::Dim &Dim = AP.Dims[D];
    if (Dim.Count == 1)
      continue; // no step is taken along it
    if (Dim.Stride != static_cast<int64_t>(Run))
      return Run;
    Run *= Dim.Count;
  }
  // Every free dimension joined: HBM rows join too when adjacent.
  if (AP.Space == isa::MemSpace::HBM && AP.NumPartitions > 1 &&
      AP.PartStep == static_cast<int64_t>(Run))
    Run *= AP.NumPartitions;
  return Run;
}

DmaShape dmaShape(const isa::ChipDesc &Chip, const isa::AccessPattern &Dst,
                  const isa::AccessPattern &Src, bool Transpose) {
  DmaShape S;
  S.EngineBytes.assign(Chip.DmaEngines, 0);
  S.EngineBuffers.assign(Chip.DmaEngines, 0);
  S.HbmSides = (Src.Space == isa::MemSpace::HBM) + (Dst.Space == isa::MemSpace::HBM);
  const isa::DmaPipelineDesc &Pipe = *Chip.DmaTiming;
  if (Transpose)
    S.RateShare =
        (Src.Space == isa::MemSpace::HBM ? Pipe.TransposeHbmPct : Pipe.TransposeSbufPct) / 100.0;
  uint64_t Elements = uint64_t(Dst.NumPartitions) * Dst.elementsPerPartition();
  uint64_t ElemBytes =
      std::max(isa::dtype(Src.Type).StorageBytes, isa::dtype(Dst.Type).StorageBytes);
  // A dma_transpose writes whole destination rows (the engines cooperate on
  // the transposition, A2); a copy's runs must be contiguous on both sides.
  uint64_t DstRun = contiguousRun(Dst), SrcRun = Transpose ? 0 : contiguousRun(Src);
  // The engines serve the partitions of the on-chip side; HBM to HBM
  // spreads evenly over all of them.
  const isa::AccessPattern *OnChip = Dst.Space != isa::MemSpace::HBM   ? &Dst
                                     : Src.Space != isa::MemSpace::HBM ? &Src
                                                                       : nullptr;
  uint32_t PerEngine = std::max(1u, Chip.Partitions / Chip.DmaEngines);
  uint32_t Slots = OnChip ? OnChip->NumPartitions : Chip.Partitions;
  uint32_t First = OnChip ? OnChip->PartStart : 0;
  for (uint32_t P = 0; P < Slots; ++P) {
    uint64_t Begin = Elements * P / Slots, End = Elements * (P + 1) / Slots;
    if (End == Begin)
      continue;
    unsigned Engine = ((First + P) / PerEngine) % Chip.DmaEngines;
    uint64_t Bytes = (End - Begin) * ElemBytes;
    uint64_t Runs = runsIn(DstRun, SrcRun, Begin, End);
    S.EngineBytes[Engine] += Bytes;
    S.EngineBuffers[Engine] +=
        std::max(Runs, (Bytes + Pipe.MaxBufferBytes - 1) / Pipe.MaxBufferBytes);
  }
  return S;
}

} // namespace trn::emu
