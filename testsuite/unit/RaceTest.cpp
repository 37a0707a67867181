//===- RaceTest.cpp - the race detector's parts ----------------------------===//
//
// Footprints (the bytes an access pattern touches), the shadow memory (who
// wrote and read which bytes, by ranges), the counting-semaphore rule
// (docs/races.md), the detector's memory bound on long loops, and the
// detectors of a system's cores checked against each other.
//
//===----------------------------------------------------------------------===//

#include "Footprint.h"
#include "SemaphoreOrder.h"
#include "ShadowMemory.h"
#include "trn/asm/Assembler.h"
#include "trn/emu/System.h"
#include "trn/race/RaceDetector.h"

#include <doctest/doctest.h>

#include <sstream>

using namespace trn;
using race::AccessRec;
using race::Conflict;
using race::SemaphoreOrder;
using race::ShadowMemory;
using race::VectorClock;

namespace {

isa::AccessPattern sbufAP(isa::DType T, uint64_t Base, std::initializer_list<isa::Dim> Dims) {
  isa::AccessPattern AP;
  AP.Space = isa::MemSpace::SBUF;
  AP.Type = T;
  AP.Base = Base;
  AP.NumPartitions = 128;
  AP.NumDims = static_cast<uint32_t>(Dims.size());
  unsigned K = 0;
  for (const isa::Dim &D : Dims)
    AP.Dims[K++] = D;
  return AP;
}

std::vector<std::pair<uint64_t, uint64_t>> runsOf(const isa::AccessPattern &AP, int64_t Reg = 0,
                                                  bool *Exact = nullptr) {
  std::vector<emu::ByteRun> Runs;
  bool E = emu::footprintRuns(AP, Reg, Runs);
  if (Exact)
    *Exact = E;
  std::vector<std::pair<uint64_t, uint64_t>> Out;
  for (const emu::ByteRun &R : Runs)
    Out.push_back({R.First, R.Last});
  return Out;
}

using Runs = std::vector<std::pair<uint64_t, uint64_t>>;

VectorClock clock(std::initializer_list<race::Epoch> Entries) {
  VectorClock C;
  race::ThreadId T = 0;
  for (race::Epoch E : Entries)
    C.set(T++, E);
  return C;
}

} // namespace

TEST_CASE("footprint: contiguous, strided, reversed, broadcast and summarised patterns") {
  // [128, 64] fp32 at 256: one run of 256 bytes per partition.
  CHECK(runsOf(sbufAP(isa::DType::FP32, 256, {{1, 64}})) == Runs{{256, 511}});
  // Every other fp32 element, 4 of them: four runs of 4 bytes.
  CHECK(runsOf(sbufAP(isa::DType::FP32, 0, {{2, 4}})) == Runs{{0, 3}, {8, 11}, {16, 19}, {24, 27}});
  // The same elements backwards touch the same bytes.
  isa::AccessPattern Back = sbufAP(isa::DType::FP32, 24, {{-2, 4}});
  CHECK(runsOf(Back) == Runs{{0, 3}, {8, 11}, {16, 19}, {24, 27}});
  // A broadcast (stride 0) reads one element however many times.
  CHECK(runsOf(sbufAP(isa::DType::BF16, 10, {{0, 512}})) == Runs{{10, 11}});
  // Rows of 8 bf16 placed 8 apart are one block; 16 apart, two per row pair.
  CHECK(runsOf(sbufAP(isa::DType::BF16, 0, {{8, 4}, {1, 8}})) == Runs{{0, 63}});
  CHECK(runsOf(sbufAP(isa::DType::BF16, 0, {{16, 2}, {1, 8}})) == Runs{{0, 15}, {32, 47}});
  // Overlapping windows (stride 2 over 4 elements) merge.
  CHECK(runsOf(sbufAP(isa::DType::FP32, 0, {{2, 3}, {1, 4}})) == Runs{{0, 31}});
  // A register offset moves the pattern, in elements.
  CHECK(runsOf(sbufAP(isa::DType::FP32, 0, {{1, 4}}), 10) == Runs{{40, 55}});
  // More than MaxFootprintRuns runs: the span, and Exact is false.
  bool Exact = true;
  CHECK(runsOf(sbufAP(isa::DType::FP32, 0, {{2, 5000}}), 0, &Exact) == Runs{{0, 39995}});
  CHECK_FALSE(Exact);
  // HBM: rows are a dimension of their own.
  isa::AccessPattern H;
  H.Space = isa::MemSpace::HBM;
  H.Type = isa::DType::FP32;
  H.Base = 0x1000;
  H.NumPartitions = 3;
  H.PartStep = 100;
  H.Dims[0] = {1, 10};
  CHECK(runsOf(H) == Runs{{0x1000, 0x1027}, {0x1190, 0x11B7}, {0x1320, 0x1347}});
}

TEST_CASE("shadow memory: conflicts only between unordered accesses that overlap") {
  ShadowMemory S;
  std::vector<Conflict> Out;
  AccessRec W0{0, 1, 100}, R1{1, 1, 200};
  S.access(0, 127, 0, 1023, W0, true, clock({1}), Out);
  CHECK(Out.empty());
  // Thread 1 reads without having seen thread 0's epoch 1: read-after-write.
  S.access(0, 127, 512, 515, R1, false, clock({0, 1}), Out);
  REQUIRE(Out.size() == 1);
  CHECK(Out[0].Prior == W0);
  CHECK(Out[0].PriorWrite);
  CHECK(Out[0].PartFirst == 0);
  CHECK(Out[0].PartLast == 127);
  CHECK(Out[0].First == 512);
  CHECK(Out[0].Last == 515);
  CHECK_FALSE(Out[0].ReadAfterWrite);
  Out.clear();
  // Ordered (the clock covers thread 0 at 1): nothing.
  S.access(0, 127, 0, 1023, AccessRec{2, 1, 300}, false, clock({1, 0, 1}), Out);
  CHECK(Out.empty());
  // Other partitions, other bytes: nothing.
  S.access(0, 63, 2048, 4095, AccessRec{3, 1, 400}, true, clock({0, 0, 0, 1}), Out);
  S.access(64, 127, 2048, 4095, AccessRec{4, 1, 500}, true, clock({0, 0, 0, 0, 1}), Out);
  CHECK(Out.empty());
  // A write where thread 2 read (ordered after thread 0's write, so a
  // buffer reuse) and this thread is not ordered after that read.
  S.access(32, 32, 1000, 1000, AccessRec{5, 1, 600}, true, clock({1, 0, 0, 0, 0, 1}), Out);
  REQUIRE(Out.size() == 1);
  CHECK(Out[0].Prior.Tid == 2);
  CHECK_FALSE(Out[0].PriorWrite);
  CHECK(Out[0].ReadAfterWrite);
}

TEST_CASE("shadow memory: state stays as small as the access boundaries") {
  ShadowMemory S;
  std::vector<Conflict> Out;
  // One thread writing and reading the same tile 10^5 times: one interval.
  for (race::Epoch E = 1; E <= 100000; ++E) {
    S.access(0, 127, 0, 2047, AccessRec{0, E, 1}, (E & 1) != 0, clock({E}), Out);
    S.access(0, 127, 2048, 4095, AccessRec{0, E, 1}, (E & 1) != 0, clock({E}), Out);
  }
  CHECK(Out.empty());
  CHECK(S.intervals() <= 2);
  // Partition blocks written by two threads in order end up as two blocks.
  S.access(0, 63, 0, 4095, AccessRec{1, 1, 2}, true, clock({100000, 1}), Out);
  S.access(64, 127, 0, 4095, AccessRec{1, 1, 2}, true, clock({100000, 1}), Out);
  CHECK(Out.empty());
  CHECK(S.intervals() == 1);
}

TEST_CASE("semaphores: one sender counts exactly") {
  SemaphoreOrder S;
  VectorClock Q; // the sender, thread 5
  for (race::Epoch E = 1; E <= 3; ++E) {
    Q.set(5, E);
    S.signal(5, 16, Q);
  }
  VectorClock Waiter = clock({1});
  // >= 32 needs the first two: acquires the second's clock (epoch 2).
  CHECK(S.acquire(isa::WaitCond::Ge, 32, Waiter, {}).get(5) == 2);
  CHECK(S.acquire(isa::WaitCond::Gt, 32, Waiter, {}).get(5) == 3);
  CHECK(S.acquire(isa::WaitCond::Eq, 16, Waiter, {}).get(5) == 1);
  // Held before any signal: nothing.
  CHECK(S.acquire(isa::WaitCond::Ge, 0, Waiter, {}).size() == 0);
  // An initial value counts as signals.
  SemaphoreOrder Init(2);
  Q.set(5, 1);
  Init.signal(5, 1, Q);
  CHECK(Init.acquire(isa::WaitCond::Ge, 2, Waiter, {}).get(5) == 0);
  CHECK(Init.acquire(isa::WaitCond::Ge, 3, Waiter, {}).get(5) == 1);
}

TEST_CASE("semaphores: several senders give only what every way guarantees") {
  SemaphoreOrder S;
  VectorClock A, B;
  A.set(5, 1);
  B.set(6, 1);
  S.signal(5, 1, A);
  S.signal(6, 1, B);
  VectorClock Waiter = clock({1});
  // The total: both.
  VectorClock Both = S.acquire(isa::WaitCond::Ge, 2, Waiter, {});
  CHECK(Both.get(5) == 1);
  CHECK(Both.get(6) == 1);
  // One of two: neither is guaranteed.
  VectorClock One = S.acquire(isa::WaitCond::Ge, 1, Waiter, {});
  CHECK(One.get(5) == 0);
  CHECK(One.get(6) == 0);
  // A signal the waiter already knows is in every way: with A known, >= 2
  // still needs B, and >= 1 gives nothing new.
  VectorClock Knows = Waiter;
  Knows.join(A);
  CHECK(S.acquire(isa::WaitCond::Ge, 2, Knows, {}).get(6) == 1);
  // A pending second signal from A could replace B: >= 2 guarantees
  // neither B nor A's second.
  VectorClock A2;
  A2.set(5, 2);
  VectorClock Pend = S.acquire(isa::WaitCond::Ge, 2, Waiter, {{5, 1, A2}});
  CHECK(Pend.get(5) == 1);
  CHECK(Pend.get(6) == 0);
  // A decrement makes the count non-monotone: every signal so far.
  VectorClock C;
  C.set(7, 1);
  S.signal(7, -1, C);
  VectorClock All = S.acquire(isa::WaitCond::Ge, 1, Waiter, {});
  CHECK(All.get(5) == 1);
  CHECK(All.get(6) == 1);
  CHECK(All.get(7) == 1);
}

TEST_CASE("semaphores: history per sender is bounded") {
  SemaphoreOrder S;
  VectorClock Q;
  for (race::Epoch E = 1; E <= 10 * SemaphoreOrder::MaxKept; ++E) {
    Q.set(5, E);
    S.signal(5, 1, Q);
  }
  // Folded signals count as seen; recent ones stay exact.
  uint32_t N = 10 * SemaphoreOrder::MaxKept;
  CHECK(S.acquire(isa::WaitCond::Ge, static_cast<int32_t>(N), clock({1}), {}).get(5) == N);
  CHECK(S.acquire(isa::WaitCond::Ge, static_cast<int32_t>(N - 10), clock({1}), {}).get(5) ==
        N - 10);
}

TEST_CASE("race detector: bounded state on a long ping-pong loop") {
  // PE and ACT hand one PSUM bank back and forth 20,000 times: 100,000
  // instructions, every hand-off through a semaphore, no race. Small tiles:
  // the state is what is measured, not the arithmetic (and the suite also
  // runs under ASan).
  const char *Text = R"(
.psum acc : fp32[4, 8]
.sbuf out : fp32[4, 8]
.sbuf a : bf16[4, 4]
.sbuf b : bf16[4, 8]
.sem done
.sem free
    pool.memset a, 1.0
    pool.memset b, 1.0 signal(free)
    pe.li r1, 1
    pe.li r2, 20001
pe_loop:
    pe.matmul acc, a, b wait(free >= r1) signal(done)
    pe.addi r1, r1, 1
    pe.blt r1, r2, pe_loop
    act.li r1, 1
    act.li r2, 20001
act_loop:
    act.tensor_copy out, acc wait(done >= r1) signal(free)
    act.addi r1, r1, 1
    act.blt r1, r2, act_loop
)";
  std::string Diag;
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText("loop.s", Text, {}, OS);
  Diag = OS.str();
  INFO(Diag);
  REQUIRE(R.Program);
  emu::Emulator E(std::move(*R.Program));
  race::RaceDetector D(E, race::RaceDetector::Mode::Error);
  E.addObserver(&D);
  emu::RunResult Run = E.run({});
  INFO((Run.Error ? Run.Error->Message : std::string()));
  CHECK(Run.ok());
  CHECK(Run.Instructions > 100000);
  CHECK(D.races().empty());
  CHECK(D.shadowIntervals() <= 8);
}

namespace {

// Runs Text on two cores of trn2, each with a detector in warn mode, joined
// by SystemRaces; the races each core's detector reported.
std::vector<std::vector<std::string>> systemRaces(const char *Text, bool Join = true) {
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText("sys.s", Text, {}, OS);
  INFO(OS.str());
  REQUIRE(R.Program);
  emu::System S(std::move(*R.Program), isa::Chip::trn2, 2);
  REQUIRE(S.loadErrors().empty());
  std::vector<std::unique_ptr<race::RaceDetector>> Ds;
  std::vector<race::RaceDetector *> Ptrs;
  for (unsigned K = 0; K < 2; ++K) {
    Ds.push_back(std::make_unique<race::RaceDetector>(S.core(K), race::RaceDetector::Mode::Warn));
    S.core(K).addObserver(Ds.back().get());
    Ptrs.push_back(Ds.back().get());
  }
  std::optional<race::SystemRaces> Races;
  if (Join)
    Races.emplace(S, Ptrs);
  emu::SystemRunResult Run = S.run({});
  INFO((Run.Error ? Run.Error->Message : std::string()));
  CHECK(Run.ok());
  std::vector<std::vector<std::string>> Out;
  for (auto &D : Ds)
    Out.push_back(D->races());
  return Out;
}

} // namespace

TEST_CASE("race detector: the cores of a system, on shared HBM and through updates") {
  // Both cores store the same shared rows, nothing between them: one race,
  // found by the core whose store came second (core 1, in core order),
  // naming core 0's store; alone, each core's detector sees none.
  const char *Racy = R"(
.tensor acc : fp32[2, 64] output shared
.sbuf t : fp32[2, 64]
.sem done
    dve.memset t, 1.0 signal(done)
    sp.dma_copy acc, t, q0.0 wait(done >= 1)
)";
  auto Races = systemRaces(Racy);
  CHECK(Races[0].empty());
  REQUIRE(Races[1].size() == 1);
  CHECK(Races[1][0].find("race (write-after-write) on shared HBM bytes") != std::string::npos);
  CHECK(Races[1][0].find("core 0's SP instruction 0 (dma_copy)") != std::string::npos);
  auto Alone = systemRaces(Racy, false);
  CHECK(Alone[0].empty());
  CHECK(Alone[1].empty());

  // Core 0 stores, then tells core 1, which stores after its wait: ordered.
  const char *Ordered = R"(
.tensor acc : fp32[2, 64] output shared
.sbuf t : fp32[2, 64]
.sem done
.sem stored
.sem go
    sp.core_id r1
    sp.li r2, 1
    dve.memset t, 1.0 signal(done)
    sp.bne r1, r0, second
    sp.dma_copy acc, t, q0.0 wait(done >= 1) signal(stored)
    sp.sem_signal_core go, 1, r2 wait(stored >= 1)
    sp.halt
second:
    sp.dma_copy acc, t, q0.0 wait(done >= 1, go >= 1)
)";
  Races = systemRaces(Ordered);
  CHECK(Races[0].empty());
  CHECK(Races[1].empty());

  // Private tensors at the same address are each core's own: no race.
  const char *Private = R"(
.tensor acc : fp32[2, 64] output
.sbuf t : fp32[2, 64]
.sem done
    dve.memset t, 1.0 signal(done)
    sp.dma_copy acc, t, q0.0 wait(done >= 1)
)";
  Races = systemRaces(Private);
  CHECK(Races[0].empty());
  CHECK(Races[1].empty());
}
