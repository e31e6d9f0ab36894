// SPDX-License-Identifier: GPL-3.0-or-later
#include "quotedialog.h"

#include "plandocument.h"

#include <QDate>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace commtax {

QuoteDialog::QuoteDialog(PlanDocument *doc, QWidget *parent)
    : QDialog(parent)
    , m_doc(doc)
{
    setObjectName(QStringLiteral("quoteDialog"));
    setWindowTitle(tr("Vendor quote"));
    auto *layout = new QFormLayout(this);
    auto *intro = new QLabel(tr("The quote this plan's prices come from. It is saved with the plan and printed beside it in "
                                "the reports (marked expired after its validity)."),
                             this);
    intro->setWordWrap(true);
    layout->addRow(intro);
    const Scenario::Quote &q = doc->scenario().quote;
    auto line = [this](const char *name, const QString &text, const QString &placeholder) {
        auto *edit = new QLineEdit(text, this);
        edit->setObjectName(QLatin1String(name));
        edit->setPlaceholderText(placeholder);
        return edit;
    };
    m_vendor = line("quoteVendor", q.vendor, tr("e.g. Vendor X"));
    m_id = line("quoteId", q.id, tr("e.g. Q-123"));
    m_date = line("quoteDate", q.date, tr("YYYY-MM-DD (optional)"));
    m_validUntil = line("quoteValidUntil", q.validUntil, tr("YYYY-MM-DD (optional)"));
    layout->addRow(tr("Vendor:"), m_vendor);
    layout->addRow(tr("Quote id:"), m_id);
    layout->addRow(tr("Date:"), m_date);
    layout->addRow(tr("Valid until:"), m_validUntil);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("quoteError"));
    m_error->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_error->setWordWrap(true);
    m_error->hide();
    layout->addRow(m_error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    QPushButton *remove = buttons->addButton(tr("Remove quote"), QDialogButtonBox::DestructiveRole);
    remove->setObjectName(QStringLiteral("quoteRemove"));
    remove->setEnabled(!q.isEmpty());
    layout->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QuoteDialog::apply);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(remove, &QPushButton::clicked, this, [this] {
        m_doc->setQuote(Scenario::Quote{});
        accept();
    });
    setMinimumWidth(420);
}

Scenario::Quote QuoteDialog::quote() const
{
    return Scenario::Quote{m_vendor->text().trimmed(), m_id->text().trimmed(), m_date->text().trimmed(), m_validUntil->text().trimmed()};
}

QString QuoteDialog::check(const Scenario::Quote &q)
{
    if (q.isEmpty())
        return QString();
    if (q.vendor.isEmpty())
        return tr("Give the vendor (or remove the quote).");
    if (q.id.isEmpty())
        return tr("Give the quote id (or remove the quote).");
    const QDate from = QDate::fromString(q.date, Qt::ISODate), until = QDate::fromString(q.validUntil, Qt::ISODate);
    if (!q.date.isEmpty() && !from.isValid())
        return tr("The date \"%1\" is not a date as YYYY-MM-DD.").arg(q.date);
    if (!q.validUntil.isEmpty() && !until.isValid())
        return tr("Valid until \"%1\" is not a date as YYYY-MM-DD.").arg(q.validUntil);
    if (from.isValid() && until.isValid() && until < from)
        return tr("Valid until (%1) is before the quote's date (%2).").arg(q.validUntil, q.date);
    return QString();
}

void QuoteDialog::apply()
{
    const Scenario::Quote q = quote();
    const QString why = check(q);
    if (!why.isEmpty()) {
        m_error->setText(why);
        m_error->show();
        return;
    }
    m_doc->setQuote(q);
    accept();
}

} // namespace commtax
