// Faults, limits, the memory budget and observers: the utilization report,
// traces and the race detector. docs/api.md, "Faults" and "Observers".
#include "trn/asm/Assembler.h"
#include "trn/emu/Emulator.h"
#include "trn/race/RaceDetector.h"
#include "trn/trace/Report.h"
#include "trn/trace/Trace.h"

#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

// The kernel of assemble_and_run.cpp; with Ordered false the Activation
// engine does not wait for the load: a race.
std::string kernel(bool Ordered) {
  return std::string(R"(
.tensor x : fp32[4, 8] input
.tensor y : fp32[4, 8] output
.sbuf xs : fp32[4, 8]
.sbuf ys : fp32[4, 8]
.sem loaded
.sem computed
    sp.dma_copy xs, x, q0.0 signal(loaded)
    act.tensor_scalar ys, xs, multiply, 2.0, op1=add, operand1=1.0 )") +
         (Ordered ? "wait(loaded >= 1) " : "") + R"(signal(computed)
    sp.dma_copy y, ys, q0.1 wait(computed >= 1)
)";
}

trn::object::Program assemble(const std::string &Text) {
  std::ostringstream Diag;
  trn::assembler::Result A = trn::assembler::assembleText("scale.s", Text, {}, Diag);
  if (!A.Program)
    throw std::runtime_error(Diag.str());
  return std::move(*A.Program);
}

// The first line of a fault's report.
std::string firstLine(const std::string &S) { return S.substr(0, S.find('\n')); }

int main() {
  trn::object::Program Good = assemble(kernel(true));

  // 1. The utilization report and a text trace, observers of one run.
  {
    trn::emu::Emulator E(Good);
    trn::trace::ReportBuilder Reporter(E);
    trn::trace::TextTrace Trace(std::cout); // one line per instruction and transfer
    E.addObserver(&Reporter);
    E.addObserver(&Trace);
    trn::emu::RunResult R = E.run({}); // x unset: HBM reads as zeros
    trn::trace::Report Rep = Reporter.build(R, /*HostSeconds=*/0);
    std::cout << "report: " << Rep.Chip << ", " << Rep.TotalPs / 1000.0 << " ns, "
              << Rep.Instructions << " instructions, " << Rep.DmaTransfers << " transfers, "
              << Rep.HbmReadBytes << " HBM bytes read\n";
    for (const trn::trace::EngineReport &Eng : Rep.Engines)
      if (Eng.Instructions)
        std::cout << "  " << Eng.Name << ": " << Eng.Instructions << " instructions, active "
                  << Eng.ActivePs / 1000.0 << " ns\n";
    std::cout << "verdict: " << Rep.Verdict.Summary << "\n";
    // printReport(Rep, std::cout) prints it as trn-emu --report does, and
    // writeReportJson(Rep, OS) as --report-json.
  }

  // 2. The Perfetto trace, into any std::ostream (here a string).
  {
    trn::emu::Emulator E(Good);
    std::ostringstream Json;
    {
      trn::trace::ChromeTrace Trace(E, Json);
      E.addObserver(&Trace);
      E.run({});
    } // whole once the run has finished
    // A slice ("ph":"X") per instruction and per transfer.
    std::string Text = Json.str();
    size_t Slices = 0;
    for (size_t At = Text.find("\"ph\":\"X\""); At != std::string::npos;
         At = Text.find("\"ph\":\"X\"", At + 1))
      ++Slices;
    std::cout << "perfetto trace: " << Text.size() << " bytes of JSON, " << Slices << " slices\n";
  }

  // 3. The race detector: the first race stops the run with a fault.
  {
    trn::emu::Emulator E(assemble(kernel(false)));
    trn::race::RaceDetector Races(E, trn::race::RaceDetector::Mode::Error);
    E.addObserver(&Races);
    trn::emu::RunResult R = E.run({});
    std::cout << "race run: " << (R.ok() ? "ok" : trn::emu::faultKindName(R.Error->Kind)) << "\n";
    if (!R.ok())
      std::cout << "  " << firstLine(R.Error->Message) << "\n";
  }

  // 4. Limits: a run stops with a fault once past MaxCycles.
  {
    trn::emu::Emulator E(Good);
    trn::emu::RunOptions Opts;
    Opts.MaxCycles = 100;
    trn::emu::RunResult R = E.run(Opts);
    std::cout << "cycle limit: " << (R.ok() ? "ok" : trn::emu::faultKindName(R.Error->Kind))
              << "\n";
  }

  // 5. The host-memory budget: a program that does not fit is refused.
  try {
    trn::emu::Emulator E(Good, std::nullopt, /*MaxHostMemory=*/4096);
    std::cout << "budget: fits\n";
  } catch (const trn::HostMemoryError &Err) {
    std::cout << "budget: " << Err.what() << "\n";
  }
  return 0;
}
