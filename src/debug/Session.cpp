//===- Session.cpp - the debugger's state and its command loop ------------===//

#include "Session.h"

#include "trn/debug/Debugger.h"
#include "trn/npy/Npy.h"
#include "trn/object/ObjectFile.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace trn::debug {

Session::Session(emu::Emulator &E, LineInput &In, std::FILE *Out)
    : E(E), Insp(E), D(E, Insp), Input(In), Out(Out) {}

void Session::say(const std::string &S) {
  std::fputs(S.c_str(), Out);
  std::fflush(Out);
}

void Session::error(const std::string &Line, std::optional<size_t> Column,
                    const std::string &Message) {
  // A caret under the word at fault, in the line echoed (or typed) above.
  if (Column && *Column <= Line.size())
    say(std::string(std::strlen(Prompt) + *Column, ' ') + "^\n");
  say("error: " + Message + "\n");
}

Session::Resume Session::commandLoop() {
  for (;;) {
    std::optional<std::string> Line = Input.readLine(Prompt);
    if (!Line) {
      // The end of the input is quit, as in gdb.
      return Resume::Quit;
    }
    auto P = parseCommand(*Line);
    if (auto *Err = std::get_if<CommandError>(&P)) {
      error(*Line, Err->Column, Err->Message);
      continue;
    }
    if (std::optional<Resume> R = run(*Line, std::get<Command>(P)))
      return *R;
  }
}

std::optional<Session::Resume> Session::run(const std::string &Line, const Command &C) {
  auto Resumes = [&](Resume R) -> std::optional<Resume> {
    if (State == Phase::Ended) {
      error(Line, std::nullopt, "the run has ended (trn-emu runs a program once); 'quit' leaves");
      return std::nullopt;
    }
    return R;
  };
  switch (C.V) {
  case Verb::Nothing:
    return std::nullopt;
  case Verb::Help:
    say(helpText());
    return std::nullopt;
  case Verb::Run:
    if (State == Phase::Running) {
      error(Line, std::nullopt, "the run is under way; 'continue' resumes it");
      return std::nullopt;
    }
    return Resumes(Resume::Continue);
  case Verb::Continue:
    return Resumes(Resume::Continue);
  case Verb::Step:
    if (State != Phase::Ended)
      StepEngine = C.Eng ? C.Eng : Current ? std::optional(Current->first) : std::nullopt;
    return Resumes(Resume::Step);
  case Verb::NextEvent:
    return Resumes(Resume::NextEvent);
  case Verb::Quit:
    return Resume::Quit;
  case Verb::Where:
    if (State == Phase::Before)
      say("The run has not started; 'run' starts it.\n");
    else
      say(LastStop);
    return std::nullopt;
  case Verb::Break:
    addBreak(Line, C);
    return std::nullopt;
  case Verb::Watch:
    addWatch(Line, C);
    return std::nullopt;
  case Verb::Delete:
    remove(Line, C);
    return std::nullopt;
  case Verb::InfoBreakpoints:
    listBreakpoints();
    return std::nullopt;
  case Verb::InfoRegisters:
    say(D.registers(C.Eng));
    return std::nullopt;
  case Verb::InfoSemaphores:
    say(D.semaphores());
    return std::nullopt;
  case Verb::InfoQueues:
    say(D.queues());
    return std::nullopt;
  case Verb::InfoEngines:
    say(D.engines());
    return std::nullopt;
  case Verb::Why:
    say(D.why(*C.Eng));
    return std::nullopt;
  case Verb::Print:
  case Verb::Dump:
    print(Line, C);
    return std::nullopt;
  }
  return std::nullopt;
}

void Session::addBreak(const std::string &Line, const Command &C) {
  Breakpoint B;
  std::string Said;
  if (const auto *L = std::get_if<AtLine>(&C.At)) {
    auto M = instructionsAtLine(E.program(), *L);
    if (auto *Err = std::get_if<std::string>(&M)) {
      error(Line, std::nullopt, *Err);
      return;
    }
    LineMatch &Found = std::get<LineMatch>(M);
    B.K = Breakpoint::Kind::Line;
    B.Instrs = Found.Instrs;
    std::vector<std::string> Names;
    for (auto [Eng, Index] : Found.Instrs)
      Names.push_back(fmt::format("{} #{}", isa::engine(Eng).RecordName, Index));
    B.What =
        fmt::format("{}:{}: {}", E.program().Files[Found.File], Found.Line, fmt::join(Names, ", "));
    if (Found.Line != L->Line)
      Said = fmt::format(" (line {} has no instruction)", L->Line);
  } else if (const auto *I = std::get_if<AtInstr>(&C.At)) {
    uint32_t N = Insp.engine(I->Eng).Length;
    if (I->Index >= N) {
      error(Line, std::nullopt,
            N ? fmt::format("{} has {} instruction{} (#0 to #{})", isa::engine(I->Eng).RecordName,
                            N, N == 1 ? "" : "s", N - 1)
              : fmt::format("{} has no instructions", isa::engine(I->Eng).RecordName));
      return;
    }
    B.K = Breakpoint::Kind::Instr;
    B.Instrs = {{I->Eng, I->Index}};
    B.What = D.instr(I->Eng, I->Index);
  } else {
    const auto *T = std::get_if<AtTime>(&C.At);
    B.K = T ? Breakpoint::Kind::Time : Breakpoint::Kind::Cycle;
    B.Ps = T ? T->Ps : Insp.psAtCycle(std::get<AtCycle>(C.At).Cycle);
    B.What = T ? nsText(B.Ps)
               : fmt::format("cycle {} ({})", std::get<AtCycle>(C.At).Cycle, nsText(B.Ps));
    if (State == Phase::Running && B.Ps <= Insp.nowPs()) {
      error(Line, std::nullopt,
            fmt::format("the run is at {} already: a breakpoint at {} would never stop",
                        nsText(Insp.nowPs()), B.What));
      return;
    }
  }
  B.Id = NextId++;
  say(fmt::format("Breakpoint {} at {}{}\n", B.Id, B.What, Said));
  Bps.push_back(std::move(B));
}

std::optional<Region> Session::region(const std::string &Line, const Command &C) {
  auto R = resolveRegion(E.program(), C.Region);
  if (auto *Err = std::get_if<RegionError>(&R)) {
    error(Line, C.RegionColumn + Err->Column, Err->Message);
    return std::nullopt;
  }
  return std::move(std::get<Region>(R));
}

namespace {

std::string typeText(const Region &R) {
  if (R.Shape.empty())
    return fmt::format("one {} in {}", isa::dtype(R.Type).Name,
                       R.Space == isa::MemSpace::HBM    ? "HBM"
                       : R.Space == isa::MemSpace::SBUF ? "SBUF"
                                                        : "PSUM");
  return fmt::format("{}[{}] in {}", isa::dtype(R.Type).Name, fmt::join(R.Shape, ", "),
                     R.Space == isa::MemSpace::HBM    ? "HBM"
                     : R.Space == isa::MemSpace::SBUF ? "SBUF"
                                                      : "PSUM");
}

} // namespace

void Session::addWatch(const std::string &Line, const Command &C) {
  std::optional<Region> R = region(Line, C);
  if (!R)
    return;
  Breakpoint B;
  B.K = Breakpoint::Kind::Watch;
  B.Id = NextId++;
  B.What = fmt::format("{} ({})", R->Text, typeText(*R));
  B.Old = readRegion(Insp, *R);
  B.Watched = std::move(R);
  say(fmt::format("Watchpoint {}: {}\n", B.Id, B.What));
  Bps.push_back(std::move(B));
}

void Session::remove(const std::string &Line, const Command &C) {
  if (C.Ids.empty()) {
    say(Bps.empty()
            ? "There are no breakpoints.\n"
            : fmt::format("Deleted {} breakpoint{}.\n", Bps.size(), Bps.size() == 1 ? "" : "s"));
    Bps.clear();
    return;
  }
  for (unsigned Id : C.Ids) {
    auto It = std::find_if(Bps.begin(), Bps.end(), [&](const Breakpoint &B) { return B.Id == Id; });
    if (It == Bps.end()) {
      error(Line, std::nullopt, fmt::format("no breakpoint number {}", Id));
      continue;
    }
    Bps.erase(It);
    say(fmt::format("Deleted breakpoint {}.\n", Id));
  }
}

void Session::listBreakpoints() {
  if (Bps.empty()) {
    say("No breakpoints or watchpoints.\n");
    return;
  }
  std::string S = "Num  Type         Hits  Where\n";
  for (const Breakpoint &B : Bps) {
    const char *Type = B.K == Breakpoint::Kind::Watch ? "watchpoint"
                       : B.K == Breakpoint::Kind::Time || B.K == Breakpoint::Kind::Cycle
                           ? "time"
                           : "breakpoint";
    S += fmt::format("{:<4} {:<12} {:<5} {}\n", B.Id, Type, B.Hits, B.What);
  }
  say(S);
}

void Session::print(const std::string &Line, const Command &C) {
  std::optional<Region> R = region(Line, C);
  if (!R)
    return;
  std::vector<uint8_t> Bytes = readRegion(Insp, *R);
  if (C.V == Verb::Print) {
    say(fmt::format("{}: {}\n{}\n", R->Text, typeText(*R),
                    emu::arrayText(R->Type, Bytes, R->Shape)));
    return;
  }
  npy::Array A = npy::fromTensor(Bytes, R->Type, R->Shape);
  if (auto Err = object::writeFileAtomically(C.File, npy::serialize(A))) {
    error(Line, std::nullopt, "cannot write " + *Err);
    return;
  }
  say(fmt::format("Wrote {} ({}) to {} as '{}'\n", R->Text, typeText(*R), C.File,
                  npy::descrFor(R->Type)));
}

void Session::stop(const std::string &Reason, std::optional<std::pair<isa::Engine, uint32_t>> At) {
  LastStop = Reason + "\n";
  if (At) {
    Current = At;
    LastStop += D.listing(At->first, At->second);
  }
  say(LastStop);
  Resume R = commandLoop();
  if (R == Resume::Quit)
    throw Debugger::Quit{Insp.nowPs()};
  Mode = R;
}

void Session::issued(const emu::IssueEvent &Ev) {
  std::vector<unsigned> Hit;
  for (Breakpoint &B : Bps)
    if ((B.K == Breakpoint::Kind::Line || B.K == Breakpoint::Kind::Instr) &&
        std::find(B.Instrs.begin(), B.Instrs.end(), InstrRef{Ev.Eng, Ev.Index}) != B.Instrs.end()) {
      ++B.Hits;
      Hit.push_back(B.Id);
    }
  bool Step = Mode == Resume::Step && (!StepEngine || *StepEngine == Ev.Eng);
  if (Hit.empty() && !Step)
    return;
  std::string Reason =
      Hit.empty() ? std::string() : fmt::format("Breakpoint {}, ", fmt::join(Hit, ", "));
  Reason += fmt::format("{} issues at {}", D.instr(Ev.Eng, Ev.Index), D.time(Insp.nowPs()));
  stop(Reason, std::pair{Ev.Eng, Ev.Index});
}

void Session::accessed(const emu::AccessEvent &Ev) {
  if (!Ev.Write)
    return;
  for (const Breakpoint &B : Bps)
    if (B.K == Breakpoint::Kind::Watch && overlaps(*B.Watched, Ev.F) &&
        std::find(WatchHits.begin(), WatchHits.end(), B.Id) == WatchHits.end()) {
      WatchHits.push_back(B.Id);
      Writer = Ev.Dma ? fmt::format("the DMA transfer on q{}.{} of {}", Ev.Queue / 16,
                                    Ev.Queue % 16, D.instr(Ev.Eng, Ev.Index))
                      : D.instr(Ev.Eng, Ev.Index);
    }
}

void Session::written() {
  if (WatchHits.empty())
    return;
  std::string Reason;
  for (unsigned Id : WatchHits) {
    auto It = std::find_if(Bps.begin(), Bps.end(), [&](const Breakpoint &B) { return B.Id == Id; });
    if (It == Bps.end())
      continue;
    Breakpoint &B = *It;
    ++B.Hits;
    std::vector<uint8_t> New = readRegion(Insp, *B.Watched);
    Reason += fmt::format("Watchpoint {}: {} written by {} at {}\n", B.Id, B.Watched->Text, Writer,
                          D.time(Insp.nowPs()));
    if (New == B.Old) {
      Reason += "Its value is unchanged:\n" +
                emu::arrayText(B.Watched->Type, New, B.Watched->Shape) + "\n";
    } else {
      Reason += "Old value =\n" + emu::arrayText(B.Watched->Type, B.Old, B.Watched->Shape) +
                "\nNew value =\n" + emu::arrayText(B.Watched->Type, New, B.Watched->Shape) + "\n";
    }
    B.Old = std::move(New);
  }
  WatchHits.clear();
  if (!Reason.empty()) {
    Reason.pop_back();
    stop(Reason, std::nullopt);
  }
}

std::string Session::eventText(const emu::LoopEvent &Ev) const {
  uint32_t PC = Insp.engine(Ev.Eng).PC;
  switch (Ev.Kind) {
  case emu::LoopEventKind::Issue:
    return fmt::format("{} issues, if its waits hold", D.instr(Ev.Eng, PC));
  case emu::LoopEventKind::InstrDone:
    return fmt::format("{} completes", D.instr(Ev.Eng, PC));
  case emu::LoopEventKind::DmaTick:
    return "the DMA model advances (transfers complete, or share HBM anew)";
  case emu::LoopEventKind::SemArrive:
    return fmt::format("{:+} from {} reaches {} (now {})", Ev.Amount, D.sender(Ev.From),
                       D.semaphoreName(Ev.Sem), Insp.semaphore(Ev.Sem));
  }
  return "";
}

void Session::event(const emu::LoopEvent &Ev) {
  std::vector<unsigned> Hit;
  for (Breakpoint &B : Bps)
    if ((B.K == Breakpoint::Kind::Time || B.K == Breakpoint::Kind::Cycle) && !B.Passed &&
        Ev.Ps >= B.Ps) {
      B.Passed = true;
      ++B.Hits;
      Hit.push_back(B.Id);
    }
  if (Hit.empty() && Mode != Resume::NextEvent)
    return;
  std::string Reason =
      Hit.empty() ? std::string() : fmt::format("Breakpoint {}, ", fmt::join(Hit, ", "));
  Reason += fmt::format("event at {}: {}", D.time(Ev.Ps), eventText(Ev));
  std::optional<std::pair<isa::Engine, uint32_t>> At;
  if ((Ev.Kind == emu::LoopEventKind::Issue || Ev.Kind == emu::LoopEventKind::InstrDone) &&
      Insp.engine(Ev.Eng).PC < Insp.engine(Ev.Eng).Length)
    At = std::pair{Ev.Eng, Insp.engine(Ev.Eng).PC};
  stop(Reason, At);
}

void Session::ended(const emu::RunResult &R) {
  State = Phase::Ended;
  if (R.ok())
    LastStop = fmt::format("The run ended at {}, after {} instructions.\n", D.time(R.TimePs),
                           R.Instructions);
  else
    LastStop = fmt::format("The run stopped at {} with a fault:\n{}\n", D.time(R.TimePs),
                           R.Error->Message);
  say(LastStop);
  commandLoop();
}

} // namespace trn::debug
