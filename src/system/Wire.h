//===- Wire.h - what passes between the ranks of a run, as bytes -*- C++ -*-===//
//
// A run spread over MPI ranks (docs/mpi.md) sends the coordinator the
// window's messages between chips and its collective joins, and gets back
// the messages for its cores. They hold pointers into the program (the
// sending instruction, its operands' access patterns), which every rank
// has its own copy of: on the wire an instruction is (engine, index) and
// an access pattern the instruction's operand number, each resolved
// against the receiving rank's copy. An observer's tag (the race
// detector's clock) travels as the observer's own bytes.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_SYSTEM_WIRE_H
#define TRN_SYSTEM_WIRE_H

#include "Machine.h"
#include "trn/emu/Fault.h"
#include "trn/support/Wire.h"

#include <span>

#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace trn::emu {

using trn::WireReader;
using trn::WireWriter;

// M, sent by a core of this rank or passing through it: its pointers are
// into the program copy of one of Local's machines (this rank's, by core;
// null: another rank's), whose observers export its tag.
void writeMessage(WireWriter &W, CoreMessage &M, std::span<Machine *const> Local);
// ... and read on the rank of Via, its pointers into Via's program.
CoreMessage readMessage(WireReader &R, Machine &Via);
// About what writeMessage writes of M (to reserve it).
uint64_t wireBytes(const CoreMessage &M);
void writeJoin(WireWriter &W, const CollectiveJoin &J, std::span<Machine *const> Local);
CollectiveJoin readJoin(WireReader &R, const Machine &Via);
void writeFault(WireWriter &W, const Fault &F);
Fault readFault(WireReader &R);

} // namespace trn::emu

#endif
