"""`hearth …`: the command line, and one entry point per systemd service.

A person's mistake (unknown id, unknown type, refused text, bad settings)
prints one line and exits 1; a traceback means a bug in Hearth.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from appliance.brain import commands as brain_commands
from appliance.config import Settings, load_settings
from appliance.errors import HearthError
from appliance.household import commands as household_commands
from appliance.memory import FACT_TYPES, STATUSES, Fact, Memory
from appliance.memory import commands as memory_commands
from appliance.memory.store import AlreadyKnown
from appliance.panel import commands as panel_commands
from appliance.service import commands as service_commands
from appliance.voice import commands as voice_commands
from appliance.web import commands as web_commands

Handler = Callable[[argparse.Namespace, Settings], int]


def _out(text: str = "") -> None:
    print(text, flush=True)


def _json(value: object) -> None:
    print(json.dumps(value, indent=2, ensure_ascii=False, default=str), flush=True)


def _date_arg(value: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a date (YYYY-MM-DD)") from None


def _fact_row(fact: Fact) -> str:
    # Words, not marks: the status column already says "doubted"; the note says what it means.
    notes = [
        word
        for word, on in (
            ("pinned", fact.pinned),
            ("doubted: it may be wrong", fact.status == "doubted"),
        )
        if on
    ]
    head = f"{fact.id:<40} {fact.type:<10} {fact.status:<10} {fact.confidence:.2f}"
    return f"{head} {fact.text}" + (f"  ({'; '.join(notes)})" if notes else "")


def _fact_json(
    fact: Fact, score: float | None = None, match: str | None = None
) -> dict[str, object]:
    row: dict[str, object] = {
        "id": fact.id,
        "type": fact.type,
        "status": fact.status,
        "confidence": fact.confidence,
        "text": fact.text,
    }
    if score is not None:
        row["score"] = round(score, 4)
    if match is not None:
        row["match"] = match  # how recall found it: keyword, semantic or both
    return row


# -- hearth memory ------------------------------------------------------------


def memory_add(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        fact = memory.add(
            args.text,
            args.type,
            confidence=args.confidence,
            origin="cli",
            links=args.link,
            pinned=args.pin,
            valid_until=args.until,
            despite_tombstone=args.despite_tombstone,
        )
    _out(f"remembered {fact.id}")
    return 0


def memory_recall(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        results = memory.recall(args.query, args.k)
        mode = memory.recall_mode
    if args.json:
        _json([_fact_json(r.fact, r.score, r.match) for r in results])
        return 0
    if not results:
        _out(f"nothing recalled ({mode} mode)")
    for result in results:
        _out(f"{result.score:7.3f} {result.match:<8}  {_fact_row(result.fact)}")
    return 0


def memory_list(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        facts = memory.facts(args.status)
    if args.json:
        _json([_fact_json(f) for f in facts])
    else:
        for fact in facts:
            _out(_fact_row(fact))
    return 0


def memory_show(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        fact = memory.get(args.id)
    sys.stdout.write(fact.to_text())
    return 0


def memory_doubt(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        fact = memory.doubt(args.id, actor="cli")
    _out(f"doubted {fact.id}: still recalled, marked doubted")
    return 0


def memory_retract(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        fact = memory.retract(args.id, actor="cli", reason=args.reason or "")
    _out(f"retracted {fact.id}: never recalled again, and not proposed again")
    return 0


def memory_supersede(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        fact = memory.supersede(args.id, args.new_text, actor="cli")
    _out(f"superseded {args.id} with {fact.id}")
    return 0


def memory_import(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        report = memory.import_jsonl(Path(args.file), actor="cli")
    for number, why in report.refused:
        _out(f"line {number}: not imported: {why}")
    _out(f"imported {len(report.added)} fact(s), {len(report.refused)} not imported")
    return 0 if not report.refused else 1


def memory_check(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        problems = memory.check()
        facts, waiting = len(memory.facts()), len(memory.proposals())
    for problem in problems:
        _out(f"{problem.path}: {problem.message}")
    _out(f"{facts} fact file(s) and {waiting} inbox file(s) read, {len(problems)} skipped")
    return 1 if problems else 0


# -- hearth inbox / review ------------------------------------------------------


def inbox_propose(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        try:
            proposal = memory.propose(args.text, args.type, args.confidence, origin="cli")
        except AlreadyKnown as known:
            _out(f"not proposed: {known}")
            return 0
    _out(f"proposed {proposal.id}; `hearth review keep {proposal.id}` makes it live")
    return 0


def review_list(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        proposals = memory.proposals()
        said_no = {p.id: memory.said_no_before(p) for p in proposals}
    if args.json:
        _json([{**p.to_json(), "said_no_before": said_no[p.id]} for p in proposals])
        return 0
    if not proposals:
        _out("nothing waiting for review")
    for p in proposals:
        what = p.text if p.kind == "add" else f"[{p.kind} {p.target}] {p.text}"
        marker = f"  ({said_no[p.id]})" if said_no[p.id] else ""
        _out(f"{p.id:<40} {p.type:<10} {p.confidence:.2f} {what}{marker}")
    return 0


def review_keep(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        fact = memory.promote(args.id, actor="cli")
    _out(f"kept {args.id}: {fact.id} is {fact.status}")
    return 0


def review_discard(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        memory.discard(args.id, actor="cli", reason=args.reason or "", keep_text=args.keep_text)
    kept = "; its words are kept in tombstones.jsonl" if args.keep_text else ""
    _out(f"discarded {args.id}; it will not be proposed again{kept}")
    return 0


# -- hearth audit -----------------------------------------------------------------


def audit_verify(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        result = memory.verify_audit()
    _out(result.describe())
    return 0 if result.ok else 1


def audit_log(args: argparse.Namespace, settings: Settings) -> int:
    with Memory.open(settings) as memory:
        entries = list(memory.audit.entries(args.fact))
    for e in entries:
        detail = f"  ({e.detail})" if e.detail else ""
        _out(f"{e.seq:>6} {e.ts} {e.actor:<10} {e.action:<10} {e.fact_id or '-'}{detail}")
    return 0


def doctor(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.service.doctor import examine, healthy, render, render_json

    findings = examine(settings)
    _out(render_json(findings) if args.json else render(findings))
    return 0 if healthy(findings) else 1


# -- the parser -------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hearth", description="Hearth, the kitchen memory.")
    parser.add_argument("-v", "--verbose", action="store_true", help="log what happens")
    top = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(
        group: argparse._SubParsersAction, name: str, handler: Handler, help: str
    ) -> argparse.ArgumentParser:
        sub = group.add_parser(name, help=help, description=help)
        sub.set_defaults(handler=handler)
        return sub

    memory = top.add_parser("memory", help="the household's live facts").add_subparsers(
        dest="action", required=True, metavar="ACTION"
    )
    add = command(memory, "add", memory_add, "remember a fact now (a person at the CLI)")
    add.add_argument("text")
    add.add_argument("--type", required=True, help=f"one of {', '.join(FACT_TYPES)}")
    add.add_argument("--confidence", type=float, default=0.9)
    add.add_argument("--link", action="append", default=[], help="an alias recall also matches")
    add.add_argument("--pin", action="store_true", help="wins ties in recall")
    add.add_argument("--until", type=_date_arg, help="forget after this date (YYYY-MM-DD)")
    add.add_argument(
        "--despite-tombstone",
        action="store_true",
        help="write it even though it was discarded or retracted before (audited)",
    )
    recall = command(memory, "recall", memory_recall, "the facts that answer a question")
    recall.add_argument("query")
    recall.add_argument("-k", type=int, default=5, help="at most this many (default 5)")
    recall.add_argument("--json", action="store_true")
    listing = command(memory, "list", memory_list, "every fact on disk")
    listing.add_argument("--status", choices=STATUSES)
    listing.add_argument("--json", action="store_true")
    command(memory, "show", memory_show, "print one fact's file").add_argument("id")
    command(memory, "doubt", memory_doubt, "mark a fact doubted").add_argument("id")
    retract = command(memory, "retract", memory_retract, "never recall a fact again")
    retract.add_argument("id")
    retract.add_argument("--reason")
    supersede = command(memory, "supersede", memory_supersede, "replace a fact with a new one")
    supersede.add_argument("id")
    supersede.add_argument("new_text")
    command(memory, "import", memory_import, "add facts from a JSON-lines file").add_argument(
        "file"
    )
    command(memory, "check", memory_check, "report fact files that cannot be read")

    inbox = top.add_parser("inbox", help="proposals waiting for review").add_subparsers(
        dest="action", required=True, metavar="ACTION"
    )
    propose = command(inbox, "propose", inbox_propose, "suggest a fact for review")
    propose.add_argument("text")
    propose.add_argument("--type", required=True, help=f"one of {', '.join(FACT_TYPES)}")
    propose.add_argument("--confidence", type=float, default=0.6)

    review = top.add_parser("review", help="keep or discard proposals").add_subparsers(
        dest="action", required=True, metavar="ACTION"
    )
    command(review, "list", review_list, "what waits for review").add_argument(
        "--json", action="store_true"
    )
    command(review, "keep", review_keep, "make a proposal a live fact").add_argument("id")
    discard = command(review, "discard", review_discard, "drop a proposal for good")
    discard.add_argument("id")
    discard.add_argument("--reason")
    discard.add_argument(
        "--keep-text",
        action="store_true",
        help="keep the proposal's words in its tombstone (by default only "
        "a fingerprint and the meaning's vector are kept)",
    )

    audit = top.add_parser("audit", help="the hash-chained log of every change").add_subparsers(
        dest="action", required=True, metavar="ACTION"
    )
    command(audit, "verify", audit_verify, "recompute the chain; name the first bad line")
    command(audit, "log", audit_log, "print the history").add_argument("--fact", help="one fact")

    doctor_ = command(
        top,
        "doctor",
        doctor,
        "check this box and report what is wrong (exits 1 when something Hearth needs is broken)",
    )
    doctor_.add_argument("--json", action="store_true")
    brain_commands.register(top)
    household_commands.register(top)
    memory_commands.register(top)
    panel_commands.register(top)
    service_commands.register(top)
    voice_commands.register(top)
    web_commands.register(top)
    return parser


def _configure_logging(verbose: bool) -> None:
    under_systemd = "JOURNAL_STREAM" in os.environ or "INVOCATION_ID" in os.environ
    fmt = (
        "%(levelname)s %(name)s: %(message)s"
        if under_systemd
        else ("%(asctime)s %(levelname)s %(name)s: %(message)s")
    )
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, format=fmt)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    _configure_logging(args.verbose)
    try:
        settings = load_settings()
        return args.handler(args, settings)
    except HearthError as exc:
        print(f"hearth: {exc}", file=sys.stderr)
        return 1
    except PermissionError as exc:
        print(
            f"hearth: permission denied on {exc.filename}; run as the user that owns the "
            "data dir, or set HEARTH_DATA_DIR",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
