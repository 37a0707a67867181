//===- InstrTensor.td - Tensor engine (PE) -------------------*- tablegen -*-===//
//
// TensorE computes dst[M, N] = stationary[K, M]^T . moving[K, N]: the
// contraction K runs over partitions (K <= 128), the stationary's M <= 128
// columns become dst partitions, the moving's N <= 512 columns (one PSUM
// bank of fp32) become dst's free size (section 3.2). The hardware issues a
// matmul as LoadStationary then MultiplyMoving; both halves are exposed so
// that one weight load can serve several moving tiles.
//
// Two modes of NKI's nc_matmul (ISA, A2) are operands of all three:
//  - perf=double_row (fp8, trn2 and later): K = 2P laid out [P, 2, .], the
//    time of a K = P matmul, so twice the fp8 throughput;
//  - tiling: tile_row/tile_rows and tile_col/tile_cols place the instruction
//    on a tile of the 128 x 128 array (NKI's tile_position = (tile_row,
//    tile_col), tile_size = (tile_rows, tile_cols)): K <= tile_rows,
//    M <= tile_cols. A stationary is loaded into a tile and a multiply uses
//    the one loaded at its tile; instructions on disjoint tiles overlap in
//    time (docs/timing-model.md, section 6).
//
//===----------------------------------------------------------------------===//

// Input types (ISA): fp8_e4m3fn only on trn3; fp32/tf32 pair only with
// each other (checked by the assembler).
defvar MatmulInTypes = [FP8_E4M3, FP8_E5M2, FP8_E4M3FN, BF16, FP16, TF32, FP32];
// K <= 128 partitions, M <= 128 stationary columns (gemm_stationary_fmax),
// N <= 512 moving columns (gemm_moving_fmax), one fp32 PSUM bank (TILE).
// perf=double_row doubles the free sizes ([K, 2, M], [K, 2, N]); the
// verifier holds perf=none to 128 and 512.
def StationaryAP : APOf<[SBUF], MatmulInTypes, 256,
  "stationary [K, M<=128] in SBUF ([K, 2, M] with perf=double_row)">;
def MovingAP     : APOf<[SBUF], MatmulInTypes, 1024,
  "moving [K, N<=512] in SBUF ([K, 2, N] with perf=double_row)">;
// fp32 normally; bf16/fp16 for the transpose mode's pass-through (A2).
def MatmulDstAP  : APOf<[PSUM], [FP32, BF16, FP16], 512, "[M, N] result within one PSUM bank"> {
  let OneBank = 1;
}
def PeTransposeSrcAP : APOf<[SBUF], [], 128, "[P, F<=128] in SBUF">;
def PeTransposeDstAP : APOf<[PSUM], [], 128, "[F, P] within one PSUM bank"> {
  let OneBank = 1;
}

defvar MatmulTypes = "Inputs are fp8_e4m3, fp8_e5m2, bf16, fp16, tf32 or fp32 "
  "(fp8_e4m3fn on trn3); fp32 and tf32 pair only with each other. Each "
  "product is rounded once to fp32 (exact for every input type but fp32, "
  "barring overflow and underflow) and added into the fp32 accumulator in "
  "increasing k order, rounding to nearest even after each addition; the "
  "accumulator starts from the first product (acc=overwrite) or from the "
  "value in PSUM (acc=accumulate). ";

defvar PeModeText = "perf=double_row (trn2 and later; fp8_e4m3, fp8_e5m2, "
  "and fp8_e4m3fn on trn3, the two inputs may differ) contracts over K = 2P: "
  "the stationary is [P, 2, M] and the moving [P, 2, N] (first free "
  "dimension 2), element [p, j, .] being row k = 2p + j, so the sum runs "
  "p = 0, 1, ... and within each p j = 0 then 1; it takes the time of a "
  "K = P matmul (A2) and cannot be combined with column tiling "
  "(tile_cols < 128) or transpose=true. Tiling (ISA tile_position = "
  "(tile_row, tile_col), tile_size = (tile_rows, tile_cols)) runs the "
  "instruction on PE rows tile_row .. tile_row + tile_rows - 1 and columns "
  "tile_col .. tile_col + tile_cols - 1 of the 128 x 128 array: sizes are "
  "32 (trn2 and later), 64 or 128, a start is a multiple of its size, K <= "
  "tile_rows and M <= tile_cols; results are those of the untiled "
  "instruction, and instructions on disjoint tiles overlap in time.";

def LOAD_STATIONARY : Instr<0x01, "load_stationary", [PE],
  (ops StationaryAP:$stationary, Opt<PePerfOperand, "none">:$perf,
       Opt<TileStart, "0">:$tile_row, Opt<TileSize, "128">:$tile_rows,
       Opt<TileStart, "0">:$tile_col, Opt<TileSize, "128">:$tile_cols),
  "$stationary, perf=$perf, tile_row=$tile_row, tile_rows=$tile_rows, tile_col=$tile_col, tile_cols=$tile_cols", CC_LoadStationary, !strconcat(
  "Loads the stationary (weight) operand [K, M] (K <= 128 partitions, M <= 128 "
  "elements per partition) into the PE array (into its tile), where it stays "
  "until a load into any of the same PE cells, or a pe.transpose, replaces "
  "it. Later multiply_moving instructions on this engine with the same perf "
  "and tile use it. The load may overlap the previous multiply (background "
  "LoadStationary, A1). ", PeModeText)>;

def MULTIPLY_MOVING : Instr<0x02, "multiply_moving", [PE],
  (ops MatmulDstAP:$dst, MovingAP:$moving,
       Opt<PsumModeOperand, "overwrite">:$acc,
       Opt<BoolOperand, "false">:$transpose, Opt<PePerfOperand, "none">:$perf,
       Opt<TileStart, "0">:$tile_row, Opt<TileSize, "128">:$tile_rows,
       Opt<TileStart, "0">:$tile_col, Opt<TileSize, "128">:$tile_cols),
  "$dst, $moving, acc=$acc, transpose=$transpose, perf=$perf, tile_row=$tile_row, tile_rows=$tile_rows, tile_col=$tile_col, tile_cols=$tile_cols", CC_MultiplyMoving, !strconcat(
  "Streams the moving operand [K, N] (N <= 512) through the array holding the "
  "stationary [K, M] loaded at its tile and writes dst[m, n] = sum over k of "
  "stationary[k, m] * moving[k, n] into PSUM (dst is [M, N], fp32, within one "
  "2 KiB bank). With acc=overwrite the result replaces dst; with "
  "acc=accumulate it is added to what earlier matmuls left there. "
  "Accumulating onto PSUM that a non-matmul instruction wrote is undefined on "
  "the hardware and a run-time error here. With transpose=true the array "
  "passes data through instead of multiplying: the moving operand must be a "
  "K x K identity and dst = stationary^T bit-exactly (NaN and inf included); "
  "bf16/fp16 stay 16-bit in PSUM and fp8 becomes 16-bit with a zero upper "
  "byte (A2). The stationary must have been loaded by this engine at the "
  "same tile with the same perf; K must match. ", MatmulTypes, PeModeText)>;

def MATMUL : Instr<0x03, "matmul", [PE],
  (ops MatmulDstAP:$dst, StationaryAP:$stationary, MovingAP:$moving,
       Opt<PsumModeOperand, "overwrite">:$acc,
       Opt<BoolOperand, "false">:$transpose, Opt<PePerfOperand, "none">:$perf,
       Opt<TileStart, "0">:$tile_row, Opt<TileSize, "128">:$tile_rows,
       Opt<TileStart, "0">:$tile_col, Opt<TileSize, "128">:$tile_cols),
  "$dst, $stationary, $moving, acc=$acc, transpose=$transpose, perf=$perf, tile_row=$tile_row, tile_rows=$tile_rows, tile_col=$tile_col, tile_cols=$tile_cols", CC_Matmul, !strconcat(
  "load_stationary of `stationary` followed by multiply_moving of `moving`, "
  "as one instruction (NKI's nc_matmul): dst[M, N] = stationary[K, M]^T . "
  "moving[K, N], accumulated in fp32 in PSUM per `acc`, or a bit-exact "
  "transpose of the stationary with transpose=true. The stationary stays "
  "loaded afterwards (at its tile). ", MatmulTypes, PeModeText)>;

def TRANSPOSE_PE : Instr<0x04, "transpose", [PE],
  (ops PeTransposeDstAP:$dst, PeTransposeSrcAP:$src),
  "$dst, $src", CC_PeTranspose,
  "Swaps partitions and the (flattened) free dimension: dst[f, p] = src[p, f] "
  "for src of up to [128, 128] in SBUF and dst in PSUM, dtype unchanged. Runs "
  "as a matmul of src (stationary) against an identity (moving) in fp32, so "
  "finite values pass exactly (except that -0 becomes +0), but an inf or NaN at src[p, f] makes every "
  "other element of dst partition f NaN (their sums include 0 * inf or "
  "0 * NaN; dst[f, p] itself keeps the inf), as on NC-v2 (ISA). It uses the "
  "whole array: every loaded stationary is replaced by src.">;

//===-- Microscaling (MX): nc_matmul_mx (trn3) ----------------------------===//
// ISA nc_matmul_mx: MXFP8/MXFP4 operands packed four values to an element
// (float8_e4m3fn_x4, float8_e5m2_x4, float4_e2m1fn_x4), one E8M0 scale (uint8
// or float8_e8m0fnu) per group of 8 partitions x 4 values. The contraction
// runs over the partitions and the four values of each element: value j of
// partition p is row k = 4p + j. K partitions a multiple of 32, <= 128; the
// stationary's free size even, <= 128; the moving's <= 512 with an fp32 dst,
// <= 1024 with bf16 (one 2 KiB PSUM bank either way). Only row tiling.
defvar MxDataTypes = [FP8_E4M3FN_X4, FP8_E5M2_X4, FP4_E2M1_X4];
defvar MxScaleTypes = [UINT8, FP8_E8M0];
def MxStationaryAP : APOf<[SBUF], MxDataTypes, 128,
  "stationary [K, M<=128] in SBUF, packed x4 (rows 4K)">;
def MxMovingAP : APOf<[SBUF], MxDataTypes, 1024,
  "moving [K, N<=512 (1024 for a bf16 dst)] in SBUF, packed x4 (rows 4K)">;
def MxScaleAP : APOf<[SBUF], MxScaleTypes, 1024,
  "E8M0 scales in SBUF, uint8 or fp8_e8m0: [4, F] for K = 32, else [K, F] with 4 rows per quadrant">;
def MxDstAP : APOf<[PSUM], [FP32, BF16], 1024, "[M, N] result within one PSUM bank"> {
  let OneBank = 1;
}
// matmul_mx tiles rows only (ISA nc_matmul_mx): its columns are all 128,
// from column 0; the tile operands are matmul's.
def MATMUL_MX : Instr<0x05, "matmul_mx", [PE],
  (ops MxDstAP:$dst, MxStationaryAP:$stationary, MxMovingAP:$moving,
       MxScaleAP:$stationary_scale, MxScaleAP:$moving_scale,
       Opt<PsumModeOperand, "overwrite">:$acc,
       Opt<TileStart, "0">:$tile_row, Opt<TileSize, "128">:$tile_rows),
  "$dst, $stationary, $moving, $stationary_scale, $moving_scale, acc=$acc, "
  "tile_row=$tile_row, tile_rows=$tile_rows", CC_MatmulMx,
  "MX matmul (NKI's nc_matmul_mx, trn3 and later): dst[M, N] = "
  "stationary_dequant[4K, M]^T . moving_dequant[4K, N], accumulated in PSUM per "
  "`acc` as `matmul` does. stationary [K, M] and moving [K, N] are in SBUF, "
  "each fp8_e4m3fn_x4, fp8_e5m2_x4 or fp4_e2m1_x4 (the two may differ: MXFP8 "
  "times MXFP4 is allowed); value j (0-3) of element [p, c] is row k = 4p + j "
  "of the contraction, so K partitions hold 4K rows. K is a multiple of 32, "
  "at most 128 and at most tile_rows; M is even and at most 128; N is at most "
  "512 with an fp32 dst and 1024 with a bf16 one. Each group of 8 partitions x "
  "the 4 values of one element shares one E8M0 scale (2^(code - 127); code "
  "255 is NaN): the scales of an operand [K, F] are [4, F] for K = 32 and "
  "[K, F] otherwise, starting at the operand's first partition; of each "
  "32-partition quadrant q of the operand, scale row 32q + g (g = 0..3, the "
  "quadrant's first 4 partitions) holds the scales of partitions 32q + 8g to "
  "32q + 8g + 7, one per column (quantize_mx's layout); the other rows are "
  "not read. uint8 scales are the E8M0 codes. A dequantized value is the "
  "element times its scale, exact in fp32 (an infinity when it exceeds "
  "fp32's range; NaN when the element or its scale is NaN, the positive "
  "quiet NaN 0x7FC00000). Each product of two dequantized values is rounded "
  "once to fp32 and the products are added into an fp32 accumulator in "
  "increasing k, rounding to nearest even after each addition, as matmul "
  "adds them (docs/numerics.md, MX); a bf16 dst receives the fp32 result "
  "rounded to nearest even (with acc=accumulate the sum starts from the bf16 "
  "value in PSUM). tile_row/tile_rows select the array rows it uses "
  "(TensorE row tiling: tile_rows 32, 64 or 128, tile_row a multiple of it); "
  "column tiling is not allowed for MX. The PE array holds no stationary "
  "afterwards (multiply_moving needs a load_stationary first).">  {
  let MinGen = 4;
}
