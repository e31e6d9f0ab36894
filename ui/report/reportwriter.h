// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The PDF report of a comparison, for procurement: it renders the report document
// (library/reportdocument.h) that the CSV, JSON and workbook (library/reportfiles.h) render too.
// The PDF (A4, vector throughout): title and date, the question, the recommendation written from
// the numbers, the plans compared with the engine's warnings beside each, the comparison table
// with the best values marked, the charts, the break-even figures, the sensitivity (P10-P90 per
// plan, the odds of being the cheapest and the fastest, the recommended plan's tornado, the input
// break-evens; issue 13), a bill of materials, the cost
// breakdown, the assumptions with their provenance and sources (a value the plan file gives a
// kind and source keeps them), and an audit trail (tool version, date, each input file's name and
// SHA-256). "Page i of N" on every page; table headers repeat on every page a table spans. The charts are the comparison view's QCustomPlots drawn straight into the PDF at
// 96 dpi logical, so their text keeps its size and they stay sharp at any zoom.
//
// Every file is written whole or not at all (QSaveFile). Needs a QApplication (the charts are
// widgets); without a display, QT_QPA_PLATFORM=offscreen works.

#include "library/reportfiles.h"

#include <QString>

namespace commtax {

// The PDF of a report document (A4, as above). False with a reason; an existing file is then left
// as it was. `pages` receives the page count.
bool writeReportPdf(const ReportDocument &document, const QString &fileName, QString *error, int *pages = nullptr);
// Lets library/reportfiles.h write PDFs (writeReportFile()): the app and the command line call it
// once at start-up (app/main.cpp).
void registerReportPdfWriter();

// The app's way to a report file: writeReportFile() in the interface language (modeltext.h
// reportLanguage()), the PDF writer registered. The sensitivity and the verdict are the caller's
// (options); nothing is sampled here.
bool writeComparisonReport(const Comparison &c, const QString &fileName, const ReportOptions &options, QString *error,
                           int *pages = nullptr);

} // namespace commtax
