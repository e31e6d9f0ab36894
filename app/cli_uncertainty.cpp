// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_uncertainty.h"

#include "core/engineaccuracy.h"

#include "cli.h"
#include "cli_progress.h"
#include "text/modeltext.h"

#include "core/resultio.h"
#include "core/uncertaintyio.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <atomic>

namespace commtax::cli {

namespace {
// Seeds go to JSON as numbers: at most 2^53 - 1, so they come back exact.
constexpr quint64 kMaxSeed = (quint64(1) << 53) - 1;
constexpr int kMaxSamples = 1000000;

using namespace uncertainty;

// The tornado's metrics, in the order of the output.
constexpr Metric kTornadoMetrics[] = {Metric::CostPerBillionTokens, Metric::DaysToTrain};

QString metricText(Metric m, double v) { return formatMetric(metricInfo(m), v); }

QString inputText(double v)
{
    return QString::number(v, 'g', 4);
}
} // namespace

void declareUncertaintyOptions(CommandLine &cl)
{
    cl.flag(QStringLiteral("uncertainty"), QCoreApplication::translate("commtax::Cli", "Add P10/P50/P90 of the key figures and the one-at-a-time tornado."));
    cl.option(QStringLiteral("samples"), QStringLiteral("N"), QCoreApplication::translate("commtax::Cli", "Latin hypercube samples (with --uncertainty)."));
    cl.option(QStringLiteral("seed"), QStringLiteral("S"), QCoreApplication::translate("commtax::Cli", "Random seed (with --uncertainty); the same seed gives the same numbers."));
}

bool readSamplesAndSeed(const CommandLine &cl, int minSamples, int &samples, std::uint64_t &seed, QString *error)
{
    QString samplesText, seedText;
    if (cl.value(QStringLiteral("samples"), samplesText)) {
        bool ok = false;
        const int n = samplesText.toInt(&ok);
        if (!ok || n < minSamples || n > kMaxSamples) {
            *error = QCoreApplication::translate("commtax::Cli", "--samples must be a whole number from %1 to %2 (got \"%3\")").arg(minSamples).arg(kMaxSamples).arg(samplesText);
            return false;
        }
        samples = n;
    }
    if (cl.value(QStringLiteral("seed"), seedText)) {
        bool ok = false;
        const quint64 s = seedText.toULongLong(&ok);
        if (!ok || s > kMaxSeed) {
            *error = QCoreApplication::translate("commtax::Cli", "--seed must be a whole number from 0 to %1 (got \"%2\")").arg(kMaxSeed).arg(seedText);
            return false;
        }
        seed = s;
    }
    return true;
}

bool readUncertaintyOptions(const CommandLine &cl, UncertaintyRequest &request, QString *error)
{
    request.on = cl.isSet(QStringLiteral("uncertainty"));
    if ((cl.isSet(QStringLiteral("samples")) || cl.isSet(QStringLiteral("seed"))) && !request.on) {
        *error = QCoreApplication::translate("commtax::Cli", "--samples and --seed go with --uncertainty");
        return false;
    }
    return readSamplesAndSeed(cl, 1, request.samples, request.seed, error);
}

namespace {

// monteCarlo() with its progress on a terminal; Ctrl+C stops it (kExitInterrupted, printed).
int sampleShowingProgress(const PlanInputs &in, const UncertaintyRequest &request, Summary &sum)
{
    Options opt;
    opt.samples = request.samples;
    opt.seed = request.seed;
    opt.threads = 0; // every core; the numbers do not depend on it
    std::atomic<std::int64_t> progress{0};
    opt.progress = &progress;
    opt.cancel = &interruptFlag();
    const InterruptScope ctrlC;
    const auto line = [&](double seconds) {
        const std::int64_t n = std::min<std::int64_t>(progress.load(), opt.samples);
        const QString shownLine = QCoreApplication::translate(
            "commtax::Cli", "evaluate: sampling %1% (%2 of %3 samples, %4 s; Ctrl+C stops)");
        const QString of = QString::number(opt.samples);
        return shownLine.arg(percentDone(n, opt.samples), QString::number(n), of, QString::number(int(seconds)));
    };
    runShowingProgress([&] { sum = monteCarlo(in, opt); }, line);
    if (interrupted() || sum.cancelled) {
        const QString why = QCoreApplication::translate(
            "commtax::Cli", "evaluate: interrupted while sampling (%1 of %2 samples)");
        const std::int64_t done = std::min<std::int64_t>(progress.load(), opt.samples);
        return fail(kExitInterrupted, why.arg(done).arg(opt.samples));
    }
    return kExitOk;
}

// The "uncertainty" and "sensitivity" members of evaluate --json.
void insertUncertaintyJson(QJsonObject &json, const PlanInputs &in, const Summary &sum, const EngineRegime &regime,
                           const std::vector<TornadoBar> &bars)
{
    QJsonObject u;
    u.insert(QStringLiteral("samples"), sum.samples);
    u.insert(QStringLiteral("seed"), double(sum.seed));
    u.insert(QStringLiteral("invalid_samples"), sum.invalid);
    for (std::size_t m = 0; m < kMetricCount; ++m)
        u.insert(QLatin1String(metricKey(kMetrics[m])), QJsonObject{{QStringLiteral("p10"), sum.metric[m].p10}, {QStringLiteral("p50"), sum.metric[m].p50}, {QStringLiteral("p90"), sum.metric[m].p90}});
    QJsonArray inputs;
    for (const InputRange &r : in.inputs)
        inputs.append(QJsonObject{{QStringLiteral("input"), QLatin1String(r.info->path)},
                                  {QStringLiteral("value"), r.value},
                                  {QStringLiteral("low"), r.low},
                                  {QStringLiteral("high"), r.high},
                                  {QStringLiteral("kind"), QLatin1String(toString(r.kind))},
                                  {QStringLiteral("given"), r.given},
                                  {QStringLiteral("sampled"), r.uncertain() && r.sampled}});
    u.insert(QStringLiteral("inputs"), inputs);
    u.insert(QStringLiteral("engine_accuracy"), engineRegimeJson(regime));
    json.insert(QStringLiteral("uncertainty"), u);
    QJsonArray sens;
    for (const TornadoBar &b : bars)
        sens.append(QJsonObject{{QStringLiteral("input"), QString::fromStdString(b.input)},
                                {QStringLiteral("metric"), QLatin1String(metricKey(b.metric))},
                                {QStringLiteral("input_low"), b.input_low},
                                {QStringLiteral("input_high"), b.input_high},
                                {QStringLiteral("low"), b.low},
                                {QStringLiteral("high"), b.high},
                                {QStringLiteral("swing"), b.swing}});
    json.insert(QStringLiteral("sensitivity"), sens);
}

// The ranges and tornados of evaluate's text output.
QString uncertaintyText(const PlanInputs &in, const Summary &sum, const EngineRegime &regime,
                        const std::vector<TornadoBar> &bars)
{
    int uncertain = 0;
    for (const InputRange &r : in.inputs)
        uncertain += r.uncertain() && r.sampled ? 1 : 0;
    QString t;
    t += QLatin1Char('\n')
        + QCoreApplication::translate("commtax::Cli", "Uncertainty: %1 samples (Latin hypercube, seed %2) over %3 uncertain inputs")
              .arg(sum.samples)
              .arg(sum.seed)
              .arg(uncertain)
        + QLatin1Char('\n');
    if (sum.invalid > 0)
        t += QCoreApplication::translate("commtax::Cli", "  %1 samples were refused by the engine and left out").arg(sum.invalid) + QLatin1Char('\n');
    t += (engineRegimeWarns(regime) ? QCoreApplication::translate("commtax::Cli", "  Warning: ") : QStringLiteral("  "))
        + QString::fromStdString(toString(engineRegimeText(regime))) + QLatin1Char('\n');
    const QList<TextColumn> cols = {{QCoreApplication::translate("commtax::Cli", "metric"), -28},
                                    {QStringLiteral("P10"), 14},
                                    {QStringLiteral("P50"), 14},
                                    {QStringLiteral("P90"), 14},
                                    {QCoreApplication::translate("commtax::Cli", "point"), 14}};
    t += QStringLiteral("  ") + tableLine(cols) + QLatin1Char('\n');
    for (std::size_t m = 0; m < kMetricCount; ++m) {
        const Metric k = kMetrics[m];
        t += QStringLiteral("  ")
            + tableLine(cols, {QLatin1String(metricKey(k)), metricText(k, sum.metric[m].p10), metricText(k, sum.metric[m].p50), metricText(k, sum.metric[m].p90), metricText(k, metricValue(sum.point, k))})
            + QLatin1Char('\n');
    }
    const QList<TextColumn> tcols = {{QCoreApplication::translate("commtax::Cli", "input"), -36},
                                     {QCoreApplication::translate("commtax::Cli", "input range"), -22},
                                     {QCoreApplication::translate("commtax::Cli", "at low"), 14},
                                     {QCoreApplication::translate("commtax::Cli", "at high"), 14},
                                     {QCoreApplication::translate("commtax::Cli", "swing"), 14}};
    for (Metric m : kTornadoMetrics) {
        t += QLatin1Char('\n')
            + QCoreApplication::translate("commtax::Cli", "Sensitivity of %1 (one input at a time from its low to its high end, largest swing first):")
                  .arg(QLatin1String(metricKey(m)))
            + QLatin1Char('\n');
        t += QStringLiteral("  ") + tableLine(tcols) + QLatin1Char('\n');
        bool any = false;
        for (const TornadoBar &b : bars) {
            if (b.metric != m)
                continue;
            any = true;
            t += QStringLiteral("  ")
                + tableLine(tcols, {QString::fromStdString(b.input), inputText(b.input_low) + QStringLiteral(" .. ") + inputText(b.input_high), metricText(m, b.low), metricText(m, b.high), metricText(m, b.swing)})
                + QLatin1Char('\n');
        }
        if (!any)
            t += QStringLiteral("  ") + QCoreApplication::translate("commtax::Cli", "(no uncertain input moves it)") + QLatin1Char('\n');
    }
    return t;
}

} // namespace

int runUncertainty(const QString &fileName, const Scenario &s, const UncertaintyRequest &request, QJsonObject *json,
                   QString *text)
{
    PlanInputs in;
    LoadError readError;
    if (!scenarioPlanInputs(fileName, s, presetCatalog(), in, &readError))
        return fail(kExitBadInput, loadErrorText(readError));
    Summary sum;
    if (const int failed = sampleShowingProgress(in, request, sum))
        return failed;
    const EngineRegime regime = planEngineRegime(s, presetCatalog());
    std::vector<TornadoBar> bars;
    for (Metric m : kTornadoMetrics) {
        const std::vector<TornadoBar> t = tornado(in, m);
        bars.insert(bars.end(), t.begin(), t.end());
    }

    if (json)
        insertUncertaintyJson(*json, in, sum, regime, bars);
    if (text)
        *text = uncertaintyText(in, sum, regime, bars);
    return kExitOk;
}

} // namespace commtax::cli
