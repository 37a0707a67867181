//===- Command.cpp - the debugger's command language ----------------------===//

#include "Command.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

namespace trn::debug {

namespace {

struct Word {
  const char *Name;
  Verb V;
};

// Each command with gdb's short forms; "stepi" and "si" are gdb's words for
// the smallest step, here one event.
constexpr std::array<Word, 21> Words{{{"break", Verb::Break},   {"b", Verb::Break},
                                      {"delete", Verb::Delete}, {"d", Verb::Delete},
                                      {"watch", Verb::Watch},   {"run", Verb::Run},
                                      {"r", Verb::Run},         {"continue", Verb::Continue},
                                      {"c", Verb::Continue},    {"step", Verb::Step},
                                      {"s", Verb::Step},        {"stepi", Verb::NextEvent},
                                      {"si", Verb::NextEvent},  {"next-event", Verb::NextEvent},
                                      {"quit", Verb::Quit},     {"q", Verb::Quit},
                                      {"where", Verb::Where},   {"print", Verb::Print},
                                      {"p", Verb::Print},       {"dump", Verb::Dump},
                                      {"why", Verb::Why}}};

struct InfoWord {
  const char *Name;
  Verb V;
};
constexpr std::array<InfoWord, 5> InfoWords{{{"breakpoints", Verb::InfoBreakpoints},
                                             {"registers", Verb::InfoRegisters},
                                             {"semaphores", Verb::InfoSemaphores},
                                             {"queues", Verb::InfoQueues},
                                             {"engines", Verb::InfoEngines}}};

size_t editDistance(std::string_view A, std::string_view B) {
  std::vector<size_t> Row(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Row[J] = J;
  for (size_t I = 1; I <= A.size(); ++I) {
    size_t Diag = Row[0];
    Row[0] = I;
    for (size_t J = 1; J <= B.size(); ++J) {
      size_t Up = Row[J];
      Row[J] = std::min({Row[J] + 1, Row[J - 1] + 1, Diag + (A[I - 1] != B[J - 1] ? 1 : 0)});
      Diag = Up;
    }
  }
  return Row[B.size()];
}

// The closest of Names to W, if close enough to be a typo.
std::optional<std::string> closest(std::string_view W, const std::vector<std::string> &Names) {
  std::optional<std::string> Best;
  size_t BestD = std::max<size_t>(2, W.size() / 3) + 1;
  for (const std::string &N : Names) {
    size_t D = editDistance(W, N);
    if (D < BestD) {
      BestD = D;
      Best = N;
    }
  }
  return Best;
}

std::string lower(std::string_view S) {
  std::string R(S);
  for (char &C : R)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return R;
}

// A line split into words, each with the column it starts at.
struct Token {
  std::string_view Text;
  size_t Column;
};

std::vector<Token> split(std::string_view Line, size_t From = 0) {
  std::vector<Token> R;
  size_t I = From;
  while (I < Line.size()) {
    while (I < Line.size() && std::isspace(static_cast<unsigned char>(Line[I])))
      ++I;
    size_t Start = I;
    while (I < Line.size() && !std::isspace(static_cast<unsigned char>(Line[I])))
      ++I;
    if (I > Start)
      R.push_back({Line.substr(Start, I - Start), Start});
  }
  return R;
}

template <typename T> std::optional<T> number(std::string_view S) {
  T V{};
  auto [P, Ec] = std::from_chars(S.data(), S.data() + S.size(), V);
  if (Ec != std::errc() || P != S.data() + S.size())
    return std::nullopt;
  return V;
}

CommandError errorAt(const Token &T, std::string Message) { return {std::move(Message), T.Column}; }

// "120", "120ns", "1.5us", "500ps": a time in picoseconds (ns by default).
std::optional<int64_t> timePs(std::string_view S) {
  int64_t Scale = 1000;
  for (auto [Unit, Ps] : {std::pair<std::string_view, int64_t>{"ns", 1000},
                          {"us", 1000000},
                          {"ps", 1},
                          {"ms", 1000000000}})
    if (S.ends_with(Unit)) {
      S.remove_suffix(2);
      Scale = Ps;
      break;
    }
  if (S.empty() || !std::isdigit(static_cast<unsigned char>(S[0])))
    return std::nullopt;
  size_t Dot = S.find('.');
  auto Whole = number<int64_t>(S.substr(0, Dot));
  if (!Whole || *Whole > INT64_MAX / Scale / 2)
    return std::nullopt;
  int64_t Ps = *Whole * Scale;
  if (Dot != std::string_view::npos) {
    std::string_view Frac = S.substr(Dot + 1);
    if (Frac.empty() || Frac.size() > 12 || !number<int64_t>(Frac))
      return std::nullopt;
    int64_t Den = 1;
    for (size_t K = 0; K < Frac.size(); ++K)
      Den *= 10;
    Ps += *number<int64_t>(Frac) * Scale / Den;
  }
  return Ps;
}

std::variant<BreakSpec, CommandError> parseBreakSpec(const std::vector<Token> &T, size_t LineEnd) {
  const char *Usage = "expected FILE:LINE, LINE, ENGINE #INDEX, time NS or cycle N";
  if (T.size() < 2)
    return CommandError{fmt::format("break: {}", Usage), LineEnd};
  std::string_view A = T[1].Text;
  std::string Kw = lower(A);
  if (Kw == "time" || Kw == "cycle") {
    if (T.size() != 3)
      return CommandError{fmt::format("break {}: expected one {}", Kw,
                                      Kw == "time" ? "time (120, 120ns, 1.5us)" : "cycle number"),
                          T.size() < 3 ? LineEnd : T[3].Column};
    if (Kw == "time") {
      if (auto Ps = timePs(T[2].Text))
        return BreakSpec{AtTime{*Ps}};
      return errorAt(T[2], fmt::format("'{}' is not a time: expected nanoseconds (120, 120ns) "
                                       "or a number with ps, us or ms",
                                       T[2].Text));
    }
    if (auto C = number<uint64_t>(T[2].Text))
      return BreakSpec{AtCycle{*C}};
    return errorAt(T[2], fmt::format("'{}' is not a cycle number", T[2].Text));
  }
  // ENGINE #N, ENGINE#N.
  std::string_view EngWord = A, IndexWord;
  size_t IndexCol = T[1].Column;
  if (size_t Hash = A.find('#'); Hash != std::string_view::npos) {
    EngWord = A.substr(0, Hash);
    IndexWord = A.substr(Hash + 1);
    IndexCol += Hash;
    if (T.size() > 2)
      return errorAt(T[2], fmt::format("break: unexpected '{}' after the instruction", T[2].Text));
  } else if (parseEngine(A) || (T.size() == 3 && T[2].Text.starts_with('#'))) {
    if (T.size() != 3 || !T[2].Text.starts_with('#'))
      return CommandError{fmt::format("break {}: expected an instruction index, as in 'break {} "
                                      "#3'",
                                      A, A),
                          T.size() > 2 ? T[2].Column : LineEnd};
    IndexWord = T[2].Text.substr(1);
    IndexCol = T[2].Column;
  }
  if (!IndexWord.empty() || A.find('#') != std::string_view::npos) {
    auto E = parseEngine(EngWord);
    if (!E)
      return errorAt(
          T[1], fmt::format("'{}' is not an engine: expected PE, DVE, ACT, POOL or SP", EngWord));
    auto N = number<uint32_t>(IndexWord);
    if (!N)
      return CommandError{fmt::format("'#{}' is not an instruction index", IndexWord), IndexCol};
    return BreakSpec{AtInstr{*E, *N}};
  }
  if (T.size() > 2)
    return errorAt(T[2], fmt::format("break: unexpected '{}'; {}", T[2].Text, Usage));
  // FILE:LINE or LINE.
  std::string_view File, LineWord = A;
  if (size_t Colon = A.rfind(':'); Colon != std::string_view::npos) {
    File = A.substr(0, Colon);
    LineWord = A.substr(Colon + 1);
  }
  auto L = number<uint32_t>(LineWord);
  if (!L || *L == 0)
    return errorAt(T[1], fmt::format("'{}' is not a location: {}", A, Usage));
  return BreakSpec{AtLine{std::string(File), *L}};
}

// The region of print, dump and watch: a name, then optionally its indices
// in brackets (which may hold spaces). Returns where it ends.
size_t regionEnd(std::string_view Line, size_t From) {
  size_t I = From;
  int Depth = 0;
  for (; I < Line.size(); ++I) {
    char C = Line[I];
    if (C == '[')
      ++Depth;
    else if (C == ']' && Depth > 0 && --Depth == 0)
      return I + 1;
    else if (Depth == 0 && std::isspace(static_cast<unsigned char>(C)))
      break;
  }
  return I;
}

} // namespace

std::optional<isa::Engine> parseEngine(std::string_view Word) {
  std::string W = lower(Word);
  for (const isa::EngineDesc &E : isa::engines())
    if (W == lower(E.RecordName) || W == E.Prefix)
      return E.Id;
  return std::nullopt;
}

std::variant<Command, CommandError> parseCommand(std::string_view Line) {
  std::vector<Token> T = split(Line);
  Command C;
  if (T.empty() || T[0].Text.starts_with('#'))
    return C;
  std::string Head = lower(T[0].Text);
  const Word *W = nullptr;
  for (const Word &K : Words)
    if (Head == K.Name)
      W = &K;
  // As in gdb, a unique prefix of a command's name is that command.
  if (!W && Head.size() >= 2) {
    for (const Word &K : Words)
      if (std::string_view(K.Name).size() > Head.size() &&
          std::string_view(K.Name).starts_with(Head)) {
        if (W && W->V != K.V) {
          W = nullptr;
          break;
        }
        W = &K;
      }
  }
  if (Head == "info" || Head == "i" ||
      (Head.size() >= 3 && std::string_view("info").starts_with(Head))) {
    if (T.size() < 2)
      return CommandError{"info: expected breakpoints, registers, semaphores, queues or engines",
                          Line.size()};
    std::string Sub = lower(T[1].Text);
    std::vector<const InfoWord *> Match;
    for (const InfoWord &K : InfoWords)
      if (std::string_view(K.Name).starts_with(Sub))
        Match.push_back(&K);
    if (Match.size() != 1) {
      std::vector<std::string> Names;
      for (const InfoWord &K : InfoWords)
        Names.push_back(K.Name);
      std::optional<std::string> Hint = Match.empty() ? closest(Sub, Names) : std::nullopt;
      return errorAt(T[1],
                     fmt::format("info: {} '{}'{}; expected breakpoints, registers, "
                                 "semaphores, queues or engines",
                                 Match.empty() ? "unknown subject" : "ambiguous subject", T[1].Text,
                                 Hint ? fmt::format(" (did you mean '{}'?)", *Hint) : ""));
    }
    C.V = Match[0]->V;
    size_t Max = C.V == Verb::InfoRegisters ? 3 : 2;
    if (T.size() > Max)
      return errorAt(T[Max], fmt::format("info {}: unexpected '{}'", Match[0]->Name, T[Max].Text));
    if (C.V == Verb::InfoRegisters && T.size() == 3) {
      C.Eng = parseEngine(T[2].Text);
      if (!C.Eng)
        return errorAt(T[2], fmt::format("'{}' is not an engine: expected PE, DVE, ACT, POOL or SP",
                                         T[2].Text));
    }
    return C;
  }
  if (Head == "help" || Head == "h") {
    C.V = Verb::Help;
    return C;
  }
  if (!W) {
    std::vector<std::string> Names{"info", "help"};
    for (const Word &K : Words)
      if (std::string_view(K.Name).size() > 2)
        Names.push_back(K.Name);
    std::optional<std::string> Hint = closest(Head, Names);
    return errorAt(T[0], fmt::format("unknown command '{}'{}; 'help' lists the commands", T[0].Text,
                                     Hint ? fmt::format(" (did you mean '{}'?)", *Hint) : ""));
  }
  C.V = W->V;
  auto NoMore = [&](size_t From) -> std::optional<CommandError> {
    if (T.size() > From)
      return errorAt(T[From], fmt::format("{}: unexpected '{}'", W->Name, T[From].Text));
    return std::nullopt;
  };
  switch (C.V) {
  case Verb::Break: {
    auto S = parseBreakSpec(T, Line.size());
    if (auto *E = std::get_if<CommandError>(&S))
      return *E;
    C.At = std::get<BreakSpec>(S);
    return C;
  }
  case Verb::Delete:
    for (size_t K = 1; K < T.size(); ++K) {
      auto N = number<unsigned>(T[K].Text);
      if (!N)
        return errorAt(T[K], fmt::format("delete: '{}' is not a breakpoint number", T[K].Text));
      C.Ids.push_back(*N);
    }
    return C;
  case Verb::Step:
  case Verb::Why:
    if (T.size() >= 2) {
      C.Eng = parseEngine(T[1].Text);
      if (!C.Eng)
        return errorAt(T[1], fmt::format("'{}' is not an engine: expected PE, DVE, ACT, POOL or SP",
                                         T[1].Text));
    } else if (C.V == Verb::Why) {
      return CommandError{"why: expected an engine, as in 'why PE'", Line.size()};
    }
    if (auto E = NoMore(2))
      return *E;
    return C;
  case Verb::Print:
  case Verb::Watch:
  case Verb::Dump: {
    if (T.size() < 2)
      return CommandError{fmt::format("{}: expected a tensor or allocation, as in '{} b_s[0:4, "
                                      "0:8]'{}",
                                      W->Name, W->Name, C.V == Verb::Dump ? " out.npy" : ""),
                          Line.size()};
    C.RegionColumn = T[1].Column;
    size_t End = regionEnd(Line, T[1].Column);
    C.Region = std::string(Line.substr(T[1].Column, End - T[1].Column));
    std::vector<Token> Rest = split(Line, End);
    if (C.V == Verb::Dump) {
      if (Rest.empty())
        return CommandError{"dump: expected a file to write after the region, as in 'dump b_s "
                            "b.npy'",
                            Line.size()};
      C.File = std::string(Rest[0].Text);
      if (Rest.size() > 1)
        return errorAt(Rest[1], fmt::format("dump: unexpected '{}'", Rest[1].Text));
    } else if (!Rest.empty()) {
      return errorAt(Rest[0],
                     fmt::format("{}: unexpected '{}' after the region", W->Name, Rest[0].Text));
    }
    return C;
  }
  default:
    if (auto E = NoMore(1))
      return *E;
    return C;
  }
}

std::string helpText() {
  return R"(Commands (gdb's short forms in brackets):
  run [r]                      start the run (or continue it)
  continue [c]                 run until a breakpoint, a watchpoint or the end
  step [s] [ENGINE]            run until an engine (the one stopped at, or ENGINE) issues its next instruction
  stepi [si], next-event       run one event of the discrete-event loop
  break [b] FILE:LINE | LINE   stop before any instruction of that source line issues
  break ENGINE #INDEX          stop before that instruction issues (break PE #3)
  break time NS | cycle N      stop at the first event at or after that time (120, 120ns, 1.5us) or PE cycle
  watch REGION                 stop after an instruction or a DMA transfer writes bytes of REGION
  delete [d] [N...]            delete breakpoints N (all without N)
  info breakpoints|registers [ENGINE]|semaphores|queues|engines
  print [p] REGION             print a tensor, an allocation or a slice of one: print b_s[0:4, 0, 0:8]
  dump REGION FILE.npy         save it as a NumPy file
  why ENGINE                   what the engine waits for, and who would signal it
  where                        where the run is stopped
  quit [q]                     leave (a run not finished is abandoned; outputs are not written)
)";
}

} // namespace trn::debug
