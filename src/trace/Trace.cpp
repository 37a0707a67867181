//===- Trace.cpp - Chrome Trace Event / Perfetto JSON and text traces -----===//

#include "trn/trace/Trace.h"

#include "llvm/Support/raw_ostream.h"
#include "trn/trace/Report.h"

#include <fmt/format.h>

namespace trn::trace {

namespace {

constexpr int Pid = 1;
constexpr unsigned QueueTidBase = 100; // DMA queue q's track is QueueTidBase + q

double us(int64_t Ps) { return static_cast<double>(Ps) / 1e6; }

std::string sourceOf(const emu::Emulator &E, isa::Engine Eng, uint32_t Index) {
  const object::Stream &S = E.program().stream(Eng);
  return Index < S.Locs.size() ? E.program().where(S.Locs[Index]) : "";
}

uint64_t cyclesAt(const emu::Emulator &E, isa::Engine Eng, int64_t Ps) {
  return static_cast<uint64_t>(Ps) * E.chip().ClockMHz[static_cast<unsigned>(Eng)] / 1000000;
}

std::string waitedOn(const emu::Emulator &E, const emu::InstrEvent &Ev) {
  std::string Sem = fmt::format("s{}", Ev.WaitSem);
  for (const object::Semaphore &S : E.program().Semaphores)
    if (static_cast<int>(S.Index) == Ev.WaitSem)
      Sem += " (" + S.Name + ")";
  return fmt::format("{}, released by {}", Sem, senderName(Ev.ReleasedBy));
}

} // namespace

ChromeTrace::ChromeTrace(const emu::Emulator &Em, llvm::raw_ostream &OS)
    : E(Em), J(OS), AllocTouched(Em.program().Allocations.size(), false) {
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
}

void ChromeTrace::slice(unsigned Tid, const std::string &Name, int64_t StartPs, int64_t EndPs,
                        const std::function<void()> &Args) {
  J.object([&] {
    J.attribute("name", Name);
    J.attribute("ph", "X");
    J.attribute("pid", Pid);
    J.attribute("tid", Tid);
    J.attribute("ts", us(StartPs));
    J.attribute("dur", us(EndPs - StartPs));
    J.attributeObject("args", Args);
  });
}

void ChromeTrace::counter(const char *Name, int64_t Ps, double Value) {
  J.object([&] {
    J.attribute("name", Name);
    J.attribute("ph", "C");
    J.attribute("pid", Pid);
    J.attribute("ts", us(Ps));
    J.attributeObject("args", [&] { J.attribute("value", Value); });
  });
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

void ChromeTrace::instructionDone(const emu::InstrEvent &Ev) {
  const isa::Instr &I = *Ev.I;
  unsigned Tid = static_cast<unsigned>(Ev.Eng);
  if (Ev.WaitedPs > 0 && Ev.ReleasedBy.Valid) {
    // An arrow from the signal to the slice it released.
    uint64_t Id = NextFlow++;
    unsigned From = Ev.ReleasedBy.FromDma ? QueueTidBase + Ev.ReleasedBy.Queue
                                          : static_cast<unsigned>(Ev.ReleasedBy.Eng);
    J.object([&] {
      J.attribute("name", "signal");
      J.attribute("cat", "semaphore");
      J.attribute("ph", "s");
      J.attribute("id", static_cast<int64_t>(Id));
      J.attribute("pid", Pid);
      J.attribute("tid", From);
      J.attribute("ts", us(Ev.ReleasedBy.Ps - 1)); // inside the sender's slice
    });
    J.object([&] {
      J.attribute("name", "signal");
      J.attribute("cat", "semaphore");
      J.attribute("ph", "f");
      J.attribute("bp", "e");
      J.attribute("id", static_cast<int64_t>(Id));
      J.attribute("pid", Pid);
      J.attribute("tid", Tid);
      J.attribute("ts", us(Ev.StartPs));
    });
  }
  slice(Tid, I.desc().Mnemonic, Ev.StartPs, Ev.EndPs, [&] {
    J.attribute("operands", isa::print(I, {}, true));
    J.attribute("source", sourceOf(E, Ev.Eng, Ev.Index));
    J.attribute("index", static_cast<int64_t>(Ev.Index));
    J.attribute("start_cycle", static_cast<int64_t>(cyclesAt(E, Ev.Eng, Ev.StartPs)));
    J.attribute("end_cycle", static_cast<int64_t>(cyclesAt(E, Ev.Eng, Ev.EndPs)));
    J.attribute("cycles", static_cast<int64_t>(Ev.Cycles));
    J.attribute("waited_ns", Ev.WaitedPs / 1000.0);
    if (Ev.WaitedPs > 0)
      J.attribute("waited_on", waitedOn(E, Ev));
  });
  const isa::InstrDesc &D = I.desc();
  if (!D.IsDma && !D.Operands.empty() && D.Operands[0].Kind == isa::OperandKind::AccessPattern)
    touch(I.Operands[0].AP, Ev.EndPs);
}

void ChromeTrace::hbmBandwidth(int64_t Ps, double GBps) {
  if (GBps != HbmGBps)
    counter("HBM GB/s", Ps, GBps);
  HbmGBps = GBps;
}

void ChromeTrace::dmaDone(const emu::DmaEvent &Ev) {
  unsigned Tid = QueueTidBase + Ev.Queue;
  if (QueuesNamed.insert(Ev.Queue).second)
    J.object([&] {
      J.attribute("name", "thread_name");
      J.attribute("ph", "M");
      J.attribute("pid", Pid);
      J.attribute("tid", Tid);
      J.attributeObject("args", [&] {
        J.attribute("name", fmt::format("DMA q{}.{}", Ev.Queue / 16, Ev.Queue % 16));
      });
    });
  slice(Tid, "dma", Ev.StartPs, Ev.EndPs, [&] {
    J.attribute("operands", isa::print(*Ev.I, {}, true));
    J.attribute("source", sourceOf(E, Ev.Issuer, Ev.Index));
    J.attribute("triggered_by", fmt::format("{} #{}", isa::engine(Ev.Issuer).RecordName, Ev.Index));
    J.attribute("bytes", static_cast<int64_t>(Ev.Bytes));
  });
  touch(Ev.I->Operands[0].AP, Ev.EndPs);
}

void ChromeTrace::finished(int64_t EndPs) {
  (void)EndPs;
  J.arrayEnd();
  J.attributeEnd();
  J.objectEnd();
}

TextTrace::TextTrace(llvm::raw_ostream &OS) : OS(OS) {}

void TextTrace::instructionDone(const emu::InstrEvent &Ev) {
  OS << fmt::format("{:>12.3f} {:>12.3f} {:<6} {:>8} {}\n", Ev.StartPs / 1000.0, Ev.EndPs / 1000.0,
                    isa::engine(Ev.Eng).RecordName, Ev.Cycles, isa::print(*Ev.I, {}, true));
}

void TextTrace::dmaDone(const emu::DmaEvent &Ev) {
  OS << fmt::format("{:>12.3f} {:>12.3f} {:<6} {:>8} dma of {} bytes for {} #{}\n",
                    Ev.StartPs / 1000.0, Ev.EndPs / 1000.0,
                    fmt::format("q{}.{}", Ev.Queue / 16, Ev.Queue % 16), "-", Ev.Bytes,
                    isa::engine(Ev.Issuer).RecordName, Ev.Index);
}

} // namespace trn::trace
