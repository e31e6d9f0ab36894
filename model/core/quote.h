// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A vendor's quote and the plan's prices (economics.quote in the scenario files; docs/formats.md,
// "Quotes"): the line items a quote may carry, each setting one existing plan field, the source
// they give that field, and the warnings a quote raises (expired, a field that left its price).

#include "engine/enginetext.h"
#include "scenario.h"

#include <QDate>

#include <vector>

namespace commtax {

// One line item of a quote: its key in economics.quote.items and the plan field it sets.
struct QuoteItem {
    const char *key;  // "gpu_price_usd"
    const char *path; // "gpu.price_usd" (the field row's, engine/limits.h)
};
// Every item a quote may carry, in the order the dialog and the files show them: GPU price, node
// price without GPUs, network per GPU, upkeep (support, spares, staff: % of capex per year) and rent.
const std::vector<QuoteItem> &quoteItems();
const QuoteItem *findQuoteItem(const QString &key);
const FieldInfo *quoteItemField(const QuoteItem &item);

// What a quoted field's provenance says (stored in English, as files keep it):
// "Quote Q-2026-17 from Acme Systems, 2026-03-01" (the date left out when the quote has none).
QString quoteSource(const Scenario::Quote &q);

// Each of the quote's items sets its field, with the quote as the field's stated provenance (kind
// "user"), except the fields the file gives itself (`givenByFile`, field paths): those keep the
// file's value. A field of an earlier quote's items (`previous`) that this quote no longer prices
// loses that quote as its source.
void applyQuote(Scenario &s, const QStringList &givenByFile = {}, const Scenario::Quote &previous = {});

// True when the quote's validity ended before `today`.
bool quoteExpired(const Scenario::Quote &q, const QDate &today);

// The quote's warnings: expired before `today`; a quoted field whose value is not the quote's
// price (given or edited since). English templates marked CT_TR (context "commtax::Quote").
inline constexpr const char *kQuoteTextContext = "commtax::Quote";
std::vector<EngineText> quoteWarnings(const Scenario &s, const QDate &today);

// Today for the quote's validity: QDate::currentDate(), or the environment's COMMTAX_TODAY
// (YYYY-MM-DD) so that tests do not depend on the real date.
QDate quoteToday();

} // namespace commtax
