"""Turn whatever a crawl holds (``str`` or ``bytes``) into one lxml tree.

Every page is parsed exactly once, here. Input is handed to lxml as bytes so that
pages carrying an XML declaration (``<?xml ... encoding=...?>``), which lxml refuses
as ``str``, parse like any other page.
"""

from __future__ import annotations

from lxml import etree

__all__ = ["parse_html", "to_utf8"]


def _new_parser(encoding: str | None) -> etree.HTMLParser:
    return etree.HTMLParser(
        encoding=encoding,
        recover=True,
        remove_comments=True,
        remove_pis=True,
        no_network=True,
        huge_tree=True,
        compact=True,
        default_doctype=False,
    )


_UTF8_PARSER = _new_parser("utf-8")


def to_utf8(html: str | bytes) -> bytes:
    """Encode ``str`` HTML as UTF-8; lone surrogates (legal in JSON) become U+FFFD."""
    if isinstance(html, bytes):
        return html
    return html.encode("utf-8", errors="replace")


def parse_html(html: str | bytes, encoding: str | None = None) -> etree._Element | None:
    """Parse a page into an lxml tree; ``None`` when there is nothing to parse.

    ``str`` input is encoded as UTF-8 and parsed as such (its own meta charset is
    then irrelevant: the text is already decoded). ``bytes`` input is parsed with
    ``encoding`` when given, else lxml sniffs the BOM and meta charset.
    """
    if isinstance(html, str):
        data = to_utf8(html)
        parser = _UTF8_PARSER
    else:
        data = html
        parser = _UTF8_PARSER if encoding in ("utf-8", "utf8", "UTF-8") else _new_parser(encoding)
    if not data or not data.strip():
        return None
    # lxml stops at a NUL byte in some code paths; a NUL is never structure.
    if b"\x00" in data:
        data = data.replace(b"\x00", b"")
    try:
        root = etree.fromstring(data, parser)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError, LookupError):
        try:
            root = etree.fromstring(data.decode("utf-8", "replace").encode("utf-8"), _UTF8_PARSER)
        except (etree.ParserError, etree.XMLSyntaxError, ValueError):
            return None
    return root
