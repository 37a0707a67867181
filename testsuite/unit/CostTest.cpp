//===- CostTest.cpp - cost classes and performance modes ------------------===//
//
// The timing model's cycle counts come from the formulas of isa/Costs.td and
// the perf modes of isa/Chips.td. Every expected number here is worked out
// by hand from those files (the working is in the comments), so a wrong
// formula, predicate mask, RPN, or perf-mode binding shows up as a number.
//
//===----------------------------------------------------------------------===//

#include "trn/isa/Cost.h"

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <string_view>

using namespace trn::isa;

namespace {

// The cost of class C, without any chip's perf modes.
int64_t cycles(CostClassId C, const CostInputs &In) {
  return evaluate(selectCase(C, In.Preds), In);
}

CostInputs withN(int64_t N) { return CostInputs().set(CostVar::N, N); }

// The index of the case selectCase picks, to check which rule applied.
long caseIndex(CostClassId C, uint32_t Preds) {
  return &selectCase(C, Preds) - costClass(C).Cases.data();
}

} // namespace

//===-- TensorE -----------------------------------------------------------===//

TEST_CASE("matmul: fast load + max(64, NMov), the load hidden after a multiply, 4x for fp32") {
  CostInputs In;
  In.set(CostVar::NStat, 128).set(CostVar::NMov, 512);
  CHECK(cycles(CostClassId::Matmul, In) == 544); // ceil(max(64, 128) / 4) + max(64, 512)
  In.set(CostVar::NMov, 32);
  CHECK(cycles(CostClassId::Matmul, In) == 96); // 32 + max(64, 32)
  In.set(CostVar::NStat, 16);
  CHECK(cycles(CostClassId::Matmul, In) == 80); // ceil(max(64, 16) / 4) + 64
  In.set(CostVar::NStat, 1).set(CostVar::NMov, 1);
  CHECK(cycles(CostClassId::Matmul, In) == 80); // the 64-cycle floor: 16 + 64
  In.hold(CostPred::AfterMultiply);
  CHECK(cycles(CostClassId::Matmul, In) == 64); // max(64, 1), the load hidden
  In.set(CostVar::NStat, 128).set(CostVar::NMov, 512);
  CHECK(cycles(CostClassId::Matmul, In) == 512);
  CHECK(caseIndex(CostClassId::Matmul, In.Preds) == 1);
  In.hold(CostPred::Fp32Matmul);
  CHECK(cycles(CostClassId::Matmul, In) == 2048); // 4 * 512
  CHECK(caseIndex(CostClassId::Matmul, In.Preds) == 0);
  CostInputs Fp32;
  Fp32.set(CostVar::NStat, 128).set(CostVar::NMov, 512).hold(CostPred::Fp32Matmul);
  CHECK(cycles(CostClassId::Matmul, Fp32) == 2176); // 4 * (32 + 512)
  CHECK(caseIndex(CostClassId::Matmul, Fp32.Preds) == 2);
  // Other predicates do not make a matmul slower.
  CostInputs Bf16;
  Bf16.set(CostVar::NStat, 128).set(CostVar::NMov, 512).hold(CostPred::AllBf16);
  CHECK(cycles(CostClassId::Matmul, Bf16) == 544);
}

TEST_CASE("the split matmul and the PE transpose") {
  CostInputs In;
  In.set(CostVar::NStat, 128).set(CostVar::NMov, 10);
  CHECK(cycles(CostClassId::LoadStationary, In) == 32); // ceil(max(64, 128) / 4)
  CHECK(cycles(CostClassId::MultiplyMoving, In) == 64); // max(64, 10)
  In.set(CostVar::NStat, 32).set(CostVar::NMov, 300);
  CHECK(cycles(CostClassId::LoadStationary, In) == 16);  // ceil(max(64, 32) / 4)
  CHECK(cycles(CostClassId::MultiplyMoving, In) == 300); // max(64, 300)
  In.hold(CostPred::Fp32Matmul);
  CHECK(cycles(CostClassId::LoadStationary, In) == 64);   // 4 * 16
  CHECK(cycles(CostClassId::MultiplyMoving, In) == 1200); // 4 * 300
  In.hold(CostPred::AfterMultiply);
  CHECK(cycles(CostClassId::LoadStationary, In) == 1); // SEQ_OP: in the background
  CostInputs T;
  T.set(CostVar::P, 128).set(CostVar::F, 200);
  CHECK(cycles(CostClassId::PeTranspose, T) == 128); // max(128, min(64, 200))
  T.set(CostVar::P, 16).set(CostVar::F, 40);
  CHECK(cycles(CostClassId::PeTranspose, T) == 64); // max(64, 16, min(64, 40)): the floor
}

//===-- Vector / Scalar / GpSimd ------------------------------------------===//

TEST_CASE("tensor_tensor: PSUM input, the bf16 fast case, and the general rule") {
  CHECK(cycles(CostClassId::TensorTensor, withN(1000).hold(CostPred::AnyInPsum)) == 1000);
  CHECK(cycles(CostClassId::TensorTensor, withN(10).hold(CostPred::AnyInPsum)) == 64); // MIN_II
  CHECK(cycles(CostClassId::TensorTensor, withN(1000)) == 2000);                       // 2N
  CHECK(cycles(CostClassId::TensorTensor, withN(20)) == 64); // max(64, 40)

  const CostPred Fast[] = {CostPred::AllInSbuf, CostPred::AllBf16, CostPred::OpAddMulSub,
                           CostPred::Contiguous};
  CostInputs All = withN(1000);
  for (CostPred P : Fast)
    All.hold(P);
  CHECK(cycles(CostClassId::TensorTensor, All) == 1000);
  CHECK(caseIndex(CostClassId::TensorTensor, All.Preds) == 2);
  // Any three of the four are not enough.
  for (CostPred Missing : Fast) {
    INFO("missing predicate ", static_cast<unsigned>(Missing));
    CostInputs Three = withN(1000);
    for (CostPred P : Fast)
      if (P != Missing)
        Three.hold(P);
    CHECK(cycles(CostClassId::TensorTensor, Three) == 2000);
  }
  // The first matching case wins: PSUM with everything else also held.
  CHECK(caseIndex(CostClassId::TensorTensor, All.Preds | 1u << unsigned(CostPred::AnyInPsum)) == 1);
  // GpSimd: 2N whatever else holds (its first case).
  CostInputs Pool = All;
  Pool.hold(CostPred::OnPool).hold(CostPred::AnyInPsum);
  CHECK(cycles(CostClassId::TensorTensor, Pool) == 2000);
  CHECK(caseIndex(CostClassId::TensorTensor, Pool.Preds) == 0);
}

TEST_CASE("memset, bn_aggr, partition_reduce and tensor_reduce") {
  // ceil(1001 / 2) = 501 > MIN_II.
  CHECK(cycles(CostClassId::Memset, withN(1001).hold(CostPred::FillZero16)) == 501);
  CHECK(cycles(CostClassId::Memset, withN(100).hold(CostPred::FillZero16)) == 64); // max(64, 50)
  CHECK(cycles(CostClassId::Memset, withN(1001)) == 1001);
  // 13 * ceil(9 / 3) = 39 < 64; 13 * ceil(300 / 3) = 1300; 13 * ceil(301 / 3) = 1313.
  CHECK(cycles(CostClassId::BnAggr, withN(9)) == 64);
  CHECK(cycles(CostClassId::BnAggr, withN(300)) == 1300);
  CHECK(cycles(CostClassId::BnAggr, withN(301)) == 1313);
  // GPSIMD_START + 19 N: 150 + 190.
  CHECK(cycles(CostClassId::PartitionReduce, withN(10)) == 340);
  CHECK(cycles(CostClassId::PartitionReduce, withN(1)) == 169);
  // bf16 add/max halves, rounding up: ceil(7 / 2) = 4; otherwise N.
  CostInputs Reduce = withN(7);
  Reduce.hold(CostPred::AllBf16).hold(CostPred::OpAddMax);
  CHECK(cycles(CostClassId::TensorReduce, Reduce) == 4);
  CHECK(cycles(CostClassId::TensorReduce, withN(7).hold(CostPred::AllBf16)) == 7);
  CHECK(cycles(CostClassId::TensorReduce, withN(7).hold(CostPred::OpAddMax)) == 7);
}

TEST_CASE("the other compute classes") {
  // Activation: max(MIN_II, N), plus MIN_II to read the accumulator out.
  CHECK(cycles(CostClassId::Activation, withN(500)) == 500);
  CHECK(cycles(CostClassId::Activation, withN(500).hold(CostPred::HasAccumOut)) == 564);
  CHECK(cycles(CostClassId::Activation, withN(5).hold(CostPred::HasAccumOut)) == 128);
  // tensor_scalar: one op costs the same as two.
  CHECK(cycles(CostClassId::TensorScalar, withN(300)) == 300);
  CHECK(cycles(CostClassId::TensorScalar, withN(3)) == 64);
  // scalar_tensor_tensor: N only with bf16, (subtract, multiply) and even N.
  CostInputs Stt = withN(100);
  Stt.hold(CostPred::AllBf16).hold(CostPred::OpsSubMul).hold(CostPred::EvenN);
  CHECK(cycles(CostClassId::ScalarTensorTensor, Stt) == 100);
  CHECK(cycles(CostClassId::ScalarTensorTensor,
               withN(100).hold(CostPred::AllBf16).hold(CostPred::OpsSubMul)) == 200);
  CHECK(cycles(CostClassId::ScalarTensorTensor, withN(10)) == 20); // no MIN_II floor
  // tensor_copy: MIN_II_DYNAMIC with a register offset.
  CHECK(cycles(CostClassId::TensorCopy, withN(10)) == 64);
  CHECK(cycles(CostClassId::TensorCopy, withN(10).hold(CostPred::HasRegOffset)) == 600);
  CHECK(cycles(CostClassId::TensorCopy, withN(1000).hold(CostPred::HasRegOffset)) == 1000);
  CHECK(cycles(CostClassId::CopyPredicated, withN(100)) == 200);
  CHECK(cycles(CostClassId::CopyPredicated, withN(100).hold(CostPred::AnyInPsum)) == 100);
  CHECK(cycles(CostClassId::TensorTensorScan, withN(100)) == 200);
  CHECK(cycles(CostClassId::Reciprocal, withN(100)) == 800);
  CHECK(cycles(CostClassId::Reciprocal, withN(4)) == 64);
  CHECK(cycles(CostClassId::Max8, withN(3)) == 3);
  CHECK(cycles(CostClassId::Select, withN(100)) == 200);
  CHECK(cycles(CostClassId::GpSimdSimple, withN(100)) == 250);
  CHECK(cycles(CostClassId::PartitionBroadcast, withN(1)) == 151);
  CHECK(cycles(CostClassId::VectorTranspose, withN(1024)) == 1024);
  CHECK(cycles(CostClassId::BnStats, withN(1)) == 64);
  CHECK(cycles(CostClassId::RangeSelect, withN(65)) == 65);
  // DMA is measured in bytes; sequencer work is fixed.
  CHECK(cycles(CostClassId::Dma, CostInputs().set(CostVar::Bytes, 4096)) == 4096);
  CHECK(cycles(CostClassId::Sequencer, withN(1000)) == 1);
  CHECK(cycles(CostClassId::RegMemory, withN(1000)) == 60);
}

//===-- Performance modes -------------------------------------------------===//

TEST_CASE("perf modes: tensor_copy on the chips") {
  const uint32_t AllPreds = (1u << NumCostPreds) - 1;
  CostInputs Everything = withN(1024);
  Everything.Preds = AllPreds;
  // trn1 has no perf modes: max(600, 1024) with HasRegOffset held, plus
  // DVE_DEPENDENT (100) because ReadsPrevious is held too.
  Cost T1 = cost(chip(Chip::trn1), CostClassId::TensorCopy, Engine::DVE, Everything);
  CHECK(T1.Value == 1024 + 100);
  CHECK(T1.Mode == nullptr);

  CostInputs Fast = withN(1024);
  Fast.hold(CostPred::AllInSbuf).hold(CostPred::All16Bit).hold(CostPred::Contiguous);
  Cost Four = cost(chip(Chip::trn2), CostClassId::TensorCopy, Engine::DVE, Fast);
  CHECK(Four.Value == 256);
  REQUIRE(Four.Mode != nullptr);
  CHECK(std::string_view(Four.Mode->Name) == "dve-copy-4x");
  // The mode divides rounding up: ceil(1025 / 4) = 257.
  Fast.set(CostVar::N, 1025);
  CHECK(cost(chip(Chip::trn2), CostClassId::TensorCopy, Engine::DVE, Fast).Value == 257);
  // ... but not the floors: max(MIN_II, ceil(100 / 4)) = 64, and at a
  // register offset max(MIN_II_DYNAMIC, ceil(1000 / 4)) = 600.
  Fast.set(CostVar::N, 100);
  CHECK(cost(chip(Chip::trn2), CostClassId::TensorCopy, Engine::DVE, Fast).Value == 64);
  Fast.set(CostVar::N, 260);
  CHECK(cost(chip(Chip::trn2), CostClassId::TensorCopy, Engine::DVE, Fast).Value == 65);
  CostInputs Dyn = Fast;
  Dyn.set(CostVar::N, 1000).hold(CostPred::HasRegOffset);
  CHECK(cost(chip(Chip::trn2), CostClassId::TensorCopy, Engine::DVE, Dyn).Value == 600);
  Dyn.set(CostVar::N, 4000);
  CHECK(cost(chip(Chip::trn2), CostClassId::TensorCopy, Engine::DVE, Dyn).Value == 1000);

  Cost Two = cost(chip(Chip::trn2), CostClassId::TensorCopy, Engine::DVE,
                  withN(1024).hold(CostPred::All16Bit));
  CHECK(Two.Value == 512);
  REQUIRE(Two.Mode != nullptr);
  CHECK(std::string_view(Two.Mode->Name) == "dve-copy-2x");

  // trn2's modes are Vector-only.
  Cost Act2 = cost(chip(Chip::trn2), CostClassId::TensorCopy, Engine::ACT,
                   withN(1024).hold(CostPred::All16Bit));
  CHECK(Act2.Value == 1024);
  CHECK(Act2.Mode == nullptr);
  // trn3 adds ScalarE's 2x.
  Cost Act3 = cost(chip(Chip::trn3), CostClassId::TensorCopy, Engine::ACT,
                   withN(1024).hold(CostPred::All16Bit));
  CHECK(Act3.Value == 512);
  REQUIRE(Act3.Mode != nullptr);
  CHECK(std::string_view(Act3.Mode->Name) == "act-copy-2x");
  // GpSimd has no mode anywhere (+ POOL_DEPENDENT: ReadsPrevious is held).
  Cost Pool = cost(chip(Chip::trn3), CostClassId::TensorCopy, Engine::POOL, Everything);
  CHECK(Pool.Value == 1024 + 100);
  CHECK(Pool.Mode == nullptr);
  // Without 16-bit operands nothing applies.
  CostInputs Wide = withN(1024);
  Wide.hold(CostPred::AllInSbuf).hold(CostPred::Contiguous);
  CHECK(cost(chip(Chip::trn3), CostClassId::TensorCopy, Engine::DVE, Wide).Mode == nullptr);
}

TEST_CASE("perf modes: tensor_scalar, tensor_tensor and classes without modes") {
  CostInputs Fast = withN(1024);
  Fast.hold(CostPred::AllInSbuf).hold(CostPred::All16Bit).hold(CostPred::Contiguous);
  Cost Ts = cost(chip(Chip::trn2), CostClassId::TensorScalar, Engine::DVE, Fast);
  CHECK(Ts.Value == 256);
  REQUIRE(Ts.Mode != nullptr);
  CHECK(std::string_view(Ts.Mode->Name) == "dve-copy-4x");
  // tensor_tensor on trn2's Vector: the general 2N = 2000, halved by dve-tt-2x.
  CostInputs Tt = withN(1000);
  Tt.hold(CostPred::AllInSbuf).hold(CostPred::All16Bit);
  Cost TtDve = cost(chip(Chip::trn2), CostClassId::TensorTensor, Engine::DVE, Tt);
  CHECK(TtDve.Value == 1000);
  REQUIRE(TtDve.Mode != nullptr);
  CHECK(std::string_view(TtDve.Mode->Name) == "dve-tt-2x");
  Cost TtPool = cost(chip(Chip::trn2), CostClassId::TensorTensor, Engine::POOL,
                     CostInputs(Tt).hold(CostPred::OnPool));
  CHECK(TtPool.Value == 2000);
  CHECK(TtPool.Mode == nullptr);
  // Classes no mode names are untouched even with every predicate held.
  CostInputs Everything = withN(1000);
  Everything.Preds = (1u << NumCostPreds) - 1;
  Cost Reduce = cost(chip(Chip::trn3), CostClassId::TensorReduce, Engine::DVE, Everything);
  CHECK(Reduce.Value == 500 + 100); // ceil(1000 / 2), plus DVE_DEPENDENT for ReadsPrevious
  CHECK(Reduce.Mode == nullptr);
}

TEST_CASE("perf mode tables copied from Chips.td") {
  CHECK(chip(Chip::trn1).PerfModes.empty());
  REQUIRE(chip(Chip::trn2).PerfModes.size() == 3);
  REQUIRE(chip(Chip::trn3).PerfModes.size() == 4);
  const char *Order[] = {"dve-copy-4x", "dve-copy-2x", "dve-tt-2x", "act-copy-2x"};
  for (unsigned I = 0; I < 4; ++I) {
    CHECK(std::string_view(chip(Chip::trn3).PerfModes[I]->Name) == Order[I]);
    if (I < 3)
      CHECK(chip(Chip::trn2).PerfModes[I] == chip(Chip::trn3).PerfModes[I]);
  }
  auto ClassBit = [](CostClassId C) { return uint64_t(1) << static_cast<unsigned>(C); };
  auto PredBit = [](CostPred P) { return uint32_t(1) << static_cast<unsigned>(P); };
  const PerfModeDesc &Copy4 = *chip(Chip::trn3).PerfModes[0];
  CHECK(Copy4.ClassMask ==
        (ClassBit(CostClassId::TensorCopy) | ClassBit(CostClassId::TensorScalar)));
  CHECK(Copy4.EngineMask == bit(Engine::DVE));
  CHECK(Copy4.PredMask == (PredBit(CostPred::AllInSbuf) | PredBit(CostPred::All16Bit) |
                           PredBit(CostPred::Contiguous)));
  CHECK(Copy4.Speedup == 4);
  const PerfModeDesc &Tt2 = *chip(Chip::trn3).PerfModes[2];
  CHECK(Tt2.ClassMask == ClassBit(CostClassId::TensorTensor));
  CHECK(Tt2.PredMask == (PredBit(CostPred::AllInSbuf) | PredBit(CostPred::All16Bit)));
  const PerfModeDesc &Act2 = *chip(Chip::trn3).PerfModes[3];
  CHECK(Act2.EngineMask == bit(Engine::ACT));
  CHECK(Act2.PredMask == PredBit(CostPred::All16Bit));
  CHECK(Act2.Speedup == 2);
}

TEST_CASE("perf modes are well-formed and none hides behind an earlier one") {
  for (const ChipDesc &C : chips()) {
    INFO(std::string(C.Name));
    for (unsigned I = 0; I < C.PerfModes.size(); ++I) {
      const PerfModeDesc &M = *C.PerfModes[I];
      INFO("mode ", std::string(M.Name));
      CHECK(M.Speedup >= 2);
      CHECK(M.ClassMask != 0);
      CHECK((M.ClassMask >> NumCostClasses) == 0);
      CHECK(M.EngineMask != 0);
      CHECK((M.EngineMask >> NumEngines) == 0);
      CHECK((M.PredMask >> NumCostPreds) == 0);
      // An earlier mode covering every class, engine and input of this one
      // would always match first and leave this one dead.
      for (unsigned J = 0; J < I; ++J) {
        const PerfModeDesc &E = *C.PerfModes[J];
        bool Covers = (M.ClassMask & ~E.ClassMask) == 0 && (M.EngineMask & ~E.EngineMask) == 0 &&
                      (E.PredMask & ~M.PredMask) == 0;
        CHECK_FALSE(Covers);
      }
    }
  }
}

//===-- The tables themselves ---------------------------------------------===//

TEST_CASE("every cost class: general last case and well-formed formulas") {
  REQUIRE(costClasses().size() == NumCostClasses);
  for (unsigned I = 0; I < costClasses().size(); ++I) {
    const CostClassDesc &C = costClasses()[I];
    INFO("class ", std::string(C.Name));
    CHECK(static_cast<unsigned>(C.Id) == I);
    CHECK(&costClass(C.Id) == &C);
    REQUIRE(!C.Cases.empty());
    CHECK(C.Unit == (C.Id == CostClassId::Dma ? CostUnit::DmaBytes : CostUnit::Cycles));
    for (unsigned K = 0; K < C.Cases.size(); ++K) {
      const CostCaseDesc &Case = C.Cases[K];
      INFO("case ", K, ": ", std::string(Case.Text));
      CHECK(std::string_view(Case.Text) != "");
      // Costs.td: the last case is the general rule, and an earlier case
      // without predicates would hide every case after it.
      if (K + 1 == C.Cases.size())
        CHECK(Case.PredMask == 0);
      else
        CHECK(Case.PredMask != 0);
      CHECK((Case.PredMask >> NumCostPreds) == 0);
      // Replay the RPN's stack depth: evaluate() has a fixed 32-slot stack
      // and no checks in a release build.
      int Depth = 0;
      bool Ok = !Case.Rpn.empty();
      for (const CostNode &N : Case.Rpn) {
        switch (N.Kind) {
        case CostNode::Int:
          ++Depth;
          break;
        case CostNode::Var:
          Ok &= N.Value >= 0 && N.Value < int64_t(NumCostVars);
          ++Depth;
          break;
        case CostNode::Const:
          Ok &= N.Value >= 0 && N.Value < int64_t(costConsts().size());
          ++Depth;
          break;
        case CostNode::Op:
          Ok &= N.Value >= 0 && N.Value <= static_cast<int64_t>(CostOp::Id);
          Ok &= N.Arity >= 1 && Depth >= N.Arity;
          Depth -= N.Arity - 1;
          break;
        }
        Ok &= Depth >= 1 && Depth <= 32;
      }
      CHECK(Ok);
      CHECK(Depth == 1);
      if (Ok && Depth == 1) {
        CostInputs In;
        In.Vars.fill(100);
        // Only the emulator's own instructions (print, IsDebug) cost nothing.
        if (C.Id == CostClassId::Free)
          CHECK(evaluate(Case, In) == 0);
        else
          CHECK(evaluate(Case, In) > 0);
      }
    }
    // With no predicates held, selectCase falls through to the general case.
    CHECK(&selectCase(C.Id, 0) == &C.Cases.back());
  }
}

TEST_CASE("every cost class is some instruction's") {
  std::set<CostClassId> Used;
  for (const InstrDesc &I : instrs())
    Used.insert(I.Cost);
  for (const CostClassDesc &C : costClasses()) {
    INFO(std::string(C.Name));
    CHECK(Used.count(C.Id) == 1);
  }
  // A few bindings copied from the instruction .td files.
  CHECK(instr(Opcode::MATMUL).Cost == CostClassId::Matmul);
  CHECK(instr(Opcode::MATMUL_MX).Cost == CostClassId::MatmulMx);
  CHECK(instr(Opcode::QUANTIZE_MX).Cost == CostClassId::QuantizeMx);
  CHECK(instr(Opcode::FIND_INDEX8).Cost == CostClassId::Max8);
  CHECK(instr(Opcode::AFFINE_SELECT).Cost == CostClassId::GpSimdSimple);
  CHECK(instr(Opcode::TRANSPOSE_DVE).Cost == CostClassId::VectorTranspose);
  CHECK(instr(Opcode::TRANSPOSE_PE).Cost == CostClassId::PeTranspose);
  CHECK(instr(Opcode::REG_LOAD).Cost == CostClassId::RegMemory);
  CHECK(instr(Opcode::BEQ).Cost == CostClassId::Sequencer);
}

TEST_CASE("cost constants, variables and predicates copied from Costs.td") {
  REQUIRE(costConsts().size() == 15);
  auto Const = [](CostConst C) { return costConsts()[static_cast<unsigned>(C)]; };
  CHECK(Const(CostConst::MIN_II).Value == 64);
  CHECK(std::string_view(Const(CostConst::MIN_II).Name) == "MIN_II");
  CHECK(Const(CostConst::MIN_II_DYNAMIC).Value == 600);
  CHECK(Const(CostConst::GPSIMD_START).Value == 150);
  CHECK(Const(CostConst::ACCESS_FIXED).Value == 60);
  CHECK(Const(CostConst::SEQ_OP).Value == 1);
  CHECK(Const(CostConst::FREE).Value == 0);
  CHECK(Const(CostConst::DVE_DEPENDENT).Value == 100);
  CHECK(Const(CostConst::ACT_DEPENDENT).Value == 200);
  CHECK(Const(CostConst::POOL_DEPENDENT).Value == 100);
  CHECK(Const(CostConst::PE_RESULT).Value == 128);
  CHECK(Const(CostConst::SEM_HOP).Value == 42);
  CHECK(Const(CostConst::ACT_TABLE_LOAD).Value == 1536);
  CHECK(Const(CostConst::MM_INIT_LATENCY).Value == 64);
  CHECK(Const(CostConst::MX_REF_MACS).Value == 65536);
  for (unsigned I = 0; I < costConsts().size(); ++I)
    CHECK(static_cast<unsigned>(costConsts()[I].Id) == I);

  REQUIRE(costVars().size() == NumCostVars);
  CHECK(std::string_view(costVars()[static_cast<unsigned>(CostVar::N)].Name) == "N");
  CHECK(std::string_view(costVars()[static_cast<unsigned>(CostVar::NMov)].Name) == "NMov");
  CHECK(std::string_view(costVars()[static_cast<unsigned>(CostVar::Bytes)].Name) == "Bytes");
  CHECK(std::string_view(costVars()[static_cast<unsigned>(CostVar::MxMacs)].Name) == "MxMacs");
  REQUIRE(costPreds().size() == NumCostPreds);
  CHECK(std::string_view(costPreds()[static_cast<unsigned>(CostPred::OnPool)].Name) == "OnPool");
  CHECK(std::string_view(costPreds()[static_cast<unsigned>(CostPred::Fp32Matmul)].Name) ==
        "Fp32Matmul");
  CHECK(std::string_view(costPreds()[static_cast<unsigned>(CostPred::HasRegOffset)].Name) ==
        "HasRegOffset");
}

TEST_CASE("case texts read as the .td formulas") {
  auto Text = [](CostClassId C, unsigned K) {
    return std::string_view(costClass(C).Cases[K].Text);
  };
  CHECK(Text(CostClassId::TensorTensor, 3) == "max(MIN_II, 2 * N)");
  CHECK(Text(CostClassId::TensorTensor, 1) == "max(MIN_II, N)");
  CHECK(Text(CostClassId::Matmul, 0) == "4 * max(MM_INIT_LATENCY, NMov)");
  CHECK(Text(CostClassId::Matmul, 3) ==
        "ceildiv(max(MM_INIT_LATENCY, NStat), 4) + max(MM_INIT_LATENCY, NMov)");
  CHECK(Text(CostClassId::Matmul, 2) ==
        "4 * (ceildiv(max(MM_INIT_LATENCY, NStat), 4) + max(MM_INIT_LATENCY, NMov))");
  CHECK(Text(CostClassId::Activation, 0) == "max(MIN_II, N) + MIN_II");
  CHECK(Text(CostClassId::PeTranspose, 0) == "max(MM_INIT_LATENCY, P, min(64, F))");
  CHECK(Text(CostClassId::GpSimdSimple, 0) == "GPSIMD_START + N");
  CHECK(Text(CostClassId::TensorCopy, 0) == "max(MIN_II_DYNAMIC, N)");
  // (Id X) is written as X alone.
  CHECK(Text(CostClassId::Max8, 0) == "N");
  CHECK(Text(CostClassId::Sequencer, 0) == "SEQ_OP");
}

TEST_CASE("overheads: an engine pays its result latency when it reads what it just wrote") {
  CostInputs In = withN(1000);
  In.hold(CostPred::ReadsPrevious);
  // tensor_scalar: max(MIN_II, N) = 1000, plus DVE 100, ACT 200, POOL 100
  // (Costs.td); PE has no overhead (it never reads what it writes).
  CHECK(cost(chip(Chip::trn1), CostClassId::TensorScalar, Engine::DVE, In).Value == 1100);
  CHECK(cost(chip(Chip::trn1), CostClassId::TensorScalar, Engine::ACT, In).Value == 1200);
  CHECK(cost(chip(Chip::trn1), CostClassId::TensorScalar, Engine::POOL, In).Value == 1100);
  CHECK(cost(chip(Chip::trn1), CostClassId::TensorScalar, Engine::DVE, withN(1000)).Value == 1000);
  // ScalarE's table load, on ACT only.
  CostInputs Miss = withN(512);
  Miss.hold(CostPred::ActTableMiss);
  CHECK(cost(chip(Chip::trn2), CostClassId::Activation, Engine::ACT, Miss).Value == 512 + 1536);
  CHECK(cost(chip(Chip::trn2), CostClassId::TensorCopy, Engine::DVE, Miss).Value == 512);
  REQUIRE(overheads().size() == 4);
  CHECK(overheads()[0].Cycles == CostConst::DVE_DEPENDENT);
  CHECK(overheads()[1].Cycles == CostConst::ACT_DEPENDENT);
  CHECK(overheads()[2].Cycles == CostConst::POOL_DEPENDENT);
  CHECK(overheads()[3].Cycles == CostConst::ACT_TABLE_LOAD);
}

TEST_CASE("engine timing tables copied from Costs.td, Enums.td and Chips.td") {
  // Result latencies: PE, DVE, ACT, POOL.
  REQUIRE(resultLatencies().size() == 4);
  CHECK(resultLatencies()[0].Eng == Engine::PE);
  CHECK(resultLatencies()[0].Cycles == CostConst::PE_RESULT);
  CHECK(resultLatencies()[2].Cycles == CostConst::ACT_DEPENDENT);
  // Activation function sets: the four published names; exp and log share
  // one, copy needs none.
  REQUIRE(actTableSets().size() == 4);
  auto SetOf = [](ActFunc F) {
    return enumType(EnumTypeId::ActFunc).Values[static_cast<unsigned>(F)].TableSet;
  };
  CHECK(std::string_view(actTableSets()[SetOf(ActFunc::Exp)].Name) == "natural_log_exp_and_others");
  CHECK(SetOf(ActFunc::Exp) == SetOf(ActFunc::Log));
  CHECK(SetOf(ActFunc::Gelu) != SetOf(ActFunc::Exp));
  CHECK(std::string_view(actTableSets()[SetOf(ActFunc::Rsqrt)].Name) ==
        "reciprocal_sqrt_and_small");
  CHECK(std::string_view(actTableSets()[SetOf(ActFunc::Reciprocal)].Name) ==
        "reciprocal_and_small");
  CHECK(SetOf(ActFunc::Copy) == -1);
  CHECK(SetOf(ActFunc::Relu) == -1);
  // Throttling on trn2 and trn3 only; shared ports; the DMA signal delay.
  CHECK(chipTiming(Chip::trn1).Throttle == nullptr);
  REQUIRE(chipTiming(Chip::trn2).Throttle != nullptr);
  CHECK(chipTiming(Chip::trn2).Throttle == chipTiming(Chip::trn3).Throttle);
  CHECK(chipTiming(Chip::trn2).Throttle->StartPercent == 50);
  CHECK(chipTiming(Chip::trn2).Throttle->RampNs == 3000);
  CHECK(chipTiming(Chip::trn2).Throttle->WindowNs == 3000);
  CHECK(chipTiming(Chip::trn2).Throttle->ThresholdPercent == 50);
  REQUIRE(chipTiming(Chip::trn1).PortShares.size() == 2);
  CHECK(chipTiming(Chip::trn1).PortShares[0]->Space == MemSpace::SBUF);
  CHECK(chipTiming(Chip::trn1).PortShares[0]->B == Engine::POOL);
  CHECK(chipTiming(Chip::trn1).PortShares[1]->B == Engine::ACT);
  CHECK(!chipTiming(Chip::trn1).PortShares[0]->PerfModeOnlyA);
  REQUIRE(chipTiming(Chip::trn2).PortShares.size() == 1);
  CHECK(chipTiming(Chip::trn2).PortShares[0]->PerfModeOnlyA);
  for (const ChipDesc &C : chips()) {
    CHECK(chipTiming(C.Id).Id == C.Id);
    CHECK(chipTiming(C.Id).DmaSignalNs == 300);
  }
}
