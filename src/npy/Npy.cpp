//===- Npy.cpp - NumPy .npy files -----------------------------------------===//
//
// The header is a Python dict literal. It is read by a small recursive
// descent parser for the Python literals a header can hold (strings,
// integers, True/False/None, tuples, lists), then checked the way
// numpy.lib.format checks it, plus trnemu's own limits: the dtypes listed in
// docs/npy.md, little-endian, C order. The writer produces byte for byte what
// np.save (NumPy >= 1.24, numpy/lib/format.py _write_array_header) writes for
// the same array. Header integers are little-endian whatever the host; the
// data bytes are passed through untouched.
//
//===----------------------------------------------------------------------===//

#include "trn/npy/Npy.h"

#include "trn/emu/Numerics.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <string_view>
#include <utility>

namespace trn::npy {
namespace {

using isa::DType;

constexpr std::string_view Magic("\x93NUMPY", 6);
constexpr size_t ArrayAlign = 64;          // numpy.lib.format.ARRAY_ALIGN
constexpr size_t GrowthAxisMaxDigits = 21; // numpy.lib.format.GROWTH_AXIS_MAX_DIGITS
constexpr unsigned MaxDepth = 32;          // nesting of tuples and lists in a header
// numpy.lib.format's default max_header_size: a longer header is refused
// unread, so a hostile file costs no parse time or memory.
constexpr uint64_t MaxHeaderBytes = 10000;
constexpr size_t MaxRank = 64; // NumPy's NPY_MAXDIMS (2.x; 32 in 1.x)
constexpr uint64_t U64Max = std::numeric_limits<uint64_t>::max();

constexpr const char *FortranMessage =
    "Fortran-order arrays are not supported: save with np.ascontiguousarray";

//===-- Descrs ------------------------------------------------------------===//

struct DescrInfo {
  const char *Descr; // canonical: '<' for multi-byte, '|' for one byte
  unsigned Size;
};

constexpr DescrInfo SupportedDescrs[] = {
    {"<f4", 4}, {"<f8", 8}, {"<f2", 2}, {"|u1", 1}, {"|i1", 1}, {"<u2", 2},
    {"<i2", 2}, {"<u4", 4}, {"<i4", 4}, {"<u8", 8}, {"<i8", 8}, {"|b1", 1},
};

// A string as Python's repr() writes it, for messages and headers: single
// quotes, backslash escapes for quotes, backslashes and unprintable bytes.
std::string pyRepr(std::string_view S) {
  std::string Out = "'";
  for (unsigned char C : S) {
    if (C == '\'' || C == '\\') {
      Out += '\\';
      Out += static_cast<char>(C);
    } else if (C == '\n') {
      Out += "\\n";
    } else if (C == '\t') {
      Out += "\\t";
    } else if (C == '\r') {
      Out += "\\r";
    } else if (C < 0x20 || C >= 0x7f) {
      Out += fmt::format("\\x{:02x}", C);
    } else {
      Out += static_cast<char>(C);
    }
  }
  return Out + "'";
}

// The supported descr a string descr names, or why it is refused. Accepts
// '<' and '=' (native: the file is taken to come from a little-endian
// machine) for every dtype, '|' and '>' only for one-byte dtypes, where byte
// order means nothing, and no byte-order character at all ("f4" = "=f4").
std::variant<const DescrInfo *, std::string> lookupDescr(std::string_view D) {
  char Order = '=';
  std::string_view Rest = D;
  if (!Rest.empty() && std::string_view("<>=|").find(Rest[0]) != std::string_view::npos) {
    Order = Rest[0];
    Rest.remove_prefix(1);
  }
  if (!Rest.empty() && Rest[0] == 'O')
    return fmt::format("object arrays ({}) are not supported", pyRepr(D));
  for (const DescrInfo &I : SupportedDescrs) {
    if (Rest != I.Descr + 1)
      continue;
    if (I.Size == 1)
      return &I;
    if (Order == '>')
      return fmt::format("big-endian {} is not supported: save little-endian with "
                         "x.astype('<{}')",
                         pyRepr(D), Rest);
    if (Order == '|')
      return fmt::format("dtype {} has no byte order: write '<{}'", pyRepr(D), Rest);
    return &I;
  }
  std::string List;
  for (const DescrInfo &I : SupportedDescrs)
    List += fmt::format("{}{}", List.empty() ? "" : " ", I.Descr);
  // np.save records ml_dtypes' bfloat16 and float8 arrays as raw void ('<V2',
  // '<V1'), except float8_e5m2 in some versions, as '<f1'.
  const char *Hint = (!Rest.empty() && Rest[0] == 'V') || Rest == "f1"
                         ? " (an ml_dtypes array? save its bits: x.view(np.uint16) for bfloat16, "
                           "x.view(np.uint8) for float8)"
                         : "";
  return fmt::format("unsupported dtype {}: trnemu reads {}{}", pyRepr(D), List, Hint);
}

// Elements times bytes each, or nullopt past 2^64 - 1.
std::optional<uint64_t> byteCount(std::span<const uint64_t> Shape, uint64_t ItemSize) {
  if (std::find(Shape.begin(), Shape.end(), 0) != Shape.end())
    return 0;
  uint64_t N = ItemSize;
  for (uint64_t D : Shape) {
    if (N > U64Max / D)
      return std::nullopt;
    N *= D;
  }
  return N;
}

std::string sizeMessage(uint64_t Have, uint64_t Need) {
  return fmt::format("data holds {} bytes, the shape needs {}", Have, Need);
}

//===-- The header's Python literal ---------------------------------------===//

struct Value {
  enum KindT { Str, Int, Float, Name, Tuple, List } Kind = Str;
  size_t Begin = 0, End = 0; // source span in the header
  std::string Text;          // Str: the contents; Name: the identifier
  bool Negative = false;     // Int
  bool TooLarge = false;     // Int: beyond 2^64 - 1
  uint64_t Magnitude = 0;    // Int
  std::vector<Value> Items;  // Tuple, List
};

class HeaderParser {
public:
  explicit HeaderParser(std::string_view Header) : H(Header) {}

  // Entries of the dict in source order, or nullopt with error() set.
  std::optional<std::vector<std::pair<std::string, Value>>> parseDict();
  const std::string &error() const { return Err; }
  std::string_view source(const Value &V) const { return H.substr(V.Begin, V.End - V.Begin); }

private:
  std::string_view H;
  size_t Pos = 0;
  unsigned Depth = 0;
  std::string Err;

  bool fail(std::string_view What) {
    if (Err.empty())
      Err = fmt::format("header is not a Python dict literal: {} at offset {}", What, Pos);
    return false;
  }
  bool failUnexpected() {
    if (Pos >= H.size())
      return fail("unexpected end");
    unsigned char C = static_cast<unsigned char>(H[Pos]);
    if (C > 0x20 && C < 0x7f)
      return fail(fmt::format("unexpected '{}'", static_cast<char>(C)));
    return fail(fmt::format("unexpected byte 0x{:02x}", C));
  }
  bool peek(char C) const { return Pos < H.size() && H[Pos] == C; }
  void skipSpace() {
    while (Pos < H.size() && std::string_view(" \t\n\r\f\v").find(H[Pos]) != std::string_view::npos)
      ++Pos;
  }
  bool parseValue(Value &V);
  bool parseString(Value &V);
  bool parseSequence(Value &V, char Close);
  bool parseAtom(Value &V);
};

std::optional<std::vector<std::pair<std::string, Value>>> HeaderParser::parseDict() {
  std::vector<std::pair<std::string, Value>> Entries;
  skipSpace();
  if (!peek('{')) {
    fail("expected '{'");
    return std::nullopt;
  }
  ++Pos;
  for (;;) {
    skipSpace();
    if (peek('}'))
      break;
    if (!peek('\'') && !peek('"')) {
      fail("expected a quoted key");
      return std::nullopt;
    }
    Value Key;
    if (!parseString(Key))
      return std::nullopt;
    skipSpace();
    if (!peek(':')) {
      fail(fmt::format("expected ':' after key {}", pyRepr(Key.Text)));
      return std::nullopt;
    }
    ++Pos;
    Value V;
    if (!parseValue(V))
      return std::nullopt;
    Entries.emplace_back(std::move(Key.Text), std::move(V));
    skipSpace();
    if (peek(',')) {
      ++Pos;
      continue;
    }
    if (!peek('}')) {
      fail("expected ',' or '}'");
      return std::nullopt;
    }
    break;
  }
  ++Pos; // '}'
  skipSpace();
  if (Pos != H.size()) {
    failUnexpected();
    return std::nullopt;
  }
  return Entries;
}

bool HeaderParser::parseValue(Value &V) {
  skipSpace();
  if (Pos >= H.size())
    return failUnexpected();
  char C = H[Pos];
  if (C == '\'' || C == '"')
    return parseString(V);
  if (C == '(' || C == '[') {
    if (Depth == MaxDepth)
      return fail(fmt::format("nesting deeper than {}", MaxDepth));
    ++Depth;
    bool Ok = parseSequence(V, C == '(' ? ')' : ']');
    --Depth;
    return Ok;
  }
  return parseAtom(V);
}

// A string literal without escapes or prefixes: headers never need them.
bool HeaderParser::parseString(Value &V) {
  V.Kind = Value::Str;
  V.Begin = Pos;
  char Quote = H[Pos++];
  size_t Start = Pos;
  for (; Pos < H.size() && H[Pos] != Quote; ++Pos) {
    if (H[Pos] == '\\')
      return fail("backslash escapes are not supported");
    if (H[Pos] == '\n')
      return fail("newline in a string");
  }
  if (Pos >= H.size()) {
    Pos = V.Begin;
    return fail("unterminated string");
  }
  V.Text = std::string(H.substr(Start, Pos - Start));
  V.End = ++Pos;
  return true;
}

// A tuple or list; as in Python, "(x)" without a comma is just x, while "()"
// and "(x,)" are tuples. Trailing commas are allowed.
bool HeaderParser::parseSequence(Value &V, char Close) {
  size_t Begin = Pos++;
  std::vector<Value> Items;
  bool SawComma = false;
  for (;;) {
    skipSpace();
    if (peek(Close))
      break;
    Value Item;
    if (!parseValue(Item))
      return false;
    Items.push_back(std::move(Item));
    skipSpace();
    if (peek(',')) {
      ++Pos;
      SawComma = true;
      continue;
    }
    if (!peek(Close))
      return fail(fmt::format("expected ',' or '{}'", Close));
    break;
  }
  ++Pos; // Close
  if (Close == ')' && Items.size() == 1 && !SawComma) {
    V = std::move(Items[0]);
  } else {
    V.Kind = Close == ')' ? Value::Tuple : Value::List;
    V.Items = std::move(Items);
  }
  V.Begin = Begin;
  V.End = Pos;
  return true;
}

bool isDigit(char C) { return C >= '0' && C <= '9'; }
bool isNameChar(char C) {
  return isDigit(C) || (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_';
}

// Numbers (with an optional sign, which Python parses as an operator) and
// the names True, False and None. An integer may carry Python 2's 'L'
// suffix, as headers written by Python 2 NumPy do.
bool HeaderParser::parseAtom(Value &V) {
  V.Begin = Pos;
  bool Negative = false, Signed = false;
  while (peek('-') || peek('+')) {
    Negative ^= H[Pos] == '-';
    Signed = true;
    ++Pos;
    skipSpace();
  }
  size_t Start = Pos;
  while (Pos < H.size()) {
    char C = H[Pos];
    bool Exponent = (C == '+' || C == '-') && Pos > Start &&
                    (H[Pos - 1] == 'e' || H[Pos - 1] == 'E') && isDigit(H[Start]);
    if (!isNameChar(C) && C != '.' && !Exponent)
      break;
    ++Pos;
  }
  std::string_view Word = H.substr(Start, Pos - Start);
  V.End = Pos;
  if (Word.empty())
    return failUnexpected();
  if (!isDigit(Word[0]) && Word[0] != '.') {
    if (Signed || (Word != "True" && Word != "False" && Word != "None")) {
      Pos = Start;
      return fail(fmt::format("unexpected name '{}'", Word));
    }
    V.Kind = Value::Name;
    V.Text = std::string(Word);
    return true;
  }
  std::string_view Digits = Word;
  if (Digits.back() == 'L' || Digits.back() == 'l')
    Digits.remove_suffix(1);
  if (!Digits.empty() && std::all_of(Digits.begin(), Digits.end(), isDigit)) {
    V.Kind = Value::Int;
    V.Negative = Negative;
    for (char C : Digits) {
      unsigned D = static_cast<unsigned>(C - '0');
      if (V.Magnitude > (U64Max - D) / 10)
        V.TooLarge = true;
      else
        V.Magnitude = V.Magnitude * 10 + D;
    }
    return true;
  }
  // A float: digits, at most one '.', an optional exponent.
  size_t I = 0;
  bool Mantissa = false;
  while (I < Word.size() && isDigit(Word[I]))
    ++I, Mantissa = true;
  if (I < Word.size() && Word[I] == '.')
    ++I;
  while (I < Word.size() && isDigit(Word[I]))
    ++I, Mantissa = true;
  if (Mantissa && I < Word.size() && (Word[I] == 'e' || Word[I] == 'E')) {
    ++I;
    if (I < Word.size() && (Word[I] == '+' || Word[I] == '-'))
      ++I;
    size_t ExpStart = I;
    while (I < Word.size() && isDigit(Word[I]))
      ++I;
    if (I == ExpStart)
      Mantissa = false;
  }
  if (!Mantissa || I != Word.size()) {
    Pos = Start;
    return fail(fmt::format("bad number '{}'", Word));
  }
  V.Kind = Value::Float;
  return true;
}

} // namespace

//===-- Array -------------------------------------------------------------===//

std::string shapeText(std::span<const uint64_t> Shape) {
  if (Shape.size() == 1)
    return fmt::format("({},)", Shape[0]);
  return fmt::format("({})", fmt::join(Shape, ", "));
}

// Saturates at 2^64 - 1 for a shape no file could hold.
uint64_t Array::elements() const { return byteCount(Shape, 1).value_or(U64Max); }

//===-- Reading -----------------------------------------------------------===//

std::variant<uint64_t, std::string> headerLength(std::span<const uint8_t> Start,
                                                 uint64_t FileSize) {
  if (Start.size() < Magic.size() ||
      !std::equal(Magic.begin(), Magic.end(), Start.begin(),
                  [](char M, uint8_t B) { return static_cast<uint8_t>(M) == B; }))
    return std::string("not a .npy file: bad magic");
  if (Start.size() < 8)
    return fmt::format("truncated .npy file: {} bytes end inside the version", FileSize);
  unsigned Major = Start[6], Minor = Start[7];
  if (Major < 1 || Major > 3 || Minor != 0)
    return fmt::format("unsupported .npy version {}.{} (1.0, 2.0 and 3.0 are supported)", Major,
                       Minor);
  size_t LengthBytes = Major == 1 ? 2 : 4;
  size_t Prefix = 8 + LengthBytes;
  if (Start.size() < Prefix)
    return fmt::format("truncated .npy file: {} bytes end inside the header length", FileSize);
  uint64_t HeaderLen = 0;
  for (size_t I = 0; I < LengthBytes; ++I)
    HeaderLen |= uint64_t(Start[8 + I]) << (8 * I);
  if (HeaderLen > MaxHeaderBytes)
    return fmt::format("header of {} bytes is longer than {}, NumPy's max_header_size: refused "
                       "as unsafe to parse",
                       HeaderLen, MaxHeaderBytes);
  if (HeaderLen > FileSize - Prefix)
    return fmt::format("header length {} runs past the end of the file ({} bytes)", HeaderLen,
                       FileSize);
  return Prefix + HeaderLen;
}

std::variant<Header, std::string> parseHeader(std::span<const uint8_t> Bytes, uint64_t FileSize) {
  auto Length = headerLength(Bytes, FileSize);
  if (auto *Err = std::get_if<std::string>(&Length))
    return std::move(*Err);
  uint64_t End = std::get<uint64_t>(Length);
  if (Bytes.size() < End)
    return fmt::format("the header's {} bytes were not all read", End);
  size_t Prefix = Bytes[6] == 1 ? 10 : 12;
  uint64_t HeaderLen = End - Prefix;

  // Version 3.0 headers are UTF-8, earlier ones latin-1; both agree on the
  // ASCII a valid header is made of, and any other byte is either a syntax
  // error or inside a string no supported descr matches.
  std::string_view Text(reinterpret_cast<const char *>(Bytes.data() + Prefix), HeaderLen);
  HeaderParser P(Text);
  auto Entries = P.parseDict();
  if (!Entries)
    return P.error();

  const Value *Descr = nullptr, *Fortran = nullptr, *Shape = nullptr;
  for (const auto &[Key, V] : *Entries) {
    const Value **Slot = Key == "descr"           ? &Descr
                         : Key == "fortran_order" ? &Fortran
                         : Key == "shape"         ? &Shape
                                                  : nullptr;
    if (!Slot)
      return fmt::format("header has unknown key {}", pyRepr(Key));
    if (*Slot)
      return fmt::format("header has key {} twice", pyRepr(Key));
    *Slot = &V;
  }
  if (!Descr)
    return std::string("header lacks key 'descr'");
  if (!Fortran)
    return std::string("header lacks key 'fortran_order'");
  if (!Shape)
    return std::string("header lacks key 'shape'");

  Header H;
  if (Descr->Kind == Value::List)
    return std::string("structured dtypes are not supported: save each field as its own array");
  if (Descr->Kind == Value::Tuple)
    return std::string("subarray dtypes are not supported: save a plain array");
  if (Descr->Kind != Value::Str)
    return fmt::format("'descr' must be a dtype string, not {}", P.source(*Descr));
  auto Info = lookupDescr(Descr->Text);
  if (auto *Msg = std::get_if<std::string>(&Info))
    return std::move(*Msg);
  const DescrInfo &D = *std::get<const DescrInfo *>(Info);
  H.Descr = D.Descr;

  if (Fortran->Kind != Value::Name || Fortran->Text == "None")
    return fmt::format("'fortran_order' must be True or False, not {}", P.source(*Fortran));
  if (Fortran->Text == "True")
    return std::string(FortranMessage);

  if (Shape->Kind != Value::Tuple)
    return fmt::format("'shape' must be a tuple of integers, not {}", P.source(*Shape));
  if (Shape->Items.size() > MaxRank)
    return fmt::format("'shape' has {} dimensions; NumPy arrays have at most {}",
                       Shape->Items.size(), MaxRank);
  for (const Value &Dim : Shape->Items) {
    if (Dim.Kind != Value::Int)
      return fmt::format("shape dimension {} is not an integer", P.source(Dim));
    if (Dim.Negative && (Dim.Magnitude != 0 || Dim.TooLarge))
      return fmt::format("shape dimension {} is negative", P.source(Dim));
    if (Dim.TooLarge)
      return fmt::format("shape dimension {} is too large", P.source(Dim));
    H.Shape.push_back(Dim.Magnitude);
  }

  std::optional<uint64_t> Need = byteCount(H.Shape, D.Size);
  if (!Need)
    return fmt::format("shape {} of {} is too large: its data would exceed 2^64 bytes",
                       shapeText(H.Shape), pyRepr(H.Descr));
  if (FileSize - End != *Need)
    return sizeMessage(FileSize - End, *Need);
  H.DataOffset = End;
  H.DataBytes = *Need;
  return H;
}

std::variant<Array, std::string> parse(std::span<const uint8_t> Bytes) {
  auto H = parseHeader(Bytes, Bytes.size());
  if (auto *Err = std::get_if<std::string>(&H))
    return std::move(*Err);
  Header &Hd = std::get<Header>(H);
  Array A;
  A.Descr = std::move(Hd.Descr);
  A.Shape = std::move(Hd.Shape);
  A.Data.assign(Bytes.begin() + Hd.DataOffset, Bytes.end());
  return A;
}

//===-- Writing -----------------------------------------------------------===//

std::vector<uint8_t> serializeHeader(std::string_view Descr, bool FortranOrder,
                                     std::span<const uint64_t> Shape) {
  // The dict with its keys sorted, then room for the growth axis (the first,
  // or the last in Fortran order) to reach 21 digits, as np.save leaves it.
  std::string Dict = fmt::format("{{'descr': {}, 'fortran_order': {}, 'shape': {}, }}",
                                 pyRepr(Descr), FortranOrder ? "True" : "False", shapeText(Shape));
  if (!Shape.empty()) {
    size_t Digits = std::to_string(FortranOrder ? Shape.back() : Shape.front()).size();
    Dict.append(GrowthAxisMaxDigits - Digits, ' ');
  }
  // Then spaces and a newline up to the next multiple of 64 bytes: a whole
  // 64 more when it already ends on one, as NumPy computes it. Version 1.0
  // unless the header length overflows its 16 bits.
  size_t HeaderLen = Dict.size() + 1;
  size_t LengthBytes = 2;
  size_t PadLen = ArrayAlign - (Magic.size() + 2 + LengthBytes + HeaderLen) % ArrayAlign;
  if (HeaderLen + PadLen > 0xffff) {
    LengthBytes = 4;
    PadLen = ArrayAlign - (Magic.size() + 2 + LengthBytes + HeaderLen) % ArrayAlign;
  }
  uint64_t Stored = HeaderLen + PadLen;

  std::vector<uint8_t> Out(Magic.begin(), Magic.end());
  Out.reserve(Magic.size() + 2 + LengthBytes + Stored);
  Out.push_back(LengthBytes == 2 ? 1 : 2);
  Out.push_back(0);
  for (size_t I = 0; I < LengthBytes; ++I)
    Out.push_back(static_cast<uint8_t>(Stored >> (8 * I)));
  Out.insert(Out.end(), Dict.begin(), Dict.end());
  Out.insert(Out.end(), PadLen, ' ');
  Out.push_back('\n');
  return Out;
}

std::vector<uint8_t> serialize(const Array &A) {
  std::vector<uint8_t> Out = serializeHeader(A.Descr, A.FortranOrder, A.Shape);
  Out.reserve(Out.size() + A.Data.size());
  Out.insert(Out.end(), A.Data.begin(), A.Data.end());
  return Out;
}

//===-- Tensors -----------------------------------------------------------===//

const char *descrFor(DType T) {
  switch (T) {
  case DType::FP32:
  case DType::TF32: // its container is an fp32 whose low 13 bits are zero
    return "<f4";
  case DType::FP16:
    return "<f2";
  case DType::BF16: // raw bits
  case DType::UINT16:
    return "<u2";
  case DType::FP8_E4M3: // raw bits
  case DType::FP8_E5M2:
  case DType::FP8_E4M3FN:
  case DType::FP4_E2M1: // in the low nibble
  case DType::FP8_E8M0:
  case DType::UINT8:
    return "|u1";
  case DType::FP4_E2M1_X4: // packed: the element's raw bits, value j in bits 4j..4j+3
    return "<u2";
  case DType::FP8_E4M3FN_X4: // value j in byte j (bits 8j..8j+7)
  case DType::FP8_E5M2_X4:
    return "<u4";
  case DType::INT8:
    return "|i1";
  case DType::INT16:
    return "<i2";
  case DType::INT32:
    return "<i4";
  case DType::UINT32:
    return "<u4";
  }
  return "";
}

namespace {

// Float dtypes narrower than fp32: read from float32 data by rounding.
bool roundsFromFloat32(DType T) {
  switch (T) {
  case DType::BF16:
  case DType::FP16:
  case DType::TF32:
  case DType::FP8_E4M3:
  case DType::FP8_E5M2:
  case DType::FP8_E4M3FN:
  case DType::FP4_E2M1:
  case DType::FP8_E8M0:
    return true;
  default:
    return false;
  }
}

std::string descrMismatch(std::string_view Have, DType T) {
  const char *Name = isa::dtype(T).Name;
  std::string Takes;
  const char *Convert = "float32";
  switch (T) {
  case DType::FP16:
    Takes = "'<f2' or '<f4' (rounded to fp16)";
    Convert = "float16";
    break;
  case DType::TF32:
    Takes = "'<f4' (rounded to tf32)";
    break;
  case DType::BF16:
  case DType::FP8_E4M3:
  case DType::FP8_E5M2:
  case DType::FP8_E4M3FN:
  case DType::FP4_E2M1:
  case DType::FP8_E8M0:
    Takes =
        fmt::format("{} (raw {} bits) or '<f4' (rounded to {})", pyRepr(descrFor(T)), Name, Name);
    break;
  default:
    Takes = pyRepr(descrFor(T));
    if (T == DType::FP32)
      Convert = "float32";
    else if (isa::dtype(T).Lanes != 1) // packed x4: raw bits
      Convert = isa::dtype(T).StorageBytes == 4 ? "uint32" : "uint16";
    else
      Convert = Name; // int8 ... uint32 are NumPy's names
    break;
  }
  return fmt::format("dtype {} cannot be read into {}: it takes {}; convert with "
                     "x.astype(np.{})",
                     pyRepr(Have), Name, Takes, Convert);
}

uint32_t loadLE32(const uint8_t *P) {
  return uint32_t(P[0]) | uint32_t(P[1]) << 8 | uint32_t(P[2]) << 16 | uint32_t(P[3]) << 24;
}

} // namespace

std::variant<TensorConverter, std::string>
tensorConverter(std::string_view Descr, bool FortranOrder, std::span<const uint64_t> ArrayShape,
                DType T, std::span<const uint64_t> Shape) {
  if (FortranOrder)
    return std::string(FortranMessage);
  if (!std::equal(ArrayShape.begin(), ArrayShape.end(), Shape.begin(), Shape.end()))
    return fmt::format("shape {} does not match the tensor's {}", shapeText(ArrayShape),
                       shapeText(Shape));
  // parse() gives canonical descrs; an Array built by hand may not.
  auto Info = lookupDescr(Descr);
  if (auto *Msg = std::get_if<std::string>(&Info))
    return std::move(*Msg);
  const DescrInfo &D = *std::get<const DescrInfo *>(Info);
  bool Round = roundsFromFloat32(T) && std::string_view(D.Descr) == "<f4";
  if (!Round && std::string_view(D.Descr) != descrFor(T))
    return descrMismatch(D.Descr, T);
  TensorConverter C;
  C.Type = T;
  C.InBytes = D.Size;
  C.OutBytes = isa::dtype(T).StorageBytes;
  C.Round = Round;
  return C;
}

void TensorConverter::convert(std::span<const uint8_t> In, std::span<uint8_t> Out) const {
  if (!Round) {
    std::copy(In.begin(), In.end(), Out.begin());
    return;
  }
  uint64_t N = In.size() / 4;
  for (uint64_t I = 0; I < N; ++I)
    emu::storeFromFloat(Type, Out.data() + I * OutBytes,
                        emu::bitsToFloat(loadLE32(In.data() + I * 4)));
}

std::variant<std::vector<uint8_t>, std::string> toTensor(const Array &A, DType T,
                                                         std::span<const uint64_t> Shape) {
  auto Conv = tensorConverter(A.Descr, A.FortranOrder, A.Shape, T, Shape);
  if (auto *Msg = std::get_if<std::string>(&Conv))
    return std::move(*Msg);
  const TensorConverter &C = std::get<TensorConverter>(Conv);
  std::optional<uint64_t> Need = byteCount(A.Shape, C.InBytes);
  if (!Need || A.Data.size() != *Need)
    return Need ? sizeMessage(A.Data.size(), *Need)
                : fmt::format("shape {} of {} is too large: its data would exceed 2^64 bytes",
                              shapeText(A.Shape), pyRepr(A.Descr));
  if (!C.Round)
    return A.Data;
  std::vector<uint8_t> Out(*Need / C.InBytes * C.OutBytes);
  C.convert(A.Data, Out);
  return Out;
}

Array fromTensor(std::span<const uint8_t> Bytes, DType T, std::span<const uint64_t> Shape) {
  Array A;
  A.Descr = descrFor(T);
  A.Shape.assign(Shape.begin(), Shape.end());
  A.Data.assign(Bytes.begin(), Bytes.end());
  return A;
}

} // namespace trn::npy
