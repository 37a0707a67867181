//===- CommandLine.cpp - a tool's command line, LLVM's conventions --------===//

#include "CommandLine.h"

#include "trn/support/Version.h"

#include <algorithm>

namespace trn::tools {

namespace {

constexpr size_t HelpWidth = 80, NameColumn = 26;

// "--chip NAME", "-I, --include DIR", "--color[=WHEN]"; the default apart.
struct HelpEntry {
  std::string Name, Description;
};

HelpEntry helpEntry(const po::option_description &O) {
  HelpEntry E;
  std::string Format = O.format_name(); // "-h [ --help ]" or "--chip"
  if (Format.size() >= 2 && Format[0] == '-' && Format[1] != '-')
    E.Name = Format.substr(0, 2) + (O.long_name().empty() ? "" : ", ");
  if (!O.long_name().empty())
    E.Name += "--" + O.long_name();
  E.Description = O.description();
  std::string Param = O.format_parameter(); // "NAME (=4G)", "[=WHEN(=always)]", ""
  if (Param.empty())
    return E;
  if (Param[0] == '[') { // an implicit value: the value is optional
    E.Name += Param.substr(0, Param.find('('));
    if (E.Name.back() != ']')
      E.Name += "]";
    return E;
  }
  size_t Default = Param.find(" (=");
  E.Name += " " + Param.substr(0, Default);
  if (Default != std::string::npos) {
    // "(0: no limit)" becomes "(0: no limit; default: 4G)".
    std::string Value = Param.substr(Default + 3, Param.size() - Default - 4);
    if (!E.Description.empty() && E.Description.back() == ')')
      E.Description.insert(E.Description.size() - 1, "; default: " + Value);
    else
      E.Description += " (default: " + Value + ")";
  }
  return E;
}

// Description words wrapped to the help width, continuation lines indented.
void printEntry(llvm::raw_ostream &OS, const HelpEntry &E) {
  std::string Line = "  " + E.Name;
  if (Line.size() + 2 > NameColumn) {
    OS << Line << "\n";
    Line.clear();
  }
  Line.resize(NameColumn, ' ');
  size_t Start = Line.size();
  llvm::StringRef Rest = E.Description;
  while (!Rest.empty()) {
    auto [Word, After] = Rest.split(' ');
    if (Line.size() > Start && Line.size() + 1 + Word.size() > HelpWidth) {
      OS << Line << "\n";
      Line.assign(NameColumn, ' ');
    } else if (Line.size() > Start) {
      Line += ' ';
    }
    Line += Word.str();
    Rest = After;
  }
  OS << Line << "\n";
}

std::string buildInfo() {
#if defined(__clang__)
  const char *Compiler = "Clang " __clang_version__;
#elif defined(__GNUC__)
  const char *Compiler = "GCC " __VERSION__;
#else
  const char *Compiler = "an unknown compiler";
#endif
  std::string Type = TRN_BUILD_TYPE;
  return (Type.empty() ? std::string("a") : Type) + " build, " + Compiler;
}

} // namespace

std::string nearestSpelling(const std::string &Typed, const std::vector<std::string> &Candidates) {
  std::string Best;
  unsigned BestDistance = ~0u;
  for (const std::string &C : Candidates) {
    unsigned D = llvm::StringRef(Typed).edit_distance(C, /*AllowReplacements=*/true);
    if (D < BestDistance) {
      BestDistance = D;
      Best = C;
    }
  }
  // Within a third of the name (at least one edit): a typo, not another word.
  size_t Letters = llvm::StringRef(Typed).ltrim('-').size();
  if (Best.empty() || BestDistance == 0 || Letters < 3 ||
      BestDistance > std::max<size_t>(1, Letters / 3))
    return "";
  return Best;
}

Tool::Tool(ToolInfo I) : Info(I), Diags(I.Name) {
  auto Add = Generic.Options.add_options();
  Add("color", po::value<std::string>()->value_name("WHEN")->implicit_value("always"),
      "colour diagnostics: auto (when standard error is a terminal and NO_COLOR is not set; the "
      "default), always or never");
  if (Info.ShortHelp)
    Add("help,h", "print this help");
  else
    Add("help", "print this help");
  Add("version", "print the version");
}

po::options_description_easy_init Tool::group(const char *Caption) {
  Groups.emplace_back(Caption, po::options_description());
  return Groups.back().Options.add_options();
}

std::vector<const Tool::Group *> Tool::allGroups() const {
  std::vector<const Group *> All;
  for (const Group &G : Groups)
    All.push_back(&G);
  All.push_back(&Generic);
  return All;
}

std::string Tool::unknownOptionMessage(const std::string &Token) const {
  std::string Name = Token.substr(0, Token.find('='));
  std::string Message = "unknown option '" + Name + "'";
  // Suggest in the spelling typed: "-chp" gets "-chip" where one dash is allowed.
  bool OneDash = Name.size() > 1 && Name[0] == '-' && Name[1] != '-';
  if (OneDash && !Info.LongDisguise)
    return Message;
  std::vector<std::string> Candidates;
  auto Collect = [&](const po::options_description &G) {
    for (const auto &O : G.options())
      if (!O->long_name().empty())
        Candidates.push_back((OneDash ? "-" : "--") + O->long_name());
  };
  for (const Group *G : allGroups())
    Collect(G->Options);
  std::string Near = nearestSpelling(Name, Candidates);
  if (!Near.empty())
    Message += "; did you mean '" + Near + "'?";
  return Message;
}

std::optional<int> Tool::parse(int argc, char **argv) {
  // A bare --color is --color=always, as in LLVM: Boost would take the
  // next argument (an input) as its value. Read first, so that the messages
  // of a bad command line are coloured as asked.
  std::vector<std::string> Args(argv, argv + argc);
  ColorMode Color = ColorMode::Auto;
  for (size_t I = 1; I < Args.size() && Args[I] != "--"; ++I) {
    llvm::StringRef A = Args[I];
    if (!A.consume_front("--color") && !(Info.LongDisguise && A.consume_front("-color")))
      continue;
    if (A.empty())
      Args[I] += "=always";
    if (A.empty() || A == "=always")
      Color = ColorMode::Always;
    else if (A == "=never")
      Color = ColorMode::Never;
    else if (A == "=auto")
      Color = ColorMode::Auto;
  }
  Diags.setColors(colorsWanted(Color));

  po::options_description All;
  for (const Group *G : allGroups())
    All.add(G->Options);
  All.add_options()("input", po::value<std::vector<std::string>>());
  po::positional_options_description Positional;
  Positional.add("input", -1);
  int Style = po::command_line_style::default_style;
  if (Info.LongDisguise)
    Style |= po::command_line_style::allow_long_disguise;
  try {
    po::store(po::command_line_parser(std::vector<std::string>(Args.begin() + 1, Args.end()))
                  .options(All)
                  .positional(Positional)
                  .style(Style)
                  .run(),
              VM);
    po::notify(VM);
  } catch (const po::unknown_option &E) {
    Diags.error(unknownOptionMessage(E.get_option_name()));
    return ExitUsage;
  } catch (const po::error &E) {
    Diags.error(E.what());
    return ExitUsage;
  }
  if (VM.count("color")) {
    std::string When = VM["color"].as<std::string>();
    if (When != "auto" && When != "always" && When != "never") {
      Diags.error("--color takes auto, always or never, not '" + When + "'");
      return ExitUsage;
    }
  }
  if (VM.count("help")) {
    printHelp(llvm::outs());
    return 0;
  }
  if (VM.count("version")) {
    printVersion(llvm::outs());
    return 0;
  }
  if (VM.count("input"))
    Inputs = VM["input"].as<std::vector<std::string>>();
  return std::nullopt;
}

void Tool::printHelp(llvm::raw_ostream &OS) const {
  OS << "OVERVIEW: " << Info.Overview << "\n\nUSAGE: " << Info.Name << " " << Info.Usage
     << "\n\nOPTIONS:\n";
  for (const Group *G : allGroups()) {
    OS << "\n" << G->Caption << ":\n";
    for (const auto &O : G->Options.options())
      printEntry(OS, helpEntry(*O));
  }
}

void Tool::printVersion(llvm::raw_ostream &OS) const {
  OS << Info.Name << " (trnemu) " << TRN_VERSION_STRING << "\n  " << buildInfo() << "\n";
}

} // namespace trn::tools
