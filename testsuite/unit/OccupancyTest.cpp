//===- OccupancyTest.cpp - on-chip occupancy from accesses ----------------===//
//
// Hand-built accesses on hand-built allocations, and the step functions
// they must give, computed by hand from the definition in
// trn/trace/Occupancy.h.

#include "trn/trace/Occupancy.h"

#include <doctest/doctest.h>

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
