// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop app in Simplified Chinese (issue 14): Edit > Preferences switches the language,
// Help > Commtax Handbook opens in the interface's language, and screenshots at 1280x800 of the
// main window, the comparison and the first report page go to <build>/screenshots/zh_CN-*.png.
#include "appsettings.h"
#include "compare/comparisonview.h"
#include "handbook.h"
#include "library/compare.h"
#include "library/comparisonio.h"
#include "library/comparisonuncertainty.h"
#include "mainwindow.h"
#include "modeltext.h"
#include "preferencesdialog.h"
#include "report/reportwriter.h"
#include "translations.h"

#include "core/scenario.h"
#include "engine/engine.h"

#include "testsupport.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>

using namespace commtax;

namespace {
QString screenshotDir()
{
    const QString dir = QStringLiteral(COMMTAX_BUILD_DIR "/screenshots");
    QDir().mkpath(dir);
    return dir;
}
} // namespace

class TestI18nGui : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QCOMPARE(installInterfaceLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    }

    // Every engine warning has its Chinese wording in ui/modeltext.cpp: none falls back to the
    // engine's English sentence (a new warning flag needs its text there too).
    void warningsInChinese()
    {
        Plan plan = defaultScenario().plan;
        for (const bool autoGoodput : {false, true}) {
            if (autoGoodput)
                plan.training.goodput.reset();
            Result r = evaluate(plan).result;
            QVERIFY(r.step_time_s > 0);
            r.warnings = ~0u; // every flag
            const QStringList texts = warningTexts(r, plan);
            QCOMPARE(texts.size(), qsizetype(warningMessages(r, plan).size()));
            for (const QString &t : texts)
                QVERIFY2(t.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))), qPrintable(t));
        }
    }

    // Edit > Preferences: the language combo box, saved to the settings on OK, and the note that it
    // applies at the next start.
    void preferencesSaveTheLanguage()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("prefs.ini")));
        QCOMPARE(settings.language(), QStringLiteral("system"));
        MainWindow window(settings);
        window.show();
        auto *action = window.findChild<QAction *>(QStringLiteral("preferencesAction"));
        QVERIFY(action);
        QVERIFY(!action->text().isEmpty() && action->text() != QStringLiteral("Pre&ferences...")); // translated
        bool checked = false;
        QTimer::singleShot(0, this, [&] {
            auto *dialog = qobject_cast<PreferencesDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            QCOMPARE(dialog->objectName(), QStringLiteral("preferencesDialog"));
            auto *combo = dialog->findChild<QComboBox *>(QStringLiteral("languageCombo"));
            QVERIFY(combo);
            QCOMPARE(combo->count(), 3);
            QCOMPARE(combo->currentData().toString(), QStringLiteral("system"));
            QVERIFY(combo->findText(QStringLiteral("简体中文")) >= 0 && combo->findText(QStringLiteral("English")) >= 0);
            auto *note = dialog->findChild<QLabel *>(QStringLiteral("restartNote"));
            QVERIFY(note && note->text().contains(QStringLiteral("启动")));
            dialog->resize(dialog->sizeHint());
            dialog->grab().save(screenshotDir() + QStringLiteral("/zh_CN-preferences.png"));
            combo->setCurrentIndex(combo->findData(QStringLiteral("en")));
            auto *buttons = dialog->findChild<QDialogButtonBox *>(QStringLiteral("preferencesButtons"));
            QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
            checked = true;
        });
        action->trigger();
        QVERIFY(checked);
        QCOMPARE(settings.language(), QStringLiteral("en"));
        QCOMPARE(AppSettings(settings.fileName()).language(), QStringLiteral("en")); // on disk
        // Cancel keeps the setting
        QTimer::singleShot(0, this, [] {
            auto *dialog = QApplication::activeModalWidget();
            auto *combo = dialog->findChild<QComboBox *>(QStringLiteral("languageCombo"));
            combo->setCurrentIndex(combo->findData(QStringLiteral("zh_CN")));
            dialog->findChild<QDialogButtonBox *>(QStringLiteral("preferencesButtons"))->button(QDialogButtonBox::Cancel)->click();
        });
        action->trigger();
        QCOMPARE(settings.language(), QStringLiteral("en"));
    }

    // Help > Commtax Handbook (F1): the Chinese page, every entry there, and showEntry() scrolls.
    void handbookInTheInterfaceLanguage()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("handbook.ini")));
        MainWindow window(settings);
        window.show();
        auto *action = window.findChild<QAction *>(QStringLiteral("handbookAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(QKeySequence::HelpContents));
        action->trigger();
        auto *dialog = window.findChild<HandbookDialog *>(QStringLiteral("handbookDialog"));
        QVERIFY(dialog && dialog->isVisible());
        auto *browser = dialog->findChild<QTextBrowser *>(QStringLiteral("handbookBrowser"));
        QVERIFY(browser);
        const QString text = browser->toPlainText();
        for (const char *word : {"通信税", "流水线气泡", "MFU", "goodput", "TCO", "工作流程", "快捷键", "docs/model.md"})
            QVERIFY2(text.contains(QString::fromUtf8(word)), word);
        QVERIFY(text.contains(QStringLiteral("T_step")));
        const QString html = browser->toHtml();
        for (const char *anchor : {"comm-tax", "bubble", "mfu", "goodput", "tco", "workflow", "shortcuts"})
            QVERIFY2(html.contains(QLatin1String(anchor)), anchor);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        QCOMPARE(browser->verticalScrollBar()->value(), 0);
        showHandbook(&window, QStringLiteral("shortcuts"));
        QVERIFY(browser->verticalScrollBar()->value() > 0);
        QCOMPARE(window.findChildren<HandbookDialog *>().size(), 1); // raised again, not a second one
        dialog->grab().save(screenshotDir() + QStringLiteral("/zh_CN-handbook.png"));
        // every chart has its entry, and every plan field one in the interface's language (F1)
        for (const char *anchor : {"chart-step-time", "chart-comm-tax", "chart-bubble", "chart-cost", "chart-memory", "chart-sensitivity", "fields"})
            QVERIFY2(browser->toHtml().contains(QLatin1String(anchor)), anchor);
        showHandbook(&window, HandbookDialog::fieldAnchor(QStringLiteral("cluster.nodes")));
        QCOMPARE(browser->source().fragment(), QStringLiteral("field-cluster.nodes"));
        const QString nodesLabel = window.findChild<QWidget *>(QStringLiteral("field_cluster_nodes"))->accessibleName();
        QVERIFY2(nodesLabel.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))), qPrintable(nodesLabel));
        QVERIFY2(browser->toPlainText().contains(nodesLabel), qPrintable(nodesLabel));
        QVERIFY(browser->toPlainText().contains(QStringLiteral("方案字段")));
        dialog->grab().save(screenshotDir() + QStringLiteral("/zh_CN-handbook-field.png"));
        // the English page has the same entries
        QFile en(QStringLiteral(":/handbook/handbook_en.html"));
        QVERIFY(en.open(QIODevice::ReadOnly));
        const QByteArray enHtml = en.readAll();
        for (const char *anchor : {"comm-tax", "bubble", "mfu", "goodput", "tco", "workflow", "shortcuts", "charts", "chart-step-time",
                                   "chart-comm-tax", "chart-bubble", "chart-cost", "chart-memory", "chart-sensitivity"})
            QVERIFY2(enHtml.contains(QByteArray("name=\"" + QByteArray(anchor) + "\"")), anchor);
    }

    // The comparison's sentences come from model/library as English templates (librarytext.h):
    // the window and the PDF show them in Chinese, the file formats and the English functions
    // keep them in English whatever the interface language.
    void comparisonTextsInChinese()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4E00}-\\x{9FFF}]"));
        const QStringList leftovers = {QStringLiteral("Recommended"), QStringLiteral("matches"), QStringLiteral("falls below"),
                                       QStringLiteral("exceeds"), QStringLiteral("cost per billion"), QStringLiteral("cash up front"),
                                       QStringLiteral("trains fastest"), QStringLiteral("would match")};
        const auto chinese = [&](const QString &text) {
            if (!text.contains(cjk))
                return false;
            for (const QString &w : leftovers)
                if (text.contains(w))
                    return false;
            return true;
        };
        ComparisonView view;
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QString findings = view.findingsText();
        QVERIFY2(findings.startsWith(QStringLiteral("推荐：")) && chinese(findings), qPrintable(findings));
        auto *findingsLabel = view.findChild<QLabel *>(QStringLiteral("findings"));
        QVERIFY(findingsLabel);
        QVERIFY2(chinese(findingsLabel->text()), qPrintable(findingsLabel->text()));
        QTRY_VERIFY_WITH_TIMEOUT(view.sensitivity().valid, 120000);
        const std::vector<uncertainty::BreakEven> key = keyBreakEvens(view.sensitivity(), 2);
        QVERIFY(!key.empty());
        auto *breakEvens = view.findChild<QLabel *>(QStringLiteral("breakEvens"));
        QVERIFY(breakEvens);
        QVERIFY2(breakEvens->text().contains(QStringLiteral("的成本与")) && chinese(breakEvens->text()), qPrintable(breakEvens->text()));
        // The English forms, for JSON, CSV and the CLI, do not follow the interface language.
        const Comparison &c = view.comparison();
        QVERIFY(comparisonFindings(c).first().startsWith(QStringLiteral("Recommended: ")));
        QVERIFY(comparisonQuestion(c).startsWith(QStringLiteral("Which of these")));
        QVERIFY(breakEvenSentence(c, key.front()).contains(QStringLiteral(" matches ")));
        QVERIFY(!comparisonToCsv(c).contains(cjk));
        QVERIFY(libraryText(comparisonFindingTexts(c).first()).startsWith(QStringLiteral("推荐：")));
        QVERIFY(libraryText(comparisonQuestionText(c)).contains(cjk));

        // The PDF: the question, the recommendation and the break-evens in Chinese.
        const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        if (pdftotext.isEmpty())
            QSKIP("pdftotext (poppler-utils) is not installed");
        const QString pdf = m_dir.filePath(QStringLiteral("texts.pdf"));
        ReportOptions options;
        options.sensitivity = &view.sensitivity();
        QString error;
        QVERIFY2(writeComparisonReport(c, pdf, options, &error), qPrintable(error));
        QProcess p;
        p.start(pdftotext, {pdf, QStringLiteral("-")});
        QVERIFY(p.waitForFinished(30000));
        QString text = QString::fromUtf8(p.readAllStandardOutput());
        // pdftotext writes some CJK characters as Kangxi radicals (NFKC maps them back) and may move a
        // name's digits out of the line: look for the sentences' own words, not whole sentences.
        text = text.normalized(QString::NormalizationForm_KC).remove(QRegularExpression(QStringLiteral("\\s+")));
        for (const QString &words : {QStringLiteral("个方案中哪一个用"), QStringLiteral("前期现金投入"), QStringLiteral("在可运行的方案中，它每十亿token的成本最低"),
                                     QStringLiteral("的成本将与之持平"), QStringLiteral("的成本与"), QStringLiteral("持平（当前为")})
            QVERIFY2(text.contains(words.normalized(QString::NormalizationForm_KC)), qPrintable(words));
        QVERIFY(text.contains(QStringLiteral("推荐：").normalized(QString::NormalizationForm_KC)));
        for (const QString &w : leftovers)
            QVERIFY2(!text.contains(QString(w).remove(QLatin1Char(' '))), qPrintable(w));
        view.grab().save(screenshotDir() + QStringLiteral("/zh_CN-comparison-texts.png"));
    }

    // Screenshots in zh_CN at 1280x800, to be looked at: no clipped text, no missing glyph.
    void screenshotsInChinese()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("shots.ini")));
        MainWindow window(settings);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.latestAnalysis() != nullptr, 10000);
        QTest::qWait(300);
        QVERIFY(window.grab().save(screenshotDir() + QStringLiteral("/zh_CN-mainwindow.png")));

        ComparisonView view;
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTest::qWait(300);
        QVERIFY(view.grab().save(screenshotDir() + QStringLiteral("/zh_CN-comparison.png")));

        const QString pdf = m_dir.filePath(QStringLiteral("report.pdf"));
        QString error;
        int pages = 0;
        QVERIFY2(writeComparisonReport(view.comparison(), pdf, ReportOptions(), &error, &pages), qPrintable(error));
        QVERIFY(pages > 0);
        const QString pdftoppm = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
        if (pdftoppm.isEmpty())
            QSKIP("pdftoppm (poppler-utils) is not installed: no picture of the report page");
        QCOMPARE(QProcess::execute(pdftoppm, {QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("110"), QStringLiteral("-f"), QStringLiteral("1"), QStringLiteral("-l"), QStringLiteral("1"), QStringLiteral("-singlefile"), pdf, screenshotDir() + QStringLiteral("/zh_CN-report-page1")}),
                 0);
        QVERIFY(QFileInfo::exists(screenshotDir() + QStringLiteral("/zh_CN-report-page1.png")));
        // pdffonts: every font embedded (a missing CJK font would fall back to nothing)
        const QString pdffonts = QStandardPaths::findExecutable(QStringLiteral("pdffonts"));
        if (!pdffonts.isEmpty()) {
            QProcess p;
            p.start(pdffonts, {pdf});
            QVERIFY(p.waitForFinished(30000));
            const QString fonts = QString::fromUtf8(p.readAllStandardOutput());
            QVERIFY2(fonts.contains(QStringLiteral("CID")) || fonts.contains(QStringLiteral("Noto")) || fonts.contains(QStringLiteral("WenQuanYi")), qPrintable(fonts));
        }
    }
};

QTEST_MAIN(TestI18nGui)
#include "test_i18n_gui.moc"
