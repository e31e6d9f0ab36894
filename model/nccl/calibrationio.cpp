// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibrationio.h"

#include "core/sentencetext.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>

#include <cmath>
#include <cstdio>

namespace commtax {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QJsonValue orNull(const std::optional<double> &v)
{
    return v && std::isfinite(*v) ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QJsonValue positiveOrNull(int v)
{
    return v > 0 ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

QJsonArray strings(const std::vector<std::string> &list)
{
    QJsonArray a;
    for (const std::string &s : list)
        a.append(qs(s));
    return a;
}

// Files stay English.
QJsonArray strings(const std::vector<Sentence> &list)
{
    return QJsonArray::fromStringList(englishSentences(list));
}

double roundTo(double v, int decimals)
{
    const double scale = std::pow(10.0, decimals);
    return std::round(v * scale) / scale;
}

} // namespace

QString calibrationText(const Sentence &s)
{
    return translatedSentence("commtax::Calibration", s);
}

QString logLocation(const QString &fileName, int line, int column)
{
    if (line <= 0)
        return fileName + QStringLiteral(": ");
    if (column <= 0)
        return QStringLiteral("%1:%2: ").arg(fileName).arg(line);
    return QStringLiteral("%1:%2:%3: ").arg(fileName).arg(line).arg(column);
}

bool readCalibrationLog(const QString &fileName, QByteArray &text, QString *error)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    QFile f;
    if (fileName == QLatin1String("-")) {
        if (!f.open(stdin, QIODevice::ReadOnly))
            return fail(calibrationText(sentence(CT_TR("commtax::Calibration", "<stdin>: cannot read standard "
                                                                               "input"))));
    } else {
        const QFileInfo info(fileName);
        if (info.isDir())
            return fail(calibrationText(sentence(CT_TR("commtax::Calibration", "%1: is a directory, not a log"),
                                                 {fileName.toStdString()})));
        if (info.exists() && info.size() > kMaxCalibrationLogBytes)
            return fail(logLocation(fileName, 1, 1)
                        + calibrationText(
                            sentence(CT_TR("commtax::Calibration",
                                           "the file is %1 MiB; Commtax reads at most %2 MiB of nccl-tests log"),
                                     {QString::number(double(info.size()) / (1 << 20), 'f', 1).toStdString(),
                                      std::to_string(kMaxCalibrationLogBytes >> 20)})));
        f.setFileName(fileName);
        if (!f.open(QIODevice::ReadOnly))
            return fail(calibrationText(sentence(CT_TR("commtax::Calibration", "%1: cannot open: %2"),
                                                 {fileName.toStdString(), f.errorString().toStdString()})));
    }
    text = f.read(kMaxCalibrationLogBytes + 1);
    if (text.size() > kMaxCalibrationLogBytes)
        return fail(logLocation(fileName == QLatin1String("-") ? QStringLiteral("<stdin>") : fileName, 1, 1)
                    + calibrationText(sentence(CT_TR("commtax::Calibration",
                                                     "more than %1 MiB: too large for an nccl-tests log"),
                                               {std::to_string(kMaxCalibrationLogBytes >> 20)})));
    return true;
}

bool chooseCalibrationTarget(const PresetCatalog &catalog, const QString &clusterId, const std::string &gpuName,
                             CalibrationTarget &out, QString *error, const QString &gpuId)
{
    const QString guessed = matchGpuPreset(catalog, qs(gpuName));
    std::optional<Preset> gpu = guessed.isEmpty() ? std::nullopt : catalog.find(Section::Gpu, guessed);
    if (!gpuId.isEmpty()) {
        gpu = catalog.find(Section::Gpu, gpuId);
        if (!gpu) {
            if (error)
                *error = calibrationText(sentence(CT_TR("commtax::Calibration",
                                                        "unknown GPU preset \"%1\" (commtax presets lists them)"),
                                                  {gpuId.toStdString()}));
            return false;
        }
    }
    std::optional<Preset> cluster;
    if (!clusterId.isEmpty()) {
        cluster = catalog.find(Section::Cluster, clusterId);
        if (!cluster) {
            if (error)
                *error = calibrationText(
                    sentence(CT_TR("commtax::Calibration",
                                   "unknown cluster preset \"%1\" (commtax presets lists them)"),
                             {clusterId.toStdString()}));
            return false;
        }
    } else if (gpu) {
        cluster = catalog.find(Section::Cluster, gpu->defaultCluster());
    }
    if (!cluster)
        return false;
    const bool gpuFromLog = gpu.has_value();
    if (!gpu)
        gpu = catalog.find(Section::Gpu, cluster->defaultGpu());
    if (!gpu) {
        if (error)
            *error = calibrationText(sentence(CT_TR("commtax::Calibration",
                                                    "cluster preset \"%1\" names no GPU preset"),
                                              {cluster->id.toStdString()}));
        return false;
    }
    out.gpu = *gpu;
    out.cluster = *cluster;
    out.plan = Plan();
    gpu->applyTo(out.plan);
    cluster->applyTo(out.plan);
    const std::string gpuPreset = gpu->id.toStdString(), clusterPreset = cluster->id.toStdString();
    const Sentence guess = gpuName.empty() ? sentence(CT_TR("commtax::Calibration", "the log names no GPU"))
        : guessed.isEmpty()                ? sentence(CT_TR("commtax::Calibration",
                                                            "the log's \"%1\" matches no preset"),
                                                      {gpuName})
                                           : sentence(CT_TR("commtax::Calibration", "the log's \"%1\" matches %2"),
                                                      {gpuName, guessed.toStdString()});
    const Sentence gpuWhy = !gpuId.isEmpty() ? sentence(CT_TR("commtax::Calibration", "GPU %1 as chosen (%2)"),
                                                        {gpuPreset, guess})
        : gpuFromLog                         ? sentence(CT_TR("commtax::Calibration", "GPU %1 (the log's \"%2\")"),
                                                        {gpuPreset, gpuName})
                                             : sentence(CT_TR("commtax::Calibration",
                                                              "GPU %1 (the cluster's default; %2)"),
                                                        {gpuPreset, guess});
    out.reason = clusterId.isEmpty() ? sentence(CT_TR("commtax::Calibration", "%1, its default cluster %2"),
                                                {gpuWhy, clusterPreset})
                                     : sentence(CT_TR("commtax::Calibration", "cluster %1 as chosen, %2"),
                                                {clusterPreset, gpuWhy});
    return true;
}

QString calibratedEfficiencyKey(nccl::Scope scope)
{
    return scope == nccl::Scope::InterNode ? QStringLiteral("nic_efficiency") : QStringLiteral("intra_efficiency");
}

QString calibratedLatencyKey(nccl::Scope scope)
{
    return scope == nccl::Scope::InterNode ? QStringLiteral("nic_latency_us") : QStringLiteral("intra_latency_us");
}

namespace {

// The table's rows with the fit's and the model's bandwidth at each size.
QJsonArray rowsJson(const nccl::Calibration &c)
{
    QJsonArray rows;
    for (const nccl::CalibrationRow &r : c.rows) {
        QJsonObject row;
        row.insert(QStringLiteral("line"), r.line);
        row.insert(QStringLiteral("size_bytes"), double(r.size_bytes));
        row.insert(QStringLiteral("time_us"), r.time_us);
        row.insert(QStringLiteral("algbw_gbps"), r.algbw_gbps);
        row.insert(QStringLiteral("busbw_gbps"), r.busbw_gbps);
        row.insert(QStringLiteral("in_place_busbw_gbps"), orNull(r.in_place_busbw_gbps));
        row.insert(QStringLiteral("fit_busbw_gbps"), c.fit.ok ? QJsonValue(r.fit_busbw_gbps) : QJsonValue(QJsonValue::Null));
        row.insert(QStringLiteral("fit_residual"), c.fit.ok ? QJsonValue(r.fit_residual) : QJsonValue(QJsonValue::Null));
        const bool compared = r.model_busbw_gbps > 0;
        row.insert(QStringLiteral("model_busbw_gbps"), compared ? QJsonValue(r.model_busbw_gbps) : QJsonValue(QJsonValue::Null));
        row.insert(QStringLiteral("vs_model"), compared ? QJsonValue(r.vs_model) : QJsonValue(QJsonValue::Null));
        row.insert(QStringLiteral("below_model"), compared ? QJsonValue(r.below_model) : QJsonValue(QJsonValue::Null));
        rows.append(row);
    }
    return rows;
}

// The fit of time against size: its weights, points, bus factor and residuals.
QJsonObject fitJson(const nccl::Calibration &c)
{
    QJsonObject fit;
    fit.insert(QStringLiteral("weights"), QStringLiteral("1/time"));
    fit.insert(QStringLiteral("points"), c.fit.points);
    fit.insert(QStringLiteral("bus_factor"), c.fit.factor);
    fit.insert(QStringLiteral("rms_residual"), c.fit.ok ? QJsonValue(c.fit.rms_residual) : QJsonValue(QJsonValue::Null));
    fit.insert(QStringLiteral("max_abs_residual"), c.fit.ok ? QJsonValue(c.fit.max_abs_residual) : QJsonValue(QJsonValue::Null));
    return fit;
}

// The model's prediction for the same collective (null without one).
QJsonValue modelJson(const nccl::Calibration &c, const CalibrationTarget *target)
{
    if (!c.model.available)
        return QJsonValue(QJsonValue::Null);
    QJsonObject m;
    m.insert(QStringLiteral("cluster"), qs(c.model.cluster_id));
    m.insert(QStringLiteral("gpu"), qs(c.model.gpu_id));
    if (target)
        m.insert(QStringLiteral("chosen"), qs(toString(target->reason)));
    m.insert(QStringLiteral("ranks"), c.model.ranks);
    m.insert(QStringLiteral("nodes"), c.model.nodes);
    m.insert(QStringLiteral("nodes_assumed"), c.model.nodes_assumed);
    m.insert(QStringLiteral("ranks_per_node"), c.model.ranks_per_node);
    m.insert(QStringLiteral("link_busbw_gbps"), c.model.link_busbw_gbps);
    m.insert(QStringLiteral("line_gbps"), c.model.line_gbps);
    m.insert(QStringLiteral("latency_us"), c.model.latency_us);
    m.insert(QStringLiteral("sizes_compared"), c.model.sizes_compared);
    m.insert(QStringLiteral("sizes_below"), c.model.sizes_below);
    return m;
}

// The preset fields the measurement calibrates (null without a model to compare with).
QJsonValue calibratedJson(const nccl::Calibration &c)
{
    if (!c.model.available)
        return QJsonValue(QJsonValue::Null);
    const nccl::CalibratedLink &cal = c.calibrated;
    QJsonObject k;
    const bool inter = cal.scope == nccl::Scope::InterNode;
    k.insert(QStringLiteral("section"), inter ? QStringLiteral("cluster") : QStringLiteral("gpu"));
    k.insert(QStringLiteral("preset"), qs(inter ? c.model.cluster_id : c.model.gpu_id));
    QJsonObject fields;
    if (cal.efficiency)
        fields.insert(calibratedEfficiencyKey(cal.scope), *cal.efficiency);
    if (cal.step_latency_us)
        fields.insert(calibratedLatencyKey(cal.scope), *cal.step_latency_us);
    k.insert(QStringLiteral("fields"), fields);
    k.insert(QStringLiteral("basis_line_gbps"), cal.basis_line_gbps);
    k.insert(QStringLiteral("notes"), strings(cal.notes));
    return k;
}

} // namespace

QJsonObject calibrationToJson(const nccl::Calibration &c, const nccl::ResultTable &table, const CalibrationTarget *target)
{
    QJsonObject o;
    o.insert(QStringLiteral("collective"), QLatin1String(toString(c.collective)));
    o.insert(QStringLiteral("collective_source"), qs(toString(c.collective_source)));
    o.insert(QStringLiteral("test_name"), c.test_name.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(qs(c.test_name)));
    o.insert(QStringLiteral("tool"), c.tool.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(qs(c.tool)));
    o.insert(QStringLiteral("nccl_version"),
             table.nccl_version.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(qs(table.nccl_version)));
    o.insert(QStringLiteral("ranks"), positiveOrNull(c.ranks));
    o.insert(QStringLiteral("nodes"), positiveOrNull(c.nodes));
    o.insert(QStringLiteral("gpus_per_node"), positiveOrNull(c.ranks_per_node));
    o.insert(QStringLiteral("topology_source"), qs(c.topology_source));
    o.insert(QStringLiteral("scope"), QLatin1String(toString(c.scope)));
    o.insert(QStringLiteral("gpu_name"), c.gpu_name.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(qs(c.gpu_name)));
    o.insert(QStringLiteral("header_line"), table.header_line);

    o.insert(QStringLiteral("rows"), rowsJson(c));
    o.insert(QStringLiteral("peak_busbw_gbps"), c.peak_busbw_gbps);
    o.insert(QStringLiteral("peak_size_bytes"), double(c.peak_size_bytes));
    o.insert(QStringLiteral("plateau_busbw_gbps"), orNull(c.plateau_busbw_gbps));
    o.insert(QStringLiteral("alpha_us"), orNull(c.fit.alpha_us));
    o.insert(QStringLiteral("fitted_bw_gbps"), c.fit.ok ? QJsonValue(c.fit.bw_gbps) : QJsonValue(QJsonValue::Null));
    o.insert(QStringLiteral("fit"), fitJson(c));
    o.insert(QStringLiteral("footer_avg_busbw_gbps"), orNull(c.footer_avg_busbw_gbps));
    o.insert(QStringLiteral("mean_busbw_gbps"), c.mean_busbw_gbps);
    o.insert(QStringLiteral("above_line_rate"), c.above_line_rate);

    o.insert(QStringLiteral("model"), modelJson(c, target));
    o.insert(QStringLiteral("calibrated"), calibratedJson(c));
    o.insert(QStringLiteral("missing"), strings(c.missing));
    o.insert(QStringLiteral("warnings"), strings(c.warnings));
    return o;
}

bool calibratedPreset(const nccl::Calibration &c, const CalibrationTarget &target, const QString &logName,
                      const QDate &date, Preset &out, QString *why)
{
    const nccl::CalibratedLink &cal = c.calibrated;
    if (!c.model.available || !cal.available) {
        if (why) {
            QStringList reasons;
            for (const Sentence &n : cal.notes)
                reasons << calibrationText(n);
            *why = reasons.isEmpty() ? calibrationText(sentence(CT_TR("commtax::Calibration",
                                                                      "nothing to calibrate: no comparison with a "
                                                                      "preset")))
                                     : reasons.join(QStringLiteral("; "));
        }
        return false;
    }
    const bool inter = cal.scope == nccl::Scope::InterNode;
    Preset p = inter ? target.cluster : target.gpu;
    const QString day = date.toString(Qt::ISODate);
    const QString tool = c.tool == "rccl-tests" ? QStringLiteral("rccl-tests") : QStringLiteral("nccl-tests");
    const Provenance measured{SourceKind::Measured, QStringLiteral("%1 log %2, %3").arg(tool, logName, day)};
    p.builtIn = false;
    // Chosen by the user, never guessed: a copy that kept the device names would tie with its
    // original in matchGpuPreset() and leave every log of that GPU unmatched.
    p.extras.remove(QStringLiteral("match"));
    p.id = p.id + QStringLiteral("-measured-") + date.toString(QStringLiteral("yyyyMMdd"));
    markMeasured(p, day);
    QStringList changed;
    if (cal.efficiency) {
        const QString key = calibratedEfficiencyKey(cal.scope);
        p.values.insert(key, roundTo(*cal.efficiency, 3));
        p.provenance.insert(key, measured);
        changed << QStringLiteral("%1 %2").arg(key).arg(roundTo(*cal.efficiency, 3));
    }
    if (cal.step_latency_us) {
        const QString key = calibratedLatencyKey(cal.scope);
        p.values.insert(key, roundTo(*cal.step_latency_us, 2));
        p.provenance.insert(key, measured);
        changed << QStringLiteral("%1 %2").arg(key).arg(roundTo(*cal.step_latency_us, 2));
    }
    p.description = QStringLiteral("%1 calibrated from %2 (%3 on %4 ranks, %5 nodes): %6")
                        .arg(inter ? target.cluster.name : target.gpu.name, measured.source,
                             QLatin1String(toString(c.collective)), QString::number(c.ranks),
                             QString::number(c.model.nodes), changed.join(QStringLiteral(", ")));
    out = p;
    return true;
}

} // namespace commtax
