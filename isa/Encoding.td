//===- Encoding.td - the instruction header ------------------*- tablegen -*-===//
//
// Every instruction is a 16-byte header followed by its operands, each
// byte-aligned in the order the instruction lists them; the whole is padded
// to a multiple of 4 bytes. The header carries what any instruction may say:
// its opcode, the engine whose stream it is in, up to two semaphore waits
// checked before it starts and one semaphore signal sent when it completes
// (PERF: "every instruction carries a semaphore wait condition").
//
// trn-tblgen checks that header fields do not overlap and fit the header.
//
//===----------------------------------------------------------------------===//

class HeaderField<string name, int lsb, int width, string desc> {
  string Name = name;
  int Lsb = lsb;
  int Width = width;
  string Description = desc;
}

def InstrHeader {
  int Bits = 128;
}

def HF_opcode       : HeaderField<"opcode",       0,  8, "instruction opcode">;
def HF_engine       : HeaderField<"engine",       8,  3, "engine whose stream holds the instruction">;
def HF_wait0_cond   : HeaderField<"wait0_cond",   11, 3, "first wait's WaitCond; 0 = no wait">;
def HF_wait1_cond   : HeaderField<"wait1_cond",   14, 3, "second wait's WaitCond; 0 = no wait">;
def HF_signal_en    : HeaderField<"signal_en",    17, 1, "1 = signal a semaphore at completion">;
def HF_wait0_is_reg : HeaderField<"wait0_is_reg", 18, 1, "1 = wait0_value names a register holding the value">;
def HF_wait1_is_reg : HeaderField<"wait1_is_reg", 19, 1, "1 = wait1_value names a register holding the value">;
def HF_wait0_sem    : HeaderField<"wait0_sem",    24, 8, "first wait's semaphore">;
def HF_wait1_sem    : HeaderField<"wait1_sem",    32, 8, "second wait's semaphore">;
def HF_signal_sem   : HeaderField<"signal_sem",   40, 8, "semaphore signalled at completion">;
def HF_signal_inc   : HeaderField<"signal_inc",   48, 16, "signed amount added to signal_sem">;
def HF_wait0_value  : HeaderField<"wait0_value",  64, 32, "first wait's value (or register)">;
def HF_wait1_value  : HeaderField<"wait1_value",  96, 32, "second wait's value (or register)">;
