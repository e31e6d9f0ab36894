// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportexport.h"

#include "latestjob.h"
#include "reportwriter.h"

#include "library/comparisonuncertainty.h"
#include "library/comparisonverdict.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace commtax {

namespace {

// What a report needs that takes seconds: computed by a job, never on the GUI thread.
struct ReportInputs {
    ComparisonSensitivity sensitivity; // not valid: the caller's is used
    QString verdict;
};

// The sensitivity (when `given` is none) and the verdict (with goals) from a job, while a busy
// dialog shows how far the sampling got and can cancel it. Empty when the user cancelled.
std::optional<ReportInputs> prepareReport(QWidget *parent, const Comparison &c, const PresetCatalog &catalog,
                                          const ComparisonSensitivity *given, const std::optional<Goals> &goals)
{
    const bool sample = !(given && given->valid);
    if (!sample && !goals)
        return ReportInputs{};
    const uncertainty::Options options; // 2,000 samples, seed 1, as the command line's default
    auto progress = std::make_shared<std::atomic<std::int64_t>>(0);
    auto work = [c, catalog, goals, sample, options, progress](const std::atomic<bool> *cancel) {
        ReportInputs in;
        if (sample) {
            uncertainty::Options o = options;
            o.threads = 0; // every core; the numbers do not depend on it
            o.progress = progress.get();
            in.sensitivity = comparisonSensitivity(c, catalog, o, cancel);
        }
        if (goals && !cancel->load(std::memory_order_relaxed))
            in.verdict = comparisonVerdict(c, *goals, catalog); // a search: a second or so
        return in;
    };
    const auto runs = std::count_if(c.plans.cbegin(), c.plans.cend(), [](const ComparedPlan &p) { return p.valid; });
    const std::int64_t total = sample ? 2 * std::int64_t(options.samples) * runs : 0;
    QProgressDialog busy(QCoreApplication::translate("commtax::Report", "Preparing the report..."),
                         QCoreApplication::translate("commtax::Report", "Cancel"), 0, total > 0 ? 1000 : 0, parent);
    busy.setObjectName(QStringLiteral("reportBusy"));
    busy.setWindowModality(Qt::WindowModal);
    busy.setMinimumDuration(300);
    QEventLoop loop;
    std::optional<ReportInputs> out;
    LatestJob<ReportInputs> job;
    job.start(std::move(work), [&](ReportInputs in) {
        out = std::move(in);
        loop.quit();
    });
    const auto stop = [&] {
        job.invalidate(); // the job stops; its result is dropped
        loop.quit();
    };
    QObject::connect(&busy, &QProgressDialog::canceled, &loop, stop); // the Cancel button
    QObject::connect(&busy, &QDialog::rejected, &loop, stop);         // Escape
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, &busy, [&] {
        if (total > 0)
            busy.setValue(int(std::min<std::int64_t>(999, 1000 * progress->load() / total)));
    });
    tick.start(100);
    if (job.isBusy())
        loop.exec();
    return out;
}

} // namespace

QString exportReportInteractively(QWidget *parent, const Comparison &c, const PresetCatalog &catalog,
                                  const ComparisonSensitivity *sensitivity, const std::optional<Goals> &goals)
{
    const QString pdf = QCoreApplication::translate("commtax::Report", "PDF report (*.pdf)");
    const QString csv = QCoreApplication::translate("commtax::Report", "CSV table (*.csv)");
    const QString json = QCoreApplication::translate("commtax::Report", "JSON table (*.json)");
    const QString xlsx = QCoreApplication::translate("commtax::Report", "Excel workbook (*.xlsx)");
    QString filter = pdf;
    QString fileName = QFileDialog::getSaveFileName(parent, QCoreApplication::translate("commtax::Report", "Export report"), QStringLiteral("comparison.pdf"),
                                                    pdf + QStringLiteral(";;") + csv + QStringLiteral(";;") + json + QStringLiteral(";;") + xlsx, &filter);
    if (fileName.isEmpty())
        return QString();
    ReportFormat format;
    if (!reportFormatForFile(fileName, format))
        fileName += filter == csv ? QStringLiteral(".csv") : filter == json ? QStringLiteral(".json")
            : filter == xlsx                                                ? QStringLiteral(".xlsx")
                                                                            : QStringLiteral(".pdf");
    return exportReportToFile(parent, c, catalog, fileName, sensitivity, goals);
}

QString exportReportToFile(QWidget *parent, const Comparison &c, const PresetCatalog &catalog, const QString &fileName,
                           const ComparisonSensitivity *sensitivity, const std::optional<Goals> &goals)
{
    const std::optional<ReportInputs> prepared = prepareReport(parent, c, catalog, sensitivity, goals);
    if (!prepared)
        return QString(); // cancelled: nothing written
    ReportOptions options;
    options.catalog = &catalog;
    options.sensitivity = prepared->sensitivity.valid ? &prepared->sensitivity : sensitivity;
    options.verdict = prepared->verdict;
    QString error;
    if (!writeComparisonReport(c, fileName, options, &error)) {
        QMessageBox::warning(parent, QCoreApplication::translate("commtax::Report", "Cannot export the report"), error);
        return QString();
    }
    return fileName;
}

} // namespace commtax
