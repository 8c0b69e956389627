#include "backends/opencl/cl_probe_request.h"

#include "backends/opencl/cl_error.h"

#include <nlohmann/json.hpp>

#include <bit>
#include <type_traits>

namespace uops {
namespace {

using Json = nlohmann::json;

Json rangeJson(const ClRange& range) {
  Json sizes = Json::array();
  for (int d = 0; d < range.dims; ++d) sizes.push_back(range.sizes[size_t(d)]);
  return sizes;
}

ClRange rangeOf(const Json& sizes) {
  const auto s = [&](size_t i) { return sizes.at(i).get<size_t>(); };
  switch (sizes.size()) {
  case 0: return {};
  case 1: return ClRange(s(0));
  case 2: return ClRange(s(0), s(1));
  case 3: return ClRange(s(0), s(1), s(2));
  default: throw ClError(ClError::Kind::Usage, "a launch range has 0 to 3 sizes");
  }
}

Json argJson(const ClProbeArg& arg) {
  return std::visit(
      [](const auto& value) -> Json {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, ClProbeBuffer>) return {{"buffer", value.bytes}};
        else if constexpr (std::is_same_v<T, int32_t>) return {{"int32", value}};
        else if constexpr (std::is_same_v<T, int64_t>) return {{"int64", value}};
        else return {{"float_bits", std::bit_cast<uint32_t>(value)}}; // NaN and inf too
      },
      arg);
}

ClProbeArg argOf(const Json& arg) {
  if (arg.contains("buffer")) return ClProbeBuffer{arg.at("buffer").get<size_t>()};
  if (arg.contains("int32")) return arg.at("int32").get<int32_t>();
  if (arg.contains("int64")) return arg.at("int64").get<int64_t>();
  if (arg.contains("float_bits")) return std::bit_cast<float>(arg.at("float_bits").get<uint32_t>());
  throw ClError(ClError::Kind::Usage, "an argument is none of buffer, int32, int64, float_bits");
}

} // namespace

std::string toJson(const ClProbeRequest& request) {
  Json programs = Json::array();
  for (const ClProbeRequest::Program& p : request.programs)
    programs.push_back({{"source", p.source}, {"options", p.options}});
  Json launches = Json::array();
  for (const ClProbeRequest::Launch& l : request.launches) {
    Json args = Json::array();
    for (const ClProbeArg& arg : l.args) args.push_back(argJson(arg));
    Json launch{{"program", l.program},
                {"kernel", l.kernel},
                {"global", rangeJson(l.global)},
                {"local", rangeJson(l.local)},
                {"args", std::move(args)}};
    if (!l.name.empty()) launch["name"] = l.name;
    launches.push_back(std::move(launch));
  }
  Json root{{"device", request.device}, {"programs", std::move(programs)}, {"launches", std::move(launches)}};
  if (!request.injectFault.empty()) root["inject_fault"] = request.injectFault;
  return root.dump();
}

ClProbeRequest parseProbeRequest(std::string_view json) {
  try {
    const Json root = Json::parse(json);
    ClProbeRequest request;
    request.device = root.at("device").get<std::string>();
    for (const Json& p : root.at("programs"))
      request.programs.push_back({p.at("source").get<std::string>(), p.at("options").get<std::string>()});
    for (const Json& l : root.at("launches")) {
      ClProbeRequest::Launch launch{.program = l.at("program").get<size_t>(),
                                    .kernel = l.at("kernel").get<std::string>(),
                                    .args = {},
                                    .global = rangeOf(l.at("global")),
                                    .local = rangeOf(l.at("local"))};
      if (launch.program >= request.programs.size())
        throw ClError(ClError::Kind::Usage, "a launch names a program the request does not hold");
      for (const Json& arg : l.at("args")) launch.args.push_back(argOf(arg));
      if (l.contains("name")) launch.name = l.at("name").get<std::string>();
      request.launches.push_back(std::move(launch));
    }
    if (root.contains("inject_fault")) request.injectFault = root.at("inject_fault").get<std::string>();
    return request;
  } catch (const nlohmann::json::exception& e) {
    throw ClError(ClError::Kind::Usage, std::string("not a probe request: ") + e.what());
  }
}

} // namespace uops
