// SPDX-License-Identifier: GPL-3.0-or-later
#include "buytext.h"

#include "core/resultio.h"

#include <QCoreApplication>

#include <algorithm>

namespace commtax::search::buy {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(commtax::search::buy)
};

QString percent(double p)
{
    return QStringLiteral("%1%").arg(formatNumber(100 * p, 0));
}

// "+28%" or "-12%".
QString signedPercent(double x)
{
    const QString n = formatNumber(100 * x, 0);
    return x >= 0 ? QStringLiteral("+%1%").arg(n) : QStringLiteral("%1%").arg(n);
}

} // namespace

QString parallelDegreesText(const TrainingSpec &t)
{
    QString s = QStringLiteral("tp%1 pp%2").arg(t.tp).arg(t.pp);
    if (t.cp > 1)
        s += QStringLiteral(" cp%1").arg(t.cp);
    if (t.ep > 1)
        s += QStringLiteral(" ep%1").arg(t.ep);
    if (t.vpp > 1)
        s += QStringLiteral(" vpp%1").arg(t.vpp);
    return s;
}

QString shapeText(const TrainingSpec &t)
{
    QString s = parallelDegreesText(t);
    if (t.zero > 1)
        s += QStringLiteral(" zero%1").arg(t.zero);
    return s;
}

QString conventionText(const Convention &c)
{
    const QString recipe = QString::fromStdString(c.recipe);
    if (c.conventional)
        return Text::tr("conventional (%1)").arg(recipe);
    if (!c.alternative)
        return Text::tr("not conventional (%1); no conventional layout fits").arg(recipe);
    return (c.speedup >= 0 ? Text::tr("not conventional: %1 speed over %2 (%3)")
                           : Text::tr("not conventional: %1 speed against %2 (%3)"))
        .arg(signedPercent(c.speedup), shapeText(c.plan.training), recipe);
}

QString conventionCell(const Convention &c)
{
    if (c.conventional)
        return Text::tr("yes");
    return c.alternative ? signedPercent(c.speedup) : Text::tr("no");
}

QString breakdownText(const Result &option, const Result *current)
{
    const struct {
        QString label;
        double Result::*value;
    } parts[] = {{Text::tr("compute"), &Result::compute_time_s},
                 {Text::tr("bubble"), &Result::bubble_time_s},
                 {Text::tr("exposed TP"), &Result::tp_comm_exposed_s},
                 {Text::tr("exposed PP"), &Result::pp_comm_exposed_s},
                 {Text::tr("exposed DP"), &Result::dp_comm_exposed_s},
                 {Text::tr("exposed CP"), &Result::cp_comm_exposed_s},
                 {Text::tr("exposed EP"), &Result::ep_comm_exposed_s},
                 {Text::tr("overlap slowdown"), &Result::overlap_slowdown_s},
                 {Text::tr("optimizer"), &Result::optimizer_time_s}};
    auto seconds = [](double s) { return Text::tr("%1 s").arg(formatNumber(s, s < 10 ? 2 : 1)); };
    QStringList items;
    for (const auto &p : parts) {
        const double mine = option.*p.value, theirs = current ? current->*p.value : 0;
        if (mine <= 0 && theirs <= 0)
            continue;
        items << (current ? Text::tr("%1 %2 (%3)").arg(p.label, seconds(mine), seconds(theirs))
                          : Text::tr("%1 %2").arg(p.label, seconds(mine)));
    }
    const QString stepTime = seconds(option.step_time_s);
    const QString step = current ? Text::tr("Step %1 (your plan: %2)").arg(stepTime, seconds(current->step_time_s))
                                 : Text::tr("Step %1").arg(stepTime);
    QString memory = Text::tr("memory %1 of %2 GB usable")
                         .arg(formatNumber(option.memory_total_gb, 1), formatNumber(option.memory_usable_gb, 1));
    if (current)
        memory += Text::tr(" (your plan: %1 of %2)")
                      .arg(formatNumber(current->memory_total_gb, 1), formatNumber(current->memory_usable_gb, 1));
    return Text::tr("%1: %2; %3.").arg(step, items.join(QStringLiteral(", ")), memory);
}

QString verdictText(const Question &q, const Answer &a, const QStringList &gpuNames)
{
    const double deadline = q.limits.deadline_days;
    QString first;
    if (!a.options.empty()) {
        const Option &o = a.options.front();
        const QString what = Text::tr("%1 %2 in %3")
                                 .arg(o.gpus)
                                 .arg(gpuNames.value(o.gpu), o.fp8 ? QStringLiteral("FP8") : QStringLiteral("BF16"));
        const QString mode = o.rent ? Text::tr("rented") : Text::tr("bought");
        first = deadline > 0 ? Text::tr("Meets the %1-day deadline: %2 (%3), %4 likely")
                                   .arg(formatNumber(deadline, 0), what, mode, percent(o.p_meets_deadline))
                             : Text::tr("Best: %1 (%2)").arg(what, mode);
    } else {
        first = Text::tr("No option meets every limit (the closest misses follow)");
    }
    if (a.listed.empty())
        return first + QLatin1Char('.');
    const long met = std::count_if(a.listed.begin(), a.listed.end(), [](const Option &x) { return x.meets; });
    const QString listed = met == 0 ? Text::tr("none of the %1 options you listed does").arg(a.listed.size())
                                    : Text::tr("%1 of the %2 options you listed do").arg(met).arg(a.listed.size());
    return Text::tr("%1; %2.").arg(first, listed);
}

} // namespace commtax::search::buy
