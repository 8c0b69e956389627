#include "core/ir/op.h"

#include <array>
#include <unordered_map>

namespace uops {
namespace {

constexpr std::array<OpInfo, kOpCount> kOpInfos = {{
#define UOPS_OP_INFO(name, group, lo, hi) {#name, OpGroup::group, lo, hi},
    UOPS_FOR_EACH_OP(UOPS_OP_INFO)
#undef UOPS_OP_INFO
}};

constexpr std::array<Op, kOpCount> kAllOps = {{
#define UOPS_OP_LIST(name, group, lo, hi) Op::name,
    UOPS_FOR_EACH_OP(UOPS_OP_LIST)
#undef UOPS_OP_LIST
}};

} // namespace

const OpInfo& opInfo(Op op) { return kOpInfos[static_cast<size_t>(op)]; }

std::span<const Op> allOps() { return kAllOps; }

std::optional<Op> opFromName(std::string_view name) {
  static const auto* byName = [] {
    auto* map = new std::unordered_map<std::string_view, Op>();
    for (Op op : kAllOps)
      map->emplace(opName(op), op);
    return map;
  }();
  auto it = byName->find(name);
  if (it == byName->end())
    return std::nullopt;
  return it->second;
}

std::string_view groupName(OpGroup group) {
  switch (group) {
  case OpGroup::Source: return "source";
  case OpGroup::Movement: return "movement";
  case OpGroup::Reduce: return "reduce";
  case OpGroup::Call: return "call";
  case OpGroup::Load: return "load";
  case OpGroup::Store: return "store";
  case OpGroup::Ordering: return "ordering";
  case OpGroup::Elementwise: return "elementwise";
  case OpGroup::DecomposedElementwise: return "decomposed elementwise";
  case OpGroup::Marker: return "marker";
  case OpGroup::Codegen: return "codegen";
  }
  return "?";
}

uint32_t groupColor(OpGroup group) {
  switch (group) {
  case OpGroup::Source: return 0x9E9E9E;
  case OpGroup::Movement: return 0x2E7D32;
  case OpGroup::Reduce: return 0xC62828;
  case OpGroup::Call: return 0x1565C0;
  case OpGroup::Load: return 0xC08080;
  case OpGroup::Store: return 0x7B1FA2;
  case OpGroup::Ordering: return 0x795548;
  case OpGroup::Elementwise: return 0xF9A825;
  case OpGroup::DecomposedElementwise: return 0xF9A825;
  case OpGroup::Marker: return 0xE65100;
  case OpGroup::Codegen: return 0x546E7A;
  }
  return 0;
}

} // namespace uops
