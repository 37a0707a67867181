//===- SourceFile.h - reading source text within the budget -----*- C++ -*-===//
//
// A source file costs its size in host memory and more in tokens, so it is
// read only when the budget holds it. An included file must be a regular
// file: a device (/dev/zero, /dev/stdin) or a FIFO could be endless or
// block, and a source file is neither.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_ASM_SOURCEFILE_H
#define TRN_ASM_SOURCEFILE_H

#include "llvm/Support/MemoryBuffer.h"
#include "trn/support/HostMemory.h"

#include <memory>
#include <string>
#include <variant>

namespace trn::assembler {

// Path's contents ("-": standard input, named <stdin>), their size
// committed to Budget; or why not, as a phrase to follow "FILE: error: "
// ("cannot read the file: ...", "a device, not a regular file: ...", the
// budget's message). With RegularOnly, anything but a regular file is
// refused unread; otherwise a device or pipe is read in pieces and refused
// once past the budget.
std::variant<std::unique_ptr<llvm::MemoryBuffer>, std::string>
readSourceFile(const std::string &Path, HostMemoryBudget &Budget, bool RegularOnly);

// At least about as many tokens as lex() makes of Text (each punctuation
// character counted as one, comments and strings as at most one), from one
// quick pass: tokens cost many times the text they come from, so the budget
// is checked before they are made.
uint64_t estimateTokens(llvm::StringRef Text);

} // namespace trn::assembler

#endif
