//===- Debugger.cpp - an interactive debugger for a run -------------------===//

#include "trn/debug/Debugger.h"

#include "Session.h"

namespace trn::debug {

Debugger::Debugger(emu::Emulator &E, LineInput &In, std::FILE *Out)
    : S(std::make_unique<Session>(E, In, Out)) {}

Debugger::~Debugger() = default;

bool Debugger::beforeRun() {
  Session::Resume R = S->commandLoop();
  if (R == Session::Resume::Quit)
    return false;
  S->State = Session::Phase::Running;
  S->resume(R);
  return true;
}

void Debugger::afterRun(const emu::RunResult &R) { S->ended(R); }

void Debugger::issued(const emu::IssueEvent &Ev) { S->issued(Ev); }
void Debugger::instructionDone(const emu::InstrEvent &) { S->written(); }
void Debugger::dmaDone(const emu::DmaEvent &) { S->written(); }
void Debugger::accessed(const emu::AccessEvent &Ev) { S->accessed(Ev); }
void Debugger::event(const emu::LoopEvent &Ev) { S->event(Ev); }

} // namespace trn::debug
