// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Launch configuration export: the arguments or config file a training framework needs
// to run a plan's layout. Plain C++ over the engine's Plan, so the command line (`commtax launch`)
// and the app share it. Each framework's flag and key names are checked against its public
// repository; the file, commit and version are cited in launch.cpp next to each writer. A name that
// is one plan field's own setting is a column of the field's row (engine/limits.h, LaunchNames).

#include "engine/enginetext.h"
#include "engine/plan.h"

#include <string>
#include <vector>

namespace commtax::launch {

enum class Framework { Megatron,  // Megatron-LM: a torchrun command line for pretrain_gpt.py
                       Bridge,    // Megatron-Bridge: a Python recipe script run by torchrun
                       Nemo,      // NeMo 2: a NeMo-Run Python recipe
                       DeepSpeed, // a DeepSpeed JSON config
                       Torchtitan // torchtitan: a Python config function (its TOML files are gone)
};
inline constexpr Framework kFrameworks[] = {Framework::Megatron, Framework::Bridge, Framework::Nemo, Framework::DeepSpeed, Framework::Torchtitan};
const char *toString(Framework f); // "megatron", "megatron-bridge", "nemo", "deepspeed", "torchtitan"
bool parseFramework(const std::string &s, Framework &out);
// The usual file name suffix of an export: ".sh", ".py", ".json".
const char *fileSuffix(Framework f);

struct Export {
    std::string text;
    // What the framework cannot express exactly, one sentence each (also written into the text as
    // comments where the format has comments; JSON has none).
    std::vector<std::string> notes;
    // The same notes as templates (context "commtax::Launch", engine/enginetext.h), in the same
    // order: the GUI shows them in its language; the text above keeps them in English.
    std::vector<EngineText> noteTexts;
};

// What the header names besides the plan: the Commtax version and the SHA-256 of the scenario
// (callers hash serializeScenario(), so the command line and the app write the same text). Empty
// fields are left out.
struct Provenance {
    std::string commtax_version;
    std::string scenario_sha256;
};

// The pinned framework version the export's names were checked against, e.g. "Megatron-LM core
// 0.20.0 (NVIDIA/Megatron-LM d98e8a64)": written into every export's header.
const char *pinnedVersion(Framework f);

// Whether the framework runs the plan's layout as planned (issue 23; the search's --framework):
// DeepSpeed has no interleaved schedule, ring context parallelism, Megatron-style sequence
// parallelism or expert tensor parallelism, runs no ZeRO-2/3 with a pipeline and no AutoTP with
// AutoEP under ZeRO-3; torchtitan has no expert tensor parallelism and folds experts over
// dp_shard x cp x tp. Neither recomputes some layers only (training.recompute_num_layers).
// Megatron-LM, Megatron-Bridge and NeMo run every layout validate() accepts.
bool runsAsPlanned(Framework f, const Plan &plan);

// The export of a plan that validate() accepts. `name` labels the header comment.
Export exportLaunch(const Plan &plan, const std::string &name, Framework f, const Provenance &provenance = {});

} // namespace commtax::launch
