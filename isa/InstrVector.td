//===- InstrVector.td - Vector engine (DVE) and shared forms -*- tablegen -*-===//
//
// Vector, Scalar and GpSimd compute in fp32: inputs are converted to fp32,
// the result is rounded to the destination's dtype (round to nearest even,
// A1). Bitvec ALU ops instead work on the raw integer values of integer
// operands. Unless stated otherwise, tensor operands have the same number of
// partitions and the same number of elements per partition, and elements
// pair up in the order of their access patterns (dims[0] outermost).
//
//===----------------------------------------------------------------------===//

def TENSOR_TENSOR : Instr<0x20, "tensor_tensor", [DVE, POOL],
  (ops OnChipAP:$dst, OnChipAP:$src0, OnChipAP:$src1, AluOpOperand:$op),
  "$dst, $src0, $src1, $op", CC_TensorTensor,
  "dst = src0 op src1, elementwise. When op is bitvec and both inputs are "
  "integer tensors it works on their raw integers (see AluOp); otherwise the "
  "inputs are fp32 lanes. The two inputs may not both be in PSUM. GpSimd runs "
  "it without PSUM access (for power and int32 work, ISA).">;

def TENSOR_SCALAR : Instr<0x21, "tensor_scalar", [DVE, ACT, POOL],
  (ops OnChipAP:$dst, OnChipAP:$src, AluOpOperand:$op0, OnChipScalar:$operand0,
       Opt<AluOpOperand, "bypass">:$op1, Opt<OnChipScalar, "0.0">:$operand1,
       Opt<BoolOperand, "false">:$reverse0, Opt<BoolOperand, "false">:$reverse1),
  "$dst, $src, $op0, $operand0, op1=$op1, operand1=$operand1, "
  "reverse0=$reverse0, reverse1=$reverse1", CC_TensorScalar,
  "dst = (src op0 operand0) op1 operand1, elementwise; each operand is an fp32 "
  "immediate or a per-partition [P, 1] value. reverseN swaps the sides of "
  "opN (operand0 op0 src). op1=bypass leaves the first result. On the Scalar "
  "engine only multiply and add are allowed as op0 and add or bypass as op1 "
  "(trn2's rule, applied to every chip). Bitvec ops run on Vector only: "
  "with an integer src they work on the raw integers and the operand's "
  "integer part; an arithmetic op in the same instruction computes in fp32 "
  "and a bitvec op after it takes the integer part of its result.">;

def TENSOR_COPY : Instr<0x22, "tensor_copy", [DVE, ACT, POOL],
  (ops OnChipAP:$dst, OnChipAP:$src),
  "$dst, $src", CC_TensorCopy,
  "dst = src, converted to dst's dtype. When the dtypes match the copy is "
  "bit-exact on Vector and GpSimd; on Scalar the value passes through fp32 "
  "(integers beyond 2^24 round to nearest even, NaNs become the format's "
  "quiet NaN). "
  "A register offset on an operand makes it NKI's tensor_copy_dynamic, which "
  "costs MIN_II_DYNAMIC.">;

def SCALAR_TENSOR_TENSOR : Instr<0x23, "scalar_tensor_tensor", [DVE],
  (ops OnChipAP:$dst, OnChipAP:$src0, AluOpOperand:$op0, OnChipScalar:$scalar,
       AluOpOperand:$op1, OnChipAP:$src1),
  "$dst, $src0, $op0, $scalar, $op1, $src1", CC_ScalarTensorTensor,
  "dst = (src0 op0 scalar) op1 src1, elementwise; scalar is an fp32 immediate "
  "or [P, 1]. Arithmetic ops only; src0 and src1 may not both be in PSUM.">;

def TENSOR_REDUCE : Instr<0x24, "tensor_reduce", [DVE],
  (ops OnChipAP:$dst, OnChipAP:$src, AluOpOperand:$op,
       Opt<ReduceAxes, "1">:$axes, Opt<BoolOperand, "false">:$negate),
  "$dst, $src, $op, axes=$axes, negate=$negate", CC_TensorReduce,
  "Reduces the `axes` innermost free dimensions of src with op, which must be "
  "reducible: dst keeps src's partitions and outer dimensions (dst has as "
  "many elements per partition as src's outer dimensions hold). Elements "
  "are combined in fp32 in access-pattern order, starting from the first. "
  "A reduction of one element gives op on it alone (|x| for abs_max and "
  "abs_min, 1.0 or 0.0 for the logical ops). negate=true negates the result "
  "(wrapping for integer results). The partition axis cannot be reduced "
  "(use partition_reduce). Bitvec ops on an integer src combine raw integers "
  "(see AluOp).">;

def TENSOR_COPY_PREDICATED : Instr<0x25, "tensor_copy_predicated", [DVE],
  (ops OnChipAP:$dst, OnChipAP:$src, PredicateAP:$predicate),
  "$dst, $src, $predicate", CC_CopyPredicated,
  "Where predicate != 0, dst = src; elsewhere dst keeps its value. predicate "
  "is uint8, uint16 or uint32; src and dst share a dtype and the copy is "
  "bit-exact.">;

def TRANSPOSE_DVE : Instr<0x26, "transpose", [DVE],
  (ops OnChipAP:$dst, OnChipAP:$src),
  "$dst, $src", CC_VectorTranspose,
  "Transposes 32x32 blocks through the engine's four 32-lane reshape banks "
  "(A1): for src of [P, F] with P and F multiples of 32 (P <= 128), "
  "dst[32b + j, 32g + i] = src[32b + i, 32g + j] for every partition block b "
  "and free block g; a single [<=32, <=32] tile is the common case. Dtypes "
  "match; bit-exact.">;

def MEMSET : Instr<0x27, "memset", [DVE, POOL],
  (ops OnChipAP:$dst, FImm32:$value),
  "$dst, $value", CC_Memset,
  "Fills dst with value (fp32, converted to dst's dtype as tensor_copy "
  "converts fp32).">;

def BN_STATS : Instr<0x28, "bn_stats", [DVE],
  (ops APOf<[SBUF, PSUM], [FP32], 6, "[P, 6] fp32">:$dst,
       APOf<[SBUF, PSUM], [], 512, "[P, F<=512] (bn_stats_fmax)">:$src),
  "$dst, $src", CC_BnStats,
  "Batch-norm statistics of each partition's F <= 512 elements (bn_stats_fmax) "
  "in two groups, even and odd element indices: dst is [P, 6] fp32 holding "
  "(count, mean, M2) for the even elements then for the odd ones, where M2 is "
  "the sum of squared differences from the group mean (variance x count): "
  "mean = (fp32 sum of the group in index order) / count, M2 = fp32 sum in "
  "index order of (x - mean)^2; an empty group (F = 1) is (0, 0, 0). Combine "
  "with bn_aggr.">;

def BN_AGGR : Instr<0x29, "bn_aggr", [DVE],
  (ops APOf<[SBUF, PSUM], [FP32], 2, "[P, 2] fp32">:$dst, OnChipAP:$src),
  "$dst, $src", CC_BnAggr,
  "Combines (count, mean, M2) triples, F a multiple of 3 per partition (for "
  "example several bn_stats outputs side by side), into dst [P, 2] fp32 = "
  "(mean, variance) with the population variance M2 / count; groups are "
  "merged left to right by Chan's update, skipping count-0 ones: n' = n + nb, "
  "d = mb - mean, mean' = mean + d * (nb / n'), M2' = (M2 + M2b) + (d * d) * "
  "(n * nb / n'); variance = M2 / n (0 if n = 0).">;

def TENSOR_TENSOR_SCAN : Instr<0x2A, "tensor_tensor_scan", [DVE],
  (ops OnChipAP:$dst, OnChipAP:$src0, OnChipAP:$src1, AluOpOperand:$op0,
       AluOpOperand:$op1, Opt<OnChipScalar, "0.0">:$initial),
  "$dst, $src0, $src1, $op0, $op1, initial=$initial", CC_TensorTensorScan,
  "A running scan along each partition's elements: r[i] = (src0[i] op0 "
  "r[i-1]) op1 src1[i], with r[-1] = initial (immediate or [P, 1]), computed "
  "in fp32 (r stays fp32 between steps; only dst is rounded); dst[i] = r[i]. "
  "src0 and src1 may not both be in PSUM.">;

def SELECT : Instr<0x2B, "select", [DVE],
  (ops OnChipAP:$dst, PredicateAP:$predicate, OnChipAP:$on_true, OnChipAP:$on_false),
  "$dst, $predicate, $on_true, $on_false", CC_Select,
  "dst = on_true where predicate != 0, else on_false, elementwise (NKI's "
  "select_reduce without its reduction). predicate is an integer type; "
  "on_true and on_false pass through fp32 and are rounded to dst (use "
  "tensor_copy_predicated for a bit-exact copy).">;

def MAX8 : Instr<0x2C, "max8", [DVE],
  (ops APOf<[SBUF, PSUM], [], 8, "[P, 8]">:$dst,
       APOf<[SBUF, PSUM], [], 16384, "[P, 8<=F<=16384]">:$src),
  "$dst, $src", CC_Max8,
  "dst [P, 8] = the 8 largest of each partition's F elements (8 <= F <= "
  "16384), in descending order, converted to dst's dtype; duplicates are "
  "kept, NaN ranks above every number, and +0 and -0 rank equal in an "
  "unspecified order. The engine is not named by the ISA docs; KLR lists it with "
  "the Vector operations.">;

def FIND_INDEX8 : Instr<0x2D, "find_index8", [DVE],
  (ops APOf<[SBUF, PSUM], [UINT32], 8, "[P, 8] uint32">:$dst,
       APOf<[SBUF, PSUM], [], 16384, "[P, 8<=F<=16384]">:$src,
       APOf<[SBUF, PSUM], [], 8, "[P, 8]">:$values),
  "$dst, $src, $values", CC_Max8,
  "For each of the 8 values of values [P, 8], dst [P, 8] (uint32) gets the "
  "index of the first element of the partition's F elements (8 <= F <= 16384) "
  "equal to it, or 0xFFFFFFFF if none is (current ISA docs); compared in "
  "fp32, so +0 equals -0 and a NaN value is never found.">;

def RECIPROCAL : Instr<0x2E, "reciprocal", [DVE],
  (ops OnChipAP:$dst, OnChipAP:$src),
  "$dst, $src", CC_Reciprocal,
  "dst = 1 / src, correctly rounded in fp32 and then converted to dst's dtype "
  "(more precise than ScalarE's activation reciprocal, ISA).">;

def RANGE_SELECT : Instr<0x2F, "range_select", [DVE],
  (ops OnChipAP:$dst, OnChipAP:$src, AluOpOperand:$cmp0, OnChipScalar:$bound0,
       AluOpOperand:$cmp1, OnChipScalar:$bound1, Opt<SImm32, "0">:$start,
       Opt<F32Column, "none">:$reduce),
  "$dst, $src, $cmp0, $bound0, $cmp1, $bound1, start=$start, reduce=$reduce",
  CC_RangeSelect,
  "For element i of each partition (its index in access-pattern order), "
  "dst[i] = src[i] if (i + start) cmp0 bound0 and (i + start) cmp1 bound1 "
  "hold, else -3.4028235e38 (FP32_MIN, the only fill the hardware allows). "
  "cmp0 and cmp1 are comparison ops; bounds are fp32 immediates or [P, 1]. "
  "i + start is compared in fp32. With reduce, the per-partition maximum of "
  "the fp32 results, before rounding to dst, is written there ([P, 1], "
  "fp32), NaN propagating; in a bf16 or fp16 dst the fill becomes -inf. trn2 "
  "and later."> {
  let MinGen = 3;
  let Outputs = ["dst", "reduce"];
}

//===-- Microscaling (MX): quantize_mx (trn3) -----------------------------===//
// ISA quantize_mx: BF16/FP16 [P, F] -> MXFP8 data [P, F/4] (four values an
// element) plus one E8M0 scale per group of 8 partitions x 4 values, laid out
// for matmul_mx. P a multiple of 32 (<= 128), F a multiple of 4.
def QuantizeSrcAP : APOf<[SBUF], [BF16, FP16], 65536, "[P, F] bf16 or fp16 in SBUF">;
def QuantizeDstAP : APOf<[SBUF], [FP8_E4M3FN_X4, FP8_E5M2_X4], 16384,
  "[P, F/4] fp8_e4m3fn_x4 or fp8_e5m2_x4 in SBUF">;
def QuantizeScaleAP : APOf<[SBUF], [UINT8, FP8_E8M0], 16384,
  "[4, F/4] (P = 32) or [P, F/4] E8M0 scales in SBUF, uint8 or fp8_e8m0">;

def QUANTIZE_MX : Instr<0x30, "quantize_mx", [DVE],
  (ops QuantizeDstAP:$dst, QuantizeSrcAP:$src, QuantizeScaleAP:$dst_scale),
  "$dst, $src, $dst_scale", CC_QuantizeMx,
  "Quantizes src [P, F] (bf16 or fp16 in SBUF; P a multiple of 32 up to 128, "
  "F a multiple of 4) to MXFP8 per the OCP MX v1.0 spec (NKI's quantize_mx, "
  "trn3 and later): each group of 8 partitions x 4 consecutive elements (in "
  "src's access-pattern order) shares one E8M0 scale X = 2^(floor(log2(amax)) "
  "- emax), amax the group's largest magnitude and emax the element type's "
  "largest exponent (8 for fp8_e4m3fn, 15 for fp8_e5m2), its code clamped to "
  "the E8M0 range (at least 0, i.e. 2^-127); each element is x / X rounded to "
  "nearest even and saturated to the element type's largest finite value "
  "(+-448, +-57344). A group of zeros gets code 0; a group holding an "
  "infinity or a NaN gets the NaN code 255 and its elements the type's "
  "positive quiet NaN (docs/numerics.md, MX). dst [P, F/4] receives the four "
  "values of each group row as one packed element (value j = element 4c + j "
  "of src's row). dst_scale (uint8 codes or fp8_e8m0) has F/4 columns and "
  "4 rows per 32-partition quadrant of src: [4, F/4] when P = 32, else [P, "
  "F/4], starting at dst's first partition; row 32q + g receives the scales "
  "of quadrant q's partitions 32q + 8g to 32q + 8g + 7, and the quadrant's "
  "other 28 rows are left unchanged (matmul_mx reads this layout).">  {
  let MinGen = 4;
  let Outputs = ["dst", "dst_scale"];
}
