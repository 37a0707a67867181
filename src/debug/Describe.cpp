//===- Describe.cpp - what the debugger prints about a paused run ---------===//

#include "Describe.h"

#include <fmt/format.h>

#include <fstream>

namespace trn::debug {

std::string nsText(int64_t Ps) {
  std::string S = fmt::format("{}", Ps / 1000);
  if (int64_t Frac = Ps % 1000) {
    std::string F = fmt::format("{:03}", Frac < 0 ? -Frac : Frac);
    while (F.back() == '0')
      F.pop_back();
    S += "." + F;
  }
  return S + " ns";
}

namespace {

bool holds(isa::WaitCond C, int32_t Have, int32_t Want) {
  switch (C) {
  case isa::WaitCond::Eq:
    return Have == Want;
  case isa::WaitCond::Ne:
    return Have != Want;
  case isa::WaitCond::Ge:
    return Have >= Want;
  case isa::WaitCond::Gt:
    return Have > Want;
  case isa::WaitCond::Le:
    return Have <= Want;
  case isa::WaitCond::Lt:
    return Have < Want;
  }
  return false;
}

} // namespace

std::string Describe::instr(isa::Engine Eng, uint32_t Index) const {
  std::string S = fmt::format("{} #{}", isa::engine(Eng).RecordName, Index);
  if (auto L = In.location(Eng, Index))
    S += fmt::format(" ({})", E.program().where(*L));
  return S;
}

std::string Describe::time(int64_t Ps) const {
  return fmt::format("{}, cycle {}", nsText(Ps), In.cyclesAt(Ps));
}

const std::string *Describe::sourceLine(uint32_t File, uint32_t Line) {
  auto It = Sources.find(File);
  if (It == Sources.end()) {
    std::vector<std::string> Lines;
    if (File < E.program().Files.size()) {
      std::ifstream F(E.program().Files[File]);
      for (std::string L; std::getline(F, L);)
        Lines.push_back(L);
    }
    It = Sources.emplace(File, std::move(Lines)).first;
  }
  if (Line == 0 || Line > It->second.size())
    return nullptr;
  return &It->second[Line - 1];
}

std::string Describe::listing(isa::Engine Eng, uint32_t Index) {
  std::string S;
  if (auto L = In.location(Eng, Index))
    if (const std::string *Text = sourceLine(L->File, L->Line))
      S += fmt::format("{}\t{}\n", L->Line, *Text);
  std::string D = In.disassemble(Eng, Index);
  if (!D.empty())
    S += fmt::format("=> {} #{}: {}\n", isa::engine(Eng).RecordName, Index, D);
  return S;
}

std::string Describe::semaphoreName(unsigned S) const {
  for (const object::Semaphore &Sem : E.program().Semaphores)
    if (Sem.Index == S)
      return fmt::format("s{} ({})", S, Sem.Name);
  return fmt::format("s{}", S);
}

std::string Describe::sender(const emu::Sender &S) const {
  if (!S.Valid)
    return "nobody";
  if (S.FromDma)
    return fmt::format("the DMA transfer on q{}.{} of {}", S.Queue / 16, S.Queue % 16,
                       instr(S.Eng, S.Index));
  return instr(S.Eng, S.Index);
}

std::string Describe::engines() {
  std::string S;
  for (const isa::EngineDesc &D : isa::engines()) {
    emu::EngineInspect X = In.engine(D.Id);
    std::string State = emu::engineStatusName(X.Status);
    std::vector<emu::ResolvedWait> Waits = In.waits(D.Id, X.PC);
    bool Met = true;
    for (const emu::ResolvedWait &W : Waits)
      Met &= holds(W.Cond, In.semaphore(W.Sem), W.Value);
    // Stopped at its issue: its waits hold, and it issues now.
    if (X.Status == emu::EngineStatus::Waiting && Met)
      State = fmt::format("issuing (it waited from {})", nsText(X.WaitingSincePs));
    else if (X.Status == emu::EngineStatus::Waiting)
      State += fmt::format(" since {}", nsText(X.WaitingSincePs));
    else if (X.Status == emu::EngineStatus::Busy)
      State += fmt::format(" until {}", nsText(X.EndPs));
    if (X.Length == 0) {
      S += fmt::format("{:<5}has no instructions\n", D.RecordName);
      continue;
    }
    if (X.PC >= X.Length) {
      S += fmt::format("{:<5}{}, at the end of its {} instruction{}\n", D.RecordName, State,
                       X.Length, X.Length == 1 ? "" : "s");
      continue;
    }
    S += fmt::format("{:<5}{} at {}\n     {}\n", D.RecordName, State, instr(D.Id, X.PC),
                     In.disassemble(D.Id, X.PC));
    if (X.Status == emu::EngineStatus::Waiting)
      for (const emu::ResolvedWait &W : Waits)
        S += fmt::format("     waits for {} {} {}; it is {}\n", semaphoreName(W.Sem),
                         isa::waitCondSymbol(W.Cond), W.Value, In.semaphore(W.Sem));
  }
  return S;
}

std::string Describe::registers(std::optional<isa::Engine> Eng) const {
  std::string S;
  if (Eng) {
    std::span<const uint32_t, 64> R = In.registers(*Eng);
    S += fmt::format("{} registers:\n", isa::engine(*Eng).RecordName);
    for (unsigned K = 0; K < 64; K += 4)
      S += fmt::format("  r{:<2} {:>11}   r{:<2} {:>11}   r{:<2} {:>11}   r{:<2} {:>11}\n", K,
                       int32_t(R[K]), K + 1, int32_t(R[K + 1]), K + 2, int32_t(R[K + 2]), K + 3,
                       int32_t(R[K + 3]));
    return S;
  }
  for (const isa::EngineDesc &D : isa::engines()) {
    std::span<const uint32_t, 64> R = In.registers(D.Id);
    std::vector<std::string> Set;
    for (unsigned K = 0; K < 64; ++K)
      if (R[K])
        Set.push_back(fmt::format("r{} = {}", K, int32_t(R[K])));
    S += fmt::format("{:<5}{}\n", D.RecordName,
                     Set.empty() ? "every register is 0" : fmt::format("{}", fmt::join(Set, ", ")));
  }
  return S;
}

std::string Describe::semaphores() const {
  std::vector<emu::SignalInFlight> Flying = In.signalsInFlight();
  std::string S;
  for (unsigned K = 0; K < In.numSemaphores(); ++K) {
    bool Declared = false;
    for (const object::Semaphore &Sem : E.program().Semaphores)
      Declared |= Sem.Index == K;
    bool Pending = false;
    for (const emu::SignalInFlight &F : Flying)
      Pending |= F.Sem == K;
    if (!Declared && !Pending && In.semaphore(K) == 0)
      continue;
    S += fmt::format("{} = {}", semaphoreName(K), In.semaphore(K));
    emu::Sender L = In.lastSignal(K);
    if (L.Valid)
      S += fmt::format(", last signalled by {} at {}", sender(L), nsText(L.Ps));
    S += "\n";
    for (const emu::SignalInFlight &F : Flying)
      if (F.Sem == K)
        S += fmt::format("  on its way: {:+} from {} (sent at {})\n", F.Amount, sender(F.From),
                         nsText(F.From.Ps));
  }
  if (S.empty())
    S = "the program uses no semaphore\n";
  return S;
}

std::string Describe::queues() const {
  std::string S;
  std::vector<emu::TransferInspect> T = In.transfers();
  for (const emu::TransferInspect &X : T) {
    if (X.InFlight)
      S += fmt::format("q{}.{}:\n", X.Queue / 16, X.Queue % 16);
    const isa::Instr *I = E.instruction(X.Issuer, X.Index);
    std::string Sig;
    if (I && I->Sig)
      Sig = fmt::format(", signals {} {:+}", semaphoreName(I->Sig->Sem), I->Sig->Amount);
    S += fmt::format("  {} {} bytes from {}{}, triggered at {}\n",
                     X.InFlight ? fmt::format("in flight since {}:", nsText(X.StartPs))
                                : std::string("queued behind it:"),
                     X.Bytes, instr(X.Issuer, X.Index), Sig, nsText(X.ReadyPs));
  }
  if (S.empty())
    S = "no DMA transfer is queued or in flight\n";
  return S;
}

std::string Describe::signallers(uint8_t Sem) const {
  std::vector<std::string> Next;
  for (const emu::SignalInFlight &F : In.signalsInFlight())
    if (F.Sem == Sem)
      Next.push_back(fmt::format("{:+} on its way from {}", F.Amount, sender(F.From)));
  for (const emu::TransferInspect &X : In.transfers()) {
    const isa::Instr *I = E.instruction(X.Issuer, X.Index);
    if (I && I->Sig && I->Sig->Sem == Sem)
      Next.push_back(fmt::format("{:+} when the DMA transfer {} on q{}.{} of {} completes",
                                 I->Sig->Amount, X.InFlight ? "in flight" : "queued", X.Queue / 16,
                                 X.Queue % 16, instr(X.Issuer, X.Index)));
  }
  for (const isa::EngineDesc &D : isa::engines()) {
    emu::EngineInspect X = In.engine(D.Id);
    if (X.Status == emu::EngineStatus::Halted)
      continue;
    for (uint32_t K = X.PC; K < X.Length; ++K) {
      const isa::Instr *I = E.instruction(D.Id, K);
      int64_t Amount = 0;
      bool Sends = I->Sig && I->Sig->Sem == Sem;
      if (Sends)
        Amount = I->Sig->Amount;
      if (I->Op == isa::Opcode::SEM_SIGNAL && I->Operands[0].Int == Sem) {
        Sends = true;
        Amount = I->Operands[1].Int;
      }
      if (Sends)
        Next.push_back(fmt::format("{:+} from {}{}", Amount, instr(D.Id, K),
                                   I->desc().IsDma ? " (when its transfer completes)" : ""));
    }
  }
  if (Next.empty())
    return fmt::format("    nothing still to run signals s{}\n", Sem);
  std::string S = fmt::format("    next signals:\n");
  for (const std::string &N : Next)
    S += "      " + N + "\n";
  return S;
}

std::string Describe::why(isa::Engine Eng) {
  emu::EngineInspect X = In.engine(Eng);
  const char *Name = isa::engine(Eng).RecordName;
  if (X.Length == 0)
    return fmt::format("{} has no instructions: it waits for nothing\n", Name);
  if (X.PC >= X.Length)
    return fmt::format("{} has run all its {} instruction{}: it waits for nothing\n", Name,
                       X.Length, X.Length == 1 ? "" : "s");
  std::string S;
  switch (X.Status) {
  case emu::EngineStatus::Halted:
    return fmt::format("{} has halted at {}\n", Name, instr(Eng, X.PC));
  case emu::EngineStatus::Busy:
    return fmt::format("{} is not waiting: it runs {} from {} until {}\n", Name, instr(Eng, X.PC),
                       nsText(X.StartPs), nsText(X.EndPs));
  case emu::EngineStatus::Idle:
    S = fmt::format("{} is about to issue {}", Name, instr(Eng, X.PC));
    break;
  case emu::EngineStatus::Waiting:
    S = fmt::format("{} has waited since {} to issue {}", Name, nsText(X.WaitingSincePs),
                    instr(Eng, X.PC));
    break;
  }
  S += fmt::format("\n    {}\n", In.disassemble(Eng, X.PC));
  std::vector<emu::ResolvedWait> Waits = In.waits(Eng, X.PC);
  if (Waits.empty())
    return S + "  it waits on no semaphore\n";
  for (const emu::ResolvedWait &W : Waits) {
    int32_t Have = In.semaphore(W.Sem);
    bool Holds = holds(W.Cond, Have, W.Value);
    S += fmt::format("  waits for {} {} {}: it is {} ({})\n", semaphoreName(W.Sem),
                     isa::waitCondSymbol(W.Cond), W.Value, Have, Holds ? "holds" : "does not hold");
    emu::Sender L = In.lastSignal(W.Sem);
    S += L.Valid ? fmt::format("    last signalled by {} at {}\n", sender(L), nsText(L.Ps))
                 : fmt::format("    never signalled yet\n");
    S += signallers(W.Sem);
  }
  return S;
}

} // namespace trn::debug
