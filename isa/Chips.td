//===- Chips.td - chip presets -------------------------------*- tablegen -*-===//
//
// What trn-emu's --chip selects. Each number carries its source key from
// trainium-facts.md section 0; "(derived)" marks arithmetic on published
// numbers; "chosen" marks a value the public record does not give. Per-core
// figures are what one physical NeuronCore sees (LNC=1).
//
//===----------------------------------------------------------------------===//

class EngineClock<Engine engine, int mhz, string source> {
  Engine Engine = engine;
  int MHz = mhz;
  string Source = source;
}

// A published performance mode: instructions of these cost classes, on these
// engines, whose operands meet every predicate, run `Speedup` times faster.
// The first matching mode applies.
class PerfMode<string name, list<CostClass> classes, list<Engine> engines,
               list<CostPred> when, int speedup, string source> {
  string Name = name;
  list<CostClass> Classes = classes;
  list<Engine> Engines = engines;
  list<CostPred> When = when;
  int Speedup = speedup;
  string Source = source;
}

def DveCopy4x : PerfMode<"dve-copy-4x", [CC_TensorCopy, CC_TensorScalar], [DVE],
  [AllInSbuf, All16Bit, Contiguous], 4,
  "A2: tensor_copy/tensor_scalar 4x, SBUF to SBUF, bf16/fp16, contiguous">;
def DveCopy2x : PerfMode<"dve-copy-2x", [CC_TensorCopy, CC_TensorScalar], [DVE],
  [All16Bit], 2,
  "A2: 2x when non-contiguous or one side in PSUM (bf16/fp16)">;
def DveTensorTensor2x : PerfMode<"dve-tt-2x", [CC_TensorTensor], [DVE],
  [AllInSbuf, All16Bit], 2,
  "A2: tensor_tensor 2x, both inputs in SBUF, all bf16/fp16">;
def ActCopy2x : PerfMode<"act-copy-2x", [CC_TensorCopy, CC_TensorScalar], [ACT],
  [All16Bit], 2,
  "A3: ScalarE 2x for tensor_scalar and tensor_copy in bf16/fp16">;

// A TensorE throughput mode: multiply-accumulates per PE cycle for these
// input types, so peak FLOP/s = 2 x Macs x the PE clock (what MFU divides
// by). Form says which instruction form reaches it; "" = plain matmul.
class PeMode<string name, list<DType> types, int macs, string form, string source> {
  string Name = name;
  list<DType> Types = types;
  int MacsPerCycle = macs;
  string Form = form;
  string Source = source;
}

// 128 x 128 array, one MAC per cell per cycle: 2 x 16384 x 2.8 GHz = 91.75
// TFLOPS on trn1 and 78.6 on trn2/trn3, as published (A1, A2, A3).
def PeDense16 : PeMode<"dense", [BF16, FP16, TF32, FP8_E4M3, FP8_E5M2, FP8_E4M3FN], 16384, "",
  "A1/A2/A3: 2x128 elements in per cycle">;
// fp32 takes four passes (A1: about 4x; 23 TFLOPS on trn1, 20 on trn2).
def PeFp32 : PeMode<"fp32", [FP32], 4096, "", "A1, A2">;
// trn2 doubles FP8 through perf_mode=double_row (K = 256 as [128, 2, .]),
// the matmul/multiply_moving operand perf=double_row: twice the MACs in a
// K = 128 matmul's time. fp8_e4m3fn takes it too where the chip has that
// type (ISA: "plus float8_e4m3fn on NeuronCore-v4").
def PeFp8DoubleRow : PeMode<"fp8-double-row", [FP8_E4M3, FP8_E5M2, FP8_E4M3FN], 32768,
  "perf=double_row", "A2: 4x128 in, 158 TFLOPS; ISA nc_matmul perf_mode">;
// nc_matmul_mx: four values per packed element, 4x the BF16 rate; one mode
// per element width so that a later chip may rate fp4 above fp8.
def PeMx : PeMode<"mxfp8", [FP8_E4M3FN_X4, FP8_E5M2_X4], 65536, "matmul_mx",
  "A3: 8x128 in, 315 TFLOPS MXFP8/MXFP4">;
def PeMxFp4 : PeMode<"mxfp4", [FP4_E2M1_X4], 65536, "matmul_mx",
  "A3: 315 TFLOPS MXFP8/MXFP4 (the same rate as MXFP8)">;

//===-- DMA timing ---------------------------------------------------------===//
// What the DMA model (src/emu/DmaModel.cpp, docs/timing-model.md section 9)
// evaluates besides each chip's DmaEngineMBps, DmaFixedNs and HBM share.
//
// A transfer (one DMA instruction) is split by partition over the 16 DMA
// engines; each engine's part is one hardware "DMA transfer" with a
// scatter-gather list of "DMA buffers", one per contiguous run (A1: 128x512
// fp32 is 16 transfers of 8 buffers; "some performance overhead at both DMA
// buffer and transfer levels"). Each engine takes its parts through four
// stages that overlap one another: the queue's fetch (QueueNs, one part at
// a time per queue and engine), the engine's processing (TransferNs plus
// DescriptorNs per buffer, one part at a time per engine, whatever the
// queue), the data (bytes at DmaEngineMBps within the HBM share, one part
// at a time per engine, A1) and the completion (CompletionNs, the 4-byte
// semaphore write every engine makes, DMA), before the same queue's next
// part moves data on that engine. The rest of DmaFixedNs (DMABW's ~1300 ns
// per transfer, which these stages are part of) is latency from the
// trigger to the engines.
//
// The published curve (DMA: "DMA Throughput varying Bytes per Partition for
// p_dim = 128", nki-dma-intro-1.jpg) reads, relative to its 32 KiB point
// (the plot has no y scale), about 1.4/2.6/5.0/10.3/20.9/42.4/81.3/96.6/
// 98.3/99.0% at 32 B..16 KiB per partition. One queue of such transfers
// runs at (8B / r) / max(QueueNs, TransferNs + 8 DescriptorNs,
// 8B / r + CompletionNs) of r, the core's rate per engine: QueueNs and
// CompletionNs are chosen to fit it on trn1 (10.1/40.5/80.9/97.0% at
// 256 B/1/2/4 KiB; 98.5/99.2% at 8/16 KiB). Several queues hide QueueNs and
// CompletionNs but not the engines' processing: small transfers stay
// overhead-bound however many queues carry them (DMABW: "the DMA packet
// rate, not HBM bandwidth, becomes the limiting factor"), at
// (8B / r) / (TransferNs + 8 DescriptorNs). The same costs serve every chip:
// the curve was published once, for no stated generation.
class DmaPipeline<int queueNs, int transferNs, int descriptorNs, int completionNs,
                  int maxBufferBytes, int transposeHbmPct, int transposeSbufPct> {
  int QueueNs = queueNs;
  int TransferNs = transferNs;
  int DescriptorNs = descriptorNs;
  int CompletionNs = completionNs;
  int MaxBufferBytes = maxBufferBytes;
  int TransposeHbmPct = transposeHbmPct;
  int TransposeSbufPct = transposeSbufPct;
}
def DmaPipelineNC : DmaPipeline<
  // chosen: 790 ns, the one-queue curve's 10/42/81% at 256 B/1/2 KiB.
  790,
  // chosen: the record only bounds it (16 queues at 256 B per partition must
  // stay "severely overhead-bound"); 360 + 8 x 5 = 400 ns per part gives 20%.
  360,
  // chosen: 5 ns (7 cycles at 1.4 GHz) per buffer, so an element-wise
  // transfer of 4-byte elements moves 0.8 B/ns per engine, 3% of 27.2 GB/s.
  5,
  // chosen: 40 ns, the one-queue curve's 97% at 4 KiB per partition.
  40,
  // DRV: MAX_DMA_DESC_SIZE = 65536 (aws-neuron-driver udma/udma.h): a run
  // longer than this takes several buffers.
  65536,
  // A2: DMA transpose reaches up to 90% of copy throughput HBM to SBUF and
  // 50% SBUF to SBUF (dma_transpose's data moves at this share of the rate).
  90, 50>;

// What triggering a DMA costs the issuing sequencer, by how the transfer's
// descriptors are made (DGE: dge_mode none, swdge, hwdge). A chip lists
// them; a DMA instruction takes the first whose Engines has its engine and
// occupies its engine Cycles + ceil(Ns x MHz / 1000) cycles.
class DmaTrigger<string mode, list<Engine> engines, int cycles, int ns, string source> {
  string Mode = mode;
  list<Engine> Engines = engines;
  int Cycles = cycles;
  int Ns = ns;
  string Source = source;
}
// Descriptors built by the host before the run and kept in HBM (DGE: "none";
// the only way on NC-v2 besides GpSimd, A2): the trigger writes a doorbell.
def DmaTriggerStatic : DmaTrigger<"static", [SP, ACT], 64, 0,
  "chosen: DGE gives zero on-device overhead for pre-computed descriptors; "
  "MIN_II as the sequencer's time for the trigger">;
// GpSimd writes the descriptors (DGE: swdge).
def DmaTriggerSoftware : DmaTrigger<"swdge", [POOL], 0, 600,
  "chosen: unpublished; GpSimd does in software what the hardware DGE block "
  "does in about 600 ns, taken as equal">;
// The hardware descriptor generator, triggered by SP or ACT (DGE, A2: NC-v3+).
def DmaTriggerHardware : DmaTrigger<"hwdge", [SP, ACT], 0, 600,
  "DGE, A2: each hardware-DGE DMA instruction takes about 600 ns on NC-v3">;

class Chip<string name, int gen, string desc> {
  string Name = name;
  int Gen = gen;                  // NeuronCore generation: 2, 3 or 4
  string Description = desc;
  list<EngineClock> Clocks = [];
  int CoresPerChip = 0;
  int Partitions = 128;           // A1, A2, A3
  int SbufPartitionBytes = 0;
  int PsumBanks = 8;              // A1: 8 banks of 2 KiB per partition
  int PsumBankBytes = 2048;       // A1
  int Registers = 64;             // ISA register_alloc: 64 x 32-bit per sequencer
  // DRV: V2_SEMAPHORE_COUNT = V3_SEMAPHORE_COUNT = 256 per NeuronCore
  // (aws-neuron-driver v2/address_map.h, v3/address_map.h; v2 = trn1, v3 =
  // trn2). The driver's count of hardware semaphores; how many the Neuron
  // runtime keeps for itself is unpublished. trn3 (v4): chosen the same.
  int Semaphores = 256;
  int DmaEngines = 16;            // DMA: 16 per core on v2-v4
  int DmaQueuesPerEngine = 16;    // DMA
  int DmaEngineMBps = 0;          // per-engine bandwidth, MB/s
  int DmaFixedNs = 0;             // per-transfer fixed latency
  DmaPipeline DmaTiming = DmaPipelineNC; // per-transfer, per-buffer, completion costs
  list<DmaTrigger> DmaTriggers = [DmaTriggerStatic, DmaTriggerSoftware]; // first match
  int HbmGiB = 0;                 // addressable HBM
  int HbmChipGBps = 0;            // whole-chip HBM bandwidth; one core gets 1/CoresPerChip
  list<PeMode> PeModes = [];      // TensorE throughput by input type
  list<PerfMode> PerfModes = [];
  // Non-empty for a preset that is not a published chip: what it rests on.
  string Speculative = "";
}

def trn1 : Chip<"trn1", 2, "Trainium1, NeuronCore-v2"> {
  let Clocks = [
    EngineClock<PE,   2800, "A1">,
    EngineClock<DVE,  1120, "A1">,
    EngineClock<ACT,  1400, "A1">,
    EngineClock<POOL, 1400, "A1">,
    // The Sync engine's clock is unpublished: chosen equal to ScalarE's.
    EngineClock<SP,   1400, "chosen">];
  let CoresPerChip = 2;                 // H1, A1
  let SbufPartitionBytes = 196608;      // A1: 24 MiB = 128 x 192 KiB
  // DMA: 27.2 GB/s per engine (DMA), not the 17 B/ns table row (DMABW):
  // 16 x 27.2 = 435 GB/s per core, above the core's 410 GB/s HBM share, so
  // HBM bounds a streaming kernel and the bf16 ridge point is
  // 91.75 TFLOPS / 410 GB/s = 224 FLOP/byte, matching the tutorial's 222
  // (section 8). The 17 B/ns row would put it at 337.
  let DmaEngineMBps = 27200;
  let DmaFixedNs = 1300;                // DMABW: descriptor + sync + start
  let HbmGiB = 32;                      // H1
  let HbmChipGBps = 820;                // A1 (H1 writes GiB/s; GB/s chosen)
  // No hardware DGE before NC-v3 (DGE, A2): SP and ACT trigger pre-computed
  // descriptors, GpSimd builds its own.
  let DmaTriggers = [DmaTriggerStatic, DmaTriggerSoftware];
  let PeModes = [PeDense16, PeFp32];
}

def trn2 : Chip<"trn2", 3, "Trainium2, NeuronCore-v3"> {
  let Clocks = [
    EngineClock<PE,   2400, "A2">,
    EngineClock<DVE,   960, "A2">,
    EngineClock<ACT,  1200, "A2">,
    EngineClock<POOL, 1200, "A2">,
    EngineClock<SP,   1200, "chosen: equal to ScalarE">];
  let CoresPerChip = 8;                 // H2, A2
  let SbufPartitionBytes = 229376;      // A2: 28 MiB = 128 x 224 KiB
  let DmaEngineMBps = 27200;            // DMA (v2/v3 figure); 23 B/ns measured
  let DmaFixedNs = 1300;                // DMABW
  let HbmGiB = 96;                      // H2
  let HbmChipGBps = 2900;               // H2 (A2 says 3 TB/s); H2 chosen
  let DmaTriggers = [DmaTriggerHardware, DmaTriggerSoftware]; // DGE, A2
  let PeModes = [PeDense16, PeFp32, PeFp8DoubleRow];
  let PerfModes = [DveCopy4x, DveCopy2x, DveTensorTensor2x];
}

def trn3 : Chip<"trn3", 4, "Trainium3, NeuronCore-v4"> {
  let Clocks = [
    EngineClock<PE,   2400, "A3">,
    EngineClock<DVE,  1200, "A3">,
    EngineClock<ACT,  1200, "A3">,
    EngineClock<POOL, 1200, "A3">,
    EngineClock<SP,   1200, "chosen: equal to ScalarE">];
  let CoresPerChip = 8;                 // H3, A3
  let SbufPartitionBytes = 262144;      // A3: 32 MiB = 128 x 256 KiB
  let DmaEngineMBps = 38400;            // DMA: 38.4 GB/s on v4
  let DmaFixedNs = 1300;                // DMABW
  let HbmGiB = 144;                     // H3
  let HbmChipGBps = 4900;               // H3 (A3 says 4.7); H3 chosen, as it
                                        // equals 128 engines x 38.4 GB/s
  // A3 is silent on descriptor generation: NC-v3's hardware DGE assumed.
  let DmaTriggers = [DmaTriggerHardware, DmaTriggerSoftware];
  let PeModes = [PeDense16, PeFp32, PeFp8DoubleRow, PeMx, PeMxFp4]; // double_row: v3/v4 (A2)
  // The v3 Vector modes are assumed to carry over to v4 (A3 is silent).
  let PerfModes = [DveCopy4x, DveCopy2x, DveTensorTensor2x, ActCopy2x];
}

//===-- trn4: speculative ---------------------------------------------------===//
// Trainium4 was announced at re:Invent 2025 with three relative figures and
// no architecture guide. T4 = AWS at re:Invent 2025, as reported by NAND
// Research ("at least 6x processing performance at FP4, 3x FP8 performance,
// and 4x more memory bandwidth compared to Trainium3", nand-research.com/
// ?p=5010) and The Next Platform (2025-12-03, "With Trainium4, AWS will crank
// up everything but the clocks"). Everything else is chosen: trn3's value,
// so that a "what if" changes only what was announced. Per core, with the
// core count and clocks of trn3 (chosen), 3x FP8 and 6x FP4 per chip are 3x
// and 6x trn3's MX rates per core.
def PeMxFp8Trn4 : PeMode<"mxfp8", [FP8_E4M3FN_X4, FP8_E5M2_X4], 196608, "matmul_mx",
  "T4: 3x trn3's FP8 (3 x 65536 MACs per cycle; speculative)">;
def PeMxFp4Trn4 : PeMode<"mxfp4", [FP4_E2M1_X4], 393216, "matmul_mx",
  "T4: at least 6x trn3's FP4 (6 x 65536 MACs per cycle; speculative)">;

def trn4 : Chip<"trn4", 5, "Trainium4 (speculative: announced, unpublished)"> {
  let Speculative = "Trainium4 is announced, not documented: only 6x FP4, 3x FP8 and 4x HBM "
    "bandwidth over trn3 are public (T4); every other figure is trn3's, chosen";
  let Clocks = [ // chosen: trn3's ("everything but the clocks", T4)
    EngineClock<PE,   2400, "chosen: trn3's (T4: clocks unchanged)">,
    EngineClock<DVE,  1200, "chosen: trn3's">,
    EngineClock<ACT,  1200, "chosen: trn3's">,
    EngineClock<POOL, 1200, "chosen: trn3's">,
    EngineClock<SP,   1200, "chosen: trn3's">];
  let CoresPerChip = 8;                 // chosen: trn3's (unpublished)
  let SbufPartitionBytes = 262144;      // chosen: trn3's 32 MiB (unpublished)
  // chosen: 4x trn3's 38.4 GB/s, so that the core's DMA engines keep pace
  // with its 4x HBM share as on trn3 (128 engines x rate = chip HBM rate).
  let DmaEngineMBps = 153600;
  let DmaFixedNs = 1300;                // chosen: trn3's (DMABW)
  let HbmGiB = 144;                     // chosen: trn3's (capacity unannounced)
  let HbmChipGBps = 19600;              // T4: 4x trn3's 4900 GB/s
  let DmaTriggers = [DmaTriggerHardware, DmaTriggerSoftware]; // chosen: trn3's
  // BF16/FP32 rates unannounced: chosen trn3's.
  let PeModes = [PeDense16, PeFp32, PeFp8DoubleRow, PeMxFp8Trn4, PeMxFp4Trn4];
  let PerfModes = [DveCopy4x, DveCopy2x, DveTensorTensor2x, ActCopy2x]; // chosen: trn3's
}

//===-- Engine timing per chip: throttling, shared ports, DMA signals ------===//
// Kept out of the Chip class: records that name the chips they apply to.

// TensorE dI/dt throttling (EXP: Neuron Explorer, "Understanding throttling"
// and the glossary): on trn2 and trn3 "the Tensor Engine starts at roughly
// 50% utilization of maximum utilization and ramps to full over about the
// first ~3 microseconds after work begins. If utilization drops below 50%
// over any ~3 microsecond window ... the limit re-engages". The model: PE
// runs at StartPercent of its rate when work begins and the rate rises
// linearly to 100% over RampNs; once a ramp has run WindowNs, an
// instruction that starts after a WindowNs window in which PE was busy less
// than ThresholdPercent of the time starts a new ramp. Busy time, not
// FLOPs, measures utilisation (chosen: EXP does not say).
class DidtThrottle<list<Chip> chips, int startPercent, int rampNs, int thresholdPercent,
                   int windowNs, string source> {
  list<Chip> Chips = chips;
  int StartPercent = startPercent;
  int RampNs = rampNs;
  int ThresholdPercent = thresholdPercent;
  int WindowNs = windowNs;
  string Source = source;
}
def PeDidtThrottle : DidtThrottle<[trn2, trn3, trn4], 50, 3000, 50, 3000,
  "EXP: starts at ~50%, ramps to full over ~3 us, re-engages below 50% in any ~3 us window">;

// Two engines that cannot use a memory port at the same time: an
// instruction of one that uses the port waits until the other's
// instruction using it ends (the compiler serialises them on trn1, the
// hardware arbitrates on trn2; the model serialises both). An instruction
// uses the port when a tensor operand lies in Space; with PerfModeOnlyA,
// an instruction of engine A uses it only when a performance mode applied.
class PortShare<string name, list<Chip> chips, Engine a, Engine b, MemSpace space,
                bit perfModeOnlyA, string source> {
  string Name = name;
  list<Chip> Chips = chips;
  Engine A = a;
  Engine B = b;
  MemSpace Space = space;
  bit PerfModeOnlyA = perfModeOnlyA;
  string Source = source;
}
def SbufDveGpSimd : PortShare<"sbuf-dve-gpsimd", [trn1], DVE, POOL, SBUF, 0,
  "A1: on NeuronCore-v2 Vector and GpSimd cannot access SBUF in parallel">;
def PsumDveAct : PortShare<"psum-dve-act", [trn1], DVE, ACT, PSUM, 0,
  "A1: on NeuronCore-v2 Vector and Scalar cannot access PSUM in parallel">;
// A2 (v3): the Vector perf modes use a bus shared with GpSimd, arbitrated in
// hardware; the arbitration is unpublished. Carried to v4 with the Vector
// perf modes (chosen: A3 is silent).
def SbufDvePerfGpSimd : PortShare<"sbuf-dve-perf-mode-gpsimd", [trn2, trn3, trn4], DVE, POOL, SBUF, 1,
  "A2: Vector's performance mode shares a memory bus with GpSimd, arbitrated by the hardware">;

// From a DMA transfer's completion to the start of an engine instruction
// that waited on its semaphore: ~300 ns in both published trn2 profiles of
// the DMA overview (example 1: 24,699 ns to ~25,014 ns; example 2: ~294 ns,
// read off the timelines). The same on trn1 and trn3 (chosen).
class DmaSignalDelay<list<Chip> chips, int ns, string source> {
  list<Chip> Chips = chips;
  int Ns = ns;
  string Source = source;
}
def DmaToEngineSignal : DmaSignalDelay<[trn1, trn2, trn3, trn4], 300,
  "DMA (overview, trn2 profiles of examples 1 and 2): ~300 ns from a transfer's end to the waiting ScalarE instruction's start">;
