//===- InstrScalar.td - Scalar engine (ACT) ------------------*- tablegen -*-===//
//
// tensor_scalar and tensor_copy also run here; they are defined once, in
// InstrVector.td, with every engine that may run them.
//
//===----------------------------------------------------------------------===//

def ACTIVATION : Instr<0x10, "activation", [ACT],
  (ops OnChipAP:$dst, OnChipAP:$src, ActFuncOperand:$func,
       Opt<OnChipScalar, "1.0">:$scale, Opt<OnChipScalar, "0.0">:$bias,
       Opt<F32Column, "none">:$accum),
  "$dst, $src, $func, scale=$scale, bias=$bias, accum=$accum", CC_Activation,
  "dst = func(src * scale + bias), elementwise in fp32: src is converted to "
  "fp32, multiplied by scale (an fp32 immediate or a per-partition [P, 1] "
  "value), bias is added (immediate or [P, 1]), func is applied and the result "
  "is rounded to dst's dtype. With accum, the fp32 sum over each partition's "
  "free elements of the function's results (before rounding to dst's dtype), "
  "added in element order, is written to accum ([P, 1], fp32): NKI's "
  "activation_reduce with reduce_cmd=reset_reduce. The product and the sum "
  "round separately (no fused multiply-add), so with bias 0.0 a -0 input "
  "gives +0. Scale and bias cost nothing extra (A1). dst and src have the "
  "same shape."> {
  let Outputs = ["dst", "accum"];
}
