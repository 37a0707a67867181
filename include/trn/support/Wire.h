//===- trn/support/Wire.h - values as bytes between processes ---*- C++ -*-===//
//
// What the ranks of a run over MPI send each other (docs/mpi.md): plain
// values, byte strings and strings appended to a buffer, read back in the
// same order.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_SUPPORT_WIRE_H
#define TRN_SUPPORT_WIRE_H

#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace trn {

// Bytes in host order: every rank of a run is the same program on the
// same kind of host (mpirun checks nothing of this; docs/mpi.md says so).
class WireWriter {
public:
  template <class T> void pod(const T &V) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto *P = reinterpret_cast<const uint8_t *>(&V);
    Bytes.insert(Bytes.end(), P, P + sizeof(T));
  }
  void bytes(std::span<const uint8_t> B) {
    pod<uint64_t>(B.size());
    Bytes.insert(Bytes.end(), B.begin(), B.end());
  }
  void str(const std::string &S) {
    bytes(std::span(reinterpret_cast<const uint8_t *>(S.data()), S.size()));
  }
  void reserve(uint64_t N) { Bytes.reserve(Bytes.size() + N); }
  std::vector<uint8_t> take() { return std::move(Bytes); }

private:
  std::vector<uint8_t> Bytes;
};

// Reads what a WireWriter wrote; a short or malformed buffer is a
// std::runtime_error (a rank out of step with the others).
class WireReader {
public:
  explicit WireReader(std::span<const uint8_t> B) : B(B) {}
  template <class T> T pod() {
    static_assert(std::is_trivially_copyable_v<T>);
    need(sizeof(T));
    T V;
    std::memcpy(&V, B.data() + At, sizeof(T));
    At += sizeof(T);
    return V;
  }
  std::vector<uint8_t> bytes() {
    uint64_t N = pod<uint64_t>();
    need(N);
    std::vector<uint8_t> V(B.begin() + At, B.begin() + At + N);
    At += N;
    return V;
  }
  std::string str() {
    std::vector<uint8_t> V = bytes();
    return std::string(V.begin(), V.end());
  }
  bool done() const { return At == B.size(); }

private:
  void need(uint64_t N) const {
    if (N > B.size() - At)
      throw std::runtime_error("a message between ranks ends early: the ranks are out of step");
  }
  std::span<const uint8_t> B;
  size_t At = 0;
};

} // namespace trn

#endif
