#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the bad-scenario corpus (tests/bad-input/scenarios/*.json) and its EXPECTED.tsv.

Each case is one class of bad input: syntax, types, ranges at both ends, overflow, duplicates,
size. Every file must make `commtax evaluate FILE` exit with the code in EXPECTED.tsv and print a
message matching the regex (FILE:LINE:COLUMN: json.path: message where the problem has a place).
test_bad_input runs them. Run this script again after changing a case; the output is committed.
"""
import json, os, pathlib

here = pathlib.Path(__file__).resolve().parent / "scenarios"

BASE = [
    ("format", '"commtax-scenario"'),
    ("version", "1"),
    ("name", '"Bad input case"'),
    ("model", '{"preset": "llama2-7b"}'),
    ("gpu", '{"preset": "h100-sxm"}'),
    ("cluster", '{"preset": "dgx-h100", "nodes": 1}'),
    ("training", '{"seq_len": 4096, "global_batch": 512, "micro_batch": 1, "tp": 8, "pp": 1, "dp": 1}'),
    ("economics", '{"mode": "buy"}'),
]

def scenario(**over):
    """The base scenario, one top-level member per line (so every case's line is known)."""
    lines = []
    for key, value in BASE:
        if key in over:
            value = over.pop(key)
            if value is None:
                continue
        lines.append(f'  "{key}": {value}')
    for key, value in over.items():
        lines.append(f'  "{key}": {value}')
    return "{\n" + ",\n".join(lines) + "\n}\n"

def training(extra):
    """The base training section with one member added or replaced (never given twice)."""
    members = {"seq_len": "4096", "global_batch": "512", "micro_batch": "1", "tp": "8", "pp": "1", "dp": "1"}
    key, value = extra.split(": ", 1)
    members[json.loads(key)] = value
    return "{" + ", ".join(f'"{k}": {v}' for k, v in members.items()) + "}"

def field(section, key, value, preset=None):
    if section == "training":
        return {"training": training(f'"{key}": {value}')}
    if section == "economics":
        return {"economics": '{"mode": "buy", ' + f'"{key}": {value}' + "}"}
    presets = {"model": "llama2-7b", "gpu": "h100-sxm", "cluster": "dgx-h100"}
    nodes = ', "nodes": 1' if section == "cluster" and key != "nodes" else ""
    return {section: '{"preset": "' + presets[section] + '"' + nodes + f', "{key}": {value}' + "}"}

P = r"[^:]+\.json"  # the file name, then :LINE:COLUMN
cases = []  # (name, text, exit, regex)

def add(name, text, regex, code=1):
    cases.append((name, text, code, regex))

# ---- syntax
add("syntax-empty", "", P + r":1:1: invalid JSON: the text holds no value")
add("syntax-truncated", scenario()[:120], P + r":\d+:\d+: invalid JSON")
add("syntax-trailing-comma", scenario().replace('"buy"}', '"buy",}'), P + r":9:\d+: economics: invalid JSON: a comma must be followed by another key")
add("syntax-single-quotes", scenario().replace('"Bad input case"', "'Bad input case'"), P + r":4:11: name: invalid JSON: a string is written in double quotes, not single \(got 'Bad input case'\)")
add("syntax-comment", "// a comment\n" + scenario(), P + r":1:1: invalid JSON: JSON has no comments")
add("syntax-nan-literal", scenario(training=training('"goodput": NaN')), P + r":8:\d+: training.goodput: invalid JSON: NaN is not a JSON value")
add("syntax-bare-word", scenario(name="Bad"), P + r":4:11: name: invalid JSON: Bad is not a JSON value")
add("syntax-binary", "\x00\x01\x02\xff\xfe garbage", P + r":1:1: invalid JSON: the text starts with \\u0000\\u0001\\u0002")
add("syntax-deep-nesting", "[" * 5000 + "]" * 5000, P + r":1:513: .*: invalid JSON: objects and arrays are nested more than 512 deep")
add("syntax-unterminated-string", scenario().replace('"Bad input case"', '"Bad input case'), P + r":4:11: name: invalid JSON: the string that starts here runs past the end of its line: close it with a double quote")
# ---- the document
add("doc-array", "[1, 2, 3]\n", P + r":1:1: expected a JSON object, not an array")
add("doc-number", "42\n", P + r":1:1: invalid JSON: the text starts with 42; a JSON file holds an object")
add("doc-format-missing", scenario(format=None), P + r":1:1: format: missing")
add("doc-format-wrong", scenario(format='"commtax-presets"'), P + r":2:\d+: format: expected \"commtax-scenario\"")
add("doc-version-string", scenario(version='"1"'), P + r":3:\d+: version: expected the number 1, not a string")
add("doc-version-2", scenario(version="2"), P + r":3:\d+: version: unsupported version 2; this build reads version 1")
add("doc-version-missing", scenario(version=None), P + r":1:1: version: missing: this build reads version 1")
add("doc-unknown-section", scenario(hardware='{"preset": "h100-sxm"}'), P + r":10:\d+: hardware: unknown section")
add("doc-section-missing", scenario(gpu=None), P + r":\d+:\d+: missing section \"gpu\"")
add("doc-section-not-object", scenario(gpu='"h100-sxm"'), P + r":6:\d+: gpu: expected an object")
add("doc-training-array", scenario(training="[1, 2]"), P + r":8:\d+: training: expected an object, not an array")
# ---- types
add("type-name-number", scenario(name="42"), P + r":4:\d+: name: expected a string, not a number")
add("type-preset-number", scenario(model='{"preset": 42}'), P + r":5:\d+: model.preset: expected a preset id \(a string\), not a number")
add("type-preset-unknown", scenario(model='{"preset": "llama9-1t"}'), P + r":5:\d+: model.preset: unknown model preset \"llama9-1t\"")
add("type-int-string", scenario(**field("training", "micro_batch", '"2"')), P + r":8:\d+: training.micro_batch: expected a whole number, not a string")
add("type-int-fraction", scenario(**field("training", "micro_batch", "1.5")), P + r":8:\d+: training.micro_batch: expected a whole number \(got 1.5\)")
add("type-bool-number", scenario(**field("training", "sequence_parallel", "1")), P + r":8:\d+: training.sequence_parallel: expected true or false")
add("type-choice-unknown", scenario(**field("training", "recompute", '"some"')), P + r":8:\d+: training.recompute: expected one of none, selective, full")
add("type-double-null", scenario(**field("gpu", "price_usd", "null")), P + r":6:\d+: gpu.price_usd: expected a number, not null")
add("type-double-array", scenario(**field("economics", "pue", "[1.3]")), P + r":9:\d+: economics.pue: expected a number, not an array")
add("type-value-object-without-value", scenario(**field("gpu", "price_usd", '{"kind": "measured"}')), P + r":6:\d+: gpu.price_usd: a value object needs \"value\"")
add("type-unknown-field", scenario(**field("training", "tensor_parallel", "8")), P + r":8:\d+: training.tensor_parallel: unknown field")
add("type-inline-incomplete", scenario(gpu='{"id": "mine", "bf16_dense_tflops": 500}'), P + r":6:\d+: gpu: inline gpu lacks")
add("type-inline-id-number", scenario(gpu='{"id": 7, "bf16_dense_tflops": 500}'), P + r":6:\d+: gpu.id: expected a string, not a number")
# ---- ranges at both ends
add("range-price-huge", scenario(**field("gpu", "price_usd", "1e308")), P + r":6:\d+: gpu.price_usd: expected a number from 0 to 10000000 USD \(got 1e\+308\)")
add("range-price-negative", scenario(**field("gpu", "price_usd", "-1")), P + r":6:\d+: gpu.price_usd: expected a number from 0 to")
add("range-watts-huge", scenario(**field("gpu", "watts", "1e308")), P + r":6:\d+: gpu.watts: expected a number from 0 to 5000 W")
add("range-nic-latency-huge", scenario(**field("cluster", "nic_latency_us", "1e308")), P + r":7:\d+: cluster.nic_latency_us: expected a number from 0 to 10000 us")
add("range-memory-huge", scenario(**field("gpu", "memory_gb", "1e308")), P + r":6:\d+: gpu.memory_gb: expected a number from 1 to 10000 GB")
add("range-memory-zero", scenario(**field("gpu", "memory_gb", "0")), P + r":6:\d+: gpu.memory_gb: expected a number from 1 to 10000 GB \(got 0\)")
add("range-tflops-tiny", scenario(**field("gpu", "bf16_dense_tflops", "1e-300")), P + r":6:\d+: gpu.bf16_dense_tflops: expected a number from 1 to 100000 TFLOPS \(got 1e-300\)")
add("range-efficiency-tiny", scenario(**field("gpu", "compute_efficiency", "1e-300")), P + r":6:\d+: gpu.compute_efficiency: expected a number from 0.01 to 1 \(got 1e-300\)")
add("range-efficiency-above-one", scenario(**field("training", "compute_efficiency", "1.2")), P + r":8:\d+: training.compute_efficiency: expected a number from 0.01 to 1")
add("range-seq-len-huge", scenario(**field("training", "seq_len", "1e9")), P + r":8:\d+: training.seq_len: expected a whole number from 1 to 10000000 tokens \(got 1000000000\)")
add("range-seq-len-3e9", scenario(**field("training", "seq_len", "3e9")), P + r":8:\d+: training.seq_len: expected a whole number from 1 to 10000000 tokens \(got 3000000000\)")
add("range-seq-len-zero", scenario(**field("training", "seq_len", "0")), P + r":8:\d+: training.seq_len: expected a whole number from 1 to")
add("range-hidden-huge", scenario(**field("model", "hidden", "2e9")), P + r":5:\d+: model.hidden: expected a whole number from 64 to 131072 \(got 2000000000\)")
add("range-years-tiny", scenario(**field("economics", "years", "1e-300")), P + r":9:\d+: economics.years: expected a number from 0.1 to 20 years \(got 1e-300\)")
add("range-goodput-zero", scenario(**field("training", "goodput", "0")), P + r":8:\d+: training.goodput: expected a number from 0.01 to 1 \(got 0\)")
add("range-pue-below-one", scenario(**field("economics", "pue", "0.5")), P + r":9:\d+: economics.pue: expected a number from 1 to 3 \(got 0.5\)")
add("range-zero-stage-4", scenario(**field("training", "zero", "4")), P + r":8:\d+: training.zero: expected a whole number from 0 to 3 \(got 4\)")
add("range-tokens-huge", scenario(**field("training", "tokens_to_train", "1e300")), P + r":8:\d+: training.tokens_to_train: expected a number from 1 to 1e\+16 tokens")
add("range-rent-zero", scenario(gpu='{"preset": "h100-sxm", "rent_usd_per_hour": 0}', economics='{"mode": "rent", "usd_per_gpu_hour": 0}'), P + r":9:\d+: economics.usd_per_gpu_hour: must be greater than 0 in rent mode \(got 0, and the GPU has no rent price of its own")
# ---- overflow of sizes (these crashed or wrapped before the range table)
add("overflow-pp-vpp", scenario(training='{"tp": 8, "pp": 65536, "vpp": 65536, "dp": 1}'), P + r":8:\d+: training.pp: expected a whole number from 1 to 4096 \(got 65536\)")
add("overflow-nodes", scenario(cluster='{"preset": "dgx-h100", "nodes": 2e9}'), P + r":7:\d+: cluster.nodes: expected a whole number from 1 to 100000 \(got 2000000000\)")
add("overflow-dp", scenario(training='{"tp": 1, "pp": 1, "dp": 2e9}'), P + r":8:\d+: training.dp: expected a whole number from 1 to 10000000 \(got 2000000000\)")
add("overflow-int-beyond-64-bits", scenario(**field("training", "global_batch", "1e30")), P + r":8:\d+: training.global_batch: expected a whole number from 1 to 100000000")
add("overflow-layout-product", scenario(cluster='{"preset": "dgx-h100", "nodes": 100000, "gpus_per_node": 72}', training='{"tp": 4096, "pp": 4096, "dp": 10000000, "global_batch": 100000000}'), P + r":\d+:\d+: training\.\w+: ")
add("overflow-dp-derived", scenario(cluster='{"preset": "dgx-h100", "nodes": 100000, "gpus_per_node": 72}', training='{"tp": 1, "pp": 1}'), P + r":8:\d+: training.global_batch: global_batch=1024 is not divisible by micro_batch\*dp=1\*7200000")
# ---- layout (the engine's checks, with positions)
add("layout-tp-heads", scenario(training='{"tp": 3, "pp": 1, "dp": 1}'), P + r":8:\d+: training.tp: tp=3 does not divide heads=32")
add("layout-gpus", scenario(training='{"tp": 2, "pp": 1, "dp": 1}'), P + r":8:\d+: training.dp: tp\*cp\*pp\*dp=2\*1\*1\*1=2 does not equal")
add("layout-vpp-without-pp", scenario(training='{"tp": 8, "pp": 1, "vpp": 2, "dp": 1}'), P + r":8:\d+: training.(vpp|pp): ")
add("layout-dp-not-derivable", scenario(training='{"tp": 3, "pp": 1}'), P + r":8:\d+: training: dp is not given and 1 nodes x 8 GPUs do not divide by tp\*cp\*pp=3\*1\*1")
add("layout-mla-recompute-on-mha", scenario(training='{"tp": 8, "pp": 1, "dp": 1, "recompute_mla_up_proj": true}'), P + r":8:\d+: training.recompute_mla_up_proj: recompute_mla_up_proj needs multi-head latent attention \(attention: mla\)")
# ---- duplicates
add("duplicate-section", scenario().replace('  "economics": {"mode": "buy"}', '  "economics": {"mode": "buy"},\n  "model": {"preset": "llama2-70b"}'), P + r":10:3: model: duplicate key: given already at line 5, column 3")
add("duplicate-field", scenario(training='{"tp": 8, "pp": 1, "dp": 1, "tp": 4}'), P + r":8:\d+: training.tp: duplicate key: given already at line 8")
add("duplicate-name", scenario(name='"A", "name": "B"'), P + r":4:\d+: name: duplicate key")
add("duplicate-preset", scenario(gpu='{"preset": "h100-sxm", "preset": "a100-sxm-80gb"}'), P + r":6:\d+: gpu.preset: duplicate key")
# ---- size
add("size-too-many-errors", scenario(training="{" + ", ".join(f'"x{i}": {i}' for i in range(200)) + "}"), r"(?s)training.x0: unknown field.*180 more problems not listed")
# ---- "0 means none" fields that divide when set: a floor when set, with the position
add("zero-none-fp8-efficiency-denormal", scenario(**field("gpu", "fp8_efficiency", "5e-324")), P + r":6:\d+: gpu.fp8_efficiency: must be 0 \(use compute_efficiency\) or at least 0.01 \(got 4.940656458e-324\)")
add("zero-none-fp8-efficiency-tiny", scenario(**field("gpu", "fp8_efficiency", "1e-300"), training=training('"precision": "fp8"')), P + r":6:\d+: gpu.fp8_efficiency: must be 0 \(use compute_efficiency\) or at least 0.01 \(got 1e-300\)")
# ---- a plan name past the cap (3,000 characters kept the PDF report from finishing)
add("size-name-3000-characters", scenario(name='"' + "N" * 3000 + '"'), P + r":4:\d+: name: at most 200 characters \(got 3000\)")

def main():
    here.mkdir(parents=True, exist_ok=True)
    for old in here.glob("*.json"):
        old.unlink()
    rows = ["# file\texit code\tregex the standard error must match (Qt/PCRE syntax)"]
    for i, (name, text, code, regex) in enumerate(cases, 1):
        fname = f"{i:02d}-{name}.json"
        (here / fname).write_bytes(text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text)
        rows.append(f"{fname}\t{code}\t{regex}")
    (here / "EXPECTED.tsv").write_text("\n".join(rows) + "\n")
    print(f"{len(cases)} cases written to {here}")

if __name__ == "__main__":
    main()
