// SPDX-License-Identifier: GPL-3.0-or-later
#include "keyfigures.h"

#include "text/modeltext.h"

#include "core/resultio.h"
#include "engine/engine.h"

#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace commtax {

namespace {
constexpr int kSpacing = 5;
constexpr int kPadX = 6;
constexpr int kPadY = 4;
// A little room beyond the widest text, so that a value one digit longer does not move the tiles
// to another row on every other edit.
constexpr int kTextSlack = 8;

QString figureText(MetricId id, double v) { return formatMetric(metricInfo(id), v); }

// Both ends as the tile's value is written, the unit once: "15.6-17.2 s"; money in the scale and
// decimals of the tile's value `headline` ("$980.5k" over "P10-P90: $0.83-1.26M").
QString rangeNumbers(MetricId id, double lo, double hi, double headline)
{
    if (id == MetricId::DaysToTrain)
        return formatNumber(lo, 1) + QLatin1Char('-') + formatNumber(hi, 1);
    if (id == MetricId::StepTime) { // three digits are enough for a range
        const int decimals = hi >= 100 ? 0 : hi >= 10 ? 1
                                                      : 2;
        return formatNumber(lo, decimals) + QLatin1Char('-') + formatNumber(hi, decimals) + QStringLiteral(" s");
    }
    // Money: both ends in the headline's scale, "$830.4-1260.2k" under "$980.5k".
    if (qstrcmp(metricInfo(id).unit, "USD") == 0) {
        const QString shown = figureText(id, std::isfinite(headline) ? headline : hi);
        const QChar last = shown.isEmpty() ? QChar() : shown.back();
        const double scale = last == QLatin1Char('T') ? 1e12 : last == QLatin1Char('B') ? 1e9
            : last == QLatin1Char('M')                                                  ? 1e6
            : last == QLatin1Char('k')                                                  ? 1e3
                                                                                        : 1;
        const QString suffix = scale > 1 ? QString(last) : QString();
        const QString digits = scale > 1 ? shown.chopped(1) : shown;
        const qsizetype point = digits.indexOf(QLocale().decimalPoint());
        const int decimals = point < 0 ? 0 : int(digits.size() - point - 1);
        return QStringLiteral("$") + formatNumber(lo / scale, decimals) + QLatin1Char('-') + formatNumber(hi / scale, decimals) + suffix;
    }
    QString a = figureText(id, lo);
    const QString b = figureText(id, hi);
    const qsizetype space = b.lastIndexOf(QLatin1Char(' '));
    if (space > 0 && a.endsWith(b.mid(space)))
        a.chop(b.size() - space);
    return a + QLatin1Char('-') + b;
}
} // namespace

KeyFigures::KeyFigures(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("keyFigures"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    // The tiles, in their order: the metric (its value, and its P10-P90 range when the
    // uncertainty model gives the metric one and the tile shows it), title and tooltip.
    struct Spec {
        MetricId id;
        const char *title;
        const char *tip;
        bool ranged;
    };
    static const Spec specs[] = {
        {MetricId::StepTime, QT_TR_NOOP("Step time"),
         QT_TR_NOOP("Wall-clock time of one optimizer step: compute, bubble and exposed communication"), true},
        {MetricId::CommTaxExposed, QT_TR_NOOP("Comm tax"),
         QT_TR_NOOP("Communication not hidden under compute, as a share of the step: T_comm_exposed / T_step. "
                    "Raw: T_comm / (T_comm + T_comp), as if nothing overlapped (the seed articles' definition)"),
         false},
        {MetricId::BubbleShare, QT_TR_NOOP("Pipeline bubble"),
         QT_TR_NOOP("Share of the pipeline's time idle: (p-1)/(v*m+p-1). Overhead on compute: (p-1)/(v*m)"), false},
        {MetricId::Mfu, QT_TR_NOOP("MFU"),
         QT_TR_NOOP("Model FLOPs per step / (step time x GPUs x dense peak of the chosen precision)"), false},
        {MetricId::MemoryTotal, QT_TR_NOOP("Memory per GPU"),
         QT_TR_NOOP("First pipeline stage: weights, gradients, optimizer states and activations, against the usable "
                    "memory (capacity less a 10% allocator reserve)"),
         false},
        {MetricId::TokensPerDay, QT_TR_NOOP("Tokens per day"),
         QT_TR_NOOP("Global batch x sequence length / step time x 86400 s"), false},
        {MetricId::DaysToTrain, QT_TR_NOOP("Days to train"),
         QT_TR_NOOP("Tokens to train / (tokens per second x goodput), in days"), true},
        {MetricId::Tco, QT_TR_NOOP("TCO of the run"),
         QT_TR_NOOP("Cost per hour (depreciation, energy, upkeep; or rent) x wall-clock hours"), true},
        {MetricId::CostPerBillionTokens, QT_TR_NOOP("USD per 1B tokens"),
         QT_TR_NOOP("Cost per hour / (billions of tokens trained per hour, after goodput)"), true},
    };
    for (const Spec &s : specs) {
        Tile t;
        t.id = s.id;
        t.metric = QLatin1String(metricKey(s.id));
        t.title = tr(s.title);
        t.tooltip = tr(s.tip);
        if (s.ranged) {
            t.rangeObject = new QObject(this);
            t.rangeObject->setObjectName(QStringLiteral("keyRange_") + t.metric);
            t.rangeObject->setProperty("text", QString());
        }
        m_tiles.append(t);
    }
}

KeyFigures::~KeyFigures() = default;

QFont KeyFigures::titleFont() const
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() - 1);
    return f;
}

QFont KeyFigures::valueFont() const
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() + 3);
    f.setBold(true);
    f.setItalic(m_stale);
    return f;
}

int KeyFigures::rowHeight() const
{
    return 3 * QFontMetrics(titleFont()).height() + QFontMetrics(valueFont()).height() + 2 * kPadY + 2;
}

int KeyFigures::advance(TextFont which, const QString &text) const
{
    // The texts come back from edit to edit (the titles, "P10-P90: ...", most details): each is
    // shaped once, not three times per edit for the columns and again for the paint.
    const QFont f = which == TextFont::Value ? valueFont() : titleFont();
    TextWidths &cache = m_widths[which == TextFont::Value ? 1 : 0];
    if (!(cache.font == f) || cache.widths.size() > 2000) {
        cache.font = f;
        cache.widths.clear();
    }
    const auto it = cache.widths.constFind(text);
    if (it != cache.widths.constEnd())
        return *it;
    const int w = QFontMetrics(f).horizontalAdvance(text);
    cache.widths.insert(text, w);
    return w;
}

int KeyFigures::widestText() const
{
    int widest = 0;
    for (const Tile &t : m_tiles) {
        widest = std::max({widest, advance(TextFont::Title, t.title), advance(TextFont::Value, t.value),
                           advance(TextFont::Title, t.detail)});
        // The whole range with its label: without "P10-P90: " the numbers under a cost read as
        // another cost (issue 28: at 150% the label went, and in Chinese the range was cut).
        // A tile too narrow for it takes another row of tiles instead.
        // The last range keeps its room while the next is computed, so the tiles do not jump on
        // every edit.
        if (t.rangeObject) {
            const int range = advance(TextFont::Title, t.range.isEmpty() ? pendingRangeText() : t.range);
            widest = std::max({widest, range, advance(TextFont::Title, t.lastRange)});
        }
    }
    return widest + kTextSlack;
}

void KeyFigures::fitColumns()
{
    const int n = int(m_tiles.size());
    if (width() != m_neededWidth) {
        m_neededWidth = width();
        m_neededSeen = 0;
    }
    m_neededSeen = std::max(m_neededSeen, widestText() + 2 * kPadX);
    const int needed = m_neededSeen;
    int columns = 1;
    for (int rows = 1; rows <= n; ++rows) { // the fewest rows, each as full as the last allows
        const int c = (n + rows - 1) / rows;
        if ((width() - (c - 1) * kSpacing) / c >= needed) {
            columns = c;
            break;
        }
    }
    if (columns == m_columns)
        return;
    const int rowsBefore = (n + m_columns - 1) / m_columns;
    m_columns = columns;
    for (Tile &t : m_tiles)
        t.laidOutWidth = -1;
    update(); // every tile moves
    if ((n + columns - 1) / columns != rowsBefore)
        updateGeometry();
}

QSize KeyFigures::sizeHint() const
{
    const int rows = (int(m_tiles.size()) + m_columns - 1) / m_columns;
    return QSize(int(m_tiles.size()) * 130, rows * rowHeight() + (rows - 1) * kSpacing);
}

// One tile per row at the narrowest: as wide as the widest text.
QSize KeyFigures::minimumSizeHint() const { return QSize(widestText() + 2 * kPadX, sizeHint().height()); }

void KeyFigures::setTile(MetricId id, const QString &value, const QString &detail, bool alarm)
{
    for (Tile &t : m_tiles)
        if (t.id == id) {
            if (t.value != value || t.detail != detail || t.alarm != alarm)
                update(tileRect(int(&t - m_tiles.data())));
            t.value = value;
            t.detail = detail;
            t.alarm = alarm;
        }
}

QRect KeyFigures::textRectOf(const QString &metric) const
{
    const QRect r = tileRectOf(metric);
    return r.isNull() ? r : r.adjusted(kPadX, kPadY, -kPadX, -kPadY);
}

void KeyFigures::showResult(const Result &r)
{
    const auto number = [](MetricId id, double v) { return figureText(id, v).section(QLatin1Char(' '), 0, 0); };
    for (Tile &t : m_tiles)
        t.headline = metricValue(r, t.id); // the scale of its range
    setTile(MetricId::StepTime, metricText(MetricId::StepTime, r), tr("%n micro-batches", nullptr, r.micro_batches),
            false);
    setTile(MetricId::CommTaxExposed, metricText(MetricId::CommTaxExposed, r),
            tr("exposed, raw %1").arg(metricText(MetricId::CommTaxRaw, r)), r.comm_tax_exposed > kCommTaxWarn);
    setTile(MetricId::BubbleShare, metricText(MetricId::BubbleShare, r),
            tr("+%1 on compute").arg(metricText(MetricId::BubbleOverhead, r)), false);
    setTile(MetricId::Mfu, metricText(MetricId::Mfu, r),
            QStringLiteral("%1 TFLOPS/GPU").arg(formatNumber(r.tflops_per_gpu, 0)),
            false);
    setTile(MetricId::MemoryTotal, metricText(MetricId::MemoryTotal, r),
            (r.fits_in_memory ? tr("of %1 GB usable") : tr("NO FIT in %1 GB"))
                .arg(number(MetricId::MemoryTotal, r.memory_usable_gb)), // the value's decimals
            !r.fits_in_memory);
    setTile(MetricId::TokensPerDay, number(MetricId::TokensPerDay, r.tokens_per_day),
            QStringLiteral("%1 tokens/s").arg(number(MetricId::TokensPerS, r.tokens_per_s)), false);
    setTile(MetricId::DaysToTrain, formatNumber(r.days_to_train, 1), tr("on %1 GPUs").arg(r.gpus), false);
    setTile(MetricId::Tco, metricText(MetricId::Tco, r), tr("%1 per hour").arg(metricText(MetricId::CostPerHour, r)),
            false);
    setTile(MetricId::CostPerBillionTokens, metricText(MetricId::CostPerBillionTokens, r), tr("per 1e9 tokens"), false);
    fitColumns(); // (setTile() asked for the changed tiles to be repainted)
}

void KeyFigures::setRangesPending(bool pending)
{
    const bool placeholderChanges = pending != m_rangesPending;
    m_rangesPending = pending;
    for (Tile &t : m_tiles)
        if (t.rangeObject) {
            if (!t.range.isEmpty() || placeholderChanges)
                update(tileRect(int(&t - m_tiles.data())));
            t.range.clear();
            t.rangeNumbers.clear();
            t.rangeObject->setProperty("text", QString());
        }
    fitColumns();
}

void KeyFigures::showRanges(const UncertaintyFigures &u)
{
    m_rangesPending = false;
    m_accuracy = u.valid ? engineText("commtax::Accuracy", engineRegimeText(u.regime)) : QString();
    m_accuracyWarns = u.valid && engineRegimeWarns(u.regime);
    for (Tile &t : m_tiles) {
        if (!t.rangeObject)
            continue;
        const uncertainty::Percentiles &p = u.of(t.id);
        const QString numbers = u.valid ? rangeNumbers(t.id, p.p10, p.p90, t.headline) : QString();
        const QString text = u.valid ? tr("P10-P90: %1").arg(numbers) : QString();
        if (text != t.range)
            update(tileRect(int(&t - m_tiles.data()))); // only the tiles with a range
        t.range = text;
        if (!text.isEmpty())
            t.lastRange = text;
        t.rangeNumbers = numbers;
        t.rangeObject->setProperty("text", text);
    }
    fitColumns();
}

void KeyFigures::setStale(bool stale)
{
    if (stale == m_stale)
        return;
    m_stale = stale;
    for (Tile &t : m_tiles)
        t.laidOutWidth = -1; // the value font turns italic
    fitColumns();
    update();
}

void KeyFigures::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange) {
        for (Tile &t : m_tiles)
            t.laidOutWidth = -1;
        fitColumns();
        updateGeometry();
    }
    QWidget::changeEvent(event);
}

void KeyFigures::resizeEvent(QResizeEvent *event)
{
    for (Tile &t : m_tiles)
        t.laidOutWidth = -1;
    QWidget::resizeEvent(event);
    fitColumns();
    if (sizeHint().height() != height())
        updateGeometry();
}

QString KeyFigures::titleText(const QString &metric) const
{
    for (const Tile &t : m_tiles)
        if (t.metric == metric)
            return t.title;
    return QString();
}

QString KeyFigures::valueText(const QString &metric) const
{
    for (const Tile &t : m_tiles)
        if (t.metric == metric)
            return t.value;
    return QString();
}

QString KeyFigures::rangeText(const QString &metric) const
{
    for (const Tile &t : m_tiles)
        if (t.metric == metric)
            return t.range;
    return QString();
}

QString KeyFigures::shownRangeText(const QString &metric) const
{
    for (const Tile &t : m_tiles)
        if (t.metric == metric)
            return t.rangeShown;
    return QString();
}

QString KeyFigures::detailText(const QString &metric) const
{
    for (const Tile &t : m_tiles)
        if (t.metric == metric)
            return t.detail;
    return QString();
}

bool KeyFigures::isAlarm(const QString &metric) const
{
    for (const Tile &t : m_tiles)
        if (t.metric == metric)
            return t.alarm;
    return false;
}

QStringList KeyFigures::metricsShown() const
{
    QStringList out;
    for (const Tile &t : m_tiles)
        out << t.metric;
    return out;
}

QRect KeyFigures::tileRect(int index) const
{
    const int n = m_columns;
    const int w = (width() - (n - 1) * kSpacing) / n;
    const int h = rowHeight();
    return QRect((index % n) * (w + kSpacing), (index / n) * (h + kSpacing), w, h - 1);
}

int KeyFigures::tileAt(const QPoint &pos) const
{
    for (int i = 0; i < int(m_tiles.size()); ++i)
        if (tileRect(i).contains(pos))
            return i;
    return -1;
}

QString KeyFigures::pendingRangeText()
{
    return tr("P10-P90: %1").arg(QChar(0x2026));
}

void KeyFigures::paintEvent(QPaintEvent *event)
{
    QPainter p(this);
    const QPalette pal = palette();
    const QColor ink(0x20, 0x20, 0x20), muted(0x55, 0x55, 0x55), alarm(0xb0, 0x00, 0x20), grey(0x8a, 0x8a, 0x8a);
    const QFont tf = titleFont(), vf = valueFont();
    const QFontMetrics tm(tf), vm(vf);
    // A text is laid out again only when it, the tile's width or the fonts changed: a new figure
    // re-shapes its own line, not the title and the others of its tile.
    const auto layOut = [this](QStaticText &st, TextFont which, const QFont &f, const QString &text, int width,
                               bool again) {
        const QString shown = advance(which, text) <= width
            ? text
            : QFontMetrics(f).elidedText(text, Qt::ElideRight, width);
        if (!again && st.text() == shown)
            return;
        st.setTextFormat(Qt::PlainText);
        st.setText(shown);
        st.prepare(QTransform(), f);
    };
    for (int i = 0; i < int(m_tiles.size()); ++i) {
        Tile &t = m_tiles[i];
        const QRect r = tileRect(i);
        if (!event->region().intersects(r))
            continue; // (the ranges repaint only their four tiles)
        const QRect inner = r.adjusted(kPadX, kPadY, -kPadX, -kPadY);
        const bool again = t.laidOutWidth != inner.width();
        layOut(t.shownTitle, TextFont::Title, tf, t.title, inner.width(), again);
        layOut(t.shownValue, TextFont::Value, vf, t.value, inner.width(), again);
        t.rangeShown = advance(TextFont::Title, t.range) <= inner.width() ? t.range : t.rangeNumbers;
        if (t.range.isEmpty() && m_rangesPending) // being computed: a placeholder, not an older plan's
            t.rangeShown = pendingRangeText();
        layOut(t.shownRange, TextFont::Title, tf, t.rangeShown, inner.width(), again);
        layOut(t.shownDetail, TextFont::Title, tf, t.detail, inner.width(), again);
        t.laidOutWidth = inner.width();
        p.setPen(pal.color(QPalette::Mid));
        p.setBrush(pal.color(QPalette::Base));
        p.drawRect(r);
        int y = inner.top();
        p.setFont(tf);
        p.setPen(m_stale ? grey : ink);
        p.drawStaticText(inner.left(), y, t.shownTitle);
        y += tm.height();
        p.setFont(vf);
        p.setPen(m_stale ? grey : t.alarm ? alarm
                                          : ink);
        p.drawStaticText(inner.left(), y, t.shownValue);
        y += vm.height();
        p.setFont(tf);
        if (t.rangeObject) { // the range under the value, the detail under it
            p.setPen(m_stale || t.range.isEmpty() ? grey : muted);
            p.drawStaticText(inner.left(), y, t.shownRange);
            y += tm.height();
        }
        p.setFont(tf);
        p.setPen(m_stale ? grey : t.alarm ? alarm
                                          : muted);
        p.drawStaticText(inner.left(), y, t.shownDetail);
    }
}

bool KeyFigures::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int i = tileAt(help->pos());
        if (i >= 0) {
            const Tile &t = m_tiles[i];
            QToolTip::showText(help->globalPos(),
                               QStringLiteral("<b>%1: %2</b><br>%3<br>%4%5")
                                   .arg(t.title.toHtmlEscaped(), t.value.toHtmlEscaped(),
                                        (t.range.isEmpty() ? QString()
                                                           : t.range.toHtmlEscaped() + tr(" (uncertainty of the inputs and of the engine)") + QStringLiteral("<br>")
                                                 + (m_accuracyWarns ? QStringLiteral("<b>%1</b>") : QStringLiteral("%1")).arg(m_accuracy.toHtmlEscaped()) + QStringLiteral("<br>"))
                                            + t.detail.toHtmlEscaped(),
                                        t.tooltip.toHtmlEscaped(),
                                        m_stale ? tr("<br><i>Stale: the last valid plan's figure.</i>") : QString()),
                               this, tileRect(i));
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(event);
}

} // namespace commtax
