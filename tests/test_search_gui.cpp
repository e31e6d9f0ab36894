// SPDX-License-Identifier: GPL-3.0-or-later
// Tools > Find best layout, driven through its widgets with real events: Ctrl+B opens the
// dialog, Search runs off the GUI thread, the table sorts, "Use this layout" changes the plan in one
// undo step and Undo restores it, Cancel stops a search.
#include "appfeatures.h"
#include "appsettings.h"
#include "compare/comparisonview.h"
#include "mainwindow.h"
#include "plandocument.h"
#include "search/searchdialog.h"

#include "guitestsupport.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <cmath>
#include <set>

using namespace commtax;
using namespace commtax::test;

class TestSearchGui : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void searchUseLayoutUndo()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("settings.ini")));
        MainWindow window(settings);
        auto *features = new AppFeatures(&window, m_dir.filePath(QStringLiteral("library.sqlite")));
        window.resize(1600, 1000);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.toolsMenu()->actions().contains(features->searchAction()));
        QCOMPARE(features->searchAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_B));
        QTest::keyClick(&window, Qt::Key_B, Qt::ControlModifier);
        auto *dialog = window.findChild<SearchDialog *>(QStringLiteral("searchDialog"));
        QVERIFY(dialog && dialog->isVisible());

        // Before a search the plot has nothing to name: no legend, not an empty box.
        auto *emptyPlot = child<QCustomPlot>(dialog, "paretoPlot");
        QVERIFY2(!emptyPlot->legend->visible() || emptyPlot->legend->itemCount() > 0,
                 "an empty legend on an empty plot");

        const Plan before = window.document()->scenario().plan;
        QSignalSpy done(dialog, &SearchDialog::searchFinished);
        QTest::mouseClick(child<QPushButton>(dialog, "searchButton"), Qt::LeftButton);
        QVERIFY(done.count() == 1 || done.wait(60000));
        QVERIFY(!dialog->isRunning());
        const search::SearchResult &r = dialog->result();
        QVERIFY(!r.cancelled);
        QVERIFY(!r.top.empty());
        QVERIFY(child<QLabel>(dialog, "searchSummary")->text().contains(QStringLiteral("Searched")));
        QVERIFY(child<QLabel>(dialog, "searchCount")->text().startsWith(QLocale().toString(qlonglong(r.searched))));

        auto *plot = child<QCustomPlot>(dialog, "paretoPlot");
        QCPGraph *front = graph(plot, "pareto");
        QVERIFY(front && front->dataCount() == int(r.pareto.size()));
        QCPGraph *current = graph(plot, "current");
        QVERIFY(current && current->dataCount() == 1); // the default plan fits
        for (int i = 0; i < plot->graphCount(); ++i)
            for (auto it = plot->graph(i)->data()->constBegin(); it != plot->graph(i)->data()->constEnd(); ++it)
                QVERIFY(std::isfinite(it->key) && std::isfinite(it->value));

        QDir().mkpath(QStringLiteral(COMMTAX_BUILD_DIR "/screenshots"));
        dialog->grab().save(QStringLiteral(COMMTAX_BUILD_DIR "/screenshots/search-dialog.png"));

        // The table lists the top plans and the front; a click on "Days" sorts by it.
        auto *table = child<QTableView>(dialog, "searchTable");
        QCOMPARE(table->model()->rowCount(), int(r.top.size() + r.pareto.size()));
        const int daysColumn = 20;
        QCOMPARE(table->model()->headerData(daysColumn, Qt::Horizontal).toString(), QStringLiteral("Days"));
        QHeaderView *header = table->horizontalHeader();
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(header->sectionViewportPosition(daysColumn) + 5, header->height() / 2));
        QCOMPARE(header->sortIndicatorSection(), daysColumn);
        const bool ascending = header->sortIndicatorOrder() == Qt::AscendingOrder;
        for (int row = 0; row + 1 < table->model()->rowCount(); ++row) {
            const double a = table->model()->index(row, daysColumn).data(Qt::UserRole + 1).toDouble();
            const double b = table->model()->index(row + 1, daysColumn).data(Qt::UserRole + 1).toDouble();
            QVERIFY(ascending ? a <= b : a >= b);
        }

        // The comm tax, bubble and MFU with "%", the TCO as money ("$878.5k"), sorted by number.
        QAbstractItemModel *m = table->model();
        QCOMPARE(m->headerData(15, Qt::Horizontal).toString(), QStringLiteral("Comm tax"));
        QCOMPARE(m->headerData(22, Qt::Horizontal).toString(), QStringLiteral("TCO (USD)"));
        for (int column : {15, 16, 17})
            QVERIFY2(m->index(0, column).data().toString().endsWith(QLatin1Char('%')),
                     qPrintable(m->index(0, column).data().toString()));
        const QString tco = m->index(0, 22).data().toString();
        QVERIFY2(tco.startsWith(QLatin1Char('$')) && (tco.endsWith(QLatin1Char('k')) || tco.endsWith(QLatin1Char('M'))),
                 qPrintable(tco));
        QVERIFY(m->index(0, 22).data(Qt::UserRole + 1).toDouble() > 1000);
        // every listed graph of the legend has points
        for (int i = 0; i < plot->legend->itemCount(); ++i) {
            auto *item = qobject_cast<QCPPlottableLegendItem *>(plot->legend->item(i));
            QVERIFY(item && item->plottable()->interface1D()->dataCount() > 0);
        }

        // Choose the best plan for time (the fastest) and use it: one undo step.
        const int fastestRow = ascending ? 0 : table->model()->rowCount() - 1;
        const QRect cell = table->visualRect(table->model()->index(fastestRow, 2));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        auto *use = child<QPushButton>(dialog, "useLayoutButton");
        QVERIFY(use->isEnabled());
        QUndoStack *undo = window.document()->undoStack();
        const int steps = undo->count();
        QTest::mouseClick(use, Qt::LeftButton);
        QCOMPARE(undo->count(), steps + 1);
        const Plan after = window.document()->scenario().plan;
        const search::Layout &best = r.top.front().layout;
        // The undo step names every degree that splits the work, cp when it is not 1 (the default
        // plan's cp=4 goes back to 1 when the best layout has none: the comparisons below).
        const QString step = undo->text(steps);
        QVERIFY2(step.contains(QStringLiteral(" cp=")) == (best.value[search::DimCp] != 1), qPrintable(step));
        const QString cp = QStringLiteral("cp=%1").arg(best.value[search::DimCp]);
        QVERIFY2(best.value[search::DimCp] == 1 || step.contains(cp), qPrintable(step));
        const QString tpPp
            = QStringLiteral("tp=%1 pp=%2").arg(best.value[search::DimTp]).arg(best.value[search::DimPp]);
        QVERIFY2(step.contains(tpPp), qPrintable(step));
        QVERIFY2(step.contains(QStringLiteral("dp=%1").arg(best.dp)), qPrintable(step));
        const QString vpp = QStringLiteral("vpp=%1").arg(best.value[search::DimVpp]);
        QVERIFY2(best.value[search::DimVpp] == 1 || step.contains(vpp), qPrintable(step));
        QVERIFY2(step.contains(QStringLiteral(" ep=")) == (best.value[search::DimEp] != 1), qPrintable(step));
        QCOMPARE(after.training.tp, best.value[search::DimTp]);
        QCOMPARE(after.training.pp, best.value[search::DimPp]);
        QCOMPARE(after.training.cp, best.value[search::DimCp]);
        QCOMPARE(after.training.ep, best.value[search::DimEp]);
        QCOMPARE(after.training.etp, best.value[search::DimEtp]);
        QCOMPARE(after.training.vpp, best.value[search::DimVpp]);
        QCOMPARE(after.training.dp, best.dp);
        QCOMPARE(after.training.micro_batch, best.value[search::DimMicroBatch]);
        QCOMPARE(after.training.zero, best.value[search::DimZero]);
        const Evaluation e = evaluate(after);
        QVERIFY(e.ok());
        QCOMPARE(e.result.days_to_train, r.top.front().result.days_to_train);

        // Undo (Ctrl+Z in the window) restores the plan as it was.
        QApplication::setActiveWindow(&window);
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        const Plan restored = window.document()->scenario().plan;
        QCOMPARE(restored.training.tp, before.training.tp);
        QCOMPARE(restored.training.pp, before.training.pp);
        QCOMPARE(restored.training.dp, before.training.dp);
        QCOMPARE(restored.training.micro_batch, before.training.micro_batch);
        QCOMPARE(restored.training.zero, before.training.zero);
        QCOMPARE(undo->count(), steps + 1);
        QCOMPARE(undo->index(), steps);
        dialog->close();
    }

    // The comparison view's layout box, on "Best layout for time" for the default comparison:
    // "Best layout for cost" (chosen with the keyboard) gives
    // every plan of the default comparison the search's best layout for cost on its own hardware,
    // named in the plan's note; "Layouts as given" brings the files' layouts back.
    void comparisonBestLayout()
    {
        ComparisonView view;
        view.resize(1400, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *box = child<QComboBox>(&view, "layouts");
        // The default comparison starts on the best layout for time.
        QCOMPARE(box->currentIndex(), 1);
        QVERIFY(view.comparison().bestLayout.enabled);
        QVERIFY(view.comparison().bestLayout.objective == search::Objective::Time);
        QVERIFY(view.comparison().plans[0].note.contains(QStringLiteral("best layout for time")));
        box->setFocus();
        QTest::keyClick(box, Qt::Key_Up); // as given
        QCOMPARE(box->currentIndex(), 0);
        const Comparison given = view.comparison();
        QVERIFY(!given.bestLayout.enabled);
        QTest::keyClick(box, Qt::Key_Down); // time
        QTest::keyClick(box, Qt::Key_Down); // cost
        QCOMPARE(box->currentIndex(), 2);
        const Comparison c = view.comparison();
        QVERIFY(c.bestLayout.enabled);
        QVERIFY(c.bestLayout.objective == search::Objective::Cost);
        QCOMPARE(c.plans.size(), given.plans.size());
        for (qsizetype i = 0; i < c.plans.size(); ++i) {
            const ComparedPlan &p = c.plans[i];
            QVERIFY2(p.layout.applied, qPrintable(p.name));
            QVERIFY2(p.note.contains(QStringLiteral("best layout for cost")), qPrintable(p.note));
            QVERIFY(p.result.cost_per_billion_tokens_usd <= given.plans[i].result.cost_per_billion_tokens_usd);
        }
        QTest::keyClick(box, Qt::Key_Up);
        QTest::keyClick(box, Qt::Key_Up);
        QVERIFY(!view.comparison().bestLayout.enabled);
        QCOMPARE(view.comparison().plans[0].plan.training.tp, given.plans[0].plan.training.tp);
    }

    void cancelStopsTheSearch()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("settings-cancel.ini")));
        MainWindow window(settings);
        auto *features = new AppFeatures(&window, m_dir.filePath(QStringLiteral("library-cancel.sqlite")));
        window.show();
        SearchDialog *dialog = features->showSearch();
        child<QCheckBox>(dialog, "gpuRangeCheck")->setChecked(true);
        child<QSpinBox>(dialog, "gpusMinSpin")->setValue(8);
        child<QSpinBox>(dialog, "gpusMaxSpin")->setValue(16384);
        QSignalSpy done(dialog, &SearchDialog::searchFinished);
        auto *cancel = child<QPushButton>(dialog, "cancelButton");
        QVERIFY(!cancel->isEnabled());
        QTest::mouseClick(child<QPushButton>(dialog, "searchButton"), Qt::LeftButton);
        QVERIFY(cancel->isEnabled());
        QVERIFY(!child<QPushButton>(dialog, "searchButton")->isEnabled());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(done.count() == 1 || done.wait(60000));
        QVERIFY(dialog->result().cancelled);
        QVERIFY(child<QLabel>(dialog, "searchSummary")->text().startsWith(QStringLiteral("Cancelled")));
        QVERIFY(child<QPushButton>(dialog, "searchButton")->isEnabled());
        dialog->close();
    }

    // Issue 22: the dialog counted the layouts on the window's thread with no time bound: 1 to
    // 720,000 GPUs froze the window for minutes (the command line cut its count at 10 s). The count
    // now runs with the search: the window answers while it counts, and the count is cut at
    // search::kMaxCountSeconds with a refusal that says so.
    void countingKeepsTheWindowResponsiveAndIsCut()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("settings-count.ini")));
        MainWindow window(settings);
        auto *features = new AppFeatures(&window, m_dir.filePath(QStringLiteral("library-count.sqlite")));
        window.show();
        SearchDialog *dialog = features->showSearch();
        child<QCheckBox>(dialog, "gpuRangeCheck")->setChecked(true);
        child<QSpinBox>(dialog, "gpusMinSpin")->setValue(1);
        child<QSpinBox>(dialog, "gpusMaxSpin")->setValue(720000);
        QSignalSpy done(dialog, &SearchDialog::searchFinished);
        QElapsedTimer clock;
        clock.start();
        QTest::mouseClick(child<QPushButton>(dialog, "searchButton"), Qt::LeftButton);
        const qint64 clickMs = clock.elapsed();
        QVERIFY2(clickMs < 2000, qPrintable(QStringLiteral("the click returned after %1 ms").arg(clickMs)));
        QVERIFY(child<QPushButton>(dialog, "cancelButton")->isEnabled());
        QVERIFY(child<QLabel>(dialog, "searchSummary")->text().startsWith(QStringLiteral("Counting")));
        bool answered = false;
        QTimer::singleShot(20, dialog, [&] { answered = true; });
        QTRY_VERIFY_WITH_TIMEOUT(answered, 2000); // the event loop runs while the job counts
        QVERIFY(done.count() == 1 || done.wait(120000));
        const QString summary = child<QLabel>(dialog, "searchSummary")->text();
        QVERIFY2(summary.contains(QStringLiteral("reasonable time")), qPrintable(summary));
        QVERIFY(dialog->result().top.empty());
        QVERIFY(child<QPushButton>(dialog, "searchButton")->isEnabled());
        dialog->close();
    }

    // Tokens per step as a range, set with real events: every listed plan's global batch is a
    // whole number of sequences in the range, the table shows it, and "Use this layout" brings it.
    void tokensPerStepRange()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("settings-tokens.ini")));
        MainWindow window(settings);
        auto *features = new AppFeatures(&window, m_dir.filePath(QStringLiteral("library-tokens.sqlite")));
        window.resize(1280, 800);
        window.show();
        SearchDialog *dialog = features->showSearch();
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        auto *check = child<QCheckBox>(dialog, "tokensRangeCheck");
        auto *lo = child<QDoubleSpinBox>(dialog, "tokensMinSpin");
        auto *hi = child<QDoubleSpinBox>(dialog, "tokensMaxSpin");
        QVERIFY(!lo->isEnabled());
        QTest::mouseClick(check, Qt::LeftButton, {}, QPoint(4, check->height() / 2));
        QVERIFY(check->isChecked());
        QVERIFY(lo->isEnabled() && hi->isEnabled());
        const int seq = window.document()->scenario().plan.training.seq_len;
        // 3 to 3.05 million tokens: 12 global batches of 4,096-token sequences, each a search of
        // the plan's 256 GPUs (a wider range takes minutes under the sanitizers).
        for (auto [spin, text] : {std::pair{lo, "3"}, std::pair{hi, "3.05"}}) {
            spin->setFocus();
            spin->selectAll();
            QTest::keyClicks(spin, QLatin1String(text));
            QTest::keyClick(spin, Qt::Key_Tab);
        }
        QCOMPARE(lo->value(), 3.0);
        QCOMPARE(hi->value(), 3.05);
        const int minBatch = int((3e6 + seq - 1) / seq), maxBatch = int(3.05e6 / seq);
        QVERIFY(maxBatch - minBatch + 1 >= 2);
        QSignalSpy done(dialog, &SearchDialog::searchFinished);
        QTest::mouseClick(child<QPushButton>(dialog, "searchButton"), Qt::LeftButton);
        QVERIFY(done.count() == 1 || done.wait(120000));
        const search::SearchResult &r = dialog->result();
        QVERIFY(!r.cancelled);
        QVERIFY(!r.top.empty());
        QCOMPARE(r.contexts, std::int64_t(maxBatch - minBatch + 1)); // one GPU count, every batch
        std::set<int> batches;
        for (const search::Found &f : r.top) {
            QVERIFY(f.layout.global_batch >= minBatch && f.layout.global_batch <= maxBatch);
            batches.insert(f.layout.global_batch);
        }
        auto *table = child<QTableView>(dialog, "searchTable");
        const int batchColumn = 9;
        QCOMPARE(table->model()->headerData(batchColumn, Qt::Horizontal).toString(), QStringLiteral("Global batch"));
        const int shown = table->model()->index(0, batchColumn).data().toInt();
        QVERIFY(shown >= minBatch && shown <= maxBatch);
        QDir().mkpath(QStringLiteral(COMMTAX_BUILD_DIR "/screenshots"));
        QApplication::processEvents(); // the summary's new height reaches the layout
        dialog->grab().save(QStringLiteral(COMMTAX_BUILD_DIR "/screenshots/search-dialog-tokens.png"));
        // The first row is selected: use it; the plan takes its global batch.
        QTest::mouseClick(child<QPushButton>(dialog, "useLayoutButton"), Qt::LeftButton);
        QCOMPARE(window.document()->scenario().plan.training.global_batch, shown);
        dialog->close();
    }
};

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    TestSearchGui t;
    return QTest::qExec(&t, argc, argv);
}

#include "test_search_gui.moc"
