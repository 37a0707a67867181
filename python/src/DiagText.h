//===- DiagText.h - the text a library function writes to a stream -*- C++ -*-===//
//
// The libraries write diagnostics, reports and text traces to a stream; the
// bindings hand them one that collects the text in a string. The stream's
// type is named here alone.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_PYTHON_DIAGTEXT_H
#define TRN_PYTHON_DIAGTEXT_H

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace trn::python {

using TextStream = llvm::raw_string_ostream;

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
