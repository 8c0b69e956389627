#include "views/run/peaks_cache.h"

#include "core/engine/device_registry.h"

#include <QSettings>

namespace uops::views {
namespace {

QString key(const QString& description, const char* field) {
  QString k = description;
  k.replace(QLatin1Char('/'), QLatin1Char('_'));
  return QStringLiteral("roofline/%1/%2").arg(k, QLatin1String(field));
}

} // namespace

CachedPeaks measurePeaks(const QString& device) {
  DevicePeaks peaks = openDevice(device.toStdString()).measurePeaks();
  return {.peaks = peaks, .measured = QDate::currentDate()};
}

std::optional<CachedPeaks> cachedPeaks(const QString& description) {
  QSettings s;
  const double gflops = s.value(key(description, "gflops")).toDouble();
  const double gbps = s.value(key(description, "gbps")).toDouble();
  const QDate measured =
      QDate::fromString(s.value(key(description, "measured")).toString(), Qt::ISODate);
  if (gflops <= 0 || gbps <= 0 || !measured.isValid()) return std::nullopt;
  return CachedPeaks{.peaks = {.gflops = gflops, .gbps = gbps}, .measured = measured};
}

void cachePeaks(const QString& description, const CachedPeaks& peaks) {
  QSettings s;
  s.setValue(key(description, "gflops"), peaks.peaks.gflops);
  s.setValue(key(description, "gbps"), peaks.peaks.gbps);
  s.setValue(key(description, "measured"), peaks.measured.toString(Qt::ISODate));
}

} // namespace uops::views
