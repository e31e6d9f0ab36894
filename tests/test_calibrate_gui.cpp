// SPDX-License-Identifier: GPL-3.0-or-later
// The calibration dialog driven as a user drives it: open a log, paste another, enter the ranks and
// nodes a log without a device list asks for, choose a cluster, apply. Screenshots go to
// <build>/calibration-*.png.
#include "calibrate/calibrationdialog.h"
#include "calibrate/calibrationrowsmodel.h"
#include "text/translations.h"

#include "guitestsupport.h"

#include <qcustomplot.h>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

#include <cmath>

using namespace commtax;
using namespace commtax::test;

namespace {

QString fixturePath(const char *name)
{
    return QStringLiteral(COMMTAX_FIXTURES_DIR "/nccl/") + QLatin1String(name);
}

QByteArray fixture(const char *name)
{
    QFile f(fixturePath(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return f.readAll();
}

bool allFinite(const QCPGraph *g)
{
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        if (!std::isfinite(it->key) || !std::isfinite(it->value))
            return false;
    return true;
}

// Paste through the clipboard and Ctrl+V, as a user does.
void paste(QPlainTextEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    QGuiApplication::clipboard()->setText(text);
    QTest::keyClick(edit, Qt::Key_V, Qt::ControlModifier);
}

void typeInto(QSpinBox *spin, const QString &value)
{
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, value);
    QTest::keyClick(spin, Qt::Key_Enter);
}

bool screenshot(QWidget *w, const QString &name)
{
    QCoreApplication::processEvents();
    const QImage img = w->grab().toImage();
    return !img.isNull() && img.save(QStringLiteral(COMMTAX_BUILD_DIR "/") + name);
}

} // namespace

class TestCalibrateGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // English plurals ("1 result table") come from the English translation, as in the app.
    void initTestCase() { commtax::installInterfaceLanguage(QStringLiteral("en")); }
    // Defect found in review: before a log is loaded, the plot's axes read (no tick label over its
    // neighbour), at the dialog's smallest size and at a larger one.
    void emptyPlotHasReadableAxes()
    {
        CalibrationDialog d;
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        auto *plot = child<QCustomPlot>(&d, "busbwPlot");
        for (const QSize size : {d.minimumSizeHint(), QSize(1100, 760)}) {
            d.resize(size);
            QTest::qWait(20);
            plot->replot();
            QVERIFY(d.grab().save(QStringLiteral(COMMTAX_BUILD_DIR "/screenshots/calibration-empty-%1x%2.png").arg(size.width()).arg(size.height())));
            for (QCPAxis *axis : {plot->xAxis, plot->yAxis}) {
                const QFontMetrics fm(axis->tickLabelFont());
                const QVector<double> ticks = axis->tickVector();
                const QVector<QString> labels = axis->tickVectorLabels();
                int shown = 0;
                double previousEnd = -1e9;
                for (qsizetype i = 0; i < ticks.size() && i < labels.size(); ++i) {
                    if (labels[i].isEmpty() || !axis->range().contains(ticks[i]))
                        continue;
                    ++shown;
                    const double at = axis->coordToPixel(ticks[i]);
                    const double half = (axis->orientation() == Qt::Horizontal ? fm.horizontalAdvance(labels[i]) : fm.height()) / 2.0;
                    const double start = axis->orientation() == Qt::Horizontal ? at - half : -(at + half); // upwards for y
                    QVERIFY2(start >= previousEnd + 2, qPrintable(QStringLiteral("\"%1\" runs into its neighbour at %2x%3").arg(labels[i]).arg(size.width()).arg(size.height())));
                    previousEnd = start + 2 * half;
                }
                QVERIFY2(shown >= 3, qPrintable(QStringLiteral("%1 tick labels").arg(shown)));
            }
            // the plot takes the width it is given
            QVERIFY2(plot->axisRect()->width() >= plot->width() - 120, qPrintable(QStringLiteral("plot %1 px in %2").arg(plot->axisRect()->width()).arg(plot->width())));
        }
    }

    void openAFileAndApplyToTheCluster()
    {
        CalibrationDialog d;
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QVERIFY(d.openLogFile(fixturePath("gcp_a3mega_h100_2node_16gpu_tcpxo.txt")));
        const nccl::Calibration *c = d.calibration();
        QVERIFY(c);

        // The log names an H100: its cluster is chosen.
        auto *clusters = child<QComboBox>(&d, "clusterCombo");
        QCOMPARE(clusters->currentData().toString(), QStringLiteral("dgx-h100"));
        QVERIFY(child<QLabel>(&d, "sourceLabel")->text().contains(QStringLiteral("56 lines, 1 result table")));
        QVERIFY(child<QLabel>(&d, "statusLabel")->text().contains(QStringLiteral("its default cluster dgx-h100")));
        QVERIFY(!child<QLabel>(&d, "askTopologyLabel")->isVisible()); // the device list says where

        // The table: 31 rows, the flagged ones shaded.
        auto *view = child<QTableView>(&d, "rowsView");
        QAbstractItemModel *model = view->model();
        QCOMPARE(model->rowCount(), 31);
        QCOMPARE(model->index(30, CalibrationRowsModel::Size).data().toString(), QStringLiteral("8 GiB"));
        QCOMPARE(model->index(30, CalibrationRowsModel::BusBw).data().toString(), QStringLiteral("338.82"));
        QCOMPARE(model->index(30, CalibrationRowsModel::InPlaceBusBw).data().toString(), QStringLiteral("337.35"));
        QVERIFY(model->index(0, 0).data(Qt::BackgroundRole).isValid());   // 8 B: below the model
        QVERIFY(!model->index(30, 0).data(Qt::BackgroundRole).isValid()); // 8 GiB: 94% of it
        // The model's busbw at 8 B is far below 0.01 GB/s: shown with three significant digits,
        // not as 0.00 (the measured column keeps the log's own two decimals).
        for (int col : {int(CalibrationRowsModel::ModelBusBw), int(CalibrationRowsModel::FitBusBw)}) {
            const double shown = model->index(0, col).data().toString().toDouble();
            const double exact = col == CalibrationRowsModel::ModelBusBw ? c->rows[0].model_busbw_gbps : c->rows[0].fit_busbw_gbps;
            QVERIFY2(exact > 0 && exact < 0.01 && std::abs(shown - exact) <= 0.005 * exact,
                     qPrintable(model->index(0, col).data().toString()));
        }

        // The chart: measured points, the model's curve, the fit, and the flagged sizes.
        QCustomPlot *plot = d.plot();
        QCPGraph *measured = graph(plot, "measuredGraph");
        QVERIFY(measured && graph(plot, "modelGraph") && graph(plot, "fitGraph") && graph(plot, "inPlaceGraph"));
        QCOMPARE(measured->dataCount(), 31);
        QCOMPARE(graph(plot, "belowGraph")->dataCount(), c->model.sizes_below);
        for (int i = 0; i < plot->graphCount(); ++i)
            QVERIFY2(allFinite(plot->graph(i)), qPrintable(plot->graph(i)->objectName()));
        QCOMPARE(plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
        QVERIFY(plot->legend->visible());
        QVERIFY(plot->xAxis->label().contains(QStringLiteral("size")));
        QVERIFY(plot->yAxis->label().contains(QStringLiteral("GB/s")));
        auto ticker = plot->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
        QVERIFY(ticker);
        const QStringList labels = ticker->ticks().values();
        QVERIFY2(labels.contains(QStringLiteral("8 B")) && labels.contains(QStringLiteral("8 GiB")), qPrintable(labels.join(QLatin1Char(','))));
        QVERIFY(labels.size() <= 12);
        QVERIFY(plot->yAxis->range().upper >= 338.82);

        // The summary and the warnings.
        const QString summary = child<QLabel>(&d, "summaryLabel")->text();
        QVERIFY2(summary.contains(QStringLiteral("338.8 GB/s at 8 GiB")), qPrintable(summary));
        QVERIFY(summary.contains(QStringLiteral("nic_efficiency")));
        auto *warnings = child<QListWidget>(&d, "warningsList");
        QCOMPARE(warnings->count(), int(c->warnings.size()));
        QCOMPARE(child<QTabWidget>(&d, "detailTabs")->tabText(1), QStringLiteral("Warnings (%1)").arg(c->warnings.size()));

        QVERIFY(screenshot(&d, QStringLiteral("calibration-gcp.png")));

        // Apply: a copy of dgx-h100 with the network figures measured.
        auto *apply = child<QPushButton>(&d, "applyButton");
        QCOMPARE(apply->text(), QStringLiteral("Apply to cluster preset"));
        QVERIFY(apply->isEnabled());
        QSignalSpy cluster(&d, &CalibrationDialog::calibratedClusterReady);
        QSignalSpy gpu(&d, &CalibrationDialog::calibratedGpuReady);
        QTest::mouseClick(apply, Qt::LeftButton);
        QCOMPARE(cluster.count(), 1);
        QCOMPARE(gpu.count(), 0);
        const Preset p = cluster.at(0).at(0).value<Preset>();
        QCOMPARE(int(p.section), int(Section::Cluster));
        QVERIFY(p.id.startsWith(QStringLiteral("dgx-h100-measured-")));
        const Provenance prov = p.provenance.value(QStringLiteral("nic_efficiency"));
        QVERIFY(prov.kind == SourceKind::Measured);
        QCOMPARE(prov.source, QStringLiteral("nccl-tests log gcp_a3mega_h100_2node_16gpu_tcpxo.txt, ") + QDate::currentDate().toString(Qt::ISODate));
        QVERIFY(std::fabs(p.values.value(QStringLiteral("nic_efficiency")).toDouble() - *c->calibrated.efficiency) < 1e-3);
        QCOMPARE(p.values.value(QStringLiteral("nic_gbit_per_gpu")).toDouble(), 400.0);
    }

    // A narrow plot (the dialog at 150% on a 1280x800 screen leaves it about 400 px): the title
    // wraps instead of running off both sides, and a legend entry too long for its column is
    // shortened with its whole text kept; a wide plot shows every entry whole.
    void narrowPlotWrapsTitleAndLegend()
    {
        CalibrationDialog d;
        d.resize(620, 533);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QVERIFY(d.openLogFile(fixturePath("gcp_a3mega_h100_2node_16gpu_tcpxo.txt")));
        QCustomPlot *plot = d.plot();
        int shortened = 0;
        auto fits = [plot, &shortened]() {
            auto *title = qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0));
            if (!title)
                return QStringLiteral("no title");
            const QFontMetrics tf(title->font());
            for (const QString &line : title->text().split(QLatin1Char('\n')))
                if (title->outerRect().left() < 0 || title->outerRect().right() > plot->width()
                    || tf.horizontalAdvance(line) > title->rect().width())
                    return QStringLiteral("title line \"%1\" runs off the plot").arg(line);
            const QFontMetrics lf(plot->legend->font());
            shortened = 0;
            for (int i = 0; i < plot->legend->itemCount(); ++i) {
                auto *item = qobject_cast<QCPPlottableLegendItem *>(plot->legend->item(i));
                if (!item) // an empty cell of the grid
                    continue;
                const QString name = item->plottable()->name();
                const QString full = item->plottable()->property("fullName").toString();
                const int need = plot->legend->iconSize().width() + plot->legend->iconTextPadding()
                    + lf.horizontalAdvance(name);
                if (need * plot->legend->wrap() > plot->width())
                    return QStringLiteral("\"%1\" does not fit its column of %2 px").arg(name).arg(plot->width());
                if (name != full && !(name.endsWith(QChar(0x2026)) && full.startsWith(name.chopped(1))))
                    return QStringLiteral("\"%1\" is not a shortening of \"%2\"").arg(name, full);
                shortened += name != full ? 1 : 0;
            }
            return QString();
        };
        QTRY_VERIFY2(plot->width() < 450, qPrintable(QStringLiteral("plot %1 px").arg(plot->width())));
        QTest::qWait(50); // the queued replot
        QVERIFY2(fits().isEmpty(), qPrintable(fits()));
        QVERIFY(shortened > 0);
        // The vertical axis's whole title where the axis is long enough for it, else the column's name.
        auto axisTitleFits = [plot] {
            const QString whole = QStringLiteral("Bus bandwidth, busbw (GB/s)");
            const int need = QFontMetrics(plot->yAxis->labelFont()).horizontalAdvance(whole) + 8;
            const bool room = need <= plot->axisRect()->height();
            // Short: "busbw (GB/s)", in two lines where even that is too long.
            const QString brief = plot->yAxis->label().replace(QLatin1Char('\n'), QLatin1Char(' '));
            return room ? plot->yAxis->label() == whole : brief == QStringLiteral("busbw (GB/s)");
        };
        QTRY_VERIFY(axisTitleFits());
        QVERIFY(plot->yAxis->label().startsWith(QStringLiteral("busbw"))); // 620x533: the axis is short
        QCOMPARE(plot->legend->wrap(), 2);
        QVERIFY(qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0))->text().contains(QLatin1Char('\n')));
        QVERIFY(screenshot(&d, QStringLiteral("calibration-narrow.png")));
        d.resize(1600, 1000);
        QTRY_VERIFY(plot->width() > 700);
        QTest::qWait(50);
        QVERIFY2(fits().isEmpty(), qPrintable(fits()));
        QCOMPARE(shortened, 0);
        QTRY_VERIFY(axisTitleFits());
    }

    void pasteAFragmentAndSayWhereItRan()
    {
        CalibrationDialog d;
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        auto *text = child<QPlainTextEdit>(&d, "logText");
        paste(text, QString::fromUtf8(fixture("llminsights_dgxa100_4gpu_fragment.txt")));
        QTRY_VERIFY(d.calibration() != nullptr);
        const QString status = child<QLabel>(&d, "statusLabel")->text();
        QVERIFY2(child<QLabel>(&d, "sourceLabel")->text().contains(QStringLiteral("pasted text")), qPrintable(status));

        // No device list: the dialog asks.
        auto *ask = child<QLabel>(&d, "askTopologyLabel");
        QVERIFY(ask->isVisible());
        QVERIFY2(ask->text().contains(QStringLiteral("no device list")), qPrintable(ask->text()));
        QVERIFY(ask->text().contains(QStringLiteral("4 ranks inferred from busbw/algbw; nodes unknown, 1 assumed")));
        QCOMPARE(d.calibration()->ranks, 4); // busbw/algbw = 1.5

        // The user says: a DGX A100, 4 ranks, one node.
        auto *clusters = child<QComboBox>(&d, "clusterCombo");
        clusters->setFocus();
        clusters->setCurrentIndex(clusters->findData(QStringLiteral("dgx-a100")));
        typeInto(child<QSpinBox>(&d, "ranksSpin"), QStringLiteral("4"));
        typeInto(child<QSpinBox>(&d, "nodesSpin"), QStringLiteral("1"));
        QCOMPARE(child<QSpinBox>(&d, "nodesSpin")->value(), 1);
        const nccl::Calibration *c = d.calibration();
        QVERIFY(c);
        QCOMPARE(c->nodes, 1);
        QCOMPARE(int(c->scope), int(nccl::Scope::IntraNode));
        QCOMPARE(QString::fromStdString(c->model.gpu_id), QStringLiteral("a100-sxm-80gb"));
        QVERIFY2(ask->text().contains(QStringLiteral("using the 4 ranks and 1 node you entered")), qPrintable(ask->text()));
        QCOMPARE(graph(d.plot(), "measuredGraph")->dataCount(), 4);

        QVERIFY(screenshot(&d, QStringLiteral("calibration-fragment.png")));

        // Inside one node the measurement calibrates the GPU's NVLink, not the network.
        auto *apply = child<QPushButton>(&d, "applyButton");
        QVERIFY(apply->text().contains(QStringLiteral("GPU preset")));
        QSignalSpy gpu(&d, &CalibrationDialog::calibratedGpuReady);
        QTest::mouseClick(apply, Qt::LeftButton);
        QCOMPARE(gpu.count(), 1);
        const Preset p = gpu.at(0).at(0).value<Preset>();
        QCOMPARE(int(p.section), int(Section::Gpu));
        QVERIFY(p.provenance.value(QStringLiteral("intra_efficiency")).kind == SourceKind::Measured);
        // 233 GB/s fitted over NVLink3's 300 GB/s.
        QVERIFY(std::fabs(p.values.value(QStringLiteral("intra_efficiency")).toDouble() - c->fit.bw_gbps / 300.0) < 1e-3);
        QVERIFY(child<QLabel>(&d, "statusLabel")->text().contains(QStringLiteral("sent")));
    }

    void badTextSaysWhy()
    {
        CalibrationDialog d;
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        auto *text = child<QPlainTextEdit>(&d, "logText");
        auto *status = child<QLabel>(&d, "statusLabel");
        paste(text, QStringLiteral("The cluster was fast today.\n"));
        QTRY_VERIFY(!d.errorText().isEmpty());
        QVERIFY2(status->text().contains(QStringLiteral("no nccl-tests result table")), qPrintable(status->text()));
        QVERIFY(!child<QPushButton>(&d, "applyButton")->isEnabled());
        QCOMPARE(d.plot()->graphCount(), 0);
        QCOMPARE(child<QTableView>(&d, "rowsView")->model()->rowCount(), 0);

        paste(text, QStringLiteral("#  size count type redop root time algbw busbw #wrong time algbw busbw #wrong\n"
                                   "  1048576  262144  float  sum  -1   85.58\n"));
        QTRY_VERIFY(status->text().contains(QStringLiteral("pasted text:2:42: truncated row")));
        QVERIFY(screenshot(&d, QStringLiteral("calibration-error.png")));

        // A file that is not there keeps what was shown and says so.
        QVERIFY(!d.openLogFile(QStringLiteral("/nonexistent/nccl.log")));
        QVERIFY(status->text().contains(QStringLiteral("cannot open")));

        // And a good log afterwards clears the error.
        QVERIFY(d.openLogFile(fixturePath("schmaustech_l40s_2node_2gpu_each_ib.txt")));
        QVERIFY(d.errorText().isEmpty());
        QCOMPARE(child<QComboBox>(&d, "clusterCombo")->currentData().toString(), QStringLiteral("l40s-pcie"));
    }

    void rowsModelIsAProperModel()
    {
        CalibrationRowsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        nccl::LogParse log;
        nccl::ParseError err;
        const QByteArray text = fixture("schmaustech_h200_2node_16gpu_single_rdma_if.txt");
        QVERIFY(nccl::parseLog(std::string_view(text.constData(), size_t(text.size())), log, err));
        nccl::Calibration c;
        Sentence why;
        QVERIFY(nccl::calibrate(log.tables.front(), {}, nullptr, nullptr, c, why));
        model.setCalibration(c);
        QCOMPARE(model.rowCount(), 32);
        QCOMPARE(model.columnCount(), int(CalibrationRowsModel::ColumnCount));
        QCOMPARE(model.index(31, CalibrationRowsModel::Size).data().toString(), QStringLiteral("16 GiB"));
        QCOMPARE(model.index(31, CalibrationRowsModel::ModelBusBw).data().toString(), QStringLiteral("-")); // no preset
        QCOMPARE(model.headerData(CalibrationRowsModel::BusBw, Qt::Horizontal).toString(), QStringLiteral("busbw (GB/s)"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestCalibrateGui)
#include "test_calibrate_gui.moc"
