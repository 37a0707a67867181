//===- ToolSupportTest.cpp - what every tool's main() shares ---------------===//
//
// tools/common: the did-you-mean threshold, the file message, the one user
// of standard input or output. (The tools' output is pinned by the lit
// tests in testsuite/lit/conventions.)
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "Files.h"

#include <doctest/doctest.h>

using namespace trn::tools;

TEST_CASE("did-you-mean: a typo of an option, not another word") {
  std::vector<std::string> Options{"--chip", "--check", "--report", "--report-json", "--version"};
  CHECK(nearestSpelling("--chp", Options) == "--chip");
  CHECK(nearestSpelling("--verison", Options) == "--version");
  CHECK(nearestSpelling("--report-jsno", Options) == "--report-json");
  CHECK(nearestSpelling("--frobnicate", Options).empty());
  CHECK(nearestSpelling("--xy", Options).empty());   // too short to guess at
  CHECK(nearestSpelling("--chip", Options).empty()); // not a typo
  CHECK(nearestSpelling("--chp", {}).empty());
}

TEST_CASE("a file that cannot be read: LLVM's 'PATH': REASON") {
  CHECK(fileError("a.s", "No such file or directory") == "'a.s': No such file or directory");
  CHECK(fileError("d", std::make_error_code(std::errc::is_a_directory)) == "'d': Is a directory");
  CHECK(checkReadable("-") == std::nullopt);
  CHECK(checkReadable("/nonexistent/trnemu-test") ==
        "'/nonexistent/trnemu-test': No such file or directory");
  CHECK(checkReadable("/") == "'/': Is a directory");
}

TEST_CASE("standard output has one user") {
  StandardStream Out("write to standard output");
  CHECK_FALSE(Out.claimed());
  CHECK(Out.claim("--trace") == std::nullopt);
  CHECK(Out.claimed());
  CHECK(Out.claim("--out y") ==
        "--trace and --out y both write to standard output ('-'): give one of them a file");
}
