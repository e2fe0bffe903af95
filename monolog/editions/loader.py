"""Loading editions: the shipped ones by key, a user's file by path.

Files are read defensively, since `--edition path.yaml` accepts anything a user hands over: the size
is capped, the YAML is composed into nodes and counted (aliases expanded) against a budget before
anything is constructed, and only plain YAML types are built (yaml.SafeLoader). The data files
shipped with monolog are trusted: they are composed by libyaml (yaml.CSafeLoader) when PyYAML has
it, about ten times faster, and go through the same budget and duplicate-key check afterwards.
A user's file never does: libyaml composes recursively in C, so a hostile file nested deeply
enough crashes the interpreter instead of raising an error the pure-Python loader can catch.

A user file may start from a shipped edition (or another file) with `extends: us-2018` and
override parts of it (monolog/editions/merge.py says how). Each file of the chain is checked for
the shapes merging relies on first; a complaint about the merged whole is then reported at the
file, line, column and key path where the offending value was written.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from ..files import edition_limit
from .carried import active, read_edition_file
from .errors import EditionError, excerpt, fold_path, short_quotes
from .merge import MERGED_SECTIONS, Origin, overlay, written
from .readings import DATA_DIR, READINGS_FILE
from .schema import build_edition

if TYPE_CHECKING:
    from .model import Edition

MAX_BYTES = 1 << 20  # an edition is about 20 KiB; anything beyond 1 MiB is refused unread
MAX_NODES = 20_000  # YAML nodes after alias expansion (us-2018 has about 1,500)
MAX_DEPTH = 40
MAX_EXTENDS = 8
DEFAULT_EDITION = "us-2018"


# Data files beside the editions that are not editions themselves.
PARAMS_FILE = "params.yaml"
HOUSE_RULES_FILE = "house-rules.yaml"
NOT_EDITIONS = frozenset({READINGS_FILE, PARAMS_FILE, HOUSE_RULES_FILE})


def list_editions() -> list[str]:
    """The keys of the shipped editions, sorted."""
    return list(_shipped_keys())


@cache
def _shipped_keys() -> tuple[str, ...]:
    """The shipped editions' keys, read once (every replay names its edition)."""
    keys = [
        entry.name[: -len(".yaml")]
        for entry in DATA_DIR.iterdir()
        if entry.name.endswith(".yaml") and entry.name not in NOT_EDITIONS
    ]
    return tuple(sorted(keys))


EDITIONS_VARIABLE = "MONOLOG_EDITIONS"


def configured_folders() -> list[str]:
    """The folders the user lists in MONOLOG_EDITIONS (separated as PATH is) for edition files
    that records name in their Edition tag (those read where the run started, in an audit
    that carries them: monolog/editions/carried.py)."""
    carried = active()
    if carried is not None:
        return list(carried.folders)
    raw = os.environ.get(EDITIONS_VARIABLE, "")
    return [folder for folder in raw.split(os.pathsep) if folder.strip()]


def _inside(folder: str, name: str) -> str | None:
    """The real path of `name` taken from `folder`, if something of that name is inside that
    folder (links resolved, so `..` or a link cannot lead out of it); whether it is a regular
    file is checked when it is read (monolog/files.py), which says what it is otherwise."""
    carried = active()
    if carried is not None and folder in carried.folders:
        return carried.inside(folder, name)
    try:
        base = os.path.realpath(folder)
        candidate = os.path.realpath(os.path.join(base, name))
        if os.path.commonpath([base, candidate]) != base or not _exists(candidate):
            return None
    except (OSError, ValueError):
        return None
    return candidate


def _tag_folders(record: str | None) -> list[str]:
    folders = [os.path.dirname(os.path.abspath(record))] if record else []
    return folders + configured_folders()


def tagged_edition(key: str, record: str | None) -> str:
    """What a record's Edition tag names: a shipped key as it is, or the real path of a `.yaml`
    file in the record's own folder (or below it) or in a folder listed in MONOLOG_EDITIONS.

    A record is data someone else may have written: it must not make monolog read any other
    path, so anything else raises EditionError without opening a file."""
    if key in _shipped_keys():
        return key
    if not key.lower().endswith((".yaml", ".yml")):
        known = ", ".join(list_editions())
        raise EditionError(
            f"unknown edition {key!r} (known editions: {known}; or a .yaml file beside the record)"
        )
    for folder in _tag_folders(record):
        found = _inside(folder, key)
        if found is not None:
            return found
    raise EditionError(
        f"no edition file {key!r} beside the record; an Edition tag may name only a .yaml file "
        f"in the record's folder or in a folder listed in {EDITIONS_VARIABLE}"
    )


def load_tagged_edition(key: str, record: str | None) -> Edition:
    """The edition a record's Edition tag names (see `tagged_edition`); a file it extends must
    lie in the same folders."""
    found = tagged_edition(key, record)
    if found == key and key in _shipped_keys():
        return _load_builtin(key)
    return _load_path(Path(found), within=tuple(_tag_folders(record)))


def load_edition(key_or_path: str) -> Edition:
    """The edition for a shipped key ("us-2018") or a path to an edition YAML file.

    Raises EditionError (one line naming the file and key path) for anything unusable.
    """
    if key_or_path in _shipped_keys():
        return _load_builtin(key_or_path)
    path = Path(key_or_path)
    if path.suffix.lower() in (".yaml", ".yml"):
        return _load_path(path)
    known = ", ".join(list_editions())
    if _exists(key_or_path):  # a file, but not an edition file: not opened (/etc/passwd)
        raise EditionError(
            f"{key_or_path!r} is not a .yaml file; an edition is a key ({known}) or a .yaml file"
        )
    raise EditionError(
        f"unknown edition {key_or_path!r} (known editions: {known}; or a .yaml file)"
    )


def _real(path: str) -> str:
    """The real path of `path`: a file of the carried folders' as it was read, else as the
    file system resolves it."""
    carried = active()
    found = carried.resolved(path) if carried is not None else None
    return found if found is not None else os.path.realpath(path)


def _exists(name: str) -> bool:
    carried = active()
    if carried is not None and carried.resolved(name) is not None:
        return True
    try:
        os.stat(name)
    except (OSError, ValueError):
        return False
    return True


@cache
def _load_builtin(key: str) -> Edition:
    raw = (DATA_DIR / f"{key}.yaml").read_bytes()
    return _build(raw, f"monolog/editions/data/{key}.yaml", None, key, shipped=True)


def _load_path(path: Path, within: tuple[str, ...] | None = None) -> Edition:
    return _build(_read(path), str(path), path.parent, path.stem, within=within)


def _build(
    raw: bytes,
    file: str,
    base_dir: Path | None,
    key: str,
    shipped: bool = False,
    within: tuple[str, ...] | None = None,
) -> Edition:
    """Parse, resolve `extends`, check and build. A schema complaint names the merged edition's
    key path; it is reported at the file that wrote the offending value, its line and column,
    and the key path as written in that file (for a file that extends nothing, the file itself)."""
    lines: dict[str, str] = {}  # first lines of folded values, for the messages' excerpts
    node, data = _parse_shipped(raw, file) if shipped else _parse(raw, file, lines)
    chain: list[str] = []  # the files of the extends chain, the most derived first
    merged, origin = _merged(
        data, file, base_dir, depth=0, within=within, node=node, chain=chain, lines=lines
    )
    try:
        return build_edition(merged, file=file, key=key, first_lines=lines)
    except EditionError as exc:
        if exc.file != file:  # not about this edition's data (the readings catalogue, say)
            raise
        # Of two values in conflict, the one the most derived file wrote is reported: the
        # other was accepted where it was written.
        sides = [(exc.path, exc.detail), *exc.related.items()]
        placed = [(origin.find(path), detail) for path, detail in sides]
        rank = {name: n for n, name in enumerate(chain)}
        at, detail = min(placed, key=lambda side: rank.get(side[0].file, len(rank)))
        raise EditionError(detail, file=at.where(), path=fold_path(at.path, lines)) from None


def _read(path: Path) -> bytes:
    """A user's edition file: a regular file only, never a blocking open, at most the edition
    size limit (monolog/files.py); one of the carried folders' as it was read there."""
    carried = active()
    found = carried.real.get(str(path)) if carried is not None else None
    if found is not None:
        data, error = found.data, found.error
    else:
        data, error = read_edition_file(str(path))
    if data is None:
        raise EditionError(error or "cannot read", file=str(path))
    return data


@cache
def _counting_loader() -> Any:
    """SafeLoader that gives up once the document has more nodes than the budget allows (a class
    made on first use, since PyYAML is imported only when a YAML file is read)."""

    class CountingLoader(yaml.SafeLoader):  # type: ignore[misc,unused-ignore]
        def __init__(self, text: str, file: str, lines: dict[str, str]) -> None:
            super().__init__(text)
            self.file = file
            self.nodes = 0
            self.depth = 0
            self.lines = lines

        def construct_scalar(self, node: yaml.Node) -> Any:
            value = super().construct_scalar(node)  # type: ignore[arg-type,unused-ignore]
            if isinstance(value, str) and node.start_mark.line != node.end_mark.line:
                first = _first_line(node)
                if first is not None:  # folded from several lines: quoted by its first
                    self.lines.setdefault(value, first)
            return value

        def compose_node(self, parent: yaml.Node | None, index: object) -> yaml.Node:
            self.nodes += 1
            if self.nodes > MAX_NODES:
                raise EditionError(
                    f"document has more than {MAX_NODES:,} YAML nodes", file=self.file
                )
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise EditionError(f"nesting deeper than {MAX_DEPTH} levels", file=self.file)
            try:
                return super().compose_node(parent, index)  # type: ignore[no-any-return,return-value,arg-type,unused-ignore]
            finally:
                self.depth -= 1

    return CountingLoader


def _first_line(node: yaml.Node) -> str | None:
    """The first line of a scalar as the file writes it (a block scalar's first line of
    text), when the loader kept the text."""
    buffer = getattr(node.start_mark, "buffer", None)
    if not isinstance(buffer, str):
        return None
    lines = buffer[node.start_mark.pointer : node.end_mark.pointer].splitlines() or [""]
    style = getattr(node, "style", None)
    if style in ("|", ">"):
        return lines[1].strip() if len(lines) > 1 else ""
    first = lines[0]
    return (first[1:] if style in ('"', "'") else first).rstrip()


def parse_yaml(data: bytes, file: str) -> Any:
    """Safe YAML for untrusted input: size cap, node budget and duplicate-key check, then plain
    construction. Raises EditionError with the file and line:column of the problem."""
    return _parse(data, file)[1]


def _parse(data: bytes, file: str, lines: dict[str, str] | None = None) -> tuple[yaml.Node, Any]:
    try:
        cap = edition_limit()
    except OSError as exc:  # a limit that is not a number
        raise EditionError(exc.strerror or str(exc), file=file) from None
    if len(data) > cap:
        raise EditionError(f"file exceeds {cap:,} bytes", file=file)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise EditionError(f"not valid UTF-8 (byte {exc.start})", file=file) from None
    try:  # the reader rejects a forbidden character (a NUL byte, say) as soon as it is made
        loader = _counting_loader()(text, file, {} if lines is None else lines)
    except yaml.YAMLError as exc:
        raise EditionError(short_quotes(str(exc).splitlines()[0]), file=file) from None
    try:
        node = loader.get_single_node()
        if node is None:
            raise EditionError("the file is empty; expected an edition mapping", file=file)
        _budget(node, file)
        return node, loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{file}:{mark.line + 1}:{mark.column + 1}" if mark else file
        what = " ".join(p for p in (exc.context, exc.problem) if p) or "invalid YAML"
        raise EditionError(short_quotes(what.replace("\n", " ")), file=where) from None
    except yaml.YAMLError as exc:
        raise EditionError(short_quotes(str(exc).splitlines()[0]), file=file) from None
    except RecursionError:
        raise EditionError("YAML nested too deeply", file=file) from None
    finally:
        loader.dispose()


def _parse_shipped(data: bytes, file: str) -> tuple[yaml.Node, Any]:
    """A data file shipped with monolog, composed by libyaml when PyYAML has it, then checked
    as `_parse` checks (node budget, depth, duplicate keys). Anything libyaml objects to is
    parsed again by `_parse`, so the error reads the same either way."""

    c_loader = getattr(yaml, "CSafeLoader", None)
    if c_loader is None:
        return _parse(data, file)
    try:
        loader = c_loader(data.decode("utf-8"))
    except (UnicodeDecodeError, yaml.YAMLError):
        return _parse(data, file)
    try:
        node = loader.get_single_node()
        if node is None:
            return _parse(data, file)
        _budget(node, file)
        return node, loader.construct_document(node)
    except yaml.YAMLError:
        return _parse(data, file)
    finally:
        loader.dispose()


def parse_shipped_yaml(data: bytes, file: str) -> Any:
    """`parse_yaml` for a data file shipped with monolog (trusted: libyaml when available)."""
    return _parse_shipped(data, file)[1]


def _budget(root: yaml.Node, file: str) -> None:
    """Count nodes as construction would visit them (aliases expanded); refuse large documents,
    deep nesting and duplicate mapping keys before anything is built."""

    count = 0
    stack: list[tuple[yaml.Node, int]] = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        count += 1
        if count > MAX_NODES:
            raise EditionError(
                f"document expands to more than {MAX_NODES:,} YAML nodes (alias expansion?)",
                file=file,
            )
        if depth > MAX_DEPTH:
            mark = node.start_mark
            raise EditionError(
                f"nesting deeper than {MAX_DEPTH} levels",
                file=f"{file}:{mark.line + 1}:{mark.column + 1}",
            )
        if isinstance(node, yaml.SequenceNode):
            stack.extend((child, depth + 1) for child in node.value)
        elif isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode):
                    if key.value in seen and key.value != "<<":
                        mark = key.start_mark
                        first = _first_line(key)
                        shown = {key.value: first} if first is not None else None
                        raise EditionError(
                            f"duplicate key {excerpt(key.value, shown)}",
                            file=f"{file}:{mark.line + 1}:{mark.column + 1}",
                        )
                    seen.add(key.value)
                stack.append((key, depth + 1))
                stack.append((value, depth + 1))


# ---------------------------------------------------------------- extends


def _merged(
    data: Any,
    file: str,
    base_dir: Path | None,
    *,
    depth: int,
    within: tuple[str, ...] | None = None,
    node: yaml.Node | None = None,
    chain: list[str] | None = None,
    lines: dict[str, str] | None = None,
) -> tuple[Any, Origin]:
    """Resolve `extends:` chains into one plain mapping (validated afterwards as a whole), with
    the origin of each of its values (monolog/editions/merge.py).

    A file extends a shipped key or another `.yaml` file; an edition a record's tag named
    (`within` its allowed folders) may extend only a file in those folders. Each file of the
    chain is checked for the shapes merging relies on before it is merged (`_check_mergeable`),
    so a wrong shape is reported at its own file:line:col. `chain` collects the files read,
    the most derived first."""
    if chain is not None:
        chain.append(file)
    if not isinstance(data, dict) or "extends" not in data:
        return data, written(file, node)
    _check_mergeable(data, file, node)
    parent = data["extends"]
    shown = excerpt(parent, lines)  # the file's own text: quoted short, on one line
    at = _at(file, node, "extends")  # file:line:col of the extends value, for the messages
    if not isinstance(parent, str) or not parent.strip():
        raise EditionError("expected an edition key or a file path", file=at, path="extends")
    if depth >= MAX_EXTENDS:
        raise EditionError(
            f"more than {MAX_EXTENDS} levels of extends (a cycle?)", file=at, path="extends"
        )
    pnode: yaml.Node | None = None
    if parent in list_editions():
        pfile = f"monolog/editions/data/{parent}.yaml"
        pnode, pdata = _parse_shipped((DATA_DIR / f"{parent}.yaml").read_bytes(), pfile)
        pdir: Path | None = None
    elif base_dir is not None:
        ppath = Path(_real(os.path.join(base_dir, parent)))
        if not _exists(str(ppath)):
            known = ", ".join(list_editions())
            raise EditionError(
                f"no edition or file {shown} (known editions: {known})",
                file=at,
                path="extends",
            )
        if ppath.suffix.lower() not in (".yaml", ".yml"):
            raise EditionError(
                f"{shown} is not a .yaml file; extends names an edition key or a .yaml file",
                file=at,
                path="extends",
            )
        if within is not None and not any(_inside(f, str(ppath)) for f in within):
            raise EditionError(
                f"{shown} lies outside the record's folder and the {EDITIONS_VARIABLE} "
                "folders, where an edition named by a record must stay",
                file=at,
                path="extends",
            )
        pfile = str(ppath)
        pnode, pdata = _parse(_read(ppath), pfile, lines)
        _check_mergeable(pdata, pfile, pnode)
        pdir = ppath.parent
    else:
        raise EditionError(f"unknown edition {shown}", file=at, path="extends")
    base, origin = _merged(
        pdata, pfile, pdir, depth=depth + 1, within=within, node=pnode, chain=chain, lines=lines
    )
    if not isinstance(base, dict):
        raise EditionError("the extended edition is not a mapping", file=pfile)
    own = {k: v for k, v in data.items() if k != "extends"}
    return overlay(base, origin, own, file, node)


def _at(file: str, node: yaml.Node | None, path: str) -> str:
    """`file:line:col` of the value at `path` when the file's nodes are known, else `file`."""
    return Origin(file, node, path).where() if path else file


def _check_mergeable(data: Any, file: str, node: yaml.Node | None) -> None:
    """The shapes `overlay` merges by, checked in one file of an `extends` chain: the file is
    a mapping, its merged sections are mappings, `squares` is a list of mappings whose `index`
    is a whole number, `decks` a mapping of mappings whose `cards` are mappings with a text
    `id`. The rest is checked on the merged whole by the schema."""

    def fail(path: str, message: str) -> None:
        raise EditionError(message, file=_at(file, node, path), path=path)

    if not isinstance(data, dict):
        fail("", "expected a mapping of edition fields")
        return
    for key in MERGED_SECTIONS:
        if key in data and data[key] is not None and not isinstance(data[key], dict):
            fail(key, "expected a mapping")
    squares = data.get("squares")
    if squares is not None:
        if not isinstance(squares, list):
            fail("squares", "expected a list of squares")
            return
        for i, entry in enumerate(squares):
            if not isinstance(entry, dict):
                fail(f"squares[{i}]", "expected a mapping")
            elif "index" in entry and (
                not isinstance(entry["index"], int) or isinstance(entry["index"], bool)
            ):
                fail(f"squares[{i}].index", "expected a whole number (the square's place)")
    decks = data.get("decks")
    if decks is None:
        return
    if not isinstance(decks, dict):
        fail("decks", "expected a mapping of decks")
        return
    for name, deck in decks.items():
        if not isinstance(deck, dict):
            fail(f"decks.{name}", "expected a mapping")
            continue
        cards = deck.get("cards")
        if cards is None:
            continue
        if not isinstance(cards, list):
            fail(f"decks.{name}.cards", "expected a list of cards")
            continue
        for j, card in enumerate(cards):
            if not isinstance(card, dict):
                fail(f"decks.{name}.cards[{j}]", "expected a mapping")
            elif "id" in card and not isinstance(card["id"], str):
                fail(f"decks.{name}.cards[{j}].id", "expected text (the card's id)")


# ---------------------------------------------------------------- parameter catalogue


@cache
def load_param_info() -> dict[str, Any]:
    """data/params.yaml: the RULES-MATRIX ID and a description of every rule parameter, and the
    IDs that vocabulary words and board fields come under (`rule_ids`, `descriptions`,
    `vocabulary_rule_ids`, `board_rule_ids`)."""
    file = f"monolog/editions/data/{PARAMS_FILE}"
    data = parse_shipped_yaml((DATA_DIR / PARAMS_FILE).read_bytes(), file)
    if not isinstance(data, dict):
        raise EditionError("expected a mapping", file=file)
    for section in ("rule_ids", "descriptions", "vocabulary_rule_ids", "board_rule_ids"):
        if not isinstance(data.get(section), dict):
            raise EditionError("expected a mapping", file=file, path=section)
    return data
