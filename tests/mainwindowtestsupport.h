// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The main window under test (test_gui: editing, files, actions; test_gui_charts: the charts and
// the ranges): a window with settings of its own that records what reaches it, the ways a user
// reaches its parts (typing, choosing with the keyboard), and the chart data read back to check
// against the engine. Header-only, because every test is an executable of its own.
#include "appfeatures.h"
#include "appsettings.h"
#include "charts/plancharts.h"
#include "editor/planeditor.h"
#include "enginerunner.h"
#include "handbook.h"
#include "keyfigures.h"
#include "mainwindow.h"
#include "plandocument.h"
#include "textpanels.h"

#include "core/engineaccuracy.h"
#include "core/resultio.h"
#include "core/uncertaintyio.h"
#include "engine/engine.h"
#include "engine/sweep.h"

#include "testsupport.h"

#include <qcustomplot.h>

#include <QAccessible>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>

#include <cmath>
#include <memory>

namespace commtax::test {

// A main window with settings of its own, recording what reaches it.
struct Fixture {
    explicit Fixture(const QString &settingsFile, bool defaultSize = true)
        : settings(settingsFile)
        , window(settings)
    {
        QObject::connect(&window, &MainWindow::analysisApplied, &window, [this](const Analysis &a) {
            last = a;
            ++applied;
        });
        QObject::connect(&window, &MainWindow::chartsRedrawn, &window, [this](quint64 id) { redrawn = id; });
        // Ranges come after the point figures, and only ever for the plan shown.
        QObject::connect(&window, &MainWindow::uncertaintyApplied, &window, [this](const UncertaintyFigures &u) {
            if (u.requestId != last.requestId || !last.valid || redrawn != last.requestId)
                ++rangesOfAnotherPlan;
            ranges = u;
            ++rangesApplied;
        });
        QObject::connect(&window, &MainWindow::sensitivityRedrawn, &window, [this](quint64 id) { sensitivityRedrawn = id; });
        window.setSavePrompt([this] {
            ++prompts;
            return promptAnswer;
        });
        if (defaultSize)
            window.resize(1600, 1000);
        window.show();
    }
    // The newest plan has been evaluated and, when valid, drawn by every chart, its ranges and
    // tornado included.
    bool settled() const
    {
        return applied > 0 && last.scenario == window.scenario()
            && (!last.valid || (redrawn == last.requestId && ranges.requestId == last.requestId && sensitivityRedrawn == last.requestId));
    }
    template <class T>
    T *find(const QString &name) const { return window.findChild<T *>(name); }
    // Keyboard shortcuts go to the active window.
    bool activate()
    {
        window.activateWindow();
        return QTest::qWaitForWindowActive(&window);
    }

    AppSettings settings;
    MainWindow window;
    Analysis last;
    int applied = 0;
    quint64 redrawn = 0;
    UncertaintyFigures ranges; // the last ranges applied
    int rangesApplied = 0;
    int rangesOfAnotherPlan = 0; // must stay 0
    quint64 sensitivityRedrawn = 0;
    int prompts = 0;
    QMessageBox::StandardButton promptAnswer = QMessageBox::Discard;
};

// Select all, type, press Return: what a user does in a spin box.
inline void typeInto(QAbstractSpinBox *spin, const QString &text)
{
    QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(spin, text);
    QTest::keyClick(spin, Qt::Key_Return);
}

// Arrow keys on a closed combo box until the wanted item is current.
inline bool chooseWithKeyboard(QComboBox *combo, const QString &data)
{
    const int target = combo->findData(data);
    if (target < 0)
        return false;
    for (int guard = 0; combo->currentIndex() != target && guard < 50; ++guard)
        QTest::keyClick(combo, combo->currentIndex() < target ? Qt::Key_Down : Qt::Key_Up);
    return combo->currentIndex() == target;
}

inline double barValue(const QCPBars *bars, double key)
{
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
        if (it->key == key)
            return it->value;
    return std::nan("");
}

inline QList<QPointF> graphPoints(const QCPGraph *g)
{
    QList<QPointF> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        out << QPointF(it->key, it->value);
    return out;
}

// A chart's value against the engine's: the same figure by another path, apart by rounding only.
inline bool close(double a, double b) { return test::nearSymmetric(a, b, 1e-9); }

inline QString metricText(const char *key, double v) { return formatMetric(*findMetric(QLatin1String(key)), v); }

inline Plan planOnPreset(const char *gpu, int nodes)
{
    Plan p = defaultScenario().plan;
    const PresetCatalog &c = PresetCatalog::builtIn();
    const std::optional<Preset> g = c.find(Section::Gpu, QLatin1String(gpu));
    g->applyTo(p);
    c.find(Section::Cluster, g->defaultCluster())->applyTo(p);
    p.cluster.nodes = nodes;
    p.training.dp = nodes * p.cluster.gpus_per_node / (p.training.tp * p.training.pp);
    return p;
}

// The inputs and ranges the window samples for its current plan, by the model's own functions.
inline uncertainty::PlanInputs inputsOf(const MainWindow &w)
{
    return uncertainty::planInputs(w.scenario().plan, scenarioNotes(w.scenario(), w.presetCatalog()));
}

// "P10-P90: a-b" of a key figure, from its object.
inline QString rangeShown(const Fixture &f, const char *metric)
{
    const QObject *o = f.window.findChild<QObject *>(QStringLiteral("keyRange_") + QLatin1String(metric));
    return o ? o->property("text").toString() : QStringLiteral("(no keyRange_%1)").arg(QLatin1String(metric));
}

// The text a key figure's range must show for P10 = lo and P90 = hi under the tile's `value`.
inline QString expectedRange(const char *metric, double lo, double hi, const QString &value)
{
    if (qstrcmp(metric, "days_to_train") == 0)
        return QStringLiteral("P10-P90: %1-%2").arg(formatNumber(lo, 1), formatNumber(hi, 1));
    if (qstrcmp(metric, "step_time_s") == 0) {
        const int decimals = hi >= 100 ? 0 : hi >= 10 ? 1
                                                      : 2;
        return QStringLiteral("P10-P90: %1-%2 s").arg(formatNumber(lo, decimals), formatNumber(hi, decimals));
    }
    if (metric[0] == 't' || metric[0] == 'c') { // USD: both ends in the tile value's scale and decimals ("$830.4-1260.2k" under "$980.5k")
        const QChar last = value.back();
        const double scale = last == QLatin1Char('B') ? 1e9 : last == QLatin1Char('M') ? 1e6
            : last == QLatin1Char('k')                                                 ? 1e3
                                                                                       : 1;
        const QString digits = scale > 1 ? value.chopped(1) : value;
        const qsizetype point = digits.indexOf(QLatin1Char('.'));
        const int decimals = point < 0 ? 0 : int(digits.size() - point - 1);
        return QStringLiteral("P10-P90: ") + QStringLiteral("$") + formatNumber(lo / scale, decimals) + QLatin1Char('-') + formatNumber(hi / scale, decimals)
            + (scale > 1 ? QString(last) : QString());
    }
    QString a = metricText(metric, lo);
    const QString b = metricText(metric, hi);
    const qsizetype space = b.lastIndexOf(QLatin1Char(' '));
    if (space > 0 && a.endsWith(b.mid(space)))
        a.chop(b.size() - space);
    return QStringLiteral("P10-P90: ") + a + QLatin1Char('-') + b;
}

struct RangeTile {
    const char *metric;
    uncertainty::Metric model;
};
inline constexpr RangeTile kRangeTiles[] = {
    {"step_time_s", uncertainty::Metric::StepTime},
    {"days_to_train", uncertainty::Metric::DaysToTrain},
    {"tco_usd", uncertainty::Metric::Tco},
    {"cost_per_billion_tokens_usd", uncertainty::Metric::CostPerBillionTokens},
};

inline QString screenshotDir()
{
    const QString dir = QStringLiteral(COMMTAX_BUILD_DIR "/screenshots");
    QDir().mkpath(dir);
    return dir;
}

// A window of its own with a settings file of its own in `dir`.
inline std::unique_ptr<Fixture> makeFixture(const QTemporaryDir &dir)
{
    static int n = 0;
    return std::make_unique<Fixture>(dir.filePath(QStringLiteral("settings%1.ini").arg(++n)));
}

// What the window shows must be what the engine computes for this plan (test_gui, test_gui_window).
inline void checkFollows(const Fixture &f, const Plan &expectedPlan)
{
    const Evaluation e = evaluate(expectedPlan);
    QVERIFY2(e.ok(), e.errors.empty() ? "" : e.errors.front().message.c_str());
    const Result &r = e.result;
    QCOMPARE(f.last.result.step_time_s, r.step_time_s);
    const KeyFigures *k = f.find<KeyFigures>(QStringLiteral("keyFigures"));
    QCOMPARE(k->valueText(QStringLiteral("step_time_s")), metricText("step_time_s", r.step_time_s));
    QCOMPARE(k->valueText(QStringLiteral("comm_tax_exposed")), metricText("comm_tax_exposed", r.comm_tax_exposed));
    QCOMPARE(k->detailText(QStringLiteral("comm_tax_exposed")), QStringLiteral("exposed, raw ") + metricText("comm_tax_raw", r.comm_tax_raw));
    QCOMPARE(k->valueText(QStringLiteral("bubble_share")), metricText("bubble_share", r.bubble_share));
    QCOMPARE(k->valueText(QStringLiteral("mfu")), metricText("mfu", r.mfu));
    QCOMPARE(k->valueText(QStringLiteral("memory_total_gb")), metricText("memory_total_gb", r.memory_total_gb));
    QCOMPARE(k->isAlarm(QStringLiteral("memory_total_gb")), !r.fits_in_memory);
    QCOMPARE(k->valueText(QStringLiteral("days_to_train")), formatNumber(r.days_to_train, 1));
    QCOMPARE(k->valueText(QStringLiteral("tco_usd")), metricText("tco_usd", r.tco_usd));
    QCOMPARE(k->valueText(QStringLiteral("cost_per_billion_tokens_usd")),
             metricText("cost_per_billion_tokens_usd", r.cost_per_billion_tokens_usd));

    // 1. step time: the plan's bar is compute + bubble + exposed communication
    QVERIFY(close(barValue(f.find<QCPBars>(QStringLiteral("step_compute")), 2), r.compute_time_s));
    QVERIFY(close(barValue(f.find<QCPBars>(QStringLiteral("step_bubble")), 2), r.bubble_time_s));
    QVERIFY(close(barValue(f.find<QCPBars>(QStringLiteral("step_tp")), 2), r.tp_comm_exposed_s));
    QVERIFY(close(barValue(f.find<QCPBars>(QStringLiteral("step_dp")), 2), r.dp_comm_exposed_s));
    QVERIFY(close(barValue(f.find<QCPBars>(QStringLiteral("step_dp")), 1), r.dp_comm_time_s));
    // 2. the marked plan on the comm tax chart
    const QList<QPointF> marker = graphPoints(f.find<QCPGraph>(QStringLiteral("commtax_marker")));
    QCOMPARE(marker.size(), 1);
    QCOMPARE(marker.first().x(), double(r.gpus));
    QVERIFY(close(marker.first().y(), r.comm_tax_exposed * 100));
    // and the plan's own line is sweepGpuCount of this plan
    const QList<QPointF> line = graphPoints(f.find<QCPGraph>(QStringLiteral("commtax_curve_0")));
    int checked = 0;
    for (const SweepPoint &p : sweepGpuCount(expectedPlan, {64, 512, 4096})) {
        if (!p.valid || !p.result.fits_in_memory)
            continue;
        bool found = false;
        for (const QPointF &pt : line)
            found = found || (pt.x() == p.x && close(pt.y(), p.result.comm_tax_exposed * 100));
        QVERIFY2(found, qPrintable(QStringLiteral("%1 GPUs").arg(p.x)));
        ++checked;
    }
    QVERIFY(checked > 0);
    // 3. bubble: the marked point and the line at the plan's m
    const QList<QPointF> bubble = graphPoints(f.find<QCPGraph>(QStringLiteral("bubble_marker")));
    QCOMPARE(bubble.size(), 1);
    QCOMPARE(bubble.first().x(), double(r.micro_batches));
    QVERIFY(close(bubble.first().y(), r.bubble_share * 100));
    const double p = expectedPlan.training.pp, v = expectedPlan.training.vpp, m = r.micro_batches;
    QVERIFY(close(bubble.first().y(), 100 * (p - 1) / (v * m + p - 1))); // Narayanan et al. 2021
    // 4. the plan's own cost bar (or its hatched twin when it does not fit)
    const QString costBars = r.fits_in_memory ? QStringLiteral("cost_usd_per_btok") : QStringLiteral("cost_usd_per_btok_nofit");
    const double planKey = double(f.last.hardware.size()); // the plan's bar is the top one
    QVERIFY(close(barValue(f.find<QCPBars>(costBars), planKey), r.cost_per_billion_tokens_usd));
    // 5. memory of the plan's ZeRO stage
    const double stageKey = expectedPlan.training.zero + 1;
    QVERIFY(close(barValue(f.find<QCPBars>(QStringLiteral("memory_optimizer")), stageKey), r.memory_optimizer_gb));
    QVERIFY(close(barValue(f.find<QCPBars>(QStringLiteral("memory_activations")), stageKey), r.memory_activations_gb));
}

} // namespace commtax::test
