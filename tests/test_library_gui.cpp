// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison view, the preset manager and the reports as users see them: item models under
// QAbstractItemModelTester, charts whose bars add up to the engine's figures, a preset manager
// driven through its widgets, PDFs whose text (pdftotext) and page count are checked, and the
// `commtax report` command run as a process without a display.
//
// COMMTAX_SCREENSHOT_DIR=/some/dir saves PNGs of the comparison view and the preset manager.
#include "appfeatures.h"
#include "appsettings.h"
#include "calibrate/calibrationdialog.h"
#include "compare/comparisoncharts.h"
#include "compare/comparisontablemodel.h"
#include "compare/comparisonview.h"
#include "library/comparisonio.h"
#include "library/libraryfeatures.h"
#include "library/libraryfiles.h"
#include "library/preseteditor.h"
#include "library/presetlibrary.h"
#include "library/presetlistmodel.h"
#include "library/presetmanagerdialog.h"
#include "mainwindow.h"
#include "plandocument.h"
#include "report/reportwriter.h"

#include "testsupport.h"

#include <qcustomplot.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <cmath>

using namespace commtax;
using namespace commtax::test;

namespace {

QString tool(const char *name)
{
    return QStandardPaths::findExecutable(QLatin1String(name));
}

// The text of each page of a PDF, by pdftotext.
QStringList pdfPages(const QString &pdf, int pages)
{
    QStringList out;
    for (int i = 1; i <= pages; ++i) {
        const Run r = run(tool("pdftotext"), {QStringLiteral("-layout"), QStringLiteral("-f"), QString::number(i), QStringLiteral("-l"), QString::number(i), pdf, QStringLiteral("-")});
        out << QString::fromUtf8(r.out);
    }
    return out;
}

int pdfPageCount(const QString &pdf)
{
    const Run r = run(tool("pdfinfo"), {pdf});
    for (const QByteArray &line : r.out.split('\n'))
        if (line.startsWith("Pages:"))
            return line.mid(6).trimmed().toInt();
    return -1;
}

void saveScreenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("COMMTAX_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    w->grab().save(QDir(dir).filePath(name));
}

// Every bar and graph value on a plot is finite (no NaN or infinity reaches a chart).
bool allFinite(QCustomPlot *plot)
{
    for (int i = 0; i < plot->plottableCount(); ++i) {
        if (auto *bars = qobject_cast<QCPBars *>(plot->plottable(i))) {
            for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
                if (!std::isfinite(it->key) || !std::isfinite(it->value))
                    return false;
        } else if (auto *graph = qobject_cast<QCPGraph *>(plot->plottable(i))) {
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
                if (!std::isfinite(it->key) || !std::isfinite(it->value))
                    return false;
        }
    }
    return std::isfinite(plot->yAxis->range().upper) && std::isfinite(plot->xAxis->range().upper);
}

// Sum of the stacked bars at one key.
double stackAt(QCustomPlot *plot, double key)
{
    double sum = 0;
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto *bars = qobject_cast<QCPBars *>(plot->plottable(i))) {
            auto it = bars->data()->findBegin(key - 0.01, false);
            if (it != bars->data()->constEnd() && std::abs(it->key - key) < 1e-9)
                sum += it->value;
        }
    return sum;
}

} // namespace

class TestLibraryGui : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!tool("pdftotext").isEmpty() && !tool("pdfinfo").isEmpty(),
                 "pdftotext and pdfinfo are needed (Debian: poppler-utils; packaging/setup.sh test installs them)");
    }

    // ---------------------------------------------------------------- item models
    void comparisonTableModelPassesTheTester()
    {
        ComparisonTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setComparison(comparePlans(defaultComparison(), Normalization::AsGiven));
        QCOMPARE(model.columnCount(), 5);
        QVERIFY(model.rowCount() > int(metrics().size()));
        model.setComparison(comparePlans(defaultComparison(), Normalization::EqualBudget));       // same shape
        model.setComparison(comparePlans(defaultComparison().mid(0, 2), Normalization::AsGiven)); // reshape
        QCOMPARE(model.columnCount(), 2);
        model.setComparison(Comparison{});
        QCOMPARE(model.columnCount(), 0);
    }
    void comparisonTableMarksTheBest()
    {
        ComparisonTableModel model;
        const Comparison c = comparePlans(defaultComparison(), Normalization::AsGiven);
        model.setComparison(c);
        const int cost = model.rowOfMetric(QStringLiteral("cost_per_billion_tokens_usd"));
        QVERIFY(cost >= 0);
        QVERIFY(model.index(cost, 0).data(ComparisonTableModel::BestRole).toBool());
        for (int col = 1; col < 5; ++col)
            QVERIFY(!model.index(cost, col).data(ComparisonTableModel::BestRole).toBool());
        const QString shown = model.index(cost, 0).data().toString();
        QVERIFY2(shown.startsWith(QString::fromUtf8(ComparisonTableModel::kBestMark)), qPrintable(shown));
        // H100's cost per billion tokens as the engine gives it, in dollars and cents
        const QString cents = QStringLiteral("$") + formatNumber(c.plans[0].result.cost_per_billion_tokens_usd, 2);
        QVERIFY2(shown.contains(cents), qPrintable(shown + QStringLiteral(" lacks ") + cents));
        QCOMPARE(model.index(cost, 1).data(ComparisonTableModel::ValueRole).toDouble(), c.plans[1].result.cost_per_billion_tokens_usd);
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("H100 SXM (A)"));
        QCOMPARE(model.headerData(cost, Qt::Vertical).toString(), QStringLiteral("Cost per billion tokens (USD)"));
    }
    void presetAndPlanModelsPassTheTester()
    {
        PresetLibrary lib(m_dir.filePath(QStringLiteral("models.sqlite")));
        QVERIFY(lib.open(nullptr));
        PresetListModel presets(Section::Gpu);
        QAbstractItemModelTester t1(&presets, QAbstractItemModelTester::FailureReportingMode::QtTest);
        presets.setPresets(lib.catalog().presets(Section::Gpu));
        QCOMPARE(presets.rowCount(), int(PresetCatalog::builtIn().presets(Section::Gpu).size()));
        Preset mine = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("l40s"));
        mine.builtIn = false;
        mine.id = QStringLiteral("aaa-mine");
        mine.name = QStringLiteral("A mine");
        QVERIFY(lib.savePreset(mine, nullptr, nullptr));
        presets.setPresets(lib.catalog().presets(Section::Gpu));
        QCOMPARE(presets.rowCount(), int(PresetCatalog::builtIn().presets(Section::Gpu).size()) + 1);
        QCOMPARE(presets.rowOf(QStringLiteral("aaa-mine")), int(PresetCatalog::builtIn().presets(Section::Gpu).size())); // user presets after the built-ins
        QCOMPARE(presets.index(int(PresetCatalog::builtIn().presets(Section::Gpu).size()), PresetListModel::Origin).data().toString(), QStringLiteral("user"));
        QCOMPARE(presets.headerData(PresetListModel::FirstFigure, Qt::Horizontal).toString(), QStringLiteral("BF16 dense peak (TFLOPS)"));

        SavedPlanListModel plans;
        QAbstractItemModelTester t2(&plans, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(lib.savePlan(defaultScenario(), nullptr));
        plans.setPlans(lib.plans(), lib.catalog());
        QCOMPARE(plans.rowCount(), 1);
        QCOMPARE(plans.index(0, SavedPlanListModel::Gpus).data().toInt(), 256);
        plans.setPlans({}, lib.catalog());
        QCOMPARE(plans.rowCount(), 0);
    }

    // ---------------------------------------------------------------- comparison view
    void comparisonViewDefaultsAndCharts()
    {
        ComparisonView view;
        view.resize(1400, 860);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.scenarios().size(), 5);
        const Comparison &c = view.comparison();
        for (ComparisonChart chart : kAllComparisonCharts)
            QVERIFY2(allFinite(view.chart(chart)), qPrintable(chartTitle(chart)));
        // the stacked step time of each plan adds up to the engine's step time
        QCustomPlot *steps = view.chart(ComparisonChart::StepBreakdown);
        for (int i = 0; i < c.plans.size(); ++i)
            QVERIFY2(near(stackAt(steps, i + 1), c.plans[i].result.step_time_s, 1e-9), qPrintable(c.plans[i].name));
        // and the TCO stack to the TCO (in millions)
        QCustomPlot *tco = view.chart(ComparisonChart::Tco);
        for (int i = 0; i < c.plans.size(); ++i)
            QVERIFY(near(stackAt(tco, i + 1), c.plans[i].result.tco_usd / 1e6, 1e-9));
        // titles and axis units
        for (ComparisonChart chart : kAllComparisonCharts) {
            QCustomPlot *plot = view.chart(chart);
            auto *title = qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0));
            QVERIFY(title && !title->text().isEmpty());
            QVERIFY2(plot->yAxis->label().contains(QLatin1Char('(')) || plot->yAxis->label().contains(QStringLiteral("USD")),
                     qPrintable(plot->yAxis->label()));
        }
        QVERIFY(view.chart(ComparisonChart::BuyVersusRent)->graphCount() >= 2);
        QVERIFY(view.findingsText().startsWith(QStringLiteral("Recommended: H100 SXM")));
        saveScreenshot(&view, QStringLiteral("comparison-view.png"));
        auto *tabs = view.findChild<QTabWidget *>(QStringLiteral("charts"));
        QVERIFY(tabs && tabs->count() == 2);
        tabs->setCurrentIndex(1);
        saveScreenshot(&view, QStringLiteral("comparison-view-break-even.png"));
    }
    void comparisonViewNormalisesThroughItsWidgets()
    {
        ComparisonView view;
        QSignalSpy changed(&view, &ComparisonView::comparisonChanged);
        auto *box = view.findChild<QComboBox *>(QStringLiteral("normalization"));
        QVERIFY(box);
        box->setCurrentIndex(box->findData(int(Normalization::EqualBudget)));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(view.normalization(), Normalization::EqualBudget);
        const int gpusRow = view.tableModel()->rowOfMetric(QStringLiteral("gpus"));
        QCOMPARE(view.tableModel()->index(gpusRow, 1).data(ComparisonTableModel::ValueRole).toInt(), 512); // A100 at $11.008M
        view.setNormalization(Normalization::EqualBudget);                                                 // unchanged: no recompute, no signal
        QCOMPARE(changed.count(), 1);
        auto *ref = view.findChild<QComboBox *>(QStringLiteral("reference"));
        ref->setCurrentIndex(1);
        QCOMPARE(changed.count(), 2);
        QCOMPARE(view.comparison().reference, 1);
        QCOMPARE(view.tableModel()->index(gpusRow, 1).data(ComparisonTableModel::ValueRole).toInt(), 256); // A is never resized
        // a plan that does not fit gets no bar, only its reason
        QList<Scenario> plans = defaultComparison().mid(0, 4);
        for (Scenario &s : plans) {
            s.plan.training.tp = 1;
            s.plan.training.pp = 8;
        }
        view.setNormalization(Normalization::AsGiven);
        view.setBestLayout(BestLayout{}); // the layouts as given (the default gives each its best)
        view.setScenarios(plans);
        QVERIFY(!view.comparison().plans[3].result.fits_in_memory);
        QCustomPlot *cost = view.chart(ComparisonChart::CostPerBillionTokens);
        QCOMPARE(stackAt(cost, 4), 0.0);
        bool labelled = false;
        for (int i = 0; i < cost->itemCount(); ++i)
            if (auto *t = qobject_cast<QCPItemText *>(cost->item(i)))
                labelled = labelled || t->text().contains(QStringLiteral("does not fit"));
        QVERIFY(labelled);
        // at most eight plans
        QString error;
        for (int i = 0; i < 4; ++i)
            QVERIFY(view.addScenario(defaultComparison()[i], &error));
        QVERIFY(!view.addScenario(defaultComparison()[0], &error));
        QVERIFY(error.contains(QStringLiteral("at most 8")));
        view.removeScenario(0);
        QCOMPARE(view.scenarios().size(), 7);
    }
    void comparisonViewAddsPlanFilesWithErrors()
    {
        ComparisonView view;
        view.setScenarios({});
        QString error;
        QVERIFY(view.addPlanFile(QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-70b-h100.json"), &error));
        const QString bad = m_dir.filePath(QStringLiteral("bad-plan.json"));
        QVERIFY(writeFileAtomically(bad, "{\n  \"format\": \"commtax-scenario\", \"version\": 1,\n  \"model\": {\"preset\": \"nope\"}\n}\n", nullptr));
        QVERIFY(!view.addPlanFile(bad, &error));
        QVERIFY2(error.contains(bad + QStringLiteral(":3:")) && error.contains(QStringLiteral("model.preset")), qPrintable(error));
        QCOMPARE(view.scenarios().size(), 1);
    }

    // ---------------------------------------------------------------- preset manager
    void presetManagerEditSavesACopyOfABuiltIn()
    {
        PresetLibrary lib(m_dir.filePath(QStringLiteral("dialog.sqlite")));
        QVERIFY(lib.open(nullptr));
        PresetManagerDialog dialog(&lib);
        QStringList messages;
        dialog.setMessageHandler([&](const QString &title, const QString &text) { messages << title + QStringLiteral(": ") + text; });
        dialog.setConfirmHandler([](const QString &) { return true; });
        QSignalSpy catalogs(&dialog, &PresetManagerDialog::catalogChanged);
        dialog.resize(1100, 720);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));

        QVERIFY(dialog.selectPreset(Section::Gpu, QStringLiteral("h100-sxm")));
        PresetEditor *editor = dialog.editor(Section::Gpu);
        QVERIFY(!editor->isModified());
        auto *price = qobject_cast<QDoubleSpinBox *>(editor->fieldEditor(QStringLiteral("price_usd")));
        QVERIFY(price);
        QCOMPARE(price->value(), 25000.0);
        auto *provenance = editor->findChild<QLabel *>(QStringLiteral("price_usd-provenance"));
        QCOMPARE(provenance->text(), QStringLiteral("assumption"));
        price->setValue(21500);
        QVERIFY(editor->isModified());
        QCOMPARE(provenance->text(), QStringLiteral("user (edited)"));
        auto *save = dialog.findChild<QPushButton *>(QStringLiteral("gpu-save"));
        QVERIFY(save && save->isEnabled());
        QCOMPARE(save->text(), QStringLiteral("Save as copy"));
        QTest::mouseClick(save, Qt::LeftButton);
        QCOMPARE(dialog.selectedPresetId(Section::Gpu), QStringLiteral("h100-sxm-custom"));
        QCOMPARE(catalogs.count(), 1);
        const PresetCatalog merged = catalogs.last().first().value<PresetCatalog>();
        QCOMPARE(merged.find(Section::Gpu, QStringLiteral("h100-sxm-custom"))->values.value(QStringLiteral("price_usd")).toDouble(), 21500.0);
        QCOMPARE(merged.find(Section::Gpu, QStringLiteral("h100-sxm"))->values.value(QStringLiteral("price_usd")).toDouble(), 25000.0);
        QVERIFY(!messages.isEmpty() && messages.last().contains(QStringLiteral("copy")));
        saveScreenshot(&dialog, QStringLiteral("preset-manager.png"));

        // duplicate, delete
        QVERIFY(dialog.duplicateSelectedPreset(Section::Gpu));
        QCOMPARE(dialog.selectedPresetId(Section::Gpu), QStringLiteral("h100-sxm-custom-copy"));
        QVERIFY(dialog.deleteSelectedPreset(Section::Gpu));
        QCOMPARE(lib.userPresets(Section::Gpu).size(), 1);
        // a built-in cannot be deleted: the button is off
        QVERIFY(dialog.selectPreset(Section::Gpu, QStringLiteral("a100-sxm-80gb")));
        auto *del = dialog.findChild<QPushButton *>(QStringLiteral("gpu-delete"));
        QVERIFY(del && !del->isEnabled());

        // a new cluster
        QVERIFY(dialog.newPreset(Section::Cluster));
        PresetEditor *clusterEditor = dialog.editor(Section::Cluster);
        clusterEditor->idEdit()->setText(QStringLiteral("my-rack"));
        clusterEditor->nameEdit()->setText(QStringLiteral("My rack"));
        QVERIFY(dialog.saveEditedPreset(Section::Cluster));
        QVERIFY(lib.catalog().find(Section::Cluster, QStringLiteral("my-rack")));
    }
    void presetManagerImportsAllOrNothingAndHandlesPlans()
    {
        PresetLibrary lib(m_dir.filePath(QStringLiteral("dialog2.sqlite")));
        QVERIFY(lib.open(nullptr));
        PresetManagerDialog dialog(&lib);
        QStringList messages;
        dialog.setMessageHandler([&](const QString &title, const QString &text) { messages << title + QStringLiteral(": ") + text; });
        dialog.setConfirmHandler([](const QString &) { return true; });
        const QString bad = m_dir.filePath(QStringLiteral("bad-presets.json"));
        Preset a = *PresetCatalog::builtIn().find(Section::Model, QStringLiteral("llama2-7b"));
        a.id = QStringLiteral("ok-model");
        Preset b = a;
        b.id = QStringLiteral("ok-2");
        b.values.insert(QStringLiteral("layers"), -32);
        QVERIFY(writeFileAtomically(bad, writePresetFile(Section::Model, {a, b}), nullptr));
        QVERIFY(!dialog.importFile(bad));
        QVERIFY2(messages.last().startsWith(QStringLiteral("Nothing imported")), qPrintable(messages.last()));
        QVERIFY2(messages.last().contains(bad + QLatin1Char(':')) && messages.last().contains(QStringLiteral("presets[1].layers")),
                 qPrintable(messages.last()));
        QCOMPARE(lib.userPresets(Section::Model).size(), 0);
        // a scenario file becomes a saved plan
        QVERIFY(dialog.importFile(QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/compare-3-l40s.json")));
        QCOMPARE(dialog.selectedPlanName(), QStringLiteral("L40S"));
        dialog.resize(1100, 720);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        saveScreenshot(&dialog, QStringLiteral("preset-manager-plans.png"));
        QSignalSpy opened(&dialog, &PresetManagerDialog::planOpenRequested);
        QVERIFY(dialog.openSelectedPlan());
        QCOMPARE(opened.count(), 1);
        QVERIFY(opened.first().first().value<Scenario>().plan.gpu.id == "l40s");
        // save the editor's plan, export, delete
        dialog.setCurrentScenario(defaultScenario());
        QVERIFY(dialog.saveCurrentPlan(QStringLiteral("Default")));
        QCOMPARE(lib.plans().size(), 2);
        const QString exported = m_dir.filePath(QStringLiteral("exported-plan.json"));
        QVERIFY(dialog.exportSelectedPlan(exported));
        Scenario back;
        QList<LoadError> errors;
        QVERIFY(loadScenarioFile(exported, PresetCatalog::builtIn(), back, errors));
        QVERIFY(dialog.deleteSelectedPlan());
        QCOMPARE(lib.plans().size(), 1);
    }
    void presetManagerWithoutALibraryIsReadOnly()
    {
        PresetManagerDialog dialog(nullptr);
        auto *banner = dialog.findChild<QLabel *>(QStringLiteral("banner"));
        QVERIFY(banner && banner->text().contains(QStringLiteral("built-in")));
        QVERIFY(!dialog.newPreset(Section::Gpu));
        QVERIFY(dialog.selectPreset(Section::Gpu, QStringLiteral("l40s")));
    }

    // ---------------------------------------------------------------- the main window
    void mainWindowGetsTheLibraryComparisonAndReports()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("settings.ini")));
        MainWindow window(settings);
        auto *features = new LibraryFeatures(&window, m_dir.filePath(QStringLiteral("window.sqlite")));
        QVERIFY(features->library()->isOpen());
        QStringList tools, file;
        for (QAction *a : window.toolsMenu()->actions())
            tools << a->text();
        for (QAction *a : window.fileMenu()->actions())
            file << a->text();
        QVERIFY2(tools.contains(QStringLiteral("Preset manager...")) && tools.contains(QStringLiteral("Compare hardware...")),
                 qPrintable(tools.join(QLatin1Char('|'))));
        QVERIFY(file.contains(QStringLiteral("Export report...")));

        // Compare hardware: the window's plan first, then the same plan on the other GPUs
        ComparisonView *view = features->compareHardware();
        QVERIFY(view && view->isVisible());
        QCOMPARE(view->scenarios().size(), 4); // the default plan is on H100: A100, L40S, RTX 4090
        QVERIFY(view->scenarios().first().plan.gpu.id == window.scenario().plan.gpu.id);
        QCOMPARE(view->scenarios().first().plan.training.tp, window.scenario().plan.training.tp);
        view->close();

        // File > Export report
        const QString pdf = m_dir.filePath(QStringLiteral("window.pdf"));
        QCOMPARE(features->exportReport(pdf), pdf);
        QVERIFY(pdfPageCount(pdf) > 5);
        QVERIFY(pdfPages(pdf, 1).first().contains(QString::fromStdString(window.scenario().plan.model.name)));

        // the preset manager's changes reach the window's catalog
        PresetManagerDialog *dialog = features->showPresetManager();
        dialog->setMessageHandler([](const QString &, const QString &) {});
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->duplicateSelectedPreset(Section::Gpu));
        const QString copy = dialog->selectedPresetId(Section::Gpu);
        QVERIFY(window.presetCatalog().find(Section::Gpu, copy));
        // a calibrated preset handed to savePreset() keeps its measured figure
        Preset calibrated = *PresetCatalog::builtIn().find(Section::Cluster, QStringLiteral("dgx-a100"));
        calibrated.values.insert(QStringLiteral("nic_efficiency"), 0.86);
        calibrated.provenance.insert(QStringLiteral("nic_efficiency"), Provenance{SourceKind::Measured, QStringLiteral("nccl-tests")});
        QTimer::singleShot(0, [] {
            if (QWidget *box = QApplication::activeModalWidget())
                box->close();
        });
        QCOMPARE(features->savePreset(calibrated), QStringLiteral("dgx-a100-custom"));
        QVERIFY(window.presetCatalog().find(Section::Cluster, QStringLiteral("dgx-a100-custom"))->provenance.value(QStringLiteral("nic_efficiency")).kind == SourceKind::Measured);
        QVERIFY(dialog->selectPreset(Section::Cluster, QStringLiteral("dgx-a100-custom"))); // the open dialog shows it
        dialog->close();
    }

    void calibrationFromTheToolsMenuReachesThePlan()
    {
        // What users run (app/main.cpp): AppFeatures on the main window. Tools > Calibrate opens the
        // dialog; applying a 2-node H100 log saves a measured cluster preset and the plan uses it.
        AppSettings settings(m_dir.filePath(QStringLiteral("settings-cal.ini")));
        MainWindow window(settings);
        auto *features = new AppFeatures(&window, m_dir.filePath(QStringLiteral("calibration.sqlite")));
        window.resize(1600, 1000);
        window.show();
        QVERIFY(window.toolsMenu()->actions().contains(features->calibrateAction()));
        features->calibrateAction()->trigger();
        auto *dialog = window.findChild<CalibrationDialog *>(QStringLiteral("calibrationDialog"));
        QVERIFY(dialog && dialog->isVisible());
        QVERIFY(dialog->openLogFile(QStringLiteral(COMMTAX_FIXTURES_DIR "/nccl/gcp_a3mega_h100_2node_16gpu_tcpxo.txt")));
        QVERIFY(dialog->calibration());
        auto *apply = dialog->findChild<QPushButton *>(QStringLiteral("applyButton"));
        QVERIFY(apply && apply->isEnabled());
        quint64 redrawn = 0; // the request whose analysis every chart has drawn last
        connect(&window, &MainWindow::chartsRedrawn, &window, [&redrawn](quint64 request) { redrawn = request; });
        QTimer::singleShot(0, [] {
            if (QWidget *box = QApplication::activeModalWidget())
                box->close();
        });
        QTest::mouseClick(apply, Qt::LeftButton);
        const QString id = window.scenario().clusterPreset;
        QVERIFY2(id.contains(QLatin1String("measured")), qPrintable(id));
        const std::optional<Preset> saved = features->library()->catalog().find(Section::Cluster, id);
        QVERIFY(saved && !saved->builtIn);
        QVERIFY(saved->provenance.value(QStringLiteral("nic_efficiency")).kind == SourceKind::Measured);
        QVERIFY(saved->provenance.value(QStringLiteral("nic_efficiency")).source.contains(QLatin1String("gcp_a3mega_h100_2node_16gpu_tcpxo.txt")));
        QCOMPARE(window.scenario().plan.cluster.nic_efficiency,
                 saved->values.value(QStringLiteral("nic_efficiency")).toDouble());
        // the plan recomputes with the measured figures (the analysis shown is the calibrated
        // plan's, as the engine computes it, and every chart has drawn it), and the change is one
        // undo step
        const auto calibratedShown = [&window, &redrawn] {
            const Analysis *a = window.latestAnalysis();
            return a && a->scenario == window.scenario() && redrawn == a->requestId;
        };
        QTRY_VERIFY_WITH_TIMEOUT(calibratedShown(), 5000);
        const Evaluation direct = evaluate(window.scenario().plan);
        QVERIFY(direct.ok());
        QCOMPARE(window.latestAnalysis()->result.step_time_s, direct.result.step_time_s);
        QCOMPARE(window.latestAnalysis()->result.dp_busbw_gbps, direct.result.dp_busbw_gbps);
        dialog->hide();
        saveScreenshot(&window, QStringLiteral("mainwindow-calibrated.png"));
        QVERIFY(window.document()->undoStack()->canUndo());
        window.document()->undoStack()->undo();
        QCOMPARE(window.scenario().clusterPreset, QStringLiteral("dgx-h100"));
        dialog->close();
    }

    // ---------------------------------------------------------------- reports
    void pdfReportHoldsTheNamesFiguresAndPages()
    {
        const Comparison c = comparePlans(defaultComparison(), Normalization::AsGiven);
        const QString pdf = m_dir.filePath(QStringLiteral("report.pdf"));
        ReportOptions o;
        o.date = QDateTime(QDate(2025, 3, 14), QTime(9, 30));
        QString error;
        int pages = 0;
        QVERIFY2(writeComparisonReport(c, pdf, o, &error, &pages), qPrintable(error));
        QCOMPARE(pdfPageCount(pdf), pages);
        // The structure fixes the count: 1 summary; 2-4 the comparison table (every metric, with the
        // CP, EP and goodput rows, over three pages); 5-6 four charts, two a page; 7 break-even; 8 bill
        // of materials and cost breakdown; 9-11 assumptions, settings and sources.
        QCOMPARE(pages, 11);
        const QStringList text = pdfPages(pdf, pages);
        const QString all = text.join(QLatin1Char('\n'));
        for (const ComparedPlan &p : c.plans)
            QVERIFY2(all.contains(p.name), qPrintable(p.name));
        for (int i = 0; i < pages; ++i)
            QVERIFY2(text[i].contains(QStringLiteral("Page %1 of %2").arg(i + 1).arg(pages)), qPrintable(QString::number(i + 1)));
        QVERIFY(text[0].contains(QStringLiteral("GPU cluster comparison: Llama 2 13B")));
        QVERIFY(text[0].contains(QStringLiteral("14 March 2025")));
        QVERIFY(text[0].contains(QStringLiteral("The question")));
        QVERIFY(text[0].contains(QStringLiteral("Recommended: H100 SXM")));
        QVERIFY(text[1].contains(QStringLiteral("Comparison table")));
        // the table's header row repeats on its second page
        QVERIFY(text[1].contains(QStringLiteral("Metric")) && text[2].contains(QStringLiteral("Metric")));
        QVERIFY(text[2].contains(QStringLiteral("H100 SXM (A)")));
        QVERIFY(text[3].contains(QStringLiteral("Step time breakdown")) && text[3].contains(QStringLiteral("Cost per billion tokens")));
        QVERIFY(text[4].contains(QStringLiteral("Days to train")) && text[4].contains(QStringLiteral("TCO of the training run")));
        QVERIFY(text[5].contains(QStringLiteral("Break-even GPU price")) && text[5].contains(QStringLiteral("Buying against renting")));
        QVERIFY(text[6].contains(QStringLiteral("Bill of materials")) && text[6].contains(QStringLiteral("Cost breakdown")));
        QVERIFY(text[7].contains(QStringLiteral("Assumptions and sources")));
        QVERIFY(text[pages - 1].contains(QStringLiteral("meta-llama")) || text[pages - 2].contains(QStringLiteral("meta-llama")));
        // figures, as the engine computed them
        QVERIFY(all.contains(formatUsd(c.plans[0].result.cost_per_billion_tokens_usd)));                // $88.65
        QVERIFY(all.contains(QStringLiteral("$11.01M")));                                               // H100 capex
        QVERIFY(all.contains(QStringLiteral("256 x 400 Gb/s")));                                        // H100 NIC ports
        QVERIFY(all.contains(QStringLiteral("64 x 200 Gb/s")));                                         // L40S NIC ports
        QVERIFY(all.contains(formatNumber(c.plans[0].result.days_to_train, 1) + QStringLiteral(" d"))); // chart label
        QVERIFY(all.contains(QStringLiteral("989.0 [D")));                                              // provenance
        QVERIFY(all.contains(QStringLiteral("22.4 months")));                                           // buy vs rent
        // charts are vector: the PDF holds no images
        const Run images = run(tool("pdfimages"), {QStringLiteral("-list"), pdf});
        if (images.code == 0) // "page num type ..." header, a rule, then one line per image
            QVERIFY2(images.out.trimmed().split('\n').size() <= 2, images.out.constData());
    }
    void pdfReportOfEightPlans()
    {
        QList<Scenario> plans = defaultComparison();
        for (const Scenario &s : hardwareVariants(defaultComparison().first(),
                                                  {QStringLiteral("h200-sxm"), QStringLiteral("b200"), QStringLiteral("mi300x")},
                                                  PresetCatalog::builtIn()))
            plans << s;
        QCOMPARE(plans.size(), 8);
        const Comparison c = comparePlans(plans, Normalization::EqualTime);
        const QString pdf = m_dir.filePath(QStringLiteral("report8.pdf"));
        QString error;
        int pages = 0;
        QVERIFY2(writeComparisonReport(c, pdf, ReportOptions{}, &error, &pages), qPrintable(error));
        QCOMPARE(pdfPageCount(pdf), pages);
        const QStringList text = pdfPages(pdf, pages);
        for (const ComparedPlan &p : c.plans)
            QVERIFY2(text.join(QLatin1Char('\n')).contains(p.name), qPrintable(p.name));
        QVERIFY(text.last().contains(QStringLiteral("Page %1 of %1").arg(pages)));
        if (qEnvironmentVariableIsSet("COMMTAX_SCREENSHOT_DIR"))
            QFile::copy(pdf, QDir(qEnvironmentVariable("COMMTAX_SCREENSHOT_DIR")).filePath(QStringLiteral("report8.pdf")));
    }
    void reportRefusesUnknownFormatsAndKeepsOldFiles()
    {
        const Comparison c = comparePlans(defaultComparison(), Normalization::AsGiven);
        QString error;
        QVERIFY(!writeComparisonReport(c, m_dir.filePath(QStringLiteral("report.docx")), ReportOptions{}, &error));
        QVERIFY(error.contains(QStringLiteral(".pdf, .csv or .json")));
        // a failed write leaves the old file as it was
        const QString blocked = m_dir.filePath(QStringLiteral("no-such-dir/report.csv"));
        QVERIFY(!writeComparisonReport(c, blocked, ReportOptions{}, &error));
        QVERIFY(!error.isEmpty());
    }

    // ---------------------------------------------------------------- the command line
    void reportCommandWorksWithoutADisplay()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.insert(QStringLiteral("COMMTAX_LIBRARY"), m_dir.filePath(QStringLiteral("cli-none.sqlite")));
        const QString bin = QStringLiteral(COMMTAX_BINARY);
        const QStringList files = compareScenarioFiles();
        const QString pdf = m_dir.filePath(QStringLiteral("cli.pdf"));
        Run r = run(bin, QStringList{QStringLiteral("report")} + files + QStringList{QStringLiteral("-o"), pdf}, env);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("(11 pages)"));
        QCOMPARE(pdfPageCount(pdf), 11);
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("cli-none.sqlite")))); // the CLI never creates a library
        const QString csv = m_dir.filePath(QStringLiteral("cli.csv"));
        r = run(bin, QStringList{QStringLiteral("report")} + files + QStringList{QStringLiteral("-o"), csv}, env);
        QCOMPARE(r.code, 0);
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString header = QString::fromUtf8(f.readLine()).trimmed();
        QCOMPARE(header, comparisonColumns().join(QLatin1Char(',')));
        const QString json = m_dir.filePath(QStringLiteral("cli.json"));
        r = run(bin, QStringList{QStringLiteral("report")} + files + QStringList{QStringLiteral("-o"), json, QStringLiteral("--normalize"), QStringLiteral("budget")}, env);
        QCOMPARE(r.code, 0);
        QFile jf(json);
        QVERIFY(jf.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(jf.readAll()).object();
        QCOMPARE(root.value(QStringLiteral("normalization")).toString(), QStringLiteral("budget"));
        QCOMPARE(root.value(QStringLiteral("plans")).toArray().at(1).toObject().value(QStringLiteral("gpus")).toInt(), 512);
    }
    void reportCommandErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        const QString a = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/compare-1-h100.json");
        const QString b = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/compare-2-a100.json");
        const QString out = QDir::tempPath() + QStringLiteral("/commtax-never-written.pdf");
        QTest::addRow("one plan") << QStringList{QStringLiteral("report"), a, QStringLiteral("-o"), out} << 2 << QStringLiteral("2 to 8");
        QTest::addRow("no output") << QStringList{QStringLiteral("report"), a, b} << 2 << QStringLiteral("-o OUT");
        QTest::addRow("bad suffix") << QStringList{QStringLiteral("report"), a, b, QStringLiteral("-o"), QStringLiteral("x.txt")} << 2
                                    << QStringLiteral(".pdf, .csv or .json");
        QTest::addRow("bad normalize") << QStringList{QStringLiteral("report"), a, b, QStringLiteral("-o"), out,
                                                      QStringLiteral("--normalize"), QStringLiteral("money")}
                                       << 2 << QStringLiteral("--normalize");
        QTest::addRow("missing file") << QStringList{QStringLiteral("report"), a, QStringLiteral("/nonexistent/plan.json"),
                                                     QStringLiteral("-o"), out}
                                      << 1 << QStringLiteral("/nonexistent/plan.json");
    }
    void reportCommandErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, message);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("COMMTAX_LIBRARY"), m_dir.filePath(QStringLiteral("cli-none.sqlite")));
        const Run r = run(QStringLiteral(COMMTAX_BINARY), args, env);
        QCOMPARE(r.code, code);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(!QFile::exists(QDir::tempPath() + QStringLiteral("/commtax-never-written.pdf")));
    }
    void reportCommandReadsTheUserLibrary()
    {
        const QString libPath = m_dir.filePath(QStringLiteral("cli-user.sqlite"));
        {
            PresetLibrary lib(libPath);
            QVERIFY(lib.open(nullptr));
            Preset gpu = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("a100-sxm-80gb"));
            gpu.id = QStringLiteral("cheap-a100");
            gpu.name = QStringLiteral("A100 at a discount");
            gpu.values.insert(QStringLiteral("price_usd"), 6000);
            QVERIFY(lib.savePreset(gpu, nullptr, nullptr));
        }
        QByteArray text;
        {
            QFile f(QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/compare-2-a100.json"));
            QVERIFY(f.open(QIODevice::ReadOnly));
            text = f.readAll().replace("\"a100-sxm-80gb\"", "\"cheap-a100\"").replace("A100 SXM 80GB", "Discount A100");
        }
        const QString plan = m_dir.filePath(QStringLiteral("uses-user-preset.json"));
        QVERIFY(writeFileAtomically(plan, text, nullptr));
        const QString json = m_dir.filePath(QStringLiteral("user.json"));
        const QStringList args{QStringLiteral("report"), QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/compare-1-h100.json"),
                               plan, QStringLiteral("-o"), json};
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("COMMTAX_LIBRARY"), libPath);
        Run r = run(QStringLiteral(COMMTAX_BINARY), args, env);
        QVERIFY2(r.code == 0, r.err.constData());
        QFile jf(json);
        QVERIFY(jf.open(QIODevice::ReadOnly));
        const QJsonObject second = QJsonDocument::fromJson(jf.readAll()).object().value(QStringLiteral("plans")).toArray().at(1).toObject();
        QCOMPARE(second.value(QStringLiteral("gpu")).toString(), QStringLiteral("cheap-a100"));
        QCOMPARE(second.value(QStringLiteral("capex_usd")).toDouble(), 256 * 6000.0 + 32 * 80000.0 + 256 * 1500.0);
        // without the library the preset is unknown: file, line and field
        env.insert(QStringLiteral("COMMTAX_LIBRARY"), m_dir.filePath(QStringLiteral("absent.sqlite")));
        r = run(QStringLiteral(COMMTAX_BINARY), args, env);
        QCOMPARE(r.code, 1);
        QVERIFY2(QString::fromUtf8(r.err).contains(plan + QStringLiteral(":6:")) && r.err.contains("gpu.preset"), r.err.constData());
    }
};

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    TestLibraryGui t;
    return QTest::qExec(&t, argc, argv);
}

#include "test_library_gui.moc"
