// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reports of a comparison: a PDF for procurement, the comparison table as CSV or JSON, and an Excel
// workbook of the table, inputs, cost breakdown, bill of materials and warnings (reportxlsx.h).
//
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

#include "library/compare.h"
#include "library/comparisonuncertainty.h"

#include <QDateTime>
#include <QString>

namespace commtax {

enum class ReportFormat { Pdf,
                          Csv,
                          Json,
                          Xlsx };
// From the file name's suffix (.pdf, .csv, .json, .xlsx; any case). False for anything else.
bool reportFormatForFile(const QString &fileName, ReportFormat &out);

struct ReportOptions {
    QString title;    // empty: "GPU cluster comparison: <model>"
    QString question; // empty: comparisonQuestion()
    QDateTime date = QDateTime::currentDateTime();
    // Where the plans' presets come from, for the provenance of every figure (built-in + user).
    const PresetCatalog *catalog = nullptr; // null: the built-in presets
    // The audit trail: the files the plans were read from, one per plan in order (empty: the
    // plans are listed by the SHA-256 of their scenario as compared, saved or not).
    struct Input {
        QString name;    // as given ("-": standard input)
        QByteArray data; // the bytes read, for their SHA-256
    };
    QList<Input> inputs;
    bool csvBom = false; // CSV: start with a UTF-8 byte order mark (for Excel)
    // The sensitivity section (PDF page, CSV columns, JSON "uncertainty"; issue 13): the one
    // given (the comparison view's, computed for this comparison), else sampled with these
    // options; 0 samples leaves it out.
    const ComparisonSensitivity *sensitivity = nullptr;
    uncertainty::Options sensitivityOptions; // 2,000 samples, seed 1
    // What to buy's verdict on the comparison's goals (library/comparisonverdict.h): the PDF's
    // first page and the workbook's first sheet open with it. Empty: none (no goals).
    QString verdict;
};

// Write the report the file name asks for. False with a reason; an existing file is then left as
// it was. `pages` receives the PDF's page count (0 for CSV and JSON).
bool writeComparisonReport(const Comparison &c, const QString &fileName, const ReportOptions &options, QString *error,
                           int *pages = nullptr);

QString reportTitle(const Comparison &c, const ReportOptions &options);

} // namespace commtax
