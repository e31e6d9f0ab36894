// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the training-log reader (Megatron-LM, torchtitan, NeMo 2 / Megatron-Bridge, HF
// Trainer, DeepSpeed) and the steady-state step time must never crash, hang, read past the input or produce a
// NaN, an infinity or a negative time (those would reach the fit, the JSON and the preset), and every
// note and error must have the arguments its template names.
#include "sentencecheck.h"
#include "traininglog/traininglog.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace commtax::traininglog;

namespace {

void require(bool ok)
{
    if (!ok)
        __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    // The first byte picks the framework the user would name with --framework (0: recognise it).
    static const Framework hints[] = {Framework::Unknown, Framework::Megatron, Framework::Torchtitan,
                                      Framework::Nemo, Framework::HfTrainer, Framework::DeepSpeed};
    const Framework hint = hints[data[0] % 6];
    const std::string_view text(reinterpret_cast<const char *>(data + 1), size - 1);
    TrainingLog log;
    ParseError err;
    if (!parseTrainingLog(text, hint, log, err)) {
        require(err.line >= 0 && !err.message.empty());
        commtax::fuzz::requireSentence(err.message, true); // a bad value may be empty: `not ""`
        return 0;
    }
    require(!log.steps.empty() && !log.runs.empty());
    for (const Note &n : log.notes)
        commtax::fuzz::requireSentence(n.text, true);
    require(int(log.steps.size()) <= kMaxSteps);
    for (const Step &s : log.steps) {
        require(std::isfinite(s.seconds) && s.seconds >= 0);
        require(s.run >= 0 && s.run < int(log.runs.size()));
        require(s.line >= 1);
    }
    if (log.peak_memory_gib)
        require(std::isfinite(*log.peak_memory_gib) && *log.peak_memory_gib >= 0);
    const SteadyState st = steadyState(log);
    if (st.ok) {
        require(std::isfinite(st.median_s) && st.median_s > 0);
        require(std::isfinite(st.spread) && st.spread >= 0);
        require(st.used >= 1 && st.used <= int(log.steps.size()));
    }
    int rank = 0;
    const std::string clean = cleanLine(text.substr(0, 4096), &rank);
    require(clean.size() <= 4096);
    return 0;
}
