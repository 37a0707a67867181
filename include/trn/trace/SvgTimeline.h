//===- trn/trace/SvgTimeline.h - a run's timeline as a picture ---*- C++ -*-===//
//
// SvgTimeline draws a run as one hand-written SVG file that needs nothing
// else (no scripts, fonts or links): a row per engine that ran an
// instruction and per DMA queue used, a slice per instruction and transfer
// coloured by engine (Palette), a time axis in ns with round ticks, row
// labels, a legend and an optional title. It is for pictures in documents;
// the Chrome trace is for exploring.
//
// Long runs are summarised while they run: slices narrower than the
// current resolution that lie closer together than it are merged into one
// (drawn paler the less of it was busy), and the resolution doubles
// whenever a row grows past a bound; the picture merges down to a pixel.
// Memory and file size stay bounded however long the run. The same run
// gives the same bytes.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TRACE_SVGTIMELINE_H
#define TRN_TRACE_SVGTIMELINE_H

#include "trn/emu/Emulator.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trn::trace {

struct SvgOptions {
  std::string Title;    // drawn above the rows when not empty
  unsigned Width = 960; // of the whole picture, in pixels (at least 320)
};

// The colours of the rows' slices (docs/cli.md): by engine in isa::Engine
// order (PE, DVE, ACT, POOL, SP), then DMA transfers and the fault marker.
struct SvgPalette {
  static const char *engine(isa::Engine E);
  static constexpr const char *Dma = "#76b7b2";
  static constexpr const char *Fault = "#e15759";
};

class SvgTimeline : public emu::CompletionObserver {
public:
  explicit SvgTimeline(const emu::Emulator &E, SvgOptions Opts = {});
  ~SvgTimeline() override;
  void instructionDone(const emu::InstrEvent &Ev) override;
  void dmaDone(const emu::DmaEvent &Ev) override;
  // The run stopped with this fault (or deadlock): a marker is drawn where
  // it stopped, on the faulting engine's row when there is one.
  void runFaulted(const emu::Fault &F, int64_t Ps) override;
  void finished(int64_t EndPs) override;

  // The picture (after the run).
  std::string svg() const;
  // One picture of the cores of a system (after the run), on one time
  // axis: each core's rows under a row naming it (Names, by core), each
  // core's fault marked across its own rows.
  static std::string svgOfCores(const std::vector<const SvgTimeline *> &Cores,
                                const std::vector<std::string> &Names, SvgOptions Opts);

  // One slice, or several merged (Count > 1; I is then null).
  struct Span {
    int64_t StartPs, EndPs;
    int64_t BusyPs; // the sum of the merged slices' lengths
    uint32_t Count;
    uint32_t Index;      // the instruction (its engine's stream), or the
                         // one that triggered the transfer
    const isa::Instr *I; // the instruction, or the DMA instruction
    uint64_t Cycles;     // an instruction's; a transfer's bytes
  };

private:
  struct Row {
    bool Dma = false;
    isa::Engine Eng = isa::Engine::PE; // the engine, or a transfer's issuer
    unsigned Queue = 0;
    std::vector<Span> Spans;
  };
  const emu::Emulator &E;
  SvgOptions Opts;
  std::vector<Row> Engines; // by engine
  std::vector<Row> Queues;  // by queue number
  int64_t ResolutionPs = 0; // merge closer and narrower than this (0: none)
  int64_t EndPs = 0;
  uint64_t Instructions = 0, Transfers = 0;
  std::optional<emu::Fault> Fault;
  int64_t FaultPs = 0;

  void add(Row &R, const Span &S);
  // Names empty: one core, no row naming it.
  static std::string draw(const std::vector<const SvgTimeline *> &Cores,
                          const std::vector<std::string> &Names, const SvgOptions &Opts);
};

// Merges, in Spans (sorted by start), each slice narrower than Res with its
// neighbour when the gap between them is narrower than Res too.
void mergeSpans(std::vector<SvgTimeline::Span> &Spans, int64_t Res);

} // namespace trn::trace

#endif
