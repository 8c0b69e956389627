#include "backends/llvm/llvm_jit.h"

#include "backends/llvm/compile_to_object.h"
#include "backends/llvm/compiled_kernel_state.h"
#include "backends/llvm/kernel_cache.h"
#include "backends/llvm/object_cache.h"
#include "backends/llvm/target_machine.h"
#include "core/runtime/fault_injection.h"

#include <llvm/ExecutionEngine/Orc/Core.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>

#include <atomic>
#include <memory>
#include <optional>
#include <chrono>

namespace uops {

namespace {

// One module's place in the JIT: its own JITDylib (so every module may name
// its entry `kernel`) and the ResourceTracker that owns its code. Held by the
// kernel's handles; the last one unlinks the module. It holds the LLJIT too,
// so a handle may outlive the LlvmJit that made it.
struct Residency {
  std::shared_ptr<llvm::orc::LLJIT> jit;
  llvm::orc::JITDylib* dylib = nullptr;
  llvm::orc::ResourceTrackerSP tracker;

  ~Residency() {
    // A destructor has nobody to report to; a failed removal only leaks memory.
    llvm::consumeError(tracker->remove());
    llvm::consumeError(jit->getExecutionSession().removeJITDylib(*dylib));
  }
};

std::shared_ptr<Residency> makeResidency(const std::shared_ptr<llvm::orc::LLJIT>& jit) {
  static std::atomic<uint64_t> counter{0};
  // JITDylib names must be unique within a session; nobody looks them up.
  auto dylib = jit->createJITDylib("uops.kernel." + std::to_string(++counter));
  if (!dylib)
    throw JitError(JitError::Kind::Setup,
                   "cannot create a JITDylib: " + llvm::toString(dylib.takeError()));
  auto residency = std::make_shared<Residency>();
  residency->jit = jit;
  residency->dylib = &*dylib;
  residency->tracker = dylib->createResourceTracker();
  return residency;
}

// The JIT reports why linking failed (an unresolved symbol) to the session's
// error reporter; the lookup itself only learns that it failed. Linking runs
// on the thread that looks up, so each thread collects its own reports.
thread_local std::string t_linkErrors;

void collectLinkError(llvm::Error error) {
  t_linkErrors += (t_linkErrors.empty() ? "" : "; ") + llvm::toString(std::move(error));
}

} // namespace

struct LlvmJit::Impl {
  explicit Impl(const JitConfig& config) : cache(config.keepRecent) {
    if (!config.diskCache.empty()) disk = std::make_unique<ObjectCache>(config.diskCache);
  }

  // Links the object into a fresh JITDylib and resolves the entry.
  void link(CompiledKernel::State& kernel) const;

  TargetDesc target = hostTarget();
  std::shared_ptr<llvm::orc::LLJIT> jit;
  KernelCache cache;
  std::unique_ptr<ObjectCache> disk;
  std::atomic<uint64_t> compiles{0};
  std::atomic<uint64_t> diskHits{0};
  std::atomic<uint64_t> cacheHits{0};
};

void LlvmJit::Impl::link(CompiledKernel::State& kernel) const {
  const auto start = std::chrono::steady_clock::now();
  auto residency = makeResidency(jit); // unlinks whatever was added if we throw below
  const llvm::StringRef bytes(reinterpret_cast<const char*>(kernel.object.data()),
                              kernel.object.size());
  if (auto error = jit->addObjectFile(
          residency->tracker, llvm::MemoryBuffer::getMemBufferCopy(bytes, kernel.entryName)))
    throw JitError(JitError::Kind::Link, "cannot add the kernel's object to the JIT: " +
                                             llvm::toString(std::move(error)));
  // The lookup links the object: unresolved symbols are reported here.
  t_linkErrors.clear();
  auto address = jit->lookup(*residency->dylib, kernel.entryName);
  if (!address) {
    std::string failure = llvm::toString(address.takeError());
    throw JitError(JitError::Kind::Link,
                   "cannot link the kernel: " + (t_linkErrors.empty() ? failure : t_linkErrors));
  }
  kernel.entry = address->toPtr<void*>();
  kernel.residency = std::move(residency);
  kernel.times.linkMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

LlvmJit::LlvmJit(JitConfig config) : m_impl(std::make_unique<Impl>(config)) {
  initializeNativeLlvm();
  auto jit = llvm::orc::LLJITBuilder().create();
  if (!jit)
    throw JitError(JitError::Kind::Setup,
                   "cannot start LLVM's JIT: " + llvm::toString(jit.takeError()));
  m_impl->jit = std::move(*jit);
  m_impl->jit->getExecutionSession().setErrorReporter(collectLinkError);
}

LlvmJit::~LlvmJit() = default;

CompiledKernel LlvmJit::compile(const std::string& ir, const CompileOptions& options) {
  if (options.optLevel < 0 || options.optLevel > 3)
    throw JitError(JitError::Kind::Setup,
                   "optimization level must be 0..3, got " + std::to_string(options.optLevel));
  // Everything that decides the machine code; the target is this JIT's.
  const std::string key = std::to_string(options.optLevel) + '\0' + options.entry + '\0' + ir;
  if (CompiledKernel hit = m_impl->cache.find(key)) {
    ++m_impl->cacheHits;
    return hit;
  }
  auto state = std::make_shared<CompiledKernel::State>();
  state->entryName = options.entry;
  state->target = m_impl->target;
  std::string diskKey;
  std::optional<StoredObject> stored;
  if (m_impl->disk && !faultInjected("llvm", ir)) { // an injected fault is for a compile: no stored object
    diskKey = ObjectCache::key(ir, options.entry, options.optLevel, m_impl->target);
    stored = m_impl->disk->find(diskKey);
  }
  if (stored) {
    state->optimizedIr = std::move(stored->optimizedIr);
    state->object = std::move(stored->object);
    m_impl->link(*state);
    ++m_impl->diskHits;
  } else {
    ObjectArtifacts artifacts = compileToObject(ir, options.entry, m_impl->target, options.optLevel);
    state->optimizedIr = std::move(artifacts.optimizedIr);
    state->object = std::move(artifacts.object);
    state->times = artifacts.times;
    m_impl->link(*state); // a kernel that does not link is not stored
    ++m_impl->compiles;
    if (!diskKey.empty()) m_impl->disk->store(diskKey, {state->optimizedIr, state->object});
  }
  // Another thread may have compiled the same text meanwhile: all share its kernel.
  return m_impl->cache.insert(key, CompiledKernel(std::move(state)));
}

const TargetDesc& LlvmJit::target() const {
  return m_impl->target;
}

JitStats LlvmJit::stats() const {
  return {.compiles = m_impl->compiles.load(),
          .cacheHits = m_impl->cacheHits.load(),
          .diskHits = m_impl->diskHits.load(),
          .diskCommits = m_impl->disk ? m_impl->disk->commits() : 0,
          .liveKernels = m_impl->cache.liveCount()};
}

void LlvmJit::clearCache() {
  m_impl->cache.clearRecent();
}

LlvmJit::StoreBatch::StoreBatch(LlvmJit& jit) : m_jit(jit) {
  if (m_jit.m_impl->disk) m_jit.m_impl->disk->beginBatch();
}

LlvmJit::StoreBatch::~StoreBatch() {
  if (m_jit.m_impl->disk) m_jit.m_impl->disk->endBatch();
}

} // namespace uops
