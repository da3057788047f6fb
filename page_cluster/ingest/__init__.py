"""From pages to a corpus: each page parsed once (in worker processes if asked), in input order."""
