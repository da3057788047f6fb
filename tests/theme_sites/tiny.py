"""tiny — two very small sites.

* ``build`` -- a neighbourhood bakery's site on Eleventy (eleventy-base-blog
  style), 12 pages, 5 templates. All CSS is inlined in a ``<style>`` bundle, so
  the pages have NO stylesheet hrefs. Templates (Eleventy layouts):
  ``home`` (1), ``post`` (5), ``list`` (3: blog archive and two tag pages),
  ``contact`` (1, Netlify form), ``about`` (2: about, our flour).
* ``build_small`` -- a photographer's hand-written portfolio, 10 pages, 3
  templates, relative stylesheet hrefs (``css/style.css`` at the root,
  ``../css/style.css`` one level down) and .html paths. Templates (the HTML
  file the author copied): ``home`` (1), ``project`` (7), ``page`` (2: about,
  prints).
"""

from __future__ import annotations

import random
from datetime import date

from ._common import Page, Text, dates_back, esc, record, unique_slugs

# ------------------------------------------------------------------ bakery (11ty)
HOST_A = "crumbandco.bakery"
NOUNS_A = [
    "boule",
    "sourdough",
    "starter",
    "crust",
    "oven",
    "rye",
    "croissant",
    "butter",
    "flour",
    "levain",
    "bun",
]
STYLE = """<style>
:root{--color-gray-20:#e0e0e0;--color-gray-50:#C0C0C0;--color-gray-90:#333;--background-color:#fffaf3;--text-color:#2b2118;--text-color-link:#9c3d10;--syntax-tab-size:2}
*{box-sizing:border-box}html,body{padding:0;margin:0 auto;font-family:ui-serif,Georgia,serif;color:var(--text-color);background-color:var(--background-color)}
body{max-width:42em}img{max-width:100%;height:auto}.visually-hidden{clip:rect(0 0 0 0);clip-path:inset(50%);height:1px;overflow:hidden;position:absolute;white-space:nowrap;width:1px}
header{display:flex;gap:1em .5em;flex-wrap:wrap;align-items:center;padding:1em}.home-link{font-size:1em;font-weight:700;margin-right:2em}.nav{display:flex;gap:.5em 1em;padding:0;margin:0;list-style:none}
.nav-item a[href]:not(:hover){text-decoration:none}.nav a[href][aria-current="page"]{text-decoration:underline}main{padding:1rem}.postlist{list-style:none;padding:0;padding-left:1.5rem}
.postlist-item{display:flex;flex-wrap:wrap;align-items:baseline;counter-increment:start-from -1;margin-bottom:1em}.postlist-date,.postlist-item:before{font-size:.8125em;color:var(--color-gray-90)}
.post-metadata{display:inline-flex;flex-wrap:wrap;gap:.5em;list-style:none;padding:0;margin:0}.links-nextprev{display:flex;justify-content:space-between;gap:.5em 1em;list-style:"";border-top:1px dashed var(--color-gray-20);padding:1em 0}
.loaves{display:grid;grid-template-columns:repeat(auto-fill,minmax(10em,1fr));gap:1em;list-style:none;padding:0}.loaf img{border-radius:.5em}.hours td{padding:.25em 1em .25em 0}
form label{display:block;margin:.75em 0 .25em}form input,form textarea{width:100%;font:inherit;padding:.4em}.facts dt{font-weight:700}
</style>"""
NAV_A = [
    ("/", "Home"),
    ("/blog/", "Journal"),
    ("/about/", "About"),
    ("/contact/", "Visit &amp; Contact"),
]


def _doc_a(path: str, title: str, cur: str, main: str, desc: str) -> dict:
    nav = "".join(
        f'<li class="nav-item"><a href="{u}"{ARIA if u == cur else ""}>{lbl}</a></li>'
        for u, lbl in NAV_A
    )
    html = f"""<!doctype html>
<html lang="en">
\t<head>
\t\t<meta charset="utf-8">
\t\t<meta name="viewport" content="width=device-width, initial-scale=1.0">
\t\t<title>{esc(title)}</title>
\t\t<meta name="description" content="{esc(desc)}">
\t\t<link rel="alternate" href="/feed/feed.xml" type="application/atom+xml" title="Crumb &amp; Co.">
\t\t<meta name="generator" content="Eleventy v2.0.1">
\t\t{STYLE}
\t</head>
\t<body>
\t\t<a href="#skip" class="visually-hidden">Skip to main content</a>

\t\t<header>
\t\t\t<a href="/" class="home-link">Crumb &amp; Co.</a>
\t\t\t<nav>
\t\t\t\t<h2 class="visually-hidden">Top level navigation menu</h2>
\t\t\t\t<ul class="nav">{nav}</ul>
\t\t\t</nav>
\t\t</header>

\t\t<main id="skip">
\t\t\t<heading-anchors>
{main}
\t\t\t</heading-anchors>
\t\t</main>

\t\t<footer>
\t\t\t<p><em>Crumb &amp; Co. · 22 Mill Lane · open Wed–Sun, 7am till sold out.</em></p>
\t\t</footer>

\t\t<!-- This page `{path}` was built on 2024-05-30T06:12:44.118Z -->
\t\t<script type="module" src="/js/heading-anchors.js"></script>
\t</body>
</html>
"""
    return record(HOST_A, path, html, [])


ARIA = ' aria-current="page"'


def build(seed: int = 0) -> list[Page]:
    rng = random.Random(seed + 7000)
    t = Text(rng, "en", NOUNS_A)
    titles = [t.title(2, 6) for _ in range(5)]
    slugs = unique_slugs(titles)
    ds = dates_back(rng, 5, date(2024, 5, 24))
    tagsets = [rng.sample(["sourdough", "pastry", "news"], rng.randint(1, 2)) for _ in range(5)]
    tagsets[0] = ["sourdough"] + [x for x in tagsets[0] if x != "sourdough"]
    tagsets[1] = ["pastry"]
    posts = list(zip(titles, slugs, ds, tagsets, strict=False))
    out: list[Page] = []

    def postlist(ps: list) -> str:
        lis = "".join(
            f'<li class="postlist-item"><a href="/blog/{s}/" class="postlist-link">{esc(ti)}</a> '
            f'<time class="postlist-date" datetime="{d.isoformat()}">{d.strftime("%d %B %Y")}</time></li>'
            for ti, s, d, _ in ps
        )
        return f'<ol reversed class="postlist" style="--postlist-index: {len(ps)}">{lis}</ol>'

    # home
    loaves = "".join(
        f'<li class="loaf"><img src="/img/loaves/{n.lower().replace(" ", "-")}.jpg" alt="{n}" width="300" height="300" loading="lazy">'
        f"<h3>{n}</h3><p>£{rng.choice(['3.20', '4.50', '5.80', '2.10'])}</p></li>"
        for n in rng.sample(
            [
                "Country Sourdough",
                "Seeded Rye",
                "Spelt Tin",
                "Cardamom Bun",
                "Focaccia",
                "Baguette",
            ],
            rng.randint(3, 5),
        )
    )
    main = (
        f'<h1>Bread, slowly.</h1>\n<p>{esc(t.para(2, 4))}</p>\n<img src="/img/shopfront.jpg" alt="The shop on Mill Lane" width="1200" height="700">\n'
        f'<h2>This week’s loaves</h2>\n<ul class="loaves">{loaves}</ul>\n<h2>From the journal</h2>\n{postlist(posts[:3])}\n'
        '<p>More posts can be found in <a href="/blog/">the journal</a>.</p>'
    )
    out.append(
        (
            _doc_a(
                "/", "Crumb & Co. — a neighbourhood bakery", "/", main, "A neighbourhood bakery."
            ),
            "home",
        )
    )
    # posts
    for i, (ti, s, d, tags) in enumerate(posts):
        r = random.Random(rng.randint(0, 10**9))
        pt = Text(r, "en", NOUNS_A)
        body = []
        for _ in range(r.randint(2, 9)):
            k = r.random()
            if k < 0.6:
                body.append(f"<p>{esc(pt.para(1, 5))}</p>")
            elif k < 0.75:
                h = pt.title(2, 4)
                body.append(f'<h2 id="{h.lower().replace(" ", "-")}">{esc(h)}</h2>')
            elif k < 0.88:
                body.append(
                    "<ul>"
                    + "".join(f"<li>{esc(pt.sentence())}</li>" for _ in range(r.randint(2, 6)))
                    + "</ul>"
                )
            else:
                body.append(
                    f'<p><img src="/blog/{s}/photo-{r.randint(1, 5)}.jpg" alt="{esc(pt.words(2, 4))}" loading="lazy" decoding="async" width="1200" height="800"></p>'
                )
        tags_html = "".join(f'<li><a href="/tags/{x}/" class="post-tag">{x}</a></li>' for x in tags)
        nav = ""
        if i + 1 < len(posts):
            nav += f'<li class="links-nextprev-prev">← Previous<br> <a href="/blog/{posts[i + 1][1]}/">{esc(posts[i + 1][0])}</a></li>'
        if i > 0:
            nav += f'<li class="links-nextprev-next">Next →<br><a href="/blog/{posts[i - 1][1]}/">{esc(posts[i - 1][0])}</a></li>'
        main = (
            f'<h1 id="{s}">{esc(ti)}</h1>\n<ul class="post-metadata"><li><time datetime="{d.isoformat()}">{d.strftime("%d %B %Y")}</time></li>{tags_html}</ul>\n'
            f'{"".join(body)}\n<ul class="links-nextprev">{nav}</ul>'
        )
        out.append((_doc_a(f"/blog/{s}/", ti, "/blog/", main, pt.sentence()), "post"))
    # lists
    out.append(
        (
            _doc_a(
                "/blog/", "Journal", "/blog/", f"<h1>Journal</h1>\n{postlist(posts)}", "All posts."
            ),
            "list",
        )
    )
    for tag in ["sourdough", "pastry"]:
        ps = [p for p in posts if tag in p[3]]
        main = f'<h1>Posts tagged “{tag}”</h1>\n{postlist(ps)}\n<p>See <a href="/tags/">all tags</a>.</p>'
        out.append(
            (_doc_a(f"/tags/{tag}/", f"Tagged “{tag}”", "", main, f"Posts tagged {tag}."), "list")
        )
    # contact
    hours = "".join(
        f"<tr><td>{d}</td><td>{h}</td></tr>"
        for d, h in [
            ("Wednesday–Friday", "7:00–15:00"),
            ("Saturday", "7:30–14:00"),
            ("Sunday", "8:00–13:00"),
        ]
    )
    main = (
        f'<h1>Visit &amp; Contact</h1>\n<p>{esc(t.para(1, 2))}</p>\n<table class="hours">{hours}</table>\n'
        '<form name="contact" method="POST" data-netlify="true" netlify-honeypot="bot-field" action="/contact/thanks/">'
        '<p class="visually-hidden"><label>Don’t fill this out: <input name="bot-field"></label></p>'
        '<label for="name">Name</label><input id="name" name="name" required><label for="email">Email</label><input id="email" type="email" name="email" required>'
        '<label for="topic">About</label><select id="topic" name="topic"><option>Celebration cakes</option><option>Wholesale</option><option>Something else</option></select>'
        '<label for="message">Message</label><textarea id="message" name="message" rows="6"></textarea><p><button type="submit">Send</button></p></form>'
    )
    out.append(
        (
            _doc_a(
                "/contact/", "Visit & Contact", "/contact/", main, "Opening hours and contact form."
            ),
            "contact",
        )
    )
    # about pages
    for path, title in [("/about/", "About us"), ("/about/flour/", "Our flour")]:
        r = random.Random(rng.randint(0, 10**9))
        at = Text(r, "en", NOUNS_A)
        facts = "".join(
            f"<dt>{esc(at.label())}</dt><dd>{esc(at.sentence())}</dd>"
            for _ in range(r.randint(2, 5))
        )
        main = (
            f'<h1>{title}</h1>\n<img src="/img{path}hero.jpg" alt="" width="1200" height="600">\n'
            + "".join(f"<p>{esc(at.para(2, 5))}</p>" for _ in range(r.randint(2, 5)))
            + f'\n<dl class="facts">{facts}</dl>'
        )
        out.append((_doc_a(path, title, "/about/", main, at.sentence()), "about"))
    return out


# ------------------------------------------------------------------ portfolio (hand-coded)
HOST_B = "jonahellery.com"


def _doc_b(path: str, depth: int, title: str, body_cls: str, content: str) -> dict:
    up = "../" * depth
    css = f"{up}css/style.css"
    html = f"""<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{esc(title)}</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="{css}">
  <link rel="icon" href="{up}favicon.png">
</head>
<body class="{body_cls}">
  <div id="wrap">
    <div id="top">
      <a id="logo" href="{up}index.html">JONAH ELLERY</a>
      <ul id="menu">
        <li><a href="{up}index.html">Work</a></li>
        <li><a href="{up}prints.html">Prints</a></li>
        <li><a href="{up}about.html">About</a></li>
        <li><a href="mailto:studio@jonahellery.com">Email</a></li>
      </ul>
    </div>
{content}
    <div id="bottom">&copy; Jonah Ellery 2011&ndash;2024 &middot; <a href="https://instagram.com/jonahellery">Instagram</a></div>
  </div>
  <script src="{up}js/lightbox.js"></script>
</body>
</html>
"""
    return record(HOST_B, path, html, [css])


def build_small(seed: int = 0) -> list[Page]:
    rng = random.Random(seed + 7500)
    t = Text(
        rng, "en", ["light", "harbour", "portrait", "street", "night", "ferry", "winter", "market"]
    )
    projects = [
        "harbour-lights",
        "night-ferries",
        "the-allotments",
        "salt-workers",
        "winter-market",
        "last-cinema",
        "tidelines",
    ]
    names = [p.replace("-", " ").title() for p in projects]
    out: list[Page] = []
    thumbs = "\n".join(
        f'      <a class="thumb" href="work/{p}.html"><img src="images/{p}/cover.jpg" alt=""><span>{n}</span></a>'
        for p, n in zip(projects, names, strict=False)
    )
    out.append(
        (
            _doc_b(
                "/index.html",
                0,
                "Jonah Ellery — Photographer",
                "home",
                f'    <div id="intro"><p>{esc(t.sentences(1, 2))}</p></div>\n    <div id="grid">\n{thumbs}\n    </div>',
            ),
            "home",
        )
    )
    for i, (p, n) in enumerate(zip(projects, names, strict=False)):
        r = random.Random(rng.randint(0, 10**9))
        pt = Text(
            r,
            "en",
            ["light", "harbour", "portrait", "street", "night", "ferry", "winter", "market"],
        )
        imgs = []
        for k in range(r.randint(4, 14)):
            cap = f'<p class="caption">{esc(pt.sentence())}</p>' if r.random() < 0.4 else ""
            imgs.append(
                f'      <div class="photo"><a href="../images/{p}/{k + 1:02d}-large.jpg" rel="lightbox"><img src="../images/{p}/{k + 1:02d}.jpg" alt=""></a>{cap}</div>'
            )
        video = ""
        if r.random() < 0.3:
            video = (
                f'      <div class="video"><iframe src="https://player.vimeo.com/video/{r.randint(10**7, 10**8)}" width="960" height="540" '
                'frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe></div>\n'
            )
        info = "".join(
            f"<dt>{k}</dt><dd>{esc(v)}</dd>"
            for k, v in [
                ("Year", str(r.randint(2012, 2024))),
                (
                    "Client",
                    r.choice(["Personal", "The Guardian", "Arts Council", "Self-published"]),
                ),
                ("Format", r.choice(["Medium format film", "35mm", "Digital"])),
            ][: r.randint(1, 3)]
        )
        nxt = projects[(i + 1) % len(projects)]
        content = (
            f'    <div id="project">\n      <h1>{n}</h1>\n      <dl class="info">{info}</dl>\n'
            + "".join(f"      <p>{esc(pt.para(1, 4))}</p>\n" for _ in range(r.randint(1, 3)))
            + video
            + "\n".join(imgs)
            + f'\n      <p class="next"><a href="{nxt}.html">Next: {names[(i + 1) % len(projects)]} &rarr;</a></p>\n    </div>'
        )
        out.append(
            (_doc_b(f"/work/{p}.html", 1, f"{n} — Jonah Ellery", "project", content), "project")
        )
    for path, title in [("/about.html", "About"), ("/prints.html", "Prints")]:
        r = random.Random(rng.randint(0, 10**9))
        pt = Text(r, "en", ["light", "print", "edition", "paper"])
        extra = ""
        if path == "/about.html":
            extra = (
                "      <h2>Selected clients</h2>\n      <ul>"
                + "".join(
                    f"<li>{c}</li>"
                    for c in r.sample(
                        [
                            "The Guardian",
                            "Monocle",
                            "National Trust",
                            "BBC",
                            "Penguin Books",
                            "Arts Council England",
                        ],
                        4,
                    )
                )
                + "</ul>\n"
            )
        else:
            extra = (
                '      <table class="editions"><tr><th>Print</th><th>Size</th><th>Edition</th><th>Price</th></tr>'
                + "".join(
                    f"<tr><td>{names[r.randint(0, 6)]}</td><td>{r.choice(['A3', 'A2', '50x70'])}</td><td>of {r.choice([10, 25, 50])}</td><td>£{r.choice([120, 180, 260])}</td></tr>"
                    for _ in range(r.randint(3, 7))
                )
                + "</table>\n"
            )
        content = (
            f'    <div id="page">\n      <h1>{title}</h1>\n      <img class="portrait" src="images/{title.lower()}.jpg" alt="">\n'
            + "".join(f"      <p>{esc(pt.para(2, 4))}</p>\n" for _ in range(r.randint(1, 3)))
            + extra
            + "    </div>"
        )
        out.append((_doc_b(path, 0, f"{title} — Jonah Ellery", "page", content), "page"))
    return out
