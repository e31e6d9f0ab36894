// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportwriter.h"
#include "modeltext.h"
#include "reportxlsx.h"

#include "compare/comparisoncharts.h"
#include "compare/comparisontablemodel.h"
#include "core/atomicfile.h"
#include "core/presets.h"
#include "core/quote.h"
#include "library/comparisonio.h"
#include "library/comparisonuncertainty.h"
#include "library/libraryfiles.h"

#include <qcustomplot.h>

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFileInfo>
#include <QJsonDocument>
#include <QPdfWriter>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextList>
#include <QTextTable>

#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace commtax {

bool reportFormatForFile(const QString &fileName, ReportFormat &out)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("pdf"))
        out = ReportFormat::Pdf;
    else if (suffix == QLatin1String("csv"))
        out = ReportFormat::Csv;
    else if (suffix == QLatin1String("json"))
        out = ReportFormat::Json;
    else if (suffix == QLatin1String("xlsx"))
        out = ReportFormat::Xlsx;
    else
        return false;
    return true;
}

QString reportTitle(const Comparison &c, const ReportOptions &options)
{
    if (!options.title.isEmpty())
        return options.title;
    if (c.plans.isEmpty())
        return QCoreApplication::translate("commtax::Report", "GPU cluster comparison");
    return QCoreApplication::translate("commtax::Report", "GPU cluster comparison: ") + QString::fromStdString(c.plans[c.reference].plan.model.name);
}

namespace {

// A plan's name as the report shows it (issue 22): at most kMaxPlanNameChars (names from older
// files or the library may be longer), and a break opportunity (a zero-width space) in every run of
// more than 32 characters without one, so a long word wraps in its table cell instead of making
// every layout pass of the page breaks slow (3,000 characters took past 40 s).
QString shownName(const QString &name)
{
    QString in = name.size() > kMaxPlanNameChars ? name.left(kMaxPlanNameChars - 1) + QChar(0x2026) : name;
    QString out;
    out.reserve(in.size() + in.size() / 24);
    int run = 0;
    for (const QChar ch : in) {
        run = ch.isSpace() || ch == QLatin1Char('-') || ch == QLatin1Char('/') ? 0 : run + 1;
        if (run > 32) {
            out += QChar(0x200B);
            run = 1;
        }
        out += ch;
    }
    return out;
}

// A4 at 96 dpi logical: the unit every length below is in.
constexpr double kDpi = 96.0;
constexpr double kMargin = 56.0; // about 15 mm
constexpr double kFooterHeight = 30.0;
constexpr int kChartObjectType = QTextFormat::UserObject + 1;
constexpr int kChartIndexProperty = QTextFormat::UserProperty + 1;
constexpr int kMovedToNewPage = QTextFormat::UserProperty + 2; // a table keepShortTablesTogether() moved

// Draws a QCustomPlot where the document holds its placeholder: straight into the PDF painter
// (vector, at the plot's own 96-dpi scale), or as a pixmap for any other painter.
class ChartObject : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    std::vector<std::unique_ptr<QCustomPlot>> plots;
    std::vector<QSizeF> sizes;
    QCPPainter *pdfPainter = nullptr;

    QSizeF intrinsicSize(QTextDocument *, int, const QTextFormat &format) override
    {
        return sizes.at(size_t(format.intProperty(kChartIndexProperty)));
    }
    void drawObject(QPainter *painter, const QRectF &rect, QTextDocument *, int, const QTextFormat &format) override
    {
        QCustomPlot *plot = plots.at(size_t(format.intProperty(kChartIndexProperty))).get();
        // A chart lies wholly on one page; QCustomPlot replaces the painter's clip, so a chart of
        // the next page must not be drawn at all while this page is painted.
        if (painter->hasClipping() && !painter->clipBoundingRect().intersects(rect))
            return;
        if (painter == pdfPainter) {
            painter->save();
            painter->translate(rect.topLeft());
            plot->toPainter(pdfPainter, int(rect.width()), int(rect.height()));
            painter->restore();
        } else {
            painter->drawPixmap(rect.toRect(), plot->toPixmap(int(rect.width()), int(rect.height()), 2.0));
        }
    }
};

struct Cell {
    QString text;
    bool bold = false;
    bool best = false;
    bool warn = false;
};

class ReportDocument
{
public:
    ReportDocument(const Comparison &c, QPaintDevice *device, const QSizeF &body)
        : m_c(c)
        , m_cursor(&m_doc)
    {
        m_doc.setUndoRedoEnabled(false);
        m_doc.documentLayout()->setPaintDevice(device);
        m_doc.setPageSize(body);
        m_doc.setDocumentMargin(0);
        QFont font(QCoreApplication::translate("commtax::Report", "DejaVu Sans"));
        font.setPointSizeF(9);
        m_doc.setDefaultFont(font);
        m_doc.documentLayout()->registerHandler(kChartObjectType, &m_charts);
        m_bodyWidth = body.width();
    }

    QTextDocument &document() { return m_doc; }
    // One edit block around the whole build: the layout runs once at the end, not per insertion.
    void beginBuild() { m_cursor.beginEditBlock(); }
    void endBuild() { m_cursor.endEditBlock(); }
    ChartObject &charts() { return m_charts; }

    void heading(const QString &text, int level, bool newPage)
    {
        QTextBlockFormat bf;
        bf.setTopMargin(level == 0 ? 0 : 14);
        bf.setBottomMargin(6);
        if (newPage)
            bf.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCharFormat cf;
        cf.setFontPointSize(level == 0 ? 18 : level == 1 ? 13
                                                         : 10.5);
        cf.setFontWeight(QFont::Bold);
        cf.setForeground(level == 0 ? QColor(0x1F, 0x3A, 0x5F) : QColor(0x22, 0x22, 0x22));
        newBlock(bf, cf);
        m_cursor.insertText(text, cf);
    }

    void paragraph(const QString &text, double pointSize = 9, bool italic = false)
    {
        QTextBlockFormat bf;
        bf.setBottomMargin(4);
        QTextCharFormat cf;
        cf.setFontPointSize(pointSize);
        cf.setFontItalic(italic);
        cf.setFontWeight(QFont::Normal);
        cf.setForeground(QColor(0x22, 0x22, 0x22));
        newBlock(bf, cf);
        m_cursor.insertText(text, cf);
    }

    void bullets(const QStringList &items)
    {
        QTextCharFormat cf;
        cf.setFontPointSize(9.5);
        cf.setFontWeight(QFont::Normal);
        QTextBlockFormat bf;
        bf.setBottomMargin(3);
        newBlock(bf, cf);
        QTextListFormat lf;
        lf.setStyle(QTextListFormat::ListDisc);
        lf.setIndent(1);
        QTextList *list = m_cursor.createList(lf);
        for (qsizetype i = 0; i < items.size(); ++i) {
            if (i > 0) {
                m_cursor.insertBlock(bf, cf);
                list->add(m_cursor.block());
            }
            m_cursor.insertText(items[i], cf);
        }
        // the next block must not join the list
        QTextBlockFormat plain;
        m_cursor.insertBlock(plain, cf);
        m_cursor.setBlockFormat(plain);
        m_fresh = true;
    }

    // A table whose first row is a header that repeats on every page it spans. `widths` are
    // percentages of the body width.
    void table(const QStringList &header, const QList<QList<Cell>> &rows, const QList<double> &widths, double pointSize = 7.5)
    {
        QTextTableFormat tf;
        tf.setHeaderRowCount(1);
        tf.setBorder(0.5);
        tf.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
        tf.setBorderBrush(QColor(0xB0, 0xB0, 0xB0));
        tf.setCellSpacing(0);
        tf.setCellPadding(2.5);
        tf.setWidth(QTextLength(QTextLength::PercentageLength, 100));
        tf.setTopMargin(2);
        tf.setBottomMargin(6);
        QList<QTextLength> lengths;
        for (double w : widths)
            lengths << QTextLength(QTextLength::PercentageLength, w);
        tf.setColumnWidthConstraints(lengths);
        if (!m_fresh) // a plain block: insertBlock() alone would copy a heading's page break
            m_cursor.insertBlock(QTextBlockFormat(), QTextCharFormat());
        QTextTable *t = m_cursor.insertTable(int(rows.size()) + 1, int(header.size()), tf);
        auto fill = [&](int r, int col, const Cell &cell, bool isHeader) {
            QTextTableCell tc = t->cellAt(r, col);
            QTextCharFormat cf;
            cf.setFontPointSize(pointSize);
            cf.setFontWeight(isHeader || cell.bold || cell.best ? QFont::Bold : QFont::Normal);
            QTextTableCellFormat cellFormat = tc.format().toTableCellFormat();
            if (isHeader)
                cellFormat.setBackground(QColor(0xE4, 0xE9, 0xF0));
            else if (cell.best)
                cellFormat.setBackground(QColor(0xDF, 0xF0, 0xD8));
            else if (cell.warn)
                cellFormat.setBackground(QColor(0xF8, 0xD7, 0xDA));
            else if (r % 2 == 0)
                cellFormat.setBackground(QColor(0xF7, 0xF7, 0xF7));
            tc.setFormat(cellFormat);
            QTextCursor cc = tc.firstCursorPosition();
            cc.insertText(cell.text, cf);
        };
        for (qsizetype col = 0; col < header.size(); ++col)
            fill(0, int(col), Cell{header[col]}, true);
        for (qsizetype r = 0; r < rows.size(); ++r)
            for (qsizetype col = 0; col < rows[r].size() && col < header.size(); ++col)
                fill(int(r) + 1, int(col), rows[r][col], false);
        m_cursor.movePosition(QTextCursor::End);
        m_fresh = false;
    }

    void chart(ComparisonChart which, double height)
    {
        chart([&](QCustomPlot *plot) { drawComparisonChart(plot, which, m_c); }, height);
    }
    // A chart drawn by `draw` into a plot of the body's width.
    void chart(const std::function<void(QCustomPlot *)> &draw, double height)
    {
        auto plot = std::make_unique<QCustomPlot>();
        plot->setAttribute(Qt::WA_DontShowOnScreen);
        const QSize size{int(m_bodyWidth), int(height)};
        plot->resize(size);
        draw(plot.get());
        m_charts.plots.push_back(std::move(plot));
        m_charts.sizes.push_back(QSizeF(size));
        QTextCharFormat cf;
        cf.setObjectType(kChartObjectType);
        cf.setProperty(kChartIndexProperty, int(m_charts.plots.size() - 1));
        QTextBlockFormat bf;
        bf.setAlignment(Qt::AlignHCenter);
        bf.setTopMargin(6);
        bf.setBottomMargin(10);
        newBlock(bf, QTextCharFormat());
        m_cursor.insertText(QString(QChar::ObjectReplacementCharacter), cf);
    }

private:
    void newBlock(const QTextBlockFormat &bf, const QTextCharFormat &cf)
    {
        if (m_fresh) {
            m_cursor.setBlockFormat(bf);
            m_cursor.setBlockCharFormat(cf);
            m_fresh = false;
        } else {
            m_cursor.insertBlock(bf, cf);
        }
    }

    const Comparison &m_c;
    QTextDocument m_doc;
    QTextCursor m_cursor;
    ChartObject m_charts;
    double m_bodyWidth = 0;
    bool m_fresh = true;
};

QList<double> evenWidths(double first, int plans)
{
    QList<double> w{first};
    for (int i = 0; i < plans; ++i)
        w << (100.0 - first) / plans;
    return w;
}

QStringList planHeader(const Comparison &c, const QString &first)
{
    QStringList h{first};
    for (qsizetype i = 0; i < c.plans.size(); ++i)
        h << shownName(c.plans[i].name) + (i == c.reference ? QStringLiteral(" (A)") : QString());
    return h;
}

QString kindLetter(SourceKind k)
{
    switch (k) {
    case SourceKind::Datasheet: return QStringLiteral("D");
    case SourceKind::Measured: return QStringLiteral("M");
    case SourceKind::Assumption: return QStringLiteral("A");
    case SourceKind::Derived: return QStringLiteral("C");
    case SourceKind::User: return QStringLiteral("U");
    }
    return QStringLiteral("A");
}

QString fieldValue(const FieldInfo &f, const QJsonValue &v)
{
    switch (f.type) {
    case FieldType::Bool: return v.toBool() ? QStringLiteral("yes") : QStringLiteral("no");
    case FieldType::Choice: return v.toString();
    case FieldType::OptionalDouble:
        if (v.isNull())
            return QCoreApplication::translate("commtax::Report", "GPU default");
        return formatNumber(v.toDouble(), f.decimals);
    case FieldType::AutoDouble:
        if (!v.isDouble())
            return QStringLiteral("auto");
        return formatNumber(v.toDouble(), f.decimals);
    case FieldType::Int: return QString::number(v.toDouble(), 'f', 0);
    case FieldType::Double:
        if (std::abs(v.toDouble()) >= 1e9) // tokens to train: 2.00e12, not thirteen digits
            return QString::number(v.toDouble(), 'e', 2);
        return formatNumber(v.toDouble(), f.decimals);
    }
    return v.toVariant().toString();
}

// The provenance tables: one column per distinct preset of a section, each figure with its kind
// letter and the number of its source in the list that follows.
class Provenances
{
public:
    explicit Provenances(const PresetCatalog &catalog)
        : m_catalog(catalog)
    {
    }

    void section(ReportDocument &doc, const Comparison &c, Section s, const QStringList &skip)
    {
        struct Column {
            QString title;
            const ComparedPlan *plan;
            std::optional<Preset> preset;
        };
        std::vector<Column> cols;
        QStringList seen;
        for (const ComparedPlan &p : c.plans) {
            const QString presetId = p.scenario.presetOf(s);
            const std::string &id = s == Section::Gpu ? p.plan.gpu.id : s == Section::Cluster ? p.plan.cluster.id
                                                                                              : p.plan.model.id;
            const std::string &name = s == Section::Gpu ? p.plan.gpu.name : s == Section::Cluster ? p.plan.cluster.name
                                                                                                  : p.plan.model.name;
            const QString key = QString::fromStdString(id);
            if (seen.contains(key))
                continue;
            seen << key;
            cols.push_back(Column{QString::fromStdString(name), &p, presetId.isEmpty() ? std::nullopt : m_catalog.find(s, presetId)});
        }
        QStringList header{QCoreApplication::translate("commtax::Report", "Figure")};
        for (const Column &col : cols)
            header << col.title;
        QList<QList<Cell>> rows;
        for (const FieldInfo *f : fieldsOf(s)) {
            if (skip.contains(QLatin1String(f->key)))
                continue;
            QList<Cell> row{Cell{fieldText(f->label)}};
            for (const Column &col : cols) {
                const QJsonValue v = f->get(col.plan->scenario.plan);
                QString text = fieldValue(*f, v);
                const bool fromPreset = col.preset && col.preset->values.value(QLatin1String(f->key)) == v;
                if (const std::optional<Provenance> stated = col.plan->scenario.statedProvenance(f->path(), v)) {
                    text += marker(*stated); // what the plan file says of the value wins
                } else if (fromPreset && col.preset->provenance.contains(QLatin1String(f->key))) {
                    const Provenance pr = col.preset->provenance.value(QLatin1String(f->key));
                    text += QStringLiteral(" [%1%2]").arg(kindLetter(pr.kind)).arg(sourceNumber(pr.source));
                } else {
                    text += QStringLiteral(" [U]");
                }
                row << Cell{text};
            }
            rows << row;
        }
        doc.table(header, rows, evenWidths(cols.size() > 4 ? 24 : 30, int(cols.size())), 7);
    }

    // " [M3]": the kind's letter and the number of the source in the list (none without a source).
    QString marker(const Provenance &pr) { return QStringLiteral(" [%1%2]").arg(kindLetter(pr.kind), sourceNumber(pr.source)); }

    QStringList sources() const
    {
        QStringList out;
        for (qsizetype i = 0; i < m_sources.size(); ++i)
            out << QStringLiteral("[%1] %2").arg(i + 1).arg(provenanceSourceText(m_sources[i]));
        return out;
    }

private:
    QString sourceNumber(const QString &source)
    {
        if (source.isEmpty())
            return QString();
        qsizetype i = m_sources.indexOf(source);
        if (i < 0) {
            m_sources << source;
            i = m_sources.size() - 1;
        }
        return QString::number(i + 1);
    }

    const PresetCatalog &m_catalog;
    QStringList m_sources;
};

// The title, the question and the recommendation.
void reportOpening(ReportDocument &doc, const Comparison &c, const ReportOptions &o)
{
    const QString title = reportTitle(c, o);
    doc.heading(title, 0, false);
    doc.paragraph(QCoreApplication::translate("commtax::Report", "Prepared %1 with Commtax %2. All figures are model estimates from the inputs listed under "
                                                                 "\"Assumptions and sources\".")
                      .arg(o.date.toString(QCoreApplication::translate("commtax::Report", "d MMMM yyyy, HH:mm")), QStringLiteral(COMMTAX_VERSION)),
                  8.5, true);
    if (!o.verdict.isEmpty()) {
        doc.heading(QCoreApplication::translate("commtax::Report", "Verdict"), 1, false);
        doc.paragraph(o.verdict, 11);
    }

    doc.heading(QCoreApplication::translate("commtax::Report", "The question"), 1, false);
    doc.paragraph(o.question.isEmpty() ? libraryText(comparisonQuestionText(c)) : o.question, 10);
    if (!c.note.isEmpty())
        doc.paragraph(QCoreApplication::translate("commtax::Report", "Note: ") + libraryText(c.noteText), 9, true);

    doc.heading(QCoreApplication::translate("commtax::Report", "Recommendation"), 1, false);
    doc.bullets(libraryTexts(comparisonFindingTexts(c)));
}

// The vendor's quote a plan's prices come from, for the economics cell: "Quote Q-123 from
// Vendor X, 2025-01-10, valid until 2025-03-31", marked when it has expired by the report's date.
QString quoteText(const Scenario::Quote &q, const QDate &reportDate)
{
    if (q.isEmpty())
        return QString();
    QString text = QCoreApplication::translate("commtax::Report", "Quote %1 from %2").arg(q.id, q.vendor);
    if (!q.date.isEmpty())
        text += QStringLiteral(", ") + q.date;
    if (!q.validUntil.isEmpty()) {
        text += QCoreApplication::translate("commtax::Report", ", valid until %1").arg(q.validUntil);
        if (quoteExpired(q, reportDate))
            text += QCoreApplication::translate("commtax::Report", " (expired)");
    }
    return text;
}

// Each plan in one line: hardware, size and layout, economics, how it was normalised.
void plansCompared(ReportDocument &doc, const Comparison &c, const ReportOptions &o)
{
    doc.heading(QCoreApplication::translate("commtax::Report", "Plans compared"), 1, false);
    QList<QList<Cell>> rows;
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        const ComparedPlan &p = c.plans[i];
        const Plan &pl = p.plan;
        rows << QList<Cell>{
            Cell{shownName(p.name) + (i == c.reference ? QStringLiteral(" (A)") : QString()), true},
            Cell{QString::fromStdString(pl.gpu.name)},
            Cell{QString::fromStdString(pl.cluster.name)},
            Cell{QCoreApplication::translate("commtax::Report", "%1 GPUs: %2 x %3; tp=%4 pp=%5 dp=%6")
                     .arg(pl.cluster.nodes * pl.cluster.gpus_per_node)
                     .arg(pl.cluster.nodes)
                     .arg(pl.cluster.gpus_per_node)
                     .arg(pl.training.tp)
                     .arg(pl.training.pp)
                     .arg(pl.training.dp)
                 + (pl.training.cp > 1 ? QStringLiteral(" cp=%1").arg(pl.training.cp) : QString())},
            Cell{(pl.economics.mode == EconomicsMode::Rent
                      ? QCoreApplication::translate("commtax::Report", "rent, %1/GPU-h").arg(formatUsd(rentUsdPerGpuHour(pl)))
                      : QCoreApplication::translate("commtax::Report", "buy, %1 y").arg(formatNumber(pl.economics.years, 0)))
                 + (p.scenario.quote.isEmpty() ? QString() : QLatin1Char('\n') + quoteText(p.scenario.quote, o.date.date()))},
            Cell{!p.valid               ? QCoreApplication::translate("commtax::Report", "invalid: %1").arg(libraryText(p.errorText))
                     : i == c.reference ? (p.note.isEmpty() ? QCoreApplication::translate("commtax::Report", "reference")
                                                            : QCoreApplication::translate("commtax::Report", "reference; %1").arg(libraryText(p.noteText)))
                     : p.note.isEmpty() ? normalizationText(c.normalization).toLower()
                                        : libraryText(p.noteText),
                 false, false, !p.runs()},
        };
    }
    doc.table({QCoreApplication::translate("commtax::Report", "Plan"), QStringLiteral("GPU"), QCoreApplication::translate("commtax::Report", "Cluster"), QCoreApplication::translate("commtax::Report", "Size and layout"),
               QCoreApplication::translate("commtax::Report", "Economics"), QCoreApplication::translate("commtax::Report", "Normalisation: ") + normalizationText(c.normalization) + (c.bestLayout.enabled ? QCoreApplication::translate("commtax::Report", ", best layout") : QString())},
              rows, {14, 14, 17, 19, 16, 20}, 7.5);

    // The engine's warnings, each beside the plan it concerns (the JSON has them per plan too).
    QList<QList<Cell>> warnings;
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        const ComparedPlan &p = c.plans[i];
        if (!p.valid)
            continue;
        const QString name = shownName(p.name) + (i == c.reference ? QStringLiteral(" (A)") : QString());
        const QStringList texts = warningTexts(p.result, p.plan);
        for (qsizetype w = 0; w < texts.size(); ++w)
            warnings << QList<Cell>{Cell{w == 0 ? name : QString(), true}, Cell{texts[w], false, false, true}};
    }
    doc.heading(QCoreApplication::translate("commtax::Report", "Warnings"), 2, false);
    if (warnings.isEmpty())
        doc.paragraph(QCoreApplication::translate("commtax::Report", "The engine raises no warning about any plan."), 8.5, true);
    else
        doc.table({QCoreApplication::translate("commtax::Report", "Plan"), QCoreApplication::translate("commtax::Report", "Warning")}, warnings, {22, 78}, 7.5);
}

// The comparison table, best values marked.
void comparisonTable(ReportDocument &doc, const Comparison &c)
{
    const int n = int(c.plans.size());
    doc.heading(QCoreApplication::translate("commtax::Report", "Comparison table"), 1, true);
    doc.paragraph(QCoreApplication::translate("commtax::Report", "%1 marks the best value of each row among the plans that run (valid and fitting in memory). "
                                                                 "Ratios are percentages; money is USD.")
                      .arg(QString::fromUtf8(ComparisonTableModel::kBestMark)),
                  8, true);
    ComparisonTableModel model;
    model.setComparison(c);
    QList<QList<Cell>> rows;
    for (int r = 0; r < model.rowCount(); ++r) {
        QList<Cell> row{Cell{model.headerData(r, Qt::Vertical).toString()}};
        for (int col = 0; col < model.columnCount(); ++col) {
            const QModelIndex idx = model.index(r, col);
            row << Cell{idx.data().toString(), false, idx.data(ComparisonTableModel::BestRole).toBool()};
        }
        rows << row;
    }
    doc.table(planHeader(c, QCoreApplication::translate("commtax::Report", "Metric")), rows, evenWidths(n > 5 ? 22 : 26, n), n > 5 ? 6.5 : 7);
}

// The charts, then the break-even charts.
void comparisonCharts(ReportDocument &doc, const Comparison &c)
{
    doc.heading(QCoreApplication::translate("commtax::Report", "Charts"), 1, true);
    const double chartHeight = 400;
    doc.chart(ComparisonChart::StepBreakdown, chartHeight);
    doc.chart(ComparisonChart::CostPerBillionTokens, chartHeight);
    doc.chart(ComparisonChart::DaysToTrain, chartHeight);
    doc.chart(ComparisonChart::Tco, chartHeight);

    doc.heading(QCoreApplication::translate("commtax::Report", "Break-even"), 1, true);
    doc.paragraph(QCoreApplication::translate("commtax::Report", "The GPU price at which each plan's cost per billion tokens equals plan A's (%1), everything else "
                                                                 "unchanged; and, for a bought plan against a rented one, the months of use after which buying "
                                                                 "is cheaper.")
                      .arg(shownName(c.plans[c.reference].name)),
                  9);
    doc.chart(ComparisonChart::PriceBreakEven, 360);
    doc.chart(ComparisonChart::BuyVersusRent, 330);
}

// What each plan buys: GPUs, servers, NIC ports, power, energy.
void billOfMaterialsTable(ReportDocument &doc, const Comparison &c)
{
    const int n = int(c.plans.size());
    doc.heading(QCoreApplication::translate("commtax::Report", "Bill of materials"), 1, true);
    std::vector<BillOfMaterials> bom;
    for (const ComparedPlan &p : c.plans)
        bom.push_back(p.valid ? billOfMaterials(p.plan, p.result) : BillOfMaterials{});
    auto row = [&](const QString &label, auto text) {
        QList<Cell> r{Cell{label}};
        for (qsizetype i = 0; i < c.plans.size(); ++i)
            r << Cell{c.plans[i].valid ? text(c.plans[i], bom[size_t(i)]) : QStringLiteral("-")};
        return r;
    };
    QList<QList<Cell>> rows;
    rows << row(QStringLiteral("GPUs"), [](const ComparedPlan &p, const BillOfMaterials &b) {
        return QStringLiteral("%1 x %2").arg(b.gpus).arg(QString::fromStdString(p.plan.gpu.name));
    });
    rows << row(QCoreApplication::translate("commtax::Report", "Nodes (servers)"), [](const ComparedPlan &p, const BillOfMaterials &b) {
        return QStringLiteral("%1 x %2").arg(b.nodes).arg(QString::fromStdString(p.plan.cluster.name));
    });
    rows << row(QCoreApplication::translate("commtax::Report", "GPUs per node"), [](const ComparedPlan &, const BillOfMaterials &b) { return QString::number(b.gpus_per_node); });
    rows << row(QCoreApplication::translate("commtax::Report", "NIC ports (and leaf-switch ports)"), [](const ComparedPlan &, const BillOfMaterials &b) {
        return QCoreApplication::translate("commtax::Report", "%1 x %2 Gb/s (%3 per node)").arg(b.nic_ports).arg(formatNumber(b.nic_port_gbit, 0)).arg(b.nic_ports_per_node);
    });
    rows << row(QCoreApplication::translate("commtax::Report", "GPU power (kW)"), [](const ComparedPlan &, const BillOfMaterials &b) { return formatNumber(b.gpu_power_kw, 1); });
    rows << row(QCoreApplication::translate("commtax::Report", "IT power with node overhead (kW)"), [](const ComparedPlan &, const BillOfMaterials &b) {
        return formatNumber(b.it_power_kw, 1);
    });
    rows << row(QCoreApplication::translate("commtax::Report", "Facility power at PUE (kW)"), [](const ComparedPlan &, const BillOfMaterials &b) {
        return formatNumber(b.facility_power_kw, 1);
    });
    rows << row(QCoreApplication::translate("commtax::Report", "Energy for the run (MWh)"), [](const ComparedPlan &p, const BillOfMaterials &) {
        return formatNumber(p.result.energy_mwh, 0);
    });
    doc.table(planHeader(c, QCoreApplication::translate("commtax::Report", "Item")), rows, evenWidths(24, n), n > 5 ? 6.5 : 7.5);
    doc.paragraph(QCoreApplication::translate("commtax::Report", "NIC ports: one per GPU where the cluster gives each GPU 100 Gb/s or more (rail-optimised), "
                                                                 "else the node's bandwidth on 200 Gb/s ports. Power: GPU board power, times one plus the "
                                                                 "node overhead, times the PUE."),
                  7.5, true);
}

// Capex, cost per hour and TCO of each plan.
void costBreakdownTable(ReportDocument &doc, const Comparison &c)
{
    const int n = int(c.plans.size());
    doc.heading(QCoreApplication::translate("commtax::Report", "Cost breakdown"), 1, false);
    std::vector<CostBreakdown> cost;
    for (const ComparedPlan &p : c.plans)
        cost.push_back(p.valid ? costBreakdown(p.plan, p.result) : CostBreakdown{});
    auto row = [&](const QString &label, double (*get)(const CostBreakdown &, const Result &), bool bold = false) {
        QList<Cell> r{Cell{label, bold}};
        for (qsizetype i = 0; i < c.plans.size(); ++i)
            r << Cell{c.plans[i].valid ? formatUsd(get(cost[size_t(i)], c.plans[i].result)) : QStringLiteral("-"), bold};
        return r;
    };
    QList<QList<Cell>> rows;
    rows << row(QCoreApplication::translate("commtax::Report", "Capex: GPUs"), [](const CostBreakdown &b, const Result &) { return b.gpus_usd; });
    rows << row(QCoreApplication::translate("commtax::Report", "Capex: servers without GPUs"), [](const CostBreakdown &b, const Result &) { return b.nodes_usd; });
    rows << row(QCoreApplication::translate("commtax::Report", "Capex: network"), [](const CostBreakdown &b, const Result &) { return b.network_usd; });
    rows << row(
        QCoreApplication::translate("commtax::Report", "Capex total"), [](const CostBreakdown &b, const Result &) { return b.capex_usd; }, true);
    rows << row(QCoreApplication::translate("commtax::Report", "Per hour of use: capital"), [](const CostBreakdown &b, const Result &) { return b.depreciation_usd_per_hour; });
    rows << row(QCoreApplication::translate("commtax::Report", "Per hour: energy"), [](const CostBreakdown &b, const Result &) { return b.energy_usd_per_hour; });
    rows << row(QCoreApplication::translate("commtax::Report", "Per hour: upkeep"), [](const CostBreakdown &b, const Result &) { return b.upkeep_usd_per_hour; });
    rows << row(QCoreApplication::translate("commtax::Report", "Per hour: rent"), [](const CostBreakdown &b, const Result &) { return b.rent_usd_per_hour; });
    rows << row(
        QCoreApplication::translate("commtax::Report", "Per hour total"), [](const CostBreakdown &b, const Result &) { return b.total_usd_per_hour; }, true);
    rows << row(
        QCoreApplication::translate("commtax::Report", "TCO of the training run"), [](const CostBreakdown &, const Result &r) { return r.tco_usd; }, true);
    rows << row(QCoreApplication::translate("commtax::Report", "Lifetime TCO (economics horizon)"), [](const CostBreakdown &, const Result &r) { return r.lifetime_tco_usd; });
    rows << row(QCoreApplication::translate("commtax::Report", "Residual value at the end of the horizon"), [](const CostBreakdown &b, const Result &) { return b.residual_value_usd; });
    rows << row(QCoreApplication::translate("commtax::Report", "Net present cost over the horizon"), [](const CostBreakdown &b, const Result &) { return b.net_present_cost_usd; });
    rows << row(
        QCoreApplication::translate("commtax::Report", "Cost per billion tokens"), [](const CostBreakdown &, const Result &r) {
            return r.cost_per_billion_tokens_usd;
        },
        true);
    doc.table(planHeader(c, QStringLiteral("USD")), rows, evenWidths(24, n), n > 5 ? 6.5 : 7.5);
}

// Every input with its provenance, each plan's settings, and the numbered sources.
void assumptionsAndSources(ReportDocument &doc, const Comparison &c, const ReportOptions &o)
{
    const int n = int(c.plans.size());
    doc.heading(QCoreApplication::translate("commtax::Report", "Assumptions and sources"), 1, true);
    doc.paragraph(QCoreApplication::translate("commtax::Report", "Every input figure with its provenance: [D] datasheet, [M] measured, [A] assumption, [C] derived, "
                                                                 "[U] set by the user or the plan file; the number points to the source list below. Prices are "
                                                                 "editable defaults: replace them with your quotes."),
                  8, true);
    Provenances prov(o.catalog ? *o.catalog : PresetCatalog::builtIn());
    doc.heading(QStringLiteral("GPUs"), 2, false);
    prov.section(doc, c, Section::Gpu, {});
    doc.heading(QCoreApplication::translate("commtax::Report", "Clusters"), 2, false);
    prov.section(doc, c, Section::Cluster, {QStringLiteral("nodes")});
    doc.heading(QCoreApplication::translate("commtax::Report", "Models"), 2, false);
    prov.section(doc, c, Section::Model, {});
    doc.heading(QCoreApplication::translate("commtax::Report", "Training and economics settings of each plan"), 2, false);
    {
        // Economics carry a kind and source like every other figure (comparisonInputFigures(): stated,
        // else the Commtax default as an assumption, else the user's); training settings are
        // marked only where the plan file states them.
        QMap<QPair<int, QString>, Provenance> economics;
        for (const InputFigure &fig : comparisonInputFigures(c, o.catalog ? *o.catalog : PresetCatalog::builtIn()))
            if (fig.field->section == Section::Economics)
                economics.insert({fig.plan, fig.field->path()}, fig.provenance);
        QList<QList<Cell>> rows;
        for (Section s : {Section::Training, Section::Economics})
            for (const FieldInfo *f : fieldsOf(s)) {
                QList<Cell> row{Cell{fieldText(f->label)}};
                for (int i = 0; i < int(c.plans.size()); ++i) {
                    const ComparedPlan &p = c.plans[i];
                    const QJsonValue v = f->get(p.plan);
                    const std::optional<Provenance> stated = s == Section::Economics ? std::optional<Provenance>(economics.value({i, f->path()}))
                                                                                     : p.scenario.statedProvenance(f->path(), v);
                    row << Cell{fieldValue(*f, v) + (stated ? prov.marker(*stated) : QString())};
                }
                rows << row;
            }
        doc.table(planHeader(c, QCoreApplication::translate("commtax::Report", "Setting")), rows, evenWidths(28, n), n > 5 ? 6.5 : 7);
    }
    doc.heading(QCoreApplication::translate("commtax::Report", "Sources"), 2, false);
    for (const QString &s : prov.sources())
        doc.paragraph(s, 7.5);
}

QString sha256(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

// What made this report: the tool, the date, and each input with its SHA-256, so that anyone can
// check that the files they hold are the ones the figures came from.
void auditTrail(ReportDocument &doc, const Comparison &c, const ReportOptions &o)
{
    doc.heading(QCoreApplication::translate("commtax::Report", "Audit trail"), 1, false);
    doc.paragraph(QCoreApplication::translate("commtax::Report", "Tool: Commtax %1. Report date: %2.")
                      .arg(QStringLiteral(COMMTAX_VERSION), o.date.toString(Qt::ISODate)),
                  8.5);
    QList<QList<Cell>> rows;
    if (!o.inputs.isEmpty()) {
        for (const ReportOptions::Input &in : o.inputs)
            rows << QList<Cell>{Cell{in.name == QLatin1String("-") ? QCoreApplication::translate("commtax::Report", "standard input") : QFileInfo(in.name).fileName()},
                                Cell{sha256(in.data)}};
        doc.paragraph(QCoreApplication::translate("commtax::Report", "The input files and the SHA-256 of their bytes as read (sha256sum FILE gives the same)."), 8, true);
    } else {
        const PresetCatalog &catalog = o.catalog ? *o.catalog : PresetCatalog::builtIn();
        for (const ComparedPlan &p : c.plans)
            rows << QList<Cell>{Cell{shownName(p.name)}, Cell{sha256(serializeScenario(p.scenario, catalog))}};
        doc.paragraph(QCoreApplication::translate("commtax::Report", "The plans came from the app, not from files: each with the SHA-256 of its scenario file as Save would write it."), 8, true);
    }
    doc.table({QCoreApplication::translate("commtax::Report", "Input"), QStringLiteral("SHA-256")}, rows, {34, 66}, 7);
}

// Sensitivity (issue 13): the P10-P90 of each plan, the odds that each is the cheapest and the
// fastest, the recommended plan's tornado, and the input break-evens.
void sensitivitySection(ReportDocument &doc, const Comparison &c, const ComparisonSensitivity &s)
{
    using uncertainty::Metric;
    const int n = int(c.plans.size());
    doc.heading(QCoreApplication::translate("commtax::Report", "Sensitivity"), 1, true);
    doc.paragraph(QCoreApplication::translate("commtax::Report", "How sure the figures are: %1 Latin hypercube samples (seed %2; the same seed gives the same "
                                                                 "numbers) of every uncertain input within its range: the range a plan file gives, else "
                                                                 "+-2% of a datasheet figure, +-10% of a measured, derived or user figure, +-25% of an "
                                                                 "assumption. Inputs the plans share are drawn together. P10: 1 sample in 10 is lower; "
                                                                 "P90: 1 in 10 is higher.")
                      .arg(s.samples)
                      .arg(s.seed),
                  8.5, true);
    // the three figures of a cell in one scale, the P50's ("$830.4k - $1260.2k (P50 $975.1k)")
    auto range = [&](int i, Metric m, QString (*text)(double, double)) {
        const PlanSensitivity &p = s.plans[std::size_t(i)];
        if (!p.valid)
            return Cell{QStringLiteral("-")};
        const uncertainty::Percentiles q = p.of(m);
        return Cell{QStringLiteral("%1 - %2 (P50 %3)").arg(text(q.p10, q.p50), text(q.p90, q.p50), text(q.p50, q.p50))};
    };
    auto days = [](double v, double) { return formatNumber(v, 1); };
    auto money = [](double v, double like) { return formatUsdLike(v, like); };
    auto percent = [](double v) { return QString(formatNumber(100.0 * v, 0) + QLatin1Char('%')); };
    QList<QList<Cell>> rows;
    const struct {
        const char *label;
        Metric metric;
        QString (*text)(double, double);
    } ranges[] = {
        {QT_TRANSLATE_NOOP("commtax::Report", "Days to train, P10 - P90"), Metric::DaysToTrain, days},
        {QT_TRANSLATE_NOOP("commtax::Report", "USD per billion tokens, P10 - P90"), Metric::CostPerBillionTokens, money},
        {QT_TRANSLATE_NOOP("commtax::Report", "TCO of the run, P10 - P90"), Metric::Tco, money},
    };
    for (const auto &r : ranges) {
        QList<Cell> row{Cell{QCoreApplication::translate("commtax::Report", r.label)}};
        for (int i = 0; i < n; ++i)
            row << range(i, r.metric, r.text);
        rows << row;
    }
    double bestCheap = 0, bestFast = 0;
    for (const PlanSensitivity &p : s.plans) {
        bestCheap = std::max(bestCheap, p.probabilityCheapest);
        bestFast = std::max(bestFast, p.probabilityFastest);
    }
    QList<Cell> cheapest{Cell{QCoreApplication::translate("commtax::Report", "Probability of being the cheapest"), true}};
    QList<Cell> fastest{Cell{QCoreApplication::translate("commtax::Report", "Probability of being the fastest"), true}};
    for (int i = 0; i < n; ++i) {
        const PlanSensitivity &p = s.plans[std::size_t(i)];
        cheapest << Cell{p.valid ? percent(p.probabilityCheapest) : QStringLiteral("-"), false, p.valid && p.probabilityCheapest == bestCheap && bestCheap > 0};
        fastest << Cell{p.valid ? percent(p.probabilityFastest) : QStringLiteral("-"), false, p.valid && p.probabilityFastest == bestFast && bestFast > 0};
    }
    rows << cheapest << fastest;
    doc.table(planHeader(c, QCoreApplication::translate("commtax::Report", "Over the input ranges")), rows, evenWidths(n > 5 ? 22 : 26, n), n > 5 ? 6.5 : 7.5);

    doc.chart([&](QCustomPlot *plot) { drawCostRanges(plot, c, s); }, 300);
    if (s.recommended >= 0) {
        doc.chart([&](QCustomPlot *plot) { drawRecommendedTornado(plot, c, s); }, 380);
        QList<QList<Cell>> bars;
        const PlanSensitivity &rec = s.plans[std::size_t(s.recommended)];
        for (std::size_t i = 0; i < rec.costTornado.size() && i < 10; ++i) {
            const uncertainty::TornadoBar &b = rec.costTornado[i];
            QString daysText = QStringLiteral("-");
            for (const uncertainty::TornadoBar &d : rec.daysTornado)
                if (d.input == b.input)
                    daysText = QStringLiteral("%1 to %2").arg(formatNumber(d.low, 1), formatNumber(d.high, 1));
            bars << QList<Cell>{Cell{libraryText(inputLabelText(QString::fromStdString(b.input))) + QStringLiteral(" (") + QString::fromStdString(b.input) + QLatin1Char(')')},
                                Cell{QStringLiteral("%1 to %2").arg(inputValueText(QString::fromStdString(b.input), b.input_low, std::max(std::fabs(b.input_low), std::fabs(b.input_high))), inputValueText(QString::fromStdString(b.input), b.input_high, std::max(std::fabs(b.input_low), std::fabs(b.input_high))))},
                                Cell{QStringLiteral("%1 to %2").arg(formatUsdLike(b.low, std::max(b.low, b.high)), formatUsdLike(b.high, std::max(b.low, b.high)))},
                                Cell{daysText}};
        }
        doc.heading(QCoreApplication::translate("commtax::Report", "What moves the recommended plan's cost (%1)").arg(shownName(c.plans[s.recommended].name)), 2, false);
        doc.table({QCoreApplication::translate("commtax::Report", "Input"), QCoreApplication::translate("commtax::Report", "Range"),
                   QCoreApplication::translate("commtax::Report", "USD per billion tokens"), QCoreApplication::translate("commtax::Report", "Days to train")},
                  bars, {40, 18, 24, 18}, 7.5);
    }
    doc.heading(QCoreApplication::translate("commtax::Report", "Input break-evens"), 2, false);
    QStringList sentences;
    for (const uncertainty::BreakEven &b : keyBreakEvens(s, 3))
        sentences << libraryText(breakEvenText(c, b));
    if (sentences.isEmpty())
        doc.paragraph(QCoreApplication::translate("commtax::Report", "No single input, moved within its field's limits, makes another plan as cheap as the cheapest."), 8.5, true);
    else
        doc.bullets(sentences);

    // The engine's own error, which every range above holds (core/engineaccuracy.h).
    doc.heading(QCoreApplication::translate("commtax::Report", "How accurate is this"), 2, false);
    doc.paragraph(QCoreApplication::translate("commtax::Report", "Each range above holds the engine's own error, measured on published training runs it was not fitted on "
                                                                 "(each run's source left out of the fit), taken from the runs most like the plan."),
                  8.5, true);
    QStringList accuracy;
    for (int i = 0; i < n; ++i)
        if (s.plans[std::size_t(i)].valid)
            accuracy << QStringLiteral("%1: %2").arg(shownName(c.plans[i].name), engineText("commtax::Accuracy", engineRegimeText(s.plans[std::size_t(i)].regime)));
    doc.bullets(accuracy);
}

void buildReport(ReportDocument &doc, const Comparison &c, const ReportOptions &o, const ComparisonSensitivity *s)
{
    reportOpening(doc, c, o);
    plansCompared(doc, c, o);
    comparisonTable(doc, c);
    comparisonCharts(doc, c);
    if (s && s->valid)
        sensitivitySection(doc, c, *s);
    billOfMaterialsTable(doc, c);
    costBreakdownTable(doc, c);
    assumptionsAndSources(doc, c, o);
    auditTrail(doc, c, o);
}

void drawFooter(QPainter &p, const QRectF &page, const QString &left, int index, int count)
{
    QFont f(QCoreApplication::translate("commtax::Report", "DejaVu Sans"));
    f.setPointSizeF(7.5);
    p.setFont(f);
    p.setPen(QColor(0x55, 0x55, 0x55));
    const QRectF line(kMargin, page.height() - kMargin + 4, page.width() - 2 * kMargin, kFooterHeight - 8);
    p.drawLine(QPointF(line.left(), line.top() - 3), QPointF(line.right(), line.top() - 3));
    p.drawText(line, Qt::AlignLeft | Qt::AlignVCenter, left);
    p.drawText(line, Qt::AlignRight | Qt::AlignVCenter, QCoreApplication::translate("commtax::Report", "Page %1 of %2").arg(index).arg(count));
}

// A page break before `block`.
void breakPageBefore(const QTextBlock &block)
{
    QTextCursor cursor(block);
    QTextBlockFormat bf = block.blockFormat();
    bf.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
    cursor.setBlockFormat(bf);
}

// The heading just over `block` (blank blocks between skipped), which moves to a new page with
// what it heads; invalid if the nearest block above is not a heading (bold, 10.5 pt or more).
QTextBlock headingOver(const QTextBlock &block)
{
    QTextBlock before = block.previous();
    while (before.isValid() && before.text().trimmed().isEmpty())
        before = before.previous();
    if (before.isValid() && before.charFormat().fontWeight() >= QFont::Bold && before.charFormat().fontPointSize() >= 10.5)
        return before;
    return QTextBlock();
}

// No table shorter than a page is cut across two (issue 12: with 8 plans of 60-character names,
// the plans table left two rows, one cut in half, on the next page): such a table starts on a
// new page, with the heading just before it. Tables longer than a page run on, their header
// repeated. One table per pass, since each move shifts the ones after it.
void keepShortTablesTogether(QTextDocument &doc, double pageHeight)
{
    for (int pass = 0; pass < 64; ++pass) {
        doc.pageCount(); // lays the document out
        QTextTable *crossing = nullptr;
        for (QTextFrame *frame : doc.rootFrame()->childFrames()) {
            auto *table = qobject_cast<QTextTable *>(frame);
            if (!table || table->format().boolProperty(kMovedToNewPage))
                continue;
            const QRectF r = doc.documentLayout()->frameBoundingRect(table);
            if (r.height() < pageHeight * 0.9 && int(r.top() / pageHeight) != int((r.bottom() - 1) / pageHeight)) {
                crossing = table;
                break;
            }
        }
        if (!crossing)
            return;
        QTextTableFormat tf = crossing->format();
        tf.setProperty(kMovedToNewPage, true);
        tf.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        // the heading over the table goes with it
        const QTextBlock heading = headingOver(doc.findBlock(crossing->firstPosition()));
        if (heading.isValid() && !doc.documentLayout()->blockBoundingRect(heading).isNull()) {
            breakPageBefore(heading);
            tf.setPageBreakPolicy(QTextFormat::PageBreak_Auto);
        }
        crossing->setFormat(tf);
    }
}

// Lists (issue 12: the input break-evens spilt four items, one cut mid-sentence, onto an almost
// empty page): an item is never cut across two pages, and a list shorter than a page that would
// cross one starts on a new page with its heading, as the tables do; a longer list runs on, an
// item that would be cut starting the next page. One move per pass.
void keepListsTogether(QTextDocument &doc, double pageHeight)
{
    const auto pageOf = [&](double y) { return int(y / pageHeight); };
    for (int pass = 0; pass < 64; ++pass) {
        doc.pageCount(); // lays the document out
        QAbstractTextDocumentLayout *layout = doc.documentLayout();
        bool moved = false;
        for (QTextBlock b = doc.begin(); b.isValid() && !moved; b = b.next()) {
            QTextList *list = b.textList();
            if (!list || list->item(0) != b)
                continue;
            const QRectF first = layout->blockBoundingRect(list->item(0));
            const QRectF last = layout->blockBoundingRect(list->item(list->count() - 1));
            if (pageOf(first.top()) == pageOf(last.bottom() - 1))
                continue;
            if (last.bottom() - first.top() < pageHeight * 0.9 && !list->format().boolProperty(kMovedToNewPage)) {
                QTextListFormat lf = list->format();
                lf.setProperty(kMovedToNewPage, true);
                list->setFormat(lf);
                const QTextBlock heading = headingOver(b); // the heading over the list goes with it
                breakPageBefore(heading.isValid() && !heading.textList() ? heading : b);
                moved = true;
                break;
            }
            for (int i = 0; i < list->count(); ++i) {
                const QTextBlock item = list->item(i);
                const QRectF r = layout->blockBoundingRect(item);
                if (pageOf(r.top()) != pageOf(r.bottom() - 1) && item.blockFormat().pageBreakPolicy() != QTextFormat::PageBreak_AlwaysBefore) {
                    breakPageBefore(item);
                    moved = true;
                    break;
                }
            }
        }
        if (!moved)
            return;
    }
}

bool writePdf(const Comparison &c, const QString &fileName, const ReportOptions &o, const ComparisonSensitivity *s, QString *error, int *pages)
{
    const QString title = reportTitle(c, o);
    int pageCount = 0;
    const bool written = writeFileAtomically(
        fileName,
        [&](QIODevice &file, QString *why) {
            QPdfWriter writer(&file);
            writer.setPageSize(QPageSize(QPageSize::A4));
            writer.setPageMargins(QMarginsF(0, 0, 0, 0));
            writer.setResolution(int(kDpi));
            writer.setTitle(title);
            writer.setCreator(QStringLiteral("Commtax " COMMTAX_VERSION));
            const QRectF page(0, 0, writer.width(), writer.height());
            const QSizeF body(page.width() - 2 * kMargin, page.height() - 2 * kMargin - kFooterHeight / 2);
            ReportDocument doc(c, &writer, body);
            doc.beginBuild();
            buildReport(doc, c, o, s);
            doc.endBuild();
            keepShortTablesTogether(doc.document(), body.height());
            keepListsTogether(doc.document(), body.height());
            keepShortTablesTogether(doc.document(), body.height()); // the lists moved may have moved a table
            pageCount = doc.document().pageCount();

            QCPPainter painter;
            if (!painter.begin(&writer)) {
                *why = QCoreApplication::translate("commtax::Report", "cannot start the PDF");
                return false;
            }
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            doc.charts().pdfPainter = &painter;
            const QString footer = QCoreApplication::translate("commtax::Report", "Commtax %1  |  %2  |  %3")
                                       .arg(QStringLiteral(COMMTAX_VERSION), title, o.date.toString(QStringLiteral("yyyy-MM-dd")));
            for (int i = 0; i < pageCount; ++i) {
                if (i > 0)
                    writer.newPage();
                painter.save();
                painter.translate(kMargin, kMargin - i * body.height());
                QAbstractTextDocumentLayout::PaintContext ctx;
                ctx.clip = QRectF(0, i * body.height(), body.width(), body.height());
                painter.setClipRect(ctx.clip);
                doc.document().documentLayout()->draw(&painter, ctx);
                painter.restore();
                drawFooter(painter, page, footer, i + 1, pageCount);
            }
            doc.charts().pdfPainter = nullptr;
            return painter.end();
        },
        error);
    if (!written)
        return false;
    if (pages)
        *pages = pageCount;
    return true;
}

} // namespace

bool writeComparisonReport(const Comparison &c, const QString &fileName, const ReportOptions &options, QString *error, int *pages)
{
    if (pages)
        *pages = 0;
    ReportFormat format;
    if (!reportFormatForFile(fileName, format)) {
        if (error)
            *error = fileName + QCoreApplication::translate("commtax::Report", ": the report's name must end in .pdf, .csv, .json or .xlsx");
        return false;
    }
    if (c.plans.isEmpty()) {
        if (error)
            *error = QCoreApplication::translate("commtax::Report", "no plans to report on");
        return false;
    }
    // The sensitivity: the caller's (the comparison view's, already computed), else sampled here.
    std::optional<ComparisonSensitivity> sampled;
    const ComparisonSensitivity *sensitivity = options.sensitivity;
    if (!sensitivity && options.sensitivityOptions.samples > 0) {
        uncertainty::Options opt = options.sensitivityOptions;
        opt.threads = 0; // every core; the numbers do not depend on it
        sampled = comparisonSensitivity(c, options.catalog ? *options.catalog : PresetCatalog::builtIn(), opt);
        sensitivity = &*sampled;
    }
    if (sensitivity && !sensitivity->valid)
        sensitivity = nullptr;
    switch (format) {
    case ReportFormat::Csv:
        return writeFileAtomically(fileName, (options.csvBom ? QByteArrayLiteral("\xEF\xBB\xBF") : QByteArray()) + comparisonToCsv(c, sensitivity, options.catalog ? *options.catalog : PresetCatalog::builtIn()).toUtf8(), error);
    case ReportFormat::Json: {
        QJsonObject root = comparisonToJson(c, options.catalog ? *options.catalog : PresetCatalog::builtIn());
        if (sensitivity)
            root.insert(QStringLiteral("uncertainty"), comparisonSensitivityToJson(c, *sensitivity));
        return writeFileAtomically(fileName, QJsonDocument(root).toJson(QJsonDocument::Indented), error);
    }
    // The PDF is read, not parsed: the names' tags in the interface language (files keep them in English).
    case ReportFormat::Pdf: return writePdf(shownComparison(c), fileName, options, sensitivity, error, pages);
    case ReportFormat::Xlsx: return writeComparisonXlsx(c, fileName, options, sensitivity, error);
    }
    return false;
}

} // namespace commtax

#include "reportwriter.moc"
