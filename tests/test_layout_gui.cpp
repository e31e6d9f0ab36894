// SPDX-License-Identifier: GPL-3.0-or-later
// The main window on a given screen: 1280x800 and 1600x1000, at 1x and at
// QT_SCALE_FACTOR=1.5, in English and in Simplified Chinese. ctest runs this one
// executable once per case (tests/gui.cmake): COMMTAX_TEST_SCREEN names the screen in device
// pixels, QT_SCALE_FACTOR the scale, COMMTAX_TEST_LANGUAGE the interface language. The offscreen
// platform is given that screen (its configfile option), the window is maximized on it, and:
//   - the window's minimum size fits the screen, and the maximized window is not wider;
//   - no key figure's text is elided (its font's width <= the tile's text width);
//   - each chart's title, legend items and axis labels lie inside the chart, the legend items
//     do not overlap, the plot keeps a readable height and neighbouring tick labels do not touch.
// Then every other window and dialog (Find best layout with a search's results, What to buy with
// the answer to presets/scenarios/what-to-buy-llama2-70b.json, Compare hardware
// with a column selected and its column editor, the preset manager, the quote, Preferences,
// calibration with a log, launch export, the handbook), each opened as the app opens it:
//   - its minimum size fits the screen less a title bar and a panel, and so does its size;
//   - it lies on the screen, and so do its buttons, tables and labels (outside scroll areas);
//   - no label, button or check box is narrower than its text (cut or elided), no wrapped label
//     lower than its lines, and its tables keep room for a few rows and columns.
// Screenshots go to <build>/screenshots/layout-<lang>-<W>x<H>-<scale>x.png, the others'
// to layout-<lang>-<W>x<H>-<scale>x-<window>.png.
#include "accuracydialog.h"
#include "appfeatures.h"
#include "appsettings.h"
#include "buy/buydialog.h"
#include "calibrate/calibrationdialog.h"
#include "calibrate/trainingcalibrationdialog.h"
#include "charts/chartview.h"
#include "compare/comparisonview.h"
#include "editor/quotedialog.h"
#include "fittedcombobox.h"
#include "guilanguage.h"
#include "handbook.h"
#include "keyfigures.h"
#include "library/libraryfeatures.h"
#include "library/presetmanagerdialog.h"
#include "mainwindow.h"
#include "plandocument.h"
#include "preferencesdialog.h"
#include "search/launchexportdialog.h"
#include "search/searchdialog.h"
#include "text/translations.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QScrollArea>
#include <QStatusBar>
#include <QTableView>

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScreen>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QUndoStack>

using namespace commtax;

namespace {

// Every column of `table` within its width, no sideways scrolling: each header's text and each
// cell's text (a wrapping cell: its longest word, its lines within the row's height) fit their
// column.
void checkColumnsFit(QTableView *table, const QString &name)
{
    QHeaderView *header = table->horizontalHeader();
    const QString on = QStringLiteral(" (%1)").arg(name);
    const int viewport = table->viewport()->width();
    QVERIFY2(header->length() <= viewport + 1,
             qPrintable(QStringLiteral("columns %1 px wide in %2 px").arg(header->length()).arg(viewport) + on));
    QVERIFY2(!table->horizontalScrollBar()->isVisible(), qPrintable(QStringLiteral("scrolls sideways") + on));
    const QAbstractItemModel *m = table->model();
    QFont headerFont = header->font();
    headerFont.setBold(headerFont.bold() || header->highlightSections()); // a selected row's headers are bold
    const QFontMetrics hfm(headerFont);
    const int margin = 2 * table->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    for (int c = 0; c < m->columnCount(); ++c) {
        if (table->isColumnHidden(c))
            continue;
        const QString title = m->headerData(c, Qt::Horizontal).toString();
        QVERIFY2(hfm.horizontalAdvance(title) + margin <= header->sectionSize(c) + 1,
                 qPrintable(QStringLiteral("header \"%1\" cut").arg(title) + on));
        for (int r = 0; r < m->rowCount(); ++r) {
            const QString text = m->index(r, c).data().toString();
            const QFontMetrics fm(table->font());
            const int width = header->sectionSize(c) - 6;
            int longest = 0;
            static const QRegularExpression wordEnd(QStringLiteral("(?<=[ \u2013])")); // a space or an en dash
            for (const QString &word : text.split(wordEnd))
                longest = std::max(longest, fm.horizontalAdvance(word));
            const QRect needed = fm.boundingRect(QRect(0, 0, width, 10000), Qt::TextWordWrap, text);
            const int height = table->rowHeight(r);
            QVERIFY2(longest <= width && needed.height() <= height,
                     qPrintable(QStringLiteral("\"%1\" cut in %2 px x %3 px").arg(text).arg(width).arg(height) + on));
        }
    }
}

QString screenshotDir()
{
    const QString dir = QStringLiteral(COMMTAX_BUILD_DIR "/screenshots");
    QDir().mkpath(dir);
    return dir;
}

// The screen in device pixels, from COMMTAX_TEST_SCREEN ("1280x800").
QSize deviceScreen()
{
    const QStringList wh = qEnvironmentVariable("COMMTAX_TEST_SCREEN", QStringLiteral("1280x800")).split(QLatin1Char('x'));
    return wh.size() == 2 ? QSize(wh[0].toInt(), wh[1].toInt()) : QSize(1280, 800);
}

double scaleFactor()
{
    bool ok = false;
    const double s = qEnvironmentVariable("QT_SCALE_FACTOR").toDouble(&ok);
    return ok && s > 0 ? s : 1.0;
}

// A title bar and a desktop panel take this much of the screen's height (device pixels at 1x).
constexpr int kWindowDecorationPx = 64;

QString describe(const QRectF &r)
{
    return QStringLiteral("(%1,%2 %3x%4)").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

// The rectangle a tick label takes, centred on its tick, in widget pixels.
QRectF tickLabelRect(const QCPAxis *axis, double tick, const QString &text)
{
    const QFontMetrics fm(axis->tickLabelFont());
    const QSizeF size = fm.boundingRect(QRect(), Qt::TextDontClip, text).size();
    const double at = axis->coordToPixel(tick);
    if (axis->orientation() == Qt::Horizontal)
        return QRectF(at - size.width() / 2, 0, size.width(), size.height());
    return QRectF(0, at - size.height() / 2, size.width(), size.height());
}

} // namespace

class TestLayoutGui : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<AppSettings> m_settings;
    std::unique_ptr<MainWindow> m_window;
    AppFeatures *m_features = nullptr;

    QString caseName() const
    {
        return QStringLiteral("%1-%2x%3-%4x")
            .arg(qEnvironmentVariable("COMMTAX_TEST_LANGUAGE", QStringLiteral("en")))
            .arg(deviceScreen().width())
            .arg(deviceScreen().height())
            .arg(scaleFactor());
    }

    // A window or dialog as the app shows it: on the screen, its controls on the screen and
    // inside it, and none of its text cut.
    void checkWindow(QWidget *w, const QString &name)
    {
        QVERIFY2(w && w->isVisible(), qPrintable(name));
        QVERIFY(QTest::qWaitForWindowExposed(w));
        QTest::qWait(100); // the last layout pass
        const QString shot = QStringLiteral("/layout-%1-%2.png").arg(caseName(), name);
        QVERIFY(w->grab().save(screenshotDir() + shot));
        const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
        const QSize room = available.size() - QSize(0, int(kWindowDecorationPx / scaleFactor()));
        const QSize minimum = w->minimumSizeHint().expandedTo(w->minimumSize());
        const QString on = QStringLiteral(" on %1x%2").arg(room.width()).arg(room.height());
        QVERIFY2(minimum.width() <= room.width() && minimum.height() <= room.height(),
                 qPrintable(name + QStringLiteral(": minimum %1x%2").arg(minimum.width()).arg(minimum.height()) + on));
        QVERIFY2(w->width() <= room.width() && w->height() <= room.height(),
                 qPrintable(name + QStringLiteral(": opens at %1x%2").arg(w->width()).arg(w->height()) + on));
        const QRect onScreen = w->geometry(); // the client area, in screen coordinates
        QVERIFY2(available.contains(onScreen), qPrintable(name + QStringLiteral(": at ") + describe(onScreen) + on));
        const QList<QWidget *> children = w->findChildren<QWidget *>();
        for (QWidget *c : children) {
            if (!c->isVisible() || c->window() != w || c->width() <= 0 || !isChecked(c))
                continue;
            const QString what = name + QLatin1Char('/') + describeWidget(c);
            const QRect r(c->mapTo(w, QPoint(0, 0)), c->size());
            if (!insideScrollArea(c, w)) {
                const QString where = what + QStringLiteral(" at ") + describe(r);
                QVERIFY2(w->rect().contains(r), qPrintable(where + QStringLiteral(" outside the window")));
                const QRect global = r.translated(onScreen.topLeft());
                QVERIFY2(available.contains(global), qPrintable(where + QStringLiteral(" off the screen")));
            }
            if (const auto *view = qobject_cast<QAbstractItemView *>(c)) {
                const QSize v = view->viewport()->size();
                QVERIFY2(v.width() >= 160 && v.height() >= 60,
                         qPrintable(what + QStringLiteral(": %1x%2").arg(v.width()).arg(v.height())));
                continue;
            }
            if (const auto *plot = qobject_cast<QCustomPlot *>(c)) {
                const QRect axes = plot->axisRect()->rect();
                QVERIFY2(axes.height() >= 40 && axes.width() >= 100,
                         qPrintable(what + QStringLiteral(": plot ") + describe(axes)));
                // The legend and every entry inside the plot: the search's side legend ran off
                // the bottom of a short plot at 150%.
                const QRectF inside = QRectF(plot->rect()).adjusted(-0.5, -0.5, 0.5, 0.5);
                for (int i = 0; plot->legend->visible() && i < plot->legend->itemCount(); ++i) {
                    const QCPAbstractLegendItem *entry = plot->legend->item(i);
                    if (!entry) // an empty cell of the grid
                        continue;
                    const QString where = QStringLiteral(": legend entry %1 ").arg(i) + describe(entry->outerRect());
                    QVERIFY2(inside.contains(entry->outerRect()),
                             qPrintable(what + where + QStringLiteral(" outside ") + describe(inside)));
                }
                if (plot->legend->visible() && plot->legend->itemCount() > 0)
                    QVERIFY2(inside.contains(plot->legend->outerRect()),
                             qPrintable(what + QStringLiteral(": legend ") + describe(plot->legend->outerRect())
                                        + QStringLiteral(" outside ") + describe(inside)));
                // An axis's title no longer than its axis: a vertical one cut at both ends was
                // unreadable (the search's Pareto plot and the calibration chart at 150%).
                for (const QCPAxis *axis : plot->axisRect()->axes()) {
                    const int length = axis->orientation() == Qt::Vertical ? axes.height() : axes.width();
                    const QFontMetrics fm(axis->labelFont());
                    for (const QString &line : axis->label().split(QLatin1Char('\n'))) {
                        const QString why = QStringLiteral(": title \"%1\" on a %2 px axis").arg(line).arg(length);
                        QVERIFY2(fm.horizontalAdvance(line) <= length, qPrintable(what + why));
                    }
                }
                continue;
            }
            const auto *label = qobject_cast<QLabel *>(c);
            if (label && (label->text().isEmpty() || !label->pixmap().isNull()))
                continue;
            if (label && label->wordWrap()) {
                const int needed = label->heightForWidth(label->width());
                QVERIFY2(needed <= label->height() + 1,
                         qPrintable(what + QStringLiteral(": %1 px high, needs %2").arg(label->height()).arg(needed)));
                continue;
            }
            const int needed = c->minimumSizeHint().width();
            QVERIFY2(c->width() >= needed,
                     qPrintable(what + QStringLiteral(": %1 px wide, needs %2").arg(c->width()).arg(needed)));
        }
    }

    // The widgets checked: labels, buttons, tables and lists, plots; not a table's headers and
    // corner button, a tab bar's scroll arrows or a combo box (its text is elided by design).
    static bool isChecked(const QWidget *c)
    {
        if (qobject_cast<const QHeaderView *>(c) || qobject_cast<const QComboBox *>(c))
            return false;
        if (qobject_cast<const QAbstractButton *>(c)) {
            const QWidget *p = c->parentWidget();
            return p && !qobject_cast<const QAbstractItemView *>(p) && !p->inherits("QTabBar");
        }
        return qobject_cast<const QLabel *>(c) || qobject_cast<const QAbstractItemView *>(c)
            || qobject_cast<const QCustomPlot *>(c);
    }

    static QString describeWidget(const QWidget *c)
    {
        QString d = c->objectName().isEmpty() ? QString::fromLatin1(c->metaObject()->className()) : c->objectName();
        if (const auto *label = qobject_cast<const QLabel *>(c))
            d += QStringLiteral(" \"%1\"").arg(label->text().left(40));
        else if (const auto *button = qobject_cast<const QAbstractButton *>(c))
            d += QStringLiteral(" \"%1\"").arg(button->text());
        return d;
    }

    // Inside a scroll area of the window: it can be scrolled to.
    static bool insideScrollArea(const QWidget *c, const QWidget *window)
    {
        for (const QWidget *p = c->parentWidget(); p && p != window; p = p->parentWidget())
            if (qobject_cast<const QAbstractScrollArea *>(p))
                return true;
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QScreen *screen = QGuiApplication::primaryScreen();
        QVERIFY(screen);
        // The offscreen screen is the one asked for, in device-independent pixels at this scale.
        const QSize logical = screen->availableGeometry().size();
        QVERIFY2(qAbs(logical.width() * scaleFactor() - deviceScreen().width()) <= 2,
                 qPrintable(QStringLiteral("screen %1x%2 at %3x").arg(logical.width()).arg(logical.height()).arg(scaleFactor())));
        m_settings = std::make_unique<AppSettings>(m_dir.filePath(QStringLiteral("settings.ini")));
        m_window = std::make_unique<MainWindow>(*m_settings);
        // the features app/main.cpp adds: the windows and dialogs checked below
        m_features = new AppFeatures(m_window.get(), m_dir.filePath(QStringLiteral("library.sqlite")));
        // Counted in a spy: a lambda holding this function's local would write to a stack long
        // gone when a later check changes the plan and the charts redraw.
        QSignalSpy drawn(m_window.get(), &MainWindow::chartsRedrawn);
        m_window->showMaximized();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTRY_VERIFY_WITH_TIMEOUT(!drawn.isEmpty(), 20000);
        QTest::qWait(300); // the ranges, the tornado and the last layout pass
        QVERIFY(m_window->grab().save(screenshotDir() + QStringLiteral("/layout-") + caseName() + QStringLiteral(".png")));
    }

    void windowFitsTheScreen()
    {
        const QSize available = QGuiApplication::primaryScreen()->availableGeometry().size();
        const QSize room = available - QSize(0, int(kWindowDecorationPx / scaleFactor()));
        const QSize minimum = m_window->minimumSizeHint().expandedTo(m_window->minimumSize());
        QVERIFY2(minimum.width() <= room.width() && minimum.height() <= room.height(),
                 qPrintable(QStringLiteral("minimum %1x%2 on %3x%4").arg(minimum.width()).arg(minimum.height()).arg(room.width()).arg(room.height())));
        // the plan editor's fields are not cut by the dock
        auto *editor = m_window->findChild<QWidget *>(QStringLiteral("planEditor"));
        QVERIFY(editor && editor->isVisible());
        QVERIFY2(editor->width() >= editor->minimumSizeHint().width(),
                 qPrintable(QStringLiteral("editor %1 px wide, needs %2").arg(editor->width()).arg(editor->minimumSizeHint().width())));
        QVERIFY2(m_window->width() <= available.width() && m_window->height() <= available.height(),
                 qPrintable(QStringLiteral("window %1x%2 on %3x%4").arg(m_window->width()).arg(m_window->height()).arg(available.width()).arg(available.height())));
    }

    // Not maximized (a first start): the window leaves room for a title bar, so that a window
    // manager placing it below a panel keeps its status bar on the screen; the plan editor's dock
    // has no close button beside its scroll arrow (View > Plan editor hides and shows it).
    void firstStartLeavesRoomForATitleBar()
    {
        AppSettings fresh(m_dir.filePath(QStringLiteral("fresh.ini")));
        MainWindow window(fresh);
        const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
        const int decoration = int(kWindowDecorationPx / scaleFactor());
        QVERIFY2(window.height() + decoration <= available.height(),
                 qPrintable(QStringLiteral("%1 px high on %2").arg(window.height()).arg(available.height())));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.move(available.left(), available.top() + 20); // where a window manager put it
        QTRY_VERIFY(window.geometry().top() >= available.top() + 20);
        const QWidget *status = window.statusBar();
        const QRect bar(status->mapToGlobal(QPoint(0, 0)), status->size());
        QVERIFY2(available.contains(bar), qPrintable(describe(bar) + QStringLiteral(" on ") + describe(available)));
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("planDock"));
        QVERIFY(dock && !(dock->features() & QDockWidget::DockWidgetClosable));
        QVERIFY(window.findChild<QMenu *>(QStringLiteral("viewMenu"))->actions().contains(dock->toggleViewAction()));
    }

    void keyFiguresAreNotElided()
    {
        const auto *k = m_window->findChild<KeyFigures *>(QStringLiteral("keyFigures"));
        QVERIFY(k);
        const QFontMetrics titles(k->titleFont()), values(k->valueFont());
        for (const QString &metric : k->metricsShown()) {
            const QRect text = k->textRectOf(metric);
            QVERIFY2(text.width() > 0 && k->rect().contains(k->tileRectOf(metric)), qPrintable(metric));
            // the range whole, with its "P10-P90: " label (issue 28: it went at 150%), once the
            // ranges of the plan the last test left are computed
            if (k->findChild<QObject *>(QStringLiteral("keyRange_") + metric)) {
                QTRY_VERIFY_WITH_TIMEOUT(!k->rangeText(metric).isEmpty(), 20000);
                QCOMPARE(k->shownRangeText(metric), k->rangeText(metric));
            }
            const QString lines[] = {k->titleText(metric), k->detailText(metric), k->shownRangeText(metric)};
            for (const QString &line : lines)
                QVERIFY2(titles.horizontalAdvance(line) <= text.width(),
                         qPrintable(QStringLiteral("%1: \"%2\" is %3 px in %4 px").arg(metric, line).arg(titles.horizontalAdvance(line)).arg(text.width())));
            const QString value = k->valueText(metric);
            QVERIFY2(value != QStringLiteral("-"), qPrintable(metric));
            QVERIFY2(values.horizontalAdvance(value) <= text.width(),
                     qPrintable(QStringLiteral("%1: \"%2\" is %3 px in %4 px").arg(metric, value).arg(values.horizontalAdvance(value)).arg(text.width())));
        }
    }

    void chartsKeepTheirTextInside()
    {
        const QList<ChartView *> charts = m_window->charts();
        QCOMPARE(charts.size(), 6);
        for (ChartView *c : charts) {
            const QString name = c->objectName();
            QVERIFY2(c->width() > 0 && c->height() > 0, qPrintable(name));
            QVERIFY(c->grab().save(screenshotDir() + QStringLiteral("/layout-") + caseName() + QLatin1Char('-') + name + QStringLiteral(".png")));
            const QRectF inside = QRectF(c->rect()).adjusted(-0.5, -0.5, 0.5, 0.5);
            // the plot keeps a readable height and width
            const QRect plot = c->axisRect()->rect();
            QVERIFY2(plot.height() >= 90 && plot.width() >= 90, qPrintable(name + QStringLiteral(": plot ") + describe(plot)));
            // the legend: every item inside the chart, and none over another
            QList<QRectF> items;
            for (int i = 0; i < c->legend->itemCount(); ++i) {
                if (!c->legend->item(i)) // an empty cell of the grid
                    continue;
                const QRectF r = c->legend->item(i)->outerRect();
                QVERIFY2(inside.contains(r), qPrintable(name + QStringLiteral(": legend item %1 ").arg(i) + describe(r) + QStringLiteral(" outside ") + describe(inside)));
                for (const QRectF &other : std::as_const(items))
                    QVERIFY2(!other.intersects(r.adjusted(1, 1, -1, -1)), qPrintable(name + QStringLiteral(": legend items overlap")));
                items << r;
            }
            QVERIFY2(!c->legend->visible() || c->legend->itemCount() > 0, qPrintable(name));
            // the labels on bars and points inside the plot (they are cut at its edge)
            for (int i = 0; i < c->itemCount(); ++i) {
                auto *label = qobject_cast<QCPItemText *>(c->item(i));
                if (!label || !label->visible() || label->text().isEmpty())
                    continue;
                const QRectF r = QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition()).normalized();
                QVERIFY2(QRectF(plot).adjusted(-1, -1, 1, 1).contains(r),
                         qPrintable(name + QStringLiteral(": label \"%1\" ").arg(label->text()) + describe(r) + QStringLiteral(" outside the plot ") + describe(plot)));
            }
            // the title fits the chart's width
            auto *title = qobject_cast<QCPTextElement *>(c->plotLayout()->element(0, 0));
            QVERIFY(title);
            const int titleWidth = QFontMetrics(title->font()).horizontalAdvance(title->text());
            QVERIFY2(titleWidth <= c->width(), qPrintable(name + QStringLiteral(": title %1 px in %2").arg(titleWidth).arg(c->width())));
            for (QCPAxis *axis : c->axisRect()->axes()) {
                if (!axis->visible())
                    continue;
                // the axis label, centred on the plot, inside the chart
                if (!axis->label().isEmpty()) {
                    const QSize label = QFontMetrics(axis->labelFont()).boundingRect(QRect(), Qt::TextDontClip, axis->label()).size();
                    const bool horizontal = axis->orientation() == Qt::Horizontal;
                    const double centre = horizontal ? plot.center().x() : plot.center().y();
                    const double half = label.width() / 2.0;
                    const double end = horizontal ? c->width() : c->height();
                    QVERIFY2(centre - half >= 0 && centre + half <= end,
                             qPrintable(name + QStringLiteral(": axis label \"%1\" is %2 px, room %3").arg(axis->label()).arg(label.width()).arg(end)));
                }
                // neighbouring tick labels apart, and the ticks drawn are those of the axis's range
                if (!axis->tickLabels())
                    continue;
                const QVector<double> ticks = axis->tickVector();
                QVERIFY2(ticks.isEmpty() || axis->range().contains(ticks.first()) || axis->range().contains(ticks.last()) || ticks.size() < 2,
                         qPrintable(name + QStringLiteral(": ticks of another range")));
                if (axis->scaleType() == QCPAxis::stLinear && !dynamic_cast<QCPAxisTickerText *>(axis->ticker().data())) {
                    double last = axis->range().lower;
                    for (double t : ticks)
                        if (axis->range().contains(t))
                            last = t;
                    // the last tick is within one tick step of the range's upper end
                    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : axis->range().size();
                    QVERIFY2(axis->range().upper - last <= step * 1.01,
                             qPrintable(name + QStringLiteral(": last tick %1, range up to %2").arg(last).arg(axis->range().upper)));
                }
                const QVector<QString> labels = axis->tickVectorLabels();
                QRectF previous;
                for (qsizetype i = 0; i < ticks.size() && i < labels.size(); ++i) {
                    if (labels[i].isEmpty() || !axis->range().contains(ticks[i]))
                        continue;
                    const QRectF r = tickLabelRect(axis, ticks[i], labels[i]);
                    if (!previous.isNull()) {
                        const bool apart = axis->orientation() == Qt::Horizontal
                            ? (r.left() >= previous.right() + 2 || previous.left() >= r.right() + 2)
                            : (r.top() >= previous.bottom() || previous.top() >= r.bottom());
                        QVERIFY2(apart, qPrintable(name + QStringLiteral(": tick labels \"%1\" and its neighbour overlap").arg(labels[i])));
                    }
                    previous = r;
                }
            }
        }
    }
    void findBestLayoutFits()
    {
        SearchDialog *d = m_features->showSearch();
        auto *top = d->findChild<QSpinBox *>(QStringLiteral("topSpin"));
        QVERIFY(top);
        top->setValue(8);
        QSignalSpy done(d, &SearchDialog::searchFinished);
        QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("searchButton")), Qt::LeftButton);
        QVERIFY(done.wait(60000));
        checkWindow(d, QStringLiteral("search"));
        if (QTest::currentTestFailed())
            return;
        auto *table = d->findChild<QTableView *>(QStringLiteral("searchTable"));
        QVERIFY(table->model()->rowCount() > 0);
        QVERIFY2(table->viewport()->height() >= 3 * table->verticalHeader()->defaultSectionSize(),
                 "the results table shows three rows");
        // A space too large to search (issue 22): the refusal, the longest summary, fits too.
        d->findChild<QCheckBox *>(QStringLiteral("gpuRangeCheck"))->setChecked(true);
        d->findChild<QSpinBox *>(QStringLiteral("gpusMinSpin"))->setValue(1);
        d->findChild<QSpinBox *>(QStringLiteral("gpusMaxSpin"))->setValue(720000);
        QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("searchButton")), Qt::LeftButton);
        checkWindow(d, QStringLiteral("search-counting"));
        QVERIFY(done.count() == 2 || done.wait(60000));
        QVERIFY(d->result().top.empty());
        QCOMPARE(table->model()->rowCount(), 0); // the last search's plans are not this space's
        checkWindow(d, QStringLiteral("search-refused"));
        d->close();
    }

    void whatToBuyFits()
    {
        BuyDialog *d = m_features->showWhatToBuy();
        Scenario s;
        QList<LoadError> errors;
        QVERIFY(loadScenarioFile(QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/what-to-buy-llama2-70b.json"),
                                 m_window->presetCatalog(), s, errors));
        d->setScenario(s, m_window->presetCatalog());
        QSignalSpy done(d, &BuyDialog::searchFinished);
        QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("buySearchButton")), Qt::LeftButton);
        QVERIFY(done.wait(120000));
        // The first option selected: the details below the tables say it in words, with its breakdown.
        auto *options = d->findChild<QTableView *>(QStringLiteral("buyOptions"));
        QTest::mouseClick(options->viewport(), Qt::LeftButton, {},
                          options->visualRect(options->model()->index(0, 0)).center());
        QVERIFY(d->findChild<QLabel *>(QStringLiteral("buyDetails"))->text().contains(QLatin1Char('\n')));
        checkWindow(d, QStringLiteral("buy"));
        if (QTest::currentTestFailed())
            return;
        for (const char *name : {"buyOptions", "buyMisses"}) {
            auto *table = d->findChild<QTableView *>(QLatin1String(name));
            QVERIFY(table && table->model()->rowCount() > 0);
            QVERIFY2(table->viewport()->height() >= 2 * table->verticalHeader()->defaultSectionSize(),
                     qPrintable(QStringLiteral("%1 shows two rows").arg(QLatin1String(name))));
            checkColumnsFit(table, QLatin1String(name));
        }
        // The step timeline, in the tab beside the breakdown: drawn, readable, on the screen.
        auto *tabs = d->findChild<QTabWidget *>(QStringLiteral("buyDetailTabs"));
        QVERIFY(tabs);
        QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(1).center());
        auto *timeline = d->findChild<QCustomPlot *>(QStringLiteral("buyTimeline"));
        QVERIFY(timeline && timeline->isVisible() && timeline->plottableCount() > 0);
        checkWindow(d, QStringLiteral("buy-timeline"));
        d->close();
    }

    void compareHardwareFits()
    {
        ComparisonView *view = m_features->library()->compareHardware();
        QVERIFY(view);
        QVERIFY(QTest::qWaitForWindowExposed(view));
        // a plan column selected: the column editor opens above the table
        auto *table = view->findChild<QTableView *>(QStringLiteral("table"));
        QVERIFY(table);
        QHeaderView *header = table->horizontalHeader();
        const QPoint second(header->sectionViewportPosition(1) + 10, header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, second);
        QTRY_VERIFY(view->findChild<QWidget *>(QStringLiteral("columnEditor"))->isVisible());
        // nothing went wrong on the way (a column editor that edits by itself)
        const auto *status = view->findChild<QLabel *>(QStringLiteral("status"));
        QVERIFY2(!status->isVisible() || status->text().isEmpty(), qPrintable(status->text()));
        checkWindow(view, QStringLiteral("compare"));
        if (QTest::currentTestFailed())
            return;
        // the table keeps plan A and another plan side by side
        QVERIFY2(table->viewport()->width() >= header->sectionSize(0) + header->sectionSize(1),
                 qPrintable(QStringLiteral("table %1 px wide, columns %2 + %3")
                                .arg(table->viewport()->width())
                                .arg(header->sectionSize(0))
                                .arg(header->sectionSize(1))));
        view->close();
    }

    // Renamed columns: names the user typed that read like the tool's ("Plan 7", "X (64 GPUs)") stay
    // as typed in every language, beside a duplicated column and a plan the normalisation resized
    // (whose tags are the tool's, in the interface language): layout-<case>-compare-renamed.png.
    void compareRenamedColumnsFit()
    {
        ComparisonView *view = m_features->library()->compareHardware();
        QVERIFY(view);
        QVERIFY(QTest::qWaitForWindowExposed(view));
        QList<Scenario> plans = view->scenarios();
        QVERIFY(plans.size() >= 3);
        plans[1].name = QStringLiteral("Plan 7");
        plans[2].name = QStringLiteral("X (64 GPUs)");
        plans[0].plan.cluster.nodes *= 2; // plan A twice as large: the others resized to it
        plans[0].plan.training.dp *= 2;
        view->setScenarios(plans);
        view->setNormalization(Normalization::EqualGpus);
        QVERIFY(view->duplicateScenario(1));
        auto *table = view->findChild<QTableView *>(QStringLiteral("table"));
        QVERIFY(table);
        const auto header = [&](int i) {
            return table->model()->headerData(i, Qt::Horizontal, Qt::DisplayRole).toString();
        };
        QVERIFY2(header(1).startsWith(QStringLiteral("Plan 7")), qPrintable(header(1)));
        QVERIFY2(header(3).startsWith(QStringLiteral("X (64 GPUs)")), qPrintable(header(3)));
        checkWindow(view, QStringLiteral("compare-renamed"));
        view->close();
    }

    void presetManagerFits()
    {
        PresetManagerDialog *d = m_features->library()->showPresetManager();
        checkWindow(d, QStringLiteral("presets"));
        // At 1x every column of the GPU list is in view: columns as wide as a figure's one-line
        // label ran past the table's edge, where a right-aligned 989.0 showed as "9".
        if (scaleFactor() == 1.0) {
            const QTableView *list = d->presetView(Section::Gpu);
            QVERIFY(list);
            int width = 0;
            for (int c = 0; c < list->model()->columnCount(); ++c)
                width += list->columnWidth(c);
            QVERIFY2(width <= list->viewport()->width(),
                     qPrintable(QStringLiteral("%1 of %2 px").arg(width).arg(list->viewport()->width())));
        }
        d->close();
    }

    void quoteDialogFits()
    {
        // With a quote that prices two items (the long labels of the price rows), then undone.
        Scenario::Quote q;
        q.vendor = QStringLiteral("Acme Systems");
        q.id = QStringLiteral("Q-2026-17");
        q.validUntil = QStringLiteral("2026-06-30");
        q.items.insert(QStringLiteral("gpu.price_usd"), 27000);
        q.items.insert(QStringLiteral("cluster.network_cost_per_gpu_usd"), 2500);
        QVERIFY(m_window->document()->setQuote(q));
        auto *d = new QuoteDialog(m_window->document(), m_window.get());
        d->setAttribute(Qt::WA_DeleteOnClose);
        d->show();
        checkWindow(d, QStringLiteral("quote"));
        d->close();
        m_window->document()->undoStack()->undo();
    }

    void preferencesFit()
    {
        PreferencesDialog d(*m_settings, m_window.get());
        d.show();
        checkWindow(&d, QStringLiteral("preferences"));
    }

    void calibrationFits()
    {
        CalibrationDialog *d = m_features->showCalibration();
        QVERIFY(d->openLogFile(QStringLiteral(COMMTAX_SOURCE_DIR "/tests/fixtures/nccl/")
                               + QStringLiteral("gcp_a3mega_h100_2node_16gpu_tcpxo.txt")));
        checkWindow(d, QStringLiteral("calibrate"));
        d->close();
    }

    void launchExportFits()
    {
        LaunchExportDialog *d = m_window->showLaunchExport();
        checkWindow(d, QStringLiteral("launch"));
        d->close();
    }

    void accuracyDialogFits()
    {
        auto *d = new AccuracyDialog(m_window->scenario().plan, m_window.get());
        d->setAttribute(Qt::WA_DeleteOnClose);
        d->show();
        checkWindow(d, QStringLiteral("accuracy"));
        d->close();
    }

    void trainingCalibrationFits()
    {
        TrainingCalibrationDialog *d = m_features->showTrainingCalibration();
        // With logs: two that print their plan (fitted, on the scatter) and one whose values are
        // asked for in the table of missing values.
        const QString logs = QStringLiteral(COMMTAX_SOURCE_DIR "/tests/fixtures/training-logs/");
        d->addLogs({logs + QStringLiteral("torchtitan_llama3-8b_fsdp8_h100-96gb.log"),
                    logs + QStringLiteral("torchtitan_llama3-8b_fsdp128_h100-96gb.log"),
                    logs + QStringLiteral("torchtitan_llama3-8b_pr1287_h100-96gb.log")});
        QVERIFY(d->fit());
        checkWindow(d, QStringLiteral("calibrate-training"));
        d->clearLogs();
        d->close();
    }

    void handbookFits()
    {
        HandbookDialog *d = showHandbook(m_window.get());
        checkWindow(d, QStringLiteral("handbook"));
        d->close();
    }

    // Issue 24: the plan editor's GPU preset list open, a calibrated copy ("... (measured DATE)",
    // its tag in the interface language) chosen: the closed box elides the name and says it whole
    // in its tooltip, the open list is wide enough for its longest name and stays on the screen:
    // layout-<case>-editor-presets-open.png (the window with the list drawn where it opens). Last:
    // it changes the window's presets.
    void presetListOpenShowsWholeNames()
    {
        Preset measured = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"));
        measured.builtIn = false;
        measured.id = QStringLiteral("h100-sxm-measured-20261202");
        markMeasured(measured, QStringLiteral("2026-12-02"));
        Preset edited = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("a100-sxm-80gb"));
        edited.builtIn = false;
        edited.id = QStringLiteral("a100-sxm-80gb-custom");
        edited.nameTags = {PresetNameTag::Edited, PresetNameTag::Copy};
        PresetCatalog catalog = m_window->presetCatalog();
        catalog.add(measured);
        catalog.add(edited);
        m_window->setPresetCatalog(catalog);
        QVERIFY(m_window->document()->applyPreset(Section::Gpu, measured.id));
        auto *combo = m_window->findChild<FittedComboBox *>(QStringLiteral("preset_gpu"));
        QVERIFY(combo);
        combo->parentWidget()->setFocus();
        const QList<QScrollArea *> areas = m_window->findChildren<QScrollArea *>();
        for (QScrollArea *a : areas)
            if (a->isAncestorOf(combo))
                a->ensureWidgetVisible(combo, 20, 120);
        QTest::qWait(100);
        QCOMPARE(combo->currentData().toString(), measured.id);
        QVERIFY2(combo->currentText().contains(QStringLiteral("2026-12-02")), qPrintable(combo->currentText()));
        combo->showPopup();
        QWidget *popup = combo->view()->window();
        QVERIFY(QTest::qWaitForWindowExposed(popup));
        QTest::qWait(100);
        const QFontMetrics fm(combo->view()->font());
        int widest = 0;
        for (int i = 0; i < combo->count(); ++i)
            widest = std::max(widest, fm.horizontalAdvance(combo->itemText(i)));
        const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
        QVERIFY2(combo->view()->viewport()->width() >= widest || popup->width() >= available.width() - 2,
                 qPrintable(QStringLiteral("list %1 px wide, its longest name %2")
                                .arg(combo->view()->viewport()->width())
                                .arg(widest)));
        QVERIFY2(available.contains(popup->geometry()),
                 qPrintable(QStringLiteral("list at ") + describe(popup->geometry())));
        QPixmap shot = m_window->grab();
        {
            QPainter painter(&shot);
            painter.drawPixmap(popup->geometry().topLeft() - m_window->geometry().topLeft(), popup->grab());
        }
        QVERIFY(shot.save(screenshotDir() + QStringLiteral("/layout-%1-editor-presets-open.png").arg(caseName())));
        combo->hidePopup();
        if (combo->currentTextElided()) { // the whole name in the closed box's tooltip
            QHelpEvent help(QEvent::ToolTip, combo->rect().center(), combo->mapToGlobal(combo->rect().center()));
            QApplication::sendEvent(combo, &help);
            QTRY_VERIFY(QToolTip::isVisible());
            QVERIFY2(QToolTip::text().startsWith(combo->currentText()), qPrintable(QToolTip::text()));
            QToolTip::hideText();
        }
    }
};

int main(int argc, char **argv)
{
    // The offscreen platform with the screen asked for (before QApplication reads the platform).
    QTemporaryDir configDir;
    const QSize device = deviceScreen();
    const QJsonObject screen{{QStringLiteral("name"), QStringLiteral("test")},
                             {QStringLiteral("x"), 0},
                             {QStringLiteral("y"), 0},
                             {QStringLiteral("width"), device.width()}, // device pixels: Qt divides by the scale
                             {QStringLiteral("height"), device.height()},
                             {QStringLiteral("logicalDpi"), 96},
                             {QStringLiteral("logicalBpi"), 96},
                             {QStringLiteral("dpr"), 1}};
    const QString config = configDir.filePath(QStringLiteral("screen.json"));
    {
        QFile f(config);
        if (!f.open(QIODevice::WriteOnly))
            return 2;
        f.write(QJsonDocument(QJsonObject{{QStringLiteral("windowFrameMargins"), false}, {QStringLiteral("screens"), QJsonArray{screen}}}).toJson());
    }
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    QApplication app(argc, argv);
    const QString language = qEnvironmentVariable("COMMTAX_TEST_LANGUAGE", QStringLiteral("en"));
    registerGuiLanguage(); // the font follows the language, as in the app
    installInterfaceLanguage(language);
    TestLayoutGui test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "test_layout_gui.moc"
