//===- trn/object/ObjectFile.h - Program <-> ELF object ---------*- C++ -*-===//
//
// The on-disk form of a Program: an ELF64 little-endian relocatable object
// with one code section per engine stream, described in
// docs/object-format.md. The reader trusts nothing: every offset, count,
// index and instruction is checked, and a bad file gives a message, never a
// crash.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_OBJECT_OBJECTFILE_H
#define TRN_OBJECT_OBJECTFILE_H

#include "trn/object/Program.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace trn::object {

// e_machine of trnemu objects (unassigned by the ELF registry; chosen).
inline constexpr uint16_t ElfMachine = 0x5452; // "TR"
inline constexpr uint32_t FormatVersion = 1;

std::vector<uint8_t> writeObject(const Program &P);

// The program in Bytes, or a message saying what is wrong and where
// ("section .text.pe: instruction 3 at offset 0x40: unknown opcode 0xEE").
std::variant<Program, std::string> readObject(std::span<const uint8_t> Bytes);

// Whether Bytes start like an ELF file (so tools can accept .o or .s).
bool looksLikeElf(std::span<const uint8_t> Bytes);

// Writes Bytes to Path through a temporary file in the same directory and a
// rename, so that Path is either the whole new file or untouched. Returns
// an error message on failure.
std::optional<std::string> writeFileAtomically(const std::string &Path,
                                               std::span<const uint8_t> Bytes);

} // namespace trn::object

#endif
