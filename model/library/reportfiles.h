// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The report files of a comparison (issue 24): the format by the file's suffix, and every format
// rendered from the one report document (reportdocument.h): the CSV and JSON tables
// (comparisonio.h, with the sensitivity's columns), the Excel workbook (reportxlsx.h) and the PDF.
// The PDF needs Qt GUI (QPdfWriter, the charts are QCustomPlots), so ui/report registers its writer
// at start-up (registerReportPdfWriter()); the rest needs QtCore only, so the command line reaches
// reports through this header. Nothing here samples the sensitivity or asks What to buy: the
// caller puts both into the options.
//
// Every file is written whole or not at all; on failure an existing file is left as it was.

#include "reportdocument.h"

#include <QString>

namespace commtax {

enum class ReportFormat { Pdf,
                          Csv,
                          Json,
                          Xlsx };
// From the file name's suffix (.pdf, .csv, .json, .xlsx; any case). False for anything else.
bool reportFormatForFile(const QString &fileName, ReportFormat &out);

// The PDF renderer (ui/report/reportwriter.h); null: PDFs are refused with a reason.
using ReportPdfWriter = bool (*)(const ReportDocument &document, const QString &fileName, QString *error, int *pages);
void setReportPdfWriter(ReportPdfWriter writer);

// Write the report of `c` in the format `fileName` asks for. False with a reason. `pages`
// receives the PDF's page count (0 for the other formats). The PDF shows the plans' names as
// `language` shows them; files (CSV, JSON, the workbook) keep the stored names.
bool writeReportFile(const Comparison &c, const QString &fileName, const ReportOptions &options,
                     const ReportLanguage &language, QString *error, int *pages = nullptr);

} // namespace commtax
