// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Helpers the GUI test executables share: finding a window's parts by object name. Header-only,
// because every test is an executable of its own.

#include <qcustomplot.h>

#include <QWidget>

namespace commtax::test {

// The child of w named name (its objectName), of type T. A missing one stops the run: every check
// after it would be about a widget that is not there.
template <typename T>
T *child(QWidget *w, const char *name)
{
    T *c = w->findChild<T *>(QLatin1String(name));
    if (!c)
        qFatal("no child %s", name);
    return c;
}

// The graph of plot named name (its objectName), or null.
inline QCPGraph *graph(QCustomPlot *plot, const char *name)
{
    for (int i = 0; i < plot->graphCount(); ++i)
        if (plot->graph(i)->objectName() == QLatin1String(name))
            return plot->graph(i);
    return nullptr;
}

} // namespace commtax::test
