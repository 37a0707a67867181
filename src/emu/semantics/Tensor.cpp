//===- Tensor.cpp - TensorE: matmul and transpose -------------------------===//
//
// dst[m, n] = sum over k of stationary[k, m] * moving[k, n]: each product
// rounded once to fp32, added into the fp32 accumulator in increasing k
// order with a rounding after each addition (InstrTensor.td). The
// accumulator starts from PSUM's value with acc=accumulate, else from the
// first product. perf=double_row contracts over K = 2P: element [p, j, .]
// of its [P, 2, .] inputs is row k = 2p + j, so a partition's row of 2M
// (2N) values is rows 2p and 2p + 1 of the [2P, M] ([2P, N]) operand and
// the same kernel sums k = 0, 1, ..., 2P - 1. A tile changes where the
// stationary is held, not what is computed.
//
//===----------------------------------------------------------------------===//

#include "../simd/Matmul.h"
#include "Semantics.h"
#include "trn/emu/Numerics.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace trn::emu {

namespace {

// Asks for Bytes bytes at P to be brought into the cache (SBUF's rows lie
// a partition apart, each on its own pages: without this every row waits
// for its misses one after the other).
void prefetch(const uint8_t *P, size_t Bytes) {
  for (size_t At = 0; At < Bytes; At += 64)
    __builtin_prefetch(P + At);
}

// Hands each row of the SBUF operand V, as stored, to Use(P, Bytes) without
// a copy, when its rows are contiguous and every byte has been written;
// false otherwise (then the caller loads it through loadRaw, which reports
// an unwritten byte as every load does; Use may have seen some rows).
template <typename UseRow> bool forEachWrittenRow(ExecContext &C, const View &V, UseRow Use) {
  if (V.AP->Space != isa::MemSpace::SBUF || !V.Contiguous)
    return false;
  OnChip &Mem = C.M.Sbuf;
  size_t RowBytes = V.N * V.ElemBytes;
  auto Row = [&](uint32_t P) {
    return Mem.index(V.AP->PartStart + P, static_cast<uint64_t>(V.byteOf(P, 0)));
  };
  constexpr uint32_t Ahead = 4; // rows
  for (uint32_t P = 0; P < std::min(Ahead, V.P); ++P) {
    prefetch(&Mem.Bytes[Row(P)], RowBytes);
  }
  for (uint32_t P = 0; P < V.P; ++P) {
    if (P + Ahead < V.P) {
      prefetch(&Mem.Bytes[Row(P + Ahead)], RowBytes);
    }
    if (!Mem.written(Row(P), RowBytes))
      return false;
    Use(P, &Mem.Bytes[Row(P)]);
  }
  return true;
}

void loadStationary(ExecContext &C) {
  verify::PeMode Mode = verify::peModeOf(C.I);
  View V = C.view("stationary");
  size_t RowBytes = V.N * V.ElemBytes;
  std::vector<uint8_t> Raw(V.P * RowBytes);
  if (!forEachWrittenRow(C, V, [&](uint32_t P, const uint8_t *Bytes) {
        std::memcpy(&Raw[P * RowBytes], Bytes, RowBytes);
      }))
    Raw = C.loadRaw("stationary").Bytes;
  Stationary &S = C.M.loadStationaryAt(Mode.Tile);
  S.Loaded = true;
  S.Type = V.AP->Type;
  S.K = V.P;
  S.M = static_cast<uint32_t>(V.N / (Mode.DoubleRow ? 2 : 1));
  S.DoubleRow = Mode.DoubleRow;
  S.Raw = std::move(Raw);
  S.Values.resize(size_t(S.K) * V.N);
  simd::convertToFp32(S.Type, S.Raw.data(), S.Values.size(), S.Values.data());
}

// transpose=true: dst = stationary^T, bit-exact (A2).
void passThrough(ExecContext &C, const Stationary &S) {
  // The moving operand must be the identity NKI lowers the transpose with
  // (K x K, verified): its values are data, checked here.
  Tile Mov = C.load("moving");
  View Dst = C.view("dst");
  for (uint32_t K = 0; K < Mov.P; ++K)
    for (uint64_t N = 0; N < Mov.N; ++N)
      if (Mov.at(K, N) != (K == N ? 1.0f : 0.0f))
        C.fault(FaultKind::Shape, "transpose=true needs an identity as the 'moving' operand");
  uint32_t SB = isa::dtype(S.Type).StorageBytes;
  std::vector<uint8_t> Out(size_t(Dst.P) * Dst.N * Dst.ElemBytes, 0);
  for (uint32_t M = 0; M < S.M; ++M)
    for (uint32_t K = 0; K < S.K; ++K)
      std::memcpy(&Out[(size_t(M) * Dst.N + K) * Dst.ElemBytes], &S.Raw[(size_t(K) * S.M + M) * SB],
                  SB); // fp8 lands in the low byte, the upper byte stays 0
  C.writeElements(Dst, Out, /*FromMatmul=*/true);
}

// Dst's rows where they lie in PSUM, as fp32 rows PartBytes apart, when the
// result can be computed there in place (contiguous, 4-byte aligned, not
// held back); else null.
float *psumRows(ExecContext &C, const View &Dst) {
  if (C.Defer || Dst.AP->Space != isa::MemSpace::PSUM || !Dst.Contiguous || Dst.ElemBytes != 4 ||
      Dst.byteOf(0, 0) % 4 != 0 || C.M.Psum.PartBytes % 4 != 0)
    return nullptr;
  uint8_t *First = C.M.Psum.at(Dst.AP->PartStart, static_cast<uint64_t>(Dst.byteOf(0, 0)));
  if (reinterpret_cast<uintptr_t>(First) % alignof(float) != 0)
    return nullptr;
  return reinterpret_cast<float *>(First);
}

// Accumulating onto PSUM that a non-matmul instruction wrote is undefined
// on v2/v3 (ISA): a fault at the first such element, row by row.
void checkAccumulateOnto(ExecContext &C, const View &Dst, bool InPlace) {
  auto Fault = [&](uint32_t P, uint64_t N) {
    C.faultOperand(FaultKind::UndefinedBehaviour, "dst",
                   fmt::format("accumulates onto PSUM partition {} byte {}, which a "
                               "non-matmul instruction wrote (undefined on the hardware)",
                               Dst.AP->PartStart + P, Dst.byteOf(P, N)));
  };
  const std::vector<Machine::PsumWriter> &Words = C.M.PsumWords;
  for (uint32_t P = 0; P < Dst.P; ++P) {
    if (InPlace) { // element n is word n of the row
      static_assert(sizeof(Machine::PsumWriter) == 1, "one byte per word, searched as bytes");
      size_t At = C.M.Psum.index(Dst.AP->PartStart + P, static_cast<uint64_t>(Dst.byteOf(P, 0)));
      const void *First = &Words[At / 4];
      if (const void *It = std::memchr(First, static_cast<int>(Machine::PsumWriter::Other), Dst.N))
        Fault(P, static_cast<uint64_t>(static_cast<const uint8_t *>(It) -
                                       static_cast<const uint8_t *>(First)));
      continue;
    }
    for (uint64_t N = 0; N < Dst.N; ++N) {
      size_t At = C.M.Psum.index(Dst.AP->PartStart + P, static_cast<uint64_t>(Dst.byteOf(P, N)));
      if (Words[At / 4] == Machine::PsumWriter::Other)
        Fault(P, N);
    }
  }
}

// Every byte of V's contiguous rows in Mem has been written.
bool allWritten(OnChip &Mem, const View &V) {
  for (uint32_t P = 0; P < V.P; ++P) {
    size_t At = Mem.index(V.AP->PartStart + P, static_cast<uint64_t>(V.byteOf(P, 0)));
    if (!Mem.written(At, V.N * V.ElemBytes))
      return false;
  }
  return true;
}

// The moving operand as fp32 rows in Out (its shape and dtype returned,
// without bytes).
RawTile loadMoving(ExecContext &C, std::vector<float> &Out) {
  View V = C.view("moving");
  RawTile Shape;
  Shape.P = V.P;
  Shape.N = V.N;
  Shape.Type = V.AP->Type;
  Out.resize(size_t(V.P) * V.N);
  if (forEachWrittenRow(C, V, [&](uint32_t P, const uint8_t *Bytes) {
        simd::convertToFp32(Shape.Type, Bytes, V.N, Out.data() + size_t(P) * V.N);
      }))
    return Shape;
  RawTile Raw = C.loadRaw("moving");
  simd::convertToFp32(Raw.Type, Raw.Bytes.data(), Out.size(), Out.data());
  return Shape;
}

// What writeElements records for a matmul's contiguous fp32 rows.
void markWrittenByMatmul(ExecContext &C, const View &Dst) {
  size_t RowBytes = Dst.N * 4;
  for (uint32_t P = 0; P < Dst.P; ++P) {
    size_t At = C.M.Psum.index(Dst.AP->PartStart + P, static_cast<uint64_t>(Dst.byteOf(P, 0)));
    C.M.Psum.markWritten(At, RowBytes);
    std::fill(C.M.PsumWords.begin() + static_cast<ptrdiff_t>(At / 4),
              C.M.PsumWords.begin() + static_cast<ptrdiff_t>((At + RowBytes - 1) / 4 + 1),
              Machine::PsumWriter::Matmul);
  }
}

void multiplyMoving(ExecContext &C) {
  verify::PeMode Mode = verify::peModeOf(C.I);
  Stationary *Found = C.M.stationaryAt(Mode.Tile);
  // A matmul's own stationary was checked against its other operands by
  // the verifier, as was multiply_moving's where the stream shows which
  // stationary it finds; otherwise it is checked now, with the one loaded
  // at its tile.
  if (C.I.Op == isa::Opcode::MULTIPLY_MOVING) {
    std::optional<verify::Stationary> Loaded;
    if (Found)
      Loaded = verify::Stationary{Found->Type, Found->K, Found->M, Found->DoubleRow};
    if (std::optional<verify::Diagnostic> D =
            verify::checkAgainstStationary(C.I, Loaded ? &*Loaded : nullptr))
      C.fault(faultKindOf(D->Kind), D->Message);
  }
  if (!Found)
    C.fault(FaultKind::BadProgram, "internal error: the matmul's stationary is not loaded");
  Stationary &S = *Found;
  if (C.flag("transpose"))
    return passThrough(C, S);
  // The moving operand as fp32 rows, in a buffer kept from one matmul to the
  // next (up to 128 x 1024 values).
  thread_local std::vector<float> Moving;
  RawTile Mov = loadMoving(C, Moving);
  View Dst = C.view("dst");
  uint32_t Rows = S.DoubleRow ? 2 : 1; // rows of the operands per partition
  uint64_t N = Mov.N / Rows;
  if (Mov.P != S.K || Dst.P != S.M || Dst.N != N || Mov.N != N * Rows || Dst.ElemBytes != 4)
    C.fault(FaultKind::Shape, "internal error: the matmul's operands do not fit the stationary");
  bool Accumulate = C.enumOf<isa::PsumMode>("acc") == isa::PsumMode::Accumulate;
  float *InPlace = psumRows(C, Dst);
  if (Accumulate)
    checkAccumulateOnto(C, Dst, InPlace != nullptr);
  simd::MatmulArgs A;
  A.Stationary = S.Values.data();
  A.Moving = Moving.data();
  A.MovingStride = N;
  A.K = size_t(S.K) * Rows;
  A.M = S.M;
  A.N = N;
  A.Accumulate = Accumulate;
  // Products of two narrow significands (at most 11 bits) are exact in
  // fp32 unless they leave its range, which simd::matmul checks.
  bool Narrow = S.Type != isa::DType::FP32 && Mov.Type != isa::DType::FP32;
  if (InPlace) {
    // Reading never-written PSUM is reported as the load reports it.
    if (Accumulate && !allWritten(C.M.Psum, Dst))
      (void)C.load("dst");
    A.Dst = InPlace;
    A.DstStride = C.M.Psum.PartBytes / 4;
    simd::matmul(A, Narrow);
    markWrittenByMatmul(C, Dst);
    return;
  }
  Tile Out(Dst.P, Dst.N);
  if (Accumulate)
    Out = C.load("dst");
  A.Dst = Out.V.data();
  A.DstStride = Out.N;
  simd::matmul(A, Narrow);
  std::vector<uint8_t> Bytes(Out.V.size() * 4);
  std::memcpy(Bytes.data(), Out.V.data(), Bytes.size());
  C.writeElements(Dst, Bytes, /*FromMatmul=*/true);
}

//===-- matmul_mx -----------------------------------------------------------===//

// The E8M0 codes of an MX operand of K partitions: rows[g] for the 8
// partitions of group g = p / 8, F columns each. Only the scale rows of the
// layout are read (4 per quadrant, from the scale's first partition), so the
// others may be uninitialised.
std::vector<uint8_t> loadScales(ExecContext &C, const char *Name, uint32_t K) {
  const View &V = C.view(Name);
  std::vector<uint8_t> Codes(size_t(K / 8) * V.N), Rows;
  isa::AccessPattern Storage;
  for (uint32_t Q = 0; Q < K / 32; ++Q) {
    View R = rowsOf(V, Storage, 32 * Q, 4); // scale bytes are codes (uint8 or fp8_e8m0)
    C.readElements(R, Rows);
    std::memcpy(&Codes[size_t(4 * Q) * V.N], Rows.data(), Rows.size());
  }
  return Codes;
}

// MX operand Name [K, F] (packed x4) times its scales, as rows k = 4p + j of
// Out [4K, F] (docs/numerics.md, MX).
void dequantize(ExecContext &C, const char *Name, const char *Scale, std::vector<float> &Out) {
  RawTile Raw = C.loadRaw(Name);
  std::vector<uint8_t> Codes = loadScales(C, Scale, Raw.P);
  uint32_t EB = isa::dtype(Raw.Type).StorageBytes;
  Out.resize(size_t(4) * Raw.P * Raw.N);
  for (uint32_t P = 0; P < Raw.P; ++P) {
    const uint8_t *Row = &Raw.Bytes[size_t(P) * Raw.N * EB];
    const uint8_t *Code = &Codes[size_t(P / 8) * Raw.N];
    for (unsigned J = 0; J < 4; ++J) {
      float *O = &Out[(size_t(4) * P + J) * Raw.N];
      for (uint64_t Col = 0; Col < Raw.N; ++Col)
        O[Col] = mxDequantizeLane(Raw.Type, Row + Col * EB, J, Code[Col]);
    }
  }
}

void matmulMx(ExecContext &C) {
  thread_local std::vector<float> Stat, Mov;
  dequantize(C, "stationary", "stationary_scale", Stat);
  dequantize(C, "moving", "moving_scale", Mov);
  View Dst = C.view("dst");
  size_t K = 4 * size_t(C.view("stationary").P);
  if (Dst.P != C.view("stationary").N || Dst.N != C.view("moving").N)
    C.fault(FaultKind::Shape, "internal error: the matmul_mx result does not fit its operands");
  bool Accumulate = C.enumOf<isa::PsumMode>("acc") == isa::PsumMode::Accumulate;
  float *InPlace = psumRows(C, Dst); // fp32 only
  if (Accumulate)
    checkAccumulateOnto(C, Dst, InPlace != nullptr);
  simd::MatmulArgs A;
  A.Stationary = Stat.data();
  A.Moving = Mov.data();
  A.MovingStride = Dst.N;
  A.K = K;
  A.M = Dst.P;
  A.N = Dst.N;
  A.Accumulate = Accumulate;
  // Dequantized values have at most 4 significant bits: products are exact
  // within fp32's range, which simd::matmul checks.
  if (InPlace) {
    if (Accumulate && !allWritten(C.M.Psum, Dst))
      (void)C.load("dst");
    A.Dst = InPlace;
    A.DstStride = C.M.Psum.PartBytes / 4;
    simd::matmul(A, /*NarrowSignificands=*/true);
    markWrittenByMatmul(C, Dst);
  } else {
    Tile Out(Dst.P, Dst.N);
    if (Accumulate)
      Out = C.load("dst");
    A.Dst = Out.V.data();
    A.DstStride = Out.N;
    simd::matmul(A, /*NarrowSignificands=*/true);
    std::vector<uint8_t> Bytes(Out.V.size() * Dst.ElemBytes);
    for (size_t E = 0; E < Out.V.size(); ++E) // fp32 as is; bf16 rounded to nearest even
      storeFromFloat(Dst.AP->Type, Bytes.data() + E * Dst.ElemBytes, Out.V[E]);
    C.writeElements(Dst, Bytes, /*FromMatmul=*/true);
  }
  // The weights of its tile are MX data now, not a stationary
  // multiply_moving could use.
  C.M.loadStationaryAt(verify::peModeOf(C.I).Tile).Loaded = false;
}

} // namespace

void execMATMUL_MX(ExecContext &C, const isa::Instr &) { matmulMx(C); }

void execLOAD_STATIONARY(ExecContext &C, const isa::Instr &) { loadStationary(C); }
void execMULTIPLY_MOVING(ExecContext &C, const isa::Instr &) { multiplyMoving(C); }
void execMATMUL(ExecContext &C, const isa::Instr &) {
  loadStationary(C);
  multiplyMoving(C);
}

void execTRANSPOSE_PE(ExecContext &C, const isa::Instr &) {
  // As the hardware does it: a matmul of src (as the stationary) against an
  // identity, in fp32, so 0 * inf = NaN spreads across a row (ISA).
  // dst is [F, P] of src's dtype (verified).
  Tile In = C.load("src");
  View Dst = C.view("dst");
  Tile Out(Dst.P, Dst.N);
  for (uint64_t F = 0; F < In.N; ++F)
    for (uint32_t P = 0; P < In.P; ++P) {
      float Acc = In.at(0, F) * (P == 0 ? 1.0f : 0.0f);
      for (uint32_t K = 1; K < In.P; ++K)
        Acc += In.at(K, F) * (P == K ? 1.0f : 0.0f);
      Out.at(static_cast<uint32_t>(F), P) = Acc;
    }
  std::vector<uint8_t> Bytes(Out.V.size() * Dst.ElemBytes);
  for (size_t K = 0; K < Out.V.size(); ++K)
    storeFromFloat(Dst.AP->Type, Bytes.data() + K * Dst.ElemBytes, Out.V[K]);
  C.writeElements(Dst, Bytes, /*FromMatmul=*/true);
  // The identity trick replaces every loaded stationary with src.
  RawTile Raw = C.loadRaw("src");
  Stationary &S = C.M.loadStationaryAt(verify::PeTile{});
  S = {true,  Raw.Type,         Raw.P, static_cast<uint32_t>(Raw.N),
       false, verify::PeTile{}, In.V,  Raw.Bytes};
}

} // namespace trn::emu
