//===- SemaphoreOrder.cpp - what a satisfied wait acquires ----------------===//

#include "SemaphoreOrder.h"

#include <algorithm>
#include <iterator>
#include <optional>

namespace trn::race {

void SemaphoreOrder::signal(ThreadId Sender, int32_t Amount, const VectorClock &Clock) {
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
  int64_t Cum = (S->Kept.empty() ? S->BaseCum : S->Kept.back().Cum) + Amount;
  if (S->Kept.size() == MaxKept) {
    // A sender's clock never goes back, so the join of its folded signals'
    // clocks is the last one's.
    S->BaseCum = S->Kept.front().Cum;
    S->Base = S->Kept.front().Clock;
    S->Kept.popFront();
  }
  Record &R = S->Kept.pushBack();
  R.At = Clock.get(Sender);
  R.Cum = Cum;
  R.Clock = Clock;
}

void SemaphoreOrder::joinAll(VectorClock &Into) const {
  // Each sender's clock only grows: its last signal's clock covers all of
  // its earlier ones.
  for (const SenderSignals &X : Senders)
    Into.join(X.Kept.empty() ? X.Base : X.Kept.back().Clock);
}

int64_t SemaphoreOrder::SenderView::cumAt(size_t K) const {
  size_t N = Arrived ? Arrived->Kept.size() : 0;
  if (K > N)
    return LaterCum[K - N - 1];
  if (!Arrived)
    return 0;
  return K == 0 ? Arrived->BaseCum : Arrived->Kept[K - 1].Cum;
}

const VectorClock &SemaphoreOrder::SenderView::clockAt(size_t K) const {
  static const VectorClock None;
  size_t N = Arrived ? Arrived->Kept.size() : 0;
  if (K > N)
    return Later[K - N - 1]->Clock;
  if (!Arrived)
    return None;
  return K == 0 ? Arrived->Base : Arrived->Kept[K - 1].Clock;
}

void SemaphoreOrder::acquireInto(isa::WaitCond Cond, int32_t Value, const VectorClock &Waiter,
                                 const std::vector<Pending> &Later, VectorClock &Into) const {
  bool Counting =
      Cond == isa::WaitCond::Ge || Cond == isa::WaitCond::Gt || Cond == isa::WaitCond::Eq;
  bool LaterPositive =
      std::all_of(Later.begin(), Later.end(), [](const Pending &P) { return P.Amount > 0; });
  if (!Monotone || !Counting || !LaterPositive)
    return joinAll(Into); // see docs/races.md: any signal so far may be the one seen
  int64_t Needed = int64_t(Value) - Initial + (Cond == isa::WaitCond::Gt ? 1 : 0);
  if (Needed <= 0)
    return; // held before any signal
  if (Senders.size() == 1 && Later.empty()) {
    // One sender, nothing pending (the common case): its first signals
    // that reach Needed, found by bisection (totals rise along Kept).
    const SenderSignals &X = Senders.front();
    if (X.BaseCum >= Needed)
      return Into.join(X.Base);
    // Usually the latest signal is the one the wait needed (ping-pong).
    size_t N = X.Kept.size();
    if (N > 0 && X.Kept[N - 1].Cum >= Needed &&
        (N == 1 ? X.BaseCum < Needed : X.Kept[N - 2].Cum < Needed))
      return Into.join(X.Kept[N - 1].Clock);
    // Signals of one amount (the usual case: a waiter some rounds behind
    // its signaller) put the one needed at a position its count gives;
    // checked, then found by bisection if the guess was wrong.
    if (N > 0 && X.Kept[N - 1].Cum >= Needed) {
      // Span > 0: amounts are positive here; in 64 bits when the product
      // fits (a 128-bit division is a library call).
      auto Span = static_cast<uint64_t>(X.Kept[N - 1].Cum - X.BaseCum);
      auto Num = static_cast<uint64_t>(Needed - X.BaseCum - 1);
      size_t K = Span < (uint64_t(1) << 40)
                     ? static_cast<size_t>(Num * N / Span)
                     : static_cast<size_t>((unsigned __int128)Num * N / Span);
      if (K < N && X.Kept[K].Cum >= Needed && (K == 0 ? X.BaseCum : X.Kept[K - 1].Cum) < Needed)
        return Into.join(X.Kept[K].Clock);
    }
    size_t First = X.Kept.partitionPoint([&](const Record &R) { return R.Cum < Needed; });
    if (First == N)
      return joinAll(Into);
    return Into.join(X.Kept[First].Clock);
  }
  // Each sender's signals: those arrived, then those pending. (Waiter is
  // read to the end before Into, which may be the same clock, changes.)
  std::vector<SenderView> Views;
  for (const SenderSignals &X : Senders)
    Views.push_back({&X, X.Tid, {}, {}});
  for (const Pending &P : Later) {
    auto It = std::find_if(Views.begin(), Views.end(),
                           [&](const SenderView &V) { return V.Tid == P.Sender; });
    if (It == Views.end()) {
      Views.push_back({nullptr, P.Sender, {}, {}});
      It = std::prev(Views.end());
    }
    int64_t Before = It->cumAt(It->count());
    It->Later.push_back(&P);
    It->LaterCum.push_back(Before + P.Amount);
  }
  size_t J = Views.size();
  // Min[j]: the signals of sender j the waiter already knows of (its base
  // and every record at an epoch its clock covers) are in every way.
  std::vector<size_t> Min(J, 0), K(J, 0);
  std::vector<int64_t> MaxRest(J + 1, 0);
  for (size_t S = 0; S < J; ++S) {
    const SenderView &V = Views[S];
    size_t M = 0;
    if (V.Arrived) { // epochs rise along Kept: the covered ones are a prefix
      Epoch Known = Waiter.get(V.Tid);
      M = V.Arrived->Kept.partitionPoint([&](const Record &R) { return R.At <= Known; });
    }
    Min[S] = M;
  }
  for (size_t S = J; S-- > 0;)
    MaxRest[S] = MaxRest[S + 1] + Views[S].cumAt(Views[S].count());

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
        if (K[T] > Min[T] && Sum - (Views[T].cumAt(K[T]) - Views[T].cumAt(K[T] - 1)) >= Needed)
          return; // not minimal
      if (++Ways > MaxWays) {
        GaveUp = true;
        return;
      }
      VectorClock Join;
      for (size_t T = 0; T < J; ++T)
        Join.join(Views[T].clockAt(K[T]));
      if (Result)
        Result->meet(Join);
      else
        Result = std::move(Join);
      return;
    }
    const SenderView &V = Views[S];
    for (size_t C = Min[S]; C <= V.count(); ++C) {
      int64_t Here = Sum + V.cumAt(C);
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
    joinAll(Into);
  else
    Into.join(*Result);
}

} // namespace trn::race
