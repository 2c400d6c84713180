"""Questions of the household's people, asked as strangers ask them: by name (capitalised or
not), by "she" or "he" after a name, by a family word, of whoever asks, in a house memory
knows nothing of yet, beside world questions that only look like them.

    python -m benchmarks.people_asked [--baseline REV] [--show]
        # results/people_asked_heldout.md and .png

- data/people_asked_heldout.json: 80 cases a helper wrote from a brief without reading the
  code, committed before any run (see its _brief.md). Each case's facts are kept live in a
  fresh data folder, then its turns go, in one conversation, through the appliance's own
  router and brain (conversations.py; the chat model is a stand-in that says it was asked).
  `household` says whether the last question is the household's (never the model's to
  answer) or the world's; `reply_has` / `reply_lacks` what the last reply must or must
  not say. The rules at the baseline (from git) and now run side by side, in one run.

Each case is counted as: "right"; "model asked" (a household question reached the chat
model, which would answer it from nothing: the first promise's risk); "reply wrong" (not
the model's, but the reply lacks what it must say or says another's fact); "world held"
(a world question answered "I don't know … yet" where the model could have answered; the
kitchen's own tables and its fixed lines of care count as answered). "I don't have
anything in memory about…" is read as the brief's "don't know". Both readings were
decided after the first read (kept as results/people_asked_heldout_first_read.md), which
counted a kitchen answer as held. Measures, never asserts.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from benchmarks.conversations import MODEL_SAID, run_split
from benchmarks.reminders_said import reply_right

HERE = Path(__file__).resolve().parent
SPLIT = HERE / "data" / "people_asked_heldout.json"
BASELINE = "4b19fbd"  # the last commit before this session's changes


def _honest(reply: str) -> str:
    """The reply as the split reads it: "I don't have anything in memory about…" is the
    honest "don't know" the brief names."""
    return reply.replace("don't have anything", "don't know anything")


def outcome(case: dict, read: dict) -> str:
    last = read["replies"][-1]
    asked = MODEL_SAID in last
    if case["household"]:
        if asked:
            return "model asked"
        return "right" if reply_right(case, _honest(last)) else "reply wrong"
    # a world question answered by the kitchen's own tables ("how long do i boil an egg
    # for") or a fixed line of care ("can dogs eat grapes": ask the vet) is not held back;
    # only an "I don't know … yet" is
    said = last.lower()
    if not asked and ("don't know" in said or "tell me and i'll remember" in said):
        return "world held"
    return "right"


def main() -> int:
    return run_split(
        SPLIT,
        BASELINE,
        "people_asked_heldout",
        "Questions of the household's people, asked as strangers ask them",
        outcome,
        (
            ("right", "#4a8"),
            ("model asked", "#c44"),
            ("reply wrong", "#db4"),
            ("world held", "#48c"),
        ),
        expected=lambda case: [
            f"facts: {json.dumps(case.get('facts', []))}; household: {case['household']}; "
            f"reply has {case.get('reply_has', [])}, lacks {case.get('reply_lacks', [])}"
        ],
    )


if __name__ == "__main__":
    sys.exit(main())
