//===- Instr.td - the instruction record ---------------------*- tablegen -*-===//
//
// One record per instruction, as LLVM's `def ADD : ALU_rr<...>`: everything
// the tools know about it is here or derived from here.
//
//  Opcode      the header's opcode byte; unique across the ISA (0 is never
//              valid, so zero-filled memory does not decode).
//  Mnemonic    assembly name. Two records may share one only if no engine
//              runs both (transpose on PE and on DVE).
//  Engines     the engines whose stream may hold it.
//  Operands    (ops Type:$name, ...), encoded in this order after the header.
//  AsmString   the operand syntax after the mnemonic: comma-separated items,
//              `$name` for a required operand (in order), `key=$name` for an
//              optional one (any order, may be left out).
//  Cost        its CostClass (Costs.td).
//  MinGen      first NeuronCore generation that has it (2 = trn1).
//
//===----------------------------------------------------------------------===//

def ops;

class Instr<int opcode, string mnemonic, list<Engine> engines, dag operands,
            string asm, CostClass cost, string desc> {
  int Opcode = opcode;
  string Mnemonic = mnemonic;
  list<Engine> Engines = engines;
  dag Operands = operands;
  string AsmString = asm;
  CostClass Cost = cost;
  string Description = desc;
  int MinGen = 2;
  bit IsBranch = 0;       // may change the stream's next instruction
  bit IsTerminator = 0;   // ends its stream (halt)
  bit IsDma = 0;          // hands a transfer to a DMA queue; its tensor
                          // operands are the DMA's, not the engine's
  bit IsSequencer = 0;    // runs on the sequencer, not the datapath
  bit IsCollective = 0;   // hands its part to the system's collective engine;
                          // its tensor operands are that engine's
  bit IsDebug = 0;        // the emulator's, not the chip's (print): takes no
                          // time, no port and no overhead, whatever its
                          // cost class says, so that it moves nothing else
  // The tensor operands it writes; the others it reads. Unset means "dst",
  // if it has one. The race detector's footprints come from this.
  list<string> Outputs = ?;
}

// Every engine has a sequencer, so control instructions run on all of them.
defvar AllEngines = [PE, DVE, ACT, POOL, SP];
