//===- Streams.h - the streams the bindings hand the libraries ---*- C++ -*-===//
//
// The libraries write diagnostics, reports and traces to a stream; the
// bindings collect the text in a string (files are written whole by
// trn/object/AtomicStream.h).
//
//===----------------------------------------------------------------------===//
#ifndef TRN_PYTHON_STREAMS_H
#define TRN_PYTHON_STREAMS_H

#include <ostream>
#include <streambuf>
#include <string>

namespace trn::python {

// A stream appending to a string as it is written (no buffer to flush).
class TextStream : public std::ostream {
public:
  explicit TextStream(std::string &S) : std::ostream(nullptr), Buf(S) { rdbuf(&Buf); }

private:
  struct AppendBuf : std::streambuf {
    explicit AppendBuf(std::string &S) : S(S) {}
    int_type overflow(int_type C) override {
      if (!traits_type::eq_int_type(C, traits_type::eof()))
        S.push_back(traits_type::to_char_type(C));
      return traits_type::not_eof(C);
    }
    std::streamsize xsputn(const char *P, std::streamsize N) override {
      S.append(P, static_cast<size_t>(N));
      return N;
    }
    std::string &S;
  } Buf;
};
using OutStream = std::ostream;

// Calls Write(OS) with a stream into a string and returns the string.
template <class F> std::string textOf(F &&Write) {
  std::string Text;
  {
    TextStream OS(Text);
    Write(OS);
    OS.flush();
  }
  return Text;
}

} // namespace trn::python

#endif
