//===- CommandLine.h - a tool's command line, LLVM's conventions -*- C++ -*-===//
//
// Boost.Program_options parses; this adds what every trnemu tool shares:
// --help printed as LLVM's tools print it (OVERVIEW, USAGE, OPTIONS in
// groups), --version with the project's version, --color, and a
// did-you-mean for an unknown option. Exit code 2 for bad usage.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TOOLS_COMMANDLINE_H
#define TRN_TOOLS_COMMANDLINE_H

#include "Diagnostics.h"

#include <boost/program_options.hpp>

#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace trn::tools {

namespace po = boost::program_options;

constexpr int ExitUsage = 2;

struct ToolInfo {
  const char *Name;          // "trn-emu"
  const char *Overview;      // one line: what the tool does
  const char *Usage;         // after the name: "[options] <input>"
  bool ShortHelp = true;     // -h for --help (trn-objdump's -h is --section-headers)
  bool LongDisguise = false; // long options also with one dash (-Werror, -chip)
};

class Tool {
public:
  explicit Tool(ToolInfo Info);

  // A group of options, printed under its caption by --help, in the order
  // the groups were added ("Generic options" comes last).
  po::options_description_easy_init group(const char *Caption);
  // The positional arguments, as a vector<string> named "input".
  const std::vector<std::string> &inputs() const { return Inputs; }

  // Parses argv. Returns an exit code when the tool is done: 0 after --help
  // or --version, ExitUsage after a message for bad usage.
  std::optional<int> parse(int argc, char **argv);
  const po::variables_map &vm() const { return VM; }
  bool has(const char *Name) const { return VM.count(Name) > 0; }

  const ToolInfo &info() const { return Info; }
  Diagnostics &diags() { return Diags; }
  void error(const llvm::Twine &Msg) { Diags.error(Msg); }

  void printHelp(llvm::raw_ostream &OS) const;
  void printVersion(llvm::raw_ostream &OS) const;

private:
  std::string unknownOptionMessage(const std::string &Token) const;

  ToolInfo Info;
  Diagnostics Diags;
  struct Group {
    std::string Caption;
    po::options_description Options;
  };
  std::vector<const Group *> allGroups() const; // Groups, then Generic
  std::deque<Group> Groups;
  Group Generic{"Generic options", po::options_description()};
  po::variables_map VM;
  std::vector<std::string> Inputs;
};

// The closest of Candidates to Typed, if it is close enough to be what was
// meant (LLVM's OptTable: edit distance), else empty.
std::string nearestSpelling(const std::string &Typed, const std::vector<std::string> &Candidates);

} // namespace trn::tools

#endif
