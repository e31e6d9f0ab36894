// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Side-by-side comparison of 2 to 8 plans: normalisation (equal GPU count, equal capex, equal
// time to train), the best value of every metric, the GPU price at which one plan matches
// another's cost per billion tokens, when buying beats renting, the cost breakdown and the bill
// of materials. Plain arithmetic over the engine's results (formulas: docs/handbook.md, "Comparison and
// reports"); the view, the charts and the reports only display it.

#include "core/resultio.h"
#include "core/scenario.h"
#include "library/librarytext.h"
#include "search/search.h"

#include <QList>
#include <QString>

#include <limits>
#include <vector>

namespace commtax {

inline constexpr int kMinComparedPlans = 2;
inline constexpr int kMaxComparedPlans = 8;
inline constexpr double kHoursPerYear = 8760.0;
inline constexpr double kHoursPerMonth = kHoursPerYear / 12.0;

enum class Normalization {
    AsGiven,     // each plan as its file says
    EqualGpus,   // every plan resized to the reference's GPU count
    EqualBudget, // every bought plan resized to the most GPUs the reference's capex buys
    EqualTime,   // every plan resized to the GPU count whose time to train is nearest the reference's
};
QString normalizationKey(Normalization n);   // "as-given", "gpus", "budget", "time" (the CLI's words)
QString normalizationLabel(Normalization n); // "Equal GPU count" ...
bool parseNormalization(const QString &key, Normalization &out);

// "Best layout per GPU" (a fair comparison), combinable with any Normalization: every plan
// gets the best parallel layout for `objective` on its own GPU and cluster (model/search/search.h:
// tp, pp, cp, etp, ep, vpp, micro-batch, ZeRO, recompute, sequence parallelism; global batch and
// everything else as given). Order: each plan's best layout on its given GPU count; then the
// normalisation against the reference's result (resizing keeps the found tp, pp and cp); then,
// for a plan whose GPU count changed, the best layout again on its new count.
struct BestLayout {
    bool enabled = false;
    search::Objective objective = search::Objective::Time;
};
inline constexpr const char *kBestLayoutKey = "best-layout"; // the CLI's word
// "gpus,best-layout", "best-layout" (as given), "gpus": the keys joined by commas.
QString normalizationKeys(Normalization n, const BestLayout &best);
// Parses a comma-separated list: at most one of as-given|gpus|budget|time, and best-layout.
bool parseNormalizations(const QString &text, Normalization &n, BestLayout &best);

// What the layout search chose for one plan.
struct LayoutChoice {
    bool applied = false;        // false: best-layout off, the plan invalid, or no layout fits
    QString layout;              // "tp=2 pp=1 cp=1 vpp=1 dp=128 micro_batch=1 zero=1 recompute=none sp=off"
    QString runnerUp;            // the best plan that splits the model differently (tp, pp, cp, etp, ep or vpp)
    QStringList runnerUpDiffers; // its scenario keys that differ from the chosen layout
    QString runnerUpChanges;     // those keys with the runner-up's values: "pp=4 dp=64 zero=1"
    double margin = 0;           // (runner-up - best) / best, in the objective; 0 without a runner-up
    std::int64_t searched = 0;   // layouts searched
};

// A compared plan's name as data: the name the user gave (or none) and the tags the comparison
// adds, so that no reader has to tell them apart in the text (a plan the user named "Plan 7" or
// "X (64 GPUs)" is shown exactly as typed in every language). nameText() words it: in English for
// files and the command line (ComparedPlan::name), in the interface language for the UI.
struct PlanName {
    QString given;           // the scenario's name, a GPU count in it updated when resized; empty: unnamed
    int column = 0;          // the plan's column, from 0: "Plan 2" for an unnamed plan in column 1
    int addedGpus = 0;       // resized and the name held no count to update: " (2048 GPUs)" added; 0: none
    bool bestLayout = false; // best-layout changed the plan's layout: " (best layout)" added
    // the scenario's tags (core/scenario.h): " (copy)", " rented"
    QList<PlanNameTag> tags = {};
    // `given` is the name the app gave (planNameFor(): "Llama 2 13B on 256 H100 SXM5"): worded from
    // these parts in every language, its GPU count updated when resized.
    std::optional<PlanNameParts> parts = std::nullopt;
    bool operator==(const PlanName &) const = default;
};
// The name of scenario `s` in column `column`, as data (the parts when the app named it).
PlanName planNameOf(const Scenario &s, int column);
// The name in words, its tags translatable (context "commtax::Library"): toString(nameText(n)) is
// the English of files; the UI fills it through its translator (model/text/modeltext.h planNameText()).
LibraryText nameText(const PlanName &n);

struct ComparedPlan {
    QString name;      // label in English (JSON, CSV, XLSX, the command line): toString(nameText(label))
    PlanName label;    // the same as data; the UI words it
    Scenario scenario; // as given
    Plan plan;         // after normalisation
    bool valid = false;
    QString error;         // why the plan cannot be evaluated, in English (JSON, CSV, CLI)
    LibraryText errorText; // the same, translatable (the GUI and the PDF: model/text/modeltext.h libraryText())
    Result result;
    QString note;         // what normalisation changed, or why it could not match the reference; English
    LibraryText noteText; // the same, translatable
    LayoutChoice layout;  // best-layout normalisation: the layout found and its runner-up
    // Only a plan that is valid and fits in memory can run; only such plans compete for "best".
    bool runs() const { return valid && result.fits_in_memory; }
};

struct Comparison {
    Normalization normalization = Normalization::AsGiven;
    BestLayout bestLayout;
    int reference = 0; // plan A of the break-even figures; never resized
    QList<ComparedPlan> plans;
    QString note;         // why a normalisation could not apply at all, in English
    LibraryText noteText; // the same, translatable

    // Indexes of the plans with the best value of `m` (ties within 1e-9 relative all win);
    // empty when the metric has no better direction, no plan runs, or every plan that runs has
    // the same value. Rented plans do not compete on capex (they have none). The memory a plan
    // takes per GPU (memory_total_gb and its parts) is judged by its share of the GPU's usable
    // memory (19.35 of 21.6 GB on an RTX 4090 is not better than 60 of 76 GB on an
    // H100), judgedByMemoryShare().
    QList<int> best(const MetricInfo &m) const;
    int cheapest() const; // lowest cost per billion tokens among plans that run; -1 if none
    int fastest() const;  // fewest days to train among plans that run; -1 if none
};

// Whether best() judges `m` by its share of each GPU's usable memory rather than its value.
bool judgedByMemoryShare(const MetricInfo &m);

// The name of a plan resized from `fromGpus` to `toGpus` GPUs, so that charts, tables and reports
// state the count compared: the old count in the name replaced ("D: 1024 RTX 4090" becomes
// "D: 2048 RTX 4090"), else the new one added with the pattern kResizedPlanNamePattern translated
// by `translate` ("RTX 4090 (2048 GPUs)" in English, without one). Unchanged when equal. A column
// the user resizes (ui/compare/columneditor.cpp) gets the words of the interface language: its
// name is the user's from then on, and shown as it is.
QString resizedPlanName(const QString &name, int fromGpus, int toGpus, const TextTranslator &translate = {});
// `name` with the count `fromGpus` replaced by `toGpus` where it states it; false (and `name`
// unchanged) when it does not.
bool replaceGpuCount(QString &name, int fromGpus, int toGpus);
// The words of the tags, context "commtax::Library" (marked in compare.cpp, which lupdate reads).
extern const char *const kResizedPlanNamePattern; // "%1 (%2 GPUs)"
extern const char *const kBestLayoutTag;          // " (best layout)"
extern const char *const kUnnamedPlanPattern;     // "Plan %1"

// A plan without a name as the comparison calls it: "Plan 2" for `index` 1 (translated by `translate`).
QString unnamedPlanName(int index, const TextTranslator &translate = {});

// Whether two plans split the model the same way (tp, pp, cp, vpp, ep, etp, micro-batch, ZeRO,
// recompute, sequence parallelism, uneven stages); dp follows the GPU count.
bool sameLayout(const TrainingSpec &a, const TrainingSpec &b);

// Evaluate and normalise. A resized plan's name states its new GPU count (PlanName::given or
// addedGpus); a plan whose layout best-layout changed says so (PlanName::bestLayout).
// `scenarios` should hold 2 to 8 plans (the caller checks; fewer or more
// still compute). An out-of-range reference is treated as 0.
Comparison comparePlans(const QList<Scenario> &scenarios, Normalization n, int reference = 0);
Comparison comparePlans(const QList<Scenario> &scenarios, Normalization n, const BestLayout &best, int reference = 0);
// One plan's best layout on its own GPU, cluster and GPU count (what best-layout gives each plan).
// False when no layout of the plan's space is valid, fits and meets no constraint; `plan` and
// `result` are then left alone.
bool bestLayoutFor(Plan &plan, Result &result, search::Objective objective, LayoutChoice &choice);

// The same plan (model, layout, GPU count, economics) on other GPUs, each on its default cluster
// with its own default compute efficiency, as `commtax sweep --hardware` does. Ids the catalog
// does not know are skipped and named in `unknown`. Each scenario is named after its GPU.
QList<Scenario> hardwareVariants(const Scenario &base, const QStringList &gpuIds, const PresetCatalog &catalog,
                                 QStringList *unknown = nullptr);
// The default comparison (presets/scenarios/compare-*.json hold the same): Llama-2-13B, 2T tokens,
// 256 GPUs, tp=2, pp=4, dp=32, ZeRO-1 (a layout all four fit in memory) bought on H100, A100,
// L40S and RTX 4090 clusters, and the H100 cluster rented at an assumed USD 3.00 per GPU-hour.
// Each plan is named as the app names any plan (planNameFor(): "Llama 2 13B on 256 H100 SXM5"),
// the rented one with the tag PlanNameTag::Rented.
QList<Scenario> defaultComparison(const PresetCatalog &catalog = PresetCatalog::builtIn());
inline constexpr double kDefaultH100RentUsdPerGpuHour = 3.00;
// The GPUs of the default comparison, in its order.
QStringList defaultComparisonGpus();
// For the main window's "Compare hardware": the current plan first (plan A), then the same plan on
// each default comparison GPU it is not already on.
QList<Scenario> hardwareComparisonFor(const Scenario &current, const PresetCatalog &catalog = PresetCatalog::builtIn());

// GPU counts the plan can be resized to while keeping tp, pp, the micro-batch and the global
// batch: tp*pp*dp with dp dividing global_batch/micro_batch, in whole nodes, accepted by the
// engine's validation. Ascending, at most maxGpus.
std::vector<int> feasibleGpuCounts(const Plan &plan, int maxGpus = 1 << 17);

// Money, split the way procurement reads it. Per-hour items sum to Result::cost_per_hour_usd;
// times run_hours they sum to Result::tco_usd.
struct CostBreakdown {
    bool rent = false;
    double gpus_usd = 0;    // capex: GPUs
    double nodes_usd = 0;   // capex: servers without GPUs
    double network_usd = 0; // capex: switches, optics, cables
    double capex_usd = 0;
    double capital_usd_per_year = 0;      // capitalUsdPerYear(): depreciation with residual and cost of capital
    double depreciation_usd_per_hour = 0; // capital per hour of use (capital_usd_per_year / (8760 utilisation))
    double energy_usd_per_hour = 0;
    double upkeep_usd_per_hour = 0;
    double rent_usd_per_hour = 0;
    double total_usd_per_hour = 0;
    double run_hours = 0; // wall-clock hours of the training run (goodput included)
    // Over the horizon (economics.years): what the hardware is worth at its end, and the net
    // present cost of owning (or renting) it busy at the stated utilisation, discounted at the
    // cost of capital: total_usd_per_hour x 8760 utilisation x annuityFactor(rate, years).
    double residual_value_usd = 0;
    double net_present_cost_usd = 0;
};
CostBreakdown costBreakdown(const Plan &plan, const Result &r);

struct BillOfMaterials {
    int gpus = 0;
    int nodes = 0;
    int gpus_per_node = 0;
    int nic_ports = 0; // as many leaf-switch ports again
    int nic_ports_per_node = 0;
    double nic_port_gbit = 0;
    double gpu_power_kw = 0;      // GPUs x board power
    double it_power_kw = 0;       // plus the node overhead (CPUs, NICs, fans)
    double facility_power_kw = 0; // times PUE: what the data centre supplies
};
// NIC ports: one port per GPU when the per-GPU rate is 100 Gb/s or more (rail-optimised),
// else the node's bandwidth on 200 Gb/s ports (at least one): an assumption the report states.
BillOfMaterials billOfMaterials(const Plan &plan, const Result &r);

// The plan's cost per billion tokens had its GPU cost `price` (USD per GPU when bought, USD per
// GPU-hour when rented), everything else unchanged. Linear in the price.
double costPerBillionTokensAtPrice(const Plan &plan, const Result &r, double price);

struct PriceBreakEven {
    bool rent = false;         // prices are USD per GPU-hour (rent), else USD per GPU
    double currentPrice = 0;   // plan B's price today
    double breakEvenPrice = 0; // plan B's price at which its cost per billion tokens equals plan A's
    bool reachable = false;    // false: B is dearer even with free GPUs (breakEvenPrice < 0)
};
PriceBreakEven breakEvenGpuPrice(const Result &ra, const Plan &b, const Result &rb);

// Buying plan `buy` against renting plan `rent` for as many tokens per hour as the bought cluster
// delivers: buying costs capex up front plus energy and upkeep per hour; renting costs the rented
// plan's price per token. The months of running after which the bought cluster is cheaper.
struct BuyRentBreakEven {
    bool applicable = false; // one plan bought, the other rented
    bool reachable = false;  // false: renting stays cheaper (rent below buying's running cost)
    double months = 0;
    double capex_usd = 0;
    double buy_running_usd_per_hour = 0;
    double rent_usd_per_hour = 0; // for the bought cluster's tokens per hour
    // Per calendar hour at the bought plan's utilisation (at 1: per hour of use, as before), so
    // `months` are calendar months. Capex is paid up front, the residual is not counted.
    double utilisation = 1;
    // The utilisation over the horizon at which buying and renting cost the same (net present
    // cost; above it buying is cheaper); NaN when renting is cheaper at any use (rent below the
    // bought cluster's energy). Above 1: renting is cheaper even at full use.
    double break_even_utilisation = std::numeric_limits<double>::quiet_NaN();
    double cumulativeBuyUsd(double monthsRun) const { return capex_usd + buy_running_usd_per_hour * monthsRun * kHoursPerMonth; }
    double cumulativeRentUsd(double monthsRun) const { return rent_usd_per_hour * monthsRun * kHoursPerMonth; }
};
BuyRentBreakEven buyVersusRent(const Plan &buy, const Result &rb, const Plan &rent, const Result &rr);

// The break-even figures of every plan against the comparison's reference (empty/false for the
// reference itself and for plans that do not evaluate).
struct BreakEvenRow {
    PriceBreakEven price;
    bool hasPrice = false;
    BuyRentBreakEven buyRent; // the bought plan of the pair against the rented one
    bool buyIsReference = false;
};
QList<BreakEvenRow> breakEvens(const Comparison &c);

} // namespace commtax
