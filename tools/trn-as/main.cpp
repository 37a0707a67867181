//===- trn-as - the trnemu assembler ---------------------------------------===//
//
// trn-as in.s [-o out.o] [-I DIR]... [--chip trn1|trn2|trn3|trn4] [-Werror]
//        [--max-memory SIZE] [--max-errors N]
// Exit codes: 0 success, 2 bad usage, errors in the source, or more host
// memory than --max-memory (or than the host has).
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "Files.h"
#include "llvm/Support/FileSystem.h"
#include "trn/asm/Assembler.h"
#include "trn/object/ObjectFile.h"
#include "trn/support/HostMemory.h"

#include <iostream>

namespace {

using namespace trn;
using tools::ExitUsage;
using tools::po::value;

// What the program and the object written from it hold while both exist:
// the code and initial data twice, and the tables.
uint64_t writingBytes(const object::Program &P) {
  uint64_t Bytes = 2 * P.Data.size() + 4096;
  for (const object::Stream &S : P.Streams)
    Bytes += 2 * S.Code.size() + 64 * S.size();
  Bytes += 256 * (P.Tensors.size() + P.Allocations.size() + P.Semaphores.size() + P.Labels.size());
  return Bytes;
}

// The output's default: the input's name with its extension replaced by .o.
std::string defaultOutput(const std::string &Input) {
  std::string Output = Input == "-" ? "a.o" : Input;
  size_t Dot = Output.rfind('.'), Slash = Output.rfind('/');
  if (Dot != std::string::npos && (Slash == std::string::npos || Dot > Slash))
    Output.resize(Dot);
  return Output + ".o";
}

int run(int argc, char **argv) {
  tools::Tool T({"trn-as", "the trnemu assembler: assembly source to an object file",
                 "[options] <input.s | ->", /*ShortHelp=*/true, /*LongDisguise=*/true});
  T.group("Input and output")(
      "output,o", value<std::string>()->value_name("FILE"),
      "the object to write; '-' for standard output (default: the input's name with .o, a.o for "
      "standard input)")("include,I",
                         value<std::vector<std::string>>()->value_name("DIR")->composing(),
                         "search DIR for .include files (repeatable)");
  T.group("Assembly")("chip", value<std::string>()->value_name("NAME"),
                      "target chip: trn1, trn2 (the default), trn3 or trn4")(
      "Werror", "treat warnings as errors")("max-errors",
                                            value<unsigned>()->value_name("N")->default_value(20),
                                            "stop after N errors (0: no limit)")(
      "max-memory", value<std::string>()->value_name("SIZE")->default_value("4G"),
      "most host memory the source may make trn-as use, e.g. 512M (0: no limit)");
  if (auto Exit = T.parse(argc, argv))
    return *Exit;
  if (T.inputs().size() != 1) {
    T.error("expected exactly one input file (try --help)");
    return ExitUsage;
  }
  const tools::po::variables_map &VM = T.vm();
  std::string Input = T.inputs()[0];
  assembler::Options Opts;
  if (T.has("include"))
    Opts.IncludeDirs = VM["include"].as<std::vector<std::string>>();
  Opts.WarningsAsErrors = T.has("Werror");
  Opts.MaxErrors = VM["max-errors"].as<unsigned>();
  if (T.has("chip")) {
    std::string Name = VM["chip"].as<std::string>();
    Opts.Chip = isa::lookupChip(Name);
    if (!Opts.Chip) {
      T.error("unknown chip '" + Name + "': expected trn1, trn2, trn3 or trn4");
      return ExitUsage;
    }
  }
  std::string MaxMemory = VM["max-memory"].as<std::string>();
  if (auto Bytes = parseByteSize(MaxMemory)) {
    Opts.MaxMemory = *Bytes;
  } else {
    T.error("--max-memory takes a size such as 512M or 4G, not '" + MaxMemory + "'");
    return ExitUsage;
  }
  std::string Output = T.has("output") ? VM["output"].as<std::string>() : defaultOutput(Input);
  // As compilers do: a failed run leaves no object, not even a stale one.
  // (Never the input itself, should -o name it.)
  auto Failed = [&] {
    if (Output != "-" && llvm::sys::fs::is_regular_file(Output) &&
        !llvm::sys::fs::equivalent(Input, Output))
      llvm::sys::fs::remove(Output);
    return ExitUsage;
  };
  if (auto Err = tools::checkReadable(Input)) {
    T.error(*Err);
    return Failed();
  }

  Opts.Color = T.diags().colors();
  assembler::Result R = assembler::assembleFile(Input, Opts, std::cerr);
  if (R.Errors || !R.Program) {
    T.diags().os() << R.Errors << " error" << (R.Errors == 1 ? "" : "s") << " generated.\n";
    return Failed();
  }
  HostMemoryBudget Budget(Opts.MaxMemory);
  if (auto Err = Budget.check(writingBytes(*R.Program), "writing the object")) {
    T.error(*Err);
    return ExitUsage;
  }
  if (auto Err = tools::writeOutput(Output, object::writeObject(*R.Program))) {
    T.error(*Err);
    return ExitUsage;
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return trn::exitOnHostMemoryError("trn-as", [&] { return run(argc, argv); });
}
