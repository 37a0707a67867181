//===- main.cpp - trn-tblgen ----------------------------------------------===//
//
// trnemu's TableGen backend. The emitters register themselves as --gen-*
// options (EmitTables.cpp, EmitDoc.cpp, EmitSummary.cpp); -I, -o, -d and
// --write-if-changed come from LLVM's TableGen driver.
//
//===----------------------------------------------------------------------===//

#include "llvm/TableGen/Main.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  llvm::InitLLVM X(argc, argv);
  llvm::cl::ParseCommandLineOptions(argc, argv, "trnemu ISA table generator\n");
  return llvm::TableGenMain(argv[0]);
}
