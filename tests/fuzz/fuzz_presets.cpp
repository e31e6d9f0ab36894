// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the presets reader (PresetCatalog::loadJson), which reads the built-in presets
// files and every preset file a user imports, on arbitrary bytes. Must never crash, hang, leak or
// trip a sanitizer; a rejected file has a message. An accepted preset must be usable: applied to
// the default plan it goes through the engine's validation and, when valid, gives finite figures,
// and it serialises back to JSON.
// Built by CMake with clang (preset "fuzz"); seeds: presets/*.json and tests/fuzz/seeds/presets.
#include "core/scenario.h"
#include "fuzz_common.h"

#include <cstddef>
#include <cstdint>

using namespace commtax;
using commtax::fuzz::require;

extern "C" int LLVMFuzzerInitialize(int *, char ***) { return fuzz::initializeWithPresets(); }

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray json = fuzz::fileText(data, size);
    PresetCatalog catalog;
    LoadError error;
    if (!catalog.loadJson(json, QStringLiteral("import.json"), &error)) {
        require(!error.message.isEmpty() && error.line >= 0 && error.column >= 0);
        require(catalog.isEmpty()); // nothing is added from a rejected file
        return 0;
    }
    static const Scenario base = defaultScenario();
    for (Section section : kPresetSections) {
        for (const Preset &p : catalog.presets(section)) {
            require(p.section == section);
            require(catalog.find(section, p.id).has_value());
            (void)p.toJson();
            Plan plan = base.plan;
            p.applyTo(plan);
            fuzz::validateAndEvaluate(plan);
        }
    }
    return 0;
}
