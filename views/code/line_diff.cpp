#include "views/code/line_diff.h"

#include <algorithm>

namespace uops::views {

std::vector<DiffLine> lineDiff(const QStringList& a, const QStringList& b) {
  const int n = static_cast<int>(a.size()), m = static_cast<int>(b.size()), max = n + m;
  // texts this different read as one replaced by the other (and the search
  // would need O(d^2) memory): every line removed, then every line added
  constexpr int kMostEdits = 4000;
  // v[k + offset]: the furthest x on diagonal k after d edits; each d keeps
  // its diagonals -d..d to trace the script back
  const int offset = max + 1;
  std::vector<std::vector<int>> trace;
  std::vector<int> v(static_cast<size_t>(2 * max + 3), 0);
  int found = -1;
  for (int d = 0; d <= std::min(max, kMostEdits) && found < 0; ++d) {
    for (int k = -d; k <= d; k += 2) {
      int x = (k == -d || (k != d && v[k - 1 + offset] < v[k + 1 + offset])) ? v[k + 1 + offset]
                                                                              : v[k - 1 + offset] + 1;
      int y = x - k;
      while (x < n && y < m && a[x] == b[y]) ++x, ++y;
      v[k + offset] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    trace.emplace_back(v.begin() + (offset - d), v.begin() + (offset + d + 1));
  }
  std::vector<DiffLine> out;
  if (found < 0) {
    for (int i = 0; i < n; ++i) out.push_back({DiffKind::Removed, i, -1});
    for (int j = 0; j < m; ++j) out.push_back({DiffKind::Added, -1, j});
    return out;
  }
  // back from (n, m) through each d's diagonals
  int x = n, y = m;
  for (int d = found; d > 0; --d) {
    const std::vector<int>& prev = trace[static_cast<size_t>(d - 1)]; // diagonals -(d-1)..d-1
    auto at = [&](int k) { return prev[static_cast<size_t>(k + d - 1)]; };
    int k = x - y;
    bool down = k == -d || (k != d && at(k - 1) < at(k + 1));
    int pk = down ? k + 1 : k - 1;
    int px = at(pk), py = px - pk;
    while (x > px + (down ? 0 : 1) && y > py + (down ? 1 : 0)) {
      --x, --y;
      out.push_back({DiffKind::Same, x, y});
    }
    if (down) out.push_back({DiffKind::Added, -1, --y});
    else out.push_back({DiffKind::Removed, --x, -1});
  }
  while (x > 0 && y > 0) {
    --x, --y;
    out.push_back({DiffKind::Same, x, y});
  }
  std::reverse(out.begin(), out.end());
  return out;
}

AlignedDiff alignedDiff(const QString& a, const QString& b) {
  QStringList left = a.split(QLatin1Char('\n')), right = b.split(QLatin1Char('\n'));
  AlignedDiff out;
  QStringList l, r;
  for (const DiffLine& d : lineDiff(left, right)) {
    l << (d.left >= 0 ? left[d.left] : QString());
    r << (d.right >= 0 ? right[d.right] : QString());
    out.rows.push_back(d.kind);
    out.removed += d.kind == DiffKind::Removed;
    out.added += d.kind == DiffKind::Added;
  }
  out.left = l.join(QLatin1Char('\n'));
  out.right = r.join(QLatin1Char('\n'));
  return out;
}

} // namespace uops::views
