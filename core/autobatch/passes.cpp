#include "core/autobatch/passes.h"

namespace uops::autobatch {

const std::vector<std::string>& passNames() {
  static const std::vector<std::string> names{"front end", "types", "allocation", "lowering", "fusion"};
  return names;
}

std::vector<PassRecord> runPasses(const Program& frontEnd, const std::vector<TensorType>& inputs, int64_t batch) {
  std::vector<PassRecord> out;
  out.push_back({"front end", frontEnd});
  out.push_back({"types", inferTypes(frontEnd, inputs, batch)});
  out.push_back({"allocation", allocate(out.back().program)});
  out.push_back({"lowering", lowerFunctionCalls(out.back().program)});
  out.push_back({"fusion", fusePopPush(out.back().program)});
  return out;
}

} // namespace uops::autobatch
