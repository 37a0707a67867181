// y = 2 * exp(x) + 1 for x of [128, 1024], in two column tiles: a program
// built with trn::build::ProgramBuilder, printed as assembly, written as an
// object, and run on the emulator against the host's arithmetic.
//
//   trn-builder-example DIR   writes DIR/kernel.s and DIR/kernel.o
#include "trn/build/ProgramBuilder.h"
#include "trn/emu/Emulator.h"
#include "trn/object/ObjectFile.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <iostream>
#include <vector>

using namespace trn::build;

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: trn-builder-example DIR\n";
    return 2;
  }
  std::string Dir = argv[1];
  constexpr int Rows = 128, Cols = 1024, Tile = 512;

  ProgramBuilder B(trn::isa::Chip::trn2);
  Declared X = B.tensor("x", DType::FP32, {Rows, Cols}, Role::Input);
  Declared Y = B.tensor("y", DType::FP32, {Rows, Cols}, Role::Output);
  Declared Xs = B.sbuf("xs", DType::FP32, {Rows, Cols});
  Declared Ys = B.sbuf("ys", DType::FP32, {Rows, Cols});
  Sem Loaded = B.sem("loaded"), Computed = B.sem("computed");
  for (int T = 0; T < Cols / Tile; ++T) {
    Slice Part(T * Tile, (T + 1) * Tile); // columns of tile T
    B.sp().dma_copy(Xs(All, Part), X(All, Part), q(T, 0)).signal(Loaded);
    B.act().activation(Ys(All, Part), Xs(All, Part), ActFunc::Exp).wait(Loaded >= T + 1);
    B.act()
        .tensor_scalar(Ys(All, Part), Ys(All, Part), AluOp::Multiply, 2.0,
                       {.op1 = AluOp::Add, .operand1 = 1.0})
        .signal(Computed);
    B.sp().dma_copy(Y(All, Part), Ys(All, Part), q(T, 1)).wait(Computed >= T + 1);
  }

  trn::object::Program P;
  std::string Text;
  try {
    P = B.finish(); // verified as trn-as verifies
    Text = B.print();
  } catch (const BuildError &E) {
    std::cerr << E.what(); // file:line:col: error: ... naming the builder call
    return 1;
  }
  // The object as trn-as makes it from the text: the same bytes.
  ProgramBuilder::useLineTableOfText(P, Text, "kernel.s");
  std::ofstream(Dir + "/kernel.s") << Text;
  std::vector<uint8_t> Obj = trn::object::writeObject(P);
  std::ofstream(Dir + "/kernel.o", std::ios::binary)
      .write(reinterpret_cast<const char *>(Obj.data()), static_cast<std::streamsize>(Obj.size()));

  // Run it and compare with the host.
  std::vector<float> In(size_t(Rows) * Cols);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = static_cast<float>(I % 97) / 97.0f - 0.5f;
  trn::emu::Emulator E(P);
  std::vector<uint8_t> Bytes(In.size() * 4);
  std::memcpy(Bytes.data(), In.data(), Bytes.size());
  if (auto Err = E.setTensor("x", Bytes)) {
    std::cerr << *Err << "\n";
    return 1;
  }
  trn::emu::RunResult R = E.run({});
  if (!R.ok()) {
    std::cerr << "the run faulted\n";
    return 1;
  }
  std::vector<uint8_t> OutBytes = E.tensor("y");
  std::vector<float> Out(In.size());
  std::memcpy(Out.data(), OutBytes.data(), OutBytes.size());
  double MaxRel = 0;
  for (size_t I = 0; I < In.size(); ++I) {
    double Want = 2.0 * std::exp(double(In[I])) + 1.0;
    MaxRel = std::max(MaxRel, std::abs(Out[I] - Want) / Want);
  }
  std::cout << (MaxRel < 1e-5 ? "ok" : "MISMATCH") << ": " << P.stream(trn::isa::Engine::ACT).size()
            << " ACT instructions, max relative error " << MaxRel << "\n";
  return MaxRel < 1e-5 ? 0 : 1;
}
