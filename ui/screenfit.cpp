// SPDX-License-Identifier: GPL-3.0-or-later
#include "screenfit.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

#include <cmath>

namespace commtax {

QRect roomOnScreen(const QScreen *screen)
{
    if (!screen)
        return QRect(0, 0, 1600, 1000);
    const QRect available = screen->availableGeometry();
    const double ratio = screen->devicePixelRatio() > 0 ? screen->devicePixelRatio() : 1.0;
    const int decoration = int(std::ceil(kWindowDecorationPx / ratio));
    return available.adjusted(0, 0, 0, -decoration);
}

QScreen *screenOf(const QWidget *window)
{
    if (!window)
        return QGuiApplication::primaryScreen();
    if (const QWidget *parent = window->parentWidget())
        return parent->window()->screen();
    return window->screen() ? window->screen() : QGuiApplication::primaryScreen();
}

void fitToScreen(QWidget *window, QSize preferred)
{
    const QSize room = roomOnScreen(screenOf(window)).size();
    const QSize minimum = window->minimumSizeHint().expandedTo(window->minimumSize());
    window->resize(preferred.boundedTo(room).expandedTo(minimum));
}

} // namespace commtax
