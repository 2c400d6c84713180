"""A satellite's microphone for the tests and the benchmark (its --mic-command): raw 16 kHz mono
samples on stdout at the pace a real microphone gives them. Silence, except that when the file
`go-N` appears in FOLDER it plays `clip-N.raw` once and then writes `ended-N` holding the
monotonic time its last sample was written (the benchmark's "release"). Standard library
only: it runs beside the satellite."""

import sys
import time
from pathlib import Path

CHUNK = 1024  # samples, as wyoming-satellite reads them
SECONDS = CHUNK / 16000


def main(folder: Path) -> None:
    out = sys.stdout.buffer
    silence = bytes(CHUNK * 2)
    number, clip, at = 0, b"", 0
    next_time = time.monotonic()
    while True:
        if not clip and (folder / f"go-{number}").exists():
            clip, at = (folder / f"clip-{number}.raw").read_bytes(), 0
        if clip:
            piece = clip[at : at + CHUNK * 2].ljust(CHUNK * 2, b"\0")
            at += CHUNK * 2
        else:
            piece = silence
        out.write(piece)
        out.flush()
        if clip and at >= len(clip):
            (folder / f"ended-{number}").write_text(repr(time.monotonic()))
            number, clip = number + 1, b""
        next_time += SECONDS
        time.sleep(max(0.0, next_time - time.monotonic()))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
