// SPDX-License-Identifier: GPL-3.0-or-later
// The report as data (model/library/reportdocument.h): its sections in the PDF's order, the cost
// and bill-of-materials cells holding both the printed text and the figure the workbook writes,
// the sensitivity only when the caller gives one, the words through the caller's language, and
// every provenance marker pointing into the one list of sources. No display.
#include "library/compare.h"
#include "library/comparisonio.h"
#include "library/reportdocument.h"

#include "core/resultio.h"

#include "testsupport.h"

#include <QRegularExpression>
#include <QTest>

#include <cmath>

using namespace commtax;
using namespace commtax::test;

namespace {

QStringList headings(const ReportDocument &doc, int level)
{
    QStringList out;
    for (const ReportBlock &b : doc.blocks)
        if (b.kind == ReportBlock::Kind::Heading && b.level == level)
            out << b.text;
    return out;
}

int charts(const ReportDocument &doc, ReportChart which)
{
    int n = 0;
    for (const ReportBlock &b : doc.blocks)
        n += b.kind == ReportBlock::Kind::Chart && b.chart == which;
    return n;
}

const QList<ReportCell> *rowOf(const ReportTable &t, const QString &label)
{
    for (const QList<ReportCell> &row : t.rows)
        if (!row.isEmpty() && row.first().text == label)
            return &row;
    return nullptr;
}

} // namespace

class TestReportDocument : public QObject
{
    Q_OBJECT

private slots:
    void sectionsInTheOrderThePdfPrints()
    {
        const Comparison c = comparePlans(defaultComparison(), Normalization::AsGiven);
        ReportOptions o;
        o.verdict = QStringLiteral("Buy the H100s.");
        const ReportDocument doc = buildReportDocument(c, o);
        QCOMPARE(doc.blocks.first().kind, ReportBlock::Kind::Heading);
        QCOMPARE(doc.blocks.first().text, doc.title);
        QVERIFY(doc.title.endsWith(QString::fromStdString(c.plans[c.reference].plan.model.name)));
        const QStringList expected{QStringLiteral("Verdict"), QStringLiteral("The question"),
                                   QStringLiteral("Recommendation"), QStringLiteral("Plans compared"),
                                   QStringLiteral("Comparison table"), QStringLiteral("Charts"),
                                   QStringLiteral("Break-even"), QStringLiteral("Bill of materials"),
                                   QStringLiteral("Cost breakdown"), QStringLiteral("Assumptions and sources"),
                                   QStringLiteral("Audit trail")};
        QCOMPARE(headings(doc, 1), expected);
        QCOMPARE(doc.verdict, o.verdict);
        QCOMPARE(doc.findings, comparisonFindings(c)); // English without a language
        QCOMPARE(doc.question, comparisonQuestion(c));
        for (const char *id : {"plans", "comparison", "bom", "cost", "provenance-gpu", "provenance-cluster",
                               "provenance-model", "settings", "audit"})
            QVERIFY2(doc.table(QLatin1String(id)), id);
        // the comparison table: one column per plan after the labels, one row per metric and more
        const ReportTable &table = *doc.table(QStringLiteral("comparison"));
        QCOMPARE(table.header.size(), c.plans.size() + 1);
        QVERIFY(table.rows.size() > qsizetype(metrics().size()));
        for (const QList<ReportCell> &row : table.rows)
            QCOMPARE(row.size(), table.header.size());
        QCOMPARE(charts(doc, ReportChart::StepBreakdown), 1);
        QCOMPARE(charts(doc, ReportChart::BuyVersusRent), 1);
        // no sensitivity given: no section, nothing sampled
        QVERIFY(!doc.table(QStringLiteral("ranges")));
        QCOMPARE(charts(doc, ReportChart::CostRanges), 0);
        QVERIFY(!headings(doc, 1).contains(QStringLiteral("Sensitivity")));
    }

    void costAndBillOfMaterialsCellsHoldTheFigures()
    {
        QList<Scenario> plans = defaultComparison();
        plans[1].plan.training.tp = 3; // does not divide the heads: invalid
        const Comparison c = comparePlans(plans, Normalization::AsGiven);
        QVERIFY(!c.plans[1].valid);
        const ReportDocument doc = buildReportDocument(c, ReportOptions{});
        const ReportTable &cost = *doc.table(QStringLiteral("cost"));
        const CostBreakdown b = costBreakdown(c.plans[0].plan, c.plans[0].result);
        const QList<ReportCell> *gpus = rowOf(cost, QStringLiteral("Capex: GPUs"));
        QVERIFY(gpus);
        QCOMPARE(gpus->at(1).number, b.gpus_usd);
        QCOMPARE(gpus->at(1).format, ReportNumber::Usd);
        QCOMPARE(gpus->at(1).text, formatUsd(b.gpus_usd));
        QCOMPARE(gpus->at(2).text, QStringLiteral("-")); // the invalid plan
        QVERIFY(std::isnan(gpus->at(2).number));
        const QList<ReportCell> *hours = rowOf(cost, QStringLiteral("Run time (hours)"));
        QVERIFY(hours);
        QCOMPARE(hours->at(1).number, b.run_hours);
        const QList<ReportCell> *use = rowOf(cost, QStringLiteral("Utilisation over the horizon"));
        QVERIFY(use);
        QCOMPARE(use->at(1).format, ReportNumber::Percent);
        QCOMPARE(use->at(1).number, c.plans[0].plan.economics.utilisation);
        QVERIFY(rowOf(cost, QStringLiteral("Lifetime TCO (economics horizon)")));
        QVERIFY(rowOf(cost, QStringLiteral("TCO of the training run"))->at(1).bold);

        const ReportTable &bom = *doc.table(QStringLiteral("bom"));
        const BillOfMaterials m = billOfMaterials(c.plans[0].plan, c.plans[0].result);
        const QList<ReportCell> *count = rowOf(bom, QStringLiteral("GPUs"));
        QVERIFY(count);
        QCOMPARE(count->at(1).number, double(m.gpus));
        QCOMPARE(count->at(1).text,
                 QStringLiteral("%1 x %2").arg(m.gpus).arg(QString::fromStdString(c.plans[0].plan.gpu.name)));
        QCOMPARE(rowOf(bom, QStringLiteral("NIC port speed (Gb/s)"))->at(1).number, m.nic_port_gbit);
        QCOMPARE(rowOf(bom, QStringLiteral("NIC ports per node"))->at(1).number, double(m.nic_ports_per_node));
    }

    void theSensitivityIsTheCallers()
    {
        const Comparison c = comparePlans(defaultComparison().mid(0, 2), Normalization::AsGiven);
        uncertainty::Options options;
        options.samples = 64;
        const ComparisonSensitivity s = comparisonSensitivity(c, PresetCatalog::builtIn(), options);
        QVERIFY(s.valid);
        ReportOptions o;
        o.sensitivity = &s;
        const ReportDocument doc = buildReportDocument(c, o);
        QCOMPARE(doc.sensitivity, &s);
        QVERIFY(headings(doc, 1).contains(QStringLiteral("Sensitivity")));
        const ReportTable *ranges = doc.table(QStringLiteral("ranges"));
        QVERIFY(ranges);
        const QList<ReportCell> *cheapest = rowOf(*ranges, QStringLiteral("Probability of being the cheapest"));
        QVERIFY(cheapest);
        double total = 0;
        for (int i = 1; i <= 2; ++i)
            total += cheapest->at(i).number;
        QVERIFY_NEAR(total, 1.0, 1e-9); // one of the two is the cheapest in every sample
        QCOMPARE(charts(doc, ReportChart::CostRanges), 1);
        // a sensitivity that is not valid (cancelled) is left out
        ComparisonSensitivity cancelled = s;
        cancelled.valid = false;
        o.sensitivity = &cancelled;
        QVERIFY(!buildReportDocument(c, o).table(QStringLiteral("ranges")));
    }

    void wordsComeThroughTheLanguage()
    {
        const Comparison c = comparePlans(defaultComparison(), Normalization::AsGiven);
        ReportLanguage language;
        language.translate = [](const char *context, const char *source) {
            return qstrcmp(context, "commtax::Report") == 0 ? QStringLiteral("<%1>").arg(QString::fromUtf8(source))
                                                            : QString::fromUtf8(source);
        };
        language.planName = [](const PlanName &name) { return toString(nameText(name)).toUpper(); };
        language.warnings = [](const Result &, const Plan &) { return QStringList{QStringLiteral("careful")}; };
        const ReportDocument doc = buildReportDocument(c, ReportOptions{}, language);
        QVERIFY(headings(doc, 1).contains(QStringLiteral("<Cost breakdown>")));
        QVERIFY(doc.title.startsWith(QStringLiteral("<GPU cluster comparison: >")));
        QCOMPARE(doc.comparison.plans[1].name, c.plans[1].name.toUpper());
        QCOMPARE(doc.table(QStringLiteral("cost"))->header.at(2), c.plans[1].name.toUpper());
        const ReportTable &warnings = *doc.table(QStringLiteral("warnings"));
        QCOMPARE(warnings.rows.first().at(1).text, QStringLiteral("careful"));
        // A plan's Plan cell spans its warnings' rows; the rows it covers leave theirs empty.
        language.warnings = [](const Result &, const Plan &) {
            return QStringList{QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("three")};
        };
        const ReportDocument three = buildReportDocument(c, ReportOptions{}, language);
        const QList<QList<ReportCell>> &rows = three.table(QStringLiteral("warnings"))->rows;
        QVERIFY(rows.size() >= 6 && rows.size() % 3 == 0);
        for (qsizetype r = 0; r < rows.size(); ++r) {
            const bool first = r % 3 == 0;
            QCOMPARE(rows[r].at(0).rowSpan, first ? 3 : 1);
            QCOMPARE(rows[r].at(0).text.isEmpty(), !first);
        }
    }

    void everyProvenanceMarkerPointsIntoTheSources()
    {
        const Comparison c = comparePlans(defaultComparison(), Normalization::AsGiven);
        const ReportDocument doc = buildReportDocument(c, ReportOptions{});
        QVERIFY(!doc.sources.isEmpty());
        const QRegularExpression marker(QStringLiteral("\\[([DMACU])(\\d*)\\]"));
        int markers = 0;
        QSet<int> used;
        for (const char *id : {"provenance-gpu", "provenance-cluster", "provenance-model", "settings"})
            for (const QList<ReportCell> &row : doc.table(QLatin1String(id))->rows)
                for (const ReportCell &cell : row) {
                    auto it = marker.globalMatch(cell.text);
                    while (it.hasNext()) {
                        const QRegularExpressionMatch m = it.next();
                        ++markers;
                        if (!m.captured(2).isEmpty())
                            used << m.captured(2).toInt();
                    }
                }
        QVERIFY(markers > 20);
        for (int n : used)
            QVERIFY2(n >= 1 && n <= doc.sources.size(), qPrintable(QString::number(n)));
        QCOMPARE(used.size(), doc.sources.size()); // every source listed is cited
        QVERIFY(doc.sources.first().startsWith(QStringLiteral("[1] ")));
    }
};

QTEST_GUILESS_MAIN(TestReportDocument)
#include "test_reportdocument.moc"
