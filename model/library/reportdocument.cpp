// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportdocument.h"

#include "comparisonio.h"
#include "core/engineaccuracy.h"
#include "core/fields.h"
#include "core/quote.h"
#include "core/resultio.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QMap>

#include <cmath>
#include <optional>
#include <vector>

namespace commtax {

QStringList ReportTable::rowLabels() const
{
    QStringList out;
    for (const QList<ReportCell> &row : rows)
        out << (row.isEmpty() ? QString() : row.first().text);
    return out;
}

const ReportTable *ReportDocument::table(const QString &id) const
{
    for (const ReportBlock &b : blocks)
        if (b.kind == ReportBlock::Kind::Table && b.table.id == id)
            return &b.table;
    return nullptr;
}

namespace {

constexpr const char *kReport = "commtax::Report";
constexpr const char *kTable = "commtax::ComparisonTableModel"; // the comparison window's words
constexpr const char *kBestMark = "\u2605";                     // as ComparisonTableModel::kBestMark

// A plan's name as the report shows it (issue 22): at most kMaxPlanNameChars (names from older
// files or the library may be longer), and a break opportunity (a zero-width space) in every run of
// more than 32 characters without one, so a long word wraps in its table cell instead of making
// every layout pass of the PDF's page breaks slow (3,000 characters took past 40 s).
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

QList<double> evenWidths(double first, int plans)
{
    QList<double> w{first};
    for (int i = 0; i < plans; ++i)
        w << (100.0 - first) / plans;
    return w;
}

QString sha256(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

// The document as it is written: blocks appended in order, words put into the language.
class Builder
{
public:
    Builder(ReportDocument &document, const ReportOptions &options, const ReportLanguage &language)
        : doc(document)
        , c(document.comparison)
        , o(options)
        , lang(language)
        , catalog(options.catalog ? *options.catalog : PresetCatalog::builtIn())
    { }

    ReportDocument &doc;
    const Comparison &c; // the document's: the names as shown
    const ReportOptions &o;
    const ReportLanguage &lang;
    const PresetCatalog &catalog;

    int plans() const { return int(c.plans.size()); }
    // A word of the report (context "commtax::Report", or `context`) in the language.
    QString say(const char *source, const char *context = kReport) const
    {
        return lang.translate ? lang.translate(context, source) : QString::fromUtf8(source);
    }
    QString text(const LibraryText &t) const { return toString(t, lang.translate); }
    QStringList texts(const QList<LibraryText> &t) const { return toStrings(t, lang.translate); }
    QString field(const char *label) const { return say(label, "commtax::Fields"); }
    QString normalization(Normalization n) const
    {
        return say(normalizationLabel(n).toUtf8().constData(), "commtax::Library");
    }
    QString metric(const MetricInfo &m) const { return say(m.label, "commtax::Metrics"); }
    QString source(const QString &s) const { return lang.source ? lang.source(s) : s; }
    QStringList warnings(const ComparedPlan &p) const
    {
        if (lang.warnings)
            return lang.warnings(p.result, p.plan);
        QStringList out;
        for (const std::string &w : warningMessages(p.result, p.plan))
            out << QString::fromStdString(w);
        return out;
    }
    QString planTitle(int i) const
    {
        return shownName(c.plans[i].name) + (i == c.reference ? QStringLiteral(" (A)") : QString());
    }
    QStringList planHeader(const QString &first) const
    {
        QStringList h{first};
        for (int i = 0; i < plans(); ++i)
            h << planTitle(i);
        return h;
    }

    void heading(const QString &t, int level, bool newPage = false)
    {
        ReportBlock b;
        b.kind = ReportBlock::Kind::Heading;
        b.text = t;
        b.level = level;
        b.newPage = newPage;
        doc.blocks << b;
    }
    void paragraph(const QString &t, double pointSize = 9, bool italic = false)
    {
        ReportBlock b;
        b.text = t;
        b.pointSize = pointSize;
        b.italic = italic;
        doc.blocks << b;
    }
    void bullets(const QStringList &items)
    {
        ReportBlock b;
        b.kind = ReportBlock::Kind::Bullets;
        b.items = items;
        doc.blocks << b;
    }
    void table(const QString &id, const QStringList &header, const QList<QList<ReportCell>> &rows,
               const QList<double> &widths, double pointSize)
    {
        ReportBlock b;
        b.kind = ReportBlock::Kind::Table;
        b.table = ReportTable{id, header, rows, widths, pointSize};
        doc.blocks << b;
    }
    void chart(ReportChart which, double height)
    {
        ReportBlock b;
        b.kind = ReportBlock::Kind::Chart;
        b.chart = which;
        b.height = height;
        doc.blocks << b;
    }
};

// ---- the opening: title, verdict, question, recommendation

void reportOpening(Builder &b)
{
    b.heading(b.doc.title, 0);
    b.paragraph(b.say(QT_TRANSLATE_NOOP("commtax::Report",
                                        "Prepared %1 with Commtax %2. All figures are model estimates from the inputs "
                                        "listed under \"Assumptions and sources\"."))
                    .arg(b.o.date.toString(b.say(QT_TRANSLATE_NOOP("commtax::Report", "d MMMM yyyy, HH:mm"))),
                         QStringLiteral(COMMTAX_VERSION)),
                8.5, true);
    if (!b.doc.verdict.isEmpty()) {
        b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Verdict")), 1);
        b.paragraph(b.doc.verdict, 11);
    }
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "The question")), 1);
    b.paragraph(b.doc.question, 10);
    if (!b.c.note.isEmpty())
        b.paragraph(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Note: ")) + b.text(b.c.noteText), 9, true);
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Recommendation")), 1);
    b.bullets(b.doc.findings);
}

// The vendor's quote a plan's prices come from, for the economics cell: "Quote Q-123 from
// Vendor X, 2025-01-10, valid until 2025-03-31", marked when it has expired by the report's date.
QString quoteText(const Builder &b, const Scenario::Quote &q)
{
    if (q.isEmpty())
        return QString();
    QString text = b.say(QT_TRANSLATE_NOOP("commtax::Report", "Quote %1 from %2")).arg(q.id, q.vendor);
    if (!q.date.isEmpty())
        text += QStringLiteral(", ") + q.date;
    if (!q.validUntil.isEmpty()) {
        text += b.say(QT_TRANSLATE_NOOP("commtax::Report", ", valid until %1")).arg(q.validUntil);
        if (quoteExpired(q, b.o.date.date()))
            text += b.say(QT_TRANSLATE_NOOP("commtax::Report", " (expired)"));
    }
    return text;
}

QString planStatus(const Builder &b, int i)
{
    const ComparedPlan &p = b.c.plans[i];
    if (!p.valid)
        return b.say(QT_TRANSLATE_NOOP("commtax::Report", "invalid: %1")).arg(b.text(p.errorText));
    if (i == b.c.reference)
        return p.note.isEmpty() ? b.say(QT_TRANSLATE_NOOP("commtax::Report", "reference"))
                                : b.say(QT_TRANSLATE_NOOP("commtax::Report", "reference; %1")).arg(b.text(p.noteText));
    return p.note.isEmpty() ? b.normalization(b.c.normalization).toLower() : b.text(p.noteText);
}

// Each plan in one line: hardware, size and layout, economics, how it was normalised.
void plansCompared(Builder &b)
{
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Plans compared")), 1);
    QList<QList<ReportCell>> rows;
    for (int i = 0; i < b.plans(); ++i) {
        const ComparedPlan &p = b.c.plans[i];
        const Plan &pl = p.plan;
        const QString economics = pl.economics.mode == EconomicsMode::Rent
            ? b.say(QT_TRANSLATE_NOOP("commtax::Report", "rent, %1/GPU-h")).arg(formatUsd(rentUsdPerGpuHour(pl)))
            : b.say(QT_TRANSLATE_NOOP("commtax::Report", "buy, %1 y")).arg(formatNumber(pl.economics.years, 0));
        const QString quote
            = p.scenario.quote.isEmpty() ? QString() : QLatin1Char('\n') + quoteText(b, p.scenario.quote);
        rows << QList<ReportCell>{{b.planTitle(i), true},
                                  {QString::fromStdString(pl.gpu.name)},
                                  {QString::fromStdString(pl.cluster.name)},
                                  {b.text(planLayoutText(pl))},
                                  {economics + quote},
                                  {planStatus(b, i), false, false, !p.runs()}};
    }
    const QString normalisation = b.say(QT_TRANSLATE_NOOP("commtax::Report", "Normalisation: "))
        + b.normalization(b.c.normalization)
        + (b.c.bestLayout.enabled ? b.say(QT_TRANSLATE_NOOP("commtax::Report", ", best layout")) : QString());
    b.table(QStringLiteral("plans"),
            {b.say(QT_TRANSLATE_NOOP("commtax::Report", "Plan")), QStringLiteral("GPU"),
             b.say(QT_TRANSLATE_NOOP("commtax::Report", "Cluster")),
             b.say(QT_TRANSLATE_NOOP("commtax::Report", "Size and layout")),
             b.say(QT_TRANSLATE_NOOP("commtax::Report", "Economics")), normalisation},
            rows, {14, 14, 17, 19, 16, 20}, 7.5);
}

// The engine's warnings, each beside the plan it concerns (the JSON has them per plan too).
void warningsTable(Builder &b)
{
    QList<QList<ReportCell>> rows;
    for (int i = 0; i < b.plans(); ++i) {
        const ComparedPlan &p = b.c.plans[i];
        if (!p.valid)
            continue;
        const QStringList texts = b.warnings(p);
        for (qsizetype w = 0; w < texts.size(); ++w) {
            ReportCell plan{w == 0 ? b.planTitle(i) : QString(), true};
            plan.rowSpan = w == 0 ? int(texts.size()) : 1; // one Plan cell beside all of the plan's warnings
            rows << QList<ReportCell>{plan, {texts[w], false, false, true}};
        }
    }
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Warnings")), 2);
    if (rows.isEmpty())
        b.paragraph(b.say(QT_TRANSLATE_NOOP("commtax::Report", "The engine raises no warning about any plan.")), 8.5,
                    true);
    else
        b.table(QStringLiteral("warnings"),
                {b.say(QT_TRANSLATE_NOOP("commtax::Report", "Plan")),
                 b.say(QT_TRANSLATE_NOOP("commtax::Report", "Warning"))},
                rows, {22, 78}, 7.5);
}

// ---- the comparison table: the comparison window's rows, best values marked

QStringList fixedRowLabels(const Builder &b)
{
    return {QStringLiteral("GPU"),
            b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "Cluster"), kTable),
            b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "Layout"), kTable),
            b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "Economics"), kTable),
            b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "Status"), kTable),
            b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "Normalisation"), kTable)};
}

// The first six rows of a plan's column: GPU, cluster, layout, economics, status, normalisation.
QStringList fixedRows(const Builder &b, int i)
{
    const ComparedPlan &p = b.c.plans[i];
    const Plan &pl = p.plan;
    const QString layout = b.text(planLayoutText(pl)); // as the window's Layout row and "Plans compared"
    const QString economics = pl.economics.mode == EconomicsMode::Rent
        ? b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "rent at %1 per GPU-hour"), kTable)
              .arg(formatUsd(rentUsdPerGpuHour(pl)))
        : b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "buy, %1 years"), kTable)
              .arg(formatNumber(pl.economics.years, 0));
    const QString status = !p.valid
        ? b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "invalid: %1"), kTable).arg(b.text(p.errorText))
        : p.result.fits_in_memory
        ? b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "runs"), kTable)
        : b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "does not fit in memory"), kTable);
    QString normalisation;
    if (i == b.c.reference)
        normalisation = p.note.isEmpty()
            ? b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "reference (A)"), kTable)
            : b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "reference (A); %1"), kTable)
                  .arg(b.text(p.noteText));
    else
        normalisation = p.note.isEmpty()
            ? b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "as given"), kTable)
            : b.text(p.noteText);
    return {QString::fromStdString(pl.gpu.name),
            QString::fromStdString(pl.cluster.name),
            layout,
            economics,
            status,
            normalisation};
}

ReportCell metricCell(const Builder &b, const MetricInfo &m, int i, bool best)
{
    const ComparedPlan &p = b.c.plans[i];
    QString text;
    if (!p.valid)
        text = QStringLiteral("-");
    else if (!metricApplies(m, p.plan)) // a BF16 plan's FP8 time: not a measured zero
        text = b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "n/a"), kTable);
    else if (m.id == MetricId::Goodput && p.plan.training.goodput)
        text = b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "%1 (given in the plan)"), kTable)
                   .arg(formatMetric(m, m.get(p.result)));
    else
        text = formatMetric(m, m.get(p.result));
    if (best)
        text = QString::fromUtf8(kBestMark) + QLatin1Char(' ') + text;
    return ReportCell{text, false, best};
}

QList<ReportCell> breakEvenRow(const Builder &b, const QList<BreakEvenRow> &breakEvens)
{
    QList<ReportCell> row{
        {b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "Break-even GPU price vs A"), kTable)}};
    for (int i = 0; i < b.plans(); ++i) {
        const BreakEvenRow be = breakEvens.value(i);
        const QString unit = be.price.rent ? QStringLiteral("/GPU-h") : QStringLiteral("/GPU");
        row << ReportCell{
            !be.hasPrice ? QStringLiteral("-")
                : !be.price.reachable
                ? b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "none (dearer even if free)"), kTable)
                : QStringLiteral("%1%2 (today %3)")
                      .arg(formatUsd(be.price.breakEvenPrice), unit, formatUsd(be.price.currentPrice))};
    }
    return row;
}

QList<ReportCell> buyVersusRentRow(const Builder &b, const QList<BreakEvenRow> &breakEvens)
{
    QList<ReportCell> row{
        {b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "Buying beats renting after"), kTable)}};
    for (int i = 0; i < b.plans(); ++i) {
        const BuyRentBreakEven br = breakEvens.value(i).buyRent;
        row << ReportCell{
            !br.applicable ? QStringLiteral("-")
                : br.reachable
                ? b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "%1 months"), kTable)
                      .arg(formatNumber(br.months, 1))
                : b.say(QT_TRANSLATE_NOOP("commtax::ComparisonTableModel", "never (rent is cheaper)"), kTable)};
    }
    return row;
}

void comparisonTable(Builder &b)
{
    const int n = b.plans();
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Comparison table")), 1, true);
    b.paragraph(
        b.say(QT_TRANSLATE_NOOP("commtax::Report",
                                "%1 marks the best value of each row among the plans that run (valid and fitting "
                                "in memory). Ratios are percentages; money is USD."))
            .arg(QString::fromUtf8(kBestMark)),
        8, true);
    QList<QList<ReportCell>> rows;
    const QStringList labels = fixedRowLabels(b);
    std::vector<QStringList> fixed;
    fixed.reserve(size_t(n));
    for (int i = 0; i < n; ++i)
        fixed.push_back(fixedRows(b, i));
    for (int r = 0; r < int(labels.size()); ++r) {
        QList<ReportCell> row{{labels[r]}};
        for (int i = 0; i < n; ++i)
            row << ReportCell{fixed[size_t(i)][r]};
        rows << row;
    }
    for (const MetricInfo &m : metrics()) {
        const QList<int> best = b.c.best(m);
        QList<ReportCell> row{{b.metric(m)}};
        for (int i = 0; i < n; ++i)
            row << metricCell(b, m, i, best.contains(i));
        rows << row;
    }
    const QList<BreakEvenRow> be = breakEvens(b.c);
    rows << breakEvenRow(b, be) << buyVersusRentRow(b, be);
    b.table(QStringLiteral("comparison"), b.planHeader(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Metric"))), rows,
            evenWidths(n > 5 ? 22 : 26, n), n > 5 ? 6.5 : 7);
}

// The charts, then the break-even charts.
void comparisonCharts(Builder &b)
{
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Charts")), 1, true);
    const double chartHeight = 400;
    b.chart(ReportChart::StepBreakdown, chartHeight);
    b.chart(ReportChart::CostPerBillionTokens, chartHeight);
    b.chart(ReportChart::DaysToTrain, chartHeight);
    b.chart(ReportChart::Tco, chartHeight);
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Break-even")), 1, true);
    b.paragraph(
        b.say(QT_TRANSLATE_NOOP("commtax::Report",
                                "The GPU price at which each plan's cost per billion tokens equals plan A's (%1), "
                                "everything else unchanged; and, for a bought plan against a rented one, the months "
                                "of use after which buying is cheaper."))
            .arg(shownName(b.c.plans[b.c.reference].name)),
        9);
    b.chart(ReportChart::PriceBreakEven, 360);
    b.chart(ReportChart::BuyVersusRent, 330);
}

// ---- the sensitivity (issue 13): P10-P90 per plan, the odds, the recommended plan's tornado,
// the input break-evens and the engine's own error

QString percentText(double v) { return formatNumber(100.0 * v, 0) + QLatin1Char('%'); }

QList<ReportCell> oddsRow(const Builder &b, const QString &label, double PlanSensitivity::*odds)
{
    const ComparisonSensitivity &s = *b.doc.sensitivity;
    double best = 0;
    for (const PlanSensitivity &p : s.plans)
        best = std::max(best, p.*odds);
    QList<ReportCell> row{{label, true}};
    for (int i = 0; i < b.plans(); ++i) {
        const PlanSensitivity &p = s.plans[size_t(i)];
        row << ReportCell{p.valid ? percentText(p.*odds) : QStringLiteral("-"),
                          false,
                          p.valid && p.*odds == best && best > 0,
                          false,
                          p.valid ? p.*odds : qQNaN(),
                          ReportNumber::Percent};
    }
    return row;
}

void rangesTable(Builder &b)
{
    using uncertainty::Metric;
    const ComparisonSensitivity &s = *b.doc.sensitivity;
    const int n = b.plans();
    const auto days = [](double v, double) { return formatNumber(v, 1); };
    const auto money = [](double v, double like) { return formatUsdLike(v, like); };
    const struct {
        const char *label;
        Metric metric;
        QString (*text)(double, double);
    } ranges[] = {
        {QT_TRANSLATE_NOOP("commtax::Report", "Days to train, P10 - P90"), Metric::DaysToTrain, days},
        {QT_TRANSLATE_NOOP("commtax::Report", "USD per billion tokens, P10 - P90"), Metric::CostPerBillionTokens,
         money},
        {QT_TRANSLATE_NOOP("commtax::Report", "TCO of the run, P10 - P90"), Metric::Tco, money},
    };
    QList<QList<ReportCell>> rows;
    for (const auto &r : ranges) {
        QList<ReportCell> row{{b.say(r.label)}};
        for (int i = 0; i < n; ++i) {
            const PlanSensitivity &p = s.plans[size_t(i)];
            const uncertainty::Percentiles q = p.valid ? p.of(r.metric) : uncertainty::Percentiles{};
            // the three figures of a cell in one scale, the P50's ("$830.4k - $1260.2k (P50 $975.1k)")
            row << ReportCell{p.valid ? QStringLiteral("%1 - %2 (P50 %3)")
                                            .arg(r.text(q.p10, q.p50), r.text(q.p90, q.p50), r.text(q.p50, q.p50))
                                      : QStringLiteral("-")};
        }
        rows << row;
    }
    rows << oddsRow(b, b.say(QT_TRANSLATE_NOOP("commtax::Report", "Probability of being the cheapest")),
                    &PlanSensitivity::probabilityCheapest);
    rows << oddsRow(b, b.say(QT_TRANSLATE_NOOP("commtax::Report", "Probability of being the fastest")),
                    &PlanSensitivity::probabilityFastest);
    b.table(QStringLiteral("ranges"),
            b.planHeader(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Over the input ranges"))), rows,
            evenWidths(n > 5 ? 22 : 26, n), n > 5 ? 6.5 : 7.5);
}

void tornadoTable(Builder &b)
{
    const ComparisonSensitivity &s = *b.doc.sensitivity;
    const PlanSensitivity &rec = s.plans[size_t(s.recommended)];
    QList<QList<ReportCell>> bars;
    for (size_t i = 0; i < rec.costTornado.size() && i < 10; ++i) {
        const uncertainty::TornadoBar &bar = rec.costTornado[i];
        const QString input = QString::fromStdString(bar.input);
        QString daysText = QStringLiteral("-");
        for (const uncertainty::TornadoBar &d : rec.daysTornado)
            if (d.input == bar.input)
                daysText = QStringLiteral("%1 to %2").arg(formatNumber(d.low, 1), formatNumber(d.high, 1));
        const double inputScale = std::max(std::fabs(bar.input_low), std::fabs(bar.input_high));
        const double costScale = std::max(bar.low, bar.high);
        bars << QList<ReportCell>{
            {b.text(inputLabelText(input)) + QStringLiteral(" (") + input + QLatin1Char(')')},
            {QStringLiteral("%1 to %2")
                 .arg(inputValueText(input, bar.input_low, inputScale),
                      inputValueText(input, bar.input_high, inputScale))},
            {QStringLiteral("%1 to %2").arg(formatUsdLike(bar.low, costScale), formatUsdLike(bar.high, costScale))},
            {daysText}};
    }
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "What moves the recommended plan's cost (%1)"))
                  .arg(shownName(b.c.plans[s.recommended].name)),
              2);
    b.table(QStringLiteral("tornado"),
            {b.say(QT_TRANSLATE_NOOP("commtax::Report", "Input")), b.say(QT_TRANSLATE_NOOP("commtax::Report", "Range")),
             b.say(QT_TRANSLATE_NOOP("commtax::Report", "USD per billion tokens")),
             b.say(QT_TRANSLATE_NOOP("commtax::Report", "Days to train"))},
            bars, {40, 18, 24, 18}, 7.5);
}

void breakEvensAndAccuracy(Builder &b)
{
    const ComparisonSensitivity &s = *b.doc.sensitivity;
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Input break-evens")), 2);
    QStringList sentences;
    for (const uncertainty::BreakEven &be : keyBreakEvens(s, 3))
        sentences << b.text(breakEvenText(b.c, be));
    if (sentences.isEmpty())
        b.paragraph(b.say(QT_TRANSLATE_NOOP("commtax::Report",
                                            "No single input, moved within its field's limits, makes another plan as "
                                            "cheap as the cheapest.")),
                    8.5, true);
    else
        b.bullets(sentences);
    // The engine's own error, which every range above holds (core/engineaccuracy.h).
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "How accurate is this")), 2);
    b.paragraph(
        b.say(QT_TRANSLATE_NOOP("commtax::Report",
                                "Each range above holds the engine's own error, measured on published training "
                                "runs it was not fitted on (each run's source left out of the fit), taken from the "
                                "runs most like the plan.")),
        8.5, true);
    QStringList accuracy;
    for (int i = 0; i < b.plans(); ++i)
        if (s.plans[size_t(i)].valid)
            accuracy << QStringLiteral("%1: %2").arg(
                shownName(b.c.plans[i].name),
                b.text(LibraryText::engineText("commtax::Accuracy", engineRegimeText(s.plans[size_t(i)].regime))));
    b.bullets(accuracy);
}

void sensitivitySection(Builder &b)
{
    const ComparisonSensitivity &s = *b.doc.sensitivity;
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Sensitivity")), 1, true);
    b.paragraph(
        b.say(QT_TRANSLATE_NOOP("commtax::Report",
                                "How sure the figures are: %1 Latin hypercube samples (seed %2; the same seed gives "
                                "the same numbers) of every uncertain input within its range: the range a plan file "
                                "gives, else +-2% of a datasheet figure, +-10% of a measured, derived or user "
                                "figure, +-25% of an assumption. Inputs the plans share are drawn together. P10: 1 "
                                "sample in 10 is lower; P90: 1 in 10 is higher."))
            .arg(s.samples)
            .arg(s.seed),
        8.5, true);
    rangesTable(b);
    b.chart(ReportChart::CostRanges, 300);
    if (s.recommended >= 0) {
        b.chart(ReportChart::RecommendedTornado, 380);
        tornadoTable(b);
    }
    breakEvensAndAccuracy(b);
}

// ---- what each plan buys and costs: the same rows in the PDF and the workbook

// One row of figures, one cell per plan: the text the PDF prints, the number the workbook writes.
template <typename Value, typename Text>
QList<ReportCell> figureRow(const Builder &b, const QString &label, ReportNumber format, Value value, Text text,
                            bool bold = false)
{
    QList<ReportCell> row{{label, bold}};
    for (int i = 0; i < b.plans(); ++i) {
        if (!b.c.plans[i].valid) {
            row << ReportCell{QStringLiteral("-"), bold};
            continue;
        }
        const double v = value(i);
        row << ReportCell{text(i, v), bold, false, false, v, format};
    }
    return row;
}

// GPUs, servers, NIC ports, power, energy.
void billOfMaterialsTable(Builder &b)
{
    const int n = b.plans();
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Bill of materials")), 1, true);
    std::vector<BillOfMaterials> bom;
    for (const ComparedPlan &p : b.c.plans)
        bom.push_back(p.valid ? billOfMaterials(p.plan, p.result) : BillOfMaterials{});
    const auto count = [&](auto member) { return [&bom, member](int i) { return double(bom[size_t(i)].*member); }; };
    const auto whole = [](int, double v) { return formatNumber(v, 0); };
    const auto kw = [](int, double v) { return formatNumber(v, 1); };
    const auto gpus = [&](int i, double v) {
        return QStringLiteral("%1 x %2").arg(qint64(v)).arg(QString::fromStdString(b.c.plans[i].plan.gpu.name));
    };
    const auto nodes = [&](int i, double v) {
        return QStringLiteral("%1 x %2").arg(qint64(v)).arg(QString::fromStdString(b.c.plans[i].plan.cluster.name));
    };
    // the ports with their speed and share per node, which the next two rows give as figures
    const auto ports = [&](int i, double v) {
        return b.say(QT_TRANSLATE_NOOP("commtax::Report", "%1 x %2 Gb/s (%3 per node)"))
            .arg(qint64(v))
            .arg(formatNumber(bom[size_t(i)].nic_port_gbit, 0))
            .arg(bom[size_t(i)].nic_ports_per_node);
    };
    const auto energy = [&](int i) { return b.c.plans[i].result.energy_mwh; };
    const auto C = ReportNumber::Count;
    const auto D = ReportNumber::OneDecimal;
    QList<QList<ReportCell>> rows;
    rows << figureRow(b, b.say(QT_TRANSLATE_NOOP("commtax::Report", "GPUs")), C, count(&BillOfMaterials::gpus), gpus)
         << figureRow(b, b.say(QT_TRANSLATE_NOOP("commtax::Report", "Nodes (servers)")), C,
                      count(&BillOfMaterials::nodes), nodes)
         << figureRow(b, b.say(QT_TRANSLATE_NOOP("commtax::Report", "GPUs per node")), C,
                      count(&BillOfMaterials::gpus_per_node), whole)
         << figureRow(b, b.say(QT_TRANSLATE_NOOP("commtax::Report", "NIC ports (and leaf-switch ports)")), C,
                      count(&BillOfMaterials::nic_ports), ports)
         << figureRow(b, b.say(QT_TRANSLATE_NOOP("commtax::Report", "NIC ports per node")), C,
                      count(&BillOfMaterials::nic_ports_per_node), whole)
         << figureRow(b, b.say(QT_TRANSLATE_NOOP("commtax::Report", "NIC port speed (Gb/s)")), C,
                      count(&BillOfMaterials::nic_port_gbit), whole)
         << figureRow(b, b.say(QT_TRANSLATE_NOOP("commtax::Report", "GPU power (kW)")), D,
                      count(&BillOfMaterials::gpu_power_kw), kw)
         << figureRow(b, b.say(QT_TRANSLATE_NOOP("commtax::Report", "IT power with node overhead (kW)")), D,
                      count(&BillOfMaterials::it_power_kw), kw)
         << figureRow(b, b.say(QT_TRANSLATE_NOOP("commtax::Report", "Facility power at PUE (kW)")), D,
                      count(&BillOfMaterials::facility_power_kw), kw)
         << figureRow(b, b.say(QT_TRANSLATE_NOOP("commtax::Report", "Energy for the run (MWh)")), D, energy, whole);
    b.table(QStringLiteral("bom"), b.planHeader(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Item"))), rows,
            evenWidths(24, n), n > 5 ? 6.5 : 7.5);
    b.paragraph(
        b.say(QT_TRANSLATE_NOOP("commtax::Report",
                                "NIC ports: one per GPU where the cluster gives each GPU 100 Gb/s or more "
                                "(rail-optimised), else the node's bandwidth on 200 Gb/s ports. Power: GPU board "
                                "power, times one plus the node overhead, times the PUE.")),
        7.5, true);
}

// Capex, cost per hour, run time, TCO, the horizon and the cost per token of each plan.
void costBreakdownTable(Builder &b)
{
    const int n = b.plans();
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Cost breakdown")), 1);
    std::vector<CostBreakdown> cost;
    for (const ComparedPlan &p : b.c.plans)
        cost.push_back(p.valid ? costBreakdown(p.plan, p.result) : CostBreakdown{});
    const auto of
        = [&](double CostBreakdown::*member) { return [&cost, member](int i) { return cost[size_t(i)].*member; }; };
    const auto result
        = [&](double Result::*member) { return [&b, member](int i) { return b.c.plans[i].result.*member; }; };
    const auto usd = [](int, double v) { return formatUsd(v); };
    const auto hours = [](int, double v) { return formatNumber(v, 1); };
    const auto share = [](int, double v) { return percentText(v); };
    const auto use = [&](int i) { return b.c.plans[i].plan.economics.utilisation; };
    const auto U = ReportNumber::Usd;
    const auto row = [&](const char *label, auto value, bool bold = false) {
        return figureRow(b, b.say(label), U, value, usd, bold);
    };
    QList<QList<ReportCell>> rows;
    rows << row(QT_TRANSLATE_NOOP("commtax::Report", "Capex: GPUs"), of(&CostBreakdown::gpus_usd))
         << row(QT_TRANSLATE_NOOP("commtax::Report", "Capex: servers without GPUs"), of(&CostBreakdown::nodes_usd))
         << row(QT_TRANSLATE_NOOP("commtax::Report", "Capex: network"), of(&CostBreakdown::network_usd))
         << row(QT_TRANSLATE_NOOP("commtax::Report", "Capex total"), of(&CostBreakdown::capex_usd), true)
         << row(QT_TRANSLATE_NOOP("commtax::Report", "Per hour of use: capital"),
                of(&CostBreakdown::depreciation_usd_per_hour))
         << row(QT_TRANSLATE_NOOP("commtax::Report", "Per hour: energy"), of(&CostBreakdown::energy_usd_per_hour))
         << row(QT_TRANSLATE_NOOP("commtax::Report", "Per hour: upkeep"), of(&CostBreakdown::upkeep_usd_per_hour))
         << row(QT_TRANSLATE_NOOP("commtax::Report", "Per hour: rent"), of(&CostBreakdown::rent_usd_per_hour))
         << row(QT_TRANSLATE_NOOP("commtax::Report", "Per hour total"), of(&CostBreakdown::total_usd_per_hour), true)
         << figureRow(b, b.say(QT_TRANSLATE_NOOP("commtax::Report", "Run time (hours)")), ReportNumber::OneDecimal,
                      of(&CostBreakdown::run_hours), hours)
         << row(QT_TRANSLATE_NOOP("commtax::Report", "TCO of the training run"), result(&Result::tco_usd), true)
         << row(QT_TRANSLATE_NOOP("commtax::Report", "Lifetime TCO (economics horizon)"),
                result(&Result::lifetime_tco_usd))
         << figureRow(b, b.say(QT_TRANSLATE_NOOP("commtax::Report", "Utilisation over the horizon")),
                      ReportNumber::Percent, use, share)
         << row(QT_TRANSLATE_NOOP("commtax::Report", "Residual value at the end of the horizon"),
                of(&CostBreakdown::residual_value_usd))
         << row(QT_TRANSLATE_NOOP("commtax::Report", "Net present cost over the horizon"),
                of(&CostBreakdown::net_present_cost_usd))
         << row(QT_TRANSLATE_NOOP("commtax::Report", "Cost per billion tokens"),
                result(&Result::cost_per_billion_tokens_usd), true);
    b.table(QStringLiteral("cost"), b.planHeader(QStringLiteral("USD")), rows, evenWidths(24, n), n > 5 ? 6.5 : 7.5);
}

// ---- assumptions and sources: one provenance resolver for every figure

QString fieldValue(const Builder &b, const FieldInfo &f, const QJsonValue &v)
{
    switch (f.type) {
    case FieldType::Bool: return v.toBool() ? QStringLiteral("yes") : QStringLiteral("no");
    case FieldType::Choice: return v.toString();
    case FieldType::OptionalDouble:
        return v.isNull() ? b.say(QT_TRANSLATE_NOOP("commtax::Report", "GPU default"))
                          : formatNumber(v.toDouble(), f.decimals);
    case FieldType::AutoDouble: return v.isDouble() ? formatNumber(v.toDouble(), f.decimals) : QStringLiteral("auto");
    case FieldType::Int: return QString::number(v.toDouble(), 'f', 0);
    case FieldType::Double:
        if (std::abs(v.toDouble()) >= 1e9) // tokens to train: 2.00e12, not thirteen digits
            return QString::number(v.toDouble(), 'e', 2);
        return formatNumber(v.toDouble(), f.decimals);
    }
    return v.toVariant().toString();
}

// The provenance of every figure: its kind's letter and the number of its source in the list that
// follows the tables, " [M3]". One list of sources for the whole document.
class Provenances
{
public:
    explicit Provenances(Builder &b)
        : m_b(b) { }

    QString marker(const Provenance &pr)
    {
        return QStringLiteral(" [%1%2]").arg(kindLetter(pr.kind), number(pr.source));
    }
    QStringList sources() const
    {
        QStringList out;
        for (qsizetype i = 0; i < m_sources.size(); ++i)
            out << QStringLiteral("[%1] %2").arg(i + 1).arg(m_b.source(m_sources[i]));
        return out;
    }
    // One column per distinct preset of the section.
    void section(Section s, const QStringList &skip);

private:
    QString number(const QString &source)
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

    Builder &m_b;
    QStringList m_sources;
};

struct PresetColumn {
    QString title;
    const ComparedPlan *plan;
    std::optional<Preset> preset;
};

std::vector<PresetColumn> presetColumns(const Builder &b, Section s)
{
    std::vector<PresetColumn> cols;
    QStringList seen;
    for (const ComparedPlan &p : b.c.plans) {
        const QString presetId = p.scenario.presetOf(s);
        const std::string &id = s == Section::Gpu ? p.plan.gpu.id
            : s == Section::Cluster               ? p.plan.cluster.id
                                                  : p.plan.model.id;
        const std::string &name = s == Section::Gpu ? p.plan.gpu.name
            : s == Section::Cluster                 ? p.plan.cluster.name
                                                    : p.plan.model.name;
        const QString key = QString::fromStdString(id);
        if (seen.contains(key))
            continue;
        seen << key;
        cols.push_back(PresetColumn{QString::fromStdString(name), &p,
                                    presetId.isEmpty() ? std::nullopt : b.catalog.find(s, presetId)});
    }
    return cols;
}

void Provenances::section(Section s, const QStringList &skip)
{
    const std::vector<PresetColumn> cols = presetColumns(m_b, s);
    QStringList header{m_b.say(QT_TRANSLATE_NOOP("commtax::Report", "Figure"))};
    for (const PresetColumn &col : cols)
        header << col.title;
    QList<QList<ReportCell>> rows;
    for (const FieldInfo *f : fieldsOf(s)) {
        if (skip.contains(QLatin1String(f->key)))
            continue;
        QList<ReportCell> row{{m_b.field(f->label)}};
        for (const PresetColumn &col : cols) {
            const QJsonValue v = f->get(col.plan->scenario.plan);
            QString text = fieldValue(m_b, *f, v);
            const bool fromPreset = col.preset && col.preset->values.value(QLatin1String(f->key)) == v;
            if (const std::optional<Provenance> stated = col.plan->scenario.statedProvenance(f->path(), v))
                text += marker(*stated); // what the plan file says of the value wins
            else if (fromPreset && col.preset->provenance.contains(QLatin1String(f->key)))
                text += marker(col.preset->provenance.value(QLatin1String(f->key)));
            else
                text += QStringLiteral(" [U]");
            row << ReportCell{text};
        }
        rows << row;
    }
    m_b.table(QStringLiteral("provenance-") + sectionKey(s), header, rows,
              evenWidths(cols.size() > 4 ? 24 : 30, int(cols.size())), 7);
}

// Economics carry a kind and source like every other figure (comparisonInputFigures(): stated, else
// the Commtax default as an assumption, else the user's); training settings are marked only where
// the plan file states them.
void settingsTable(Builder &b, Provenances &prov)
{
    QMap<QPair<int, QString>, Provenance> economics;
    for (const InputFigure &fig : comparisonInputFigures(b.c, b.catalog))
        if (fig.field->section == Section::Economics)
            economics.insert({fig.plan, fig.field->path()}, fig.provenance);
    QList<QList<ReportCell>> rows;
    for (Section s : {Section::Training, Section::Economics})
        for (const FieldInfo *f : fieldsOf(s)) {
            QList<ReportCell> row{{b.field(f->label)}};
            for (int i = 0; i < b.plans(); ++i) {
                const ComparedPlan &p = b.c.plans[i];
                const QJsonValue v = f->get(p.plan);
                const std::optional<Provenance> stated = s == Section::Economics
                    ? std::optional<Provenance>(economics.value({i, f->path()}))
                    : p.scenario.statedProvenance(f->path(), v);
                row << ReportCell{fieldValue(b, *f, v) + (stated ? prov.marker(*stated) : QString())};
            }
            rows << row;
        }
    const int n = b.plans();
    b.table(QStringLiteral("settings"), b.planHeader(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Setting"))), rows,
            evenWidths(28, n), n > 5 ? 6.5 : 7);
}

void assumptionsAndSources(Builder &b)
{
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Assumptions and sources")), 1, true);
    b.paragraph(
        b.say(QT_TRANSLATE_NOOP("commtax::Report",
                                "Every input figure with its provenance: [D] datasheet, [M] measured, [A] "
                                "assumption, [C] derived, [U] set by the user or the plan file; the number points "
                                "to the source list below. Prices are editable defaults: replace them with your "
                                "quotes.")),
        8, true);
    Provenances prov(b);
    b.heading(QStringLiteral("GPUs"), 2);
    prov.section(Section::Gpu, {});
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Clusters")), 2);
    prov.section(Section::Cluster, {QStringLiteral("nodes")});
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Models")), 2);
    prov.section(Section::Model, {});
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Training and economics settings of each plan")), 2);
    settingsTable(b, prov);
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Sources")), 2);
    b.doc.sources = prov.sources();
    for (const QString &s : std::as_const(b.doc.sources))
        b.paragraph(s, 7.5);
}

// What made this report: the tool, the date, and each input with its SHA-256, so that anyone can
// check that the files they hold are the ones the figures came from.
void auditTrail(Builder &b)
{
    b.heading(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Audit trail")), 1);
    b.paragraph(b.say(QT_TRANSLATE_NOOP("commtax::Report", "Tool: Commtax %1. Report date: %2."))
                    .arg(QStringLiteral(COMMTAX_VERSION), b.o.date.toString(Qt::ISODate)),
                8.5);
    QList<QList<ReportCell>> rows;
    if (!b.o.inputs.isEmpty()) {
        for (const ReportOptions::Input &in : b.o.inputs)
            rows << QList<ReportCell>{{in.name == QLatin1String("-")
                                           ? b.say(QT_TRANSLATE_NOOP("commtax::Report", "standard input"))
                                           : QFileInfo(in.name).fileName()},
                                      {sha256(in.data)}};
        b.paragraph(
            b.say(QT_TRANSLATE_NOOP("commtax::Report",
                                    "The input files and the SHA-256 of their bytes as read (sha256sum FILE gives "
                                    "the same).")),
            8, true);
    } else {
        for (const ComparedPlan &p : b.c.plans)
            rows << QList<ReportCell>{{shownName(p.name)}, {sha256(serializeScenario(p.scenario, b.catalog))}};
        b.paragraph(
            b.say(QT_TRANSLATE_NOOP("commtax::Report",
                                    "The plans came from the app, not from files: each with the SHA-256 of its "
                                    "scenario file as Save would write it.")),
            8, true);
    }
    b.table(QStringLiteral("audit"), {b.say(QT_TRANSLATE_NOOP("commtax::Report", "Input")), QStringLiteral("SHA-256")},
            rows, {34, 66}, 7);
}

Comparison withShownNames(const Comparison &c, const ReportLanguage &language)
{
    Comparison shown = c;
    if (language.planName)
        for (ComparedPlan &p : shown.plans)
            p.name = language.planName(p.label);
    return shown;
}

} // namespace

QString reportTitle(const Comparison &c, const ReportOptions &options, const ReportLanguage &language)
{
    if (!options.title.isEmpty())
        return options.title;
    const auto say = [&](const char *source) {
        return language.translate ? language.translate(kReport, source) : QString::fromUtf8(source);
    };
    if (c.plans.isEmpty())
        return say(QT_TRANSLATE_NOOP("commtax::Report", "GPU cluster comparison"));
    return say(QT_TRANSLATE_NOOP("commtax::Report", "GPU cluster comparison: "))
        + QString::fromStdString(c.plans[c.reference].plan.model.name);
}

ReportDocument buildReportDocument(const Comparison &c, const ReportOptions &options, const ReportLanguage &language)
{
    ReportDocument doc;
    doc.comparison = withShownNames(c, language);
    Builder b(doc, options, language);
    doc.title = reportTitle(c, options, language);
    doc.date = options.date;
    doc.footer
        = b.say(QT_TRANSLATE_NOOP("commtax::Report", "Commtax %1  |  %2  |  %3"))
              .arg(QStringLiteral(COMMTAX_VERSION), doc.title, options.date.toString(QStringLiteral("yyyy-MM-dd")));
    doc.verdict = options.verdict;
    doc.sensitivity = options.sensitivity && options.sensitivity->valid ? options.sensitivity : nullptr;
    if (c.plans.isEmpty())
        return doc;
    doc.question = options.question.isEmpty() ? b.text(comparisonQuestionText(b.c)) : options.question;
    doc.findings = b.texts(comparisonFindingTexts(b.c));
    reportOpening(b);
    plansCompared(b);
    warningsTable(b);
    comparisonTable(b);
    comparisonCharts(b);
    if (doc.sensitivity)
        sensitivitySection(b);
    billOfMaterialsTable(b);
    costBreakdownTable(b);
    assumptionsAndSources(b);
    auditTrail(b);
    return doc;
}

} // namespace commtax
