//===- Recorder.cpp - what the HTML page draws, kept during the run -------===//

#include "trn/view/HtmlView.h"

namespace trn::view {

Recorder::Recorder(const emu::Emulator &E) : Occ(std::make_unique<trace::Occupancy>(E.program())) {
  LastSignal.resize(E.chip().Semaphores);
}

void Recorder::accessed(const emu::AccessEvent &Ev) { Occ->access(Ev, Ev.Ps); }

void Recorder::finished(int64_t EndPs) {
  (void)EndPs;
  Occ->finish();
}

void Recorder::issued(const emu::IssueEvent &Ev) {
  // Of its conditions, the semaphore signalled last released it (as the
  // emulator charges a stall); one never signalled released nothing.
  Pending P;
  P.Valid = true;
  P.Index = Ev.Index;
  for (unsigned K = 0; K < Ev.NumWaits; ++K) {
    unsigned Sem = Ev.Waits[K].Sem;
    if (Sem >= LastSignal.size() || !LastSignal[Sem].Valid)
      continue;
    if (P.Sem < 0 || LastSignal[Sem].Ps > P.By.Ps) {
      P.Sem = static_cast<int>(Sem);
      P.By = LastSignal[Sem];
    }
  }
  Released[static_cast<unsigned>(Ev.Eng)] = P;
}

void Recorder::instructionDone(const emu::InstrEvent &Ev) {
  Track &T = Engines[static_cast<unsigned>(Ev.Eng)];
  Pending &P = Released[static_cast<unsigned>(Ev.Eng)];
  if (P.Valid && P.Index == Ev.Index && (P.Sem >= 0 || Ev.WaitedPs > 0)) {
    int Sem = Ev.WaitSem >= 0 ? Ev.WaitSem : P.Sem;
    emu::Sender By = Ev.WaitSem >= 0 ? Ev.ReleasedBy : P.By;
    T.Waits.push_back({static_cast<uint32_t>(T.Slices.size()), Ev.WaitedPs, Sem, By});
  } else if (Ev.WaitedPs > 0) {
    T.Waits.push_back(
        {static_cast<uint32_t>(T.Slices.size()), Ev.WaitedPs, Ev.WaitSem, Ev.ReleasedBy});
  }
  P.Valid = false;
  T.Slices.push_back({Ev.StartPs, Ev.EndPs, Ev.Index, Ev.Eng, 0, Ev.Cycles});
}

void Recorder::dmaDone(const emu::DmaEvent &Ev) {
  Queues[Ev.Queue].Slices.push_back({Ev.StartPs, Ev.EndPs, Ev.Index, Ev.Issuer, Ev.Bytes, 0});
}

void Recorder::hbmBandwidth(int64_t Ps, double GBps) {
  // Several changes at one time: the last one holds.
  if (!Hbm.empty() && Hbm.back().Ps == Ps)
    Hbm.back().Value = GBps;
  else
    Hbm.push_back({Ps, GBps});
}

void Recorder::signalArrived(const emu::SignalEvent &Ev, int64_t Ps) {
  // What a wait issuing now sees: the emulator charges a stall to the last
  // arrived signal too.
  if (Ev.Sem < LastSignal.size())
    LastSignal[Ev.Sem] = Ev.From;
  std::vector<Point> &S = Sems[Ev.Sem];
  if (!S.empty() && S.back().Ps == Ps)
    S.back().Value = Ev.Value;
  else
    S.push_back({Ps, double(Ev.Value)});
}

} // namespace trn::view
