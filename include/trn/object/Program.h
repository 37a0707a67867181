//===- trn/object/Program.h - an assembled program --------------*- C++ -*-===//
//
// What trn-as produces and trn-emu and trn-objdump consume: one encoded
// instruction stream per engine, the HBM tensor table with initial data, the
// on-chip allocations, named semaphores, symbols and a line table. The ELF
// object file (docs/object-format.md) is this, serialised.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_OBJECT_PROGRAM_H
#define TRN_OBJECT_PROGRAM_H

#include "trn/isa/Isa.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trn::object {

enum class TensorRole : uint8_t { Input = 0, Output = 1, Scratch = 2 };

// A shared tensor starts on a page of emulated HBM and no other tensor uses
// its pages: the cores of a chip map the same pages (docs/multicore.md).
inline constexpr uint64_t SharedTensorAlign = 64 * 1024;
const char *roleName(TensorRole R);

struct SourceLoc {
  uint32_t File = 0; // index into Program::Files
  uint32_t Line = 0; // 1-based; 0 = unknown
  uint32_t Col = 0;  // 1-based
  bool operator==(const SourceLoc &) const = default;
};

// A named HBM tensor: row-major, densely packed at Address.
struct Tensor {
  std::string Name;
  isa::DType Type = isa::DType::FP32;
  std::vector<uint64_t> Shape;
  TensorRole Role = TensorRole::Input;
  uint64_t Address = 0;
  // Bytes of initial contents in Program::Data, or none (zero-filled;
  // inputs are bound at run time).
  std::optional<uint64_t> InitOffset;
  // One tensor for every core of a chip, not one per core (a system of
  // cores, docs/multicore.md): it takes whole 64 KiB pages of HBM.
  bool Shared = false;
  SourceLoc Loc;

  uint64_t elements() const;
  uint64_t bytes() const;
  bool operator==(const Tensor &) const = default;
};

// A named region of SBUF or PSUM: partitions [PartStart, PartStart + Shape[0])
// and bytes [Offset, Offset + bytes of Shape[1:]) in each of them.
struct Allocation {
  std::string Name;
  isa::MemSpace Space = isa::MemSpace::SBUF;
  isa::DType Type = isa::DType::FP32;
  std::vector<uint64_t> Shape;
  uint32_t PartStart = 0;
  uint64_t Offset = 0;
  SourceLoc Loc;

  uint64_t bytesPerPartition() const;
  // All its bytes, partition by partition (as a tensor of its shape holds them).
  uint64_t bytes() const;
  bool operator==(const Allocation &) const = default;
};

struct Semaphore {
  std::string Name;
  uint32_t Index = 0;
  int32_t Initial = 0;
  SourceLoc Loc;
  bool operator==(const Semaphore &) const = default;
};

struct Label {
  std::string Name;
  isa::Engine Eng = isa::Engine::SP;
  uint32_t Index = 0; // instruction index in the engine's stream
  bool operator==(const Label &) const = default;
};

// One engine's instruction stream: the encoded bytes and, per instruction,
// its byte offset and source location.
struct Stream {
  std::vector<uint8_t> Code;
  std::vector<uint32_t> Offsets;
  std::vector<SourceLoc> Locs;

  size_t size() const { return Offsets.size(); }
  bool operator==(const Stream &) const = default;
};

struct Program {
  isa::Chip TargetChip = isa::Chip::trn2;
  std::vector<std::string> Files; // source files named by SourceLoc::File
  std::array<Stream, isa::NumEngines> Streams;
  std::vector<Tensor> Tensors;
  std::vector<Allocation> Allocations;
  std::vector<Semaphore> Semaphores;
  std::vector<Label> Labels;
  std::vector<uint8_t> Data; // initial tensor contents

  Stream &stream(isa::Engine E) { return Streams[static_cast<unsigned>(E)]; }
  const Stream &stream(isa::Engine E) const { return Streams[static_cast<unsigned>(E)]; }
  const Tensor *findTensor(std::string_view Name) const;
  // Names are unique across tensors, allocations, semaphores and labels
  // (the assembler's one symbol table; the object reader checks it too).
  const Allocation *findAllocation(std::string_view Name) const;
  // "file:line:col" of an instruction's source, or "" when unknown.
  std::string where(const SourceLoc &Loc) const;
  bool operator==(const Program &) const = default;
};

} // namespace trn::object

#endif
