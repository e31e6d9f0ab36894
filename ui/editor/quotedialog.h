// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Edit > Quote...: the vendor's quote the plan's prices come from (economics.quote in the
// scenario file: vendor, quote id, date and valid until, dates as YYYY-MM-DD). OK records it on
// the plan as one undoable step; Remove quote takes it off. Reports print it beside the plan.
//
// Object names for tests: "quoteDialog", "quoteVendor", "quoteId", "quoteDate",
// "quoteValidUntil", "quoteError", "quoteRemove".

#include "core/scenario.h"

#include <QDialog>

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

    // The quote as typed (trimmed).
    Scenario::Quote quote() const;
    // Why `quote` cannot be recorded, as the scenario files check it (empty when it can): vendor
    // and quote id both given unless the whole quote is empty, dates as YYYY-MM-DD, valid until
    // not before the date.
    static QString check(const Scenario::Quote &quote);

private:
    void apply(); // OK: record the quote, or show why not

    PlanDocument *m_doc;
    QLineEdit *m_vendor = nullptr;
    QLineEdit *m_id = nullptr;
    QLineEdit *m_date = nullptr;
    QLineEdit *m_validUntil = nullptr;
    QLabel *m_error = nullptr;
};

} // namespace commtax
