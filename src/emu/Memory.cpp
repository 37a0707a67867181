//===- Memory.cpp - sparse HBM --------------------------------------------===//

#include "Memory.h"

#include <fmt/format.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstdint>

namespace trn::emu {

void Hbm::read(uint64_t Address, uint8_t *Out, uint64_t Size) const {
  while (Size) {
    uint64_t Page = Address / PageBytes, Off = Address % PageBytes;
    uint64_t N = std::min(Size, PageBytes - Off);
    auto It = Pages.find(Page);
    if (It == Pages.end())
      std::memset(Out, 0, N);
    else
      std::memcpy(Out, It->second + Off, N);
    Address += N;
    Out += N;
    Size -= N;
  }
}

void Hbm::Unmap::operator()(uint8_t *P) const { munmap(P, ChunkBytes); }

uint8_t *Hbm::newFrame() {
  if (ChunkUsed == ChunkBytes) {
    // Twice the size, trimmed to a 2 MiB-aligned chunk: huge pages need
    // the alignment.
    void *Map =
        mmap(nullptr, 2 * ChunkBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (Map == MAP_FAILED)
      return nullptr;
    uintptr_t Start = reinterpret_cast<uintptr_t>(Map);
    uintptr_t Aligned = (Start + ChunkBytes - 1) / ChunkBytes * ChunkBytes;
    if (Aligned > Start)
      munmap(Map, Aligned - Start);
    if (uintptr_t Tail = Start + 2 * ChunkBytes - (Aligned + ChunkBytes))
      munmap(reinterpret_cast<void *>(Aligned + ChunkBytes), Tail);
    auto *Chunk = reinterpret_cast<uint8_t *>(Aligned);
#ifdef MADV_HUGEPAGE
    madvise(Chunk, ChunkBytes, MADV_HUGEPAGE); // a hint: without it, 4 KiB pages
#endif
    Chunks.emplace_back(Chunk);
    ChunkUsed = 0;
  }
  uint8_t *Frame = Chunks.back().get() + ChunkUsed;
  ChunkUsed += PageBytes;
  return Frame;
}

void Hbm::setBudget(HostMemoryBudget *B) {
  Budget = B;
  if (Budget)
    Budget->commit(Pages.size() * PageBytes,
                   fmt::format("the {} pages of emulated HBM already written", Pages.size()));
}

uint8_t *Hbm::frame(uint64_t Page) {
  auto It = Pages.find(Page);
  if (It != Pages.end())
    return It->second;
  uint8_t Zero = 0;
  write(Page * PageBytes, &Zero, 1); // makes the page
  return Pages.at(Page);
}

void Hbm::write(uint64_t Address, const uint8_t *In, uint64_t Size) {
  while (Size) {
    uint64_t Page = Address / PageBytes, Off = Address % PageBytes;
    uint64_t N = std::min(Size, PageBytes - Off);
    auto &P = Pages[Page];
    if (!P) {
      if (Budget && !Budget->tryCommit(PageBytes)) {
        Pages.erase(Page);
        throw HostMemoryError(*Budget->check(
            PageBytes, fmt::format("writing emulated HBM at 0x{:X} (a new 64 KiB page; {} are in "
                                   "use)",
                                   Address, Pages.size())));
      }
      P = newFrame();
      if (!P) {
        Pages.erase(Page);
        if (Budget)
          Budget->release(PageBytes);
        throw std::bad_alloc();
      }
    }
    std::memcpy(P + Off, In, N);
    Address += N;
    In += N;
    Size -= N;
  }
}

} // namespace trn::emu
