#include "views/session/saved_session.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace uops::views {
namespace {

constexpr int kVersion = 1;

[[noreturn]] void wrong(const QString& what) {
  throw SessionFileError(QStringLiteral("not a UOpScope session: %1").arg(what).toStdString());
}

QJsonValue field(const QJsonObject& o, const char* key, QJsonValue::Type type, const char* where) {
  QJsonValue v = o.value(QLatin1String(key));
  if (v.isUndefined()) return v;
  if (v.type() != type) wrong(QStringLiteral("%1.%2 has the wrong type").arg(QLatin1String(where), QLatin1String(key)));
  return v;
}

QString text(const QJsonObject& o, const char* key, const char* where) {
  return field(o, key, QJsonValue::String, where).toString();
}

int integer(const QJsonObject& o, const char* key, const char* where, int otherwise) {
  QJsonValue v = field(o, key, QJsonValue::Double, where);
  return v.isUndefined() ? otherwise : v.toInt();
}

} // namespace

QByteArray toJson(const SavedSession& s) {
  QJsonArray kernels;
  for (const auto& [index, k] : s.kernels) {
    QJsonObject o{{QStringLiteral("index"), static_cast<qint64>(index)},
                  {QStringLiteral("opts"), QString::fromStdString(formatOpts(k.opts))}};
    if (!k.beam.isEmpty()) o.insert(QStringLiteral("beam"), k.beam);
    kernels.append(o);
  }
  QJsonObject view{{QStringLiteral("stage"), s.stage},
                   {QStringLiteral("kernel"), s.kernel},
                   {QStringLiteral("central"), s.centralView},
                   {QStringLiteral("compare"), s.compare},
                   {QStringLiteral("hide"), QJsonArray::fromStringList(s.hidden)},
                   {QStringLiteral("window"), QString::fromLatin1(s.windowState.toBase64())}};
  QJsonObject root{{QStringLiteral("uopscope_session"), kVersion},
                   {QStringLiteral("program"), QJsonObject{{QStringLiteral("path"), s.path},
                                                           {QStringLiteral("name"), s.name},
                                                           {QStringLiteral("source"), s.source}}},
                   {QStringLiteral("device"), s.device},
                   {QStringLiteral("schedule"), s.schedule},
                   {QStringLiteral("kernels"), kernels},
                   {QStringLiteral("view"), view}};
  return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

SavedSession parseSavedSession(const QByteArray& json) {
  QJsonParseError error;
  QJsonDocument doc = QJsonDocument::fromJson(json, &error);
  if (doc.isNull()) wrong(QStringLiteral("JSON error at offset %1: %2").arg(error.offset).arg(error.errorString()));
  if (!doc.isObject()) wrong(QStringLiteral("the top level is not an object"));
  QJsonObject root = doc.object();
  QJsonValue version = root.value(QStringLiteral("uopscope_session"));
  if (!version.isDouble()) wrong(QStringLiteral("no \"uopscope_session\" version"));
  if (version.toInt() != kVersion)
    wrong(QStringLiteral("version %1 (this uopscope reads version %2)").arg(version.toInt()).arg(kVersion));
  SavedSession s;
  QJsonObject program = field(root, "program", QJsonValue::Object, "session").toObject();
  s.path = text(program, "path", "program");
  s.name = text(program, "name", "program");
  s.source = text(program, "source", "program");
  if (s.name.isEmpty()) wrong(QStringLiteral("the program has no name"));
  s.device = text(root, "device", "session");
  s.schedule = integer(root, "schedule", "session", 0);
  for (const QJsonValue& v : field(root, "kernels", QJsonValue::Array, "session").toArray()) {
    if (!v.isObject()) wrong(QStringLiteral("a kernel is not an object"));
    QJsonObject o = v.toObject();
    int index = integer(o, "index", "kernels[]", -1);
    if (index < 0) wrong(QStringLiteral("a kernel without an index"));
    SavedKernel k;
    try {
      k.opts = parseOpts(text(o, "opts", "kernels[]").toStdString());
    } catch (const OptParseError& e) {
      wrong(QStringLiteral("kernel %1's OptOps: %2").arg(index).arg(QString::fromUtf8(e.what())));
    }
    k.beam = text(o, "beam", "kernels[]");
    s.kernels[static_cast<size_t>(index)] = k;
  }
  QJsonObject view = field(root, "view", QJsonValue::Object, "session").toObject();
  s.stage = text(view, "stage", "view");
  s.kernel = integer(view, "kernel", "view", -1);
  QString central = text(view, "central", "view");
  if (!central.isEmpty()) s.centralView = central;
  s.compare = field(view, "compare", QJsonValue::Bool, "view").toBool();
  for (const QJsonValue& g : field(view, "hide", QJsonValue::Array, "view").toArray()) s.hidden << g.toString();
  s.windowState = QByteArray::fromBase64(text(view, "window", "view").toLatin1());
  return s;
}

} // namespace uops::views
