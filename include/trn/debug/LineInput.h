//===- trn/debug/LineInput.h - where the debugger's commands come from -*- C++ -*-===//
//
// A terminal gets line editing and history from libedit (BSD licence, from
// Debian's libedit-dev); a script (--debug-commands) or a pipe gets plain
// lines, echoed after the prompt so that the output reads as a transcript
// and is the same on every run.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_DEBUG_LINEINPUT_H
#define TRN_DEBUG_LINEINPUT_H

#include <cstdio>
#include <memory>
#include <optional>
#include <string>

namespace trn::debug {

class LineInput {
public:
  virtual ~LineInput();
  // The next line without its newline, or nothing at the end of the input.
  virtual std::optional<std::string> readLine(const std::string &Prompt) = 0;
};

// Lines from In (not owned), echoed to Out after the prompt.
std::unique_ptr<LineInput> scriptInput(std::FILE *In, std::FILE *Out);
// The terminal, with libedit's line editing and history.
std::unique_ptr<LineInput> terminalInput();

} // namespace trn::debug

#endif
