// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare.h"

#include "core/gpumove.h"
#include "engine/sweep.h"

#include <QRegularExpression>

#include <algorithm>
#include <climits>
#include <cmath>

namespace commtax {

QString normalizationKey(Normalization n)
{
    switch (n) {
    case Normalization::AsGiven: return QStringLiteral("as-given");
    case Normalization::EqualGpus: return QStringLiteral("gpus");
    case Normalization::EqualBudget: return QStringLiteral("budget");
    case Normalization::EqualTime: return QStringLiteral("time");
    }
    return QString();
}

QString normalizationLabel(Normalization n)
{
    switch (n) {
    case Normalization::AsGiven: return QStringLiteral(QT_TRANSLATE_NOOP("commtax::Library", "As given"));
    case Normalization::EqualGpus: return QStringLiteral(QT_TRANSLATE_NOOP("commtax::Library", "Equal GPU count"));
    case Normalization::EqualBudget: return QStringLiteral(QT_TRANSLATE_NOOP("commtax::Library", "Equal budget (capex)"));
    // The rule, not "equal time": the fewest GPUs at least as fast as A often train faster (a
    // count between two whole-node steps does not exist).
    case Normalization::EqualTime:
        return QStringLiteral(QT_TRANSLATE_NOOP("commtax::Library", "At least as fast as A"));
    }
    return QString();
}

bool parseNormalization(const QString &key, Normalization &out)
{
    for (Normalization n : {Normalization::AsGiven, Normalization::EqualGpus, Normalization::EqualBudget, Normalization::EqualTime})
        if (key == normalizationKey(n)) {
            out = n;
            return true;
        }
    return false;
}

QString normalizationKeys(Normalization n, const BestLayout &best)
{
    if (!best.enabled)
        return normalizationKey(n);
    if (n == Normalization::AsGiven)
        return QLatin1String(kBestLayoutKey);
    return normalizationKey(n) + QLatin1Char(',') + QLatin1String(kBestLayoutKey);
}

bool parseNormalizations(const QString &text, Normalization &n, BestLayout &best)
{
    bool haveN = false, haveBest = false;
    Normalization found = Normalization::AsGiven;
    for (const QString &part : text.split(QLatin1Char(','))) {
        const QString key = part.trimmed();
        if (key == QLatin1String(kBestLayoutKey)) {
            if (haveBest)
                return false;
            haveBest = true;
            continue;
        }
        Normalization one;
        if (haveN || !parseNormalization(key, one))
            return false;
        haveN = true;
        found = one;
    }
    n = found;
    best.enabled = haveBest;
    return true;
}

namespace {

// "tp=2 pp=1 cp=1 vpp=1 dp=128 ..." in scenario keys (sp for sequence_parallel); with `other`, only
// what differs from it.
QString layoutText(const search::Layout &l, const search::Layout *other = nullptr)
{
    QStringList parts;
    for (int d = 0; d < search::kDimCount; ++d) {
        const int v = l.value[size_t(d)];
        if (d == search::DimEtp && v == 0)
            continue; // a dense model: no experts
        if (d == search::DimEp && v == 1 && l.value[search::DimEtp] == 0)
            continue;
        if (other && other->value[size_t(d)] == v) {
            if (d == search::DimVpp && other->dp != l.dp)
                parts << QStringLiteral("dp=%1").arg(l.dp);
            continue;
        }
        QString value = QString::number(v);
        if (d == search::DimRecompute)
            value = QLatin1String(toString(Recompute(v)));
        else if (d == search::DimSequenceParallel)
            value = v ? QStringLiteral("on") : QStringLiteral("off");
        // "sp" for sequence_parallel: the note is read in a table column, where the long key
        // would not wrap.
        const QLatin1String key = d == search::DimSequenceParallel ? QLatin1String("sp") : QLatin1String(search::dimKey(d));
        parts << QStringLiteral("%1=%2").arg(key, value);
        if (d == search::DimVpp)
            parts << QStringLiteral("dp=%1").arg(l.dp);
    }
    return parts.join(QLatin1Char(' '));
}

// The degrees that split the model: tp, pp, cp, etp, ep, vpp.
bool sameSplit(const search::Layout &a, const search::Layout &b)
{
    for (int d : {search::DimTp, search::DimPp, search::DimCp, search::DimEtp, search::DimEp, search::DimVpp})
        if (a.value[size_t(d)] != b.value[size_t(d)])
            return false;
    return true;
}

} // namespace

bool bestLayoutFor(Plan &plan, Result &result, search::Objective objective, LayoutChoice &choice)
{
    choice = LayoutChoice{};
    search::Space space;
    space.base = plan;
    const std::int64_t gpus = std::int64_t(plan.cluster.nodes) * plan.cluster.gpus_per_node;
    if (gpus <= 0 || gpus > INT_MAX)
        return false;
    space.gpu_counts = {int(gpus)};
    search::Options options;
    options.objective = objective;
    // The runner-up is the best plan that splits the model differently: near-equal variants of the
    // winner (another recompute or ZeRO stage) fill the first places, so keep enough of them.
    options.top = 512;
    options.threads = 1; // comparisons run beside other work (the GUI's engine thread)
    const search::SearchResult r = search::runSearch(space, options);
    choice.searched = r.searched;
    if (r.top.empty())
        return false;
    const search::Found &best = r.top.front();
    const search::Found *runnerUp = nullptr;
    for (size_t i = 1; i < r.top.size() && !runnerUp; ++i)
        if (!sameSplit(r.top[i].layout, best.layout))
            runnerUp = &r.top[i];
    if (!runnerUp && r.top.size() > 1)
        runnerUp = &r.top[1];
    plan = search::planOf(space, best.layout);
    result = best.result;
    choice.applied = true;
    choice.layout = layoutText(best.layout);
    if (runnerUp) {
        choice.runnerUp = layoutText(runnerUp->layout);
        for (const std::string &k : search::differingFields(runnerUp->layout, best.layout, space))
            choice.runnerUpDiffers << QString::fromStdString(k);
        choice.runnerUpChanges = layoutText(runnerUp->layout, &best.layout);
        const double a = search::objectiveValue(objective, best.result), b = search::objectiveValue(objective, runnerUp->result);
        choice.margin = a > 0 ? (b - a) / a : 0.0;
    }
    return true;
}

namespace {

// Two notes of one plan, one after the other.
void appendNote(LibraryText &note, const LibraryText &text)
{
    if (text.isEmpty())
        return;
    note = note.isEmpty() ? text : LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "%1; %2"), {note, text});
}

LibraryText number(qint64 n) { return LibraryText(QString::number(n)); }

// The best layout of one compared plan; returns the note saying what it is and what came second.
LibraryText applyBestLayout(ComparedPlan &cp, search::Objective objective)
{
    if (!cp.valid)
        return LibraryText();
    if (!bestLayoutFor(cp.plan, cp.result, objective, cp.layout))
        return LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "no layout on %1 GPUs fits in memory: layout as given"),
                                   {number(qint64(cp.plan.cluster.nodes) * cp.plan.cluster.gpus_per_node)});
    const char *best = nullptr;
    switch (objective) {
    case search::Objective::Time: best = QT_TRANSLATE_NOOP("commtax::Library", "best layout for time on %1 GPUs: %2"); break;
    case search::Objective::Cost: best = QT_TRANSLATE_NOOP("commtax::Library", "best layout for cost on %1 GPUs: %2"); break;
    case search::Objective::Tco: best = QT_TRANSLATE_NOOP("commtax::Library", "best layout for tco on %1 GPUs: %2"); break;
    }
    LibraryText text = LibraryText::phrase(best, {number(cp.result.gpus), cp.layout.layout});
    if (!cp.layout.runnerUp.isEmpty())
        appendNote(text, LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "the runner-up (%1) is %2% worse"), {cp.layout.runnerUpChanges, formatNumber(cp.layout.margin * 100.0, 2)}));
    return text;
}

bool nearlyEqual(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)); }

int gpuCount(const Plan &p) { return p.cluster.nodes * p.cluster.gpus_per_node; }

struct Candidate {
    int gpus = 0;
    Plan plan;
    Result result;
};

std::vector<Candidate> candidates(const Plan &plan)
{
    std::vector<Candidate> out;
    for (int g : feasibleGpuCounts(plan)) {
        Candidate c{g, plan, Result{}};
        resizePlan(c.plan, g, GpuScaling::FixedGlobalBatch, nullptr);
        c.result = evaluateValid(c.plan);
        out.push_back(std::move(c));
    }
    return out;
}

QString money(double usd) { return formatMetric(metricInfo(MetricId::Capex), usd); }

LibraryText resizedNote(const Plan &from, const Candidate &to)
{
    return LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "resized from %1 to %2 GPUs (%3 nodes, dp=%4)"),
                               {number(gpuCount(from)), number(to.gpus), number(to.plan.cluster.nodes), number(to.plan.training.dp)});
}

} // namespace

const char *const kResizedPlanNamePattern = QT_TRANSLATE_NOOP("commtax::Library", "%1 (%2 GPUs)");
const char *const kBestLayoutTag = QT_TRANSLATE_NOOP("commtax::Library", " (best layout)");
const char *const kUnnamedPlanPattern = QT_TRANSLATE_NOOP("commtax::Library", "Plan %1");

bool replaceGpuCount(QString &name, int fromGpus, int toGpus)
{
    // The old count as a whole number, with or without thousands separators ("1024", "1,024").
    QString grouped = QString::number(fromGpus);
    for (qsizetype i = grouped.size() - 3; i > 0; i -= 3)
        grouped.insert(i, QLatin1Char(','));
    for (const QString &old : {grouped, QString::number(fromGpus)}) {
        const QRegularExpression re(QStringLiteral("(?<![\\d.,])") + QRegularExpression::escape(old) + QStringLiteral("(?![\\d]|[.,]\\d)"));
        const QRegularExpressionMatch m = re.match(name);
        if (m.hasMatch()) {
            QString now = QString::number(toGpus);
            if (old.contains(QLatin1Char(',')))
                for (qsizetype i = now.size() - 3; i > 0; i -= 3)
                    now.insert(i, QLatin1Char(','));
            name.replace(m.capturedStart(), m.capturedLength(), now);
            return true;
        }
    }
    return false;
}

QString resizedPlanName(const QString &name, int fromGpus, int toGpus, const TextTranslator &translate)
{
    QString out = name;
    if (fromGpus == toGpus || replaceGpuCount(out, fromGpus, toGpus))
        return out;
    return toString(LibraryText::phrase(kResizedPlanNamePattern, {name, QString::number(toGpus)}), translate);
}

QString unnamedPlanName(int index, const TextTranslator &translate)
{
    return toString(LibraryText::phrase(kUnnamedPlanPattern, {QString::number(index + 1)}), translate);
}

PlanName planNameOf(const Scenario &s, int column)
{
    PlanName n{s.name, column};
    n.tags = s.nameTags;
    if (!s.name.isEmpty() && s.name == planNameFor(s.plan))
        n.parts = planNameParts(s.plan);
    return n;
}

LibraryText nameText(const PlanName &n)
{
    LibraryText text;
    if (n.given.isEmpty()) {
        text = LibraryText::phrase(kUnnamedPlanPattern, {QString::number(n.column + 1)});
    } else if (n.parts) {
        // planNameFor()'s words, context "commtax::Plan" (model/text/modeltext.cpp scenarioNameText())
        LibraryText gpu(n.parts->gpu);
        for (const PresetNameTag &t : n.parts->gpuTags)
            gpu += t.kind == PresetNameTag::Measured ? LibraryText::phrase(presetNameTagText(t.kind), {t.date})
                                                     : LibraryText::phrase(presetNameTagText(t.kind));
        text = LibraryText::phrase(kPlanNamePattern, {n.parts->model, QString::number(n.parts->gpus), gpu});
        text.context = "commtax::Plan";
    } else {
        text = LibraryText(n.given);
    }
    if (n.addedGpus > 0)
        text = LibraryText::phrase(kResizedPlanNamePattern, {text, QString::number(n.addedGpus)});
    for (PlanNameTag t : n.tags)
        text += LibraryText::phrase(planNameTagText(t));
    if (n.bestLayout)
        text += LibraryText::phrase(kBestLayoutTag);
    return text;
}

bool sameLayout(const TrainingSpec &a, const TrainingSpec &b)
{
    return a.tp == b.tp && a.pp == b.pp && a.cp == b.cp && a.vpp == b.vpp && a.ep == b.ep && a.etp == b.etp && a.micro_batch == b.micro_batch
        && a.zero == b.zero && a.recompute == b.recompute && a.sequence_parallel == b.sequence_parallel
        && a.first_stage_layers == b.first_stage_layers && a.last_stage_layers == b.last_stage_layers;
}

namespace {

void applyCandidate(ComparedPlan &cp, const Candidate &c, const LibraryText &extra)
{
    const bool changed = c.gpus != gpuCount(cp.plan);
    LibraryText note;
    if (changed) {
        note = resizedNote(cp.plan, c);
        // a name the app gave follows the count; a count the comparison added is updated; else one
        // the name states, else one is added
        if (cp.label.parts) {
            cp.label.parts->gpus = c.gpus;
            cp.label.given = planNameFor(c.plan);
        } else if (cp.label.addedGpus > 0 || cp.label.given.isEmpty()
                   || !replaceGpuCount(cp.label.given, gpuCount(cp.plan), c.gpus))
            cp.label.addedGpus = c.gpus;
        cp.name = toString(nameText(cp.label));
    }
    appendNote(note, extra);
    cp.noteText = note;
    cp.plan = c.plan;
    cp.result = c.result;
}

void normalizeOne(ComparedPlan &cp, const ComparedPlan &ref, Normalization n)
{
    const std::vector<Candidate> cands = candidates(cp.plan);
    if (cands.empty()) {
        cp.noteText = LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "no other GPU count keeps tp=%1, pp=%2 and the global batch; left as given"),
                                          {number(cp.plan.training.tp), number(cp.plan.training.pp)});
        return;
    }
    switch (n) {
    case Normalization::AsGiven:
        return;
    case Normalization::EqualGpus: {
        const int target = ref.result.gpus;
        const Candidate *best = &cands.front();
        for (const Candidate &c : cands)
            if (std::abs(c.gpus - target) < std::abs(best->gpus - target))
                best = &c;
        applyCandidate(cp, *best,
                       best->gpus == target ? LibraryText()
                                            : LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "no layout with exactly %1 GPUs (tp*pp*dp in whole nodes, dp dividing the batch): nearest %2"),
                                                                  {number(target), number(best->gpus)}));
        return;
    }
    case Normalization::EqualBudget: {
        if (cp.plan.economics.mode == EconomicsMode::Rent) {
            cp.noteText = LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "rented: no capex to match; left as given"));
            return;
        }
        const double budget = ref.result.capex_usd;
        const Candidate *best = nullptr;
        for (const Candidate &c : cands)
            if (c.result.capex_usd <= budget * (1 + 1e-9))
                best = &c; // ascending: the last one that fits is the most GPUs
        if (best)
            applyCandidate(cp, *best, LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "capex %1 of the %2 budget"), {money(best->result.capex_usd), money(budget)}));
        else
            applyCandidate(cp, cands.front(),
                           LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "even the smallest layout (%1 GPUs, %2) exceeds the %3 budget"),
                                               {number(cands.front().gpus), money(cands.front().result.capex_usd), money(budget)}));
        return;
    }
    case Normalization::EqualTime: {
        // The fewest GPUs that train at least as fast as A (candidates are in ascending GPU count);
        // when no count is that fast, the fastest one, with a note. A nearest-in-ratio rule kept
        // 512 A100s at 159 days against A's 119 although 1024 take 83.
        const double days = ref.result.days_to_train;
        const Candidate *best = nullptr;
        for (const Candidate &c : cands)
            if (c.result.days_to_train <= days * (1 + 1e-9)) {
                best = &c;
                break;
            }
        if (best) {
            applyCandidate(cp, *best, LibraryText());
            return;
        }
        best = &cands.front();
        for (const Candidate &c : cands)
            if (c.result.days_to_train < best->result.days_to_train)
                best = &c;
        const double ratio = best->result.days_to_train / days;
        applyCandidate(cp, *best,
                       LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "no GPU count trains as fast as A's %1 days: the fastest, %2 GPUs, takes %3 days (+%4%)"),
                                           {formatNumber(days, 1), number(best->gpus), formatNumber(best->result.days_to_train, 1),
                                            formatNumber((ratio - 1.0) * 100.0, 0)}));
        return;
    }
    }
}

} // namespace

QList<Scenario> hardwareVariants(const Scenario &base, const QStringList &gpuIds, const PresetCatalog &catalog,
                                 QStringList *unknown)
{
    QList<Scenario> out;
    // A base the tool named ("Llama 2 70B on 256 H100 SXM5") gives variants named the same way, worded
    // by the UI and told apart by their GPU ("... A100 SXM4"); a name the user gave gives the GPU's.
    const bool autoNamed = base.name.isEmpty() || base.name == planNameFor(base.plan, catalog);
    for (const QString &id : gpuIds) {
        Scenario s = base;
        const std::optional<GpuInServer> moved = moveToGpu(catalog, s.plan, id);
        if (!moved) {
            if (unknown)
                *unknown << id;
            continue;
        }
        s.gpuPreset = moved->gpu.id;
        if (moved->cluster)
            s.clusterPreset = moved->cluster->id;
        s.name = autoNamed ? planNameFor(s.plan, catalog) : moved->gpu.name;
        s.nameTags.clear(); // a new name: the base's tags ("... (copy)") were its own
        out << s;
    }
    return out;
}

QStringList defaultComparisonGpus()
{
    return {QStringLiteral("h100-sxm"), QStringLiteral("a100-sxm-80gb"), QStringLiteral("l40s"), QStringLiteral("rtx-4090")};
}

QList<Scenario> hardwareComparisonFor(const Scenario &current, const PresetCatalog &catalog)
{
    Scenario first = current;
    if (first.name.isEmpty())
        first.name = QStringLiteral("Current plan");
    QStringList others = defaultComparisonGpus();
    others.removeAll(QString::fromStdString(current.plan.gpu.id));
    return QList<Scenario>{first} + hardwareVariants(current, others, catalog);
}

QList<Scenario> defaultComparison(const PresetCatalog &catalog)
{
    Scenario base = defaultScenario(catalog);
    if (const std::optional<Preset> model = catalog.find(Section::Model, QStringLiteral("llama2-13b"))) {
        model->applyTo(base.plan);
        base.modelPreset = model->id;
    }
    base.plan.training.tp = 2;
    base.plan.training.pp = 4;
    base.plan.training.dp = 32; // 32 nodes x 8 GPUs = 256
    // bf16 gradients (Megatron's --grad-reduce-in-bf16): with the fp32 default the RTX 4090 needs
    // 24.6 GB and does not fit its 24 GB; the comparison keeps every GPU running.
    base.plan.training.grad_bytes = 2;
    // ZeRO-2 (the gradients sharded as well: Megatron-FSDP's optim_grads, DeepSpeed's stage 2, which
    // reduce-scatter every micro-batch's gradients): with the logits of the last stage counted, the
    // RTX 4090 needs 21.6 GB at ZeRO-1, a hair above its 21.6 GB usable.
    base.plan.training.zero = 2;
    QList<Scenario> out = hardwareVariants(base, defaultComparisonGpus(), catalog);
    for (Scenario &s : out)
        s.name = planNameFor(s.plan, catalog); // "Llama 2 13B on 256 H100 SXM5", worded by the UI
    if (!out.isEmpty()) {
        Scenario rented = out.first();
        rented.nameTags = {PlanNameTag::Rented};
        rented.plan.economics.mode = EconomicsMode::Rent;
        rented.plan.economics.usd_per_gpu_hour = kDefaultH100RentUsdPerGpuHour;
        out << rented;
    }
    return out;
}

std::vector<int> feasibleGpuCounts(const Plan &plan, int maxGpus)
{
    std::vector<int> out;
    const TrainingSpec &t = plan.training;
    std::int64_t replica = 0;
    if (t.micro_batch <= 0 || t.global_batch <= 0 || t.global_batch % t.micro_batch != 0 || !modelParallelGpus(t, replica))
        return out;
    const long long microBatches = t.global_batch / t.micro_batch; // per step, over all of dp
    const long long tpPp = replica;                                // tp * cp * pp
    std::vector<long long> dps;
    for (long long d = 1; d * d <= microBatches; ++d)
        if (microBatches % d == 0) {
            dps.push_back(d);
            if (d * d != microBatches)
                dps.push_back(microBatches / d);
        }
    std::sort(dps.begin(), dps.end());
    for (long long d : dps) {
        if (d * tpPp > maxGpus)
            break;
        const int gpus = static_cast<int>(d * tpPp);
        Plan work = plan;
        if (resizePlan(work, gpus, GpuScaling::FixedGlobalBatch, nullptr) && validate(work).empty())
            out.push_back(gpus);
    }
    return out;
}

bool judgedByMemoryShare(const MetricInfo &m)
{
    return m.better == Better::Lower && qstrcmp(m.unit, "GB") == 0; // the memory parts and the total
}

QList<int> Comparison::best(const MetricInfo &m) const
{
    QList<int> out;
    if (m.better == Better::None)
        return out;
    // A rented plan has no capex: its zero is no bargain to mark.
    const bool capex = m.id == MetricId::Capex;
    // Nor is a figure that does not apply (n/a: a BF16 plan's FP8 time, a given goodput's losses).
    auto competes = [&](qsizetype i) {
        return plans[i].runs() && metricApplies(m, plans[i].plan)
            && !(capex && plans[i].plan.economics.mode == EconomicsMode::Rent);
    };
    const bool share = judgedByMemoryShare(m);
    auto valueOf = [&](qsizetype i) {
        const Result &r = plans[i].result;
        return share ? (r.memory_usable_gb > 0 ? m.get(r) / r.memory_usable_gb : qQNaN()) : m.get(r);
    };
    double bestValue = 0;
    bool any = false;
    int competing = 0;
    for (qsizetype i = 0; i < plans.size(); ++i) {
        if (!competes(i))
            continue;
        ++competing;
        const double v = valueOf(i);
        if (!std::isfinite(v))
            continue;
        if (!any || (m.better == Better::Lower ? v < bestValue : v > bestValue))
            bestValue = v;
        any = true;
    }
    if (!any)
        return out;
    for (qsizetype i = 0; i < plans.size(); ++i)
        if (competes(i) && nearlyEqual(valueOf(i), bestValue))
            out << int(i);
    if (out.size() == competing) // every plan equal: nothing stands out
        out.clear();
    return out;
}

namespace {
// The plan that runs with the lowest value of metric `id`; the first of equals. Not best(), which marks
// nothing when every plan has the same value: one plan left, or two alike, still run (one plan
// left in Compare said that none could run).
int lowest(const Comparison &c, MetricId id)
{
    const MetricInfo &m = metricInfo(id);
    int out = -1;
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        if (!c.plans[i].runs() || !std::isfinite(m.get(c.plans[i].result)))
            continue;
        if (out < 0 || m.get(c.plans[i].result) < m.get(c.plans[out].result))
            out = int(i);
    }
    return out;
}
} // namespace

int Comparison::cheapest() const { return lowest(*this, MetricId::CostPerBillionTokens); }

int Comparison::fastest() const { return lowest(*this, MetricId::DaysToTrain); }

Comparison comparePlans(const QList<Scenario> &scenarios, Normalization n, int reference)
{
    return comparePlans(scenarios, n, BestLayout{}, reference);
}

Comparison comparePlans(const QList<Scenario> &scenarios, Normalization n, const BestLayout &bestLayout, int reference)
{
    Comparison c;
    c.normalization = n;
    c.bestLayout = bestLayout;
    c.reference = reference >= 0 && reference < scenarios.size() ? reference : 0;
    for (qsizetype i = 0; i < scenarios.size(); ++i) {
        ComparedPlan cp;
        cp.scenario = scenarios[i];
        cp.label = planNameOf(scenarios[i], int(i));
        cp.name = toString(nameText(cp.label));
        cp.plan = scenarios[i].plan;
        const std::vector<PlanError> errors = validate(cp.plan);
        cp.valid = errors.empty();
        if (cp.valid)
            cp.result = evaluateValid(cp.plan);
        else {
            cp.error = QString::fromStdString(errors.front().field + ": " + errors.front().message);
            cp.errorText = LibraryText(QString::fromStdString(errors.front().field + ": "))
                + LibraryText::engineText("commtax::Errors", errors.front().text);
        }
        c.plans << cp;
    }
    // Best layout first, on each plan's own GPU count (search.h); the normalisation then compares
    // against the reference's best.
    QList<LibraryText> layoutNotes;
    for (ComparedPlan &cp : c.plans) {
        layoutNotes << (bestLayout.enabled ? applyBestLayout(cp, bestLayout.objective) : LibraryText());
        cp.noteText = layoutNotes.back();
    }
    // The notes in English for JSON, CSV and the command line. A plan whose layout the search
    // changed says so in its name, as a resized plan states its GPU count (the plan
    // named "...256 H100..." showed 65.5 days here and 100 days in the main window).
    const auto done = [&](Comparison &out) -> Comparison & {
        for (qsizetype i = 0; i < out.plans.size() && i < scenarios.size(); ++i) {
            ComparedPlan &cp = out.plans[i];
            if (bestLayout.enabled && cp.layout.applied && !sameLayout(scenarios[i].plan.training, cp.plan.training))
                cp.label.bestLayout = true;
            cp.name = toString(nameText(cp.label));
        }
        out.note = toString(out.noteText);
        for (ComparedPlan &cp : out.plans)
            cp.note = toString(cp.noteText);
        return out;
    };
    if (n == Normalization::AsGiven || c.plans.isEmpty())
        return done(c);
    const ComparedPlan &ref = c.plans[c.reference];
    if (!ref.valid) {
        c.noteText = LibraryText::phrase(
            QT_TRANSLATE_NOOP("commtax::Library", "the reference plan \"%1\" is invalid, so nothing was normalised"),
            {nameText(ref.label)});
        return done(c);
    }
    if (n == Normalization::EqualBudget && ref.plan.economics.mode == EconomicsMode::Rent) {
        c.noteText = LibraryText::phrase(QT_TRANSLATE_NOOP("commtax::Library", "the reference plan \"%1\" is rented (no capex): equal budget needs a bought reference, so nothing was normalised"),
                                         {nameText(ref.label)});
        return done(c);
    }
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        ComparedPlan &cp = c.plans[i];
        if (i == c.reference || !cp.valid)
            continue;
        const int before = gpuCount(cp.plan);
        normalizeOne(cp, ref, n);
        // A resized plan gets the best layout of its new GPU count; otherwise its layout stands.
        if (bestLayout.enabled)
            appendNote(cp.noteText, gpuCount(cp.plan) != before ? applyBestLayout(cp, bestLayout.objective) : layoutNotes[i]);
    }
    return done(c);
}

CostBreakdown costBreakdown(const Plan &plan, const Result &r)
{
    CostBreakdown b;
    const EconomicsSpec &e = plan.economics;
    const double gpus = r.gpus;
    b.run_hours = r.days_to_train * 24.0;
    if (e.mode == EconomicsMode::Rent) {
        b.rent = true;
        b.rent_usd_per_hour = gpus * rentUsdPerGpuHour(plan);
        b.total_usd_per_hour = b.rent_usd_per_hour;
        b.net_present_cost_usd = b.total_usd_per_hour * kHoursPerYear * e.utilisation * annuityFactor(e.cost_of_capital, e.years);
        return b;
    }
    b.gpus_usd = gpus * plan.gpu.price_usd;
    b.nodes_usd = plan.cluster.nodes * plan.cluster.node_price_usd;
    b.network_usd = gpus * plan.cluster.network_cost_per_gpu_usd;
    b.capex_usd = b.gpus_usd + b.nodes_usd + b.network_usd;
    // Per hour of use: capital and upkeep of the whole horizon fall on its hours of use.
    const double useHoursPerYear = kHoursPerYear * e.utilisation;
    b.capital_usd_per_year = capitalUsdPerYear(e, b.capex_usd);
    b.depreciation_usd_per_hour = b.capital_usd_per_year / useHoursPerYear;
    b.energy_usd_per_hour = r.power_kw * e.usd_per_kwh;
    b.upkeep_usd_per_hour = b.capex_usd * e.upkeep_pct / 100.0 / useHoursPerYear;
    b.total_usd_per_hour = b.depreciation_usd_per_hour + b.energy_usd_per_hour + b.upkeep_usd_per_hour;
    b.residual_value_usd = b.capex_usd * e.residual_fraction;
    b.net_present_cost_usd = b.total_usd_per_hour * useHoursPerYear * annuityFactor(e.cost_of_capital, e.years);
    return b;
}

BillOfMaterials billOfMaterials(const Plan &plan, const Result &r)
{
    BillOfMaterials m;
    m.gpus = r.gpus;
    m.nodes = plan.cluster.nodes;
    m.gpus_per_node = plan.cluster.gpus_per_node;
    const double perGpu = plan.cluster.nic_gbit_per_gpu;
    const double perNode = perGpu * m.gpus_per_node;
    if (perGpu >= 100.0) {
        m.nic_ports_per_node = m.gpus_per_node;
        m.nic_port_gbit = perGpu;
    } else if (perNode > 0) {
        m.nic_ports_per_node = std::max(1, static_cast<int>(std::ceil(perNode / 200.0 - 1e-9)));
        m.nic_port_gbit = perNode / m.nic_ports_per_node;
    }
    m.nic_ports = m.nic_ports_per_node * m.nodes;
    m.gpu_power_kw = r.gpus * plan.gpu.watts / 1000.0;
    m.it_power_kw = m.gpu_power_kw * (1.0 + plan.economics.node_overhead);
    m.facility_power_kw = m.it_power_kw * plan.economics.pue;
    return m;
}

namespace {
double effectiveTokensPerHour(const Plan &, const Result &r) { return r.tokens_per_s * r.goodput_effective * 3600.0; }

// Cost per hour = fixed + slope * price, from the engine's cost formulas (domain.md section 9).
void costPerHourLine(const Plan &plan, const Result &r, double &fixed, double &slope)
{
    const EconomicsSpec &e = plan.economics;
    const double gpus = r.gpus;
    if (e.mode == EconomicsMode::Rent) {
        fixed = 0;
        slope = gpus;
        return;
    }
    // capital and upkeep are linear in capex: their cost per hour of use for 1 USD of it
    const double capexPerUsd = (capitalUsdPerYear(e, 1.0) + e.upkeep_pct / 100.0) / (kHoursPerYear * e.utilisation);
    const double otherCapex = plan.cluster.nodes * plan.cluster.node_price_usd + gpus * plan.cluster.network_cost_per_gpu_usd;
    fixed = otherCapex * capexPerUsd + r.power_kw * e.usd_per_kwh;
    slope = gpus * capexPerUsd;
}
} // namespace

double costPerBillionTokensAtPrice(const Plan &plan, const Result &r, double price)
{
    double fixed = 0, slope = 0;
    costPerHourLine(plan, r, fixed, slope);
    return (fixed + slope * price) * 1e9 / effectiveTokensPerHour(plan, r);
}

PriceBreakEven breakEvenGpuPrice(const Result &ra, const Plan &b, const Result &rb)
{
    PriceBreakEven out;
    out.rent = b.economics.mode == EconomicsMode::Rent;
    out.currentPrice = out.rent ? rentUsdPerGpuHour(b) : b.gpu.price_usd;
    double fixed = 0, slope = 0;
    costPerHourLine(b, rb, fixed, slope);
    const double targetPerHour = ra.cost_per_billion_tokens_usd * effectiveTokensPerHour(b, rb) / 1e9;
    out.breakEvenPrice = (targetPerHour - fixed) / slope;
    out.reachable = std::isfinite(out.breakEvenPrice) && out.breakEvenPrice >= 0;
    return out;
}

BuyRentBreakEven buyVersusRent(const Plan &buy, const Result &rb, const Plan &rent, const Result &rr)
{
    BuyRentBreakEven out;
    out.applicable = buy.economics.mode == EconomicsMode::Buy && rent.economics.mode == EconomicsMode::Rent;
    if (!out.applicable)
        return out;
    const CostBreakdown cb = costBreakdown(buy, rb);
    const double u = buy.economics.utilisation;
    out.utilisation = u;
    out.capex_usd = cb.capex_usd;
    // Per calendar hour at the stated utilisation: upkeep every hour, energy and rent while busy.
    const double upkeepPerCalendarHour = cb.upkeep_usd_per_hour * u;
    out.buy_running_usd_per_hour = cb.energy_usd_per_hour * u + upkeepPerCalendarHour;
    const double rentUsdPerToken = rr.cost_per_hour_usd / effectiveTokensPerHour(rent, rr);
    const double rentPerUseHour = rentUsdPerToken * effectiveTokensPerHour(buy, rb);
    out.rent_usd_per_hour = rentPerUseHour * u;
    const double savedPerHour = out.rent_usd_per_hour - out.buy_running_usd_per_hour;
    out.reachable = savedPerHour > 0 && std::isfinite(savedPerHour);
    if (out.reachable)
        out.months = out.capex_usd / savedPerHour / kHoursPerMonth;
    // Over the horizon, buying costs capital + upkeep + energy x use hours, renting rent x use
    // hours (the same annuity factor discounts both): equal at u* = (K + U) / (8760 (R - E)).
    const double savedPerUseHour = rentPerUseHour - cb.energy_usd_per_hour;
    if (savedPerUseHour > 0 && std::isfinite(savedPerUseHour))
        out.break_even_utilisation = (cb.capital_usd_per_year + cb.capex_usd * buy.economics.upkeep_pct / 100.0) / (kHoursPerYear * savedPerUseHour);
    return out;
}

QList<BreakEvenRow> breakEvens(const Comparison &c)
{
    QList<BreakEvenRow> out(c.plans.size());
    if (c.plans.isEmpty() || !c.plans[c.reference].valid)
        return out;
    const ComparedPlan &a = c.plans[c.reference];
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        const ComparedPlan &b = c.plans[i];
        if (i == c.reference || !b.valid)
            continue;
        out[i].price = breakEvenGpuPrice(a.result, b.plan, b.result);
        out[i].hasPrice = true;
        if (a.plan.economics.mode == EconomicsMode::Buy && b.plan.economics.mode == EconomicsMode::Rent) {
            out[i].buyRent = buyVersusRent(a.plan, a.result, b.plan, b.result);
            out[i].buyIsReference = true;
        } else if (a.plan.economics.mode == EconomicsMode::Rent && b.plan.economics.mode == EconomicsMode::Buy) {
            out[i].buyRent = buyVersusRent(b.plan, b.result, a.plan, a.result);
        }
    }
    return out;
}

} // namespace commtax
