// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportexport.h"

#include "reportwriter.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace commtax {

QString exportReportInteractively(QWidget *parent, const Comparison &c, const PresetCatalog &catalog)
{
    const QString pdf = QStringLiteral("PDF report (*.pdf)");
    const QString csv = QStringLiteral("CSV table (*.csv)");
    const QString json = QStringLiteral("JSON table (*.json)");
    QString filter = pdf;
    QString fileName = QFileDialog::getSaveFileName(parent, QStringLiteral("Export report"), QStringLiteral("comparison.pdf"),
                                                    pdf + QStringLiteral(";;") + csv + QStringLiteral(";;") + json, &filter);
    if (fileName.isEmpty())
        return QString();
    ReportFormat format;
    if (!reportFormatForFile(fileName, format))
        fileName += filter == csv ? QStringLiteral(".csv") : filter == json ? QStringLiteral(".json")
                                                                            : QStringLiteral(".pdf");
    return exportReportToFile(parent, c, catalog, fileName);
}

QString exportReportToFile(QWidget *parent, const Comparison &c, const PresetCatalog &catalog, const QString &fileName)
{
    ReportOptions options;
    options.catalog = &catalog;
    QString error;
    if (!writeComparisonReport(c, fileName, options, &error)) {
        QMessageBox::warning(parent, QStringLiteral("Cannot export the report"), error);
        return QString();
    }
    return fileName;
}

} // namespace commtax
