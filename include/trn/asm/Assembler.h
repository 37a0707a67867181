//===- trn/asm/Assembler.h - assembly text to a Program ---------*- C++ -*-===//
//
// The assembly language is described in docs/assembly.md. Every mnemonic,
// operand and enum spelling comes from the generated ISA tables. Errors are
// reported clang-style through llvm::SourceMgr (file:line:col, the source
// line, a caret), recovering at the next line, up to Options::MaxErrors of
// them in one run.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_ASM_ASSEMBLER_H
#define TRN_ASM_ASSEMBLER_H

#include "trn/object/Program.h"
#include "trn/support/HostMemory.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace trn::assembler {

struct Options {
  std::vector<std::string> IncludeDirs; // searched after the including file's folder
  std::optional<isa::Chip> Chip;        // --chip; the source's .chip must agree
  bool WarningsAsErrors = false;
  // Host memory the source may make the assembler commit (source text,
  // initial data), in bytes; 0 = no limit (docs/cli.md, --max-memory).
  uint64_t MaxMemory = DefaultMaxHostMemory;
  // Run the verifier (trn/verify/Verifier.h) on every instruction: operands
  // together, and HBM operands against the declared tensors. trn-as always
  // does; only tests of the encoding alone, which assemble instructions no
  // program would hold, turn it off. Each operand alone is checked anyway.
  bool Verify = true;
  // Stop reading after this many errors (0: never), as compilers do: past
  // the first few, errors in a wrong or garbled file say nothing new.
  unsigned MaxErrors = 20;
  // Bounds on macros, .rept and .irp (docs/assembly.md, "Macros"): how deep
  // expansions may nest (a macro that calls itself stops here), and how many
  // lines and bytes all expansions together may make. Past one, assembly
  // stops with an error naming it.
  unsigned MaxExpansionDepth = 100;
  uint64_t MaxExpansionLines = 1000000;
  uint64_t MaxExpansionBytes = uint64_t(64) << 20;
  // Diagnostics in colour (ANSI escapes), as trn-as writes them to a
  // terminal.
  bool Color = false;
};

// One message the assembler printed to Diag, for callers that want its
// parts (the Python module's AssemblyError.diagnostics).
struct Diagnostic {
  enum class Severity : uint8_t { Error, Warning, Note };
  std::string File;              // as the message names it
  unsigned Line = 0, Column = 0; // 1-based; 0 = the message is about the whole file
  Severity Kind = Severity::Error;
  std::string Message; // without location, severity or the source line
};

struct Result {
  std::optional<object::Program> Program; // none if any error was reported
  unsigned Errors = 0, Warnings = 0;
  std::vector<Diagnostic> Diagnostics; // every message printed to Diag, in order
};

// Assembles the file at Path ("-" reads standard input); diagnostics are
// written to Diag.
Result assembleFile(const std::string &Path, const Options &Opts, std::ostream &Diag);
// Assembles Text as if it were the file Name.
Result assembleText(const std::string &Name, const std::string &Text, const Options &Opts,
                    std::ostream &Diag);

} // namespace trn::assembler

#endif
