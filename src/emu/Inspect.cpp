//===- Inspect.cpp - the state of a run, read-only ------------------------===//

#include "trn/emu/Inspect.h"

#include "Machine.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace trn::emu {

const char *engineStatusName(EngineStatus S) {
  switch (S) {
  case EngineStatus::Idle:
    return "idle";
  case EngineStatus::Waiting:
    return "waiting";
  case EngineStatus::Busy:
    return "running";
  case EngineStatus::Halted:
    return "halted";
  }
  return "?";
}

Inspector::Inspector(const Emulator &E) : M(*E.M) {}

int64_t Inspector::nowPs() const { return M.NowPs; }

uint64_t Inspector::cyclesAt(int64_t Ps) const {
  return static_cast<uint64_t>(static_cast<unsigned __int128>(std::max<int64_t>(Ps, 0)) *
                               M.Chip.ClockMHz[0] / 1000000);
}

int64_t Inspector::psAtCycle(uint64_t Cycles) const {
  // In 128 bits, saturated: a cycle past what int64 picoseconds reach is
  // never reached, not a wrapped early one.
  uint64_t MHz = M.Chip.ClockMHz[static_cast<unsigned>(isa::Engine::PE)];
  unsigned __int128 Ps = (static_cast<unsigned __int128>(Cycles) * 1000000 + MHz - 1) / MHz;
  return Ps > INT64_MAX ? INT64_MAX : static_cast<int64_t>(Ps);
}

EngineInspect Inspector::engine(isa::Engine E) const {
  const EngineState &S = M.Engines[static_cast<unsigned>(E)];
  EngineInspect R;
  R.Status = static_cast<EngineStatus>(S.State);
  R.PC = S.PC;
  R.Length = static_cast<uint32_t>(S.Code.size());
  R.WaitingSincePs = S.WaitingSincePs;
  R.StartPs = M.StartPs[static_cast<unsigned>(E)];
  R.EndPs = M.Ports[static_cast<unsigned>(E)].EndPs;
  return R;
}
static_assert(static_cast<unsigned>(EngineStatus::Halted) ==
                  static_cast<unsigned>(EngineState::Status::Halted) &&
              static_cast<unsigned>(EngineStatus::Busy) ==
                  static_cast<unsigned>(EngineState::Status::Busy) &&
              static_cast<unsigned>(EngineStatus::Waiting) ==
                  static_cast<unsigned>(EngineState::Status::Waiting));

std::span<const uint32_t, 64> Inspector::registers(isa::Engine E) const {
  return M.Engines[static_cast<unsigned>(E)].Regs;
}

std::vector<ResolvedWait> Inspector::waits(isa::Engine E, uint32_t Index) const {
  const EngineState &S = M.Engines[static_cast<unsigned>(E)];
  std::vector<ResolvedWait> R;
  if (Index >= S.Decoded.size())
    return R;
  const DecodedInstr &D = S.Decoded[Index];
  for (unsigned K = 0; K < D.NumWaits; ++K) {
    const isa::Wait &W = D.Waits[K];
    R.push_back({W.Sem, W.Cond, static_cast<int32_t>(W.IsReg ? S.Regs[W.Value & 63] : W.Value)});
  }
  return R;
}

std::string Inspector::disassemble(isa::Engine E, uint32_t Index) const {
  return M.describe(E, Index);
}

std::optional<object::SourceLoc> Inspector::location(isa::Engine E, uint32_t Index) const {
  const EngineState &S = M.Engines[static_cast<unsigned>(E)];
  if (Index < S.Locs.size() && S.Locs[Index].Line)
    return S.Locs[Index];
  return std::nullopt;
}

unsigned Inspector::numSemaphores() const { return static_cast<unsigned>(M.Semaphores.size()); }
int32_t Inspector::semaphore(unsigned S) const { return M.Semaphores[S]; }
Sender Inspector::lastSignal(unsigned S) const { return M.LastSignal[S]; }

std::vector<SignalInFlight> Inspector::signalsInFlight() const {
  std::vector<std::pair<uint32_t, SignalInFlight>> Live; // by slot
  for (uint32_t Slot = 0; Slot < M.SignalSlots.size(); ++Slot) {
    if (std::find(M.FreeSignalSlots.begin(), M.FreeSignalSlots.end(), Slot) !=
        M.FreeSignalSlots.end())
      continue;
    const auto &P = M.SignalSlots[Slot];
    Live.push_back({Slot, {P.Sem, P.Amount, P.From}});
  }
  // In the order they were sent (then by slot: a fixed order).
  std::sort(Live.begin(), Live.end(), [](const auto &A, const auto &B) {
    return A.second.From.Ps != B.second.From.Ps ? A.second.From.Ps < B.second.From.Ps
                                                : A.first < B.first;
  });
  std::vector<SignalInFlight> R;
  for (const auto &L : Live)
    R.push_back(L.second);
  return R;
}

std::vector<TransferInspect> Inspector::transfers() const {
  std::vector<TransferInspect> R;
  for (unsigned Q = 0; Q < M.Queues.size(); ++Q) {
    const DmaQueue &DQ = M.Queues[Q];
    for (size_t K = 0; K < DQ.Pending.size(); ++K) {
      const DmaTransfer &T = DQ.Pending[K];
      R.push_back({Q, T.Issuer, T.Index, T.ReadyPs, T.Bytes, K == 0, K == 0 ? DQ.StartPs : 0});
    }
  }
  return R;
}

uint64_t Inspector::onChipBytes(isa::MemSpace Space) const {
  return Space == isa::MemSpace::PSUM ? M.Psum.PartBytes : M.Sbuf.PartBytes;
}

void Inspector::readOnChip(isa::MemSpace Space, uint32_t Part, uint64_t Offset,
                           std::span<uint8_t> Out) const {
  const OnChip &Mem = Space == isa::MemSpace::PSUM ? M.Psum : M.Sbuf;
  if (!Out.empty())
    std::memcpy(Out.data(), Mem.Bytes.data() + Mem.index(Part, Offset), Out.size());
}

void Inspector::readHbm(uint64_t Address, std::span<uint8_t> Out) const {
  if (!Out.empty())
    M.HbmMem.read(Address, Out.data(), Out.size());
}

} // namespace trn::emu
