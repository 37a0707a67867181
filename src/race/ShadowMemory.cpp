//===- ShadowMemory.cpp - who last wrote and read each byte ---------------===//

#include "ShadowMemory.h"

#include <algorithm>
#include <iterator>

namespace trn::race {

void ShadowMemory::splitAt(uint64_t At) {
  auto It = Segs.upper_bound(At);
  if (It == Segs.begin())
    return;
  --It;
  if (It->first == At || It->second.Last < At)
    return;
  Seg Tail{It->second.Last, It->second.Parts};
  It->second.Last = At - 1;
  Segs.emplace_hint(std::next(It), At, std::move(Tail));
}

void ShadowMemory::update(Seg &S, uint64_t First, uint32_t PartFirst, uint32_t PartLast,
                          const AccessRec &A, bool Write, const VectorClock &Clock,
                          std::vector<Conflict> &Out) {
  auto Ordered = [&](const AccessRec &R) { return R.Tid == A.Tid || Clock.covers(R.Tid, R.At); };
  auto Apply = [&](Cell &C, uint32_t P0, uint32_t P1) {
    if (C.Write.valid() && !Ordered(C.Write))
      Out.push_back({C.Write, true, !Write && C.PrevWrite.valid() && Ordered(C.PrevWrite), P0, P1,
                     First, S.Last});
    if (Write) {
      for (const AccessRec &R : C.Reads)
        if (!Ordered(R))
          Out.push_back({R, false, R.AfterWrite, P0, P1, First, S.Last});
      C.PrevWrite = C.Write;
      C.Write = A;
      C.Reads.clear();
    } else {
      AccessRec Read = A;
      Read.AfterWrite = C.Write.valid() && Ordered(C.Write);
      C.Reads.erase(std::remove_if(C.Reads.begin(), C.Reads.end(), Ordered), C.Reads.end());
      C.Reads.push_back(Read);
    }
  };
  // The common case, a loop touching the same tile again: one cell that
  // holds exactly the access's partitions, updated in place.
  if (S.Parts.size() == 1 && S.Parts[0].First == PartFirst && S.Parts[0].Last == PartLast) {
    Apply(S.Parts[0].C, PartFirst, PartLast);
    return;
  }
  Cell Fresh;
  Apply(Fresh, 0, 0); // nothing earlier: no conflict
  Scratch.clear();
  uint32_t Next = PartFirst;      // the first partition of the access not yet placed
  auto Gap = [&](uint32_t UpTo) { // partitions [Next, UpTo) of the access, never touched
    if (Next < UpTo)
      Scratch.push_back({Next, UpTo - 1, Fresh});
    Next = std::max(Next, UpTo);
  };
  for (const PartCell &PC : S.Parts) {
    if (PC.Last < PartFirst || PC.First > PartLast) {
      if (PC.First > PartLast)
        Gap(PartLast + 1);
      Scratch.push_back(PC);
      continue;
    }
    if (PC.First < PartFirst)
      Scratch.push_back({PC.First, PartFirst - 1, PC.C});
    uint32_t Lo = std::max(PC.First, PartFirst), Hi = std::min(PC.Last, PartLast);
    Gap(Lo);
    Cell C = PC.C;
    Apply(C, Lo, Hi);
    Scratch.push_back({Lo, Hi, std::move(C)});
    Next = Hi + 1;
    if (PC.Last > PartLast)
      Scratch.push_back({PartLast + 1, PC.Last, PC.C});
  }
  Gap(PartLast + 1);
  // Merge neighbouring partitions that now hold the same.
  S.Parts.clear();
  for (PartCell &PC : Scratch) {
    if (!S.Parts.empty() && S.Parts.back().Last + 1 == PC.First && S.Parts.back().C == PC.C)
      S.Parts.back().Last = PC.Last;
    else
      S.Parts.push_back(std::move(PC));
  }
}

void ShadowMemory::access(uint32_t PartFirst, uint32_t PartLast, uint64_t First, uint64_t Last,
                          const AccessRec &A, bool Write, const VectorClock &Clock,
                          std::vector<Conflict> &Out) {
  // The common case: the bytes are exactly one interval already (a loop
  // touching the same tile again). Nothing to split; only the interval and
  // its two neighbours may merge.
  if (auto Same = Segs.find(First); Same != Segs.end() && Same->second.Last == Last) {
    update(Same->second, First, PartFirst, PartLast, A, Write, Clock, Out);
    auto From = Same;
    if (From != Segs.begin())
      --From;
    auto To = std::next(Same);
    if (To != Segs.end())
      ++To;
    mergeEqual(From, To);
    return;
  }
  splitAt(First);
  if (Last + 1 != 0)
    splitAt(Last + 1);
  uint64_t Cur = First;
  auto It = Segs.lower_bound(First);
  while (true) {
    if (It == Segs.end() || It->first > Cur) {
      uint64_t GapLast = It == Segs.end() ? Last : std::min(Last, It->first - 1);
      It = Segs.emplace_hint(It, Cur, Seg{GapLast, {}});
    }
    update(It->second, It->first, PartFirst, PartLast, A, Write, Clock, Out);
    Cur = It->second.Last + 1;
    ++It;
    if (Cur == 0 || Cur > Last)
      break;
  }
  // Merge neighbouring intervals that now hold the same, from the one
  // before the access to the one after it.
  auto From = Segs.lower_bound(First);
  if (From != Segs.begin())
    --From;
  auto To = Segs.upper_bound(Last);
  if (To != Segs.end())
    ++To;
  mergeEqual(From, To);
}

void ShadowMemory::mergeEqual(std::map<uint64_t, Seg>::iterator From,
                              std::map<uint64_t, Seg>::iterator To) {
  for (auto K = From; K != To && K != Segs.end();) {
    auto N = std::next(K);
    if (N != To && N != Segs.end() && K->second.Last + 1 == N->first &&
        K->second.Parts == N->second.Parts) {
      K->second.Last = N->second.Last;
      Segs.erase(N);
      continue;
    }
    K = N;
  }
}

} // namespace trn::race
