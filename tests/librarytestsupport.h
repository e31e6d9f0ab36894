// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Helpers the comparison, preset library and report GUI suites share (test_library_gui.cpp,
// test_compare_gui.cpp, test_report_gui.cpp): PDF text and page counts by poppler-utils,
// screenshots on request, checks of the plotted figures, and a new user's four-plan question.
// Header-only, like testsupport.h.

#include "core/presets.h"
#include "core/scenario.h"

#include "testsupport.h"

#include <qcustomplot.h>

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QStandardPaths>
#include <QStringList>
#include <QTest>
#include <QWidget>

#include <cmath>

namespace commtax::test {

// Answer the Compare window's "Save the comparison?" (asked when a changed comparison is closed)
// with `button`: the test's changes are not kept.
inline bool answerSaveBeforeClosing(QWidget *view, QMessageBox::StandardButton button = QMessageBox::Discard)
{
    QMessageBox *box = nullptr;
    if (!QTest::qWaitFor([&] { return (box = view->findChild<QMessageBox *>(QStringLiteral("saveBeforeClosing"))); }))
        return false;
    QTest::mouseClick(box->button(button), Qt::LeftButton);
    return true;
}

inline QString tool(const char *name)
{
    return QStandardPaths::findExecutable(QLatin1String(name));
}

// The reports' tests read PDFs back with poppler's tools; initTestCase() asks for them with
// QVERIFY2(havePdfTools(), kPdfToolsNeeded).
inline constexpr const char *kPdfToolsNeeded
    = "pdftotext and pdfinfo are needed (Debian: poppler-utils; packaging/setup.sh test installs them)";
inline bool havePdfTools() { return !tool("pdftotext").isEmpty() && !tool("pdfinfo").isEmpty(); }

// The text of each page of a PDF, by pdftotext.
inline QStringList pdfPages(const QString &pdf, int pages)
{
    QStringList out;
    for (int i = 1; i <= pages; ++i) {
        const Run r = run(tool("pdftotext"), {QStringLiteral("-layout"), QStringLiteral("-f"), QString::number(i), QStringLiteral("-l"), QString::number(i), pdf, QStringLiteral("-")});
        out << QString::fromUtf8(r.out);
    }
    return out;
}

inline int pdfPageCount(const QString &pdf)
{
    const Run r = run(tool("pdfinfo"), {pdf});
    for (const QByteArray &line : r.out.split('\n'))
        if (line.startsWith("Pages:"))
            return line.mid(6).trimmed().toInt();
    return -1;
}

inline void saveScreenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("COMMTAX_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    w->grab().save(QDir(dir).filePath(name));
}

// Every bar and graph value on a plot is finite (no NaN or infinity reaches a chart).
inline bool allFinite(QCustomPlot *plot)
{
    for (int i = 0; i < plot->plottableCount(); ++i) {
        if (auto *bars = qobject_cast<QCPBars *>(plot->plottable(i))) {
            for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
                if (!std::isfinite(it->key) || !std::isfinite(it->value))
                    return false;
        } else if (auto *graph = qobject_cast<QCPGraph *>(plot->plottable(i))) {
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
                if (!std::isfinite(it->key) || !std::isfinite(it->value))
                    return false;
        }
    }
    return std::isfinite(plot->yAxis->range().upper) && std::isfinite(plot->xAxis->range().upper);
}

// Sum of the stacked bars at one key.
inline double stackAt(QCustomPlot *plot, double key)
{
    double sum = 0;
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto *bars = qobject_cast<QCPBars *>(plot->plottable(i))) {
            auto it = bars->data()->findBegin(key - 0.01, false);
            if (it != bars->data()->constEnd() && std::abs(it->key - key) < 1e-9)
                sum += it->value;
        }
    return sum;
}

// A new user's question: Llama 2 70B on 2T tokens; buy 256 H100, buy 512 A100, rent 256 H100 at
// 2.50 USD per GPU-hour (a quoted price), buy 1024 RTX 4090; named as the plan editor names them.
// Written to `dir` as scenario-1.json ... scenario-4.json.
inline QList<Scenario> writeNewUserScenario(const QString &dir)
{
    QFile f(QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-70b-h100.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject base = QJsonDocument::fromJson(f.readAll()).object();
    struct Row {
        const char *name, *gpu, *cluster;
        int nodes, tp, pp, dp;
        bool rent;
    };
    const Row rows[] = {{"Llama 2 70B on 256 H100 SXM5, bought, 4-year depreciation", "h100-sxm", "dgx-h100", 32, 8, 4, 8, false},
                        {"Llama 2 70B on 512 A100 SXM 80GB", "a100-sxm-80gb", "dgx-a100", 64, 8, 4, 16, false},
                        {"Llama 2 70B on 256 H100 SXM5, rented at $2.50 per GPU-hour", "h100-sxm", "dgx-h100", 32, 8, 4, 8, true},
                        {"Llama 2 70B on 1024 RTX 4090", "rtx-4090", "rtx4090-pcie", 128, 8, 8, 16, false}};
    QList<Scenario> out;
    int i = 0;
    for (const Row &row : rows) {
        QJsonObject o = base;
        o[QStringLiteral("name")] = QString::fromUtf8(row.name);
        o[QStringLiteral("gpu")] = QJsonObject{{QStringLiteral("preset"), QString::fromUtf8(row.gpu)}};
        o[QStringLiteral("cluster")] = QJsonObject{{QStringLiteral("preset"), QString::fromUtf8(row.cluster)}, {QStringLiteral("nodes"), row.nodes}};
        QJsonObject training = o.value(QStringLiteral("training")).toObject();
        training[QStringLiteral("tp")] = row.tp;
        training[QStringLiteral("pp")] = row.pp;
        training[QStringLiteral("dp")] = row.dp;
        o[QStringLiteral("training")] = training;
        if (row.rent) {
            QJsonObject economics = o.value(QStringLiteral("economics")).toObject();
            economics[QStringLiteral("mode")] = QStringLiteral("rent");
            economics[QStringLiteral("usd_per_gpu_hour")] = QJsonObject{{QStringLiteral("value"), 2.5}, {QStringLiteral("kind"), QStringLiteral("measured")}, {QStringLiteral("source"), QStringLiteral("Rented at 2.50 USD per GPU-hour, quote Q-77")}};
            o[QStringLiteral("economics")] = economics;
        }
        const QString file = QDir(dir).filePath(QStringLiteral("scenario-%1.json").arg(++i));
        QFile w(file);
        if (!w.open(QIODevice::WriteOnly) || w.write(QJsonDocument(o).toJson()) <= 0)
            return {};
        w.close();
        Scenario s;
        QList<LoadError> errors;
        if (!loadAndValidateScenario(file, PresetCatalog::builtIn(), s, errors))
            return {};
        out << s;
    }
    return out;
}

} // namespace commtax::test
