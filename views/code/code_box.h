// A read-only, unwrapped, monospace text box for source and machine code
// (the Code view's panes, the Diff view's sides).
#pragma once

class QPlainTextEdit;
class QString;
class QWidget;

namespace uops::views {

QPlainTextEdit* codeBox(const QString& name, QWidget* parent);

} // namespace uops::views
