//===- TimelineFile.h - the --timeline-svg picture's file -------*- C++ -*-===//
//
// The picture is drawn after the run, so that a fault can be marked on it;
// its path is checked before the run, so that a path that cannot be
// written is a usage error rather than a run thrown away.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_TOOL_TIMELINEFILE_H
#define TRN_EMU_TOOL_TIMELINEFILE_H

#include "trn/emu/Emulator.h"
#include "trn/trace/SvgTimeline.h"

#include <optional>
#include <string>

namespace trn::emutool {

// Why a file cannot be created at Path (a directory, a missing or
// read-only folder), in tools::fileError's words, or nothing. "-"
// (standard output) and devices and pipes, written in place, are not
// checked.
std::optional<std::string> checkWritable(const std::string &Path);

// Writes the picture to Path whole (a temporary file renamed), or to
// standard output for "-"; a message on failure.
std::optional<std::string> writeTimeline(const trace::SvgTimeline &Svg, const std::string &Path);

} // namespace trn::emutool

#endif
