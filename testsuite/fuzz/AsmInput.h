//===- AsmInput.h - fuzz input as assembly text -----------------*- C++ -*-===//
#ifndef TRN_FUZZ_ASMINPUT_H
#define TRN_FUZZ_ASMINPUT_H

#include "trn/asm/Assembler.h"

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

// The assembler's options for a fuzz input: macro expansions bounded far
// below the defaults (a million lines, 64 MiB), so that no input of a few
// kilobytes (a .rept of a .rept, a macro calling itself, an argument
// repeated at every level) takes more than a moment under ASan; the limits
// are what is tested, not their size.
inline assembler::Options assemblyOptions() {
  assembler::Options O;
  O.MaxExpansionLines = 20000;
  O.MaxExpansionBytes = 1 << 20;
  return O;
}

} // namespace trn::fuzz

#endif
