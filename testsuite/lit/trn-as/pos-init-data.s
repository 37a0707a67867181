# RUN: trn-as %s -o %t.o
# RUN: trn-objdump -d %t.o | FileCheck --strict-whitespace %s
#
# Initial data of an HBM tensor: a list of one value per element, fill(v) for
# every element, or hex("...") for the raw little-endian bytes. Values are
# converted to the dtype, floats rounding to nearest even; integers must fit.

# CHECK:      {{^}}.tensor w : fp32[2, 3] input at 0x0 = hex("0000803f000020c00000003f0000807f000080ff0000c07f"){{$}}
.tensor w : fp32[2, 3] input = [1, -2.5, 0.5, inf, -inf, nan]
# CHECK-NEXT: {{^}}.tensor f : bf16[4] input at 0x40 = hex("c03fc03fc03fc03f"){{$}}
.tensor f : bf16[4] input = fill(1.5)
# 1 + 2^-8 and 1 + 3 * 2^-8 are halfway between two bf16 values.
# CHECK-NEXT: {{^}}.tensor r : bf16[3] input at 0x80 = hex("803f823f0080"){{$}}
.tensor r : bf16[3] input = [1.00390625, 1.01171875, -0.0]
# CHECK-NEXT: {{^}}.tensor h : fp16[2] input at 0xC0 = hex("003e00fc"){{$}}
.tensor h : fp16[2] input = [1.5, -inf]
# CHECK-NEXT: {{^}}.tensor i8 : int8[4] input at 0x100 = hex("807f00ff"){{$}}
.tensor i8 : int8[4] input = [-128, 127, 0, -1]
# CHECK-NEXT: {{^}}.tensor i16 : int16[2] input at 0x140 = hex("0080ff7f"){{$}}
.tensor i16 : int16[2] input = [-32768, 32767]
# CHECK-NEXT: {{^}}.tensor u16 : uint16[2] input at 0x180 = hex("ffffffff"){{$}}
.tensor u16 : uint16[2] input = fill(65535)
# CHECK-NEXT: {{^}}.tensor u32 : uint32[1] input at 0x1C0 = hex("ffffffff"){{$}}
.tensor u32 : uint32[1] input = [4294967295]
# CHECK-NEXT: {{^}}.tensor raw : uint8[3] input at 0x200 = hex("0aff7f"){{$}}
.tensor raw : uint8[3] input = hex("0aFF7f")
# tf32 keeps 10 mantissa bits in the top of its 4 bytes.
# CHECK-NEXT: {{^}}.tensor t32 : tf32[2] input at 0x240 = hex("0000803f0000803f"){{$}}
.tensor t32 : tf32[2] input = [1.0, 1.00048828125]
# CHECK-NEXT: {{^}}.tensor e4 : fp8_e4m3[2] input at 0x280 = hex("3877"){{$}}
.tensor e4 : fp8_e4m3[2] input = [1, 240]
# CHECK-NEXT: {{^}}.tensor e5 : fp8_e5m2[2] input at 0x2C0 = hex("3cbc"){{$}}
.tensor e5 : fp8_e5m2[2] input = [1, -1]
# A tensor without initial data.
# CHECK-NEXT: {{^}}.tensor out : fp32[4] output at 0x300{{$}}
.tensor out : fp32[4] output
