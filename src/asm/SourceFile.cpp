//===- SourceFile.cpp - reading source text within the budget -------------===//

#include "SourceFile.h"

#include "llvm/Support/FileSystem.h"

#include <fmt/format.h>

#include <algorithm>

namespace trn::assembler {

namespace {

const char *kindName(llvm::sys::fs::file_type T) {
  using llvm::sys::fs::file_type;
  switch (T) {
  case file_type::directory_file:
    return "a directory";
  case file_type::block_file:
  case file_type::character_file:
    return "a device";
  case file_type::fifo_file:
    return "a pipe";
  case file_type::socket_file:
    return "a socket";
  default:
    return "not a regular file";
  }
}

// Reads an open descriptor to its end in pieces, each committed first.
std::variant<std::unique_ptr<llvm::MemoryBuffer>, std::string>
readStream(int FD, const std::string &Name, HostMemoryBudget &Budget) {
  std::string Text;
  std::vector<char> Piece(64 * 1024);
  for (;;) {
    auto Got = llvm::sys::fs::readNativeFile(FD, Piece);
    if (!Got)
      return fmt::format("cannot read the file: {}", llvm::toString(Got.takeError()));
    if (*Got == 0)
      break;
    if (!Budget.tryCommit(*Got))
      return *Budget.check(*Got,
                           fmt::format("the file (more than {} read)", formatBytes(Text.size())));
    Text.append(Piece.data(), *Got);
  }
  return llvm::MemoryBuffer::getMemBufferCopy(Text, Name);
}

std::optional<std::string> commitFile(HostMemoryBudget &Budget, uint64_t Size) {
  if (auto Err = Budget.check(Size, fmt::format("the file ({})", formatBytes(Size))))
    return Err;
  Budget.commit(Size, "the file");
  return std::nullopt;
}

} // namespace

std::variant<std::unique_ptr<llvm::MemoryBuffer>, std::string>
readSourceFile(const std::string &Path, HostMemoryBudget &Budget, bool RegularOnly) {
  if (Path == "-" && !RegularOnly)
    return readStream(0, "<stdin>", Budget);
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(Path, Status))
    return fmt::format("cannot read the file: {}", EC.message());
  llvm::sys::fs::file_type Type = Status.type();
  if (Type == llvm::sys::fs::file_type::directory_file)
    return std::string("cannot read the file: it is a directory");
  if (Type != llvm::sys::fs::file_type::regular_file) {
    if (RegularOnly)
      return fmt::format("{}, not a regular file: only regular files are read as source",
                         kindName(Type));
    auto FD = llvm::sys::fs::openNativeFileForRead(Path);
    if (!FD)
      return fmt::format("cannot read the file: {}", llvm::toString(FD.takeError()));
    auto Result = readStream(*FD, Path, Budget);
    llvm::sys::fs::closeFile(*FD);
    return Result;
  }
  if (auto Err = commitFile(Budget, Status.getSize()))
    return *Err;
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return fmt::format("cannot read the file: {}", Buf.getError().message());
  // The file may have grown since its size was looked at.
  if ((*Buf)->getBufferSize() > Status.getSize())
    if (auto Err = commitFile(Budget, (*Buf)->getBufferSize() - Status.getSize()))
      return *Err;
  return std::move(*Buf);
}

uint64_t estimateTokens(llvm::StringRef Text) {
  static constexpr llvm::StringLiteral Punctuation = ",:.()[]=+-*/%<>&|^~@!\n";
  uint64_t N = 1; // the end
  bool InWord = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '#' || (C == '/' && I + 1 < Text.size() && Text[I + 1] == '/')) {
      I = std::min(Text.find('\n', I), Text.size()) - 1; // the newline counts next
      InWord = false;
    } else if (C == '"') {
      size_t End = Text.find_first_of("\"\n", I + 1);
      I = End < Text.size() && Text[End] == '"' ? End : std::min(End, Text.size()) - 1;
      ++N;
      InWord = false;
    } else if (Punctuation.contains(C)) {
      ++N;
      InWord = false;
    } else if (C == ' ' || C == '\t' || C == '\r') {
      InWord = false;
    } else {
      N += !InWord;
      InWord = true;
    }
  }
  return N;
}

} // namespace trn::assembler
