//===- HostMemory.cpp - a budget of host memory ---------------------------===//

#include "trn/support/HostMemory.h"

#include <fmt/format.h>

#include <cctype>

namespace trn {

std::string formatBytes(uint64_t Bytes) {
  static constexpr const char *Units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (Bytes < 1024)
    return fmt::format("{} byte{}", Bytes, Bytes == 1 ? "" : "s");
  double V = static_cast<double>(Bytes);
  unsigned U = 0;
  for (V /= 1024; V >= 1024 && U + 1 < std::size(Units); V /= 1024)
    ++U;
  // Whole numbers as such ("64 MiB"), others to one decimal ("1.5 GiB").
  if (V == static_cast<double>(static_cast<uint64_t>(V)))
    return fmt::format("{} {}", static_cast<uint64_t>(V), Units[U]);
  return fmt::format("{:.1f} {}", V, Units[U]);
}

std::optional<std::string> HostMemoryBudget::check(uint64_t Bytes, std::string_view What) const {
  if (!Limit || (Bytes <= Limit && Used <= Limit - Bytes))
    return std::nullopt;
  std::string InUse = Used ? fmt::format(", and {} is already in use", formatBytes(Used)) : "";
  return fmt::format("{} needs {} of host memory{}: that is beyond the --max-memory budget of {}",
                     What, formatBytes(Bytes), InUse, formatBytes(Limit));
}

void HostMemoryBudget::commit(uint64_t Bytes, std::string_view What) {
  if (auto Err = check(Bytes, What))
    throw HostMemoryError(*Err);
  Used += Bytes;
}

bool HostMemoryBudget::tryCommit(uint64_t Bytes) {
  if (Limit && (Bytes > Limit || Used > Limit - Bytes))
    return false;
  Used += Bytes;
  return true;
}

std::optional<uint64_t> parseCount(std::string_view Text) {
  if (Text.empty() || Text.size() > 20)
    return std::nullopt;
  uint64_t V = 0;
  for (char C : Text) {
    if (!std::isdigit(static_cast<unsigned char>(C)))
      return std::nullopt;
    if (__builtin_mul_overflow(V, 10, &V) || __builtin_add_overflow(V, uint64_t(C - '0'), &V))
      return std::nullopt;
  }
  return V;
}

std::optional<uint64_t> parseByteSize(std::string_view Text) {
  size_t Digits = 0;
  while (Digits < Text.size() && std::isdigit(static_cast<unsigned char>(Text[Digits])))
    ++Digits;
  auto Number = parseCount(Text.substr(0, Digits));
  if (!Number)
    return std::nullopt;
  std::string Suffix;
  for (char C : Text.substr(Digits))
    Suffix += static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  unsigned Shift = 0;
  if (!Suffix.empty()) {
    static constexpr std::string_view Letters = "KMGT";
    size_t At = Letters.find(Suffix[0]);
    std::string_view Rest = std::string_view(Suffix).substr(1);
    if (At == std::string_view::npos || !(Rest.empty() || Rest == "B" || Rest == "IB"))
      return std::nullopt;
    Shift = 10 * static_cast<unsigned>(At + 1);
  }
  if (Shift && *Number > (UINT64_MAX >> Shift))
    return std::nullopt;
  return *Number << Shift;
}

} // namespace trn
