// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportwriter.h"
#include "text/modeltext.h"

#include "compare/comparisoncharts.h"
#include "core/atomicfile.h"
#include "core/presets.h"
#include "library/comparisonio.h"
#include "library/comparisonuncertainty.h"

#include <qcustomplot.h>

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QFileInfo>
#include <QPdfWriter>
#include <QResizeEvent>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextList>
#include <QTextTable>

#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

namespace commtax {

namespace {

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

// The report document (library/reportdocument.h) laid out as a QTextDocument on A4 pages.
class PdfDocument
{
public:
    PdfDocument(QPaintDevice *device, const QSizeF &body)
        : m_cursor(&m_doc)
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
    void table(const QStringList &header, const QList<QList<ReportCell>> &rows, const QList<double> &widths,
               double pointSize = 7.5)
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
        auto fill = [&](int r, int col, const ReportCell &cell, bool isHeader) {
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
            fill(0, int(col), ReportCell{header[col]}, true);
        for (qsizetype r = 0; r < rows.size(); ++r)
            for (qsizetype col = 0; col < rows[r].size() && col < header.size(); ++col)
                fill(int(r) + 1, int(col), rows[r][col], false);
        // A cell over several rows (a plan beside its warnings), merged once the rows are filled.
        for (qsizetype r = 0; r < rows.size(); ++r)
            for (qsizetype col = 0; col < rows[r].size() && col < header.size(); ++col)
                if (const int span = int(std::min<qsizetype>(rows[r][col].rowSpan, rows.size() - r)); span > 1)
                    t->mergeCells(int(r) + 1, int(col), span, 1);
        m_cursor.movePosition(QTextCursor::End);
        m_fresh = false;
    }

    // A chart drawn by `draw` into a plot of the body's width.
    // The chart `make` returns, drawn at the body's width and `height`: made for print
    // (WA_DontShowOnScreen, texts wrapped whole) and sized before `draw` fits it.
    void chart(const std::function<std::unique_ptr<QCustomPlot>()> &make,
               const std::function<void(QCustomPlot *)> &draw, double height)
    {
        std::unique_ptr<QCustomPlot> plot = make();
        plot->setAttribute(Qt::WA_DontShowOnScreen);
        const QSize size{int(m_bodyWidth), int(height)};
        plot->resize(size);
        // A widget never shown gets its resize event only when shown: as the view lays out.
        QResizeEvent resized(size, QSize());
        QCoreApplication::sendEvent(plot.get(), &resized);
        draw(plot.get());
        plot->replot(); // lays it out: the category names fit their width, then the last layout
        plot->replot();
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

    QTextDocument m_doc;
    QTextCursor m_cursor;
    ChartObject m_charts;
    double m_bodyWidth = 0;
    bool m_fresh = true;
};

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

// The chart view a block of the document places (the comparison view's own), and its drawing
// from the document's comparison.
std::unique_ptr<QCustomPlot> makeChart(ReportChart which)
{
    switch (which) {
    case ReportChart::StepBreakdown: return std::make_unique<ComparisonChartView>(ComparisonChart::StepBreakdown);
    case ReportChart::CostPerBillionTokens:
        return std::make_unique<ComparisonChartView>(ComparisonChart::CostPerBillionTokens);
    case ReportChart::DaysToTrain: return std::make_unique<ComparisonChartView>(ComparisonChart::DaysToTrain);
    case ReportChart::Tco: return std::make_unique<ComparisonChartView>(ComparisonChart::Tco);
    case ReportChart::PriceBreakEven: return std::make_unique<ComparisonChartView>(ComparisonChart::PriceBreakEven);
    case ReportChart::BuyVersusRent: return std::make_unique<ComparisonChartView>(ComparisonChart::BuyVersusRent);
    case ReportChart::CostRanges: return std::make_unique<ComparisonChartView>(ComparisonChart::CostRanges);
    case ReportChart::RecommendedTornado: return std::make_unique<RecommendedTornadoChart>();
    }
    return std::make_unique<QCustomPlot>();
}

void drawChart(QCustomPlot *plot, ReportChart which, const ReportDocument &report)
{
    const Comparison &c = report.comparison;
    if (auto *tornado = qobject_cast<RecommendedTornadoChart *>(plot)) {
        if (report.sensitivity)
            tornado->showSensitivity(c, *report.sensitivity);
    } else if (auto *chart = qobject_cast<ComparisonChartView *>(plot)) {
        if (which != ReportChart::CostRanges)
            chart->showComparison(c);
        else if (report.sensitivity)
            chart->showComparison(c, *report.sensitivity);
    }
}

// Every block of the document, in order.
void render(PdfDocument &doc, const ReportDocument &report)
{
    for (const ReportBlock &b : report.blocks) {
        switch (b.kind) {
        case ReportBlock::Kind::Heading: doc.heading(b.text, b.level, b.newPage); break;
        case ReportBlock::Kind::Paragraph: doc.paragraph(b.text, b.pointSize, b.italic); break;
        case ReportBlock::Kind::Bullets: doc.bullets(b.items); break;
        case ReportBlock::Kind::Table:
            doc.table(b.table.header, b.table.rows, b.table.widths, b.table.pointSize);
            break;
        case ReportBlock::Kind::Chart:
            doc.chart([&] { return makeChart(b.chart); }, [&](QCustomPlot *plot) { drawChart(plot, b.chart, report); },
                      b.height);
            break;
        }
    }
}

bool writePdf(const ReportDocument &report, const QString &fileName, QString *error, int *pages)
{
    const QString &title = report.title;
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
            PdfDocument doc(&writer, body);
            doc.beginBuild();
            render(doc, report);
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
            const QString &footer = report.footer;
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

void registerReportPdfWriter() { setReportPdfWriter(&writeReportPdf); }

bool writeReportPdf(const ReportDocument &document, const QString &fileName, QString *error, int *pages)
{
    if (pages)
        *pages = 0;
    return writePdf(document, fileName, error, pages);
}

bool writeComparisonReport(const Comparison &c, const QString &fileName, const ReportOptions &options, QString *error,
                           int *pages)
{
    registerReportPdfWriter();
    return writeReportFile(c, fileName, options, reportLanguage(), error, pages);
}

} // namespace commtax

#include "reportwriter.moc"
