// What the explorer shows before any program is open: the bundled examples
// (each with the first line of its description) and the recent files, one
// click to open; the last program opened is offered first.
#pragma once

#include <QWidget>

class QListWidget;

namespace uops::views {

class StartPage : public QWidget {
  Q_OBJECT

public:
  explicit StartPage(QWidget* parent = nullptr);
  // Lists the .py and .uop files of `examplesDir` and `recent` (most recent
  // first; files that no longer exist are left out).
  void fill(const QString& examplesDir, const QStringList& recent);
  QListWidget* examples() const { return m_examples; }
  QListWidget* recent() const { return m_recent; }

Q_SIGNALS:
  void openRequested(const QString& path);

private:
  QListWidget* m_examples;
  QListWidget* m_recent;
};

} // namespace uops::views
