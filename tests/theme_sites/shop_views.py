"""shop_views — a small bookshop on a Django shop framework's Bootstrap theme.

Several *views* of one entity: every product has its page at
``/catalogue/<slug>_<id>/`` and a review form at
``/catalogue/<slug>_<id>/reviews/add/`` that repeats the product's summary
(title, price, picture, add-to-basket) above the form. Products may have a
description section, customer reviews, an "on sale" price; categories are
paginated listings (``?page=2``). Templates (seed 0 counts): ``detail`` (9),
``review_form`` (7), ``category`` (4), ``basket`` (1), ``home`` (1).

Seed 1 draws other books, other optional parts and other counts.
"""

from __future__ import annotations

import random

from ._common import Page, Text, esc, record, slugify

HOST = "shelfwise.books"
CSS = ["/static/oscar/css/styles.css", "/static/oscar/js/bootstrap4-datetimepicker/css.css"]
TITLES = [
    "The Quiet Harbour",
    "A Field Guide to Moss",
    "Night Trains of Europe",
    "The Salt Road",
    "Lanterns in the Fog",
    "Small Gods of the Garden",
    "The Clockmaker's Daughter",
    "Notes on Bread",
    "Ink and Iron",
    "The Orchard Year",
    "Winter Pantry",
    "Maps of the Unmapped",
    "The Patient Loom",
    "Copper Kettle Mornings",
]
CATEGORIES = ["Fiction", "Nature", "Travel", "Food and Drink", "History"]


def _page(title: str, crumbs: list[tuple[str, str]], inner: str) -> str:
    crumb = "".join(
        f'<li class="breadcrumb-item"><a href="{u}">{esc(t)}</a></li>' for u, t in crumbs
    )
    return (
        f"<!DOCTYPE html><html lang='en-gb'><head><title>{esc(title)} | Shelfwise</title>"
        + "".join(f'<link rel="stylesheet" href="{c}">' for c in CSS)
        + "</head><body id='default' class='default'>"
        "<header class='header container-fluid'><div class='page_inner'><div class='row'>"
        "<div class='col-sm-7 h1'><a href='/'>Shelfwise</a></div>"
        "<div class='col-sm-5 basket-mini'><strong>Basket total:</strong> £0.00"
        "<span class='btn-group'><a class='btn btn-secondary' href='/basket/'>View basket</a>"
        "</span></div></div></div></header>"
        "<nav class='navbar navbar-expand-lg navbar-light bg-light'><ul class='navbar-nav'>"
        + "".join(
            f"<li class='nav-item'><a class='nav-link' href='/catalogue/category/{slugify(c)}/'>"
            f"{esc(c)}</a></li>"
            for c in CATEGORIES
        )
        + "</ul><form class='form-inline' method='get' action='/search/'>"
        "<input type='search' name='q' class='form-control'>"
        "<button class='btn btn-secondary' type='submit'>Search</button></form></nav>"
        "<div class='container page'><div class='page_inner'>"
        f"<nav aria-label='breadcrumb'><ol class='breadcrumb'>{crumb}</ol></nav>"
        f"<div class='content'><div id='content_inner'>{inner}</div></div></div></div>"
        "<footer class='footer container'><p>© Shelfwise</p></footer></body></html>"
    )


def _summary(book: dict) -> str:
    """The product's summary: picture, title, price, stock, add to basket."""
    price = f"<p class='price_color'>£{book['price']}</p>"
    if book["sale"]:
        price = f"<p class='price_color'><del>£{book['was']}</del> £{book['price']}</p>"
    return (
        "<div class='row'><div class='col-sm-6'><div id='product_gallery' class='carousel'>"
        "<div class='carousel-inner'><div class='carousel-item active'>"
        f"<img class='img-fluid' src='/media/{book['slug']}.jpg' alt='{esc(book['title'])}'>"
        "</div></div></div></div>"
        f"<div class='col-sm-6 product_main'><h1>{esc(book['title'])}</h1>{price}"
        "<p class='instock availability'>In stock</p>"
        f"<form class='add-to-basket' action='/basket/add/{book['id']}/' method='post'>"
        "<input type='hidden' name='csrfmiddlewaretoken' value='x'>"
        "<button class='btn btn-primary' type='submit'>Add to basket</button></form>"
        "</div></div>"
    )


def _detail(book: dict, text: Text, rng: random.Random) -> str:
    parts = [_summary(book)]
    if book["description"]:
        paras = "".join(f"<p>{esc(text.sentence())}</p>" for _ in range(rng.randint(1, 3)))
        parts.append(
            "<div id='product_description' class='sub-header'><h2>Product Description</h2>"
            f"</div>{paras}"
        )
    rows = "".join(
        f"<tr><th>{k}</th><td>{esc(v)}</td></tr>"
        for k, v in (("UPC", book["upc"]), ("Product Type", "Books"), ("Availability", "Yes"))
    )
    parts.append(
        "<div class='sub-header'><h2>Product Information</h2></div>"
        f"<table class='table table-striped'>{rows}</table>"
    )
    reviews = "".join(
        "<li><article class='review'>"
        f"<h3><span class='star-rating {['One', 'Two', 'Three', 'Four', 'Five'][r]}'></span>"
        f"{esc(text.title())}</h3><p>{esc(text.sentence())}</p></article></li>"
        for r in book["reviews"]
    )
    parts.append(
        "<section><div id='reviews' class='sub-header'>"
        f"<a href='/catalogue/{book['slug']}_{book['id']}/reviews/add/#addreview' "
        "class='btn btn-success float-right'>Write a review</a><h2>Customer Reviews</h2></div>"
        + (f"<ol class='list-unstyled review-list'>{reviews}</ol>" if reviews else "")
        + ("" if reviews else "<p>This product does not have any reviews yet.</p>")
        + "</section>"
    )
    return f"<article class='product_page'>{''.join(parts)}</article>"


def _review_form(book: dict) -> str:
    fields = "".join(
        "<div class='form-group'>"
        f"<label for='id_{n}' class='col-form-label required'>{lbl}</label>"
        f"<input type='{kind}' name='{n}' class='form-control' id='id_{n}'></div>"
        for n, lbl, kind in (("title", "Title", "text"), ("name", "Name", "text"))
    )
    return (
        f"<article class='product_page'>{_summary(book)}"
        "<div id='addreview' class='review_add card card-body bg-light'>"
        f"<form id='add_review_form' method='post' action='/catalogue/{book['slug']}_"
        f"{book['id']}/reviews/add/'><fieldset><legend>Leave a product review</legend>"
        "<input type='hidden' name='csrfmiddlewaretoken' value='x'>"
        "<div class='form-group reviewrating'><label class='col-form-label required'>"
        "Score</label><div class='controls'><div class='star-rating'>"
        + "<i class='fas fa-star'></i>"
        * 5
        + "</div><select name='score'><option value='1'>1</option><option value='5'>5</option>"
        "</select></div></div>"
        + fields
        + "<div class='form-group'><label class='col-form-label required'>Review</label>"
        "<textarea name='body' class='form-control'></textarea></div>"
        "<button type='submit' class='btn btn-primary btn-lg'>Save review</button>"
        "</fieldset></form></div></article>"
    )


def _category(name: str, books: list[dict], page: int, pages: int) -> str:
    items = "".join(
        "<li class='col-xs-6 col-sm-4 col-md-3'><article class='product_pod'>"
        f"<div class='image_container'><a href='/catalogue/{b['slug']}_{b['id']}/'>"
        f"<img class='img-thumbnail' src='/media/{b['slug']}.jpg' alt=''></a></div>"
        f"<h3><a href='/catalogue/{b['slug']}_{b['id']}/'>{esc(b['title'])}</a></h3>"
        f"<div class='product_price'><p class='price_color'>£{b['price']}</p>"
        "<form class='add-to-basket' method='post'><button class='btn btn-primary btn-block'>"
        "Add to basket</button></form></div></article></li>"
        for b in books
    )
    pager = ""
    if pages > 1:
        links = []
        if page > 1:
            links.append(
                f"<li class='previous page-item'><a href='?page={page - 1}'>previous</a></li>"
            )
        links.append(f"<li class='current page-item'>Page {page} of {pages}</li>")
        if page < pages:
            links.append(f"<li class='next page-item'><a href='?page={page + 1}'>next</a></li>")
        pager = f"<ul class='pager pagination'>{''.join(links)}</ul>"
    return (
        f"<div class='page-header'><h1>{esc(name)}</h1></div>"
        "<form method='get' class='form-horizontal'><div class='row'><div class='col-sm-8'>"
        f"<strong>{len(books)}</strong> results.</div></div></form>"
        f"<section><ol class='row list-unstyled ml-0 pl-0'>{items}</ol>{pager}</section>"
    )


def _basket() -> str:
    return (
        "<div class='page-header'><h1>Basket</h1></div>"
        "<div id='content_inner'><p>Your basket is empty. <a href='/'>Continue shopping</a></p>"
        "</div>"
    )


def _home(books: list[dict], text: Text) -> str:
    cards = "".join(
        f"<div class='col-sm-4'><div class='card promo'><h3>{esc(b['title'])}</h3>"
        f"<p>{esc(text.sentence())}</p></div></div>"
        for b in books[:3]
    )
    return (
        "<div id='promotions'><div class='jumbotron'><h1>Welcome to Shelfwise</h1>"
        f"<p class='lead'>{esc(text.sentence())}</p></div>"
        f"<div class='row promo-row'>{cards}</div></div>"
    )


def build(seed: int = 0) -> list[Page]:
    rng = random.Random(7100 + seed)
    text = Text(rng, "en")
    titles = rng.sample(TITLES, 9 + seed)
    books = []
    for i, title in enumerate(titles):
        price = rng.randint(6, 40)
        sale = rng.random() < 0.3
        books.append(
            {
                "title": title,
                "slug": slugify(title),
                "id": 10 + 7 * i,
                "price": f"{price}.{rng.randint(0, 99):02d}",
                "was": f"{price + 5}.00",
                "sale": sale,
                "description": rng.random() < 0.6,
                "reviews": [rng.randint(0, 4) for _ in range(rng.choice([0, 0, 1, 2, 3]))],
                "upc": f"{rng.getrandbits(40):010x}",
            }
        )
    out: list[Page] = []

    def add(path: str, title: str, crumbs: list[tuple[str, str]], inner: str, label: str) -> None:
        out.append((record(HOST, path, _page(title, crumbs, inner), CSS), label))

    add("/", "Home", [("/", "Home")], _home(books, text), "home")
    for b in books:
        base = f"/catalogue/{b['slug']}_{b['id']}/"
        crumbs = [("/", "Home"), ("/catalogue/", "All products")]
        add(base, b["title"], crumbs, _detail(b, text, rng), "detail")
    for b in rng.sample(books, 7 - seed):
        base = f"/catalogue/{b['slug']}_{b['id']}/"
        crumbs = [("/", "Home"), (base, b["title"])]
        add(f"{base}reviews/add/", "Write a review", crumbs, _review_form(b), "review_form")
    for c in rng.sample(CATEGORIES, 3):
        members = rng.sample(books, rng.randint(3, 6))
        pages = 2 if len(members) > 4 else 1
        for page in range(1, pages + 1):
            query = "" if page == 1 else f"?page={page}"
            path = f"/catalogue/category/{slugify(c)}/{query}"
            add(path, c, [("/", "Home")], _category(c, members, page, pages), "category")
    add("/basket/", "Basket", [("/", "Home")], _basket(), "basket")
    return out
