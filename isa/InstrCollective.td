//===- InstrCollective.td - collectives between cores --------*- tablegen -*-===//
//
// Collective operations over every core of a system (docs/multicore.md,
// "Collectives"): issued like a DMA trigger by SP, ACT or POOL, carried as
// DMA transfers over the chip's and the instance's links by the system's
// collective engine, complete when this core's part has arrived. The Nth
// collective a core issues joins the Nth of every other core; the
// instruction's own signal(...) is sent to this core when its part is done
// (dst written, src free). src is read when the instruction issues.
// Elements are counted in access-pattern order (partitions outermost), so
// shapes may differ as for dma_copy; N below is the number of cores.
//
//===----------------------------------------------------------------------===//

class CollectiveInstr<bits<8> enc, string mnemonic, dag ops, string asm, string doc>
    : Instr<enc, mnemonic, [SP, ACT, POOL], ops, asm, CC_Dma, doc> {
  let IsCollective = 1;
}

def ALL_REDUCE : CollectiveInstr<0x53, "all_reduce", (ops DmaAP:$dst, DmaAP:$src),
  "$dst, $src",
  "dst = the sum over every core of its src (fp32 or bf16, the same type and "
  "element count on both sides and every core). A ring: reduce-scatter, then "
  "all-gather, in N chunks; the reduction order is fixed (docs/multicore.md).">;
def REDUCE_SCATTER : CollectiveInstr<0x54, "reduce_scatter", (ops DmaAP:$dst, DmaAP:$src),
  "$dst, $src",
  "dst = chunk k (k = this core) of the sum over every core of its src, src "
  "holding N chunks of dst's size (fp32 or bf16). A ring, as all_reduce's "
  "first half.">;
def ALL_GATHER : CollectiveInstr<0x55, "all_gather", (ops DmaAP:$dst, DmaAP:$src),
  "$dst, $src",
  "dst = every core's src, core 0's first: dst holds N times src's elements, "
  "of src's type. A ring.">;
def ALL_TO_ALL : CollectiveInstr<0x56, "all_to_all", (ops DmaAP:$dst, DmaAP:$src),
  "$dst, $src",
  "src and dst hold N chunks each: chunk j of src goes to core j, as chunk k "
  "of its dst (k = this core). Direct transfers, each over its route.">;
def SENDRECV : CollectiveInstr<0x57, "sendrecv",
  (ops DmaAP:$dst, DmaAP:$src, Reg:$to, Reg:$from),
  "$dst, $src, $to, $from",
  "Sends src to the core whose number register to holds and receives dst "
  "from the core in register from (NKI's sendrecv). The Nth sendrecv of core "
  "a to core b pairs with the Nth of b from a; the sizes and types must "
  "match. Completes when both its transfers have: the send delivered and dst "
  "written.">;
