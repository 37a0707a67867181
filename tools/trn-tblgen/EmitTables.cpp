//===- EmitTables.cpp - the C++ enums and tables of the ISA ---------------===//
//
// --gen-isa-enums writes IsaEnums.inc (included by trn/isa/Isa.h);
// --gen-isa-tables writes IsaTables.inc (included once, by src/isa/Isa.cpp).
//
//===----------------------------------------------------------------------===//

#include "Emit.h"
#include "IsaModel.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>

using namespace llvm;

namespace trn::tblgen {

std::string quote(std::string_view S) {
  std::string Out = "\"";
  for (char C : S) {
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    default:
      if (std::isprint(static_cast<unsigned char>(C)))
        Out += C;
      else
        Out += fmt::format("\\x{:02x}", static_cast<unsigned char>(C));
    }
  }
  return Out + "\"";
}

std::string camel(std::string_view S) {
  std::string Out;
  bool Upper = true;
  for (char C : S) {
    if (C == '_' || C == '-' || C == ' ') {
      Upper = true;
      continue;
    }
    Out += Upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(C))) : C;
    Upper = false;
  }
  return Out;
}

namespace {

std::string stripPrefix(const std::string &S, std::string_view Prefix) {
  return S.rfind(Prefix, 0) == 0 ? S.substr(Prefix.size()) : S;
}

void emitEnum(raw_ostream &OS, std::string_view Name, std::string_view Type,
              const std::vector<std::pair<std::string, int>> &Values) {
  OS << "enum class " << Name << " : " << Type << " {\n";
  for (const auto &[Enumerator, Value] : Values)
    OS << "  " << Enumerator << " = " << Value << ",\n";
  OS << "};\n";
}

// Engine timing: ACT table sets, result latencies, and per chip the
// throttle, shared ports and DMA signal delay.
void emitEngineTiming(const IsaModel &M, raw_ostream &OS) {
  OS << "static const ActTableSetDesc ActTableSetTable[] = {\n";
  for (const ActTableSetInfo &T : M.ActTableSets)
    OS << fmt::format("  {{{}, {}}},\n", quote(T.Name), quote(T.Source));
  if (M.ActTableSets.empty())
    OS << "  {\"none\", \"\"},\n";
  OS << "};\n";
  OS << "static const ResultLatencyDesc ResultLatencyTable[] = {\n";
  for (const ResultLatencyInfo &L : M.ResultLatencies)
    OS << fmt::format("  {{Engine::{}, CostConst::{}}},\n", M.Engines[L.Engine].RecordName,
                      M.CostConsts[L.Const].Def->getName().str());
  OS << "};\n";
  OS << "static const DidtThrottleDesc DidtThrottleTable[] = {\n";
  for (const DidtThrottleInfo &T : M.Throttles)
    OS << fmt::format("  {{{}, {}, {}, {}, {}}},\n", T.StartPercent, T.RampNs, T.ThresholdPercent,
                      T.WindowNs, quote(T.Source));
  if (M.Throttles.empty())
    OS << "  {100, 1, 0, 1, \"\"},\n";
  OS << "};\n";
  auto SpaceName = [&](int Id) {
    for (const MemSpaceInfo &S : M.Spaces)
      if (S.Id == Id)
        return S.RecordName;
    return std::string("None");
  };
  OS << "static const PortShareDesc PortShareTable[] = {\n";
  for (const PortShareInfo &P : M.PortShares)
    OS << fmt::format("  {{{}, Engine::{}, Engine::{}, MemSpace::{}, {}, {}}},\n", quote(P.Name),
                      M.Engines[P.EngineA].RecordName, M.Engines[P.EngineB].RecordName,
                      SpaceName(P.Space), P.PerfModeOnlyA, quote(P.Source));
  if (M.PortShares.empty())
    OS << "  {\"none\", Engine{}, Engine{}, MemSpace::None, false, \"\"},\n";
  OS << "};\n";
  for (size_t C = 0; C < M.Chips.size(); ++C) {
    const ChipTimingInfo &T = M.ChipTiming[C];
    if (T.PortShares.empty())
      continue;
    OS << "static const PortShareDesc *const PortShares_" << M.Chips[C].Name << "[] = {";
    for (int P : T.PortShares)
      OS << "&PortShareTable[" << P << "], ";
    OS << "};\n";
  }
  OS << "static const InstanceDesc InstanceTable[] = {\n";
  for (const InstanceInfo &I : M.Instances)
    OS << fmt::format("  {{{}, Chip::{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}}},\n",
                      quote(I.Name), M.Chips[I.Chip].Def->getName().str(), I.Topology == "switch",
                      I.TorusX, I.TorusY, I.TorusZ, I.LinksPerChip, I.LinkMBps, I.ZLinkMBps,
                      I.HopNs, quote(I.LinkSource), quote(I.ZLinkSource), quote(I.HopSource),
                      quote(I.Source));
  if (M.Instances.empty())
    OS << "  {\"none\", Chip{}, false, 1, 1, 1, 1, 1, 1, 0, \"\", \"\", \"\", \"\"},\n";
  OS << "};\n";
  OS << fmt::format("static const uint32_t NumInstances = {};\n", M.Instances.size());
  OS << fmt::format("static const uint32_t CollectiveSliceBytesValue = {};\n",
                    M.CollectiveSliceBytes ? M.CollectiveSliceBytes : 1048576);
  OS << "static const ChipTimingDesc ChipTimingTable[] = {\n";
  for (size_t C = 0; C < M.Chips.size(); ++C) {
    const ChipTimingInfo &T = M.ChipTiming[C];
    OS << fmt::format("  {{Chip::{}, {}, {}, {}, {}}},\n", M.Chips[C].Def->getName().str(),
                      T.DmaSignalNs, quote(T.DmaSignalSource),
                      T.Throttle < 0 ? std::string("nullptr")
                                     : fmt::format("&DidtThrottleTable[{}]", T.Throttle),
                      T.PortShares.empty() ? std::string("{}") : "PortShares_" + M.Chips[C].Name);
  }
  OS << "};\n";
}

void emitEnums(RecordKeeper &RK, raw_ostream &OS) {
  std::optional<IsaModel> M = IsaModel::read(RK);
  if (!M)
    return;
  emitSourceFileHeader("trnemu ISA enumerations", OS, RK);
  std::vector<std::pair<std::string, int>> V;

  for (const EngineInfo &E : M->Engines)
    V.push_back({E.RecordName, E.Id});
  emitEnum(OS, "Engine", "uint8_t", V);
  OS << "inline constexpr unsigned NumEngines = " << M->Engines.size() << ";\n\n";

  V = {{"None", 0}};
  for (const MemSpaceInfo &S : M->Spaces)
    V.push_back({S.RecordName, S.Id});
  emitEnum(OS, "MemSpace", "uint8_t", V);
  OS << "\n";

  V.clear();
  for (const DTypeInfo &T : M->DTypes)
    V.push_back({T.RecordName, T.Id});
  emitEnum(OS, "DType", "uint8_t", V);
  OS << "inline constexpr unsigned NumDTypes = " << M->DTypes.size() << ";\n\n";

  V.clear();
  for (size_t I = 0; I < M->Enums.size(); ++I)
    V.push_back({M->Enums[I].Name, static_cast<int>(I)});
  emitEnum(OS, "EnumTypeId", "uint8_t", V);
  for (const EnumTypeInfo &E : M->Enums) {
    V.clear();
    for (const EnumValueInfo &Value : E.Values)
      V.push_back({camel(Value.Name), Value.Value});
    emitEnum(OS, E.Name, "uint8_t", V);
  }
  OS << "\n";

  V.clear();
  for (size_t I = 0; I < M->Kinds.size(); ++I)
    V.push_back({camel(M->Kinds[I].Name), static_cast<int>(I)});
  emitEnum(OS, "OperandKind", "uint8_t", V);
  // One enum of field indices per operand kind, so that code names fields.
  for (const OperandKindInfo &K : M->Kinds) {
    V.clear();
    for (size_t I = 0; I < K.Fields.size(); ++I)
      V.push_back({camel(K.Fields[I].Name), static_cast<int>(I)});
    emitEnum(OS, camel(K.Name) + "Field", "uint8_t", V);
  }
  OS << "\n";

  V.clear();
  for (size_t I = 0; I < M->Header.size(); ++I)
    V.push_back({camel(M->Header[I].Name), static_cast<int>(I)});
  emitEnum(OS, "HeaderField", "uint8_t", V);
  OS << "inline constexpr unsigned IsaHeaderBits = " << M->HeaderBits << ";\n\n";

  // Opcode is a dense index in encoding order; InstrDesc::Encoding holds the
  // opcode byte.
  V.clear();
  for (size_t I = 0; I < M->Instrs.size(); ++I)
    V.push_back({M->Instrs[I].RecordName, static_cast<int>(I)});
  emitEnum(OS, "Opcode", "uint16_t", V);
  OS << "inline constexpr unsigned NumOpcodes = " << M->Instrs.size() << ";\n";
  // The most operands an instruction has: isa::Instr holds MaxOperands
  // (trn/isa/Instr.h checks that they suffice).
  size_t MostOperands = 0;
  for (const InstrInfo &I : M->Instrs)
    MostOperands = std::max(MostOperands, I.Operands.size());
  OS << "inline constexpr unsigned MostOperands = " << MostOperands << ";\n\n";

  V.clear();
  for (size_t I = 0; I < M->CostClasses.size(); ++I)
    V.push_back({stripPrefix(M->CostClasses[I].Name, "CC_"), static_cast<int>(I)});
  emitEnum(OS, "CostClassId", "uint8_t", V);
  OS << "inline constexpr unsigned NumCostClasses = " << M->CostClasses.size() << ";\n";
  V.clear();
  for (size_t I = 0; I < M->CostVars.size(); ++I)
    V.push_back({M->CostVars[I].Def->getName().str(), static_cast<int>(I)});
  emitEnum(OS, "CostVar", "uint8_t", V);
  OS << "inline constexpr unsigned NumCostVars = " << M->CostVars.size() << ";\n";
  V.clear();
  for (size_t I = 0; I < M->CostPreds.size(); ++I)
    V.push_back({M->CostPreds[I].Def->getName().str(), static_cast<int>(I)});
  emitEnum(OS, "CostPred", "uint8_t", V);
  OS << "inline constexpr unsigned NumCostPreds = " << M->CostPreds.size() << ";\n";
  V.clear();
  for (size_t I = 0; I < M->CostConsts.size(); ++I)
    V.push_back({M->CostConsts[I].Def->getName().str(), static_cast<int>(I)});
  emitEnum(OS, "CostConst", "uint8_t", V);
  V.clear();
  for (size_t I = 0; I < M->CostOps.size(); ++I)
    V.push_back({M->CostOps[I].RecordName, static_cast<int>(I)});
  emitEnum(OS, "CostOp", "uint8_t", V);
  OS << "\n";

  V.clear();
  for (size_t I = 0; I < M->Chips.size(); ++I)
    V.push_back({M->Chips[I].Def->getName().str(), static_cast<int>(I)});
  emitEnum(OS, "Chip", "uint8_t", V);
  OS << "inline constexpr unsigned NumChips = " << M->Chips.size() << ";\n";
}

std::string optionalOrNull(const std::optional<std::string> &S) {
  return S ? quote(*S) : "nullptr";
}

void emitTables(RecordKeeper &RK, raw_ostream &OS) {
  std::optional<IsaModel> Model = IsaModel::read(RK);
  if (!Model)
    return;
  const IsaModel &M = *Model;
  emitSourceFileHeader("trnemu ISA tables", OS, RK);

  OS << "static const EngineDesc EngineTable[] = {\n";
  for (const EngineInfo &E : M.Engines)
    OS << fmt::format("  {{Engine::{}, {}, {}, {}, 0x{:x}, {}}},\n", E.RecordName,
                      quote(E.RecordName), quote(E.Prefix), quote(E.Name), E.SpaceMask,
                      quote(E.Description));
  OS << "};\n\n";

  OS << "static const MemSpaceDesc MemSpaceTable[] = {\n";
  for (const MemSpaceInfo &S : M.Spaces)
    OS << fmt::format("  {{MemSpace::{}, {}, {}}},\n", S.RecordName, quote(S.Name),
                      quote(S.Description));
  OS << "};\n\n";

  OS << "static const DTypeDesc DTypeTable[] = {\n";
  for (const DTypeInfo &T : M.DTypes) {
    // A packed type's lane type by record name (itself when unpacked).
    std::string Lane = T.RecordName;
    for (const DTypeInfo &O : M.DTypes)
      if (!T.LaneType.empty() && O.Name == T.LaneType)
        Lane = O.RecordName;
    OS << fmt::format("  {{DType::{}, {}, DTypeKind::{}, FloatStyle::{}, {}, {}, {}, {}, {}, {}, "
                      "{}, DType::{}}},\n",
                      T.RecordName, quote(T.Name),
                      T.Kind == "float" ? "Float"
                      : T.Kind == "int" ? "Int"
                                        : "UInt",
                      T.FloatStyle == "ieee"     ? "Ieee"
                      : T.FloatStyle == "fn"     ? "FiniteOnly"
                      : T.FloatStyle == "finite" ? "NoSpecials"
                      : T.FloatStyle == "e8m0"   ? "ExponentOnly"
                                                 : "None",
                      T.Bits, T.StorageBytes, T.ExponentBits, T.MantissaBits, T.MinGen,
                      quote(T.Description), T.Lanes, Lane);
  }
  OS << "};\n\n";

  for (const EnumTypeInfo &E : M.Enums) {
    OS << "static const EnumValueDesc EnumValues_" << E.Name << "[] = {\n";
    for (const EnumValueInfo &V : E.Values)
      OS << fmt::format("  {{{}, {}, {}, {}, {}, {}, {}, {}}},\n", quote(V.Name), V.Value,
                        quote(V.Description), V.Arity, V.Reducible, V.Bitvec, quote(V.Range),
                        V.TableSet);
    OS << "};\n";
  }
  OS << "static const EnumTypeDesc EnumTypeTable[] = {\n";
  for (const EnumTypeInfo &E : M.Enums)
    OS << fmt::format("  {{EnumTypeId::{0}, {1}, EnumValues_{0}, {2}}},\n", E.Name, quote(E.Name),
                      quote(E.Description));
  OS << "};\n\n";

  for (const OperandKindInfo &K : M.Kinds) {
    OS << "static const FieldDesc Fields_" << K.RecordName << "[] = {\n";
    for (const FieldInfo &F : K.Fields)
      OS << fmt::format("  {{{}, {}, {}, {}, {}}},\n", quote(F.Name), F.Lsb, F.Width, F.Signed,
                        F.NestedKind < 0 ? std::string("std::nullopt")
                                         : "OperandKind::" + camel(M.Kinds[F.NestedKind].Name));
    OS << "};\n";
  }
  OS << "static const OperandKindDesc OperandKindTable[] = {\n";
  for (const OperandKindInfo &K : M.Kinds)
    OS << fmt::format("  {{OperandKind::{}, {}, {}, Fields_{}, {}}},\n", camel(K.Name),
                      quote(K.Name), K.Bits, K.RecordName, quote(K.Description));
  OS << "};\n\n";

  OS << "static const HeaderFieldDesc HeaderFieldTable[] = {\n";
  for (const HeaderFieldInfo &F : M.Header)
    OS << fmt::format("  {{HeaderField::{}, {}, {}, {}, {}}},\n", camel(F.Name), quote(F.Name),
                      F.Lsb, F.Width, quote(F.Description));
  OS << "};\n\n";

  for (const InstrInfo &I : M.Instrs) {
    if (I.Operands.empty())
      continue;
    OS << "static const OperandDesc Operands_" << I.RecordName << "[] = {\n";
    for (const OperandInfo &Op : I.Operands)
      OS << fmt::format(
          "  {{{}, OperandKind::{}, 0x{:x}, 0x{:x}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, "
          "{}}},\n",
          quote(Op.Name), camel(M.Kinds[Op.Kind].Name), Op.SpaceMask, Op.DTypeMask, Op.MaxFree,
          Op.MaxFreePsum, Op.OneBank, Op.Output,
          Op.EnumType < 0 ? std::string("std::nullopt")
                          : "EnumTypeId::" + M.Enums[Op.EnumType].Name,
          Op.HasRange, Op.Min == INT64_MIN ? "INT64_MIN" : std::to_string(Op.Min) + "LL",
          std::to_string(Op.Max) + "LL", optionalOrNull(Op.Default),
          Op.Keyword.empty() ? "nullptr" : quote(Op.Keyword), Op.ByteOffset, quote(Op.Description));
    OS << "};\n";
  }
  OS << "\nstatic const InstrDesc InstrTable[] = {\n";
  for (const InstrInfo &I : M.Instrs)
    OS << fmt::format("  {{Opcode::{}, {}, {}, 0x{:02X}, 0x{:x}, {}, {}, {}, CostClassId::{}, {}, "
                      "{}, {}, {}, {}, {}, {}, {}, {}}},\n",
                      I.RecordName, quote(I.RecordName), quote(I.Mnemonic), I.Opcode, I.EngineMask,
                      I.MinGen, I.SizeBytes,
                      I.Operands.empty() ? std::string("{}") : "Operands_" + I.RecordName,
                      stripPrefix(M.CostClasses[I.CostClass].Name, "CC_"), quote(I.AsmString),
                      quote(M.syntax(I)), quote(I.Description), I.IsBranch, I.IsTerminator, I.IsDma,
                      I.IsSequencer, I.IsDebug, I.IsCollective);
  OS << "};\n\n";

  // The decoder: opcode byte -> index into InstrTable, -1 if unassigned.
  std::vector<int> ByEncoding(256, -1);
  for (size_t I = 0; I < M.Instrs.size(); ++I)
    ByEncoding[M.Instrs[I].Opcode] = static_cast<int>(I);
  OS << "static const int16_t InstrIndexByEncoding[256] = {";
  for (int I = 0; I < 256; ++I)
    OS << (I % 16 ? " " : "\n  ") << ByEncoding[I] << ",";
  OS << "\n};\n\n";

  // The parser's match table: mnemonics sorted, each with its candidates.
  std::map<std::string, std::vector<size_t>> ByMnemonic;
  for (size_t I = 0; I < M.Instrs.size(); ++I)
    ByMnemonic[M.Instrs[I].Mnemonic].push_back(I);
  OS << "static const InstrDesc *const MnemonicCandidates[] = {\n";
  for (const auto &[Mnemonic, Indices] : ByMnemonic)
    for (size_t I : Indices)
      OS << "  &InstrTable[" << I << "], // " << Mnemonic << "\n";
  OS << "};\n";
  OS << "struct MnemonicEntry {\n  const char *Mnemonic;\n  uint16_t First, Count;\n};\n";
  OS << "static const MnemonicEntry MnemonicTable[] = {\n";
  size_t First = 0;
  for (const auto &[Mnemonic, Indices] : ByMnemonic) {
    OS << fmt::format("  {{{}, {}, {}}},\n", quote(Mnemonic), First, Indices.size());
    First += Indices.size();
  }
  OS << "};\n";
  OS << "static const char *const MnemonicNames[] = {\n";
  for (const auto &Entry : ByMnemonic)
    OS << "  " << quote(Entry.first) << ",\n";
  OS << "};\n\n";

  // Cost classes: each case's formula as reverse Polish notation.
  for (const CostClassInfo &C : M.CostClasses) {
    for (size_t K = 0; K < C.Cases.size(); ++K) {
      OS << fmt::format("static const CostNode Rpn_{}_{}[] = {{", C.Name, K);
      for (const CostNode &N : C.Cases[K].Rpn) {
        static const char *const Kinds[] = {"Int", "Var", "Const", "Op"};
        OS << fmt::format("{{CostNode::{}, {}, {}}}, ", Kinds[N.Kind], N.Value, N.Arity);
      }
      OS << "};\n";
    }
    OS << "static const CostCaseDesc Cases_" << C.Name << "[] = {\n";
    for (size_t K = 0; K < C.Cases.size(); ++K) {
      uint32_t Mask = 0;
      for (int P : C.Cases[K].Preds)
        Mask |= 1u << P;
      OS << fmt::format("  {{0x{:x}, Rpn_{}_{}, {}}},\n", Mask, C.Name, K, quote(C.Cases[K].Text));
    }
    OS << "};\n";
  }
  OS << "static const CostClassDesc CostClassTable[] = {\n";
  for (const CostClassInfo &C : M.CostClasses)
    OS << fmt::format("  {{CostClassId::{}, {}, CostUnit::{}, Cases_{}, {}}},\n",
                      stripPrefix(C.Name, "CC_"), quote(stripPrefix(C.Name, "CC_")),
                      C.Unit == "cycles" ? "Cycles" : "DmaBytes", C.Name, quote(C.Source));
  OS << "};\n";
  OS << "static const CostConstDesc CostConstTable[] = {\n";
  for (const CostConstInfo &C : M.CostConsts)
    OS << fmt::format("  {{CostConst::{}, {}, {}, {}}},\n", C.Def->getName().str(), quote(C.Name),
                      C.Value, quote(C.Source));
  OS << "};\n";
  for (auto [Name, List] :
       {std::pair{"CostVarTable", &M.CostVars}, std::pair{"CostPredTable", &M.CostPreds}}) {
    OS << "static const NamedDesc " << Name << "[] = {\n";
    for (const NamedInfo &N : *List)
      OS << fmt::format("  {{{}, {}}},\n", quote(N.Name), quote(N.Description));
    OS << "};\n";
  }
  OS << "\n";

  OS << "static const OverheadDesc OverheadTable[] = {\n";
  for (const OverheadInfo &O : M.Overheads) {
    uint32_t Preds = 0;
    for (int P : O.Preds)
      Preds |= 1u << P;
    OS << fmt::format("  {{{}, 0x{:x}, 0x{:x}, CostConst::{}}},\n", quote(O.RecordName),
                      O.EngineMask, Preds, M.CostConsts[O.Const].Def->getName().str());
  }
  if (M.Overheads.empty())
    OS << "  {\"none\", 0, 0, CostConst{}},\n";
  OS << "};\n";
  OS << "static const PerfModeDesc PerfModeTable[] = {\n";
  for (const PerfModeInfo &P : M.PerfModes) {
    uint64_t Classes = 0;
    uint32_t Preds = 0;
    for (int C : P.Classes)
      Classes |= uint64_t(1) << C;
    for (int Pred : P.Preds)
      Preds |= 1u << Pred;
    OS << fmt::format("  {{{}, 0x{:x}ULL, 0x{:x}, 0x{:x}, {}, {}}},\n", quote(P.Name), Classes,
                      P.EngineMask, Preds, P.Speedup, quote(P.Source));
  }
  OS << "};\n";
  for (const ChipInfo &C : M.Chips) {
    if (C.PerfModes.empty())
      continue;
    OS << "static const PerfModeDesc *const PerfModes_" << C.Name << "[] = {";
    for (int P : C.PerfModes)
      OS << "&PerfModeTable[" << P << "], ";
    OS << "};\n";
  }
  for (const ChipInfo &C : M.Chips) {
    OS << "static const PeModeDesc PeModes_" << C.Name << "[] = {\n";
    for (const PeModeInfo &P : C.PeModes)
      OS << fmt::format("  {{{}, 0x{:x}, {}, {}, {}}},\n", quote(P.Name), P.TypeMask,
                        P.MacsPerCycle, quote(P.Form), quote(P.Source));
    OS << "};\n";
  }
  emitEngineTiming(M, OS);
  OS << "static const DmaPipelineDesc DmaPipelineTable[] = {\n";
  for (const DmaPipelineInfo &P : M.DmaPipelines)
    OS << fmt::format("  {{{}, {}, {}, {}, {}, {}, {}, {}}},\n", quote(P.RecordName), P.QueueNs,
                      P.TransferNs, P.DescriptorNs, P.CompletionNs, P.MaxBufferBytes,
                      P.TransposeHbmPct, P.TransposeSbufPct);
  if (M.DmaPipelines.empty())
    OS << "  {\"none\", 0, 0, 0, 0, 1, 100, 100},\n";
  OS << "};\n";
  OS << "static const DmaTriggerDesc DmaTriggerTable[] = {\n";
  for (const DmaTriggerInfo &T : M.DmaTriggers)
    OS << fmt::format("  {{{}, 0x{:x}, {}, {}, {}}},\n", quote(T.Mode), T.EngineMask, T.Cycles,
                      T.Ns, quote(T.Source));
  if (M.DmaTriggers.empty())
    OS << "  {\"none\", 0, 0, 0, \"\"},\n";
  OS << "};\n";
  for (const ChipInfo &C : M.Chips) {
    if (C.DmaTriggers.empty())
      continue;
    OS << "static const DmaTriggerDesc *const DmaTriggers_" << C.Name << "[] = {";
    for (int T : C.DmaTriggers)
      OS << "&DmaTriggerTable[" << T << "], ";
    OS << "};\n";
  }
  OS << "static const ChipDesc ChipTable[] = {\n";
  for (const ChipInfo &C : M.Chips) {
    std::vector<std::string> Clocks, Ints;
    for (int MHz : C.ClockMHz)
      Clocks.push_back(std::to_string(MHz));
    for (const std::string &F : IsaModel::chipIntFields())
      Ints.push_back(std::to_string(C.Ints.at(F)));
    OS << fmt::format(
        "  {{Chip::{0}, {1}, {2}, {3}, {{{4}}}, {5}, PeModes_{6}, {7}, "
        "&DmaPipelineTable[{8}], {9}, {10}}},\n",
        C.Def->getName().str(), quote(C.Name), C.Gen, quote(C.Description), fmt::join(Clocks, ", "),
        fmt::join(Ints, ", "), C.Name,
        C.PerfModes.empty() ? std::string("{}") : "PerfModes_" + C.Name, C.DmaPipeline,
        C.DmaTriggers.empty() ? std::string("{}") : "DmaTriggers_" + C.Name, quote(C.Speculative));
  }
  OS << "};\n";
}

TableGen::Emitter::Opt GenEnums("gen-isa-enums", emitEnums,
                                "Generate the ISA's C++ enumerations (IsaEnums.inc)");
TableGen::Emitter::Opt GenTables("gen-isa-tables", emitTables,
                                 "Generate the ISA's C++ tables (IsaTables.inc)");

} // namespace
} // namespace trn::tblgen
