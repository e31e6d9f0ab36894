// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonverdict.h"

#include "search/buyquestion.h"
#include "search/buytext.h"

#include <algorithm>

namespace commtax {

QString comparisonVerdict(const Comparison &c, const Goals &goals, const PresetCatalog &catalog)
{
    if (c.plans.isEmpty() || !(goals.deadlineDays > 0 || goals.capexUsd > 0 || goals.tcoUsd > 0))
        return QString();
    Goals g = goals;
    QList<GoalOption> listed;
    QStringList gpus;
    QList<int> counts;
    for (const ComparedPlan &p : c.plans) {
        const Scenario &s = p.scenario;
        const int n = s.plan.cluster.nodes * s.plan.cluster.gpus_per_node;
        if (s.gpuPreset.isEmpty() || n < 1)
            continue; // a GPU of the plan's own: not in the catalog, not searched
        const bool rent = s.plan.economics.mode == EconomicsMode::Rent;
        listed << GoalOption{s.gpuPreset, n, rent, s.plan.training.precision == Precision::Fp8,
                             rent ? s.plan.economics.usd_per_gpu_hour : 0};
        if (!gpus.contains(s.gpuPreset))
            gpus << s.gpuPreset;
        if (!counts.contains(n))
            counts << n;
    }
    std::sort(counts.begin(), counts.end());
    if (g.listed.isEmpty())
        g.listed = listed;
    if (g.gpus.isEmpty())
        g.gpus = gpus;
    if (g.gpuCounts.isEmpty())
        g.gpuCounts = counts;
    search::buy::GoalsQuestion gq;
    if (search::buy::questionFromGoals(c.plans[c.reference].scenario, g, catalog, gq)
        != search::buy::GoalsError::None)
        return QString();
    const search::buy::Answer a = search::buy::answer(gq.question);
    QStringList names;
    for (const QString &id : gq.ids) {
        const std::optional<Preset> p = catalog.find(Section::Gpu, id);
        names << (p ? p->name : id);
    }
    return search::buy::verdictText(gq.question, a, names);
}

} // namespace commtax
