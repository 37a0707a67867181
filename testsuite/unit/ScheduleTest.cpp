//===- ScheduleTest.cpp - decode-once costs and the event order -----------===//
//
// The speed-ups of the discrete-event core must change nothing: every
// planned cost equals the cost measured from scratch, a run whose next
// events skip the queue and whose engines are woken only when their waits
// hold is the same run event for event, and an engine's
// register loop allocates nothing per instruction.
//
//===----------------------------------------------------------------------===//

#include "Machine.h"
#include "trn/asm/Assembler.h"
#include "trn/trace/Report.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <new>
#include <sstream>

using namespace trn;

// Every allocation of the test binary is counted (and passed on to malloc),
// so that a test can tell whether running more instructions allocates more.
namespace {
std::atomic<uint64_t> Allocations{0};
}

void *operator new(std::size_t N) {
  ++Allocations;
  if (void *P = std::malloc(N ? N : 1))
    return P;
  throw std::bad_alloc();
}
void *operator new[](std::size_t N) { return ::operator new(N); }
void operator delete(void *P) noexcept { std::free(P); }
void operator delete[](void *P) noexcept { std::free(P); }
void operator delete(void *P, std::size_t) noexcept { std::free(P); }
void operator delete[](void *P, std::size_t) noexcept { std::free(P); }

namespace {

object::Program assemble(const std::string &Name, const std::string &Text) {
  std::string Diag;
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText(Name, Text, {}, OS);
  Diag = OS.str();
  INFO(Name, ": ", Diag);
  REQUIRE(R.Program);
  return std::move(*R.Program);
}

std::string readFile(const std::filesystem::path &P) {
  std::ifstream In(P);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

// The small programs the timing tests run: every cost class, performance
// modes, dependent instructions, ACT tables, DMA, shared ports, throttling.
// A file split into parts ("#--- NAME" lines, for split-file) gives each.
std::vector<std::pair<std::string, std::string>> timingPrograms() {
  std::vector<std::pair<std::string, std::string>> Out;
  std::filesystem::path Dir =
      std::filesystem::path(TRN_SOURCE_DIR) / "testsuite" / "lit" / "timing";
  for (const auto &F : std::filesystem::directory_iterator(Dir)) {
    if (F.path().extension() != ".s")
      continue;
    std::string Name = F.path().filename().string(), Text = readFile(F.path());
    if (Text.find("\n#--- ") == std::string::npos) {
      Out.push_back({Name, Text});
      continue;
    }
    std::istringstream In(Text);
    std::string Line;
    bool InPart = false;
    while (std::getline(In, Line)) {
      if (Line.rfind("#--- ", 0) == 0) {
        Out.push_back({Name + ":" + Line.substr(5), ""});
        InPart = true;
      } else if (InPart) {
        Out.back().second += Line + "\n";
      }
    }
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

// Semaphores between engines, a DMA pipeline with register offsets, and
// matmuls reusing a loaded stationary.
const char *PingPong = R"(
.sem ping
.sem pong
    sp.li r1, 1
    sp.li r2, 201
serve:
    sp.nop signal(ping)
    sp.nop wait(pong >= r1)
    sp.addi r1, r1, 1
    sp.blt r1, r2, serve
    act.li r1, 1
    act.li r2, 201
answer:
    act.nop wait(ping >= r1) signal(pong)
    act.addi r1, r1, 1
    act.blt r1, r2, answer
)";

const char *Pipeline = R"(
.tensor x : fp32[128, 2048] input
.tensor y : fp32[128, 2048] output
.sbuf xs : fp32[128, 2048]
.sbuf ys : fp32[128, 2048]
.sem loaded
.sem computed
    sp.li r1, 0
    sp.li r2, 2048
load:
    sp.dma_copy xs[:, 0:512] + r1, x[:, 0:512] + r1, q0.0 signal(loaded)
    sp.addi r1, r1, 512
    sp.blt r1, r2, load
    act.li r1, 0
    act.li r2, 1
    act.li r3, 5
compute:
    act.activation ys[:, 0:512] + r1, xs[:, 0:512] + r1, exp wait(loaded >= r2) signal(computed)
    act.addi r1, r1, 512
    act.addi r2, r2, 1
    act.blt r2, r3, compute
    sp.li r1, 0
    sp.li r3, 1
    sp.li r4, 5
store:
    sp.dma_copy y[:, 0:512] + r1, ys[:, 0:512] + r1, q1.0 wait(computed >= r3)
    sp.addi r1, r1, 512
    sp.addi r3, r3, 1
    sp.blt r3, r4, store
)";

const char *Matmuls = R"(
.sbuf a : bf16[128, 128]
.sbuf b : bf16[128, 512]
.sbuf af : fp32[128, 128]
.sbuf bf : fp32[128, 512]
.psum c : fp32[128, 512]
.sem ready
    dve.memset a, 1.0
    dve.memset b, 2.0
    dve.memset af, 1.0
    dve.memset bf, 2.0 signal(ready)
    pe.load_stationary af wait(ready >= 1)
    pe.multiply_moving c, bf
    pe.load_stationary a
    pe.multiply_moving c, b, acc=accumulate
    pe.matmul c, a, b
    pe.matmul c, af, bf
    pe.multiply_moving c, bf
)";

// The test kernels (testsuite/kernels/*.s): small, and each a whole program.
std::vector<std::pair<std::string, std::string>> kernelPrograms(const char *Folder) {
  std::vector<std::pair<std::string, std::string>> Out;
  for (const auto &F : std::filesystem::recursive_directory_iterator(
           std::filesystem::path(TRN_SOURCE_DIR) / Folder))
    if (F.path().extension() == ".s")
      Out.push_back({F.path().filename().string(), readFile(F.path())});
  std::sort(Out.begin(), Out.end());
  return Out;
}

std::vector<std::pair<std::string, std::string>> programs() {
  std::vector<std::pair<std::string, std::string>> Out = timingPrograms();
  for (auto &P : kernelPrograms("testsuite/kernels"))
    Out.push_back(std::move(P));
  // TRN_SCHEDULE_TEST_EXAMPLES=1 adds the examples (minutes under ASan).
  if (std::getenv("TRN_SCHEDULE_TEST_EXAMPLES"))
    for (auto &P : kernelPrograms("docs/examples"))
      Out.push_back(std::move(P));
  Out.push_back({"ping-pong.s", PingPong});
  Out.push_back({"pipeline.s", Pipeline});
  Out.push_back({"matmuls.s", Matmuls});
  return Out;
}

// Everything an observer sees, one line per event, times included.
class Recorder : public emu::Observer {
public:
  std::vector<std::string> Lines;
  void instructionDone(const emu::InstrEvent &E) override {
    Lines.push_back(fmt::format("done {} #{} issue {} start {} end {} waited {} cycles {} sem {} "
                                "from {} {} {} #{} q{} at {}",
                                static_cast<int>(E.Eng), E.Index, E.IssuePs, E.StartPs, E.EndPs,
                                E.WaitedPs, E.Cycles, E.WaitSem, E.ReleasedBy.Valid,
                                E.ReleasedBy.FromDma, static_cast<int>(E.ReleasedBy.Eng),
                                E.ReleasedBy.Index, E.ReleasedBy.Queue, E.ReleasedBy.Ps));
  }
  void dma(const char *What, const emu::DmaEvent &E) {
    Lines.push_back(fmt::format("{} q{} {} #{} {} {} {} {} {}", What, E.Queue,
                                static_cast<int>(E.Issuer), E.Index, E.StartPs, E.EndPs, E.Bytes,
                                E.HbmRead, E.HbmWrite));
  }
  void dmaStarted(const emu::DmaEvent &E) override { dma("dma-start", E); }
  void dmaDone(const emu::DmaEvent &E) override { dma("dma-done", E); }
  void dmaQueued(const emu::DmaEvent &E) override { dma("dma-queued", E); }
  void hbmBandwidth(int64_t Ps, double GBps) override {
    Lines.push_back(fmt::format("hbm {} {}", Ps, GBps));
  }
  void signalled(const emu::SignalEvent &E) override {
    Lines.push_back(fmt::format("signal s{} = {} by {} {} #{} q{} at {}", E.Sem, E.Value,
                                E.From.FromDma, static_cast<int>(E.From.Eng), E.From.Index,
                                E.From.Queue, E.From.Ps));
  }
  void issued(const emu::IssueEvent &E) override {
    std::string W;
    for (unsigned K = 0; K < E.NumWaits; ++K)
      W += fmt::format(" s{}:{}:{}", E.Waits[K].Sem, static_cast<int>(E.Waits[K].Cond),
                       E.Waits[K].Value);
    Lines.push_back(fmt::format("issue {} #{}{}", static_cast<int>(E.Eng), E.Index, W));
  }
  void stalled(const emu::StallEvent &E) override {
    Lines.push_back(fmt::format("stalled {} #{} waited {} sem {} from {} {} {} #{} q{} at {}",
                                static_cast<int>(E.Eng), E.Index, E.WaitedPs, E.WaitSem,
                                E.ReleasedBy.Valid, E.ReleasedBy.FromDma,
                                static_cast<int>(E.ReleasedBy.Eng), E.ReleasedBy.Index,
                                E.ReleasedBy.Queue, E.ReleasedBy.Ps));
  }
  void accessed(const emu::AccessEvent &E) override {
    Lines.push_back(fmt::format("access {} #{} {} op {} w {} runs {}", static_cast<int>(E.Eng),
                                E.Index, E.Dma, E.Operand, E.Write, E.F.NumRuns));
  }
  bool wantsAccesses() const override { return true; }
  void finished(int64_t EndPs) override { Lines.push_back(fmt::format("end {}", EndPs)); }
};

std::string summary(const emu::RunResult &R) {
  std::string S = fmt::format("{} {} {} {} {} {}", R.TimePs, R.Cycles, R.Instructions,
                              R.DmaTransfers, R.DmaBytes, R.DmaActivePs);
  for (const emu::EngineStats &E : R.Engines)
    S += fmt::format(" [{} {} {}]", E.Instructions, E.BusyPs, E.WaitPs);
  return S + (R.Error ? " " + R.Error->Message : "");
}

// How many times each static instruction completed (what the report counts).
std::string executions(const emu::Machine &M) {
  std::string S;
  for (const emu::EngineState &E : M.Engines) {
    S += "|";
    for (const emu::DecodedInstr &D : E.Decoded)
      S += fmt::format(" {}", D.Executions);
  }
  return S;
}

} // namespace

TEST_CASE("every planned cost equals the cost measured from scratch") {
  for (const auto &[Name, Text] : programs())
    for (const isa::ChipDesc &Chip : isa::chips()) {
      object::Program P = assemble(Name, Text);
      if (Chip.Gen < isa::chip(P.TargetChip).Gen)
        continue; // its instructions need a later chip
      emu::Machine M(std::move(P), Chip);
      M.CheckCostPlans = true;
      emu::RunResult R = M.run({});
      INFO(Name, " on ", std::string(Chip.Name), ": ", summary(R));
      CHECK((!R.Error || R.Error->Message.find("planned cost") == std::string::npos));
      CHECK(R.Instructions > 0);
    }
}

TEST_CASE("the schedule's shortcuts give the same run, event for event") {
  for (const auto &[Name, Text] : programs())
    for (const isa::ChipDesc &Chip : isa::chips()) {
      Recorder Queued, Ahead;
      emu::Machine A(assemble(Name, Text), Chip), B(assemble(Name, Text), Chip);
      A.ReferenceSchedule = true;
      A.Observers.push_back(&Queued);
      B.Observers.push_back(&Ahead);
      std::string RA = summary(A.run({})), RB = summary(B.run({}));
      INFO(Name, " on ", std::string(Chip.Name));
      CHECK(RA == RB);
      CHECK(executions(A) == executions(B));
      REQUIRE(Queued.Lines.size() == Ahead.Lines.size());
      for (size_t K = 0; K < Queued.Lines.size(); ++K)
        if (Queued.Lines[K] != Ahead.Lines[K]) {
          CHECK(Queued.Lines[K] == Ahead.Lines[K]);
          break;
        }
    }
}

TEST_CASE("the report is the same alone as with an observer that wants every event") {
  // Alone, the report gets no issued, no signalled and instructionDone of
  // matmuls only; with the recorder attached it gets them all.
  for (const auto &[Name, Text] : programs())
    for (const isa::ChipDesc &Chip : isa::chips()) {
      object::Program P = assemble(Name, Text);
      if (Chip.Gen < isa::chip(P.TargetChip).Gen)
        continue;
      auto ReportOf = [&](bool WithRecorder, size_t &Done) {
        emu::Emulator E(assemble(Name, Text), Chip.Id);
        Recorder All;
        trace::ReportBuilder B(E);
        E.addObserver(&B);
        if (WithRecorder)
          E.addObserver(&All);
        emu::RunResult R = E.run({});
        Done = std::count_if(All.Lines.begin(), All.Lines.end(),
                             [](const std::string &L) { return L.rfind("done ", 0) == 0; });
        std::string Json;
        std::ostringstream OS;
        trace::writeReportJson(B.build(R, 0), OS);
        Json = OS.str();
        return summary(R) + "\n" + Json;
      };
      size_t DoneAlone = 0, DoneAll = 0;
      std::string Alone = ReportOf(false, DoneAlone), All = ReportOf(true, DoneAll);
      INFO(Name, " on ", std::string(Chip.Name));
      CHECK(Alone == All);
      CHECK(All.find(fmt::format("\"instruction_count\": {}", DoneAll)) != std::string::npos);
    }
}

TEST_CASE("stalls summed by cause give the totals of every stall") {
  // An observer that takes sums (wantsEachStall false, as the report) gets
  // per engine and cause the same total as one that gets every stall, in
  // fewer events where one cause repeats (ping-pong).
  struct Totals : emu::Observer {
    bool Each;
    explicit Totals(bool Each) : Each(Each) {}
    std::vector<std::pair<std::string, int64_t>> ByCause; // sorted at the end
    size_t Events = 0;
    void stalled(const emu::StallEvent &E) override {
      ++Events;
      std::string Cause =
          fmt::format("{} s{} {} {} {} #{} q{}", static_cast<int>(E.Eng), E.WaitSem,
                      E.ReleasedBy.Valid, E.ReleasedBy.FromDma, static_cast<int>(E.ReleasedBy.Eng),
                      E.ReleasedBy.Index, E.ReleasedBy.Queue);
      auto It = std::find_if(ByCause.begin(), ByCause.end(),
                             [&](const auto &C) { return C.first == Cause; });
      if (It == ByCause.end())
        ByCause.push_back({Cause, E.WaitedPs});
      else
        It->second += E.WaitedPs;
    }
    void finished(int64_t) override { std::sort(ByCause.begin(), ByCause.end()); }
    bool wantsEachStall() const override { return Each; }
  };
  for (const auto &[Name, Text] : programs()) {
    auto Run = [&](bool Each) {
      emu::Emulator E(assemble(Name, Text));
      Totals T(Each);
      E.addObserver(&T);
      E.run({});
      return T;
    };
    Totals Each = Run(true), Summed = Run(false);
    INFO(Name);
    CHECK(Each.ByCause == Summed.ByCause);
    CHECK(Summed.Events <= Each.Events);
    if (Name == "ping-pong.s")
      CHECK(Summed.Events * 100 < Each.Events);
  }
}

TEST_CASE("a register loop and a semaphore ping-pong allocate nothing per instruction") {
  auto Loop = [](int Iterations) {
    return fmt::format(R"(
.sem ping
.sem pong
    sp.li r1, 0
    sp.li r2, {0}
loop:
    sp.addi r1, r1, 1
    sp.xori r3, r1, 5
    sp.blt r1, r2, loop
    sp.li r1, 1
    sp.li r2, {0}
serve:
    sp.sem_signal ping, 1
    sp.nop wait(pong >= r1)
    sp.addi r1, r1, 1
    sp.blt r1, r2, serve
    act.li r1, 1
    act.li r2, {0}
answer:
    act.nop wait(ping >= r1) signal(pong)
    act.addi r1, r1, 1
    act.blt r1, r2, answer
)",
                       Iterations);
  };
  // What the run allocates (its queues growing to their largest), for a
  // short and a long loop: the same.
  auto AllocationsOfRun = [&](int Iterations) {
    emu::Machine M(assemble("loop.s", Loop(Iterations)), isa::chip(isa::Chip::trn2));
    uint64_t Before = Allocations.load();
    emu::RunResult R = M.run({});
    uint64_t Count = Allocations.load() - Before;
    INFO(summary(R));
    CHECK(R.ok());
    CHECK(R.Instructions > uint64_t(Iterations) * 7);
    return Count;
  };
  CHECK(AllocationsOfRun(1000) == AllocationsOfRun(3000));
}

TEST_CASE("every instruction's tensor reads fit DecodedInstr::Reads") {
  // decodeInstr records every tensor operand but the destination (and the
  // secondary outputs accum and reduce), [P, 1] scalar tensors included, in
  // an array of emu::MaxReads: no instruction may have more.
  for (const isa::InstrDesc &D : isa::instrs()) {
    unsigned Reads = 0;
    bool First = true;
    for (const isa::OperandDesc &O : D.Operands) {
      if (O.Kind == isa::OperandKind::Scalar)
        ++Reads;
      if (O.Kind != isa::OperandKind::AccessPattern)
        continue;
      std::string_view Name = O.Name;
      if (!First && Name != "accum" && Name != "reduce")
        ++Reads;
      First = false;
    }
    INFO(D.Mnemonic);
    CHECK(Reads <= emu::MaxReads);
  }
}
