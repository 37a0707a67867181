//===- ObjectFuzzer.cpp - libFuzzer target: the object reader --------------===//
//
// Input: the bytes of an object file. readObject must give a program or a
// message, never crash. A program it accepts must be written back to an
// object that reads as the same program, and must disassemble.
//
//===----------------------------------------------------------------------===//

#include "FuzzCheck.h"
#include "trn/asm/Disassembler.h"
#include "trn/object/ObjectFile.h"

#include <span>

using namespace trn;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  auto Read = object::readObject(std::span<const uint8_t>(Data, Size));
  auto *P = std::get_if<object::Program>(&Read);
  if (!P) {
    FUZZ_CHECK(!std::get<std::string>(Read).empty());
    return 0;
  }
  auto Again = object::readObject(object::writeObject(*P));
  auto *Q = std::get_if<object::Program>(&Again);
  if (!Q)
    std::fprintf(stderr, "readObject(writeObject(P)): %s\n", std::get<std::string>(Again).c_str());
  FUZZ_CHECK(Q);
  FUZZ_CHECK(*Q == *P);
  assembler::DisasmOptions Opts;
  Opts.LineNumbers = true;
  FUZZ_CHECK(!assembler::disassemble(*P, Opts).empty());
  return 0;
}
