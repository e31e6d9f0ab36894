// SPDX-License-Identifier: GPL-3.0-or-later
#include "keyfigures.h"

#include "core/resultio.h"
#include "engine/engine.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace commtax {

namespace {
constexpr int kSpacing = 5;
constexpr int kPadX = 6;
constexpr int kPadY = 4;

QString metricText(const char *key, double v)
{
    const MetricInfo *m = findMetric(QLatin1String(key));
    return m ? formatMetric(*m, v) : formatNumber(v, 2);
}
} // namespace

KeyFigures::KeyFigures(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("keyFigures"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    struct Spec {
        const char *key;
        const char *title;
        const char *tip;
    };
    static const Spec specs[] = {
        {"step_time_s", QT_TR_NOOP("Step time"), QT_TR_NOOP("Wall-clock time of one optimizer step: compute, bubble and exposed communication")},
        {"comm_tax_exposed", QT_TR_NOOP("Comm tax"), QT_TR_NOOP("Communication not hidden under compute, as a share of the step: T_comm_exposed / T_step. "
                                                                "Raw: T_comm / (T_comm + T_comp), as if nothing overlapped (the seed articles' definition)")},
        {"bubble_share", QT_TR_NOOP("Pipeline bubble"), QT_TR_NOOP("Share of the pipeline's time idle: (p-1)/(v*m+p-1). Overhead on compute: (p-1)/(v*m)")},
        {"mfu", QT_TR_NOOP("MFU"), QT_TR_NOOP("Model FLOPs per step / (step time x GPUs x dense peak of the chosen precision)")},
        {"memory_total_gb", QT_TR_NOOP("Memory per GPU"), QT_TR_NOOP("First pipeline stage: weights, gradients, optimizer states and activations, against the usable memory "
                                                                     "(capacity less a 10% allocator reserve)")},
        {"tokens_per_day", QT_TR_NOOP("Tokens per day"), QT_TR_NOOP("Global batch x sequence length / step time x 86400 s")},
        {"days_to_train", QT_TR_NOOP("Days to train"), QT_TR_NOOP("Tokens to train / (tokens per second x goodput), in days")},
        {"tco_usd", QT_TR_NOOP("TCO of the run"), QT_TR_NOOP("Cost per hour (depreciation, energy, upkeep; or rent) x wall-clock hours")},
        {"cost_per_billion_tokens_usd", QT_TR_NOOP("USD per 1B tokens"), QT_TR_NOOP("Cost per hour / (billions of tokens trained per hour, after goodput)")},
    };
    for (const Spec &s : specs) {
        Tile t;
        t.metric = QLatin1String(s.key);
        t.title = tr(s.title);
        t.tooltip = tr(s.tip);
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

QSize KeyFigures::sizeHint() const
{
    const int h = 2 * QFontMetrics(titleFont()).height() + QFontMetrics(valueFont()).height() + 2 * kPadY + 2;
    return QSize(int(m_tiles.size()) * 130, h);
}

QSize KeyFigures::minimumSizeHint() const { return QSize(int(m_tiles.size()) * 80, sizeHint().height()); }

void KeyFigures::setTile(const char *metric, const QString &value, const QString &detail, bool alarm)
{
    for (Tile &t : m_tiles)
        if (t.metric == QLatin1String(metric)) {
            if (t.value != value || t.detail != detail)
                t.laidOutWidth = -1;
            t.value = value;
            t.detail = detail;
            t.alarm = alarm;
        }
}

void KeyFigures::showResult(const Result &r)
{
    const auto number = [](const char *key, double v) { return metricText(key, v).section(QLatin1Char(' '), 0, 0); };
    setTile("step_time_s", metricText("step_time_s", r.step_time_s), tr("%n micro-batches", nullptr, r.micro_batches),
            false);
    setTile("comm_tax_exposed", metricText("comm_tax_exposed", r.comm_tax_exposed),
            tr("exposed, raw %1").arg(metricText("comm_tax_raw", r.comm_tax_raw)), r.comm_tax_exposed > kCommTaxWarn);
    setTile("bubble_share", metricText("bubble_share", r.bubble_share),
            tr("+%1 on compute").arg(metricText("bubble_overhead", r.bubble_overhead)), false);
    setTile("mfu", metricText("mfu", r.mfu), QStringLiteral("%1 TFLOPS/GPU").arg(formatNumber(r.tflops_per_gpu, 0)), false);
    setTile("memory_total_gb", metricText("memory_total_gb", r.memory_total_gb),
            (r.fits_in_memory ? tr("of %1 GB usable") : tr("NO FIT in %1 GB"))
                .arg(formatNumber(r.memory_usable_gb, 1)),
            !r.fits_in_memory);
    setTile("tokens_per_day", number("tokens_per_day", r.tokens_per_day),
            QStringLiteral("%1 tokens/s").arg(number("tokens_per_s", r.tokens_per_s)), false);
    setTile("days_to_train", formatNumber(r.days_to_train, 1), tr("on %1 GPUs").arg(r.gpus), false);
    setTile("tco_usd", metricText("tco_usd", r.tco_usd),
            tr("%1 per hour").arg(metricText("cost_per_hour_usd", r.cost_per_hour_usd)), false);
    setTile("cost_per_billion_tokens_usd", metricText("cost_per_billion_tokens_usd", r.cost_per_billion_tokens_usd),
            tr("per 1e9 tokens"), false);
    update();
}

void KeyFigures::setStale(bool stale)
{
    if (stale == m_stale)
        return;
    m_stale = stale;
    for (Tile &t : m_tiles)
        t.laidOutWidth = -1; // the value font turns italic
    update();
}

void KeyFigures::resizeEvent(QResizeEvent *event)
{
    for (Tile &t : m_tiles)
        t.laidOutWidth = -1;
    QWidget::resizeEvent(event);
}

QString KeyFigures::valueText(const QString &metric) const
{
    for (const Tile &t : m_tiles)
        if (t.metric == metric)
            return t.value;
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
    const int n = int(m_tiles.size());
    const int w = (width() - (n - 1) * kSpacing) / n;
    return QRect(index * (w + kSpacing), 0, w, height() - 1);
}

int KeyFigures::tileAt(const QPoint &pos) const
{
    for (int i = 0; i < int(m_tiles.size()); ++i)
        if (tileRect(i).contains(pos))
            return i;
    return -1;
}

void KeyFigures::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QPalette pal = palette();
    const QColor ink(0x20, 0x20, 0x20), muted(0x55, 0x55, 0x55), alarm(0xb0, 0x00, 0x20), grey(0x8a, 0x8a, 0x8a);
    const QFont tf = titleFont(), vf = valueFont();
    const QFontMetrics tm(tf), vm(vf);
    const auto layOut = [](QStaticText &st, const QFontMetrics &fm, const QFont &f, const QString &text, int width) {
        st.setTextFormat(Qt::PlainText);
        st.setText(fm.elidedText(text, Qt::ElideRight, width));
        st.prepare(QTransform(), f);
    };
    for (int i = 0; i < int(m_tiles.size()); ++i) {
        Tile &t = m_tiles[i];
        const QRect r = tileRect(i);
        const QRect inner = r.adjusted(kPadX, kPadY, -kPadX, -kPadY);
        if (t.laidOutWidth != inner.width()) {
            layOut(t.shownTitle, tm, tf, t.title, inner.width());
            layOut(t.shownValue, vm, vf, t.value, inner.width());
            layOut(t.shownDetail, tm, tf, t.detail, inner.width());
            t.laidOutWidth = inner.width();
        }
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
                                   .arg(t.title.toHtmlEscaped(), t.value.toHtmlEscaped(), t.detail.toHtmlEscaped(),
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
