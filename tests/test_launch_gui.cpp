// SPDX-License-Identifier: GPL-3.0-or-later
// File > Export launch config, driven with real events: Ctrl+Shift+E opens the dialog,
// the framework is chosen with the keyboard, Save writes the file; for every framework the file
// holds exactly what `commtax launch FILE --for FRAMEWORK` prints for the same plan, also after
// the plan is edited while the dialog is open.
#include "appsettings.h"
#include "core/fields.h"
#include "mainwindow.h"
#include "plandocument.h"
#include "search/launchexportdialog.h"

#include "guitestsupport.h"
#include "testsupport.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace commtax;
using namespace commtax::test;

namespace {
QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TestLaunchGui : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // Chooses framework `index` in the dialog's box with the keyboard (Home, then Down).
    static void chooseFramework(QComboBox *box, int index)
    {
        box->setFocus();
        QTest::keyClick(box, Qt::Key_Home);
        for (int i = 0; i < index; ++i)
            QTest::keyClick(box, Qt::Key_Down);
    }

    // Saves with the dialog's Save button into `out`, then compares with the CLI on `scenario`.
    void saveEqualsCli(LaunchExportDialog *dialog, const QString &scenario, const QString &framework, const QString &out)
    {
        dialog->setFileDialog([out](const QString &suggestion) {
            // The suggestion carries the framework's usual suffix.
            return suggestion.isEmpty() ? QString() : out;
        });
        QSignalSpy saved(dialog, &LaunchExportDialog::saved);
        auto *save = child<QPushButton>(dialog, "launchSave");
        QVERIFY(save->isEnabled());
        QTest::mouseClick(save, Qt::LeftButton);
        QCOMPARE(saved.count(), 1);
        QCOMPARE(saved.first().first().toString(), out);
        const Run cli = runCommtax({QStringLiteral("launch"), scenario, QStringLiteral("--for"), framework});
        QCOMPARE(cli.code, 0);
        QVERIFY(!cli.out.isEmpty());
        const QByteArray written = readAll(out);
        QCOMPARE(written, cli.out);
        QCOMPARE(child<QPlainTextEdit>(dialog, "launchPreview")->toPlainText().toUtf8(), cli.out);
    }

private slots:
    void exportEqualsCli()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("settings.ini")));
        MainWindow window(settings);
        window.resize(1280, 800);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        // A mixture of experts with context parallelism: every framework has something to say.
        const QString scenario = QStringLiteral(COMMTAX_FIXTURES_DIR "/launch/moe-cp.json");
        // The screenshot below shows the opened plan's charts: wait until they are drawn (the key figures
        // come first, the charts after them).
        Analysis applied;
        quint64 redrawn = 0;
        connect(&window, &MainWindow::analysisApplied, &window, [&applied](const Analysis &a) { applied = a; });
        connect(&window, &MainWindow::chartsRedrawn, &window, [&redrawn](quint64 id) { redrawn = id; });
        QVERIFY(window.openFile(scenario));
        QTRY_VERIFY(applied.valid && applied.scenario == window.scenario() && redrawn == applied.requestId);

        auto *action = window.findChild<QAction *>(QStringLiteral("exportLaunchAction"));
        QVERIFY(action);
        QVERIFY(window.fileMenu()->actions().contains(action));
        QTest::keyClick(&window, Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier);
        auto *dialog = window.findChild<LaunchExportDialog *>(QStringLiteral("launchExportDialog"));
        QVERIFY(dialog && dialog->isVisible());
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        auto *box = child<QComboBox>(dialog, "launchFramework");
        QCOMPARE(box->count(), 5);

        const QStringList frameworks{QStringLiteral("megatron"), QStringLiteral("megatron-bridge"), QStringLiteral("nemo"), QStringLiteral("deepspeed"), QStringLiteral("torchtitan")};
        for (int i = 0; i < frameworks.size(); ++i) {
            chooseFramework(box, i);
            QCOMPARE(box->currentIndex(), i);
            QCOMPARE(QLatin1String(launch::toString(dialog->framework())), frameworks[i]);
            saveEqualsCli(dialog, scenario, frameworks[i], m_dir.filePath(frameworks[i] + QStringLiteral(".out")));
            if (i == 3) { // DeepSpeed pipelines need a PipelineModule (pp = 2 here): the notes say so
                QVERIFY(child<QLabel>(dialog, "launchNotes")->text().contains(QStringLiteral("cannot express")));
                QDir().mkpath(QStringLiteral(COMMTAX_BUILD_DIR "/screenshots"));
                QApplication::processEvents(); // the notes' new height reaches the layout
                dialog->grab().save(QStringLiteral(COMMTAX_BUILD_DIR "/screenshots/launch-export-dialog.png"));
                window.grab().save(QStringLiteral(COMMTAX_BUILD_DIR "/screenshots/launch-export-window-1280x800.png"));
            }
        }

        // An edit while the dialog is open: the text follows the plan (compared with the CLI on the
        // plan saved after the edit).
        const QString before = dialog->text();
        const FieldInfo *mb = findField(Section::Training, QStringLiteral("micro_batch"));
        QVERIFY(mb);
        const int newMb = window.document()->scenario().plan.training.micro_batch == 1 ? 2 : 1;
        QVERIFY(window.document()->setField(*mb, newMb));
        QVERIFY(dialog->text() != before);
        const QString edited = m_dir.filePath(QStringLiteral("edited.json"));
        QString error;
        QVERIFY2(window.document()->save(edited, &error), qPrintable(error));
        chooseFramework(box, 0);
        saveEqualsCli(dialog, edited, frameworks[0], m_dir.filePath(QStringLiteral("edited.sh")));
        QVERIFY(readAll(m_dir.filePath(QStringLiteral("edited.sh"))).contains(QByteArray("--micro-batch-size ").append(QByteArray::number(newMb))));

        // An invalid plan has nothing to export: Save is off and the notes say why.
        const FieldInfo *tp = findField(Section::Training, QStringLiteral("tp"));
        QVERIFY(tp);
        QVERIFY(window.document()->setField(*tp, 7));
        QVERIFY(dialog->text().isEmpty());
        QVERIFY(!child<QPushButton>(dialog, "launchSave")->isEnabled());
        QVERIFY(child<QLabel>(dialog, "launchNotes")->text().contains(QStringLiteral("training.")));
        dialog->close();
    }
};

QTEST_MAIN(TestLaunchGui)
#include "test_launch_gui.moc"
