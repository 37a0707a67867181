//===- main.cpp - trn-tblgen ----------------------------------------------===//
//
// trnemu's TableGen backend. The emitters register themselves as --gen-*
// options (EmitTables.cpp, EmitDoc.cpp, EmitSummary.cpp); -I, -o, -d and
// --write-if-changed come from LLVM's TableGen driver.
//
//===----------------------------------------------------------------------===//

#include "llvm/TableGen/Main.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"
#include "trn/support/Version.h"

int main(int argc, char **argv) {
  llvm::InitLLVM X(argc, argv);
  // --version as the other tools print it, with the LLVM it is built on.
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "trn-tblgen (trnemu) " << TRN_VERSION_STRING << "\n  LLVM version " << LLVM_VERSION_STRING
       << "\n";
  });
  llvm::cl::ParseCommandLineOptions(argc, argv, "trnemu ISA table generator\n");
  return llvm::TableGenMain(argv[0]);
}
