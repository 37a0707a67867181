//===- EmitDispatch.cpp - the emulator's semantics dispatch ---------------===//
//
// --gen-emu-dispatch writes EmuDispatch.inc: one declaration of
// exec<RECORD>(ExecContext &, const isa::Instr &) per instruction and the
// switch that calls it. The definitions live in src/emu/semantics/; an
// instruction without one fails to link, not at run time.
//
//===----------------------------------------------------------------------===//

#include "IsaModel.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;

namespace trn::tblgen {
namespace {

void emitDispatch(RecordKeeper &RK, raw_ostream &OS) {
  std::optional<IsaModel> M = IsaModel::read(RK);
  if (!M)
    return;
  emitSourceFileHeader("trnemu emulator dispatch", OS, RK);
  OS << "#ifdef TRN_EMU_DECLARE_SEMANTICS\n";
  for (const InstrInfo &I : M->Instrs)
    OS << "void exec" << I.RecordName << "(ExecContext &C, const isa::Instr &I);\n";
  OS << "#undef TRN_EMU_DECLARE_SEMANTICS\n#endif\n\n";
  OS << "#ifdef TRN_EMU_DISPATCH\n";
  OS << "inline void dispatch(ExecContext &C, const isa::Instr &I) {\n  switch (I.Op) {\n";
  for (const InstrInfo &I : M->Instrs)
    OS << "  case isa::Opcode::" << I.RecordName << ":\n    return exec" << I.RecordName
       << "(C, I);\n";
  OS << "  }\n}\n#undef TRN_EMU_DISPATCH\n#endif\n";
}

TableGen::Emitter::Opt GenDispatch("gen-emu-dispatch", emitDispatch,
                                   "Generate the emulator's semantics dispatch (EmuDispatch.inc)");

} // namespace
} // namespace trn::tblgen
