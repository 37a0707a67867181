//===- Disassembler.cpp - a Program as assembly ---------------------------===//

#include "trn/asm/Disassembler.h"

#include "trn/isa/Instr.h"

#include <fmt/format.h>

#include <map>

namespace trn::assembler {

namespace {

std::string shape(const std::vector<uint64_t> &S) {
  return fmt::format("[{}]", fmt::join(S, ", "));
}

std::string hexBytes(const uint8_t *Data, uint64_t Size) {
  std::string S;
  S.reserve(Size * 2);
  for (uint64_t I = 0; I < Size; ++I)
    S += fmt::format("{:02x}", Data[I]);
  return S;
}

} // namespace

std::string disassemble(const object::Program &P, const DisasmOptions &Opts) {
  std::string Out;
  Out += fmt::format(".chip {}\n", isa::chip(P.TargetChip).Name);
  if (!P.Tensors.empty())
    Out += "\n";
  for (const object::Tensor &T : P.Tensors) {
    Out +=
        fmt::format(".tensor {} : {}{} {}{} at 0x{:X}", T.Name, isa::dtype(T.Type).Name,
                    shape(T.Shape), object::roleName(T.Role), T.Shared ? " shared" : "", T.Address);
    if (T.InitOffset)
      Out += fmt::format(" = hex(\"{}\")", hexBytes(P.Data.data() + *T.InitOffset, T.bytes()));
    Out += "\n";
  }
  if (!P.Allocations.empty())
    Out += "\n";
  for (const object::Allocation &A : P.Allocations)
    Out += fmt::format(".{} {} : {}{} partition {} at 0x{:X}\n", isa::memSpace(A.Space).Name,
                       A.Name, isa::dtype(A.Type).Name, shape(A.Shape), A.PartStart, A.Offset);
  if (!P.Semaphores.empty())
    Out += "\n";
  for (const object::Semaphore &S : P.Semaphores) {
    Out += fmt::format(".sem {} at {}", S.Name, S.Index);
    if (S.Initial)
      Out += fmt::format(" = {}", S.Initial);
    Out += "\n";
  }

  // Labels by (engine, index); unnamed branch targets get a made-up name.
  std::map<std::pair<unsigned, uint32_t>, std::vector<std::string>> Labels;
  for (const object::Label &L : P.Labels)
    Labels[{static_cast<unsigned>(L.Eng), L.Index}].push_back(L.Name);
  isa::LabelNamer Namer = [&](isa::Engine E, uint32_t Target) -> std::string {
    auto It = Labels.find({static_cast<unsigned>(E), Target});
    return It == Labels.end() ? "" : It->second.front();
  };

  for (unsigned E = 0; E < isa::NumEngines; ++E) {
    const object::Stream &S = P.Streams[E];
    if (!S.size())
      continue;
    const isa::EngineDesc &Eng = isa::engine(static_cast<isa::Engine>(E));
    Out += fmt::format("\n# {} ({}): {} instructions\n", Eng.RecordName, Eng.Name, S.size());
    for (size_t I = 0; I < S.size(); ++I) {
      auto It = Labels.find({E, static_cast<uint32_t>(I)});
      if (It != Labels.end())
        for (const std::string &Name : It->second)
          Out += Name + ":\n";
      if (Opts.LineNumbers && I < S.Locs.size() && S.Locs[I].Line)
        Out += fmt::format("    # {}\n", P.where(S.Locs[I]));
      size_t End = I + 1 < S.size() ? S.Offsets[I + 1] : S.Code.size();
      auto D = isa::decode(std::span(S.Code).subspan(S.Offsets[I], End - S.Offsets[I]));
      if (auto *Err = std::get_if<isa::CodecError>(&D)) {
        Out += fmt::format("    # cannot decode: {}\n", Err->Message);
        continue;
      }
      const isa::Instr &Ins = std::get<isa::Decoded>(D).I;
      // Every line names its engine, so each says whose stream it is in.
      Out += "    " + isa::print(Ins, Namer, /*AlwaysPrefix=*/true);
      if (Opts.Offsets)
        Out += fmt::format("  # {} @0x{:x}", I, S.Offsets[I]);
      Out += "\n";
    }
  }
  return Out;
}

} // namespace trn::assembler
