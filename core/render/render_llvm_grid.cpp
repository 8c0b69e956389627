// What a GPU dialect adds to the LLVM renderer: the grid's Specials, the
// work-group barrier and local memory (module globals in the dialect's
// address space, used through generic pointers: the back end infers the
// address space again). The CPU's dialect has none of them.
#include "core/render/render_llvm_writer.h"

#include <fmt/format.h>

namespace uops::llvmir {
namespace {

void requireGrid(const Writer& w, const UOp& u) {
  if (!w.dialect->launchesGrid()) unsupported(u, "the CPU target has no such instruction");
}

// The i32 index `which` in dimension d, widened to the Special's dtype.
std::string readIndex(Writer& w, GridIndex which, int d, DType dtype) {
  std::string v = w.callIntrinsic("i32", w.dialect->gridIndexIntrinsic(which, d), "", "");
  std::string t = regType(dtype);
  return t == "i32" ? v : w.emit(fmt::format("zext i32 {} to {}", v, t));
}

} // namespace

// gidx<d>: the group's index, lidx<d>: the work-item's in its group, idx<d>:
// gidx<d> * groupSize[d] + lidx<d> (grid_specials.h)
void renderSpecial(Writer& w, const UOp& u) {
  requireGrid(w, u);
  const auto& n = u.argAs<std::string>();
  const int d = n.empty() ? -1 : n.back() - '0';
  if (d < 0 || d > 2) unsupported(u, fmt::format("unknown thread index '{}'", n));
  if (n.starts_with("gidx")) return w.bind(u, readIndex(w, GridIndex::Group, d, u.dtype()));
  if (n.starts_with("lidx")) return w.bind(u, readIndex(w, GridIndex::Local, d, u.dtype()));
  if (!n.starts_with("idx")) unsupported(u, fmt::format("unknown thread index '{}'", n));
  std::string group = readIndex(w, GridIndex::Group, d, u.dtype());
  std::string local = readIndex(w, GridIndex::Local, d, u.dtype());
  const int64_t size = static_cast<size_t>(d) < w.groupSize.size() ? w.groupSize[d] : 1;
  std::string t = regType(u.dtype());
  std::string base = w.emit(fmt::format("mul nuw nsw {} {}, {}", t, group, size));
  w.bind(u, w.emit(fmt::format("add nuw nsw {} {}, {}", t, base, local)));
}

void renderBarrier(Writer& w, const UOp& u) {
  requireGrid(w, u);
  for (const std::string& d : w.dialect->barrierDeclarations()) w.declare(d);
  for (const std::string& l : w.dialect->barrier()) w.line(l);
}

// One array per LOCAL Buffer, named after its id, as generic pointers.
void renderLocalBuffer(Writer& w, const UOp& u) {
  if (!w.dialect->launchesGrid()) unsupported(u, "the CPU target has no local memory");
  const BufferArg& b = u.argAs<BufferArg>();
  const int space = w.dialect->localAddressSpace();
  w.globals.push_back(fmt::format("@temp{} = internal addrspace({}) global [{} x {}] undef, align 16", b.id, space,
                                  b.size, regType(u.dtype().base())));
  w.bind(u, fmt::format("addrspacecast (ptr addrspace({}) @temp{} to ptr)", space, b.id));
}

} // namespace uops::llvmir
