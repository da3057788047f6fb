"""The corpus as clustering sees it: deduplicated signatures as numpy arrays, never HTML."""
