//===- DmaBuffers.cpp - recycled buffers for DMA data in flight -----------===//

#include "DmaBuffers.h"

#include <utility>

namespace trn::emu::dmabuffers {

namespace {

struct Kept {
  std::vector<std::vector<uint8_t>> Buffers;
  size_t Bytes = 0; // their capacities
};

thread_local Kept ThisThread;

} // namespace

std::vector<uint8_t> take(size_t Bytes) {
  Kept &K = ThisThread;
  if (K.Buffers.empty())
    return {};
  // The most recently given of that size; else the largest.
  size_t Pick = K.Buffers.size() - 1;
  for (size_t I = K.Buffers.size(); I-- > 0;) {
    if (K.Buffers[I].size() == Bytes) {
      Pick = I;
      break;
    }
    if (K.Buffers[I].capacity() > K.Buffers[Pick].capacity())
      Pick = I;
  }
  std::vector<uint8_t> B = std::move(K.Buffers[Pick]);
  K.Buffers.erase(K.Buffers.begin() + static_cast<std::ptrdiff_t>(Pick));
  K.Bytes -= B.capacity();
  return B;
}

void give(std::vector<uint8_t> &&B) {
  Kept &K = ThisThread;
  if (!B.capacity() || K.Bytes + B.capacity() > KeptBytes)
    return; // B stays the caller's, to free
  K.Bytes += B.capacity();
  K.Buffers.push_back(std::move(B));
}

size_t keptBytes() { return ThisThread.Bytes; }

} // namespace trn::emu::dmabuffers
