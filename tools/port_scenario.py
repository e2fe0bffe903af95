"""Port scenario files to another edition: same board positions, the target edition's names.

    python tools/port_scenario.py scenarios/rules/*.yaml --edition uk-1996 [-o DIR] [--only-stated]

A scenario that holds under another edition lists it under `editions:` and is ported when it is
loaded (monolog/scenarios/porting.py does both); this tool writes the port to a file, to start
a case that is another scenario under that edition. Each scenario of each file is rewritten
for the target edition and the file is written to DIR/<same file name> (default
`scenarios/editions/<edition>/`):

- every square named in the record is resolved on the source edition's board and renamed, by
  its board index, to the target edition's name (replaced in place, so the record's comments and
  layout stay as written; squares written by number stay as they are);
- every card is replaced by the target deck's card with the same effect (same deck, same kind,
  amount, target square and so on); a scenario that draws a card the target decks lack is
  skipped, with the reason;
- the `[Edition]` tag (or the scenario's `edition:` key) names the target edition, currency
  signs follow it, and names and vocabulary in titles, notes and record comments follow it;
- square names used as keys of `expect: state/final` deeds, positions and card ids follow;
- `rules:` keeps only the IDs the target edition states (or, for CF items, under which it
  arises); with `--only-stated` a scenario left with none is skipped.

Scenarios that expect a parse error (the notation does not depend on the edition), that run
under another edition than the source edition (`--from`, default us-2018), or whose record
plays a variant the target edition lacks are skipped. Every written file starts with a comment
naming its source: expectations that the target edition's rules change are edited by hand, so
an existing file that differs from a fresh port is kept unless `--force` is given.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from monolog.editions import DEFAULT_EDITION, EditionError, list_editions, load_edition
from monolog.scenarios.model import SCENARIO_KEYS, ScenarioFileError, parse_scenarios
from monolog.scenarios.porting import Porter, Skip, TextMapper, card_map

__all__ = ["Porter", "Skip", "TextMapper", "card_map", "dump_file", "main", "port_file"]

HEADER = (
    "# Ported from {source} to {edition} by tools/port_scenario.py; "
    "edited by hand where the edition differs."
)


def port_scenario(
    porter: Porter, data: dict[str, Any], base: Path, only_stated: bool
) -> dict[str, Any]:
    """One scenario's data ported, its record read from `record_file` when it has one, the keys
    in the order scenario files give them (raises Skip)."""
    if data.get("record") is not None:
        record = str(data["record"])
    else:
        path = base / str(data.get("record_file", ""))
        try:
            record = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise Skip(f"cannot read {path}: {exc.strerror or exc}") from None
    out = porter.scenario(data, record, only_stated)
    return {key: out[key] for key in SCENARIO_KEYS if key in out}


# --------------------------------------------------------------------------- YAML output


def _flow(value: Any) -> str:
    """A value as YAML on one line (flow style for collections)."""
    text: str = yaml.safe_dump(
        {"k": value}, default_flow_style=True, width=1 << 30, sort_keys=False, allow_unicode=True
    ).strip()
    # `{k: VALUE}` -> VALUE
    return text[len("{k: ") : -1]


def _block(text: str, indent: str) -> str:
    """A multi-line text as a literal block scalar."""
    body = text.rstrip("\n")
    trailing = len(text) - len(body)
    chomp = "-" if trailing == 0 else ("" if trailing == 1 else "+")
    lead = "2" if body[:1] in (" ", "\t") else ""
    lines = [(indent + line) if line.strip() else "" for line in body.split("\n")]
    extra = [""] * (trailing - 1) if trailing > 1 else []
    return f"|{lead}{chomp}\n" + "\n".join(lines + extra)


def _scalar_or_block(value: Any, indent: str) -> str:
    if isinstance(value, str) and "\n" in value.rstrip("\n"):
        return _block(value, indent)
    if isinstance(value, str) and value.endswith("\n"):
        return _block(value, indent)
    return _flow(value)


def dump_scenario(data: Mapping[str, Any], indent: str = "") -> list[str]:
    """A scenario as YAML lines: records as block scalars, small mappings on one line."""
    lines: list[str] = []
    inner = indent + "  "
    for key, value in data.items():
        if key == "expect" and isinstance(value, dict) and value:
            lines.append(f"{indent}expect:")
            for k, v in value.items():
                if k == "state" and isinstance(v, dict) and v:
                    lines.append(f"{inner}state:")
                    lines.extend(f"{inner}  {_flow(n)}: {_flow(s)}" for n, s in v.items())
                else:
                    lines.append(f"{inner}{k}: {_flow(v)}")
        else:
            lines.append(f"{indent}{key}: {_scalar_or_block(value, inner)}")
    return lines


def dump_file(scenarios: Sequence[Mapping[str, Any]], listed: bool, header: str) -> str:
    """A scenario file: one scenario, or a `scenarios:` list when the source had one."""
    lines = [header]
    if listed:
        lines.append("scenarios:")
        for item in scenarios:
            body = dump_scenario(item, "    ")
            lines.append("  - " + body[0].lstrip())
            lines.extend(body[1:])
    else:
        lines.extend(dump_scenario(scenarios[0]))
    text = "\n".join(lines) + "\n"
    loaded = yaml.safe_load(text)
    wanted: Any = {"scenarios": list(scenarios)} if listed else dict(scenarios[0])
    if loaded != _plain(wanted):
        # a record this layout cannot hold exactly (blank lines of spaces, say): plain YAML
        dumped: str = yaml.safe_dump(_plain(wanted), sort_keys=False, allow_unicode=True, width=100)
        return header + "\n" + dumped
    return text


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


# --------------------------------------------------------------------------- files


@dataclass(slots=True)
class FileResult:
    """What became of one source file: the text written (None: nothing ported) and skips."""

    source: Path
    text: str | None
    ported: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (title, reason)


def port_file(
    path: Path, porter: Porter, only_stated: bool = False, shown_as: str | None = None
) -> FileResult:
    """Port every scenario of a file. Raises ScenarioFileError when the file is not valid."""
    text = path.read_text(encoding="utf-8")
    parse_scenarios(text, path)  # validates the source, with its own error messages
    data = yaml.safe_load(text)
    listed = "scenarios" in data
    items: list[dict[str, Any]] = list(data["scenarios"]) if listed else [data]
    result = FileResult(path, None)
    done: list[dict[str, Any]] = []
    for item in items:
        title = str(item.get("title"))
        try:
            done.append(port_scenario(porter, item, path.parent, only_stated))
            result.ported.append(title)
        except Skip as exc:
            result.skipped.append((title, str(exc)))
    if done:
        header = HEADER.format(source=shown_as or path.as_posix(), edition=porter.target.key)
        result.text = dump_file(done, listed, header)
    return result


def _shown(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="port_scenario.py", description="Port scenario files to another edition."
    )
    parser.add_argument("sources", nargs="+", type=Path, metavar="SRC.yaml")
    parser.add_argument("--edition", required=True, help="the edition to port to")
    parser.add_argument(
        "--from",
        dest="source",
        default=DEFAULT_EDITION,
        help=f"port only scenarios that run under this edition (default {DEFAULT_EDITION})",
    )
    parser.add_argument("-o", "--output", type=Path, help="folder (default scenarios/editions/E)")
    parser.add_argument(
        "--only-stated",
        action="store_true",
        help="skip scenarios left with no rule the target edition states",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="overwrite ported files that differ from a fresh port (hand edits are lost)",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="print the totals only")
    args = parser.parse_args(argv)
    known = list_editions()
    for key in (args.edition, args.source):
        if key not in known:
            parser.error(f"unknown edition {key!r}; the editions are: {', '.join(known)}")
    if args.edition == args.source:
        parser.error("the target edition is the source edition")
    try:
        porter = Porter(load_edition(args.source), load_edition(args.edition))
    except EditionError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    out_dir: Path = args.output or Path("scenarios/editions") / args.edition
    ported = skipped = files = kept = 0
    status = 0
    for src in args.sources:
        try:
            result = port_file(src, porter, args.only_stated, _shown(src))
        except (OSError, UnicodeDecodeError) as exc:
            print(f"{src}: cannot read: {exc}", file=sys.stderr)
            status = 2
            continue
        except ScenarioFileError as exc:
            print(f"error: {exc}", file=sys.stderr)
            status = 2
            continue
        for title, reason in result.skipped:
            skipped += 1
            if not args.quiet:
                print(f"{src}: skipped {title!r}: {reason}")
        if result.text is None:
            continue
        out_dir.mkdir(parents=True, exist_ok=True)
        target = out_dir / src.name
        if not args.force and target.exists() and target.read_text("utf-8") != result.text:
            kept += 1
            print(f"{src}: kept {target}: it differs from a fresh port (edited by hand?)")
            continue
        target.write_text(result.text, encoding="utf-8")
        files += 1
        ported += len(result.ported)
        if not args.quiet:
            print(f"{src}: {len(result.ported)} ported -> {target}")
    print(f"{ported} scenarios ported into {files} files, {skipped} skipped")
    if kept:
        print(f"{kept} files kept as they are (--force overwrites them)")
    return status


if __name__ == "__main__":
    sys.exit(main())
