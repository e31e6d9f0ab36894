// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Edit > Quote...: the vendor's quote the plan's prices come from (economics.quote in the
// scenario file: vendor, quote id, date and valid until, dates as YYYY-MM-DD, and its prices).
// Each price given (GPU, node, network per GPU, upkeep, rent: core/quote.h quoteItems()) becomes
// the plan's value with the quote as its source; an empty price is not quoted. OK records it all on
// the plan as one undoable step; Remove quote takes it off. Reports print it beside the plan.
//
// Object names for tests: "quoteDialog", "quoteVendor", "quoteId", "quoteDate",
// "quoteValidUntil", "quoteItem_<key>" (key as in the file: "quoteItem_gpu_price_usd"),
// "quoteError", "quoteRemove".

#include "core/scenario.h"

#include <QDialog>

class QFormLayout;
class QLabel;
class QLineEdit;

namespace commtax {

class PlanDocument;

class QuoteDialog : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QuoteDialog)
public:
    explicit QuoteDialog(PlanDocument *doc, QWidget *parent = nullptr);

    // The quote as typed (trimmed); a price that is not a number is left out and named in `why`.
    Scenario::Quote quote(QString *why = nullptr) const;
    // Why `quote` cannot be recorded, as the scenario files check it (empty when it can): vendor
    // and quote id both given unless the whole quote is empty, dates as YYYY-MM-DD, valid until
    // not before the date, each price within its field's limits.
    static QString check(const Scenario::Quote &quote);

private:
    void addItems(QFormLayout *layout, const Scenario::Quote &q);
    void apply(); // OK: record the quote, or show why not

    PlanDocument *m_doc;
    QLineEdit *m_vendor = nullptr;
    QLineEdit *m_id = nullptr;
    QLineEdit *m_date = nullptr;
    QLineEdit *m_validUntil = nullptr;
    QList<QLineEdit *> m_items; // in the order of quoteItems()
    QLabel *m_error = nullptr;
};

} // namespace commtax
