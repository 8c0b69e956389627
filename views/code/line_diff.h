// A line diff of two texts (Myers' O((n+m)d) shortest edit script), and the
// two sides aligned row by row for showing them side by side: a line only
// one side has faces an empty row on the other.
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace uops::views {

enum class DiffKind : unsigned char { Same, Removed, Added };

struct DiffLine {
  DiffKind kind;
  int left;  // line in the first text (0-based), -1 for Added
  int right; // line in the second text, -1 for Removed
};

std::vector<DiffLine> lineDiff(const QStringList& a, const QStringList& b);

struct AlignedDiff {
  QString left, right;           // the texts with empty rows where the other side has a line
  std::vector<DiffKind> rows;    // per row of both
  int removed = 0, added = 0;    // lines only in the first, only in the second
};

AlignedDiff alignedDiff(const QString& a, const QString& b);

} // namespace uops::views
