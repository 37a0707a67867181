//===- ExecContext.cpp - checked access to an instruction's operands ------===//

#include "ExecContext.h"

#include "simd/Convert.h"
#include "trn/emu/Numerics.h"
#include "trn/verify/Verifier.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace trn::emu {

ExecContext::ExecContext(Machine &M, EngineState &E, const isa::Instr &I, uint32_t Index)
    : M(M), E(E), I(I), D(I.desc()), Index(Index) {}

unsigned ExecContext::operand(const char *Name) const {
  // Names differ in their first letter more often than not: compare that
  // before the rest.
  for (unsigned K = 0; K < D.Operands.size(); ++K) {
    const char *Have = D.Operands[K].Name;
    if (Have[0] == Name[0] && std::strcmp(Have, Name) == 0)
      return K;
  }
  // The semantics asked for an operand the ISA does not give this
  // instruction: a bug in trnemu, reported rather than crashing.
  M.fault(FaultKind::BadProgram, E.Id, Index,
          fmt::format("internal error: '{}' has no operand '{}'", D.Mnemonic, Name));
}

FaultKind faultKindOf(verify::Rule R) {
  switch (R) {
  case verify::Rule::Space:
  case verify::Rule::Bounds:
    return FaultKind::OutOfBounds;
  case verify::Rule::DType:
    return FaultKind::DType;
  case verify::Rule::Partition:
    return FaultKind::PartitionRule;
  case verify::Rule::PsumBank:
    return FaultKind::PsumBank;
  case verify::Rule::Shape:
    return FaultKind::Shape;
  case verify::Rule::Op:
  case verify::Rule::State:
    return FaultKind::BadProgram;
  }
  return FaultKind::BadProgram;
}

float ExecContext::fimm(const char *Name) const { return bitsToFloat(op(Name).FBits); }

void ExecContext::fault(FaultKind K, const std::string &What) { M.fault(K, E.Id, Index, What); }

void ExecContext::faultOperand(FaultKind K, const std::string &Operand, const std::string &What) {
  M.fault(K, E.Id, Index, fmt::format("operand '{}': {}", Operand, What));
}

const View &ExecContext::view(const char *Name) {
  unsigned K = operand(Name);
  if (Cached[K])
    return Cache[K];
  const isa::OperandDesc &OD = D.Operands[K];
  const isa::Operand &O = I.Operands[K];
  const isa::AccessPattern &AP = O.AP;
  if (!AP.present())
    faultOperand(FaultKind::BadProgram, Name, "the tensor is absent");
  // Memory space, engine reach, dtype, partitions and their start rule,
  // and the bounds of a pattern without a register offset are the
  // verifier's, checked when the program was loaded (Emulator). Only a
  // register offset moves a pattern at run time: its bounds are checked
  // below with the register's value.
  const isa::ChipDesc &C = M.Chip;
  View V;
  V.AP = &AP;
  V.Operand = Name;
  V.P = AP.NumPartitions;
  V.N = AP.elementsPerPartition();
  V.ElemBytes = isa::dtype(AP.Type).StorageBytes;
  V.Base = static_cast<int64_t>(AP.Base);
  V.PartStep = AP.Space == isa::MemSpace::HBM ? AP.PartStep : 0;
  int64_t RegOff = AP.Reg ? static_cast<int32_t>(E.Regs[*AP.Reg]) : 0;
  // The decoder refuses more, but a view holds an offset per element: check
  // before allocating them, whatever built the instruction.
  uint32_t MaxN = AP.Space == isa::MemSpace::PSUM ? OD.MaxFreePsum : OD.MaxFree;
  if (V.N > MaxN || V.P > C.Partitions)
    faultOperand(FaultKind::BadProgram, Name,
                 fmt::format("{} partitions of {} elements: at most {} of {} are allowed", V.P, V.N,
                             C.Partitions, MaxN));
  V.Offsets.resize(V.N);
  // The innermost dimension as a run of offsets, the outer ones by an
  // odometer (innermost fastest), as the access pattern orders elements.
  if (AP.NumDims == 0 || AP.Dims[AP.NumDims - 1].Count == 0) {
    std::fill(V.Offsets.begin(), V.Offsets.end(), RegOff);
  } else {
    const uint32_t Last = AP.NumDims - 1;
    const int64_t InnerStride = AP.Dims[Last].Stride;
    const uint64_t InnerCount = AP.Dims[Last].Count;
    std::array<uint32_t, isa::MaxDims> Idx{};
    int64_t Off = RegOff;
    for (uint64_t K = 0; K + InnerCount <= V.N; K += InnerCount) {
      int64_t *Out = V.Offsets.data() + K;
      for (uint64_t I = 0; I < InnerCount; ++I)
        Out[I] = Off + static_cast<int64_t>(I) * InnerStride;
      for (int Dm = static_cast<int>(Last) - 1; Dm >= 0; --Dm) {
        Off += AP.Dims[Dm].Stride;
        if (++Idx[Dm] < AP.Dims[Dm].Count)
          break;
        Off -= AP.Dims[Dm].Stride * static_cast<int64_t>(AP.Dims[Dm].Count);
        Idx[Dm] = 0;
      }
    }
  }
  V.Contiguous = true;
  for (uint64_t K = 1; K < V.N && V.Contiguous; ++K)
    V.Contiguous = V.Offsets[K] == V.Offsets[0] + static_cast<int64_t>(K);
  if (AP.Reg) {
    auto [MinIt, MaxIt] = std::minmax_element(V.Offsets.begin(), V.Offsets.end());
    int64_t Lo = *MinIt, Hi = *MaxIt;
    std::string Reg = fmt::format(" (register r{} = {})", *AP.Reg, RegOff);
    if (AP.Space == isa::MemSpace::HBM) {
      int64_t Span = V.PartStep * (static_cast<int64_t>(V.P) - 1);
      (Span < 0 ? Lo : Hi) += Span;
      int64_t First = V.Base + Lo * V.ElemBytes, Last = V.Base + (Hi + 1) * V.ElemBytes - 1;
      // HBM is reached only through declared tensors.
      if (!verify::tensorHolding(M.Prog.Tensors, First, Last))
        faultOperand(FaultKind::OutOfBounds, Name,
                     fmt::format("HBM bytes 0x{:X}..0x{:X} are outside every declared tensor{}{}",
                                 First, Last, verify::overlapNote(M.Prog.Tensors, First, Last),
                                 Reg));
    } else {
      int64_t First = V.Base + Lo * V.ElemBytes, Last = V.Base + (Hi + 1) * V.ElemBytes - 1;
      if (!verify::withinPartition(AP.Space, First, Last, C))
        faultOperand(FaultKind::OutOfBounds, Name,
                     fmt::format("{} bytes {}..{} of partitions {}..{} are outside the {}-byte "
                                 "partition{}",
                                 AP.Space == isa::MemSpace::SBUF ? "SBUF" : "PSUM", First, Last,
                                 AP.PartStart, AP.PartStart + V.P - 1,
                                 AP.Space == isa::MemSpace::SBUF ? C.SbufPartitionBytes
                                                                 : C.psumPartitionBytes(),
                                 Reg));
      if (OD.OneBank && AP.Space == isa::MemSpace::PSUM)
        if (std::optional<int64_t> At = verify::bankBoundaryCrossed(First, Last, C))
          faultOperand(FaultKind::PsumBank, Name,
                       fmt::format("PSUM bytes {}..{} cross the bank boundary at {}{}", First, Last,
                                   *At, Reg));
    }
  }
  Cache[K] = std::move(V);
  Cached[K] = true;
  return Cache[K];
}

void ExecContext::warnUnwritten(const View &V, uint32_t Partition, int64_t Byte) {
  std::string What =
      fmt::format("operand '{}' reads {} partition {} byte {}, which nothing has written",
                  V.Operand, isa::memSpace(V.AP->Space).Name, Partition, Byte);
  if (M.Opts.Strict)
    fault(FaultKind::UninitialisedRead, What);
  M.warn(E.Id, Index, What); // one warning per operand and read
}

void ExecContext::markRead(const View &V) {
  if (V.AP->Space == isa::MemSpace::HBM)
    return;
  OnChip &Mem = V.AP->Space == isa::MemSpace::SBUF ? M.Sbuf : M.Psum;
  // The first unwritten byte in access-pattern order: by rows when they are
  // contiguous (order and addresses agree), else element by element.
  auto Warn = [&](uint32_t P, int64_t Byte) { warnUnwritten(V, V.AP->PartStart + P, Byte); };
  size_t PartBase = size_t(V.AP->PartStart) * Mem.PartBytes;
  if (V.Contiguous) {
    size_t Len = V.N * V.ElemBytes;
    for (uint32_t P = 0; P < V.P; ++P) {
      size_t At = PartBase + size_t(P) * Mem.PartBytes + static_cast<uint64_t>(V.byteOf(P, 0));
      if (size_t Gap = Mem.Written.firstUnset(At, Len); Gap != At + Len)
        return Warn(P, V.byteOf(P, 0) + static_cast<int64_t>(Gap - At));
    }
    return;
  }
  for (uint32_t P = 0; P < V.P; ++P)
    for (uint64_t K = 0, Run; K < V.N; K += Run) { // a run's addresses rise in order
      Run = V.runFrom(K);
      size_t At = PartBase + size_t(P) * Mem.PartBytes + static_cast<uint64_t>(V.byteOf(P, K));
      size_t Len = Run * V.ElemBytes;
      if (size_t Gap = Mem.Written.firstUnset(At, Len); Gap != At + Len)
        return Warn(P, V.byteOf(P, K) + static_cast<int64_t>(Gap - At));
    }
}

void ExecContext::readElements(const View &V, std::vector<uint8_t> &Out, bool CheckInit) {
  if (CheckInit)
    markRead(V);
  Out.resize(size_t(V.P) * V.N * V.ElemBytes);
  uint8_t *Dst = Out.data();
  size_t RowBytes = V.N * V.ElemBytes;
  if (V.AP->Space == isa::MemSpace::HBM) {
    for (uint32_t P = 0; P < V.P; ++P) {
      if (V.Contiguous) {
        M.HbmMem.read(static_cast<uint64_t>(V.byteOf(P, 0)), Dst, RowBytes);
        Dst += RowBytes;
        continue;
      }
      for (uint64_t K = 0, Run; K < V.N; K += Run, Dst += Run * V.ElemBytes) {
        Run = V.runFrom(K);
        M.HbmMem.read(static_cast<uint64_t>(V.byteOf(P, K)), Dst, Run * V.ElemBytes);
      }
    }
    return;
  }
  OnChip &Mem = V.AP->Space == isa::MemSpace::SBUF ? M.Sbuf : M.Psum;
  if (V.Contiguous) {
    for (uint32_t P = 0; P < V.P; ++P, Dst += RowBytes)
      std::memcpy(Dst, Mem.at(V.AP->PartStart + P, 0) + V.byteOf(P, 0), RowBytes);
    return;
  }
  for (uint32_t P = 0; P < V.P; ++P) {
    const uint8_t *Part = Mem.at(V.AP->PartStart + P, 0);
    for (uint64_t K = 0, Run; K < V.N; K += Run, Dst += Run * V.ElemBytes) {
      Run = V.runFrom(K);
      std::memcpy(Dst, Part + V.byteOf(P, K), Run * V.ElemBytes);
    }
  }
}

void ExecContext::writeElements(const View &V, std::vector<uint8_t> &&In, bool FromMatmul) {
  if (Defer) {
    Defer->push_back({V, std::move(In), FromMatmul});
    return;
  }
  writeElements(V, static_cast<const std::vector<uint8_t> &>(In), FromMatmul);
}

void ExecContext::writeElements(const View &V, const std::vector<uint8_t> &In, bool FromMatmul) {
  if (Defer) {
    Defer->push_back({V, In, FromMatmul});
    return;
  }
  const uint8_t *Src = In.data();
  size_t RowBytes = V.N * V.ElemBytes;
  if (V.AP->Space == isa::MemSpace::HBM) {
    try {
      for (uint32_t P = 0; P < V.P; ++P) {
        if (V.Contiguous) {
          M.HbmMem.write(static_cast<uint64_t>(V.byteOf(P, 0)), Src, RowBytes);
          Src += RowBytes;
          continue;
        }
        for (uint64_t K = 0, Run; K < V.N; K += Run, Src += Run * V.ElemBytes) {
          Run = V.runFrom(K);
          M.HbmMem.write(static_cast<uint64_t>(V.byteOf(P, K)), Src, Run * V.ElemBytes);
        }
      }
    } catch (const HostMemoryError &Err) { // a new HBM page beyond --max-memory
      faultOperand(FaultKind::HostMemory, V.Operand, Err.what());
    }
    return;
  }
  bool IsPsum = V.AP->Space == isa::MemSpace::PSUM;
  OnChip &Mem = IsPsum ? M.Psum : M.Sbuf;
  Machine::PsumWriter Writer =
      FromMatmul ? Machine::PsumWriter::Matmul : Machine::PsumWriter::Other;
  if (V.Contiguous) {
    for (uint32_t P = 0; P < V.P; ++P, Src += RowBytes) {
      size_t At = Mem.index(V.AP->PartStart + P, static_cast<uint64_t>(V.byteOf(P, 0)));
      std::memcpy(&Mem.Bytes[At], Src, RowBytes);
      Mem.Written.set(At, RowBytes);
      if (IsPsum) // every 4-byte word the row touches
        for (size_t W = At / 4; W <= (At + RowBytes - 1) / 4; ++W)
          M.PsumWords[W] = Writer;
    }
    return;
  }
  for (uint32_t P = 0; P < V.P; ++P) {
    uint32_t Part = V.AP->PartStart + P;
    uint8_t *Base = Mem.at(Part, 0);
    for (uint64_t K = 0, Run; K < V.N; K += Run, Src += Run * V.ElemBytes) {
      Run = V.runFrom(K);
      int64_t Off = V.byteOf(P, K);
      std::memcpy(Base + Off, Src, Run * V.ElemBytes);
      size_t At = Mem.index(Part, static_cast<uint64_t>(Off));
      Mem.Written.set(At, Run * V.ElemBytes);
      if (IsPsum) // the word of each element's first byte
        for (uint64_t I = 0; I < Run; ++I)
          M.PsumWords[(At + I * V.ElemBytes) / 4] = Writer;
    }
  }
}

Tile ExecContext::load(const char *Name) {
  const View &V = view(Name);
  markRead(V);
  return tileOf(V);
}

Tile ExecContext::tileOf(const View &V) {
  Tile T(V.P, V.N);
  if (V.AP->Space != isa::MemSpace::HBM) { // rows straight from memory
    for (uint32_t P = 0; P < V.P; ++P)
      if (const float *Row = rowIn(V, P, T.row(P)); Row != T.row(P))
        std::memcpy(T.row(P), Row, V.N * sizeof(float));
    return T;
  }
  std::vector<uint8_t> Bytes;
  readElements(V, Bytes, /*CheckInit=*/false);
  isa::DType Type = V.AP->Type;
  if (Type == isa::DType::FP32) { // the lanes' own format: the bits as they are
    std::memcpy(T.V.data(), Bytes.data(), Bytes.size());
    return T;
  }
  for (size_t K = 0; K < T.V.size(); ++K)
    T.V[K] = loadAsFloat(Type, Bytes.data() + K * V.ElemBytes);
  return T;
}

void ExecContext::store(const char *Name, const Tile &T) {
  const View &V = view(Name);
  if (T.P != V.P || T.N != V.N)
    faultOperand(FaultKind::Shape, Name,
                 fmt::format("the result is [{} partitions x {}] but the operand is [{} x {}]", T.P,
                             T.N, V.P, V.N));
  if (!Defer && V.AP->Space != isa::MemSpace::HBM) { // rows straight into memory
    for (uint32_t P = 0; P < V.P; ++P)
      storeRow(V, P, T.row(P));
    return;
  }
  std::vector<uint8_t> Bytes(T.V.size() * V.ElemBytes);
  isa::DType Type = V.AP->Type;
  if (Type == isa::DType::FP32)
    std::memcpy(Bytes.data(), T.V.data(), Bytes.size());
  else
    for (size_t K = 0; K < T.V.size(); ++K)
      storeFromFloat(Type, Bytes.data() + K * V.ElemBytes, T.V[K]);
  writeElements(V, Bytes);
}

RawTile ExecContext::loadRaw(const char *Name) {
  View V = view(Name);
  RawTile T;
  T.P = V.P;
  T.N = V.N;
  T.Type = V.AP->Type;
  readElements(V, T.Bytes);
  return T;
}

void ExecContext::storeRaw(const char *Name, const RawTile &T) {
  View V = view(Name);
  if (T.P != V.P || T.N != V.N)
    faultOperand(FaultKind::Shape, Name,
                 fmt::format("the result is [{} partitions x {}] but the operand is [{} x {}]", T.P,
                             T.N, V.P, V.N));
  if (T.Type != V.AP->Type)
    faultOperand(FaultKind::DType, Name,
                 fmt::format("a bit-exact copy needs the same dtype: {} into {}",
                             isa::dtype(T.Type).Name, isa::dtype(V.AP->Type).Name));
  writeElements(V, T.Bytes);
}

namespace {

// The bytes [Lo, Hi) a view reaches within each of its partitions (on chip).
std::pair<int64_t, int64_t> byteSpan(const View &V) {
  if (V.N == 0)
    return {V.Base, V.Base};
  int64_t Lo = V.Offsets[0], Hi = V.Offsets[0];
  if (V.Contiguous)
    Hi = V.Offsets[0] + static_cast<int64_t>(V.N) - 1;
  else
    for (int64_t O : V.Offsets) {
      Lo = std::min(Lo, O);
      Hi = std::max(Hi, O);
    }
  return {V.Base + Lo * V.ElemBytes, V.Base + (Hi + 1) * V.ElemBytes};
}

// Row p of Out may be written before row p + 1 of Other is read.
bool rowSafe(const View &Out, const View &Other) {
  const isa::AccessPattern &A = *Out.AP, &B = *Other.AP;
  if (A.Space != B.Space || A.PartStart == B.PartStart)
    return true;
  if (A.PartStart + Out.P <= B.PartStart || B.PartStart + Other.P <= A.PartStart)
    return true;
  auto [ALo, AHi] = byteSpan(Out);
  auto [BLo, BHi] = byteSpan(Other);
  return AHi <= BLo || BHi <= ALo;
}

} // namespace

bool ExecContext::rowwise(std::initializer_list<const View *> Outs,
                          std::initializer_list<const View *> Ins) const {
  if (Defer)
    return false;
  for (const View *V : Outs)
    if (V->AP->Space == isa::MemSpace::HBM)
      return false;
  for (const View *V : Ins)
    if (V->AP->Space == isa::MemSpace::HBM || V->P != Outs.begin()[0]->P)
      return false;
  for (const View *O : Outs) {
    for (const View *V : Ins)
      if (!rowSafe(*O, *V))
        return false;
    for (const View *V : Outs)
      if (V != O && !rowSafe(*O, *V))
        return false;
  }
  return true;
}

float *ExecContext::scratch(unsigned Which, size_t N) {
  static thread_local std::array<std::vector<float>, NumScratch> Lanes;
  std::vector<float> &S = Lanes[Which];
  if (S.size() < N)
    S.resize(N);
  return S.data();
}

const float *ExecContext::rowIn(const View &V, uint32_t P, float *Scratch) {
  const OnChip &Mem = V.AP->Space == isa::MemSpace::SBUF ? M.Sbuf : M.Psum;
  const uint8_t *Part = Mem.Bytes.data() + size_t(V.AP->PartStart + P) * Mem.PartBytes;
  isa::DType Type = V.AP->Type;
  if (V.Contiguous) {
    const uint8_t *Row = Part + V.byteOf(P, 0);
    if (Type == isa::DType::FP32 && reinterpret_cast<uintptr_t>(Row) % alignof(float) == 0)
      return reinterpret_cast<const float *>(Row);
    if (Type == isa::DType::BF16)
      simd::bf16RowToFp32(Row, Scratch, V.N);
    else
      loadRowAsFloat(Type, Row, Scratch, V.N);
    return Scratch;
  }
  for (uint64_t K = 0, Run; K < V.N; K += Run) {
    Run = V.runFrom(K);
    loadRowAsFloat(Type, Part + V.byteOf(P, K), Scratch + K, Run);
  }
  return Scratch;
}

void ExecContext::storeRow(const View &V, uint32_t P, const float *In) {
  bool IsPsum = V.AP->Space == isa::MemSpace::PSUM;
  OnChip &Mem = IsPsum ? M.Psum : M.Sbuf;
  uint32_t Part = V.AP->PartStart + P;
  isa::DType Type = V.AP->Type;
  if (V.Contiguous) {
    size_t At = Mem.index(Part, static_cast<uint64_t>(V.byteOf(P, 0)));
    size_t RowBytes = V.N * V.ElemBytes;
    if (Type == isa::DType::BF16)
      simd::fp32RowToBf16(In, &Mem.Bytes[At], V.N);
    else
      storeRowFromFloat(Type, &Mem.Bytes[At], In, V.N);
    Mem.Written.set(At, RowBytes);
    if (IsPsum && RowBytes) // every 4-byte word the row touches, as writeElements
      for (size_t W = At / 4; W <= (At + RowBytes - 1) / 4; ++W)
        M.PsumWords[W] = Machine::PsumWriter::Other;
    return;
  }
  for (uint64_t K = 0; K < V.N; ++K) {
    size_t At = Mem.index(Part, static_cast<uint64_t>(V.byteOf(P, K)));
    storeFromFloat(Type, &Mem.Bytes[At], In[K]);
    Mem.Written.set(At, V.ElemBytes);
    if (IsPsum)
      M.PsumWords[At / 4] = Machine::PsumWriter::Other;
  }
}

void ExecContext::scalars(const char *Name, uint32_t P, float *Out) {
  for (uint32_t Part = 0; Part < P; ++Part)
    Out[Part] = scalar(Name, Part);
}

float ExecContext::scalar(const char *Name, uint32_t Part) {
  const isa::Operand &O = op(Name);
  if (O.IsImm)
    return bitsToFloat(O.FBits);
  const View &V = view(Name);
  // [P, 1] with one partition for all or one per partition (verified).
  uint32_t P = V.P == 1 ? 0 : Part;
  if (V.AP->Space != isa::MemSpace::HBM) {
    // The element itself, checked as readElements would check it.
    const OnChip &Mem = V.AP->Space == isa::MemSpace::SBUF ? M.Sbuf : M.Psum;
    int64_t Byte = V.byteOf(0, 0);
    size_t At = Mem.index(V.AP->PartStart + P, static_cast<uint64_t>(Byte));
    if (size_t Gap = Mem.Written.firstUnset(At, V.ElemBytes); Gap != At + V.ElemBytes)
      warnUnwritten(V, V.AP->PartStart + P, Byte + static_cast<int64_t>(Gap - At));
    return loadAsFloat(V.AP->Type, Mem.Bytes.data() + At);
  }
  std::vector<uint8_t> Bytes;
  // One element: read it directly (with the uninitialised check).
  View One = V;
  One.P = 1;
  One.Base = V.Base;
  isa::AccessPattern Shifted = *V.AP;
  Shifted.PartStart = V.AP->PartStart + P;
  Shifted.NumPartitions = 1;
  One.AP = &Shifted;
  readElements(One, Bytes);
  return loadAsFloat(V.AP->Type, Bytes.data());
}

} // namespace trn::emu
