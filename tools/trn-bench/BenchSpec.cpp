//===- BenchSpec.cpp - the "# trn-bench:" header of a kernel --------------===//

#include "BenchSpec.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>
#include <vector>

namespace trn::bench {

namespace {

std::vector<std::string> split(const std::string &S, char Sep) {
  std::vector<std::string> Parts;
  std::string Part;
  std::istringstream In(S);
  while (std::getline(In, Part, Sep))
    Parts.push_back(Part);
  return Parts;
}

bool toLong(const std::string &S, long &Out) {
  if (S.empty() || S.find_first_not_of("0123456789") != std::string::npos || S.size() > 12)
    return false;
  Out = std::stol(S);
  return Out > 0;
}

} // namespace

const char *goalName(Goal G) {
  switch (G) {
  case Goal::None:
    return "-";
  case Goal::Gemm:
    return "gemm";
  case Goal::Rows:
    return "rows";
  case Goal::Control:
    return "control";
  case Goal::Datapath1:
    return "datapath1";
  case Goal::System:
    return "system";
  }
  return "?";
}

std::optional<BenchSpec> readBenchSpec(const std::string &Path, std::string &Error) {
  std::ifstream In(Path);
  BenchSpec Spec;
  std::string Line;
  const std::string Tag = "# trn-bench:";
  // Only the leading comment block is read.
  while (std::getline(In, Line) && (Line.empty() || Line[0] == '#')) {
    if (Line.rfind(Tag, 0) != 0)
      continue;
    std::istringstream Words(Line.substr(Tag.size()));
    std::string Word;
    while (Words >> Word) {
      size_t Eq = Word.find('=');
      std::string Key = Word.substr(0, Eq),
                  Value = Eq == std::string::npos ? "" : Word.substr(Eq + 1);
      if (Key == "goal") {
        if (Value == "gemm")
          Spec.G = Goal::Gemm;
        else if (Value == "rows")
          Spec.G = Goal::Rows;
        else if (Value == "control")
          Spec.G = Goal::Control;
        else if (Value == "datapath1")
          Spec.G = Goal::Datapath1;
        else if (Value == "system")
          Spec.G = Goal::System;
        else {
          Error = fmt::format("{}: unknown goal '{}' (gemm, rows, control, datapath1, system)",
                              Path, Value);
          return std::nullopt;
        }
      } else if (Key == "openblas") {
        std::vector<std::string> P = split(Value, ',');
        if (P.size() != 3 || !toLong(P[0], Spec.M) || !toLong(P[1], Spec.N) ||
            !toLong(P[2], Spec.K)) {
          Error = fmt::format("{}: openblas= takes M,N,K, not '{}'", Path, Value);
          return std::nullopt;
        }
      } else if (Key == "numpy") {
        std::vector<std::string> P = split(Value, ',');
        if (P.size() != 3 || P[0].empty() || !toLong(P[1], Spec.Rows) || !toLong(P[2], Spec.Cols)) {
          Error = fmt::format("{}: numpy= takes NAME,ROWS,COLS, not '{}'", Path, Value);
          return std::nullopt;
        }
        Spec.NumpyName = P[0];
      } else if (Key == "system") {
        Spec.System = Value;
      } else if (Key == "ranks") {
        for (const std::string &R : split(Value, ',')) {
          long N = 0;
          if (!toLong(R, N) || N < 1) {
            Error = fmt::format("{}: ranks= takes numbers of MPI ranks, not '{}'", Path, Value);
            return std::nullopt;
          }
          Spec.Ranks.push_back(N);
        }
      } else if (Key == "cores") {
        if (!toLong(Value, Spec.Cores) || Spec.Cores < 1) {
          Error = fmt::format("{}: cores= takes a number of cores per chip, not '{}'", Path, Value);
          return std::nullopt;
        }
      } else {
        Error = fmt::format("{}: unknown trn-bench key '{}'", Path, Key);
        return std::nullopt;
      }
    }
  }
  if (Spec.G == Goal::Gemm && !Spec.M) {
    Error = fmt::format("{}: goal=gemm needs openblas=M,N,K", Path);
    return std::nullopt;
  }
  if (Spec.G == Goal::Rows && Spec.NumpyName.empty()) {
    Error = fmt::format("{}: goal=rows needs numpy=NAME,ROWS,COLS", Path);
    return std::nullopt;
  }
  if (Spec.G == Goal::System && (Spec.System.empty() || !Spec.Cores)) {
    Error = fmt::format("{}: goal=system needs system=NAME and cores=N", Path);
    return std::nullopt;
  }
  return Spec;
}

} // namespace trn::bench
