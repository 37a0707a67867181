//===- DmaModel.h - DMA engines, queues and HBM bandwidth -------*- C++ -*-===//
//
// How long transfers take when several are in flight. A transfer joins its
// queue when its trigger ends and reaches the DMA engines after a latency;
// each engine that serves some of its partitions (DmaShape) then takes its
// part through two pipelined stages:
//  - descriptors: TransferNs plus DescriptorNs per DMA buffer, one part at a
//    time per engine, whatever its queue; a queue's next part may be
//    processed while the previous one moves its data, not further ahead;
//  - data: one part at a time per engine ("each DMA engine can process one
//    DMA transfer at a time", A1), the oldest ready one whose queue's
//    earlier parts are complete (round-robin between queues, DMA), at the
//    engine's rate, the parts touching HBM held together to the core's HBM
//    share (an HBM-to-HBM part counts twice); then the completion,
//    CompletionNs, before the queue's next part may move data on that
//    engine (another queue's part may move meanwhile).
// A transfer completes when every part has, and after the earlier
// transfers of its queue. Small transfers are bound by the descriptor
// stage however many queues share the engines; large ones by bandwidth.
// docs/timing-model.md section 9 has the formulas and figures.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_DMAMODEL_H
#define TRN_EMU_DMAMODEL_H

#include "DmaShape.h"
#include "trn/isa/Isa.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace trn::emu {

// Cycles of engine E that triggering a DMA costs on Chip: the first of the
// chip's DmaTriggers that names E.
uint64_t dmaTriggerCycles(const isa::ChipDesc &Chip, isa::Engine E);

class DmaModel {
public:
  explicit DmaModel(const isa::ChipDesc &C);

  // A transfer joins Queue at NowPs (its trigger has ended).
  void enqueue(unsigned Queue, int64_t NowPs, const DmaShape &S);
  // When the model next changes (a stage ends, a latency ends, a part's
  // bytes are moved), if anything is in flight.
  std::optional<int64_t> nextEventPs() const;
  // Moves time to NowPs (no later than nextEventPs()) and returns the queues
  // whose oldest transfer completed, one entry per transfer, by queue.
  std::vector<unsigned> advance(int64_t NowPs);
  bool idle() const { return Transfers.empty(); }
  // The HBM traffic now, in bytes per picosecond.
  double hbmBytesPerPs() const;

private:
  enum class Stage : uint8_t { Waiting, Descriptors, Ready, Moving, Completing };
  struct Part {
    uint64_t Transfer = 0;    // its transfer's number, in enqueue order
    int64_t EligiblePs = 0;   // the latency ends
    int64_t DescriptorPs = 0; // the descriptor stage's duration
    int64_t StageEndPs = 0;
    int64_t ReadyPs = 0;  // its descriptors ended
    double Remaining = 0; // bytes
    double Rate = 0;      // bytes per picosecond while Moving
    Stage St = Stage::Waiting;
  };
  struct TransferState {
    unsigned Queue;
    unsigned Parts; // not yet complete
    unsigned HbmSides;
    double RateShare;
  };
  const isa::ChipDesc &Chip;
  double EngineRate; // bytes/ps of one DMA engine
  double HbmRate;    // bytes/ps of the core's HBM share
  int64_t LatencyPs; // trigger to engines
  int64_t CompletionPs;
  int64_t NowPs = 0;
  uint64_t NextTransfer = 0;
  // A lane is one engine's parts of one queue's transfers, in order.
  std::map<std::pair<unsigned, unsigned>, std::deque<Part>> Lanes; // by (engine, queue)
  std::vector<bool> DescriptorBusy, DataBusy;                      // by engine
  std::map<uint64_t, TransferState> Transfers;
  std::map<unsigned, std::deque<uint64_t>> QueueOrder; // transfers by queue, oldest first
  std::vector<unsigned> Done;                          // completed since the last advance()

  void progress(int64_t To);
  // Applies every stage change due at NowPs.
  void settle();
  void rebalance();
};

} // namespace trn::emu

#endif
