//===- IsaModel.h - the ISA records, read and checked -----------*- C++ -*-===//
//
// trn-tblgen reads the TableGen records once into this model, checking every
// rule the other tools rely on (unique opcodes, non-overlapping encodings,
// operands with syntax, ...). Each emitter then works from the model alone.
// A rule broken is reported with PrintError at the offending record's .td
// location; the model is only used when no error was printed.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TBLGEN_ISAMODEL_H
#define TRN_TBLGEN_ISAMODEL_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Record;
class RecordKeeper;
class Init;
} // namespace llvm

namespace trn::tblgen {

struct EngineInfo {
  const llvm::Record *Def;
  std::string RecordName; // PE, DVE, ...
  int Id;
  std::string Prefix; // pe, dve, ...
  std::string Name;   // Tensor, Vector, ...
  unsigned SpaceMask; // bit per MemSpace id
  std::string Description;
};

struct MemSpaceInfo {
  const llvm::Record *Def;
  std::string RecordName;
  int Id;
  std::string Name;
  std::string Description;
};

struct DTypeInfo {
  const llvm::Record *Def;
  std::string RecordName;
  int Id;
  std::string Name, Kind, FloatStyle, Description;
  int Bits, StorageBytes, ExponentBits, MantissaBits, MinGen;
  int Lanes = 1;        // values per element (4 for the packed x4 types)
  std::string LaneType; // the packed types' value type, by name
};

struct EnumValueInfo {
  const llvm::Record *Def;
  std::string RecordName;
  int Value;
  std::string Name, Description;
  // AluOp extras (zero elsewhere) and ActFunc's input range.
  int Arity = 0;
  bool Reducible = false, Bitvec = false;
  std::string Range;
  int TableSet = -1; // ActFunc: index into IsaModel::ActTableSets; -1 = needs no table
};

struct EnumTypeInfo {
  const llvm::Record *Def;
  std::string Name, Description;
  std::vector<EnumValueInfo> Values; // sorted by value
};

struct FieldInfo {
  std::string Name;
  int Lsb, Width;
  bool Signed;
  int NestedKind = -1; // index into IsaModel::Kinds
};

struct OperandKindInfo {
  const llvm::Record *Def;
  std::string RecordName, Name, Description;
  int Bits;
  std::vector<FieldInfo> Fields;
};

struct OperandInfo {
  std::string Name;       // without the $
  std::string TypeName;   // the OperandType record (or Opt<...>)
  int Kind;               // index into IsaModel::Kinds
  unsigned SpaceMask;     // access patterns and scalars
  unsigned DTypeMask = 0; // bit per DType id; 0 = any
  int MaxFree = 0, MaxFreePsum = 0;
  bool OneBank = false;
  bool Output = false; // the instruction writes it (else reads it)
  int EnumType = -1;   // index into IsaModel::Enums
  bool HasRange = false;
  int64_t Min = 0, Max = 0;
  std::optional<std::string> Default; // set = optional operand
  std::string Keyword;                // "" = positional
  int ByteOffset = 0;                 // from the start of the instruction
  std::string Description;
};

struct InstrInfo {
  const llvm::Record *Def;
  std::string RecordName, Mnemonic, AsmString, Description;
  int Opcode;
  unsigned EngineMask; // bit per engine id
  std::vector<OperandInfo> Operands;
  int CostClass; // index into IsaModel::CostClasses
  int MinGen;
  bool IsBranch, IsTerminator, IsDma, IsSequencer, IsDebug;
  bool IsCollective = false;
  int SizeBytes;
};

struct HeaderFieldInfo {
  const llvm::Record *Def;
  std::string Name, Description;
  int Lsb, Width;
};

// A cost formula flattened to reverse Polish notation.
struct CostNode {
  enum KindT { Int, Var, Const, Op } Kind;
  int64_t Value; // Int: the number; Var/Const: index; Op: index into CostOps
  int Arity;     // Op only
};

struct CostCaseInfo {
  std::vector<int> Preds; // indices into CostPreds
  std::vector<CostNode> Rpn;
  std::string Text; // the formula as people write it
};

struct CostClassInfo {
  const llvm::Record *Def;
  std::string Name, Unit, Source;
  std::vector<CostCaseInfo> Cases;
};

struct NamedInfo { // CostVar, CostPred
  const llvm::Record *Def;
  std::string Name, Description;
};

struct CostConstInfo {
  const llvm::Record *Def;
  std::string Name, Source;
  int64_t Value;
};

struct CostOpInfo {
  const llvm::Record *Def;
  std::string RecordName, Name, Infix;
};

struct OverheadInfo {
  const llvm::Record *Def;
  std::string RecordName;
  unsigned EngineMask;
  std::vector<int> Preds;
  int Const; // index into IsaModel::CostConsts
};

struct PerfModeInfo {
  const llvm::Record *Def;
  std::string RecordName, Name, Source;
  std::vector<int> Classes, Preds;
  unsigned EngineMask;
  int Speedup;
};

struct PeModeInfo {
  std::string Name, Form, Source;
  unsigned TypeMask; // bit per DType id
  int MacsPerCycle;
};

// The DMA model's per-transfer, per-buffer and completion costs (Chips.td).
struct DmaPipelineInfo {
  const llvm::Record *Def;
  std::string RecordName;
  int64_t QueueNs, TransferNs, DescriptorNs, CompletionNs, MaxBufferBytes, TransposeHbmPct,
      TransposeSbufPct;
};

// What triggering a DMA costs the issuing engine, by descriptor mode.
struct DmaTriggerInfo {
  const llvm::Record *Def;
  std::string RecordName, Mode, Source;
  unsigned EngineMask;
  int64_t Cycles, Ns;
};

struct ChipInfo {
  const llvm::Record *Def;
  std::string Name, Description;
  int Gen;
  std::vector<int> ClockMHz; // by engine id
  std::vector<std::string> ClockSource;
  std::map<std::string, int64_t> Ints; // every int field, by name
  std::vector<PeModeInfo> PeModes;
  std::vector<int> PerfModes;   // indices into IsaModel::PerfModes
  int DmaPipeline = 0;          // index into IsaModel::DmaPipelines
  std::vector<int> DmaTriggers; // indices into IsaModel::DmaTriggers, first match
  std::string Speculative;      // why the preset is not a published chip; "" = it is
};

//===-- Engine timing (Costs.td, Enums.td, Chips.td) ----------------------===//

struct ActTableSetInfo {
  const llvm::Record *Def;
  std::string Name, Source;
};

struct ResultLatencyInfo {
  int Engine; // engine id
  int Const;  // index into IsaModel::CostConsts
};

struct DidtThrottleInfo {
  const llvm::Record *Def;
  int StartPercent, RampNs, ThresholdPercent, WindowNs;
  std::string Source;
};

struct PortShareInfo {
  const llvm::Record *Def;
  std::string RecordName, Name, Source;
  int EngineA, EngineB, Space; // ids
  bool PerfModeOnlyA;
};

// What each chip's engine-timing records give it.
// Chips joined by NeuronLink (isa/Instances.td).
struct InstanceInfo {
  const llvm::Record *Def;
  std::string Name, Topology, LinkSource, ZLinkSource, HopSource, Source;
  int Chip; // index into IsaModel::Chips
  int TorusX, TorusY, TorusZ, LinksPerChip, LinkMBps, ZLinkMBps, HopNs;
};

struct ChipTimingInfo {
  int Throttle = -1; // index into IsaModel::Throttles; -1 = none
  std::vector<int> PortShares;
  int DmaSignalNs = 0;
  std::string DmaSignalSource;
};

struct IsaModel {
  std::vector<EngineInfo> Engines;     // by id
  std::vector<MemSpaceInfo> Spaces;    // by id
  std::vector<DTypeInfo> DTypes;       // by id
  std::vector<EnumTypeInfo> Enums;     // in definition order
  std::vector<OperandKindInfo> Kinds;  // in definition order
  std::vector<HeaderFieldInfo> Header; // by lsb
  int HeaderBits = 0;
  std::vector<InstrInfo> Instrs; // by opcode
  std::vector<NamedInfo> CostVars, CostPreds;
  std::vector<CostConstInfo> CostConsts;
  std::vector<CostOpInfo> CostOps;
  std::vector<CostClassInfo> CostClasses;
  std::vector<PerfModeInfo> PerfModes;
  std::vector<OverheadInfo> Overheads;
  std::vector<DmaPipelineInfo> DmaPipelines;
  std::vector<DmaTriggerInfo> DmaTriggers;
  std::vector<ChipInfo> Chips; // by generation
  std::vector<ActTableSetInfo> ActTableSets;
  std::vector<ResultLatencyInfo> ResultLatencies;
  std::vector<DidtThrottleInfo> Throttles;
  std::vector<PortShareInfo> PortShares;
  std::vector<ChipTimingInfo> ChipTiming; // parallel to Chips
  std::vector<InstanceInfo> Instances;
  int CollectiveSliceBytes = 0;

  // The integer fields every chip has, in the order Chip declares them.
  static const std::vector<std::string> &chipIntFields();

  // Reads and checks the records. Returns nothing if any error was printed,
  // and only then: every error is counted in llvm::ErrorsPrinted, so that
  // TableGenMain exits non-zero and does not keep the output file. An
  // emitter given nothing just returns.
  static std::optional<IsaModel> read(const llvm::RecordKeeper &Records);

  // TensorE's engine id: its clock sets the PE modes' peak FLOP/s.
  int peEngine() const;
  std::string spaceList(unsigned Mask) const;  // "sbuf, psum"
  std::string engineList(unsigned Mask) const; // "PE, DVE"
  // How an operand is written in syntax summaries: <dst:sbuf|psum>.
  std::string operandSyntax(const OperandInfo &Op) const;
  // The instruction's operand syntax after its mnemonic.
  std::string syntax(const InstrInfo &I) const;
};

} // namespace trn::tblgen

#endif
