//===- Region.cpp - a slice of a tensor or an allocation, located ---------===//

#include "Region.h"

#include "trn/asm/Slice.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace trn::debug {

namespace {

bool isIdentChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '.' || C == '$';
}

struct Parsed {
  std::string Name;
  std::vector<assembler::SliceIndex> Indices;
  std::vector<size_t> Columns; // each index's
};

std::variant<Parsed, RegionError> parse(std::string_view S) {
  Parsed R;
  size_t I = 0;
  while (I < S.size() && isIdentChar(S[I]))
    ++I;
  if (I == 0)
    return RegionError{fmt::format("expected a tensor or allocation name, not '{}'", S), 0};
  R.Name = std::string(S.substr(0, I));
  if (I == S.size())
    return R;
  if (S[I] != '[')
    return RegionError{fmt::format("expected '[' or the end after '{}'", R.Name), I};
  ++I;
  auto SkipSpace = [&] {
    while (I < S.size() && std::isspace(static_cast<unsigned char>(S[I])))
      ++I;
  };
  // An integer, optionally negative (the slice rules then refuse it).
  auto Int = [&]() -> std::optional<int64_t> {
    SkipSpace();
    size_t Start = I;
    if (I < S.size() && S[I] == '-')
      ++I;
    while (I < S.size() && std::isdigit(static_cast<unsigned char>(S[I])))
      ++I;
    int64_t V = 0;
    if (I == Start || std::from_chars(S.data() + Start, S.data() + I, V).ec != std::errc()) {
      I = Start;
      return std::nullopt;
    }
    SkipSpace();
    return V;
  };
  for (;;) {
    SkipSpace();
    size_t Col = I;
    if (I < S.size() && S[I] == ']' && R.Indices.empty())
      return RegionError{"empty brackets: expected indices, as in b_s[0:4, 0]", I};
    std::optional<int64_t> Lo = Int();
    assembler::SliceIndex Ix = assembler::SliceIndex::at(Lo.value_or(0));
    if (I < S.size() && S[I] == ':') {
      ++I;
      std::optional<int64_t> Hi = Int();
      int64_t Step = 1;
      if (I < S.size() && S[I] == ':') {
        ++I;
        if (auto St = Int())
          Step = *St;
      }
      Ix = assembler::SliceIndex::range(Lo, Hi, Step);
    } else if (!Lo) {
      return RegionError{fmt::format("expected an index or a range lo:hi:step, not '{}'",
                                     I < S.size() ? S.substr(I, 1) : std::string_view("the end")),
                         I};
    }
    R.Indices.push_back(Ix);
    R.Columns.push_back(Col);
    SkipSpace();
    if (I < S.size() && S[I] == ',') {
      ++I;
      continue;
    }
    if (I < S.size() && S[I] == ']') {
      ++I;
      break;
    }
    return RegionError{I < S.size() ? fmt::format("expected ',' or ']', not '{}'", S.substr(I, 1))
                                    : std::string("expected ']' to close the indices"),
                       I};
  }
  if (I != S.size())
    return RegionError{fmt::format("unexpected '{}' after the indices", S.substr(I)), I};
  return R;
}

} // namespace

std::variant<Region, RegionError> resolveRegion(const object::Program &P, std::string_view Text) {
  auto Pr = parse(Text);
  if (auto *E = std::get_if<RegionError>(&Pr))
    return *E;
  Parsed &Q = std::get<Parsed>(Pr);
  const object::Tensor *T = P.findTensor(Q.Name);
  const object::Allocation *A = T ? nullptr : P.findAllocation(Q.Name);
  if (!T && !A) {
    std::vector<std::string> Names;
    for (const object::Tensor &X : P.Tensors)
      Names.push_back(X.Name);
    for (const object::Allocation &X : P.Allocations)
      Names.push_back(X.Name);
    std::sort(Names.begin(), Names.end());
    return RegionError{fmt::format("the program declares no tensor or allocation '{}'{}", Q.Name,
                                   Names.empty()
                                       ? std::string()
                                       : fmt::format(" (it has {})", fmt::join(Names, ", "))),
                       0};
  }
  assembler::Sliceable Of = T ? assembler::sliceable(*T) : assembler::sliceable(*A);
  // The assembler's checks and messages.
  auto AP = assembler::slicePattern(Of, Q.Indices);
  if (auto *E = std::get_if<assembler::SliceError>(&AP))
    return RegionError{E->Message, E->Index >= 0 ? Q.Columns[static_cast<size_t>(E->Index)] : 0};

  Region R;
  R.Text = std::string(Text);
  R.Name = Q.Name;
  R.Space = Of.Space;
  R.Type = Of.Type;
  R.ElemBytes = isa::dtype(Of.Type).StorageBytes;
  size_t Rank = Of.Shape.size();
  // Per dimension: first index, count and step (an integer index: count 1, dropped).
  std::vector<uint64_t> First(Rank, 0), Count(Of.Shape.begin(), Of.Shape.end()), Step(Rank, 1);
  for (size_t D = 0; D < Q.Indices.size(); ++D) {
    const assembler::SliceIndex &Ix = Q.Indices[D];
    if (Ix.IsRange) {
      uint64_t Lo = uint64_t(Ix.Lo.value_or(0)),
               Hi = uint64_t(Ix.Hi.value_or(int64_t(Of.Shape[D])));
      Step[D] = uint64_t(Ix.Step);
      First[D] = Lo;
      Count[D] = (Hi - Lo + Step[D] - 1) / Step[D];
      R.Shape.push_back(Count[D]);
    } else {
      First[D] = uint64_t(Ix.Index);
      Count[D] = 1;
    }
  }
  for (size_t D = Q.Indices.size(); D < Rank; ++D)
    R.Shape.push_back(Count[D]);
  uint64_t N = 1;
  for (uint64_t C : Count)
    N *= C;
  if (N > MaxRegionElements)
    return RegionError{fmt::format("'{}' has {} elements; the debugger shows at most {} (slice it)",
                                   Text, N, MaxRegionElements),
                       0};
  // Row-major strides of the declaration; on chip, dimension 0 is the partition.
  std::vector<uint64_t> Stride(Rank, 1);
  for (size_t D = Rank; D-- > 1;)
    Stride[D - 1] = Stride[D] * Of.Shape[D];
  bool OnChip = Of.Space != isa::MemSpace::HBM;
  R.Partitions.reserve(N);
  R.Addresses.reserve(N);
  std::vector<uint64_t> Pos(Rank, 0);
  for (uint64_t K = 0; K < N; ++K) {
    uint64_t Elem = 0;
    uint32_t Part = 0;
    for (size_t D = 0; D < Rank; ++D) {
      uint64_t Ix = First[D] + Pos[D] * Step[D];
      if (OnChip && D == 0)
        Part = Of.PartStart + static_cast<uint32_t>(Ix);
      else
        Elem += Ix * Stride[D];
    }
    R.Partitions.push_back(Part);
    R.Addresses.push_back(Of.Base + Elem * R.ElemBytes);
    for (size_t D = Rank; D-- > 0;) {
      if (++Pos[D] < Count[D])
        break;
      Pos[D] = 0;
    }
  }
  return R;
}

std::vector<uint8_t> readRegion(const emu::Inspector &In, const Region &R) {
  std::vector<uint8_t> Out(R.elements() * R.ElemBytes);
  for (uint64_t K = 0; K < R.elements(); ++K) {
    std::span<uint8_t> Dst(Out.data() + K * R.ElemBytes, R.ElemBytes);
    if (R.Space == isa::MemSpace::HBM)
      In.readHbm(R.Addresses[K], Dst);
    else
      In.readOnChip(R.Space, R.Partitions[K], R.Addresses[K], Dst);
  }
  return Out;
}

bool overlaps(const Region &R, const emu::Footprint &F) {
  if (F.Space != R.Space)
    return false;
  for (uint64_t K = 0; K < R.elements(); ++K) {
    uint32_t Part = R.Partitions[K];
    if (R.Space != isa::MemSpace::HBM && (Part < F.PartStart || Part >= F.PartStart + F.Partitions))
      continue;
    uint64_t Lo = R.Addresses[K], Hi = Lo + R.ElemBytes - 1;
    // The first run that ends at or after Lo.
    const emu::ByteRun *Run =
        std::lower_bound(F.Runs, F.Runs + F.NumRuns, Lo,
                         [](const emu::ByteRun &B, uint64_t V) { return B.Last < V; });
    if (Run != F.Runs + F.NumRuns && Run->First <= Hi)
      return true;
  }
  return false;
}

} // namespace trn::debug
