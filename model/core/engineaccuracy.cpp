// SPDX-License-Identifier: GPL-3.0-or-later
#include "engineaccuracy.h"

#include "presets.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace commtax {

QString gpuFamily(const QString &gpuId)
{
    // The built-in GPU preset's "family" (presets/gpus.json). A GPU that is not built in takes the
    // family of the built-in GPU its id starts with, the longest such id (a calibrated copy,
    // "h100-sxm-measured-20261202"), else kDefaultGpuFamily.
    const PresetCatalog &catalog = PresetCatalog::builtIn();
    if (const std::optional<Preset> p = catalog.find(Section::Gpu, gpuId))
        return p->family().isEmpty() ? QLatin1String(kDefaultGpuFamily) : p->family();
    QString family = QLatin1String(kDefaultGpuFamily);
    qsizetype longest = 0;
    for (const Preset &p : catalog.presets(Section::Gpu))
        if (p.id.size() > longest && gpuId.startsWith(p.id + QLatin1Char('-')) && !p.family().isEmpty()) {
            longest = p.id.size();
            family = p.family();
        }
    return family;
}

bool parseEngineAccuracy(const QByteArray &json, EngineAccuracyData &out, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    const QJsonObject root = doc.object();
    if (pe.error != QJsonParseError::NoError || root.value(QStringLiteral("format")).toString() != QLatin1String("commtax-engine-accuracy")) {
        *error = pe.error != QJsonParseError::NoError ? pe.errorString() : QStringLiteral("not a commtax-engine-accuracy file");
        return false;
    }
    out = {};
    const QJsonObject prov = root.value(QStringLiteral("provenance")).toObject();
    out.runsSha256 = prov.value(QStringLiteral("runs_sha256")).toString();
    out.fit = prov.value(QStringLiteral("fit")).toString();
    out.date = prov.value(QStringLiteral("date")).toString();
    QSet<QString> sources;
    for (const QJsonValue &v : root.value(QStringLiteral("rows")).toArray()) {
        const QJsonObject o = v.toObject();
        AccuracyRun r;
        r.id = o.value(QStringLiteral("id")).toString();
        r.source_id = o.value(QStringLiteral("source_id")).toString();
        r.gpu_family = o.value(QStringLiteral("gpu")).toString();
        r.moe = o.value(QStringLiteral("architecture")).toString() == QLatin1String("moe");
        r.sharded = o.value(QStringLiteral("sharding")).toString() == QLatin1String("fsdp/zero-3");
        r.gpus = o.value(QStringLiteral("gpus")).toInt();
        r.time_factor = o.value(QStringLiteral("time_factor")).toDouble();
        if (r.id.isEmpty() || r.gpus < 1 || !std::isfinite(r.time_factor) || r.time_factor <= 0) {
            *error = QStringLiteral("row %1: needs an id, gpus >= 1 and a positive time_factor").arg(out.runs.size() + 1);
            return false;
        }
        sources.insert(r.source_id);
        out.runs.push_back(std::move(r));
    }
    out.sources = int(sources.size());
    if (out.runs.size() < std::size_t(kMinRegimeRuns)) {
        *error = QStringLiteral("fewer than %1 rows").arg(kMinRegimeRuns);
        return false;
    }
    return true;
}

const EngineAccuracyData &engineAccuracyData()
{
    static const EngineAccuracyData data = [] {
        EngineAccuracyData d;
        QFile f(QStringLiteral(":/presets/engine-accuracy.json"));
        QString error;
        // Built in and checked by test_fidelity: a failure here is a build defect, and the plan then
        // has no engine-error range (the uncertainty leaves the input out).
        if (!f.open(QIODevice::ReadOnly) || !parseEngineAccuracy(f.readAll(), d, &error))
            d = {};
        return d;
    }();
    return data;
}

bool EngineRegime::covers(const AccuracyRun &r, int atLevel) const
{
    if (atLevel < 0) // calibrated from the user's logs: no published run
        return false;
    if (atLevel >= 3)
        return true;
    if (r.moe != moe || r.sharded != sharded)
        return false;
    if (atLevel == 2)
        return true;
    if (r.gpu_family != gpu_family)
        return false;
    return atLevel == 1 || (r.gpus >= gpus_low && r.gpus <= gpus_high);
}

SourceWeightedErrors sourceWeightedErrors(const std::vector<const AccuracyRun *> &runs)
{
    QHash<QString, int> perSource;
    for (const AccuracyRun *r : runs)
        ++perSource[r->source_id];
    SourceWeightedErrors out;
    out.sources = int(perSource.size());
    out.factors.reserve(runs.size());
    out.errors.reserve(runs.size());
    for (const AccuracyRun *r : runs) {
        out.factors.push_back({r->time_factor, 1.0 / perSource.value(r->source_id)});
        out.errors.push_back(std::fabs(1 - 1 / r->time_factor));
    }
    std::sort(out.factors.begin(), out.factors.end());
    std::sort(out.errors.begin(), out.errors.end());
    return out;
}

EngineRegime engineRegime(const Plan &plan, const EngineAccuracyData &data, const QString &excludeSource)
{
    EngineRegime g;
    g.gpu_family = gpuFamily(QString::fromStdString(plan.gpu.id));
    g.moe = plan.model.moe();
    g.sharded = plan.training.zero >= 3;
    const long long gpus = std::max(1LL, (long long)plan.cluster.nodes * plan.cluster.gpus_per_node);
    g.gpus_low = int(std::max(1LL, (gpus + 3) / 4));
    g.gpus_high = int(std::min(4LL * gpus, 1LL << 30));
    std::vector<const AccuracyRun *> level[4];
    for (const AccuracyRun &r : data.runs) {
        if (!excludeSource.isEmpty() && r.source_id == excludeSource)
            continue;
        for (int k = 0; k < 4; ++k)
            if (g.covers(r, k))
                level[k].push_back(&r);
    }
    auto enough = [&](const std::vector<const AccuracyRun *> &runs) {
        QSet<QString> src;
        for (const AccuracyRun *r : runs)
            src.insert(r->source_id);
        return runs.size() >= std::size_t(kMinRegimeRuns) && src.size() >= kMinRegimeSources;
    };
    g.level = 0;
    while (g.level < 3 && !enough(level[g.level]))
        ++g.level;
    g.validated = g.level == 0;
    g.like = int(level[0].size());
    const std::vector<const AccuracyRun *> &used = level[g.level];
    g.runs = int(used.size());
    if (used.empty())
        return g;
    // Each source weighs as one run (docs/accuracy.md: weighted by run, 26 rows of one source set the
    // ranges of every plan like them, and P10-P90 held 70% of the runs held out, 72% weighted by source).
    const SourceWeightedErrors w = sourceWeightedErrors(used);
    g.sources = w.sources;
    const double at[5] = {0.10, 0.25, 0.50, 0.75, 0.90};
    for (int i = 0; i < 5; ++i)
        g.quantiles[std::size_t(i)] = uncertainty::predictivePercentile(w.factors, at[i], 1.0);
    for (double e : w.errors)
        g.mape += e / double(w.errors.size());
    g.median_error = uncertainty::percentile(w.errors, 0.5);
    // The ends: the outer segments continue the slope of their neighbours (P10-P25, P75-P90), and
    // the range holds the engine's own figure (1).
    const std::array<double, 5> &q = g.quantiles;
    g.low = std::clamp(q[0] - (q[1] - q[0]) * (0.10 / 0.15), 0.05, std::min(1.0, q[0]));
    g.high = std::max({q[4] + (q[4] - q[3]) * (0.10 / 0.15), 1.0, q[4]});
    return g;
}

EngineRegime calibratedRegime(const std::vector<double> &factors)
{
    EngineRegime g;
    g.level = -1;
    g.logs = int(factors.size());
    g.runs = g.logs;
    g.sources = g.logs;
    g.validated = true;
    if (factors.empty())
        return g;
    double ss = 0;
    std::vector<double> err;
    for (double f : factors) {
        ss += (f - 1) * (f - 1);
        err.push_back(std::fabs(1 - 1 / f));
        g.mape += std::fabs(1 - 1 / f) / double(factors.size());
    }
    std::sort(err.begin(), err.end());
    g.median_error = uncertainty::percentile(err, 0.5);
    const double n = double(factors.size());
    const double spread = std::max(0.02, std::sqrt(ss / n) * std::sqrt(1 + 1 / n));
    const double z[5] = {-1.2816, -0.6745, 0, 0.6745, 1.2816}; // the normal's P10 ... P90
    for (int i = 0; i < 5; ++i)
        g.quantiles[std::size_t(i)] = std::max(0.05, 1 + z[i] * spread);
    g.low = std::max(0.05, std::min(g.quantiles[0], 1 - 2.5 * spread));
    g.high = 1 + 2.5 * spread;
    return g;
}

uncertainty::FieldNote engineErrorNote(const EngineRegime &regime)
{
    uncertainty::FieldNote n;
    n.path = "engine.step_time_error";
    n.kind = uncertainty::Kind::Measured;
    if (regime.runs > 0) {
        n.low = regime.low;
        n.high = regime.high;
        n.quantiles = regime.quantiles;
    }
    return n;
}

namespace {
std::string pct(double v) { return std::to_string(std::lround(100 * v)); }
std::string factor(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}
std::string kindOf(const EngineRegime &g)
{
    return g.gpu_family.toStdString() + ", " + (g.moe ? "MoE" : "dense") + (g.sharded ? ", ZeRO-3/FSDP" : "");
}
} // namespace

bool engineRegimeWarns(const EngineRegime &g) { return g.level >= 2; }

EngineText engineRegimeText(const EngineRegime &g)
{
    const std::string runs = std::to_string(g.runs), sources = std::to_string(g.sources), median = pct(g.median_error),
                      p10 = factor(g.quantiles[0]), p90 = factor(g.quantiles[4]);
    switch (g.level) {
    case -1:
        return {CT_TR("commtax::Accuracy",
                      "The range holds the engine's error on your own %1 training logs (the GPU preset was calibrated "
                      "from them; each log left out of the fit in turn): it missed them by %2% (median); P10-P90 of "
                      "the step time %3 to %4 times its own."),
                {std::to_string(g.logs), median, p10, p90}};
    case 0:
        return {
            CT_TR(
                "commtax::Accuracy",
                "The range holds the engine's own error on %1 published runs from %2 sources like this plan (%3, %4 to "
                "%5 GPUs): it missed them by %6% (median); their step times were %7 to %8 times its own (P10-P90, each "
                "source counted once)."),
            {runs, sources, kindOf(g), std::to_string(g.gpus_low), std::to_string(g.gpus_high), median, p10, p90}};
    case 1:
        return {CT_TR("commtax::Accuracy",
                      "The range holds the engine's own error on %1 published runs from %2 sources of this kind (%3) "
                      "at any scale; only %4 lie within 4x of its GPU count. It missed them by %5% (median); their "
                      "step times were %6 to %7 times its own (P10-P90, each source counted once)."),
                {runs, sources, kindOf(g), std::to_string(g.like), median, p10, p90}};
    case 2:
        return {CT_TR("commtax::Accuracy",
                      "Few published runs resemble this plan (%1). The range holds the engine's own error on %2 runs "
                      "from %3 sources of its kind on any GPU: it missed them by %4% (median); their step times were "
                      "%5 to %6 times its own (P10-P90, each source counted once)."),
                {kindOf(g), runs, sources, median, p10, p90}};
    default:
        return {CT_TR("commtax::Accuracy",
                      "This plan is outside what was validated: no published runs resemble it closely (%1). The range "
                      "holds the engine's own error on every published run (%2 from %3 sources): it missed them by %4% "
                      "(median); their step times were %5 to %6 times its own (P10-P90, each source counted once)."),
                {kindOf(g), runs, sources, median, p10, p90}};
    }
}

QJsonObject engineRegimeJson(const EngineRegime &g)
{
    return QJsonObject{{QStringLiteral("runs"), g.runs},
                       {QStringLiteral("sources"), g.sources},
                       {QStringLiteral("level"), g.level},
                       {QStringLiteral("runs_like_the_plan"), g.like},
                       {QStringLiteral("validated"), g.validated},
                       {QStringLiteral("calibration_logs"), g.logs},
                       {QStringLiteral("warning"), engineRegimeWarns(g)},
                       {QStringLiteral("gpu_family"), g.gpu_family},
                       {QStringLiteral("moe"), g.moe},
                       {QStringLiteral("fully_sharded"), g.sharded},
                       {QStringLiteral("gpus_low"), g.gpus_low},
                       {QStringLiteral("gpus_high"), g.gpus_high},
                       {QStringLiteral("median_error"), g.median_error},
                       {QStringLiteral("mape"), g.mape},
                       {QStringLiteral("step_time_factor"), QJsonObject{{QStringLiteral("p10"), g.quantiles[0]}, {QStringLiteral("p25"), g.quantiles[1]}, {QStringLiteral("p50"), g.quantiles[2]}, {QStringLiteral("p75"), g.quantiles[3]}, {QStringLiteral("p90"), g.quantiles[4]}}},
                       {QStringLiteral("text"), QString::fromStdString(toString(engineRegimeText(g)))}};
}

} // namespace commtax
