// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The range of every numeric plan field: one table, read by the engine's validate() (so the
// command line, sweeps, the editor, scenario files and preset imports all meet the same bounds)
// and by the field registry (model/core/fields.cpp) for the editor's spin boxes and the file
// readers' messages. The bounds are generous: they admit every real machine and model, and keep
// every product of sizes inside 64-bit integers and every figure finite. The same row says
// whether the field is an uncertain input of the Monte Carlo (model/uncertainty: its kInputs are
// these rows), so a numeric field's path is written once, here.

#include "plan.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace commtax {

// Inputs whose errors move together in the Monte Carlo (uncertainty.h): one draw per group.
enum class InputGroup : std::uint8_t { None,
                                       GpuEfficiency,
                                       Overlap };

// Whether a field is an uncertain input (a continuous physical or economic figure) and how.
struct Uncertain {
    bool uncertain = false;
    InputGroup group = InputGroup::None;
    // Smallest value a positive setting may take: these fields read 0 as "none", "unknown" or "the
    // BF16 efficiency", so a range of a positive value may not reach down to 0 (0 = no floor).
    double floor = 0;
    // A term of the step time whose error the engine's error on published runs already holds
    // (uncertainty::InputInfo::covered_by_engine_error).
    bool step_term = false;
};

struct FieldLimit {
    const char *path; // JSON path in a scenario file, e.g. "training.tp"
    double min;       // inclusive
    double max;       // inclusive
    bool integer;
    // The value in the plan; empty for an optional field that is not set.
    std::optional<double> (*get)(const Plan &);
    void (*set)(Plan &, double); // an int field takes the value truncated
    Uncertain uncertainty{};
};

// Every numeric field (int and double) of a plan, in the order of the scenario format.
const FieldLimit *fieldLimits(std::size_t *count);
// Every numeric field's value, in the order of fieldLimits(), into out[count]; NaN for an optional
// field that is not set. The same values as FieldLimit::get, without an indirect call per field.
void fieldValues(const Plan &plan, double *out);
inline constexpr std::size_t kFieldLimitCount = 75;
// The limit of one field by its path, or nullptr for a field without one (bools, choices).
const FieldLimit *findFieldLimit(std::string_view path);

// Checked arithmetic for sizes: false when the exact result does not fit in 64 bits.
inline bool checkedMul(std::int64_t a, std::int64_t b, std::int64_t &out)
{
    return !__builtin_mul_overflow(a, b, &out);
}
inline bool checkedMul(std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t &out)
{
    std::int64_t ab = 0;
    return checkedMul(a, b, ab) && checkedMul(ab, c, out);
}
// A 64-bit size that must also fit the int fields of a plan.
inline bool fitsInt(std::int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

} // namespace commtax
