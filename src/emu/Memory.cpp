//===- Memory.cpp - sparse HBM --------------------------------------------===//

#include "Memory.h"

#include <fmt/format.h>

#include <algorithm>

namespace trn::emu {

void Hbm::read(uint64_t Address, uint8_t *Out, uint64_t Size) const {
  while (Size) {
    uint64_t Page = Address / PageBytes, Off = Address % PageBytes;
    uint64_t N = std::min(Size, PageBytes - Off);
    auto It = Pages.find(Page);
    if (It == Pages.end())
      std::memset(Out, 0, N);
    else
      std::memcpy(Out, It->second.get() + Off, N);
    Address += N;
    Out += N;
    Size -= N;
  }
}

void Hbm::setBudget(HostMemoryBudget *B) {
  Budget = B;
  if (Budget)
    Budget->commit(Pages.size() * PageBytes,
                   fmt::format("the {} pages of emulated HBM already written", Pages.size()));
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
      P.reset(static_cast<uint8_t *>(std::calloc(PageBytes, 1)));
      if (!P) {
        Pages.erase(Page);
        if (Budget)
          Budget->release(PageBytes);
        throw std::bad_alloc();
      }
    }
    std::memcpy(P.get() + Off, In, N);
    Address += N;
    In += N;
    Size -= N;
  }
}

} // namespace trn::emu
