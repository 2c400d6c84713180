"""Letters of the Latin alphabets, for the rules that find names: "Seán", "Zoë", "Áine",
"Łukasz", "Chloé".

`re` has no class of upper-case letters, and `[A-Z][a-z]+` cut a name at its first
accent: an outside check's "how long till Tomás starts his new job?" asked about "Tom",
and "what is Seán allergic to?" about "Se", so a fact told was "not known". These are the
classes those rules use instead, drawn from Unicode's own cases over Latin (Basic to
Extended-B). Each is the inside of a class, to stand with other characters: `[{UPPER}]`,
`[{LOWER}'-]`.
"""

from __future__ import annotations

import re

_LATIN = [chr(code) for code in range(0x41, 0x250)]
UPPER = "A-Z" + "".join(re.escape(c) for c in _LATIN[0x80 - 0x41 :] if c.isupper())
LOWER = "a-z" + "".join(re.escape(c) for c in _LATIN[0x80 - 0x41 :] if c.islower())
# a Latin letter in either case ("[^\W\d_]" would take "①" and "²" for letters)
LETTER = f"[{UPPER}{LOWER}]"
