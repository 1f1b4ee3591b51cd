"""The dashboard's static files at ``/ui/`` (``ui/``: the page, its script and styles, and
the vendored Preact, htm and Cytoscape.js with their licences).

The files are public; everything they show comes from the REST API with the key a person
types in (kept in the tab's session storage, never in a URL). Every response carries a strict
Content-Security-Policy: scripts, styles and connections only from this server, no inline
script, no frames, no form posts elsewhere."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import HTMLResponse, RedirectResponse
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CSP", "UI_DIR", "mount_docs", "mount_ui"]

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


#: Swagger UI's page holds one inline script (its start-up); everything it loads is local
_DOCS_CSP = (
    "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)


def mount_docs(app: FastAPI) -> None:
    """``/docs`` (Swagger UI) from the vendored swagger-ui-dist, not a CDN: it works offline,
    and no third-party script ever runs on the origin whose session storage holds a
    dashboard key. (ReDoc, which only a CDN would serve, is not offered.)"""
    assets = UI_DIR / "vendor" / "swagger"
    app.mount("/docs/assets/", _Secured(StaticFiles(directory=assets)), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def docs(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "").rstrip("/")
        page = get_swagger_ui_html(
            openapi_url=root + (app.openapi_url or "/openapi.json"),
            title=f"{app.title} API",
            swagger_js_url=root + "/docs/assets/swagger-ui-bundle.js",
            swagger_css_url=root + "/docs/assets/swagger-ui.css",
            swagger_favicon_url="data:,",
            oauth2_redirect_url=root + "/docs/oauth2-redirect",
        )
        page.headers["content-security-policy"] = _DOCS_CSP
        page.headers["referrer-policy"] = "no-referrer"
        return page

    @app.get("/docs/oauth2-redirect", include_in_schema=False)
    def redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()
