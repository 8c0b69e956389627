#include "core/render/render_llvm.h"

#include "core/ir/buffer_access.h"
#include "core/ir/variable.h"
#include "core/render/codegen_error.h"
#include "core/render/contractible.h"
#include "core/render/grid_specials.h"
#include "core/render/kernel_symbol.h"
#include "core/render/render_llvm_writer.h"
#include "core/runtime/cache_line_allocator.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <unordered_set>

#include <fmt/format.h>

namespace uops {
namespace {

using llvmir::Writer;

void renderNode(Writer& w, const UOp& u, const KernelMemoryPlan& plan, const VectorOpPlan& vops) {
  if (llvmir::isRegisterOp(u.op())) return llvmir::renderRegisterOp(w, u);
  switch (u.op()) {
  case Op::Param:
    if (isVariable(u)) return w.bind(u, "%" + variableOf(u).name); // a scalar argument
    return w.bind(u, fmt::format("%data{}", u.argAs<ParamArg>().slot));
  case Op::Buffer:
    if (u.argAs<BufferArg>().addrSpace == AddrSpace::Local) return llvmir::renderLocalBuffer(w, u);
    if (plan.slotOf(u) < 0) llvmir::unsupported(u, "kernels reach global buffers through Params");
    return w.bind(u, llvmir::registerName(u, plan, vops));
  case Op::Const:
    return w.bind(u, llvmir::literal(u));
  case Op::Index:
    if (u.src(0)->op() == Op::Wmma) return llvmir::renderTileElement(w, u);
    return llvmir::renderIndex(w, u);
  case Op::Stack:
    return llvmir::renderStack(w, u);
  case Op::Wmma:
    return llvmir::renderWmma(w, u);
  case Op::Load:
    return llvmir::renderLoad(w, u);
  case Op::Store:
    return llvmir::renderStore(w, u);
  case Op::Range:
    return llvmir::renderRange(w, u);
  case Op::End:
    return llvmir::renderEnd(w, u);
  case Op::After:
    return w.bind(u, w.operand(*u.src(0))); // ordering only: the buffer itself
  case Op::Group:
    return; // merges stores; nothing to compute
  case Op::Neg:
  case Op::Sub:
  case Op::Div:
  case Op::CmpGt:
  case Op::CmpGe:
  case Op::CmpLe:
  case Op::CmpEq:
  case Op::Not:
  case Op::Pow:
  case Op::Mulacc:
  case Op::Threefry:
    llvmir::unsupported(u, "Instruction Selection decomposes it");
  case Op::Binary:
  case Op::Permute:
  case Op::Flip:
  case Op::Reshape:
  case Op::Expand:
  case Op::Pad:
  case Op::Shrink:
  case Op::Replicated:
  case Op::Slice:
  case Op::Reduce:
  case Op::Function:
  case Op::Call:
  case Op::Tuple:
  case Op::GetTuple:
  case Op::Contiguous:
  case Op::ContiguousBackward:
  case Op::Detach:
  case Op::Sink:
  case Op::Linear:
    llvmir::unsupported(u, "not a kernel instruction (Rangeify and Linearize remove it)");
  case Op::Special:
    return llvmir::renderSpecial(w, u);
  case Op::Barrier:
    return llvmir::renderBarrier(w, u);
  case Op::Ins:
  case Op::If:
  case Op::Endif:
  case Op::Custom:
  case Op::AtomicAdd:
  case Op::CustomFunction:
  case Op::Program:
  case Op::Source:
    llvmir::unsupported(u, "the CPU target has no such instruction");
  default:
    llvmir::unsupported(u, "no renderer for it");
  }
}

// Param slot -> its node; every slot up to the largest is an argument.
std::map<int64_t, const UOp*> paramsOf(const UOpPtr& linear) {
  std::map<int64_t, const UOp*> params;
  for (const UOpPtr& u : linear->src()) {
    if (u->op() != Op::Param || isVariable(*u)) continue;
    int64_t slot = u->argAs<ParamArg>().slot;
    auto [it, fresh] = params.emplace(slot, u.get());
    if (!fresh && it->second != u.get())
      throw CodegenError("Render", fmt::format("Param slot {} is used with two dtypes", slot));
    if (slot < 0) throw CodegenError("Render", fmt::format("Param slot {} is negative", slot));
  }
  return params;
}

// The Params whose stores may bypass the caches: buffers the kernel stores
// into, never loads from and never stores into under a gate, of at least a
// quarter of `minBytes`, in a kernel whose buffers together hold at least
// `minBytes` (a large output is not in the caches when the next kernel reads
// it anyway: what the kernel reads on the way evicts it; and a store that
// misses first reads its line from memory, a third more traffic for a copy).
// A causal softmax of 2048 x 2048 reads 20 MB and writes 16: through the
// caches 1.66-2.18 ms, streamed 1.04-1.11 on 2 Zen 4 cores.
// A gated store belongs to a padded tile,
// whose rows are not whole lines: a line written partly streamed and partly
// through the cache was slow (a 1x1 conv's padded 16 x 4 tile over 56-float
// rows: 24 -> 50 ms).
std::unordered_set<const UOp*> streamedParams(const UOpPtr& linear, int64_t minBytes) {
  std::unordered_set<const UOp*> stored, barred; // barred: loaded, or stored under a gate
  std::unordered_map<const UOp*, int64_t> bytes;
  for (const UOpPtr& u : linear->src()) {
    if (u->op() != Op::Store && u->op() != Op::Load) continue;
    const UOp& buffer = addressedBuffer(*u->src(0));
    if (buffer.op() != Op::Param) continue;
    const DType d = buffer.dtype();
    bytes[&buffer] = d.ptrSize > 0 ? d.ptrSize * d.count * d.base().scalarType().itemSize() : 0;
    const bool gatedStore = u->op() == Op::Store && u->src().size() > 2;
    (u->op() == Op::Store && !gatedStore ? stored : barred).insert(&buffer);
  }
  int64_t total = 0;
  for (const auto& [buffer, n] : bytes)
    total += n;
  std::unordered_set<const UOp*> out;
  if (total < minBytes) return out;
  for (const UOp* p : stored)
    if (!barred.count(p) && bytes[p] >= minBytes / 4) out.insert(p);
  return out;
}

// The kernel's variables in variablesOf's order (by name): its scalar arguments.
std::vector<const UOp*> variableNodes(const UOpPtr& linear) {
  std::map<std::string, const UOp*> byName;
  for (const UOpPtr& u : linear->src())
    if (isVariable(*u)) byName.emplace(variableOf(*u).name, u.get());
  std::vector<const UOp*> out;
  for (const auto& [name, u] : byName) out.push_back(u);
  return out;
}

// Appends whole lines to the source, each attributed to `node` (lineNodes stays parallel).
void appendIrLines(RenderedKernel& out, std::string_view text, const UOp* node) {
  out.text += text;
  out.lineNodes.insert(out.lineNodes.end(), static_cast<size_t>(std::count(text.begin(), text.end(), '\n')), node);
}

// The launch grid of a kernel for a GPU dialect: a grid without work-groups
// gets them, dimension 0 as large as the dialect allows and divides it.
LaunchGrid gridFor(const UOpPtr& linear, const LlvmDialect& dialect) {
  LaunchGrid grid = launchGrid(linear);
  if (grid.global.empty()) grid.global = {1};
  if (!grid.local.empty()) return grid;
  grid.local.assign(grid.global.size(), 1);
  for (int64_t l = std::min(grid.global[0], dialect.maxWorkGroup()); l > 1; --l)
    if (grid.global[0] % l == 0) {
      grid.local[0] = l;
      break;
    }
  return grid;
}

// A GPU dialect's module: the kernel is the entry, its arguments the Params'
// buffers, then each variable as an i64 (a device passes its value).
void gridModule(RenderedKernel& out, const Writer& w, const std::map<int64_t, const UOp*>& params,
                const std::vector<const UOp*>& variables, std::string_view kernelName) {
  const LlvmDialect& dialect = *w.dialect;
  int64_t count = params.empty() ? 0 : params.rbegin()->first + 1;
  std::string args;
  const std::string align = dialect.bufferAlignment() ? fmt::format("align {} ", dialect.bufferAlignment()) : "";
  for (int64_t k = 0; k < count; ++k)
    args += fmt::format("{}ptr {}{}%data{}", k ? ", " : "", params.count(k) ? "noalias " : "", align, k);
  std::string narrowed;
  for (const UOp* v : variables) {
    const std::string& name = variableOf(*v).name;
    const std::string type = llvmir::regType(v->dtype());
    if (type == "i64") {
      args += fmt::format("{}i64 %{}", args.empty() ? "" : ", ", name);
      continue;
    }
    args += fmt::format("{}i64 %{}.arg", args.empty() ? "" : ", ", name);
    narrowed += fmt::format("  %{} = trunc i64 %{}.arg to {}\n", name, name, type);
  }
  auto text = [&out](std::string_view t) { appendIrLines(out, t, nullptr); };
  text(fmt::format("; kernel {}: rendered by UOpScope for {}\n", kernelName, dialect.name()));
  for (const std::string& d : w.declarations())
    text(d + "\n");
  for (llvmir::Helper h : w.helpers())
    text("\n" + llvmir::helperDefinition(h));
  if (!w.globals.empty()) text("\n");
  for (const std::string& g : w.globals)
    text(g + "\n");
  text(fmt::format("\n{} @{}({}) #0 {{\nentry:\n", dialect.kernelDefinition(), out.function, args));
  if (!narrowed.empty()) text(narrowed);
  for (size_t i = 0; i < w.lines().size(); ++i) {
    appendIrLines(out, w.lines()[i], w.lineNodes()[i]);
    appendIrLines(out, "\n", w.lineNodes()[i]);
  }
  text("  ret void\n}\n");
  text(fmt::format("\nattributes #0 = {{ {} }}\n", dialect.kernelAttributes(out.local)));
  if (w.loopsMarked) text("\n!0 = !{!\"llvm.loop.vectorize.enable\", i1 false}\n");
  for (int i = 1; i <= w.loopsMarked; ++i) text(fmt::format("!{} = distinct !{{!{}, !0}}\n", i, i));
  std::vector<std::string> metadata = dialect.moduleMetadata(out.function, w.loopsMarked + 1);
  if (!metadata.empty()) text("\n");
  for (const std::string& m : metadata)
    text(m + "\n");
}

} // namespace

RenderedKernel renderLlvm(const UOpPtr& linear, const KernelMemoryPlan& plan,
                          std::string_view kernelName, int64_t lanes, const LlvmDialect& dialect,
                          const LlvmRenderOptions& options) {
  const bool halfInstructions = options.halfInstructions;
  const ExplicitVectors& explicitVectors = options.explicitVectors;
  RenderedKernel out{.language = RenderLanguage::LlvmIr, .text = {}, .function = kernelSymbol(kernelName),
                     .entry = dialect.launchesGrid() ? kernelSymbol(kernelName) : "kernel"};
  Writer w;
  w.dialect = &dialect;
  w.halfInstructions = halfInstructions;
  w.orderedMax = options.orderedMax;
  w.scaleInstruction = options.scaleInstruction;
  w.fractionInstruction = options.fractionInstruction;
  if (dialect.launchesGrid()) {
    LaunchGrid grid = gridFor(linear, dialect);
    out.global = grid.global;
    out.local = grid.local;
    w.groupSize = grid.local;
  }
  if (!dialect.launchesGrid() && options.streamingStoreBytes > 0)
    w.streamed = streamedParams(linear, options.streamingStoreBytes);
  w.contract = contractible(linear);
  w.noLoopVectorize = lanes >= kExplicitLanes;
  // LLVM's SLP vectorizer packs a CPU's consecutive loads itself, but builds
  // loads of every other element lane by lane (a GPU's lanes are work-items)
  VectorPlan vectors = planVectorAccess(linear, VectorAccess::GatedLoads,
                                        dialect.launchesGrid() ? StridedLoads::No : StridedLoads::EveryOther);
  const VectorOpPlan vops =
      explicitVectors.on
          ? planVectorOps(linear, vectors.order, w.contract, plan, halfInstructions, explicitVectors.maxBytes)
          : VectorOpPlan{};
  // A tile of float16 lanes rounds each product before adding it, written row
  // by row: a row's product is live until its add. Interleaved by depth, the
  // twelve products of AVX2's tile were all computed first and spilled beside
  // the twelve accumulators.
  w.keepOrder = std::any_of(vops.ops.begin(), vops.ops.end(), [](const VectorOp& o) {
    return o.kind == VectorOpKind::Alu && o.lanes[0]->op() == Op::Mul &&
           o.lanes[0]->dtype().scalar == ScalarType::Float16;
  });
  // allocas first, in the entry block, where mem2reg/SROA promote them to registers
  llvmir::renderRegisterSlots(w, plan, vops);
  std::vector<std::string> vectorValues(vops.ops.size());
  for (const UOp* u : vectors.order) {
    w.current = u;
    if (vops.unusedIndices.count(u)) continue;
    if (const VectorOp* op = vops.at(*u)) {
      if (op->emitAt == u) llvmir::renderVectorOp(w, vops, static_cast<int>(op - vops.ops.data()), vectorValues);
      continue;
    }
    if (const VectorGroup* g = vectors.of(*u)) {
      if (g->emitAt == u) llvmir::renderMaskedLoad(w, *g); // its other lanes are read with it
      continue;
    }
    renderNode(w, *u, plan, vops);
  }
  w.current = nullptr;

  auto params = paramsOf(linear);
  std::vector<const UOp*> variables = variableNodes(linear);
  if (dialect.launchesGrid()) {
    gridModule(out, w, params, variables, kernelName);
    return out;
  }
  int64_t count = params.empty() ? 0 : params.rbegin()->first + 1;
  std::string args, passed, loads;
  out.global = {w.threads};
  for (int64_t k = 0; k < count; ++k) {
    args += fmt::format("{}ptr {}%data{}", k ? ", " : "", params.count(k) ? "noalias " : "", k);
    passed += fmt::format("{}ptr %p{}", k ? ", " : "", k);
    loads += fmt::format("  %a{} = getelementptr inbounds ptr, ptr %bufs, i64 {}\n"
                         "  %p{} = load ptr, ptr %a{}, !align !{{i64 {}}}, !noundef !{{}}\n",
                         k, k, k, k, kCacheLineBytes);
  }

  // each variable after the buffers: a pointer in `bufs` to its int64 value
  for (size_t j = 0; j < variables.size(); ++j) {
    const std::string& name = variableOf(*variables[j]).name;
    std::string type = llvmir::regType(variables[j]->dtype());
    int64_t at = count + static_cast<int64_t>(j);
    args += fmt::format("{}{} %{}", args.empty() ? "" : ", ", type, name);
    loads += fmt::format("  %va{} = getelementptr inbounds ptr, ptr %bufs, i64 {}\n"
                         "  %vp{} = load ptr, ptr %va{}\n"
                         "  %v{} = load i64, ptr %vp{}\n",
                         j, at, j, j, j, j);
    std::string value = fmt::format("%v{}", j);
    if (type != "i64") {
      loads += fmt::format("  %vt{} = trunc i64 %v{} to {}\n", j, j, type);
      value = fmt::format("%vt{}", j);
    }
    passed += fmt::format("{}{} {}", passed.empty() ? "" : ", ", type, value);
  }

  auto text = [&out](std::string_view t) { appendIrLines(out, t, nullptr); };
  text(fmt::format("; kernel {}: rendered by UOpScope for the CPU\n", kernelName));
  for (const std::string& d : w.declarations())
    text(d + "\n");
  for (llvmir::Helper h : w.helpers())
    text("\n" + llvmir::helperDefinition(h));
  text(fmt::format("\ndefine internal void @{}({}{}i64 %tid) #0 {{\nentry:\n", out.function, args,
                   args.empty() ? "" : ", "));
  size_t total = out.text.size();
  for (const std::string& l : w.lines()) total += l.size() + 1;
  out.text.reserve(total + 1024);
  for (size_t i = 0; i < w.lines().size(); ++i) {
    appendIrLines(out, w.lines()[i], w.lineNodes()[i]);
    appendIrLines(out, "\n", w.lineNodes()[i]);
  }
  text("  ret void\n}\n");
  text(fmt::format("\n; the CPU device's ABI: void {}(void** bufs, int64_t tid)\n", out.entry));
  text(fmt::format(
      "define void @{}(ptr %bufs, i64 %tid) #1 {{\nentry:\n{}  call void @{}({}{}i64 %tid)\n  ret void\n}}\n",
      out.entry, loads, out.function, passed, passed.empty() ? "" : ", "));
  text("\nattributes #0 = { alwaysinline nounwind }\nattributes #1 = { nounwind }\n");
  // one distinct loop id per latch, each with the vectorizer off (and the body's order kept)
  if (w.loopsMarked) text("\n!0 = !{!\"llvm.loop.vectorize.enable\", i1 false}\n");
  const int keep = w.loopsMarked + 1;
  for (int i = 1; i <= w.loopsMarked; ++i)
    text(fmt::format("!{} = distinct !{{!{}, !0{}}}\n", i, i,
                     w.keepOrder ? fmt::format(", !{}", keep) : ""));
  if (w.loopsMarked && w.keepOrder)
    text(fmt::format("!{} = !{{!\"uops.loop.keep_order\"}}\n", keep));
  return out;
}

} // namespace uops
