//===- TensorRules.cpp - TensorE: matmul, multiply_moving, transpose ------===//
//
// dst[M, N] = stationary[K, M]^T . moving[K, N] (InstrTensor.td). matmul
// carries its stationary; multiply_moving uses the one an earlier
// instruction loaded at its tile, known here when the stream shows it and
// otherwise checked when it runs (the emulator calls
// checkAgainstStationary). perf=double_row and tiling are checked on each
// instruction alone (ISA nc_matmul, A2).
//
//===----------------------------------------------------------------------===//

#include "Rules.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace trn::verify {

namespace {

bool isFp32Family(isa::DType T) { return T == isa::DType::FP32 || T == isa::DType::TF32; }
bool isLegacyFp8(isa::DType T) { return T == isa::DType::FP8_E4M3 || T == isa::DType::FP8_E5M2; }
bool isFp8(isa::DType T) { return isLegacyFp8(T) || T == isa::DType::FP8_E4M3FN; }

// Where the perf and tile operands of a PE instruction are (-1: absent),
// found once per opcode.
struct ModeSlots {
  int Perf = -1, Row = -1, Rows = -1, Col = -1, Cols = -1;
};
ModeSlots slotsOf(isa::Opcode Op) {
  const isa::InstrDesc &D = isa::instr(Op);
  return {D.operandIndex("perf"), D.operandIndex("tile_row"), D.operandIndex("tile_rows"),
          D.operandIndex("tile_col"), D.operandIndex("tile_cols")};
}
const ModeSlots &modeSlots(isa::Opcode Op) {
  static const std::array<ModeSlots, 4> Slots = {
      slotsOf(isa::Opcode::LOAD_STATIONARY), slotsOf(isa::Opcode::MULTIPLY_MOVING),
      slotsOf(isa::Opcode::MATMUL), slotsOf(isa::Opcode::MATMUL_MX)};
  static const ModeSlots None;
  switch (Op) {
  case isa::Opcode::LOAD_STATIONARY:
    return Slots[0];
  case isa::Opcode::MULTIPLY_MOVING:
    return Slots[1];
  case isa::Opcode::MATMUL:
    return Slots[2];
  case isa::Opcode::MATMUL_MX: // row tiling only: no perf, tile_col or tile_cols
    return Slots[3];
  default:
    return None;
  }
}

// The stationary's M: its free size, of which perf=double_row holds two rows.
uint32_t columnsOf(const isa::AccessPattern &AP, bool DoubleRow) {
  return static_cast<uint32_t>(AP.elementsPerPartition() / (DoubleRow ? 2 : 1));
}

const char *perfName(bool DoubleRow) { return DoubleRow ? "double_row" : "none"; }

// The first rule I breaks against S, or none; the order is the run time's.
std::optional<Diagnostic> againstStationary(Rules &R, const Stationary &S) {
  const isa::AccessPattern &Mov = R.ap("moving"), &Dst = R.ap("dst");
  bool DoubleRow = peModeOf(R.I).DoubleRow;
  Shape M = R.shape("moving"), DS = R.shape("dst");
  uint64_t N = M.N / (DoubleRow ? 2 : 1);
  auto At = [&](const char *Name, Rule K, std::string Msg) {
    return Diagnostic{R.D.operandIndex(Name), K, std::move(Msg), std::nullopt, {}};
  };
  if (DoubleRow != S.DoubleRow)
    return At("perf", Rule::State,
              fmt::format("perf={} but the stationary at this tile was loaded with perf={}: a "
                          "multiply uses its stationary in the mode it was loaded in",
                          perfName(DoubleRow), perfName(S.DoubleRow)));
  if (M.P != S.K)
    return At("moving", Rule::Shape,
              fmt::format("'moving' has {} partitions but the stationary has K = {}: the "
                          "contraction runs over partitions",
                          M.P, S.K));
  if (isFp32Family(Mov.Type) != isFp32Family(S.Type))
    return At("moving", Rule::DType,
              fmt::format("fp32 and tf32 pair only with each other: stationary {}, moving {}",
                          isa::dtype(S.Type).Name, isa::dtype(Mov.Type).Name));
  if ((Mov.Type == isa::DType::FP8_E4M3FN && isLegacyFp8(S.Type)) ||
      (S.Type == isa::DType::FP8_E4M3FN && isLegacyFp8(Mov.Type)))
    return At("moving", Rule::DType,
              fmt::format("fp8_e4m3fn cannot be mixed with fp8_e4m3/fp8_e5m2: stationary {}, "
                          "moving {}",
                          isa::dtype(S.Type).Name, isa::dtype(Mov.Type).Name));
  if (DS.P != S.M || DS.N != N)
    return At("dst", Rule::Shape,
              fmt::format("the result is [{} x {}] (stationary M x moving N), but 'dst' is {}", S.M,
                          N, str(DS)));
  if (R.flag("transpose")) {
    // The moving operand is the identity the transpose is lowered with.
    if (M.N != S.K)
      return At("moving", Rule::Shape,
                fmt::format("transpose=true needs a {0} x {0} identity as the 'moving' operand, "
                            "not [{0} x {1}]",
                            S.K, M.N));
    uint32_t SB = isa::dtype(S.Type).StorageBytes, Want = SB == 1 ? 2 : SB;
    if (isa::dtype(Dst.Type).StorageBytes != Want)
      return At("dst", Rule::DType,
                fmt::format("a transpose of {} writes {}-byte elements, but 'dst' is {}",
                            isa::dtype(S.Type).Name, Want, isa::dtype(Dst.Type).Name));
  }
  return std::nullopt;
}

Diagnostic notLoaded(const PeTile &T) {
  return {-1,
          Rule::State,
          T.whole() ? std::string("no stationary is loaded: load_stationary or matmul first")
                    : fmt::format("no stationary is loaded at the tile of {}: load_stationary or "
                                  "matmul with the same tile first",
                                  str(T)),
          std::nullopt,
          {}};
}

// The perf and tile operands and what they ask of the tensors, on the
// instruction alone; reports the first rule broken.
void modeRules(Rules &R, const isa::ChipDesc &Chip) {
  const ModeSlots &S = modeSlots(R.I.Op);
  auto Value = [&](int Slot) { return R.I.Operands[static_cast<size_t>(Slot)].Int; };
  bool DoubleRow = static_cast<isa::PePerf>(Value(S.Perf)) == isa::PePerf::DoubleRow;
  if (!tileAxisRules(R, Chip, TileAxis::Rows) || !tileAxisRules(R, Chip, TileAxis::Columns))
    return;
  int64_t Rows = Value(S.Rows), Cols = Value(S.Cols);
  bool HasStat = R.I.Op != isa::Opcode::MULTIPLY_MOVING;
  bool HasMov = R.I.Op != isa::Opcode::LOAD_STATIONARY;
  if (DoubleRow) {
    if (Chip.Gen < 3)
      return R.fail("perf", Rule::Op,
                    fmt::format("perf=double_row needs trn2 or later; the chip is {}", Chip.Name));
    if (Cols != 128)
      return R.fail("tile_cols", Rule::Op,
                    fmt::format("perf=double_row cannot be combined with column tiling "
                                "(tile_cols={})",
                                Cols));
    if (HasMov && R.flag("transpose"))
      return R.fail("transpose", Rule::Op,
                    "perf=double_row cannot be combined with transpose=true");
    for (const char *Name : {"stationary", "moving"}) {
      if ((Name[0] == 's' && !HasStat) || (Name[0] == 'm' && !HasMov))
        continue;
      const isa::AccessPattern &AP = R.ap(Name);
      if (!isFp8(AP.Type))
        return R.fail(Name, Rule::DType,
                      fmt::format("perf=double_row takes fp8 inputs (fp8_e4m3, fp8_e5m2, "
                                  "fp8_e4m3fn): '{}' is {}",
                                  Name, isa::dtype(AP.Type).Name));
      if (AP.Dims[0].Count != 2)
        return R.fail(Name, Rule::Shape,
                      fmt::format("perf=double_row lays K out as [partitions, 2, ...]: the "
                                  "first free dimension of '{}' must have 2 elements, not {}",
                                  Name, AP.Dims[0].Count));
    }
  }
  // The stationary within the tile: K rows, M columns (perf=none: M <= 128,
  // N <= 512; double_row's [K, 2, .] doubles the free sizes the operand
  // types allow).
  if (HasStat) {
    const isa::AccessPattern &W = R.ap("stationary");
    uint32_t M = columnsOf(W, DoubleRow);
    if (!DoubleRow && M > 128)
      return R.fail("stationary", Rule::Bounds,
                    fmt::format("{} has {} elements per partition; at most 128 are allowed",
                                R.what("stationary"), M));
    if (W.NumPartitions > Rows)
      return R.fail("stationary", Rule::Shape,
                    fmt::format("'stationary' has K = {} partitions, more than the tile's {} rows "
                                "(tile_rows={})",
                                W.NumPartitions, Rows, Rows));
    if (M > Cols)
      return R.fail("stationary", Rule::Shape,
                    fmt::format("'stationary' has M = {} columns, more than the tile's {} "
                                "(tile_cols={})",
                                M, Cols, Cols));
  }
  if (HasMov) {
    const isa::AccessPattern &V = R.ap("moving");
    if (!DoubleRow && V.elementsPerPartition() > 512)
      return R.fail("moving", Rule::Bounds,
                    fmt::format("{} has {} elements per partition; at most 512 are allowed",
                                R.what("moving"), V.elementsPerPartition()));
    if (!HasStat && V.NumPartitions > Rows)
      return R.fail("moving", Rule::Shape,
                    fmt::format("'moving' has K = {} partitions, more than the tile's {} rows "
                                "(tile_rows={})",
                                V.NumPartitions, Rows, Rows));
  }
}

} // namespace

bool tileAxisRules(Rules &R, const isa::ChipDesc &Chip, TileAxis Axis) {
  // Tiles: 2 x 64 on trn1 and later, 4 x 32 on trn2 and later (ISA).
  bool Rows = Axis == TileAxis::Rows;
  const char *Start = Rows ? "tile_row" : "tile_col", *Size = Rows ? "tile_rows" : "tile_cols",
             *Unit = Rows ? "rows" : "columns";
  int64_t At = R.imm(Start), Count = R.imm(Size);
  if (Count != 32 && Count != 64 && Count != 128) {
    R.fail(Size, Rule::Op,
           fmt::format("{}={}: a TensorE tile is 32, 64 or 128 PE {}", Size, Count, Unit));
    return false;
  }
  if (Count == 32 && Chip.Gen < 3) {
    R.fail(Size, Rule::Op,
           fmt::format("{}=32 needs trn2 or later: the tiles of {} are 64 or 128 PE {}", Size,
                       Chip.Name, Unit));
    return false;
  }
  if (At % Count != 0) {
    R.fail(Start, Rule::Op,
           fmt::format("{}={} is not a multiple of {}={}: a tile starts at a multiple of its size",
                       Start, At, Size, Count));
    return false;
  }
  return true;
}

std::string str(const PeTile &T) {
  return fmt::format("rows {}-{}, columns {}-{}", T.Row, T.Row + T.Rows - 1, T.Col,
                     T.Col + T.Cols - 1);
}

PeMode peModeOf(const isa::Instr &I) {
  const ModeSlots &S = modeSlots(I.Op);
  PeMode Mode;
  if (S.Rows < 0)
    return Mode;
  // An operand the instruction lacks has the whole array's value.
  auto Value = [&](int Slot, int64_t Whole) {
    return Slot < 0 ? Whole : I.Operands[static_cast<size_t>(Slot)].Int;
  };
  Mode.DoubleRow = static_cast<isa::PePerf>(Value(S.Perf, 0)) == isa::PePerf::DoubleRow;
  int64_t Row = Value(S.Row, 0), Rows = Value(S.Rows, 128), Col = Value(S.Col, 0),
          Cols = Value(S.Cols, 128);
  auto Fits = [](int64_t At, int64_t Count) {
    return At >= 0 && Count >= 1 && Count <= 128 && At + Count <= 128;
  };
  if (Fits(Row, Rows) && Fits(Col, Cols))
    Mode.Tile = {static_cast<uint8_t>(Row), static_cast<uint8_t>(Col), static_cast<uint8_t>(Rows),
                 static_cast<uint8_t>(Cols)};
  return Mode;
}

void PeState::load(const PeTile &T, const Stationary &S, uint32_t By) {
  std::erase_if(Loaded, [&](const Entry &E) { return E.Tile.overlaps(T); });
  Loaded.push_back({T, S, By, false});
  if (T.whole())
    Complete = true;
}

void PeState::empty(const PeTile &T, uint32_t By) {
  std::erase_if(Loaded, [&](const Entry &E) { return E.Tile.overlaps(T); });
  Loaded.push_back({T, {}, By, true});
  if (T.whole())
    Complete = true;
}

const PeState::Entry *PeState::at(const PeTile &T) const {
  for (const Entry &E : Loaded)
    if (!E.Empty && E.Tile == T)
      return &E;
  return nullptr;
}

const PeState::Entry *PeState::emptied(const PeTile &T) const {
  for (const Entry &E : Loaded)
    if (E.Empty && E.Tile.overlaps(T))
      return &E;
  return nullptr;
}

std::optional<Diagnostic> checkAgainstStationary(const isa::Instr &I, const Stationary *S) {
  if (!S)
    return notLoaded(peModeOf(I).Tile);
  std::vector<Diagnostic> Internal;
  Rules R(I, Internal);
  std::optional<Diagnostic> D = againstStationary(R, *S);
  if (!D && !Internal.empty())
    D = Internal.front();
  return D;
}

void loadStationaryRules(Rules &R, const isa::ChipDesc &Chip) { modeRules(R, Chip); }

void matmulRules(Rules &R, const PeState &PE, const isa::ChipDesc &Chip) {
  modeRules(R, Chip);
  if (R.failed())
    return;
  bool Transpose = R.flag("transpose");
  bool Accumulate = static_cast<isa::PsumMode>(R.imm("acc")) == isa::PsumMode::Accumulate;
  if (Transpose && Accumulate)
    R.fail("acc", Rule::Op,
           "acc=accumulate cannot be combined with transpose=true: the transpose passes the "
           "stationary through to 'dst' and adds nothing");
  // The result's dtype needs no stationary.
  if (!Transpose && R.ap("dst").Type != isa::DType::FP32)
    R.fail("dst", Rule::DType, "a matmul result is fp32 (bf16/fp16 only with transpose=true)");
  PeMode Mode = peModeOf(R.I);
  std::optional<Stationary> S;
  const PeState::Entry *Found = nullptr;
  bool Carried = R.I.Op == isa::Opcode::MATMUL;
  if (Carried) {
    const isa::AccessPattern &W = R.ap("stationary");
    S = Stationary{W.Type, W.NumPartitions, columnsOf(W, Mode.DoubleRow), Mode.DoubleRow};
  } else if ((Found = PE.at(Mode.Tile))) {
    S = Found->S;
  } else if (const PeState::Entry *Mx = PE.emptied(Mode.Tile); Mx || PE.Complete) {
    // Nothing was loaded at the tile since the stream began, or matmul_mx
    // overwrote its cells since.
    Diagnostic D = notLoaded(Mode.Tile);
    if (Mx) {
      D.Related = Mx->LoadedBy;
      D.RelatedNote = "matmul_mx replaced the array's weights here; it leaves no stationary loaded";
    }
    R.add(std::move(D));
    return;
  }
  if (!S) {
    // Only N can be checked without the stationary.
    Shape M = R.shape("moving"), DS = R.shape("dst");
    uint64_t N = M.N / (Mode.DoubleRow ? 2 : 1);
    if (DS.N != N)
      R.fail("dst", Rule::Shape,
             fmt::format("the result has moving's N = {} elements per partition, but 'dst' is {}",
                         N, str(DS)));
    return;
  }
  if (std::optional<Diagnostic> D = againstStationary(R, *S)) {
    if (Found) {
      D->Related = Found->LoadedBy;
      D->RelatedNote =
          fmt::format("the stationary [{} x {}] {}{} was loaded here", S->K, S->M,
                      isa::dtype(S->Type).Name, S->DoubleRow ? " (perf=double_row)" : "");
    }
    R.add(std::move(*D));
  }
}

void peTransposeRules(Rules &R) {
  if (!R.sameDType("dst", "src", "a transpose keeps the dtype"))
    return;
  Shape S = R.shape("src");
  R.shapeIs("dst", {static_cast<uint32_t>(S.N), S.P},
            fmt::format("'src' is {}, transposed", str(S)));
}

} // namespace trn::verify
