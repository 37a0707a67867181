//===- SvgTimeline.cpp - a run's timeline as a hand-written SVG -----------===//

#include "trn/trace/SvgTimeline.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace trn::trace {

namespace {

// A row grows to this many spans before the resolution doubles: well above
// the picture's width in pixels, so that merging while running never hides
// what the picture would show.
constexpr size_t MaxSpansPerRow = 8192;

// Layout, in pixels.
constexpr double LabelWidth = 96, RightMargin = 24, RowHeight = 22, BarHeight = 16;
constexpr double TitleHeight = 26, InfoHeight = 18, AxisHeight = 34, LegendHeight = 26;

std::string escape(std::string_view S) {
  std::string R;
  R.reserve(S.size());
  for (char C : S)
    switch (C) {
    case '&':
      R += "&amp;";
      break;
    case '<':
      R += "&lt;";
      break;
    case '>':
      R += "&gt;";
      break;
    case '"':
      R += "&quot;";
      break;
    default:
      R += C;
    }
  return R;
}

// Nanoseconds as the axis and tooltips print them: whole, or to the
// picosecond as --trace-text prints them.
std::string ns(int64_t Ps) {
  if (Ps % 1000 == 0)
    return fmt::format("{}", Ps / 1000);
  return fmt::format("{}.{:03}", Ps / 1000, Ps % 1000);
}

// The first of 1, 2, 5 times a power of ten (ns) that gives at most
// MaxTicks ticks over Span.
int64_t tickStepPs(int64_t SpanPs, int MaxTicks) {
  for (int64_t Pow = 1000;; Pow *= 10)
    for (int64_t M : {1, 2, 5})
      if (SpanPs / (M * Pow) < MaxTicks)
        return M * Pow;
}

std::string firstLine(const std::string &S) { return S.substr(0, S.find('\n')); }

} // namespace

const char *SvgPalette::engine(isa::Engine E) {
  // Tableau 10: distinct for common colour-vision deficiencies.
  static constexpr const char *ByEngine[] = {"#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#9c755f"};
  unsigned I = static_cast<unsigned>(E);
  return I < std::size(ByEngine) ? ByEngine[I] : "#bab0ac";
}

void mergeSpans(std::vector<SvgTimeline::Span> &Spans, int64_t Res) {
  if (Res <= 0 || Spans.empty())
    return;
  size_t Out = 0;
  for (size_t I = 1; I < Spans.size(); ++I) {
    SvgTimeline::Span &Last = Spans[Out];
    const SvgTimeline::Span &S = Spans[I];
    bool Narrow = Last.EndPs - Last.StartPs < Res || S.EndPs - S.StartPs < Res;
    if (Narrow && S.StartPs - Last.EndPs < Res) {
      Last.EndPs = std::max(Last.EndPs, S.EndPs);
      Last.BusyPs += S.BusyPs;
      Last.Count += S.Count;
      Last.I = nullptr;
    } else {
      Spans[++Out] = S;
    }
  }
  Spans.resize(Out + 1);
}

SvgTimeline::SvgTimeline(const emu::Emulator &Em, SvgOptions O)
    : E(Em), Opts(std::move(O)), Engines(isa::NumEngines) {
  Opts.Width = std::max(Opts.Width, 320u);
  for (unsigned I = 0; I < isa::NumEngines; ++I)
    Engines[I].Eng = static_cast<isa::Engine>(I);
}

SvgTimeline::~SvgTimeline() = default;

void SvgTimeline::add(Row &R, const Span &S) {
  std::vector<Span> &V = R.Spans;
  if (!V.empty() && ResolutionPs > 0) {
    Span &Last = V.back();
    bool Narrow = Last.EndPs - Last.StartPs < ResolutionPs || S.EndPs - S.StartPs < ResolutionPs;
    if (Narrow && S.StartPs - Last.EndPs < ResolutionPs) {
      Last.EndPs = std::max(Last.EndPs, S.EndPs);
      Last.BusyPs += S.BusyPs;
      Last.Count += S.Count;
      Last.I = nullptr;
      return;
    }
  }
  V.push_back(S);
  while (V.size() > MaxSpansPerRow) {
    // Coarser, until the row is half full: every row merges at the same
    // resolution from here on.
    ResolutionPs = ResolutionPs ? ResolutionPs * 2
                                : std::max<int64_t>(1, (V.back().EndPs - V.front().StartPs) /
                                                           static_cast<int64_t>(MaxSpansPerRow));
    mergeSpans(V, ResolutionPs);
    if (V.size() > MaxSpansPerRow / 2)
      continue;
    break;
  }
}

void SvgTimeline::instructionDone(const emu::InstrEvent &Ev) {
  ++Instructions;
  add(Engines[static_cast<unsigned>(Ev.Eng)],
      {Ev.StartPs, Ev.EndPs, Ev.EndPs - Ev.StartPs, 1, Ev.Index, Ev.I, Ev.Cycles});
}

void SvgTimeline::dmaDone(const emu::DmaEvent &Ev) {
  ++Transfers;
  if (Ev.Queue >= Queues.size())
    Queues.resize(Ev.Queue + 1);
  Row &R = Queues[Ev.Queue];
  R.Dma = true;
  R.Eng = Ev.Issuer;
  R.Queue = Ev.Queue;
  add(R, {Ev.StartPs, Ev.EndPs, Ev.EndPs - Ev.StartPs, 1, Ev.Index, Ev.I, Ev.Bytes});
}

void SvgTimeline::finished(int64_t End) { EndPs = End; }

void SvgTimeline::runFaulted(const emu::Fault &F, int64_t Ps) {
  Fault = F;
  FaultPs = Ps;
}

std::string SvgTimeline::svg() const { return draw({this}, {}, Opts); }

std::string SvgTimeline::svgOfCores(const std::vector<const SvgTimeline *> &Cores,
                                    const std::vector<std::string> &Names, SvgOptions Opts) {
  return draw(Cores, Names, Opts);
}

std::string SvgTimeline::draw(const std::vector<const SvgTimeline *> &Cores,
                              const std::vector<std::string> &Names, const SvgOptions &Opts) {
  // The rows drawn, core by core (after a row naming the core when there
  // are several): engines that ran, then queues used. Null: a core's name.
  std::vector<const Row *> Rows;
  std::vector<size_t> CoreOfRow;
  const SvgTimeline &First = *Cores[0];
  int64_t EndPs = 0, LastPs = 0, ResolutionPs = 0;
  uint64_t Instructions = 0, Transfers = 0;
  bool Faulted = false, AnyDeadlock = false, AnyFault = false;
  for (size_t C = 0; C < Cores.size(); ++C) {
    const SvgTimeline &T = *Cores[C];
    if (!Names.empty()) {
      Rows.push_back(nullptr);
      CoreOfRow.push_back(C);
    }
    for (const std::vector<Row> *Group : {&T.Engines, &T.Queues})
      for (const Row &R : *Group)
        if (!R.Spans.empty()) {
          Rows.push_back(&R);
          CoreOfRow.push_back(C);
          LastPs = std::max(LastPs, R.Spans.back().EndPs);
        }
    EndPs = std::max(EndPs, T.EndPs);
    ResolutionPs = std::max(ResolutionPs, T.ResolutionPs);
    Instructions += T.Instructions;
    Transfers += T.Transfers;
    if (T.Fault) {
      Faulted = true;
      (T.Fault->Kind == emu::FaultKind::Deadlock ? AnyDeadlock : AnyFault) = true;
    }
  }
  LastPs = std::max(LastPs, EndPs);

  double W = Opts.Width;
  double PlotX = LabelWidth, PlotW = W - LabelWidth - RightMargin;
  int64_t SpanPs = std::max<int64_t>(LastPs, 1000);
  double PxPerPs = PlotW / static_cast<double>(SpanPs);
  // Merged down to a pixel (at least the resolution used while running).
  int64_t Pixel = std::max<int64_t>(ResolutionPs, static_cast<int64_t>(std::ceil(SpanPs / PlotW)));

  double Y = 0;
  std::string Body;
  if (!Opts.Title.empty()) {
    Body += fmt::format("<text x=\"{:.1f}\" y=\"18\" font-size=\"15\" "
                        "font-weight=\"bold\">{}</text>\n",
                        8.0, escape(Opts.Title));
    Y += TitleHeight;
  }
  std::string Chip = First.E.chip().Name;
  if (Cores.size() > 1)
    Chip += fmt::format(", {} cores", Cores.size());
  Body += fmt::format("<text x=\"8\" y=\"{:.1f}\" fill=\"#555\">{}: {} instructions, {} DMA "
                      "transfers, {} ns{}</text>\n",
                      Y + 12, escape(Chip), Instructions, Transfers, ns(EndPs),
                      Faulted ? (AnyFault ? ", stopped by a fault" : ", deadlocked") : "");
  Y += InfoHeight;
  double RowsTop = Y;

  bool AnyMerged = false;
  std::string Slices;
  for (size_t RI = 0; RI < Rows.size(); ++RI) {
    double RowY = RowsTop + static_cast<double>(RI) * RowHeight;
    if (!Rows[RI]) { // the core's name, over its rows
      Body += fmt::format("<text x=\"8\" y=\"{:.1f}\" font-weight=\"bold\">{}</text>\n",
                          RowY + RowHeight / 2 + 4, escape(Names[CoreOfRow[RI]]));
      continue;
    }
    const Row &R = *Rows[RI];
    if (RI % 2 == 0)
      Body += fmt::format("<rect x=\"0\" y=\"{:.1f}\" width=\"{:.0f}\" height=\"{:.0f}\" "
                          "fill=\"#f4f4f4\"/>\n",
                          RowY, W, RowHeight);
    std::string Label =
        R.Dma ? fmt::format("DMA q{}.{}", R.Queue / 16, R.Queue % 16)
              : fmt::format("{} ({})", isa::engine(R.Eng).RecordName, isa::engine(R.Eng).Name);
    Body += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n",
                        PlotX - 6, RowY + RowHeight / 2 + 4, escape(Label));
    std::vector<Span> Spans = R.Spans;
    mergeSpans(Spans, Pixel);
    // A row's slices share their colour and outline, written once.
    const char *Colour = R.Dma ? SvgPalette::Dma : SvgPalette::engine(R.Eng);
    Slices +=
        fmt::format("<g class=\"row\" fill=\"{}\" stroke=\"#fff\" stroke-width=\"0.5\">\n", Colour);
    double BarY = RowY + (RowHeight - BarHeight) / 2;
    for (const Span &S : Spans) {
      double X = PlotX + static_cast<double>(S.StartPs) * PxPerPs;
      double Wd = std::max(1.0, static_cast<double>(S.EndPs - S.StartPs) * PxPerPs);
      std::string Tip;
      std::string Opacity;
      if (S.Count == 1) {
        std::string What = R.Dma ? fmt::format("dma of {} bytes for {} #{}", S.Cycles,
                                               isa::engine(R.Eng).RecordName, S.Index)
                                 : fmt::format("#{} {} ({} cycles)", S.Index,
                                               isa::print(*S.I, {}, true), S.Cycles);
        Tip = fmt::format("{}: {}-{} ns", What, ns(S.StartPs), ns(S.EndPs));
      } else {
        AnyMerged = true;
        double Busy = static_cast<double>(S.BusyPs) / static_cast<double>(S.EndPs - S.StartPs);
        Tip = fmt::format("{} {} merged: {}-{} ns, busy {:.0f}%", S.Count,
                          R.Dma ? "transfers" : "instructions", ns(S.StartPs), ns(S.EndPs),
                          std::min(Busy, 1.0) * 100);
        Opacity = fmt::format(" fill-opacity=\"{:.2f}\"", 0.35 + 0.65 * std::min(Busy, 1.0));
      }
      Slices += fmt::format("<rect class=\"slice\" x=\"{:.2f}\" y=\"{:.1f}\" width=\"{:.2f}\" "
                            "height=\"{:.0f}\"{}><title>{}</title></rect>\n",
                            X, BarY, Wd, BarHeight, Opacity, escape(Tip));
    }
    Slices += "</g>\n";
  }
  Body += Slices;
  double RowsBottom = RowsTop + static_cast<double>(Rows.size()) * RowHeight;

  // The axis: round ticks in ns.
  Body += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
                      "stroke=\"#333\"/>\n",
                      PlotX, RowsBottom, PlotX + PlotW, RowsBottom);
  int64_t Step = tickStepPs(SpanPs, std::max(2, static_cast<int>(PlotW / 80)));
  for (int64_t T = 0; T <= SpanPs; T += Step) {
    double X = PlotX + static_cast<double>(T) * PxPerPs;
    Body += fmt::format("<line x1=\"{0:.2f}\" y1=\"{1:.1f}\" x2=\"{0:.2f}\" y2=\"{2:.1f}\" "
                        "stroke=\"#333\"/>"
                        "<text x=\"{0:.2f}\" y=\"{3:.1f}\" text-anchor=\"middle\">{4}</text>\n",
                        X, RowsBottom, RowsBottom + 4, RowsBottom + 15, ns(T));
  }
  Body += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" "
                      "fill=\"#555\">time (ns)</text>\n",
                      PlotX + PlotW / 2, RowsBottom + 29);

  // A fault: a line across its core's rows at the time the run stopped,
  // and a mark on the faulting engine's row.
  for (size_t C = 0; C < Cores.size(); ++C) {
    const SvgTimeline &T = *Cores[C];
    if (!T.Fault)
      continue;
    size_t FirstRow = std::find(CoreOfRow.begin(), CoreOfRow.end(), C) - CoreOfRow.begin();
    size_t EndRow =
        std::find_if(CoreOfRow.begin(), CoreOfRow.end(), [&](size_t K) { return K > C; }) -
        CoreOfRow.begin();
    double Top = RowsTop + static_cast<double>(FirstRow) * RowHeight;
    double Bottom = RowsTop + static_cast<double>(EndRow) * RowHeight;
    double X = PlotX + static_cast<double>(T.FaultPs) * PxPerPs;
    std::string Tip = escape(firstLine(T.Fault->Message));
    Body += fmt::format("<g class=\"fault\"><title>{}</title>"
                        "<line x1=\"{:.2f}\" y1=\"{:.1f}\" x2=\"{:.2f}\" y2=\"{:.1f}\" "
                        "stroke=\"{}\" stroke-width=\"2\" stroke-dasharray=\"4 2\"/>",
                        Tip, X, Top, X, Bottom, SvgPalette::Fault);
    if (T.Fault->Eng && !T.Engines[static_cast<unsigned>(*T.Fault->Eng)].Spans.empty()) {
      size_t RI =
          std::find(Rows.begin(), Rows.end(), &T.Engines[static_cast<unsigned>(*T.Fault->Eng)]) -
          Rows.begin();
      double Mid = RowsTop + static_cast<double>(RI) * RowHeight + RowHeight / 2;
      Body += fmt::format("<path d=\"M{:.2f} {:.1f}l-6 -7h12z\" fill=\"{}\"/>", X, Mid + 3,
                          SvgPalette::Fault);
    }
    Body += "</g>\n";
  }

  // The legend.
  double LY = RowsBottom + AxisHeight + 4;
  double LX = 8;
  auto Key = [&](const char *Colour, const std::string &Name) {
    Body += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"12\" height=\"12\" "
                        "fill=\"{}\"/><text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n",
                        LX, LY, Colour, LX + 16, LY + 10, escape(Name));
    LX += 24 + 6.5 * static_cast<double>(Name.size());
  };
  std::vector<bool> Keyed(isa::NumEngines, false); // each engine once, as it first appears
  for (const Row *R : Rows)
    if (R && !R->Dma && !Keyed[static_cast<unsigned>(R->Eng)]) {
      Keyed[static_cast<unsigned>(R->Eng)] = true;
      Key(SvgPalette::engine(R->Eng), isa::engine(R->Eng).RecordName);
    }
  if (Transfers)
    Key(SvgPalette::Dma, "DMA transfer");
  if (AnyDeadlock && !AnyFault)
    Key(SvgPalette::Fault, "deadlock");
  else if (AnyFault)
    Key(SvgPalette::Fault, AnyDeadlock ? "fault, deadlock" : "fault");
  if (AnyMerged)
    Body += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#555\">paler: slices narrower "
                        "than a pixel, merged</text>\n",
                        LX, LY + 10);
  double H = LY + LegendHeight - 4;

  return fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0:.0f}\" "
                     "height=\"{1:.0f}\" viewBox=\"0 0 {0:.0f} {1:.0f}\" "
                     "font-family=\"sans-serif\" font-size=\"11\">\n"
                     "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n{2}</svg>\n",
                     W, H, Body);
}

} // namespace trn::trace
