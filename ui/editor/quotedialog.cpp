// SPDX-License-Identifier: GPL-3.0-or-later
#include "quotedialog.h"

#include "plandocument.h"
#include "text/modeltext.h"

#include "core/quote.h"

#include <QDate>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>

namespace commtax {

QuoteDialog::QuoteDialog(PlanDocument *doc, QWidget *parent)
    : QDialog(parent)
    , m_doc(doc)
{
    setObjectName(QStringLiteral("quoteDialog"));
    setWindowTitle(tr("Vendor quote"));
    auto *layout = new QFormLayout(this);
    auto *intro = new QLabel(tr("The quote this plan's prices come from. The prices it gives become the plan's, "
                                "with the quote as their source. It is saved with the plan and printed beside it in "
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
    addItems(layout, q);
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
    // The intro wraps: the height for this width, else the price rows open squeezed at 1.5x.
    setMinimumHeight(heightForWidth(420) > 0 ? heightForWidth(420) : sizeHint().height());
}

void QuoteDialog::addItems(QFormLayout *layout, const Scenario::Quote &q)
{
    // The prices, one line each under the field's own label; empty: not quoted.
    auto *box = new QGroupBox(tr("Prices in the quote (empty: not quoted)"), this);
    box->setObjectName(QStringLiteral("quoteItems"));
    auto *form = new QFormLayout(box);
    for (const QuoteItem &item : quoteItems()) {
        const FieldInfo *f = quoteItemField(item);
        auto *edit = new QLineEdit(this);
        edit->setObjectName(QStringLiteral("quoteItem_") + QLatin1String(item.key));
        const auto price = q.items.constFind(QLatin1String(item.path));
        if (price != q.items.constEnd())
            edit->setText(QLocale::c().toString(*price, 'g', 12));
        edit->setPlaceholderText(tr("not quoted"));
        const QString label = fieldText(f->label);
        edit->setToolTip(tr("Sets %1 (<code>%2</code>) with this quote as its source").arg(label, f->path()));
        form->addRow(label + QLatin1Char(':'), edit);
        m_items << edit;
    }
    layout->addRow(box);
}

Scenario::Quote QuoteDialog::quote(QString *why) const
{
    Scenario::Quote q;
    q.vendor = m_vendor->text().trimmed();
    q.id = m_id->text().trimmed();
    q.date = m_date->text().trimmed();
    q.validUntil = m_validUntil->text().trimmed();
    for (qsizetype i = 0; i < m_items.size(); ++i) {
        const QString text = m_items[i]->text().trimmed();
        if (text.isEmpty())
            continue;
        bool ok = false;
        double v = QLocale::c().toDouble(text, &ok);
        if (!ok)
            v = QLocale().toDouble(text, &ok);
        const FieldInfo *f = quoteItemField(quoteItems()[std::size_t(i)]);
        if (ok)
            q.items.insert(f->path(), v);
        else if (why && why->isEmpty())
            *why = tr("%1: \"%2\" is not a number.").arg(fieldText(f->label), text);
    }
    return q;
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
    for (const QuoteItem &item : quoteItems()) {
        const FieldInfo *f = quoteItemField(item);
        const auto price = q.items.constFind(f->path());
        if (price == q.items.constEnd())
            continue;
        if (const EngineText why = checkFieldValueText(*f, QJsonValue(*price)); why.pattern[0])
            return fieldText(f->label) + QStringLiteral(": ") + engineText(kFileTextContext, why);
    }
    return QString();
}

void QuoteDialog::apply()
{
    QString why;
    const Scenario::Quote q = quote(&why);
    if (why.isEmpty())
        why = check(q);
    if (!why.isEmpty()) {
        m_error->setText(why);
        m_error->show();
        return;
    }
    m_doc->setQuote(q);
    accept();
}

} // namespace commtax
