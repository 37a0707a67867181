//===- ObjectWriter.cpp - Program -> ELF object ---------------------------===//
//
// Lays the object out by hand (no MC): ELF header, the sections in the fixed
// order of ObjectFormat.h, each padded to its alignment, then the section
// header table. The writer trusts the Program; the reader checks the result.
//
//===----------------------------------------------------------------------===//

#include "ObjectFormat.h"
#include "trn/object/ObjectFile.h"

#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Object/ELFTypes.h>
#include <llvm/Support/MathExtras.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <span>
#include <string_view>

namespace trn::object {
namespace {

using namespace format;
namespace ELF = llvm::ELF;
using Ehdr = llvm::object::ELF64LE::Ehdr;
using Shdr = llvm::object::ELF64LE::Shdr;
using Sym = llvm::object::ELF64LE::Sym;

template <typename T> void appendBytes(std::vector<uint8_t> &Out, const T &Value) {
  const auto *Bytes = reinterpret_cast<const uint8_t *>(&Value);
  Out.insert(Out.end(), Bytes, Bytes + sizeof(T));
}

template <typename T> std::vector<uint8_t> recordBytes(const std::vector<T> &Records) {
  std::vector<uint8_t> Out;
  Out.reserve(Records.size() * sizeof(T));
  for (const T &R : Records)
    appendBytes(Out, R);
  return Out;
}

// A string table: offset 0 is the empty string; equal strings are stored once.
class StringPool {
public:
  StringPool() : Bytes(1, 0) {}
  uint32_t add(std::string_view S) {
    if (S.empty())
      return 0;
    auto [It, Inserted] = Offsets.try_emplace(std::string(S), static_cast<uint32_t>(Bytes.size()));
    if (Inserted) {
      Bytes.insert(Bytes.end(), S.begin(), S.end());
      Bytes.push_back(0);
    }
    return It->second;
  }
  const std::vector<uint8_t> &bytes() const { return Bytes; }

private:
  std::vector<uint8_t> Bytes;
  std::map<std::string, uint32_t, std::less<>> Offsets;
};

LocRecord locRecord(const SourceLoc &Loc) {
  LocRecord R;
  R.File = Loc.File;
  R.Line = Loc.Line;
  R.Col = Loc.Col;
  return R;
}

// Rank and shape as the record stores them; a rank over MaxRank is written
// as is (dims past MaxRank dropped) so that the reader rejects it.
template <typename Rec> void putShape(Rec &R, const std::vector<uint64_t> &Shape) {
  R.Rank = static_cast<uint8_t>(std::min<size_t>(Shape.size(), 255));
  for (size_t D = 0; D < Shape.size() && D < MaxRank; ++D)
    R.Shape[D] = Shape[D];
}

struct SectionSpec {
  uint32_t Type = ELF::SHT_NULL;
  uint64_t Flags = 0;
  uint64_t Align = 1;
  uint64_t EntSize = 0;
  uint32_t Link = 0, Info = 0;
  std::vector<uint8_t> Contents;
  // The program's own bytes (code, initial data), written from where they
  // are rather than copied: they can be hundreds of MiB.
  std::span<const uint8_t> Borrowed;

  std::span<const uint8_t> bytes() const {
    return Borrowed.empty() ? std::span<const uint8_t>(Contents) : Borrowed;
  }
};

class ObjectWriter {
public:
  explicit ObjectWriter(const Program &P) : P(P) {}
  std::vector<uint8_t> write();

private:
  void addText();
  void addTables();
  void addSymbols();
  std::vector<uint8_t> layOut() const;

  template <typename T> void addTable(SectionIndex Index, const std::vector<T> &Records) {
    Sections[Index] = {ELF::SHT_PROGBITS,    0, alignof(uint64_t), sizeof(T), 0, 0,
                       recordBytes(Records), {}};
  }

  const Program &P;
  std::array<SectionSpec, NumSections> Sections;
  StringPool Strings; // .trn.strings
};

void ObjectWriter::addText() {
  for (unsigned E = 0; E < isa::NumEngines; ++E)
    Sections[FirstText + E] = {
        ELF::SHT_PROGBITS, ELF::SHF_ALLOC | ELF::SHF_EXECINSTR, 4, 0, 0, 0, {}, P.Streams[E].Code};
}

void ObjectWriter::addTables() {
  MetaRecord Meta{};
  Meta.Version = FormatVersion;
  Meta.Chip = static_cast<uint32_t>(P.TargetChip);
  Meta.NumFiles = static_cast<uint32_t>(P.Files.size());
  Meta.NumTensors = static_cast<uint32_t>(P.Tensors.size());
  Meta.NumAllocs = static_cast<uint32_t>(P.Allocations.size());
  Meta.NumSems = static_cast<uint32_t>(P.Semaphores.size());
  Meta.NumLabels = static_cast<uint32_t>(P.Labels.size());
  for (unsigned E = 0; E < isa::NumEngines; ++E)
    Meta.NumInstrs[E] = static_cast<uint32_t>(P.Streams[E].size());
  addTable(format::Meta, std::vector{Meta});

  std::vector<FileRecord> Files(P.Files.size());
  for (size_t I = 0; I < P.Files.size(); ++I)
    Files[I].Name = Strings.add(P.Files[I]);
  addTable(format::Files, Files);

  std::vector<TensorRecord> Tensors;
  for (const Tensor &T : P.Tensors) {
    TensorRecord R{};
    R.Name = Strings.add(T.Name);
    R.DType = static_cast<uint8_t>(T.Type);
    R.Role = static_cast<uint8_t>(T.Role);
    putShape(R, T.Shape);
    R.HasInit = T.InitOffset.has_value();
    R.Address = T.Address;
    R.InitOffset = T.InitOffset.value_or(0);
    R.Loc = locRecord(T.Loc);
    R.Flags = T.Shared ? TensorSharedFlag : 0;
    Tensors.push_back(R);
  }
  addTable(format::Tensors, Tensors);

  std::vector<AllocRecord> Allocs;
  for (const Allocation &A : P.Allocations) {
    AllocRecord R{};
    R.Name = Strings.add(A.Name);
    R.Space = static_cast<uint8_t>(A.Space);
    R.DType = static_cast<uint8_t>(A.Type);
    putShape(R, A.Shape);
    R.Offset = A.Offset;
    R.PartStart = A.PartStart;
    R.Loc = locRecord(A.Loc);
    Allocs.push_back(R);
  }
  addTable(format::Allocs, Allocs);

  std::vector<SemRecord> Sems;
  for (const Semaphore &S : P.Semaphores) {
    SemRecord R;
    R.Name = Strings.add(S.Name);
    R.Index = S.Index;
    R.Initial = S.Initial;
    R.Loc = locRecord(S.Loc);
    Sems.push_back(R);
  }
  addTable(format::Sems, Sems);

  std::vector<LineRecord> Lines;
  for (unsigned E = 0; E < isa::NumEngines; ++E) {
    const Stream &S = P.Streams[E];
    for (size_t I = 0; I < S.size(); ++I) {
      LineRecord R{};
      R.Engine = static_cast<uint8_t>(E);
      R.Index = static_cast<uint32_t>(I);
      R.Offset = S.Offsets[I];
      R.Loc = locRecord(I < S.Locs.size() ? S.Locs[I] : SourceLoc{});
      Lines.push_back(R);
    }
  }
  addTable(format::Lines, Lines);

  Sections[format::Strings] = {ELF::SHT_STRTAB, 0, 1, 0, 0, 0, Strings.bytes(), {}};
  Sections[format::Data] = {ELF::SHT_PROGBITS, 0, alignof(uint64_t), 0, 0, 0, {}, P.Data};
}

// Locals first, as ELF requires: labels, then allocations; then the tensors,
// global because they are the program's interface (bound by name at run
// time).
void ObjectWriter::addSymbols() {
  StringPool Names;         // .strtab
  std::vector<Sym> Syms(1); // the null symbol
  auto Add = [&](std::string_view Name, uint8_t Bind, uint8_t Type, uint16_t Section,
                 uint64_t Value, uint64_t Size) {
    Sym S{};
    S.st_name = Names.add(Name);
    S.setBindingAndType(Bind, Type);
    S.st_shndx = Section;
    S.st_value = Value;
    S.st_size = Size;
    Syms.push_back(S);
  };
  for (const Label &L : P.Labels) {
    const Stream &S = P.stream(L.Eng);
    // A label past the last instruction gets the end offset; the reader
    // rejects it.
    uint64_t Offset = L.Index < S.size() ? S.Offsets[L.Index] : S.Code.size();
    Add(L.Name, ELF::STB_LOCAL, ELF::STT_NOTYPE, FirstText + static_cast<unsigned>(L.Eng), Offset,
        0);
  }
  for (const Allocation &A : P.Allocations)
    Add(A.Name, ELF::STB_LOCAL, ELF::STT_OBJECT, ELF::SHN_ABS, A.Offset, A.bytesPerPartition());
  uint32_t FirstGlobal = static_cast<uint32_t>(Syms.size());
  for (const Tensor &T : P.Tensors)
    Add(T.Name, ELF::STB_GLOBAL, ELF::STT_OBJECT, ELF::SHN_ABS, T.Address, T.bytes());

  Sections[Symtab] = {ELF::SHT_SYMTAB, 0,           alignof(uint64_t), sizeof(Sym),
                      Strtab,          FirstGlobal, recordBytes(Syms), {}};
  Sections[Strtab] = {ELF::SHT_STRTAB, 0, 1, 0, 0, 0, Names.bytes(), {}};
}

std::vector<uint8_t> ObjectWriter::layOut() const {
  StringPool SectionNames; // .shstrtab
  std::array<uint32_t, NumSections> NameOffsets{};
  for (unsigned I = 1; I < NumSections; ++I)
    NameOffsets[I] = SectionNames.add(sectionName(I));
  std::vector<uint8_t> ShstrtabBytes = SectionNames.bytes();

  auto ContentsOf = [&](unsigned I) {
    return I == Shstrtab ? std::span<const uint8_t>(ShstrtabBytes) : Sections[I].bytes();
  };
  // The whole size first, so that the object is allocated once.
  uint64_t Size = sizeof(Ehdr);
  for (unsigned I = 1; I < NumSections; ++I)
    Size = llvm::alignTo(Size, Sections[I].Align) + ContentsOf(I).size();
  Size = llvm::alignTo(Size, alignof(uint64_t)) + NumSections * sizeof(Shdr);

  std::vector<uint8_t> Out(sizeof(Ehdr), 0);
  Out.reserve(Size);
  std::array<uint64_t, NumSections> Offsets{};
  for (unsigned I = 1; I < NumSections; ++I) {
    const SectionSpec &S = Sections[I];
    std::span<const uint8_t> Contents = ContentsOf(I);
    Out.resize(llvm::alignTo(Out.size(), S.Align), 0);
    Offsets[I] = Out.size();
    Out.insert(Out.end(), Contents.begin(), Contents.end());
  }
  Out.resize(llvm::alignTo(Out.size(), alignof(uint64_t)), 0);
  uint64_t SectionTableOffset = Out.size();

  for (unsigned I = 0; I < NumSections; ++I) {
    const SectionSpec &S = Sections[I];
    Shdr H{};
    if (I != NullSection) {
      H.sh_name = NameOffsets[I];
      H.sh_type = I == Shstrtab ? ELF::SHT_STRTAB : S.Type;
      H.sh_flags = S.Flags;
      H.sh_offset = Offsets[I];
      H.sh_size = ContentsOf(I).size();
      H.sh_link = S.Link;
      H.sh_info = S.Info;
      H.sh_addralign = S.Align;
      H.sh_entsize = S.EntSize;
    }
    appendBytes(Out, H);
  }

  Ehdr Header{};
  std::memcpy(Header.e_ident, ELF::ElfMagic, 4);
  Header.e_ident[ELF::EI_CLASS] = ELF::ELFCLASS64;
  Header.e_ident[ELF::EI_DATA] = ELF::ELFDATA2LSB;
  Header.e_ident[ELF::EI_VERSION] = ELF::EV_CURRENT;
  Header.e_ident[ELF::EI_OSABI] = ELF::ELFOSABI_NONE;
  Header.e_type = ELF::ET_REL;
  Header.e_machine = ElfMachine;
  Header.e_version = ELF::EV_CURRENT;
  Header.e_shoff = SectionTableOffset;
  Header.e_flags = 0;
  Header.e_ehsize = sizeof(Ehdr);
  Header.e_shentsize = sizeof(Shdr);
  Header.e_shnum = NumSections;
  Header.e_shstrndx = Shstrtab;
  std::memcpy(Out.data(), &Header, sizeof(Header));
  return Out;
}

std::vector<uint8_t> ObjectWriter::write() {
  addText();
  addTables();
  addSymbols();
  return layOut();
}

} // namespace

std::vector<uint8_t> writeObject(const Program &P) { return ObjectWriter(P).write(); }

} // namespace trn::object
