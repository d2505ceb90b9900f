#!/usr/bin/env python3
"""Fails when a target uses a declaration whose Apple availability is newer than the
package's declared minimums.

The toolchain's .swiftinterface files for the standard library, Concurrency, Synchronization
and Observation say, for each public declaration, the first macOS and iOS that have it
(`@available(macOS 15.0, iOS 18.0, ...)`). This reads the top-level types, functions and
macros declared so, and looks for their names in Sources/: a use above the minimums in
Package.swift (`.macOS(.vN)`, `.iOS(.vN)`) is an error, located, unless an `@available` or
`#available` a few lines above guards it. Linux compiles such code happily; an Apple platform
does not.

    python3 scripts/availability-check.py                  # the package's minimums
    python3 scripts/availability-check.py --macos 14 --ios 17   # as if they were lower
"""
import argparse
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = ["Swift", "_Concurrency", "Synchronization", "Observation"]
DECLARATION = re.compile(
    r"^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:final\s+)?(?:nonisolated\s+)?"
    r"(struct|class|enum|protocol|typealias|actor|func|macro)\s+`?(\w+)")
AVAILABLE = re.compile(r"@available\(([^)]*)\)")
PLATFORM = re.compile(r"\b(macOS|iOS)\s+(\d+)(?:\.(\d+))?")


def interface_folder():
    """Where the toolchain keeps the Linux modules' interfaces."""
    swift = subprocess.run(["swift", "-print-target-info"], capture_output=True, text=True)
    match = re.search(r'"runtimeResourcePath"\s*:\s*"([^"]+)"', swift.stdout)
    if match:
        return pathlib.Path(match.group(1)) / "linux"
    raise SystemExit("availability-check: cannot find the toolchain's modules")


def version(major, minor):
    return (int(major), int(minor or 0))


def declarations(folder):
    """Top-level names with the macOS and iOS versions that first have them: the lowest over
    every declaration of the name, so that an older overload is not reported."""
    found = {}
    for module in MODULES:
        files = sorted((folder / (module + ".swiftmodule")).glob("*.swiftinterface"))
        files = [f for f in files if ".private." not in f.name] or files
        if not files:
            continue
        pending = None
        for line in files[0].read_text(errors="replace").splitlines():
            if line.startswith((" ", "\t")) or line.startswith("//"):
                pending = None if not line.strip().startswith("@") else pending
                continue
            for attribute in AVAILABLE.findall(line):
                platforms = {p: version(a, b) for p, a, b in PLATFORM.findall(attribute)}
                if "unavailable" in attribute or "deprecated" in attribute and not platforms:
                    continue
                if platforms:
                    pending = platforms
            match = DECLARATION.match(line.strip())
            if not match:
                # An attribute line leads to the declaration after it; anything else (an
                # extension, a closing brace) ends what the attributes were for.
                if not line.startswith("@") or " extension " in line or line.endswith("{"):
                    pending = None
                continue
            name = match.group(2)
            if name.startswith("_"):
                pending = None
                continue
            platforms = pending or {}
            pending = None
            known = found.get(name)
            mac = platforms.get("macOS", (0, 0))
            ios = platforms.get("iOS", (0, 0))
            if known is None:
                found[name] = (match.group(1), mac, ios, module)
            else:
                found[name] = (known[0], min(known[1], mac), min(known[2], ios), known[3])
    return found


def minimums(package):
    text = package.read_text()
    mac = re.search(r"\.macOS\(\.v(\d+)(?:_(\d+))?\)", text)
    ios = re.search(r"\.iOS\(\.v(\d+)(?:_(\d+))?\)", text)
    if not mac or not ios:
        raise SystemExit("availability-check: Package.swift declares no macOS and iOS minimums")
    return version(*mac.groups()), version(*ios.groups())


def stripped(source):
    """The source with comments and string literals blanked, lines kept."""
    source = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), source, flags=re.S)
    source = re.sub(r'"""(.*?)"""', lambda m: re.sub(r"[^\n]", " ", m.group(0)), source, flags=re.S)
    lines = []
    for line in source.splitlines():
        line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
        lines.append(line.split("//")[0])
    return lines


def own_names(files):
    """Types and functions the package declares itself, which shadow the toolchain's."""
    names = set()
    pattern = re.compile(r"\b(?:struct|class|enum|protocol|typealias|actor|func)\s+(\w+)")
    for path in files:
        names.update(pattern.findall(path.read_text(errors="replace")))
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--macos", type=int, help="check against this macOS instead")
    parser.add_argument("--ios", type=int, help="check against this iOS instead")
    arguments = parser.parse_args()
    mac_minimum, ios_minimum = minimums(ROOT / "Package.swift")
    if arguments.macos:
        mac_minimum = (arguments.macos, 0)
    if arguments.ios:
        ios_minimum = (arguments.ios, 0)
    names = declarations(interface_folder())
    files = sorted((ROOT / "Sources").rglob("*.swift"))
    shadowed = own_names(files)
    newer = {name: info for name, info in names.items()
             if name not in shadowed and (info[1] > mac_minimum or info[2] > ios_minimum)}
    problems = []
    for path in files:
        lines = stripped(path.read_text(errors="replace"))
        for number, line in enumerate(lines, 1):
            for token in re.finditer(r"(?<![.\w])(\w+)", line):
                info = newer.get(token.group(1))
                if not info:
                    continue
                kind = info[0]
                rest = line[token.end():]
                if kind == "func" and not rest.lstrip().startswith("("):
                    continue
                context = "\n".join(lines[max(0, number - 15):number])
                if "@available(" in context or "#available(" in context:
                    continue
                problems.append(
                    "%s:%d:%d: error: '%s' (%s) needs macOS %d.%d and iOS %d.%d; the package "
                    "declares macOS %d and iOS %d" % (
                        path.relative_to(ROOT), number, token.start() + 1, token.group(1),
                        info[3], info[1][0], info[1][1], info[2][0], info[2][1],
                        mac_minimum[0], ios_minimum[0]))
    for problem in problems:
        print(problem)
    print("availability-check: %d names newer than macOS %d / iOS %d, %d files, %d uses found"
          % (len(newer), mac_minimum[0], ios_minimum[0], len(files), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
