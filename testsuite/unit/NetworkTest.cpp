//===- NetworkTest.cpp - the links, routes and ring of each instance -------===//
//
// src/system/Network: every preset's ring visits each chip once, each step
// one hop (behind a switch: up and down, two); the 3D torus of
// trn2-ultraserver routes X, then Y, then Z, the shorter way round, and a
// transfer over a Z link takes the Z link's bandwidth.
//
//===----------------------------------------------------------------------===//

#include "Network.h"

#include "trn/isa/Isa.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>

using namespace trn;

namespace {
emu::Network make(const isa::InstanceDesc &I, unsigned Cores = 1) {
  return emu::Network(isa::chip(I.ChipId), Cores, I.chips(), &I);
}
const isa::InstanceDesc &instance(const char *Name) {
  auto I = isa::lookupInstance(Name);
  REQUIRE(I.has_value());
  return **I;
}
} // namespace

TEST_CASE("network: every preset's ring is each chip once, one hop a step") {
  for (const isa::InstanceDesc &I : isa::instances()) {
    CAPTURE(I.Name);
    for (unsigned Cores : {1u, 2u}) {
      emu::Network Net = make(I, Cores);
      const std::vector<unsigned> &Ring = Net.ring();
      REQUIRE(Ring.size() == I.chips() * Cores);
      CHECK(std::set<unsigned>(Ring.begin(), Ring.end()).size() == Ring.size());
      for (size_t P = 0; P < Ring.size(); ++P) {
        unsigned A = Ring[P], B = Ring[(P + 1) % Ring.size()];
        CAPTURE(A);
        CAPTURE(B);
        if (Net.chipOf(A) == Net.chipOf(B))
          CHECK(Net.hops(A, B) == 0);
        else
          CHECK(Net.hops(A, B) == (I.Switched ? 2u : 1u));
      }
    }
  }
}

TEST_CASE("network: trn2-ultraserver is a 4x4x4 torus, routed X then Y then Z") {
  const isa::InstanceDesc &I = instance("trn2-ultraserver");
  CHECK(I.chips() == 64);
  CHECK(I.TorusZ == 4);
  CHECK(I.LinkMBps == 256000);
  CHECK(I.ZLinkMBps == 128000);
  emu::Network Net = make(I);
  // chip (x, y, z) = (z * 4 + y) * 4 + x.
  CHECK(Net.hops(0, 16) == 1); // +z
  CHECK(Net.hops(0, 48) == 1); // -z, over the wrap-around
  CHECK(Net.hops(0, 32) == 2); // two instances away, either way
  CHECK(Net.hops(0, 42) == 6); // (2, 2, 2): 2 + 2 + 2
  CHECK(Net.hops(5, 63) == 5); // (1, 1, 0) to (3, 3, 3): 2 + 2 + 1
  // The ring: plane 0's snake, then plane 1's backwards from chip 12 + 16.
  const std::vector<unsigned> &Ring = Net.ring();
  CHECK(Ring[15] == 12);
  CHECK(Ring[16] == 28);
  CHECK(Ring[31] == 16);
  CHECK(Ring[32] == 32);
  CHECK(Ring[63] == 48);

  // One 1 MB message over X then Z: the Z link's 128 GB/s sets its time,
  // 1e6 B / 128000 MB/s = 7812.5 ns (rounded up to the ps), + the DMA's
  // fixed cost + 2 hops.
  uint64_t Bytes = 1000000;
  int64_t FixedPs = int64_t(isa::chip(I.ChipId).DmaFixedNs) * 1000;
  CHECK(Net.send(0, 17, Bytes, 0) == 7812500 + FixedPs + 2 * 500000);
  // Within a plane: 256 GB/s.
  CHECK(Net.send(2, 3, Bytes, 0) == 3906250 + FixedPs + 500000);
  bool SawZ = false;
  for (const emu::LinkFigures &F : Net.figures()) {
    if (F.Name == "chip 0 -> chip 1 (+x)" || F.Name == "chip 2 -> chip 3 (+x)")
      CHECK(F.MBps == 256000);
    if (F.Name == "chip 1 -> chip 17 (+z)") {
      SawZ = true;
      CHECK(F.MBps == 128000);
    }
  }
  CHECK(SawZ);
}

TEST_CASE("network: 2D presets keep 4 links a chip, no Z") {
  for (const char *Name : {"trn1.32xlarge", "trn2.48xlarge"}) {
    const isa::InstanceDesc &I = instance(Name);
    CAPTURE(Name);
    CHECK(I.TorusZ == 1);
    CHECK(I.chips() == 16);
    emu::Network Net = make(I);
    Net.send(0, 12, 4096, 0); // -y over the wrap-around
    std::vector<emu::LinkFigures> F = Net.figures();
    REQUIRE(F.size() == 1);
    CHECK(F[0].Name == "chip 0 -> chip 12 (-y)");
  }
}
