//===- Streams.h - the streams the bindings hand the libraries ---*- C++ -*-===//
//
// The libraries write diagnostics, reports and traces to a stream; the
// bindings collect text in a string, or write a file through a temporary
// file beside it. The stream's type is named here alone.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_PYTHON_STREAMS_H
#define TRN_PYTHON_STREAMS_H

#include <fstream>
#include <memory>
#include <optional>
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

// A file written whole or not at all: the stream writes a temporary file
// beside Path, which keep() renames over Path; destroyed unkept, it removes
// the temporary file. A device or pipe (Path exists and is no regular
// file) is written in place.
class FileOut {
public:
  // Throws pybind11::value_error when the file cannot be created.
  explicit FileOut(std::string Path);
  ~FileOut();
  FileOut(const FileOut &) = delete;
  FileOut &operator=(const FileOut &) = delete;

  OutStream &stream() { return *OS; }
  // Puts the file in place; a message on failure.
  std::optional<std::string> keep();

private:
  std::string Path, Temp; // Temp empty: writing Path in place
  std::unique_ptr<std::ofstream> OS;
};

} // namespace trn::python

#endif
