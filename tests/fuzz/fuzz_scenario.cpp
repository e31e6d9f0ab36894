// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the scenario loader (commtax::parseScenario) on arbitrary bytes, then, for what
// it accepts, the engine's validation (commtax::validate) and, for a valid plan, the evaluation.
// Must never crash, hang, leak, trip a sanitizer or turn a valid plan into a NaN or an infinity;
// a rejected file always has at least one positioned message. Text the strict JSON check
// (core/jsonsyntax.h) passes must be text Qt reads: the check never lets through what Qt refuses
// short of its nesting limit.
// Built by CMake with clang (preset "fuzz"); seeds: tests/fuzz/seeds/scenario (the examples of docs/formats.md)
// and presets/scenarios. tests/fuzz/campaign.sh fuzz_scenario N runs it longer.
#include "core/jsonsyntax.h"
#include "core/scenario.h"
#include "fuzz_common.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace commtax;

extern "C" int LLVMFuzzerInitialize(int *, char ***) { return fuzz::initializeWithPresets(); }

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray text = fuzz::fileText(data, size);
    if (checkJsonSyntax(text).ok()) {
        QJsonParseError pe;
        QJsonDocument::fromJson(text, &pe);
        if (pe.error != QJsonParseError::NoError && pe.error != QJsonParseError::DeepNesting)
            std::abort();
    }
    Scenario s;
    QList<LoadError> errors;
    if (!parseScenario(text, QStringLiteral("fuzz.json"), PresetCatalog::builtIn(), s, errors)) {
        fuzz::requirePositioned(errors);
        return 0;
    }
    fuzz::validateAndEvaluate(s.plan);
    return 0;
}
