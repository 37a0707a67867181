//===- TimelineFile.cpp - the --timeline-svg picture's file ---------------===//

#include "TimelineFile.h"

#include "Files.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

namespace trn::emutool {

std::optional<std::string> checkWritable(const std::string &Path) {
  if (Path == "-")
    return std::nullopt;
  llvm::sys::fs::file_status Status;
  if (!llvm::sys::fs::status(Path, Status)) {
    if (Status.type() == llvm::sys::fs::file_type::directory_file)
      return tools::fileError(Path, std::make_error_code(std::errc::is_a_directory));
    // A device or pipe (/dev/null) is written in place, as every output is
    // (src/object/AtomicFile.cpp): no temporary file is made beside it.
    if (Status.type() != llvm::sys::fs::file_type::regular_file)
      return std::nullopt;
  }
  // Where the picture's temporary file will be made: if one can be made
  // now, the rename after the run will find its folder.
  auto TF = llvm::sys::fs::TempFile::create(Path + "-%%%%%%.tmp");
  if (!TF)
    return tools::fileError(Path, llvm::errorToErrorCode(TF.takeError()));
  llvm::consumeError(TF->discard());
  return std::nullopt;
}

std::optional<std::string> writeTimeline(const trace::SvgTimeline &Svg, const std::string &Path) {
  std::string Text = Svg.svg();
  return tools::writeOutput(Path,
                            std::span(reinterpret_cast<const uint8_t *>(Text.data()), Text.size()));
}

} // namespace trn::emutool
