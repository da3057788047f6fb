"""wordpress_blocks — an architecture studio journal on Twenty Twenty-Four.

Imitates a WordPress 6.6 block (full-site-editing) theme: every region is a
``div.wp-block-group.has-global-padding.is-layout-constrained`` or a flex group
carrying a per-request numbered ``wp-container-core-group-is-layout-N`` class
(the numbers shift with the content of each page, header and footer
included), header and footer are ``wp-block-template-part`` and the templates
differ only inside ``<main class="wp-block-group">``. Per-block stylesheets are
linked only when a page uses the block (navigation always; image and gallery
when the content has them), as WordPress does for block themes.

Templates (labels are the theme's block template files):

* ``single``  -- single.html: posts (title, meta row, featured image, content,
  tags, post navigation, comments block).
* ``page``    -- page.html: static pages.
* ``home``    -- home.html: the blog front page and /page/N/ (heading + 3-column
  query loop + query pagination).
* ``archive`` -- archive.html: category / tag / author archives (query title +
  optional term description + the same query loop).
* ``search``  -- search.html: /?s= results (query title, search block, loop or
  "no results").
* ``404``     -- 404.html.
"""

from __future__ import annotations

import random
from datetime import date

from . import _wp
from ._common import Page, Text, dates_back, esc, fmt_date, record, unique_slugs

HOST = "northfold.studio"
SITE = "Northfold"
TAGLINE = "Architecture and interiors for small places"
THEME_DIR = "/wp-content/themes/twentytwentyfour"
UPLOADS = "/wp-content/uploads"
NOUNS = [
    "timber",
    "facade",
    "courtyard",
    "staircase",
    "roof",
    "cabin",
    "studio",
    "plan",
    "daylight",
    "renovation",
    "site",
    "brick",
    "model",
    "sketch",
    "kitchen",
    "terrace",
]
ARIA = ' aria-current="page"'
NAV_CSS = f"/wp-includes/blocks/navigation/style.min.css?ver={_wp.WP_VER}"
IMAGE_CSS = f"/wp-includes/blocks/image/style.min.css?ver={_wp.WP_VER}"
GALLERY_CSS = f"/wp-includes/blocks/gallery/style.min.css?ver={_wp.WP_VER}"

CATS = [
    (4, "process", "Process", "How a project moves from first sketch to handover."),
    (5, "projects", "Projects", ""),
    (6, "studio-life", "Studio Life", "People, places and lunches."),
    (7, "materials", "Materials", "Notes on timber, lime, brick and what lasts."),
]
TAGS = ["timber", "retrofit", "daylight", "competition", "interiors", "landscape", "passive-house"]
MENU = [
    ("/projects/", "Projects"),
    ("/journal/", "Journal"),
    ("/about/", "About"),
    ("/contact/", "Contact"),
]


class Site:
    def __init__(self, seed: int) -> None:
        self.rng = rng = random.Random(seed + 1000)
        self.t = Text(rng, "en", NOUNS)
        n = rng.randint(14, 20)
        titles = [self.t.title(2, 6) for _ in range(n)]
        slugs = unique_slugs(titles)
        ds = dates_back(rng, n, date(2024, 4, 30))
        self.posts = []
        pid = 300
        for i in range(n):
            pid += rng.randint(2, 25)
            self.posts.append(
                {
                    "id": pid,
                    "title": titles[i],
                    "slug": slugs[i],
                    "date": ds[i],
                    "cat": rng.choice(CATS),
                    "tags": rng.sample(TAGS, rng.choice([0, 1, 1, 2, 3])),
                    "thumb": rng.random() < 0.85,
                    "ncomments": 0 if rng.random() < 0.6 else rng.randint(1, 4),
                    "author": rng.choice(["Ingrid Sol", "Tomasz Wren"]),
                }
            )
        # newer posts have higher ids
        for p, pid in zip(
            self.posts, sorted((p["id"] for p in self.posts), reverse=True), strict=False
        ):
            p["id"] = pid
        self.pages = [
            (2, "/about/", "About"),
            (9, "/contact/", "Contact"),
            (12, "/projects/", "Projects"),
            (15, "/projects/harbour-house/", "Harbour House"),
            (17, "/projects/the-long-barn/", "The Long Barn"),
            (21, "/services/", "Services"),
        ][: rng.randint(5, 6)]

    # ---------------------------------------------------------------- chrome
    def head(self, title: str, css: list[str], lay: _wp.Layout, extra_inline: list[str]) -> str:
        inline = "".join(
            f"<style id='wp-block-{b}-inline-css'>\n.wp-block-{b}{{box-sizing:border-box}}\n</style>\n"
            for b in [
                "site-logo",
                "site-title",
                "group",
                "button",
                *extra_inline,
                "paragraph",
                "site-tagline",
            ]
        )
        links = "".join(
            f"<link rel='stylesheet' id='{h.split('/blocks/')[1].split('/')[0]}-css' href='{h}' media='all' />\n"
            for h in css
        )
        return f"""<!DOCTYPE html>
<html lang="en-US">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name='robots' content='max-image-preview:large' />
<title>{esc(title)}</title>
<link rel="alternate" type="application/rss+xml" title="{SITE} &raquo; Feed" href="https://{HOST}/feed/" />
<script>window._wpemojiSettings = {{"baseUrl":"https:\\/\\/s.w.org\\/images\\/core\\/emoji\\/15.0.3\\/72x72\\/"}};</script>
{inline}{links}<style id='global-styles-inline-css'>
:root{{--wp--preset--color--base: #f9f9f9;--wp--preset--color--contrast: #111111;--wp--preset--color--accent: #cfcabe;--wp--preset--font-family--body: "Inter", sans-serif;--wp--preset--spacing--50: clamp(1.5rem, 5vw, 2rem);}}
</style>
{lay.style()}<style id='wp-block-template-skip-link-inline-css'>.skip-link.screen-reader-text{{border:0;clip:rect(1px,1px,1px,1px);height:1px;overflow:hidden;position:absolute !important;width:1px}}</style>
<link rel="https://api.w.org/" href="https://{HOST}/wp-json/" />
<meta name="generator" content="WordPress {_wp.WP_VER}" />
<style class='wp-fonts-local'>@font-face{{font-family:Inter;font-style:normal;font-weight:300 900;font-display:fallback;src:url('{THEME_DIR}/assets/fonts/inter/Inter-VariableFont_slnt,wght.woff2') format('woff2');}}</style>
</head>
"""

    def header(self, lay: _wp.Layout, current: str) -> str:
        items = []
        for href, label in MENU:
            cur = current == href
            items.append(
                f'<li class=" wp-block-navigation-item{" current-menu-item" if cur else ""} wp-block-navigation-link">'
                f'<a class="wp-block-navigation-item__content" href="{href}"{ARIA if cur else ""}>'
                f'<span class="wp-block-navigation-item__label">{label}</span></a></li>'
            )
        g1 = lay("group")
        nav = lay("navigation", "justify-content:flex-end;")
        g2 = lay("group")
        g3 = lay("group", "justify-content:space-between;")
        return f"""<div class="wp-site-blocks"><header class="wp-block-template-part">
<div class="wp-block-group alignwide has-base-background-color has-background has-global-padding is-layout-constrained wp-block-group-is-layout-constrained" style="padding-top:20px;padding-bottom:20px">
<div class="wp-block-group alignwide is-content-justification-space-between is-layout-flex {g3} wp-block-group-is-layout-flex">
<div class="wp-block-group is-layout-flex {g1} wp-block-group-is-layout-flex"><div class="wp-block-site-logo"><a href="/" class="custom-logo-link" rel="home"><img width="40" height="40" src="{UPLOADS}/2023/11/northfold-mark.png" class="custom-logo" alt="{SITE}" decoding="async" /></a></div>
<p class="wp-block-site-title"><a href="/" target="_self" rel="home">{SITE}</a></p></div>
<div class="wp-block-group is-layout-flex {g2} wp-block-group-is-layout-flex"><nav class="is-responsive items-justified-right wp-block-navigation is-content-justification-right is-layout-flex {nav} wp-block-navigation-is-layout-flex" aria-label="Header navigation"><button aria-haspopup="dialog" aria-label="Open menu" class="wp-block-navigation__responsive-container-open" data-wp-on-async--click="actions.openMenuOnClick"><svg width="24" height="24" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><rect x="4" y="7.5" width="16" height="1.5" /><rect x="4" y="15" width="16" height="1.5" /></svg></button>
<div class="wp-block-navigation__responsive-container" id="modal-1"><div class="wp-block-navigation__responsive-close" tabindex="-1"><div class="wp-block-navigation__responsive-dialog"><button aria-label="Close menu" class="wp-block-navigation__responsive-container-close"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="M13 11.8l6.1-6.3-1-1-6.1 6.2-6.1-6.2-1 1 6.1 6.3-6.5 6.7 1 1 6.5-6.6 6.5 6.6 1-1z"></path></svg></button>
<div class="wp-block-navigation__responsive-container-content" id="modal-1-content"><ul class="wp-block-navigation__container is-responsive items-justified-right wp-block-navigation">{"".join(items)}</ul></div></div></div></div></nav></div>
</div>
</div>
</header>
"""

    def footer(self, lay: _wp.Layout) -> str:
        cols = []
        for title, links in [
            (
                "About",
                [
                    ("Team", "/about/"),
                    ("History", "/about/#history"),
                    ("Careers", "/about/#careers"),
                ],
            ),
            (
                "Privacy",
                [
                    ("Privacy Policy", "/privacy-policy/"),
                    ("Terms", "/terms/"),
                    ("Contact", "/contact/"),
                ],
            ),
            (
                "Social",
                [
                    ("Instagram", "https://instagram.com/northfold"),
                    ("LinkedIn", "https://linkedin.com/company/northfold"),
                ],
            ),
        ]:
            v = lay("group", "flex-direction:column;")
            nv = lay("navigation", "flex-direction:column;align-items:flex-start;")
            lis = "".join(
                f'<li class=" wp-block-navigation-item wp-block-navigation-link"><a class="wp-block-navigation-item__content" '
                f'href="{h}"><span class="wp-block-navigation-item__label">{lbl}</span></a></li>'
                for lbl, h in links
            )
            cols.append(f"""<div class="wp-block-group is-vertical is-layout-flex {v} wp-block-group-is-layout-flex">
<h2 class="wp-block-heading has-medium-font-size has-body-font-family" style="font-style:normal;font-weight:600">{title}</h2>
<nav style="font-style:normal;font-weight:400;" class="has-small-font-size is-vertical wp-block-navigation is-layout-flex {nv} wp-block-navigation-is-layout-flex" aria-label="{title}"><ul class="wp-block-navigation__container has-small-font-size is-vertical wp-block-navigation has-small-font-size">{lis}</ul></nav>
</div>""")
        g_cols = lay("group", "flex-wrap:nowrap;gap:var(--wp--preset--spacing--40);")
        g_row = lay("group", "justify-content:space-between;align-items:flex-start;")
        g_logo = lay("group", "flex-direction:column;")
        g_credits = lay("group", "justify-content:space-between;")
        return f"""<footer class="wp-block-template-part">
<div class="wp-block-group has-global-padding is-layout-constrained wp-block-group-is-layout-constrained" style="padding-top:var(--wp--preset--spacing--50);padding-bottom:var(--wp--preset--spacing--50)">
<div class="wp-block-group alignwide is-layout-flow wp-block-group-is-layout-flow">
<div class="wp-block-group alignfull is-content-justification-space-between is-layout-flex {g_row} wp-block-group-is-layout-flex">
<div class="wp-block-group is-vertical is-layout-flex {g_logo} wp-block-group-is-layout-flex"><div class="wp-block-site-logo"><a href="/" class="custom-logo-link" rel="home"><img width="40" height="40" src="{UPLOADS}/2023/11/northfold-mark.png" class="custom-logo" alt="{SITE}" decoding="async" /></a></div>
<h2 class="wp-block-site-title has-medium-font-size"><a href="/" target="_self" rel="home">{SITE}</a></h2>
<p class="wp-block-site-tagline has-small-font-size">{TAGLINE}</p></div>
<div class="wp-block-group is-content-justification-space-between is-layout-flex {g_cols} wp-block-group-is-layout-flex">
{"".join(cols)}
</div>
</div>
<div style="height:var(--wp--preset--spacing--40)" aria-hidden="true" class="wp-block-spacer"></div>
<div class="wp-block-group alignfull is-content-justification-space-between is-layout-flex {g_credits} wp-block-group-is-layout-flex"><p class="has-small-font-size">Designed with <a href="https://wordpress.org" rel="nofollow">WordPress</a></p></div>
</div>
</div>
</footer></div>
<script id="wp-block-template-skip-link-js-after">
( function() {{ var skipLinkTarget = document.querySelector( 'main' ); }}() );
</script>
<script type="module" src="/wp-includes/js/dist/script-modules/block-library/navigation/view.min.js?ver=6.6.2" id="@wordpress/block-library/navigation-js-module"></script>
</body>
</html>
"""

    def doc(
        self, title: str, body_cls: str, current: str, main_fn, extra_inline: list[str]
    ) -> tuple[str, list[str]]:
        lay = _wp.Layout()
        header = self.header(lay, current)
        main = main_fn(lay)
        footer = self.footer(lay)
        css = [NAV_CSS]
        if "wp-block-image" in main or "wp-block-post-featured-image" in main:
            css.append(IMAGE_CSS)
        if "wp-block-gallery" in main:
            css.append(GALLERY_CSS)
        html = (
            self.head(title, css, lay, extra_inline)
            + f'<body class="{body_cls}">\n'
            + header
            + main
            + footer
        )
        return html, css

    # ---------------------------------------------------------------- parts
    def url(self, p: dict) -> str:
        return f"/{p['slug']}/"

    def post_cls(self, p: dict) -> str:
        c = f"post-{p['id']} post type-post status-publish format-standard"
        if p["thumb"]:
            c += " has-post-thumbnail"
        c += f" hentry category-{p['cat'][1]}" + "".join(f" tag-{t}" for t in p["tags"])
        return c

    def featured(self, p: dict, link: bool, aspect: str = "") -> str:
        src = f"{UPLOADS}/{p['date'].year}/{p['date'].month:02d}/{p['slug'][:18]}-1024x768.jpg"
        img = (
            f'<img width="1024" height="768" src="{src}" class="attachment-post-thumbnail size-post-thumbnail wp-post-image" '
            f'alt="{esc(p["title"])}" style="width:100%;height:100%;object-fit:cover;" decoding="async" />'
        )
        if link:
            img = f'<a href="{self.url(p)}" target="_self" >{img}</a>'
        st = f' style="aspect-ratio:{aspect};"' if aspect else ""
        return f'<figure{st} class="wp-block-post-featured-image">{img}</figure>'

    def query_loop(
        self, lay: _wp.Layout, posts: list[dict], base: str, page: int, pages: int, qid: int
    ) -> str:
        grid = lay("post-template", "grid-template-columns:repeat(3, minmax(0, 1fr));")
        lis = []
        for p in posts:
            r = random.Random(p["id"])
            ex = " ".join(Text(r, "en", NOUNS).para(1, 3).split()[:28]) + " &hellip; "
            lis.append(f"""<li class="wp-block-post {self.post_cls(p)}">
<div class="wp-block-group is-layout-flow wp-block-group-is-layout-flow">{self.featured(p, True, "3/4") if p["thumb"] else ""}
<h2 class="wp-block-post-title has-large-font-size"><a href="{self.url(p)}" target="_self" >{esc(p["title"])}</a></h2>
<div class="wp-block-post-excerpt"><p class="wp-block-post-excerpt__excerpt">{esc(ex).replace("&amp;hellip;", "&hellip;")}</p></div>
<div class="wp-block-post-date has-small-font-size"><time datetime="{p["date"].isoformat()}T10:00:00+00:00">{p["date"].strftime("%b %-d, %Y")}</time></div></div>
</li>""")
        pag = ""
        if pages > 1:
            pq = lay("query-pagination", "justify-content:space-between;")
            nums = "".join(
                f'<span aria-current="page" class="page-numbers current">{i}</span>'
                if i == page
                else f'<a class="page-numbers" href="{base if i == 1 else f"{base}page/{i}/"}">{i}</a>'
                for i in range(1, pages + 1)
            )
            prev = (
                (
                    f'<a href="{base if page == 2 else f"{base}page/{page - 1}/"}" class="wp-block-query-pagination-previous">'
                    '<span class="wp-block-query-pagination-previous-arrow is-arrow-arrow" aria-hidden="true">&larr;</span>Previous Page</a>'
                )
                if page > 1
                else ""
            )
            nxt = (
                (
                    f'<a href="{base}page/{page + 1}/" class="wp-block-query-pagination-next">Next Page'
                    '<span class="wp-block-query-pagination-next-arrow is-arrow-arrow" aria-hidden="true">&rarr;</span></a>'
                )
                if page < pages
                else ""
            )
            pag = (
                f'<div style="margin-top:var(--wp--preset--spacing--40)" class="wp-block-group has-global-padding is-layout-constrained wp-block-group-is-layout-constrained">'
                f'<nav class="alignwide wp-block-query-pagination is-content-justification-space-between is-layout-flex {pq} wp-block-query-pagination-is-layout-flex" aria-label="Pagination">'
                f'{prev}<div class="wp-block-query-pagination-numbers">{nums}</div>{nxt}</nav></div>'
            )
        return f"""<div class="wp-block-group alignfull has-global-padding is-layout-constrained wp-block-group-is-layout-constrained" style="padding-top:var(--wp--preset--spacing--50);padding-bottom:var(--wp--preset--spacing--50)">
<div class="wp-block-query alignwide is-layout-flow wp-block-query-is-layout-flow">
<ul class="columns-3 alignwide wp-block-post-template is-layout-grid {grid} wp-block-post-template-is-layout-grid">{"".join(lis)}</ul>
{pag}
</div>
</div>
"""

    def comments(self, p: dict) -> str:
        r = random.Random(p["id"] * 5)
        t = Text(r, "en", NOUNS)
        lis = ""
        if p["ncomments"]:
            items = []
            for k in range(p["ncomments"]):
                c = 40 + p["id"] % 50 + k * 3
                items.append(f"""<li id="comment-{c}" class="comment {"even thread-even" if k % 2 == 0 else "odd thread-odd"} depth-1">
<div class="wp-block-group is-layout-flow wp-block-group-is-layout-flow" style="margin-top:0;margin-bottom:0"><div class="wp-block-group is-nowrap is-layout-flex wp-block-group-is-layout-flex"><div class="wp-block-avatar">{_wp.avatar(r, 40).replace("class='avatar", "class='wp-block-avatar__image avatar")}</div>
<div class="wp-block-comment-author-name has-small-font-size">{esc(t.name())}</div></div>
<div class="wp-block-comment-content"><p>{esc(t.para(1, 3))}</p></div>
<div class="wp-block-group is-layout-flex wp-block-group-is-layout-flex"><div class="wp-block-comment-date has-small-font-size"><time datetime="{p["date"].isoformat()}T18:20:00+00:00"><a href="{self.url(p)}#comment-{c}">{fmt_date(p["date"])}</a></time></div>
<div class="wp-block-comment-reply-link has-small-font-size"><a rel="nofollow" class="comment-reply-link" href="#comment-{c}" data-commentid="{c}" data-postid="{p["id"]}">Reply</a></div></div></div>
</li>""")
            n = p["ncomments"]
            lis = (
                f'<h2 class="wp-block-comments-title">{"One response" if n == 1 else f"{n} responses"} to &ldquo;{esc(p["title"])}&rdquo;</h2>'
                f'<ol class="wp-block-comment-template">{"".join(items)}</ol>'
            )
        return (
            f'<div class="wp-block-comments wp-block-comments-query-loop" style="margin-top:var(--wp--preset--spacing--70)">'
            f'<h2 class="wp-block-heading has-x-large-font-size">Comments</h2>{lis}{_wp.comment_form(p["id"], block_theme=True)}</div>'
        )

    # ---------------------------------------------------------------- templates
    def single(self, i: int) -> Page:
        p = self.posts[i]
        prev_p = self.posts[i + 1] if i + 1 < len(self.posts) else None
        next_p = self.posts[i - 1] if i > 0 else None

        def main(lay: _wp.Layout) -> str:
            r = random.Random(p["id"])
            t = Text(r, "en", NOUNS)
            g_meta = lay("group", "gap:0.3em;")
            body = _wp.content_blocks(
                r, t, lay, uploads=UPLOADS, year=p["date"].year, lo=3, hi=16, code_ok=False
            )
            tags = ""
            if p["tags"]:
                tags = (
                    '<div class="taxonomy-post_tag has-text-align-left wp-block-post-terms">'
                    + '<span class="wp-block-post-terms__separator">, </span>'.join(
                        f'<a href="/tag/{x}/" rel="tag">{x}</a>' for x in p["tags"]
                    )
                    + "</div>"
                )
            nav_l = ""
            if prev_p:
                nav_l += (
                    f'<div class="post-navigation-link-previous wp-block-post-navigation-link"><span class="wp-block-post-navigation-link__arrow-previous is-arrow-arrow" aria-hidden="true">&larr;</span>'
                    f'<a href="{self.url(prev_p)}" rel="prev">{esc(prev_p["title"])}</a></div>'
                )
            if next_p:
                nav_l += (
                    f'<div class="post-navigation-link-next wp-block-post-navigation-link"><a href="{self.url(next_p)}" rel="next">{esc(next_p["title"])}</a>'
                    '<span class="wp-block-post-navigation-link__arrow-next is-arrow-arrow" aria-hidden="true">&rarr;</span></div>'
                )
            g_nav = lay("group", "justify-content:space-between;")
            g_tags = lay("group", "gap:var(--wp--preset--spacing--10);")
            return f"""<main class="wp-block-group is-layout-flow wp-block-group-is-layout-flow" style="margin-top:var(--wp--preset--spacing--50)">
<div class="wp-block-group has-global-padding is-layout-constrained wp-block-group-is-layout-constrained">
<div class="wp-block-group is-layout-flow wp-block-group-is-layout-flow"><h1 style="margin-bottom:var(--wp--preset--spacing--40);" class="wp-block-post-title">{esc(p["title"])}</h1>
<div class="wp-block-template-part"><div class="wp-block-group is-layout-flex {g_meta} wp-block-group-is-layout-flex" style="margin-top:0;"><div class="wp-block-post-date"><time datetime="{p["date"].isoformat()}T10:00:00+00:00"><a href="{self.url(p)}">{fmt_date(p["date"])}</a></time></div>
<p class="has-contrast-2-color has-text-color">&mdash;</p><p class="has-contrast-2-color has-text-color">by</p><div class="wp-block-post-author-name"><a href="/author/{p["author"].split()[0].lower()}/" target="_self" class="wp-block-post-author-name__link">{p["author"]}</a></div>
<div class="taxonomy-category wp-block-post-terms"><span class="wp-block-post-terms__prefix">in </span><a href="/category/{p["cat"][1]}/" rel="tag">{p["cat"][2]}</a></div></div></div></div>
</div>
{self.featured(p, False) if p["thumb"] else ""}
<div class="entry-content alignfull wp-block-post-content has-global-padding is-layout-constrained wp-block-post-content-is-layout-constrained">
{body}
</div>
<div style="margin-top:var(--wp--preset--spacing--40);" class="wp-block-group has-global-padding is-layout-constrained wp-block-group-is-layout-constrained">
<div class="wp-block-group is-layout-flex {g_tags} wp-block-group-is-layout-flex">{tags}</div>
<div style="height:var(--wp--preset--spacing--40)" aria-hidden="true" class="wp-block-spacer"></div>
<nav class="wp-block-group is-content-justification-space-between is-nowrap is-layout-flex {g_nav} wp-block-group-is-layout-flex" aria-label="Post navigation">{nav_l}</nav>
{self.comments(p)}
</div>
</main>
"""

        body = f"post-template-default single single-post postid-{p['id']} single-format-standard logged-out wp-custom-logo wp-embed-responsive"
        html, css = self.doc(
            f"{p['title']} &#8211; {SITE}",
            body,
            "/journal/",
            main,
            [
                "post-title",
                "post-date",
                "post-author-name",
                "post-terms",
                "post-content",
                "spacer",
                "post-navigation-link",
                "comments",
            ],
        )
        return record(HOST, self.url(p), html, css), "single"

    def page(self, pg: tuple) -> Page:
        pid, path, title = pg

        def main(lay: _wp.Layout) -> str:
            r = random.Random(pid * 13)
            t = Text(r, "en", NOUNS)
            body = _wp.content_blocks(
                r, t, lay, uploads=UPLOADS, year=2023, lo=2, hi=12, code_ok=False
            )
            feat = ""
            if path.startswith("/projects/") and path != "/projects/":
                feat = (
                    '<figure class="wp-block-post-featured-image"><img width="2000" height="1125" '
                    f'src="{UPLOADS}/2023/09/{path.rstrip("/").rsplit("/", 1)[1]}-hero.jpg" '
                    'class="attachment-post-thumbnail size-post-thumbnail wp-post-image" alt="" decoding="async" /></figure>'
                )
            return f"""<main class="wp-block-group is-layout-flow wp-block-group-is-layout-flow" style="margin-top:var(--wp--preset--spacing--50)">
<div class="wp-block-group has-global-padding is-layout-constrained wp-block-group-is-layout-constrained"><h1 style="margin-bottom:var(--wp--preset--spacing--40);" class="wp-block-post-title">{esc(title)}</h1></div>
{feat}<div class="entry-content wp-block-post-content has-global-padding is-layout-constrained wp-block-post-content-is-layout-constrained">
{body}
</div>
</main>
"""

        cur = (
            path if path in dict(MENU) else ("/projects/" if path.startswith("/projects/") else "")
        )
        body = f"page-template-default page page-id-{pid}" + (
            " page-child parent-pageid-12" if path.count("/") > 2 else ""
        )
        html, css = self.doc(
            f"{title} &#8211; {SITE}",
            body + " logged-out wp-custom-logo wp-embed-responsive",
            cur,
            main,
            ["post-title", "post-content", "spacer"],
        )
        return record(HOST, path, html, css), "page"

    def home(self, page: int) -> Page:
        per = 9
        pages = -(-len(self.posts) // per)
        chunk = self.posts[(page - 1) * per : page * per]

        def main(lay: _wp.Layout) -> str:
            return f"""<main class="wp-block-group is-layout-flow wp-block-group-is-layout-flow" style="margin-top:0">
<div class="wp-block-group alignwide has-global-padding is-layout-constrained wp-block-group-is-layout-constrained" style="padding-top:var(--wp--preset--spacing--50)">
<h1 class="wp-block-heading alignwide has-text-align-left" style="margin-bottom:var(--wp--preset--spacing--40)">Journal</h1>
<p class="has-text-align-left has-medium-font-size">Field notes, drawings and the occasional long read from the studio.</p>
</div>
{self.query_loop(lay, chunk, "/", page, pages, 0)}
</main>
"""

        url = "/" if page == 1 else f"/page/{page}/"
        body = (
            "home blog"
            + (f" paged paged-{page}" if page > 1 else "")
            + " logged-out wp-custom-logo wp-embed-responsive"
        )
        html, css = self.doc(
            f"{SITE} &#8211; {TAGLINE}" if page == 1 else f"{SITE} &#8211; Page {page}",
            body,
            "/journal/",
            main,
            [
                "heading",
                "post-featured-image",
                "post-title",
                "post-excerpt",
                "post-date",
                "post-template",
                "query-pagination",
            ],
        )
        return record(HOST, url, html, css), "home"

    def archive(self, kind: str, key) -> Page:
        if kind == "category":
            cid, slug, name, desc = key
            posts = [p for p in self.posts if p["cat"][0] == cid]
            base, title, body = (
                f"/category/{slug}/",
                f"Category: <span>{name}</span>",
                f"archive category category-{slug} category-{cid}",
            )
        elif kind == "tag":
            posts = [p for p in self.posts if key in p["tags"]]
            base, title, desc = f"/tag/{key}/", f"Tag: <span>{key}</span>", ""
            body = f"archive tag tag-{key} tag-{11 + TAGS.index(key)}"
        else:
            posts = [p for p in self.posts if p["author"] == key]
            nice = key.split()[0].lower()
            base, title, desc = f"/author/{nice}/", f"Author: <span>{key}</span>", ""
            body = f"archive author author-{nice} author-{2 if nice == 'ingrid' else 3}"
        pages = -(-len(posts) // 9)

        def main(lay: _wp.Layout) -> str:
            d = f'<div class="wp-block-term-description"><p>{esc(desc)}</p></div>' if desc else ""
            return f"""<main class="wp-block-group is-layout-flow wp-block-group-is-layout-flow" style="margin-top:0">
<div class="wp-block-group alignwide has-global-padding is-layout-constrained wp-block-group-is-layout-constrained" style="padding-top:var(--wp--preset--spacing--50)">
<h1 class="wp-block-query-title">{title}</h1>{d}
</div>
{self.query_loop(lay, posts[:9], base, 1, pages, 0)}
</main>
"""

        plain = title.split(": ", 1)[1].replace("<span>", "").replace("</span>", "")
        html, css = self.doc(
            f"{plain} &#8211; {SITE}",
            body + " logged-out wp-custom-logo wp-embed-responsive",
            "/journal/",
            main,
            [
                "query-title",
                "term-description",
                "post-featured-image",
                "post-title",
                "post-excerpt",
                "post-date",
                "post-template",
                "query-pagination",
            ],
        )
        return record(HOST, base, html, css), "archive"

    def search(self, term: str) -> Page:
        hits = [p for p in self.posts if term in p["title"].lower() or term in p["tags"]]

        def main(lay: _wp.Layout) -> str:
            if hits:
                loop = self.query_loop(lay, hits[:9], f"/?s={term}", 1, 1, 0)
            else:
                loop = (
                    '<div class="wp-block-group alignfull has-global-padding is-layout-constrained wp-block-group-is-layout-constrained">'
                    '<div class="wp-block-query alignwide is-layout-flow wp-block-query-is-layout-flow">'
                    '<div class="wp-block-query-no-results"><p>Sorry, but nothing matched your search terms. Please try again with some different keywords.</p></div>'
                    "</div></div>"
                )
            return f"""<main class="wp-block-group is-layout-flow wp-block-group-is-layout-flow" style="margin-top:0">
<div class="wp-block-group alignwide has-global-padding is-layout-constrained wp-block-group-is-layout-constrained" style="padding-top:var(--wp--preset--spacing--50)">
<h1 class="wp-block-query-title">Search results for: &ldquo;{esc(term)}&rdquo;</h1>
<form role="search" method="get" action="/" class="wp-block-search__button-inside wp-block-search__icon-button wp-block-search"><label class="wp-block-search__label screen-reader-text" for="wp-block-search__input-1">Search</label><div class="wp-block-search__inside-wrapper "><input class="wp-block-search__input" id="wp-block-search__input-1" placeholder="Search..." value="{esc(term)}" type="search" name="s" required /><button aria-label="Search" class="wp-block-search__button has-icon wp-element-button" type="submit"><svg class="search-icon" viewBox="0 0 24 24" width="24" height="24"><path d="M13 5c-3.3 0-6 2.7-6 6 0 1.4.5 2.7 1.3 3.7l-3.8 3.8 1.1 1.1 3.8-3.8c1 .8 2.3 1.3 3.7 1.3 3.3 0 6-2.7 6-6S16.3 5 13 5zm0 10.5c-2.5 0-4.5-2-4.5-4.5s2-4.5 4.5-4.5 4.5 2 4.5 4.5-2 4.5-4.5 4.5z"></path></svg></button></div></form>
</div>
{loop}
</main>
"""

        body = (
            "search search-results" if hits else "search search-no-results"
        ) + " logged-out wp-custom-logo wp-embed-responsive"
        html, css = self.doc(
            f"You searched for {term} &#8211; {SITE}",
            body,
            "",
            main,
            [
                "query-title",
                "search",
                "post-featured-image",
                "post-title",
                "post-excerpt",
                "post-date",
                "post-template",
                "query-no-results",
            ],
        )
        return record(HOST, f"/?s={term}", html, css), "search"

    def not_found(self, path: str) -> Page:
        def main(lay: _wp.Layout) -> str:
            return """<main class="wp-block-group is-layout-flow wp-block-group-is-layout-flow" style="margin-top:var(--wp--preset--spacing--50)">
<div class="wp-block-group has-global-padding is-layout-constrained wp-block-group-is-layout-constrained">
<h1 class="wp-block-heading has-text-align-left">Page Not Found</h1>
<p>The page you are looking for does not exist, or it has been moved. Please try searching using the form below.</p>
<form role="search" method="get" action="/" class="wp-block-search__button-outside wp-block-search__text-button wp-block-search"><label class="wp-block-search__label screen-reader-text" for="wp-block-search__input-1">Search</label><div class="wp-block-search__inside-wrapper "><input class="wp-block-search__input" id="wp-block-search__input-1" placeholder="Search..." value="" type="search" name="s" required /><button aria-label="Search" class="wp-block-search__button wp-element-button" type="submit">Search</button></div></form>
</div>
</main>
"""

        html, css = self.doc(
            f"Page not found &#8211; {SITE}",
            "error404 logged-out wp-custom-logo wp-embed-responsive",
            "",
            main,
            ["heading", "search"],
        )
        return record(HOST, path, html, css), "404"


def build(seed: int = 0) -> list[Page]:
    s = Site(seed)
    out: list[Page] = [s.home(1)]
    if len(s.posts) > 9:
        out.append(s.home(2))
    out += [s.single(i) for i in range(len(s.posts))]
    out += [s.page(pg) for pg in s.pages]
    for c in CATS:
        if any(p["cat"][0] == c[0] for p in s.posts):
            out.append(s.archive("category", c))
    for tg in [t for t in TAGS if any(t in p["tags"] for p in s.posts)][:3]:
        out.append(s.archive("tag", tg))
    out.append(s.archive("author", "Ingrid Sol"))
    for term in ["timber", "daylight", "zinc"]:
        out.append(s.search(term))
    out.append(s.not_found("/projects/old-mill/"))
    out.append(s.not_found("/shop/"))
    return out
