// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_progress.h"

#include "cli.h"
#include "core/resultio.h"

#include <chrono>
#include <csignal>
#include <thread>

#include <unistd.h>

namespace commtax::cli {

namespace {
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);
void onInterrupt(int) { g_interrupted.store(true); }
} // namespace

InterruptScope::InterruptScope()
{
    g_interrupted.store(false);
    m_previous = std::signal(SIGINT, onInterrupt);
}

InterruptScope::~InterruptScope() { std::signal(SIGINT, m_previous); }

const std::atomic<bool> &interruptFlag() { return g_interrupted; }

bool interrupted() { return g_interrupted.load(); }

void runShowingProgress(const std::function<void()> &work, const std::function<QString(double seconds)> &line)
{
    std::atomic<bool> done{false};
    std::thread worker([&] {
        work();
        done.store(true);
    });
    const bool terminal = isatty(STDERR_FILENO) == 1;
    const auto start = std::chrono::steady_clock::now();
    bool shown = false;
    while (!done.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!terminal || seconds < 1.0 || done.load())
            continue;
        err() << '\r' << line(seconds) << Qt::flush;
        shown = true;
    }
    worker.join();
    if (shown)
        err() << "\r\033[K" << Qt::flush;
}

QString percentDone(std::int64_t done, std::int64_t total)
{
    return total > 0 ? formatNumber(100.0 * double(done) / double(total), 1) : QStringLiteral("0");
}

} // namespace commtax::cli
