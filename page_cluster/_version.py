"""Single source of the package version."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("page-cluster")
except PackageNotFoundError:  # running from a source tree without installation
    __version__ = "0.1.0"
