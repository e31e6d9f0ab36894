// SPDX-License-Identifier: GPL-3.0-or-later
#include "textpanels.h"

#include <QPainter>

#include <algorithm>

namespace commtax {

namespace {
struct Look {
    QColor background, text, border;
};
Look lookOf(const QString &look)
{
    if (look == QLatin1String("ok"))
        return {QColor(0xee, 0xf6, 0xee), QColor(0x1e, 0x46, 0x20), QColor(0xb9, 0xd8, 0xba)};
    if (look == QLatin1String("nofit"))
        return {QColor(0xff, 0xf3, 0xcd), QColor(0x5c, 0x44, 0x00), QColor(0xe0, 0xc0, 0x60)};
    if (look == QLatin1String("invalid"))
        return {QColor(0xfd, 0xe8, 0xea), QColor(0x8a, 0x00, 0x18), QColor(0xe8, 0xa0, 0xa8)};
    return {QColor(Qt::transparent), QColor(0x30, 0x30, 0x30), QColor(Qt::transparent)};
}
constexpr int kPad = 6;
} // namespace

TextStrip::TextStrip(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

TextStrip::~TextStrip() = default;

void TextStrip::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    setToolTip(text); // the whole sentence when the strip is too narrow for it
    fitLines();
    update();
}

void TextStrip::setWordWrap(bool wrap)
{
    m_wrap = wrap;
    fitLines();
}

void TextStrip::fitLines()
{
    int lines = 1;
    if (m_wrap && width() > 2 * kPad) {
        const QRect needed = fontMetrics().boundingRect(QRect(0, 0, width() - 2 * kPad, 10000), Qt::TextWordWrap, m_text);
        lines = std::max(1, (needed.height() + fontMetrics().lineSpacing() / 2) / fontMetrics().lineSpacing());
    }
    if (lines != m_lines) {
        m_lines = lines;
        updateGeometry();
    }
}

void TextStrip::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitLines();
}

void TextStrip::setLook(const QString &look)
{
    if (look == m_look)
        return;
    m_look = look;
    update();
}

QSize TextStrip::sizeHint() const
{
    return QSize(400, fontMetrics().height() + (m_lines - 1) * fontMetrics().lineSpacing() + 2 * kPad - 2);
}
QSize TextStrip::minimumSizeHint() const { return QSize(100, sizeHint().height()); }

void TextStrip::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const Look l = lookOf(m_look);
    p.setPen(l.border.alpha() ? QPen(l.border) : QPen(Qt::NoPen));
    p.setBrush(l.background);
    p.drawRect(rect().adjusted(0, 0, -1, -1));
    p.setPen(l.text);
    const QRect inner = rect().adjusted(kPad, 0, -kPad, 0);
    if (m_wrap)
        p.drawText(inner, Qt::AlignVCenter | Qt::TextWordWrap | m_alignment, m_text);
    else
        p.drawText(inner, Qt::AlignVCenter | m_alignment, fontMetrics().elidedText(m_text, Qt::ElideRight, inner.width()));
}

// ---------------------------------------------------------------------------------------------

FactSheet::FactSheet(const QStringList &names, QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    for (const QString &n : names) {
        Row r;
        r.name = n;
        r.shown.setTextFormat(Qt::PlainText);
        m_rows.append(r);
    }
}

FactSheet::~FactSheet() = default;

void FactSheet::setValue(const QString &name, const QString &value)
{
    for (Row &r : m_rows)
        if (r.name == name && r.value != value) {
            r.value = value;
            r.dirty = true;
            update();
        }
}

QString FactSheet::value(const QString &name) const
{
    for (const Row &r : m_rows)
        if (r.name == name)
            return r.value;
    return QString();
}

void FactSheet::setGreyed(bool greyed)
{
    if (greyed == m_greyed)
        return;
    m_greyed = greyed;
    update();
}

int FactSheet::nameColumnWidth() const
{
    int w = 0;
    for (const Row &r : m_rows)
        w = qMax(w, fontMetrics().horizontalAdvance(r.name));
    return w + 10;
}

QSize FactSheet::sizeHint() const { return QSize(320, int(m_rows.size()) * fontMetrics().lineSpacing() + 2); }
QSize FactSheet::minimumSizeHint() const { return QSize(160, sizeHint().height()); }

void FactSheet::resizeEvent(QResizeEvent *event)
{
    for (Row &r : m_rows)
        r.dirty = true; // elided for another width
    QWidget::resizeEvent(event);
}

void FactSheet::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const int nameWidth = nameColumnWidth();
    const int valueWidth = qMax(10, width() - nameWidth);
    const int line = fontMetrics().lineSpacing();
    const QColor nameColor = palette().color(QPalette::PlaceholderText);
    const QColor valueColor = m_greyed ? palette().color(QPalette::PlaceholderText) : palette().color(QPalette::WindowText);
    for (int i = 0; i < int(m_rows.size()); ++i) {
        Row &r = m_rows[i];
        if (r.dirty) {
            r.shown.setText(fontMetrics().elidedText(r.value, Qt::ElideRight, valueWidth));
            r.shown.prepare(QTransform(), font());
            r.dirty = false;
        }
        p.setPen(nameColor);
        p.drawText(QRect(0, i * line, nameWidth, line), Qt::AlignLeft | Qt::AlignVCenter, r.name);
        p.setPen(valueColor);
        p.drawStaticText(QPointF(nameWidth, i * line + (line - fontMetrics().height()) / 2.0), r.shown);
    }
}

} // namespace commtax
