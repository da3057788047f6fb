"""Build the optional compiled structural walker and attribute scanner.

Everything else is declared in ``pyproject.toml``. The extension is optional: if
Cython, lxml's headers or a C compiler are missing, the install goes on and the
pure-Python walker (same tokens, slower) is used.
"""

from __future__ import annotations

import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """A ``build_ext`` whose failure is a warning, not an install error."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            _warn(exc)

    def build_extension(self, ext) -> None:  # type: ignore[no-untyped-def]
        try:
            super().build_extension(ext)
        except Exception as exc:
            _warn(exc)


def _warn(exc: BaseException) -> None:
    sys.stderr.write(
        f"page-cluster: compiled walker not built ({exc}); the pure-Python walker is used\n"
    )


def _extensions() -> list:
    try:
        import lxml
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError as exc:
        _warn(exc)
        return []
    ext = Extension(
        "page_cluster.parsing._fastwalk",
        ["page_cluster/parsing/_fastwalk.pyx"],
        include_dirs=lxml.get_include(),
    )
    # The start-tag attribute counter (see page_cluster/parsing/attribute_cap.py).
    scan = Extension("page_cluster.parsing._attrscan", ["page_cluster/parsing/_attrscan.pyx"])
    try:
        return cythonize([ext, scan], language_level=3, quiet=True)
    except Exception as exc:
        _warn(exc)
        return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
