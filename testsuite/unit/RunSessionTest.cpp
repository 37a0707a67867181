//===- RunSessionTest.cpp - what trn-emu and Python do around a run -------===//
//
// trn/run: names resolved with one set of messages, unbound inputs found or
// randomised (the same values however they are set), the observers a
// request asks for, and AtomicStream's whole-or-nothing file.
//
//===----------------------------------------------------------------------===//

#include "trn/asm/Assembler.h"
#include "trn/emu/Check.h"
#include "trn/object/AtomicStream.h"
#include "trn/run/Inputs.h"
#include "trn/run/Observers.h"
#include "trn/run/Regions.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace trn;

namespace {

object::Program assembleProgram(const std::string &Text) {
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText("run.s", Text, {}, OS);
  REQUIRE_MESSAGE(R.Program, OS.str());
  return std::move(*R.Program);
}

const char *Copy = ".tensor x : fp32[4, 8] input\n"
                   ".tensor y : fp32[4, 8] input\n"
                   ".tensor o : fp32[4, 8] output\n"
                   ".sbuf x_s : fp32[4, 8]\n"
                   ".psum p : fp32[4, 8]\n"
                   ".sem loaded\n"
                   "sp.dma_copy x_s, x, q0.0 signal(loaded)\n"
                   "sp.dma_copy o, x_s, q0.1 wait(loaded >= 1)\n";

std::string slurp(const std::filesystem::path &Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(In), {});
}

} // namespace

TEST_CASE("run regions: tensors and allocations by name, one set of messages") {
  object::Program P = assembleProgram(Copy);
  auto X = run::findRegion(P, "x_s");
  REQUIRE(std::holds_alternative<run::Region>(X));
  CHECK(std::get<run::Region>(X).OnChip);
  CHECK(std::get<run::Region>(X).Bytes == 4 * 8 * 4);
  CHECK(std::get<std::string>(run::findRegion(P, "q")) ==
        "the program declares no tensor or allocation 'q' (it has: x, y, o, x_s, p)");
  CHECK(std::get<std::string>(run::findTensor(P, "p")) ==
        "'p' is an allocation in PSUM, not an HBM tensor");
  CHECK(std::get<std::string>(run::findTensor(P, "q")) ==
        "the program declares no tensor 'q' (it has: x, y, o)");
  CHECK(std::get<const object::Tensor *>(run::findTensor(P, "o"))->Name == "o");
  std::vector<std::string> Dumped;
  for (const run::Region &R : run::faultDumpRegions(P))
    Dumped.push_back(R.Name);
  CHECK(Dumped == std::vector<std::string>{"o", "x_s", "p"});
}

TEST_CASE("run inputs: the unbound ones, randomised as randomTensor would") {
  emu::Emulator E(assembleProgram(Copy));
  const object::Program &P = E.program();
  CHECK(run::firstUnboundInput(P, {})->Name == "x");
  CHECK(run::firstUnboundInput(P, {"x"})->Name == "y");
  CHECK(run::firstUnboundInput(P, {"x", "y"}) == nullptr);
  REQUIRE_FALSE(run::randomizeUnboundInputs(E, {"y"}, 7));
  // x gets the first draws of the seed; y, given, is untouched (zero).
  std::mt19937_64 Rng(7);
  CHECK(E.tensor("x") == emu::randomTensor(*P.findTensor("x"), Rng));
  CHECK(E.tensor("y") == std::vector<uint8_t>(4 * 8 * 4, 0));
}

TEST_CASE("run observers: what the request asks for, the trace file whole at finish") {
  namespace fs = std::filesystem;
  fs::path Dir = fs::temp_directory_path() / ("trn-run-test-" + std::to_string(getpid()));
  fs::remove_all(Dir);
  fs::create_directories(Dir);
  emu::Emulator E(assembleProgram(Copy));
  REQUIRE_FALSE(run::randomizeUnboundInputs(E, {}, 1));
  std::ostringstream Text;
  run::ObserverRequest Want;
  Want.Races = run::RaceCheck::Warn;
  Want.Report = true;
  Want.TextTrace = &Text;
  Want.TracePath = (Dir / "t.json").string();
  auto O = run::Observers::attach(E, Want);
  REQUIRE(std::holds_alternative<std::unique_ptr<run::Observers>>(O));
  run::Observers &Obs = *std::get<std::unique_ptr<run::Observers>>(O);
  CHECK(Obs.races() != nullptr);
  CHECK(Obs.reporter() != nullptr);
  REQUIRE(E.run({}).ok());
  CHECK_FALSE(fs::exists(Dir / "t.json")); // not before finish
  REQUIRE_FALSE(Obs.finish());
  std::string Trace = slurp(Dir / "t.json");
  CHECK(Trace.rfind("{\"displayTimeUnit\"", 0) == 0);
  CHECK(Text.str().find("dma_copy") != std::string::npos);
  CHECK(std::distance(fs::directory_iterator(Dir), fs::directory_iterator()) == 1);

  // A trace file that cannot be created: a message naming it, nothing attached.
  emu::Emulator F(assembleProgram(Copy));
  Want.TracePath = (Dir / "missing" / "t.json").string();
  auto Bad = run::Observers::attach(F, Want);
  REQUIRE(std::holds_alternative<std::string>(Bad));
  CHECK(std::get<std::string>(Bad).find("missing/t.json': ") != std::string::npos);
  CHECK_FALSE(run::parseRaceCheck("sometimes"));
  CHECK(run::parseRaceCheck("off") == run::RaceCheck::Off);
  fs::remove_all(Dir);
}

TEST_CASE("AtomicStream: the file appears whole at commit, or not at all") {
  namespace fs = std::filesystem;
  fs::path Dir = fs::temp_directory_path() / ("trn-stream-test-" + std::to_string(getpid()));
  fs::remove_all(Dir);
  fs::create_directories(Dir);
  std::string Path = (Dir / "out.txt").string();
  {
    std::ofstream(Path) << "old";
    auto S = object::AtomicStream::create(Path);
    REQUIRE(std::holds_alternative<std::unique_ptr<object::AtomicStream>>(S));
    auto &Stream = *std::get<std::unique_ptr<object::AtomicStream>>(S);
    // More than the stream's buffer, so that some is written before commit.
    std::string Big(3 << 20, 'x');
    Stream.stream() << Big << "end";
    CHECK(slurp(Path) == "old");
    REQUIRE_FALSE(Stream.commit());
    CHECK(slurp(Path) == Big + "end");
  }
  {
    auto S = object::AtomicStream::create(Path);
    std::get<std::unique_ptr<object::AtomicStream>>(S)->stream() << "abandoned";
  } // destroyed uncommitted: the file is as it was, no temporary left
  CHECK(slurp(Path).size() == (3u << 20) + 3);
  CHECK(std::distance(fs::directory_iterator(Dir), fs::directory_iterator()) == 1);
  fs::remove_all(Dir);
}
