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
// 2: the access pattern's dtype field grew to 5 bits (the MX types), has_reg moved.
// 3: the TensorE tile operands (tile_row, tile_rows, tile_col, tile_cols), and the
//    tensor record's flags (shared) where it had a reserved word.
inline constexpr uint32_t FormatVersion = 3;

// The most initial data a program holds, all tensors together: anything
// bigger belongs in an input bound at run time. The assembler and the
// reader enforce it (for the reader, counting each tensor's initial data,
// however many share the same bytes of .trn.data).
inline constexpr uint64_t MaxInitialDataBytes = uint64_t(256) << 20;

std::vector<uint8_t> writeObject(const Program &P);

// The program in Bytes, or a message saying what is wrong and where
// ("section .text.pe: instruction 3 at offset 0x40: unknown opcode 0xEE").
std::variant<Program, std::string> readObject(std::span<const uint8_t> Bytes);

// A source file name as objects store it and messages print it: each
// control character (a newline would end a disassembly's comment line and
// start a statement) written as \xNN. The reader refuses names with any.
std::string printableFileName(std::string_view Name);

// Whether Bytes start like an ELF file (so tools can accept .o or .s).
bool looksLikeElf(std::span<const uint8_t> Bytes);

// Writes Bytes to Path through a temporary file in the same directory and a
// rename, so that Path is either the whole new file or untouched. Returns
// an error message on failure.
std::optional<std::string> writeFileAtomically(const std::string &Path,
                                               std::span<const uint8_t> Bytes);

// The same for a file written in pieces (a tensor too large to hold
// whole): create() makes the temporary file (or opens a device or pipe to
// write in place), write() appends, commit() renames it over Path. Until
// then Path is untouched; an AtomicFile destroyed uncommitted removes its
// temporary file. Errors are messages naming Path.
class AtomicFile {
public:
  static std::variant<AtomicFile, std::string> create(const std::string &Path);
  AtomicFile(AtomicFile &&O) noexcept;
  AtomicFile &operator=(AtomicFile &&) = delete;
  ~AtomicFile();

  std::optional<std::string> write(std::span<const uint8_t> Bytes);
  std::optional<std::string> commit();

private:
  AtomicFile(std::string Path, std::string Temp, int Fd)
      : Path(std::move(Path)), Temp(std::move(Temp)), Fd(Fd) {}
  std::string Path;
  std::string Temp; // empty: writing Path in place (a device or pipe)
  int Fd = -1;
  bool Failed = false;
};

} // namespace trn::object

#endif
