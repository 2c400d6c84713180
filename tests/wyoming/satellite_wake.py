"""A stand-in wake word detector for the tests (the satellite's --wake-command): it prints the
wake word's name once, at the first loud chunk of the satellite's audio (the clip starts with
a chime where a person would say the wake word), then only reads. The real one on a satellite
is wyoming-openwakeword; Hearth never sees this part either way. Standard library only."""

import array
import sys

CHUNK_BYTES = 2048
LOUD = 8000  # a chime at half scale; the clip's silence is digital zero


def main() -> None:
    stdin = sys.stdin.buffer
    woke = False
    while piece := stdin.read(CHUNK_BYTES):
        if woke:
            continue
        samples = array.array("h", piece[: len(piece) // 2 * 2])
        if samples and max(abs(s) for s in samples) > LOUD:
            woke = True
            print("hey_hearth", flush=True)


if __name__ == "__main__":
    main()
