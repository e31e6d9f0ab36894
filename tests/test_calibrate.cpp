// SPDX-License-Identifier: GPL-3.0-or-later
// Calibration from nccl-tests logs: the parser on every real fixture and format era, the
// alpha-beta fit, the comparison with the engine, the calibrated preset, and `commtax calibrate`
// run as users run it. Figures come from tests/fixtures/nccl/INDEX.md, the fixture files
// themselves, or hand calculations with docs/model.md §4 written out in the comments.
#include "nccl/calibration.h"
#include "nccl/calibrationio.h"

#include "testsupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include <sys/resource.h>

using namespace commtax;
using namespace commtax::nccl;
using namespace commtax::test;

namespace {

QByteArray fixture(const QString &name)
{
    QFile f(QStringLiteral(COMMTAX_FIXTURES_DIR "/nccl/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return f.readAll();
}

bool parse(const QByteArray &text, LogParse &log, ParseError &err)
{
    return parseLog(std::string_view(text.constData(), size_t(text.size())), log, err);
}

bool has(const std::vector<std::string> &list, const char *tag)
{
    return std::find(list.begin(), list.end(), tag) != list.end();
}

bool anyContains(const std::vector<std::string> &list, const char *text)
{
    return std::any_of(list.begin(), list.end(), [text](const std::string &s) { return s.find(text) != std::string::npos; });
}

// The GPU and cluster specs of built-in presets.
Plan hardware(const char *gpu, const char *cluster)
{
    Plan plan;
    const PresetCatalog &cat = PresetCatalog::builtIn();
    cat.find(Section::Gpu, QLatin1String(gpu))->applyTo(plan);
    cat.find(Section::Cluster, QLatin1String(cluster))->applyTo(plan);
    return plan;
}

Calibration calibrated(const QByteArray &text, const Plan *hw = nullptr, CalibrationOptions opt = {})
{
    LogParse log;
    ParseError err;
    if (!parse(text, log, err))
        qFatal("parse failed: %d %s", err.line, err.message.c_str());
    Calibration c;
    std::string error;
    if (!calibrate(log.tables.front(), opt, hw ? &hw->gpu : nullptr, hw ? &hw->cluster : nullptr, c, error))
        qFatal("calibrate failed: %s", error.c_str());
    return c;
}

// nccl-tests prints time and bandwidths with getFloatStr (src/util.cu): two decimals, then one,
// then none as the value grows, in a fixed width.
QByteArray ncclNumber(double v, int width)
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
QByteArray syntheticLog(const Synthetic &s)
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

const char *kHeader = "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n";

} // namespace

class TestCalibrate : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    static Run runCalibrate(const QStringList &args, const QByteArray &stdinData = QByteArray())
    {
        return runCommtax(QStringList{QStringLiteral("calibrate")} + args, stdinData);
    }

private Q_SLOTS:
    // ---- every real fixture -------------------------------------------------------------------

    void fixtures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("rows");
        QTest::addColumn<double>("indexBusbw"); // INDEX.md's figure, out-of-place busbw
        QTest::addColumn<qint64>("indexSize");  // at this size
        QTest::addColumn<double>("peak");       // the largest busbw of the table
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("nodes"); // 0: unknown (no device list)
        QTest::addColumn<int>("perNode");
        QTest::addColumn<double>("footer"); // -1: no footer
        QTest::addColumn<QStringList>("missing");
        const qint64 GiB = 1ll << 30;
        const QStringList fragment = {QStringLiteral("device_list"), QStringLiteral("collective_name"),
                                      QStringLiteral("nodes"), QStringLiteral("latency")};
        QTest::addRow("gcp a3mega H100 2x8") << "gcp_a3mega_h100_2node_16gpu_tcpxo.txt" << 31 << 338.82 << 8 * GiB << 338.82
                                             << 16 << 2 << 8 << 70.742 << QStringList{QStringLiteral("collective_name")};
        QTest::addRow("A40 pair NV4") << "llminsights_a40_2gpu_nvlink_NV4_fragment.txt" << 4 << 47.49 << 8 * GiB << 47.49 << 2
                                      << 0 << 0 << 47.4509 << fragment;
        QTest::addRow("DGX A100 x4") << "llminsights_dgxa100_4gpu_fragment.txt" << 4 << 234.72 << 8 * GiB << 234.72 << 4 << 0
                                     << 0 << 222.066 << fragment;
        QTest::addRow("DGX A100 x4 P2P off") << "llminsights_dgxa100_4gpu_p2pdisabled_fragment.txt" << 4 << 5.20 << 8 * GiB
                                             << 5.20 << 4 << 0 << 0 << 5.19883 << fragment;
        QTest::addRow("DGX H100 x4") << "llminsights_dgxh100_4gpu_fragment.txt" << 4 << 370.70 << 8 * GiB << 370.70 << 4 << 0
                                     << 0 << 369.941 << fragment;
        // INDEX.md gives the 8 GiB figure (19.98); the file peaks at 24.27 GB/s at 2 GiB (line 5).
        QTest::addRow("DGX H100 x4 P2P off") << "llminsights_dgxh100_4gpu_p2pdisabled_fragment.txt" << 4 << 19.98 << 8 * GiB
                                             << 24.27 << 4 << 0 << 0 << 22.9255 << fragment;
        QTest::addRow("OCI OKE A100 2x8") << "oci_oke_a100sxm40_2node_16gpu_rdma.txt" << 31 << 237.94 << 8 * GiB << 237.94 << 16
                                          << 2 << 8 << 66.4834 << QStringList{QStringLiteral("collective_name")};
        QTest::addRow("OCI Slurm A100 v2.17.9") << "oci_slurm_a100sxm40_b4.8_2node_v2.17.9_trimmed.txt" << 4 << 189.60
                                                << 8 * GiB << 189.60 << 16 << 2 << 8 << -1.0
                                                << QStringList{QStringLiteral("device_list_incomplete"),
                                                               QStringLiteral("footer"), QStringLiteral("latency")};
        QTest::addRow("OCI Slurm MI300X rccl") << "oci_slurm_mi300x_2node_rccl_trimmed.txt" << 5 << 358.37 << 16 * GiB << 358.37
                                               << 16 << 2 << 8 << -1.0
                                               << QStringList{QStringLiteral("device_list_incomplete"),
                                                              QStringLiteral("footer"), QStringLiteral("latency")};
        QTest::addRow("H200 2x8 one RDMA interface") << "schmaustech_h200_2node_16gpu_single_rdma_if.txt" << 32 << 92.35
                                                     << 8 * GiB << 92.35 << 16 << 2 << 8 << 36.2205 << QStringList();
        QTest::addRow("L40S 2x1 socket") << "schmaustech_l40s_2node_1gpu_each_socket.txt" << 31 << 8.11 << 8 * GiB << 8.11 << 2
                                         << 2 << 1 << 3.98762 << QStringList();
        QTest::addRow("L40S 2x2 IB") << "schmaustech_l40s_2node_2gpu_each_ib.txt" << 31 << 9.63 << 8 * GiB << 9.63 << 4 << 2 << 2
                                     << 4.74277 << QStringList();
    }

    void fixtures()
    {
        QFETCH(QString, file);
        QFETCH(int, rows);
        QFETCH(double, indexBusbw);
        QFETCH(qint64, indexSize);
        QFETCH(double, peak);
        QFETCH(int, ranks);
        QFETCH(int, nodes);
        QFETCH(int, perNode);
        QFETCH(double, footer);
        QFETCH(QStringList, missing);

        LogParse log;
        ParseError err;
        QVERIFY2(parse(fixture(file), log, err), err.message.c_str());
        QCOMPARE(log.tables.size(), size_t(1));
        const ResultTable &t = log.tables.front();
        QCOMPARE(int(t.rows.size()), rows);
        const auto at = std::find_if(t.rows.begin(), t.rows.end(), [&](const ResultRow &r) { return qint64(r.size_bytes) == indexSize; });
        QVERIFY(at != t.rows.end());
        QCOMPARE(at->out_of_place.busbw_gbps, indexBusbw); // printed with two decimals: exact

        const Calibration c = calibrated(fixture(file));
        QCOMPARE(int(c.collective), int(Collective::AllReduce));
        QCOMPARE(c.peak_busbw_gbps, peak);
        QCOMPARE(c.ranks, ranks);
        QCOMPARE(c.nodes, nodes);
        QCOMPARE(c.ranks_per_node, perNode);
        QCOMPARE(int(c.scope), int(nodes > 1 ? Scope::InterNode : Scope::Unknown));
        if (footer < 0) {
            QVERIFY(!c.footer_avg_busbw_gbps);
        } else {
            QCOMPARE(*c.footer_avg_busbw_gbps, footer);
            // nccl-tests' footer is the mean busbw over every size, out-of-place and in-place
            // (common.cu adds both to bw[0]): never a peak. The rows print two decimals, so their
            // mean can differ from the footer (exact values, %g) by up to 0.005.
            QVERIFY2(std::fabs(c.mean_busbw_gbps - footer) <= 0.005 + 1e-5 * footer, qPrintable(QString::number(c.mean_busbw_gbps)));
            QVERIFY(footer < 0.5 * c.peak_busbw_gbps || rows <= 4);
        }
        QStringList got;
        for (const std::string &m : c.missing)
            got << QString::fromStdString(m);
        got.sort();
        missing.sort();
        QCOMPARE(got, missing);
        // INDEX.md: algbw = size/time within 5% and, for all_reduce, busbw/algbw = 2(n-1)/n on
        // every row; the importer finds the same.
        QVERIFY(!anyContains(c.warnings, "misaligned"));
        QVERIFY(!anyContains(c.warnings, "does not match"));
        const double factor = 2.0 * (ranks - 1) / ranks;
        for (const ResultRow &r : t.rows)
            if (r.out_of_place.algbw_gbps >= 10)
                QVERIFY(nearSymmetric(r.out_of_place.busbw_gbps / r.out_of_place.algbw_gbps, factor, 1e-3));
    }

    void fixtureDetails()
    {
        // gcp: the device list names the GPU and two hosts of eight.
        LogParse log;
        ParseError err;
        QVERIFY(parse(fixture(QStringLiteral("gcp_a3mega_h100_2node_16gpu_tcpxo.txt")), log, err));
        const ResultTable &g = log.tables.front();
        QCOMPARE(log.lines, 56);
        QCOMPARE(g.devices.size(), size_t(16));
        QCOMPARE(g.devices[9].host, std::string("ztan-mig-gq73"));
        QCOMPARE(g.devices[9].gpu_name, std::string("NVIDIA H100 80GB HBM3"));
        QCOMPARE(g.header_line, 22);
        QCOMPARE(g.rows.front().line, 24);
        QCOMPARE(g.rows.front().out_of_place.time_us, 135.8);
        QCOMPARE(g.rows.front().in_place.time_us, 123.5);
        QCOMPARE(matchGpuPreset(PresetCatalog::builtIn(), QString::fromStdString(g.devices[0].gpu_name)),
                 QStringLiteral("h100-sxm"));

        // OCI Slurm 2.17.9: version line, the test named in the banner, NCCL version between the
        // device list and the header, the trimmed device list (ranks 0, 7, 8, 15).
        QVERIFY(parse(fixture(QStringLiteral("oci_slurm_a100sxm40_b4.8_2node_v2.17.9_trimmed.txt")), log, err));
        const ResultTable &s = log.tables.front();
        QCOMPARE(s.tests_version, std::string("2.17.9"));
        QCOMPARE(s.test_name, std::string("all_reduce_perf"));
        QCOMPARE(s.nccl_version, std::string("2.29.3+cuda13.1"));
        QCOMPARE(s.devices.size(), size_t(4));
        QCOMPARE(log.foreign_lines, 6); // 5 environment lines and the NCCL version line

        // rccl-tests: no GPU name on the device lines, the 17-digit size row.
        QVERIFY(parse(fixture(QStringLiteral("oci_slurm_mi300x_2node_rccl_trimmed.txt")), log, err));
        QCOMPARE(log.tables.front().tool, std::string("rccl-tests"));
        QVERIFY(log.tables.front().devices.front().gpu_name.empty());
        QCOMPARE(log.tables.front().rows.back().size_bytes, quint64(17179869184ull));

        // L40S: "Reducing maxBytes" is carried as a note; the mpirun line names the test.
        QVERIFY(parse(fixture(QStringLiteral("schmaustech_l40s_2node_1gpu_each_socket.txt")), log, err));
        QCOMPARE(log.tables.front().test_name, std::string("all_reduce_perf"));
        QVERIFY(std::any_of(log.tables.front().notes.begin(), log.tables.front().notes.end(),
                            [](const Note &n) { return n.line == 8 && n.text.find("Reducing maxBytes") != std::string::npos; }));
    }

    void plateauAndPeak()
    {
        // Plateau: median of the busbw at >= 256 MiB within 10% of the best there (docs/model.md §4:
        // busbw plateaus only at 256 MiB-1 GiB). gcp: 318.40, 330.58, 338.82 -> 330.58.
        Calibration c = calibrated(fixture(QStringLiteral("gcp_a3mega_h100_2node_16gpu_tcpxo.txt")));
        QCOMPARE(*c.plateau_busbw_gbps, 330.58);
        QCOMPARE(c.peak_size_bytes, quint64(8589934592ull));
        QVERIFY(anyContains(c.warnings, "not name the test"));
        // DGX H100 P2P off: peak 24.27 at 2 GiB, then a fall to 19.98 at 8 GiB.
        c = calibrated(fixture(QStringLiteral("llminsights_dgxh100_4gpu_p2pdisabled_fragment.txt")));
        QCOMPARE(c.peak_size_bytes, quint64(2147483648ull));
        QVERIFY(anyContains(c.warnings, "falls from 24.27 GB/s at 2 GiB to 19.98 GB/s at 8 GiB"));
        // A sweep that stops at 64 MiB has no plateau.
        Synthetic s;
        s.maxBytes = 64.0 * (1 << 20);
        c = calibrated(syntheticLog(s));
        QVERIFY(!c.plateau_busbw_gbps);
        QVERIFY(has(c.missing, "plateau"));
        QVERIFY(anyContains(c.warnings, "the largest size is 64 MiB"));
        // DGX A100 x4: in-place 164.13 against out-of-place 232.81 at 4 GiB is a noisy measurement.
        c = calibrated(fixture(QStringLiteral("llminsights_dgxa100_4gpu_fragment.txt")));
        QVERIFY(anyContains(c.warnings, "differ by 30% at 4 GiB (line 6)"));
    }

    // ---- the fit ----------------------------------------------------------------------------

    void fitExact()
    {
        // Three points on T = 20 us + S / 100 kB/us: alpha 20 us, busbw 100 GB/s at factor 1.
        const std::vector<double> s = {1e3, 1e6, 1e9}, t = {20.01, 30, 10020};
        const AlphaBetaFit f = fitAlphaBeta(s, t, 1.0);
        QVERIFY(f.ok);
        QVERIFY(nearSymmetric(*f.alpha_us, 20.0, 1e-9));
        QVERIFY(nearSymmetric(f.bw_gbps, 100.0, 1e-9));
        QVERIFY(f.rms_residual < 1e-12);
        QVERIFY(nearSymmetric(f.busBwGbps(1e9), 1e9 / 10020.0 / 1e3, 1e-12));
        // Sizes that cannot show the latency: through the origin, alpha empty.
        const AlphaBetaFit big = fitAlphaBeta({1e9, 2e9}, {10000, 20000}, 1.5);
        QVERIFY(big.ok && !big.alpha_us);
        QVERIFY(nearSymmetric(big.bw_gbps, 150.0, 1e-12)); // 1.5 * 1e9 B / 10000 us
        // Time that does not grow with size: nothing to fit.
        QVERIFY(!fitAlphaBeta({8, 16, 32}, {30, 30, 29}, 1.0).ok);
        QVERIFY(!fitAlphaBeta({8}, {30}, 1.0).ok);
    }

    void fitRecoversSyntheticLog_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<double>("alpha");
        QTest::addColumn<double>("busbw");
        QTest::addColumn<double>("noise");
        QTest::addRow("8 GPUs NVLink, no noise") << 8 << 1 << 25.0 << 180.0 << 0.0;
        QTest::addRow("8 GPUs NVLink, 1%% noise") << 8 << 1 << 25.0 << 180.0 << 0.01;
        QTest::addRow("16 GPUs 2 nodes, 2%% noise") << 16 << 2 << 60.0 << 92.0 << 0.02;
        QTest::addRow("2 GPUs PCIe, 1%% noise") << 2 << 1 << 12.0 << 8.0 << 0.01;
    }

    void fitRecoversSyntheticLog()
    {
        QFETCH(int, ranks);
        QFETCH(int, nodes);
        QFETCH(double, alpha);
        QFETCH(double, busbw);
        QFETCH(double, noise);
        Synthetic s;
        s.ranks = ranks;
        s.nodes = nodes;
        s.alphaUs = alpha;
        s.busbwGbps = busbw;
        s.noise = noise;
        const Calibration c = calibrated(syntheticLog(s));
        QCOMPARE(c.ranks, ranks);
        QCOMPARE(c.nodes, nodes);
        QVERIFY(c.fit.ok && c.fit.alpha_us);
        QVERIFY2(nearSymmetric(*c.fit.alpha_us, alpha, 0.02), qPrintable(QString::number(*c.fit.alpha_us)));
        QVERIFY2(nearSymmetric(c.fit.bw_gbps, busbw, 0.02), qPrintable(QString::number(c.fit.bw_gbps)));
        QVERIFY(c.fit.rms_residual < noise + 0.005);
        QCOMPARE(c.fit.points, 31);
    }

    void fitTracksThePlateauOnRealSweeps()
    {
        // Weights 1/time keep the fitted bandwidth on the measured plateau of full 8 B-8 GiB sweeps
        // (relative weights 1/time^2 give 273 instead of about 330 GB/s on gcp: see fitAlphaBeta).
        for (const char *f : {"gcp_a3mega_h100_2node_16gpu_tcpxo.txt", "oci_oke_a100sxm40_2node_16gpu_rdma.txt",
                              "schmaustech_h200_2node_16gpu_single_rdma_if.txt", "schmaustech_l40s_2node_1gpu_each_socket.txt",
                              "schmaustech_l40s_2node_2gpu_each_ib.txt"}) {
            const Calibration c = calibrated(fixture(QLatin1String(f)));
            QVERIFY2(nearSymmetric(c.fit.bw_gbps, *c.plateau_busbw_gbps, 0.03), f);
            QVERIFY2(c.fit.alpha_us && *c.fit.alpha_us > 0, f);
            // The latency lands near the smallest sizes' times (gcp 123-136 us, H200 32-59 us).
            QVERIFY2(*c.fit.alpha_us < 1.5 * c.rows.front().time_us, f);
        }
    }

    // ---- the comparison with the engine ----------------------------------------------------

    void modelComparisonByHand()
    {
        // DGX H100, 4 GPUs in a node (no device list: 1 node assumed from the preset's 8 per node).
        // Engine: busbw = 450 GB/s * 0.82 = 369 GB/s; latency 8.4 + 2(4-1) * 3.4 = 28.8 us.
        // At 8 GiB: T = 28.8 us + 1.5 * 8589934592 / 369e9 s, model busbw = 1.5 * S / T.
        const Plan hw = hardware("h100-sxm", "dgx-h100");
        const Calibration c = calibrated(fixture(QStringLiteral("llminsights_dgxh100_4gpu_fragment.txt")), &hw);
        QVERIFY(c.model.available);
        QVERIFY(c.model.nodes_assumed);
        QCOMPARE(c.model.nodes, 1);
        QVERIFY(nearSymmetric(c.model.link_busbw_gbps, 369.0, 1e-12));
        QVERIFY(nearSymmetric(c.model.latency_us, 28.8, 1e-12));
        const double S = 8589934592.0, T = 28.8e-6 + 1.5 * S / 369e9;
        QVERIFY(nearSymmetric(c.rows.back().model_busbw_gbps, 1.5 * S / T / 1e9, 1e-9));
        QVERIFY(nearSymmetric(c.rows.back().vs_model, T / 34758e-6, 1e-9)); // measured 34758 us
        QCOMPARE(c.model.sizes_below, 0);
        QVERIFY(!c.above_line_rate);
        QCOMPARE(int(c.calibrated.scope), int(Scope::IntraNode));

        // The same box with P2P disabled measures 16-24 GB/s: every size is flagged.
        const Calibration off = calibrated(fixture(QStringLiteral("llminsights_dgxh100_4gpu_p2pdisabled_fragment.txt")), &hw);
        QCOMPARE(off.model.sizes_below, 4);
        QCOMPARE(off.model.sizes_compared, 4);
        QVERIFY(std::all_of(off.rows.begin(), off.rows.end(), [](const CalibrationRow &r) { return r.below_model; }));
        QVERIFY(anyContains(off.warnings, "more than 20% below the model (dgx-h100, h100-sxm) at 4 of 4 sizes (1 GiB-8 GiB)"));
    }

    void crossNodeComparison()
    {
        // gcp on DGX H100: 16 ranks, 8 per node, rail-optimised: busbw = min(450*0.82, 8 * 400/8 * 0.9)
        // = min(369, 360) = 360 GB/s; latency 8.4 + min(ring 2*15*14, tree 2*log2(2)*14 + 2*7*3.4)
        // = 8.4 + 75.6 = 84 us (collectives.cpp takes the cheaper).
        const Plan hw = hardware("h100-sxm", "dgx-h100");
        const Calibration c = calibrated(fixture(QStringLiteral("gcp_a3mega_h100_2node_16gpu_tcpxo.txt")), &hw);
        QCOMPARE(int(c.scope), int(Scope::InterNode));
        QVERIFY(nearSymmetric(c.model.link_busbw_gbps, 360.0, 1e-12));
        QVERIFY(nearSymmetric(c.model.line_gbps, 400.0, 1e-12));
        QVERIFY(nearSymmetric(c.model.latency_us, 84.0, 1e-12));
        QVERIFY(!c.model.nodes_assumed);
        // 8 B: model 84 us against 135.8 measured -> 62% of the model: flagged.
        QVERIFY(c.rows.front().below_model);
        QVERIFY(nearSymmetric(c.rows.front().vs_model, (84e-6 + 1.875 * 8 / 360e9) / 135.8e-6, 1e-9));
        // 8 GiB: 47535 us measured; model 84 us + 1.875 * S / 360 GB/s = 44823 us -> 94%: not flagged.
        QVERIFY(!c.rows.back().below_model);
        QVERIFY(nearSymmetric(c.rows.back().vs_model, (84e-6 + 1.875 * 8589934592.0 / 360e9) / 47535e-6, 1e-9));
    }

    void nvlsAndSharpAreNotLinkBandwidth()
    {
        // 8 H100 in one node at 480 GB/s busbw: above NVLink's 450 GB/s per direction, which only
        // NVLS (NVLink SHARP) reaches (docs/model.md §4: about 480 NVLS against 370 with the ring).
        Synthetic s;
        s.busbwGbps = 480;
        s.alphaUs = 30;
        const Plan hw = hardware("h100-sxm", "dgx-h100");
        const Calibration c = calibrated(syntheticLog(s), &hw);
        QVERIFY(c.above_line_rate);
        QVERIFY(anyContains(c.warnings, "NVLS"));
        QVERIFY(!c.calibrated.efficiency); // not taken as link efficiency
        QVERIFY(c.calibrated.step_latency_us.has_value());

        // Two 8-GPU A100 nodes at 238 GB/s against 8 x 200 Gb/s = 200 GB/s of NICs (OCI OKE):
        // more than a ring can move across the network.
        const Plan a100 = hardware("a100-sxm-80gb", "dgx-a100");
        const Calibration x = calibrated(fixture(QStringLiteral("oci_oke_a100sxm40_2node_16gpu_rdma.txt")), &a100);
        QVERIFY(x.above_line_rate);
        QVERIFY(anyContains(x.warnings, "tree"));
        QVERIFY(!x.calibrated.efficiency);
        // ... while the Slurm run on the same kind of hardware (189.6 GB/s) is below the line rate.
        const Calibration y = calibrated(fixture(QStringLiteral("oci_slurm_a100sxm40_b4.8_2node_v2.17.9_trimmed.txt")), &a100);
        QVERIFY(!y.above_line_rate);
        QVERIFY(y.calibrated.efficiency && nearSymmetric(*y.calibrated.efficiency, y.fit.bw_gbps / 200.0, 1e-12));
    }

    void calibratedLinkReproducesTheFit_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("cluster");
        QTest::addColumn<int>("nodes");
        QTest::addRow("L40S 2x2 over IB") << "schmaustech_l40s_2node_2gpu_each_ib.txt"
                                          << "l40s"
                                          << "l40s-pcie" << 0;
        QTest::addRow("gcp H100 2x8") << "gcp_a3mega_h100_2node_16gpu_tcpxo.txt"
                                      << "h100-sxm"
                                      << "dgx-h100" << 0;
        QTest::addRow("H200 2x8") << "schmaustech_h200_2node_16gpu_single_rdma_if.txt"
                                  << "h200-sxm"
                                  << "hgx-h200" << 0;
        QTest::addRow("DGX A100 x4 in a node") << "llminsights_dgxa100_4gpu_fragment.txt"
                                               << "a100-sxm-80gb"
                                               << "dgx-a100" << 1;
    }

    void calibratedLinkReproducesTheFit()
    {
        // Plug the calibrated efficiency and step latency into the presets: the engine must then
        // give the fitted time at every size (it is the same alpha-beta form).
        QFETCH(QString, file);
        QFETCH(QString, gpu);
        QFETCH(QString, cluster);
        QFETCH(int, nodes);
        Plan hw = hardware(qPrintable(gpu), qPrintable(cluster));
        CalibrationOptions opt;
        opt.nodes = nodes;
        const Calibration c = calibrated(fixture(file), &hw, opt);
        QVERIFY(c.calibrated.available && c.calibrated.efficiency);
        const bool inter = c.calibrated.scope == Scope::InterNode;
        if (inter) {
            hw.cluster.nic_efficiency = *c.calibrated.efficiency;
            if (c.calibrated.step_latency_us)
                hw.cluster.nic_latency_us = *c.calibrated.step_latency_us;
        } else {
            hw.gpu.intra_efficiency = *c.calibrated.efficiency;
            if (c.calibrated.step_latency_us)
                hw.gpu.intra_latency_us = *c.calibrated.step_latency_us;
        }
        const GroupLink g = groupLink(hw.gpu, hw.cluster, c.model.ranks, c.model.nodes, c.model.ranks_per_node);
        // Without a measurable latency the fit has none while the engine keeps its own (28.8 us
        // against 55 ms at 8 GiB): compare where bandwidth rules. The same when the fitted latency
        // is below the engine's fixed part (the ring's intra-node steps at the GPU's step latency,
        // as NCCL's tuner counts them): the step latency is set to 0 with a note.
        bool belowFixed = false;
        for (const std::string &n : c.calibrated.notes)
            belowFixed = belowFixed || n.find("below the model's fixed part") != std::string::npos;
        const bool latencyFits = c.fit.alpha_us && !belowFixed;
        const std::vector<double> sizes = latencyFits ? std::vector<double>{1048576.0, 268435456.0, 8589934592.0}
                                                      : std::vector<double>{8589934592.0};
        for (double size : sizes) {
            const double engine = collectiveTimeS(c.collective, size, g) * 1e6;
            QVERIFY2(nearSymmetric(engine, c.fit.timeUs(size), latencyFits ? 1e-6 : 1e-3),
                     qPrintable(QStringLiteral("%1: engine %2 us, fit %3 us").arg(size).arg(engine).arg(c.fit.timeUs(size))));
        }
    }

    // ---- topology -------------------------------------------------------------------------

    void ranksFromTheBusFactor()
    {
        // Without a device list, busbw/algbw = 2(n-1)/n tells n when only one whole number fits the
        // printed digits; at 512 ranks (1.99609) several do, so the ranks stay unknown.
        Synthetic s;
        s.deviceList = false;
        s.ranks = 16;
        QCOMPARE(calibrated(syntheticLog(s)).ranks, 16);
        s.ranks = 512;
        s.busbwGbps = 300;
        const Calibration c = calibrated(syntheticLog(s));
        QCOMPARE(c.ranks, 0);
        QVERIFY(has(c.missing, "ranks"));
        // Given ranks are used, and checked against the bus factor.
        CalibrationOptions opt;
        opt.ranks = 512;
        opt.nodes = 64;
        const Calibration given = calibrated(syntheticLog(s), nullptr, opt);
        QCOMPARE(given.ranks, 512);
        QCOMPARE(given.ranks_per_node, 8);
        QVERIFY(!anyContains(given.warnings, "does not match"));
        opt.ranks = 8;
        opt.nodes = 1;
        QVERIFY(anyContains(calibrated(syntheticLog(s), nullptr, opt).warnings, "does not match all_reduce on 8 ranks"));
        // A given count that contradicts the device list wins, with a warning.
        s.ranks = 16;
        s.nodes = 2;
        s.deviceList = true;
        opt.ranks = 8;
        opt.nodes = 0;
        const Calibration over = calibrated(syntheticLog(s), nullptr, opt);
        QCOMPARE(over.ranks, 8);
        QVERIFY(anyContains(over.warnings, "--ranks 8 differs from the device list (16 ranks)"));
    }

    void collectivesFromTheirColumns_data()
    {
        QTest::addColumn<QString>("test");
        QTest::addColumn<bool>("named");
        QTest::addColumn<int>("expected");
        for (const char *t : {"all_reduce_perf", "all_gather_perf", "reduce_scatter_perf", "alltoall_perf", "broadcast_perf",
                              "reduce_perf"}) {
            Collective c = Collective::AllReduce;
            collectiveFromTestName(t, c);
            QTest::addRow("%s named", t) << QString::fromLatin1(t) << true << int(c);
            // Unnamed: redop, root and busbw/algbw tell them apart; alltoall has all-gather's factor.
            QTest::addRow("%s unnamed", t) << QString::fromLatin1(t) << false
                                           << int(c == Collective::AllToAll ? Collective::AllGather : c);
        }
    }

    void collectivesFromTheirColumns()
    {
        QFETCH(QString, test);
        QFETCH(bool, named);
        QFETCH(int, expected);
        const QByteArray name = test.toLatin1();
        Synthetic s;
        s.test = name.constData();
        QByteArray log = syntheticLog(s);
        if (!named)
            log = log.mid(log.indexOf('\n') + 1); // drop the mpirun line that names the test
        const Calibration c = calibrated(log);
        QCOMPARE(int(c.collective), expected);
        QCOMPARE(c.ranks, 8);
        QCOMPARE(has(c.missing, "collective_name"), !named);
        QVERIFY(nearSymmetric(c.fit.bw_gbps, 180.0, 0.02));
    }

    // ---- format eras and messy logs ------------------------------------------------------------

    void formatEras_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("collective");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<double>("lastBusbw");
        QTest::addColumn<bool>("validated");

        // 2016 (nccl-tests 1.x): "bytes N type op ... res".
        QTest::addRow("2016 bytes/N/op/res")
            << QByteArray("# Using devices\n"
                          "#   Rank  0 Pid  4012 on    dgx1 device  0 [0x06] Tesla P100-SXM2-16GB\n"
                          "#   Rank  1 Pid  4012 on    dgx1 device  1 [0x07] Tesla P100-SXM2-16GB\n"
                          "#   Rank  2 Pid  4012 on    dgx1 device  2 [0x0a] Tesla P100-SXM2-16GB\n"
                          "#   Rank  3 Pid  4012 on    dgx1 device  3 [0x0b] Tesla P100-SXM2-16GB\n"
                          "#      bytes             N    type      op        out-of-place                    in-place\n"
                          "#      bytes             N    type      op     time  algbw  busbw      res     time  algbw  busbw      res\n"
                          "    10000000       2500000   float     sum    926.5  10.79  16.19    1e-06    918.2  10.89  16.34    1e-06\n"
                          "   100000000      25000000   float     sum     8654  11.56  17.33    1e-06     8655  11.55  17.33    1e-06\n")
            << 2 << int(Collective::AllReduce) << 4 << 17.33 << true;
        // 2018: all_gather with no redop and no root column, float error column.
        QTest::addRow("2018 all_gather, error column")
            << QByteArray("#\n"
                          "#                                             out-of-place                       in-place\n"
                          "#       size         count    type     time   algbw   busbw  error     time   algbw   busbw  error\n"
                          "#        (B)    (elements)             (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)\n"
                          "     1048576         32768   float    86.36   12.14   10.63  0e+00    85.91   12.21   10.68  0e+00\n"
                          "   134217728       4194304   float     1013  132.50  115.94  0e+00     1012  132.63  116.05  0e+00\n")
            << 2 << int(Collective::AllGather) << 8 << 115.94 << true;
        // 2019: broadcast with a root column and no redop.
        QTest::addRow("2019 broadcast with root")
            << QByteArray("#       size         count    type    root     time   algbw   busbw  error     time   algbw   busbw  error\n"
                          "   134217728      33554432   float       0     1103  121.68  121.68  0e+00     1102  121.80  121.80  0e+00\n"
                          "   268435456      67108864   float       0     2189  122.63  122.63  0e+00     2190  122.57  122.57  0e+00\n")
            << 2 << int(Collective::Broadcast) << 0 << 122.63 << true;
        // 2021-2024: validation off prints N/A.
        QTest::addRow("validation off (N/A)")
            << (QByteArray(kHeader) + "   268435456      67108864     float     sum      -1   2360.9  113.70  213.19    N/A   2359.9  113.75  213.28    N/A\n"
                                      "   536870912     134217728     float     sum      -1   3817.5  140.63  263.69    N/A   3828.0  140.25  262.97    N/A\n")
            << 2 << int(Collective::AllReduce) << 16 << 263.69 << false;
        // 2025: cputime, per-iteration statistics and a timestamp column.
        QTest::addRow("2025 per-iteration and timestamp")
            << QByteArray("# nccl-tests version 2.18.0 nccl-headers=22803 nccl-library=22803\n"
                          "# Collective test starting: reduce_scatter_perf\n"
                          "#       size         count      type   redop    root  cputime   algbw   busbw  #wrong    i_min    i_max    i_p99    i_cv%  cputime   algbw   busbw  #wrong    i_min    i_max    i_p99    i_cv%           timestamp\n"
                          "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)     (us)     (us)      (%)     (us)  (GB/s)  (GB/s)             (us)     (us)     (us)      (%) %Y-%m-%d %H:%M:%S\n"
                          "  1073741824      16777216     float     sum      -1   7163.5  149.89  140.52       0   7100.1   7301.2   7290.0     0.84   7161.8  149.93  140.56       0   7099.0   7280.3   7279.9     0.80  2025-03-01 10:00:01\n"
                          "  2147483648      33554432     float     sum      -1    13989  153.51  143.92       0    13900    14100    14090     0.50    13997  153.42  143.83       0    13910    14120    14101     0.51  2025-03-01 10:00:02\n"
                          "# Out of bounds values : 0 OK\n"
                          "# Avg bus bandwidth    : 142.208 \n#\n# Collective test concluded: reduce_scatter_perf\n")
            << 2 << int(Collective::ReduceScatter) << 16 << 143.92 << true;
        // In place only (trace replay): nccl-tests leaves 32 blanks where out-of-place would be.
        QTest::addRow("in-place only")
            << (QByteArray(kHeader) + "   268435456      67108864     float     sum      -1                                   2359.9  113.75  213.28       0\n"
                                      "   536870912     134217728     float     sum      -1                                   3828.0  140.25  262.97       0\n")
            << 2 << int(Collective::AllReduce) << 16 << 262.97 << true;
        // sendrecv_perf: busbw = algbw, "sum" printed, no in-place check.
        QTest::addRow("sendrecv, unnamed")
            << (QByteArray(kHeader) + "   268435456      67108864     float     sum      -1    11033   24.33   24.33       0    11030   24.34   24.34    N/A\n"
                                      "   536870912     134217728     float     sum      -1    22043   24.36   24.36       0    22050   24.35   24.35    N/A\n")
            << 2 << int(Collective::SendRecv) << 0 << 24.36 << true;
        // rccl-tests, 2020: "# nThread: 1 nGpus: 8 ..." with colons.
        QTest::addRow("rccl-tests 2020")
            << QByteArray("# nThread: 1 nGpus: 2 minBytes: 8 maxBytes: 8589934592 step: 2(factor) warmupIters: 5 iters: 20 validation: 1 \n"
                          "#\n# Using devices\n"
                          "#   Rank  0 Pid  90321 on mi250-01 device  0 [0x29] AMD Instinct MI250X\n"
                          "#   Rank  1 Pid  90321 on mi250-01 device  1 [0x2c] AMD Instinct MI250X\n"
                          "#\n"
                          "#                                                       out-of-place                       in-place          \n"
                          "#       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  error\n"
                          "#        (B)    (elements)                       (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       \n"
                          "  4294967296    1073741824     float     sum    53118   80.86   80.86  0e+00    53120   80.85   80.85  0e+00\n"
                          "  8589934592    2147483648     float     sum   106190   80.89   80.89  2e-06*  106210   80.88   80.88  0e+00\n"
                          "# Errors with asterisks indicate errors that have exceeded the maximum threshold.\n"
                          "# Out of bounds values : 1 FAILED\n# Avg bus bandwidth    : 80.87 \n")
            << 2 << int(Collective::AllReduce) << 2 << 80.89 << true;
    }

    void formatEras()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, rows);
        QFETCH(int, collective);
        QFETCH(int, ranks);
        QFETCH(double, lastBusbw);
        QFETCH(bool, validated);
        LogParse log;
        ParseError err;
        QVERIFY2(parse(text, log, err), err.message.c_str());
        QCOMPARE(log.tables.size(), size_t(1));
        const ResultTable &t = log.tables.front();
        QCOMPARE(int(t.rows.size()), rows);
        QCOMPARE(t.rows.back().primary().busbw_gbps, lastBusbw);
        QCOMPARE(t.rows.back().primary().validated, validated);
        const Calibration c = calibrated(text);
        QCOMPARE(int(c.collective), collective);
        QCOMPARE(c.ranks, ranks);
        QVERIFY(c.fit.ok);
    }

    void eraDetails()
    {
        LogParse log;
        ParseError err;
        // The old error column's '*' and "Out of bounds : 1 FAILED" are data errors.
        const QByteArray rccl = "#       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  error\n"
                                "  8589934592    2147483648     float     sum   106190   80.89   80.89  2e-06*  106210   80.88   80.88  0e+00\n"
                                "# Out of bounds values : 1 FAILED\n";
        QVERIFY(parse(rccl, log, err));
        QVERIFY(log.tables.front().rows.front().out_of_place.failed);
        QVERIFY(!log.tables.front().rows.front().in_place.failed);
        const Calibration c = calibrated(rccl);
        QVERIFY(anyContains(c.warnings, "1 measurements failed nccl-tests' data check"));
        QVERIFY(anyContains(c.warnings, "1 out-of-bounds values"));
        // In-place only rows: calibration uses the in-place numbers.
        const QByteArray inPlace = QByteArray(kHeader)
            + "   536870912     134217728     float     sum      -1                                   3828.0  140.25  262.97       0\n";
        QVERIFY(parse(inPlace, log, err));
        QVERIFY(!log.tables.front().rows.front().out_of_place.present);
        QCOMPARE(log.tables.front().rows.front().in_place.time_us, 3828.0);
        // A row cut after its out-of-place half keeps that half.
        const QByteArray cut = QByteArray(kHeader)
            + "   268435456      67108864     float     sum      -1   2360.9  113.70  213.19      0   2359.9  113.75  213.28      0\n"
              "   536870912     134217728     float     sum      -1   3817.5  140.63  263.69      0\n";
        QVERIFY(parse(cut, log, err));
        QCOMPARE(log.tables.front().rows.size(), size_t(2));
        QVERIFY(log.tables.front().rows.back().out_of_place.present && !log.tables.front().rows.back().in_place.present);
        QVERIFY(std::any_of(log.tables.front().notes.begin(), log.tables.front().notes.end(),
                            [](const Note &n) { return n.line == 3 && n.text.find("in-place columns missing") != std::string::npos; }));
        // Rows pasted without a header: the standard layout is assumed and said.
        const QByteArray bare = "   268435456      67108864     float     sum      -1   2360.9  113.70  213.19      0   2359.9  113.75  213.28      0\n"
                                "   536870912     134217728     float     sum      -1   3817.5  140.63  263.69      0   3828.0  140.25  262.97      0\n";
        QVERIFY(parse(bare, log, err));
        QCOMPARE(log.tables.front().header_line, 0);
        QCOMPARE(log.tables.front().rows.size(), size_t(2));
        QVERIFY(has(calibrated(bare).missing, "header"));
    }

    void messyLogs_data()
    {
        QTest::addColumn<QByteArray>("text");
        const QByteArray gcp = fixture(QStringLiteral("gcp_a3mega_h100_2node_16gpu_tcpxo.txt"));
        const QList<QByteArray> lines = gcp.split('\n');
        auto each = [&lines](const std::function<QByteArray(const QByteArray &, int)> &f) {
            QByteArray out;
            for (int i = 0; i < lines.size(); ++i) {
                out += f(lines[i], i);
                out += '\n';
            }
            return out;
        };
        // QStringBuilder would keep references to temporaries here: build each line explicitly.
        auto cat = [](QByteArray a, const QByteArray &b) { return a.append(b); };
        QTest::addRow("indented, single spaces") << each([&](const QByteArray &l, int) { return cat("    ", l.simplified()); });
        QTest::addRow("CRLF") << each([&](const QByteArray &l, int) { return cat(l, "\r"); });
        QTest::addRow("Open MPI --tag-output") << each([&](const QByteArray &l, int) { return cat("[1,0]<stdout>:", l); });
        QTest::addRow("srun --label") << each([&](const QByteArray &l, int) { return cat("0: ", l); });
        QTest::addRow("kubectl --timestamps") << each([&](const QByteArray &l, int i) {
            return cat(cat(cat("2025-04-02T10:11:", QByteArray::number(10 + i % 50)), ".123456789Z "), l);
        });
        QTest::addRow("ANSI colours") << each([&](const QByteArray &l, int) { return cat(cat("\x1b[32m", l), "\x1b[0m"); });
        QTest::addRow("NCCL INFO interleaved") << each([&](const QByteArray &l, int i) {
            return cat(l, i % 3 == 0 ? "\nztan-mig-235z:6899:7012 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC" : "");
        });
        QTest::addRow("ssh and mpirun noise first") << "Warning: Permanently added '10.0.0.2' (ED25519) to the list of known hosts.\n"
                                                       "[mpiexec@node] Launch arguments: /usr/bin/ssh -x node1\n"
                                                       "12 warnings generated.\n"
                + gcp;
        QByteArray utf16("\xFF\xFE", 2);
        for (char ch : gcp) {
            utf16 += ch;
            utf16 += '\0';
        }
        QTest::addRow("UTF-16 from PowerShell") << utf16;
    }

    void messyLogs()
    {
        QFETCH(QByteArray, text);
        LogParse log;
        ParseError err;
        QVERIFY2(parse(text, log, err), err.message.c_str());
        QCOMPARE(log.tables.size(), size_t(1));
        const Calibration c = calibrated(text);
        QCOMPARE(c.rows.size(), size_t(31));
        QCOMPARE(c.peak_busbw_gbps, 338.82);
        QCOMPARE(c.ranks, 16);
        QCOMPARE(c.nodes, 2);
        QCOMPARE(*c.footer_avg_busbw_gbps, 70.742);
        QCOMPARE(c.rows[13].in_place_busbw_gbps.value_or(-1), 0.78); // 64 KiB, in place
    }

    void textAfterARowIsIgnored()
    {
        // Another process wrote into nccl-tests' line after its last column: the row is kept, and
        // that is said.
        LogParse log;
        ParseError err;
        const QByteArray spaced = QByteArray(kHeader)
            + "   268435456      67108864     float     sum      -1   2360.9  113.70  213.19      0   2359.9  113.75  213.28      0 node1:7:7 [0] NCCL INFO comm\n"
              "   536870912     134217728     float     sum      -1   3817.5  140.63  263.69      0   3828.0  140.25  262.97      0\n";
        QVERIFY(parse(spaced, log, err));
        QCOMPARE(log.tables.front().rows.size(), size_t(2));
        QVERIFY(std::any_of(log.tables.front().notes.begin(), log.tables.front().notes.end(),
                            [](const Note &n) { return n.line == 2 && n.text.find("text after the last column") != std::string::npos; }));
    }

    void severalTables()
    {
        // Two runs in one log, each with its own device list and name.
        const QByteArray two = fixture(QStringLiteral("schmaustech_l40s_2node_1gpu_each_socket.txt"))
            + fixture(QStringLiteral("schmaustech_l40s_2node_2gpu_each_ib.txt"));
        LogParse log;
        ParseError err;
        QVERIFY(parse(two, log, err));
        QCOMPARE(log.tables.size(), size_t(2));
        QCOMPARE(log.tables[0].devices.size(), size_t(2));
        QCOMPARE(log.tables[1].devices.size(), size_t(4));
        QCOMPARE(log.tables[1].rows.back().out_of_place.busbw_gbps, 9.63);
        QCOMPARE(log.tables[1].header_line, 47 + 14); // line 14 of the second file
    }

    // ---- bad input -----------------------------------------------------------------------------

    void badInput_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        QByteArray garbage;
        quint32 x = 7;
        for (int i = 0; i < 4096; ++i) {
            x = x * 1103515245u + 12345u;
            garbage += char(x >> 16);
        }
        garbage[100] = '\0';
        const QByteArray units = "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n";
        QTest::addRow("empty") << QByteArray() << 0 << "empty input";
        QTest::addRow("white space") << QByteArray("  \n\t\n\r\n") << 0 << "only white space";
        QTest::addRow("binary garbage") << garbage << -1 << "binary data, not a text log";
        QTest::addRow("control characters") << QByteArray(400, '\x01') + "size algbw busbw" << 0 << "binary data";
        QTest::addRow("header with no rows") << QByteArray("# nThread 1 nGpus 1\n#\n") + kHeader + units
                + "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 0 \n"
                                             << 3 << "the result table header has no data rows";
        QTest::addRow("truncated row") << QByteArray(kHeader) + units + "     1048576        262144     float     sum      -1    85.58\n"
                                       << 3 << "truncated row: 6 of 13 columns";
        QTest::addRow("row cut to its size") << QByteArray(kHeader) + "  1073741824\n"
                                             << 2 << "truncated row: 1 of 13 columns";
        QTest::addRow("non-numeric busbw") << QByteArray(kHeader)
                + "     1048576        262144     float     sum      -1    85.58   12.25   abc        0    84.50   12.41   23.27       0\n"
                                           << 2 << "busbw \"abc\" is not a number";
        QTest::addRow("infinite time") << QByteArray(kHeader)
                + "     1048576        262144     float     sum      -1      inf   12.25   22.97       0    84.50   12.41   23.27       0\n"
                                       << 2 << "time \"inf\" is not a number";
        QTest::addRow("negative time") << QByteArray(kHeader)
                + "     1048576        262144     float     sum      -1   -85.58   12.25   22.97       0    84.50   12.41   23.27       0\n"
                                       << 2 << "time \"-85.58\" is negative";
        QTest::addRow("number as type") << QByteArray(kHeader)
                + "     1048576        262144      4.00     sum      -1    85.58   12.25   22.97       0    84.50   12.41   23.27       0\n"
                                        << 2 << "type \"4.00\" is not a data type name";
        QTest::addRow("bad #wrong") << QByteArray(kHeader)
                + "     1048576        262144     float     sum      -1    85.58   12.25   22.97     xyz    84.50   12.41   23.27       0\n"
                                    << 2 << "#wrong \"xyz\" is not a number or N/A";
        QTest::addRow("several bad rows") << QByteArray(kHeader)
                + "     1048576        262144     float     sum      -1    85.58\n     2097152        524288     float\n"
                                          << 2 << "(and 1 more bad row)";
        QTest::addRow("OSU micro-benchmarks") << QByteArray("# OSU MPI-CUDA Allreduce Latency Test v7.1\n# Size       Avg Latency(us)\n8                      12.34\n")
                                              << 0 << "OSU micro-benchmarks";
        QTest::addRow("perftest") << QByteArray(" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n 65536      5000             96.51              96.49                0.184049\n")
                                  << 0 << "perftest";
        QTest::addRow("iperf") << QByteArray("Connecting to host 10.0.0.2, port 5201\n[ ID] Interval           Transfer     Bitrate\n[  5]   0.00-10.00  sec  10.9 GBytes  9.39 Gbits/sec\n")
                               << 0 << "iperf";
        QTest::addRow("JSON") << QByteArray("{\"version\": 2, \"results\": [{\"size\": 8}]}\n") << 1 << "this is JSON";
        QTest::addRow("NCCL INFO only") << QByteArray("node1:1:1 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>\nnode1:1:1 [0] NCCL INFO NET/Plugin: No plugin found\n")
                                        << 0 << "NCCL INFO";
        QTest::addRow("prose") << QByteArray("The cluster was fast today.\nAll tests passed.\n") << 0 << "no nccl-tests result table found";
    }

    void badInput()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(QString, message);
        LogParse log;
        ParseError err;
        QVERIFY(!parse(text, log, err));
        QVERIFY2(QString::fromStdString(err.message).contains(message), err.message.c_str());
        if (line >= 0)
            QCOMPARE(err.line, line);
        QVERIFY(log.tables.empty());
    }

    void badRowsNextToGoodOnesAreSkipped()
    {
        const QByteArray text = QByteArray(kHeader)
            + "   268435456      67108864     float     sum      -1   2360.9  113.70  213.19      0   2359.9  113.75  213.28      0\n"
              "   536870912     134217728     float     sum      -1   3817.5  abc  263.69      0   3828.0  140.25  262.97      0\n"
              "  1073741824     268435456     float     sum      -1   6759.0  158.86  297.86      0   6737.4  159.37  298.82      0\n";
        const Calibration c = calibrated(text);
        QCOMPARE(c.rows.size(), size_t(2));
        QVERIFY(anyContains(c.warnings, "line 3: algbw \"abc\" is not a number: row skipped"));
    }

    // Timings no run produces: the row is refused, naming the field, its line and its column.
    void implausibleRows_data()
    {
        QTest::addColumn<QByteArray>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        QTest::addRow("zero time") << QByteArray("     1048576        262144     float     sum      -1     0.00    0.00    0.00       0     0.00    0.00    0.00       0")
                                   << 58 << "time \"0.00\" is zero";
        QTest::addRow("1e308 time") << QByteArray("     1048576        262144     float     sum      -1    1e308    0.00    0.00       0    84.50   12.41   23.27       0")
                                    << 57 << "time \"1e308\" us is more than an hour for one collective";
        QTest::addRow("time over an hour") << QByteArray("     1048576        262144     float     sum      -1    84.50   12.41   23.27       0   4e+09   12.41   23.27       0")
                                           << 89 << "time \"4e+09\" us is more than an hour";
        QTest::addRow("busbw above 100 TB/s") << QByteArray("     1048576        262144     float     sum      -1    85.58   12.25  200000       0    84.50   12.41   23.27       0")
                                              << 72 << "busbw \"200000\" GB/s is above 100 TB/s";
        QTest::addRow("algbw above 100 TB/s") << QByteArray("     1048576        262144     float     sum      -1    85.58   1e+06   22.97       0    84.50   12.41   23.27       0")
                                              << 65 << "algbw \"1e+06\" GB/s is above 100 TB/s";
        QTest::addRow("size above 1 PiB") << QByteArray("2251799813685248  262144     float     sum      -1    85.58   12.25   22.97       0    84.50   12.41   23.27       0")
                                          << 1 << "size \"2251799813685248\" is more than 1 PiB";
        QTest::addRow("negative size") << QByteArray("    -1048576        262144     float     sum      -1    85.58   12.25   22.97       0    84.50   12.41   23.27       0")
                                       << 5 << "size \"-1048576\" is negative: a size is a whole number of bytes";
        QTest::addRow("NaN busbw") << QByteArray("     1048576        262144     float     sum      -1    85.58   12.25     nan       0    84.50   12.41   23.27       0")
                                   << 75 << "busbw \"nan\" is not a number";
    }

    void implausibleRows()
    {
        QFETCH(QByteArray, row);
        QFETCH(int, column);
        QFETCH(QString, message);
        LogParse log;
        ParseError err;
        QVERIFY(!parse(QByteArray(kHeader) + row + "\n", log, err));
        QVERIFY2(QString::fromStdString(err.message).contains(message), err.message.c_str());
        QCOMPARE(err.line, 2);
        QCOMPARE(err.column, column);
        // Next to good rows, the row is skipped and said to be.
        const QByteArray good = "   268435456      67108864     float     sum      -1   2360.9  113.70  213.19      0   2359.9  113.75  213.28      0\n"
                                "   536870912     134217728     float     sum      -1   3817.5  140.63  263.69      0   3828.0  140.25  262.97      0\n"
                                "  1073741824     268435456     float     sum      -1   6759.0  158.86  297.86      0   6737.4  159.37  298.82      0\n";
        QVERIFY(parse(QByteArray(kHeader) + good + row + "\n", log, err));
        QCOMPARE(log.tables.front().rows.size(), size_t(3));
        QCOMPARE(log.tables.front().skipped_rows.size(), size_t(1));
        QCOMPARE(log.tables.front().skipped_rows.front().line, 5);
        QCOMPARE(log.tables.front().skipped_rows.front().column, column);
    }

    // Fewer usable rows than skipped ones, or a single one left: no calibration from the remains.
    void tooFewUsableRows()
    {
        const QByteArray good = "   268435456      67108864     float     sum      -1   2360.9  113.70  213.19      0   2359.9  113.75  213.28      0\n"
                                "   536870912     134217728     float     sum      -1   3817.5  140.63  263.69      0   3828.0  140.25  262.97      0\n";
        const QByteArray zero = "  1073741824     268435456     float     sum      -1     0.00    0.00    0.00      0     0.00    0.00    0.00      0\n";
        LogParse log;
        ParseError err;
        Calibration c;
        std::string error;
        // Two good rows and one bad: calibrated, the bad row in the warnings.
        QVERIFY(parse(QByteArray(kHeader) + good + zero, log, err));
        QVERIFY2(calibrate(log.tables.front(), {}, nullptr, nullptr, c, error), error.c_str());
        QVERIFY(anyContains(c.warnings, "line 4: time \"0.00\" is zero"));
        // One good row and one bad.
        QVERIFY(parse(QByteArray(kHeader) + good.left(good.indexOf('\n') + 1) + zero, log, err));
        QVERIFY(!calibrate(log.tables.front(), {}, nullptr, nullptr, c, error));
        QCOMPARE(error, std::string("only 1 of 2 rows can be used (1 row skipped, the first at line 3, column 58: time \"0.00\" "
                                    "is zero: no collective takes no time): too few to calibrate"));
        // Two good rows and three bad.
        QVERIFY(parse(QByteArray(kHeader) + good + zero + zero + zero, log, err));
        QVERIFY(!calibrate(log.tables.front(), {}, nullptr, nullptr, c, error));
        QVERIFY2(QString::fromStdString(error).startsWith(QStringLiteral("only 2 of 5 rows can be used (3 rows skipped")), error.c_str());
        // A single good row alone (a run at one size) is still calibrated.
        QVERIFY(parse(QByteArray(kHeader) + good.left(good.indexOf('\n') + 1), log, err));
        QVERIFY2(calibrate(log.tables.front(), {}, nullptr, nullptr, c, error), error.c_str());
    }

    void twoCollectivesInOneTable()
    {
        const QByteArray text = QByteArray(kHeader)
            + "   268435456      67108864     float     sum      -1   2360.9  113.70  213.19      0   2359.9  113.75  213.28      0\n"
              "   536870912     134217728     float    none      -1   3817.5  140.63  263.69      0   3828.0  140.25  262.97      0\n";
        LogParse log;
        ParseError err;
        QVERIFY(parse(text, log, err));
        Calibration c;
        std::string error;
        QVERIFY(!calibrate(log.tables.front(), {}, nullptr, nullptr, c, error));
        QVERIFY2(QString::fromStdString(error).startsWith(QStringLiteral(
                     "rows of two different collectives in one table (line 2 has redop sum and root -1, line 3 has redop none")),
                 error.c_str());
    }

    void unsupportedTest()
    {
        Synthetic s;
        s.test = "gather_perf";
        LogParse log;
        ParseError err;
        const QByteArray text = syntheticLog(s);
        QVERIFY(parse(text, log, err));
        Calibration c;
        std::string error;
        QVERIFY(!calibrate(log.tables.front(), {}, nullptr, nullptr, c, error));
        QVERIFY(QString::fromStdString(error).startsWith(QStringLiteral("gather_perf results cannot be calibrated")));
    }

    void formatBytesReadable()
    {
        QCOMPARE(formatBytes(8), std::string("8 B"));
        QCOMPARE(formatBytes(1024), std::string("1 KiB"));
        QCOMPARE(formatBytes(1.5 * 1024 * 1024), std::string("1.50 MiB"));
        QCOMPARE(formatBytes(17179869184.0), std::string("16 GiB"));
        QCOMPARE(formatBytes(15534478677.0), std::string("14.5 GiB"));
    }

    // ---- the preset that carries the measurement ---------------------------------------------

    void calibratedPresets()
    {
        const PresetCatalog &cat = PresetCatalog::builtIn();
        CalibrationTarget target;
        QString why;
        // Across nodes: the cluster preset with the network figures measured.
        QVERIFY(chooseCalibrationTarget(cat, QStringLiteral("l40s-pcie"), "NVIDIA L40S", target, &why));
        QCOMPARE(target.gpu.id, QStringLiteral("l40s"));
        Calibration c = calibrated(fixture(QStringLiteral("schmaustech_l40s_2node_2gpu_each_ib.txt")), &target.plan);
        Preset p;
        QVERIFY2(calibratedPreset(c, target, QStringLiteral("schmaustech_l40s_2node_2gpu_each_ib.txt"), QDate(2026, 1, 2), p, &why),
                 qPrintable(why));
        QCOMPARE(int(p.section), int(Section::Cluster));
        QCOMPARE(p.id, QStringLiteral("l40s-pcie-measured-20260102"));
        QVERIFY(!p.builtIn);
        // 9.62 GB/s fitted over 2 NICs of 50 Gb/s (12.5 GB/s): 0.77.
        QVERIFY(nearSymmetric(p.values.value(QStringLiteral("nic_efficiency")).toDouble(), c.fit.bw_gbps / 12.5, 2e-3));
        QCOMPARE(p.values.value(QStringLiteral("nic_latency_us")).toDouble(), std::round(*c.calibrated.step_latency_us * 100) / 100);
        const Provenance measured{SourceKind::Measured, QStringLiteral("nccl-tests log schmaustech_l40s_2node_2gpu_each_ib.txt, 2026-01-02")};
        QCOMPARE(p.provenance.value(QStringLiteral("nic_efficiency")), measured);
        QCOMPARE(p.provenance.value(QStringLiteral("nic_latency_us")), measured);
        // Everything else is the basis preset's.
        for (const QString &key : {QStringLiteral("nodes"), QStringLiteral("gpus_per_node"), QStringLiteral("nic_gbit_per_gpu"),
                                   QStringLiteral("node_price_usd")}) {
            QCOMPARE(p.values.value(key), target.cluster.values.value(key));
            QCOMPARE(p.provenance.value(key), target.cluster.provenance.value(key));
        }
        // It is a valid preset: it survives its own JSON.
        Preset back;
        QString path, error;
        QVERIFY2(parsePreset(Section::Cluster, p.toJson(), QStringLiteral("p"), back, &path, &error), qPrintable(error));
        QVERIFY(back.provenance.value(QStringLiteral("nic_efficiency")).kind == SourceKind::Measured);

        // Inside one node: the GPU preset with the intra-node figures (DGX A100 x4 on the a100).
        QVERIFY(chooseCalibrationTarget(cat, QStringLiteral("dgx-a100"), std::string(), target, &why));
        QCOMPARE(target.gpu.id, QStringLiteral("a100-sxm-80gb"));
        CalibrationOptions opt;
        opt.nodes = 1;
        c = calibrated(fixture(QStringLiteral("llminsights_dgxa100_4gpu_fragment.txt")), &target.plan, opt);
        QVERIFY(calibratedPreset(c, target, QStringLiteral("a100.txt"), QDate(2026, 1, 2), p, &why));
        QCOMPARE(int(p.section), int(Section::Gpu));
        QVERIFY(nearSymmetric(p.values.value(QStringLiteral("intra_efficiency")).toDouble(), c.fit.bw_gbps / 300.0, 2e-3));
        QVERIFY(!p.provenance.contains(QStringLiteral("intra_latency_us"))
                || p.provenance.value(QStringLiteral("intra_latency_us")).kind != SourceKind::Measured); // no latency measurable
        QVERIFY(parsePreset(Section::Gpu, p.toJson(), QStringLiteral("p"), back, &path, &error));

        // Nothing derivable (busbw above the line, sizes without latency): no preset, and why.
        QVERIFY(chooseCalibrationTarget(cat, QStringLiteral("dgx-a100"), std::string(), target, &why));
        c = calibrated(fixture(QStringLiteral("oci_slurm_mi300x_2node_rccl_trimmed.txt")), &target.plan);
        QVERIFY(c.above_line_rate);
        QVERIFY(!calibratedPreset(c, target, QStringLiteral("x"), QDate(2026, 1, 2), p, &why));
        QVERIFY2(why.contains(QStringLiteral("exceeds")), qPrintable(why));

        // Unknown cluster ids are an error; a log without a GPU name and no cluster is no target.
        QVERIFY(!chooseCalibrationTarget(cat, QStringLiteral("nope"), std::string(), target, &why));
        QVERIFY(why.contains(QStringLiteral("unknown cluster preset \"nope\"")));
        why.clear();
        QVERIFY(!chooseCalibrationTarget(cat, QString(), std::string(), target, &why));
        QVERIFY(why.isEmpty());
        QVERIFY(chooseCalibrationTarget(cat, QString(), "NVIDIA H200", target, &why));
        QCOMPARE(target.cluster.id, QStringLiteral("hgx-h200"));
    }

    // ---- the command line ------------------------------------------------------------------

    void cliJson()
    {
        const QString file = QStringLiteral(COMMTAX_FIXTURES_DIR "/nccl/gcp_a3mega_h100_2node_16gpu_tcpxo.txt");
        const Run r = runCalibrate({file, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.err.isEmpty());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        for (const char *k : {"collective", "ranks", "nodes", "rows", "peak_busbw_gbps", "plateau_busbw_gbps", "alpha_us",
                              "fitted_bw_gbps", "footer_avg_busbw_gbps", "warnings", "model", "calibrated", "missing"})
            QVERIFY2(o.contains(QLatin1String(k)), k);
        QCOMPARE(o.value(QStringLiteral("collective")).toString(), QStringLiteral("all_reduce"));
        QCOMPARE(o.value(QStringLiteral("ranks")).toInt(), 16);
        QCOMPARE(o.value(QStringLiteral("nodes")).toInt(), 2);
        QCOMPARE(o.value(QStringLiteral("rows")).toArray().size(), 31);
        QCOMPARE(o.value(QStringLiteral("peak_busbw_gbps")).toDouble(), 338.82);
        QCOMPARE(o.value(QStringLiteral("plateau_busbw_gbps")).toDouble(), 330.58);
        QCOMPARE(o.value(QStringLiteral("footer_avg_busbw_gbps")).toDouble(), 70.742);
        const Plan hw = hardware("h100-sxm", "dgx-h100");
        const Calibration direct = calibrated(fixture(QStringLiteral("gcp_a3mega_h100_2node_16gpu_tcpxo.txt")), &hw);
        QCOMPARE(o.value(QStringLiteral("alpha_us")).toDouble(), *direct.fit.alpha_us);
        QCOMPARE(o.value(QStringLiteral("fitted_bw_gbps")).toDouble(), direct.fit.bw_gbps);
        // The log names an H100: compared with its default cluster.
        const QJsonObject model = o.value(QStringLiteral("model")).toObject();
        QCOMPARE(model.value(QStringLiteral("cluster")).toString(), QStringLiteral("dgx-h100"));
        QCOMPARE(model.value(QStringLiteral("sizes_below")).toInt(), direct.model.sizes_below);
        QCOMPARE(model.value(QStringLiteral("sizes_compared")).toInt(), 31);
        const QJsonObject cal = o.value(QStringLiteral("calibrated")).toObject();
        QCOMPARE(cal.value(QStringLiteral("section")).toString(), QStringLiteral("cluster"));
        QVERIFY(cal.value(QStringLiteral("fields")).toObject().contains(QStringLiteral("nic_efficiency")));
        const QJsonObject row = o.value(QStringLiteral("rows")).toArray().last().toObject();
        QCOMPARE(row.value(QStringLiteral("size_bytes")).toDouble(), 8589934592.0);
        QCOMPARE(row.value(QStringLiteral("busbw_gbps")).toDouble(), 338.82);
        QCOMPARE(row.value(QStringLiteral("in_place_busbw_gbps")).toDouble(), 337.35);
        QCOMPARE(row.value(QStringLiteral("below_model")).toBool(), false);
        for (const QJsonValue v : o.value(QStringLiteral("rows")).toArray())
            for (const QJsonValue x : v.toObject())
                QVERIFY(!x.isUndefined());
    }

    void cliWithoutDeviceList()
    {
        const QString file = QStringLiteral(COMMTAX_FIXTURES_DIR "/nccl/llminsights_dgxa100_4gpu_fragment.txt");
        Run r = runCalibrate({file, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("ranks")).toInt(), 4); // from busbw/algbw = 1.5
        QVERIFY(o.value(QStringLiteral("nodes")).isNull());
        QVERIFY(o.value(QStringLiteral("alpha_us")).isNull());
        QVERIFY(o.value(QStringLiteral("model")).isNull()); // no GPU named, no cluster given
        QVERIFY(o.value(QStringLiteral("plateau_busbw_gbps")).isDouble());
        // Told where it ran: compared with the DGX A100 preset, calibrating the GPU's NVLink.
        r = runCalibrate({file, QStringLiteral("--json"), QStringLiteral("--ranks"), QStringLiteral("4"), QStringLiteral("--nodes=1"),
                          QStringLiteral("--cluster"), QStringLiteral("dgx-a100")});
        QCOMPARE(r.code, 0);
        o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("nodes")).toInt(), 1);
        QCOMPARE(o.value(QStringLiteral("scope")).toString(), QStringLiteral("intra-node"));
        QCOMPARE(o.value(QStringLiteral("model")).toObject().value(QStringLiteral("gpu")).toString(), QStringLiteral("a100-sxm-80gb"));
        QCOMPARE(o.value(QStringLiteral("calibrated")).toObject().value(QStringLiteral("section")).toString(), QStringLiteral("gpu"));
        QVERIFY(o.value(QStringLiteral("calibrated")).toObject().value(QStringLiteral("fields")).toObject().contains(QStringLiteral("intra_efficiency")));
    }

    void cliStdinAndText()
    {
        const QByteArray text = fixture(QStringLiteral("schmaustech_h200_2node_16gpu_single_rdma_if.txt"));
        const Run viaStdin = runCalibrate({QStringLiteral("-"), QStringLiteral("--json")}, text);
        QCOMPARE(viaStdin.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(viaStdin.out).object();
        QCOMPARE(o.value(QStringLiteral("file")).toString(), QStringLiteral("<stdin>"));
        QCOMPARE(o.value(QStringLiteral("peak_busbw_gbps")).toDouble(), 92.35);
        QCOMPARE(o.value(QStringLiteral("model")).toObject().value(QStringLiteral("cluster")).toString(), QStringLiteral("hgx-h200"));
        const Run table = runCalibrate({QStringLiteral(COMMTAX_FIXTURES_DIR "/nccl/schmaustech_h200_2node_16gpu_single_rdma_if.txt")});
        QCOMPARE(table.code, 0);
        QVERIFY(table.out.contains("all_reduce on 16 ranks, 2 nodes (8 per node), inter-node - NVIDIA H200"));
        QVERIFY(table.out.contains("peak busbw       92.35 GB/s at 8 GiB"));
        QVERIFY(table.out.contains("footer average   36.22 GB/s (a mean over every size, not a peak)"));
        QVERIFY(table.out.contains("    16 GiB"));
    }

    void cliErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("content"); // written to bad.txt when not null
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        const QByteArray none;
        QTest::addRow("missing file") << QStringList{QStringLiteral("/nonexistent/log.txt")} << none << 1
                                      << "commtax: /nonexistent/log.txt: cannot open";
        QTest::addRow("empty file") << QStringList{QStringLiteral("@")} << QByteArray("") << 1 << "bad.txt: empty input";
        QTest::addRow("truncated row") << QStringList{QStringLiteral("@")}
                                       << QByteArray(kHeader) + "     1048576        262144     float     sum      -1    85.58\n"
                                       << 1
                                       << "bad.txt:2:62: truncated row: 6 of 13 columns";
        QTest::addRow("another tool") << QStringList{QStringLiteral("@")}
                                      << QByteArray("# OSU MPI Allreduce Latency Test v7.1\n8   12.3\n") << 1 << "OSU micro-benchmarks";
        QTest::addRow("directory") << QStringList{QStringLiteral(COMMTAX_FIXTURES_DIR)} << none << 1 << "is a directory";
        QTest::addRow("unknown cluster") << QStringList{QStringLiteral(COMMTAX_FIXTURES_DIR "/nccl/gcp_a3mega_h100_2node_16gpu_tcpxo.txt"),
                                                        QStringLiteral("--cluster"), QStringLiteral("nope")}
                                         << none << 1 << "unknown cluster preset \"nope\"";
        QTest::addRow("table out of range") << QStringList{QStringLiteral(COMMTAX_FIXTURES_DIR "/nccl/gcp_a3mega_h100_2node_16gpu_tcpxo.txt"),
                                                           QStringLiteral("--table"), QStringLiteral("2")}
                                            << none << 1 << "--table 2, but the log holds 1 result table(s)";
        QTest::addRow("no log") << QStringList() << none << 2 << "calibrate takes one log file";
        QTest::addRow("two logs") << QStringList{QStringLiteral("a"), QStringLiteral("b")} << none << 2 << "calibrate takes one log file";
        QTest::addRow("unknown option") << QStringList{QStringLiteral("x.txt"), QStringLiteral("--fast")} << none << 2
                                        << "calibrate: unknown option --fast";
        QTest::addRow("zero ranks") << QStringList{QStringLiteral("x.txt"), QStringLiteral("--ranks"), QStringLiteral("0")} << none << 2
                                    << "--ranks needs a whole number from 1 to 1000000, not \"0\"";
        QTest::addRow("ranks without value") << QStringList{QStringLiteral("x.txt"), QStringLiteral("--ranks")} << none << 2
                                             << "--ranks needs a value";
        QTest::addRow("more nodes than ranks") << QStringList{QStringLiteral("x.txt"), QStringLiteral("--ranks=2"), QStringLiteral("--nodes=4")}
                                               << none << 2 << "--nodes 4 is more than --ranks 2";
    }

    void cliErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, content);
        QFETCH(int, code);
        QFETCH(QString, message);
        if (!content.isNull())
            args.replace(args.indexOf(QStringLiteral("@")), writeFile(m_dir, QStringLiteral("bad.txt"), content));
        const Run r = runCalibrate(args);
        QCOMPARE(r.code, code);
        QVERIFY(r.out.isEmpty());
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.contains(message), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 1); // one line
        QVERIFY(err.startsWith(QStringLiteral("commtax: ")));
    }
};

QTEST_GUILESS_MAIN(TestCalibrate)
#include "test_calibrate.moc"
