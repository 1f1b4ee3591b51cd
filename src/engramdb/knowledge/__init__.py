"""Knowledge layer: authoritative documents, typed values and claims on top of the engine."""
