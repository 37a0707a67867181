// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A chip lists its TensorE modes with the plain-matmul one (Form "") first:
// it gives the peak that utilisation is measured against.

include "Trn.td"

def TestMx : PeMode<"test-mx", [FP8_E4M3FN], 65536, "nc_matmul_mx", "test">;

// CHECK:      {{.*}}chip-pe-mode-order.td:[[@LINE+3]]:5: error: chip 'test-mx-first' must list its plain-matmul PE mode first
// CHECK-NEXT: {{^}}def test_mx_first : Chip<"test-mx-first", 4, "test chip"> {
// CHECK-NEXT: {{^}}    ^{{$}}
def test_mx_first : Chip<"test-mx-first", 4, "test chip"> {
  let Clocks = trn3.Clocks;
  let CoresPerChip = trn3.CoresPerChip;
  let SbufPartitionBytes = trn3.SbufPartitionBytes;
  let DmaEngineMBps = trn3.DmaEngineMBps;
  let DmaFixedNs = trn3.DmaFixedNs;
  let HbmGiB = trn3.HbmGiB;
  let HbmChipGBps = trn3.HbmChipGBps;
  let PeModes = !listconcat([TestMx], trn3.PeModes);
}
// CHECK:      {{.*}}chip-pe-mode-order.td:[[@LINE+1]]:5: error: chip 'test-none' must list its plain-matmul PE mode first
def test_none : Chip<"test-none", 4, "test chip"> {
  let Clocks = trn3.Clocks;
  let CoresPerChip = trn3.CoresPerChip;
  let SbufPartitionBytes = trn3.SbufPartitionBytes;
  let DmaEngineMBps = trn3.DmaEngineMBps;
  let DmaFixedNs = trn3.DmaFixedNs;
  let HbmGiB = trn3.HbmGiB;
  let HbmChipGBps = trn3.HbmChipGBps;
}
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
