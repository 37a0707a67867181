//===- Background.cpp - a trace's formatting on a second thread -----------===//

#include "Background.h"

namespace trn::trace {

BackgroundFormatter::BackgroundFormatter(TraceSink &Sink) : Sink(Sink) {
  for (auto &B : Ring)
    B = std::make_unique<char[]>(BatchBytes);
  Worker = std::thread([this] { run(); });
}

BackgroundFormatter::~BackgroundFormatter() {
  try {
    finish();
  } catch (...) {
    // Reported by finish() when the owner calls it; a destructor stays
    // silent (the run is being unwound already).
  }
}

void BackgroundFormatter::handOff() {
  bool WasIdle;
  {
    std::unique_lock<std::mutex> L(M);
    Sizes[Filled % Batches] = Used;
    WasIdle = Formatted == Filled;
    ++Filled;
    // The next batch to fill must have been formatted.
    Changed.wait(L, [&] { return Filled - Formatted < Batches; });
  }
  Used = 0;
  if (WasIdle)
    Changed.notify_all();
}

void BackgroundFormatter::formatBatch(const char *P, const char *End) {
  auto Take = [&](auto &Out) {
    std::memcpy(&Out, P, sizeof Out);
    P += sizeof Out;
  };
  auto Varint = [&] {
    uint64_t V = 0;
    for (unsigned Shift = 0;; Shift += 7) {
      uint8_t Byte = static_cast<uint8_t>(*P++);
      V |= uint64_t(Byte & 0x7F) << Shift;
      if (!(Byte & 0x80))
        return V;
    }
  };
  while (P < End) {
    uint8_t First = static_cast<uint8_t>(*P++);
    switch (static_cast<Tag>(First & 0xF)) {
    case Tag::QuickInstr: {
      auto Eng = static_cast<isa::Engine>(First >> 4);
      Stream &S = Decoder[First >> 4];
      auto Index = static_cast<uint32_t>(Varint());
      int64_t Start = S.LastEndPs + static_cast<int64_t>(Varint());
      int64_t End = Start + static_cast<int64_t>(Varint());
      uint64_t Cycles = Varint();
      // IssuePs is not kept (no trace prints it): the start stands for it.
      emu::InstrEvent Ev{Eng, Index, instrAt(S.Code, Index), Start, Start, End, 0, Cycles, -1, {}};
      S.LastEndPs = End;
      Sink.formatInstr(Ev);
      break;
    }
    case Tag::Instr: {
      emu::InstrEvent Ev;
      Take(Ev);
      Decoder[static_cast<unsigned>(Ev.Eng)] = {codeOf(Ev), Ev.EndPs};
      Sink.formatInstr(Ev);
      break;
    }
    case Tag::Code: {
      CodeOf C;
      Take(C);
      Decoder[static_cast<unsigned>(C.Eng)].Code = C.Code;
      break;
    }
    case Tag::Dma: {
      emu::DmaEvent Ev;
      Take(Ev);
      Sink.formatDma(Ev);
      break;
    }
    case Tag::Hbm: {
      Hbm H;
      Take(H);
      Sink.formatHbm(H.Ps, H.GBps);
      break;
    }
    case Tag::Issue: {
      Issue Is;
      Take(Is);
      Sink.formatIssue(Is.Eng, Is.Sems, Is.N);
      break;
    }
    case Tag::Arrival: {
      Arrival A;
      Take(A);
      Sink.formatArrival(A.Ev, A.Ps);
      break;
    }
    case Tag::Access: {
      Access A;
      Take(A);
      emu::ByteRun Span{A.First, A.Last};
      emu::AccessEvent Ev{static_cast<isa::Engine>(A.Flags & 0xF),
                          A.Index,
                          nullptr,
                          (A.Flags & 0x10) != 0,
                          A.Queue,
                          0,
                          (A.Flags & 0x20) != 0,
                          {(A.Flags & 0x40) ? isa::MemSpace::PSUM : isa::MemSpace::SBUF,
                           A.PartStart, A.Partitions, &Span, 1, false},
                          A.Ps};
      Sink.formatAccess(Ev);
      break;
    }
    }
  }
}

void BackgroundFormatter::run() {
  for (;;) {
    uint64_t Next;
    size_t Size;
    {
      std::unique_lock<std::mutex> L(M);
      Changed.wait(L, [&] { return Formatted < Filled || Stop; });
      if (Formatted == Filled)
        return;
      Next = Formatted;
      Size = Sizes[Next % Batches];
    }
    // Batch Next belongs to this thread until Formatted passes it.
    if (!Failed) {
      try {
        const char *B = Ring[Next % Batches].get();
        formatBatch(B, B + Size);
      } catch (...) {
        Failed = std::current_exception();
      }
    }
    bool WasFull;
    {
      std::lock_guard<std::mutex> L(M);
      WasFull = Filled - Formatted == Batches;
      ++Formatted;
    }
    if (WasFull)
      Changed.notify_all();
  }
}

void BackgroundFormatter::finish() {
  if (!Worker.joinable())
    return;
  if (Used)
    handOff();
  {
    std::lock_guard<std::mutex> L(M);
    Stop = true;
  }
  Changed.notify_all();
  Worker.join();
  if (Failed)
    std::rethrow_exception(std::exchange(Failed, nullptr));
}

} // namespace trn::trace
