#include "core/render/render_opencl.h"

#include "core/ir/variable.h"
#include "core/render/codegen_error.h"
#include "core/render/contractible.h"
#include "core/render/grid_specials.h"
#include "core/render/kernel_symbol.h"
#include "core/render/render_opencl_expr.h"
#include "core/render/vector_access.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

namespace uops {
namespace {

using opencl::cType;


class OpenClWriter {
public:
  OpenClWriter(const KernelMemoryPlan& plan, VectorPlan vectors, std::unordered_set<const UOp*> contract)
      : m_plan(plan), m_vectors(std::move(vectors)), m_contract(std::move(contract)) {}

  void node(const UOp& u) {
    switch (u.op()) {
    case Op::Param:
      if (isVariable(u)) return bind(u, variableOf(u).name); // a scalar argument
      return bind(u, fmt::format("data{}", u.argAs<ParamArg>().slot));
    case Op::Buffer:
      if (u.argAs<BufferArg>().addrSpace == AddrSpace::Local) return localBuffer(u);
      if (m_plan.slotOf(u) < 0) fail(u, "kernels reach global buffers through Params");
      return bind(u, fmt::format("reg{}", m_plan.slotOf(u)));
    case Op::Special:
      return special(u);
    case Op::Barrier:
      return line("barrier(CLK_LOCAL_MEM_FENCE);");
    case Op::After:
      return bind(u, name(*u.src(0))); // ordering only: the buffer itself
    case Op::Const:
      return bind(u, opencl::literal(u));
    case Op::Index:
      m_access[&u] = {name(*u.src(0)), name(*u.src(1)), u.src(0)->op() == Op::Param};
      return bind(u, fmt::format("{}[{}]", name(*u.src(0)), name(*u.src(1))));
    case Op::Load:
      return load(u);
    case Op::Store:
      return store(u);
    case Op::Range:
      return range(u);
    case Op::End:
      --m_depth;
      return line("}");
    case Op::Group:
      return;
    default:
      break;
    }
    if (!isElementwise(u.op()) && u.op() != Op::Cast && u.op() != Op::Bitcast)
      fail(u, "not an instruction of an OpenCL kernel");
    std::vector<std::string> args;
    for (const UOpPtr& s : u.src()) args.push_back(name(*s));
    std::string expr = opencl::expression(u, args, m_helpers);
    // a contractible product is written into its accumulator update's
    // expression, where OpenCL C may fuse the two into one FMA
    if (u.op() == Op::Mul && m_contract.contains(&u)) return bind(u, expr);
    define(u, expr);
  }

  std::vector<std::string> lines;
  std::vector<const UOp*> lineNodes; // parallel to lines: the node each came from
  std::vector<std::string> locals;   // __local declarations, at kernel scope
  std::vector<const UOp*> localNodes; // parallel to locals: their Buffers
  const UOp* current = nullptr;      // the node being rendered
  const opencl::Helpers& helpers() const { return m_helpers; }
  bool usesDouble = false;

private:
  [[noreturn]] static void fail(const UOp& u, std::string_view why) {
    throw CodegenError("Render", fmt::format("OpenCL C cannot render {}: {}", opName(u.op()), why));
  }

  const std::string& name(const UOp& u) const {
    auto it = m_names.find(&u);
    if (it == m_names.end()) fail(u, "used before the Linear defines it");
    return it->second;
  }
  void bind(const UOp& u, std::string text) { m_names[&u] = std::move(text); }
  void line(const std::string& text) {
    lines.push_back(std::string(2 * m_depth + 2, ' ') + text);
    lineNodes.push_back(current);
  }

  // A local holding the expression's value, named after the node's place.
  void define(const UOp& u, const std::string& expr) {
    if (u.dtype().scalar == ScalarType::Float64) usesDouble = true;
    std::string v = fmt::format("v{}", m_next++);
    line(fmt::format("{} {} = {};", cType(u.dtype()), v, expr));
    bind(u, v);
  }

  struct Access {
    std::string ptr, idx;
    bool global = false; // a Param: memory types (bool as uchar, half, bfloat16 as ushort)
  };

  const Access& access(const UOp& index) const {
    auto it = m_access.find(&index);
    if (it == m_access.end()) fail(index, "a load or store of something other than an Index");
    return it->second;
  }

  // The element in register form: bool from uchar, float16/bfloat16 to float.
  std::string read(const Access& a, DType d) {
    if (!a.global) return fmt::format("{}[{}]", a.ptr, a.idx);
    if (d.isBool()) return fmt::format("({}[{}] != 0)", a.ptr, a.idx);
    if (d.scalar == ScalarType::Float16) return fmt::format("vload_half({}, {})", a.idx, a.ptr);
    if (d.scalar == ScalarType::BFloat16) {
      opencl::useBFloatHelpers(m_helpers);
      return fmt::format("bf16_to_float({}[{}])", a.ptr, a.idx);
    }
    return fmt::format("{}[{}]", a.ptr, a.idx);
  }

  std::string write(const Access& a, DType d, const std::string& v) {
    if (a.global && d.isBool()) return fmt::format("{}[{}] = (uchar)({});", a.ptr, a.idx, v);
    if (a.global && d.scalar == ScalarType::Float16) return fmt::format("vstore_half_rte({}, {}, {});", v, a.idx, a.ptr);
    if (a.global && d.scalar == ScalarType::BFloat16) {
      opencl::useBFloatHelpers(m_helpers);
      return fmt::format("{}[{}] = float_to_bf16({});", a.ptr, a.idx, v);
    }
    return fmt::format("{}[{}] = {};", a.ptr, a.idx, v);
  }

  void load(const UOp& u) {
    if (const VectorGroup* g = m_vectors.of(u)) {
      if (&u == g->emitAt) vectorLoad(*g);
      return; // the lanes are bound to the vector's components
    }
    std::string value = read(access(*u.src(0)), u.dtype());
    if (u.src().size() > 2) value = fmt::format("({} ? {} : {})", name(*u.src(2)), value, name(*u.src(1)));
    define(u, value);
  }

  void store(const UOp& u) {
    if (const VectorGroup* g = m_vectors.of(u)) {
      if (&u == g->emitAt) vectorStore(*g);
      return; // written with the group
    }
    std::string text = write(access(*u.src(0)), u.src(1)->dtype(), name(*u.src(1)));
    if (u.src().size() > 2) text = fmt::format("if ({}) {}", name(*u.src(2)), text);
    line(text);
  }

  // Where a vector group starts: the rendering member's element minus its lane.
  std::string vectorAddress(const VectorGroup& g) {
    const Access& a = access(*g.emitAt->src(0));
    if (g.emitLane == 0) return fmt::format("{} + {}", a.ptr, a.idx);
    return fmt::format("{} + ({} - {})", a.ptr, a.idx, g.emitLane);
  }

  // vloadN of the group; lane k is component .sk
  void vectorLoad(const VectorGroup& g) {
    std::string v = fmt::format("v{}", m_next++);
    std::string t = cType(g.lanes[0]->dtype());
    if (g.gated) {
      gatedVectorLoad(g, v, t);
    } else {
      line(fmt::format("{}{} {} = vload{}(0, {});", t, g.lanes.size(), v, g.lanes.size(), vectorAddress(g)));
    }
    for (size_t k = 0; k < g.lanes.size(); ++k) bind(*g.lanes[k], fmt::format("{}.s{:x}", v, k));
  }

  // One vloadN where every lane's gate holds, else lane by lane.
  void gatedVectorLoad(const VectorGroup& g, const std::string& v, const std::string& t) {
    std::string p = fmt::format("p{}", m_next++);
    line(fmt::format("__global const {}* {} = {};", t, p, vectorAddress(g)));
    std::vector<std::string> gates, lanes;
    for (size_t k = 0; k < g.lanes.size(); ++k) {
      const UOp& l = *g.lanes[k];
      std::string element = fmt::format("{}[{}]", p, k);
      if (l.src().size() < 3) {
        lanes.push_back(element);
        continue;
      }
      const std::string& gate = name(*l.src(2));
      if (std::find(gates.begin(), gates.end(), gate) == gates.end()) gates.push_back(gate);
      lanes.push_back(fmt::format("({} ? {} : {})", gate, element, name(*l.src(1))));
    }
    line(fmt::format("{0}{1} {2} = ({3}) ? vload{1}(0, {4}) : ({0}{1})({5});", t, g.lanes.size(), v,
                     fmt::join(gates, " & "), p, fmt::join(lanes, ", ")));
  }

  void vectorStore(const VectorGroup& g) {
    std::string values;
    for (const UOp* lane : g.lanes) values += (values.empty() ? "" : ", ") + name(*lane->src(1));
    line(fmt::format("vstore{0}(({1}{0})({2}), 0, {3});", g.lanes.size(), cType(g.lanes[0]->src(1)->dtype()), values,
                     vectorAddress(g)));
  }

  void range(const UOp& u) {
    std::string r = fmt::format("r{}", u.argAs<RangeArg>().id);
    bind(u, r);
    line(fmt::format("for (long {0} = 0; {0} < {1}; {0}++) {{", r, name(*u.src(0))));
    ++m_depth;
  }

  // gidx<d>: group id, lidx<d>: local id, idx<d>: global id (grid_specials.h)
  void special(const UOp& u) {
    const auto& n = u.argAs<std::string>();
    const char* call = n.rfind("gidx", 0) == 0   ? "get_group_id"
                       : n.rfind("lidx", 0) == 0 ? "get_local_id"
                       : n.rfind("idx", 0) == 0  ? "get_global_id"
                                                 : nullptr;
    if (!call) fail(u, fmt::format("unknown thread index '{}'", n));
    bind(u, n);
    line(fmt::format("long {} = {}({});", n, call, n.back()));
  }

  void localBuffer(const UOp& u) {
    const BufferArg& b = u.argAs<BufferArg>();
    std::string n = fmt::format("temp{}", b.id);
    locals.push_back(fmt::format("  __local {} {}[{}];", cType(u.dtype()), n, b.size));
    localNodes.push_back(&u);
    bind(u, n);
  }

  const KernelMemoryPlan& m_plan;
  VectorPlan m_vectors;
  std::unordered_set<const UOp*> m_contract; // contractible.h
  std::unordered_map<const UOp*, std::string> m_names;
  std::unordered_map<const UOp*, Access> m_access; // Index nodes
  opencl::Helpers m_helpers;
  int m_depth = 0;
  int m_next = 0;
};

// Appends whole lines to the source, each attributed to `node` (lineNodes stays parallel).
void appendClLines(RenderedKernel& out, std::string_view text, const UOp* node) {
  out.text += text;
  out.lineNodes.insert(out.lineNodes.end(), static_cast<size_t>(std::count(text.begin(), text.end(), '\n')), node);
}

} // namespace

RenderedKernel renderOpenCl(const UOpPtr& linear, const KernelMemoryPlan& plan, VectorAccess vectorAccess,
                            std::string_view kernelName) {
  RenderedKernel out;
  out.language = RenderLanguage::OpenClC;
  out.function = kernelSymbol(kernelName);
  out.entry = out.function;
  LaunchGrid grid = launchGrid(linear);
  out.global = std::move(grid.global);
  out.local = std::move(grid.local);
  std::map<int64_t, const UOp*> params;
  for (const UOpPtr& u : linear->src())
    if (u->op() == Op::Param && !isVariable(*u)) params.emplace(u->argAs<ParamArg>().slot, u.get());
  VectorPlan vectors = planVectorAccess(linear, vectorAccess);
  std::vector<const UOp*> order = std::move(vectors.order); // the renderer needs only the groups
  OpenClWriter w(plan, std::move(vectors), contractible(linear));
  for (const UOp* u : order) {
    w.current = u;
    w.node(*u);
  }
  w.current = nullptr;

  std::string args;
  std::unordered_set<int64_t> written;
  for (const UOpPtr& u : linear->src())
    if (u->op() == Op::Store && u->src(0)->op() == Op::Index && u->src(0)->src(0)->op() == Op::Param)
      written.insert(u->src(0)->src(0)->argAs<ParamArg>().slot);
  int64_t count = params.empty() ? 0 : params.rbegin()->first + 1;
  for (int64_t k = 0; k < count; ++k) {
    auto it = params.find(k);
    std::string type = it == params.end() ? "uchar" : opencl::memType(it->second->dtype().base());
    if (it != params.end() && it->second->dtype().base().scalar == ScalarType::Float64) w.usesDouble = true;
    args += fmt::format("{}__global {}{}* restrict data{}", k ? ", " : "",
                        written.contains(k) || it == params.end() ? "" : "const ", type, k);
  }
  // each variable after the buffers, by name, an index (the launch passes int64)
  for (const VariableRange& v : variablesOf(std::span<const UOpPtr>(&linear, 1)))
    args += fmt::format("{}{} {}", args.empty() ? "" : ", ", cType(dtypes::index), v.name);
  auto text = [&out](std::string_view t) { appendClLines(out, t, nullptr); };
  text(fmt::format("// kernel {}: rendered by UOpScope for OpenCL\n", kernelName));
  if (w.usesDouble) out.extensions.push_back("cl_khr_fp64");
  if (w.usesDouble) text("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
  for (const std::string& d : w.helpers().definitions()) {
    text(d + "\n");
    out.helpers.push_back(d);
  }
  out.kernelOffset = out.text.size();
  text(fmt::format("__kernel void {}({}) {{\n", out.function, args));
  for (size_t slot = 0; slot < plan.slots.size(); ++slot)
    text(fmt::format("  {} reg{}[{}];\n", cType(plan.slots[slot].dtype), slot, plan.slots[slot].size));
  for (size_t i = 0; i < w.locals.size(); ++i)
    appendClLines(out, w.locals[i] + "\n", w.localNodes[i]);
  for (size_t i = 0; i < w.lines.size(); ++i)
    appendClLines(out, w.lines[i] + "\n", w.lineNodes[i]);
  text("}\n");
  return out;
}

} // namespace uops
