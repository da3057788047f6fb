"""Single source of the package version (read by the build from here too)."""

__version__ = "0.1.0"
