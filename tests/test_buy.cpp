// SPDX-License-Identifier: GPL-3.0-or-later
// What to buy (model/search/buy.h, core/goals.h, `commtax search` with goals): the goals in the
// scenario format, the search over GPU x count x buy/rent x precision x layout against brute force,
// the layout families, and the question it exists for through the command line.
#include "core/goals.h"
#include "core/scenario.h"
#include "search/buy.h"
#include "search/convention.h"

#include "testsupport.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <tuple>

using namespace commtax;
using namespace commtax::test;

namespace {

const QString kQuestion = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/what-to-buy-llama2-70b.json");

QByteArray withGoals(const QByteArray &goals)
{
    return "{\"format\": \"commtax-scenario\", \"version\": 1,\n\"model\": {\"preset\": \"llama2-7b\"},\n"
           "\"gpu\": {\"preset\": \"h100-sxm\"},\n\"cluster\": {\"preset\": \"dgx-h100\", \"nodes\": 1},\n"
           "\"training\": {\"tp\": 8, \"pp\": 1, \"dp\": 1},\n\"goals\": "
        + goals + "}\n";
}

// A small job whose whole layout space brute force can evaluate: Llama 2 7B cut to 4 layers, a global
// batch of 8 sequences.
Plan smallJob()
{
    Plan p = defaultScenario().plan;
    const std::optional<Preset> m = PresetCatalog::builtIn().find(Section::Model, QStringLiteral("llama2-7b"));
    m->applyTo(p);
    p.model.layers = 4;
    p.training.global_batch = 8;
    p.training.tokens_to_train = 1e10;
    return p;
}

search::buy::Gpu gpuOf(const QString &id)
{
    const PresetCatalog &cat = PresetCatalog::builtIn();
    const std::optional<Preset> g = cat.find(Section::Gpu, id);
    const std::optional<Preset> c = cat.find(Section::Cluster, g->defaultCluster());
    Plan plan;
    g->applyTo(plan);
    c->applyTo(plan);
    return search::buy::Gpu{id.toStdString(), Hardware{plan.gpu, plan.cluster}, 0, true};
}

// The fastest layout of a plan's GPUs by brute force: every candidate the search's pre-check
// accepts, evaluated (the search proves the pre-check equal to validate(), tests/test_search.cpp),
// that fits, optionally of one family only. Infinity when none fits.
double bruteForceStep(const Plan &plan, int family = -1)
{
    search::Space sp;
    sp.base = plan;
    sp.gpu_counts = {plan.cluster.nodes * plan.cluster.gpus_per_node};
    double best = std::numeric_limits<double>::infinity();
    search::forEachCandidate(sp, [&](const search::Candidate &c) {
        if (!c.accepted || (family >= 0 && search::buy::familyOf(c.layout) != unsigned(family)))
            return;
        const Evaluation ev = evaluate(c.plan);
        if (ev.ok() && ev.result.fits_in_memory && search::finiteFigures(ev.result))
            best = std::min(best, ev.result.step_time_s);
    });
    return best;
}

} // namespace

class TestBuy : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void goalsRoundTrip()
    {
        Scenario s;
        QList<LoadError> errors;
        QVERIFY(loadScenarioFile(kQuestion, PresetCatalog::builtIn(), s, errors));
        QVERIFY(s.goals);
        QCOMPARE(s.goals->deadlineDays, 60.0);
        QCOMPARE(s.goals->listed.size(), 4);
        QCOMPARE(s.goals->listed[2].rent, true);
        QCOMPARE(s.goals->listed[2].rentUsdPerGpuHour, 2.5);
        QCOMPARE(s.goals->gpuCounts, (QList<int>{256, 512, 1024}));
        Scenario back;
        QVERIFY(
            parseScenario(serializeScenario(s), QStringLiteral("back.json"), PresetCatalog::builtIn(), back, errors));
        QVERIFY(back.goals);
        QVERIFY(*back.goals == *s.goals);
    }

    void badGoalsNamePlace_data()
    {
        QTest::addColumn<QByteArray>("goals");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        QTest::newRow("deadline below 0") << QByteArray("{\"deadline_days\": -3}") << "goals.deadline_days"
                                          << "expected a number from 0 to 36500 days";
        QTest::newRow("deadline text") << QByteArray("{\"deadline_days\": \"soon\"}") << "goals.deadline_days"
                                       << "expected a number, not a string";
        QTest::newRow("unknown gpu") << QByteArray("{\"gpus\": [\"h100-sxm\", \"h999\"]}") << "goals.gpus[1]"
                                     << "unknown gpu preset \"h999\"";
        QTest::newRow("gpu twice") << QByteArray("{\"gpus\": [\"h100-sxm\", \"h100-sxm\"]}") << "goals.gpus[1]"
                                   << "listed twice";
        QTest::newRow("empty modes") << QByteArray("{\"modes\": []}") << "goals.modes"
                                     << "expected a list of 1 to 2 entries";
        QTest::newRow("bad precision") << QByteArray("{\"precisions\": [\"fp4\"]}") << "goals.precisions[0]"
                                       << "expected one of bf16, fp8";
        QTest::newRow("empty budget") << QByteArray("{\"budget\": {}}") << "goals.budget"
                                      << "a budget needs capex_usd";
        QTest::newRow("huge budget") << QByteArray("{\"budget\": {\"capex_usd\": 1e20}}") << "goals.budget.capex_usd"
                                     << "expected a number from 0 to";
        QTest::newRow("pue") << QByteArray("{\"pue\": 9}") << "goals.pue"
                             << "expected a number from 1 to 3";
        QTest::newRow("nodes") << QByteArray("{\"nodes_min\": 8, \"nodes_max\": 4}") << "goals.nodes_max"
                               << "4 is below nodes_min 8";
        QTest::newRow("count") << QByteArray("{\"gpu_counts\": [8, 2.5]}") << "goals.gpu_counts[1]"
                               << "expected a whole number (got 2.5)";
        QTest::newRow("unknown key") << QByteArray("{\"deadline\": 60}") << "goals.deadline"
                                     << "unknown field; goals fields are";
        QTest::newRow("framework") << QByteArray("{\"framework\": \"jax\"}") << "goals.framework"
                                   << "expected one of any, megatron";
        QTest::newRow("listed gpus") << QByteArray("{\"listed\": [{\"gpu\": \"h100-sxm\"}]}") << "goals.listed[0]"
                                     << "an option needs \"gpus\"";
        QTest::newRow("not object") << QByteArray("[60]") << "goals"
                                    << "expected an object, not an array";
    }
    void badGoalsNamePlace()
    {
        QFETCH(QByteArray, goals);
        QFETCH(QString, path);
        QFETCH(QString, message);
        const QString file = writeFile(m_dir, QStringLiteral("bad.json"), withGoals(goals));
        const Run r = runCommtax({QStringLiteral("search"), file});
        QCOMPARE(r.code, 1);
        // FILE:LINE:COLUMN: path: message; the goals sit on line 6.
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.contains(QStringLiteral("bad.json:6:")), qPrintable(err));
        QVERIFY2(err.contains(path + QStringLiteral(": ")), qPrintable(err));
        QVERIFY2(err.contains(message), qPrintable(err));
    }

    // The best option of every context equals brute force over the whole layout space.
    void searchEqualsBruteForce()
    {
        search::buy::Question q;
        q.base = smallJob();
        q.gpus = {gpuOf(QStringLiteral("h100-sxm")), gpuOf(QStringLiteral("a100-sxm-80gb")),
                  gpuOf(QStringLiteral("rtx-4090"))};
        q.gpu_counts = {8, 16};
        q.shortlist = 1000;
        q.samples = 20;
        q.threads = 2;
        const search::buy::Answer a = search::buy::answer(q);
        // h100 and rtx-4090 in both precisions, a100 in BF16 only; two counts; buy and rent.
        QCOMPARE(a.contexts, 10);
        QCOMPARE(int(a.options.size()), a.meeting); // no limits: every option meets them
        QCOMPARE(a.meeting, 20);
        std::set<std::tuple<int, int, bool, bool>> seen;
        double bestCost = std::numeric_limits<double>::infinity();
        for (const search::buy::Option &o : a.options) {
            QVERIFY(seen.insert({o.gpu, o.gpus, o.rent, o.fp8}).second);
            const double brute = bruteForceStep(o.plan);
            QVERIFY2(std::isfinite(brute), o.plan.gpu.id.c_str());
            QCOMPARE(o.result.step_time_s, brute);
            QCOMPARE(o.fp8, o.plan.training.precision == Precision::Fp8);
            bestCost = std::min(bestCost, o.result.cost_per_billion_tokens_usd);
            QVERIFY(o.ranged);
            QCOMPARE(o.p_meets_deadline, 1.0);
        }
        QCOMPARE(a.options.front().result.cost_per_billion_tokens_usd, bestCost);
        // The front: days ascending, cost strictly falling.
        for (size_t i = 1; i < a.pareto.size(); ++i) {
            QVERIFY(a.pareto[i].result.days_to_train >= a.pareto[i - 1].result.days_to_train);
            QVERIFY(a.pareto[i].result.cost_per_billion_tokens_usd
                    < a.pareto[i - 1].result.cost_per_billion_tokens_usd);
        }
    }

    // The layout search's branch and bound (Options::bound) changes nothing in the answer: the same
    // options, misses, front and listed options, in the same order, with the same layouts and step
    // times as the search that evaluates every layout; on a dense job (FP8 and BF16, context
    // parallelism among the candidates) and a mixture of experts (etp and ep), with a deadline that
    // some options miss. And it rules out a share of the layouts unevaluated.
    void boundedEqualsEveryLayout_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<bool>("deadline"); // the median option's days: half the options miss it
        QTest::newRow("llama2-7b") << QStringLiteral("llama2-7b") << false;
        QTest::newRow("llama2-7b deadline") << QStringLiteral("llama2-7b") << true;
        QTest::newRow("mixtral-8x7b deadline") << QStringLiteral("mixtral-8x7b") << true;
    }
    void boundedEqualsEveryLayout()
    {
        QFETCH(QString, model);
        QFETCH(bool, deadline);
        search::buy::Question q;
        q.base = smallJob();
        PresetCatalog::builtIn().find(Section::Model, model)->applyTo(q.base);
        q.base.model.layers = 4;
        q.gpus = {gpuOf(QStringLiteral("h100-sxm")), gpuOf(QStringLiteral("a100-sxm-80gb"))};
        q.gpu_counts = {8, 16, 32};
        q.listed = {search::buy::Listed{1, 8, false, false, 0}, search::buy::Listed{0, 16, true, true, 2.5}};
        q.shortlist = 1000;
        q.misses = 1000;
        q.samples = 5;
        q.threads = 2;
        if (deadline) {
            const search::buy::Answer all = search::buy::answer(q);
            QVERIFY(all.options.size() > 2);
            std::vector<double> days;
            for (const search::buy::Option &o : all.options)
                days.push_back(o.result.days_to_train);
            std::sort(days.begin(), days.end());
            q.limits.deadline_days = days[days.size() / 2];
        }
        const search::buy::Answer bounded = search::buy::answer(q);
        q.bound = false;
        const search::buy::Answer every = search::buy::answer(q);
        QCOMPARE(every.bounded, std::int64_t(0));
        QVERIFY2(bounded.bounded > 0, "the bound rules nothing out");
        QCOMPARE(bounded.searched, every.searched);
        QCOMPARE(bounded.option_count, every.option_count);
        QCOMPARE(bounded.meeting, every.meeting);
        QVERIFY(bounded.option_count > 0);
        auto same = [](const std::vector<search::buy::Option> &x, const std::vector<search::buy::Option> &y) {
            QCOMPARE(x.size(), y.size());
            for (size_t i = 0; i < x.size(); ++i) {
                QCOMPARE(std::make_tuple(x[i].gpu, x[i].gpus, x[i].rent, x[i].fp8),
                         std::make_tuple(y[i].gpu, y[i].gpus, y[i].rent, y[i].fp8));
                const TrainingSpec &a = x[i].plan.training, &b = y[i].plan.training;
                QCOMPARE(std::make_tuple(a.tp, a.pp, a.cp, a.etp, a.ep, a.vpp, a.dp, a.micro_batch, a.zero,
                                         int(a.recompute), a.sequence_parallel),
                         std::make_tuple(b.tp, b.pp, b.cp, b.etp, b.ep, b.vpp, b.dp, b.micro_batch, b.zero,
                                         int(b.recompute), b.sequence_parallel));
                QCOMPARE(x[i].result.step_time_s, y[i].result.step_time_s);
                QCOMPARE(x[i].fix, y[i].fix);
                QCOMPARE(x[i].fix_gpus, y[i].fix_gpus);
            }
        };
        same(bounded.options, every.options);
        same(bounded.closest_misses, every.closest_misses);
        same(bounded.pareto, every.pareto);
        same(bounded.listed, every.listed);
        if (deadline)
            QVERIFY(!bounded.closest_misses.empty() && !bounded.options.empty());
    }

    // Progress counts the contexts searched; a cancel stops the search and the answer says so.
    void progressAndCancel()
    {
        search::buy::Question q;
        q.base = smallJob();
        q.gpus = {gpuOf(QStringLiteral("h100-sxm")), gpuOf(QStringLiteral("a100-sxm-80gb"))};
        q.gpu_counts = {8, 16};
        q.samples = 10;
        q.threads = 2;
        std::atomic<std::int64_t> progress{0};
        std::atomic<bool> cancel{false};
        q.progress = &progress;
        q.cancel = &cancel;
        const search::buy::Answer a = search::buy::answer(q);
        QVERIFY(!a.cancelled);
        QCOMPARE(a.contexts, 6); // h100 in BF16 and FP8, a100 in BF16; two counts
        QCOMPARE(progress.load(), a.contexts);
        QVERIFY(!a.options.empty());
        progress = 0;
        cancel = true;
        const search::buy::Answer c = search::buy::answer(q);
        QVERIFY(c.cancelled);
        QCOMPARE(progress.load(), 0);
        QVERIFY(c.options.empty() && c.closest_misses.empty() && c.pareto.empty());
    }

    // One layout per family, each the fastest of its family by brute force, and no family twice.
    void familyShortlistDiffersInKind()
    {
        Plan p = smallJob();
        p.cluster.nodes = 2; // 16 H100
        const std::vector<search::buy::FamilyBest> list = search::buy::familyShortlist(p, -1);
        QVERIFY(list.size() >= 8);
        std::set<unsigned> families;
        for (const search::buy::FamilyBest &f : list) {
            QVERIFY2(families.insert(f.family).second, search::buy::familyName(f.family).c_str());
            QCOMPARE(search::buy::familyOf(f.plan.training), f.family);
            QCOMPARE(f.result.step_time_s, bruteForceStep(p, int(f.family)));
        }
        QCOMPARE(list.front().result.step_time_s, bruteForceStep(p));
        for (size_t i = 1; i < list.size(); ++i)
            QVERIFY(list[i].result.step_time_s >= list[i - 1].result.step_time_s);
    }

    // Convention (search/convention.h): NeMo's llama3_70b recipe shape (tp4 pp4 vpp5 cp2, the
    // distributed optimizer) and tp8 pp4 are conventional for Llama 2 70B; the exotic shape the
    // search once listed twenty times (tp1 pp4 cp4 vpp16 with ZeRO-2) is not, and carries what it
    // buys against the fastest conventional layout on the same 256 H100.
    void conventionalLayouts()
    {
        Scenario s;
        QList<LoadError> errors;
        QVERIFY(loadScenarioFile(kQuestion, PresetCatalog::builtIn(), s, errors));
        Plan p = s.plan; // 32 DGX H100: 256 GPUs
        QCOMPARE(QString::fromLatin1(search::nearestRecipe(p.model).name), QStringLiteral("NeMo llama3_70b"));
        auto shape = [&p](int tp, int pp, int cp, int vpp, int zero) {
            p.training.tp = tp;
            p.training.pp = pp;
            p.training.cp = cp;
            p.training.vpp = vpp;
            p.training.zero = zero;
            p.training.dp = 256 / (tp * pp * cp);
        };
        shape(4, 4, 2, 5, 1);
        QVERIFY(search::isConventional(p, -1));
        shape(8, 4, 1, 1, 1);
        QVERIFY(search::isConventional(p, -1));
        shape(1, 4, 4, 16, 2);
        QVERIFY(!search::isConventional(p, -1));
        const Evaluation ev = evaluate(p);
        QVERIFY(ev.ok());
        const search::buy::Convention c = search::buy::judgeConvention(p, ev.result, -1);
        QVERIFY(!c.conventional);
        QCOMPARE(QString::fromStdString(c.recipe), QStringLiteral("NeMo llama3_70b"));
        QVERIFY(c.alternative);
        QVERIFY(search::isConventional(c.plan, -1));
        QCOMPARE(c.step_time_s, evaluate(c.plan).result.step_time_s);
        QVERIFY(std::isfinite(c.speedup));
        QCOMPARE(c.speedup, c.step_time_s / ev.result.step_time_s - 1);
        // ZeRO-2 is DeepSpeed's own (its configurations shard with ZeRO-2/3), not a Megatron recipe's.
        shape(8, 4, 1, 1, 2);
        QVERIFY(!search::isConventional(p, -1));
        QVERIFY(search::isConventional(p, 3 /* launch::Framework::DeepSpeed */));
        // A mixture of experts is judged against the MoE recipes.
        const std::optional<Preset> moe = PresetCatalog::builtIn().find(Section::Model, QStringLiteral("mixtral-8x7b"));
        QVERIFY(moe);
        Plan m = p;
        moe->applyTo(m);
        QCOMPARE(QString::fromLatin1(search::nearestRecipe(m.model).name), QStringLiteral("NeMo mixtral_8x7b"));
    }

    // Every layout of the answer says whether it is conventional, and one off convention says what
    // leaving it buys against the fastest conventional layout of its hardware: never slower, since
    // the option's layout is the fastest of all.
    void answerMarksConvention()
    {
        const Run r = runCommtax({QStringLiteral("search"), kQuestion, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        int off = 0;
        for (const char *list : {"options", "listed", "layout_families"})
            for (const QJsonValue &x : o.value(QLatin1String(list)).toArray()) {
                if (!x[QStringLiteral("layout")].isObject())
                    continue;
                QVERIFY2(x[QStringLiteral("conventional")].isBool(), list);
                QCOMPARE(x[QStringLiteral("recipe")].toString(), QStringLiteral("NeMo llama3_70b"));
                if (x[QStringLiteral("conventional")].toBool())
                    continue;
                ++off;
                const QJsonObject vs = x[QStringLiteral("vs_conventional")].toObject();
                QVERIFY2(!vs.isEmpty(), list);
                if (QLatin1String(list) != QLatin1String("layout_families"))
                    QVERIFY(vs[QStringLiteral("speedup")].toDouble(-1) >= 0);
                QVERIFY(vs[QStringLiteral("text")].toString().contains(QStringLiteral("speed")));
                QVERIFY(vs[QStringLiteral("layout")][QStringLiteral("tp")].toInt() >= 2);
            }
        QVERIFY(off > 0);
        const Run text = runCommtax({QStringLiteral("search"), kQuestion});
        QVERIFY(text.out.contains("not conventional: +"));
        // The fastest conventional layout is named on a line of its own only when no family's
        // fastest is conventional (cli_buy.cpp); on this question tp2 pp4 cp2 is (since ZeRO-2 pays
        // a reduce-scatter every micro-batch, 2026-12-04).
        const QByteArray families = text.out.mid(text.out.indexOf("Layout families"));
        const bool familyConventional = families.contains(", conventional (NeMo llama3_70b)");
        QVERIFY2(familyConventional != text.out.contains("Fastest conventional layout (NeMo llama3_70b): tp"),
                 text.out.constData());
        QVERIFY2(familyConventional, text.out.constData());
    }

    // The question Commtax exists for: none of the four listed options meets 60 days; an option
    // that does is listed with its probability, and the listed misses say what would meet it.
    void questionThroughTheCommandLine()
    {
        const Run r = runCommtax({QStringLiteral("search"), kQuestion, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonArray listed = o.value(QStringLiteral("listed")).toArray();
        QCOMPARE(listed.size(), 4);
        for (const QJsonValue &l : listed) {
            QCOMPARE(l[QStringLiteral("meets")].toBool(), false);
            QVERIFY(l[QStringLiteral("lacks")].toArray().contains(QStringLiteral("deadline")));
            QVERIFY(l[QStringLiteral("days")][QStringLiteral("p50")].toDouble() > 0);
        }
        // 256 H100 bought in BF16 misses; FP8 on the same GPUs meets it.
        QCOMPARE(listed[0][QStringLiteral("meets_with")][QStringLiteral("change")].toString(), QStringLiteral("fp8"));
        QVERIFY(listed[0][QStringLiteral("meets_with")][QStringLiteral("days")].toDouble() <= 60);
        const QJsonArray options = o.value(QStringLiteral("options")).toArray();
        QVERIFY(!options.isEmpty());
        for (const QJsonValue &x : options) {
            QVERIFY(x[QStringLiteral("meets")].toBool());
            const double p = x[QStringLiteral("p_meets_deadline")].toDouble(-1);
            QVERIFY(p > 0 && p <= 1);
            for (const char *k : {"days", "cost_per_billion_tokens_usd", "tco_usd"}) {
                const QJsonObject range = x[QLatin1String(k)].toObject();
                QVERIFY(range[QStringLiteral("p10")].toDouble() <= range[QStringLiteral("p50")].toDouble());
                QVERIFY(range[QStringLiteral("p50")].toDouble() <= range[QStringLiteral("p90")].toDouble());
            }
        }
        for (const char *k : {"closest_misses", "pareto", "searched", "seconds", "layout_families"})
            QVERIFY2(o.contains(QLatin1String(k)), k);
        const Run text = runCommtax({QStringLiteral("search"), kQuestion});
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains("None of the 4 options you listed meets every limit"), text.out.constData());
        QVERIFY(text.out.contains("P(meets deadline)"));
        QVERIFY(text.out.contains("FP8 meets it"));
    }

    // A deadline nothing in the space meets: the closest misses, each with a change that meets it.
    void tightDeadlineGivesClosestMisses()
    {
        const Run r
            = runCommtax({QStringLiteral("search"), kQuestion, QStringLiteral("--json"),
                          QStringLiteral("--deadline-days"), QStringLiteral("20"), QStringLiteral("--precision"),
                          QStringLiteral("bf16"), QStringLiteral("--gpus"), QStringLiteral("256,512")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY(o.value(QStringLiteral("options")).toArray().isEmpty());
        QCOMPARE(o.value(QStringLiteral("meeting")).toInt(), 0);
        const QJsonArray misses = o.value(QStringLiteral("closest_misses")).toArray();
        QVERIFY(!misses.isEmpty());
        bool moreGpus = false;
        for (const QJsonValue &m : misses) {
            QCOMPARE(m[QStringLiteral("meets")].toBool(), false);
            QVERIFY(m[QStringLiteral("days")][QStringLiteral("p50")].toDouble() > 20 * 0.5);
            const QJsonObject fix = m[QStringLiteral("meets_with")].toObject();
            if (fix[QStringLiteral("change")] == QStringLiteral("gpus")) {
                moreGpus = true;
                QVERIFY(fix[QStringLiteral("gpus")].toInt() > m[QStringLiteral("gpus")].toInt());
                QVERIFY(fix[QStringLiteral("days")].toDouble() <= 20);
            }
        }
        QVERIFY(moreGpus);
        // Least shortfall first: the first miss is the one nearest the deadline.
        QVERIFY(misses[0][QStringLiteral("lacks")].toArray().contains(QStringLiteral("deadline")));
    }

    void usageErrors()
    {
        QCOMPARE(
            runCommtax({QStringLiteral("search"), kQuestion, QStringLiteral("--mode"), QStringLiteral("lease")}).code,
            2);
        QCOMPARE(
            runCommtax({QStringLiteral("search"), kQuestion, QStringLiteral("--precision"), QStringLiteral("fp4")})
                .code,
            2);
        QCOMPARE(runCommtax({QStringLiteral("search"), kQuestion, QStringLiteral("--csv")}).code, 2);
        QCOMPARE(runCommtax({QStringLiteral("search"), kQuestion, QStringLiteral("--power-mw"), QStringLiteral("-1")})
                     .code,
                 2);
    }

    // --objective capex (what to buy only) ranks by capital; the layout search refuses it.
    void capexObjective()
    {
        const Run r = runCommtax({QStringLiteral("search"), kQuestion, QStringLiteral("--json"),
                                  QStringLiteral("--objective"), QStringLiteral("capex"), QStringLiteral("--mode"),
                                  QStringLiteral("buy")});
        QCOMPARE(r.code, 0);
        const QJsonArray options = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("options")).toArray();
        QVERIFY(options.size() >= 2);
        for (qsizetype i = 1; i < options.size(); ++i)
            QVERIFY(options[i][QStringLiteral("capex_usd")].toDouble()
                    >= options[i - 1][QStringLiteral("capex_usd")].toDouble());
        const QString plain = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-70b-h100.json");
        QCOMPARE(runCommtax({QStringLiteral("search"), plain, QStringLiteral("--objective"), QStringLiteral("capex")})
                     .code,
                 2);
    }

    // A question too large to finish in reasonable time is refused with its size, at once.
    void hugeQuestionRefused()
    {
        const QString file = writeFile(m_dir, QStringLiteral("huge.json"), withGoals("{\"nodes_max\": 100000}"));
        QElapsedTimer t;
        t.start();
        const Run r = runCommtax({QStringLiteral("search"), file});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("contexts (GPU, GPU count and precision)"), r.err.constData());
        QVERIFY(t.elapsed() < 20000);
    }

    // A power limit at the wall: no option above it meets.
    void powerLimitHolds()
    {
        const Run r = runCommtax({QStringLiteral("search"), kQuestion, QStringLiteral("--json"),
                                  QStringLiteral("--power-mw"), QStringLiteral("0.5")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonArray options = o.value(QStringLiteral("options")).toArray();
        QVERIFY(!options.isEmpty());
        for (const QJsonValue &x : options)
            QVERIFY(x[QStringLiteral("power_mw")].toDouble() <= 0.5);
    }
};

QTEST_GUILESS_MAIN(TestBuy)
#include "test_buy.moc"
