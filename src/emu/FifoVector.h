//===- FifoVector.h - a first-in first-out queue in one vector --*- C++ -*-===//
//
// The parts of a DMA lane (DmaModel): pushed at the back, popped at the
// front, indexed from the front several times per change of the model.
// std::deque's indexing (block arithmetic) was a third of the model's
// time; here an index is one addition. The popped slots are reused when
// the queue empties, or reclaimed once they are half the vector, so the
// storage stays at about the most parts ever queued at once.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_FIFOVECTOR_H
#define TRN_EMU_FIFOVECTOR_H

#include <cstddef>
#include <iterator>
#include <vector>

namespace trn::emu {

template <typename T> class FifoVector {
public:
  bool empty() const { return Head == Items.size(); }
  size_t size() const { return Items.size() - Head; }
  T &operator[](size_t I) { return Items[Head + I]; }
  const T &operator[](size_t I) const { return Items[Head + I]; }
  T &front() { return Items[Head]; }
  const T &front() const { return Items[Head]; }
  void push_back(const T &V) {
    if (Head && Head * 2 >= Items.size()) { // reclaim the popped slots first
      Items.erase(Items.begin(), Items.begin() + static_cast<std::ptrdiff_t>(Head));
      Head = 0;
    }
    Items.push_back(V);
  }
  void pop_front() {
    if (++Head == Items.size()) {
      Items.clear();
      Head = 0;
    }
  }
  auto begin() { return Items.begin() + static_cast<std::ptrdiff_t>(Head); }
  auto end() { return Items.end(); }
  auto begin() const { return Items.begin() + static_cast<std::ptrdiff_t>(Head); }
  auto end() const { return Items.end(); }

private:
  std::vector<T> Items;
  size_t Head = 0; // Items[0, Head) are popped
};

} // namespace trn::emu

#endif
