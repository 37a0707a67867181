//===- Mpi.cpp - the System's peers over MPI ------------------------------===//
//
// What the system needs: MPI_Allgatherv of bytes (small: times, faults,
// each after an exchange of the sizes), and a gather to rank 0 and a
// scatter from it of any size, as point-to-point messages. MPI's default error handler ends every
// rank on an error, and mpirun ends them all when one dies, so no rank waits forever.
//
//===----------------------------------------------------------------------===//

#include "trn/mpi/Mpi.h"

#include "trn/support/Wire.h"

#include <fmt/format.h>
// The C interface only: the deprecated C++ bindings need their own library.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace trn::mpi {

namespace {

int count(uint64_t Bytes) {
  if (Bytes > uint64_t(INT_MAX))
    throw std::runtime_error(
        fmt::format("{} bytes in one message between ranks: MPI counts them in an int", Bytes));
  return static_cast<int>(Bytes);
}

// Offsets of each part and the whole size, from the parts' sizes.
std::pair<std::vector<int>, std::vector<int>> layout(const std::vector<uint64_t> &Sizes) {
  std::vector<int> Counts, Displs;
  uint64_t At = 0;
  for (uint64_t S : Sizes) {
    Counts.push_back(count(S));
    Displs.push_back(count(At));
    At += S;
  }
  count(At);
  return {Counts, Displs};
}

std::vector<std::vector<uint8_t>> split(const std::vector<uint8_t> &All,
                                        const std::vector<uint64_t> &Sizes) {
  std::vector<std::vector<uint8_t>> Parts;
  uint64_t At = 0;
  for (uint64_t S : Sizes) {
    Parts.emplace_back(All.begin() + At, All.begin() + At + S);
    At += S;
  }
  return Parts;
}

class MpiPeers final : public emu::SystemPeers {
public:
  MpiPeers() {
    int R = 0, N = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &R);
    MPI_Comm_size(MPI_COMM_WORLD, &N);
    Rank = static_cast<unsigned>(R);
    Ranks = static_cast<unsigned>(N);
  }
  unsigned rank() const override { return Rank; }
  unsigned ranks() const override { return Ranks; }

  std::vector<std::vector<uint8_t>> allGather(std::vector<uint8_t> Mine) override {
    uint64_t Size = Mine.size();
    std::vector<uint64_t> Sizes(Ranks);
    MPI_Allgather(&Size, 1, MPI_UINT64_T, Sizes.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD);
    auto [Counts, Displs] = layout(Sizes);
    std::vector<uint8_t> All(uint64_t(Displs.back()) + Sizes.back());
    MPI_Allgatherv(Mine.data(), count(Size), MPI_BYTE, All.data(), Counts.data(), Displs.data(),
                   MPI_BYTE, MPI_COMM_WORLD);
    return split(All, Sizes);
  }

  // Gather and scatter carry a window's payloads (a collective's results
  // can be GiBs): point to point, in pieces MPI's int counts can hold.
  std::vector<std::vector<uint8_t>> gather(std::vector<uint8_t> Mine) override {
    if (Rank != 0) {
      send(Mine, 0);
      return {};
    }
    std::vector<std::vector<uint8_t>> All(Ranks);
    All[0] = std::move(Mine);
    for (unsigned R = 1; R < Ranks; ++R)
      All[R] = receive(R);
    return All;
  }

  std::vector<uint8_t> scatter(std::vector<std::vector<uint8_t>> PerRank) override {
    if (Rank != 0)
      return receive(0);
    if (PerRank.size() != Ranks)
      throw std::logic_error("scatter needs a part per rank");
    for (unsigned R = 1; R < Ranks; ++R) {
      send(PerRank[R], R);
      std::vector<uint8_t>().swap(PerRank[R]);
    }
    return std::move(PerRank[0]);
  }

private:
  static constexpr uint64_t Piece = 1ull << 30;
  void send(const std::vector<uint8_t> &Bytes, unsigned To) {
    uint64_t Size = Bytes.size();
    MPI_Send(&Size, 1, MPI_UINT64_T, static_cast<int>(To), 0, MPI_COMM_WORLD);
    for (uint64_t At = 0; At < Size; At += Piece)
      MPI_Send(Bytes.data() + At, count(std::min(Piece, Size - At)), MPI_BYTE, static_cast<int>(To),
               0, MPI_COMM_WORLD);
  }
  std::vector<uint8_t> receive(unsigned From) {
    uint64_t Size = 0;
    MPI_Recv(&Size, 1, MPI_UINT64_T, static_cast<int>(From), 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    std::vector<uint8_t> Bytes(Size);
    for (uint64_t At = 0; At < Size; At += Piece)
      MPI_Recv(Bytes.data() + At, count(std::min(Piece, Size - At)), MPI_BYTE,
               static_cast<int>(From), 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return Bytes;
  }

  unsigned Rank = 0, Ranks = 1;
};

} // namespace

bool MpiSession::launchedByMpirun() {
  for (const char *Var : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(Var))
      return true;
  return false;
}

MpiSession::MpiSession(int &Argc, char **&Argv) {
  if (!launchedByMpirun())
    return;
  MPI_Init(&Argc, &Argv);
  Peers = std::make_unique<MpiPeers>();
}

MpiSession::~MpiSession() {
  if (Peers && !Finished)
    MPI_Finalize();
}

unsigned MpiSession::rank() const { return Peers ? Peers->rank() : 0; }

std::optional<unsigned> MpiSession::firstDifferent(const std::string &Text) {
  WireWriter W;
  W.str(Text);
  std::vector<std::vector<uint8_t>> All = Peers->allGather(W.take());
  for (unsigned R = 1; R < All.size(); ++R)
    if (All[R] != All[0])
      return R;
  return std::nullopt;
}

void MpiSession::quietUnlessRoot() {
  if (rank() == 0)
    return;
  std::fflush(stdout);
  std::fflush(stderr);
  Stderr = ::dup(2);
  int Null = ::open("/dev/null", O_WRONLY);
  if (Null >= 0) {
    ::dup2(Null, 1);
    ::dup2(Null, 2);
    ::close(Null);
  }
}

int MpiSession::finish(int Code) {
  if (!Peers || Finished)
    return Code;
  int Root = Code;
  MPI_Bcast(&Root, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  Finished = true;
  return Root;
}

void MpiSession::abort(const std::string &Message, int Code) {
  std::string Line = fmt::format("trn-emu: rank {}: {}\n", rank(), Message);
  (void)!::write(Stderr, Line.data(), Line.size());
  MPI_Abort(MPI_COMM_WORLD, Code);
  std::_Exit(Code);
}

} // namespace trn::mpi
