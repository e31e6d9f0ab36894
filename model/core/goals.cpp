// SPDX-License-Identifier: GPL-3.0-or-later
#include "goals.h"

#include "fields.h"
#include "jsonlocator.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace commtax {

double Goals::rentPriceFor(const QString &gpu, double listedPrice) const
{
    if (listedPrice > 0)
        return listedPrice;
    if (const auto it = rentByGpu.constFind(gpu); it != rentByGpu.constEnd())
        return *it;
    return rentUsdPerGpuHour;
}

const QStringList &goalFrameworks()
{
    static const QStringList names
        = {QStringLiteral("any"), QStringLiteral("megatron"), QStringLiteral("megatron-bridge"),
           QStringLiteral("nemo"), QStringLiteral("deepspeed"), QStringLiteral("torchtitan")};
    return names;
}

const QStringList &goalObjectives()
{
    static const QStringList names
        = {QStringLiteral("cost"), QStringLiteral("tco"), QStringLiteral("time"), QStringLiteral("capex")};
    return names;
}

namespace {

using Fail = std::function<void(const QString &, const EngineText &)>;

QString bound(double x) { return QString::number(x, 'g', 12); }

struct GoalsReader {
    const PresetCatalog &catalog;
    const Fail &fail;

    // A number in [min, max] (a limit: 0 means none, so `min` may be 0); whole when asked.
    bool number(const QJsonValue &v, const QString &path, double min, double max, bool whole, const char *unit,
                double &out)
    {
        if (!v.isDouble()) {
            fail(path,
                 fileText(whole ? CT_TR("commtax::Files", "expected a whole number, not %1")
                                : CT_TR("commtax::Files", "expected a number, not %1"),
                          {jsonTypeName(v)}));
            return false;
        }
        const double x = v.toDouble();
        if (whole && std::floor(x) != x) {
            fail(path, fileText(CT_TR("commtax::Files", "expected a whole number (got %1)"), {bound(x)}));
            return false;
        }
        if (!(x >= min && x <= max)) {
            const QString u = *unit ? QLatin1Char(' ') + QLatin1String(unit) : QString();
            fail(path,
                 fileText(whole ? CT_TR("commtax::Files", "expected a whole number from %1 to %2%3 (got %4)")
                                : CT_TR("commtax::Files", "expected a number from %1 to %2%3 (got %4)"),
                          {bound(min), bound(max), u, bound(x)}));
            return false;
        }
        out = x;
        return true;
    }

    bool gpuId(const QJsonValue &v, const QString &path, QString &out)
    {
        if (!v.isString()) {
            fail(path, fileText(CT_TR("commtax::Files", "expected a preset id (a string), not %1"), {jsonTypeName(v)}));
            return false;
        }
        if (!catalog.find(Section::Gpu, v.toString())) {
            QStringList ids;
            for (const Preset &q : catalog.presets(Section::Gpu))
                ids << q.id;
            fail(path,
                 fileText(CT_TR("commtax::Files", "unknown %1 preset \"%2\"; known: %3"),
                          {QStringLiteral("gpu"), v.toString(), ids.join(QStringLiteral(", "))}));
            return false;
        }
        out = v.toString();
        return true;
    }

    bool choice(const QJsonValue &v, const QString &path, const QStringList &choices, QString &out)
    {
        if (!v.isString() || !choices.contains(v.toString())) {
            fail(path, fileText(CT_TR("commtax::Files", "expected one of %1"), {choices.join(QStringLiteral(", "))}));
            return false;
        }
        out = v.toString();
        return true;
    }

    // A non-empty list of distinct entries, each read by `item`.
    template <typename F>
    void list(const QJsonValue &v, const QString &path, qsizetype maxItems, F &&item)
    {
        if (!v.isArray() || v.toArray().isEmpty() || v.toArray().size() > maxItems) {
            fail(path,
                 fileText(CT_TR("commtax::Files", "expected a list of 1 to %1 entries, not %2"),
                          {QString::number(maxItems),
                           v.isArray() ? QString::number(v.toArray().size()) : jsonTypeName(v)}));
            return;
        }
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (std::find(a.begin(), a.begin() + i, a[i]) != a.begin() + i) {
                fail(jsonPathIndex(path, i), fileText(CT_TR("commtax::Files", "listed twice")));
                continue;
            }
            item(a[i], jsonPathIndex(path, i));
        }
    }

    void unknownKeys(const QJsonObject &o, const QString &path, const QStringList &known)
    {
        for (auto it = o.constBegin(); it != o.constEnd(); ++it)
            if (!known.contains(it.key()))
                fail(jsonPathJoin(path, it.key()),
                     fileText(CT_TR("commtax::Files", "unknown field; %1 fields are: %2"),
                              {path, known.join(QStringLiteral(", "))}));
    }

    void budget(const QJsonValue &v, Goals &g)
    {
        const QString path = QStringLiteral("goals.budget");
        if (!v.isObject()) {
            fail(path, fileText(CT_TR("commtax::Files", "expected an object, not %1"), {jsonTypeName(v)}));
            return;
        }
        const QJsonObject o = v.toObject();
        unknownKeys(o, path, {QStringLiteral("capex_usd"), QStringLiteral("tco_usd")});
        if (!o.contains(QStringLiteral("capex_usd")) && !o.contains(QStringLiteral("tco_usd")))
            fail(path, fileText(CT_TR("commtax::Files", "a budget needs capex_usd, tco_usd or both")));
        if (o.contains(QStringLiteral("capex_usd")))
            number(o.value(QStringLiteral("capex_usd")), jsonPathJoin(path, QStringLiteral("capex_usd")), 0,
                   kMaxGoalUsd, false, "USD", g.capexUsd);
        if (o.contains(QStringLiteral("tco_usd")))
            number(o.value(QStringLiteral("tco_usd")), jsonPathJoin(path, QStringLiteral("tco_usd")), 0, kMaxGoalUsd,
                   false, "USD", g.tcoUsd);
    }

    void rentPrices(const QJsonValue &v, Goals &g)
    {
        const QString path = QStringLiteral("goals.rent_usd_per_gpu_hour");
        const FieldInfo *price = findField(Section::Economics, QStringLiteral("usd_per_gpu_hour"));
        if (v.isObject()) {
            const QJsonObject o = v.toObject();
            for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
                QString id;
                double x = 0;
                if (gpuId(QJsonValue(it.key()), jsonPathJoin(path, it.key()), id)
                    && number(it.value(), jsonPathJoin(path, it.key()), 0, price->max, false, "USD/GPU-h", x))
                    g.rentByGpu.insert(id, x);
            }
            return;
        }
        number(v, path, 0, price->max, false, "USD/GPU-h", g.rentUsdPerGpuHour);
    }

    void listedOption(const QJsonValue &v, const QString &path, Goals &g)
    {
        if (!v.isObject()) {
            fail(path, fileText(CT_TR("commtax::Files", "expected an object, not %1"), {jsonTypeName(v)}));
            return;
        }
        const QJsonObject o = v.toObject();
        unknownKeys(o, path,
                    {QStringLiteral("gpu"), QStringLiteral("gpus"), QStringLiteral("mode"),
                     QStringLiteral("precision"), QStringLiteral("rent_usd_per_gpu_hour")});
        GoalOption opt;
        bool ok = true;
        for (const char *key : {"gpu", "gpus"})
            if (!o.contains(QLatin1String(key))) {
                fail(path, fileText(CT_TR("commtax::Files", "an option needs \"%1\""), {QLatin1String(key)}));
                ok = false;
            }
        if (!ok)
            return;
        double gpus = 0;
        ok = gpuId(o.value(QStringLiteral("gpu")), jsonPathJoin(path, QStringLiteral("gpu")), opt.gpu);
        ok = number(o.value(QStringLiteral("gpus")), jsonPathJoin(path, QStringLiteral("gpus")), 1, kMaxGoalGpuCount,
                    true, "", gpus)
            && ok;
        opt.gpus = int(gpus);
        QString mode = QStringLiteral("buy"), precision = QStringLiteral("bf16");
        if (o.contains(QStringLiteral("mode")))
            ok = choice(o.value(QStringLiteral("mode")), jsonPathJoin(path, QStringLiteral("mode")),
                        {QStringLiteral("buy"), QStringLiteral("rent")}, mode)
                && ok;
        if (o.contains(QStringLiteral("precision")))
            ok = choice(o.value(QStringLiteral("precision")), jsonPathJoin(path, QStringLiteral("precision")),
                        {QStringLiteral("bf16"), QStringLiteral("fp8")}, precision)
                && ok;
        if (o.contains(QStringLiteral("rent_usd_per_gpu_hour")))
            ok = number(o.value(QStringLiteral("rent_usd_per_gpu_hour")),
                        jsonPathJoin(path, QStringLiteral("rent_usd_per_gpu_hour")), 0,
                        findField(Section::Economics, QStringLiteral("usd_per_gpu_hour"))->max, false, "USD/GPU-h",
                        opt.rentUsdPerGpuHour)
                && ok;
        opt.rent = mode == QLatin1String("rent");
        opt.fp8 = precision == QLatin1String("fp8");
        if (ok)
            g.listed.append(opt);
    }

    // A key's path in the file: "goals.deadline_days".
    static QString at(const QString &key) { return jsonPathJoin(QStringLiteral("goals"), key); }

    // The GPUs, modes and precisions to choose among.
    void readChoices(const QJsonObject &o, Goals &g)
    {
        if (o.contains(QStringLiteral("gpus")))
            list(o.value(QStringLiteral("gpus")), at(QStringLiteral("gpus")), 1000,
                 [&](const QJsonValue &v, const QString &p) {
                     QString id;
                     if (gpuId(v, p, id))
                         g.gpus << id;
                 });
        if (o.contains(QStringLiteral("modes"))) {
            g.buy = g.rent = false;
            list(o.value(QStringLiteral("modes")), at(QStringLiteral("modes")), 2,
                 [&](const QJsonValue &v, const QString &p) {
                     QString m;
                     if (choice(v, p, {QStringLiteral("buy"), QStringLiteral("rent")}, m))
                         (m == QLatin1String("buy") ? g.buy : g.rent) = true;
                 });
        }
        if (o.contains(QStringLiteral("precisions"))) {
            g.bf16 = g.fp8 = false;
            list(o.value(QStringLiteral("precisions")), at(QStringLiteral("precisions")), 2,
                 [&](const QJsonValue &v, const QString &p) {
                     QString m;
                     if (choice(v, p, {QStringLiteral("bf16"), QStringLiteral("fp8")}, m))
                         (m == QLatin1String("bf16") ? g.bf16 : g.fp8) = true;
                 });
        }
    }

    // The node range and the GPU counts to try.
    void readNodes(const QJsonObject &o, Goals &g)
    {
        double nodes = 0;
        if (o.contains(QStringLiteral("nodes_min"))
            && number(o.value(QStringLiteral("nodes_min")), at(QStringLiteral("nodes_min")), 1, kMaxGoalNodes, true,
                      "", nodes))
            g.nodesMin = int(nodes);
        if (o.contains(QStringLiteral("nodes_max"))
            && number(o.value(QStringLiteral("nodes_max")), at(QStringLiteral("nodes_max")), 1, kMaxGoalNodes, true,
                      "", nodes))
            g.nodesMax = int(nodes);
        if (g.nodesMin > g.nodesMax)
            fail(at(QStringLiteral("nodes_max")),
                 fileText(CT_TR("commtax::Files", "%1 is below nodes_min %2"),
                          {QString::number(g.nodesMax), QString::number(g.nodesMin)}));
        if (o.contains(QStringLiteral("gpu_counts")))
            list(o.value(QStringLiteral("gpu_counts")), at(QStringLiteral("gpu_counts")), kMaxGoalGpuCounts,
                 [&](const QJsonValue &v, const QString &p) {
                     double n = 0;
                     if (number(v, p, 1, kMaxGoalGpuCount, true, "", n))
                         g.gpuCounts << int(n);
                 });
    }

    void read(const QJsonObject &o, Goals &g)
    {
        static const QStringList keys = {QStringLiteral("deadline_days"),
                                         QStringLiteral("budget"),
                                         QStringLiteral("power_mw"),
                                         QStringLiteral("pue"),
                                         QStringLiteral("gpus"),
                                         QStringLiteral("modes"),
                                         QStringLiteral("rent_usd_per_gpu_hour"),
                                         QStringLiteral("precisions"),
                                         QStringLiteral("framework"),
                                         QStringLiteral("nodes_min"),
                                         QStringLiteral("nodes_max"),
                                         QStringLiteral("gpu_counts"),
                                         QStringLiteral("objective"),
                                         QStringLiteral("listed")};
        unknownKeys(o, QStringLiteral("goals"), keys);
        if (o.contains(QStringLiteral("deadline_days")))
            number(o.value(QStringLiteral("deadline_days")), at(QStringLiteral("deadline_days")), 0, kMaxGoalDays,
                   false, "days", g.deadlineDays);
        if (o.contains(QStringLiteral("budget")))
            budget(o.value(QStringLiteral("budget")), g);
        if (o.contains(QStringLiteral("power_mw")))
            number(o.value(QStringLiteral("power_mw")), at(QStringLiteral("power_mw")), 0, kMaxGoalPowerMw, false,
                   "MW", g.powerMw);
        if (o.contains(QStringLiteral("pue"))) {
            const FieldInfo *pue = findField(Section::Economics, QStringLiteral("pue"));
            number(o.value(QStringLiteral("pue")), at(QStringLiteral("pue")), pue->min, pue->max, false, "", g.pue);
        }
        readChoices(o, g);
        if (o.contains(QStringLiteral("rent_usd_per_gpu_hour")))
            rentPrices(o.value(QStringLiteral("rent_usd_per_gpu_hour")), g);
        if (o.contains(QStringLiteral("framework")))
            choice(o.value(QStringLiteral("framework")), at(QStringLiteral("framework")), goalFrameworks(),
                   g.framework);
        if (o.contains(QStringLiteral("objective")))
            choice(o.value(QStringLiteral("objective")), at(QStringLiteral("objective")), goalObjectives(),
                   g.objective);
        readNodes(o, g);
        if (o.contains(QStringLiteral("listed")))
            list(o.value(QStringLiteral("listed")), at(QStringLiteral("listed")), kMaxGoalListed,
                 [&](const QJsonValue &v, const QString &p) { listedOption(v, p, g); });
    }
};

} // namespace

bool parseGoals(const QJsonValue &v, const PresetCatalog &catalog, Goals &out, const Fail &fail)
{
    bool ok = true;
    const Fail counting = [&](const QString &path, const EngineText &why) {
        ok = false;
        fail(path, why);
    };
    if (!v.isObject()) {
        counting(QStringLiteral("goals"),
                 fileText(CT_TR("commtax::Files", "expected an object, not %1"), {jsonTypeName(v)}));
        return false;
    }
    Goals g;
    GoalsReader{catalog, counting}.read(v.toObject(), g);
    if (ok)
        out = g;
    return ok;
}

QJsonObject goalsToJson(const Goals &g)
{
    QJsonObject o;
    if (g.deadlineDays > 0)
        o.insert(QStringLiteral("deadline_days"), g.deadlineDays);
    if (g.capexUsd > 0 || g.tcoUsd > 0) {
        QJsonObject b;
        if (g.capexUsd > 0)
            b.insert(QStringLiteral("capex_usd"), g.capexUsd);
        if (g.tcoUsd > 0)
            b.insert(QStringLiteral("tco_usd"), g.tcoUsd);
        o.insert(QStringLiteral("budget"), b);
    }
    if (g.powerMw > 0)
        o.insert(QStringLiteral("power_mw"), g.powerMw);
    if (g.pue > 0)
        o.insert(QStringLiteral("pue"), g.pue);
    if (!g.gpus.isEmpty())
        o.insert(QStringLiteral("gpus"), QJsonArray::fromStringList(g.gpus));
    QJsonArray modes, precisions;
    if (g.buy)
        modes.append(QStringLiteral("buy"));
    if (g.rent)
        modes.append(QStringLiteral("rent"));
    if (g.bf16)
        precisions.append(QStringLiteral("bf16"));
    if (g.fp8)
        precisions.append(QStringLiteral("fp8"));
    o.insert(QStringLiteral("modes"), modes);
    o.insert(QStringLiteral("precisions"), precisions);
    if (!g.rentByGpu.isEmpty()) {
        QJsonObject r;
        for (auto it = g.rentByGpu.constBegin(); it != g.rentByGpu.constEnd(); ++it)
            r.insert(it.key(), *it);
        o.insert(QStringLiteral("rent_usd_per_gpu_hour"), r);
    } else if (g.rentUsdPerGpuHour > 0) {
        o.insert(QStringLiteral("rent_usd_per_gpu_hour"), g.rentUsdPerGpuHour);
    }
    o.insert(QStringLiteral("framework"), g.framework);
    o.insert(QStringLiteral("objective"), g.objective);
    if (g.gpuCounts.isEmpty()) {
        o.insert(QStringLiteral("nodes_min"), g.nodesMin);
        o.insert(QStringLiteral("nodes_max"), g.nodesMax);
    } else {
        QJsonArray counts;
        for (int n : g.gpuCounts)
            counts.append(n);
        o.insert(QStringLiteral("gpu_counts"), counts);
    }
    if (!g.listed.isEmpty()) {
        QJsonArray listed;
        for (const GoalOption &l : g.listed) {
            QJsonObject e{{QStringLiteral("gpu"), l.gpu},
                          {QStringLiteral("gpus"), l.gpus},
                          {QStringLiteral("mode"), l.rent ? QStringLiteral("rent") : QStringLiteral("buy")},
                          {QStringLiteral("precision"), l.fp8 ? QStringLiteral("fp8") : QStringLiteral("bf16")}};
            if (l.rentUsdPerGpuHour > 0)
                e.insert(QStringLiteral("rent_usd_per_gpu_hour"), l.rentUsdPerGpuHour);
            listed.append(e);
        }
        o.insert(QStringLiteral("listed"), listed);
    }
    return o;
}

} // namespace commtax
