//===- InstrGpSimd.td - GpSimd engine (POOL) -----------------*- tablegen -*-===//
//
// GpSimd reaches SBUF only (A1). tensor_tensor, tensor_scalar, tensor_copy
// and memset also run here (InstrVector.td). The affine value of iota and
// affine_select is base + p * partition_mult + sum_k steps[k] * i_k in int32
// (wrapping), where p counts partitions from the operand's first partition
// and i_k indexes free dimension k (outermost first).
//
//===----------------------------------------------------------------------===//

def IOTA : Instr<0x40, "iota", [POOL],
  (ops SbufAP:$dst, SImm32:$base, Steps:$steps, Opt<SImm32, "0">:$partition_mult),
  "$dst, $base, $steps, partition_mult=$partition_mult", CC_GpSimdSimple,
  "dst = the affine value at each element, computed in int32 (wrapping) and "
  "then wrapped to an integer dst's width or rounded to nearest even for a "
  "float dst (ISA: offset + channel_multiplier * p + steps). p counts from "
  "dst's first partition; steps pair with dst's free dimensions, outermost "
  "first.">;

def AFFINE_SELECT : Instr<0x41, "affine_select", [POOL],
  (ops SbufAP:$dst, SbufAP:$src, AluOpOperand:$cmp, SImm32:$base, Steps:$steps,
       FImm32:$fill, Opt<SImm32, "0">:$partition_mult),
  "$dst, $src, $cmp, $base, $steps, $fill, partition_mult=$partition_mult",
  CC_GpSimdSimple,
  "dst = src where (affine value) cmp 0 holds, else fill (an fp32 immediate "
  "converted to dst's dtype). The affine value follows dst's access pattern "
  "(p from dst's first partition) and is compared exactly; src passes "
  "through fp32 (not bit-exact). cmp is a comparison op. The usual causal mask: "
  "base=0, partition_mult=1, steps=[-1], cmp=greater_equal keeps "
  "elements with column <= row.">;

def PARTITION_REDUCE : Instr<0x42, "partition_reduce", [POOL],
  (ops SbufAP:$dst, SbufAP:$src, AluOpOperand:$op),
  "$dst, $src, $op", CC_PartitionReduce,
  "Reduces across partitions: dst [1, F] = src[0, :] op src[1, :] op ... "
  "op src[P-1, :], combined in fp32 in partition order; op is reducible "
  "(NKI's tensor_partition_reduce). One partition gives op on it alone; "
  "bitvec ops on an integer src combine raw integers.">;

def PARTITION_BROADCAST : Instr<0x43, "partition_broadcast", [POOL],
  (ops SbufAP:$dst, SbufAP:$src),
  "$dst, $src", CC_PartitionBroadcast,
  "Copies one partition to many: dst[p, :] = src[0, :] for each of dst's "
  "partitions; src has one partition and as many elements as each dst "
  "partition. Dtypes convert as in tensor_copy: bit-exact when src and dst "
  "share a dtype.">;
