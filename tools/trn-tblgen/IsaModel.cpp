//===- IsaModel.cpp - read and check the ISA records ----------------------===//

#include "IsaModel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>

using namespace llvm;

namespace trn::tblgen {
namespace {

// Records of a class in definition order (getAllDerivedDefinitions sorts by
// name, and the order of definition is part of the design: enum order, the
// order chips are listed in).
std::vector<const Record *> defsOf(const RecordKeeper &RK, StringRef Class) {
  std::vector<const Record *> Defs;
  for (const Record *R : RK.getAllDerivedDefinitionsIfDefined(Class))
    Defs.push_back(R);
  std::sort(Defs.begin(), Defs.end(),
            [](const Record *A, const Record *B) { return A->getID() < B->getID(); });
  return Defs;
}

std::string bitRange(int Lsb, int Width) {
  return fmt::format("bits {}..{}", Lsb, Lsb + Width - 1);
}

// "an 8-bit", "a 6-bit": the article for a number as it is read out.
const char *article(int64_t N) {
  std::string S = std::to_string(N);
  bool An = S.front() == '8' || (S.size() % 3 == 2 && (S.starts_with("11") || S.starts_with("18")));
  return An ? "an" : "a";
}

// The checks below print every problem they find and keep going, so that one
// run reports all of them; failed() says whether any was printed.
//
// Every error is counted in llvm::ErrorsPrinted, and failed() is read off
// that count: the model is withheld only when TableGenMain will see an
// error, exit non-zero and not keep the output file.
class Reader {
public:
  explicit Reader(const RecordKeeper &RK) : RK(RK), ErrorsBefore(ErrorsPrinted) {}
  std::optional<IsaModel> run();

private:
  const RecordKeeper &RK;
  IsaModel M;
  const unsigned ErrorsBefore;
  bool EngineIdClash = false, DTypeIdClash = false;

  static bool inDenseRange(int Id, size_t N) { return Id >= 0 && static_cast<size_t>(Id) < N; }

  bool failed() const { return ErrorsPrinted != ErrorsBefore; }
  void error(const Record *R, const Twine &Msg) { PrintError(R->getLoc(), Msg); }
  // An error that belongs to no record. PrintError(const Twine &) does not
  // count in ErrorsPrinted (and PrintError with no SMLoc would print
  // "<unknown>:0:"), so it is counted here.
  void error(const Twine &Msg) {
    PrintError(Msg);
    ++ErrorsPrinted;
  }
  void note(const Record *R, const Twine &Msg) { PrintNote(R->getLoc(), Msg); }

  unsigned spaceMask(const Record *R, StringRef Field);
  void readSpacesAndEngines();
  void readDTypes();
  void readEnums();
  void readKinds();
  void readHeader();
  void checkIdWidths(); // after the header and operand kinds
  void readCosts();
  // Text gets the formula as people write it; Infix says whether it is a
  // bare infix expression, which needs parentheses inside another one.
  bool readFormula(const Record *Owner, const Init *I, CostCaseInfo &Case, std::string &Text,
                   bool &Infix);
  void readInstrs();
  bool readOperand(const InstrInfo &I, const DagInit *Ops, unsigned Idx, OperandInfo &Op);
  void checkDefault(const InstrInfo &I, const OperandInfo &Op);
  void readOutputs(InstrInfo &I);
  void readAsmString(InstrInfo &I, bool CheckAllWritten);
  void readPerfModes();
  void readDmaTiming();
  void readChips();
  void readEngineTiming(); // after the chips and the costs

  int indexOf(const std::vector<NamedInfo> &V, const Record *R) const {
    for (size_t I = 0; I < V.size(); ++I)
      if (V[I].Def == R)
        return static_cast<int>(I);
    return -1;
  }
  int costClassIndex(const Record *R) const {
    for (size_t I = 0; I < M.CostClasses.size(); ++I)
      if (M.CostClasses[I].Def == R)
        return static_cast<int>(I);
    return -1;
  }
  int kindIndex(const Record *R) const {
    for (size_t I = 0; I < M.Kinds.size(); ++I)
      if (M.Kinds[I].Def == R)
        return static_cast<int>(I);
    return -1;
  }
  const FieldInfo *kindField(StringRef Kind, StringRef Field) const {
    for (const OperandKindInfo &K : M.Kinds)
      if (K.Name == Kind)
        for (const FieldInfo &F : K.Fields)
          if (F.Name == Field)
            return &F;
    return nullptr;
  }
  const HeaderFieldInfo *headerField(StringRef Name) const {
    for (const HeaderFieldInfo &F : M.Header)
      if (F.Name == Name)
        return &F;
    return nullptr;
  }
};

unsigned Reader::spaceMask(const Record *R, StringRef Field) {
  unsigned Mask = 0;
  for (const Record *S : R->getValueAsListOfDefs(Field))
    if (int64_t Id = S->getValueAsInt("Id"); Id >= 1 && Id <= 3) // others are reported
      Mask |= 1u << Id;
  return Mask;
}

void Reader::readSpacesAndEngines() {
  for (const Record *R : defsOf(RK, "MemSpace")) {
    MemSpaceInfo S{R, R->getName().str(), static_cast<int>(R->getValueAsInt("Id")),
                   R->getValueAsString("Name").str(), R->getValueAsString("Description").str()};
    if (S.Id < 1 || S.Id > 3) {
      error(R, fmt::format("memory space id {} is out of range: ids are 1 to 3 (0 means "
                           "'no operand')",
                           S.Id));
      continue;
    }
    for (const MemSpaceInfo &Other : M.Spaces)
      if (Other.Id == S.Id) {
        error(R, fmt::format("memory space id {} is already used by {}", S.Id, Other.RecordName));
        note(Other.Def, "previous definition is here");
      }
    M.Spaces.push_back(S);
  }
  std::sort(M.Spaces.begin(), M.Spaces.end(),
            [](const auto &A, const auto &B) { return A.Id < B.Id; });

  for (const Record *R : defsOf(RK, "Engine")) {
    EngineInfo E{R,
                 R->getName().str(),
                 static_cast<int>(R->getValueAsInt("Id")),
                 R->getValueAsString("Prefix").str(),
                 R->getValueAsString("Name").str(),
                 spaceMask(R, "Spaces"),
                 R->getValueAsString("Description").str()};
    for (const EngineInfo &Other : M.Engines) {
      if (Other.Id == E.Id) {
        error(R, fmt::format("engine id {} is already used by {}", E.Id, Other.RecordName));
        note(Other.Def, "previous definition is here");
        EngineIdClash = true;
      }
      if (Other.Prefix == E.Prefix) {
        error(R,
              fmt::format("engine prefix '{}' is already used by {}", E.Prefix, Other.RecordName));
        note(Other.Def, "previous definition is here");
      }
    }
    M.Engines.push_back(E);
  }
  std::sort(M.Engines.begin(), M.Engines.end(),
            [](const auto &A, const auto &B) { return A.Id < B.Id; });
  // With the ids unique, an id outside 0..N-1 is exactly one misplaced
  // engine (a clash is a problem of its own, already reported).
  if (!EngineIdClash)
    for (const EngineInfo &E : M.Engines)
      if (!inDenseRange(E.Id, M.Engines.size()))
        error(E.Def, fmt::format("engine ids must be 0 to {} without gaps; {} has id {}",
                                 M.Engines.size() - 1, E.RecordName, E.Id));
}

void Reader::readDTypes() {
  for (const Record *R : defsOf(RK, "DType")) {
    DTypeInfo T{R,
                R->getName().str(),
                static_cast<int>(R->getValueAsInt("Id")),
                R->getValueAsString("Name").str(),
                R->getValueAsString("Kind").str(),
                R->getValueAsString("FloatStyle").str(),
                R->getValueAsString("Description").str(),
                static_cast<int>(R->getValueAsInt("Bits")),
                static_cast<int>(R->getValueAsInt("StorageBytes")),
                static_cast<int>(R->getValueAsInt("ExponentBits")),
                static_cast<int>(R->getValueAsInt("MantissaBits")),
                static_cast<int>(R->getValueAsInt("MinGen")),
                static_cast<int>(R->getValueAsInt("Lanes")),
                R->getValueAsString("LaneType").str()};
    if (T.Kind != "float" && T.Kind != "int" && T.Kind != "uint")
      error(R, fmt::format("dtype kind '{}' is not float, int or uint", T.Kind));
    else if (T.Kind == "float" && T.FloatStyle != "ieee" && T.FloatStyle != "fn" &&
             T.FloatStyle != "finite" && T.FloatStyle != "e8m0")
      error(R, fmt::format("dtype {}: float style '{}' is not 'ieee', 'fn', 'finite' or 'e8m0'",
                           T.Name, T.FloatStyle));
    else if (T.Kind != "float" && !T.FloatStyle.empty())
      error(R, fmt::format("dtype {}: an integer type has float style '{}': it must be \"\"",
                           T.Name, T.FloatStyle));
    // E8M0 has no sign bit.
    int SignBits = T.FloatStyle == "e8m0" ? 0 : 1;
    if (T.Kind == "float" && SignBits + T.ExponentBits + T.MantissaBits != T.Bits)
      error(R, fmt::format("dtype {}: {} + {} exponent + {} mantissa bits is not {} bits", T.Name,
                           SignBits, T.ExponentBits, T.MantissaBits, T.Bits));
    if (T.Lanes != 1 && T.Lanes != 4)
      error(R, fmt::format("dtype {}: {} lanes; an element holds 1 or 4 values", T.Name, T.Lanes));
    if ((T.Lanes == 1) != T.LaneType.empty())
      error(R, fmt::format("dtype {}: a packed type (Lanes 4) names its LaneType, and only it",
                           T.Name));
    if (T.StorageBytes * 8 < T.Bits * T.Lanes)
      error(R, fmt::format("dtype {}: {} x {} bits do not fit {} storage bytes", T.Name, T.Lanes,
                           T.Bits, T.StorageBytes));
    if (T.MinGen < 2 || T.MinGen > 5)
      error(R, fmt::format("dtype {} has MinGen {}: generations are 2 (trn1) to 5 (trn4)", T.Name,
                           T.MinGen));
    for (const DTypeInfo &Other : M.DTypes) {
      if (Other.Id == T.Id) {
        error(R, fmt::format("dtype id {} of {} is already used by {}", T.Id, T.Name,
                             Other.RecordName));
        note(Other.Def, "previous definition is here");
        DTypeIdClash = true;
      }
      if (Other.Name == T.Name) {
        error(R, fmt::format("dtype name '{}' is already used by {}", T.Name, Other.RecordName));
        note(Other.Def, "previous definition is here");
      }
    }
    M.DTypes.push_back(T);
  }
  std::sort(M.DTypes.begin(), M.DTypes.end(),
            [](const auto &A, const auto &B) { return A.Id < B.Id; });
  if (!DTypeIdClash) // as for engines
    for (const DTypeInfo &T : M.DTypes)
      if (!inDenseRange(T.Id, M.DTypes.size()))
        error(T.Def, fmt::format("dtype ids must be 0 to {} without gaps; {} has id {}",
                                 M.DTypes.size() - 1, T.Name, T.Id));
  for (const DTypeInfo &T : M.DTypes) {
    if (T.LaneType.empty())
      continue;
    auto Lane = std::find_if(M.DTypes.begin(), M.DTypes.end(),
                             [&](const DTypeInfo &O) { return O.Name == T.LaneType; });
    if (Lane == M.DTypes.end() || Lane->Lanes != 1)
      error(T.Def,
            fmt::format("dtype {}: lane type '{}' is not an unpacked dtype", T.Name, T.LaneType));
    else if (Lane->Bits != T.Bits || Lane->FloatStyle != T.FloatStyle ||
             Lane->ExponentBits != T.ExponentBits || Lane->MantissaBits != T.MantissaBits)
      error(T.Def, fmt::format("dtype {}: its bits and float style differ from its lane type {}",
                               T.Name, T.LaneType));
  }
}

void Reader::checkIdWidths() {
  // Ids the gap checks reported (outside 0..N-1) are not reported again.
  if (const HeaderFieldInfo *F = headerField("engine"); F && F->Width <= 31)
    for (const EngineInfo &E : M.Engines)
      if ((EngineIdClash || inDenseRange(E.Id, M.Engines.size())) &&
          (E.Id < 0 || E.Id >= (1 << F->Width)))
        error(E.Def, fmt::format("engine {} has id {}, which the header's {}-bit 'engine' field "
                                 "cannot hold (ids 0 to {})",
                                 E.RecordName, E.Id, F->Width, (1 << F->Width) - 1));
  if (const FieldInfo *F = kindField("access-pattern", "dtype"); F && F->Width <= 31)
    for (const DTypeInfo &T : M.DTypes)
      if ((DTypeIdClash || inDenseRange(T.Id, M.DTypes.size())) &&
          (T.Id < 0 || T.Id >= (1 << F->Width)))
        error(T.Def, fmt::format("dtype {} has id {}, which the {}-bit 'dtype' field of "
                                 "'access-pattern' cannot hold (ids 0 to {})",
                                 T.Name, T.Id, F->Width, (1 << F->Width) - 1));
}

void Reader::readEnums() {
  for (const Record *R : defsOf(RK, "EnumType"))
    M.Enums.push_back(
        {R, R->getValueAsString("Name").str(), R->getValueAsString("Description").str(), {}});
  for (const Record *R : defsOf(RK, "EnumValue")) {
    const Record *Type = R->getValueAsDef("Type");
    auto It = std::find_if(M.Enums.begin(), M.Enums.end(),
                           [&](const EnumTypeInfo &E) { return E.Def == Type; });
    EnumValueInfo V;
    V.Def = R;
    V.RecordName = R->getName().str();
    V.Value = static_cast<int>(R->getValueAsInt("Value"));
    V.Name = R->getValueAsString("Name").str();
    V.Description = R->getValueAsString("Description").str();
    if (R->isSubClassOf("AluOpValue")) {
      V.Arity = static_cast<int>(R->getValueAsInt("Arity"));
      V.Reducible = R->getValueAsBit("Reducible");
      V.Bitvec = R->getValueAsBit("Bitvec");
    }
    if (R->isSubClassOf("ActFuncValue"))
      V.Range = R->getValueAsString("Range").str();
    if (V.Name.empty())
      error(R, fmt::format("enum value {} of {} has no name", V.RecordName, It->Name));
    if (V.Value < 0 || V.Value > 255)
      error(R, fmt::format("enum value '{}' of {} is {}: enum operands hold 0 to 255", V.Name,
                           It->Name, V.Value));
    for (const EnumValueInfo &Other : It->Values) {
      if (Other.Value == V.Value) {
        error(R, fmt::format("enum value '{}' of {} has the value {} of '{}'", V.Name, It->Name,
                             V.Value, Other.Name));
        note(Other.Def, "previous definition is here");
      } else if (!V.Name.empty() && Other.Name == V.Name) {
        error(R, fmt::format("enum value name '{}' is already used in {}", V.Name, It->Name));
        note(Other.Def, "previous definition is here");
      }
    }
    It->Values.push_back(V);
  }
  for (EnumTypeInfo &E : M.Enums) {
    if (E.Values.empty())
      error(E.Def, fmt::format("enum type {} has no values", E.Name));
    std::sort(E.Values.begin(), E.Values.end(),
              [](const auto &A, const auto &B) { return A.Value < B.Value; });
  }
}

void Reader::readKinds() {
  for (const Record *R : defsOf(RK, "OperandKind"))
    M.Kinds.push_back({R,
                       R->getName().str(),
                       R->getValueAsString("Name").str(),
                       R->getValueAsString("Description").str(),
                       static_cast<int>(R->getValueAsInt("Bits")),
                       {}});
  for (OperandKindInfo &K : M.Kinds) {
    const Record *R = K.Def;
    if (K.Bits <= 0 || K.Bits % 8 != 0)
      error(R,
            fmt::format("operand kind '{}' has {} bits: operands are whole bytes", K.Name, K.Bits));
    // A field is an anonymous EncField<...> record whose location is the
    // EncField class, so its errors are reported at the kind and name it.
    for (const Record *FR : R->getValueAsListOfDefs("Fields")) {
      FieldInfo F{FR->getValueAsString("Name").str(), static_cast<int>(FR->getValueAsInt("Lsb")),
                  static_cast<int>(FR->getValueAsInt("Width")), FR->getValueAsBit("Signed")};
      if (const Record *Nested = FR->getValueAsOptionalDef("Nested")) {
        F.NestedKind = kindIndex(Nested);
        if (F.NestedKind >= 0 && M.Kinds[F.NestedKind].Bits != F.Width)
          error(R, fmt::format("field '{}' of operand kind '{}' is {} bits wide but nests '{}' "
                               "of {} bits",
                               F.Name, K.Name, F.Width, M.Kinds[F.NestedKind].Name,
                               M.Kinds[F.NestedKind].Bits));
      }
      if (F.Width <= 0 || (F.Width > 64 && F.NestedKind < 0))
        error(R, fmt::format("field '{}' of operand kind '{}' is {} bits wide: fields hold 1 "
                             "to 64 bits",
                             F.Name, K.Name, F.Width));
      if (F.Lsb < 0 || F.Lsb + F.Width > K.Bits)
        error(R, fmt::format("field '{}' ({}) does not fit the {} bits of operand kind '{}'",
                             F.Name, bitRange(F.Lsb, F.Width), K.Bits, K.Name));
      for (const FieldInfo &O : K.Fields)
        if (F.Lsb < O.Lsb + O.Width && O.Lsb < F.Lsb + F.Width)
          error(R, fmt::format("encoding overlap: field '{}' ({}) of operand kind '{}' overlaps "
                               "field '{}' ({})",
                               F.Name, bitRange(F.Lsb, F.Width), K.Name, O.Name,
                               bitRange(O.Lsb, O.Width)));
      K.Fields.push_back(F);
    }
  }
}

void Reader::readHeader() {
  const Record *H = RK.getDef("InstrHeader");
  if (!H) {
    error("no 'InstrHeader' record: the header's size is unknown");
    return;
  }
  M.HeaderBits = static_cast<int>(H->getValueAsInt("Bits"));
  if (M.HeaderBits <= 0 || M.HeaderBits % 32 != 0)
    error(H, fmt::format("the instruction header has {} bits: it must be whole 32-bit words",
                         M.HeaderBits));
  for (const Record *R : defsOf(RK, "HeaderField")) {
    HeaderFieldInfo F{
        R, R->getValueAsString("Name").str(), R->getValueAsString("Description").str(),
        static_cast<int>(R->getValueAsInt("Lsb")), static_cast<int>(R->getValueAsInt("Width"))};
    if (F.Width <= 0 || F.Width > 64)
      error(R, fmt::format("header field '{}' is {} bits wide: fields hold 1 to 64 bits", F.Name,
                           F.Width));
    if (F.Lsb < 0 || F.Lsb + F.Width > M.HeaderBits)
      error(R, fmt::format("header field '{}' ({}) does not fit the {}-bit header", F.Name,
                           bitRange(F.Lsb, F.Width), M.HeaderBits));
    for (const HeaderFieldInfo &O : M.Header)
      if (F.Lsb < O.Lsb + O.Width && O.Lsb < F.Lsb + F.Width) {
        error(R, fmt::format("encoding overlap: header field '{}' ({}) overlaps header field "
                             "'{}' ({})",
                             F.Name, bitRange(F.Lsb, F.Width), O.Name, bitRange(O.Lsb, O.Width)));
        note(O.Def, "overlapped field is here");
      }
    M.Header.push_back(F);
  }
  std::sort(M.Header.begin(), M.Header.end(),
            [](const auto &A, const auto &B) { return A.Lsb < B.Lsb; });
  for (const char *Required : {"opcode", "engine"})
    if (!headerField(Required))
      error(H, fmt::format("the header has no '{}' field", Required));
}

bool Reader::readFormula(const Record *Owner, const Init *I, CostCaseInfo &Case, std::string &Text,
                         bool &Infix) {
  Infix = false;
  if (const auto *Int = dyn_cast<IntInit>(I)) {
    Case.Rpn.push_back({CostNode::Int, Int->getValue(), 0});
    Text = std::to_string(Int->getValue());
    return true;
  }
  if (const auto *Def = dyn_cast<DefInit>(I)) {
    const Record *R = Def->getDef();
    if (R->isSubClassOf("CostVar")) {
      Case.Rpn.push_back({CostNode::Var, indexOf(M.CostVars, R), 0});
      Text = R->getValueAsString("Name").str();
      return true;
    }
    if (R->isSubClassOf("CostConst")) {
      auto It = std::find_if(M.CostConsts.begin(), M.CostConsts.end(),
                             [&](const CostConstInfo &C) { return C.Def == R; });
      Case.Rpn.push_back({CostNode::Const, It - M.CostConsts.begin(), 0});
      Text = It->Name;
      return true;
    }
  }
  const auto *Dag = dyn_cast<DagInit>(I);
  if (!Dag) {
    error(Owner, fmt::format("cost formula term '{}' is not an integer, CostVar, CostConst or "
                             "(operator ...) formula",
                             I->getAsString()));
    return false;
  }
  const auto *OpDef = dyn_cast<DefInit>(Dag->getOperator());
  auto OpIt = OpDef ? std::find_if(M.CostOps.begin(), M.CostOps.end(),
                                   [&](const CostOpInfo &O) { return O.Def == OpDef->getDef(); })
                    : M.CostOps.end();
  if (OpIt == M.CostOps.end()) {
    error(Owner, fmt::format("cost formula operator '{}' is not a CostOp",
                             Dag->getOperator()->getAsString()));
    return false;
  }
  unsigned N = Dag->getNumArgs();
  unsigned WantMin = OpIt->Name == "id" ? 1 : 2,
           WantMax = OpIt->Name == "id" || OpIt->Name == "ceildiv" ? WantMin : 8;
  if (N < WantMin || N > WantMax) {
    std::string Takes =
        WantMin == WantMax ? std::to_string(WantMin) : fmt::format("{} to {}", WantMin, WantMax);
    error(Owner, fmt::format("cost formula operator '{}' takes {} argument{}, not {}",
                             OpIt->RecordName, Takes, WantMax == 1 ? "" : "s", N));
    return false;
  }
  std::vector<std::string> ArgText(N);
  std::vector<char> ArgInfix(N);
  for (unsigned A = 0; A < N; ++A) {
    bool IsInfix;
    if (!readFormula(Owner, Dag->getArg(A), Case, ArgText[A], IsInfix))
      return false;
    ArgInfix[A] = IsInfix;
  }
  Case.Rpn.push_back({CostNode::Op, OpIt - M.CostOps.begin(), static_cast<int>(N)});
  if (OpIt->Name == "id") {
    Text = ArgText[0];
    Infix = ArgInfix[0];
  } else if (OpIt->Infix.empty()) {
    Text = OpIt->Name + "(" + join(ArgText, ", ") + ")";
  } else {
    // Parenthesise nested infix terms so that "4 * (a + b)" reads right.
    for (unsigned A = 0; A < N; ++A)
      if (ArgInfix[A])
        ArgText[A] = "(" + ArgText[A] + ")";
    Text = join(ArgText, " " + OpIt->Infix + " ");
    Infix = true;
  }
  return true;
}

void Reader::readCosts() {
  for (const Record *R : defsOf(RK, "CostVar"))
    M.CostVars.push_back(
        {R, R->getValueAsString("Name").str(), R->getValueAsString("Description").str()});
  for (const Record *R : defsOf(RK, "CostPred"))
    M.CostPreds.push_back(
        {R, R->getValueAsString("Name").str(), R->getValueAsString("Description").str()});
  for (const Record *R : defsOf(RK, "CostConst"))
    M.CostConsts.push_back({R, R->getValueAsString("Name").str(),
                            R->getValueAsString("Source").str(), R->getValueAsInt("Value")});
  for (const Record *R : defsOf(RK, "CostOp"))
    M.CostOps.push_back({R, R->getName().str(), R->getValueAsString("Name").str(),
                         R->getValueAsString("Infix").str()});
  if (M.CostPreds.size() > 32)
    error(M.CostPreds[32].Def, "more than 32 cost predicates: masks are 32-bit");

  for (const Record *R : defsOf(RK, "CostClass")) {
    CostClassInfo C{R,
                    R->getName().str(),
                    R->getValueAsString("Unit").str(),
                    R->getValueAsString("Source").str(),
                    {}};
    if (C.Unit != "cycles" && C.Unit != "dma-bytes")
      error(R, fmt::format("cost class {} has unit '{}': units are 'cycles' and 'dma-bytes'",
                           C.Name, C.Unit));
    auto Cases = R->getValueAsListOfDefs("Cases");
    if (Cases.empty())
      error(R, fmt::format("cost class {} has no cases", C.Name));
    for (size_t I = 0; I < Cases.size(); ++I) {
      CostCaseInfo Case;
      for (const Record *P : Cases[I]->getValueAsListOfDefs("When"))
        Case.Preds.push_back(indexOf(M.CostPreds, P));
      bool Last = I + 1 == Cases.size();
      if (Last && !Case.Preds.empty())
        error(R, fmt::format("the last case of cost class {} has predicates: the last case is "
                             "the general rule and must have none",
                             C.Name));
      if (!Last && Case.Preds.empty())
        error(R, fmt::format("case {} of cost class {} has no predicates, so the cases after "
                             "it can never apply",
                             I + 1, C.Name));
      bool Infix;
      readFormula(R, Cases[I]->getValueAsDag("Formula"), Case, Case.Text, Infix);
      C.Cases.push_back(std::move(Case));
    }
    M.CostClasses.push_back(std::move(C));
  }
  for (const Record *R : defsOf(RK, "Overhead")) {
    OverheadInfo O{R, R->getName().str(), 0, {}, -1};
    for (const Record *E : R->getValueAsListOfDefs("Engines"))
      O.EngineMask |= 1u << E->getValueAsInt("Id");
    for (const Record *P : R->getValueAsListOfDefs("When"))
      O.Preds.push_back(indexOf(M.CostPreds, P));
    const Record *C = R->getValueAsDef("Cycles");
    for (size_t I = 0; I < M.CostConsts.size(); ++I)
      if (M.CostConsts[I].Def == C)
        O.Const = static_cast<int>(I);
    if (!O.EngineMask || O.Preds.empty())
      error(R,
            fmt::format("overhead {} needs at least one engine and one predicate", O.RecordName));
    M.Overheads.push_back(std::move(O));
  }
  if (M.CostClasses.size() > 64)
    error(M.CostClasses[64].Def, "more than 64 cost classes: masks are 64-bit");
}

bool Reader::readOperand(const InstrInfo &I, const DagInit *Ops, unsigned Idx, OperandInfo &Op) {
  Op.Name = Ops->getArgNameStr(Idx).str();
  const auto *Def = dyn_cast<DefInit>(Ops->getArg(Idx));
  if (Op.Name.empty()) {
    error(I.Def, fmt::format("operand {} of '{}' has no name: write it as Type:$name", Idx + 1,
                             I.Mnemonic));
    return false;
  }
  if (!Def || !Def->getDef()->isSubClassOf("OperandType")) {
    error(I.Def, fmt::format("operand '${}' of '{}' is '{}', which is not an OperandType", Op.Name,
                             I.Mnemonic, Ops->getArg(Idx)->getAsString()));
    return false;
  }
  const Record *T = Def->getDef();
  // Opt<T, ""> would be a required operand that reads as an optional one.
  if (T->isSubClassOf("Opt") && T->getValueAsString("Default").empty()) {
    error(I.Def, fmt::format("optional operand '${}' of '{}' has an empty default, which would "
                             "make it required: give Opt<...> the default's spelling, or drop "
                             "Opt<...>",
                             Op.Name, I.Mnemonic));
    return false;
  }
  Op.TypeName = T->isAnonymous() ? "Opt<...>" : T->getName().str();
  Op.Kind = kindIndex(T->getValueAsDef("Kind"));
  Op.SpaceMask = spaceMask(T, "Spaces");
  for (const Record *D : T->getValueAsListOfDefs("DTypes"))
    Op.DTypeMask |= 1u << D->getValueAsInt("Id");
  Op.MaxFree = static_cast<int>(T->getValueAsInt("MaxFree"));
  Op.MaxFreePsum = static_cast<int>(T->getValueAsInt("MaxFreePsum"));
  Op.OneBank = T->getValueAsBit("OneBank");
  Op.HasRange = T->getValueAsBit("HasRange");
  Op.Min = T->getValueAsInt("Min");
  Op.Max = T->getValueAsInt("Max");
  Op.Description = T->getValueAsString("Description").str();
  if (StringRef D = T->getValueAsString("Default"); !D.empty())
    Op.Default = D.str();
  if (const Record *E = T->getValueAsOptionalDef("Enum"))
    for (size_t K = 0; K < M.Enums.size(); ++K)
      if (M.Enums[K].Def == E)
        Op.EnumType = static_cast<int>(K);
  const std::string &Kind = M.Kinds[Op.Kind].Name;
  if (Kind == "enum" && Op.EnumType < 0)
    error(I.Def, fmt::format("enum operand '${}' of '{}' names no EnumType", Op.Name, I.Mnemonic));
  if ((Kind == "access-pattern" || Kind == "scalar") && Op.SpaceMask == 0)
    error(I.Def,
          fmt::format("tensor operand '${}' of '{}' allows no memory space", Op.Name, I.Mnemonic));
  if (Op.HasRange) {
    const FieldInfo &F = M.Kinds[Op.Kind].Fields.front();
    int64_t Lo = F.Signed ? -(int64_t(1) << (F.Width - 1)) : 0;
    int64_t Hi = F.Signed ? (int64_t(1) << (F.Width - 1)) - 1 : (int64_t(1) << F.Width) - 1;
    if (Op.Min > Op.Max || Op.Min < Lo || Op.Max > Hi)
      error(I.Def, fmt::format("operand '${}' of '{}' allows {} to {}, which the {}-bit field "
                               "of '{}' cannot hold",
                               Op.Name, I.Mnemonic, Op.Min, Op.Max, F.Width, Kind));
  }
  return true;
}

void Reader::checkDefault(const InstrInfo &I, const OperandInfo &Op) {
  const std::string &D = *Op.Default;
  const std::string &Kind = M.Kinds[Op.Kind].Name;
  bool Ok;
  std::string Want;
  if (Kind == "access-pattern") {
    Ok = D == "none";
    Want = "'none'";
  } else if (Kind == "enum") {
    const EnumTypeInfo &E = M.Enums[Op.EnumType];
    Ok = std::any_of(E.Values.begin(), E.Values.end(),
                     [&](const EnumValueInfo &V) { return V.Name == D; });
    Want = "a value of " + E.Name;
  } else if (Kind == "imm") {
    // Without a range of its own, the operand holds what its field holds.
    int64_t Lo = Op.Min, Hi = Op.Max;
    if (!Op.HasRange && M.Kinds[Op.Kind].Fields.empty()) {
      Lo = std::numeric_limits<int64_t>::min();
      Hi = std::numeric_limits<int64_t>::max();
    } else if (!Op.HasRange) {
      const FieldInfo &F = M.Kinds[Op.Kind].Fields.front();
      int W = std::min(F.Width, 63);
      Lo = F.Signed ? -(int64_t(1) << (W - 1)) : 0;
      Hi = F.Signed ? (int64_t(1) << (W - 1)) - 1 : (int64_t(1) << W) - 1;
    }
    int64_t V = 0;
    Ok = !StringRef(D).getAsInteger(10, V) && V >= Lo && V <= Hi;
    Want = fmt::format("a decimal integer from {} to {}", Lo, Hi);
  } else if (Kind == "fimm" || Kind == "scalar") {
    // strtod would skip leading white space; the assembler does not.
    char *End = nullptr;
    std::strtod(D.c_str(), &End);
    Ok = !D.empty() && !isSpace(D.front()) && End && *End == 0;
    Want = "a number";
  } else {
    error(I.Def, fmt::format("default '{}' of operand '${}' of '{}' is not valid: operands of "
                             "kind '{}' cannot be optional",
                             D, Op.Name, I.Mnemonic, Kind));
    return;
  }
  if (!Ok)
    error(I.Def, fmt::format("default '{}' of operand '${}' of '{}' is not valid: expected {}", D,
                             Op.Name, I.Mnemonic, Want));
}

// CheckAllWritten is false when the operand list itself was wrong (a name
// used twice): which operand an item meant is then guesswork.
void Reader::readAsmString(InstrInfo &I, bool CheckAllWritten) {
  std::vector<int> Seen(I.Operands.size(), 0);
  bool SawKeyword = false;
  std::map<std::string, std::string> Keywords; // keyword -> operand
  auto IsIdentifier = [](StringRef S) {
    return !S.empty() && (isAlpha(S.front()) || S.front() == '_') &&
           all_of(S, [](char C) { return isAlnum(C) || C == '_'; });
  };
  SmallVector<StringRef, 8> Items;
  if (!StringRef(I.AsmString).trim().empty())
    StringRef(I.AsmString).split(Items, ',', -1, /*KeepEmpty=*/true);
  for (StringRef Item : Items) {
    Item = Item.trim();
    if (Item.empty()) {
      error(I.Def, fmt::format("empty item in the AsmString \"{}\" of '{}': expected '$name' or "
                               "'key=$name' between commas",
                               I.AsmString, I.Mnemonic));
      CheckAllWritten = false;
      continue;
    }
    StringRef Key, Ref = Item;
    bool HasKey = Item.contains('=');
    if (HasKey)
      std::tie(Key, Ref) = Item.split('=');
    Key = Key.trim();
    Ref = Ref.trim();
    if (!Ref.consume_front("$") || !IsIdentifier(Ref) || (HasKey && Key.empty())) {
      error(I.Def, fmt::format("malformed item '{}' in the AsmString of '{}': expected '$name' "
                               "or 'key=$name'",
                               Item.str(), I.Mnemonic));
      CheckAllWritten = false;
      continue;
    }
    if (HasKey && !IsIdentifier(Key)) {
      error(I.Def, fmt::format("keyword '{}' in the AsmString of '{}' is not an identifier "
                               "([A-Za-z_][A-Za-z0-9_]*)",
                               Key.str(), I.Mnemonic));
      CheckAllWritten = false;
      continue;
    }
    auto It = std::find_if(I.Operands.begin(), I.Operands.end(),
                           [&](const OperandInfo &O) { return O.Name == Ref; });
    if (It == I.Operands.end()) {
      error(I.Def, fmt::format("the AsmString of '{}' names '${}', which is not an operand",
                               I.Mnemonic, Ref.str()));
      continue;
    }
    size_t Idx = It - I.Operands.begin();
    if (Seen[Idx]++) {
      error(I.Def, fmt::format("operand '${}' appears twice in the AsmString of '{}'", Ref.str(),
                               I.Mnemonic));
      continue;
    }
    if (!HasKey) {
      if (It->Default)
        error(I.Def, fmt::format("optional operand '${}' of '{}' must be written as a keyword, "
                                 "'{}=${}'",
                                 It->Name, I.Mnemonic, It->Name, It->Name));
      else if (SawKeyword)
        error(I.Def, fmt::format("required operand '${}' of '{}' comes after a keyword operand "
                                 "in its AsmString",
                                 It->Name, I.Mnemonic));
    } else {
      SawKeyword = true;
      if (!It->Default)
        error(I.Def, fmt::format("required operand '${}' of '{}' must be written positionally, "
                                 "'${}', not as '{}'",
                                 It->Name, I.Mnemonic, It->Name, Item.str()));
      if (auto [Prev, New] = Keywords.try_emplace(Key.str(), It->Name); !New)
        error(I.Def, fmt::format("keyword '{}' of '${}' in the AsmString of '{}' is already used "
                                 "by '${}'",
                                 Key.str(), It->Name, I.Mnemonic, Prev->second));
      It->Keyword = Key.str();
    }
  }
  if (CheckAllWritten)
    for (size_t Idx = 0; Idx < I.Operands.size(); ++Idx)
      if (!Seen[Idx])
        error(I.Def, fmt::format("operand '${}' of '{}' has no syntax: it does not appear in the "
                                 "AsmString \"{}\"",
                                 I.Operands[Idx].Name, I.Mnemonic, I.AsmString));
}

void Reader::readInstrs() {
  std::vector<const Record *> ByOpcode(256, nullptr);
  for (const Record *R : defsOf(RK, "Instr")) {
    InstrInfo I;
    I.Def = R;
    I.RecordName = R->getName().str();
    I.Mnemonic = R->getValueAsString("Mnemonic").str();
    I.AsmString = R->getValueAsString("AsmString").str();
    I.Description = R->getValueAsString("Description").str();
    I.Opcode = static_cast<int>(R->getValueAsInt("Opcode"));
    I.MinGen = static_cast<int>(R->getValueAsInt("MinGen"));
    I.IsBranch = R->getValueAsBit("IsBranch");
    I.IsTerminator = R->getValueAsBit("IsTerminator");
    I.IsDma = R->getValueAsBit("IsDma");
    I.IsSequencer = R->getValueAsBit("IsSequencer");
    I.IsCollective = R->getValueAsBit("IsCollective");
    I.IsDebug = R->getValueAsBit("IsDebug");
    // The emulator's own instructions take no time only if they are no
    // datapath's work either (Timing.cpp, Machine::complete).
    if (I.IsDebug && (!I.IsSequencer || I.IsDma || I.IsBranch || I.IsTerminator))
      error(R, fmt::format("'{}' is IsDebug: it must be a sequencer instruction that is no DMA, "
                           "branch or terminator",
                           R->getValueAsString("Mnemonic").str()));
    I.CostClass = costClassIndex(R->getValueAsDef("Cost"));
    I.EngineMask = 0;
    for (const Record *E : R->getValueAsListOfDefs("Engines")) {
      int Id = static_cast<int>(E->getValueAsInt("Id"));
      if (I.EngineMask & (1u << Id))
        error(R, fmt::format("instruction '{}' lists engine {} twice", I.Mnemonic,
                             E->getName().str()));
      I.EngineMask |= 1u << Id;
    }
    if (I.Mnemonic.empty())
      error(R, fmt::format("instruction {} has no mnemonic", I.RecordName));
    if (I.EngineMask == 0)
      error(R, fmt::format("instruction '{}' has no engine: list at least one of {}", I.Mnemonic,
                           M.engineList((1u << M.Engines.size()) - 1)));
    if (I.MinGen < 2 || I.MinGen > 5)
      error(R, fmt::format("instruction '{}' has MinGen {}: generations are 2 (trn1) to 5 (trn4)",
                           I.Mnemonic, I.MinGen));
    if (I.Opcode < 1 || I.Opcode > 255) {
      error(R, fmt::format("opcode {} of '{}' is out of range: opcodes are 1 to 255 (0 is never "
                           "valid)",
                           I.Opcode, I.Mnemonic));
    } else if (const Record *Other = ByOpcode[I.Opcode]) {
      error(R, fmt::format("encoding overlap: opcode 0x{:02X} of '{}' is already used by {}",
                           I.Opcode, I.Mnemonic, Other->getName().str()));
      note(Other, "previous definition is here");
    } else {
      ByOpcode[I.Opcode] = R;
    }
    for (const InstrInfo &Other : M.Instrs)
      if (Other.Mnemonic == I.Mnemonic && (Other.EngineMask & I.EngineMask)) {
        error(R, fmt::format("duplicate instruction: '{}' on engine {} is already defined by {}",
                             I.Mnemonic, M.engineList(Other.EngineMask & I.EngineMask),
                             Other.RecordName));
        note(Other.Def, "previous definition is here");
      }

    const DagInit *Ops = R->getValueAsDag("Operands");
    const auto *OpsOp = dyn_cast<DefInit>(Ops->getOperator());
    if (!OpsOp || OpsOp->getDef()->getName() != "ops")
      error(R,
            fmt::format("the operands of '{}' must be written (ops Type:$name, ...)", I.Mnemonic));
    int Offset = M.HeaderBits / 8;
    bool OperandsOk = true, NamesUnique = true;
    for (unsigned A = 0; A < Ops->getNumArgs(); ++A) {
      OperandInfo Op;
      if (!readOperand(I, Ops, A, Op)) {
        OperandsOk = false;
        continue;
      }
      for (const OperandInfo &Prev : I.Operands)
        if (Prev.Name == Op.Name) {
          error(R, fmt::format("operand name '${}' is used twice in '{}'", Op.Name, I.Mnemonic));
          NamesUnique = false;
          break;
        }
      Op.ByteOffset = Offset;
      Offset += M.Kinds[Op.Kind].Bits / 8;
      I.Operands.push_back(std::move(Op));
    }
    I.SizeBytes = (Offset + 3) / 4 * 4;
    if (OperandsOk) {
      for (const OperandInfo &Op : I.Operands) {
        if (Op.Default)
          checkDefault(I, Op);
        // A datapath instruction's tensors must be reachable from every
        // engine that may run it (DMA and sequencer accesses are not the
        // datapath's).
        if (!I.IsDma && !I.IsCollective && !I.IsSequencer && Op.SpaceMask)
          for (const EngineInfo &E : M.Engines)
            if ((I.EngineMask >> E.Id & 1) && !(Op.SpaceMask & E.SpaceMask))
              error(R, fmt::format("operand '${}' of '{}' lives in {}, out of reach of engine {} "
                                   "(which reaches {})",
                                   Op.Name, I.Mnemonic, M.spaceList(Op.SpaceMask), E.RecordName,
                                   E.SpaceMask ? M.spaceList(E.SpaceMask) : "no memory"));
      }
      readAsmString(I, NamesUnique);
      readOutputs(I);
    }
    M.Instrs.push_back(std::move(I));
  }
  std::sort(M.Instrs.begin(), M.Instrs.end(),
            [](const auto &A, const auto &B) { return A.Opcode < B.Opcode; });
}

// Which tensor operands the instruction writes: Outputs, or "dst" when
// Outputs is unset and the instruction has one.
void Reader::readOutputs(InstrInfo &I) {
  const Init *V = I.Def->getValueInit("Outputs");
  std::vector<std::string> Names;
  if (isa<UnsetInit>(V)) {
    Names.push_back("dst");
  } else {
    for (StringRef N : I.Def->getValueAsListOfStrings("Outputs"))
      Names.push_back(N.str());
  }
  bool Explicit = !isa<UnsetInit>(V);
  for (const std::string &N : Names) {
    auto It = std::find_if(I.Operands.begin(), I.Operands.end(),
                           [&](const OperandInfo &Op) { return Op.Name == N; });
    if (It == I.Operands.end()) {
      if (Explicit)
        error(I.Def, fmt::format("Outputs of '{}' names '{}', which is not one of its operands",
                                 I.Mnemonic, N));
      continue;
    }
    const std::string &Kind = M.Kinds[It->Kind].Name;
    if (Kind != "access-pattern") {
      if (Explicit)
        error(I.Def, fmt::format("Outputs of '{}' names '{}', which is a {} operand, not a tensor",
                                 I.Mnemonic, N, Kind));
      continue;
    }
    It->Output = true;
  }
}

void Reader::readPerfModes() {
  for (const Record *R : defsOf(RK, "PerfMode")) {
    PerfModeInfo P{R,
                   R->getName().str(),
                   R->getValueAsString("Name").str(),
                   R->getValueAsString("Source").str(),
                   {},
                   {},
                   0,
                   static_cast<int>(R->getValueAsInt("Speedup"))};
    for (const Record *C : R->getValueAsListOfDefs("Classes"))
      P.Classes.push_back(costClassIndex(C));
    for (const Record *C : R->getValueAsListOfDefs("When"))
      P.Preds.push_back(indexOf(M.CostPreds, C));
    for (const Record *E : R->getValueAsListOfDefs("Engines"))
      P.EngineMask |= 1u << E->getValueAsInt("Id");
    if (P.Speedup < 1)
      error(R,
            fmt::format("perf mode '{}' has speedup {}: it must be at least 1", P.Name, P.Speedup));
    if (P.Classes.empty() || P.EngineMask == 0)
      error(R, fmt::format("perf mode '{}' names no cost class or no engine", P.Name));
    M.PerfModes.push_back(std::move(P));
  }
}

void Reader::readDmaTiming() {
  for (const Record *R : defsOf(RK, "DmaPipeline")) {
    DmaPipelineInfo P{R,
                      R->getName().str(),
                      R->getValueAsInt("QueueNs"),
                      R->getValueAsInt("TransferNs"),
                      R->getValueAsInt("DescriptorNs"),
                      R->getValueAsInt("CompletionNs"),
                      R->getValueAsInt("MaxBufferBytes"),
                      R->getValueAsInt("TransposeHbmPct"),
                      R->getValueAsInt("TransposeSbufPct")};
    for (auto [Name, Value] : {std::pair{"QueueNs", P.QueueNs},
                               {"TransferNs", P.TransferNs},
                               {"DescriptorNs", P.DescriptorNs},
                               {"CompletionNs", P.CompletionNs}})
      if (Value < 0 || Value > 1000000)
        error(R, fmt::format("DMA pipeline '{}' has {} = {}: it must be 0 to 1000000 ns",
                             P.RecordName, Name, Value));
    if (P.MaxBufferBytes < 1 || P.MaxBufferBytes > (int64_t(1) << 40))
      error(R, fmt::format("DMA pipeline '{}' has MaxBufferBytes = {}: it must be positive",
                           P.RecordName, P.MaxBufferBytes));
    for (auto [Name, Value] : {std::pair{"TransposeHbmPct", P.TransposeHbmPct},
                               {"TransposeSbufPct", P.TransposeSbufPct}})
      if (Value < 1 || Value > 100)
        error(R, fmt::format("DMA pipeline '{}' has {} = {}: it must be 1 to 100 (percent)",
                             P.RecordName, Name, Value));
    M.DmaPipelines.push_back(std::move(P));
  }
  for (const Record *R : defsOf(RK, "DmaTrigger")) {
    DmaTriggerInfo T{R,
                     R->getName().str(),
                     R->getValueAsString("Mode").str(),
                     R->getValueAsString("Source").str(),
                     0,
                     R->getValueAsInt("Cycles"),
                     R->getValueAsInt("Ns")};
    for (const Record *E : R->getValueAsListOfDefs("Engines"))
      T.EngineMask |= 1u << E->getValueAsInt("Id");
    if (T.EngineMask == 0)
      error(R, fmt::format("DMA trigger '{}' names no engine", T.RecordName));
    if (T.Cycles < 0 || T.Ns < 0 || T.Cycles > 1000000 || T.Ns > 1000000)
      error(R, fmt::format("DMA trigger '{}' costs {} cycles + {} ns: each must be 0 to 1000000",
                           T.RecordName, T.Cycles, T.Ns));
    M.DmaTriggers.push_back(std::move(T));
  }
}

void Reader::readChips() {
  for (const Record *R : defsOf(RK, "Chip")) {
    ChipInfo C{R,
               R->getValueAsString("Name").str(),
               R->getValueAsString("Description").str(),
               static_cast<int>(R->getValueAsInt("Gen")),
               std::vector<int>(M.Engines.size(), 0),
               std::vector<std::string>(M.Engines.size()),
               {},
               {},
               {},
               0,
               {},
               R->getValueAsString("Speculative").str()};
    if (C.Gen < 2 || C.Gen > 5)
      error(R, fmt::format("chip '{}' has Gen {}: generations are 2 (trn1) to 5 (trn4)", C.Name,
                           C.Gen));
    for (const ChipInfo &Other : M.Chips)
      if (Other.Name == C.Name) {
        error(R, fmt::format("chip name '{}' is already used by {}", C.Name,
                             Other.Def->getName().str()));
        note(Other.Def, "previous definition is here");
      }
    std::vector<bool> HasClock(M.Engines.size());
    for (const Record *Clock : R->getValueAsListOfDefs("Clocks")) {
      const Record *E = Clock->getValueAsDef("Engine");
      int Id = static_cast<int>(E->getValueAsInt("Id"));
      if (HasClock[Id])
        error(R, fmt::format("chip '{}' gives engine {} two clocks", C.Name, E->getName().str()));
      HasClock[Id] = true;
      C.ClockMHz[Id] = static_cast<int>(Clock->getValueAsInt("MHz"));
      C.ClockSource[Id] = Clock->getValueAsString("Source").str();
      if (C.ClockMHz[Id] <= 0)
        error(R, fmt::format("chip '{}' gives engine {} a clock of {} MHz: clocks must be "
                             "positive",
                             C.Name, E->getName().str(), C.ClockMHz[Id]));
    }
    for (const EngineInfo &E : M.Engines)
      if (!HasClock[E.Id])
        error(R, fmt::format("chip '{}' has no clock for engine {}", C.Name, E.RecordName));
    // The Chip class leaves the figures with no sensible default at 0.
    for (const std::string &Field : IsaModel::chipIntFields()) {
      C.Ints[Field] = R->getValueAsInt(Field);
      if (C.Ints[Field] == 0)
        error(R, fmt::format("chip '{}' does not set {}", C.Name, Field));
      else if (C.Ints[Field] < 0)
        error(R, fmt::format("chip '{}' has {} = {}: it must be positive", C.Name, Field,
                             C.Ints[Field]));
    }
    for (const Record *P : R->getValueAsListOfDefs("PeModes")) {
      PeModeInfo Mode{P->getValueAsString("Name").str(), P->getValueAsString("Form").str(),
                      P->getValueAsString("Source").str(), 0,
                      static_cast<int>(P->getValueAsInt("MacsPerCycle"))};
      for (const Record *T : P->getValueAsListOfDefs("Types"))
        Mode.TypeMask |= 1u << T->getValueAsInt("Id");
      C.PeModes.push_back(Mode);
    }
    if (C.PeModes.empty() || C.PeModes.front().Form != "")
      error(R, fmt::format("chip '{}' must list its plain-matmul PE mode first", C.Name));
    for (const Record *P : R->getValueAsListOfDefs("PerfModes"))
      for (size_t I = 0; I < M.PerfModes.size(); ++I)
        if (M.PerfModes[I].Def == P)
          C.PerfModes.push_back(static_cast<int>(I));
    const Record *Pipeline = R->getValueAsDef("DmaTiming");
    for (size_t I = 0; I < M.DmaPipelines.size(); ++I)
      if (M.DmaPipelines[I].Def == Pipeline)
        C.DmaPipeline = static_cast<int>(I);
    unsigned Triggered = 0;
    for (const Record *T : R->getValueAsListOfDefs("DmaTriggers"))
      for (size_t I = 0; I < M.DmaTriggers.size(); ++I)
        if (M.DmaTriggers[I].Def == T) {
          C.DmaTriggers.push_back(static_cast<int>(I));
          Triggered |= M.DmaTriggers[I].EngineMask;
        }
    // Every engine that may trigger a DMA needs a trigger cost.
    unsigned DmaEngines = 0;
    for (const InstrInfo &I : M.Instrs)
      if (I.IsDma && I.MinGen <= C.Gen)
        DmaEngines |= I.EngineMask;
    if (unsigned Missing = DmaEngines & ~Triggered)
      error(R, fmt::format("chip '{}' has no DmaTriggers entry for {}, which may trigger a DMA",
                           C.Name, M.engineList(Missing)));
    // The encoding must be able to name everything the chip has.
    auto Fits = [&](const char *Field, int64_t Count, int Width) {
      if (Width < 62 && Count > (int64_t(1) << Width))
        error(R, fmt::format("chip '{}' has {} = {}, more than {} {}-bit field can name", C.Name,
                             Field, Count, article(Width), Width));
    };
    if (const FieldInfo *F = kindField("register", "index"))
      Fits("Registers", C.Ints["Registers"], F->Width);
    if (const FieldInfo *F = kindField("semaphore", "index"))
      Fits("Semaphores", C.Ints["Semaphores"], F->Width);
    if (const FieldInfo *F = kindField("dma-queue", "engine"))
      Fits("DmaEngines", C.Ints["DmaEngines"], F->Width);
    if (const FieldInfo *F = kindField("dma-queue", "queue"))
      Fits("DmaQueuesPerEngine", C.Ints["DmaQueuesPerEngine"], F->Width);
    if (const FieldInfo *F = kindField("access-pattern", "part_start"))
      Fits("Partitions", C.Ints["Partitions"], F->Width);
    M.Chips.push_back(std::move(C));
  }
}

//===-- Engine timing -----------------------------------------------------===//

void Reader::readEngineTiming() {
  // Activation function sets: each function in at most one.
  EnumTypeInfo *Act = nullptr;
  for (EnumTypeInfo &E : M.Enums)
    if (E.Name == "ActFunc")
      Act = &E;
  for (const Record *R : defsOf(RK, "ActTableSet")) {
    int Set = static_cast<int>(M.ActTableSets.size());
    M.ActTableSets.push_back(
        {R, R->getValueAsString("Name").str(), R->getValueAsString("Source").str()});
    if (!Act)
      continue;
    for (const Record *F : R->getValueAsListOfDefs("Funcs")) {
      auto It = std::find_if(Act->Values.begin(), Act->Values.end(),
                             [&](const EnumValueInfo &V) { return V.Def == F; });
      if (It == Act->Values.end())
        continue; // the list's type is ActFuncValue: TableGen checked it
      if (It->TableSet >= 0)
        error(R, fmt::format("activation function '{}' is already in table set '{}'", It->Name,
                             M.ActTableSets[It->TableSet].Name));
      It->TableSet = Set;
    }
  }
  auto ConstIndex = [&](const Record *C) {
    for (size_t I = 0; I < M.CostConsts.size(); ++I)
      if (M.CostConsts[I].Def == C)
        return static_cast<int>(I);
    return -1;
  };
  for (const Record *R : defsOf(RK, "ResultLatency")) {
    int E = static_cast<int>(R->getValueAsDef("Engine")->getValueAsInt("Id"));
    for (const ResultLatencyInfo &Other : M.ResultLatencies)
      if (Other.Engine == E)
        error(R, fmt::format("engine {} has two result latencies", M.Engines[E].RecordName));
    M.ResultLatencies.push_back({E, ConstIndex(R->getValueAsDef("Cycles"))});
  }
  M.ChipTiming.assign(M.Chips.size(), {});
  // The chips a record names, as indices into M.Chips.
  auto ChipsOf = [&](const Record *R) {
    std::vector<int> Out;
    for (const Record *C : R->getValueAsListOfDefs("Chips"))
      for (size_t I = 0; I < M.Chips.size(); ++I)
        if (M.Chips[I].Def == C)
          Out.push_back(static_cast<int>(I));
    if (Out.empty())
      error(R, fmt::format("{} names no chip", R->getName().str()));
    return Out;
  };
  for (const Record *R : defsOf(RK, "DidtThrottle")) {
    DidtThrottleInfo T{R,
                       static_cast<int>(R->getValueAsInt("StartPercent")),
                       static_cast<int>(R->getValueAsInt("RampNs")),
                       static_cast<int>(R->getValueAsInt("ThresholdPercent")),
                       static_cast<int>(R->getValueAsInt("WindowNs")),
                       R->getValueAsString("Source").str()};
    if (T.StartPercent < 1 || T.StartPercent > 100 || T.ThresholdPercent < 0 ||
        T.ThresholdPercent > 100 || T.RampNs < 1 || T.WindowNs < 1)
      error(R, "a throttle needs StartPercent in 1..100, ThresholdPercent in 0..100 and positive "
               "RampNs and WindowNs");
    int Index = static_cast<int>(M.Throttles.size());
    M.Throttles.push_back(std::move(T));
    for (int C : ChipsOf(R)) {
      if (M.ChipTiming[C].Throttle >= 0)
        error(R, fmt::format("chip '{}' has two throttles", M.Chips[C].Name));
      M.ChipTiming[C].Throttle = Index;
    }
  }
  for (const Record *R : defsOf(RK, "PortShare")) {
    PortShareInfo P{R,
                    R->getName().str(),
                    R->getValueAsString("Name").str(),
                    R->getValueAsString("Source").str(),
                    static_cast<int>(R->getValueAsDef("A")->getValueAsInt("Id")),
                    static_cast<int>(R->getValueAsDef("B")->getValueAsInt("Id")),
                    static_cast<int>(R->getValueAsDef("Space")->getValueAsInt("Id")),
                    R->getValueAsBit("PerfModeOnlyA")};
    if (P.EngineA == P.EngineB)
      error(R, fmt::format("port share '{}' names one engine twice", P.Name));
    int Index = static_cast<int>(M.PortShares.size());
    M.PortShares.push_back(std::move(P));
    for (int C : ChipsOf(R))
      M.ChipTiming[C].PortShares.push_back(Index);
  }
  for (const Record *R : defsOf(RK, "Instance")) {
    InstanceInfo I{R,
                   R->getValueAsString("Name").str(),
                   R->getValueAsString("Topology").str(),
                   R->getValueAsString("LinkSource").str(),
                   R->getValueAsString("ZLinkSource").str(),
                   R->getValueAsString("HopSource").str(),
                   R->getValueAsString("Source").str(),
                   -1,
                   static_cast<int>(R->getValueAsInt("TorusX")),
                   static_cast<int>(R->getValueAsInt("TorusY")),
                   static_cast<int>(R->getValueAsInt("TorusZ")),
                   static_cast<int>(R->getValueAsInt("LinksPerChip")),
                   static_cast<int>(R->getValueAsInt("LinkMBps")),
                   static_cast<int>(R->getValueAsInt("ZLinkMBps")),
                   static_cast<int>(R->getValueAsInt("HopNs"))};
    for (size_t C = 0; C < M.Chips.size(); ++C)
      if (M.Chips[C].Def == R->getValueAsDef("Chip"))
        I.Chip = static_cast<int>(C);
    if (I.Topology != "torus2d" && I.Topology != "torus3d" && I.Topology != "switch")
      error(R, fmt::format("instance '{}': topology '{}' is neither torus2d, torus3d nor switch",
                           I.Name, I.Topology));
    if (I.Topology == "switch" && (I.TorusY != 1 || I.TorusZ != 1))
      error(R, fmt::format("instance '{}': a switch joins TorusX chips (TorusY = TorusZ = 1)",
                           I.Name));
    if (I.Topology == "torus2d" && I.TorusZ != 1)
      error(R,
            fmt::format("instance '{}': a 2D torus has TorusZ = 1 (a 3D one is torus3d)", I.Name));
    if (I.Topology == "torus3d" && I.TorusZ < 2)
      error(R, fmt::format("instance '{}': a 3D torus needs TorusZ >= 2", I.Name));
    if ((I.Topology == "torus2d" && I.LinksPerChip != 4) ||
        (I.Topology == "torus3d" && I.LinksPerChip != 6))
      error(R, fmt::format("instance '{}': a 2D torus has 4 links per chip (+x, -x, +y, -y), a "
                           "3D torus 6 (and +z, -z)",
                           I.Name));
    if (I.TorusX < 1 || I.TorusY < 1 || I.TorusZ < 1 || I.LinksPerChip < 1 || I.LinkMBps < 1 ||
        I.ZLinkMBps < 1 || I.HopNs < 0)
      error(R, fmt::format("instance '{}' needs positive TorusX, TorusY, TorusZ, LinksPerChip, "
                           "LinkMBps and ZLinkMBps, and HopNs >= 0",
                           I.Name));
    if (I.LinkSource.empty() || I.ZLinkSource.empty() || I.HopSource.empty() || I.Source.empty())
      error(R, fmt::format("instance '{}' needs LinkSource, ZLinkSource, HopSource and Source",
                           I.Name));
    M.Instances.push_back(std::move(I));
  }
  if (const Record *R = RK.getDef("CollectiveSliceBytes")) {
    M.CollectiveSliceBytes = static_cast<int>(R->getValueAsInt("Bytes"));
    if (M.CollectiveSliceBytes < 4096)
      error(R, "CollectiveSliceBytes must be at least 4096");
  }
  for (const Record *R : defsOf(RK, "DmaSignalDelay")) {
    int Ns = static_cast<int>(R->getValueAsInt("Ns"));
    if (Ns < 0)
      error(R, "a DMA signal delay cannot be negative");
    for (int C : ChipsOf(R)) {
      if (!M.ChipTiming[C].DmaSignalSource.empty())
        error(R, fmt::format("chip '{}' has two DMA signal delays", M.Chips[C].Name));
      M.ChipTiming[C].DmaSignalNs = Ns;
      M.ChipTiming[C].DmaSignalSource = R->getValueAsString("Source").str();
    }
  }
}

std::optional<IsaModel> Reader::run() {
  readSpacesAndEngines();
  readDTypes();
  readEnums();
  readKinds();
  readHeader();
  checkIdWidths();
  readCosts();
  if (failed())
    return std::nullopt; // instructions refer to everything above
  readInstrs();
  readPerfModes();
  readDmaTiming();
  readChips();
  readEngineTiming();
  if (failed())
    return std::nullopt;
  return std::move(M);
}

} // namespace

const std::vector<std::string> &IsaModel::chipIntFields() {
  static const std::vector<std::string> Fields = {
      "CoresPerChip", "Partitions", "SbufPartitionBytes", "PsumBanks",          "PsumBankBytes",
      "Registers",    "Semaphores", "DmaEngines",         "DmaQueuesPerEngine", "DmaEngineMBps",
      "DmaFixedNs",   "HbmGiB",     "HbmChipGBps"};
  return Fields;
}

std::optional<IsaModel> IsaModel::read(const RecordKeeper &Records) {
  return Reader(Records).run();
}

int IsaModel::peEngine() const {
  for (const EngineInfo &E : Engines)
    if (E.RecordName == "PE")
      return E.Id;
  return 0;
}

std::string IsaModel::spaceList(unsigned Mask) const {
  std::vector<std::string> Names;
  for (const MemSpaceInfo &S : Spaces)
    if (Mask >> S.Id & 1)
      Names.push_back(S.Name);
  return join(Names, ", ");
}

std::string IsaModel::engineList(unsigned Mask) const {
  std::vector<std::string> Names;
  for (const EngineInfo &E : Engines)
    if (Mask >> E.Id & 1)
      Names.push_back(E.RecordName);
  return join(Names, ", ");
}

std::string IsaModel::operandSyntax(const OperandInfo &Op) const {
  const std::string &Kind = Kinds[Op.Kind].Name;
  std::string What;
  if (Kind == "access-pattern")
    What = spaceList(Op.SpaceMask);
  else if (Kind == "scalar")
    What = "fp32, " + spaceList(Op.SpaceMask);
  else if (Kind == "enum")
    What = Enums[Op.EnumType].Name;
  else
    What = Kind;
  // "sbuf, psum" reads as alternatives: sbuf|psum.
  std::string Alternatives;
  for (char C : What)
    if (C == ',')
      Alternatives += '|';
    else if (C != ' ')
      Alternatives += C;
  return "<" + Op.Name + ":" + Alternatives + ">";
}

std::string IsaModel::syntax(const InstrInfo &I) const {
  // An instruction several engines run is written with an engine prefix.
  std::string S;
  if (I.EngineMask == (1u << Engines.size()) - 1) {
    S = "<engine>.";
  } else if (I.EngineMask & (I.EngineMask - 1)) {
    std::vector<std::string> Prefixes;
    for (const EngineInfo &E : Engines)
      if (I.EngineMask >> E.Id & 1)
        Prefixes.push_back(E.Prefix);
    S = "{" + join(Prefixes, "|") + "}.";
  }
  S += I.Mnemonic;
  bool First = true;
  auto Add = [&](const std::string &Item) {
    S += (First ? " " : ", ") + Item;
    First = false;
  };
  for (const OperandInfo &Op : I.Operands)
    if (Op.Keyword.empty())
      Add(operandSyntax(Op));
  for (const OperandInfo &Op : I.Operands)
    if (!Op.Keyword.empty()) {
      std::string What = operandSyntax(Op);
      Add("[" + Op.Keyword + "=<" + What.substr(What.find(':') + 1) + "]");
    }
  return S;
}

} // namespace trn::tblgen
