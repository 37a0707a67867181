//===- Background.h - a trace's formatting on a second thread ---*- C++ -*-===//
//
// A trace formats one record per executed instruction: on control-bound
// code that is more work than emulating the instruction. The observer's
// callback only appends the event, packed, to a batch; a second thread
// formats batches in the order they were filled while the emulator goes on
// with the next one (docs/architecture.md, section 9). The bytes written
// are those a synchronous trace writes, in the same order.
//
// Records are packed because the batch crosses from one core to the
// other: an instruction that did not wait travels as a tag and four
// varints (its index, its start after the engine's last end, its duration
// and cycles; usually 5 bytes) rather than the 96 of an InstrEvent.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TRACE_BACKGROUND_H
#define TRN_TRACE_BACKGROUND_H

#include "trn/emu/Observer.h"

#include <condition_variable>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>

namespace trn::trace {

// What a trace is told, as the formatting thread gets it back.
class TraceSink {
public:
  virtual ~TraceSink() = default;
  virtual void formatInstr(const emu::InstrEvent &Ev) = 0;
  virtual void formatDma(const emu::DmaEvent &Ev) = 0;
  virtual void formatHbm(int64_t Ps, double GBps) = 0;
  // An instruction that waited on semaphores Sems[0, N) issued (before
  // its formatInstr).
  virtual void formatIssue(isa::Engine Eng, const uint8_t *Sems, unsigned N) {
    (void)Eng;
    (void)Sems;
    (void)N;
  }
  // A signal reached its semaphore at Ps.
  virtual void formatArrival(const emu::SignalEvent &Ev, int64_t Ps) {
    (void)Ev;
    (void)Ps;
  }
  // An on-chip access, its footprint reduced to one run: its span, from
  // its first byte to its last.
  virtual void formatAccess(const emu::AccessEvent &Ev) { (void)Ev; }
};

class BackgroundFormatter {
public:
  // Sink's format* are called on the second thread, in order.
  explicit BackgroundFormatter(TraceSink &Sink);
  ~BackgroundFormatter();
  BackgroundFormatter(const BackgroundFormatter &) = delete;
  BackgroundFormatter &operator=(const BackgroundFormatter &) = delete;

  void instructionDone(const emu::InstrEvent &Ev) {
    unsigned Eng = static_cast<unsigned>(Ev.Eng);
    Stream &S = Encoder[Eng];
    uintptr_t Code = codeOf(Ev);
    if (Ev.WaitedPs != 0 || Ev.StartPs < S.LastEndPs || Ev.EndPs < Ev.StartPs) {
      append(Tag::Instr, Ev);
    } else {
      if (S.Code != Code)
        append(Tag::Code, CodeOf{Ev.Eng, Code});
      if (Used + MaxQuickBytes > BatchBytes)
        handOff();
      char *P = Ring[Filled % Batches].get() + Used;
      *P++ = static_cast<char>(static_cast<unsigned>(Tag::QuickInstr) | Eng << 4);
      P = putVarint(P, Ev.Index);
      P = putVarint(P, static_cast<uint64_t>(Ev.StartPs - S.LastEndPs));
      P = putVarint(P, static_cast<uint64_t>(Ev.EndPs - Ev.StartPs));
      P = putVarint(P, Ev.Cycles);
      Used = static_cast<size_t>(P - Ring[Filled % Batches].get());
    }
    S.Code = Code;
    S.LastEndPs = Ev.EndPs;
  }
  void dmaDone(const emu::DmaEvent &Ev) { append(Tag::Dma, Ev); }
  void hbmBandwidth(int64_t Ps, double GBps) { append(Tag::Hbm, Hbm{Ps, GBps}); }
  void issued(const emu::IssueEvent &Ev) {
    Issue Is{Ev.Eng, 0, {}};
    for (unsigned K = 0; K < Ev.NumWaits && K < MaxIssueWaits; ++K)
      Is.Sems[Is.N++] = Ev.Waits[K].Sem;
    append(Tag::Issue, Is);
  }
  void signalArrived(const emu::SignalEvent &Ev, int64_t Ps) {
    append(Tag::Arrival, Arrival{Ev, Ps});
  }
  // SBUF and PSUM accesses only.
  void accessed(const emu::AccessEvent &Ev) {
    const emu::Footprint &F = Ev.F;
    if ((F.Space != isa::MemSpace::SBUF && F.Space != isa::MemSpace::PSUM) || F.NumRuns == 0)
      return;
    // Packed (on chip: 128 partitions, offsets within one below 4 GiB).
    append(Tag::Access,
           Access{Ev.Index, static_cast<uint32_t>(F.Runs[0].First),
                  static_cast<uint32_t>(F.Runs[F.NumRuns - 1].Last), Ev.Ps,
                  static_cast<uint8_t>(static_cast<unsigned>(Ev.Eng) | unsigned(Ev.Dma) << 4 |
                                       unsigned(Ev.Write) << 5 |
                                       unsigned(F.Space == isa::MemSpace::PSUM) << 6),
                  static_cast<uint8_t>(Ev.Queue), static_cast<uint8_t>(F.PartStart),
                  static_cast<uint8_t>(F.Partitions)});
  }
  // Returns when every record appended has been formatted and the thread
  // has stopped; rethrows what the sink threw, if anything.
  void finish();

private:
  // The low four bits; a QuickInstr has its engine in the high four.
  enum class Tag : uint8_t { QuickInstr, Instr, Code, Dma, Hbm, Issue, Arrival, Access };
  // Per engine, what a quick record is relative to: its stream's first
  // instruction and the end of its last instruction (kept the same way by
  // the encoder and the decoder).
  struct Stream {
    uintptr_t Code = 0; // the address of instruction 0 of its stream
    int64_t LastEndPs = 0;
  };
  struct CodeOf {
    isa::Engine Eng;
    uintptr_t Code;
  };
  // As an address (an instruction's index may be past what Ev.I points
  // into when a caller's event is not from a stream).
  static uintptr_t codeOf(const emu::InstrEvent &Ev) {
    return reinterpret_cast<uintptr_t>(Ev.I) - uintptr_t(Ev.Index) * sizeof(isa::Instr);
  }
  static const isa::Instr *instrAt(uintptr_t Code, uint32_t Index) {
    return reinterpret_cast<const isa::Instr *>(Code + uintptr_t(Index) * sizeof(isa::Instr));
  }
  static constexpr size_t MaxQuickBytes = 1 + 4 * 10;
  static char *putVarint(char *P, uint64_t V) {
    while (V >= 0x80) {
      *P++ = static_cast<char>(V | 0x80);
      V >>= 7;
    }
    *P++ = static_cast<char>(V);
    return P;
  }
  struct Hbm {
    int64_t Ps;
    double GBps;
  };
  static constexpr unsigned MaxIssueWaits = isa::MaxWaits + 1; // sem_wait's own
  struct Issue {
    isa::Engine Eng;
    uint8_t N;
    uint8_t Sems[MaxIssueWaits];
  };
  struct Arrival {
    emu::SignalEvent Ev;
    int64_t Ps;
  };
  struct Access {
    uint32_t Index, First, Last;
    int64_t Ps;
    uint8_t Flags; // the engine (bits 0-3), Dma (4), Write (5), PSUM (6)
    uint8_t Queue, PartStart, Partitions;
  };
  // Batches of 256 KiB, handed over (a lock and a wake-up) rarely, in a
  // ring of eight: a batch is filled again long after the other core read
  // it, when it is no longer in that core's cache (writing lines another
  // core holds stalls each store; measured, it cost more than formatting).
  static constexpr size_t BatchBytes = 256 * 1024, Batches = 8;

  template <class T> void append(Tag K, const T &Payload) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (Used + 1 + sizeof(T) > BatchBytes)
      handOff();
    char *P = Ring[Filled % Batches].get() + Used;
    *P = static_cast<char>(K);
    std::memcpy(P + 1, &Payload, sizeof(T));
    Used += 1 + sizeof(T);
  }
  void handOff();
  void run();
  void formatBatch(const char *P, const char *End);

  // Set once: read by both threads.
  TraceSink &Sink;
  std::unique_ptr<char[]> Ring[Batches];
  // The emulator's thread alone, then the formatting thread alone, each on
  // its own cache lines: sharing one, the two threads' writes to it on
  // every record cost more than the formatting (measured).
  alignas(64) Stream Encoder[isa::NumEngines];
  size_t Used = 0; // of the batch being filled
  alignas(64) Stream Decoder[isa::NumEngines];
  // Under M.
  alignas(64) size_t Sizes[Batches] = {};
  // Batches handed over, and formatted (under M); the one being filled is
  // Ring[Filled % Batches], the next to format Ring[Formatted % Batches].
  uint64_t Filled = 0, Formatted = 0;
  std::mutex M;
  std::condition_variable Changed;
  bool Stop = false;
  std::exception_ptr Failed;
  std::thread Worker;
};

} // namespace trn::trace

#endif
