"""Hearth as a Wyoming peer: speech to text, text to speech and a conversation agent for Home
Assistant, and the controller that runs the pipeline for satellites in other rooms.

    wire.py        events read with bounds (a LAN peer never decides our memory use)
    peers.py       who may connect: loopback, and the addresses in wyoming_peers
    describe.py    the info answer: Whisper, the joe voice, Hearth as a conversation agent
    ears.py        audio -> transcript (voice's Transcriber, bias and checks; loaded lazily)
    mouth.py       text -> audio events, piece by piece (appliance/speech.py; loaded lazily)
    turns.py       transcript -> the brain over loopback HTTP, one thread per conversation id
    timers.py      timers a peer's turn set -> timer-started/updated/cancelled/finished
    session.py     one connection's events and answers
    server.py      the listening socket, the peer check at accept, the health check
    satellites.py  the controller: connects to configured satellites and runs their turns
    probe.py       describe -> info, blocking: doctor and the watchdog
    parts.py       the process's parts, as the composition builds them

The brain is never imported: like voice, this part asks it over loopback HTTP.
docs/wyoming.md says what each peer may do and why.
"""
