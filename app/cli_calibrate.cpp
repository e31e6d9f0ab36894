// SPDX-License-Identifier: GPL-3.0-or-later
// commtax calibrate LOG [--ranks N] [--nodes N] [--cluster ID] [--table N] [--json]: read an
// nccl-tests / rccl-tests log, fit it and compare it with the engine on a cluster preset. With
// --training, training logs instead (app/cli_calibrate_training.cpp).
#include "cli.h"
#include "core/resultio.h"
#include "core/terminaltext.h"
#include "nccl/calibrationio.h"
#include "text/modeltext.h"

#include <QCoreApplication>
#include <QJsonDocument>

namespace commtax::cli {

namespace {

// Text from the log (GPU names, test names, notes) on its way to the terminal.
QString fromLog(const std::string &s)
{
    return shown(QString::fromStdString(s));
}

bool takePositive(const CommandLine &cl, const QString &name, int &value, QString &why)
{
    QString text;
    if (!cl.value(name, text))
        return true;
    const QString opt = QStringLiteral("--") + name;
    bool ok = false;
    value = text.toInt(&ok);
    if (!ok || value <= 0 || value > 1000000) {
        why = QCoreApplication::translate("commtax::Cli", "%1 needs a whole number from 1 to 1000000, not \"%2\"").arg(opt, text);
        return false;
    }
    return true;
}

QString gbps(double v)
{
    return formatNumber(v, v >= 100 ? 1 : 2) + QStringLiteral(" GB/s");
}

void printText(const nccl::Calibration &c, const CalibrationTarget *target)
{
    QTextStream &o = out();
    QString where = c.ranks > 0 ? QCoreApplication::translate("commtax::Cli", "%n ranks", nullptr, c.ranks) : QCoreApplication::translate("commtax::Cli", "unknown ranks");
    if (c.nodes > 0)
        where += QCoreApplication::translate("commtax::Cli", ", %n node(s)", nullptr, c.nodes);
    if (c.ranks_per_node > 0 && c.nodes > 1)
        where += QCoreApplication::translate("commtax::Cli", " (%1 per node)").arg(c.ranks_per_node);
    o << calibrationHeading(c.collective, where, c.scope);
    if (!c.gpu_name.empty())
        o << " - " << fromLog(c.gpu_name);
    o << "\n";
    auto line = [&o](const char *label, const QString &value) {
        const QString shown = padToDisplayWidth(QCoreApplication::translate("commtax::Cli", label), -16);
        o << QStringLiteral("  %1 %2\n").arg(shown, value);
    };
    line(QT_TRANSLATE_NOOP("commtax::Cli", "peak busbw"), gbps(c.peak_busbw_gbps) + QCoreApplication::translate("commtax::Cli", " at ") + fromLog(nccl::formatBytes(double(c.peak_size_bytes))));
    line(QT_TRANSLATE_NOOP("commtax::Cli", "plateau busbw"), c.plateau_busbw_gbps ? gbps(*c.plateau_busbw_gbps) + QCoreApplication::translate("commtax::Cli", " (sizes >= 256 MiB)") : QCoreApplication::translate("commtax::Cli", "not reached (no size >= 256 MiB)"));
    if (c.fit.ok)
        line(QT_TRANSLATE_NOOP("commtax::Cli", "alpha-beta fit"), QCoreApplication::translate("commtax::Cli", "alpha %1, bandwidth %2 (busbw), rms residual %3%").arg(c.fit.alpha_us ? formatNumber(*c.fit.alpha_us, 1) + QStringLiteral(" us") : QCoreApplication::translate("commtax::Cli", "not measurable"), gbps(c.fit.bw_gbps), formatNumber(100 * c.fit.rms_residual, 1)));
    line(QT_TRANSLATE_NOOP("commtax::Cli", "footer average"), c.footer_avg_busbw_gbps ? gbps(*c.footer_avg_busbw_gbps) + QCoreApplication::translate("commtax::Cli", " (a mean over every size, not a peak)") : QCoreApplication::translate("commtax::Cli", "absent"));
    if (c.model.available) {
        line(QT_TRANSLATE_NOOP("commtax::Cli", "model"), QCoreApplication::translate("commtax::Cli", "%1 / %2: busbw %3, line rate %4, latency %5 us; %6 of %7 sizes >20% below").arg(fromLog(c.model.cluster_id), fromLog(c.model.gpu_id), gbps(c.model.link_busbw_gbps), gbps(c.model.line_gbps), formatNumber(c.model.latency_us, 1)).arg(c.model.sizes_below).arg(c.model.sizes_compared));
        QStringList fields;
        if (c.calibrated.efficiency)
            fields << calibratedEfficiencyKey(c.calibrated.scope) + QLatin1Char(' ') + formatNumber(*c.calibrated.efficiency, 3);
        if (c.calibrated.step_latency_us)
            fields << calibratedLatencyKey(c.calibrated.scope) + QLatin1Char(' ') + formatNumber(*c.calibrated.step_latency_us, 2);
        const bool inter = c.calibrated.scope == nccl::Scope::InterNode;
        line(QT_TRANSLATE_NOOP("commtax::Cli", "calibrated"),
             fields.isEmpty() ? QCoreApplication::translate("commtax::Cli", "nothing")
                              : fields.join(QStringLiteral(", "))
                     + (inter ? QCoreApplication::translate("commtax::Cli", " (cluster preset %1)") : QCoreApplication::translate("commtax::Cli", " (GPU preset %1)"))
                           .arg(fromLog(inter ? c.model.cluster_id : c.model.gpu_id)));
        for (const Sentence &n : c.calibrated.notes)
            o << "                   " << shown(calibrationText(n)) << "\n";
    } else {
        line(QT_TRANSLATE_NOOP("commtax::Cli", "model"), QCoreApplication::translate("commtax::Cli", "no comparison"));
    }
    if (target)
        line(QT_TRANSLATE_NOOP("commtax::Cli", "presets"), shown(calibrationText(target->reason)));
    o << "\n";
    const QList<TextColumn> columns = {{QStringLiteral("size"), 10}, {QStringLiteral("time_us"), 10}, {QStringLiteral("algbw"), 8}, {QStringLiteral("busbw"), 8}, {QStringLiteral("in-place"), 8}, {QStringLiteral("fit"), 8}, {QStringLiteral("model"), 8}, {QCoreApplication::translate("commtax::Cli", "vs model"), 9}};
    o << tableLine(columns) << '\n';
    const QString none = QStringLiteral("-");
    for (const nccl::CalibrationRow &r : c.rows) {
        const bool compared = r.model_busbw_gbps > 0;
        o << tableLine(columns, {fromLog(nccl::formatBytes(double(r.size_bytes))), formatNumber(r.time_us, 2), formatNumber(r.algbw_gbps, 2), formatNumber(r.busbw_gbps, 2), r.in_place_busbw_gbps ? formatNumber(*r.in_place_busbw_gbps, 2) : none, c.fit.ok ? formatNumber(r.fit_busbw_gbps, 2) : none, compared ? formatNumber(r.model_busbw_gbps, 2) : none, compared ? formatNumber(100 * r.vs_model, 0) + QLatin1Char('%') : none})
          << (r.below_model ? QStringLiteral("  below") : QString()) << '\n';
    }
    if (!c.warnings.empty()) {
        o << QCoreApplication::translate("commtax::Cli", "\nwarnings:\n");
        for (const Sentence &w : c.warnings)
            o << "  - " << shown(calibrationText(w)) << "\n";
    }
}

// What `calibrate LOG` is asked: the log, the table, the presets to compare with, the output.
struct CalibrateArgs {
    QString file;
    nccl::CalibrationOptions options;
    int table = 0;
    bool json = false;
    bool hasCluster = false, hasGpu = false;
    QString clusterId, gpuId;
};

void declareCalibrateOptions(CommandLine &cl)
{
    cl.option(QStringLiteral("ranks"), QCoreApplication::translate("commtax::Cli", "N"), QCoreApplication::translate("commtax::Cli", "The number of ranks, when the log does not say."));
    cl.option(QStringLiteral("nodes"), QCoreApplication::translate("commtax::Cli", "N"), QCoreApplication::translate("commtax::Cli", "The number of nodes, when the log does not say."));
    cl.option(QStringLiteral("gpu"), QCoreApplication::translate("commtax::Cli", "ID"),
              QCoreApplication::translate("commtax::Cli", "The GPU preset (default: the one whose names the log's "
                                                          "device list matches, else the cluster's)."));
    cl.option(QStringLiteral("cluster"), QCoreApplication::translate("commtax::Cli", "ID"), QCoreApplication::translate("commtax::Cli", "The cluster preset to compare with (default: the one of the log's GPU)."));
    cl.option(QStringLiteral("table"), QCoreApplication::translate("commtax::Cli", "N"), QCoreApplication::translate("commtax::Cli", "Which result table of the log to calibrate (default 1)."));
    cl.flag(QStringLiteral("json"), QCoreApplication::translate("commtax::Cli", "Print JSON."));
}

// The parsed command line into `a`, checked; the exit code on a usage error.
std::optional<int> readCalibrateOptions(const CommandLine &cl, CalibrateArgs &a)
{
    QString why;
    a.json = cl.isSet(QStringLiteral("json"));
    a.hasCluster = cl.value(QStringLiteral("cluster"), a.clusterId);
    a.hasGpu = cl.value(QStringLiteral("gpu"), a.gpuId);
    if (!takePositive(cl, QStringLiteral("ranks"), a.options.ranks, why)
        || !takePositive(cl, QStringLiteral("nodes"), a.options.nodes, why)
        || !takePositive(cl, QStringLiteral("table"), a.table, why))
        return fail(kExitUsage, QStringLiteral("calibrate: ") + why);
    const QStringList args = cl.positional();
    if (a.hasCluster && a.clusterId.trimmed().isEmpty())
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "calibrate: --cluster needs a preset id"));
    if (args.size() != 1)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "calibrate takes one log file (or - for "
                                                                            "standard input)"));
    if (a.options.ranks > 0 && a.options.nodes > a.options.ranks)
        return fail(kExitUsage,
                    QCoreApplication::translate("commtax::Cli", "calibrate: --nodes %1 is more than --ranks %2")
                        .arg(a.options.nodes)
                        .arg(a.options.ranks));
    a.file = args.first();
    return std::nullopt;
}

// The first device line of the table that names its GPU (nullptr: none does).
const nccl::DeviceLine *namedDevice(const nccl::ResultTable &t)
{
    for (const nccl::DeviceLine &d : t.devices)
        if (!d.gpu_name.empty())
            return &d;
    return nullptr;
}

// The warning of a log with several result tables: which they are, and which one was calibrated.
Sentence severalTablesWarning(const nccl::LogParse &log, int table)
{
    Sentence list;
    for (size_t i = 0; i < log.tables.size(); ++i) {
        const nccl::ResultTable &t = log.tables[i];
        const Sentence name = t.test_name.empty() ? sentence(QT_TRANSLATE_NOOP("commtax::Calibration", "unnamed"))
                                                  : Sentence(t.test_name);
        const Sentence item = sentence(QT_TRANSLATE_NOOP("commtax::Calibration", "%1: %2 at line %3"),
                                       {std::to_string(i + 1), name,
                                        std::to_string(t.header_line > 0 ? t.header_line : t.rows.front().line)});
        list = i == 0 ? item : sentence(QT_TRANSLATE_NOOP("commtax::Calibration", "%1, %2"), {list, item});
    }
    return sentence(QT_TRANSLATE_NOOP("commtax::Calibration",
                                      "the log holds %1 result tables (%2); table %3 calibrated, choose with --table"),
                    {std::to_string(log.tables.size()), list, std::to_string(std::max(table, 1))});
}

} // namespace

int cmdCalibrate(QStringList args)
{
    if (args.contains(QStringLiteral("--training")))
        return cmdCalibrateTraining(args);
    QString why;
    CommandLine cl(QStringLiteral("calibrate"),
                   QCoreApplication::translate("commtax::Cli",
                                               "LOG|- [--ranks N] [--nodes N] [--cluster ID] [--gpu ID] "
                                               "[--table N] [--json]"),
                   QCoreApplication::translate("commtax::Cli", "Read an nccl-tests or rccl-tests log (\"-\": standard "
                                                               "input), fit it and compare it with the model on a "
                                                               "cluster preset."));
    declareCalibrateOptions(cl);
    if (const std::optional<int> code = cl.parse(args))
        return *code;
    CalibrateArgs a;
    if (const std::optional<int> code = readCalibrateOptions(cl, a))
        return *code;
    const int table = a.table;

    const QString &file = a.file;
    const QString shown = file == QLatin1String("-") ? QStringLiteral("<stdin>") : file;
    QByteArray text;
    if (!readCalibrationLog(file, text, &why))
        return fail(kExitBadInput, why);
    nccl::LogParse log;
    nccl::ParseError perr;
    if (!nccl::parseLog(std::string_view(text.constData(), size_t(text.size())), log, perr))
        return fail(kExitBadInput, logLocation(shown, perr.line, perr.column) + calibrationText(perr.message));
    if (table > int(log.tables.size()))
        return fail(kExitBadInput, QCoreApplication::translate("commtax::Cli", "%1: --table %2, but the log holds %3 "
                                                                               "result table(s)")
                                       .arg(shown)
                                       .arg(table)
                                       .arg(log.tables.size()));
    const nccl::ResultTable &t = log.tables[size_t(std::max(table, 1) - 1)];

    // Compare with the cluster the user chose, else the one the log's GPU belongs to.
    CalibrationTarget target;
    const nccl::DeviceLine *named = namedDevice(t);
    const bool haveTarget = chooseCalibrationTarget(presetCatalog(), a.hasCluster ? a.clusterId.trimmed() : QString(),
                                                    named ? named->gpu_name : std::string(), target, &why,
                                                    a.hasGpu ? a.gpuId.trimmed() : QString());
    if (!haveTarget && (a.hasCluster || a.hasGpu))
        return fail(kExitBadInput, QStringLiteral("calibrate: ") + why);

    nccl::Calibration c;
    Sentence error;
    if (!nccl::calibrate(t, a.options, haveTarget ? &target.plan.gpu : nullptr,
                         haveTarget ? &target.plan.cluster : nullptr, c, error)) {
        const int at = t.header_line > 0 ? t.header_line : t.rows.front().line;
        return fail(kExitBadInput, logLocation(shown, at, 0) + calibrationText(error));
    }
    for (const nccl::Note &n : log.notes)
        c.warnings.push_back(n.text);
    if (!haveTarget)
        c.warnings.push_back(sentence(QT_TRANSLATE_NOOP("commtax::Calibration",
                                                        "no cluster preset to compare with: the log names no known "
                                                        "GPU; give --cluster ID")));
    if (log.tables.size() > 1)
        c.warnings.push_back(severalTablesWarning(log, table));

    if (a.json) {
        QJsonObject o = calibrationToJson(c, t, haveTarget ? &target : nullptr);
        o.insert(QStringLiteral("file"), shown);
        o.insert(QStringLiteral("table"), std::max(table, 1));
        o.insert(QStringLiteral("tables"), int(log.tables.size()));
        out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
    } else {
        printText(c, haveTarget ? &target : nullptr);
    }
    return kExitOk;
}

} // namespace commtax::cli
