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
def NStat : CostVar<"NStat", "the stationary operand's M columns: its free size, half of it with perf=double_row">;
def NMov  : CostVar<"NMov", "the moving operand's N columns: its free size, half of it with perf=double_row">;
def Bytes : CostVar<"Bytes", "bytes a DMA transfer moves">;
def MxMacs : CostVar<"MxMacs",
  "multiply-accumulates per PE cycle of the chip's MX mode (Chips.td PeModes, Form matmul_mx) for the slower of matmul_mx's two operand types">;

// A named constant, in cycles of the executing engine.
class CostConst<string name, int value, string source> {
  string Name = name;
  int Value = value;
  string Source = source;
}
def MIN_II         : CostConst<"MIN_II", 64, "ISA-OLD: minimum initiation interval for small tiles">;
def MIN_II_DYNAMIC : CostConst<"MIN_II_DYNAMIC", 600, "ISA-OLD: copy at a runtime (register) offset">;
def GPSIMD_START   : CostConst<"GPSIMD_START", 150, "ISA-OLD: GpSimd start-up">;
def MM_INIT_LATENCY: CostConst<"MM_INIT_LATENCY", 64, "A1: TensorE fill latency, the floor of a multiply's II">;
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
def ReadsPrevious : CostPred<"ReadsPrevious",
  "an input reads what the engine's previous datapath instruction wrote, before its result latency has passed">;
def AfterMultiply : CostPred<"AfterMultiply",
  "the engine's previous datapath instruction multiplied (matmul, multiply_moving or matmul_mx)">;

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

//===-- Engine timing: result latency, interlocks, ACT tables -------------===//
// An instruction occupies its engine for its cost, the initiation interval
// (II): the next instruction of the engine may start when it ends. Its
// result, and its signal(...), reach a consumer ResultLatency cycles later.
// The published figures are end to end, from the end of the producer's II
// to the start of a consumer that waited for it; the model does not split
// them into a pipeline drain and a semaphore hop. A consumer on the same
// engine (ReadsPrevious: it reads what the engine's previous datapath
// instruction wrote, whose result is not visible yet) pays the same latency
// as an overhead; one on another engine waits for the delayed signal.
class ResultLatency<Engine engine, CostConst cycles> {
  Engine Engine = engine;
  CostConst Cycles = cycles;
}
// ScalarE: tiny dependent instructions start every ~189 ns = 264 cycles on
// NC-v2 (PERF, Opt #5a, profile fig. 16), MIN_II + 200.
def ACT_DEPENDENT  : CostConst<"ACT_DEPENDENT", 200,
  "PERF: tiny dependent ScalarE instructions issue every ~264 cycles (189 ns on NC-v2) = MIN_II + 200">;
def ActDependentOverhead : Overhead<[ACT], [ReadsPrevious], ACT_DEPENDENT>;
def POOL_DEPENDENT : CostConst<"POOL_DEPENDENT", 100,
  "chosen: unpublished; Vector's DVE_DEPENDENT, the other SBUF-to-SBUF SIMD engine">;
def PoolDependentOverhead : Overhead<[POOL], [ReadsPrevious], POOL_DEPENDENT>;
// TensorE's result crosses the array's 128 rows before the last partial
// sums reach PSUM (A1: a 128 x 128 systolic array); the latency itself is
// unpublished.
def PE_RESULT      : CostConst<"PE_RESULT", 128,
  "chosen: one cycle per row of the 128-row array (A1); unpublished">;
def PeResultLatency   : ResultLatency<PE, PE_RESULT>;
def DveResultLatency  : ResultLatency<DVE, DVE_DEPENDENT>;
def ActResultLatency  : ResultLatency<ACT, ACT_DEPENDENT>;
def PoolResultLatency : ResultLatency<POOL, POOL_DEPENDENT>;
// A signal sent by a sequencer instruction (sem_signal, or a signal on a
// control instruction) only crosses the semaphore fabric: 30 ns between the
// end of a ScalarE instruction and the start of the next one waiting on its
// semaphore (PERF fig. 16: 189 ns start to start, 159 ns duration), in
// cycles of the 1.4 GHz NC-v2 ScalarE.
def SEM_HOP        : CostConst<"SEM_HOP", 42,
  "PERF fig. 16: 189 - 159 = 30 ns between an instruction's end and its waiter's start, x 1.4 GHz">;

// ScalarE evaluates functions from tables (PWP tables, grouped in activation
// function sets, RUNTIME-NEFF); the first activation whose function is not
// in the set ScalarE holds loads the function's set first (the profiler's
// ACT_TABLE_LOAD). The sets and their members are in Enums.td.
// 1.28 us in both published trn2 profiles of the DMA overview (examples 1
// and 2: 1,283 ns each, read off the timeline), x 1.2 GHz; the same cycles
// on trn1 and trn3 (chosen: no published figure).
def ACT_TABLE_LOAD : CostConst<"ACT_TABLE_LOAD", 1536,
  "DMA (overview, trn2 profiles of examples 1 and 2): ~1.28 us table load before the first exp, x 1.2 GHz">;
def ActTableMiss  : CostPred<"ActTableMiss",
  "the activation function needs a table set other than the one ScalarE holds">;
def ActTableLoadOverhead : Overhead<[ACT], [ActTableMiss], ACT_TABLE_LOAD>;

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
// matmul = LoadStationary + MultiplyMoving. The multiply's II is
// max(MM_INIT_LATENCY, N) (A1: II of back-to-back matmuls is max(N, 64); the
// perf guide's 64-cycle floor), 4x for fp32 (A1). The load is "fast" (A1: up
// to 4x faster than a MultiplyMoving of the same free size, i.e.
// max(64, M) / 4) and runs in the background of the previous multiply (A1),
// which took max(64, N) >= max(64, M) / 4 cycles: right after a multiply only
// the multiply is paid. ISA-OLD's published average, max(min(64, M), N), is
// this steady state without the floor; with it, a 1-column matmul costs the
// 64 cycles the split form always charged.
// perf=double_row: M and N are the columns (NStat, NMov: half the free sizes
// of [K, 2, M] and [K, 2, N]), so a double-row matmul of K = 256 takes the
// time of a K = 128 one (A2: "same time as a BF16 matmul with K = 128"); its
// weight load, 2 fp8 per PE, is chosen as fast as a 16-bit one of M columns
// (the same bytes). A tiled instruction costs the same cycles; the event
// loop lets it overlap instructions on other tiles (docs/timing-model.md,
// section 6).
def CC_Matmul : CostClass<"cycles", [
    CostCase<[AfterMultiply, Fp32Matmul], (Mul 4, (Max MM_INIT_LATENCY, NMov))>,
    CostCase<[AfterMultiply], (Max MM_INIT_LATENCY, NMov)>,
    CostCase<[Fp32Matmul], (Mul 4, (Add (CeilDiv (Max MM_INIT_LATENCY, NStat), 4),
                                        (Max MM_INIT_LATENCY, NMov)))>,
    CostCase<[], (Add (CeilDiv (Max MM_INIT_LATENCY, NStat), 4), (Max MM_INIT_LATENCY, NMov))>],
  "A1: MM II max(N, 64), fast and background LoadStationary; ISA-OLD nc_matmul; fp32 4x (A1)">;
// The split form, with the same two parts. Right after a multiply the load
// runs in the background (A1): only issuing it (SEQ_OP) remains.
def CC_LoadStationary : CostClass<"cycles", [
    CostCase<[AfterMultiply], (Id SEQ_OP)>,
    CostCase<[Fp32Matmul], (Mul 4, (CeilDiv (Max MM_INIT_LATENCY, NStat), 4))>,
    CostCase<[], (CeilDiv (Max MM_INIT_LATENCY, NStat), 4)>],
  "A1: fast LoadStationary, up to 4x faster than a MultiplyMoving of the same free size; background LoadStationary">;
def CC_MultiplyMoving : CostClass<"cycles", [
    CostCase<[Fp32Matmul], (Mul 4, (Max MM_INIT_LATENCY, NMov))>,
    CostCase<[], (Max MM_INIT_LATENCY, NMov)>],
  "A1: II of back-to-back matmuls reusing a stationary is max(N, 64)">;
// A transpose is a multiply of src (stationary, M = F) by a P x P identity
// (moving, N = P): ISA-OLD's max(P, min(64, F)) with the multiply's 64-cycle
// floor (A1), which min(64, F) never exceeds.
// nc_matmul_mx runs at 4x the BF16 rate on trn3 (A3: 8x128 elements in per
// cycle, 315 TFLOPS MXFP8/MXFP4 against 79 BF16): a K = 32..128 partition
// operand holds 4K rows, so a matmul_mx takes the cycles of a BF16 matmul of
// the same M and N (its load and multiply as CC_Matmul), scaled by trn3's MX
// rate over the chip's: a later chip whose MX modes are faster (trn4's
// speculative preset) divides them, and the slower operand's mode decides
// when MXFP8 meets MXFP4. Rounded up.
def MX_REF_MACS : CostConst<"MX_REF_MACS", 65536,
  "A3: trn3's MX rate, 4 x 16384 MACs per cycle (8x128 in), at which matmul_mx takes a BF16 matmul's cycles">;
def CC_MatmulMx : CostClass<"cycles", [
    CostCase<[AfterMultiply], (CeilDiv (Mul (Max MM_INIT_LATENCY, NMov), MX_REF_MACS), MxMacs)>,
    CostCase<[], (CeilDiv (Mul (Add (CeilDiv (Max MM_INIT_LATENCY, NStat), 4),
                                    (Max MM_INIT_LATENCY, NMov)), MX_REF_MACS), MxMacs)>],
  "A3: 4x the BF16 rate (the BF16 matmul's cycles at trn3's MX rate); CC_Matmul's load and multiply (A1)">;
def CC_PeTranspose : CostClass<"cycles", [
    CostCase<[], (Max MM_INIT_LATENCY, P, (Min 64, F))>],
  "ISA-OLD nc_transpose on Tensor, with A1's MM_INIT_LATENCY floor">;

//===-- Vector / Scalar / GpSimd (section 3.3) ----------------------------===//
def CC_Activation : CostClass<"cycles", [
    CostCase<[HasAccumOut], (Add (Max MIN_II, N), MIN_II)>,
    CostCase<[], (Max MIN_II, N)>],
  "ISA-OLD activation / activation_reduce">;
// On Vector the published cases hold as written: an input in PSUM streams
// through the PSUM read interface while the other streams from SBUF, so the
// two reads overlap (N); two SBUF inputs share one interface (2N) unless
// Vector's bf16 fast path applies (A1: separate SBUF and PSUM interfaces per
// engine, each at peak bandwidth). GpSimd reaches SBUF only and its cores
// read 32 bits per partition per cycle (A1), 128 elements per cycle for every
// dtype on v4 (A3): each input costs one cycle per element, so two inputs
// cost 2N whatever the dtype or op. Its time then differs from Vector's only
// by the published clocks (A1/A2/A3).
def CC_TensorTensor : CostClass<"cycles", [
    CostCase<[OnPool], (Max MIN_II, (Mul 2, N))>,
    CostCase<[AnyInPsum], (Max MIN_II, N)>,
    CostCase<[AllInSbuf, AllBf16, OpAddMulSub, Contiguous], (Max MIN_II, N)>,
    CostCase<[], (Max MIN_II, (Mul 2, N))>],
  "ISA-OLD tensor_tensor; GpSimd: its read datapath (A1, A3)">;
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
// quantize_mx: "4 elements per partition per cycle" (A3) of src's F
// elements, with Vector's MIN_II floor as every other Vector class.
def CC_QuantizeMx : CostClass<"cycles", [
    CostCase<[], (Max MIN_II, (CeilDiv F, 4))>],
  "A3: quantize_mx at 4 elements per partition per cycle; ISA-OLD's MIN_II floor">;
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
// The emulator's own instructions (print) are no hardware's: they cost
// nothing, so that a program times the same with or without them.
def FREE           : CostConst<"FREE", 0, "the emulator's own instructions (print): no hardware runs them">;
def CC_Free : CostClass<"cycles", [CostCase<[], (Id FREE)>],
  "none: the emulator's own (IsDebug) instructions take no time">;
def CC_RegMemory : CostClass<"cycles", [CostCase<[], (Id ACCESS_FIXED)>],
  "A1: one tensor access">;
