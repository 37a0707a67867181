//===- Memory.h - HBM, SBUF and PSUM ----------------------------*- C++ -*-===//
//
// SBUF and PSUM are flat, partition-major arrays (partition p's bytes are
// [p * PartBytes, (p + 1) * PartBytes)), with a written bit per byte for
// the uninitialised-read check, set and tested a 64-byte word at a time. HBM is sparse: 64 KiB
// pages come into being when first written, so a 96 GiB address space costs only what a program
// touches; unwritten HBM reads as zero. Pages, being what a program can
// ask for without end, are counted against the host-memory budget.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_MEMORY_H
#define TRN_EMU_MEMORY_H

#include "trn/isa/Isa.h"
#include "trn/support/HostMemory.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <unordered_map>
#include <vector>

namespace trn::emu {

// Zeroed memory from calloc: for tens of MiB the C library maps fresh pages
// that are zero until touched, so an emulator that uses little SBUF pays
// little for it.
struct ZeroedBytes {
  explicit ZeroedBytes(size_t N) : Ptr(static_cast<uint8_t *>(std::calloc(N ? N : 1, 1))) {
    if (!Ptr)
      throw std::bad_alloc();
  }
  ~ZeroedBytes() { std::free(Ptr); }
  ZeroedBytes(const ZeroedBytes &) = delete;
  ZeroedBytes &operator=(const ZeroedBytes &) = delete;
  uint8_t *data() { return Ptr; }
  const uint8_t *data() const { return Ptr; }
  uint8_t &operator[](size_t I) { return Ptr[I]; }
  uint8_t operator[](size_t I) const { return Ptr[I]; }

private:
  uint8_t *Ptr;
};

// One bit per byte of an on-chip memory, set once the byte has been written
// since the run began. Ranges are set and searched 64 bits at a time, so a
// row of an instruction costs a few word operations, not a byte each; and
// each segment (partition) keeps how many of its first bytes are all
// written, which answers most checks without reading the bits at all.
class WrittenBits {
public:
  WrittenBits(size_t NumBytes, size_t SegmentBytes)
      : Words((NumBytes + 63) / 64 * 8), Size(NumBytes),
        SegmentBytes(SegmentBytes ? SegmentBytes : 1),
        Prefix((NumBytes + this->SegmentBytes - 1) / this->SegmentBytes, 0) {}

  void set(size_t At, size_t Len) {
    if (!Len)
      return;
    setBits(At, Len);
    // Extend the segment's written prefix if this range reaches it.
    size_t Seg = At / SegmentBytes, Base = Seg * SegmentBytes;
    if (At - Base <= Prefix[Seg] && At + Len - Base > Prefix[Seg]) {
      size_t From = At + Len, SegEnd = std::min(Base + SegmentBytes, Size);
      if (From < SegEnd)
        From = scan(From, SegEnd - From);
      Prefix[Seg] = static_cast<uint32_t>(std::min(From, SegEnd) - Base);
    }
  }
  // The first byte of [At, At + Len) not yet written, or At + Len if none.
  size_t firstUnset(size_t At, size_t Len) const {
    size_t Seg = At / SegmentBytes;
    if (At + Len <= Seg * SegmentBytes + Prefix[Seg])
      return At + Len;
    return scan(At, Len);
  }
  bool test(size_t At) const { return (words()[At / 64] >> (At % 64)) & 1; }

private:
  void setBits(size_t At, size_t Len) {
    size_t End = At + Len, FirstWord = At / 64, LastWord = (End - 1) / 64;
    uint64_t *W = words();
    if (FirstWord == LastWord) {
      W[FirstWord] |= mask(At % 64, End - At);
      return;
    }
    W[FirstWord] |= ~uint64_t(0) << (At % 64);
    for (size_t I = FirstWord + 1; I < LastWord; ++I)
      W[I] = ~uint64_t(0);
    W[LastWord] |= mask(0, End - LastWord * 64);
  }
  size_t scan(size_t At, size_t Len) const {
    size_t End = At + Len;
    const uint64_t *W = words();
    while (At < End) {
      size_t Word = At / 64, Bit = At % 64;
      if (Bit == 0 && End - At >= 64) { // whole words: one comparison each
        if (W[Word] == ~uint64_t(0)) {
          At += 64;
          continue;
        }
        return Word * 64 + static_cast<size_t>(std::countr_one(W[Word]));
      }
      size_t Span = std::min<size_t>(64 - Bit, End - At);
      if (uint64_t Missing = ~W[Word] & mask(Bit, Span))
        return Word * 64 + static_cast<size_t>(std::countr_zero(Missing));
      At += Span;
    }
    return End;
  }

  ZeroedBytes Words;
  size_t Size; // bytes
  size_t SegmentBytes;
  std::vector<uint32_t> Prefix; // per segment: its first Prefix bytes are set
  uint64_t *words() { return reinterpret_cast<uint64_t *>(Words.data()); }
  const uint64_t *words() const { return reinterpret_cast<const uint64_t *>(Words.data()); }
  // Len bits from bit Lo, 1 <= Len <= 64 - Lo.
  static uint64_t mask(size_t Lo, size_t Len) {
    return (Len == 64 ? ~uint64_t(0) : (uint64_t(1) << Len) - 1) << Lo;
  }
};

class OnChip {
public:
  OnChip(uint32_t Partitions, uint32_t PartBytes)
      : PartBytes(PartBytes), Bytes(size_t(Partitions) * PartBytes),
        Written(size_t(Partitions) * PartBytes, PartBytes) {}

  uint32_t PartBytes;
  ZeroedBytes Bytes;
  WrittenBits Written; // by byte index (index())

  uint8_t *at(uint32_t Partition, uint64_t Offset) {
    return Bytes.data() + size_t(Partition) * PartBytes + Offset;
  }
  size_t index(uint32_t Partition, uint64_t Offset) const {
    return size_t(Partition) * PartBytes + Offset;
  }
  // Whether every byte of [At, At + Len) (by index()) has been written.
  bool written(size_t At, size_t Len) const { return Written.firstUnset(At, Len) == At + Len; }
  void markWritten(size_t At, size_t Len) { Written.set(At, Len); }
};

// What a machine's SBUF and PSUM hold on the host, as the budget counts it:
// the bytes, a written flag per byte, and the PSUM writer per 4-byte word
// (Machine::PsumWords). The written flags now take a bit per byte; the
// budget still counts a byte, an upper bound that keeps the documented
// --max-memory figures (docs/cli.md) as they are.
inline uint64_t onChipHostBytes(const isa::ChipDesc &C) {
  uint64_t Sbuf = uint64_t(C.Partitions) * C.SbufPartitionBytes;
  uint64_t Psum = uint64_t(C.Partitions) * C.psumPartitionBytes();
  return 2 * Sbuf + 2 * Psum + Psum / 4;
}

class Hbm {
public:
  static constexpr uint64_t PageBytes = 64 * 1024;

  void read(uint64_t Address, uint8_t *Out, uint64_t Size) const;
  // Throws HostMemoryError when a page it needs would pass the budget.
  void write(uint64_t Address, const uint8_t *In, uint64_t Size);
  size_t pagesInUse() const { return Pages.size(); }
  // The frame of page Page, made (zeroed, counted) if it has none.
  uint8_t *frame(uint64_t Page);
  // Page Page is Frame, another Hbm's (which must outlive this one): the
  // page of a tensor the cores of a chip share. A frame of its own it had
  // stays counted, unused.
  void mapShared(uint64_t Page, uint8_t *Frame) { Pages[Page] = Frame; }
  // Counts the pages in use and every later one against B (which must
  // outlive this); throws HostMemoryError if those in use do not fit.
  void setBudget(HostMemoryBudget *B);

private:
  // Page frames are carved in the order pages are first written from
  // 2 MiB chunks the kernel maps zeroed and may back with transparent huge
  // pages (one fault per chunk instead of one per 4 KiB), so at most one
  // chunk is ever partly unused, whatever addresses a program touches.
  static constexpr uint64_t ChunkBytes = 2 * 1024 * 1024;
  struct Unmap {
    void operator()(uint8_t *P) const;
  };
  std::vector<std::unique_ptr<uint8_t, Unmap>> Chunks;
  uint64_t ChunkUsed = ChunkBytes; // of the last chunk
  uint8_t *newFrame();             // zeroed; nullptr if the host has no memory

  std::unordered_map<uint64_t, uint8_t *> Pages; // frames, by page number
  HostMemoryBudget *Budget = nullptr;
};

} // namespace trn::emu

#endif
