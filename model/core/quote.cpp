// SPDX-License-Identifier: GPL-3.0-or-later
#include "quote.h"

#include "engine/limits.h"
#include "resultio.h"

#include <QByteArray>

namespace commtax {

const std::vector<QuoteItem> &quoteItems()
{
    static const std::vector<QuoteItem> items = {
        {"gpu_price_usd", fieldPath(FieldId::gpu_price_usd)},
        {"node_price_usd", fieldPath(FieldId::cluster_node_price_usd)},
        {"network_cost_per_gpu_usd", fieldPath(FieldId::cluster_network_cost_per_gpu_usd)},
        {"upkeep_pct", fieldPath(FieldId::economics_upkeep_pct)},
        {"usd_per_gpu_hour", fieldPath(FieldId::economics_usd_per_gpu_hour)},
    };
    return items;
}

const QuoteItem *findQuoteItem(const QString &key)
{
    for (const QuoteItem &item : quoteItems())
        if (key == QLatin1String(item.key))
            return &item;
    return nullptr;
}

const FieldInfo *quoteItemField(const QuoteItem &item)
{
    const QString path = QLatin1String(item.path);
    for (const FieldInfo &f : planFields())
        if (f.path() == path)
            return &f;
    return nullptr;
}

QString quoteSource(const Scenario::Quote &q)
{
    QString text = QStringLiteral("Quote %1 from %2").arg(q.id, q.vendor);
    if (!q.date.isEmpty())
        text += QStringLiteral(", ") + q.date;
    return text;
}

void applyQuote(Scenario &s, const QStringList &givenByFile, const Scenario::Quote &previous)
{
    if (!previous.isEmpty()) {
        const QString before = quoteSource(previous);
        for (auto it = s.stated.begin(); it != s.stated.end();)
            it = it->provenance.source == before ? s.stated.erase(it) : std::next(it);
    }
    const QString source = quoteSource(s.quote);
    for (const QuoteItem &item : quoteItems()) {
        const auto price = s.quote.items.constFind(QLatin1String(item.path));
        const FieldInfo *f = quoteItemField(item);
        if (price == s.quote.items.constEnd() || !f)
            continue;
        if (!givenByFile.contains(f->path()))
            f->set(s.plan, QJsonValue(*price));
        if (f->get(s.plan) == QJsonValue(*price))
            s.stated.insert(f->path(), Scenario::Stated{f->get(s.plan), Provenance{SourceKind::User, source}});
    }
}

bool quoteExpired(const Scenario::Quote &q, const QDate &today)
{
    const QDate until = QDate::fromString(q.validUntil, Qt::ISODate);
    return until.isValid() && today.isValid() && until < today;
}

std::vector<EngineText> quoteWarnings(const Scenario &s, const QDate &today)
{
    std::vector<EngineText> out;
    if (s.quote.isEmpty())
        return out;
    const auto text = [](const char *pattern, const QStringList &args) {
        EngineText t{pattern, {}};
        for (const QString &a : args)
            t.args.push_back(a.toStdString());
        return t;
    };
    if (quoteExpired(s.quote, today))
        out.push_back(text(CT_TR("commtax::Quote", "Quote %1 from %2 expired on %3: its prices may no longer hold"),
                           {s.quote.id, s.quote.vendor, s.quote.validUntil}));
    for (const QuoteItem &item : quoteItems()) {
        const auto price = s.quote.items.constFind(QLatin1String(item.path));
        const FieldInfo *f = quoteItemField(item);
        if (price == s.quote.items.constEnd() || !f)
            continue;
        const QJsonValue v = f->get(s.plan);
        if (v != QJsonValue(*price))
            out.push_back(text(CT_TR("commtax::Quote", "%1 is %2, not the price %3 of quote %4"),
                               {f->path(), formatNumber(v.toDouble(), f->decimals), formatNumber(*price, f->decimals),
                                s.quote.id}));
    }
    return out;
}

QDate quoteToday()
{
    const QByteArray forced = qgetenv("COMMTAX_TODAY");
    if (!forced.isEmpty())
        if (const QDate d = QDate::fromString(QString::fromLatin1(forced), Qt::ISODate); d.isValid())
            return d;
    return QDate::currentDate();
}

} // namespace commtax
