// SPDX-License-Identifier: GPL-3.0-or-later
// commtax search FILE [--gpus N|LIST|MIN-MAX] [--hardware IDS|all] [--objective time|cost|tco]
//                     [--tokens-per-step N|MIN-MAX] [--max-gpus N] [--budget USD]
//                     [--deadline-days D] [--framework F] [--top N] [--json|--csv] [--emit-best OUT.json]
// The best parallel layouts of a scenario (the search itself is model/search/search.h).
#include "cli.h"
#include "cli_buy.h"
#include "cli_progress.h"
#include "core/fields.h"
#include "core/gpumove.h"
#include "core/resultio.h"
#include "core/scenario.h"
#include "search/launch.h"
#include "search/search.h"
#include "text/modeltext.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <thread>

namespace commtax::cli {

namespace {

// The messages' translation context. Declared on a class: lupdate files SearchText::tr() under
// "commtax::cli::search", a free tr() helper only under "commtax::cli".
struct SearchText {
    Q_DECLARE_TR_FUNCTIONS(commtax::cli::search)
};

// "N", "A,B,C" or "MIN-MAX" (whole nodes of each GPU's cluster).
bool parseGpus(const QString &text, search::Space &space, QString &why)
{
    const QStringList range = text.split(QLatin1Char('-'));
    auto positive = [&](const QString &part, int &v) {
        bool ok = false;
        v = part.trimmed().toInt(&ok);
        if (!ok || v <= 0) {
            why = SearchText::tr("--gpus: \"%1\" is not a positive whole number").arg(part);
            return false;
        }
        return true;
    };
    if (range.size() == 2) {
        if (!positive(range[0], space.gpus_min) || !positive(range[1], space.gpus_max))
            return false;
        if (space.gpus_min > space.gpus_max) {
            why = SearchText::tr("--gpus: the range %1 is empty").arg(text);
            return false;
        }
        return true;
    }
    for (const QString &part : text.split(QLatin1Char(','))) {
        int v = 0;
        if (!positive(part, v))
            return false;
        space.gpu_counts.push_back(v);
    }
    return true;
}

// "N" or "MIN-MAX" tokens per step, whole positive numbers.
bool parseTokens(const QString &text, search::Space &space, QString &why)
{
    const QStringList range = text.split(QLatin1Char('-'));
    qint64 v[2] = {0, 0};
    for (int i = 0; i < 2; ++i) {
        const QString part = range.value(range.size() == 2 ? i : 0);
        bool ok = range.size() <= 2;
        v[i] = ok ? part.trimmed().toLongLong(&ok) : 0;
        if (!ok || v[i] <= 0) {
            why = SearchText::tr("--tokens-per-step: \"%1\" is not a positive whole number or a range MIN-MAX").arg(text);
            return false;
        }
    }
    if (v[0] > v[1]) {
        why = SearchText::tr("--tokens-per-step: the range %1 is empty").arg(text);
        return false;
    }
    space.tokens_min = v[0];
    space.tokens_max = v[1];
    return true;
}

bool takeNumber(const CommandLine &cl, const QString &name, double &value, bool whole, QString &why)
{
    QString text;
    if (!cl.value(name, text))
        return true;
    const QString opt = QStringLiteral("--") + name;
    bool ok = false;
    value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value) || value <= 0 || (whole && (value != std::floor(value) || value > 1e9))) {
        why = (whole ? SearchText::tr("%1 needs a positive whole number, not \"%2\"") : SearchText::tr("%1 needs a positive number, not \"%2\"")).arg(opt, text);
        return false;
    }
    return true;
}

// Runs the search on a thread of its own while this one shows progress on a terminal and the
// InterruptScope of the caller watches for Ctrl+C (cli_progress.h).
search::SearchResult runWithProgress(const search::Space &space, search::Options options, std::int64_t total)
{
    std::atomic<std::int64_t> progress{0};
    options.cancel = &interruptFlag();
    options.progress = &progress;
    search::SearchResult res;
    const auto line = [&](double seconds) {
        const std::int64_t n = std::min(progress.load(), total);
        return QCoreApplication::translate("commtax::cli::search", "search: %1% (%2 of %3 layouts, %4 s; Ctrl+C stops)")
            .arg(percentDone(n, total), QString::number(n), QString::number(total), QString::number(int(seconds)));
    };
    runShowingProgress([&] { res = search::runSearch(space, options); }, line);
    return res;
}

QString hardwareLabel(const search::Space &space, const QStringList &labels, int hw)
{
    return space.hardware.empty() || hw >= labels.size() ? QString::fromStdString(space.base.gpu.id) : labels[hw];
}

// The training section of a plan in the scenario format (as serializeScenario writes it).
QJsonObject trainingSection(const Plan &plan)
{
    QJsonObject o;
    for (const FieldInfo *f : fieldsOf(Section::Training)) {
        const QJsonValue v = f->get(plan);
        if (!v.isNull())
            o.insert(QLatin1String(f->key), v);
    }
    return o;
}

QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

// One plan: the metrics of `evaluate --json`, its training section and node shape, the memory
// headroom, the objective's value and, when there is a next plan, what this one gains over it.
QJsonObject planJson(const search::Space &space, const search::Found &f, const QString &name, search::Objective objective,
                     const search::Found *next)
{
    const Plan plan = search::planOf(space, f.layout);
    QJsonObject o = resultToJson(f.result, plan, name);
    o.insert(QStringLiteral("training"), trainingSection(plan));
    o.insert(QStringLiteral("nodes"), plan.cluster.nodes);
    o.insert(QStringLiteral("gpus_per_node"), plan.cluster.gpus_per_node);
    o.insert(QStringLiteral("memory_headroom_gb"), number(search::memoryHeadroomGb(f.result)));
    o.insert(QStringLiteral("objective_value"), number(search::objectiveValue(objective, f.result)));
    if (next) {
        const double a = search::objectiveValue(objective, f.result), b = search::objectiveValue(objective, next->result);
        o.insert(QStringLiteral("margin_over_next"), number(a > 0 ? (b - a) / a : 0.0));
        QJsonArray differs;
        for (const std::string &k : search::differingFields(f.layout, next->layout, space))
            differs.append(QString::fromStdString(k));
        o.insert(QStringLiteral("differs_from_next"), differs);
    }
    return o;
}

QString percent(double share)
{
    return formatNumber(share * 100, 1) + QLatin1Char('%');
}

const QList<TextColumn> &tableColumns()
{
    static const QList<TextColumn> columns = {{QStringLiteral("#"), 3}, {QStringLiteral("gpu"), -14}, {QStringLiteral("gpus"), 6}, {QStringLiteral("tp"), 3}, {QStringLiteral("pp"), 3}, {QStringLiteral("cp"), 3}, {QStringLiteral("ep"), 3}, {QStringLiteral("vpp"), 3}, {QStringLiteral("dp"), 5}, {QStringLiteral("batch"), 6}, {QStringLiteral("mb"), 3}, {QStringLiteral("zero"), 4}, {QStringLiteral("recompute"), -9}, {QStringLiteral("sp"), 2}, {QStringLiteral("step_s"), 9}, {QStringLiteral("comm_tax"), 8}, {QStringLiteral("bubble"), 7}, {QStringLiteral("mfu"), 6}, {QStringLiteral("mem_GB"), 7}, {QStringLiteral("free_GB"), 7}, {QStringLiteral("days"), 8}, {QStringLiteral("usd_per_Btok"), 12}, {QStringLiteral("tco_usd"), 12}, {QStringLiteral("margin"), 7}};
    return columns;
}

QString tableRow(int rank, const search::Space &space, const QStringList &labels, const search::Found &f, search::Objective objective,
                 const search::Found *next)
{
    const search::Layout &l = f.layout;
    const Result &r = f.result;
    QString margin;
    if (next) {
        const double a = search::objectiveValue(objective, r), b = search::objectiveValue(objective, next->result);
        margin = a > 0 ? percent((b - a) / a) : QString();
    }
    return tableLine(tableColumns(), {QString::number(rank), shown(hardwareLabel(space, labels, l.hardware)), QString::number(l.gpus), QString::number(l.value[search::DimTp]), QString::number(l.value[search::DimPp]), QString::number(l.value[search::DimCp]), QString::number(l.value[search::DimEp]), QString::number(l.value[search::DimVpp]), QString::number(l.dp), QString::number(l.global_batch > 0 ? l.global_batch : space.base.training.global_batch), QString::number(l.value[search::DimMicroBatch]), QString::number(l.value[search::DimZero]), QLatin1String(toString(Recompute(l.value[search::DimRecompute]))), l.value[search::DimSequenceParallel] ? QStringLiteral("y") : QStringLiteral("n"), formatNumber(r.step_time_s, 3), percent(r.comm_tax_exposed), percent(r.bubble_share), percent(r.mfu), formatNumber(r.memory_total_gb, 1), formatNumber(search::memoryHeadroomGb(r), 1), formatNumber(r.days_to_train, 1), formatNumber(r.cost_per_billion_tokens_usd, 2), formatNumber(r.tco_usd, 0), margin});
}

QString csvNumber(double v)
{
    return std::isfinite(v) ? QString::number(v, 'g', 10) : QString();
}

QString searchCsv(const search::Space &space, const QStringList &labels, const search::SearchResult &res, search::Objective objective)
{
    QStringList header{QStringLiteral("list"), QStringLiteral("rank"), QStringLiteral("gpu"), QStringLiteral("gpus"), QStringLiteral("nodes")};
    for (int d = 0; d < search::kDimCount; ++d)
        header << QLatin1String(search::dimKey(d));
    header << QStringLiteral("dp") << QStringLiteral("global_batch");
    constexpr MetricId kMetricColumns[] = {MetricId::StepTime, MetricId::CommTaxExposed, MetricId::BubbleShare,
                                           MetricId::Mfu, MetricId::MemoryTotal, MetricId::DaysToTrain,
                                           MetricId::CostPerBillionTokens, MetricId::Tco, MetricId::Capex};
    for (const MetricId id : kMetricColumns)
        header << QLatin1String(metricKey(id));
    header << QStringLiteral("memory_headroom_gb") << QStringLiteral("objective_value") << QStringLiteral("margin_over_next");
    QString out = csvRow(header);
    auto rows = [&](const QString &list, const std::vector<search::Found> &plans, bool margins) {
        for (size_t i = 0; i < plans.size(); ++i) {
            const search::Found &f = plans[i];
            const Plan plan = search::planOf(space, f.layout);
            QStringList row{list, QString::number(i + 1), hardwareLabel(space, labels, f.layout.hardware), QString::number(f.layout.gpus), QString::number(f.layout.nodes)};
            for (int d = 0; d < search::kDimCount; ++d)
                row << (d == search::DimRecompute              ? QLatin1String(toString(Recompute(f.layout.value[size_t(d)])))
                            : d == search::DimSequenceParallel ? (f.layout.value[size_t(d)] ? QStringLiteral("true") : QStringLiteral("false"))
                                                               : QString::number(f.layout.value[size_t(d)]));
            row << QString::number(f.layout.dp) << QString::number(plan.training.global_batch);
            for (const MetricId id : kMetricColumns)
                row << csvNumber(metricValue(f.result, id));
            const double a = search::objectiveValue(objective, f.result);
            row << csvNumber(search::memoryHeadroomGb(f.result)) << csvNumber(a);
            row << (margins && i + 1 < plans.size() && a > 0 ? csvNumber((search::objectiveValue(objective, plans[i + 1].result) - a) / a) : QString());
            out += csvRow(row);
        }
    };
    rows(QStringLiteral("top"), res.top, true);
    rows(QStringLiteral("pareto"), res.pareto, false);
    return out;
}

} // namespace

int cmdSearch(QStringList args)
{
    const QString cmd = QStringLiteral("search: ");
    QString gpus, hardware, objectiveText, emitFile, tokens, frameworkText, why, modes, precisions;
    double maxGpus = 0, budget = 0, deadline = 0, top = 10, powerMw = 0;
    CommandLine cl(QStringLiteral("search"), SearchText::tr("FILE|- [options]"), SearchText::tr("The best parallel layouts of the scenario's model and the Pareto front of time against cost."));
    cl.option(QStringLiteral("gpus"), SearchText::tr("N|LIST|MIN-MAX"), SearchText::tr("The GPU counts to search: one, a comma-separated list, or a range MIN-MAX."));
    cl.option(QStringLiteral("hardware"), SearchText::tr("IDS|all"), SearchText::tr("GPU preset ids, comma-separated, or \"all\"; each on its default cluster."));
    cl.option(QStringLiteral("objective"), SearchText::tr("time|cost|tco"), SearchText::tr("What \"best\" means (default: time)."));
    cl.option(QStringLiteral("tokens-per-step"), SearchText::tr("N|MIN-MAX"), SearchText::tr("Tokens per step (global batch x sequence length): search every global batch of whole sequences in this range (default: the file's global batch)."));
    cl.option(QStringLiteral("max-gpus"), SearchText::tr("N"), SearchText::tr("At most this many GPUs."));
    cl.option(QStringLiteral("budget"), SearchText::tr("USD"), SearchText::tr("At most this total cost of ownership."));
    cl.option(QStringLiteral("deadline-days"), SearchText::tr("D"), SearchText::tr("At most this many days to train."));
    cl.option(QStringLiteral("framework"), SearchText::tr("FRAMEWORK"),
              SearchText::tr("Rank only layouts this framework runs as planned: any (default), megatron, megatron-bridge, nemo, deepspeed or torchtitan."));
    cl.option(QStringLiteral("power-mw"), SearchText::tr("MW"),
              SearchText::tr("What to buy: at most this power at the wall (PUE included)."));
    cl.option(QStringLiteral("mode"), SearchText::tr("buy,rent"),
              SearchText::tr("What to buy: buy, rent or both (default: the goals', else both)."));
    cl.option(QStringLiteral("precision"), SearchText::tr("bf16,fp8"),
              SearchText::tr("What to buy: the precisions to try; FP8 only where the GPU has it (default: both)."));
    cl.option(QStringLiteral("top"), SearchText::tr("N"), SearchText::tr("How many plans to list (default 10, at most 10000)."));
    cl.option(QStringLiteral("emit-best"), SearchText::tr("OUT.json"), SearchText::tr("Write the best plan as a scenario file."));
    cl.flag(QStringLiteral("json"), SearchText::tr("Print JSON."));
    cl.flag(QStringLiteral("csv"), SearchText::tr("Print CSV."));
    if (const std::optional<int> code = cl.parse(args))
        return *code;
    const bool json = cl.isSet(QStringLiteral("json")), csv = cl.isSet(QStringLiteral("csv"));
    const bool hasGpus = cl.value(QStringLiteral("gpus"), gpus), hasHw = cl.value(QStringLiteral("hardware"), hardware);
    const bool hasObjective = cl.value(QStringLiteral("objective"), objectiveText), hasEmit = cl.value(QStringLiteral("emit-best"), emitFile);
    const bool hasTokens = cl.value(QStringLiteral("tokens-per-step"), tokens);
    const bool hasFramework = cl.value(QStringLiteral("framework"), frameworkText);
    if (!takeNumber(cl, QStringLiteral("max-gpus"), maxGpus, true, why) || !takeNumber(cl, QStringLiteral("budget"), budget, false, why)
        || !takeNumber(cl, QStringLiteral("deadline-days"), deadline, false, why)
        || !takeNumber(cl, QStringLiteral("top"), top, true, why)
        || !takeNumber(cl, QStringLiteral("power-mw"), powerMw, false, why))
        return fail(kExitUsage, cmd + why);
    if (top > search::kMaxTop)
        return fail(kExitUsage, cmd + SearchText::tr("--top lists at most %1 plans (got %2)").arg(search::kMaxTop).arg(qint64(top)));
    args = cl.positional();
    if (args.size() != 1)
        return fail(kExitUsage, SearchText::tr("search takes one scenario file"));
    if (json && csv)
        return fail(kExitUsage, cmd + SearchText::tr("choose --json or --csv, not both"));
    search::Objective objective = search::Objective::Time;
    // "capex" ranks what to buy only (checked below, once the file says whether it has goals).
    const bool capex = objectiveText == QLatin1String("capex");
    if (hasObjective && !capex && !search::parseObjective(objectiveText.toStdString(), objective))
        return fail(kExitUsage, cmd + SearchText::tr("--objective must be time, cost or tco"));
    if (hasEmit && emitFile.isEmpty())
        return fail(kExitUsage, cmd + SearchText::tr("--emit-best needs a file name"));
    int framework = -1; // any
    if (hasFramework && frameworkText != QLatin1String("any")) {
        launch::Framework f = launch::Framework::Megatron;
        if (!launch::parseFramework(frameworkText.toStdString(), f))
            return fail(kExitUsage, cmd + SearchText::tr("--framework must be any, megatron, megatron-bridge, nemo, deepspeed or torchtitan"));
        framework = int(f);
    }

    search::Space space;
    if (hasGpus && !parseGpus(gpus, space, why))
        return fail(kExitUsage, cmd + why);
    if (hasTokens && !parseTokens(tokens, space, why))
        return fail(kExitUsage, cmd + why);
    Scenario s;
    QList<LoadError> errors;
    if (!loadAndValidateScenario(args.first(), presetCatalog(), s, errors)) {
        out().flush();
        for (const LoadError &e : errors)
            err() << "commtax: " << shown(loadErrorText(e)) << Qt::endl;
        return kExitBadInput;
    }
    // What to buy: the file's goals, or a goal given here, turn the layout search into the search over
    // GPU x GPU count x buy/rent x precision x layout (app/cli_buy.cpp, model/search/buy.h).
    const bool hasModes = cl.value(QStringLiteral("mode"), modes);
    const bool hasPrecisions = cl.value(QStringLiteral("precision"), precisions);
    if (s.goals || hasModes || hasPrecisions || powerMw > 0) {
        if (csv || hasEmit || hasTokens)
            return fail(kExitUsage, cmd + SearchText::tr("--csv, --emit-best and --tokens-per-step do not go "
                                                         "with goals (what to buy)"));
        BuyArgs a;
        a.json = json;
        a.hasHardware = hasHw;
        a.hardware = hardware;
        a.gpuCounts = space.gpu_counts;
        a.gpusMin = space.gpus_min;
        a.gpusMax = space.gpus_max;
        a.maxGpus = maxGpus;
        a.budget = budget;
        a.deadline = deadline;
        a.powerMw = powerMw;
        a.hasModes = hasModes;
        a.modes = modes;
        a.hasPrecisions = hasPrecisions;
        a.precisions = precisions;
        a.hasObjective = hasObjective;
        a.objective = objectiveText;
        a.hasFramework = hasFramework;
        a.framework = frameworkText;
        a.top = int(top);
        return whatToBuy(s, a);
    }
    if (capex)
        return fail(kExitUsage, cmd + SearchText::tr("--objective must be time, cost or tco"));
    if (hasEmit && QFileInfo(emitFile).absoluteFilePath() == QFileInfo(args.first()).absoluteFilePath())
        return fail(kExitBadInput, cmd + SearchText::tr("--emit-best would overwrite the scenario it searches"));
    space.base = s.plan;
    if (hasTokens && search::globalBatchCount(space) == 0)
        return fail(kExitBadInput, cmd + SearchText::tr("--tokens-per-step: no whole number of sequences of %1 tokens lies in %2").arg(s.plan.training.seq_len).arg(tokens));

    // --hardware: each GPU on its default cluster, with its own default compute efficiency (as sweep).
    QStringList labels, clusterIds;
    if (hasHw) {
        const PresetCatalog &cat = presetCatalog();
        QStringList ids;
        if (hardware == QLatin1String("all"))
            for (const Preset &p : cat.presets(Section::Gpu))
                ids << p.id;
        else
            ids = hardware.split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (const QString &id : ids) {
            const std::optional<GpuInServer> g = gpuInServer(cat, id.trimmed());
            if (!g)
                return fail(kExitBadInput, cmd + SearchText::tr("--hardware: unknown GPU preset \"%1\"").arg(id));
            space.hardware.push_back(*hardwareFor(cat, g->gpu.id, s.plan.cluster));
            labels << g->gpu.id;
            clusterIds << (g->cluster ? g->cluster->id : s.clusterPreset);
        }
        if (space.hardware.empty())
            return fail(kExitUsage, cmd + SearchText::tr("--hardware names no GPU"));
        // each GPU at its own efficiency and rent price (moveToGpu(), core/gpumove.h)
        space.base.training.compute_efficiency.reset();
        space.base.economics.usd_per_gpu_hour = 0;
    }

    search::Options options;
    options.objective = objective;
    options.top = int(top);
    options.constraints.max_gpus = int(maxGpus);
    options.constraints.budget_usd = budget;
    options.constraints.deadline_days = deadline;
    options.constraints.framework = framework;
    // A space that cannot finish in reasonable time is refused with its size: first the
    // contexts (arithmetic), then the layouts (a walk over the contexts that evaluates nothing).
    const std::int64_t contexts = search::countContexts(space, options.constraints);
    if (contexts > search::kMaxContexts)
        return fail(kExitUsage, cmd + SearchText::tr("the space has %1 contexts (GPU, GPU count and global batch), more than the %2 a search can finish in reasonable time: narrow --gpus, --hardware or --tokens-per-step").arg(contexts).arg(search::kMaxContexts));
    const InterruptScope ctrlC;
    // A count longer than search::kMaxCountSeconds is cut, and the space refused with its count.
    std::atomic<bool> stopCount{false}, counted{false};
    std::thread watchdog([&] {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(search::kMaxCountSeconds);
        while (!counted.load() && !interrupted() && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        stopCount.store(true);
    });
    std::int64_t layouts = search::countSpace(space, options.constraints, &stopCount, search::kMaxLayouts);
    const bool countCut = stopCount.load() && !interrupted();
    counted.store(true);
    watchdog.join();
    if (!interrupted() && (countCut || layouts > search::kMaxLayouts)) {
        return fail(kExitUsage, cmd + SearchText::tr("the space has more than %1 layouts over %2 contexts, more than a search can finish in reasonable time: narrow --gpus, --hardware or --tokens-per-step").arg(countCut ? layouts : search::kMaxLayouts).arg(contexts));
    }
    const search::SearchResult res = interrupted() ? search::SearchResult{} : runWithProgress(space, options, layouts);
    if (interrupted())
        return fail(kExitInterrupted, cmd + SearchText::tr("interrupted after %1 of %2 layouts").arg(res.searched).arg(layouts));
    const search::Found *best = res.top.empty() ? nullptr : &res.top.front();

    if (hasEmit) {
        if (!best)
            return fail(kExitBadInput, cmd + SearchText::tr("no plan fits and meets the constraints: nothing to write to %1").arg(emitFile));
        Scenario b = s;
        b.plan = search::planOf(space, best->layout);
        if (!space.hardware.empty()) {
            b.gpuPreset = labels[best->layout.hardware];
            b.clusterPreset = clusterIds[best->layout.hardware];
        }
        b.name = (s.name.isEmpty() ? QString() : s.name + QLatin1Char(' ')) + QStringLiteral("(best layout for %1)") /* a file's name: the same in every language */.arg(QLatin1String(search::toString(objective)));
        QString error;
        if (!saveScenarioFile(emitFile, b, presetCatalog(), &error))
            return fail(kExitBadInput, cmd + error);
    }

    if (json) {
        QJsonObject root;
        root.insert(QStringLiteral("searched"), double(res.searched));
        root.insert(QStringLiteral("valid"), double(res.valid));
        root.insert(QStringLiteral("fits"), double(res.fits));
        root.insert(QStringLiteral("feasible"), double(res.feasible));
        root.insert(QStringLiteral("seconds"), res.seconds);
        root.insert(QStringLiteral("threads"), res.threads);
        root.insert(QStringLiteral("objective"), QLatin1String(search::toString(objective)));
        QJsonArray invalid;
        for (const search::InvalidContext &c : res.contexts_invalid)
            invalid.append(QJsonObject{{QStringLiteral("gpu"), hardwareLabel(space, labels, c.hardware)}, {QStringLiteral("gpus"), c.gpus}, {QStringLiteral("reason"), QString::fromStdString(c.reason)}});
        root.insert(QStringLiteral("contexts"), double(res.contexts));
        root.insert(QStringLiteral("contexts_invalid"), invalid);
        root.insert(QStringLiteral("contexts_invalid_count"), double(res.contexts_invalid_count));
        root.insert(QStringLiteral("best"), best ? QJsonValue(planJson(space, *best, s.name, objective, res.top.size() > 1 ? &res.top[1] : nullptr)) : QJsonValue(QJsonValue::Null));
        QJsonObject byObjective;
        for (size_t i = 0; i < res.best_by.size(); ++i) {
            const search::Objective o = search::kObjectives[i];
            byObjective.insert(QLatin1String(search::toString(o)), res.best_by[i].valid ? QJsonValue(planJson(space, res.best_by[i].found, s.name, o, nullptr)) : QJsonValue(QJsonValue::Null));
        }
        root.insert(QStringLiteral("best_by_objective"), byObjective);
        QJsonArray pareto, topList;
        for (const search::Found &f : res.pareto)
            pareto.append(planJson(space, f, s.name, objective, nullptr));
        for (size_t i = 0; i < res.top.size(); ++i)
            topList.append(planJson(space, res.top[i], s.name, objective, i + 1 < res.top.size() ? &res.top[i + 1] : nullptr));
        root.insert(QStringLiteral("pareto"), pareto);
        root.insert(QStringLiteral("top"), topList);
        out() << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return kExitOk;
    }
    if (csv) {
        out() << searchCsv(space, labels, res, objective);
        return kExitOk;
    }

    QTextStream &o = out();
    o << SearchText::tr("Searched %1 layouts over %2 contexts (GPU, GPU count and global batch) in %3 s (%4 threads): %5 valid (each evaluated), %6 fit in memory, %7 meet the constraints.")
             .arg(res.searched)
             .arg(res.contexts)
             .arg(formatNumber(res.seconds, 3))
             .arg(res.threads)
             .arg(res.valid)
             .arg(res.fits)
             .arg(res.feasible)
      << '\n';
    if (res.contexts_invalid_count > qint64(res.contexts_invalid.size()))
        o << SearchText::tr("  %1 contexts skipped; the first %2:").arg(res.contexts_invalid_count).arg(res.contexts_invalid.size()) << '\n';
    for (const search::InvalidContext &c : res.contexts_invalid)
        o << SearchText::tr("  skipped %1 x %2: %3").arg(shown(hardwareLabel(space, labels, c.hardware))).arg(c.gpus).arg(shown(c.text.pattern[0] ? QString::fromStdString(c.field) + QStringLiteral(": ") + engineText("commtax::Errors", c.text) : QString::fromStdString(c.reason))) << '\n';
    if (!best) {
        o << SearchText::tr("No plan fits in memory and meets the constraints.") << '\n';
        return kExitOk;
    }
    o << '\n'
      << (objective == search::Objective::Time       ? SearchText::tr("Best for time (objective: days to train):")
              : objective == search::Objective::Cost ? SearchText::tr("Best for cost (objective: USD per billion tokens):")
                                                     : SearchText::tr("Best for tco (objective: TCO of the run):"))
      << '\n';
    if (res.top.size() > 1) {
        QStringList differs;
        for (const std::string &k : search::differingFields(best->layout, res.top[1].layout, space))
            differs << QString::fromStdString(k);
        const double a = search::objectiveValue(objective, best->result), b = search::objectiveValue(objective, res.top[1].result);
        o << SearchText::tr("  %1 better than the runner-up, which differs in %2.").arg(percent(a > 0 ? (b - a) / a : 0.0), differs.join(QStringLiteral(", "))) << '\n';
    }
    o << '\n'
      << SearchText::tr("Top %1 (margin: what each gains over the next):").arg(res.top.size()) << '\n'
      << tableLine(tableColumns()) << '\n';
    for (size_t i = 0; i < res.top.size(); ++i)
        o << tableRow(int(i) + 1, space, labels, res.top[i], objective, i + 1 < res.top.size() ? &res.top[i + 1] : nullptr) << '\n';
    o << '\n'
      << SearchText::tr("Pareto front, days to train against USD per billion tokens (free_GB: usable memory left):") << '\n'
      << tableLine(tableColumns()) << '\n';
    for (size_t i = 0; i < res.pareto.size(); ++i)
        o << tableRow(int(i) + 1, space, labels, res.pareto[i], objective, nullptr) << '\n';
    if (hasEmit)
        o << '\n'
          << SearchText::tr("Best plan written to %1").arg(shown(emitFile)) << '\n';
    return kExitOk;
}

} // namespace commtax::cli
