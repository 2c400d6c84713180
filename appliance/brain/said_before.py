"""What was said before in a thread, and why the model is not shown all of it.

The default chat model (SmolLM2-135M) copies the last answer it sees. In an outside
trial, its answer to "Sam, can you set the table?" was "I'm sorry, I can't help you.
Please try again later."; every one of the next 17 messages that reached it in that
conversation got the same sentence ("what a day, the traffic was awful", "what's for
pudding, do you think?", "ok thanks Hearth, goodnight"), though asked alone each got an
answer of its own. Three rules, measured by benchmarks/model_threads.py:

- the model is shown no exchange whose answer holds one of Hearth's own fixed lines
  (a bound's replacement, a fallback): they are not its words, and it copies them;
- an answer that opens with a copy (below) is made again from the message alone: a
  model that has started to copy is given nothing to copy;
- an answer that goes on into a copy ends before it ("It's not fine. A reminder is just
  another way…", the answer before, copied on after a new first sentence).

A copy is a sentence of three words or more that an earlier answer said, or eight words
in a row from one (the bounds' rule for reciting the instructions: "The timer is a
device that controls…" after "The oven timer is a device that controls…"); an opening
is a copy too when it is an earlier answer's opening, however short ("morning Hearth",
the model's echo of a greeting, was its answer to the next eight messages). Hearth's
own fixed lines are not the model's words, so saying one again is no copy.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from appliance.brain.bounds import SENTENCE_END, word_runs

_WORDS = re.compile(r"[a-z0-9']+")
MIN_WORDS = 3  # "Yes.", "You're welcome!" may well be said twice without copying
COPIED_RUN = 8  # this many words in a row from an earlier answer is copying it


def words(sentence: str) -> list[str]:
    """A sentence's words: "I'm sorry, I can't…" -> ["i'm", "sorry", "i", "can't", …]."""
    return _WORDS.findall(sentence.lower())


def split(text: str) -> list[str]:
    """A text's sentences, as the bounds cut a reply."""
    return [s for s in SENTENCE_END.split(text.strip()) if s.strip()]


@dataclass(frozen=True)
class Said:
    """What a thread's answers said, as sentences, openings and runs of words."""

    sentences: frozenset[str]
    openings: frozenset[str]
    runs: frozenset[str]

    @classmethod
    def of(cls, answers: Iterable[str], fixed_lines: Iterable[str] = ()) -> Said:
        fixed = tuple(fixed_lines)
        sentences: set[str] = set()
        openings: set[str] = set()
        runs: set[str] = set()
        for answer in answers:
            for line in fixed:
                answer = answer.replace(line, " ")
            said = [words(sentence) for sentence in split(answer)]
            if said:
                openings.add(" ".join(said[0]))
            for sentence in said:
                if len(sentence) >= MIN_WORDS:
                    sentences.add(" ".join(sentence))
                runs |= word_runs(sentence, COPIED_RUN)
        return cls(frozenset(sentences), frozenset(openings), frozenset(runs))

    def copied(self, sentence: str) -> bool:
        """Whether `sentence` copies one said before, or a run of words from one."""
        said = words(sentence)
        return (len(said) >= MIN_WORDS and " ".join(said) in self.sentences) or bool(
            word_runs(said, COPIED_RUN) & self.runs
        )

    def opens_as(self, sentence: str) -> bool:
        """Whether an answer opening with `sentence` copies: a copy, or an earlier opening."""
        return self.copied(sentence) or " ".join(words(sentence)) in self.openings


def worth_showing(
    turns: Sequence[tuple[str, str]], fixed_lines: Iterable[str]
) -> list[tuple[str, str]]:
    """The (role, text) turns, oldest first, without the exchanges Hearth answered with a
    fixed line: each such answer goes, and the message it answered with it."""
    fixed = tuple(fixed_lines)
    shown: list[tuple[str, str]] = []
    for role, text in turns:
        if role == "assistant" and any(line in text for line in fixed):
            if shown and shown[-1][0] == "user":
                shown.pop()
            continue
        shown.append((role, text))
    return shown
