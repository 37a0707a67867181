//===- AsmInput.h - fuzz input as assembly text -----------------*- C++ -*-===//
#ifndef TRN_FUZZ_ASMINPUT_H
#define TRN_FUZZ_ASMINPUT_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace trn::fuzz {

// The input as assembly source, or nothing for inputs the fuzz targets skip
// because they reach the host rather than the assembler:
// - '.include' opens host files (a path such as /dev/stdin blocks; the
//   hardening of .include is separate work, tested by lit);
// - 'fill(v)' builds a whole tensor from a few bytes of text, so a short
//   input can ask for gigabytes (bounded by the host-memory budget, also
//   separate work).
inline std::optional<std::string> assemblyInput(const uint8_t *Data, size_t Size) {
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  if (Text.find("include") != Text.npos || Text.find("fill") != Text.npos)
    return std::nullopt;
  return std::string(Text);
}

} // namespace trn::fuzz

#endif
