//===- NpyTest.cpp - NumPy .npy reading, writing and tensor conversion ----===//
//
// Round trips for every dtype; headers written by hand in every form the
// format allows (versions 1.0, 2.0, 3.0, odd spacing, trailing commas, any
// key order); every rejection with its exact message; the float32 -> narrow
// float rounding toTensor does, with each expected bit pattern worked out by
// hand (the working is in the comments); and the exact header bytes np.save
// writes (numpy/lib/format.py, _write_array_header and _wrap_header).
//
//===----------------------------------------------------------------------===//

#include "trn/npy/Npy.h"

#include "trn/emu/Numerics.h"

#include <doctest/doctest.h>

#include <cstring>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

// Failed byte comparisons print hex.
namespace doctest {
template <> struct StringMaker<std::vector<uint8_t>> {
  static String convert(const std::vector<uint8_t> &V) {
    std::string S = "{";
    for (size_t I = 0; I < V.size() && I < 64; ++I) {
      static const char Digits[] = "0123456789abcdef";
      S += I ? " " : "";
      S += Digits[V[I] >> 4];
      S += Digits[V[I] & 15];
    }
    S += V.size() > 64 ? " ...}" : "}";
    return String(S.c_str());
  }
};
} // namespace doctest

using namespace trn;
using namespace trn::npy;
using isa::DType;

namespace {

using Bytes = std::vector<uint8_t>;
using Shape = std::vector<uint64_t>;

// A .npy file with this header text (taken as is: no padding added).
Bytes npyFile(std::string_view Header, const Bytes &Data = {}, unsigned Major = 1) {
  Bytes Out = {0x93, 'N', 'U', 'M', 'P', 'Y', uint8_t(Major), 0};
  size_t LengthBytes = Major == 1 ? 2 : 4;
  for (size_t I = 0; I < LengthBytes; ++I)
    Out.push_back(uint8_t(Header.size() >> (8 * I)));
  Out.insert(Out.end(), Header.begin(), Header.end());
  Out.insert(Out.end(), Data.begin(), Data.end());
  return Out;
}

Bytes asBytes(std::string_view S) { return Bytes(S.begin(), S.end()); }

std::string errorOf(const std::variant<Array, std::string> &R) {
  if (auto *E = std::get_if<std::string>(&R))
    return *E;
  return "<parsed>";
}
std::string errorOf(const std::variant<Bytes, std::string> &R) {
  if (auto *E = std::get_if<std::string>(&R))
    return *E;
  return "<converted>";
}

// Parses, failing the test with the message if parse() refuses.
Array parsed(const Bytes &File) {
  auto R = parse(File);
  if (auto *E = std::get_if<std::string>(&R)) {
    FAIL_CHECK("parse failed: " << *E);
    return {};
  }
  return std::get<Array>(R);
}

Bytes converted(const Array &A, DType T, const Shape &S) {
  auto R = toTensor(A, T, S);
  if (auto *E = std::get_if<std::string>(&R)) {
    FAIL_CHECK("toTensor failed: " << *E);
    return {};
  }
  return std::get<Bytes>(R);
}

// The error parse() gives for a header (v1.0) followed by Data.
std::string headerError(std::string_view Header, const Bytes &Data = {}) {
  return errorOf(parse(npyFile(Header, Data)));
}

// A header with descr, fortran_order and shape spelled as given.
std::string dict(std::string_view Descr, std::string_view Fortran, std::string_view Shp) {
  return "{'descr': " + std::string(Descr) + ", 'fortran_order': " + std::string(Fortran) +
         ", 'shape': " + std::string(Shp) + ", }\n";
}

Bytes float32s(std::initializer_list<float> Values) {
  Bytes Out;
  for (float F : Values) {
    uint32_t B = emu::floatToBits(F);
    for (int I = 0; I < 4; ++I)
      Out.push_back(uint8_t(B >> (8 * I)));
  }
  return Out;
}
Bytes u16s(std::initializer_list<uint16_t> Values) {
  Bytes Out;
  for (uint16_t V : Values) {
    Out.push_back(uint8_t(V));
    Out.push_back(uint8_t(V >> 8));
  }
  return Out;
}
Bytes u32s(std::initializer_list<uint32_t> Values) {
  Bytes Out;
  for (uint32_t V : Values)
    for (int I = 0; I < 4; ++I)
      Out.push_back(uint8_t(V >> (8 * I)));
  return Out;
}

Array float32Array(std::initializer_list<float> Values) {
  Array A;
  A.Descr = "<f4";
  A.Shape = {Values.size()};
  A.Data = float32s(Values);
  return A;
}

const DType AllDTypes[] = {DType::FP32,     DType::BF16,     DType::FP16,       DType::TF32,
                           DType::FP8_E4M3, DType::FP8_E5M2, DType::FP8_E4M3FN, DType::INT8,
                           DType::INT16,    DType::INT32,    DType::UINT8,      DType::UINT16,
                           DType::UINT32};

// N elements of T with varied bits. tf32 gets genuine tf32 values (low 13
// bits zero, no NaN), which reading rounds to themselves.
Bytes sampleTensor(DType T, uint64_t N) {
  unsigned Size = isa::dtype(T).StorageBytes;
  Bytes Out(N * Size);
  for (uint64_t I = 0; I < Out.size(); ++I)
    Out[I] = uint8_t(I * 37 + 11 + static_cast<unsigned>(T));
  if (T == DType::TF32)
    for (uint64_t I = 0; I < N; ++I) {
      float F = (float(I) - 3.0f) * 1.375f * (I % 2 ? 1024.0f : 1.0f / 64.0f);
      uint32_t B = emu::floatToBits(F) & ~0x1fffu;
      for (int K = 0; K < 4; ++K)
        Out[I * 4 + K] = uint8_t(B >> (8 * K));
    }
  return Out;
}

} // namespace

TEST_CASE("descrFor: how each dtype is stored") {
  CHECK(std::string(descrFor(DType::FP32)) == "<f4");
  CHECK(std::string(descrFor(DType::BF16)) == "<u2");
  CHECK(std::string(descrFor(DType::FP16)) == "<f2");
  CHECK(std::string(descrFor(DType::TF32)) == "<f4");
  CHECK(std::string(descrFor(DType::FP8_E4M3)) == "|u1");
  CHECK(std::string(descrFor(DType::FP8_E5M2)) == "|u1");
  CHECK(std::string(descrFor(DType::FP8_E4M3FN)) == "|u1");
  CHECK(std::string(descrFor(DType::INT8)) == "|i1");
  CHECK(std::string(descrFor(DType::INT16)) == "<i2");
  CHECK(std::string(descrFor(DType::INT32)) == "<i4");
  CHECK(std::string(descrFor(DType::UINT8)) == "|u1");
  CHECK(std::string(descrFor(DType::UINT16)) == "<u2");
  CHECK(std::string(descrFor(DType::UINT32)) == "<u4");
}

TEST_CASE("Array::elements") {
  Array A;
  CHECK(A.elements() == 1); // 0-d
  A.Shape = {0};
  CHECK(A.elements() == 0);
  A.Shape = {2, 3, 4};
  CHECK(A.elements() == 24);
  A.Shape = {uint64_t(1) << 32, uint64_t(1) << 32};
  CHECK(A.elements() == std::numeric_limits<uint64_t>::max()); // saturates
  A.Shape = {uint64_t(1) << 32, uint64_t(1) << 32, 0};
  CHECK(A.elements() == 0);
}

TEST_CASE("round trip of every dtype and several shapes") {
  const Shape Shapes[] = {{}, {1}, {7}, {2, 3}, {4, 1, 3}, {128, 5}, {0}, {3, 0, 2}};
  for (DType T : AllDTypes)
    for (const Shape &S : Shapes) {
      CAPTURE(isa::dtype(T).Name);
      CAPTURE(S.size());
      uint64_t N = 1;
      for (uint64_t D : S)
        N *= D;
      Bytes Tensor = sampleTensor(T, N);
      Array A = fromTensor(Tensor, T, S);
      CHECK(A.Descr == descrFor(T));
      CHECK(A.Shape == S);
      CHECK(!A.FortranOrder);
      CHECK(A.Data == Tensor);

      Bytes File = serialize(A);
      CHECK(File.size() % 64 == Tensor.size() % 64); // the data starts on a 64-byte boundary
      CHECK(File[6] == 1);
      Array B = parsed(File);
      CHECK(B.Descr == A.Descr);
      CHECK(B.Shape == S);
      CHECK(!B.FortranOrder);
      CHECK(B.Data == Tensor);
      CHECK(converted(B, T, S) == Tensor);
    }
}

TEST_CASE("serialize writes np.save's header byte for byte") {
  SUBCASE("fp32 (2, 3)") {
    // The dict is 59 characters; 21 - len("2") = 20 spaces of room for the
    // first axis to grow; + 1 for '\n' = 80; 10 + 80 = 90, so 38 more spaces
    // reach 128. HEADER_LEN = 128 - 10 = 118 = 0x76.
    Bytes Data = float32s({1, 2, 3, 4, 5, 6});
    Bytes File = serialize(fromTensor(Data, DType::FP32, Shape{2, 3}));
    std::string Expected = std::string("\x93NUMPY\x01\x00\x76\x00", 10) +
                           "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }" +
                           std::string(20 + 38, ' ') + "\n";
    REQUIRE(Expected.size() == 128);
    Bytes ExpectedFile = asBytes(Expected);
    ExpectedFile.insert(ExpectedFile.end(), Data.begin(), Data.end());
    CHECK(File == ExpectedFile);
  }
  SUBCASE("bf16 0-d") {
    // Dict 55 characters, no growth room for a 0-d array, + '\n' = 56;
    // 10 + 56 = 66, so 62 spaces reach 128.
    Bytes Data = u16s({0x3f80});
    Bytes File = serialize(fromTensor(Data, DType::BF16, Shape{}));
    std::string Expected = std::string("\x93NUMPY\x01\x00\x76\x00", 10) +
                           "{'descr': '<u2', 'fortran_order': False, 'shape': (), }" +
                           std::string(62, ' ') + "\n";
    REQUIRE(Expected.size() == 128);
    Bytes ExpectedFile = asBytes(Expected);
    ExpectedFile.insert(ExpectedFile.end(), Data.begin(), Data.end());
    CHECK(File == ExpectedFile);
  }
  SUBCASE("fp8 (5,)") {
    // Dict 57, growth room 20, '\n' 1: 78; 10 + 78 = 88; 40 spaces to 128.
    Bytes Data = {0x38, 0x40, 0x77, 0x78, 0x00};
    Bytes File = serialize(fromTensor(Data, DType::FP8_E4M3, Shape{5}));
    std::string Expected = std::string("\x93NUMPY\x01\x00\x76\x00", 10) +
                           "{'descr': '|u1', 'fortran_order': False, 'shape': (5,), }" +
                           std::string(20 + 40, ' ') + "\n";
    REQUIRE(Expected.size() == 128);
    Bytes ExpectedFile = asBytes(Expected);
    ExpectedFile.insert(ExpectedFile.end(), Data.begin(), Data.end());
    CHECK(File == ExpectedFile);
  }
  SUBCASE("a header that already ends on 64 gets 64 more spaces, as NumPy pads") {
    // Shape (1, 10, 10, 1 x 11): "(1, 10, 10, " + "1, " x 10 + "1)" is 44
    // characters, the dict 53 + 44 = 97, growth room 20, '\n' 1: 118, and
    // 10 + 118 = 128 is already a multiple of 64. NumPy computes
    // padlen = 64 - 128 % 64 = 64, so the data starts at 192.
    Shape S = {1, 10, 10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    Bytes File = serialize(fromTensor(Bytes(100), DType::UINT8, S));
    REQUIRE(File.size() == 192 + 100);
    CHECK(File[8] == 182);
    CHECK(File[9] == 0);
    std::string Header(File.begin() + 10, File.begin() + 192);
    CHECK(Header == "{'descr': '|u1', 'fortran_order': False, 'shape': (1, 10, 10, 1, 1, 1, "
                    "1, 1, 1, 1, 1, 1, 1, 1), }" +
                        std::string(20 + 64, ' ') + "\n");
    CHECK(parsed(File).Shape == S);
  }
  SUBCASE("growth room is for the last axis in Fortran order") {
    Array A;
    A.Descr = "<i4";
    A.Shape = {3, 100};
    A.FortranOrder = true;
    A.Data = Bytes(1200);
    Bytes File = serialize(A);
    // Dict 60 characters, 21 - len("100") = 18 spaces, '\n': 79; 10 + 79 =
    // 89; 39 spaces to 128.
    std::string Header(File.begin() + 10, File.begin() + 128);
    CHECK(Header == "{'descr': '<i4', 'fortran_order': True, 'shape': (3, 100), }" +
                        std::string(18 + 39, ' ') + "\n");
    CHECK(errorOf(parse(File)) ==
          "Fortran-order arrays are not supported: save with np.ascontiguousarray");
  }
  SUBCASE("version 2.0 only when the header outgrows 16 bits") {
    // 21845 dimensions of 1: "(1, 1, ..., 1)" is 3 x 21845 = 65535
    // characters, so the header exceeds 65535 bytes.
    Shape Big(21845, 1);
    Bytes File = serialize(fromTensor(float32s({0.5f}), DType::FP32, Big));
    CHECK(File[6] == 2);
    CHECK(File[7] == 0);
    uint64_t Len = File[8] | File[9] << 8 | File[10] << 16 | uint64_t(File[11]) << 24;
    CHECK((12 + Len) % 64 == 0);
    CHECK(File.size() == 12 + Len + 4);
    CHECK(File[12 + Len - 1] == '\n');
    // Written as np.save writes it, and refused on read as np.load does:
    // no real array has so many dimensions.
    CHECK(errorOf(parse(File)) == "header of " + std::to_string(Len) +
                                      " bytes is longer than 10000, NumPy's max_header_size: "
                                      "refused as unsafe to parse");

    // 21000 dimensions still fit version 1.0.
    Shape Fits(21000, 1);
    Bytes Small = serialize(fromTensor(float32s({0.5f}), DType::FP32, Fits));
    CHECK(Small[6] == 1);
    CHECK((10 + (Small[8] | Small[9] << 8)) % 64 == 0);
  }
}

TEST_CASE("parse: hand-written headers") {
  Bytes Six = float32s({1, 2, 3, 4, 5, 6});
  std::string Canonical =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }" + std::string(58, ' ') + "\n";
  for (unsigned Major : {1u, 2u, 3u}) {
    CAPTURE(Major);
    Array A = parsed(npyFile(Canonical, Six, Major));
    CHECK(A.Descr == "<f4");
    CHECK(A.Shape == Shape{2, 3});
    CHECK(!A.FortranOrder);
    CHECK(A.Data == Six);
  }

  SUBCASE("spacing, quotes, trailing commas and key order") {
    const char *Headers[] = {
        // No padding, no newline, no trailing commas.
        "{'descr':'<f4','fortran_order':False,'shape':(2,3)}",
        // Every kind of white space between tokens, double quotes.
        " \t{ \"shape\" :\n( 2 ,\t3 , ) ,\r\n  'fortran_order'  :False ,'descr' : \"<f4\" ,}  \n",
        "{'fortran_order': False, 'descr': '<f4', 'shape': (2, 3)}\n",
        "{'shape': (2, 3,), 'descr': '<f4', 'fortran_order': False,}\n",
        // Parentheses around a tuple are still that tuple, as in Python.
        "{'descr': '<f4', 'fortran_order': False, 'shape': ((2, 3)), }\n",
        // Python 2 NumPy wrote longs.
        "{'descr': '<f4', 'fortran_order': False, 'shape': (2L, 3L), }\n",
        // '=' is native byte order: taken as little-endian. No order is '='.
        "{'descr': '=f4', 'fortran_order': False, 'shape': (2, 3), }\n",
        "{'descr': 'f4', 'fortran_order': False, 'shape': (2, 3), }\n",
    };
    for (const char *H : Headers) {
      CAPTURE(H);
      Array A = parsed(npyFile(H, Six));
      CHECK(A.Descr == "<f4");
      CHECK(A.Shape == Shape{2, 3});
      CHECK(A.Data == Six);
    }
  }
  SUBCASE("every supported descr, canonicalized") {
    struct {
      const char *Written, *Canonical;
      unsigned Size;
    } Cases[] = {
        {"<f4", "<f4", 4}, {"<f8", "<f8", 8}, {"<f2", "<f2", 2}, {"|u1", "|u1", 1},
        {"|i1", "|i1", 1}, {"<u2", "<u2", 2}, {"<i2", "<i2", 2}, {"<u4", "<u4", 4},
        {"<i4", "<i4", 4}, {"<u8", "<u8", 8}, {"<i8", "<i8", 8}, {"|b1", "|b1", 1},
        {"=f8", "<f8", 8}, {"=i2", "<i2", 2}, {"<u1", "|u1", 1}, {"=u1", "|u1", 1},
        {">i1", "|i1", 1}, {"b1", "|b1", 1},  {"u8", "<u8", 8},
    };
    for (const auto &C : Cases) {
      CAPTURE(C.Written);
      Array A = parsed(npyFile(dict(std::string("'") + C.Written + "'", "False", "(3,)"),
                               Bytes(3 * C.Size, 0x5a)));
      CHECK(A.Descr == C.Canonical);
      CHECK(A.Data.size() == 3 * C.Size);
    }
  }
  SUBCASE("0-d and empty arrays") {
    Array Scalar = parsed(npyFile(dict("'<i4'", "False", "()"), u32s({42})));
    CHECK(Scalar.Shape.empty());
    CHECK(Scalar.elements() == 1);
    CHECK(Scalar.Data == u32s({42}));
    Array Empty = parsed(npyFile(dict("'<i4'", "False", "(0,)")));
    CHECK(Empty.Shape == Shape{0});
    CHECK(Empty.Data.empty());
    Array Empty2 = parsed(npyFile(dict("'<f8'", "False", "(4, 0, 18446744073709551615)")));
    CHECK(Empty2.Shape == Shape{4, 0, std::numeric_limits<uint64_t>::max()});
    CHECK(parsed(npyFile(dict("'<i4'", "False", "(-0,)"))).Shape == Shape{0});
  }
  SUBCASE("long headers") { // up to the 10000 bytes NumPy allows
    std::string Long = dict("'|u1'", "False", "(2,)");
    Long.insert(Long.size() - 1, 9000, ' ');
    CHECK(parsed(npyFile(Long, Bytes{1, 2})).Data == Bytes{1, 2});
  }
}

TEST_CASE("parse: rejections") {
  SUBCASE("magic, version, lengths") {
    CHECK(errorOf(parse(Bytes{})) == "not a .npy file: bad magic");
    CHECK(errorOf(parse(asBytes("\x93NUMP"))) == "not a .npy file: bad magic");
    CHECK(errorOf(parse(asBytes("PK\x03\x04 an npz archive"))) == "not a .npy file: bad magic");
    Bytes Wrong = npyFile(dict("'<f4'", "False", "()"), float32s({1}));
    Wrong[1] = 'n';
    CHECK(errorOf(parse(Wrong)) == "not a .npy file: bad magic");
    CHECK(errorOf(parse(asBytes("\x93NUMPY"))) ==
          "truncated .npy file: 6 bytes end inside the version");
    CHECK(errorOf(parse(asBytes(std::string_view("\x93NUMPY\x01\x00\x10", 9)))) ==
          "truncated .npy file: 9 bytes end inside the header length");
    CHECK(errorOf(parse(asBytes(std::string_view("\x93NUMPY\x02\x00\x10\x00\x00", 11)))) ==
          "truncated .npy file: 11 bytes end inside the header length");

    Bytes V4 = npyFile(dict("'<f4'", "False", "()"), float32s({1}));
    V4[6] = 4;
    CHECK(errorOf(parse(V4)) == "unsupported .npy version 4.0 (1.0, 2.0 and 3.0 are supported)");
    V4[6] = 1;
    V4[7] = 1;
    CHECK(errorOf(parse(V4)) == "unsupported .npy version 1.1 (1.0, 2.0 and 3.0 are supported)");
    V4[6] = 0;
    V4[7] = 0;
    CHECK(errorOf(parse(V4)) == "unsupported .npy version 0.0 (1.0, 2.0 and 3.0 are supported)");

    Bytes Short = npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (), }\n");
    Short[8] = 200; // the header is 56 bytes; the file 66
    CHECK(errorOf(parse(Short)) == "header length 200 runs past the end of the file (66 bytes)");
    Bytes Short2 = npyFile(std::string(20, ' '), {}, 2);
    Short2[9] = 0x01; // 276 bytes of header; the file has 20
    CHECK(errorOf(parse(Short2)) == "header length 276 runs past the end of the file (32 bytes)");
  }
  SUBCASE("header size: at most 10000 bytes, as NumPy's max_header_size") {
    // Padded with spaces to exactly the limit, then one byte more.
    std::string Header = dict("'<f4'", "False", "(1,)");
    Header.insert(Header.size() - 1, 10000 - Header.size(), ' ');
    REQUIRE(Header.size() == 10000);
    CHECK(parsed(npyFile(Header, float32s({1}), 2)).Shape == Shape{1});
    Header.insert(Header.size() - 1, " ");
    CHECK(errorOf(parse(npyFile(Header, float32s({1}), 2))) ==
          "header of 10001 bytes is longer than 10000, NumPy's max_header_size: refused as "
          "unsafe to parse");
    // Refused before anything is read: the length alone decides, even past
    // the end of the file (4 GiB here).
    Bytes Huge = npyFile("{}", {}, 2);
    Huge[11] = 0xff;
    CHECK(errorOf(parse(Huge)) == "header of 4278190082 bytes is longer than 10000, NumPy's "
                                  "max_header_size: refused as unsafe to parse");
  }
  SUBCASE("rank: at most 64 dimensions, as NumPy") {
    std::string Dims64;
    for (int I = 0; I < 64; ++I)
      Dims64 += "1, ";
    CHECK(parsed(npyFile(dict("'<f4'", "False", "(" + Dims64 + ")"), float32s({1}))).Shape ==
          Shape(64, 1));
    CHECK(headerError(dict("'<f4'", "False", "(" + Dims64 + "1)"), float32s({1})) ==
          "'shape' has 65 dimensions; NumPy arrays have at most 64");
  }
  SUBCASE("not a dict literal") {
    const std::string P = "header is not a Python dict literal: ";
    CHECK(headerError("") == P + "expected '{' at offset 0");
    CHECK(headerError("   \n") == P + "expected '{' at offset 4");
    CHECK(headerError("[1, 2]\n") == P + "expected '{' at offset 0");
    CHECK(headerError("{'descr' '<f4'}") == P + "expected ':' after key 'descr' at offset 9");
    CHECK(headerError("{'descr': '<f4' 'shape': ()}") == P + "expected ',' or '}' at offset 16");
    CHECK(headerError("{descr: '<f4'}") == P + "expected a quoted key at offset 1");
    CHECK(headerError("{5: '<f4'}") == P + "expected a quoted key at offset 1");
    CHECK(headerError("{'descr: 1}") == P + "unterminated string at offset 1");
    CHECK(headerError("{'des\ncr': 1}") == P + "newline in a string at offset 5");
    CHECK(headerError("{'descr': '<f\\x34'}") ==
          P + "backslash escapes are not supported at offset 13");
    CHECK(headerError("{'shape': (2, 3}") == P + "expected ',' or ')' at offset 15");
    CHECK(headerError("{'shape': [2, 3)}") == P + "expected ',' or ']' at offset 15");
    CHECK(headerError("{'shape': (2,, 3)}") == P + "unexpected ',' at offset 13");
    CHECK(headerError("{'shape': ()} x") == P + "unexpected 'x' at offset 14");
    CHECK(headerError(std::string_view("{'shape': ()}\0", 14)) ==
          P + "unexpected byte 0x00 at offset 13");
    CHECK(headerError("{'shape': ()") == P + "expected ',' or '}' at offset 12");
    CHECK(headerError("{'shape': ") == P + "unexpected end at offset 10");
    CHECK(headerError("{'fortran_order': false}") == P + "unexpected name 'false' at offset 18");
    CHECK(headerError("{'fortran_order': -True}") == P + "unexpected name 'True' at offset 19");
    CHECK(headerError("{'shape': (1.5e, 2)}") == P + "bad number '1.5e' at offset 11");
    CHECK(headerError("{'shape': (0x10,)}") == P + "bad number '0x10' at offset 11");
    CHECK(headerError("{'shape': {}}") == P + "unexpected '{' at offset 10");
    CHECK(headerError("{'shape': " + std::string(40, '(')) ==
          P + "nesting deeper than 32 at offset 42");
  }
  SUBCASE("keys") {
    CHECK(headerError("{'descr': '<f4', 'fortran_order': False, 'shape': (), 'foo': 1}") ==
          "header has unknown key 'foo'");
    CHECK(headerError("{'descr': '<f4', 'fortran_order': False, 'shape': (), 'shape': ()}") ==
          "header has key 'shape' twice");
    CHECK(headerError("{}") == "header lacks key 'descr'");
    CHECK(headerError("{'descr': '<f4', 'shape': ()}") == "header lacks key 'fortran_order'");
    CHECK(headerError("{'descr': '<f4', 'fortran_order': False}") == "header lacks key 'shape'");
  }
  SUBCASE("descr") {
    CHECK(headerError(dict("[('x', '<f4'), ('y', '<i4')]", "False", "(2,)")) ==
          "structured dtypes are not supported: save each field as its own array");
    CHECK(headerError(dict("('<f4', (2,))", "False", "(2,)")) ==
          "subarray dtypes are not supported: save a plain array");
    CHECK(headerError(dict("5", "False", "(2,)")) == "'descr' must be a dtype string, not 5");
    CHECK(headerError(dict("'>f4'", "False", "(2,)")) ==
          "big-endian '>f4' is not supported: save little-endian with x.astype('<f4')");
    CHECK(headerError(dict("'>u2'", "False", "(2,)")) ==
          "big-endian '>u2' is not supported: save little-endian with x.astype('<u2')");
    CHECK(headerError(dict("'|O'", "False", "(2,)")) == "object arrays ('|O') are not supported");
    CHECK(headerError(dict("'O'", "False", "(2,)")) == "object arrays ('O') are not supported");
    CHECK(headerError(dict("'|f4'", "False", "(2,)")) ==
          "dtype '|f4' has no byte order: write '<f4'");
    const char *Reads = ": trnemu reads <f4 <f8 <f2 |u1 |i1 <u2 <i2 <u4 <i4 <u8 <i8 |b1";
    CHECK(headerError(dict("'<c8'", "False", "(2,)")) ==
          std::string("unsupported dtype '<c8'") + Reads);
    CHECK(headerError(dict("'float32'", "False", "(2,)")) ==
          std::string("unsupported dtype 'float32'") + Reads);
    CHECK(headerError(dict("'<f16'", "False", "(2,)")) ==
          std::string("unsupported dtype '<f16'") + Reads);
    CHECK(headerError(dict("'|S4'", "False", "(2,)")) ==
          std::string("unsupported dtype '|S4'") + Reads);
    CHECK(headerError(dict("'<M8[ns]'", "False", "(2,)")) ==
          std::string("unsupported dtype '<M8[ns]'") + Reads);
    CHECK(headerError(dict("''", "False", "(2,)")) == std::string("unsupported dtype ''") + Reads);
    CHECK(headerError(dict("'<f1'", "False", "(2,)")) ==
          std::string("unsupported dtype '<f1'") + Reads +
              " (an ml_dtypes array? save its bits: x.view(np.uint16) for bfloat16, "
              "x.view(np.uint8) for float8)");
    CHECK(headerError(dict("'<V2'", "False", "(2,)")) ==
          std::string("unsupported dtype '<V2'") + Reads +
              " (an ml_dtypes array? save its bits: x.view(np.uint16) for bfloat16, "
              "x.view(np.uint8) for float8)");
  }
  SUBCASE("fortran_order") {
    CHECK(headerError(dict("'<f4'", "True", "(2, 2)"), float32s({1, 2, 3, 4})) ==
          "Fortran-order arrays are not supported: save with np.ascontiguousarray");
    CHECK(headerError(dict("'<f4'", "0", "(2,)")) ==
          "'fortran_order' must be True or False, not 0");
    CHECK(headerError(dict("'<f4'", "None", "(2,)")) ==
          "'fortran_order' must be True or False, not None");
    CHECK(headerError(dict("'<f4'", "'False'", "(2,)")) ==
          "'fortran_order' must be True or False, not 'False'");
  }
  SUBCASE("shape") {
    CHECK(headerError(dict("'<f4'", "False", "[2, 3]")) ==
          "'shape' must be a tuple of integers, not [2, 3]");
    CHECK(headerError(dict("'<f4'", "False", "(5)")) ==
          "'shape' must be a tuple of integers, not (5)");
    CHECK(headerError(dict("'<f4'", "False", "5")) == "'shape' must be a tuple of integers, not 5");
    CHECK(headerError(dict("'<f4'", "False", "(2.5, 3)")) ==
          "shape dimension 2.5 is not an integer");
    CHECK(headerError(dict("'<f4'", "False", "(2, 1e3)")) ==
          "shape dimension 1e3 is not an integer");
    CHECK(headerError(dict("'<f4'", "False", "('2',)")) == "shape dimension '2' is not an integer");
    CHECK(headerError(dict("'<f4'", "False", "(True,)")) ==
          "shape dimension True is not an integer");
    CHECK(headerError(dict("'<f4'", "False", "((2,),)")) ==
          "shape dimension (2,) is not an integer");
    CHECK(headerError(dict("'<f4'", "False", "(3, -1)")) == "shape dimension -1 is negative");
    CHECK(headerError(dict("'<f4'", "False", "(3, - 2)")) == "shape dimension - 2 is negative");
    CHECK(headerError(dict("'<f4'", "False", "(18446744073709551616,)")) ==
          "shape dimension 18446744073709551616 is too large");
    CHECK(headerError(dict("'<f4'", "False", "(18446744073709551615,)")) ==
          "shape (18446744073709551615,) of '<f4' is too large: its data would exceed 2^64 bytes");
    CHECK(headerError(dict("'|u1'", "False", "(4294967296, 4294967296)")) ==
          "shape (4294967296, 4294967296) of '|u1' is too large: its data would exceed 2^64 "
          "bytes");
    CHECK(headerError(dict("'|u1'", "False", "(18446744073709551615,)")) ==
          "data holds 0 bytes, the shape needs 18446744073709551615");
  }
  SUBCASE("data size") {
    Bytes Ten(10), Twenty(20);
    CHECK(headerError(dict("'<f4'", "False", "(2, 2)"), Ten) ==
          "data holds 10 bytes, the shape needs 16");
    CHECK(headerError(dict("'<f4'", "False", "(2, 2)"), Twenty) ==
          "data holds 20 bytes, the shape needs 16");
    CHECK(headerError(dict("'<f8'", "False", "()"), Bytes(4)) ==
          "data holds 4 bytes, the shape needs 8");
    CHECK(headerError(dict("'<f8'", "False", "(0,)"), Bytes(4)) ==
          "data holds 4 bytes, the shape needs 0");
  }
}

TEST_CASE("toTensor: shape and dtype checks") {
  Array A;
  A.Descr = "<f4";
  A.Shape = {128, 64};
  A.Data = Bytes(128 * 64 * 4);
  CHECK(errorOf(toTensor(A, DType::FP32, Shape{128, 512})) ==
        "shape (128, 64) does not match the tensor's (128, 512)");
  CHECK(errorOf(toTensor(A, DType::FP32, Shape{64, 128})) ==
        "shape (128, 64) does not match the tensor's (64, 128)");
  CHECK(errorOf(toTensor(A, DType::FP32, Shape{128, 64, 1})) ==
        "shape (128, 64) does not match the tensor's (128, 64, 1)");
  CHECK(errorOf(toTensor(A, DType::FP32, Shape{8192})) ==
        "shape (128, 64) does not match the tensor's (8192,)");
  Array Scalar = float32Array({1});
  Scalar.Shape = {};
  CHECK(errorOf(toTensor(Scalar, DType::FP32, Shape{1})) ==
        "shape () does not match the tensor's (1,)");
  CHECK(converted(Scalar, DType::FP32, Shape{}) == float32s({1}));

  auto Mismatch = [](const char *Descr, unsigned Size, DType T) {
    Array M;
    M.Descr = Descr;
    M.Shape = {2};
    M.Data = Bytes(2 * Size);
    return errorOf(toTensor(M, T, Shape{2}));
  };
  CHECK(Mismatch("<f8", 8, DType::BF16) ==
        "dtype '<f8' cannot be read into bf16: it takes '<u2' (raw bf16 bits) or '<f4' "
        "(rounded to bf16); convert with x.astype(np.float32)");
  CHECK(Mismatch("<f2", 2, DType::BF16) ==
        "dtype '<f2' cannot be read into bf16: it takes '<u2' (raw bf16 bits) or '<f4' "
        "(rounded to bf16); convert with x.astype(np.float32)");
  CHECK(Mismatch("<f8", 8, DType::FP32) ==
        "dtype '<f8' cannot be read into fp32: it takes '<f4'; convert with "
        "x.astype(np.float32)");
  CHECK(Mismatch("|u1", 1, DType::FP32) ==
        "dtype '|u1' cannot be read into fp32: it takes '<f4'; convert with "
        "x.astype(np.float32)");
  CHECK(Mismatch("<u2", 2, DType::FP16) ==
        "dtype '<u2' cannot be read into fp16: it takes '<f2' or '<f4' (rounded to fp16); "
        "convert with x.astype(np.float16)");
  CHECK(Mismatch("<f8", 8, DType::TF32) ==
        "dtype '<f8' cannot be read into tf32: it takes '<f4' (rounded to tf32); convert with "
        "x.astype(np.float32)");
  CHECK(Mismatch("|i1", 1, DType::FP8_E4M3) ==
        "dtype '|i1' cannot be read into fp8_e4m3: it takes '|u1' (raw fp8_e4m3 bits) or '<f4' "
        "(rounded to fp8_e4m3); convert with x.astype(np.float32)");
  CHECK(Mismatch("<f8", 8, DType::FP8_E4M3FN) ==
        "dtype '<f8' cannot be read into fp8_e4m3fn: it takes '|u1' (raw fp8_e4m3fn bits) or "
        "'<f4' (rounded to fp8_e4m3fn); convert with x.astype(np.float32)");
  CHECK(Mismatch("<i8", 8, DType::INT32) ==
        "dtype '<i8' cannot be read into int32: it takes '<i4'; convert with "
        "x.astype(np.int32)");
  CHECK(Mismatch("<f4", 4, DType::INT32) ==
        "dtype '<f4' cannot be read into int32: it takes '<i4'; convert with "
        "x.astype(np.int32)");
  CHECK(Mismatch("<u4", 4, DType::INT32) ==
        "dtype '<u4' cannot be read into int32: it takes '<i4'; convert with "
        "x.astype(np.int32)");
  CHECK(Mismatch("|b1", 1, DType::UINT8) ==
        "dtype '|b1' cannot be read into uint8: it takes '|u1'; convert with "
        "x.astype(np.uint8)");
  CHECK(Mismatch("<f4", 4, DType::UINT8) ==
        "dtype '<f4' cannot be read into uint8: it takes '|u1'; convert with "
        "x.astype(np.uint8)");
  CHECK(Mismatch("<i2", 2, DType::UINT16) ==
        "dtype '<i2' cannot be read into uint16: it takes '<u2'; convert with "
        "x.astype(np.uint16)");
  CHECK(Mismatch("<u8", 8, DType::UINT32) ==
        "dtype '<u8' cannot be read into uint32: it takes '<u4'; convert with "
        "x.astype(np.uint32)");
  CHECK(Mismatch("|u1", 1, DType::INT8) ==
        "dtype '|u1' cannot be read into int8: it takes '|i1'; convert with x.astype(np.int8)");
  CHECK(Mismatch("<u2", 2, DType::INT16) ==
        "dtype '<u2' cannot be read into int16: it takes '<i2'; convert with "
        "x.astype(np.int16)");
  // fp8 bits and uint8 share '|u1'; bf16 bits and uint16 share '<u2'.
  CHECK(Mismatch("|u1", 1, DType::FP8_E5M2) == "<converted>");
  CHECK(Mismatch("|u1", 1, DType::UINT8) == "<converted>");
  CHECK(Mismatch("<u2", 2, DType::BF16) == "<converted>");
  CHECK(Mismatch("<u2", 2, DType::UINT16) == "<converted>");
  CHECK(Mismatch("<f2", 2, DType::FP16) == "<converted>");

  SUBCASE("arrays built by hand are checked too") {
    Array F = float32Array({1, 2, 3, 4});
    F.FortranOrder = true;
    CHECK(errorOf(toTensor(F, DType::FP32, Shape{4})) ==
          "Fortran-order arrays are not supported: save with np.ascontiguousarray");
    Array Short = float32Array({1, 2, 3, 4});
    Short.Data.pop_back();
    CHECK(errorOf(toTensor(Short, DType::FP32, Shape{4})) ==
          "data holds 15 bytes, the shape needs 16");
    CHECK(errorOf(toTensor(Short, DType::BF16, Shape{4})) ==
          "data holds 15 bytes, the shape needs 16");
    Array Big = float32Array({1});
    Big.Descr = ">f4";
    CHECK(errorOf(toTensor(Big, DType::FP32, Shape{1})) ==
          "big-endian '>f4' is not supported: save little-endian with x.astype('<f4')");
    Array Native = float32Array({1.5f});
    Native.Descr = "=f4";
    CHECK(converted(Native, DType::FP32, Shape{1}) == float32s({1.5f}));
  }
}

TEST_CASE("toTensor: float32 rounded to narrower floats") {
  const float Inf = std::numeric_limits<float>::infinity();
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  const float FltMax = std::numeric_limits<float>::max(); // 0x7f7fffff

  SUBCASE("fp32 is taken as is") {
    Array A = float32Array({1.0f, emu::bitsToFloat(0x3f800001), -0.0f});
    CHECK(converted(A, DType::FP32, Shape{3}) == A.Data);
  }
  SUBCASE("bf16: the top 16 bits, rounded to nearest even") {
    Array A = float32Array({
        1.0f,                         // 0x3f800000 -> 0x3f80
        1.00390625f,                  // 1 + 2^-8 = 0x3f808000: a tie, 0x3f80 is even
        1.01171875f,                  // 1 + 3 x 2^-8 = 0x3f818000: a tie, 0x3f81 odd -> 0x3f82
        emu::bitsToFloat(0x3f808001), // just above the tie -> 0x3f81
        emu::bitsToFloat(0x3f807fff), // just below -> 0x3f80
        -2.0f,                        // 0xc0000000 -> 0xc000
        0.0f, -0.0f,                  // 0x0000, 0x8000
        FltMax,                       // 0x7f7f + more than half -> overflows to inf 0x7f80
        -Inf,                         // 0xff80
        NaN,                          // quiet NaN, sign kept: 0x7fc0
    });
    CHECK(converted(A, DType::BF16, Shape{11}) ==
          u16s({0x3f80, 0x3f80, 0x3f82, 0x3f81, 0x3f80, 0xc000, 0x0000, 0x8000, 0x7f80, 0xff80,
                0x7fc0}));
  }
  SUBCASE("fp16") {
    Array A = float32Array({
        1.0f,                // 0x3c00
        1.0f + 0x1p-11f,     // half an ulp (2^-10): tie to even 0x3c00
        1.0f + 3 * 0x1p-11f, // 1 + 1.5 ulp: tie between 0x3c01 and 0x3c02 -> 0x3c02
        0.1f,                // 0x3dcccccd = 1.6 x 2^-4: 0 01011 1001100110, rest < half: 0x2e66
        65504.0f,            // max finite 0x7bff
        65520.0f,            // tie between 65504 (odd) and 65536 -> overflow -> inf 0x7c00
        0x1p-24f,            // smallest subnormal 0x0001
        0x1p-25f,            // half of it: tie to even 0x0000
        1.5f * 0x1p-25f,     // above the tie -> 0x0001
        -0.0f,               // 0x8000
        -Inf,                // 0xfc00
    });
    CHECK(converted(A, DType::FP16, Shape{11}) ==
          u16s({0x3c00, 0x3c00, 0x3c02, 0x2e66, 0x7bff, 0x7c00, 0x0001, 0x0000, 0x0001, 0x8000,
                0xfc00}));
  }
  SUBCASE("tf32: fp32 rounded to 10 mantissa bits, the low 13 bits zero") {
    Array A = float32Array({
        emu::bitsToFloat(0x3f801000), // 1 + 2^-11: tie, even -> 0x3f800000
        emu::bitsToFloat(0x3f803000), // 1 + 3 x 2^-11: tie, odd -> 0x3f804000
        emu::bitsToFloat(0x3f800fff), // below the tie -> 0x3f800000
        emu::bitsToFloat(0x3f801001), // above -> 0x3f802000
        -1.0f,                        // 0xbf800000
        FltMax,                       // rounds up past the top -> inf 0x7f800000
    });
    CHECK(converted(A, DType::TF32, Shape{6}) ==
          u32s({0x3f800000, 0x3f804000, 0x3f800000, 0x3f802000, 0xbf800000, 0x7f800000}));
  }
  SUBCASE("fp8_e4m3: bias 7, top exponent for inf/NaN, max 240") {
    Array A = float32Array({
        1.0f,    // 0 0111 000 = 0x38
        2.0f,    // 0 1000 000 = 0x40
        -1.5f,   // 1 0111 100 = 0xbc
        1.0625f, // 1 + 2^-4, half an ulp (2^-3): tie to even 0x38
        1.1875f, // 1 + 3 x 2^-4: tie between 0x39 and 0x3a -> 0x3a
        240.0f,  // 1.875 x 2^7 = 0 1110 111 = 0x77
        244.0f,  // below the tie with 256 -> 0x77
        248.0f,  // tie: 240 is odd, so up to 256 = overflow -> inf 0x78
        0x1p-9f, // smallest subnormal: 2^-6 x 2^-3 = 0x01
        -Inf,    // 0xf8
    });
    CHECK(converted(A, DType::FP8_E4M3, Shape{10}) ==
          Bytes{0x38, 0x40, 0xbc, 0x38, 0x3a, 0x77, 0x77, 0x78, 0x01, 0xf8});
  }
  SUBCASE("fp8_e5m2: bias 15, max 57344") {
    Array A = float32Array({
        1.0f,     // 0 01111 00 = 0x3c
        -2.0f,    // 1 10000 00 = 0xc0
        1.125f,   // 1 + 2^-3, half an ulp (2^-2): tie to even 0x3c
        1.375f,   // 1 + 3 x 2^-3: tie between 0x3d and 0x3e -> 0x3e
        57344.0f, // 1.75 x 2^15 = 0 11110 11 = 0x7b
        61440.0f, // tie with 65536; 57344 is odd -> overflow -> inf 0x7c
    });
    CHECK(converted(A, DType::FP8_E5M2, Shape{6}) == Bytes{0x3c, 0xc0, 0x3c, 0x3e, 0x7b, 0x7c});
  }
  SUBCASE("fp8_e4m3fn: no infinity, max 448, overflow -> NaN") {
    Array A = float32Array({
        1.0f,   // 0x38
        448.0f, // 1.75 x 2^8 = 0 1111 110 = 0x7e
        464.0f, // tie between 448 (even) and 480 -> 448 = 0x7e
        470.0f, // above the tie: 480 would be 0x7f, which is NaN -> overflow -> NaN 0x7f
        Inf,    // -> NaN 0x7f
        -Inf,   // -> NaN with its sign 0xff
    });
    CHECK(converted(A, DType::FP8_E4M3FN, Shape{6}) == Bytes{0x38, 0x7e, 0x7e, 0x7f, 0x7f, 0xff});
  }
  SUBCASE("a 2-d float32 file read into bf16 end to end") {
    Bytes File = serialize(
        fromTensor(float32s({1.0f, 1.00390625f, 1.01171875f, -2.0f}), DType::FP32, Shape{2, 2}));
    Array A = parsed(File);
    CHECK(converted(A, DType::BF16, Shape{2, 2}) == u16s({0x3f80, 0x3f80, 0x3f82, 0xc000}));
    CHECK(errorOf(toTensor(A, DType::BF16, Shape{4})) ==
          "shape (2, 2) does not match the tensor's (4,)");
  }
}
