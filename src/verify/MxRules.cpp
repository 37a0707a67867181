//===- MxRules.cpp - microscaling: matmul_mx and quantize_mx --------------===//
//
// The MX block is 8 partitions x the 4 values of one packed element; its
// scales lie in the first 4 rows of each 32-partition quadrant of the data,
// from the data's first partition ([4, F] for a 32-partition operand, [P, F]
// otherwise). InstrTensor.td and InstrVector.td state the rules; the chip
// (trn3 or later) is checked with every instruction's MinGen.
//
//===----------------------------------------------------------------------===//

#include "Rules.h"

#include <fmt/format.h>

namespace trn::verify {

namespace {

// The scale tensor of an MX operand of Data's shape: its shape and its first
// partition.
void scaleLayout(Rules &R, const char *Scale, const char *Data) {
  Shape D = R.shape(Data);
  Shape Want{D.P == 32 ? 4u : D.P, D.N};
  if (!R.shapeIs(Scale, Want,
                 fmt::format("one scale per 8 partitions x 4 values of '{}' {}, {}", Data, str(D),
                             D.P == 32 ? "[4, F] for 32 partitions"
                                       : "in the first 4 rows of each of its 32-partition "
                                         "quadrants: [P, F] for more than 32")))
    return;
  uint32_t At = R.ap(Scale).PartStart, DataAt = R.ap(Data).PartStart;
  if (At != DataAt)
    R.fail(Scale, Rule::Partition,
           fmt::format("{} starts at partition {}, but '{}' at {}: the scales of each quadrant lie "
                       "in its first 4 partitions, from the data's first partition",
                       R.what(Scale), At, Data, DataAt));
}

// K partitions: whole quadrants of 8-partition scale groups.
bool quadrants(Rules &R, const char *Name) {
  uint32_t P = R.shape(Name).P;
  if (P % 32 == 0)
    return true;
  R.fail(Name, Rule::Shape,
         fmt::format("{} has {} partitions: MX data spans whole 32-partition quadrants (32, 64, 96 "
                     "or 128 partitions; a scale covers 8 partitions x 4 values)",
                     R.what(Name), P));
  return false;
}

} // namespace

void matmulMxRules(Rules &R, const isa::ChipDesc &Chip) {
  Shape S = R.shape("stationary"), Mv = R.shape("moving");
  if (!quadrants(R, "stationary"))
    return;
  if (Mv.P != S.P) {
    R.fail("moving", Rule::Shape,
           fmt::format("'moving' has {} partitions but 'stationary' has K = {}: the contraction "
                       "runs over partitions (and the 4 values of each element)",
                       Mv.P, S.P));
    return;
  }
  if (S.N % 2 != 0)
    R.fail("stationary", Rule::Shape,
           fmt::format("{} has {} elements per partition (M): matmul_mx needs an even M",
                       R.what("stationary"), S.N));
  bool Fp32 = R.ap("dst").Type == isa::DType::FP32;
  if (Fp32 && Mv.N > 512)
    R.fail("moving", Rule::Shape,
           fmt::format("{} has N = {} elements per partition: at most 512 with an fp32 'dst' "
                       "(1024 with bf16)",
                       R.what("moving"), Mv.N));
  else
    R.shapeIs("dst", {static_cast<uint32_t>(S.N), Mv.N},
              fmt::format("the result is [stationary M x moving N] = [{} x {}]", S.N, Mv.N));
  scaleLayout(R, "stationary_scale", "stationary");
  scaleLayout(R, "moving_scale", "moving");
  // Row tiling only (ISA): tile_rows rows from tile_row, as matmul's.
  if (!tileAxisRules(R, Chip, TileAxis::Rows))
    return;
  int64_t Rows = R.imm("tile_rows");
  if (S.P > Rows)
    R.fail("stationary", Rule::Shape,
           fmt::format("'stationary' has K = {} partitions, more than the tile's {} rows "
                       "(tile_rows={})",
                       S.P, Rows, Rows));
}

void quantizeMxRules(Rules &R) {
  Shape Src = R.shape("src");
  if (!quadrants(R, "src"))
    return;
  if (Src.N % 4 != 0) {
    R.fail("src", Rule::Shape,
           fmt::format("{} has {} elements per partition: quantize_mx needs a multiple of 4 (four "
                       "values make one packed element)",
                       R.what("src"), Src.N));
    return;
  }
  if (!R.shapeIs(
          "dst", {Src.P, Src.N / 4},
          fmt::format("'src' is {} and each packed x4 element holds 4 of its values", str(Src))))
    return;
  scaleLayout(R, "dst_scale", "dst");
}

} // namespace trn::verify
