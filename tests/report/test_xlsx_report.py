#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`commtax report ... -o OUT.xlsx`: the workbook's sheets, its cells as numbers with
number formats, the figures against the JSON report and hand calculations from the preset files,
inputs with kind and source, warnings, and formula neutralising.

An xlsx is a zip of XML parts; this reads them with the standard library only.

usage: test_xlsx_report.py COMMTAX_BINARY SOURCE_DIR
"""
import csv
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zipfile

NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
      "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships"}
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def close(a, b, rel=1e-9):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)


def col_index(ref):
    letters = re.match(r"[A-Z]+", ref).group(0)
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


class Workbook:
    def __init__(self, path):
        self.z = zipfile.ZipFile(path)
        wb = ET.fromstring(self.z.read("xl/workbook.xml"))
        rels = ET.fromstring(self.z.read("xl/_rels/workbook.xml.rels"))
        target = {r.get("Id"): r.get("Target") for r in rels}
        self.sheets = [(s.get("name"), "xl/" + target[s.get("{%s}id" % NS["r"])])
                       for s in wb.find("m:sheets", NS)]
        self.strings = []
        if "xl/sharedStrings.xml" in self.z.namelist():
            for si in ET.fromstring(self.z.read("xl/sharedStrings.xml")).findall("m:si", NS):
                self.strings.append("".join(t.text or "" for t in si.iter("{%s}t" % NS["m"])))
        styles = ET.fromstring(self.z.read("xl/styles.xml"))
        fmts = {int(f.get("numFmtId")): f.get("formatCode") for f in styles.iter("{%s}numFmt" % NS["m"])}
        fmts.setdefault(0, "General")
        self.xf_format = [fmts.get(int(x.get("numFmtId", 0)), "builtin %s" % x.get("numFmtId"))
                          for x in styles.find("m:cellXfs", NS)]

    def names(self):
        return [n for n, _ in self.sheets]

    def rows(self, name):
        """The sheet as a list of rows, each a list of (kind, value, number format) or None."""
        part = dict(self.sheets)[name]
        root = ET.fromstring(self.z.read(part))
        out = []
        for row in root.iter("{%s}row" % NS["m"]):
            r = int(row.get("r")) - 1
            while len(out) <= r:
                out.append([])
            cells = out[r]
            for c in row.findall("m:c", NS):
                i = col_index(c.get("r"))
                while len(cells) <= i:
                    cells.append(None)
                t = c.get("t", "n")
                v = c.find("m:v", NS)
                fmt = self.xf_format[int(c.get("s", 0))]
                if t == "s":
                    cells[i] = ("text", self.strings[int(v.text)], fmt)
                elif t == "b":
                    cells[i] = ("bool", v.text == "1", fmt)
                elif t == "n" and v is not None:
                    cells[i] = ("number", float(v.text), fmt)
                elif t == "inlineStr":
                    cells[i] = ("text", "".join(x.text or "" for x in c.iter("{%s}t" % NS["m"])), fmt)
                else:
                    cells[i] = (t, v.text if v is not None else None, fmt)
        return out


def text(cell):
    return cell[1] if cell and cell[0] == "text" else None


def run(binary, *args):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", LANG="C", LC_ALL="C", LANGUAGE="C")
    p = subprocess.run([binary, *args], capture_output=True, text=True, env=env)
    return p


def preset(src, section, pid):
    data = json.load(open(os.path.join(src, "presets", section + ".json")))
    return next(p for p in data["presets"] if p["id"] == pid)


def value(v):
    return v["value"] if isinstance(v, dict) else v


def main():
    binary, src = sys.argv[1], sys.argv[2]
    scen = os.path.join(src, "presets", "scenarios")
    files = [os.path.join(scen, f) for f in ("compare-1-h100.json", "compare-2-a100.json", "compare-5-h100-rented.json")]
    with tempfile.TemporaryDirectory() as tmp:
        # A plan whose name would be a formula in a spreadsheet, and whose GPU price a quote states.
        evil = json.load(open(files[1]))
        evil["name"] = '=HYPERLINK("http://x","A100")'
        evil["gpu"]["price_usd"] = {"value": 15000, "kind": "measured", "source": "Vendor X quote Q-123"}
        quote = {"vendor": "Vendor X", "id": "Q-123", "date": "2025-01-10", "valid_until": "2025-03-31"}
        evil["economics"]["quote"] = quote
        evil_path = os.path.join(tmp, "evil.json")
        json.dump(evil, open(evil_path, "w"))
        inputs = [files[0], evil_path, files[2]]
        xlsx, js = os.path.join(tmp, "c.xlsx"), os.path.join(tmp, "c.json")
        p = run(binary, "report", *inputs, "-o", xlsx)
        check(p.returncode == 0, "report -o c.xlsx exits 0 (got %d: %s)" % (p.returncode, p.stderr))
        check(run(binary, "report", *inputs, "-o", js).returncode == 0, "report -o c.json exits 0")
        if failures:
            return 1
        with open(xlsx, "rb") as f:
            check(f.read(2) == b"PK", "the xlsx is a zip")
        report = json.load(open(js))
        wb = Workbook(xlsx)

        # ---- sheets
        check(wb.names() == ["Recommendation and ranges", "Comparison", "Inputs", "Cost breakdown", "Bill of materials",
                             "Warnings"],
              "sheet names: %s" % wb.names())

        # ---- comparison: every column of the JSON, numbers as numbers, ratios as percent
        rows = wb.rows("Comparison")
        header = [text(c) for c in rows[0]]
        check(header[:2] == ["Column", "Unit"], "comparison header: %s" % header[:2])
        plans = report["plans"]
        check(header[2:] == [plans[0]["plan"] + " (A)", "'" + evil["name"]] + [plans[2]["plan"]],
              "plan columns, the formula-like name neutralised with a leading ': %s" % header[2:])
        by_key = {text(r[0]): r for r in rows[1:] if r}
        check(list(by_key) == report["columns"], "the comparison's rows are the JSON's columns in order")
        numbers = 0
        for key in report["columns"]:
            for i, plan in enumerate(plans):
                v = plan.get(key)
                cell = by_key[key][2 + i] if len(by_key[key]) > 2 + i else None
                precision = plan.get("inputs", {}).get("training.precision", {}).get("value")
                if key == "compute_fp8_time_s" and precision == "bf16":
                    # not applicable: n/a, not a 0 that reads as a measurement; the JSON keeps 0
                    check(v == 0 and text(cell) == "n/a", "FP8 compute time of BF16 plan %d is n/a (got %r)" % (i, cell))
                    continue
                offload = plan.get("inputs", {}).get("training.offload_layers", {}).get("value", 0)
                if key in ("offload_time_s", "memory_offloaded_gb", "memory_host_gb") and not offload:
                    # no activation offload: its wait and host memory are n/a (resultio.cpp metricApplies)
                    check(text(cell) == "n/a", "%s of plan %d without offload is n/a (got %r)" % (key, i, cell))
                    continue
                goodput = plan.get("inputs", {}).get("training.goodput", {}).get("value")
                if key in ("goodput_checkpoint_overhead", "goodput_lost_work", "goodput_restarts",
                           "checkpoint_interval_s") and isinstance(goodput, (int, float)):
                    # a goodput given in the plan: its losses are not computed (issue 28)
                    check(text(cell) == "n/a", "%s of plan %d with a given goodput is n/a (got %r)" % (key, i, cell))
                    continue
                if isinstance(v, bool):
                    check(cell and cell[0] == "bool" and cell[1] == v, "%s of plan %d is the boolean %s" % (key, i, v))
                elif isinstance(v, (int, float)):
                    numbers += 1
                    check(cell and cell[0] == "number" and close(cell[1], v),
                          "%s of plan %d is the number %r (got %r)" % (key, i, v, cell))
        check(numbers > 150, "the comparison sheet holds numbers, not text (%d number cells)" % numbers)
        check(by_key["mfu"][2][2] == "0.0%", "mfu is a fraction shown as percent (format %r)" % (by_key["mfu"][2][2],))
        check(by_key["capex_usd"][2][2] == "#,##0.00", "money has thousands separators (format %r)" % (by_key["capex_usd"][2][2],))

        # ---- the recommendation, then the ranges and the odds as the CSV has them (issue 28)
        csv_path = os.path.join(tmp, "c.csv")
        check(run(binary, "report", *inputs, "-o", csv_path).returncode == 0, "report -o c.csv exits 0")
        table = list(csv.DictReader(open(csv_path, encoding="utf-8-sig")))
        rec = wb.rows("Recommendation and ranges")
        check(text(rec[0][0]) == "Recommendation", "the first sheet starts with the recommendation (%r)" % (rec[0][:1],))
        check((text(rec[1][0]) or "").startswith("Recommended: "), "its first finding names the plan (%r)" % (rec[1][:1],))
        ranges = {text(r[0]): r for r in rec if r and text(r[0])}
        keys = [m + "_" + q for m in ("days_to_train", "cost_per_billion_tokens_usd", "tco_usd") for q in ("p10", "p50", "p90")]
        for key in keys + ["probability_cheapest", "probability_fastest"]:
            check(key in ranges, "the ranges sheet has %s" % key)
            for i, row in enumerate(table):
                cell = ranges.get(key, [])[2 + i] if len(ranges.get(key, [])) > 2 + i else None
                check(row[key] != "" and cell and cell[0] == "number" and close(cell[1], float(row[key]), 1e-9),
                      "%s of plan %d: the CSV's %r (got %r)" % (key, i, row[key], cell))
        check(ranges["probability_cheapest"][2][2] == "0.0%", "probabilities as percent")
        check(ranges["tco_usd_p50"][2][2] == "#,##0.00", "TCO as money")
        check(close(sum(ranges["probability_cheapest"][2 + i][1] for i in range(len(table))), 1.0, 1e-6),
              "the probabilities of being the cheapest add up to 1")
        for i in range(len(table)):
            p10, p50, p90 = (ranges["cost_per_billion_tokens_usd_" + q][2 + i][1] for q in ("p10", "p50", "p90"))
            check(p10 <= p50 <= p90, "plan %d: P10 <= P50 <= P90 of the cost" % i)

        # ---- the quote (economics.quote): in the JSON, the xlsx and the PDF beside its plan
        check([plans[1][k] for k in ("quote_vendor", "quote_id", "quote_date", "quote_valid_until")]
              == [quote["vendor"], quote["id"], quote["date"], quote["valid_until"]], "JSON: the quote of plan B")
        check(plans[0]["quote_id"] == "", "JSON: plan A has no quote")
        check(text(by_key["quote_vendor"][3]) == "Vendor X" and text(by_key["quote_valid_until"][3]) == "2025-03-31",
              "xlsx: the quote of plan B (%r)" % (by_key["quote_vendor"],))
        pdf = os.path.join(tmp, "c.pdf")
        check(run(binary, "report", *inputs, "-o", pdf).returncode == 0, "report -o c.pdf exits 0")
        pdftext = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True).stdout
        flat = " ".join(pdftext.split())
        check("Quote Q-123 from Vendor X, 2025-01-10, valid until 2025-03-31 (expired)" in flat,
              "PDF: the quote beside the plan, expired by today's date")

        # ---- cost breakdown against a hand calculation from the preset files (plan A: 32 DGX H100)
        gpu, cluster = preset(src, "gpus", "h100-sxm"), preset(src, "clusters", "dgx-h100")
        a = json.load(open(files[0]))
        nodes, per_node = a["cluster"]["nodes"], value(cluster["gpus_per_node"])
        gpus = nodes * per_node
        capex_gpus = gpus * value(gpu["price_usd"])
        capex_nodes = nodes * value(cluster["node_price_usd"])
        capex_net = gpus * value(cluster["network_cost_per_gpu_usd"])
        capex = capex_gpus + capex_nodes + capex_net
        depreciation = capex / (a["economics"]["years"] * 8760)
        cost = {text(r[0]): r for r in wb.rows("Cost breakdown")[1:] if r}
        for label, want in (("Capex: GPUs", capex_gpus), ("Capex: servers without GPUs", capex_nodes),
                            ("Capex: network", capex_net), ("Capex total", capex),
                            ("Per hour of use: capital", depreciation),
                            ("Residual value at the end of the horizon", 0.0),
                            ("Net present cost over the horizon", plans[0]["lifetime_tco_usd"]),
                            ("TCO of the training run", plans[0]["tco_usd"])):
            cell = cost.get(label, [None, None])[1]
            check(cell and cell[0] == "number" and close(cell[1], want, 1e-12),
                  "cost breakdown %s of plan A = %r (got %r)" % (label, want, cell))
        # the rented plan has no capex and pays rent: GPUs x its price per GPU-hour
        rented = json.load(open(files[2]))
        rent_h = value(rented["economics"]["usd_per_gpu_hour"]) or value(preset(src, "gpus", rented["gpu"]["preset"])["rent_usd_per_hour"])
        cell = cost["Per hour: rent"][3]
        check(cell and cell[0] == "number" and close(cell[1], plans[2]["gpus"] * rent_h), "rent per hour = GPUs x rent (%r)" % (cell,))

        # ---- bill of materials
        bom = {text(r[0]): r for r in wb.rows("Bill of materials")[1:] if r}

        # ---- the workbook's cost and bill-of-materials rows are the PDF's, in the same order (one
        # report document renders both; the workbook once had rows the PDF lacked, and named one
        # differently). pdftotext may wrap a label in its cell: compared without white space.
        packed = "".join(pdftext.split())
        for sheet in ("Cost breakdown", "Bill of materials"):
            labels = [text(r[0]) for r in wb.rows(sheet)[1:] if r]
            check(len(labels) >= 10, "%s: %d rows" % (sheet, len(labels)))
            at, missing = packed.find("".join(sheet.split())), []  # the PDF's section of that name
            for label in labels:
                found = packed.find("".join(label.split()), max(at, 0))
                if found < 0:
                    missing.append(label)
                else:
                    at = found + 1
            check(not missing, "%s: the PDF has the workbook's rows in its order (missing or out of order: %r)"
                  % (sheet, missing))
        check("Run time (hours)" in [text(r[0]) for r in wb.rows("Cost breakdown")[1:] if r], "the run time row")
        check(bom["GPUs"][1][1] == gpus and bom["Nodes (servers)"][1][1] == nodes, "BOM: %d GPUs on %d nodes" % (gpus, nodes))
        gpu_kw = gpus * value(gpu["watts"]) / 1000
        check(close(bom["GPU power (kW)"][1][1], gpu_kw), "BOM: GPU power %.1f kW" % gpu_kw)

        # ---- inputs: every field of every plan, with kind and source
        inp = wb.rows("Inputs")
        check([text(c) for c in inp[0]] == ["Plan", "Field", "Figure", "Value", "Unit", "Kind", "Source"], "inputs header")
        found = {(text(r[0]), text(r[1])): r for r in inp[1:] if r}
        price = found.get((header[2], "gpu.price_usd"))
        check(price and price[3][0] == "number" and price[3][1] == value(gpu["price_usd"])
              and text(price[5]) == gpu["price_usd"]["kind"] and text(price[6]) == gpu["price_usd"]["source"],
              "plan A's GPU price with the preset's kind and source (%r)" % (price,))
        stated = found.get((header[3], "gpu.price_usd"))
        check(stated and stated[3][1] == 15000 and text(stated[5]) == "measured" and text(stated[6]) == "Vendor X quote Q-123",
              "a value the plan file states keeps its kind and source (%r)" % (stated,))
        pue = found.get((header[2], "economics.pue"))
        check(pue and pue[3][1] == a["economics"]["pue"] and text(pue[5]) == "assumption" and text(pue[6]),
              "economics carry a kind and a source (%r)" % (pue,))

        # ---- warnings: the JSON's, each beside its plan
        warn = [(text(r[0]), text(r[1])) for r in wb.rows("Warnings")[1:] if r]
        want = sum(len(p.get("warnings", [])) for p in plans)
        check(len([w for w in warn if w[0]]) == want, "warnings: %d rows for the JSON's %d" % (len(warn), want))
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
