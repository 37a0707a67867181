//===- LineInput.cpp - where the debugger's commands come from ------------===//

#include "trn/debug/LineInput.h"

#include <editline/readline.h>

#include <cstdlib>

namespace trn::debug {

LineInput::~LineInput() = default;

namespace {

class ScriptInput final : public LineInput {
public:
  ScriptInput(std::FILE *In, std::FILE *Out) : In(In), Out(Out) {}
  std::optional<std::string> readLine(const std::string &Prompt) override {
    std::string Line;
    int C;
    bool Any = false;
    while ((C = std::fgetc(In)) != EOF) {
      Any = true;
      if (C == '\n')
        break;
      Line.push_back(static_cast<char>(C));
    }
    if (!Any)
      return std::nullopt;
    if (!Line.empty() && Line.back() == '\r')
      Line.pop_back();
    std::fprintf(Out, "%s%s\n", Prompt.c_str(), Line.c_str());
    std::fflush(Out);
    return Line;
  }

private:
  std::FILE *In, *Out;
};

class TerminalInput final : public LineInput {
public:
  std::optional<std::string> readLine(const std::string &Prompt) override {
    char *L = readline(Prompt.c_str());
    if (!L)
      return std::nullopt;
    std::string Line(L);
    std::free(L);
    // History as gdb keeps it: each line once in a row, blank lines not.
    if (Line.find_first_not_of(" \t") != std::string::npos && Line != Last) {
      add_history(Line.c_str());
      Last = Line;
    }
    return Line;
  }

private:
  std::string Last;
};

} // namespace

std::unique_ptr<LineInput> scriptInput(std::FILE *In, std::FILE *Out) {
  return std::make_unique<ScriptInput>(In, Out);
}

std::unique_ptr<LineInput> terminalInput() { return std::make_unique<TerminalInput>(); }

} // namespace trn::debug
