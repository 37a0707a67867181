//===- ViewOutputs.h - --profile and --html ---------------------*- C++ -*-===//
//
// The views of a run that need the whole run: the profile (time per source
// line) and the HTML page. Their observers are attached before the run;
// the page's file is opened then too, so that a path that cannot be
// written is a usage error before anything runs, and it is written after
// the run, whole (temporary file, then rename), a faulting run's too.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_TOOL_VIEWOUTPUTS_H
#define TRN_EMU_TOOL_VIEWOUTPUTS_H

#include "trn/emu/Emulator.h"

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace trn::emutool {

class ViewOutputs {
public:
  // HtmlPath "" for no page, "-" for standard output. Title names the
  // program on the page.
  ViewOutputs(emu::Emulator &E, bool Profile, std::string HtmlPath, std::string Title);
  // Profile: --profile or --profile-json.
  ~ViewOutputs();
  // Opens the page's file: a message in tools::fileError's words if it
  // cannot be written.
  std::optional<std::string> open();
  // After the run: the page (any run), then nothing else.
  std::optional<std::string> writeHtml(const emu::RunResult &R);
  // After a clean run: the profile table, or its JSON.
  void printProfile(const emu::RunResult &R, std::ostream &OS) const;
  std::string profileJson(const emu::RunResult &R) const;
  // After the run on a system: one page of every core's view (each made
  // with the same HtmlPath; the first one's file, opened, is written).
  static std::optional<std::string> writeHtmlOfCores(const std::vector<ViewOutputs *> &Views,
                                                     const std::vector<emu::RunResult> &Rs,
                                                     const std::vector<std::string> &Names);

private:
  struct State;
  std::optional<std::string> writePage(std::string Page);
  std::unique_ptr<State> S;
};

} // namespace trn::emutool

#endif
