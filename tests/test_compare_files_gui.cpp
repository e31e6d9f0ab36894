// SPDX-License-Identifier: GPL-3.0-or-later
// Saved comparisons in the Compare window: Save (Ctrl+S), Open, Recent in the window's and the
// main window's File menu, the question before a changed comparison is closed, and a bad file's
// placed errors; File > Save to library and Open from library. The file format itself:
// test_comparison.cpp.
#include "appsettings.h"
#include "compare/comparisontablemodel.h"
#include "compare/comparisonview.h"
#include "core/uncertaintyio.h"
#include "library/libraryfeatures.h"
#include "mainwindow.h"
#include "search/buy.h"

#include "librarytestsupport.h"
#include "testsupport.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <cmath>

using namespace commtax;
using namespace commtax::test;

namespace {
// Every cell of the comparison table as shown, headers included.
QStringList tableText(const ComparisonView *view)
{
    const QAbstractItemModel *m = view->tableModel();
    QStringList cells;
    for (int c = 0; c < m->columnCount(); ++c)
        cells << m->headerData(c, Qt::Horizontal).toString();
    for (int r = 0; r < m->rowCount(); ++r) {
        cells << m->headerData(r, Qt::Vertical).toString();
        for (int c = 0; c < m->columnCount(); ++c)
            cells << m->data(m->index(r, c)).toString();
    }
    return cells;
}

QAction *actionNamed(QWidget *w, const char *name)
{
    for (QAction *a : w->findChildren<QAction *>())
        if (a->objectName() == QLatin1String(name))
            return a;
    return nullptr;
}
} // namespace

class TestCompareFilesGui : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void savedComparisonReopensWithEveryColumn()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("settings.ini")));
        MainWindow window(settings);
        auto *features = new LibraryFeatures(&window, m_dir.filePath(QStringLiteral("library.sqlite")));
        ComparisonView *view = features->compareScenarios(defaultComparison());
        QPointer<ComparisonView> alive(view);
        QVERIFY(QTest::qWaitForWindowExposed(view));
        view->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(view));
        QVERIFY(!view->isModified());
        QVERIFY(!view->isWindowModified());
        // the user's columns: a renamed one, a rented one, plan A, the normalisation, the goals
        Scenario renamed = view->scenarios()[1];
        renamed.name = QStringLiteral("A100 at 512");
        view->replaceScenario(1, renamed);
        Scenario rented = view->scenarios()[3];
        rented.name = QStringLiteral("4090 rented");
        rented.plan.economics.mode = EconomicsMode::Rent;
        rented.plan.economics.usd_per_gpu_hour = 0.9;
        view->replaceScenario(3, rented);
        view->setReference(1);
        view->setNormalization(Normalization::EqualGpus);
        Goals goals;
        goals.deadlineDays = 60;
        goals.tcoUsd = 6e6;
        view->setGoals(goals);
        QVERIFY(view->isModified());
        QVERIFY(view->isWindowModified()); // "*" in the title
        const QStringList before = tableText(view);
        const Comparison shown = view->comparison();

        const QString file = m_dir.filePath(QStringLiteral("procurement.json"));
        QVERIFY(view->saveComparison(file));
        QVERIFY(!view->isModified());
        QVERIFY(!view->isWindowModified());
        QVERIFY2(view->windowTitle().startsWith(QStringLiteral("procurement.json")), qPrintable(view->windowTitle()));
        QCOMPARE(settings.recentComparisons().value(0), QFileInfo(file).absoluteFilePath());
        // a change, then Ctrl+S from the table: saved to the same file without asking
        view->setBestLayout(BestLayout{});
        QVERIFY(view->isModified());
        auto *table = view->findChild<QTableView *>(QStringLiteral("table"));
        table->setFocus();
        QTest::keyClick(table, Qt::Key_S, Qt::ControlModifier);
        QVERIFY(!view->isModified());
        const QStringList afterCtrlS = tableText(view);
        const Comparison savedShown = view->comparison();
        view->close();
        QTRY_VERIFY(!alive); // saved: closes without asking

        // File > Recent comparisons in the main window reopens it as it was
        auto *recent = window.findChild<QMenu *>(QStringLiteral("recentComparisonsMenu"));
        QVERIFY(recent);
        QVERIFY(window.fileMenu()->actions().contains(recent->menuAction()));
        QVERIFY(actionNamed(&window, "openComparisonAction"));
        Q_EMIT recent->aboutToShow();
        QCOMPARE(recent->actions().size(), 1);
        QVERIFY(recent->actions().first()->text().contains(QStringLiteral("procurement.json")));
        recent->actions().first()->trigger();
        ComparisonView *reopened = features->openComparison();
        QVERIFY(reopened);
        QVERIFY(QTest::qWaitForWindowExposed(reopened));
        QCOMPARE(reopened->fileName(), file);
        QVERIFY(!reopened->isModified());
        QCOMPARE(reopened->reference(), 1);
        QCOMPARE(reopened->normalization(), Normalization::EqualGpus);
        QVERIFY(!reopened->bestLayout().enabled);
        QVERIFY(reopened->goals() && reopened->goals()->deadlineDays == 60 && reopened->goals()->tcoUsd == 6e6);
        // every column's name and figures, as shown when it was saved
        QCOMPARE(tableText(reopened), afterCtrlS);
        QCOMPARE(reopened->comparison().plans.size(), savedShown.plans.size());
        for (qsizetype i = 0; i < savedShown.plans.size(); ++i) {
            QCOMPARE(reopened->comparison().plans[i].name, savedShown.plans[i].name);
            for (const MetricInfo &m : metrics())
                QCOMPARE(m.get(reopened->comparison().plans[i].result), m.get(savedShown.plans[i].result));
        }
        QCOMPARE(reopened->scenarios()[1].name, QStringLiteral("A100 at 512"));
        QCOMPARE(reopened->scenarios()[3].plan.economics.mode, EconomicsMode::Rent);
        QVERIFY(before != afterCtrlS); // the layouts' change showed in the table
        Q_UNUSED(shown);
        // the window's own File menu has Open, Save, Save as and the recent comparisons
        auto *menuBar = reopened->findChild<QMenuBar *>();
        QVERIFY(menuBar && menuBar->isVisible());
        for (const char *name : {"openComparisonAction", "saveComparisonAction", "saveComparisonAsAction"})
            QVERIFY2(actionNamed(reopened, name), name);
        reopened->close();
    }

    // File > Save to library asks a name, and File > Open from library brings the comparison back
    // in another window, its named columns, plan A and goals as they were; Save then writes to the
    // library, and Remove takes it out.
    void comparisonSavedToTheLibraryReopensFromIt()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("settings-lib.ini")));
        MainWindow window(settings);
        auto *features = new LibraryFeatures(&window, m_dir.filePath(QStringLiteral("library-cmp.sqlite")));
        PresetLibrary *library = features->library();
        QVERIFY(library && library->isOpen());
        ComparisonView *view = features->compareScenarios(defaultComparison());
        QPointer<ComparisonView> alive(view);
        QVERIFY(QTest::qWaitForWindowExposed(view));
        Scenario renamed = view->scenarios()[2];
        renamed.name = QStringLiteral("4090 at 1024 \u79df");
        view->replaceScenario(2, renamed);
        view->setReference(2);
        auto *deadline = view->findChild<QDoubleSpinBox *>(QStringLiteral("goalDeadline"));
        QVERIFY(deadline);
        deadline->setFocus();
        deadline->selectAll();
        QTest::keyClicks(deadline, QStringLiteral("45"));
        QTest::keyClick(deadline, Qt::Key_Return);
        QVERIFY(view->goals() && view->goals()->deadlineDays == 45);
        QVERIFY(view->isModified());
        const QList<Scenario> plans = view->scenarios();
        const QStringList shown = tableText(view);

        // File > Save to library..., the name typed in its dialog
        QAction *save = actionNamed(view, "saveComparisonToLibraryAction");
        QVERIFY(save && save->isEnabled());
        save->trigger();
        QInputDialog *ask = nullptr;
        QTRY_VERIFY((ask = view->findChild<QInputDialog *>(QStringLiteral("saveToLibraryDialog"))) && ask->isVisible());
        QCOMPARE(ask->textValue(), QStringLiteral("Comparison"));
        auto *edit = ask->findChild<QLineEdit *>();
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("Board pick"));
        QTest::keyClick(edit, Qt::Key_Return);
        QTRY_VERIFY(!view->isModified());
        QCOMPARE(view->libraryName(), QStringLiteral("Board pick"));
        QVERIFY(view->fileName().isEmpty());
        QVERIFY2(view->windowTitle().startsWith(QStringLiteral("Board pick (library)")),
                 qPrintable(view->windowTitle()));
        QCOMPARE(library->comparisons().size(), 1);
        view->close();
        QTRY_VERIFY(!alive); // saved: closes without asking

        // another window: File > Open from library lists it, and opening brings everything back
        ComparisonView *other = features->compareScenarios(defaultComparison().mid(0, 2));
        QPointer<ComparisonView> otherAlive(other);
        QVERIFY(QTest::qWaitForWindowExposed(other));
        auto *menu = other->findChild<QMenu *>(QStringLiteral("libraryComparisonsMenu"));
        QVERIFY(menu && menu->menuAction()->isEnabled());
        Q_EMIT menu->aboutToShow();
        QAction *entry = nullptr;
        for (QAction *a : menu->actions())
            if (a->data().toString() == QLatin1String("Board pick"))
                entry = a;
        QVERIFY(entry);
        QVERIFY2(entry->text().startsWith(QStringLiteral("Board pick (saved ")), qPrintable(entry->text()));
        entry->trigger();
        QCOMPARE(other->scenarios(), plans);
        QCOMPARE(other->scenarios()[2].name, renamed.name);
        QCOMPARE(other->reference(), 2);
        QVERIFY(other->goals() && other->goals()->deadlineDays == 45);
        QCOMPARE(tableText(other), shown);
        QVERIFY(!other->isModified());
        QCOMPARE(other->libraryName(), QStringLiteral("Board pick"));

        // a change and Ctrl+S: written to the library under the same name, no file asked for
        other->removeScenario(0);
        QVERIFY(other->isModified());
        auto *table = other->findChild<QTableView *>(QStringLiteral("table"));
        table->setFocus();
        QTest::keyClick(table, Qt::Key_S, Qt::ControlModifier);
        QVERIFY(!other->isModified());
        SavedComparison back;
        QList<LoadError> errors;
        QVERIFY(library->loadComparison(QStringLiteral("Board pick"), back, errors));
        QCOMPARE(back.plans.size(), plans.size() - 1);
        QCOMPARE(library->comparisons().size(), 1);

        // Remove from library, confirmed
        Q_EMIT menu->aboutToShow();
        auto *remove = menu->findChild<QMenu *>(QStringLiteral("removeLibraryComparisonMenu"));
        QVERIFY(remove && remove->actions().size() == 1);
        QTimer::singleShot(0, this, [] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget()))
                QTest::mouseClick(box->button(QMessageBox::Yes), Qt::LeftButton);
        });
        remove->actions().first()->trigger();
        QVERIFY(library->comparisons().isEmpty());
        QVERIFY(other->libraryName().isEmpty());
        QVERIFY(other->isModified()); // saved nowhere now
        Q_EMIT menu->aboutToShow();
        QCOMPARE(menu->actions().size(), 1);
        QVERIFY(!menu->actions().first()->isEnabled()); // "(none yet)"
        other->markSaved();
        other->close();
    }

    void changedComparisonAsksBeforeClosing()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("settings-ask.ini")));
        auto *view = ComparisonView::openWindow(nullptr, nullptr, defaultComparison());
        view->setSettings(&settings);
        QPointer<ComparisonView> alive(view);
        QVERIFY(QTest::qWaitForWindowExposed(view));
        view->removeScenario(2);
        QVERIFY(view->isModified());
        // Cancel: the window and the comparison stay
        view->close();
        QVERIFY(answerSaveBeforeClosing(view, QMessageBox::Cancel));
        QTest::qWait(50);
        QVERIFY(alive && view->isVisible());
        QCOMPARE(view->scenarios().size(), 4);
        // Save (to the file it came from): written, then closed
        const QString file = m_dir.filePath(QStringLiteral("asked.json"));
        QVERIFY(view->saveComparison(file));
        view->removeScenario(0);
        view->close();
        QVERIFY(answerSaveBeforeClosing(view, QMessageBox::Save));
        QTRY_VERIFY(!alive);
        SavedComparison back;
        QList<LoadError> errors;
        QVERIFY(loadComparisonFile(file, PresetCatalog::builtIn(), back, errors));
        QCOMPARE(back.plans.size(), 3);
    }

    // The Goals box: a deadline and a budget give every column its P(meets deadline) and P(within
    // budget), sampled as What to buy samples its options (the engine's error included).
    void goalsGiveEachColumnItsOdds()
    {
        auto *view = ComparisonView::openWindow(nullptr, nullptr, defaultComparison());
        QVERIFY(QTest::qWaitForWindowExposed(view));
        view->setBestLayout(BestLayout{});
        auto *tabs = view->findChild<QTabWidget *>(QStringLiteral("charts"));
        tabs->setCurrentWidget(view->findChild<QWidget *>(QStringLiteral("sensitivityTab")));
        auto *deadline = view->findChild<QDoubleSpinBox *>(QStringLiteral("goalDeadline"));
        auto *tco = view->findChild<QDoubleSpinBox *>(QStringLiteral("goalTco"));
        QVERIFY(deadline && tco && deadline->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(view->sensitivity().valid, 60000);
        QCOMPARE(view->sensitivity().plans.front().pMeetsDeadline, -1.0); // no goals: no odds
        // the fastest plan's median days as the deadline: it meets it about half the time, and
        // a plan that takes far longer almost never
        const int fastest = view->comparison().fastest();
        const QList<ComparedPlan> &plans = view->comparison().plans;
        int slowest = fastest;
        for (int i = 0; i < int(plans.size()); ++i)
            if (plans[i].runs() && plans[i].result.days_to_train > plans[slowest].result.days_to_train)
                slowest = i;
        const auto &fastestDays = view->sensitivity().plans[std::size_t(fastest)].of(uncertainty::Metric::DaysToTrain);
        const double days = std::round(fastestDays.p50);
        QSignalSpy ready(view, &ComparisonView::sensitivityReady);
        deadline->setFocus();
        deadline->selectAll();
        QTest::keyClicks(deadline, QString::number(days));
        QTest::keyClick(deadline, Qt::Key_Return);
        QCOMPARE(view->goals()->deadlineDays, days);
        QVERIFY(view->isModified());
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() > 0 && view->sensitivity().valid, 60000);
        const PlanSensitivity &f = view->sensitivity().plans[std::size_t(fastest)];
        QVERIFY2(f.pMeetsDeadline > 0.2 && f.pMeetsDeadline < 0.8, qPrintable(QString::number(f.pMeetsDeadline)));
        QVERIFY(view->comparison().plans[slowest].result.days_to_train > 1.5 * days);
        QVERIFY(view->sensitivity().plans[std::size_t(slowest)].pMeetsDeadline < 0.05);
        QCOMPARE(f.pWithinBudget, -1.0); // no budget given
        auto *table = view->findChild<QLabel *>(QStringLiteral("sensitivityTable"));
        const QString row = QStringLiteral("P(meets deadline: %1 days)").arg(days);
        QVERIFY2(table->text().contains(row), qPrintable(table->text()));
        QVERIFY(!table->text().contains(QStringLiteral("P(within budget)")));
        // a budget: a column's odds of staying within its TCO; the same sampling as What to buy
        ready.clear();
        tco->setValue(1e6); // USD 1,000,000,000,000: every plan within it
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() > 0 && view->sensitivity().valid, 60000);
        for (qsizetype i = 0; i < view->comparison().plans.size(); ++i)
            if (view->comparison().plans[i].runs())
                QCOMPARE(view->sensitivity().plans[std::size_t(i)].pWithinBudget, 1.0);
        QVERIFY(table->text().contains(QStringLiteral("P(within budget)")));
        QDir().mkpath(QStringLiteral(COMMTAX_BUILD_DIR "/screenshots"));
        QTest::qWait(300); // the tab's new rows laid out and its charts replotted, as a user sees them
        QVERIFY(view->grab().save(QStringLiteral(COMMTAX_BUILD_DIR "/screenshots/compare-goals-odds.png")));
        search::buy::Question q;
        q.limits.deadline_days = days;
        q.samples = kGoalOddsSamples;
        const ComparedPlan &p = view->comparison().plans[fastest];
        q.notes = [&](const Plan &plan, int) {
            Scenario o = p.scenario;
            o.plan = plan;
            return scenarioNotes(o, PresetCatalog::builtIn());
        };
        search::buy::Option o;
        o.plan = p.plan;
        o.result = p.result;
        o.rent = p.plan.economics.mode == EconomicsMode::Rent;
        search::buy::rangeOption(q, o);
        QCOMPARE(view->sensitivity().plans[std::size_t(fastest)].pMeetsDeadline, o.p_meets_deadline);
        view->markSaved();
        view->close();
    }

    void badComparisonFileIsRefusedWithItsPlace()
    {
        auto *view = ComparisonView::openWindow(nullptr, nullptr, defaultComparison());
        const QList<Scenario> before = view->scenarios();
        SavedComparison c;
        c.plans = defaultComparison().mid(0, 2);
        QByteArray text = serializeComparisonFile(c, PresetCatalog::builtIn());
        const qsizetype firstPlan = text.indexOf("\"commtax-scenario\"");
        const qsizetype second = text.indexOf("\"tp\"", text.indexOf("\"commtax-scenario\"", firstPlan + 1));
        QVERIFY(second > 0);
        text.insert(text.indexOf(':', second) + 2, "-"); // "tp": -N
        const QString file = m_dir.filePath(QStringLiteral("bad.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(text) == text.size());
        f.close();
        QString error;
        QVERIFY(!view->openComparisonFile(file, &error));
        const QString placed = QStringLiteral(":\\d+:\\d+: plans\\[1\\]\\.training\\.tp: ");
        QVERIFY2(QRegularExpression(QRegularExpression::escape(file) + placed)
                     .match(error)
                     .hasMatch(),
                 qPrintable(error));
        QCOMPARE(view->scenarios(), before); // nothing replaced
        QVERIFY(view->fileName().isEmpty());
        view->close();
    }
};

QTEST_MAIN(TestCompareFilesGui)
#include "test_compare_files_gui.moc"
