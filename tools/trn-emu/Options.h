//===- Options.h - what trn-emu's command line takes, read -----*- C++ -*-===//
//
// The pieces of trn-emu's command line that the single-core run (main.cpp)
// and the run on a system of cores (SystemRun.cpp) share: NAME=FILE
// options, files read against the host-memory budget, counts.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_TOOL_OPTIONS_H
#define TRN_EMU_TOOL_OPTIONS_H

#include "trn/npy/Npy.h"
#include "trn/support/HostMemory.h"

#include <boost/program_options.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace trn::emutool {

// Exit codes (docs/cli.md): 1 a run-time fault, 3 a --check mismatch.
constexpr int ExitFault = 1, ExitMismatch = 3;

// Bad usage or a bad input file: trn-emu says Message and exits with 2.
struct UsageError {
  std::string Message;
};

// NAME=FILE of option --Opt.
std::pair<std::string, std::string> nameEqualsFile(const std::string &Opt, const std::string &S);
// A whole file ('-': standard input), its size committed to Budget first.
std::vector<uint8_t> readFile(const std::string &Path, HostMemoryBudget &Budget);
// A count option (--max-cycles, --max-instructions): digits only.
uint64_t countOption(const boost::program_options::variables_map &VM, const char *Name);
// The .npy file given for tensor Name by option --Opt, parsed; errors name both.
npy::Array readNpy(const char *Opt, const std::string &Name, const std::string &Path,
                   HostMemoryBudget &Budget);

} // namespace trn::emutool

#endif
