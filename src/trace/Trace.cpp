//===- Trace.cpp - Chrome Trace Event / Perfetto JSON and text traces -----===//

#include "trn/trace/Trace.h"

#include "Background.h"
#include "TraceOutput.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "trn/trace/OperandName.h"
#include "trn/trace/Report.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <type_traits>

namespace trn::trace {

// By engine: the time its last record ended and a number of that end as
// text (ChromeTrace: the cycle; TextTrace: the nanoseconds).
struct EngineEnds {
  struct LastEnd {
    int64_t Ps = -1;
    OutputBuffer::Mark Text;
  };
  std::array<LastEnd, isa::NumEngines> Of;
};

// What the formatting thread calls, forwarded to the trace.
template <class T> struct SinkOf final : TraceSink {
  explicit SinkOf(T &Trace) : Trace(Trace) {}
  void formatInstr(const emu::InstrEvent &Ev) override { Trace.formatInstr(Ev); }
  void formatDma(const emu::DmaEvent &Ev) override { Trace.formatDma(Ev); }
  void formatHbm(int64_t Ps, double GBps) override {
    if constexpr (std::is_same_v<T, ChromeTrace>)
      Trace.formatHbm(Ps, GBps);
  }
  void formatIssue(isa::Engine Eng, const uint8_t *Sems, unsigned N) override {
    if constexpr (std::is_same_v<T, ChromeTrace>)
      Trace.formatIssue(Eng, Sems, N);
  }
  void formatArrival(const emu::SignalEvent &Ev, int64_t Ps) override {
    if constexpr (std::is_same_v<T, ChromeTrace>)
      Trace.formatArrival(Ev, Ps);
  }
  void formatAccess(const emu::AccessEvent &Ev) override {
    if constexpr (std::is_same_v<T, ChromeTrace>)
      Trace.formatAccess(Ev);
  }
  T &Trace;
};

namespace {

constexpr unsigned QueueTidBase = 100; // DMA queue q's track is QueueTidBase + q

std::string sourceOf(const emu::Emulator &E, isa::Engine Eng, uint32_t Index) {
  const object::Stream &S = E.program().stream(Eng);
  return Index < S.Locs.size() ? E.program().where(S.Locs[Index]) : "";
}

uint64_t cyclesAt(const emu::Emulator &E, isa::Engine Eng, int64_t Ps) {
  return static_cast<uint64_t>(Ps) * E.chip().ClockMHz[static_cast<unsigned>(Eng)] / 1000000;
}

} // namespace

ChromeTrace::ChromeTrace(const emu::Emulator &Em, std::ostream &OS, ChromeTraceOptions O)
    : E(Em), Opts(std::move(O)), PidText(std::to_string(Opts.Pid)),
      Out(std::make_unique<OutputBuffer>(OS)), Statics(isa::NumEngines), QueuesNamed(256, false),
      LastArrived(256), SemStarted(256, false), SemCounter(256), Satisfiers(isa::NumEngines),
      Occ(Em.program()), LastEnds(std::make_unique<EngineEnds>()) {
  // The header and the track names, through llvm::json as before; the
  // events that follow are appended in the same compact form by hand.
  const int Pid = static_cast<int>(Opts.Pid);
  std::string Head;
  llvm::raw_string_ostream HS(Head);
  {
    llvm::json::OStream J(HS);
    J.objectBegin();
    J.attribute("displayTimeUnit", "ns");
    J.attributeBegin("traceEvents");
    J.arrayBegin();
    auto Meta = [&](const char *Name, int Tid, const std::string &Value) {
      J.object([&] {
        J.attribute("name", Name);
        J.attribute("ph", "M");
        J.attribute("pid", Pid);
        J.attribute("tid", Tid);
        J.attributeObject("args", [&] { J.attribute("name", Value); });
      });
    };
    Meta("process_name", 0,
         Opts.ProcessName.empty() ? fmt::format("NeuronCore ({})", E.chip().Name)
                                  : Opts.ProcessName);
    if (Opts.ProcessSortIndex >= 0)
      J.object([&] {
        J.attribute("name", "process_sort_index");
        J.attribute("ph", "M");
        J.attribute("pid", Pid);
        J.attribute("tid", 0);
        J.attributeObject("args", [&] { J.attribute("sort_index", Opts.ProcessSortIndex); });
      });
    for (const isa::EngineDesc &D : isa::engines()) {
      int Tid = static_cast<int>(D.Id);
      Meta("thread_name", Tid, fmt::format("{} ({})", D.RecordName, D.Name));
      J.object([&] { // engines first, in engine order, then the DMA queues
        J.attribute("name", "thread_sort_index");
        J.attribute("ph", "M");
        J.attribute("pid", Pid);
        J.attribute("tid", Tid);
        J.attributeObject("args", [&] { J.attribute("sort_index", Tid); });
      });
    }
    // Left open: the array and the object end in finished().
  }
  HS.flush();
  if (!Opts.First) // the records alone, after another core's
    Head = "," + Head.substr(Head.find('[') + 1);
  *Out << Head;
  // The occupancy counters start at 0 (no access ends at 0: their steps
  // come later, as they become final).
  counter(jsonQuoted("SBUF bytes in use"), 0, 0);
  counter(jsonQuoted("PSUM bytes in use"), 0, 0);
  // A counter track for each semaphore the program waits on or signals,
  // from its initial value.
  std::vector<bool> Used(256, false);
  for (const isa::EngineDesc &D : isa::engines())
    for (uint32_t K = 0; const isa::Instr *I = E.instruction(D.Id, K); ++K) {
      for (const std::optional<isa::Wait> &W : I->Waits)
        if (W)
          Used[W->Sem] = true;
      if (I->Sig)
        Used[I->Sig->Sem] = true;
      const isa::InstrDesc &ID = I->desc();
      for (size_t Op = 0; Op < ID.Operands.size(); ++Op)
        if (ID.Operands[Op].Kind == isa::OperandKind::Semaphore)
          Used[static_cast<uint8_t>(I->Operands[Op].Int)] = true;
    }
  for (unsigned Sem = 0; Sem < Used.size(); ++Sem)
    if (Used[Sem])
      startSemaphore(static_cast<uint8_t>(Sem));
  Sink = std::make_unique<SinkOf<ChromeTrace>>(*this);
  Pipe = std::make_unique<BackgroundFormatter>(*Sink);
}

ChromeTrace::~ChromeTrace() = default;

void ChromeTrace::instructionDone(const emu::InstrEvent &Ev) { Pipe->instructionDone(Ev); }
void ChromeTrace::dmaDone(const emu::DmaEvent &Ev) { Pipe->dmaDone(Ev); }
void ChromeTrace::hbmBandwidth(int64_t Ps, double GBps) { Pipe->hbmBandwidth(Ps, GBps); }
bool ChromeTrace::wantsIssue(const isa::Instr &I) const {
  // core_barrier waits for its peer's update (emu/Decoded.cpp).
  return I.Op == isa::Opcode::SEM_WAIT || I.Op == isa::Opcode::CORE_BARRIER ||
         std::any_of(I.Waits.begin(), I.Waits.end(),
                     [](const std::optional<isa::Wait> &W) { return W.has_value(); });
}
void ChromeTrace::issued(const emu::IssueEvent &Ev) {
  if (Ev.NumWaits) // issued may come for others' sake
    Pipe->issued(Ev);
}
void ChromeTrace::signalArrived(const emu::SignalEvent &Ev, int64_t Ps) {
  Pipe->signalArrived(Ev, Ps);
}
void ChromeTrace::accessed(const emu::AccessEvent &Ev) { Pipe->accessed(Ev); }
void ChromeTrace::runFaulted(const emu::Fault &F, int64_t Ps) {
  Stopped = F;
  StoppedPs = Ps;
}

ChromeTrace::Static &ChromeTrace::staticOf(isa::Engine Eng, uint32_t Index, const isa::Instr &I) {
  std::vector<Static> &V = Statics[static_cast<unsigned>(Eng)];
  if (Index >= V.size())
    V.resize(Index + 1);
  Static &S = V[Index];
  if (S.I == &I)
    return S;
  S = Static{};
  S.I = &I;
  std::string Operands = jsonQuoted(isa::print(I, {}, true));
  std::string Source = jsonQuoted(sourceOf(E, Eng, Index));
  S.SliceHead = fmt::format("{{\"name\":{},\"ph\":\"X\",\"pid\":{},\"tid\":{},\"ts\":",
                            jsonQuoted(I.desc().Mnemonic), Opts.Pid, static_cast<unsigned>(Eng));
  S.ArgsHead = fmt::format(
      ",\"args\":{{\"operands\":{},\"source\":{},\"index\":{},\"start_cycle\":", Operands, Source,
      Index);
  if (I.desc().IsDma) {
    // Named by what it moves: source -> destination.
    const object::Program &P = E.program();
    S.DmaHead = fmt::format(
        "{{\"name\":{},\"ph\":\"X\",\"pid\":{},\"tid\":", jsonQuoted(transferName(P, I)), Opts.Pid);
  }
  S.DmaArgs = fmt::format(
      ",\"args\":{{\"operands\":{},\"source\":{},\"triggered_by\":{},\"bytes\":", Operands, Source,
      jsonQuoted(fmt::format("{} #{}", isa::engine(Eng).RecordName, Index)));
  return S;
}

void ChromeTrace::counter(std::string_view QuotedName, int64_t Ps, double Value) {
  char *P = Out->reserve(QuotedName.size() + 64 + 2 * MaxNumberBytes);
  P = putText(P, ",{\"name\":");
  P = putText(P, QuotedName);
  P = putText(P, ",\"ph\":\"C\",\"pid\":");
  P = putText(P, PidText);
  P = putText(P, ",\"ts\":");
  P = putMicroseconds(P, Ps);
  P = putText(P, ",\"args\":{\"value\":");
  P = putJsonDouble(P, Value);
  Out->commit(putText(P, "}}"));
}

void ChromeTrace::startSemaphore(uint8_t Sem) {
  if (SemStarted[Sem])
    return;
  SemStarted[Sem] = true;
  int32_t Initial = 0;
  std::string Name = fmt::format("semaphore s{}", Sem);
  for (const object::Semaphore &S : E.program().Semaphores)
    if (S.Index == Sem) {
      Name += " (" + S.Name + ")";
      Initial = S.Initial;
    }
  SemCounter[Sem] = jsonQuoted(Name);
  counter(SemCounter[Sem], 0, Initial);
}

void ChromeTrace::formatIssue(isa::Engine Eng, const uint8_t *Sems, unsigned N) {
  // Each wait a signal satisfied: an arrow from the last signal to reach
  // its semaphore (one per sender).
  std::vector<emu::Sender> &To = Satisfiers[static_cast<unsigned>(Eng)];
  To.clear();
  for (unsigned K = 0; K < N; ++K) {
    const emu::Sender &S = LastArrived[Sems[K]];
    auto Same = [&](const emu::Sender &O) {
      return O.FromDma == S.FromDma && O.Eng == S.Eng && O.Index == S.Index && O.Queue == S.Queue &&
             O.Ps == S.Ps;
    };
    if (S.Valid && std::none_of(To.begin(), To.end(), Same))
      To.push_back(S);
  }
}

void ChromeTrace::formatArrival(const emu::SignalEvent &Ev, int64_t Ps) {
  startSemaphore(Ev.Sem);
  LastArrived[Ev.Sem] = Ev.From;
  counter(SemCounter[Ev.Sem], Ps, Ev.Value);
  Out->recordDone();
}

char *ChromeTrace::putFlow(char *P, const emu::Sender &From, unsigned ToTid, int64_t ToPs) {
  uint64_t Id = Opts.FlowOffset + Opts.FlowStride * NextFlow++;
  unsigned FromTid = From.FromDma ? QueueTidBase + From.Queue : static_cast<unsigned>(From.Eng);
  P = putText(P, ",{\"name\":\"signal\",\"cat\":\"semaphore\",\"ph\":\"s\",\"id\":");
  P = putUInt(P, Id);
  P = putText(P, ",\"pid\":");
  // Another core's signal starts on that core's process.
  P = From.Core >= 0 ? putUInt(P, Opts.FirstPid + static_cast<unsigned>(From.Core))
                     : putText(P, PidText);
  P = putText(P, ",\"tid\":");
  P = putUInt(P, FromTid);
  P = putText(P, ",\"ts\":");
  P = putMicroseconds(P, From.Ps - 1); // inside the sender's slice
  P = putText(P, "},{\"name\":\"signal\",\"cat\":\"semaphore\",\"ph\":\"f\",\"bp\":\"e\",\"id\":");
  P = putUInt(P, Id);
  P = putText(P, ",\"pid\":");
  P = putText(P, PidText);
  P = putText(P, ",\"tid\":");
  P = putUInt(P, ToTid);
  P = putText(P, ",\"ts\":");
  P = putMicroseconds(P, ToPs);
  *P++ = '}';
  return P;
}

const std::string &ChromeTrace::waitedOn(const emu::InstrEvent &Ev) {
  const emu::Sender &R = Ev.ReleasedBy;
  uint64_t Key = uint64_t(R.Index) | uint64_t(R.Queue & 0xFF) << 32 |
                 uint64_t(static_cast<unsigned>(R.Eng) & 7) << 40 | uint64_t(R.FromDma) << 43 |
                 uint64_t(R.Valid) << 44 | uint64_t(static_cast<uint32_t>(Ev.WaitSem + 1)) << 45 |
                 uint64_t(static_cast<uint16_t>(R.Core + 1)) << 54;
  auto [It, New] = WaitedOn.try_emplace(Key);
  if (New) {
    std::string Sem = fmt::format("s{}", Ev.WaitSem);
    for (const object::Semaphore &S : E.program().Semaphores)
      if (static_cast<int>(S.Index) == Ev.WaitSem)
        Sem += " (" + S.Name + ")";
    It->second = jsonQuoted(fmt::format("{}, released by {}", Sem, senderName(R)));
  }
  return It->second;
}

void ChromeTrace::formatInstr(const emu::InstrEvent &Ev) {
  const isa::Instr &I = *Ev.I;
  unsigned Tid = static_cast<unsigned>(Ev.Eng);
  Static &S = staticOf(Ev.Eng, Ev.Index, I);
  const std::string *Waited = Ev.WaitedPs > 0 ? &waitedOn(Ev) : nullptr;
  std::vector<emu::Sender> &Flows = Satisfiers[Tid];
  // The longest this record can be: its fixed parts, each flow pair's 160
  // characters of text and every number at its longest.
  char *P = Out->reserve(S.SliceHead.size() + S.ArgsHead.size() + (Waited ? Waited->size() : 0) +
                         160 + 10 * MaxNumberBytes + Flows.size() * (160 + 4 * MaxNumberBytes));
  // Arrows from the signals that satisfied its waits.
  for (const emu::Sender &From : Flows)
    P = putFlow(P, From, Tid, Ev.StartPs);
  Flows.clear();
  *P++ = ',';
  P = putText(P, S.SliceHead);
  P = putMicroseconds(P, Ev.StartPs);
  if (S.DurPs != Ev.EndPs - Ev.StartPs) {
    S.DurPs = Ev.EndPs - Ev.StartPs;
    char Dur[MaxNumberBytes];
    S.DurArgs = ",\"dur\":";
    S.DurArgs.append(Dur, putMicroseconds(Dur, S.DurPs));
    S.DurArgs += S.ArgsHead;
  }
  P = putText(P, S.DurArgs);
  EngineEnds::LastEnd &Last = LastEnds->Of[Tid];
  char *Copied = Ev.StartPs == Last.Ps ? Out->copyMarked(P, Last.Text) : nullptr;
  P = Copied ? Copied : putUInt(P, cyclesAt(E, Ev.Eng, Ev.StartPs));
  P = putText(P, ",\"end_cycle\":");
  char *EndCycle = P;
  P = putUInt(P, cyclesAt(E, Ev.Eng, Ev.EndPs));
  Last.Ps = Ev.EndPs;
  Last.Text = Out->mark(EndCycle, P);
  if (Ev.WaitedPs == 0) {
    if (S.TailCycles != Ev.Cycles) {
      S.TailCycles = Ev.Cycles;
      char Cycles[MaxNumberBytes];
      S.Tail = ",\"cycles\":";
      S.Tail.append(Cycles, putUInt(Cycles, Ev.Cycles));
      S.Tail += ",\"waited_ns\":0}}";
    }
    Out->commit(putText(P, S.Tail));
  } else {
    P = putText(P, ",\"cycles\":");
    P = putUInt(P, Ev.Cycles);
    P = putText(P, ",\"waited_ns\":");
    P = putDecimal(P, Ev.WaitedPs, 3);
    if (Waited) {
      P = putText(P, ",\"waited_on\":");
      P = putText(P, *Waited);
    }
    Out->commit(putText(P, "}}"));
  }
  Out->recordDone();
}

void ChromeTrace::formatHbm(int64_t Ps, double GBps) {
  if (GBps != HbmGBps) {
    counter("\"HBM GB/s\"", Ps, GBps);
    Out->recordDone();
  }
  HbmGBps = GBps;
}

void ChromeTrace::formatDma(const emu::DmaEvent &Ev) {
  unsigned Tid = QueueTidBase + Ev.Queue;
  if (Ev.Queue >= QueuesNamed.size())
    QueuesNamed.resize(Ev.Queue + 1, false);
  if (!QueuesNamed[Ev.Queue]) {
    QueuesNamed[Ev.Queue] = true;
    *Out << fmt::format(",{{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":{},\"tid\":{},\"args\":{{"
                        "\"name\":{}}}}}",
                        Opts.Pid, Tid,
                        jsonQuoted(fmt::format("DMA q{}.{}", Ev.Queue / 16, Ev.Queue % 16)));
  }
  Static &S = staticOf(Ev.Issuer, Ev.Index, *Ev.I);
  char *P = Out->reserve(S.DmaHead.size() + S.DmaArgs.size() + 96 + 4 * MaxNumberBytes);
  *P++ = ',';
  P = putText(P, S.DmaHead);
  P = putUInt(P, Tid);
  P = putText(P, ",\"ts\":");
  P = putMicroseconds(P, Ev.StartPs);
  P = putText(P, ",\"dur\":");
  P = putMicroseconds(P, Ev.EndPs - Ev.StartPs);
  P = putText(P, S.DmaArgs);
  P = putUInt(P, Ev.Bytes);
  Out->commit(putText(P, "}}"));
  Out->recordDone();
}

void ChromeTrace::formatAccess(const emu::AccessEvent &Ev) {
  Occ.access(Ev, Ev.Ps);
  writeOccupancy(); // the steps that became final, if any
}

void ChromeTrace::writeOccupancy() {
  static const std::string Names[2] = {jsonQuoted("SBUF bytes in use"),
                                       jsonQuoted("PSUM bytes in use")};
  for (unsigned K = 0; K < 2; ++K) {
    const std::vector<OccupancyStep> &Steps =
        Occ.steps(K == 0 ? isa::MemSpace::SBUF : isa::MemSpace::PSUM);
    for (; OccWritten[K] < Steps.size(); ++OccWritten[K]) {
      const OccupancyStep &S = Steps[OccWritten[K]];
      counter(Names[K], S.Ps, static_cast<double>(S.Bytes));
      Out->recordDone();
    }
  }
}

void ChromeTrace::writeFault() {
  // A marker across the timeline (global scope) and, when an instruction
  // is at fault, one on its engine's track.
  std::string Name = jsonQuoted(fmt::format("fault: {}", emu::faultKindName(Stopped->Kind)));
  std::string Args =
      fmt::format("\"kind\":{},\"message\":{}", jsonQuoted(emu::faultKindName(Stopped->Kind)),
                  jsonQuoted(Stopped->Message));
  if (Stopped->Eng) {
    isa::Engine Eng = *Stopped->Eng;
    const isa::Instr *I = E.instruction(Eng, Stopped->Index);
    Args += fmt::format(",\"engine\":{},\"index\":{},\"instruction\":{},\"source\":{}",
                        jsonQuoted(isa::engine(Eng).RecordName), Stopped->Index,
                        jsonQuoted(I ? isa::print(*I, {}, true) : ""),
                        jsonQuoted(sourceOf(E, Eng, Stopped->Index)));
  }
  char Ts[MaxNumberBytes];
  std::string_view At(Ts, static_cast<size_t>(putMicroseconds(Ts, StoppedPs) - Ts));
  *Out << fmt::format(",{{\"name\":{},\"cat\":\"fault\",\"ph\":\"i\",\"s\":\"g\",\"pid\":{},"
                      "\"tid\":0,\"ts\":{},\"args\":{{{}}}}}",
                      Name, Opts.Pid, At, Args);
  if (Stopped->Eng)
    *Out << fmt::format(",{{\"name\":{},\"cat\":\"fault\",\"ph\":\"i\",\"s\":\"t\",\"pid\":{},"
                        "\"tid\":{},\"ts\":{},\"args\":{{{}}}}}",
                        Name, Opts.Pid, static_cast<unsigned>(*Stopped->Eng), At, Args);
}

void ChromeTrace::finished(int64_t EndPs) {
  (void)EndPs;
  Pipe->finish();
  Occ.finish();
  writeOccupancy();
  if (Stopped)
    writeFault();
  if (Opts.Last)
    *Out << "]}";
  Out->flush();
}

TextTrace::TextTrace(std::ostream &OS, std::string Pre)
    : Out(std::make_unique<OutputBuffer>(OS)), Prefix(std::move(Pre)), Statics(isa::NumEngines),
      LastEnds(std::make_unique<EngineEnds>()) {
  Sink = std::make_unique<SinkOf<TextTrace>>(*this);
  Pipe = std::make_unique<BackgroundFormatter>(*Sink);
}

TextTrace::~TextTrace() = default;

void TextTrace::instructionDone(const emu::InstrEvent &Ev) { Pipe->instructionDone(Ev); }
void TextTrace::dmaDone(const emu::DmaEvent &Ev) { Pipe->dmaDone(Ev); }

void TextTrace::formatInstr(const emu::InstrEvent &Ev) {
  std::vector<Static> &V = Statics[static_cast<unsigned>(Ev.Eng)];
  if (Ev.Index >= V.size())
    V.resize(Ev.Index + 1);
  Static &S = V[Ev.Index];
  if (S.I != Ev.I) {
    S.I = Ev.I;
    S.Engine = fmt::format(" {:<6} ", isa::engine(Ev.Eng).RecordName);
    S.Disassembly = ' ' + isa::print(*Ev.I, {}, true) + '\n';
    S.Cycles = ~uint64_t(0);
  }
  if (S.Cycles != Ev.Cycles) {
    // The cycles right-aligned in 8 characters ({:>8}).
    S.Cycles = Ev.Cycles;
    char Cycles[MaxNumberBytes];
    size_t Len = static_cast<size_t>(putUInt(Cycles, Ev.Cycles) - Cycles);
    S.Rest = S.Engine;
    if (Len < 8)
      S.Rest.append(8 - Len, ' ');
    S.Rest.append(Cycles, Len);
    S.Rest += S.Disassembly;
  }
  char *P = Out->reserve(Prefix.size() + S.Rest.size() + 3 * MaxNumberBytes);
  if (!Prefix.empty())
    P = putText(P, Prefix);
  EngineEnds::LastEnd &Last = LastEnds->Of[static_cast<unsigned>(Ev.Eng)];
  char *Copied = Ev.StartPs == Last.Ps ? Out->copyMarked(P, Last.Text) : nullptr;
  P = Copied ? Copied : putNanoseconds12(P, Ev.StartPs);
  *P++ = ' ';
  char *End = P;
  P = putNanoseconds12(P, Ev.EndPs);
  Last.Ps = Ev.EndPs;
  Last.Text = Out->mark(End, P);
  Out->commit(putText(P, S.Rest));
  Out->recordDone();
}

void TextTrace::formatDma(const emu::DmaEvent &Ev) {
  char *P = Out->reserve(Prefix.size() + 2 * MaxNumberBytes + 1);
  P = putText(P, Prefix);
  P = putNanoseconds12(P, Ev.StartPs);
  *P++ = ' ';
  Out->commit(putNanoseconds12(P, Ev.EndPs));
  *Out << fmt::format(" {:<6} {:>8} dma of {} bytes for {} #{}\n",
                      fmt::format("q{}.{}", Ev.Queue / 16, Ev.Queue % 16), "-", Ev.Bytes,
                      isa::engine(Ev.Issuer).RecordName, Ev.Index);
  Out->recordDone();
}

void TextTrace::runFaulted(const emu::Fault &F, int64_t Ps) {
  Stopped = F;
  StoppedPs = Ps;
}

void TextTrace::finished(int64_t EndPs) {
  (void)EndPs;
  Pipe->finish();
  if (Stopped) {
    // Where the run stopped: the fault's first line, as a last record.
    std::string_view First(Stopped->Message);
    First = First.substr(0, First.find('\n'));
    if (First.starts_with("error: "))
      First.remove_prefix(7);
    char Times[2 * MaxNumberBytes + 1];
    char *P = putNanoseconds12(Times, StoppedPs);
    *P++ = ' ';
    P = putNanoseconds12(P, StoppedPs);
    *Out << Prefix << std::string_view(Times, static_cast<size_t>(P - Times))
         << fmt::format(" {:<6} {:>8} fault ({}): {}\n",
                        Stopped->Eng ? isa::engine(*Stopped->Eng).RecordName : "-", "-",
                        emu::faultKindName(Stopped->Kind), First);
  }
  Out->flush();
}

} // namespace trn::trace
