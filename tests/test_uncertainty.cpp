// SPDX-License-Identifier: GPL-3.0-or-later
// Uncertainty and sensitivity: collapsed ranges give the point estimate, percentiles of
// one uniform input into a linear metric match the closed form, one seed gives the same numbers on
// every run and thread count, the tornado matches one-at-a-time evaluations done here through the
// field registry, win odds and break-evens against a case solvable by hand, scenario ranges and
// their errors, and `commtax evaluate --uncertainty`.
#include "testsupport.h"

#include "core/fields.h"
#include "core/resultio.h"
#include "core/scenario.h"
#include "core/uncertaintyio.h"
#include "engine/engine.h"
#include "engine/limits.h"
#include "uncertainty/uncertainty.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <set>

using namespace commtax;
using namespace commtax::uncertainty;

namespace {

PlanInputs defaultInputs()
{
    return planInputs(defaultScenario().plan, {});
}

InputRange &inputOf(PlanInputs &in, const char *path)
{
    for (InputRange &r : in.inputs)
        if (std::string_view(r.info->path) == path)
            return r;
    qFatal("no input %s", path);
}

// Set a field through the Qt field registry (core/fields.cpp), not through the uncertainty
// module's own setters, so that the tornado is checked against an independent path.
void setByRegistry(Plan &p, const std::string &path, double v)
{
    const QString qpath = QString::fromStdString(path);
    const QString section = qpath.section(QLatin1Char('.'), 0, 0), key = qpath.section(QLatin1Char('.'), 1);
    for (Section s : kAllSections)
        if (sectionKey(s) == section) {
            const FieldInfo *f = findField(s, key);
            QVERIFY2(f, qPrintable(qpath));
            f->set(p, QJsonValue(v));
            return;
        }
    QFAIL(qPrintable(qpath));
}

// The standard error of a plain Monte Carlo quantile q of n samples, in probability units.
double quantileError(double q, int n) { return std::sqrt(q * (1 - q) / n); }

} // namespace

class TestUncertainty : public QObject
{
    Q_OBJECT

private slots:
    void defaultRangesFollowTheKind()
    {
        QCOMPARE(defaultHalfWidth(Kind::Datasheet), 0.02);
        QCOMPARE(defaultHalfWidth(Kind::Measured), 0.10);
        QCOMPARE(defaultHalfWidth(Kind::Assumption), 0.25);
        const PlanInputs in = defaultInputs();
        QVERIFY(in.inputs.size() >= 20);
        for (const InputRange &r : in.inputs) {
            const FieldLimit *lim = findFieldLimit(r.info->path);
            QVERIFY(lim);
            QVERIFY2(!lim->integer, r.info->path); // whole numbers are never uncertain
            QVERIFY2(r.low <= r.value && r.value <= r.high, r.info->path);
            QVERIFY2(r.low >= lim->min && r.high <= lim->max, r.info->path);
            QVERIFY(checkRange(r.info->path, r.value, r.low, r.high).empty());
        }
        for (const char *path : {"training.tp", "model.layers", "cluster.nodes", "gpu.bf16_dense_tflops"})
            QVERIFY2(!findInput(path), path);
        // Assumption: +-25%; clamped to the field's limits.
        const InputRange r = defaultRange(*findInput("cluster.nic_efficiency"), 0.9, Kind::Assumption);
        QCOMPARE(r.low, 0.9 * 0.75);
        QCOMPARE(r.high, 1.0);
        const InputRange d = defaultRange(*findInput("gpu.memory_bw_gbps"), 3350, Kind::Datasheet);
        QCOMPARE(d.low, 3350 * 0.98);
        QCOMPARE(d.high, 3350 * 1.02);
    }

    // The Monte Carlo's inputs are the rows of the engine's field table marked uncertain, in its
    // order, and the engine's own error: a field's path, group and floor are written once.
    void inputsAreTheUncertainRowsOfTheFieldTable()
    {
        std::size_t count = 0;
        const FieldLimit *limits = fieldLimits(&count);
        std::vector<std::string> fromTable;
        for (std::size_t i = 0; i < count; ++i) {
            const FieldLimit &l = limits[i];
            const InputInfo *in = findInput(l.path);
            QCOMPARE(in != nullptr, l.uncertainty.uncertain);
            if (!in)
                continue;
            fromTable.push_back(l.path);
            QCOMPARE(in->group, l.uncertainty.group);
            QCOMPARE(in->floor, l.uncertainty.floor);
            QCOMPARE(in->covered_by_engine_error, l.uncertainty.step_term);
            QVERIFY2(!in->given_only, l.path);
            // get and set reach the same member.
            Plan p = defaultScenario().plan;
            in->set(p, 0.5 * (l.min + std::min(l.max, 2 * l.min + 1)));
            QCOMPARE(*l.get(p), *in->get(p));
        }
        const PlanInputs all = defaultInputs();
        std::vector<std::string> order;
        for (const InputRange &r : all.inputs)
            if (findFieldLimit(r.info->path))
                order.push_back(r.info->path);
        QVERIFY(std::is_sorted(order.begin(), order.end(), [&](const std::string &a, const std::string &b) {
            return findFieldLimit(a) < findFieldLimit(b); // the table's order
        }));
        // The groups the inputs were drawn in before the table held them (a changed group changes
        // every range): the efficiencies move together, and so do the overlaps.
        for (const char *path : {"gpu.compute_efficiency", "gpu.fp8_efficiency", "gpu.attention_efficiency",
                                 "training.compute_efficiency"})
            QCOMPARE(findInput(path)->group, Group::GpuEfficiency);
        for (const char *path : {"training.ep_overlap", "training.dp_overlap", "training.tp_overlap"})
            QCOMPARE(findInput(path)->group, Group::Overlap);
        QCOMPARE(findInput("economics.usd_per_gpu_hour")->floor, 0.001);
        QVERIFY(!findInput("economics.utilisation"));
        QCOMPARE(fromTable.size(), std::size_t(29));
        const InputInfo *error = findInput("engine.step_time_error");
        QVERIFY(error && error->given_only && !findFieldLimit(error->path));
    }

    // One row per metric: its id, its place, its JSON key; the ranged metrics by id.
    void metricRegistryIsOneTable()
    {
        QCOMPARE(metrics().size(), kMetricIdCount);
        std::set<std::string> keys;
        for (std::size_t i = 0; i < kMetricIdCount; ++i) {
            const auto id = static_cast<MetricId>(i);
            QCOMPARE(std::size_t(metricInfo(id).id), i);
            QVERIFY2(keys.insert(metricKey(id)).second, metricKey(id)); // unique keys
            QCOMPARE(findMetric(QLatin1String(metricKey(id))), &metrics()[i]);
        }
        QVERIFY(!findMetric(QStringLiteral("no_such_metric")));
        Result r;
        r.tco_usd = 7;
        r.micro_batches = 3;
        QCOMPARE(metricValue(r, MetricId::Tco), 7.0);
        QCOMPARE(metricValue(r, MetricId::MicroBatches), 3.0);
        QCOMPARE(QLatin1String(metricKey(Metric::CostPerBillionTokens)), QLatin1String("cost_per_billion_tokens_usd"));
        for (std::size_t m = 0; m < kMetricCount; ++m)
            QCOMPARE(rangeIndex(kMetrics[m]), m);
        QCOMPARE(rangeIndex(MetricId::Params), kMetricCount); // no range
        Summary s;
        s.metric[rangeIndex(Metric::Tco)].p50 = 42;
        QCOMPARE(s.of(Metric::Tco).p50, 42.0);
    }

    void collapsedRangesGiveThePointEstimate()
    {
        const PlanInputs in = collapsed(defaultInputs());
        const Summary s = monteCarlo(in, Options{300, 5, 1});
        QCOMPARE(s.invalid, 0);
        const Result point = evaluateValid(in.plan);
        for (std::size_t m = 0; m < kMetricCount; ++m) {
            const double v = metricValue(point, kMetrics[m]);
            QCOMPARE(s.metric[m].p10, v);
            QCOMPARE(s.metric[m].p50, v);
            QCOMPARE(s.metric[m].p90, v);
        }
        QVERIFY(tornado(in, Metric::CostPerBillionTokens).empty());
    }

    // One uniform input (usd_per_kwh) into a linear metric (TCO of the run: capex share + energy
    // x price, the run's length unchanged); every other range collapsed.
    void analyticUniformInput_data()
    {
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("high");
        QTest::addColumn<int>("samples");
        QTest::newRow("symmetric, uniform") << 0.075 << 0.10 << 0.125 << 2000;
        QTest::newRow("asymmetric, half each side") << 0.09 << 0.10 << 0.13 << 2000;
        QTest::newRow("few samples") << 0.05 << 0.10 << 0.15 << 50;
    }
    void analyticUniformInput()
    {
        QFETCH(double, low);
        QFETCH(double, value);
        QFETCH(double, high);
        QFETCH(int, samples);
        PlanInputs in = collapsed(defaultInputs());
        in.plan.economics.usd_per_kwh = value;
        InputRange &r = inputOf(in, "economics.usd_per_kwh");
        r.value = value;
        r.low = low;
        r.high = high;
        // The metric's line, from two evaluations; check that it is one.
        Plan p = in.plan;
        auto tco = [&](double x) {
            p.economics.usd_per_kwh = x;
            return evaluateValid(p).tco_usd;
        };
        const double a = tco(0), b = tco(1) - a;
        QVERIFY(b > 0);
        QVERIFY(test::near(tco(0.5 * (low + high)), a + b * 0.5 * (low + high), 1e-12));
        // The input's closed-form quantile: half the probability uniform on each side of the value.
        auto x = [&](double q) { return q < 0.5 ? low + (value - low) * 2 * q : value + (high - value) * (2 * q - 1); };
        const Summary s = monteCarlo(in, Options{samples, 11, 1});
        const std::size_t m = std::size_t(std::find(std::begin(kMetrics), std::end(kMetrics), Metric::Tco) - std::begin(kMetrics));
        const double got[] = {s.metric[m].p10, s.metric[m].p50, s.metric[m].p90};
        const double qs[] = {0.1, 0.5, 0.9};
        for (int i = 0; i < 3; ++i) {
            const double want = a + b * x(qs[i]);
            // Sampling error: three standard errors of a plain Monte Carlo quantile, in the input's
            // units through its steeper side; the Latin hypercube must do better than 2/N of the
            // probability (one sample per stratum).
            const double slope = 2 * std::max(value - low, high - value);
            const double mcTol = 3 * quantileError(qs[i], samples) * slope * b;
            const double lhsTol = 2.0 / samples * slope * b;
            QVERIFY2(std::abs(got[i] - want) <= mcTol, qPrintable(QStringLiteral("q%1: %2 vs %3").arg(qs[i]).arg(got[i], 0, 'g', 12).arg(want, 0, 'g', 12)));
            QVERIFY2(std::abs(got[i] - want) <= lhsTol, qPrintable(QStringLiteral("q%1: %2 vs %3 (LHS bound %4)").arg(qs[i]).arg(got[i], 0, 'g', 12).arg(want, 0, 'g', 12).arg(lhsTol)));
        }
    }

    void latinColumnIsStratified()
    {
        const int n = 1000;
        std::vector<double> u = latinColumn(42, "economics.usd_per_kwh", n);
        std::vector<int> hits(n, 0);
        for (double v : u) {
            QVERIFY(v >= 0 && v < 1);
            ++hits[std::size_t(v * n)];
        }
        QVERIFY(std::all_of(hits.begin(), hits.end(), [](int h) { return h == 1; }));
        QVERIFY(u != latinColumn(43, "economics.usd_per_kwh", n));
        QVERIFY(u != latinColumn(42, "economics.pue", n));
        QCOMPARE(u, latinColumn(42, "economics.usd_per_kwh", n));
        // A fixed generator, not the standard library's distributions: the first output of
        // splitmix64 from state 0 is its published reference value.
        SplitMix64 g{0};
        QCOMPARE(g.next(), 0xe220a8397b1dcdafULL);
    }

    // The next draw's quantiles (predictivePercentile): by hand, values 1, 2, 3 with weights 1, 1, 2
    // and a next draw of 1 sit at 1/5, 2/5 and 4/5; the P10 holds at 1, the P30 is 1.5, the P60 2.5.
    // And the property it is for: between the P10 and the P90 of k = 10 uniform draws a next draw
    // falls 80% of the time on average (order statistics: (9.9 - 1.1) / 11), where the sample's own
    // P10-P90 (definition 7) holds it (9.1 - 1.9) / 11 = 65.5% of the time.
    void predictivePercentileHoldsTheNextDraw()
    {
        const std::vector<std::pair<double, double>> w = {{1, 1}, {2, 1}, {3, 2}};
        QCOMPARE(predictivePercentile(w, 0.1, 1.0), 1.0);
        QVERIFY(std::abs(predictivePercentile(w, 0.3, 1.0) - 1.5) < 1e-12);
        QVERIFY(std::abs(predictivePercentile(w, 0.6, 1.0) - 2.5) < 1e-12);
        QCOMPARE(predictivePercentile(w, 0.9, 1.0), 3.0);
        QCOMPARE(predictivePercentile({{7, 3}}, 0.3, 1.0), 7.0);
        QCOMPARE(predictivePercentile({}, 0.3, 1.0), 0.0);
        SplitMix64 rng{42};
        const int trials = 40000, k = 10;
        double predictive = 0, sample = 0;
        std::vector<double> v(k);
        std::vector<std::pair<double, double>> pairs(k);
        for (int t = 0; t < trials; ++t) {
            for (double &x : v)
                x = rng.uniform();
            std::sort(v.begin(), v.end());
            for (int i = 0; i < k; ++i)
                pairs[std::size_t(i)] = {v[std::size_t(i)], 1.0};
            // A uniform draw falls in [a, b] with probability b - a.
            predictive += predictivePercentile(pairs, 0.9, 1.0) - predictivePercentile(pairs, 0.1, 1.0);
            sample += percentile(v, 0.9) - percentile(v, 0.1);
        }
        QVERIFY2(std::abs(predictive / trials - 0.8) < 0.005, qPrintable(QString::number(predictive / trials)));
        QVERIFY2(std::abs(sample / trials - 7.2 / 11) < 0.005, qPrintable(QString::number(sample / trials)));
    }

    // Weighted percentiles: equal weights give percentile() (numpy's type 7) exactly; unequal ones
    // move each value to the middle of its share of the weight (worked by hand below).
    void weightedPercentileOfEqualAndUnequalWeights()
    {
        const std::vector<double> v = {0.8, 0.95, 1.0, 1.1, 1.1, 1.3, 1.7};
        std::vector<std::pair<double, double>> equal;
        for (double x : v)
            equal.push_back({x, 0.25});
        for (double q : {0.0, 0.1, 0.25, 0.5, 0.62, 0.75, 0.9, 1.0})
            QVERIFY2(std::abs(weightedPercentile(equal, q) - percentile(v, q)) < 1e-12, qPrintable(QString::number(q)));
        // Values 1, 2, 3 with weights 1, 1, 2: total 4; the middles 0.5, 1.5, 3 less the first half
        // weight (0.5) over 4 - 0.5 - 1 = 2.5 sit at 0, 0.4 and 1.
        const std::vector<std::pair<double, double>> w = {{1, 1}, {2, 1}, {3, 2}};
        QCOMPARE(weightedPercentile(w, 0.0), 1.0);
        QVERIFY(std::abs(weightedPercentile(w, 0.2) - 1.5) < 1e-12);
        QVERIFY(std::abs(weightedPercentile(w, 0.4) - 2.0) < 1e-12);
        QVERIFY(std::abs(weightedPercentile(w, 0.5) - (2.0 + 0.1 / 0.6)) < 1e-12);
        QCOMPARE(weightedPercentile(w, 1.0), 3.0);
        QCOMPARE(weightedPercentile({{7, 3}}, 0.3), 7.0);
        QCOMPARE(weightedPercentile({}, 0.3), 0.0);
    }

    void sameSeedSameNumbersOnEveryThreadCount()
    {
        const PlanInputs in = defaultInputs();
        const Summary ref = monteCarlo(in, Options{1500, 2024, 1});
        QCOMPARE(ref.invalid, 0);
        for (int threads : {1, 2, 3, 7, 0}) {
            const Summary s = monteCarlo(in, Options{1500, 2024, threads});
            for (std::size_t m = 0; m < kMetricCount; ++m) {
                QCOMPARE(s.metric[m].p10, ref.metric[m].p10);
                QCOMPARE(s.metric[m].p50, ref.metric[m].p50);
                QCOMPARE(s.metric[m].p90, ref.metric[m].p90);
            }
        }
        const Summary other = monteCarlo(in, Options{1500, 2025, 1});
        bool differs = false;
        for (std::size_t m = 0; m < kMetricCount; ++m)
            differs = differs || other.metric[m].p10 != ref.metric[m].p10;
        QVERIFY(differs);
        // Ranges are real: the percentiles spread and bracket the point estimate's neighbourhood.
        for (std::size_t m = 0; m < kMetricCount; ++m) {
            QVERIFY(ref.metric[m].p10 < ref.metric[m].p50 && ref.metric[m].p50 < ref.metric[m].p90);
            const double v = metricValue(ref.point, kMetrics[m]);
            QVERIFY2(v > ref.metric[m].p10 && v < ref.metric[m].p90, metricKey(kMetrics[m]));
        }
    }

    void tornadoMatchesOneAtATime_data()
    {
        QTest::addColumn<int>("metric");
        QTest::newRow("cost") << int(Metric::CostPerBillionTokens);
        QTest::newRow("days") << int(Metric::DaysToTrain);
    }
    void tornadoMatchesOneAtATime()
    {
        QFETCH(int, metric);
        const Metric m = Metric(metric);
        const PlanInputs in = defaultInputs();
        struct Bar {
            std::string input;
            double low, high, swing;
        };
        std::vector<Bar> want;
        for (const InputRange &r : in.inputs) {
            if (!(r.low < r.high))
                continue;
            Plan lo = in.plan, hi = in.plan;
            setByRegistry(lo, r.info->path, r.low);
            setByRegistry(hi, r.info->path, r.high);
            const double a = metricValue(evaluateValid(lo), m), b = metricValue(evaluateValid(hi), m);
            if (a != b)
                want.push_back({r.info->path, a, b, std::abs(b - a)});
        }
        std::sort(want.begin(), want.end(), [](const Bar &x, const Bar &y) { return x.swing != y.swing ? x.swing > y.swing : x.input < y.input; });
        const std::vector<TornadoBar> got = tornado(in, m);
        QCOMPARE(got.size(), want.size());
        QVERIFY(got.size() >= 5);
        for (std::size_t i = 0; i < got.size(); ++i) {
            QCOMPARE(got[i].input, want[i].input);
            QCOMPARE(got[i].low, want[i].low);
            QCOMPARE(got[i].high, want[i].high);
            QCOMPARE(got[i].swing, want[i].swing);
            if (i > 0)
                QVERIFY(got[i - 1].swing >= got[i].swing);
        }
    }

    // The finance inputs a plan sets (residual value, cost of capital) are sampled like the others:
    // an assumption's +-25% moves the cost, and a higher cost of capital costs more. At their
    // default 0 they have no range, so the default plan's figures do not move.
    void financeInputsAreSampled()
    {
        Plan p = defaultScenario().plan;
        setByRegistry(p, "economics.cost_of_capital", 0.08);
        setByRegistry(p, "economics.residual_fraction", 0.2);
        PlanInputs in = planInputs(p, {});
        const InputRange &rate = inputOf(in, "economics.cost_of_capital");
        QCOMPARE(rate.low, 0.08 * 0.75);
        QCOMPARE(rate.high, 0.08 * 1.25);
        const std::vector<TornadoBar> bars = tornado(in, Metric::CostPerBillionTokens);
        const auto bar = std::find_if(bars.begin(), bars.end(), [](const TornadoBar &b) { return b.input == "economics.cost_of_capital"; });
        QVERIFY(bar != bars.end());
        QVERIFY(bar->high > bar->low);
        QVERIFY(std::any_of(bars.begin(), bars.end(), [](const TornadoBar &b) { return b.input == "economics.residual_fraction"; }));
        PlanInputs d = defaultInputs();
        QCOMPARE(inputOf(d, "economics.cost_of_capital").low, inputOf(d, "economics.cost_of_capital").high);
    }

    // Two plans alike except the GPU price: plan 0 at 0.9 c (certain), plan 1 at c in [0.8 c, 1.2 c].
    // Every other input is shared, so plan 1 is the cheaper exactly when its price is below 0.9 c:
    // probability 0.25. Unshared draws would blur that.
    void winOddsShareInputs()
    {
        PlanInputs a = defaultInputs(), b = defaultInputs();
        const double c = b.plan.gpu.price_usd;
        a.plan.gpu.price_usd = 0.9 * c;
        InputRange &pa = inputOf(a, "gpu.price_usd");
        pa.value = pa.low = pa.high = 0.9 * c;
        InputRange &pb = inputOf(b, "gpu.price_usd");
        pb.low = 0.8 * c;
        pb.high = 1.2 * c;
        const int n = 2000;
        const WinOdds w = winOdds({a, b}, Options{n, 9, 2});
        QCOMPARE(w.samples, n);
        QVERIFY2(std::abs(w.cheapest[1] - 0.25) <= 2.0 / n, qPrintable(QString::number(w.cheapest[1])));
        QCOMPARE(w.cheapest[0] + w.cheapest[1], 1.0);
        // Days to train do not depend on the price: every sample is a tie, split evenly.
        QCOMPARE(w.fastest[0], 0.5);
        QCOMPARE(w.fastest[1], 0.5);
        // The same with every thread count.
        const WinOdds w1 = winOdds({a, b}, Options{n, 9, 1});
        QCOMPARE(w1.cheapest, w.cheapest);
        // Identical plans tie on everything.
        const WinOdds same = winOdds({b, b}, Options{500, 3, 1});
        QCOMPARE(same.cheapest[0], 0.5);
    }

    void breakEvenOfAnInput()
    {
        PlanInputs a = defaultInputs(), b = defaultInputs();
        const double c = b.plan.gpu.price_usd;
        a.plan.gpu.price_usd = 0.9 * c;
        InputRange &pa = inputOf(a, "gpu.price_usd");
        pa.value = pa.low = pa.high = 0.9 * c;
        const std::vector<BreakEven> all = breakEvens({a, b});
        const auto it = std::find_if(all.begin(), all.end(), [](const BreakEven &e) { return e.input == "gpu.price_usd"; });
        QVERIFY(it != all.end());
        QCOMPARE(it->plan, 1);
        QCOMPARE(it->against, 0);
        QCOMPARE(it->owner, 1);
        QVERIFY(!it->shared);
        QVERIFY_NEAR(it->break_even, 0.9 * c, 1e-9);
        QVERIFY(!it->plan_cheaper_above); // plan 1 is the cheaper one when its GPUs cost less
        QVERIFY(it->within_range);
        // Shared inputs move both plans alike and never break even here.
        QVERIFY(std::none_of(all.begin(), all.end(), [](const BreakEven &e) { return e.shared; }));
        // Checked by evaluation: at the break-even the two cost the same.
        Plan pb = b.plan;
        pb.gpu.price_usd = it->break_even;
        QVERIFY_NEAR(evaluateValid(pb).cost_per_billion_tokens_usd, evaluateValid(a.plan).cost_per_billion_tokens_usd, 1e-9);
    }

    void scenarioRangesAndKinds()
    {
        const QByteArray json = R"({"format": "commtax-scenario", "version": 1,
  "model": {"preset": "llama2-70b"},
  "gpu": {"preset": "h100-sxm", "compute_efficiency": {"value": 0.6, "kind": "assumption", "range": [0.45, 0.7]},
          "watts": {"value": 700, "kind": "measured"}},
  "cluster": {"preset": "dgx-h100", "nodes": 32},
  "training": {"tp": 8, "pp": 4, "dp_overlap": 0.7},
  "economics": {"usd_per_kwh": 0.12}
})";
        QTemporaryDir dir;
        const QString file = test::writeFile(dir.filePath(QStringLiteral("s.json")), json);
        Scenario s;
        QList<LoadError> errors;
        QVERIFY(loadAndValidateScenario(file, PresetCatalog::builtIn(), s, errors));
        PlanInputs in;
        LoadError e;
        QVERIFY(scenarioPlanInputs(file, s, PresetCatalog::builtIn(), in, &e));
        const InputRange &ce = inputOf(in, "gpu.compute_efficiency");
        QCOMPARE(ce.value, 0.6);
        QCOMPARE(ce.low, 0.45);
        QCOMPARE(ce.high, 0.7);
        QVERIFY(ce.given);
        QCOMPARE(inputOf(in, "gpu.watts").kind, Kind::Measured);
        QCOMPARE(inputOf(in, "gpu.watts").high, 700 * 1.1);
        QCOMPARE(inputOf(in, "gpu.price_usd").kind, Kind::Assumption); // the preset's provenance
        QCOMPARE(inputOf(in, "gpu.memory_bw_gbps").kind, Kind::Datasheet);
        QCOMPARE(inputOf(in, "economics.usd_per_kwh").kind, Kind::User); // a plain number in the file
        QVERIFY_NEAR(inputOf(in, "economics.usd_per_kwh").low, 0.12 * 0.9, 1e-12);
        QCOMPARE(inputOf(in, "economics.pue").kind, Kind::Assumption); // left out: the format's default
        QCOMPARE(inputOf(in, "training.dp_overlap").kind, Kind::User);
    }

    // The editor's plan has no file: kinds from the presets and the defaults, "user" once edited.
    void notesOfAPlanWithoutItsFile()
    {
        Scenario s = defaultScenario();
        auto kind = [&](const char *path) {
            const PlanInputs in = planInputs(s.plan, scenarioNotes(s, PresetCatalog::builtIn()));
            for (const InputRange &r : in.inputs)
                if (std::string_view(r.info->path) == path)
                    return r.kind;
            qFatal("no input %s", path);
        };
        QCOMPARE(kind("gpu.price_usd"), Kind::Assumption);
        QCOMPARE(kind("gpu.memory_bw_gbps"), Kind::Datasheet);
        QCOMPARE(kind("economics.usd_per_kwh"), Kind::Assumption);
        s.plan.gpu.price_usd = 31000;
        s.plan.economics.usd_per_kwh = 0.2;
        QCOMPARE(kind("gpu.price_usd"), Kind::User);
        QCOMPARE(kind("economics.usd_per_kwh"), Kind::User);
        QCOMPARE(kind("gpu.memory_bw_gbps"), Kind::Datasheet);
    }

    void badRangesAreErrorsWithPositions_data()
    {
        QTest::addColumn<QByteArray>("field");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("words");
        QTest::newRow("outside the value") << QByteArray(R"("compute_efficiency": {"value": 0.6, "range": [0.65, 0.7]})") << "gpu.compute_efficiency.range"
                                           << "must contain the value";
        QTest::newRow("low above high") << QByteArray(R"("compute_efficiency": {"value": 0.6, "range": [0.7, 0.5]})") << "gpu.compute_efficiency.range"
                                        << "above its high end";
        QTest::newRow("beyond the limits") << QByteArray(R"("compute_efficiency": {"value": 0.6, "range": [0.5, 1.2]})") << "gpu.compute_efficiency.range"
                                           << "within the field's limits";
        QTest::newRow("not a pair") << QByteArray(R"("compute_efficiency": {"value": 0.6, "range": [0.5]})") << "gpu.compute_efficiency.range"
                                    << "two numbers";
        QTest::newRow("not numbers") << QByteArray(R"("compute_efficiency": {"value": 0.6, "range": ["a", 1]})") << "gpu.compute_efficiency.range"
                                     << "two numbers";
        QTest::newRow("a whole number") << QByteArray(R"("memory_gb": {"value": 80, "range": [70, 90]})") << "gpu.memory_gb.range"
                                        << "takes no range";
        QTest::newRow("0 means BF16") << QByteArray(R"("fp8_efficiency": {"value": 0.5, "range": [0, 0.6]})") << "gpu.fp8_efficiency.range"
                                      << "own meaning";
        QTest::newRow("bad kind") << QByteArray(R"("watts": {"value": 700, "kind": "guess"})") << "gpu.watts.kind"
                                  << "expected datasheet";
    }
    void badRangesAreErrorsWithPositions()
    {
        QFETCH(QByteArray, field);
        QFETCH(QString, path);
        QFETCH(QString, words);
        const QByteArray json = "{\"format\": \"commtax-scenario\", \"version\": 1,\n"
                                "  \"model\": {\"preset\": \"llama2-70b\"},\n"
                                "  \"gpu\": {\"preset\": \"h100-sxm\",\n    "
            + field + "},\n  \"cluster\": {\"preset\": \"dgx-h100\", \"nodes\": 32},\n  \"training\": {\"tp\": 8, \"pp\": 4}\n}\n";
        Scenario s;
        QList<LoadError> errors;
        QVERIFY(!parseScenario(json, QStringLiteral("f.json"), PresetCatalog::builtIn(), s, errors));
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors[0].path, path);
        QVERIFY2(errors[0].message.contains(words), qPrintable(errors[0].message));
        QCOMPARE(errors[0].line, 4);
        QVERIFY(errors[0].column > 5);
    }

    void commandLine()
    {
        const QString file = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-70b-h100.json");
        const test::Run r = test::runCommtax({QStringLiteral("evaluate"), file, QStringLiteral("--uncertainty"), QStringLiteral("--samples"), QStringLiteral("500"), QStringLiteral("--seed=7"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonObject u = o.value(QStringLiteral("uncertainty")).toObject();
        QCOMPARE(u.value(QStringLiteral("samples")).toInt(), 500);
        QCOMPARE(u.value(QStringLiteral("seed")).toInt(), 7);
        for (const char *key : {"step_time_s", "days_to_train", "tco_usd", "cost_per_billion_tokens_usd", "comm_tax_exposed", "mfu"}) {
            const QJsonObject p = u.value(QLatin1String(key)).toObject();
            QVERIFY2(p.contains(QStringLiteral("p10")) && p.contains(QStringLiteral("p50")) && p.contains(QStringLiteral("p90")), key);
            QVERIFY(p.value(QStringLiteral("p10")).toDouble() <= p.value(QStringLiteral("p50")).toDouble());
            QVERIFY(p.value(QStringLiteral("p50")).toDouble() <= p.value(QStringLiteral("p90")).toDouble());
        }
        // The same numbers as the library's, for the same seed.
        Scenario s;
        QList<LoadError> errors;
        QVERIFY(loadAndValidateScenario(file, PresetCatalog::builtIn(), s, errors));
        PlanInputs in;
        LoadError e;
        QVERIFY(scenarioPlanInputs(file, s, PresetCatalog::builtIn(), in, &e));
        const Summary sum = monteCarlo(in, Options{500, 7, 1});
        QCOMPARE(u.value(QStringLiteral("mfu")).toObject().value(QStringLiteral("p90")).toDouble(), sum.metric[5].p90);
        const QJsonArray sens = o.value(QStringLiteral("sensitivity")).toArray();
        QVERIFY(sens.size() >= 10);
        double last = INFINITY;
        QString metric;
        for (const QJsonValue &v : sens) {
            const QJsonObject b = v.toObject();
            for (const char *key : {"input", "low", "high", "metric", "swing"})
                QVERIFY2(b.contains(QLatin1String(key)), key);
            if (b.value(QStringLiteral("metric")).toString() != metric) {
                metric = b.value(QStringLiteral("metric")).toString();
                last = INFINITY;
            }
            QVERIFY(b.value(QStringLiteral("swing")).toDouble() <= last);
            last = b.value(QStringLiteral("swing")).toDouble();
        }
        QCOMPARE(sens.first().toObject().value(QStringLiteral("metric")).toString(), QStringLiteral("cost_per_billion_tokens_usd"));
        // The price and the engine's own error are among the inputs that move the cost.
        QStringList costInputs;
        for (const QJsonValue &v : sens)
            if (v.toObject().value(QStringLiteral("metric")).toString() == QLatin1String("cost_per_billion_tokens_usd"))
                costInputs << v.toObject().value(QStringLiteral("input")).toString();
        QVERIFY(costInputs.mid(0, 4).contains(QStringLiteral("gpu.price_usd")));
        QVERIFY(costInputs.mid(0, 4).contains(QStringLiteral("engine.step_time_error")));

        const test::Run text = test::runCommtax({QStringLiteral("evaluate"), file, QStringLiteral("--uncertainty")});
        QCOMPARE(text.code, 0);
        QVERIFY(text.out.contains("P10") && text.out.contains("gpu.price_usd") && text.out.contains("2000 samples"));
        // Usage errors: 2.
        QCOMPARE(test::runCommtax({QStringLiteral("evaluate"), file, QStringLiteral("--samples"), QStringLiteral("10")}).code, 2);
        QCOMPARE(test::runCommtax({QStringLiteral("evaluate"), file, QStringLiteral("--uncertainty"), QStringLiteral("--samples"), QStringLiteral("0")}).code, 2);
        QCOMPARE(test::runCommtax({QStringLiteral("evaluate"), file, QStringLiteral("--uncertainty"), QStringLiteral("--seed"), QStringLiteral("-1")}).code, 2);
        // Without --uncertainty the JSON has no such keys.
        const test::Run plain = test::runCommtax({QStringLiteral("evaluate"), file, QStringLiteral("--json")});
        QVERIFY(!QJsonDocument::fromJson(plain.out).object().contains(QStringLiteral("uncertainty")));
        // A bad range: 1, with the position.
        QTemporaryDir dir;
        const QString bad = test::writeFile(dir.filePath(QStringLiteral("bad.json")),
                                            R"({"format": "commtax-scenario", "version": 1, "model": {"preset": "llama2-70b"},
"gpu": {"preset": "h100-sxm", "price_usd": {"value": 25000, "range": [30000, 40000]}},
"cluster": {"preset": "dgx-h100", "nodes": 32}, "training": {"tp": 8, "pp": 4}})");
        const test::Run br = test::runCommtax({QStringLiteral("evaluate"), bad, QStringLiteral("--uncertainty")});
        QCOMPARE(br.code, 1);
        QVERIFY2(br.err.contains("bad.json:2:") && br.err.contains("gpu.price_usd.range"), br.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestUncertainty)
#include "test_uncertainty.moc"
