//===- Files.cpp - input and output files, as LLVM's tools treat them -----===//

#include "Files.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "trn/object/ObjectFile.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

namespace trn::tools {

std::string fileError(const std::string &Path, const std::string &Reason) {
  return "'" + Path + "': " + Reason;
}

std::string fileError(const std::string &Path, std::error_code EC) {
  return fileError(Path, EC.message());
}

std::optional<std::string> checkReadable(const std::string &Path) {
  if (Path == "-")
    return std::nullopt;
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(Path, Status))
    return fileError(Path, EC);
  if (Status.type() == llvm::sys::fs::file_type::directory_file)
    return fileError(Path, std::make_error_code(std::errc::is_a_directory));
  // A regular file is opened to learn whether it may be; a pipe or device
  // only by its reader (opening a FIFO here could block or lose its data).
  if (Status.type() == llvm::sys::fs::file_type::regular_file) {
    int FD = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
    if (FD < 0)
      return fileError(Path, std::error_code(errno, std::generic_category()));
    ::close(FD);
  }
  return std::nullopt;
}

std::optional<std::string> StandardStream::claim(const std::string &What) {
  if (Owner.empty()) {
    Owner = What;
    return std::nullopt;
  }
  return Owner + " and " + What + " both " + Verb + " ('-'): give one of them a file";
}

std::optional<std::string> writeStdout(std::span<const uint8_t> Bytes) {
  llvm::raw_fd_ostream &OS = llvm::outs();
  OS.write(reinterpret_cast<const char *>(Bytes.data()), Bytes.size());
  OS.flush();
  if (OS.has_error()) {
    std::error_code EC = OS.error();
    OS.clear_error(); // reported here, not again by LLVM at exit
    return fileError("-", EC);
  }
  return std::nullopt;
}

std::optional<std::string> writeOutput(const std::string &Path, std::span<const uint8_t> Bytes) {
  if (Path == "-")
    return writeStdout(Bytes);
  return object::writeFileAtomically(Path, Bytes);
}

} // namespace trn::tools
