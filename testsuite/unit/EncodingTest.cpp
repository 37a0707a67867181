//===- EncodingTest.cpp - bit fields and the field tables -----------------===//
//
// The encoder and decoder are putBits/getBits driven by the field tables.
// These tests check the two primitives against the layout Encoding.h states
// (bit Lsb is bit Lsb % 8 of byte Lsb / 8), read straight from the bytes,
// and then push a distinct value through every field of every instruction to
// show that no field clobbers another.
//
//===----------------------------------------------------------------------===//

#include "trn/isa/Encoding.h"

#include <doctest/doctest.h>

#include <array>
#include <climits>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

using namespace trn::isa;

namespace {

uint64_t lowMask(unsigned Width) { return Width >= 64 ? ~uint64_t(0) : (uint64_t(1) << Width) - 1; }

// Bit B of Bytes, read by hand.
unsigned bitAt(const uint8_t *Bytes, unsigned B) { return Bytes[B / 8] >> (B % 8) & 1; }

} // namespace

//===-- putBits / getBits -------------------------------------------------===//

TEST_CASE("putBits and getBits round-trip at every position and width") {
  // lsb 0..70 with width up to 64 reaches bit 134, past a 16-byte buffer's
  // 128 bits, so the buffer is 24 bytes (getBits/putBits assert the span
  // holds the field, and asserts are off in release builds).
  constexpr unsigned Size = 24;
  std::mt19937_64 Rng(0x7472'6e65'6d75ull); // fixed seed: reproducible
  std::array<uint8_t, Size> Buf;
  for (unsigned Lsb = 0; Lsb <= 70; ++Lsb) {
    for (unsigned Width = 1; Width <= 64; ++Width) {
      // Values carry bits above Width, which putBits must ignore.
      const uint64_t Patterns[] = {~uint64_t(0), 0xAAAA'AAAA'AAAA'AAAAull, 0x5555'5555'5555'5555ull,
                                   Rng(), 0};
      for (uint64_t Value : Patterns) {
        for (uint8_t Fill : {uint8_t(0x00), uint8_t(0xFF)}) {
          Buf.fill(Fill);
          putBits(Buf, Lsb, Width, Value);
          unsigned Bad = 0;
          for (unsigned B = 0; B < Size * 8; ++B) {
            bool Inside = B >= Lsb && B < Lsb + Width;
            unsigned Want = Inside ? unsigned(Value >> (B - Lsb) & 1) : (Fill & 1u);
            Bad += bitAt(Buf.data(), B) != Want;
          }
          INFO("lsb ", Lsb, " width ", Width, " value ", Value, " fill ", unsigned(Fill));
          CHECK(Bad == 0);
          CHECK(getBits(Buf, Lsb, Width) == (Value & lowMask(Width)));
        }
      }
    }
  }
}

TEST_CASE("the little-endian layout, byte by byte") {
  std::array<uint8_t, 16> Buf{};
  putBits(Buf, 8, 8, 0xAB);
  CHECK(Buf[0] == 0x00);
  CHECK(Buf[1] == 0xAB);
  CHECK(Buf[2] == 0x00);

  Buf.fill(0);
  putBits(Buf, 4, 8, 0xFF);
  CHECK(Buf[0] == 0xF0); // high nibble of byte 0
  CHECK(Buf[1] == 0x0F); // low nibble of byte 1
  CHECK(Buf[2] == 0x00);

  // A 64-bit value at bit 0 is the value in little-endian byte order.
  Buf.fill(0);
  putBits(Buf, 0, 64, 0x0123'4567'89AB'CDEFull);
  const uint8_t Want[] = {0xEF, 0xCD, 0xAB, 0x89, 0x67, 0x45, 0x23, 0x01};
  for (unsigned I = 0; I < 8; ++I)
    CHECK(Buf[I] == Want[I]);
  CHECK(Buf[8] == 0);

  // Reading hand-made bytes.
  const std::array<uint8_t, 4> Bytes = {0x34, 0x12, 0x21, 0x43};
  CHECK(getBits(Bytes, 0, 16) == 0x1234);
  CHECK(getBits(Bytes, 20, 8) == 0x32); // high nibble of 0x21, low nibble of 0x43
  CHECK(getBits(Bytes, 2, 1) == 1);     // 0x34 = 0b0011'0100
  CHECK(getBits(Bytes, 3, 1) == 0);
  CHECK(getBits(Bytes, 0, 32) == 0x4321'1234);

  // Fields that end exactly at the end of the span.
  std::array<uint8_t, 8> Eight{};
  putBits(Eight, 0, 64, ~uint64_t(0));
  CHECK(getBits(Eight, 0, 64) == ~uint64_t(0));
  std::array<uint8_t, 9> Nine{};
  putBits(Nine, 3, 64, 0x8000'0000'0000'0001ull);
  CHECK(Nine[0] == 0x08);
  CHECK(Nine[8] == 0x04);
  CHECK(getBits(Nine, 3, 64) == 0x8000'0000'0000'0001ull);
}

TEST_CASE("signExtend") {
  CHECK(signExtend(0xFF, 8) == -1);
  CHECK(signExtend(0x7F, 8) == 127);
  CHECK(signExtend(0x80, 8) == -128);
  CHECK(signExtend(0x8000, 16) == -32768);
  CHECK(signExtend(0x7FFF, 16) == 32767);
  CHECK(signExtend(0x8000'0000, 32) == INT32_MIN);
  CHECK(signExtend(0xFFFF'FFFE, 32) == -2);
  CHECK(signExtend(1, 1) == -1);
  CHECK(signExtend(0, 1) == 0);
  // Bits above the width are not part of the value.
  CHECK(signExtend(0x1FF, 8) == -1);
  CHECK(signExtend(0x17F, 8) == 127);
  // Width 64 passes the value through.
  CHECK(signExtend(0xFFFF'FFFF'FFFF'FFFFull, 64) == -1);
  CHECK(signExtend(0x8000'0000'0000'0000ull, 64) == INT64_MIN);
  CHECK(signExtend(0x1234, 64) == 0x1234);
}

TEST_CASE("fits") {
  // The imm kind's value field is signed 32-bit (Operands.td).
  const FieldDesc &Imm = field(OperandKind::Imm, ImmField::Value);
  REQUIRE(Imm.Width == 32);
  REQUIRE(Imm.Signed);
  CHECK(fits(Imm, INT32_MIN));
  CHECK(fits(Imm, INT32_MAX));
  CHECK(fits(Imm, 0));
  CHECK(fits(Imm, -1));
  CHECK_FALSE(fits(Imm, int64_t(INT32_MAX) + 1));
  CHECK_FALSE(fits(Imm, int64_t(INT32_MIN) - 1));
  // A register index is unsigned 6-bit.
  const FieldDesc &Reg = field(OperandKind::Register, RegisterField::Index);
  REQUIRE(Reg.Width == 6);
  REQUIRE_FALSE(Reg.Signed);
  CHECK(fits(Reg, 0));
  CHECK(fits(Reg, 63));
  CHECK_FALSE(fits(Reg, 64));
  CHECK_FALSE(fits(Reg, -1));
  // The 48-bit unsigned base.
  const FieldDesc &Base = field(OperandKind::AccessPattern, AccessPatternField::Base);
  REQUIRE(Base.Width == 48);
  CHECK(fits(Base, (int64_t(1) << 48) - 1));
  CHECK_FALSE(fits(Base, int64_t(1) << 48));
  // Hand-made fields at the edges (designated, so new FieldDesc members
  // do not break this test).
  const FieldDesc OneSigned{.Name = "s1", .Lsb = 0, .Width = 1, .Signed = true, .Nested = {}};
  CHECK(fits(OneSigned, 0));
  CHECK(fits(OneSigned, -1));
  CHECK_FALSE(fits(OneSigned, 1));
  const FieldDesc Signed63{.Name = "s63", .Lsb = 0, .Width = 63, .Signed = true, .Nested = {}};
  CHECK(fits(Signed63, (int64_t(1) << 62) - 1));
  CHECK_FALSE(fits(Signed63, int64_t(1) << 62));
  CHECK(fits(Signed63, -(int64_t(1) << 62)));
  CHECK_FALSE(fits(Signed63, -(int64_t(1) << 62) - 1));
  const FieldDesc Signed64{.Name = "s64", .Lsb = 0, .Width = 64, .Signed = true, .Nested = {}};
  CHECK(fits(Signed64, INT64_MIN));
  CHECK(fits(Signed64, INT64_MAX));
}

//===-- The field tables --------------------------------------------------===//

TEST_CASE("typed field accessors match Operands.td") {
  struct Pin {
    const FieldDesc &F;
    const char *Name;
    unsigned Lsb, Width;
    bool Signed;
  };
  const Pin Pins[] = {
      {field(OperandKind::AccessPattern, AccessPatternField::Space), "space", 0, 2, false},
      {field(OperandKind::AccessPattern, AccessPatternField::Reg), "reg", 8, 6, false},
      {field(OperandKind::AccessPattern, AccessPatternField::Base), "base", 40, 48, false},
      {field(OperandKind::AccessPattern, AccessPatternField::PartStep), "part_step", 88, 32, true},
      {field(OperandKind::AccessPattern, AccessPatternField::Dim3Count), "dim3_count", 296, 16,
       false},
      {field(OperandKind::Scalar, ScalarField::Imm), "imm", 32, 32, false},
      {field(OperandKind::DmaQueue, DmaQueueField::Queue), "queue", 4, 4, false},
      {field(OperandKind::DmaQueue, DmaQueueField::HasReg), "has_reg", 8, 1, false},
      {field(OperandKind::DmaQueue, DmaQueueField::Reg), "reg", 10, 6, false},
      {field(OperandKind::Steps, StepsField::Step3), "step3", 96, 32, true},
      {field(OperandKind::Label, LabelField::Target), "target", 0, 32, false},
  };
  for (const Pin &P : Pins) {
    INFO(std::string(P.Name));
    CHECK(std::string_view(P.F.Name) == P.Name);
    CHECK(P.F.Lsb == P.Lsb);
    CHECK(P.F.Width == P.Width);
    CHECK(P.F.Signed == P.Signed);
    CHECK_FALSE(P.F.Nested.has_value());
  }
  const FieldDesc &Ap = field(OperandKind::Scalar, ScalarField::Ap);
  CHECK(Ap.Lsb == 64);
  CHECK(Ap.Width == 320);
  CHECK(Ap.Nested == OperandKind::AccessPattern);
}

namespace {

// One leaf bit field of an instruction, at an absolute bit position.
struct Leaf {
  std::string Name;
  unsigned Lsb, Width;
};

// Appends the leaf fields of an operand of kind K whose first bit is Base,
// descending into nested kinds.
void collectLeaves(OperandKind K, unsigned Base, const std::string &Prefix,
                   std::vector<Leaf> &Out) {
  for (const FieldDesc &F : operandKind(K).Fields) {
    std::string Name = Prefix + "." + F.Name;
    if (F.Nested)
      collectLeaves(*F.Nested, Base + F.Lsb, Name, Out);
    else
      Out.push_back({Name, Base + F.Lsb, F.Width});
  }
}

std::vector<Leaf> leavesOf(const InstrDesc &I) {
  std::vector<Leaf> Out;
  for (const HeaderFieldDesc &H : headerFields())
    Out.push_back({std::string("header.") + H.Name, H.Lsb, H.Width});
  for (const OperandDesc &O : I.Operands)
    collectLeaves(O.Kind, O.ByteOffset * 8u, O.Name, Out);
  return Out;
}

} // namespace

TEST_CASE("every field of every instruction round-trips without clobbering") {
  std::mt19937_64 Rng(20240611);
  unsigned Fields = 0;
  for (const InstrDesc &I : instrs()) {
    INFO(std::string(I.RecordName));
    std::vector<Leaf> Leaves = leavesOf(I);
    bool InBounds = true;
    for (const Leaf &L : Leaves) {
      INFO("field ", L.Name);
      CHECK(L.Width >= 1);
      CHECK(L.Width <= 64);
      CHECK(L.Lsb + L.Width <= I.SizeBytes * 8u);
      InBounds &= L.Width >= 1 && L.Width <= 64 && L.Lsb + L.Width <= I.SizeBytes * 8u;
    }
    REQUIRE(InBounds);
    // Which bits belong to some field: the rest (gaps, padding) stay zero.
    std::vector<bool> Covered(I.SizeBytes * 8u, false);
    for (const Leaf &L : Leaves)
      for (unsigned B = L.Lsb; B < L.Lsb + L.Width; ++B)
        Covered[B] = true;
    // Several rounds of fresh random values: an overlap would have to pick
    // equal bits in every round to go unnoticed. The last round writes all
    // ones, so an overlap cannot hide behind a zero.
    for (unsigned Round = 0; Round < 4; ++Round) {
      std::vector<uint8_t> Buf(I.SizeBytes, 0);
      std::vector<uint64_t> Values;
      for (const Leaf &L : Leaves) {
        uint64_t V = Round == 3 ? ~uint64_t(0) : Rng();
        V &= lowMask(L.Width);
        if (Round < 3 && V == 0)
          V = 1; // every field holds something distinguishable from empty
        Values.push_back(V);
        putBits(Buf, L.Lsb, L.Width, V);
      }
      for (unsigned K = 0; K < Leaves.size(); ++K) {
        INFO("round ", Round, " field ", Leaves[K].Name);
        CHECK(getBits(Buf, Leaves[K].Lsb, Leaves[K].Width) == Values[K]);
      }
      unsigned Stray = 0;
      for (unsigned B = 0; B < I.SizeBytes * 8u; ++B)
        Stray += !Covered[B] && bitAt(Buf.data(), B);
      CHECK(Stray == 0);
    }
    Fields += static_cast<unsigned>(Leaves.size());
  }
  // Every instruction has at least the header's fields.
  CHECK(Fields >= instrs().size() * headerFields().size());
}

TEST_CASE("a matmul encoded by hand") {
  // Byte positions worked out from Encoding.td and Operands.td: the opcode is
  // byte 0; operands start at byte 16, dst (40 bytes), stationary at 56,
  // moving at 96; an access pattern's space is its bits 0-1, its base bits
  // 40-87 (byte 5 on), its part_step bits 88-119 (byte 11 on).
  const InstrDesc &Matmul = instr(Opcode::MATMUL);
  std::vector<uint8_t> Buf(Matmul.SizeBytes, 0);
  const HeaderFieldDesc &Op = headerField(HeaderField::Opcode);
  putBits(Buf, Op.Lsb, Op.Width, Matmul.Encoding);
  const FieldDesc &Space = field(OperandKind::AccessPattern, AccessPatternField::Space);
  const FieldDesc &Base = field(OperandKind::AccessPattern, AccessPatternField::Base);
  const FieldDesc &Step = field(OperandKind::AccessPattern, AccessPatternField::PartStep);
  unsigned Dst = Matmul.Operands[0].ByteOffset * 8u;
  unsigned Moving = Matmul.Operands[2].ByteOffset * 8u;
  putBits(Buf, Dst + Space.Lsb, Space.Width, static_cast<unsigned>(MemSpace::PSUM));
  putBits(Buf, Moving + Base.Lsb, Base.Width, 0x1234'5678'9ABCull);
  putBits(Buf, Moving + Step.Lsb, Step.Width, static_cast<uint64_t>(int64_t(-2)));

  CHECK(Buf[0] == 0x03);
  CHECK(Buf[16] == 0x03); // PSUM = 3 in the low two bits
  const uint8_t BaseBytes[] = {0xBC, 0x9A, 0x78, 0x56, 0x34, 0x12};
  for (unsigned I = 0; I < 6; ++I)
    CHECK(Buf[96 + 5 + I] == BaseBytes[I]);
  for (unsigned I = 0; I < 4; ++I) // -2 as 32 bits: FE FF FF FF
    CHECK(Buf[96 + 11 + I] == (I == 0 ? 0xFE : 0xFF));
  CHECK(signExtend(getBits(Buf, Moving + Step.Lsb, Step.Width), Step.Width) == -2);
  // Nothing else was written.
  unsigned NonZero = 0;
  for (uint8_t B : Buf)
    NonZero += B != 0;
  CHECK(NonZero == 2 + 6 + 4);
  const InstrDesc *Decoded = decodeOpcode(static_cast<uint8_t>(getBits(Buf, Op.Lsb, Op.Width)));
  REQUIRE(Decoded != nullptr);
  CHECK(Decoded->Op == Opcode::MATMUL);
}
