"""A stand-in wake word detector for the tests and the benchmark (the satellite's
--wake-command): it prints the wake word's name at a loud chunk after at least a second of
quiet (each clip starts with a chime where a person would say the wake word). The real one on
a satellite is wyoming-openwakeword; Hearth never sees this part either way. Standard
library only."""

import array
import sys

CHUNK_BYTES = 2048  # 1024 samples: 64 ms
LOUD = 8000  # a chime at half scale; the clips' silence is digital zero
QUIET_CHUNKS = 16  # about a second


def main() -> None:
    stdin = sys.stdin.buffer
    quiet = QUIET_CHUNKS
    while piece := stdin.read(CHUNK_BYTES):
        samples = array.array("h", piece[: len(piece) // 2 * 2])
        if samples and max(abs(s) for s in samples) > LOUD:
            if quiet >= QUIET_CHUNKS:
                print("hey_hearth", flush=True)
            quiet = 0
        else:
            quiet += 1


if __name__ == "__main__":
    main()
