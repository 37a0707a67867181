//===- trn/trace/Trace.h - timelines of a run --------------------*- C++ -*-===//
//
// ChromeTrace writes the Chrome Trace Event format that ui.perfetto.dev and
// chrome://tracing open: a process for the core, a track per engine and per
// DMA queue used, a slice per instruction and per transfer (named by its
// source and destination), flow arrows from each signal to the instructions
// whose waits it satisfied, counter tracks for HBM bandwidth, each used
// semaphore's value and SBUF and PSUM occupancy (trn/trace/Occupancy.h), and
// a marker where a run stopped on a fault. Events are written as they happen
// (memory stays bounded however long the run), but for the occupancy
// counters, written when the run ends.
//
// TextTrace writes one stable line per instruction and transfer, for tests:
// start and end in ns, the engine (or DMA queue), the instruction's cycles
// on its engine's clock ("-" for transfers), and the instruction.
//
// A system of cores (trn/trace/SystemTrace.h) gives each core its own
// ChromeTrace, a process of the one file, and its own TextTrace, each line
// after the core's prefix.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TRACE_TRACE_H
#define TRN_TRACE_TRACE_H

#include "trn/emu/Emulator.h"
#include "trn/trace/Occupancy.h"

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace trn::trace {

class OutputBuffer;
class BackgroundFormatter;
class TraceSink;
struct EngineEnds;
template <class> struct SinkOf;

// Each static instruction's text is formatted once (ChromeTrace,
// TextTrace) and reused every time it executes; records are formatted on a
// second thread, in order, and output is buffered and written whole by
// finished().
// Where a core's trace goes in a file of several (a system of cores); the
// defaults are a file of one core.
struct ChromeTraceOptions {
  unsigned Pid = 1;               // this core's process
  std::string ProcessName;        // "": "NeuronCore (CHIP)"
  int ProcessSortIndex = -1;      // >= 0: a process_sort_index record
  bool First = true, Last = true; // opens the file (its head) / closes it
  // Flow ids: FlowOffset + FlowStride * n, n = 1, 2, ...: distinct across
  // the file's processes.
  uint64_t FlowStride = 1, FlowOffset = 0;
  // A signal another core sent (Sender::Core = C >= 0) starts its arrow on
  // process FirstPid + C.
  unsigned FirstPid = 1;
};

class ChromeTrace : public emu::Observer {
public:
  ChromeTrace(const emu::Emulator &E, std::ostream &OS, ChromeTraceOptions Opts = {});
  ~ChromeTrace() override;
  void instructionDone(const emu::InstrEvent &Ev) override;
  void dmaDone(const emu::DmaEvent &Ev) override;
  // Of the instructions that wait, which semaphores they waited on, for
  // the arrows; signals as they arrive, for the semaphores' values and who
  // sent them; accesses, for the occupancy.
  bool wantsIssue(const isa::Instr &I) const override;
  void issued(const emu::IssueEvent &Ev) override;
  void signalArrived(const emu::SignalEvent &Ev, int64_t Ps) override;
  bool wantsAccesses() const override { return true; }
  void accessed(const emu::AccessEvent &Ev) override;
  void hbmBandwidth(int64_t Ps, double GBps) override;
  void runFaulted(const emu::Fault &F, int64_t Ps) override;
  void finished(int64_t EndPs) override;

private:
  // The fixed parts of one static instruction's records.
  struct Static {
    const isa::Instr *I = nullptr;
    std::string SliceHead; // {"name":...,"tid":N,"ts":
    std::string ArgsHead;  // ,"args":{"operands":...,"index":N,"start_cycle":
    std::string DmaHead;   // {"name":"SRC -> DST","ph":"X","pid":1,"tid":
    std::string DmaArgs;   // ,"args":{"operands":...,"triggered_by":...,"bytes":
    // What mostly repeats from one execution to the next, formatted for
    // the last value seen: the duration (with ArgsHead after it) and the
    // cycles of an execution that did not wait (with the record's end).
    int64_t DurPs = -1;
    std::string DurArgs; // ,"dur":D,"args":{...,"start_cycle":
    uint64_t TailCycles = ~uint64_t(0);
    std::string Tail; // ,"cycles":N,"waited_ns":0}}
  };
  const emu::Emulator &E;
  ChromeTraceOptions Opts;
  std::string PidText; // Opts.Pid in decimal
  std::unique_ptr<OutputBuffer> Out;
  std::vector<std::vector<Static>> Statics;           // by engine, by index
  std::unordered_map<uint64_t, std::string> WaitedOn; // quoted, by wait and sender
  std::vector<bool> QueuesNamed;
  uint64_t NextFlow = 1;
  double HbmGBps = -1; // the last value written to the counter
  // By semaphore: who sent the last signal to reach it (for the arrows),
  // and whether its counter track has its initial value yet.
  std::vector<emu::Sender> LastArrived;
  std::vector<bool> SemStarted;
  std::vector<std::string> SemCounter; // its counter's name, quoted
  // By engine: the senders of the signals that satisfied the waits of the
  // instruction it issued last (arrows to draw when its slice is written).
  std::vector<std::vector<emu::Sender>> Satisfiers;
  // The occupancy, fed and written on the formatting thread (and last when
  // it has stopped); the fault the run stopped on, from the emulator's.
  Occupancy Occ;
  size_t OccWritten[2] = {}; // steps of SBUF, PSUM written
  std::optional<emu::Fault> Stopped;
  int64_t StoppedPs = 0;
  // By engine: the end of its last slice and that end's cycle, as text;
  // the next slice mostly starts there.
  std::unique_ptr<EngineEnds> LastEnds;

  // The formatting thread's view of this, then the thread; declared last:
  // destroyed first, so that it stops before what it formats into.
  template <class> friend struct SinkOf;
  std::unique_ptr<TraceSink> Sink;
  std::unique_ptr<BackgroundFormatter> Pipe;

  // On the formatting thread.
  void formatInstr(const emu::InstrEvent &Ev);
  void formatDma(const emu::DmaEvent &Ev);
  void formatHbm(int64_t Ps, double GBps);
  void formatIssue(isa::Engine Eng, const uint8_t *Sems, unsigned N);
  void formatArrival(const emu::SignalEvent &Ev, int64_t Ps);
  void formatAccess(const emu::AccessEvent &Ev);
  Static &staticOf(isa::Engine Eng, uint32_t Index, const isa::Instr &I);
  void counter(std::string_view QuotedName, int64_t Ps, double Value);
  void startSemaphore(uint8_t Sem);
  char *putFlow(char *P, const emu::Sender &From, unsigned ToTid, int64_t ToPs);
  const std::string &waitedOn(const emu::InstrEvent &Ev);
  // The occupancy's steps not written yet; after the formatting thread, the
  // fault marker.
  void writeOccupancy();
  void writeFault();
};

class TextTrace : public emu::Observer {
public:
  // Prefix starts every line ("core 1 " on a system of cores).
  explicit TextTrace(std::ostream &OS, std::string Prefix = "");
  ~TextTrace() override;
  void instructionDone(const emu::InstrEvent &Ev) override;
  void dmaDone(const emu::DmaEvent &Ev) override;
  // Slices come from instructionDone alone.
  bool wantsIssue(const isa::Instr &I) const override {
    (void)I;
    return false;
  }
  bool wantsSignals() const override { return false; }
  void runFaulted(const emu::Fault &F, int64_t Ps) override;
  void finished(int64_t EndPs) override;

private:
  std::unique_ptr<OutputBuffer> Out;
  std::string Prefix;
  std::optional<emu::Fault> Stopped;
  int64_t StoppedPs = 0;
  // By engine, by index: the text of the instruction's lines.
  struct Static {
    const isa::Instr *I = nullptr;
    std::string Engine;      // " PE     ": the name, padded
    std::string Disassembly; // " pe.matmul ...\n"
    // Engine, the cycles padded, and Disassembly, for the last cycles
    // seen: the line after its times.
    uint64_t Cycles = ~uint64_t(0);
    std::string Rest;
  };
  std::vector<std::vector<Static>> Statics;
  // By engine: the end of its last line, as text (the next mostly starts
  // there).
  std::unique_ptr<EngineEnds> LastEnds;
  template <class> friend struct SinkOf;
  std::unique_ptr<TraceSink> Sink; // last: see ChromeTrace
  std::unique_ptr<BackgroundFormatter> Pipe;

  // On the formatting thread.
  void formatInstr(const emu::InstrEvent &Ev);
  void formatDma(const emu::DmaEvent &Ev);
};

} // namespace trn::trace

#endif
