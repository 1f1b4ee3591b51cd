"""The HTTP server of EngramDB: REST API, MCP tools, authentication and authorisation."""
