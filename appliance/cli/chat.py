"""`hearth chat` and `hearth model …`: the brain's commands.

Heavy imports (llama_cpp, through Brain.open) happen inside the handlers, never
while the parser is built.
"""

from __future__ import annotations

import argparse
import sys

from appliance.brain.household import HOUSEHOLD_INTENTS
from appliance.cli.common import Commands, out
from appliance.composition import intent_router, open_brain, open_memory
from appliance.config import Settings
from appliance.terminal import printable

NOTETAKER_WAIT = 120.0  # seconds `chat --once` waits for the note-taker before exiting


def register(top: Commands) -> None:
    chat = top.add_parser(
        "chat",
        help="talk to Hearth in the terminal",
        description="Talk to Hearth. Without --once, a prompt loop; "
        "an empty line or Ctrl-D ends it.",
    )
    chat.add_argument(
        "--once",
        metavar="TEXT",
        help="say one thing, print the answer, exit "
        "when the note-taker has finished (so scripts can check the inbox)",
    )
    chat.add_argument("--thread", metavar="T", help="continue conversation thread T")
    chat.set_defaults(handler=chat_command)

    model = top.add_parser("model", help="the GGUF models the brain uses").add_subparsers(
        dest="action", required=True, metavar="ACTION"
    )
    fetch = model.add_parser(
        "fetch",
        help="download a GGUF into the data dir's models/",
        description="Download a GGUF model into <data_dir>/models/ with a "
        "progress bar; it is kept only if its sha256 matches.",
    )
    fetch.add_argument("url")
    fetch.add_argument("--sha256", required=True, help="the file's expected sha256 (64 hex)")
    fetch.add_argument("--name", help="file name to save as (default: the URL's last part)")
    fetch.set_defaults(handler=model_fetch)
    listing = model.add_parser("list", help="what each role uses, and what is fetched")
    listing.add_argument("--verify", action="store_true", help="also compute each sha256")
    listing.set_defaults(handler=model_list)


def chat_command(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.brain.threads import check_thread_id

    if args.thread:
        check_thread_id(args.thread)  # before the models load: a typo costs nothing
    intents = intent_router(settings)
    # in the thread given, so "cancel that" and an answer to Hearth's own question are read
    # in it (a sixth trial's `--once … --thread T` lost both)
    routed = intents.route(args.once, args.thread) if args.once is not None else None
    # a household command: rules answer, no model loads. Only the household's: what memory
    # holds may change any other route (in_context.py), and "can Sam have peanut butter?"
    # with "Sam is allergic to nuts." kept had got the kitchen's row for a small child here,
    # never his allergy
    if (
        routed is not None
        and routed.kind in HOUSEHOLD_INTENTS
        and (act := intents.act(routed)) is not None
    ):
        out(act(routed))
        return 0
    with open_memory(settings) as memory, open_brain(settings, memory, intents) as brain:
        if args.once is not None:
            reply = brain.reply(args.once, args.thread)
            out(reply.text)
            print(f"(thread {reply.thread_id})", file=sys.stderr)
            if not brain.wait_for_notetaker(NOTETAKER_WAIT):
                print(
                    "hearth: the note-taker did not finish in time; its job was dropped",
                    file=sys.stderr,
                )
            return 0
        thread = args.thread
        print("Hearth is listening. An empty line or Ctrl-D ends the chat.", flush=True)
        while True:
            try:
                text = input("you> ").strip()
            except EOFError:
                print()
                break
            if not text:
                break
            stream = brain.stream(text, thread)
            thread = stream.thread_id
            print("hearth> ", end="", flush=True)
            for piece in stream:
                print(printable(piece, lines=True), end="", flush=True)
            print()
        print(f"(thread {thread})" if thread else "", file=sys.stderr)
    return 0


def model_fetch(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.brain import models

    path = models.fetch(
        settings, args.url, args.sha256, name=args.name, progress=models.progress_bar()
    )
    print(f'saved {path}; set chat_model (or notetaker_model) = "{path.name}" to use it')
    return 0


def model_list(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.brain import models
    from appliance.errors import HearthError

    for role in models.ROLES:
        try:
            file = models.resolve(settings, role)
        except HearthError as exc:
            print(f"{role:<10} unavailable: {exc}")
            continue
        if file is None:
            print(f"{role:<10} {'none':<10} {'':>8}  statements are proposed by rules; no model")
            continue
        state = f"{file.path.stat().st_size / 1e6:.0f} MB" if file.present else "MISSING"
        print(f"{role:<10} {file.origin:<10} {state:>8}  {file.path}")
    fetched = models.fetched(settings)
    print(f"fetched into {models.models_dir(settings)}: {len(fetched)} file(s)")
    for path in fetched:
        line = f"  {path.stat().st_size / 1e6:8.0f} MB  {path.name}"
        if args.verify:
            line += f"  sha256 {models.sha256_of(path)}"
        print(line)
    return 0
