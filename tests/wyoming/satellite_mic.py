"""A satellite's microphone for the tests (its --mic-command): raw 16 kHz mono samples on stdout
at the pace a real microphone gives them. Silence until the file `go` exists (the controller
is connected), then the clip, then silence for ever. Standard library only: it runs on the
satellite venv's Python."""

import os
import sys
import time

CHUNK = 1024  # samples, as wyoming-satellite reads them
SECONDS = CHUNK / 16000


def main(clip_path: str, go_path: str) -> None:
    with open(clip_path, "rb") as file:
        clip = file.read()
    out = sys.stdout.buffer
    silence = bytes(CHUNK * 2)
    started = False
    at = 0
    next_time = time.monotonic()
    while True:
        if not started and os.path.exists(go_path):
            started = True
        if started and at < len(clip):
            piece = clip[at : at + CHUNK * 2].ljust(CHUNK * 2, b"\0")
            at += CHUNK * 2
        else:
            piece = silence
        out.write(piece)
        out.flush()
        next_time += SECONDS
        time.sleep(max(0.0, next_time - time.monotonic()))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
