//===- TimelineFile.cpp - the --timeline-svg picture's file ---------------===//

#include "TimelineFile.h"

#include "Files.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

namespace trn::emutool {

std::optional<std::string> checkWritable(const std::string &Path) {
  if (Path == "-")
    return std::nullopt;
  if (llvm::sys::fs::is_directory(Path))
    return tools::fileError(Path, std::make_error_code(std::errc::is_a_directory));
  // Where the picture's temporary file will be made: if one can be made
  // now, the rename after the run will find its folder.
  auto TF = llvm::sys::fs::TempFile::create(Path + "-%%%%%%.tmp");
  if (!TF)
    return tools::fileError(Path, llvm::errorToErrorCode(TF.takeError()));
  llvm::consumeError(TF->discard());
  return std::nullopt;
}

std::optional<std::string> writeTimeline(trace::SvgTimeline &Svg, const emu::RunResult &R,
                                         const std::string &Path) {
  if (R.Error)
    Svg.markFault(*R.Error);
  std::string Text = Svg.svg();
  return tools::writeOutput(Path,
                            std::span(reinterpret_cast<const uint8_t *>(Text.data()), Text.size()));
}

} // namespace trn::emutool
