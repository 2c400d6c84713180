"""`hearth backup` and `hearth restore`.

hearth backup [--to DIR] [--keep N]    a snapshot of the household's data (nightly timer)
hearth restore SNAPSHOT [--force]      put one back into an empty data dir, reindex
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from appliance.cli.common import Commands
from appliance.config import Settings
from appliance.terminal import printable


def register(top: Commands) -> None:
    backup = top.add_parser(
        "backup",
        help="write a snapshot of the household's data",
        description="Write a dated, compressed, checksummed snapshot of memory, the inbox, "
        "the recipes, tombstones, the audit log, household.md and the state databases (not "
        "the models, not the index) and keep the newest N.",
    )
    backup.add_argument(
        "--to",
        type=Path,
        help="folder for the snapshot (default: the backup_dir setting, else a USB stick "
        "mounted under /media or /mnt, else <data_dir>/backups, which says so)",
    )
    backup.add_argument(
        "--keep", type=int, help="snapshots to keep there (default: the backup_keep setting, 7)"
    )
    backup.set_defaults(handler=backup_command)

    restore = top.add_parser(
        "restore",
        help="put a snapshot back and rebuild the index",
        description="Check a snapshot's checksums, put it into the configured data dir and "
        "rebuild the recall index. Refuses a data dir that holds household data.",
    )
    restore.add_argument("snapshot", type=Path)
    restore.add_argument(
        "--force",
        action="store_true",
        help="restore over existing data: "
        "what is there is moved aside to <data_dir>/replaced-<time>/ first",
    )
    restore.set_defaults(handler=restore_command)


def backup_command(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.service.backup import back_up
    from appliance.service.backup_place import backup_place

    place = backup_place(settings) if args.to is None else None
    made = back_up(settings, args.to or (place.folder if place else None), keep=args.keep)
    print(f"backed up {made.files} file(s) to {made.path} ({made.size:,} bytes)", flush=True)
    if place is not None:
        print(
            f"hearth: the snapshot went to {place.why}",
            file=sys.stderr if not place.separate else sys.stdout,
            flush=True,
        )
    return 0


def restore_command(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.cli.running import in_use
    from appliance.service.restore import restore

    # A running Hearth keeps the files it opened: after a restore it went on writing to
    # the copy moved aside, its timers silent and its chat failing, until restarted (an
    # outside trial's).
    if (busy := in_use(Path(settings.data_dir))) is not None:
        print(
            f"hearth: {busy}; stop it first (on the box: sudo systemctl stop hearth.target, "
            "then start it again after the restore). Nothing was written.",
            file=sys.stderr,
            flush=True,
        )
        return 1
    done = restore(settings, args.snapshot, force=args.force)
    recipes = (
        f", {done.recipes} recipe{'s' * (done.recipes != 1)} kept and "
        f"{done.recipes_waiting} waiting for Keep"
        if done.recipes or done.recipes_waiting
        else ""
    )
    print(
        f"restored {done.files} file(s) from {args.snapshot.name}: {done.facts} fact(s), "
        f"{done.proposals} waiting for review{recipes}; index rebuilt",
        flush=True,
    )
    if done.set_aside is not None:
        print(f"what was there before is in {done.set_aside}", flush=True)
    for note in done.notes:  # what the guard kept out, what came back retracted
        print(f"hearth: {printable(note)}", file=sys.stderr, flush=True)
    return 0
