//===- Files.h - input and output files, as LLVM's tools treat them -*- C++ -*-===//
//
// One message for a file that cannot be read or written, LLVM's
// "TOOL: error: 'PATH': REASON", and '-' for standard input or output.
// Outputs to standard output are written only where a file would be: after
// a clean run, whole. Two outputs (or two inputs) cannot share '-'.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TOOLS_FILES_H
#define TRN_TOOLS_FILES_H

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <system_error>

namespace trn::tools {

// "'PATH': REASON", REASON as strerror gives it ("No such file or directory").
std::string fileError(const std::string &Path, const std::string &Reason);
std::string fileError(const std::string &Path, std::error_code EC);

// Why Path cannot be read, in fileError's words, or nothing. "-" (standard
// input) is always readable. A directory is refused ("Is a directory").
std::optional<std::string> checkReadable(const std::string &Path);

// The one user of standard input or output: a second one is refused with a
// message naming both ("--out y and --report-json both write to standard
// output").
class StandardStream {
public:
  explicit StandardStream(const char *Verb) : Verb(Verb) {}
  // Claims the stream for What ("--out y", "the program"), or says who has it.
  std::optional<std::string> claim(const std::string &What);
  bool claimed() const { return !Owner.empty(); }

private:
  const char *Verb; // "write to standard output"
  std::string Owner;
};

// Bytes to Path, atomically (src/object/AtomicFile.cpp); "-" to standard
// output. A message in fileError's words on failure.
std::optional<std::string> writeOutput(const std::string &Path, std::span<const uint8_t> Bytes);
// Bytes to standard output, flushed; a message if they could not be written.
std::optional<std::string> writeStdout(std::span<const uint8_t> Bytes);

} // namespace trn::tools

#endif
