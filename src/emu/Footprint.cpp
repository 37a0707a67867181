//===- Footprint.cpp - the bytes an access pattern touches ----------------===//

#include "Footprint.h"

#include <algorithm>
#include <array>

namespace trn::emu {

bool footprintRuns(const isa::AccessPattern &AP, int64_t RegOff, std::vector<ByteRun> &Runs) {
  Runs.clear();
  // The footprint is a set of elements, so dimension order and the sign of
  // a stride do not matter: flip negative strides, drop unit dimensions and
  // sort the rest by stride, innermost (smallest) first.
  struct Dim {
    int64_t Stride;
    uint64_t Count;
  };
  std::array<Dim, isa::MaxDims + 1> Dims{};
  unsigned N = 0;
  int64_t Start = RegOff; // elements
  auto Add = [&](int64_t Stride, uint64_t Count) {
    if (Count <= 1 || Stride == 0)
      return;
    if (Stride < 0) {
      Start += Stride * static_cast<int64_t>(Count - 1);
      Stride = -Stride;
    }
    Dims[N++] = {Stride, Count};
  };
  for (unsigned D = 0; D < AP.NumDims && D < isa::MaxDims; ++D)
    Add(AP.Dims[D].Stride, AP.Dims[D].Count);
  if (AP.Space == isa::MemSpace::HBM)
    Add(AP.PartStep, AP.NumPartitions);
  for (unsigned K = 1; K < N; ++K) // insertion sort of at most five
    for (unsigned J = K; J > 0 && Dims[J].Stride < Dims[J - 1].Stride; --J)
      std::swap(Dims[J], Dims[J - 1]);
  // Grow one contiguous block from the innermost dimensions: copies of a
  // block of L elements placed Stride <= L apart touch one longer block.
  int64_t Len = 1;
  unsigned Inner = 0;
  for (; Inner < N && Dims[Inner].Stride <= Len; ++Inner)
    Len += Dims[Inner].Stride * static_cast<int64_t>(Dims[Inner].Count - 1);
  uint64_t Blocks = 1;
  for (unsigned D = Inner; D < N; ++D) {
    Blocks *= Dims[D].Count;
    if (Blocks > MaxFootprintRuns)
      break;
  }
  int64_t Elem = isa::dtype(AP.Type).StorageBytes;
  int64_t Base = static_cast<int64_t>(AP.Base);
  auto Run = [&](int64_t Off, int64_t Elems) {
    return ByteRun{static_cast<uint64_t>(Base + Off * Elem),
                   static_cast<uint64_t>(Base + (Off + Elems) * Elem - 1)};
  };
  if (Blocks > MaxFootprintRuns) {
    int64_t Hi = Start + Len - 1;
    for (unsigned D = Inner; D < N; ++D)
      Hi += Dims[D].Stride * static_cast<int64_t>(Dims[D].Count - 1);
    Runs.push_back(Run(Start, Hi - Start + 1));
    return false;
  }
  // Odometer over the outer dimensions.
  std::array<uint64_t, isa::MaxDims + 1> Idx{};
  int64_t Off = Start;
  for (uint64_t B = 0; B < Blocks; ++B) {
    Runs.push_back(Run(Off, Len));
    for (unsigned D = Inner; D < N; ++D) {
      Off += Dims[D].Stride;
      if (++Idx[D] < Dims[D].Count)
        break;
      Off -= Dims[D].Stride * static_cast<int64_t>(Dims[D].Count);
      Idx[D] = 0;
    }
  }
  std::sort(Runs.begin(), Runs.end(),
            [](const ByteRun &A, const ByteRun &B) { return A.First < B.First; });
  size_t Out = 0;
  for (size_t K = 1; K < Runs.size(); ++K) {
    if (Runs[K].First <= Runs[Out].Last + 1)
      Runs[Out].Last = std::max(Runs[Out].Last, Runs[K].Last);
    else
      Runs[++Out] = Runs[K];
  }
  Runs.resize(Out + 1);
  return true;
}

bool operandTouchesMemory(const isa::Instr &I, unsigned K) {
  const isa::OperandDesc &OD = I.desc().Operands[K];
  const isa::Operand &Op = I.Operands[K];
  bool Tensor = OD.Kind == isa::OperandKind::AccessPattern ||
                (OD.Kind == isa::OperandKind::Scalar && !Op.IsImm);
  return Tensor && Op.AP.present();
}

FootprintCache::Entry &FootprintCache::entry(isa::Engine Eng, uint32_t Index, const isa::Instr &I) {
  std::vector<Entry> &V = Entries[static_cast<unsigned>(Eng)];
  if (Index >= V.size())
    V.resize(Index + 1);
  Entry &En = V[Index];
  if (En.I != &I) {
    En = Entry{};
    En.I = &I;
    size_t N = I.desc().Operands.size();
    En.Slots.resize(N);
    for (unsigned K = 0; K < N; ++K)
      if (operandTouchesMemory(I, K))
        En.MemOperands |= 1u << K;
  }
  return En;
}

uint32_t FootprintCache::memoryOperands(isa::Engine Eng, uint32_t Index, const isa::Instr &I) {
  return entry(Eng, Index, I).MemOperands;
}

FootprintCache::Runs FootprintCache::runs(isa::Engine Eng, uint32_t Index, const isa::Instr &I,
                                          unsigned K, const isa::AccessPattern &AP,
                                          int64_t RegOff) {
  if (AP.Reg) {
    bool Exact = footprintRuns(AP, RegOff, Scratch);
    return {Scratch.data(), Scratch.size(), Exact};
  }
  Entry &En = entry(Eng, Index, I);
  if (K < En.Slots.size() && En.Slots[K].Valid) {
    const Slot &S = En.Slots[K];
    return {Pool.data() + S.First, S.Size, S.Exact};
  }
  bool Exact = footprintRuns(AP, RegOff, Scratch);
  if (K >= En.Slots.size() || Scratch.size() > MaxCachedRuns ||
      Pool.size() + Scratch.size() > MaxPoolRuns)
    return {Scratch.data(), Scratch.size(), Exact};
  Slot &S = En.Slots[K];
  S = {static_cast<uint32_t>(Pool.size()), static_cast<uint32_t>(Scratch.size()), Exact, true};
  Pool.insert(Pool.end(), Scratch.begin(), Scratch.end());
  return {Pool.data() + S.First, S.Size, S.Exact};
}

} // namespace trn::emu
