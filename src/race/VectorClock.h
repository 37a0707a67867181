//===- VectorClock.h - happens-before over engines and queues ---*- C++ -*-===//
//
// One logical clock per thread of the core: the five engine sequencers and
// every DMA queue that has run a transfer (numbered as they appear). A
// missing entry is 0, "nothing of that thread known yet"; every thread's own
// entry starts at 1, so an epoch of 0 is never an access's.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_RACE_VECTORCLOCK_H
#define TRN_RACE_VECTORCLOCK_H

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstdint>

namespace trn::race {

using ThreadId = uint32_t;
using Epoch = uint32_t;

class VectorClock {
public:
  Epoch get(ThreadId T) const { return T < C.size() ? C[T] : 0; }
  void set(ThreadId T, Epoch E) {
    if (T >= C.size())
      C.resize(T + 1, 0);
    C[T] = E;
  }
  void tick(ThreadId T) { set(T, get(T) + 1); }
  // this = this joined with O (componentwise maximum).
  void join(const VectorClock &O) {
    if (O.C.size() > C.size())
      C.resize(O.C.size(), 0);
    for (size_t K = 0; K < O.C.size(); ++K)
      C[K] = std::max(C[K], O.C[K]);
  }
  // this = this met with O (componentwise minimum).
  void meet(const VectorClock &O) {
    C.resize(std::min(C.size(), O.C.size()));
    for (size_t K = 0; K < C.size(); ++K)
      C[K] = std::min(C[K], O.C[K]);
  }
  // An access of thread T at epoch E happened before every later event of
  // the thread whose clock this is.
  bool covers(ThreadId T, Epoch E) const { return E <= get(T); }
  size_t size() const { return C.size(); }

private:
  // Inline for the five engines and a few queues: clocks are copied on
  // every signal and wait, without a heap allocation.
  llvm::SmallVector<Epoch, 11> C;
};

} // namespace trn::race

#endif
