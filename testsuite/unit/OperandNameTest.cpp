//===- OperandNameTest.cpp - a memory operand's symbol --------------------===//

#include "trn/trace/OperandName.h"

#include <doctest/doctest.h>

using namespace trn;
using trace::operandName;

namespace {

object::Program program() {
  object::Program P;
  object::Tensor A;
  A.Name = "a";
  A.Type = isa::DType::BF16;
  A.Shape = {256, 128};
  A.Address = 0;
  P.Tensors.push_back(A);
  object::Tensor V;
  V.Name = "v";
  V.Type = isa::DType::FP32;
  V.Shape = {1000};
  V.Address = 0x10000;
  P.Tensors.push_back(V);
  object::Allocation AS;
  AS.Name = "a_s";
  AS.Type = isa::DType::BF16;
  AS.Shape = {128, 128}; // 256 bytes per partition at 0
  P.Allocations.push_back(AS);
  object::Allocation X;
  X.Name = "x";
  X.Type = isa::DType::FP32;
  X.Shape = {128, 4, 64}; // 1024 bytes per partition at 256
  X.Offset = 256;
  P.Allocations.push_back(X);
  return P;
}

isa::AccessPattern ap(isa::MemSpace Space, isa::DType Type, uint32_t PartStart, uint32_t Parts,
                      int64_t PartStep, uint64_t Base, std::vector<isa::Dim> Dims) {
  isa::AccessPattern AP;
  AP.Space = Space;
  AP.Type = Type;
  AP.PartStart = PartStart;
  AP.NumPartitions = Parts;
  AP.PartStep = PartStep;
  AP.Base = Base;
  AP.NumDims = static_cast<uint32_t>(Dims.size());
  for (size_t K = 0; K < Dims.size(); ++K)
    AP.Dims[K] = Dims[K];
  return AP;
}

} // namespace

TEST_CASE("operandName: HBM tensors, whole and sliced") {
  object::Program P = program();
  using isa::DType, isa::MemSpace;
  CHECK(operandName(P, ap(MemSpace::HBM, DType::BF16, 0, 128, 128, 0, {{1, 128}})) == "a[0:128]");
  CHECK(operandName(P, ap(MemSpace::HBM, DType::BF16, 0, 128, 128, 128 * 256, {{1, 128}})) ==
        "a[128:256]");
  CHECK(operandName(P, ap(MemSpace::HBM, DType::BF16, 0, 1, 0, 7 * 256 + 64, {{1, 32}})) ==
        "a[7, 32:64]");
  CHECK(operandName(P, ap(MemSpace::HBM, DType::FP32, 0, 1, 0, 0x10000, {{1, 1000}})) == "v");
  CHECK(operandName(P, ap(MemSpace::HBM, DType::FP32, 0, 1, 0, 0x10000 + 40, {{1, 10}})) ==
        "v[10:20]");
  CHECK(operandName(P, ap(MemSpace::HBM, DType::FP32, 0, 1, 0, 0x10000 + 28, {{1, 1}})) == "v[7]");
  CHECK(operandName(P, ap(MemSpace::HBM, DType::FP32, 0, 1, 0, 0x100000, {{1, 8}})) ==
        "hbm 0x100000");
  CHECK(operandName(P, isa::AccessPattern{}).empty());
}

TEST_CASE("operandName: allocations, partitions first") {
  object::Program P = program();
  using isa::DType, isa::MemSpace;
  CHECK(operandName(P, ap(MemSpace::SBUF, DType::BF16, 0, 128, 0, 0, {{1, 128}})) == "a_s");
  CHECK(operandName(P, ap(MemSpace::SBUF, DType::BF16, 0, 64, 0, 0, {{1, 128}})) == "a_s[0:64]");
  CHECK(operandName(P, ap(MemSpace::SBUF, DType::BF16, 5, 1, 0, 0, {{1, 128}})) == "a_s[5]");
  CHECK(operandName(P, ap(MemSpace::SBUF, DType::FP32, 0, 64, 0, 512, {{1, 64}})) == "x[0:64, 1]");
  CHECK(operandName(P, ap(MemSpace::SBUF, DType::FP32, 0, 128, 0, 256 + 4 * 64 * 2, {{1, 32}})) ==
        "x[:, 2, 0:32]");
  // A range's inner dimensions are not narrowed; a register offset shows.
  isa::AccessPattern R = ap(MemSpace::SBUF, DType::FP32, 0, 128, 0, 256, {{64, 4}, {1, 32}});
  R.Reg = 3;
  CHECK(operandName(P, R) == "x[:, 0:4] + r3");
  CHECK(operandName(P, ap(MemSpace::SBUF, DType::FP32, 0, 128, 0, 0x8000, {{1, 8}})) ==
        "sbuf[0:128] 0x8000");
  CHECK(operandName(P, ap(MemSpace::PSUM, DType::FP32, 0, 128, 0, 0, {{1, 8}})) ==
        "psum[0:128] 0x0");
}

TEST_CASE("transferName: source -> destination of a DMA instruction") {
  object::Program P = program();
  using isa::DType, isa::MemSpace;
  isa::Instr I;
  I.Op = isa::Opcode::DMA_COPY;
  I.Operands[0].AP = ap(MemSpace::SBUF, DType::BF16, 0, 128, 0, 0, {{1, 128}});
  I.Operands[1].AP = ap(MemSpace::HBM, DType::BF16, 0, 128, 128, 128 * 256, {{1, 128}});
  CHECK(trace::transferName(P, I) == "a[128:256] -> a_s");
}
