//===- trn/asm/Disassembler.h - a Program as assembly -----------*- C++ -*-===//
//
// Writes a whole program back as assembly: the chip, every declaration with
// its exact placement and initial bytes, then each engine's stream with its
// labels. trn-as turns the text back into the same code, tables and data
// (only the line table differs: it then points at the disassembly).
//
//===----------------------------------------------------------------------===//
#ifndef TRN_ASM_DISASSEMBLER_H
#define TRN_ASM_DISASSEMBLER_H

#include "trn/object/Program.h"

#include <string>

namespace trn::assembler {

struct DisasmOptions {
  bool LineNumbers = false; // a "# file:line:col" comment before each instruction
  bool Offsets = true;      // a "# index @offset" comment after each instruction
};

std::string disassemble(const object::Program &P, const DisasmOptions &Opts = {});

} // namespace trn::assembler

#endif
