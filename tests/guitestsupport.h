// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Helpers the GUI test executables share: finding a window's parts by object name, running a check
// in each interface language. Header-only, because every test is an executable of its own.

#include "text/translations.h"

#include <qcustomplot.h>

#include <QTest>
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

// Puts the interface back in English when it goes out of scope, however the scope is left (a failed
// check returns at once): a check that fails in Chinese leaves no later test in Chinese.
struct EnglishAfterwards {
    EnglishAfterwards() = default;
    EnglishAfterwards(const EnglishAfterwards &) = delete;
    EnglishAfterwards &operator=(const EnglishAfterwards &) = delete;
    ~EnglishAfterwards() { installInterfaceLanguage(QStringLiteral("en")); }
};

// Runs `body(language, zh)` with the interface in English, then in Simplified Chinese; `zh` is the
// suffix of the run's screenshot names ("" in English, "-zh" in Chinese). A failed check returns from
// `body` only, so the loop stops there; the interface is English again afterwards.
template <typename Body>
void inEachLanguage(Body body)
{
    const EnglishAfterwards restore;
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        QCOMPARE(installInterfaceLanguage(language), language);
        body(language, language == QLatin1String("en") ? QString() : QStringLiteral("-zh"));
        if (QTest::currentTestFailed())
            return;
    }
}

} // namespace commtax::test
