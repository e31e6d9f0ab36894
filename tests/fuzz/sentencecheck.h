// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The fuzzers' check of a sentence for people (engine/enginetext.h): every template has exactly the
// arguments its %1..%n name, each of them filled, so no "%3" reaches a dialog. A value argument is
// the input's own words and must not be empty where `emptyValues` is false.
#include "engine/enginetext.h"

#include <algorithm>
#include <cstddef>

namespace commtax::fuzz {

inline void requireSentence(const Sentence &s, bool emptyValues = false)
{
    if (!s.pattern) {
        if (!emptyValues && s.value.empty())
            __builtin_trap();
        return;
    }
    std::size_t highest = 0;
    for (const char *p = s.pattern; *p; ++p)
        if (p[0] == '%' && p[1] >= '1' && p[1] <= '9')
            highest = std::max(highest, std::size_t(p[1] - '0'));
    if (highest != s.args.size())
        __builtin_trap();
    for (const Sentence &a : s.args)
        requireSentence(a, emptyValues);
}

} // namespace commtax::fuzz
