"""The dashboard's static files at ``/ui/`` (``ui/``: the page, its script and styles, and
the vendored Preact, htm and Cytoscape.js with their licences).

The files are public; everything they show comes from the REST API with the key a person
types in (kept in the tab's session storage, never in a URL). Every response carries a strict
Content-Security-Policy: scripts, styles and connections only from this server, no inline
script, no frames, no form posts elsewhere."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import RedirectResponse
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CSP", "UI_DIR", "mount_ui"]

UI_DIR = Path(__file__).with_name("ui")
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-cache"),
]


class _Secured:
    """Adds the policy headers to every static response."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [
                    *[(k, v) for k, v in message.get("headers", []) if k != b"cache-control"],
                    *_HEADERS,
                ]
            await send(message)

        await self.app(scope, receive, headed)


def mount_ui(app: FastAPI) -> None:
    @app.get("/ui", include_in_schema=False)
    def ui_root() -> RedirectResponse:
        return RedirectResponse("ui/", status_code=308)

    app.mount("/ui/", _Secured(StaticFiles(directory=UI_DIR, html=True)), name="ui")
