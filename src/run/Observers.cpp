//===- Observers.cpp - the observers a run is asked for -------------------===//

#include "trn/run/Observers.h"

namespace trn::run {

std::optional<RaceCheck> parseRaceCheck(std::string_view Text) {
  if (Text == "error")
    return RaceCheck::Error;
  if (Text == "warn")
    return RaceCheck::Warn;
  if (Text == "off")
    return RaceCheck::Off;
  return std::nullopt;
}

std::variant<std::unique_ptr<Observers>, std::string>
Observers::attach(emu::Emulator &E, const ObserverRequest &Req) {
  auto O = std::make_unique<Observers>();
  // The trace file first: if it cannot be created, nothing is attached.
  O->TraceOS = Req.TraceStream;
  if (Req.TracePath) {
    auto F = object::AtomicStream::create(*Req.TracePath);
    if (auto *Err = std::get_if<std::string>(&F))
      return *Err;
    O->TraceFile = std::move(std::get<std::unique_ptr<object::AtomicStream>>(F));
    O->TraceOS = &O->TraceFile->stream();
  }
  if (Req.Races != RaceCheck::Off) {
    O->Races = std::make_unique<race::RaceDetector>(E, Req.Races == RaceCheck::Error
                                                           ? race::RaceDetector::Mode::Error
                                                           : race::RaceDetector::Mode::Warn);
    E.addObserver(O->Races.get());
  }
  if (Req.Report) {
    O->Reporter = std::make_unique<trace::ReportBuilder>(E);
    E.addObserver(O->Reporter.get());
  }
  if (Req.TextTrace) {
    O->TextOS = Req.TextTrace;
    O->Text = std::make_unique<trace::TextTrace>(*O->TextOS, Req.TextPrefix);
    E.addObserver(O->Text.get());
  }
  if (O->TraceOS) {
    O->Chrome = std::make_unique<trace::ChromeTrace>(E, *O->TraceOS, Req.Chrome);
    E.addObserver(O->Chrome.get());
  }
  return O;
}

std::optional<std::string> Observers::finish() {
  if (TextOS)
    TextOS->flush();
  if (TraceFile)
    return TraceFile->commit();
  if (TraceOS)
    TraceOS->flush();
  return std::nullopt;
}

} // namespace trn::run
