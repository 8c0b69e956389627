// LLVM IR of the kernels that measure the CPU's peaks (cpu_peaks.h), built to
// reach the hardware's limits rather than rendered from UOps:
// - fma_peak(ptr %io, i64 %n): `chains` independent multiply-add chains on
//   <lanes x float>, each stepped `unroll` times per iteration, n iterations;
//   io[0] is the multiplier, io[1] the addend, io[2] receives the chains' sum
//   (so nothing is dead). Independent chains hide the FMA unit's latency, so
//   the loop runs at its throughput;
// - read_peak(ptr %src, i64 %n, ptr %out): xors n vectors of <lanes x i32>
//   from src into four accumulators (a multiple of four vectors), the stream
//   of loads alone; out receives the result;
// - copy_peak(ptr %src, i64 %n, ptr %dst): copies n vectors of <lanes x i32>
//   (a multiple of four, both buffers aligned to the vector) with
//   non-temporal stores, which write whole lines without first reading them
//   (a plain copy's stores read each line from memory; glibc's memcpy streams
//   only above a threshold it takes from the reported cache sizes), then a
//   fence that orders them.
#pragma once

#include <string>

namespace uops {

struct PeakKernelShape {
  int lanes = 16;  // floats per vector register (16 with AVX-512, 8 with AVX, 4 else)
  int chains = 16; // independent accumulators, fewer than the vector registers
  int unroll = 4;  // FMAs per chain per loop iteration
};

std::string fmaPeakIr(const PeakKernelShape& shape);
std::string readPeakIr(int lanes);
std::string copyPeakIr(int lanes);

// FLOPs one thread's fma_peak does in `n` iterations (an FMA is two).
double fmaPeakFlops(const PeakKernelShape& shape, long long n);

} // namespace uops
