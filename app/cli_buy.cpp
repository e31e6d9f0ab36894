// SPDX-License-Identifier: GPL-3.0-or-later
// commtax search FILE with goals (the file's "goals", or --mode, --precision, --power-mw): what to buy.
#include "cli_buy.h"

#include "cli.h"
#include "core/resultio.h"
#include "core/uncertaintyio.h"
#include "library/comparisonio.h"
#include "search/buy.h"
#include "search/buyquestion.h"
#include "search/buytext.h"
#include "search/launch.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace commtax::cli {

namespace {

struct BuyText {
    Q_DECLARE_TR_FUNCTIONS(commtax::cli::search)
};

QJsonObject rangeJson(const search::buy::Range &r)
{
    return QJsonObject{
        {QStringLiteral("p10"), r.p10}, {QStringLiteral("p50"), r.p50}, {QStringLiteral("p90"), r.p90}};
}

QJsonObject layoutJson(const Plan &p)
{
    const TrainingSpec &t = p.training;
    return QJsonObject{{QStringLiteral("tp"), t.tp},
                       {QStringLiteral("pp"), t.pp},
                       {QStringLiteral("cp"), t.cp},
                       {QStringLiteral("ep"), t.ep},
                       {QStringLiteral("vpp"), t.vpp},
                       {QStringLiteral("dp"), t.dp},
                       {QStringLiteral("micro_batch"), t.micro_batch},
                       {QStringLiteral("zero"), t.zero},
                       {QStringLiteral("recompute"), QLatin1String(toString(t.recompute))},
                       {QStringLiteral("sequence_parallel"), t.sequence_parallel}};
}

// `conventional`, `recipe` and, off convention with a conventional layout that fits, `vs_conventional`:
// that layout, its step time, and this layout's speed over it (0.28: 28% faster).
void addConvention(QJsonObject &j, const search::buy::Convention &c)
{
    j.insert(QStringLiteral("conventional"), c.conventional);
    j.insert(QStringLiteral("recipe"), QString::fromStdString(c.recipe));
    if (c.conventional || !c.alternative)
        return;
    j.insert(QStringLiteral("vs_conventional"),
             QJsonObject{{QStringLiteral("speedup"), c.speedup},
                         {QStringLiteral("layout"), layoutJson(c.plan)},
                         {QStringLiteral("step_time_s"), c.step_time_s},
                         {QStringLiteral("text"), search::buy::conventionText(c)}});
}

// "tp8 pp4 dp8 zero1 selective"
QString layoutText(const Plan &p)
{
    const TrainingSpec &t = p.training;
    QString s = search::buy::parallelDegreesText(t);
    s += QStringLiteral(" dp%1 mb%2 zero%3 %4")
             .arg(t.dp)
             .arg(t.micro_batch)
             .arg(t.zero)
             .arg(QLatin1String(toString(t.recompute)));
    return s;
}

struct Printer {
    const search::buy::Question &q;
    const QStringList &ids;

    QString name(const search::buy::Option &o) const
    {
        return QStringLiteral("%1 %2 %3 %4")
            .arg(o.gpus)
            .arg(ids[o.gpu], o.rent ? QStringLiteral("rent") : QStringLiteral("buy"),
                 o.fp8 ? QStringLiteral("fp8") : QStringLiteral("bf16"));
    }

    QJsonObject json(const search::buy::Option &o) const
    {
        QJsonObject j{{QStringLiteral("gpu"), ids[o.gpu]},
                      {QStringLiteral("gpus"), o.gpus},
                      {QStringLiteral("mode"), o.rent ? QStringLiteral("rent") : QStringLiteral("buy")},
                      {QStringLiteral("precision"), o.fp8 ? QStringLiteral("fp8") : QStringLiteral("bf16")},
                      {QStringLiteral("capex_usd"), o.capex_usd},
                      {QStringLiteral("power_mw"), o.power_mw},
                      {QStringLiteral("meets"), o.meets},
                      {QStringLiteral("lacks"), QJsonArray::fromStringList([&] {
                           QStringList l;
                           for (const std::string &s : o.lacks)
                               l << QString::fromStdString(s);
                           return l;
                       }())}};
        if (o.lacks == std::vector<std::string>{"fits"})
            return j;
        j.insert(QStringLiteral("layout"), layoutJson(o.plan));
        addConvention(j, o.convention);
        if (o.rent)
            j.insert(QStringLiteral("rent_usd_per_gpu_hour"), o.plan.economics.usd_per_gpu_hour);
        if (o.ranged) {
            j.insert(QStringLiteral("days"), rangeJson(o.days));
            j.insert(QStringLiteral("cost_per_billion_tokens_usd"), rangeJson(o.cost_per_billion_tokens_usd));
            j.insert(QStringLiteral("tco_usd"), rangeJson(o.tco_usd));
            j.insert(QStringLiteral("p_meets_deadline"), o.p_meets_deadline);
            // The engine's point estimate, which "meets" judges (the ranges add the engine's error).
            j.insert(
                QStringLiteral("estimate"),
                QJsonObject{{QStringLiteral("days"), o.result.days_to_train},
                            {QStringLiteral("cost_per_billion_tokens_usd"), o.result.cost_per_billion_tokens_usd},
                            {QStringLiteral("tco_usd"), o.result.tco_usd}});
            j.insert(QStringLiteral("p_within_budget"), o.p_within_budget);
        } else {
            j.insert(QStringLiteral("days"), o.result.days_to_train);
            j.insert(QStringLiteral("cost_per_billion_tokens_usd"), o.result.cost_per_billion_tokens_usd);
            j.insert(QStringLiteral("tco_usd"), o.result.tco_usd);
        }
        if (!o.meets && !o.fix.empty()) {
            QJsonObject fix{{QStringLiteral("change"), QString::fromStdString(o.fix)},
                            {QStringLiteral("days"), o.fix_days}};
            if (o.fix == "gpus") {
                fix.insert(QStringLiteral("gpus"), o.fix_gpus);
                fix.insert(QStringLiteral("more_gpus"), double(o.fix_gpus - o.gpus) / double(o.gpus));
            }
            j.insert(QStringLiteral("meets_with"), fix);
        }
        return j;
    }

    // "62.3 days (P10-P90 58.1-66.9)"
    QString days(const search::buy::Option &o) const
    {
        if (!o.ranged)
            return BuyText::tr("%1 days").arg(formatNumber(o.result.days_to_train, 1));
        // The engine's estimate, then the range with the engine's error (its median need not be the estimate).
        return BuyText::tr("%1 days (P10-P50-P90 %2-%3-%4)")
            .arg(formatNumber(o.result.days_to_train, 1), formatNumber(o.days.p10, 1), formatNumber(o.days.p50, 1),
                 formatNumber(o.days.p90, 1));
    }

    QString line(const search::buy::Option &o) const
    {
        if (o.lacks == std::vector<std::string>{"fits"})
            return BuyText::tr("%1: no layout fits in memory").arg(name(o));
        QString s
            = BuyText::tr("%1: %2, %3 per billion tokens, run %4, capital %5, %6 MW, %7")
                  .arg(name(o), days(o), formatUsd(o.result.cost_per_billion_tokens_usd), formatUsd(o.result.tco_usd),
                       formatUsd(o.capex_usd), formatNumber(o.power_mw, 2), layoutText(o.plan));
        s += QStringLiteral(", ") + search::buy::conventionText(o.convention);
        if (o.ranged && q.limits.deadline_days > 0)
            s += BuyText::tr("; P(meets deadline) %1%").arg(formatNumber(100 * o.p_meets_deadline, 0));
        if (o.ranged && (q.limits.capex_usd > 0 || q.limits.tco_usd > 0 || q.limits.budget_usd > 0))
            s += BuyText::tr("; P(within budget) %1%").arg(formatNumber(100 * o.p_within_budget, 0));
        if (!o.meets) {
            QStringList lacks;
            for (const std::string &l : o.lacks)
                lacks << QString::fromStdString(l);
            s += BuyText::tr("; misses: %1").arg(lacks.join(QStringLiteral(", ")));
            if (o.fix == "fp8")
                s += BuyText::tr("; FP8 meets it (%1 days)").arg(formatNumber(o.fix_days, 1));
            else if (o.fix == "gpus")
                s += BuyText::tr("; +%1% GPUs (%2) meets it (%3 days)")
                         .arg(formatNumber(100.0 * (o.fix_gpus - o.gpus) / o.gpus, 0))
                         .arg(o.fix_gpus)
                         .arg(formatNumber(o.fix_days, 1));
        }
        return s;
    }
};

bool parseList(const QString &text, const QStringList &allowed, QStringList &out)
{
    out = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (QString &v : out)
        v = v.trimmed();
    return !out.isEmpty()
        && std::all_of(out.begin(), out.end(), [&](const QString &v) { return allowed.contains(v); });
}

// The answer as `search --json` prints it (docs/formats.md).
QJsonObject answerJson(const Printer &pr, const search::buy::Question &q, const search::buy::Answer &ans)
{
    QJsonObject root;
    QJsonArray options, misses, pareto, listed;
    for (const search::buy::Option &o : ans.options)
        options.append(pr.json(o));
    for (const search::buy::Option &o : ans.closest_misses)
        misses.append(pr.json(o));
    for (const search::buy::Option &o : ans.pareto)
        pareto.append(pr.json(o));
    for (const search::buy::Option &o : ans.listed)
        listed.append(pr.json(o));
    root.insert(QStringLiteral("verdict"), search::buy::verdictText(q, ans, pr.ids));
    root.insert(QStringLiteral("objective"), QLatin1String(search::buy::toString(q.objective)));
    root.insert(QStringLiteral("options"), options);
    root.insert(QStringLiteral("meeting"), ans.meeting);
    root.insert(QStringLiteral("closest_misses"), misses);
    root.insert(QStringLiteral("pareto"), pareto);
    root.insert(QStringLiteral("listed"), listed);
    if (!ans.options.empty()) {
        QJsonArray families;
        for (const search::buy::FamilyBest &f :
             search::buy::familyShortlist(ans.options.front().plan, q.framework)) {
            QJsonObject j{{QStringLiteral("family"), QString::fromStdString(search::buy::familyName(f.family))},
                          {QStringLiteral("layout"), layoutJson(f.plan)},
                          {QStringLiteral("step_time_s"), f.result.step_time_s},
                          {QStringLiteral("days"), f.result.days_to_train}};
            addConvention(j, f.convention);
            families.append(j);
        }
        root.insert(QStringLiteral("layout_families"), families);
    }
    root.insert(QStringLiteral("searched"), double(ans.searched));
    root.insert(QStringLiteral("bounded"), double(ans.bounded));
    root.insert(QStringLiteral("contexts"), double(ans.contexts));
    root.insert(QStringLiteral("option_count"), double(ans.option_count));
    root.insert(QStringLiteral("seconds"), ans.seconds);
    return root;
}

// The answer as text.
void printAnswer(const Printer &pr, const search::buy::Question &q, const search::buy::Answer &ans)
{
    QTextStream &o = out();
    o << BuyText::tr("What to buy: searched %1 layouts over %2 contexts (GPU, GPU count and precision) in %3 s: %4 "
                     "options, %5 meet every limit.")
             .arg(ans.searched)
             .arg(ans.contexts)
             .arg(formatNumber(ans.seconds, 3))
             .arg(ans.option_count)
             .arg(ans.meeting)
      << '\n'
      << search::buy::verdictText(q, ans, pr.ids) << '\n';
    if (!ans.listed.empty()) {
        const long met = std::count_if(ans.listed.begin(), ans.listed.end(),
                                       [](const search::buy::Option &x) { return x.meets; });
        o << '\n'
          << (met == 0
                  ? BuyText::tr("None of the %1 options you listed meets every limit:").arg(ans.listed.size())
                  : BuyText::tr("%1 of the %2 options you listed meet every limit:").arg(met).arg(ans.listed.size()))
          << '\n';
        for (const search::buy::Option &x : ans.listed)
            o << "  " << pr.line(x) << '\n';
    }
    if (!ans.options.empty()) {
        o << '\n'
          << BuyText::tr("Options that meet every limit, best first (objective: %1):")
                 .arg(QLatin1String(search::buy::toString(q.objective)))
          << '\n';
        for (size_t i = 0; i < ans.options.size(); ++i)
            o << "  " << (i + 1) << ". " << pr.line(ans.options[i]) << '\n';
        o << '\n'
          << BuyText::tr("Layout families on the first option (the fastest of each):") << '\n';
        const std::vector<search::buy::FamilyBest> families
            = search::buy::familyShortlist(ans.options.front().plan, q.framework);
        for (const search::buy::FamilyBest &f : families)
            o << "  " << QString::fromStdString(search::buy::familyName(f.family)).leftJustified(18) << ' '
              << layoutText(f.plan) << ": "
              << BuyText::tr("%1 s per step, %2 days")
                     .arg(formatNumber(f.result.step_time_s, 3), formatNumber(f.result.days_to_train, 1))
              << ", " << search::buy::conventionText(f.convention) << '\n';
        // The fastest conventional layout, when no family's fastest is one (days scale with the step).
        const bool anyConventional = std::any_of(families.begin(), families.end(), [](const auto &f) {
            return f.convention.conventional;
        });
        if (!families.empty() && !anyConventional && families.front().convention.alternative) {
            const search::buy::FamilyBest &f = families.front();
            const double days = f.result.days_to_train * f.convention.step_time_s / f.result.step_time_s;
            const QString line = BuyText::tr("Fastest conventional layout (%1): %2: %3 s per step, %4 days");
            o << "  "
              << line.arg(QString::fromStdString(f.convention.recipe), layoutText(f.convention.plan),
                          formatNumber(f.convention.step_time_s, 3), formatNumber(days, 1))
              << '\n';
        }
    } else {
        o << '\n'
          << BuyText::tr("No option meets every limit.") << '\n';
    }
    if (!ans.closest_misses.empty()) {
        o << '\n'
          << BuyText::tr("Closest misses:") << '\n';
        for (const search::buy::Option &x : ans.closest_misses)
            o << "  " << pr.line(x) << '\n';
    }
    o << '\n'
      << BuyText::tr("Pareto front, days to train against USD per billion tokens:") << '\n';
    for (const search::buy::Option &x : ans.pareto)
        o << "  " << pr.line(x) << '\n';
}

} // namespace

int whatToBuy(const Scenario &s, const BuyArgs &a)
{
    const QString cmd = QStringLiteral("search: ");
    const PresetCatalog &cat = presetCatalog();
    Goals g = s.goals.value_or(Goals{});
    if (a.hasHardware)
        g.gpus = a.hardware == QLatin1String("all") ? QStringList{}
                                                    : a.hardware.split(QLatin1Char(','), Qt::SkipEmptyParts);
    QStringList list;
    if (a.hasModes) {
        if (!parseList(a.modes, {QStringLiteral("buy"), QStringLiteral("rent")}, list))
            return fail(kExitUsage, cmd + BuyText::tr("--mode must be buy, rent or buy,rent"));
        g.buy = list.contains(QStringLiteral("buy"));
        g.rent = list.contains(QStringLiteral("rent"));
    }
    if (a.hasPrecisions) {
        if (!parseList(a.precisions, {QStringLiteral("bf16"), QStringLiteral("fp8")}, list))
            return fail(kExitUsage, cmd + BuyText::tr("--precision must be bf16, fp8 or bf16,fp8"));
        g.bf16 = list.contains(QStringLiteral("bf16"));
        g.fp8 = list.contains(QStringLiteral("fp8"));
    }
    if (a.hasObjective) {
        if (!goalObjectives().contains(a.objective))
            return fail(kExitUsage, cmd + BuyText::tr("--objective must be cost, tco, time or capex"));
        g.objective = a.objective;
    }
    if (a.hasFramework)
        g.framework = a.framework;
    if (a.deadline > 0)
        g.deadlineDays = a.deadline;
    if (a.powerMw > 0)
        g.powerMw = a.powerMw;

    search::buy::GoalsQuestion gq;
    QString what;
    switch (search::buy::questionFromGoals(s, g, cat, gq, &what)) {
    case search::buy::GoalsError::None: break;
    case search::buy::GoalsError::UnknownGpu:
        return fail(kExitBadInput, cmd + BuyText::tr("--hardware: unknown GPU preset \"%1\"").arg(what));
    case search::buy::GoalsError::UnknownFramework:
        return fail(kExitUsage,
                    cmd
                        + BuyText::tr(
                            "--framework must be any, megatron, megatron-bridge, nemo, deepspeed or torchtitan"));
    }
    search::buy::Question &q = gq.question;
    const QStringList &ids = gq.ids;
    if (!a.gpuCounts.empty() || a.gpusMax > 0) {
        q.gpu_counts = a.gpuCounts;
        q.gpus_min = a.gpusMin;
        q.gpus_max = a.gpusMax;
    }
    q.max_gpus = int(a.maxGpus);
    q.limits.budget_usd = a.budget;
    q.shortlist = a.top;

    const std::int64_t contexts = search::buy::countContexts(q);
    if (contexts > search::buy::kMaxContexts) {
        const QString why = BuyText::tr("the goals make %1 contexts (GPU, GPU count and precision), more than the %2 "
                                        "a search can finish in reasonable time: narrow the GPUs or the counts");
        return fail(kExitUsage, cmd + why.arg(contexts).arg(search::buy::kMaxContexts));
    }
    const search::buy::Answer ans = search::buy::answer(q);
    const Printer pr{q, ids};
    if (a.json) {
        out() << QJsonDocument(answerJson(pr, q, ans)).toJson(QJsonDocument::Indented);
        return kExitOk;
    }
    printAnswer(pr, q, ans);
    return kExitOk;
}

} // namespace commtax::cli
