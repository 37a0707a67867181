//===- FaultDump.h - memory as a fault left it (--dump-on-fault) -*- C++ -*-===//
//
// When a run faults, the state it stopped in is what explains it: every
// output tensor and every SBUF/PSUM allocation go to DIR/NAME.npy and the
// fault's message to DIR/fault.txt, each file whole or not at all.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_TOOL_FAULTDUMP_H
#define TRN_EMU_TOOL_FAULTDUMP_H

#include "trn/emu/Emulator.h"

#include <optional>
#include <string>

namespace trn::emutool {

// Why Dir cannot be written into (it, or the nearest of its parents that
// exists, is no writable directory), in tools::fileError's words, or
// nothing: checked before the run, so that a bad Dir is a usage error.
std::optional<std::string> checkDumpDir(const std::string &Dir);

// Creates Dir if need be and writes the dump into it; a message on failure.
std::optional<std::string> writeFaultDump(const emu::Emulator &E, const std::string &Dir,
                                          const std::string &FaultMessage);

} // namespace trn::emutool

#endif
