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
#include <limits>
#include <utility>
#include <vector>

namespace trn::trace {

// Changes are appended (a store, in order: cheaper than any lookup) and,
// when they have doubled since the last time, sorted and summed by time,
// dropping the sums that cancel out (one value ends as another of the same
// size starts, as in most loops). So memory stays in proportion to the
// times whose sums are not zero, and the sorting costs O(log) per change.
class DeltaMap {
public:
  // True when the changes were just sorted and summed.
  bool add(int64_t Ps, int64_t Bytes) {
    if (Bytes == 0)
      return false;
    Changes.emplace_back(Ps, Bytes);
    if (Changes.size() < Limit)
      return false;
    compact();
    return true;
  }
  // Takes out the sums of the times before Ps, sorted by time.
  std::vector<std::pair<int64_t, int64_t>> takeBefore(int64_t Ps) {
    compact();
    auto End =
        std::lower_bound(Changes.begin(), Changes.end(),
                         std::pair<int64_t, int64_t>(Ps, std::numeric_limits<int64_t>::min()));
    std::vector<std::pair<int64_t, int64_t>> Out(Changes.begin(), End);
    Changes.erase(Changes.begin(), End);
    Sorted = Changes.size();
    Limit = std::max<size_t>(MinLimit, 2 * Changes.size());
    return Out;
  }
  // The times and their sums (none zero), sorted by time.
  std::vector<std::pair<int64_t, int64_t>> sorted() {
    compact();
    return Changes;
  }
  // How many times and sums are held (some not summed yet).
  size_t size() const { return Changes.size(); }

private:
  static constexpr size_t MinLimit = 1 << 16;
  std::vector<std::pair<int64_t, int64_t>> Changes;
  size_t Limit = MinLimit;
  size_t Sorted = 0;                               // Changes[0, Sorted) are sorted and summed
  std::vector<std::pair<int64_t, int64_t>> Merged; // compact()'s scratch, kept

  void compact() {
    // Changes mostly come in time order (a loop's values start and end in
    // turn): sort only what came since the last compaction, and only if
    // it is out of order, then merge it with what was sorted before.
    auto Mid = Changes.begin() + static_cast<std::ptrdiff_t>(Sorted);
    if (!std::is_sorted(Mid, Changes.end()))
      std::sort(Mid, Changes.end());
    if (Sorted > 0 && Mid != Changes.end() && *Mid < Mid[-1]) {
      // std::merge into a scratch vector, not std::inplace_merge: libstdc++
      // 12's inplace_merge uses the deprecated get_temporary_buffer, an
      // error under clang -Werror.
      Merged.resize(Changes.size());
      std::merge(Changes.begin(), Mid, Mid, Changes.end(), Merged.begin());
      Changes.swap(Merged);
    }
    size_t Out = 0;
    for (size_t I = 0; I < Changes.size();) {
      int64_t Ps = Changes[I].first, Sum = 0;
      for (; I < Changes.size() && Changes[I].first == Ps; ++I)
        Sum += Changes[I].second;
      if (Sum != 0)
        Changes[Out++] = {Ps, Sum};
    }
    Changes.resize(Out);
    Sorted = Out;
    Limit = std::max<size_t>(Limit, 2 * Out);
  }
};

} // namespace trn::trace

#endif
