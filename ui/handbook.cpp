// SPDX-License-Identifier: GPL-3.0-or-later
#include "handbook.h"
#include "screenfit.h"
#include "text/modeltext.h"

#include "core/fields.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QLocale>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace commtax {

namespace {
// The handbook's page, with the plan fields' entries made from the field table.
class HandbookBrowser : public QTextBrowser
{
public:
    using QTextBrowser::QTextBrowser;
    QVariant loadResource(int type, const QUrl &name) override
    {
        if (type == QTextDocument::HtmlResource && name.scheme() == QLatin1String("qrc")
            && name.path().startsWith(QLatin1String("/handbook/")))
            return handbookHtml(name.toString(QUrl::RemoveFragment));
        return QTextBrowser::loadResource(type, name);
    }
};
} // namespace

QString handbookHtml(const QString &pageUrl)
{
    QFile file(QLatin1Char(':') + QUrl(pageUrl).path());
    if (!file.open(QIODevice::ReadOnly))
        return QString();
    QString html = QString::fromUtf8(file.readAll());
    QString fields = QStringLiteral("<h2><a name=\"fields\"></a>%1</h2>\n<p>%2</p>\n")
                         .arg(HandbookDialog::tr("Plan fields"),
                              HandbookDialog::tr("Every field of the plan editor, with its unit, what it means and its key in "
                                                 "scenario files. F1 on a field opens its entry here."));
    for (Section s : kAllSections) {
        fields += QStringLiteral("<h3>%1</h3>\n").arg(sectionName(s).toHtmlEscaped());
        for (const FieldInfo *f : fieldsOf(s))
            fields += QStringLiteral("<p><a name=\"%1\"></a><b>%2</b> <code>%3</code><br>%4</p>\n")
                          .arg(HandbookDialog::fieldAnchor(f->path()), fieldText(f->label).toHtmlEscaped(), f->path(),
                               fieldText(f->help).toHtmlEscaped());
    }
    const qsizetype end = html.lastIndexOf(QLatin1String("</body>"));
    html.insert(end < 0 ? html.size() : end, fields);
    return html;
}

QString handbookEntryOf(const QWidget *widget)
{
    for (const QWidget *w = widget; w; w = w->isWindow() ? nullptr : w->parentWidget()) {
        const QString entry = w->property("handbookEntry").toString();
        if (!entry.isEmpty())
            return entry;
    }
    return QString();
}

HandbookDialog::HandbookDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("handbookDialog"));
    setWindowTitle(tr("Commtax Handbook"));
    m_browser = new HandbookBrowser(this);
    m_browser->setObjectName(QStringLiteral("handbookBrowser"));
    m_browser->setOpenExternalLinks(true);
    m_browser->setSource(QUrl(pageUrl()));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    layout->addWidget(buttons);
    fitToScreen(this, QSize(760, 640));
}

QString HandbookDialog::pageUrl()
{
    const bool chinese = QLocale().language() == QLocale::Chinese;
    return chinese ? QStringLiteral("qrc:/handbook/handbook_zh_CN.html") : QStringLiteral("qrc:/handbook/handbook_en.html");
}

void HandbookDialog::showEntry(const QString &anchor)
{
    QUrl url(pageUrl());
    if (!anchor.isEmpty())
        url.setFragment(anchor);
    m_browser->setSource(url); // the same page: not loaded again, scrolled to the anchor
    if (!anchor.isEmpty())
        m_browser->scrollToAnchor(anchor); // also when the source was that already
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
