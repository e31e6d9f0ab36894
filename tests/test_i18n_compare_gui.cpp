// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison, the preset library and the report in Simplified Chinese: library messages and
// saved-plan errors, the comparison's texts, notes and wrapped cells, the report's fonts, and
// screenshots at 1280x800 of the main window, the comparison and the first report page in
// <build>/screenshots/zh_CN-*.png. The rest of the app in Chinese: test_i18n_gui.cpp.
#include "appsettings.h"
#include "charts/plancharts.h"
#include "compare/columneditor.h"
#include "compare/comparisontablemodel.h"
#include "compare/comparisonview.h"
#include "editor/planeditor.h"
#include "guilanguage.h"
#include "handbook.h"
#include "library/compare.h"
#include "library/comparisonio.h"
#include "library/comparisonuncertainty.h"
#include "library/libraryfiles.h"
#include "library/libraryui.h"
#include "library/preseteditor.h"
#include "library/presetlibrary.h"
#include "library/presetmanagerdialog.h"
#include "mainwindow.h"
#include "preferencesdialog.h"
#include "report/reportwriter.h"
#include "search/launchexportdialog.h"
#include "text/modeltext.h"
#include "text/translations.h"

#include "core/fields.h"
#include "core/scenario.h"
#include "core/terminaltext.h"
#include "engine/engine.h"
#include "engine/sweep.h"
#include "plandocument.h"
#include "search/launch.h"
#include "search/launchprovenance.h"
#include "uncertainty/uncertainty.h"

#include "testsupport.h"

#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSet>
#include <QSpinBox>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QStyle>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTextLayout>
#include <QTimer>

#include <functional>
#include <limits>

using namespace commtax;

namespace {
QString screenshotDir()
{
    const QString dir = QStringLiteral(COMMTAX_BUILD_DIR "/screenshots");
    QDir().mkpath(dir);
    return dir;
}
} // namespace

class TestI18nCompareGui : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        registerGuiLanguage(); // the font follows the language, as in the app
        QCOMPARE(installInterfaceLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    }

    // The preset library's own messages (model/library: CT_TR templates, context commtax::Files;
    // LibraryMessage) in Chinese where the GUI shows them, with the file, line, column and JSON path
    // as before; the English (LibraryMessage as a QString, LoadError::message) stays English, and
    // with the English interface loadErrorText() and libraryMessageText() show it.
    void presetLibraryMessagesInChinese()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        static const QRegularExpression english(QStringLiteral("\\b(use|letters|digits|built-in|cannot|deleted|folder|unknown|member|preset file|Added|preset)\\b"));
        PresetLibrary lib(m_dir.filePath(QStringLiteral("messages.sqlite")));
        LibraryMessage error;
        QVERIFY2(lib.open(&error), qPrintable(error));
        // an import whose preset has a bad id (the library's check) and a file with an unknown member (the reader's)
        Preset gpu = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"));
        gpu.builtIn = false;
        gpu.id = QStringLiteral("bad id!");
        const QByteArray badId = writePresetFile(Section::Gpu, {gpu});
        ImportOutcome o = lib.importData(badId, QStringLiteral("bad-id.json"));
        QVERIFY(!o.ok && o.errors.size() == 1);
        const LoadError idError = o.errors.first();
        QVERIFY2(idError.line > 0 && idError.path == QStringLiteral("presets[0].id"), qPrintable(idError.toString()));
        const QString where = QStringLiteral("bad-id.json:%1:%2: presets[0].id: ").arg(idError.line).arg(idError.column);
        QVERIFY2(idError.toString().startsWith(where) && idError.message.contains(QStringLiteral("use letters, digits")), qPrintable(idError.toString()));
        QByteArray member = badId;
        member.replace("\"format\": \"commtax-presets\",", "\"format\": \"commtax-presets\",\n    \"colour\": \"red\",");
        o = lib.importData(member, QStringLiteral("member.json"));
        const auto found = std::find_if(o.errors.cbegin(), o.errors.cend(), [](const LoadError &e) { return e.path == QStringLiteral("colour"); });
        QVERIFY(found != o.errors.cend());
        const LoadError memberError = *found;
        QVERIFY2(memberError.line > 0 && memberError.message.startsWith(QStringLiteral("unknown member")), qPrintable(memberError.toString()));
        // library messages: a refusal, an open() failure, an import's summary
        QVERIFY(!lib.removePreset(Section::Gpu, QStringLiteral("h100-sxm"), &error));
        const LibraryMessage refusal = error;
        QVERIFY2(refusal.contains(QStringLiteral("is a built-in preset: it cannot be deleted")), qPrintable(refusal));
        const QString folder = m_dir.filePath(QStringLiteral("a-folder.sqlite"));
        QVERIFY(QDir().mkpath(folder));
        PresetLibrary notALibrary(folder);
        LibraryMessage openError;
        QVERIFY(!notALibrary.open(&openError));
        QVERIFY2(openError.contains(QStringLiteral("is a folder, not a preset library")), qPrintable(openError));
        gpu.id = QStringLiteral("my-h100");
        o = lib.importData(writePresetFile(Section::Gpu, {gpu}), QStringLiteral("good.json"));
        QVERIFY(o.ok);
        QCOMPARE(o.summary(), QStringLiteral("Added 1 GPU preset(s): my-h100."));
        // a duplicate: its tag is data, listed in the interface language (issue 24)
        QVERIFY(lib.duplicatePreset(Section::Gpu, QStringLiteral("h100-sxm"), nullptr, nullptr));

        // Chinese: the position and path as in English, the message in Chinese
        for (const LoadError &e : {idError, memberError}) {
            const QString zh = loadErrorText(e);
            QVERIFY2(zh.startsWith(e.toString(QString())) && zh.mid(e.toString(QString()).size()).contains(cjk), qPrintable(zh));
            QVERIFY2(!zh.mid(e.toString(QString()).size()).contains(english), qPrintable(zh));
        }
        const QString zhRefusal = libraryMessageText(refusal);
        QVERIFY2(zhRefusal.contains(QStringLiteral("h100-sxm")) && zhRefusal.contains(cjk) && !zhRefusal.contains(english), qPrintable(zhRefusal));
        const QString zhOpen = libraryMessageText(openError);
        QVERIFY2(zhOpen.contains(QDir::toNativeSeparators(folder)) && zhOpen.contains(cjk) && !zhOpen.contains(QStringLiteral("folder, not")), qPrintable(zhOpen));
        const QString zhSummary = libraryText(o.summaryText());
        QVERIFY2(zhSummary.contains(QStringLiteral("my-h100")) && zhSummary.contains(cjk) && !zhSummary.contains(english), qPrintable(zhSummary));
        // the startup notice of a library that cannot be opened: the reason in Chinese too
        const QString notice = presetLibraryStartupNotice(notALibrary, openError);
        QVERIFY2(notice.contains(zhOpen), qPrintable(notice));

        // the preset manager's import: the summary and each problem in Chinese, with its position
        {
            const QString file = m_dir.filePath(QStringLiteral("member.json"));
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly) && f.write(member) == member.size());
            f.close();
            PresetManagerDialog dialog(&lib);
            QString title, text;
            dialog.setMessageHandler([&](const QString &t, const QString &m) {
                title = t;
                text = m;
            });
            dialog.resize(1280, 800);
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            QVERIFY(!dialog.importFile(file));
            QVERIFY2(title.contains(cjk) && text.contains(QStringLiteral("member.json:%1:%2: colour: ").arg(memberError.line).arg(memberError.column)), qPrintable(text));
            const QString position = QStringLiteral("member.json:%1:%2: colour: ").arg(memberError.line).arg(memberError.column);
            const QString summary = text.section(QLatin1Char('\n'), 0, 0), problem = text.mid(text.indexOf(position) + position.size());
            QVERIFY2(summary.contains(cjk) && problem.contains(cjk) && !summary.contains(english) && !problem.contains(english), qPrintable(text));
            // the preset list's origin and the editor's provenance kinds in Chinese too
            QVERIFY(dialog.selectPreset(Section::Gpu, QStringLiteral("h100-sxm")));
            const QAbstractItemModel *presets = dialog.presetView(Section::Gpu)->model();
            QStringList cells;
            for (int r = 0; r < presets->rowCount(); ++r)
                for (int c = 0; c < presets->columnCount(); ++c)
                    cells << presets->index(r, c).data().toString();
            QVERIFY2(cells.contains(QStringLiteral("内置")) && cells.contains(QStringLiteral("用户")) && !cells.contains(QStringLiteral("built-in")), qPrintable(cells.join(QLatin1Char('|'))));
            QVERIFY2(cells.contains(QStringLiteral("NVIDIA H100 SXM5 80GB（副本）")),
                     qPrintable(cells.join(QLatin1Char('|'))));
            QStringList kinds;
            for (const QLabel *label : dialog.editor(Section::Gpu)->findChildren<QLabel *>())
                kinds << label->text();
            QVERIFY2(kinds.contains(QStringLiteral("规格书")) && !kinds.contains(QStringLiteral("datasheet")) && !kinds.contains(QStringLiteral("measured")), qPrintable(kinds.join(QLatin1Char('|'))));
            QMessageBox box(QMessageBox::Warning, title, text, QMessageBox::Ok, &dialog);
            box.show();
            QVERIFY(QTest::qWaitForWindowExposed(&box));
            QVERIFY(dialog.grab().save(screenshotDir() + QStringLiteral("/zh_CN-preset-manager.png")));
            QVERIFY(box.grab().save(screenshotDir() + QStringLiteral("/zh_CN-import-problems.png")));
        }

        // English interface: the same texts in English, positions unchanged
        QCOMPARE(installInterfaceLanguage(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(loadErrorText(idError), idError.toString());
        QVERIFY2(loadErrorText(idError).startsWith(where + QStringLiteral("use letters, digits")), qPrintable(loadErrorText(idError)));
        QCOMPARE(loadErrorText(memberError), memberError.toString());
        QCOMPARE(libraryMessageText(refusal), QString(refusal));
        QCOMPARE(libraryMessageText(openError), QString(openError));
        QCOMPARE(libraryText(o.summaryText()), o.summary());
        QCOMPARE(installInterfaceLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    }

    // A saved plan that cannot be read: its problems' position ('saved plan "x"') is a template,
    // shown in the interface language with the plan's name, line, column and field; the English
    // (LoadError::toString(), the CLI) is unchanged.
    void savedPlanLoadErrorsInChinese()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        const QString file = m_dir.filePath(QStringLiteral("saved-plans.sqlite"));
        const QString name = QStringLiteral("bad plan");
        {
            PresetLibrary lib(file);
            LibraryMessage error;
            QVERIFY2(lib.open(&error), qPrintable(error));
            Scenario s = defaultScenario();
            s.name = name;
            QVERIFY2(lib.savePlan(s, &error), qPrintable(error));
        }
        {
            // spoil the stored plan: tp a string
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("spoil"));
            db.setDatabaseName(file);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT body FROM plans")) && q.next());
            QString body = q.value(0).toString();
            static const QRegularExpression tp(QStringLiteral("\"tp\": \\d+"));
            QVERIFY2(body.contains(tp), qPrintable(body));
            body.replace(tp, QStringLiteral("\"tp\": \"four\""));
            QSqlQuery u(db);
            u.prepare(QStringLiteral("UPDATE plans SET body = ?"));
            u.addBindValue(body);
            QVERIFY2(u.exec(), qPrintable(u.lastError().text()));
            q.finish();
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("spoil"));
        PresetLibrary lib(file);
        LibraryMessage error;
        QVERIFY2(lib.open(&error), qPrintable(error));
        Scenario s;
        QList<LoadError> errors;
        QVERIFY(!lib.loadPlan(name, s, errors));
        const auto found = std::find_if(errors.cbegin(), errors.cend(), [](const LoadError &e) { return e.path == QStringLiteral("training.tp"); });
        QVERIFY(found != errors.cend());
        const LoadError e = *found;
        QVERIFY2(e.line > 0 && e.column > 0, qPrintable(e.toString()));
        const QString english = QStringLiteral("saved plan \"bad plan\":%1:%2: training.tp: ").arg(e.line).arg(e.column);
        QVERIFY2(e.toString().startsWith(english), qPrintable(e.toString()));
        // Chinese: the label translated, the plan's name, line, column and field kept
        const QString position = QStringLiteral(":%1:%2: training.tp: ").arg(e.line).arg(e.column);
        const QString zh = loadErrorText(e);
        const QString zhLabel = zh.left(zh.indexOf(position));
        QVERIFY2(zh.contains(position) && zhLabel.contains(name) && zhLabel.contains(cjk) && !zhLabel.contains(QStringLiteral("saved plan")), qPrintable(zh));
        QVERIFY2(zh.mid(zh.indexOf(position) + position.size()).contains(cjk), qPrintable(zh));
        // the preset manager's plan details show it so
        {
            PresetManagerDialog dialog(&lib);
            QVERIFY(dialog.selectPlan(name));
            QStringList texts;
            for (const QPlainTextEdit *edit : dialog.findChildren<QPlainTextEdit *>())
                texts << edit->toPlainText();
            QVERIFY2(texts.join(QLatin1Char('\n')).contains(zh), qPrintable(texts.join(QLatin1Char('\n'))));
        }
        // English interface: the English position as before
        QCOMPARE(installInterfaceLanguage(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(loadErrorText(e), e.toString());
        QVERIFY2(loadErrorText(e).startsWith(english), qPrintable(loadErrorText(e)));
        QCOMPARE(installInterfaceLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
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
        // the table's cells and row tooltips ("22.4 months" and "better: lower" stayed English)
        const QAbstractItemModel *table = view.tableModel();
        bool months = false;
        for (int r = 0; r < table->rowCount(); ++r) {
            const QString tip = table->headerData(r, Qt::Vertical, Qt::ToolTipRole).toString();
            QVERIFY2(!tip.contains(QStringLiteral("better:")), qPrintable(tip));
            for (int c = 0; c < table->columnCount(); ++c) {
                const QString cell = table->index(r, c).data().toString();
                QVERIFY2(!cell.contains(QStringLiteral("months")), qPrintable(cell));
                months = months || cell.contains(QStringLiteral("个月"));
            }
        }
        QVERIFY(months); // the buy-or-rent row has a figure
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
        // name's digits and words out of the line ("的" before "成本将与之持平" after a long plan name):
        // look for the sentences' own words, not whole sentences.
        text = text.normalized(QString::NormalizationForm_KC).remove(QRegularExpression(QStringLiteral("\\s+")));
        for (const QString &words : {QStringLiteral("个方案中哪一个用"), QStringLiteral("前期现金投入"), QStringLiteral("在可运行的方案中，它每十亿token的成本最低"),
                                     QStringLiteral("成本将与之持平"), QStringLiteral("的成本与"), QStringLiteral("持平（当前为")})
            QVERIFY2(text.contains(words.normalized(QString::NormalizationForm_KC)), qPrintable(words));
        QVERIFY(text.contains(QStringLiteral("推荐：").normalized(QString::NormalizationForm_KC)));
        for (const QString &w : leftovers)
            QVERIFY2(!text.contains(QString(w).remove(QLatin1Char(' '))), qPrintable(w));
        view.grab().save(screenshotDir() + QStringLiteral("/zh_CN-comparison-texts.png"));
    }

    // The per-plan normalisation notes (model/library/compare.cpp: the best layout and its
    // runner-up, resizing, "rented: no capex to match") in Chinese in the comparison table and the
    // PDF; the JSON and CSV keep them in English.
    void comparisonNotesInChinese()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4E00}-\\x{9FFF}]"));
        const QStringList english{QStringLiteral("best layout for"), QStringLiteral("runner-up"), QStringLiteral("resized from"),
                                  QStringLiteral("left as given"), QStringLiteral("budget"), QStringLiteral("worse")};
        ComparisonView view;
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setNormalization(Normalization::EqualBudget); // the rented H100 has no capex to match
        const Comparison &c = view.comparison();
        QVERIFY(c.bestLayout.enabled);
        auto *table = view.findChild<QAbstractItemView *>(QStringLiteral("table"));
        QVERIFY(table && table->model());
        const QAbstractItemModel *model = table->model();
        int notes = 0;
        bool rented = false, resized = false;
        for (qsizetype i = 0; i < c.plans.size(); ++i) {
            const ComparedPlan &p = c.plans[i];
            if (p.note.isEmpty() || i == c.reference)
                continue;
            ++notes;
            rented |= p.note.contains(QStringLiteral("rented: no capex to match; left as given"));
            resized |= p.note.contains(QStringLiteral("resized from"));
            QCOMPARE(p.note, toString(p.noteText)); // the English, for the files
            const QString zh = libraryText(p.noteText);
            QVERIFY2(zh.contains(cjk), qPrintable(zh));
            for (const QString &w : english)
                QVERIFY2(!zh.contains(w), qPrintable(zh));
            // the table's normalisation row shows it
            bool shown = false;
            for (int row = 0; row < model->rowCount() && !shown; ++row)
                shown = model->data(model->index(row, int(i))).toString() == zh;
            QVERIFY2(shown, qPrintable(zh));
        }
        QVERIFY(notes >= 2);
        QVERIFY(rented && resized);
        const QString csv = comparisonToCsv(c);
        QVERIFY(csv.contains(QStringLiteral("best layout for time")) && !csv.contains(cjk));
        const QByteArray json = QJsonDocument(comparisonToJson(c)).toJson();
        QVERIFY(json.contains("rented: no capex to match") && !QString::fromUtf8(json).contains(cjk));
        // the reason a normalisation does not apply at all
        QList<Scenario> plans;
        for (const ComparedPlan &p : c.plans)
            plans << p.scenario;
        plans[0].plan.training.tp = 3;
        const Comparison invalid = comparePlans(plans, Normalization::EqualGpus);
        QVERIFY(invalid.note.startsWith(QStringLiteral("the reference plan")));
        QVERIFY2(libraryText(invalid.noteText).contains(cjk) && !libraryText(invalid.noteText).contains(QStringLiteral("reference plan")), qPrintable(libraryText(invalid.noteText)));
        QVERIFY2(libraryText(invalid.plans[0].errorText).startsWith(QStringLiteral("training.tp: ")) && libraryText(invalid.plans[0].errorText).contains(cjk),
                 qPrintable(libraryText(invalid.plans[0].errorText)));
        // the findings' "not a valid plan" sentence gives that reason in Chinese too (the compare view
        // and the PDF show these findings); the English one keeps the English reason
        bool invalidFinding = false;
        for (const LibraryText &f : comparisonFindingTexts(invalid)) {
            const QString zh = libraryText(f);
            if (!zh.contains(QStringLiteral("training.tp")))
                continue;
            invalidFinding = true;
            QVERIFY2(zh.contains(libraryText(invalid.plans[0].errorText)), qPrintable(zh));
            QVERIFY2(!zh.contains(QRegularExpression(QStringLiteral("\\b(must|divide|divisible|does not)\\b"))), qPrintable(zh));
            QVERIFY2(toString(f).contains(invalid.plans[0].error), qPrintable(toString(f)));
        }
        QVERIFY(invalidFinding);

        const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        if (pdftotext.isEmpty())
            QSKIP("pdftotext (poppler-utils) is not installed");
        const QString pdf = m_dir.filePath(QStringLiteral("notes.pdf"));
        QString error;
        QVERIFY2(writeComparisonReport(c, pdf, ReportOptions(), &error), qPrintable(error));
        QFile::copy(pdf, screenshotDir() + QStringLiteral("/zh_CN-notes.pdf"));
        QProcess p;
        p.start(pdftotext, {pdf, QStringLiteral("-")});
        QVERIFY(p.waitForFinished(30000));
        const QString text = QString::fromUtf8(p.readAllStandardOutput()).normalized(QString::NormalizationForm_KC).remove(QRegularExpression(QStringLiteral("\\s+")));
        for (const QString &w : english)
            QVERIFY2(!text.contains(QString(w).remove(QLatin1Char(' ')), Qt::CaseInsensitive), qPrintable(w));
        // (pdftotext writes 齐 of 对齐 as the radical U+2EEC, which NFKC keeps: not looked for)
        for (const QString &w : {QStringLiteral("按时间的最佳布局"), QStringLiteral("租用：无资本支出"), QStringLiteral("参照")})
            QVERIFY2(text.contains(w.normalized(QString::NormalizationForm_KC)), qPrintable(w));
    }

    // The comparison table's cells wrap whole in Chinese too: each cell's text, laid out as the
    // style paints it (word wrap at the cell's width less the grid line and the text margins),
    // fits the row's height and width, so no line is cut with "..." (the normalisation
    // notes, which break between any two characters), under every normalisation.
    void comparisonCellsWrapInChinese()
    {
        ComparisonView view;
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *table = view.findChild<QTableView *>(QStringLiteral("table"));
        QVERIFY(table && table->model());
        const int grid = table->showGrid() ? 1 : 0;
        const int margin = table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1;
        int notes = 0;
        for (const Normalization n : {Normalization::AsGiven, Normalization::EqualBudget, Normalization::EqualGpus, Normalization::EqualTime}) {
            view.setNormalization(n);
            QTest::qWait(50);
            view.grab().save(QStringLiteral("/tmp/fin14pdf/wrap-%1.png").arg(int(n)));
            const QAbstractItemModel *model = table->model();
            for (int row = 0; row < model->rowCount(); ++row)
                for (int col = 0; col < model->columnCount(); ++col) {
                    const QModelIndex index = model->index(row, col);
                    const QString text = index.data().toString();
                    if (text.isEmpty())
                        continue;
                    QFont font = table->font();
                    if (const QVariant f = index.data(Qt::FontRole); f.isValid())
                        font = f.value<QFont>();
                    QTextLayout layout(QString(text).replace(QLatin1Char('\n'), QChar::LineSeparator), font);
                    QTextOption option;
                    option.setWrapMode(QTextOption::WordWrap);
                    layout.setTextOption(option);
                    const qreal width = table->columnWidth(col) - grid - 2 * margin;
                    qreal height = 0, widest = 0;
                    layout.beginLayout();
                    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
                        line.setLineWidth(width);
                        height += line.height();
                        widest = std::max(widest, line.naturalTextWidth());
                    }
                    layout.endLayout();
                    // a line wider than the cell (a word that does not fit) is cut too
                    QVERIFY2(widest <= width, qPrintable(QStringLiteral("%1, row %2, column %3 (%4 px wide, a line of %5): %6").arg(normalizationText(n)).arg(row).arg(col).arg(width).arg(widest).arg(text)));
                    notes += text.contains(QStringLiteral("布局")) ? 1 : 0;
                    QVERIFY2(height <= table->rowHeight(row) - grid,
                             qPrintable(QStringLiteral("%1, row %2, column %3 (%4 px wide, %5 px high, %6 needed): %7")
                                            .arg(normalizationText(n))
                                            .arg(row)
                                            .arg(col)
                                            .arg(width)
                                            .arg(table->rowHeight(row) - grid)
                                            .arg(height)
                                            .arg(text)));
                }
        }
        QVERIFY(notes > 0); // the notes were among the cells looked at
    }

    // The Chinese PDF is set in the Simplified Chinese face of Noto Sans CJK, charts included: no
    // run falls back to the collection's first face, the Japanese one, whose glyph shapes differ
    // (fontconfig picks it for Han characters when no language is asked for; the test runs under
    // the C locale). pdffonts lists the faces embedded.
    void reportFontsAreSimplifiedChinese()
    {
        const QString pdffonts = QStandardPaths::findExecutable(QStringLiteral("pdffonts"));
        if (pdffonts.isEmpty())
            QSKIP("pdffonts (poppler-utils) is not installed");
        ComparisonView view;
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY_WITH_TIMEOUT(view.sensitivity().valid, 120000);
        const QString pdf = m_dir.filePath(QStringLiteral("fonts.pdf"));
        ReportOptions options;
        options.sensitivity = &view.sensitivity();
        QString error;
        QVERIFY2(writeComparisonReport(view.comparison(), pdf, options, &error), qPrintable(error));
        QProcess p;
        p.start(pdffonts, {pdf});
        QVERIFY(p.waitForFinished(30000));
        const QString fonts = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(fonts.contains(QStringLiteral("NotoSansCJKsc-Regular")) && fonts.contains(QStringLiteral("NotoSansCJKsc-Bold")), qPrintable(fonts));
        for (const QString &other : {QStringLiteral("CJKjp"), QStringLiteral("CJKtc"), QStringLiteral("CJKkr"), QStringLiteral("CJKhk")})
            QVERIFY2(!fonts.contains(other, Qt::CaseInsensitive), qPrintable(fonts));
        QVERIFY(QApplication::font().families().contains(QStringLiteral("Noto Sans CJK SC"))); // the widgets' too
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
        QTRY_VERIFY_WITH_TIMEOUT(view.sensitivity().valid, 120000); // the report's sensitivity pages too
        ReportOptions options;
        options.sensitivity = &view.sensitivity();
        QString error;
        int pages = 0;
        QVERIFY2(writeComparisonReport(view.comparison(), pdf, options, &error, &pages), qPrintable(error));
        QVERIFY(pages > 0);
        QFile::remove(screenshotDir() + QStringLiteral("/zh_CN-report.pdf"));
        QVERIFY(QFile::copy(pdf, screenshotDir() + QStringLiteral("/zh_CN-report.pdf")));
        // The text of the PDF (pdftotext): every Chinese character has its glyph (a character no
        // font holds comes out as U+FFFD or not at all), and the date follows the interface
        // language. NFKC: the CJK fonts share a glyph between an ideograph and its Kangxi radical
        // (比 U+6BD4, ⽐ U+2F50), and the PDF's text map may name either (页 comes out as ⻚ U+2EDA,
        // which NFKC keeps).
        if (const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext")); !pdftotext.isEmpty()) {
            QProcess p;
            p.start(pdftotext, {QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf, QStringLiteral("-")});
            QVERIFY(p.waitForFinished(60000));
            const QString text = QString::fromUtf8(p.readAllStandardOutput()).normalized(QString::NormalizationForm_KC);
            QVERIFY(!text.contains(QChar::ReplacementCharacter));
            for (const QString &words : {QStringLiteral("集群对比"), QStringLiteral("建议"), QStringLiteral("每十亿")})
                QVERIFY2(text.contains(words), qPrintable(words + QLatin1Char('\n') + text.left(400)));
            QVERIFY2(text.contains(QRegularExpression(QStringLiteral("\\d{4}年\\d{1,2}月\\d{1,2}日"))), qPrintable(text.left(400)));
            static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
            QVERIFY(text.count(cjk) > 500);
        }
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

QTEST_MAIN(TestI18nCompareGui)
#include "test_i18n_compare_gui.moc"
