//===- Module.cpp - the extension module _trnemu ---------------------------===//
//
// The C++ half of the Python package trnemu (docs/python.md).
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

PYBIND11_MODULE(_trnemu, M) {
  M.doc() = "trnemu's libraries: assemble, inspect and run programs (use the package trnemu)";
  trn::python::bindProgram(M);
  trn::python::bindAssembler(M);
  trn::python::bindRun(M);
  trn::python::bindBuilder(M);
  trn::python::bindSystem(M);
}
