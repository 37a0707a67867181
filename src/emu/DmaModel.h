//===- DmaModel.h - DMA engines and HBM bandwidth ---------------*- C++ -*-===//
//
// How long transfers take when several are in flight. A transfer is split
// across the core's DMA engines by partition (each engine serves 128/16 = 8
// partitions, DMA), waits the chip's fixed per-transfer latency (descriptor,
// synchronisation, start: DMABW), then moves its bytes as a fluid: every
// engine's bandwidth is shared equally by the chunks active on it, and the
// chunks that touch HBM together get at most the core's share of the chip's
// HBM bandwidth (scaled down in proportion when they would exceed it; an
// HBM-to-HBM transfer counts twice, once reading and once writing). Small
// transfers are therefore latency-bound and large ones bandwidth-bound, as
// the DMA bandwidth guide says. docs/timing-model.md has the numbers.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_DMAMODEL_H
#define TRN_EMU_DMAMODEL_H

#include "trn/isa/Isa.h"

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace trn::emu {

class DmaModel {
public:
  explicit DmaModel(const isa::ChipDesc &C);

  // Bytes of a transfer per DMA engine (index = engine), as split by
  // partition; UsesHbm says whether HBM is read or written.
  // HbmSides is how many of its ends are in HBM (0, 1 or 2): a transfer
  // from HBM to HBM moves each byte through HBM twice.
  struct Split {
    std::vector<uint64_t> EngineBytes;
    unsigned HbmSides = 0;
  };
  Split split(uint32_t PartStart, uint32_t Partitions, uint64_t Bytes, unsigned HbmSides) const;

  // A transfer begins at NowPs (after its queue's previous one).
  void start(uint64_t Id, int64_t NowPs, const Split &S);
  // When the next transfer completes or the next fixed latency ends, if any.
  std::optional<int64_t> nextEventPs() const;
  // Moves time to NowPs (no later than nextEventPs()) and returns the
  // transfers that completed, in start order.
  std::vector<uint64_t> advance(int64_t NowPs);
  bool idle() const { return Transfers.empty(); }
  // The HBM traffic now, in bytes per picosecond.
  double hbmBytesPerPs() const;

private:
  struct Chunk {
    unsigned Engine;
    double Remaining; // bytes
    double Rate = 0;  // bytes per picosecond
  };
  struct Transfer {
    uint64_t Seq;
    int64_t ActivePs; // when the fixed latency ends
    unsigned HbmSides;
    std::vector<Chunk> Chunks;
  };
  const isa::ChipDesc &Chip;
  double EngineRate; // bytes/ps of one DMA engine
  double HbmRate;    // bytes/ps of the core's HBM share
  int64_t FixedPs;
  int64_t NowPs = 0;
  uint64_t NextSeq = 0;
  std::map<uint64_t, Transfer> Transfers; // by id

  void progress(int64_t To);
  void rebalance();
};

} // namespace trn::emu

#endif
