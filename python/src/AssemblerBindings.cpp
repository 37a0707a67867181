//===- AssemblerBindings.cpp - assembly text to a Program, in Python -------===//
//
// _assemble / _assemble_file return what the assembler gave: the program
// (None after an error), the diagnostics as trn-as prints them, and each
// diagnostic in parts. The package's assemble() raises AssemblyError.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "Streams.h"
#include "trn/asm/Assembler.h"

#include <fmt/format.h>
#include <pybind11/stl.h>

namespace py = pybind11;

namespace trn::python {

namespace {

assembler::Options options(const std::optional<std::string> &Chip,
                           const std::vector<std::string> &IncludeDirs, bool WarningsAsErrors) {
  assembler::Options Opts;
  Opts.IncludeDirs = IncludeDirs;
  Opts.Chip = chipNamed(Chip);
  Opts.WarningsAsErrors = WarningsAsErrors;
  return Opts;
}

const char *severityName(assembler::Diagnostic::Severity S) {
  switch (S) {
  case assembler::Diagnostic::Severity::Error:
    return "error";
  case assembler::Diagnostic::Severity::Warning:
    return "warning";
  case assembler::Diagnostic::Severity::Note:
    return "note";
  }
  return "error";
}

// (program or None, text, [(file, line, column, severity, message)]).
py::tuple outcome(assembler::Result R, std::string Text) {
  py::list Diags;
  for (const assembler::Diagnostic &D : R.Diagnostics)
    Diags.append(py::make_tuple(D.File, D.Line, D.Column, severityName(D.Kind), D.Message));
  py::object P = R.Program ? py::cast(std::move(*R.Program)) : py::none();
  return py::make_tuple(P, Text, Diags);
}

} // namespace

std::optional<isa::Chip> chipNamed(const std::optional<std::string> &Name) {
  if (!Name)
    return std::nullopt;
  if (auto C = isa::lookupChip(*Name))
    return C;
  throw py::value_error(fmt::format("unknown chip '{}': expected trn1, trn2, trn3 or trn4", *Name));
}

void bindAssembler(py::module_ &M) {
  M.def(
      "_assemble",
      [](const std::string &Source, const std::optional<std::string> &Chip,
         const std::vector<std::string> &IncludeDirs, const std::string &Filename,
         bool WarningsAsErrors) {
        assembler::Options Opts = options(Chip, IncludeDirs, WarningsAsErrors);
        assembler::Result R;
        std::string Text;
        {
          py::gil_scoped_release Release;
          Text = textOf(
              [&](TextStream &OS) { R = assembler::assembleText(Filename, Source, Opts, OS); });
        }
        return outcome(std::move(R), std::move(Text));
      },
      py::arg("source"), py::arg("chip"), py::arg("include_dirs"), py::arg("filename"),
      py::arg("warnings_as_errors"));
  M.def(
      "_assemble_file",
      [](const std::string &Path, const std::optional<std::string> &Chip,
         const std::vector<std::string> &IncludeDirs, bool WarningsAsErrors) {
        assembler::Options Opts = options(Chip, IncludeDirs, WarningsAsErrors);
        assembler::Result R;
        std::string Text;
        {
          py::gil_scoped_release Release;
          Text = textOf([&](TextStream &OS) { R = assembler::assembleFile(Path, Opts, OS); });
        }
        return outcome(std::move(R), std::move(Text));
      },
      py::arg("path"), py::arg("chip"), py::arg("include_dirs"), py::arg("warnings_as_errors"));
}

} // namespace trn::python
