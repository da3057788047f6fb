"""A wiki and blog compiled by ikiwiki, for the held-out bench.

The engine was never developed on ikiwiki. Like ``bench/cms_jekyll.py``
(a generator from Debian's packages) and ``bench/cms_blogs.py`` (whose word
list and Markdown helpers it uses), this module writes a site's sources from
a seed, builds them with the real generator and labels each page with what
renders it. Only the sources are invented; every page is ikiwiki's output.

The site: ikiwiki 3.20200202 from Debian's packages (:data:`DEBIAN`, with
Discount for its Markdown and git for its history), compiled once with
``ikiwiki --setup`` into ``data/ikiwiki/html``; no CGI, no web server. The
setup file (:data:`_SETUP`, YAML) adds the plugins an allotment society
would: the ``goodstuff`` bundle (``tag``, ``toc``, ``map``, ``pagestats``,
``table``, ``template``, ``shortcut``, ``progress``, ``more``, ``toggle``,
``smiley``...), ``sidebar``, ``calendar`` (with ``calendar_autocreate``:
ikiwiki writes the archive pages itself), ``autoindex`` (an index page for
every folder that has none) and ``recentchanges``; ``meta`` and ``inline``
are on by default. The source folder is a git repository whose commits
(:func:`write_ikiwiki_sources`) carry fixed dates and authors: ikiwiki reads
each page's dates from git on the first build, and builds the recent
changes page from ``git log``. Nothing is pushed or pulled.

The society's sources (``src/``):

* 36 wiki pages in nested folders (``growing/vegetables``, ``growing/fruit``,
  ``growing/herbs``, ``soil``, ``plots``, ``wildlife``, ``wildlife/pests``,
  ``tools``, ``society``, ``society/events``): about a quarter long, with
  ``##`` and ``###`` headings and a ``[[!toc]]``, some short, the rest with a
  ``[[!table]]`` or a Markdown table, checklists, fenced code; now and then
  a ``note`` template, a Wikipedia shortcut, a progress bar, a link to
  another page or to one nobody wrote. Four folders have a page of their own
  (``growing``, ``plots``, ``wildlife``, ``society``: prose); for the other
  seven, ``autoindex`` writes one, a ``[[!map]]`` of the folder.
* The home page, a global ``sidebar`` and another for the blog's posts
  (``blog/sidebar``), a site map (``sitemap``: ``[[!map]]``), the tags'
  page (``tags``: a ``[[!pagestats]]`` tag cloud).
* The blog: ``blog`` inlines the eight newest posts in full (``[[!inline
  pages="blog/* and !*/Discussion and !blog/sidebar" show=8]]``, with RSS
  and Atom feeds), ``archives`` lists them all (``archive=yes``). 28 posts
  (``blog/<slug>``) over 2023 and 2024, each with a date, one to three tags
  (``[[!tag]]``), sometimes an author and a ``[[!more]]``.
* Four discussion pages (``<page>/Discussion``), two on wiki pages and two
  on posts, and placeholder images (``images/``) for the Markdown's images.

What ikiwiki adds while it builds: a tag page for each tag used
(``tags/<tag>``, from the ``tag`` plugin's ``autotag.tmpl``: an archive list
of the tagged pages, with feeds), a page for each year with posts and for
every month of those years (``archives/<yyyy>``: a year's calendar, from
``calendaryear.tmpl``; ``archives/<yyyy>/<mm>``: the month's posts in full,
the month's calendar in its sidebar, from ``calendarmonth.tmpl``; a month
without posts has its calendar and an empty content area) and the folders'
index pages (also for the folders that hold only files: ``images``,
ikiwiki's ``wikiicons`` and ``ikiwiki/login-selector``); it writes these
sources into ``src/.ikiwiki/transient``. From its own underlays it adds
its help pages (``ikiwiki/formatting``, ``ikiwiki/pagespec``, ``sandbox``,
``shortcuts``, ``templates``, ``smileys``...) and ``recentchanges`` (the
30 newest commits).

Labels: ikiwiki renders every page with ``page.tmpl``; what differs is the
page's content, which the wiki's author set up with directives (or ikiwiki
did, for the pages it writes), so a page is labelled by that role, read
from its source (:func:`role_in_source`; the source is found where ikiwiki
looks: ``src/``, then the transient folder, then the package's underlays):

* ``page``: wiki pages, the home page, section pages, sidebars, discussion
  pages and ikiwiki's help pages (whatever directives these use: they are
  the package's documentation, not the site's lists): the page's text. The
  blog's posts too: a post is a page the blog's pagespec matches, drawn by
  the same ``page.tmpl`` with nothing of its own but data (its tags in the
  footer) and the blog folder's sidebar, as Hexo's posts and pages share
  one article partial and one label (``bench/cms_hexo.py``).
* ``blog``: the page inlining the newest posts in full, with feed buttons.
* ``archive``: the hand-written archive, one line (a link and a date) a post.
* ``tag``: a tag page: the same lines for the tagged posts, under feed
  buttons. Kept apart from ``archive`` as other generators' tag pages are
  kept apart from their archives: another place in the site, another title
  and feeds, one page a tag.
* ``calendar-year``: a year's table of months, nothing else.
* ``calendar-month``: a month's posts in full, like ``blog``, but from
  another template file (``calendarmonth.tmpl``), with the month's calendar
  in place of the sidebar and no feeds, and twelve of them a year, empty
  for the months without posts.
* ``map``: the site map and the folders' index pages: a nested list of
  links.
* ``tags``: the tag cloud.
* ``recentchanges``: the list of commits.

Every page's markup is checked against its label when the site is read
(:func:`role_in_html`; :func:`ikiwiki_pages` stops with the pages that
disagree): the elements ikiwiki's templates and directives write
(``inlinepage``, ``archivepage``, ``feedlink``, ``map``, ``pagecloud``,
``recentchanges``, ``year-calendar`` and ``month-calendar`` tables, the
footer's ``tags``), read in the content area, the sidebar and the footer
that ``page.tmpl`` draws.

The same seed writes the same sources and the same git history (its commit
ids included). The pages ikiwiki writes itself (tags, calendars, folder
indexes) say they were last edited when the site was built; every other
date comes from git or the package's files.
"""

from __future__ import annotations

import os
import random
import re
import shutil
from datetime import datetime, timedelta
from pathlib import Path

from cms_blogs import (
    _AUTHORS,
    _TAGS,
    _WORDS,
    _fenced_body,
    _html_pages,
    _long,
    _paragraph,
    _run,
    _sentence,
    _slug,
    _table,
    _title,
    agreeing_with_markup,  # the same word list and Markdown as the other blogs
)
from cms_wordpress import check_debian

#: Debian 12 packages the site was built with (``dpkg-query -W``).
DEBIAN = {
    "ikiwiki": "3.20200202.3-1",
    "libtext-markdown-discount-perl": "0.16-1",
    "libmarkdown2": "2.2.7-2",
    "libtimedate-perl": "2.3300-2",
    "git": "1:2.39.5-0+deb12u3",
}
#: The packages whose version changes the HTML: checked before a build.
_PINNED = ("ikiwiki", "libtext-markdown-discount-perl", "libmarkdown2")

#: ikiwiki's setup file (``__SRC__`` and ``__DEST__``: the build's folders).
_SETUP = """\
# IkiWiki::Setup::Yaml - YAML formatted setup file
wikiname: Hazel Lane Allotments
adminemail: secretary@allotments.example
srcdir: __SRC__
destdir: __DEST__
url: https://allotments.example/
add_plugins:
- goodstuff
- sidebar
- calendar
- autoindex
- recentchanges
rcs: git
gitorigin_branch: ''
historyurl: https://code.allotments.example/wiki/log/[[file]]
diffurl: https://code.allotments.example/wiki/commit/?id=[[sha1_commit]]
timezone: Europe/London
timeformat: '%a %d %b %Y'
rss: 1
atom: 1
tagbase: tags
tag_autocreate: 1
tag_autocreate_commit: 0
autoindex_commit: 0
archivebase: archives
calendar_autocreate: 1
archive_pagespec: blog/* and !*/Discussion and !blog/sidebar
global_sidebars: 1
recentchangesnum: 30
"""

#: The blog's posts, as its ``[[!inline]]`` and the calendar select them.
_POSTS = "blog/* and !*/Discussion and !blog/sidebar"

#: The wiki's folders: (folder, title, pages in it, has a page of its own).
_FOLDERS = (
    ("growing", "Growing", 0, True),
    ("growing/vegetables", "Vegetables", 6, False),
    ("growing/fruit", "Fruit", 4, False),
    ("growing/herbs", "Herbs", 3, False),
    ("soil", "Soil", 4, False),
    ("plots", "The plots", 5, True),
    ("wildlife", "Wildlife", 2, True),
    ("wildlife/pests", "Pests", 3, False),
    ("tools", "Tools", 3, False),
    ("society", "The society", 3, True),
    ("society/events", "Events", 3, False),
)
_KINDS = ("long", "long", "short", "short", "table", "list", "code", "prose")
_EMAILS = {name: f"{name.split()[0].lower()}@allotments.example" for name in _AUTHORS}
_IMAGES = range(1, 41)
_PIXEL = bytes.fromhex(
    "47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b"
)
_MONTHS = ("March", "April", "May", "June", "July", "August", "September")
_PLANTS = ("Comfrey", "Rhubarb", "Hazel", "Compost", "Mulch", "Allotment")


def _check_packages() -> None:
    check_debian(
        "cms_ikiwiki",
        DEBIAN,
        _PINNED,
        "DEBIAN_FRONTEND=noninteractive apt-get install -y",
    )


# ---------------------------------------------------------------- sources


def _dsv_table(rng: random.Random, rows: int) -> str:
    """The ``table`` plugin's directive: a table written as ``|``-separated rows."""
    lines = ["Crop|Sow|Harvest|Rows"]
    for _ in range(rows):
        crop = rng.choice(_WORDS)
        lines.append(f"{crop}|{rng.choice(_MONTHS)}|{rng.choice(_MONTHS)}|{rng.randint(1, 12)}")
    return '[[!table class="crops" data="""\n' + "\n".join(lines) + '\n"""]]\n'


def _checklist(rng: random.Random) -> str:
    items = "\n".join(f"* {_sentence(rng, 3, 8)}" for _ in range(rng.randint(4, 9)))
    steps = "\n".join(f"{i}. {_sentence(rng, 4, 10)}" for i in range(1, rng.randint(4, 7)))
    return f"## {_title(rng)}\n\n{items}\n\n## {_title(rng)}\n\n{steps}\n"


def _code(rng: random.Random) -> str:
    crop = rng.choice(_WORDS)
    return (
        f"```\n# water the {crop} beds, four litres each\n"
        f"for bed in $(cat beds/{crop}.txt); do\n"
        '    water --bed "$bed" --litres 4\n'
        "done\n```\n"
    )


def _wiki_body(rng: random.Random, kind: str) -> str:
    """A wiki page's Markdown below its title: ``long`` (headings and a
    table of contents), ``short``, ``table``, ``list``, ``code`` or ``prose``."""
    if kind == "long":
        return "[[!toc levels=3]]\n\n" + _long(rng)
    if kind == "short":
        return "\n\n".join(_paragraph(rng) for _ in range(rng.randint(1, 2))) + "\n"
    if kind == "table":
        table = _dsv_table(rng, rng.randint(4, 9)) if rng.random() < 0.6 else _table(rng, 5)
        return f"{_paragraph(rng)}\n\n{table}\n{_fenced_body(rng, rng.randint(0, 2))}"
    if kind == "list":
        return f"{_paragraph(rng)}\n\n{_checklist(rng)}"
    if kind == "code":
        return f"{_paragraph(rng)}\n\n{_code(rng)}\n{_fenced_body(rng, rng.randint(1, 2))}"
    return _fenced_body(rng, rng.randint(1, 3))


def _extras(rng: random.Random, folder: str, others: dict[str, str]) -> str:
    """What a wiki page may add: links to ``others`` (page: title) or to a
    page nobody wrote, a note, a Wikipedia link, a progress bar."""
    out = []
    if rng.random() < 0.5:
        links = ", ".join(f"[[{others[p]}|/{p}]]" for p in rng.sample(sorted(others), 2))
        out.append(f"See also {links}.")
    if rng.random() < 0.12:
        out.append(f"Nobody has written up [[{rng.choice(_WORDS)} {rng.choice(_WORDS)}]] yet.")
    if rng.random() < 0.2:
        out.append(f'[[!template id=note text="""{_sentence(rng)}"""]]')
    if rng.random() < 0.15:
        out.append(f"More on [[!wikipedia {rng.choice(_PLANTS)}]].")
    if folder == "plots":
        out.append(f"Dug over so far: [[!progress percent={rng.randint(10, 95)}]]")
    return "\n\n".join(out) + "\n" if out else ""


def _meta(title: str) -> str:
    return f'[[!meta title="{title}"]]\n\n'


def _wiki(rng: random.Random) -> dict[str, str]:
    """The wiki's pages (``<page>.mdwn``: text), section pages included."""
    pages: dict[str, tuple[str, str]] = {}
    for folder, _label, count, _own in _FOLDERS:
        for n in range(count):
            title = _title(rng)
            pages[f"{folder}/{_slug(title, n)}"] = (title, rng.choice(_KINDS))
    titles = {page: title for page, (title, _kind) in pages.items()}
    out = {}
    for page, (title, kind) in pages.items():
        folder = page.rpartition("/")[0]
        text = _meta(title) + _wiki_body(rng, kind)
        extra = _extras(rng, folder, {p: t for p, t in titles.items() if p != page})
        out[f"{page}.mdwn"] = text + ("\n" + extra if extra else "")
    for folder, label, _count, own in _FOLDERS:
        if not own:
            continue
        children = [p for p in titles if p.startswith(f"{folder}/")]
        links = "\n".join(f"* [[{titles[p]}|/{p}]]" for p in children[:6])
        text = f"{_paragraph(rng)}\n\n{links}\n\n{_paragraph(rng)}\n"
        out[f"{folder}.mdwn"] = _meta(label) + text
    return out


def _site_pages(rng: random.Random) -> dict[str, str]:
    """The home page, sidebars, the blog's pages, the site map and the tags."""
    sections = "\n".join(
        f"* [[{label}|/{folder}]]" for folder, label, _n, _own in _FOLDERS if "/" not in folder
    )
    return {
        "index.mdwn": _meta("Hazel Lane Allotments")
        + f"{_paragraph(rng)}\n\n## The wiki\n\n{sections}\n\n"
        + 'The wiki has [[!pagecount pages="page(*) and !blog/*"]] pages. '
        + "News is on the [[blog]].\n\n"
        + f"## Finding us\n\n{_paragraph(rng)}\n",
        "sidebar.mdwn": "* [[Home|/index]]\n"
        + sections
        + "\n* [[News|/blog]]\n* [[Tags|/tags]]\n* [[Site map|/sitemap]]\n"
        + "* [[Recent changes|/recentchanges]]\n* [[Formatting help|/ikiwiki/formatting]]\n",
        "blog/sidebar.mdwn": "* [[All news|/blog]]\n* [[Archives|/archives]]\n"
        + "* [[Tags|/tags]]\n* [[Home|/index]]\n",
        "blog.mdwn": _meta("News from the plots")
        + f"{_sentence(rng)}\n\n"
        + f'[[!inline pages="{_POSTS}" show=8 feedshow=10]]\n\n'
        + "Older news is in the [[archives]].\n",
        "archives.mdwn": _meta("Archives")
        + f"{_sentence(rng)} By year: [[2023|archives/2023]], [[2024|archives/2024]].\n\n"
        + f'[[!inline pages="{_POSTS}" archive=yes show=0 feeds=no]]\n',
        "sitemap.mdwn": _meta("Site map")
        + '[[!map pages="* and !blog/* and !tags/* and !archives/* and !*/Discussion'
        + ' and !ikiwiki/*"]]\n',
        "tags.mdwn": _meta("Tags")
        + f"{_sentence(rng)}\n\n"
        + f'[[!pagestats pages="tags/*" among="{_POSTS}"]]\n',
    }


def _post_dates(rng: random.Random, posts: int) -> list[datetime]:
    start = datetime(2023, 4, 1, 8, 0)
    days = sorted(rng.sample(range(600), posts))
    return [start + timedelta(days=d, minutes=rng.randint(0, 600)) for d in days]


def _post(rng: random.Random, when: datetime, author: str | None) -> str:
    text = _meta(_title(rng)) + f'[[!meta date="{when:%Y-%m-%d %H:%M}"]]\n'
    if author:
        text += f'[[!meta author="{author}"]]\n'
    text += "\n" + _fenced_body(rng, rng.randint(0, 4))
    if rng.random() < 0.2:
        text += f'\n[[!more linktext="Read on" text="""\n{_fenced_body(rng, 2)}"""]]\n'
    tags = " ".join(rng.sample(_TAGS, rng.randint(1, 3)))
    return text + f"\n[[!tag {tags}]]\n"


def _discussion(rng: random.Random) -> str:
    out = []
    for _ in range(rng.randint(2, 4)):
        out.append(f"{_paragraph(rng)} -- {rng.choice(_AUTHORS)}")
    return "\n\n----\n\n".join(out) + "\n"


def _history(rng: random.Random, posts: int) -> list[tuple[datetime, str, str, dict[str, str]]]:
    """The wiki's commits, oldest first: (date, author, message, {file: text})."""
    wiki = _wiki(rng)
    site = _site_pages(rng)
    start = datetime(2023, 2, 12, 19, 30)
    commits = [(start, _AUTHORS[0], "Import the wiki from the old site", {**wiki, **site})]
    pages = sorted(p for p in wiki if "/" in p)
    for n, page in enumerate(rng.sample(pages, 12)):
        when = start + timedelta(days=20 + n * 41, hours=rng.randint(0, 9))
        text = wiki[page] + f"\n## {_title(rng)}\n\n{_paragraph(rng)}\n"
        wiki[page] = text
        message = f"{page.removesuffix('.mdwn')}: a season's notes"
        commits.append((when, rng.choice(_AUTHORS), message, {page: text}))
    posted = []
    for n, when in enumerate(_post_dates(rng, posts)):
        author = rng.choice(_AUTHORS)
        slug = _slug(_title(rng), n)
        text = _post(rng, when, author if rng.random() < 0.4 else None)
        commits.append((when, author, f"blog: {slug}", {f"blog/{slug}.mdwn": text}))
        posted.append((when, f"blog/{slug}"))
    talk = [(start, p.removesuffix(".mdwn")) for p in rng.sample(pages, 2)]
    for when, page in talk + rng.sample(posted, 2):
        later = when + timedelta(days=rng.randint(2, 30), hours=3)
        files = {f"{page}/Discussion.mdwn": _discussion(rng)}
        commits.append((later, rng.choice(_AUTHORS), f"{page}: discussion", files))
    return sorted(commits, key=lambda c: c[0])


def _git(src: Path, args: list[str], env: dict[str, str]) -> None:
    _run(["git", *args], f"git {args[0]}", cwd=src, env=env)


def write_ikiwiki_sources(root: Path, seed: int = 0, posts: int = 28) -> None:
    """The wiki's sources (``src/``, a git repository with its history) and
    its setup file (``wiki.setup``) in ``root``, the same for a seed."""
    rng = random.Random(seed + 3131)
    src = root / "src"
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    base = {**os.environ, "TZ": "UTC", "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(root)}
    _git(src, ["init", "-q", "-b", "master"], base)
    (src / ".gitignore").write_text("/.ikiwiki\n", encoding="utf-8")
    (src / "images").mkdir()
    for n in _IMAGES:
        (src / "images" / f"{n}.jpg").write_bytes(_PIXEL)
    for when, author, message, files in _history(rng, posts):
        for name, text in files.items():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            (src / name).write_text(text, encoding="utf-8")
        stamp = f"{when:%Y-%m-%dT%H:%M:%S} +0000"
        env = {
            **base,
            "GIT_AUTHOR_NAME": author,
            "GIT_AUTHOR_EMAIL": _EMAILS[author],
            "GIT_AUTHOR_DATE": stamp,
            "GIT_COMMITTER_NAME": author,
            "GIT_COMMITTER_EMAIL": _EMAILS[author],
            "GIT_COMMITTER_DATE": stamp,
        }
        _git(src, ["add", "-A"], env)
        _git(src, ["commit", "-q", "-m", message], env)
    setup = _SETUP.replace("__SRC__", str(src)).replace("__DEST__", str(root / "html"))
    (root / "wiki.setup").write_text(setup, encoding="utf-8")


def build_ikiwiki(data: Path, seed: int = 0) -> Path:
    """ikiwiki's output folder for the wiki (built once into ``data``)."""
    root = data / "ikiwiki"
    output = root / "html"
    if (output / "index.html").exists():
        return output
    _check_packages()
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    write_ikiwiki_sources(root, seed)
    env = {**os.environ, "LC_ALL": "C.UTF-8", "HOME": str(root), "GIT_CONFIG_NOSYSTEM": "1"}
    _run(["ikiwiki", "--setup", str(root / "wiki.setup")], "ikiwiki --setup", env=env)
    if not (output / "index.html").exists():
        raise SystemExit(f"ikiwiki wrote no {output / 'index.html'}")
    return output


# ---------------------------------------------------------------- labels

_DIRECTIVE = re.compile(r"\[\[!(\w+)((?:[^\]\"]|\"[^\"]*\")*)\]\]")
_YEAR_CALENDAR = re.compile(r"\[\[!calendar\b[^\]]*\btype=\"?year\b")
_MONTH_CALENDAR = re.compile(r"\[\[!calendar\b[^\]]*\btype=\"?month\b")


def _param(params: str, name: str) -> str:
    found = re.search(rf'\b{name}=(?:"([^"]*)"|(\S+))', params)
    return (found.group(1) or found.group(2) or "") if found else ""


def role_in_source(page: str, text: str, underlay: bool = False) -> str:
    """A page's role, from its name and the directives of its source
    (``underlay``: one of ikiwiki's own pages, its help, not the author's).

    >>> role_in_source("tags/pests", '[[!meta title="pages tagged pests"]]\\n\\n'
    ...     '[[!inline pages="tagged(pests)" actions="no" archive="yes"\\nfeedshow=10]]\\n')
    'tag'
    >>> role_in_source("archives", '[[!inline pages="blog/* and !*/Discussion" archive=yes]]')
    'archive'
    >>> role_in_source("blog", 'News.\\n\\n[[!inline pages="blog/* and !*/Discussion" show=8]]')
    'blog'
    >>> role_in_source("archives/2024", '[[!calendar type=year year=2024 pages="blog/*"]]')
    'calendar-year'
    >>> role_in_source("archives/2024/03", '[[!sidebar content=\"\"\"\\n[[!calendar '
    ...     'type=month month=03 year=2024 pages="blog/*"]]\\n\"\"\"]]\\n\\n[[!inline '
    ...     'pages="creation_month(03) and creation_year(2024) and blog/*" show=0 feeds=no]]')
    'calendar-month'
    >>> [role_in_source(p, '[[!map pages="soil/* and ! soil/*/*"]]') for p in ("soil", "sitemap")]
    ['map', 'map']
    >>> role_in_source("tags", 'Tags.\\n\\n[[!pagestats pages="tags/*" among="blog/*"]]')
    'tags'
    >>> role_in_source("blog/kale-bean-3", '[[!meta title="Kale"]]\\nText.\\n\\n[[!tag pests]]')
    'page'
    >>> [role_in_source(p, "Text.\\n") for p in ("blog/sidebar", "blog/kale-3/Discussion", "soil")]
    ['page', 'page', 'page']
    >>> role_in_source("recentchanges", 'Recent changes:\\n\\n[[!inline pages="internal('
    ...     'recentchanges/change_*) and !*/Discussion"\\ntemplate=recentchanges show=0]]', True)
    'recentchanges'
    >>> role_in_source("templates", '[[!inline pages="templates/*" archive=yes]]', True)
    'page'
    """
    for name, params in _DIRECTIVE.findall(text):
        if name == "inline" and _param(params, "template") == "recentchanges":
            return "recentchanges"
    if underlay:
        return "page"
    if _YEAR_CALENDAR.search(text):
        return "calendar-year"
    if _MONTH_CALENDAR.search(text):
        return "calendar-month"
    for name, params in _DIRECTIVE.findall(text):
        if name == "inline":
            if "tagged(" in _param(params, "pages"):
                return "tag"
            return "archive" if _param(params, "archive") == "yes" else "blog"
    names = {name for name, _params in _DIRECTIVE.findall(text)}
    if "map" in names:
        return "map"
    if "pagestats" in names:
        return "tags"
    return "page"


def page_of(rel: str) -> str | None:
    """The ikiwiki page an output file is (``usedirs``: ``<page>/index.html``).

    >>> [page_of(p) for p in ("index.html", "blog/kale-3/index.html", "style.css", "x.html")]
    ['index', 'blog/kale-3', None, None]
    """
    if rel == "index.html":
        return "index"
    if rel.endswith("/index.html"):
        return rel[: -len("/index.html")]
    return None


def _underlays() -> list[Path]:
    """The package's underlays this site uses (its ``basewiki`` and the
    ``smiley`` plugin's), found by the ``basewiki/index.mdwn`` it ships."""
    _check_packages()
    files = _run(["dpkg-query", "-L", "ikiwiki"], "dpkg-query -L ikiwiki").splitlines()
    found = [Path(f).parent.parent for f in files if f.endswith("/basewiki/index.mdwn")]
    if not found:
        raise SystemExit("the ikiwiki package has no basewiki/index.mdwn")
    return [found[0] / "basewiki", found[0] / "smiley"]


def ikiwiki_role_of(rel: str, src: Path, underlays: list[Path]) -> str | None:
    """The role of the page ikiwiki wrote at ``rel``, from its source: in
    ``src``, its transient folder (the pages ikiwiki writes) or ``underlays``
    (``None``: not a page, or no source).

    >>> ikiwiki_role_of("images/3.jpg", Path("src"), []) is None
    True
    """
    page = page_of(rel)
    if page is None:
        return None
    for folder in (src, src / ".ikiwiki" / "transient", *underlays):
        source = folder / f"{page}.mdwn"
        if source.is_file():
            text = source.read_text(encoding="utf-8")
            return role_in_source(page, text, underlay=folder in underlays)
    return None


_CLASS = re.compile(r'<(?:div|table|span|nav)\b[^>]*\bclass="([^"]*)"')


def _classes(part: str) -> set[str]:
    return {c for found in _CLASS.findall(part) for c in found.split()}


def role_in_html(html: str) -> str | None:
    """The role a built page's markup shows (``None``: no ``page.tmpl``
    page, or marks that disagree), from the classes in its content area,
    its sidebar and its footer.

    >>> def page(content, sidebar="", footer=""):
    ...     side = f'<div class="sidebar">{sidebar}</div>' if sidebar else ""
    ...     return (f'<div class="page"><div class="pageheader"></div>{side}<div id="pagebody">'
    ...         f'<div id="content" role="main">{content}</div></div><div id="footer" '
    ...         f'class="pagefooter"><div id="pageinfo">{footer}</div></div></div>')
    >>> feed, listed = '<div  class="feedlink"><a>RSS</a></div>', '<div class="archivepage">'
    >>> [role_in_html(page(feed + listed)), role_in_html(page(listed))]
    ['tag', 'archive']
    >>> role_in_html(page(feed + '<div class="inlinepage"><div class="inlineheader">'))
    'blog'
    >>> role_in_html(page('<div class="inlinepage">', '<table class="month-calendar">'))
    'calendar-month'
    >>> role_in_html(page("", '<table class="month-calendar">'))
    'calendar-month'
    >>> role_in_html(page('<div><div class="calendar"><table class="year-calendar">'))
    'calendar-year'
    >>> [role_in_html(page('<div class="map">')), role_in_html(page('<div class="pagecloud">'))]
    ['map', 'tags']
    >>> role_in_html(page(feed + '<div class="recentchanges"><div class="metadata">'))
    'recentchanges'
    >>> [role_in_html(page("<p>Kale</p>", footer='<div class="tags">')), role_in_html(page("<p>"))]
    ['page', 'page']
    >>> role_in_html(page('<div class="map">', footer='<div class="tags">')) is None
    True
    >>> role_in_html("<html><body><p>no page</p></body></html>") is None
    True
    """
    if '<div id="pagebody">' not in html or '<div id="footer"' not in html:
        return None
    head, _, rest = html.partition('<div id="pagebody">')
    content, _, footer = rest.partition('<div id="footer"')
    sidebar = head.partition('class="sidebar"')[2]
    inside, side, below = _classes(content), _classes(sidebar), _classes(footer)
    lists = {"inlinepage", "archivepage", "map", "pagecloud", "recentchanges", "year-calendar"}
    shown = inside & lists
    if "tags" in below:  # a blog post: a page with its tags in the footer
        return "page" if not shown else None
    if "month-calendar" in side:
        return "calendar-month" if shown <= {"inlinepage"} else None  # a month with no posts
    if len(shown) > 1:
        return None
    if not shown:
        return "page"
    kind = shown.pop()
    if kind == "archivepage":
        return "tag" if "feedlink" in inside else "archive"
    if kind == "inlinepage":
        return "blog"
    return {"year-calendar": "calendar-year", "pagecloud": "tags"}.get(kind, kind)


def ikiwiki_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, role) of every page of the ikiwiki site; ``SystemExit``
    if a page's markup shows another role than its source."""
    output = build_ikiwiki(data)
    src, underlays = output.parent / "src", _underlays()
    pages = _html_pages(output, lambda rel: ikiwiki_role_of(rel, src, underlays))
    return agreeing_with_markup(pages, role_in_html, "ikiwiki roles")
