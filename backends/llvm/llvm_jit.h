// The CPU backend's compiler: LLVM IR text in, a callable kernel out. Each
// module is optimized with the new pass manager's default pipeline for the
// host CPU (its vector extensions included), compiled to an object file we
// keep for the ISA view, and linked in-process by ORC's LLJIT.
//
// Thread-safe: compiles run in parallel (each has its own LLVMContext and
// TargetMachine); only the cache and the JIT's linking are shared.
#pragma once

#include "backends/llvm/compiled_kernel.h"
#include "backends/llvm/jit_error.h"
#include "backends/llvm/target_desc.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace uops {

struct CompileOptions {
  std::string entry = "kernel"; // the function whose address CompiledKernel::entry() returns
  int optLevel = 3;             // 0..3, as clang's -O; kernels want 2 or 3
};

struct JitConfig {
  // Kernels the cache keeps alive after their last handle goes, most recently
  // used first (0: a kernel lives exactly as long as its handles).
  size_t keepRecent = 256;
  // Compiled objects on disk (object_cache.h): a file path, or empty for none.
  std::string diskCache;
};

struct JitStats {
  uint64_t compiles = 0;  // IR texts actually compiled
  uint64_t cacheHits = 0; // compile() calls answered from the cache
  uint64_t diskHits = 0;  // compiles answered by the disk cache (linked, not compiled)
  int64_t diskCommits = 0; // transactions that wrote compiled kernels to the disk cache
  size_t liveKernels = 0; // modules linked in the JIT right now
};

class LlvmJit {
public:
  // Throws JitError (Setup) if LLVM has no JIT for the host.
  explicit LlvmJit(JitConfig config = {});
  ~LlvmJit();
  LlvmJit(const LlvmJit&) = delete;
  LlvmJit& operator=(const LlvmJit&) = delete;

  // The kernel for `ir`: from the cache when the same text was compiled with
  // the same options and is still alive, else compiled now. Throws JitError
  // with LLVM's message (and the IR line, when there is one); the JIT stays
  // usable after any failure.
  CompiledKernel compile(const std::string& ir, const CompileOptions& options = {});

  const TargetDesc& target() const;
  JitStats stats() const;
  // Forgets the kernels only the cache keeps alive (handles keep theirs).
  void clearCache();

  // While one is alive, the kernels this JIT compiles reach the disk cache
  // together, in one transaction when the last one ends (object_cache.h): a
  // schedule's kernels cost one commit. Nests; several threads may hold one.
  class StoreBatch {
  public:
    explicit StoreBatch(LlvmJit& jit);
    ~StoreBatch();
    StoreBatch(const StoreBatch&) = delete;
    StoreBatch& operator=(const StoreBatch&) = delete;

  private:
    LlvmJit& m_jit;
  };

private:
  struct Impl; // llvm_jit.cpp
  std::unique_ptr<Impl> m_impl;
};

} // namespace uops
