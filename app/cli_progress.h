// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Long commands on the command line (search, report and evaluate with many samples): Ctrl+C stops
// them with exit 130 (kExitInterrupted), and a terminal shows how far they got.

#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>

namespace commtax::cli {

// While one lives, Ctrl+C (SIGINT) sets interruptFlag() instead of ending the process; the work
// polls the flag (it is the `cancel` of search::Options and uncertainty::Options) and stops at its
// next item. The previous handler is restored when it goes. The handler only stores to a lock-free
// atomic, which is async-signal-safe.
class InterruptScope
{
public:
    InterruptScope();
    ~InterruptScope();
    InterruptScope(const InterruptScope &) = delete;
    InterruptScope &operator=(const InterruptScope &) = delete;

private:
    void (*m_previous)(int);
};
const std::atomic<bool> &interruptFlag();
bool interrupted();

// Runs `work` on a thread of its own. Meanwhile, on a terminal (stderr), from the first second on,
// one line rewritten in place every 100 ms says `line(seconds)`; it is erased when the work ends.
// Off a terminal nothing is printed.
void runShowingProgress(const std::function<void()> &work, const std::function<QString(double seconds)> &line);
// "42.5": the share of `total` that `done` is, in percent with one decimal ("0" when total is 0).
QString percentDone(std::int64_t done, std::int64_t total);

} // namespace commtax::cli
