//===- Macros.h - macro bodies and their expansions -------------*- C++ -*-===//
//
// .macro, .rept and .irp work on text, as in GNU as: a body is the lines
// between its directive and its .endm or .endr, and an expansion is new
// text with every \name replaced, lexed and read like a file. Each line of
// an expansion remembers the body line it came from and where its
// substitutions are, so that a diagnostic in it points at the body line
// (and column) that was written, followed by notes naming the call sites.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_ASM_MACROS_H
#define TRN_ASM_MACROS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trn::assembler {

// A directive that opens or closes a body. It must begin its line (blanks
// before it only): bodies are found in the text before it is read.
enum class BlockWord : uint8_t { None, Macro, Endm, Rept, Irp, Endr };
struct BlockLine {
  BlockWord Word = BlockWord::None;
  size_t At = 0;        // offset of its '.' in the line
  llvm::StringRef Name; // .irp: the symbol's name, if one follows
};
BlockLine blockLine(llvm::StringRef Line);

// A backslash reference in a body line (never in a comment).
struct Ref {
  enum Kind : uint8_t {
    Name,      // \name: a macro parameter or the symbol of a .irp
    Counter,   // \@: the number of macro expansions before this one
    Iteration, // \+: the iteration of the .rept or .irp, from 0
    Separator, // \(): nothing; ends a name, as in \r\()_s
    Stray,     // '\' followed by anything else
  } K;
  size_t Off = 0, Len = 0; // in the line, the backslash included
  llvm::StringRef Text;    // Name: the name
  bool Inner = false;      // bound by a .rept or .irp inside the body: left to it
};

// Calls F on each line of Body (without its newline) with its offset in
// Body and its references.
void walkBody(llvm::StringRef Body,
              llvm::function_ref<void(llvm::StringRef Line, size_t Off, llvm::ArrayRef<Ref>)> F);

// The text of one expansion (a macro call, or every iteration of a .rept or
// .irp) and where each of its lines came from.
struct Expansion {
  enum class Kind : uint8_t { Macro, Rept, Irp } K;
  std::string Name;                // the macro's name, or the .irp's symbol
  std::vector<std::string> Values; // .irp: the value of each iteration
  unsigned Count = 0;              // .rept, .irp: iterations
  llvm::SMLoc CallLoc;             // the call or the directive
  llvm::SMRange CallRange;
  std::string Text; // never changes once read: tokens point into it

  struct Piece { // a substitution, in its line
    uint32_t Off, Len, OrigOff, OrigLen;
  };
  struct Line {
    uint32_t Start;      // in Text
    uint32_t FirstPiece; // its pieces: [FirstPiece, next line's)
    uint32_t Iteration;
    const char *Origin; // the body line it expands
  };
  std::vector<Line> Lines;
  std::vector<Piece> Pieces;

  // Appends one line of a body, each reference Bind gives a value replaced.
  void addLine(llvm::StringRef Line, const char *Origin, llvm::ArrayRef<Ref> Refs,
               llvm::function_ref<std::optional<std::string>(const Ref &)> Bind,
               uint32_t Iteration);
  bool holds(const char *P) const { return P >= Text.data() && P <= Text.data() + Text.size(); }
  // Where P (in Text) was written: a substituted character maps to its
  // reference; End maps a range's end, one past its last character.
  const char *origin(const char *P, bool End) const;
  uint32_t iterationAt(const char *P) const;
  // "in expansion of macro 'm' here", "in iteration 2 of 4 of '.rept' here".
  std::string note(const char *P) const;

private:
  const Line &lineAt(const char *P) const;
};

} // namespace trn::assembler

#endif
