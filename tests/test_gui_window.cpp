// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's files, actions and handbook driven as a user would: save and reopen, open
// errors, the prompt before losing changes, restored layout, the integration points, the about
// box, keyboard access to every action, F1, and the main window's screenshot (<build>/screenshots/).
// The plan editor: test_gui.cpp; the charts and the ranges: test_gui_charts.cpp.
#include "mainwindowtestsupport.h"
#include "text/modeltext.h"
#include "text/translations.h"

using namespace commtax;
using namespace commtax::test;

class TestGuiWindow : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    std::unique_ptr<Fixture> make() { return makeFixture(m_dir); }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The window title shows the plan's name as the editor does: a name the tool made in the user's
    // words and its tags ("(copy)"), not the stored English name without them.
    void titleShowsTheNameWithItsTags()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        Scenario s = f->window.scenario();
        s.name = planNameFor(s.plan);
        s.nameTags = {PlanNameTag::Copy};
        f->window.document()->load(s, QString());
        QTRY_VERIFY(f->settled());
        const QString shown = scenarioNameText(s);
        QVERIFY2(shown.endsWith(QStringLiteral(" (copy)")), qPrintable(shown));
        QVERIFY2(f->window.windowTitle().startsWith(shown + QStringLiteral(" - ")), qPrintable(f->window.windowTitle()));
    }

    void saveAndReopenGiveTheSamePlan()
    {
        auto f = make();
        QVERIFY(f->activate());
        QTRY_VERIFY(f->settled());
        auto *name = f->find<QLineEdit>(QStringLiteral("scenarioName"));
        name->setFocus();
        QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(name, QStringLiteral("Llama-2-70B on 512 A100"));
        QTest::keyClick(name, Qt::Key_Return);
        QVERIFY(chooseWithKeyboard(f->find<QComboBox>(QStringLiteral("preset_gpu")), QStringLiteral("a100-sxm-80gb")));
        typeInto(f->find<QSpinBox>(QStringLiteral("field_cluster_nodes")), QStringLiteral("64"));
        typeInto(f->find<QDoubleSpinBox>(QStringLiteral("field_gpu_price_usd")), QStringLiteral("15000"));
        QVERIFY(chooseWithKeyboard(f->find<QComboBox>(QStringLiteral("preset_economics")), QStringLiteral("rent")));
        const Scenario edited = f->window.scenario();
        QCOMPARE(edited.name, QStringLiteral("Llama-2-70B on 512 A100"));
        QCOMPARE(edited.plan.gpu.price_usd, 15000.0);
        QVERIFY(f->window.isWindowModified());

        const QString file = m_dir.filePath(QStringLiteral("saved.json"));
        f->window.setFileDialog([file](bool save) { return save ? file : QString(); });
        QTest::keyClick(&f->window, Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier); // Save As
        QVERIFY(QFileInfo::exists(file));
        QVERIFY(!f->window.isWindowModified());
        QVERIFY(f->window.windowTitle().contains(QStringLiteral("saved.json")));
        QCOMPARE(f->settings.recentFiles().value(0), QFileInfo(file).absoluteFilePath());
        auto *recent = f->find<QMenu>(QStringLiteral("recentMenu"));
        Q_EMIT recent->aboutToShow(); // the menu is rebuilt from the settings when it opens
        QVERIFY(!recent->actions().isEmpty());
        QCOMPARE(recent->actions().first()->text(), QStringLiteral("&1 saved.json"));

        auto g = make();
        QVERIFY(g->window.openFile(file));
        QCOMPARE(g->window.scenario(), edited);
        QCOMPARE(g->find<QSpinBox>(QStringLiteral("field_cluster_nodes"))->value(), 64);
        QCOMPARE(g->find<QDoubleSpinBox>(QStringLiteral("field_gpu_price_usd"))->value(), 15000.0);
        QCOMPARE(g->find<QComboBox>(QStringLiteral("preset_economics"))->currentData().toString(), QStringLiteral("rent"));
        QVERIFY(!g->window.document()->isModified());
        QTRY_VERIFY(g->settled());
        checkFollows(*g, edited.plan);
    }

    void openErrorsNameFileLineAndPath()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
        QFile out(bad);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("{\n  \"format\": \"commtax-scenario\",\n  \"version\": 1,\n  \"model\": {\"preset\": \"llama2-70b\"},\n"
                  "  \"gpu\": {\"preset\": \"h100-sxm\"},\n  \"cluster\": {\"preset\": \"dgx-h100\", \"nodes\": 32},\n"
                  "  \"training\": {\"tp\": 3, \"pp\": 4, \"dp\": 8}\n}\n");
        out.close();
        QVERIFY(!f->window.openFile(bad));
        auto *box = f->find<QMessageBox>(QStringLiteral("openErrors"));
        QVERIFY(box);
        QVERIFY2(box->informativeText().contains(bad + QStringLiteral(":7:")), qPrintable(box->informativeText()));
        QVERIFY(box->informativeText().contains(QStringLiteral("training.tp: tp=3 does not divide heads=64")));
        QCOMPARE(f->window.scenario(), defaultScenario()); // nothing lost
        box->close();

        const QString broken = m_dir.filePath(QStringLiteral("broken.json"));
        QFile b(broken);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write("{\n  \"format\": \"commtax-scenario\",\n  \"version\": 1,\n  \"model\": {\"preset\": \"llama2-70b\"\n");
        b.close();
        QVERIFY(!f->window.openFile(broken));
        QVERIFY2(f->find<QMessageBox>(QStringLiteral("openErrors"))->informativeText().contains(broken + QStringLiteral(":5:")),
                 qPrintable(f->find<QMessageBox>(QStringLiteral("openErrors"))->informativeText()));
        QVERIFY(!f->window.openFile(m_dir.filePath(QStringLiteral("missing.json"))));
        QCOMPARE(f->window.scenario(), defaultScenario());
    }

    void promptBeforeLosingChanges()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        QVERIFY(f->window.maybeSave()); // unmodified: no question
        QCOMPARE(f->prompts, 0);
        typeInto(f->find<QSpinBox>(QStringLiteral("field_cluster_nodes")), QStringLiteral("16"));
        f->promptAnswer = QMessageBox::Cancel;
        QAction *newAction = nullptr;
        for (QAction *a : f->window.fileMenu()->actions())
            if (a->shortcut() == QKeySequence(QKeySequence::New))
                newAction = a;
        QVERIFY(newAction);
        newAction->trigger();
        QCOMPARE(f->prompts, 1);
        QCOMPARE(f->window.scenario().plan.cluster.nodes, 16); // kept
        QVERIFY(!f->window.close());                           // Cancel keeps the window open too
        QCOMPARE(f->prompts, 2);
        f->promptAnswer = QMessageBox::Discard;
        newAction->trigger();
        QCOMPARE(f->prompts, 3);
        QCOMPARE(f->window.scenario(), defaultScenario());
        QVERIFY(!f->window.document()->isModified());
    }

    void layoutAndLastFileAreRestored()
    {
        const QString ini = m_dir.filePath(QStringLiteral("restore.ini"));
        const QString file = m_dir.filePath(QStringLiteral("restore.json"));
        QString error;
        Scenario s = defaultScenario();
        s.plan.cluster.nodes = 8;
        s.plan.training.dp = 2;
        s.name = QStringLiteral("Restored");
        QVERIFY2(saveScenarioFile(file, s, PresetCatalog::builtIn(), &error), qPrintable(error));
        {
            Fixture f(ini);
            QVERIFY(f.window.openFile(file));
            f.window.resize(1280, 860);
            f.window.findChild<QDockWidget *>(QStringLiteral("planDock"))->hide();
            QVERIFY(f.window.close());
        }
        Fixture again(ini, /*defaultSize*/ false);
        QCOMPARE(again.window.size(), QSize(1280, 860));
        QVERIFY(again.window.findChild<QDockWidget *>(QStringLiteral("planDock"))->isHidden());
        QTRY_COMPARE(again.window.document()->fileName(), file); // once the event loop runs (after the library)
        QCOMPARE(again.window.scenario(), s);
    }

    void integrationPointsForToolsExportAndPresets()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        QMenu *tools = f->find<QMenu>(QStringLiteral("toolsMenu"));
        QVERIFY(!tools->menuAction()->isVisible()); // hidden while empty
        QCOMPARE(f->window.toolsMenu(), tools);
        QVERIFY(tools->menuAction()->isVisible());

        auto *report = new QAction(QStringLiteral("Export report..."));
        f->window.addExportAction(report);
        const QList<QAction *> file = f->window.fileMenu()->actions();
        const qsizetype at = file.indexOf(report);
        QVERIFY(at > 0);
        QVERIFY(file.last()->shortcuts().contains(QKeySequence(QStringLiteral("Ctrl+Q")))); // Quit stays last
        QVERIFY(at < file.size() - 1);

        // a user preset joins the combo box and the comparison charts
        PresetCatalog catalog = PresetCatalog::builtIn();
        Preset mine = *catalog.find(Section::Gpu, QStringLiteral("h100-sxm"));
        mine.id = QStringLiteral("h100-discounted");
        mine.name = QStringLiteral("H100 at our price");
        mine.builtIn = false;
        mine.values.insert(QStringLiteral("price_usd"), 20000);
        catalog.add(mine);
        const qsizetype bars = f->last.hardware.size();
        f->window.setPresetCatalog(catalog);
        auto *combo = f->find<QComboBox>(QStringLiteral("preset_gpu"));
        QVERIFY(combo->findData(QStringLiteral("h100-discounted")) >= 0);
        QTRY_VERIFY(f->last.hardware.size() == bars + 1);
        QVERIFY(chooseWithKeyboard(combo, QStringLiteral("h100-discounted")));
        QCOMPARE(f->window.scenario().plan.gpu.price_usd, 20000.0);
        QTRY_VERIFY(f->settled());
        QCOMPARE(f->window.latestAnalysis()->scenario.gpuPreset, QStringLiteral("h100-discounted"));
    }

    void aboutBoxNamesVersionsAndSources()
    {
        auto f = make();
        auto *about = f->window.findChild<QAction *>(QStringLiteral("aboutAction"));
        QVERIFY(about);
        about->trigger();
        auto *box = f->find<QMessageBox>(QStringLiteral("aboutBox"));
        QVERIFY(box);
        QVERIFY(box->text().contains(QStringLiteral(COMMTAX_VERSION)));
        QVERIFY(box->text().contains(QString::fromLatin1(qVersion())));
        QVERIFY(box->text().contains(QStringLiteral("QCustomPlot 2.")));
        QVERIFY(box->text().contains(QStringLiteral("Korthikanti")));
        QVERIFY(box->text().contains(QStringLiteral("nccl-tests")));
        QVERIFY(box->informativeText().contains(QStringLiteral("GPL-3.0-or-later")));
        box->close();
    }

    // Accessibility: every menu and every action in it is reachable by the keyboard: a
    // mnemonic unique in its menu (menu titles unique in the menu bar), and every toolbar action
    // is in a menu; the tools the app adds (AppFeatures) included.
    void everyActionHasKeyboardAccess()
    {
        auto f = make();
        new AppFeatures(&f->window, m_dir.filePath(QStringLiteral("keyboard.sqlite")));
        const auto mnemonic = [](const QString &text) {
            const qsizetype i = QString(text).replace(QStringLiteral("&&"), QStringLiteral("__")).indexOf(QLatin1Char('&'));
            return i >= 0 && i + 1 < text.size() ? text.at(i + 1).toLower() : QChar();
        };
        QSet<QChar> titles;
        QSet<QAction *> inMenus;
        int checked = 0;
        for (QAction *menuAction : f->window.menuBar()->actions()) {
            QMenu *menu = menuAction->menu();
            if (!menu || !menuAction->isVisible())
                continue;
            const QChar m = mnemonic(menuAction->text());
            QVERIFY2(!m.isNull() && !titles.contains(m), qPrintable(menuAction->text()));
            titles.insert(m);
            QSet<QChar> keys;
            QList<QMenu *> menus{menu};
            if (QMenu *recent = f->find<QMenu>(QStringLiteral("recentMenu")))
                if (menu == f->find<QMenu>(QStringLiteral("fileMenu")))
                    Q_EMIT recent->aboutToShow();
            for (QAction *a : menu->actions()) {
                if (a->isSeparator() || !a->isVisible())
                    continue;
                inMenus.insert(a);
                const QChar k = mnemonic(a->text());
                QVERIFY2(!k.isNull(), qPrintable(menuAction->text() + QStringLiteral(" > ") + a->text()));
                QVERIFY2(!keys.contains(k), qPrintable(menuAction->text() + QStringLiteral(" > ") + a->text() + QStringLiteral(": mnemonic used twice")));
                keys.insert(k);
                ++checked;
            }
        }
        QVERIFY(checked >= 18);
        for (QAction *a : f->find<QToolBar>(QStringLiteral("mainToolBar"))->actions())
            QVERIFY2(a->isSeparator() || inMenus.contains(a), qPrintable(a->text()));
        // a chart's export menu opens from the keyboard (the menu key on the focused chart), each
        // entry with its mnemonic
        QVERIFY(f->activate());
        auto *chart = f->find<ChartView>(QStringLiteral("chart_cost"));
        chart->setFocus(Qt::TabFocusReason);
        QStringList entries;
        QTimer::singleShot(0, chart, [&entries] {
            if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) {
                for (QAction *a : menu->actions())
                    entries << a->text();
                menu->close();
            }
        });
        QContextMenuEvent fromKeyboard(QContextMenuEvent::Keyboard, QPoint(10, 10), chart->mapToGlobal(QPoint(10, 10)));
        QApplication::sendEvent(chart, &fromKeyboard);
        QCOMPARE(entries.size(), 2);
        for (const QString &e : std::as_const(entries))
            QVERIFY2(!mnemonic(e).isNull(), qPrintable(e));
    }

    // Help: F1 on a focused field or chart opens the handbook at its entry.
    void f1OpensTheHandbookAtTheFocusedEntry()
    {
        auto f = make();
        QVERIFY(f->activate());
        QTRY_VERIFY(f->settled());
        const struct {
            const char *widget;
            const char *anchor;
        } cases[] = {{"field_cluster_nodes", "field-cluster.nodes"},
                     {"field_training_tp", "field-training.tp"},
                     {"field_economics_usd_per_kwh", "field-economics.usd_per_kwh"},
                     {"chart_comm_tax", "chart-comm-tax"},
                     {"chart_memory", "chart-memory"}};
        for (const auto &c : cases) {
            auto *w = f->find<QWidget>(QLatin1String(c.widget));
            QVERIFY2(w, c.widget);
            QTest::mouseClick(w, Qt::LeftButton, {}, QPoint(w->width() / 2, w->height() / 2));
            QTRY_VERIFY2(w->hasFocus() || w->isAncestorOf(QApplication::focusWidget()), c.widget);
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_F1);
            auto *dialog = f->window.findChild<HandbookDialog *>(QStringLiteral("handbookDialog"));
            QVERIFY2(dialog && dialog->isVisible(), c.widget);
            QTextBrowser *browser = dialog->browser();
            QCOMPARE(browser->source().fragment(), QLatin1String(c.anchor));
            // the anchor is in the page and scrolled into view
            QTextCursor at;
            for (QTextBlock b = browser->document()->begin(); b.isValid() && at.isNull(); b = b.next())
                for (auto it = b.begin(); !it.atEnd(); ++it)
                    if (it.fragment().charFormat().anchorNames().contains(QLatin1String(c.anchor))) {
                        at = QTextCursor(browser->document());
                        at.setPosition(it.fragment().position());
                        break;
                    }
            QVERIFY2(!at.isNull(), c.anchor);
            const QRect shown = browser->cursorRect(at);
            QVERIFY2(shown.top() >= 0 && shown.bottom() <= browser->viewport()->height(),
                     qPrintable(QStringLiteral("%1 at y %2").arg(QLatin1String(c.anchor)).arg(shown.top())));
            QVERIFY(!browser->toPlainText().isEmpty());
            f->window.activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(&f->window));
        }
        // the field's entry says what its tooltip says: its label and help text
        auto *dialog = f->window.findChild<HandbookDialog *>(QStringLiteral("handbookDialog"));
        QVERIFY(dialog->browser()->toPlainText().contains(f->find<QWidget>(QStringLiteral("field_cluster_nodes"))->accessibleDescription()));
        // with nothing focused that has an entry, F1 opens the handbook at its top
        QCOMPARE(handbookEntryOf(f->find<QWidget>(QStringLiteral("staleBanner"))), QString());
        QVERIFY(!f->find<QWidget>(QStringLiteral("field_cluster_nodes"))->whatsThis().isEmpty());
        QVERIFY(!f->find<QWidget>(QStringLiteral("chart_cost"))->whatsThis().isEmpty());
        auto *whatsThis = f->window.findChild<QAction *>(QStringLiteral("whatsThisAction"));
        QVERIFY(whatsThis && whatsThis->shortcut() == QKeySequence(Qt::SHIFT | Qt::Key_F1));
    }

    void screenshotOfTheMainWindow()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        const QImage shot = f->window.grab().toImage();
        QVERIFY(shot.save(screenshotDir() + QStringLiteral("/mainwindow.png")));
        QCOMPARE(f->window.size(), QSize(1600, 1000)); // nothing forces the window wider
        // no chart is blank: each has data and ink on most of its rows
        for (ChartView *c : f->window.charts()) {
            bool hasData = false;
            for (int i = 0; i < c->plottableCount(); ++i)
                hasData = hasData || c->plottable(i)->interface1D()->dataCount() > 0;
            QVERIFY2(hasData, qPrintable(c->objectName()));
            const QImage img = c->grab().toImage();
            int inked = 0;
            for (int y = 0; y < img.height(); y += 4)
                for (int x = 0; x < img.width(); x += 4)
                    inked += img.pixelColor(x, y) != QColor(Qt::white);
            QVERIFY2(inked > (img.width() / 4) * (img.height() / 4) / 20, qPrintable(c->objectName()));
            QVERIFY(c->grab().toImage().save(screenshotDir() + QLatin1Char('/') + c->objectName() + QStringLiteral(".png")));
        }
        // the plan that does not fit: marked, not drawn as if it ran
        QVERIFY(chooseWithKeyboard(f->find<QComboBox>(QStringLiteral("preset_gpu")), QStringLiteral("rtx-4090")));
        QTRY_VERIFY(f->settled());
        QVERIFY(!f->last.result.fits_in_memory);
        QCOMPARE(f->find<TextStrip>(QStringLiteral("staleBanner"))->look(), QStringLiteral("nofit"));
        QVERIFY(f->find<TextStrip>(QStringLiteral("staleBanner"))->text().contains(QStringLiteral("does not fit")));
        const double planKey = double(f->last.hardware.size());
        QVERIFY(close(barValue(f->find<QCPBars>(QStringLiteral("cost_usd_per_btok_nofit")), planKey),
                      f->last.result.cost_per_billion_tokens_usd));
        QVERIFY(std::isnan(barValue(f->find<QCPBars>(QStringLiteral("cost_usd_per_btok")), planKey)));
        QVERIFY(f->window.grab().toImage().save(screenshotDir() + QStringLiteral("/mainwindow-nofit.png")));
    }
};

QTEST_MAIN(TestGuiWindow)
#include "test_gui_window.moc"
