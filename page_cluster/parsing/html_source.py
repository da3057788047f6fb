"""Turn whatever a crawl holds (``str`` or ``bytes``) into one lxml tree.

Every page is parsed exactly once, here. Input is handed to lxml as bytes so that
pages carrying an XML declaration (``<?xml ... encoding=...?>``), which lxml refuses
as ``str``, parse like any other page.
"""

from __future__ import annotations

from lxml import etree

from ..base.limits import MAX_ATTRIBUTES
from .attribute_cap import cap_attributes

__all__ = ["parse_html", "parse_html_capped", "to_utf8", "utf8_page"]


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


def _sniffed(data: bytes) -> tuple[bytes, str | None]:
    """``data`` as bytes the parser can take and their encoding (``None``: lxml's guess)."""
    from ..io.charset import UndecodableError, decode_html_bytes

    try:
        decoded = decode_html_bytes(data)
    except UndecodableError:
        return data, None  # not text: lxml makes what it can of it
    if isinstance(decoded.html, bytes):
        return decoded.html, decoded.encoding
    return to_utf8(decoded.html), "utf-8"


def parse_html(
    html: str | bytes, encoding: str | None = None, *, max_attributes: int = MAX_ATTRIBUTES
) -> etree._Element | None:
    """Parse a page into an lxml tree; ``None`` when there is nothing to parse.

    An element's attributes beyond ``max_attributes`` are dropped before
    parsing (see :mod:`~page_cluster.parsing.attribute_cap`).

    ``str`` input is encoded as UTF-8 and parsed as such (its own meta charset is
    then irrelevant: the text is already decoded). ``bytes`` input is parsed with
    ``encoding`` when given, else its charset is sniffed as the readers sniff it
    (:func:`~page_cluster.io.charset.decode_html_bytes`: byte-order mark, meta
    charset near the top, UTF-8 when the bytes are valid UTF-8, else
    windows-1252). lxml's own sniffing is not enough: it reads a meta charset
    only near the top, and news pages often put tens of kilobytes of inline
    style first, so their UTF-8 text came out as windows-1252 mojibake.
    """
    return parse_html_capped(html, encoding, max_attributes=max_attributes)[0]


def parse_html_capped(
    html: str | bytes, encoding: str | None = None, *, max_attributes: int = MAX_ATTRIBUTES
) -> tuple[etree._Element | None, int]:
    """:func:`parse_html`, also saying how many elements had attributes dropped."""
    if isinstance(html, str):
        data = to_utf8(html)
        parser = _UTF8_PARSER
    else:
        data = html
        if encoding is None and data:
            data, encoding = _sniffed(data)
        parser = _UTF8_PARSER if encoding in ("utf-8", "utf8", "UTF-8") else _new_parser(encoding)
    if not data or data.isspace():  # (strip() would copy the whole page)
        return None, 0
    # lxml stops at a NUL byte in some code paths; a NUL is never structure.
    if b"\x00" in data:
        data = data.replace(b"\x00", b"")
    data, capped = cap_attributes(data, max_attributes)
    try:
        root = etree.fromstring(data, parser)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError, LookupError):
        try:
            root = etree.fromstring(data.decode("utf-8", "replace").encode("utf-8"), _UTF8_PARSER)
        except (etree.ParserError, etree.XMLSyntaxError, ValueError):
            return None, capped
    return root, capped


def utf8_page(
    html: str | bytes, encoding: str | None = None, *, max_attributes: int = MAX_ATTRIBUTES
) -> tuple[bytes | None, int]:
    """A page as the UTF-8 bytes an HTML5 parser takes, read as :func:`parse_html`
    reads it; ``None`` when there is nothing to parse. Also says how many
    elements had attributes dropped.

    The charset is settled here (lexbor reads UTF-8 only): ``str`` is encoded,
    ``bytes`` are decoded with ``encoding`` or, without one, sniffed as
    :func:`parse_html` sniffs them; an unknown ``encoding`` reads as UTF-8 with
    replacement characters, as the lxml route's retry does. A byte-order mark
    and NUL bytes are dropped.

    >>> utf8_page("<p>é</p>")
    (b'<p>\\xc3\\xa9</p>', 0)
    >>> utf8_page(b"<p>\\xe9\\x00</p>", "cp1252")
    (b'<p>\\xc3\\xa9</p>', 0)
    """
    if isinstance(html, str):
        data = to_utf8(html)
    else:
        data = html
        if encoding is None and data:
            data, encoding = _sniffed(data)
        if encoding not in (None, "utf-8", "utf8", "UTF-8"):
            try:
                data = data.decode(encoding, "replace").encode("utf-8", "replace")
            except (LookupError, TypeError, ValueError):
                data = data.decode("utf-8", "replace").encode("utf-8")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if not data or data.isspace():
        return None, 0
    if b"\x00" in data:
        data = data.replace(b"\x00", b"")
    return cap_attributes(data, max_attributes)
