//===- HtmlView.cpp - write the page --------------------------------------===//
//
// The page is page.html with page.css, page.js and the run's data put in
// its placeholders. The data is one JSON object of compact arrays (no
// object per event): per track the gaps between slices, their durations
// and their instructions as deltas, which mostly repeat and so stay short.
//
//===----------------------------------------------------------------------===//

#include "trn/view/HtmlView.h"

#include "trn/trace/OperandName.h"
#include "trn/trace/Profile.h"
#include "trn/trace/Report.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>
#include <unordered_map>

namespace trn::view {

// page.{html,css,js}, embedded by src/view/Embed.cmake.
extern const char PageHtml[], PageCss[], PageJs[];

namespace {

// A JSON string that is safe inside <script>: '<' is escaped, so the data
// can hold neither "</script>" nor "<!--".
void quote(std::string &Out, std::string_view S) {
  Out += '"';
  for (char C : S) {
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\t':
      Out += "\\t";
      break;
    case '<':
      Out += "\\u003c";
      break;
    default:
      if (static_cast<unsigned char>(C) < 0x20)
        Out += fmt::format("\\u{:04x}", static_cast<unsigned char>(C));
      else
        Out += C;
    }
  }
  Out += '"';
}

std::string quoted(std::string_view S) {
  std::string Out;
  quote(Out, S);
  return Out;
}

// [a,b,c] of integers.
template <class Vec> void ints(std::string &Out, const Vec &V) {
  Out += '[';
  bool First = true;
  for (auto X : V) {
    if (!First)
      Out += ',';
    First = false;
    fmt::format_to(std::back_inserter(Out), "{}", X);
  }
  Out += ']';
}

// A number with fixed decimals: the same bytes on every host.
std::string fixed(double X, int Decimals) { return fmt::format("{:.{}f}", X, Decimals); }

// kind, engine or queue, index, ps: kind 0 none, 1 an engine's
// instruction, 2 a DMA queue's transfer (index: its trigger's).
void senderJson(std::string &Out, const emu::Sender &S) {
  if (!S.Valid)
    Out += "0,0,0,0";
  else
    fmt::format_to(std::back_inserter(Out), "{},{},{},{}", S.FromDma ? 2 : 1,
                   S.FromDma ? S.Queue : static_cast<unsigned>(S.Eng), S.Index, S.Ps);
}

void trackJson(std::string &Out, const Recorder::Track &T, bool Dma) {
  // Each as a delta from the slice before: mostly 0.
  std::vector<int64_t> Gap, Dur, Step, Cycles;
  std::vector<unsigned> Eng;
  std::vector<uint64_t> Bytes;
  int64_t PrevEnd = 0, PrevIndex = -1, PrevDur = 0, PrevCycles = 0;
  for (const Recorder::Slice &S : T.Slices) {
    Gap.push_back(S.StartPs - PrevEnd);
    Dur.push_back(S.EndPs - S.StartPs - PrevDur);
    Step.push_back(int64_t(S.Index) - PrevIndex - 1);
    PrevEnd = S.EndPs;
    PrevDur = S.EndPs - S.StartPs;
    PrevIndex = S.Index;
    if (Dma) {
      Eng.push_back(static_cast<unsigned>(S.Eng));
      Bytes.push_back(S.Bytes);
    } else {
      Cycles.push_back(int64_t(S.Cycles) - PrevCycles);
      PrevCycles = int64_t(S.Cycles);
    }
  }
  Out += "\"g\":";
  ints(Out, Gap);
  Out += ",\"d\":";
  ints(Out, Dur);
  Out += ",\"x\":";
  ints(Out, Step);
  if (Dma) {
    Out += ",\"e\":";
    ints(Out, Eng);
    Out += ",\"b\":";
    ints(Out, Bytes);
  } else {
    Out += ",\"c\":";
    ints(Out, Cycles);
  }
  // Waits: slice, waited ps, semaphore, then the sender's four, flat.
  Out += ",\"w\":[";
  bool First = true;
  for (const Recorder::Wait &W : T.Waits) {
    if (!First)
      Out += ',';
    First = false;
    fmt::format_to(std::back_inserter(Out), "{},{},{},", W.Slice, W.WaitedPs, W.Sem);
    senderJson(Out, W.By);
  }
  Out += ']';
}

void pointsJson(std::string &Out, const std::vector<Recorder::Point> &P, int Decimals) {
  // Times as deltas, values with fixed decimals.
  Out += "\"p\":[";
  int64_t Prev = 0;
  for (size_t K = 0; K < P.size(); ++K) {
    fmt::format_to(std::back_inserter(Out), "{}{}", K ? "," : "", P[K].Ps - Prev);
    Prev = P[K].Ps;
  }
  Out += "],\"v\":[";
  for (size_t K = 0; K < P.size(); ++K)
    fmt::format_to(std::back_inserter(Out), "{}{}", K ? "," : "", fixed(P[K].Value, Decimals));
  Out += ']';
}

std::string semaphoreName(const object::Program &P, unsigned Sem) {
  for (const object::Semaphore &S : P.Semaphores)
    if (S.Index == Sem)
      return fmt::format("s{} ({})", Sem, S.Name);
  return fmt::format("s{}", Sem);
}

// Each static instruction: its text (interned: unrolled code repeats) and
// its location (file, line), for every engine's stream.
void staticsJson(std::string &Out, const emu::Emulator &E) {
  const object::Program &P = E.program();
  std::unordered_map<std::string, uint32_t> TextId;
  std::vector<const std::string *> Texts;
  std::string Streams = "[";
  for (unsigned Eng = 0; Eng < isa::NumEngines; ++Eng) {
    const object::Stream &S = P.Streams[Eng];
    std::vector<uint32_t> T, F, L;
    std::vector<int64_t> Dma; // a DMA instruction's transfer name, as the trace names it; else -1
    auto Intern = [&](std::string Text) {
      auto [It, New] = TextId.try_emplace(std::move(Text), static_cast<uint32_t>(Texts.size()));
      if (New)
        Texts.push_back(&It->first);
      return It->second;
    };
    for (uint32_t K = 0; K < S.size(); ++K) {
      const isa::Instr *I = E.instruction(static_cast<isa::Engine>(Eng), K);
      T.push_back(Intern(I ? isa::print(*I, {}, true) : std::string("?")));
      Dma.push_back(I && isa::instr(I->Op).IsDma ? Intern(trace::transferName(P, *I)) : -1);
      object::SourceLoc Loc = K < S.Locs.size() ? S.Locs[K] : object::SourceLoc{};
      F.push_back(Loc.File);
      L.push_back(Loc.Line);
    }
    Streams += Eng ? ",{\"t\":" : "{\"t\":";
    ints(Streams, T);
    Streams += ",\"f\":";
    ints(Streams, F);
    Streams += ",\"l\":";
    ints(Streams, L);
    Streams += ",\"d\":";
    ints(Streams, Dma);
    Streams += '}';
  }
  Streams += ']';
  Out += "\"texts\":[";
  for (size_t K = 0; K < Texts.size(); ++K) {
    if (K)
      Out += ',';
    quote(Out, *Texts[K]);
  }
  Out += "],\"streams\":";
  Out += Streams;
}

void reportJson(std::string &Out, const trace::Report &R, const isa::ChipDesc &C) {
  Out += "{\"engines\":[";
  for (unsigned K = 0; K < isa::NumEngines; ++K) {
    const trace::EngineReport &ER = R.Engines[K];
    fmt::format_to(std::back_inserter(Out),
                   "{}{{\"name\":{},\"id\":{},\"n\":{},\"active\":{},"
                   "\"stalled\":{},\"stalls\":[",
                   K ? "," : "", quoted(ER.Name), quoted(ER.Id), ER.Instructions, ER.ActivePs,
                   ER.StalledPs);
    for (size_t S = 0; S < ER.Stalls.size(); ++S)
      fmt::format_to(std::back_inserter(Out), "{}[{},{}]", S ? "," : "",
                     quoted(ER.Stalls[S].description()), ER.Stalls[S].Ps);
    Out += "]}";
  }
  // TensorE's peak: the matmuls' own (their FLOPs over their time at
  // peak), or without matmuls the plain mode's.
  double PeakFlops = 0;
  if (R.PeakFlopTime > 0)
    PeakFlops = R.MatmulFlops / R.PeakFlopTime;
  else if (!C.PeModes.empty())
    PeakFlops = 2.0 * C.PeModes[0].MacsPerCycle * C.ClockMHz[0] * 1e6;
  fmt::format_to(std::back_inserter(Out),
                 "],\"total\":{},\"flops\":{},\"mfu\":{},\"peak_flops\":{},\"hbm_read\":{},"
                 "\"hbm_write\":{},\"hbm_gbps\":{},\"hbm_peak_gbps\":{},\"dma_gbps\":{},"
                 "\"dma_peak_gbps\":{},\"dma_active\":{},\"verdict\":{}}}",
                 R.TotalPs, fixed(R.MatmulFlops, 0), fixed(100 * R.Mfu, 4), fixed(PeakFlops, 0),
                 R.HbmReadBytes, R.HbmWriteBytes, fixed(R.HbmGBps, 4), fixed(R.HbmPeakGBps, 2),
                 fixed(R.DmaGBps, 4), fixed(R.DmaPeakGBps, 2), R.DmaActivePs,
                 quoted(R.Verdict.Summary));
}

void profileJson(std::string &Out, const trace::Profile &Prof) {
  // [file, line, engine, executions, busy ps, wait ps, dma ps, where, text]
  Out += '[';
  for (size_t K = 0; K < Prof.Lines.size(); ++K) {
    const trace::ProfileLine &L = Prof.Lines[K];
    fmt::format_to(std::back_inserter(Out), "{}[{},{},{},{},{},{},{},{},{}]", K ? "," : "",
                   L.Line ? L.File : 0, L.Line, static_cast<unsigned>(L.Eng), L.Executions,
                   L.BusyPs, L.WaitPs, L.DmaPs, quoted(L.Where), quoted(L.Instruction));
  }
  Out += ']';
}

// A source file's text for the listing; "" when it cannot be read or is
// larger than MaxSourceBytes (a generated listing the page would only
// double: its profiled lines are listed without their text).
constexpr std::streamoff MaxSourceBytes = 4 << 20;
std::string readSource(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary | std::ios::ate);
  if (!In || In.tellg() > MaxSourceBytes)
    return {};
  In.seekg(0);
  std::ostringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

std::string dataJson(const PageInputs &In) {
  const emu::Emulator &E = In.E;
  const object::Program &P = E.program();
  std::string Out = "{";
  fmt::format_to(std::back_inserter(Out),
                 "\"title\":{},\"chip\":{},\"total\":{},\"instructions\":{},", quoted(In.Title),
                 quoted(E.chip().Name), In.R.TimePs, In.R.Instructions);
  Out += "\"engines\":[";
  for (unsigned K = 0; K < isa::NumEngines; ++K) {
    const isa::EngineDesc &D = isa::engine(static_cast<isa::Engine>(K));
    fmt::format_to(std::back_inserter(Out), "{}[{},{}]", K ? "," : "", quoted(D.RecordName),
                   quoted(D.Name));
  }
  Out += "],\"files\":[";
  for (size_t K = 0; K < P.Files.size(); ++K) {
    if (K)
      Out += ',';
    quote(Out, P.Files[K]);
  }
  Out += "],";
  staticsJson(Out, E);
  Out += ",\"tracks\":[";
  for (unsigned K = 0; K < isa::NumEngines; ++K) {
    fmt::format_to(std::back_inserter(Out), "{}{{\"eng\":{},", K ? "," : "", K);
    trackJson(Out, In.Rec.engines()[K], false);
    Out += '}';
  }
  constexpr unsigned PerEngine = 16; // DmaEvent::Queue is engine * 16 + queue
  for (const auto &[Q, T] : In.Rec.queues()) {
    fmt::format_to(std::back_inserter(Out), ",{{\"queue\":{},\"name\":\"DMA q{}.{}\",", Q,
                   Q / PerEngine, Q % PerEngine);
    trackJson(Out, T, true);
    Out += '}';
  }
  Out += "],\"counters\":[{\"name\":\"HBM GB/s\",";
  pointsJson(Out, In.Rec.hbm(), 2);
  Out += '}';
  // Occupancy, a step function from 0.
  for (auto [Space, Name] : {std::pair(isa::MemSpace::SBUF, "SBUF bytes in use"),
                             std::pair(isa::MemSpace::PSUM, "PSUM bytes in use")}) {
    std::vector<Recorder::Point> All{{0, 0}};
    for (const trace::OccupancyStep &St : In.Rec.occupancy().steps(Space))
      if (St.Ps == 0)
        All.back().Value = double(St.Bytes);
      else
        All.push_back({St.Ps, double(St.Bytes)});
    fmt::format_to(std::back_inserter(Out), ",{{\"name\":{},", quoted(Name));
    pointsJson(Out, All, 0);
    Out += '}';
  }
  // Semaphores: those signalled, from their initial values.
  for (const auto &[Sem, Points] : In.Rec.semaphores()) {
    std::vector<Recorder::Point> All;
    int32_t Initial = 0;
    for (const object::Semaphore &S : P.Semaphores)
      if (S.Index == Sem)
        Initial = S.Initial;
    if (Points.empty() || Points.front().Ps > 0)
      All.push_back({0, double(Initial)});
    All.insert(All.end(), Points.begin(), Points.end());
    fmt::format_to(std::back_inserter(Out), ",{{\"name\":{},\"sem\":{},",
                   quoted("semaphore " + semaphoreName(P, Sem)), Sem);
    pointsJson(Out, All, 0);
    Out += '}';
  }
  Out += "],\"semnames\":{";
  for (size_t K = 0; K < P.Semaphores.size(); ++K)
    fmt::format_to(std::back_inserter(Out), "{}\"{}\":{}", K ? "," : "", P.Semaphores[K].Index,
                   quoted(P.Semaphores[K].Name));
  Out += "},\"report\":";
  reportJson(Out, In.Rep, E.chip());
  Out += ",\"profile\":";
  profileJson(Out, In.Prof);
  Out += ",\"sources\":[";
  for (size_t K = 0; K < P.Files.size(); ++K) {
    if (K)
      Out += ',';
    quote(Out, readSource(P.Files[K]));
  }
  Out += "],\"fault\":";
  if (In.R.Error) {
    const emu::Fault &F = *In.R.Error;
    fmt::format_to(std::back_inserter(Out),
                   "{{\"kind\":{},\"message\":{},\"ps\":{},\"eng\":{},"
                   "\"index\":{}}}",
                   quoted(emu::faultKindName(F.Kind)), quoted(F.Message), In.R.TimePs,
                   F.Eng ? static_cast<int>(*F.Eng) : -1, F.Index);
  } else {
    Out += "null";
  }
  Out += '}';
  return Out;
}

// Replaces the one Marker in Page with Text.
void fill(std::string &Page, std::string_view Marker, const std::string &Text) {
  size_t At = Page.find(Marker);
  if (At != std::string::npos)
    Page.replace(At, Marker.size(), Text);
}

} // namespace

namespace {

// The page of In; Extra, when given, is written between the data and the
// page's script.
void writePage(const PageInputs &In, std::ostream &OS, const std::string *Extra) {
  std::string Page = PageHtml;
  // The style and script first: the title cannot hold their markers, nor
  // (with '@' escaped) any other.
  fill(Page, "/*@STYLE@*/", PageCss);
  fill(Page, "/*@SCRIPT@*/", PageJs);
  std::string Title;
  for (char C : In.Title)
    Title += C == '<'   ? std::string("&lt;")
             : C == '&' ? std::string("&amp;")
             : C == '@' ? std::string("&#64;")
                        : std::string(1, C);
  for (size_t At = Page.find("@TITLE@"); At != std::string::npos;
       At = Page.find("@TITLE@", At + Title.size()))
    Page.replace(At, 7, Title);
  // The data last, written in place: it is the largest part.
  size_t At = Page.find("@DATA@");
  OS.write(Page.data(), static_cast<std::streamsize>(At == std::string::npos ? Page.size() : At));
  if (At != std::string::npos) {
    std::string Data = dataJson(In);
    OS.write(Data.data(), static_cast<std::streamsize>(Data.size()));
    size_t Rest = At + 6;
    if (Extra) { // after the data's </script> and its line break
      size_t End = Page.find("</script>\n", Rest);
      End = End == std::string::npos ? Page.size() : End + 10;
      OS.write(Page.data() + Rest, static_cast<std::streamsize>(End - Rest));
      OS << *Extra;
      Rest = End;
    }
    OS.write(Page.data() + Rest, static_cast<std::streamsize>(Page.size() - Rest));
  }
}

} // namespace

void writeHtml(const PageInputs &In, std::ostream &OS) { writePage(In, OS, nullptr); }

void writeHtmlOfCores(const std::vector<PageInputs> &Cores, const std::vector<std::string> &Names,
                      std::ostream &OS) {
  // Core 0's data is the page's; each other core's is a block of its own,
  // and a script before the page's puts the one the address names
  // (#core=K) in its place and adds a selector that reloads the page at
  // another core.
  std::string Extra;
  for (size_t K = 1; K < Cores.size(); ++K)
    Extra += fmt::format("<script id=\"data-core-{}\" type=\"application/json\">{}</script>\n", K,
                         dataJson(Cores[K]));
  std::string NameList;
  for (size_t K = 0; K < Names.size(); ++K)
    NameList += (K ? "," : "") + quoted(Names[K]);
  Extra +=
      fmt::format("<script>\n"
                  "// A run on several cores (trn-emu --cores): one core's view at a time.\n"
                  "(function () {{\n"
                  "  var Names = [{}];\n"
                  "  var M = /core=(\\d+)/.exec(window.location.hash + window.location.search);\n"
                  "  var K = M && +M[1] < Names.length ? +M[1] : 0;\n"
                  "  if (K > 0)\n"
                  "    document.getElementById(\"data\").textContent =\n"
                  "      document.getElementById(\"data-core-\" + K).textContent;\n"
                  "  var Sel = document.createElement(\"select\");\n"
                  "  Sel.id = \"core\";\n"
                  "  Names.forEach(function (N, I) {{\n"
                  "    var O = document.createElement(\"option\");\n"
                  "    O.value = String(I);\n"
                  "    O.textContent = N;\n"
                  "    O.selected = I === K;\n"
                  "    Sel.appendChild(O);\n"
                  "  }});\n"
                  "  Sel.onchange = function () {{\n"
                  "    window.location.hash = \"core=\" + Sel.value;\n"
                  "    window.location.reload();\n"
                  "  }};\n"
                  "  var L = document.createElement(\"label\");\n"
                  "  L.textContent = \"Core: \";\n"
                  "  L.appendChild(Sel);\n"
                  "  document.querySelector(\"header\").appendChild(L);\n"
                  "  document.documentElement.setAttribute(\"data-core\", String(K));\n"
                  "}})();\n"
                  "</script>\n",
                  NameList);
  writePage(Cores[0], OS, &Extra);
}

} // namespace trn::view
