//===- SemaphoreOrder.h - what a satisfied wait acquires --------*- C++ -*-===//
//
// The race detector's rule for counting semaphores (docs/races.md). A
// signal releases its sender's clock; a satisfied wait acquires the clocks
// of the signals it must have seen, whatever the timing: those that every
// minimal way of reaching its threshold includes. Signals from one sender
// arrive in that sender's order, so a way is a prefix of each sender's
// signals; the wait acquires the meet, over the minimal ways, of the join of
// their clocks. Signals the waiter already knows of are in every way.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_RACE_SEMAPHOREORDER_H
#define TRN_RACE_SEMAPHOREORDER_H

#include "Ring.h"
#include "VectorClock.h"
#include "trn/isa/Isa.h"

#include <vector>

namespace trn::race {

class SemaphoreOrder {
public:
  explicit SemaphoreOrder(int32_t Initial = 0) : Initial(Initial) {}

  // Sender (whose own entry in Clock is the signal's epoch) added Amount.
  void signal(ThreadId Sender, int32_t Amount, const VectorClock &Clock);
  // A signal that has not arrived but could have come first under other
  // timing: a transfer already triggered, an instruction already issued.
  struct Pending {
    ThreadId Sender;
    int32_t Amount;
    VectorClock Clock; // what it will release
  };
  // What a wait `s Cond Value` that held acquires, for a waiter whose clock
  // is Waiter; Later lists the semaphore's pending signals, each sender's in
  // its order.
  VectorClock acquire(isa::WaitCond Cond, int32_t Value, const VectorClock &Waiter,
                      const std::vector<Pending> &Later) const {
    VectorClock Out;
    acquireInto(Cond, Value, Waiter, Later, Out);
    return Out;
  }
  // The same, joined into Into (which may be Waiter): no clock is copied
  // on the common paths, one wait on one sender.
  void acquireInto(isa::WaitCond Cond, int32_t Value, const VectorClock &Waiter,
                   const std::vector<Pending> &Later, VectorClock &Into) const;

  // Signals kept per sender; older ones are folded into a base that every
  // wait counts as seen (bounded memory on long loops; see docs/races.md).
  static constexpr size_t MaxKept = 1024;
  // Ways looked at per wait before falling back to every signal so far.
  static constexpr size_t MaxWays = 4096;

private:
  struct Record {
    Epoch At;    // the sender's epoch
    int64_t Cum; // the sender's total after this signal
    VectorClock Clock;
  };
  struct SenderSignals {
    ThreadId Tid;
    int64_t BaseCum = 0; // folded records: their total and joined clock
    VectorClock Base;
    Ring<Record> Kept;
  };
  // A sender's signals as one wait sees them: arrived, then pending.
  struct SenderView {
    const SenderSignals *Arrived = nullptr;
    ThreadId Tid = 0;
    std::vector<const Pending *> Later;
    std::vector<int64_t> LaterCum;
    size_t count() const { return (Arrived ? Arrived->Kept.size() : 0) + Later.size(); }
    int64_t cumAt(size_t K) const;
    const VectorClock &clockAt(size_t K) const;
  };
  int32_t Initial;
  bool Monotone = true; // every signal so far added a positive amount
  std::vector<SenderSignals> Senders;
  // Into joined with every signal so far.
  void joinAll(VectorClock &Into) const;
};

} // namespace trn::race

#endif
