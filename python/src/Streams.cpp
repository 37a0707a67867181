//===- Streams.cpp - files written whole for the bindings ------------------===//

#include "Streams.h"

#include "llvm/Support/FileSystem.h"

#include <fmt/format.h>
#include <pybind11/pybind11.h>

namespace trn::python {

FileOut::FileOut(std::string P) : Path(std::move(P)) {
  std::error_code EC;
  if (llvm::sys::fs::exists(Path) && !llvm::sys::fs::is_regular_file(Path)) {
    OS = std::make_unique<llvm::raw_fd_ostream>(Path, EC);
  } else {
    int FD = -1;
    llvm::SmallString<256> TempPath;
    EC = llvm::sys::fs::createUniqueFile(Path + "-%%%%%%.tmp", FD, TempPath);
    if (!EC) {
      Temp = std::string(TempPath);
      OS = std::make_unique<llvm::raw_fd_ostream>(FD, /*shouldClose=*/true);
    }
  }
  if (EC)
    throw pybind11::value_error(fmt::format("cannot write '{}': {}", Path, EC.message()));
}

FileOut::~FileOut() {
  OS.reset();
  if (!Temp.empty())
    llvm::sys::fs::remove(Temp);
}

std::optional<std::string> FileOut::keep() {
  // Closed, not destroyed: the observer writing it may outlive this call.
  OS->close();
  bool Failed = OS->has_error();
  std::string Why = Failed ? OS->error().message() : "";
  OS->clear_error();
  if (!Failed && !Temp.empty()) {
    if (std::error_code EC = llvm::sys::fs::rename(Temp, Path)) {
      Failed = true;
      Why = EC.message();
    } else {
      Temp.clear();
    }
  }
  if (Failed)
    return fmt::format("cannot write '{}': {}", Path, Why);
  return std::nullopt;
}

} // namespace trn::python
