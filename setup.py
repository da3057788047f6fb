"""Build the optional compiled structural walkers, attribute scanner and linkage chain.

Everything else is declared in ``pyproject.toml``. The extension is optional: if
Cython, lxml's headers or a C compiler are missing, the install goes on and the
pure-Python walker (same tokens, slower) is used; without the lexbor walker,
pages are parsed with lxml.
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
        import numpy
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
    # The lexbor parser and walker: lexbor's functions are looked up at run time
    # in selectolax's extension module (see page_cluster/parsing/lexbor_tree.py),
    # so neither its headers nor selectolax are needed here.
    lexwalk = Extension(
        "page_cluster.parsing._lexwalk",
        ["page_cluster/parsing/_lexwalk.pyx"],
        libraries=["dl"] if sys.platform.startswith("linux") else [],
    )
    # Stage A's average-linkage chain (see page_cluster/clustering/linkage.py).
    nnchain = Extension(
        "page_cluster.clustering._nnchain",
        ["page_cluster/clustering/_nnchain.pyx"],
        include_dirs=[numpy.get_include()],
    )
    built = []
    for one in (ext, scan, lexwalk, nnchain):  # one failing does not cost the others
        try:
            built += cythonize([one], language_level=3, quiet=True)
        except Exception as exc:
            _warn(exc)
    return built


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
