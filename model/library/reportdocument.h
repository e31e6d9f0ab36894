// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The report of a comparison as data (issue 24): built once, here, from the comparison, its
// sensitivity and the caller's options; the PDF, the workbook, the CSV and the JSON render it. A
// document is a list of blocks (headings, paragraphs, bullet lists, tables, chart places) in the
// order the PDF prints them; every table has an id by which the workbook and the tests find it,
// and every cell both its text (what the PDF prints) and, where it is a figure, its number and
// number format (what the workbook writes), so that the two show the same rows.
//
// The builder computes and words everything but draws nothing: a chart is a place holder the PDF
// fills (ui/report), the sensitivity is the caller's (nothing is sampled here), What to buy's
// verdict is the caller's. Words: English templates marked QT_TRANSLATE_NOOP("commtax::Report",
// ...), put into the interface language by the ReportLanguage the caller gives (model/text/modeltext.h
// reportLanguage()); without one, English.

#include "compare.h"
#include "comparisonuncertainty.h"
#include "librarytext.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <limits>

namespace commtax {

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
    // The sensitivity section (PDF pages, CSV columns, JSON "uncertainty", the workbook's ranges;
    // issue 13), computed by the caller for this comparison. Null or not valid: left out.
    const ComparisonSensitivity *sensitivity = nullptr;
    // What to buy's verdict on the comparison's goals (library/comparisonverdict.h), computed by
    // the caller: the PDF's first page and the workbook's first sheet open with it. Empty: none.
    QString verdict;
};

// How the document's words come out: the interface language at the UI's edge, English by default.
struct ReportLanguage {
    TextTranslator translate;                                          // empty: the English source
    std::function<QStringList(const Result &, const Plan &)> warnings; // empty: warningMessages()
    std::function<QString(const PlanName &)> planName;                 // a plan's name in words; empty: English
    std::function<QString(const QString &)> source;                    // a provenance source as shown
};

// How the workbook writes a cell's number.
enum class ReportNumber { None,
                          Usd,
                          Count,
                          OneDecimal,
                          Percent };

struct ReportCell {
    QString text; // as the PDF prints it
    bool bold = false;
    bool best = false;                                        // the best value of its row
    bool warn = false;                                        // a plan that does not run, a warning
    double number = std::numeric_limits<double>::quiet_NaN(); // the figure (NaN: text only)
    ReportNumber format = ReportNumber::None;
    int rowSpan = 1; // the PDF merges the cell with those of the rows below it, which are empty
};

struct ReportTable {
    QString id;         // "plans", "warnings", "comparison", "ranges", "tornado", "bom", "cost", ...
    QStringList header; // the first row, repeated on every page the table spans
    QList<QList<ReportCell>> rows;
    QList<double> widths; // percent of the body width, one per column
    double pointSize = 7.5;
    QStringList rowLabels() const; // the first cell of every row
};

// The charts the PDF draws where the document places them.
enum class ReportChart {
    StepBreakdown,
    CostPerBillionTokens,
    DaysToTrain,
    Tco,
    PriceBreakEven,
    BuyVersusRent,
    CostRanges, // each plan's P10-P90 of the cost (the sensitivity)
    RecommendedTornado
}; // what moves the recommended plan's cost

struct ReportBlock {
    enum class Kind { Heading,
                      Paragraph,
                      Bullets,
                      Table,
                      Chart };
    Kind kind = Kind::Paragraph;
    QString text;         // heading, paragraph
    int level = 1;        // heading: 0 the title, 1 a section, 2 a subsection
    bool newPage = false; // heading: starts a page
    double pointSize = 9; // paragraph
    bool italic = false;  // paragraph
    QStringList items;    // bullets
    ReportTable table;    // table
    ReportChart chart = ReportChart::StepBreakdown;
    double height = 0; // chart, at 96 dpi
};

struct ReportDocument {
    QString title;
    QDateTime date;
    QString footer; // "Commtax 0.1.0  |  <title>  |  2026-12-02"
    QString verdict;
    QString question;
    QStringList findings; // the recommendation, one sentence each
    QStringList sources;  // "[1] ...": the numbered sources the provenance markers point to
    QList<ReportBlock> blocks;
    // The comparison with the names as shown (ReportLanguage::planName), for the charts.
    Comparison comparison;
    const ComparisonSensitivity *sensitivity = nullptr; // valid, or null

    const ReportTable *table(const QString &id) const; // null: none with that id
};

// The report of `c`; `c` must hold at least one plan.
ReportDocument buildReportDocument(const Comparison &c, const ReportOptions &options,
                                   const ReportLanguage &language = {});

QString reportTitle(const Comparison &c, const ReportOptions &options, const ReportLanguage &language = {});

} // namespace commtax
