// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The common ground of every chart, the plan's (plancharts.h, tornado.h, timelinechart.h) and the
// comparison's (compare/comparisoncharts.h): a titled QCustomPlot with its legend below the plot,
// tooltips on hover, PNG/PDF export from the context menu, a "stale" mark for when the plan is
// invalid, an accessible summary, the fitting of titles, legends and category labels to the
// chart's size (chartfit.cpp), and a redrawn(id) signal once the data of one analysis is on screen.
// The report prints the same views, made offscreen at the page's size (WA_DontShowOnScreen: texts
// are then wrapped whole, never shortened).

#include "core/analysis.h"

#include <qcustomplot.h>

#include <QColor>
#include <QHash>
#include <QVector>

#include <functional>

namespace commtax {

class ChartView : public QCustomPlot
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChartView)
public:
    explicit ChartView(const QString &title, QWidget *parent = nullptr);
    // `text` in lines of at most `width` pixels (at spaces; between characters where it has none).
    // Also for plots that are not ChartViews (the calibration dialog's).
    static QString wrapText(const QString &text, const QFont &font, int width);
    ~ChartView() override;

    QString title() const { return m_title; }
    // A new title (the comparison's name a plan in theirs). On screen, a title too wide for one
    // line is shortened within `shortenable` (a part of it, e.g. a plan's name; the whole title in
    // its tooltip); otherwise, and in print, it wraps.
    void setTitle(const QString &title, const QString &shortenable = QString());
    // What the chart shows, as text (its accessible name and description, set by every draw):
    // "Step time breakdown: 12.3 s per step" and the figures behind it.
    QString summaryDetails() const { return m_details; }
    // The P10-P90 whiskers drawn (addWhisker()).
    int whiskerCount() const { return int(m_whiskers.size() / 3); }

    // Draw an analysis (valid ones only). Queues one replot, or none when the chart would look the
    // same as it does; redrawn(a.requestId) follows either way.
    void showAnalysis(const Analysis &a);
    // The same without the replot, for a window that redraws several charts in one pass
    // (replotIfChanged()); false for an invalid analysis, which is not drawn.
    bool setAnalysis(const Analysis &a);
    // Whether what the chart shows (its data, labels, axes, legend, title, wash) differs from what
    // its last replot drew.
    bool replotNeeded() const { return m_replotNeeded; }
    // Replot now if replotNeeded(); otherwise the buffer already shows the analysis set last, and
    // its redrawn() is emitted without drawing it again.
    void replotIfChanged();
    // Keep the drawn data but say it no longer matches the plan (queues a replot).
    void setStale(bool stale);
    bool isStale() const { return m_stale; }
    // Keep the drawn data washed out, the title as it is: newer data is on its way (the next
    // setAnalysis() ends it). Repaints, without a replot.
    void setPending(bool pending);
    bool isPending() const { return m_pending; }

    // Written atomically (core/atomicfile.h): on failure the old file stays as it was and *error
    // says why, naming the file.
    bool exportPng(const QString &fileName, double scale = 2.0, QString *error = nullptr);
    bool exportPdf(const QString &fileName, QString *error = nullptr);

    // What hovering at this widget position shows (empty: nothing there): a data point's text, or
    // the whole text of a shortened title, legend entry or category label.
    QString hoverTextAt(const QPointF &pos) const;
    // A data point's position in widget pixels, for tests and hover.
    static QPointF pixelOf(const QCPAbstractPlottable *p, double key, double value);

    // The colours of the GPU lines and bars, stable per preset id: a built-in GPU's "color"
    // (presets/gpus.json), any other id one of four more; each at least 3:1 against the plot's
    // white (WCAG 2.1, 1.4.11 non-text contrast).
    static QColor colorForGpu(const QString &gpuId);
    // The marker of a GPU's line, so that GPUs of one colour stay apart: among the built-in GPUs
    // of one "color", the first a circle, the next a square, a triangle, a diamond (in the
    // catalog's order); any other id one of the four, the same for the same id.
    static QCPScatterStyle::ScatterShape shapeForGpu(const QString &gpuId);
    // WCAG 2.1 contrast ratio of two colours (1 to 21), and a colour darkened until it reaches
    // `ratio` against `background`.
    static double contrastRatio(const QColor &a, const QColor &b);
    static QColor withContrast(const QColor &color, const QColor &background, double ratio = 3.0);
    static QColor plotBackground() { return Qt::white; }
    QColor backgroundColor() const { return mBackgroundBrush.color(); } // as painted

Q_SIGNALS:
    void redrawn(quint64 analysisId);

protected:
    // The plan's charts draw an analysis; the comparison's draw through redraw() instead.
    virtual void draw(const Analysis &a) { Q_UNUSED(a); }
    // Clears the hover targets and labels, runs `drawData` and queues a replot if the picture
    // changed; redrawn(id) follows. What showAnalysis() does, for charts of other data.
    void redraw(quint64 id, const std::function<void()> &drawData);

    void clearHoverTargets()
    {
        m_hover.clear();
        m_hoverGraphs.clear();
    }
    void addHoverPoint(const QCPAbstractPlottable *p, double key, double value, const QString &text);
    // Every point of a graph: the text is made at hover time, not for each point on each edit.
    void addHoverGraph(const QCPGraph *g, std::function<QString(double key, double value)> text);
    void addHoverBox(const QCPAbstractPlottable *p, double key0, double key1, double value0, double value1,
                     const QString &text);
    // Every draw() says what it drew: a headline after the title, and the figures.
    void setSummary(const QString &headline, const QString &details);
    // Remove the items a previous draw() made for labels, whiskers, messages and marks (not the
    // stale mark).
    void clearLabels();
    // A grey message in the middle of the plot ("Sampling..."), removed with the labels.
    QCPItemText *addMessage(const QString &text);
    // An item draw() made (a line, an arrow), removed with the labels.
    void addDrawnItem(QCPAbstractItem *item) { m_drawnItems.append(item); }
    QCPItemText *addLabel(const QCPAbstractPlottable *anchor, double key, double value, const QString &text,
                          const QColor &color, Qt::Alignment alignment);
    QCPItemText *addLabel(QCPAxis *keyAxis, QCPAxis *valueAxis, double key, double value, const QString &text,
                          const QColor &color, Qt::Alignment alignment);
    // A P10-P90 whisker across [lo, hi] at `key`, in the anchor's axes, with end caps
    // `cap` keys wide; removed with the labels.
    void addWhisker(const QCPAbstractPlottable *anchor, double key, double lo, double hi, double cap, const QColor &color);

    QCPGraph *makeGraph(const QString &objectName, const QString &name, const QPen &pen,
                        const QCPScatterStyle &scatter, QCPAxis *keyAxis = nullptr, QCPAxis *valueAxis = nullptr);
    QCPBars *makeBars(const QString &objectName, const QString &name, const QColor &color, QCPAxis *keyAxis,
                      QCPAxis *valueAxis);
    struct BarSpec {
        QString object;
        QString name;
        QColor color;
    };
    // Bars stacked bottom to top in the order given, each `width` wide (in key units).
    QList<QCPBars *> makeStackedBars(const QList<BarSpec> &specs, QCPAxis *keyAxis, QCPAxis *valueAxis, double width);
    static void styleAxis(QCPAxis *axis, const QString &label);
    // Lay the legend out again in at most this many columns (setWrap alone does not move
    // existing items).
    void setLegendColumns(int columns);
    // The plot's own height must hold this much (e.g. one line per category of a bar chart); the
    // chart's minimum height follows, with the title, the axes and the legend around it.
    virtual int minimumPlotHeight() const { return kMinimumPlotHeight; }
    // The most legend entries the chart can show, and in at most how many columns (0: as now).
    // The minimum height keeps room for that many rows, so that an edit that adds entries (a new
    // GPU: the optimizer, CP and expert parts, longer names) does not resize the chart and lay the
    // window out again; the plot takes the rows a shorter legend leaves.
    struct LegendRoom {
        int items = 0;
        int columns = 0;
    };
    virtual LegendRoom legendRoom() const { return {}; }
    static constexpr int kMinimumPlotHeight = 120;
    // Show a plottable in the legend (at the end) or take it out. Legend items made here keep
    // their text laid out between redraws instead of shaping it twice on every replot.
    void setInLegend(QCPAbstractPlottable *p, bool shown);
    static QSharedPointer<QCPAxisTickerText> powersOfTwoTicker(int from, int to);
    static QSharedPointer<QCPAxisTickerText> categoryTicker(const QStringList &labels);
    // Categories 1..n on a horizontal axis, each named in full by `names` (a part after a line
    // break, "(A)", is a mark kept whole on its own line). After every layout each name is wrapped
    // to its category's width; on screen the words all names start with are left out (and those
    // all end with, when a name would be cut without them) and a name keeps at most three lines,
    // its whole text in the tooltip under it. Print keeps every line.
    void setCategoryNames(QCPAxis *axis, const QStringList &names);
    // The legend may take at most `share` of the chart's height (0: any, the chart grows instead).
    // On screen, entries that would take more are shortened to one line each, in up to four
    // columns (a plottable's "planName" property: the part shortened first), their whole texts in
    // tooltips; in print they wrap whole.
    void setLegendShare(double share) { m_legendShare = share; }
    // A vertical axis's title wraps to the plot's height once laid out, instead of the chart's
    // minimum height growing to hold it on one line.
    void setVerticalTitlesWrap(bool wrap) { m_wrapVerticalTitles = wrap; }

    void mouseMoveEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool event(QEvent *event) override; // tooltips

private:
    // The constructor's parts, in the order it calls them.
    void setUpDrawing();
    void addTitle(const QString &title);
    void placeLegend();
    void addStaleWash();
    void connectSignals();
    // chartfit.cpp: the title, the legend's texts and the category names fitted to the width;
    // true when one changed.
    bool fitTitle(int width);
    bool fitLegendTexts(int width);
    bool fitCategoryNames();
    // A vertical axis's title in lines no longer than the plot is high, once laid out.
    bool fitVerticalAxisLabels();
    QString fittedTextAt(const QPointF &pos) const; // the whole text of a shortened one
    QString m_shortenable;
    double m_legendShare = 0;
    bool m_wrapVerticalTitles = false;
    QCPAxis *m_categoryAxis = nullptr;
    QStringList m_categoryNames;
    QList<QCPAbstractItem *> m_drawnItems;

    void setDrawn(quint64 id, const std::function<void()> &drawData);
    void queueReplot(); // the replot a change needs, or redrawn() at once
    void showContextMenu(const QPoint &pos);
    void fitToWidth(int width);
    // The minimum height that keeps the plot at minimumPlotHeight() with everything around it.
    void fitMinimumHeight();
    void fitAxisLabels(int width);
    // Labels at the end of a bar (or on top of it) stay inside the plot: once laid out, an axis
    // whose labels would run past its upper end is extended (from the range draw() set).
    void fitLabelsInside();
    QHash<QCPAxis *, double> m_drawnUpper; // each axis's upper end as draw() set it
    // What the vertical axes' tick labels and margins take of a chart's width, on each side.
    static constexpr int kAxisAllowance = 45;
    // Legend rows kept in the minimum height: the most seen at this width, or legendRoom()'s.
    int reservedLegendRows();
    int m_reservedRows = 0;
    int m_reservedWidth = -1; // the width m_reservedRows was seen at
    bool setStaleLook(bool stale);
    // A hash of everything a replot would draw (ChartView.cpp says what), to tell whether an
    // analysis changed the picture.
    size_t drawnState();   // (QCustomPlot's getters are not const)
    size_t m_setState = 0; // drawnState() when the last analysis was set
    bool m_replotNeeded = true;

    struct HoverTarget {
        const QCPAbstractPlottable *plottable;
        double key0, key1, value0, value1;
        bool isBox;
        QString text;
    };
    void updateAccessibleText();

    QString m_title;
    QString m_headline;
    QString m_details;
    QCPTextElement *m_titleElement = nullptr;
    QCPItemRect *m_staleWash = nullptr;
    QList<QCPItemText *> m_labels;
    QList<QCPItemLine *> m_whiskers; // three lines each
    QVector<HoverTarget> m_hover;
    struct HoverGraph {
        const QCPGraph *graph;
        std::function<QString(double, double)> text;
    };
    QVector<HoverGraph> m_hoverGraphs;
    bool m_stale = false;
    bool m_pending = false;
    int m_legendColumns = 3; // at most; fewer when the chart is narrow
    quint64 m_pendingRedraw = 0;
};

} // namespace commtax
