//===- SemaphoreOrder.cpp - what a satisfied wait acquires ----------------===//

#include "SemaphoreOrder.h"

#include <optional>

namespace trn::race {

void SemaphoreOrder::signal(ThreadId Sender, int32_t Amount, const VectorClock &Clock) {
  All.join(Clock);
  if (Amount <= 0)
    Monotone = false;
  SenderSignals *S = nullptr;
  for (SenderSignals &X : Senders)
    if (X.Tid == Sender)
      S = &X;
  if (!S) {
    Senders.push_back({Sender, 0, {}, {}});
    S = &Senders.back();
  }
  int64_t Cum = S->cumAt(S->Kept.size()) + Amount;
  S->Kept.push_back({Clock.get(Sender), Cum, Clock});
  if (S->Kept.size() > MaxKept) {
    S->BaseCum = S->Kept.front().Cum;
    S->Base.join(S->Kept.front().Clock);
    S->Kept.pop_front();
  }
}

VectorClock SemaphoreOrder::acquire(isa::WaitCond Cond, int32_t Value,
                                    const VectorClock &Waiter) const {
  bool Counting =
      Cond == isa::WaitCond::Ge || Cond == isa::WaitCond::Gt || Cond == isa::WaitCond::Eq;
  if (!Monotone || !Counting)
    return All; // see docs/races.md: any signal so far may be the one seen
  int64_t Needed = int64_t(Value) - Initial + (Cond == isa::WaitCond::Gt ? 1 : 0);
  if (Needed <= 0)
    return {}; // held before any signal
  size_t J = Senders.size();
  // Min[j]: the signals of sender j the waiter already knows of (its base
  // and every record at an epoch its clock covers) are in every way.
  std::vector<size_t> Min(J), K(J);
  std::vector<int64_t> MaxRest(J + 1, 0);
  for (size_t S = 0; S < J; ++S) {
    const SenderSignals &X = Senders[S];
    size_t M = 0;
    while (M < X.Kept.size() && Waiter.covers(X.Tid, X.Kept[M].At))
      ++M;
    Min[S] = M;
  }
  for (size_t S = J; S-- > 0;)
    MaxRest[S] = MaxRest[S + 1] + Senders[S].cumAt(Senders[S].Kept.size());

  std::optional<VectorClock> Result;
  size_t Ways = 0;
  bool GaveUp = false;
  // Sum is the total of senders before S; a way is minimal when dropping
  // the last chosen signal of any sender that has one beyond its Min falls
  // short of Needed.
  auto Visit = [&](auto &Self, size_t S, int64_t Sum) -> void {
    if (GaveUp)
      return;
    if (S == J) {
      if (Sum < Needed)
        return;
      for (size_t T = 0; T < J; ++T)
        if (K[T] > Min[T] && Sum - (Senders[T].cumAt(K[T]) - Senders[T].cumAt(K[T] - 1)) >= Needed)
          return; // not minimal
      if (++Ways > MaxWays) {
        GaveUp = true;
        return;
      }
      VectorClock Join;
      for (size_t T = 0; T < J; ++T)
        Join.join(Senders[T].clockAt(K[T]));
      if (Result)
        Result->meet(Join);
      else
        Result = std::move(Join);
      return;
    }
    const SenderSignals &X = Senders[S];
    for (size_t C = Min[S]; C <= X.Kept.size(); ++C) {
      int64_t Here = Sum + X.cumAt(C);
      if (Here + MaxRest[S + 1] < Needed)
        continue; // too few even with everything after
      K[S] = C;
      Self(Self, S + 1, Here);
      if (Here >= Needed)
        break; // more of this sender would not be minimal
    }
  };
  Visit(Visit, 0, 0);
  if (GaveUp || !Result)
    return All;
  return *Result;
}

} // namespace trn::race
