//===- BuilderTest.cpp - the instruction builder (trn/build) --------------===//
//
// Programs built with trn::build::ProgramBuilder against the same programs
// written in assembly (docs/assembly.md's examples): the same tables, code
// and data; the printed program re-assembles to the same object bytes; and
// errors carry the assembler's messages, located at the builder call.
//
//===----------------------------------------------------------------------===//

#include "trn/asm/Assembler.h"
#include "trn/asm/Disassembler.h"
#include "trn/build/ProgramBuilder.h"
#include "trn/object/ObjectFile.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>

using namespace trn;
using namespace trn::build;

namespace {

object::Program assemble(const std::string &Text) {
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText("t.s", Text, {}, OS);
  INFO(OS.str());
  REQUIRE(R.Program);
  return *R.Program;
}

// Everything but the line table and the declarations' source locations.
void requireSameProgram(object::Program A, object::Program B) {
  for (object::Program *P : {&A, &B}) {
    P->Files.clear();
    for (auto &S : P->Streams)
      S.Locs.clear();
    for (auto &T : P->Tensors)
      T.Loc = {};
    for (auto &X : P->Allocations)
      X.Loc = {};
    for (auto &S : P->Semaphores)
      S.Loc = {};
  }
  CHECK(assembler::disassemble(A) == assembler::disassemble(B));
  CHECK(A == B);
}

// The message of the BuildError that F throws.
template <typename F> std::string errorOf(F &&Fn) {
  try {
    Fn();
  } catch (const BuildError &E) {
    return E.what();
  }
  FAIL("no BuildError");
  return "";
}

// The printed program assembles to the same object bytes, line table
// included once the program takes the text's.
void requireRoundTrip(ProgramBuilder &B) {
  std::string Text = B.print();
  object::Program Built = B.finish();
  ProgramBuilder::useLineTableOfText(Built, Text, "printed.s");
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText("printed.s", Text, {}, OS);
  INFO(Text << OS.str());
  REQUIRE(R.Program);
  CHECK(object::writeObject(Built) == object::writeObject(*R.Program));
}

} // namespace

TEST_CASE("builder: the first program of docs/assembly.md") {
  ProgramBuilder B(isa::Chip::trn2);
  auto A = B.tensor("a", DType::BF16, {128, 128}, Role::Input);
  auto Bt = B.tensor("b", DType::BF16, {128, 512}, Role::Input);
  auto C = B.tensor("c", DType::FP32, {128, 512}, Role::Output);
  auto As = B.sbuf("a_s", DType::BF16, {128, 128});
  auto Bs = B.sbuf("b_s", DType::BF16, {128, 512});
  auto Cs = B.sbuf("c_s", DType::FP32, {128, 512});
  auto Cp = B.psum("c_p", DType::FP32, {128, 512});
  Sem Loaded = B.sem("loaded"), Multiplied = B.sem("multiplied"), Copied = B.sem("copied");
  B.sp().dma_copy(As, A, q(0, 0)).signal(Loaded);
  B.sp().dma_copy(Bs, Bt, q(1, 0)).signal(Loaded);
  B.pe().matmul(Cp, As, Bs).wait(Loaded >= 2).signal(Multiplied);
  B.act().tensor_copy(Cs, Cp).wait(Multiplied >= 1).signal(Copied);
  B.sp().dma_copy(C, Cs, q(0, 1)).wait(Copied >= 1);

  requireSameProgram(B.finish(), assemble(R"(
.chip trn2
.tensor a : bf16[128, 128] input
.tensor b : bf16[128, 512] input
.tensor c : fp32[128, 512] output
.sbuf a_s : bf16[128, 128]
.sbuf b_s : bf16[128, 512]
.sbuf c_s : fp32[128, 512]
.psum c_p : fp32[128, 512]
.sem loaded
.sem multiplied
.sem copied
    sp.dma_copy a_s, a, q0.0 signal(loaded)
    sp.dma_copy b_s, b, q1.0 signal(loaded)
    pe.matmul c_p, a_s, b_s wait(loaded >= 2) signal(multiplied)
    act.tensor_copy c_s, c_p wait(multiplied >= 1) signal(copied)
    sp.dma_copy c, c_s, q0.1 wait(copied >= 1)
)"));
  requireRoundTrip(B);

  // The line table names the builder calls: this file, the matmul's line.
  object::Program P = B.finish();
  REQUIRE(P.stream(Engine::PE).Locs.size() == 1);
  CHECK(P.where(P.stream(Engine::PE).Locs[0]).find("BuilderTest.cpp:") != std::string::npos);
}

TEST_CASE("builder: slices as the assembler's (docs/assembly.md 9.2)") {
  ProgramBuilder B;
  auto H = B.tensor("h", DType::BF16, {4, 256, 64}, Role::Input);
  auto V = B.tensor("v", DType::FP32, {1000}, Role::Input);
  auto S = B.sbuf("s", DType::BF16, {128, 4, 64});
  auto X = B.sbuf("x", DType::FP32, {128, 8, 32});
  auto W = B.sbuf("w", DType::FP32, {128, 2, 2, 2, 2, 2});
  auto P = B.psum("p", DType::FP32, {128, 512});
  B.sp().dma_copy(S(All, 0, All), H(1, Slice(0, 128), All), q(0, 0));
  B.sp().dma_copy(S(Slice(0, 64), 1, Slice(0, 32)), H(2, Slice(0, 128, 2), Slice({}, {}, 2)),
                  q(0, 1));
  B.sp().dma_copy(S(Slice(0, 4), 2, All), H(All, 7, All), q(0, 2));
  B.sp().dma_copy(S(5, 3, Slice(0, 10)), V(Slice(10, 20)), q(0, 3));
  B.sp().dma_copy(S(6, 3, 0), V(7), q(0, 4));
  B.sp().dma_copy(S(7, 3, All), H(3, Slice(9, 10), Slice(0, 64)), q(0, 5));
  B.dve().tensor_copy(X(Slice(32, 64), Slice(2, 4), Slice(0, 16)),
                      X(Slice(64, 96), Slice(4, 6), Slice({}, {}, 2)));
  B.dve().tensor_copy(X(All, All, 0), X(All, All, 31));
  B.dve().tensor_copy(X(All, Slice(0, 2), Slice(0, 16)), W);
  B.act().tensor_copy(P(All, Slice(0, 256)), X(All, Slice(0, 8, 1), Slice(0, 32, 1)));
  B.act().tensor_copy(X(Slice(0, 64)), P(Slice(64, 128), Slice(0, 256)) + r(3));
  requireSameProgram(B.finish(), assemble(R"(
.tensor h : bf16[4, 256, 64] input
.tensor v : fp32[1000] input
.sbuf s : bf16[128, 4, 64]
.sbuf x : fp32[128, 8, 32]
.sbuf w : fp32[128, 2, 2, 2, 2, 2]
.psum p : fp32[128, 512]
    sp.dma_copy s[:, 0, :], h[1, 0:128, :], q0.0
    sp.dma_copy s[0:64, 1, 0:32], h[2, 0:128:2, ::2], q0.1
    sp.dma_copy s[0:4, 2, :], h[:, 7, :], q0.2
    sp.dma_copy s[5, 3, 0:10], v[10:20], q0.3
    sp.dma_copy s[6, 3, 0], v[7], q0.4
    sp.dma_copy s[7, 3, :], h[3, 9:10, 0:64], q0.5
    dve.tensor_copy x[32:64, 2:4, 0:16], x[64:96, 4:6, ::2]
    dve.tensor_copy x[:, :, 0], x[:, :, 31]
    dve.tensor_copy x[:, 0:2, 0:16], w
    act.tensor_copy p[:, 0:256], x[:, 0:8:1, 0:32:1]
    act.tensor_copy x[0:64], p[64:128, 0:256] + r3
)"));
  requireRoundTrip(B);
}

TEST_CASE("builder: declarations, options, labels and branches (docs/assembly.md 5 and 11)") {
  ProgramBuilder B(isa::Chip::trn2);
  auto X = B.tensor("x", DType::FP32, {128, 2048}, Role::Input);
  auto Y = B.tensor("y", DType::FP32, {128, 2048}, Role::Output);
  auto Ones = B.tensor("ones", DType::FP32, {4}, Role::Scratch, {.Fill = 1.0});
  auto Lut = B.tensor("lut", DType::INT8, {4}, Role::Scratch,
                      {.At = 0x10000, .Values = std::vector<double>{1, -1, 127, -128}});
  auto Xs = B.sbuf("xs", DType::FP32, {128, 2048});
  auto Ys = B.sbuf("ys", DType::FP32, {128, 2048});
  auto C = B.sbuf("c", DType::FP32, {32, 4}, {.Partition = 32, .At = 0x1000});
  auto Q = B.psum("q", DType::FP32, {128, 500});
  auto Sp = B.psum("s", DType::FP32, {128, 16}, {.Bank = 7});
  Sem Loaded = B.sem("loaded"), Computed = B.sem("computed", {.At = 9, .Initial = 0});
  constexpr int Tile = 512, Tiles = 4;

  auto &SP = B.sp();
  SP.li(r(1), 0);
  SP.li(r(2), Tile * Tiles);
  Label Load = B.label("load");
  B.bind(Load);
  SP.dma_copy(Xs(All, Slice(0, Tile)) + r(1), X(All, Slice(0, Tile)) + r(1), q(0, 0))
      .signal(Loaded);
  SP.addi(r(1), r(1), Tile);
  SP.blt(r(1), r(2), Load);

  auto &ACT = B.act();
  ACT.li(r(1), 0);
  ACT.li(r(2), 1);
  ACT.li(r(3), Tiles + 1);
  Label Compute = B.label("compute");
  ACT.bind(Compute);
  ACT.activation(Ys(All, Slice(0, Tile)) + r(1), Xs(All, Slice(0, Tile)) + r(1), ActFunc::Exp,
                 {.scale = 2.0})
      .wait(Loaded >= r(2))
      .signal(Computed);
  ACT.addi(r(1), r(1), Tile);
  ACT.addi(r(2), r(2), 1);
  ACT.blt(r(2), r(3), Compute);

  Label Store = B.label(); // named by the builder
  SP.li(r(1), 0);
  SP.li(r(3), 1);
  SP.li(r(4), Tiles + 1);
  SP.bind(Store);
  SP.dma_copy(Y(All, Slice(0, Tile)) + r(1), Ys(All, Slice(0, Tile)) + r(1), q(1, 0))
      .wait(Computed >= r(3));
  SP.addi(r(1), r(1), Tile);
  SP.addi(r(3), r(3), 1);
  SP.blt(r(3), r(4), Store);
  SP.dma_copy(C(0, Slice(0, 4)), Ones, q(0, 0));
  SP.dma_copy(C(1, Slice(0, 4)), Lut, q(0, 0));
  B.dve().tensor_scalar(Q, Q, AluOp::Multiply, 2.0, {.op1 = AluOp::Add, .operand1 = -1.0});
  B.dve().memset(Sp, 0.0);
  B.pool().jmp(0);

  requireSameProgram(B.finish(), assemble(R"(
.tensor x : fp32[128, 2048] input
.tensor y : fp32[128, 2048] output
.tensor ones : fp32[4] scratch = fill(1.0)
.tensor lut : int8[4] scratch at 0x10000 = [1, -1, 127, -128]
.sbuf xs : fp32[128, 2048]
.sbuf ys : fp32[128, 2048]
.sbuf c : fp32[32, 4] partition 32 at 0x1000
.psum q : fp32[128, 500]
.psum s : fp32[128, 16] bank 7
.sem loaded
.sem computed at 9
    sp.li r1, 0
    sp.li r2, 512 * 4
load:
    sp.dma_copy xs[:, 0:512] + r1, x[:, 0:512] + r1, q0.0 signal(loaded)
    sp.addi r1, r1, 512
    sp.blt r1, r2, load
    act.li r1, 0
    act.li r2, 1
    act.li r3, 5
compute:
    act.activation ys[:, 0:512] + r1, xs[:, 0:512] + r1, exp, scale=2.0 wait(loaded >= r2) signal(computed)
    act.addi r1, r1, 512
    act.addi r2, r2, 1
    act.blt r2, r3, compute
    sp.li r1, 0
    sp.li r3, 1
    sp.li r4, 5
L2:
    sp.dma_copy y[:, 0:512] + r1, ys[:, 0:512] + r1, q1.0 wait(computed >= r3)
    sp.addi r1, r1, 512
    sp.addi r3, r3, 1
    sp.blt r3, r4, L2
    sp.dma_copy c[0, 0:4], ones, q0.0
    sp.dma_copy c[1, 0:4], lut, q0.0
    dve.tensor_scalar q, q, multiply, 2.0, op1=add, operand1=-1.0
    dve.memset s, 0.0
    pool.jmp @0
)"));
  requireRoundTrip(B);
}

TEST_CASE("builder: errors at the call, with the assembler's messages") {
  ProgramBuilder B;
  auto X = B.sbuf("x", DType::FP32, {128, 64});
  auto Y = B.sbuf("y", DType::FP32, {128, 64});
  auto Cp = B.psum("cp", DType::FP32, {128, 64});
  auto T = B.tensor("t", DType::FP32, {256, 64}, Role::Input);
  Sem S0 = B.sem("s_a");
  int Line = __LINE__ + 1;
  std::string E = errorOf([&] { B.dve().matmul(Cp, X, Y); });
  CHECK(E.find("BuilderTest.cpp:" + std::to_string(Line)) != std::string::npos);
  CHECK(E.find("error: engine DVE cannot run 'matmul': it runs on PE") != std::string::npos);
  CHECK(errorOf([&] { B.dve().tensor_copy(Y, X(Slice(0, 129))); })
            .find("error: slice 0:129 of dimension 0 of 'x' is out of range; the dimension has "
                  "size 128") != std::string::npos);
  CHECK(errorOf([&] {
          B.dve().tensor_copy(Y, X(All, 64));
        }).find("index 64 is out of range for dimension 1 of 'x' (size 64)") != std::string::npos);
  CHECK(errorOf([&] {
          B.dve().tensor_copy(Y, X(All, 1, 2));
        }).find("'x' has 2 dimensions: too many indices") != std::string::npos);
  CHECK(errorOf([&] {
          B.dve().tensor_copy(Y, X(Slice(0, 128, 2)));
        }).find("partitions must be contiguous: the first index takes no step") !=
        std::string::npos);
  CHECK(errorOf([&] {
          B.sp().dma_copy(X, T, q(0, 0));
        }).find("'t' selects 256 rows; a transfer moves at most 128") != std::string::npos);
  CHECK(errorOf([&] {
          B.dve().tensor_copy(Y(Slice(16, 48)), X(Slice(0, 32)));
        }).find("an access of 32 partitions must start at partition 0, 32, 64 or 96, not 16") !=
        std::string::npos);
  CHECK(errorOf([&] {
          B.sp().dma_copy(X, T(Slice(0, 128)), q(16, 0));
        }).find("DMA queue q16.0 is out of range: engines 0 to 15, queues 0 to 15") !=
        std::string::npos);
  CHECK(errorOf([&] {
          B.sp().dma_copy(X(0, Slice(0, 64)), View(), q(0, 0));
        }).find("operand 'src' of 'dma_copy' is required; it cannot be 'none'") !=
        std::string::npos);
  CHECK(errorOf([&] {
          B.sp().li(r(64), 0);
        }).find("register r64 is out of range: registers are r0 to r63") != std::string::npos);
  CHECK(errorOf([&] { B.sp().li(r(1), int64_t(1) << 31); })
            .find("2147483648 is out of range for operand 'imm' of 'li': -2147483648 to "
                  "2147483647") != std::string::npos);
  CHECK(errorOf([&] {
          B.sp().nop().wait(S0 >= 1).wait(S0 >= 2).wait(S0 >= 3);
        }).find("an instruction waits on at most 2 conditions") != std::string::npos);
  CHECK(errorOf([&] {
          B.sp().nop().signal(S0).signal(S0);
        }).find("an instruction signals at most one semaphore") != std::string::npos);
  CHECK(errorOf([&] {
          B.sbuf("x", DType::FP32, {128, 4});
        }).find("'x' is already defined") != std::string::npos);
  CHECK(errorOf([&] {
          B.psum("big", DType::FP32, {128, 300}, {.At = 1024});
        }).find("'big' (bytes 1024 to 2223) crosses the PSUM bank boundary at 2048") !=
        std::string::npos);
  CHECK(errorOf([&] { B.sem("s3"); }).find("'s3' is how semaphores are written by number") !=
        std::string::npos);
  CHECK(errorOf([&] {
          B.sbuf("h", DType::FP32, {128, 60000});
        })
            .find("'h' needs bytes 512 to 240511 of each partition, beyond the 229376 bytes of "
                  "an SBUF partition on trn2") != std::string::npos);
}

TEST_CASE("builder: finish() verifies as trn-as does, every error at once") {
  ProgramBuilder B;
  auto X = B.sbuf("x", DType::FP32, {128, 64});
  auto Y = B.sbuf("y", DType::FP32, {128, 64});
  auto T = B.tensor("t", DType::FP32, {64}, Role::Input);
  int First = __LINE__ + 1;
  B.dve().tensor_tensor(Y(Slice(0, 4), Slice(0, 4)), X(Slice(0, 4), Slice(0, 4)),
                        X(Slice(0, 4), Slice(0, 8)), AluOp::Add);
  Label Nowhere = B.label("nowhere");
  Label OnSp = B.label("on_sp");
  B.bind(OnSp);
  B.sp().nop();
  int Second = __LINE__ + 1;
  B.dve().jmp(Nowhere);
  B.dve().jmp(OnSp);
  (void)T;
  std::string E;
  try {
    B.finish();
  } catch (const BuildError &Err) {
    E = Err.what();
    REQUIRE(Err.diagnostics().size() == 3);
    CHECK(Err.diagnostics()[0].Eng == Engine::DVE);
    CHECK(Err.diagnostics()[0].Index == 0u);
  } catch (const std::exception &) {
  }
  INFO(E);
  CHECK(E.find(std::to_string(First) + ":") != std::string::npos);
  CHECK(E.find("error: operand 'src1' of 'tensor_tensor' is [4 x 8] but 'src0' is [4 x 4]: they "
               "must have the same shape") != std::string::npos);
  CHECK(E.find("note: DVE instruction 0: dve.tensor_tensor ap(sbuf fp32, 0:4") !=
        std::string::npos);
  CHECK(E.find(std::to_string(Second) + ":") != std::string::npos);
  CHECK(E.find("branch to unknown label 'nowhere'") != std::string::npos);
  CHECK(E.find("label 'on_sp' is in the SP stream, but this branch runs on DVE") !=
        std::string::npos);
  CHECK(E.find("3 errors generated.") != std::string::npos);
}

TEST_CASE("builder: the assembler's warnings, at the declarations") {
  ProgramBuilder B;
  int Line = __LINE__ + 1;
  auto Unused = B.tensor("unused", DType::FP32, {4}, Role::Input);
  auto X = B.sbuf("x", DType::FP32, {128, 4});
  auto Other = B.sbuf("other", DType::FP32, {128, 4}, {.At = 0x100});
  Sem Ping = B.sem("ping"), Pong = B.sem("pong");
  // x is touched through a pattern written out, not by name.
  B.dve().memset(View::pattern(X(All, Slice(0, 2)).pattern()), 0.0).signal(Ping).wait(Pong >= 0);
  B.sp().nop().signal(Pong);
  B.finish();
  (void)Unused, (void)Other;
  REQUIRE(B.warnings().size() == 3);
  CHECK(B.warnings()[0].text().find("BuilderTest.cpp:" + std::to_string(Line)) !=
        std::string::npos);
  CHECK(B.warnings()[0].text().find("warning: tensor 'unused' is declared but never used") !=
        std::string::npos);
  CHECK(B.warnings()[1].Message == "allocation 'other' is declared but never used");
  CHECK(B.warnings()[2].Message == "semaphore 'ping' is signalled but never waited on");
}

TEST_CASE("builder: what only the builder can get wrong") {
  ProgramBuilder B;
  auto X = B.sbuf("x", DType::FP32, {128, 4});
  auto Msg = [](auto &&Fn) { return errorOf(Fn); };
  CHECK(Msg([&] {
          B.sbuf("2x", DType::FP32, {128, 4});
        }).find("'2x' is not a name: names are [A-Za-z_][A-Za-z0-9_]*") != std::string::npos);
  CHECK(Msg([&] {
          B.tensor("t", DType::FP32, {4}, Role::Input, {.Values = {{1, 2, 3, 4}}, .Fill = 0.0});
        }).find("give a tensor's initial data one way: values, fill or bytes") !=
        std::string::npos);
  CHECK(Msg([&] {
          B.tensor("t", DType::FP32, {4}, Role::Input, {.Bytes = {{1, 2}}});
        }).find("tensor 't' has 16 bytes: its initial bytes are 2") != std::string::npos);
  CHECK(Msg([&] {
          B.tensor("t", DType::INT8, {2}, Role::Input, {.Values = {{1, 200}}});
        }).find("initial value 200 does not fit int8") != std::string::npos);
  CHECK(Msg([&] {
          B.sbuf("s", DType::FP32, {128, 4}, {.Bank = 1});
        }).find("only a PSUM allocation is placed by bank") != std::string::npos);
  CHECK(Msg([&] {
          B.psum("p", DType::FP32, {128, 4}, {.At = 0, .Bank = 1});
        }).find("give a PSUM allocation's place one way: at or bank") != std::string::npos);
  CHECK(Msg([&] {
          B.psum("p", DType::FP32, {128, 4}, {.Bank = 8});
        }).find("PSUM bank 8 is out of range 0 to 7") != std::string::npos);
  CHECK(Msg([&] {
          B.tensor("t", DType::FP8_E4M3FN, {4}, Role::Input);
        }).find("dtype fp8_e4m3fn needs trn3 or later; this program targets trn2") !=
        std::string::npos);
  // The generic entry point: operands of the wrong kind or number.
  CHECK(Msg([&] {
          B.sp().emit("li", {Arg(X), Arg(0)}, Loc::here());
        }).find("operand 'rd' of 'li' takes a register, not a tensor") != std::string::npos);
  CHECK(Msg([&] {
          B.sp().emit("li", {Arg(r(1))}, Loc::here());
        }).find("'li' takes 2 operands; 1 were given") != std::string::npos);
  CHECK(Msg([&] { B.sp().emit("lii", {}, Loc::here()); }).find("unknown instruction 'lii'") !=
        std::string::npos);
  CHECK(Msg([&] {
          B.dve().emit("tensor_scalar",
                       {Arg(X), Arg(X), Arg::enumName("add"), Arg(), Arg(), Arg(), Arg(), Arg()},
                       Loc::here());
        }).find("operand 'operand0' of 'tensor_scalar' is required") != std::string::npos);
  CHECK(Msg([&] {
          B.pool().iota(X, 0, Steps{1, 2, 3, 4, 5});
        }).find("operand 'steps' of 'iota' takes 1 to 4 steps, not 5") != std::string::npos);
  Label L = B.label("here");
  B.bind(L);
  CHECK(Msg([&] { B.sp().bind(L); }).find("label 'here' is already placed") != std::string::npos);
  CHECK(Msg([&] { B.label("here"); }).find("'here' is already defined") != std::string::npos);
  // Found by finish(): a label with no instruction after it, a target past
  // the end of its stream.
  B.sp().jmp(5);
  std::string E = Msg([&] { B.finish(); });
  CHECK(E.find("branch target @5 is past the end of the SP stream (1 instruction)") !=
        std::string::npos);
  ProgramBuilder B2;
  B2.sp().bind(B2.label("end"));
  CHECK(Msg([&] { B2.finish(); }).find("label 'end' is not followed by an instruction") !=
        std::string::npos);
}

TEST_CASE("builder: TensorE's stationary followed through the PE stream, with a note") {
  ProgramBuilder B;
  auto W = B.sbuf("w", DType::BF16, {64, 32});
  auto V = B.sbuf("v", DType::BF16, {64, 128});
  auto Acc = B.psum("acc", DType::FP32, {32, 128});
  int Load = __LINE__ + 1;
  B.pe().load_stationary(W);
  B.pe().multiply_moving(Acc, V(Slice(0, 32)));
  std::string E = errorOf([&] { B.finish(); });
  CHECK(E.find("error: 'moving' has 32 partitions but the stationary has K = 64: the contraction "
               "runs over partitions") != std::string::npos);
  CHECK(E.find("note: the stationary [64 x 32] bf16 was loaded here (instruction 0, ") !=
        std::string::npos);
  CHECK(E.find("BuilderTest.cpp:" + std::to_string(Load)) != std::string::npos);
}

TEST_CASE("builder: fp32 operands by their bits, as fbits(...)") {
  ProgramBuilder B;
  auto X = B.sbuf("x", DType::FP32, {128, 4});
  B.dve().memset(X, fbits(0x7FC00001));
  B.act().activation(X, X, ActFunc::Exp, {.scale = fbits(0x3F800001)});
  requireSameProgram(B.finish(), assemble(R"(
.sbuf x : fp32[128, 4]
    dve.memset x, fbits(0x7FC00001)
    act.activation x, x, exp, scale=fbits(0x3F800001)
)"));
  CHECK(B.print().find("dve.memset ap(sbuf fp32, 0:128, 0x0, [1, 4]), fbits(0x7FC00001)") !=
        std::string::npos);
}
