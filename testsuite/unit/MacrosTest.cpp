//===- MacrosTest.cpp - macro bodies, expansions and their bounds ----------===//
//
// The text-level pieces (src/asm/Macros.h: the lines that open and close
// bodies, references and which block owns them, where an expanded
// character was written) and, through the public API, the limits set in
// Options, the notes in Result::Diagnostics and the line table of expanded
// instructions.
//
//===----------------------------------------------------------------------===//

#include "Macros.h"

#include "trn/asm/Assembler.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

using namespace trn;
using namespace trn::assembler;

namespace {

Result assemble(const std::string &Text, std::string &Diag, Options Opts = {}) {
  std::ostringstream OS;
  Result R = assembleText("k.s", Text, Opts, OS);
  Diag = OS.str();
  return R;
}

struct Walked {
  std::string Line;
  std::vector<Ref> Refs;
};

std::vector<Walked> walk(llvm::StringRef Body) {
  std::vector<Walked> Out;
  walkBody(Body, [&](llvm::StringRef Line, size_t, llvm::ArrayRef<Ref> Refs) {
    Out.push_back({Line.str(), Refs.vec()});
  });
  return Out;
}

} // namespace

TEST_CASE("block directives are the first word of their line") {
  CHECK(blockLine("  .rept 4").Word == BlockWord::Rept);
  CHECK(blockLine("\t.endr  # done").Word == BlockWord::Endr);
  CHECK(blockLine(".macro m a").Word == BlockWord::Macro);
  CHECK(blockLine(".endm").Word == BlockWord::Endm);
  BlockLine Irp = blockLine("    .irp reg, 1, 2");
  CHECK(Irp.Word == BlockWord::Irp);
  CHECK(Irp.Name == "reg");
  CHECK(Irp.At == 4);
  CHECK(blockLine(".repeat 2").Word == BlockWord::None); // a word, not a prefix
  CHECK(blockLine("l: .rept 2").Word == BlockWord::None);
  CHECK(blockLine("# .rept 2").Word == BlockWord::None);
}

TEST_CASE("references: kinds, comments, and those an inner block owns") {
  auto W = walk("sp.li r\\a, \\@ + \\+ \\() \\ # \\b\n");
  REQUIRE(W.size() == 1);
  REQUIRE(W[0].Refs.size() == 5);
  CHECK(W[0].Refs[0].K == Ref::Name);
  CHECK(W[0].Refs[0].Text == "a");
  CHECK(W[0].Refs[1].K == Ref::Counter);
  CHECK(W[0].Refs[2].K == Ref::Iteration);
  CHECK(W[0].Refs[3].K == Ref::Separator);
  CHECK(W[0].Refs[4].K == Ref::Stray); // and \b, in the comment, is not read

  // An inner .irp owns its symbol and \+; its header belongs to the outer
  // scope; after its .endr the outer one owns them again.
  W = walk(".irp i, \\i\n op \\i, \\+, \\j\n.endr\n op \\i\n");
  REQUIRE(W.size() == 4);
  CHECK(!W[0].Refs[0].Inner);
  CHECK(W[1].Refs[0].Inner);
  CHECK(W[1].Refs[1].Inner);
  CHECK(!W[1].Refs[2].Inner);
  CHECK(!W[3].Refs[0].Inner);
}

TEST_CASE("an expanded character maps back to where it was written") {
  llvm::StringRef Body = "  op \\dst, x\n";
  Expansion E;
  E.K = Expansion::Kind::Macro;
  walkBody(Body, [&](llvm::StringRef Line, size_t, llvm::ArrayRef<Ref> Refs) {
    E.addLine(
        Line, Line.data(), Refs,
        [](const Ref &) -> std::optional<std::string> { return std::string("longname"); }, 0);
  });
  REQUIRE(E.Text == "  op longname, x\n");
  const char *T = E.Text.data();
  CHECK(E.origin(T + 2, false) == Body.data() + 2);   // "op", before it
  CHECK(E.origin(T + 5, false) == Body.data() + 5);   // the value: its reference
  CHECK(E.origin(T + 9, false) == Body.data() + 5);   // inside it
  CHECK(E.origin(T + 13, true) == Body.data() + 9);   // its end: the reference's end
  CHECK(E.origin(T + 15, false) == Body.data() + 11); // "x", shifted back
  CHECK(E.origin(T + 16, false) == Body.data() + 12); // the line's end
}

TEST_CASE("expansion limits come from Options and stop assembly") {
  std::string Diag;
  Options O;
  O.MaxExpansionLines = 10;
  Result R = assemble(".rept 11\n    sp.nop\n.endr\n", Diag, O);
  CHECK(!R.Program);
  CHECK(Diag.find("more than 10 lines") != std::string::npos);
  R = assemble(".rept 10\n    sp.nop\n.endr\n", Diag, O);
  CHECK(R.Program);

  O = {};
  O.MaxExpansionDepth = 3;
  R = assemble(".macro m\n    sp.nop\n    m\n.endm\n    m\n", Diag, O);
  REQUIRE(R.Errors == 1);
  // The error, a note per level (3), and the note that reading stopped.
  CHECK(R.Diagnostics.size() == 5);
  CHECK(Diag.find("nested more than 3 deep") != std::string::npos);

  O = {};
  O.MaxExpansionBytes = 100;
  R = assemble(".macro m a\n    sp.li r1, \\a\\a\\a\n.endm\n    m "
               "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n",
               Diag, O);
  CHECK(!R.Program);
  CHECK(Diag.find("more than 100 bytes of text") != std::string::npos);
}

TEST_CASE("notes are diagnostics, and expanded instructions have their body's line") {
  std::string Diag;
  Result R = assemble(".macro m r\n    sp.li \\r, 1\n.endm\n    m r1\n    m q\n", Diag);
  REQUIRE(R.Diagnostics.size() == 2);
  CHECK(R.Diagnostics[0].Kind == Diagnostic::Severity::Error);
  CHECK(R.Diagnostics[0].Line == 2);
  CHECK(R.Diagnostics[0].Column == 11);
  CHECK(R.Diagnostics[1].Kind == Diagnostic::Severity::Note);
  CHECK(R.Diagnostics[1].Line == 5);
  CHECK(R.Diagnostics[1].Message == "in expansion of macro 'm' here");

  R = assemble(".macro m r\n    sp.li \\r, 1\n.endm\n    m r1\n    m r2\n", Diag);
  REQUIRE(R.Program);
  const object::Stream &SP = R.Program->stream(isa::Engine::SP);
  REQUIRE(SP.Locs.size() == 2);
  CHECK(SP.Locs[0].Line == 2);
  CHECK(SP.Locs[1].Line == 2);
  CHECK(SP.Locs[0].Col == 5);
}
