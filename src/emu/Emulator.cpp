//===- Emulator.cpp - the library interface -------------------------------===//

#include "trn/emu/Emulator.h"

#include "ExecContext.h"
#include "Machine.h"
#include "trn/verify/Verifier.h"

#include <fmt/format.h>

namespace trn::emu {

Emulator::Emulator(object::Program P, std::optional<isa::Chip> Chip) {
  isa::Chip C = Chip.value_or(P.TargetChip);
  M = std::make_unique<Machine>(std::move(P), isa::chip(C));
  // The semantics rely on what the verifier checks: a program that breaks
  // a rule never runs.
  std::array<std::span<const isa::Instr>, isa::NumEngines> Code;
  for (unsigned E = 0; E < isa::NumEngines; ++E)
    Code[E] = M->Engines[E].Code;
  std::vector<verify::ProgramDiagnostic> Found = verify::verifyProgram(M->Prog, M->Chip, Code);
  if (!Found.empty())
    LoadFault = faultKindOf(Found.front().D.Kind);
  for (verify::ProgramDiagnostic &D : Found)
    LoadErrors.push_back(std::move(D.Text));
}

Emulator::~Emulator() = default;

const object::Program &Emulator::program() const { return M->Prog; }
const isa::ChipDesc &Emulator::chip() const { return M->Chip; }

std::optional<std::string> Emulator::setTensor(std::string_view Name,
                                               std::span<const uint8_t> Bytes) {
  const object::Tensor *T = M->Prog.findTensor(Name);
  if (!T)
    return fmt::format("the program declares no tensor '{}'", Name);
  if (Bytes.size() != T->bytes())
    return fmt::format("tensor '{}' holds {} bytes, not {}", Name, T->bytes(), Bytes.size());
  M->HbmMem.write(T->Address, Bytes.data(), Bytes.size());
  return std::nullopt;
}

std::vector<uint8_t> Emulator::tensor(std::string_view Name) const {
  const object::Tensor *T = M->Prog.findTensor(Name);
  if (!T)
    return {};
  std::vector<uint8_t> Out(T->bytes());
  M->HbmMem.read(T->Address, Out.data(), Out.size());
  return Out;
}

void Emulator::addObserver(Observer *O) { M->Observers.push_back(O); }

RunResult Emulator::run(const RunOptions &Opts) {
  if (!LoadErrors.empty()) {
    RunResult R;
    R.Error = Fault{LoadFault, fmt::format("{}", fmt::join(LoadErrors, "\n"))};
    return R;
  }
  return M->run(Opts);
}

} // namespace trn::emu
