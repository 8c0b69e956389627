#include "core/runtime/cache_dir.h"

#include <cstdlib>
#include <filesystem>

namespace uops {

std::string userCacheDirectory() {
  namespace fs = std::filesystem;
  if (const char* c = std::getenv("UOPSCOPE_CACHE_DIR"); c && *c) return c;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return (fs::path(x) / "uopscope").string();
  if (const char* h = std::getenv("HOME"); h && *h) return (fs::path(h) / ".cache" / "uopscope").string();
  return (fs::temp_directory_path() / "uopscope").string();
}

} // namespace uops
