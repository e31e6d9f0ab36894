// SPDX-License-Identifier: GPL-3.0-or-later
#include "fittedcombobox.h"

#include "screenfit.h"

#include <QAbstractItemView>
#include <QHelpEvent>
#include <QScrollBar>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QToolTip>

#include <algorithm>

namespace commtax {

FittedComboBox::FittedComboBox(QWidget *parent)
    : QComboBox(parent)
{
}

QRect FittedComboBox::textRect() const
{
    QStyleOptionComboBox opt;
    initStyleOption(&opt);
    return style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, this).adjusted(1, 0, -1, 0);
}

bool FittedComboBox::currentTextElided() const
{
    return fontMetrics().horizontalAdvance(currentText()) > textRect().width();
}

int FittedComboBox::popupWidth() const
{
    const QFontMetrics fm(view()->font());
    int widest = 0;
    for (int i = 0; i < count(); ++i)
        widest = std::max(widest, fm.horizontalAdvance(itemText(i)));
    // the item's margins and frame, and room for a scroll bar when the list scrolls
    const int focus = style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, this);
    const int margins = 4 * focus + 2 * view()->frameWidth() + 16;
    const int extra = margins + (count() > maxVisibleItems() ? view()->verticalScrollBar()->sizeHint().width() : 0);
    const int room = roomOnScreen(screenOf(this)).width();
    return std::clamp(widest + extra, width(), std::max(width(), room));
}

void FittedComboBox::showPopup()
{
    view()->setMinimumWidth(popupWidth());
    QComboBox::showPopup();
}

void FittedComboBox::paintEvent(QPaintEvent *event)
{
    Q_UNUSED(event);
    QStylePainter painter(this);
    painter.setPen(palette().color(QPalette::Text));
    QStyleOptionComboBox opt;
    initStyleOption(&opt);
    painter.drawComplexControl(QStyle::CC_ComboBox, opt);
    opt.currentText = fontMetrics().elidedText(opt.currentText, Qt::ElideRight, textRect().width());
    painter.drawControl(QStyle::CE_ComboBoxLabel, opt);
}

bool FittedComboBox::event(QEvent *event)
{
    // the whole current item first when the box elides it, then the box's own tooltip
    if (event->type() == QEvent::ToolTip && currentTextElided()) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString own = toolTip();
        const QString whole = own.isEmpty() ? currentText() : currentText() + QLatin1Char('\n') + own;
        QToolTip::showText(help->globalPos(), whole, this);
        return true;
    }
    return QComboBox::event(event);
}

} // namespace commtax
