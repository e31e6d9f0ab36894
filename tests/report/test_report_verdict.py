#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# A saved comparison with goals: the PDF report's first page and the workbook's first sheet open with
# What to buy's verdict on them, the sentence `commtax search` gives on the same question. Without
# goals, no verdict.
#   test_report_verdict.py COMMTAX_BINARY SOURCE_DIR
import copy
import json
import os
import subprocess
import sys
import tempfile
import zipfile

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(binary, *args):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", LANG="C", LC_ALL="C", LANGUAGE="C")
    return subprocess.run([binary, *args], capture_output=True, text=True, env=env)


def main():
    binary, src = sys.argv[1], sys.argv[2]
    question = json.load(open(os.path.join(src, "presets", "scenarios", "what-to-buy-llama2-70b.json")))
    goals = question.pop("goals")
    h100 = copy.deepcopy(question)
    h100["name"] = "256 H100"
    a100 = copy.deepcopy(question)
    a100["name"] = "512 A100"
    a100["gpu"] = {"preset": "a100-sxm-80gb"}
    a100["cluster"] = {"preset": "dgx-a100", "nodes": 64}
    with tempfile.TemporaryDirectory() as tmp:
        verdicts = {}
        for name, g in (("goals", {"deadline_days": goals["deadline_days"]}), ("none", None)):
            saved = {"format": "commtax-saved-comparison", "version": 1, "plan_a": 0, "plans": [h100, a100]}
            if g:
                saved["goals"] = g
            cmp_path = os.path.join(tmp, name + ".json")
            json.dump(saved, open(cmp_path, "w"))
            pdf, xlsx = os.path.join(tmp, name + ".pdf"), os.path.join(tmp, name + ".xlsx")
            for out in (pdf, xlsx):
                p = run(binary, "report", "--comparison", cmp_path, "--samples", "0", "-o", out)
                check(p.returncode == 0, "%s: report -o %s exits 0 (%d: %s)" % (name, out, p.returncode, p.stderr))
            first = subprocess.run(["pdftotext", "-f", "1", "-l", "1", pdf, "-"], capture_output=True, text=True).stdout
            with zipfile.ZipFile(xlsx) as z:
                strings = z.read("xl/sharedStrings.xml").decode("utf-8")
            verdicts[name] = (" ".join(first.split()), strings)
        # The verdict of the same question through `commtax search` (its GPUs and counts the columns').
        question["goals"] = {"deadline_days": goals["deadline_days"], "gpus": ["h100-sxm", "a100-sxm-80gb"],
                             "gpu_counts": [256, 512], "listed": [{"gpu": "h100-sxm", "gpus": 256, "mode": "buy"},
                                                                  {"gpu": "a100-sxm-80gb", "gpus": 512, "mode": "buy"}]}
        q_path = os.path.join(tmp, "q.json")
        json.dump(question, open(q_path, "w"))
        p = run(binary, "search", q_path, "--json")
        check(p.returncode == 0, "search exits 0 (%s)" % p.stderr)
        verdict = json.loads(p.stdout)["verdict"] if p.returncode == 0 else ""
        check(verdict.startswith("Meets the 60-day deadline: 256 ") and "none of the 2 options you listed does."
              in verdict, "search's verdict: %r" % verdict)
        # The report names the GPU by its preset name, the search by its id: compare from " in ".
        tail = verdict[verdict.find(" in "):]
        pdf_text, strings = verdicts["goals"]
        check("Verdict" in pdf_text and "Meets the 60-day deadline: 256" in pdf_text and tail in pdf_text,
              "PDF page 1 opens with the verdict %r: %r" % (tail, pdf_text[:400]))
        check(pdf_text.find("Verdict") < pdf_text.find("The question"), "PDF: the verdict before the question")
        check("Meets the 60-day deadline: 256" in strings and tail.replace("%", "%") in strings,
              "xlsx: the first sheet holds the verdict %r" % tail)
        pdf_none, strings_none = verdicts["none"]
        check("Meets the" not in pdf_none and "Verdict" not in pdf_none, "no goals: no verdict in the PDF")
        check("Meets the" not in strings_none, "no goals: no verdict in the workbook")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
