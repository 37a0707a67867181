//===- Options.cpp - what trn-emu's command line takes, read ---------------===//

#include "Options.h"

#include "Files.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "trn/support/HostMemory.h"

#include <fmt/format.h>

namespace po = boost::program_options;

namespace trn::emutool {

std::pair<std::string, std::string> nameEqualsFile(const std::string &Opt, const std::string &S) {
  size_t Eq = S.find('=');
  if (Eq == std::string::npos || Eq == 0 || Eq + 1 == S.size())
    throw UsageError{fmt::format("--{} takes NAME=FILE.npy, not '{}'", Opt, S)};
  return {S.substr(0, Eq), S.substr(Eq + 1)};
}

// A whole file, its size committed to Budget first.
std::vector<uint8_t> readFile(const std::string &Path, HostMemoryBudget &Budget) {
  if (auto Err = tools::checkReadable(Path))
    throw UsageError{*Err};
  if (Path == "-") { // a pipe: its size is known once it is read
    auto Buf = llvm::MemoryBuffer::getSTDIN();
    if (!Buf)
      throw UsageError{tools::fileError(Path, Buf.getError())};
    if (auto Err = Budget.check((*Buf)->getBufferSize(), "reading standard input"))
      throw UsageError{*Err};
    Budget.commit((*Buf)->getBufferSize(), Path);
    return std::vector<uint8_t>((*Buf)->getBufferStart(), (*Buf)->getBufferEnd());
  }
  uint64_t Size = 0;
  if (!llvm::sys::fs::file_size(Path, Size))
    if (auto Err = Budget.check(Size, fmt::format("reading '{}' ({})", Path, formatBytes(Size))))
      throw UsageError{*Err};
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false);
  if (!Buf)
    throw UsageError{tools::fileError(Path, Buf.getError())};
  Budget.commit((*Buf)->getBufferSize(), Path);
  return std::vector<uint8_t>((*Buf)->getBufferStart(), (*Buf)->getBufferEnd());
}

// A count option (--max-cycles, --max-instructions): digits only, so that
// "-1" is an error rather than 2^64 - 1.
uint64_t countOption(const po::variables_map &VM, const char *Name) {
  std::string Text = VM[Name].as<std::string>();
  auto N = parseCount(Text);
  if (!N)
    throw UsageError{
        fmt::format("--{} takes a whole number from 0 to {}, not '{}'", Name, UINT64_MAX, Text)};
  return *N;
}

// Errors but a file that cannot be read name the option and tensor the
// file was given for, as the conversion errors of --in do.
npy::Array readNpy(const char *Opt, const std::string &Name, const std::string &Path,
                   HostMemoryBudget &Budget) {
  if (auto Err = tools::checkReadable(Path))
    throw UsageError{*Err}; // as every tool words it, without the option
  std::vector<uint8_t> Bytes;
  try {
    Bytes = readFile(Path, Budget);
  } catch (const UsageError &E) {
    throw UsageError{fmt::format("--{} {}: {}", Opt, Name, E.Message)};
  }
  // The file's bytes go when it returns; the array holds their copy.
  auto A = npy::parse(Bytes);
  if (auto *Err = std::get_if<std::string>(&A))
    throw UsageError{fmt::format("--{} {}: {}: {}", Opt, Name, Path, *Err)};
  return std::get<npy::Array>(std::move(A));
}

} // namespace trn::emutool
