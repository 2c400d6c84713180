"""`hearth memory`, `hearth inbox`, `hearth review` and `hearth audit`.

    hearth memory add TEXT --type T | recall Q | list | show ID | doubt ID | retract ID
                  | supersede ID TEXT | import FILE | check
    hearth inbox propose TEXT --type T
    hearth review list | keep ID | discard ID
    hearth audit verify | log [--fact ID]

Review is a person's: these commands and the panel's buttons are the only ways a
proposal becomes a fact.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

from appliance.cli.common import Commands, command, group, json_out, out
from appliance.composition import open_memory
from appliance.config import Settings
from appliance.memory import FACT_TYPES, STATUSES, Fact
from appliance.memory.review import AlreadyKnown
from appliance.terminal import printable


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
    with open_memory(settings) as memory:
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
    out(f"remembered {fact.id}")
    return 0


def memory_recall(args: argparse.Namespace, settings: Settings) -> int:
    with open_memory(settings) as memory:
        results = memory.recall(args.query, args.k)
        mode = memory.recall_mode
    if args.json:
        json_out([_fact_json(r.fact, r.score, r.match) for r in results])
        return 0
    if not results:
        out(f"nothing recalled ({mode} mode)")
    for result in results:
        out(f"{result.score:7.3f} {result.match:<8}  {_fact_row(result.fact)}")
    return 0


def memory_list(args: argparse.Namespace, settings: Settings) -> int:
    with open_memory(settings) as memory:
        facts = memory.facts(args.status)
    if args.json:
        json_out([_fact_json(f) for f in facts])
    else:
        for fact in facts:
            out(_fact_row(fact))
    return 0


def memory_show(args: argparse.Namespace, settings: Settings) -> int:
    with open_memory(settings) as memory:
        fact = memory.get(args.id)
    sys.stdout.write(printable(fact.to_text(), lines=True))
    return 0


def memory_doubt(args: argparse.Namespace, settings: Settings) -> int:
    with open_memory(settings) as memory:
        fact = memory.doubt(args.id, actor="cli")
    out(f"doubted {fact.id}: still recalled, marked doubted")
    return 0


def memory_retract(args: argparse.Namespace, settings: Settings) -> int:
    with open_memory(settings) as memory:
        fact = memory.retract(args.id, actor="cli", reason=args.reason or "")
    out(f"retracted {fact.id}: never recalled again, and not proposed again")
    return 0


def memory_supersede(args: argparse.Namespace, settings: Settings) -> int:
    with open_memory(settings) as memory:
        fact = memory.supersede(
            args.id, args.new_text, actor="cli", despite_tombstone=args.despite_tombstone
        )
    out(f"superseded {args.id} with {fact.id}")
    return 0


def memory_import(args: argparse.Namespace, settings: Settings) -> int:
    with open_memory(settings) as memory:
        report = memory.import_jsonl(Path(args.file), actor="cli")
    for number, why in report.refused:
        out(f"line {number}: not imported: {why}")
    out(f"imported {len(report.added)} fact(s), {len(report.refused)} not imported")
    return 0 if not report.refused else 1


def memory_check(args: argparse.Namespace, settings: Settings) -> int:
    with open_memory(settings) as memory:
        problems = memory.check()
        facts, waiting = len(memory.facts()), len(memory.proposals())
        hand_kept = memory.refused_but_hand_kept()
    for problem in problems:
        out(f"{problem.path}: {problem.message}")
    for fact, said_no in hand_kept:
        # read, and live: a person's edit stands, but they are told what it brought back
        out(f"note: {fact.id} is live by a hand edit, but {said_no}: {fact.text}")
    out(f"{facts} fact file(s) and {waiting} inbox file(s) read, {len(problems)} skipped")
    return 1 if problems else 0


# -- hearth inbox / review ------------------------------------------------------


def inbox_propose(args: argparse.Namespace, settings: Settings) -> int:
    with open_memory(settings) as memory:
        try:
            proposal = memory.propose(args.text, args.type, args.confidence, origin="cli")
        except AlreadyKnown as known:
            out(f"not proposed: {known}")
            return 0
    out(f"proposed {proposal.id}; `hearth review keep {proposal.id}` makes it live")
    return 0


def review_list(args: argparse.Namespace, settings: Settings) -> int:
    with open_memory(settings) as memory:
        proposals = memory.proposals()
        said_no = {p.id: memory.said_no_before(p) for p in proposals}
    if args.json:
        json_out([{**p.to_json(), "said_no_before": said_no[p.id]} for p in proposals])
        return 0
    if not proposals:
        out("nothing waiting for review")
    for p in proposals:
        what = p.text if p.kind == "add" else f"[{p.kind} {p.target}] {p.text}"
        marker = f"  ({said_no[p.id]})" if said_no[p.id] else ""
        out(f"{p.id:<40} {p.type:<10} {p.confidence:.2f} {what}{marker}")
    return 0


def review_keep(args: argparse.Namespace, settings: Settings) -> int:
    with open_memory(settings) as memory:
        fact = memory.promote(args.id, actor="cli")
    out(f"kept {args.id}: {fact.id} is {fact.status}")
    return 0


def review_discard(args: argparse.Namespace, settings: Settings) -> int:
    with open_memory(settings) as memory:
        memory.discard(args.id, actor="cli", reason=args.reason or "", keep_text=args.keep_text)
    kept = "; its words are kept in tombstones.jsonl" if args.keep_text else ""
    out(f"discarded {args.id}; it will not be proposed again{kept}")
    return 0


# -- hearth audit -----------------------------------------------------------------


def audit_verify(args: argparse.Namespace, settings: Settings) -> int:
    with open_memory(settings) as memory:
        result = memory.verify_audit()
    out(result.describe())
    return 0 if result.ok else 1


def audit_log(args: argparse.Namespace, settings: Settings) -> int:
    with open_memory(settings) as memory:
        entries = list(memory.audit.entries(args.fact))
    for e in entries:
        detail = f"  ({e.detail})" if e.detail else ""
        out(f"{e.seq:>6} {e.ts} {e.actor:<10} {e.action:<10} {e.fact_id or '-'}{detail}")
    return 0


# -- the parser -------------------------------------------------------------------


def register(top: Commands) -> None:
    memory = group(top, "memory", "the household's live facts")
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
    supersede.add_argument(
        "--despite-tombstone",
        action="store_true",
        help="write the new words even though they were discarded or retracted (audited)",
    )
    command(memory, "import", memory_import, "add facts from a JSON-lines file").add_argument(
        "file"
    )
    command(memory, "check", memory_check, "report fact files that cannot be read")

    inbox = group(top, "inbox", "proposals waiting for review")
    propose = command(inbox, "propose", inbox_propose, "suggest a fact for review")
    propose.add_argument("text")
    propose.add_argument("--type", required=True, help=f"one of {', '.join(FACT_TYPES)}")
    propose.add_argument("--confidence", type=float, default=0.6)

    review = group(top, "review", "keep or discard proposals")
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

    audit = group(top, "audit", "the hash-chained log of every change")
    command(audit, "verify", audit_verify, "recompute the chain; name the first bad line")
    command(audit, "log", audit_log, "print the history").add_argument("--fact", help="one fact")
