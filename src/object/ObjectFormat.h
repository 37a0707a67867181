//===- ObjectFormat.h - the on-disk layout of a trnemu object ---*- C++ -*-===//
//
// What the writer and the reader share: section names and order, and the
// records of the .trn.* tables, as little-endian byte-aligned structs so that
// a record is read in place whatever the host or the file offset. Each table
// section's sh_entsize is sizeof its record; docs/object-format.md gives the
// same layouts byte by byte.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_OBJECT_OBJECTFORMAT_H
#define TRN_OBJECT_OBJECTFORMAT_H

#include "trn/isa/Isa.h"

#include <llvm/Support/Endian.h>

#include <array>
#include <cstdint>

namespace trn::object::format {

using U8 = uint8_t;
using U32 = llvm::support::ulittle32_t;
using U64 = llvm::support::ulittle64_t;
using I32 = llvm::support::little32_t;

inline constexpr unsigned MaxRank = 8;

// Section indices, fixed: the writer emits exactly these, in this order.
enum SectionIndex : unsigned {
  NullSection = 0,
  FirstText = 1, // .text.pe; engine E's code is section FirstText + E
  Meta = FirstText + isa::NumEngines,
  Files,
  Tensors,
  Allocs,
  Sems,
  Lines,
  Strings,
  Data,
  Symtab,
  Strtab,
  Shstrtab,
  NumSections
};

inline constexpr std::array<const char *, isa::NumEngines> TextSectionNames = {
    ".text.pe", ".text.dve", ".text.act", ".text.pool", ".text.sp"};

inline const char *sectionName(unsigned Index) {
  static constexpr const char *Names[NumSections] = {
      "",          ".text.pe",   ".text.dve",    ".text.act",    ".text.pool",
      ".text.sp",  ".trn.meta",  ".trn.files",   ".trn.tensors", ".trn.allocs",
      ".trn.sems", ".trn.lines", ".trn.strings", ".trn.data",    ".symtab",
      ".strtab",   ".shstrtab"};
  return Names[Index];
}

// A source location; File indexes .trn.files.
struct LocRecord {
  U32 File, Line, Col;
};

// .trn.meta: exactly one.
struct MetaRecord {
  U32 Version; // FormatVersion; first, so any later layout can be told apart
  U32 Chip;    // isa::Chip
  U32 NumFiles, NumTensors, NumAllocs, NumSems, NumLabels;
  U32 NumInstrs[isa::NumEngines]; // per engine, in Engine order
};

// .trn.files: one per source file.
struct FileRecord {
  U32 Name; // offset in .trn.strings
};

// .trn.tensors: one per HBM tensor.
struct TensorRecord {
  U32 Name; // offset in .trn.strings
  U8 DType; // isa::DType
  U8 Role;  // TensorRole
  U8 Rank;  // 1..MaxRank
  U8 HasInit;
  U64 Shape[MaxRank]; // dims past Rank are 0
  U64 Address;        // byte address in HBM
  U64 InitOffset;     // in .trn.data when HasInit, else 0
  LocRecord Loc;
  U32 Flags; // TensorSharedFlag; other bits 0 (the record stays a multiple of 8 bytes)
};
inline constexpr uint32_t TensorSharedFlag = 1; // Tensor::Shared

// .trn.allocs: one per SBUF/PSUM allocation.
struct AllocRecord {
  U32 Name; // offset in .trn.strings
  U8 Space; // isa::MemSpace: SBUF or PSUM
  U8 DType; // isa::DType
  U8 Rank;  // 1..MaxRank; Shape[0] is the partition count
  U8 Reserved;
  U64 Shape[MaxRank];
  U64 Offset; // byte offset in each partition
  U32 PartStart;
  LocRecord Loc;
};

// .trn.sems: one per named semaphore.
struct SemRecord {
  U32 Name; // offset in .trn.strings
  U32 Index;
  I32 Initial;
  LocRecord Loc;
};

// .trn.lines: one per instruction, by engine and then by index.
struct LineRecord {
  U8 Engine;
  U8 Reserved[3];
  U32 Index;  // instruction index in the engine's stream
  U32 Offset; // byte offset in the engine's .text section
  LocRecord Loc;
};

static_assert(sizeof(LocRecord) == 12);
static_assert(sizeof(MetaRecord) == 48);
static_assert(sizeof(FileRecord) == 4);
static_assert(sizeof(TensorRecord) == 104);
static_assert(sizeof(AllocRecord) == 96);
static_assert(sizeof(SemRecord) == 24);
static_assert(sizeof(LineRecord) == 24);

} // namespace trn::object::format

#endif
