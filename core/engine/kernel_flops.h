// How much work a kernel does, for GFLOPS and GB/s next to its time (the
// Run view, the roofline, the HTML report), derived from the scheduled kernel:
// - flops: every floating-point arithmetic op (elementwise ops, and the
//   accumulation of a Reduce) counts once per iteration of the ranges it sits
//   in, a range's trip count being its bound's maximum (min_max), per vector
//   lane; a multiply-add counts two, as the roof's peak does; conversions
//   (Cast) are not arithmetic;
// - intOps: the same count for arithmetic on integer values that are not
//   addresses (Tensor.rand's Threefry hashing): not FLOPs, shown apart;
//   address arithmetic on the index dtype is counted in neither;
// - bytes: every buffer the kernel binds, read or written once in full.
#pragma once

namespace uops {

struct ScheduledKernel;

struct KernelWork {
  double flops = 0;
  double bytes = 0;
  double intOps = 0;
};

KernelWork kernelWork(const ScheduledKernel& kernel);

} // namespace uops
