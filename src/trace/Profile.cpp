//===- Profile.cpp - time per source line ---------------------------------===//

#include "trn/trace/Profile.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_os_ostream.h"

#include <fmt/format.h>

#include <algorithm>

namespace trn::trace {

namespace {

// Exact ns from integer ps: "1404.548".
std::string ns(int64_t Ps) {
  const char *Sign = Ps < 0 ? "-" : "";
  uint64_t A = Ps < 0 ? uint64_t(0) - uint64_t(Ps) : uint64_t(Ps);
  return fmt::format("{}{}.{:03}", Sign, A / 1000, A % 1000);
}

void add(ProfileLine &To, const ProfileLine &From) {
  To.Executions += From.Executions;
  To.BusyPs += From.BusyPs;
  To.WaitPs += From.WaitPs;
  To.Transfers += From.Transfers;
  To.DmaPs += From.DmaPs;
}

} // namespace

Profiler::Profiler(const emu::Emulator &E) : E(E) {
  for (unsigned Eng = 0; Eng < isa::NumEngines; ++Eng)
    RowOf[Eng].assign(E.program().Streams[Eng].size(), -1);
}

ProfileLine &Profiler::rowFor(isa::Engine Eng, uint32_t Index) {
  auto &Slot = RowOf[static_cast<unsigned>(Eng)];
  if (Index < Slot.size() && Slot[Index] >= 0)
    return Rows[Slot[Index]];
  const object::Program &P = E.program();
  const object::Stream &S = P.stream(Eng);
  object::SourceLoc Loc = Index < S.Locs.size() ? S.Locs[Index] : object::SourceLoc{};
  auto Key = Loc.Line ? std::tuple(Loc.File, Loc.Line, static_cast<unsigned>(Eng), 0u)
                      : std::tuple(UINT32_MAX, 0u, static_cast<unsigned>(Eng), Index);
  auto [It, New] = RowByKey.try_emplace(Key, static_cast<int32_t>(Rows.size()));
  if (New) {
    ProfileLine L;
    L.File = Loc.File;
    L.Line = Loc.Line;
    L.Eng = Eng;
    L.Index = Index;
    if (Loc.Line && Loc.File < P.Files.size())
      L.Where = fmt::format("{}:{}", P.Files[Loc.File], Loc.Line);
    else
      L.Where = fmt::format("<{} #{}>", isa::engine(Eng).RecordName, Index);
    if (const isa::Instr *I = E.instruction(Eng, Index))
      L.Instruction = isa::print(*I, {}, true);
    Rows.push_back(std::move(L));
  }
  ProfileLine &Row = Rows[It->second];
  // The row shows its first instruction, whichever ran first.
  if (Index < Row.Index) {
    Row.Index = Index;
    if (const isa::Instr *I = E.instruction(Eng, Index))
      Row.Instruction = isa::print(*I, {}, true);
  }
  if (Index < Slot.size())
    Slot[Index] = It->second;
  return Row;
}

void Profiler::instructionDone(const emu::InstrEvent &Ev) {
  ProfileLine &Row = rowFor(Ev.Eng, Ev.Index);
  ++Row.Executions;
  Row.BusyPs += Ev.EndPs - Ev.StartPs;
  Row.WaitPs += Ev.WaitedPs;
}

void Profiler::dmaDone(const emu::DmaEvent &Ev) {
  ProfileLine &Row = rowFor(Ev.Issuer, Ev.Index);
  ++Row.Transfers;
  Row.DmaPs += Ev.EndPs - Ev.StartPs;
}

Profile Profiler::build(const emu::RunResult &R) const {
  Profile Out;
  Out.Chip = E.chip().Name;
  Out.TotalPs = R.TimePs;
  Out.Lines = Rows;
  std::sort(Out.Lines.begin(), Out.Lines.end(), [](const ProfileLine &A, const ProfileLine &B) {
    if (A.BusyPs != B.BusyPs)
      return A.BusyPs > B.BusyPs;
    if (A.WaitPs != B.WaitPs)
      return A.WaitPs > B.WaitPs;
    if (A.DmaPs != B.DmaPs)
      return A.DmaPs > B.DmaPs;
    // Lines without a table last, by instruction.
    auto Key = [](const ProfileLine &L) {
      return std::tuple(L.Line == 0, L.File, L.Line, static_cast<unsigned>(L.Eng), L.Index);
    };
    return Key(A) < Key(B);
  });
  for (unsigned Eng = 0; Eng < isa::NumEngines; ++Eng) {
    Out.Totals[Eng].Eng = static_cast<isa::Engine>(Eng);
    Out.Totals[Eng].Where = isa::engine(static_cast<isa::Engine>(Eng)).RecordName;
  }
  Out.Total.Where = "total";
  for (const ProfileLine &L : Out.Lines) {
    add(Out.Totals[static_cast<unsigned>(L.Eng)], L);
    add(Out.Total, L);
  }
  return Out;
}

void printProfile(const Profile &P, std::ostream &OS) {
  auto Percent = [&](int64_t Ps) {
    return P.TotalPs > 0 ? 100.0 * double(Ps) / double(P.TotalPs) : 0.0;
  };
  OS << fmt::format("Profile ({}): total {} ns, {} source line{}, busiest first\n\n", P.Chip,
                    ns(P.TotalPs), P.Lines.size(), P.Lines.size() == 1 ? "" : "s");
  auto Head = [&] {
    OS << fmt::format("{:>14} {:>7} {:>14} {:>14} {:>9} {:<6} {}\n", "busy ns", "busy",
                      "waiting ns", "dma ns", "runs", "engine", "line");
  };
  auto Row = [&](const ProfileLine &L, const std::string &Engine, const std::string &Rest) {
    OS << fmt::format("{:>14} {:>6.1f}% {:>14} {:>14} {:>9} {:<6} {}\n", ns(L.BusyPs),
                      Percent(L.BusyPs), ns(L.WaitPs), ns(L.DmaPs), L.Executions, Engine, Rest);
  };
  Head();
  for (const ProfileLine &L : P.Lines)
    Row(L, isa::engine(L.Eng).RecordName, L.Where + "  " + L.Instruction);
  OS << '\n';
  for (const ProfileLine &T : P.Totals)
    Row(T, T.Where, "total");
  Row(P.Total, "all", "total");
}

void writeProfileJson(const Profile &P, std::ostream &Out) {
  llvm::raw_os_ostream OS(Out);
  llvm::json::OStream J(OS, 2);
  // Times in ns exactly, as the report JSON writes them ("1404.548", "0").
  auto Ns = [&](llvm::StringRef Key, int64_t Ps) {
    std::string Text = ns(Ps);
    Text.erase(Text.find_last_not_of('0') + 1);
    if (Text.back() == '.')
      Text.pop_back();
    J.attributeBegin(Key);
    J.rawValue(Text == "-0" ? "0" : Text);
    J.attributeEnd();
  };
  auto Figures = [&](const ProfileLine &L) {
    J.attribute("executions", static_cast<int64_t>(L.Executions));
    Ns("busy_ns", L.BusyPs);
    Ns("waiting_ns", L.WaitPs);
    J.attribute("dma_transfers", static_cast<int64_t>(L.Transfers));
    Ns("dma_ns", L.DmaPs);
  };
  J.object([&] {
    J.attribute("chip", P.Chip);
    Ns("total_time_ns", P.TotalPs);
    J.attributeArray("lines", [&] {
      for (const ProfileLine &L : P.Lines)
        J.object([&] {
          J.attribute("where", L.Where);
          J.attribute("line", static_cast<int64_t>(L.Line));
          J.attribute("engine", isa::engine(L.Eng).RecordName);
          J.attribute("instruction", L.Instruction);
          Figures(L);
        });
    });
    J.attributeObject("engines", [&] {
      for (const ProfileLine &T : P.Totals)
        J.attributeObject(T.Where, [&] { Figures(T); });
    });
    J.attributeObject("total", [&] { Figures(P.Total); });
  });
  OS << '\n';
}

} // namespace trn::trace
