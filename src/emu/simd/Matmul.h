//===- simd/Matmul.h - TensorE's matmul on fp32 rows, vectorised -*- C++ -*-===//
//
// dst[m, n] = sum over k of stationary[k, m] * moving[k, n] (docs/numerics.md,
// "TensorE"): each product rounded to fp32, added in increasing k with a
// rounding after each addition, starting from the first product
// (overwrite) or from dst (accumulate). The kernel is vectorised across n and
// register-blocked over m and n, with k innermost so that every element's
// sum keeps the documented order. Highway picks the instruction set at run
// time; every target gives the bits of the scalar reference.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_SIMD_MATMUL_H
#define TRN_EMU_SIMD_MATMUL_H

#include "trn/isa/Isa.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace trn::emu::simd {

// One matmul on fp32 rows. Dst: M rows of N values, row m at
// Dst + m * DstStride; Stationary: K rows of M values (row k, column m);
// Moving: K rows of N values, row k at Moving + k * MovingStride. The rows
// of Dst overlap neither operand.
struct MatmulArgs {
  float *Dst = nullptr;
  size_t DstStride = 0;
  const float *Stationary = nullptr;
  const float *Moving = nullptr;
  size_t MovingStride = 0;
  size_t K = 0, M = 0, N = 0;
  bool Accumulate = false; // start from dst, else from the first product
};

// How the kernel forms w * x + acc. Fused (one FMA) gives the bits of a
// rounded product then a rounded addition only when every product is exact
// in fp32; productsExact says when.
enum class Products : uint8_t { Separate, Fused };

// The documented result, in the order and with the NaN rule of the scalar
// loop trnemu has always run: a product that is NaN is moving's NaN if
// moving is NaN, else the stationary's (quietened), else the host's default
// NaN (0 * inf); a sum that is NaN is the product's NaN if the product is
// NaN, else the accumulator's (quietened), else the default NaN (inf - inf).
void matmulReference(const MatmulArgs &A);

// The register-blocked kernel, in the dispatched instruction set. Its bits
// are the reference's when no input (stationary, moving, and dst with
// Accumulate) is NaN: then every NaN it makes is the default NaN, whichever
// operand order the instructions use.
void matmulKernel(const MatmulArgs &A, Products P);

// Chooses: the reference when an input is NaN, else the kernel, fused when
// NarrowSignificands (neither input dtype is fp32: every significand has at
// most 11 bits) and productsExact.
void matmul(const MatmulArgs &A, bool NarrowSignificands);

// The binary exponents of a set of fp32 values: every finite nonzero value
// v has 2^MinExp <= |v| < 2^(MaxExp + 1) (subnormals count as 2^-149 below
// and 2^-126 above); Finite is false when there is none.
struct ExponentRange {
  int32_t MinExp = 0, MaxExp = 0;
  bool Finite = false; // at least one finite nonzero value
  bool Inf = false;
  bool NaN = false;
};
ExponentRange exponentRange(const float *Values, size_t Count);
ExponentRange merge(const ExponentRange &A, const ExponentRange &B);
// Every product of a value of W and one of X, each with at most 12
// significant bits, is exact in fp32: it stays within the normal range.
bool productsExact(const ExponentRange &W, const ExponentRange &X);

// Count stored elements of dtype T (a matmul input type: fp32, tf32, bf16,
// fp16 or an fp8) as fp32, bit for bit what loadAsFloat gives.
void convertToFp32(isa::DType T, const uint8_t *Raw, size_t Count, float *Out);

// For tests and benchmarks: the instruction sets compiled in and usable on
// this host (Highway target bits), the one dispatch chooses now, and
// restricting dispatch to some of them (0: all again). The restriction is
// Highway's, process-wide: it holds for every dispatched kernel.
std::vector<int64_t> matmulTargets();
std::string matmulTargetName();
void restrictMatmulTargets(int64_t Targets);

} // namespace trn::emu::simd

#endif
