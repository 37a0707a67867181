//===- Streams.h - the streams the bindings hand the libraries ---*- C++ -*-===//
//
// The libraries write diagnostics, reports and traces to a stream; the
// bindings collect text in a string, or write a file through a temporary
// file beside it. The stream's type is named here alone.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_PYTHON_STREAMS_H
#define TRN_PYTHON_STREAMS_H

#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>

namespace trn::python {

using TextStream = llvm::raw_string_ostream;
using OutStream = llvm::raw_ostream;

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
  std::unique_ptr<llvm::raw_fd_ostream> OS;
};

} // namespace trn::python

#endif
