"""shop_sections — a small store on a Shopify "Dawn"-style theme with optional sections.

Shopify themes build a product page from sections the merchant switches on per
product template or per product (metafields decide what shows): a product
reviews app (a list of reviews, or a "be the first" line when there are none),
"You may also like" recommendations, a specifications table, a
recently-viewed strip, a size-chart drawer. Each product has its own mix, so two
product pages often each have a block the other lacks, and several products
have two or three of them side by side. The home page reuses the collection's
product grid and the product page's info block ("featured product").

Templates (labels are the JSON template that rendered the page):

* ``product``    -- templates/product.json: gallery, info (vendor, title, price,
  variant picker on some products, buy form), description, optional sections.
* ``collection`` -- templates/collection.json: banner (description optional),
  filters on the large collections, product grid, pagination on long ones.
* ``article``    -- templates/article.json: hero image (optional), title, date,
  body, comments and the comment form when comments are on.
* ``page``       -- templates/page.json: title and rich text.
* ``index``      -- templates/index.json: slideshow, featured collection grid,
  featured product, rich text.
"""

from __future__ import annotations

import random

from ._common import Page, Text, esc, record, slugify

HOST = "saltmarshceramics.com"
CSS = [
    "//saltmarshceramics.com/cdn/shop/t/4/assets/base.css?v=1571",
    "//saltmarshceramics.com/cdn/shop/t/4/assets/component-card.css?v=1203",
]
PRODUCT_CSS = ["//saltmarshceramics.com/cdn/shop/t/4/assets/section-main-product.css?v=9030"]
NOUNS = ["mug", "bowl", "plate", "vase", "jug", "planter", "platter", "cup", "dish", "teapot"]
GLAZES = ["Tidal", "Kelp", "Dune", "Heron", "Slate", "Samphire", "Brine", "Shell"]


def _head(title: str, css: list[str]) -> str:
    links = "".join(f'<link href="{c}" rel="stylesheet" type="text/css" media="all">' for c in css)
    return (
        '<!doctype html><html class="no-js" lang="en"><head><meta charset="utf-8">'
        f"<title>{esc(title)} &ndash; Saltmarsh Ceramics</title>{links}</head>"
    )


def _header() -> str:
    menu = "".join(
        f'<li><a href="/collections/{s}" class="header__menu-item list-menu__item link">'
        f"<span>{esc(n)}</span></a></li>"
        for s, n in (("all", "Shop"), ("tableware", "Tableware"), ("vases", "Vases"))
    )
    return (
        '<body class="gradient"><a class="skip-to-content-link button visually-hidden" '
        'href="#MainContent">Skip to content</a>'
        '<div id="shopify-section-header" class="shopify-section section-header">'
        '<header class="header header--middle-left page-width">'
        '<a href="/" class="header__heading-link link"><span class="h2">Saltmarsh</span></a>'
        f'<nav class="header__inline-menu"><ul class="list-menu list-menu--inline">{menu}</ul></nav>'
        '<div class="header__icons"><a href="/search" class="header__icon link">Search</a>'
        '<a href="/cart" class="header__icon header__icon--cart link" id="cart-icon-bubble">Cart</a>'
        "</div></header></div>"
    )


def _footer() -> str:
    return (
        '<div id="shopify-section-footer" class="shopify-section">'
        '<footer class="footer"><div class="footer__content-top page-width">'
        '<ul class="footer-block__details-content list-unstyled">'
        '<li><a href="/pages/shipping" class="link list-menu__item--link">Shipping</a></li>'
        '<li><a href="/pages/care" class="link list-menu__item--link">Care</a></li></ul>'
        '<form method="post" action="/contact#contact_form" class="newsletter-form">'
        '<input type="email" name="contact[email]" class="field__input">'
        '<button type="submit" class="newsletter-form__button field__button">Subscribe</button>'
        "</form></div>"
        '<div class="footer__content-bottom"><small class="copyright__content">'
        "&copy; 2024, Saltmarsh Ceramics</small></div></footer></div></body></html>"
    )


def _card(rng: random.Random, name: str) -> str:
    sale = rng.random() < 0.3
    price = f"&pound;{rng.randint(12, 90)}.00"
    badge = '<span class="badge price__badge-sale color-accent-2">Sale</span>' if sale else ""
    return (
        '<li class="grid__item"><div class="card-wrapper product-card-wrapper underline-links-hover">'
        '<div class="card card--standard card--media"><div class="card__inner ratio">'
        f'<div class="card__media"><img src="/cdn/shop/files/{slugify(name)}.jpg" alt="" '
        'class="motion-reduce" loading="lazy" width="533"></div></div>'
        '<div class="card__content"><div class="card__information">'
        f'<h3 class="card__heading h5"><a href="/products/{slugify(name)}" class="full-unstyled-link">'
        f"{esc(name)}</a></h3>"
        f'<div class="price"><span class="price-item price-item--regular">{price}</span>{badge}</div>'
        "</div></div></div></div></li>"
    )


def _info(rng: random.Random, name: str, variants: bool) -> str:
    picker = ""
    if variants:
        sizes = "".join(
            f'<input type="radio" id="size-{s}" name="Size" value="{s}"><label for="size-{s}">{s}</label>'
            for s in ("Small", "Medium", "Large")
        )
        picker = (
            '<variant-radios class="no-js-hidden"><fieldset class="js product-form__input">'
            f'<legend class="form__label">Size</legend>{sizes}</fieldset></variant-radios>'
        )
    return (
        '<div class="product__info-wrapper grid__item"><div class="product__info-container">'
        '<p class="product__text inline-richtext caption-with-letter-spacing">Saltmarsh</p>'
        f'<div class="product__title"><h1>{esc(name)}</h1></div>'
        '<div class="no-js-hidden" id="price-main" role="status"><div class="price price--large">'
        f'<span class="price-item price-item--regular">&pound;{rng.randint(12, 90)}.00</span>'
        "</div></div>"
        f"{picker}"
        '<product-form class="product-form"><form method="post" action="/cart/add" '
        'class="form" enctype="multipart/form-data">'
        f'<input type="hidden" name="id" value="{rng.randint(10**9, 10**10)}">'
        '<div class="product-form__buttons"><button type="submit" name="add" '
        'class="product-form__submit button button--full-width button--secondary">Add to cart</button>'
        "</div></form></product-form></div></div>"
    )


class _Site:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.t = Text(self.rng, "en", NOUNS)
        names = set()
        while len(names) < 22:
            names.add(f"{self.rng.choice(GLAZES)} {self.rng.choice(NOUNS).title()}")
        self.products = sorted(names)

    def page(self, url: str, title: str, main: str, css: list[str]) -> dict:
        doc = (
            _head(title, CSS + css)
            + _header()
            + f'<main id="MainContent" class="content-for-layout focus-none" role="main" tabindex="-1">'
            f"{main}</main>" + _footer()
        )
        return record(HOST, url, doc, CSS + css)

    def product(self, name: str) -> Page:
        r, t = self.rng, self.t
        gallery = "".join(
            f'<li class="product__media-item grid__item"><div class="product__media media">'
            f'<img src="/cdn/shop/products/{slugify(name)}-{k}.jpg" alt="" width="1100"></div></li>'
            for k in range(r.randint(1, 4))
        )
        main = (
            '<section id="shopify-section-template--main" class="shopify-section section">'
            '<section class="page-width product product--medium grid grid--1-col grid--2-col-tablet">'
            '<div class="grid__item product__media-wrapper"><media-gallery class="product__media-gallery">'
            f'<ul class="product__media-list grid grid--peek list-unstyled slider">{gallery}</ul>'
            "</media-gallery></div>" + _info(r, name, r.random() < 0.4) + "</section>"
            f'<div class="product__description rte page-width"><p>{esc(t.para(2, 5))}</p></div></section>'
        )
        # Optional sections, each switched on per product.
        if r.random() < 0.5:
            specs = "".join(
                f"<tr><th>{esc(t.label())}</th><td>{esc(t.words(1, 3))}</td></tr>"
                for _ in range(r.randint(3, 6))
            )
            main += (
                '<section id="shopify-section-template--specs" class="shopify-section">'
                '<div class="product-specs page-width"><h2 class="product-specs__heading">Details</h2>'
                f'<table class="product-specs__table">{specs}</table></div></section>'
            )
        if r.random() < 0.55:
            reviews = "".join(
                '<div class="spr-review"><div class="spr-review-header">'
                f'<span class="spr-starratings">{"&#9733;" * r.randint(3, 5)}</span>'
                f'<h3 class="spr-review-header-title">{esc(t.title(2, 5))}</h3>'
                f'<span class="spr-review-header-byline"><strong>{esc(t.name())}</strong></span></div>'
                f'<div class="spr-review-content"><p class="spr-review-content-body">{esc(t.sentences(1, 3))}</p>'
                "</div></div>"
                for _ in range(r.randint(1, 5))
            )
            body = f'<div class="spr-reviews">{reviews}</div>'
        else:
            body = '<p class="spr-summary-empty">Be the first to write a review</p>'
        main += (
            '<section id="shopify-section-template--reviews" class="shopify-section">'
            '<div id="shopify-product-reviews" class="spr-container page-width">'
            '<h2 class="spr-header-title">Customer Reviews</h2>'
            f"{body}</div></section>"
        )
        if r.random() < 0.5:
            cards = "".join(_card(r, r.choice(self.products)) for _ in range(4))
            main += (
                '<section id="shopify-section-template--related" class="shopify-section">'
                '<product-recommendations class="related-products page-width isolate">'
                '<h2 class="related-products__heading inline-richtext h2">You may also like</h2>'
                f'<ul class="grid product-grid grid--4-col-desktop">{cards}</ul>'
                "</product-recommendations></section>"
            )
        if r.random() < 0.35:
            seen = "".join(
                f'<li class="recently-viewed__item"><a href="/products/{slugify(n)}">'
                f'<img src="/cdn/shop/files/{slugify(n)}-thumb.jpg" alt="{esc(n)}"></a></li>'
                for n in r.sample(self.products, 3)
            )
            main += (
                '<section id="shopify-section-template--recent" class="shopify-section">'
                '<div class="recently-viewed page-width"><h2 class="recently-viewed__heading">'
                f'Recently viewed</h2><ul class="recently-viewed__list">{seen}</ul></div></section>'
            )
        return self.page(f"/products/{slugify(name)}", name, main, PRODUCT_CSS), "product"

    def collection(self, handle: str, title: str, n: int, page: int = 1) -> Page:
        r, t = self.rng, self.t
        desc = (
            f'<div class="collection-hero__description rte">{esc(t.sentences(1, 2))}</div>'
            if page == 1 and r.random() < 0.6
            else ""
        )
        filters = ""
        if n > 8:
            options = "".join(
                f'<li class="list-menu__item facets__item"><label class="facet-checkbox">'
                f'<input type="checkbox" name="filter.p.m.custom.glaze" value="{g}">{g}</label></li>'
                for g in GLAZES[:5]
            )
            filters = (
                '<div class="facets-container page-width"><facet-filters-form class="facets small-hide">'
                '<form id="FacetFiltersForm" class="facets__form">'
                f'<details class="facets__disclosure"><summary>Glaze</summary><ul class="facets__list list-unstyled">'
                f"{options}</ul></details></form></facet-filters-form></div>"
            )
        items = (
            self.products[(page - 1) * 8 : page * 8][:n] if n > 8 else r.sample(self.products, n)
        )
        grid = "".join(_card(r, name) for name in items)
        pages = (
            ""
            if n <= 8
            else (
                '<nav class="pagination-wrapper" role="navigation"><ul class="pagination__list list-unstyled">'
                + "".join(
                    f'<li><a href="/collections/{handle}?page={k}" class="pagination__item link">{k}</a></li>'
                    for k in range(1, -(-n // 8) + 1)
                )
                + "</ul></nav>"
            )
        )
        main = (
            '<section id="shopify-section-template--banner" class="shopify-section">'
            '<div class="collection-hero"><div class="collection-hero__inner page-width">'
            f'<h1 class="collection-hero__title">{esc(title)}</h1>{desc}</div></div></section>'
            '<section id="shopify-section-template--grid" class="shopify-section">'
            f"{filters}"
            '<div class="product-grid-container"><div class="collection page-width">'
            f'<ul id="product-grid" class="grid product-grid grid--2-col-tablet-down">{grid}</ul>'
            f"{pages}</div></div></section>"
        )
        query = f"?page={page}" if page > 1 else ""
        return self.page(f"/collections/{handle}{query}", title, main, []), "collection"

    def article(self, title: str) -> Page:
        r, t = self.rng, self.t
        hero = (
            '<div class="article-template__hero-container"><div class="article-template__hero-medium media">'
            f'<img src="/cdn/shop/articles/{slugify(title)}.jpg" alt="" width="1100"></div></div>'
            if r.random() < 0.7
            else ""
        )
        body = "".join(f"<p>{esc(t.para(2, 5))}</p>" for _ in range(r.randint(2, 6)))
        comments = ""
        if r.random() < 0.5:
            items = "".join(
                f'<article class="comment"><div class="comment__content rte"><p>{esc(t.sentences(1, 3))}</p>'
                f'</div><footer class="right"><span class="comment__author">{esc(t.name())}</span></footer>'
                "</article>"
                for _ in range(r.randint(1, 4))
            )
            comments = (
                '<div class="article-template__comment-wrapper background-secondary">'
                f'<div id="comments" class="page-width page-width--narrow"><h2>Comments</h2>{items}</div>'
                '<div class="article-template__comments"><form method="post" action="/blogs/journal/comments" '
                'id="comment_form" class="comment-form"><h2>Leave a comment</h2>'
                '<input type="text" name="comment[author]" class="field__input">'
                '<textarea name="comment[body]" class="text-area field__input"></textarea>'
                '<input type="submit" class="button" value="Post comment"></form></div></div>'
            )
        main = (
            '<section id="shopify-section-template--article" class="shopify-section section">'
            f'<article class="article-template">{hero}'
            '<header class="page-width page-width--narrow">'
            f'<h1 class="article-template__title">{esc(title)}</h1>'
            '<span class="circle-divider caption-with-letter-spacing"><time>May 2024</time></span></header>'
            f'<div class="article-template__content page-width page-width--narrow rte">{body}</div>'
            f"{comments}</article></section>"
        )
        return self.page(f"/blogs/journal/{slugify(title)}", title, main, []), "article"

    def static(self, handle: str, title: str) -> Page:
        body = "".join(f"<p>{esc(self.t.para(1, 4))}</p>" for _ in range(self.rng.randint(1, 4)))
        main = (
            '<section id="shopify-section-template--page" class="shopify-section">'
            '<div class="page-width page-width--narrow section-template--padding">'
            f'<h1 class="main-page-title page-title h0">{esc(title)}</h1>'
            f'<div class="rte">{body}</div></div></section>'
        )
        return self.page(f"/pages/{handle}", title, main, []), "page"

    def index(self) -> Page:
        r = self.rng
        grid = "".join(_card(r, name) for name in r.sample(self.products, 8))
        featured = r.choice(self.products)
        main = (
            '<section id="shopify-section-template--slideshow" class="shopify-section">'
            '<slideshow-component class="slider-mobile-gutter"><div class="slideshow banner">'
            '<div class="slideshow__slide grid__item"><div class="slideshow__media banner__media media">'
            '<img src="/cdn/shop/files/hero.jpg" alt="" width="3840"></div>'
            '<div class="slideshow__text-wrapper banner__content"><h2 class="banner__heading h1">'
            "Made by the sea</h2></div></div></div></slideshow-component></section>"
            '<section id="shopify-section-template--featured" class="shopify-section">'
            '<div class="collection page-width"><h2 class="title inline-richtext h2">New in</h2>'
            f'<ul class="grid product-grid grid--4-col-desktop">{grid}</ul></div></section>'
            '<section id="shopify-section-template--product" class="shopify-section">'
            '<section class="page-width featured-product product grid grid--1-col grid--2-col-tablet">'
            + _info(r, featured, False)
            + "</section></section>"
        )
        return self.page("/", "Saltmarsh Ceramics", main, PRODUCT_CSS), "index"


def build(seed: int = 0) -> list[Page]:
    s = _Site(seed)
    r = s.rng
    out = [s.index()]
    out += [s.product(name) for name in s.products[:18]]
    out.append(s.collection("all", "All products", 20, 1))
    out.append(s.collection("all", "All products", 20, 2))
    out.append(s.collection("all", "All products", 20, 3))
    for handle, title in (("tableware", "Tableware"), ("vases", "Vases"), ("gifts", "Gifts")):
        out.append(s.collection(handle, title, r.randint(3, 7)))
    for _ in range(7):
        out.append(s.article(s.t.title(3, 7)))
    for handle, title in (
        ("shipping", "Shipping"),
        ("care", "Caring for your pots"),
        ("about", "About"),
    ):
        out.append(s.static(handle, title))
    return out
