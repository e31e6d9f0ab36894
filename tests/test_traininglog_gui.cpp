// SPDX-License-Identifier: GPL-3.0-or-later
// Tools > Calibrate from training logs driven as a user would: the menu entry, two torchtitan logs
// added, the GPU preset chosen, the table and the fit, a log that needs values marked until they
// are given, and Save preset. Writes training-calibration.png into the build dir. Then the values a
// log leaves out typed into their own marked cells (mouse and keyboard), and the predicted-against-
// measured scatter before and after the fit.
#include "appfeatures.h"
#include "appsettings.h"
#include "calibrate/trainingcalibrationdialog.h"
#include "mainwindow.h"

#include "guitestsupport.h"

#include <QApplication>
#include <QComboBox>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <qcustomplot.h>

#include <cmath>

using namespace commtax;
using namespace commtax::test;

namespace {

QString fixture(const char *name)
{
    return QStringLiteral(COMMTAX_FIXTURES_DIR "/training-logs/") + QLatin1String(name);
}

QCPGraph *graphNamed(QCustomPlot *plot, const QString &name)
{
    for (int i = 0; i < plot->graphCount(); ++i)
        if (plot->graph(i)->objectName() == name)
            return plot->graph(i);
    return nullptr;
}

} // namespace

class TestTrainingLogGui : public QObject
{
    Q_OBJECT

private slots:
    void menuEntryOpensTheDialog()
    {
        QTemporaryDir dir;
        AppSettings settings(dir.filePath(QStringLiteral("settings.ini")));
        MainWindow w(settings);
        auto *features = new AppFeatures(&w, dir.filePath(QStringLiteral("library.sqlite")));
        QVERIFY(features->calibrateTrainingAction());
        QVERIFY(w.toolsMenu()->actions().contains(features->calibrateTrainingAction()));
        features->calibrateTrainingAction()->trigger();
        QVERIFY(w.findChild<TrainingCalibrationDialog *>());
    }

    void logsFitAndSave()
    {
        TrainingCalibrationDialog d;
        d.show();
        d.addLogs({fixture("torchtitan_llama3-8b_fsdp8_h100-96gb.log"),
                   fixture("torchtitan_llama3-8b_fsdp128_h100-96gb.log")});
        auto *gpu = child<QComboBox>(&d, "gpuCombo");
        QCOMPARE(gpu->currentData().toString(), QStringLiteral("h100-sxm")); // "NVIDIA H100" matches
        gpu->setCurrentIndex(gpu->findData(QStringLiteral("h100-sxm-96gb-500w")));
        emit gpu->activated(gpu->currentIndex());
        auto *table = child<QTableWidget>(&d, "logsTable");
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->item(0, 3)->text(), QStringLiteral("2.843 s"));
        QVERIFY(table->item(0, 5)->text().contains(QStringLiteral("+1.5%")));
        QVERIFY(d.fit());
        QVERIFY2(std::fabs(d.fit()->factor - 0.939) < 0.001, qPrintable(QString::number(d.fit()->factor)));
        QVERIFY(child<QLabel>(&d, "fitLabel")->text().contains(QStringLiteral("Factor 0.939")));
        // The plan cell says how the values the log does not print were taken.
        const QString tip = table->item(0, 2)->toolTip();
        QVERIFY2(tip.startsWith(table->item(0, 2)->text()) && tip.contains(QStringLiteral("recompute = ops"))
                     && tip.contains(QStringLiteral("optimizer_kernel: the log does not say")),
                 qPrintable(tip));
        // A log that prints no plan is marked until its values are given.
        d.addLogs({fixture("torchtitan_llama3-8b_pr1287_h100-96gb.log")});
        QCOMPARE(table->rowCount(), 3);
        QVERIFY(table->item(2, 2)->text().contains(QStringLiteral("the log does not say model.layers")));
        QVERIFY(table->item(2, 4)->text().isEmpty());
        // The window says how to give a value as the window takes it, not with the command line's
        // options (--set, --gpu): in the Values field, named as it is named there.
        QVERIFY2(table->item(2, 2)->text().contains(QStringLiteral("give them in Values (PATH=VALUE)")),
                 qPrintable(table->item(2, 2)->text()));
        auto *values = child<QLineEdit>(&d, "valuesEdit");
        values->setText(QStringLiteral("3:gpus=many"));
        emit values->editingFinished();
        QVERIFY2(table->item(2, 2)->text().contains(QStringLiteral("gpus in Values: expected a whole number")),
                 qPrintable(table->item(2, 2)->text()));
        for (int row = 0; row < table->rowCount(); ++row) {
            const QString rowTip = table->item(row, 2)->toolTip();
            QVERIFY2(!rowTip.contains(QStringLiteral("--")), qPrintable(rowTip));
        }
        values->setText(
            QStringLiteral("3:model.layers=32; 3:model.hidden=4096; 3:model.heads=32; 3:model.kv_heads=8; "
                           "3:model.ffn=14336; 3:model.vocab=128256; 3:model.mlp=swiglu; 3:training.seq_len=8192; "
                           "3:training.micro_batch=1; 3:training.global_batch=8; 3:training.tp=1; "
                           "3:training.pp=1; 3:training.zero=3; 3:gpus=8"));
        emit values->editingFinished();
        QVERIFY2(!table->item(2, 4)->text().isEmpty(), qPrintable(table->item(2, 2)->text()));
        QCOMPARE(table->item(2, 3)->text(), QStringLiteral("1.396 s"));
        QCOMPARE(int(d.fit()->after.size()), 3);
        const QString shot = QStringLiteral(COMMTAX_BUILD_DIR "/training-calibration.png");
        QVERIFY(d.grab().save(shot));
        // Save preset asks for an id, then hands the measured preset on (AppFeatures saves and applies it).
        QSignalSpy saved(&d, &TrainingCalibrationDialog::calibratedGpuReady);
        QVERIFY(child<QPushButton>(&d, "savePresetButton")->isEnabled());
        QTimer::singleShot(0, this, [] {
            for (QWidget *w : QApplication::topLevelWidgets())
                if (auto *input = qobject_cast<QInputDialog *>(w)) {
                    input->setTextValue(QStringLiteral("h100-96gb-ours"));
                    input->accept();
                }
        });
        child<QPushButton>(&d, "savePresetButton")->click();
        QCOMPARE(saved.count(), 1);
        const Preset p = saved.at(0).at(0).value<Preset>();
        QCOMPARE(p.id, QStringLiteral("h100-96gb-ours"));
        QVERIFY(p.provenance.value(QStringLiteral("compute_efficiency"))
                    .source.contains(QStringLiteral("torchtitan_llama3-8b_pr1287_h100-96gb.log (sha256 ")));
    }

    // Nemotron-4 15B on 16, 256 and 2048 GPUs: NeMo's config has no vocabulary size. Each log's
    // cell is marked and nothing is fitted until the user types the value into it.
    void missingValuesTypedIntoTheirCells()
    {
        TrainingCalibrationDialog d;
        d.resize(1100, 600);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        d.addLogs({fixture("nemo_nemotron4-15b_tp4-gbs64_16x-h100.log"),
                   fixture("nemo_nemotron4-15b_tp4-gbs1024_256x-h100.log"),
                   fixture("nemo_nemotron4-15b_tp4-gbs8192_2048x-h100.log")});
        auto *gpu = child<QComboBox>(&d, "gpuCombo");
        gpu->setCurrentIndex(gpu->findData(QStringLiteral("h100-sxm")));
        emit gpu->activated(gpu->currentIndex());
        auto *missing = child<QTableWidget>(&d, "missingTable");
        QVERIFY(missing->isVisible());
        QCOMPARE(missing->rowCount(), 3);
        auto *plot = child<QCustomPlot>(&d, "scatterPlot");
        for (int row = 0; row < 3; ++row) {
            QCOMPARE(missing->item(row, 1)->text(), QStringLiteral("model.vocab"));
            QCOMPARE(missing->item(row, 2)->background().color(), QColor(255, 236, 179));
        }
        QVERIFY(!d.fit());
        QVERIFY(!graphNamed(plot, QStringLiteral("afterGraph")));
        // Double-click each value cell, type, Enter: as a user does.
        for (int row = 0; row < 3; ++row) {
            QTableWidgetItem *item = missing->item(row, 2);
            missing->scrollToItem(item);
            const QPoint at = missing->visualItemRect(item).center();
            QTest::mouseClick(missing->viewport(), Qt::LeftButton, {}, at);
            QTest::mouseDClick(missing->viewport(), Qt::LeftButton, {}, at);
            auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
            QVERIFY2(editor, "no cell editor opened");
            QTest::keyClicks(editor, QStringLiteral("256000"));
            QTest::keyClick(editor, Qt::Key_Return); // the view commits it from the event loop
            QTRY_COMPARE(missing->item(row, 2)->text(), QStringLiteral("256000"));
            QCOMPARE(missing->item(row, 2)->background().color(), QColor(220, 235, 250));
        }
        QVERIFY(d.fit());
        QCOMPARE(int(d.fit()->after.size()), 3);
        auto *table = child<QTableWidget>(&d, "logsTable");
        for (int row = 0; row < 3; ++row)
            QVERIFY2(!table->item(row, 4)->text().isEmpty(), qPrintable(table->item(row, 2)->text()));
        // The scatter: one point per log before and after the fit, at (measured, model).
        QCPGraph *before = graphNamed(plot, QStringLiteral("beforeGraph"));
        QCPGraph *after = graphNamed(plot, QStringLiteral("afterGraph"));
        QVERIFY(before && after && graphNamed(plot, QStringLiteral("equalGraph")));
        QCOMPARE(before->dataCount(), 3);
        QCOMPARE(after->dataCount(), 3);
        const std::vector<double> measured = {2.812, 2.852, 2.887};
        for (int i = 0; i < 3; ++i) {
            QVERIFY(std::fabs(after->dataMainKey(i) - measured[std::size_t(i)]) < 1e-9);
            const double want = measured[std::size_t(i)] * (1 + d.fit()->after[std::size_t(i)]);
            QVERIFY(std::fabs(after->dataMainValue(i) - want) < 1e-9);
            const double was = measured[std::size_t(i)] * (1 + d.fit()->before[std::size_t(i)]);
            QVERIFY(std::fabs(before->dataMainValue(i) - was)
                    < 1e-9);
        }
        // Clearing a value marks its cell again and takes that log out of the fit.
        QTableWidgetItem *first = missing->item(0, 2);
        missing->scrollToItem(first);
        const QPoint at = missing->visualItemRect(first).center();
        QTest::mouseClick(missing->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(missing->viewport(), Qt::LeftButton, {}, at);
        auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY(editor);
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(editor, Qt::Key_Backspace);
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_COMPARE(first->text(), QString());
        QCOMPARE(first->background().color(), QColor(255, 236, 179));
        QCOMPARE(int(d.fit()->after.size()), 2);
        QCOMPARE(graphNamed(plot, QStringLiteral("afterGraph"))->dataCount(), 2); // redrawn: looked up again
        QVERIFY(d.grab().save(QStringLiteral(COMMTAX_BUILD_DIR "/training-calibration-scatter.png")));
    }
};

QTEST_MAIN(TestTrainingLogGui)
#include "test_traininglog_gui.moc"
