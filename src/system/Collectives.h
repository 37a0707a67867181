//===- Collectives.h - all_reduce and the rest, between cores ----*- C++ -*-===//
//
// The system's collective engine (docs/multicore.md, "Collectives"): it
// pairs the cores' collective instructions (the Nth of every core; a
// sendrecv with its peer's), checks that they agree, computes the result
// in the documented order, times the algorithm's transfers slice by slice
// over the Network, and answers each core with its dst and signal as a
// timestamped message.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_SYSTEM_COLLECTIVES_H
#define TRN_SYSTEM_COLLECTIVES_H

#include "Machine.h"
#include "Network.h"

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace trn::emu {

class CollectiveEngine {
public:
  CollectiveEngine(Network &Net, unsigned Cores, int64_t SignalPs,
                   std::function<std::string(unsigned)> CoreName);

  // Takes the joins of a window; appends the answers of every collective
  // now complete to Out. An error (a mismatch) is returned, and ends the run.
  std::optional<std::string> take(std::vector<CollectiveJoin> &Joins,
                                  std::vector<CoreMessage> &Out);
  // At the end of a run: what some core joined and another never did.
  std::optional<std::string> unfinished() const;

  uint64_t collectives() const { return Done; }
  uint64_t transfers() const { return Transfers; }

private:
  struct Group { // the Nth group collective
    std::vector<std::optional<CollectiveJoin>> Parts;
    unsigned Joined = 0;
  };
  struct Pair { // one sendrecv's two halves
    CollectiveJoin J;
    int64_t SendDonePs = -1, RecvDonePs = -1;
    std::vector<uint8_t> Received;
  };
  std::optional<std::string> joinGroup(CollectiveJoin J, std::vector<CoreMessage> &Out);
  std::optional<std::string> joinPair(CollectiveJoin J, std::vector<CoreMessage> &Out);
  void runGroup(uint64_t Index, Group &G, std::vector<CoreMessage> &Out);
  void answer(CollectiveJoin &J, int64_t DonePs, std::vector<uint8_t> Data,
              std::vector<CoreMessage> &Out);
  std::string describe(const CollectiveJoin &J) const;

  Network &Net;
  unsigned Cores;
  int64_t SignalPs;
  std::function<std::string(unsigned)> CoreName;
  std::vector<uint64_t> NextGroup;          // per core: its next group collective's number
  std::map<uint64_t, Group> Groups;         // joined by some, not all
  std::vector<std::unique_ptr<Pair>> Pairs; // sendrecvs not yet answered
  // Per (from, to): the sends and the receives waiting for their other half.
  std::map<std::pair<unsigned, unsigned>, std::deque<Pair *>> Sends, Recvs;
  uint64_t Done = 0, Transfers = 0, Answers = 0;
};

} // namespace trn::emu

#endif
