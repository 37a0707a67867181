//===- Diagnostics.cpp - a tool's messages, coloured as clang's -----------===//

#include "Diagnostics.h"

#include "llvm/Support/Process.h"

#include <cstdlib>

namespace trn::tools {

bool colorsWanted(ColorMode M) {
  if (M != ColorMode::Auto)
    return M == ColorMode::Always;
  const char *NoColor = std::getenv("NO_COLOR"); // https://no-color.org
  if (NoColor && *NoColor)
    return false;
  return llvm::sys::Process::StandardErrHasColors();
}

Diagnostics::ColorStream::ColorStream() : llvm::raw_ostream(/*unbuffered=*/true) {
  enable_colors(false);
}

bool Diagnostics::ColorStream::is_displayed() const { return llvm::errs().is_displayed(); }

void Diagnostics::ColorStream::write_impl(const char *Ptr, size_t Size) {
  llvm::errs().write(Ptr, Size);
  Pos += Size;
}

Diagnostics::Diagnostics(const char *Tool) : Tool(Tool) {}

void Diagnostics::setColors(bool On) {
  Out.Colors = On;
  Out.enable_colors(On);
}

void Diagnostics::labelled(const char *Kind, llvm::raw_ostream::Colors Color,
                           const llvm::Twine &Msg) {
  Out.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  Out << Tool << ": ";
  Out.changeColor(Color, /*Bold=*/true);
  Out << Kind << ": ";
  Out.resetColor();
  Out.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  Out << Msg;
  Out.resetColor();
  Out << "\n";
}

void Diagnostics::error(const llvm::Twine &Msg) { labelled("error", llvm::raw_ostream::RED, Msg); }

void Diagnostics::warning(const llvm::Twine &Msg) {
  labelled("warning", llvm::raw_ostream::MAGENTA, Msg);
}

void Diagnostics::note(const llvm::Twine &Msg) { labelled("note", llvm::raw_ostream::BLACK, Msg); }

void Diagnostics::report(llvm::StringRef Text) {
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    line(Line);
    Text = Rest;
  }
}

// The colours of clang (and of llvm::SourceMgr): "LOC: KIND: MESSAGE" with
// LOC and MESSAGE bold and KIND coloured; a caret line green.
void Diagnostics::line(llvm::StringRef Line) {
  struct Kind {
    llvm::StringRef Label;
    llvm::raw_ostream::Colors Color;
  };
  static const Kind Kinds[] = {{"error: ", llvm::raw_ostream::RED},
                               {"warning: ", llvm::raw_ostream::MAGENTA},
                               {"note: ", llvm::raw_ostream::BLACK},
                               {"remark: ", llvm::raw_ostream::BLUE}};
  // The first label that starts the line or follows a location's ": ".
  size_t At = llvm::StringRef::npos;
  const Kind *Found = nullptr;
  for (const Kind &K : Kinds)
    for (size_t P = Line.find(K.Label); P != llvm::StringRef::npos; P = Line.find(K.Label, P + 1))
      if (P == 0 || Line.substr(0, P).ends_with(": ")) {
        if (P < At) {
          At = P;
          Found = &K;
        }
        break;
      }
  if (Found) {
    if (At) {
      Out.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
      Out << Line.substr(0, At);
    }
    Out.changeColor(Found->Color, true);
    Out << Found->Label;
    Out.resetColor();
    Out.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
    Out << Line.substr(At + Found->Label.size());
    Out.resetColor();
  } else if (!Line.trim().empty() && Line.find_first_not_of(" ^~") == llvm::StringRef::npos) {
    Out.changeColor(llvm::raw_ostream::GREEN, true);
    Out << Line;
    Out.resetColor();
  } else {
    Out << Line;
  }
  Out << "\n";
}

} // namespace trn::tools
