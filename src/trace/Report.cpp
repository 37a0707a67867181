//===- Report.cpp - the utilization report --------------------------------===//

#include "trn/trace/Report.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_os_ostream.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

namespace trn::trace {

namespace {

uint64_t apBytes(const isa::AccessPattern &AP) {
  return uint64_t(AP.NumPartitions) * AP.elementsPerPartition() * isa::dtype(AP.Type).StorageBytes;
}

// Peak FLOP/s of TensorE for an input dtype on this chip: the mode of the
// instruction's form ("" = plain matmul, "perf=double_row", "matmul_mx")
// that lists the dtype.
double peakFlops(const isa::ChipDesc &C, isa::DType T, std::string_view Form = "") {
  if (const isa::PeModeDesc *M = isa::peModeFor(C, T, Form))
    return 2.0 * M->MacsPerCycle * C.ClockMHz[static_cast<unsigned>(isa::Engine::PE)] * 1e6;
  return 0;
}

} // namespace

std::string StallCause::description() const {
  std::string Sem = Semaphore < 0 ? "?" : fmt::format("s{}", Semaphore);
  if (!SemaphoreName.empty())
    Sem += " (" + SemaphoreName + ")";
  return fmt::format("{}, last signalled by {}", Sem, senderName(By));
}

std::string senderName(const emu::Sender &S) {
  if (!S.Valid)
    return "its initial value";
  if (S.Core >= 0)
    return fmt::format("core {}'s {} #{}", S.Core, isa::engine(S.Eng).RecordName, S.Index);
  if (S.FromDma)
    return fmt::format("DMA q{}.{} ({} #{})", S.Queue / 16, S.Queue % 16,
                       isa::engine(S.Eng).RecordName, S.Index);
  return fmt::format("{} #{}", isa::engine(S.Eng).RecordName, S.Index);
}

ReportBuilder::ReportBuilder(const emu::Emulator &E) : E(E) {
  for (const isa::EngineDesc &D : isa::engines()) {
    EngineReport &ER = Partial.Engines[static_cast<unsigned>(D.Id)];
    ER.Name = fmt::format("{} ({})", D.RecordName, D.Name);
    ER.Id = D.RecordName;
  }
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
      // 2 K M N; with perf=double_row K = 2P and N is half the moving's
      // free size, the same product.
      W.Flops = 2 * uint64_t(Mov->AP.NumPartitions) * Dst->AP.NumPartitions *
                Mov->AP.elementsPerPartition();
      const isa::Operand *Perf = I.operand("perf");
      bool DoubleRow = Perf && static_cast<isa::PePerf>(Perf->Int) == isa::PePerf::DoubleRow;
      double Peak = peakFlops(E.chip(), Mov->AP.Type, DoubleRow ? "perf=double_row" : "");
      if (Peak > 0)
        W.PeakTime = static_cast<double>(W.Flops) / Peak;
    }
    return W;
  }
  if (I.Op == isa::Opcode::MATMUL_MX) {
    // K partitions hold 4K contraction rows; the peak is the MX mode of the
    // slower operand type (the one that sets the cost).
    const isa::Operand *Stat = I.operand("stationary"), *Mov = I.operand("moving"),
                       *Dst = I.operand("dst");
    W.K = StaticWork::Kind::Matmul;
    W.Flops = 2 * 4 * uint64_t(Mov->AP.NumPartitions) * Dst->AP.NumPartitions *
              Mov->AP.elementsPerPartition();
    double Peak = std::min(peakFlops(E.chip(), Stat->AP.Type, "matmul_mx"),
                           peakFlops(E.chip(), Mov->AP.Type, "matmul_mx"));
    if (Peak > 0)
      W.PeakTime = static_cast<double>(W.Flops) / Peak;
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
  return I.Op == isa::Opcode::MATMUL || I.Op == isa::Opcode::MULTIPLY_MOVING ||
         I.Op == isa::Opcode::MATMUL_MX;
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
  uint64_t Key = uint64_t(S.Index) | uint64_t(S.Queue & 0xFF) << 32 |
                 uint64_t(static_cast<unsigned>(S.Eng) & 7) << 40 | uint64_t(S.FromDma) << 43 |
                 uint64_t(S.Valid) << 44 | uint64_t(static_cast<uint32_t>(Ev.WaitSem + 1)) << 45 |
                 uint64_t(static_cast<unsigned>(Ev.Eng) & 7) << 61;
  auto [It, New] = CauseOf.try_emplace(Key, nullptr);
  if (New) {
    StallCause &C = Causes[static_cast<unsigned>(Ev.Eng)].emplace_back();
    C.Semaphore = Ev.WaitSem;
    for (const object::Semaphore &X : E.program().Semaphores)
      if (static_cast<int>(X.Index) == Ev.WaitSem)
        C.SemaphoreName = X.Name;
    C.By = S;
    C.By.Ps = 0; // the cause, not one signal's time
    if (S.Valid) {
      const object::Stream &Str = E.program().stream(S.Eng);
      if (S.Index < Str.Locs.size()) {
        C.ByLoc = Str.Locs[S.Index];
        if (C.ByLoc.Line && C.ByLoc.File < E.program().Files.size())
          C.ByFile = E.program().Files[C.ByLoc.File];
      }
    }
    It->second = &C;
  }
  Last = {Ev.WaitSem, S, &It->second->Ps};
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
    ER.Stalls.assign(Causes[K].begin(), Causes[K].end());
    // Longest first; equal times by description (each is there once).
    std::sort(ER.Stalls.begin(), ER.Stalls.end(), [](const StallCause &A, const StallCause &B) {
      return A.Ps != B.Ps ? A.Ps > B.Ps : A.description() < B.description();
    });
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
  const isa::ChipDesc &C = E.chip();
  Out.HbmPeakGBps = double(C.HbmChipGBps) / C.CoresPerChip;
  Out.DmaGBps = R.TimePs > 0 ? Out.DmaBytes / (R.TimePs * 1e-3) : 0;
  Out.DmaPeakGBps = double(C.DmaEngines) * C.DmaEngineMBps / 1000;
  for (const auto &[Q, QR] : Queues)
    Out.Queues.push_back(QR);
  Out.HostSeconds = HostSeconds;
  Out.Verdict = boundOf(Out);
  return Out;
}

namespace {

double pct(int64_t Part, int64_t Whole) { return Whole > 0 ? 100.0 * Part / Whole : 0; }
double ns(int64_t Ps) { return Ps / 1000.0; }

// Numbers as the report means them: a figure rounded to Digits decimals,
// trailing zeros dropped ("15.43", "90.5", "0"); a time in ns exactly (it is
// a whole number of ps).
std::string trimZeros(std::string S) {
  if (S.find('.') != std::string::npos) {
    S.erase(S.find_last_not_of('0') + 1);
    if (S.back() == '.')
      S.pop_back();
  }
  return S == "-0" ? "0" : S;
}
std::string decimal(double V, int Digits) { return trimZeros(fmt::format("{:.{}f}", V, Digits)); }
std::string nsDecimal(int64_t Ps) {
  return trimZeros(fmt::format("{}.{:03}", Ps / 1000, Ps % 1000));
}

} // namespace

// Utilization U of each resource, in [0, 1]: an engine's active time, the
// HBM traffic's share of the core's HBM bandwidth, the time a transfer was
// in flight; all over the run's time. The busiest one bounds the run if it
// is busy at least half the time; otherwise nothing is saturated and the run
// is bound by latency: waits, dependencies, fixed costs. DMA activity counts
// only while HBM is below three quarters of its peak: above, the transfers'
// time is HBM's, and HBM's U says how close to its limit it ran.
Bound boundOf(const Report &R) {
  constexpr double Busy = 0.5, HbmNearPeak = 0.75;
  if (R.TotalPs <= 0)
    return {"latency", 0, "latency-bound: the run took no simulated time"};
  struct Use {
    std::string Resource;
    double U;
    const EngineReport *Eng;
  };
  std::vector<Use> Uses;
  for (const EngineReport &E : R.Engines)
    Uses.push_back({E.Id, double(E.ActivePs) / R.TotalPs, &E});
  double Hbm = R.HbmPeakGBps > 0 ? R.HbmGBps / R.HbmPeakGBps : 0;
  Uses.push_back({"hbm", Hbm, nullptr});
  if (Hbm < HbmNearPeak)
    Uses.push_back({"dma", double(R.DmaActivePs) / R.TotalPs, nullptr});
  const Use *Top = &Uses[0];
  for (const Use &X : Uses)
    if (X.U > Top->U)
      Top = &X;

  std::string HbmText = fmt::format("HBM at {:.1f}% of the core's share ({:.2f} of {:.2f} GB/s)",
                                    100 * Hbm, R.HbmGBps, R.HbmPeakGBps);
  std::string Pct = fmt::format("{:.1f}", 100 * Top->U);
  if (Top->U < Busy) {
    std::string Text = fmt::format("latency-bound: nothing is busy half the time (busiest: {} at "
                                   "{}%)",
                                   Top->Eng                 ? Top->Eng->Name
                                   : Top->Resource == "hbm" ? std::string("HBM")
                                                            : std::string("DMA"),
                                   Pct);
    // The longest single wait says what the engines waited for.
    const EngineReport *Waiter = nullptr;
    for (const EngineReport &E : R.Engines)
      if (!E.Stalls.empty() && (!Waiter || E.Stalls[0].Ps > Waiter->Stalls[0].Ps))
        Waiter = &E;
    if (Waiter)
      Text += fmt::format("; longest wait: {} {}% of the time on {}", Waiter->Name,
                          fmt::format("{:.1f}", pct(Waiter->Stalls[0].Ps, R.TotalPs)),
                          Waiter->Stalls[0].description());
    return {"latency", 100 * Top->U, Text};
  }
  if (Top->Resource == "hbm")
    return {"hbm", 100 * Top->U, "memory-bound: " + HbmText};
  if (Top->Resource == "dma")
    return {"dma", 100 * Top->U,
            fmt::format("DMA-bound: a transfer in flight {}% of the time, {}", Pct, HbmText)};
  if (Top->Resource == "PE")
    return {"PE", 100 * Top->U,
            fmt::format("compute-bound: {} busy {}% of the time, MFU {}%", Top->Eng->Name, Pct,
                        fmt::format("{:.1f}", 100 * R.Mfu))};
  return {Top->Resource, 100 * Top->U,
          fmt::format("engine-bound: {} busy {}% of the time", Top->Eng->Name, Pct)};
}

void printReport(const Report &R, std::ostream &Out) {
  llvm::raw_os_ostream OS(Out);
  OS << fmt::format("Report ({}): total {:.3f} ns, {} PE cycles, {} instructions\n", R.Chip,
                    ns(R.TotalPs), R.Cycles, R.Instructions);
  OS << fmt::format("Verdict: {}\n\n", R.Verdict.Summary);
  OS << fmt::format("{:<14} {:>8} {:>14} {:>8} {:>14} {:>8}\n", "engine", "instrs", "active ns",
                    "active", "stalled ns", "stalled");
  for (const EngineReport &E : R.Engines) {
    OS << fmt::format("{:<14} {:>8} {:>14.3f} {:>7.1f}% {:>14.3f} {:>7.1f}%\n", E.Name,
                      E.Instructions, ns(E.ActivePs), pct(E.ActivePs, R.TotalPs), ns(E.StalledPs),
                      pct(E.StalledPs, R.TotalPs));
    for (const StallCause &C : E.Stalls) {
      OS << fmt::format("    waiting {:.3f} ns on {}", ns(C.Ps), C.description());
      if (C.ByLoc.Line)
        OS << fmt::format(" at {}:{}", C.ByFile, C.ByLoc.Line);
      OS << "\n";
    }
  }
  OS << fmt::format("\nMFU: {:.2f}% ({:.6g} useful TensorE FLOP)", 100 * R.Mfu, R.MatmulFlops);
  // The rate beside its peak: the peak is that of the matmuls' own dtypes
  // and modes (FLOP / the time they need at peak), so fp8 double_row or MX
  // shows its higher ceiling.
  if (R.MatmulFlops > 0 && R.PeakFlopTime > 0 && R.TotalPs > 0)
    OS << fmt::format(", {:.2f} TFLOPS of the matmuls' peak {:.2f} TFLOPS",
                      R.MatmulFlops / (R.TotalPs * 1e-12) * 1e-12,
                      R.MatmulFlops / R.PeakFlopTime * 1e-12);
  OS << "\n";
  OS << fmt::format("HBM: {} bytes read, {} bytes written, {:.2f} GB/s achieved, {:.1f}% of the "
                    "core's {:.2f} GB/s\n",
                    R.HbmReadBytes, R.HbmWriteBytes, R.HbmGBps,
                    R.HbmPeakGBps > 0 ? 100 * R.HbmGBps / R.HbmPeakGBps : 0.0, R.HbmPeakGBps);
  OS << fmt::format("DMA: {} transfers, {} bytes (average {:.0f}), active {:.3f} ns ({:.1f}%), "
                    "{:.2f} GB/s, {:.1f}% of the DMA engines' {:.2f} GB/s\n",
                    R.DmaTransfers, R.DmaBytes,
                    R.DmaTransfers ? double(R.DmaBytes) / R.DmaTransfers : 0.0, ns(R.DmaActivePs),
                    pct(R.DmaActivePs, R.TotalPs), R.DmaGBps,
                    R.DmaPeakGBps > 0 ? 100 * R.DmaGBps / R.DmaPeakGBps : 0.0, R.DmaPeakGBps);
  for (const QueueReport &Q : R.Queues)
    OS << fmt::format("    queue q{}.{}: {} transfers, {} bytes, busy {:.3f} ns ({:.1f}%)\n",
                      Q.Queue / 16, Q.Queue % 16, Q.Transfers, Q.Bytes, ns(Q.BusyPs),
                      pct(Q.BusyPs, R.TotalPs));
  if (R.HostSeconds > 0)
    OS << fmt::format("Host: {:.3f} s, {:.4g} simulated instructions/s, {:.4g} emulated FLOP/s\n",
                      R.HostSeconds, R.Instructions / R.HostSeconds,
                      R.EmulatedFlops / R.HostSeconds);
  else
    OS << "Host: not measured\n";
}

namespace {

// One report's object; a core of a system names its core and chip first.
void reportObject(llvm::json::OStream &J, const Report &R, int Core = -1, unsigned ChipIndex = 0) {
  auto Num = [&](llvm::StringRef Key, const std::string &Text) {
    J.attributeBegin(Key);
    J.rawValue(Text);
    J.attributeEnd();
  };
  auto Int = [&](llvm::StringRef Key, uint64_t V) { Num(Key, std::to_string(V)); };
  auto Ns = [&](llvm::StringRef Key, int64_t Ps) { Num(Key, nsDecimal(Ps)); };
  auto Percent = [&](llvm::StringRef Key, double V) { Num(Key, decimal(V, 2)); };
  J.object([&] {
    if (Core >= 0) {
      J.attribute("core", Core);
      J.attribute("chip_index", ChipIndex);
    } else {
      J.attribute("schema_version", ReportSchemaVersion);
    }
    J.attribute("chip", R.Chip);
    Ns("total_time_ns", R.TotalPs);
    Int("neuroncore_cycle_count", R.Cycles);
    Int("instruction_count", R.Instructions);
    J.attributeObject("bound", [&] {
      J.attribute("resource", R.Verdict.Resource);
      Percent("utilization_percent", R.Verdict.Percent);
      J.attribute("summary", R.Verdict.Summary);
    });
    J.attributeArray("engines", [&] {
      for (const EngineReport &E : R.Engines)
        J.object([&] {
          J.attribute("engine", E.Name);
          J.attribute("id", E.Id);
          Int("instruction_count", E.Instructions);
          Ns("active_time_ns", E.ActivePs);
          Percent("active_time_percent", pct(E.ActivePs, R.TotalPs));
          Ns("stalled_time_ns", E.StalledPs);
          Percent("stalled_time_percent", pct(E.StalledPs, R.TotalPs));
          J.attributeArray("stalls", [&] {
            for (const StallCause &C : E.Stalls)
              J.object([&] {
                Ns("time_ns", C.Ps);
                if (C.Semaphore >= 0)
                  J.attribute("semaphore", C.Semaphore);
                else
                  J.attribute("semaphore", nullptr);
                J.attribute("semaphore_name", C.SemaphoreName);
                if (!C.By.Valid) {
                  J.attribute("signalled_by", nullptr);
                } else {
                  J.attributeObject("signalled_by", [&] {
                    if (C.By.Core >= 0) // another core's (a system of cores)
                      J.attribute("core", C.By.Core);
                    J.attribute("engine", isa::engine(C.By.Eng).RecordName);
                    J.attribute("instruction_index", C.By.Index);
                    if (C.By.FromDma)
                      J.attribute("dma_queue",
                                  fmt::format("q{}.{}", C.By.Queue / 16, C.By.Queue % 16));
                    else
                      J.attribute("dma_queue", nullptr);
                    if (C.ByLoc.Line)
                      J.attributeObject("source", [&] {
                        J.attribute("file", C.ByFile);
                        J.attribute("line", C.ByLoc.Line);
                        J.attribute("column", C.ByLoc.Col);
                      });
                    else
                      J.attribute("source", nullptr);
                  });
                }
                J.attribute("description", C.description());
              });
          });
        });
    });
    Percent("mfu_estimated_percent", 100 * R.Mfu);
    Num("model_flops", decimal(R.MatmulFlops, 0));
    Int("hbm_read_bytes", R.HbmReadBytes);
    Int("hbm_write_bytes", R.HbmWriteBytes);
    Num("hbm_achieved_gbps", decimal(R.HbmGBps, 2));
    Num("hbm_peak_gbps", decimal(R.HbmPeakGBps, 2));
    Percent("hbm_percent_of_peak", R.HbmPeakGBps > 0 ? 100 * R.HbmGBps / R.HbmPeakGBps : 0);
    Int("dma_transfer_count", R.DmaTransfers);
    Int("dma_total_bytes", R.DmaBytes);
    Num("dma_average_bytes",
        decimal(R.DmaTransfers ? double(R.DmaBytes) / R.DmaTransfers : 0.0, 1));
    Ns("dma_active_time_ns", R.DmaActivePs);
    Percent("dma_active_time_percent", pct(R.DmaActivePs, R.TotalPs));
    Num("dma_achieved_gbps", decimal(R.DmaGBps, 2));
    Num("dma_peak_gbps", decimal(R.DmaPeakGBps, 2));
    Percent("dma_percent_of_peak", R.DmaPeakGBps > 0 ? 100 * R.DmaGBps / R.DmaPeakGBps : 0);
    J.attributeArray("dma_queues", [&] {
      for (const QueueReport &Q : R.Queues)
        J.object([&] {
          J.attribute("queue", fmt::format("q{}.{}", Q.Queue / 16, Q.Queue % 16));
          Int("transfer_count", Q.Transfers);
          Int("bytes", Q.Bytes);
          Ns("busy_time_ns", Q.BusyPs);
          Percent("busy_time_percent", pct(Q.BusyPs, R.TotalPs));
        });
    });
    // Host figures change from run to run; null when not measured.
    J.attributeObject("host", [&] {
      if (R.HostSeconds > 0) {
        Num("seconds", decimal(R.HostSeconds, 6));
        Num("simulated_instructions_per_second", decimal(R.Instructions / R.HostSeconds, 0));
        Num("emulated_flops_per_second", decimal(R.EmulatedFlops / R.HostSeconds, 0));
      } else {
        J.attribute("seconds", nullptr);
        J.attribute("simulated_instructions_per_second", nullptr);
        J.attribute("emulated_flops_per_second", nullptr);
      }
    });
  });
}

} // namespace

void writeReportJson(const Report &R, std::ostream &Out) {
  llvm::raw_os_ostream OS(Out);
  llvm::json::OStream J(OS, 2);
  reportObject(J, R);
  OS << "\n";
}

void writeSystemReportJson(const SystemReport &S, std::ostream &Out) {
  llvm::raw_os_ostream OS(Out);
  llvm::json::OStream J(OS, 2);
  auto Raw = [&](llvm::StringRef Key, const std::string &Text) {
    J.attributeBegin(Key);
    J.rawValue(Text);
    J.attributeEnd();
  };
  J.object([&] {
    J.attribute("schema_version", ReportSchemaVersion);
    J.attribute("chip", S.Chip);
    J.attribute("chips", S.Chips);
    J.attribute("cores_per_chip", S.CoresPerChip);
    J.attribute("core_count", static_cast<int64_t>(S.CoreJson.size()));
    Raw("total_time_ns", nsDecimal(S.TotalPs));
    Raw("neuroncore_cycle_count", std::to_string(S.Cycles));
    Raw("instruction_count", std::to_string(S.Instructions));
    Raw("messages_between_cores", std::to_string(S.Messages));
    Raw("windows", std::to_string(S.Windows));
    if (S.Instance.empty())
      J.attribute("instance", nullptr);
    else
      J.attribute("instance", S.Instance);
    Raw("collectives", std::to_string(S.Collectives));
    J.attributeArray("links", [&] {
      for (const SystemReport::Link &L : S.Links)
        J.object([&] {
          J.attribute("name", L.Name);
          Raw("bytes", std::to_string(L.Bytes));
          Raw("transfers", std::to_string(L.Transfers));
          Raw("busy_ns", nsDecimal(L.BusyPs));
          Raw("busy_percent", decimal(S.TotalPs ? 100.0 * L.BusyPs / S.TotalPs : 0.0, 2));
          Raw("bandwidth_gbps", decimal(L.MBps / 1000.0, 3));
        });
    });
    J.attributeObject("host", [&] {
      if (S.HostSeconds > 0) {
        Raw("seconds", decimal(S.HostSeconds, 6));
        Raw("simulated_instructions_per_second", decimal(S.Instructions / S.HostSeconds, 0));
      } else {
        J.attribute("seconds", nullptr);
        J.attribute("simulated_instructions_per_second", nullptr);
      }
      if (!S.RankPeakRssMiB.empty()) {
        J.attribute("mpi_ranks", static_cast<int64_t>(S.RankPeakRssMiB.size()));
        J.attributeArray("peak_rss_mib_by_rank", [&] {
          for (uint64_t MiB : S.RankPeakRssMiB)
            J.value(static_cast<int64_t>(MiB));
        });
      }
    });
    J.attributeArray("cores", [&] {
      for (const std::string &Core : S.CoreJson)
        J.rawValue(Core);
    });
  });
  OS << "\n";
}

std::string systemCoreReportJson(const Report &R, unsigned K, unsigned CoresPerChip) {
  // Written where writeSystemReportJson writes it (an object in the array
  // "cores" of the top object), so that its lines are indented alike.
  std::string Text;
  {
    llvm::raw_string_ostream OS(Text);
    llvm::json::OStream J(OS, 2);
    J.object([&] {
      J.attributeArray("cores", [&] {
        reportObject(J, R, static_cast<int>(K), K / std::max(1u, CoresPerChip));
      });
    });
  }
  size_t Begin = Text.find('{', Text.find('['));
  size_t End = Text.rfind('}', Text.rfind(']'));
  return Text.substr(Begin, End - Begin + 1);
}

} // namespace trn::trace
