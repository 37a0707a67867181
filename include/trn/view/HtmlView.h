//===- trn/view/HtmlView.h - a run as one offline HTML page -----*- C++ -*-===//
//
// trn-emu --html FILE.html: one self-contained page (its script, style and
// data inline; nothing fetched) with the timeline of every engine and DMA
// queue (zoom, pan, level of detail), what each slice waited on and the
// semaphore arrows into and out of it, counters (HBM bandwidth, semaphore
// values, SBUF and PSUM occupancy), the report as pictures, the source with the time per line, and
// the fault that ended the run. docs/html-view.md says what it shows.
//
// The Recorder watches the run and keeps what the page draws, compactly
// (about 40 bytes per instruction); writeHtml writes the page once the run
// has ended. The page's script and style live in src/view/page.{js,css,html},
// embedded at build time.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_VIEW_HTMLVIEW_H
#define TRN_VIEW_HTMLVIEW_H

#include "trn/emu/Emulator.h"
#include "trn/trace/Occupancy.h"

#include <array>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace trn::trace {
struct Report;
struct Profile;
} // namespace trn::trace

namespace trn::view {

class Recorder : public emu::Observer {
public:
  explicit Recorder(const emu::Emulator &E);
  void instructionDone(const emu::InstrEvent &Ev) override;
  void dmaDone(const emu::DmaEvent &Ev) override;
  void hbmBandwidth(int64_t Ps, double GBps) override;
  void signalArrived(const emu::SignalEvent &Ev, int64_t Ps) override;
  void issued(const emu::IssueEvent &Ev) override;
  // Footprints, for the SBUF and PSUM occupancy counters.
  void accessed(const emu::AccessEvent &Ev) override;
  bool wantsAccesses() const override { return true; }
  void finished(int64_t EndPs) override;

  // What a slice waited for: the semaphore signalled last among its
  // conditions, and who sent that signal (whether or not it stalled).
  struct Wait {
    uint32_t Slice;
    int64_t WaitedPs;
    int Sem;
    emu::Sender By;
  };
  struct Slice {
    int64_t StartPs, EndPs;
    uint32_t Index;  // the instruction (on a queue: the triggering one)
    isa::Engine Eng; // its engine (on a queue: the trigger's)
    uint64_t Bytes;  // transfers only
    uint64_t Cycles; // instructions only: on its engine's clock
  };
  struct Track {
    std::vector<Slice> Slices;
    std::vector<Wait> Waits;
  };
  const std::array<Track, isa::NumEngines> &engines() const { return Engines; }
  const std::map<unsigned, Track> &queues() const { return Queues; }
  struct Point {
    int64_t Ps;
    double Value;
  };
  const std::vector<Point> &hbm() const { return Hbm; }
  // By semaphore: its value after each signal arrived (when waits see it).
  const std::map<unsigned, std::vector<Point>> &semaphores() const { return Sems; }
  // After the run: SBUF and PSUM bytes holding a live value
  // (trn/trace/Occupancy.h defines it).
  const trace::Occupancy &occupancy() const { return *Occ; }

private:
  std::array<Track, isa::NumEngines> Engines;
  std::map<unsigned, Track> Queues; // by queue number, those used
  std::vector<Point> Hbm;
  std::map<unsigned, std::vector<Point>> Sems;
  std::unique_ptr<trace::Occupancy> Occ;
  std::vector<emu::Sender> LastSignal; // by semaphore, the last arrived
  // By engine: what released the instruction that issued last, until it
  // completes (an engine runs one instruction at a time).
  struct Pending {
    bool Valid = false;
    uint32_t Index = 0;
    int Sem = -1;
    emu::Sender By;
  };
  std::array<Pending, isa::NumEngines> Released{};
};

struct PageInputs {
  const emu::Emulator &E;
  const emu::RunResult &R;
  const Recorder &Rec;
  const trace::Report &Rep;
  const trace::Profile &Prof;
  std::string Title; // the program's name, as given
};

// The page, deterministic: the same run gives the same bytes. Source files
// named by the program's line table are read for the listing (one that
// cannot be read is listed by its profiled lines only).
void writeHtml(const PageInputs &In, std::ostream &OS);

// One page of the cores of a system (trn-emu --cores): every core's data,
// core 0's shown; a selector (named by Names, by core) shows another, at
// the address #core=K. Deterministic as writeHtml.
void writeHtmlOfCores(const std::vector<PageInputs> &Cores, const std::vector<std::string> &Names,
                      std::ostream &OS);

} // namespace trn::view

#endif
