#include "keyfigures.h"

#include "core/resultio.h"
#include "engine/engine.h"

#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace commtax {

namespace {
QString metricText(const char *key, double v)
{
    const MetricInfo *m = findMetric(QLatin1String(key));
    return m ? formatMetric(*m, v) : formatNumber(v, 2);
}
} // namespace

KeyFigures::KeyFigures(QWidget *parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("keyFigures"));
    setFrameShape(QFrame::NoFrame);
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(6);
    struct Spec {
        const char *key;
        const char *title;
        const char *tip;
    };
    static const Spec specs[] = {
        {"step_time_s", "Step time", "Wall-clock time of one optimizer step: compute, bubble and exposed communication"},
        {"comm_tax_exposed", "Comm tax (exposed)",
         "Communication not hidden under compute, as a share of the step: T_comm_exposed / T_step. "
         "Raw: T_comm / (T_comm + T_comp), as if nothing overlapped (the seed articles' definition)"},
        {"bubble_share", "Pipeline bubble",
         "Share of the pipeline's time idle: (p-1)/(v*m+p-1). Overhead on compute: (p-1)/(v*m)"},
        {"mfu", "MFU", "Model FLOPs per step / (step time x GPUs x dense peak of the chosen precision)"},
        {"memory_total_gb", "Memory per GPU",
         "First pipeline stage: weights, gradients, optimizer states and activations, against the usable memory "
         "(capacity less a 10% allocator reserve)"},
        {"tokens_per_day", "Tokens per day", "Global batch x sequence length / step time x 86400 s"},
        {"days_to_train", "Days to train", "Tokens to train / (tokens per second x goodput), in days"},
        {"tco_usd", "TCO of the run", "Cost per hour (depreciation, energy, upkeep; or rent) x wall-clock hours"},
        {"cost_per_billion_tokens_usd", "USD per 1B tokens", "Cost per hour / (billions of tokens trained per hour, after goodput)"},
    };
    int column = 0;
    for (const Spec &s : specs) {
        Tile t = addTile(QLatin1String(s.key), QLatin1String(s.title), QLatin1String(s.tip));
        auto *tile = qobject_cast<QFrame *>(t.value->parentWidget());
        grid->setColumnStretch(column, 1);
        grid->addWidget(tile, 0, column++);
    }
    setStale(false);
}

KeyFigures::~KeyFigures() = default;

KeyFigures::Tile KeyFigures::addTile(const QString &key, const QString &title, const QString &tooltip)
{
    auto *frame = new QFrame(this);
    frame->setObjectName(QStringLiteral("keyFigureTile_") + key);
    frame->setFrameShape(QFrame::StyledPanel);
    frame->setToolTip(tooltip);
    frame->setAutoFillBackground(true);
    auto *v = new QVBoxLayout(frame);
    v->setContentsMargins(8, 4, 8, 4);
    v->setSpacing(0);
    Tile t{new QLabel(title, frame), new QLabel(QStringLiteral("-"), frame), new QLabel(frame)};
    t.value->setObjectName(QStringLiteral("keyFigure_") + key);
    t.detail->setObjectName(QStringLiteral("keyFigureDetail_") + key);
    QFont titleFont = t.title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() - 1);
    t.title->setFont(titleFont);
    t.detail->setFont(titleFont);
    QFont valueFont = t.value->font();
    valueFont.setPointSizeF(valueFont.pointSizeF() + 3);
    valueFont.setBold(true);
    t.value->setFont(valueFont);
    t.value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Texts are short so that nine tiles fit one row without wrapping or clipping.
    v->addWidget(t.title);
    v->addWidget(t.value);
    v->addWidget(t.detail);
    m_tiles.insert(key, t);
    return t;
}

void KeyFigures::setTile(const QString &key, const QString &value, const QString &detail, bool alarm)
{
    const Tile &t = m_tiles[key];
    t.value->setText(value);
    t.detail->setText(detail);
    m_alarm[key] = alarm;
}

void KeyFigures::showResult(const Result &r)
{
    const auto number = [](const char *key, double v) { return metricText(key, v).section(QLatin1Char(' '), 0, 0); };
    setTile(QStringLiteral("step_time_s"), metricText("step_time_s", r.step_time_s),
            QStringLiteral("%1 micro-batches").arg(r.micro_batches), false);
    setTile(QStringLiteral("comm_tax_exposed"), metricText("comm_tax_exposed", r.comm_tax_exposed),
            QStringLiteral("raw %1").arg(metricText("comm_tax_raw", r.comm_tax_raw)), r.comm_tax_exposed > kCommTaxWarn);
    setTile(QStringLiteral("bubble_share"), metricText("bubble_share", r.bubble_share),
            QStringLiteral("+%1 on compute").arg(metricText("bubble_overhead", r.bubble_overhead)), false);
    setTile(QStringLiteral("mfu"), metricText("mfu", r.mfu), QStringLiteral("%1 TFLOPS/GPU").arg(formatNumber(r.tflops_per_gpu, 0)),
            false);
    setTile(QStringLiteral("memory_total_gb"), metricText("memory_total_gb", r.memory_total_gb),
            (r.fits_in_memory ? QStringLiteral("of %1 GB usable") : QStringLiteral("NO FIT: %1 GB usable"))
                .arg(formatNumber(r.memory_usable_gb, 1)),
            !r.fits_in_memory);
    setTile(QStringLiteral("tokens_per_day"), number("tokens_per_day", r.tokens_per_day),
            QStringLiteral("%1 tokens/s").arg(number("tokens_per_s", r.tokens_per_s)), false);
    setTile(QStringLiteral("days_to_train"), formatNumber(r.days_to_train, 1), QStringLiteral("on %1 GPUs").arg(r.gpus), false);
    setTile(QStringLiteral("tco_usd"), metricText("tco_usd", r.tco_usd),
            QStringLiteral("%1 per hour").arg(metricText("cost_per_hour_usd", r.cost_per_hour_usd)), false);
    setTile(QStringLiteral("cost_per_billion_tokens_usd"),
            metricText("cost_per_billion_tokens_usd", r.cost_per_billion_tokens_usd), QStringLiteral("per 1e9 tokens trained"),
            false);
    setStale(m_stale); // recolour
}

namespace {
// Palette and font rather than style sheets: this runs on every edit, and re-polishing style
// sheets would cost more than the engine.
void setLook(QLabel *label, const QColor &color, bool italic)
{
    if (label->palette().color(QPalette::WindowText) != color) {
        QPalette p = label->palette();
        p.setColor(QPalette::WindowText, color);
        label->setPalette(p);
    }
    if (label->font().italic() != italic) {
        QFont f = label->font();
        f.setItalic(italic);
        label->setFont(f);
    }
}
} // namespace

void KeyFigures::setStale(bool stale)
{
    m_stale = stale;
    const QColor grey(0x8a, 0x8a, 0x8a), alarmRed(0xb0, 0x00, 0x20), ink(0x20, 0x20, 0x20), muted(0x55, 0x55, 0x55);
    for (auto it = m_tiles.constBegin(); it != m_tiles.constEnd(); ++it) {
        const bool alarm = m_alarm.value(it.key());
        setLook(it->value, stale ? grey : alarm ? alarmRed : ink, stale);
        setLook(it->detail, stale ? grey : alarm ? alarmRed : muted, stale);
    }
}

QString KeyFigures::valueText(const QString &metric) const
{
    const auto it = m_tiles.constFind(metric);
    return it == m_tiles.constEnd() ? QString() : it->value->text();
}

} // namespace commtax
