//===- EmitBuilder.cpp - the instruction builder's methods ----------------===//
//
// --gen-builder-methods writes BuilderMethods.inc, the C++ methods of
// trn::build::EngineBuilder (trn/build/ProgramBuilder.h): one per mnemonic,
// its required operands by position, its optional ones in an options struct
// with the records' defaults. --gen-builder-python writes
// BuilderPython.inc, the same methods for the Python module: keyword
// arguments, optional ones keyword-only with their defaults, docstrings from
// the records. Both only forward to EngineBuilder::emit, which checks every
// operand against the tables as the assembler does: nothing here decides
// what an operand may be.
//
// Records that share a mnemonic (transpose on PE and on DVE) share a method,
// which the engine resolves: their operands must then agree.
//
//===----------------------------------------------------------------------===//

#include "Emit.h"
#include "IsaModel.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

using namespace llvm;

namespace trn::tblgen {
namespace {

// Words that cannot name a method or parameter: C++'s keywords and
// alternative tokens (the register ALU's `and`, `or`, `xor`), Python's
// keywords. Such a name gets a trailing underscore, as PEP 8 suggests.
bool reservedCpp(std::string_view S) {
  static const std::set<std::string_view> Words = {
      "and",    "and_eq",   "asm",       "auto",     "bitand",   "bitor",    "bool",     "break",
      "case",   "catch",    "char",      "class",    "compl",    "const",    "continue", "default",
      "delete", "do",       "double",    "else",     "enum",     "explicit", "export",   "extern",
      "false",  "float",    "for",       "friend",   "goto",     "if",       "inline",   "int",
      "long",   "mutable",  "namespace", "new",      "not",      "not_eq",   "operator", "or",
      "or_eq",  "private",  "protected", "public",   "register", "return",   "short",    "signed",
      "sizeof", "static",   "struct",    "switch",   "template", "this",     "throw",    "true",
      "try",    "typedef",  "typeid",    "typename", "union",    "unsigned", "using",    "virtual",
      "void",   "volatile", "while",     "xor",      "xor_eq",   "emit",     "bind",     "engine"};
  return Words.count(S);
}
bool reservedPython(std::string_view S) {
  static const std::set<std::string_view> Words = {
      "False",   "None",     "True",     "and",    "as",    "assert", "async",  "await",
      "break",   "class",    "continue", "def",    "del",   "elif",   "else",   "except",
      "finally", "for",      "from",     "global", "if",    "import", "in",     "is",
      "lambda",  "nonlocal", "not",      "or",     "pass",  "raise",  "return", "try",
      "while",   "with",     "yield",    "bind",   "engine"};
  return Words.count(S);
}
std::string cppName(const std::string &S) { return reservedCpp(S) ? S + "_" : S; }
std::string pyName(const std::string &S) { return reservedPython(S) ? S + "_" : S; }

// The name an operand is passed by: its keyword if optional.
std::string argName(const OperandInfo &Op) { return Op.Keyword.empty() ? Op.Name : Op.Keyword; }

bool isBoolEnum(const IsaModel &M, const OperandInfo &Op) {
  if (Op.EnumType < 0)
    return false;
  const auto &V = M.Enums[Op.EnumType].Values;
  return V.size() == 2 && V[0].Name == "false" && V[1].Name == "true";
}

// The mnemonics in opcode order, each with its records.
std::vector<std::vector<const InstrInfo *>> byMnemonic(const IsaModel &M) {
  std::vector<std::vector<const InstrInfo *>> Groups;
  std::map<std::string, size_t> Seen;
  for (const InstrInfo &I : M.Instrs) {
    auto [It, New] = Seen.try_emplace(I.Mnemonic, Groups.size());
    if (New)
      Groups.emplace_back();
    Groups[It->second].push_back(&I);
  }
  return Groups;
}

// Records sharing a mnemonic share a method: the same operands, kinds and
// defaults. False (after an error) if not.
bool sameSignature(const IsaModel &M, const std::vector<const InstrInfo *> &G) {
  const InstrInfo &A = *G.front();
  for (const InstrInfo *B : G) {
    bool Same = A.Operands.size() == B->Operands.size();
    for (size_t K = 0; Same && K < A.Operands.size(); ++K) {
      const OperandInfo &X = A.Operands[K], &Y = B->Operands[K];
      Same = X.Name == Y.Name && X.Keyword == Y.Keyword && X.Default == Y.Default &&
             M.Kinds[X.Kind].Name == M.Kinds[Y.Kind].Name && X.EnumType == Y.EnumType;
    }
    if (!Same) {
      PrintError(B->Def->getLoc(),
                 fmt::format("'{}' shares its mnemonic with {} but not its operands (names, "
                             "kinds, keywords and defaults): the builder has one method per "
                             "mnemonic",
                             B->RecordName, A.RecordName));
      return false;
    }
  }
  return true;
}

std::string engineMask(const IsaModel &M, const std::vector<const InstrInfo *> &G) {
  unsigned Mask = 0;
  for (const InstrInfo *I : G)
    Mask |= I->EngineMask;
  return M.engineList(Mask);
}

//===-- C++ ----------------------------------------------------------------===//

std::string cppType(const IsaModel &M, const OperandInfo &Op) {
  const std::string &K = M.Kinds[Op.Kind].Name;
  if (K == "access-pattern")
    return "View";
  if (K == "scalar")
    return "Scalar";
  if (K == "register")
    return "Reg";
  if (K == "imm")
    return "int64_t";
  if (K == "fimm")
    return "Float";
  if (K == "enum")
    return isBoolEnum(M, Op) ? "bool" : "isa::" + M.Enums[Op.EnumType].Name;
  if (K == "semaphore")
    return "Sem";
  if (K == "dma-queue")
    return "Queue";
  if (K == "label")
    return "Target";
  return "Steps";
}

// The C++ value of an operand's default spelling.
std::string cppDefault(const IsaModel &M, const OperandInfo &Op) {
  const std::string &K = M.Kinds[Op.Kind].Name;
  const std::string &D = *Op.Default;
  if (K == "access-pattern")
    return "View()";
  if (K == "enum")
    return isBoolEnum(M, Op) ? D : "isa::" + M.Enums[Op.EnumType].Name + "::" + camel(D);
  if (K == "scalar" || K == "fimm")
    return D.find_first_of(".e") == std::string::npos ? D + ".0" : D;
  return D;
}

// How a parameter becomes an Arg.
std::string cppArg(const IsaModel &M, const OperandInfo &Op, const std::string &Expr) {
  if (M.Kinds[Op.Kind].Name == "enum" && !isBoolEnum(M, Op))
    return fmt::format("Arg::enumValue(isa::EnumTypeId::{}, static_cast<uint8_t>({}))",
                       M.Enums[Op.EnumType].Name, Expr);
  return fmt::format("Arg({})", Expr);
}

std::string comment(const std::string &Text, const std::string &Indent) {
  // The description, wrapped at 90 columns.
  std::string Out, Line;
  for (StringRef W : split(Text, ' ')) {
    if (W.empty())
      continue;
    if (!Line.empty() && Line.size() + W.size() + 1 > 90) {
      Out += Indent + "//" + Line + "\n";
      Line.clear();
    }
    Line += " " + W.str();
  }
  if (!Line.empty())
    Out += Indent + "//" + Line + "\n";
  return Out;
}

// The model and its mnemonics' groups, each group one method; nothing
// (after an error) when the records do not make a builder.
struct Builder {
  IsaModel Model;
  std::vector<std::vector<const InstrInfo *>> Groups;

  static std::optional<Builder> read(RecordKeeper &RK) {
    std::optional<IsaModel> M = IsaModel::read(RK);
    if (!M)
      return std::nullopt;
    std::optional<Builder> B(Builder{std::move(*M), {}});
    B->Groups = byMnemonic(B->Model);
    for (const auto &G : B->Groups)
      if (!sameSignature(B->Model, G))
        return std::nullopt;
    return B;
  }
};

void emitCpp(RecordKeeper &RK, raw_ostream &OS) {
  std::optional<Builder> B = Builder::read(RK);
  if (!B)
    return;
  const IsaModel &M = B->Model;
  const auto &Groups = B->Groups;
  emitSourceFileHeader("trnemu instruction builder methods", OS, RK);
  OS << "// Included twice by trn/build/ProgramBuilder.h: the options structs at\n"
        "// namespace scope, then the methods inside EngineBuilder.\n\n";
  OS << "#ifdef TRN_BUILD_OPTIONS\n";
  for (const auto &G : Groups) {
    const InstrInfo &I = *G.front();
    bool Any = std::any_of(I.Operands.begin(), I.Operands.end(),
                           [](const OperandInfo &Op) { return Op.Default.has_value(); });
    if (!Any)
      continue;
    OS << fmt::format("// The optional operands of {}, with their defaults.\nstruct {}Options {{\n",
                      I.Mnemonic, camel(I.Mnemonic));
    for (const OperandInfo &Op : I.Operands)
      if (Op.Default)
        OS << fmt::format("  {} {} = {};\n", cppType(M, Op), cppName(argName(Op)),
                          cppDefault(M, Op));
    OS << "};\n";
  }
  OS << "#undef TRN_BUILD_OPTIONS\n#endif\n\n#ifdef TRN_BUILD_METHODS\n";
  for (const auto &G : Groups) {
    const InstrInfo &I = *G.front();
    std::vector<std::string> Params, Args;
    bool Any = false;
    for (const OperandInfo &Op : I.Operands) {
      if (Op.Default) {
        Any = true;
        Args.push_back(cppArg(M, Op, "Opts." + cppName(argName(Op))));
      } else {
        Params.push_back(fmt::format("{} {}", cppType(M, Op), cppName(Op.Name)));
        Args.push_back(cppArg(M, Op, cppName(Op.Name)));
      }
    }
    if (Any)
      Params.push_back(fmt::format("const {}Options &Opts = {{}}", camel(I.Mnemonic)));
    Params.push_back("SourceLocation S = SourceLocation::current()");
    OS << "\n"
       << comment(fmt::format("{} ({}): {}", M.syntax(I), engineMask(M, G), I.Description), "");
    OS << fmt::format("Instruction {}({}) {{\n  return emit({}, {{{}}}, Loc::here(S));\n}}\n",
                      cppName(I.Mnemonic), join(Params, ", "), quote(I.Mnemonic), join(Args, ", "));
  }
  OS << "#undef TRN_BUILD_METHODS\n#endif\n";
}

//===-- Python -------------------------------------------------------------===//

std::string pyDefault(const IsaModel &M, const OperandInfo &Op) {
  const std::string &K = M.Kinds[Op.Kind].Name;
  const std::string &D = *Op.Default;
  if (K == "access-pattern")
    return "py::none()";
  if (K == "enum")
    return isBoolEnum(M, Op) ? D : quote(D);
  if (K == "scalar" || K == "fimm")
    return (D.find_first_of(".e") == std::string::npos ? D + ".0" : D);
  return D;
}

std::string pyDoc(const IsaModel &M, const std::vector<const InstrInfo *> &G) {
  const InstrInfo &I = *G.front();
  std::vector<std::string> Sig;
  bool Kw = false;
  for (const OperandInfo &Op : I.Operands)
    if (!Op.Default)
      Sig.push_back(pyName(Op.Name));
  for (const OperandInfo &Op : I.Operands)
    if (Op.Default) {
      if (!Kw)
        Sig.push_back("*");
      Kw = true;
      Sig.push_back(fmt::format("{}={}", pyName(argName(Op)), *Op.Default));
    }
  std::string Doc = fmt::format("{}({}) on {}\n\n{}\n\nAssembly: {}\n", pyName(I.Mnemonic),
                                join(Sig, ", "), engineMask(M, G), I.Description, M.syntax(I));
  for (const OperandInfo &Op : I.Operands) {
    Doc += fmt::format("\n{}: {}", pyName(argName(Op)), Op.Description);
    if (Op.Default)
      Doc += fmt::format(" (default {})", *Op.Default);
  }
  return Doc;
}

void emitPython(RecordKeeper &RK, raw_ostream &OS) {
  std::optional<Builder> B = Builder::read(RK);
  if (!B)
    return;
  const IsaModel &M = B->Model;
  const auto &Groups = B->Groups;
  emitSourceFileHeader("trnemu instruction builder, Python methods", OS, RK);
  OS << "// Included in a function where EngineClass is the py::class_ of\n"
        "// EngineBuilder, and EmitFromPython<N>{Mnemonic, Order} is a function\n"
        "// object taking the stream and N operands in the method's order (Order:\n"
        "// each one's index in the record) that adds the instruction.\n";
  for (const auto &G : Groups) {
    const InstrInfo &I = *G.front();
    std::vector<std::string> PyArgs, Order; // Order: the record's index of each parameter
    for (size_t K = 0; K < I.Operands.size(); ++K)
      if (!I.Operands[K].Default)
        Order.push_back(std::to_string(K));
    for (size_t K = 0; K < I.Operands.size(); ++K)
      if (I.Operands[K].Default)
        Order.push_back(std::to_string(K));
    // Required first, then the optional ones, keyword-only.
    for (const OperandInfo &Op : I.Operands)
      if (!Op.Default)
        PyArgs.push_back(fmt::format("py::arg({})", quote(pyName(Op.Name))));
    bool Kw = false;
    for (const OperandInfo &Op : I.Operands)
      if (Op.Default) {
        if (!Kw)
          PyArgs.push_back("py::kw_only()");
        Kw = true;
        PyArgs.push_back(
            fmt::format("py::arg({}) = {}", quote(pyName(argName(Op))), pyDefault(M, Op)));
      }
    // The instruction keeps its stream (and so the builder) alive.
    PyArgs.push_back("py::keep_alive<0, 1>()");
    // One function object type per number of operands (not one lambda per
    // instruction): pybind11 instantiates its call machinery per type.
    OS << fmt::format("EngineClass.def({}, EmitFromPython<{}>{{{}, {{{}}}}},\n    {},\n    {});\n",
                      quote(pyName(I.Mnemonic)), I.Operands.size(), quote(I.Mnemonic),
                      join(Order, ", "), join(PyArgs, ", "), quote(pyDoc(M, G)));
  }
}

//===-- The reference (docs/builder-reference.md) ---------------------------===//

std::string pyValue(const IsaModel &M, const OperandInfo &Op) {
  std::string D = pyDefault(M, Op);
  if (D == "py::none()")
    return "None";
  if (D == "false" || D == "true")
    return D == "true" ? "True" : "False";
  if (!D.empty() && D[0] == '"')
    return "'" + D.substr(1, D.size() - 2) + "'";
  return D;
}

void emitDoc(RecordKeeper &RK, raw_ostream &OS) {
  std::optional<Builder> B = Builder::read(RK);
  if (!B)
    return;
  const IsaModel &M = B->Model;
  const auto &Groups = B->Groups;
  OS << "<!-- Generated by trn-tblgen --gen-builder-doc from isa/*.td; do not edit.\n"
        "     Refresh: build/bin/trn-tblgen --gen-builder-doc -I isa isa/Trn.td -o "
        "docs/builder-reference.md -->\n\n";
  OS << "# Instruction builder reference\n\n"
        "The methods of the instruction builder ([builder.md](builder.md)), one per "
        "mnemonic, generated from the same records as the assembler. Each is a method of an "
        "engine's stream (`B.dve()` in C++, `b.dve` in Python) of an engine that runs it. "
        "Every C++ method ends with `SourceLocation S = "
        "SourceLocation::current()` (the caller's place) and returns an `Instruction`; every "
        "Python "
        "method returns a `trnemu.Instruction`. What each instruction computes, and what "
        "each operand accepts, is in the [ISA reference](isa-reference.md).\n\n"
        "| Mnemonic | Engines | C++ | Python |\n|---|---|---|---|\n";
  for (const auto &G : Groups) {
    const InstrInfo &I = *G.front();
    std::vector<std::string> Cpp, Opts, Py;
    bool Kw = false;
    for (const OperandInfo &Op : I.Operands)
      if (!Op.Default) {
        Cpp.push_back(fmt::format("{} {}", cppType(M, Op), cppName(Op.Name)));
        Py.push_back(pyName(Op.Name));
      }
    for (const OperandInfo &Op : I.Operands)
      if (Op.Default) {
        Opts.push_back(fmt::format(".{} = {}", cppName(argName(Op)), cppDefault(M, Op)));
        if (!Kw)
          Py.push_back("*");
        Kw = true;
        Py.push_back(fmt::format("{}={}", pyName(argName(Op)), pyValue(M, Op)));
      }
    if (!Opts.empty())
      Cpp.push_back(fmt::format("{}Options{{{}}}", camel(I.Mnemonic), join(Opts, ", ")));
    OS << fmt::format("| `{}` | {} | `{}({})` | `{}({})` |\n", I.Mnemonic, engineMask(M, G),
                      cppName(I.Mnemonic), join(Cpp, ", "), pyName(I.Mnemonic), join(Py, ", "));
  }
}

TableGen::Emitter::Opt GenDoc("gen-builder-doc", emitDoc,
                              "Generate the instruction builder's reference "
                              "(docs/builder-reference.md)");

TableGen::Emitter::Opt GenCpp("gen-builder-methods", emitCpp,
                              "Generate the instruction builder's C++ methods "
                              "(BuilderMethods.inc)");
TableGen::Emitter::Opt GenPython("gen-builder-python", emitPython,
                                 "Generate the instruction builder's Python methods "
                                 "(BuilderPython.inc)");

} // namespace
} // namespace trn::tblgen
