//===- DmaModel.cpp - DMA engines, queues and HBM bandwidth ---------------===//

#include "DmaModel.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace trn::emu {

namespace {
// Bytes below this count as moved (the fluid arithmetic is in doubles).
constexpr double DoneBytes = 1e-3;
} // namespace

uint64_t dmaTriggerCycles(const isa::ChipDesc &Chip, isa::Engine E) {
  uint64_t MHz = Chip.ClockMHz[static_cast<unsigned>(E)];
  for (const isa::DmaTriggerDesc *T : Chip.DmaTriggers)
    if (T->EngineMask & isa::bit(E))
      return T->Cycles + (uint64_t(T->Ns) * MHz + 999) / 1000;
  return 1; // trn-tblgen gives every engine that may trigger a DMA a trigger
}

DmaModel::DmaModel(const isa::ChipDesc &C)
    : Chip(C), EngineRate(C.DmaEngineMBps / 1e6),            // MB/s = bytes/us; 1 us = 1e6 ps
      HbmRate(double(C.HbmChipGBps) / C.CoresPerChip / 1e3), // GB/s = bytes/ns
      LatencyPs(1000 *
                std::max<int64_t>(0, int64_t(C.DmaFixedNs) - C.DmaTiming->QueueNs -
                                         C.DmaTiming->TransferNs - C.DmaTiming->CompletionNs)),
      FetchPs(1000 * int64_t(C.DmaTiming->QueueNs)),
      CompletionPs(1000 * int64_t(C.DmaTiming->CompletionNs)), Processing(C.DmaEngines),
      Moving(C.DmaEngines) {}

void DmaModel::enqueue(unsigned Queue, int64_t Now, const DmaShape &S) {
  progress(Now);
  uint64_t Id = NextTransfer++;
  TransferState T{Queue, 0, S.HbmSides, S.RateShare};
  const isa::DmaPipelineDesc &Pipe = *Chip.DmaTiming;
  for (unsigned E = 0; E < S.EngineBytes.size(); ++E) {
    if (!S.EngineBytes[E])
      continue;
    Part P;
    P.Transfer = Id;
    P.EligiblePs = Now + LatencyPs;
    P.ProcessPs =
        1000 * (int64_t(Pipe.TransferNs) + int64_t(S.EngineBuffers[E]) * Pipe.DescriptorNs);
    P.Remaining = static_cast<double>(S.EngineBytes[E]);
    lane(E, Queue).push_back(P);
    ++T.Parts;
  }
  Transfers.push_back(T); // Id == FirstTransfer + Transfers.size() - 1
  QueueOrder[Queue].push_back(Id);
  settle();
  rebalance();
}

FifoVector<DmaModel::Part> &DmaModel::lane(unsigned Engine, unsigned Queue) {
  auto It = std::lower_bound(Lanes.begin(), Lanes.end(), std::make_pair(Engine, Queue),
                             [](const Lane &L, std::pair<unsigned, unsigned> Key) {
                               return std::make_pair(L.Engine, L.Queue) < Key;
                             });
  if (It == Lanes.end() || It->Engine != Engine || It->Queue != Queue)
    It = Lanes.insert(It, Lane{Engine, Queue, {}});
  return It->Parts;
}

void DmaModel::progress(int64_t To) {
  if (To <= NowPs)
    return;
  for (Lane &L : Lanes) {
    Part &P = L.Parts.front(); // the only one that may be moving
    if (P.St == Stage::Moving)
      P.Remaining = std::max(0.0, P.Remaining - P.Rate * static_cast<double>(To - NowPs));
  }
  NowPs = To;
}

bool DmaModel::endStages() {
  bool Changed = false;
  for (Lane &L : Lanes) {
    unsigned Engine = L.Engine;
    FifoVector<Part> &Lane = L.Parts;
    for (size_t K = 0; K < Lane.size();) {
      Part &P = Lane[K];
      if (P.St == Stage::Waiting)
        break; // and so is the rest of the lane
      bool Ends = P.StageEndPs <= NowPs;
      if (P.St == Stage::Fetching && Ends) {
        P.St = Stage::Fetched;
        P.QueuedPs = P.StageEndPs;
        Changed = true;
      } else if (P.St == Stage::Processing && Ends) {
        P.St = Stage::Ready;
        P.QueuedPs = P.StageEndPs;
        Processing[Engine] = false;
        Changed = true;
      } else if (P.St == Stage::Moving && P.Remaining <= DoneBytes) {
        P.St = Stage::Completing;
        P.StageEndPs = NowPs + CompletionPs;
        Moving[Engine] = false;
        Changed = true;
      }
      if (P.St == Stage::Completing && P.StageEndPs <= NowPs && K == 0) {
        --transfer(P.Transfer).Parts;
        Lane.pop_front();
        Changed = true;
        continue;
      }
      ++K;
    }
  }
  return Changed;
}

bool DmaModel::startStages() {
  bool Changed = false;
  // The earliest queued candidate per engine (ties: the older transfer).
  auto Earlier = [](const Part *A, const Part *B) {
    return !B || A->QueuedPs < B->QueuedPs ||
           (A->QueuedPs == B->QueuedPs && A->Transfer < B->Transfer);
  };
  // Data: a lane's first part, once processed (its earlier parts complete).
  std::vector<Part *> Pick(Chip.DmaEngines, nullptr);
  for (Lane &L : Lanes)
    if (!L.Parts.empty() && !Moving[L.Engine] && L.Parts.front().St == Stage::Ready &&
        Earlier(&L.Parts.front(), Pick[L.Engine]))
      Pick[L.Engine] = &L.Parts.front();
  for (unsigned E = 0; E < Pick.size(); ++E)
    if (Pick[E]) {
      Pick[E]->St = Stage::Moving;
      Moving[E] = true;
      Changed = true;
    }
  // Processing: a fetched part at most one ahead of its lane's data.
  Pick.assign(Chip.DmaEngines, nullptr);
  for (Lane &L : Lanes) {
    if (Processing[L.Engine])
      continue;
    FifoVector<Part> &Lane = L.Parts;
    for (size_t K = 0; K < Lane.size() && Lane[K].St != Stage::Waiting; ++K) {
      if (Lane[K].St != Stage::Fetched)
        continue;
      bool AheadOk =
          K == 0 || Lane[K - 1].St == Stage::Moving || Lane[K - 1].St == Stage::Completing;
      if (AheadOk && Earlier(&Lane[K], Pick[L.Engine]))
        Pick[L.Engine] = &Lane[K];
      break;
    }
  }
  for (unsigned E = 0; E < Pick.size(); ++E)
    if (Pick[E]) {
      Pick[E]->St = Stage::Processing;
      Pick[E]->StageEndPs = NowPs + Pick[E]->ProcessPs;
      Processing[E] = true;
      Changed = true;
    }
  // Fetch: each lane's next part, once eligible and its predecessor is
  // being processed or further on.
  for (Lane &L : Lanes)
    for (size_t K = 0; K < L.Parts.size(); ++K) {
      FifoVector<Part> &Lane = L.Parts;
      Part &P = Lane[K];
      if (P.St != Stage::Waiting)
        continue;
      bool AheadOk =
          K == 0 || (Lane[K - 1].St != Stage::Fetching && Lane[K - 1].St != Stage::Fetched);
      if (AheadOk && P.EligiblePs <= NowPs) {
        P.St = Stage::Fetching;
        P.StageEndPs = NowPs + FetchPs;
        Changed = true;
      }
      break;
    }
  return Changed;
}

void DmaModel::settle() {
  // Both every round (no short-circuit): stages that ended free engines
  // for stages to start, until neither changes anything.
  while (true) {
    bool Ended = endStages();
    bool Started = startStages();
    if (!Ended && !Started)
      break;
  }
  Lanes.erase(
      std::remove_if(Lanes.begin(), Lanes.end(), [](const Lane &L) { return L.Parts.empty(); }),
      Lanes.end());
  // Completions, in each queue's order.
  for (auto It = QueueOrder.begin(); It != QueueOrder.end();) {
    std::deque<uint64_t> &Order = It->second;
    while (!Order.empty() && transfer(Order.front()).Parts == 0) {
      transfer(Order.front()).Complete = true;
      Order.pop_front();
      Done.push_back(It->first);
    }
    It = Order.empty() ? QueueOrder.erase(It) : std::next(It);
  }
  while (!Transfers.empty() && Transfers.front().Complete) {
    Transfers.pop_front();
    ++FirstTransfer;
  }
}

void DmaModel::rebalance() {
  // Only a lane's first part moves data, and one part per engine.
  double HbmDemand = 0;
  for (Lane &L : Lanes) {
    Part &P = L.Parts.front();
    P.Rate = 0;
    if (P.St != Stage::Moving)
      continue;
    const TransferState &T = transfer(P.Transfer);
    P.Rate = EngineRate * T.RateShare;
    HbmDemand += P.Rate * T.HbmSides;
  }
  if (HbmDemand > HbmRate)
    for (Lane &L : Lanes)
      if (transfer(L.Parts.front().Transfer).HbmSides)
        L.Parts.front().Rate *= HbmRate / HbmDemand;
}

double DmaModel::hbmBytesPerPs() const {
  double Sum = 0;
  for (const Lane &L : Lanes)
    Sum += L.Parts.front().Rate * transfer(L.Parts.front().Transfer).HbmSides;
  return Sum;
}

std::optional<int64_t> DmaModel::nextEventPs() const {
  if (!Done.empty())
    return NowPs;
  std::optional<int64_t> Next;
  auto Consider = [&](int64_t Ps) { Next = Next ? std::min(*Next, Ps) : Ps; };
  for (const Lane &L : Lanes)
    for (const Part &P : L.Parts) {
      if (P.St == Stage::Waiting) {
        if (P.EligiblePs > NowPs)
          Consider(P.EligiblePs);
        break; // the rest of the lane waits behind it
      }
      if (P.St == Stage::Fetching || P.St == Stage::Processing || P.St == Stage::Completing)
        Consider(P.StageEndPs);
      else if (P.St == Stage::Moving && P.Rate > 0)
        Consider(NowPs +
                 std::max<int64_t>(1, static_cast<int64_t>(std::ceil(P.Remaining / P.Rate))));
    }
  return Next;
}

std::vector<unsigned> DmaModel::advance(int64_t To) {
  progress(To);
  settle();
  rebalance();
  std::vector<unsigned> Out;
  Out.swap(Done);
  std::sort(Out.begin(), Out.end()); // queue numbers: equal ones are alike
  return Out;
}

} // namespace trn::emu
