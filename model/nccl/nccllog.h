// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reader of nccl-tests and rccl-tests output (all_reduce_perf, all_gather_perf, reduce_scatter_perf,
// alltoall_perf, broadcast_perf, reduce_perf, sendrecv_perf) as people paste it: every format era
// (2016 "bytes N type op ... res", 2017-2019 per-test columns with a float "error" column, the
// unified "size count type redop root ... #wrong" layout, 2025's version line, per-iteration and
// timestamp columns), with mpirun, ssh, kubectl, Slurm and NCCL INFO lines interleaved, indented,
// with columns collapsed to single spaces, CRLF or UTF-16. Plain C++ (no Qt) so that a libFuzzer
// target can drive it; it never throws on input and never reads past the text.

#include "engine/enginetext.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace commtax::nccl {

// One half of a result row: the out-of-place or the in-place measurement.
struct Timing {
    bool present = false;
    double time_us = 0;     // mean time of one collective, microseconds ("time" or "cputime")
    double algbw_gbps = 0;  // size / time, GB/s
    double busbw_gbps = 0;  // algbw * the collective's bus factor, GB/s
    bool validated = false; // false when validation was off ("N/A") or the layout has no such column
    double wrong = 0;       // "#wrong" elements, or the max error of the old float "error" column
    bool failed = false;    // "#wrong" > 0, or the old error column's '*' (threshold exceeded)
};

struct ResultRow {
    int line = 0;                 // 1-based line of the input
    std::uint64_t size_bytes = 0; // nccl-tests' "size": the whole buffer (all ranks' for all-gather)
    std::uint64_t count = 0;      // elements as printed (per rank for all-gather/reduce-scatter/alltoall)
    std::string type;             // float, half, bfloat16, int8...
    std::string redop;            // sum, none... empty when the layout has no redop column
    int root = -1;                // -1: not rooted or no root column
    Timing out_of_place;
    Timing in_place;
    // The measurement calibration uses: out-of-place, or in-place when only that was printed.
    const Timing &primary() const { return out_of_place.present ? out_of_place : in_place; }
};

// "#  Rank  3 Group  0 Pid  6902 on host device  3 [0000:0c:00] NVIDIA H100 80GB HBM3".
struct DeviceLine {
    int line = 0;
    int rank = 0;
    int pid = 0;
    std::string host;
    int device = 0;
    std::string gpu_name; // empty when the tool prints none (rccl-tests on some versions)
};

// The reader's sentences for people are templates marked CT_TR("commtax::Calibration", ...) that the
// dialog and `commtax calibrate` show in the interface language (calibrationText()); toString() is
// their English.
struct Note {
    int line = 0; // 0: about the whole log
    Sentence text;
    int column = 0; // 1-based column of the field at fault; 0: the whole line
};

// One result table with the context printed before it (preamble, device list) and its footer.
struct ResultTable {
    int header_line = 0;              // 0: rows without a column header (standard layout assumed)
    std::vector<std::string> columns; // the header's column names, as printed
    bool has_redop_column = false;
    bool has_root_column = false;
    std::string tool;          // "nccl-tests", "rccl-tests", or empty when the log does not say
    std::string tests_version; // "2.17.9" from "# nccl-tests version 2.17.9 ..."
    std::string nccl_version;  // "2.27.3+cuda12.9" from "NCCL version 2.27.3+cuda12.9"
    std::string test_name;     // "all_reduce_perf" when the log names it (command line, banner)
    int test_name_line = 0;
    int threads = 0; // "# nThread 1 nGpus 8 ...": 0 when absent
    int gpus_per_thread = 0;
    std::uint64_t min_bytes = 0;
    std::uint64_t max_bytes = 0;
    std::vector<DeviceLine> devices; // the "# Using devices" list, possibly trimmed
    std::vector<ResultRow> rows;
    std::optional<double> footer_avg_busbw_gbps; // "# Avg bus bandwidth : x": a mean over every size
    int footer_line = 0;
    std::optional<long long> out_of_bounds; // "# Out of bounds values : n OK|FAILED"
    std::vector<Note> notes;                // rows skipped or repaired, and why
    std::vector<Note> skipped_rows;         // rows not read, with the line and column at fault
};

struct LogParse {
    std::vector<ResultTable> tables;
    std::vector<Note> notes; // about the whole text (encoding, prefixes stripped)
    int lines = 0;
    int foreign_lines = 0; // lines that are not nccl-tests output (mpirun, ssh, NCCL INFO, env...)
};

struct ParseError {
    int line = 0; // 0: about the whole input
    Sentence message;
    int column = 0; // 1-based; 0: the whole line (or the whole input)
};

// Bounds of a measurement that could have happened. nccl-tests times one collective in
// microseconds and prints two decimals: a time under 0.01 us is not one it printed (a launch alone
// takes microseconds), and no run of it lasts an hour. No link carries 100 TB/s (NVLink 5 is 1.8 TB/s per
// GPU), and no GPU holds a 1 PiB buffer. Rows outside them are typing errors or corrupted logs, and
// a fit through them is nonsense.
inline constexpr double kMinCollectiveTimeUs = 0.01;
inline constexpr double kMaxCollectiveTimeUs = 3600e6;
inline constexpr double kMaxBandwidthGbps = 100e3;
inline constexpr std::uint64_t kMaxSizeBytes = 1ull << 50;

// Parse a log. Returns false with `error` set when the text holds no usable result table (empty,
// binary, another tool's output, a header with no valid rows...). Malformed rows next to valid
// ones, and rows whose time is zero or whose figures are beyond the bounds above, are skipped and
// reported in the table's notes and skipped_rows.
bool parseLog(std::string_view text, LogParse &out, ParseError &error);

// Bytes per element of an nccl-tests data type name ("float" 4, "bfloat16" 2...); 0 when unknown.
int dataTypeBytes(std::string_view type);

} // namespace commtax::nccl
