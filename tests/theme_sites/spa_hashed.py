"""spa_hashed — an outdoor-gear brand's store and journal on Next.js (pages router).

Imitates a server-rendered Next.js 13 site as a crawler captures it:
``div#__next`` root, CSS-module classes with build hashes
(``Header_nav__3xK9a``), Chakra UI / Emotion classes (``chakra-button
css-1x2y3z``, hashes that change with a component's props), a legacy
styled-components carousel and newsletter (``sc-bdVaJa kDZmaH``),
``next/image`` markup and the ``__NEXT_DATA__`` script. Stylesheets: the global
CSS chunk (``data-n-g``) on every page, a chunk shared by the card components,
and one CSS chunk per page component (``data-n-p``).

Templates (labels are the Next.js page components):

* ``home``     -- pages/index.tsx: hero, category tiles, product carousel,
  journal stories, newsletter.
* ``article``  -- pages/journal/[slug].tsx: CMS article with rich text,
  embedded product cards, related stories.
* ``listing``  -- pages/journal/[[...params]].tsx: journal index, its pages and
  tag pages (article cards grid, tag chips, pagination).
* ``product``  -- pages/products/[handle].tsx: gallery, variants, add to cart,
  accordion details, optional reviews, recommendations.
"""

from __future__ import annotations

import json
import random
from datetime import date

from ._common import Page, Text, dates_back, esc, fmt_date, record, short_hash, unique_slugs

HOST = "fjallkit.com"
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
BUILD_ID = short_hash("build", n=21, alphabet=B64)
NOUNS = [
    "tent",
    "trail",
    "jacket",
    "pack",
    "summit",
    "stove",
    "layer",
    "ridge",
    "fjord",
    "boot",
    "map",
    "camp",
]


def cm(component: str, local: str) -> str:
    """CSS-module class: [name]_[local]__[hash:base64:5]."""
    return f"{component}_{local}__{short_hash(component, local, n=5, alphabet=B64)}"


def em(*style: object) -> str:
    """Emotion class for a given style object."""
    return "css-" + short_hash("emotion", *style, n=7, alphabet=B36).lstrip("0")


def sc(component: str, variant: str = "") -> str:
    """styled-components: stable component id + generated class for the style."""
    return f"sc-{short_hash('sc', component, n=6, alphabet=LETTERS)} {short_hash('scv', component, variant, n=6, alphabet=LETTERS)}"


def chunk(name: str, kind: str = "css") -> str:
    return f"/_next/static/{kind}/{short_hash(name, n=16)}.{kind}"


CSS_GLOBAL = chunk("global")
CSS_CARDS = chunk("cards")
CSS_PAGE = {k: chunk(k) for k in ("home", "article", "listing", "product")}
PAGE_JS = {
    "home": "pages/index",
    "article": "pages/journal/%5Bslug%5D",
    "listing": "pages/journal/%5B%5B...params%5D%5D",
    "product": "pages/products/%5Bhandle%5D",
}
ROUTE = {
    "home": "/",
    "article": "/journal/[slug]",
    "listing": "/journal/[[...params]]",
    "product": "/products/[handle]",
}

ICON = {
    "search": "M10 18a7.952 7.952 0 0 0 4.897-1.688l4.396 4.396 1.414-1.414-4.396-4.396A7.952 7.952 0 0 0 18 10c0-4.411-3.589-8-8-8s-8 3.589-8 8 3.589 8 8 8z",
    "bag": "M5 7h14l-1.2 12.2A2 2 0 0 1 15.8 21H8.2a2 2 0 0 1-2-1.8L5 7zm3 0V6a4 4 0 1 1 8 0v1",
    "user": "M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-5.33 0-8 2.67-8 4v2h16v-2c0-1.33-2.67-4-8-4z",
    "star": "M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z",
    "chev": "M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z",
}


def icon(name: str, extra: str = "") -> str:
    return (
        f'<svg viewBox="0 0 24 24" focusable="false" class="chakra-icon {em("icon", extra)}" aria-hidden="true">'
        f'<path fill="currentColor" d="{ICON[name]}"></path></svg>'
    )


def cdn(kind: str, name: str, suffix: str = "") -> str:
    return f"/cdn/{kind}/{name}{suffix}.jpg"


def nimg(src: str, alt: str, w: int, h: int, priority: bool = False, fill: bool = False) -> str:
    q = f"/_next/image?url={src.replace('/', '%2F')}&amp;w="
    srcset = ", ".join(f"{q}{x}&amp;q=75 {x}w" for x in (640, 750, 828, 1080, 1200, 1920))
    loading = "" if priority else ' loading="lazy"'
    fetch = ' fetchpriority="high"' if priority else ""
    if fill:
        return (
            f'<img alt="{esc(alt)}"{fetch}{loading} decoding="async" data-nimg="fill" style="position:absolute;height:100%;width:100%;left:0;top:0;right:0;bottom:0;object-fit:cover;color:transparent" '
            f'sizes="100vw" srcSet="{srcset}" src="{q}1920&amp;q=75"/>'
        )
    return (
        f'<img alt="{esc(alt)}"{fetch}{loading} width="{w}" height="{h}" decoding="async" data-nimg="1" style="color:transparent" '
        f'sizes="(max-width: 768px) 100vw, 50vw" srcSet="{srcset}" src="{q}1920&amp;q=75"/>'
    )


class Site:
    def __init__(self, seed: int) -> None:
        self.rng = rng = random.Random(seed + 8000)
        t = Text(rng, "en", NOUNS)
        self.tags = ["hiking", "camping", "gear-care", "stories", "guides"]
        n = rng.randint(14, 19)
        titles = [t.title(2, 7) for _ in range(n)]
        self.articles = [
            {
                "title": ti,
                "slug": sl,
                "date": d,
                "tags": rng.sample(self.tags, rng.randint(1, 2)),
                "author": t.name(),
                "seed": rng.randint(0, 10**9),
                "hero_video": rng.random() < 0.15,
            }
            for ti, sl, d in zip(
                titles, unique_slugs(titles), dates_back(rng, n, date(2024, 5, 18)), strict=False
            )
        ]
        m = rng.randint(12, 16)
        kinds = [
            "Tent",
            "Jacket",
            "Backpack",
            "Stove",
            "Sleeping Bag",
            "Trail Shoe",
            "Fleece",
            "Headlamp",
        ]
        pnames = [
            f"{rng.choice(['Kebne', 'Sarek', 'Abisko', 'Lofoten', 'Vindel', 'Padjel', 'Tarfala'])} {rng.choice(kinds)} {rng.choice(['', '', 'Pro', 'Lite', '2', 'UL'])}".strip()
            for _ in range(m)
        ]
        self.products = [
            {
                "name": nm,
                "handle": h,
                "price": rng.choice([39, 59, 89, 129, 189, 249, 349, 499]),
                "compare": rng.random() < 0.25,
                "new": rng.random() < 0.2,
                "colors": rng.sample(
                    ["Forest", "Charcoal", "Sand", "Ember", "Fjord Blue"], rng.randint(1, 4)
                ),
                "sizes": rng.sample(["XS", "S", "M", "L", "XL"], rng.randint(3, 5))
                if rng.random() < 0.6
                else [],
                "images": rng.randint(2, 7),
                "reviews": [rng.choice([3, 4, 5, 5]) for _ in range(rng.randint(0, 9))]
                if rng.random() < 0.7
                else [],
                "seed": rng.randint(0, 10**9),
            }
            for nm, h in zip(pnames, unique_slugs(pnames), strict=False)
        ]

    # ------------------------------------------------------------ chrome
    def doc(
        self, kind: str, path: str, title: str, main: str, page_props: dict, query: dict
    ) -> dict:
        css = [CSS_GLOBAL, CSS_CARDS, CSS_PAGE[kind]]
        links = (
            f'<link rel="preload" href="{CSS_GLOBAL}" as="style"/><link rel="stylesheet" href="{CSS_GLOBAL}" data-n-g=""/>'
            f'<link rel="preload" href="{CSS_CARDS}" as="style"/><link rel="stylesheet" href="{CSS_CARDS}" data-n-p=""/>'
            f'<link rel="preload" href="{CSS_PAGE[kind]}" as="style"/><link rel="stylesheet" href="{CSS_PAGE[kind]}" data-n-p=""/>'
        )
        js = "".join(
            f'<script src="/_next/static/chunks/{c}-{short_hash(c, n=16)}.js" defer=""></script>'
            for c in ["webpack", "framework", "main", "pages/_app", PAGE_JS[kind]]
        )
        data = {
            "props": {"pageProps": page_props, "__N_SSG": True},
            "page": ROUTE[kind],
            "query": query,
            "buildId": BUILD_ID,
            "isFallback": False,
            "gsp": True,
            "scriptLoader": [],
        }
        emotion_keys = " ".join(
            sorted({c[4:] for c in main.split('"') for c in c.split() if c.startswith("css-")})
        )
        html = (
            f'<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/>'
            f'<title>{esc(title)}</title><meta name="description" content="{esc(title)}"/><meta property="og:title" content="{esc(title)}"/>'
            f'<meta property="og:image" content="https://{HOST}/og/{short_hash(path, n=10)}.jpg"/><link rel="canonical" href="https://{HOST}{path}"/>'
            '<meta name="next-head-count" content="7"/><link rel="preload" href="/_next/static/media/a34f9d1faa5f3315-s.p.woff2" as="font" type="font/woff2" crossorigin="anonymous" data-next-font="size-adjust"/>'
            f'{links}<noscript data-n-css=""></noscript><script defer="" nomodule="" src="/_next/static/chunks/polyfills-42372ed130431b0a.js"></script>{js}'
            f'<script src="/_next/static/{BUILD_ID}/_buildManifest.js" defer=""></script><script src="/_next/static/{BUILD_ID}/_ssgManifest.js" defer=""></script>'
            '<style data-emotion="css-global 1g8vqk4">:host,:root,[data-theme]{--chakra-ring-inset:var(--chakra-empty,/*!*/ /*!*/);--chakra-colors-brand-500:#2f5d50;}</style>'
            f'<style data-emotion="css {emotion_keys}">/* critical chakra styles */</style>'
            f'<style data-styled="" data-styled-version="5.3.11">/*!sc*/ data-styled.g1[id="{sc("Carousel").split()[0]}"]{{content:"{sc("Carousel").split()[1]},"}}/*!sc*/</style>'
            f'</head><body><div id="__next"><div class="{cm("Layout", "root")}">{self.announcement()}{self.header(kind)}'
            f'<main class="{cm("Layout", "main")}">{main}</main>{self.footer()}</div></div>'
            f'<script id="__NEXT_DATA__" type="application/json">{json.dumps(data, separators=(",", ":"))}</script></body></html>'
        )
        return record(HOST, path, html, css)

    def announcement(self) -> str:
        return f'<div class="{cm("AnnouncementBar", "bar")}" role="region" aria-label="Announcement"><p class="chakra-text {em("ann")}">Free shipping over €100 · 60-day returns</p></div>'

    def header(self, kind: str) -> str:
        links = [
            ("/shop", "Shop", kind == "product"),
            ("/journal", "Journal", kind in ("article", "listing")),
            ("/stores", "Stores", False),
            ("/about", "About", False),
        ]
        lis = "".join(
            f'<li><a class="{cm("Header", "navLink")}{" " + cm("Header", "active") if act else ""}" href="{u}"{" aria-current=" + chr(34) + "page" + chr(34) if act else ""}>{lbl}</a></li>'
            for u, lbl, act in links
        )
        btn = f"chakra-button {em('iconbutton', 'ghost')}"
        return (
            f'<header class="{cm("Header", "header")}"><div class="{cm("Header", "inner")}">'
            f'<a class="{cm("Header", "logo")}" href="/"><svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><path d="M2 28 14 6l6 10 4-6 6 18z" fill="currentColor"></path></svg>'
            f'<span class="{cm("Header", "wordmark")}">Fjällkit</span></a>'
            f'<nav class="{cm("Header", "nav")}" aria-label="Main"><ul class="{cm("Header", "navList")}">{lis}</ul></nav>'
            f'<div class="{cm("Header", "actions")}"><button type="button" class="{btn}" aria-label="Search">{icon("search")}</button>'
            f'<a class="chakra-link {em("link", "icon")}" href="/account" aria-label="Account">{icon("user")}</a>'
            f'<button type="button" class="{btn}" aria-label="Cart (0 items)">{icon("bag")}<span class="chakra-badge {em("badge", "cart")}">0</span></button>'
            f'<button type="button" class="{cm("Header", "burger")}" aria-label="Open menu" aria-expanded="false"><span></span><span></span></button></div></div></header>'
        )

    def footer(self) -> str:
        cols = [
            ("Shop", ["Tents", "Jackets", "Packs", "Sale"]),
            ("Help", ["Shipping", "Returns", "Warranty", "Repairs"]),
            ("Company", ["About", "Journal", "Careers", "Press"]),
        ]
        html = "".join(
            f'<div class="chakra-stack {em("stack", "footer")}"><p class="chakra-text {cm("Footer", "heading")}">{h}</p>'
            + "".join(
                f'<a class="chakra-link {em("link", "footer")}" href="/{x.lower()}">{x}</a>'
                for x in items
            )
            + "</div>"
            for h, items in cols
        )
        return (
            f'<footer class="{cm("Footer", "footer")}"><div class="{cm("Footer", "grid")}">{html}'
            f'<form class="{sc("Newsletter")}" action="/api/newsletter" method="post"><label for="nl-email" class="{sc("NewsletterLabel")}">Field notes, monthly</label>'
            f'<div class="{sc("NewsletterRow")}"><input id="nl-email" type="email" name="email" placeholder="you@example.com" class="chakra-input {em("input", "newsletter")}" required=""/>'
            f'<button type="submit" class="chakra-button {em("button", "solid", "brand")}">Subscribe</button></div></form></div>'
            f'<div class="{cm("Footer", "bottom")}"><p class="chakra-text {em("text", "small")}">© 2024 Fjällkit AB · Umeå</p>'
            f'<div class="{cm("Footer", "payments")}">'
            + "".join(
                f'<img src="/icons/pay-{p}.svg" alt="{p}" width="38" height="24"/>'
                for p in ("visa", "mastercard", "klarna", "swish")
            )
            + "</div></div></footer>"
        )

    # ------------------------------------------------------------ cards
    def price(self, p: dict) -> str:
        if p["compare"]:
            return (
                f'<p class="chakra-text {em("price", "sale")}"><span class="{cm("Price", "sale")}">€{p["price"] * 0.8:.0f}</span>'
                f'<s class="{cm("Price", "compare")}">€{p["price"]}</s></p>'
            )
        return f'<p class="chakra-text {em("price")}">€{p["price"]}</p>'

    def product_card(self, p: dict) -> str:
        badge = ""
        if p["compare"]:
            badge = f'<span class="chakra-badge {em("badge", "sale", "red")}">Sale</span>'
        elif p["new"]:
            badge = f'<span class="chakra-badge {em("badge", "new", "green")}">New</span>'
        swatches = "".join(
            f'<span class="{cm("ProductCard", "swatch")}" style="background-color:var(--swatch-{c.lower().replace(" ", "-")})" title="{c}"></span>'
            for c in p["colors"]
        )
        return (
            f'<article class="{cm("ProductCard", "card")}"><a class="{cm("ProductCard", "link")}" href="/products/{p["handle"]}">'
            f'<div class="{cm("ProductCard", "media")}">{nimg(cdn("products", p["handle"], "-1"), p["name"], 600, 750)}{badge}</div>'
            f'<h3 class="{cm("ProductCard", "title")}">{esc(p["name"])}</h3>{self.price(p)}<div class="{cm("ProductCard", "swatches")}">{swatches}</div></a></article>'
        )

    def article_card(self, a: dict, size: str = "md") -> str:
        return (
            f'<article class="{cm("ArticleCard", "card")} {cm("ArticleCard", size)}"><a href="/journal/{a["slug"]}" class="{cm("ArticleCard", "link")}">'
            f'<div class="{cm("ArticleCard", "media")}">{nimg(cdn("journal", a["slug"]), "", 800, 533)}</div>'
            f'<div class="{cm("ArticleCard", "body")}"><p class="chakra-text {em("kicker")}">{a["tags"][0].replace("-", " ").title()}</p>'
            f'<h3 class="chakra-heading {em("heading", "card", size)}">{esc(a["title"])}</h3>'
            f'<p class="chakra-text {em("text", "muted")}"><time dateTime="{a["date"].isoformat()}">{fmt_date(a["date"])}</time></p></div></a></article>'
        )

    def carousel(self, items: list[str], label: str) -> str:
        slides = "".join(
            f'<div class="{sc("Slide")}" role="group" aria-roledescription="slide">{x}</div>'
            for x in items
        )
        return (
            f'<div class="{sc("Carousel", label)}" aria-roledescription="carousel" aria-label="{label}"><div class="{sc("Track")}">{slides}</div>'
            f'<button class="{sc("Arrow", "prev")}" aria-label="Previous">‹</button><button class="{sc("Arrow", "next")}" aria-label="Next">›</button></div>'
        )

    # ------------------------------------------------------------ pages
    def home(self) -> Page:
        t = Text(random.Random(1), "en", NOUNS)
        tiles = "".join(
            f'<a class="{cm("CategoryGrid", "tile")}" href="/shop/{c.lower()}"><div class="{cm("CategoryGrid", "image")}">{nimg(cdn("cat", c.lower()), c, 600, 600)}</div>'
            f'<span class="{cm("CategoryGrid", "label")}">{c}</span></a>'
            for c in ["Tents", "Jackets", "Packs", "Cooking"]
        )
        stories = "".join(
            self.article_card(a, "lg" if i == 0 else "md") for i, a in enumerate(self.articles[:3])
        )
        main = (
            f'<section class="{cm("Hero", "hero")}"><div class="{cm("Hero", "media")}">{nimg("/cdn/hero/summer-2024.jpg", "", 0, 0, True, True)}</div>'
            f'<div class="{cm("Hero", "content")}"><h1 class="chakra-heading {em("heading", "hero")}">{esc(t.title(3, 5))}</h1>'
            f'<p class="chakra-text {em("text", "hero")}">{esc(t.sentence())}</p><div class="chakra-stack {em("stack", "row", "hero")}">'
            f'<a class="chakra-button {em("button", "solid", "brand", "lg")}" href="/shop/new">Shop new arrivals</a>'
            f'<a class="chakra-button {em("button", "outline", "white", "lg")}" href="/journal">Read the journal</a></div></div></section>'
            f'<section class="{cm("Home", "section")}"><h2 class="chakra-heading {em("heading", "section")}">Shop by activity</h2><div class="{cm("CategoryGrid", "grid")}">{tiles}</div></section>'
            f'<section class="{cm("Home", "section")}"><h2 class="chakra-heading {em("heading", "section")}">Bestsellers</h2>{self.carousel([self.product_card(p) for p in self.products[:8]], "Bestsellers")}</section>'
            f'<section class="{cm("Home", "section")} {cm("Home", "stories")}"><h2 class="chakra-heading {em("heading", "section")}">From the journal</h2><div class="{cm("Home", "storyGrid")}">{stories}</div></section>'
            f'<section class="{cm("Home", "values")}">'
            + "".join(
                f'<div class="{cm("Home", "value")}"><h3 class="chakra-heading {em("heading", "value")}">{h}</h3><p class="chakra-text {em("text")}">{esc(t.sentence())}</p></div>'
                for h in ["Built to be repaired", "Lifetime warranty", "Made in Europe"]
            )
            + "</section>"
        )
        return self.doc(
            "home",
            "/",
            "Fjällkit — gear for long days outside",
            main,
            {"products": len(self.products)},
            {},
        ), "home"

    def article(self, i: int) -> Page:
        a = self.articles[i]
        r = random.Random(a["seed"])
        t = Text(r, "en", NOUNS)
        blocks = []
        for _ in range(r.randint(3, 18)):
            k = r.random()
            if k < 0.55:
                blocks.append(f"<p>{esc(t.para(1, 5))}</p>")
            elif k < 0.68:
                blocks.append(f"<h2>{esc(t.title(2, 5))}</h2>")
            elif k < 0.76:
                blocks.append(
                    f'<figure class="{cm("RichText", "figure")}">{nimg(cdn("journal", a["slug"], "-" + str(r.randint(1, 9))), "", 1600, 1067)}'
                    f'<figcaption class="{cm("RichText", "caption")}">{esc(t.sentence())}</figcaption></figure>'
                )
            elif k < 0.82:
                blocks.append(
                    f'<blockquote class="{cm("RichText", "quote")}"><p>{esc(t.sentence())}</p><cite>{esc(t.name())}</cite></blockquote>'
                )
            elif k < 0.88:
                blocks.append(
                    "<ul>"
                    + "".join(f"<li>{esc(t.sentence())}</li>" for _ in range(r.randint(2, 6)))
                    + "</ul>"
                )
            elif k < 0.95:
                blocks.append(
                    f'<aside class="{cm("RichText", "shoppable")}"><p class="chakra-text {em("kicker")}">Gear in this story</p>'
                    f'<div class="{cm("RichText", "products")}">{"".join(self.product_card(p) for p in r.sample(self.products, r.randint(1, 3)))}</div></aside>'
                )
            else:
                blocks.append(
                    f'<div class="{cm("RichText", "embed")}"><iframe src="https://www.youtube-nocookie.com/embed/{short_hash(a["slug"], n=11, alphabet=B64)}" title="Video" allow="autoplay; encrypted-media" allowfullscreen="" loading="lazy"></iframe></div>'
                )
        hero = (
            f'<div class="{cm("Article", "heroVideo")}"><video autoplay="" muted="" loop="" playsinline="" poster="/cdn/journal/{a["slug"]}.jpg"><source src="/cdn/journal/{a["slug"]}.mp4" type="video/mp4"/></video></div>'
            if a["hero_video"]
            else f'<div class="{cm("Article", "hero")}">{nimg(cdn("journal", a["slug"]), "", 0, 0, True, True)}</div>'
        )
        tags = "".join(
            f'<a class="chakra-tag {em("tag", "subtle")}" href="/journal/tag/{x}"><span class="chakra-tag__label {em("taglabel")}">{x.replace("-", " ")}</span></a>'
            for x in a["tags"]
        )
        related = [b for b in self.articles if b is not a and set(b["tags"]) & set(a["tags"])][:3]
        rel = (
            (
                f'<section class="{cm("Article", "related")}"><h2 class="chakra-heading {em("heading", "section")}">Keep reading</h2>'
                f'<div class="{cm("Article", "relatedGrid")}">{"".join(self.article_card(b) for b in related)}</div></section>'
            )
            if related
            else ""
        )
        initials = "".join(w[0] for w in a["author"].split())
        main = (
            f'<article class="{cm("Article", "article")}"><header class="{cm("Article", "header")}"><div class="chakra-wrap {em("wrap")}"><ul class="chakra-wrap__list {em("wraplist")}">{tags}</ul></div>'
            f'<h1 class="chakra-heading {em("heading", "article")}">{esc(a["title"])}</h1>'
            f'<div class="{cm("Article", "byline")}"><span class="chakra-avatar {em("avatar", "sm")}"><div role="img" aria-label="{esc(a["author"])}" class="chakra-avatar__initials {em("initials")}">{initials}</div></span>'
            f'<p class="chakra-text {em("text", "muted")}">{esc(a["author"])} · <time dateTime="{a["date"].isoformat()}">{fmt_date(a["date"])}</time> · {r.randint(3, 15)} min read</p></div></header>'
            f'{hero}<div class="{cm("Article", "body")} {cm("RichText", "root")}">{"".join(blocks)}</div></article>{rel}'
        )
        return self.doc(
            "article",
            f"/journal/{a['slug']}",
            f"{a['title']} | Fjällkit Journal",
            main,
            {"slug": a["slug"]},
            {"slug": a["slug"]},
        ), "article"

    def listing(self, page: int, tag: str | None = None) -> Page:
        per = 9
        arts = [a for a in self.articles if tag is None or tag in a["tags"]]
        pages = max(1, -(-len(arts) // per))
        chunk_ = arts[(page - 1) * per : page * per]
        chips = "".join(
            f'<a class="chakra-button {em("button", "chip", "active" if x == tag else "idle")}" href="/journal/tag/{x}"{" aria-current=" + chr(34) + "page" + chr(34) if x == tag else ""}>{x.replace("-", " ").title()}</a>'
            for x in self.tags
        )
        pag = ""
        if pages > 1:
            btns = "".join(
                f'<a class="chakra-button {em("button", "page", "current" if i == page else "idle")}" href="/journal{"" if i == 1 else f"/page/{i}"}"{" aria-current=" + chr(34) + "page" + chr(34) if i == page else ""}>{i}</a>'
                for i in range(1, pages + 1)
            )
            pag = f'<nav class="{cm("JournalIndex", "pagination")}" aria-label="Pagination"><div class="chakra-button__group {em("buttongroup")}" role="group">{btns}</div></nav>'
        heading = "Journal" if tag is None else tag.replace("-", " ").title()
        intro = (
            f'<p class="chakra-text {em("text", "lead")}">Trip reports, repair guides and long reads from the people who test our gear.</p>'
            if tag is None and page == 1
            else ""
        )
        lead_card = ""
        cards = chunk_
        if tag is None and page == 1 and chunk_:
            lead_card = f'<div class="{cm("JournalIndex", "lead")}">{self.article_card(chunk_[0], "lg")}</div>'
            cards = chunk_[1:]
        main = (
            f'<section class="{cm("JournalIndex", "root")}"><header class="{cm("JournalIndex", "header")}"><h1 class="chakra-heading {em("heading", "page")}">{heading}</h1>{intro}</header>'
            f'<div class="{cm("JournalIndex", "chips")}">{chips}</div>{lead_card}<div class="{cm("JournalIndex", "grid")}">{"".join(self.article_card(a) for a in cards)}</div>{pag}</section>'
        )
        if tag:
            path, params = f"/journal/tag/{tag}", ["tag", tag]
        else:
            path, params = (
                ("/journal" if page == 1 else f"/journal/page/{page}"),
                ([] if page == 1 else ["page", str(page)]),
            )
        return self.doc(
            "listing",
            path,
            f"{heading} | Fjällkit",
            main,
            {"page": page, "tag": tag},
            {"params": params} if params else {},
        ), "listing"

    def product(self, i: int) -> Page:
        p = self.products[i]
        r = random.Random(p["seed"])
        t = Text(r, "en", NOUNS)
        slides = [
            nimg(
                cdn("products", p["handle"], "-" + str(k + 1)),
                p["name"],
                1200,
                1500,
                priority=k == 0,
            )
            for k in range(p["images"])
        ]
        thumbs = "".join(
            f'<button class="{sc("Thumb", "active" if k == 0 else "")}" aria-label="Image {k + 1}"><img src="/cdn/products/{p["handle"]}-{k + 1}-thumb.jpg" alt="" width="80" height="100"/></button>'
            for k in range(p["images"])
        )
        gallery = f'<div class="{cm("Product", "gallery")}">{self.carousel(slides, "Product images")}<div class="{sc("Thumbs")}">{thumbs}</div></div>'
        rating = ""
        if p["reviews"]:
            avg = sum(p["reviews"]) / len(p["reviews"])
            rating = (
                f'<a href="#reviews" class="chakra-link {em("link", "rating")}"><span class="{cm("Rating", "stars")}" style="--rating:{avg:.1f}">'
                + icon("star", "rating") * 5
                + f'</span><span class="chakra-text {em("text", "small")}">{avg:.1f} ({len(p["reviews"])})</span></a>'
            )
        colors = "".join(
            f'<label class="chakra-radio {em("swatch-radio")}"><input class="chakra-radio__input" type="radio" name="color" value="{c}"{CHECKED if k == 0 else ""} style="border:0;clip:rect(0px, 0px, 0px, 0px);height:1px;width:1px;margin:-1px;padding:0;overflow:hidden;white-space:nowrap;position:absolute"/>'
            f'<span class="chakra-radio__control {em("swatch", c)}" aria-hidden="true"></span><span class="chakra-radio__label {em("radiolabel")}">{c}</span></label>'
            for k, c in enumerate(p["colors"])
        )
        sizes = ""
        if p["sizes"]:
            sizes = (
                f'<fieldset class="{cm("Product", "sizes")}"><legend class="chakra-text {em("legend")}">Size</legend><div role="radiogroup" class="chakra-stack {em("stack", "row", "sizes")}">'
                + "".join(
                    f'<button type="button" role="radio" aria-checked="false" class="chakra-button {em("button", "size", "outline")}">{s}</button>'
                    for s in p["sizes"]
                )
                + f'</div><a class="chakra-link {em("link", "small")}" href="/size-guide">Size guide</a></fieldset>'
            )
        acc_items = [
            ("Details", "".join(f"<li>{esc(t.sentence())}</li>" for _ in range(r.randint(3, 7)))),
            ("Materials &amp; care", f"<p>{esc(t.para(1, 3))}</p>"),
            (
                "Shipping &amp; returns",
                "<p>Free shipping over €100. Free returns within 60 days.</p>",
            ),
        ]
        if r.random() < 0.5:
            acc_items.insert(
                1,
                (
                    "Specifications",
                    "<table>"
                    + "".join(
                        f"<tr><th>{esc(t.label())}</th><td>{esc(t.words(1, 3))}</td></tr>"
                        for _ in range(r.randint(3, 8))
                    )
                    + "</table>",
                ),
            )
        acc = "".join(
            f'<div class="chakra-accordion__item {em("accitem")}"><h2><button type="button" id="accordion-button-:r{k}:" aria-expanded="false" aria-controls="accordion-panel-:r{k}:" class="chakra-accordion__button {em("accbutton")}">'
            f'<div class="{em("acctitle")}">{h}</div>{icon("chev", "acc")}</button></h2><div class="chakra-collapse" style="overflow:hidden;display:none;opacity:0;height:0px">'
            f'<div role="region" id="accordion-panel-:r{k}:" aria-labelledby="accordion-button-:r{k}:" class="chakra-accordion__panel {em("accpanel")}">{"<ul>" + body + "</ul>" if body.startswith("<li>") else body}</div></div></div>'
            for k, (h, body) in enumerate(acc_items)
        )
        reviews = ""
        if p["reviews"]:
            items = "".join(
                f'<li class="{cm("Reviews", "item")}"><div class="{cm("Rating", "stars")}" style="--rating:{v}">{icon("star", "rating") * 5}</div>'
                f'<p class="chakra-text {em("text", "bold")}">{esc(t.title(2, 4))}</p><p class="chakra-text {em("text")}">{esc(t.para(1, 3))}</p>'
                f'<p class="chakra-text {em("text", "muted", "small")}">{esc(t.name())} · Verified buyer</p></li>'
                for v in p["reviews"][:5]
            )
            more = (
                f'<button type="button" class="chakra-button {em("button", "outline")}">Show all {len(p["reviews"])} reviews</button>'
                if len(p["reviews"]) > 5
                else ""
            )
            reviews = f'<section id="reviews" class="{cm("Reviews", "root")}"><h2 class="chakra-heading {em("heading", "section")}">Reviews</h2><ul class="{cm("Reviews", "list")}">{items}</ul>{more}</section>'
        seen = [a for a in self.articles if r.random() < 0.15][:2]
        seen_html = (
            (
                f'<section class="{cm("Product", "stories")}"><h2 class="chakra-heading {em("heading", "section")}">Seen in the journal</h2>'
                f'<div class="{cm("Product", "storyGrid")}">{"".join(self.article_card(a) for a in seen)}</div></section>'
            )
            if seen
            else ""
        )
        recs = r.sample([q for q in self.products if q is not p], 4)
        stock = (
            f'<p class="chakra-text {em("text", "stock", "low")}">Only {r.randint(1, 4)} left</p>'
            if r.random() < 0.2
            else f'<p class="chakra-text {em("text", "stock")}">In stock · ships in 1–2 days</p>'
        )
        main = (
            f'<div class="{cm("Product", "root")}"><nav aria-label="breadcrumb" class="chakra-breadcrumb {em("breadcrumb")}"><ol class="chakra-breadcrumb__list {em("bclist")}">'
            f'<li class="chakra-breadcrumb__list-item {em("bcitem")}"><a class="chakra-breadcrumb__link {em("bclink")}" href="/shop">Shop</a></li>'
            f'<li class="chakra-breadcrumb__list-item {em("bcitem")}"><span aria-current="page" class="chakra-breadcrumb__link {em("bclink", "current")}">{esc(p["name"])}</span></li></ol></nav>'
            f'<div class="{cm("Product", "top")}">{gallery}<div class="{cm("Product", "info")}"><h1 class="chakra-heading {em("heading", "product")}">{esc(p["name"])}</h1>{rating}{self.price(p)}'
            f'<p class="chakra-text {em("text", "lead")}">{esc(t.sentences(1, 2))}</p><fieldset class="{cm("Product", "colors")}"><legend class="chakra-text {em("legend")}">Colour</legend>'
            f'<div role="radiogroup" class="chakra-stack {em("stack", "row", "swatches")}">{colors}</div></fieldset>{sizes}{stock}'
            f'<button type="button" class="chakra-button {em("button", "solid", "brand", "lg", "full")}">Add to cart — €{p["price"]}</button>'
            f'<div class="chakra-accordion {em("accordion")}">{acc}</div></div></div>{reviews}{seen_html}'
            f'<section class="{cm("Product", "recs")}"><h2 class="chakra-heading {em("heading", "section")}">You might also like</h2><div class="{cm("Product", "recGrid")}">{"".join(self.product_card(q) for q in recs)}</div></section></div>'
        )
        return self.doc(
            "product",
            f"/products/{p['handle']}",
            f"{p['name']} | Fjällkit",
            main,
            {"handle": p["handle"]},
            {"handle": p["handle"]},
        ), "product"


CHECKED = ' checked=""'


def build(seed: int = 0) -> list[Page]:
    s = Site(seed)
    out: list[Page] = [s.home()]
    out += [s.article(i) for i in range(len(s.articles))]
    pages = -(-len(s.articles) // 9)
    out += [s.listing(p) for p in range(1, pages + 1)]
    out += [s.listing(1, tag) for tag in s.tags[:4]]
    out += [s.product(i) for i in range(len(s.products))]
    return out
