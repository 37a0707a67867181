//===- TraceOutput.h - fast, exact text for the traces ----------*- C++ -*-===//
//
// The traces write one record per executed instruction, so their output
// must cost little: text is appended to a buffer that goes to the stream in
// large blocks, and numbers are formatted without printf. Every function
// here writes the same characters as the formatting it replaces (named
// below), so traces stay byte-identical.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TRACE_TRACEOUTPUT_H
#define TRN_TRACE_TRACEOUTPUT_H

#include <cstdint>
#include <string>
#include <string_view>

namespace llvm {
class raw_ostream;
}

namespace trn::trace {

// Text appended here reaches OS in blocks of about 64 KiB, and all of it
// once flush() is called (the observers flush when the run finishes).
class OutputBuffer {
public:
  explicit OutputBuffer(llvm::raw_ostream &OS);
  ~OutputBuffer();
  OutputBuffer(const OutputBuffer &) = delete;
  OutputBuffer &operator=(const OutputBuffer &) = delete;

  OutputBuffer &operator<<(std::string_view S) {
    Buf.append(S);
    return *this;
  }
  OutputBuffer &operator<<(char C) {
    Buf.push_back(C);
    return *this;
  }
  // After each record: hands a full block to the stream.
  void recordDone() {
    if (Buf.size() >= BlockBytes)
      flush();
  }
  void flush();
  std::string &text() { return Buf; }

private:
  static constexpr size_t BlockBytes = 64 * 1024;
  llvm::raw_ostream &OS;
  std::string Buf;
};

// V in decimal, as std::to_string / fmt's "{}" write it.
void appendInt(std::string &Out, int64_t V);
void appendUInt(std::string &Out, uint64_t V);

// V as printf("%.17g") writes it: what llvm::json::OStream writes for a
// double.
void appendJsonDouble(std::string &Out, double V);

// Ps / 1e6 (picoseconds to microseconds) as appendJsonDouble writes it.
void appendMicroseconds(std::string &Out, int64_t Ps);

// Ps / 1000.0 (picoseconds to nanoseconds) as fmt's "{:>12.3f}" writes it.
void appendNanoseconds12(std::string &Out, int64_t Ps);

// S as a JSON string, quotes included, as llvm::json::OStream writes a
// string value (invalid UTF-8 replaced as llvm::json does).
std::string jsonQuoted(std::string_view S);

} // namespace trn::trace

#endif
