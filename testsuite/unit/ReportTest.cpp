//===- ReportTest.cpp - the report's verdict and number formats -----------===//
//
// boundOf against docs/cli.md's rule on made-up figures (each branch and the
// edges of its thresholds), and the text and JSON forms of figures that a
// run does not easily produce: a host time of 0, exact times in ns,
// rounding of percentages and rates.
//
//===----------------------------------------------------------------------===//

#include "trn/trace/Report.h"

#include "llvm/Support/JSON.h"

#include <doctest/doctest.h>

#include <sstream>

using namespace trn;
using trace::Report;

namespace {

// A report of a 1000 ns run on trn2's figures with every engine idle.
Report idle() {
  Report R;
  R.Chip = "trn2";
  R.TotalPs = 1'000'000;
  const char *Ids[] = {"PE", "DVE", "ACT", "POOL", "SP"};
  const char *Names[] = {"PE (Tensor)", "DVE (Vector)", "ACT (Scalar)", "POOL (GpSimd)",
                         "SP (Sync)"};
  for (unsigned K = 0; K < isa::NumEngines; ++K) {
    R.Engines[K].Id = Ids[K];
    R.Engines[K].Name = Names[K];
  }
  R.HbmPeakGBps = 362.5;
  R.DmaPeakGBps = 435.2;
  return R;
}

trace::EngineReport &engine(Report &R, const char *Id) {
  for (trace::EngineReport &E : R.Engines)
    if (E.Id == Id)
      return E;
  FAIL("no engine ", Id);
  return R.Engines[0];
}

std::string json(const Report &R) {
  std::ostringstream OS;
  trace::writeReportJson(R, OS);
  return OS.str();
}

std::string text(const Report &R) {
  std::ostringstream OS;
  trace::printReport(R, OS);
  return OS.str();
}

} // namespace

TEST_CASE("boundOf: the busiest resource at half the time or more") {
  Report R = idle();
  engine(R, "PE").ActivePs = 600'000;
  R.Mfu = 0.4;
  trace::Bound B = trace::boundOf(R);
  CHECK(B.Resource == "PE");
  CHECK(B.Percent == doctest::Approx(60));
  CHECK(B.Summary == "compute-bound: PE (Tensor) busy 60.0% of the time, MFU 40.0%");

  engine(R, "ACT").ActivePs = 700'000;
  B = trace::boundOf(R);
  CHECK(B.Resource == "ACT");
  CHECK(B.Summary == "engine-bound: ACT (Scalar) busy 70.0% of the time");

  // A tie goes to the first in engine order.
  engine(R, "PE").ActivePs = 700'000;
  CHECK(trace::boundOf(R).Resource == "PE");
}

TEST_CASE("boundOf: HBM near its peak takes DMA's time; below, DMA's in-flight time counts") {
  Report R = idle();
  engine(R, "PE").ActivePs = 700'000;
  R.DmaActivePs = 990'000;
  R.HbmGBps = 0.74 * 362.5;
  trace::Bound B = trace::boundOf(R);
  CHECK(B.Resource == "dma");
  CHECK(B.Summary == "DMA-bound: a transfer in flight 99.0% of the time, HBM at 74.0% of the "
                     "core's share (268.25 of 362.50 GB/s)");
  R.HbmGBps = 0.80 * 362.5; // DMA no longer counts: HBM is busier than PE
  B = trace::boundOf(R);
  CHECK(B.Resource == "hbm");
  CHECK(B.Summary == "memory-bound: HBM at 80.0% of the core's share (290.00 of 362.50 GB/s)");
  engine(R, "PE").ActivePs = 850'000; // ... and PE busier than HBM
  CHECK(trace::boundOf(R).Resource == "PE");
}

TEST_CASE("boundOf: nothing busy half the time is latency, with the longest wait") {
  Report R = idle();
  engine(R, "DVE").ActivePs = 499'999;
  trace::StallCause C;
  C.Semaphore = 1;
  C.SemaphoreName = "pong";
  C.By.Valid = true;
  C.By.Eng = isa::Engine::ACT;
  C.By.Index = 2;
  C.Ps = 300'000;
  engine(R, "PE").Stalls.push_back(C);
  C.Ps = 350'000;
  C.By.FromDma = true;
  C.By.Eng = isa::Engine::SP;
  C.By.Queue = 17;
  engine(R, "SP").Stalls.push_back(C);
  trace::Bound B = trace::boundOf(R);
  CHECK(B.Resource == "latency");
  CHECK(B.Summary == "latency-bound: nothing is busy half the time (busiest: DVE (Vector) at "
                     "50.0%); longest wait: SP (Sync) 35.0% of the time on s1 (pong), last "
                     "signalled by DMA q1.1 (SP #2)");
  Report Empty = idle();
  Empty.TotalPs = 0;
  CHECK(trace::boundOf(Empty).Resource == "latency");
}

TEST_CASE(
    "report JSON: exact times, rounded figures, a schema version, host null when unmeasured") {
  Report R = idle();
  R.TotalPs = 5'529'135;
  engine(R, "PE").ActivePs = 853'344;
  R.HbmGBps = 165.9398802886889;
  R.Mfu = 0.15433396604230747;
  R.DmaTransfers = 12;
  R.DmaBytes = 917'504;
  R.Verdict = trace::boundOf(R);
  std::string J = json(R);
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(J);
  REQUIRE(bool(V));
  const llvm::json::Object &O = *V->getAsObject();
  CHECK(O.getInteger("schema_version") == trace::ReportSchemaVersion);
  CHECK(J.find("\"total_time_ns\": 5529.135,") != std::string::npos);
  CHECK(J.find("\"active_time_ns\": 853.344,") != std::string::npos);
  CHECK(J.find("\"active_time_percent\": 15.43,") != std::string::npos);
  CHECK(J.find("\"mfu_estimated_percent\": 15.43,") != std::string::npos);
  CHECK(J.find("\"hbm_achieved_gbps\": 165.94,") != std::string::npos);
  CHECK(J.find("\"hbm_peak_gbps\": 362.5,") != std::string::npos);
  CHECK(J.find("\"dma_average_bytes\": 76458.7,") != std::string::npos);
  CHECK(J.find("\"stalled_time_ns\": 0,") != std::string::npos);
  const llvm::json::Object *Host = O.getObject("host");
  REQUIRE(Host);
  CHECK(Host->get("seconds")->kind() == llvm::json::Value::Null);
  CHECK(Host->get("simulated_instructions_per_second")->kind() == llvm::json::Value::Null);
  CHECK(text(R).find("Host: not measured\n") != std::string::npos);

  R.HostSeconds = 0.5;
  R.Instructions = 3;
  J = json(R);
  CHECK(J.find("\"seconds\": 0.5,") != std::string::npos);
  CHECK(J.find("\"simulated_instructions_per_second\": 6,") != std::string::npos);
  CHECK(text(R).find("Host: 0.500 s, 6 simulated instructions/s") != std::string::npos);
}
