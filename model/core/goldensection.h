// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Golden-section search: the fits of the published runs (accuracy/accuracy.cpp) and of training
// logs (traininglog/trainingcalibration.cpp) both minimise one bounded constant this way.

#include <cmath>

namespace commtax {

// The minimum of f on [a, b], f taken as falling then rising there: `iterations` steps, each
// keeping the part of the bracket that holds the smaller of its two inner points (the bracket
// shrinks by 0.618 a step); the final bracket's midpoint.
template <typename F>
double goldenSectionMinimum(F f, double a, double b, int iterations)
{
    const double g = (std::sqrt(5.0) - 1) / 2;
    double c = b - g * (b - a), d = a + g * (b - a), fc = f(c), fd = f(d);
    for (int i = 0; i < iterations; ++i) {
        if (fc < fd) {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    return (a + b) / 2;
}

} // namespace commtax
