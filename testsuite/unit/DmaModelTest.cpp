// The DMA model's pieces (private headers of src/emu): contiguous runs, the
// shape of a transfer on the engines, trigger costs and the stages' timing,
// each figure from docs/timing-model.md section 9.

#include "DmaModel.h"

#include "DmaShape.h"

#include <doctest/doctest.h>

#include <numeric>

using namespace trn;
using namespace trn::emu;

namespace {

isa::AccessPattern sbuf(uint32_t P0, uint32_t Parts, std::vector<isa::Dim> Dims,
                        isa::DType T = isa::DType::FP32) {
  isa::AccessPattern AP;
  AP.Space = isa::MemSpace::SBUF;
  AP.Type = T;
  AP.PartStart = P0;
  AP.NumPartitions = Parts;
  AP.NumDims = static_cast<uint32_t>(Dims.size());
  for (size_t K = 0; K < Dims.size(); ++K)
    AP.Dims[K] = Dims[K];
  return AP;
}

isa::AccessPattern hbm(uint32_t Rows, int64_t RowStep, std::vector<isa::Dim> Dims,
                       isa::DType T = isa::DType::FP32) {
  isa::AccessPattern AP = sbuf(0, Rows, std::move(Dims), T);
  AP.Space = isa::MemSpace::HBM;
  AP.PartStep = RowStep;
  return AP;
}

uint64_t sum(const std::vector<uint64_t> &V) { return std::accumulate(V.begin(), V.end(), 0ull); }

const isa::ChipDesc &trn1() { return isa::chip(isa::Chip::trn1); }

// Runs the model until it is idle; returns (completion time, queue) in order.
std::vector<std::pair<int64_t, unsigned>> drain(DmaModel &M) {
  std::vector<std::pair<int64_t, unsigned>> Out;
  while (auto Next = M.nextEventPs())
    for (unsigned Q : M.advance(*Next))
      Out.push_back({*Next, Q});
  return Out;
}

} // namespace

TEST_CASE("dma: contiguous runs of an access pattern") {
  CHECK(contiguousRun(sbuf(0, 128, {{1, 512}})) == 512);
  CHECK(contiguousRun(sbuf(0, 128, {{2, 512}})) == 1);
  CHECK(contiguousRun(sbuf(0, 128, {{32, 4}, {1, 16}})) == 16);
  CHECK(contiguousRun(sbuf(0, 128, {{16, 4}, {1, 16}})) == 64);
  CHECK(contiguousRun(sbuf(0, 128, {{999, 1}, {1, 16}})) == 16); // count 1: no step
  CHECK(contiguousRun(sbuf(0, 128, {{1, 16}, {999, 1}})) == 16);
  CHECK(contiguousRun(sbuf(0, 128, {{0, 8}})) == 1); // a broadcast
  // SBUF runs end at the partition; adjacent HBM rows join.
  CHECK(contiguousRun(sbuf(0, 128, {{1, 512}})) == 512);
  CHECK(contiguousRun(hbm(128, 512, {{1, 512}})) == 512 * 128);
  CHECK(contiguousRun(hbm(128, 2048, {{1, 512}})) == 512);
  CHECK(contiguousRun(hbm(128, 1, {{128, 64}})) == 1); // a transposing read
}

TEST_CASE("dma: a transfer's bytes and buffers per engine") {
  const isa::ChipDesc &C = trn1();
  // 128 x 512 fp32 into SBUF: 16 engines x 8 partitions, one run each.
  DmaShape S = dmaShape(C, sbuf(0, 128, {{1, 512}}), hbm(128, 2048, {{1, 512}}), false);
  CHECK(S.HbmSides == 1);
  CHECK(S.RateShare == 1.0);
  for (unsigned E = 0; E < 16; ++E) {
    CHECK(S.EngineBytes[E] == 8 * 2048);
    CHECK(S.EngineBuffers[E] == 8);
  }
  // Every other element: a run per element.
  S = dmaShape(C, sbuf(0, 128, {{1, 512}}), hbm(128, 2048, {{2, 512}}), false);
  CHECK(S.EngineBuffers[3] == 8 * 512);
  // Four runs of 16 elements per partition, on the destination side.
  S = dmaShape(C, sbuf(0, 128, {{32, 4}, {1, 16}}), hbm(128, 64, {{1, 64}}), false);
  CHECK(S.EngineBuffers[0] == 8 * 4);
  // Runs of 16 on one side and 24 on the other: starts at multiples of 16
  // or 24 within each 48-element partition (0, 16, 24, 32): 4 per partition.
  S = dmaShape(C, sbuf(0, 128, {{64, 2}, {1, 24}}), hbm(128, 48, {{32, 3}, {1, 16}}), false);
  CHECK(S.EngineBuffers[0] == 8 * 4);
  // Partitions 4..11: engines 0 and 1, 4 partitions each.
  S = dmaShape(C, sbuf(4, 8, {{1, 512}}), hbm(8, 512, {{1, 512}}), false);
  CHECK(S.EngineBytes[0] == 4 * 2048);
  CHECK(S.EngineBytes[1] == 4 * 2048);
  CHECK(sum(S.EngineBytes) == 8 * 2048);
  // A cast moves the wider side's bytes.
  S = dmaShape(C, sbuf(0, 128, {{1, 512}}), hbm(128, 512, {{1, 512}}, isa::DType::BF16), false);
  CHECK(sum(S.EngineBytes) == 128 * 512 * 4);
  // HBM to HBM: 128 equal slices, 8 per engine; both sides in HBM.
  S = dmaShape(C, hbm(128, 2048, {{1, 2048}}), hbm(128, 2048, {{1, 2048}}), false);
  CHECK(S.HbmSides == 2);
  CHECK(S.EngineBytes[15] == 8 * 8192);
  CHECK(S.EngineBuffers[15] == 8);
  // A run of 128 KiB takes two 64 KiB buffers.
  S = dmaShape(C, sbuf(0, 128, {{1, 32768}}), hbm(128, 32768, {{1, 32768}}), false);
  CHECK(S.EngineBuffers[0] == 8 * 2);
  // dma_transpose: the destination's runs, at 90% of the rate from HBM
  // and 50% from SBUF.
  const isa::ChipDesc &C2 = isa::chip(isa::Chip::trn2);
  S = dmaShape(C2, sbuf(0, 128, {{1, 128}}, isa::DType::BF16),
               hbm(128, 128, {{1, 128}}, isa::DType::BF16), true);
  CHECK(S.EngineBuffers[0] == 8);
  CHECK(S.RateShare == doctest::Approx(0.9));
  S = dmaShape(C2, sbuf(0, 128, {{1, 128}}, isa::DType::BF16),
               sbuf(0, 128, {{1, 128}}, isa::DType::BF16), true);
  CHECK(S.RateShare == doctest::Approx(0.5));
  CHECK(S.HbmSides == 0);
}

TEST_CASE("dma: trigger cost by descriptor mode") {
  CHECK(dmaTriggerCycles(trn1(), isa::Engine::SP) == 64);    // static
  CHECK(dmaTriggerCycles(trn1(), isa::Engine::ACT) == 64);   // static
  CHECK(dmaTriggerCycles(trn1(), isa::Engine::POOL) == 840); // swdge, 600 ns at 1.4 GHz
  const isa::ChipDesc &C2 = isa::chip(isa::Chip::trn2);
  CHECK(dmaTriggerCycles(C2, isa::Engine::SP) == 720); // hwdge, 600 ns at 1.2 GHz
  CHECK(dmaTriggerCycles(C2, isa::Engine::POOL) == 720);
}

TEST_CASE("dma: the stages, one and two queues") {
  const isa::ChipDesc &C = trn1();
  DmaShape S = dmaShape(C, sbuf(0, 128, {{1, 512}}), hbm(128, 2048, {{1, 512}}), false);
  // Alone: 1300 ns + 8 x 5 ns + 16384 / 25.625 GB/s (639.3756 -> 639.376).
  {
    DmaModel M(C);
    M.enqueue(0, 0, S);
    auto Done = drain(M);
    REQUIRE(Done.size() == 1);
    CHECK(Done[0].first == 1340000 + 639376);
    CHECK(M.idle());
  }
  // Two on one queue at once: the second's fetch waits for the first's
  // processing, so it completes one fetch (790 ns) after the first.
  {
    DmaModel M(C);
    M.enqueue(0, 0, S);
    M.enqueue(0, 0, S);
    auto Done = drain(M);
    REQUIRE(Done.size() == 2);
    CHECK(Done[1].first - Done[0].first == 790000);
  }
  // On two queues: fetched together, processed one after the other (400 ns)
  // and moved one after the other, without waiting for the completion.
  {
    DmaModel M(C);
    M.enqueue(0, 0, S);
    M.enqueue(1, 0, S);
    auto Done = drain(M);
    REQUIRE(Done.size() == 2);
    CHECK(Done[0] == std::pair<int64_t, unsigned>{1979376, 0});
    CHECK(Done[1] == std::pair<int64_t, unsigned>{1979376 + 639376, 1});
  }
}

TEST_CASE("dma: a queue completes in order") {
  const isa::ChipDesc &C = trn1();
  // A large transfer on engine 0 (partitions 0-7), then a small one on
  // engine 1 (partitions 8-15) on the same queue: the small one's own stages
  // end first, but it completes after the large one.
  DmaShape Big = dmaShape(C, sbuf(0, 8, {{1, 16384}}), hbm(8, 16384, {{1, 16384}}), false);
  DmaShape Small = dmaShape(C, sbuf(8, 8, {{1, 16}}), hbm(8, 16, {{1, 16}}), false);
  DmaModel M(C);
  M.enqueue(3, 0, Big);
  M.enqueue(3, 0, Small);
  auto Done = drain(M);
  REQUIRE(Done.size() == 2);
  CHECK(Done[0].first == Done[1].first);
  // 8 x 64 KiB at 27.2 GB/s alone on engine 0: 524288 / 27.2 = 19275.3 ns.
  CHECK(Done[0].first == 1340000 + 19275295);
}
