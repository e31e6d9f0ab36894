// SPDX-License-Identifier: GPL-3.0-or-later
#include "enginetext.h"

#include <cstring>

namespace commtax {

std::string fillPattern(const char *pattern, const std::vector<std::string> &args)
{
    std::string out;
    const std::size_t n = std::strlen(pattern);
    out.reserve(n + 16 * args.size());
    for (std::size_t i = 0; i < n; ++i) {
        const char c = pattern[i];
        if (c == '%' && i + 1 < n && pattern[i + 1] >= '0' && pattern[i + 1] <= '9') {
            std::size_t k = std::size_t(pattern[i + 1] - '0'), len = 1;
            if (i + 2 < n && pattern[i + 2] >= '0' && pattern[i + 2] <= '9' && k * 10 + std::size_t(pattern[i + 2] - '0') <= args.size()) {
                k = k * 10 + std::size_t(pattern[i + 2] - '0');
                len = 2;
            }
            if (k >= 1 && k <= args.size()) {
                out += args[k - 1];
                i += len;
                continue;
            }
        }
        out += c;
    }
    return out;
}

Sentence sentence(const char *pattern, std::vector<Sentence> args)
{
    Sentence s;
    s.pattern = pattern;
    s.args = std::move(args);
    return s;
}

Sentence sentence(const EngineText &text, const char *context)
{
    Sentence s;
    s.pattern = text.pattern;
    s.context = context;
    s.args.assign(text.args.begin(), text.args.end());
    return s;
}

std::string toString(const Sentence &s)
{
    // English: every template as written.
    return toString(s, nullptr, [](const char *, const char *pattern) { return std::string(pattern); });
}

std::string toString(const Sentence &s, const char *context, PatternTranslator translate)
{
    if (!s.pattern)
        return s.value;
    std::vector<std::string> args;
    args.reserve(s.args.size());
    for (const Sentence &a : s.args)
        args.push_back(toString(a, context, translate));
    const std::string pattern = translate(s.context ? s.context : context, s.pattern);
    return fillPattern(pattern.c_str(), args);
}

} // namespace commtax
