"""The LAN endpoint: chat from a phone or laptop, OpenAI-compatible, read-only views.

    app = build_app(WebParts(chat=brain, memory=memory, token=token, recipes=cookbook, ...))
    server = WebServer(app, host="0.0.0.0", port=4327, threads=...)

Nothing here imports bottle or waitress at package import time: `hearth --help`
must work without the `web` extra installed.
"""
