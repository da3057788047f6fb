"""wordpress_classic — a birding club blog on a classic PHP theme ("Saltmarsh").

Imitates an underscores (_s) / Twenty-Twenty-One style theme on WordPress 6.6:
body classes that mix the template with per-page values (``postid-123``,
``category-news``, ``paged-2`` ...), a masthead with a nav menu whose
``current-menu-item`` / ``current-post-ancestor`` classes move from page to page,
a right sidebar of legacy widgets shown or hidden per view (widget visibility
rules), Gutenberg blocks inside ``.entry-content``, threaded comments and the
comment form, post navigation on singles, pagination on listings.

Templates (labels are the theme's PHP template files):

* ``single``  -- single.php: blog posts (with/without comments, some closed).
* ``page``    -- page.php: static pages, full width (no sidebar), one with a
  Contact Form 7 form inside its content.
* ``archive`` -- archive.php: category, tag, author and month archives (excerpts,
  numbered pagination).
* ``index``   -- index.php: the blog home and its /page/N/ (full posts cut at
  the "more" tag, older/newer navigation).
* ``search``  -- search.php: search results (and one "Nothing Found").
* ``404``     -- 404.php.
"""

from __future__ import annotations

import random
from datetime import date

from . import _wp
from ._common import Page, Text, dates_back, esc, fmt_date, record, unique_slugs

HOST = "tidewaterfieldnotes.org"
SITE = "Tidewater Field Notes"
TAGLINE = "Birds, marshes and muddy boots since 1987"
THEME = "saltmarsh"
THEME_VER = "1.2.0"
UPLOADS = "/wp-content/uploads"
NOUNS = [
    "heron",
    "marsh",
    "tide",
    "warbler",
    "osprey",
    "binocular",
    "checklist",
    "shorebird",
    "estuary",
    "dune",
    "nest",
    "sparrow",
    "egret",
    "boardwalk",
    "migration",
    "census",
]

CSS = [
    f"/wp-includes/css/dist/block-library/style.min.css?ver={_wp.WP_VER}",
    "/wp-content/plugins/contact-form-7/includes/css/styles.css?ver=5.9.8",
    "https://fonts.googleapis.com/css2?family=Merriweather:wght@400;700&family=Source+Sans+3:wght@400;600&display=swap",
    f"/wp-content/themes/{THEME}/style.css?ver={THEME_VER}",
]

CATEGORIES = [  # (id, slug, name, description)
    (3, "sightings", "Sightings", "Notable birds reported by members, with dates and places."),
    (4, "trip-reports", "Trip Reports", "Write-ups from club field trips."),
    (5, "club-news", "Club News", ""),
    (6, "gear", "Gear", "Optics, guides, apps and what we actually carry."),
    (7, "conservation", "Conservation", "Habitat work, surveys and advocacy."),
]
TAGS = [
    "herons",
    "owls",
    "migration",
    "photography",
    "beginners",
    "volunteering",
    "shorebirds",
    "winter",
    "banding",
    "citizen-science",
    "warblers",
    "salt-marsh",
]
AUTHORS = [
    (1, "jane", "Jane Brennan"),
    (2, "marcus-okafor", "Marcus Okafor"),
    (5, "aiko", "Aiko Tanaka"),
]


def _head(title: str, extra: str = "", canonical: str = "", layout_style: str = "") -> str:
    links = "\n".join(
        f"<link rel='stylesheet' id='{i}-css' href='{h}' media='all' />"
        for i, h in zip(
            ["wp-block-library", "contact-form-7", f"{THEME}-fonts", f"{THEME}-style"],
            CSS,
            strict=False,
        )
    )
    canon = f'<link rel="canonical" href="https://{HOST}{canonical}" />\n' if canonical else ""
    return f"""<!doctype html>
<html lang="en-US">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="profile" href="https://gmpg.org/xfn/11">
<meta name='robots' content='max-image-preview:large' />
<title>{esc(title)}</title>
<link rel='dns-prefetch' href='//fonts.googleapis.com' />
<link rel="alternate" type="application/rss+xml" title="{SITE} &raquo; Feed" href="https://{HOST}/feed/" />
<link rel="alternate" type="application/rss+xml" title="{SITE} &raquo; Comments Feed" href="https://{HOST}/comments/feed/" />
{extra}<script>window._wpemojiSettings = {{"baseUrl":"https:\\/\\/s.w.org\\/images\\/core\\/emoji\\/15.0.3\\/72x72\\/","ext":".png"}};</script>
<script src="/wp-includes/js/wp-emoji-release.min.js?ver={_wp.WP_VER}" defer></script>
<style id='wp-emoji-styles-inline-css'>img.wp-smiley, img.emoji {{ display: inline !important; border: none !important; height: 1em !important; width: 1em !important; }}</style>
{links}
<style id='classic-theme-styles-inline-css'>.wp-block-button__link{{color:#fff;background-color:#32373c;border-radius:9999px}}</style>
{layout_style}<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>
<link rel="https://api.w.org/" href="https://{HOST}/wp-json/" />
<link rel="EditURI" type="application/rsd+xml" title="RSD" href="https://{HOST}/xmlrpc.php?rsd" />
<meta name="generator" content="WordPress {_wp.WP_VER}" />
{canon}<link rel="icon" href="{UPLOADS}/2021/04/cropped-heron-32x32.png" sizes="32x32" />
</head>
"""


class Site:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.t = Text(self.rng, "en", NOUNS)
        rng, t = self.rng, self.t
        n = rng.randint(24, 32)
        titles = [t.title(3, 8) for _ in range(n)]
        slugs = unique_slugs(titles)
        ds = dates_back(rng, n, date(2024, 5, 26))
        self.posts = []
        pid = 1900
        for i in range(n):
            pid += rng.randint(3, 40)
            ncats = 1 if rng.random() < 0.8 else 2
            cats = rng.sample(CATEGORIES, ncats)
            ncomments = 0 if rng.random() < 0.45 else rng.randint(1, 8)
            self.posts.append(
                {
                    "id": pid,
                    "title": titles[i],
                    "slug": slugs[i],
                    "date": ds[i],
                    "author": rng.choice(AUTHORS),
                    "cats": cats,
                    "tags": rng.sample(TAGS, rng.choice([0, 0, 1, 2, 3, 4])),
                    "format": rng.choice(["standard"] * 8 + ["video", "gallery"]),
                    "thumb": rng.random() < 0.7,
                    "ncomments": ncomments,
                    "open": rng.random() < 0.88 or (ncomments > 0 and rng.random() < 0.5),
                    "sticky": False,
                    "seed": rng.random(),
                }
            )
        # newer posts have higher ids
        for p, pid in zip(
            self.posts, sorted((p["id"] for p in self.posts), reverse=True), strict=False
        ):
            p["id"] = pid
        self.posts[rng.randint(2, 6)]["sticky"] = True
        self.pages = [  # (id, slug path, title, parent id)
            (2, "/about/", "About the Club", 0),
            (7, "/join/", "Join the Club", 0),
            (11, "/field-trips/", "Field Trip Calendar", 0),
            (14, "/about/board/", "Board Members", 2),
            (19, "/resources/county-checklist/", "County Checklist", 23),
            (23, "/resources/", "Resources", 0),
            (3, "/privacy-policy/", "Privacy Policy", 0),
            (31, "/code-of-conduct/", "Field Trip Code of Conduct", 0),
        ][: rng.randint(6, 8)]

    # ------------------------------------------------------------------ chrome
    def menu(self, current: str, post_cats: tuple[int, ...] = ()) -> str:
        items = [
            (101, "custom", "/", "Home", []),
            (102, "taxonomy", "/category/sightings/", "Sightings", []),
            (103, "taxonomy", "/category/trip-reports/", "Trip Reports", []),
            (104, "taxonomy", "/category/club-news/", "Club News", []),
            (
                105,
                "post_type",
                "/about/",
                "About",
                [(108, "/about/board/", "Board Members"), (109, "/field-trips/", "Field Trips")],
            ),
            (106, "post_type", "/join/", "Join", []),
        ]
        cat_ids = {
            "/category/sightings/": 3,
            "/category/trip-reports/": 4,
            "/category/club-news/": 5,
        }
        out = []
        for mid, typ, href, label, children in items:
            obj = {"custom": "custom", "taxonomy": "category", "post_type": "page"}[typ]
            cls = ["menu-item", f"menu-item-type-{typ}", f"menu-item-object-{obj}"]
            if href == "/":
                cls.append("menu-item-home")
            aria = ""
            if href == current:
                cls += ["current-menu-item"] + (["current_page_item"] if typ != "taxonomy" else [])
                aria = ' aria-current="page"'
            elif cat_ids.get(href) in post_cats:
                cls += ["current-post-ancestor", "current-menu-parent", "current-post-parent"]
            sub = ""
            if children:
                cls.append("menu-item-has-children")
                if any(c[1] == current for c in children):
                    cls += [
                        "current-menu-ancestor",
                        "current-menu-parent",
                        "current_page_parent",
                        "current_page_ancestor",
                    ]
                lis = []
                for cid, chref, clabel in children:
                    ccls = (
                        f"menu-item menu-item-type-post_type menu-item-object-page menu-item-{cid}"
                    )
                    caria = ""
                    if chref == current:
                        ccls += " current-menu-item page_item current_page_item"
                        caria = ' aria-current="page"'
                    lis.append(
                        f'<li id="menu-item-{cid}" class="{ccls}"><a href="{chref}"{caria}>{clabel}</a></li>'
                    )
                sub = '<ul class="sub-menu">' + "".join(lis) + "</ul>"
            cls.append(f"menu-item-{mid}")
            out.append(
                f'<li id="menu-item-{mid}" class="{" ".join(cls)}"><a href="{href}"{aria}>{label}</a>{sub}</li>'
            )
        return "".join(out)

    def header(self, current: str, post_cats: tuple[int, ...] = (), front: bool = False) -> str:
        title = (
            f'<h1 class="site-title"><a href="/" rel="home">{SITE}</a></h1>'
            if front
            else f'<p class="site-title"><a href="/" rel="home">{SITE}</a></p>'
        )
        return f"""<div id="page" class="site">
<a class="skip-link screen-reader-text" href="#primary">Skip to content</a>
<header id="masthead" class="site-header">
<div class="site-branding">
<a href="/" class="custom-logo-link" rel="home"><img width="120" height="120" src="{UPLOADS}/2021/04/heron-logo.png" class="custom-logo" alt="{SITE}" decoding="async" /></a>
{title}
<p class="site-description">{TAGLINE}</p>
</div><!-- .site-branding -->
<nav id="site-navigation" class="main-navigation">
<button class="menu-toggle" aria-controls="primary-menu" aria-expanded="false">Primary Menu</button>
<div class="menu-main-container"><ul id="primary-menu" class="menu">{self.menu(current, post_cats)}</ul></div>
</nav><!-- #site-navigation -->
</header><!-- #masthead -->
"""

    def footer(self, scripts: str = "") -> str:
        return f"""<footer id="colophon" class="site-footer">
<nav class="footer-navigation" aria-label="Footer"><ul id="footer-menu" class="menu"><li id="menu-item-120" class="menu-item menu-item-type-post_type menu-item-object-page menu-item-privacy-policy menu-item-120"><a rel="privacy-policy" href="/privacy-policy/">Privacy Policy</a></li><li id="menu-item-121" class="menu-item menu-item-type-custom menu-item-object-custom menu-item-121"><a href="https://www.facebook.com/tidewaterbirds">Facebook</a></li><li id="menu-item-122" class="menu-item menu-item-type-custom menu-item-object-custom menu-item-122"><a href="https://ebird.org/hotspots">eBird</a></li></ul></nav>
<div class="site-info">
<a href="https://wordpress.org/">Proudly powered by WordPress</a>
<span class="sep"> | </span>
Theme: {THEME.capitalize()} by <a href="https://example.net/">Reedbed Studio</a>.
</div><!-- .site-info -->
</footer><!-- #colophon -->
</div><!-- #page -->
<script src="/wp-content/plugins/contact-form-7/includes/swv/js/index.js?ver=5.9.8" id="swv-js"></script>
<script src="/wp-content/themes/{THEME}/js/navigation.js?ver={THEME_VER}" id="{THEME}-navigation-js"></script>
{scripts}</body>
</html>
"""

    # ------------------------------------------------------------------ widgets
    def sidebar(self, widgets: list[str], current_post: int = 0) -> str:
        rng, t = self.rng, self.t
        out = []
        for w in widgets:
            if w == "search":
                out.append(
                    f'<section id="search-2" class="widget widget_search">{_wp.search_form()}</section>'
                )
            elif w == "recent":
                cur = ' aria-current="page"'
                lis = "".join(
                    f'<li><a href="{self.url(p)}"{cur if p["id"] == current_post else ""}>{esc(p["title"])}</a></li>'
                    for p in self.posts[:5]
                )
                out.append(
                    '<section id="recent-posts-2" class="widget widget_recent_entries">'
                    '<h2 class="widget-title">Recent Posts</h2><nav aria-label="Recent Posts"><ul>'
                    f"{lis}</ul></nav></section>"
                )
            elif w == "comments":
                lis = "".join(
                    f'<li class="recentcomments"><span class="comment-author-link">{esc(t.name())}</span> on '
                    f'<a href="{self.url(p)}#comment-{rng.randint(300, 900)}">{esc(p["title"])}</a></li>'
                    for p in [q for q in self.posts if q["ncomments"]][:5]
                )
                out.append(
                    '<section id="recent-comments-2" class="widget widget_recent_comments">'
                    '<h2 class="widget-title">Recent Comments</h2><nav aria-label="Recent Comments">'
                    f'<ul id="recentcomments">{lis}</ul></nav></section>'
                )
            elif w == "archives":
                months = sorted(
                    {(p["date"].year, p["date"].month) for p in self.posts}, reverse=True
                )
                lis = "".join(
                    f"<li><a href='/{y}/{m:02d}/'>{date(y, m, 1).strftime('%B %Y')}</a></li>"
                    for y, m in months
                )
                out.append(
                    '<section id="archives-2" class="widget widget_archive"><h2 class="widget-title">Archives</h2>'
                    f'<nav aria-label="Archives"><ul>{lis}</ul></nav></section>'
                )
            elif w == "categories":
                lis = "".join(
                    f'<li class="cat-item cat-item-{cid}"><a href="/category/{slug}/">{name}</a> ({self.count_cat(cid)})</li>'
                    for cid, slug, name, _ in CATEGORIES
                )
                out.append(
                    '<section id="categories-2" class="widget widget_categories"><h2 class="widget-title">Categories</h2>'
                    f'<nav aria-label="Categories"><ul>{lis}</ul></nav></section>'
                )
            elif w == "tagcloud":
                links = []
                for i, tag in enumerate(sorted(TAGS)):
                    c = sum(tag in p["tags"] for p in self.posts)
                    if not c:
                        continue
                    links.append(
                        f'<a href="/tag/{tag}/" class="tag-cloud-link tag-link-{20 + TAGS.index(tag)} tag-link-position-{i + 1}" '
                        f'style="font-size: {8 + min(c, 8) * 1.6:.1f}pt;" aria-label="{tag} ({c} items)">{tag}</a>'
                    )
                out.append(
                    '<section id="tag_cloud-2" class="widget widget_tag_cloud"><h2 class="widget-title">Tags</h2>'
                    f'<nav aria-label="Tags"><div class="tagcloud">\n{chr(10).join(links)}</div></nav></section>'
                )
            elif w == "meeting":
                out.append(
                    '<section id="text-3" class="widget widget_text"><h2 class="widget-title">Next Meeting</h2>'
                    f'<div class="textwidget"><p><strong>{fmt_date(date(2024, 6, rng.randint(3, 27)))}</strong>, 7pm at the '
                    f"Nature Center. {esc(t.sentence())}</p></div></section>"
                )
        return (
            '<aside id="secondary" class="widget-area">\n'
            + "\n".join(out)
            + "\n</aside><!-- #secondary -->\n"
        )

    # ------------------------------------------------------------------ helpers
    def url(self, p: dict) -> str:
        return f"/{p['date'].year}/{p['date'].month:02d}/{p['slug']}/"

    def count_cat(self, cid: int) -> int:
        return sum(any(c[0] == cid for c in p["cats"]) for p in self.posts)

    def post_classes(self, p: dict) -> str:
        cls = [f"post-{p['id']}", "post", "type-post", "status-publish", f"format-{p['format']}"]
        if p["thumb"]:
            cls.append("has-post-thumbnail")
        if p["sticky"]:
            cls.append("sticky")
        cls.append("hentry")
        cls += [f"category-{c[1]}" for c in p["cats"]]
        cls += [f"tag-{tg}" for tg in p["tags"]]
        return " ".join(cls)

    def entry_meta(self, p: dict) -> str:
        d = p["date"]
        _aid, nice, name = p["author"]
        return (
            '<div class="entry-meta"><span class="posted-on">Posted on '
            f'<a href="{self.url(p)}" rel="bookmark"><time class="entry-date published updated" '
            f'datetime="{d.isoformat()}T08:{self.rng.randint(10, 59)}:00-04:00">{fmt_date(d)}</time></a></span>'
            f'<span class="byline"> by <span class="author vcard"><a class="url fn n" href="/author/{nice}/">{name}</a></span></span>'
            "</div><!-- .entry-meta -->"
        )

    def cat_links(self, p: dict) -> str:
        cats = ", ".join(
            f'<a href="/category/{c[1]}/" rel="category tag">{c[2]}</a>' for c in p["cats"]
        )
        s = f'<span class="cat-links">Posted in {cats}</span>'
        if p["tags"]:
            s += (
                '<span class="tags-links">Tagged '
                + ", ".join(f'<a href="/tag/{tg}/" rel="tag">{tg}</a>' for tg in p["tags"])
                + "</span>"
            )
        return s

    def comments_link(self, p: dict) -> str:
        if not p["open"] and not p["ncomments"]:
            return ""
        n = p["ncomments"]
        label = "Leave a Comment" if n == 0 else (f"{n} Comment" if n == 1 else f"{n} Comments")
        frag = "#respond" if n == 0 else "#comments"
        return (
            f'<span class="comments-link"><a href="{self.url(p)}{frag}">{label}'
            f'<span class="screen-reader-text"> on {esc(p["title"])}</span></a></span>'
        )

    def thumb(self, p: dict, size: str = "post-thumbnail") -> str:
        w, h = (1200, 675) if size == "post-thumbnail" else (300, 169)
        src = f"{UPLOADS}/{p['date'].year}/{p['date'].month:02d}/{p['slug'][:20]}-{w}x{h}.jpg"
        img = (
            f'<img width="{w}" height="{h}" src="{src}" class="attachment-{size} size-{size} wp-post-image" '
            f'alt="" decoding="async" loading="lazy" />'
        )
        if size == "post-thumbnail":
            return f'<div class="post-thumbnail">{img}</div><!-- .post-thumbnail -->'
        return f'<a class="post-thumbnail" href="{self.url(p)}" aria-hidden="true" tabindex="-1">{img}</a>'

    def body_of(self, p: dict, lay: _wp.Layout) -> str:
        r = random.Random(p["id"])
        t = Text(r, "en", NOUNS)
        lo, hi = (2, 5) if r.random() < 0.3 else (4, 18)
        return _wp.content_blocks(
            r,
            t,
            lay,
            uploads=UPLOADS,
            year=p["date"].year,
            lo=lo,
            hi=hi,
            code_ok=any(c[1] == "gear" for c in p["cats"]),
        )

    def excerpt(self, p: dict) -> str:
        r = random.Random(p["id"] * 7)
        t = Text(r, "en", NOUNS)
        words = t.para(2, 4).split()[:55]
        return " ".join(words) + " &hellip;"

    def pagination(self, base: str, page: int, pages: int) -> str:
        if pages <= 1:
            return ""
        parts = []
        if page > 1:
            prev = base if page == 2 else f"{base}page/{page - 1}/"
            parts.append(f'<a class="prev page-numbers" href="{prev}">Previous</a>')
        for i in range(1, pages + 1):
            if i == page:
                parts.append(f'<span aria-current="page" class="page-numbers current">{i}</span>')
            else:
                href = base if i == 1 else f"{base}page/{i}/"
                parts.append(f'<a class="page-numbers" href="{href}">{i}</a>')
        if page < pages:
            parts.append(f'<a class="next page-numbers" href="{base}page/{page + 1}/">Next</a>')
        return (
            '<nav class="navigation pagination" aria-label="Posts">\n<h2 class="screen-reader-text">Posts navigation</h2>\n'
            f'<div class="nav-links">{"".join(parts)}</div>\n</nav>'
        )

    # ------------------------------------------------------------------ comments
    def comments(self, p: dict) -> str:
        r = random.Random(p["id"] * 3)
        t = Text(r, "en", NOUNS)
        n = p["ncomments"]
        if not n and not p["open"]:
            return ""
        out = ['<div id="comments" class="comments-area">']
        if n:
            title = (
                f"One thought on &ldquo;<span>{esc(p['title'])}</span>&rdquo;"
                if n == 1
                else f"{n} thoughts on &ldquo;<span>{esc(p['title'])}</span>&rdquo;"
            )
            out.append(f'<h2 class="comments-title">{title}</h2><!-- .comments-title -->')
            cid = [r.randint(400, 800)]
            d = p["date"]

            def one(depth: int, parity: list[int], by_author: bool) -> str:
                cid[0] += r.randint(1, 9)
                c = cid[0]
                parity[0] += 1
                even = "even" if parity[0] % 2 else "odd"
                thread = f"thread-{even} " if depth == 1 else ""
                extra = " bypostauthor byuser comment-author-" + p["author"][1] if by_author else ""
                name = p["author"][2] if by_author else t.name()
                replies = ""
                if depth < 3 and r.random() < 0.3:
                    replies = (
                        '<ol class="children">'
                        + one(depth + 1, parity, r.random() < 0.5)
                        + "</ol><!-- .children -->"
                    )
                reply = (
                    ""
                    if not p["open"]
                    else f'<div class="reply"><a rel="nofollow" class="comment-reply-link" href="#comment-{c}" '
                    f'data-commentid="{c}" data-postid="{p["id"]}" data-belowelement="div-comment-{c}" '
                    f'data-respondelement="respond" aria-label="Reply to {esc(name)}">Reply</a></div>'
                )
                return (
                    f'<li id="comment-{c}" class="comment{extra} {even} {thread}depth-{depth}{" parent" if replies else ""}">'
                    f'<article id="div-comment-{c}" class="comment-body"><footer class="comment-meta">'
                    f'<div class="comment-author vcard">{_wp.avatar(r, 32)}<b class="fn">{esc(name)}</b> <span class="says">says:</span></div>'
                    f'<div class="comment-metadata"><a href="{self.url(p)}#comment-{c}"><time datetime="{d.isoformat()}T19:02:11-04:00">'
                    f"{fmt_date(d)} at {r.randint(1, 12)}:{r.randint(0, 59):02d} pm</time></a></div></footer>"
                    f'<div class="comment-content">'
                    + "".join(f"<p>{esc(t.para(1, 3))}</p>" for _ in range(r.randint(1, 2)))
                    + f"</div>{reply}</article>{replies}</li><!-- #comment-## -->"
                )

            parity = [0]
            lis = "".join(one(1, parity, r.random() < 0.15) for _ in range(max(1, n - n // 3)))
            out.append(f'<ol class="comment-list">{lis}</ol><!-- .comment-list -->')
            if not p["open"]:
                out.append('<p class="no-comments">Comments are closed.</p>')
        if p["open"]:
            out.append(_wp.comment_form(p["id"]))
        out.append("</div><!-- #comments -->")
        return "\n".join(out)

    # ------------------------------------------------------------------ templates
    def single(self, i: int) -> Page:
        p = self.posts[i]
        lay = _wp.Layout()
        content = self.body_of(p, lay)
        prev_p = self.posts[i + 1] if i + 1 < len(self.posts) else None
        next_p = self.posts[i - 1] if i > 0 else None
        nav = ""
        if prev_p or next_p:
            links = ""
            if prev_p:
                links += (
                    f'<div class="nav-previous"><a href="{self.url(prev_p)}" rel="prev"><span class="nav-subtitle">'
                    f'Previous:</span> <span class="nav-title">{esc(prev_p["title"])}</span></a></div>'
                )
            if next_p:
                links += (
                    f'<div class="nav-next"><a href="{self.url(next_p)}" rel="next"><span class="nav-subtitle">'
                    f'Next:</span> <span class="nav-title">{esc(next_p["title"])}</span></a></div>'
                )
            nav = (
                '<nav class="navigation post-navigation" aria-label="Posts">\n<h2 class="screen-reader-text">Post navigation</h2>\n'
                f'<div class="nav-links">{links}</div>\n</nav>'
            )
        body_cls = (
            f"post-template-default single single-post postid-{p['id']} single-format-{p['format']} "
            "wp-custom-logo wp-embed-responsive"
        )
        widgets = ["search", "recent", "categories", "tagcloud"] + (
            ["comments"] if p["ncomments"] else []
        )
        url = self.url(p)
        main = f"""<main id="primary" class="site-main">
<article id="post-{p["id"]}" class="{self.post_classes(p)}">
<header class="entry-header">
<h1 class="entry-title">{esc(p["title"])}</h1>
{self.entry_meta(p)}
</header><!-- .entry-header -->
{self.thumb(p) if p["thumb"] else ""}
<div class="entry-content">
{content}
</div><!-- .entry-content -->
<footer class="entry-footer">{self.cat_links(p)}</footer><!-- .entry-footer -->
</article><!-- #post-{p["id"]} -->
{nav}
{self.comments(p)}
</main><!-- #main -->
"""
        scripts = (
            (
                f'<script src="/wp-includes/js/comment-reply.min.js?ver={_wp.WP_VER}" id="comment-reply-js" async '
                'data-wp-strategy="async"></script>\n'
            )
            if p["open"]
            else ""
        )
        extra = (
            f'<link rel="alternate" type="application/rss+xml" title="{SITE} &raquo; {esc(p["title"])} Comments Feed" '
            f'href="https://{HOST}{url}feed/" />\n<link rel="shortlink" href="https://{HOST}/?p={p["id"]}" />\n'
        )
        doc = (
            _head(
                f"{p['title']} &#8211; {SITE}".replace("&#8211;", "–"),
                extra,
                url,
                lay.style() if lay.rules else "",
            )
            + f'<body class="{body_cls}">\n'
            + self.header("", tuple(c[0] for c in p["cats"]))
            + main
            + self.sidebar(widgets, p["id"])
            + self.footer(scripts)
        )
        return record(HOST, url, doc, CSS), "single"

    def page(self, pg: tuple) -> Page:
        pid, path, title, parent = pg
        r = random.Random(pid * 11 + self.rng.randint(0, 3))
        t = Text(r, "en", NOUNS)
        lay = _wp.Layout()
        if path == "/join/":
            content = (
                f'<p>{esc(t.para(2, 4))}</p>\n<h2 class="wp-block-heading">Membership levels</h2>\n'
                '<ul class="wp-block-list"><li>Individual &#8211; $25 / year</li><li>Family &#8211; $40 / year</li>'
                "<li>Student &#8211; free</li></ul>\n"
                f'<div class="wpcf7 no-js" id="wpcf7-f88-p{pid}-o1" lang="en-US" dir="ltr">'
                '<div class="screen-reader-response"><p role="status" aria-live="polite" aria-atomic="true"></p><ul></ul></div>'
                f'<form action="/join/#wpcf7-f88-p{pid}-o1" method="post" class="wpcf7-form init" aria-label="Contact form" novalidate="novalidate" data-status="init">'
                '<div style="display: none;"><input type="hidden" name="_wpcf7" value="88" /><input type="hidden" name="_wpcf7_version" value="5.9.8" />'
                f'<input type="hidden" name="_wpcf7_unit_tag" value="wpcf7-f88-p{pid}-o1" /></div>'
                '<p><label> Your name<br /><span class="wpcf7-form-control-wrap" data-name="your-name"><input size="40" maxlength="400" class="wpcf7-form-control wpcf7-text wpcf7-validates-as-required" autocomplete="name" aria-required="true" aria-invalid="false" value="" type="text" name="your-name" /></span></label></p>'
                '<p><label> Your email<br /><span class="wpcf7-form-control-wrap" data-name="your-email"><input size="40" maxlength="400" class="wpcf7-form-control wpcf7-email wpcf7-validates-as-required wpcf7-text wpcf7-validates-as-email" autocomplete="email" aria-required="true" aria-invalid="false" value="" type="email" name="your-email" /></span></label></p>'
                '<p><label> Membership<br /><span class="wpcf7-form-control-wrap" data-name="level"><select class="wpcf7-form-control wpcf7-select" aria-invalid="false" name="level"><option value="Individual">Individual</option><option value="Family">Family</option><option value="Student">Student</option></select></span></label></p>'
                '<p><label> Message (optional)<br /><span class="wpcf7-form-control-wrap" data-name="your-message"><textarea cols="40" rows="10" maxlength="2000" class="wpcf7-form-control wpcf7-textarea" aria-invalid="false" name="your-message"></textarea></span></label></p>'
                '<p><input class="wpcf7-form-control wpcf7-submit has-spinner" type="submit" value="Send" /></p>'
                '<div class="wpcf7-response-output" aria-hidden="true"></div></form></div>'
            )
        elif path == "/resources/county-checklist/":
            species = [t.words(2, 3).title() for _ in range(r.randint(40, 90))]
            content = (
                f"<p>{esc(t.para(1, 3))}</p>\n"
                + '<figure class="wp-block-table is-style-stripes"><table><thead><tr><th>Species</th>'
                "<th>Status</th><th>Season</th></tr></thead><tbody>"
                + "".join(
                    f"<tr><td>{esc(s)}</td><td>{r.choice(['Common', 'Uncommon', 'Rare', 'Accidental'])}</td>"
                    f"<td>{r.choice(['Year-round', 'Winter', 'Summer', 'Migration'])}</td></tr>"
                    for s in species
                )
                + "</tbody></table></figure>"
            )
        elif path == "/field-trips/":
            rows = "".join(
                f"<tr><td>{fmt_date(date(2024, r.randint(6, 11), r.randint(1, 28)))}</td><td>{esc(t.title(2, 4))}</td>"
                f"<td>{esc(t.name())}</td></tr>"
                for _ in range(r.randint(5, 12))
            )
            content = (
                f'<p>{esc(t.para(2, 5))}</p>\n<figure class="wp-block-table"><table class="has-fixed-layout"><thead><tr>'
                f"<th>Date</th><th>Trip</th><th>Leader</th></tr></thead><tbody>{rows}</tbody></table></figure>\n"
                + _wp.content_blocks(
                    r, t, lay, uploads=UPLOADS, year=2024, lo=1, hi=4, code_ok=False
                )
            )
        elif path == "/resources/":
            content = (
                f'<p>{esc(t.para(1, 3))}</p>\n<ul class="wp-block-page-list">'
                '<li class="wp-block-pages-list__item"><a class="wp-block-pages-list__item__link" href="/resources/county-checklist/">County Checklist</a></li>'
                '<li class="wp-block-pages-list__item"><a class="wp-block-pages-list__item__link" href="/code-of-conduct/">Field Trip Code of Conduct</a></li></ul>'
            )
        else:
            content = _wp.content_blocks(
                r, t, lay, uploads=UPLOADS, year=2023, lo=2, hi=12, code_ok=False
            )
        body_cls = f"page-template-default page page-id-{pid}"
        if parent:
            body_cls += f" page-child parent-pageid-{parent}"
        if path == "/privacy-policy/":
            body_cls = "privacy-policy " + body_cls
        body_cls += " wp-custom-logo wp-embed-responsive no-sidebar"
        main = f"""<main id="primary" class="site-main">
<article id="post-{pid}" class="post-{pid} page type-page status-publish hentry">
<header class="entry-header">
<h1 class="entry-title">{esc(title)}</h1>
</header><!-- .entry-header -->
<div class="entry-content">
{content}
</div><!-- .entry-content -->
</article><!-- #post-{pid} -->
</main><!-- #main -->
"""
        css = CSS
        doc = (
            _head(
                f"{title} – {SITE}",
                f'<link rel="shortlink" href="https://{HOST}/?p={pid}" />\n',
                path,
                lay.style() if lay.rules else "",
            )
            + f'<body class="{body_cls}">\n'
            + self.header(path)
            + main
            + self.footer()
        )
        return record(HOST, path, doc, css), "page"

    def listing_item(self, p: dict) -> str:
        return f"""<article id="post-{p["id"]}" class="{self.post_classes(p)}">
<header class="entry-header">
<h2 class="entry-title"><a href="{self.url(p)}" rel="bookmark">{esc(p["title"])}</a></h2>
{self.entry_meta(p)}
</header><!-- .entry-header -->
{self.thumb(p, "medium") if p["thumb"] else ""}
<div class="entry-summary">
<p>{self.excerpt(p)}</p>
</div><!-- .entry-summary -->
<footer class="entry-footer">{self.cat_links(p)}{self.comments_link(p)}</footer><!-- .entry-footer -->
</article><!-- #post-{p["id"]} -->
"""

    def archive(self, kind: str, key, page: int) -> Page:
        per = 10
        if kind == "category":
            cid, slug, name, desc = key
            posts = [p for p in self.posts if any(c[0] == cid for c in p["cats"])]
            base, title = f"/category/{slug}/", f"Category: <span>{name}</span>"
            body = f"archive category category-{slug} category-{cid}"
            current = base
        elif kind == "tag":
            slug = key
            posts = [p for p in self.posts if slug in p["tags"]]
            base, title, desc = f"/tag/{slug}/", f"Tag: <span>{slug}</span>", ""
            body = f"archive tag tag-{slug} tag-{20 + TAGS.index(slug)}"
            current = base
        elif kind == "author":
            aid, nice, name = key
            posts = [p for p in self.posts if p["author"][0] == aid]
            base, title = f"/author/{nice}/", f'Author: <span class="vcard">{name}</span>'
            desc = self.t.para(1, 2) if aid != 5 else ""
            body = f"archive author author-{nice} author-{aid}"
            current = base
        else:  # month
            y, m = key
            posts = [p for p in self.posts if (p["date"].year, p["date"].month) == (y, m)]
            base, title, desc = (
                f"/{y}/{m:02d}/",
                f"Month: <span>{date(y, m, 1).strftime('%B %Y')}</span>",
                "",
            )
            body = "archive date"
            current = base
        pages = max(1, -(-len(posts) // per))
        chunk = posts[(page - 1) * per : page * per]
        if page > 1:
            body += f" paged paged-{page}" + (
                f" category-paged-{page}" if kind == "category" else ""
            )
        body += " wp-custom-logo wp-embed-responsive hfeed"
        url = base if page == 1 else f"{base}page/{page}/"
        desc_html = (
            f'<div class="archive-description"><p>{esc(desc)}</p>\n</div>'
            if desc and page == 1
            else ""
        )
        main = f"""<main id="primary" class="site-main">
<header class="page-header">
<h1 class="page-title">{title}</h1>{desc_html}
</header><!-- .page-header -->
{"".join(self.listing_item(p) for p in chunk)}
{self.pagination(base, page, pages)}
</main><!-- #main -->
"""
        widgets = ["search", "categories", "archives"] + ([] if kind == "tag" else ["tagcloud"])
        plain = (
            title.replace("<span>", "").replace("</span>", "").replace('<span class="vcard">', "")
        )
        doc = (
            _head(f"{plain.split(': ', 1)[1]} &#8211; {SITE}".replace("&#8211;", "–"), "", url)
            + f'<body class="{body}">\n'
            + self.header(current)
            + main
            + self.sidebar(widgets)
            + self.footer()
        )
        return record(HOST, url, doc, CSS), "archive"

    def home(self, page: int) -> Page:
        per = 6
        posts = (
            sorted(self.posts, key=lambda p: not p["sticky"])
            if page == 1
            else [p for p in self.posts if not p["sticky"]]
        )
        pages = -(-len(posts) // per)
        chunk = posts[(page - 1) * per : page * per]
        items = []
        for p in chunk:
            r = random.Random(p["id"])
            lay = _wp.Layout()
            full = self.body_of(p, lay).split("\n")
            cut = full[: max(1, min(len(full), r.randint(1, 3)))]
            more = (
                (
                    f'<p><a href="{self.url(p)}#more-{p["id"]}" class="more-link">Continue reading<span class="screen-reader-text"> '
                    f'"{esc(p["title"])}"</span> <span class="meta-nav">&rarr;</span></a></p>'
                )
                if len(full) > len(cut)
                else ""
            )
            items.append(f"""<article id="post-{p["id"]}" class="{self.post_classes(p)}">
<header class="entry-header">
<h2 class="entry-title"><a href="{self.url(p)}" rel="bookmark">{esc(p["title"])}</a></h2>
{self.entry_meta(p)}
</header><!-- .entry-header -->
{self.thumb(p) if p["thumb"] else ""}
<div class="entry-content">
{chr(10).join(cut)}
{more}
</div><!-- .entry-content -->
<footer class="entry-footer">{self.cat_links(p)}{self.comments_link(p)}</footer><!-- .entry-footer -->
</article><!-- #post-{p["id"]} -->
""")
        nav_links = ""
        if page < pages:
            nav_links += (
                f'<div class="nav-previous"><a href="/page/{page + 1}/">Older posts</a></div>'
            )
        if page > 1:
            nav_links += f'<div class="nav-next"><a href="{"/" if page == 2 else f"/page/{page - 1}/"}">Newer posts</a></div>'
        nav = (
            '<nav class="navigation posts-navigation" aria-label="Posts">\n<h2 class="screen-reader-text">Posts navigation</h2>\n'
            f'<div class="nav-links">{nav_links}</div>\n</nav>'
        )
        main = f"""<main id="primary" class="site-main">
{"".join(items)}
{nav}
</main><!-- #main -->
"""
        url = "/" if page == 1 else f"/page/{page}/"
        body = (
            "home blog"
            + (f" paged paged-{page}" if page > 1 else "")
            + " wp-custom-logo wp-embed-responsive hfeed"
        )
        widgets = (
            ["search", "meeting", "comments", "archives", "categories"]
            if page == 1
            else ["search", "archives", "categories"]
        )
        title = f"{SITE} – {TAGLINE}" if page == 1 else f"{SITE} – Page {page}"
        doc = (
            _head(title, "", url)
            + f'<body class="{body}">\n'
            + self.header("/" if page == 1 else "", front=page == 1)
            + main
            + self.sidebar(widgets)
            + self.footer()
        )
        return record(HOST, url, doc, CSS), "index"

    def search(self, term: str) -> Page:
        hits = [p for p in self.posts if term in p["title"].lower() or term in " ".join(p["tags"])]
        page_hits = [pg for pg in self.pages if term in pg[2].lower()]
        items = []
        for pg in page_hits:
            pid, path, title, _ = pg
            r = random.Random(pid)
            items.append(f"""<article id="post-{pid}" class="post-{pid} page type-page status-publish hentry">
<header class="entry-header">
<h2 class="entry-title"><a href="https://{HOST}{path}" rel="bookmark">{esc(title)}</a></h2>
</header><!-- .entry-header -->
<div class="entry-summary">
<p>{esc(Text(r, "en", NOUNS).para(1, 2))} &hellip;</p>
</div><!-- .entry-summary -->
<footer class="entry-footer"></footer><!-- .entry-footer -->
</article><!-- #post-{pid} -->
""")
        for p in hits[:10]:
            items.append(f"""<article id="post-{p["id"]}" class="{self.post_classes(p)}">
<header class="entry-header">
<h2 class="entry-title"><a href="https://{HOST}{self.url(p)}" rel="bookmark">{esc(p["title"])}</a></h2>
{self.entry_meta(p)}
</header><!-- .entry-header -->
{self.thumb(p, "medium") if p["thumb"] else ""}
<div class="entry-summary">
<p>{self.excerpt(p)}</p>
</div><!-- .entry-summary -->
<footer class="entry-footer">{self.cat_links(p)}{self.comments_link(p)}</footer><!-- .entry-footer -->
</article><!-- #post-{p["id"]} -->
""")
        if items:
            inner = (
                f'<header class="page-header">\n<h1 class="page-title">Search Results for: <span>{esc(term)}</span></h1>\n'
                f"</header><!-- .page-header -->\n{''.join(items)}"
            )
            if len(hits) + len(page_hits) > 10:
                inner += (
                    '<nav class="navigation posts-navigation" aria-label="Posts"><h2 class="screen-reader-text">Posts navigation</h2>'
                    f'<div class="nav-links"><div class="nav-previous"><a href="/search/{term}/page/2/">Older posts</a></div></div></nav>'
                )
            body = "search search-results"
        else:
            inner = (
                '<section class="no-results not-found">\n<header class="page-header">\n<h1 class="page-title">Nothing Found</h1>\n'
                '</header><!-- .page-header -->\n<div class="page-content">\n<p>Sorry, but nothing matched your search terms. '
                f"Please try again with some different keywords.</p>\n{_wp.search_form()}\n</div><!-- .page-content -->\n"
                "</section><!-- .no-results -->"
            )
            body = "search search-no-results"
        url = f"/search/{term.replace(' ', '+')}/"
        main = f'<main id="primary" class="site-main">\n{inner}\n</main><!-- #main -->\n'
        doc = (
            _head(
                f"Search Results for &#8220;{term}&#8221; &#8211; {SITE}",
                '<meta name="robots" content="noindex, follow" />\n',
            )
            + f'<body class="{body} wp-custom-logo wp-embed-responsive hfeed">\n'
            + self.header("")
            + main
            + self.sidebar(["recent", "categories"])
            + self.footer()
        )
        return record(HOST, url, doc, CSS), "search"

    def not_found(self, path: str) -> Page:
        main = f"""<main id="primary" class="site-main">
<section class="error-404 not-found">
<header class="page-header">
<h1 class="page-title">Oops! That page can&rsquo;t be found.</h1>
</header><!-- .page-header -->
<div class="page-content">
<p>It looks like nothing was found at this location. Maybe try one of the links below or a search?</p>
{_wp.search_form()}
<div class="widget widget_recent_entries"><h2 class="widgettitle">Recent Posts</h2><nav aria-label="Recent Posts"><ul>{"".join(f'<li><a href="{self.url(p)}">{esc(p["title"])}</a></li>' for p in self.posts[:5])}</ul></nav></div>
<div class="widget widget_categories">
<h2 class="widget-title">Most Used Categories</h2>
<ul>{"".join(f'<li class="cat-item cat-item-{c[0]}"><a href="/category/{c[1]}/">{c[2]}</a> ({self.count_cat(c[0])})</li>' for c in sorted(CATEGORIES, key=lambda c: -self.count_cat(c[0])))}</ul>
</div><!-- .widget -->
<div class="widget widget_archive"><h2 class="widgettitle">Archives</h2><p>Try looking in the monthly archives. &#x1f642;</p>
<label class="screen-reader-text" for="archives-dropdown--1">Archives</label>
<select id="archives-dropdown--1" name="archive-dropdown"><option value="">Select Month</option>{"".join(f"<option value='https://{HOST}/{y}/{m:02d}/'> {date(y, m, 1).strftime('%B %Y')} </option>" for y, m in sorted({(p["date"].year, p["date"].month) for p in self.posts}, reverse=True))}</select>
</div>
</div><!-- .page-content -->
</section><!-- .error-404 -->
</main><!-- #main -->
"""
        doc = (
            _head(f"Page not found &#8211; {SITE}")
            + '<body class="error404 wp-custom-logo wp-embed-responsive hfeed">\n'
            + self.header("")
            + main
            + self.sidebar(["search", "recent"])
            + self.footer()
        )
        return record(HOST, path, doc, CSS), "404"


def build(seed: int = 0) -> list[Page]:
    s = Site(seed)
    rng = s.rng
    out: list[Page] = []
    out.append(s.home(1))
    home_pages = -(-(len(s.posts) - 1) // 6)
    for pg in range(2, min(home_pages, 3) + 1):
        out.append(s.home(pg))
    for i in range(len(s.posts)):
        out.append(s.single(i))
    for pg in s.pages:
        out.append(s.page(pg))
    for cat in CATEGORIES:
        n = s.count_cat(cat[0])
        if not n:
            continue
        out.append(s.archive("category", cat, 1))
        if n > 10:
            out.append(s.archive("category", cat, 2))
    used = [tg for tg in TAGS if any(tg in p["tags"] for p in s.posts)]
    for tg in rng.sample(used, min(4, len(used))):
        out.append(s.archive("tag", tg, 1))
    for a in AUTHORS[:2]:
        out.append(s.archive("author", a, 1))
    months = sorted({(p["date"].year, p["date"].month) for p in s.posts}, reverse=True)
    for ym in months[:2]:
        out.append(s.archive("month", ym, 1))
    for term in ["heron", "marsh", rng.choice(["osprey", "checklist", "warbler"]), "puffin"]:
        out.append(s.search(term))
    out.append(s.not_found("/2019/07/old-banding-schedule/"))
    out.append(s.not_found("/wp-content/uploads/2018/newsletter.pdf"))
    return out
