//===- Emulator.cpp - the library interface -------------------------------===//

#include "trn/emu/Emulator.h"

#include "ExecContext.h"
#include "Machine.h"
#include "trn/verify/Verifier.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace trn::emu {

namespace {

// What a program costs before it runs, beyond its own bytes: its decoded
// instructions (each with what it always is, and at most a cost for every
// combination of its dynamic cost predicates), and at most the pages of HBM
// its initial data fill.
uint64_t decodedBytes(const object::Program &P) {
  uint64_t N = 0;
  for (const object::Stream &S : P.Streams)
    N += S.size();
  return N * (sizeof(isa::Instr) + sizeof(DecodedInstr) +
              (uint64_t(1) << NumDynamicPreds) * sizeof(CostPlan::Entry));
}

uint64_t initialPages(const object::Program &P) {
  uint64_t Pages = 0;
  for (const object::Tensor &T : P.Tensors)
    if (T.InitOffset && T.bytes())
      Pages += (T.Address + T.bytes() - 1) / Hbm::PageBytes - T.Address / Hbm::PageBytes + 1;
  return Pages;
}

} // namespace

Emulator::Emulator(object::Program P, std::optional<isa::Chip> Chip, uint64_t MaxHostMemory)
    : Emulator(std::move(P), Chip, std::make_shared<HostMemoryBudget>(MaxHostMemory)) {}

Emulator::Emulator(object::Program P, std::optional<isa::Chip> Chip,
                   std::shared_ptr<HostMemoryBudget> SharedBudget)
    : Budget(std::move(SharedBudget)) {
  const isa::ChipDesc &C = isa::chip(Chip.value_or(P.TargetChip));
  uint64_t Code = 0;
  for (const object::Stream &S : P.Streams)
    Code += S.Code.size() + S.size() * (sizeof(uint32_t) + sizeof(object::SourceLoc));
  Budget->commit(Code + P.Data.size(), "the program (its code and initial data)");
  Budget->commit(decodedBytes(P), "the program's decoded instructions");
  Budget->commit(onChipHostBytes(C),
                 fmt::format("{}'s SBUF and PSUM (with a written flag per byte)", C.Name));
  // Checked before any is written; then the pages actually written count.
  uint64_t InitBytes = initialPages(P) * Hbm::PageBytes;
  Budget->commit(InitBytes, "the initial data of the program's tensors in emulated HBM");
  M = std::make_unique<Machine>(std::move(P), C);
  Budget->release(InitBytes);
  M->HbmMem.setBudget(Budget.get());
  // The semantics rely on what the verifier checks: a program that breaks
  // a rule never runs.
  std::array<std::span<const isa::Instr>, isa::NumEngines> Decoded;
  for (unsigned E = 0; E < isa::NumEngines; ++E)
    Decoded[E] = M->Engines[E].Code;
  std::vector<verify::ProgramDiagnostic> Found = verify::verifyProgram(M->Prog, M->Chip, Decoded);
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
  return setTensorBytes(Name, 0, Bytes);
}

std::vector<uint8_t> Emulator::tensor(std::string_view Name) const {
  const object::Tensor *T = M->Prog.findTensor(Name);
  if (!T)
    return {};
  std::vector<uint8_t> Out(T->bytes());
  M->HbmMem.read(T->Address, Out.data(), Out.size());
  return Out;
}

const isa::Instr *Emulator::instruction(isa::Engine E, uint32_t Index) const {
  const EngineState &S = M->Engines[static_cast<unsigned>(E)];
  return Index < S.Code.size() ? &S.Code[Index] : nullptr;
}

uint64_t Emulator::executions(isa::Engine E, uint32_t Index) const {
  const EngineState &S = M->Engines[static_cast<unsigned>(E)];
  return Index < S.Decoded.size() ? S.Decoded[Index].Executions : 0;
}

std::string Emulator::where(isa::Engine E, uint32_t Index) const { return M->where(E, Index); }

namespace {

// The tensor called Name, if [Offset, Offset + Size) lies within it.
std::variant<const object::Tensor *, std::string>
tensorRange(const object::Program &P, std::string_view Name, uint64_t Offset, uint64_t Size) {
  const object::Tensor *T = P.findTensor(Name);
  if (!T)
    return fmt::format("the program declares no tensor '{}'", Name);
  if (Offset > T->bytes() || Size > T->bytes() - Offset)
    return fmt::format("bytes [{}, +{}) are outside tensor '{}' ({} bytes)", Offset, Size, Name,
                       T->bytes());
  return T;
}

} // namespace

std::optional<std::string> Emulator::setTensorBytes(std::string_view Name, uint64_t Offset,
                                                    std::span<const uint8_t> Bytes) {
  auto T = tensorRange(M->Prog, Name, Offset, Bytes.size());
  if (auto *Err = std::get_if<std::string>(&T))
    return *Err;
  try {
    M->HbmMem.write(std::get<const object::Tensor *>(T)->Address + Offset, Bytes.data(),
                    Bytes.size());
  } catch (const HostMemoryError &E) {
    return fmt::format("tensor '{}': {}", Name, E.what());
  }
  return std::nullopt;
}

std::optional<std::string> Emulator::tensorBytes(std::string_view Name, uint64_t Offset,
                                                 std::span<uint8_t> Out) const {
  auto T = tensorRange(M->Prog, Name, Offset, Out.size());
  if (auto *Err = std::get_if<std::string>(&T))
    return *Err;
  M->HbmMem.read(std::get<const object::Tensor *>(T)->Address + Offset, Out.data(), Out.size());
  return std::nullopt;
}

std::optional<std::string> Emulator::allocationBytes(std::string_view Name, uint64_t Offset,
                                                     std::span<uint8_t> Out) const {
  const object::Allocation *A = M->Prog.findAllocation(Name);
  if (!A)
    return fmt::format("the program declares no allocation '{}'", Name);
  if (Offset > A->bytes() || Out.size() > A->bytes() - Offset)
    return fmt::format("bytes [{}, +{}) are outside allocation '{}' ({} bytes)", Offset, Out.size(),
                       Name, A->bytes());
  const OnChip &Mem = A->Space == isa::MemSpace::PSUM ? M->Psum : M->Sbuf;
  uint64_t Row = A->bytesPerPartition();
  for (uint64_t Done = 0; Done < Out.size();) {
    uint64_t At = Offset + Done, P = At / Row, InRow = At % Row;
    uint64_t N = std::min<uint64_t>(Row - InRow, Out.size() - Done);
    std::memcpy(Out.data() + Done,
                Mem.Bytes.data() +
                    Mem.index(A->PartStart + static_cast<uint32_t>(P), A->Offset + InRow),
                N);
    Done += N;
  }
  return std::nullopt;
}

void Emulator::addObserver(Observer *O) { M->Observers.push_back(O); }

RunResult Emulator::run(const RunOptions &Opts) {
  if (!LoadErrors.empty()) {
    RunResult R;
    R.Error = Fault{LoadFault, fmt::format("{}", fmt::join(LoadErrors, "\n"))};
    return R;
  }
  RunResult R = M->run(Opts);
  // A "what if" must not pass for a measurement: every run on a
  // speculative preset says so, first.
  if (*chip().Speculative)
    R.Warnings.insert(R.Warnings.begin(),
                      fmt::format("warning: chip {} is a speculative preset: {}", chip().Name,
                                  chip().Speculative));
  return R;
}

} // namespace trn::emu
