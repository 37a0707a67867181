//===- SystemTrace.cpp - one trace of a system of cores -------------------===//

#include "trn/trace/SystemTrace.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

namespace trn::trace {

struct CoreStreams::Part {
  std::string Path;
  std::fstream File;
  ~Part() {
    if (File.is_open())
      File.close();
    if (!Path.empty())
      llvm::sys::fs::remove(Path);
  }
};

CoreStreams::CoreStreams(std::ostream &Out, std::string Tail) : Out(Out), Tail(std::move(Tail)) {}
CoreStreams::~CoreStreams() = default;

std::variant<std::unique_ptr<CoreStreams>, std::string>
CoreStreams::create(unsigned Cores, std::ostream &Out, std::string Tail) {
  std::unique_ptr<CoreStreams> S(new CoreStreams(Out, std::move(Tail)));
  for (unsigned K = 1; K < Cores; ++K) {
    auto P = std::make_unique<Part>();
    llvm::SmallString<128> Path;
    if (std::error_code EC = llvm::sys::fs::createTemporaryFile("trn-emu-core", "part", Path))
      return fmt::format("cannot create a temporary file for core {}'s trace: {}", K, EC.message());
    P->Path = std::string(Path);
    P->File.open(P->Path, std::ios::in | std::ios::out | std::ios::binary | std::ios::trunc);
    if (!P->File)
      return fmt::format("cannot open '{}' for core {}'s trace", P->Path, K);
    S->Parts.push_back(std::move(P));
  }
  return S;
}

std::ostream &CoreStreams::stream(unsigned K) { return K == 0 ? Out : Parts[K - 1]->File; }

std::optional<std::string> CoreStreams::takeText(unsigned K, std::string &Text) {
  std::fstream &F = Parts[K - 1]->File;
  F.flush();
  if (!F)
    return fmt::format("cannot write '{}' (core {}'s trace)", Parts[K - 1]->Path, K);
  F.seekg(0);
  std::ostringstream OS;
  if (F.peek() != std::char_traits<char>::eof())
    OS << F.rdbuf();
  Text = OS.str();
  F.close();
  F.open(Parts[K - 1]->Path, std::ios::in | std::ios::out | std::ios::binary | std::ios::trunc);
  return std::nullopt;
}

std::optional<std::string> CoreStreams::putText(unsigned K, const std::string &Text) {
  std::fstream &F = Parts[K - 1]->File;
  F.write(Text.data(), static_cast<std::streamsize>(Text.size()));
  if (!F)
    return fmt::format("cannot write '{}' (core {}'s trace)", Parts[K - 1]->Path, K);
  return std::nullopt;
}

std::optional<std::string> CoreStreams::finish() {
  Out.flush();
  for (size_t K = 0; K < Parts.size(); ++K) {
    std::fstream &F = Parts[K]->File;
    F.flush();
    if (!F)
      return fmt::format("cannot write '{}' (core {}'s trace)", Parts[K]->Path, K + 1);
    F.seekg(0);
    if (F.peek() != std::char_traits<char>::eof())
      Out << F.rdbuf();
    F.clear();
  }
  Parts.clear();
  Out << BeforeTail << Tail;
  Out.flush();
  return std::nullopt;
}

std::string coreName(unsigned K, unsigned CoresPerChip) {
  unsigned Chip = K / CoresPerChip, Local = K % CoresPerChip;
  return Chip == 0 ? fmt::format("chip 0 core {}", Local)
                   : fmt::format("chip {} core {} (core {})", Chip, Local, K);
}

ChromeTraceOptions systemTraceOptions(unsigned K, unsigned Cores, unsigned CoresPerChip) {
  ChromeTraceOptions O;
  O.Pid = K + 1;
  O.FirstPid = 1;
  O.ProcessName = coreName(K, CoresPerChip);
  O.ProcessSortIndex = static_cast<int>(K);
  O.First = K == 0;
  O.Last = false; // CoreStreams' tail closes the file
  O.FlowStride = Cores;
  O.FlowOffset = K;
  return O;
}

std::string linkTrackEvents(const std::vector<emu::LinkReport> &Links, int Pid) {
  // Microseconds with the picoseconds kept, as the cores' records have them.
  auto Us = [](int64_t Ps) { return fmt::format("{}.{:06}", Ps / 1000000, Ps % 1000000); };
  std::string Out = fmt::format(
      ",{{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":{0},\"tid\":0,\"args\":{{\"name\":"
      "\"links\"}}}},{{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":{0},\"tid\":0,"
      "\"args\":{{\"sort_index\":{0}}}}}",
      Pid);
  for (size_t L = 0; L < Links.size(); ++L) {
    Out += fmt::format(",{{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":{},\"tid\":{},"
                       "\"args\":{{\"name\":\"{} ({} GB/s)\"}}}}",
                       Pid, L, Links[L].Name, Links[L].MBps / 1000.0);
    for (const emu::LinkBusy &B : Links[L].Busy)
      Out += fmt::format(",{{\"name\":\"transfer\",\"ph\":\"X\",\"pid\":{},\"tid\":{},\"ts\":{},"
                         "\"dur\":{},\"args\":{{\"bytes\":{}}}}}",
                         Pid, L, Us(B.StartPs), Us(B.EndPs - B.StartPs), B.Bytes);
  }
  return Out;
}

} // namespace trn::trace
