// SPDX-License-Identifier: GPL-3.0-or-later
// commtax calibrate --training LOG... [--gpu ID] [--framework NAME] [--set [N:]PATH=VALUE]...
// [--save-preset ID] [--json]: read training logs, compare each with the engine's prediction of the
// plan it states, fit the cluster's compute efficiency across them (leave one log out) and save it
// as a measured GPU preset.
#include "cli.h"
#include "core/resultio.h"
#include "core/sentencetext.h"
#include "core/terminaltext.h"
#include "engine/engine.h"
#include "library/presetlibrary.h"
#include "text/modeltext.h"
#include "traininglog/trainingcalibration.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace commtax::cli {

namespace {

QString qs(const std::string &s) { return QString::fromStdString(s); }

struct LogCase {
    QString file;
    QString sha256;
    traininglog::TrainingLog log;
    traininglog::SteadyState steady;
    TrainingPlanRead read;
    QString gpuGuess;
    QStringList gpuCandidates;
    Scenario scenario;
};

QString seconds(double s) { return formatNumber(s, s < 1 ? 4 : 3) + QStringLiteral(" s"); }

QString signedPct(double v)
{
    return (v >= 0 ? QStringLiteral("+") : QString()) + formatNumber(100 * v, 1) + QLatin1Char('%');
}

QString planSummary(const Plan &p)
{
    const TrainingSpec &t = p.training;
    return QCoreApplication::translate("commtax::Cli",
                                       "%1 layers x %2, %3 heads (%4 kv), ffn %5, vocab %6%7; seq %8, "
                                       "micro %9, global %10; tp %11, pp %12, cp %13, dp %14 on %15 GPUs; "
                                       "%16, recompute %17")
        .arg(p.model.layers)
        .arg(p.model.hidden)
        .arg(p.model.heads)
        .arg(p.model.kv_heads)
        .arg(p.model.ffn)
        .arg(p.model.vocab)
        .arg(p.model.moe() ? QCoreApplication::translate("commtax::Cli", ", %1 experts top-%2")
                                 .arg(p.model.experts)
                                 .arg(p.model.experts_per_token)
                           : QString())
        .arg(t.seq_len)
        .arg(t.micro_batch)
        .arg(t.global_batch)
        .arg(t.tp)
        .arg(t.pp)
        .arg(t.cp)
        .arg(t.dp)
        .arg(p.cluster.nodes * p.cluster.gpus_per_node)
        .arg(QLatin1String(toString(t.precision)), QLatin1String(toString(t.recompute)));
}

QJsonValue orNull(const std::optional<double> &v) { return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null); }

// What the command line asks: the logs, how to read them, which GPU and whether to save the fit.
struct TrainingOptions {
    QStringList files;
    traininglog::Framework hint = traininglog::Framework::Unknown;
    bool json = false;
    bool gpuGiven = false;
    QString gpuId;
    bool save = false;
    QString presetId;
    QList<QMap<QString, QString>> overrides; // --set values, one map per log
};

// The logs read, the GPU they are fitted on, and the fit.
struct TrainingFit {
    std::vector<LogCase> cases;
    Preset gpu;
    std::vector<double> measured;
    FactorFit fit;
    QString savedAs;
};

void declareTrainingOptions(CommandLine &cl)
{
    cl.flag(QStringLiteral("training"), QCoreApplication::translate("commtax::Cli", "The files are training logs."));
    cl.option(QStringLiteral("gpu"), QCoreApplication::translate("commtax::Cli", "ID"),
              QCoreApplication::translate(
                  "commtax::Cli",
                  "The GPU preset the logs ran on (default: the one whose names the logs' device lines match)."));
    cl.option(QStringLiteral("framework"), QCoreApplication::translate("commtax::Cli", "NAME"),
              QCoreApplication::translate(
                  "commtax::Cli",
                  "megatron, torchtitan, nemo, megatron-bridge, hf-trainer or deepspeed (default: recognised from each "
                  "log)."));
    cl.repeatableOption(
        QStringLiteral("set"), QCoreApplication::translate("commtax::Cli", "[N:]PATH=VALUE"),
        QCoreApplication::translate("commtax::Cli",
                                    "A value the log does not print (model.vocab=50304, training.tp=2, "
                                    "gpus=8); N: only for the Nth log. Repeatable."));
    cl.option(QStringLiteral("save-preset"), QCoreApplication::translate("commtax::Cli", "ID"),
              QCoreApplication::translate("commtax::Cli",
                                          "Save the fitted GPU preset under this id in the preset library."));
    cl.flag(QStringLiteral("json"), QCoreApplication::translate("commtax::Cli", "Print JSON."));
}

// --set PATH=VALUE for every log, --set N:PATH=VALUE for the Nth. The exit code on a bad one.
std::optional<int> readOverrides(const QStringList &sets, TrainingOptions &opt)
{
    const QStringList &files = opt.files;
    opt.overrides = QList<QMap<QString, QString>>(files.size());
    for (const QString &s : sets) {
        QString spec = s;
        int only = 0;
        const int colon = spec.indexOf(QLatin1Char(':'));
        const int eq = spec.indexOf(QLatin1Char('='));
        if (colon > 0 && (eq < 0 || colon < eq)) {
            bool ok = false;
            only = spec.left(colon).toInt(&ok);
            if (!ok || only < 1 || only > files.size())
                return fail(kExitUsage,
                            QCoreApplication::translate("commtax::Cli",
                                                        "calibrate: --set %1: N must be a log's number, 1 to %2")
                                .arg(s)
                                .arg(files.size()));
            spec = spec.mid(colon + 1);
        }
        const int at = spec.indexOf(QLatin1Char('='));
        if (at <= 0)
            return fail(
                kExitUsage,
                QCoreApplication::translate("commtax::Cli", "calibrate: --set needs PATH=VALUE, not \"%1\"").arg(s));
        for (int i = 0; i < files.size(); ++i)
            if (only == 0 || only == i + 1)
                opt.overrides[i].insert(spec.left(at).trimmed(), spec.mid(at + 1).trimmed());
    }
    return std::nullopt;
}

// The parsed command line into `opt`, checked; the exit code on a usage error.
std::optional<int> readTrainingOptions(const CommandLine &cl, TrainingOptions &opt)
{
    opt.json = cl.isSet(QStringLiteral("json"));
    opt.files = cl.positional();
    if (opt.files.isEmpty())
        return fail(kExitUsage,
                    QCoreApplication::translate("commtax::Cli", "calibrate --training takes one or more log files"));
    if (opt.files.count(QStringLiteral("-")) > 1)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "calibrate --training: standard input "
                                                                            "(-) is one log"));
    QString text;
    if (cl.value(QStringLiteral("framework"), text)
        && !traininglog::parseFramework(text.trimmed().toStdString(), opt.hint))
        return fail(kExitUsage,
                    QCoreApplication::translate("commtax::Cli",
                                                "calibrate: --framework must be megatron, torchtitan, nemo, "
                                                "megatron-bridge, hf-trainer, deepspeed or auto, not \"%1\"")
                        .arg(text));
    opt.gpuGiven = cl.value(QStringLiteral("gpu"), opt.gpuId);
    opt.save = cl.value(QStringLiteral("save-preset"), opt.presetId);
    if (opt.save && (opt.presetId.trimmed().isEmpty() || opt.presetId.size() > kMaxPlanNameChars))
        return fail(kExitUsage,
                    QCoreApplication::translate("commtax::Cli",
                                                "calibrate: --save-preset needs an id of 1 to 200 characters"));
    if (opt.save && PresetLibrary::isBuiltIn(Section::Gpu, opt.presetId.trimmed()))
        return fail(kExitUsage,
                    QCoreApplication::translate("commtax::Cli",
                                                "calibrate: --save-preset %1 is a built-in preset; choose another id")
                        .arg(opt.presetId));
    return readOverrides(cl.values(QStringLiteral("set")), opt);
}

// One log file read, parsed and its steady state found; the exit code when it cannot be used.
std::optional<int> readLogCase(const QString &file, traininglog::Framework hint, const PresetCatalog &catalog,
                               LogCase &c)
{
    c.file = file;
    QByteArray bytes;
    QString why;
    if (!readTrainingLogFile(c.file, bytes, &why))
        return fail(kExitBadInput, why);
    c.sha256 = QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
    traininglog::ParseError err;
    if (!traininglog::parseTrainingLog(std::string_view(bytes.constData(), std::size_t(bytes.size())), hint, c.log,
                                       err))
        return fail(kExitBadInput,
                    QStringLiteral("%1:%2:%3: ").arg(c.file).arg(std::max(err.line, 1)).arg(std::max(err.column, 1))
                        + trainingText(err.message));
    c.steady = traininglog::steadyState(c.log);
    if (!c.steady.ok && c.log.framework == traininglog::Framework::DeepSpeed)
        return fail(kExitBadInput,
                    QCoreApplication::translate(
                        "commtax::Cli",
                        "%1:%2:1: no step time left after warm-up (the log gives samples per second but "
                        "not train_batch_size, and no time stamps)")
                        .arg(c.file)
                        .arg(c.log.steps.front().line));
    if (!c.steady.ok)
        return fail(kExitBadInput,
                    QCoreApplication::translate(
                        "commtax::Cli",
                        "%1:%2:1: no step time left after warm-up (the log gives tokens per second "
                        "but not the batch, the sequence length or the mesh, and no time stamps)")
                        .arg(c.file)
                        .arg(c.log.steps.front().line));
    c.read = readTrainingPlan(c.log);
    c.gpuGuess = matchGpuPreset(catalog, c.read.gpuName, &c.gpuCandidates);
    return std::nullopt;
}

// Why a log's device line picks no GPU preset.
QString noGpuMatch(const LogCase &c)
{
    if (c.read.gpuName.isEmpty())
        return QCoreApplication::translate("commtax::Cli", "the log names no GPU");
    return QCoreApplication::translate("commtax::Cli", "no GPU preset matches \"%1\"%2")
        .arg(c.read.gpuName,
             c.gpuCandidates.size() > 1 ? QCoreApplication::translate("commtax::Cli", " (several do: %1)")
                                              .arg(c.gpuCandidates.join(QStringLiteral(", ")))
                                        : QString());
}

// One GPU for the fit, when --gpu chose none: the one every log's device name matches.
std::optional<int> matchedGpu(const std::vector<LogCase> &cases, const PresetCatalog &catalog, Preset &gpu)
{
    QStringList guesses;
    QStringList problems;
    for (const LogCase &c : cases) {
        if (c.gpuGuess.isEmpty())
            problems << QStringLiteral("%1: %2").arg(c.file, noGpuMatch(c));
        else if (!guesses.contains(c.gpuGuess))
            guesses << c.gpuGuess;
    }
    if (!problems.isEmpty())
        return fail(kExitBadInput,
                    problems.join(QStringLiteral("; "))
                        + QCoreApplication::translate("commtax::Cli", "; choose the GPU preset with --gpu ID"));
    if (guesses.size() > 1)
        return fail(kExitBadInput,
                    QCoreApplication::translate(
                        "commtax::Cli",
                        "the logs name different GPUs (%1): calibrate one cluster at a time, or choose with --gpu ID")
                        .arg(guesses.join(QStringLiteral(", "))));
    gpu = *catalog.find(Section::Gpu, guesses.first());
    return std::nullopt;
}

// Every log read, the GPU chosen and each log's plan made a scenario on it; the exit code on failure.
std::optional<int> readLogs(const TrainingOptions &opt, const PresetCatalog &catalog, TrainingFit &run)
{
    std::optional<Preset> chosenGpu;
    if (opt.gpuGiven) {
        chosenGpu = catalog.find(Section::Gpu, opt.gpuId.trimmed());
        if (!chosenGpu)
            return fail(kExitUsage,
                        QCoreApplication::translate(
                            "commtax::Cli", "calibrate: unknown GPU preset \"%1\" (commtax presets lists them)")
                            .arg(opt.gpuId));
    }
    for (const QString &file : opt.files) {
        LogCase c;
        if (const std::optional<int> code = readLogCase(file, opt.hint, catalog, c))
            return code;
        run.cases.push_back(std::move(c));
    }
    if (chosenGpu)
        run.gpu = *chosenGpu;
    else if (const std::optional<int> code = matchedGpu(run.cases, catalog, run.gpu))
        return code;
    QStringList problems;
    for (int i = 0; i < int(run.cases.size()); ++i) {
        LogCase &c = run.cases[std::size_t(i)];
        std::vector<Sentence> errors, replaced;
        if (!trainingScenario(c.read, opt.overrides[i], run.gpu, catalog, c.scenario, errors, &replaced))
            problems << QStringLiteral("%1: %2").arg(c.file, trainingTexts(errors).join(QStringLiteral("; ")));
        // The log's own values a --set replaced, among the notes on how the plan was taken.
        c.read.notes.insert(c.read.notes.end(), replaced.begin(), replaced.end());
    }
    if (!problems.isEmpty())
        return fail(kExitBadInput, problems.join(QLatin1Char('\n')));
    return std::nullopt;
}

// The compute factor fitted across the logs' plans and measured step times.
std::optional<int> fitLogs(TrainingFit &run)
{
    std::vector<Plan> plans;
    for (const LogCase &c : run.cases) {
        plans.push_back(c.scenario.plan);
        run.measured.push_back(c.steady.median_s);
    }
    run.fit = fitComputeFactor(plans, run.measured);
    if (!run.fit.ok)
        return fail(kExitBadInput,
                    QCoreApplication::translate("commtax::Cli",
                                                "the model refuses a plan read from the logs; nothing to fit"));
    return std::nullopt;
}

// The fitted GPU preset saved in the preset library as `presetId`.
std::optional<int> saveFittedPreset(const QString &presetId, TrainingFit &run)
{
    QList<LogProvenance> logs;
    for (const LogCase &c : run.cases)
        logs.append({QFileInfo(c.file).fileName(), c.sha256});
    const Preset p = measuredGpuPreset(run.gpu, run.fit, logs, QDate::currentDate(), presetId.trimmed());
    PresetLibrary library;
    LibraryMessage error;
    if (!library.open(&error) || !library.savePreset(p, &run.savedAs, &error))
        return fail(kExitBadInput,
                    QCoreApplication::translate("commtax::Cli", "calibrate: the preset was not saved: %1")
                        .arg(libraryMessageText(error)));
    return std::nullopt;
}

QJsonObject logGpuJson(const LogCase &c, const TrainingOptions &opt, const TrainingFit &run)
{
    QJsonObject gpu;
    gpu.insert(QStringLiteral("preset"), run.gpu.id);
    gpu.insert(QStringLiteral("chosen_by"), opt.gpuGiven ? QStringLiteral("--gpu") : QStringLiteral("match"));
    gpu.insert(QStringLiteral("device_name"),
               c.read.gpuName.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(c.read.gpuName));
    gpu.insert(QStringLiteral("guess"), c.gpuGuess.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(c.gpuGuess));
    return gpu;
}

QJsonObject logStepsJson(const LogCase &c)
{
    QJsonObject steps;
    steps.insert(QStringLiteral("read"), c.log.runs.empty() ? 0 : int(c.log.steps.size()));
    steps.insert(QStringLiteral("used"), c.steady.used);
    steps.insert(QStringLiteral("warmup"), c.steady.warmup);
    steps.insert(QStringLiteral("after_events"), c.steady.events);
    steps.insert(QStringLiteral("spikes"), c.steady.spikes);
    steps.insert(QStringLiteral("runs"), int(c.log.runs.size()));
    steps.insert(QStringLiteral("spread"), c.steady.spread);
    return steps;
}

// The `logs` entry of the Nth log: what was read, predicted and fitted.
QJsonObject logJson(std::size_t i, const TrainingOptions &opt, const TrainingFit &run, const PresetCatalog &catalog)
{
    const LogCase &c = run.cases[i];
    const FactorFit &fit = run.fit;
    const std::vector<double> &measured = run.measured;
    QJsonObject o;
    o.insert(QStringLiteral("file"), c.file);
    o.insert(QStringLiteral("sha256"), c.sha256);
    o.insert(QStringLiteral("framework"), QLatin1String(traininglog::toString(c.log.framework)));
    o.insert(QStringLiteral("plan"), scenarioJson(c.scenario, catalog));
    o.insert(QStringLiteral("gpu"), logGpuJson(c, opt, run));
    o.insert(QStringLiteral("measured_step_s"), c.steady.median_s);
    o.insert(QStringLiteral("predicted_step_s"), measured[i] * (1 + fit.before[i]));
    o.insert(QStringLiteral("calibrated_step_s"), measured[i] * (1 + fit.after[i]));
    o.insert(QStringLiteral("left_out_step_s"),
             fit.looError.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(measured[i] * (1 + fit.looError[i])));
    o.insert(QStringLiteral("steps"), logStepsJson(c));
    o.insert(QStringLiteral("predicted_comm_share"), fit.commShare[i]);
    o.insert(QStringLiteral("peak_memory_gib"), orNull(c.log.peak_memory_gib));
    o.insert(QStringLiteral("predicted_memory_gb"), evaluate(c.scenario.plan).result.memory_total_gb);
    o.insert(QStringLiteral("missing"), QJsonArray::fromStringList(c.read.missing));
    QStringList given = opt.overrides[int(i)].keys();
    o.insert(QStringLiteral("given"), QJsonArray::fromStringList(given));
    QStringList notes = englishSentences(c.read.notes);
    for (const traininglog::Note &n : c.log.notes)
        notes << (n.line > 0 ? QStringLiteral("line %1: ").arg(n.line) : QString()) + qs(toString(n.text));
    o.insert(QStringLiteral("notes"), QJsonArray::fromStringList(notes));
    return o;
}

// The GPU's compute efficiency with the fitted factor applied, as the saved preset has it.
double fittedEfficiency(const TrainingFit &run)
{
    return std::clamp(run.gpu.values.value(QStringLiteral("compute_efficiency")).toDouble() * run.fit.factor, 0.05,
                      0.98);
}

// The `fit` object: the factors, their bounds, the errors before and after and the preset saved.
QJsonObject fitJson(const TrainingFit &run)
{
    const FactorFit &fit = run.fit;
    QJsonObject f;
    f.insert(QStringLiteral("gpu"), run.gpu.id);
    f.insert(QStringLiteral("term"), QStringLiteral("compute_efficiency_factor"));
    f.insert(QStringLiteral("factor"), fit.factor);
    f.insert(QStringLiteral("bounds"), QJsonArray{kMinFactor, kMaxFactor});
    f.insert(QStringLiteral("at_bound"), fit.atBound);
    f.insert(QStringLiteral("compute_efficiency"), fittedEfficiency(run));
    f.insert(QStringLiteral("comm_fitted"), fit.commFitted);
    f.insert(QStringLiteral("comm_factor"), fit.commFitted ? QJsonValue(fit.commFactor) : QJsonValue(QJsonValue::Null));
    f.insert(QStringLiteral("comm_at_bound"), fit.commAtBound);
    f.insert(QStringLiteral("comm_share_spread"), fit.commShareSpread);
    f.insert(QStringLiteral("comm_angle"), fit.commAngle);
    f.insert(QStringLiteral("mean_abs_error_before"), fit.meanAbsBefore);
    f.insert(QStringLiteral("mean_abs_error_after"), fit.meanAbsAfter);
    f.insert(QStringLiteral("mean_abs_error_left_out"),
             fit.looError.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(fit.meanAbsLoo));
    f.insert(QStringLiteral("pinned"), QJsonArray::fromStringList(englishSentences(fit.pinned)));
    f.insert(QStringLiteral("not_pinned"), QJsonArray::fromStringList(englishSentences(fit.notPinned)));
    f.insert(QStringLiteral("saved_preset"),
             run.savedAs.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(run.savedAs));
    return f;
}

void printTrainingJson(const TrainingOptions &opt, const TrainingFit &run, const PresetCatalog &catalog)
{
    QJsonArray logs;
    for (std::size_t i = 0; i < run.cases.size(); ++i)
        logs.append(logJson(i, opt, run, catalog));
    // {"logs": [...], "fit": {...}} in that order (QJsonObject would sort the keys).
    QByteArray logsText = QJsonDocument(logs).toJson(QJsonDocument::Indented).trimmed();
    QByteArray fitText = QJsonDocument(fitJson(run)).toJson(QJsonDocument::Indented).trimmed();
    logsText.replace('\n', "\n    ");
    fitText.replace('\n', "\n    ");
    out() << "{\n    \"logs\": " << logsText << ",\n    \"fit\": " << fitText << "\n}\n";
}

// "  label            value": one line of the text report, the label translated.
void printField(const char *label, const QString &value)
{
    const QString shown = padToDisplayWidth(QCoreApplication::translate("commtax::Cli", label), -16);
    out() << QStringLiteral("  %1 %2\n").arg(shown, value);
}

// The GPU line of a log: the preset fitted, how it was chosen and what the log's device name matches.
QString logGpuText(const LogCase &c, const TrainingOptions &opt, const TrainingFit &run)
{
    const QString guess = c.read.gpuName.isEmpty()
        ? QCoreApplication::translate("commtax::Cli", "the log names no GPU")
        : c.gpuGuess.isEmpty()
        ? QCoreApplication::translate("commtax::Cli", "\"%1\" matches no preset").arg(shown(c.read.gpuName))
        : QCoreApplication::translate("commtax::Cli", "\"%1\" matches %2").arg(shown(c.read.gpuName), c.gpuGuess);
    return QCoreApplication::translate("commtax::Cli", "%1 on %2 (%3; %4)")
        .arg(run.gpu.id, c.scenario.clusterPreset,
             opt.gpuGiven ? QCoreApplication::translate("commtax::Cli", "chosen with --gpu")
                          : QCoreApplication::translate("commtax::Cli", "matched"),
             guess);
}

QString logStepsText(const LogCase &c)
{
    return QCoreApplication::translate(
               "commtax::Cli",
               "%1 read in %2 run(s); median of %3 after %4 warm-up, %5 after events, %6 spikes; spread %7%")
        .arg(c.log.steps.size())
        .arg(c.log.runs.size())
        .arg(c.steady.used)
        .arg(c.steady.warmup)
        .arg(c.steady.events)
        .arg(c.steady.spikes)
        .arg(formatNumber(100 * c.steady.spread, 1));
}

// The measured, predicted, calibrated and left-out step times of the Nth log.
void printLogTimes(std::size_t i, const TrainingFit &run)
{
    const FactorFit &fit = run.fit;
    const double measured = run.measured[i];
    printField(QT_TRANSLATE_NOOP("commtax::Cli", "measured"), seconds(measured));
    printField(QT_TRANSLATE_NOOP("commtax::Cli", "predicted"),
               QCoreApplication::translate("commtax::Cli", "%1 (%2)")
                   .arg(seconds(measured * (1 + fit.before[i])), signedPct(fit.before[i])));
    printField(QT_TRANSLATE_NOOP("commtax::Cli", "calibrated"),
               QCoreApplication::translate("commtax::Cli", "%1 (%2)")
                   .arg(seconds(measured * (1 + fit.after[i])), signedPct(fit.after[i])));
    if (!fit.looError.empty())
        printField(QT_TRANSLATE_NOOP("commtax::Cli", "left out"),
                   QCoreApplication::translate("commtax::Cli", "%1 (%2), factor %3 fitted on the other logs")
                       .arg(seconds(measured * (1 + fit.looError[i])), signedPct(fit.looError[i]),
                            formatNumber(fit.looFactor[i], 3)));
}

// The text report of the Nth log, and a blank line after it.
void printLogText(std::size_t i, const TrainingOptions &opt, const TrainingFit &run)
{
    const LogCase &c = run.cases[i];
    QTextStream &o = out();
    o << shown(QFileInfo(c.file).fileName())
      << QStringLiteral(" (%1)\n").arg(QLatin1String(traininglog::toString(c.log.framework)));
    printField(QT_TRANSLATE_NOOP("commtax::Cli", "plan"), planSummary(c.scenario.plan));
    printField(QT_TRANSLATE_NOOP("commtax::Cli", "GPU"), logGpuText(c, opt, run));
    printField(QT_TRANSLATE_NOOP("commtax::Cli", "steps"), logStepsText(c));
    printLogTimes(i, run);
    if (c.log.peak_memory_gib)
        printField(QT_TRANSLATE_NOOP("commtax::Cli", "peak memory"),
                   // Both in GiB: the engine's GB are 2^30 bytes (docs/model.md §8).
                   QCoreApplication::translate("commtax::Cli", "%1 GiB; the model's %2 GB (GiB) per GPU")
                       .arg(formatNumber(*c.log.peak_memory_gib, 2),
                            formatNumber(evaluate(c.scenario.plan).result.memory_total_gb, 1)));
    if (!opt.overrides[int(i)].isEmpty())
        printField(QT_TRANSLATE_NOOP("commtax::Cli", "given"),
                   QStringList(opt.overrides[int(i)].keys()).join(QStringLiteral(", ")));
    for (const QString &n : trainingTexts(c.read.notes))
        o << "                   " << shown(n) << "\n";
    for (const traininglog::Note &n : c.log.notes)
        o << "                   "
          << (n.line > 0 ? QCoreApplication::translate("commtax::Cli", "line %1: ").arg(n.line) : QString())
          << shown(trainingText(n.text)) << "\n";
    o << "\n";
}

// The text report of the fit across the logs.
void printFitText(const TrainingFit &run)
{
    const FactorFit &fit = run.fit;
    out() << QCoreApplication::translate("commtax::Cli", "fit on %n log(s)", nullptr, int(run.cases.size())) << "\n";
    printField(QT_TRANSLATE_NOOP("commtax::Cli", "factor"),
               QCoreApplication::translate("commtax::Cli",
                                           "%1 on the compute efficiency of %2 (%3 -> %4), bounds %5-%6%7")
                   .arg(formatNumber(fit.factor, 3), run.gpu.id)
                   .arg(formatNumber(run.gpu.values.value(QStringLiteral("compute_efficiency")).toDouble(), 3),
                        formatNumber(fittedEfficiency(run), 3), formatNumber(kMinFactor, 1),
                        formatNumber(kMaxFactor, 1),
                        fit.atBound ? QCoreApplication::translate("commtax::Cli", " (at its bound)") : QString()));
    if (fit.commFitted)
        printField(QT_TRANSLATE_NOOP("commtax::Cli", "comm factor"),
                   QCoreApplication::translate("commtax::Cli",
                                               "%1 on the achievable NVLink and network bandwidth, bounds %2-%3%4")
                       .arg(formatNumber(fit.commFactor, 3), formatNumber(kMinFactor, 1), formatNumber(kMaxFactor, 1),
                            fit.commAtBound ? QCoreApplication::translate("commtax::Cli", " (at its bound)")
                                            : QString()));
    printField(QT_TRANSLATE_NOOP("commtax::Cli", "mean |error|"),
               QCoreApplication::translate("commtax::Cli", "before %1%, after %2%, left out %3")
                   .arg(formatNumber(100 * fit.meanAbsBefore, 1), formatNumber(100 * fit.meanAbsAfter, 1),
                        fit.looError.empty() ? QCoreApplication::translate("commtax::Cli", "- (one log)")
                                             : formatNumber(100 * fit.meanAbsLoo, 1) + QLatin1Char('%')));
    for (const QString &p : trainingTexts(fit.pinned))
        printField(QT_TRANSLATE_NOOP("commtax::Cli", "pinned"), p);
    for (const QString &p : trainingTexts(fit.notPinned))
        printField(QT_TRANSLATE_NOOP("commtax::Cli", "not pinned"), p);
    if (!run.savedAs.isEmpty())
        printField(QT_TRANSLATE_NOOP("commtax::Cli", "saved"),
                   QCoreApplication::translate("commtax::Cli", "GPU preset %1 in the preset library").arg(run.savedAs));
}

} // namespace

int cmdCalibrateTraining(QStringList args)
{
    CommandLine cl(
        QStringLiteral("calibrate"),
        QCoreApplication::translate(
            "commtax::Cli",
            "--training LOG... [--gpu ID] [--framework NAME] [--set [N:]PATH=VALUE]... [--save-preset ID] [--json]"),
        QCoreApplication::translate(
            "commtax::Cli",
            "Read training logs (Megatron-LM, torchtitan, NeMo 2 / Megatron-Bridge, HF Trainer, DeepSpeed), compare "
            "each with the model and fit the cluster's compute efficiency across them."));
    declareTrainingOptions(cl);
    if (const std::optional<int> code = cl.parse(args))
        return *code;
    TrainingOptions opt;
    if (const std::optional<int> code = readTrainingOptions(cl, opt))
        return *code;
    const PresetCatalog &catalog = presetCatalog();
    TrainingFit run;
    if (const std::optional<int> code = readLogs(opt, catalog, run))
        return *code;
    if (const std::optional<int> code = fitLogs(run))
        return *code;
    if (opt.save)
        if (const std::optional<int> code = saveFittedPreset(opt.presetId, run))
            return *code;
    if (opt.json) {
        printTrainingJson(opt, run, catalog);
        return kExitOk;
    }
    for (std::size_t i = 0; i < run.cases.size(); ++i)
        printLogText(i, opt, run);
    printFitText(run);
    return kExitOk;
}

} // namespace commtax::cli
