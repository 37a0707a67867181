//===- Bindings.h - the parts of the extension module _trnemu ----*- C++ -*-===//
//
// The module is bound in parts, one file each; Module.cpp calls them in the
// order below (a part may name the classes of the parts before it). The
// Python package trnemu (python/trnemu) wraps _trnemu: errors are raised as
// the package's exception classes, arrays converted to NumPy's types there.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_PYTHON_BINDINGS_H
#define TRN_PYTHON_BINDINGS_H

#include "trn/emu/Emulator.h"
#include "trn/isa/Isa.h"
#include "trn/run/Regions.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <optional>
#include <string>
#include <vector>

namespace trn::python {

// Program (trn::object::Program, held by value: a function that returns an
// object::Program returns a trnemu Program) and its Tensor rows.
void bindProgram(pybind11::module_ &M);
// assemble(): text to a Program, diagnostics collected.
void bindAssembler(pybind11::module_ &M);
// The chip called Name ("trn2"), or none for none; ValueError if unknown.
std::optional<isa::Chip> chipNamed(const std::optional<std::string> &Name);
// run(), its result, and check() (outputs against references).
void bindRun(pybind11::module_ &M);
// The generated instruction builder (BuilderBindings.cpp).
void bindBuilder(pybind11::module_ &M);
// _run_system(): a program on the cores of a chip (SystemBindings.cpp).
void bindSystem(pybind11::module_ &M);

// What both kinds of run share (RunBindings.cpp): an array into tensor T,
// a tensor's or allocation's contents as an array, a fault as a dict.
void bindInput(emu::Emulator &E, const object::Tensor &T, const pybind11::array &A);
pybind11::array readRegion(const emu::Emulator &E, const run::Region &R);
pybind11::dict faultDict(const emu::Emulator &E, const emu::Fault &F);
// The regions a run returns: the output tensors, then those named in Read
// (ValueError for a name the program lacks).
std::vector<run::Region> outputRegions(const object::Program &P,
                                       const std::vector<std::string> &Read);

} // namespace trn::python

#endif
