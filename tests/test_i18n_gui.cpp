// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop app in Simplified Chinese: the engine's warnings, validation errors, range and resize
// reasons and launch notes, plan names and provenance shown in Chinese and stored in English,
// numbers in the language's format while files stay English, Edit > Preferences switching the
// language, Help > Commtax Handbook in the interface's language, the editor's accessible names.
// The comparison, the preset library, the report and the screenshots: test_i18n_compare_gui.cpp.
#include "appsettings.h"
#include "calibrate/calibrationdialog.h"
#include "calibrate/trainingcalibrationdialog.h"
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
#include "nccl/calibrationio.h"
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
#include <QJsonArray>
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
#include <QTableWidget>
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

class TestI18nGui : public QObject
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

    // Every engine warning has its Chinese wording in model/text/modeltext.cpp: none falls back to the
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

    // The engine's validation errors (model/engine: English templates, engine/enginetext.h) in
    // Chinese wherever the GUI shows them; the English message (files, CLI) stays as it was.
    // tests/i18n/check_engine_texts.py checks that every template has its translation.
    void validationErrorsInChinese()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        static const QRegularExpression english(QStringLiteral("\\b(does not|must|needs|divide|divisible|got|at least|greater|whole number)\\b"));
        const Plan base = defaultScenario().plan;
        QList<Plan> plans;
        const auto add = [&](const std::function<void(Plan &)> &edit) {
            Plan p = base;
            edit(p);
            plans << p;
        };
        add([](Plan &p) { p.training.tp = 3; });                                                 // heads, ffn, GPU count
        add([](Plan &p) { p.model.layers = 0; });                                                // a whole number out of range
        add([](Plan &p) { p.gpu.intra_efficiency = 2; });                                        // a number out of range
        add([](Plan &p) { p.training.vpp = 2, p.training.pp = 1; });                             // interleaving without pp
        add([](Plan &p) { p.training.ep = 2; });                                                 // experts without a MoE
        add([](Plan &p) { p.training.cp = 3; });                                                 // seq_len by 2*cp
        add([](Plan &p) { p.training.global_batch += 1; });                                      // the batch over micro_batch*dp
        add([](Plan &p) { p.gpu.memory_bw_gbps = 0.5; });                                        // 0 or at least 1
        add([](Plan &p) { p.training.precision = Precision::Fp8, p.gpu.fp8_dense_tflops = 0; }); // no FP8
        add([](Plan &p) { p.training.first_stage_layers = 2, p.training.pp = 1; });              // stage layers without pp
        add([](Plan &p) { p.economics.mode = EconomicsMode::Rent, p.economics.usd_per_gpu_hour = 0, p.gpu.rent_usd_per_hour = 0; });
        add([](Plan &p) { p.model.kv_heads = 3; }); // kv_heads divides heads
        int checked = 0;
        QSet<QString> patterns;
        for (const Plan &p : plans) {
            const std::vector<PlanError> errors = validate(p);
            QVERIFY(!errors.empty());
            for (const PlanError &e : errors) {
                QVERIFY(e.text.pattern[0]);
                QCOMPARE(e.message, toString(e.text)); // the English stays the English
                const QString zh = planErrorText(e);
                QVERIFY2(zh.contains(cjk) && !zh.contains(english), qPrintable(zh));
                QVERIFY(zh.startsWith(QString::fromStdString(e.field) + QStringLiteral(": ")));
                QVERIFY2(!QString::fromStdString(e.message).contains(cjk), e.message.c_str());
                patterns << QLatin1String(e.text.pattern);
                ++checked;
            }
        }
        QVERIFY2(patterns.size() >= 12, qPrintable(QString::number(patterns.size())));

        // The main window: the warnings list and the message under the field.
        AppSettings settings(m_dir.filePath(QStringLiteral("errors.ini")));
        MainWindow window(settings);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const FieldInfo *kv = findField(Section::Model, QStringLiteral("kv_heads"));
        QVERIFY(kv);
        QTRY_VERIFY_WITH_TIMEOUT(window.latestAnalysis() != nullptr, 10000);
        QVERIFY(window.document()->setField(*kv, 3));
        QTRY_VERIFY_WITH_TIMEOUT(window.isResultStale(), 10000);
        auto *error = window.findChild<QLabel *>(QStringLiteral("error_model_kv_heads"));
        QVERIFY(error);
        QTRY_VERIFY(error->isVisible());
        QVERIFY2(error->text().contains(cjk) && !error->text().contains(english), qPrintable(error->text()));
        auto *list = window.findChild<QListWidget *>(QStringLiteral("warningsList"));
        QVERIFY(list && list->count() > 0);
        QVERIFY2(list->item(0)->text().startsWith(QStringLiteral("model.kv_heads: ")) && list->item(0)->text().contains(cjk), qPrintable(list->item(0)->text()));
    }

    // A given uncertainty range that does not fit (uncertainty::checkRangeText(): English
    // templates, context commtax::Files) says why in Chinese in the plan editor; checkRange()'s
    // English (files, --json) stays English.
    void rangeReasonsInChinese()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        static const QRegularExpression english(QStringLiteral("\\b(range|must|contain|above|limits|meaning|takes)\\b"));
        PlanDocument doc;
        const FieldInfo *watts = findField(Section::Gpu, QStringLiteral("watts"));
        const FieldInfo *layers = findField(Section::Model, QStringLiteral("layers"));
        QVERIFY(watts && layers);
        const double w = doc.state().scenario.plan.gpu.watts;
        const QList<std::pair<const FieldInfo *, Scenario::ValueRange>> bad = {
            {watts, {w + 2, w + 1}}, // low above high
            {watts, {w + 1, w + 2}}, // does not hold the value
            {watts, {0, 1e12}},      // outside the field's limits
            {layers, {1, 100}},      // a whole number takes no range
        };
        QSet<QString> reasons;
        for (const auto &[field, range] : bad) {
            QString why;
            QVERIFY(!doc.setRange(*field, range, &why));
            QVERIFY2(why.contains(cjk) && !why.contains(english), qPrintable(why));
            const std::string en = uncertainty::checkRange(field->path().toStdString(), field->get(doc.state().scenario.plan).toDouble(), range.low, range.high);
            QVERIFY2(!en.empty() && !QString::fromStdString(en).contains(cjk), en.c_str());
            reasons << why;
        }
        QCOMPARE(reasons.size(), bad.size());
    }

    // The tags comparePlans() adds to a plan's name (" (best layout)", "(2048 GPUs)")
    // are shown in Chinese (the comparison table's column headers, the PDF), while the name files
    // carry (the comparison's CSV and JSON, as the window exports them) keeps them in English.
    void planNameTagsShownInChineseStoredInEnglish()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        const QString tag = QStringLiteral(" (best layout)");
        const QString zhTag = QCoreApplication::translate("commtax::Library", " (best layout)");
        QVERIFY2(zhTag.contains(cjk), qPrintable(zhTag));
        QCOMPARE(resizedPlanName(QStringLiteral("RTX 4090"), 1024, 2048), QStringLiteral("RTX 4090 (2048 GPUs)"));
        const QString resized = planNameText(PlanName{QStringLiteral("RTX 4090"), 0, 2048});
        QVERIFY2(resized.startsWith(QStringLiteral("RTX 4090")) && resized.contains(QStringLiteral("2048")) && resized.contains(cjk) && !resized.contains(QStringLiteral("GPUs")),
                 qPrintable(resized));
        QCOMPARE(toString(nameText(PlanName{QStringLiteral("RTX 4090"), 0, 2048})),
                 QStringLiteral("RTX 4090 (2048 GPUs)"));
        QCOMPARE(planNameText(PlanName{QStringLiteral("my plan")}), QStringLiteral("my plan"));

        ComparisonView view;
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const Comparison &c = view.comparison();
        QVERIFY(c.bestLayout.enabled);
        int tagged = 0;
        for (qsizetype i = 0; i < c.plans.size(); ++i) {
            const QString stored = c.plans[i].name;
            const QString header = view.tableModel()->headerData(int(i), Qt::Horizontal, Qt::DisplayRole).toString();
            // the name in Chinese words too (the app's: planNameFor(), issue 24)
            const QString shown = planNameText(c.plans[i].label);
            QVERIFY2(header.startsWith(shown), qPrintable(header));
            if (!stored.endsWith(tag))
                continue;
            ++tagged;
            QVERIFY2(shown.endsWith(zhTag) && !header.contains(QStringLiteral("best layout")), qPrintable(header));
        }
        QVERIFY(tagged > 0);
        // the files the window exports: the stored names, in English
        QTRY_VERIFY_WITH_TIMEOUT(view.sensitivity().valid, 120000);
        const QString csv = m_dir.filePath(QStringLiteral("tags.csv")), json = m_dir.filePath(QStringLiteral("tags.json"));
        QCOMPARE(view.exportReport(csv), csv);
        QCOMPARE(view.exportReport(json), json);
        for (const QString &file : {csv, json}) {
            QFile f(file);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(f.readAll());
            QVERIFY2(text.contains(tag) && !text.contains(zhTag), qPrintable(file));
            for (const ComparedPlan &p : c.plans)
                QVERIFY2(text.contains(p.name), qPrintable(p.name));
        }
        // the PDF shows them translated
        const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        if (pdftotext.isEmpty())
            QSKIP("pdftotext (poppler-utils) is not installed");
        const QString pdf = m_dir.filePath(QStringLiteral("tags.pdf"));
        QCOMPARE(view.exportReport(pdf), pdf);
        QProcess p;
        p.start(pdftotext, {pdf, QStringLiteral("-")});
        QVERIFY(p.waitForFinished(30000));
        const QString text = QString::fromUtf8(p.readAllStandardOutput()).normalized(QString::NormalizationForm_KC).remove(QRegularExpression(QStringLiteral("\\s+")));
        QVERIFY2(!text.contains(QStringLiteral("(bestlayout)")), "the PDF names a plan with the English tag");
        QVERIFY2(text.contains(QString(zhTag).remove(QRegularExpression(QStringLiteral("\\s+"))).normalized(QString::NormalizationForm_KC)), qPrintable(zhTag));
    }

    // The provenance the app stores for a value the user typed ("edited by the user", "entered by
    // the user") is shown in the interface language (the preset editor's tooltip, the plan editor's
    // notes, the PDF's sources) and stored in English whatever the language.
    void userProvenanceShownInChineseStoredInEnglish()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        const QString edited = QStringLiteral("edited by the user"), entered = QStringLiteral("entered by the user");
        QCOMPARE(QString::fromUtf8(kEditedByUser), edited);
        QCOMPARE(QString::fromUtf8(kEnteredByUser), entered);
        for (const QString &source : {edited, entered}) {
            const QString zh = provenanceSourceText(source);
            QVERIFY2(zh.contains(cjk) && !zh.contains(QStringLiteral("user")), qPrintable(zh));
        }
        QVERIFY(provenanceSourceText(edited) != provenanceSourceText(entered));
        QCOMPARE(provenanceSourceText(QStringLiteral("NVIDIA H100 datasheet")), QStringLiteral("NVIDIA H100 datasheet"));

        Preset gpu = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"));
        gpu.builtIn = false;
        const FieldInfo *field = nullptr;
        for (const FieldInfo *f : fieldsOf(Section::Gpu))
            if (f->type == FieldType::Double || f->type == FieldType::Int) {
                field = f;
                break;
            }
        QVERIFY(field);
        const QString key = QLatin1String(field->key), other = QLatin1String(fieldsOf(Section::Gpu).back()->key);
        QVERIFY(key != other);
        gpu.provenance.insert(key, Provenance{SourceKind::User, edited});
        gpu.provenance.insert(other, Provenance{SourceKind::User, entered});
        const auto tooltips = [&](const Preset &p) {
            PresetEditor editor(Section::Gpu);
            editor.setPreset(p);
            const QLabel *a = editor.findChild<QLabel *>(key + QStringLiteral("-provenance"));
            const QLabel *b = editor.findChild<QLabel *>(other + QStringLiteral("-provenance"));
            return a && b ? QStringList{a->toolTip(), b->toolTip()} : QStringList();
        };
        const QStringList zh = tooltips(gpu);
        QCOMPARE(zh.size(), 2);
        QCOMPARE(zh[0], provenanceSourceText(edited));
        QCOMPARE(zh[1], provenanceSourceText(entered));
        QVERIFY2(zh[0].contains(cjk) && zh[1].contains(cjk), qPrintable(zh.join(QLatin1Char('|'))));
        // an edit in the Chinese interface stores the English source
        {
            PresetEditor editor(Section::Gpu);
            gpu.provenance.insert(key, Provenance{SourceKind::Datasheet, QStringLiteral("a datasheet")});
            editor.setPreset(gpu);
            QWidget *w = editor.fieldEditor(key);
            if (auto *d = qobject_cast<QDoubleSpinBox *>(w))
                d->setValue(d->value() + 1);
            else if (auto *i = qobject_cast<QSpinBox *>(w))
                i->setValue(i->value() + 1);
            else
                QFAIL("no spin box for the field");
            const Preset stored = editor.preset();
            QVERIFY(stored.provenance.value(key).kind == SourceKind::User);
            QCOMPARE(stored.provenance.value(key).source, edited);
            gpu.provenance.insert(key, Provenance{SourceKind::User, edited});
        }
        // English interface: the English words
        QCOMPARE(installInterfaceLanguage(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(provenanceSourceText(edited), edited);
        QCOMPARE(provenanceSourceText(entered), entered);
        QCOMPARE(tooltips(gpu), (QStringList{edited, entered}));
        QCOMPARE(installInterfaceLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    }

    // Issue 24: the words the library adds to a preset's name (" (edited)", " (copy)") are tags beside
    // the name, shown in the interface language wherever presets are listed, and the name the app gives
    // a plan ("Llama 2 70B on 256 H100 SXM5") is put into words too; files keep the English, a name the
    // user typed is shown as typed.
    void presetAndPlanNamesShownInChineseStoredInEnglish()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        Preset gpu = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"));
        gpu.builtIn = false;
        gpu.id = QStringLiteral("h100-sxm-custom");
        gpu.nameTags = {PresetNameTag::Edited, PresetNameTag::Copy};
        const QString zh = presetNameText(gpu);
        QVERIFY2(zh.startsWith(gpu.name) && zh.mid(gpu.name.size()).contains(cjk)
                     && !zh.contains(QStringLiteral("edited")),
                 qPrintable(zh));
        QCOMPARE(gpu.fullName(), QStringLiteral("NVIDIA H100 SXM5 80GB (edited) (copy)"));
        Preset typed = gpu;
        typed.rename(QStringLiteral("X (copy)"));
        QCOMPARE(presetNameText(typed), QStringLiteral("X (copy)"));
        // the plan editor's preset list, and its name field
        PresetCatalog catalog = PresetCatalog::builtIn();
        catalog.add(gpu);
        PlanDocument doc;
        doc.setCatalog(catalog);
        PlanEditor editor(&doc);
        auto *combo = editor.findChild<QComboBox *>(QStringLiteral("preset_gpu"));
        QVERIFY(combo);
        const int at = combo->findData(gpu.id);
        QVERIFY(at >= 0);
        QVERIFY2(combo->itemText(at).startsWith(zh) && !combo->itemText(at).contains(QStringLiteral("user")),
                 qPrintable(combo->itemText(at)));
        auto *name = editor.findChild<QLineEdit *>(QStringLiteral("scenarioName"));
        QVERIFY(name);
        QCOMPARE(doc.scenario().name, QStringLiteral("Llama 2 70B on 256 H100 SXM5")); // stored, in files
        QVERIFY2(name->text().startsWith(QStringLiteral("Llama 2 70B")) && name->text().contains(cjk)
                     && !name->text().contains(QStringLiteral(" on ")),
                 qPrintable(name->text()));
        // leaving the field as it was keeps the name the app's: it follows the GPU
        Q_EMIT name->editingFinished();
        QVERIFY(doc.applyPartialPreset(gpu));
        QCOMPARE(doc.scenario().name, QStringLiteral("Llama 2 70B on 256 H100 SXM5 (edited) (copy)"));
        QVERIFY2(name->text().endsWith(zh.mid(gpu.name.size())), qPrintable(name->text()));
        // English interface: the English words
        QCOMPARE(installInterfaceLanguage(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(presetNameText(gpu), gpu.fullName());
        QCOMPARE(scenarioNameText(doc.scenario(), catalog), doc.scenario().name);
        QCOMPARE(installInterfaceLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    }

    // Issue 24 step 3: a calibrated preset's "(measured DATE)", a plan's "(copy)" and "rented" tags and
    // the default comparison's names (planNameFor()) are data the UI words; files keep the English.
    void measuredCopiedAndRentedTagsShownInChinese()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        Preset gpu = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"));
        gpu.builtIn = false;
        gpu.id = QStringLiteral("h100-sxm-measured-20261202");
        markMeasured(gpu, QStringLiteral("2026-12-02"));
        const QString zh = presetNameText(gpu);
        QVERIFY2(zh.startsWith(gpu.name) && zh.contains(QStringLiteral("2026-12-02")) && zh.contains(cjk)
                     && !zh.contains(QStringLiteral("measured")),
                 qPrintable(zh));
        QCOMPARE(gpu.fullName(), QStringLiteral("NVIDIA H100 SXM5 80GB (measured 2026-12-02)"));
        // the default comparison: every name in Chinese words, the rented one tagged so
        const QList<Scenario> plans = defaultComparison();
        const Comparison c = comparePlans(plans, Normalization::AsGiven);
        QCOMPARE(c.plans[4].name, QStringLiteral("Llama 2 13B on 256 H100 SXM5 rented"));
        for (const ComparedPlan &p : c.plans) {
            const QString shown = planNameText(p.label);
            QVERIFY2(shown.startsWith(QStringLiteral("Llama 2 13B")) && shown.contains(cjk)
                         && !shown.contains(QStringLiteral(" on ")),
                     qPrintable(shown));
        }
        QVERIFY(!planNameText(c.plans[4].label).contains(QStringLiteral("rented")));
        QCOMPARE(scenarioNameText(plans[4]), planNameText(c.plans[4].label));
        // a copy: the name as it was, the tag in words
        Scenario copy = plans[1];
        copy.nameTags = {PlanNameTag::Copy};
        QVERIFY2(scenarioNameText(copy).endsWith(QStringLiteral("（副本）")), qPrintable(scenarioNameText(copy)));
        QCOMPARE(copy.fullName(), plans[1].name + QStringLiteral(" (copy)"));
        // English: the English words
        QCOMPARE(installInterfaceLanguage(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(presetNameText(gpu), gpu.fullName());
        QCOMPARE(planNameText(c.plans[4].label), c.plans[4].name);
        QCOMPARE(scenarioNameText(copy), copy.fullName());
        QCOMPARE(installInterfaceLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    }

    // A name the user typed is shown as typed in every language, even when it reads like one the
    // tool would give ("Plan 7", "X (64 GPUs)", "Y (best layout)"); only the tags the comparison
    // itself adds are put into the interface's words (the name was parsed back from English text).
    void userNamesShownAsTyped()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        const QStringList typed{QStringLiteral("Plan 7"), QStringLiteral("X (64 GPUs)"),
                                QStringLiteral("Y (best layout)"),
                                QStringLiteral("Z (copy)")};
        QList<Scenario> plans;
        for (const QString &name : typed) {
            Scenario s = defaultScenario();
            s.name = name;
            plans << s;
        }
        Scenario unnamed = defaultScenario();
        unnamed.name.clear();
        unnamed.plan.cluster.nodes /= 2; // resized by equal-GPUs normalisation: the count added
        unnamed.plan.training.dp /= 2;
        plans << unnamed;
        const Comparison shown = shownComparison(comparePlans(plans, Normalization::EqualGpus));
        for (qsizetype i = 0; i < typed.size(); ++i)
            QCOMPARE(shown.plans[i].name, typed[i]);
        const QString tool = shown.plans.back().name; // "Plan 5 (256 GPUs)" in Chinese
        QVERIFY2(tool.contains(cjk) && tool.contains(QStringLiteral("5")) && tool.contains(QStringLiteral("256"))
                     && !tool.contains(QStringLiteral("Plan")) && !tool.contains(QStringLiteral("GPUs")),
                 qPrintable(tool));
        // the window: column headers and the plan A list
        ComparisonView view;
        view.setScenarios(plans.mid(0, typed.size()));
        for (int i = 0; i < int(typed.size()); ++i) {
            const QString header = view.tableModel()->headerData(i, Qt::Horizontal, Qt::DisplayRole).toString();
            QVERIFY2(header.startsWith(typed[i]), qPrintable(header));
        }
        const auto *planA = view.findChild<QComboBox *>(QStringLiteral("reference"));
        QVERIFY(planA);
        for (int i = 0; i < int(typed.size()); ++i)
            QCOMPARE(planA->itemText(i), typed[i]);
    }

    // Duplicate column tags the copy (PlanNameTag::Copy, issue 24): the name stays as it was, the
    // header and the plan A list word the tag in the interface language, files keep "<name> (copy)".
    // An unnamed plan's copy is named after its column in the interface language ("Plan 3").
    void duplicatedPlanNamedInTheInterfaceLanguage()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        const QString zhTag = QCoreApplication::translate("commtax::Library", " (copy)");
        QVERIFY2(zhTag.contains(cjk), qPrintable(zhTag));
        const auto duplicate = [&](const QString &language) {
            ComparisonView view;
            Scenario named = defaultScenario(), unnamed = defaultScenario();
            named.name = QStringLiteral("my plan");
            unnamed.name.clear();
            view.setScenarios({named, unnamed});
            QString error;
            if (!view.duplicateScenario(0, &error) || !view.duplicateScenario(2, &error))
                qWarning("%s: %s", qPrintable(language), qPrintable(error));
            QStringList out;
            for (const Scenario &s : view.scenarios())
                out << s.fullName();
            for (int i = 0; i < int(view.scenarios().size()); ++i)
                out << view.tableModel()->headerData(i, Qt::Horizontal, Qt::DisplayRole).toString();
            return out;
        };
        const QStringList zh = duplicate(QStringLiteral("zh_CN"));
        QCOMPARE(zh.size(), 8);
        QCOMPARE(zh[1], QStringLiteral("my plan (copy)")); // stored: the name and its tag, in English
        QVERIFY2(zh[5].startsWith(QStringLiteral("my plan") + zhTag), qPrintable(zh[5]));
        // the unnamed plan was the third column: "Plan 3" in Chinese, and the tag in Chinese
        const QString unnamedCopy = zh[7];
        const bool worded = unnamedCopy.contains(QStringLiteral("3")) && !unnamedCopy.contains(QStringLiteral("Plan"));
        QVERIFY2(unnamedCopy.contains(zhTag) && worded, qPrintable(unnamedCopy));
        QVERIFY2(zh[3].endsWith(QStringLiteral(" (copy)")), qPrintable(zh[3]));
        QCOMPARE(installInterfaceLanguage(QStringLiteral("en")), QStringLiteral("en"));
        const QStringList en = duplicate(QStringLiteral("en"));
        QCOMPARE(installInterfaceLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        const QStringList enStored{QStringLiteral("my plan"), QStringLiteral("my plan (copy)"), QString(),
                                   QStringLiteral("Plan 3 (copy)")};
        QCOMPARE(en.mid(0, 4), enStored);
        QVERIFY2(en[5].startsWith(QStringLiteral("my plan (copy)")), qPrintable(en[5]));
        QVERIFY2(en[7].startsWith(QStringLiteral("Plan 3 (copy)")), qPrintable(en[7]));
    }

    // Figures on screen follow the interface language's number format (QLocale: the
    // comparison table's cells, also under a locale with a decimal comma, German, set as the
    // default locale), files do not: the CSV and JSON the comparison window exports and the
    // scenario the editor saves are the same bytes in English and in Chinese (the scenario under
    // German too), with no figure written grouped. (English and Chinese both write 1234.5.)
    void numbersFollowTheLanguageFilesDoNot()
    {
        static const QRegularExpression decimal(QStringLiteral("\\d[.,]\\d"));
        // in a file: a figure written as a grouped string or quoted CSV field ("1,234.5", "$1,234");
        // a bare comma separates CSV fields, and the presets' cited sources are prose
        static const QRegularExpression groupedInFile(QStringLiteral("\"[$]?-?\\d{1,3}(?:[,\\x{a0}\\x{202f}]\\d{3})+(?:\\.\\d+)?\""));
        struct Output {
            QStringList cells;
            QList<QByteArray> files;
        };
        QMap<QString, Output> out;
        for (const QString &tag : {QStringLiteral("en"), QStringLiteral("zh_CN"), QStringLiteral("de")}) {
            const QString language = tag == QLatin1String("de") ? QStringLiteral("en") : tag;
            QCOMPARE(installInterfaceLanguage(language), language);
            if (tag == QLatin1String("de"))
                QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
            QCOMPARE(QLocale().decimalPoint(), tag == QLatin1String("de") ? QStringLiteral(",") : QStringLiteral("."));
            ComparisonView view;
            view.resize(1280, 800);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            const QAbstractItemModel *table = view.tableModel();
            for (int r = 0; r < table->rowCount(); ++r)
                for (int c = 0; c < table->columnCount(); ++c)
                    out[tag].cells << table->index(r, c).data().toString();
            QTRY_VERIFY_WITH_TIMEOUT(view.sensitivity().valid, 120000);
            for (const QString &suffix : {QStringLiteral("csv"), QStringLiteral("json")}) {
                const QString file = m_dir.filePath(QStringLiteral("numbers-%1.%2").arg(tag, suffix));
                QCOMPARE(view.exportReport(file), file);
                QFile f(file);
                QVERIFY(f.open(QIODevice::ReadOnly));
                out[tag].files << f.readAll();
            }
            PlanDocument doc;
            const QString scenario = m_dir.filePath(QStringLiteral("numbers-%1-scenario.json").arg(tag));
            QString error;
            QVERIFY2(doc.save(scenario, &error), qPrintable(error));
            QFile f(scenario);
            QVERIFY(f.open(QIODevice::ReadOnly));
            out[tag].files << f.readAll();
        }
        QCOMPARE(installInterfaceLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        // files: one text in every language and locale, '.' decimals, no group separators
        const QList<QByteArray> &enFiles = out[QStringLiteral("en")].files;
        for (qsizetype i = 0; i < enFiles.size(); ++i) {
            const QByteArray &en = enFiles[i];
            QVERIFY2(QString::fromUtf8(en).contains(QRegularExpression(QStringLiteral("\\d\\.\\d"))), en.left(200).constData());
            const QRegularExpressionMatch bad = groupedInFile.match(QString::fromUtf8(en));
            QVERIFY2(!bad.hasMatch(), qPrintable(bad.captured(0)));
            // (German: only the scenario, the last file. The comparison's English sentences, which
            // the CSV and JSON carry as notes, take their figures from the default locale when
            // comparePlans() runs, and the app only ever sets English or Chinese, both '.'.)
            for (const QString &tag : {QStringLiteral("zh_CN"), QStringLiteral("de")}) {
                if (tag == QLatin1String("de") && i + 1 < enFiles.size())
                    continue;
                const QList<QByteArray> lines = out[tag].files[i].split('\n'), enLines = en.split('\n');
                qsizetype first = 0;
                while (first < lines.size() && first < enLines.size() && lines[first] == enLines[first])
                    ++first;
                QVERIFY2(out[tag].files[i] == en, qPrintable(QStringLiteral("file %1 differs under %2 at line %3:\n%4\n%5").arg(i).arg(tag).arg(first + 1).arg(QString::fromUtf8(enLines.value(first).left(300)), QString::fromUtf8(lines.value(first).left(300)))));
            }
        }
        // the screen: the same figures in English and Chinese (both write 1234.5), and with the
        // decimal comma wherever English has a decimal point (no figure formatted outside QLocale;
        // dollars keep their "$4,255" grouping by design, library/comparisonio.h formatUsd())
        const QStringList &en = out[QStringLiteral("en")].cells, &zh = out[QStringLiteral("zh_CN")].cells, &de = out[QStringLiteral("de")].cells;
        QCOMPARE(zh.size(), en.size());
        QCOMPARE(de.size(), en.size());
        const auto figures = [](const QString &cell) {
            QStringList found;
            static const QRegularExpression number(QStringLiteral("\\d+(?:[.,]\\d+)*"));
            for (auto it = number.globalMatch(cell); it.hasNext();)
                found << it.next().captured(0);
            return found;
        };
        int decimals = 0;
        for (qsizetype i = 0; i < en.size(); ++i) {
            QCOMPARE(figures(zh[i]), figures(en[i]));
            if (en[i].contains(decimal)) {
                ++decimals;
                QCOMPARE(de[i], QString(en[i]).replace(QRegularExpression(QStringLiteral("(\\d)\\.(\\d)")), QStringLiteral("\\1,\\2")));
            } else {
                QCOMPARE(de[i], en[i]);
            }
        }
        QVERIFY2(decimals >= 10, qPrintable(en.join(QLatin1Char('|'))));
    }

    // A GPU count a plan cannot take (resizePlan(), model/engine/sweep.cpp) says why in Chinese
    // where the GUI shows it: the compare column editor's GPU count and the cost chart's line
    // (its hover text and its accessible description) for a GPU whose nodes the count does not
    // fill. The sweep's English reason (CLI, JSON, CSV) stays English.
    void resizeReasonsInChinese()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        static const QRegularExpression english(QStringLiteral("\\b(do not|divide|fill|nodes of|must)\\b"));
        Plan plan = defaultScenario().plan; // tp 8, pp 4: 32 GPUs a replica
        PlanError why;
        QVERIFY(!resizePlan(plan, 100, GpuScaling::FixedGlobalBatch, &why));
        QCOMPARE(why.field, std::string("training.dp"));
        QCOMPARE(why.message, std::string("100 GPUs do not divide into tp*cp*pp=32"));
        QString zh = planErrorText(why);
        QVERIFY2(zh.startsWith(QStringLiteral("training.dp: ")) && zh.contains(cjk) && !zh.contains(english), qPrintable(zh));
        QVERIFY(zh.contains(QStringLiteral("100")) && zh.contains(QStringLiteral("32")));
        plan = defaultScenario().plan;
        plan.training.tp = 1, plan.training.pp = 1;
        QVERIFY(!resizePlan(plan, 260, GpuScaling::FixedGlobalBatch, &why));
        QCOMPARE(why.field, std::string("cluster.nodes"));
        zh = planErrorText(why);
        QVERIFY2(zh.contains(cjk) && !zh.contains(english), qPrintable(zh));
        const std::vector<SweepPoint> micro = sweepMicroBatches(defaultScenario().plan, {std::numeric_limits<int>::max()});
        QVERIFY(!micro.front().valid && micro.front().problem.text.pattern[0]);
        QCOMPARE(micro.front().error, micro.front().problem.field + ": " + micro.front().problem.message);
        zh = planErrorText(micro.front().problem);
        QVERIFY2(zh.contains(cjk) && !zh.contains(english), qPrintable(zh));

        // The compare column editor's GPU count.
        Scenario s = defaultScenario();
        QString error;
        QVERIFY(!ColumnEditor::withGpuCount(s, 100, &error));
        QVERIFY2(error.contains(cjk) && !error.contains(english) && error.contains(QStringLiteral("100")), qPrintable(error));

        // The cost chart: a GPU on nodes of 48, which 256 GPUs do not fill.
        AnalysisRequest request;
        request.scenario = defaultScenario();
        request.hardware = hardwareOptions(PresetCatalog::builtIn());
        QVERIFY(request.hardware.size() >= 2);
        request.hardware[1].hardware.cluster.gpus_per_node = 48;
        const Analysis a = analyse(request);
        QVERIFY(a.valid && a.hardware.size() == qsizetype(request.hardware.size()) + 1);
        const HardwareBar &bar = a.hardware[2]; // the plan first, then each option
        QVERIFY(!bar.valid);
        QCOMPARE(bar.error, QStringLiteral("cluster.nodes: 256 GPUs do not fill nodes of 48"));
        CostChart chart;
        chart.resize(700, 400);
        chart.showAnalysis(a);
        const QString line = chart.summaryDetails().split(QStringLiteral("；")).filter(bar.label).value(0);
        QVERIFY2(line.contains(QStringLiteral("cluster.nodes: ")) && line.contains(QStringLiteral("256")), qPrintable(chart.summaryDetails()));
        const QString reason = line.mid(line.indexOf(QStringLiteral("cluster.nodes: ")));
        QVERIFY2(reason.contains(cjk) && !reason.contains(english), qPrintable(line));
    }

    // File > Export launch config: the notes in Chinese in the dialog; the exported text keeps
    // its English comments (it is a file for the framework), the same as `commtax launch` writes.
    void launchNotesInChinese()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        Scenario s;
        QList<LoadError> loadErrors;
        QVERIFY(loadScenarioFile(QStringLiteral(COMMTAX_FIXTURES_DIR "/launch/moe-cp.json"), PresetCatalog::builtIn(), s, loadErrors));
        int notes = 0;
        for (const launch::Framework f : launch::kFrameworks) {
            const launch::Export e = launch::exportLaunch(s.plan, s.name.toStdString(), f);
            QCOMPARE(e.noteTexts.size(), e.notes.size());
            for (size_t i = 0; i < e.notes.size(); ++i) {
                QCOMPARE(toString(e.noteTexts[i]), e.notes[i]);
                const QString zh = engineText("commtax::Launch", e.noteTexts[i]);
                QVERIFY2(zh.contains(cjk) && zh != QString::fromStdString(e.notes[i]), qPrintable(zh));
                if (f != launch::Framework::DeepSpeed) // JSON: no comments
                    QVERIFY(QString::fromStdString(e.text).contains(QStringLiteral("NOTE: ") + QString::fromStdString(e.notes[i])));
                ++notes;
            }
        }
        QVERIFY(notes >= 4);

        AppSettings settings(m_dir.filePath(QStringLiteral("launch.ini")));
        MainWindow window(settings);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(QStringLiteral(COMMTAX_FIXTURES_DIR "/launch/moe-cp.json")));
        window.findChild<QAction *>(QStringLiteral("exportLaunchAction"))->trigger();
        auto *dialog = window.findChild<LaunchExportDialog *>(QStringLiteral("launchExportDialog"));
        QVERIFY(dialog && dialog->isVisible());
        auto *box = dialog->findChild<QComboBox *>(QStringLiteral("launchFramework"));
        QVERIFY(box);
        box->setCurrentIndex(3); // DeepSpeed: a PipelineModule for pp=2, no ring context parallelism
        QCOMPARE(dialog->framework(), launch::Framework::DeepSpeed);
        const launch::Export e = launch::exportLaunch(window.document()->scenario().plan, window.document()->scenario().name.toStdString(), launch::Framework::DeepSpeed,
                                                      launchProvenance(window.document()->scenario(), window.document()->catalog()));
        QVERIFY(!e.notes.empty());
        const QString shown = dialog->findChild<QLabel *>(QStringLiteral("launchNotes"))->text();
        for (const std::string &n : e.notes)
            QVERIFY2(!shown.contains(QString::fromStdString(n)), n.c_str()); // not the English note
        QVERIFY2(shown.contains(QStringLiteral("PipelineModule")) && shown.count(cjk) > 20, qPrintable(shown));
        QCOMPARE(dialog->text(), QString::fromStdString(e.text)); // the file as the CLI writes it
        QApplication::processEvents();
        dialog->grab().save(screenshotDir() + QStringLiteral("/zh_CN-launch-export.png"));
        dialog->close();
    }

    // Calibrate from nccl-tests log: the reader's and the calibration's sentences (model/nccl,
    // English templates) in Chinese in the dialog, down to the arguments that are sentences of
    // their own ("inferred from the columns (%1)"); `commtax calibrate --json` keeps them English.
    void calibrationInChinese()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        static const QRegularExpression englishWords(QStringLiteral("\\b(the|is|from|not|and|of|no)\\b"));
        CalibrationDialog d;
        d.resize(1280, 800);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        // A fragment: no device list, no test name, no footer.
        QVERIFY(d.openLogFile(QStringLiteral(COMMTAX_FIXTURES_DIR "/nccl/llminsights_dgxh100_4gpu_fragment.txt")));
        const nccl::Calibration *c = d.calibration();
        QVERIFY(c);
        QVERIFY(c->warnings.size() >= 3);
        auto *warnings = d.findChild<QListWidget *>(QStringLiteral("warningsList"));
        QCOMPARE(warnings->count(), int(c->warnings.size()));
        for (int i = 0; i < warnings->count(); ++i) {
            const QString shown = warnings->item(i)->text();
            QVERIFY2(shown.contains(cjk) && !shown.contains(englishWords), qPrintable(shown));
        }
        const QString known = calibrationText(c->collective_source);
        QVERIFY2(known.contains(cjk) && !known.contains(englishWords), qPrintable(known));
        QVERIFY(d.findChild<QLabel *>(QStringLiteral("summaryLabel"))->text().contains(known));
        const QString status = d.findChild<QLabel *>(QStringLiteral("statusLabel"))->text();
        QVERIFY2(status.contains(cjk) && !status.contains(englishWords), qPrintable(status));
        QApplication::processEvents();
        d.grab().save(screenshotDir() + QStringLiteral("/zh_CN-calibration-fragment.png"));
        // The JSON is a file: English.
        const QJsonObject json = calibrationToJson(*c, nccl::ResultTable(), nullptr);
        const QJsonArray written = json.value(QStringLiteral("warnings")).toArray();
        QCOMPARE(written.size(), qsizetype(c->warnings.size()));
        for (qsizetype i = 0; i < written.size(); ++i)
            QCOMPARE(written.at(i).toString(), QString::fromStdString(toString(c->warnings[size_t(i)])));
        QVERIFY(!QString::fromUtf8(QJsonDocument(json).toJson()).contains(cjk));

        // A log the reader refuses: its reason, placed, in Chinese.
        QVERIFY(!d.openLogFile(QStringLiteral(COMMTAX_FIXTURES_DIR "/launch/moe-cp.json")));
        const QString refused = d.errorText();
        QVERIFY2(refused.contains(cjk) && refused.contains(QStringLiteral("moe-cp.json:1")), qPrintable(refused));
        QVERIFY2(!d.errorText().contains(QStringLiteral("this is JSON")), qPrintable(d.errorText()));
    }

    // Tools > Calibrate from training logs in Chinese: why a log cannot be read or has no plan, and the
    // plan cell's account of the values the log does not print (model/traininglog's sentences).
    void trainingCalibrationInChinese()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        static const QRegularExpression englishWords(QStringLiteral("\\b(the|is|from|not|and|of|no)\\b"));
        TrainingCalibrationDialog d;
        d.resize(1280, 800);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        const QString logs = QStringLiteral(COMMTAX_FIXTURES_DIR "/training-logs/");
        d.addLogs({logs + QStringLiteral("torchtitan_llama3-8b_fsdp8_h100-96gb.log"),
                   logs + QStringLiteral("torchtitan_llama3-8b_pr1287_h100-96gb.log"),
                   QStringLiteral(COMMTAX_FIXTURES_DIR "/nccl/llminsights_dgxh100_4gpu_fragment.txt"),
                   QDir::temp().filePath(QStringLiteral("commtax-no-such-training.log"))});
        auto *table = d.findChild<QTableWidget *>(QStringLiteral("logsTable"));
        QVERIFY(table);
        QCOMPARE(table->rowCount(), 4);
        const int plan = 2;
        // A log without the model's sizes: what it does not say, in Chinese; the field paths stay.
        const QString missing = table->item(1, plan)->text();
        QVERIFY2(missing.contains(cjk) && missing.contains(QStringLiteral("model.layers"))
                     && !missing.contains(englishWords),
                 qPrintable(missing));
        // Not a training log, and no file: the reader's and the file's reasons, placed, in Chinese.
        for (int row : {2, 3}) {
            const QString why = table->item(row, plan)->text();
            QVERIFY2(why.contains(cjk) && !why.contains(QStringLiteral("no iteration times"))
                         && !why.contains(QStringLiteral("cannot open")),
                     qPrintable(why));
        }
        // Placed by the file's name in the cell, by its path in the tooltip.
        QVERIFY(table->item(2, plan)->text().startsWith(QStringLiteral("llminsights_dgxh100_4gpu_fragment.txt:1:1")));
        QVERIFY(table->item(2, plan)->toolTip().startsWith(QStringLiteral(COMMTAX_FIXTURES_DIR "/nccl/")));
        QVERIFY(table->item(2, 1)->text().contains(cjk)); // the framework: not recognised
        // The plan cell's tooltip: the plan, then how each unprinted value was taken, every line in
        // Chinese (a log's own words, quoted, may stay English).
        const QStringList tip = table->item(0, plan)->toolTip().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(tip.size() >= 4, qPrintable(tip.join(QLatin1Char('\n'))));
        for (const QString &line : tip.mid(1))
            QVERIFY2(line.contains(cjk), qPrintable(line));
        const QString tipText = tip.join(QLatin1Char(' '));
        QVERIFY2(tipText.contains(QStringLiteral("recompute = ops")), qPrintable(tipText));
        QApplication::processEvents();
        d.grab().save(screenshotDir() + QStringLiteral("/zh_CN-training-calibration.png"));
    }

    // Terminal tables (the CLI's sweep, search and compare output): a Chinese character takes two
    // columns, a combining mark none, so that cells with Chinese line up with ASCII ones.
    void terminalTablesLineUp()
    {
        QCOMPARE(displayWidth(QStringLiteral("abc")), 3);
        QCOMPARE(displayWidth(QStringLiteral("通信税")), 6);
        QCOMPARE(displayWidth(QStringLiteral("（GPU）")), 7);         // fullwidth parentheses
        QCOMPARE(displayWidth(QStringLiteral("e\u0301")), 1);         // e + combining acute
        QCOMPARE(displayWidth(QString::fromUcs4(U"\U00020000x")), 3); // a CJK Extension B ideograph (surrogate pair)
        QCOMPARE(displayWidth(QStringLiteral("한국")), 4);
        QCOMPARE(padToDisplayWidth(QStringLiteral("气泡"), -6), QStringLiteral("气泡  "));
        QCOMPARE(padToDisplayWidth(QStringLiteral("气泡"), 6), QStringLiteral("  气泡"));
        QCOMPARE(padToDisplayWidth(QStringLiteral("流水线气泡"), 4), QStringLiteral("流水线气泡")); // never cut
        const QList<int> widths{-14, 10, -18};
        const QList<QStringList> rows{{QStringLiteral("gpu"), QStringLiteral("step_s"), QStringLiteral("note")},
                                      {QStringLiteral("H100 SXM"), QStringLiteral("1.234"), QStringLiteral("as given")},
                                      {QStringLiteral("昇腾 910B"), QStringLiteral("2.5"), QStringLiteral("按原样")},
                                      {QStringLiteral("Café"), QStringLiteral("通信税"), QStringLiteral("张量并行 tp=8")}};
        QList<int> lineWidths;
        for (const QStringList &row : rows) {
            QStringList cells;
            for (qsizetype i = 0; i < row.size(); ++i)
                cells << padToDisplayWidth(row[i], widths[i]);
            const QString line = cells.join(QLatin1Char(' '));
            lineWidths << displayWidth(line);
            // every cell exactly its column's width: each column starts at the same terminal column
            for (qsizetype i = 0; i < row.size(); ++i)
                QCOMPARE(displayWidth(cells[i]), std::abs(widths[i]));
        }
        QCOMPARE(lineWidths, QList<int>(rows.size(), 14 + 1 + 10 + 1 + 18));
        // size() counts a Chinese character as one: padding by it would misalign the row
        QVERIFY(QStringLiteral("昇腾 910B").leftJustified(14).size() == 14 && displayWidth(QStringLiteral("昇腾 910B").leftJustified(14)) == 16);
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

    // Accessibility: every input of the plan editor (each field's spin box, check box or
    // list and its slider, the plan's name, the groups' preset lists, "dp follows") has an
    // accessible name and description, as a screen reader reads them, in English and in Chinese.
    void editorFieldsAreNamedForScreenReaders()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            QCOMPARE(installInterfaceLanguage(language), language);
            PlanDocument doc;
            PlanEditor editor(&doc);
            editor.resize(500, 900);
            editor.show();
            QVERIFY(QTest::qWaitForWindowExposed(&editor));
            int inputs = 0, fields = 0;
            for (QWidget *w : editor.findChildren<QWidget *>()) {
                const bool input = qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QComboBox *>(w) || qobject_cast<QAbstractButton *>(w)
                    || qobject_cast<QAbstractSlider *>(w) || qobject_cast<QLineEdit *>(w);
                // a spin box's or list's own line edit is part of it, not an input of its own
                if (!input || qobject_cast<QAbstractSpinBox *>(w->parentWidget()) || qobject_cast<QComboBox *>(w->parentWidget())
                    || qobject_cast<QAbstractScrollArea *>(w->parentWidget()) /* the scroll area's bars */)
                    continue;
                if (qobject_cast<QScrollBar *>(w))
                    continue;
                ++inputs;
                fields += w->objectName().startsWith(QStringLiteral("field_")) ? 1 : 0;
                // (on Linux a combo box's interface names it by its current item and leaves the
                // label to the relations: the widget's own name is what the screen reader gets)
                QAccessibleInterface *a = QAccessible::queryAccessibleInterface(w);
                QVERIFY(a);
                const QString name = w->accessibleName().isEmpty() ? a->text(QAccessible::Name) : w->accessibleName();
                const QString description = a->text(QAccessible::Description);
                const QString what = language + QLatin1Char(' ') + QLatin1String(w->metaObject()->className()) + QLatin1Char(' ') + w->objectName();
                QVERIFY2(!name.trimmed().isEmpty(), qPrintable(what + QStringLiteral(": no accessible name")));
                QVERIFY2(!description.trimmed().isEmpty(), qPrintable(what + QStringLiteral(": no accessible description (") + name + QLatin1Char(')')));
                if (language == QLatin1String("zh_CN"))
                    QVERIFY2(name.contains(cjk) || w->objectName().startsWith(QStringLiteral("field_")) || w->objectName().startsWith(QStringLiteral("slider_")),
                             qPrintable(what + QStringLiteral(": ") + name));
            }
            QVERIFY(fields >= int(planFields().size()));
            QVERIFY(inputs > fields);
            if (language == QLatin1String("zh_CN")) {
                auto *tp = editor.findChild<QWidget *>(PlanEditor::objectNameFor(QStringLiteral("field"), QStringLiteral("training.tp")));
                QVERIFY(tp && tp->accessibleDescription().contains(cjk));
            }
        }
        QCOMPARE(installInterfaceLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    }
};

QTEST_MAIN(TestI18nGui)
#include "test_i18n_gui.moc"
