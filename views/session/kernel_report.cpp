#include "views/session/kernel_report.h"

#include "views/common/time_text.h"
#include "core/ir/axis_type.h"
#include "core/opt/kernel_ranges.h"
#include "core/pipeline/codegen.h"
#include "core/engine/schedule_executor.h"
#include "views/kernel_text/rendered_source.h"

#include <QStringList>

namespace uops::views {
namespace {

QString fenced(const QString& language, const QString& text) {
  QString body = text.endsWith(QLatin1Char('\n')) ? text : text + QLatin1Char('\n');
  return QStringLiteral("```%1\n%2```\n").arg(language, body);
}

} // namespace

QString kernelReport(const KernelReportInput& in) {
  const LoweredKernel& k = *in.kernel;
  QStringList out;
  out << QStringLiteral("# Kernel %1").arg(QString::fromStdString(kernelLabel(in.index, k.name.text))) << QString();
  out << QStringLiteral("- program: %1").arg(in.program) << QStringLiteral("- device: %1").arg(in.device);
  out << QStringLiteral("- OptOps: %1 (%2)")
             .arg(k.opts.empty() ? QStringLiteral("none") : QString::fromStdString(formatOpts(k.opts)), in.optsOrigin);
  out << QString() << QStringLiteral("## Ranges") << QString() << QStringLiteral("| axis | size | AxisType |")
      << QStringLiteral("| --- | --- | --- |");
  for (size_t i = 0; i < k.name.sizes.size(); ++i)
    out << QStringLiteral("| %1 | %2 | %3 |")
               .arg(i)
               .arg(k.name.sizes[i])
               .arg(QString::fromUtf8(axisTypeName(k.name.types[i]).data(),
                                      static_cast<qsizetype>(axisTypeName(k.name.types[i]).size())));
  out << QString() << QStringLiteral("## Times") << QString();
  if (in.times && !in.times->ms.empty())
    out << QStringLiteral("median %1, min %2 over %3 runs on %4")
               .arg(timeText(in.times->medianMs()), timeText(in.times->minMs()))
               .arg(in.times->ms.size())
               .arg(in.device);
  else
    out << QStringLiteral("not run on %1 yet (Run > Run on the target device)").arg(in.device);
  RenderedSource source = renderedSource(k);
  out << QString() << QStringLiteral("## Source") << QString();
  out << fenced(source.language == CodeLanguage::OpenClC ? QStringLiteral("c") : QStringLiteral("llvm"),
                QString::fromStdString(source.text));
  out << QStringLiteral("## Machine code") << QString();
  out << (in.machineCode.isEmpty() ? QStringLiteral("not compiled (select the kernel in the Code view first)\n")
                                   : fenced(QStringLiteral("asm"), in.machineCode));
  return out.join(QLatin1Char('\n'));
}

} // namespace uops::views
