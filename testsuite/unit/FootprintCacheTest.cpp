//===- FootprintCacheTest.cpp - footprints found once per instruction ----===//
//
// The cache must give exactly what footprintRuns gives, for patterns with
// and without a register offset, however often it is asked, and must tell
// instructions without a tensor operand apart.
//
//===----------------------------------------------------------------------===//

#include "Footprint.h"
#include "trn/asm/Assembler.h"
#include "trn/emu/Emulator.h"

#include <doctest/doctest.h>

#include <sstream>

using namespace trn;

namespace {

std::vector<std::pair<uint64_t, uint64_t>> asPairs(const emu::ByteRun *Runs, size_t N) {
  std::vector<std::pair<uint64_t, uint64_t>> Out;
  for (size_t K = 0; K < N; ++K)
    Out.push_back({Runs[K].First, Runs[K].Last});
  return Out;
}

} // namespace

TEST_CASE("FootprintCache: the runs footprintRuns gives, cached or with a register offset") {
  const char *Text = R"(
.tensor x : fp32[128, 256] input
.tensor y : fp32[128, 256] output
.sbuf a : fp32[128, 256]
.sbuf b : fp32[128, 256]
.sem s
    sp.dma_copy a, x, q0.0 signal(s)
    dve.li r1, 0
    dve.li r2, 4
loop:
    dve.tensor_tensor b[:, 0:64] + r1, a[:, 0:64], a[:, ::4], add wait(s >= 1)
    dve.addi r1, r1, 64
    dve.blt r1, r2, loop
    dve.nop signal(s)
    sp.dma_copy y[0:64, :], b[0:64, :], q0.1 wait(s >= 2)
)";
  std::string Diag;
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText("fp.s", Text, {}, OS);
  Diag = OS.str();
  INFO(Diag);
  REQUIRE(R.Program);
  emu::Emulator E(std::move(*R.Program));
  emu::FootprintCache Cache;
  unsigned Tensors = 0, Control = 0, WithRegister = 0;
  for (unsigned Pass = 0; Pass < 3; ++Pass) // the first fills the cache
    for (const isa::EngineDesc &D : isa::engines())
      for (uint32_t Index = 0;; ++Index) {
        const isa::Instr *I = E.instruction(D.Id, Index);
        if (!I)
          break;
        bool Any = false;
        for (unsigned K = 0; K < I->desc().Operands.size(); ++K) {
          if (!emu::operandTouchesMemory(*I, K))
            continue;
          Any = true;
          const isa::AccessPattern &AP = I->Operands[K].AP;
          for (int64_t RegOff : {0, 64, 128}) {
            if (!AP.Reg && RegOff != 0)
              continue;
            std::vector<emu::ByteRun> Want;
            bool Exact = emu::footprintRuns(AP, RegOff, Want);
            emu::FootprintCache::Runs Got = Cache.runs(D.Id, Index, *I, K, AP, RegOff);
            CHECK(asPairs(Got.Data, Got.Size) == asPairs(Want.data(), Want.size()));
            CHECK(Got.Exact == Exact);
            WithRegister += Pass == 0 && AP.Reg && RegOff == 64;
          }
        }
        CHECK(Cache.touchesMemory(D.Id, Index, *I) == Any);
        if (Pass == 0)
          (Any ? Tensors : Control) += 1;
      }
  CHECK(Tensors == 3);      // the two transfers and tensor_tensor
  CHECK(Control == 5);      // li, li, addi, blt, nop
  CHECK(WithRegister == 1); // tensor_tensor's dst
}
