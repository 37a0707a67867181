//===- Streams.cpp - files written whole for the bindings ------------------===//

#include "Streams.h"

#include "llvm/Support/FileSystem.h"

#include <fmt/format.h>
#include <pybind11/pybind11.h>

#include <cerrno>

namespace trn::python {

FileOut::FileOut(std::string P) : Path(std::move(P)) {
  std::error_code EC;
  std::string Target = Path;
  if (!llvm::sys::fs::exists(Path) || llvm::sys::fs::is_regular_file(Path)) {
    llvm::SmallString<256> TempPath;
    llvm::sys::fs::createUniquePath(Path + "-%%%%%%.tmp", TempPath, /*MakeAbsolute=*/false);
    Temp = Target = std::string(TempPath);
  }
  if (!EC) {
    OS = std::make_unique<std::ofstream>(Target, std::ios::binary | std::ios::trunc);
    if (!*OS)
      EC = std::error_code(errno ? errno : EIO, std::generic_category());
  }
  if (EC) {
    Temp.clear();
    throw pybind11::value_error(fmt::format("cannot write '{}': {}", Path, EC.message()));
  }
}

FileOut::~FileOut() {
  OS.reset();
  if (!Temp.empty())
    llvm::sys::fs::remove(Temp);
}

std::optional<std::string> FileOut::keep() {
  // Closed, not destroyed: the observer writing it may outlive this call.
  OS->flush();
  bool Failed = !*OS;
  OS->close();
  Failed = Failed || !*OS;
  std::string Why = Failed ? "write error" : "";
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
