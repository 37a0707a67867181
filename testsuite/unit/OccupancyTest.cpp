//===- OccupancyTest.cpp - on-chip occupancy from accesses ----------------===//
//
// Hand-built accesses on hand-built allocations, and the step functions
// they must give, computed by hand from the definition in
// trn/trace/Occupancy.h.

#include "trn/trace/Occupancy.h"

#include "DeltaMap.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

using namespace trn;
using trace::Occupancy;
using trace::OccupancyStep;
using Steps = std::vector<OccupancyStep>;

namespace {

object::Allocation alloc(const char *Name, isa::MemSpace Space, std::vector<uint64_t> Shape,
                         uint64_t Offset, uint32_t PartStart = 0) {
  object::Allocation A;
  A.Name = Name;
  A.Space = Space;
  A.Type = isa::DType::FP32;
  A.Shape = std::move(Shape);
  A.Offset = Offset;
  A.PartStart = PartStart;
  return A;
}

// a: SBUF partitions 0-3, bytes 0-31 (128 bytes); b: SBUF partitions 0-1,
// bytes 64-79 (32); p: PSUM partitions 0-1, bytes 0-15 (32); c: SBUF
// partitions 64-65, bytes 0-15 (32), beside a.
object::Program program() {
  object::Program P;
  P.Allocations.push_back(alloc("a", isa::MemSpace::SBUF, {4, 8}, 0));
  P.Allocations.push_back(alloc("b", isa::MemSpace::SBUF, {2, 4}, 64));
  P.Allocations.push_back(alloc("p", isa::MemSpace::PSUM, {2, 4}, 0));
  P.Allocations.push_back(alloc("c", isa::MemSpace::SBUF, {2, 4}, 0, 64));
  return P;
}

// Accesses by distinct instructions unless told (Index), on ACT.
struct Feeder {
  Occupancy &O;
  uint32_t NextIndex = 0;
  void access(int64_t Ps, bool Write, isa::MemSpace Space, uint32_t PartStart, uint32_t Partitions,
              std::vector<emu::ByteRun> Runs, int Index = -1) {
    emu::AccessEvent Ev{isa::Engine::ACT,
                        Index >= 0 ? static_cast<uint32_t>(Index) : NextIndex++,
                        nullptr,
                        false,
                        0,
                        Write ? 0u : 1u,
                        Write,
                        {Space, PartStart, Partitions, Runs.data(), Runs.size(), true}};
    O.access(Ev, Ps);
  }
  void sbuf(int64_t Ps, bool Write, uint32_t PartStart, uint32_t Partitions, uint64_t First,
            uint64_t Last, int Index = -1) {
    access(Ps, Write, isa::MemSpace::SBUF, PartStart, Partitions, {{First, Last}}, Index);
  }
};

constexpr bool W = true, R = false;

} // namespace

TEST_CASE("Occupancy: a value lives from its write to its last read") {
  object::Program P = program();
  Occupancy O(P);
  Feeder F{O};
  F.sbuf(100, W, 0, 4, 0, 31);
  F.sbuf(300, R, 0, 4, 0, 31);
  F.sbuf(350, R, 0, 4, 8, 15); // a later read of bytes 8-15 (of 4 partitions)
  F.sbuf(500, W, 0, 4, 0, 31); // a new value, never read: dead at once
  O.finish();
  // All 128 bytes until 300, bytes 8-15 (32) until 350.
  CHECK(O.steps(isa::MemSpace::SBUF) == Steps{{100, 128}, {300, 32}, {350, 0}});
  CHECK(O.peak(isa::MemSpace::SBUF) == 128);
  CHECK(O.steps(isa::MemSpace::PSUM).empty());
  CHECK(O.peak(isa::MemSpace::PSUM) == 0);
  CHECK(O.steps(isa::MemSpace::HBM).empty());
}

TEST_CASE("Occupancy: an in-place update reads the old value before writing the new") {
  object::Program P = program();
  Occupancy O(P);
  Feeder F{O};
  F.sbuf(100, W, 0, 4, 0, 31);
  // One instruction (index 7): its write reported first, as the emulator
  // reports its output operand first; the read still ends the old value.
  F.sbuf(200, W, 0, 4, 0, 31, 7);
  F.sbuf(200, R, 0, 4, 0, 31, 7);
  F.sbuf(400, R, 0, 4, 0, 31);
  O.finish();
  // [100, 200] and [200, 400], 128 bytes each: one step up, one down.
  CHECK(O.steps(isa::MemSpace::SBUF) == Steps{{100, 128}, {400, 0}});
}

TEST_CASE("Occupancy: byte ranges of an allocation live apart") {
  object::Program P = program();
  Occupancy O(P);
  Feeder F{O};
  F.sbuf(100, W, 0, 4, 0, 15);  // a's first half: 4 x 16 = 64 bytes
  F.sbuf(200, W, 0, 4, 16, 31); // its second half
  F.sbuf(300, R, 0, 4, 0, 15);
  F.sbuf(600, R, 0, 4, 16, 31);
  F.sbuf(700, W, 0, 4, 0, 15); // never read
  F.sbuf(800, R, 0, 4, 16, 31);
  O.finish();
  // First half [100, 300]; second half [200, 800].
  CHECK(O.steps(isa::MemSpace::SBUF) == Steps{{100, 64}, {200, 128}, {300, 64}, {800, 0}});
  CHECK(O.peak(isa::MemSpace::SBUF) == 128);
}

TEST_CASE("Occupancy: writes with no read between them build one value (PSUM accumulation)") {
  object::Program P = program();
  Occupancy O(P);
  Feeder F{O};
  F.access(100, W, isa::MemSpace::PSUM, 0, 2, {{0, 15}});
  F.access(200, W, isa::MemSpace::PSUM, 0, 2, {{0, 15}});
  F.access(300, R, isa::MemSpace::PSUM, 0, 2, {{0, 15}});
  // b written twice, never read: nothing.
  F.sbuf(50, W, 0, 2, 64, 79);
  F.sbuf(60, W, 0, 2, 64, 79);
  O.finish();
  CHECK(O.steps(isa::MemSpace::PSUM) == Steps{{100, 32}, {300, 0}});
  CHECK(O.steps(isa::MemSpace::SBUF).empty());
}

TEST_CASE("Occupancy: what counts for nothing") {
  object::Program P = program();
  Occupancy O(P);
  Feeder F{O};
  F.sbuf(100, R, 0, 4, 0, 31);      // a read of a never written
  F.sbuf(100, W, 0, 4, 1000, 1100); // outside every allocation
  F.sbuf(150, R, 0, 4, 1000, 1100);
  F.access(160, W, isa::MemSpace::HBM, 0, 1, {{0, 31}});
  F.access(200, R, isa::MemSpace::HBM, 0, 1, {{0, 31}});
  F.sbuf(300, W, 0, 4, 0, 31);
  F.sbuf(300, R, 0, 4, 0, 31); // read at the time it was written: no time
  O.finish();
  CHECK(O.steps(isa::MemSpace::SBUF).empty());
  CHECK(O.peak(isa::MemSpace::SBUF) == 0);
}

TEST_CASE("Occupancy: partitions select the allocation; spans and runs across allocations") {
  object::Program P = program();
  Occupancy O(P);
  Feeder F{O};
  // Partitions 64-65, bytes 0-15: c alone (a is on partitions 0-3).
  F.sbuf(100, W, 64, 2, 0, 15);
  F.sbuf(200, R, 64, 2, 0, 15);
  // Strided runs within a: the span from the first byte to the last, over
  // a's four partitions: 12 x 4 = 48 bytes.
  F.access(300, W, isa::MemSpace::SBUF, 0, 2, {{0, 3}, {8, 11}});
  F.access(400, R, isa::MemSpace::SBUF, 0, 2, {{0, 3}, {8, 11}});
  // One run over a's last 16 bytes, the gap and b's first 16: 16 x 4 in a,
  // 16 x 2 in b.
  F.access(500, W, isa::MemSpace::SBUF, 0, 2, {{16, 80}});
  F.access(600, R, isa::MemSpace::SBUF, 0, 2, {{16, 80}});
  O.finish();
  CHECK(O.steps(isa::MemSpace::SBUF) ==
        Steps{{100, 32}, {200, 0}, {300, 48}, {400, 0}, {500, 96}, {600, 0}});
}

TEST_CASE("Occupancy: values still live when the run ends end at their last read") {
  object::Program P = program();
  Occupancy O(P);
  Feeder F{O};
  F.sbuf(100, W, 0, 4, 0, 31);
  F.access(150, W, isa::MemSpace::PSUM, 0, 2, {{0, 15}});
  F.sbuf(200, R, 0, 4, 0, 31);
  F.sbuf(250, R, 0, 2, 64, 79); // b: never written
  F.access(260, R, isa::MemSpace::PSUM, 0, 2, {{0, 7}});
  F.access(270, R, isa::MemSpace::PSUM, 0, 2, {{8, 15}});
  O.finish();
  O.finish(); // a second finish changes nothing
  CHECK(O.steps(isa::MemSpace::SBUF) == Steps{{100, 128}, {200, 0}});
  // p's two halves: [150, 260] and [150, 270], 16 bytes each.
  CHECK(O.steps(isa::MemSpace::PSUM) == Steps{{150, 32}, {260, 16}, {270, 0}});
}

// The definition applied byte by byte (a value per byte of each allocation,
// over its partitions), against Occupancy's ranges and summed steps, on
// random accesses: writes and reads of random spans of random allocations,
// in instructions of one or two accesses, at times that often repeat.
TEST_CASE("Occupancy: random accesses agree with the definition byte by byte") {
  object::Program P = program();
  std::mt19937 Rng(12345);
  for (int Round = 0; Round < 20; ++Round) {
    Occupancy O(P);
    Feeder F{O};
    struct Byte {
      int64_t Start = -1, LastRead = -1;
    };
    // a, b, p, c: bytes per partition and partitions (as program()).
    const uint64_t Bytes[4] = {32, 16, 16, 16}, Parts[4] = {4, 2, 2, 2};
    const uint64_t Offset[4] = {0, 64, 0, 0};
    const uint32_t PartStart[4] = {0, 0, 0, 64};
    const isa::MemSpace Space[4] = {isa::MemSpace::SBUF, isa::MemSpace::SBUF, isa::MemSpace::PSUM,
                                    isa::MemSpace::SBUF};
    std::vector<std::vector<Byte>> Mem(4);
    for (int K = 0; K < 4; ++K)
      Mem[K].resize(Bytes[K]);
    std::map<int64_t, int64_t> Delta[2];
    auto Close = [&](int K, const Byte &B) {
      if (B.Start >= 0 && B.LastRead > B.Start) {
        int S = Space[K] == isa::MemSpace::PSUM ? 1 : 0;
        Delta[S][B.Start] += static_cast<int64_t>(Parts[K]);
        Delta[S][B.LastRead] -= static_cast<int64_t>(Parts[K]);
      }
    };
    struct Acc {
      int K;
      uint64_t Lo, Hi;
      bool Write;
    };
    auto Apply = [&](const Acc &A, int64_t Ps) {
      for (uint64_t I = A.Lo; I <= A.Hi; ++I) {
        Byte &B = Mem[A.K][I];
        if (!A.Write) {
          if (B.Start >= 0)
            B.LastRead = Ps;
        } else if (B.Start < 0) {
          B.Start = Ps;
        } else if (B.LastRead >= 0) {
          Close(A.K, B);
          B = {Ps, -1};
        }
      }
    };
    int64_t Ps = 0;
    for (int N = 0; N < 300; ++N) {
      Ps += std::uniform_int_distribution<int>(0, 2)(Rng) * 10;
      int Count = std::uniform_int_distribution<int>(1, 2)(Rng);
      std::vector<Acc> Group;
      for (int J = 0; J < Count; ++J) {
        int K = std::uniform_int_distribution<int>(0, 3)(Rng);
        uint64_t Lo = std::uniform_int_distribution<uint64_t>(0, Bytes[K] - 1)(Rng);
        uint64_t Hi = std::uniform_int_distribution<uint64_t>(Lo, Bytes[K] - 1)(Rng);
        bool Write = std::uniform_int_distribution<int>(0, 1)(Rng);
        Group.push_back({K, Lo, Hi, Write});
        F.access(Ps, Write, Space[K], PartStart[K], 1, {{Offset[K] + Lo, Offset[K] + Hi}},
                 100000 + N);
      }
      for (const Acc &A : Group) // reads first
        if (!A.Write)
          Apply(A, Ps);
      for (const Acc &A : Group)
        if (A.Write)
          Apply(A, Ps);
    }
    for (int K = 0; K < 4; ++K)
      for (const Byte &B : Mem[K])
        Close(K, B);
    O.finish();
    for (int S = 0; S < 2; ++S) {
      Steps Want;
      int64_t Total = 0;
      uint64_t Peak = 0;
      for (auto [T, D] : Delta[S]) {
        Total += D;
        auto B = static_cast<uint64_t>(Total);
        if (Want.empty() ? B != 0 : Want.back().Bytes != B)
          Want.push_back({T, B});
        Peak = std::max(Peak, B);
      }
      isa::MemSpace Sp = S ? isa::MemSpace::PSUM : isa::MemSpace::SBUF;
      CHECK(O.steps(Sp) == Want);
      CHECK(O.peak(Sp) == Peak);
    }
  }
}

// The sums by time against std::map, through many compactions and sums
// that cancel.
TEST_CASE("DeltaMap: sums by time, cancelled sums removed") {
  std::mt19937 Rng(7);
  trace::DeltaMap M;
  std::map<int64_t, int64_t> Want;
  for (int N = 0; N < 200000; ++N) {
    int64_t Ps = std::uniform_int_distribution<int64_t>(0, 3000)(Rng) * 1000;
    int64_t D = std::uniform_int_distribution<int64_t>(-2, 2)(Rng);
    M.add(Ps, D);
    if ((Want[Ps] += D) == 0)
      Want.erase(Ps);
    if (N % 20000 == 0)
      CHECK(M.size() >= Want.size());
  }
  std::vector<std::pair<int64_t, int64_t>> Sorted(Want.begin(), Want.end());
  CHECK(M.sorted() == Sorted);
  CHECK(M.size() == Want.size()); // once summed, only the non-zero sums
  // Where every change is cancelled, little is held however many there are.
  trace::DeltaMap Steady;
  for (int64_t T = 0; T < 1000000; ++T) {
    Steady.add(T, 4);
    Steady.add(T + 1, -4);
    Steady.add(T + 1, 4);
    Steady.add(T + 2, -4);
  }
  CHECK(Steady.size() < 200000);
  CHECK(Steady.sorted() ==
        std::vector<std::pair<int64_t, int64_t>>{{0, 4}, {1, 4}, {1000000, -4}, {1000001, -4}});
}

// During a long run the steps no later access can change become final, in
// batches: each time, a prefix of what finish() gives.
TEST_CASE("Occupancy: steps become final during the run") {
  object::Program P = program();
  Occupancy O(P);
  Feeder F{O};
  size_t SeenDuring = 0;
  const int64_t N = 100000;
  for (int64_t I = 0; I < N; ++I) {
    F.sbuf(10 * I + 1, W, 0, 4, 0, 31);
    F.sbuf(10 * I + 5, R, 0, 4, 0, 31);
    const Steps &Now = O.steps(isa::MemSpace::SBUF);
    CHECK(Now.size() <= static_cast<size_t>(2 * I)); // never past what is closed
    SeenDuring = std::max(SeenDuring, Now.size());
  }
  CHECK(SeenDuring > 0);
  Steps During = O.steps(isa::MemSpace::SBUF);
  O.finish();
  const Steps &All = O.steps(isa::MemSpace::SBUF);
  REQUIRE(All.size() == static_cast<size_t>(2 * N));
  CHECK(Steps(All.begin(), All.begin() + static_cast<std::ptrdiff_t>(During.size())) == During);
  CHECK(All[0] == OccupancyStep{1, 128});
  CHECK(All.back() == OccupancyStep{10 * (N - 1) + 5, 0});
  CHECK(O.peak(isa::MemSpace::SBUF) == 128);
  // A value written first and never closed keeps everything after it open.
  Occupancy Pinned(P);
  Feeder G{Pinned};
  G.sbuf(1, W, 0, 2, 64, 79); // b: never read again, never written again
  G.sbuf(2, R, 0, 2, 64, 79);
  for (int64_t I = 1; I < N; ++I) {
    G.sbuf(10 * I + 1, W, 0, 4, 0, 31);
    G.sbuf(10 * I + 5, R, 0, 4, 0, 31);
  }
  CHECK(Pinned.steps(isa::MemSpace::SBUF).empty());
  Pinned.finish();
  CHECK(Pinned.steps(isa::MemSpace::SBUF).size() == static_cast<size_t>(2 * (N - 1) + 2));
}
