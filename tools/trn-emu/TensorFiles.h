//===- TensorFiles.h - tensors to and from .npy files, in pieces -*- C++ -*-===//
//
// A tensor can be gigabytes: --in, --out and --random-inputs move it
// between its file (or generator) and the emulated HBM a few MiB at a time,
// so that it costs the host its HBM pages and no whole copy besides.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_TOOL_TENSORFILES_H
#define TRN_EMU_TOOL_TENSORFILES_H

#include "trn/emu/Emulator.h"
#include "trn/run/Regions.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace trn::emutool {

// Sets tensor T from the .npy file at Path (its dtype and shape checked
// first, as npy::toTensor checks them); a message on failure.
std::optional<std::string> readTensorFile(emu::Emulator &E, const object::Tensor &T,
                                          const std::string &Path);

using run::Region;

// Writes each region to its .npy file ("-": standard output, written last,
// once every file is in place): every file is written whole to a
// temporary file first, and only then are they all put in place, so that a
// failure leaves every file as it was.
std::optional<std::string>
writeTensorFiles(const emu::Emulator &E, const std::vector<std::pair<Region, std::string>> &Outs);

} // namespace trn::emutool

#endif
