//===- DmaModel.cpp - DMA engines and HBM bandwidth -----------------------===//

#include "DmaModel.h"

#include <algorithm>
#include <cmath>

namespace trn::emu {

namespace {
// Bytes below this count as moved (the fluid arithmetic is in doubles).
constexpr double DoneBytes = 1e-3;
} // namespace

DmaModel::DmaModel(const isa::ChipDesc &C)
    : Chip(C), EngineRate(C.DmaEngineMBps / 1e6),            // MB/s = bytes/us; 1 us = 1e6 ps
      HbmRate(double(C.HbmChipGBps) / C.CoresPerChip / 1e3), // GB/s = bytes/ns
      FixedPs(int64_t(C.DmaFixedNs) * 1000) {}

DmaModel::Split DmaModel::split(uint32_t PartStart, uint32_t Partitions, uint64_t Bytes,
                                unsigned HbmSides) const {
  Split S;
  S.HbmSides = HbmSides;
  S.EngineBytes.assign(Chip.DmaEngines, 0);
  uint32_t PerEngine = std::max(1u, Chip.Partitions / Chip.DmaEngines);
  Partitions = std::max(1u, Partitions);
  // Bytes split evenly over the partitions, partitions over the engines
  // that serve them; the remainder goes to the first partitions.
  uint64_t Each = Bytes / Partitions, Extra = Bytes % Partitions;
  for (uint32_t P = 0; P < Partitions; ++P) {
    unsigned Engine = ((PartStart + P) / PerEngine) % Chip.DmaEngines;
    S.EngineBytes[Engine] += Each + (P < Extra ? 1 : 0);
  }
  return S;
}

void DmaModel::start(uint64_t Id, int64_t Now, const Split &S) {
  progress(Now);
  Transfer T{NextSeq++, Now + FixedPs, S.HbmSides, {}};
  for (unsigned E = 0; E < S.EngineBytes.size(); ++E)
    if (S.EngineBytes[E])
      T.Chunks.push_back({E, static_cast<double>(S.EngineBytes[E])});
  Transfers[Id] = std::move(T);
  rebalance();
}

void DmaModel::progress(int64_t To) {
  if (To <= NowPs)
    return;
  for (auto &[Id, T] : Transfers) {
    if (T.ActivePs >= To)
      continue;
    int64_t From = std::max(NowPs, T.ActivePs);
    for (Chunk &C : T.Chunks)
      C.Remaining = std::max(0.0, C.Remaining - C.Rate * static_cast<double>(To - From));
  }
  NowPs = To;
}

void DmaModel::rebalance() {
  std::vector<unsigned> Active(Chip.DmaEngines, 0);
  for (auto &[Id, T] : Transfers)
    if (T.ActivePs <= NowPs)
      for (Chunk &C : T.Chunks)
        if (C.Remaining > DoneBytes)
          ++Active[C.Engine];
  double HbmDemand = 0;
  for (auto &[Id, T] : Transfers)
    for (Chunk &C : T.Chunks) {
      bool Moving = T.ActivePs <= NowPs && C.Remaining > DoneBytes;
      C.Rate = Moving ? EngineRate / Active[C.Engine] : 0;
      HbmDemand += C.Rate * T.HbmSides;
    }
  if (HbmDemand > HbmRate)
    for (auto &[Id, T] : Transfers)
      if (T.HbmSides)
        for (Chunk &C : T.Chunks)
          C.Rate *= HbmRate / HbmDemand;
}

double DmaModel::hbmBytesPerPs() const {
  double Sum = 0;
  for (const auto &[Id, T] : Transfers)
    for (const Chunk &C : T.Chunks)
      Sum += C.Rate * T.HbmSides;
  return Sum;
}

std::optional<int64_t> DmaModel::nextEventPs() const {
  std::optional<int64_t> Next;
  auto Consider = [&](int64_t Ps) { Next = Next ? std::min(*Next, Ps) : Ps; };
  for (const auto &[Id, T] : Transfers) {
    if (T.ActivePs > NowPs) {
      Consider(T.ActivePs);
      continue;
    }
    bool AllDone = true;
    for (const Chunk &C : T.Chunks)
      if (C.Remaining > DoneBytes) {
        AllDone = false;
        if (C.Rate > 0)
          Consider(NowPs +
                   std::max<int64_t>(1, static_cast<int64_t>(std::ceil(C.Remaining / C.Rate))));
      }
    if (AllDone)
      Consider(NowPs);
  }
  return Next;
}

std::vector<uint64_t> DmaModel::advance(int64_t To) {
  progress(To);
  std::vector<uint64_t> Done;
  for (auto It = Transfers.begin(); It != Transfers.end();) {
    const Transfer &T = It->second;
    bool Finished =
        T.ActivePs <= NowPs && std::all_of(T.Chunks.begin(), T.Chunks.end(),
                                           [](const Chunk &C) { return C.Remaining <= DoneBytes; });
    if (Finished) {
      Done.push_back(It->first);
      It = Transfers.erase(It);
    } else {
      ++It;
    }
  }
  rebalance();
  return Done; // by id, as the map iterates
}

} // namespace trn::emu
