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

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace trn::race {

using ThreadId = uint32_t;
using Epoch = uint32_t;

class VectorClock {
public:
  VectorClock() = default;
  VectorClock(const VectorClock &) = default;
  VectorClock(VectorClock &&) = default;
  VectorClock &operator=(VectorClock &&) = default;
  // Copied on every signal: the inline part as one block, the rest only
  // when either clock has one.
  VectorClock &operator=(const VectorClock &O) {
    N = O.N;
    In = O.In;
    if (!O.Far.empty() || !Far.empty())
      Far = O.Far;
    return *this;
  }
  Epoch get(ThreadId T) const { return T < N ? at(T) : 0; }
  void set(ThreadId T, Epoch E) {
    if (T >= N)
      resize(T + 1);
    at(T) = E;
  }
  void tick(ThreadId T) { set(T, get(T) + 1); }
  // this = this joined with O (componentwise maximum).
  void join(const VectorClock &O) {
    if (O.N > N)
      resize(O.N);
    size_t Near = std::min(O.N, Inline);
    for (size_t K = 0; K < Near; ++K)
      In[K] = std::max(In[K], O.In[K]);
    for (size_t K = Inline; K < O.N; ++K)
      Far[K - Inline] = std::max(Far[K - Inline], O.Far[K - Inline]);
  }
  // this = this met with O (componentwise minimum).
  void meet(const VectorClock &O) {
    resize(std::min(N, O.N));
    size_t Near = std::min(N, Inline);
    for (size_t K = 0; K < Near; ++K)
      In[K] = std::min(In[K], O.In[K]);
    for (size_t K = Inline; K < N; ++K)
      Far[K - Inline] = std::min(Far[K - Inline], O.Far[K - Inline]);
  }
  // An access of thread T at epoch E happened before every later event of
  // the thread whose clock this is.
  bool covers(ThreadId T, Epoch E) const { return E <= get(T); }
  size_t size() const { return N; }

private:
  // The five engines and up to three queues inline: clocks are copied on
  // every signal, and a copy of the inline part is one fixed-size move.
  // Entries at N and beyond are 0 (resize keeps it so).
  static constexpr uint32_t Inline = 8;
  Epoch &at(ThreadId T) { return T < Inline ? In[T] : Far[T - Inline]; }
  const Epoch &at(ThreadId T) const { return T < Inline ? In[T] : Far[T - Inline]; }
  void resize(uint32_t M) {
    for (uint32_t K = M; K < std::min(N, Inline); ++K)
      In[K] = 0;
    if (M > Inline || !Far.empty())
      Far.resize(M > Inline ? M - Inline : 0, 0);
    N = M;
  }
  uint32_t N = 0;
  std::array<Epoch, Inline> In{};
  std::vector<Epoch> Far;
};

} // namespace trn::race

#endif
