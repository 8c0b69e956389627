#include "backends/llvm/cpu_peaks.h"

#include "backends/llvm/llvm_jit.h"
#include "backends/llvm/peak_kernels.h"
#include "core/runtime/cache_line_allocator.h"
#include "core/runtime/worker_pool.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <ctime>
#include <functional>
#include <latch>
#include <memory>
#include <thread>
#include <vector>

#include <unistd.h>

namespace uops {
namespace {

constexpr int kFmaRuns = 3; // each about kRunSeconds
constexpr int kStreamRuns =
    8; // each tens of milliseconds: a quiet moment among them on a busy machine
constexpr double kRunSeconds = 0.2;

double threadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// job(t) for every t < threads, each on a thread of its own, all released at
// once; the CPU seconds each thread's job took.
std::vector<double> cpuSecondsOnEveryThread(int threads, const std::function<void(int)>& job) {
  std::vector<double> seconds(static_cast<size_t>(threads));
  std::latch ready(threads);
  std::vector<std::jthread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      ready.arrive_and_wait();
      const double cpu = threadCpuSeconds();
      job(t);
      seconds[static_cast<size_t>(t)] = threadCpuSeconds() - cpu;
    });
  workers.clear(); // joins them
  return seconds;
}

// The best of `runs` runs of `run`, which returns a rate.
double bestOf(int runs, const std::function<double()>& run) {
  double best = 0;
  for (int i = 0; i < runs; ++i)
    best = std::max(best, run());
  return best;
}

double fmaGflops(LlvmJit& jit, const PeakKernelShape& shape, int threads) {
  CompiledKernel kernel = jit.compile(fmaPeakIr(shape), {.entry = "fma_peak", .optLevel = 2});
  auto fmaPeak = kernel.entryAs<void(float*, int64_t)>();
  // per thread: multiplier, addend, result; the chains settle at addend / (1 - multiplier)
  std::vector<std::vector<float>> io(static_cast<size_t>(threads),
                                     std::vector<float>(3 * shape.lanes, 0.999999f));
  for (std::vector<float>& v : io)
    std::fill(v.begin() + shape.lanes, v.begin() + 2 * shape.lanes, 1e-6f);
  auto rate = [&](long long n) {
    const std::vector<double> seconds = cpuSecondsOnEveryThread(
        threads, [&](int i) { fmaPeak(io[static_cast<size_t>(i)].data(), n); });
    double sum = 0;
    for (double s : seconds)
      sum += fmaPeakFlops(shape, n) / std::max(s, 1e-9);
    return sum;
  };
  const long long probe = 1 << 18;
  const double perThread = rate(probe) / threads; // FLOPs per second
  const auto n =
      static_cast<long long>(std::max(1.0, kRunSeconds * perThread / fmaPeakFlops(shape, 1)));
  return bestOf(kFmaRuns, [&] { return rate(n); }) / 1e9;
}

// Bytes per buffer: 256 MiB, or an eighth of the memory free now, at least 16 MiB.
size_t largestStream() {
  const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  const double free =
      pages > 0 && page > 0 ? static_cast<double>(pages) * static_cast<double>(page) : 0;
  return static_cast<size_t>(std::clamp(free / 8, 16.0 * (1 << 20), 256.0 * (1 << 20)));
}

// Seconds `job(j)` takes for every j < jobs, spread over the cores the way a
// CPU kernel's THREAD indices are (the process's pool, one consecutive span of
// jobs a core, cpu_device.cpp), timed as a kernel launch is, so the roof and
// the kernels under it are measured alike (streams on threads made for each
// run measured 94-110 GB/s where a copy kernel then reached 132).
double spannedSeconds(size_t jobs, const std::function<void(size_t)>& job) {
  const auto start = std::chrono::steady_clock::now();
  parallelForInSpans(jobs, job);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// GB/s of copies (memcpy's and copy_peak's) and a read of two buffers of `wanted` bytes each.
double streamGbps(LlvmJit& jit, int lanes, int threads, size_t wanted) {
  CompiledKernel kernel = jit.compile(readPeakIr(lanes), {.entry = "read_peak", .optLevel = 2});
  auto readPeak = kernel.entryAs<void(const void*, int64_t, void*)>();
  CompiledKernel copier = jit.compile(copyPeakIr(lanes), {.entry = "copy_peak", .optLevel = 2});
  auto copyPeak = copier.entryAs<void(const void*, int64_t, void*)>();
  const size_t vector = static_cast<size_t>(lanes) * 4,
               step = vector * 4; // read_peak takes four vectors a step
  // eight jobs a core, as the kernels' THREAD ranges are cut
  const size_t jobs = static_cast<size_t>(threads) * 8;
  const size_t chunk = std::max(step, wanted / jobs / step * step);
  const size_t bytes = chunk * jobs;
  // pages touched before timing: the first touch is the kernel's page faults, not memory
  // on cache lines, as copy_peak's vectors need (and as HostTensor's bytes are)
  std::vector<std::byte, CacheLineAllocator<std::byte>> srcBytes(bytes, std::byte{1}), dstBytes(bytes);
  std::byte* src = srcBytes.data();
  std::byte* dst = dstBytes.data();
  std::vector<std::vector<std::byte>> out(jobs, std::vector<std::byte>(vector));
  auto at = [&](std::byte* base, size_t j) { return base + chunk * j; };
  const auto n = static_cast<int64_t>(chunk / vector);
  const double copy = bestOf(kStreamRuns, [&] {
    return 2.0 * static_cast<double>(bytes) /
           spannedSeconds(jobs, [&](size_t j) { std::memcpy(at(dst, j), at(src, j), chunk); });
  });
  const double streamedCopy = bestOf(kStreamRuns, [&] {
    return 2.0 * static_cast<double>(bytes) /
           spannedSeconds(jobs, [&](size_t j) { copyPeak(at(src, j), n, at(dst, j)); });
  });
  const double read = bestOf(kStreamRuns, [&] {
    return static_cast<double>(bytes) /
           spannedSeconds(jobs, [&](size_t j) { readPeak(at(src, j), n, out[j].data()); });
  });
  return std::max({copy, streamedCopy, read}) / 1e9;
}

} // namespace

DevicePeaks measureCpuPeaks(LlvmJit& jit, int vectorBits) {
  const int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // 32 vector registers with AVX-512 (16 chains), 16 with AVX (12 chains, the
  // multiplier and addend beside them)
  const PeakKernelShape shape{
      .lanes = std::max(4, vectorBits / 32), .chains = vectorBits >= 512 ? 16 : 12, .unroll = 4};
  // a last-level cache may hold hundreds of MiB (508 MiB on a 2-core cloud EPYC): a kernel
  // whose buffers fit streams from it, so the roof is the better of a stream
  // that fits such a cache and the largest one
  const double gbps = std::max(streamGbps(jit, shape.lanes, threads, size_t{64} << 20),
                               streamGbps(jit, shape.lanes, threads, largestStream()));
  return {.gflops = fmaGflops(jit, shape, threads), .gbps = gbps};
}

} // namespace uops
