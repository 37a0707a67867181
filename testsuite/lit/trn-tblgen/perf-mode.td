// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A performance mode speeds something up (Speedup >= 1) for some cost class
// on some engine.

include "Trn.td"

// CHECK:      {{.*}}perf-mode.td:[[@LINE+3]]:5: error: perf mode 'test-slow' has speedup 0: it must be at least 1
// CHECK-NEXT: {{^}}def TestSlow : PerfMode<"test-slow", [CC_TensorCopy], [DVE], [], 0, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TestSlow : PerfMode<"test-slow", [CC_TensorCopy], [DVE], [], 0, "test">;
// CHECK:      {{.*}}perf-mode.td:[[@LINE+1]]:5: error: perf mode 'test-noclass' names no cost class or no engine
def TestNoClass : PerfMode<"test-noclass", [], [DVE], [], 2, "test">;
// CHECK:      {{.*}}perf-mode.td:[[@LINE+1]]:5: error: perf mode 'test-noengine' names no cost class or no engine
def TestNoEngine : PerfMode<"test-noengine", [CC_TensorCopy], [], [], 2, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 3 errors.
