"""Service tests use keyword recall, as the memory tests do: what they check does not
depend on the embedder. The fixtures are the memory tests' own."""

from tests.memory.conftest import _keyword_mode, settings

__all__ = ["_keyword_mode", "settings"]
