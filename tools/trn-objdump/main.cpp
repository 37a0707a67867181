//===- trn-objdump - show what a trnemu object holds -----------------------===//
//
// trn-objdump -d [--line-numbers] | -t | -h  FILE.o|-
//   -d  disassemble: a program trn-as turns back into the same object
//   -t  the tensor table, allocations, semaphores and labels
//   -h  the sections
// Exit codes: 0 success, 2 bad usage or a bad object.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "Files.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "trn/asm/Disassembler.h"
#include "trn/object/ObjectFile.h"
#include "trn/support/HostMemory.h"

#include <fmt/format.h>

#include <algorithm>

using namespace trn;

namespace {

std::string shape(const std::vector<uint64_t> &S) {
  return fmt::format("[{}]", fmt::join(S, ", "));
}

void printTables(const object::Program &P, llvm::raw_ostream &OS) {
  OS << fmt::format("chip: {}\n\nTensors (HBM):\n", isa::chip(P.TargetChip).Name);
  // The role column widens for "output,shared" only where a tensor is shared.
  auto Role = [](const object::Tensor &T) {
    return fmt::format("{}{}", object::roleName(T.Role), T.Shared ? ",shared" : "");
  };
  size_t RoleWidth = 7;
  for (const object::Tensor &T : P.Tensors)
    RoleWidth = std::max(RoleWidth, Role(T).size());
  OS << fmt::format("  {:<16} {:<10} {:<16} {:<{}} {:>14} {:>12}  {}\n", "name", "dtype", "shape",
                    "role", RoleWidth, "address", "bytes", "initial data");
  for (const object::Tensor &T : P.Tensors)
    OS << fmt::format("  {:<16} {:<10} {:<16} {:<{}} {:>#14x} {:>12}  {}\n", T.Name,
                      isa::dtype(T.Type).Name, shape(T.Shape), Role(T), RoleWidth, T.Address,
                      T.bytes(), T.InitOffset ? "yes" : "no");
  OS << "\nAllocations (SBUF/PSUM):\n";
  OS << fmt::format("  {:<16} {:<5} {:<10} {:<16} {:>10} {:>10} {:>10}\n", "name", "space", "dtype",
                    "shape", "partitions", "offset", "bytes/part");
  for (const object::Allocation &A : P.Allocations)
    OS << fmt::format("  {:<16} {:<5} {:<10} {:<16} {:>10} {:>#10x} {:>10}\n", A.Name,
                      isa::memSpace(A.Space).Name, isa::dtype(A.Type).Name, shape(A.Shape),
                      fmt::format("{}-{}", A.PartStart, A.PartStart + A.Shape[0] - 1), A.Offset,
                      A.bytesPerPartition());
  OS << "\nSemaphores:\n";
  for (const object::Semaphore &S : P.Semaphores)
    OS << fmt::format("  s{:<3} {:<16} initial {}\n", S.Index, S.Name, S.Initial);
  OS << "\nLabels:\n";
  for (const object::Label &L : P.Labels)
    OS << fmt::format("  {:<4} {:>6}  {}\n", isa::engine(L.Eng).RecordName, L.Index, L.Name);
}

void printSections(const object::Program &P, llvm::raw_ostream &OS) {
  OS << fmt::format("{:<12} {:>8} {:>12}\n", "section", "bytes", "instructions");
  for (unsigned E = 0; E < isa::NumEngines; ++E)
    OS << fmt::format("{:<12} {:>8} {:>12}\n",
                      std::string(".text.") + isa::engine(static_cast<isa::Engine>(E)).Prefix,
                      P.Streams[E].Code.size(), P.Streams[E].size());
  OS << fmt::format("{:<12} {:>8} {:>12}\n", ".trn.data", P.Data.size(), "");
  OS << fmt::format("\n{} tensors, {} allocations, {} semaphores, {} labels, {} source files\n",
                    P.Tensors.size(), P.Allocations.size(), P.Semaphores.size(), P.Labels.size(),
                    P.Files.size());
}

int run(int argc, char **argv) {
  tools::Tool T({"trn-objdump", "shows what a trnemu object file holds",
                 "-d [-l] | -t | -h  <file.o | ->", /*ShortHelp=*/false});
  T.group("What to show (at least one; printed in the order -h, -t, -d)")(
      "disassemble,d", "every engine's stream as assembly that trn-as turns back into the object")(
      "line-numbers,l", "with -d: the source file:line:col of each instruction")(
      "syms,t", "the tensor table, allocations, semaphores and labels")("section-headers,h",
                                                                        "the sections");
  if (auto Exit = T.parse(argc, argv))
    return *Exit;
  if (T.inputs().size() != 1) {
    T.error("expected exactly one object file (try --help)");
    return tools::ExitUsage;
  }
  if (!T.has("disassemble") && !T.has("syms") && !T.has("section-headers")) {
    T.error("say what to show: -d, -t or -h (try --help)");
    return tools::ExitUsage;
  }
  std::string Path = T.inputs()[0];
  if (auto Err = tools::checkReadable(Path)) {
    T.error(*Err);
    return tools::ExitUsage;
  }
  auto Buf = llvm::MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/false);
  if (!Buf) {
    T.error(tools::fileError(Path, Buf.getError()));
    return tools::ExitUsage;
  }
  auto Bytes = std::span(reinterpret_cast<const uint8_t *>((*Buf)->getBufferStart()),
                         (*Buf)->getBufferSize());
  auto Read = object::readObject(Bytes);
  if (auto *Err = std::get_if<std::string>(&Read)) {
    T.error(Path + ": " + *Err);
    return tools::ExitUsage;
  }
  const object::Program &P = std::get<object::Program>(Read);
  llvm::raw_ostream &OS = llvm::outs();
  if (T.has("section-headers"))
    printSections(P, OS);
  if (T.has("syms"))
    printTables(P, OS);
  if (T.has("disassemble")) {
    assembler::DisasmOptions Opts;
    Opts.LineNumbers = T.has("line-numbers");
    OS << assembler::disassemble(P, Opts);
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return trn::exitOnHostMemoryError("trn-objdump", [&] { return run(argc, argv); });
}
