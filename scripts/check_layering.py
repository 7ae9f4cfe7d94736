#!/usr/bin/env python3
"""Checks the package's layering from `swift package describe --type json` and the sources.

1. Every target declares exactly the modules its sources import (first-party targets and
   products alike; Foundation, Glibc, Testing and other toolchain modules are not declared).
2. The models product (MotionLabModels) reaches no system library and no LAPACK: the closure of
   its targets' dependencies holds no `system-target` and not MotionLinearAlgebra; and a C or C++
   target in that closure (CFastFloat) includes a header outside the C and C++ standard libraries
   only behind `__has_include` of that header, so the models build where no package provides it.
3. No source outside MotionLinearAlgebra imports the LAPACK system module.
4. The layers are in order: every first-party module has a rank in `RANKS`, and no module
   declares or imports a module of a higher rank (modules of one rank may use each other; the
   package graph itself rules out cycles). A module without a rank is an error: give it one.
5. The command layer and the C ABI are the top: no target depends on MotionLabCommands but the
   executable and the tests, and none on MotionLabCABI.
6. The capture layer (MotionCapture: video decoding and tracking) depends on nothing above the
   fitting and analysis layer (CAPTURE_MAY_USE), and no model reaches it.
7. The models reach no I/O layer (MODELS_MUST_NOT_REACH: MotionIO and its C++ number parser): they
   read and write their JSON documents through MotionJSON.

Exit status 0 when all hold; otherwise every violation is printed and the status is 1.
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TOOLCHAIN = {"Foundation", "FoundationEssentials", "FoundationXML", "FoundationNetworking", "Glibc", "Musl",
             "Darwin", "Testing", "XCTest", "Dispatch", "Accelerate", "Synchronization", "os"}
INCLUDE = re.compile(r'^\s*#\s*include\s*<([^>]+)>', re.M)
# The C and C++ standard headers a target the models reach may include unguarded.
STANDARD_HEADERS = {
    "assert.h", "ctype.h", "errno.h", "float.h", "inttypes.h", "limits.h", "math.h", "stdbool.h", "stddef.h",
    "stdint.h", "stdio.h", "stdlib.h", "string.h", "cassert", "cctype", "cerrno", "cfloat", "cinttypes",
    "climits", "cmath", "cstddef", "cstdint", "cstdio", "cstdlib", "cstring", "algorithm", "array", "charconv",
    "limits", "memory", "system_error", "type_traits", "utility",
}
# The layers, lowest first. A module may use modules of its own rank or lower, never higher.
NUMERICS, LINEAR_ALGEBRA, MODELS, FITTING, DOCUMENTS, COMMANDS, TOOLS = range(7)
LAYER_NAMES = ["numerics and I/O", "linear algebra", "models", "fitting, analysis and capture",
               "documents, export, import, reports and checks", "commands and C ABI", "benchmarks and test support"]
RANKS = {
    "MotionNumerics": NUMERICS, "MotionJSON": NUMERICS, "MotionIO": NUMERICS, "CFastFloat": NUMERICS,
    "CLAPACKE": LINEAR_ALGEBRA, "MotionLinearAlgebra": LINEAR_ALGEBRA,
    "MotionValues": MODELS, "MotionSprings": MODELS, "MotionCurves": MODELS, "MotionKeyframes": MODELS,
    "MotionAnimations": MODELS,
    "MotionFitting": FITTING, "MotionAnalysis": FITTING, "MotionCapture": FITTING,
    "MotionExports": DOCUMENTS, "MotionImports": DOCUMENTS, "MotionDocuments": DOCUMENTS, "MotionReports": DOCUMENTS, "MotionChecks": DOCUMENTS,
    "MotionLab": COMMANDS, "MotionLabCommands": COMMANDS, "MotionLabCLI": COMMANDS, "MotionLabCABI": COMMANDS,
    "BenchmarkReference": TOOLS, "MotionLabBenchmarks": TOOLS, "MotionTestSupport": TOOLS,
}
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public |package |internal |private |fileprivate )?import\s+(?:struct |class |enum |func |protocol |typealias |var |let )?(\w+)", re.M)


MULTILINE_STRING = re.compile(r'"""(?:.|\n)*?"""')


# What the capture layer may depend on: the floor, the models, linear algebra, fitting, analysis.
CAPTURE_MAY_USE = {"MotionNumerics", "MotionJSON", "MotionIO", "CFastFloat", "MotionValues", "MotionSprings", "MotionCurves",
                   "MotionKeyframes", "MotionAnimations", "MotionLinearAlgebra", "CLAPACKE", "MotionFitting",
                   "MotionAnalysis"}


# What the models product must not reach: the I/O layer (CSV recordings, files, a C++ target).
MODELS_MUST_NOT_REACH = {"MotionIO", "CFastFloat"}


def closure(targets, names):
    """Every target `names` reach through their target dependencies, themselves included."""
    seen, stack = set(), list(names)
    while stack:
        n = stack.pop()
        if n in seen or n not in targets:
            continue
        seen.add(n)
        stack.extend(targets[n].get("target_dependencies") or [])
    return seen


def models_io_problems(targets, models):
    """The I/O modules the models product's targets (`models`) reach, each as a violation."""
    return [f"MotionLabModels reaches {n}: the models read and write JSON through MotionJSON, not the I/O layer"
            for n in sorted(closure(targets, models) & MODELS_MUST_NOT_REACH)]


def describe():
    text = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    return json.loads(text[text.index("{"):])


def imports(target, root=ROOT):
    found = set()
    for source in target.get("sources", []):
        text = (root / target["path"] / source).read_text()
        # Multi-line string literals are text, not code (a pinned help text lists `import`).
        text = MULTILINE_STRING.sub('""', text)
        found.update(IMPORT.findall(text))
    return found - TOOLCHAIN


def rank_problems(targets, root=ROOT, ranks=RANKS):
    """The violations of the layer order among `targets` (name → target of `swift package describe`).

    Test targets are exempt (they sit above everything they test). Only first-party modules are
    ranked; products of other packages are not."""
    problems = []
    for name, target in sorted(targets.items()):
        if target["type"] == "test":
            continue
        if name not in ranks:
            problems.append(f"{name}: has no layer rank; add it to RANKS in scripts/check_layering.py "
                            "(one of " + ", ".join(f"{i} {n}" for i, n in enumerate(LAYER_NAMES)) + ")")
            continue
        declared = set(target.get("target_dependencies") or [])
        used = imports(target, root) if target["type"] != "system-target" and target.get("module_type") != "ClangTarget" else set()
        for module in sorted((declared | used) & set(targets)):
            if module not in ranks or ranks[module] <= ranks[name]:
                continue
            how = "declares and imports" if module in declared and module in used else "declares" if module in declared else "imports"
            problems.append(f"{name} (layer {ranks[name]}, {LAYER_NAMES[ranks[name]]}) {how} {module} "
                            f"(layer {ranks[module]}, {LAYER_NAMES[ranks[module]]}): a lower layer must not use a higher one")
    return problems


def main():
    package = describe()
    targets = {t["name"]: t for t in package["targets"]}
    problems = rank_problems(targets)
    for name, target in sorted(targets.items()):
        if target["type"] == "system-target" or target.get("module_type") == "ClangTarget":
            continue
        declared = set(target.get("target_dependencies") or []) | set(target.get("product_dependencies") or [])
        used = imports(target)
        # A system library is imported under its module name, which is also the target's name.
        for module in sorted(used - declared):
            problems.append(f"{name}: imports {module} but does not declare it")
        # A test target may depend on an executable only to have it built (tests that run it).
        executables = {n for n in declared if n in targets and targets[n]["type"] == "executable"}
        for module in sorted(declared - used - executables):
            problems.append(f"{name}: declares {module} but never imports it")
        if name != "MotionLinearAlgebra" and any(m.startswith("CLAPACK") for m in used):
            problems.append(f"{name}: imports the LAPACK system module; only MotionLinearAlgebra may")

    top = {"MotionLabCommands": {"MotionLabCLI"}, "MotionLabCABI": set()}
    for name, target in sorted(targets.items()):
        for dependency in target.get("target_dependencies") or []:
            if dependency in top and name not in top[dependency] and target["type"] != "test":
                problems.append(f"{name}: depends on {dependency}, which is the top of the layering")
    if "MotionCapture" in targets:
        for n in sorted(closure(targets, ["MotionCapture"]) - {"MotionCapture"} - CAPTURE_MAY_USE):
            problems.append(f"MotionCapture reaches {n}: the capture layer sits with fitting and analysis, below it")

    models = next(p for p in package["products"] if p["name"] == "MotionLabModels")
    reached = closure(targets, models["targets"])
    problems += models_io_problems(targets, models["targets"])
    if "MotionCapture" in reached:
        problems.append("MotionLabModels reaches MotionCapture: the models must not need FFmpeg")
    for n in sorted(reached):
        if targets[n]["type"] == "system-target" or n == "MotionLinearAlgebra":
            problems.append(f"MotionLabModels reaches {n}: the models must not need LAPACK or a system library")
        elif targets[n].get("module_type") == "ClangTarget":
            directory = ROOT / targets[n]["path"]
            files = [directory / s for s in targets[n].get("sources", [])] + sorted((directory / "include").rglob("*.h"))
            for file in files:
                text = file.read_text()
                for header in sorted(set(INCLUDE.findall(text)) - STANDARD_HEADERS):
                    if f"__has_include(<{header}>)" not in text:
                        problems.append(f"MotionLabModels reaches {n}, whose {file.relative_to(ROOT)} includes <{header}> "
                                        f"without __has_include: the models must build without a system package")

    for p in problems:
        print("layering:", p)
    print(f"layering: {len(targets)} targets checked, models product reaches {', '.join(sorted(reached))}; "
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
