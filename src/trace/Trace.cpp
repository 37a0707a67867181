//===- Trace.cpp - Chrome Trace Event / Perfetto JSON and text traces -----===//

#include "trn/trace/Trace.h"

#include "Background.h"
#include "TraceOutput.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "trn/trace/Report.h"

#include <fmt/format.h>

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
  T &Trace;
};

namespace {

constexpr int Pid = 1;
constexpr unsigned QueueTidBase = 100; // DMA queue q's track is QueueTidBase + q

std::string sourceOf(const emu::Emulator &E, isa::Engine Eng, uint32_t Index) {
  const object::Stream &S = E.program().stream(Eng);
  return Index < S.Locs.size() ? E.program().where(S.Locs[Index]) : "";
}

uint64_t cyclesAt(const emu::Emulator &E, isa::Engine Eng, int64_t Ps) {
  return static_cast<uint64_t>(Ps) * E.chip().ClockMHz[static_cast<unsigned>(Eng)] / 1000000;
}

} // namespace

ChromeTrace::ChromeTrace(const emu::Emulator &Em, std::ostream &OS)
    : E(Em), Out(std::make_unique<OutputBuffer>(OS)), Statics(isa::NumEngines),
      QueuesNamed(256, false), AllocTouched(Em.program().Allocations.size(), false),
      LastEnds(std::make_unique<EngineEnds>()) {
  // The header and the track names, through llvm::json as before; the
  // events that follow are appended in the same compact form by hand.
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
    Meta("process_name", 0, fmt::format("NeuronCore ({})", E.chip().Name));
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
  *Out << Head;
  Sink = std::make_unique<SinkOf<ChromeTrace>>(*this);
  Pipe = std::make_unique<BackgroundFormatter>(*Sink);
}

ChromeTrace::~ChromeTrace() = default;

void ChromeTrace::instructionDone(const emu::InstrEvent &Ev) { Pipe->instructionDone(Ev); }
void ChromeTrace::dmaDone(const emu::DmaEvent &Ev) { Pipe->dmaDone(Ev); }
void ChromeTrace::hbmBandwidth(int64_t Ps, double GBps) { Pipe->hbmBandwidth(Ps, GBps); }

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
                            jsonQuoted(I.desc().Mnemonic), Pid, static_cast<unsigned>(Eng));
  S.ArgsHead = fmt::format(
      ",\"args\":{{\"operands\":{},\"source\":{},\"index\":{},\"start_cycle\":", Operands, Source,
      Index);
  S.DmaArgs = fmt::format(
      ",\"args\":{{\"operands\":{},\"source\":{},\"triggered_by\":{},\"bytes\":", Operands, Source,
      jsonQuoted(fmt::format("{} #{}", isa::engine(Eng).RecordName, Index)));
  return S;
}

void ChromeTrace::counter(const char *Name, int64_t Ps, double Value) {
  std::string QuotedName = jsonQuoted(Name);
  char *P = Out->reserve(QuotedName.size() + 64 + 2 * MaxNumberBytes);
  P = putText(P, ",{\"name\":");
  P = putText(P, QuotedName);
  P = putText(P, ",\"ph\":\"C\",\"pid\":1,\"ts\":");
  P = putMicroseconds(P, Ps);
  P = putText(P, ",\"args\":{\"value\":");
  P = putJsonDouble(P, Value);
  Out->commit(putText(P, "}}"));
}

void ChromeTrace::touch(const isa::AccessPattern &AP, int64_t Ps) {
  if (AP.Space != isa::MemSpace::SBUF && AP.Space != isa::MemSpace::PSUM)
    return;
  const auto &Allocs = E.program().Allocations;
  for (size_t K = 0; K < Allocs.size(); ++K) {
    const object::Allocation &A = Allocs[K];
    if (AllocTouched[K] || A.Space != AP.Space || AP.Base < A.Offset ||
        AP.Base >= A.Offset + A.bytesPerPartition())
      continue;
    AllocTouched[K] = true;
    uint64_t Bytes = A.Shape[0] * A.bytesPerPartition();
    if (A.Space == isa::MemSpace::SBUF) {
      SbufTouched += Bytes;
      counter("SBUF bytes in use", Ps, static_cast<double>(SbufTouched));
    } else {
      PsumTouched += Bytes;
      counter("PSUM bytes in use", Ps, static_cast<double>(PsumTouched));
    }
  }
}

const std::string &ChromeTrace::waitedOn(const emu::InstrEvent &Ev) {
  const emu::Sender &R = Ev.ReleasedBy;
  uint64_t Key = uint64_t(R.Index) | uint64_t(R.Queue & 0xFF) << 32 |
                 uint64_t(static_cast<unsigned>(R.Eng) & 7) << 40 | uint64_t(R.FromDma) << 43 |
                 uint64_t(R.Valid) << 44 | uint64_t(static_cast<uint32_t>(Ev.WaitSem + 1)) << 45;
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
  // The longest this record can be: its fixed parts, the flow pair's 160
  // characters of text and every number at its longest.
  char *P = Out->reserve(S.SliceHead.size() + S.ArgsHead.size() + (Waited ? Waited->size() : 0) +
                         320 + 10 * MaxNumberBytes);
  if (Ev.WaitedPs > 0 && Ev.ReleasedBy.Valid) {
    // An arrow from the signal to the slice it released.
    uint64_t Id = NextFlow++;
    unsigned From = Ev.ReleasedBy.FromDma ? QueueTidBase + Ev.ReleasedBy.Queue
                                          : static_cast<unsigned>(Ev.ReleasedBy.Eng);
    P = putText(P, ",{\"name\":\"signal\",\"cat\":\"semaphore\",\"ph\":\"s\",\"id\":");
    P = putUInt(P, Id);
    P = putText(P, ",\"pid\":1,\"tid\":");
    P = putUInt(P, From);
    P = putText(P, ",\"ts\":");
    P = putMicroseconds(P, Ev.ReleasedBy.Ps - 1); // inside the sender's slice
    P = putText(P,
                "},{\"name\":\"signal\",\"cat\":\"semaphore\",\"ph\":\"f\",\"bp\":\"e\",\"id\":");
    P = putUInt(P, Id);
    P = putText(P, ",\"pid\":1,\"tid\":");
    P = putUInt(P, Tid);
    P = putText(P, ",\"ts\":");
    P = putMicroseconds(P, Ev.StartPs);
    *P++ = '}';
  }
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
  if (!S.Touched) {
    // What it touches does not depend on registers (the base is static):
    // once is enough.
    S.Touched = true;
    const isa::InstrDesc &D = I.desc();
    if (!D.IsDma && !D.Operands.empty() && D.Operands[0].Kind == isa::OperandKind::AccessPattern)
      touch(I.Operands[0].AP, Ev.EndPs);
  }
  Out->recordDone();
}

void ChromeTrace::formatHbm(int64_t Ps, double GBps) {
  if (GBps != HbmGBps) {
    counter("HBM GB/s", Ps, GBps);
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
    *Out << fmt::format(",{{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":{},\"args\":{{"
                        "\"name\":{}}}}}",
                        Tid, jsonQuoted(fmt::format("DMA q{}.{}", Ev.Queue / 16, Ev.Queue % 16)));
  }
  Static &S = staticOf(Ev.Issuer, Ev.Index, *Ev.I);
  char *P = Out->reserve(S.DmaArgs.size() + 96 + 4 * MaxNumberBytes);
  P = putText(P, ",{\"name\":\"dma\",\"ph\":\"X\",\"pid\":1,\"tid\":");
  P = putUInt(P, Tid);
  P = putText(P, ",\"ts\":");
  P = putMicroseconds(P, Ev.StartPs);
  P = putText(P, ",\"dur\":");
  P = putMicroseconds(P, Ev.EndPs - Ev.StartPs);
  P = putText(P, S.DmaArgs);
  P = putUInt(P, Ev.Bytes);
  Out->commit(putText(P, "}}"));
  touch(Ev.I->Operands[0].AP, Ev.EndPs);
  Out->recordDone();
}

void ChromeTrace::finished(int64_t EndPs) {
  (void)EndPs;
  Pipe->finish();
  *Out << "]}";
  Out->flush();
}

TextTrace::TextTrace(std::ostream &OS)
    : Out(std::make_unique<OutputBuffer>(OS)), Statics(isa::NumEngines),
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
  char *P = Out->reserve(S.Rest.size() + 3 * MaxNumberBytes);
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
  char *P = Out->reserve(2 * MaxNumberBytes + 1);
  P = putNanoseconds12(P, Ev.StartPs);
  *P++ = ' ';
  Out->commit(putNanoseconds12(P, Ev.EndPs));
  *Out << fmt::format(" {:<6} {:>8} dma of {} bytes for {} #{}\n",
                      fmt::format("q{}.{}", Ev.Queue / 16, Ev.Queue % 16), "-", Ev.Bytes,
                      isa::engine(Ev.Issuer).RecordName, Ev.Index);
  Out->recordDone();
}

void TextTrace::finished(int64_t EndPs) {
  (void)EndPs;
  Pipe->finish();
  Out->flush();
}

} // namespace trn::trace
