//===- SystemRun.h - trn-emu on the cores of a chip -------------*- C++ -*-===//
//
// trn-emu --cores N (or --system CHIP-chip): the program on N cores of a
// chip (docs/multicore.md). A private tensor's file holds every core's
// copy, [N, shape...] (or one [shape...] that every core takes); a shared
// tensor's holds the one copy.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_TOOL_SYSTEMRUN_H
#define TRN_EMU_TOOL_SYSTEMRUN_H

#include "CommandLine.h"
#include "trn/emu/Emulator.h"
#include "trn/emu/System.h"
#include "trn/object/Program.h"

#include <ostream>
#include <string>

namespace trn::emutool {

// The options a run on a system does not take yet; the first one given, or
// nullptr.
const char *singleCoreOnlyOption(const tools::Tool &T);

// Runs P on the system Shape describes as T's command line asks; the exit code
// (throws UsageError for bad usage). Info takes what trn-emu prints itself
// (the run line, prints, check results): standard error when standard
// output carries a file.
// Path names the program (the HTML page's title). With Peers (MPI ranks,
// docs/mpi.md) this process runs its rank's chips and only rank 0 prints
// and writes files.
int runSystem(tools::Tool &T, const std::string &Path, object::Program P,
              const emu::SystemShape &Shape, const emu::RunOptions &Opts, uint64_t MaxMemory,
              std::ostream &Info, emu::SystemPeers *Peers = nullptr);

} // namespace trn::emutool

#endif
