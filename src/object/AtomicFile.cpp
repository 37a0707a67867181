//===- AtomicFile.cpp - write a whole file or nothing ---------------------===//
//
// A temporary file next to the target, then rename(2), which replaces the
// target atomically within one file system: readers see the old file or the
// new one, never a partial write.
//
//===----------------------------------------------------------------------===//

#include "trn/object/ObjectFile.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace trn::object {
namespace {

// LLVM's form, as every tool words a file it cannot write:
// "'PATH': REASON" (tools/common/Files.h).
std::string failure(const std::string &Path, int Errno) {
  return fmt::format("'{}': {}", Path, std::strerror(Errno));
}

// The mode open(2) would give a new file: mkstemp makes it 0600 instead.
// umask can only be read by setting it, so set it back at once.
mode_t newFileMode() {
  mode_t Mask = umask(0);
  umask(Mask);
  return 0666 & ~Mask;
}

// Leaves errno set when it fails.
bool writeAll(int Fd, std::span<const uint8_t> Bytes) {
  while (!Bytes.empty()) {
    ssize_t N = ::write(Fd, Bytes.data(), Bytes.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      return false;
    if (N == 0) { // no progress and no error: give up rather than spin
      errno = EIO;
      return false;
    }
    Bytes = Bytes.subspan(static_cast<size_t>(N));
  }
  return true;
}

} // namespace

std::variant<AtomicFile, std::string> AtomicFile::create(const std::string &Path) {
  // A device or pipe (/dev/null, /dev/stdout, a FIFO) is written in place:
  // renaming a temporary file over it would replace the device itself.
  struct stat Info;
  if (::stat(Path.c_str(), &Info) == 0 && !S_ISREG(Info.st_mode)) {
    int Fd = ::open(Path.c_str(), O_WRONLY);
    if (Fd < 0)
      return failure(Path, errno);
    return AtomicFile(Path, "", Fd);
  }
  std::string Temp = Path + ".tmpXXXXXX";
  int Fd = mkstemp(Temp.data());
  if (Fd < 0)
    return failure(Path, errno);
  AtomicFile F(Path, Temp, Fd);
  if (fchmod(Fd, newFileMode()) != 0)
    return failure(Path, errno); // F removes the file
  return F;
}

AtomicFile::AtomicFile(AtomicFile &&O) noexcept
    : Path(std::move(O.Path)), Temp(std::move(O.Temp)), Fd(O.Fd), Failed(O.Failed) {
  O.Fd = -1;
  O.Temp.clear();
}

AtomicFile::~AtomicFile() {
  if (Fd >= 0)
    ::close(Fd);
  if (!Temp.empty())
    ::unlink(Temp.c_str());
}

std::optional<std::string> AtomicFile::write(std::span<const uint8_t> Bytes) {
  if (Fd < 0 || Failed)
    return failure(Path, EBADF);
  if (!writeAll(Fd, Bytes)) {
    Failed = true;
    return failure(Path, errno);
  }
  return std::nullopt;
}

std::optional<std::string> AtomicFile::commit() {
  if (Fd < 0 || Failed)
    return failure(Path, EBADF);
  int Closed = ::close(Fd);
  Fd = -1;
  if (Closed != 0)
    return failure(Path, errno);
  if (Temp.empty())
    return std::nullopt;
  if (std::rename(Temp.c_str(), Path.c_str()) != 0)
    return failure(Path, errno);
  Temp.clear();
  return std::nullopt;
}

std::optional<std::string> writeFileAtomically(const std::string &Path,
                                               std::span<const uint8_t> Bytes) {
  auto F = AtomicFile::create(Path);
  if (auto *Err = std::get_if<std::string>(&F))
    return *Err;
  AtomicFile &File = std::get<AtomicFile>(F);
  if (auto Err = File.write(Bytes))
    return Err;
  return File.commit();
}

} // namespace trn::object
