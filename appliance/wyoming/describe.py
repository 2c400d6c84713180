"""What `hearth wyoming` says it is, answering `describe`: a recogniser, a voice, an agent.

Home Assistant reads this once, when a person adds Hearth, and offers each part in its
Voice assistants screen: Hearth as speech-to-text, as text-to-speech and as the
conversation agent. Every name here is what really runs (the configured Whisper model
and voice), and `supports_home_control` is false: Hearth answers about the household's
memory, timers and list, and switches no lights.
"""

from __future__ import annotations

from importlib import metadata

from wyoming.info import (
    AsrModel,
    AsrProgram,
    Attribution,
    HandleModel,
    HandleProgram,
    Info,
    TtsProgram,
    TtsVoice,
)

from appliance.config import Settings

WHISPER = Attribution(
    name="OpenAI Whisper, run by SYSTRAN faster-whisper",
    url="https://github.com/SYSTRAN/faster-whisper",
)
PIPER = Attribution(
    name="Piper voice en_US-joe-medium (rhasspy)", url="https://github.com/rhasspy/piper"
)
ESPEAK = Attribution(name="eSpeak NG", url="https://github.com/espeak-ng/espeak-ng")
HEARTH = Attribution(name="Hearth", url="")
LANGUAGES = ["en"]  # Whisper base is multilingual, but Hearth runs it, and answers, in English


def _version() -> str | None:
    try:
        return metadata.version("hearth-appliance")
    except metadata.PackageNotFoundError:
        return None


def hearth_info(settings: Settings) -> Info:
    version = _version()
    model = settings.voice_model or "base"
    neural = settings.speech_voice == "joe"
    voice = TtsVoice(
        name="en_US-joe-medium" if neural else "espeak-ng",
        attribution=PIPER if neural else ESPEAK,
        installed=True,
        description="Hearth's spoken voice" + ("" if neural else " (espeak-ng)"),
        version=None,
        languages=["en_US" if neural else "en"],
    )
    return Info(
        asr=[
            AsrProgram(
                name="hearth-speech-to-text",
                attribution=WHISPER,
                installed=True,
                description="Hearth's recogniser, with the household's own words as its prompt",
                version=version,
                models=[
                    AsrModel(
                        name=f"whisper-{model}" if "/" not in model else model,
                        attribution=WHISPER,
                        installed=True,
                        description=f"Whisper {model}, int8 on this machine's CPU",
                        version=None,
                        languages=[settings.voice_language],
                    )
                ],
                supports_transcript_streaming=False,
            )
        ],
        tts=[
            TtsProgram(
                name="hearth-speech",
                attribution=voice.attribution,
                installed=True,
                description="Hearth's voice, sentence by sentence",
                version=version,
                voices=[voice],
                supports_synthesize_streaming=True,
            )
        ],
        handle=[
            HandleProgram(
                name="hearth",
                attribution=HEARTH,
                installed=True,
                description="Hearth, the kitchen memory: facts, timers, reminders, the list",
                version=version,
                models=[
                    HandleModel(
                        name="hearth",
                        attribution=HEARTH,
                        installed=True,
                        description="Hearth's own turn: its rules first, then its model",
                        version=version,
                        languages=LANGUAGES,
                    )
                ],
                supports_handled_streaming=False,
                supports_home_control=False,
            )
        ],
    )
