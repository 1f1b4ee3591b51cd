"""Drop-in APIs of other memory systems, on EngramDB."""
