#include "core/engine/device_registry.h"

#include "core/engine/ref_device.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace uops {
namespace {

struct Registry {
  std::mutex mutex;
  std::vector<DeviceKind> kinds;
  std::map<std::string, std::unique_ptr<Device>> open;
};

Registry& registry() {
  // never destroyed: devices hold driver objects that must not be released
  // from static destructors racing the drivers' own teardown at exit
  static Registry* r = [] {
    auto* made = new Registry;
    made->kinds.push_back(refDeviceKind());
    return made;
  }();
  return *r;
}

std::string upper(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::toupper(c); });
  return out;
}

std::string acceptedForms(const std::vector<DeviceKind>& kinds) {
  std::vector<std::string> forms;
  for (const DeviceKind& k : kinds) {
    // compile-only targets have a listing of their own (uopc devices --targets)
    if (!k.indexed && !k.list().empty() && k.list().front().compileOnly) continue;
    if (!k.indexed || k.bareZero) forms.push_back(k.prefix);
    if (k.indexed) forms.push_back(k.prefix + ":<n>");
  }
  if (forms.size() == 1) return forms[0];
  std::string last = forms.back();
  forms.pop_back();
  return fmt::format("{} or {}", fmt::join(forms, ", "), last);
}

std::vector<DeviceDescription> listLocked(const std::vector<DeviceKind>& kinds) {
  std::vector<DeviceDescription> out;
  for (const DeviceKind& k : kinds)
    for (DeviceDescription& d : k.list()) out.push_back(std::move(d));
  return out;
}

const DeviceKind* kindOf(const std::vector<DeviceKind>& kinds, const std::string& canonical) {
  std::string prefix = canonical.substr(0, canonical.find(':'));
  for (const DeviceKind& k : kinds)
    if (k.prefix == prefix) return &k;
  return nullptr;
}

std::string spelled(const DeviceKind& k, int64_t index) {
  return index == 0 && k.bareZero ? k.prefix : fmt::format("{}:{}", k.prefix, index);
}

int64_t indexOf(const std::string& canonical) {
  size_t colon = canonical.find(':');
  return colon == std::string::npos ? 0 : std::stoll(canonical.substr(colon + 1));
}

std::string canonicalLocked(const std::vector<DeviceKind>& kinds, std::string_view typed) {
  std::string name = upper(typed);
  std::string prefix = name.substr(0, name.find(':'));
  for (const DeviceKind& k : kinds) {
    if (upper(k.prefix) != prefix) continue; // a kind's own spelling ("sm_90") is canonical
    if (!k.indexed && name == prefix) return k.prefix;
    if (k.indexed && name == prefix) return spelled(k, 0);
    std::string index = name.size() > prefix.size() + 1 ? name.substr(prefix.size() + 1) : "";
    if (k.indexed && !index.empty() && index.size() <= 3 &&
        std::all_of(index.begin(), index.end(), [](unsigned char c) { return std::isdigit(c); }))
      return spelled(k, std::stoi(index));
  }
  throw DeviceError(fmt::format("unknown device '{}': expected {} (uopc devices lists the devices of this machine)",
                                typed, acceptedForms(kinds)));
}

// `name`'s kind, the devices it lists and whether `name` is among them or
// exists unlisted; throws DeviceError naming the devices there are when not.
struct Found {
  const DeviceKind* kind;
  std::vector<DeviceDescription> listed;
};

Found findLocked(const std::vector<DeviceKind>& kinds, const std::string& name) {
  const DeviceKind* kind = kindOf(kinds, name);
  std::vector<DeviceDescription> here = kind->list();
  bool exists = kind->exists ? kind->exists(name)
                             : std::any_of(here.begin(), here.end(), [&](const DeviceDescription& d) { return d.name == name; });
  if (!exists) {
    std::vector<std::string> names;
    for (const DeviceDescription& d : listLocked(kinds))
      names.push_back(d.name);
    throw DeviceError(fmt::format("this machine has no device {}: the devices here are {}", name, fmt::join(names, ", ")));
  }
  return {kind, std::move(here)};
}

Device& openLocked(Registry& r, const std::string& name) {
  if (auto it = r.open.find(name); it != r.open.end()) return *it->second;
  Found found = findLocked(r.kinds, name);
  return *r.open.emplace(name, found.kind->open(name)).first->second;
}

} // namespace

DeviceKind singleDeviceKind(DeviceDescription description,
                            std::function<std::unique_ptr<Device>()> make) {
  std::string prefix = description.name;
  return {.prefix = std::move(prefix),
          .indexed = false,
          .bareZero = false,
          .list = [description] { return std::vector<DeviceDescription>{description}; },
          .open = [make = std::move(make)](const std::string&) { return make(); },
          .exists = {}};
}

void registerDeviceKind(DeviceKind kind) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  auto same = std::find_if(r.kinds.begin(), r.kinds.end(),
                           [&](const DeviceKind& k) { return k.prefix == kind.prefix; });
  if (same != r.kinds.end())
    *same = std::move(kind);
  else
    r.kinds.push_back(std::move(kind));
}

std::string canonicalDeviceName(std::string_view typed) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return canonicalLocked(r.kinds, typed);
}

Device& openDevice(std::string_view typed) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return openLocked(r, canonicalLocked(r.kinds, typed));
}

DeviceDescription describeDevice(std::string_view typed) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  std::string name = canonicalLocked(r.kinds, typed);
  if (auto it = r.open.find(name); it != r.open.end()) return it->second->description();
  Found found = findLocked(r.kinds, name);
  for (DeviceDescription& d : found.listed)
    if (d.name == name) return std::move(d);
  return openLocked(r, name).description(); // exists unlisted (a virtual CPU:k)
}

std::string deviceAfter(std::string_view base, int64_t index) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  std::string name = canonicalLocked(r.kinds, base);
  const DeviceKind* kind = kindOf(r.kinds, name);
  if (!kind->indexed) return name;
  return spelled(*kind, indexOf(name) + index);
}

std::vector<DeviceDescription> listDevices() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return listLocked(r.kinds);
}

} // namespace uops
