//===- TraceOutput.h - fast, exact text for the traces ----------*- C++ -*-===//
//
// The traces write one record per executed instruction, so their output
// must cost little: records are written in place into a buffer that goes to
// the stream in large blocks, and numbers are formatted without printf.
// Each function names the formatting whose characters it writes (or, for
// putDecimal, whose value).
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TRACE_TRACEOUTPUT_H
#define TRN_TRACE_TRACEOUTPUT_H

#include <cstdint>
#include <cstring>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace trn::trace {

// The most any put* below writes for a number.
constexpr size_t MaxNumberBytes = 32;

// Text appended here reaches OS in blocks of about 64 KiB (each flushed
// through the stream's own buffer), and all of it once flush() is called (the observers flush when
// the run finishes). A record is written in place: reserve() gives room for its longest form, the
// put* functions below write at a pointer and return the end, and commit() takes the end.
class OutputBuffer {
public:
  explicit OutputBuffer(std::ostream &OS);
  ~OutputBuffer();
  OutputBuffer(const OutputBuffer &) = delete;
  OutputBuffer &operator=(const OutputBuffer &) = delete;

  char *reserve(size_t Bytes) {
    if (Cap - Len < Bytes)
      makeRoom(Bytes);
    return Data.get() + Len;
  }
  void commit(const char *End) { Len = static_cast<size_t>(End - Data.get()); }
  OutputBuffer &operator<<(std::string_view S);
  // After each record: hands a full block to the stream.
  void recordDone() {
    if (Len >= BlockBytes)
      flush();
  }
  void flush();

  // Where text already written can be found again (to copy it rather than
  // format the same number twice): valid until the buffer is next flushed.
  struct Mark {
    uint64_t Flushes = ~uint64_t(0);
    size_t Offset = 0;
    size_t Len = 0;
  };
  Mark mark(const char *From, const char *To) const {
    return {Flushes, static_cast<size_t>(From - Data.get()), static_cast<size_t>(To - From)};
  }
  // Copies M's text to P (a fixed-size copy: MaxNumberBytes reserved at P)
  // and returns the end, or null if the text is gone.
  char *copyMarked(char *P, const Mark &M) const;

private:
  static constexpr size_t BlockBytes = 64 * 1024;
  uint64_t Flushes = 0;
  void makeRoom(size_t Bytes);
  std::ostream &OS;
  std::unique_ptr<char[]> Data;
  size_t Len = 0, Cap = 0;
};

inline char *putText(char *P, std::string_view S) {
  std::memcpy(P, S.data(), S.size());
  return P + S.size();
}

// V in decimal, as std::to_string / fmt's "{}" write it.
char *putInt(char *P, int64_t V);
char *putUInt(char *P, uint64_t V);

// V as printf("%.17g") writes it: what llvm::json::OStream writes for a
// double.
char *putJsonDouble(char *P, double V);

// Ps / 10^Digits (picoseconds to microseconds: 6; to nanoseconds: 3) in
// exact decimal, with no trailing zeros in the fraction and no point
// without one ("0.002502", "5"). A JSON reader gets the double nearest the
// quotient, which is the double Ps / 1e6 (or / 1e3) that %.17g once wrote
// with its binary noise ("0.0025019999999999999"): the same value, in
// fewer bytes and without floating point. |Ps| beyond 2^53 (over two hours
// simulated) falls back to %.17g of that double.
char *putDecimal(char *P, int64_t Ps, int Digits);
inline char *putMicroseconds(char *P, int64_t Ps) { return putDecimal(P, Ps, 6); }

// Ps / 1000.0 (picoseconds to nanoseconds) as fmt's "{:>12.3f}" writes it.
char *putNanoseconds12(char *P, int64_t Ps);

// S as a JSON string, quotes included, as llvm::json::OStream writes a
// string value (invalid UTF-8 replaced as llvm::json does).
std::string jsonQuoted(std::string_view S);

} // namespace trn::trace

#endif
