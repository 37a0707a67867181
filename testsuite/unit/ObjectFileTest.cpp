//===- ObjectFileTest.cpp - Program <-> ELF object round trip and checks --===//
//
// A hand-built program (instructions from trn::isa::encode, tensors with and
// without initial data, allocations, semaphores, labels, source locations)
// must come back from its object file unchanged. Then the object is damaged
// in the ways docs/object-format.md says the reader catches, one at a time,
// and each must give its message: never a crash, never a wrong program.
//
//===----------------------------------------------------------------------===//

#include "trn/object/ObjectFile.h"

#include "trn/isa/Instr.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <vector>

using namespace trn;
using namespace trn::object;
using isa::DType;
using isa::Engine;
using isa::MemSpace;
using isa::Opcode;

namespace {

isa::Instr makeInstr(Opcode Op, Engine E) {
  isa::Instr I;
  I.Op = Op;
  I.Eng = E;
  const isa::InstrDesc &D = isa::instr(Op);
  for (size_t K = 0; K < D.Operands.size(); ++K)
    I.Operands[K] = isa::defaultOperand(D.Operands[K]);
  return I;
}

isa::Operand &operand(isa::Instr &I, std::string_view Name) {
  const isa::InstrDesc &D = I.desc();
  for (size_t K = 0; K < D.Operands.size(); ++K)
    if (D.Operands[K].Name == Name)
      return I.Operands[K];
  FAIL("no operand '" << Name << "' in " << D.Mnemonic);
  return I.Operands[0];
}

isa::AccessPattern pattern(MemSpace Space, DType Type, uint32_t Partitions, uint64_t Base,
                           uint32_t Count) {
  isa::AccessPattern AP;
  AP.Space = Space;
  AP.Type = Type;
  AP.NumPartitions = Partitions;
  AP.Base = Base;
  AP.NumDims = 1;
  AP.Dims[0] = {1, Count};
  if (Space == MemSpace::HBM)
    AP.PartStep = Count; // rows of Count elements
  return AP;
}

void append(Program &P, const isa::Instr &I, SourceLoc Loc) {
  std::vector<uint8_t> Bytes;
  auto Err = isa::encode(I, Bytes);
  REQUIRE_MESSAGE(!Err, (Err ? Err->Message : ""));
  Stream &S = P.stream(I.Eng);
  S.Offsets.push_back(static_cast<uint32_t>(S.Code.size()));
  S.Code.insert(S.Code.end(), Bytes.begin(), Bytes.end());
  S.Locs.push_back(Loc);
}

// DMA a into SBUF (SP), multiply it on PE, count a loop on DVE.
Program sampleProgram() {
  Program P;
  P.TargetChip = isa::Chip::trn2;
  P.Files = {"kernel.s", "common.inc"};

  isa::Instr Nop = makeInstr(Opcode::NOP, Engine::SP);
  Nop.Waits[0] = isa::Wait{1, isa::WaitCond::Ge, false, 1};
  Nop.Sig = isa::Signal{2, 1};
  append(P, Nop, {0, 3, 5});

  isa::Instr Dma = makeInstr(Opcode::DMA_COPY, Engine::SP);
  operand(Dma, "dst").AP = pattern(MemSpace::SBUF, DType::BF16, 128, 0, 64);
  operand(Dma, "src").AP = pattern(MemSpace::HBM, DType::BF16, 128, 0, 64);
  operand(Dma, "queue").Int = 3 * 16 + 2;
  Dma.Sig = isa::Signal{3, 1};
  append(P, Dma, {0, 4, 5});
  append(P, makeInstr(Opcode::HALT, Engine::SP), {1, 7, 1});

  isa::Instr Matmul = makeInstr(Opcode::MATMUL, Engine::PE);
  Matmul.Waits[0] = isa::Wait{3, isa::WaitCond::Ge, false, 1};
  operand(Matmul, "dst").AP = pattern(MemSpace::PSUM, DType::FP32, 128, 0, 64);
  operand(Matmul, "stationary").AP = pattern(MemSpace::SBUF, DType::BF16, 128, 0, 128);
  operand(Matmul, "moving").AP = pattern(MemSpace::SBUF, DType::BF16, 128, 0, 64);
  operand(Matmul, "acc").Int = 1; // accumulate
  append(P, Matmul, {0, 9, 5});

  isa::Instr Add = makeInstr(Opcode::ADD_RI, Engine::DVE);
  operand(Add, "rd").Int = 1;
  operand(Add, "rs1").Int = 1;
  operand(Add, "imm").Int = -1;
  append(P, Add, {0, 12, 3});
  isa::Instr Bne = makeInstr(Opcode::BNE, Engine::DVE);
  operand(Bne, "rs1").Int = 1;
  operand(Bne, "rs2").Int = 2;
  operand(Bne, "target").Int = 0;
  append(P, Bne, {0, 13, 3});

  P.Tensors.push_back(
      {"a", DType::BF16, {128, 64}, TensorRole::Input, 0, std::nullopt, false, {0, 1, 1}});
  P.Tensors.push_back({"w", DType::FP32, {2, 3}, TensorRole::Scratch, 0x4000, 8, false, {1, 2, 1}});
  // Shared by the cores of a chip: on its own 64 KiB pages.
  P.Tensors.push_back(
      {"out", DType::FP32, {128, 64}, TensorRole::Output, 0x10000, std::nullopt, true, {0, 2, 1}});
  P.Data.assign(8 + 24, 0);
  for (size_t I = 0; I < P.Data.size(); ++I)
    P.Data[I] = static_cast<uint8_t>(I * 7);

  P.Allocations.push_back({"a_sb", MemSpace::SBUF, DType::BF16, {128, 64}, 0, 0, {0, 2, 1}});
  P.Allocations.push_back({"acc", MemSpace::PSUM, DType::FP32, {64, 512}, 64, 0, {0, 2, 20}});
  P.Semaphores.push_back({"ready", 1, 1, {0, 1, 10}});
  P.Semaphores.push_back({"done", 2, 0, {}});
  P.Semaphores.push_back({"loaded", 3, 0, {0, 1, 30}});
  P.Labels.push_back({"loop", Engine::DVE, 0});
  P.Labels.push_back({"start", Engine::SP, 0});
  P.Labels.push_back({"end", Engine::SP, 2});
  return P;
}

// The error readObject gives for Bytes, or "" if it reads them.
std::string readError(const std::vector<uint8_t> &Bytes) {
  auto Result = readObject(Bytes);
  if (auto *Err = std::get_if<std::string>(&Result))
    return *Err;
  return "";
}

uint64_t getLE(const std::vector<uint8_t> &B, size_t At, unsigned Size) {
  REQUIRE(At + Size <= B.size());
  uint64_t V = 0;
  for (unsigned I = 0; I < Size; ++I)
    V |= uint64_t(B[At + I]) << (8 * I);
  return V;
}

void putLE(std::vector<uint8_t> &B, size_t At, unsigned Size, uint64_t V) {
  REQUIRE(At + Size <= B.size());
  for (unsigned I = 0; I < Size; ++I)
    B[At + I] = static_cast<uint8_t>(V >> (8 * I));
}

// Where a section's header and contents are, found the way any ELF reader
// would: through e_shoff and .shstrtab.
struct SectionAt {
  size_t Header;   // offset of its Elf64_Shdr
  size_t Contents; // sh_offset
  size_t Size;     // sh_size
};

SectionAt findSection(const std::vector<uint8_t> &B, std::string_view Name) {
  size_t ShOff = getLE(B, 0x28, 8), ShNum = getLE(B, 0x3C, 2), ShStrNdx = getLE(B, 0x3E, 2);
  auto Header = [&](size_t I) { return ShOff + I * 64; };
  size_t Names = getLE(B, Header(ShStrNdx) + 24, 8);
  for (size_t I = 0; I < ShNum; ++I) {
    size_t NameAt = Names + getLE(B, Header(I), 4);
    if (std::string_view(reinterpret_cast<const char *>(&B[NameAt])) == Name)
      return {Header(I), getLE(B, Header(I) + 24, 8), getLE(B, Header(I) + 32, 8)};
  }
  FAIL("no section " << Name);
  return {};
}

// Patches one little-endian field at Offset inside section Name.
std::vector<uint8_t> patched(std::vector<uint8_t> B, std::string_view Name, size_t Offset,
                             unsigned Size, uint64_t Value) {
  SectionAt S = findSection(B, Name);
  REQUIRE(Offset + Size <= S.Size);
  putLE(B, S.Contents + Offset, Size, Value);
  return B;
}

constexpr size_t TensorRecordSize = 104, AllocRecordSize = 96, LineRecordSize = 24;
constexpr size_t SymSize = 24;

} // namespace

TEST_CASE("object file: a program survives write and read unchanged") {
  Program P = sampleProgram();
  std::vector<uint8_t> Bytes = writeObject(P);
  CHECK(looksLikeElf(Bytes));
  auto Result = readObject(Bytes);
  REQUIRE_MESSAGE(std::holds_alternative<Program>(Result), std::get<std::string>(Result));
  const Program &Back = std::get<Program>(Result);
  CHECK(Back.TargetChip == P.TargetChip);
  CHECK(Back.Files == P.Files);
  for (unsigned E = 0; E < isa::NumEngines; ++E) {
    CHECK(Back.Streams[E].Code == P.Streams[E].Code);
    CHECK(Back.Streams[E].Offsets == P.Streams[E].Offsets);
    CHECK(Back.Streams[E].Locs == P.Streams[E].Locs);
  }
  CHECK(Back.Tensors == P.Tensors);
  CHECK(Back.Allocations == P.Allocations);
  CHECK(Back.Semaphores == P.Semaphores);
  CHECK(Back.Labels == P.Labels);
  CHECK(Back.Data == P.Data);
  CHECK(Back == P);
  // The format has one spelling of each program.
  CHECK(writeObject(Back) == Bytes);
}

TEST_CASE("object file: an empty program round-trips") {
  Program P;
  auto Result = readObject(writeObject(P));
  REQUIRE_MESSAGE(std::holds_alternative<Program>(Result), std::get<std::string>(Result));
  CHECK(std::get<Program>(Result) == P);
}

TEST_CASE("object file: program helpers") {
  Program P = sampleProgram();
  CHECK(std::string(roleName(TensorRole::Input)) == "input");
  CHECK(std::string(roleName(TensorRole::Output)) == "output");
  CHECK(std::string(roleName(TensorRole::Scratch)) == "scratch");
  REQUIRE(P.findTensor("w"));
  CHECK(P.findTensor("w")->elements() == 6);
  CHECK(P.findTensor("w")->bytes() == 24);
  CHECK(P.findTensor("a")->bytes() == 128 * 64 * 2);
  CHECK(P.findTensor("nope") == nullptr);
  CHECK(P.Allocations[0].bytesPerPartition() == 64 * 2);
  CHECK(P.Allocations[1].bytesPerPartition() == 512 * 4);
  CHECK(P.where({1, 7, 3}) == "common.inc:7:3");
  CHECK(P.where({0, 0, 0}).empty());
}

TEST_CASE("object file: the ELF header is checked") {
  std::vector<uint8_t> Good = writeObject(sampleProgram());
  REQUIRE(readError(Good).empty());

  auto Magic = Good;
  Magic[1] = 'X';
  CHECK(readError(Magic) == "not an ELF file");
  CHECK_FALSE(looksLikeElf(Magic));

  auto Class = Good;
  Class[4] = 1; // ELFCLASS32
  CHECK(readError(Class) == "not a 64-bit ELF file (EI_CLASS 1)");

  auto Endian = Good;
  Endian[5] = 2; // ELFDATA2MSB
  CHECK(readError(Endian) == "not a little-endian ELF file (EI_DATA 2)");

  auto Machine = Good;
  putLE(Machine, 18, 2, 0x3E); // EM_X86_64
  CHECK(readError(Machine) == "e_machine 0x3E is not trnemu's (0x5452)");

  auto Type = Good;
  putLE(Type, 16, 2, 2); // ET_EXEC
  CHECK(readError(Type) == "e_type 2 is not ET_REL (a relocatable object)");
}

TEST_CASE("object file: every truncation is an error, never a crash") {
  std::vector<uint8_t> Good = writeObject(sampleProgram());
  CHECK(readError({}) == "not an ELF file");
  CHECK(readError({Good.begin(), Good.begin() + 63}) ==
        "truncated ELF header: the file has 63 bytes, the header needs 64");
  CHECK_FALSE(readError({Good.begin(), Good.begin() + Good.size() / 2}).empty());
  for (size_t Length = 0; Length < Good.size(); ++Length) {
    std::vector<uint8_t> Cut(Good.begin(), Good.begin() + Length);
    CHECK_MESSAGE(!readError(Cut).empty(), "truncated to " << Length << " bytes");
  }
}

TEST_CASE("object file: sections are checked") {
  std::vector<uint8_t> Good = writeObject(sampleProgram());

  auto Missing = Good;
  SectionAt Names = findSection(Missing, ".shstrtab");
  auto Begin = Missing.begin() + Names.Contents, End = Begin + Names.Size;
  auto At = std::search(Begin, End, std::begin(".trn.sems"), std::end(".trn.sems"));
  REQUIRE(At != End);
  At[8] = 'z';
  CHECK(readError(Missing) == "missing section .trn.sems");

  SectionAt Tensors = findSection(Good, ".trn.tensors");
  auto EntSize = Good;
  putLE(EntSize, Tensors.Header + 56, 8, 100);
  CHECK(readError(EntSize) ==
        "section .trn.tensors: records of 100 bytes (sh_entsize), expected 104");

  SectionAt Data = findSection(Good, ".trn.data");
  auto OutOfBounds = Good;
  putLE(OutOfBounds, Data.Header + 24, 8, Good.size() - 4);
  std::string Err = readError(OutOfBounds);
  CHECK(Err.find("section .trn.data: ") == 0);
  CHECK(Err.find("greater than the file size") != std::string::npos);

  CHECK(readError(patched(Good, ".trn.meta", 0, 4, 1)) ==
        "unknown format version 1 (this reader knows version 3)");
  CHECK(readError(patched(Good, ".trn.meta", 4, 4, 9)) == "unknown chip id 9 (there are 4 chips)");
}

TEST_CASE("object file: every instruction is decoded and checked") {
  std::vector<uint8_t> Good = writeObject(sampleProgram());
  REQUIRE(isa::decodeOpcode(0xEE) == nullptr);

  CHECK(readError(patched(Good, ".text.pe", 0, 1, 0xEE)) ==
        "section .text.pe: instruction 0 at offset 0x0: unknown opcode 0xEE");
  // The DMA after the 16-byte nop on SP.
  CHECK(readError(patched(Good, ".text.sp", 16, 1, 0xEE)) ==
        "section .text.sp: instruction 1 at offset 0x10: unknown opcode 0xEE");

  // The engine field (bits 8..10) of SP's nop, set to PE: a valid nop, but
  // in the wrong stream.
  SectionAt Sp = findSection(Good, ".text.sp");
  auto WrongEngine = patched(Good, ".text.sp", 1, 1, Good[Sp.Contents + 1] & ~7u);
  CHECK(readError(WrongEngine) == "section .text.sp: instruction 0 at offset 0x0: 'nop' is "
                                  "encoded for engine PE, but this is SP's stream");

  // bne (after the 24-byte addi) has its target at bytes 18..21.
  CHECK(readError(patched(Good, ".text.dve", 24 + 18, 4, 7)) ==
        "section .text.dve: instruction 1 at offset 0x18: operand 'target' of 'bne': branch "
        "target 7 is not an instruction of this stream (it has 2)");

  // signal_sem (bits 40..47) of SP's nop: every 8-bit index names one of
  // trn2's 256 semaphores (isa/Chips.td), so 255 reads back.
  CHECK(readError(patched(Good, ".text.sp", 5, 1, 255)) == "");

  // A code section cut inside its last instruction.
  SectionAt Dve = findSection(Good, ".text.dve");
  auto Short = Good;
  putLE(Short, Dve.Header + 32, 8, Dve.Size - 4);
  CHECK(readError(Short).find("section .text.dve: instruction 1 at offset 0x18: truncated") == 0);
}

TEST_CASE("object file: tables are checked") {
  std::vector<uint8_t> Good = writeObject(sampleProgram());

  CHECK(readError(patched(Good, ".trn.tensors", 4, 1, isa::NumDTypes)) ==
        "tensor 0 'a': dtype id 18 is not a dtype (there are 18)");
  CHECK(readError(patched(Good, ".trn.tensors", 5, 1, 3)) ==
        "tensor 0 'a': role id 3 is not input (0), output (1) or scratch (2)");
  CHECK(readError(patched(Good, ".trn.tensors", 6, 1, 9)) ==
        "tensor 0 'a': rank 9 is outside 1 to 8");
  CHECK(readError(patched(Good, ".trn.tensors", 8 + 8, 8, 0)) == "tensor 0 'a': dimension 1 is 0");

  std::string Err = readError(patched(Good, ".trn.tensors", 0, 4, 0xFFFF));
  CHECK(Err.find("tensor 0: name: string offset 0xffff is outside .trn.strings (") == 0);

  // Tensor 1 ('w') has 24 bytes of initial data at offset 8 of 32.
  CHECK(readError(patched(Good, ".trn.tensors", TensorRecordSize + 80, 8, 16)) ==
        "tensor 1 'w': initial data [0x10, +0x18) goes beyond .trn.data (32 bytes)");
  CHECK(readError(patched(Good, ".trn.tensors", TensorRecordSize + 72, 8, 96ull << 30)) ==
        "tensor 1 'w': bytes [0x1800000000, +0x18) go beyond trn2's 96 GiB of HBM");
  CHECK(readError(patched(Good, ".trn.tensors", 72, 8, ~0ull)).find("go beyond trn2's") !=
        std::string::npos);

  CHECK(readError(patched(Good, ".trn.allocs", 72, 8, 229376 - 64)) ==
        "allocation 0 'a_sb': bytes [0x37fc0, +0x80) of each partition go beyond trn2's 229376 "
        "bytes of sbuf");
  CHECK(readError(patched(Good, ".trn.allocs", AllocRecordSize + 80, 4, 65)) ==
        "allocation 1 'acc': partitions [65, +64) go beyond trn2's 128 partitions");
  CHECK(readError(patched(Good, ".trn.allocs", 4, 1, 1)) ==
        "allocation 0 'a_sb': memory space id 1 is neither SBUF (2) nor PSUM (3)");

  CHECK(readError(patched(Good, ".trn.sems", 4, 4, 256)) ==
        "semaphore 0 'ready': index 256 is beyond trn2's 256 semaphores");

  CHECK(readError(patched(Good, ".trn.lines", 12, 4, 9)) ==
        "section .trn.lines: record 0: file index 9 is not below the 2 files of .trn.files");
  CHECK(readError(patched(Good, ".trn.lines", LineRecordSize + 4, 4, 5)) ==
        "section .trn.lines: record 1 is for DVE instruction 5, expected DVE instruction 0 "
        "(one record per instruction, in order)");
}

TEST_CASE("object file: symbols are checked") {
  std::vector<uint8_t> Good = writeObject(sampleProgram());
  // Symbol 1 is the first label, 'loop' on DVE; st_value is at byte 8.
  CHECK(readError(patched(Good, ".symtab", SymSize + 8, 8, 0x1000)) ==
        "label 'loop': offset 0x1000 is past the end of .text.dve (48 bytes)");
  CHECK(readError(patched(Good, ".symtab", SymSize + 8, 8, 4)) ==
        "label 'loop': offset 0x4 is inside an instruction of .text.dve, not at its start");
  // Symbol 4 is the first allocation ('a_sb'); symbol 6 the first tensor.
  CHECK(readError(patched(Good, ".symtab", 4 * SymSize + 16, 8, 1)) ==
        "symbol 4 'a_sb': value 0x0 size 1 does not match allocation 'a_sb' (0x0, 128)");
  CHECK(readError(patched(Good, ".symtab", 6 * SymSize + 4, 1, 0x10)) ==
        "symbol 6 'a': neither a label (local, no type, in a .text section), an allocation "
        "(local object, absolute) nor a tensor (global object, absolute)");
  CHECK(readError(patched(Good, ".symtab", SymSize, 4, 0xFFFFF)).find("symbol 1: ") == 0);
}

TEST_CASE("object file: random damage gives an error or a program, never a crash") {
  std::vector<uint8_t> Good = writeObject(sampleProgram());
  std::mt19937 Random(12345);
  for (int Round = 0; Round < 3000; ++Round) {
    std::vector<uint8_t> Bad = Good;
    for (int Flips = 1 + Round % 4; Flips > 0; --Flips)
      Bad[Random() % Bad.size()] ^= static_cast<uint8_t>(1u << (Random() % 8));
    (void)readObject(Bad);
  }
}

TEST_CASE("object file: writeFileAtomically writes all or nothing") {
  namespace fs = std::filesystem;
  fs::path Dir = fs::temp_directory_path() / ("trn-object-test-" + std::to_string(getpid()));
  fs::remove_all(Dir);
  fs::create_directories(Dir);
  auto Entries = [&] {
    std::vector<std::string> Names;
    for (const auto &Entry : fs::directory_iterator(Dir))
      Names.push_back(Entry.path().filename().string());
    std::sort(Names.begin(), Names.end());
    return Names;
  };
  auto Contents = [](const fs::path &Path) {
    std::ifstream In(Path, std::ios::binary);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(In), {});
  };

  std::vector<uint8_t> Object = writeObject(sampleProgram());
  std::string Path = (Dir / "kernel.o").string();
  CHECK_FALSE(writeFileAtomically(Path, std::vector<uint8_t>{1, 2, 3}));
  CHECK(writeFileAtomically(Path, Object) == std::nullopt);
  CHECK(Contents(Path) == Object);
  CHECK(Entries() == std::vector<std::string>{"kernel.o"});

  // A directory that does not exist: nothing is created.
  std::string Nowhere = (Dir / "missing" / "kernel.o").string();
  auto Err = writeFileAtomically(Nowhere, Object);
  REQUIRE(Err);
  CHECK(Err->find(Nowhere) != std::string::npos);
  CHECK(Err->find(std::strerror(ENOENT)) != std::string::npos);
  CHECK_FALSE(fs::exists(Dir / "missing"));

  // The rename fails (the target is a directory): the temporary goes away.
  fs::create_directory(Dir / "taken.o");
  Err = writeFileAtomically((Dir / "taken.o").string(), Object);
  REQUIRE(Err);
  CHECK(Err->find("taken.o") != std::string::npos);
  CHECK(Entries() == std::vector<std::string>{"kernel.o", "taken.o"});
  CHECK(fs::is_empty(Dir / "taken.o"));
  fs::remove_all(Dir);
}
