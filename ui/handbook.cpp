// SPDX-License-Identifier: GPL-3.0-or-later
#include "handbook.h"

#include <QDialogButtonBox>
#include <QLocale>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace commtax {

HandbookDialog::HandbookDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("handbookDialog"));
    setWindowTitle(tr("Commtax Handbook"));
    m_browser = new QTextBrowser(this);
    m_browser->setObjectName(QStringLiteral("handbookBrowser"));
    m_browser->setOpenExternalLinks(true);
    m_browser->setSource(QUrl(pageUrl()));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    layout->addWidget(buttons);
    resize(760, 640);
}

QString HandbookDialog::pageUrl()
{
    const bool chinese = QLocale().language() == QLocale::Chinese;
    return chinese ? QStringLiteral("qrc:/handbook/handbook_zh_CN.html") : QStringLiteral("qrc:/handbook/handbook_en.html");
}

void HandbookDialog::showEntry(const QString &anchor)
{
    if (anchor.isEmpty())
        m_browser->setSource(QUrl(pageUrl()));
    else
        m_browser->scrollToAnchor(anchor);
}

HandbookDialog *showHandbook(QWidget *parent, const QString &anchor)
{
    QWidget *top = parent ? parent->window() : nullptr;
    HandbookDialog *dialog = top ? top->findChild<HandbookDialog *>(QStringLiteral("handbookDialog"), Qt::FindDirectChildrenOnly) : nullptr;
    if (!dialog)
        dialog = new HandbookDialog(top);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    if (!anchor.isEmpty())
        dialog->showEntry(anchor);
    return dialog;
}

} // namespace commtax
