//===- BackgroundFormatterTest.cpp - the traces' second thread ------------===//
//
// What a trace is told must reach its formatting thread whole and in order,
// whatever the encoding took: quick records (packed relative to the
// engine's stream and last end), full ones (waits, starts before the last
// end), DMA transfers and bandwidth changes, over many batches.

#include "Background.h"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <variant>
#include <vector>

using namespace trn;
using trn::trace::BackgroundFormatter;

namespace {

struct HbmSeen {
  int64_t Ps;
  double GBps;
  bool operator==(const HbmSeen &) const = default;
};
using Seen = std::variant<emu::InstrEvent, emu::DmaEvent, HbmSeen>;

struct Recorder final : trace::TraceSink {
  std::vector<Seen> Got;
  void formatInstr(const emu::InstrEvent &Ev) override { Got.push_back(Ev); }
  void formatDma(const emu::DmaEvent &Ev) override { Got.push_back(Ev); }
  void formatHbm(int64_t Ps, double GBps) override { Got.push_back(HbmSeen{Ps, GBps}); }
};

bool sameInstr(const emu::InstrEvent &A, const emu::InstrEvent &B) {
  // A quick record does not keep IssuePs (no trace prints it).
  bool Quick = A.WaitedPs == 0;
  return A.Eng == B.Eng && A.Index == B.Index && A.I == B.I && (Quick || A.IssuePs == B.IssuePs) &&
         A.StartPs == B.StartPs && A.EndPs == B.EndPs && A.WaitedPs == B.WaitedPs &&
         A.Cycles == B.Cycles && A.WaitSem == B.WaitSem &&
         A.ReleasedBy.Valid == B.ReleasedBy.Valid && A.ReleasedBy.Index == B.ReleasedBy.Index &&
         A.ReleasedBy.Ps == B.ReleasedBy.Ps;
}

} // namespace

TEST_CASE("BackgroundFormatter hands every record over whole and in order") {
  std::mt19937_64 Rng(21);
  // Two "programs" per engine, so that the stream an event points into
  // changes now and then.
  std::vector<isa::Instr> Code[isa::NumEngines][2];
  for (auto &E : Code)
    for (auto &P : E)
      P.resize(300);
  std::vector<Seen> Sent;
  int64_t Now[isa::NumEngines] = {};
  for (int K = 0; K < 200000; ++K) {
    unsigned What = static_cast<unsigned>(Rng() % 100);
    if (What < 90) {
      unsigned Eng = static_cast<unsigned>(Rng() % isa::NumEngines);
      auto &Stream = Code[Eng][Rng() % 50 == 0];
      uint32_t Index = static_cast<uint32_t>(Rng() % Stream.size());
      emu::InstrEvent Ev{
          static_cast<isa::Engine>(Eng), Index, &Stream[Index], 0, 0, 0, 0, 0, -1, {}};
      // Mostly back to back; sometimes a gap, a wait, or a start before
      // the engine's last end (a full record).
      int64_t Start = Now[Eng] + (Rng() % 4 == 0 ? static_cast<int64_t>(Rng() % 100000) : 0);
      if (Rng() % 200 == 0)
        Start = Now[Eng] - 5;
      int64_t Dur = static_cast<int64_t>(Rng() >> (Rng() % 64));
      Dur = Dur % (int64_t(1) << 40);
      Ev.IssuePs = Start - static_cast<int64_t>(Rng() % 1000);
      Ev.StartPs = Start;
      Ev.EndPs = Start + Dur;
      Ev.Cycles = Rng() >> (Rng() % 64);
      if (Rng() % 10 == 0) {
        Ev.WaitedPs = static_cast<int64_t>(Rng() % 5000) + 1;
        Ev.WaitSem = static_cast<int>(Rng() % 32);
        Ev.ReleasedBy = {true, false, isa::Engine::ACT, 7, 0, Start - 3};
      } else {
        Ev.IssuePs = Start; // what a quick record gives back
      }
      Now[Eng] = Ev.EndPs;
      Sent.push_back(Ev);
    } else if (What < 97) {
      emu::DmaEvent Ev{static_cast<unsigned>(Rng() % 64),
                       isa::Engine::SP,
                       static_cast<uint32_t>(Rng() % 100),
                       &Code[4][0][0],
                       static_cast<int64_t>(Rng() % 100000),
                       static_cast<int64_t>(Rng() % 200000),
                       Rng() % 65536,
                       true,
                       false};
      Sent.push_back(Ev);
    } else {
      Sent.push_back(HbmSeen{static_cast<int64_t>(Rng() % 1000000), double(Rng() % 1000) / 7});
    }
  }
  Recorder R;
  {
    BackgroundFormatter B(R);
    for (const Seen &S : Sent) {
      if (const auto *I = std::get_if<emu::InstrEvent>(&S))
        B.instructionDone(*I);
      else if (const auto *D = std::get_if<emu::DmaEvent>(&S))
        B.dmaDone(*D);
      else
        B.hbmBandwidth(std::get<HbmSeen>(S).Ps, std::get<HbmSeen>(S).GBps);
    }
    B.finish();
  }
  REQUIRE(R.Got.size() == Sent.size());
  for (size_t K = 0; K < Sent.size(); ++K) {
    REQUIRE(R.Got[K].index() == Sent[K].index());
    if (const auto *I = std::get_if<emu::InstrEvent>(&Sent[K])) {
      REQUIRE_MESSAGE(sameInstr(std::get<emu::InstrEvent>(R.Got[K]), *I), K);
    } else if (const auto *D = std::get_if<emu::DmaEvent>(&Sent[K])) {
      const auto &G = std::get<emu::DmaEvent>(R.Got[K]);
      REQUIRE((G.Queue == D->Queue && G.Index == D->Index && G.I == D->I &&
               G.StartPs == D->StartPs && G.EndPs == D->EndPs && G.Bytes == D->Bytes));
    } else {
      REQUIRE(std::get<HbmSeen>(R.Got[K]) == std::get<HbmSeen>(Sent[K]));
    }
  }
}

TEST_CASE("BackgroundFormatter reports what its sink threw, at finish") {
  struct Throws final : trace::TraceSink {
    int Seen = 0;
    void formatInstr(const emu::InstrEvent &) override {
      if (++Seen == 3)
        throw std::runtime_error("disk full");
    }
    void formatDma(const emu::DmaEvent &) override {}
    void formatHbm(int64_t, double) override {}
  } Sink;
  isa::Instr I;
  BackgroundFormatter B(Sink);
  for (int K = 0; K < 10; ++K)
    B.instructionDone({isa::Engine::SP, 0, &I, K, K, K + 1, 0, 1, -1, {}});
  CHECK_THROWS_WITH(B.finish(), "disk full");
  CHECK(Sink.Seen == 3); // nothing formatted after the failure
}

// The records the Perfetto trace adds for its arrows, semaphore counters
// and occupancy: issues (their semaphores), arrivals, and on-chip accesses
// reduced to their spans (HBM accesses are not sent), in order with the
// others.
TEST_CASE("BackgroundFormatter hands over issues, arrivals and accesses") {
  struct Log final : trace::TraceSink {
    std::vector<std::string> Got;
    void formatInstr(const emu::InstrEvent &Ev) override {
      Got.push_back("instr " + std::to_string(Ev.Index));
    }
    void formatDma(const emu::DmaEvent &) override {}
    void formatHbm(int64_t, double) override {}
    void formatIssue(isa::Engine Eng, const uint8_t *Sems, unsigned N) override {
      std::string S = "issue " + std::to_string(static_cast<unsigned>(Eng));
      for (unsigned K = 0; K < N; ++K)
        S += " s" + std::to_string(Sems[K]);
      Got.push_back(S);
    }
    void formatArrival(const emu::SignalEvent &Ev, int64_t Ps) override {
      Got.push_back("arrival s" + std::to_string(Ev.Sem) + "=" + std::to_string(Ev.Value) +
                    " from " + std::to_string(Ev.From.Index) + " at " + std::to_string(Ps));
    }
    void formatAccess(const emu::AccessEvent &Ev) override {
      Got.push_back("access " + std::to_string(Ev.Index) + (Ev.Write ? " w " : " r ") +
                    std::to_string(Ev.F.PartStart) + "+" + std::to_string(Ev.F.Partitions) + " " +
                    std::to_string(Ev.F.Runs[0].First) + ".." + std::to_string(Ev.F.Runs[0].Last) +
                    " runs " + std::to_string(Ev.F.NumRuns) + " at " + std::to_string(Ev.Ps));
    }
  } Sink;
  std::vector<isa::Instr> Code(4);
  {
    BackgroundFormatter B(Sink);
    emu::ResolvedWait Waits[2] = {{3, isa::WaitCond::Ge, 1}, {5, isa::WaitCond::Ge, 2}};
    B.issued({isa::Engine::PE, 1, &Code[1], Waits, 2});
    B.signalArrived({5, 2, {true, true, isa::Engine::SP, 9, 3, 40}, 1}, 70);
    emu::ByteRun Runs[3] = {{0, 3}, {8, 11}, {16, 19}};
    B.accessed({isa::Engine::ACT,
                2,
                &Code[2],
                false,
                0,
                1,
                false,
                {isa::MemSpace::SBUF, 4, 8, Runs, 3, true},
                90});
    B.accessed({isa::Engine::SP,
                3,
                &Code[3],
                true,
                0,
                0,
                true,
                {isa::MemSpace::HBM, 0, 1, Runs, 1, true},
                95});
    B.instructionDone({isa::Engine::PE, 1, &Code[1], 0, 100, 200, 0, 64, -1, {}});
    B.finish();
  }
  CHECK(Sink.Got == std::vector<std::string>{"issue 0 s3 s5", "arrival s5=2 from 9 at 70",
                                             "access 2 r 4+8 0..19 runs 1 at 90", "instr 1"});
}
