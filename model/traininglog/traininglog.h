// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reader of training logs as frameworks print them: the configuration of the run (Megatron-LM's
// `arguments` dump, torchtitan's model arguments, device mesh and batch line, the NeMo 2 /
// Megatron-Bridge config reprs, the HF Trainer's TrainingArguments) and the iteration times
// (Megatron's "elapsed time per iteration (ms)", torchtitan's "tps", NeMo's "train_step_timing in
// s", the Trainer's "train_runtime"), and DeepSpeed's engine (the "DeepSpeedEngine configuration"
// dump and its JSON, the throughput timer's "CurrSamplesPerSec" lines, the FLOPS profiler's
// summary). ANSI colours, rank prefixes ("[rank3]:", "3: ",
// "[1,3]<stdout>:"), CRLF, interleaved ranks, truncated last lines and several runs (restarts) in
// one file are handled. Plain C++ (no Qt) so that a libFuzzer target can drive it; it never throws
// on input and never reads past the text. Its notes and errors are sentences for people: English
// templates marked CT_TR("commtax::TrainingLog", ...) (engine/enginetext.h), translated where they
// are shown (trainingText(), traininglog/trainingcalibration.h) and English in JSON (toString()).

#include "engine/enginetext.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace commtax::traininglog {

enum class Framework {
    Unknown,
    Megatron,   // Megatron-LM, Megatron-Core training loop
    Torchtitan, // torchtitan
    Nemo,       // NeMo 2 and Megatron-Bridge (train_step_timing)
    HfTrainer,  // Hugging Face Trainer / Accelerate
    DeepSpeed   // DeepSpeed's engine (alone or under the HF Trainer)
};
// "megatron", "torchtitan", "nemo", "hf-trainer", "deepspeed", "unknown"
const char *toString(Framework f);
// "megatron", "megatron-lm", "torchtitan", "nemo", "megatron-bridge", "hf", "hf-trainer",
// "accelerate", "deepspeed", "auto" (Unknown). False for another name.
bool parseFramework(std::string_view name, Framework &out);

// One configuration value as the log prints it, with where it was printed.
struct ConfigEntry {
    std::string key; // the framework's own name: "num_layers", "dim", "local_batch_size"...
    std::string value;
    int line = 0;
    int column = 0; // 1-based column of the value
};

// One logged training step.
struct Step {
    int line = 0;
    long long step = 0;                  // the iteration number the log prints
    double seconds = 0;                  // step time; 0 when the line gives none (tps without a batch)
    std::optional<double> tps;           // torchtitan tokens per second per GPU
    std::optional<double> samples_per_s; // DeepSpeed's samples per second of the whole job
    bool running_average = false;        // samples_per_s is a mean since the start (old DeepSpeed)
    bool from_profiler = false;          // DeepSpeed's FLOPS profiler "iter latency" (hooks slow it)
    std::optional<double> tflops;        // the framework's model TFLOP/s per GPU
    std::optional<double> memory_gib;
    std::optional<double> time_stamp; // the line's time stamp, seconds on a continuous scale
    bool from_time_stamps = false;    // `seconds` is the time between two step lines
    bool after_event = false;         // evaluation, checkpoint, profiler or GC since the previous step
    int run = 0;                      // index into TrainingLog::runs
};

struct Run {
    int first_line = 0;
    std::vector<ConfigEntry> config;
    int steps = 0; // steps of this run in TrainingLog::steps
};

struct Note {
    int line = 0; // 0: about the whole log
    Sentence text;
};

struct TrainingLog {
    Framework framework = Framework::Unknown;
    std::vector<Run> runs;
    std::vector<Step> steps; // every run's, in order, one per (run, iteration)
    std::string gpu_name;    // from a device line, else empty
    int gpu_name_line = 0;
    std::optional<double> gpu_memory_gib; // the device's capacity, where printed
    std::optional<double> peak_memory_gib;
    int duplicate_steps = 0; // the same iteration printed by several ranks, kept once
    bool truncated = false;  // the text ends inside a line
    std::vector<Note> notes;
    // The value of `key` in the last run that prints it (a restart may change the batch), or null.
    const ConfigEntry *find(std::string_view key) const;
};

struct ParseError {
    int line = 0; // 0: about the whole input
    int column = 0;
    Sentence message;
};

// Bounds of what is read: at most this many steps and configuration entries are kept (the rest
// is counted in a note), and lines longer than kMaxLineBytes are skipped.
inline constexpr int kMaxSteps = 200000;
inline constexpr int kMaxConfigEntries = 20000;
inline constexpr std::size_t kMaxLineBytes = 1 << 20;

// Read a log. `hint` Unknown: the framework is recognised from the text. False with a positioned
// error when no step time can be found at all (not a training log, or of a framework not read).
bool parseTrainingLog(std::string_view text, Framework hint, TrainingLog &out, ParseError &error);

// The steady-state step time: the median step time after warm-up, without the steps that follow
// an evaluation, checkpoint, profiler dump or restart and without spikes. Rules, per run: the
// first logged step is warm-up (it holds start-up and compilation), and so is every leading step
// more than 10% above the run's median; then every step after an event, and every step more than
// 50% above the median of the rest, is dropped. The median is over what is left of every run.
struct SteadyState {
    bool ok = false;
    double median_s = 0;
    int used = 0;
    int warmup = 0;
    int events = 0;
    int spikes = 0;
    double spread = 0; // (p90 - p10) / median of the steps used
    std::optional<double> median_tflops;
};
SteadyState steadyState(const TrainingLog &log);

// A line without ANSI escapes, carriage returns and rank prefixes; `rank` is the prefix's rank or
// -1. Exposed for the tests.
std::string cleanLine(std::string_view raw, int *rank = nullptr);

// How the command line gives what a log does not say, as parts of the sentences that ask for it
// (context "commtax::TrainingLog"). The desktop app finds these parts by their templates and says
// them its own way (ui/calibrate/trainingcalibrationdialog.cpp: howInTheWindow()).
extern const char *const kGiveWithSet;   // "with --set %1", %1 PATH=VALUE pairs joined by " --set "
extern const char *const kGiveGpu;       // "with --gpu ID"
extern const char *const kGiveFramework; // "with --framework"
extern const char *const kSetOption;     // "--set %1", %1 a path: what a refused value was given as
Sentence giveWithSet(const std::vector<std::string> &pairs);
Sentence setOption(std::string path);

} // namespace commtax::traininglog
