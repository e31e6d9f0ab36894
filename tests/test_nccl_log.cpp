// SPDX-License-Identifier: GPL-3.0-or-later
// The nccl-tests log parser (docs/model.md §4): every real fixture and format era, messy logs, the
// ranks and collective a log names, and bad input. Figures come from tests/fixtures/nccl/INDEX.md,
// the fixture files themselves, or hand calculations written out in the comments. The fit, the
// comparison with the engine, the preset and `commtax calibrate`: test_calibrate.cpp.
#include "nccltestsupport.h"
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

class TestNcclLog : public QObject
{
    Q_OBJECT
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
        QVERIFY2(parse(fixture(file), log, err), toString(err.message).c_str());
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
        QVERIFY(hasNote(log.tables.front().notes, 8, "Reducing maxBytes"));
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
        QVERIFY2(parse(text, log, err), toString(err.message).c_str());
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
        QVERIFY(hasNote(log.tables.front().notes, 3, "in-place columns missing"));
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
        QVERIFY2(parse(text, log, err), toString(err.message).c_str());
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
        QVERIFY(hasNote(log.tables.front().notes, 2, "text after the last column"));
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

    // The ranks are counted from the device lines: a rank listed again is counted once, a line
    // that does not read as a device is not counted, and both are said (a line repeated 5,000 times
    // made 5,002 GPUs a node; a rank of 2^31 - 1 was dropped silently).
    void deviceLinesRepeatedOrUnreadable()
    {
        QByteArray text = fixture(QStringLiteral("schmaustech_l40s_2node_2gpu_each_ib.txt"));
        const qsizetype at = text.indexOf("#  Rank  1");
        QVERIFY(at > 0);
        const QByteArray rank1 = text.mid(at, text.indexOf('\n', at) + 1 - at);
        const QByteArray rank3 = text.mid(text.indexOf("#  Rank  3"), rank1.size());
        text.insert(text.indexOf("#  Rank  2"), rank1 + rank1 + rank1);
        text.replace(rank3, QByteArray(rank3).replace("Rank  3", "Rank  2147483647"));
        LogParse log;
        ParseError err;
        QVERIFY(parse(text, log, err));
        const ResultTable &t = log.tables.front();
        QCOMPARE(t.devices.size(), size_t(3)); // ranks 0, 1 and 2
        int again = 0, unread = 0;
        for (const Note &n : t.notes) {
            again += toString(n.text).find("rank 1 listed again (first at line 6)") != std::string::npos ? 1 : 0;
            unread += toString(n.text).find("a Rank line that does not read as rank") != std::string::npos ? 1 : 0;
        }
        QCOMPARE(again, 1);
        QCOMPARE(unread, 1);
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
        QVERIFY2(english(err.message).contains(message), toString(err.message).c_str());
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
        QVERIFY2(english(err.message).contains(message), toString(err.message).c_str());
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
        Sentence error;
        // Two good rows and one bad: calibrated, the bad row in the warnings.
        QVERIFY(parse(QByteArray(kHeader) + good + zero, log, err));
        QVERIFY2(calibrate(log.tables.front(), {}, nullptr, nullptr, c, error), toString(error).c_str());
        QVERIFY(anyContains(c.warnings, "line 4: time \"0.00\" is zero"));
        // One good row and one bad.
        QVERIFY(parse(QByteArray(kHeader) + good.left(good.indexOf('\n') + 1) + zero, log, err));
        QVERIFY(!calibrate(log.tables.front(), {}, nullptr, nullptr, c, error));
        QCOMPARE(toString(error), std::string("only 1 of 2 rows can be used (1 row skipped, at line 3, column 58: time "
                                              "\"0.00\" is zero: no collective takes no time): too few to calibrate"));
        // Two good rows and three bad.
        QVERIFY(parse(QByteArray(kHeader) + good + zero + zero + zero, log, err));
        QVERIFY(!calibrate(log.tables.front(), {}, nullptr, nullptr, c, error));
        QVERIFY2(english(error).startsWith(QStringLiteral("only 2 of 5 rows can be used (3 rows skipped")),
                 toString(error).c_str());
        // A time below what nccl-tests prints (1e-300 us made a 300-digit "vs model" percentage).
        const QByteArray tiny = "  1073741824     268435456     float     sum      -1    1e-300  0.00    0.00      0 "
                                "    0.00    0.00    0.00      0\n";
        QVERIFY(parse(QByteArray(kHeader) + good + tiny, log, err));
        QVERIFY2(calibrate(log.tables.front(), {}, nullptr, nullptr, c, error), toString(error).c_str());
        QVERIFY(anyContains(c.warnings, "line 4: time \"1e-300\" us is below the 0.01 us nccl-tests prints"));
        QCOMPARE(c.rows.size(), size_t(2));
        // A single good row alone (a run at one size) is still calibrated.
        QVERIFY(parse(QByteArray(kHeader) + good.left(good.indexOf('\n') + 1), log, err));
        QVERIFY2(calibrate(log.tables.front(), {}, nullptr, nullptr, c, error), toString(error).c_str());
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
        Sentence error;
        QVERIFY(!calibrate(log.tables.front(), {}, nullptr, nullptr, c, error));
        QVERIFY2(english(error).startsWith(QStringLiteral("rows of two different collectives in one table (line 2 has "
                                                          "redop sum and root -1, line 3 has redop none")),
                 toString(error).c_str());
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
        Sentence error;
        QVERIFY(!calibrate(log.tables.front(), {}, nullptr, nullptr, c, error));
        QVERIFY(english(error).startsWith(QStringLiteral("gather_perf results cannot be calibrated")));
    }

    void formatBytesReadable()
    {
        QCOMPARE(formatBytes(8), std::string("8 B"));
        QCOMPARE(formatBytes(1024), std::string("1 KiB"));
        QCOMPARE(formatBytes(1.5 * 1024 * 1024), std::string("1.50 MiB"));
        QCOMPARE(formatBytes(17179869184.0), std::string("16 GiB"));
        QCOMPARE(formatBytes(15534478677.0), std::string("14.5 GiB"));
    }
};

QTEST_GUILESS_MAIN(TestNcclLog)
#include "test_nccl_log.moc"
