// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Windows and dialogs sized for the screen they open on. A 1280x800 screen at 150% is 853x533
// device-independent pixels; a window manager's title bar and a desktop panel take some of that
// height. Every dialog asks for its comfortable size through fitToScreen(), which bounds it by
// what the screen has room for (never below the window's own minimum).
#include <QRect>
#include <QSize>

class QScreen;
class QWidget;

namespace commtax {

// A title bar and a panel take this much height, in device pixels (they are not scaled by
// QT_SCALE_FACTOR).
constexpr int kWindowDecorationPx = 64;

// The part of `screen`'s available geometry a window's client area can take: less the height of
// a title bar and a panel, in device-independent pixels.
QRect roomOnScreen(const QScreen *screen);
// The screen `window` is on, or will open on (its parent's, else the primary one).
QScreen *screenOf(const QWidget *window);
// Resizes the window to `preferred` bounded by roomOnScreen(), and not below its minimum size.
void fitToScreen(QWidget *window, QSize preferred);

} // namespace commtax
