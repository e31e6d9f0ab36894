// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartview.h"

#include "core/atomicfile.h"
#include "core/presets.h"

#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QPageLayout>
#include <QPdfWriter>
#include <QStandardPaths>
#include <QStaticText>
#include <QToolTip>

#include <cmath>

namespace commtax {

namespace {
constexpr double kHoverRadiusPx = 10.0;
// A point of its own (this plan's marker, a labelled point) wins over a curve's point this much
// nearer: where the plan sits on another GPU's curve, the tooltip names the plan.
constexpr double kHoverTargetPreferencePx = 4.0;

// drawLegendIcon() is protected, reachable only by QCPPlottableLegendItem itself (a friend, and
// friendship is not inherited): a member pointer named through a derived class reaches it.
struct LegendIconAccess : QCPAbstractPlottable {
    using QCPAbstractPlottable::drawLegendIcon;
};

// QCPPlottableLegendItem measures and shapes its text on every replot (twice: for the layout and
// for drawing), which made the legends a sixth of the cost of an edit. This one lays the text
// out once per name and font and draws it as a QStaticText.
class CachedLegendItem : public QCPPlottableLegendItem
{
public:
    CachedLegendItem(QCPLegend *legend, QCPAbstractPlottable *plottable)
        : QCPPlottableLegendItem(legend, plottable)
    {
        m_text.setTextFormat(Qt::PlainText);
        m_text.setPerformanceHint(QStaticText::AggressiveCaching);
    }

protected:
    QSize minimumOuterSizeHint() const override
    {
        if (!mPlottable)
            return QSize();
        const QSize text = textSize();
        const QSize icon = mParentLegend->iconSize();
        return QSize(icon.width() + mParentLegend->iconTextPadding() + text.width() + mMargins.left() + mMargins.right(),
                     qMax(text.height(), icon.height()) + mMargins.top() + mMargins.bottom());
    }

    void draw(QCPPainter *painter) override
    {
        if (!mPlottable)
            return;
        const QSize icon = mParentLegend->iconSize();
        painter->setFont(getFont());
        painter->setPen(QPen(getTextColor()));
        textSize(); // lays the text out if the name or font changed
        painter->drawStaticText(QPointF(mRect.x() + icon.width() + mParentLegend->iconTextPadding(), mRect.y()), m_text);
        const QRect iconRect(mRect.topLeft(), icon);
        painter->save();
        painter->setClipRect(iconRect, Qt::IntersectClip);
        (mPlottable->*(&LegendIconAccess::drawLegendIcon))(painter, iconRect);
        painter->restore();
    }

private:
    QSize textSize() const
    {
        const QFont f = getFont();
        if (m_text.text() != mPlottable->name() || !(m_font == f)) {
            m_font = f;
            m_text.setText(mPlottable->name());
            m_text.prepare(QTransform(), f);
            const QRect r = QFontMetrics(f).boundingRect(0, 0, 0, mParentLegend->iconSize().height(), Qt::TextDontClip,
                                                         mPlottable->name());
            m_size = r.size();
        }
        return m_size;
    }

    mutable QStaticText m_text;
    mutable QFont m_font;
    mutable QSize m_size;
};

// The charts lay out the same few texts on every edit (their titles, axis titles): each is
// measured (shaped) once per font, not on every analysis and every replot.
struct MeasuredText {
    QFont font;
    QString text;
    bool bounding; // boundingRect(0, 0, 0, 0, Qt::TextDontClip, text).size(); else the advance
    bool operator==(const MeasuredText &o) const
    {
        return bounding == o.bounding && text == o.text && font == o.font;
    }
};
size_t qHash(const MeasuredText &m, size_t seed = 0) { return qHashMulti(seed, m.font, m.text, m.bounding); }

QSize measured(const QFont &font, const QString &text, bool bounding)
{
    static QHash<MeasuredText, QSize> sizes; // (the GUI thread's)
    const MeasuredText key{font, text, bounding};
    const auto it = sizes.constFind(key);
    if (it != sizes.constEnd())
        return *it;
    if (sizes.size() > 4096)
        sizes.clear();
    const QFontMetrics fm(font);
    const QSize size = bounding ? fm.boundingRect(0, 0, 0, 0, Qt::TextDontClip, text).size()
                                : QSize(fm.horizontalAdvance(text), fm.height());
    sizes.insert(key, size);
    return size;
}

// The chart's title, measured once per text and font (QCPTextElement measured it twice per
// replot and per analysis) and drawn from a QStaticText; a title wider than its room is drawn as
// QCPTextElement draws it (wrapped), and so are exports.
class CachedTextElement : public QCPTextElement
{
public:
    using QCPTextElement::QCPTextElement;

    QSize minimumOuterSizeHint() const override
    {
        QSize size = measured(mFont, mText, true);
        size.rwidth() += mMargins.left() + mMargins.right();
        size.rheight() += mMargins.top() + mMargins.bottom();
        return size;
    }
    QSize maximumOuterSizeHint() const override
    {
        QSize size = measured(mFont, mText, true);
        size.setWidth(QWIDGETSIZE_MAX);
        size.rheight() += mMargins.top() + mMargins.bottom();
        return size;
    }

protected:
    void draw(QCPPainter *painter) override
    {
        const QSize size = measured(mainFont(), mText, true);
        const bool exporting = painter->modes() & (QCPPainter::pmNoCaching | QCPPainter::pmVectorized);
        if (exporting || size.width() > mRect.width() || mTextFlags != (Qt::AlignCenter | Qt::TextWordWrap)) {
            QCPTextElement::draw(painter);
            return;
        }
        if (m_text.text() != mText || !(m_font == mainFont())) {
            m_font = mainFont();
            m_text.setTextFormat(Qt::PlainText);
            m_text.setText(mText);
            m_text.prepare(QTransform(), m_font);
        }
        painter->setFont(m_font);
        painter->setPen(QPen(mainTextColor()));
        const QPoint at(mRect.left() + (mRect.width() - size.width()) / 2,
                        mRect.top() + (mRect.height() - size.height()) / 2);
        mTextBoundingRect = QRect(at, size);
        painter->drawStaticText(at, m_text);
    }

private:
    QStaticText m_text;
    QFont m_font;
};

// QCPGraph draws every marker as an antialiased path: the comm-tax chart's circles were a tenth
// of the GUI thread's work per edit. On screen this one stamps a marker drawn once per style and
// pixel ratio; exports (PNG at any scale, PDF: QCPPainter::pmNoCaching) draw them as QCustomPlot
// does, as vectors.
class StampedScatterGraph : public QCPGraph
{
public:
    using QCPGraph::QCPGraph;

protected:
    void drawScatterPlot(QCPPainter *painter, const QVector<QPointF> &scatters,
                         const QCPScatterStyle &style) const override
    {
        const bool exporting = painter->modes() & (QCPPainter::pmNoCaching | QCPPainter::pmVectorized);
        if (exporting || style.shape() == QCPScatterStyle::ssPixmap || style.shape() == QCPScatterStyle::ssCustom) {
            QCPGraph::drawScatterPlot(painter, scatters, style);
            return;
        }
        applyScattersAntialiasingHint(painter);
        const qreal dpr = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
        const QPen pen = style.isPenDefined() ? style.pen() : mPen;
        const size_t key = qHashMulti(0, int(style.shape()), style.size(), pen.color().rgba(), pen.widthF(),
                                      int(pen.style()), style.brush().color().rgba(), int(style.brush().style()),
                                      painter->antialiasing(), dpr);
        const double half = std::ceil(style.size() / 2 + pen.widthF() + 1);
        if (key != m_stampKey || m_stamp.isNull()) {
            m_stampKey = key;
            m_stamp = QPixmap(QSize(int(std::ceil(2 * half * dpr)), int(std::ceil(2 * half * dpr))));
            m_stamp.setDevicePixelRatio(dpr);
            m_stamp.fill(Qt::transparent);
            QCPPainter stamp(&m_stamp);
            stamp.setAntialiasing(painter->antialiasing());
            style.applyTo(&stamp, mPen);
            style.drawShape(&stamp, half, half);
        }
        for (const QPointF &p : scatters)
            painter->drawPixmap(QPointF(std::round(p.x() - half), std::round(p.y() - half)), m_stamp);
    }

private:
    mutable QPixmap m_stamp;
    mutable size_t m_stampKey = 0;
};
} // namespace

ChartView::ChartView(const QString &title, QWidget *parent)
    : QCustomPlot(parent)
    , m_title(title)
{
    setUpDrawing();
    addTitle(title);
    placeLegend();
    styleAxis(xAxis, QString());
    styleAxis(yAxis, QString());
    styleAxis(yAxis2, QString());
    addStaleWash();
    connectSignals();
}

// Focus, size, and how the chart paints: what is antialiased, cached and buffered.
void ChartView::setUpDrawing()
{
    setAccessibleName(m_title); // a chart is an image to a screen reader: its title and summary say it
    // Tab reaches a chart: a screen reader then reads its summary, F1 opens its handbook entry, and
    // the menu key its export menu.
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(260, 220); // the height grows with the legend (fitMinimumHeight())
    // Lines and markers antialiased; bars, legend keys and the rest crisp and cheaper to draw.
    setAntialiasedElements(QCP::aePlottables | QCP::aeItems);
    // One paint buffer instead of two: nothing of ours draws on the overlay layer, and every
    // buffer costs a clear and a blit on each redraw.
    layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    setPlottingHint(QCP::phCacheLabels, true);
    // QCustomPlot repaints synchronously after each replot by default: the window then repainted
    // once per chart. Asking for an update instead lets five redrawn charts share one paint.
    setPlottingHint(QCP::phImmediateRefresh, false);
    // Solid polylines drawn in one call instead of segment by segment (QCustomPlot's own hint;
    // joins of thick lines are a little less tidy, which at these sizes does not show).
    setPlottingHint(QCP::phFastPolylines, true);
    setBackground(QBrush(plotBackground()));
    // The plot paints every pixel it owns: nothing beneath needs painting first.
    setAttribute(Qt::WA_OpaquePaintEvent);
}

// The title in a row of its own above the plot.
void ChartView::addTitle(const QString &title)
{
    QFont titleFont = font();
    titleFont.setPointSizeF(titleFont.pointSizeF() + 1);
    titleFont.setBold(true);
    plotLayout()->insertRow(0);
    m_titleElement = new CachedTextElement(this, title, titleFont);
    m_titleElement->setMargins(QMargins(4, 6, 4, 0));
    plotLayout()->addElement(0, 0, m_titleElement);
}

// The legend goes below the plot, in columns, so that it never hides data.
void ChartView::placeLegend()
{
    legend->setVisible(true);
    setAutoAddPlottableToLegend(false); // setInLegend() adds our own legend items
    QFont legendFont = font();
    legendFont.setPointSizeF(legendFont.pointSizeF() - 1);
    legend->setFont(legendFont);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    setLegendColumns(3);
    legend->setRowSpacing(0);
    legend->setColumnSpacing(10);
    legend->setMargins(QMargins(4, 0, 4, 2));
    axisRect()->insetLayout()->take(legend);
    plotLayout()->addElement(2, 0, legend);
    plotLayout()->setRowStretchFactor(2, 0.001);
    // An empty legend's size hint (a chart whose bars the axis names) would cap the column's width
    // and squeeze the axes: an explicit, unlimited maximum.
    legend->setMaximumSize(1 << 20, QWIDGETSIZE_MAX);
    plotLayout()->setRowSpacing(0);
}

// Stale data stays readable but washed out; the title says why.
void ChartView::addStaleWash()
{
    m_staleWash = new QCPItemRect(this);
    m_staleWash->setObjectName(QStringLiteral("staleWash"));
    m_staleWash->topLeft->setType(QCPItemPosition::ptAxisRectRatio);
    m_staleWash->topLeft->setCoords(0, 0);
    m_staleWash->bottomRight->setType(QCPItemPosition::ptAxisRectRatio);
    m_staleWash->bottomRight->setCoords(1, 1);
    m_staleWash->setPen(Qt::NoPen);
    m_staleWash->setBrush(QColor(255, 255, 255, 150));
    m_staleWash->setLayer(QStringLiteral("legend"));
    m_staleWash->setVisible(false);
}

// The context menu; the texts fitted once laid out; redrawn() once a pending redraw is drawn.
void ChartView::connectSignals()
{
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, &ChartView::showContextMenu);
    connect(this, &QCustomPlot::afterLayout, this, &ChartView::fitLabelsInside);
    connect(this, &QCustomPlot::afterLayout, this, [this] {
        // Each category's name wrapped to its width, known once laid out: draw again with them.
        // The minimum height after the replot: a resize inside one would not lay the chart out.
        const bool names = fitCategoryNames();
        const bool axes = fitVerticalAxisLabels();
        // The legend's room is known once the axes are laid out.
        const bool legendTexts = fitLegendTexts(width() - 16);
        if (names || axes || legendTexts)
            QMetaObject::invokeMethod(
                this,
                [this] {
                    fitToWidth(width()); // the legend's columns, the minimum height
                    replot(rpQueuedReplot);
                },
                Qt::QueuedConnection);
    });
    connect(this, &QCustomPlot::afterReplot, this, [this] {
        m_replotNeeded = false;
        if (m_pendingRedraw == 0)
            return;
        const quint64 id = m_pendingRedraw;
        m_pendingRedraw = 0;
        Q_EMIT redrawn(id);
    });
}

ChartView::~ChartView() = default;

void ChartView::showAnalysis(const Analysis &a)
{
    if (!setAnalysis(a))
        return;
    queueReplot();
}

void ChartView::redraw(quint64 id, const std::function<void()> &drawData)
{
    setDrawn(id, drawData);
    queueReplot();
}

void ChartView::queueReplot()
{
    if (m_replotNeeded)
        replot(rpQueuedReplot);
    else // as a replot would: redrawn() after this returns
        QMetaObject::invokeMethod(this, &ChartView::replotIfChanged, Qt::QueuedConnection);
}

void ChartView::replotIfChanged()
{
    if (m_replotNeeded) {
        replot(rpRefreshHint);
        return;
    }
    if (m_pendingRedraw == 0)
        return;
    const quint64 id = m_pendingRedraw;
    m_pendingRedraw = 0;
    Q_EMIT redrawn(id);
}

bool ChartView::setAnalysis(const Analysis &a)
{
    if (!a.valid)
        return false;
    setDrawn(a.requestId, [&] { draw(a); });
    return true;
}

void ChartView::setDrawn(quint64 id, const std::function<void()> &drawData)
{
    clearHoverTargets();
    clearLabels();
    drawData();
    m_drawnUpper.clear();
    for (QCPAxis *axis : axisRect()->axes())
        m_drawnUpper.insert(axis, axis->range().upper);
    fitToWidth(width()); // the legend may have other entries now
    if (m_pending) {
        m_pending = false;
        update();
    }
    setStaleLook(false);
    m_staleWash->setVisible(false);
    m_pendingRedraw = id;
    // Most edits leave some charts as they were (a DP-overlap change moves neither the bubble
    // nor the memory chart): those are not drawn again.
    const size_t state = drawnState();
    if (state != m_setState)
        m_replotNeeded = true;
    m_setState = state;
}

namespace {
// A running hash of what a replot draws, fed value by value.
struct StateHash {
    size_t h = 0;
    template <typename... T>
    void add(const T &...values) { h = qHashMulti(h, values...); }
    void addPen(const QPen &p) { add(p.color().rgba(), p.widthF(), int(p.style())); }
    void addBrush(const QBrush &b) { add(b.color().rgba(), int(b.style())); }
    template <typename Container>
    void addData(const Container &data)
    {
        add(data->size());
        for (auto it = data->constBegin(); it != data->constEnd(); ++it)
            add(it->key, it->value);
    }
};
} // namespace

size_t ChartView::drawnState()
{
    // Everything draw() and the stale or pending look set: the title, the wash, the legend's
    // entries and columns, each plottable's look and data, each item's place and text, and each
    // axis's range, scale, label and tick labels. Not the summaries (they are not drawn).
    StateHash s;
    s.add(m_titleElement->text(), m_titleElement->textColor().rgba(), m_staleWash->visible());
    s.add(legend->wrap(), legend->itemCount());
    for (int i = 0; i < legend->itemCount(); ++i)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(i)))
            s.add(quintptr(item->plottable()));
    for (int i = 0; i < plottableCount(); ++i) {
        const QCPAbstractPlottable *p = plottable(i);
        s.add(quintptr(p), p->visible(), p->name(), quintptr(p->layer()));
        s.addPen(p->pen());
        s.addBrush(p->brush());
        if (const auto *g = qobject_cast<const QCPGraph *>(p)) {
            const QCPScatterStyle &scatter = g->scatterStyle();
            s.add(int(g->lineStyle()), int(scatter.shape()), scatter.size());
            s.addPen(scatter.pen());
            s.addBrush(scatter.brush());
            s.addData(g->data());
        } else if (const auto *b = qobject_cast<const QCPBars *>(p)) {
            s.add(b->baseValue(), b->width());
            s.addData(b->data());
        }
    }
    for (int i = 0; i < itemCount(); ++i) {
        const QCPAbstractItem *item = this->item(i);
        // (labels and whiskers are made anew by each draw(): their addresses say nothing)
        s.add(quintptr(item->metaObject()), item->visible());
        for (const QCPItemPosition *pos : item->positions())
            s.add(pos->key(), pos->value(), quintptr(pos->keyAxis()), quintptr(pos->valueAxis()));
        if (const auto *text = qobject_cast<const QCPItemText *>(item)) {
            s.add(text->text(), text->color().rgba(), int(text->positionAlignment()));
            s.add(text->font().toString());
        } else if (const auto *line = qobject_cast<const QCPItemLine *>(item)) {
            s.addPen(line->pen());
        }
    }
    for (const QCPAxis *axis : axisRect()->axes()) {
        s.add(axis->visible(), axis->range().lower, axis->range().upper, int(axis->scaleType()), axis->label());
        s.add(axis->ticker()->tickCount());
        // (category tickers are made anew by each draw(): their labels count, not their address)
        if (auto *text = dynamic_cast<QCPAxisTickerText *>(axis->ticker().data()))
            for (auto it = text->ticks().constBegin(); it != text->ticks().constEnd(); ++it)
                s.add(it.key(), it.value());
        else
            s.add(quintptr(axis->ticker().data()));
    }
    return s.h;
}

void ChartView::setSummary(const QString &headline, const QString &details)
{
    m_headline = headline;
    m_details = details;
    updateAccessibleText();
}

void ChartView::updateAccessibleText()
{
    const QString title = m_stale ? m_title + tr(" (stale)") : m_title;
    setAccessibleName(m_headline.isEmpty() ? title : tr("%1: %2").arg(title, m_headline));
    setAccessibleDescription(m_details);
}

void ChartView::fitLabelsInside()
{
    // A label anchored at data value d on an axis from L to U, reaching r pixels beyond its anchor
    // towards the upper end of a plot W pixels long, stays inside when U >= L + (d - L) / (1 - r/W).
    QHash<QCPAxis *, double> upper = m_drawnUpper;
    const QRect plot = axisRect()->rect();
    for (QCPItemText *label : std::as_const(m_labels)) {
        if (!label->visible())
            continue;
        const QPointF at = label->position->pixelPosition();
        const QPointF topLeft = label->topLeft->pixelPosition(), bottomRight = label->bottomRight->pixelPosition();
        for (QCPAxis *axis : {label->position->keyAxis(), label->position->valueAxis()}) {
            if (!axis || !upper.contains(axis) || axis->scaleType() != QCPAxis::stLinear || axis->rangeReversed())
                continue;
            const bool horizontal = axis->orientation() == Qt::Horizontal;
            const double length = horizontal ? plot.width() : plot.height();
            const double reach = (horizontal ? bottomRight.x() - at.x() : at.y() - topLeft.y()) + 3;
            const double d = axis == label->position->keyAxis() ? label->position->key() : label->position->value();
            const double lower = axis->range().lower;
            if (length <= 0 || reach <= 0 || reach >= 0.6 * length || d <= lower)
                continue;
            upper[axis] = std::max(upper[axis], lower + (d - lower) / (1.0 - reach / length));
        }
    }
    bool changed = false;
    for (auto it = upper.cbegin(); it != upper.cend(); ++it) {
        // An axis the user zooms or drags (the step timeline's time) keeps the range they chose.
        const QList<QCPAxis *> zoomed = axisRect()->rangeZoomAxes(it.key()->orientation());
        if ((interactions() & (QCP::iRangeZoom | QCP::iRangeDrag)) && zoomed.contains(it.key()))
            continue;
        if (it.key()->range().upper != it.value()) {
            it.key()->setRangeUpper(it.value());
            changed = true;
        }
    }
    // The layout has set the ticks up for the old ranges already: again, for the new ones, before
    // this replot draws them.
    if (changed)
        axisRect()->update(QCPLayoutElement::upPreparation);
}

void ChartView::setStale(bool stale)
{
    if (setStaleLook(stale))
        replot(rpQueuedReplot);
}

void ChartView::setPending(bool pending)
{
    if (pending == m_pending)
        return;
    m_pending = pending;
    update(); // paintEvent() washes the plot out: no replot
}

void ChartView::paintEvent(QPaintEvent *event)
{
    QCustomPlot::paintEvent(event);
    // Pending: the plot washed out as the stale mark does, painted over the drawn plot rather
    // than drawn into it, so that it comes and goes without a replot.
    if (m_pending && !m_stale) {
        QPainter p(this);
        p.fillRect(axisRect()->rect(), m_staleWash->brush());
    }
}

bool ChartView::setStaleLook(bool stale)
{
    if (stale == m_stale)
        return false;
    m_stale = stale;
    m_staleWash->setVisible(stale);
    fitTitle(width() - 16);
    updateAccessibleText();
    m_titleElement->setTextColor(stale ? QColor(0xb0, 0x00, 0x20) : Qt::black);
    return true;
}

// Both exports go through writeFileAtomically (QCustomPlot's savePng/savePdf write in place, so a
// failed export used to leave a truncated file where the old one was).
bool ChartView::exportPng(const QString &fileName, double scale, QString *error)
{
    // What QCustomPlot::savePng does (96 dpi recorded in the file), into the atomic writer's device.
    QImage image = toPixmap(width(), height(), scale).toImage();
    if (image.isNull()) {
        if (error)
            *error = fileName + tr(": cannot write: the chart could not be drawn");
        return false;
    }
    const int dotsPerMeter = qRound(96 / 0.0254);
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    return writeFileAtomically(
        fileName,
        [&image](QIODevice &device, QString *why) {
            if (image.save(&device, "PNG"))
                return true;
            *why = device.errorString().isEmpty() ? tr("the PNG encoder failed") : device.errorString();
            return false;
        },
        error);
}

bool ChartView::exportPdf(const QString &fileName, QString *error)
{
    // What QCustomPlot::savePdf does, on a QPdfWriter over the atomic writer's device. Drawn at
    // screen resolution: a 300-dpi painter would blow the axis text up.
    return writeFileAtomically(
        fileName,
        [this](QIODevice &device, QString *why) {
            QPdfWriter writer(&device);
            writer.setResolution(logicalDpiX());
            writer.setCreator(tr("Commtax"));
            writer.setTitle(m_title);
            const QRect oldViewport = viewport();
            setViewport(QRect(0, 0, width(), height()));
            QPageLayout layout;
            layout.setMode(QPageLayout::FullPageMode);
            layout.setOrientation(QPageLayout::Portrait);
            layout.setMargins(QMarginsF(0, 0, 0, 0));
            layout.setPageSize(QPageSize(viewport().size(), QPageSize::Point, QString(), QPageSize::ExactMatch));
            writer.setPageLayout(layout);
            QCPPainter painter;
            bool ok = painter.begin(&writer);
            if (ok) {
                painter.setMode(QCPPainter::pmVectorized);
                painter.setMode(QCPPainter::pmNoCaching);
                painter.setWindow(viewport());
                if (mBackgroundBrush.style() != Qt::NoBrush && mBackgroundBrush.color() != Qt::white
                    && mBackgroundBrush.color() != Qt::transparent && mBackgroundBrush.color().alpha() > 0)
                    painter.fillRect(viewport(), mBackgroundBrush);
                QCustomPlot::draw(&painter);
                ok = painter.end();
            }
            setViewport(oldViewport);
            if (!ok)
                *why = tr("the PDF could not be drawn");
            return ok;
        },
        error);
}

QPointF ChartView::pixelOf(const QCPAbstractPlottable *p, double key, double value)
{
    return p->coordsToPixels(key, value);
}

double ChartView::contrastRatio(const QColor &a, const QColor &b)
{
    // Relative luminance of sRGB (WCAG 2.1): each channel linearised, then weighted.
    const auto luminance = [](const QColor &c) {
        const auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor ChartView::withContrast(const QColor &color, const QColor &background, double ratio)
{
    QColor c = color;
    for (int guard = 0; guard < 40 && contrastRatio(c, background) < ratio; ++guard)
        c = c.darker(105);
    return c;
}

QColor ChartView::colorForGpu(const QString &gpuId)
{
    // The built-in GPU preset's "color" (presets/gpus.json: colour-blind safe, Okabe-Ito and Tol),
    // so that a GPU keeps its colour from chart to chart. The light ones (sky blue, orange, reddish
    // purple) are darkened to 3:1 against white.
    if (const std::optional<Preset> p = PresetCatalog::builtIn().find(Section::Gpu, gpuId))
        if (const QColor c(p->color()); !p->color().isEmpty() && c.isValid())
            return withContrast(c, plotBackground());
    // Any other GPU (a user's preset) one of four of Tol's colours, the same for the same id.
    static const QColor others[] = {QColor(0x44, 0xaa, 0x99), QColor(0x99, 0x99, 0x33), QColor(0x33, 0x22, 0x88),
                                    QColor(0xaa, 0x44, 0x99)};
    return withContrast(others[qHash(gpuId) % 4], plotBackground());
}

QCPScatterStyle::ScatterShape ChartView::shapeForGpu(const QString &gpuId)
{
    static constexpr QCPScatterStyle::ScatterShape shapes[] = {QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare,
                                                               QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond};
    const QList<Preset> gpus = PresetCatalog::builtIn().presets(Section::Gpu);
    for (qsizetype i = 0; i < gpus.size(); ++i) {
        if (gpus[i].id != gpuId)
            continue;
        qsizetype before = 0; // earlier GPUs of the same colour
        for (qsizetype j = 0; j < i; ++j)
            before += gpus[j].color().compare(gpus[i].color(), Qt::CaseInsensitive) == 0 ? 1 : 0;
        return shapes[before % 4];
    }
    return shapes[(qHash(gpuId) / 4) % 4]; // colorForGpu() takes qHash(id) % 4
}

void ChartView::addHoverPoint(const QCPAbstractPlottable *p, double key, double value, const QString &text)
{
    if (std::isfinite(key) && std::isfinite(value))
        m_hover.append(HoverTarget{p, key, key, value, value, false, text});
}

void ChartView::addHoverBox(const QCPAbstractPlottable *p, double key0, double key1, double value0, double value1,
                            const QString &text)
{
    if (std::isfinite(key0) && std::isfinite(key1) && std::isfinite(value0) && std::isfinite(value1))
        m_hover.append(HoverTarget{p, key0, key1, value0, value1, true, text});
}

void ChartView::addHoverGraph(const QCPGraph *g, std::function<QString(double, double)> text)
{
    m_hoverGraphs.append(HoverGraph{g, std::move(text)});
}

QString ChartView::hoverTextAt(const QPointF &pos) const
{
    if (QString whole = fittedTextAt(pos); !whole.isEmpty())
        return whole;
    QString best;
    double bestDistance = kHoverRadiusPx;
    const HoverGraph *bestGraph = nullptr;
    double bestKey = 0, bestValue = 0;
    for (const HoverGraph &h : m_hoverGraphs) {
        if (!h.graph->visible())
            continue;
        for (auto it = h.graph->data()->constBegin(); it != h.graph->data()->constEnd(); ++it) {
            const QPointF d = pixelOf(h.graph, it->key, it->value) - pos;
            const double distance = std::hypot(d.x(), d.y());
            if (distance <= bestDistance) {
                bestDistance = distance;
                bestGraph = &h;
                bestKey = it->key;
                bestValue = it->value;
            }
        }
    }
    if (bestGraph)
        best = bestGraph->text(bestKey, bestValue);
    double targetDistance = kHoverRadiusPx;
    const QString *target = nullptr;
    for (const HoverTarget &t : m_hover) {
        if (!t.plottable->visible())
            continue;
        if (t.isBox) {
            const QRectF box = QRectF(pixelOf(t.plottable, t.key0, t.value0), pixelOf(t.plottable, t.key1, t.value1))
                                   .normalized();
            if (box.contains(pos))
                return t.text;
            continue;
        }
        const QPointF d = pixelOf(t.plottable, t.key0, t.value0) - pos;
        const double distance = std::hypot(d.x(), d.y());
        if (distance <= targetDistance) {
            targetDistance = distance;
            target = &t.text;
        }
    }
    if (target && targetDistance <= bestDistance + kHoverTargetPreferencePx)
        return *target;
    return best;
}

void ChartView::mouseMoveEvent(QMouseEvent *event)
{
    QCustomPlot::mouseMoveEvent(event);
    const QString text = hoverTextAt(event->position());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void ChartView::leaveEvent(QEvent *event)
{
    QToolTip::hideText();
    QCustomPlot::leaveEvent(event);
}

void ChartView::clearLabels()
{
    for (QCPItemText *label : std::as_const(m_labels))
        removeItem(label);
    m_labels.clear();
    for (QCPItemLine *line : std::as_const(m_whiskers))
        removeItem(line);
    m_whiskers.clear();
    for (QCPAbstractItem *item : std::as_const(m_drawnItems))
        removeItem(item);
    m_drawnItems.clear();
}

QCPItemText *ChartView::addMessage(const QString &text)
{
    auto *message = new QCPItemText(this);
    message->position->setType(QCPItemPosition::ptAxisRectRatio);
    message->position->setCoords(0.5, 0.5);
    message->setText(text);
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() + 0.5);
    message->setFont(f);
    message->setColor(QColor(0x55, 0x55, 0x55));
    m_drawnItems.append(message);
    return message;
}

void ChartView::addWhisker(const QCPAbstractPlottable *anchor, double key, double lo, double hi, double cap, const QColor &color)
{
    if (!std::isfinite(lo) || !std::isfinite(hi) || hi < lo)
        return;
    const auto line = [&](double k0, double v0, double k1, double v1) {
        auto *l = new QCPItemLine(this);
        for (QCPItemPosition *p : {l->start, l->end}) {
            p->setAxes(anchor->keyAxis(), anchor->valueAxis());
            p->setType(QCPItemPosition::ptPlotCoords);
        }
        l->start->setCoords(k0, v0);
        l->end->setCoords(k1, v1);
        l->setPen(QPen(color, 1.5));
        l->setSelectable(false);
        m_whiskers.append(l);
    };
    line(key, lo, key, hi);
    line(key - cap / 2, lo, key + cap / 2, lo);
    line(key - cap / 2, hi, key + cap / 2, hi);
}

QCPItemText *ChartView::addLabel(const QCPAbstractPlottable *anchor, double key, double value, const QString &text,
                                 const QColor &color, Qt::Alignment alignment)
{
    return addLabel(anchor->keyAxis(), anchor->valueAxis(), key, value, text, color, alignment);
}

QCPItemText *ChartView::addLabel(QCPAxis *keyAxis, QCPAxis *valueAxis, double key, double value, const QString &text,
                                 const QColor &color, Qt::Alignment alignment)
{
    auto *label = new QCPItemText(this);
    label->position->setAxes(keyAxis, valueAxis);
    label->position->setType(QCPItemPosition::ptPlotCoords);
    label->position->setCoords(key, value);
    label->setPositionAlignment(alignment);
    label->setText(text);
    label->setColor(color);
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() - 1);
    label->setFont(f);
    label->setPadding(QMargins(2, 1, 2, 1));
    m_labels.append(label);
    return label;
}

QCPGraph *ChartView::makeGraph(const QString &objectName, const QString &name, const QPen &pen,
                               const QCPScatterStyle &scatter, QCPAxis *keyAxis, QCPAxis *valueAxis)
{
    QCPGraph *g = new StampedScatterGraph(keyAxis ? keyAxis : xAxis, valueAxis ? valueAxis : yAxis);
    g->setObjectName(objectName);
    g->setName(name);
    g->setPen(pen);
    g->setScatterStyle(scatter);
    setInLegend(g, !name.isEmpty());
    return g;
}

QCPBars *ChartView::makeBars(const QString &objectName, const QString &name, const QColor &color, QCPAxis *keyAxis,
                             QCPAxis *valueAxis)
{
    auto *b = new QCPBars(keyAxis, valueAxis);
    b->setObjectName(objectName);
    b->setName(name);
    // Light fills keep the stacks readable; the outline gives each bar 3:1 against the plot.
    b->setPen(QPen(withContrast(color.darker(130), plotBackground()), 1));
    b->setBrush(color);
    b->setWidth(0.6);
    b->setAntialiased(false); // axis-aligned rectangles: crisp and faster without
    setInLegend(b, !name.isEmpty());
    return b;
}

QList<QCPBars *> ChartView::makeStackedBars(const QList<BarSpec> &specs, QCPAxis *keyAxis, QCPAxis *valueAxis,
                                            double width)
{
    QList<QCPBars *> out;
    for (const BarSpec &spec : specs) {
        QCPBars *b = makeBars(spec.object, spec.name, spec.color, keyAxis, valueAxis);
        b->setWidth(width);
        if (!out.isEmpty())
            b->moveAbove(out.last());
        out.append(b);
    }
    return out;
}

void ChartView::setInLegend(QCPAbstractPlottable *p, bool shown)
{
    if (QCPPlottableLegendItem *item = legend->itemWithPlottable(p)) {
        if (shown)
            return;
        legend->removeItem(item);
        return;
    }
    if (shown)
        legend->addItem(new CachedLegendItem(legend, p));
}

void ChartView::setLegendColumns(int columns)
{
    m_legendColumns = columns;
    fitToWidth(width());
}

void ChartView::fitToWidth(int width)
{
    fitTitle(width - 16);
    fitLegendTexts(width - 16);
    // The legend in as many of its columns as fit side by side, never cutting a name: item i goes
    // to column i % columns, each column as wide as its widest item. A long legend in few columns
    // takes height, not names: the chart's minimum height grows with it (fitMinimumHeight()), and
    // the charts area scrolls.
    QVector<int> widths;
    for (int i = 0; i < legend->elementCount(); ++i)
        if (QCPLayoutElement *item = legend->elementAt(i)) // (empty cells are null)
            widths << item->minimumOuterSizeHint().width();
    const QMargins m = legend->margins();
    const int room = width - m.left() - m.right() - 8;
    const int spacing = legend->columnSpacing();
    int columns = m_legendColumns;
    for (; columns > 1; --columns) {
        QVector<int> column(columns, 0);
        for (qsizetype i = 0; i < widths.size(); ++i)
            column[i % columns] = std::max(column[i % columns], widths[i]);
        int total = spacing * (columns - 1);
        for (int w : column)
            total += w;
        if (total <= room)
            break;
    }
    if (columns != legend->wrap() || legend->fillOrder() != QCPLayoutGrid::foColumnsFirst) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
    // ... and a tick label per 70 pixels or so on the horizontal axes, so that they never run
    // into each other (text tickers keep their own ticks).
    const int ticks = std::clamp((width - 70) / 70, 2, 5);
    for (QCPAxis *axis : {xAxis, xAxis2})
        if (axis->ticker()->tickCount() != ticks)
            axis->ticker()->setTickCount(ticks);
    fitAxisLabels(width);
    fitMinimumHeight();
}

// Text broken into lines of at most `width` pixels: at spaces, or between any two characters of
// text written without them (Chinese); a word wider than that alone is broken between characters.
QString ChartView::wrapText(const QString &text, const QFont &font, int width)
{
    if (measured(font, text, false).width() <= width)
        return text;
    const QFontMetrics fm(font);
    const bool spaced = text.contains(QLatin1Char(' '));
    const QStringList words = spaced ? text.split(QLatin1Char(' ')) : QStringList();
    QStringList tokens = words;
    if (!spaced)
        for (QChar c : text)
            tokens << QString(c);
    QStringList lines;
    QString line;
    for (const QString &token : std::as_const(tokens)) {
        const QString candidate = line.isEmpty() ? token : line + (spaced ? QStringLiteral(" ") : QString()) + token;
        if (!line.isEmpty() && fm.horizontalAdvance(candidate) > width) {
            lines << line;
            line = token;
        } else {
            line = candidate;
        }
        while (line.size() > 1 && fm.horizontalAdvance(line) > width) {
            qsizetype n = line.size() - 1;
            while (n > 1 && fm.horizontalAdvance(line.left(n)) > width)
                --n;
            lines << line.left(n);
            line = line.mid(n);
        }
    }
    lines << line;
    return lines.join(QLatin1Char('\n'));
}

void ChartView::fitAxisLabels(int width)
{
    // A horizontal axis's title in as many lines as the plot's width needs (the vertical axes'
    // titles get the height instead: fitMinimumHeight()).
    for (QCPAxis *axis : {xAxis, xAxis2}) {
        QString full = axis->property("fullLabel").toString();
        if (full.isEmpty() || (axis->label() != full && axis->label() != axis->property("shownLabel").toString()))
            full = axis->label(); // set since the last fit
        axis->setProperty("fullLabel", full);
        const QString shown = wrapText(full, axis->labelFont(), std::max(120, width - 2 * kAxisAllowance));
        axis->setProperty("shownLabel", shown);
        if (axis->label() != shown)
            axis->setLabel(shown);
    }
}

void ChartView::fitMinimumHeight()
{
    // Above the plot: the title and the top axis; below it: the bottom axis and the legend's rows.
    // Each horizontal axis shown takes its tick labels (two lines for category labels that wrap)
    // and its title.
    const auto minimumOf = [](const QCPLayoutElement *e) { return e->minimumOuterSizeHint(); }; // public in the base
    const auto axisHeight = [](const QCPAxis *axis) {
        if (!axis->visible())
            return 0;
        int lines = 1;
        if (auto *text = dynamic_cast<QCPAxisTickerText *>(axis->ticker().data()))
            for (const QString &label : text->ticks())
                lines = std::max(lines, int(label.count(QLatin1Char('\n'))) + 1);
        int h = axis->tickLengthOut() + axis->tickLabelPadding() + lines * QFontMetrics(axis->tickLabelFont()).height() + 6;
        if (!axis->label().isEmpty())
            h += axis->labelPadding() + measured(axis->labelFont(), axis->label(), true).height();
        return h;
    };
    const int above = minimumOf(m_titleElement).height() + std::max(axisHeight(xAxis2), 10);
    const int below = axisHeight(xAxis) + minimumOf(legend).height() + reservedLegendRows();
    // A vertical axis's title is centred on the plot: the plot is tall enough for it to stay
    // inside the chart.
    int plot = minimumPlotHeight();
    for (QCPAxis *axis : {yAxis, yAxis2})
        if (axis->visible() && !axis->label().isEmpty() && !m_wrapVerticalTitles)
            plot = std::max(plot,
                            measured(axis->labelFont(), axis->label(), false).width() + 4 - 2 * std::min(above, below));
    const int needed = std::max(220, above + plot + below + 8);
    if (minimumHeight() != needed)
        setMinimumHeight(needed);
}

int ChartView::reservedLegendRows()
{
    // The height the legend's rows below reservedLegendRows()'s count would take: the minimum
    // height grows once (or never, with legendRoom()) and stays as long as the width does.
    const int count = legend->itemCount();
    const int columns = std::max(1, legend->wrap());
    const int rows = (count + columns - 1) / columns;
    if (width() != m_reservedWidth) {
        m_reservedWidth = width();
        m_reservedRows = 0;
    }
    const LegendRoom room = legendRoom();
    const int roomColumns = room.columns > 0 ? std::min(room.columns, columns) : columns;
    m_reservedRows = std::max({m_reservedRows, rows, (room.items + roomColumns - 1) / roomColumns});
    if (m_reservedRows == rows || count == 0)
        return 0;
    const int rowHeight = legend->item(0)->minimumOuterSizeHint().height() + legend->rowSpacing();
    return (m_reservedRows - rows) * rowHeight;
}

void ChartView::resizeEvent(QResizeEvent *event)
{
    fitToWidth(event->size().width());
    QCustomPlot::resizeEvent(event);
    // Resized while a replot ran (a layout that another chart's replot set off): QCustomPlot then
    // skips its own, and the chart would keep the layout of its old size.
    if (mReplotting)
        replot(rpQueuedReplot);
}

void ChartView::styleAxis(QCPAxis *axis, const QString &label)
{
    axis->setLabel(label);
    QFont f = axis->labelFont();
    f.setPointSizeF(f.pointSizeF() - 0.5);
    axis->setLabelFont(f);
    axis->setLabelPadding(3);
    axis->setTickLabelPadding(3);
    axis->setBasePen(QPen(QColor(0x60, 0x60, 0x60)));
    axis->setTickPen(QPen(QColor(0x60, 0x60, 0x60)));
    axis->setSubTickPen(QPen(QColor(0x90, 0x90, 0x90)));
    axis->grid()->setPen(QPen(QColor(0xe4, 0xe4, 0xe4), 1, Qt::SolidLine));
    axis->grid()->setSubGridVisible(false);
}

QSharedPointer<QCPAxisTickerText> ChartView::powersOfTwoTicker(int from, int to)
{
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    int i = 0;
    for (long long v = from; v <= to; v *= 2, ++i) {
        // Every other power of two gets a label, so that "16384" never collides with "8192".
        QString text;
        if (i % 2 == 0)
            text = v >= 1024 ? QString::number(v / 1024) + QStringLiteral("k") : QString::number(v);
        ticker->addTick(double(v), text);
    }
    ticker->setSubTickCount(0);
    return ticker;
}

QSharedPointer<QCPAxisTickerText> ChartView::categoryTicker(const QStringList &labels)
{
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (qsizetype i = 0; i < labels.size(); ++i)
        ticker->addTick(double(i + 1), labels[i]);
    ticker->setSubTickCount(0);
    return ticker;
}

void ChartView::showContextMenu(const QPoint &pos)
{
    QMenu menu(this);
    const QString base = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation) + QLatin1Char('/')
        + m_title.toLower().replace(QLatin1Char(' '), QLatin1Char('-'));
    menu.addAction(tr("Export as &PNG..."), this, [this, base] {
        const QString file = QFileDialog::getSaveFileName(this, tr("Export chart as PNG"),
                                                          base + QStringLiteral(".png"), tr("PNG image (*.png)"));
        QString error;
        if (!file.isEmpty() && !exportPng(file, 2.0, &error))
            QMessageBox::warning(this, tr("Export failed"), error);
    });
    menu.addAction(tr("Export as P&DF..."), this, [this, base] {
        const QString file = QFileDialog::getSaveFileName(this, tr("Export chart as PDF"),
                                                          base + QStringLiteral(".pdf"), tr("PDF document (*.pdf)"));
        QString error;
        if (!file.isEmpty() && !exportPdf(file, &error))
            QMessageBox::warning(this, tr("Export failed"), error);
    });
    menu.exec(mapToGlobal(pos));
}

} // namespace commtax
