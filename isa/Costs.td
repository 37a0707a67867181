//===- Costs.td - cost classes: instruction cost as data -----*- tablegen -*-===//
//
// As LLVM's scheduling models bind a SchedWrite to per-CPU resources, each
// instruction names a CostClass here and each chip (Chips.td) binds clocks,
// perf modes and DMA figures. A cost class is a list of cases; the first case
// whose predicates all hold gives the formula, in cycles of the executing
// engine (Unit "cycles") or in bytes for the DMA model (Unit "dma-bytes").
// The formulas are the published NC-v2 estimates (ISA-OLD, A1) unless a
// comment says the number was chosen; the timing model evaluates them.
//
//===----------------------------------------------------------------------===//

// A value the timing model measures on the instruction being costed.
class CostVar<string name, string desc> {
  string Name = name;
  string Description = desc;
}
def N     : CostVar<"N", "elements per partition of the largest tensor operand (ISA-OLD's N)">;
def P     : CostVar<"P", "partitions of the first input (of the destination if there is none)">;
def F     : CostVar<"F", "free size (elements per partition) of the first input">;
def NStat : CostVar<"NStat", "free size of the stationary operand (its M columns)">;
def NMov  : CostVar<"NMov", "free size of the moving operand (its N columns)">;
def Bytes : CostVar<"Bytes", "bytes a DMA transfer moves">;

// A named constant, in cycles of the executing engine.
class CostConst<string name, int value, string source> {
  string Name = name;
  int Value = value;
  string Source = source;
}
def MIN_II         : CostConst<"MIN_II", 64, "ISA-OLD: minimum initiation interval for small tiles">;
def MIN_II_DYNAMIC : CostConst<"MIN_II_DYNAMIC", 600, "ISA-OLD: copy at a runtime (register) offset">;
def GPSIMD_START   : CostConst<"GPSIMD_START", 150, "ISA-OLD: GpSimd start-up">;
def MM_INIT_LATENCY: CostConst<"MM_INIT_LATENCY", 64, "A1: TensorE fill latency">;
def ACT_READ_ACC   : CostConst<"ACT_READ_ACC", 64, "A1: ActReadAccumulator, reading ScalarE's reduce registers">;
def ACCESS_FIXED   : CostConst<"ACCESS_FIXED", 60, "A1: fixed cost of one tensor access">;
// Sequencer-only work is unpublished: chosen as one cycle per register or
// branch instruction. (A DMA trigger's cost depends on the chip's descriptor
// generation: Chips.td, DmaTrigger.)
def SEQ_OP         : CostConst<"SEQ_OP", 1, "chosen: register, branch and semaphore instructions">;

// A condition on the instruction's operands or engine that selects a case.
class CostPred<string name, string desc> {
  string Name = name;
  string Description = desc;
}
def OnPool        : CostPred<"OnPool", "runs on GpSimd">;
def AnyInPsum     : CostPred<"AnyInPsum", "at least one input tensor is in PSUM">;
def AllInSbuf     : CostPred<"AllInSbuf", "every tensor operand is in SBUF">;
def All16Bit      : CostPred<"All16Bit", "every tensor operand is bf16 or fp16">;
def AllBf16       : CostPred<"AllBf16", "every tensor operand is bf16">;
def Contiguous    : CostPred<"Contiguous", "every tensor's innermost free stride is 1">;
def Fp32Matmul    : CostPred<"Fp32Matmul", "TensorE operands are fp32 (4 passes, A1)">;
def FillZero16    : CostPred<"FillZero16", "fills zero into a bf16/fp16 tensor">;
def OpAddMulSub   : CostPred<"OpAddMulSub", "the ALU op is add, multiply or subtract">;
def OpAddMax      : CostPred<"OpAddMax", "the ALU op is add or maximum">;
def OpsSubMul     : CostPred<"OpsSubMul", "op0 is subtract and op1 is multiply">;
def EvenN         : CostPred<"EvenN", "N is even">;
def HasAccumOut   : CostPred<"HasAccumOut", "activation writes its add-reduce accumulator out">;
def HasRegOffset  : CostPred<"HasRegOffset", "a tensor operand takes a register offset">;
def ReadsPrevious : CostPred<"ReadsPrevious", "an input reads what the engine's previous datapath instruction wrote">;
def AfterMultiply : CostPred<"AfterMultiply",
  "the engine's previous datapath instruction multiplied (matmul or multiply_moving)">;

// Cycles added to any instruction of these engines when the predicates
// hold, on top of its cost class (after performance modes).
class Overhead<list<Engine> engines, list<CostPred> when, CostConst cycles> {
  list<Engine> Engines = engines;
  list<CostPred> When = when;
  CostConst Cycles = cycles;
}
def DVE_DEPENDENT : CostConst<"DVE_DEPENDENT", 100,
  "A1: VectorE fixed overhead on back-to-back dependent instructions">;
def DveDependentOverhead : Overhead<[DVE], [ReadsPrevious], DVE_DEPENDENT>;

// Formula operators; a formula is a dag over CostVar, CostConst and ints.
class CostOp<string name, string infix> {
  string Name = name;
  string Infix = infix;     // "" = written as a call, e.g. max(a, b)
}
def Max     : CostOp<"max", "">;
def Min     : CostOp<"min", "">;
def Add     : CostOp<"add", "+">;
def Mul     : CostOp<"mul", "*">;
// Division rounds up (N/2 of an odd N costs (N+1)/2), so it is written as
// ceildiv(N, 2), not as a plain "/".
def CeilDiv : CostOp<"ceildiv", "">;
def Id      : CostOp<"id", "">;        // a bare value: (Id N) is N

class CostCase<list<CostPred> when, dag formula> {
  list<CostPred> When = when;
  dag Formula = formula;
}

// The last case must have no predicates: it is the general rule.
class CostClass<string unit, list<CostCase> cases, string source> {
  string Unit = unit;
  list<CostCase> Cases = cases;
  string Source = source;
}

//===-- TensorE (section 3.2) ---------------------------------------------===//
// matmul = LoadStationary + MultiplyMoving with the load in the background:
// the published average max(min(64, N_stationary), N_moving), 4x for fp32.
def CC_Matmul : CostClass<"cycles", [
    CostCase<[Fp32Matmul], (Mul 4, (Max (Min 64, NStat), NMov))>,
    CostCase<[], (Max (Min 64, NStat), NMov)>],
  "ISA-OLD nc_matmul; fp32 4x (A1)">;
// The split form: the published formula read as a weight load of
// min(64, N_stationary) that may overlap the previous multiply, and a
// multiply whose back-to-back II is max(N, 64) (A1).
// Right after a multiply the load runs in the background (A1): the multiply
// took max(64, N) >= min(64, N_stationary) cycles, so only issuing it
// remains.
def CC_LoadStationary : CostClass<"cycles", [
    CostCase<[AfterMultiply], (Id SEQ_OP)>,
    CostCase<[Fp32Matmul], (Mul 4, (Min 64, NStat))>,
    CostCase<[], (Min 64, NStat)>],
  "derived from ISA-OLD nc_matmul and A1 (background LoadStationary)">;
def CC_MultiplyMoving : CostClass<"cycles", [
    CostCase<[Fp32Matmul], (Mul 4, (Max 64, NMov))>,
    CostCase<[], (Max 64, NMov)>],
  "A1: II of back-to-back matmuls reusing a stationary is max(N, 64)">;
def CC_PeTranspose : CostClass<"cycles", [
    CostCase<[], (Max P, (Min 64, F))>],
  "ISA-OLD nc_transpose on Tensor">;

//===-- Vector / Scalar / GpSimd (section 3.3) ----------------------------===//
def CC_Activation : CostClass<"cycles", [
    CostCase<[HasAccumOut], (Add (Max MIN_II, N), MIN_II)>,
    CostCase<[], (Max MIN_II, N)>],
  "ISA-OLD activation / activation_reduce">;
def CC_TensorTensor : CostClass<"cycles", [
    CostCase<[AnyInPsum], (Max MIN_II, N)>,
    CostCase<[AllInSbuf, AllBf16, OpAddMulSub, Contiguous], (Max MIN_II, N)>,
    CostCase<[], (Max MIN_II, (Mul 2, N))>],
  "ISA-OLD tensor_tensor">;
def CC_TensorScalar : CostClass<"cycles", [
    CostCase<[], (Max MIN_II, N)>],
  "ISA-OLD tensor_scalar: one op costs the same as two">;
def CC_ScalarTensorTensor : CostClass<"cycles", [
    CostCase<[AllBf16, OpsSubMul, EvenN], (Id N)>,
    CostCase<[], (Mul 2, N)>],
  "ISA-OLD scalar_tensor_tensor">;
def CC_TensorReduce : CostClass<"cycles", [
    CostCase<[AllBf16, OpAddMax], (CeilDiv N, 2)>,
    CostCase<[], (Id N)>],
  "ISA-OLD tensor_reduce">;
def CC_TensorTensorScan : CostClass<"cycles", [
    CostCase<[], (Max MIN_II, (Mul 2, N))>],
  "ISA-OLD tensor_tensor_scan">;
def CC_TensorCopy : CostClass<"cycles", [
    CostCase<[HasRegOffset], (Max MIN_II_DYNAMIC, N)>,
    CostCase<[], (Max MIN_II, N)>],
  "ISA-OLD tensor_copy and tensor_copy_dynamic_src/dst">;
def CC_CopyPredicated : CostClass<"cycles", [
    CostCase<[AnyInPsum], (Max MIN_II, N)>,
    CostCase<[], (Max MIN_II, (Mul 2, N))>],
  "ISA-OLD tensor_copy_predicated">;
def CC_Memset : CostClass<"cycles", [
    CostCase<[FillZero16], (Max MIN_II, (CeilDiv N, 2))>,
    CostCase<[], (Max MIN_II, N)>],
  "ISA-OLD memset">;
def CC_VectorTranspose : CostClass<"cycles", [
    CostCase<[], (Max MIN_II, N)>],
  "ISA-OLD nc_transpose on Vector">;
def CC_BnStats : CostClass<"cycles", [
    CostCase<[], (Max MIN_II, N)>],
  "ISA-OLD bn_stats">;
def CC_BnAggr : CostClass<"cycles", [
    CostCase<[], (Max MIN_II, (Mul 13, (CeilDiv N, 3)))>],
  "ISA-OLD bn_aggr: 13*(N/3)">;
def CC_Reciprocal : CostClass<"cycles", [
    CostCase<[], (Max MIN_II, (Mul 8, N))>],
  "ISA-OLD reciprocal (Vector)">;
def CC_Max8 : CostClass<"cycles", [CostCase<[], (Id N)>], "ISA-OLD max8 / nc_find_index8">;
def CC_RangeSelect : CostClass<"cycles", [
    CostCase<[], (Max MIN_II, N)>],
  "ISA-OLD range_select">;
// select reads three tensors; unpublished, chosen as tensor_tensor's
// two-input rule.
def CC_Select : CostClass<"cycles", [
    CostCase<[], (Max MIN_II, (Mul 2, N))>],
  "chosen: like a two-input tensor_tensor">;
def CC_GpSimdSimple : CostClass<"cycles", [
    CostCase<[], (Add GPSIMD_START, N)>],
  "ISA-OLD iota and affine_select: 150 + N">;
// Across partitions: unpublished. Chosen as GpSimd's start-up plus each of
// the 8 cores folding its 16 partitions, then a 3-step tree over the cores.
def CC_PartitionReduce : CostClass<"cycles", [
    CostCase<[], (Add GPSIMD_START, (Mul N, 19))>],
  "chosen: 150 + N * (16 + 3)">;
def CC_PartitionBroadcast : CostClass<"cycles", [
    CostCase<[], (Add GPSIMD_START, N)>],
  "chosen: like iota, one write per element">;

//===-- DMA and sequencer -------------------------------------------------===//
// A DMA instruction costs its issuing engine the chip's DmaTrigger for that
// engine (Chips.td); the transfer itself is timed by the DMA model from the
// bytes it moves, its contiguous runs and the chip's DMA figures (Chips.td).
def CC_Dma : CostClass<"dma-bytes", [CostCase<[], (Id Bytes)>],
  "DMA, DMABW, A1: pipelined per-transfer and per-buffer costs, bytes / bandwidth, in the DMA model">;
def CC_Sequencer : CostClass<"cycles", [CostCase<[], (Id SEQ_OP)>], "chosen">;
def CC_RegMemory : CostClass<"cycles", [CostCase<[], (Id ACCESS_FIXED)>],
  "A1: one tensor access">;
