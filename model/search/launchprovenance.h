// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a launch export's header names besides the plan (model/search/launch.h, Provenance): the
// Commtax version and the SHA-256 of the scenario as Commtax writes it (serializeScenario: File >
// Save gives those bytes), so `commtax launch` and the app's export write the same text.

#include "core/scenario.h"
#include "search/launch.h"

#include <QCryptographicHash>

namespace commtax {

inline launch::Provenance launchProvenance(const Scenario &s, const PresetCatalog &catalog)
{
    launch::Provenance p;
    p.commtax_version = COMMTAX_VERSION;
    p.scenario_sha256 = QCryptographicHash::hash(serializeScenario(s, catalog), QCryptographicHash::Sha256).toHex().toStdString();
    return p;
}

} // namespace commtax
