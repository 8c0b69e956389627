#include "core/docs/op_doc.h"

#include <array>
#include <cassert>

namespace uops::docs {

const OpDoc& opDoc(Op op) {
  static const auto* byOp = [] {
    auto* table = new std::array<const OpDoc*, kOpCount>{};
    for (auto family : {sourceMovementOpDocs(), structureOpDocs(), elementwiseOpDocs(),
                        codegenOpDocs()})
      for (const OpDoc& doc : family)
        (*table)[static_cast<size_t>(doc.op)] = &doc;
    return table;
  }();
  // An op without an entry: the table test names it; callers still get text.
  static const OpDoc kMissing{Op::Sink, "", "", "", "", ""};
  const OpDoc* doc = (*byOp)[static_cast<size_t>(op)];
  return doc ? *doc : kMissing;
}

} // namespace uops::docs
