//===- Isa.cpp - the generated ISA tables and their look-ups --------------===//

#include "trn/isa/Isa.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace trn::isa {
namespace {
#include "trn/isa/IsaTables.inc"

} // namespace

std::span<const EngineDesc> engines() { return EngineTable; }
const EngineDesc &engine(Engine E) { return EngineTable[static_cast<unsigned>(E)]; }
std::string engineNames(unsigned Mask) {
  std::vector<std::string> N;
  for (const EngineDesc &E : engines())
    if (Mask & bit(E.Id))
      N.push_back(E.RecordName);
  if (N.size() <= 1)
    return N.empty() ? "" : N[0];
  return fmt::format("{} and {}", fmt::join(N.begin(), N.end() - 1, ", "), N.back());
}
std::span<const MemSpaceDesc> memSpaces() { return MemSpaceTable; }
const MemSpaceDesc &memSpace(MemSpace S) { return MemSpaceTable[static_cast<unsigned>(S) - 1]; }
std::span<const DTypeDesc> dtypes() { return DTypeTable; }
const DTypeDesc &dtype(DType T) { return DTypeTable[static_cast<unsigned>(T)]; }
std::span<const EnumTypeDesc> enumTypes() { return EnumTypeTable; }
const EnumTypeDesc &enumType(EnumTypeId E) { return EnumTypeTable[static_cast<unsigned>(E)]; }
std::span<const OperandKindDesc> operandKinds() { return OperandKindTable; }
const OperandKindDesc &operandKind(OperandKind K) {
  return OperandKindTable[static_cast<unsigned>(K)];
}
std::span<const HeaderFieldDesc> headerFields() { return HeaderFieldTable; }
const HeaderFieldDesc &headerField(HeaderField F) {
  return HeaderFieldTable[static_cast<unsigned>(F)];
}
std::span<const InstrDesc> instrs() { return InstrTable; }
const InstrDesc &instr(Opcode Op) { return InstrTable[static_cast<unsigned>(Op)]; }
std::span<const CostClassDesc> costClasses() { return CostClassTable; }
const CostClassDesc &costClass(CostClassId C) { return CostClassTable[static_cast<unsigned>(C)]; }
std::span<const CostConstDesc> costConsts() { return CostConstTable; }
std::span<const NamedDesc> costVars() { return CostVarTable; }
std::span<const NamedDesc> costPreds() { return CostPredTable; }
std::span<const OverheadDesc> overheads() {
  std::span<const OverheadDesc> All(OverheadTable);
  return All.front().EngineMask ? All : All.first(0);
}
std::span<const ChipDesc> chips() { return ChipTable; }
std::span<const ActTableSetDesc> actTableSets() { return ActTableSetTable; }
std::span<const ResultLatencyDesc> resultLatencies() { return ResultLatencyTable; }
const ChipTimingDesc &chipTiming(Chip C) { return ChipTimingTable[static_cast<unsigned>(C)]; }
const ChipDesc &chip(Chip C) { return ChipTable[static_cast<unsigned>(C)]; }

const InstrDesc *decodeOpcode(uint8_t Encoding) {
  int16_t Index = InstrIndexByEncoding[Encoding];
  return Index < 0 ? nullptr : &InstrTable[Index];
}

std::span<const InstrDesc *const> lookupMnemonic(std::string_view Mnemonic) {
  const MnemonicEntry *End = std::end(MnemonicTable);
  const MnemonicEntry *It =
      std::lower_bound(std::begin(MnemonicTable), End, Mnemonic,
                       [](const MnemonicEntry &E, std::string_view M) { return E.Mnemonic < M; });
  if (It == End || It->Mnemonic != Mnemonic)
    return {};
  return std::span<const InstrDesc *const>(MnemonicCandidates).subspan(It->First, It->Count);
}

std::span<const char *const> mnemonics() { return MnemonicNames; }

std::optional<Engine> lookupEnginePrefix(std::string_view Prefix) {
  for (const EngineDesc &E : EngineTable)
    if (Prefix == E.Prefix)
      return E.Id;
  return std::nullopt;
}

std::optional<DType> lookupDType(std::string_view Name) {
  for (const DTypeDesc &T : DTypeTable)
    if (Name == T.Name)
      return T.Id;
  return std::nullopt;
}

std::optional<uint8_t> lookupEnumValue(EnumTypeId E, std::string_view Name) {
  for (const EnumValueDesc &V : enumType(E).Values)
    if (Name == V.Name)
      return V.Value;
  return std::nullopt;
}

const EnumValueDesc *enumValue(EnumTypeId E, uint8_t Value) {
  for (const EnumValueDesc &V : enumType(E).Values)
    if (V.Value == Value)
      return &V;
  return nullptr;
}

std::span<const InstanceDesc> instances() { return {InstanceTable, NumInstances}; }

std::optional<const InstanceDesc *> lookupInstance(std::string_view Name) {
  for (const InstanceDesc &I : instances())
    if (Name == I.Name)
      return &I;
  return std::nullopt;
}

uint32_t collectiveSliceBytes() { return CollectiveSliceBytesValue; }

std::optional<Chip> lookupChip(std::string_view Name) {
  for (const ChipDesc &C : ChipTable)
    if (Name == C.Name)
      return C.Id;
  return std::nullopt;
}

const PeModeDesc *peModeFor(const ChipDesc &C, DType T, std::string_view Form) {
  for (const PeModeDesc &M : C.PeModes)
    if (Form == M.Form && (M.TypeMask >> static_cast<unsigned>(T) & 1))
      return &M;
  return nullptr;
}

} // namespace trn::isa
