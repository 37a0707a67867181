//===- trn/mpi/Mpi.h - a run spread over MPI ranks --------------*- C++ -*-===//
//
// `mpirun -np N trn-emu --system ...` (docs/mpi.md): each rank runs whole
// chips of the system, rank 0 also the links and the collectives, and
// only rank 0 prints and writes files. MpiSession starts MPI when the
// process was launched by mpirun (its environment says so) and is
// inactive otherwise, so that a plain run never touches MPI; its peers
// are the System's (trn/emu/System.h).
//
//   trn::mpi::MpiSession Mpi(argc, argv);
//   if (Mpi.active()) ... emu::System S(P, Shape, Max, &Mpi.peers());
//   return Mpi.finish(Code);                    // rank 0's code, every rank
//
//===----------------------------------------------------------------------===//
#ifndef TRN_MPI_MPI_H
#define TRN_MPI_MPI_H

#include "trn/emu/System.h"

#include <memory>
#include <optional>
#include <string>

namespace trn::mpi {

class MpiSession {
public:
  // Initialises MPI if mpirun launched this process.
  MpiSession(int &Argc, char **&Argv);
  ~MpiSession();
  MpiSession(const MpiSession &) = delete;
  MpiSession &operator=(const MpiSession &) = delete;

  bool active() const { return Peers != nullptr; }
  unsigned rank() const;
  emu::SystemPeers &peers() { return *Peers; }
  // The first rank whose Text differs from rank 0's (its command line).
  std::optional<unsigned> firstDifferent(const std::string &Text);
  // Ranks but 0 print nothing from now on (their standard output and
  // error go to /dev/null; abort's message still reaches the terminal).
  void quietUnlessRoot();
  // Ends MPI; returns rank 0's Code on every rank.
  int finish(int Code);
  // A rank that cannot go on alone: Message on standard error, and every
  // rank ends (MPI_Abort).
  [[noreturn]] void abort(const std::string &Message, int Code);

  // Whether mpirun (Open MPI, or a PMI launcher) started this process.
  static bool launchedByMpirun();

private:
  std::unique_ptr<emu::SystemPeers> Peers;
  bool Finished = false;
  int Stderr = 2; // where abort writes
};

} // namespace trn::mpi

#endif
