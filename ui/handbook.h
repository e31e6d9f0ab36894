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
    // Scroll to an entry: "comm-tax", "bubble", "mfu", "goodput", "tco", "workflow", "shortcuts".
    void showEntry(const QString &anchor);
    QTextBrowser *browser() const { return m_browser; }
    // The handbook's page for the interface language (the default QLocale's).
    static QString pageUrl();

private:
    QTextBrowser *m_browser = nullptr;
};

// The one handbook window of `parent`'s top-level window: created on first use, then raised.
HandbookDialog *showHandbook(QWidget *parent, const QString &anchor = QString());

} // namespace commtax
