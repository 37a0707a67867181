//===- Engines.td - engines and memory spaces ----------------*- tablegen -*-===//

// A memory a tensor operand may live in. Id 0 is reserved in the encoding for
// "no operand" (an optional access pattern left out).
class MemSpace<int id, string name, string desc> {
  int Id = id;
  string Name = name;
  string Description = desc;
}

def HBM  : MemSpace<1, "hbm",  "Device memory. Declared tensors live here; only DMA reaches it.">;
def SBUF : MemSpace<2, "sbuf", "State buffer: 128 partitions of chip-dependent size (A1, A2, A3).">;
def PSUM : MemSpace<3, "psum", "Partial-sum buffer: 128 partitions x 8 banks x 2 KiB (A1).">;

// An engine with its own sequencer and in-order instruction stream (A1).
// Id is its number in the instruction header's engine field; Prefix is how
// assembly names it when several engines could run an instruction. The
// internal names (PE, DVE, ACT, POOL, SP) follow KLR's Engine enum; AWS docs
// do not publish them (trainium-facts.md section 7, item 9).
// Spaces: the memories its datapath reads and writes (A1); DMA transfers an
// engine triggers are not limited by it.
class Engine<int id, string prefix, string name, list<MemSpace> spaces, string desc> {
  int Id = id;
  list<MemSpace> Spaces = spaces;
  string Prefix = prefix;
  string Name = name;
  string Description = desc;
}

def PE   : Engine<0, "pe", "Tensor", [SBUF, PSUM],
  "128x128 systolic array. Reads SBUF only, writes PSUM only; the only engine "
  "that drives PSUM's read-accumulate-write (A1).">;
def DVE  : Engine<1, "dve", "Vector", [SBUF, PSUM],
  "128 lanes; elementwise, reduction, scan, statistics and 32x32 block "
  "transpose work. Reads and writes SBUF and PSUM; computes in fp32 (A1).">;
def ACT  : Engine<2, "act", "Scalar", [SBUF, PSUM],
  "128 lanes; activation functions with per-partition scale and bias and an "
  "add-reduce accumulator. Reads and writes SBUF and PSUM; computes in fp32 (A1).">;
def POOL : Engine<3, "pool", "GpSimd", [SBUF],
  "8 programmable SIMD cores, each wired to 16 SBUF partitions. SBUF only; "
  "no PSUM access (A1).">;
def SP   : Engine<4, "sp", "Sync", [],
  "A sequencer without a datapath: triggers DMA, runs register arithmetic, "
  "branches and semaphore operations (A1).">;

