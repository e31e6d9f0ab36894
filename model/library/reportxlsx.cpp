// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportxlsx.h"

#include "comparisonio.h"
#include "comparisonuncertainty.h"
#include "core/atomicfile.h"
#include "core/resultio.h"

#include <xlsxwriter.h>

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

#include <cerrno>
#include <cmath>
#include <map>

namespace commtax {

namespace {

// One workbook being written: formats made once per number format, text always neutralised.
class Workbook
{
public:
    Workbook(const QString &path, const ReportLanguage &language)
        : m_path(QFile::encodeName(path)), m_language(language)
    {
        m_wb = workbook_new(m_path.constData());
        if (m_wb) {
            m_header = workbook_add_format(m_wb);
            format_set_bold(m_header);
            format_set_bg_color(m_header, 0xE4E9F0);
            format_set_text_wrap(m_header);
            format_set_align(m_header, LXW_ALIGN_VERTICAL_TOP);
            m_wrap = workbook_add_format(m_wb);
            format_set_text_wrap(m_wrap);
            format_set_align(m_wrap, LXW_ALIGN_VERTICAL_TOP);
        }
    }
    ~Workbook()
    {
        if (m_wb) // not closed: an error path; close to free it, the file is discarded anyway
            workbook_close(m_wb);
    }
    Q_DISABLE_COPY_MOVE(Workbook)

    bool ok() const { return m_wb != nullptr && m_error.isEmpty(); }
    // A word of the workbook (context "commtax::Report", or `context`) in the report's language.
    QString say(const char *source, const char *context = "commtax::Report") const
    {
        return m_language.translate ? m_language.translate(context, source) : QString::fromUtf8(source);
    }
    const ReportLanguage &language() const { return m_language; }
    QString error() const { return m_error; }

    lxw_worksheet *sheet(const QString &name)
    {
        const QByteArray n = name.left(31).toUtf8(); // Excel's limit
        lxw_worksheet *ws = workbook_add_worksheet(m_wb, n.constData());
        if (!ws)
            m_error = say(QT_TRANSLATE_NOOP("commtax::Report", "cannot add the sheet \"%1\"")).arg(name);
        return ws;
    }

    void text(lxw_worksheet *ws, int row, int col, const QString &s, lxw_format *f = nullptr)
    {
        if (!ws || s.isEmpty())
            return;
        const QByteArray utf8 = spreadsheetSafeText(s.left(32767)).toUtf8();
        check(worksheet_write_string(ws, lxw_row_t(row), lxw_col_t(col), utf8.constData(), f ? f : m_wrap));
    }
    void header(lxw_worksheet *ws, int row, int col, const QString &s) { text(ws, row, col, s, m_header); }
    // A number with its number format ("0.0%", "#,##0", "0.000"); not finite: left empty.
    void number(lxw_worksheet *ws, int row, int col, double v, const char *numFormat)
    {
        if (!ws || !std::isfinite(v))
            return;
        check(worksheet_write_number(ws, lxw_row_t(row), lxw_col_t(col), v, format(numFormat)));
    }
    void boolean(lxw_worksheet *ws, int row, int col, bool v)
    {
        if (ws)
            check(worksheet_write_boolean(ws, lxw_row_t(row), lxw_col_t(col), v, nullptr));
    }
    // A JSON value of the comparison's table as the right kind of cell.
    void value(lxw_worksheet *ws, int row, int col, const QJsonValue &v, const char *numFormat,
               const QString &separator)
    {
        if (v.isBool())
            boolean(ws, row, col, v.toBool());
        else if (v.isDouble())
            number(ws, row, col, v.toDouble(), numFormat);
        else if (v.isArray())
            text(ws, row, col, v.toVariant().toStringList().join(separator));
        else
            text(ws, row, col, v.toString());
    }

    void setProperties(const QString &title, const QDateTime &date)
    {
        const QByteArray t = title.toUtf8(), creator = QByteArrayLiteral("Commtax " COMMTAX_VERSION); // notr
        lxw_doc_properties props{};
        props.title = const_cast<char *>(t.constData());
        props.author = const_cast<char *>(creator.constData());
        props.created = date.toSecsSinceEpoch();
        check(workbook_set_properties(m_wb, &props));
    }

    bool close()
    {
        errno = 0;
        const lxw_error e = workbook_close(m_wb);
        const int system = errno; // libxlsxwriter's own text names only its error class
        m_wb = nullptr;
        if (e != LXW_NO_ERROR && m_error.isEmpty())
            m_error = QString::fromUtf8(lxw_strerror(e))
                + (system != 0 ? QStringLiteral(" (") + qt_error_string(system) + QLatin1Char(')') : QString());
        return m_error.isEmpty();
    }

private:
    lxw_format *format(const char *numFormat)
    {
        auto it = m_formats.find(numFormat);
        if (it != m_formats.end())
            return it->second;
        lxw_format *f = workbook_add_format(m_wb);
        format_set_num_format(f, numFormat);
        format_set_align(f, LXW_ALIGN_VERTICAL_TOP);
        m_formats.emplace(numFormat, f);
        return f;
    }
    void check(lxw_error e)
    {
        if (e != LXW_NO_ERROR && m_error.isEmpty())
            m_error = QString::fromUtf8(lxw_strerror(e));
    }

    QByteArray m_path;
    const ReportLanguage &m_language;
    lxw_workbook *m_wb = nullptr;
    lxw_format *m_header = nullptr;
    lxw_format *m_wrap = nullptr;
    std::map<std::string, lxw_format *> m_formats;
    QString m_error;
};

constexpr const char *kUsd = "#,##0.00";
constexpr const char *kCount = "#,##0";
constexpr const char *kPercent = "0.0%";

// The number format of a column of the comparison table: ratios as percent, money with
// thousands, other metrics with their display decimals, counts whole.
std::string numberFormatFor(const QString &column)
{
    if (const MetricInfo *m = findMetric(column)) {
        if (m->isRatio())
            return kPercent;
        if (QLatin1String(m->unit) == QLatin1String("USD"))
            return kUsd;
        if (m->decimals <= 0)
            return kCount;
        return "#,##0." + std::string(size_t(std::min(m->decimals, 6)), '0');
    }
    if (column == QLatin1String("break_even_gpu_price"))
        return kUsd;
    if (column == QLatin1String("buy_vs_rent_months"))
        return "0.0";
    return "General"; // notr
}

QString unitFor(const Workbook &wb, const QString &column)
{
    if (const MetricInfo *m = findMetric(column))
        return m->isRatio() ? wb.say(QT_TRANSLATE_NOOP("commtax::Report", "fraction (shown as %)"))
                            : QLatin1String(m->unit);
    if (column == QLatin1String("break_even_gpu_price"))
        return wb.say(QT_TRANSLATE_NOOP("commtax::Report", "see break_even_price_unit"));
    if (column == QLatin1String("buy_vs_rent_months"))
        return wb.say(QT_TRANSLATE_NOOP("commtax::Report", "months"));
    return QString();
}

QString planTitle(const Comparison &c, int i)
{
    return c.plans[i].name + (i == c.reference ? QStringLiteral(" (A)") : QString());
}

// Sheet 1: every column of the CSV as a row, one column per plan (as the PDF's table reads).
void comparisonSheet(Workbook &wb, const Comparison &c, const PresetCatalog &catalog, const QString &name)
{
    lxw_worksheet *ws = wb.sheet(name);
    const QJsonArray plans = comparisonToJson(c, catalog).value(QStringLiteral("plans")).toArray();
    wb.header(ws, 0, 0, wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Column")));
    wb.header(ws, 0, 1, wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Unit")));
    for (int i = 0; i < int(c.plans.size()); ++i)
        wb.header(ws, 0, 2 + i, planTitle(c, i));
    const QStringList cols = comparisonColumns();
    for (int r = 0; r < int(cols.size()); ++r) {
        wb.text(ws, r + 1, 0, cols[r]);
        wb.text(ws, r + 1, 1, unitFor(wb, cols[r]));
        const std::string fmt = numberFormatFor(cols[r]);
        const MetricInfo *metric = findMetric(cols[r]);
        for (int i = 0; i < int(plans.size()); ++i) {
            if (metric && i < int(c.plans.size()) && c.plans[i].valid && !metricApplies(*metric, c.plans[i].plan)) {
                wb.text(
                    ws, r + 1, 2 + i,
                    wb.say(QT_TRANSLATE_NOOP("commtax::Report", "n/a"))); // not a measured 0 (a BF16 plan's FP8 time)
                continue;
            }
            wb.value(ws, r + 1, 2 + i, plans[i].toObject().value(cols[r]), fmt.c_str(),
                     cols[r] == QLatin1String("warnings") ? QStringLiteral(" | ")
                                                          : QStringLiteral("; ")); // as in the CSV
        }
    }
    if (ws) {
        worksheet_set_column(ws, 0, 0, 30, nullptr);
        worksheet_set_column(ws, 1, 1, 16, nullptr);
        worksheet_set_column(ws, 2, lxw_col_t(1 + c.plans.size()), 22, nullptr);
        worksheet_freeze_panes(ws, 1, 2);
    }
}

// Sheet 2: every input figure of every plan, with its kind and source.
void inputsSheet(Workbook &wb, const Comparison &c, const PresetCatalog &catalog, const QString &name)
{
    lxw_worksheet *ws = wb.sheet(name);
    const QStringList header{
        wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Plan")), wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Field")),
        wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Figure")), wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Value")),
        wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Unit")), wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Kind")),
        wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Source"))};
    for (int col = 0; col < int(header.size()); ++col)
        wb.header(ws, 0, col, header[col]);
    int row = 1;
    for (const InputFigure &fig : comparisonInputFigures(c, catalog)) {
        const FieldInfo &f = *fig.field;
        wb.text(ws, row, 0, planTitle(c, fig.plan));
        wb.text(ws, row, 1, f.path());
        wb.text(ws, row, 2, wb.say(f.label, "commtax::Fields"));
        if (f.type == FieldType::Bool)
            wb.boolean(ws, row, 3, fig.value.toBool());
        else if (fig.value.isDouble())
            wb.number(ws, row, 3, fig.value.toDouble(), f.type == FieldType::Int ? "0" : "General"); // notr
        else if (fig.value.isNull())
            wb.text(ws, row, 3,
                    f.type == FieldType::AutoDouble ? QStringLiteral("auto")
                                                    : wb.say(QT_TRANSLATE_NOOP("commtax::Report", "GPU default")));
        else
            wb.text(ws, row, 3, fig.value.toString());
        wb.text(ws, row, 4, QLatin1String(f.unit));
        wb.text(ws, row, 5, toString(fig.provenance.kind));
        wb.text(ws, row, 6, fig.provenance.source);
        ++row;
    }
    if (ws) {
        worksheet_set_column(ws, 0, 0, 24, nullptr);
        worksheet_set_column(ws, 1, 1, 30, nullptr);
        worksheet_set_column(ws, 2, 2, 34, nullptr);
        worksheet_set_column(ws, 3, 4, 12, nullptr);
        worksheet_set_column(ws, 5, 5, 11, nullptr);
        worksheet_set_column(ws, 6, 6, 60, nullptr);
        worksheet_freeze_panes(ws, 1, 1);
        worksheet_autofilter(ws, 0, 0, lxw_row_t(row - 1), 6);
    }
}

const char *numberFormat(ReportNumber f)
{
    switch (f) {
    case ReportNumber::Usd: return kUsd;
    case ReportNumber::Count: return kCount;
    case ReportNumber::OneDecimal: return "#,##0.0";
    case ReportNumber::Percent: return kPercent;
    case ReportNumber::None: break;
    }
    return "General"; // notr
}

// A table of the report document with one column per plan (the cost breakdown, the bill of
// materials): the rows the PDF prints, each figure as a number in its format; invalid plans empty.
void planTableSheet(Workbook &wb, const Comparison &c, const ReportTable &table, const QString &name)
{
    lxw_worksheet *ws = wb.sheet(name);
    wb.header(ws, 0, 0, table.header.value(0));
    for (int i = 0; i < int(c.plans.size()); ++i)
        wb.header(ws, 0, 1 + i, planTitle(c, i));
    for (int r = 0; r < int(table.rows.size()); ++r) {
        const QList<ReportCell> &row = table.rows[r];
        wb.text(ws, r + 1, 0, row.value(0).text);
        for (int col = 1; col < int(row.size()); ++col)
            wb.number(ws, r + 1, col, row[col].number, numberFormat(row[col].format)); // NaN: left empty
    }
    if (ws) {
        worksheet_set_column(ws, 0, 0, 40, nullptr);
        worksheet_set_column(ws, 1, lxw_col_t(c.plans.size()), 22, nullptr);
        worksheet_freeze_panes(ws, 1, 1);
    }
}

QStringList warnings(const ReportLanguage &language, const ComparedPlan &p)
{
    if (language.warnings)
        return language.warnings(p.result, p.plan);
    QStringList out;
    for (const std::string &w : warningMessages(p.result, p.plan))
        out << QString::fromStdString(w);
    return out;
}

void warningsSheet(Workbook &wb, const Comparison &c, const QString &name)
{
    lxw_worksheet *ws = wb.sheet(name);
    wb.header(ws, 0, 0, wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Plan")));
    wb.header(ws, 0, 1, wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Warning")));
    int row = 1;
    for (int i = 0; i < int(c.plans.size()); ++i) {
        const ComparedPlan &p = c.plans[i];
        const QStringList texts = p.valid ? warnings(wb.language(), p)
                                          : QStringList{wb.say(QT_TRANSLATE_NOOP("commtax::Report", "invalid: %1"))
                                                            .arg(toString(p.errorText, wb.language().translate))};
        for (const QString &w : texts) {
            wb.text(ws, row, 0, planTitle(c, i));
            wb.text(ws, row, 1, w);
            ++row;
        }
    }
    if (row == 1)
        wb.text(ws, 1, 1,
                wb.say(QT_TRANSLATE_NOOP("commtax::Report", "The engine raises no warning about any plan.")));
    if (ws) {
        worksheet_set_column(ws, 0, 0, 30, nullptr);
        worksheet_set_column(ws, 1, 1, 110, nullptr);
        worksheet_freeze_panes(ws, 1, 0);
    }
}

// Sheet 1: the recommendation (the PDF's), then each plan's P10/P50/P90 of days, cost and TCO
// over the uncertainty of its inputs and its probability of being the cheapest and the fastest
// (the CSV's sensitivity columns, as rows with one column per plan), its cost tornado and
// break-evens as text. Without a sensitivity (0 samples) the rows say so. With goals, What to buy's
// verdict comes first.
void recommendationSheet(Workbook &wb, const ReportDocument &document, const QString &name)
{
    const Comparison &c = document.comparison;
    const ComparisonSensitivity *s = document.sensitivity;
    const QString &verdict = document.verdict;
    lxw_worksheet *ws = wb.sheet(name);
    int row = 0;
    if (!verdict.isEmpty()) {
        wb.header(ws, row++, 0, wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Verdict")));
        wb.text(ws, row++, 0, verdict);
        ++row;
    }
    wb.header(ws, row++, 0, wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Recommendation")));
    for (const QString &finding : document.findings)
        wb.text(ws, row++, 0, finding);
    ++row;
    const int headerRow = row;
    wb.header(ws, row, 0, wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Column")));
    wb.header(ws, row, 1, wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Unit")));
    for (int i = 0; i < int(c.plans.size()); ++i)
        wb.header(ws, row, 2 + i, planTitle(c, i));
    ++row;
    if (!s) {
        wb.text(ws, row++, 0,
                wb.say(QT_TRANSLATE_NOOP("commtax::Report", "The ranges were not sampled (0 samples).")));
    } else {
        const QStringList cols = sensitivityColumns();
        QList<QStringList> values; // the CSV's values of each plan
        for (int i = 0; i < int(c.plans.size()); ++i)
            values << sensitivityCsvValues(c, *s, i);
        for (int k = 0; k < int(cols.size()); ++k) {
            const QString &col = cols[k];
            wb.text(ws, row, 0, col);
            const bool probability = col.startsWith(QLatin1String("probability_"));
            const bool textual = col == QLatin1String("cost_tornado") || col == QLatin1String("break_evens")
                || col == QLatin1String("engine_accuracy");
            const QString metric = col.section(QLatin1Char('_'), 0, -2); // "days_to_train_p10" -> "days_to_train"
            const MetricInfo *info = findMetric(metric);
            const QString unit = info ? unitFor(wb, metric) : QString();
            wb.text(ws, row, 1, probability ? wb.say(QT_TRANSLATE_NOOP("commtax::Report", "probability")) : unit);
            const std::string fmt = probability ? kPercent : info ? numberFormatFor(metric)
                                                                  : std::string("0");
            for (int i = 0; i < int(c.plans.size()); ++i) {
                const QString v = values[i].value(k); // numbers as numbers

                bool isNumber = false;
                const double x = v.toDouble(&isNumber);
                if (textual || !isNumber)
                    wb.text(ws, row, 2 + i, v);
                else
                    wb.number(ws, row, 2 + i, x, fmt.c_str());
            }
            ++row;
        }
    }
    if (ws) {
        worksheet_set_column(ws, 0, 0, 30, nullptr);
        worksheet_set_column(ws, 1, 1, 16, nullptr);
        worksheet_set_column(ws, 2, lxw_col_t(1 + c.plans.size()), 22, nullptr);
        worksheet_freeze_panes(ws, headerRow + 1, 2);
    }
}

QStringList sheetNames(const Workbook &wb)
{
    return {wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Recommendation and ranges")),
            wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Comparison")),
            wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Inputs")),
            wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Cost breakdown")),
            wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Bill of materials")),
            wb.say(QT_TRANSLATE_NOOP("commtax::Report", "Warnings"))};
}

} // namespace

bool writeReportXlsx(const ReportDocument &document, const QString &fileName, const ReportOptions &options,
                     const ReportLanguage &language, QString *error)
{
    const Comparison &c = document.comparison;
    QTemporaryDir staging;
    if (!staging.isValid()) {
        if (error)
            *error = staging.errorString();
        return false;
    }
    const QString staged = staging.filePath(QStringLiteral("report.xlsx"));
    QString why;
    {
        Workbook wb(staged, language);
        const QStringList names = sheetNames(wb);
        if (!wb.ok()) {
            if (error)
                *error = fileName + wb.say(QT_TRANSLATE_NOOP("commtax::Report", ": cannot start the workbook"));
            return false;
        }
        wb.setProperties(document.title, options.date);
        const PresetCatalog &catalog = options.catalog ? *options.catalog : PresetCatalog::builtIn();
        recommendationSheet(wb, document, names[0]);
        comparisonSheet(wb, c, catalog, names[1]);
        inputsSheet(wb, c, catalog, names[2]);
        planTableSheet(wb, c, *document.table(QStringLiteral("cost")), names[3]);
        planTableSheet(wb, c, *document.table(QStringLiteral("bom")), names[4]);
        warningsSheet(wb, c, names[5]);
        if (!wb.close())
            why = wb.error();
    }
    if (!why.isEmpty()) {
        if (error)
            *error = fileName + QStringLiteral(": ") + why;
        return false;
    }
    QFile f(staged);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = fileName + QStringLiteral(": ") + f.errorString();
        return false;
    }
    return writeFileAtomically(fileName, f.readAll(), error);
}

} // namespace commtax
