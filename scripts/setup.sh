#!/usr/bin/env bash
# Set up, build and exercise trnemu on Debian 12 (bookworm).
#
#   scripts/setup.sh           install missing packages, configure, build, run the demo
#   scripts/setup.sh test      ... run the test suite, then the user-builds and sanitize modes'
#                              tests (what CI runs)
#   scripts/setup.sh user-builds  ... build as a user would, without -Werror: Release with
#                              GCC and Release with Clang 19 (shared library), each into its
#                              own directory, and run the unit and lit tests of each
#   scripts/setup.sh sanitize  ... build with Clang, ASan+UBSan and the fuzz targets into a
#                              second build directory, run the test suite and fuzz smoke tests there
#   scripts/setup.sh --help    print this help
#
# Runs as root on a fresh machine (no sudo). A second run installs nothing and
# rebuilds only what changed. TRN_BUILD_DIR overrides the build directory
# (default: <repo>/build), TRN_ASAN_BUILD_DIR the sanitizer build directory
# (default: <repo>/build-asan), TRN_RELEASE_BUILD_DIR and TRN_CLANG_BUILD_DIR
# the user builds' directories (default: <repo>/build-release, <repo>/build-clang).
set -euo pipefail

# Debian packages the build and the tests need, one per line with the reason.
PACKAGES=(
  llvm-19                        # llvm-tblgen and the LLVM 19 runtime library
  llvm-19-dev                    # LLVM/TableGen headers, static libLLVMTableGen.a, LLVMConfig.cmake
  llvm-19-tools                  # lit.py, FileCheck, not, count, split-file for the lit tests
  libzstd-dev                    # static LLVMSupport links zstd; llvm-19-dev does not pull it in
  libfmt-dev                     # fmt: formatting in our libraries and tools
  libboost-program-options-dev   # command-line parsing in trn-as, trn-objdump, trn-emu
  doctest-dev                    # unit tests in testsuite/unit
  cmake                          # build system generator (3.25 in bookworm)
  ninja-build                    # build backend (-G Ninja)
  g++                            # C++20 compiler (GCC 12 in bookworm)
  python3                        # runs lit
  clang-format                   # source formatting (.clang-format)
  clang-19                       # the sanitizer and fuzzing build (libFuzzer needs Clang)
  libclang-rt-19-dev             # Clang 19's ASan, UBSan and libFuzzer runtimes
  git                            # version control; tests may diff against the work tree
  libhwy-dev                     # Google Highway: SIMD kernels with run-time dispatch (src/emu)
  libopenblas-dev                # OpenBLAS sgemm: trn-bench's reference for GEMM (benchmark only)
  python3-numpy                  # NumPy: trn-bench's reference for row kernels; the Python module's arrays
  python3-dev                    # Python headers: the Python module trnemu (python/)
  pybind11-dev                   # pybind11: the Python module's bindings (python/src)
  python3-pytest                 # pytest: the Python module's tests and the example compiler test suite
  python3-venv                   # the install test makes a virtual environment (python/tests)
  python3-setuptools             # pip installs build/python with setuptools (no network)
  python3-wheel                  # ... which builds a wheel first
  pkgconf                        # pkg-config: the install test builds a consumer with trnemu.pc
  libedit-dev                    # libedit (BSD): line editing and history in trn-emu --debug (src/debug)
  chromium                       # headless browser: the HTML view's test (testsuite/browser)
  libopenmpi-dev                 # Open MPI: trn-emu's many-chip runs over ranks (src/mpi, docs/mpi.md)
  openmpi-bin                    # mpirun, to run and test them
)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TRN_BUILD_DIR:-$ROOT/build}"
ASAN_BUILD="${TRN_ASAN_BUILD_DIR:-$ROOT/build-asan}"
RELEASE_BUILD="${TRN_RELEASE_BUILD_DIR:-$ROOT/build-release}"
CLANG_BUILD="${TRN_CLANG_BUILD_DIR:-$ROOT/build-clang}"

usage() {
  cat <<USAGE
Usage: scripts/setup.sh [test | user-builds | sanitize | --help]

  (no argument)  install missing Debian packages, configure, build, run the demo
  test           install missing Debian packages, configure, build, run all tests
                 (ctest --output-on-failure), then everything 'user-builds' and
                 'sanitize' do; exits non-zero if any test fails (CI runs this)
  user-builds    install missing Debian packages, then build trnemu as a user
                 would, with the compiler's warnings but not -Werror
                 (TRN_WERROR is the developers' option): a Release build with
                 GCC and a Release build with Clang 19 and the shared
                 library, each in its own directory; run the unit and lit
                 tests of each, and the Clang build's install test and Python
                 tests; exits non-zero if a build or a test fails
  sanitize       install missing Debian packages, configure a second build with
                 Clang 19, AddressSanitizer, UndefinedBehaviorSanitizer and the
                 libFuzzer targets, build it, run all tests there and each fuzz
                 target on a fixed number of inputs from a fixed seed (about
                 20 s each); exits non-zero if any fails
  --help, -h     show this help

Must run as root (no sudo) when a package is missing. Environment:
  TRN_BUILD_DIR       build directory (default: $ROOT/build)
  TRN_ASAN_BUILD_DIR  sanitizer build directory (default: $ROOT/build-asan)
  TRN_RELEASE_BUILD_DIR  GCC Release build directory (default: $ROOT/build-release)
  TRN_CLANG_BUILD_DIR    Clang 19 Release build directory (default: $ROOT/build-clang)
USAGE
}

banner() {
  printf '==> %s\n' "$*"
}

die() {
  printf 'setup.sh: error: %s\n' "$*" >&2
  exit 1
}

is_installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

install_packages() {
  banner "installing"
  command -v dpkg-query >/dev/null 2>&1 || die "dpkg-query not found: this script expects Debian 12"
  local missing=() pkg
  for pkg in "${PACKAGES[@]}"; do
    is_installed "$pkg" || missing+=("$pkg")
  done
  if ((${#missing[@]} == 0)); then
    echo "all ${#PACKAGES[@]} packages present"
    return
  fi
  if ((EUID != 0)); then
    die "missing packages: ${missing[*]}; run this script as root (it uses apt-get, not sudo)"
  fi
  echo "missing: ${missing[*]}"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
  echo "installed: ${missing[*]}"
}

configure() {
  # Configure once; afterwards the generated build re-runs cmake by itself
  # whenever a CMakeLists.txt changes.
  if [[ ! -f "$BUILD/build.ninja" ]]; then
    banner "configuring ($BUILD)"
    cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTRN_WERROR=ON
  fi
}

build() {
  banner "building"
  cmake --build "$BUILD" -j "$(nproc)"
}

# The sanitizer build (docs/testing.md): every library, tool and test built
# by Clang with ASan+UBSan (undefined behaviour aborts), plus the libFuzzer
# targets of testsuite/fuzz and their ctest entries.
configure_sanitize() {
  if [[ ! -f "$ASAN_BUILD/build.ninja" ]]; then
    banner "configuring the sanitizer build ($ASAN_BUILD)"
    cmake -S "$ROOT" -B "$ASAN_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTRN_WERROR=ON \
      -DCMAKE_CXX_COMPILER=clang++-19 -DTRN_SANITIZE=ON -DTRN_FUZZ=ON
  fi
}

build_sanitize() {
  banner "building with sanitizers"
  cmake --build "$ASAN_BUILD" -j "$(nproc)"
}

# The demo: an overview of the ISA, then the fully blocked 1024^3 bf16 GEMM
# of docs/examples/gemm assembled, run on the emulator against an
# independently computed reference, with its utilization report and a trace.
run_demo() {
  banner "demo"
  local bin="$BUILD/bin" out="$BUILD/demo"
  "$bin/trn-tblgen" --gen-isa-summary -I "$ROOT/isa" "$ROOT/isa/Trn.td"
  mkdir -p "$out"
  "$bin/trn-ref-gemm" "$out"
  "$bin/trn-as" "$ROOT/docs/examples/gemm/gemm4-blocked-mnk.s" -o "$out/gemm.o"
  echo
  echo "\$ trn-emu gemm.o --in lhsT=lhsT.npy --in rhs=rhs.npy --check out=ref.npy --rtol 0 --atol 0 --report"
  "$bin/trn-emu" "$out/gemm.o" --in lhsT="$out/lhsT.npy" --in rhs="$out/rhs.npy" \
    --check out="$out/ref.npy" --rtol 0 --atol 0 --report --trace "$out/gemm.trace.json"
  echo "(trace for ui.perfetto.dev: $out/gemm.trace.json)"
}

# A user's builds (docs/testing.md): what `cmake -DCMAKE_BUILD_TYPE=Release`
# gives with Debian's GCC 12 and with Clang 19, neither with -Werror, so that
# a warning new to one compiler or to -O3 (GCC 12's -Wrestrict false
# positive in libstdc++) cannot break a user's build. Each is built and its
# unit and lit tests run (the other tests re-check outputs the main build
# already pins).
# A user's build: NAME, directory, C++ compiler, the tests to run (a ctest -R
# pattern), then extra cmake arguments.
user_build() {
  local name="$1" dir="$2" cxx="$3" tests="$4"
  shift 4
  if [[ ! -f "$dir/build.ninja" ]]; then
    banner "configuring the $name build ($dir)"
    CXX="$cxx" cmake -S "$ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
  fi
  banner "building ($name)"
  cmake --build "$dir" -j "$(nproc)"
  banner "tests ($name): $tests"
  ctest --test-dir "$dir" --output-on-failure --no-tests=error -R "$tests" -j "$(nproc)"
}

# The Clang build makes the shared libtrnemu.so and installs it for an
# outside project (the install test), and runs the Python module built by
# Clang.
run_user_builds() {
  user_build "GCC Release" "$RELEASE_BUILD" g++ '^(unit|lit)$'
  user_build "Clang 19 Release, shared library" "$CLANG_BUILD" clang++-19 \
    '^(unit|lit|install|python-module)$' -DTRN_SHARED_LIBS=ON
}

run_tests() {
  banner "tests"
  # --no-tests=error: a suite that finds no tests is a broken setup, not a pass.
  ctest --test-dir "$BUILD" --output-on-failure --no-tests=error
}

# The whole suite again under the sanitizers, and the fuzz smoke tests
# (label 'fuzz': each target on a fixed number of inputs). In parallel: each test is
# one process at a time, and the fuzz tests mostly wait on one core.
run_sanitize_tests() {
  banner "tests under ASan+UBSan, and fuzzing"
  UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir "$ASAN_BUILD" --output-on-failure --no-tests=error -j "$(nproc)"
}

main() {
  local mode="demo"
  case "$#:${1:-}" in
    0:) ;;
    1:test) mode="test" ;;
    1:sanitize) mode="sanitize" ;;
    1:user-builds) mode="user-builds" ;;
    1:--help | 1:-h) usage; return 0 ;;
    *) usage >&2; return 2 ;;
  esac

  install_packages
  if [[ "$mode" != "sanitize" && "$mode" != "user-builds" ]]; then
    configure
    build
  fi
  case "$mode" in
    demo) run_demo ;;
    test)
      run_tests
      run_user_builds
      configure_sanitize
      build_sanitize
      run_sanitize_tests
      ;;
    user-builds) run_user_builds ;;
    sanitize)
      configure_sanitize
      build_sanitize
      run_sanitize_tests
      ;;
  esac
}

main "$@"
