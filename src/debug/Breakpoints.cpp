//===- Breakpoints.cpp - where the debugger stops -------------------------===//

#include "Breakpoints.h"

#include <fmt/format.h>

namespace trn::debug {

namespace {

std::string_view baseName(std::string_view Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string_view::npos ? Path : Path.substr(Slash + 1);
}

} // namespace

std::variant<LineMatch, std::string> instructionsAtLine(const object::Program &P,
                                                        const AtLine &At) {
  if (P.Files.empty())
    return std::string("the program has no line table (it was assembled without source "
                       "locations): break at an instruction instead, as in 'break PE #0'");
  std::optional<uint32_t> File;
  if (At.File.empty()) {
    File = 0; // the file the program was assembled from
  } else {
    for (uint32_t F = 0; F < P.Files.size() && !File; ++F)
      if (P.Files[F] == At.File || std::string_view(P.Files[F]).ends_with("/" + At.File))
        File = F;
    for (uint32_t F = 0; F < P.Files.size() && !File; ++F)
      if (baseName(P.Files[F]) == baseName(At.File))
        File = F;
    if (!File)
      return fmt::format("the program has no source file '{}' (its files: {})", At.File,
                         fmt::join(P.Files, ", "));
  }
  LineMatch M;
  M.File = *File;
  for (unsigned E = 0; E < isa::NumEngines; ++E)
    for (const object::SourceLoc &L : P.Streams[E].Locs)
      if (L.File == *File && L.Line >= At.Line && (!M.Line || L.Line < M.Line))
        M.Line = L.Line;
  if (!M.Line)
    return fmt::format("no instruction at or after line {} of {}", At.Line, P.Files[*File]);
  for (unsigned E = 0; E < isa::NumEngines; ++E) {
    const object::Stream &S = P.Streams[E];
    for (uint32_t K = 0; K < S.Locs.size(); ++K)
      if (S.Locs[K].File == *File && S.Locs[K].Line == M.Line)
        M.Instrs.push_back({static_cast<isa::Engine>(E), K});
  }
  return M;
}

} // namespace trn::debug
