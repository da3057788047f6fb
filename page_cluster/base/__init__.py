"""The ground floor: page records, run bounds, progress events.

Every other room may import these; they import nothing of the package.
"""
