//===- trn/run/Observers.h - the observers a run is asked for ---*- C++ -*-===//
//
// trn-emu and the Python module attach the same observers in the same
// order: the race detector first (a race then stops the run before the
// others see the racing access), then the report, the text trace, the
// Chrome trace and any views the caller adds. The Chrome trace streams to
// a temporary file that becomes its file when the run ends, fault or not.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_RUN_OBSERVERS_H
#define TRN_RUN_OBSERVERS_H

#include "trn/emu/Emulator.h"
#include "trn/object/AtomicStream.h"
#include "trn/race/RaceDetector.h"
#include "trn/trace/Report.h"
#include "trn/trace/Trace.h"

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace trn::run {

enum class RaceCheck { Error, Warn, Off };
// "error", "warn" or "off".
std::optional<RaceCheck> parseRaceCheck(std::string_view Text);

struct ObserverRequest {
  RaceCheck Races = RaceCheck::Error;
  bool Report = false;
  std::ostream *TextTrace = nullptr;    // the text trace's lines go here
  std::ostream *TraceStream = nullptr;  // the Chrome trace streams here ...
  std::optional<std::string> TracePath; // ... or to this file, whole (not "-")
  // A core of a system (trn/trace/SystemTrace.h): its place in the Chrome
  // trace, and what starts its text trace's lines.
  trace::ChromeTraceOptions Chrome;
  std::string TextPrefix;
};

class Observers {
public:
  // Attaches what Req asks for to E (which they must not outlive); a
  // message naming the trace file if it cannot be created.
  static std::variant<std::unique_ptr<Observers>, std::string> attach(emu::Emulator &E,
                                                                      const ObserverRequest &Req);
  // After the run: flushes the traces and puts the trace file in place (a
  // faulting run's too: it ends where the run stopped).
  std::optional<std::string> finish();

  const race::RaceDetector *races() const { return Races.get(); }
  race::RaceDetector *races() { return Races.get(); }
  trace::ReportBuilder *reporter() { return Reporter.get(); }

private:
  std::unique_ptr<race::RaceDetector> Races;
  std::unique_ptr<trace::ReportBuilder> Reporter;
  std::unique_ptr<trace::TextTrace> Text;
  std::ostream *TextOS = nullptr;
  std::unique_ptr<object::AtomicStream> TraceFile;
  std::ostream *TraceOS = nullptr;
  std::unique_ptr<trace::ChromeTrace> Chrome;
};

} // namespace trn::run

#endif
