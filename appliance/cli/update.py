"""`hearth update`: a signed bundle into the other root slot, tried once, kept if healthy.

    hearth update FILE [--no-reboot]   install FILE and boot it once (root)
    hearth update FILE --send-to URL   send FILE to a card's LAN page ($HEARTH_TOKEN)
    hearth update --status             what became of the last update, and the slots
    hearth update --after-boot         the check every boot runs (hearth-update-check.service)
    hearth update --from-upload        install what the LAN page received (hearth-update.path)

Only on the card: it needs RAUC, the two slots and root.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from appliance.cli.common import Commands, json_out, out
from appliance.config import Settings
from appliance.errors import HearthError


def register(top: Commands) -> None:
    update = top.add_parser(
        "update",
        help="install a signed update bundle (the card only)",
        description="Install a signed RAUC bundle into the root slot that is not running, "
        "boot it once, and keep it only if its health check passes; the household's data "
        "is on its own partition and never touched.",
    )
    update.add_argument("bundle", nargs="?", type=Path, help="the .raucb file")
    update.add_argument("--no-reboot", action="store_true", help="install, boot it later")
    update.add_argument(
        "--send-to",
        metavar="URL",
        help="send the bundle to the card at URL (e.g. http://hearth.local:4327) with the "
        "token in $HEARTH_TOKEN; the card installs it",
    )
    when = update.add_mutually_exclusive_group()
    when.add_argument("--status", action="store_true", help="the last update and the slots")
    when.add_argument("--after-boot", action="store_true", help=argparse.SUPPRESS)
    when.add_argument("--from-upload", action="store_true", help=argparse.SUPPRESS)
    update.add_argument("--json", action="store_true", help="--status as JSON")
    update.set_defaults(handler=update_command)


def update_command(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.composition import card_updater
    from appliance.update.status import read_status

    data_dir = Path(settings.data_dir)
    if args.send_to:
        return send_command(args)
    if args.status:
        last = read_status(data_dir)
        updater = card_updater(settings)
        shown = {
            "running": updater.running,
            "committed": updater.boot.committed(),
            "on_trial": updater.trial.armed(),
            "last_update": last.__dict__ if last else None,
        }
        if args.json:
            json_out(shown)
        elif updater.running is None:
            out(
                "not started from a Hearth card's slot (no rauc.slot on the kernel's command "
                "line): this machine has no A/B slots to update"
            )
        else:
            out(f"running slot {shown['running']}, committed slot {shown['committed']}")
            if shown["on_trial"]:
                out(f"slot {shown['on_trial']} is armed for its one trial boot")
            out(
                f"last update: {last.state} {last.version} {last.why}".rstrip()
                if last
                else "no update yet"
            )
        return 0
    if os.geteuid() != 0:
        raise HearthError("hearth update writes the card's other slot: run it as root")
    updater = card_updater(settings, say=out)
    if args.after_boot:
        from appliance.update.health import check_health

        out(updater.after_boot(lambda: check_health(settings.web_port, data_dir)))
        return 0
    if args.from_upload:
        from appliance.update.updater import UPLOAD_DIR, UPLOAD_FILE

        bundle = data_dir / UPLOAD_DIR / UPLOAD_FILE
        try:
            status = updater.install(bundle, reboot=not args.no_reboot)
        finally:
            bundle.unlink(missing_ok=True)  # refused or not: never tried again by itself
    elif args.bundle is None:
        raise HearthError("name the bundle: hearth update FILE.raucb")
    else:
        bundle = args.bundle
        status = updater.install(bundle, reboot=not args.no_reboot)
    out(
        f"installed {status.version or bundle.name} into slot {status.slot}; "
        + ("booting it once now" if not args.no_reboot else "it boots once at the next restart")
    )
    return 0


def send_command(args: argparse.Namespace) -> int:
    from appliance.update.send import send_bundle

    token = os.environ.get("HEARTH_TOKEN", "").strip()
    if not token:
        raise HearthError("put the card's token in HEARTH_TOKEN (the welcome card shows it)")
    if args.bundle is None or not args.bundle.is_file():
        raise HearthError("name the bundle to send: hearth update FILE.raucb --send-to URL")

    def progress(sent: int, size: int) -> None:
        print(f"\rsent {sent * 100 // size}% of {size:,} bytes", end="", flush=True)

    size = send_bundle(args.bundle, args.send_to, token, progress)
    print()
    out(
        f"the card has all {size:,} bytes; it checks the signature, installs the bundle into "
        "its other slot and restarts (GET /api/update.json, or the board, says how it went)"
    )
    return 0
