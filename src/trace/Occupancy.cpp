//===- Occupancy.cpp - on-chip bytes holding live values ------------------===//

#include "trn/trace/Occupancy.h"

#include "DeltaMap.h"

#include <algorithm>
#include <limits>

namespace trn::trace {

namespace {

// Bytes [Begin, End) of each partition of an allocation (relative to its
// offset), and the value they hold: written first at Start (-1: none since
// the last value ended), last read at LastRead (-1: not read yet).
struct Range {
  uint64_t Begin, End;
  int64_t Start = -1, LastRead = -1;
  bool sameValue(const Range &R) const { return Start == R.Start && LastRead == R.LastRead; }
};

struct Tracked {
  isa::MemSpace Space;
  uint32_t PartBegin, PartEnd;
  uint64_t Offset, Bytes; // per partition
  std::vector<Range> Ranges;
};

// One allocation's bytes an access touched, waiting for the rest of its
// instruction's accesses (reads are applied before writes).
struct Touch {
  uint32_t Alloc;
  uint64_t Begin, End;
  bool Write;
};

unsigned spaceSlot(isa::MemSpace S) { return S == isa::MemSpace::PSUM ? 1 : 0; }

} // namespace

struct Occupancy::State {
  std::vector<Tracked> Allocs;
  // By space (SBUF, PSUM): allocation indices sorted by offset, and the
  // highest end among the first K of them (to stop a backward scan).
  std::vector<uint32_t> ByOffset[2];
  std::vector<uint64_t> MaxEnd[2];
  // The accesses of the instruction or transfer being reported.
  struct {
    isa::Engine Eng = isa::Engine::SP;
    uint32_t Index = 0;
    bool Dma = false;
    unsigned Queue = 0;
    int64_t Ps = -1;
  } Group;
  std::vector<Touch> Pending;
  // By space: +bytes when a value starts, -bytes when it ends.
  DeltaMap Deltas[2];
  std::vector<OccupancyStep> Steps[3]; // SBUF, PSUM, other (empty)
  int64_t Total[2] = {};
  uint64_t Peak[3] = {};
  bool Finished = false;

  void flush();
  void settle(unsigned K, int64_t Horizon);
  int64_t horizon() const;
  void apply(const Touch &T, int64_t Ps);
  void close(const Tracked &A, const Range &R);
};

Occupancy::Occupancy(const object::Program &P) : S(std::make_unique<State>()) {
  for (const object::Allocation &A : P.Allocations) {
    bool OnChip = A.Space == isa::MemSpace::SBUF || A.Space == isa::MemSpace::PSUM;
    uint64_t Bytes = A.bytesPerPartition();
    uint32_t Parts = A.Shape.empty() ? 0 : static_cast<uint32_t>(A.Shape[0]);
    // Kept (unused) when empty or off-chip, so indices stay the program's.
    S->Allocs.push_back({A.Space, A.PartStart, A.PartStart + Parts, A.Offset, Bytes, {}});
    if (!OnChip || Bytes == 0 || Parts == 0)
      continue;
    S->Allocs.back().Ranges.push_back({0, Bytes});
    S->ByOffset[spaceSlot(A.Space)].push_back(static_cast<uint32_t>(S->Allocs.size() - 1));
  }
  for (unsigned K = 0; K < 2; ++K) {
    std::vector<uint32_t> &V = S->ByOffset[K];
    std::sort(V.begin(), V.end(), [&](uint32_t A, uint32_t B) {
      return S->Allocs[A].Offset != S->Allocs[B].Offset ? S->Allocs[A].Offset < S->Allocs[B].Offset
                                                        : A < B;
    });
    uint64_t Max = 0;
    for (uint32_t I : V) {
      Max = std::max(Max, S->Allocs[I].Offset + S->Allocs[I].Bytes);
      S->MaxEnd[K].push_back(Max);
    }
  }
}

Occupancy::~Occupancy() = default;

void Occupancy::access(const emu::AccessEvent &Ev, int64_t Ps) {
  const emu::Footprint &F = Ev.F;
  if ((F.Space != isa::MemSpace::SBUF && F.Space != isa::MemSpace::PSUM) || F.NumRuns == 0 ||
      F.Partitions == 0)
    return;
  State &St = *S;
  auto &G = St.Group;
  if (G.Ps != Ps || G.Eng != Ev.Eng || G.Index != Ev.Index || G.Dma != Ev.Dma ||
      G.Queue != Ev.Queue) {
    St.flush();
    G = {Ev.Eng, Ev.Index, Ev.Dma, Ev.Queue, Ps};
  }
  unsigned K = spaceSlot(F.Space);
  const std::vector<uint32_t> &Order = St.ByOffset[K];
  uint64_t Lo = F.Runs[0].First, Hi = F.Runs[F.NumRuns - 1].Last;
  // The allocations starting at or before Hi, scanned down while one of
  // them may still end after Lo.
  auto Past = std::upper_bound(Order.begin(), Order.end(), Hi,
                               [&](uint64_t V, uint32_t A) { return V < St.Allocs[A].Offset; });
  for (auto I = static_cast<size_t>(Past - Order.begin()); I > 0 && St.MaxEnd[K][I - 1] > Lo; --I) {
    uint32_t AI = Order[I - 1];
    const Tracked &A = St.Allocs[AI];
    if (A.Offset + A.Bytes <= Lo || F.PartStart >= A.PartEnd ||
        F.PartStart + F.Partitions <= A.PartBegin)
      continue;
    // The part of the span in it.
    uint64_t From = std::max(Lo, A.Offset) - A.Offset;
    uint64_t To = std::min(Hi, A.Offset + A.Bytes - 1) - A.Offset + 1;
    St.Pending.push_back({AI, From, To, Ev.Write});
  }
}

void Occupancy::State::flush() {
  for (const Touch &T : Pending)
    if (!T.Write)
      apply(T, Group.Ps);
  for (const Touch &T : Pending)
    if (T.Write)
      apply(T, Group.Ps);
  Pending.clear();
}

void Occupancy::State::close(const Tracked &A, const Range &R) {
  if (R.Start < 0 || R.LastRead <= R.Start)
    return; // never read, or read only when written: it occupied no time
  auto Bytes = static_cast<int64_t>((R.End - R.Begin) * (A.PartEnd - A.PartBegin));
  unsigned K = spaceSlot(A.Space);
  DeltaMap &D = Deltas[K];
  bool Summed = D.add(R.Start, Bytes);
  // Each time the changes are summed (when they have doubled), the steps
  // that can no longer change become final.
  if (D.add(R.LastRead, -Bytes) || Summed)
    settle(K, horizon());
}

// No value still open (written, not yet closed) can add a change before
// the time it started, nor can a later access before the current one.
int64_t Occupancy::State::horizon() const {
  int64_t H = Group.Ps;
  for (const Tracked &A : Allocs)
    for (const Range &R : A.Ranges)
      if (R.Start >= 0)
        H = std::min(H, R.Start);
  return H;
}

void Occupancy::State::settle(unsigned K, int64_t Horizon) {
  // One sum per time, none zero: each is a step.
  for (auto [Ps, Delta] : Deltas[K].takeBefore(Horizon)) {
    Total[K] += Delta;
    auto Bytes = static_cast<uint64_t>(Total[K]);
    Steps[K].push_back({Ps, Bytes});
    Peak[K] = std::max(Peak[K], Bytes);
  }
}

void Occupancy::State::apply(const Touch &T, int64_t Ps) {
  Tracked &A = Allocs[T.Alloc];
  std::vector<Range> &V = A.Ranges;
  // Split the ranges at T's ends, so that [First, Last) covers it exactly.
  auto SplitAt = [&](uint64_t At) {
    auto It = std::upper_bound(V.begin(), V.end(), At,
                               [](uint64_t X, const Range &R) { return X < R.Begin; });
    size_t I = static_cast<size_t>(It - V.begin()) - 1; // the range holding At
    if (V[I].Begin != At && At < A.Bytes) {
      Range Right = V[I];
      Right.Begin = At;
      V[I].End = At;
      V.insert(V.begin() + static_cast<std::ptrdiff_t>(I) + 1, Right);
      return I + 1;
    }
    return At < A.Bytes ? I : V.size();
  };
  size_t First = SplitAt(T.Begin);
  size_t Last = SplitAt(T.End);
  for (size_t I = First; I < Last; ++I) {
    Range &R = V[I];
    if (!T.Write) {
      if (R.Start >= 0)
        R.LastRead = Ps;
    } else if (R.Start < 0) {
      R.Start = Ps;
    } else if (R.LastRead >= 0) {
      close(A, R);
      R.Start = Ps;
      R.LastRead = -1;
    } // else written again before any read: the same value goes on
  }
  // Neighbours holding the same value become one range again.
  size_t From = First > 0 ? First - 1 : 0, To = std::min(Last + 1, V.size());
  size_t Out = From;
  for (size_t I = From + 1; I < To; ++I) {
    if (V[Out].sameValue(V[I]))
      V[Out].End = V[I].End;
    else
      V[++Out] = V[I];
  }
  if (To > Out + 1)
    V.erase(V.begin() + static_cast<std::ptrdiff_t>(Out) + 1,
            V.begin() + static_cast<std::ptrdiff_t>(To));
}

void Occupancy::finish() {
  State &St = *S;
  if (St.Finished)
    return;
  St.Finished = true;
  St.flush();
  for (const Tracked &A : St.Allocs)
    for (const Range &R : A.Ranges)
      St.close(A, R);
  for (unsigned K = 0; K < 2; ++K) {
    St.settle(K, std::numeric_limits<int64_t>::max());
    St.Deltas[K] = DeltaMap();
  }
}

const std::vector<OccupancyStep> &Occupancy::steps(isa::MemSpace Space) const {
  if (Space == isa::MemSpace::SBUF || Space == isa::MemSpace::PSUM)
    return S->Steps[spaceSlot(Space)];
  return S->Steps[2];
}

uint64_t Occupancy::peak(isa::MemSpace Space) const {
  if (Space == isa::MemSpace::SBUF || Space == isa::MemSpace::PSUM)
    return S->Peak[spaceSlot(Space)];
  return 0;
}

} // namespace trn::trace
