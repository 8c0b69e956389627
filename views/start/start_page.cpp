#include "views/start/start_page.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

namespace uops::views {
namespace {

constexpr int kPathRole = Qt::UserRole + 1;

// The first comment line of a program ("# Softmax over rows..."), if any.
QString descriptionOf(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
  for (int i = 0; i < 5 && !f.atEnd(); ++i) {
    const QString line = QString::fromUtf8(f.readLine()).trimmed();
    if (line.startsWith(QLatin1Char('#'))) return line.mid(1).trimmed();
  }
  return {};
}

QWidget* column(const QString& title, QListWidget* list, QWidget* parent) {
  auto* box = new QWidget(parent);
  auto* layout = new QVBoxLayout(box);
  auto* label = new QLabel(QStringLiteral("<b>%1</b>").arg(title), box);
  layout->addWidget(label);
  layout->addWidget(list, 1);
  return box;
}

void addEntry(QListWidget* list, const QString& path, bool withDescription) {
  const QString description = withDescription ? descriptionOf(path) : QString();
  auto* item = new QListWidgetItem(description.isEmpty() ? QFileInfo(path).fileName()
                                                         : QStringLiteral("%1 — %2").arg(QFileInfo(path).fileName(), description),
                                   list);
  item->setData(kPathRole, path);
  item->setToolTip(path);
}

} // namespace

StartPage::StartPage(QWidget* parent)
    : QWidget(parent), m_examples(new QListWidget(this)), m_recent(new QListWidget(this)) {
  setObjectName(QStringLiteral("startPage"));
  m_examples->setObjectName(QStringLiteral("startExamples"));
  m_recent->setObjectName(QStringLiteral("startRecent"));
  auto* intro = new QLabel(QStringLiteral("<h2>UOpScope</h2>Open a tensor program written as tinygrad users write them "
                                          "(File &gt; Open, or drop a file here), or start from one of these. "
                                          "Each program is lowered through the eight stages; its kernels run on the "
                                          "target device."),
                           this);
  intro->setWordWrap(true);
  auto* lists = new QHBoxLayout;
  lists->addWidget(column(QStringLiteral("Examples"), m_examples, this), 3);
  lists->addWidget(column(QStringLiteral("Recent files"), m_recent, this), 2);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(24, 16, 24, 16);
  layout->addWidget(intro);
  layout->addLayout(lists, 1);
  for (QListWidget* list : {m_examples, m_recent})
    connect(list, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { Q_EMIT openRequested(item->data(kPathRole).toString()); });
}

void StartPage::fill(const QString& examplesDir, const QStringList& recent) {
  m_examples->clear();
  m_recent->clear();
  QDir dir(examplesDir);
  for (const QString& name : dir.entryList({QStringLiteral("*.py"), QStringLiteral("*.uop")}, QDir::Files, QDir::Name))
    addEntry(m_examples, dir.filePath(name), true);
  for (const QString& path : recent)
    if (QFileInfo::exists(path)) addEntry(m_recent, path, false);
  if (m_recent->count() == 0) m_recent->addItem(QStringLiteral("(none yet)"));
  m_recent->setCurrentRow(0);
}

} // namespace uops::views
