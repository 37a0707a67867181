//===- DmaModel.h - DMA engines, queues and HBM bandwidth -------*- C++ -*-===//
//
// How long transfers take when several are in flight. A transfer joins its
// queue when its trigger ends and reaches the DMA engines after a latency;
// each engine that serves some of its partitions (DmaShape) then takes its
// part through four stages, each overlapping the others:
//  - fetch (QueueNs): one part at a time per queue and engine, the next
//    fetched while the previous one is processed;
//  - processing (TransferNs + DescriptorNs per DMA buffer): one part at a
//    time per engine, whatever its queue, at most one ahead of its queue's
//    data on that engine;
//  - data: one part at a time per engine ("each DMA engine can process one
//    DMA transfer at a time", A1), the oldest processed one whose queue's
//    earlier parts are complete (round-robin between queues, DMA), at the
//    engine's rate, the parts touching HBM held together to the core's HBM
//    share (an HBM-to-HBM part counts twice);
//  - completion (CompletionNs, the semaphore write), before the queue's next
//    part may move data on that engine (another queue's part may meanwhile).
// A transfer completes when every part has, and after the earlier
// transfers of its queue. One queue is bound by its fetches, many by the
// engines' processing: small transfers stay overhead-bound however they
// are issued; large ones are bound by bandwidth. docs/timing-model.md
// section 9 has the formulas and figures.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_DMAMODEL_H
#define TRN_EMU_DMAMODEL_H

#include "DmaShape.h"
#include "FifoVector.h"
#include "trn/isa/Isa.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
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
  // When the model next changes (a stage or the latency ends, a part's
  // bytes are moved), if anything is in flight.
  std::optional<int64_t> nextEventPs() const;
  // Moves time to NowPs (no later than nextEventPs()) and returns the queues
  // whose oldest transfer completed, one entry per transfer, by queue.
  std::vector<unsigned> advance(int64_t NowPs);
  bool idle() const { return Transfers.empty(); }
  // The HBM traffic now, in bytes per picosecond.
  double hbmBytesPerPs() const;

private:
  enum class Stage : uint8_t {
    Waiting,    // the latency, or the queue's previous part
    Fetching,   // the queue's fetch
    Fetched,    // for the engine's processing
    Processing, // the engine's processing
    Ready,      // for the engine's data path
    Moving,     // bytes
    Completing  // the semaphore write
  };
  struct Part {
    uint64_t Transfer = 0;  // its transfer's number, in enqueue order
    int64_t EligiblePs = 0; // the latency ends
    int64_t ProcessPs = 0;  // the processing stage's duration
    int64_t StageEndPs = 0; // Fetching, Processing, Completing: when it ends
    int64_t QueuedPs = 0;   // Fetched, Ready: since when
    double Remaining = 0;   // bytes
    double Rate = 0;        // bytes per picosecond while Moving
    Stage St = Stage::Waiting;
  };
  struct TransferState {
    unsigned Queue;
    unsigned Parts; // not yet complete
    unsigned HbmSides;
    double RateShare;
    bool Complete = false;
  };
  const isa::ChipDesc &Chip;
  double EngineRate; // bytes/ps of one DMA engine
  double HbmRate;    // bytes/ps of the core's HBM share
  int64_t LatencyPs; // trigger to engines
  int64_t FetchPs, CompletionPs;
  int64_t NowPs = 0;
  uint64_t NextTransfer = 0;
  // A lane is one engine's parts of one queue's transfers, in order. Only
  // its first four or so parts are ever past Waiting.
  struct Lane {
    unsigned Engine, Queue;
    FifoVector<Part> Parts;
  };
  // Those with parts, by (engine, queue): a sorted vector, walked several
  // times per change of the model (a map's walk was a fifth of a
  // DMA-bound run), in the order the stages are decided in.
  std::vector<Lane> Lanes;
  std::vector<bool> Processing, Moving; // by engine: busy
  // Transfers FirstTransfer.. by number; completed ones leave the front.
  std::deque<TransferState> Transfers;
  uint64_t FirstTransfer = 0;
  std::map<unsigned, std::deque<uint64_t>> QueueOrder; // transfers by queue, oldest first
  std::vector<unsigned> Done;                          // completed since the last advance()

  void progress(int64_t To);
  // Applies every stage change due at NowPs.
  void settle();
  bool endStages();
  bool startStages();
  void rebalance();
  TransferState &transfer(uint64_t Id) { return Transfers[Id - FirstTransfer]; }
  const TransferState &transfer(uint64_t Id) const { return Transfers[Id - FirstTransfer]; }
  FifoVector<Part> &lane(unsigned Engine, unsigned Queue);
};

} // namespace trn::emu

#endif
