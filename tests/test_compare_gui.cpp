// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison as users see it: its table model under QAbstractItemModelTester, the view's charts
// whose bars add up to the engine's figures, normalisation through its widgets, and the Compare
// hardware window's columns (edit, rename, remove, duplicate, scroll), its quote and its reports.
// The preset library: test_library_gui.cpp; the reports: test_report_gui.cpp.
//
// COMMTAX_SCREENSHOT_DIR=/some/dir saves PNGs of the comparison view and the preset manager.
#include "appfeatures.h"
#include "appsettings.h"
#include "calibrate/calibrationdialog.h"
#include "compare/comparisoncharts.h"
#include "compare/comparisondocument.h"
#include "compare/comparisontablemodel.h"
#include "compare/comparisonview.h"
#include "keyfigures.h"
#include "library/comparisonio.h"
#include "library/comparisonuncertainty.h"
#include "library/libraryfeatures.h"
#include "library/libraryfiles.h"
#include "library/preseteditor.h"
#include "library/presetlibrary.h"
#include "library/presetlistmodel.h"
#include "library/presetmanagerdialog.h"
#include "mainwindow.h"
#include "plandocument.h"
#include "report/reportwriter.h"
#include "text/modeltext.h"
#include "textpanels.h"

#include "librarytestsupport.h"
#include "testsupport.h"

#include <qcustomplot.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QCryptographicHash>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QUndoStack>

#include <cmath>

using namespace commtax;
using namespace commtax::test;

class TestCompareGui : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!tool("pdftotext").isEmpty() && !tool("pdfinfo").isEmpty(),
                 "pdftotext and pdfinfo are needed (Debian: poppler-utils; packaging/setup.sh test installs them)");
    }

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
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Llama 2 13B on 256 H100 SXM5 (A)"));
        QCOMPARE(model.headerData(cost, Qt::Vertical).toString(), QStringLiteral("Cost per billion tokens (USD)"));
    }

    // The layout in words is one function (library/comparisonio.h planLayoutText()): the window's
    // Layout row, the PDF report's "Size and layout" column and its comparison table's Layout row
    // say the same for every plan.
    void layoutInWordsIsTheSameInTheTableAndTheReport()
    {
        QList<Scenario> plans = defaultComparison();
        plans[1].plan.training.cp = 2; // a sequence split: "cp=2" after dp
        plans[1].plan.training.dp /= 2;
        const Comparison c = comparePlans(plans, Normalization::AsGiven);
        ComparisonTableModel model;
        model.setComparison(c);
        int layoutRow = -1;
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.headerData(r, Qt::Vertical).toString() == QStringLiteral("Layout"))
                layoutRow = r;
        QVERIFY(layoutRow >= 0);
        const ReportDocument doc = buildReportDocument(c, ReportOptions{}, reportLanguage());
        const ReportTable *table = doc.table(QStringLiteral("plans"));
        const ReportTable *comparison = doc.table(QStringLiteral("comparison"));
        QVERIFY(table && comparison);
        QCOMPARE(table->rows.size(), c.plans.size());
        QCOMPARE(comparison->rows.value(layoutRow).value(0).text, QStringLiteral("Layout"));
        for (int i = 0; i < c.plans.size(); ++i) {
            const QString inTable = model.index(layoutRow, i).data().toString();
            QCOMPARE(table->rows[i].value(3).text, inTable);
            QCOMPARE(comparison->rows[layoutRow].value(i + 1).text, inTable);
            QCOMPARE(inTable, libraryText(planLayoutText(c.plans[i].plan)));
        }
        QCOMPARE(model.index(layoutRow, 0).data().toString(),
                 QStringLiteral("256 GPUs: 32 nodes x 8; tp=2 pp=4 dp=32"));
        QCOMPARE(model.index(layoutRow, 1).data().toString(),
                 QStringLiteral("256 GPUs: 32 nodes x 8; tp=2 pp=4 dp=16 cp=2"));
    }

    // The comparison without its window (compare/comparisondocument.h): its edits, undo steps,
    // plan A, whether it is saved, and its sensitivity from the worker, the newest change winning.
    // No widget is made.
    void comparisonDocumentWithoutWidgets()
    {
        ComparisonDocument doc;
        QSignalSpy plans(&doc, &ComparisonDocument::plansChanged);
        QSignalSpy changed(&doc, &ComparisonDocument::comparisonChanged);
        QSignalSpy ready(&doc, &ComparisonDocument::sensitivityReady);
        const QList<Scenario> given = defaultComparison().mid(0, 3);
        doc.setScenarios(given);
        QCOMPARE(plans.size(), 1);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(doc.comparison().plans.size(), 3);
        QCOMPARE(doc.reference(), 0);
        doc.markSaved();
        QVERIFY(!doc.isModified());

        // Plan A and the normalisation: each one recomputation.
        doc.setReference(1);
        QCOMPARE(doc.comparison().reference, 1);
        doc.setNormalization(Normalization::EqualGpus);
        QCOMPARE(doc.comparison().normalization, Normalization::EqualGpus);
        QCOMPARE(changed.size(), 3);
        doc.setReference(1); // unchanged: nothing to do
        QCOMPARE(changed.size(), 3);
        QVERIFY(doc.isModified());

        // An in-place edit is an undo step; two of the same field in a row are one.
        QSignalSpy replaced(&doc, &ComparisonDocument::scenarioReplaced);
        Scenario bigger = given[2];
        bigger.plan.cluster.nodes *= 2;
        bigger.plan.training.dp *= 2;
        doc.editScenario(2, bigger, QStringLiteral("GPU count"));
        Scenario biggest = bigger;
        biggest.plan.cluster.nodes *= 2;
        biggest.plan.training.dp *= 2;
        doc.editScenario(2, biggest, QStringLiteral("GPU count"));
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(replaced.size(), 2);
        QCOMPARE(replaced.last().value(0).toInt(), 2);
        QCOMPARE(doc.scenarios()[2].plan.cluster.nodes, given[2].plan.cluster.nodes * 4);
        doc.undoStack()->undo();
        QCOMPARE(doc.scenarios()[2], given[2]);
        doc.undoStack()->redo();
        QCOMPARE(doc.scenarios()[2], biggest);

        // Duplicating a column before plan A moves plan A with it, and clears the undo steps.
        QVERIFY(doc.duplicateScenario(0));
        QCOMPARE(doc.scenarios().size(), 4);
        QCOMPARE(doc.reference(), 2);
        QCOMPARE(doc.undoStack()->count(), 0);
        QString error;
        QVERIFY(!doc.duplicateScenario(7, &error));
        QVERIFY(!error.isEmpty());
        doc.removeScenario(2); // plan A: the first plan is A again
        QCOMPARE(doc.reference(), 0);
        QCOMPARE(doc.comparison().plans.size(), 3);

        // All of a saved comparison at once: one recomputation, goals included.
        SavedComparison saved = doc.savedComparison();
        saved.goals = Goals{};
        saved.goals->deadlineDays = 90;
        const qsizetype before = changed.size();
        doc.setSavedComparison(saved);
        QCOMPARE(changed.size(), before + 1);
        QVERIFY(doc.savedComparison() == saved);

        // The sensitivity: only the newest comparison's arrives, for the plans shown.
        ready.clear();
        doc.setNormalization(Normalization::AsGiven); // while the previous one samples
        QVERIFY(ready.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(!doc.isSensitivityBusy(), 60000);
        QCOMPARE(ready.size(), 1);
        QVERIFY(doc.sensitivity().valid);
        QCOMPARE(doc.sensitivity().plans.size(), std::size_t(doc.comparison().plans.size()));
        QVERIFY(QApplication::topLevelWidgets().isEmpty());
    }

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
        QVERIFY2(view.findingsText().startsWith(QStringLiteral("Recommended: Llama 2 13B on 256 H100 SXM5")),
                 qPrintable(view.findingsText()));
        saveScreenshot(&view, QStringLiteral("comparison-view.png"));
        for (const QSize size : {QSize(1280, 800), QSize(1600, 1000)}) {
            view.resize(size);
            QTest::qWait(50);
            saveScreenshot(&view, QStringLiteral("comparison-view-%1x%2.png").arg(size.width()).arg(size.height()));
            QCOMPARE(view.size(), size); // nothing forces the window wider than the screen
            // the charts' plan names do not run into each other
            for (ComparisonChart chart : kAllComparisonCharts) {
                QCustomPlot *plot = view.chart(chart);
                auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(plot->xAxis->ticker());
                if (!ticker || !plot->isVisible() || ticker->ticks().size() < 2)
                    continue;
                const QFontMetrics fm(plot->xAxis->tickLabelFont());
                const double step = plot->xAxis->coordToPixel(2) - plot->xAxis->coordToPixel(1);
                for (const QString &label : ticker->ticks())
                    for (const QString &line : label.split(QLatin1Char('\n')))
                        QVERIFY2(fm.horizontalAdvance(line) <= step, qPrintable(QStringLiteral("%1 at %2x%3: \"%4\" is %5 px, a category %6 px").arg(plot->objectName()).arg(size.width()).arg(size.height()).arg(line).arg(fm.horizontalAdvance(line)).arg(step)));
            }
        }
        view.resize(1400, 860);
        QTest::qWait(50);
        auto *tabs = view.findChild<QTabWidget *>(QStringLiteral("charts"));
        QVERIFY(tabs && tabs->count() == 4); // Charts, Break-even price, Buy or rent, Sensitivity
        tabs->setCurrentIndex(1);
        QTest::qWait(50); // the chart lays out its legend for its size, then draws again
        saveScreenshot(&view, QStringLiteral("comparison-view-break-even.png"));
        tabs->setCurrentIndex(2);
        QTest::qWait(50);
        saveScreenshot(&view, QStringLiteral("comparison-view-buy-or-rent.png"));
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

    void resizedPlansAreNamedByTheirGpuCount()
    {
        // Defect found in review: "D: 1024 RTX 4090" resized to 2048 GPUs (equal budget) must not keep
        // its old name in the table, the charts, the recommendation or the PDF.
        QList<Scenario> plans = defaultComparison().mid(0, 4);
        plans[0].name = QStringLiteral("A: 256 H100");
        plans[1].name = QStringLiteral("A100 SXM 80GB");
        plans[3].name = QStringLiteral("D: 1024 RTX 4090");
        plans[3].plan.cluster.nodes = 128;
        plans[3].plan.training.dp = 128;
        plans.removeAt(2);
        ComparisonView view;
        view.setBestLayout(BestLayout{}); // the layouts as given: the test resizes them by hand
        view.setScenarios(plans);
        view.resize(1400, 860);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *box = view.findChild<QComboBox *>(QStringLiteral("normalization"));
        box->setFocus();
        while (view.normalization() != Normalization::EqualBudget && box->currentIndex() < box->count() - 1)
            QTest::keyClick(box, Qt::Key_Down);
        QCOMPARE(view.normalization(), Normalization::EqualBudget);
        const Comparison &c = view.comparison();
        QCOMPARE(c.plans[2].result.gpus, 2048);
        QCOMPARE(c.plans[2].name, QStringLiteral("D: 2048 RTX 4090"));
        QCOMPARE(c.plans[1].result.gpus, 512);
        QCOMPARE(c.plans[1].name, QStringLiteral("A100 SXM 80GB (512 GPUs)"));
        QCOMPARE(c.plans[0].name, QStringLiteral("A: 256 H100")); // A is never resized
        // the table's column, the charts' ticks and the recommendation say the same
        QCOMPARE(view.tableModel()->headerData(2, Qt::Horizontal).toString(), QStringLiteral("D: 2048 RTX 4090"));
        QStringList ticks;
        QCustomPlot *cost = view.chart(ComparisonChart::CostPerBillionTokens);
        if (const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(cost->xAxis->ticker()))
            for (const QString &t : ticker->ticks())
                ticks << QString(t).replace(QLatin1Char('\n'), QLatin1Char(' ')).simplified();
        QVERIFY2(ticks.join(QLatin1Char('|')).contains(QLatin1String("D: 2048 RTX 4090")), qPrintable(ticks.join(QLatin1Char('|'))));
        QVERIFY(!ticks.join(QLatin1Char('|')).contains(QLatin1String("1024 RTX")));
        QVERIFY(!view.findingsText().contains(QLatin1String("1024 RTX")));
        const QString pdf = m_dir.filePath(QStringLiteral("resized.pdf"));
        QCOMPARE(view.exportReport(pdf), pdf);
        const QString text = pdfPages(pdf, pdfPageCount(pdf)).join(QLatin1Char('\n'));
        QVERIFY(text.contains(QLatin1String("2048 RTX 4090")));
        QVERIFY(!text.contains(QLatin1String("1024 RTX 4090")));
    }

    void recommendationLeadsWithTheDecision()
    {
        // Defect found in review: "Recommended: A ... $156.2k (TCO of the run)" hid the $11.01M cash
        // outlay and that buying beats renting only after 22.4 months of use. The headline (the
        // view's and the PDF's) leads with the cash up front, the cost of this run, the utilisation
        // that buying assumes, and buying against renting.
        ComparisonView view;
        view.setBestLayout(BestLayout{}); // the layouts as given: the figures below are theirs
        view.resize(1400, 860);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const Comparison &c = view.comparison();
        const ComparedPlan &a = c.plans[0];
        auto *findings = view.findChild<QLabel *>(QStringLiteral("findings"));
        QVERIFY(findings);
        QTextDocument doc;
        doc.setHtml(findings->text());
        const QString shown = doc.toPlainText();
        const QString headline = view.findingsText().section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(shown.contains(headline), qPrintable(shown));
        QVERIFY2(headline.startsWith(QStringLiteral("Recommended: Llama 2 13B on 256 H100 SXM5, bought: ")
                                     + formatUsd(a.result.capex_usd) + QStringLiteral(" cash up front")),
                 qPrintable(headline));
        QVERIFY2(headline.contains(QStringLiteral("this run costs ") + formatUsd(a.result.tco_usd)), qPrintable(headline));
        QVERIFY2(headline.contains(QStringLiteral("100% utilisation")), qPrintable(headline));
        const QString rented = QStringLiteral("Llama 2 13B on 256 H100 SXM5 rented");
        const QString breakEven = QStringLiteral("buying beats renting (%1) only after 22.4 months of use").arg(rented);
        QVERIFY2(headline.contains(breakEven), qPrintable(headline));
        QVERIFY2(headline.contains(QStringLiteral("this run takes 0.7 months")), qPrintable(headline));
        // the PDF's first page says the same, before the cost per billion tokens
        const QString pdf = m_dir.filePath(QStringLiteral("decision.pdf"));
        QCOMPARE(view.exportReport(pdf), pdf);
        const QString page = pdfPages(pdf, 1).first().simplified();
        const qsizetype cash = page.indexOf(QStringLiteral("$11.01M cash up front"));
        QVERIFY2(cash > 0, qPrintable(page));
        QVERIFY(page.indexOf(QStringLiteral("lowest cost per billion tokens of the plans that run")) > cash);
        QVERIFY(page.contains(QStringLiteral("only after 22.4 months of use")));
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

    void compareWindowClosesRemovesTheSelectedColumnAndRunsOnePlan()
    {
        // Defect found in review: Compare had no Close and ignored Escape; "Remove plan" removed
        // whichever column held the current cell, or the last plan with nothing selected; one
        // plan left said that none could run.
        auto *view = ComparisonView::openWindow(nullptr, nullptr, defaultComparison());
        QPointer<ComparisonView> alive(view);
        QVERIFY(QTest::qWaitForWindowExposed(view));
        view->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(view));
        auto *remove = view->findChild<QPushButton *>(QStringLiteral("removePlan"));
        QVERIFY(!remove->isEnabled()); // nothing selected, nothing to remove
        QTest::mouseClick(remove, Qt::LeftButton);
        QCOMPARE(view->scenarios().size(), 5);
        auto *table = view->findChild<QTableView *>(QStringLiteral("table"));
        QHeaderView *header = table->horizontalHeader();
        const auto clickColumn = [&](int column) {
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(header->sectionViewportPosition(column) + 5, header->height() / 2));
        };
        clickColumn(1); // A100
        QVERIFY(remove->isEnabled());
        QTest::mouseClick(remove, Qt::LeftButton);
        QStringList names;
        for (const Scenario &sc : view->scenarios())
            names << sc.fullName(); // the rented one is tagged so
        const QString on256 = QStringLiteral("Llama 2 13B on 256 ");
        QStringList expected;
        expected << on256 + QStringLiteral("H100 SXM5") << on256 + QStringLiteral("L40S")
                 << on256 + QStringLiteral("RTX 4090") << on256 + QStringLiteral("H100 SXM5 rented");
        QCOMPARE(names, expected);
        QVERIFY(!remove->isEnabled()); // the selection went with the plan
        // down to one plan: it runs, and the recommendation says so
        while (view->scenarios().size() > 1) {
            clickColumn(int(view->scenarios().size()) - 1);
            QTest::mouseClick(remove, Qt::LeftButton);
        }
        QCOMPARE(view->comparison().cheapest(), 0);
        QVERIFY2(!view->findingsText().contains(QStringLiteral("None of the plans can run")), qPrintable(view->findingsText()));
        QVERIFY(view->findingsText().startsWith(QStringLiteral("Recommended: Llama 2 13B on 256 H100 SXM5")));
        // two plans alike both run too
        view->setScenarios({defaultComparison().first(), defaultComparison().first()});
        QCOMPARE(view->comparison().cheapest(), 0);
        // Escape closes it, and so does Close (a changed comparison after asking)
        QTest::keyClick(table, Qt::Key_Escape);
        QVERIFY(answerSaveBeforeClosing(view));
        QTRY_VERIFY(!alive); // deleted on close
        view = ComparisonView::openWindow(nullptr, nullptr, defaultComparison());
        alive = view;
        QVERIFY(QTest::qWaitForWindowExposed(view));
        QTest::mouseClick(view->findChild<QPushButton *>(QStringLiteral("close")), Qt::LeftButton);
        QTRY_VERIFY(!alive);
    }

    void comparisonTableFitsFourPlansAndWrapsNames()
    {
        // Defect found in review: at 1600 px about 2.5 of 4 plan columns showed, cells cut at both
        // ends ("IDIA H100 SXM5"). Four plans fit, names (up to 60 characters) and cells wrap;
        // more plans scroll.
        QList<Scenario> plans = defaultComparison().mid(0, 4);
        plans[1].name = QStringLiteral("A100 SXM 80GB bought on a four-year lease, quote Q-2026-117");
        QVERIFY(plans[1].name.size() <= 60);
        ComparisonView view;
        view.resize(1600, 1000);
        view.setScenarios(plans);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *table = view.findChild<QTableView *>(QStringLiteral("table"));
        QTRY_VERIFY(table->viewport()->width() > 0);
        QTest::qWait(20);
        QDir().mkpath(QStringLiteral(COMMTAX_BUILD_DIR "/screenshots"));
        view.grab().save(QStringLiteral(COMMTAX_BUILD_DIR "/screenshots/compare-1600.png"));
        const int viewportWidth = table->viewport()->width();
        QHeaderView *header = table->horizontalHeader();
        const QFontMetrics headerFont(header->font());
        for (int c = 0; c < 4; ++c) {
            QVERIFY2(table->columnViewportPosition(c) >= 0 && table->columnViewportPosition(c) + table->columnWidth(c) <= viewportWidth,
                     qPrintable(QStringLiteral("column %1 at %2 + %3 of %4").arg(c).arg(table->columnViewportPosition(c)).arg(table->columnWidth(c)).arg(viewportWidth)));
            const QStringList lines = table->model()->headerData(c, Qt::Horizontal).toString().split(QLatin1Char('\n'));
            QCOMPARE(lines.join(QLatin1Char(' ')), view.tableModel()->headerData(c, Qt::Horizontal).toString());
            for (const QString &line : lines)
                QVERIFY2(headerFont.horizontalAdvance(line) <= table->columnWidth(c) - 8, qPrintable(line));
            QVERIFY(header->height() >= lines.size() * headerFont.lineSpacing());
        }
        // every cell shows whole: no word wider than its column, rows as high as the wrapped text
        const QFontMetrics cellFont(table->font());
        for (int r = 0; r < table->model()->rowCount(); ++r)
            for (int c = 0; c < 4; ++c) {
                const QString text = table->model()->index(r, c).data().toString();
                for (const QString &word : text.split(QLatin1Char(' ')))
                    QVERIFY2(cellFont.horizontalAdvance(word) <= table->columnWidth(c) - 6, qPrintable(word));
                const int needed = cellFont.boundingRect(QRect(0, 0, table->columnWidth(c) - 6, 10000), Qt::TextWordWrap, text).height();
                QVERIFY2(table->rowHeight(r) >= needed, qPrintable(QStringLiteral("%1: %2 px for %3").arg(text).arg(table->rowHeight(r)).arg(needed)));
            }
        // eight plans: the table scrolls sideways, the columns keep their width
        QList<Scenario> eight = plans + defaultComparison().mid(0, 4);
        view.setScenarios(eight);
        QTest::qWait(20);
        QVERIFY(table->horizontalScrollBar()->maximum() > 0);
        QVERIFY(table->columnWidth(7) >= 110);
    }

    void compareRenamesAColumnIntoEveryReport()
    {
        // A column could not be renamed (the rented option reached the PDF and XLSX as
        // "... (copy)"); after a column was removed the editor still showed it.
        auto *view = ComparisonView::openWindow(nullptr, nullptr, defaultComparison());
        QPointer<ComparisonView> alive(view);
        view->setBestLayout(BestLayout{});
        QVERIFY(QTest::qWaitForWindowExposed(view));
        view->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(view));
        auto *table = view->findChild<QTableView *>(QStringLiteral("table"));
        auto *name = view->findChild<QLineEdit *>(QStringLiteral("columnName"));
        auto *title = view->findChild<QLabel *>(QStringLiteral("columnTitle"));
        auto *gpu = view->findChild<QComboBox *>(QStringLiteral("columnGpu"));
        QVERIFY(table && name && title && gpu);
        QVERIFY(!name->isEnabled()); // no column selected
        QHeaderView *header = table->horizontalHeader();
        const auto clickColumn = [&](int column) {
            const QPoint at(header->sectionViewportPosition(column) + 5, header->height() / 2);
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
        };
        const QString original = view->scenarios()[3].name;
        clickColumn(3);
        QCOMPARE(name->text(), original);
        const QString renamed = QStringLiteral("4090 rented at USD 2.50");
        name->setFocus();
        QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(name, renamed);
        QTest::keyClick(name, Qt::Key_Return);
        QCOMPARE(view->scenarios()[3].name, renamed);
        QCOMPARE(view->comparison().plans[3].name.left(renamed.size()), renamed);
        QVERIFY(table->model()->headerData(3, Qt::Horizontal).toString().simplified().contains(renamed));
        QCOMPARE(view->undoStack()->count(), 1);
        // an empty name is refused: the plan keeps its name
        QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(name, Qt::Key_Delete);
        QTest::keyClick(name, Qt::Key_Return);
        QCOMPARE(view->scenarios()[3].name, renamed);
        QCOMPARE(name->text(), renamed);
        QCOMPARE(view->undoStack()->count(), 1);

        // the name reaches the CSV, the PDF and the XLSX
        const QString csv = m_dir.filePath(QStringLiteral("renamed.csv"));
        QCOMPARE(view->exportReport(csv), csv);
        QFile csvFile(csv);
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(csvFile.readAll()).contains(renamed));
        const QString pdf = m_dir.filePath(QStringLiteral("renamed.pdf"));
        QCOMPARE(view->exportReport(pdf), pdf);
        QVERIFY(pdfPages(pdf, pdfPageCount(pdf)).join(QLatin1Char('\n')).simplified().contains(renamed));
        const QString xlsx = m_dir.filePath(QStringLiteral("renamed.xlsx"));
        QCOMPARE(view->exportReport(xlsx), xlsx);
        const QString readStrings = QStringLiteral("import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); "
                                                   "print(z.read('xl/sharedStrings.xml').decode())");
        const Run unzipped = run(tool("python3"), {QStringLiteral("-c"), readStrings, xlsx});
        QVERIFY2(QString::fromUtf8(unzipped.out).contains(renamed), unzipped.err.constData());

        // undo brings the old name back
        table->setFocus();
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(view->scenarios()[3].name, original);

        // remove the L40S column: the editor no longer shows it
        clickColumn(2);
        QVERIFY(title->text().contains(QLatin1Char('3')));
        auto *remove = view->findChild<QPushButton *>(QStringLiteral("removePlan"));
        QVERIFY2(remove->isEnabled(), qPrintable(remove->toolTip()));
        const qsizetype plans = view->scenarios().size();
        QTest::mouseClick(remove, Qt::LeftButton);
        QCOMPARE(view->scenarios().size(), plans - 1);
        QVERIFY2(!title->text().contains(QLatin1Char('3')), qPrintable(title->text()));
        QVERIFY(!gpu->isEnabled() && gpu->currentText().isEmpty());
        QVERIFY(!name->isEnabled() && name->text().isEmpty());
        view->close();
    }

    void timeNormalisationSaysItsRule()
    {
        // "Equal time to train" gave the A100 column 1024 GPUs and 51.6 days against
        // A's 89.6: the rule is the fewest GPUs at least as fast as A, and the window and the
        // report's question say so.
        ComparisonView view;
        view.setBestLayout(BestLayout{});
        view.setScenarios(defaultComparison().mid(0, 2));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *box = view.findChild<QComboBox *>(QStringLiteral("normalization"));
        QVERIFY(box);
        box->setFocus();
        QTest::keyClick(box, Qt::Key_End); // the last choice: time
        QCOMPARE(view.comparison().normalization, Normalization::EqualTime);
        QCOMPARE(box->currentText(), QStringLiteral("At least as fast as A"));
        QVERIFY(box->toolTip().contains(QStringLiteral("fewest GPUs that train at least as fast")));
        const QString question = comparisonQuestion(view.comparison());
        QVERIFY2(question.contains(QStringLiteral("fewest GPUs that train at least as fast as A")),
                 qPrintable(question));
        const ComparedPlan &b = view.comparison().plans[1];
        QVERIFY(b.result.days_to_train <= view.comparison().plans[0].result.days_to_train * (1 + 1e-9));
    }

    void goodputSaysWhereItComesFrom()
    {
        // The PDF printed "Goodput 90%" beside "Goodput lost: checkpoints 0.0%" and
        // "Checkpoint interval 0 s": a goodput given in the plan is said to be given, and the
        // losses it is not computed from are n/a. With goodput "auto" they are computed.
        QList<Scenario> plans = defaultComparison().mid(0, 2);
        QVERIFY(plans[0].plan.training.goodput.has_value());
        plans[1].plan.training.goodput.reset(); // auto
        const Comparison c = comparePlans(plans, Normalization::AsGiven, BestLayout{}, 0);
        ComparisonTableModel model;
        model.setComparison(c);
        QMap<QString, int> rows;
        for (int r = 0; r < model.rowCount(); ++r)
            rows.insert(model.headerData(r, Qt::Vertical).toString(), r);
        const auto cell = [&](const char *label, int plan) {
            return model.index(rows.value(QString::fromUtf8(label), -1), plan).data().toString();
        };
        QVERIFY2(cell("Goodput", 0).contains(QStringLiteral("given in the plan")), qPrintable(cell("Goodput", 0)));
        QVERIFY2(!cell("Goodput", 1).contains(QStringLiteral("given")), qPrintable(cell("Goodput", 1)));
        for (const char *loss : {"Goodput lost: checkpoints", "Goodput lost: restarts", "Checkpoint interval (s)"}) {
            QVERIFY2(rows.contains(QString::fromUtf8(loss)), loss);
            QCOMPARE(cell(loss, 0), QStringLiteral("n/a"));
            QVERIFY2(cell(loss, 1) != QStringLiteral("n/a") && !cell(loss, 1).isEmpty(), loss);
        }
        // and in the PDF
        const QString pdf = m_dir.filePath(QStringLiteral("goodput.pdf"));
        QString error;
        ReportOptions options; // no sensitivity: no section
        QVERIFY2(writeComparisonReport(c, pdf, options, &error), qPrintable(error));
        const QString text = pdfPages(pdf, pdfPageCount(pdf)).join(QLatin1Char(' ')).simplified();
        QVERIFY2(text.contains(QStringLiteral("(given in the plan)")), "the PDF says the goodput is given");
    }

    void compareEditsColumnsInPlaceAndUndoes()
    {
        // Defect found in review: in-place edits of GPU, GPU count and economics per column, each an
        // undoable step (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y).
        auto *view = ComparisonView::openWindow(nullptr, nullptr, defaultComparison());
        QPointer<ComparisonView> alive(view);
        view->setBestLayout(BestLayout{}); // the files' layouts: quicker, and counts stay as typed
        QVERIFY(QTest::qWaitForWindowExposed(view));
        view->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(view));
        const QList<Scenario> original = view->scenarios();
        auto *gpu = view->findChild<QComboBox *>(QStringLiteral("columnGpu"));
        auto *gpus = view->findChild<QSpinBox *>(QStringLiteral("columnGpus"));
        auto *mode = view->findChild<QComboBox *>(QStringLiteral("columnEconomicsMode"));
        auto *rent = view->findChild<QDoubleSpinBox *>(QStringLiteral("columnRent"));
        auto *utilisation = view->findChild<QDoubleSpinBox *>(QStringLiteral("columnUtilisation"));
        QVERIFY(gpu && gpus && mode && rent && utilisation);
        QVERIFY(!gpu->isEnabled() && !gpus->isEnabled()); // no column selected
        auto *table = view->findChild<QTableView *>(QStringLiteral("table"));
        QHeaderView *header = table->horizontalHeader();
        const auto clickColumn = [&](int column) {
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(header->sectionViewportPosition(column) + 5, header->height() / 2));
        };
        const auto type = [](QAbstractSpinBox *box, const QString &text) {
            box->setFocus();
            QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(box, text);
            QTest::keyClick(box, Qt::Key_Return);
        };

        // GPU: the RTX 4090 column onto the next GPU of the list, on that GPU's default cluster
        clickColumn(3);
        QVERIFY(gpu->isEnabled());
        QCOMPARE(gpu->currentData().toString(), QStringLiteral("rtx-4090"));
        gpu->setFocus();
        QTest::keyClick(gpu, Qt::Key_Down);
        const QString next = gpu->itemData(gpu->findText(gpu->currentText())).toString();
        QVERIFY(next != QStringLiteral("rtx-4090"));
        QCOMPARE(view->scenarios()[3].gpuPreset, next);
        const Preset nextGpu = *PresetCatalog::builtIn().find(Section::Gpu, next);
        QCOMPARE(view->scenarios()[3].clusterPreset, nextGpu.defaultCluster());
        // it was named as the app names a plan ("Llama 2 13B on 256 RTX 4090"): the name follows the GPU
        const QString shortName = planNameFor(view->scenarios()[3].plan).section(QStringLiteral(" on "), 1).section(QLatin1Char(' '), 1);
        QCOMPARE(view->scenarios()[3].name, planNameFor(view->scenarios()[3].plan));
        QVERIFY(!shortName.isEmpty() && nextGpu.name.contains(shortName.section(QLatin1Char(' '), 0, 0)));
        QCOMPARE(QString::fromStdString(view->comparison().plans[3].plan.gpu.id), next);
        QCOMPARE(view->undoStack()->count(), 1);

        // GPU count: plan A from 256 to 512 GPUs, dp follows
        clickColumn(0);
        QCOMPARE(gpus->value(), 256);
        type(gpus, QStringLiteral("512"));
        QCOMPARE(view->scenarios()[0].plan.cluster.nodes, 64);
        QCOMPARE(view->scenarios()[0].plan.training.dp, 64);
        QCOMPARE(view->comparison().plans[0].result.gpus, 512);
        QVERIFY2(view->scenarios()[0].name.contains(QStringLiteral("512")), qPrintable(view->scenarios()[0].name));
        QCOMPARE(gpus->value(), 512); // the column stays selected, the editor shows the new count

        // economics: the A100 bought -> rented at its own price, then at 1.50 USD per GPU-hour
        clickColumn(1);
        QVERIFY(!rent->isEnabled() && utilisation->isEnabled());
        mode->setFocus();
        QTest::keyClick(mode, Qt::Key_Down);
        const ComparedPlan &a100 = view->comparison().plans[1];
        QCOMPARE(a100.plan.economics.mode, EconomicsMode::Rent);
        QCOMPARE(a100.result.capex_usd, 0.0);
        QVERIFY_NEAR(a100.result.cost_per_hour_usd, a100.result.gpus * a100.plan.gpu.rent_usd_per_hour, 1e-12);
        QVERIFY(rent->isEnabled());
        type(rent, QStringLiteral("1.50"));
        QVERIFY_NEAR(view->comparison().plans[1].result.cost_per_hour_usd, 256 * 1.5, 1e-12);

        // utilisation: the L40S at 50% carries twice the capital and upkeep per hour of use
        clickColumn(2);
        const Result before = view->comparison().plans[2].result;
        const double energy = before.power_kw * original[2].plan.economics.usd_per_kwh;
        type(utilisation, QStringLiteral("0.5"));
        const Result after = view->comparison().plans[2].result;
        QVERIFY_NEAR(after.cost_per_hour_usd - energy, 2.0 * (before.cost_per_hour_usd - energy), 1e-12);
        QCOMPARE(view->undoStack()->count(), 5);
        for (const QSize size : {QSize(1280, 800), QSize(1600, 1000)}) {
            view->resize(size);
            QCoreApplication::processEvents();
            saveScreenshot(view, QStringLiteral("compare-column-editor-%1.png").arg(size.width()));
        }

        // undo from the table: the utilisation goes back, then comes again with either redo key
        table->setFocus();
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(view->scenarios()[2].plan.economics.utilisation, 1.0);
        QVERIFY_NEAR(view->comparison().plans[2].result.cost_per_hour_usd, before.cost_per_hour_usd, 1e-12);
        QCOMPARE(utilisation->value(), 1.0); // the editor shows the plan as it is
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(view->scenarios()[2].plan.economics.utilisation, 0.5);
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
        QTest::keyClick(table, Qt::Key_Y, Qt::ControlModifier);
        QCOMPARE(view->scenarios()[2].plan.economics.utilisation, 0.5);
        // all the way back: the comparison as it opened
        for (int i = 0; i < 5; ++i)
            QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(view->scenarios(), original);
        // adding a plan clears the history (steps name plans by column)
        view->addScenario(original.first());
        QCOMPARE(view->undoStack()->count(), 0);
        view->close();
        QVERIFY(answerSaveBeforeClosing(view));
        QTRY_VERIFY(!alive);
    }

    void compareRemovesTheChosenPlanAndClosesFromAnyField()
    {
        // Defect found in review, re-checked: a click on any cell selects its whole column, and
        // Remove plan names the plan it will remove before it is pressed; Escape closes the
        // window from the column editor's fields too; one plan left shows its figures.
        auto *view = ComparisonView::openWindow(nullptr, nullptr, defaultComparison());
        QPointer<ComparisonView> alive(view);
        view->setBestLayout(BestLayout{});
        QVERIFY(QTest::qWaitForWindowExposed(view));
        view->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(view));
        auto *remove = view->findChild<QPushButton *>(QStringLiteral("removePlan"));
        auto *table = view->findChild<QTableView *>(QStringLiteral("table"));
        const QString l40s = view->scenarios()[2].name;
        QCOMPARE(l40s, QStringLiteral("Llama 2 13B on 256 L40S"));
        QVERIFY(!remove->toolTip().contains(l40s));
        const QRect cell = table->visualRect(table->model()->index(4, 2)); // a cell of the L40S column
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QVERIFY(remove->isEnabled());
        QVERIFY2(remove->toolTip().contains(QLatin1Char('"') + l40s + QLatin1Char('"')), qPrintable(remove->toolTip()));
        QVERIFY(table->selectionModel()->isColumnSelected(2, QModelIndex()));
        QList<Scenario> expected = view->scenarios();
        expected.removeAt(2);
        QTest::mouseClick(remove, Qt::LeftButton);
        QCOMPARE(view->scenarios(), expected);
        // a Ctrl+click on the selected column unselects it: nothing left to remove
        const QRect again = table->visualRect(table->model()->index(4, 1));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, again.center());
        QVERIFY(remove->isEnabled());
        QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::ControlModifier, again.center());
        QVERIFY(!remove->isEnabled());
        QTest::mouseClick(remove, Qt::LeftButton);
        QCOMPARE(view->scenarios().size(), 4);
        // one plan: its figures, no "cannot run", and the charts show it
        view->setScenarios({defaultComparison().first()});
        QVERIFY(view->comparison().plans.first().runs());
        auto *status = view->findChild<QLabel *>(QStringLiteral("status"));
        QVERIFY2(status->text().contains(QStringLiteral("at least 2")), qPrintable(status->text()));
        QVERIFY(!view->findingsText().contains(QStringLiteral("None of the plans")));
        for (ComparisonChart chart : {ComparisonChart::StepBreakdown, ComparisonChart::CostPerBillionTokens, ComparisonChart::DaysToTrain, ComparisonChart::Tco})
            QVERIFY2(view->chart(chart)->plottableCount() > 0, qPrintable(chartTitle(chart)));
        for (int i = 0; i < view->chart(ComparisonChart::PriceBreakEven)->itemCount(); ++i)
            if (auto *text = qobject_cast<QCPItemText *>(view->chart(ComparisonChart::PriceBreakEven)->item(i)))
                QVERIFY2(!text->text().contains(QStringLiteral("None of the plans")), qPrintable(text->text()));
        QCOMPARE(table->model()->columnCount(), 1);
        // Escape from the GPU count field of the column editor closes the window
        view->setScenarios(defaultComparison());
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(table->model()->index(4, 0)).center());
        auto *gpus = view->findChild<QSpinBox *>(QStringLiteral("columnGpus"));
        QVERIFY(gpus->isEnabled());
        gpus->setFocus();
        QTest::keyClick(gpus, Qt::Key_Escape);
        QVERIFY(answerSaveBeforeClosing(view));
        QTRY_VERIFY(!alive);
    }

    void compareTableScrollsByWholeColumns()
    {
        // At 1280x800 a click on the partly shown last column scrolled the table by
        // pixels, leaving plan A's column half out of view. The rule now: the clicked column shows
        // whole, and the leftmost column shown starts at the viewport's left edge (x = 0), so
        // plan A's column is either wholly in view or wholly scrolled away.
        QList<Scenario> plans = defaultComparison();
        plans << defaultComparison().mid(0, 3);
        ComparisonView view;
        view.setBestLayout(BestLayout{});
        view.setScenarios(plans);
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTest::qWait(20);
        auto *table = view.findChild<QTableView *>(QStringLiteral("table"));
        // A plan column partly in view: at 1280 px, or a few pixels narrower when four columns
        // happen to fill the table exactly (the table's width moves with the layout).
        int viewportWidth = 0;
        int partly = -1;
        for (int narrower = 0; narrower <= 60 && partly < 0; narrower += 15) {
            if (narrower > 0) {
                QSplitter *split = view.findChild<QSplitter *>();
                split->setSizes({split->sizes().value(0) - 15, split->sizes().value(1) + 15});
                QTest::qWait(20);
            }
            viewportWidth = table->viewport()->width();
            for (int c = 0; c < table->model()->columnCount() && partly < 0; ++c)
                if (table->columnViewportPosition(c) < viewportWidth
                    && table->columnViewportPosition(c) + table->columnWidth(c) > viewportWidth)
                    partly = c;
        }
        QVERIFY2(partly > 0, "a plan column partly in view at about 1280x800");
        const int row = 3;
        const QRect cell = table->visualRect(table->model()->index(row, partly));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, QPoint(cell.left() + 5, cell.center().y()));
        QTest::qWait(QApplication::doubleClickInterval() + 300); // a view scrolls to a clicked cell after a delay
        const QModelIndexList selected = table->selectionModel()->selectedColumns();
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected.first().column(), partly);
        const QRect clicked = table->visualRect(table->model()->index(row, partly));
        QVERIFY2(clicked.left() >= 0 && clicked.right() < viewportWidth,
                 qPrintable(QStringLiteral("clicked column at %1..%2 of %3").arg(clicked.left()).arg(clicked.right()).arg(viewportWidth)));
        const int leftmost = table->columnAt(0);
        QCOMPARE(table->columnViewportPosition(leftmost), 0);
        const QRect a = table->visualRect(table->model()->index(row, 0));
        QVERIFY2(a.right() < 0 || (a.left() >= 0 && a.right() < viewportWidth),
                 qPrintable(QStringLiteral("plan A's column at %1..%2").arg(a.left()).arg(a.right())));
        // and back: a click on the column now leftmost keeps the table where it is
        const int scrolled = table->horizontalScrollBar()->value();
        const QRect first = table->visualRect(table->model()->index(row, leftmost));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, first.center());
        QTest::qWait(QApplication::doubleClickInterval() + 300);
        QCOMPARE(table->horizontalScrollBar()->value(), scrolled);
        QCOMPARE(table->columnViewportPosition(table->columnAt(0)), 0);
    }

    void compareBreakEvenChartsKeepTheirPlotWithEightLongNames()
    {
        // With 8 plans named in 60 characters the break-even charts' legends ate the
        // plot. At 1280x800 the axes keep at least 55% of each chart's height, and an entry
        // whose plan name is shortened shows the whole text in its tooltip.
        const QList<Scenario> base = defaultComparison();
        QList<Scenario> plans;
        for (int i = 0; i < 8; ++i) {
            Scenario s = base[i % base.size()];
            s.name = QStringLiteral("%1 no. %2 on a four-year lease from Vendor X, quote Q-2026-117 and more").arg(s.name).arg(i + 1).left(60);
            QCOMPARE(s.name.size(), 60);
            plans << s;
        }
        ComparisonView view;
        view.setBestLayout(BestLayout{});
        view.setScenarios(plans);
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // Each chart: the axes keep 55% of its height, no legend entry runs out of the plot, and
        // an entry shortened to fit has its whole text in a tooltip. Returns how many are shortened.
        const auto check = [](QCustomPlot *plot, int &shortened) {
            plot->replot();
            QCoreApplication::processEvents();
            plot->replot();
            QVERIFY2(plot->legend->visible() && plot->legend->itemCount() >= 2, qPrintable(plot->objectName()));
            const int axes = plot->axisRect()->rect().height();
            QVERIFY2(axes >= 0.55 * plot->height(),
                     qPrintable(QStringLiteral("%1: axes %2 px of %3").arg(plot->objectName()).arg(axes).arg(plot->height())));
            QVERIFY(plot->legend->outerRect().right() <= plot->width());
            auto *title = qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0));
            QVERIFY(title && QFontMetrics(title->font()).horizontalAdvance(title->text().section(QLatin1Char('\n'), 0, 0)) <= plot->width());
            const QFontMetrics fm(plot->legend->font());
            for (int i = 0; i < plot->legend->itemCount(); ++i) {
                auto *item = qobject_cast<QCPPlottableLegendItem *>(plot->legend->item(i));
                if (!item)
                    continue;
                const QString full = item->plottable()->property("fullName").toString();
                QVERIFY(!full.isEmpty());
                for (const QString &line : item->plottable()->name().split(QLatin1Char('\n')))
                    QVERIFY2(fm.horizontalAdvance(line) <= item->outerRect().width(), qPrintable(line));
                if (item->plottable()->name().split(QLatin1Char('\n')).join(QLatin1Char(' ')) == full)
                    continue;
                ++shortened;
                const QPoint at = item->outerRect().center();
                QHelpEvent help(QEvent::ToolTip, at, plot->mapToGlobal(at));
                QCoreApplication::sendEvent(plot, &help);
                QTRY_COMPARE(QToolTip::text(), full);
                QToolTip::hideText();
            }
        };
        auto *tabs = view.findChild<QTabWidget *>(QStringLiteral("charts"));
        int shortened = 0;
        for (ComparisonChart which : {ComparisonChart::PriceBreakEven, ComparisonChart::BuyVersusRent}) {
            QCustomPlot *plot = view.chart(which);
            tabs->setCurrentWidget(plot);
            QTest::qWait(50);
            saveScreenshot(&view, QStringLiteral("compare-%1-8-plans-1280.png").arg(plot->objectName()));
            QVERIFY(plot->isVisible());
            check(plot, shortened);
            if (QTest::currentTestFailed())
                return;
        }
        QCOMPARE(view.chart(ComparisonChart::PriceBreakEven)->legend->itemCount(), 8);
        // a smaller chart (a smaller window, or a split moved): entries shortened, the axes kept
        QCustomPlot small;
        small.resize(560, 330);
        small.show();
        QVERIFY(QTest::qWaitForWindowExposed(&small));
        drawComparisonChart(&small, ComparisonChart::PriceBreakEven, view.comparison());
        shortened = 0;
        check(&small, shortened);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(shortened > 0);
        saveScreenshot(&small, QStringLiteral("compare-break-even-560x330.png"));
    }

    void quoteDialogEditsTheQuoteWithUndo()
    {
        // economics.quote was kept from the file and saved back, but nothing edited it.
        // Edit > Quote... sets vendor, quote id, date and validity as one undoable step.
        AppSettings settings(m_dir.filePath(QStringLiteral("settings-quote.ini")));
        MainWindow window(settings);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *action = window.findChild<QAction *>(QStringLiteral("quoteAction"));
        QVERIFY(action);
        QVERIFY(window.menuBar()->findChild<QMenu *>(QStringLiteral("editMenu"))->actions().contains(action));
        QVERIFY(window.scenario().quote.isEmpty());
        bool sawError = false;
        QTimer::singleShot(0, [&] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog && dialog->objectName() == QStringLiteral("quoteDialog"));
            const auto type = [dialog](const char *name, const QString &text) {
                auto *edit = dialog->findChild<QLineEdit *>(QLatin1String(name));
                QVERIFY(edit);
                edit->setFocus();
                QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
                QTest::keyClicks(edit, text);
            };
            type("quoteVendor", QStringLiteral("Vendor X"));
            type("quoteId", QStringLiteral("Q-2026-117"));
            type("quoteDate", QStringLiteral("2026-03-01"));
            type("quoteValidUntil", QStringLiteral("2026-02-01")); // before the date: refused
            auto *buttons = dialog->findChild<QDialogButtonBox *>();
            QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
            auto *error = dialog->findChild<QLabel *>(QStringLiteral("quoteError"));
            sawError = dialog->isVisible() && error->isVisible() && error->text().contains(QStringLiteral("2026-02-01"));
            type("quoteValidUntil", QStringLiteral("2026-06-30"));
            QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
        });
        action->trigger();
        QVERIFY(sawError);
        Scenario::Quote expected;
        expected.vendor = QStringLiteral("Vendor X");
        expected.id = QStringLiteral("Q-2026-117");
        expected.date = QStringLiteral("2026-03-01");
        expected.validUntil = QStringLiteral("2026-06-30");
        QCOMPARE(window.scenario().quote, expected);
        QVERIFY(window.document()->isModified());
        // saved into the scenario file
        const QString file = m_dir.filePath(QStringLiteral("quoted.json"));
        QString error;
        QVERIFY2(window.document()->save(file, &error), qPrintable(error));
        const auto quoteInFile = [&] {
            QFile f(file);
            f.open(QIODevice::ReadOnly);
            return QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("economics")).toObject().value(QStringLiteral("quote"));
        };
        QCOMPARE(quoteInFile().toObject(), (QJsonObject{{QStringLiteral("vendor"), QStringLiteral("Vendor X")}, {QStringLiteral("id"), QStringLiteral("Q-2026-117")}, {QStringLiteral("date"), QStringLiteral("2026-03-01")}, {QStringLiteral("valid_until"), QStringLiteral("2026-06-30")}}));
        // one undo step takes it off again
        QVERIFY(window.document()->undoStack()->undoText().contains(QStringLiteral("Q-2026-117")));
        window.document()->undoStack()->undo();
        QVERIFY(window.scenario().quote.isEmpty());
        QVERIFY(window.document()->save(file, &error));
        QVERIFY(quoteInFile().isUndefined());
        window.document()->undoStack()->redo();
        QCOMPARE(window.scenario().quote, expected);
        // Remove quote in the dialog clears it
        QTimer::singleShot(0, [] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            QCOMPARE(dialog->findChild<QLineEdit *>(QStringLiteral("quoteVendor"))->text(), QStringLiteral("Vendor X"));
            QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("quoteRemove")), Qt::LeftButton);
        });
        action->trigger();
        QVERIFY(window.scenario().quote.isEmpty());
    }

    void quoteDialogPricesThePlanAndWarnsWhenExpired()
    {
        // Issue 28, item 5: a quote carries prices. Typed in Edit > Quote..., they become the
        // plan's, with the quote as their source in the editor; one undo restores the old prices;
        // a quote past its validity warns in the warnings list. Today is COMMTAX_TODAY.
        qputenv("COMMTAX_TODAY", "2026-07-01");
        const auto unsetToday = qScopeGuard([] { qunsetenv("COMMTAX_TODAY"); });
        AppSettings settings(m_dir.filePath(QStringLiteral("settings-quote-prices.ini")));
        MainWindow window(settings);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const Plan before = window.scenario().plan;
        auto *action = window.findChild<QAction *>(QStringLiteral("quoteAction"));
        QString refused;
        QTimer::singleShot(0, [&] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog && dialog->objectName() == QStringLiteral("quoteDialog"));
            const auto type = [dialog](const QString &name, const QString &text) {
                auto *edit = dialog->findChild<QLineEdit *>(name);
                QVERIFY2(edit, qPrintable(name));
                edit->setFocus();
                QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
                QTest::keyClicks(edit, text);
            };
            type(QStringLiteral("quoteVendor"), QStringLiteral("Acme Systems"));
            type(QStringLiteral("quoteId"), QStringLiteral("Q-2026-17"));
            type(QStringLiteral("quoteDate"), QStringLiteral("2026-03-01"));
            type(QStringLiteral("quoteValidUntil"), QStringLiteral("2026-06-30"));
            type(QStringLiteral("quoteItem_gpu_price_usd"), QStringLiteral("27000"));
            type(QStringLiteral("quoteItem_node_price_usd"), QStringLiteral("-5")); // below the field's limits
            auto *buttons = dialog->findChild<QDialogButtonBox *>();
            QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
            auto *error = dialog->findChild<QLabel *>(QStringLiteral("quoteError"));
            if (dialog->isVisible() && error->isVisible())
                refused = error->text();
            type(QStringLiteral("quoteItem_node_price_usd"), QStringLiteral("150000"));
            QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
        });
        action->trigger();
        QVERIFY2(refused.contains(fieldText("Node price without GPUs (USD)")), qPrintable(refused));
        QCOMPARE(window.scenario().plan.gpu.price_usd, 27000.0);
        QCOMPARE(window.scenario().plan.cluster.node_price_usd, 150000.0);
        QCOMPARE(window.scenario().plan.cluster.network_cost_per_gpu_usd, before.cluster.network_cost_per_gpu_usd);
        QCOMPARE(window.scenario().quote.items.size(), 2);
        // the editor shows the price as the quote's
        auto *price = window.findChild<QWidget *>(QStringLiteral("field_gpu_price_usd"));
        QVERIFY(price);
        QTRY_VERIFY2(price->toolTip().contains(QStringLiteral("Quote Q-2026-17 from Acme Systems, 2026-03-01")),
                     qPrintable(price->toolTip()));
        // expired on 2026-06-30: the warnings list says so
        auto *warnings = window.findChild<QListWidget *>(QStringLiteral("warningsList"));
        QVERIFY(warnings);
        const auto warned = [warnings] {
            for (int i = 0; i < warnings->count(); ++i)
                if (warnings->item(i)->text().contains(QStringLiteral("expired on 2026-06-30")))
                    return true;
            return false;
        };
        QTRY_VERIFY(warned());
        // the status banner counts it with the engine's warnings, as the Warnings tab does
        auto *banner = window.findChild<TextStrip *>(QStringLiteral("staleBanner"));
        QVERIFY(banner);
        int listed = 0;
        for (int i = 0; i < warnings->count(); ++i)
            listed += warnings->item(i)->text().startsWith(QStringLiteral("No warnings")) ? 0 : 1;
        QTRY_VERIFY2(banner->text().contains(QStringLiteral("; %1 warning").arg(listed)), qPrintable(banner->text()));
        // one undo: the old prices, no quote, no warning
        window.document()->undoStack()->undo();
        QCOMPARE(window.scenario().plan.gpu.price_usd, before.gpu.price_usd);
        QCOMPARE(window.scenario().plan.cluster.node_price_usd, before.cluster.node_price_usd);
        QVERIFY(window.scenario().quote.isEmpty());
        QTRY_VERIFY(!warned());
        QTRY_VERIFY(!price->toolTip().contains(QStringLiteral("Q-2026-17")));
        window.document()->undoStack()->redo();
        QCOMPARE(window.scenario().plan.gpu.price_usd, 27000.0);
    }

    void compareAddsTheCurrentPlanAndDuplicatesAColumn()
    {
        // Defect found in review: building a comparison took four Save As. "Add current plan" takes
        // the editor's plan as it is; "Duplicate column" copies the selected plan next to it.
        AppSettings settings(m_dir.filePath(QStringLiteral("settings-add-current.ini")));
        MainWindow window(settings);
        auto *features = new LibraryFeatures(&window, m_dir.filePath(QStringLiteral("add-current.sqlite")));
        window.show();
        features->compareAction()->trigger();
        ComparisonView *view = window.findChildren<ComparisonView *>().first();
        QVERIFY(QTest::qWaitForWindowExposed(view));
        QCOMPARE(view->scenarios().size(), 4);
        auto *duplicate = view->findChild<QPushButton *>(QStringLiteral("duplicatePlan"));
        auto *addCurrent = view->findChild<QPushButton *>(QStringLiteral("addCurrent"));
        QVERIFY(!duplicate->isEnabled()); // no column selected
        QVERIFY(addCurrent->isEnabled());
        // the plan edited after the window opened: what is added is the plan as it is now
        QVERIFY(window.document()->setField(*findField(Section::Cluster, QStringLiteral("nodes")), QJsonValue(64)));
        QTest::mouseClick(addCurrent, Qt::LeftButton);
        QCOMPARE(view->scenarios().size(), 5);
        QCOMPARE(view->scenarios().last(), window.scenario());
        QCOMPARE(view->comparison().plans.last().plan.cluster.nodes, 64);
        // duplicate the A100 column: the copy sits next to it
        auto *table = view->findChild<QTableView *>(QStringLiteral("table"));
        QHeaderView *header = table->horizontalHeader();
        const QString a100 = view->scenarios()[1].name;
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(header->sectionViewportPosition(1) + 5, header->height() / 2));
        QVERIFY(duplicate->isEnabled());
        QTest::mouseClick(duplicate, Qt::LeftButton);
        QCOMPARE(view->scenarios().size(), 6);
        QCOMPARE(view->scenarios()[2].name, a100); // tagged a copy, the name as it was
        QCOMPARE(view->scenarios()[2].fullName(), a100 + QStringLiteral(" (copy)"));
        QCOMPARE(view->scenarios()[2].plan.gpu.id, view->scenarios()[1].plan.gpu.id);
        QCOMPARE(view->comparison().plans[2].result.step_time_s, view->comparison().plans[1].result.step_time_s);
        // at eight plans neither adds more
        QTest::mouseClick(addCurrent, Qt::LeftButton);
        QTest::mouseClick(addCurrent, Qt::LeftButton);
        QCOMPARE(view->scenarios().size(), 8);
        QVERIFY(!addCurrent->isEnabled());
        view->close();
    }
};

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    TestCompareGui t;
    return QTest::qExec(&t, argc, argv);
}

#include "test_compare_gui.moc"
