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

// What the command line asks; checked by readSearchOptions().
struct SearchOptions {
    QString file;
    bool json = false, csv = false;
    bool hasGpus = false, hasHw = false, hasObjective = false, hasEmit = false, hasTokens = false;
    bool hasFramework = false, hasModes = false, hasPrecisions = false;
    QString gpus, hardware, objectiveText, emitFile, tokens, frameworkText, modes, precisions;
    double maxGpus = 0, budget = 0, deadline = 0, top = 10, powerMw = 0;
    search::Objective objective = search::Objective::Time;
    bool capex = false; // --objective capex: ranks what to buy only
    int framework = -1; // any
};

// The searched plans' hardware: each GPU's label and cluster preset (--hardware), beside the space.
struct SearchSpace {
    search::Space space;
    QStringList labels, clusterIds;
};

const QString &searchPrefix()
{
    static const QString cmd = QStringLiteral("search: ");
    return cmd;
}

void declareSearchOptions(CommandLine &cl)
{
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
}

// The options' values into `opt`; false (and `why`) when a number is not one.
bool takeSearchValues(const CommandLine &cl, SearchOptions &opt, QString &why)
{
    opt.json = cl.isSet(QStringLiteral("json"));
    opt.csv = cl.isSet(QStringLiteral("csv"));
    opt.hasGpus = cl.value(QStringLiteral("gpus"), opt.gpus);
    opt.hasHw = cl.value(QStringLiteral("hardware"), opt.hardware);
    opt.hasObjective = cl.value(QStringLiteral("objective"), opt.objectiveText);
    opt.hasEmit = cl.value(QStringLiteral("emit-best"), opt.emitFile);
    opt.hasTokens = cl.value(QStringLiteral("tokens-per-step"), opt.tokens);
    opt.hasFramework = cl.value(QStringLiteral("framework"), opt.frameworkText);
    opt.hasModes = cl.value(QStringLiteral("mode"), opt.modes);
    opt.hasPrecisions = cl.value(QStringLiteral("precision"), opt.precisions);
    return takeNumber(cl, QStringLiteral("max-gpus"), opt.maxGpus, true, why)
        && takeNumber(cl, QStringLiteral("budget"), opt.budget, false, why)
        && takeNumber(cl, QStringLiteral("deadline-days"), opt.deadline, false, why)
        && takeNumber(cl, QStringLiteral("top"), opt.top, true, why)
        && takeNumber(cl, QStringLiteral("power-mw"), opt.powerMw, false, why);
}

// The parsed command line into `opt`, checked; the exit code on a usage error.
std::optional<int> readSearchOptions(const CommandLine &cl, SearchOptions &opt)
{
    const QString &cmd = searchPrefix();
    QString why;
    if (!takeSearchValues(cl, opt, why))
        return fail(kExitUsage, cmd + why);
    if (opt.top > search::kMaxTop) {
        const QString message = SearchText::tr("--top lists at most %1 plans (got %2)");
        return fail(kExitUsage, cmd + message.arg(search::kMaxTop).arg(qint64(opt.top)));
    }
    const QStringList args = cl.positional();
    if (args.size() != 1)
        return fail(kExitUsage, SearchText::tr("search takes one scenario file"));
    opt.file = args.first();
    if (opt.json && opt.csv)
        return fail(kExitUsage, cmd + SearchText::tr("choose --json or --csv, not both"));
    // "capex" ranks what to buy only (checked later, once the file says whether it has goals).
    opt.capex = opt.objectiveText == QLatin1String("capex");
    if (opt.hasObjective && !opt.capex && !search::parseObjective(opt.objectiveText.toStdString(), opt.objective))
        return fail(kExitUsage, cmd + SearchText::tr("--objective must be time, cost or tco"));
    if (opt.hasEmit && opt.emitFile.isEmpty())
        return fail(kExitUsage, cmd + SearchText::tr("--emit-best needs a file name"));
    if (opt.hasFramework && opt.frameworkText != QLatin1String("any")) {
        launch::Framework f = launch::Framework::Megatron;
        if (!launch::parseFramework(opt.frameworkText.toStdString(), f))
            return fail(kExitUsage, cmd + SearchText::tr("--framework must be any, megatron, megatron-bridge, nemo, deepspeed or torchtitan"));
        opt.framework = int(f);
    }
    return std::nullopt;
}

// --gpus and --tokens-per-step into the space; the exit code on a bad one.
std::optional<int> readSpaceOptions(const SearchOptions &opt, search::Space &space)
{
    QString why;
    if (opt.hasGpus && !parseGpus(opt.gpus, space, why))
        return fail(kExitUsage, searchPrefix() + why);
    if (opt.hasTokens && !parseTokens(opt.tokens, space, why))
        return fail(kExitUsage, searchPrefix() + why);
    return std::nullopt;
}

// The scenario file loaded and validated; false after printing why not.
bool loadSearchScenario(const QString &file, Scenario &s)
{
    QList<LoadError> errors;
    if (loadAndValidateScenario(file, presetCatalog(), s, errors))
        return true;
    out().flush();
    for (const LoadError &e : errors)
        err() << "commtax: " << shown(loadErrorText(e)) << Qt::endl;
    return false;
}

// What to buy: the file's goals, or a goal given here, turn the layout search into the search over
// GPU x GPU count x buy/rent x precision x layout (app/cli_buy.cpp, model/search/buy.h).
bool asksWhatToBuy(const Scenario &s, const SearchOptions &opt)
{
    return s.goals || opt.hasModes || opt.hasPrecisions || opt.powerMw > 0;
}

int searchWhatToBuy(const Scenario &s, const SearchOptions &opt, const search::Space &space)
{
    if (opt.csv || opt.hasEmit || opt.hasTokens)
        return fail(kExitUsage, searchPrefix() + SearchText::tr("--csv, --emit-best and --tokens-per-step do not go "
                                                                "with goals (what to buy)"));
    BuyArgs a;
    a.json = opt.json;
    a.hasHardware = opt.hasHw;
    a.hardware = opt.hardware;
    a.gpuCounts = space.gpu_counts;
    a.gpusMin = space.gpus_min;
    a.gpusMax = space.gpus_max;
    a.maxGpus = opt.maxGpus;
    a.budget = opt.budget;
    a.deadline = opt.deadline;
    a.powerMw = opt.powerMw;
    a.hasModes = opt.hasModes;
    a.modes = opt.modes;
    a.hasPrecisions = opt.hasPrecisions;
    a.precisions = opt.precisions;
    a.hasObjective = opt.hasObjective;
    a.objective = opt.objectiveText;
    a.hasFramework = opt.hasFramework;
    a.framework = opt.frameworkText;
    a.top = int(opt.top);
    return whatToBuy(s, a);
}

// --hardware: each GPU on its default cluster, with its own default compute efficiency (as sweep).
std::optional<int> addHardware(const SearchOptions &opt, const Scenario &s, SearchSpace &ss)
{
    const QString &cmd = searchPrefix();
    const PresetCatalog &cat = presetCatalog();
    QStringList ids;
    if (opt.hardware == QLatin1String("all"))
        for (const Preset &p : cat.presets(Section::Gpu))
            ids << p.id;
    else
        ids = opt.hardware.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &id : ids) {
        const std::optional<GpuInServer> g = gpuInServer(cat, id.trimmed());
        if (!g)
            return fail(kExitBadInput, cmd + SearchText::tr("--hardware: unknown GPU preset \"%1\"").arg(id));
        ss.space.hardware.push_back(*hardwareFor(cat, g->gpu.id, s.plan.cluster));
        ss.labels << g->gpu.id;
        ss.clusterIds << (g->cluster ? g->cluster->id : s.clusterPreset);
    }
    if (ss.space.hardware.empty())
        return fail(kExitUsage, cmd + SearchText::tr("--hardware names no GPU"));
    // each GPU at its own efficiency and rent price (moveToGpu(), core/gpumove.h)
    ss.space.base.training.compute_efficiency.reset();
    ss.space.base.economics.usd_per_gpu_hour = 0;
    return std::nullopt;
}

// The layout search's space around the scenario's plan; the exit code when it cannot be searched.
std::optional<int> layoutSpace(const SearchOptions &opt, const Scenario &s, SearchSpace &ss)
{
    const QString &cmd = searchPrefix();
    if (opt.capex)
        return fail(kExitUsage, cmd + SearchText::tr("--objective must be time, cost or tco"));
    if (opt.hasEmit && QFileInfo(opt.emitFile).absoluteFilePath() == QFileInfo(opt.file).absoluteFilePath())
        return fail(kExitBadInput, cmd + SearchText::tr("--emit-best would overwrite the scenario it searches"));
    ss.space.base = s.plan;
    if (opt.hasTokens && search::globalBatchCount(ss.space) == 0)
        return fail(kExitBadInput,
                    cmd
                        + SearchText::tr("--tokens-per-step: no whole number of sequences of %1 tokens lies in %2")
                              .arg(s.plan.training.seq_len)
                              .arg(opt.tokens));
    if (opt.hasHw)
        return addHardware(opt, s, ss);
    return std::nullopt;
}

search::Options searchOptions(const SearchOptions &opt)
{
    search::Options options;
    options.objective = opt.objective;
    options.top = int(opt.top);
    options.constraints.max_gpus = int(opt.maxGpus);
    options.constraints.budget_usd = opt.budget;
    options.constraints.deadline_days = opt.deadline;
    options.constraints.framework = opt.framework;
    return options;
}

QString tooManyContexts(std::int64_t contexts)
{
    return SearchText::tr("the space has %1 contexts (GPU, GPU count and global batch), more than the %2 a search can "
                          "finish in reasonable time: narrow --gpus, --hardware or --tokens-per-step")
        .arg(contexts)
        .arg(search::kMaxContexts);
}

QString tooManyLayouts(std::int64_t layouts, std::int64_t contexts)
{
    return SearchText::tr("the space has more than %1 layouts over %2 contexts, more than a search can finish in "
                          "reasonable time: narrow --gpus, --hardware or --tokens-per-step")
        .arg(layouts)
        .arg(contexts);
}

// A space that cannot finish in reasonable time is refused with its size: first the contexts
// (arithmetic, here), then the layouts (countLayouts(): a walk over the contexts that evaluates nothing).
std::optional<int> checkContexts(const search::Space &space, const search::Options &options, std::int64_t &contexts)
{
    contexts = search::countContexts(space, options.constraints);
    if (contexts > search::kMaxContexts)
        return fail(kExitUsage, searchPrefix() + tooManyContexts(contexts));
    return std::nullopt;
}

// The layouts of the space, counted under the caller's InterruptScope. A count longer than
// search::kMaxCountSeconds is cut, and the space refused with its count.
std::optional<int> countLayouts(const search::Space &space, const search::Options &options, std::int64_t contexts,
                                std::int64_t &layouts)
{
    std::atomic<bool> stopCount{false}, counted{false};
    std::thread watchdog([&] {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(search::kMaxCountSeconds);
        while (!counted.load() && !interrupted() && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        stopCount.store(true);
    });
    layouts = search::countSpace(space, options.constraints, &stopCount, search::kMaxLayouts);
    const bool countCut = stopCount.load() && !interrupted();
    counted.store(true);
    watchdog.join();
    if (!interrupted() && (countCut || layouts > search::kMaxLayouts)) {
        return fail(kExitUsage, searchPrefix() + tooManyLayouts(countCut ? layouts : search::kMaxLayouts, contexts));
    }
    return std::nullopt;
}

// --emit-best: the best plan written as a scenario file.
std::optional<int> emitBest(const SearchOptions &opt, const Scenario &s, const SearchSpace &ss,
                            const search::Found *best)
{
    const QString &cmd = searchPrefix();
    if (!best) {
        const QString message = SearchText::tr("no plan fits and meets the constraints: nothing to write to %1");
        return fail(kExitBadInput, cmd + message.arg(opt.emitFile));
    }
    Scenario b = s;
    b.plan = search::planOf(ss.space, best->layout);
    if (!ss.space.hardware.empty()) {
        b.gpuPreset = ss.labels[best->layout.hardware];
        b.clusterPreset = ss.clusterIds[best->layout.hardware];
    }
    // A file's name: the same in every language.
    b.name = (s.name.isEmpty() ? QString() : s.name + QLatin1Char(' '))
        + QStringLiteral("(best layout for %1)").arg(QLatin1String(search::toString(opt.objective)));
    QString error;
    if (!saveScenarioFile(opt.emitFile, b, presetCatalog(), &error))
        return fail(kExitBadInput, cmd + error);
    return std::nullopt;
}

QJsonArray invalidContextsJson(const SearchSpace &ss, const search::SearchResult &res)
{
    QJsonArray invalid;
    for (const search::InvalidContext &c : res.contexts_invalid)
        invalid.append(QJsonObject{{QStringLiteral("gpu"), hardwareLabel(ss.space, ss.labels, c.hardware)},
                                   {QStringLiteral("gpus"), c.gpus},
                                   {QStringLiteral("reason"), QString::fromStdString(c.reason)}});
    return invalid;
}

// The best plan for each objective.
QJsonObject bestByObjectiveJson(const search::Space &space, const search::SearchResult &res, const QString &name)
{
    QJsonObject byObjective;
    for (size_t i = 0; i < res.best_by.size(); ++i) {
        const search::Objective o = search::kObjectives[i];
        byObjective.insert(QLatin1String(search::toString(o)),
                           res.best_by[i].valid ? QJsonValue(planJson(space, res.best_by[i].found, name, o, nullptr))
                                                : QJsonValue(QJsonValue::Null));
    }
    return byObjective;
}

void printSearchJson(const SearchSpace &ss, const search::SearchResult &res, const QString &name,
                     search::Objective objective)
{
    const search::Space &space = ss.space;
    const search::Found *best = res.top.empty() ? nullptr : &res.top.front();
    QJsonObject root;
    root.insert(QStringLiteral("searched"), double(res.searched));
    root.insert(QStringLiteral("valid"), double(res.valid));
    root.insert(QStringLiteral("fits"), double(res.fits));
    root.insert(QStringLiteral("feasible"), double(res.feasible));
    root.insert(QStringLiteral("seconds"), res.seconds);
    root.insert(QStringLiteral("threads"), res.threads);
    root.insert(QStringLiteral("objective"), QLatin1String(search::toString(objective)));
    root.insert(QStringLiteral("contexts"), double(res.contexts));
    root.insert(QStringLiteral("contexts_invalid"), invalidContextsJson(ss, res));
    root.insert(QStringLiteral("contexts_invalid_count"), double(res.contexts_invalid_count));
    const search::Found *runnerUp = res.top.size() > 1 ? &res.top[1] : nullptr;
    QJsonValue bestJson(QJsonValue::Null);
    if (best)
        bestJson = planJson(space, *best, name, objective, runnerUp);
    root.insert(QStringLiteral("best"), bestJson);
    root.insert(QStringLiteral("best_by_objective"), bestByObjectiveJson(space, res, name));
    QJsonArray pareto, topList;
    for (const search::Found &f : res.pareto)
        pareto.append(planJson(space, f, name, objective, nullptr));
    for (size_t i = 0; i < res.top.size(); ++i)
        topList.append(
            planJson(space, res.top[i], name, objective, i + 1 < res.top.size() ? &res.top[i + 1] : nullptr));
    root.insert(QStringLiteral("pareto"), pareto);
    root.insert(QStringLiteral("top"), topList);
    out() << QJsonDocument(root).toJson(QJsonDocument::Indented);
}

// How much was searched, and the contexts skipped.
void printSearchCounts(const SearchSpace &ss, const search::SearchResult &res)
{
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
        o << SearchText::tr("  skipped %1 x %2: %3")
                 .arg(shown(hardwareLabel(ss.space, ss.labels, c.hardware)))
                 .arg(c.gpus)
                 .arg(shown(c.text.pattern[0] ? QString::fromStdString(c.field) + QStringLiteral(": ")
                                    + engineText("commtax::Errors", c.text)
                                              : QString::fromStdString(c.reason)))
          << '\n';
}

// "Best for ...", and what the best gains over the runner-up.
void printBestHeading(const search::Space &space, const search::SearchResult &res, search::Objective objective)
{
    QTextStream &o = out();
    const search::Found *best = &res.top.front();
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
}

// The top plans and the Pareto front as tables.
void printSearchTables(const SearchSpace &ss, const search::SearchResult &res, search::Objective objective)
{
    QTextStream &o = out();
    o << '\n'
      << SearchText::tr("Top %1 (margin: what each gains over the next):").arg(res.top.size()) << '\n'
      << tableLine(tableColumns()) << '\n';
    for (size_t i = 0; i < res.top.size(); ++i)
        o << tableRow(int(i) + 1, ss.space, ss.labels, res.top[i], objective,
                      i + 1 < res.top.size() ? &res.top[i + 1] : nullptr)
          << '\n';
    o << '\n'
      << SearchText::tr("Pareto front, days to train against USD per billion tokens (free_GB: usable memory left):") << '\n'
      << tableLine(tableColumns()) << '\n';
    for (size_t i = 0; i < res.pareto.size(); ++i)
        o << tableRow(int(i) + 1, ss.space, ss.labels, res.pareto[i], objective, nullptr) << '\n';
}

void printSearchText(const SearchOptions &opt, const SearchSpace &ss, const search::SearchResult &res)
{
    printSearchCounts(ss, res);
    if (res.top.empty()) {
        out() << SearchText::tr("No plan fits in memory and meets the constraints.") << '\n';
        return;
    }
    printBestHeading(ss.space, res, opt.objective);
    printSearchTables(ss, res, opt.objective);
    if (opt.hasEmit)
        out() << '\n'
              << SearchText::tr("Best plan written to %1").arg(shown(opt.emitFile)) << '\n';
}

} // namespace

int cmdSearch(QStringList args)
{
    CommandLine cl(QStringLiteral("search"), SearchText::tr("FILE|- [options]"), SearchText::tr("The best parallel layouts of the scenario's model and the Pareto front of time against cost."));
    declareSearchOptions(cl);
    if (const std::optional<int> code = cl.parse(args))
        return *code;
    SearchOptions opt;
    if (const std::optional<int> code = readSearchOptions(cl, opt))
        return *code;
    SearchSpace ss;
    if (const std::optional<int> code = readSpaceOptions(opt, ss.space))
        return *code;
    Scenario s;
    if (!loadSearchScenario(opt.file, s))
        return kExitBadInput;
    if (asksWhatToBuy(s, opt))
        return searchWhatToBuy(s, opt, ss.space);
    if (const std::optional<int> code = layoutSpace(opt, s, ss))
        return *code;
    const search::Options options = searchOptions(opt);
    std::int64_t contexts = 0, layouts = 0;
    if (const std::optional<int> code = checkContexts(ss.space, options, contexts))
        return *code;
    const InterruptScope ctrlC;
    if (const std::optional<int> code = countLayouts(ss.space, options, contexts, layouts))
        return *code;
    const search::SearchResult res
        = interrupted() ? search::SearchResult{} : runWithProgress(ss.space, options, layouts);
    if (interrupted()) {
        const QString message = SearchText::tr("interrupted after %1 of %2 layouts");
        return fail(kExitInterrupted, searchPrefix() + message.arg(res.searched).arg(layouts));
    }
    if (opt.hasEmit)
        if (const std::optional<int> code = emitBest(opt, s, ss, res.top.empty() ? nullptr : &res.top.front()))
            return *code;
    if (opt.json)
        printSearchJson(ss, res, s.name, opt.objective);
    else if (opt.csv)
        out() << searchCsv(ss.space, ss.labels, res, opt.objective);
    else
        printSearchText(opt, ss, res);
    return kExitOk;
}

} // namespace commtax::cli
