// SPDX-License-Identifier: GPL-3.0-or-later
// ChartView's texts fitted to its size: the title, the legend's entries and the category names
// under the bars. On screen a text that does not fit is shortened, its whole text in a tooltip; a
// chart made for print (WA_DontShowOnScreen: the PDF report's) has no tooltips and wraps it whole.
#include "chartview.h"

#include <QHelpEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace commtax {

namespace {
// Category names carry a mark after a line break ("\n(A)"): kept whole, on its own line.
QPair<QString, QString> splitMark(const QString &name)
{
    const qsizetype br = name.indexOf(QLatin1Char('\n'));
    return br < 0 ? qMakePair(name, QString()) : qMakePair(name.left(br), name.mid(br));
}
} // namespace

void ChartView::setTitle(const QString &title, const QString &shortenable)
{
    m_title = title;
    m_shortenable = shortenable;
    fitTitle(width() - 16);
    updateAccessibleText();
}

bool ChartView::fitTitle(int width)
{
    QString text = m_stale ? m_title + tr(" (stale)") : m_title;
    const QFont font = m_titleElement->font();
    const QFontMetrics fm(font);
    width = std::max(width, 100);
    const bool onScreen = !testAttribute(Qt::WA_DontShowOnScreen);
    if (onScreen && !m_shortenable.isEmpty() && text.contains(m_shortenable) && fm.horizontalAdvance(text) > width) {
        const int rest = fm.horizontalAdvance(text) - fm.horizontalAdvance(m_shortenable);
        const int room = std::max(width - rest, fm.horizontalAdvance(QStringLiteral("MMMMMM")));
        text.replace(m_shortenable, fm.elidedText(m_shortenable, Qt::ElideRight, room));
    }
    text = wrapText(text, font, width);
    if (text == m_titleElement->text())
        return false;
    m_titleElement->setText(text);
    return true;
}

namespace {
// One line of a legend entry: the plan's name in it shortened, the rest ("matches A at
// $2.1k/GPU") kept.
QString shortenedEntry(const QCPAbstractPlottable *p, const QFontMetrics &fm, int w)
{
    const QString full = p->property("fullName").toString();
    const QString name = p->property("planName").toString();
    if (fm.horizontalAdvance(full) <= w)
        return full;
    if (!name.isEmpty() && full.contains(name)) {
        const int rest = fm.horizontalAdvance(full) - fm.horizontalAdvance(name);
        const int nameRoom = std::max(w - rest, fm.horizontalAdvance(QStringLiteral("MMMMMM")));
        const QString text = QString(full).replace(name, fm.elidedText(name, Qt::ElideRight, nameRoom));
        if (fm.horizontalAdvance(text) <= w)
            return text;
    }
    return fm.elidedText(full, Qt::ElideRight, w);
}
} // namespace

bool ChartView::fitLegendTexts(int width)
{
    if (m_legendShare <= 0 || legend->itemCount() == 0 || width < 100)
        return false;
    QList<QCPAbstractPlottable *> entries;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(i))) {
            QCPAbstractPlottable *p = item->plottable();
            if (!p->property("fullName").isValid())
                p->setProperty("fullName", p->name());
            entries << p;
        }
    if (entries.isEmpty())
        return false;
    QStringList before;
    for (QCPAbstractPlottable *p : std::as_const(entries))
        before << p->name();
    const QFont font = legend->font();
    const QFontMetrics fm(font);
    // What an entry takes beside its text (icon, padding, margins), from an entry as laid out.
    int marker = legend->iconSize().width() + legend->iconTextPadding() + 12;
    if (const QCPLayoutElement *first = legend->itemWithPlottable(entries.first())) {
        const int text = fm.boundingRect(0, 0, 0, 0, Qt::TextDontClip, entries.first()->name()).width();
        marker = std::max(marker, first->minimumOuterSizeHint().width() - text + 4);
    }
    const int spacing = legend->columnSpacing();
    const auto textWidth = [&](int columns) { return (width - (columns - 1) * spacing) / columns - marker; };
    // Names for `columns` columns; returns the legend's height then (rows filled column by column).
    const auto apply = [&](int columns, const std::function<QString(QCPAbstractPlottable *, int)> &text) {
        QVector<int> rowHeights((entries.size() + columns - 1) / columns, 0);
        for (qsizetype i = 0; i < entries.size(); ++i) {
            entries[i]->setName(text(entries[i], textWidth(columns)));
            // (the legend item's own size, its margins and icon included; public in the base)
            const QCPLayoutElement *item = legend->itemWithPlottable(entries[i]);
            const int h = item ? item->minimumOuterSizeHint().height() : fm.height();
            rowHeights[i / columns] = std::max(rowHeights[i / columns], h);
        }
        m_legendColumns = columns;
        int height = legend->margins().top() + legend->margins().bottom();
        for (int h : std::as_const(rowHeights))
            height += h + legend->rowSpacing();
        return height;
    };
    // What the legend may take: its share of the chart's height less the title and the axes.
    const int title = static_cast<QCPLayoutElement *>(m_titleElement)->minimumOuterSizeHint().height();
    const QMargins margins = axisRect()->margins(); // as last laid out
    const int axes = std::max(margins.top() + margins.bottom(),
                              2 * QFontMetrics(xAxis->labelFont()).lineSpacing() + 16);
    const int room = int(m_legendShare * height()) - title - axes;
    // Whole texts: two columns when each fits on one line, else one, wrapped.
    int widest = 0;
    for (QCPAbstractPlottable *p : std::as_const(entries))
        for (const QString &line : p->property("fullName").toString().split(QLatin1Char('\n')))
            widest = std::max(widest, fm.horizontalAdvance(line));
    const int wholeColumns = widest <= textWidth(2) ? 2 : 1;
    const auto whole = [&](QCPAbstractPlottable *p, int w) { return wrapText(p->property("fullName").toString(),
                                                                             font, w); };
    const bool onScreen = !testAttribute(Qt::WA_DontShowOnScreen);
    if (apply(wholeColumns, whole) > room && onScreen) {
        const auto shortened = [&](QCPAbstractPlottable *p, int w) { return shortenedEntry(p, fm, w); };
        // From as many columns as the whole texts took: fewer only makes the legend taller.
        int columns = wholeColumns;
        while (apply(columns, shortened) > room && columns < 4 && textWidth(columns + 1) >= 110)
            ++columns;
    }
    QStringList after;
    for (QCPAbstractPlottable *p : std::as_const(entries))
        after << p->name();
    return after != before;
}

void ChartView::setCategoryNames(QCPAxis *axis, const QStringList &names)
{
    m_categoryAxis = names.isEmpty() ? nullptr : axis;
    m_categoryNames = names;
    if (!m_categoryAxis)
        return;
    axis->setTicker(categoryTicker(names));
    axis->setRange(0.4, double(std::max<qsizetype>(names.size(), 1)) + 0.6);
    fitCategoryNames();
}

bool ChartView::fitCategoryNames()
{
    auto ticker = m_categoryAxis ? qSharedPointerDynamicCast<QCPAxisTickerText>(m_categoryAxis->ticker()) : nullptr;
    if (!ticker || m_categoryNames.isEmpty() || ticker->ticks().size() != m_categoryNames.size())
        return false;
    const int step = int(std::abs(m_categoryAxis->coordToPixel(2) - m_categoryAxis->coordToPixel(1))) - 4;
    const int width = std::max(step, 16);
    const QFont font = m_categoryAxis->tickLabelFont();
    const QFontMetrics fm(font);
    const bool onScreen = !testAttribute(Qt::WA_DontShowOnScreen);
    // On screen the words every name starts with ("Llama 2 70B on") are left out: the lines go
    // to what tells the categories apart. So are the words every name ends with ("(best layout)")
    // when a name would otherwise be cut. The whole name is the category's tooltip (fittedTextAt).
    // A name's words start after a space, and at the full-width opening bracket (U+FF08) of the
    // Chinese names, which follows the word before it without a space.
    struct Name {
        QString body, mark;     // splitMark()'s parts
        QList<qsizetype> start; // where each word of body starts
        QStringList words;
    };
    QList<Name> names;
    for (const QString &full : std::as_const(m_categoryNames)) {
        Name n;
        std::tie(n.body, n.mark) = splitMark(full);
        for (qsizetype c = 0; c < n.body.size(); ++c) {
            const bool afterSpace = c == 0 || n.body[c - 1].isSpace();
            const bool bracket = n.body[c] == QChar(0xFF08); // "A100(40GB)" stays one word
            if (!n.body[c].isSpace() && (afterSpace || bracket))
                n.start << c;
        }
        for (qsizetype k = 0; k < n.start.size(); ++k) {
            const qsizetype end = k + 1 < n.start.size() ? n.start[k + 1] : n.body.size();
            n.words << n.body.mid(n.start[k], end - n.start[k]).trimmed();
        }
        names << n;
    }
    const auto sharedWords = [&](bool fromEnd, qsizetype other) {
        qsizetype n = 0;
        while (onScreen && names.size() > 1) {
            bool same = true;
            const QStringList &first = names.first().words;
            for (const Name &name : std::as_const(names)) {
                const QStringList &w = name.words;
                same = same && w.size() > other + n + 1
                    && (fromEnd ? w[w.size() - 1 - n] == first[first.size() - 1 - n] : w[n] == first[n]);
            }
            if (!same)
                break;
            ++n;
        }
        return n;
    };
    const qsizetype common = sharedWords(false, 0);
    const qsizetype tail = sharedWords(true, common);
    // At most three lines (two with a mark) on screen: ten lines of a 60-character name left a
    // 1280-px window's plot 35 px.
    const auto linesOf = [&](const Name &n, qsizetype dropped) {
        const qsizetype from = common > 0 ? n.start[common] : 0;
        const qsizetype to = dropped > 0 ? n.start[n.start.size() - dropped] : n.body.size();
        return wrapText(n.body.mid(from, to - from).trimmed(), font, width).split(QLatin1Char('\n'));
    };
    const auto keepOf = [](const Name &n) { return n.mark.isEmpty() ? 3 : 2; };
    const bool cutWithTail = onScreen && tail > 0 && std::any_of(names.cbegin(), names.cend(), [&](const Name &n) {
                                 return linesOf(n, 0).size() > keepOf(n);
                             });
    const qsizetype dropped = cutWithTail ? tail : 0;
    QMap<double, QString> ticks;
    for (qsizetype i = 0; i < names.size(); ++i) {
        QStringList lines = linesOf(names[i], dropped);
        const qsizetype keep = keepOf(names[i]);
        if (onScreen && lines.size() > keep) {
            const QString rest = QStringList(lines.mid(keep - 1)).join(QLatin1Char(' '));
            lines = lines.mid(0, keep - 1);
            lines << fm.elidedText(rest, Qt::ElideRight, width);
        }
        ticks.insert(double(i + 1), lines.join(QLatin1Char('\n')) + names[i].mark);
    }
    if (ticks == ticker->ticks())
        return false;
    ticker->setTicks(ticks);
    return true;
}

bool ChartView::fitVerticalAxisLabels()
{
    const int height = axisRect()->height();
    if (!m_wrapVerticalTitles || height < 40)
        return false;
    bool changed = false;
    for (QCPAxis *axis : {yAxis, yAxis2}) {
        QString full = axis->property("fullLabel").toString();
        if (full.isEmpty() || (axis->label() != full && axis->label() != axis->property("shownLabel").toString()))
            full = axis->label(); // set since the last fit
        axis->setProperty("fullLabel", full);
        const QString shown = wrapText(full, axis->labelFont(), std::max(height, 60));
        axis->setProperty("shownLabel", shown);
        if (axis->label() != shown) {
            axis->setLabel(shown);
            changed = true;
        }
    }
    return changed;
}

QString ChartView::fittedTextAt(const QPointF &pos) const
{
    const QPoint at = pos.toPoint();
    const QString titleShown = QString(m_titleElement->text()).replace(QLatin1Char('\n'), QLatin1Char(' '));
    if (m_titleElement->outerRect().contains(at) && titleShown != m_title)
        return m_title;
    if (legend->visible())
        for (int i = 0; i < legend->itemCount(); ++i)
            if (auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(i)))
                if (item->outerRect().contains(at) && item->plottable()->property("fullName").isValid()
                    && item->plottable()->property("fullName").toString() != item->plottable()->name())
                    return item->plottable()->property("fullName").toString();
    if (m_categoryAxis && !m_categoryNames.isEmpty()) {
        const QRect axes = axisRect()->rect();
        if (at.y() > axes.bottom() && at.x() >= axes.left() && at.x() <= axes.right()
            && (legend->itemCount() == 0 || at.y() < legend->outerRect().top())) {
            const auto i = qsizetype(std::lround(m_categoryAxis->pixelToCoord(pos.x()))) - 1;
            if (i >= 0 && i < m_categoryNames.size()) // a category's whole name under its bar
                return QString(m_categoryNames[i]).replace(QLatin1Char('\n'), QLatin1Char(' '));
        }
    }
    return QString();
}

bool ChartView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString text = hoverTextAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QCustomPlot::event(event);
}

} // namespace commtax
