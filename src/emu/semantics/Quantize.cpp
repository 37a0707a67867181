//===- Quantize.cpp - Vector: quantize_mx ---------------------------------===//
//
// BF16/FP16 [P, F] to MXFP8 (OCP MX v1.0): one E8M0 scale per group of 8
// partitions x 4 consecutive elements, X = 2^(floor(log2(amax)) - emax);
// each value x / X rounded to nearest even and saturated (InstrVector.td,
// docs/numerics.md "MX").
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"
#include "trn/emu/Numerics.h"

#include <cmath>
#include <cstring>

namespace trn::emu {

void execQUANTIZE_MX(ExecContext &C, const isa::Instr &) {
  Tile In = C.load("src"); // bf16/fp16 -> fp32: exact
  const View &Dst = C.view("dst");
  const View &Scale = C.view("dst_scale");
  isa::DType Type = Dst.AP->Type;
  uint64_t Cols = In.N / 4; // packed elements per partition (verified: F = 4 * Cols)
  std::vector<uint8_t> Data(size_t(In.P) * Cols * Dst.ElemBytes);
  std::vector<uint8_t> Codes(size_t(In.P / 8) * Cols); // row g: partitions 8g..8g+7
  for (uint32_t G = 0; G < In.P / 8; ++G)
    for (uint64_t Col = 0; Col < Cols; ++Col) {
      float Amax = 0.0f;
      bool Special = false; // a NaN or an infinity: the scale is NaN
      for (uint32_t P = 8 * G; P < 8 * G + 8; ++P)
        for (unsigned J = 0; J < 4; ++J) {
          float X = In.at(P, 4 * Col + J);
          Special |= !std::isfinite(X);
          Amax = std::fmax(Amax, std::fabs(X));
        }
      uint8_t Code = mxScaleCode(Special ? NAN : Amax, Type);
      Codes[size_t(G) * Cols + Col] = Code;
      for (uint32_t P = 8 * G; P < 8 * G + 8; ++P) {
        uint8_t *Elem = &Data[(size_t(P) * Cols + Col) * Dst.ElemBytes];
        for (unsigned J = 0; J < 4; ++J)
          mxQuantizeLane(Type, Elem, J, In.at(P, 4 * Col + J), Code);
      }
    }
  C.writeElements(Dst, Data);
  // Four scale rows per quadrant, from the scale's first partition; the
  // quadrant's other rows keep their bytes.
  isa::AccessPattern Storage;
  std::vector<uint8_t> Rows(size_t(4) * Cols);
  for (uint32_t Q = 0; Q < In.P / 32; ++Q) {
    std::memcpy(Rows.data(), &Codes[size_t(4 * Q) * Cols], Rows.size());
    C.writeElements(rowsOf(Scale, Storage, 32 * Q, 4), Rows);
  }
}

} // namespace trn::emu
