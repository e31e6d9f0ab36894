// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Plans and presets that several test executables build the same way. Header-only, for tests
// that link commtax_core.

#include "core/presets.h"
#include "core/scenario.h"

#include <QByteArray>
#include <QFile>

namespace commtax::test {

// The default plan with a built-in model, GPU and cluster (compute efficiency: the GPU's default).
inline Plan presetPlan(const char *model, const char *gpu, const char *cluster)
{
    const PresetCatalog &c = PresetCatalog::builtIn();
    Plan p = defaultScenario().plan;
    c.find(Section::Model, QLatin1String(model))->applyTo(p);
    c.find(Section::Gpu, QLatin1String(gpu))->applyTo(p);
    c.find(Section::Cluster, QLatin1String(cluster))->applyTo(p);
    p.training.compute_efficiency.reset();
    return p;
}

// A user GPU preset: the built-in A100 under another id, name and price.
inline Preset myGpu(const QString &id, double price)
{
    Preset p = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("a100-sxm-80gb"));
    p.builtIn = false;
    p.id = id;
    p.name = QStringLiteral("My GPU ") + id;
    p.values.insert(QStringLiteral("price_usd"), price);
    return p;
}

inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace commtax::test
