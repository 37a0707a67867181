//===- Enums.td - enumerated operand values ------------------*- tablegen -*-===//
//
// An EnumType is a set of named values an operand may take (an ALU op, an
// activation function, a wait condition). Each value is one record; its Value
// is what the encoding stores and its Name is the one assembly spelling.
//
//===----------------------------------------------------------------------===//

class EnumType<string name, string desc> {
  string Name = name;
  string Description = desc;
}

class EnumValue<EnumType type, int value, string name, string desc> {
  EnumType Type = type;
  int Value = value;
  string Name = name;
  string Description = desc;
}

//===-- ALU operators (SHARED; trainium-facts.md section 4) ---------------===//
def AluOp : EnumType<"AluOp",
  "ALU operator of the Vector, Scalar and GpSimd datapaths. Arithmetic, "
  "comparison and logical ops compute in fp32. Bitvec ops work on 32-bit "
  "integers: an integer operand is its raw value, sign- or zero-extended from "
  "its dtype; an fp32 operand (a float lane or a scalar) gives its integer "
  "part, truncated toward zero and saturated to int32, NaN giving 0; shift "
  "amounts are taken mod 32. The 32-bit result is read as unsigned when the "
  "source's dtype is unsigned and as signed otherwise, then wrapped to an "
  "integer destination's width or rounded to nearest even for a float one.">;

// Arity 1 ops ignore their second input. Reducible ops may be used where an
// instruction reduces (tensor_reduce, partition_reduce, scans). Bitvec ops
// need integer operands. Semantics spell out a op b with a the tensor element
// and b the other input.
class AluOpValue<int value, string name, int arity, bit reducible, bit bitvec,
                 string semantics>
    : EnumValue<AluOp, value, name, semantics> {
  int Arity = arity;
  bit Reducible = reducible;
  bit Bitvec = bitvec;
}

def ALU_bypass        : AluOpValue<0,  "bypass",        1, 0, 0, "a (b is ignored)">;
def ALU_add           : AluOpValue<1,  "add",           2, 1, 0, "a + b">;
def ALU_subtract      : AluOpValue<2,  "subtract",      2, 0, 0, "a - b">;
def ALU_multiply      : AluOpValue<3,  "multiply",      2, 1, 0, "a * b">;
def ALU_maximum       : AluOpValue<4,  "maximum",       2, 1, 0, "max(a, b); NaN if either is NaN; of two equal values (+0, -0) b">;
def ALU_minimum       : AluOpValue<5,  "minimum",       2, 1, 0, "min(a, b); NaN if either is NaN; of two equal values (+0, -0) b">;
def ALU_divide        : AluOpValue<6,  "divide",        2, 0, 0, "a / b">;
def ALU_mod           : AluOpValue<7,  "mod",           2, 0, 0, "fmod(a, b): result has the sign of a">;
def ALU_power         : AluOpValue<8,  "power",         2, 0, 0, "pow(a, b)">;
def ALU_abs_max       : AluOpValue<9,  "abs_max",       2, 1, 0, "max(|a|, |b|); NaN if either is NaN">;
def ALU_abs_min       : AluOpValue<10, "abs_min",       2, 1, 0, "min(|a|, |b|); NaN if either is NaN">;
def ALU_average       : AluOpValue<11, "average",       2, 0, 0, "(a + b) / 2">;
// Comparisons: NaN compares unequal to everything. Logical ops: NaN counts
// as non-zero.
def ALU_equal         : AluOpValue<12, "equal",         2, 0, 0, "1.0 if a == b else 0.0">;
def ALU_not_equal     : AluOpValue<13, "not_equal",     2, 0, 0, "1.0 if a != b else 0.0">;
def ALU_greater       : AluOpValue<14, "greater",       2, 0, 0, "1.0 if a > b else 0.0">;
def ALU_greater_equal : AluOpValue<15, "greater_equal", 2, 0, 0, "1.0 if a >= b else 0.0">;
def ALU_less          : AluOpValue<16, "less",          2, 0, 0, "1.0 if a < b else 0.0">;
def ALU_less_equal    : AluOpValue<17, "less_equal",    2, 0, 0, "1.0 if a <= b else 0.0">;
def ALU_logical_and   : AluOpValue<18, "logical_and",   2, 1, 0, "1.0 if a != 0 and b != 0 else 0.0">;
def ALU_logical_or    : AluOpValue<19, "logical_or",    2, 1, 0, "1.0 if a != 0 or b != 0 else 0.0">;
def ALU_logical_xor   : AluOpValue<20, "logical_xor",   2, 1, 0, "1.0 if exactly one of a, b is non-zero else 0.0">;
def ALU_bitwise_and   : AluOpValue<21, "bitwise_and",   2, 1, 1, "a & b">;
def ALU_bitwise_or    : AluOpValue<22, "bitwise_or",    2, 1, 1, "a | b">;
def ALU_bitwise_xor   : AluOpValue<23, "bitwise_xor",   2, 1, 1, "a ^ b">;
def ALU_invert        : AluOpValue<24, "invert",        1, 0, 1, "~a">;
def ALU_left_shift    : AluOpValue<25, "left_shift",    2, 0, 1, "a << b (zero fill)">;
// Only logical right shift exists (SHARED).
def ALU_right_shift   : AluOpValue<26, "right_shift",   2, 0, 1, "a >> b, logical (zero fill)">;
def ALU_abs           : AluOpValue<27, "abs",           1, 0, 0, "|a|">;
def ALU_square        : AluOpValue<28, "square",        1, 0, 0, "a * a">;
def ALU_relu          : AluOpValue<29, "relu",          1, 0, 0, "max(a, 0); -0 gives +0, NaN stays NaN">;
def ALU_rsqrt         : AluOpValue<30, "rsqrt",         1, 0, 0, "1 / sqrt(a), the square root rounded to fp32 first">;
def ALU_reciprocal    : AluOpValue<31, "reciprocal",    1, 0, 0, "1 / a">;

//===-- Activation functions (SHARED) -------------------------------------===//
def ActFunc : EnumType<"ActFunc",
  "ScalarE activation function, applied as f(x * scale + bias). The hardware "
  "uses piecewise-polynomial approximations; trnemu evaluates each formula in "
  "fp32 with the C math library, within 1e-6 absolute + 1e-5 relative of the "
  "exact function (copy, square, relu, abs and sign are exact).">;

// Range: the input range the hardware guarantees, "" for the full range.
class ActFuncValue<int value, string name, string formula, string range = "">
    : EnumValue<ActFunc, value, name, formula> {
  string Range = range;
}

def ACT_copy               : ActFuncValue<0,  "copy",               "x">;
def ACT_square             : ActFuncValue<1,  "square",             "x * x">;
def ACT_sigmoid            : ActFuncValue<2,  "sigmoid",            "1 / (1 + exp(-x))">;
def ACT_relu               : ActFuncValue<3,  "relu",               "max(x, 0)">;
def ACT_gelu               : ActFuncValue<4,  "gelu",               "x * 0.5 * (1 + erf(x / sqrt(2)))">;
def ACT_gelu_dx            : ActFuncValue<5,  "gelu_dx",            "d/dx gelu(x) = 0.5 * (1 + erf(x / sqrt(2))) + x * exp(-x*x/2) / sqrt(2*pi)">;
def ACT_gelu_apprx_tanh    : ActFuncValue<6,  "gelu_apprx_tanh",    "0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3)))">;
def ACT_gelu_apprx_sigmoid : ActFuncValue<7,  "gelu_apprx_sigmoid", "x * sigmoid(1.702 * x)">;
def ACT_gelu_apprx_sigmoid_dx : ActFuncValue<8, "gelu_apprx_sigmoid_dx", "d/dx of x * sigmoid(1.702 * x)">;
def ACT_silu               : ActFuncValue<9,  "silu",               "x * sigmoid(x)">;
def ACT_silu_dx            : ActFuncValue<10, "silu_dx",            "sigmoid(x) * (1 + x * (1 - sigmoid(x)))">;
def ACT_tanh               : ActFuncValue<11, "tanh",               "tanh(x)">;
def ACT_softplus           : ActFuncValue<12, "softplus",           "log(1 + exp(x))">;
def ACT_mish               : ActFuncValue<13, "mish",               "x * tanh(softplus(x))">;
def ACT_erf                : ActFuncValue<14, "erf",                "erf(x)">;
def ACT_erf_dx             : ActFuncValue<15, "erf_dx",             "2 / sqrt(pi) * exp(-x * x)">;
def ACT_exp                : ActFuncValue<16, "exp",                "exp(x)">;
def ACT_sign               : ActFuncValue<17, "sign",               "-1, 0 or 1 by the sign of x (0 for +-0, NaN for NaN)">;
def ACT_abs                : ActFuncValue<18, "abs",                "|x|">;
def ACT_log                : ActFuncValue<19, "log",                "log(x)", "[2^-64, 2^64]">;
// The hardware does no range reduction for sin (SHARED).
def ACT_sin                : ActFuncValue<20, "sin",                "sin(x)", "[-pi, pi]">;
def ACT_arctan             : ActFuncValue<21, "arctan",             "atan(x)", "[-pi/2, pi/2]">;
def ACT_sqrt               : ActFuncValue<22, "sqrt",               "sqrt(x)", "[2^-116, 2^118]">;
def ACT_rsqrt              : ActFuncValue<23, "rsqrt",              "1 / sqrt(x)", "[2^-87, 2^97]">;
def ACT_reciprocal         : ActFuncValue<24, "reciprocal",         "1 / x", "+-[2^-42, 2^42]">;
// prelu (SHARED) needs a slope operand that no instruction here carries yet;
// it is left out rather than given a made-up slope.

// Activation function sets: the tables ScalarE loads to evaluate functions
// (ACT_TABLE_LOAD in Costs.td). The set names are published, in the example
// Activation.json of a NEFF (RUNTIME-NEFF: reciprocal_sqrt_and_small,
// natural_log_exp_and_others, reciprocal_and_small, gelu_and_others); which
// function sits in which set is not, beyond what the names say. Chosen
// members are marked. A function in no set needs no table: copy, square,
// relu, abs and sign are exact piecewise functions (chosen), evaluated
// without one, and they leave the loaded set in place.
class ActTableSet<string name, list<ActFuncValue> funcs, string source> {
  string Name = name;
  list<ActFuncValue> Funcs = funcs;
  string Source = source;
}
def ATS_exp : ActTableSet<"natural_log_exp_and_others",
  [ACT_exp, ACT_log,
   // chosen: exp-based functions, and the rest of "others"
   ACT_sigmoid, ACT_silu, ACT_silu_dx, ACT_tanh, ACT_softplus, ACT_mish, ACT_sin, ACT_arctan],
  "RUNTIME-NEFF (name); exp and log by the name, the others chosen">;
def ATS_gelu : ActTableSet<"gelu_and_others",
  [ACT_gelu,
   // chosen: the gelu family and erf, which gelu is made of
   ACT_gelu_dx, ACT_gelu_apprx_tanh, ACT_gelu_apprx_sigmoid, ACT_gelu_apprx_sigmoid_dx,
   ACT_erf, ACT_erf_dx],
  "RUNTIME-NEFF (name); gelu by the name, the others chosen">;
def ATS_rsqrt : ActTableSet<"reciprocal_sqrt_and_small",
  [ACT_rsqrt,
   ACT_sqrt], // chosen
  "RUNTIME-NEFF (name); rsqrt by the name, sqrt chosen">;
def ATS_reciprocal : ActTableSet<"reciprocal_and_small", [ACT_reciprocal],
  "RUNTIME-NEFF (name); reciprocal by the name">;

//===-- Semaphore wait conditions -----------------------------------------===//
def WaitCond : EnumType<"WaitCond",
  "Condition a semaphore's value must meet before an instruction may start.">;
def WAIT_eq : EnumValue<WaitCond, 1, "eq", "semaphore == value">;
def WAIT_ne : EnumValue<WaitCond, 2, "ne", "semaphore != value">;
def WAIT_ge : EnumValue<WaitCond, 3, "ge", "semaphore >= value">;
def WAIT_gt : EnumValue<WaitCond, 4, "gt", "semaphore > value">;
def WAIT_le : EnumValue<WaitCond, 5, "le", "semaphore <= value">;
def WAIT_lt : EnumValue<WaitCond, 6, "lt", "semaphore < value">;

//===-- PSUM write mode of TensorE ----------------------------------------===//
def PsumMode : EnumType<"PsumMode",
  "How a TensorE result meets PSUM. The hardware's acc_flags (EXP): NKI's "
  "accumulate=None is resolved by the compiler into one of these.">;
def PSUM_overwrite  : EnumValue<PsumMode, 0, "overwrite",  "write the result, discarding what was there (starts an accumulation group)">;
def PSUM_accumulate : EnumValue<PsumMode, 1, "accumulate", "add the result to what an earlier matmul wrote there, in fp32">;

//===-- TensorE performance mode -------------------------------------------===//
// NKI's perf_mode (matmul_perf_mode) of nc_matmul (ISA; A2).
def PePerf : EnumType<"PePerf",
  "TensorE's performance mode (NKI perf_mode). double_row is the fp8 "
  "double-row mode of trn2 and later (A2): each PE multiplies two fp8 pairs "
  "per cycle, so the contraction runs over 2 x the partitions, K = 2P, laid "
  "out [P, 2, .]: the first free dimension of both inputs is 2 and element "
  "[p, j, .] is row k = 2p + j of the [K, .] operand.">;
def PERF_none       : EnumValue<PePerf, 0, "none",       "the plain matmul: K = the partitions">;
def PERF_double_row : EnumValue<PePerf, 1, "double_row", "fp8 only, trn2 and later: K = 2 x the partitions, inputs [P, 2, M] and [P, 2, N]; the time of a K = P matmul (A2)">;

//===-- Booleans ----------------------------------------------------------===//
def Bool : EnumType<"Bool", "A flag.">;
def BOOL_false : EnumValue<Bool, 0, "false", "off">;
def BOOL_true  : EnumValue<Bool, 1, "true",  "on">;
