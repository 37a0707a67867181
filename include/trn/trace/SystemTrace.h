//===- trn/trace/SystemTrace.h - one trace of a system of cores --*- C++ -*-===//
//
// A run on several cores (trn/emu/System.h) writes one trace: each core's
// observers write their own records as their core runs, and the file holds
// them core after core. CoreStreams gives core 0 the file itself and every
// other core a temporary file, appended in core order when the run ends, so
// memory stays bounded as with one core, and the file is the same on every
// run whatever order the cores ran in.
//
// In the Chrome trace each core is a process, "chip C core L" (core K of
// the system is core L = K % coresPerChip of chip C = K / coresPerChip),
// sorted by core; its threads are the engines and DMA queues, as with one
// core. An arrow from a signal another core sent starts on that core's
// process (trn/trace/Trace.h, ChromeTraceOptions::FirstPid).
//
//   trace::CoreStreams Streams(Cores, File, "]}");
//   Opts = trace::systemTraceOptions(K, Cores, CoresPerChip);   // core K
//   ... new ChromeTrace(S.core(K), Streams.stream(K), Opts) ...; run
//   Streams.finish();
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TRACE_SYSTEMTRACE_H
#define TRN_TRACE_SYSTEMTRACE_H

#include "trn/emu/System.h"
#include "trn/trace/Trace.h"

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <variant>
#include <vector>

namespace trn::trace {

class CoreStreams {
public:
  // Streams for Cores cores whose text becomes Out's, then Tail; a message
  // if a temporary file cannot be made.
  static std::variant<std::unique_ptr<CoreStreams>, std::string>
  create(unsigned Cores, std::ostream &Out, std::string Tail);
  ~CoreStreams();
  CoreStreams(const CoreStreams &) = delete;
  CoreStreams &operator=(const CoreStreams &) = delete;

  std::ostream &stream(unsigned K);
  // What goes before the tail, after every core's text (the links' tracks).
  void setBeforeTail(std::string Text) { BeforeTail = std::move(Text); }
  // Over MPI ranks (docs/mpi.md): core K's text (K > 0), flushed, taken out
  // of the streams to send to rank 0; and on rank 0, another rank's core
  // K's text put in its place.
  std::optional<std::string> takeText(unsigned K, std::string &Text);
  std::optional<std::string> putText(unsigned K, const std::string &Text);
  // After every core's observers finished (flushed): the other cores' text
  // after core 0's, then the tail; the temporary files are removed.
  std::optional<std::string> finish();

private:
  CoreStreams(std::ostream &Out, std::string Tail);
  struct Part;
  std::ostream &Out;
  std::string Tail, BeforeTail;
  std::vector<std::unique_ptr<Part>> Parts; // cores 1 to N - 1
};

// The Chrome trace's records of a system's links: one process ("links",
// after the cores, Pid) with a thread per link and a slice per transfer.
std::string linkTrackEvents(const std::vector<emu::LinkReport> &Links, int Pid);

// Core K's place in the Chrome trace of a system of Cores cores.
ChromeTraceOptions systemTraceOptions(unsigned K, unsigned Cores, unsigned CoresPerChip);

// "chip C core L" (and " (core K)" beyond the first chip).
std::string coreName(unsigned K, unsigned CoresPerChip);

} // namespace trn::trace

#endif
