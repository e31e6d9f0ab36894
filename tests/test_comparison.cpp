// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison arithmetic (model/library/compare.h) and its tables: normalisation, break-even,
// buy-vs-rent and finance figures checked against hand calculations, and the CSV and JSON a
// comparison is written as. The preset library itself: test_library.cpp.
#include "library/compare.h"
#include "library/comparisonfile.h"
#include "library/comparisonio.h"
#include "library/comparisonuncertainty.h"

#include "planfixtures.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace commtax;
using namespace commtax::test;

namespace {

// A small RFC 4180 reader for checking what the writer quoted.
QList<QStringList> parseCsv(const QString &text)
{
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                field += QLatin1Char('"');
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << field;
            field.clear();
        } else if (c == QLatin1Char('\r') && i + 1 < text.size() && text[i + 1] == QLatin1Char('\n')) {
            row << field;
            rows << row;
            row.clear();
            field.clear();
            ++i;
        } else {
            field += c;
        }
    }
    return rows;
}

// A plan with round numbers for hand calculations: 8 GPUs in one node.
Plan handPlan()
{
    Plan p = defaultScenario().plan;
    p.cluster.nodes = 1;
    p.cluster.gpus_per_node = 8;
    p.cluster.node_price_usd = 100000;
    p.cluster.network_cost_per_gpu_usd = 1000;
    p.training.goodput = 1.0;
    p.economics.mode = EconomicsMode::Buy;
    p.economics.years = 4; // 35040 hours
    p.economics.usd_per_kwh = 0.10;
    p.economics.upkeep_pct = 0;
    return p;
}
Result handResult()
{
    Result r;
    r.gpus = 8;
    r.tokens_per_s = 10000; // 3.6e7 tokens per hour at goodput 1
    r.power_kw = 10;        // 1 USD per hour of energy
    r.goodput_effective = 1.0;
    return r;
}

} // namespace

class TestComparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // ---------------------------------------------------------------- comparison arithmetic
    void defaultComparisonFilesMatchTheCode()
    {
        const QStringList files = compareScenarioFiles();
        const QList<Scenario> expected = defaultComparison();
        QCOMPARE(files.size(), expected.size());
        for (qsizetype i = 0; i < files.size(); ++i) {
            Scenario s;
            QList<LoadError> errors;
            QVERIFY2(loadAndValidateScenario(files[i], PresetCatalog::builtIn(), s, errors), qPrintable(files[i]));
            QVERIFY2(s == expected[i], qPrintable(files[i]));
        }
        // all of them fit in memory with this layout (the reason it was chosen)
        const Comparison c = comparePlans(expected, Normalization::AsGiven);
        for (const ComparedPlan &p : c.plans) {
            QVERIFY2(p.runs(), qPrintable(p.name));
            QCOMPARE(p.result.gpus, 256);
        }
    }
    // A plan the tool named gives hardware variants named the same way, so that the comparison's
    // charts tell them apart by their GPU ("... A100 SXM4") instead of eliding "NVIDIA A100 SXM4
    // 80GB"; a name the user gave gives the GPU's own name, as before.
    void hardwareVariantsAreNamedAsTheirBase()
    {
        const PresetCatalog &catalog = PresetCatalog::builtIn();
        Scenario base = defaultComparison().first();
        base.name = planNameFor(base.plan, catalog);
        const QList<Scenario> variants = hardwareVariants(base, {QStringLiteral("a100-sxm-80gb"), QStringLiteral("l40s")}, catalog);
        QCOMPARE(variants.size(), 2);
        for (const Scenario &s : variants)
            QCOMPARE(s.name, planNameFor(s.plan, catalog));
        QCOMPARE(variants[0].name, QStringLiteral("Llama 2 13B on 256 A100 SXM4"));
        base.name = QStringLiteral("Plan 7");
        const QList<Scenario> named = hardwareVariants(base, {QStringLiteral("a100-sxm-80gb")}, catalog);
        QCOMPARE(named.value(0).name, catalog.find(Section::Gpu, QStringLiteral("a100-sxm-80gb"))->name);
    }

    void costBreakdownAndBillOfMaterialsByHand()
    {
        const Comparison c = comparePlans(defaultComparison(), Normalization::AsGiven);
        const ComparedPlan &h100 = c.plans[0];
        const CostBreakdown b = costBreakdown(h100.plan, h100.result);
        // 256 x $25,000 + 32 nodes x $120,000 + 256 x $3,000 (presets/gpus.json, clusters.json)
        QVERIFY_NEAR(b.gpus_usd, 6.4e6, 1e-12);
        QVERIFY_NEAR(b.nodes_usd, 3.84e6, 1e-12);
        QVERIFY_NEAR(b.network_usd, 0.768e6, 1e-12);
        QVERIFY_NEAR(b.capex_usd, 11.008e6, 1e-12);
        QVERIFY_NEAR(h100.result.capex_usd, 11.008e6, 1e-12);
        // $11.008M over 4 years = 314.155 $/h; 5% upkeep = 62.831 $/h;
        // 256 x 700 W x 1.35 x PUE 1.3 = 314.496 kW at $0.10 = 31.4496 $/h
        QVERIFY_NEAR(b.depreciation_usd_per_hour, 11.008e6 / 35040.0, 1e-12);
        QVERIFY_NEAR(b.upkeep_usd_per_hour, 11.008e6 * 0.05 / 8760.0, 1e-12);
        QVERIFY_NEAR(b.energy_usd_per_hour, 31.4496, 1e-9);
        QVERIFY_NEAR(b.total_usd_per_hour, h100.result.cost_per_hour_usd, 1e-12);
        QVERIFY_NEAR(b.total_usd_per_hour * b.run_hours, h100.result.tco_usd, 1e-9);
        const BillOfMaterials m = billOfMaterials(h100.plan, h100.result);
        QCOMPARE(m.gpus, 256);
        QCOMPARE(m.nodes, 32);
        QCOMPARE(m.nic_ports, 256); // DGX H100: one 400 Gb/s port per GPU
        QCOMPARE(m.nic_port_gbit, 400.0);
        QVERIFY_NEAR(m.gpu_power_kw, 179.2, 1e-12);
        QVERIFY_NEAR(m.it_power_kw, 241.92, 1e-12);
        QVERIFY_NEAR(m.facility_power_kw, 314.496, 1e-12);
        QVERIFY_NEAR(m.facility_power_kw, h100.result.power_kw, 1e-12);
        // L40S server "2x200 GbE": 8 x 50 Gb/s = 400 Gb/s on two 200 Gb/s ports; RTX 4090 "1x100 GbE"
        const BillOfMaterials l40s = billOfMaterials(c.plans[2].plan, c.plans[2].result);
        QCOMPARE(l40s.nic_ports_per_node, 2);
        QCOMPARE(l40s.nic_port_gbit, 200.0);
        QCOMPARE(l40s.nic_ports, 64);
        const BillOfMaterials rtx = billOfMaterials(c.plans[3].plan, c.plans[3].result);
        QCOMPARE(rtx.nic_ports, 32);
        QCOMPARE(rtx.nic_port_gbit, 100.0);
        // rented: cost is 256 GPU-hours per hour at $3.00
        const CostBreakdown rent = costBreakdown(c.plans[4].plan, c.plans[4].result);
        QVERIFY(rent.rent);
        QVERIFY_NEAR(rent.total_usd_per_hour, 768.0, 1e-12);
        QVERIFY_NEAR(c.plans[4].result.cost_per_hour_usd, 768.0, 1e-12);
    }
    void breakEvenPriceByHand()
    {
        // Plan B: 8 GPUs, node $100,000, network $1,000 per GPU, 4 years (35,040 h), no upkeep,
        // 10 kW at $0.10 (1 $/h), 10,000 tokens/s (3.6e7 tokens/h).
        const Plan b = handPlan();
        const Result rb = handResult();
        Result ra;
        // A costs $500 per billion tokens: B must cost 500 x 0.036 = $18/h; capex = (18 - 1) x 35,040
        // = $595,680; less $108,000 of node and network leaves $487,680 for 8 GPUs: $60,960 each.
        ra.cost_per_billion_tokens_usd = 500;
        PriceBreakEven be = breakEvenGpuPrice(ra, b, rb);
        QVERIFY(!be.rent);
        QVERIFY(be.reachable);
        QVERIFY_NEAR(be.breakEvenPrice, 60960.0, 1e-12);
        QVERIFY_NEAR(costPerBillionTokensAtPrice(b, rb, 60960.0), 500.0, 1e-12);
        // A at $100: $3.60/h is below B's $4.08/h of node, network and energy alone: unreachable.
        ra.cost_per_billion_tokens_usd = 100;
        be = breakEvenGpuPrice(ra, b, rb);
        QVERIFY(!be.reachable);
        QVERIFY_NEAR(be.breakEvenPrice, ((3.6 - 1.0) * 35040.0 - 108000.0) / 8.0, 1e-12);
        // rented B: $18/h over 8 GPUs = $2.25 per GPU-hour
        Plan rented = b;
        rented.economics.mode = EconomicsMode::Rent;
        rented.economics.usd_per_gpu_hour = 4;
        ra.cost_per_billion_tokens_usd = 500;
        be = breakEvenGpuPrice(ra, rented, rb);
        QVERIFY(be.rent);
        QCOMPARE(be.currentPrice, 4.0);
        QVERIFY_NEAR(be.breakEvenPrice, 2.25, 1e-12);
    }
    void breakEvenPriceAgreesWithTheEngine()
    {
        // Put the break-even price into plan B and let the engine price it: B's cost per billion
        // tokens must then equal A's.
        const Comparison c = comparePlans(defaultComparison(), Normalization::AsGiven);
        const QList<BreakEvenRow> rows = breakEvens(c);
        QVERIFY(!rows[0].hasPrice); // the reference itself
        for (int i = 1; i < c.plans.size(); ++i) {
            QVERIFY(rows[i].hasPrice);
            Plan b = c.plans[i].plan;
            if (rows[i].price.rent)
                b.economics.usd_per_gpu_hour = rows[i].price.breakEvenPrice;
            else
                b.gpu.price_usd = rows[i].price.breakEvenPrice;
            if (!rows[i].price.reachable)
                continue; // a negative price is not a plan the engine accepts
            QVERIFY_NEAR(evaluate(b).result.cost_per_billion_tokens_usd, c.plans[0].result.cost_per_billion_tokens_usd, 1e-9);
        }
    }
    void buyVersusRentByHand()
    {
        // Buy: 8 GPUs at $10,000 + one $20,000 node = $100,000; 10 kW at $0.10 = $1/h; upkeep 5%
        // of $100,000 a year = $0.570776/h. Rent the same at $2 per GPU-hour = $16/h.
        // Break-even 100,000 / (16 - 1.570776) = 6,930.39 h = 9.4937 months (730 h each).
        Plan buy = handPlan();
        buy.gpu.price_usd = 10000;
        buy.cluster.node_price_usd = 20000;
        buy.cluster.network_cost_per_gpu_usd = 0;
        buy.economics.upkeep_pct = 5;
        Result rb = handResult();
        Plan rent = buy;
        rent.economics.mode = EconomicsMode::Rent;
        rent.economics.usd_per_gpu_hour = 2;
        Result rr = rb;
        rr.cost_per_hour_usd = 16;
        const BuyRentBreakEven br = buyVersusRent(buy, rb, rent, rr);
        QVERIFY(br.applicable && br.reachable);
        QVERIFY_NEAR(br.capex_usd, 100000.0, 1e-12);
        QVERIFY_NEAR(br.buy_running_usd_per_hour, 1.0 + 5000.0 / 8760.0, 1e-12);
        QVERIFY_NEAR(br.rent_usd_per_hour, 16.0, 1e-12);
        QVERIFY_NEAR(br.months, 100000.0 / (16.0 - 1.0 - 5000.0 / 8760.0) / 730.0, 1e-12);
        QVERIFY_NEAR(br.months, 9.4937, 1e-4);
        QVERIFY_NEAR(br.cumulativeBuyUsd(br.months), br.cumulativeRentUsd(br.months), 1e-12);
        // a rented plan that is twice as fast per hour costs half per token: renting it for the
        // bought cluster's 3.6e7 tokens/h costs $8/h
        Result fastRent = rr;
        fastRent.tokens_per_s = 20000;
        QVERIFY_NEAR(buyVersusRent(buy, rb, rent, fastRent).rent_usd_per_hour, 8.0, 1e-12);
        // rent below the running cost: buying never catches up
        rr.cost_per_hour_usd = 1.2;
        QVERIFY(!buyVersusRent(buy, rb, rent, rr).reachable);
        QVERIFY(!buyVersusRent(rent, rr, buy, rb).applicable);
        // the default comparison: H100 bought against H100 rented at $3.00
        const Comparison c = comparePlans(defaultComparison(), Normalization::AsGiven);
        const BreakEvenRow row = breakEvens(c)[4];
        QVERIFY(row.buyIsReference && row.buyRent.reachable);
        // $11.008M / (768 - 31.4496 - 62.8311) $/h = 16,342 h = 22.39 months
        QVERIFY_NEAR(row.buyRent.months, 11.008e6 / (768.0 - 31.4496 - 11.008e6 * 0.05 / 8760.0) / 730.0, 1e-9);
    }
    void financeByHand()
    {
        // Utilisation, residual value and cost of capital. $100,000 of hardware over
        // 4 years at 8%: annuity factor (1 - 1.08^-4) / 0.08 = 3.312127; residual 20% is worth
        // $20,000 / 1.08^4 = $14,700.60 today, so capital costs (100,000 - 14,700.60) / 3.312127
        // = $25,753.66 a year; upkeep 5% = $5,000 a year. At 50% utilisation both fall on 4,380
        // hours of use a year: (25,753.66 + 5,000) / 4,380 + $1/h energy = $8.02138 per hour of use.
        Plan buy = handPlan();
        buy.gpu.price_usd = 10000;
        buy.cluster.node_price_usd = 20000;
        buy.cluster.network_cost_per_gpu_usd = 0;
        buy.economics.upkeep_pct = 5;
        buy.economics.utilisation = 0.5;
        buy.economics.residual_fraction = 0.2;
        buy.economics.cost_of_capital = 0.08;
        QVERIFY_NEAR(annuityFactor(0.08, 4), 3.3121268400, 1e-10);
        QVERIFY_NEAR(annuityFactor(0, 4), 4.0, 1e-15);
        QVERIFY_NEAR(capitalUsdPerYear(buy.economics, 100000), 25753.664356, 1e-9);
        const Result rb = handResult();
        const CostBreakdown b = costBreakdown(buy, rb);
        QVERIFY_NEAR(b.capex_usd, 100000.0, 1e-15);
        QVERIFY_NEAR(b.residual_value_usd, 20000.0, 1e-15);
        QVERIFY_NEAR(b.depreciation_usd_per_hour, 25753.664356 / 4380.0, 1e-9);
        QVERIFY_NEAR(b.upkeep_usd_per_hour, 5000.0 / 4380.0, 1e-12);
        QVERIFY_NEAR(b.total_usd_per_hour, 8.0213845562, 1e-10);
        // Net present cost: capex less the residual's present value, plus 4 years of upkeep and
        // energy (4,380 h x $1) discounted: 100,000 - 14,700.60 + 3.312127 x 9,380 = $116,367.15
        QVERIFY_NEAR(b.net_present_cost_usd, 100000.0 - 20000.0 / std::pow(1.08, 4) + 3.3121268400 * (5000.0 + 4380.0), 1e-10);
        QVERIFY_NEAR(b.net_present_cost_usd, 116367.1527, 1e-9);
        // Buy against rent at $16 per hour of use: equal over the horizon at
        // u* = (25,753.66 + 5,000) / (8,760 x (16 - 1)) = 23.40%; payback at 50% utilisation after
        // 100,000 / ((16 - 1) x 0.5 - 5,000 / 8,760) = 14,432 h = 19.77 calendar months.
        Plan rent = buy;
        rent.economics.mode = EconomicsMode::Rent;
        Result rr = rb;
        rr.cost_per_hour_usd = 16;
        const BuyRentBreakEven br = buyVersusRent(buy, rb, rent, rr);
        QVERIFY(br.applicable && br.reachable);
        QVERIFY_NEAR(br.break_even_utilisation, 0.2340461519, 1e-9);
        QVERIFY_NEAR(br.months, 19.7693574959, 1e-9);
        QVERIFY_NEAR(br.cumulativeBuyUsd(br.months), br.cumulativeRentUsd(br.months), 1e-12);
        // at u*, buying costs what renting costs per hour of use
        buy.economics.utilisation = br.break_even_utilisation;
        QVERIFY_NEAR(costBreakdown(buy, rb).total_usd_per_hour, 16.0, 1e-12);
        // rent below the energy: no utilisation makes buying cheaper
        rr.cost_per_hour_usd = 0.5;
        QVERIFY(!std::isfinite(buyVersusRent(buy, rb, rent, rr).break_even_utilisation));

        // The engine prices the same way: the default H100 plan at 50%, residual 20%, 8%.
        Plan h100 = defaultComparison().first().plan;
        const Result base = evaluateValid(h100);
        h100.economics.utilisation = 0.5;
        h100.economics.residual_fraction = 0.2;
        h100.economics.cost_of_capital = 0.08;
        const Result r = evaluateValid(h100);
        const double capex = 11.008e6; // 256 x $25,000 + 32 x $120,000 + 256 x $3,000
        const double capital = (capex - 0.2 * capex / std::pow(1.08, 4)) / 3.3121268400;
        const double perUseHour = (capital + 0.05 * capex) / 4380.0 + 31.4496;
        QVERIFY_NEAR(r.cost_per_hour_usd, perUseHour, 1e-9);
        QVERIFY_NEAR(r.tco_usd, perUseHour * base.days_to_train * 24.0, 1e-9);
        QVERIFY_NEAR(r.lifetime_tco_usd, perUseHour * 4380.0 * 4.0, 1e-9);
        QVERIFY_NEAR(r.cost_per_billion_tokens_usd, base.cost_per_billion_tokens_usd * perUseHour / base.cost_per_hour_usd, 1e-9);
        // the defaults (100%, no residual, no cost of capital) are straight-line depreciation
        QVERIFY_NEAR(base.cost_per_hour_usd, capex / 35040.0 + 0.05 * capex / 8760.0 + 31.4496, 1e-12);
    }
    void feasibleGpuCountsByHand()
    {
        // tp=2, pp=4, B=1024, b=1: dp must divide 1024 and 8*dp GPUs fill nodes of 8:
        // dp = 1, 2, 4, ... 1024 -> 8 ... 8192 GPUs, eleven counts.
        const Plan p = defaultComparison().first().plan;
        const std::vector<int> counts = feasibleGpuCounts(p);
        QCOMPARE(counts, (std::vector<int>{8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192}));
        QCOMPARE(feasibleGpuCounts(p, 300).back(), 256);
    }
    void normaliseEqualGpus()
    {
        QList<Scenario> plans = defaultComparison().mid(0, 2);
        plans[1].plan.cluster.nodes = 16; // 128 A100s, dp = 16
        plans[1].plan.training.dp = 16;
        const Comparison c = comparePlans(plans, Normalization::EqualGpus);
        QCOMPARE(c.plans[1].result.gpus, 256);
        QCOMPARE(c.plans[1].plan.training.dp, 32);
        QCOMPARE(c.plans[1].plan.cluster.nodes, 32);
        QVERIFY2(c.plans[1].note.contains(QStringLiteral("from 128 to 256")), qPrintable(c.plans[1].note));
        QVERIFY(c.plans[0].note.isEmpty());
        // as given leaves it alone
        QCOMPARE(comparePlans(plans, Normalization::AsGiven).plans[1].result.gpus, 128);
    }
    void normaliseEqualBudgetByHand()
    {
        const Comparison c = comparePlans(defaultComparison(), Normalization::EqualBudget);
        // budget: the H100 plan's $11.008M.
        // A100: one DGX A100 node = 8 x $10,000 + $80,000 + 8 x $1,500 = $172,000; 64 nodes = $11.008M
        // exactly: 512 GPUs (dp = 64 divides the 1024 batch).
        QCOMPARE(c.plans[1].result.gpus, 512);
        QVERIFY_NEAR(c.plans[1].result.capex_usd, 11.008e6, 1e-12);
        // L40S: a node is 8 x $8,000 + $40,000 + 8 x $1,000 = $112,000: 98.3 nodes = 786 GPUs; the
        // largest count with dp dividing 1024 is 512 (dp = 64), $7.168M.
        QCOMPARE(c.plans[2].result.gpus, 512);
        QVERIFY_NEAR(c.plans[2].result.capex_usd, 7.168e6, 1e-12);
        // RTX 4090: 8 x $1,800 + $15,000 + 8 x $500 = $33,400: 329.6 nodes = 2,636 GPUs -> 2,048.
        QCOMPARE(c.plans[3].result.gpus, 2048);
        QVERIFY_NEAR(c.plans[3].result.capex_usd, 256 * 33400.0, 1e-12);
        // rented: no capex, left as given
        QCOMPARE(c.plans[4].result.gpus, 256);
        QVERIFY(c.plans[4].note.contains(QStringLiteral("rented")));
        // a rented reference cannot set a budget
        QList<Scenario> rentedFirst = defaultComparison();
        rentedFirst.move(4, 0);
        const Comparison r = comparePlans(rentedFirst, Normalization::EqualBudget);
        QVERIFY(!r.note.isEmpty());
        QCOMPARE(r.plans[1].result.gpus, 256);
    }
    void normaliseEqualTime()
    {
        // docs/handbook.md: "the fewest GPUs that train as fast as A, or the fastest count with a note when
        // none does". Checked against every feasible count evaluated here one by one.
        const Comparison given = comparePlans(defaultComparison(), Normalization::AsGiven);
        const Comparison c = comparePlans(defaultComparison(), Normalization::EqualTime);
        const double target = c.plans[0].result.days_to_train;
        for (int i = 1; i < 5; ++i) {
            const ComparedPlan &p = c.plans[i];
            int fewestFastEnough = 0, fastest = 0;
            double fastestDays = 0;
            for (int g : feasibleGpuCounts(given.plans[i].plan)) {
                Plan q = given.plans[i].plan;
                QVERIFY(resizePlan(q, g, GpuScaling::FixedGlobalBatch, nullptr));
                const double d = evaluateValid(q).days_to_train;
                if (d <= target * (1 + 1e-9) && fewestFastEnough == 0)
                    fewestFastEnough = g;
                if (fastest == 0 || d < fastestDays) {
                    fastest = g;
                    fastestDays = d;
                }
            }
            const int expected = fewestFastEnough ? fewestFastEnough : fastest;
            QVERIFY2(p.result.gpus == expected, qPrintable(QStringLiteral("%1: %2 GPUs, expected %3").arg(p.name).arg(p.result.gpus).arg(expected)));
            QCOMPARE(p.note.contains(QStringLiteral("no GPU count trains as fast")), fewestFastEnough == 0);
        }
        // The rented H100 is the same cluster as A: the same 256 GPUs and time, no note.
        QCOMPARE(c.plans[4].result.gpus, 256);
        QVERIFY(c.plans[4].note.isEmpty());
        // A100 (312 dense TFLOPS to H100's 989): more GPUs, and as fast as A.
        QVERIFY(c.plans[1].result.gpus > 256);
        QVERIFY(c.plans[1].result.days_to_train <= target * (1 + 1e-9));
        // RTX 4090's PCIe and 100 GbE make it communication-bound: no count is as fast as A.
        QVERIFY(c.plans[3].result.days_to_train > target);
        QVERIFY2(c.plans[3].note.contains(QStringLiteral("the fastest")), qPrintable(c.plans[3].note));
    }
    void bestValuesOnlyAmongPlansThatRun()
    {
        QList<Scenario> plans = defaultComparison().mid(0, 4);
        Comparison c = comparePlans(plans, Normalization::AsGiven);
        const MetricInfo &cost = *findMetric(QStringLiteral("cost_per_billion_tokens_usd"));
        const MetricInfo &capex = *findMetric(QStringLiteral("capex_usd"));
        const MetricInfo &mfu = *findMetric(QStringLiteral("mfu"));
        QCOMPARE(c.best(cost), QList<int>{0});                            // H100
        QCOMPARE(c.best(capex), QList<int>{3});                           // RTX 4090: 256 x 1,800 + 32 x 15,000 + ...
        QCOMPARE(c.best(mfu), QList<int>{1});                             // A100
        QVERIFY(c.best(*findMetric(QStringLiteral("params"))).isEmpty()); // no better direction
        QCOMPARE(c.cheapest(), 0);
        QCOMPARE(c.fastest(), 0);
        // the RTX 4090 plan with tp=1, pp=8 does not fit: its low capex no longer wins
        for (Scenario &s : plans) {
            s.plan.training.tp = 1;
            s.plan.training.pp = 8;
        }
        c = comparePlans(plans, Normalization::AsGiven);
        QVERIFY(!c.plans[3].result.fits_in_memory);
        QVERIFY(!c.best(capex).contains(3));
        QCOMPARE(c.best(capex), QList<int>{2}); // L40S
        // ties all win, unless every plan ties (then nothing stands out)
        plans = {defaultComparison()[0], defaultComparison()[0], defaultComparison()[1]};
        QCOMPARE(comparePlans(plans, Normalization::AsGiven).best(cost), (QList<int>{0, 1}));
        plans.removeLast();
        QVERIFY(comparePlans(plans, Normalization::AsGiven).best(cost).isEmpty());
        // a rented plan's zero capex is not the best capex
        c = comparePlans(defaultComparison(), Normalization::AsGiven);
        QCOMPARE(c.best(capex), QList<int>{3});
        QVERIFY(c.best(*findMetric(QStringLiteral("bubble_share"))).isEmpty()); // same layout everywhere
    }

    // ---------------------------------------------------------------- CSV and JSON
    void csvQuotesNamesAndIgnoresTheLocale()
    {
        QList<Scenario> plans = defaultComparison().mid(0, 3);
        plans[0].name = QStringLiteral("H100, \"bought\"");
        plans[1].name = QStringLiteral("A100 — 北京 cluster, Zürich\nline two");
        plans[2].name = QStringLiteral("L40S");
        const QLocale saved;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        const Comparison c = comparePlans(plans, Normalization::AsGiven);
        const QString csv = comparisonToCsv(c);
        QLocale::setDefault(saved);
        QVERIFY(csv.endsWith(QStringLiteral("\r\n")));
        QVERIFY(csv.contains(QStringLiteral("\"H100, \"\"bought\"\"\"")));
        const QList<QStringList> rows = parseCsv(csv);
        QCOMPARE(rows.size(), 4);
        const QStringList header = rows.first();
        QCOMPARE(header, comparisonColumns() + inputColumns());
        for (qsizetype i = 1; i < rows.size(); ++i)
            QCOMPARE(rows[i].size(), header.size());
        QCOMPARE(rows[1][0], plans[0].name);
        QCOMPARE(rows[2][0], plans[1].name);
        // numbers in the C locale: the German "1.234,5" would break the columns or the parse
        const qsizetype step = header.indexOf(QStringLiteral("step_time_s"));
        const qsizetype capex = header.indexOf(QStringLiteral("capex_usd"));
        bool ok = false;
        QVERIFY_NEAR(rows[1][step].toDouble(&ok), c.plans[0].result.step_time_s, 1e-11);
        QVERIFY(ok);
        QVERIFY_NEAR(rows[1][capex].toDouble(&ok), 11.008e6, 1e-12);
        QVERIFY(ok);
        QCOMPARE(rows[1][header.indexOf(QStringLiteral("reference"))], QStringLiteral("true"));
        QVERIFY(rows[1][header.indexOf(QStringLiteral("best_in"))].contains(QStringLiteral("cost_per_billion_tokens_usd")));
    }
    // The CSV carries every input with its kind and source, and the engine's warnings.
    void csvHasInputsWithProvenanceAndWarnings()
    {
        QList<Scenario> plans = defaultComparison().mid(0, 4);
        plans[1].plan.gpu.price_usd = 15000; // stated by the file, as a quote would be
        plans[1].stated.insert(QStringLiteral("gpu.price_usd"),
                               Scenario::Stated{QJsonValue(15000.0), Provenance{SourceKind::Measured, QStringLiteral("Vendor X quote Q-123")}});
        const Comparison c = comparePlans(plans, Normalization::AsGiven);
        const QList<QStringList> rows = parseCsv(comparisonToCsv(c));
        const QStringList header = rows.first();
        auto at = [&](int plan, const QString &col) {
            const qsizetype i = header.indexOf(col);
            return i < 0 ? QStringLiteral("<no column %1>").arg(col) : rows[plan + 1][i];
        };
        // the preset's figure with the preset's kind and source (presets/gpus.json)
        const Preset h100 = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"));
        QCOMPARE(at(0, QStringLiteral("input.gpu.price_usd")), QStringLiteral("25000"));
        QCOMPARE(at(0, QStringLiteral("input.gpu.price_usd.kind")), toString(h100.provenance.value(QStringLiteral("price_usd")).kind));
        QCOMPARE(at(0, QStringLiteral("input.gpu.price_usd.source")), h100.provenance.value(QStringLiteral("price_usd")).source);
        // a value the file states keeps its kind and source; one the user changed says "user"
        QCOMPARE(at(1, QStringLiteral("input.gpu.price_usd")), QStringLiteral("15000"));
        QCOMPARE(at(1, QStringLiteral("input.gpu.price_usd.kind")), QStringLiteral("measured"));
        QCOMPARE(at(1, QStringLiteral("input.gpu.price_usd.source")), QStringLiteral("Vendor X quote Q-123"));
        // economics at their defaults are assumptions with a source; the layout is the user's
        QCOMPARE(at(0, QStringLiteral("input.economics.pue")), QStringLiteral("1.3"));
        QCOMPARE(at(0, QStringLiteral("input.economics.pue.kind")), QStringLiteral("assumption"));
        QCOMPARE(at(0, QStringLiteral("input.economics.pue.source")), QLatin1String(kDefaultEconomicsSource));
        QCOMPARE(at(0, QStringLiteral("input.training.tp")), QStringLiteral("2"));
        QCOMPARE(at(0, QStringLiteral("input.training.tp.kind")), QStringLiteral("user"));
        // warnings: the engine's sentences, the same as the JSON's, " | " between them
        int warned = 0;
        for (int i = 0; i < int(c.plans.size()); ++i) {
            QStringList want;
            for (const std::string &w : warningMessages(c.plans[i].result, c.plans[i].plan))
                want << QString::fromStdString(w);
            QCOMPARE(at(i, QStringLiteral("warnings")), want.join(QStringLiteral(" | ")));
            warned += want.isEmpty() ? 0 : 1;
        }
        QVERIFY(warned > 0); // the RTX 4090 plan has warnings: the check above saw text
    }
    // Formula injection: a plan named "=HYPERLINK(...)" must reach a spreadsheet as text, while
    // negative numbers stay numbers.
    void csvNeutralisesFormulasButKeepsNumbers()
    {
        QCOMPARE(csvField(QStringLiteral("=1+1")), QStringLiteral("'=1+1"));
        QCOMPARE(csvField(QStringLiteral("+cmd")), QStringLiteral("'+cmd"));
        QCOMPARE(csvField(QStringLiteral("-2+3")), QStringLiteral("'-2+3"));
        QCOMPARE(csvField(QStringLiteral("@SUM(A1)")), QStringLiteral("'@SUM(A1)"));
        QCOMPARE(csvField(QStringLiteral("\tx")), QStringLiteral("'\tx"));
        QCOMPARE(csvField(QStringLiteral("-5")), QStringLiteral("-5"));
        QCOMPARE(csvField(QStringLiteral("-0.25")), QStringLiteral("-0.25"));
        QCOMPARE(csvField(QStringLiteral("+1e3")), QStringLiteral("+1e3"));
        QCOMPARE(csvField(QStringLiteral("a=b")), QStringLiteral("a=b"));
        QCOMPARE(csvField(QStringLiteral("=SUM(A1,B1)")), QStringLiteral("\"'=SUM(A1,B1)\""));
        QList<Scenario> plans = defaultComparison().mid(0, 2);
        plans[0].name = QStringLiteral("=HYPERLINK(\"http://x\")");
        plans[1].name = QStringLiteral("@A100");
        const QString csv = comparisonToCsv(comparePlans(plans, Normalization::AsGiven));
        const QList<QStringList> rows = parseCsv(csv);
        QCOMPARE(rows[1][0], QStringLiteral("'") + plans[0].name);
        QCOMPARE(rows[2][0], QStringLiteral("'@A100"));
        // every cell that starts with a formula character is a number
        for (qsizetype i = 1; i < rows.size(); ++i)
            for (const QString &cell : rows[i]) {
                bool number = false;
                cell.toDouble(&number);
                QVERIFY2(cell.isEmpty() || !QStringLiteral("=+-@").contains(cell.front()) || number, qPrintable(cell));
            }
    }
    void jsonHasTheSameColumns()
    {
        const Comparison c = comparePlans(defaultComparison(), Normalization::EqualBudget);
        const QJsonObject root = comparisonToJson(c);
        QCOMPARE(root.value(QStringLiteral("format")).toString(), QStringLiteral("commtax-comparison"));
        QCOMPARE(root.value(QStringLiteral("normalization")).toString(), QStringLiteral("budget"));
        const QJsonArray plans = root.value(QStringLiteral("plans")).toArray();
        QCOMPARE(plans.size(), 5);
        QStringList cols = comparisonColumns();
        cols << QStringLiteral("inputs"); // every input figure with its kind and source, by path
        for (const QJsonValue &v : plans) {
            QStringList keys = v.toObject().keys();
            keys.sort();
            QStringList expected = cols;
            expected.sort();
            QCOMPARE(keys, expected);
        }
        const QJsonObject a100 = plans[1].toObject();
        QCOMPARE(a100.value(QStringLiteral("gpus")).toInt(), 512);
        QCOMPARE(a100.value(QStringLiteral("break_even_price_unit")).toString(), QStringLiteral("USD/GPU"));
        QVERIFY(a100.value(QStringLiteral("buy_vs_rent_months")).isNull());
        const QJsonObject rented = plans[4].toObject();
        QVERIFY(rented.value(QStringLiteral("buy_vs_rent_months")).toDouble() > 1);
        QCOMPARE(rented.value(QStringLiteral("break_even_price_unit")).toString(), QStringLiteral("USD/GPU-hour"));
    }
    void headlineStatesTheUtilisationAndItsBreakEven()
    {
        // Defect found in review, and the finance inputs: the headline says which utilisation buying assumes and
        // above which utilisation buying beats the rented plan over the hardware's life.
        QList<Scenario> plans = defaultComparison();
        const Comparison full = comparePlans(plans, Normalization::AsGiven);
        const BuyRentBreakEven br = breakEvens(full)[4].buyRent;
        QVERIFY(br.applicable && std::isfinite(br.break_even_utilisation) && br.break_even_utilisation < 1);
        const QString atFull = comparisonFindings(full).first();
        QVERIFY2(atFull.contains(QStringLiteral("busy for all of its 4 years (100% utilisation")), qPrintable(atFull));
        QVERIFY2(atFull.contains(QStringLiteral("buying is cheaper above %1% utilisation").arg(qRound(br.break_even_utilisation * 100))), qPrintable(atFull));
        // u* does not depend on the stated utilisation; the months do (calendar months at 60%)
        for (Scenario &sc : plans) // every bought plan busy 60% of the time: the H100 stays the cheapest
            sc.plan.economics.utilisation = 0.6;
        const Comparison part = comparePlans(plans, Normalization::AsGiven);
        const BuyRentBreakEven br60 = breakEvens(part)[4].buyRent;
        QVERIFY_NEAR(br60.break_even_utilisation, br.break_even_utilisation, 1e-12);
        const CostBreakdown cb = costBreakdown(full.plans[0].plan, full.plans[0].result);
        const double rentPerUseHour = br.rent_usd_per_hour; // at 100%: per hour of use
        const double months60 = cb.capex_usd / ((rentPerUseHour - cb.energy_usd_per_hour) * 0.6 - cb.capex_usd * 0.05 / 8760.0) / 730.0;
        QVERIFY_NEAR(br60.months, months60, 1e-9);
        const QString headline = comparisonFindings(part).first();
        QVERIFY2(headline.startsWith(QStringLiteral("Recommended: Llama 2 13B on 256 H100 SXM5,")),
                 qPrintable(headline));
        QVERIFY2(headline.contains(QStringLiteral("busy for 60% of its 4 years (60% utilisation")), qPrintable(headline));
        QVERIFY2(headline.contains(QStringLiteral("%1 months at 60% utilisation").arg(formatNumber(br60.months, 1))), qPrintable(headline));
    }
    void findingsAreWrittenFromTheNumbers()
    {
        const Comparison c = comparePlans(defaultComparison(), Normalization::AsGiven);
        const QStringList f = comparisonFindings(c);
        QVERIFY(!f.isEmpty());
        QVERIFY2(f.first().startsWith(QStringLiteral("Recommended: Llama 2 13B on 256 H100 SXM5,")),
                 qPrintable(f.first()));
        QVERIFY(f.at(1).contains(formatUsd(c.plans[0].result.cost_per_billion_tokens_usd)));
        const QString all = f.join(QLatin1Char('\n'));
        const QString rented = QStringLiteral("Llama 2 13B on 256 H100 SXM5 rented");
        const QString breakEven = QStringLiteral("buying beats renting (%1) only after ").arg(rented);
        QVERIFY2(f.first().contains(breakEven + QStringLiteral("22.4 months")), qPrintable(all));
        QCOMPARE(all.count(QStringLiteral("22.4 months")), 1); // said once, in the headline
        QVERIFY2(all.contains(QStringLiteral("On Llama 2 13B on 256 RTX 4090, communication takes")), qPrintable(all));
        QVERIFY2(comparisonQuestion(c).startsWith(QStringLiteral("Which of these 5 plans trains Llama 2 13B on 2 trillion tokens")),
                 qPrintable(comparisonQuestion(c)));
        QCOMPARE(formatUsd(25000), QStringLiteral("$25.0k"));
        QCOMPARE(formatUsd(11.008e6), QStringLiteral("$11.01M"));
        QCOMPARE(formatUsd(2.5), QStringLiteral("$2.50"));
        QCOMPARE(formatUsd(4255.4), QStringLiteral("$4,255"));
        QCOMPARE(formatUsd(-1800), QStringLiteral("-$1,800"));
        // one scale for figures read together ("$980.5k" over "$0.83-1.26M")
        QCOMPARE(formatUsdLike(1.2606e6, 980.5e3), QStringLiteral("$1260.6k"));
        QCOMPARE(formatUsdLike(834.9e3, 1.02e6), QStringLiteral("$0.83M"));
        QCOMPARE(formatUsdLike(2163.2, 2751), QStringLiteral("$2,163"));
        QCOMPARE(formatUsdLike(4248, 10000), QStringLiteral("$4.2k"));
        // an input's value with its unit, in the report's convention (was "0.08725", "331302")
        QCOMPARE(inputValueText(QStringLiteral("cluster.node_price_usd"), 331302), QStringLiteral("$331.3k"));
        QCOMPARE(inputValueText(QStringLiteral("economics.usd_per_kwh"), 0.08725), QStringLiteral("$0.087/kWh"));
        QCOMPARE(inputValueText(QStringLiteral("economics.usd_per_gpu_hour"), 1.6), QStringLiteral("$1.60/GPU-h"));
        QCOMPARE(inputValueText(QStringLiteral("gpu.price_usd"), 4248, 10000), QStringLiteral("$4.2k"));
    }

    void memoryIsJudgedByItsShareOfUsableMemory()
    {
        // Found in review: 19.35 of 21.6 GB on an RTX 4090 was starred over 64 of 72 GB on an H100
        Comparison c;
        c.plans.resize(2);
        for (ComparedPlan &p : c.plans) {
            p.valid = true;
            p.result.fits_in_memory = true;
        }
        c.plans[0].result.memory_total_gb = 60;
        c.plans[0].result.memory_usable_gb = 72;
        c.plans[1].result.memory_total_gb = 19.35;
        c.plans[1].result.memory_usable_gb = 21.6;
        const MetricInfo *m = findMetric(QStringLiteral("memory_total_gb"));
        QVERIFY(m && judgedByMemoryShare(*m));
        QCOMPARE(c.best(*m), QList<int>{0});
        c.plans[1].result.memory_total_gb = 10; // 46% of its memory: now the most headroom
        QCOMPARE(c.best(*m), QList<int>{1});
        QVERIFY(!judgedByMemoryShare(*findMetric(QStringLiteral("memory_usable_gb"))));
        // FP8 compute time applies to FP8 plans only
        Plan plan;
        QVERIFY(!metricApplies(*findMetric(QStringLiteral("compute_fp8_time_s")), plan));
        plan.training.precision = Precision::Fp8;
        QVERIFY(metricApplies(*findMetric(QStringLiteral("compute_fp8_time_s")), plan));
    }
    // A saved comparison reopens as it was: the plans (named columns, a rented one, goals), plan
    // A, the normalisation and the layout choice, and so every column's figures.
    void savedComparisonReopensAsSaved()
    {
        QList<Scenario> plans = defaultComparison();
        QVERIFY(plans.size() >= 3);
        plans[1].name = QStringLiteral("A100 at 512");
        plans[2].name = QStringLiteral("Rented 4090s \"night\" \u79df");
        plans[2].plan.economics.mode = EconomicsMode::Rent;
        plans[2].plan.economics.usd_per_gpu_hour = 2.5;
        SavedComparison c;
        c.plans = plans;
        c.reference = 1;
        c.normalization = Normalization::EqualGpus;
        c.bestLayout = BestLayout{true, search::Objective::Cost};
        Goals g;
        g.deadlineDays = 60;
        g.tcoUsd = 6e6;
        c.goals = g;
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("saved.json"));
        QString error;
        QVERIFY2(saveComparisonFile(file, c, PresetCatalog::builtIn(), &error), qPrintable(error));
        SavedComparison back;
        QList<LoadError> errors;
        const PresetCatalog &catalog = PresetCatalog::builtIn();
        QVERIFY2(loadComparisonFile(file, catalog, back, errors), qPrintable(errors.value(0).toString()));
        QVERIFY(back == c);
        QCOMPARE(back.plans[2].name, plans[2].name);
        QCOMPARE(back.goals->deadlineDays, 60.0);
        const Comparison before = comparePlans(c.plans, c.normalization, c.bestLayout, c.reference);
        const Comparison after = comparePlans(back.plans, back.normalization, back.bestLayout, back.reference);
        QCOMPARE(after.plans.size(), before.plans.size());
        QCOMPARE(after.reference, 1);
        for (qsizetype i = 0; i < before.plans.size(); ++i) {
            QCOMPARE(after.plans[i].name, before.plans[i].name);
            for (const MetricInfo &m : metrics())
                QCOMPARE(m.get(after.plans[i].result), m.get(before.plans[i].result));
        }
        // Written again, the same text: nothing drifts from save to save.
        QCOMPARE(serializeComparisonFile(back, catalog), serializeComparisonFile(c, catalog));
    }

    // A bad saved comparison is refused with the place and the field of each problem, the
    // scenario's own problems placed in the comparison file.
    void badSavedComparisonsArePlaced_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        const QByteArray plan = serializeScenario(defaultScenario());
        const auto withPlans = [&](const QByteArray &head, const QByteArray &second) -> QByteArray {
            return "{\"format\": \"commtax-saved-comparison\", \"version\": 1,\n" + head + "\"plans\": [\n" + plan
                + ",\n" + second + "]}";
        };
        QTest::addRow("report, not a saved comparison")
            << QByteArray("{\"format\": \"commtax-comparison\", \"version\": 1}")
            << "c.json:1:12: format: expected \"commtax-saved-comparison\"";
        QTest::addRow("one plan")
            << QByteArray("{\"format\": \"commtax-saved-comparison\", \"version\": 1,\n\"plans\": [" + plan + "]}")
            << "c.json:2:10: plans: expected a list of 2 to 8 scenarios";
        QTest::addRow("plan A out of range") << withPlans("\"plan_a\": 2,\n", plan)
                                             << "c.json:2:11: plan_a: expected the index of a plan, 0 to 1";
        QTest::addRow("bad normalisation") << withPlans("\"normalization\": \"gpus,best-layout\",\n", plan)
                                           << "c.json:2:18: normalization: expected one of as-given, gpus, "
                                              "budget, time";
        QTest::addRow("unknown key") << withPlans("\"colour\": 1,\n", plan) << "c.json:2:11: colour: unknown key";
        QByteArray badTp = plan;
        badTp.replace("\"tp\": 8", "\"tp\": \"eight\"");
        QVERIFY(badTp != plan);
        const int tpLine = int(withPlans("", badTp).left(withPlans("", badTp).indexOf("\"eight\"")).count('\n')) + 1;
        QTest::addRow("scenario field") << withPlans("", badTp)
                                        << QStringLiteral("c.json:%1:\\d+: plans\\[1\\]\\.training\\.tp: ").arg(tpLine);
        QTest::addRow("goals") << withPlans("\"goals\": {\"deadline_days\": -3},\n", plan)
                               << "c.json:2:28: goals.deadline_days: ";
    }
    void badSavedComparisonsArePlaced()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        SavedComparison c;
        QList<LoadError> errors;
        QVERIFY(!parseComparisonFile(json, QStringLiteral("c.json"), PresetCatalog::builtIn(), c, errors));
        QVERIFY(!errors.isEmpty());
        const QString first = errors.first().toString();
        const bool regex = expected.contains(QLatin1String("\\d"));
        const QString pattern = regex ? expected : QRegularExpression::escape(expected);
        QVERIFY2(QRegularExpression(QLatin1Char('^') + pattern).match(first).hasMatch(), qPrintable(first));
    }

    // Larger than eight scenarios at their limit: refused before it is parsed.
    void oversizedSavedComparisonIsRefused()
    {
        SavedComparison c;
        QList<LoadError> errors;
        const QByteArray big(int(kMaxComparisonFileBytes) + 1, ' ');
        QVERIFY(!parseComparisonFile(big, QStringLiteral("big.json"), PresetCatalog::builtIn(), c, errors));
        const QString first = errors.value(0).toString();
        QVERIFY2(first.startsWith(QLatin1String("big.json:1:1: the comparison is 8192 KiB")), qPrintable(first));
    }
};

QTEST_GUILESS_MAIN(TestComparison)
#include "test_comparison.moc"
