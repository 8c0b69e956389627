#include "core/ir/provenance.h"

namespace uops {
namespace {

thread_local int32_t gLine = 0;

} // namespace

int32_t currentProvenance() {
  return gLine;
}

ProvenanceScope::ProvenanceScope(int32_t line) : m_previous(gLine) {
  if (line != 0) gLine = line;
}

ProvenanceScope::~ProvenanceScope() {
  gLine = m_previous;
}

} // namespace uops
