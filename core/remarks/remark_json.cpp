#include "core/remarks/remark_json.h"

namespace uops {

nlohmann::json remarkJson(const Remark& remark) {
  return {{"kernel", remark.kernel},
          {"kind", std::string(remarkKindName(remark.kind))},
          {"origin", remark.origin},
          {"name", remark.name},
          {"message", remark.message},
          {"irLine", remark.irLine},
          {"programLine", remark.programLine}};
}

} // namespace uops
