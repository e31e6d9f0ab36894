// SPDX-License-Identifier: GPL-3.0-or-later
// Speed of the desktop app, a reproducible harness rather than a timed test:
//   - edit-to-replot: N edits made through the editor's widgets (nodes, pipeline depth, a DP
//     overlap slider, the GPU preset, the global batch), each timed from the widget change to the
//     moment every chart has redrawn the new plan's analysis (all sweeps on: 8 comm-tax lines,
//     the micro-batch sweep, 8 hardware bars, 4 ZeRO stages);
//   - a slider drag of 20 positions made in one go: how many engine runs and redraws it costs;
//   - cold start: process start (from /proc/self/stat) to the first paint of the main window,
//     and to the first charts drawn;
//   - memory: VmHWM (peak resident set) and VmRSS from /proc/self/status.
//   - with --search, the same edits while Tools > Find best layout searches ("editing
//     the plan while a search runs stays as fast"): the dialog searches the plan's model on 8 to
//     16,384 GPUs, on all cores but one as it does for users, and starts again whenever it ends,
//     so that every timed edit overlaps a running search (edits_with_search_running says how many
//     did). tests/tools/edit-latency-with-search.sh runs both and prints p50/p95 side by side.
// Run: QT_QPA_PLATFORM=offscreen build-gui/tests/bench_gui [--edits 200] [--json out.json]
//      [--samples N] (the uncertainty's samples per edit, default 2,000; 0 leaves the ranges and
//      the sensitivity chart's data out, to see what they cost) [--search]
//      [--search-normal-priority] (the search's threads at normal priority, not the lowest)
//      [--callgrind-kind KIND] (under valgrind --tool=callgrind --separate-threads=yes: the
//      counts are dumped before and after each edit of one kind, nodes, pipeline_depth,
//      dp_overlap_slider, gpu_preset or global_batch, or of all, from the edit to its ranges
//      painted; the dumps named "edit KIND painted" hold each edit up to every chart painted,
//      "edit KIND ranges" the rest: instructions per edit of that kind whatever the machine's
//      load. tests/tools/callgrind-edits.sh runs it and sums them.)
#include "appfeatures.h"
#include "appsettings.h"
#include "charts/chartview.h"
#include "mainwindow.h"
#include "plandocument.h"
#include "search/searchdialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <unistd.h>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_DUMP_STATS_AT(label)
#endif

using namespace commtax;

namespace {

// Seconds the process had been alive when this is called (jiffies resolution: 10 ms).
double processAgeS()
{
    QFile stat(QStringLiteral("/proc/self/stat")), uptime(QStringLiteral("/proc/uptime"));
    if (!stat.open(QIODevice::ReadOnly) || !uptime.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray s = stat.readAll();
    const QList<QByteArray> fields = s.mid(s.lastIndexOf(')') + 2).split(' '); // field 3 onwards
    const double startTicks = fields.value(19).toDouble();                     // field 22: starttime
    const double up = uptime.readAll().split(' ').value(0).toDouble();
    return up - startTicks / double(sysconf(_SC_CLK_TCK));
}

double statusKb(const char *key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(qsizetype(qstrlen(key))).trimmed().split(' ').value(0).toDouble();
    return 0;
}

// CPU time of the calling (GUI) thread: what an edit costs on an idle machine, whatever else runs.
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t k = std::min(v.size() - 1, size_t(p / 100.0 * double(v.size() - 1) + 0.5));
    return v[k];
}

double loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    return f.open(QIODevice::ReadOnly) ? f.readAll().split(' ').value(0).toDouble() : 0;
}

QElapsedTimer g_clock; // one clock for every timestamp below

class FirstPaint : public QObject
{
public:
    bool painted = false;
    int paints = 0;
    int resizes = 0;
    qint64 lastPaintNs = 0;
    qint64 lastReplotNs = 0; // (charts only)
    // Painted since its last replot, or not replotted since `since` (a chart that would look the
    // same is not drawn again).
    bool paintedSince(qint64 since) const { return lastReplotNs <= since || lastPaintNs >= lastReplotNs; }
    bool eventFilter(QObject *o, QEvent *e) override
    {
        if (e->type() == QEvent::Paint) {
            painted = true;
            ++paints;
            lastPaintNs = g_clock.nsecsElapsed();
        }
        if (e->type() == QEvent::Resize)
            ++resizes;
        return QObject::eventFilter(o, e);
    }
};

} // namespace

int main(int argc, char **argv)
{
    const double ageAtMain = processAgeS();
    g_clock.start();
    QElapsedTimer sinceMain;
    sinceMain.start();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    int edits = 200;
    int samples = uncertainty::Options().samples;
    QString jsonOut, callgrindKind;
    const QStringList args = QCoreApplication::arguments();
    const bool normalPriority = args.contains(QLatin1String("--search-normal-priority"));
    const bool withSearch = args.contains(QLatin1String("--search")) || normalPriority;
    for (qsizetype i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QLatin1String("--edits"))
            edits = args[i + 1].toInt();
        if (args[i] == QLatin1String("--json"))
            jsonOut = args[i + 1];
        if (args[i] == QLatin1String("--samples"))
            samples = args[i + 1].toInt();
        if (args[i] == QLatin1String("--callgrind-kind"))
            callgrindKind = args[i + 1];
    }

    QTemporaryDir dir;
    AppSettings settings(dir.filePath(QStringLiteral("settings.ini")));
    MainWindow w(settings);
    // As app/main.cpp: the preset library (a new one, as on first start), comparison, reports, calibration.
    auto *features = new AppFeatures(&w, dir.filePath(QStringLiteral("library.sqlite")));
    w.setSavePrompt([] { return QMessageBox::Discard; });
    uncertainty::Options sampling;
    sampling.samples = samples;
    w.setUncertaintyOptions(sampling);
    FirstPaint paint;
    w.installEventFilter(&paint);
    quint64 redrawnId = 0;
    Analysis last;
    QObject::connect(&w, &MainWindow::chartsRedrawn, &w, [&](quint64 id) { redrawnId = id; });
    QObject::connect(&w, &MainWindow::analysisApplied, &w, [&](const Analysis &a) { last = a; });
    w.resize(1600, 1000);
    w.show();

    QElapsedTimer guard;
    guard.start();
    while (!paint.painted && guard.elapsed() < 10000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    const double firstPaintMs = double(sinceMain.nsecsElapsed()) / 1e6;
    while ((redrawnId == 0 || redrawnId != last.requestId) && guard.elapsed() < 10000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    const double firstChartsMs = double(sinceMain.nsecsElapsed()) / 1e6;

    // Wait, without sleeping, until the current plan has been analysed and (if valid) drawn.
    const auto settle = [&](int timeoutMs) {
        QEventLoop loop;
        QTimer timeout;
        timeout.setSingleShot(true);
        QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
        const auto done = [&] {
            return last.scenario == w.scenario() && (!last.valid || redrawnId == last.requestId);
        };
        const QMetaObject::Connection c1 = QObject::connect(&w, &MainWindow::chartsRedrawn, &loop, [&] {
            if (done())
                loop.quit();
        });
        const QMetaObject::Connection c2 = QObject::connect(&w, &MainWindow::analysisApplied, &loop, [&] {
            if (done())
                loop.quit();
        });
        timeout.start(timeoutMs);
        if (!done())
            loop.exec();
        QObject::disconnect(c1);
        QObject::disconnect(c2);
        return done();
    };

    // Process events until done() holds, sleeping while there are none: a busy loop would count
    // as the GUI thread's work, and take a core from the engine's threads.
    const auto waitFor = [](const auto &done, int timeoutMs) {
        QElapsedTimer g;
        g.start();
        QTimer wake; // wakes the loop to look at the time
        wake.start(50);
        while (!done()) {
            if (g.elapsed() > timeoutMs)
                return false;
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        }
        return true;
    };

    auto *nodes = w.findChild<QSpinBox *>(QStringLiteral("field_cluster_nodes"));
    auto *pp = w.findChild<QSpinBox *>(QStringLiteral("field_training_pp"));
    auto *batch = w.findChild<QSpinBox *>(QStringLiteral("field_training_global_batch"));
    auto *overlap = w.findChild<QSlider *>(QStringLiteral("slider_training_dp_overlap"));
    auto *gpu = w.findChild<QComboBox *>(QStringLiteral("preset_gpu"));
    const auto pick = [](const std::vector<int> &options, int current, int i) {
        int v = options[size_t(i) % options.size()];
        return v == current ? options[(size_t(i) + 1) % options.size()] : v;
    };

    // One filter per chart: counts its paints (the replotted buffer reaching the window) and resizes.
    std::vector<std::unique_ptr<FirstPaint>> chartEvents;
    for (ChartView *c : w.charts()) {
        chartEvents.push_back(std::make_unique<FirstPaint>());
        c->installEventFilter(chartEvents.back().get());
        FirstPaint *events = chartEvents.back().get();
        QObject::connect(c, &QCustomPlot::afterReplot, c, [events] { events->lastReplotNs = g_clock.nsecsElapsed(); });
    }
    qint64 redrawnNs = 0;
    QObject::connect(&w, &MainWindow::chartsRedrawn, &w, [&] { redrawnNs = g_clock.nsecsElapsed(); });
    std::vector<double> editMs, paintedMs, workerMs, replotMs, guiCpuMs, editorMs, applyMs;
    const char *kindNames[] = {"nodes", "pipeline_depth", "dp_overlap_slider", "gpu_preset", "global_batch"};
    int resizesByKind[5] = {}, resizesSeen = 0; // chart resizes (a relayout) per kind of edit
    std::vector<double> paintedByKind[5], editorByKind[5], appliedByKind[5], redrawnByKind[5];
    std::vector<std::vector<double>> perChart(w.charts().size());
    QElapsedTimer phase;
    double appliedAt = 0;
    QObject::connect(&w, &MainWindow::analysisApplied, &w, [&] { appliedAt = double(phase.nsecsElapsed()) / 1e6; });
    // The ranges and tornado come after the charts (a second job): edit to ranges shown. Each
    // edit waits for them, as a user pausing a few milliseconds between edits would; the drag
    // below does not, and its stale ranges are cancelled.
    quint64 rangesId = 0;
    qint64 rangesNs = 0;
    QObject::connect(&w, &MainWindow::uncertaintyApplied, &w, [&](const UncertaintyFigures &u) {
        rangesId = u.requestId;
        rangesNs = g_clock.nsecsElapsed();
    });
    std::vector<double> rangesMs;
    bool editing = true;
    quint64 sensitivityId = 0;
    QObject::connect(&w, &MainWindow::sensitivityRedrawn, &w, [&](quint64 id) { sensitivityId = id; });
    // Replots of each chart during the timed edits (with the ranges' redraw).
    int replots = 0;
    for (ChartView *c : w.charts())
        QObject::connect(c, &QCustomPlot::afterReplot, &w, [&] { replots += editing ? 1 : 0; });
    int invalid = 0, timeouts = 0;

    // --search: a search runs through every edit (restarted whenever it ends).
    SearchDialog *search = nullptr;
    int searchesDone = 0, editsWithSearch = 0;
    if (withSearch) {
        search = features->showSearch();
        search->setLowPriority(!normalPriority);
        search->findChild<QCheckBox *>(QStringLiteral("gpuRangeCheck"))->setChecked(true);
        search->findChild<QSpinBox *>(QStringLiteral("gpusMinSpin"))->setValue(8);
        search->findChild<QSpinBox *>(QStringLiteral("gpusMaxSpin"))->setValue(16384);
        QObject::connect(search, &SearchDialog::searchFinished, search, [&] {
            if (!editing)
                return;
            ++searchesDone;
            QTimer::singleShot(0, search, &SearchDialog::startSearch);
        });
        search->startSearch();
        w.activateWindow();
    }
    int editsCollected = 0;
    for (int i = 0; i < edits; ++i) {
        // Under callgrind, this edit's counts in a dump of their own (callgrind's TOGGLE_COLLECT
        // did not stop counting).
        struct Collect {
            QByteArray label;
            explicit Collect(const QString &kind)
                : label(kind.isEmpty() ? QByteArray() : "edit " + kind.toLatin1() + " ranges")
            {
                if (!label.isEmpty())
                    CALLGRIND_DUMP_STATS_AT("between edits");
            }
            ~Collect()
            {
                if (!label.isEmpty())
                    CALLGRIND_DUMP_STATS_AT(label.constData());
            }
            Collect(const Collect &) = delete;
            Collect &operator=(const Collect &) = delete;
        } collect(callgrindKind == QLatin1String("all") || callgrindKind == QLatin1String(kindNames[i % 5])
                      ? QLatin1String(kindNames[i % 5])
                      : QString());
        editsCollected += collect.label.isEmpty() ? 0 : 1;
        const bool searchBefore = search && search->isRunning();
        const Plan &plan = w.scenario().plan;
        QElapsedTimer t;
        t.start();
        phase.start();
        const qint64 editNs = g_clock.nsecsElapsed();
        const double cpu0 = threadCpuMs();
        switch (i % 5) {
        case 0: nodes->setValue(pick({16, 32, 64, 128}, plan.cluster.nodes, i / 5)); break;
        case 1: pp->setValue(pick({2, 4, 8}, plan.training.pp, i / 5)); break;
        case 2: overlap->setValue((overlap->value() + 137) % 1001); break;
        case 3: {
            const int next = (gpu->currentIndex() + 1) % (gpu->count() - 1); // skip "Custom"
            gpu->setCurrentIndex(next);
            Q_EMIT gpu->activated(next);
            break;
        }
        case 4: batch->setValue(pick({512, 1024, 2048}, plan.training.global_batch, i / 5)); break;
        }
        const double editorDone = double(t.nsecsElapsed()) / 1e6; // document + editor widgets
        if (!settle(2000)) {
            ++timeouts;
            continue;
        }
        if (!last.valid) {
            ++invalid;
            continue;
        }
        editMs.push_back(double(redrawnNs - editNs) / 1e6); // every chart's buffer drawn
        // and until every chart has painted its new buffer into the window (the paint follows
        // the redraw, often within the same pass of the event loop)
        const auto allPainted = [&] {
            for (const auto &e : chartEvents)
                if (!e->paintedSince(editNs))
                    return false;
            return true;
        };
        if (!waitFor(allPainted, 2000))
            ++timeouts;
        qint64 lastPaint = redrawnNs;
        for (const auto &e : chartEvents)
            if (e->lastReplotNs > editNs)
                lastPaint = std::max(lastPaint, e->lastPaintNs);
        paintedMs.push_back(double(lastPaint - editNs) / 1e6);
        if (!collect.label.isEmpty()) // the part up to every chart painted
            CALLGRIND_DUMP_STATS_AT(QByteArray(collect.label).replace(" ranges", " painted").constData());
        if (samples > 0) {
            if (!waitFor([&] { return rangesId == last.requestId; }, 2000))
                ++timeouts;
            // and for the charts that draw them (step time, cost, sensitivity) to paint them:
            // otherwise their redraw would be timed as part of the next edit.
            const auto rangesPainted = [&] {
                if (sensitivityId != last.requestId) // (the three are redrawn together)
                    return false;
                for (size_t c : {size_t(0), size_t(3), size_t(5)})
                    if (!chartEvents[c]->paintedSince(rangesNs))
                        return false;
                return true;
            };
            if (rangesId == last.requestId && !waitFor(rangesPainted, 2000))
                ++timeouts;
            if (rangesId == last.requestId)
                rangesMs.push_back(double(rangesNs - editNs) / 1e6);
        }
        if (searchBefore && search->isRunning())
            ++editsWithSearch;
        paintedByKind[i % 5].push_back(paintedMs.back());
        {
            int resizesNow = 0;
            for (const auto &e : chartEvents)
                resizesNow += e->resizes;
            resizesByKind[i % 5] += resizesNow - resizesSeen;
            resizesSeen = resizesNow;
        }
        editorByKind[i % 5].push_back(editorDone);
        appliedByKind[i % 5].push_back(appliedAt);
        redrawnByKind[i % 5].push_back(editMs.back());
        guiCpuMs.push_back(threadCpuMs() - cpu0);
        editorMs.push_back(editorDone);
        applyMs.push_back(appliedAt);
        workerMs.push_back(last.elapsedMs);
        double replot = 0;
        for (qsizetype c = 0; c < w.charts().size(); ++c) {
            replot += w.charts()[c]->replotTime();
            perChart[size_t(c)].push_back(w.charts()[c]->replotTime());
        }
        replotMs.push_back(replot);
    }

    editing = false;
    if (search) {
        search->cancelSearch();
        QElapsedTimer g;
        g.start();
        while (search->isRunning() && g.elapsed() < 60000)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }

    // One drag of 20 positions in one go: edits batch into few engine runs and redraws.
    int dragRedraws = 0, dragAnalyses = 0;
    const QMetaObject::Connection countRedraws = QObject::connect(&w, &MainWindow::chartsRedrawn, &w, [&] { ++dragRedraws; });
    const QMetaObject::Connection countAnalyses = QObject::connect(&w, &MainWindow::analysisApplied, &w, [&] { ++dragAnalyses; });
    QElapsedTimer drag;
    drag.start();
    overlap->setSliderDown(true);
    for (int k = 1; k <= 20; ++k)
        overlap->setValue(k * 40);
    overlap->setSliderDown(false);
    settle(2000);
    const double dragMs = double(drag.nsecsElapsed()) / 1e6;
    QObject::disconnect(countRedraws);
    QObject::disconnect(countAnalyses);

    const double hwmMb = statusKb("VmHWM:") / 1024.0, rssMb = statusKb("VmRSS:") / 1024.0;
    const double coldStartMs = ageAtMain * 1000.0 + firstPaintMs;
    QJsonObject o{
        {QStringLiteral("edits"), edits},
        {QStringLiteral("uncertainty_samples"), samples},
        {QStringLiteral("edits_timed"), int(editMs.size())},
        {QStringLiteral("edits_invalid"), invalid},
        {QStringLiteral("edits_timed_out"), timeouts},
        {QStringLiteral("edits_collected_by_callgrind"), editsCollected},
        {QStringLiteral("search_running"), withSearch},
        {QStringLiteral("search_low_priority"), withSearch && !normalPriority},
        {QStringLiteral("edits_with_search_running"), editsWithSearch},
        {QStringLiteral("searches_finished_during_edits"), searchesDone},
        {QStringLiteral("edit_to_replot_p50_ms"), percentile(editMs, 50)},
        {QStringLiteral("edit_to_replot_p95_ms"), percentile(editMs, 95)},
        {QStringLiteral("edit_to_replot_max_ms"), percentile(editMs, 100)},
        {QStringLiteral("edit_to_ranges_p50_ms"), rangesMs.empty() ? 0.0 : percentile(rangesMs, 50)},
        {QStringLiteral("edit_to_ranges_p95_ms"), rangesMs.empty() ? 0.0 : percentile(rangesMs, 95)},
        {QStringLiteral("edit_to_painted_p50_ms"), percentile(paintedMs, 50)},
        {QStringLiteral("edit_to_painted_p95_ms"), percentile(paintedMs, 95)},
        {QStringLiteral("edit_to_painted_max_ms"), percentile(paintedMs, 100)},
        {QStringLiteral("chart_replots_per_edit"), editMs.empty() ? 0.0 : double(replots) / double(editMs.size())},
        {QStringLiteral("gui_thread_cpu_per_edit_p50_ms"), percentile(guiCpuMs, 50)},
        {QStringLiteral("gui_thread_cpu_per_edit_p95_ms"), percentile(guiCpuMs, 95)},
        {QStringLiteral("edit_handled_by_editor_p50_ms"), percentile(editorMs, 50)},
        {QStringLiteral("edit_to_analysis_shown_p50_ms"), percentile(applyMs, 50)},
        {QStringLiteral("load_average_1min"), loadAverage()},
        {QStringLiteral("worker_p50_ms"), percentile(workerMs, 50)},
        {QStringLiteral("worker_p95_ms"), percentile(workerMs, 95)},
        {QStringLiteral("replot_all_charts_p50_ms"), percentile(replotMs, 50)},
        {QStringLiteral("replot_all_charts_p95_ms"), percentile(replotMs, 95)},
        {QStringLiteral("drag_20_positions_ms"), dragMs},
        {QStringLiteral("drag_engine_results"), dragAnalyses},
        {QStringLiteral("drag_chart_redraws"), dragRedraws},
        {QStringLiteral("process_start_to_main_ms"), ageAtMain * 1000.0},
        {QStringLiteral("cold_start_to_first_paint_ms"), coldStartMs},
        {QStringLiteral("cold_start_to_first_charts_ms"), ageAtMain * 1000.0 + firstChartsMs},
        {QStringLiteral("vm_hwm_mb"), hwmMb},
        {QStringLiteral("chart_resizes_during_edits"), [&] {
             int n = 0;
             for (const auto &e : chartEvents)
                 n += e->resizes;
             return n;
         }()},
        {QStringLiteral("vm_rss_mb"), rssMb},
    };
    QJsonObject kinds;
    for (int k = 0; k < 5; ++k)
        kinds.insert(QLatin1String(kindNames[k]),
                     QJsonObject{{QStringLiteral("edit_to_painted_p50_ms"), percentile(paintedByKind[k], 50)},
                                 {QStringLiteral("edit_to_painted_p95_ms"), percentile(paintedByKind[k], 95)},
                                 {QStringLiteral("editor_and_document_p50_ms"), percentile(editorByKind[k], 50)},
                                 {QStringLiteral("analysis_shown_p50_ms"), percentile(appliedByKind[k], 50)},
                                 {QStringLiteral("redrawn_p50_ms"), percentile(redrawnByKind[k], 50)},
                                 {QStringLiteral("chart_resizes"), resizesByKind[k]}});
    o.insert(QStringLiteral("by_edit"), kinds);
    QJsonObject charts;
    for (qsizetype c = 0; c < w.charts().size(); ++c)
        charts.insert(w.charts()[c]->objectName(), percentile(perChart[size_t(c)], 50));
    o.insert(QStringLiteral("replot_p50_ms_per_chart"), charts);
    const QByteArray json = QJsonDocument(o).toJson(QJsonDocument::Indented);
    std::fwrite(json.constData(), 1, size_t(json.size()), stdout);
    if (!jsonOut.isEmpty()) {
        QFile f(jsonOut);
        if (f.open(QIODevice::WriteOnly))
            f.write(json);
    }
    return timeouts == 0 ? 0 : 1;
}
