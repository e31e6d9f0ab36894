// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportexport.h"

#include "reportwriter.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace commtax {

QString exportReportInteractively(QWidget *parent, const Comparison &c, const PresetCatalog &catalog,
                                  const ComparisonSensitivity *sensitivity, const QString &verdict)
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
    return exportReportToFile(parent, c, catalog, fileName, sensitivity, verdict);
}

QString exportReportToFile(QWidget *parent, const Comparison &c, const PresetCatalog &catalog, const QString &fileName,
                           const ComparisonSensitivity *sensitivity, const QString &verdict)
{
    ReportOptions options;
    options.catalog = &catalog;
    options.sensitivity = sensitivity;
    options.verdict = verdict;
    QString error;
    if (!writeComparisonReport(c, fileName, options, &error)) {
        QMessageBox::warning(parent, QCoreApplication::translate("commtax::Report", "Cannot export the report"), error);
        return QString();
    }
    return fileName;
}

} // namespace commtax
