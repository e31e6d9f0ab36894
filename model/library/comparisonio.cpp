// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonio.h"
#include "comparisonuncertainty.h"

#include <QtGlobal>

#include <QJsonArray>

#include <cmath>

namespace commtax {

namespace {

const QStringList &identityColumns()
{
    static const QStringList cols = {QStringLiteral("plan"), QStringLiteral("reference"), QStringLiteral("model"),
                                     QStringLiteral("gpu"), QStringLiteral("cluster"), QStringLiteral("economics_mode"),
                                     QStringLiteral("quote_vendor"), QStringLiteral("quote_id"), QStringLiteral("quote_date"),
                                     QStringLiteral("quote_valid_until"),
                                     QStringLiteral("nodes"), QStringLiteral("tp"), QStringLiteral("pp"),
                                     QStringLiteral("dp"), QStringLiteral("normalization"), QStringLiteral("note"),
                                     QStringLiteral("valid"), QStringLiteral("error"), QStringLiteral("fits_in_memory")};
    return cols;
}

const QStringList &tailColumns()
{
    static const QStringList cols = {QStringLiteral("best_in"), QStringLiteral("break_even_gpu_price"),
                                     QStringLiteral("break_even_price_unit"), QStringLiteral("buy_vs_rent_months"),
                                     QStringLiteral("break_even_utilisation"), QStringLiteral("residual_value_usd"),
                                     QStringLiteral("net_present_cost_usd"), QStringLiteral("warnings")};
    return cols;
}

// Locale-free: QString::number always writes the C locale.
QString csvNumber(double v) { return std::isfinite(v) ? QString::number(v, 'g', 12) : QString(); }
QString csvBool(bool b) { return b ? QStringLiteral("true") : QStringLiteral("false"); }
QJsonValue jsonNumber(double v) { return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null); }

QStringList bestIn(const Comparison &c, int plan)
{
    QStringList keys;
    for (const MetricInfo &m : metrics())
        if (c.best(m).contains(plan))
            keys << QLatin1String(m.key);
    return keys;
}

QString priceUnit(const PriceBreakEven &p) { return p.rent ? QStringLiteral("USD/GPU-hour") : QStringLiteral("USD/GPU"); }

QString percent(double ratio) { return formatNumber(ratio * 100.0, 0) + QLatin1Char('%'); }

} // namespace

LibraryText planLayoutText(const Plan &plan)
{
    const ClusterSpec &c = plan.cluster;
    const TrainingSpec &t = plan.training;
    const long long gpus = static_cast<long long>(c.nodes) * c.gpus_per_node;
    LibraryText text
        = LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "%1 GPUs: %2 nodes x %3; tp=%4 pp=%5 dp=%6"),
                              {QString::number(gpus), QString::number(c.nodes), QString::number(c.gpus_per_node),
                               QString::number(t.tp), QString::number(t.pp), QString::number(t.dp)});
    if (t.cp > 1)
        text += QStringLiteral(" cp=%1").arg(t.cp);
    return text;
}

QString formatUsd(double usd) { return formatUsdLike(usd, usd); }

QString formatUsdLike(double usd, double like)
{
    if (!std::isfinite(usd))
        return QStringLiteral("n/a");
    const double a = std::abs(std::isfinite(like) ? like : usd);
    const QString sign = usd < 0 ? QStringLiteral("-") : QString();
    const double v = std::abs(usd);
    if (a >= 1e9)
        return sign + QLatin1Char('$') + formatNumber(v / 1e9, 2) + QLatin1Char('B');
    if (a >= 1e6)
        return sign + QLatin1Char('$') + formatNumber(v / 1e6, 2) + QLatin1Char('M');
    if (a >= 1e4)
        return sign + QLatin1Char('$') + formatNumber(v / 1e3, 1) + QLatin1Char('k');
    if (v >= 1000) { // "$2,163": grouped by hand, the same in every locale
        const QString digits = formatNumber(v, 0);
        QString grouped = digits;
        for (qsizetype i = grouped.size() - 3; i > 0; i -= 3)
            grouped.insert(i, QLatin1Char(','));
        return sign + QLatin1Char('$') + grouped;
    }
    return sign + QLatin1Char('$') + formatNumber(v, a >= 100 ? 0 : 2);
}

QStringList comparisonColumns()
{
    QStringList cols = identityColumns();
    for (const MetricInfo &m : metrics())
        if (!cols.contains(QLatin1String(m.key)))
            cols << QLatin1String(m.key);
    return cols + tailColumns();
}

QStringList inputColumns()
{
    QStringList cols;
    for (const FieldInfo &f : planFields()) {
        const QString key = QStringLiteral("input.") + f.path();
        cols << key << key + QStringLiteral(".kind") << key + QStringLiteral(".source");
    }
    return cols;
}

QJsonObject comparisonToJson(const Comparison &c, const PresetCatalog &catalog)
{
    std::vector<QJsonObject> inputs(size_t(c.plans.size()));
    for (const InputFigure &fig : comparisonInputFigures(c, catalog))
        inputs[size_t(fig.plan)].insert(fig.field->path(), QJsonObject{{QStringLiteral("value"), fig.value}, {QStringLiteral("kind"), toString(fig.provenance.kind)}, {QStringLiteral("source"), fig.provenance.source}});
    const QList<BreakEvenRow> be = breakEvens(c);
    QJsonArray plans;
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        const ComparedPlan &p = c.plans[i];
        QJsonObject o;
        o.insert(QStringLiteral("plan"), p.name);
        o.insert(QStringLiteral("reference"), i == c.reference);
        o.insert(QStringLiteral("model"), QString::fromStdString(p.plan.model.id));
        o.insert(QStringLiteral("gpu"), QString::fromStdString(p.plan.gpu.id));
        o.insert(QStringLiteral("cluster"), QString::fromStdString(p.plan.cluster.id));
        o.insert(QStringLiteral("economics_mode"), QLatin1String(toString(p.plan.economics.mode)));
        o.insert(QStringLiteral("quote_vendor"), p.scenario.quote.vendor);
        o.insert(QStringLiteral("quote_id"), p.scenario.quote.id);
        o.insert(QStringLiteral("quote_date"), p.scenario.quote.date);
        o.insert(QStringLiteral("quote_valid_until"), p.scenario.quote.validUntil);
        o.insert(QStringLiteral("nodes"), p.plan.cluster.nodes);
        o.insert(QStringLiteral("tp"), p.plan.training.tp);
        o.insert(QStringLiteral("pp"), p.plan.training.pp);
        o.insert(QStringLiteral("dp"), p.plan.training.dp);
        o.insert(QStringLiteral("normalization"), normalizationKeys(c.normalization, c.bestLayout));
        o.insert(QStringLiteral("note"), p.note);
        if (c.bestLayout.enabled) {
            o.insert(QStringLiteral("layout_objective"), QLatin1String(search::toString(c.bestLayout.objective)));
            o.insert(QStringLiteral("best_layout"), p.layout.applied ? QJsonValue(p.layout.layout) : QJsonValue(QJsonValue::Null));
            o.insert(QStringLiteral("runner_up"), p.layout.runnerUp.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(p.layout.runnerUp));
            o.insert(QStringLiteral("runner_up_differs"), QJsonArray::fromStringList(p.layout.runnerUpDiffers));
            o.insert(QStringLiteral("runner_up_margin"), p.layout.runnerUp.isEmpty() ? QJsonValue(QJsonValue::Null) : jsonNumber(p.layout.margin));
        }
        o.insert(QStringLiteral("valid"), p.valid);
        o.insert(QStringLiteral("error"), p.error);
        o.insert(QStringLiteral("fits_in_memory"), p.valid && p.result.fits_in_memory);
        for (const MetricInfo &m : metrics())
            if (!o.contains(QLatin1String(m.key)))
                o.insert(QLatin1String(m.key), p.valid ? jsonNumber(m.get(p.result)) : QJsonValue(QJsonValue::Null));
        o.insert(QStringLiteral("best_in"), QJsonArray::fromStringList(bestIn(c, int(i))));
        const bool hasPrice = be[i].hasPrice && be[i].price.reachable;
        o.insert(QStringLiteral("break_even_gpu_price"), hasPrice ? jsonNumber(be[i].price.breakEvenPrice) : QJsonValue(QJsonValue::Null));
        o.insert(QStringLiteral("break_even_price_unit"), be[i].hasPrice ? priceUnit(be[i].price) : QString());
        const bool hasMonths = be[i].buyRent.applicable && be[i].buyRent.reachable;
        o.insert(QStringLiteral("buy_vs_rent_months"), hasMonths ? jsonNumber(be[i].buyRent.months) : QJsonValue(QJsonValue::Null));
        o.insert(QStringLiteral("break_even_utilisation"), be[i].buyRent.applicable ? jsonNumber(be[i].buyRent.break_even_utilisation) : QJsonValue(QJsonValue::Null));
        const CostBreakdown cost = p.valid ? costBreakdown(p.plan, p.result) : CostBreakdown{};
        o.insert(QStringLiteral("residual_value_usd"), p.valid ? jsonNumber(cost.residual_value_usd) : QJsonValue(QJsonValue::Null));
        o.insert(QStringLiteral("net_present_cost_usd"), p.valid ? jsonNumber(cost.net_present_cost_usd) : QJsonValue(QJsonValue::Null));
        o.insert(QStringLiteral("warnings"), p.valid ? warningsToJson(p.result, p.plan) : QJsonArray());
        o.insert(QStringLiteral("inputs"), inputs[size_t(i)]);
        plans.append(o);
    }
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("commtax-comparison"));
    root.insert(QStringLiteral("version"), 1);
    root.insert(QStringLiteral("normalization"), normalizationKeys(c.normalization, c.bestLayout));
    root.insert(QStringLiteral("reference"), c.plans.isEmpty() ? QString() : c.plans[c.reference].name);
    if (!c.note.isEmpty())
        root.insert(QStringLiteral("note"), c.note);
    root.insert(QStringLiteral("columns"), QJsonArray::fromStringList(comparisonColumns()));
    root.insert(QStringLiteral("plans"), plans);
    return root;
}

QString comparisonToCsv(const Comparison &c, const PresetCatalog &catalog) { return comparisonToCsv(c, nullptr, catalog); }

QString comparisonToCsv(const Comparison &c, const ComparisonSensitivity *sensitivity, const PresetCatalog &catalog)
{
    const QStringList cols = comparisonColumns();
    QString out = csvRow(cols + inputColumns() + (sensitivity ? sensitivityColumns() : QStringList()));
    const QJsonArray plans = comparisonToJson(c, catalog).value(QStringLiteral("plans")).toArray();
    auto cell = [](const QJsonValue &v, const QString &separator) {
        if (v.isBool())
            return csvBool(v.toBool());
        if (v.isDouble())
            return csvNumber(v.toDouble());
        if (v.isArray())
            return v.toVariant().toStringList().join(separator);
        return v.toString(); // strings; null becomes an empty field
    };
    for (qsizetype i = 0; i < plans.size(); ++i) {
        const QJsonObject o = plans[i].toObject();
        QStringList row;
        for (const QString &col : cols) // warnings are sentences that may hold ';'
            row << cell(o.value(col), col == QLatin1String("warnings") ? QStringLiteral(" | ") : QStringLiteral(";"));
        const QJsonObject inputs = o.value(QStringLiteral("inputs")).toObject();
        for (const FieldInfo &f : planFields()) {
            const QJsonObject in = inputs.value(f.path()).toObject();
            row << cell(in.value(QStringLiteral("value")), QString()) << in.value(QStringLiteral("kind")).toString()
                << in.value(QStringLiteral("source")).toString();
        }
        if (sensitivity)
            row += sensitivityCsvValues(c, *sensitivity, int(i));
        out += csvRow(row);
    }
    return out;
}

QList<InputFigure> comparisonInputFigures(const Comparison &c, const PresetCatalog &catalog)
{
    QList<InputFigure> out;
    const Plan defaults;
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        const Scenario &s = c.plans[i].scenario;
        const Plan &plan = c.plans[i].plan; // after normalisation: the figures compared
        for (Section sec : kAllSections) {
            const QString presetId = s.presetOf(sec);
            const std::optional<Preset> preset = presetId.isEmpty() ? std::nullopt : catalog.find(sec, presetId);
            for (const FieldInfo *f : fieldsOf(sec)) {
                InputFigure fig{int(i), f, f->get(plan), Provenance{SourceKind::User, QString()}};
                const QString key = QLatin1String(f->key);
                if (const std::optional<Provenance> stated = s.statedProvenance(f->path(), fig.value))
                    fig.provenance = *stated;
                else if (preset && preset->values.value(key) == fig.value && preset->provenance.contains(key))
                    fig.provenance = preset->provenance.value(key);
                else if (sec == Section::Economics && f->get(defaults) == fig.value)
                    fig.provenance = Provenance{SourceKind::Assumption, QLatin1String(kDefaultEconomicsSource)};
                out << fig;
            }
        }
    }
    return out;
}

namespace {
// The texts below are English templates marked for lupdate (librarytext.h); model/ never
// translates them.
LibraryText phrase(const char *source, std::initializer_list<LibraryText> args = {})
{
    return LibraryText::phrase(source, args);
}
} // namespace

LibraryText comparisonQuestionText(const Comparison &c)
{
    if (c.plans.isEmpty())
        return LibraryText();
    const ComparedPlan &ref = c.plans[c.reference];
    bool sameModel = true;
    for (const ComparedPlan &p : c.plans)
        sameModel = sameModel && p.plan.model.id == ref.plan.model.id;
    const LibraryText model = sameModel ? LibraryText(QString::fromStdString(ref.plan.model.name)) : phrase(QT_TRANSLATE_NOOP("commtax::Library", "its model"));
    const double t = ref.plan.training.tokens_to_train;
    const LibraryText tokens = t >= 1e12 ? phrase(QT_TRANSLATE_NOOP("commtax::Library", "%1 trillion tokens"), {QString::number(t / 1e12, 'g', 3)})
                                         : phrase(QT_TRANSLATE_NOOP("commtax::Library", "%1 billion tokens"), {QString::number(t / 1e9, 'g', 3)});
    LibraryText basis;
    switch (c.normalization) {
    case Normalization::AsGiven: basis = phrase(QT_TRANSLATE_NOOP("commtax::Library", "each as specified")); break;
    case Normalization::EqualGpus: basis = phrase(QT_TRANSLATE_NOOP("commtax::Library", "at an equal GPU count (%1 GPUs)"), {QString::number(ref.result.gpus)}); break;
    case Normalization::EqualBudget: basis = phrase(QT_TRANSLATE_NOOP("commtax::Library", "at an equal capital budget (%1)"), {formatUsd(ref.result.capex_usd)}); break;
    case Normalization::EqualTime:
        basis = phrase(
            QT_TRANSLATE_NOOP("commtax::Library", "each on the fewest GPUs that train at least as fast as A (%1 days)"),
            {formatNumber(ref.result.days_to_train, 1)});
        break;
    }
    if (c.bestLayout.enabled)
        switch (c.bestLayout.objective) {
        case search::Objective::Time: basis += phrase(QT_TRANSLATE_NOOP("commtax::Library", ", each on its best layout for time")); break;
        case search::Objective::Cost: basis += phrase(QT_TRANSLATE_NOOP("commtax::Library", ", each on its best layout for cost")); break;
        case search::Objective::Tco: basis += phrase(QT_TRANSLATE_NOOP("commtax::Library", ", each on its best layout for tco")); break;
        }
    return phrase(QT_TRANSLATE_NOOP("commtax::Library", "Which of these %1 plans trains %2 on %3 at the lowest cost per billion tokens, compared %4?"),
                  {QString::number(c.plans.size()), model, tokens, basis});
}

QString comparisonQuestion(const Comparison &c) { return toString(comparisonQuestionText(c)); }

namespace {

// The rented plan the headline weighs buying against: the cheapest rented plan that runs; -1 if none.
int cheapestRented(const Comparison &c)
{
    int rented = -1;
    for (qsizetype i = 0; i < c.plans.size(); ++i)
        if (c.plans[i].runs() && c.plans[i].plan.economics.mode == EconomicsMode::Rent
            && (rented < 0 || c.plans[i].result.cost_per_billion_tokens_usd < c.plans[rented].result.cost_per_billion_tokens_usd))
            rented = int(i);
    return rented;
}

LibraryText recommendationHeadline(const Comparison &c, int chosen)
{
    const ComparedPlan &best = c.plans[chosen];
    const double days = best.result.days_to_train;
    if (best.plan.economics.mode == EconomicsMode::Rent)
        return phrase(QT_TRANSLATE_NOOP("commtax::Library", "Recommended: %1, rented: no cash up front; this run costs %2 in rent (%3 GPUs at %4 per GPU-hour "
                                                            "for %5 days), and nothing is owed once it ends."),
                      {best.name, formatUsd(best.result.tco_usd), QString::number(best.result.gpus),
                       formatUsd(rentUsdPerGpuHour(best.plan)), formatNumber(days, 1)});
    const double years = best.plan.economics.years;
    const double u = best.plan.economics.utilisation;
    LibraryText h = u >= 1 ? phrase(QT_TRANSLATE_NOOP("commtax::Library", "Recommended: %1, bought: %2 cash up front (%3 GPUs with servers and network); this run costs %4 "
                                                                          "(TCO of the run: its %5 days' share of %6 years of depreciation, plus energy and upkeep), which "
                                                                          "assumes the cluster is kept busy for all of its %6 years (%7 utilisation: idle months cost the same)"),
                                    {best.name, formatUsd(best.result.capex_usd), QString::number(best.result.gpus),
                                     formatUsd(best.result.tco_usd), formatNumber(days, 1), formatNumber(years, 0), percent(u)})
                           : phrase(QT_TRANSLATE_NOOP("commtax::Library", "Recommended: %1, bought: %2 cash up front (%3 GPUs with servers and network); this run costs %4 "
                                                                          "(TCO of the run: its %5 days' share of %6 years of depreciation, plus energy and upkeep), which "
                                                                          "assumes the cluster is kept busy for %7 of its %6 years (%7 utilisation: idle months cost the same)"),
                                    {best.name, formatUsd(best.result.capex_usd), QString::number(best.result.gpus),
                                     formatUsd(best.result.tco_usd), formatNumber(days, 1), formatNumber(years, 0), percent(u)});
    const int rented = cheapestRented(c);
    if (rented < 0)
        return h + phrase(QT_TRANSLATE_NOOP("commtax::Library", "; no rented plan is compared, so buying is not weighed against renting (add one with "
                                                                "economics mode \"rent\")."));
    const ComparedPlan &r = c.plans[rented];
    const BuyRentBreakEven br = buyVersusRent(best.plan, best.result, r.plan, r.result);
    if (!br.reachable)
        return h + phrase(QT_TRANSLATE_NOOP("commtax::Library", "; renting (%1) stays cheaper than buying at any use: its rent is below the bought cluster's "
                                                                "own energy and upkeep."),
                          {r.name});
    const double runMonths = days * 24.0 / kHoursPerMonth;
    h += u >= 1 ? phrase(QT_TRANSLATE_NOOP("commtax::Library", "; buying beats renting (%1) only after %2 months of use"), {r.name, formatNumber(br.months, 1)})
                : phrase(QT_TRANSLATE_NOOP("commtax::Library", "; buying beats renting (%1) only after %2 months at %3 utilisation"),
                         {r.name, formatNumber(br.months, 1), percent(u)});
    if (std::isfinite(br.break_even_utilisation))
        h += br.break_even_utilisation <= 1
            ? phrase(QT_TRANSLATE_NOOP("commtax::Library", " (over its life, buying is cheaper above %1 utilisation)"), {percent(br.break_even_utilisation)})
            : phrase(QT_TRANSLATE_NOOP("commtax::Library", " (over its life, renting is cheaper even at 100% utilisation)"));
    if (br.months > years * 12.0)
        h += phrase(QT_TRANSLATE_NOOP("commtax::Library", ", beyond its %1-year life: renting is cheaper"), {formatNumber(years, 0)});
    else if (runMonths < br.months)
        h += phrase(QT_TRANSLATE_NOOP("commtax::Library", ", and this run takes %1 months: buying pays only if the cluster keeps working after it"),
                    {formatNumber(runMonths, 1)});
    return h + phrase(QT_TRANSLATE_NOOP("commtax::Library", "."));
}

// The recommendation: the cheapest plan that runs (`cheap`, or none when it is negative), how it
// compares with the next cheapest and the fastest, and the GPU price at which the next would match it.
void appendRecommendation(QList<LibraryText> &out, const Comparison &c, int cheap)
{
    if (cheap < 0) {
        out << phrase(QT_TRANSLATE_NOOP("commtax::Library", "None of the plans can run as specified (each is invalid or does not fit in memory): "
                                                            "change the layout before buying."));
    } else {
        const ComparedPlan &best = c.plans[cheap];
        int runnerUp = -1;
        for (qsizetype i = 0; i < c.plans.size(); ++i)
            if (i != cheap && c.plans[i].runs()
                && (runnerUp < 0 || c.plans[i].result.cost_per_billion_tokens_usd < c.plans[runnerUp].result.cost_per_billion_tokens_usd))
                runnerUp = int(i);
        // The decision first: the cash it takes, what this run costs, the utilisation that buying
        // assumes, and buying against renting; then why (cost per billion tokens).
        out << recommendationHeadline(c, cheap);
        const QString days = formatNumber(best.result.days_to_train, 1);
        if (runnerUp >= 0) {
            const ComparedPlan &second = c.plans[runnerUp];
            out << phrase(QT_TRANSLATE_NOOP("commtax::Library", "It has the lowest cost per billion tokens of the plans that run (%1; next is %2 at %3, %4 more) "
                                                                "and trains in %5 days."),
                          {formatUsd(best.result.cost_per_billion_tokens_usd), second.name,
                           formatUsd(second.result.cost_per_billion_tokens_usd),
                           percent(second.result.cost_per_billion_tokens_usd / best.result.cost_per_billion_tokens_usd - 1.0), days});
        } else {
            out << phrase(QT_TRANSLATE_NOOP("commtax::Library", "It has the lowest cost per billion tokens of the plans that run (%1) and trains in %2 days."),
                          {formatUsd(best.result.cost_per_billion_tokens_usd), days});
        }
        const int fast = c.fastest();
        if (fast >= 0 && fast != cheap) {
            const ComparedPlan &f = c.plans[fast];
            out << phrase(QT_TRANSLATE_NOOP("commtax::Library", "%1 trains fastest, in %2 days (%3 days sooner), at %4 per billion tokens (%5 more)."),
                          {f.name, formatNumber(f.result.days_to_train, 1),
                           formatNumber(best.result.days_to_train - f.result.days_to_train, 1),
                           formatUsd(f.result.cost_per_billion_tokens_usd),
                           percent(f.result.cost_per_billion_tokens_usd / best.result.cost_per_billion_tokens_usd - 1.0)});
        }
        if (runnerUp >= 0) {
            const ComparedPlan &second = c.plans[runnerUp];
            const PriceBreakEven be = breakEvenGpuPrice(best.result, second.plan, second.result);
            if (be.reachable)
                out << phrase(be.rent ? QT_TRANSLATE_NOOP("commtax::Library", "%1 would match it at a GPU price of %2 per GPU-hour (today %3 per GPU-hour): a price to negotiate towards.")
                                      : QT_TRANSLATE_NOOP("commtax::Library", "%1 would match it at a GPU price of %2 per GPU (today %3 per GPU): a price to negotiate towards."),
                              {second.name, formatUsd(be.breakEvenPrice), formatUsd(be.currentPrice)});
            else
                out << phrase(QT_TRANSLATE_NOOP("commtax::Library", "%1 cannot match it even with free GPUs: its servers, network, power and time cost more."), {second.name});
        }
    }
}

// Each plan that is invalid, does not fit in memory, or loses much of its step to communication.
void appendPlanProblems(QList<LibraryText> &out, const Comparison &c)
{
    for (const ComparedPlan &p : c.plans) {
        if (!p.valid)
            out << phrase(QT_TRANSLATE_NOOP("commtax::Library", "%1 is not a valid plan: %2."), {p.name, p.errorText.isEmpty() ? LibraryText(p.error) : p.errorText});
        else if (!p.result.fits_in_memory)
            out << phrase(QT_TRANSLATE_NOOP("commtax::Library", "%1 does not fit in memory with this layout (%2 GB per GPU needed, %3 GB usable), so it cannot "
                                                                "run as planned; it needs more tensor or pipeline parallelism, ZeRO or recompute."),
                          {p.name, formatNumber(p.result.memory_total_gb, 1), formatNumber(p.result.memory_usable_gb, 1)});
        else if (p.result.comm_tax_exposed > kCommTaxWarn)
            out << phrase(QT_TRANSLATE_NOOP("commtax::Library", "On %1, communication takes %2 of every step: its interconnect is the bottleneck."),
                          {p.name, percent(p.result.comm_tax_exposed)});
    }
}

// Buying against renting for each pair the break-even table holds, but the one the headline gave.
void appendBuyRentFindings(QList<LibraryText> &out, const Comparison &c, int cheap)
{
    const QList<BreakEvenRow> be = breakEvens(c);
    for (qsizetype i = 0; i < be.size(); ++i) {
        const BuyRentBreakEven &br = be[i].buyRent;
        if (!br.applicable)
            continue;
        const ComparedPlan &bought = be[i].buyIsReference ? c.plans[c.reference] : c.plans[i];
        const ComparedPlan &rented = be[i].buyIsReference ? c.plans[i] : c.plans[c.reference];
        if (cheap >= 0 && &bought == &c.plans[cheap] && cheapestRented(c) >= 0 && &rented == &c.plans[cheapestRented(c)])
            continue; // the headline said it
        if (!br.reachable) {
            out << phrase(QT_TRANSLATE_NOOP("commtax::Library", "Renting (%1) stays cheaper than buying (%2): the rent is below the bought cluster's own "
                                                                "energy and upkeep."),
                          {rented.name, bought.name});
            continue;
        }
        const double lifeMonths = bought.plan.economics.years * 12.0;
        const QString years = formatNumber(bought.plan.economics.years, 0);
        out << (br.months <= lifeMonths
                    ? phrase(QT_TRANSLATE_NOOP("commtax::Library", "Buying (%1) costs less than renting (%2) after %3 months of use, within its %4-year life."),
                             {bought.name, rented.name, formatNumber(br.months, 1), years})
                    : phrase(QT_TRANSLATE_NOOP("commtax::Library", "Buying (%1) costs less than renting (%2) after %3 months of use, beyond its %4-year life: "
                                                                   "over the hardware's life renting is cheaper."),
                             {bought.name, rented.name, formatNumber(br.months, 1), years}));
    }
}

} // namespace

QList<LibraryText> comparisonFindingTexts(const Comparison &c)
{
    QList<LibraryText> out;
    const int cheap = c.cheapest();
    appendRecommendation(out, c, cheap);
    appendPlanProblems(out, c);
    appendBuyRentFindings(out, c, cheap);
    return out;
}

QStringList comparisonFindings(const Comparison &c) { return toStrings(comparisonFindingTexts(c)); }

} // namespace commtax
