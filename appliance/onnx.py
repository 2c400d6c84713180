"""onnxruntime, loaded with its telemetry off: nothing leaves the house.

Recall's embedder and voice's Silero VAD both run on onnxruntime. Its Linux builds
carry Microsoft's 1DS telemetry client (its collector's address is in the library,
and a read-only home makes it warn "Failed to persist telemetry device ID"). Every
part that runs onnxruntime goes through `onnxruntime_offline()` first, which turns
that off for the whole process before any session exists.
"""

from __future__ import annotations

from types import ModuleType


def onnxruntime_offline() -> ModuleType:
    """The onnxruntime module, with its telemetry events disabled for this process."""
    import onnxruntime  # the runtime: imported here and nowhere else

    onnxruntime.disable_telemetry_events()
    return onnxruntime
