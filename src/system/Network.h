//===- Network.h - the links between the cores of a system -------*- C++ -*-===//
//
// Where a system's bytes travel between cores (docs/multicore.md, "Links"):
// between two cores of a chip, over the sending core's on-chip DMA port;
// between chips, over NeuronLink links of the instance's 2D or 3D torus,
// routed X then Y then Z, the shorter way round each, or up one chip's
// port to a switch and down the other's (a switched fabric). A message
// occupies every link of its route for bytes / its slowest link's
// bandwidth from the time all of them are free (links are taken first
// come, first served in the order messages are sent), and arrives after
// that plus the DMA's fixed cost and a delay per hop.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_SYSTEM_NETWORK_H
#define TRN_SYSTEM_NETWORK_H

#include "trn/emu/System.h"
#include "trn/isa/Isa.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trn::emu {

struct LinkFigures {
  std::string Name; // "chip 0 -> chip 1 (+x)", "core 3 on-chip"
  uint64_t Bytes = 0, Messages = 0;
  int64_t BusyPs = 0;
  uint32_t MBps = 0;
  std::vector<LinkBusy> Busy; // when recorded
};

class Network {
public:
  Network(const isa::ChipDesc &Chip, unsigned CoresPerChip, unsigned Chips,
          const isa::InstanceDesc *Instance);

  unsigned chipOf(unsigned Core) const { return Core / CoresPerChip; }
  // Links a message from core A to core B crosses (0: the same chip).
  unsigned hops(unsigned A, unsigned B) const;
  // Bytes from core A to core B, ready to go at ReadyPs: reserves the
  // route's links and returns when the bytes are written at B.
  int64_t send(unsigned A, unsigned B, uint64_t Bytes, int64_t ReadyPs);
  // The delay beyond its bytes of a message from A to B.
  int64_t delayPs(unsigned A, unsigned B) const;
  // Every core once, each next to the one before over one hop or on-chip
  // (the ring collectives run on): the chips in a snake over the torus's
  // rows, whose last chip is one hop from the first (a 3D torus: a snake
  // over each XY plane, every other plane backwards, so that each plane
  // starts one Z hop from where the one before ended; behind a switch: in
  // order), each chip's cores in order.
  const std::vector<unsigned> &ring() const { return Ring; }
  // Keep each transfer's interval on each link (for a trace).
  void record(bool On) { Record = On; }
  // The links that carried something, in a fixed order.
  std::vector<LinkFigures> figures() const;

private:
  struct Link {
    LinkFigures F;
    int64_t FreePs = 0;
  };
  std::vector<unsigned> route(unsigned A, unsigned B) const; // link indices
  unsigned chipAt(unsigned X, unsigned Y, unsigned Z) const {
    return (Z * TorusY + Y) * TorusX + X;
  }
  unsigned CoresPerChip, Chips, TorusX = 1, TorusY = 1, TorusZ = 1, LinksPerChip = 4;
  int64_t FixedPs, HopPs = 0;
  bool Record = false;
  bool Switched = false;
  // Per core its on-chip port, then per chip +x, -x, +y, -y, and +z, -z
  // when TorusZ > 1 (a switch: up, down).
  std::vector<Link> Links;
  std::vector<unsigned> Ring;
};

} // namespace trn::emu

#endif
