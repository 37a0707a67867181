//===- ViewOutputs.cpp - --profile and --html -----------------------------===//

#include "ViewOutputs.h"

#include "Files.h"
#include "trn/object/ObjectFile.h"
#include "trn/trace/Profile.h"
#include "trn/trace/Report.h"
#include "trn/view/HtmlView.h"

#include <iostream>
#include <sstream>
#include <variant>

namespace trn::emutool {

struct ViewOutputs::State {
  emu::Emulator &E;
  std::string HtmlPath, Title;
  std::unique_ptr<trace::Profiler> Prof;
  std::unique_ptr<trace::ReportBuilder> Rep;
  std::unique_ptr<view::Recorder> Rec;
  std::optional<object::AtomicFile> File;
};

ViewOutputs::ViewOutputs(emu::Emulator &E, bool Profile, std::string HtmlPath, std::string Title)
    : S(std::make_unique<State>(State{E, std::move(HtmlPath), std::move(Title), {}, {}, {}, {}})) {
  if (Profile || !S->HtmlPath.empty()) {
    S->Prof = std::make_unique<trace::Profiler>(E);
    E.addObserver(S->Prof.get());
  }
  if (!S->HtmlPath.empty()) {
    S->Rep = std::make_unique<trace::ReportBuilder>(E);
    S->Rec = std::make_unique<view::Recorder>(E);
    E.addObserver(S->Rep.get());
    E.addObserver(S->Rec.get());
  }
}

ViewOutputs::~ViewOutputs() = default;

std::optional<std::string> ViewOutputs::open() {
  if (S->HtmlPath.empty() || S->HtmlPath == "-")
    return std::nullopt;
  auto F = object::AtomicFile::create(S->HtmlPath);
  if (auto *Err = std::get_if<std::string>(&F))
    return *Err;
  S->File.emplace(std::move(std::get<object::AtomicFile>(F)));
  return std::nullopt;
}

std::optional<std::string> ViewOutputs::writeHtml(const emu::RunResult &R) {
  if (S->HtmlPath.empty())
    return std::nullopt;
  // Host time is left out: the page is the same for the same run.
  trace::Report Rep = S->Rep->build(R, 0);
  trace::Profile Prof = S->Prof->build(R);
  std::ostringstream OS;
  view::writeHtml({S->E, R, *S->Rec, Rep, Prof, S->Title}, OS);
  return writePage(std::move(OS).str());
}

std::optional<std::string> ViewOutputs::writeHtmlOfCores(const std::vector<ViewOutputs *> &Views,
                                                         const std::vector<emu::RunResult> &Rs,
                                                         const std::vector<std::string> &Names) {
  std::vector<trace::Report> Reps;
  std::vector<trace::Profile> Profs;
  for (size_t K = 0; K < Views.size(); ++K) {
    Reps.push_back(Views[K]->S->Rep->build(Rs[K], 0));
    Profs.push_back(Views[K]->S->Prof->build(Rs[K]));
  }
  std::vector<view::PageInputs> Pages;
  for (size_t K = 0; K < Views.size(); ++K) {
    const State &V = *Views[K]->S;
    Pages.push_back({V.E, Rs[K], *V.Rec, Reps[K], Profs[K], V.Title});
  }
  std::ostringstream OS;
  view::writeHtmlOfCores(Pages, Names, OS);
  return Views[0]->writePage(std::move(OS).str());
}

std::optional<std::string> ViewOutputs::writePage(std::string Page) {
  std::span Bytes(reinterpret_cast<const uint8_t *>(Page.data()), Page.size());
  if (S->HtmlPath == "-") {
    std::cout.flush();
    return tools::writeStdout(Bytes);
  }
  if (auto Err = S->File->write(Bytes))
    return Err;
  auto Err = S->File->commit();
  S->File.reset();
  return Err;
}

void ViewOutputs::printProfile(const emu::RunResult &R, std::ostream &OS) const {
  trace::printProfile(S->Prof->build(R), OS);
}

std::string ViewOutputs::profileJson(const emu::RunResult &R) const {
  std::ostringstream OS;
  trace::writeProfileJson(S->Prof->build(R), OS);
  return std::move(OS).str();
}

} // namespace trn::emutool
