//===- Parser.h - the assembler's one pass over the source ------*- C++ -*-===//
//
// Statements are read line by line and acted on at once: declarations lay
// out memory, instructions are checked and queued on their engine's stream.
// Labels may be used before they are defined; everything else is declared
// before use. After the last line, labels are resolved and every
// instruction is encoded.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_ASM_PARSER_H
#define TRN_ASM_PARSER_H

#include "Lexer.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SourceMgr.h"
#include "trn/asm/Assembler.h"
#include "trn/asm/Layout.h"
#include "trn/isa/Instr.h"

#include <array>
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

  // The current line's tokens.
  const Token *Cur = nullptr;

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
  static llvm::SMRange range(const Token &From, const Token &To);
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
  void statement();
  void directive();
  void include(const Token &Dir);
  void chipDirective(const Token &Dir);
  void constDirective();
  void tensorDirective();
  void allocDirective(isa::MemSpace Space, const Token &Dir);
  void semDirective();
  void instruction();
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
