//===- trn-as - the trnemu assembler ---------------------------------------===//
//
// trn-as in.s [-o out.o] [-I DIR]... [--chip trn1|trn2|trn3] [-Werror]
//        [--max-memory SIZE] [--max-errors N]
// Exit codes: 0 success, 2 bad usage, errors in the source, or more host
// memory than --max-memory (or than the host has).
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "trn/asm/Assembler.h"
#include "trn/object/ObjectFile.h"
#include "trn/support/HostMemory.h"

#include <boost/program_options.hpp>

#include <iostream>
#include <new>

namespace po = boost::program_options;

namespace {

// What the program and the object written from it hold while both exist:
// the code and initial data twice, and the tables.
uint64_t writingBytes(const trn::object::Program &P) {
  uint64_t Bytes = 2 * P.Data.size() + 4096;
  for (const trn::object::Stream &S : P.Streams)
    Bytes += 2 * S.Code.size() + 64 * S.size();
  Bytes += 256 * (P.Tensors.size() + P.Allocations.size() + P.Semaphores.size() + P.Labels.size());
  return Bytes;
}

int run(int argc, char **argv) {
  po::options_description Visible("Usage: trn-as [options] <input.s>\nOptions");
  Visible.add_options()("help,h",
                        "print this help")("output,o", po::value<std::string>()->value_name("FILE"),
                                           "object to write (default: the input's name with .o)")(
      "include,I", po::value<std::vector<std::string>>()->value_name("DIR")->composing(),
      "search DIR for .include files")("chip", po::value<std::string>()->value_name("NAME"),
                                       "target chip: trn1, trn2 (default) or trn3")(
      "Werror", "treat warnings as errors")(
      "max-memory", po::value<std::string>()->value_name("SIZE")->default_value("4G"),
      "most host memory the source may make trn-as use, e.g. 512M (0: no limit)")(
      "max-errors", po::value<unsigned>()->value_name("N")->default_value(20),
      "stop after N errors (0: report every error)");
  po::options_description All;
  All.add(Visible).add_options()("input", po::value<std::vector<std::string>>());
  po::positional_options_description Positional;
  Positional.add("input", -1);
  po::variables_map VM;
  try {
    po::store(po::command_line_parser(argc, argv)
                  .options(All)
                  .positional(Positional)
                  .style(po::command_line_style::default_style |
                         po::command_line_style::allow_long_disguise)
                  .run(),
              VM);
    po::notify(VM);
  } catch (const po::error &E) {
    llvm::errs() << "trn-as: error: " << E.what() << "\n";
    return 2;
  }
  if (VM.count("help")) {
    std::cout << Visible << "\n";
    return 0;
  }
  if (!VM.count("input") || VM["input"].as<std::vector<std::string>>().size() != 1) {
    llvm::errs() << "trn-as: error: expected exactly one input file (try --help)\n";
    return 2;
  }
  std::string Input = VM["input"].as<std::vector<std::string>>()[0];
  trn::assembler::Options Opts;
  if (VM.count("include"))
    Opts.IncludeDirs = VM["include"].as<std::vector<std::string>>();
  Opts.WarningsAsErrors = VM.count("Werror") > 0;
  Opts.MaxErrors = VM["max-errors"].as<unsigned>();
  if (VM.count("chip")) {
    std::string Name = VM["chip"].as<std::string>();
    Opts.Chip = trn::isa::lookupChip(Name);
    if (!Opts.Chip) {
      llvm::errs() << "trn-as: error: unknown chip '" << Name << "': expected trn1, trn2 or trn3\n";
      return 2;
    }
  }
  std::string MaxMemory = VM["max-memory"].as<std::string>();
  if (auto Bytes = trn::parseByteSize(MaxMemory)) {
    Opts.MaxMemory = *Bytes;
  } else {
    llvm::errs() << "trn-as: error: --max-memory takes a size such as 512M or 4G, not '"
                 << MaxMemory << "'\n";
    return 2;
  }
  std::string Output;
  if (VM.count("output")) {
    Output = VM["output"].as<std::string>();
  } else {
    Output = Input == "-" ? "a.o" : Input;
    size_t Dot = Output.rfind('.'), Slash = Output.rfind('/');
    if (Dot != std::string::npos && (Slash == std::string::npos || Dot > Slash))
      Output.resize(Dot);
    Output += ".o";
  }

  Opts.Color = llvm::errs().has_colors();
  trn::assembler::Result R = trn::assembler::assembleFile(Input, Opts, std::cerr);
  if (R.Errors || !R.Program) {
    llvm::errs() << R.Errors << " error" << (R.Errors == 1 ? "" : "s") << " generated.\n";
    // As compilers do: a failed run leaves no object, not even a stale one.
    // (Never the input itself, should -o name it.)
    if (llvm::sys::fs::is_regular_file(Output) && !llvm::sys::fs::equivalent(Input, Output))
      llvm::sys::fs::remove(Output);
    return 2;
  }
  trn::HostMemoryBudget Budget(Opts.MaxMemory);
  if (auto Err = Budget.check(writingBytes(*R.Program), "writing the object")) {
    llvm::errs() << "trn-as: error: " << *Err << "\n";
    return 2;
  }
  std::vector<uint8_t> Bytes = trn::object::writeObject(*R.Program);
  if (auto Err = trn::object::writeFileAtomically(Output, Bytes)) {
    llvm::errs() << "trn-as: error: " << *Err << "\n";
    return 2;
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return trn::exitOnHostMemoryError("trn-as", [&] { return run(argc, argv); });
}
