"""`hearth serve`, `hearth run` and `hearth token`.

    hearth serve [--host H] [--port P]   the brain service: model, note-taker, HTTP endpoint
    hearth run [--host H] [--port P]     all of Hearth in one process, the board to board.png
    hearth token                         print the access token (made on first use)

bottle, waitress and the brain are imported inside the handlers, never at parse time.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from appliance.config import Settings


def register(top: argparse._SubParsersAction) -> None:
    serve = top.add_parser(
        "serve",
        help="chat, the OpenAI-compatible API and read-only views on the LAN",
        description="Load the model once, start the note-taker, and answer HTTP: the chat "
        "page at /, POST /v1/chat/completions, /memory/inbox, /board.png, /healthz.",
    )
    _listen_arguments(serve)
    serve.set_defaults(handler=serve_command)

    run = top.add_parser(
        "run",
        help="all of Hearth in one process (a laptop): brain, web, the board as a PNG",
        description="Everything `hearth serve` does, plus the review board drawn to board.png "
        "in the data dir (served at /board.png). Prints the URL and the token.",
    )
    _listen_arguments(run)
    run.add_argument("--no-board", action="store_true", help="do not draw board.png")
    run.set_defaults(handler=run_command)

    token = top.add_parser(
        "token",
        help="print the token LAN clients must send",
        description="Print the access token (made on first use, kept 0600 "
        "in the data dir as web.token).",
    )
    token.set_defaults(handler=token_command)


def _listen_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--host",
        help="address to listen on (default: the web_host setting, "
        "0.0.0.0: every address, so phones on the LAN reach it)",
    )
    sub.add_argument(
        "--port",
        type=_port,
        help="port (default: the web_port setting, 4327; 0 picks a free one and prints it)",
    )


def _port(value: str) -> int:
    try:
        port = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not between 0 and 65535")
    return port


def _options(
    args: argparse.Namespace,
    settings: Settings,
    *,
    board: bool,
    token: bool,
    scheduler: bool = False,
):
    from appliance.web.runner import RunOptions

    return RunOptions(
        host=args.host if args.host is not None else settings.web_host,
        port=args.port if args.port is not None else settings.web_port,
        with_board=board,
        show_token=token,
        with_scheduler=scheduler,
    )


def _say(line: str) -> None:
    print(line, flush=True)


def serve_command(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.composition import serve

    return serve(settings, _options(args, settings, board=False, token=False), say=_say)


def run_command(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.composition import serve

    return serve(
        settings,
        _options(args, settings, board=not args.no_board, token=True, scheduler=True),
        say=_say,
    )


def token_command(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.web.auth import load_or_create

    print(load_or_create(Path(settings.data_dir)).value, flush=True)
    return 0
