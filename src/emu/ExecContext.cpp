//===- ExecContext.cpp - checked access to an instruction's operands ------===//

#include "ExecContext.h"

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

View ExecContext::view(const char *Name) {
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
  // Odometer over the free dimensions, innermost fastest.
  {
    std::array<uint32_t, isa::MaxDims> Idx{};
    int64_t Off = RegOff;
    for (uint64_t K2 = 0; K2 < V.N; ++K2) {
      V.Offsets[K2] = Off;
      for (int Dm = static_cast<int>(AP.NumDims) - 1; Dm >= 0; --Dm) {
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

void ExecContext::markRead(const View &V) {
  if (V.AP->Space == isa::MemSpace::HBM)
    return;
  OnChip &Mem = V.AP->Space == isa::MemSpace::SBUF ? M.Sbuf : M.Psum;
  if (V.Contiguous) {
    // Whole rows at once; only a row with a gap is looked at byte by byte.
    size_t Len = V.N * V.ElemBytes;
    bool AllWritten = true;
    for (uint32_t P = 0; P < V.P && AllWritten; ++P)
      AllWritten = !std::memchr(
          &Mem.Written[Mem.index(V.AP->PartStart + P, static_cast<uint64_t>(V.byteOf(P, 0)))], 0,
          Len);
    if (AllWritten)
      return;
  }
  for (uint32_t P = 0; P < V.P; ++P)
    for (uint64_t K = 0; K < V.N; ++K) {
      size_t At = Mem.index(V.AP->PartStart + P, static_cast<uint64_t>(V.byteOf(P, K)));
      for (uint32_t B = 0; B < V.ElemBytes; ++B)
        if (!Mem.Written[At + B]) {
          std::string What = fmt::format(
              "operand '{}' reads {} partition {} byte {}, which nothing has written", V.Operand,
              isa::memSpace(V.AP->Space).Name, V.AP->PartStart + P, V.byteOf(P, K) + B);
          if (M.Opts.Strict)
            fault(FaultKind::UninitialisedRead, What);
          M.warn(E.Id, Index, What);
          return; // one warning per operand
        }
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
      for (uint64_t K = 0; K < V.N; ++K, Dst += V.ElemBytes)
        M.HbmMem.read(static_cast<uint64_t>(V.byteOf(P, K)), Dst, V.ElemBytes);
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
    for (uint64_t K = 0; K < V.N; ++K, Dst += V.ElemBytes)
      std::memcpy(Dst, Part + V.byteOf(P, K), V.ElemBytes);
  }
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
        for (uint64_t K = 0; K < V.N; ++K, Src += V.ElemBytes)
          M.HbmMem.write(static_cast<uint64_t>(V.byteOf(P, K)), Src, V.ElemBytes);
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
      std::memset(&Mem.Written[At], 1, RowBytes);
      if (IsPsum) // every 4-byte word the row touches
        for (size_t W = At / 4; W <= (At + RowBytes - 1) / 4; ++W)
          M.PsumWords[W] = Writer;
    }
    return;
  }
  for (uint32_t P = 0; P < V.P; ++P) {
    uint32_t Part = V.AP->PartStart + P;
    uint8_t *Base = Mem.at(Part, 0);
    for (uint64_t K = 0; K < V.N; ++K, Src += V.ElemBytes) {
      int64_t Off = V.byteOf(P, K);
      std::memcpy(Base + Off, Src, V.ElemBytes);
      size_t At = Mem.index(Part, static_cast<uint64_t>(Off));
      std::memset(&Mem.Written[At], 1, V.ElemBytes);
      if (IsPsum)
        M.PsumWords[At / 4] = FromMatmul ? Machine::PsumWriter::Matmul : Machine::PsumWriter::Other;
    }
  }
}

Tile ExecContext::load(const char *Name) {
  View V = view(Name);
  std::vector<uint8_t> Bytes;
  readElements(V, Bytes);
  Tile T(V.P, V.N);
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
  View V = view(Name);
  if (T.P != V.P || T.N != V.N)
    faultOperand(FaultKind::Shape, Name,
                 fmt::format("the result is [{} partitions x {}] but the operand is [{} x {}]", T.P,
                             T.N, V.P, V.N));
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

float ExecContext::scalar(const char *Name, uint32_t Part) {
  const isa::Operand &O = op(Name);
  if (O.IsImm)
    return bitsToFloat(O.FBits);
  View V = view(Name);
  // [P, 1] with one partition for all or one per partition (verified).
  uint32_t P = V.P == 1 ? 0 : Part;
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
