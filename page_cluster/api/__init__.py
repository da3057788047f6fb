"""The front door: one call from pages to cluster keys (and the whole run)."""
