//===- InstrDma.td - DMA transfers ---------------------------*- tablegen -*-===//
//
// A sequencer triggers a transfer into one of the core's DMA queues (Sync,
// Scalar and GpSimd trigger DMA, ISA). The triggering instruction occupies
// its engine for the chip's DMA trigger cost (Chips.td, DmaTrigger: by how
// the descriptors are made); its semaphore signal is sent when the transfer
// completes. Transfers in one queue complete in order (DMA).
//
// The queue is an operand: qE.Q, or a register rN holding 16 E + Q, read
// when the instruction completes (a run-time fault if it names no queue), so
// that a loop can spread its transfers over queues.
//
//===----------------------------------------------------------------------===//

def DMA_COPY : Instr<0x50, "dma_copy", [SP, ACT, POOL],
  (ops DmaAP:$dst, DmaAP:$src, Queue:$queue),
  "$dst, $src, $queue", CC_Dma,
  "Copies src to dst through a DMA queue: HBM to SBUF, SBUF to HBM, SBUF to "
  "SBUF or HBM to HBM. Both sides hold the same number of elements, paired in "
  "access-pattern order (partitions outermost); their shapes may differ. When "
  "the dtypes differ each element is converted through fp32 (DMA). queue is "
  "qE.Q or a register holding 16 E + Q.">
{
  let IsDma = 1;
}

def DMA_TRANSPOSE : Instr<0x51, "dma_transpose", [SP, ACT, POOL],
  (ops DmaAP:$dst, DmaAP:$src, Queue:$queue),
  "$dst, $src, $queue", CC_Dma,
  "Transposes a 2-D tensor while copying it: src [A, B] (A partitions or "
  "rows, B elements each) becomes dst [B, A], dst[j, i] = src[i, j], "
  "bit-exact. 2- and 4-byte dtypes only, the same on both sides. Axes (1, 0) "
  "of NKI's dma_transpose; trn2 and later (A2). queue is qE.Q or a register "
  "holding 16 E + Q.">
{
  let IsDma = 1;
  let MinGen = 3;
}
