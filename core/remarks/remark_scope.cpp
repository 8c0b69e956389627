#include "core/remarks/remark_scope.h"

#include <algorithm>

namespace uops {
namespace {

thread_local std::vector<Remark>* gRemarkSink = nullptr;

} // namespace

std::string_view remarkKindName(RemarkKind kind) {
  switch (kind) {
  case RemarkKind::Passed: return "passed";
  case RemarkKind::Missed: return "missed";
  case RemarkKind::Analysis: return "analysis";
  }
  return "analysis";
}

bool remarksOn() {
  return gRemarkSink != nullptr;
}

void emitRemark(Remark remark) {
  if (!gRemarkSink) return;
  if (std::find(gRemarkSink->begin(), gRemarkSink->end(), remark) != gRemarkSink->end()) return;
  gRemarkSink->push_back(std::move(remark));
}

RemarkScope::RemarkScope(std::vector<Remark>* sink) : m_previous(gRemarkSink) {
  gRemarkSink = sink;
}

RemarkScope::~RemarkScope() {
  gRemarkSink = m_previous;
}

} // namespace uops
