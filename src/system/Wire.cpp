//===- Wire.cpp - messages and joins as bytes between ranks ---------------===//

#include "Wire.h"

#include <fmt/format.h>

namespace trn::emu {

namespace {

struct InstrAt {
  uint8_t Eng = 0xFF; // 0xFF: no instruction
  uint32_t Index = 0;
};

// I in the program copy of one of this rank's machines (null: another rank's core).
InstrAt locate(std::span<Machine *const> Local, const isa::Instr *I) {
  if (!I)
    return {};
  for (const Machine *Via : Local)
    if (Via)
      for (unsigned E = 0; E < isa::NumEngines; ++E) {
        const std::vector<isa::Instr> &Code = Via->Engines[E].Code;
        if (!Code.empty() && I >= Code.data() && I < Code.data() + Code.size())
          return {static_cast<uint8_t>(E), static_cast<uint32_t>(I - Code.data())};
      }
  throw std::logic_error("a message's instruction is not in the program");
}

Machine &anyOf(std::span<Machine *const> Local) {
  for (Machine *M : Local)
    if (M)
      return *M;
  throw std::logic_error("a rank without cores");
}

const isa::Instr *resolve(const Machine &Via, InstrAt At) {
  if (At.Eng == 0xFF)
    return nullptr;
  if (At.Eng >= isa::NumEngines || At.Index >= Via.Engines[At.Eng].Code.size())
    throw std::runtime_error("a message between ranks names an instruction the program lacks: "
                             "the ranks run different programs");
  return &Via.Engines[At.Eng].Code[At.Index];
}

// An access pattern of instruction I: its operand's number.
uint8_t operandOf(const isa::Instr *I, const isa::AccessPattern *AP) {
  if (I)
    for (unsigned K = 0; K < isa::MaxOperands; ++K)
      if (&I->Operands[K].AP == AP)
        return static_cast<uint8_t>(K);
  throw std::logic_error("a message's access pattern is not its instruction's");
}

void writeView(WireWriter &W, const View &V, const isa::Instr *I) {
  W.pod(operandOf(I, V.AP));
  W.str(V.Operand);
  W.pod(V.P);
  W.pod(V.N);
  W.pod(V.ElemBytes);
  W.bytes(std::span(reinterpret_cast<const uint8_t *>(V.Offsets.data()),
                    V.Offsets.size() * sizeof(int64_t)));
  W.pod(V.Base);
  W.pod(V.PartStep);
  W.pod(V.Contiguous);
}

View readView(WireReader &R, const isa::Instr *I) {
  View V;
  auto Op = R.pod<uint8_t>();
  if (!I || Op >= isa::MaxOperands)
    throw std::runtime_error("a message between ranks names an operand its instruction lacks");
  V.AP = &I->Operands[Op].AP;
  V.Operand = R.str();
  V.P = R.pod<uint32_t>();
  V.N = R.pod<uint64_t>();
  V.ElemBytes = R.pod<uint32_t>();
  std::vector<uint8_t> Offsets = R.bytes();
  V.Offsets.resize(Offsets.size() / sizeof(int64_t));
  std::memcpy(V.Offsets.data(), Offsets.data(), V.Offsets.size() * sizeof(int64_t));
  V.Base = R.pod<int64_t>();
  V.PartStep = R.pod<int64_t>();
  V.Contiguous = R.pod<bool>();
  return V;
}

} // namespace

uint64_t wireBytes(const CoreMessage &M) {
  uint64_t Bytes = 128;
  for (const DeferredWrite &D : M.Writes)
    Bytes += 128 + D.V.Operand.size() + D.V.Offsets.size() * sizeof(int64_t) + D.Bytes.size();
  return Bytes;
}

void writeMessage(WireWriter &W, CoreMessage &M, std::span<Machine *const> Local) {
  W.pod(M.ArrivalPs);
  W.pod(M.From);
  W.pod(M.To);
  W.pod(M.Seq);
  W.pod(M.Sem);
  W.pod(M.Amount);
  W.pod(M.By);
  W.pod(M.RegOff);
  W.pod(M.NoSignal);
  InstrAt At = locate(Local, M.Instr);
  W.pod(At);
  W.pod<uint64_t>(M.Writes.size());
  for (const DeferredWrite &D : M.Writes) {
    writeView(W, D.V, M.Instr);
    W.bytes(D.Bytes);
    W.pod(D.FromMatmul);
  }
  std::vector<uint8_t> Tag;
  if (M.Tag)
    for (Observer *O : anyOf(Local).Observers)
      if (O->exportTag(M.Tag, Tag))
        break;
  W.bytes(Tag);
}

CoreMessage readMessage(WireReader &R, Machine &Via) {
  CoreMessage M;
  M.ArrivalPs = R.pod<int64_t>();
  M.From = R.pod<unsigned>();
  M.To = R.pod<unsigned>();
  M.Seq = R.pod<uint64_t>();
  M.Sem = R.pod<uint8_t>();
  M.Amount = R.pod<int16_t>();
  M.By = R.pod<Sender>();
  M.RegOff = R.pod<int32_t>();
  M.NoSignal = R.pod<bool>();
  M.Instr = resolve(Via, R.pod<InstrAt>());
  auto Writes = R.pod<uint64_t>();
  for (uint64_t K = 0; K < Writes; ++K) {
    View V = readView(R, M.Instr);
    std::vector<uint8_t> Bytes = R.bytes();
    M.Writes.push_back({std::move(V), std::move(Bytes), R.pod<bool>()});
  }
  std::vector<uint8_t> Tag = R.bytes();
  if (!Tag.empty())
    for (Observer *O : Via.Observers)
      if ((M.Tag = O->importTag(Tag)))
        break;
  return M;
}

void writeJoin(WireWriter &W, const CollectiveJoin &J, std::span<Machine *const> Local) {
  W.pod(J.Core);
  W.pod(J.Op);
  W.pod(J.Type);
  W.pod(J.SrcElems);
  W.pod(J.DstElems);
  W.bytes(J.Src);
  InstrAt At = locate(Local, J.Instr);
  W.pod(At);
  writeView(W, J.Dst, J.Instr);
  W.pod(J.JoinPs);
  W.pod(J.To);
  W.pod(J.From);
  W.pod(J.By);
  W.str(J.Where);
}

CollectiveJoin readJoin(WireReader &R, const Machine &Via) {
  CollectiveJoin J;
  J.Core = R.pod<unsigned>();
  J.Op = R.pod<isa::Opcode>();
  J.Type = R.pod<isa::DType>();
  J.SrcElems = R.pod<uint64_t>();
  J.DstElems = R.pod<uint64_t>();
  J.Src = R.bytes();
  J.Instr = resolve(Via, R.pod<InstrAt>());
  J.Dst = readView(R, J.Instr);
  J.JoinPs = R.pod<int64_t>();
  J.To = R.pod<unsigned>();
  J.From = R.pod<unsigned>();
  J.By = R.pod<Sender>();
  J.Where = R.str();
  return J;
}

void writeFault(WireWriter &W, const Fault &F) {
  W.pod(F.Kind);
  W.str(F.Message);
  W.pod<uint8_t>(F.Eng ? static_cast<uint8_t>(*F.Eng) : 0xFF);
  W.pod(F.Index);
}

Fault readFault(WireReader &R) {
  Fault F{R.pod<FaultKind>(), R.str()};
  auto Eng = R.pod<uint8_t>();
  if (Eng != 0xFF)
    F.Eng = static_cast<isa::Engine>(Eng);
  F.Index = R.pod<uint32_t>();
  return F;
}

} // namespace trn::emu
