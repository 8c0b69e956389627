// CacheLineAllocator: a standard allocator whose blocks start on a 64-byte
// boundary (a cache line; two AVX2 vectors, one AVX-512 vector).
//
// HostTensor keeps its bytes in such blocks, and the CPU kernels are told so
// (`!align` on the buffer pointers, core/render/render_llvm.cpp): LLVM may then
// use aligned vector accesses, non-temporal stores (which need the vector's
// alignment) included, and no vector load straddles two lines at the start
// of a row.
#pragma once

#include <cstddef>
#include <new>

namespace uops {

inline constexpr std::size_t kCacheLineBytes = 64;

template <class T>
struct CacheLineAllocator {
  using value_type = T;

  CacheLineAllocator() = default;
  template <class U>
  CacheLineAllocator(const CacheLineAllocator<U>&) noexcept {} // NOLINT: rebinding converts implicitly

  T* allocate(std::size_t n) {
    return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t{kCacheLineBytes}));
  }
  void deallocate(T* p, std::size_t n) noexcept {
    ::operator delete(p, n * sizeof(T), std::align_val_t{kCacheLineBytes});
  }

  template <class U>
  friend bool operator==(const CacheLineAllocator&, const CacheLineAllocator<U>&) noexcept {
    return true;
  }
};

} // namespace uops
