//===- Ring.h - a bounded FIFO with cheap indexing --------------*- C++ -*-===//
//
// The race detector keeps the last N signals of each sender and indexes
// them on every wait: a ring over a power-of-two array indexes with a mask
// (std::deque's indexing cost more than the rest of a wait), and reuses
// its slots, so a record's clock is copied into storage it already has.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_RACE_RING_H
#define TRN_RACE_RING_H

#include <cstddef>
#include <utility>
#include <vector>

namespace trn::race {

template <class T> class Ring {
public:
  size_t size() const { return Count; }
  bool empty() const { return Count == 0; }
  const T &operator[](size_t K) const { return Slots[(Head + K) & Mask]; }
  const T &front() const { return (*this)[0]; }
  T &front() { return Slots[Head]; }
  const T &back() const { return (*this)[Count - 1]; }
  // The slot after the last, to be assigned in place (grows when full).
  T &pushBack() {
    if (Count == Slots.size())
      grow();
    ++Count;
    return Slots[(Head + Count - 1) & Mask];
  }
  void popFront() {
    Head = (Head + 1) & Mask;
    --Count;
  }
  // The first K in [0, size()) where Pred(element) is false, all before
  // it true (as std::partition_point).
  template <class P> size_t partitionPoint(P Pred) const {
    size_t Lo = 0, Hi = Count;
    while (Lo < Hi) {
      size_t Mid = Lo + (Hi - Lo) / 2;
      if (Pred((*this)[Mid]))
        Lo = Mid + 1;
      else
        Hi = Mid;
    }
    return Lo;
  }

private:
  void grow() {
    std::vector<T> Bigger(Slots.empty() ? 8 : Slots.size() * 2);
    for (size_t K = 0; K < Count; ++K)
      Bigger[K] = std::move(Slots[(Head + K) & Mask]);
    Slots = std::move(Bigger);
    Head = 0;
    Mask = Slots.size() - 1;
  }
  std::vector<T> Slots;
  size_t Head = 0, Count = 0, Mask = 0;
};

} // namespace trn::race

#endif
