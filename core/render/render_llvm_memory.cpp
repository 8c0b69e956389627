// Index, Load and Store: pointer arithmetic and the memory representation of
// each dtype. A Param's elements have their memory type (bool as i8, float16 and
// bfloat16 as i16); a REG buffer holds register values.
#include "core/ir/buffer_access.h"
#include "core/render/render_llvm_writer.h"

#include <fmt/format.h>

namespace uops::llvmir {
namespace {

bool inGlobalMemory(const UOp& index) {
  return addressedBuffer(index).op() == Op::Param;
}

std::string elementType(const UOp& index) {
  DType d = index.dtype().base();
  return inGlobalMemory(index) ? memType(d) : regType(d);
}

// Gated code: `body` runs in its own block when `gate` holds.
template <class F>
void branchOn(Writer& w, const std::string& gate, const std::string& label, F body) {
  w.line(fmt::format("br i1 {}, label %{}.then, label %{}.done", gate, label, label));
  w.startBlock(label + ".then");
  body();
  w.line(fmt::format("br label %{}.done", label));
  w.startBlock(label + ".done");
}

std::string loadValue(Writer& w, const UOp& index) {
  DType d = index.dtype().base();
  std::string v = w.fresh();
  w.line(fmt::format("{} = load {}, ptr {}", v, elementType(index), w.operand(index)));
  return inGlobalMemory(index) ? w.fromMemory(d, v) : v;
}

} // namespace

void renderIndex(Writer& w, const UOp& u) {
  const UOp& base = addressedBuffer(u);
  if (u.src().size() != 2) unsupported(u, "an Index into a kernel buffer has one offset");
  const UOp& idx = *u.src(1);
  // proven in bounds (bounds_check.h): the address stays inside the buffer object
  const MinMax& m = idx.minMax();
  int64_t size = base.op() == Op::Param ? base.dtype().ptrSize : base.argAs<BufferArg>().size;
  bool inBounds = !m.isFloat && m.lo >= 0 && size >= 0 && m.hi < size;
  std::string v = w.fresh();
  w.line(fmt::format("{} = getelementptr {}{}, ptr {}, {} {}", v, inBounds ? "inbounds " : "",
                     elementType(u), w.operand(*u.src(0)), regType(idx.dtype()), w.operand(idx)));
  w.bind(u, v);
}

void renderLoad(Writer& w, const UOp& u) {
  const UOp& index = *u.src(0);
  if (u.src().size() == 1) return w.bind(u, loadValue(w, index));
  if (u.src().size() != 3) unsupported(u, "a gated Load has an alt and a gate");
  // the load happens only under the gate; the alt arrives from the block before
  std::string v = w.fresh();
  std::string label = v.substr(1);
  std::string before = w.block();
  std::string loaded, loadedIn;
  branchOn(w, w.operand(*u.src(2)), label, [&] {
    loaded = loadValue(w, index);
    loadedIn = w.block();
  });
  w.line(fmt::format("{} = phi {} [ {}, %{} ], [ {}, %{} ]", v, regType(u.dtype()), loaded,
                     loadedIn, w.operand(*u.src(1)), before));
  w.bind(u, v);
}

std::string vectorSuffix(size_t n, const std::string& t) {
  return fmt::format("v{}{}", n, t == "float" ? "f32" : t == "double" ? "f64" : t == "half" ? "f16" : t);
}

// A gated group (vector_access.h) as one llvm.masked.load: lanes whose gate
// fails are not touched and take their alternative; lane k is element k. A
// group of every other element (gated or not) loads 2N elements, of which
// only the even ones are touched (the odd ones' mask is false, so the read
// past the last lane never faults), and keeps the even lanes with one
// shufflevector: on x86, two masked vector loads and one two-source permute.
void renderMaskedLoad(Writer& w, const VectorGroup& g) {
  const UOp& first = *g.lanes[0];
  std::string t = regType(first.dtype());
  const size_t n = g.lanes.size(), span = n * static_cast<size_t>(g.stride);
  std::string vt = laneType(n, t), st = laneType(span, t);
  std::string start = w.emit(fmt::format("getelementptr {}, ptr {}, i64 -{}", t, w.operand(*g.emitAt->src(0)),
                                         g.emitLane * static_cast<size_t>(g.stride)));
  std::string mask = renderLaneMask(w, g.lanes), alts = "poison";
  if (g.stride == 2) {
    // lane k's gate at element 2k, false at 2k+1 (element n of the second operand)
    std::vector<size_t> spread;
    for (size_t k = 0; k < n; ++k)
      spread.insert(spread.end(), {k, n});
    mask = shuffleLanes(w, "i1", n, mask, "zeroinitializer", spread);
  }
  for (size_t k = 0; k < n; ++k) {
    const UOp& l = *g.lanes[k];
    if (l.src().size() == 3)
      alts = w.emit(fmt::format("insertelement {} {}, {} {}, i32 {}", st, alts, t, w.operand(*l.src(1)),
                                k * static_cast<size_t>(g.stride)));
  }
  std::string suffix = vectorSuffix(span, t);
  std::string v = w.callIntrinsic(st, fmt::format("llvm.masked.load.{}.p0", suffix),
                                  fmt::format("ptr {}, i32 {}, <{} x i1> {}, {} {}", start, first.dtype().itemSize(),
                                              span, mask, st, alts),
                                  fmt::format("ptr, i32, <{} x i1>, {}", span, st));
  if (g.stride == 2) {
    std::vector<size_t> even;
    for (size_t k = 0; k < n; ++k)
      even.push_back(2 * k);
    v = shuffleLanes(w, t, span, v, "poison", even);
  }
  for (size_t k = 0; k < n; ++k) {
    w.bind(*g.lanes[k], w.emit(fmt::format("extractelement {} {}, i32 {}", vt, v, k)));
    w.bindLane(*g.lanes[k], {v, n, k});
  }
}

void renderStore(Writer& w, const UOp& u) {
  const UOp& index = *u.src(0);
  DType d = index.dtype().base();
  auto store = [&] {
    std::string v = w.operand(*u.src(1));
    if (inGlobalMemory(index)) v = w.toMemory(d, v);
    w.line(fmt::format("store {} {}, ptr {}{}", elementType(index), v, w.operand(index), w.storeMetadata(index)));
  };
  if (u.src().size() == 2) return store();
  std::string label = w.fresh().substr(1);
  branchOn(w, w.operand(*u.src(2)), label, store);
}

void renderRange(Writer& w, const UOp& u) {
  int64_t id = u.argAs<RangeArg>().id;
  // the first THREAD range with a constant size is the thread index: no loop
  auto bound = u.src(0)->constValue();
  if (u.argAs<RangeArg>().type == AxisType::Thread && !w.threadRange && bound &&
      std::holds_alternative<int64_t>(*bound)) {
    w.threadRange = &u;
    w.threads = std::get<int64_t>(*bound);
    return w.bind(u, "%tid");
  }
  w.openLoops.push_back(&u);
  std::string t = regType(u.dtype());
  std::string r = fmt::format("%r{}", id), loop = fmt::format("loop{}", id);
  std::string before = w.block();
  w.line(fmt::format("br label %{}", loop));
  w.startBlock(loop);
  w.line(fmt::format("{} = phi {} [ 0, %{} ], [ {}.next, %{}.latch ]", r, t, before, r, loop));
  bool isSigned = numKind(u.dtype()) == NumKind::Signed;
  w.line(fmt::format("{}.go = icmp {} {} {}, {}", r, isSigned ? "slt" : "ult", t, r,
                     w.operand(*u.src(0))));
  w.line(fmt::format("br i1 {}.go, label %{}.body, label %{}.exit", r, loop, loop));
  w.startBlock(loop + ".body");
  w.bind(u, r);
}

void renderEnd(Writer& w, const UOp& u) {
  if (u.src().size() != 2) unsupported(u, "an End closes one range (split ends first)");
  const UOp& range = *u.src(1);
  if (&range == w.threadRange) return; // each thread runs its one index
  if (!w.openLoops.empty() && w.openLoops.back() == &range) w.openLoops.pop_back();
  w.shuffles.clear(); // the loop's values do not reach past its exit
  int64_t id = range.argAs<RangeArg>().id;
  std::string r = w.operand(range), loop = fmt::format("loop{}", id);
  w.line(fmt::format("br label %{}.latch", loop));
  w.startBlock(loop + ".latch");
  // below the bound, so the increment cannot wrap
  w.line(fmt::format("{}.next = add nuw nsw {} {}, 1", r, regType(range.dtype()), r));
  if (w.noLoopVectorize)
    w.line(fmt::format("br label %{}, !llvm.loop !{}", loop, ++w.loopsMarked));
  else
    w.line(fmt::format("br label %{}", loop));
  w.startBlock(loop + ".exit");
}

} // namespace uops::llvmir
