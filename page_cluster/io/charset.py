"""Bytes of a fetched page → text the parser can trust.

The order follows the HTML standard's encoding sniffing: a byte-order mark wins
(it cannot be wrong), then the charset the server sent in ``Content-Type``, then
a ``<meta>`` charset near the top of the page, then UTF-8 if the bytes are valid
UTF-8, else windows-1252 (the web's legacy default). Charset labels are mapped
the way browsers map them (``iso-8859-1`` and ``ascii`` mean windows-1252,
``shift_jis`` means Microsoft's superset, ...).

Invalid bytes never stop a run: they become U+FFFD, which cannot change a page's
structure. A page is only refused as *undecodable* when its decoded text is
mostly replacement or control characters, i.e. it is not text at all (binary
content served as ``text/html``, UTF-16 without a byte-order mark ...).
"""

from __future__ import annotations

import codecs
import functools
import re
from dataclasses import dataclass

__all__ = [
    "UNDECODABLE_SHARE",
    "DecodedHtml",
    "UndecodableError",
    "charset_from_content_type",
    "decode_html_bytes",
    "normalize_charset",
]

#: A page whose decoded text has more than this share of U+FFFD and C0 control
#: characters is not text. Real pages with a wrong charset label stay far below
#: it (a few accented letters per line); binary data lands far above it.
UNDECODABLE_SHARE = 0.1

#: How far into a page the ``<meta>`` charset is looked for. The standard's
#: pre-scan reads 1024 bytes; real pages often put a long comment or script
#: first, so a little more is read.
META_PRESCAN_BYTES = 4096

# Browser label → Python codec, for labels whose browser meaning differs from
# Python's codec of the same name (WHATWG Encoding Standard).
_LABEL_ALIASES = {
    "iso-8859-1": "cp1252",
    "iso8859-1": "cp1252",
    "iso_8859-1": "cp1252",
    "latin1": "cp1252",
    "latin-1": "cp1252",
    "l1": "cp1252",
    "us-ascii": "cp1252",
    "ascii": "cp1252",
    "windows-1252": "cp1252",
    "x-cp1252": "cp1252",
    "iso-8859-9": "cp1254",
    "latin5": "cp1254",
    "iso-8859-11": "cp874",
    "tis-620": "cp874",
    "shift_jis": "cp932",
    "shift-jis": "cp932",
    "sjis": "cp932",
    "x-sjis": "cp932",
    "ms_kanji": "cp932",
    "csshiftjis": "cp932",
    "windows-31j": "cp932",
    "gb2312": "gbk",
    "gb_2312": "gbk",
    "gb_2312-80": "gbk",
    "euc-cn": "gbk",
    "x-gbk": "gbk",
    "euc-kr": "cp949",
    "ks_c_5601-1987": "cp949",
    "unicode-1-1-utf-8": "utf-8",
    "utf8": "utf-8",
}

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

_CHARSET_PARAM = re.compile(rb"""charset\s*=\s*["']?\s*([A-Za-z0-9_:.+-]+)""", re.IGNORECASE)
_META_CHARSET = re.compile(
    rb"""<meta\b[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9_:.+-]+)""", re.IGNORECASE
)
# C0 controls other than tab, newline, form feed and carriage return, plus U+FFFD.
_NOT_TEXT = dict.fromkeys([*range(0, 9), 11, *range(14, 32), 0xFFFD])


class UndecodableError(ValueError):
    """The bytes are not text in any charset the page could be in."""


@dataclass(frozen=True, slots=True)
class DecodedHtml:
    """A page ready for :func:`~page_cluster.parsing.html_source.parse_html`.

    ``html`` is either UTF-8 ``bytes`` (then ``encoding`` is ``"utf-8"``, the
    parser takes them as they are) or ``str``. ``replaced`` says some invalid
    bytes were replaced by U+FFFD.
    """

    html: str | bytes
    encoding: str | None
    charset: str
    replaced: bool = False


@functools.lru_cache(maxsize=512)
def normalize_charset(label: str | bytes | None) -> str | None:
    """A charset label as a Python text codec name, or ``None`` if unusable.

    >>> normalize_charset("ISO-8859-1"), normalize_charset(b"Shift_JIS"), normalize_charset("x")
    ('cp1252', 'cp932', None)
    >>> normalize_charset("base64") is None  # a codec, but not a text encoding
    True
    """
    if label is None:
        return None
    if isinstance(label, bytes):
        label = label.decode("ascii", "replace")
    name = label.strip().strip("\"'").strip().lower()
    if not name:
        return None
    name = _LABEL_ALIASES.get(name, name)
    try:
        info = codecs.lookup(name)
        b"a".decode(info.name, "ignore")  # LookupError for bytes-to-bytes codecs (base64 ...)
    except (LookupError, ValueError):
        return None
    return info.name


def charset_from_content_type(value: str | bytes | None) -> str | None:
    """The ``charset`` parameter of a ``Content-Type`` header value, normalised.

    >>> charset_from_content_type('text/html; Charset="EUC-JP"')
    'euc_jp'
    """
    if not value:
        return None
    raw = value.encode("latin-1", "replace") if isinstance(value, str) else value
    m = _CHARSET_PARAM.search(raw)
    return normalize_charset(m.group(1)) if m else None


def _meta_charset(data: bytes) -> str | None:
    m = _META_CHARSET.search(data, 0, META_PRESCAN_BYTES)
    if m is None:
        return None
    cs = normalize_charset(m.group(1))
    # A page cannot declare a UTF-16/32 charset in ASCII-compatible bytes: the
    # standard reads such a declaration as UTF-8.
    if cs is not None and cs.startswith(("utf_16", "utf_32")):
        return "utf-8"
    return cs


def _not_text_share(text: str) -> float:
    if not text:
        return 0.0
    return (len(text) - len(text.translate(_NOT_TEXT))) / len(text)


def decode_html_bytes(data: bytes, declared: str | None = None) -> DecodedHtml:
    """Decode a fetched page; ``declared`` is the HTTP ``Content-Type`` charset.

    Raises :class:`UndecodableError` when the result would not be text.

    >>> decode_html_bytes(b"<p>caf\\xe9</p>").html
    '<p>café</p>'
    >>> d = decode_html_bytes("<p>café</p>".encode("utf-8"), "utf-8")
    >>> d.html, d.encoding
    (b'<p>caf\\xc3\\xa9</p>', 'utf-8')
    """
    charset = None
    for bom, name in _BOMS:
        if data.startswith(bom):
            data = data[len(bom) :]
            charset = name
            break
    if charset is None:
        charset = normalize_charset(declared) or _meta_charset(data)
    if charset in (None, "utf-8"):
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            if charset is None:
                charset = "cp1252"  # undeclared and not UTF-8: legacy default
        else:
            if b"\x00" not in data:
                return DecodedHtml(data, "utf-8", "utf-8")
            charset = "utf-8"
    assert charset is not None
    try:
        text = data.decode(charset)
        replaced = False
    except UnicodeDecodeError:
        text = data.decode(charset, errors="replace")
        replaced = True
    except LookupError:  # pragma: no cover - normalize_charset checked the codec
        text = data.decode("utf-8", errors="replace")
        charset, replaced = "utf-8", True
    share = _not_text_share(text)
    if share > UNDECODABLE_SHARE:
        raise UndecodableError(
            f"not text in {charset} ({share:.0%} of the characters are invalid or control codes)"
        )
    return DecodedHtml(text, None, charset, replaced)
