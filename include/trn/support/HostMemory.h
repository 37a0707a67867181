//===- trn/support/HostMemory.h - a budget of host memory -------*- C++ -*-===//
//
// The tools commit host memory in proportion to what their inputs say: HBM
// pages a program writes, initial data, source text, tensors read from and
// written to .npy files. A small input can ask for a lot, so every such
// commitment is counted against one budget (--max-memory, docs/cli.md) and
// refused, with a message naming what asked for it, before it is made.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_SUPPORT_HOSTMEMORY_H
#define TRN_SUPPORT_HOSTMEMORY_H

#include <cstdint>
#include <cstdio>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace trn {

// What --max-memory is when not given: room for every example and test
// kernel many times over, and well below what a workstation has.
inline constexpr uint64_t DefaultMaxHostMemory = uint64_t(4) << 30;

// A commitment the budget refused; what() is the whole message.
class HostMemoryError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class HostMemoryBudget {
public:
  // Limit 0: no limit (everything is still counted).
  explicit HostMemoryBudget(uint64_t Limit = DefaultMaxHostMemory) : Limit(Limit) {}

  // The message commit() would throw for Bytes more, or none if they fit.
  std::optional<std::string> check(uint64_t Bytes, std::string_view What) const;
  // Counts Bytes more for What ("HBM page 0x1230000", "initial data of
  // tensor 'x'"), or throws HostMemoryError saying so.
  void commit(uint64_t Bytes, std::string_view What);
  // Counts Bytes more if they fit; says whether they did (for callers that
  // build their message only when needed).
  bool tryCommit(uint64_t Bytes);
  void release(uint64_t Bytes) { Used -= Bytes < Used ? Bytes : Used; }

  uint64_t used() const { return Used; }
  uint64_t limit() const { return Limit; }

private:
  uint64_t Limit;
  uint64_t Used = 0;
};

// "4 GiB", "64 MiB", "1.5 KiB", "100 bytes".
std::string formatBytes(uint64_t Bytes);

// A size as the tools' --max-memory takes it: a whole number, optionally
// followed by K, M, G or T (powers of 1024, an optional "iB" or "B" after
// them); "0" means no limit. None for anything else, or above 2^64 - 1.
std::optional<uint64_t> parseByteSize(std::string_view Text);

// A count as --max-cycles and --max-instructions take it: decimal digits
// only (no sign), at most 2^64 - 1.
std::optional<uint64_t> parseCount(std::string_view Text);

// Runs a tool's main(): running out of host memory, the budget's or the
// host's, ends it with "TOOL: error: ..." and exit status 2, never an abort.
template <typename Body> int exitOnHostMemoryError(const char *Tool, Body &&Run) {
  try {
    return Run();
  } catch (const HostMemoryError &E) {
    std::fprintf(stderr, "%s: error: %s\n", Tool, E.what());
  } catch (const std::bad_alloc &) {
    std::fprintf(stderr, "%s: error: out of host memory\n", Tool);
  }
  return 2;
}

} // namespace trn

#endif
