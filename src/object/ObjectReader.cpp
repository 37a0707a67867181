//===- ObjectReader.cpp - ELF object -> Program ---------------------------===//
//
// Trusts nothing in the file. LLVM's ELFFile bounds-checks the section table
// and every section's contents; everything this format adds (records,
// string offsets, instructions, the line table, symbols) is checked here
// against the file itself and against the limits of the chip it names. The
// first problem found is the answer.
//
//===----------------------------------------------------------------------===//

#include "ObjectFormat.h"
#include "trn/isa/Instr.h"
#include "trn/object/ObjectFile.h"

#include <llvm/ADT/STLExtras.h>
#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Object/ELF.h>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <utility>

namespace trn::object {
namespace {

using namespace format;
namespace ELF = llvm::ELF;
using ELFT = llvm::object::ELF64LE;
using ElfFile = llvm::object::ELFFile<ELFT>;
using Ehdr = ELFT::Ehdr;
using Shdr = ELFT::Shdr;
using Sym = ELFT::Sym;

std::optional<uint64_t> mulChecked(uint64_t A, uint64_t B) {
  uint64_t R;
  if (__builtin_mul_overflow(A, B, &R))
    return std::nullopt;
  return R;
}

std::optional<uint64_t> addChecked(uint64_t A, uint64_t B) {
  uint64_t R;
  if (__builtin_add_overflow(A, B, &R))
    return std::nullopt;
  return R;
}

// Checks the identification bytes and header fields ELFFile leaves to its
// users; returns a message for the first one that is not a trnemu object's.
std::optional<std::string> checkHeader(std::span<const uint8_t> Bytes) {
  if (!looksLikeElf(Bytes))
    return "not an ELF file";
  if (Bytes.size() < sizeof(Ehdr))
    return fmt::format("truncated ELF header: the file has {} bytes, the header needs {}",
                       Bytes.size(), sizeof(Ehdr));
  const auto &H = *reinterpret_cast<const Ehdr *>(Bytes.data());
  if (H.e_ident[ELF::EI_CLASS] != ELF::ELFCLASS64)
    return fmt::format("not a 64-bit ELF file (EI_CLASS {})", H.e_ident[ELF::EI_CLASS]);
  if (H.e_ident[ELF::EI_DATA] != ELF::ELFDATA2LSB)
    return fmt::format("not a little-endian ELF file (EI_DATA {})", H.e_ident[ELF::EI_DATA]);
  // The machine first: it is what tells another architecture's file apart.
  if (H.e_machine != ElfMachine)
    return fmt::format("e_machine 0x{:X} is not trnemu's (0x{:X})", uint16_t(H.e_machine),
                       ElfMachine);
  if (H.e_ident[ELF::EI_VERSION] != ELF::EV_CURRENT)
    return fmt::format("unknown ELF version (EI_VERSION {})", H.e_ident[ELF::EI_VERSION]);
  if (H.e_ident[ELF::EI_OSABI] != ELF::ELFOSABI_NONE)
    return fmt::format("EI_OSABI {} is not 0 (System V)", H.e_ident[ELF::EI_OSABI]);
  if (H.e_type != ELF::ET_REL)
    return fmt::format("e_type {} is not ET_REL (a relocatable object)", uint16_t(H.e_type));
  if (H.e_version != ELF::EV_CURRENT)
    return fmt::format("unknown ELF version (e_version {})", uint32_t(H.e_version));
  if (H.e_flags != 0)
    return fmt::format("e_flags 0x{:X} are not 0", uint32_t(H.e_flags));
  if (H.e_phoff != 0 || H.e_phnum != 0)
    return std::string("a trnemu object has no program headers");
  return std::nullopt;
}

// What the assembler checks of a tensor operand against the chip, its
// register offset aside (only the run knows it): partitions, 16-bit strides
// on chip, and the bytes it spans. The decoder has checked what does not
// depend on the chip (the operand's elements per partition among them).
std::optional<std::string> checkTensor(const isa::AccessPattern &AP, const isa::InstrDesc &D,
                                       const isa::ChipDesc &Chip) {
  bool OnChip = AP.Space != isa::MemSpace::HBM;
  if (OnChip && AP.PartStart + AP.NumPartitions > Chip.Partitions)
    return fmt::format("partitions {} to {} go beyond partition {}", AP.PartStart,
                       AP.PartStart + AP.NumPartitions - 1, Chip.Partitions - 1);
  if (OnChip && !D.IsDma && !D.IsCollective && !D.IsSequencer)
    for (unsigned K = 0; K < AP.NumDims; ++K)
      if (AP.Dims[K].Stride < INT16_MIN || AP.Dims[K].Stride > INT16_MAX)
        return fmt::format("free dimension {} has stride {}: SBUF and PSUM strides are 16-bit "
                           "(-32768 to 32767 elements)",
                           K, AP.Dims[K].Stride);
  auto [First, Last] = AP.byteSpan();
  uint64_t Capacity = AP.Space == isa::MemSpace::HBM    ? Chip.hbmBytes()
                      : AP.Space == isa::MemSpace::SBUF ? Chip.SbufPartitionBytes
                                                        : Chip.psumPartitionBytes();
  if (First < 0 || static_cast<uint64_t>(Last) >= Capacity)
    return fmt::format("reaches bytes {} to {}, outside the {} bytes of {} on {}", First, Last,
                       Capacity,
                       AP.Space == isa::MemSpace::HBM    ? "HBM"
                       : AP.Space == isa::MemSpace::SBUF ? "an SBUF partition"
                                                         : "a PSUM partition",
                       Chip.Name);
  return std::nullopt;
}

// Semaphores, registers, DMA queues, branch targets and tensors of one
// instruction, against the chip and the length of its stream.
std::optional<std::string> checkLimits(const isa::Instr &I, const isa::ChipDesc &Chip,
                                       size_t StreamSize) {
  auto Sem = [&](unsigned S) -> std::optional<std::string> {
    if (S < Chip.Semaphores)
      return std::nullopt;
    return fmt::format("semaphore {} is beyond {}'s {} semaphores", S, Chip.Name, Chip.Semaphores);
  };
  auto Reg = [&](uint64_t R) -> std::optional<std::string> {
    if (R < Chip.Registers)
      return std::nullopt;
    return fmt::format("register r{} is beyond {}'s {} registers", R, Chip.Name, Chip.Registers);
  };
  for (const std::optional<isa::Wait> &W : I.Waits) {
    if (!W)
      continue;
    if (auto Err = Sem(W->Sem))
      return Err;
    if (W->IsReg)
      if (auto Err = Reg(W->Value))
        return Err;
  }
  if (I.Sig)
    if (auto Err = Sem(I.Sig->Sem))
      return Err;
  const isa::InstrDesc &D = I.desc();
  for (size_t K = 0; K < D.Operands.size(); ++K) {
    const isa::Operand &Op = I.Operands[K];
    std::optional<std::string> Err;
    switch (D.Operands[K].Kind) {
    case isa::OperandKind::Semaphore:
      Err = Sem(static_cast<unsigned>(Op.Int));
      break;
    case isa::OperandKind::Register:
      Err = Reg(static_cast<uint64_t>(Op.Int));
      break;
    case isa::OperandKind::AccessPattern:
    case isa::OperandKind::Scalar:
      if (Op.AP.present() && Op.AP.Reg)
        Err = Reg(*Op.AP.Reg);
      if (Op.AP.present() && !Err)
        Err = checkTensor(Op.AP, D, Chip);
      break;
    case isa::OperandKind::DmaQueue: {
      if (Op.Reg) { // its value is checked when the instruction runs
        Err = Reg(*Op.Reg);
        break;
      }
      uint64_t DmaEngine = static_cast<uint64_t>(Op.Int) / 16, Queue = Op.Int % 16;
      if (DmaEngine >= Chip.DmaEngines || Queue >= Chip.DmaQueuesPerEngine)
        Err = fmt::format("DMA queue q{}.{} is beyond {}'s {} engines x {} queues", DmaEngine,
                          Queue, Chip.Name, Chip.DmaEngines, Chip.DmaQueuesPerEngine);
      break;
    }
    case isa::OperandKind::Label:
      if (Op.Int < 0 || static_cast<uint64_t>(Op.Int) >= StreamSize)
        Err = fmt::format("branch target {} is not an instruction of this stream (it has {})",
                          Op.Int, StreamSize);
      break;
    default:
      break;
    }
    if (Err)
      return fmt::format("operand '{}' of '{}': {}", D.Operands[K].Name, D.Mnemonic, *Err);
  }
  return std::nullopt;
}

class ObjectReader {
public:
  explicit ObjectReader(const ElfFile &File) : File(File) {}
  std::variant<Program, std::string> read();

private:
  bool fail(std::string Message) {
    Error = std::move(Message);
    return false;
  }
  template <typename... Args> bool fail(fmt::format_string<Args...> Format, Args &&...A) {
    return fail(fmt::format(Format, std::forward<Args>(A)...));
  }
  bool failLlvm(std::string_view Where, llvm::Error E) {
    return fail("{}: {}", Where, llvm::toString(std::move(E)));
  }

  bool findSections();
  bool readMeta();
  bool readStrings();
  bool readFiles();
  bool readData();
  bool readCode(isa::Engine E);
  bool readLines();
  bool readTensors();
  bool readAllocs();
  bool readSems();
  bool readSymbols();

  template <typename Rec>
  bool readTable(SectionIndex Which, uint32_t Count, llvm::ArrayRef<Rec> &Out);
  bool readString(uint32_t Offset, std::string_view What, std::string &Out);
  bool readName(uint32_t Offset, std::string_view What, std::string &Out);
  bool checkNames();
  bool readLoc(const LocRecord &R, std::string_view What, SourceLoc &Out);
  bool readShape(uint8_t Rank, const U64 (&Dims)[MaxRank], std::string_view What,
                 std::vector<uint64_t> &Out);
  bool readDType(uint8_t Id, std::string_view What, isa::DType &Out);
  // Elements x T's storage size, and the product of Dims; on 64-bit overflow
  // nullopt, with the error set.
  std::optional<uint64_t> sizeInBytes(uint64_t Elements, isa::DType T, std::string_view What);
  std::optional<uint64_t> product(std::span<const uint64_t> Dims, std::string_view What);

  const ElfFile &File;
  Program P;
  std::string Error;
  std::array<const Shdr *, NumSections> Sections{}; // by format index, found by name
  std::array<unsigned, NumSections> ElfIndex{};     // the ELF index each was found at
  MetaRecord Meta{};
  const isa::ChipDesc *Chip = nullptr;
  std::string_view Strings; // .trn.strings, ends with a NUL
};

bool ObjectReader::findSections() {
  auto SectionsOr = File.sections();
  if (!SectionsOr)
    return failLlvm("section header table", SectionsOr.takeError());
  auto NamesOr = File.getSectionStringTable(*SectionsOr);
  if (!NamesOr)
    return failLlvm("section names", NamesOr.takeError());
  for (auto [Index, S] : llvm::enumerate(*SectionsOr)) {
    auto NameOr = File.getSectionName(S, *NamesOr);
    if (!NameOr)
      return failLlvm(fmt::format("section {}", Index), NameOr.takeError());
    for (unsigned Which = 1; Which < NumSections; ++Which) {
      if (*NameOr != sectionName(Which))
        continue;
      if (Sections[Which])
        return fail("section {} appears twice", sectionName(Which));
      Sections[Which] = &S;
      ElfIndex[Which] = static_cast<unsigned>(Index);
    }
  }
  for (unsigned Which = 1; Which < NumSections; ++Which)
    if (!Sections[Which])
      return fail("missing section {}", sectionName(Which));
  return true;
}

template <typename Rec>
bool ObjectReader::readTable(SectionIndex Which, uint32_t Count, llvm::ArrayRef<Rec> &Out) {
  const Shdr &S = *Sections[Which];
  const char *Name = sectionName(Which);
  if (S.sh_type != ELF::SHT_PROGBITS)
    return fail("section {}: type {} is not SHT_PROGBITS", Name, uint32_t(S.sh_type));
  if (S.sh_entsize != sizeof(Rec))
    return fail("section {}: records of {} bytes (sh_entsize), expected {}", Name,
                uint64_t(S.sh_entsize), sizeof(Rec));
  if (S.sh_size % sizeof(Rec) != 0)
    return fail("section {}: {} bytes is not a whole number of {}-byte records", Name,
                uint64_t(S.sh_size), sizeof(Rec));
  auto RecordsOr = File.getSectionContentsAsArray<Rec>(S);
  if (!RecordsOr)
    return failLlvm(fmt::format("section {}", Name), RecordsOr.takeError());
  if (RecordsOr->size() != Count)
    return fail("section {}: {} records, but .trn.meta says {}", Name, RecordsOr->size(), Count);
  Out = *RecordsOr;
  return true;
}

bool ObjectReader::readMeta() {
  const Shdr &S = *Sections[format::Meta];
  auto BytesOr = File.getSectionContents(S);
  if (!BytesOr)
    return failLlvm(".trn.meta", BytesOr.takeError());
  // The version comes first and is checked first, so that a later format
  // with another layout is named as such rather than as a bad record.
  if (BytesOr->size() < sizeof(U32))
    return fail("section .trn.meta: {} bytes, too short for the format version", BytesOr->size());
  uint32_t Version = llvm::support::endian::read32le(BytesOr->data());
  if (Version != FormatVersion)
    return fail("unknown format version {} (this reader knows version {})", Version, FormatVersion);
  llvm::ArrayRef<MetaRecord> Records;
  if (!readTable(format::Meta, 1, Records))
    return false;
  Meta = Records[0];
  if (Meta.Chip >= isa::NumChips)
    return fail("unknown chip id {} (there are {} chips)", uint32_t(Meta.Chip), isa::NumChips);
  P.TargetChip = static_cast<isa::Chip>(uint32_t(Meta.Chip));
  Chip = &isa::chip(P.TargetChip);
  return true;
}

bool ObjectReader::readStrings() {
  const Shdr &S = *Sections[format::Strings];
  if (S.sh_type != ELF::SHT_STRTAB)
    return fail("section .trn.strings: type {} is not SHT_STRTAB", uint32_t(S.sh_type));
  auto TableOr = File.getStringTable(S);
  if (!TableOr)
    return failLlvm("section .trn.strings", TableOr.takeError());
  Strings = *TableOr;
  return true;
}

bool ObjectReader::readString(uint32_t Offset, std::string_view What, std::string &Out) {
  if (Offset >= Strings.size())
    return fail("{}: string offset 0x{:x} is outside .trn.strings ({} bytes)", What, Offset,
                Strings.size());
  std::string_view Rest = Strings.substr(Offset);
  Out = std::string(Rest.substr(0, Rest.find('\0'))); // the table ends with a NUL
  return true;
}

// The assembly language has one name space of identifiers for tensors,
// allocations, semaphores and labels; an object whose names do not fit it
// could not be disassembled into a program trn-as accepts.
bool ObjectReader::checkNames() {
  std::map<std::string, std::string, std::less<>> Seen; // name -> what it names
  auto Check = [&](const std::string &Name, std::string What) {
    bool Ident =
        !Name.empty() && (std::isalpha(static_cast<unsigned char>(Name[0])) || Name[0] == '_') &&
        std::all_of(Name.begin(), Name.end(),
                    [](char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; });
    if (!Ident)
      return fail("{} '{}': names are identifiers ([A-Za-z_][A-Za-z0-9_]*)", What, Name);
    auto [It, New] = Seen.emplace(Name, What);
    if (!New)
      return fail("{} '{}': the name is already used by {}", What, Name, It->second);
    return true;
  };
  for (const Tensor &T : P.Tensors)
    if (!Check(T.Name, "tensor"))
      return false;
  for (const Allocation &A : P.Allocations)
    if (!Check(A.Name, "allocation"))
      return false;
  std::set<uint32_t> Indices;
  for (const Semaphore &S : P.Semaphores) {
    if (!Check(S.Name, "semaphore"))
      return false;
    if (!Indices.insert(S.Index).second)
      return fail("semaphore '{}': index {} is already named", S.Name, S.Index);
  }
  for (const Label &L : P.Labels)
    if (!Check(L.Name, fmt::format("label in {}", isa::engine(L.Eng).RecordName)))
      return false;
  return true;
}

bool ObjectReader::readName(uint32_t Offset, std::string_view What, std::string &Out) {
  if (!readString(Offset, fmt::format("{}: name", What), Out))
    return false;
  if (Out.empty())
    return fail("{}: empty name", What);
  return true;
}

bool ObjectReader::readLoc(const LocRecord &R, std::string_view What, SourceLoc &Out) {
  Out = {R.File, R.Line, R.Col};
  // An unknown location (line 0) may name file 0 even when there are no files.
  if (Out.File >= P.Files.size() && !(Out.File == 0 && Out.Line == 0))
    return fail("{}: file index {} is not below the {} files of .trn.files", What, Out.File,
                P.Files.size());
  return true;
}

bool ObjectReader::readDType(uint8_t Id, std::string_view What, isa::DType &Out) {
  if (Id >= isa::NumDTypes)
    return fail("{}: dtype id {} is not a dtype (there are {})", What, Id, isa::NumDTypes);
  Out = static_cast<isa::DType>(Id);
  return true;
}

bool ObjectReader::readShape(uint8_t Rank, const U64 (&Dims)[MaxRank], std::string_view What,
                             std::vector<uint64_t> &Out) {
  if (Rank < 1 || Rank > MaxRank)
    return fail("{}: rank {} is outside 1 to {}", What, Rank, MaxRank);
  Out.clear();
  for (unsigned D = 0; D < MaxRank; ++D) {
    uint64_t Dim = Dims[D];
    if (D < Rank && Dim == 0)
      return fail("{}: dimension {} is 0", What, D);
    if (D >= Rank && Dim != 0)
      return fail("{}: dimension {} is past rank {} but not 0", What, D, Rank);
    if (D < Rank)
      Out.push_back(Dim);
  }
  return true;
}

std::optional<uint64_t> ObjectReader::product(std::span<const uint64_t> Dims,
                                              std::string_view What) {
  uint64_t N = 1;
  for (uint64_t Dim : Dims) {
    auto Next = mulChecked(N, Dim);
    if (!Next) {
      fail("{}: the shape's element count overflows 64 bits", What);
      return std::nullopt;
    }
    N = *Next;
  }
  return N;
}

std::optional<uint64_t> ObjectReader::sizeInBytes(uint64_t Elements, isa::DType T,
                                                  std::string_view What) {
  auto Bytes = mulChecked(Elements, isa::dtype(T).StorageBytes);
  if (!Bytes)
    fail("{}: the size in bytes overflows 64 bits", What);
  return Bytes;
}

bool ObjectReader::readFiles() {
  llvm::ArrayRef<FileRecord> Records;
  if (!readTable(format::Files, Meta.NumFiles, Records))
    return false;
  for (auto [Index, R] : llvm::enumerate(Records)) {
    std::string &Name = P.Files.emplace_back();
    if (!readString(R.Name, fmt::format("file {}", Index), Name))
      return false;
    // Names are printed in messages and in disassembly comments: a newline
    // there would start a line of assembly of the object's choosing.
    auto Bad = std::find_if(Name.begin(), Name.end(), [](char C) {
      auto U = static_cast<unsigned char>(C);
      return U < 0x20 || U == 0x7F;
    });
    if (Bad != Name.end())
      return fail("file {} '{}': control character 0x{:02x} at byte {}: file names may not hold "
                  "control characters",
                  Index, printableFileName(Name), static_cast<unsigned char>(*Bad),
                  Bad - Name.begin());
  }
  return true;
}

bool ObjectReader::readData() {
  const Shdr &S = *Sections[format::Data];
  if (S.sh_type != ELF::SHT_PROGBITS)
    return fail("section .trn.data: type {} is not SHT_PROGBITS", uint32_t(S.sh_type));
  auto BytesOr = File.getSectionContents(S);
  if (!BytesOr)
    return failLlvm("section .trn.data", BytesOr.takeError());
  if (BytesOr->size() > MaxInitialDataBytes)
    return fail("section .trn.data: {} bytes, more than the {} bytes (256 MiB) of initial data a "
                "program may hold",
                BytesOr->size(), MaxInitialDataBytes);
  P.Data.assign(BytesOr->begin(), BytesOr->end());
  return true;
}

bool ObjectReader::readCode(isa::Engine E) {
  unsigned EngineIndex = static_cast<unsigned>(E);
  const char *Name = TextSectionNames[EngineIndex];
  const Shdr &S = *Sections[FirstText + EngineIndex];
  if (S.sh_type != ELF::SHT_PROGBITS)
    return fail("section {}: type {} is not SHT_PROGBITS", Name, uint32_t(S.sh_type));
  auto BytesOr = File.getSectionContents(S);
  if (!BytesOr)
    return failLlvm(fmt::format("section {}", Name), BytesOr.takeError());
  std::span<const uint8_t> Code(BytesOr->data(), BytesOr->size());
  if (Code.size() > UINT32_MAX)
    return fail("section {}: {} bytes, more than 32-bit offsets reach", Name, Code.size());

  Stream &Out = P.Streams[EngineIndex];
  Out.Code.assign(Code.begin(), Code.end());
  // Decoded instructions are large next to their bytes: each is decoded
  // again for the second pass rather than kept.
  for (size_t Offset = 0; Offset < Code.size();) {
    auto Where = [&] {
      return fmt::format("section {}: instruction {} at offset 0x{:x}", Name, Out.Offsets.size(),
                         Offset);
    };
    auto Result = isa::decode(Code.subspan(Offset));
    if (auto *Err = std::get_if<isa::CodecError>(&Result))
      return fail("{}: {}", Where(), Err->Message);
    const auto &D = std::get<isa::Decoded>(Result);
    if (D.I.Eng != E)
      return fail("{}: '{}' is encoded for engine {}, but this is {}'s stream", Where(),
                  D.I.desc().Mnemonic, isa::engine(D.I.Eng).RecordName, isa::engine(E).RecordName);
    Out.Offsets.push_back(static_cast<uint32_t>(Offset));
    Offset += D.Size;
  }
  size_t Count = Out.Offsets.size();
  if (Count != Meta.NumInstrs[EngineIndex])
    return fail("section {}: {} instructions, but .trn.meta says {}", Name, Count,
                uint32_t(Meta.NumInstrs[EngineIndex]));
  // Branch targets need the stream's length, so they are checked after it.
  for (size_t I = 0; I < Count; ++I) {
    auto Again = isa::decode(Code.subspan(Out.Offsets[I]));
    if (auto Err = checkLimits(std::get<isa::Decoded>(Again).I, *Chip, Count))
      return fail("section {}: instruction {} at offset 0x{:x}: {}", Name, I, Out.Offsets[I], *Err);
  }
  return true;
}

bool ObjectReader::readLines() {
  uint64_t Total = 0;
  for (const Stream &S : P.Streams)
    Total += S.size();
  llvm::ArrayRef<LineRecord> Records;
  if (!readTable(format::Lines, static_cast<uint32_t>(Total), Records))
    return false;
  size_t Next = 0;
  for (unsigned E = 0; E < isa::NumEngines; ++E) {
    Stream &S = P.Streams[E];
    const char *Engine = isa::engine(static_cast<isa::Engine>(E)).RecordName;
    for (size_t I = 0; I < S.size(); ++I, ++Next) {
      const LineRecord &R = Records[Next];
      std::string What = fmt::format("section .trn.lines: record {}", Next);
      if (R.Engine != E || R.Index != I) {
        std::string Found = R.Engine < isa::NumEngines
                                ? isa::engine(static_cast<isa::Engine>(R.Engine)).RecordName
                                : fmt::format("engine id {}", R.Engine);
        return fail("{} is for {} instruction {}, expected {} instruction {} (one record per "
                    "instruction, in order)",
                    What, Found, uint32_t(R.Index), Engine, I);
      }
      if (R.Reserved[0] || R.Reserved[1] || R.Reserved[2])
        return fail("{}: reserved bytes are not 0", What);
      if (R.Offset != S.Offsets[I])
        return fail("{}: offset 0x{:x}, but {} instruction {} is at 0x{:x}", What,
                    uint32_t(R.Offset), Engine, I, S.Offsets[I]);
      if (!readLoc(R.Loc, What, S.Locs.emplace_back()))
        return false;
    }
  }
  return true;
}

bool ObjectReader::readTensors() {
  llvm::ArrayRef<TensorRecord> Records;
  if (!readTable(format::Tensors, Meta.NumTensors, Records))
    return false;
  std::set<std::string, std::less<>> Names;
  uint64_t InitTotal = 0; // what the emulator copies into HBM
  for (auto [Index, R] : llvm::enumerate(Records)) {
    Tensor &T = P.Tensors.emplace_back();
    if (!readName(R.Name, fmt::format("tensor {}", Index), T.Name))
      return false;
    std::string What = fmt::format("tensor {} '{}'", Index, T.Name);
    if (!Names.insert(T.Name).second)
      return fail("{}: a tensor of that name comes earlier", What);
    if (!readDType(R.DType, What, T.Type))
      return false;
    if (R.Role > static_cast<uint8_t>(TensorRole::Scratch))
      return fail("{}: role id {} is not input (0), output (1) or scratch (2)", What, R.Role);
    T.Role = static_cast<TensorRole>(R.Role);
    if (!readShape(R.Rank, R.Shape, What, T.Shape))
      return false;
    auto Elements = product(T.Shape, What);
    auto Bytes = Elements ? sizeInBytes(*Elements, T.Type, What) : std::nullopt;
    if (!Bytes)
      return false;
    T.Address = R.Address;
    auto End = addChecked(T.Address, *Bytes);
    if (!End || *End > Chip->hbmBytes())
      return fail("{}: bytes [0x{:x}, +0x{:x}) go beyond {}'s {} GiB of HBM", What, T.Address,
                  *Bytes, Chip->Name, Chip->HbmGiB);
    if (R.HasInit > 1)
      return fail("{}: has-init flag {} is neither 0 nor 1", What, R.HasInit);
    if (R.HasInit) {
      T.InitOffset = R.InitOffset;
      auto InitEnd = addChecked(*T.InitOffset, *Bytes);
      if (!InitEnd || *InitEnd > P.Data.size())
        return fail("{}: initial data [0x{:x}, +0x{:x}) goes beyond .trn.data ({} bytes)", What,
                    *T.InitOffset, *Bytes, P.Data.size());
      // Tensors may share bytes of .trn.data, but each is its own copy in
      // HBM: a small object could otherwise ask for gigabytes.
      InitTotal += *Bytes;
      if (InitTotal > MaxInitialDataBytes)
        return fail("{}: the initial data of the tensors up to this one comes to {} bytes, more "
                    "than the {} bytes (256 MiB) a program may hold (tensors sharing bytes of "
                    ".trn.data count each)",
                    What, InitTotal, MaxInitialDataBytes);
    } else if (R.InitOffset != 0) {
      return fail("{}: no initial data, but an initial-data offset of 0x{:x}", What,
                  uint64_t(R.InitOffset));
    }
    if (R.Flags & ~TensorSharedFlag)
      return fail("{}: flags 0x{:x} name no flag but shared (1)", What, R.Flags);
    T.Shared = R.Flags & TensorSharedFlag;
    if (T.Shared && T.Address % SharedTensorAlign)
      return fail("{}: a shared tensor starts on a 64 KiB page (address 0x{:x})", What, T.Address);
    if (!readLoc(R.Loc, What, T.Loc))
      return false;
  }
  return true;
}

bool ObjectReader::readAllocs() {
  llvm::ArrayRef<AllocRecord> Records;
  if (!readTable(format::Allocs, Meta.NumAllocs, Records))
    return false;
  std::set<std::string, std::less<>> Names;
  for (auto [Index, R] : llvm::enumerate(Records)) {
    Allocation &A = P.Allocations.emplace_back();
    if (!readName(R.Name, fmt::format("allocation {}", Index), A.Name))
      return false;
    std::string What = fmt::format("allocation {} '{}'", Index, A.Name);
    if (!Names.insert(A.Name).second)
      return fail("{}: an allocation of that name comes earlier", What);
    if (R.Space != static_cast<uint8_t>(isa::MemSpace::SBUF) &&
        R.Space != static_cast<uint8_t>(isa::MemSpace::PSUM))
      return fail("{}: memory space id {} is neither SBUF ({}) nor PSUM ({})", What, R.Space,
                  static_cast<unsigned>(isa::MemSpace::SBUF),
                  static_cast<unsigned>(isa::MemSpace::PSUM));
    A.Space = static_cast<isa::MemSpace>(R.Space);
    if (!readDType(R.DType, What, A.Type) || !readShape(R.Rank, R.Shape, What, A.Shape))
      return false;
    if (R.Reserved != 0)
      return fail("{}: reserved byte is not 0", What);
    A.PartStart = R.PartStart;
    auto PartEnd = addChecked(A.PartStart, A.Shape[0]);
    if (!PartEnd || *PartEnd > Chip->Partitions)
      return fail("{}: partitions [{}, +{}) go beyond {}'s {} partitions", What, A.PartStart,
                  A.Shape[0], Chip->Name, Chip->Partitions);
    auto Elements = product(std::span(A.Shape).subspan(1), What);
    auto Bytes = Elements ? sizeInBytes(*Elements, A.Type, What) : std::nullopt;
    if (!Bytes)
      return false;
    A.Offset = R.Offset;
    uint64_t Capacity =
        A.Space == isa::MemSpace::SBUF ? Chip->SbufPartitionBytes : Chip->psumPartitionBytes();
    auto End = addChecked(A.Offset, *Bytes);
    if (!End || *End > Capacity)
      return fail("{}: bytes [0x{:x}, +0x{:x}) of each partition go beyond {}'s {} bytes of {}",
                  What, A.Offset, *Bytes, Chip->Name, Capacity, isa::memSpace(A.Space).Name);
    if (!readLoc(R.Loc, What, A.Loc))
      return false;
  }
  return true;
}

bool ObjectReader::readSems() {
  llvm::ArrayRef<SemRecord> Records;
  if (!readTable(format::Sems, Meta.NumSems, Records))
    return false;
  std::set<std::string, std::less<>> Names;
  for (auto [Index, R] : llvm::enumerate(Records)) {
    Semaphore &S = P.Semaphores.emplace_back();
    if (!readName(R.Name, fmt::format("semaphore {}", Index), S.Name))
      return false;
    std::string What = fmt::format("semaphore {} '{}'", Index, S.Name);
    if (!Names.insert(S.Name).second)
      return fail("{}: a semaphore of that name comes earlier", What);
    S.Index = R.Index;
    if (S.Index >= Chip->Semaphores)
      return fail("{}: index {} is beyond {}'s {} semaphores", What, S.Index, Chip->Name,
                  Chip->Semaphores);
    S.Initial = R.Initial;
    if (!readLoc(R.Loc, What, S.Loc))
      return false;
  }
  return true;
}

bool ObjectReader::readSymbols() {
  const Shdr &S = *Sections[Symtab];
  if (S.sh_type != ELF::SHT_SYMTAB)
    return fail("section .symtab: type {} is not SHT_SYMTAB", uint32_t(S.sh_type));
  auto SymsOr = File.symbols(&S);
  if (!SymsOr)
    return failLlvm("section .symtab", SymsOr.takeError());
  auto NamesOr = File.getStringTableForSymtab(S);
  if (!NamesOr)
    return failLlvm("section .symtab", NamesOr.takeError());
  auto Syms = *SymsOr;
  if (Syms.empty())
    return fail("section .symtab: no symbols (not even the null symbol)");
  const Sym &Null = Syms[0];
  if (Null.st_name || Null.st_info || Null.st_other || Null.st_shndx || Null.st_value ||
      Null.st_size)
    return fail("section .symtab: symbol 0 is not the null symbol");
  if (S.sh_info < 1 || S.sh_info > Syms.size())
    return fail("section .symtab: sh_info {} (the first global symbol) is outside 1 to {}",
                uint32_t(S.sh_info), Syms.size());

  size_t NumAllocSyms = 0, NumTensorSyms = 0;
  std::set<std::pair<isa::Engine, std::string>> LabelNames;
  for (size_t Index = 1; Index < Syms.size(); ++Index) {
    const Sym &Y = Syms[Index];
    auto NameOr = Y.getName(*NamesOr);
    if (!NameOr)
      return failLlvm(fmt::format("symbol {}", Index), NameOr.takeError());
    std::string Name = NameOr->str();
    std::string What = fmt::format("symbol {} '{}'", Index, Name);
    bool Local = Y.getBinding() == ELF::STB_LOCAL;
    if (Local != (Index < S.sh_info))
      return fail("{}: binding {} on the wrong side of sh_info {} (locals come first)", What,
                  Y.getBinding(), uint32_t(S.sh_info));
    auto Text = std::find(ElfIndex.begin() + FirstText,
                          ElfIndex.begin() + FirstText + isa::NumEngines, Y.st_shndx);
    bool InText = Text != ElfIndex.begin() + FirstText + isa::NumEngines;
    bool Abs = Y.st_shndx == ELF::SHN_ABS;

    if (InText && Local && Y.getType() == ELF::STT_NOTYPE) {
      unsigned EngineIndex = static_cast<unsigned>(Text - (ElfIndex.begin() + FirstText));
      auto E = static_cast<isa::Engine>(EngineIndex);
      const Stream &Code = P.Streams[EngineIndex];
      const char *Section = TextSectionNames[EngineIndex];
      uint64_t Offset = Y.st_value;
      if (Name.empty())
        return fail("{}: a label with an empty name", What);
      if (!LabelNames.emplace(E, Name).second)
        return fail("label '{}': defined twice in {}", Name, Section);
      if (Offset >= Code.Code.size())
        return fail("label '{}': offset 0x{:x} is past the end of {} ({} bytes)", Name, Offset,
                    Section, Code.Code.size());
      auto At = std::lower_bound(Code.Offsets.begin(), Code.Offsets.end(), Offset);
      if (At == Code.Offsets.end() || *At != Offset)
        return fail("label '{}': offset 0x{:x} is inside an instruction of {}, not at its start",
                    Name, Offset, Section);
      P.Labels.push_back({Name, E, static_cast<uint32_t>(At - Code.Offsets.begin())});
    } else if (Abs && Y.getType() == ELF::STT_OBJECT && Local) {
      if (NumAllocSyms >= P.Allocations.size())
        return fail("{}: more allocation symbols than the {} allocations", What,
                    P.Allocations.size());
      const Allocation &A = P.Allocations[NumAllocSyms++];
      if (Name != A.Name || Y.st_value != A.Offset || Y.st_size != A.bytesPerPartition())
        return fail("{}: value 0x{:x} size {} does not match allocation '{}' (0x{:x}, {})", What,
                    uint64_t(Y.st_value), uint64_t(Y.st_size), A.Name, A.Offset,
                    A.bytesPerPartition());
    } else if (Abs && Y.getType() == ELF::STT_OBJECT && !Local) {
      if (NumTensorSyms >= P.Tensors.size())
        return fail("{}: more tensor symbols than the {} tensors", What, P.Tensors.size());
      const Tensor &T = P.Tensors[NumTensorSyms++];
      if (Name != T.Name || Y.st_value != T.Address || Y.st_size != T.bytes())
        return fail("{}: value 0x{:x} size {} does not match tensor '{}' (0x{:x}, {})", What,
                    uint64_t(Y.st_value), uint64_t(Y.st_size), T.Name, T.Address, T.bytes());
    } else {
      return fail("{}: neither a label (local, no type, in a .text section), an allocation "
                  "(local object, absolute) nor a tensor (global object, absolute)",
                  What);
    }
  }
  if (NumAllocSyms != P.Allocations.size())
    return fail("section .symtab: {} allocation symbols for {} allocations", NumAllocSyms,
                P.Allocations.size());
  if (NumTensorSyms != P.Tensors.size())
    return fail("section .symtab: {} tensor symbols for {} tensors", NumTensorSyms,
                P.Tensors.size());
  if (P.Labels.size() != Meta.NumLabels)
    return fail("section .symtab: {} labels, but .trn.meta says {}", P.Labels.size(),
                uint32_t(Meta.NumLabels));
  return true;
}

std::variant<Program, std::string> ObjectReader::read() {
  bool Ok = findSections() && readMeta() && readStrings() && readFiles() && readData();
  for (unsigned E = 0; Ok && E < isa::NumEngines; ++E)
    Ok = readCode(static_cast<isa::Engine>(E));
  Ok = Ok && readLines() && readTensors() && readAllocs() && readSems() && readSymbols() &&
       checkNames();
  if (!Ok)
    return Error;
  return std::move(P);
}

} // namespace

bool looksLikeElf(std::span<const uint8_t> Bytes) {
  return Bytes.size() >= 4 && std::equal(Bytes.begin(), Bytes.begin() + 4, ELF::ElfMagic);
}

std::variant<Program, std::string> readObject(std::span<const uint8_t> Bytes) {
  if (auto Err = checkHeader(Bytes))
    return *Err;
  // ELF's types are byte-aligned little-endian structs, so ELFFile reads them
  // in place from any address.
  auto FileOr =
      ElfFile::create(llvm::StringRef(reinterpret_cast<const char *>(Bytes.data()), Bytes.size()));
  if (!FileOr)
    return llvm::toString(FileOr.takeError());
  return ObjectReader(*FileOr).read();
}

} // namespace trn::object
