// SPDX-License-Identifier: GPL-3.0-or-later
#include "buyquestion.h"

#include "core/gpumove.h"
#include "core/uncertaintyio.h"
#include "launch.h"

namespace commtax::search::buy {

namespace {

// Adds GPU preset `id` in its server to the question; false for an unknown id.
bool addGpu(const Scenario &s, const Goals &g, const PresetCatalog &cat, const QString &id, bool searched,
            GoalsQuestion &out)
{
    const std::optional<GpuInServer> gs = gpuInServer(cat, id.trimmed());
    if (!gs)
        return false;
    Plan plan;
    gs->gpu.applyTo(plan);
    if (gs->cluster)
        gs->cluster->applyTo(plan);
    else
        plan.cluster = s.plan.cluster;
    // The scenario's own rent price is its GPU's; the goals' prices win.
    double price = g.rentPriceFor(gs->gpu.id);
    if (!(price > 0) && gs->gpu.id == s.gpuPreset && s.plan.economics.usd_per_gpu_hour > 0)
        price = s.plan.economics.usd_per_gpu_hour;
    out.question.gpus.push_back(Gpu{gs->gpu.id.toStdString(), Hardware{plan.gpu, plan.cluster}, price, searched});
    out.ids << gs->gpu.id;
    out.clusters << (gs->cluster ? gs->cluster->id : s.clusterPreset);
    return true;
}

void setLimits(const Goals &g, Question &q)
{
    q.gpu_counts.assign(g.gpuCounts.begin(), g.gpuCounts.end());
    q.nodes_min = g.nodesMin;
    q.nodes_max = g.nodesMax;
    q.buy = g.buy;
    q.rent = g.rent;
    q.bf16 = g.bf16;
    q.fp8 = g.fp8;
    q.limits.deadline_days = g.deadlineDays;
    q.limits.capex_usd = g.capexUsd;
    q.limits.tco_usd = g.tcoUsd;
    q.limits.power_mw = g.powerMw;
    parseObjective(g.objective.toStdString(), q.objective);
}

} // namespace

GoalsError questionFromGoals(const Scenario &scenario, const Goals &goals, const PresetCatalog &catalog,
                             GoalsQuestion &out, QString *what)
{
    auto fail = [&](GoalsError e, const QString &name) {
        if (what)
            *what = name;
        return e;
    };
    out = GoalsQuestion{};
    Question &q = out.question;
    q.base = scenario.plan;
    if (goals.pue > 0)
        q.base.economics.pue = goals.pue;
    QStringList ids = goals.gpus;
    if (ids.isEmpty())
        for (const Preset &p : catalog.presets(Section::Gpu))
            ids << p.id;
    for (const QString &id : ids)
        if (!addGpu(scenario, goals, catalog, id, true, out))
            return fail(GoalsError::UnknownGpu, id);
    setLimits(goals, q);
    q.framework = -1;
    if (goals.framework != QLatin1String("any")) {
        launch::Framework f = launch::Framework::Megatron;
        if (!launch::parseFramework(goals.framework.toStdString(), f))
            return fail(GoalsError::UnknownFramework, goals.framework);
        q.framework = int(f);
    }
    for (const GoalOption &l : goals.listed) {
        qsizetype i = out.ids.indexOf(l.gpu);
        if (i < 0) { // a listed GPU the goals leave out is still judged
            if (!addGpu(scenario, goals, catalog, l.gpu, false, out))
                return fail(GoalsError::UnknownGpu, l.gpu);
            i = out.ids.size() - 1;
        }
        q.listed.push_back(Listed{int(i), l.gpus, l.rent, l.fp8, l.rentUsdPerGpuHour});
    }
    q.notes = [s = scenario, cat = catalog, ids = out.ids, clusters = out.clusters](const Plan &plan, int gpu) {
        Scenario o = s;
        o.plan = plan;
        o.gpuPreset = ids[gpu];
        o.clusterPreset = clusters[gpu];
        return scenarioNotes(o, cat);
    };
    return GoalsError::None;
}

} // namespace commtax::search::buy
