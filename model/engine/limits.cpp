// SPDX-License-Identifier: GPL-3.0-or-later
#include "limits.h"

#include <iterator>
#include <limits>
#include <utility>

namespace commtax {

namespace {

// The setter of the field's member of Plan: an int member takes the value truncated.
#define CT_SETTER(SECTION, MEMBER) \
    [](Plan &p, double v) { p.SECTION.MEMBER = static_cast<decltype(std::declval<Plan>().SECTION.MEMBER)>(v); }
#define CT_LIMIT(SECTION, MEMBER, MIN, MAX, INTEGER, ...)                                       \
    FieldLimit                                                                                  \
    {                                                                                           \
        .path = #SECTION "." #MEMBER, .min = MIN, .max = MAX, .integer = INTEGER,               \
        .get = [](const Plan &p) -> std::optional<double> { return double(p.SECTION.MEMBER); }, \
        .set = CT_SETTER(SECTION, MEMBER) __VA_OPT__(, __VA_ARGS__)                             \
    }
// An uncertain input (the Monte Carlo's, model/uncertainty): its correlation group and floor
// (Uncertain); CT_STEP for a term of the step time the engine's own error already holds.
#define CT_IN(GROUP, FLOOR) \
    .uncertainty = Uncertain { true, InputGroup::GROUP, FLOOR, false }
#define CT_STEP(GROUP, FLOOR) \
    .uncertainty = Uncertain { true, InputGroup::GROUP, FLOOR, true }
// The launch configurations' names of the field (LaunchNames).
#define CT_LAUNCH(...) \
    .launch = LaunchNames { __VA_ARGS__ }

#define CT_LIMIT_OPT(SECTION, MEMBER, MIN, MAX, INTEGER, ...)                            \
    FieldLimit                                                                           \
    {                                                                                    \
        .path = #SECTION "." #MEMBER, .min = MIN, .max = MAX, .integer = INTEGER,        \
        .get = [](const Plan &p) -> std::optional<double> { return p.SECTION.MEMBER; },  \
        .set = [](Plan &p, double v) { p.SECTION.MEMBER = v; } __VA_OPT__(, __VA_ARGS__) \
    }
#define CT_LIMIT_ITEM(...) CT_LIMIT(__VA_ARGS__),
#define CT_LIMIT_OPT_ITEM(...) CT_LIMIT_OPT(__VA_ARGS__),
constexpr FieldLimit kLimits[] = {CT_NUMERIC_FIELDS(CT_LIMIT_ITEM, CT_LIMIT_OPT_ITEM)};
#undef CT_LIMIT_ITEM
#undef CT_LIMIT_OPT_ITEM
static_assert(std::size(kLimits) == kFieldLimitCount, "kFieldLimitCount in limits.h");

// The bools and choices: their paths and launch names.
struct OtherField {
    const char *path;
    LaunchNames launch{};
};
#define CT_OTHER_ITEM(SECTION, MEMBER, ...) OtherField{.path = #SECTION "." #MEMBER __VA_OPT__(, __VA_ARGS__)},
constexpr OtherField kOthers[] = {CT_OTHER_FIELDS(CT_OTHER_ITEM)};
#undef CT_OTHER_ITEM
static_assert(std::size(kLimits) + std::size(kOthers) == kFieldCount, "kFieldCount in limits.h");

#undef CT_LIMIT
#undef CT_SETTER
#undef CT_LIMIT_OPT
#undef CT_IN
#undef CT_STEP
#undef CT_LAUNCH

} // namespace

const FieldLimit *fieldLimits(std::size_t *count)
{
    if (count)
        *count = std::size(kLimits);
    return kLimits;
}

const FieldLimit *fieldLimit(FieldId id)
{
    const auto i = std::size_t(id);
    return i < std::size(kLimits) ? &kLimits[i] : nullptr;
}

const char *fieldPath(FieldId id)
{
    const auto i = std::size_t(id);
    return i < std::size(kLimits) ? kLimits[i].path : kOthers[i - std::size(kLimits)].path;
}

bool findFieldId(std::string_view path, FieldId &out)
{
    for (std::size_t i = 0; i < kFieldCount; ++i)
        if (path == fieldPath(FieldId(i))) {
            out = FieldId(i);
            return true;
        }
    return false;
}

const LaunchNames &launchNames(FieldId id)
{
    const auto i = std::size_t(id);
    return i < std::size(kLimits) ? kLimits[i].launch : kOthers[i - std::size(kLimits)].launch;
}

const FieldLimit *findFieldLimit(std::string_view path)
{
    for (const FieldLimit &l : kLimits)
        if (path == l.path)
            return &l;
    return nullptr;
}

void fieldValues(const Plan &p, double *out)
{
    // Straight-line loads, no call per field: validate() runs this on every evaluation.
#define CT_VALUE(SECTION, MEMBER, ...) *out++ = double(p.SECTION.MEMBER);
#define CT_VALUE_OPT(SECTION, MEMBER, ...) \
    *out++ = p.SECTION.MEMBER ? *p.SECTION.MEMBER : std::numeric_limits<double>::quiet_NaN();
    CT_NUMERIC_FIELDS(CT_VALUE, CT_VALUE_OPT)
#undef CT_VALUE
#undef CT_VALUE_OPT
}

} // namespace commtax
