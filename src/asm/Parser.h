//===- Parser.h - the assembler's one pass over the source ------*- C++ -*-===//
//
// Statements are read line by line and acted on at once: declarations lay
// out memory, instructions are checked and queued on their engine's stream.
// Labels may be used before they are defined; everything else is declared
// before use. After the last line, labels are resolved and every
// instruction is encoded. A macro call, .rept or .irp is expanded to new
// text and read in place (MacroParser.cpp); its messages point back at the
// lines written, with a note per call.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_ASM_PARSER_H
#define TRN_ASM_PARSER_H

#include "Lexer.h"
#include "Macros.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SourceMgr.h"
#include "trn/asm/Assembler.h"
#include "trn/asm/Layout.h"
#include "trn/isa/Instr.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace trn::assembler {

// Thrown (and caught at the statement) to abandon the rest of a line after
// its error has been reported.
struct LineError {};

class Parser {
public:
  Parser(const Options &Opts, llvm::raw_ostream &Diag);
  Result run(std::unique_ptr<llvm::MemoryBuffer> Main);
  // What the source has made the assembler commit so far (Opts.MaxMemory).
  HostMemoryBudget &budget() { return Budget; }

private:
  //===-- state ----------------------------------------------------------===//
  enum class SymKind { Const, Tensor, Alloc, Sem, Label };
  struct Symbol {
    SymKind Kind;
    llvm::SMLoc Loc;
    int64_t Value = 0;                      // Const: its value; Sem: its index
    size_t Index = 0;                       // Tensor/Alloc: index in the program's list
    bool Used = false;                      // referenced by an instruction
    bool Waited = false, Signalled = false; // semaphores
  };
  struct Pending { // an instruction waiting for label resolution
    isa::Instr I;
    llvm::SMLoc Loc;
    std::vector<std::pair<unsigned, const Token *>> LabelRefs; // operand, name
    // Where the verifier's diagnostics point: the mnemonic (with its
    // prefix), and each operand written (empty: left to its default).
    llvm::SMRange Mnemonic;
    std::array<llvm::SMRange, isa::MaxOperands> Operands{};
  };

  const Options &Opts;
  llvm::raw_ostream &Diag;
  llvm::SourceMgr SM;
  HostMemoryBudget Budget;
  unsigned Errors = 0, Warnings = 0;
  std::vector<Diagnostic> Diagnostics; // what Diag was given, in parts
  bool Stopped = false;                // Options::MaxErrors errors reported: read no further
  object::Program Prog;
  const isa::ChipDesc *Chip = nullptr;
  bool ChipFixed = false; // something depended on the chip already
  bool ChipDirective = false;
  llvm::StringMap<Symbol> Symbols;
  std::vector<std::vector<Pending>> Streams; // by engine
  std::vector<std::pair<const Token *, llvm::SMLoc>> PendingLabels;
  std::vector<std::string> IncludeStack;      // canonical paths being read
  std::vector<std::vector<Token>> TokenStore; // tokens of every buffer, kept alive
  Layout Lay;                                 // where the next declaration goes
  unsigned ExprDepth = 0;

  // The current line's tokens, and the text they were made of.
  const Token *Cur = nullptr;
  llvm::StringRef CurText;
  bool LabelsOnLine = false; // the statement began with labels

  // Macros (Macros.cpp).
  struct Macro {
    llvm::SMLoc Loc; // its name in the .macro line
    std::vector<std::string> Params;
    std::vector<std::optional<std::string>> Defaults;
    llvm::StringRef Body; // its lines, in the text that defined it
    bool Broken = false;  // its definition had errors (reported): calls expand to nothing
  };
  llvm::StringMap<Macro> Macros;
  std::vector<std::unique_ptr<Expansion>> Expansions;
  std::map<const char *, const Expansion *> ExpansionAt; // by the start of its text
  unsigned ExpansionDepth = 0, MacroDepth = 0;
  uint64_t ExpandedLines = 0, ExpandedBytes = 0, MacroCalls = 0;
  bool ExitMacro = false; // .exitm: the innermost macro's expansion ends

  //===-- diagnostics -----------------------------------------------------===//
  void report(llvm::SourceMgr::DiagKind K, llvm::SMLoc Loc, const llvm::Twine &Msg,
              llvm::ArrayRef<llvm::SMRange> Ranges = {});
  [[noreturn]] void fail(llvm::SMLoc Loc, const llvm::Twine &Msg,
                         llvm::ArrayRef<llvm::SMRange> Ranges = {});
  [[noreturn]] void failAt(const Token &T, const llvm::Twine &Msg);
  void warn(llvm::SMLoc Loc, const llvm::Twine &Msg);
  // SourceMgr::PrintMessage, but a long source line is shown only in part.
  void printMessage(llvm::SMLoc Loc, llvm::SourceMgr::DiagKind K, const llvm::Twine &Msg,
                    llvm::ArrayRef<llvm::SMRange> Ranges = {});
  // printMessage without the notes of macro expansions (Loc is in a file).
  void printPlain(llvm::SMLoc Loc, llvm::SourceMgr::DiagKind K, const llvm::Twine &Msg,
                  llvm::ArrayRef<llvm::SMRange> Ranges);
  static llvm::SMRange range(const Token &From, const Token &To);
  // The expansion whose text holds P, or none.
  const Expansion *expansionAt(const char *P) const;
  // Where Loc was written: through every expansion, a place in a file.
  llvm::SMLoc realLoc(llvm::SMLoc Loc, bool End = false) const;
  object::SourceLoc sourceLoc(llvm::SMLoc Loc) const;

  //===-- token helpers ---------------------------------------------------===//
  const Token &tok() const { return *Cur; }
  // The current token, moving past it; never past the end of the file.
  const Token &take() { return at(Tok::Eof) ? *Cur : *Cur++; }
  bool at(Tok K) const { return Cur->Kind == K; }
  bool atEnd() const { return at(Tok::Newline) || at(Tok::Eof); }
  bool accept(Tok K);
  const Token &expect(Tok K, const char *What);
  const Token &expectIdent(const char *What);

  //===-- statements (Parser.cpp) -----------------------------------------===//
  void readBuffer(unsigned BufferId);
  // Reads statements from Tokens (made of Text) to their end; IncludedId:
  // an included file's buffer, read no further than its first error.
  void readTokens(const Token *Tokens, llvm::StringRef Text, unsigned IncludedId);
  void statement();
  void directive();
  void include(const Token &Dir);
  void chipDirective(const Token &Dir);
  void constDirective();
  void tensorDirective();
  void allocDirective(isa::MemSpace Space, const Token &Dir);
  void semDirective();
  void instruction();

  //===-- macros (MacroParser.cpp) ----------------------------------------===//
  void macroDirective(const Token &Dir);
  void reptDirective(const Token &Dir, bool Irp);
  void exitmDirective(const Token &Dir);
  void callMacro(const Macro &M, const Token &Name);
  struct Arg {
    llvm::StringRef Text; // as written, blanks around it dropped
    llvm::SMRange Range;
    llvm::StringRef Key; // name=value: the name
  };
  // The rest of the line split at commas outside brackets; with Keys, a
  // name=value whose name IsKey accepts is a keyword argument.
  std::vector<Arg> splitArgs(llvm::function_ref<bool(llvm::StringRef)> IsKey);
  // The lines after the current one up to the block's .endm or .endr, Cur
  // left on that line's end; none (reported) if the text ends first.
  // Broken is set when the body has errors (each reported).
  std::optional<llvm::StringRef> collectBody(const Token &Dir, BlockWord Open, bool &Broken,
                                             llvm::ArrayRef<std::string> Names, bool Counter,
                                             bool Iteration);
  // Reports the references in Body nothing binds (Names: the block's own).
  bool checkRefs(llvm::StringRef Body, llvm::ArrayRef<std::string> Names, bool Counter,
                 bool Iteration, const char *Where);
  // Checks the limits for Lines more lines, then reads E (its Text made).
  void checkExpansionLimits(const Expansion &E, uint64_t Lines);
  void readExpansion(std::unique_ptr<Expansion> E);
  [[noreturn]] void fatal(llvm::SMLoc Loc, const llvm::Twine &Msg, llvm::SMRange Range);
  void define(const Token &Name, SymKind K, int64_t Value, size_t Index);
  const isa::ChipDesc &chip();
  void finish();
  void verify(); // the verifier on every instruction (trn/verify/Verifier.h)

  //===-- declarations -----------------------------------------------------===//
  isa::DType parseDType(bool ForTensor);
  std::vector<uint64_t> parseShape(bool OnChip);

  //===-- operands (Operands.cpp) -----------------------------------------===//
  const isa::InstrDesc &selectInstr(const Token *Prefix, const Token &Mnemonic, isa::Engine &Eng);
  void parseOperand(const isa::InstrDesc &D, unsigned Idx, isa::Engine Eng, Pending &P);
  isa::AccessPattern parseAccessPattern(const isa::OperandDesc &D, isa::Engine Eng,
                                        const isa::InstrDesc &I);
  isa::AccessPattern parseGeneralAP();
  isa::AccessPattern parseNamedAP(const Token &Name);
  void parseRegOffset(isa::AccessPattern &AP);
  uint32_t parseFloat();
  uint8_t parseRegister();
  uint8_t parseSemaphore(bool ForWait);
  void parseSync(isa::Instr &I);
  void checkAP(const isa::AccessPattern &AP, const isa::OperandDesc &D, const isa::InstrDesc &I,
               isa::Engine Eng, llvm::SMRange Where);

  //===-- expressions (Expr.cpp) ------------------------------------------===//
  int64_t expr();
  int64_t exprBinary(int MinPrec);
  int64_t exprUnary();
  int64_t exprRanged(int64_t Min, int64_t Max, const char *What);
};

} // namespace trn::assembler

#endif
