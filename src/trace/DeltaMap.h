//===- DeltaMap.h - sums of changes by time ---------------------*- C++ -*-===//
//
// Occupancy's changes: +bytes where a value starts, -bytes where it ends,
// summed by time.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TRACE_DELTAMAP_H
#define TRN_TRACE_DELTAMAP_H

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace trn::trace {

// The net change of the occupancy at each time: a hash map of times to
// non-zero sums (open addressing, linear probing). A time whose changes
// cancel out (one value ends as another of the same size starts, as in most
// loops) leaves the map, so it stays small where the occupancy is steady,
// and nothing needs sorting but what remains when the run ends.
class DeltaMap {
public:
  size_t size() const { return Used; }
  void add(int64_t Ps, int64_t Bytes) {
    if (Bytes == 0)
      return;
    if ((Used + 1) * 4 > Slots.size() * 3)
      grow();
    size_t I = find(Ps);
    if (!Slots[I].Used) {
      Slots[I] = {Ps, Bytes, true};
      ++Used;
    } else if ((Slots[I].Bytes += Bytes) == 0) {
      erase(I);
    }
  }
  // The times and their sums, sorted by time.
  std::vector<std::pair<int64_t, int64_t>> sorted() const {
    std::vector<std::pair<int64_t, int64_t>> Out;
    Out.reserve(Used);
    for (const Slot &S : Slots)
      if (S.Used)
        Out.emplace_back(S.Ps, S.Bytes);
    std::sort(Out.begin(), Out.end());
    return Out;
  }

private:
  struct Slot {
    int64_t Ps = 0, Bytes = 0;
    bool Used = false;
  };
  std::vector<Slot> Slots;
  size_t Used = 0;

  size_t home(int64_t Ps) const {
    uint64_t H = static_cast<uint64_t>(Ps) * 0x9E3779B97F4A7C15ULL;
    return static_cast<size_t>(H >> 20) & (Slots.size() - 1);
  }
  size_t find(int64_t Ps) const {
    size_t I = home(Ps);
    while (Slots[I].Used && Slots[I].Ps != Ps)
      I = (I + 1) & (Slots.size() - 1);
    return I;
  }
  // Backward-shift deletion: the slots after I that probed past it move
  // back, so that no search stops early at the hole.
  void erase(size_t I) {
    size_t Mask = Slots.size() - 1;
    for (size_t J = (I + 1) & Mask; Slots[J].Used; J = (J + 1) & Mask) {
      size_t H = home(Slots[J].Ps);
      // J's entry may fill the hole if its home is not in (I, J].
      if (((J - H) & Mask) >= ((J - I) & Mask)) {
        Slots[I] = Slots[J];
        I = J;
      }
    }
    Slots[I] = Slot{};
    --Used;
  }
  void grow() {
    std::vector<Slot> Old = std::move(Slots);
    Slots.assign(Old.empty() ? 1024 : Old.size() * 2, Slot{});
    for (const Slot &S : Old)
      if (S.Used)
        Slots[find(S.Ps)] = S;
  }
};

} // namespace trn::trace

#endif
