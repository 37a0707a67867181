//===- ShadowMemory.h - who last wrote and read each byte -------*- C++ -*-===//
//
// The race detector's shadow state for one memory space, kept by ranges (as
// ThreadSanitizer keeps shadow words, but for tiles): a map of byte
// intervals, each holding a short sorted list of partition intervals, each
// holding the last write and the reads since that no later read ordered.
// Neighbours that hold the same are merged, so the state stays as small as
// the program's distinct access boundaries.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_RACE_SHADOWMEMORY_H
#define TRN_RACE_SHADOWMEMORY_H

#include "VectorClock.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <map>
#include <vector>

namespace trn::race {

inline constexpr ThreadId NoThread = ~ThreadId(0);

// One access as the shadow keeps it: the thread, its epoch and which
// operand of which instruction (RaceDetector's encoding).
struct AccessRec {
  ThreadId Tid = NoThread;
  Epoch At = 0;
  uint64_t Site = 0;
  // A read: an earlier write of the same bytes was ordered before it (it
  // read finished data), so a racing write is a reuse of the buffer.
  bool AfterWrite = false;
  bool valid() const { return Tid != NoThread; }
  bool operator==(const AccessRec &) const = default;
};

// An earlier access an access was not ordered after, and where they meet.
struct Conflict {
  AccessRec Prior;
  bool PriorWrite;
  // Of the pair's read (if any): it was ordered after an earlier write of
  // these bytes, the one the racing write replaced or replaces.
  bool ReadAfterWrite;
  uint32_t PartFirst, PartLast;
  uint64_t First, Last; // bytes
};

class ShadowMemory {
public:
  // Records an access by A.Tid (whose clock is Clock) of bytes [First, Last]
  // of partitions [PartFirst, PartLast], and appends to Out the earlier
  // accesses it conflicts with: a write not ordered before it, or for a
  // write also a read not ordered before it.
  void access(uint32_t PartFirst, uint32_t PartLast, uint64_t First, uint64_t Last,
              const AccessRec &A, bool Write, const VectorClock &Clock, std::vector<Conflict> &Out);

  size_t intervals() const { return Segs.size(); }

private:
  struct Cell {
    AccessRec Write, PrevWrite; // the last two writes
    llvm::SmallVector<AccessRec, 2> Reads;
    bool operator==(const Cell &O) const {
      return Write == O.Write && PrevWrite == O.PrevWrite && Reads == O.Reads;
    }
  };
  struct PartCell {
    uint32_t First, Last; // partitions, inclusive
    Cell C;
    bool operator==(const PartCell &) const = default;
  };
  struct Seg {
    uint64_t Last; // bytes [key, Last]
    std::vector<PartCell> Parts;
  };
  std::map<uint64_t, Seg> Segs;
  std::vector<PartCell> Scratch;

  // Merges neighbours in [From, To) that hold the same.
  void mergeEqual(std::map<uint64_t, Seg>::iterator From, std::map<uint64_t, Seg>::iterator To);
  // Makes At the first byte of a segment if a segment covers it.
  void splitAt(uint64_t At);
  void update(Seg &S, uint64_t First, uint32_t PartFirst, uint32_t PartLast, const AccessRec &A,
              bool Write, const VectorClock &Clock, std::vector<Conflict> &Out);
};

} // namespace trn::race

#endif
