//===- InstrControl.td - sequencer instructions --------------*- tablegen -*-===//
//
// Every engine's sequencer runs these itself (section 2): its 64 x 32-bit
// registers, branches within its own stream, semaphore operations. Register
// arithmetic is 32-bit and wraps; shifts use the low 5 bits of the amount.
// Reaching the end of a stream is the same as halt.
//
//===----------------------------------------------------------------------===//

class SeqInstr<int opcode, string mnemonic, dag operands, string asm,
               string desc>
    : Instr<opcode, mnemonic, AllEngines, operands, asm, CC_Sequencer, desc> {
  let IsSequencer = 1;
}

def NOP : SeqInstr<0x60, "nop", (ops), "",
  "Does nothing. Carries semaphore waits and signals where no other "
  "instruction does.">;

def HALT : SeqInstr<0x61, "halt", (ops), "",
  "Ends this engine's stream. The program ends when every stream has ended "
  "and every DMA queue has drained."> {
  let IsTerminator = 1;
}

def SEM_WAIT : SeqInstr<0x62, "sem_wait", (ops Sem:$sem, WaitCondOperand:$cond, SImm32:$value),
  "$sem, $cond, $value",
  "Blocks this engine until `sem cond value` holds (the hardware's "
  "EVENT_SEMAPHORE wait, PERF). Other engines run on.">;

def SEM_SIGNAL : SeqInstr<0x63, "sem_signal",
  (ops Sem:$sem, RangedType<K_Imm, -32768, 32767, "signed 16-bit increment">:$amount),
  "$sem, $amount",
  "Adds amount (negative to take away) to sem when it completes.">;

// Cores of a system (docs/multicore.md). A program runs on every core of
// the system (SPMD): core_id tells the copies apart. A semaphore update
// between cores is a one-word DMA write: it arrives after the chip's
// DmaFixedNs plus DmaSignalNs (Chips.td; docs/multicore.md).
def CORE_ID : SeqInstr<0x69, "core_id", (ops Reg:$rd), "$rd",
  "rd = this core's number in the system: 0 to core_count - 1, chip by chip "
  "(0 on a single core; NKI's program_id over the launch grid).">;
def CORE_COUNT : SeqInstr<0x6A, "core_count", (ops Reg:$rd), "$rd",
  "rd = the number of cores running the program (1 on a single core).">;
def SEM_SIGNAL_CORE : SeqInstr<0x6B, "sem_signal_core",
  (ops Sem:$sem, RangedType<K_Imm, -32768, 32767, "signed 16-bit increment">:$amount,
       Reg:$core),
  "$sem, $amount, $core",
  "Adds amount to semaphore sem of the core whose number register core "
  "holds (a remote semaphore update; this core's own when it names this "
  "one). The update arrives the chip's cross-core delay after the "
  "instruction completes. A core the system lacks is a run-time fault.">;
def CORE_BARRIER : SeqInstr<0x6C, "core_barrier", (ops Sem:$sem), "$sem",
  "NKI's core_barrier for cores=(0, 1): synchronises this core with the other "
  "core of its HBM stack (cores 2k and 2k + 1). When the engine reaches it, "
  "it adds 1 to sem on the other core (a remote semaphore update), then "
  "waits until its own sem is at least 1 and takes 1 away, so the same "
  "semaphore serves every barrier. Only this engine blocks. trn2 and later; "
  "a run without the other core is a fault."> {
  let MinGen = 3;
}

def LI : SeqInstr<0x64, "li", (ops Reg:$rd, SImm32:$imm), "$rd, $imm",
  "rd = imm.">;
def MOV : SeqInstr<0x65, "mov", (ops Reg:$rd, Reg:$rs), "$rd, $rs",
  "rd = rs.">;

def PRINT : Instr<0x68, "print", AllEngines, (ops AnyAP:$src), "$src", CC_Free,
  "Writes src's elements, as NumPy prints an array of src's shape "
  "([partitions, free dims...]), with its source line, to the run's output "
  "(trn-emu: standard output; Python: Result.prints) when the engine reaches "
  "it: NKI's device_print. The emulator's, not the hardware's: it takes no "
  "time, uses no memory port, adds no dependency overhead and is no datapath "
  "instruction, so the program around it times the same as without it. It "
  "does count as an instruction (the report's counts, --max-instructions), "
  "its wait(...) and signal(...) act as on any sequencer instruction, and it "
  "reads src as any instruction does (a race if nothing orders it after a "
  "write), but never warns or faults on bytes nothing wrote."> {
  let IsSequencer = 1;
  let IsDebug = 1;
  let Outputs = [];
}

def REG_LOAD : Instr<0x66, "reg_load", AllEngines, (ops Reg:$rd, RegWordAP:$src),
  "$rd, $src", CC_RegMemory,
  "rd = the one int32 or uint32 element of src (SBUF or HBM): NKI's "
  "register_load, for loop bounds and addresses computed on device."> {
  let IsSequencer = 1;
}
def REG_STORE : Instr<0x67, "reg_store", AllEngines, (ops RegWordAP:$dst, Reg:$rs),
  "$dst, $rs", CC_RegMemory,
  "Writes rs to the one int32 or uint32 element of dst (SBUF or HBM): NKI's "
  "register_store."> {
  let IsSequencer = 1;
}

// Each integer operation in a register-register and a register-immediate
// form, at opcodes opc and opc + 1.
multiclass RegAlu<int opc, string name, string semantics> {
  def _RR : SeqInstr<opc, name, (ops Reg:$rd, Reg:$rs1, Reg:$rs2),
    "$rd, $rs1, $rs2", "rd = " # semantics # ", with b = rs2.">;
  def _RI : SeqInstr<!add(opc, 1), name # "i", (ops Reg:$rd, Reg:$rs1, SImm32:$imm),
    "$rd, $rs1, $imm", "rd = " # semantics # ", with b = imm.">;
}

defm ADD : RegAlu<0x70, "add", "rs1 + b">;
defm SUB : RegAlu<0x72, "sub", "rs1 - b">;
defm MUL : RegAlu<0x74, "mul", "the low 32 bits of rs1 * b">;
defm AND : RegAlu<0x76, "and", "rs1 & b">;
defm OR  : RegAlu<0x78, "or",  "rs1 | b">;
defm XOR : RegAlu<0x7A, "xor", "rs1 ^ b">;
defm SHL : RegAlu<0x7C, "shl", "rs1 << (b & 31)">;
defm SHR : RegAlu<0x7E, "shr", "rs1 >> (b & 31), logical">;
defm SRA : RegAlu<0x80, "sra", "rs1 >> (b & 31), arithmetic">;
defm MIN : RegAlu<0x82, "min", "the smaller of rs1 and b, signed">;
defm MAX : RegAlu<0x84, "max", "the larger of rs1 and b, signed">;

// Compare-and-branch within the stream.
class Branch<int opcode, string mnemonic, string cond>
    : SeqInstr<opcode, mnemonic, (ops Reg:$rs1, Reg:$rs2, Target:$target),
               "$rs1, $rs2, $target",
               "Continues at target if " # cond # ", else with the next instruction."> {
  let IsBranch = 1;
}

def BEQ  : Branch<0x90, "beq",  "rs1 == rs2">;
def BNE  : Branch<0x91, "bne",  "rs1 != rs2">;
def BLT  : Branch<0x92, "blt",  "rs1 < rs2 (signed)">;
def BGE  : Branch<0x93, "bge",  "rs1 >= rs2 (signed)">;
def BLTU : Branch<0x94, "bltu", "rs1 < rs2 (unsigned)">;
def BGEU : Branch<0x95, "bgeu", "rs1 >= rs2 (unsigned)">;
def JMP  : SeqInstr<0x96, "jmp", (ops Target:$target), "$target",
  "Continues at target."> {
  let IsBranch = 1;
}
