//===- DataTypes.td - element types --------------------------*- tablegen -*-===//
//
// Element types of the NKI ISA (SHARED). Float formats give sign/exponent/
// mantissa widths and how the top exponent is used, which is everything the
// numerics library needs to convert with round-to-nearest-even.
//
//===----------------------------------------------------------------------===//

// Kind: "float", "int" (two's complement) or "uint".
// FloatStyle: "ieee" (top exponent = inf/NaN), "fn" (finite only; only
// all-ones exponent and mantissa is NaN, as OCP E4M3FN), "finite" (no inf
// and no NaN at all, as OCP E2M1), "e8m0" (no sign and no mantissa: the
// value is 2^(bits - 127), and all ones is NaN; OCP E8M0), or "" for
// integers.
// MinGen: the first NeuronCore generation (2 = trn1, 3 = trn2, 4 = trn3).
// Lanes: values one element holds. The packed "x4" types hold four values
// of LaneType in one element (NKI's float8_e4m3fn_x4 and its kin): an access
// pattern counts whole elements, and value j of an element is bits
// [j * Bits, (j + 1) * Bits) of its little-endian storage.
class DType<int id, string name, string kind, int width, int storageBytes,
            int expBits, int manBits, string floatStyle, int minGen, string desc> {
  int Id = id;
  string Name = name;
  string Kind = kind;
  int Bits = width;
  int StorageBytes = storageBytes;
  int ExponentBits = expBits;
  int MantissaBits = manBits;
  string FloatStyle = floatStyle;
  int MinGen = minGen;
  string Description = desc;
  int Lanes = 1;
  string LaneType = "";
}

def FP32      : DType<0,  "fp32",      "float", 32, 4, 8, 23, "ieee", 2, "IEEE binary32.">;
def BF16      : DType<1,  "bf16",      "float", 16, 2, 8, 7,  "ieee", 2, "bfloat16: binary32 with 7 mantissa bits.">;
def FP16      : DType<2,  "fp16",      "float", 16, 2, 5, 10, "ieee", 2, "IEEE binary16.">;
// tf32 is 19 significant bits held in a 4-byte container (SHARED: 1-8-10).
def TF32      : DType<3,  "tf32",      "float", 19, 4, 8, 10, "ieee", 2, "TensorFloat-32 (1-8-10), stored in 4 bytes; the low 13 mantissa bits of the container are zero.">;
// NKI's float8_e4m3 is IEEE-like with inf (toolchain.md: APFloat Float8E4M3).
def FP8_E4M3  : DType<4,  "fp8_e4m3",  "float", 8,  1, 4, 3,  "ieee", 2, "8-bit float 1-4-3 with inf and NaN (IEEE-like), max finite 240.">;
def FP8_E5M2  : DType<5,  "fp8_e5m2",  "float", 8,  1, 5, 2,  "ieee", 2, "8-bit float 1-5-2 with inf and NaN, max finite 57344.">;
def FP8_E4M3FN: DType<6,  "fp8_e4m3fn","float", 8,  1, 4, 3,  "fn",   4, "OCP 8-bit float 1-4-3 without inf, max finite 448 (trn3 only, A3).">;
def INT8      : DType<7,  "int8",      "int",   8,  1, 0, 0,  "",     2, "Signed 8-bit integer.">;
def INT16     : DType<8,  "int16",     "int",   16, 2, 0, 0,  "",     2, "Signed 16-bit integer.">;
def INT32     : DType<9,  "int32",     "int",   32, 4, 0, 0,  "",     2, "Signed 32-bit integer.">;
def UINT8     : DType<10, "uint8",     "uint",  8,  1, 0, 0,  "",     2, "Unsigned 8-bit integer (also NKI's bool_).">;
def UINT16    : DType<11, "uint16",    "uint",  16, 2, 0, 0,  "",     2, "Unsigned 16-bit integer.">;
def UINT32    : DType<12, "uint32",    "uint",  32, 4, 0, 0,  "",     2, "Unsigned 32-bit integer.">;

//===-- Microscaling (OCP MX v1.0) -----------------------------------------===//
// SHARED lists float8_e8m0fnu (the scale type) and the packed x4 types of
// nc_matmul_mx and quantize_mx (ISA: v4 only). fp4 values are held one per
// byte in the low nibble (the high nibble zero), as ml_dtypes' float4_e2m1fn
// does, so that tensor_copy and DMA address them like any 1-byte type.
def FP4_E2M1  : DType<13, "fp4_e2m1",  "float", 4,  1, 2, 1,  "finite", 4, "OCP MX 4-bit float 1-2-1 (E2M1), no inf or NaN, max 6; one per byte, in the low nibble.">;
def FP8_E8M0  : DType<14, "fp8_e8m0",  "float", 8,  1, 8, 0,  "e8m0", 4, "OCP MX scale (E8M0, NKI float8_e8m0fnu): 2^(bits - 127), no sign, no zero; 0xff is NaN.">;
def FP8_E4M3FN_X4 : DType<15, "fp8_e4m3fn_x4", "float", 8, 4, 4, 3, "fn", 4, "Four fp8_e4m3fn values in one 4-byte element (NKI float8_e4m3fn_x4); value j in byte j.">
  { let Lanes = 4; let LaneType = "fp8_e4m3fn"; }
def FP8_E5M2_X4 : DType<16, "fp8_e5m2_x4", "float", 8, 4, 5, 2, "ieee", 4, "Four fp8_e5m2 values in one 4-byte element (NKI float8_e5m2_x4); value j in byte j.">
  { let Lanes = 4; let LaneType = "fp8_e5m2"; }
def FP4_E2M1_X4 : DType<17, "fp4_e2m1_x4", "float", 4, 2, 2, 1, "finite", 4, "Four fp4_e2m1 values in one 2-byte element (NKI float4_e2m1fn_x4); value j in bits 4j to 4j+3.">
  { let Lanes = 4; let LaneType = "fp4_e2m1"; }
