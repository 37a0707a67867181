// A compiler's test harness: assemble once to an object file, load it, bind
// inputs from .npy files, write outputs as .npy and compare them with a
// reference as trn-emu --check does. docs/api.md, "Objects, .npy files and
// checks".
#include "trn/asm/Assembler.h"
#include "trn/emu/Check.h"
#include "trn/emu/Emulator.h"
#include "trn/npy/Npy.h"
#include "trn/object/ObjectFile.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

const char *Kernel = R"(
.tensor x : fp32[4, 8] input
.tensor y : bf16[4, 8] output
.sbuf xs : fp32[4, 8]
.sbuf ys : bf16[4, 8]
.sem loaded
.sem computed
    sp.dma_copy xs, x, q0.0 signal(loaded)
    act.tensor_scalar ys, xs, multiply, 2.0, op1=add, operand1=1.0 wait(loaded >= 1) signal(computed)
    sp.dma_copy y, ys, q0.1 wait(computed >= 1)
)";

std::vector<uint8_t> readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  return {std::istreambuf_iterator<char>(In), std::istreambuf_iterator<char>()};
}

int fail(const std::string &Message) {
  std::cerr << "error: " << Message << "\n";
  return 1;
}

int main() {
  // Assemble and write the object file (what trn-as does).
  std::ostringstream Diag;
  trn::assembler::Result A = trn::assembler::assembleText("scale.s", Kernel, {}, Diag);
  if (!A.Program)
    return fail(Diag.str());
  if (auto Err = trn::object::writeFileAtomically("scale.o", trn::object::writeObject(*A.Program)))
    return fail(*Err);

  // Load it again: every field is checked, a bad file gives a message.
  auto Loaded = trn::object::readObject(readFile("scale.o"));
  if (auto *Err = std::get_if<std::string>(&Loaded))
    return fail(*Err);
  trn::object::Program P = std::get<trn::object::Program>(std::move(Loaded));
  for (const trn::object::Tensor &T : P.Tensors)
    std::cout << "tensor " << T.Name << ": " << trn::isa::dtype(T.Type).Name << " "
              << trn::npy::shapeText(T.Shape) << " " << trn::object::roleName(T.Role) << "\n";

  // An input as a .npy file (NumPy's np.save writes the same).
  trn::npy::Array X;
  X.Descr = "<f4";
  X.Shape = {4, 8};
  for (int I = 0; I < 32; ++I) {
    float V = 0.25f * static_cast<float>(I) - 1.0f;
    const auto *B = reinterpret_cast<const uint8_t *>(&V);
    X.Data.insert(X.Data.end(), B, B + sizeof V);
  }
  std::vector<uint8_t> XFile = trn::npy::serialize(X);
  std::ofstream("x.npy", std::ios::binary)
      .write(reinterpret_cast<const char *>(XFile.data()),
             static_cast<std::streamsize>(XFile.size()));

  // Bind it: parse, convert to the tensor's dtype and shape, set.
  trn::emu::Emulator E(std::move(P));
  const trn::object::Tensor &XT = *E.program().findTensor("x");
  auto Parsed = trn::npy::parse(readFile("x.npy"));
  if (auto *Err = std::get_if<std::string>(&Parsed))
    return fail("x.npy: " + *Err);
  auto XBytes = trn::npy::toTensor(std::get<trn::npy::Array>(Parsed), XT.Type, XT.Shape);
  if (auto *Err = std::get_if<std::string>(&XBytes))
    return fail("x.npy: " + *Err);
  if (auto Err = E.setTensor("x", std::get<std::vector<uint8_t>>(XBytes)))
    return fail(*Err);

  trn::emu::RunResult R = E.run({});
  if (!R.ok())
    return fail(R.Error->Message);

  // Write the output as .npy (bf16 as its raw bits, '<u2': docs/npy.md).
  const trn::object::Tensor &YT = *E.program().findTensor("y");
  trn::npy::Array Y = trn::npy::fromTensor(E.tensor("y"), YT.Type, YT.Shape);
  std::cout << "y.npy: " << Y.Descr << " " << trn::npy::shapeText(Y.Shape) << "\n";

  // Compare with a float64 reference, as numpy.allclose does.
  trn::npy::Array Ref;
  Ref.Descr = "<f8";
  Ref.Shape = {4, 8};
  for (int I = 0; I < 32; ++I) {
    double V = 2.0 * (0.25 * I - 1.0) + 1.0;
    const auto *B = reinterpret_cast<const uint8_t *>(&V);
    Ref.Data.insert(Ref.Data.end(), B, B + sizeof V);
  }
  auto Checked = trn::emu::compare(YT, E.tensor("y"), Ref, /*RTol=*/1e-2, /*ATol=*/1e-3);
  if (auto *Err = std::get_if<std::string>(&Checked))
    return fail(*Err);
  const trn::emu::CheckResult &C = std::get<trn::emu::CheckResult>(Checked);
  std::cout << "check y: " << (C.ok() ? "ok" : "MISMATCH") << ", " << C.Elements
            << " elements, max abs error " << C.MaxAbsError << "\n";
  return C.ok() ? 0 : 1;
}
