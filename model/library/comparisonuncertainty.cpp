// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonuncertainty.h"

#include "comparisonio.h"
#include "core/fields.h"
#include "core/resultio.h"
#include "core/uncertaintyio.h"
#include "search/buy.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QtGlobal>

#include <algorithm>
#include <cmath>

namespace commtax {

using namespace uncertainty;

namespace {
// The metrics the reports show a range of, in their order.
constexpr Metric kReportedMetrics[] = {Metric::DaysToTrain, Metric::CostPerBillionTokens, Metric::Tco};

QJsonValue number(double v) { return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null); }
QString csvNumber(double v) { return std::isfinite(v) ? QString::number(v, 'g', 12) : QString(); }

QJsonArray tornadoJson(const std::vector<TornadoBar> &bars)
{
    QJsonArray out;
    for (const TornadoBar &b : bars)
        out.append(QJsonObject{{QStringLiteral("input"), QString::fromStdString(b.input)},
                               {QStringLiteral("metric"), QLatin1String(metricKey(b.metric))},
                               {QStringLiteral("input_low"), b.input_low},
                               {QStringLiteral("input_high"), b.input_high},
                               {QStringLiteral("low"), number(b.low)},
                               {QStringLiteral("high"), number(b.high)},
                               {QStringLiteral("swing"), number(b.swing)}});
    return out;
}
} // namespace

std::vector<PlanInputs> comparisonInputs(const Comparison &c, const PresetCatalog &catalog)
{
    std::vector<PlanInputs> out;
    out.reserve(std::size_t(c.plans.size()));
    for (const ComparedPlan &p : c.plans) {
        // The kinds and ranges the scenario states, on the plan as compared (normalisation and
        // the best layout change sizes and layouts, never an uncertain input).
        Scenario compared = p.scenario;
        compared.plan = p.plan;
        out.push_back(planInputs(p.plan, scenarioNotes(compared, catalog)));
    }
    return out;
}

ComparisonSensitivity comparisonSensitivity(const Comparison &c, const PresetCatalog &catalog, const Options &options,
                                            const std::atomic<bool> *cancel)
{
    QElapsedTimer clock;
    clock.start();
    ComparisonSensitivity s;
    s.samples = std::max(options.samples, 0);
    s.seed = options.seed;
    s.recommended = c.cheapest();
    s.plans.resize(std::size_t(c.plans.size()));
    const auto stopped = [&] { return cancel && cancel->load(std::memory_order_relaxed); };
    if (s.samples == 0 || c.plans.isEmpty())
        return s;
    Options o = options;
    o.cancel = cancel;
    const std::vector<PlanInputs> inputs = comparisonInputs(c, catalog);
    // Win odds among the plans that evaluate; a plan that does not never wins (0).
    std::vector<PlanInputs> valid;
    std::vector<std::size_t> validIndex;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (!c.plans[qsizetype(i)].valid)
            continue;
        PlanSensitivity &ps = s.plans[i];
        const Summary sum = monteCarlo(inputs[i], o);
        if (sum.cancelled || stopped()) {
            s.cancelled = true;
            return s;
        }
        ps.valid = true;
        ps.invalid = sum.invalid;
        std::copy(std::begin(sum.metric), std::end(sum.metric), std::begin(ps.metric));
        ps.costTornado = tornado(inputs[i], Metric::CostPerBillionTokens);
        ps.daysTornado = tornado(inputs[i], Metric::DaysToTrain);
        Scenario compared = c.plans[qsizetype(i)].scenario;
        compared.plan = c.plans[qsizetype(i)].plan;
        ps.regime = planEngineRegime(compared, catalog);
        valid.push_back(inputs[i]);
        validIndex.push_back(i);
    }
    if (stopped()) {
        s.cancelled = true;
        return s;
    }
    const WinOdds odds = winOdds(valid, o);
    for (std::size_t j = 0; j < validIndex.size(); ++j) {
        s.plans[validIndex[j]].probabilityCheapest = odds.cheapest[j];
        s.plans[validIndex[j]].probabilityFastest = odds.fastest[j];
    }
    if (stopped()) {
        s.cancelled = true;
        return s;
    }
    // Break-evens name plans by their index in the comparison.
    s.breakEvens = uncertainty::breakEvens(valid);
    for (BreakEven &b : s.breakEvens) {
        b.plan = int(validIndex[std::size_t(b.plan)]);
        b.against = int(validIndex[std::size_t(b.against)]);
        b.owner = int(validIndex[std::size_t(b.owner)]);
    }
    s.valid = !stopped();
    s.cancelled = !s.valid;
    s.elapsedMs = double(clock.nsecsElapsed()) / 1e6;
    return s;
}

std::vector<BreakEven> keyBreakEvens(const ComparisonSensitivity &s, int perPlan)
{
    std::vector<BreakEven> all = s.breakEvens;
    const auto distance = [](const BreakEven &b) {
        return std::fabs(b.break_even - b.value) / std::max(std::fabs(b.value), 1e-12);
    };
    std::stable_sort(all.begin(), all.end(), [&](const BreakEven &a, const BreakEven &b) {
        if (a.plan != b.plan)
            return a.plan < b.plan;
        if (a.within_range != b.within_range)
            return a.within_range;
        return distance(a) < distance(b);
    });
    std::vector<BreakEven> out;
    int taken = 0, plan = -1;
    for (const BreakEven &b : all) {
        if (b.plan != plan) {
            plan = b.plan;
            taken = 0;
        }
        if (taken++ < perPlan)
            out.push_back(b);
    }
    return out;
}

LibraryText inputLabelText(const QString &path)
{
    if (path == QLatin1String("engine.step_time_error")) // not a field: the engine's own error (core/engineaccuracy.h)
        return LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "engine accuracy (published runs like the plan)"), {});
    for (const FieldInfo &f : planFields())
        if (f.path() == path)
            return LibraryText::inputName(f.label);
    return LibraryText(path);
}

QString inputValueText(const QString &path, double v, double like)
{
    if (!std::isfinite(v))
        return QStringLiteral("n/a");
    if (!std::isfinite(like))
        like = v;
    const FieldInfo *field = nullptr;
    for (const FieldInfo &f : planFields())
        if (f.path() == path)
            field = &f;
    const QString unit = field ? QString::fromLatin1(field->unit) : QString();
    const int decimals = field ? field->decimals : 2;
    if (unit.startsWith(QLatin1String("USD"))) { // "$331.3k", "$2.50/GPU-h", "$0.087/kWh"
        const QString per = unit.mid(3);
        const QString money = std::fabs(like) < 1 && like != 0 ? QStringLiteral("$") + formatNumber(v, 3) : formatUsdLike(v, like);
        return money + per;
    }
    if (unit == QLatin1String("%"))
        return formatNumber(v, std::max(decimals, 1)) + QLatin1Char('%');
    // the report's scale: "331.3k", "1.25M" from 10,000 up; below, the field's decimals (at least
    // two significant digits for a fraction such as an efficiency)
    QString number;
    const double a = std::fabs(like);
    if (a >= 1e9)
        number = formatNumber(v / 1e9, 2) + QLatin1Char('B');
    else if (a >= 1e6)
        number = formatNumber(v / 1e6, 2) + QLatin1Char('M');
    else if (a >= 1e4)
        number = formatNumber(v / 1e3, 1) + QLatin1Char('k');
    else
        number = formatNumber(v, a >= 100 ? std::min(decimals, 1) : a >= 1 ? std::max(std::min(decimals, 2), 1)
                                                                           : std::max(decimals, 2));
    return (unit.isEmpty() || unit.contains(QLatin1Char(')'))) ? number : number + QLatin1Char(' ') + unit;
}

LibraryText breakEvenText(const Comparison &c, const BreakEven &b)
{
    const QString plan = c.plans.value(b.plan).name, against = c.plans.value(b.against).name;
    const LibraryText input = inputLabelText(QString::fromStdString(b.input));
    const LibraryText whose = b.shared ? LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "the %1 both share"), {input})
        : b.owner == b.plan            ? LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "its %1"), {input})
                                       : LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "the %1 of %2"), {input, against});
    const char *sentence = b.plan_cheaper_above
        ? (b.within_range ? QT_TRANSLATE_NOOP("commtax::Library", "%1 matches %2 on cost if %3 exceeds %4 (now %5; inside its range).")
                          : QT_TRANSLATE_NOOP("commtax::Library", "%1 matches %2 on cost if %3 exceeds %4 (now %5; outside its range)."))
        : (b.within_range ? QT_TRANSLATE_NOOP("commtax::Library", "%1 matches %2 on cost if %3 falls below %4 (now %5; inside its range).")
                          : QT_TRANSLATE_NOOP("commtax::Library", "%1 matches %2 on cost if %3 falls below %4 (now %5; outside its range)."));
    return LibraryText::phrase(sentence, {plan, against, whose, inputValueText(QString::fromStdString(b.input), b.break_even, std::max(std::fabs(b.break_even), std::fabs(b.value))), inputValueText(QString::fromStdString(b.input), b.value, std::max(std::fabs(b.break_even), std::fabs(b.value)))});
}

QString breakEvenSentence(const Comparison &c, const BreakEven &b) { return toString(breakEvenText(c, b)); }

QJsonObject comparisonSensitivityToJson(const Comparison &c, const ComparisonSensitivity &s)
{
    QJsonObject u;
    u.insert(QStringLiteral("method"), QStringLiteral("latin-hypercube"));
    u.insert(QStringLiteral("samples"), s.samples);
    u.insert(QStringLiteral("seed"), double(s.seed));
    u.insert(QStringLiteral("recommended"), s.recommended >= 0 ? QJsonValue(c.plans.value(s.recommended).name) : QJsonValue(QJsonValue::Null));
    QJsonArray plans;
    for (std::size_t i = 0; i < s.plans.size(); ++i) {
        const PlanSensitivity &p = s.plans[i];
        QJsonObject o{{QStringLiteral("plan"), c.plans.value(qsizetype(i)).name}, {QStringLiteral("valid"), p.valid}};
        if (p.valid) {
            o.insert(QStringLiteral("invalid_samples"), p.invalid);
            for (std::size_t m = 0; m < kMetricCount; ++m)
                o.insert(QLatin1String(metricKey(kMetrics[m])), QJsonObject{{QStringLiteral("p10"), number(p.metric[m].p10)}, {QStringLiteral("p50"), number(p.metric[m].p50)}, {QStringLiteral("p90"), number(p.metric[m].p90)}});
            o.insert(QStringLiteral("probability_cheapest"), p.probabilityCheapest);
            o.insert(QStringLiteral("probability_fastest"), p.probabilityFastest);
            o.insert(QStringLiteral("engine_accuracy"), engineRegimeJson(p.regime));
            QJsonArray bars = tornadoJson(p.costTornado);
            for (const QJsonValue &b : tornadoJson(p.daysTornado))
                bars.append(b);
            o.insert(QStringLiteral("sensitivity"), bars);
        }
        plans.append(o);
    }
    u.insert(QStringLiteral("plans"), plans);
    QJsonArray be;
    for (const BreakEven &b : s.breakEvens)
        be.append(QJsonObject{{QStringLiteral("plan"), c.plans.value(b.plan).name},
                              {QStringLiteral("against"), c.plans.value(b.against).name},
                              {QStringLiteral("input"), QString::fromStdString(b.input)},
                              {QStringLiteral("owner"), b.shared ? QStringLiteral("both") : c.plans.value(b.owner).name},
                              {QStringLiteral("value"), b.value},
                              {QStringLiteral("break_even"), b.break_even},
                              {QStringLiteral("plan_cheaper_above"), b.plan_cheaper_above},
                              {QStringLiteral("within_range"), b.within_range},
                              {QStringLiteral("text"), breakEvenSentence(c, b)}});
    u.insert(QStringLiteral("break_evens"), be);
    return u;
}

QStringList sensitivityColumns()
{
    QStringList cols = {QStringLiteral("uncertainty_samples"), QStringLiteral("uncertainty_seed")};
    for (Metric m : kReportedMetrics)
        for (const char *q : {"p10", "p50", "p90"})
            cols << QLatin1String(metricKey(m)) + QLatin1Char('_') + QLatin1String(q);
    cols << QStringLiteral("probability_cheapest") << QStringLiteral("probability_fastest")
         << QStringLiteral("cost_tornado") << QStringLiteral("break_evens") << QStringLiteral("engine_accuracy_runs")
         << QStringLiteral("engine_accuracy");
    return cols;
}

QStringList sensitivityCsvValues(const Comparison &c, const ComparisonSensitivity &s, int plan)
{
    QStringList row{QString::number(s.samples), QString::number(s.seed)};
    const PlanSensitivity *p = plan >= 0 && std::size_t(plan) < s.plans.size() && s.plans[std::size_t(plan)].valid ? &s.plans[std::size_t(plan)] : nullptr;
    for (Metric m : kReportedMetrics) {
        const Percentiles q = p ? p->of(m) : Percentiles{NAN, NAN, NAN};
        row << csvNumber(q.p10) << csvNumber(q.p50) << csvNumber(q.p90);
    }
    row << (p ? csvNumber(p->probabilityCheapest) : QString()) << (p ? csvNumber(p->probabilityFastest) : QString());
    // "input low..high: cost low..high", largest swing first; the break-evens as sentences.
    QStringList bars;
    if (p)
        for (const TornadoBar &b : p->costTornado)
            bars << QStringLiteral("%1 %2..%3: %4..%5").arg(QString::fromStdString(b.input), csvNumber(b.input_low), csvNumber(b.input_high), csvNumber(b.low), csvNumber(b.high));
    row << bars.join(QStringLiteral("; "));
    QStringList be;
    for (const BreakEven &b : s.breakEvens)
        if (b.plan == plan)
            be << breakEvenSentence(c, b);
    row << be.join(QLatin1Char(' '));
    // The runs whose error the plan's ranges hold (core/engineaccuracy.h), and what they say.
    row << (p ? QString::number(p->regime.runs) : QString()) << (p ? QString::fromStdString(toString(engineRegimeText(p->regime))) : QString());
    return row;
}

void addGoalOdds(ComparisonSensitivity &s, const Comparison &c, const Goals &goals, const PresetCatalog &catalog,
                 int samples, quint64 seed)
{
    const bool deadline = goals.deadlineDays > 0, budget = goals.capexUsd > 0 || goals.tcoUsd > 0;
    if (!deadline && !budget)
        return;
    search::buy::Question q;
    q.limits.deadline_days = goals.deadlineDays;
    q.limits.capex_usd = goals.capexUsd;
    q.limits.tco_usd = goals.tcoUsd;
    q.samples = samples;
    q.seed = seed;
    q.threads = 1; // a worker of its own already
    for (qsizetype i = 0; i < c.plans.size() && std::size_t(i) < s.plans.size(); ++i) {
        const ComparedPlan &p = c.plans[i];
        if (!p.runs())
            continue;
        // The plan as compared (normalised), with the kinds and ranges its scenario states.
        Scenario compared = p.scenario;
        compared.plan = p.plan;
        q.notes = [&compared, &catalog](const Plan &plan, int) {
            Scenario o = compared;
            o.plan = plan;
            return scenarioNotes(o, catalog);
        };
        search::buy::Option o;
        o.plan = p.plan;
        o.result = p.result;
        o.rent = p.plan.economics.mode == EconomicsMode::Rent;
        search::buy::rangeOption(q, o);
        s.plans[std::size_t(i)].pMeetsDeadline = deadline ? o.p_meets_deadline : -1;
        s.plans[std::size_t(i)].pWithinBudget = budget ? o.p_within_budget : -1;
    }
}

} // namespace commtax
