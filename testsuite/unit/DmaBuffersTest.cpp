// The recycled buffers of DMA data in flight (src/emu/DmaBuffers.h): one of
// the size asked for is preferred, the bytes kept are bounded.

#include "DmaBuffers.h"

#include <doctest/doctest.h>

using namespace trn::emu;

namespace {
// Empties this thread's buffers (each test starts from none).
void drain() {
  while (dmabuffers::keptBytes())
    (void)dmabuffers::take(0);
}
} // namespace

TEST_CASE("DMA buffers: none kept gives an empty buffer") {
  drain();
  CHECK(dmabuffers::take(100).empty());
}

TEST_CASE("DMA buffers: a buffer of the size asked for comes back as it was") {
  drain();
  std::vector<uint8_t> A(1000, 1), B(4000, 2), C(2000, 3);
  const uint8_t *BData = B.data();
  dmabuffers::give(std::move(A));
  dmabuffers::give(std::move(B));
  dmabuffers::give(std::move(C));
  std::vector<uint8_t> Got = dmabuffers::take(4000);
  CHECK(Got.size() == 4000);
  CHECK(Got.data() == BData); // no copy, no zeroing
  CHECK(Got[0] == 2);
  // No size matches: the largest capacity left.
  std::vector<uint8_t> Other = dmabuffers::take(3000);
  CHECK(Other.size() == 2000);
  CHECK(dmabuffers::keptBytes() == 1000);
  drain();
  CHECK(dmabuffers::keptBytes() == 0);
}

TEST_CASE("DMA buffers: at most KeptBytes are kept") {
  drain();
  std::vector<uint8_t> Big(dmabuffers::KeptBytes - 10), Small(100);
  dmabuffers::give(std::move(Big));
  CHECK(dmabuffers::keptBytes() >= dmabuffers::KeptBytes - 10);
  dmabuffers::give(std::move(Small));
  CHECK(Small.size() == 100); // refused: still the caller's
  CHECK(dmabuffers::keptBytes() <= dmabuffers::KeptBytes);
  drain();
}
