// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// nccl-tests logs for the calibration tests (test_nccl_log: the parser; test_calibrate: the fit, the
// comparison, the preset and the command line): the real fixtures of tests/fixtures/nccl/, logs
// written from the alpha-beta model as nccl-tests 2.13 prints them, and a log parsed and fitted in
// one call. Header-only, because every test is an executable of its own.
#include "nccl/calibration.h"
#include "nccl/calibrationio.h"

#include <QByteArray>
#include <QFile>
#include <QString>

#include <algorithm>
#include <string>
#include <vector>

namespace commtax::test {

using namespace commtax::nccl;

inline QByteArray fixture(const QString &name)
{
    QFile f(QStringLiteral(COMMTAX_FIXTURES_DIR "/nccl/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return f.readAll();
}

inline bool parse(const QByteArray &text, LogParse &log, ParseError &err)
{
    return parseLog(std::string_view(text.constData(), size_t(text.size())), log, err);
}

inline bool has(const std::vector<std::string> &list, const char *tag)
{
    return std::find(list.begin(), list.end(), tag) != list.end();
}

inline bool anyContains(const std::vector<std::string> &list, const char *text)
{
    return std::any_of(list.begin(), list.end(), [text](const std::string &s) { return s.find(text) != std::string::npos; });
}

inline bool anyContains(const std::vector<Sentence> &list, const char *text)
{
    return std::any_of(list.begin(), list.end(),
                       [text](const Sentence &s) { return toString(s).find(text) != std::string::npos; });
}

// A note at `line` whose English holds `text`.
inline bool hasNote(const std::vector<Note> &notes, int line, const char *text)
{
    return std::any_of(notes.begin(), notes.end(), [&](const Note &n) {
        return n.line == line && toString(n.text).find(text) != std::string::npos;
    });
}

// A sentence's English, for Qt Test's comparisons.
inline QString english(const Sentence &s)
{
    return QString::fromStdString(toString(s));
}

// The GPU and cluster specs of built-in presets.
inline Plan hardware(const char *gpu, const char *cluster)
{
    Plan plan;
    const PresetCatalog &cat = PresetCatalog::builtIn();
    cat.find(Section::Gpu, QLatin1String(gpu))->applyTo(plan);
    cat.find(Section::Cluster, QLatin1String(cluster))->applyTo(plan);
    return plan;
}

inline Calibration calibrated(const QByteArray &text, const Plan *hw = nullptr, CalibrationOptions opt = {})
{
    LogParse log;
    ParseError err;
    if (!parse(text, log, err))
        qFatal("parse failed: %d %s", err.line, toString(err.message).c_str());
    Calibration c;
    Sentence error;
    if (!calibrate(log.tables.front(), opt, hw ? &hw->gpu : nullptr, hw ? &hw->cluster : nullptr, c, error))
        qFatal("calibrate failed: %s", toString(error).c_str());
    return c;
}

// nccl-tests prints time and bandwidths with getFloatStr (src/util.cu): two decimals, then one,
// then none as the value grows, in a fixed width.
inline QByteArray ncclNumber(double v, int width)
{
    for (int decimals : {2, 1, 0}) {
        const QByteArray s = QByteArray::number(v, 'f', decimals);
        if (s.size() <= width)
            return s.rightJustified(width);
    }
    return QByteArray::number(v, 'e', 1).rightJustified(width);
}

struct Synthetic {
    const char *test = "all_reduce_perf";
    int ranks = 8;
    int nodes = 1;
    const char *gpuName = "NVIDIA H100 80GB HBM3";
    double alphaUs = 25;
    double busbwGbps = 180;
    double noise = 0; // relative, uniform in [-noise, noise]
    double minBytes = 8;
    double maxBytes = 8.0 * (1ll << 30);
    bool deviceList = true;
    bool footer = true;
};

// A log as nccl-tests 2.13 prints it, with times from the alpha-beta model.
inline QByteArray syntheticLog(const Synthetic &s)
{
    Collective c = Collective::AllReduce;
    collectiveFromTestName(s.test, c);
    const double factor = busBandwidthFactor(c, s.ranks);
    QByteArray out = "$ mpirun -np " + QByteArray::number(s.ranks) + " ./build/" + s.test + " -b 8 -e 8G -f 2\n";
    out += "# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 "
           "validation: 1 graph: 0\n#\n";
    if (s.deviceList) {
        out += "# Using devices\n";
        const int perNode = s.ranks / s.nodes;
        for (int r = 0; r < s.ranks; ++r)
            out += QStringLiteral("#  Rank %1 Group  0 Pid %2 on %3 device %4 [0000:%5:00] %6\n")
                       .arg(r, 2)
                       .arg(1000 + r, 6)
                       .arg(QStringLiteral("node-%1").arg(r / perNode), 10)
                       .arg(r % perNode, 2)
                       .arg(r % perNode + 16, 2, 16, QLatin1Char('0'))
                       .arg(QLatin1String(s.gpuName))
                       .toUtf8();
    }
    out += "#\n#                                                              out-of-place                       in-place\n"
           "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n"
           "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n";
    quint64 state = 12345;
    auto uniform = [&state] { // deterministic noise in [-1, 1]
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return double(state >> 11) / double(1ull << 53) * 2.0 - 1.0;
    };
    const bool reduces = c == Collective::AllReduce || c == Collective::ReduceScatter || c == Collective::Reduce;
    double sum = 0;
    int n = 0;
    for (double size = s.minBytes; size <= s.maxBytes; size *= 2) {
        const double count = (c == Collective::AllGather || c == Collective::ReduceScatter || c == Collective::AllToAll)
            ? size / 4 / s.ranks
            : size / 4;
        out += QByteArray::number(qint64(size)).rightJustified(12) + "  " + QByteArray::number(qint64(count)).rightJustified(12)
            + "     float  " + QByteArray(reduces ? "   sum" : "  none") + "  "
            + QByteArray(c == Collective::Broadcast || c == Collective::Reduce ? "     0" : "    -1");
        for (int half = 0; half < 2; ++half) {
            const double t = (s.alphaUs + factor * size / (s.busbwGbps * 1e3)) * (1 + s.noise * uniform());
            const double alg = size / t / 1e3;
            out += "  " + ncclNumber(t, 7) + "  " + ncclNumber(alg, 6) + "  " + ncclNumber(alg * factor, 6) + "       0";
            sum += alg * factor;
            ++n;
        }
        out += "\n";
    }
    out += "# Out of bounds values : 0 OK\n";
    if (s.footer)
        out += "# Avg bus bandwidth    : " + QByteArray::number(sum / n, 'g', 6) + " \n#\n";
    return out;
}

// The column header nccl-tests 2.13 prints above its rows.
inline constexpr const char *kHeader = "#       size         count      type   redop    root     time   algbw   busbw"
                                       " #wrong     time   algbw   busbw #wrong\n";

} // namespace commtax::test
