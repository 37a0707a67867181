//===- Dma.cpp - DMA transfers --------------------------------------------===//
//
// These run when the transfer completes (Machine::finishDma), with the
// registers its trigger saw.
//
//===----------------------------------------------------------------------===//

#include "../DmaBuffers.h"
#include "Semantics.h"
#include "trn/emu/Numerics.h"

#include <utility>

namespace trn::emu {

void execDMA_COPY(ExecContext &C, const isa::Instr &) {
  // As many elements on each side (verified).
  const View &Src = C.view("src"), &Dst = C.view("dst");
  uint64_t NS = uint64_t(Src.P) * Src.N, ND = uint64_t(Dst.P) * Dst.N;
  // A recycled buffer: the read overwrites every byte (DmaBuffers.h).
  std::vector<uint8_t> Bytes = dmabuffers::take(NS * Src.ElemBytes);
  C.readElements(Src, Bytes);
  if (Src.AP->Type != Dst.AP->Type) {
    // A cast goes through fp32 (DMA).
    std::vector<uint8_t> Out(ND * Dst.ElemBytes);
    std::vector<float> Lanes(NS);
    loadRowAsFloat(Src.AP->Type, Bytes.data(), Lanes.data(), NS);
    storeRowFromFloat(Dst.AP->Type, Out.data(), Lanes.data(), NS);
    Bytes = std::move(Out);
  }
  C.writeElements(Dst, std::move(Bytes));
}

// The same copy; Machine::finishDma sends its writes to the other core.
void execDMA_COPY_CORE(ExecContext &C, const isa::Instr &I) { execDMA_COPY(C, I); }

// Collectives: the system pairs them and writes dst (src/system/Collectives.cpp).
void execALL_REDUCE(ExecContext &C, const isa::Instr &I) { C.M.joinCollective(C, I); }
void execREDUCE_SCATTER(ExecContext &C, const isa::Instr &I) { C.M.joinCollective(C, I); }
void execALL_GATHER(ExecContext &C, const isa::Instr &I) { C.M.joinCollective(C, I); }
void execALL_TO_ALL(ExecContext &C, const isa::Instr &I) { C.M.joinCollective(C, I); }
void execSENDRECV(ExecContext &C, const isa::Instr &I) { C.M.joinCollective(C, I); }

void execDMA_TRANSPOSE(ExecContext &C, const isa::Instr &) {
  // One 2- or 4-byte dtype; dst is [B, A] for src [A, B] (verified).
  const View &Src = C.view("src"), &Dst = C.view("dst");
  std::vector<uint8_t> In, Out(size_t(Src.P) * Src.N * Src.ElemBytes);
  C.readElements(Src, In);
  for (uint32_t I = 0; I < Src.P; ++I)
    for (uint64_t J = 0; J < Src.N; ++J)
      std::memcpy(Out.data() + (J * Src.P + I) * Src.ElemBytes,
                  In.data() + (I * Src.N + J) * Src.ElemBytes, Src.ElemBytes);
  C.writeElements(Dst, std::move(Out));
}

} // namespace trn::emu
