//===- DmaBuffers.h - recycled buffers for DMA data in flight ---*- C++ -*-===//
//
// A DMA reads its source when it starts and writes its destination when it
// ends, so its bytes wait in a buffer meanwhile (DeferredWrite). A fresh
// std::vector of that size is zeroed, then overwritten by the read: for a
// row kernel moving 256 MiB through DMAs, that zeroing and the allocator's
// churn were a tenth of the run. Buffers given back when a transfer ends are
// handed to the next transfers as they are: a read into one of the same
// size resizes nothing and zeroes nothing. Per thread (emulators may run on
// several); at most KeptBytes are kept.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_DMABUFFERS_H
#define TRN_EMU_DMABUFFERS_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace trn::emu::dmabuffers {

inline constexpr size_t KeptBytes = 16 * 1024 * 1024;

// A buffer whose contents are unspecified: of size Bytes if one is kept,
// else the largest kept one (the caller resizes it), else an empty one.
std::vector<uint8_t> take(size_t Bytes);
// Keeps B for a later take(), unless that would keep more than KeptBytes.
void give(std::vector<uint8_t> &&B);
// The bytes (capacities) this thread keeps now.
size_t keptBytes();

} // namespace trn::emu::dmabuffers

#endif
