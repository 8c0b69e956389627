#include "views/common/doc_tooltip.h"

#include "core/docs/doc_entry.h"
#include "core/docs/doc_format.h"
#include "core/docs/kernel_name_doc.h"
#include "core/opt/kernel_ranges.h"
#include "core/pipeline/pipeline_runner.h"

namespace uops::views {
namespace {

bool docIsWordChar(QChar c) {
  return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('.') || c == QLatin1Char('@');
}

} // namespace

QString opDocToolTip(Op op) {
  return QString::fromStdString(docs::docHtml(docs::opDocEntry(op)));
}

QString docToolTip(const QString& name) {
  if (name.isEmpty()) return {};
  return QString::fromStdString(docs::docHtmlFor(name.toStdString()));
}

QString openclToolTip(const QString& word) {
  std::optional<docs::DocEntry> entry = docs::openclDocEntry(word.toStdString());
  return entry ? QString::fromStdString(docs::docHtml(*entry)) : QString();
}

QString kernelNameToolTip(const KernelName& name) {
  return QString::fromStdString(docs::kernelNameHtml(name));
}

QString kernelToolTip(const PipelineRun& run, size_t kernel) {
  if (kernel < run.kernels.size() && !run.kernels[kernel].name.text.empty())
    return kernelNameToolTip(run.kernels[kernel].name);
  for (const StageRecord& s : run.stages)
    if (s.stage == "Optimize" && s.kernelIndex == kernel && s.result) return kernelNameToolTip(kernelName(s.result));
  return {};
}

QString axisTypeToolTip(AxisType type) {
  return QString::fromStdString(docs::docHtml(docs::axisTypeDocEntry(type)));
}

QString optOpToolTip(OptOpKind op) {
  return QString::fromStdString(docs::docHtml(docs::optOpDocEntry(op)));
}

QString wordAt(const QString& line, int column) {
  if (column < 0 || column >= line.size() || !docIsWordChar(line[column])) return {};
  int begin = column, end = column;
  while (begin > 0 && docIsWordChar(line[begin - 1])) --begin;
  while (end < line.size() && docIsWordChar(line[end])) ++end;
  QString word = line.mid(begin, end - begin);
  while (word.endsWith(QLatin1Char('.'))) word.chop(1); // "fadd." at a sentence's end
  return word;
}

} // namespace uops::views
