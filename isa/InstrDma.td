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

// Between the cores of a system (docs/multicore.md): the DMA that collectives
// and NKI's sendrecv are made of.
def DMA_COPY_CORE : Instr<0x52, "dma_copy_core", [SP, ACT, POOL],
  (ops DmaAP:$dst, DmaAP:$src, Reg:$core, Queue:$queue, Sem:$remote_sem),
  "$dst, $src, $core, $queue, $remote_sem", CC_Dma,
  "Copies src (this core's) to dst on the core whose number register core "
  "holds, through this core's DMA queue, as dma_copy does (timed as one of "
  "its transfers; dst is the same tensor, allocation or address on that "
  "core: the program is every core's). When the transfer completes, the "
  "data lands on that core after the DMA's semaphore delay (DmaSignalNs) and "
  "adds 1 to its remote_sem; the instruction's own signal goes to this core "
  "at the completion, when src may be reused. A core the system lacks is a "
  "run-time fault.">
{
  let IsDma = 1;
}
