//===- Operands.td - operand kinds and operand types ---------*- tablegen -*-===//
//
// Two layers, as LLVM separates a register class from an operand:
//  - an OperandKind is an encoding: how many bits and which sub-fields;
//  - an OperandType is what an instruction's operand accepts: a kind plus
//    constraints (memory spaces, enum type, value range) and, if optional,
//    its default spelling.
//
//===----------------------------------------------------------------------===//

class OperandKind;

// A sub-field of an operand's encoding, at Lsb relative to the operand's
// first bit. Nested, when set, names an operand kind stored whole there.
class EncField<string name, int lsb, int width, bit signed = 0> {
  string Name = name;
  int Lsb = lsb;
  int Width = width;
  bit Signed = signed;
  OperandKind Nested = ?;
}
// Width must equal the nested kind's Bits (trn-tblgen checks it).
class NestedField<string name, int lsb, int width, OperandKind kind>
    : EncField<name, lsb, width> {
  let Nested = kind;
}

// Bits is a multiple of 8; operands are laid out byte-aligned after the
// instruction header, in the order the instruction lists them.
class OperandKind<string name, int width, list<EncField> fields, string desc> {
  string Name = name;
  int Bits = width;
  list<EncField> Fields = fields;
  string Description = desc;
}

// An access pattern: the NKI/hardware tensor operand (A1). Partitions
// [part_start, part_start + num_partitions) (for HBM the partition dimension
// is an ordinary outer dimension with stride part_step); then num_dims free
// dimensions, dims[0] outermost, each [stride, count] in elements; the byte
// address base (per partition for SBUF/PSUM, absolute for HBM). With has_reg
// set, the value of register reg, in elements of the dtype, is added to the
// element offset at run time (NKI's dynamic slices).
def K_AccessPattern : OperandKind<"access-pattern", 320, [
    EncField<"space", 0, 2>,            // MemSpace id; 0 = operand absent
    EncField<"dtype", 2, 5>,            // DType id (5 bits since format version 2)
    EncField<"has_reg", 7, 1>,
    EncField<"reg", 8, 6>,
    EncField<"part_start", 16, 7>,
    EncField<"num_partitions", 24, 8>,  // 1..128
    EncField<"num_dims", 32, 3>,        // 1..4
    EncField<"base", 40, 48>,           // bytes; 48 bits covers trn3's 144 GiB
    EncField<"part_step", 88, 32, 1>,   // elements; HBM only, 0 elsewhere
    EncField<"dim0_stride", 120, 32, 1>, EncField<"dim0_count", 152, 16>,
    EncField<"dim1_stride", 168, 32, 1>, EncField<"dim1_count", 200, 16>,
    EncField<"dim2_stride", 216, 32, 1>, EncField<"dim2_count", 248, 16>,
    EncField<"dim3_stride", 264, 32, 1>, EncField<"dim3_count", 296, 16>],
  "A tensor in HBM, SBUF or PSUM: partition range, up to 4 free dimensions of "
  "[stride, count] in elements, byte base address and an optional register "
  "offset. The hardware limits SBUF/PSUM strides to int16 and counts to "
  "uint16 (A1); the encoding is wider so that the same form serves DMA "
  "descriptors over HBM.">;

// Either an fp32 immediate or a per-partition [P, 1] tensor: the `scale`
// of activation and the scalar operands of tensor_scalar (ISA).
def K_ScalarArg : OperandKind<"scalar", 384, [
    EncField<"tag", 0, 8>,              // 1 = immediate, 2 = access pattern
    EncField<"imm", 32, 32>,            // fp32 bits
    NestedField<"ap", 64, 320, K_AccessPattern>],
  "An fp32 immediate, or an access pattern of one element per partition "
  "([P, 1]; a [1, 1] tensor serves every partition).">;

def K_Register : OperandKind<"register", 8, [EncField<"index", 0, 6>],
  "One of the issuing sequencer's 32-bit registers, r0 to r63.">;
def K_Imm : OperandKind<"imm", 32, [EncField<"value", 0, 32, 1>],
  "A 32-bit signed integer immediate.">;
def K_FImm : OperandKind<"fimm", 32, [EncField<"bits", 0, 32>],
  "An fp32 immediate, stored as its IEEE bits.">;
def K_Enum : OperandKind<"enum", 8, [EncField<"value", 0, 8>],
  "A value of an enumeration (ALU op, activation function, ...).">;
def K_Semaphore : OperandKind<"semaphore", 8, [EncField<"index", 0, 8>],
  "One of the core's semaphores, s0 upwards.">;
// With has_reg set, the queue is the value of register reg when the DMA
// instruction completes (16 E + Q), and engine and queue are 0: a loop can
// spread its transfers over queues.
def K_DmaQueue : OperandKind<"dma-queue", 16, [
    EncField<"engine", 0, 4>, EncField<"queue", 4, 4>,
    EncField<"has_reg", 8, 1>, EncField<"reg", 10, 6>],
  "One of the core's 16 DMA engines x 16 queues (DMA), written qE.Q; or a "
  "register rN whose value, read when the DMA instruction completes, names "
  "the queue as 16 E + Q.">;
def K_Label : OperandKind<"label", 32, [EncField<"target", 0, 32>],
  "A branch target: an instruction index in the same engine stream.">;
def K_Steps : OperandKind<"steps", 128, [
    EncField<"step0", 0, 32, 1>, EncField<"step1", 32, 32, 1>,
    EncField<"step2", 64, 32, 1>, EncField<"step3", 96, 32, 1>],
  "Per-free-dimension integer steps of an affine expression, outermost "
  "first, as in iota and affine_select (ISA).">;

//===----------------------------------------------------------------------===//

// Spaces: memory spaces an access pattern may name. DTypes: the dtypes it
// may have ([] = any). MaxFree / MaxFreePsum: the most elements per
// partition in SBUF (or HBM) / in PSUM; "up to 64K elements in SBUF and 4K
// in PSUM" for most Vector/Scalar instructions (A1). OneBank: the tensor
// must lie within one 2 KiB PSUM bank (a matmul result, A1).
// Enum: the enum type of an enum operand. Min/Max: the allowed integer
// range when HasRange is set. Default: the spelling used when the operand
// is left out; "" = required.
class OperandType<OperandKind kind, string desc> {
  OperandKind Kind = kind;
  string Description = desc;
  list<MemSpace> Spaces = [];
  list<DType> DTypes = [];
  int MaxFree = 65536;
  int MaxFreePsum = 4096;
  bit OneBank = 0;
  EnumType Enum = ?;
  bit HasRange = 0;
  int Min = 0;
  int Max = 0;
  string Default = "";
}

class APType<list<MemSpace> spaces, string desc>
    : OperandType<K_AccessPattern, desc> {
  let Spaces = spaces;
}

// A tensor operand with dtype and size constraints of its own.
class APOf<list<MemSpace> spaces, list<DType> types, int maxFree, string desc>
    : APType<spaces, desc> {
  let DTypes = types;
  let MaxFree = maxFree;
  let MaxFreePsum = !if(!lt(maxFree, 4096), maxFree, 4096);
}
// The tensor form holds one fp32 value per partition.
class ScalarType<list<MemSpace> spaces, string desc>
    : OperandType<K_ScalarArg, desc> {
  let Spaces = spaces;
  let DTypes = [FP32];
  let MaxFree = 1;
  let MaxFreePsum = 1;
}
class EnumOperandType<EnumType e> : OperandType<K_Enum, e.Description> {
  let Enum = e;
}
class RangedType<OperandKind kind, int min, int max, string desc>
    : OperandType<kind, desc> {
  let HasRange = 1;
  let Min = min;
  let Max = max;
}

// The same operand, left out unless written: `key=value` in assembly.
class Opt<OperandType t, string default> : OperandType<t.Kind, t.Description> {
  let Spaces = t.Spaces;
  let DTypes = t.DTypes;
  let MaxFree = t.MaxFree;
  let MaxFreePsum = t.MaxFreePsum;
  let OneBank = t.OneBank;
  let Enum = t.Enum;
  let HasRange = t.HasRange;
  let Min = t.Min;
  let Max = t.Max;
  let Default = default;
}

def SbufAP     : APType<[SBUF], "tensor in SBUF">;
defvar IntTypes = [INT8, INT16, INT32, UINT8, UINT16, UINT32];
defvar PredicateTypes = [UINT8, UINT16, UINT32];   // ISA: predicates are uint8/16/32
def F32Column  : APOf<[SBUF, PSUM], [FP32], 1, "[P, 1] fp32 tensor in SBUF or PSUM">;
def PredicateAP : APOf<[SBUF, PSUM], PredicateTypes, 65536, "uint8/16/32 predicate in SBUF or PSUM">;
def RegWordAP  : APOf<[HBM, SBUF], [INT32, UINT32], 1, "one int32/uint32 element in HBM or SBUF">;
def PsumAP     : APType<[PSUM], "tensor in PSUM">;
def OnChipAP   : APType<[SBUF, PSUM], "tensor in SBUF or PSUM">;
def DmaAP      : APType<[HBM, SBUF], "tensor in HBM or SBUF">;
def AnyAP      : APType<[HBM, SBUF, PSUM], "tensor in HBM, SBUF or PSUM">;
def OnChipScalar : ScalarType<[SBUF, PSUM],
  "fp32 immediate or [P, 1] tensor in SBUF or PSUM">;
def SbufScalar : ScalarType<[SBUF], "fp32 immediate or [P, 1] tensor in SBUF">;

def Reg       : RangedType<K_Register, 0, 63, "register r0..r63">;
def SImm32    : RangedType<K_Imm, -2147483648, 2147483647, "signed 32-bit integer">;
def FImm32    : OperandType<K_FImm, "fp32 immediate">;
def Sem       : OperandType<K_Semaphore, "semaphore">;
def Queue     : OperandType<K_DmaQueue, "DMA queue">;
def Target    : OperandType<K_Label, "label">;
def Steps     : OperandType<K_Steps, "affine steps">;
// How many innermost free dimensions a reduction folds (ISA: up to 4).
def ReduceAxes : RangedType<K_Imm, 1, 4, "number of innermost free dimensions">;

def AluOpOperand    : EnumOperandType<AluOp>;
def ActFuncOperand  : EnumOperandType<ActFunc>;
def WaitCondOperand : EnumOperandType<WaitCond>;
def PsumModeOperand : EnumOperandType<PsumMode>;
def BoolOperand     : EnumOperandType<Bool>;
def PePerfOperand   : EnumOperandType<PePerf>;
// TensorE tiling (ISA nc_matmul tile_position / tile_size): the first PE row
// (column) of the tile and its number of rows (columns). Sizes are 32, 64 or
// 128 and a start is a multiple of its size (checked by the verifier, with
// trn1's lack of 32-sized tiles).
def TileStart : RangedType<K_Imm, 0, 127, "first PE row or column of the tile, a multiple of its size">;
def TileSize  : RangedType<K_Imm, 1, 128, "PE rows or columns of the tile: 32 (trn2 and later), 64 or 128">;
