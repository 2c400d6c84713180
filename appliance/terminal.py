"""Text on its way to a terminal: household words shown, never obeyed.

A fact, a proposal, a shopping item or a chat reply can hold characters a terminal
acts on rather than shows: ESC starts a sequence that can move the cursor, rewrite
the title or clear the screen; NUL, BEL, backspace and carriage return hide or
overwrite what came before; bidirectional overrides reorder what a person reads.
New records refuse control characters (`appliance.memory.fact.check_text`), but a
file written before that rule, or by hand, can still hold them, so whatever prints
household text to a terminal passes it through `printable` first.

    print(printable(fact.text))
    print(printable(file_text, lines=True))   # keeps newlines and tabs (a whole file)
"""

from __future__ import annotations

import unicodedata

# Bidirectional embeddings, overrides and isolates: they make a terminal show text in an
# order other than the order it is stored in.
# Unicode's bidirectional embeddings, overrides and isolates: they make text show other
# words, or the same words in another order, than it holds.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_KEPT_IN_LINES = frozenset("\n\t")


def _escaped(char: str) -> str:
    # `\u001b`, not `\x1b`: the same spelling is a valid escape inside a JSON string, so
    # printable(json.dumps(value, ensure_ascii=False), lines=True) is still that JSON.
    return f"\\u{ord(char):04x}"


def printable(text: str, *, lines: bool = False) -> str:
    """The text with every character a terminal would act on written as an escape.

    Control characters (C0, DEL, C1), lone surrogates and bidirectional controls
    become `\\u001b`, `\\u202e` and so on; everything else, accents and emoji
    included, is left alone. With `lines`, newlines and tabs are kept (a whole file,
    or indented JSON).
    """
    if text.isprintable():  # the usual case: nothing to look at twice
        return text
    out = []
    for char in text:
        if lines and char in _KEPT_IN_LINES:
            out.append(char)
        elif char in BIDI_CONTROLS or unicodedata.category(char) in ("Cc", "Cs"):
            out.append(_escaped(char))
        else:
            out.append(char)
    return "".join(out)
