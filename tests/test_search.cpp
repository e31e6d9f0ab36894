// SPDX-License-Identifier: GPL-3.0-or-later
// Layout search (issue 11): the pre-check against validate(), the best and the Pareto front against
// brute force over every plan evaluated one by one, determinism, and published layouts. The
// `search` and `launch` commands and the comparison's best layout: test_search_cli.cpp.
#include "core/fields.h"
#include "core/presets.h"
#include "core/resultio.h"
#include "core/scenario.h"
#include "engine/engine.h"
#include "search/search.h"

#include "accuracy/accuracy.h"
#include "planfixtures.h"
#include "searchtestsupport.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

using namespace commtax;
using namespace commtax::search;
using namespace commtax::test;

namespace {

// Under AddressSanitizer (the sanitizer phase of CI) every evaluation is several times slower, and
// on a loaded 2-core machine the full suite ran past its 300 s limit (issue 22). There the largest
// cases are left out or cut (the normal build runs them all): the published runs of more than 512
// GPUs and the mixtures of experts beyond 16, whose spaces are the largest, the dense brute
// force on one GPU type instead of two, and the largest GPU counts and batch ranges of the others
// (at 167 s under AddressSanitizer on an idle machine, a busy loop on each core took it past 300 s).
// The smaller cases: under AddressSanitizer, or with COMMTAX_SMALL_TESTS set (to check them in a
// normal build).
bool smallCases()
{
    return kUnderAsan || qEnvironmentVariableIsSet("COMMTAX_SMALL_TESTS");
}

std::vector<Hardware> twoGpus()
{
    const PresetCatalog &c = PresetCatalog::builtIn();
    std::vector<Hardware> out;
    for (const char *id : {"h100-sxm", "a100-sxm-80gb"}) {
        Plan p;
        c.find(Section::Gpu, QLatin1String(id))->applyTo(p);
        c.find(Section::Cluster, c.find(Section::Gpu, QLatin1String(id))->defaultCluster())->applyTo(p);
        p.cluster.gpus_per_node = 4; // the small node of smallPlan()
        out.push_back({p.gpu, p.cluster});
    }
    return out;
}

// The plan a brute-force loop builds for one layout, the way a user would write it.
struct Brute {
    Layout layout;
    Plan plan;
    Result result;
    bool valid = false;
};

// The duplicates the search leaves out (search.h): ZeRO when no group shards anything (cp*dp = 1 and,
// for MoE, edp = tp*cp*dp/(etp*ep) = 1), sequence parallelism at tp = 1. Written here from the rule,
// not from search.cpp.
bool isDuplicate(const Plan &p)
{
    const TrainingSpec &t = p.training;
    if (t.sequence_parallel && t.tp == 1)
        return true;
    if (t.zero == 0 || t.cp * t.dp > 1)
        return false;
    if (!p.model.moe())
        return true;
    const int etp = t.etp > 0 ? t.etp : t.tp;
    return t.tp * t.cp * t.dp / (etp * t.ep) <= 1;
}

// The plan a duplicate stands for: ZeRO 0, no sequence parallelism where they change nothing.
Plan twinOf(Plan p)
{
    if (p.training.tp == 1)
        p.training.sequence_parallel = false;
    if (isDuplicate(p))
        p.training.zero = 0;
    return p;
}

// The global batches of a tokens-per-step range, written here from the rule (whole sequences whose
// tokens lie in [tokens_min, tokens_max]), not from search.cpp; {0} (the base's) without a range.
std::vector<int> batchesOf(const Space &space)
{
    if (space.tokens_max <= 0)
        return {0};
    std::vector<int> out;
    for (std::int64_t b = 1; b * space.base.training.seq_len <= space.tokens_max; ++b)
        if (b * space.base.training.seq_len >= space.tokens_min)
            out.push_back(int(b));
    return out;
}

// Every (hardware, GPU count, global batch, tp, pp, cp, etp, ep, vpp, micro_batch, zero, recompute, sp) with
// tp*pp*cp dividing the GPUs, each plan validated and evaluated on its own by evaluate(): no
// candidate lists, no pre-check. etp runs over 1..GPUs for an MoE model (0, "follow tp", is the same
// plan as etp = tp) and is 0 for a dense one (where validate() ignores it); ep runs over 1..GPUs
// (dense: 1 and 2).
// The duplicates the search leaves out are left out here too (isDuplicate), so that both sides
// count and rank the same plans; duplicatesEqualTheirTwins checks they change nothing. Only the
// valid plans are returned.
std::vector<Brute> bruteForce(const Space &space, bool keepDuplicates = false)
{
    std::vector<Brute> out;
    const int hwCount = space.hardware.empty() ? 1 : int(space.hardware.size());
    const bool moe = space.base.model.moe();
    for (int h = 0; h < hwCount; ++h) {
        for (int g : space.gpu_counts)
            for (int batch : batchesOf(space)) {
                Plan base = space.base;
                if (batch > 0)
                    base.training.global_batch = batch;
                if (!space.hardware.empty()) {
                    base.gpu = space.hardware[size_t(h)].gpu;
                    base.cluster = space.hardware[size_t(h)].cluster;
                }
                const int gpn = base.cluster.gpus_per_node;
                base.cluster.nodes = g < gpn ? 1 : g / gpn;
                base.cluster.gpus_per_node = g < gpn ? g : gpn;
                for (int tp = 1; tp <= g; ++tp)
                    for (int pp = 1; pp <= g; ++pp)
                        for (int cp = 1; cp <= g; ++cp) {
                            if (g % (tp * pp * cp) != 0)
                                continue;
                            for (int etp = moe ? 1 : 0; etp <= (moe ? g : 0); ++etp)
                                for (int ep = 1; ep <= (moe ? g : 2); ++ep) // dense: 2 is always refused
                                    for (int vpp = 1; vpp <= base.model.layers; ++vpp)
                                        for (int mb = 1; mb <= base.training.global_batch; ++mb)
                                            for (int zero = 0; zero <= 3; ++zero)
                                                for (int rc = 0; rc <= 2; ++rc)
                                                    for (int sp = 0; sp <= 1; ++sp) {
                                                        Brute b;
                                                        b.plan = base;
                                                        TrainingSpec &t = b.plan.training;
                                                        t.tp = tp;
                                                        t.pp = pp;
                                                        t.cp = cp;
                                                        t.etp = etp;
                                                        t.ep = ep;
                                                        t.dp = g / (tp * pp * cp);
                                                        t.vpp = vpp;
                                                        t.micro_batch = mb;
                                                        t.zero = zero;
                                                        t.recompute = Recompute(rc);
                                                        t.sequence_parallel = sp != 0;
                                                        t.first_stage_layers = t.last_stage_layers = 0;
                                                        if (!keepDuplicates && isDuplicate(b.plan))
                                                            continue;
                                                        b.layout = Layout{h, g, b.plan.cluster.nodes, b.plan.cluster.gpus_per_node, t.dp, {tp, pp, cp, etp, ep, vpp, mb, zero, rc, sp}, batch};
                                                        const Evaluation e = evaluate(b.plan);
                                                        b.valid = e.ok();
                                                        b.result = e.result;
                                                        if (b.valid) // the invalid ones are only counted out
                                                            out.push_back(std::move(b));
                                                    }
                        }
            }
    }
    return out;
}

bool before(Objective o, const Brute &a, const Brute &b)
{
    const double x = objectiveValue(o, a.result), y = objectiveValue(o, b.result);
    return x < y || (x == y && keyLess(a.layout, b.layout));
}

// The median of the plans' memory per GPU: a memory such that about half of them fit.
double median(std::vector<double> mem)
{
    std::nth_element(mem.begin(), mem.begin() + long(mem.size() / 2), mem.end());
    return mem[mem.size() / 2];
}
double medianMemory(const std::vector<Brute> &all)
{
    std::vector<double> mem;
    for (const Brute &b : all)
        if (b.valid)
            mem.push_back(b.result.memory_total_gb);
    return median(std::move(mem));
}

void applyMemory(Space &space, double usableGb)
{
    const double gb = usableGb / (1.0 - kMemoryReserve);
    space.base.gpu.memory_gb = gb;
    for (Hardware &h : space.hardware)
        h.gpu.memory_gb = gb;
}

// smallPlan() as a mixture of experts: 4 routed experts (top 2) of width 1024 and one shared,
// the first layer dense; sequences of 2052 tokens, so cp 4 and 8 are refused (2052 % 8 != 0) while
// cp 2, 3 and 6 pass.
Plan smallMoePlan(int layers = 4)
{
    Plan p = smallPlan(layers);
    p.model.experts = 4;
    p.model.experts_per_token = 2;
    p.model.expert_ffn = 1024;
    p.model.shared_experts = 1;
    p.model.dense_layers = 1;
    p.training.seq_len = 2052;
    return p;
}

Space smallSpace()
{
    Space s;
    s.base = smallPlan();
    s.hardware = twoGpus();
    s.gpu_counts = {2, 4, 6, 8, 12};
    return s;
}

// Plans grouped by what they share (a prefix, a layer work, the pipeline's stages): the value of each
// group's first plan, how many plans reused one, and how many new groups got another result from the
// group before's value (`differs(previous, own)`): the tests that share a value check that one from
// elsewhere would show, so that their comparison can fail.
template <typename Key, typename Value>
struct SharedGroups {
    std::map<Key, Value> groups;
    Value previous{};
    bool havePrevious = false;
    std::int64_t reused = 0, otherDiffers = 0;

    template <typename Make, typename Differs>
    const Value &find(const Key &key, Make make, Differs differs)
    {
        auto it = groups.find(key);
        if (it != groups.end()) {
            ++reused;
            return it->second;
        }
        const Value own = make();
        if (havePrevious && differs(previous, own))
            ++otherDiffers;
        previous = own;
        havePrevious = true;
        return groups.emplace(key, own).first->second;
    }
};

} // namespace

class TestSearch : public QObject
{
    Q_OBJECT

private slots:
    // The pre-check accepts a layout exactly when validate() accepts its plan, over every layout of
    // small spaces (GQA, uneven layers, sub-node and multi-node counts, a count that does not fill
    // nodes, a tp wider than a node, context parallelism with a sequence length that 2*cp does not
    // always divide, a small mixture of experts and the built-in Qwen3-30B-A3B, whose etp and ep
    // must fold into tp*cp*dp).
    void precheckEqualsValidate_data()
    {
        QTest::addColumn<int>("variant");
        QTest::newRow("dense 6 layers") << 0;
        QTest::newRow("dense 5 layers") << 1;
        QTest::newRow("dense 1 layer") << 2;
        QTest::newRow("dense seq_len 2052") << 3;
        QTest::newRow("small moe") << 4;
        QTest::newRow("qwen3-30b-a3b") << 5;
        QTest::newRow("dense, global batch 22-25") << 6;
        QTest::newRow("dense, shard groups of 2") << 7;
        QTest::newRow("small moe, shard groups of 2") << 8;
    }
    void precheckEqualsValidate()
    {
        QFETCH(int, variant);
        Space s;
        s.gpu_counts = {1, 2, 3, 4, 6, 8, 12, 16, 10};
        switch (variant) {
        case 0: s.base = smallPlan(6); break;
        case 1: s.base = smallPlan(5); break;
        case 2: s.base = smallPlan(1); break;
        case 3:
            s.base = smallPlan(6);
            s.base.training.seq_len = 2052; // cp 4 and 8 refused, 2, 3 and 6 accepted
            break;
        case 4:
            s.base = smallMoePlan(4);
            if (smallCases())
                s.gpu_counts = {1, 2, 3, 4, 6, 8, 12, 10}; // 16 GPUs is a third of the work
            break;
        case 7:
        case 8:
            // Hybrid sharding: under ZeRO 1-3 a layout whose dp is odd has no shard groups of 2 (nor,
            // with experts, one whose 2 copies do not split edp).
            s.base = variant == 7 ? smallPlan(6) : smallMoePlan(4);
            s.base.training.dp_shard = 2;
            s.gpu_counts = {2, 4, 6, 8, 12, 10};
            break;
        case 6:
            s.base = smallPlan(6);
            s.tokens_min = 22 * std::int64_t(s.base.training.seq_len);
            s.tokens_max = 25 * std::int64_t(s.base.training.seq_len);
            break;
        default:
            s.base = presetPlan("qwen3-30b-a3b", "h100-sxm", "dgx-h100");
            s.base.cluster.gpus_per_node = 4;
            s.base.training.global_batch = 16;
            s.gpu_counts = {1, 2, 4, 6, 8, 16};
            s.allowed[DimVpp] = {1, 2, 3};
            s.allowed[DimMicroBatch] = {1, 2};
            s.allowed[DimRecompute] = {int(Recompute::Selective)};
            break;
        }
        std::int64_t n = 0, accepted = 0, contextsInvalid = 0;
        std::map<int, std::int64_t> acceptedCp, refusedCp, acceptedEp;
        std::int64_t acceptedOddDp = 0, refusedOddDp = 0, acceptedOddDpZero0 = 0;
        QString firstMismatch;
        forEachCandidate(s, [&](const Candidate &c) {
            ++n;
            if (!c.context_valid) {
                ++contextsInvalid;
                return;
            }
            const std::vector<PlanError> errors = validate(c.plan);
            accepted += c.accepted;
            (c.accepted ? acceptedCp : refusedCp)[c.plan.training.cp] += 1;
            if (c.accepted)
                acceptedEp[c.plan.training.ep] += 1;
            if (c.plan.training.dp % 2 == 1 && c.plan.training.zero == 0)
                acceptedOddDpZero0 += c.accepted;
            else if (c.plan.training.dp % 2 == 1)
                (c.accepted ? acceptedOddDp : refusedOddDp) += 1;
            if (c.accepted != errors.empty() && firstMismatch.isEmpty())
                firstMismatch = describe(c.layout) + QStringLiteral(": pre-check ") + (c.accepted ? QStringLiteral("accepts, validate() says ") + QString::fromStdString(errors.front().field + ": " + errors.front().message) : QStringLiteral("refuses, validate() accepts"));
        });
        QVERIFY2(firstMismatch.isEmpty(), qPrintable(firstMismatch));
        QVERIFY(accepted > 0);
        QVERIFY(contextsInvalid == 0); // 6 and 10 GPUs on 4-GPU nodes are not built at all
        QCOMPARE(countSpace(s), n);
        const SearchResult r = runSearch(s, Options{});
        QCOMPARE(r.searched, n);
        QCOMPARE(r.valid, accepted);
        // 6 and 10 GPUs do not fill 4-GPU nodes: no layout is built for them.
        QVERIFY(!r.contexts_invalid.empty());
        QCOMPARE(r.contexts_invalid[0].gpus, 6);
        // The new dimensions are searched, and their rules bite.
        QVERIFY(acceptedCp[2] > 0);
        if (variant == 3 || variant == 4) {
            QVERIFY(acceptedCp[3] > 0);
            QCOMPARE(acceptedCp[4], std::int64_t(0));
            QVERIFY(refusedCp[4] > 0);
        }
        if (variant == 7 || variant == 8) {
            // ZeRO 1-3 on an odd dp have no shard groups of 2; ZeRO 0 does not read dp_shard.
            QCOMPARE(acceptedOddDp, std::int64_t(0));
            QVERIFY(refusedOddDp > 0);
            QVERIFY(acceptedOddDpZero0 > 0);
        } else {
            QVERIFY(acceptedOddDp > 0);
        }
        if (variant == 4 || variant == 5 || variant == 8) {
            QVERIFY(acceptedEp[2] > 0);
            QVERIFY(acceptedEp[4] > 0);
        } else {
            QCOMPARE(int(acceptedEp.size()), 1); // dense: ep 1 only
        }
    }

    // The engine's PlanPrefix (layer sizes and placement) depends on (tp, pp, cp, dp, etp, ep) only:
    // every accepted plan of a small MoE space, evaluated with the prefix of the first plan of its
    // (hardware, GPUs, tp, pp, cp, etp, ep) group, gives every metric of evaluateValid(plan) exactly.
    // A prefix from another group differs somewhere (the check can fail).
    void prefixSharedBelowEp()
    {
        Space s;
        s.base = smallMoePlan(4);
        s.hardware = twoGpus();
        s.gpu_counts = smallCases() ? std::vector<int>{4, 8} : std::vector<int>{4, 8, 12};
        if (smallCases())
            s.hardware.resize(1);
        SharedGroups<std::array<int, 7>, PlanPrefix> prefixes;
        std::int64_t checked = 0;
        QString firstMismatch;
        forEachCandidate(s, [&](const Candidate &c) {
            if (!c.accepted)
                return;
            const TrainingSpec &t = c.plan.training;
            const std::array<int, 7> key{c.layout.hardware, c.layout.gpus, t.tp, t.pp, t.cp, t.etp, t.ep};
            // A neighbouring group's prefix changes some metric of this plan.
            const PlanPrefix &prefix = prefixes.find(
                key, [&] { return preparePrefix(c.plan); },
                [&](const PlanPrefix &other, const PlanPrefix &own) {
                    return resultToJson(evaluateValid(c.plan, other), c.plan, QString())
                        != resultToJson(evaluateValid(c.plan, own), c.plan, QString());
                });
            ++checked;
            const QJsonObject shared = resultToJson(evaluateValid(c.plan, prefix), c.plan, QString());
            const QJsonObject alone = resultToJson(evaluateValid(c.plan), c.plan, QString());
            if (shared != alone && firstMismatch.isEmpty())
                firstMismatch = describe(c.layout);
        });
        QVERIFY2(firstMismatch.isEmpty(), qPrintable(firstMismatch));
        QVERIFY(prefixes.reused > checked / 2); // most plans share a prefix
        QVERIFY(prefixes.otherDiffers > int(prefixes.groups.size()) / 2);
    }

    // The engine's LayerWork depends on the prefix, micro_batch, recompute (and its modules) and
    // sequence parallelism only: every accepted plan of a small MoE space, in BF16 and in FP8 (whose
    // casts the layer work holds), evaluated with the layer work of the first plan of its (prefix,
    // micro-batch, recompute, sp) group, gives every metric of evaluateValid(plan) exactly: the vpp
    // and ZeRO values below share it, as the search's leaves do (SearchThread::layerWork). The same
    // with the pipeline's stages of the first plan of its (prefix, vpp) group, shared across the
    // micro-batch, recompute, sequence parallelism and ZeRO (SearchThread::stages). The layer work and
    // the stages of the group before differ somewhere (the checks can fail).
    void layerWorkSharedAcrossVppAndZero_data()
    {
        QTest::addColumn<bool>("fp8");
        QTest::newRow("bf16") << false;
        QTest::newRow("fp8") << true;
    }
    void layerWorkSharedAcrossVppAndZero()
    {
        QFETCH(bool, fp8);
        Space s;
        s.base = smallMoePlan(4);
        s.base.training.precision = fp8 ? Precision::Fp8 : Precision::Bf16;
        s.base.training.recompute_moe_act = true; // a module the layer work reads
        // A count per chunk would make the layer work depend on pp and vpp: the search recomputes
        // every layer (contextPlan), so the shared work still matches.
        s.base.training.recompute_num_layers = 1;
        s.hardware = twoGpus();
        s.hardware.resize(1); // H100: FP8 runs
        s.gpu_counts = {4, 8};
        SharedGroups<std::array<int, 10>, LayerWork> works;
        // The pipeline's stages are shared wider: across micro-batches, recompute and sequence
        // parallelism too (SearchThread::stages(), per prefix and vpp).
        SharedGroups<std::array<int, 8>, PipelineStages> stages;
        std::int64_t checked = 0;
        QString firstMismatch;
        forEachCandidate(s, [&](const Candidate &c) {
            if (!c.accepted)
                return;
            const TrainingSpec &t = c.plan.training;
            if (t.recompute_num_layers != 0 && firstMismatch.isEmpty())
                firstMismatch = QStringLiteral("recompute_num_layers kept: ") + describe(c.layout);
            const std::array<int, 10> workKey{c.layout.hardware, c.layout.gpus, t.tp, t.pp, t.cp, t.etp, t.ep,
                                              t.micro_batch, int(t.recompute), int(t.sequence_parallel)};
            const std::array<int, 8> stageKey{c.layout.hardware, c.layout.gpus, t.tp, t.pp, t.cp, t.etp, t.ep, t.vpp};
            const PlanPrefix prefix = preparePrefix(c.plan);
            const PipelineStages ownStages = pipelineStages(c.plan, prefix.dims);
            auto result = [&](const LayerWork &w, const PipelineStages &st) {
                return resultToJson(evaluateValid(c.plan, prefix, w, st), c.plan, QString());
            };
            const LayerWork &work = works.find(
                workKey, [&] { return prepareLayerWork(c.plan, prefix); },
                [&](const LayerWork &other, const LayerWork &own) {
                    return result(other, ownStages) != result(own, ownStages);
                });
            const PipelineStages &stage = stages.find(
                stageKey, [&] { return ownStages; },
                [&](const PipelineStages &other, const PipelineStages &own) {
                    return result(work, other) != result(work, own);
                });
            ++checked;
            const QJsonObject alone = resultToJson(evaluateValid(c.plan), c.plan, QString());
            if (result(work, stage) != alone && firstMismatch.isEmpty())
                firstMismatch = describe(c.layout);
        });
        QVERIFY2(firstMismatch.isEmpty(), qPrintable(firstMismatch));
        QVERIFY(checked > 1000);
        QVERIFY(works.reused > checked / 2); // most plans share their layer work
        QVERIFY(works.otherDiffers > int(works.groups.size()) / 2);
        QVERIFY(stages.reused > works.reused); // the stages are shared more widely than the layer work
        QVERIFY(stages.otherDiffers > int(stages.groups.size()) / 4);
        qInfo("%lld plans: %zu layer-work groups, %zu stage groups; another group's stages changed %lld results",
              static_cast<long long>(checked), works.groups.size(), stages.groups.size(),
              static_cast<long long>(stages.otherDiffers));
    }

    // Unfit::MemoryOnly, what the unbounded search's leaves ask for: a plan that fits gets the whole
    // Result, bit for bit; one that does not, the memory figures of the whole evaluation and no time,
    // cost or warning. Memory per GPU at the median plan's, so about half fit.
    void memoryOnlyStopsWhereThePlanDoesNotFit()
    {
        Space s;
        s.base = smallMoePlan(4);
        s.hardware = twoGpus();
        s.gpu_counts = {4, 8};
        std::vector<double> memory;
        forEachCandidate(s, [&](const Candidate &c) {
            if (c.accepted)
                memory.push_back(evaluateValid(c.plan).memory_total_gb);
        });
        QVERIFY(memory.size() > 1000);
        applyMemory(s, median(std::move(memory)));
        int fit = 0, unfit = 0;
        QString firstMismatch;
        forEachCandidate(s, [&](const Candidate &c) {
            if (!c.accepted)
                return;
            const PlanPrefix prefix = preparePrefix(c.plan);
            const LayerWork work = prepareLayerWork(c.plan, prefix);
            const PipelineStages stages = pipelineStages(c.plan, prefix.dims);
            const Result all = evaluateValid(c.plan, prefix, work, stages);
            const Result mem = evaluateValid(c.plan, prefix, work, stages, Unfit::MemoryOnly);
            bool same = false;
            if (all.fits_in_memory) {
                ++fit;
                same = resultToJson(all, c.plan, QString()) == resultToJson(mem, c.plan, QString());
            } else {
                ++unfit;
                same = !mem.fits_in_memory && finiteMemory(mem) && mem.memory_total_gb == all.memory_total_gb
                    && mem.memory_usable_gb == all.memory_usable_gb
                    && mem.memory_activations_gb == all.memory_activations_gb
                    && mem.memory_weights_gb == all.memory_weights_gb
                    && mem.memory_offloaded_gb == all.memory_offloaded_gb
                    && mem.step_time_s == 0 && mem.days_to_train == 0 && mem.tco_usd == 0 && mem.mfu == 0
                    && mem.warnings == 0 && all.step_time_s > 0 && all.warnings != 0;
            }
            if (!same && firstMismatch.isEmpty())
                firstMismatch = describe(c.layout);
        });
        QVERIFY2(firstMismatch.isEmpty(), qPrintable(firstMismatch));
        QVERIFY(fit > 500 && unfit > 500);
    }

    // An invalid context (a multi-node cluster without a network) makes its layouts invalid, counted.
    void invalidContextCounted()
    {
        Space s;
        s.base = smallPlan();
        s.base.cluster.nic_gbit_per_gpu = 0;
        s.gpu_counts = {4, 8};
        const SearchResult r = runSearch(s, Options{});
        QCOMPARE(r.searched, countSpace(s));
        QCOMPARE(int(r.contexts_invalid.size()), 1);
        QCOMPARE(r.contexts_invalid.front().gpus, 8);
        QVERIFY(QString::fromStdString(r.contexts_invalid.front().reason).startsWith(QStringLiteral("cluster.nic_gbit_per_gpu")));
        Space one = s;
        one.gpu_counts = {4};
        QCOMPARE(r.valid, runSearch(one, Options{}).valid);
    }

    // The lower bounds that rule a prefix out (prefixBounds(): days and memory at the plan's own
    // ZeRO stage, of the prefix and at the plan's micro-batch) hold for every plan below them: over
    // every valid layout of small spaces, dense and MoE, BF16 and FP8 (its weight casts), with
    // context parallelism among the candidates and a step-time error; and they are bounds of some
    // use, not zero.
    void prefixBoundsHoldForEveryPlan_data()
    {
        QTest::addColumn<bool>("moe");
        QTest::addColumn<bool>("fp8");
        QTest::addColumn<double>("error");
        QTest::newRow("dense bf16") << false << false << 1.0;
        QTest::newRow("dense fp8, error 1.3") << false << true << 1.3;
        QTest::newRow("moe bf16") << true << false << 1.0;
        QTest::newRow("moe fp8") << true << true << 1.0;
    }
    // The small spaces the bound tests walk plan by plan: one GPU, 4 and 8 of them, dense or MoE, BF16
    // or FP8 (at twice the BF16 peak), with the engine's error factor `error`.
    static Space boundSpace(bool moe, bool fp8, double error)
    {
        Space s = smallSpace();
        s.hardware.resize(1);
        s.gpu_counts = {4, 8};
        if (moe)
            s.base = smallMoePlan();
        if (fp8)
            s.hardware[0].gpu.fp8_dense_tflops = 2 * s.hardware[0].gpu.bf16_dense_tflops;
        s.base.training.precision = fp8 ? Precision::Fp8 : Precision::Bf16;
        s.base.step_time_error = error;
        return s;
    }
    void prefixBoundsHoldForEveryPlan()
    {
        QFETCH(bool, moe);
        QFETCH(bool, fp8);
        QFETCH(double, error);
        const Space s = boundSpace(moe, fp8, error);
        int plans = 0, withCp = 0, tightDays = 0, tightMemory = 0, tightActivations = 0;
        forEachCandidate(s, [&](const Candidate &c) {
            if (!c.accepted)
                return;
            const Result r = evaluateValid(c.plan);
            if (!finiteFigures(r))
                return;
            ++plans;
            withCp += c.plan.training.cp > 1;
            const PrefixBounds b = prefixBounds(c.plan, c.plan.training.zero);
            QVERIFY2(std::isfinite(b.days) && std::isfinite(b.memory_gb), qPrintable(describe(c.layout)));
            QVERIFY2(std::isfinite(b.micro_batch_days), qPrintable(describe(c.layout)));
            QVERIFY2(b.days <= b.micro_batch_days * (1 + 1e-12), qPrintable(describe(c.layout)));
            QVERIFY2(b.micro_batch_days <= r.days_to_train * (1 + 1e-12), qPrintable(describe(c.layout)));
            QVERIFY2(b.memory_gb <= r.memory_total_gb * (1 + 1e-12), qPrintable(describe(c.layout)));
            QVERIFY2(std::isfinite(b.micro_batch_memory_gb), qPrintable(describe(c.layout)));
            QVERIFY2(b.micro_batch_memory_gb <= r.memory_total_gb * (1 + 1e-12), qPrintable(describe(c.layout)));
            tightActivations += b.micro_batch_memory_gb > 0.5 * r.memory_total_gb;
            tightDays += b.days > 0.5 * r.days_to_train;
            tightMemory += b.memory_gb > 0.5 * (r.memory_total_gb - r.memory_activations_gb);
        });
        QVERIFY(plans > 1000);
        QVERIFY(withCp > 0);
        QVERIFY(tightDays > plans / 10);
        QVERIFY(tightMemory > plans / 10);
        QVERIFY(tightActivations > plans / 10);
    }

    // Options::bound rules a (prefix, vpp, micro-batch) out when the plan below it that holds the least
    // memory does not fit, and knows a ZeRO-2 plan's days from the ZeRO-1 plan's: over every plan of
    // small spaces, each holds at least leastMemoryPlan()'s memory, to the bit, and ZeRO-2 takes
    // exactly ZeRO-1's days with one micro-batch a step and at least them with more (it
    // reduce-scatters every micro-batch's gradients).
    void leastMemoryPlanHoldsTheLeastMemory_data() { prefixBoundsHoldForEveryPlan_data(); }
    void leastMemoryPlanHoldsTheLeastMemory()
    {
        QFETCH(bool, moe);
        QFETCH(bool, fp8);
        QFETCH(double, error);
        const Space s = boundSpace(moe, fp8, error);
        int plans = 0, less = 0, zeroOnes = 0, slower = 0;
        forEachCandidate(s, [&](const Candidate &c) {
            if (!c.accepted)
                return;
            const Result r = evaluateValid(c.plan);
            if (!finiteFigures(r))
                return;
            ++plans;
            const Plan least = leastMemoryPlan(c.plan);
            const TrainingSpec &a = least.training, &b = c.plan.training;
            QVERIFY2(a.tp == b.tp && a.pp == b.pp && a.cp == b.cp && a.etp == b.etp && a.ep == b.ep && a.dp == b.dp
                         && a.vpp == b.vpp && a.micro_batch == b.micro_batch,
                     qPrintable(describe(c.layout)));
            QVERIFY2(validate(least).empty(), qPrintable(describe(c.layout)));
            const Result l = evaluateValid(least);
            QVERIFY2(finiteFigures(l), qPrintable(describe(c.layout)));
            QVERIFY2(l.memory_total_gb <= r.memory_total_gb, qPrintable(describe(c.layout)));
            less += l.memory_total_gb < r.memory_total_gb;
            if (b.zero == 1) {
                Plan two = c.plan;
                two.training.zero = 2;
                const double days = evaluateValid(two).days_to_train;
                if (r.micro_batches == 1)
                    QVERIFY2(days == r.days_to_train, qPrintable(describe(c.layout)));
                else
                    QVERIFY2(days >= r.days_to_train, qPrintable(describe(c.layout)));
                slower += days > r.days_to_train;
                ++zeroOnes;
            }
        });
        QVERIFY(plans > 1000);
        QVERIFY(less > plans / 2);
        QVERIFY(zeroOnes > plans / 10);
        QVERIFY(slower > 0);
    }

    // Where no plan fits, the bound evaluates no plan at the leaves: every (prefix, vpp, micro-batch)
    // is ruled out by the memory of its least plan, even where the prefix's memory bound passes it.
    void boundEvaluatesNoLeafWhereNothingFits()
    {
        Space s = smallSpace();
        s.hardware.resize(1);
        s.gpu_counts = {4, 8};
        s.base = smallMoePlan();
        s.base.model.vocab *= 8; // above the 1 GB a GPU holds at least
        double least = INFINITY;
        forEachCandidate(s, [&](const Candidate &c) {
            if (!c.accepted)
                return;
            const Result r = evaluateValid(c.plan);
            if (finiteFigures(r))
                least = std::min(least, r.memory_total_gb);
        });
        QVERIFY(least > 1.1);
        // Nothing fits, by 1%.
        s.hardware[0].gpu.memory_gb = 0.99 * least / (1 - kMemoryReserve);
        Options o;
        o.top = 1;
        o.threads = 1;
        const SearchResult all = runSearch(s, o);
        QCOMPARE(all.fits, 0);
        QVERIFY(all.valid > 100);
        o.bound = true;
        const SearchResult bounded = runSearch(s, o);
        QCOMPARE(bounded.searched, all.searched);
        QVERIFY(bounded.top.empty());
        QCOMPARE(bounded.valid, 0); // no leaf evaluated
        QVERIFY(bounded.bounded > 0);
    }

    // The best plan for each objective is the minimum over every plan evaluated one by one (ties by
    // the documented key), the counts match, and the Pareto front is the brute-force front.
    // Branch and bound (Options::bound) returns the top list of the search that evaluates every
    // layout, entry for entry, with one thread or two, top 1 or 7; dense and MoE, BF16 and FP8
    // with and without a step-time error, and GPUs of 2 GB, where memory rules whole prefixes out;
    // and it rules layouts out unevaluated.
    void boundedTopEqualsEveryLayout_data()
    {
        QTest::addColumn<bool>("moe");
        QTest::addColumn<bool>("fp8");
        QTest::addColumn<int>("top");
        QTest::addColumn<int>("threads");
        QTest::newRow("dense bf16 top 1") << false << false << 1 << 1;
        QTest::newRow("dense bf16 top 7, 2 threads") << false << false << 7 << 2;
        QTest::newRow("dense fp8 top 1") << false << true << 1 << 1;
        QTest::newRow("moe bf16 top 1") << true << false << 1 << 1;
        QTest::newRow("moe fp8 top 7, 2 threads") << true << true << 7 << 2;
        QTest::newRow("moe bf16 top 1, 2 GB") << true << false << 1 << -2;
    }
    void boundedTopEqualsEveryLayout()
    {
        QFETCH(bool, moe);
        QFETCH(bool, fp8);
        QFETCH(int, top);
        QFETCH(int, threads);
        for (const double error : {1.0, 1.3}) {
            Space s = smallSpace();
            if (smallCases()) { // one GPU type, 2 to 8 GPUs: a fifth of the space
                s.hardware.resize(1);
                s.gpu_counts = {2, 4, 8};
            }
            if (moe)
                s.base = smallMoePlan();
            if (fp8)
                for (Hardware &h : s.hardware)
                    h.gpu.fp8_dense_tflops = 2 * h.gpu.bf16_dense_tflops;
            if (threads < 0) // -N: one thread, GPUs of N GB
                for (Hardware &h : s.hardware)
                    h.gpu.memory_gb = -threads;
            s.base.training.precision = fp8 ? Precision::Fp8 : Precision::Bf16;
            s.base.step_time_error = error;
            Options o;
            o.objective = Objective::Time;
            o.top = top;
            o.threads = std::max(threads, 1);
            const SearchResult every = runSearch(s, o);
            o.bound = true;
            const SearchResult bounded = runSearch(s, o);
            QCOMPARE(every.bounded, std::int64_t(0));
            QVERIFY(bounded.bounded > 0);
            QCOMPARE(bounded.searched, every.searched);
            QCOMPARE(bounded.top.size(), every.top.size());
            QVERIFY(!every.top.empty());
            for (size_t i = 0; i < every.top.size(); ++i) {
                QVERIFY(bounded.top[i].layout == every.top[i].layout);
                QCOMPARE(bounded.top[i].result.days_to_train, every.top[i].result.days_to_train);
            }
            QVERIFY(bounded.best_by[0].valid);
            QVERIFY(bounded.best_by[0].found.layout == every.best_by[0].found.layout);
        }
    }

    void bestAndFrontEqualBruteForce_data()
    {
        QTest::addColumn<bool>("moe");
        QTest::addColumn<int>("seqLen");
        QTest::addColumn<bool>("tokensRange");
        QTest::newRow("dense") << false << 0 << false;
        QTest::newRow("dense, odd seq_len: cp 1 only") << false << 4095 << false;
        QTest::newRow("qwen3-30b-a3b") << true << 0 << false;
        QTest::newRow("dense, tokens per step 22-25 sequences") << false << 0 << true;
    }
    void bestAndFrontEqualBruteForce()
    {
        QFETCH(bool, moe);
        QFETCH(int, seqLen);
        QFETCH(bool, tokensRange);
        Space s = smallSpace();
        if (seqLen > 0)
            s.base.training.seq_len = seqLen;
        if (tokensRange) {
            // Global batches 22 to 25 (22 and 23 in the smaller cases; tokens a little inside the
            // bounds: whole sequences only), on one GPU and 4, 8 and 12 GPUs.
            const std::int64_t seq = s.base.training.seq_len;
            s.tokens_min = 21 * seq + 1;
            s.tokens_max = (smallCases() ? 24 : 26) * seq - 1;
            s.hardware.resize(1);
            s.gpu_counts = smallCases() ? std::vector<int>{4, 8} : std::vector<int>{4, 8, 12};
            const std::vector<int> batches = smallCases() ? std::vector<int>{22, 23} : std::vector<int>{22, 23, 24, 25};
            QCOMPARE(globalBatches(s), batches);
        }
        if (smallCases() && !moe && !tokensRange) {
            s.hardware.resize(1); // half the space (the two-GPU case runs with tokensRange off too)
            s.gpu_counts = {2, 4, 8, 12};
        }
        if (moe) {
            // Qwen3-30B-A3B cut to 4 layers (the brute force runs vpp over every layer count), on
            // 4-GPU nodes; sequences of 2052 tokens (cp 4 and 8 refused).
            s.base = presetPlan("qwen3-30b-a3b", "h100-sxm", "dgx-h100");
            s.base.model.layers = 4;
            s.base.cluster.gpus_per_node = 4;
            s.base.training.global_batch = 8;
            s.base.training.seq_len = 2052;
            s.hardware.resize(1);
            s.gpu_counts = smallCases() ? std::vector<int>{2, 4} : std::vector<int>{2, 4, 8};
        }
        std::vector<Brute> all = bruteForce(s);
        applyMemory(s, medianMemory(all));
        all = bruteForce(s);
        std::int64_t valid = 0, fits = 0;
        std::vector<const Brute *> feasible;
        for (const Brute &b : all) {
            valid += b.valid;
            if (b.valid && b.result.fits_in_memory) {
                ++fits;
                feasible.push_back(&b);
            }
        }
        QVERIFY(fits > 100 && fits < valid);
        // The new dimensions are in the brute space's feasible plans.
        QCOMPARE(std::any_of(feasible.begin(), feasible.end(), [](const Brute *b) { return b->plan.training.cp > 1; }), seqLen == 0);
        if (moe)
            QVERIFY(std::any_of(feasible.begin(), feasible.end(), [](const Brute *b) { return b->plan.training.ep > 1; }));
        for (Objective o : kObjectives) {
            Options opt;
            opt.objective = o;
            opt.top = 25;
            const SearchResult r = runSearch(s, opt);
            QCOMPARE(r.valid, valid); // the candidate lists miss no valid plan of the brute space
            QCOMPARE(r.fits, fits);
            QCOMPARE(r.feasible, fits);
            std::vector<const Brute *> ranked = feasible;
            std::sort(ranked.begin(), ranked.end(), [&](const Brute *a, const Brute *b) { return before(o, *a, *b); });
            QCOMPARE(int(r.top.size()), 25);
            for (size_t i = 0; i < r.top.size(); ++i) {
                QVERIFY2(r.top[i].layout == ranked[i]->layout, qPrintable(QStringLiteral("%1 #%2: search %3, brute force %4").arg(QLatin1String(toString(o))).arg(i).arg(describe(r.top[i].layout), describe(ranked[i]->layout))));
                QCOMPARE(objectiveValue(o, r.top[i].result), objectiveValue(o, ranked[i]->result));
            }
            const SearchResult::Best &b = r.best_by[size_t(int(o))];
            QVERIFY(b.valid);
            QVERIFY(b.found.layout == ranked.front()->layout);
            if (tokensRange) { // planOf() gives the plan its batch
                QCOMPARE(planOf(s, b.found.layout).training.global_batch, b.found.layout.global_batch);
                QCOMPARE(evaluate(planOf(s, b.found.layout)).result.days_to_train, b.found.result.days_to_train);
            }
        }
        if (tokensRange) { // every batch of the range has feasible plans, and they differ
            std::map<int, int> perBatch;
            for (const Brute *p : feasible)
                perBatch[p->layout.global_batch] += 1;
            QCOMPARE(int(perBatch.size()), smallCases() ? 2 : 4);
        }

        // The front: not dominated by any feasible plan; exact duplicates are one point (smallest key).
        std::map<std::pair<double, double>, const Brute *> front;
        for (const Brute *p : feasible) {
            const double d = p->result.days_to_train, c = p->result.cost_per_billion_tokens_usd;
            bool dominated = false;
            for (const Brute *q : feasible) {
                const double qd = q->result.days_to_train, qc = q->result.cost_per_billion_tokens_usd;
                if (qd <= d && qc <= c && (qd < d || qc < c)) {
                    dominated = true;
                    break;
                }
            }
            if (dominated)
                continue;
            auto [it, inserted] = front.try_emplace({d, c}, p);
            if (!inserted && keyLess(p->layout, it->second->layout))
                it->second = p;
        }
        const SearchResult r = runSearch(s, Options{});
        QCOMPARE(r.pareto.size(), front.size());
        // With cp in the space one layout on the most GPUs is often both the fastest and the
        // cheapest: the dense spaces with one batch keep a trade-off of at least 2 points (12
        // against 8 GPUs), so the comparison above is not trivial there; the MoE one and the batch
        // range (where the largest batch wins on both) have 1.
        QVERIFY(front.size() >= (moe || tokensRange ? 1u : 2u));
        size_t i = 0;
        for (const auto &[point, p] : front) { // map order: days ascending
            QVERIFY2(r.pareto[i].layout == p->layout, qPrintable(describe(r.pareto[i].layout) + QStringLiteral(" vs ") + describe(p->layout)));
            ++i;
        }
    }

    // The duplicates the search leaves out (ZeRO over one rank, sequence parallelism at tp = 1)
    // evaluate exactly as the plan kept in their place, so leaving them out changes no answer.
    void duplicatesEqualTheirTwins()
    {
        for (bool moe : {false, true}) {
            Space s;
            s.base = moe ? smallMoePlan(4) : smallPlan(6);
            s.base.training.global_batch = 8;
            s.gpu_counts = smallCases() ? std::vector<int>{1, 2, 4} : std::vector<int>{1, 2, 4, 8};
            int compared = 0;
            for (const Brute &b : bruteForce(s, true)) {
                if (!b.valid || !isDuplicate(b.plan))
                    continue;
                const Evaluation twin = evaluate(twinOf(b.plan));
                QVERIFY(twin.ok());
                const Result &x = b.result, &y = twin.result;
                const QString what = describe(b.layout);
                QVERIFY2(x.step_time_s == y.step_time_s, qPrintable(what + QStringLiteral(": step %1 vs %2").arg(x.step_time_s).arg(y.step_time_s)));
                QVERIFY2(x.memory_total_gb == y.memory_total_gb, qPrintable(what + QStringLiteral(": memory %1 vs %2").arg(x.memory_total_gb).arg(y.memory_total_gb)));
                QVERIFY2(x.days_to_train == y.days_to_train && x.cost_per_billion_tokens_usd == y.cost_per_billion_tokens_usd && x.tco_usd == y.tco_usd, qPrintable(what));
                QCOMPARE(x.fits_in_memory, y.fits_in_memory);
                ++compared;
            }
            QVERIFY(compared > 100);
        }
    }

    // Constraints filter exactly: the feasible plans of a constrained search are the plans of the
    // unconstrained one that meet them.
    void constraintsFilter()
    {
        Space s = smallSpace();
        if (smallCases())
            s.hardware.resize(1);
        Options opt;
        opt.top = 100000;
        const SearchResult all = runSearch(s, opt);
        QVERIFY(!all.top.empty());
        // The limits from the plans of at most 8 GPUs in the list (fastest first): the deadline of the
        // one three quarters down, so that every plan meeting it is in the list, and a budget halfway
        // between the least and the most capital among those that meet it, so that it rules some out.
        std::vector<const Found *> small;
        for (const Found &f : all.top)
            if (f.layout.gpus <= 8)
                small.push_back(&f);
        QVERIFY(small.size() >= 4);
        const double deadline = small[small.size() * 3 / 4]->result.days_to_train;
        double least = small.front()->result.capex_usd, most = least;
        for (const Found *f : small)
            if (f->result.days_to_train <= deadline) {
                least = std::min(least, f->result.capex_usd);
                most = std::max(most, f->result.capex_usd);
            }
        QVERIFY(least < most);
        const double budget = (least + most) / 2;
        QVERIFY(deadline <= all.top.back().result.days_to_train);
        Options c = opt;
        c.constraints.deadline_days = deadline;
        c.constraints.budget_usd = budget;
        c.constraints.max_gpus = 8;
        const SearchResult r = runSearch(s, c);
        std::int64_t expected = 0, withoutBudget = 0;
        for (const Found &f : all.top) {
            expected += f.result.days_to_train <= deadline && f.result.capex_usd <= budget && f.layout.gpus <= 8;
            withoutBudget += f.result.days_to_train <= deadline && f.layout.gpus <= 8;
        }
        QCOMPARE(r.feasible, expected);
        QVERIFY(expected > 0 && expected < withoutBudget && withoutBudget < all.feasible);
        for (const Found &f : r.top)
            QVERIFY(f.result.days_to_train <= deadline && f.result.capex_usd <= budget && f.layout.gpus <= 8);
        QVERIFY(r.searched < all.searched); // 12 GPUs is outside the space
    }

    // The same answer with 1, 2 and 3 threads, and again.
    void deterministic()
    {
        Space s = smallSpace();
        s.gpu_counts = smallCases() ? std::vector<int>{4, 8, 12} : std::vector<int>{4, 8, 12, 16, 24};
        SearchResult first;
#ifdef __linux__
        const int niceBefore = getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()));
#endif
        // The last two at the lowest priority (the app's way): the same answer, and the calling
        // thread keeps its priority (the search's threads are its own, even just one).
        int run = 0;
        for (int threads : {1, 2, 3, 2, 1, 2}) {
            Options opt;
            opt.threads = threads;
            opt.low_priority = ++run > 4;
            opt.objective = Objective::Cost;
            opt.top = 40;
            const SearchResult r = runSearch(s, opt);
            if (threads == 1 && !opt.low_priority) {
                first = r;
                continue;
            }
            QCOMPARE(r.searched, first.searched);
            QCOMPARE(r.valid, first.valid);
            QCOMPARE(r.fits, first.fits);
            QCOMPARE(r.top.size(), first.top.size());
            for (size_t i = 0; i < r.top.size(); ++i)
                QVERIFY(r.top[i].layout == first.top[i].layout);
            QCOMPARE(r.pareto.size(), first.pareto.size());
            for (size_t i = 0; i < r.pareto.size(); ++i)
                QVERIFY(r.pareto[i].layout == first.pareto[i].layout);
        }
#ifdef __linux__
        QCOMPARE(getpriority(PRIO_PROCESS, static_cast<id_t>(gettid())), niceBefore);
#endif
    }

    // Allowed values restrict the space, and a found layout rebuilds into the plan that was evaluated.
    void allowedAndPlanOf()
    {
        Space s = smallSpace();
        s.allowed[DimZero] = {1};
        s.allowed[DimRecompute] = {int(Recompute::Selective)};
        const SearchResult r = runSearch(s, Options{});
        QVERIFY(!r.top.empty());
        for (const Found &f : r.top) {
            QCOMPARE(f.layout.value[DimZero], 1);
            const Plan p = planOf(s, f.layout);
            QVERIFY(validate(p).empty());
            const Result again = evaluateValid(p);
            QCOMPARE(again.step_time_s, f.result.step_time_s);
            QCOMPARE(again.memory_total_gb, f.result.memory_total_gb);
        }
        Space full = smallSpace();
        QVERIFY(runSearch(full, Options{}).searched > 5 * r.searched);
    }

    // Issue 22: a plan with a non-finite figure is invalid, never a candidate. fp8_efficiency 5e-324
    // made every FP8 figure infinite or NaN; NaN compares false with everything, so every plan
    // joined the Pareto front and the search went quadratic. Now validate() refuses the field (the
    // contexts are invalid), and the search's own check drops any plan whose figures are not finite.
    void nonFiniteFiguresAreNeverCandidates()
    {
        Space s;
        s.base = smallPlan();
        s.base.training.precision = Precision::Fp8;
        PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"))->applyTo(s.base);
        s.base.gpu.fp8_efficiency = std::numeric_limits<double>::denorm_min();
        s.gpu_counts = {4, 8};
        const SearchResult r = runSearch(s, Options{});
        QCOMPARE(r.valid, 0);
        QVERIFY(r.pareto.empty());
        QVERIFY(r.top.empty());
        QCOMPARE(r.contexts_invalid_count, 2);
        QVERIFY(QString::fromStdString(r.contexts_invalid.front().reason).startsWith(QStringLiteral("gpu.fp8_efficiency")));

        Result nan = evaluateValid(smallPlan());
        QVERIFY(finiteFigures(nan));
        nan.cost_per_billion_tokens_usd = std::nan("");
        QVERIFY(!finiteFigures(nan));
        nan = evaluateValid(smallPlan());
        nan.days_to_train = std::numeric_limits<double>::infinity();
        QVERIFY(!finiteFigures(nan));
    }

    // The contexts are counted by arithmetic and made one at a time: a tokens-per-step range of
    // 1e12 tokens (244 million global batches, clipped to the field's 1e8) is 1e8 contexts, counted
    // at once without a vector of them; and --top is clamped, not reserved.
    void contextsAreCountedNotBuilt()
    {
        Space s;
        s.base = smallPlan();
        s.tokens_min = 1;
        s.tokens_max = 1000000000000;
        QElapsedTimer t;
        t.start();
        QCOMPARE(countContexts(s), std::int64_t(100000000));
        QCOMPARE(globalBatchCount(s), std::int64_t(100000000));
        QVERIFY(countContexts(s) > kMaxContexts);
        QVERIFY2(t.elapsed() < 1000, qPrintable(QString::number(t.elapsed())));
        Space small = smallSpace();
        if (smallCases())
            small.hardware.resize(1);
        Options opt;
        opt.top = 100000000; // reserved top + 1 results per thread before
        const SearchResult r = runSearch(small, opt);
        QVERIFY(!r.top.empty() && r.top.size() <= size_t(kMaxTop));
    }

    // Cancel stops the search; progress counts up to the space when it runs to the end.
    void cancelAndProgress()
    {
        Space s = smallSpace();
        std::atomic<bool> cancel{true};
        std::atomic<std::int64_t> progress{0};
        Options opt;
        opt.cancel = &cancel;
        opt.progress = &progress;
        const SearchResult r = runSearch(s, opt);
        QVERIFY(r.cancelled);
        QVERIFY(r.valid == 0);
        cancel = false;
        progress = 0;
        const SearchResult full = runSearch(s, opt);
        QVERIFY(!full.cancelled);
        QCOMPARE(progress.load(), full.searched);
    }

    // The found best is never slower than the published layout of a known run, on its GPU count
    // and hardware, under the same engine (tests/fixtures/published-runs.json).
    void neverSlowerThanPublished()
    {
        // One run of each source (the first counted one small enough for the case size), read as
        // the accuracy fit reads it (model/accuracy: only what the source publishes, the defaults).
        const accuracy::LoadResult loaded = accuracy::loadRuns(QStringLiteral(COMMTAX_FIXTURES_DIR "/published-runs.json"), PresetCatalog::builtIn());
        QVERIFY2(loaded.errors.isEmpty(), qPrintable(loaded.errors.join(QLatin1Char('\n'))));
        QStringList sources;
        int compared = 0;
        for (const accuracy::Run &run : loaded.runs) {
            const Plan &plan = run.plan;
            const int runGpus = plan.cluster.nodes * plan.cluster.gpus_per_node;
            if (!run.excluded.isEmpty() || sources.contains(run.source_id) || runGpus > (smallCases() ? 64 : 512)
                || (plan.model.moe() && runGpus > 16))
                continue;
            const Evaluation published = evaluate(plan);
            if (!published.ok())
                continue; // a row whose tuned settings the fit resolves first (test_fidelity covers it)
            sources << run.source_id;
            Space s;
            s.base = plan;
            Options opt;
            opt.objective = Objective::Time;
            opt.top = 1;
            const SearchResult r = runSearch(s, opt);
            if (!published.result.fits_in_memory) {
                qInfo("%-40s published layout does not fit under the engine; best found %s", qPrintable(run.id),
                      r.top.empty() ? "none" : qPrintable(describe(r.top.front().layout)));
                continue;
            }
            QVERIFY2(!r.top.empty(), qPrintable(run.id));
            const Result &best = r.top.front().result;
            qInfo("%-40s published %.4g s/step, best %.4g s/step (%s), %lld searched", qPrintable(run.id),
                  published.result.step_time_s, best.step_time_s, qPrintable(describe(r.top.front().layout)),
                  static_cast<long long>(r.searched));
            QVERIFY2(best.days_to_train <= published.result.days_to_train, qPrintable(run.id));
            QVERIFY2(best.step_time_s <= published.result.step_time_s, qPrintable(run.id));
            ++compared;
        }
        QVERIFY2(compared >= 8, qPrintable(QString::number(compared)));
    }
};

QTEST_GUILESS_MAIN(TestSearch)
#include "test_search.moc"
