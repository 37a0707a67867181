//===- EmitDoc.cpp - the Markdown ISA reference ---------------------------===//
//
// --gen-isa-doc writes docs/isa-reference.md: every engine, dtype, encoding,
// enumeration, instruction (syntax, engines, operands, encoding, cost,
// description) and chip, straight from the records.
//
//===----------------------------------------------------------------------===//

#include "Emit.h"
#include "IsaModel.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <fmt/format.h>

using namespace llvm;

namespace trn::tblgen {
namespace {

std::string anchor(const std::string &S) {
  std::string Out;
  for (char C : S)
    if (std::isalnum(static_cast<unsigned char>(C)) || C == '-' || C == '_')
      Out += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
    else if (C == ' ')
      Out += '-';
  return Out;
}

// Table cells may not hold a bare '|'.
std::string cell(const std::string &S) {
  std::string Out;
  for (char C : S)
    Out += C == '|' ? std::string("\\|") : std::string(1, C);
  return Out;
}

std::string genName(int Gen) { return Gen == 2 ? "trn1" : Gen == 3 ? "trn2" : "trn3"; }

// The section an instruction is listed under.
std::string groupOf(const IsaModel &M, const InstrInfo &I) {
  if (I.IsSequencer)
    return "Control (every sequencer)";
  if (I.IsDma)
    return "DMA";
  for (const EngineInfo &E : M.Engines)
    if (I.EngineMask >> E.Id & 1)
      return E.Name + " engine (" + E.RecordName + ")";
  return "Other";
}

std::string predList(const IsaModel &M, const std::vector<int> &Preds) {
  std::vector<std::string> Names;
  for (int P : Preds)
    Names.push_back("`" + M.CostPreds[P].Name + "`");
  return join(Names, " and ");
}

void emitInstr(const IsaModel &M, const InstrInfo &I, raw_ostream &OS) {
  OS << "### `" << I.Mnemonic << "`";
  if (std::count_if(M.Instrs.begin(), M.Instrs.end(),
                    [&](const InstrInfo &O) { return O.Mnemonic == I.Mnemonic; }) > 1)
    OS << " (" << M.engineList(I.EngineMask) << ")";
  OS << "\n\n";
  OS << "```\n" << M.syntax(I) << "\n```\n\n";
  OS << fmt::format("Engines: {} · opcode `0x{:02X}` ({}) · {} bytes · {} and later\n\n",
                    M.engineList(I.EngineMask), I.Opcode, I.RecordName, I.SizeBytes,
                    genName(I.MinGen));
  OS << I.Description << "\n\n";

  if (!I.Operands.empty()) {
    OS << "| Operand | Accepts | Written | Bytes |\n|---|---|---|---|\n";
    for (const OperandInfo &Op : I.Operands) {
      std::string Accepts = Op.Description;
      const std::string &Kind = M.Kinds[Op.Kind].Name;
      if (Kind == "enum") {
        std::vector<std::string> Names;
        for (const EnumValueInfo &V : M.Enums[Op.EnumType].Values)
          Names.push_back(V.Name);
        Accepts = "[" + M.Enums[Op.EnumType].Name + "](#" + anchor(M.Enums[Op.EnumType].Name) +
                  ")" + (Names.size() <= 6 ? ": " + join(Names, ", ") : "");
      } else if (Op.HasRange && Kind != "register") {
        Accepts += fmt::format(", {} to {}", Op.Min, Op.Max);
      }
      if (Kind == "access-pattern") {
        std::vector<std::string> Types;
        for (const DTypeInfo &T : M.DTypes)
          if (Op.DTypeMask >> T.Id & 1)
            Types.push_back(T.Name);
        if (!Types.empty())
          Accepts += "; dtype " + join(Types, ", ");
        Accepts += fmt::format("; at most {} elements per partition", Op.MaxFree);
        if (M.spaceList(Op.SpaceMask).find("psum") != std::string::npos &&
            Op.MaxFreePsum != Op.MaxFree)
          Accepts += fmt::format(" ({} in PSUM)", Op.MaxFreePsum);
        // Unless the operand's description says so already.
        if (Op.OneBank && StringRef(Op.Description).find_insensitive("bank") == StringRef::npos)
          Accepts += "; within one PSUM bank";
        Accepts += Op.Output ? "; written" : "; read";
      }
      std::string Written =
          Op.Keyword.empty()
              ? "required, position " + std::to_string(1 + std::count_if(I.Operands.data(), &Op,
                                                                         [](const OperandInfo &O) {
                                                                           return O.Keyword.empty();
                                                                         }))
              : "`" + Op.Keyword + "=`, default `" + *Op.Default + "`";
      OS << fmt::format("| `{}` | {} | {} | {}..{} |\n", Op.Name, cell(Accepts), Written,
                        Op.ByteOffset, Op.ByteOffset + M.Kinds[Op.Kind].Bits / 8 - 1);
    }
    OS << "\n";
  }

  const CostClassInfo &C = M.CostClasses[I.CostClass];
  std::string Unit =
      C.Unit == "cycles" ? "cycles of the executing engine" : "bytes for the DMA model";
  if (C.Cases.size() == 1) {
    OS << "Cost (" << Unit << "): `" << C.Cases[0].Text << "`";
  } else {
    OS << "Cost (" << Unit << "), first match:";
    for (const CostCaseInfo &Case : C.Cases)
      OS << (Case.Preds.empty() ? " otherwise " : " if " + predList(M, Case.Preds) + ", ") << "`"
         << Case.Text << "`" << (&Case == &C.Cases.back() ? "" : ";");
  }
  OS << " (" << C.Source << ").";
  for (const PerfModeInfo &P : M.PerfModes) {
    if (!(P.EngineMask & I.EngineMask) ||
        std::find(P.Classes.begin(), P.Classes.end(), I.CostClass) == P.Classes.end())
      continue;
    std::vector<std::string> Chips;
    for (const ChipInfo &Chip : M.Chips)
      for (int Mode : Chip.PerfModes)
        if (&M.PerfModes[Mode] == &P)
          Chips.push_back(Chip.Name);
    OS << fmt::format(" On {} ({}), {}x faster on {} when {}.", join(Chips, ", "), P.Name,
                      P.Speedup, M.engineList(P.EngineMask & I.EngineMask), predList(M, P.Preds));
  }
  OS << "\n\n";
}

void emitDoc(RecordKeeper &RK, raw_ostream &OS) {
  std::optional<IsaModel> Model = IsaModel::read(RK);
  if (!Model)
    return;
  const IsaModel &M = *Model;

  OS << "# trnemu ISA reference\n\n"
        "<!-- Generated by trn-tblgen --gen-isa-doc from isa/*.td. Do not edit: change the .td "
        "files and run `cmake --build build --target update-isa-reference`. -->\n\n"
        "The pseudo-ISA of one NeuronCore as trnemu models it, modelled on the public NKI ISA. "
        "Every fact on this page comes from one TableGen record under `isa/`, where each number "
        "carries its source; the source keys (A1, ISA-OLD, DMABW, ...) are those of "
        "`trainium-facts.md`. The assembler, disassembler and emulator are driven by the same "
        "records.\n\n"
        "Conventions: a tensor operand is an access pattern over partitions and up to four free "
        "dimensions; *N* is the number of elements per partition; `[P, 1]` means one value per "
        "partition. Vector, Scalar and GpSimd compute in fp32 and round the result to the "
        "destination's dtype, to nearest even. TensorE multiplies in the input type and "
        "accumulates in fp32.\n\n";

  OS << "## Contents\n\n";
  for (const char *S : {"Engines", "Memory spaces", "Data types", "Encoding", "Operand kinds",
                        "Enumerations", "Instructions", "Cost model", "Chips"})
    OS << "- [" << S << "](#" << anchor(S) << ")\n";
  OS << "\n";

  OS << "## Engines\n\nEach engine has its own sequencer and runs its own in-order stream; "
        "engines order their work only through semaphores.\n\n"
        "| Engine | Assembly prefix | Id | Datapath reaches | Description "
        "|\n|---|---|---|---|---|\n";
  for (const EngineInfo &E : M.Engines)
    OS << fmt::format("| {} ({}) | `{}` | {} | {} | {} |\n", E.RecordName, E.Name, E.Prefix, E.Id,
                      E.SpaceMask ? M.spaceList(E.SpaceMask) : "none", cell(E.Description));

  OS << "\n## Memory spaces\n\n| Space | Id | Description |\n|---|---|---|\n";
  for (const MemSpaceInfo &S : M.Spaces)
    OS << fmt::format("| `{}` | {} | {} |\n", S.Name, S.Id, cell(S.Description));

  OS << "\n## Data types\n\n| Name | Id | Kind | Bits | Bytes | Exponent | Mantissa | "
        "Inf/NaN | From | Description |\n|---|---|---|---|---|---|---|---|---|---|\n";
  for (const DTypeInfo &T : M.DTypes)
    OS << fmt::format("| `{}` | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", T.Name, T.Id,
                      T.Kind, T.Bits, T.StorageBytes,
                      T.Kind == "float" ? std::to_string(T.ExponentBits) : "",
                      T.Kind == "float" ? std::to_string(T.MantissaBits) : "",
                      T.FloatStyle == "ieee"   ? "inf and NaN"
                      : T.FloatStyle == "fn"   ? "NaN only"
                      : T.FloatStyle == "e8m0" ? "NaN only"
                      : T.Kind == "float"      ? "none"
                                               : "",
                      genName(T.MinGen), cell(T.Description));

  OS << "\n## Encoding\n\nAn instruction is a " << M.HeaderBits / 8
     << "-byte header followed by its operands, each starting on a byte boundary in the order "
        "the instruction lists them, padded to a multiple of 4 bytes; bit 0 is the least "
        "significant bit of byte 0 (little-endian). Opcode 0 is never valid.\n\n"
        "| Header field | Bits | Description |\n|---|---|---|\n";
  for (const HeaderFieldInfo &F : M.Header)
    OS << fmt::format("| `{}` | {}..{} | {} |\n", F.Name, F.Lsb, F.Lsb + F.Width - 1,
                      cell(F.Description));

  OS << "\n## Operand kinds\n\nBit positions are relative to the operand's first bit.\n\n";
  for (const OperandKindInfo &K : M.Kinds) {
    OS << "### " << K.Name << " (" << K.Bits / 8 << (K.Bits == 8 ? " byte" : " bytes") << ")\n\n"
       << K.Description << "\n\n";
    OS << "| Field | Bits | Signed |\n|---|---|---|\n";
    for (const FieldInfo &F : K.Fields)
      OS << fmt::format("| `{}` | {}..{} | {} |\n", F.Name, F.Lsb, F.Lsb + F.Width - 1,
                        F.NestedKind >= 0 ? "a whole " + M.Kinds[F.NestedKind].Name
                                          : (F.Signed ? "yes" : "no"));
    OS << "\n";
  }

  OS << "## Enumerations\n\n";
  for (const EnumTypeInfo &E : M.Enums) {
    OS << "### " << E.Name << "\n\n" << E.Description << "\n\n";
    bool Alu = E.Name == "AluOp", Act = E.Name == "ActFunc";
    OS << "| Value | Name | Meaning |" << (Alu ? " Arity | Reducible | Bitvec |" : "")
       << (Act ? " Guaranteed input range | Table set |" : "") << "\n|---|---|---|"
       << (Alu ? "---|---|---|" : "") << (Act ? "---|---|" : "") << "\n";
    for (const EnumValueInfo &V : E.Values) {
      OS << fmt::format("| {} | `{}` | {} |", V.Value, V.Name, cell(V.Description));
      if (Alu)
        OS << fmt::format(" {} | {} | {} |", V.Arity, V.Reducible ? "yes" : "",
                          V.Bitvec ? "yes" : "");
      if (Act)
        OS << " " << (V.Range.empty() ? "all" : V.Range) << " | "
           << (V.TableSet < 0 ? "none" : "`" + M.ActTableSets[V.TableSet].Name + "`") << " |";
      OS << "\n";
    }
    OS << "\n";
  }

  OS << "## Instructions\n\nIn the syntax lines `<name:what>` is an operand and `[key=...]` "
        "an optional one, written as `key=value` in any order after the required operands. "
        "Where several engines may run an instruction the assembly names one with its prefix, "
        "as `act.tensor_copy`. Every instruction may also carry up to two semaphore waits and "
        "one signal in its header.\n\n"
        "| Mnemonic | Engines | Opcode | Bytes | Cost class |\n|---|---|---|---|---|\n";
  for (const InstrInfo &I : M.Instrs)
    OS << fmt::format("| `{}` | {} | `0x{:02X}` | {} | {} |\n", I.Mnemonic,
                      M.engineList(I.EngineMask), I.Opcode, I.SizeBytes,
                      M.CostClasses[I.CostClass].Name);
  OS << "\n";
  std::vector<std::string> Groups;
  for (const InstrInfo &I : M.Instrs)
    if (std::find(Groups.begin(), Groups.end(), groupOf(M, I)) == Groups.end())
      Groups.push_back(groupOf(M, I));
  for (const std::string &G : Groups) {
    OS << "## " << G << "\n\n";
    for (const InstrInfo &I : M.Instrs)
      if (groupOf(M, I) == G)
        emitInstr(M, I, OS);
  }

  OS << "## Cost model\n\nEach instruction names a cost class; the first case whose "
        "predicates all hold gives its cost, in cycles of the engine that runs it (DMA: the "
        "bytes the DMA model times). A chip's performance modes then divide the cycles, the "
        "named constants (fixed costs such as `MIN_II`) excepted; overheads are added after. An "
        "engine's result latency is the time from the end of an instruction to the start of "
        "one that depends on it (docs/timing-model.md).\n\n"
        "| Variable | Meaning |\n|---|---|\n";
  for (const NamedInfo &V : M.CostVars)
    OS << fmt::format("| `{}` | {} |\n", V.Name, cell(V.Description));
  OS << "\n| Constant | Value | Source |\n|---|---|---|\n";
  for (const CostConstInfo &C : M.CostConsts)
    OS << fmt::format("| `{}` | {} | {} |\n", C.Name, C.Value, cell(C.Source));
  OS << "\n| Predicate | Holds when |\n|---|---|\n";
  for (const NamedInfo &P : M.CostPreds)
    OS << fmt::format("| `{}` | {} |\n", P.Name, cell(P.Description));
  OS << "\n| Performance mode | Cost classes | Engines | When | Speedup | Source |\n"
        "|---|---|---|---|---|---|\n";
  for (const PerfModeInfo &P : M.PerfModes) {
    std::vector<std::string> Classes;
    for (int C : P.Classes)
      Classes.push_back(M.CostClasses[C].Name);
    OS << fmt::format("| {} | {} | {} | {} | {}x | {} |\n", P.Name, join(Classes, ", "),
                      M.engineList(P.EngineMask), predList(M, P.Preds), P.Speedup, cell(P.Source));
  }

  OS << "\n| Overhead | Engines | When | Adds |\n|---|---|---|---|\n";
  for (const OverheadInfo &O : M.Overheads)
    OS << fmt::format("| {} | {} | {} | `{}` = {} cycles |\n", O.RecordName,
                      M.engineList(O.EngineMask), predList(M, O.Preds), M.CostConsts[O.Const].Name,
                      M.CostConsts[O.Const].Value);

  OS << "\n| Result latency | Cycles | Source |\n|---|---|---|\n";
  for (const ResultLatencyInfo &L : M.ResultLatencies)
    OS << fmt::format("| {} | `{}` = {} | {} |\n", M.Engines[L.Engine].RecordName,
                      M.CostConsts[L.Const].Name, M.CostConsts[L.Const].Value,
                      cell(M.CostConsts[L.Const].Source));
  OS << "\n| ScalarE table set | Source |\n|---|---|\n";
  for (const ActTableSetInfo &T : M.ActTableSets)
    OS << fmt::format("| `{}` | {} |\n", T.Name, cell(T.Source));

  OS << "\n## Chips\n\nSelected with `--chip`. Figures are per physical NeuronCore (LNC=1) "
        "unless named per chip; sources are in `isa/Chips.td`.\n\n| |";
  for (const ChipInfo &C : M.Chips)
    OS << " " << C.Name << " |";
  OS << "\n|---|";
  for (size_t I = 0; I < M.Chips.size(); ++I)
    OS << "---|";
  OS << "\n| Description |";
  for (const ChipInfo &C : M.Chips)
    OS << " " << C.Description << " |";
  OS << "\n| Speculative |";
  for (const ChipInfo &C : M.Chips)
    OS << " "
       << (C.Speculative.empty() ? "no: published figures" : "**yes**: " + cell(C.Speculative))
       << " |";
  OS << "\n| NeuronCore generation |";
  for (const ChipInfo &C : M.Chips)
    OS << " " << C.Gen << " |";
  for (const EngineInfo &E : M.Engines) {
    OS << "\n| " << E.RecordName << " clock (MHz) |";
    for (const ChipInfo &C : M.Chips)
      OS << " " << C.ClockMHz[E.Id] << " (" << C.ClockSource[E.Id] << ") |";
  }
  for (const std::string &F : IsaModel::chipIntFields()) {
    OS << "\n| " << F << " |";
    for (const ChipInfo &C : M.Chips)
      OS << " " << C.Ints.at(F) << " |";
  }
  OS << "\n| TensorE peak (derived) |";
  for (const ChipInfo &C : M.Chips) {
    std::vector<std::string> Modes;
    for (const PeModeInfo &P : C.PeModes)
      Modes.push_back(fmt::format("{}: {:.1f} TFLOPS{}", P.Name,
                                  2.0 * P.MacsPerCycle * C.ClockMHz[M.peEngine()] / 1e6,
                                  P.Form.empty() ? "" : " via " + P.Form));
    OS << " " << join(Modes, "; ") << " |";
  }
  OS << "\n| Performance modes |";
  for (const ChipInfo &C : M.Chips) {
    std::vector<std::string> Names;
    for (int P : C.PerfModes)
      Names.push_back(M.PerfModes[P].Name);
    OS << " " << (Names.empty() ? "none" : join(Names, ", ")) << " |";
  }
  OS << "\n| TensorE dI/dt throttle |";
  for (size_t C = 0; C < M.Chips.size(); ++C) {
    int T = M.ChipTiming[C].Throttle;
    OS << " "
       << (T < 0 ? std::string("none")
                 : fmt::format("{}% rising to 100% over {} ns; again below {}% of a {} ns window",
                               M.Throttles[T].StartPercent, M.Throttles[T].RampNs,
                               M.Throttles[T].ThresholdPercent, M.Throttles[T].WindowNs))
       << " |";
  }
  OS << "\n| Shared ports |";
  for (size_t C = 0; C < M.Chips.size(); ++C) {
    std::vector<std::string> Names;
    for (int P : M.ChipTiming[C].PortShares)
      Names.push_back(M.PortShares[P].Name);
    OS << " " << (Names.empty() ? "none" : join(Names, ", ")) << " |";
  }
  OS << "\n| DMA signal to an engine (ns) |";
  for (size_t C = 0; C < M.Chips.size(); ++C)
    OS << " " << M.ChipTiming[C].DmaSignalNs << " |";
  OS << "\n| DMA stages per transfer and engine (ns): queue fetch, processing + per buffer, "
        "completion |";
  for (const ChipInfo &C : M.Chips) {
    const DmaPipelineInfo &P = M.DmaPipelines[C.DmaPipeline];
    OS << fmt::format(" {}, {} + {}, {}; buffers up to {} B; dma_transpose at {}% of the rate "
                      "from HBM, {}% from SBUF |",
                      P.QueueNs, P.TransferNs, P.DescriptorNs, P.CompletionNs, P.MaxBufferBytes,
                      P.TransposeHbmPct, P.TransposeSbufPct);
  }
  OS << "\n| DMA trigger (issuing engine) |";
  for (const ChipInfo &C : M.Chips) {
    std::vector<std::string> Triggers;
    for (int T : C.DmaTriggers) {
      const DmaTriggerInfo &D = M.DmaTriggers[T];
      std::string Cost = D.Ns && D.Cycles ? fmt::format("{} cycles + {} ns", D.Cycles, D.Ns)
                         : D.Ns           ? fmt::format("{} ns", D.Ns)
                                          : fmt::format("{} cycles", D.Cycles);
      Triggers.push_back(fmt::format("{} {}: {}", M.engineList(D.EngineMask), D.Mode, Cost));
    }
    OS << " " << join(Triggers, "; ") << " |";
  }
  OS << "\n";
}

TableGen::Emitter::Opt GenDoc("gen-isa-doc", emitDoc,
                              "Generate the Markdown ISA reference (docs/isa-reference.md)");

} // namespace
} // namespace trn::tblgen
