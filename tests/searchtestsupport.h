// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Helpers the layout-search suites share (test_search.cpp, test_search_cli.cpp): a small plan whose
// rules bite and a layout in words for failure messages. Header-only, like testsupport.h.

#include "planfixtures.h"
#include "search/search.h"

#include <QString>
#include <QStringList>

namespace commtax::test {

// A small model whose rules bite: GQA (kv_heads 4 of 12 heads, so tp 3 and 6 are refused), six
// layers (uneven stages for pp 4 and 5), a 4-GPU node (a tp of 8 spans whole nodes, 6 does not).
inline Plan smallPlan(int layers = 6)
{
    Plan p = presetPlan("llama2-7b", "a100-sxm-80gb", "dgx-a100");
    p.model = ModelSpec{"small", "Small", layers, 1536, 12, 4, 4096, 32000, Mlp::SwiGlu, false};
    p.cluster.gpus_per_node = 4;
    p.cluster.nodes = 3;
    p.training.global_batch = 24;
    p.training.micro_batch = 1;
    p.training.tp = 1;
    p.training.pp = 1;
    p.training.vpp = 1;
    p.training.dp = 12;
    return p;
}

// A layout in words, for failure messages.
inline QString describe(const search::Layout &l)
{
    QStringList parts{QStringLiteral("hw=%1 gpus=%2 dp=%3").arg(l.hardware).arg(l.gpus).arg(l.dp)};
    for (int d = 0; d < search::kDimCount; ++d)
        parts << QStringLiteral("%1=%2").arg(QLatin1String(search::dimKey(d))).arg(l.value[size_t(d)]);
    return parts.join(QLatin1Char(' '));
}

} // namespace commtax::test
