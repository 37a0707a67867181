//===- Diagnostics.h - a tool's messages, coloured as clang's ---*- C++ -*-===//
//
// Every message a tool prints goes to standard error through one stream
// whose has_colors() is --color's choice, so that llvm::SourceMgr (the
// assembler's diagnostics) and this file colour alike: bold location, red
// "error:", magenta "warning:", bold message, green caret.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TOOLS_DIAGNOSTICS_H
#define TRN_TOOLS_DIAGNOSTICS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

namespace trn::tools {

enum class ColorMode { Auto, Always, Never };

// Auto: standard error is a terminal and NO_COLOR is unset or empty.
bool colorsWanted(ColorMode M);

class Diagnostics {
public:
  explicit Diagnostics(const char *Tool);

  void setColors(bool On);
  // Standard error, for text that colours itself (SourceMgr asks has_colors()).
  llvm::raw_ostream &os() { return Out; }
  // Whether messages are coloured (--color): the assembler colours its own.
  bool colors() const { return Out.Colors; }

  // "TOOL: error: MESSAGE" and its kin.
  void error(const llvm::Twine &Msg);
  void warning(const llvm::Twine &Msg);
  void note(const llvm::Twine &Msg);
  // Text already formatted as diagnostics ("LOC: error: MESSAGE" lines, the
  // lines they quote, carets): run-time faults, races, warnings of a run.
  // Each line is coloured by what it is.
  void report(llvm::StringRef Text);

private:
  // llvm::errs() with has_colors() fixed by --color.
  class ColorStream final : public llvm::raw_ostream {
  public:
    ColorStream();
    bool has_colors() const override { return Colors; }
    bool is_displayed() const override;
    bool Colors = false;

  private:
    void write_impl(const char *Ptr, size_t Size) override;
    uint64_t current_pos() const override { return Pos; }
    uint64_t Pos = 0;
  };

  void line(llvm::StringRef Line);
  void labelled(const char *Kind, llvm::raw_ostream::Colors Color, const llvm::Twine &Msg);

  const char *Tool;
  ColorStream Out;
};

} // namespace trn::tools

#endif
