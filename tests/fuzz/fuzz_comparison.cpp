// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the saved-comparison reader (commtax::parseComparisonFile, what File > Open
// comparison and `commtax report --comparison` read) on arbitrary bytes. Must never crash, hang,
// leak or trip a sanitizer; a rejected file has a positioned message. An accepted one must reopen
// as it was: written back (serializeComparisonFile) it reads to the same comparison. Its plans are
// then compared as the Compare window does, with the file's normalisation and plan A but without
// the layout search (a search per input would leave no time for inputs): every plan the engine
// accepts has finite figures, and the comparison's JSON holds no NaN or infinity.
// Built by CMake with clang (preset "fuzz"); seeds: tests/fuzz/seeds/comparison.
#include "fuzz_common.h"
#include "library/compare.h"
#include "library/comparisonfile.h"
#include "library/comparisonio.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

#include <cstddef>
#include <cstdint>

using namespace commtax;
using commtax::fuzz::require;

namespace {

// Every number of a JSON value is finite (a NaN would be written as null, a silent gap).
void requireFiniteJson(const QJsonValue &v)
{
    if (v.isDouble()) {
        require(std::isfinite(v.toDouble()));
    } else if (v.isArray()) {
        for (const QJsonValue &x : v.toArray())
            requireFiniteJson(x);
    } else if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            requireFiniteJson(it.value());
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) { return fuzz::initializeWithPresets(); }

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const PresetCatalog &catalog = PresetCatalog::builtIn();
    SavedComparison saved;
    QList<LoadError> errors;
    if (!parseComparisonFile(fuzz::fileText(data, size), QStringLiteral("fuzz.json"), catalog, saved, errors)) {
        fuzz::requirePositioned(errors);
        return 0;
    }
    require(saved.plans.size() >= kMinComparedPlans && saved.plans.size() <= kMaxComparedPlans);
    require(saved.reference >= 0 && saved.reference < saved.plans.size());

    SavedComparison again;
    QList<LoadError> againErrors;
    require(parseComparisonFile(serializeComparisonFile(saved, catalog), QStringLiteral("again.json"), catalog, again,
                                againErrors));
    require(again == saved);

    const Comparison c = comparePlans(saved.plans, saved.normalization, saved.reference);
    require(c.plans.size() == saved.plans.size());
    for (const ComparedPlan &p : c.plans) {
        fuzz::validateAndEvaluate(p.plan);
        if (p.valid)
            fuzz::requireFinite(p.result);
    }
    requireFiniteJson(comparisonToJson(c, catalog));
    return 0;
}
