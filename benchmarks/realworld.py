"""Real projects in, no flags: how many of their kernels are found, parsed, converted, and why not.

    python benchmarks/realworld.py --checkouts DIR [--manifest benchmarks/realworld-manifest.tsv]
                                   [--jobs 2] [--out docs/realworld.md] [--json FILE] [--only NAME]

DIR holds one checkout per manifest row, in the folder the row's `dir` column names, at the pinned
commit (sources are never vendored, so this runs locally, not in CI). To make them:

    git clone https://github.com/BVLC/caffe DIR/BVLC+caffe && git -C DIR/BVLC+caffe checkout 9b89154...

(or `git archive COMMIT | tar -x -C DIR/NAME` from a mirror). A checkout whose `.git` is present is
checked to be at the pinned commit; one without `.git` is reported as "commit not checked".

For each project the real CLI runs in a subprocess, cold (a fresh cache directory), exactly as a user
would: `cuda2tile convert SUBTREE -o OUT --report R --jobs N --quiet --no-cache` plus the row's flags
(none today). Its wall time is measured from outside. From the report: the lexical inventory
(`__global__` definitions written), the kernels the parser found, kernels converted, refused by
code (split into front-end refusals, i.e. parse errors, missing headers, missing instantiations,
kernels not found, and lifting refusals, which issue 18 works on), the headers still missing, and
whether any traceback reached the user. Writes a Markdown page (docs/realworld.md) with the date,
the tool's commit and the command line.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "benchmarks" / "realworld-manifest.tsv"
# refusals that happen before lifting: the front end's job (issue 17); the rest are the lift's (issue 18)
FRONT_END_CODES = {"C2T1009", "C2T1101", "C2T1102", "C2T1104", "C2T1105", "C2T1208", "C2T9001"}


def read_manifest(path: Path) -> list[dict]:
    rows = []
    header = None
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if header is None:
            header = cells
            continue
        rows.append(dict(zip(header, cells)))
    return rows


def checkout_commit(folder: Path) -> str | None:
    if not (folder / ".git").exists():
        return None
    done = subprocess.run(["git", "-C", str(folder), "rev-parse", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else None


def kernel_refusal(kernel: dict) -> tuple[str, str] | None:
    """(code, message without the kernel's name) of the diagnostic that refused a kernel."""
    for d in kernel["diagnostics"]:
        if d["severity"] in ("error", "warning"):
            message = re.sub(r"^kernel '[^']*' is not converted: ", "", d["message"])
            return d["code"], message
    return None


def reason_key(code: str, message: str) -> str:
    """A refusal message with the user's own names taken out, so that one reason counts once, keeping
    what says what to build (the construct, the type): "parameter 'rois' has unsupported type
    'const c10::Half *'" -> "parameter '…' has unsupported type 'const c10::Half *'"."""
    text = re.sub(r"clang error at \S+: ", "clang error: ", message)
    text = re.sub(r"\(and \d+ more clang errors?\)", "", text)
    text = re.sub(r"\b(parameter|variable|pointer parameter|global variable|local array|array) '[^']*'", r"\1 '…'", text)
    text = re.sub(r"^'[^']*' is not a (scalar|variable)", r"'…' is not a \1", text)
    text = re.sub(r"(kernel|function|call to) '[^']*'", r"\1 '…'", text)
    text = re.sub(r"\b\d+\b", "N", text)
    return f"{code}: {text.strip()}"


def run_project(row: dict, checkouts: Path, jobs: int, work: Path) -> dict:
    folder = checkouts / row["dir"]
    subtree = folder / row["subtree"] if row["subtree"] != "." else folder
    name = row["dir"]
    out = {"name": name, "repo": row["repo"], "commit": row["commit"], "subtree": row["subtree"],
           "flags": row.get("flags", "-"), "why": row.get("why", "-")}
    if not subtree.is_dir():
        out["error"] = f"no checkout at {subtree}"
        return out
    at = checkout_commit(folder)
    out["commit_checked"] = "not checked (no .git)" if at is None else ("yes" if at == row["commit"] else
                                                                         f"NO: checkout is at {at}")
    flags = [] if row.get("flags", "-") in ("-", "") else shlex.split(row["flags"])
    report = work / f"{name}.json"
    command = [sys.executable, "-m", "cuda2tile", "convert", str(subtree), "-o", str(work / name), "--report",
               str(report), "--jobs", str(jobs), "--quiet", "--no-cache", "--cache-dir", str(work / "cache"), *flags]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    out["seconds"] = round(time.perf_counter() - start, 2)
    out["returncode"] = done.returncode
    out["traceback"] = "Traceback (most recent call last)" in done.stderr + done.stdout
    if not report.is_file():
        out["error"] = f"no report (exit {done.returncode}): {done.stderr[-500:]}"
        return out
    data = json.loads(report.read_text())
    summary = data["summary"]
    out["inventory"] = summary["inventory"]
    out["kernels"] = summary["kernels"]
    out["converted"] = summary["converted"]
    out["partial"] = summary["partial"]
    out["unsupported"] = summary["unsupported"]
    out["missing_headers"] = [(h["header"], h["files"], len(h["blocked_kernels"])) for h in summary["missing_headers"]]
    codes: collections.Counter = collections.Counter()
    reasons: collections.Counter = collections.Counter()
    front_end: list[str] = []
    for f in data["files"]:
        for k in f["kernels"]:
            if k["status"] != "unsupported":
                continue
            refusal = kernel_refusal(k) or ("?", "no diagnostic")
            codes[refusal[0]] += 1
            if refusal[0] in FRONT_END_CODES:
                front_end.append(f"{f['source']}:{k['line']} {k['name']}: {refusal[0]} {refusal[1][:160]}")
            else:
                reasons[reason_key(*refusal)] += 1
        for d in f["diagnostics"]:
            if d["code"] == "C2T1009":  # a kernel the parser did not find: counted, never absent
                codes["C2T1009"] += 1
                front_end.append(f"{f['source']}:{d['line']}: C2T1009 {d['message'][:160]}")
    out["refusals"] = dict(sorted(codes.items()))
    out["front_end_refusals"] = front_end
    out["lift_reasons"] = dict(reasons)
    return out


def metamorphic(row: dict, checkouts: Path, jobs: int, work: Path) -> dict:
    """Issue 15's no-loss invariant on a whole project: 50 host-code errors appended to every `.cu` and
    every header of the project (tests/regressions/host_noise.py; appended, so no line moves), then the
    project converted again. Every kernel must convert to the same factory text as in the clean run, or
    be refused with a coded diagnostic; none may disappear."""
    sys.path.insert(0, str(ROOT / "tests"))
    from regressions.host_noise import noise_line  # noqa: E402

    folder = checkouts / row["dir"]
    noisy = work / "noisy" / row["dir"]
    shutil.copytree(folder, noisy, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    (noisy / ".git").mkdir()  # the same project root as the checkout's
    injected = 0
    for path in noisy.rglob("*"):
        if path.is_file() and not path.is_symlink() and path.suffix in (".cu", ".cuh", ".h", ".hpp"):
            path.write_text(path.read_text(errors="surrogateescape").rstrip("\n") + "\n" + noise_line() + "\n",
                            errors="surrogateescape")
            injected += 1
    runs = {}
    for name, base in (("clean", folder), ("noisy", noisy)):
        subtree = base / row["subtree"] if row["subtree"] != "." else base
        out, report = work / f"mm-{name}" / row["dir"], work / f"mm-{name}-{row['dir']}.json"
        flags = [] if row.get("flags", "-") in ("-", "") else shlex.split(row["flags"])
        subprocess.run([sys.executable, "-m", "cuda2tile", "convert", str(subtree), "-o", str(out), "--report",
                        str(report), "--jobs", str(jobs), "--quiet", "--no-cache", *flags], capture_output=True,
                       cwd=ROOT)
        data = json.loads(report.read_text())
        kernels = {}
        for f in data["files"]:
            module = out / f["output"] if f["output"] else None
            factories = _factories(module.read_text()) if module and module.is_file() else {}
            for k in f["kernels"]:
                kernels[(f["source"], k["name"])] = (k["status"], factories.get(k["factory"]) if k["factory"] else None,
                                                     [d["code"] for d in k["diagnostics"]])
        runs[name] = kernels
    clean, noisy_run = runs["clean"], runs["noisy"]
    lost = sorted(set(clean) - set(noisy_run))
    changed = [key for key, (status, text, _) in noisy_run.items()
               if status != "unsupported" and key in clean and clean[key][1] != text]
    uncoded = [key for key, (status, _, codes) in noisy_run.items()
               if status == "unsupported" and not any(c.startswith("C2T") for c in codes)]
    refused = sum(1 for key, (status, _, _) in noisy_run.items()
                  if status == "unsupported" and key in clean and clean[key][0] != "unsupported")
    return {"name": row["dir"], "files_injected": injected, "kernels": len(clean),
            "same": sum(1 for key in noisy_run if key in clean and noisy_run[key][1] == clean[key][1]
                        and noisy_run[key][0] != "unsupported"),
            "refused_with_noise": refused, "lost": [f"{a}:{b}" for a, b in lost],
            "changed": [f"{a}:{b}" for a, b in changed], "uncoded": [f"{a}:{b}" for a, b in uncoded]}


def _factories(text: str) -> dict[str, str]:
    import ast
    tree = ast.parse(text)
    return {node.name: ast.get_source_segment(text, node) for node in tree.body
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")}


def markdown(results: list[dict], command: str, jobs: int, checks: list[dict] | None = None) -> str:
    tool = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    commit = (tool.stdout.strip() or "unknown") + (" + uncommitted changes" if dirty else "")
    lines = ["# Real projects, converted with no flags but their build's", "",
             "Generated by `benchmarks/realworld.py` (do not edit by hand). Measured "
             f"{datetime.date.today().isoformat()} with cuda2tile at {commit}, on {platform.machine()} with "
             f"{os.cpu_count()} cores, `--jobs {jobs}`, cold (fresh cache), each project in its own run.", "",
             f"    {command}", "",
             "No `-I` and no compile database: headers are found in each project as its build's include directories "
             "would give them. The only flags are `-D`s a project's build always passes, each with its reason in "
             "`benchmarks/realworld-manifest.tsv`:", ""]
    lines += [f"- {r['repo']}: `{r['flags']}`: {r['why']}" for r in results if r.get("flags", "-") not in ("-", "")]
    lines += ["",
             "*Defined*: `__global__` definitions written in the converted files (`.cu` and headers; a lexical count "
             "that skips comments, `#define`s and `#if 0`). *Found*: kernel definitions the parser found. "
             "*Not compiled*: defined in a preprocessor branch the flags leave out (C2T1011). *Kernels*: converted "
             "units, one per template instantiation. *Front end*: kernels refused for parse errors, missing headers or "
             "instantiations, or not found (C2T1101, C2T1102, C2T1105, C2T1208, C2T1009). *Lift*: refused by the lift "
             "(the next issue's work).", "",
             "| project (subtree) | commit | defined | found | not compiled | kernels | converted | front end | lift "
             "| headers missing | time (s) |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    totals = collections.Counter()
    for r in results:
        if "error" in r:
            lines.append(f"| {r['repo']} ({r['subtree']}) | {r['commit'][:7]} | {r['error']} |||||||||")
            continue
        inv = r["inventory"]
        front = sum(n for c, n in r["refusals"].items() if c in FRONT_END_CODES)
        lift = sum(n for c, n in r["refusals"].items() if c not in FRONT_END_CODES)
        converted = r["converted"] + r["partial"]
        row = {"defined": inv["defined"], "found": inv["found"], "not_compiled": inv["not_compiled"],
               "kernels": r["kernels"], "converted": converted, "front": front, "lift": lift,
               "missing": len(r["missing_headers"]), "seconds": r["seconds"]}
        totals.update(row)
        check = "" if r["commit_checked"] == "yes" else f" ({r['commit_checked']})"
        lines.append(f"| {r['repo']} ({r['subtree']}) | {r['commit'][:7]}{check} | {row['defined']} | {row['found']} | "
                     f"{row['not_compiled']} | {row['kernels']} | {converted} | {front} | {lift} | {row['missing']} | "
                     f"{r['seconds']:.1f} |")
    lines.append(f"| **all** | | **{totals['defined']}** | **{totals['found']}** | **{totals['not_compiled']}** | "
                 f"**{totals['kernels']}** | **{totals['converted']}** | **{totals['front']}** | **{totals['lift']}** | "
                 f"| **{totals['seconds']:.1f}** |")
    defined, found = totals["defined"], totals["found"]
    kernels = max(1, totals["kernels"] + sum(r.get("refusals", {}).get("C2T1009", 0) for r in results))
    lines += ["", "## Figures", "",
              f"- Kernels found by the parser / defined: {found} / {defined} "
              f"({100.0 * found / max(1, defined):.1f}%); in preprocessor branches the build leaves out (C2T1011): "
              f"{totals['not_compiled']}; not found (C2T1009): {defined - found - totals['not_compiled']}.",
              f"- Kernels refused by the front end: {totals['front']} of {kernels} ({100.0 * totals['front'] / kernels:.1f}%).",
              f"- Converted: {totals['converted']} of {kernels} ({100.0 * totals['converted'] / kernels:.1f}%).",
              f"- Whole manifest, cold, `--jobs {jobs}`: {totals['seconds']:.1f} s; tracebacks: "
              f"{sum(1 for r in results if r.get('traceback'))}.", ""]
    reasons = collections.Counter()
    for r in results:
        reasons.update(r.get("lift_reasons", {}))
    lines += ["## Top 20 reasons the lift refuses a kernel", "", "| kernels | code: reason |", "|---:|---|"]
    lines += [f"| {n} | {_cell(reason)} |" for reason, n in reasons.most_common(20)]
    lines += ["", "## Kernels refused by the front end", ""]
    front_end = [f"- {r['name']}: {_cell(item)}" for r in results for item in r.get("front_end_refusals", [])]
    lines += front_end or ["None."]
    lines += ["", "## Headers still missing", "", "| project | header | files including it | kernels of those "
              "files not converted |", "|---|---|---:|---:|"]
    missing = [(r["name"], h, n, k) for r in results for h, n, k in r.get("missing_headers", [])]
    lines += [f"| {p} | `{h}` | {n} | {k} |" for p, h, n, k in missing] or ["| none | | | |"]
    if checks:
        lines += ["", "## Host-code errors change no kernel (`--metamorphic`)", "",
                  "50 host-code errors appended to every `.cu` and header of the project (no line moves), the project "
                  "converted again: each kernel converted in the clean run must convert to the same factory text, "
                  "or be refused with a coded diagnostic; none may disappear.", "",
                  "| project | files injected | kernels | converted, same text | refused once errors were added "
                  "| lost | converted differently | refused without a code |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for c in checks:
            lines.append(f"| {c['name']} | {c['files_injected']} | {c['kernels']} | {c['same']} | "
                         f"{c['refused_with_noise']} | {len(c['lost'])} | {len(c['changed'])} | {len(c['uncoded'])} |")
        problems = [f"- {c['name']}: {kind} {item}" for c in checks for kind in ("lost", "changed", "uncoded")
                    for item in c[kind]]
        lines += [""] + (problems or ["No kernel lost, none converted differently."])
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--checkouts", required=True, type=Path, help="folder holding one checkout per manifest row")
    parser.add_argument("--manifest", type=Path, default=MANIFEST)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "realworld.md")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    parser.add_argument("--only", action="append", default=[], help="only this manifest dir (repeatable)")
    parser.add_argument("--metamorphic", action="store_true",
                        help="also check that host-code errors change no kernel's conversion (each project twice)")
    args = parser.parse_args(argv)
    rows = [r for r in read_manifest(args.manifest) if not args.only or r["dir"] in args.only]
    results = []
    with tempfile.TemporaryDirectory(prefix="c2t-realworld-") as tmp:
        for row in rows:
            result = run_project(row, args.checkouts, args.jobs, Path(tmp))
            results.append(result)
            inv = result.get("inventory", {})
            print(f"{row['dir']:40s} {result.get('seconds', 0):6.1f} s  defined {inv.get('defined', '?'):>4} "
                  f"found {inv.get('found', '?'):>4}  kernels {result.get('kernels', '?'):>4}  converted "
                  f"{result.get('converted', 0) + result.get('partial', 0):>4}  {result.get('error', '')}", flush=True)
        checks = []
        if args.metamorphic:
            for row in rows:
                check = metamorphic(row, args.checkouts, args.jobs, Path(tmp))
                checks.append(check)
                print(f"{row['dir']:40s} metamorphic: {check['same']} same, {check['refused_with_noise']} refused, "
                      f"{len(check['lost'])} lost, {len(check['changed'])} changed", flush=True)
    command = "python benchmarks/realworld.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:]))
    text = markdown(results, command, args.jobs, checks)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
