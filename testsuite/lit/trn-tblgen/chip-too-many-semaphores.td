// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// The encoding must be able to name every semaphore a chip has: the
// semaphore operand's index field is 8 bits, so 256 fit and 257 do not.

include "Trn.td"

// CHECK:      {{.*}}chip-too-many-semaphores.td:[[@LINE+3]]:5: error: chip 'test257' has Semaphores = 257, more than an 8-bit field can name
// CHECK-NEXT: {{^}}def test257 : Chip<"test257", 2, "test chip"> {
// CHECK-NEXT: {{^}}    ^{{$}}
def test257 : Chip<"test257", 2, "test chip"> {
  let Clocks = trn1.Clocks;
  let CoresPerChip = trn1.CoresPerChip;
  let SbufPartitionBytes = trn1.SbufPartitionBytes;
  let DmaEngineMBps = trn1.DmaEngineMBps;
  let DmaFixedNs = trn1.DmaFixedNs;
  let HbmGiB = trn1.HbmGiB;
  let HbmChipGBps = trn1.HbmChipGBps;
  let PeModes = trn1.PeModes;
  let Semaphores = 257;
}
def test256 : Chip<"test256", 2, "test chip"> {
  let Clocks = trn1.Clocks;
  let CoresPerChip = trn1.CoresPerChip;
  let SbufPartitionBytes = trn1.SbufPartitionBytes;
  let DmaEngineMBps = trn1.DmaEngineMBps;
  let DmaFixedNs = trn1.DmaFixedNs;
  let HbmGiB = trn1.HbmGiB;
  let HbmChipGBps = trn1.HbmChipGBps;
  let PeModes = trn1.PeModes;
  let Semaphores = 256;
}
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
