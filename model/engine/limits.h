// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The range of every numeric plan field: one table, read by the engine's validate() (so the
// command line, sweeps, the editor, scenario files and preset imports all meet the same bounds)
// and by the field registry (model/core/fields.cpp) for the editor's spin boxes and the file
// readers' messages. The bounds are generous: they admit every real machine and model, and keep
// every product of sizes inside 64-bit integers and every figure finite.

#include "plan.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace commtax {

struct FieldLimit {
    const char *path; // JSON path in a scenario file, e.g. "training.tp"
    double min;       // inclusive
    double max;       // inclusive
    bool integer;
    // The value in the plan; empty for an optional field that is not set.
    std::optional<double> (*get)(const Plan &);
};

// Every numeric field (int and double) of a plan, in the order of the scenario format.
const FieldLimit *fieldLimits(std::size_t *count);
// Every numeric field's value, in the order of fieldLimits(), into out[count]; NaN for an optional
// field that is not set. The same values as FieldLimit::get, without an indirect call per field.
void fieldValues(const Plan &plan, double *out);
inline constexpr std::size_t kFieldLimitCount = 74;
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
