#include "views/rules/why_not_panel.h"

#include "core/ir/op.h"
#include "core/rewrite/why_not.h"
#include "views/session/session.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace uops::views {
namespace {

enum Column { kRule, kVerdict, kSource };

} // namespace

WhyNotPanel::WhyNotPanel(Session& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_heading(new QLabel(this)), m_rules(new QTreeWidget(this)),
      m_next(new QPushButton(QStringLiteral("Next match"), this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  m_heading->setWordWrap(true);
  layout->addWidget(m_heading);
  m_rules->setHeaderLabels({QStringLiteral("rule"), QStringLiteral("why not"), QStringLiteral("source")});
  m_rules->setRootIsDecorated(false);
  m_rules->header()->setSectionResizeMode(kVerdict, QHeaderView::Stretch);
  m_rules->header()->setStretchLastSection(false);
  layout->addWidget(m_rules);
  m_next->setToolTip(QStringLiteral("Show the chosen rule's next rewrite in this stage"));
  m_next->setEnabled(false);
  layout->addWidget(m_next);
  showNode(nullptr);
  connect(m_next, &QPushButton::clicked, this, [this] {
    if (!nextMatch()) m_heading->setText(m_heading->text() + QStringLiteral("\nno further match of that rule in this stage"));
  });
  connect(m_rules, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    m_next->setEnabled(item != nullptr);
    if (item) m_chosen = item->text(kRule) + QLatin1Char('@') + item->text(kSource);
  });
  connect(&m_session, &Session::nodeSelected, this, &WhyNotPanel::showNode);
  connect(&m_session, &Session::stageSelected, this, [this] {
    m_step = m_rewrite = -1;
    m_chosen.clear();
    showNode(nullptr);
  });
  connect(&m_session, &Session::rewriteShown, this, [this](int step, int k) {
    m_step = step;
    m_rewrite = k;
  });
}

void WhyNotPanel::showNode(const UOp* node) {
  m_rules->clear();
  const int stage = m_session.selectedStage();
  if (!node || stage < 0) {
    m_heading->setText(QStringLiteral("Select a node: the rules of this stage that could rewrite it, and why they did not."));
    return;
  }
  const StageRecord& r = m_session.stageRecord(stage);
  std::vector<Rule> rules;
  for (const TraceStep& s : r.steps) rules.insert(rules.end(), s.rules.begin(), s.rules.end());
  std::vector<RuleVerdict> verdicts = whyNot(rules, node->ptr());
  int matching = 0;
  for (const RuleVerdict& v : verdicts) {
    auto* item = new QTreeWidgetItem(m_rules, {QString::fromStdString(v.rule.name()), QString::fromStdString(v.why),
                                               QString::fromStdString(v.rule.locationText())});
    item->setToolTip(kVerdict, QString::fromStdString(v.rule.pattern().toString()));
    if (item->text(kRule) + QLatin1Char('@') + item->text(kSource) == m_chosen) m_rules->setCurrentItem(item);
    if (v.matches) {
      ++matching;
      for (int c = kRule; c <= kSource; ++c) item->setForeground(c, QColor(0x1b, 0x7a, 0x2e));
    }
  }
  m_rules->resizeColumnToContents(kRule);
  m_heading->setText(QStringLiteral("%1 (%2) in %3: %4 rules could match its op, %5 by their pattern")
                         .arg(QString::fromUtf8(opName(node->op()).data()))
                         .arg(QString::fromStdString(toString(node->dtype())))
                         .arg(QString::fromStdString(r.stage))
                         .arg(verdicts.size())
                         .arg(matching));
}

bool WhyNotPanel::nextMatch() {
  const int stage = m_session.selectedStage();
  QTreeWidgetItem* chosen = m_rules->currentItem();
  if (stage < 0 || !chosen) return false;
  const std::string name = chosen->text(kRule).toStdString(), source = chosen->text(kSource).toStdString();
  const StageRecord& r = m_session.stageRecord(stage);
  for (size_t s = static_cast<size_t>(std::max(m_step, 0)); s < r.steps.size(); ++s) {
    const std::vector<TraceRewrite>& rewrites = r.steps[s].rewrites;
    size_t from = static_cast<int>(s) == m_step ? static_cast<size_t>(m_rewrite + 1) : 0;
    for (size_t k = from; k < rewrites.size(); ++k)
      if (rewrites[k].rule.name() == name && rewrites[k].rule.locationText() == source) {
        m_session.showRewrite(static_cast<int>(s), static_cast<int>(k));
        return true;
      }
  }
  return false;
}

} // namespace uops::views
