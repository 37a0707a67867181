// Assemble a kernel from a string, bind its input, run it, read its output.
// docs/api.md, "Assemble and run".
#include "trn/asm/Assembler.h"
#include "trn/emu/Emulator.h"

#include <cstdint>
#include <cstring>
#include <iostream>
#include <sstream>
#include <vector>

// y = 2x + 1 on a 4 x 8 fp32 tensor: DMA x into SBUF, compute on the
// Activation engine, DMA the result out. Semaphores order the three.
const char *Kernel = R"(
.tensor x : fp32[4, 8] input
.tensor y : fp32[4, 8] output
.sbuf xs : fp32[4, 8]
.sbuf ys : fp32[4, 8]
.sem loaded
.sem computed
    sp.dma_copy xs, x, q0.0 signal(loaded)
    act.tensor_scalar ys, xs, multiply, 2.0, op1=add, operand1=1.0 wait(loaded >= 1) signal(computed)
    sp.dma_copy y, ys, q0.1 wait(computed >= 1)
)";

int main() {
  // Assemble. Diagnostics (file:line:col: error: ...) go to any std::ostream.
  trn::assembler::Options Opts;
  Opts.Chip = trn::isa::Chip::trn2;
  std::ostringstream Diag;
  trn::assembler::Result A = trn::assembler::assembleText("scale.s", Kernel, Opts, Diag);
  if (!A.Program) {
    std::cerr << Diag.str() << A.Errors << " errors\n";
    return 1;
  }

  // Bind the input: a tensor's bytes are its elements, row-major,
  // little-endian.
  trn::emu::Emulator E(std::move(*A.Program));
  std::vector<float> X(32);
  for (unsigned I = 0; I < X.size(); ++I)
    X[I] = 0.5f * static_cast<float>(I);
  std::vector<uint8_t> Bytes(X.size() * sizeof(float));
  std::memcpy(Bytes.data(), X.data(), Bytes.size());
  if (auto Err = E.setTensor("x", Bytes)) {
    std::cerr << *Err << "\n";
    return 1;
  }

  // Run: reads of never-written on-chip memory are errors (Strict).
  trn::emu::RunOptions Run;
  Run.Strict = true;
  trn::emu::RunResult R = E.run(Run);
  if (!R.ok()) {
    std::cerr << R.Error->Message << "\n";
    return 1;
  }
  for (const std::string &W : R.Warnings)
    std::cerr << W << "\n";

  // Read the output.
  std::vector<uint8_t> Out = E.tensor("y");
  std::vector<float> Y(Out.size() / sizeof(float));
  std::memcpy(Y.data(), Out.data(), Out.size());
  std::cout << "ran " << R.Instructions << " instructions in " << R.Cycles << " cycles on "
            << E.chip().Name << "\n";
  std::cout << "y[0..4] =";
  for (unsigned I = 0; I < 5; ++I)
    std::cout << " " << Y[I];
  std::cout << "\ny[31] = " << Y[31] << "\n";
  return 0;
}
