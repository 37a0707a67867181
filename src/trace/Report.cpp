//===- Report.cpp - the utilization report --------------------------------===//

#include "trn/trace/Report.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_os_ostream.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <algorithm>

namespace trn::trace {

namespace {

uint64_t apBytes(const isa::AccessPattern &AP) {
  return uint64_t(AP.NumPartitions) * AP.elementsPerPartition() * isa::dtype(AP.Type).StorageBytes;
}

// Peak FLOP/s of TensorE for an input dtype on this chip: the plain-matmul
// mode that lists the dtype.
double peakFlops(const isa::ChipDesc &C, isa::DType T) {
  for (const isa::PeModeDesc &M : C.PeModes)
    if (!*M.Form && (M.TypeMask >> static_cast<unsigned>(T) & 1))
      return 2.0 * M.MacsPerCycle * C.ClockMHz[static_cast<unsigned>(isa::Engine::PE)] * 1e6;
  return 0;
}

} // namespace

std::string senderName(const emu::Sender &S) {
  if (!S.Valid)
    return "its initial value";
  if (S.FromDma)
    return fmt::format("DMA q{}.{} ({} #{})", S.Queue / 16, S.Queue % 16,
                       isa::engine(S.Eng).RecordName, S.Index);
  return fmt::format("{} #{}", isa::engine(S.Eng).RecordName, S.Index);
}

ReportBuilder::ReportBuilder(const emu::Emulator &E) : E(E) {
  for (const isa::EngineDesc &D : isa::engines())
    Partial.Engines[static_cast<unsigned>(D.Id)].Name =
        fmt::format("{} ({})", D.RecordName, D.Name);
}

ReportBuilder::StaticWork ReportBuilder::workFor(const isa::Instr &I) const {
  StaticWork W;
  W.I = &I;
  const isa::InstrDesc &D = I.desc();
  if (D.IsDma || D.IsSequencer)
    return W;
  if (I.Op == isa::Opcode::MATMUL || I.Op == isa::Opcode::MULTIPLY_MOVING) {
    const isa::Operand *Mov = I.operand("moving"), *Dst = I.operand("dst");
    const isa::Operand *Transpose = I.operand("transpose");
    if (Mov && Dst && !(Transpose && Transpose->Int)) {
      W.K = StaticWork::Kind::Matmul;
      W.Flops = 2 * uint64_t(Mov->AP.NumPartitions) * Dst->AP.NumPartitions *
                Mov->AP.elementsPerPartition();
      double Peak = peakFlops(E.chip(), Mov->AP.Type);
      if (Peak > 0)
        W.PeakTime = static_cast<double>(W.Flops) / Peak;
    }
    return W;
  }
  if (!D.Operands.empty() && D.Operands[0].Kind == isa::OperandKind::AccessPattern) {
    W.K = StaticWork::Kind::Elementwise;
    W.Flops = uint64_t(I.Operands[0].AP.NumPartitions) * I.Operands[0].AP.elementsPerPartition();
  }
  return W;
}

const ReportBuilder::StaticWork &ReportBuilder::workOf(const emu::InstrEvent &Ev) {
  std::vector<StaticWork> &V = Work[static_cast<unsigned>(Ev.Eng)];
  if (Ev.Index >= V.size())
    V.resize(Ev.Index + 1);
  StaticWork &W = V[Ev.Index];
  if (W.I != Ev.I)
    W = workFor(*Ev.I);
  return W;
}

bool ReportBuilder::wantsInstructionDone(const isa::Instr &I) const {
  return I.Op == isa::Opcode::MATMUL || I.Op == isa::Opcode::MULTIPLY_MOVING;
}

// Only matmuls need their events: the peak-time sum, not an integer, must be
// added in the order they ran to give the same bits. (Other instructions'
// events, delivered for another observer, add nothing here.)
void ReportBuilder::instructionDone(const emu::InstrEvent &Ev) {
  if (!wantsInstructionDone(*Ev.I))
    return;
  const StaticWork &W = workOf(Ev);
  if (W.K == StaticWork::Kind::Matmul) {
    Partial.MatmulFlops += static_cast<double>(W.Flops);
    if (W.PeakTime >= 0)
      Partial.PeakFlopTime += W.PeakTime;
  }
}

void ReportBuilder::stalled(const emu::StallEvent &Ev) {
  const emu::Sender &S = Ev.ReleasedBy;
  // A loop's wait is usually released by the same signal as last time.
  LastStall &Last = LastStalls[static_cast<unsigned>(Ev.Eng)];
  if (Last.Total && Last.WaitSem == Ev.WaitSem && Last.By.Index == S.Index &&
      Last.By.Eng == S.Eng && Last.By.Queue == S.Queue && Last.By.FromDma == S.FromDma &&
      Last.By.Valid == S.Valid) {
    *Last.Total += Ev.WaitedPs;
    return;
  }
  EngineReport &R = Partial.Engines[static_cast<unsigned>(Ev.Eng)];
  uint64_t Key = uint64_t(S.Index) | uint64_t(S.Queue & 0xFF) << 32 |
                 uint64_t(static_cast<unsigned>(S.Eng) & 7) << 40 | uint64_t(S.FromDma) << 43 |
                 uint64_t(S.Valid) << 44 | uint64_t(static_cast<uint32_t>(Ev.WaitSem + 1)) << 45 |
                 uint64_t(static_cast<unsigned>(Ev.Eng) & 7) << 61;
  {
    auto [It, New] = StallCause.try_emplace(Key, nullptr);
    if (New) {
      std::string Sem = Ev.WaitSem < 0 ? "?" : fmt::format("s{}", Ev.WaitSem);
      for (const object::Semaphore &X : E.program().Semaphores)
        if (static_cast<int>(X.Index) == Ev.WaitSem)
          Sem += " (" + X.Name + ")";
      It->second = &R.StalledOn[fmt::format("{}, last signalled by {}", Sem, senderName(S))];
    }
    Last = {Ev.WaitSem, S, It->second};
  }
  *Last.Total += Ev.WaitedPs;
}

unsigned __int128 ReportBuilder::flopsOf(isa::Engine Eng) const {
  unsigned __int128 Sum = 0;
  for (uint32_t Index = 0; const isa::Instr *I = E.instruction(Eng, Index); ++Index)
    if (uint64_t N = E.executions(Eng, Index))
      Sum += static_cast<unsigned __int128>(N) * workFor(*I).Flops;
  return Sum;
}

void ReportBuilder::dmaDone(const emu::DmaEvent &Ev) {
  ++Partial.DmaTransfers;
  Partial.DmaBytes += Ev.Bytes;
  const isa::Instr &I = *Ev.I;
  if (Ev.HbmRead)
    Partial.HbmReadBytes += apBytes(I.Operands[1].AP);
  if (Ev.HbmWrite)
    Partial.HbmWriteBytes += apBytes(I.Operands[0].AP);
  QueueReport &Q = Queues[Ev.Queue];
  Q.Queue = Ev.Queue;
  ++Q.Transfers;
  Q.Bytes += Ev.Bytes;
  Q.BusyPs += Ev.EndPs - Ev.StartPs;
}

Report ReportBuilder::build(const emu::RunResult &R, double HostSeconds) const {
  Report Out = Partial;
  // The engines' figures as the run kept them (those of the instructions
  // that completed: in a run that ended well, every one that issued).
  unsigned __int128 Flops = 0;
  for (unsigned K = 0; K < isa::NumEngines; ++K) {
    EngineReport &ER = Out.Engines[K];
    ER.Instructions = R.Engines[K].Instructions;
    ER.ActivePs = R.Engines[K].BusyPs;
    ER.StalledPs = R.Engines[K].WaitPs;
    Flops += flopsOf(static_cast<isa::Engine>(K));
  }
  // Every term is an integer: below 2^53 every partial sum was exact, so
  // this is the sum added one instruction at a time. (Above, a host rate
  // only, measured anyway, could differ in its last bits.)
  Out.EmulatedFlops = static_cast<double>(Flops);
  Out.Chip = E.chip().Name;
  Out.TotalPs = R.TimePs;
  Out.Cycles = R.Cycles;
  Out.Instructions = R.Instructions;
  Out.DmaActivePs = R.DmaActivePs;
  Out.Mfu = R.TimePs > 0 ? Out.PeakFlopTime / (R.TimePs * 1e-12) : 0;
  Out.HbmGBps = R.TimePs > 0 ? (Out.HbmReadBytes + Out.HbmWriteBytes) / (R.TimePs * 1e-3) : 0;
  for (const auto &[Q, QR] : Queues)
    Out.Queues.push_back(QR);
  Out.HostSeconds = HostSeconds;
  return Out;
}

namespace {

double pct(int64_t Part, int64_t Whole) { return Whole > 0 ? 100.0 * Part / Whole : 0; }
double ns(int64_t Ps) { return Ps / 1000.0; }

} // namespace

void printReport(const Report &R, std::ostream &Out) {
  llvm::raw_os_ostream OS(Out);
  OS << fmt::format("Report ({}): total {:.3f} ns, {} PE cycles, {} instructions\n\n", R.Chip,
                    ns(R.TotalPs), R.Cycles, R.Instructions);
  OS << fmt::format("{:<14} {:>8} {:>14} {:>8} {:>14} {:>8}\n", "engine", "instrs", "active ns",
                    "active", "stalled ns", "stalled");
  for (const EngineReport &E : R.Engines) {
    OS << fmt::format("{:<14} {:>8} {:>14.3f} {:>7.1f}% {:>14.3f} {:>7.1f}%\n", E.Name,
                      E.Instructions, ns(E.ActivePs), pct(E.ActivePs, R.TotalPs), ns(E.StalledPs),
                      pct(E.StalledPs, R.TotalPs));
    std::vector<std::pair<std::string, int64_t>> Causes(E.StalledOn.begin(), E.StalledOn.end());
    // Longest first; equal times by name (each name is there once).
    std::sort(Causes.begin(), Causes.end(), [](const auto &A, const auto &B) {
      return A.second != B.second ? A.second > B.second : A.first < B.first;
    });
    for (const auto &[Cause, Ps] : Causes)
      OS << fmt::format("    waiting {:.3f} ns on {}\n", ns(Ps), Cause);
  }
  OS << fmt::format("\nMFU: {:.2f}% ({:.6g} useful TensorE FLOP)\n", 100 * R.Mfu, R.MatmulFlops);
  OS << fmt::format("HBM: {} bytes read, {} bytes written, {:.2f} GB/s achieved\n", R.HbmReadBytes,
                    R.HbmWriteBytes, R.HbmGBps);
  OS << fmt::format("DMA: {} transfers, {} bytes (average {:.0f}), active {:.3f} ns ({:.1f}%)\n",
                    R.DmaTransfers, R.DmaBytes,
                    R.DmaTransfers ? double(R.DmaBytes) / R.DmaTransfers : 0.0, ns(R.DmaActivePs),
                    pct(R.DmaActivePs, R.TotalPs));
  for (const QueueReport &Q : R.Queues)
    OS << fmt::format("    queue q{}.{}: {} transfers, {} bytes, busy {:.3f} ns ({:.1f}%)\n",
                      Q.Queue / 16, Q.Queue % 16, Q.Transfers, Q.Bytes, ns(Q.BusyPs),
                      pct(Q.BusyPs, R.TotalPs));
  double Secs = R.HostSeconds > 0 ? R.HostSeconds : 1e-9;
  OS << fmt::format("Host: {:.3f} s, {:.4g} simulated instructions/s, {:.4g} emulated FLOP/s\n",
                    R.HostSeconds, R.Instructions / Secs, R.EmulatedFlops / Secs);
}

void writeReportJson(const Report &R, std::ostream &Out) {
  llvm::raw_os_ostream OS(Out);
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("chip", R.Chip);
    J.attribute("total_time_ns", ns(R.TotalPs));
    J.attribute("neuroncore_cycle_count", static_cast<int64_t>(R.Cycles));
    J.attribute("instruction_count", static_cast<int64_t>(R.Instructions));
    J.attributeArray("engines", [&] {
      for (const EngineReport &E : R.Engines)
        J.object([&] {
          J.attribute("engine", E.Name);
          J.attribute("instruction_count", static_cast<int64_t>(E.Instructions));
          J.attribute("active_time_ns", ns(E.ActivePs));
          J.attribute("active_time_percent", pct(E.ActivePs, R.TotalPs));
          J.attribute("stalled_time_ns", ns(E.StalledPs));
          J.attributeArray("stalls", [&] {
            for (const auto &[Cause, Ps] : E.StalledOn)
              J.object([&] {
                J.attribute("waiting_on", Cause);
                J.attribute("time_ns", ns(Ps));
              });
          });
        });
    });
    J.attribute("mfu_estimated_percent", 100 * R.Mfu);
    J.attribute("model_flops", R.MatmulFlops);
    J.attribute("hbm_read_bytes", static_cast<int64_t>(R.HbmReadBytes));
    J.attribute("hbm_write_bytes", static_cast<int64_t>(R.HbmWriteBytes));
    J.attribute("hbm_achieved_gbps", R.HbmGBps);
    J.attribute("dma_transfer_count", static_cast<int64_t>(R.DmaTransfers));
    J.attribute("dma_total_bytes", static_cast<int64_t>(R.DmaBytes));
    J.attribute("dma_average_bytes", R.DmaTransfers ? double(R.DmaBytes) / R.DmaTransfers : 0.0);
    J.attribute("dma_active_time_ns", ns(R.DmaActivePs));
    J.attribute("dma_active_time_percent", pct(R.DmaActivePs, R.TotalPs));
    J.attributeArray("dma_queues", [&] {
      for (const QueueReport &Q : R.Queues)
        J.object([&] {
          J.attribute("queue", fmt::format("q{}.{}", Q.Queue / 16, Q.Queue % 16));
          J.attribute("transfer_count", static_cast<int64_t>(Q.Transfers));
          J.attribute("bytes", static_cast<int64_t>(Q.Bytes));
          J.attribute("busy_time_ns", ns(Q.BusyPs));
        });
    });
    J.attributeObject("host", [&] {
      double Secs = R.HostSeconds > 0 ? R.HostSeconds : 1e-9;
      J.attribute("seconds", R.HostSeconds);
      J.attribute("simulated_instructions_per_second", R.Instructions / Secs);
      J.attribute("emulated_flops_per_second", R.EmulatedFlops / Secs);
    });
  });
  OS << "\n";
}

} // namespace trn::trace
