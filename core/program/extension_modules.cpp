#include "core/program/extension_modules.h"

#include <algorithm>
#include <mutex>

namespace uops::program {
namespace {

std::mutex& lock() {
  static std::mutex m;
  return m;
}

std::vector<std::pair<std::string, ExtensionModule>>& modules() {
  static std::vector<std::pair<std::string, ExtensionModule>> m;
  return m;
}

} // namespace

void registerExtensionModule(std::string name, ExtensionModule install) {
  std::lock_guard guard(lock());
  auto& all = modules();
  auto it = std::find_if(all.begin(), all.end(), [&](const auto& m) { return m.first == name; });
  if (it != all.end()) it->second = std::move(install);
  else all.emplace_back(std::move(name), std::move(install));
}

std::vector<std::pair<std::string, ExtensionModule>> extensionModules() {
  std::lock_guard guard(lock());
  return modules();
}

} // namespace uops::program
