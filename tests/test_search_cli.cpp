// SPDX-License-Identifier: GPL-3.0-or-later
// The layout search through the command line and into the other features: `commtax search` (JSON,
// text, CSV, --emit-best, errors), the comparison's best-layout normalisation and `report
// --best-layout`, the search for a training framework, and `commtax launch` against its golden
// files. The search itself against brute force and validate(): test_search.cpp.
#include "core/fields.h"
#include "core/presets.h"
#include "core/resultio.h"
#include "core/scenario.h"
#include "engine/engine.h"
#include "library/compare.h"
#include "library/comparisonio.h"
#include "search/launch.h"
#include "search/search.h"

#include "planfixtures.h"
#include "searchtestsupport.h"
#include "testsupport.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <set>

using namespace commtax;
using namespace commtax::search;
using namespace commtax::test;

class TestSearchCli : public QObject
{
    Q_OBJECT

private slots:
    // `commtax search --json`: the issue's keys; every plan holds the metrics of `evaluate --json`
    // and its training section in the scenario format.
    void cliJson()
    {
        const QString file = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-70b-h100.json");
        const Run r = runCommtax({QStringLiteral("search"), file, QStringLiteral("--gpus"), QStringLiteral("64,128"),
                                  QStringLiteral("--hardware"), QStringLiteral("h100-sxm,a100-sxm-80gb"), QStringLiteral("--top"),
                                  QStringLiteral("4"), QStringLiteral("--objective"), QStringLiteral("cost"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        for (const char *k : {"searched", "valid", "fits", "seconds", "best", "pareto", "top", "best_by_objective"})
            QVERIFY2(o.contains(QLatin1String(k)), k);
        QVERIFY(o.value(QStringLiteral("searched")).toDouble() >= o.value(QStringLiteral("valid")).toDouble());
        QVERIFY(o.value(QStringLiteral("valid")).toDouble() >= o.value(QStringLiteral("fits")).toDouble());
        QVERIFY(o.value(QStringLiteral("fits")).toDouble() > 0);
        const QJsonArray top = o.value(QStringLiteral("top")).toArray();
        QCOMPARE(top.size(), 4);
        QCOMPARE(o.value(QStringLiteral("best")).toObject(), top.first().toObject());
        QVERIFY(!o.value(QStringLiteral("pareto")).toArray().isEmpty());
        for (const QJsonValue &v : top) {
            const QJsonObject plan = v.toObject();
            for (const MetricInfo &m : metrics())
                QVERIFY2(plan.contains(QLatin1String(m.key)), m.key);
            const QJsonObject training = plan.value(QStringLiteral("training")).toObject();
            for (const FieldInfo *f : fieldsOf(Section::Training))
                if (QLatin1String(f->key) != QLatin1String("compute_efficiency")) // null: the GPU's default
                    QVERIFY2(training.contains(QLatin1String(f->key)), f->key);
            QCOMPARE(training.value(QStringLiteral("tp")).toInt() * training.value(QStringLiteral("cp")).toInt()
                         * training.value(QStringLiteral("pp")).toInt() * training.value(QStringLiteral("dp")).toInt(),
                     plan.value(QStringLiteral("gpus")).toInt());
        }
        for (int i = 0; i + 1 < top.size(); ++i)
            QVERIFY(top[i].toObject().value(QStringLiteral("cost_per_billion_tokens_usd")).toDouble()
                    <= top[i + 1].toObject().value(QStringLiteral("cost_per_billion_tokens_usd")).toDouble());
        QVERIFY(top.first().toObject().contains(QStringLiteral("margin_over_next")));
        QVERIFY(top.first().toObject().contains(QStringLiteral("memory_headroom_gb")));
    }

    // --emit-best writes a scenario that `commtax evaluate` turns into the reported metrics.
    void emitBestEvaluatesToReportedMetrics()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("best.json"));
        const QString file = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-70b-h100.json");
        for (const char *objective : {"time", "tco"}) {
            const Run r = runCommtax({QStringLiteral("search"), file, QStringLiteral("--gpus"), QStringLiteral("128-256"),
                                      QStringLiteral("--hardware"), QStringLiteral("a100-sxm-80gb,h100-sxm"), QStringLiteral("--objective"),
                                      QLatin1String(objective), QStringLiteral("--json"), QStringLiteral("--emit-best"), out});
            QVERIFY2(r.code == 0, r.err.constData());
            const QJsonObject best = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("best")).toObject();
            const Run e = runCommtax({QStringLiteral("evaluate"), out, QStringLiteral("--json")});
            QVERIFY2(e.code == 0, e.err.constData());
            const QJsonObject again = QJsonDocument::fromJson(e.out).object();
            for (const MetricInfo &m : metrics())
                QVERIFY2(best.value(QLatin1String(m.key)).toDouble() == again.value(QLatin1String(m.key)).toDouble(), m.key);
            QCOMPARE(again.value(QStringLiteral("gpu")), best.value(QStringLiteral("gpu")));
        }
    }

    // Text and CSV outputs, and usage errors.
    void cliTextCsvAndErrors()
    {
        const QString file = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-70b-h100.json");
        const Run text = runCommtax({QStringLiteral("search"), file, QStringLiteral("--gpus"), QStringLiteral("256"), QStringLiteral("--top"), QStringLiteral("3")});
        QCOMPARE(text.code, 0);
        QVERIFY(text.out.contains("Best for time"));
        QVERIFY(text.out.contains("Pareto front"));
        const Run csv = runCommtax({QStringLiteral("search"), file, QStringLiteral("--gpus"), QStringLiteral("256"), QStringLiteral("--csv")});
        QCOMPARE(csv.code, 0);
        QVERIFY(csv.out.startsWith("list,rank,gpu,gpus,nodes,tp,pp,cp,etp,ep,vpp,micro_batch,zero,recompute,sequence_parallel,dp,"));
        QVERIFY(csv.out.contains("\ntop,1,h100-sxm,256,"));
        QVERIFY(csv.out.contains("\npareto,1,"));
        const QList<QPair<QStringList, int>> bad = {
            {{QStringLiteral("--bogus")}, 2},
            {{QStringLiteral("--json"), QStringLiteral("--csv")}, 2},
            {{QStringLiteral("--objective"), QStringLiteral("speed")}, 2},
            {{QStringLiteral("--gpus"), QStringLiteral("0")}, 2},
            {{QStringLiteral("--gpus"), QStringLiteral("64-8")}, 2},
            {{QStringLiteral("--top"), QStringLiteral("1.5")}, 2},
            {{QStringLiteral("--budget"), QStringLiteral("-3")}, 2},
            {{QStringLiteral("--top"), QStringLiteral("2"), QStringLiteral("--top"), QStringLiteral("3")}, 2},
            {{QStringLiteral("--hardware"), QStringLiteral("no-such-gpu")}, 1},
            {{QStringLiteral("--emit-best"), file}, 1},
            {{QStringLiteral("--tokens-per-step"), QStringLiteral("5-3")}, 2},
            {{QStringLiteral("--tokens-per-step"), QStringLiteral("4M")}, 2},
            {{QStringLiteral("--tokens-per-step"), QStringLiteral("1-2-3")}, 2},
            {{QStringLiteral("--tokens-per-step"), QStringLiteral("1-4095")}, 1}, // no whole sequence of 4096
        };
        for (const auto &[args, code] : bad) {
            const Run r = runCommtax(QStringList{QStringLiteral("search"), file} + args);
            QVERIFY2(r.code == code, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": exit %1, ").arg(r.code) + QString::fromUtf8(r.err)));
            QVERIFY(r.err.startsWith("commtax: "));
        }
        // --tokens-per-step: the global batch varies over the whole sequences of the range; the
        // best plan's batch is in it, and is what the text, CSV and JSON say.
        const Run ranged = runCommtax({QStringLiteral("search"), file, QStringLiteral("--gpus"), QStringLiteral("256"), QStringLiteral("--tokens-per-step"), QStringLiteral("3000000-4200000"), QStringLiteral("--json"), QStringLiteral("--top"), QStringLiteral("20")});
        QCOMPARE(ranged.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(ranged.out).object();
        const Run fixed = runCommtax({QStringLiteral("search"), file, QStringLiteral("--gpus"), QStringLiteral("256"), QStringLiteral("--json")});
        const QJsonObject f = QJsonDocument::fromJson(fixed.out).object();
        QVERIFY(o.value(QStringLiteral("searched")).toDouble() > f.value(QStringLiteral("searched")).toDouble());
        std::set<int> batches;
        for (const QJsonValue &v : o.value(QStringLiteral("top")).toArray()) {
            const int b = v.toObject().value(QStringLiteral("training")).toObject().value(QStringLiteral("global_batch")).toInt();
            QVERIFY2(b * 4096 >= 3000000 && b * 4096 <= 4200000, qPrintable(QString::number(b)));
            batches.insert(b);
        }
        QVERIFY(!batches.empty());
        // The range holds the file's batch (1024), so its best is at least as good as the fixed one's.
        QVERIFY(o.value(QStringLiteral("best")).toObject().value(QStringLiteral("days_to_train")).toDouble() <= f.value(QStringLiteral("best")).toObject().value(QStringLiteral("days_to_train")).toDouble());
        const Run rangedCsv = runCommtax({QStringLiteral("search"), file, QStringLiteral("--gpus"), QStringLiteral("256"), QStringLiteral("--tokens-per-step"), QStringLiteral("4194304"), QStringLiteral("--csv")});
        QCOMPARE(rangedCsv.code, 0);
        QVERIFY(rangedCsv.out.contains(",dp,global_batch,"));
        QCOMPARE(rangedCsv.out.count(",1024,"), csv.out.count(",1024,")); // one batch: the file's

        // Constraints nothing meets: an answer (no plan), not an error; --emit-best then fails.
        const Run none = runCommtax({QStringLiteral("search"), file, QStringLiteral("--gpus"), QStringLiteral("256"), QStringLiteral("--deadline-days"), QStringLiteral("1"), QStringLiteral("--json")});
        QCOMPARE(none.code, 0);
        QVERIFY(QJsonDocument::fromJson(none.out).object().value(QStringLiteral("best")).isNull());
    }

    // Best-layout normalisation (issue 11, fair comparison): in a small comparison each plan's
    // layout is the search's best for that plan's GPU, cluster and GPU count, for each objective;
    // combined with equal GPUs, the resized plan gets the best layout of its new count. The note and
    // the JSON say which layout each plan got, the runner-up and the margin.
    void bestLayoutNormalization()
    {
        // Llama 2 7B, 32 GPUs, on H100 and A100 (each on its default cluster), and an A100 plan on
        // 64 GPUs.
        Scenario a;
        a.name = QStringLiteral("H100");
        a.plan = presetPlan("llama2-7b", "h100-sxm", "dgx-h100");
        a.plan.cluster.nodes = 4;
        a.plan.training.tp = 2;
        a.plan.training.pp = 2;
        a.plan.training.dp = 8;
        a.plan.training.global_batch = 256;
        a.plan.training.tokens_to_train = 1e11;
        QVERIFY(validate(a.plan).empty());
        Scenario b = a;
        b.name = QStringLiteral("A100");
        b.plan = presetPlan("llama2-7b", "a100-sxm-80gb", "dgx-a100");
        b.plan.training = a.plan.training;
        b.plan.cluster.nodes = 8;
        b.plan.training.dp = 16;
        QVERIFY(validate(b.plan).empty());
        for (Objective o : kObjectives) {
            BestLayout best;
            best.enabled = true;
            best.objective = o;
            const Comparison c = comparePlans({a, b}, Normalization::AsGiven, best);
            QCOMPARE(c.plans.size(), 2);
            for (qsizetype i = 0; i < c.plans.size(); ++i) {
                const ComparedPlan &p = c.plans[i];
                Space s;
                s.base = i == 0 ? a.plan : b.plan;
                s.gpu_counts = {s.base.cluster.nodes * s.base.cluster.gpus_per_node};
                Options opt;
                opt.objective = o;
                opt.top = 2;
                const SearchResult r = runSearch(s, opt);
                QVERIFY(!r.top.empty());
                const Plan expected = planOf(s, r.top.front().layout);
                QVERIFY(p.layout.applied);
                QCOMPARE(p.plan.training.tp, expected.training.tp);
                QCOMPARE(p.plan.training.pp, expected.training.pp);
                QCOMPARE(p.plan.training.cp, expected.training.cp);
                QCOMPARE(p.plan.training.dp, expected.training.dp);
                QCOMPARE(p.plan.training.vpp, expected.training.vpp);
                QCOMPARE(p.plan.training.micro_batch, expected.training.micro_batch);
                QCOMPARE(p.plan.training.zero, expected.training.zero);
                QCOMPARE(p.plan.training.recompute, expected.training.recompute);
                QCOMPARE(p.plan.training.sequence_parallel, expected.training.sequence_parallel);
                QCOMPARE(objectiveValue(o, p.result), objectiveValue(o, r.top.front().result));
                // Evaluating the chosen plan gives the reported result.
                QCOMPARE(evaluateValid(p.plan).step_time_s, p.result.step_time_s);
                // Never worse than the plan as given.
                QVERIFY(objectiveValue(o, p.result) <= objectiveValue(o, evaluate(s.base).result));
                QVERIFY2(p.note.contains(QStringLiteral("best layout for %1").arg(QLatin1String(toString(o)))), qPrintable(p.note));
                QVERIFY(!p.layout.runnerUp.isEmpty());
                QVERIFY(p.layout.margin >= 0);
                QVERIFY(p.note.contains(QStringLiteral("runner-up")));
            }
            const QJsonObject json = comparisonToJson(c);
            QCOMPARE(json.value(QStringLiteral("normalization")).toString(), QStringLiteral("best-layout"));
            const QJsonObject first = json.value(QStringLiteral("plans")).toArray().first().toObject();
            QCOMPARE(first.value(QStringLiteral("best_layout")).toString(), c.plans[0].layout.layout);
            QVERIFY(first.contains(QStringLiteral("runner_up_margin")));
        }

        // Equal GPUs and best layout: B is resized to A's 32 GPUs and gets the best layout there.
        BestLayout best;
        best.enabled = true;
        const Comparison c = comparePlans({a, b}, Normalization::EqualGpus, best);
        QCOMPARE(c.plans[1].result.gpus, 32);
        Space s;
        s.base = b.plan;
        s.gpu_counts = {32};
        Options opt;
        opt.top = 1;
        const SearchResult r = runSearch(s, opt);
        QCOMPARE(c.plans[1].result.days_to_train, r.top.front().result.days_to_train);
        QVERIFY2(c.plans[1].note.startsWith(QStringLiteral("resized from 64 to 32 GPUs")), qPrintable(c.plans[1].note));
        QVERIFY(c.plans[1].note.contains(QStringLiteral("best layout for time on 32 GPUs")));

        // Keys.
        Normalization n;
        BestLayout parsed;
        QVERIFY(parseNormalizations(QStringLiteral("gpus,best-layout"), n, parsed));
        QVERIFY(n == Normalization::EqualGpus && parsed.enabled);
        QCOMPARE(normalizationKeys(n, parsed), QStringLiteral("gpus,best-layout"));
        QVERIFY(parseNormalizations(QStringLiteral("time"), n, parsed));
        QVERIFY(n == Normalization::EqualTime && !parsed.enabled);
        QVERIFY(!parseNormalizations(QStringLiteral("gpus,time"), n, parsed));
        QVERIFY(!parseNormalizations(QStringLiteral("best-layout,best-layout"), n, parsed));
        QVERIFY(!parseNormalizations(QStringLiteral("layout"), n, parsed));
    }

    // `commtax report --normalize budget,best-layout --objective cost` on the default comparison:
    // every plan that runs says which layout it got; usage errors.
    void reportBestLayoutCli()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("c.json"));
        QStringList files;
        for (const char *f : {"compare-1-h100.json", "compare-2-a100.json", "compare-5-h100-rented.json"})
            files << QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/") + QLatin1String(f);
        const Run r = runCommtax(QStringList{QStringLiteral("report")} + files
                                 + QStringList{QStringLiteral("-o"), out, QStringLiteral("--normalize"), QStringLiteral("gpus,best-layout"), QStringLiteral("--objective"), QStringLiteral("cost")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(readAll(out)).object();
        QCOMPARE(o.value(QStringLiteral("normalization")).toString(), QStringLiteral("gpus,best-layout"));
        for (const QJsonValue &v : o.value(QStringLiteral("plans")).toArray()) {
            const QJsonObject p = v.toObject();
            QCOMPARE(p.value(QStringLiteral("layout_objective")).toString(), QStringLiteral("cost"));
            QVERIFY2(p.value(QStringLiteral("best_layout")).isString(), qPrintable(p.value(QStringLiteral("plan")).toString()));
            QVERIFY(p.value(QStringLiteral("note")).toString().contains(QStringLiteral("best layout for cost")));
        }
        for (const QStringList &bad : {QStringList{QStringLiteral("--normalize"), QStringLiteral("gpus,budget")},
                                       QStringList{QStringLiteral("--objective"), QStringLiteral("cost")},
                                       QStringList{QStringLiteral("--normalize"), QStringLiteral("best-layout"), QStringLiteral("--objective"), QStringLiteral("speed")}}) {
            const Run e = runCommtax(QStringList{QStringLiteral("report")} + files + QStringList{QStringLiteral("-o"), out} + bad);
            QVERIFY2(e.code == 2, qPrintable(bad.join(QLatin1Char(' '))));
        }
    }

    // Issue 23: with training.recompute_mla_up_proj the search ranked DeepSeek-V3 plans with
    // recompute none or full, which validate() refuses ("recompute_mla_up_proj is a module of
    // selective recompute"), and `search --emit-best` wrote one. Every candidate the pre-check
    // accepts validates, and every ranked plan too.
    void searchKeepsMlaUpProjSelective()
    {
        Space s;
        s.base = presetPlan("deepseek-v3", "h100-sxm", "dgx-h100");
        s.base.model.layers = 8; // a small space: the rule does not depend on the depth
        s.base.model.dense_layers = 1;
        s.base.training.recompute = Recompute::Selective;
        s.base.training.recompute_mla_up_proj = true;
        s.base.training.global_batch = 16;
        s.gpu_counts = {8};
        s.allowed[DimVpp] = {1, 2};
        s.allowed[DimMicroBatch] = {1};
        std::int64_t accepted = 0;
        QString firstMismatch;
        forEachCandidate(s, [&](const Candidate &c) {
            if (!c.accepted)
                return;
            ++accepted;
            const std::vector<PlanError> errors = validate(c.plan);
            if (!errors.empty() && firstMismatch.isEmpty())
                firstMismatch = describe(c.layout) + QStringLiteral(": ") + QString::fromStdString(errors.front().field + ": " + errors.front().message);
        });
        QVERIFY2(firstMismatch.isEmpty(), qPrintable(firstMismatch));
        QVERIFY(accepted > 0);
        Options opt;
        opt.top = 50;
        const SearchResult r = runSearch(s, opt);
        QCOMPARE(r.valid, accepted);
        for (const Found &f : r.top)
            QVERIFY(validate(planOf(s, f.layout)).empty());
    }

    // `search --framework`: only layouts the framework runs as planned are ranked (DeepSpeed: no
    // interleaving, ring context parallelism, Megatron-style sequence parallelism or ZeRO-2/3 with
    // a pipeline); "any" ranks some of those.
    void searchForFramework()
    {
        Space s;
        s.base = smallPlan(6);
        s.allowed[DimVpp] = {1, 2, 3};
        Options opt;
        opt.top = 200;
        const SearchResult any = runSearch(s, opt);
        int refused = 0;
        for (const Found &f : any.top)
            refused += launch::runsAsPlanned(launch::Framework::DeepSpeed, planOf(s, f.layout)) ? 0 : 1;
        QVERIFY(refused > 0);
        opt.constraints.framework = int(launch::Framework::DeepSpeed);
        const SearchResult ds = runSearch(s, opt);
        QVERIFY(!ds.top.empty());
        QCOMPARE(ds.valid, any.valid); // the same plans searched and valid; fewer meet the constraint
        for (const Found &f : ds.top) {
            const Plan p = planOf(s, f.layout);
            QVERIFY(launch::runsAsPlanned(launch::Framework::DeepSpeed, p));
            QVERIFY(p.training.vpp == 1 && p.training.cp == 1 && !(p.training.pp > 1 && p.training.zero >= 2));
        }
        // The command line.
        const QString file = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-13b-a100.json");
        const Run r = runCommtax({QStringLiteral("search"), file, QStringLiteral("--framework"), QStringLiteral("deepspeed"), QStringLiteral("--top"), QStringLiteral("5"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        for (const QJsonValue &v : QJsonDocument::fromJson(r.out).object().value(QStringLiteral("top")).toArray()) {
            const QJsonObject t = v.toObject().value(QStringLiteral("training")).toObject();
            QVERIFY(t.value(QStringLiteral("vpp")).toInt(1) == 1 && t.value(QStringLiteral("cp")).toInt(1) == 1);
            QVERIFY(!(t.value(QStringLiteral("pp")).toInt(1) > 1 && t.value(QStringLiteral("zero")).toInt() >= 2));
        }
        QCOMPARE(runCommtax({QStringLiteral("search"), file, QStringLiteral("--framework"), QStringLiteral("jax")}).code, 2);
    }

    // `commtax launch`: each framework's export of four scenarios (the fourth a mixture of experts
    // with context and expert parallelism) equals its golden file in
    // tests/fixtures/launch/ (made from the sources cited in model/search/launch.cpp and checked
    // by hand; COMMTAX_UPDATE_GOLDEN=1 rewrites them), on stdout and through -o.
    // training.fused_cross_entropy reaches Megatron-LM as --cross-entropy-loss-fusion and NeMo 2 as
    // cross_entropy_loss_fusion (its GPTConfig fuses by default, so the export says False too).
    void launchFusedCrossEntropy()
    {
        Plan p = defaultScenario().plan;
        for (const bool fused : {false, true}) {
            p.training.fused_cross_entropy = fused;
            const std::string megatron = launch::exportLaunch(p, "x", launch::Framework::Megatron).text;
            const std::string nemo = launch::exportLaunch(p, "x", launch::Framework::Nemo).text;
            QCOMPARE(megatron.find("--cross-entropy-loss-fusion") != std::string::npos, fused);
            QVERIFY(nemo.find(fused ? "cross_entropy_loss_fusion = True" : "cross_entropy_loss_fusion = False") != std::string::npos);
        }
    }

    static QByteArray maskProvenance(const QByteArray &text)
    {
        QString t = QString::fromUtf8(text);
        t.replace(QRegularExpression(QStringLiteral("Commtax [0-9][^,;\"]*")), QStringLiteral("Commtax @VERSION@"));
        t.replace(QRegularExpression(QStringLiteral("[0-9a-f]{64}")), QStringLiteral("@SHA256@"));
        t.replace(QRegularExpression(QStringLiteral("predicted step time [0-9.]+ s")), QStringLiteral("predicted step time @STEP@ s"));
        t.replace(QRegularExpression(QStringLiteral("\"predicted_step_time_s\": [0-9.]+")), QStringLiteral("\"predicted_step_time_s\": \"@STEP@\""));
        return t.toUtf8();
    }

    void launchGoldenFiles()
    {
        const bool update = qEnvironmentVariableIsSet("COMMTAX_UPDATE_GOLDEN");
        const QString dir = QStringLiteral(COMMTAX_FIXTURES_DIR "/launch/");
        const QStringList scenarios = {QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-70b-h100.json"),
                                       dir + QStringLiteral("uneven-fp8.json"), dir + QStringLiteral("interleaved.json"),
                                       dir + QStringLiteral("moe-cp.json")};
        QTemporaryDir tmp;
        int compared = 0;
        for (const QString &file : scenarios) {
            for (launch::Framework f : launch::kFrameworks) {
                const QString fw = QLatin1String(launch::toString(f));
                const QString golden = dir + QFileInfo(file).completeBaseName() + QLatin1Char('.') + fw + QLatin1String(launch::fileSuffix(f));
                const Run r = runCommtax({QStringLiteral("launch"), file, QStringLiteral("--for"), fw});
                QVERIFY2(r.code == 0, r.err.constData());
                // The header's Commtax version, scenario SHA-256 and predicted step time change with
                // Commtax, its scenario format and its engine: masked in the golden files; the SHA-256
                // is the scenario's as Commtax writes it (search/launchprovenance.h).
                Scenario loaded;
                QList<LoadError> loadErrors;
                QVERIFY(loadScenarioFile(file, PresetCatalog::builtIn(), loaded, loadErrors));
                const QByteArray sha = QCryptographicHash::hash(serializeScenario(loaded), QCryptographicHash::Sha256).toHex();
                QVERIFY2(r.out.contains(sha), r.out.constData());
                const QByteArray masked = maskProvenance(r.out);
                if (update)
                    writeFile(golden, masked);
                QVERIFY2(masked == readAll(golden), qPrintable(golden + QStringLiteral(" differs; the export:\n") + QString::fromUtf8(masked)));
                const QString out = tmp.filePath(fw);
                const Run o = runCommtax({QStringLiteral("launch"), file, QStringLiteral("--for"), fw, QStringLiteral("-o"), out});
                QCOMPARE(o.code, 0);
                QCOMPARE(readAll(out), r.out);
                ++compared;
            }
        }
        QCOMPARE(compared, 20);
        // The DeepSpeed export is JSON whose batch sizes add up as DeepSpeed counts them: tp=2 pp=3 dp=4,
        // a PipelineModule's data-parallel world is 24 / pp = 8 ranks (tests/test_launch.cpp).
        const Run ds = runCommtax({QStringLiteral("launch"), scenarios[1], QStringLiteral("--for"), QStringLiteral("deepspeed")});
        const QJsonObject o = QJsonDocument::fromJson(ds.out).object();
        QCOMPARE(o.value(QStringLiteral("train_batch_size")).toInt(),
                 o.value(QStringLiteral("train_micro_batch_size_per_gpu")).toInt() * o.value(QStringLiteral("gradient_accumulation_steps")).toInt() * 8);
        QVERIFY(ds.err.contains("commtax: warning: deepspeed: ZeRO-3 with pp=3"));
        // Usage.
        QCOMPARE(runCommtax({QStringLiteral("launch"), scenarios[0]}).code, 2);
        QCOMPARE(runCommtax({QStringLiteral("launch"), scenarios[0], QStringLiteral("--for"), QStringLiteral("jax")}).code, 2);
        QCOMPARE(runCommtax({QStringLiteral("launch"), scenarios[0], QStringLiteral("--for"), QStringLiteral("nemo"), QStringLiteral("-o"), scenarios[0]}).code, 1);
    }
};

QTEST_GUILESS_MAIN(TestSearchCli)
#include "test_search_cli.moc"
