//===- Network.cpp - links, routes and their time -------------------------===//

#include "Network.h"

#include <fmt/format.h>

#include <algorithm>

namespace trn::emu {

namespace {
enum Dir : unsigned { PlusX, MinusX, PlusY, MinusY, PlusZ, MinusZ };
const char *const DirName[] = {"+x", "-x", "+y", "-y", "+z", "-z"};
} // namespace

Network::Network(const isa::ChipDesc &Chip, unsigned PerChip, unsigned NumChips,
                 const isa::InstanceDesc *Instance)
    : CoresPerChip(PerChip), Chips(NumChips), FixedPs(int64_t(Chip.DmaFixedNs) * 1000) {
  // A core's on-chip port: its share of the chip's DMA bandwidth to HBM,
  // as its own transfers have (docs/timing-model.md).
  auto PortMBps = static_cast<uint32_t>(uint64_t(Chip.HbmChipGBps) * 1000 / Chip.CoresPerChip);
  for (unsigned K = 0; K < Chips * CoresPerChip; ++K)
    Links.push_back({{fmt::format("core {} on-chip", K), 0, 0, 0, PortMBps, {}}, 0});
  if (Instance) {
    TorusX = Instance->TorusX;
    TorusY = Instance->TorusY;
    TorusZ = Instance->TorusZ;
    LinksPerChip = TorusZ > 1 ? 6 : 4;
    Switched = Instance->Switched;
    HopPs = int64_t(Instance->HopNs) * 1000;
    if (Switched)
      for (unsigned C = 0; C < Chips; ++C)
        for (const char *Way : {"chip {} -> switch", "switch -> chip {}"})
          Links.push_back(
              {{fmt::format(fmt::runtime(Way), C), 0, 0, 0, Instance->LinkMBps, {}}, 0});
    for (unsigned C = 0; C < Chips && !Switched; ++C)
      for (unsigned D = 0; D < LinksPerChip; ++D) {
        unsigned X = C % TorusX, Y = C / TorusX % TorusY, Z = C / (TorusX * TorusY);
        switch (D) {
        case PlusX:
          X = (X + 1) % TorusX;
          break;
        case MinusX:
          X = (X + TorusX - 1) % TorusX;
          break;
        case PlusY:
          Y = (Y + 1) % TorusY;
          break;
        case MinusY:
          Y = (Y + TorusY - 1) % TorusY;
          break;
        case PlusZ:
          Z = (Z + 1) % TorusZ;
          break;
        default:
          Z = (Z + TorusZ - 1) % TorusZ;
          break;
        }
        unsigned To = chipAt(X, Y, Z);
        Links.push_back({{fmt::format("chip {} -> chip {} ({})", C, To, DirName[D]),
                          0,
                          0,
                          0,
                          D >= PlusZ ? Instance->ZLinkMBps : Instance->LinkMBps,
                          {}},
                         0});
      }
  }
  // The ring: in each XY plane, rows of the torus left to right, then right
  // to left, ...; an even number of rows ends in column 0, one hop (Y wrap)
  // from the plane's first chip. Planes alternate direction: plane z + 1
  // runs plane z's snake backwards, so it starts one Z hop from where plane
  // z ended; an even number of planes ends in plane TorusZ - 1 at the first
  // chip's (x, y), one hop (Z wrap) from it.
  std::vector<unsigned> Snake;
  for (unsigned Y = 0; Y < TorusY; ++Y)
    for (unsigned I = 0; I < TorusX; ++I)
      Snake.push_back(Y * TorusX + (Y % 2 ? TorusX - 1 - I : I));
  for (unsigned Z = 0; Z < TorusZ; ++Z)
    for (unsigned I = 0; I < Snake.size(); ++I) {
      unsigned C = Z * TorusX * TorusY + Snake[Z % 2 ? Snake.size() - 1 - I : I];
      if (C < Chips)
        for (unsigned K = 0; K < CoresPerChip; ++K)
          Ring.push_back(C * CoresPerChip + K);
    }
}

std::vector<unsigned> Network::route(unsigned A, unsigned B) const {
  unsigned CA = chipOf(A), CB = chipOf(B);
  if (CA == CB)
    return {A};
  std::vector<unsigned> Path;
  unsigned Base = Chips * CoresPerChip;
  if (Switched) // up one chip's port, down the other's
    return {Base + CA * 2, Base + CB * 2 + 1};
  unsigned X = CA % TorusX, Y = CA / TorusX % TorusY, Z = CA / (TorusX * TorusY);
  unsigned BX = CB % TorusX, BY = CB / TorusX % TorusY, BZ = CB / (TorusX * TorusY);
  auto Step = [&](unsigned &Pos, unsigned Target, unsigned Size, Dir Plus, Dir Minus) {
    while (Pos != Target) {
      unsigned Fwd = (Target + Size - Pos) % Size;
      bool Up = Fwd <= Size - Fwd;
      Path.push_back(Base + chipAt(X, Y, Z) * LinksPerChip + (Up ? Plus : Minus));
      Pos = Up ? (Pos + 1) % Size : (Pos + Size - 1) % Size;
    }
  };
  Step(X, BX, TorusX, PlusX, MinusX);
  Step(Y, BY, TorusY, PlusY, MinusY);
  Step(Z, BZ, TorusZ, PlusZ, MinusZ);
  return Path;
}

unsigned Network::hops(unsigned A, unsigned B) const {
  return chipOf(A) == chipOf(B) ? 0 : static_cast<unsigned>(route(A, B).size());
}

int64_t Network::delayPs(unsigned A, unsigned B) const { return FixedPs + hops(A, B) * HopPs; }

int64_t Network::send(unsigned A, unsigned B, uint64_t Bytes, int64_t ReadyPs) {
  std::vector<unsigned> Path = route(A, B);
  int64_t Start = ReadyPs;
  uint32_t MBps = UINT32_MAX;
  for (unsigned L : Path) {
    Start = std::max(Start, Links[L].FreePs);
    MBps = std::min(MBps, Links[L].F.MBps);
  }
  // bytes x 10^6 / (MB/s) = picoseconds.
  auto TxPs =
      static_cast<int64_t>((static_cast<unsigned __int128>(Bytes) * 1000000 + MBps - 1) / MBps);
  for (unsigned L : Path) {
    Links[L].FreePs = Start + TxPs;
    Links[L].F.Bytes += Bytes;
    Links[L].F.BusyPs += TxPs;
    ++Links[L].F.Messages;
    if (Record)
      Links[L].F.Busy.push_back({Start, Start + TxPs, Bytes});
  }
  int64_t Hops = chipOf(A) == chipOf(B) ? 0 : static_cast<int64_t>(Path.size());
  return Start + TxPs + FixedPs + Hops * HopPs;
}

std::vector<LinkFigures> Network::figures() const {
  std::vector<LinkFigures> Out;
  for (const Link &L : Links)
    if (L.F.Messages)
      Out.push_back(L.F);
  return Out;
}

} // namespace trn::emu
