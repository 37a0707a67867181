//===- RunBindings.cpp - running a Program, in Python ----------------------===//

#include "Bindings.h"

namespace py = pybind11;

namespace trn::python {

void bindRun(py::module_ &M) { (void)M; }

} // namespace trn::python
