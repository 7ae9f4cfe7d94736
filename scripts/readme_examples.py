#!/usr/bin/env python3
"""Regenerates the command-line examples in docs/examples.md from the built motionlab.

Usage: python3 scripts/readme_examples.py [--check] [PATH/TO/motionlab]

Without a path the binary is `$(swift build --show-bin-path)/motionlab` (build it first).
Every example runs from the repository root on the bundled data (data/recordings/*.csv,
data/timelines/*.json); the few that need a bad input file write it to a temporary directory
and show its content. docs/examples.md is rewritten between the markers
`<!-- examples:begin -->` and `<!-- examples:end -->` (its header and anything else outside
them do not change; a missing file is created with a short header), atomically: a temporary
file in the same directory, renamed over docs/examples.md.

With --check nothing is written: the examples are generated in memory and compared with
docs/examples.md. Exit status 0 if the file is current; 1 if it is not, with a unified diff
(current file → regenerated) on stdout.

An example that should succeed but fails — or should fail but succeeds — stops the script
with a non-zero status and leaves docs/examples.md untouched, so the examples never show a
stale or broken command. Standard library only.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

from portable_blas import portable_blas_environment
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES_DOC = ROOT / "docs" / "examples.md"
BEGIN = "<!-- examples:begin -->"
END = "<!-- examples:end -->"
TMP = "{tmp}/"  # placeholder in arguments: the temporary directory (not shown in the examples)


def truth(recording: str) -> dict:
    """The .truth.json beside a bundled recording: how scripts/make_sample_data.py made it."""
    return json.loads((ROOT / "data/recordings" / (recording + ".truth.json")).read_text())


def spring_truth(recording: str) -> str:
    t = truth(recording)
    s = t["spring"]
    return (f"`Spring(duration: {s['duration']:g}, bounce: {s['bounce']:g})` from {t['from']:g} to {t['to']:g} "
            f"starting at {t['startTime']:g} s, sampled at {t['capture']['hz']} Hz with jitter, dropped frames "
            f"and noise")


def bezier_truth(recording: str) -> str:
    t = truth(recording)
    c = ", ".join(f"{v:g}" for v in t["controlPoints"])
    return (f"`cubic-bezier({c})` from {t['from']:g} to {t['to']:g} over {t['duration']:g} s starting at "
            f"{t['startTime']:g} s, sampled at {t['capture']['hz']} Hz with jitter, dropped frames and noise")


@dataclass
class Example:
    description: str              # one line of Markdown; "{status}" is replaced by the exit status
    args: list[str]               # motionlab's arguments; TMP marks paths in the temporary directory
    expect_error: bool = False    # the command must fail (its stderr is shown)
    head: int = 25                # lines kept from the start of the output …
    tail: int = 0                 # … and from its end
    files: dict[str, str] = field(default_factory=dict)  # input files written to the temporary directory
    group: str = ""               # a heading written before this example


EXAMPLES: list[Example] = [
    Example("A SwiftUI preset: every parameterization, SwiftUI's settling estimate (its 0.1 s scan) beside the "
            "exact settling time, and the same spring on other platforms.",
            ["spring", "--preset", "smooth"], head=17, group="Springs"),
    Example("An overdamped spring: SwiftUI's `stiffness` getter and Motion's ζ clamp would report something else, "
            "and the notes at the end say so.",
            ["spring", "--mass", "1", "--stiffness", "100", "--damping", "30", "--allow-overdamping"],
            head=17, tail=2),
    Example("Another platform's vocabulary in, everything out (here Android's `SpringForce`).",
            ["spring", "--platform", "android", "--stiffness", "1500", "--damping-ratio", "0.5"], head=17),
    Example("JSON: the keys are a public contract (MotionDocuments' *The JSON contract* lists them).",
            ["spring", "--duration", "0.5", "--bounce", "0.3", "--json"], head=25),
    Example("The motion itself: CSV without `--json`, from the closed form.",
            ["spring", "sample", "--preset", "bouncy", "--target", "1", "--from", "0", "--to", "0.5", "--step", "0.05"]),
    Example("The exact step metrics of a spring (`settle` with spring options, closed form).",
            ["settle", "--duration", "0.5", "--bounce", "0.3", "--target", "300"]),
    Example("A SwiftUI `UnitCurve`: progress is clamped to [0, 1].",
            ["curve", "--bezier", "0.34,1.56,0.64,1", "--at", "-0.5,0,0.25,0.5,1,1.5"], group="Timing curves"),
    Example("The same curve with CSS semantics (`--css`): outside [0, 1] it extrapolates along the end tangents, "
            "as browsers do.",
            ["curve", "--bezier", "0.34,1.56,0.64,1", "--css", "--at", "-0.5,0,0.25,0.5,1,1.5"]),
    Example("A CSS keyword and the inverse curve (x and y swapped), as JSON.",
            ["curve", "ease", "--css", "--inverse", "--at", "0.25,0.5", "--json"]),
    Example("Evaluate the example timeline (`data/timelines/spec-example.json`; the format: MotionKeyframes' *Timeline JSON*): linear, cubic, spring, then a "
            "move; a boundary belongs to the earlier keyframe, so the move shows only after 0.8 s.",
            ["keyframes", "eval", "data/timelines/spec-example.json", "--times", "0,0.1,0.2,0.3,0.6,0.8,0.9"], group="Keyframe timelines"),
    Example("A timeline of named properties, at fractions of its duration, as JSON.",
            ["keyframes", "eval", "data/timelines/struct-two-tracks.json", "--progress", "0,0.5,1", "--json"], head=40),
    Example("Continuity at every junction: the trailing move of the example timeline is a jump in value.",
            ["keyframes", "verify", "data/timelines/spec-example.json"]),
    Example("Explicit velocities that disagree (`endVelocity` 5, then `startVelocity` −3) break C1 by −8.",
            ["keyframes", "verify", "data/timelines/explicit-velocities.json"]),
    Example("A timeline that breaks a rule: the error names the file and the path inside it "
            "(exit status {status}, on stderr).",
            ["keyframes", "eval", TMP + "bad-timeline.json", "--times", "0"], expect_error=True,
            files={"bad-timeline.json": '{"initialValue": 0, "keyframes": [\n'
                                        '  {"type": "linear", "to": 1, "duration": 0.2},\n'
                                        '  {"type": "cubic", "to": 2, "duration": -1}]}\n'}),
    Example("Recover a spring from a recording of " + spring_truth("spring-bouncy-60hz")
            + " (`data/recordings/spring-bouncy-60hz.truth.json`).",
            ["fit", "spring", "data/recordings/spring-bouncy-60hz.csv"], group="Fitting"),
    Example("Recover a timing curve from a recording of " + bezier_truth("bezier-overshoot-120hz") + ".",
            ["fit", "bezier", "data/recordings/bezier-overshoot-120hz.csv"]),
    Example("The fewest cubic keyframes whose max error is ≤ 1 pt, with code to paste.",
            ["fit", "keyframes", "data/recordings/bezier-ease-60hz.csv", "--tolerance", "1"]),
    Example("Keyframes at given end times, as JSON (`keyframes eval`, `report` and `export` read the document as its `timeline`).",
            ["fit", "keyframes", "data/recordings/spring-smooth-120hz.csv", "--times", "0.05,0.1,0.2,0.3,0.5,1",
             "--json"], head=10, tail=18),
    Example("Step metrics of a recording (python-control's `step_info` definitions, measured on a not-a-knot "
            "spline between the frames).",
            ["settle", "data/recordings/spring-bouncy-60hz.csv"], group="Settling"),
    Example("… with a 5 % band, as JSON.",
            ["settle", "data/recordings/spring-overdamped-60hz.csv", "--threshold", "5%", "--json"]),
    Example("SwiftUI's animation engine on the example scenario (`data/scenarios/spec-example.json`; the format: MotionAnimations' *Scenario documents*): a spring, "
            "an ease with a delay that combines with it at 0.2 s, and a jump at 0.6 s; the frames, the completion "
            "events, and SwiftUI's 1/300 s spring integration next to the exact spring.",
            ["animate", "data/scenarios/spec-example.json", "--times", "0,0.1,0.2,0.3,0.4,0.5,0.6"],
            head=40, group="Animations"),
    Example("The emoji bounce of SwiftUI's `PhaseAnimator` documentation, as JSON: phases, their animations as "
            "pasted SwiftUI expressions, and a trigger at 0.5 s.",
            ["animate", "data/scenarios/emoji-bounce.json", "--times", "0.5,0.6,0.8", "--json"], head=30),
    Example("A malformed SwiftUI expression: the error names the JSON path and the column (exit status {status}).",
            ["animate", TMP + "bad-scenario.json"], expect_error=True,
            files={"bad-scenario.json": '{"initialValue": 0, "transactions": [\n'
                                        '  {"time": 0, "value": 1, "animation": ".spring(response: 0.4, bounce: 0.2)"}]}\n'}),
    Example("A report on a recording, written atomically to a file.",
            ["report", "data/recordings/spring-bouncy-60hz.csv", "--out", TMP + "bouncy.html"], group="Reports"),
    Example("Motion regression checks for CI on the worked example (`data/checks/motion-checks.json`): fitted "
            "spring bounds, step metrics, a spec timeline matched after the best time shift and accepted baselines, "
            "two recordings checked in parallel; exit status 0.",
            ["check", "data/checks/motion-checks.json"], group="Checks"),
    Example("A two-track timeline (`data/timelines/struct-two-tracks.json`: cubic keyframes on x, an ease and a spring on s) "
            "as CSS: registered custom properties, one `@keyframes` per track with each interval's timing function — the "
            "cubic keyframes exact as cubic-bezier(1/3, y1, 2/3, y2), the spring as linear() within 0.1 % of the range "
            "(the fidelity notes go to stderr).",
            ["export", "data/timelines/struct-two-tracks.json", "--format", "css", "--name", "card"], group="Export"),
    Example("A spring as Jetpack Compose code, with what Compose cannot carry.",
            ["export", "--duration", "0.5", "--bounce", "0.3", "--format", "compose"]),
    Example("Bad input: a message naming the option, the value and the valid range on stderr, nothing on stdout, "
            "exit status {status}; with `--json` the message is JSON.",
            ["spring", "--duration", "0.5", "--bounce", "2", "--json"], expect_error=True, group="Errors"),
    Example("A bad row in a recording is reported with its file and line (exit status {status}).",
            ["settle", TMP + "bad.csv"], expect_error=True,
            files={"bad.csv": "time,y\n0,0\n0.1,1\n0.1,2\n0.2,2\n"}),
]


def default_binary() -> Path:
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
    return Path(bin_path) / "motionlab"


def trim(text: str, head: int, tail: int) -> str:
    lines = text.rstrip("\n").split("\n")
    if len(lines) <= head + tail:
        return "\n".join(lines)
    omitted = len(lines) - head - tail
    plural = "s" if omitted != 1 else ""
    note = f"… ({omitted} line{plural} omitted)" if tail else f"… ({omitted} more line{plural})"
    return "\n".join(lines[:head] + [note] + (lines[-tail:] if tail else []))


def fence(language: str, text: str) -> str:
    ticks = "```"
    while ticks in text:
        ticks += "`"
    return f"{ticks}{language}\n{text}\n{ticks}"


def run(binary: Path, example: Example) -> str:
    with tempfile.TemporaryDirectory(prefix="motionlab-examples-") as tmp:
        for name, content in example.files.items():
            Path(tmp, name).write_text(content)
        args = [a.replace(TMP, tmp + "/") for a in example.args]
        shown = ["motionlab"] + [a.replace(TMP, "") for a in example.args]
        result = subprocess.run([str(binary)] + args, cwd=ROOT, capture_output=True, text=True, timeout=300,
                                env=portable_blas_environment())
        failed = result.returncode != 0
        if failed != example.expect_error:
            sys.exit(f"readme_examples: `{shlex.join(shown)}` {'failed' if failed else 'succeeded'} "
                     f"(exit status {result.returncode}), expected {'failure' if example.expect_error else 'success'}"
                     f"\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}")
        if example.expect_error and result.stdout:
            sys.exit(f"readme_examples: `{shlex.join(shown)}` failed but wrote to stdout:\n{result.stdout}")
        output = result.stderr if example.expect_error else result.stdout
        output = output.replace(tmp + "/", "").replace(tmp, ".")
        if not output.strip():
            sys.exit(f"readme_examples: `{shlex.join(shown)}` printed nothing")

    parts = [f"#### {example.group}"] if example.group else []
    parts.append(example.description.replace("{status}", str(result.returncode)))
    for name, content in example.files.items():
        language = "json" if name.endswith(".json") else ("csv" if name.endswith(".csv") else "text")
        parts.append(f"with `{name}`:\n\n" + fence(language, content.rstrip("\n")))
    parts.append(fence("sh", shlex.join(shown)))
    stripped = output.lstrip()
    language = "json" if "--json" in example.args and stripped[:1] in "{[" else "text"
    parts.append(fence(language, trim(output, example.head, example.tail)))
    return "\n\n".join(parts)


HEADER = f"""# Command-line examples

Each example below was run from the repository root on the bundled data (`data/`), and its output
pasted by `python3 scripts/readme_examples.py [PATH/TO/motionlab]`; long outputs are cut, and a note
says how many lines were left out. Run the script again after changing a command;
`python3 scripts/readme_examples.py --check [PATH/TO/motionlab]` fails, with a diff, when this file
is not current. Everything between the markers below is generated: do not edit it by hand.

{BEGIN}
{END}
"""


def splice(document: str, generated: str) -> str:
    """`document` with everything between the markers replaced by `generated`."""
    if document.count(BEGIN) != 1 or document.count(END) != 1 or document.index(BEGIN) > document.index(END):
        sys.exit(f"readme_examples: {EXAMPLES_DOC.relative_to(ROOT)} needs exactly one {BEGIN} … {END} pair")
    before, rest = document.split(BEGIN, 1)
    _, after = rest.split(END, 1)
    return f"{before}{BEGIN}\n{generated}\n{END}{after}"


NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def same_up_to_last_digits(a: str, b: str, rel: float = 1e-5) -> bool:
    """Whether `a` and `b` are the same text with numbers equal to `rel` (relative) and the
    whitespace around them free: a least-squares fit's last digits depend on the CPU the BLAS
    kernels run on (AVX-512 or not), and a printed number's width moves the columns after it."""
    numbers_a, numbers_b = NUMBER.findall(a), NUMBER.findall(b)
    words_a = [" ".join(part.split()) for part in NUMBER.split(a)]
    words_b = [" ".join(part.split()) for part in NUMBER.split(b)]
    if len(numbers_a) != len(numbers_b) or words_a != words_b:
        return False
    for x, y in zip(numbers_a, numbers_b):
        if x == y:
            continue
        u, v = float(x), float(y)
        if abs(u - v) > rel * max(abs(u), abs(v)) + 1e-12:
            return False
    return True


def write_atomically(path: Path, text: str) -> None:
    """Writes `text` to a temporary file beside `path`, then renames it over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def main() -> None:
    parser = argparse.ArgumentParser(description="Regenerates (or, with --check, verifies) docs/examples.md "
                                                 "from the built motionlab.")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 with a unified diff if docs/examples.md is not current")
    parser.add_argument("binary", nargs="?", help="the motionlab executable (default: $(swift build --show-bin-path)/motionlab)")
    options = parser.parse_args()
    binary = Path(options.binary).resolve() if options.binary else default_binary()
    if not os.access(binary, os.X_OK):
        sys.exit(f"readme_examples: {binary} is not an executable; build it first "
                 f"(swift build --product motionlab) or pass its path")
    name = str(EXAMPLES_DOC.relative_to(ROOT))
    current = EXAMPLES_DOC.read_text() if EXAMPLES_DOC.exists() else None
    template = current if current is not None else HEADER
    splice(template, "")  # the markers are checked before anything runs
    blocks = [run(binary, example) for example in EXAMPLES]
    generated = ("<!-- Generated by scripts/readme_examples.py from the built motionlab: do not edit by hand. -->\n\n"
                 + "\n\n".join(blocks))
    updated = splice(template, generated)
    if options.check:
        if updated == current:
            print(f"{name}: {len(EXAMPLES)} examples, current")
            return
        if current is not None and same_up_to_last_digits(current, updated):
            print(f"{name}: {len(EXAMPLES)} examples, current (some numbers differ in their last digits: "
                  f"LAPACK's kernels round differently on other CPUs)")
            return
        sys.stdout.writelines(difflib.unified_diff(
            (current or "").splitlines(keepends=True), updated.splitlines(keepends=True),
            fromfile=f"{name} (on disk)", tofile=f"{name} (regenerated)"))
        sys.exit(f"readme_examples: {name} is not current; run python3 scripts/readme_examples.py "
                 f"{shlex.quote(str(binary))} and commit the result")
    if updated == current:
        print(f"{name}: {len(EXAMPLES)} examples, unchanged")
        return
    write_atomically(EXAMPLES_DOC, updated)
    print(f"{name}: {len(EXAMPLES)} examples regenerated")


if __name__ == "__main__":
    main()
