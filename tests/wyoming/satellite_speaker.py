"""A satellite's speaker for the tests and the benchmark (its --snd-command): the raw audio it
is given is appended to SPEAKER, and the monotonic time of each answer's first byte to TIMES
(wyoming-satellite starts this program afresh for each answer). Standard library only."""

import sys
import time

CHUNK = 4096


def main(speaker: str, times: str) -> None:
    stdin = sys.stdin.buffer
    first = stdin.read1(CHUNK) if hasattr(stdin, "read1") else stdin.read(CHUNK)
    if not first:
        return
    with open(times, "a") as out:
        out.write(f"{time.monotonic()!r}\n")
    with open(speaker, "ab") as out:
        out.write(first)
        while piece := stdin.read(CHUNK):
            out.write(piece)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
