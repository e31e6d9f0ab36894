// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Help > Commtax Handbook: what comm tax, bubble, MFU, goodput and TCO mean here, with the formula
// and source of each, the workflow and the shortcuts; an HTML page per interface language
// (resources/handbook/handbook_<lang>.html, embedded under :/handbook).
#include <QDialog>

class QTextBrowser;

namespace commtax {

class HandbookDialog : public QDialog
{
    Q_OBJECT
public:
    explicit HandbookDialog(QWidget *parent = nullptr);
    // Scroll to an entry: "comm-tax", "bubble", "mfu", "goodput", "tco", "workflow", "shortcuts",
    // a chart's ("chart-step-time", ...) or a plan field's ("field-cluster.nodes"). The
    // browser's source() then ends in "#" and the anchor.
    void showEntry(const QString &anchor);
    // The entry of a plan field, by its path ("cluster.nodes" -> "field-cluster.nodes").
    static QString fieldAnchor(const QString &path) { return QStringLiteral("field-") + path; }
    QTextBrowser *browser() const { return m_browser; }
    // The handbook's page for the interface language (the default QLocale's).
    static QString pageUrl();

private:
    QTextBrowser *m_browser = nullptr;
};

// The one handbook window of `parent`'s top-level window: created on first use, then raised.
HandbookDialog *showHandbook(QWidget *parent, const QString &anchor = QString());

// The handbook entry of a widget (its "handbookEntry" property, or its nearest parent's within
// its window): what F1 opens when the widget has the focus. Empty: none.
QString handbookEntryOf(const QWidget *widget);
// The page with the plan fields' entries added, one per field of planFields(), each with its
// label and help text in the interface language (they are not written twice by hand).
QString handbookHtml(const QString &pageUrl);

} // namespace commtax
