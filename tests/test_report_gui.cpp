// SPDX-License-Identifier: GPL-3.0-or-later
// The reports as users get them: a new user's four-plan question on screen and in the PDF at two
// screen sizes, the report exported from the comparison on screen, PDFs whose text (pdftotext) and
// page count are checked, and the `commtax report` command run as a process without a display.
#include "appfeatures.h"
#include "appsettings.h"
#include "calibrate/calibrationdialog.h"
#include "compare/comparisoncharts.h"
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
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QProcess>
#include <QProgressDialog>
#include <QPushButton>
#include <QRegularExpression>
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

class TestReportGui : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(havePdfTools(), kPdfToolsNeeded);
    }

    void newUserScenarioReadsAt1280And1600()
    {
        // A new user's question, as they would ask it: Llama 2 70B on 2T tokens; buy 256 H100, buy
        // 512 A100, rent 256 H100 at 2.50 USD per GPU-hour, or buy 1024 RTX 4090. The Compare
        // window at 1280x800 showed two plan columns whole (the row labels took about 280 px),
        // the recommendation took about 150 px, and the Sensitivity tornado's title wrapped the
        // plan's long name. Now: the row labels wrap, three plan columns show whole at 1280 and
        // four at 1600, the recommendation is the decision and its reason (the rest behind
        // Details, and in its tooltip), and the tornado's title is one line, its whole text in a
        // tooltip. Screenshots and the report's pages go to build/screenshots/scenario-*.png.
        const QList<Scenario> plans = writeNewUserScenario(m_dir.path());
        QCOMPARE(plans.size(), 4);
        ComparisonView view;
        view.setScenarios(plans);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *table = view.findChild<QTableView *>(QStringLiteral("table"));
        auto *findings = view.findChild<QLabel *>(QStringLiteral("findings"));
        auto *tabs = view.findChild<QTabWidget *>(QStringLiteral("charts"));
        QVERIFY(table && findings && tabs);
        const QString shots = QStringLiteral(COMMTAX_BUILD_DIR "/screenshots");
        QDir().mkpath(shots);
        for (const auto &[size, whole] : {std::pair{QSize(1280, 800), 3}, std::pair{QSize(1600, 1000), 4}}) {
            view.resize(size);
            QTest::qWait(50);
            QCoreApplication::processEvents();
            const QString at = QStringLiteral("%1x%2").arg(size.width()).arg(size.height());
            view.grab().save(QStringLiteral("%1/scenario-compare-%2.png").arg(shots, at));
            // plan columns whole in view
            const int viewportWidth = table->viewport()->width();
            int shown = 0;
            for (int c = 0; c < table->model()->columnCount(); ++c)
                if (table->columnViewportPosition(c) >= 0 && table->columnViewportPosition(c) + table->columnWidth(c) <= viewportWidth)
                    ++shown;
            QVERIFY2(shown >= whole, qPrintable(QStringLiteral("%1: %2 plan columns whole, row labels %3 px wide").arg(at).arg(shown).arg(table->verticalHeader()->width())));
            // every row label whole: each line within the labels' column, the row as high as its lines
            QHeaderView *rows = table->verticalHeader();
            const QFontMetrics fm(rows->font());
            for (int r = 0; r < table->model()->rowCount(); ++r) {
                const QString label = table->model()->headerData(r, Qt::Vertical).toString();
                const QStringList lines = label.split(QLatin1Char('\n'));
                for (const QString &line : lines)
                    QVERIFY2(fm.horizontalAdvance(line) <= rows->width() - 4, qPrintable(QStringLiteral("%1 in %2 px").arg(line).arg(rows->width())));
                QVERIFY2(rows->sectionSize(r) >= int(lines.size()) * fm.height(), qPrintable(label));
                QCOMPARE(QString(label).replace(QLatin1Char('\n'), QLatin1Char(' ')), view.tableModel()->headerData(r, Qt::Vertical).toString());
            }
            // no word of a cell wider than its column (the delegate cut "recompute=none" to "recompute=no...")
            const QFontMetrics cellFont(table->font());
            for (int r = 0; r < table->model()->rowCount(); ++r)
                for (int c = 0; c < table->model()->columnCount(); ++c)
                    for (const QString &word : table->model()->index(r, c).data().toString().split(QLatin1Char(' ')))
                        QVERIFY2(cellFont.horizontalAdvance(word) <= table->columnWidth(c) - 6, qPrintable(QStringLiteral("%1: %2").arg(at, word)));
            // the charts: the plot keeps room, the value axis's title fits its height, and a
            // bar's label shows whole
            for (ComparisonChart which : {ComparisonChart::StepBreakdown, ComparisonChart::CostPerBillionTokens, ComparisonChart::DaysToTrain, ComparisonChart::Tco}) {
                QCustomPlot *plot = view.chart(which);
                plot->replot();
                QCoreApplication::processEvents();
                plot->replot();
                const QString name = QStringLiteral("%1 %2").arg(at, plot->objectName());
                const QRect axes = plot->axisRect()->rect();
                QVERIFY2(axes.height() >= 100, qPrintable(QStringLiteral("%1: plot %2 px high").arg(name).arg(axes.height())));
                // a plan's name under its bar in at most three lines, its whole name in the tooltip
                auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(plot->xAxis->ticker());
                QVERIFY(ticker && ticker->ticks().size() == 4);
                for (const QString &tick : ticker->ticks())
                    QVERIFY2(tick.count(QLatin1Char('\n')) <= 2, qPrintable(tick));
                const QPoint under(int(plot->xAxis->coordToPixel(1)), axes.bottom() + 20);
                QHelpEvent help(QEvent::ToolTip, under, plot->mapToGlobal(under));
                QCoreApplication::sendEvent(plot, &help);
                QTRY_COMPARE(QToolTip::text(), view.comparison().plans[0].name + QStringLiteral(" (A)"));
                QToolTip::hideText();
                for (const QString &line : plot->yAxis->label().split(QLatin1Char('\n')))
                    QVERIFY2(QFontMetrics(plot->yAxis->labelFont()).horizontalAdvance(line) <= axes.height(), qPrintable(QStringLiteral("%1: %2").arg(name, line)));
                for (int i = 0; i < plot->itemCount(); ++i)
                    if (auto *text = qobject_cast<QCPItemText *>(plot->item(i))) {
                        const int top = int(text->position->pixelPosition().y()) - QFontMetrics(text->font()).height() - 3;
                        QVERIFY2(top >= axes.top() - 1, qPrintable(QStringLiteral("%1: label %2 at %3, plot from %4").arg(name, text->text()).arg(top).arg(axes.top())));
                    }
            }
            // the recommendation: the decision in at most four lines
            QTextDocument doc;
            doc.setHtml(findings->text());
            const QString headline = view.findingsText().section(QLatin1Char('\n'), 0, 0);
            QVERIFY2(doc.toPlainText().contains(headline), qPrintable(doc.toPlainText()));
            QVERIFY2(findings->height() <= 4 * findings->fontMetrics().lineSpacing() + 8,
                     qPrintable(QStringLiteral("%1: recommendation %2 px high").arg(at).arg(findings->height())));
            QCOMPARE(findings->toolTip(), view.findingsText());
        }
        // Found in review: the plans the best layout changed say so in their names (header,
        // charts, recommendation), as resized plans state their GPU count
        for (int c = 0; c < view.comparison().plans.size(); ++c) {
            const ComparedPlan &cp = view.comparison().plans[c];
            const bool changed = cp.layout.applied && !sameLayout(plans[c].plan.training, cp.plan.training);
            QCOMPARE(cp.name.endsWith(QStringLiteral(" (best layout)")), changed);
            QVERIFY2(table->model()->headerData(c, Qt::Horizontal).toString().replace(QLatin1Char('\n'), QLatin1Char(' ')).contains(cp.name),
                     qPrintable(table->model()->headerData(c, Qt::Horizontal).toString()));
        }
        QVERIFY2(view.comparison().plans[0].name == plans[0].name + QStringLiteral(" (best layout)"), qPrintable(view.comparison().plans[0].name));
        QVERIFY2(view.findingsText().contains(QStringLiteral(" (best layout)")), qPrintable(view.findingsText()));
        // memory per GPU: best is the smallest share of the GPU's usable memory, not the fewest GB
        // (as given, the RTX 4090's 19.35 of 21.6 GB was starred); the table, and so the PDF, and
        // the files' best_in agree
        {
            const ComparisonTableModel *m = view.tableModel();
            const int row = m->rowOfMetric(QStringLiteral("memory_total_gb"));
            QVERIFY(row >= 0);
            const Comparison asGiven = comparePlans(plans, Normalization::AsGiven);
            ComparisonTableModel givenTable;
            givenTable.setComparison(asGiven);
            const QJsonArray json = comparisonToJson(asGiven).value(QStringLiteral("plans")).toArray();
            for (const Comparison *cmp : {&view.comparison(), &asGiven}) {
                const ComparisonTableModel *t = cmp == &asGiven ? &givenTable : m;
                int lowestShare = -1;
                auto share = [&](int c) { return cmp->plans[c].result.memory_total_gb / cmp->plans[c].result.memory_usable_gb; };
                for (int c = 0; c < cmp->plans.size(); ++c)
                    if (cmp->plans[c].runs() && (lowestShare < 0 || share(c) < share(lowestShare)))
                        lowestShare = c;
                // Equal shares are all best (the bought and the rented 256 H100 run one layout).
                for (int c = 0; c < cmp->plans.size(); ++c)
                    QCOMPARE(t->index(row, c).data(ComparisonTableModel::BestRole).toBool(),
                             cmp->plans[c].runs() && share(c) == share(lowestShare));
            }
            QVERIFY(asGiven.plans[3].plan.gpu.name.find("4090") != std::string::npos);
            QVERIFY2(asGiven.plans[3].result.memory_total_gb < asGiven.plans[0].result.memory_total_gb
                         && asGiven.plans[3].result.memory_total_gb / asGiven.plans[3].result.memory_usable_gb > 0.74,
                     "as given, the RTX 4090 takes the fewest GB and nearly all its memory");
            QVERIFY(!givenTable.index(row, 3).data(ComparisonTableModel::BestRole).toBool());
            for (int c = 0; c < json.size(); ++c)
                QCOMPARE(json[c].toObject().value(QStringLiteral("best_in")).toVariant().toStringList().contains(QStringLiteral("memory_total_gb")),
                         givenTable.index(row, c).data(ComparisonTableModel::BestRole).toBool());
            // FP8 compute time: not applicable to a BF16 plan (not "0.000 s")
            const int fp8 = m->rowOfMetric(QStringLiteral("compute_fp8_time_s"));
            for (int c = 0; c < view.comparison().plans.size(); ++c)
                if (view.comparison().plans[c].plan.training.precision == Precision::Bf16)
                    QCOMPARE(m->index(fp8, c).data().toString(), QStringLiteral("n/a"));
        }
        // the break-even chart: every line within the value axis, or stopped inside it with an
        // arrow and a label saying where it goes
        {
            QCustomPlot *plot = view.chart(ComparisonChart::PriceBreakEven);
            plot->replot();
            int continued = 0;
            for (int g = 0; g < plot->graphCount(); ++g) {
                QCPGraph *graph = plot->graph(g);
                for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
                    QVERIFY2(it->value <= plot->yAxis->range().upper && it->key <= plot->xAxis->range().upper,
                             qPrintable(QStringLiteral("%1: %2 above %3").arg(graph->name()).arg(it->value).arg(plot->yAxis->range().upper)));
                if (graph->property("continuesTo").isValid()) {
                    ++continued;
                    bool labelled = false;
                    for (int i = 0; i < plot->itemCount(); ++i)
                        if (auto *text = qobject_cast<QCPItemText *>(plot->item(i)))
                            labelled = labelled || text->text().contains(formatUsd(graph->property("continuesTo").toDouble()));
                    QVERIFY2(labelled, qPrintable(graph->name()));
                }
            }
            QVERIFY(continued >= 1); // the rented H100 at 200% of its price, in this scenario
        }
        // Plan A's box shows the start of its long name, the tooltip the whole name
        auto *reference = view.findChild<QComboBox *>(QStringLiteral("reference"));
        QVERIFY(reference && reference->fontMetrics().horizontalAdvance(plans[0].name) > reference->width());
        QVERIFY2(reference->toolTip().startsWith(QStringLiteral("Plan A: ") + plans[0].name + QLatin1Char('\n')), qPrintable(reference->toolTip()));
        // the layout row states every split (tp x cp x pp x dp = the GPUs), plan A's row its best layout
        const ComparisonTableModel *model = view.tableModel();
        for (int c = 0; c < model->columnCount(); ++c) {
            const Plan &pl = view.comparison().plans[c].plan;
            const QString layout = model->index(2, c).data().toString();
            QVERIFY2(pl.training.cp == 1 || layout.contains(QStringLiteral("cp=%1").arg(pl.training.cp)), qPrintable(layout));
            const QString tpPp = QStringLiteral("tp=%1 pp=%2").arg(pl.training.tp).arg(pl.training.pp);
            const QString dp = QStringLiteral("dp=%1").arg(pl.training.dp);
            QVERIFY2(layout.contains(tpPp) && layout.contains(dp), qPrintable(layout));
        }
        // the best layout for time is not the layout as given (tp 8, pp 4, dp 8)
        QVERIFY(!sameLayout(plans[0].plan.training, view.comparison().plans[0].plan.training));
        const QString normalisationA = model->index(5, 0).data().toString();
        QVERIFY2(normalisationA.startsWith(QStringLiteral("reference (A); best layout for time")), qPrintable(normalisationA));
        // the column editor without a column shows no figures (not "1 GPU", "0.01")
        for (const char *field : {"columnGpus", "columnRent", "columnUtilisation"}) {
            auto *box = view.findChild<QAbstractSpinBox *>(QLatin1String(field));
            QVERIFY(box && !box->isEnabled());
            QVERIFY2(box->text().trimmed().isEmpty() || box->text().trimmed() == box->property("suffix").toString().trimmed(), qPrintable(box->text()));
        }
        // Details shows every finding, and hides them again (a real click)
        auto *more = view.findChild<QToolButton *>(QStringLiteral("findingsMore"));
        QVERIFY(more);
        QVERIFY(more->isVisible());
        QTest::mouseClick(more, Qt::LeftButton);
        QTextDocument all;
        all.setHtml(findings->text());
        for (const QString &f : view.findingsText().split(QLatin1Char('\n')))
            QVERIFY2(all.toPlainText().simplified().contains(f.simplified()), qPrintable(f));
        QTest::mouseClick(more, Qt::LeftButton);
        QVERIFY(!more->isChecked());

        // the Sensitivity tab: the tornado's title one line, the plan's whole name in its tooltip
        QTRY_VERIFY_WITH_TIMEOUT(view.sensitivity().valid, 120000);
        tabs->setCurrentIndex(tabs->count() - 1);
        QTest::qWait(50);
        QCustomPlot *tornado = view.findChild<QCustomPlot *>(QStringLiteral("chartTornado"));
        QVERIFY(tornado && tornado->isVisible());
        tornado->replot();
        QCoreApplication::processEvents();
        auto *title = qobject_cast<QCPTextElement *>(tornado->plotLayout()->element(0, 0));
        QVERIFY(title);
        const QString recommended = view.comparison().plans[view.sensitivity().recommended].name;
        QVERIFY2(recommended.size() > 50, qPrintable(recommended)); // a long name, as the user typed it
        const QString fullTitle = QStringLiteral("Sensitivity of the recommended plan (%1)").arg(recommended);
        QVERIFY(QFontMetrics(title->font()).horizontalAdvance(fullTitle) > tornado->width() - 16); // too long for one line
        QVERIFY2(!title->text().contains(QLatin1Char('\n')), qPrintable(title->text()));
        QVERIFY(QFontMetrics(title->font()).horizontalAdvance(title->text()) <= tornado->width() - 16);
        QVERIFY2(title->text().startsWith(QStringLiteral("Sensitivity of the recommended plan (Llama 2 70B")) && title->text().contains(QChar(0x2026)),
                 qPrintable(title->text()));
        const QPoint over = title->outerRect().center();
        QHelpEvent help(QEvent::ToolTip, over, tornado->mapToGlobal(over));
        QCoreApplication::sendEvent(tornado, &help);
        QTRY_COMPARE(QToolTip::text(), fullTitle);
        QToolTip::hideText();
        view.grab().save(QStringLiteral("%1/scenario-compare-sensitivity-1600x1000.png").arg(shots));
        view.resize(1280, 800);
        QTest::qWait(50);
        view.grab().save(QStringLiteral("%1/scenario-compare-sensitivity-1280x800.png").arg(shots));
        for (int i = 1; i < tabs->count() - 1; ++i) {
            tabs->setCurrentIndex(i);
            QTest::qWait(50);
            view.grab().save(QStringLiteral("%1/scenario-compare-tab%2-1280x800.png").arg(shots).arg(i));
        }

        // the main window with the H100 plan, and the report the user asked for
        AppSettings settings(m_dir.filePath(QStringLiteral("settings-scenario.ini")));
        MainWindow window(settings);
        QVERIFY(window.openFile(m_dir.filePath(QStringLiteral("scenario-1.json"))));
        window.show();
        for (const QSize size : {QSize(1280, 800), QSize(1600, 1000)}) {
            window.resize(size);
            QTest::qWait(200);
            window.grab().save(QStringLiteral("%1/scenario-main-%2x%3.png").arg(shots).arg(size.width()).arg(size.height()));
        }
        // the plan's long name shows its start (it showed "6 H100 SXM5, bought, ..."), whole in its tooltip
        window.resize(1280, 800);
        QTest::qWait(100);
        auto *name = window.findChild<QLineEdit *>(QStringLiteral("scenarioName"));
        QVERIFY(name && name->text() == plans[0].name);
        QVERIFY(name->fontMetrics().horizontalAdvance(name->text()) > name->width()); // too long to show whole
        QCOMPARE(name->cursorPosition(), 0);
        QCOMPARE(name->toolTip(), plans[0].name);
        // one scale within a key figure: "$980.5k" over "P10-P90: $830.4-1260.2k", not "$0.83-1.26M"
        auto *keys = window.findChild<KeyFigures *>(QStringLiteral("keyFigures"));
        QVERIFY(keys);
        for (const char *metric : {"tco_usd", "cost_per_billion_tokens_usd"}) {
            const QString key = QLatin1String(metric);
            QTRY_VERIFY_WITH_TIMEOUT(!keys->rangeText(key).isEmpty(), 60000);
            const QString value = keys->valueText(key), range = keys->rangeText(key);
            QVERIFY2(value.back().isLetter() == range.back().isLetter() && (!value.back().isLetter() || value.back() == range.back()),
                     qPrintable(value + QStringLiteral(" / ") + range));
            const qsizetype point = value.indexOf(QLatin1Char('.'));
            const int decimals = point < 0 ? 0 : int(value.size() - point - 1 - (value.back().isLetter() ? 1 : 0));
            const QRegularExpression number(QStringLiteral("(\\d+(?:\\.(\\d+))?)"));
            for (QRegularExpressionMatchIterator it = number.globalMatch(range.section(QLatin1Char(':'), 1)); it.hasNext();)
                QCOMPARE(int(it.next().captured(2).size()), decimals);
        }
        const QString memoryDetail = keys->detailText(QStringLiteral("memory_total_gb"));
        QVERIFY2(QRegularExpression(QStringLiteral("\\d+\\.\\d\\d GB")).match(memoryDetail).hasMatch(), qPrintable(memoryDetail)); // as the value's "19.35 GB"
        const QString pdf = m_dir.filePath(QStringLiteral("scenario.pdf"));
        QStringList files;
        for (int i = 1; i <= 4; ++i)
            files << m_dir.filePath(QStringLiteral("scenario-%1.json").arg(i));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("COMMTAX_LIBRARY"), m_dir.filePath(QStringLiteral("scenario-none.sqlite")));
        const Run r = run(QStringLiteral(COMMTAX_BINARY), QStringList{QStringLiteral("report")} + files + QStringList{QStringLiteral("-o"), pdf}, env);
        QVERIFY2(r.code == 0, r.err.constData());
        const int pages = pdfPageCount(pdf);
        const QString text = pdfPages(pdf, pages).join(QLatin1Char('\f'));
        for (const Scenario &p : plans)
            QVERIFY2(text.contains(p.name), qPrintable(p.name));
        QVERIFY(text.contains(QStringLiteral("Rented at 2.50 USD per GPU-hour, quote Q-77")));
        // the input break-evens: on one page with their heading (four spilt onto an almost empty
        // page, one cut mid-sentence), their numbers with units in the report's convention
        {
            const QStringList pageTexts = text.split(QLatin1Char('\f'));
            int headingPage = -1, lastSentencePage = -1, sentences = 0;
            for (int i = 0; i < pageTexts.size(); ++i) {
                if (pageTexts[i].contains(QStringLiteral("Input break-evens")))
                    headingPage = i;
                if (headingPage >= 0 && pageTexts[i].contains(QStringLiteral(" on cost if "))) {
                    lastSentencePage = i;
                    sentences += int(pageTexts[i].count(QStringLiteral(" on cost if ")));
                }
            }
            QVERIFY(headingPage >= 0 && sentences >= 8);
            QCOMPARE(lastSentencePage, headingPage);
            const QString section = pageTexts[headingPage].section(QStringLiteral("Input break-evens"), 1);
            QVERIFY2(!QRegularExpression(QStringLiteral("\\d\\.\\d{4,}|\\b\\d{5,}\\b")).match(section).hasMatch(), qPrintable(section));
            QVERIFY2(section.contains(QLatin1Char('$')), qPrintable(section));
            // FP8 compute time of the BF16 plans: n/a, not a measured 0
            const QRegularExpression fp8(QStringLiteral("Compute time in FP8[^\\n]*"));
            const QString fp8Row = fp8.match(text).captured(0);
            QVERIFY2(fp8Row.contains(QStringLiteral("n/a")) && !fp8Row.contains(QStringLiteral("0.000")), qPrintable(fp8Row));
        }
        const QString tool = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
        if (!tool.isEmpty())
            QCOMPARE(run(tool, {QStringLiteral("-r"), QStringLiteral("60"), QStringLiteral("-png"), pdf, shots + QStringLiteral("/scenario-pdf")}).code, 0);
    }

    void exportReportExportsTheComparisonOnScreen()
    {
        // Defect found in review: the comparison built in Compare hardware (equal budget, a column
        // removed) is what File > Export report writes, as the Compare window's own button does.
        AppSettings settings(m_dir.filePath(QStringLiteral("settings-export.ini")));
        MainWindow window(settings);
        auto *features = new LibraryFeatures(&window, m_dir.filePath(QStringLiteral("export.sqlite")));
        window.show();
        features->compareAction()->trigger();
        QCOMPARE(window.findChildren<ComparisonView *>().size(), 1);
        ComparisonView *view = window.findChildren<ComparisonView *>().first();
        QVERIFY(view->isVisible());
        QVERIFY(QTest::qWaitForWindowExposed(view));
        QCOMPARE(view->scenarios().size(), 4); // H100 (the plan), A100, L40S, RTX 4090
        // Normalise: equal budget, by keyboard
        auto *box = view->findChild<QComboBox *>(QStringLiteral("normalization"));
        box->setFocus();
        while (view->normalization() != Normalization::EqualBudget && box->currentIndex() < box->count() - 1)
            QTest::keyClick(box, Qt::Key_Down);
        QCOMPARE(view->normalization(), Normalization::EqualBudget);
        // remove the L40S column: click its header, then Remove plan
        auto *table = view->findChild<QTableView *>(QStringLiteral("table"));
        QHeaderView *header = table->horizontalHeader();
        const QString removed = view->comparison().plans[2].name;
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(header->sectionViewportPosition(2) + 5, header->height() / 2));
        QTest::mouseClick(view->findChild<QPushButton *>(QStringLiteral("removePlan")), Qt::LeftButton);
        QCOMPARE(view->scenarios().size(), 3);
        QStringList shown;
        for (const ComparedPlan &p : view->comparison().plans)
            shown << p.name;
        QVERIFY(!shown.contains(removed));

        // File > Export report (the action, as the menu triggers it) writes that comparison
        const QString json = m_dir.filePath(QStringLiteral("on-screen.json"));
        QCOMPARE(features->exportReport(json), json);
        QFile jf(json);
        QVERIFY(jf.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(jf.readAll()).object();
        QStringList exported;
        for (const QJsonValue &v : root.value(QStringLiteral("plans")).toArray())
            exported << v.toObject().value(QStringLiteral("plan")).toString();
        QCOMPARE(exported, shown);
        const QString pdf = m_dir.filePath(QStringLiteral("on-screen.pdf"));
        QCOMPARE(features->exportReport(pdf), pdf);
        const QString text = pdfPages(pdf, pdfPageCount(pdf)).join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QStringLiteral("equal capital budget")), qPrintable(text.left(2000)));
        QVERIFY(!text.contains(removed));
        // with the Compare window closed, the export is the plan against the other GPUs again
        view->close();
        QVERIFY(answerSaveBeforeClosing(view));                         // it was changed: the window asks first
        QTRY_VERIFY(window.findChildren<ComparisonView *>().isEmpty()); // deleted on close
        QCOMPARE(features->exportReport(json), json);
        jf.close();
        QVERIFY(jf.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(jf.readAll()).object().value(QStringLiteral("plans")).toArray().size(), 4);
    }

    // Goals typed into the Compare window's Goals box: the exported PDF's first page and the
    // workbook's first sheet open with What to buy's verdict on them, the four plans as the options
    // listed (library/comparisonverdict.h).
    void exportedReportOpensWithTheVerdict()
    {
        const QList<Scenario> plans = writeNewUserScenario(m_dir.path());
        QCOMPARE(plans.size(), 4);
        ComparisonView view;
        view.setScenarios(plans);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *deadline = view.findChild<QDoubleSpinBox *>(QStringLiteral("goalDeadline"));
        QVERIFY(deadline);
        deadline->setFocus();
        deadline->selectAll();
        QTest::keyClicks(deadline, QStringLiteral("60"));
        QTest::keyClick(deadline, Qt::Key_Return);
        QTRY_VERIFY(view.goals() && view.goals()->deadlineDays == 60);
        const QString pdf = m_dir.filePath(QStringLiteral("verdict.pdf"));
        QCOMPARE(view.exportReport(pdf), pdf);
        const QString first = pdfPages(pdf, 1).value(0).simplified();
        const qsizetype verdict = first.indexOf(QStringLiteral("Verdict"));
        QVERIFY2(verdict >= 0 && verdict < first.indexOf(QStringLiteral("The question")), qPrintable(first.left(600)));
        const bool said = first.contains(QStringLiteral("Meets the 60-day deadline: "))
            || first.contains(QStringLiteral("No option meets every limit"));
        QVERIFY2(said, qPrintable(first.left(600)));
        QVERIFY2(first.contains(QStringLiteral(" of the 4 options you listed ")), qPrintable(first.left(600)));
        const QString xlsx = m_dir.filePath(QStringLiteral("verdict.xlsx"));
        QCOMPARE(view.exportReport(xlsx), xlsx);
        const Run strings = run(tool("unzip"), {QStringLiteral("-p"), xlsx, QStringLiteral("xl/sharedStrings.xml")});
        QVERIFY2(strings.out.contains(" of the 4 options you listed "), strings.out.left(400).constData());
        // Without goals: no verdict.
        deadline->selectAll();
        QTest::keyClicks(deadline, QStringLiteral("0"));
        QTest::keyClick(deadline, Qt::Key_Return);
        QTRY_VERIFY(!view.goals() || view.goals()->deadlineDays == 0);
        QCOMPARE(view.exportReport(pdf), pdf);
        QVERIFY(!pdfPages(pdf, 1).value(0).contains(QStringLiteral("Verdict")));
    }

    // What the report needs that takes time (What to buy's verdict on the goals, the sensitivity
    // when the window has none yet) is computed by a job after the file dialog, not on the GUI
    // thread: the window's timers keep running during the export, and the busy dialog's Cancel
    // stops it with nothing written.
    void exportComputesOffTheGuiThreadAndCancels()
    {
        const QList<Scenario> plans = writeNewUserScenario(m_dir.path());
        ComparisonView view;
        view.setScenarios(plans);
        Goals goals;
        goals.deadlineDays = 60;
        view.setGoals(goals);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY_WITH_TIMEOUT(!view.isSensitivityBusy() && view.sensitivity().valid, 60000);
        // A timer due at once fires while the job runs, when the busy dialog exists: the GUI thread
        // was not blocked (before, the verdict was searched on it and no event ran until the end).
        bool ranDuringExport = false;
        QTimer::singleShot(0, &view, [&] {
            ranDuringExport = view.findChild<QProgressDialog *>(QStringLiteral("reportBusy"));
        });
        const QString pdf = m_dir.filePath(QStringLiteral("responsive.pdf"));
        QCOMPARE(view.exportReport(pdf), pdf);
        QVERIFY2(ranDuringExport, "the GUI thread's events ran while the verdict was searched");
        QVERIFY(pdfPages(pdf, 1).value(0).contains(QStringLiteral("Verdict")));

        const QString cancelled = m_dir.filePath(QStringLiteral("cancelled.pdf"));
        bool found = false;
        QTimer::singleShot(0, &view, [&] {
            auto *busy = view.findChild<QProgressDialog *>(QStringLiteral("reportBusy"));
            if (auto *button = busy ? busy->findChild<QPushButton *>() : nullptr) {
                found = true;
                button->click(); // as the user does: Cancel
            }
        });
        QCOMPARE(view.exportReport(cancelled), QString());
        QVERIFY(found);
        QVERIFY(!QFile::exists(cancelled));
    }

    void pdfReportHoldsTheNamesFiguresAndPages()
    {
        const Comparison c = comparePlans(defaultComparison(), Normalization::AsGiven);
        const QString pdf = m_dir.filePath(QStringLiteral("report.pdf"));
        ReportOptions o;
        o.date = QDateTime(QDate(2025, 3, 14), QTime(9, 30));
        uncertainty::Options sampling; // the caller samples (2,000 from seed 1), never the writer
        sampling.threads = 0;
        const ComparisonSensitivity sensitivity = comparisonSensitivity(c, PresetCatalog::builtIn(), sampling);
        o.sensitivity = &sensitivity;
        QString error;
        int pages = 0;
        QVERIFY2(writeComparisonReport(c, pdf, o, &error, &pages), qPrintable(error));
        QCOMPARE(pdfPageCount(pdf), pages);
        // The structure fixes the count: 1 summary; 2-3 the comparison table (every metric, with the
        // CP, EP and goodput rows); 4-5 four charts, two a page; 6 break-even; 7-9 sensitivity
        // (ranges, win odds, the recommended plan's tornado, input break-evens, how accurate the
        // engine was on runs like each plan); 10 bill of materials and cost breakdown; 11-15
        // assumptions, settings and sources (short tables kept whole).
        QCOMPARE(pages, 15);
        const QStringList text = pdfPages(pdf, pages);
        const QString all = text.join(QLatin1Char('\n'));
        for (const ComparedPlan &p : c.plans)
            QVERIFY2(all.contains(p.name), qPrintable(p.name));
        for (int i = 0; i < pages; ++i)
            QVERIFY2(text[i].contains(QStringLiteral("Page %1 of %2").arg(i + 1).arg(pages)), qPrintable(QString::number(i + 1)));
        QVERIFY(text[0].contains(QStringLiteral("GPU cluster comparison: Llama 2 13B")));
        QVERIFY(text[0].contains(QStringLiteral("14 March 2025")));
        QVERIFY(text[0].contains(QStringLiteral("The question")));
        QVERIFY(text[0].contains(QStringLiteral("Recommended: Llama 2 13B on 256 H100 SXM5")));
        QVERIFY(text[1].contains(QStringLiteral("Comparison table")));
        // the table's header row repeats on its second page
        QVERIFY(text[1].contains(QStringLiteral("Metric")) && text[2].contains(QStringLiteral("Metric")));
        // plan A's column: its name wraps onto lines of its own ("Llama 2 13B on" / "256 H100 SXM5" / "(A)")
        QVERIFY(text[2].contains(QStringLiteral("Llama 2 13B on")) && text[2].contains(QStringLiteral("256 H100 SXM5"))
                && text[2].contains(QStringLiteral("(A)")));
        QVERIFY(text[3].contains(QStringLiteral("Step time breakdown")) && text[3].contains(QStringLiteral("Cost per billion tokens")));
        QVERIFY(text[4].contains(QStringLiteral("Days to train")) && text[4].contains(QStringLiteral("TCO of the training run")));
        QVERIFY(text[5].contains(QStringLiteral("Break-even GPU price")) && text[5].contains(QStringLiteral("Buying against renting")));
        QVERIFY(text[6].contains(QStringLiteral("Sensitivity")) && text[6].contains(QStringLiteral("Latin hypercube samples")));
        QVERIFY(text[7].contains(
            QStringLiteral("What moves the recommended plan's cost (Llama 2 13B on 256 H100 SXM5)")));
        QVERIFY(text[7].contains(QStringLiteral("How accurate is this")) || text[8].contains(QStringLiteral("How accurate is this")));
        QVERIFY(text[8].contains(QStringLiteral("published runs")));
        QVERIFY(text[9].contains(QStringLiteral("Bill of materials")) && text[9].contains(QStringLiteral("Cost breakdown")));
        QVERIFY(text[10].contains(QStringLiteral("Assumptions and sources")));
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
        QVERIFY(error.contains(QStringLiteral(".pdf, .csv, .json or .xlsx")));
        // a failed write leaves the old file as it was
        const QString blocked = m_dir.filePath(QStringLiteral("no-such-dir/report.csv"));
        QVERIFY(!writeComparisonReport(c, blocked, ReportOptions{}, &error));
        QVERIFY(!error.isEmpty());
    }

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
        QVERIFY(r.out.contains("(15 pages)"));
        QCOMPARE(pdfPageCount(pdf), 15);
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("cli-none.sqlite")))); // the CLI never creates a library
        const QString csv = m_dir.filePath(QStringLiteral("cli.csv"));
        r = run(bin, QStringList{QStringLiteral("report")} + files + QStringList{QStringLiteral("-o"), csv}, env);
        QCOMPARE(r.code, 0);
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString header = QString::fromUtf8(f.readLine()).trimmed();
        // The table's columns, then the sensitivity's (every format has it).
        QCOMPARE(header, (comparisonColumns() + inputColumns() + sensitivityColumns()).join(QLatin1Char(',')));
        const QString json = m_dir.filePath(QStringLiteral("cli.json"));
        r = run(bin, QStringList{QStringLiteral("report")} + files + QStringList{QStringLiteral("-o"), json, QStringLiteral("--normalize"), QStringLiteral("budget")}, env);
        QCOMPARE(r.code, 0);
        QFile jf(json);
        QVERIFY(jf.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(jf.readAll()).object();
        QCOMPARE(root.value(QStringLiteral("normalization")).toString(), QStringLiteral("budget"));
        QCOMPARE(root.value(QStringLiteral("plans")).toArray().at(1).toObject().value(QStringLiteral("gpus")).toInt(), 512);
    }

    // The PDF a committee signs: the engine's warnings beside their plan, a value the
    // plan file sources printed with its source, an audit trail of the input files with their
    // SHA-256; the CSV for Excel with a byte order mark on --bom only.
    void reportShowsWarningsStatedSourcesAndAuditTrail()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("COMMTAX_LIBRARY"), m_dir.filePath(QStringLiteral("audit-none.sqlite")));
        QStringList files = compareScenarioFiles();
        QFile rtx(files[3]);
        QVERIFY(rtx.open(QIODevice::ReadOnly));
        QByteArray json = rtx.readAll();
        QVERIFY(json.contains("\"gpu\": {\"preset\": \"rtx-4090\"}") && json.contains("\"pue\": 1.3,"));
        json.replace("\"gpu\": {\"preset\": \"rtx-4090\"}",
                     "\"gpu\": {\"preset\": \"rtx-4090\", \"price_usd\": {\"value\": 2700, \"kind\": \"measured\", \"source\": \"Vendor X quote Q-123\"}}");
        json.replace("\"pue\": 1.3,", "\"pue\": {\"value\": 1.25, \"kind\": \"measured\", \"source\": \"DC contract 7\"},");
        files[3] = writeFile(m_dir.filePath(QStringLiteral("quoted-4090.json")), json);
        const QString pdf = m_dir.filePath(QStringLiteral("audit.pdf"));
        const Run r = run(QStringLiteral(COMMTAX_BINARY), QStringList{QStringLiteral("report")} + files + QStringList{QStringLiteral("-o"), pdf}, env);
        QVERIFY2(r.code == 0, r.err.constData());
        const QStringList pages = pdfPages(pdf, pdfPageCount(pdf));
        const QString all = pages.join(QLatin1Char('\n')).simplified();
        // the quoted price and PUE with their kind and source, never as the user's bare number
        QVERIFY(all.contains(QStringLiteral("Vendor X quote Q-123")));
        QVERIFY(all.contains(QStringLiteral("DC contract 7")));
        QVERIFY(all.contains(QStringLiteral("2700 [M")));
        QVERIFY(all.contains(QStringLiteral("1.25 [M")));
        QVERIFY(!all.contains(QStringLiteral("2700 [U]")));
        // the warnings, next to the plan they concern, in the section of the plans compared
        QList<Scenario> scenarios;
        for (const QString &f : std::as_const(files)) {
            Scenario s;
            QList<LoadError> errors;
            QVERIFY(loadAndValidateScenario(f, PresetCatalog::builtIn(), s, errors));
            scenarios << s;
        }
        const Comparison c = comparePlans(scenarios, Normalization::AsGiven);
        int warned = 0;
        const qsizetype plansPage = std::find_if(pages.cbegin(), pages.cend(), [](const QString &p) { return p.contains(QStringLiteral("Plans compared")); }) - pages.cbegin();
        QVERIFY(plansPage < pages.size());
        // the section and the pages after it (the plans' names wrap, and the warnings may start a page later)
        QString plansText;
        for (qsizetype i = plansPage; i < std::min(pages.size(), plansPage + 3); ++i)
            plansText += pages[i];
        plansText = plansText.simplified();
        for (const ComparedPlan &p : c.plans) {
            const QStringList w = warningTexts(p.result, p.plan);
            if (w.isEmpty())
                continue;
            ++warned;
            const QString start = w.first().left(24).simplified();
            // the plan's name on the warning's first line: its start where the name wraps ("Llama 2 13B on
            // 256 RTX" / "4090")
            const QStringList nameWords = p.name.split(QLatin1Char(' '));
            bool beside = false;
            for (qsizetype k = nameWords.size(); k > nameWords.size() / 2 && !beside; --k)
                beside = plansText.contains(nameWords.mid(0, k).join(QLatin1Char(' ')) + QLatin1Char(' ') + start);
            QVERIFY2(beside, qPrintable(p.name + QStringLiteral(": ") + start));
            for (const QString &text : w)
                QVERIFY2(all.contains(text.left(24).simplified()), qPrintable(text));
        }
        QVERIFY(warned > 0); // the comparison has warnings to show
        // the audit trail: version, date, each input by name with the SHA-256 of its bytes
        QVERIFY(all.contains(QStringLiteral("Audit trail")));
        QVERIFY(all.contains(QStringLiteral("Commtax " COMMTAX_VERSION)));
        for (const QString &f : std::as_const(files)) {
            QFile in(f);
            QVERIFY(in.open(QIODevice::ReadOnly));
            const QString sha = QString::fromLatin1(QCryptographicHash::hash(in.readAll(), QCryptographicHash::Sha256).toHex());
            QVERIFY2(all.contains(QFileInfo(f).fileName() + QLatin1Char(' ') + sha), qPrintable(f));
        }
        // CSV: the byte order mark on --bom only
        const QString csv = m_dir.filePath(QStringLiteral("audit.csv"));
        Run c1 = run(QStringLiteral(COMMTAX_BINARY), QStringList{QStringLiteral("report")} + files + QStringList{QStringLiteral("-o"), csv, QStringLiteral("--bom")}, env);
        QVERIFY2(c1.code == 0, c1.err.constData());
        QFile bom(csv);
        QVERIFY(bom.open(QIODevice::ReadOnly));
        QVERIFY(bom.readAll().startsWith("\xEF\xBB\xBFplan,"));
        bom.close();
        c1 = run(QStringLiteral(COMMTAX_BINARY), QStringList{QStringLiteral("report")} + files + QStringList{QStringLiteral("-o"), csv}, env);
        QCOMPARE(c1.code, 0);
        QVERIFY(bom.open(QIODevice::ReadOnly));
        QVERIFY(bom.readAll().startsWith("plan,"));
        c1 = run(QStringLiteral(COMMTAX_BINARY), QStringList{QStringLiteral("report")} + files + QStringList{QStringLiteral("-o"), pdf, QStringLiteral("--bom")}, env);
        QCOMPARE(c1.code, 2);
        QVERIFY(c1.err.contains("--bom applies to CSV only"));
    }

    // Issue 28, item 5: a quote's GPU price is the plan's, and the PDF and CSV print the quote as
    // its source beside it, not the preset's default assumption.
    void reportPrintsTheQuotedPriceWithTheQuoteAsItsSource()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("COMMTAX_LIBRARY"), m_dir.filePath(QStringLiteral("quote-none.sqlite")));
        QStringList files = compareScenarioFiles();
        QFile first(files[0]);
        QVERIFY(first.open(QIODevice::ReadOnly));
        QJsonObject root = QJsonDocument::fromJson(first.readAll()).object();
        QJsonObject economics = root.value(QStringLiteral("economics")).toObject();
        QJsonObject quote;
        quote.insert(QStringLiteral("vendor"), QStringLiteral("Acme Systems"));
        quote.insert(QStringLiteral("id"), QStringLiteral("Q-2026-17"));
        quote.insert(QStringLiteral("date"), QStringLiteral("2026-03-01"));
        quote.insert(QStringLiteral("items"), QJsonObject{{QStringLiteral("gpu_price_usd"), 27123}});
        economics.insert(QStringLiteral("quote"), quote);
        root.insert(QStringLiteral("economics"), economics);
        files[0] = writeFile(m_dir.filePath(QStringLiteral("quoted-items.json")), QJsonDocument(root).toJson());
        const QString source = QStringLiteral("Quote Q-2026-17 from Acme Systems, 2026-03-01");
        const QString pdf = m_dir.filePath(QStringLiteral("quoted-items.pdf"));
        const QString bin = QStringLiteral(COMMTAX_BINARY);
        const QString report = QStringLiteral("report"), to = QStringLiteral("-o");
        Run r = run(bin, QStringList{report} + files + QStringList{to, pdf}, env);
        QVERIFY2(r.code == 0, r.err.constData());
        const QString all = pdfPages(pdf, pdfPageCount(pdf)).join(QLatin1Char('\n')).simplified();
        QVERIFY(all.contains(source));
        QVERIFY2(all.contains(QRegularExpression(QStringLiteral("27123 \\[U\\d"))), qPrintable(all.left(4000)));
        const QString csv = m_dir.filePath(QStringLiteral("quoted-items.csv"));
        r = run(bin, QStringList{report} + files + QStringList{to, csv}, env);
        QVERIFY2(r.code == 0, r.err.constData());
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        QVERIFY(lines.size() > 1);
        QVERIFY2(lines[1].contains("27123") && lines[1].contains(source.toUtf8()), lines[1].constData());
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
                                    << QStringLiteral(".pdf, .csv, .json or .xlsx");
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
    TestReportGui t;
    return QTest::qExec(&t, argc, argv);
}

#include "test_report_gui.moc"
