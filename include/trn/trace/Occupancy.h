//===- trn/trace/Occupancy.h - on-chip bytes holding live values -*- C++ -*-===//
//
// How much of SBUF and of PSUM holds a value that is still needed, over
// the time of a run, from the accesses the emulator reports (the footprints
// of emu::AccessEvent): what the trace's and the HTML view's occupancy
// counters draw.
//
// Definition. Only the program's allocations count. Each allocation is
// tracked by byte ranges within its partitions: an access touches, in each
// allocation its partitions and its span (from its first byte to its last,
// gaps included) meet, the part of the span in the allocation, counted over
// all the allocation's partitions (Shape[0] x bytes); ranges that are always
// touched together stay one range. A range
// holds a live value from the write that starts it to the last read of it
// before the range is written again, or before the run ends:
//  - a write after a read starts a new value (the old one ended at its last
//    read); writes with no read between them (partial writes of a tile,
//    matmuls accumulating into PSUM) build one value, live from the first;
//  - a value no read reaches (never read, or overwritten before any read)
//    occupies nothing: it is dead as soon as it is written;
//  - a read of a range never written reads no value and counts for nothing.
// Times are those of the accesses: the end of the instruction or transfer
// that makes them (where the emulator reports them). Within one instruction
// or transfer, reads come before writes (an in-place update reads the old
// value, then writes the new one).
//
// Memory: a few words per allocation and range, the step function itself
// (two numbers per change of the total), and the changes not yet final.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TRACE_OCCUPANCY_H
#define TRN_TRACE_OCCUPANCY_H

#include "trn/emu/Observer.h"
#include "trn/object/Program.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace trn::trace {

// From Ps on (until the next step), Bytes are occupied.
struct OccupancyStep {
  int64_t Ps;
  uint64_t Bytes;
  bool operator==(const OccupancyStep &) const = default;
};

class Occupancy {
public:
  // P's allocations are what is tracked; P must outlive this.
  explicit Occupancy(const object::Program &P);
  ~Occupancy();
  Occupancy(const Occupancy &) = delete;
  Occupancy &operator=(const Occupancy &) = delete;

  // One access of the run at Ps (for AccessEvents: the end of their
  // instruction or transfer), in the order the run makes them (Ps never
  // decreases). HBM accesses and bytes outside every allocation are
  // ignored.
  void access(const emu::AccessEvent &Ev, int64_t Ps);
  // The run ended: values still live end at their last read. Once only;
  // no access after it.
  void finish();

  // After finish(): the occupancy of Space (SBUF or PSUM; any other space
  // has none) as a step function: Ps strictly increasing, each step's Bytes
  // different from the one before; 0 before the first step (empty if the
  // run held no live value), and the last step is back to 0. During the
  // run: the first steps, those no later access can change (so a trace can
  // write them as it goes); they grow now and then, by many at once, when
  // no value written long ago is still open.
  const std::vector<OccupancyStep> &steps(isa::MemSpace Space) const;
  // The most bytes of Space occupied at once (during the run: in steps()).
  uint64_t peak(isa::MemSpace Space) const;

private:
  struct State;
  std::unique_ptr<State> S;
};

} // namespace trn::trace

#endif
