//===- AsmFuzzer.cpp - libFuzzer target: the assembler ---------------------===//
//
// Input: assembly text. The assembler must give a program or diagnostics,
// never crash or hang. A program it accepts must survive, unchanged but for
// source locations, both writeObject -> readObject and disassemble ->
// assemble (what trn-objdump -d promises).
//
//===----------------------------------------------------------------------===//

#include "AsmInput.h"
#include "FuzzCheck.h"
#include "SameProgram.h"
#include "trn/asm/Assembler.h"
#include "trn/asm/Disassembler.h"
#include "trn/object/ObjectFile.h"

#include <sstream>

using namespace trn;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  auto Text = fuzz::assemblyInput(Data, Size);
  if (!Text)
    return 0;
  std::ostringstream DiagOS;
  assembler::Result R = assembler::assembleText("fuzz.s", *Text, fuzz::assemblyOptions(), DiagOS);
  std::string Diag = DiagOS.str();
  if (!R.Program) {
    FUZZ_CHECK(R.Errors > 0 && !Diag.empty());
    return 0;
  }
  const object::Program &P = *R.Program;

  auto Read = object::readObject(object::writeObject(P));
  auto *Back = std::get_if<object::Program>(&Read);
  if (!Back)
    std::fprintf(stderr, "readObject: %s\n", std::get<std::string>(Read).c_str());
  FUZZ_CHECK(Back);
  FUZZ_CHECK(*Back == P);

  std::string Listing = assembler::disassemble(P);
  std::ostringstream Diag2OS;
  assembler::Result R2 = assembler::assembleText("disasm.s", Listing, {}, Diag2OS);
  std::string Diag2 = Diag2OS.str();
  if (!R2.Program)
    std::fprintf(stderr, "the disassembly does not assemble:\n%s\n%s\n", Listing.c_str(),
                 Diag2.c_str());
  FUZZ_CHECK(R2.Program);
  FUZZ_CHECK(fuzz::sameProgramButLocations(P, *R2.Program));
  return 0;
}
