//===- FaultDump.cpp - memory as a fault left it (--dump-on-fault) --------===//

#include "FaultDump.h"

#include "Files.h"
#include "TensorFiles.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "trn/object/ObjectFile.h"

namespace trn::emutool {

std::optional<std::string> checkDumpDir(const std::string &Dir) {
  // The nearest part of Dir that exists must be a directory we may write
  // into; what is missing below it is created at the fault.
  llvm::SmallString<256> Path(Dir);
  while (!Path.empty() && !llvm::sys::fs::exists(Path))
    llvm::sys::path::remove_filename(Path);
  if (Path.empty())
    Path = ".";
  if (!llvm::sys::fs::is_directory(Path))
    return tools::fileError(Dir, std::make_error_code(std::errc::not_a_directory));
  if (std::error_code EC = llvm::sys::fs::access(Path, llvm::sys::fs::AccessMode::Write))
    return tools::fileError(Dir, EC);
  return std::nullopt;
}

std::optional<std::string> writeFaultDump(const emu::Emulator &E, const std::string &Dir,
                                          const std::string &FaultMessage) {
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return tools::fileError(Dir, EC);
  auto In = [&](const std::string &File) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, File);
    return std::string(Path);
  };
  std::vector<std::pair<Region, std::string>> Files;
  for (Region &R : run::faultDumpRegions(E.program()))
    Files.push_back({R, In(R.Name + ".npy")});
  if (auto Err = writeTensorFiles(E, Files))
    return Err;
  std::string Text = FaultMessage + "\n";
  return object::writeFileAtomically(
      In("fault.txt"), std::span(reinterpret_cast<const uint8_t *>(Text.data()), Text.size()));
}

} // namespace trn::emutool
