// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultio.h"

#include "terminaltext.h"

#include <QList>
#include <QLocale>
#include <QPair>

#include <cmath>

namespace commtax {

const std::vector<MetricInfo> &metrics()
{
    static const std::vector<MetricInfo> list(std::begin(kMetricTable), std::end(kMetricTable));
    return list;
}

const MetricInfo *findMetric(const QString &key)
{
    for (const MetricInfo &m : metrics())
        if (key == QLatin1String(m.key))
            return &m;
    return nullptr;
}

QJsonArray warningsToJson(const Result &r, const Plan &plan)
{
    QJsonArray out;
    for (const std::string &w : warningMessages(r, plan))
        out.append(QString::fromStdString(w));
    return out;
}

QJsonArray stageLayersToJson(const Plan &plan)
{
    // Computed here, on output, from the plan: the engine's hot path allocates nothing.
    const StageSplit split = stageSplit(plan);
    QJsonArray out;
    if (!split.valid)
        return out;
    for (int i = 0; i < split.stages; ++i)
        out.append(stageLayers(split, i));
    return out;
}

QJsonObject resultToJson(const Result &r, const Plan &plan, const QString &scenarioName)
{
    QJsonObject o;
    if (!scenarioName.isEmpty())
        o.insert(QStringLiteral("scenario"), scenarioName);
    o.insert(QStringLiteral("model"), QString::fromStdString(plan.model.id));
    o.insert(QStringLiteral("gpu"), QString::fromStdString(plan.gpu.id));
    o.insert(QStringLiteral("cluster"), QString::fromStdString(plan.cluster.id));
    for (const MetricInfo &m : metrics()) {
        const double v = m.get(r);
        o.insert(QLatin1String(m.key), std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null));
    }
    o.insert(QStringLiteral("fits_in_memory"), r.fits_in_memory);
    o.insert(QStringLiteral("stage_layers"), stageLayersToJson(plan));
    o.insert(QStringLiteral("warnings"), warningsToJson(r, plan));
    return o;
}

bool metricApplies(const MetricInfo &m, const Plan &plan)
{
    switch (m.id) {
    case MetricId::ComputeFp8Time: return plan.training.precision == Precision::Fp8;
    // Activation offload: only a plan that offloads waits on the host link or fills host memory.
    case MetricId::OffloadTime:
    case MetricId::MemoryOffloaded:
    case MetricId::MemoryHost: return plan.training.offload_layers > 0;
    // A goodput given in the plan is used as it is: the losses it would be computed from (goodput
    // "auto") and the checkpoint interval are not computed, not zero.
    case MetricId::GoodputCheckpoints:
    case MetricId::GoodputLostWork:
    case MetricId::GoodputRestarts:
    case MetricId::CheckpointInterval: return !plan.training.goodput.has_value();
    default: return true;
    }
}

QString formatNumber(double v, int decimals)
{
    if (!std::isfinite(v))
        return QStringLiteral("n/a");
    // For people: the default locale, which the app sets to its interface language (files use
    // QString::number or QJsonValue, always the C locale).
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() | QLocale::OmitGroupSeparator);
    return locale.toString(v, 'f', decimals);
}

QString metricText(MetricId id, const Result &r) { return formatMetric(metricInfo(id), metricValue(r, id)); }

namespace {
QString withSuffix(double v, int decimals)
{
    const double a = std::abs(v);
    if (a >= 1e12)
        return formatNumber(v / 1e12, 2) + QStringLiteral("T");
    if (a >= 1e9)
        return formatNumber(v / 1e9, 2) + QStringLiteral("B");
    if (a >= 1e6)
        return formatNumber(v / 1e6, 2) + QStringLiteral("M");
    if (a >= 1e4)
        return formatNumber(v / 1e3, 1) + QStringLiteral("k");
    return formatNumber(v, decimals);
}
} // namespace

QString formatMetric(const MetricInfo &m, double v)
{
    if (!std::isfinite(v))
        return QStringLiteral("n/a");
    if (m.isRatio())
        return formatNumber(v * 100.0, m.decimals) + QStringLiteral("%");
    const QString unit = QLatin1String(m.unit);
    if (unit == QLatin1String("FLOP")) // for people, in the default locale as formatNumber() ("3.656e+17")
        return QLocale().toString(v, 'e', 3) + QStringLiteral(" FLOP");
    if (unit == QLatin1String("USD"))
        return QStringLiteral("$") + withSuffix(v, m.decimals);
    if (unit.isEmpty() || unit.startsWith(QLatin1String("tokens"))
        || unit == QLatin1String("GPU-h"))
        return withSuffix(v, m.decimals) + (unit.isEmpty() ? QString() : QLatin1Char(' ') + unit);
    return formatNumber(v, m.decimals) + QLatin1Char(' ') + unit;
}

QString resultTable(const Result &r, const Plan &plan, const QString &scenarioName, const TableTranslator &translate,
                    const QStringList *warnings)
{
    const auto say = [&](const char *source) { return translate ? translate("commtax::Cli", source) : QString::fromUtf8(source); };
    const auto label = [&](const char *source) { return translate ? translate("commtax::Metrics", source) : QString::fromUtf8(source); };
    QString out;
    // Names come from files: shown with their control characters escaped (terminaltext.h).
    out += say(QT_TRANSLATE_NOOP("commtax::Cli", "Scenario: %1")).arg(scenarioName.isEmpty() ? say(QT_TRANSLATE_NOOP("commtax::Cli", "(unnamed)")) : terminalSafe(scenarioName))
        + QLatin1Char('\n');
    out += say(QT_TRANSLATE_NOOP("commtax::Cli", "Model %1 (%2 parameters) on %3 x %4 (%5 nodes x %6), tp=%7 pp=%8 dp=%9"))
               .arg(terminalSafe(QString::fromStdString(plan.model.name)), withSuffix(r.params, 0), QString::number(r.gpus),
                    terminalSafe(QString::fromStdString(plan.gpu.name)), QString::number(plan.cluster.nodes),
                    QString::number(plan.cluster.gpus_per_node), QString::number(plan.training.tp),
                    QString::number(plan.training.pp), QString::number(plan.training.dp));
    // The same line, with the dimensions dense plans lack.
    if (plan.training.cp > 1)
        out += QStringLiteral(" cp=%1").arg(plan.training.cp);
    if (plan.model.moe())
        out += say(QT_TRANSLATE_NOOP("commtax::Cli", " ep=%1 etp=%2 (%3 active parameters)"))
                   .arg(plan.training.ep)
                   .arg(plan.training.etp > 0 ? plan.training.etp : plan.training.tp)
                   .arg(withSuffix(r.params_active, 0));
    out += QStringLiteral("\n\n");
    QList<QPair<QString, QString>> rows;
    for (const MetricInfo &m : metrics())
        rows.append({label(m.label), formatMetric(m, m.get(r))});
    rows.append({say(QT_TRANSLATE_NOOP("commtax::Cli", "Fits in memory")),
                 r.fits_in_memory ? say(QT_TRANSLATE_NOOP("commtax::Cli", "yes")) : say(QT_TRANSLATE_NOOP("commtax::Cli", "no"))});
    int width = 0;
    for (const auto &row : rows)
        width = std::max(width, displayWidth(row.first));
    for (const auto &row : rows)
        out += QStringLiteral("  ") + padToDisplayWidth(row.first, -width) + QStringLiteral("  ") + row.second + QLatin1Char('\n');
    QStringList shownWarnings;
    if (warnings)
        shownWarnings = *warnings;
    else
        for (const std::string &w : warningMessages(r, plan))
            shownWarnings << QString::fromStdString(w);
    out += QLatin1Char('\n');
    if (shownWarnings.isEmpty())
        out += say(QT_TRANSLATE_NOOP("commtax::Cli", "No warnings.")) + QLatin1Char('\n');
    for (const QString &w : std::as_const(shownWarnings))
        out += say(QT_TRANSLATE_NOOP("commtax::Cli", "WARNING: %1")).arg(terminalSafe(w)) + QLatin1Char('\n');
    return out;
}

QString spreadsheetSafeText(const QString &cell)
{
    // Spreadsheet formula injection (a plan named "=HYPERLINK(...)"): a cell that starts with
    // = + - @ (or a tab or CR, which some spreadsheets skip before one) and is not a number is
    // written with a leading single quote, so it stays text. "-5" and "+1e3" stay numbers.
    QString s = cell;
    if (!s.isEmpty() && QStringLiteral("=+-@\t\r").contains(s.front())) {
        bool number = false;
        s.toDouble(&number);
        if (!number)
            s.prepend(QLatin1Char('\''));
    }
    return s;
}

QString csvField(const QString &cell)
{
    const QString s = spreadsheetSafeText(cell);
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n'))
        && !s.contains(QLatin1Char('\r')))
        return s;
    QString q = s;
    q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

QString csvRow(const QStringList &fields)
{
    QStringList quoted;
    quoted.reserve(fields.size());
    for (const QString &f : fields)
        quoted << csvField(f);
    return quoted.join(QLatin1Char(',')) + QStringLiteral("\r\n");
}

namespace {
constexpr MetricId kSweepColumns[] = {MetricId::StepTime, MetricId::ComputeTime, MetricId::BubbleTime,
                                      MetricId::TpCommExposed, MetricId::PpCommExposed, MetricId::DpCommExposed,
                                      MetricId::CommTaxRaw, MetricId::CommTaxExposed, MetricId::BubbleOverhead,
                                      MetricId::BubbleShare, MetricId::Mfu, MetricId::TokensPerS,
                                      MetricId::MemoryTotal, MetricId::DaysToTrain, MetricId::CostPerBillionTokens};
QString csvNumber(double v)
{
    return std::isfinite(v) ? QString::number(v, 'g', 10) : QString();
}
} // namespace

QJsonArray sweepToJson(const std::vector<SweepPoint> &points, const QString &xName)
{
    QJsonArray out;
    for (const SweepPoint &p : points) {
        QJsonObject o;
        o.insert(xName, p.x);
        o.insert(QStringLiteral("valid"), p.valid);
        if (p.valid) {
            for (const MetricId c : kSweepColumns)
                o.insert(QLatin1String(metricKey(c)), metricValue(p.result, c));
            o.insert(QStringLiteral("fits_in_memory"), p.result.fits_in_memory);
        } else {
            o.insert(QStringLiteral("error"), QString::fromStdString(p.error));
        }
        out.append(o);
    }
    return out;
}

QString sweepToCsv(const std::vector<SweepPoint> &points, const QString &xName)
{
    QStringList header{xName, QStringLiteral("valid")};
    for (const MetricId c : kSweepColumns)
        header << QLatin1String(metricKey(c));
    header << QStringLiteral("fits_in_memory") << QStringLiteral("error");
    QString out = csvRow(header);
    for (const SweepPoint &p : points) {
        QStringList row{csvNumber(p.x), p.valid ? QStringLiteral("true") : QStringLiteral("false")};
        for (const MetricId c : kSweepColumns)
            row << (p.valid ? csvNumber(metricValue(p.result, c)) : QString());
        row << (p.valid ? (p.result.fits_in_memory ? QStringLiteral("true") : QStringLiteral("false")) : QString());
        row << QString::fromStdString(p.error);
        out += csvRow(row);
    }
    return out;
}

} // namespace commtax
