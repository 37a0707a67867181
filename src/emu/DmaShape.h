//===- DmaShape.h - what a transfer asks of each DMA engine -----*- C++ -*-===//
//
// A transfer is split by partition over the core's DMA engines (each serves
// Partitions / DmaEngines of them, DMA); each engine's part is a
// scatter-gather list of DMA buffers, one per contiguous run of the pairing
// of source and destination elements, a run longer than MaxBufferBytes
// taking several (A1, DRV). docs/timing-model.md section 9 has the rules.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_DMASHAPE_H
#define TRN_EMU_DMASHAPE_H

#include "trn/isa/Instr.h"

#include <cstdint>
#include <vector>

namespace trn::emu {

struct DmaShape {
  std::vector<uint64_t> EngineBytes;   // by DMA engine
  std::vector<uint64_t> EngineBuffers; // by DMA engine: its DMA buffers
  unsigned HbmSides = 0;               // 0, 1 or 2: HBM to HBM crosses HBM twice
  double RateShare = 1;                // of the engine rate (dma_transpose: less)
};

// Elements in a row that are contiguous in memory, in the order the
// transfer pairs them (partitions outermost, then dims[0] to the innermost):
// runs of this many start at every multiple of it. SBUF/PSUM runs end at
// each partition; HBM rows may join when they are adjacent.
uint64_t contiguousRun(const isa::AccessPattern &AP);

// The shape of a dma_copy (Transpose false) or dma_transpose of Src into
// Dst, which hold the same number of elements.
DmaShape dmaShape(const isa::ChipDesc &Chip, const isa::AccessPattern &Dst,
                  const isa::AccessPattern &Src, bool Transpose);

} // namespace trn::emu

#endif
