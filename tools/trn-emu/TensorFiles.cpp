//===- TensorFiles.cpp - tensors to and from .npy files, in pieces --------===//

#include "TensorFiles.h"

#include "Files.h"
#include "llvm/Support/FileSystem.h"
#include "trn/emu/Check.h"
#include "trn/npy/Npy.h"
#include "trn/object/ObjectFile.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <span>
#include <variant>

namespace trn::emutool {

namespace {

// Elements per piece: 4 MiB of the widest dtype.
constexpr uint64_t PieceElements = uint64_t(1) << 20;

std::string cannotRead(const std::string &Path, const std::string &Why) {
  return tools::fileError(Path, Why);
}

// Reads Out.size() bytes at an offset of the file, or says why not.
using ReadAt = std::function<std::optional<std::string>(uint64_t Offset, std::span<uint8_t> Out)>;

std::optional<std::string> readTensorFile(emu::Emulator &E, const object::Tensor &T,
                                          const std::string &Path, const ReadAt &Read,
                                          uint64_t FileSize) {
  // The header: its length from the first bytes, then the whole of it.
  std::vector<uint8_t> Head(std::min<uint64_t>(FileSize, 12));
  if (auto Err = Read(0, Head))
    return Err;
  auto Length = npy::headerLength(Head, FileSize);
  if (auto *Err = std::get_if<std::string>(&Length))
    return fmt::format("{}: {}", Path, *Err);
  uint64_t HeaderBytes = std::get<uint64_t>(Length);
  if (auto Err = E.memoryBudget().check(HeaderBytes, fmt::format("the header of '{}'", Path)))
    return Err;
  Head.resize(HeaderBytes);
  if (auto Err = Read(0, Head))
    return Err;
  auto Parsed = npy::parseHeader(Head, FileSize);
  if (auto *Err = std::get_if<std::string>(&Parsed))
    return fmt::format("{}: {}", Path, *Err);
  const npy::Header &H = std::get<npy::Header>(Parsed);
  auto Conv = npy::tensorConverter(H.Descr, H.FortranOrder, H.Shape, T.Type, T.Shape);
  if (auto *Err = std::get_if<std::string>(&Conv))
    return fmt::format("{}: {}", Path, *Err);
  const npy::TensorConverter &C = std::get<npy::TensorConverter>(Conv);

  std::vector<uint8_t> In, Out;
  uint64_t Elements = T.elements();
  for (uint64_t Done = 0; Done < Elements;) {
    uint64_t N = std::min(PieceElements, Elements - Done);
    In.resize(N * C.InBytes);
    Out.resize(N * C.OutBytes);
    if (auto Err = Read(H.DataOffset + Done * C.InBytes, In))
      return Err;
    C.convert(In, Out);
    if (auto Err = E.setTensorBytes(T.Name, Done * C.OutBytes, Out))
      return Err;
    Done += N;
  }
  return std::nullopt;
}

// A pipe or device (--in x=/dev/stdin) has no size and no offsets: it is
// read whole, within the budget, then taken apart as a file would be.
std::variant<std::vector<uint8_t>, std::string>
readStream(llvm::sys::fs::file_t FD, const std::string &Path, HostMemoryBudget &Budget) {
  std::vector<uint8_t> Bytes;
  std::vector<char> Piece(1 << 20);
  for (;;) {
    auto Got = llvm::sys::fs::readNativeFile(FD, Piece);
    if (!Got)
      return cannotRead(Path, llvm::toString(Got.takeError()));
    if (*Got == 0)
      return Bytes;
    if (!Budget.tryCommit(*Got))
      return *Budget.check(
          *Got, fmt::format("reading '{}' (more than {} so far)", Path, formatBytes(Bytes.size())));
    Bytes.insert(Bytes.end(), Piece.begin(), Piece.begin() + *Got);
  }
}

// A stream's bytes, within the budget, then taken apart as a file's are.
std::optional<std::string> readTensorStream(emu::Emulator &E, const object::Tensor &T,
                                            llvm::sys::fs::file_t FD, const std::string &Path) {
  auto Bytes = readStream(FD, Path, E.memoryBudget());
  if (auto *Err = std::get_if<std::string>(&Bytes))
    return *Err;
  const std::vector<uint8_t> &All = std::get<std::vector<uint8_t>>(Bytes);
  ReadAt Read = [&](uint64_t Offset, std::span<uint8_t> Out) -> std::optional<std::string> {
    std::copy_n(All.begin() + Offset, Out.size(), Out.begin()); // within the file, by parse
    return std::nullopt;
  };
  auto Result = readTensorFile(E, T, Path, Read, All.size());
  E.memoryBudget().release(All.size());
  return Result;
}

} // namespace

std::optional<std::string> readTensorFile(emu::Emulator &E, const object::Tensor &T,
                                          const std::string &Path) {
  if (Path == "-")
    return readTensorStream(E, T, 0, Path);
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(Path, Status))
    return cannotRead(Path, EC.message());
  if (Status.type() == llvm::sys::fs::file_type::directory_file)
    return cannotRead(Path, std::make_error_code(std::errc::is_a_directory).message());
  auto FD = llvm::sys::fs::openNativeFileForRead(Path);
  if (!FD)
    return cannotRead(Path, llvm::toString(FD.takeError()));
  std::optional<std::string> Result;
  if (Status.type() == llvm::sys::fs::file_type::regular_file) {
    ReadAt Read = [&](uint64_t Offset, std::span<uint8_t> Out) -> std::optional<std::string> {
      while (!Out.empty()) {
        auto Got = llvm::sys::fs::readNativeFileSlice(
            *FD, llvm::MutableArrayRef<char>(reinterpret_cast<char *>(Out.data()), Out.size()),
            Offset);
        if (!Got)
          return cannotRead(Path, llvm::toString(Got.takeError()));
        if (*Got == 0)
          return cannotRead(Path, "the file ended early (did it change while being read?)");
        Offset += *Got;
        Out = Out.subspan(*Got);
      }
      return std::nullopt;
    };
    Result = readTensorFile(E, T, Path, Read, Status.getSize());
  } else {
    Result = readTensorStream(E, T, *FD, Path);
  }
  llvm::sys::fs::closeFile(*FD);
  return Result;
}

namespace {

// The region's .npy file: its header, then its bytes a piece at a time.
template <typename Sink>
std::optional<std::string> writeRegion(const emu::Emulator &E, const Region &R,
                                       std::vector<uint8_t> &Piece, Sink &&Write) {
  if (auto Err = Write(npy::serializeHeader(npy::descrFor(R.Type), false, R.Shape)))
    return Err;
  for (uint64_t Done = 0; Done < R.Bytes;) {
    Piece.resize(std::min<uint64_t>(R.Bytes - Done, PieceElements * 4));
    if (auto Err = run::readRegion(E, R, Done, Piece))
      return Err;
    if (auto Err = Write(std::span<const uint8_t>(Piece)))
      return Err;
    Done += Piece.size();
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string>
writeTensorFiles(const emu::Emulator &E, const std::vector<std::pair<Region, std::string>> &Outs) {
  std::vector<object::AtomicFile> Files;
  std::vector<uint8_t> Piece;
  const Region *ToStdout = nullptr;
  for (const auto &[R, Path] : Outs) {
    if (Path == "-") { // last: what is written there cannot be taken back
      ToStdout = &R;
      continue;
    }
    auto F = object::AtomicFile::create(Path);
    if (auto *Err = std::get_if<std::string>(&F))
      return *Err;
    Files.push_back(std::move(std::get<object::AtomicFile>(F)));
    object::AtomicFile &File = Files.back();
    if (auto Err =
            writeRegion(E, R, Piece, [&](std::span<const uint8_t> B) { return File.write(B); }))
      return Err;
  }
  // All whole: only now is any put in place.
  for (object::AtomicFile &File : Files)
    if (auto Err = File.commit())
      return Err;
  if (!ToStdout)
    return std::nullopt;
  return writeRegion(E, *ToStdout, Piece,
                     [](std::span<const uint8_t> B) { return tools::writeStdout(B); });
}

} // namespace trn::emutool
