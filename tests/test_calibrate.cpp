// SPDX-License-Identifier: GPL-3.0-or-later
// Calibration from nccl-tests logs: the alpha-beta fit, the comparison with the engine, the
// calibrated preset, and `commtax calibrate` run as users run it. Figures come from
// tests/fixtures/nccl/INDEX.md, the fixture files themselves, or hand calculations with
// docs/model.md §4 written out in the comments. The log parser: test_nccl_log.cpp.
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

class TestCalibrate : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    static Run runCalibrate(const QStringList &args, const QByteArray &stdinData = QByteArray())
    {
        return runCommtax(QStringList{QStringLiteral("calibrate")} + args, stdinData);
    }

private Q_SLOTS:
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
        // Time that barely grows, 20 us at 8 B and 20.01 us at 1 GiB: 107 TB/s, which no link carries
        // (a calibrated latency was saved from such a log); no fit, and no latency.
        const AlphaBetaFit flat = fitAlphaBeta({8, 1073741824}, {20.0, 20.01}, 1.0);
        QVERIFY(!flat.ok && !flat.alpha_us);
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
        // The same log with a busbw column that disagrees with its times (999.99 on every row): the
        // column is above the line, the fit of the times is not, and the note says which.
        const QString slurm = QStringLiteral("oci_slurm_a100sxm40_b4.8_2node_v2.17.9_trimmed.txt");
        QList<QByteArray> lines = fixture(slurm).split('\n');
        for (QByteArray &line : lines) {
            QList<QByteArray> t = line.simplified().split(' ');
            if (line.startsWith('#') || t.size() != 13)
                continue;
            t[7] = t[11] = "999.99";
            line = t.join("  ");
        }
        const Calibration z = calibrated(lines.join('\n'), &a100);
        QVERIFY(z.above_line_rate && z.fit.ok && z.fit.bw_gbps < 200.0);
        QVERIFY(!z.calibrated.efficiency);
        QVERIFY(anyContains(z.calibrated.notes, "the measured busbw (1000.0 GB/s) exceeds the line rate (200.0"));
        QVERIFY(!anyContains(z.calibrated.notes, "the fitted busbw"));
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
        for (const Sentence &n : c.calibrated.notes)
            belowFixed = belowFixed || toString(n).find("below the model's fixed part") != std::string::npos;
        const bool latencyFits = c.fit.alpha_us && !belowFixed;
        const std::vector<double> sizes = latencyFits ? std::vector<double>{1048576.0, 268435456.0, 8589934592.0}
                                                      : std::vector<double>{8589934592.0};
        for (double size : sizes) {
            const double engine = collectiveTimeS(c.collective, size, g) * 1e6;
            QVERIFY2(nearSymmetric(engine, c.fit.timeUs(size), latencyFits ? 1e-6 : 1e-3),
                     qPrintable(QStringLiteral("%1: engine %2 us, fit %3 us").arg(size).arg(engine).arg(c.fit.timeUs(size))));
        }
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
        // named as its basis, tagged "measured" with the date (the UI words it; issue 24)
        QCOMPARE(p.name, target.cluster.name);
        const PresetNameTag day(PresetNameTag::Measured, QStringLiteral("2026-01-02"));
        QCOMPARE(p.nameTags, QList<PresetNameTag>{day});
        QCOMPARE(p.fullName(), target.cluster.name + QStringLiteral(" (measured 2026-01-02)"));
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
