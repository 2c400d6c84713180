"""The e-ink review board: render (Pillow screens), display (the only inky import),
buttons (the only gpiozero/evdev import), board (the review state machine) and
commands (`hearth panel`). Importing this package imports no hardware library.

    from appliance.panel.board import run_board
"""
