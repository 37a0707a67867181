//===- TransferRules.cpp - DMA transfers and register loads and stores ----===//

#include "Rules.h"

#include <fmt/format.h>

namespace trn::verify {

namespace {

// The OCP MX types: packed x4 data, fp4 and E8M0 scales.
bool isMx(isa::DType T) {
  return isa::dtype(T).Lanes != 1 || T == isa::DType::FP4_E2M1 || T == isa::DType::FP8_E8M0;
}

void dmaCopy(Rules &R) {
  isa::DType From = R.ap("src").Type, To = R.ap("dst").Type;
  if (From != To && (isMx(From) || isMx(To))) {
    R.fail("dst", Rule::DType,
           fmt::format("{} is {} but 'src' is {}: DMA cannot cast MX types (DMA: casts go "
                       "through fp32); copy between tensors of one type",
                       R.what("dst"), isa::dtype(To).Name, isa::dtype(From).Name));
    return;
  }
  // Elements pair up in access-pattern order: the shapes may differ.
  Shape S = R.shape("src"), D = R.shape("dst");
  uint64_t NS = uint64_t(S.P) * S.N, ND = uint64_t(D.P) * D.N;
  if (NS != ND)
    R.fail("dst", Rule::Shape,
           fmt::format("{} holds {} elements but 'src' holds {}: a copy writes as many elements "
                       "as it reads",
                       R.what("dst"), ND, NS));
}

void dmaTranspose(Rules &R) {
  if (!R.sameDType("dst", "src", "dma_transpose moves elements of one dtype"))
    return;
  isa::DType T = R.ap("src").Type;
  unsigned Bytes = isa::dtype(T).StorageBytes;
  if (Bytes != 2 && Bytes != 4) {
    R.fail("src", Rule::DType,
           fmt::format("{} is {}: dma_transpose moves 2- or 4-byte elements", R.what("src"),
                       isa::dtype(T).Name));
    return;
  }
  Shape S = R.shape("src");
  R.shapeIs("dst", {static_cast<uint32_t>(S.N), S.P},
            fmt::format("'src' is {}, transposed", str(S)));
}

void oneElement(Rules &R, const char *Name) {
  Shape S = R.shape(Name);
  if (uint64_t(S.P) * S.N != 1)
    R.fail(Name, Rule::Shape,
           fmt::format("{} is {}: a register moves one element", R.what(Name), str(S)));
}

} // namespace

void transferRules(Rules &R) {
  switch (R.I.Op) {
  case isa::Opcode::DMA_COPY:
  case isa::Opcode::DMA_COPY_CORE:
    return dmaCopy(R);
  case isa::Opcode::DMA_TRANSPOSE:
    return dmaTranspose(R);
  case isa::Opcode::REG_LOAD:
    return oneElement(R, "src");
  case isa::Opcode::REG_STORE:
    return oneElement(R, "dst");
  default:
    return;
  }
}

} // namespace trn::verify
