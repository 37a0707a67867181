//===- ProgramBindings.cpp - Program and its tensors, in Python ------------===//
//
// A trnemu Program is a trn::object::Program held by value: what trn-as
// writes to an object file, with its tensor table, code and line table.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "trn/asm/Disassembler.h"
#include "trn/object/ObjectFile.h"

#include <fmt/format.h>
#include <pybind11/stl.h>

namespace py = pybind11;

namespace trn::python {

namespace {

std::string shapeTuple(const std::vector<uint64_t> &Shape) {
  if (Shape.size() == 1)
    return fmt::format("({},)", Shape[0]);
  return fmt::format("({})", fmt::join(Shape, ", "));
}

std::span<const uint8_t> bytesOf(const py::bytes &B) {
  char *Data = nullptr;
  Py_ssize_t Size = 0;
  if (PyBytes_AsStringAndSize(B.ptr(), &Data, &Size) != 0)
    throw py::error_already_set();
  return {reinterpret_cast<const uint8_t *>(Data), static_cast<size_t>(Size)};
}

} // namespace

void bindProgram(py::module_ &M) {
  py::class_<object::Tensor>(M, "Tensor", "A tensor in HBM the program declares.")
      .def_property_readonly(
          "name", [](const object::Tensor &T) { return T.Name; }, "its name in the source")
      .def_property_readonly(
          "dtype", [](const object::Tensor &T) { return std::string(isa::dtype(T.Type).Name); },
          "the element type's name: 'fp32', 'bf16', 'int8', ...")
      .def_property_readonly(
          "shape", [](const object::Tensor &T) { return py::tuple(py::cast(T.Shape)); },
          "dimensions, row-major")
      .def_property_readonly(
          "role", [](const object::Tensor &T) { return std::string(object::roleName(T.Role)); },
          "'input', 'output' or 'scratch'")
      .def_property_readonly(
          "shared", [](const object::Tensor &T) { return T.Shared; },
          "one copy for the cores of a chip (docs/multicore.md), not one per core")
      .def_property_readonly(
          "address", [](const object::Tensor &T) { return T.Address; }, "byte address in HBM")
      .def_property_readonly(
          "nbytes", [](const object::Tensor &T) { return T.bytes(); }, "size in bytes")
      .def_property_readonly(
          "has_initial_data", [](const object::Tensor &T) { return T.InitOffset.has_value(); },
          "whether the program holds its contents (else zeros, or bound at run time)")
      .def("__eq__", [](const object::Tensor &A, const object::Tensor &B) { return A == B; })
      .def("__repr__", [](const object::Tensor &T) {
        return fmt::format("Tensor(name='{}', dtype='{}', shape={}, role='{}')", T.Name,
                           isa::dtype(T.Type).Name, shapeTuple(T.Shape), object::roleName(T.Role));
      });

  py::class_<object::Program>(M, "Program",
                              "An assembled program: code, tensor table and line table.")
      .def_static(
          "from_object",
          [](const py::bytes &B) {
            auto P = object::readObject(bytesOf(B));
            if (auto *Err = std::get_if<std::string>(&P))
              throw py::value_error(*Err);
            return std::get<object::Program>(std::move(P));
          },
          py::arg("data"), "The program in an object file's bytes (ValueError if malformed).")
      .def(
          "to_object",
          [](const object::Program &P) {
            std::vector<uint8_t> Bytes = object::writeObject(P);
            return py::bytes(reinterpret_cast<const char *>(Bytes.data()), Bytes.size());
          },
          "The object file's bytes, as trn-as writes them.")
      .def(
          "disassemble",
          [](const object::Program &P, bool LineNumbers, bool Offsets) {
            assembler::DisasmOptions Opts;
            Opts.LineNumbers = LineNumbers;
            Opts.Offsets = Offsets;
            return assembler::disassemble(P, Opts);
          },
          py::kw_only(), py::arg("line_numbers") = false, py::arg("offsets") = true,
          "Assembly text that assembles back to this program (as trn-objdump -d).")
      .def_property_readonly(
          "chip",
          [](const object::Program &P) { return std::string(isa::chip(P.TargetChip).Name); },
          "the chip it was assembled for: 'trn1', 'trn2' or 'trn3'")
      .def_property_readonly(
          "tensors", [](const object::Program &P) { return P.Tensors; },
          "the HBM tensors it declares, in declaration order")
      .def(
          "tensor",
          [](const object::Program &P, const std::string &Name) {
            const object::Tensor *T = P.findTensor(Name);
            if (!T)
              throw py::key_error(fmt::format("the program declares no tensor '{}'", Name));
            return *T;
          },
          py::arg("name"), "The tensor called name (KeyError if none).")
      .def_property_readonly(
          "instruction_counts",
          [](const object::Program &P) {
            py::dict Counts;
            for (const isa::EngineDesc &E : isa::engines())
              Counts[E.Prefix] = P.stream(E.Id).size();
            return Counts;
          },
          "instructions in each engine's stream, by assembly prefix ('pe', 'dve', ...)")
      .def("__eq__", [](const object::Program &A, const object::Program &B) { return A == B; })
      // Pickled as its object file (multiprocessing, pytest-xdist).
      .def(py::pickle(
          [](const object::Program &P) {
            std::vector<uint8_t> Bytes = object::writeObject(P);
            return py::make_tuple(
                py::bytes(reinterpret_cast<const char *>(Bytes.data()), Bytes.size()));
          },
          [](const py::tuple &State) {
            auto P = object::readObject(bytesOf(State[0].cast<py::bytes>()));
            if (auto *Err = std::get_if<std::string>(&P))
              throw py::value_error(*Err);
            return std::get<object::Program>(std::move(P));
          }))
      .def("__repr__", [](const object::Program &P) {
        size_t N = 0;
        for (const object::Stream &S : P.Streams)
          N += S.size();
        return fmt::format("<trnemu.Program for {}: {} tensors, {} instructions>",
                           isa::chip(P.TargetChip).Name, P.Tensors.size(), N);
      });
}

} // namespace trn::python
