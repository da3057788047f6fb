"""shop — a pottery and homewares shop on WooCommerce with the Storefront theme.

Imitates WooCommerce 8.x on Storefront 4.x as a crawler sees it: Storefront's
masthead (logo, product search, primary menu, header mini cart), breadcrumb bar,
``#primary.content-area > main#main.site-main``, a right sidebar whose widgets
depend on the view (WooCommerce price / attribute / rating filters render only on
product archives, "recently viewed" only once the crawler has seen products),
footer widgets and the handheld footer bar. Products vary: simple or variable
(attribute selects), sale badges, 1-5 gallery images, optional reviews, optional
"Additional information" tab, up-sells and related products. The crawler
followed ``?add-to-cart=`` and ``remove_item`` links, so the cart page was
captured with different contents. Product pages add the PhotoSwipe CSS, the
checkout adds select2's CSS.

Templates (labels: Storefront / WooCommerce template that rendered the page body):

* ``front-page``       -- Storefront template-homepage.php (product sections).
* ``single-product``   -- woocommerce/single-product.php.
* ``archive-product``  -- woocommerce/archive-product.php: /shop/, product
  categories (+ page 2) and the header's product search (?post_type=product).
* ``cart``             -- page.php + [woocommerce_cart] (cart/cart.php).
* ``checkout``         -- page.php + [woocommerce_checkout] (checkout/form-checkout.php).
* ``my-account``       -- page.php + [woocommerce_my_account] logged out (myaccount/form-login.php).
* ``search``           -- search.php: the blog sidebar's site search (mixed results).
* ``single``           -- single.php: blog articles.
* ``page``             -- page.php: about, shipping & returns, contact.
"""

from __future__ import annotations

import random
from datetime import date

from . import _wp
from ._common import Page, Text, dates_back, esc, fmt_date, record, short_hash, unique_slugs

HOST = "fernhillgoods.com"
SITE = "Fernhill Goods"
SF_VER = "4.5.5"
WC_VER = "8.9.3"
UP = "/wp-content/uploads"
NOUNS = [
    "glaze",
    "mug",
    "bowl",
    "kiln",
    "clay",
    "linen",
    "vase",
    "studio",
    "stoneware",
    "plate",
    "dish",
    "pitcher",
]

CSS_BASE = [
    f"/wp-includes/css/dist/block-library/style.min.css?ver={_wp.WP_VER}",
    f"/wp-content/themes/storefront/assets/css/base/gutenberg-blocks.css?ver={SF_VER}",
    f"/wp-content/plugins/woocommerce/assets/client/blocks/wc-blocks.css?ver=wc-{WC_VER}",
    f"/wp-content/themes/storefront/style.css?ver={SF_VER}",
    f"/wp-content/themes/storefront/assets/css/base/icons.css?ver={SF_VER}",
    "https://fonts.googleapis.com/css?family=Source+Sans+Pro%3A400%2C300%2C300italic%2C400italic%2C600%2C700%2C900&subset=latin%2Clatin-ext&ver=4.5.5",
    f"/wp-content/plugins/woocommerce/assets/css/woocommerce-layout.css?ver={WC_VER}",
    f"/wp-content/plugins/woocommerce/assets/css/woocommerce-smallscreen.css?ver={WC_VER}",
    f"/wp-content/themes/storefront/assets/css/woocommerce/woocommerce.css?ver={SF_VER}",
]
CSS_PRODUCT = [
    f"/wp-content/plugins/woocommerce/assets/css/photoswipe/photoswipe.min.css?ver={WC_VER}",
    f"/wp-content/plugins/woocommerce/assets/css/photoswipe/default-skin/default-skin.min.css?ver={WC_VER}",
]
CSS_CHECKOUT = [f"/wp-content/plugins/woocommerce/assets/css/select2.css?ver={WC_VER}"]

CATS = [
    (15, "mugs", "Mugs"),
    (16, "bowls", "Bowls"),
    (17, "plates", "Plates"),
    (18, "vases", "Vases"),
    (19, "linen", "Table Linen"),
]
GLAZES = ["Celadon", "Tenmoku", "Shino", "Ash White", "Cobalt", "Oatmeal"]
SIZES = ["Small", "Medium", "Large"]
PAGES = {
    "cart": 8,
    "checkout": 9,
    "my-account": 10,
    "about": 12,
    "shipping-returns": 14,
    "contact": 16,
    "home": 5,
    "shop": 7,
    "journal": 20,
}


FETCH_HIGH = ' fetchpriority="high"'
LAZY = ' loading="lazy"'


def money(v: float) -> str:
    return (
        f'<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>'
        f"{v:,.2f}</bdi></span>"
    )


class Site:
    def __init__(self, seed: int) -> None:
        self.rng = rng = random.Random(seed + 4000)
        t = Text(rng, "en", NOUNS)
        n = rng.randint(20, 26)
        names = []
        for _ in range(n):
            c = rng.choice(CATS)
            base = {
                "mugs": "Mug",
                "bowls": "Bowl",
                "plates": "Plate",
                "vases": "Vase",
                "linen": "Napkin Set",
            }[c[1]]
            names.append(
                (
                    c,
                    f"{rng.choice(['Harbour', 'Moor', 'Fern', 'Tidal', 'Ridge', 'Ember', 'Meadow', 'Slate', 'Quarry', 'Willow'])} {rng.choice(['Stacking ', 'Footed ', 'Tall ', 'Low ', '', ''])}{base}",
                )
            )
        slugs = unique_slugs([nm for _, nm in names])
        pid = 60
        self.products = []
        for i, (cat, name) in enumerate(names):
            pid += rng.randint(2, 9)
            price = float(rng.choice([18, 22, 24, 28, 32, 36, 42, 48, 56, 64, 85, 120]))
            variable = rng.random() < 0.4
            nrev = 0 if rng.random() < 0.5 else rng.randint(1, 6)
            ratings = [rng.choice([3, 4, 4, 5, 5, 5]) for _ in range(nrev)]
            self.products.append(
                {
                    "id": pid,
                    "name": name,
                    "slug": slugs[i],
                    "cat": cat,
                    "price": price,
                    "sale": round(price * 0.8, 2) if rng.random() < 0.25 else None,
                    "variable": variable,
                    "attrs": (
                        rng.sample(
                            [("pa_glaze", "Glaze", GLAZES), ("pa_size", "Size", SIZES)],
                            rng.randint(1, 2),
                        )
                        if variable
                        else []
                    ),
                    "images": rng.randint(1, 5),
                    "ratings": ratings,
                    "sku": f"FH-{cat[1][:2].upper()}-{pid:04d}",
                    "stock": "outofstock" if rng.random() < 0.1 else "instock",
                    "weight": rng.random() < 0.6,
                    "tags": rng.sample(
                        ["handmade", "dishwasher-safe", "gift", "limited", "seconds"],
                        rng.randint(0, 2),
                    ),
                    "upsells": rng.random() < 0.3,
                    "seed": rng.randint(0, 10**9),
                }
            )
        m = rng.randint(4, 6)
        titles = [t.title(3, 7) for _ in range(m)]
        self.posts = [
            {
                "id": 300 + i * 7,
                "title": titles[i],
                "slug": s,
                "date": d,
                "seed": rng.randint(0, 10**9),
            }
            for i, (s, d) in enumerate(
                zip(unique_slugs(titles), dates_back(rng, m, date(2024, 5, 10)), strict=False)
            )
        ]
        self.viewed: list[dict] = []

    # ------------------------------------------------------------ helpers
    def purl(self, p: dict) -> str:
        return f"/product/{p['slug']}/"

    def img(self, p: dict, k: int, size: str) -> str:
        dims = {"thumb": "324x324", "single": "416x416", "gallery": "100x100"}[size]
        return f"{UP}/2024/0{1 + p['id'] % 5}/{p['slug']}-{k + 1}-{dims}.jpg"

    def price_html(self, p: dict) -> str:
        if p["variable"]:
            hi = p["price"] * 1.35
            return f'{money(p["price"])} <span aria-hidden="true">&ndash;</span> <span class="screen-reader-text">Price range: ${p["price"]:.2f} through ${hi:.2f}</span>{money(hi)}'
        if p["sale"]:
            return (
                f'<del aria-hidden="true">{money(p["price"])}</del> <span class="screen-reader-text">Original price was: ${p["price"]:.2f}.</span>'
                f'<ins aria-hidden="true">{money(p["sale"])}</ins><span class="screen-reader-text">Current price is: ${p["sale"]:.2f}.</span>'
            )
        return money(p["price"])

    def rating(self, p: dict) -> tuple[float, str]:
        if not p["ratings"]:
            return 0.0, ""
        avg = sum(p["ratings"]) / len(p["ratings"])
        return avg, (
            f'<div class="star-rating" role="img" aria-label="Rated {avg:.2f} out of 5"><span style="width:{avg * 20:.0f}%">'
            f'Rated <strong class="rating">{avg:.2f}</strong> out of 5</span></div>'
        )

    def pclass(self, p: dict, pos: str = "") -> str:
        c = f"product type-product post-{p['id']} status-publish {pos} {p['stock']} product_cat-{p['cat'][1]}"
        c += "".join(f" product_tag-{t}" for t in p["tags"])
        c += (
            " has-post-thumbnail" + (" sale" if p["sale"] else "") + " shipping-taxable purchasable"
        )
        c += f" product-type-{'variable' if p['variable'] else 'simple'}"
        return " ".join(c.split())

    def loop_item(self, p: dict, i: int, cols: int) -> str:
        pos = "first" if i % cols == 0 else ("last" if i % cols == cols - 1 else "")
        _, stars = self.rating(p)
        if p["stock"] == "outofstock":
            btn = (
                f'<a href="{self.purl(p)}" data-quantity="1" class="button product_type_simple" data-product_id="{p["id"]}" '
                f'data-product_sku="{p["sku"]}" aria-label="Read more about &ldquo;{esc(p["name"])}&rdquo;" rel="nofollow">Read more</a>'
            )
        elif p["variable"]:
            btn = (
                f'<a href="{self.purl(p)}" data-quantity="1" class="button product_type_variable add_to_cart_button" '
                f'data-product_id="{p["id"]}" data-product_sku="{p["sku"]}" aria-label="Select options for &ldquo;{esc(p["name"])}&rdquo;" '
                'aria-describedby="This product has multiple variants. The options may be chosen on the product page" rel="nofollow">Select options</a>'
            )
        else:
            btn = (
                f'<a href="?add-to-cart={p["id"]}" data-quantity="1" class="button product_type_simple add_to_cart_button ajax_add_to_cart" '
                f'data-product_id="{p["id"]}" data-product_sku="{p["sku"]}" aria-label="Add to cart: &ldquo;{esc(p["name"])}&rdquo;" '
                'aria-describedby="" rel="nofollow">Add to cart</a>'
            )
        sale = '\n\t<span class="onsale">Sale!</span>\n\t' if p["sale"] else ""
        return (
            f'<li class="{self.pclass(p, pos)}">\n\t<a href="{self.purl(p)}" class="woocommerce-LoopProduct-link woocommerce-loop-product__link">'
            f'<img width="324" height="324" src="{self.img(p, 0, "thumb")}" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" '
            f'alt="" decoding="async" loading="lazy" />{sale}<h2 class="woocommerce-loop-product__title">{esc(p["name"])}</h2>{stars}\n'
            f'\t<span class="price">{self.price_html(p)}</span>\n</a>{btn}</li>\n'
        )

    def products_ul(self, ps: list[dict], cols: int) -> str:
        return (
            f'<ul class="products columns-{cols}">\n'
            + "".join(self.loop_item(p, i, cols) for i, p in enumerate(ps))
            + "</ul>\n"
        )

    # ------------------------------------------------------------ chrome
    def head(self, title: str, css: list[str], url: str) -> str:
        ids = [
            "wp-block-library",
            "storefront-gutenberg-blocks",
            "wc-blocks-style",
            "storefront-style",
            "storefront-icons",
            "storefront-fonts",
            "woocommerce-layout",
            "woocommerce-smallscreen",
            "storefront-woocommerce-style",
            "photoswipe",
            "photoswipe-default-skin",
            "select2",
        ]
        extra_ids = {
            CSS_PRODUCT[0]: "photoswipe",
            CSS_PRODUCT[1]: "photoswipe-default-skin",
            CSS_CHECKOUT[0]: "select2",
        }
        links = []
        for i, h in enumerate(css):
            hid = extra_ids.get(h, ids[i] if i < len(ids) else f"s{i}")
            media = "only screen and (max-width: 768px)" if "smallscreen" in h else "all"
            links.append(f"<link rel='stylesheet' id='{hid}-css' href='{h}' media='{media}' />")
        return f"""<!doctype html>
<html lang="en-US">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=2.0">
<link rel="profile" href="http://gmpg.org/xfn/11">
<link rel="pingback" href="https://{HOST}/xmlrpc.php">
<title>{esc(title)}</title>
<meta name='robots' content='max-image-preview:large' />
<link rel='dns-prefetch' href='//fonts.googleapis.com' />
<link rel="alternate" type="application/rss+xml" title="{SITE} &raquo; Feed" href="https://{HOST}/feed/" />
{chr(10).join(links)}
<style id='storefront-woocommerce-style-inline-css'>a.cart-contents,.site-header-cart .widget_shopping_cart a{{color:#333333;}}</style>
<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>
<script src="/wp-content/plugins/woocommerce/assets/js/jquery-blockui/jquery.blockUI.min.js?ver=2.7.0-wc.{WC_VER}" id="jquery-blockui-js" defer data-wp-strategy="defer"></script>
<script id="wc-add-to-cart-js-extra">var wc_add_to_cart_params = {{"ajax_url":"\\/wp-admin\\/admin-ajax.php","wc_ajax_url":"\\/?wc-ajax=%%endpoint%%","cart_url":"https:\\/\\/{HOST}\\/cart\\/"}};</script>
<link rel="https://api.w.org/" href="https://{HOST}/wp-json/" />
<meta name="generator" content="WordPress {_wp.WP_VER}" />
<meta name="generator" content="WooCommerce {WC_VER}" />
<link rel="canonical" href="https://{HOST}{url.split("?")[0]}" />
<noscript><style>.woocommerce-product-gallery{{ opacity: 1 !important; }}</style></noscript>
</head>
"""

    def header(self, current: str, cart_items: list[tuple[dict, int]]) -> str:
        menu = [
            (
                31,
                "page",
                "/shop/",
                "Shop",
                [(c[0] + 100, "product_cat", f"/product-category/{c[1]}/", c[2]) for c in CATS],
            ),
            (32, "page", "/journal/", "Journal", []),
            (33, "page", "/about/", "About", []),
            (34, "page", "/shipping-returns/", "Shipping &amp; Returns", []),
            (35, "page", "/contact/", "Contact", []),
        ]
        lis = []
        for mid, obj, href, label, kids in menu:
            cls = f"menu-item menu-item-type-{'taxonomy' if obj == 'product_cat' else 'post_type'} menu-item-object-{obj}"
            aria = ""
            if href == current:
                cls += " current-menu-item current_page_item"
                aria = ' aria-current="page"'
            sub = ""
            if kids:
                cls += " menu-item-has-children"
                if any(k[2] == current for k in kids):
                    cls += " current-menu-ancestor current-menu-parent"
                sub = (
                    '<ul class="sub-menu">'
                    + "".join(
                        f'<li id="menu-item-{k[0]}" class="menu-item menu-item-type-taxonomy menu-item-object-product_cat'
                        f'{" current-menu-item" if k[2] == current else ""} menu-item-{k[0]}"><a href="{k[2]}"{aria if k[2] == current else ""}>{k[3]}</a></li>'
                        for k in kids
                    )
                    + "</ul>"
                )
            lis.append(
                f'<li id="menu-item-{mid}" class="{cls} menu-item-{mid}"><a href="{href}"{aria}>{label}</a>{sub}</li>'
            )
        total = sum((p["sale"] or p["price"]) * q for p, q in cart_items)
        count = sum(q for _, q in cart_items)
        return f"""<body class="{{BODY}}">


<div id="page" class="hfeed site">

<header id="masthead" class="site-header" role="banner" style="">

<div class="col-full">
<a class="skip-link screen-reader-text" href="#site-navigation">Skip to navigation</a>
<a class="skip-link screen-reader-text" href="#content">Skip to content</a>
<div class="site-branding">
<a href="/" class="custom-logo-link" rel="home"><img width="470" height="110" src="{UP}/2023/02/fernhill-logo.png" class="custom-logo" alt="{SITE}" decoding="async" /></a></div>
<div class="site-search">
<div class="widget woocommerce widget_product_search"><form role="search" method="get" class="woocommerce-product-search" action="https://{HOST}/">
<label class="screen-reader-text" for="woocommerce-product-search-field-0">Search for:</label>
<input type="search" id="woocommerce-product-search-field-0" class="search-field" placeholder="Search products&hellip;" value="" name="s" />
<button type="submit" value="Search" class="">Search</button>
<input type="hidden" name="post_type" value="product" />
</form>
</div> </div>
</div><div class="storefront-primary-navigation"><div class="col-full">
<nav id="site-navigation" class="main-navigation" role="navigation" aria-label="Primary Navigation">
<button id="site-navigation-menu-toggle" class="menu-toggle" aria-controls="site-navigation" aria-expanded="false"><span>Menu</span></button>
<div class="primary-navigation"><ul id="menu-main" class="menu">{"".join(lis)}</ul></div><div class="handheld-navigation"><ul id="menu-main-1" class="menu">{"".join(lis).replace('id="menu-item-', 'id="menu-item-h')}</ul></div>
</nav><!-- #site-navigation -->
<ul id="site-header-cart" class="site-header-cart menu">
<li class="{"current-menu-item" if current == "/cart/" else ""}">
<a class="cart-contents" href="https://{HOST}/cart/" title="View your shopping cart">
<span class="woocommerce-Price-amount amount"><span class="woocommerce-Price-currencySymbol">&#036;</span>{total:,.2f}</span> <span class="count">{count} item{"" if count == 1 else "s"}</span>
</a>
</li>
<li>
<div class="widget woocommerce widget_shopping_cart"><div class="widget_shopping_cart_content"></div></div></li>
</ul>
</div></div>
</header><!-- #masthead -->
"""

    def breadcrumb(self, crumbs: list[tuple[str, str]]) -> str:
        parts = ['<a href="https://' + HOST + '">Home</a>']
        for href, label in crumbs:
            parts.append(f'<a href="{href}">{label}</a>' if href else label)
        return (
            '<div class="storefront-breadcrumb"><div class="col-full"><nav class="woocommerce-breadcrumb" aria-label="breadcrumbs">'
            + '<span class="breadcrumb-separator"> / </span>'.join(parts)
            + "</nav></div></div>"
        )

    def sidebar(self, widgets: list[str], cat: str = "", products: list[dict] | None = None) -> str:
        out = []
        for w in widgets:
            if w == "cats":
                lis = "".join(
                    f'<li class="cat-item cat-item-{c[0]}{" current-cat" if c[1] == cat else ""}"><a href="/product-category/{c[1]}/">{c[2]}</a> '
                    f'<span class="count">({sum(p["cat"] == c for p in self.products)})</span></li>'
                    for c in CATS
                )
                out.append(
                    '<div id="woocommerce_product_categories-2" class="widget woocommerce widget_product_categories">'
                    f'<span class="gamma widget-title">Product categories</span><ul class="product-categories">{lis}</ul></div>'
                )
            elif w == "price":
                ps = products or self.products
                lo, hi = (
                    int(min(p["price"] for p in ps) // 10 * 10),
                    int(-(-max(p["price"] * 1.35 for p in ps) // 10) * 10),
                )
                out.append(
                    '<div id="woocommerce_price_filter-2" class="widget woocommerce widget_price_filter"><span class="gamma widget-title">Filter by price</span>'
                    '<form method="get" action="">\n<div class="price_slider_wrapper"><div class="price_slider" style="display:none;"></div>'
                    f'<div class="price_slider_amount" data-step="10"><label class="screen-reader-text" for="min_price">Min price</label>'
                    f'<input type="text" id="min_price" name="min_price" value="{lo}" data-min="{lo}" placeholder="Min price" />'
                    f'<label class="screen-reader-text" for="max_price">Max price</label><input type="text" id="max_price" name="max_price" value="{hi}" data-max="{hi}" placeholder="Max price" />'
                    '<button type="submit" class="button">Filter</button><div class="price_label" style="display:none;">Price: <span class="from"></span> &mdash; <span class="to"></span></div>'
                    '<div class="clear"></div></div></div></form></div>'
                )
            elif w == "glaze":
                ps = products or self.products
                counts = {
                    g: sum(
                        1
                        for p in ps
                        if any(a[0] == "pa_glaze" for a in p["attrs"]) and self.rng.random() < 0.7
                    )
                    for g in GLAZES
                }
                lis = "".join(
                    f'<li class="woocommerce-widget-layered-nav-list__item wc-layered-nav-term "><a rel="nofollow" href="?filter_glaze={g.lower().replace(" ", "-")}">{g}</a> <span class="count">({c})</span></li>'
                    for g, c in counts.items()
                    if c
                )
                if lis:
                    out.append(
                        '<div id="woocommerce_layered_nav-2" class="widget woocommerce widget_layered_nav woocommerce-widget-layered-nav">'
                        f'<span class="gamma widget-title">Glaze</span><ul class="woocommerce-widget-layered-nav-list">{lis}</ul></div>'
                    )
            elif w == "rating":
                ps = [p for p in (products or self.products) if p["ratings"]]
                if ps:
                    lis = "".join(
                        f'<li class="wc-layered-nav-rating"><a href="?rating_filter={k}"><div class="star-rating" role="img" aria-label="Rated {k} out of 5"><span style="width:{k * 20}%">Rated <strong class="rating">{k}</strong> out of 5</span></div> ({n})</a></li>'
                        for k in (5, 4, 3)
                        if (
                            n := sum(
                                1 for p in ps if round(sum(p["ratings"]) / len(p["ratings"])) == k
                            )
                        )
                    )
                    out.append(
                        f'<div id="woocommerce_rating_filter-2" class="widget woocommerce widget_rating_filter"><span class="gamma widget-title">Average rating</span><ul>{lis}</ul></div>'
                    )
            elif w == "viewed" and self.viewed:
                lis = "".join(
                    f'<li><a href="{self.purl(p)}"><img width="324" height="324" src="{self.img(p, 0, "thumb")}" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="" decoding="async" loading="lazy" />'
                    f'<span class="product-title">{esc(p["name"])}</span></a>{self.price_html(p)}</li>'
                    for p in self.viewed[-4:][::-1]
                )
                out.append(
                    '<div id="woocommerce_recently_viewed_products-2" class="widget woocommerce widget_recently_viewed_products">'
                    f'<span class="gamma widget-title">Recently viewed</span><ul class="product_list_widget">{lis}</ul></div>'
                )
            elif w == "search":
                out.append(
                    f'<div id="search-2" class="widget widget_search">{_wp.search_form("https://" + HOST + "/")}</div>'
                )
            elif w == "recent":
                lis = "".join(
                    f'<li><a href="{self.post_url(p)}">{esc(p["title"])}</a></li>'
                    for p in self.posts[:5]
                )
                out.append(
                    f'<div id="recent-posts-2" class="widget widget_recent_entries"><span class="gamma widget-title">From the journal</span><nav aria-label="From the journal"><ul>{lis}</ul></nav></div>'
                )
        return (
            '<div id="secondary" class="widget-area" role="complementary">\n'
            + "\n".join(out)
            + "\n</div><!-- #secondary -->\n"
        )

    def footer(self, scripts: list[str], product_page: bool = False) -> str:
        r = random.Random(11)
        t = Text(r, "en", NOUNS)
        fw = "".join(
            f'<div class="block footer-widget-{i}"><div id="text-{i + 1}" class="widget widget_text"><span class="gamma widget-title">{h}</span>'
            f'<div class="textwidget"><p>{esc(t.sentences(1, 2))}</p></div></div></div>'
            for i, h in enumerate(["Visit the studio", "Wholesale", "Care for your pots"], 1)
        )
        pswp = ""
        if product_page:
            pswp = (
                '<div class="pswp" tabindex="-1" role="dialog" aria-modal="true" aria-hidden="true"><div class="pswp__bg"></div><div class="pswp__scroll-wrap">'
                '<div class="pswp__container"><div class="pswp__item"></div><div class="pswp__item"></div><div class="pswp__item"></div></div>'
                '<div class="pswp__ui pswp__ui--hidden"><div class="pswp__top-bar"><div class="pswp__counter"></div>'
                '<button class="pswp__button pswp__button--zoom" aria-label="Zoom in/out"></button><button class="pswp__button pswp__button--close" aria-label="Close (Esc)"></button>'
                '<div class="pswp__preloader"><div class="pswp__preloader__icn"><div class="pswp__preloader__cut"><div class="pswp__preloader__donut"></div></div></div></div></div>'
                '<button class="pswp__button pswp__button--arrow--left" aria-label="Previous (arrow left)"></button><button class="pswp__button pswp__button--arrow--right" aria-label="Next (arrow right)"></button>'
                '<div class="pswp__caption"><div class="pswp__caption__center"></div></div></div></div></div>\n'
            )
        js = "".join(
            f'<script src="{s}" defer data-wp-strategy="defer"></script>\n' for s in scripts
        )
        return f"""
</div><!-- .col-full -->
</div><!-- #content -->

<footer id="colophon" class="site-footer" role="contentinfo">
<div class="col-full">
<div class="footer-widgets row-1 col-3 fix">{fw}</div><!-- .footer-widgets.row-1 -->
<div class="site-info">
&copy; {SITE} 2024
<br />
<a class="privacy-policy-link" href="https://{HOST}/privacy-policy/" rel="privacy-policy">Privacy Policy</a><span role="separator" aria-hidden="true"></span><a href="https://woocommerce.com" target="_blank" title="WooCommerce - The Best eCommerce Platform for WordPress" rel="noreferrer nofollow">Built with WooCommerce</a>.
</div><!-- .site-info -->
<div class="storefront-handheld-footer-bar">
<ul class="columns-3">
<li class="my-account"><a href="https://{HOST}/my-account/">My Account</a></li>
<li class="search"><a href="">Search</a><div class="site-search"><div class="widget woocommerce widget_product_search"><form role="search" method="get" class="woocommerce-product-search" action="https://{HOST}/"><label class="screen-reader-text" for="woocommerce-product-search-field-1">Search for:</label><input type="search" id="woocommerce-product-search-field-1" class="search-field" placeholder="Search products&hellip;" value="" name="s" /><button type="submit" value="Search" class="">Search</button><input type="hidden" name="post_type" value="product" /></form></div></div></li>
<li class="cart"><a class="footer-cart-contents" href="https://{HOST}/cart/">Cart <span class="count">0</span></a></li>
</ul>
</div>
</div><!-- .col-full -->
</footer><!-- #colophon -->

</div><!-- #page -->

{pswp}<script type='text/javascript'>(function () {{ var c = document.body.className; c = c.replace(/woocommerce-no-js/, 'woocommerce-js'); document.body.className = c; }})();</script>
<script src="/wp-content/plugins/woocommerce/assets/js/frontend/add-to-cart.min.js?ver={WC_VER}" id="wc-add-to-cart-js" defer data-wp-strategy="defer"></script>
<script src="/wp-content/plugins/woocommerce/assets/js/frontend/woocommerce.min.js?ver={WC_VER}" id="woocommerce-js" defer data-wp-strategy="defer"></script>
{js}<script src="/wp-content/themes/storefront/assets/js/navigation.min.js?ver={SF_VER}" id="storefront-navigation-js"></script>
</body>
</html>
"""

    def doc(
        self,
        *,
        title: str,
        url: str,
        body_cls: str,
        current: str,
        crumbs: list | None,
        main: str,
        sidebar: str = "",
        css_extra: list[str] | None = None,
        scripts: list[str] | None = None,
        cart: list | None = None,
        product_page: bool = False,
    ) -> tuple[str, list[str]]:
        css = CSS_BASE + (css_extra or [])
        full = (
            f"{body_cls} wp-custom-logo wp-embed-responsive theme-storefront woocommerce-no-js "
            f"{'storefront-full-width-content ' if not sidebar else ''}storefront-align-wide right-sidebar woocommerce-active"
        )
        html = (
            self.head(title, css, url)
            + self.header(current, cart or []).replace("{BODY}", " ".join(full.split()))
            + (self.breadcrumb(crumbs) if crumbs is not None else "")
            + '\n<div id="content" class="site-content" tabindex="-1">\n<div class="col-full">\n\n<div class="woocommerce"></div>\n'
            + f'<div id="primary" class="content-area">\n<main id="main" class="site-main" role="main">\n{main}\n</main><!-- #main -->\n</div><!-- #primary -->\n'
            + sidebar
            + self.footer(scripts or [], product_page)
        )
        return html, css

    # ------------------------------------------------------------ templates
    def front_page(self) -> Page:
        cols = 4
        by_date = sorted(self.products, key=lambda p: -p["id"])
        sections = []
        cat_items = "".join(
            f'<li class="product-category product{" first" if i == 0 else ""}{" last" if i == 2 else ""}"><a aria-label="Visit product category {c[2]}" href="/product-category/{c[1]}/">'
            f'<img src="{UP}/2023/03/cat-{c[1]}-324x324.jpg" alt="{c[2]}" width="324" height="324" /><h2 class="woocommerce-loop-category__title">{c[2]} '
            f'<mark class="count">({sum(p["cat"] == c for p in self.products)})</mark></h2></a></li>'
            for i, c in enumerate(CATS[:3])
        )
        sections.append(
            '<section class="storefront-product-section storefront-product-categories" aria-label="Product Categories">'
            f'<h2 class="section-title">Shop by Category</h2><div class="woocommerce columns-3 "><ul class="products columns-3">{cat_items}</ul></div></section>'
        )
        for cls, label, ps in [
            ("storefront-recent-products", "New In", by_date[:4]),
            ("storefront-featured-products", "We Recommend", self.rng.sample(self.products, 4)),
            (
                "storefront-popular-products",
                "Fan Favorites",
                sorted(self.products, key=lambda p: -len(p["ratings"]))[:4],
            ),
            ("storefront-on-sale-products", "On Sale", [p for p in self.products if p["sale"]][:4]),
            ("storefront-best-selling-products", "Best Sellers", self.rng.sample(self.products, 4)),
        ]:
            if not ps:
                continue
            sections.append(
                f'<section class="storefront-product-section {cls}" aria-label="{label}"><h2 class="section-title">{label}</h2>'
                f'<div class="woocommerce columns-{cols} ">{self.products_ul(ps, cols)}</div></section>'
            )
        main = (
            f'<div id="post-5" class="post-5 page type-page status-publish has-post-thumbnail hentry" style="background-image: url({UP}/2023/02/hero-kiln.jpg);" data-featured-image="{UP}/2023/02/hero-kiln.jpg">'
            '<div class="col-full"><header class="entry-header"><h1 class="entry-title">Made by hand on the moor</h1></header>'
            f'<div class="entry-content"><p>{esc(Text(random.Random(5), "en", NOUNS).para(1, 2))}</p>'
            '<div class="wp-block-buttons is-layout-flex wp-block-buttons-is-layout-flex"><div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="/shop/">Shop now</a></div></div></div></div></div>'
            + "".join(sections)
        )
        html, css = self.doc(
            title=f"{SITE} &#8211; Handmade stoneware from the moor",
            url="/",
            body_cls="home page-template page-template-template-homepage page-template-template-homepage-php page page-id-5",
            current="/",
            crumbs=None,
            main=main,
        )
        return record(HOST, "/", html, css), "front-page"

    def product(self, p: dict) -> Page:
        r = random.Random(p["seed"])
        t = Text(r, "en", NOUNS)
        _avg, stars = self.rating(p)
        gal = []
        for k in range(p["images"]):
            full = self.img(p, k, "single").replace("-416x416", "")
            cls = ' class="wp-post-image"' if k == 0 else ""
            gal.append(
                f'<div data-thumb="{self.img(p, k, "gallery")}" data-thumb-alt="" class="woocommerce-product-gallery__image"><a href="{full}">'
                f'<img width="416" height="416" src="{self.img(p, k, "single")}"{cls} alt="" title="{p["slug"]}-{k + 1}" data-caption="" '
                f'data-src="{full}" data-large_image="{full}" data-large_image_width="1200" data-large_image_height="1200" decoding="async"{FETCH_HIGH if k == 0 else LAZY} /></a></div>'
            )
        gallery = (
            f'<div class="woocommerce-product-gallery woocommerce-product-gallery--with-images woocommerce-product-gallery--columns-4 images" data-columns="4" '
            f'style="opacity: 0; transition: opacity .25s ease-in-out;">\n\t<div class="woocommerce-product-gallery__wrapper">\n{"".join(gal)}\n\t</div>\n</div>'
        )
        rating_html = ""
        if stars:
            n = len(p["ratings"])
            rating_html = (
                f'<div class="woocommerce-product-rating">{stars}<a href="#reviews" class="woocommerce-review-link" rel="nofollow">'
                f'(<span class="count">{n}</span> customer review{"s" if n > 1 else ""})</a></div>'
            )
        qty = (
            f'<div class="quantity"><label class="screen-reader-text" for="quantity_{p["seed"] % 99999:x}">{esc(p["name"])} quantity</label>'
            f'<input type="number" id="quantity_{p["seed"] % 99999:x}" class="input-text qty text" name="quantity" value="1" aria-label="Product quantity" size="4" min="1" max="" step="1" placeholder="" inputmode="numeric" autocomplete="off" /></div>'
        )
        if p["stock"] == "outofstock":
            form = '<p class="stock out-of-stock">Out of stock</p>'
        elif p["variable"]:
            rows = "".join(
                f'<tr><th class="label"><label for="{a[0]}">{a[1]}</label></th><td class="value"><select id="{a[0]}" class="" name="attribute_{a[0]}" data-attribute_name="attribute_{a[0]}" data-show_option_none="yes">'
                '<option value="">Choose an option</option>'
                + "".join(
                    f'<option value="{v.lower().replace(" ", "-")}" class="attached enabled">{v}</option>'
                    for v in a[2]
                )
                + "</select>"
                + (
                    '<a class="reset_variations" href="#" aria-label="Clear options">Clear</a>'
                    if i == len(p["attrs"]) - 1
                    else ""
                )
                + "</td></tr>"
                for i, a in enumerate(p["attrs"])
            )
            form = (
                f'<form class="variations_form cart" action="{self.purl(p)}" method="post" enctype=\'multipart/form-data\' data-product_id="{p["id"]}" data-product_variations="false">'
                f'<table class="variations" cellspacing="0" role="presentation"><tbody>{rows}</tbody></table><div class="reset_variations_alert screen-reader-text" role="alert" aria-live="polite" aria-relevant="all"></div>'
                f'<div class="single_variation_wrap"><div class="woocommerce-variation single_variation"></div><div class="woocommerce-variation-add-to-cart variations_button">{qty}'
                '<button type="submit" class="single_add_to_cart_button button alt">Add to cart</button>'
                f'<input type="hidden" name="add-to-cart" value="{p["id"]}" /><input type="hidden" name="product_id" value="{p["id"]}" /><input type="hidden" name="variation_id" class="variation_id" value="0" /></div></div></form>'
            )
        else:
            form = (
                f'<p class="stock in-stock">{r.randint(2, 30)} in stock</p>'
                if r.random() < 0.4
                else ""
            ) + (
                f'<form class="cart" action="{self.purl(p)}" method="post" enctype=\'multipart/form-data\'>{qty}'
                f'<button type="submit" name="add-to-cart" value="{p["id"]}" class="single_add_to_cart_button button alt">Add to cart</button></form>'
            )
        tags = ""
        if p["tags"]:
            tags = (
                f'<span class="tagged_as">Tag{"s" if len(p["tags"]) > 1 else ""}: '
                + ", ".join(f'<a href="/product-tag/{x}/" rel="tag">{x}</a>' for x in p["tags"])
                + "</span>"
            )
        meta = (
            f'<div class="product_meta"><span class="sku_wrapper">SKU: <span class="sku">{p["sku"]}</span></span>'
            f'<span class="posted_in">Category: <a href="/product-category/{p["cat"][1]}/" rel="tag">{p["cat"][2]}</a></span>{tags}</div>'
        )
        desc = "".join(f"<p>{esc(t.para(1, 4))}</p>" for _ in range(r.randint(1, 4)))
        if r.random() < 0.4:
            desc += (
                "<ul>"
                + "".join(f"<li>{esc(t.sentence()[:-1])}</li>" for _ in range(r.randint(2, 5)))
                + "</ul>"
            )
        tabs = [("description", "Description", f"<h2>Description</h2>\n{desc}")]
        if p["weight"] or p["attrs"]:
            rows = ""
            if p["weight"]:
                rows += (
                    f'<tr class="woocommerce-product-attributes-item woocommerce-product-attributes-item--weight"><th class="woocommerce-product-attributes-item__label">Weight</th>'
                    f'<td class="woocommerce-product-attributes-item__value">{r.uniform(0.2, 2.5):.1f} kg</td></tr>'
                    f'<tr class="woocommerce-product-attributes-item woocommerce-product-attributes-item--dimensions"><th class="woocommerce-product-attributes-item__label">Dimensions</th>'
                    f'<td class="woocommerce-product-attributes-item__value">{r.randint(8, 30)} &times; {r.randint(8, 30)} &times; {r.randint(6, 25)} cm</td></tr>'
                )
            for a in p["attrs"]:
                rows += (
                    f'<tr class="woocommerce-product-attributes-item woocommerce-product-attributes-item--attribute_{a[0]}"><th class="woocommerce-product-attributes-item__label">{a[1]}</th>'
                    f'<td class="woocommerce-product-attributes-item__value"><p>{", ".join(a[2])}</p></td></tr>'
                )
            tabs.append(
                (
                    "additional_information",
                    "Additional information",
                    f'<h2>Additional information</h2>\n<table class="woocommerce-product-attributes shop_attributes" aria-label="Product Details">{rows}</table>',
                )
            )
        n = len(p["ratings"])
        if n:
            revs = "".join(
                f"""<li class="review {"even thread-even" if k % 2 == 0 else "odd thread-odd"} depth-1" id="li-comment-{p["id"] * 10 + k}">
<div id="comment-{p["id"] * 10 + k}" class="comment_container">{_wp.avatar(r, 60)}<div class="comment-text">
<div class="star-rating" role="img" aria-label="Rated {v} out of 5"><span style="width:{v * 20}%">Rated <strong class="rating">{v}</strong> out of 5</span></div>
<p class="meta"><strong class="woocommerce-review__author">{esc(t.name())} </strong>{'<em class="woocommerce-review__verified verified">(verified owner)</em> ' if r.random() < 0.6 else ""}<span class="woocommerce-review__dash">&ndash;</span> <time class="woocommerce-review__published-date" datetime="2024-0{r.randint(1, 5)}-1{r.randint(0, 9)}T09:12:40+00:00">{fmt_date(date(2024, r.randint(1, 5), r.randint(10, 19)))}</time></p>
<div class="description"><p>{esc(t.para(1, 3))}</p></div></div></div></li><!-- #comment-## -->"""
                for k, v in enumerate(p["ratings"])
            )
            rev_list = f'<h2 class="woocommerce-Reviews-title">{n} review{"s" if n > 1 else ""} for <span>{esc(p["name"])}</span></h2><ol class="commentlist">{revs}</ol>'
        else:
            rev_list = '<h2 class="woocommerce-Reviews-title">Reviews</h2><p class="woocommerce-noreviews">There are no reviews yet.</p>'
        first_review = (
            "Add a review" if n else f"Be the first to review &ldquo;{esc(p['name'])}&rdquo;"
        )
        rev_form = (
            f'<div id="review_form_wrapper"><div id="review_form"><div id="respond" class="comment-respond"><span id="reply-title" class="comment-reply-title">'
            f'{first_review} <small><a rel="nofollow" id="cancel-comment-reply-link" href="#respond" style="display:none;">Cancel reply</a></small></span>'
            '<form action="/wp-comments-post.php" method="post" id="commentform" class="comment-form" novalidate><p class="comment-notes"><span id="email-notes">Your email address will not be published.</span> '
            '<span class="required-field-message">Required fields are marked <span class="required">*</span></span></p><div class="comment-form-rating"><label for="rating">Your rating&nbsp;<span class="required">*</span></label>'
            '<select name="rating" id="rating" required><option value="">Rate&hellip;</option><option value="5">Perfect</option><option value="4">Good</option><option value="3">Average</option><option value="2">Not that bad</option><option value="1">Very poor</option></select></div>'
            '<p class="comment-form-comment"><label for="comment">Your review&nbsp;<span class="required">*</span></label><textarea id="comment" name="comment" cols="45" rows="8" required></textarea></p>'
            '<p class="comment-form-author"><label for="author">Name&nbsp;<span class="required">*</span></label><input id="author" name="author" type="text" autocomplete="name" value="" size="30" required /></p>'
            '<p class="comment-form-email"><label for="email">Email&nbsp;<span class="required">*</span></label><input id="email" name="email" type="email" autocomplete="email" value="" size="30" required /></p>'
            f'<p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Submit" /> <input type=\'hidden\' name=\'comment_post_ID\' value=\'{p["id"]}\' id=\'comment_post_ID\' />'
            "<input type='hidden' name='comment_parent' id='comment_parent' value='0' /></p></form></div></div></div>"
        )
        tabs.append(
            (
                "reviews",
                f"Reviews ({n})",
                f'<div id="reviews" class="woocommerce-Reviews"><div id="comments">{rev_list}</div>{rev_form}<div class="clear"></div></div>',
            )
        )
        tab_titles = "".join(
            f'<li class="{k}_tab{" active" if i == 0 else ""}" id="tab-title-{k}" role="tab" aria-controls="tab-{k}"><a href="#tab-{k}">{lbl}</a></li>'
            for i, (k, lbl, _) in enumerate(tabs)
        )
        tab_panels = "".join(
            f'<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--{k} panel entry-content wc-tab" id="tab-{k}" role="tabpanel" aria-labelledby="tab-title-{k}">\n{body}\n</div>'
            for k, _, body in tabs
        )
        same_cat = [q for q in self.products if q["cat"] == p["cat"] and q is not p]
        upsells = ""
        if p["upsells"] and same_cat:
            upsells = f'<section class="up-sells upsells products"><h2>You may also like&hellip;</h2>\n{self.products_ul(r.sample(same_cat, min(len(same_cat), r.randint(1, 3))), 3)}</section>'
        related = ""
        pool = same_cat or [q for q in self.products if q is not p]
        if pool:
            related = f'<section class="related products"><h2>Related products</h2>\n{self.products_ul(r.sample(pool, min(3, len(pool))), 3)}</section>'
        idx = self.products.index(p)
        pag = []
        for rel, q in (
            ("prev", self.products[idx - 1] if idx > 0 else None),
            ("next", self.products[idx + 1] if idx + 1 < len(self.products) else None),
        ):
            if q:
                pag.append(
                    f'<a href="{self.purl(q)}" rel="{rel}"><img width="324" height="324" src="{self.img(q, 0, "thumb")}" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="" loading="lazy" />'
                    f'<span class="storefront-product-pagination__title">{esc(q["name"])}</span></a>'
                )
        sale = '\n\t<span class="onsale">Sale!</span>\n\t' if p["sale"] else ""
        main = f"""<div class="woocommerce-notices-wrapper"></div><div id="product-{p["id"]}" class="{self.pclass(p, "first")}">
{sale}{gallery}
<div class="summary entry-summary">
<h1 class="product_title entry-title">{esc(p["name"])}</h1>{rating_html}<p class="price">{self.price_html(p)}</p>
<div class="woocommerce-product-details__short-description"><p>{esc(t.sentences(1, 2))}</p></div>
{form}
{meta}
</div>
<div class="woocommerce-tabs wc-tabs-wrapper"><ul class="tabs wc-tabs" role="tablist">{tab_titles}</ul>{tab_panels}</div>
{upsells}
{related}
<nav class="storefront-product-pagination" aria-label="More products">{"".join(pag)}</nav>
</div>
"""
        body = f"product-template-default single single-product postid-{p['id']} woocommerce woocommerce-page"
        sidebar = self.sidebar(["cats", "viewed"], p["cat"][1])
        html, css = self.doc(
            title=f"{p['name']} &#8211; {SITE}",
            url=self.purl(p),
            body_cls=body,
            current="",
            crumbs=[
                ("/shop/", "Shop"),
                (f"/product-category/{p['cat'][1]}/", p["cat"][2]),
                ("", esc(p["name"])),
            ],
            main=main,
            sidebar=sidebar,
            css_extra=CSS_PRODUCT,
            product_page=True,
            scripts=[
                f"/wp-content/plugins/woocommerce/assets/js/zoom/jquery.zoom.min.js?ver=1.7.21-wc.{WC_VER}",
                f"/wp-content/plugins/woocommerce/assets/js/flexslider/jquery.flexslider.min.js?ver=2.7.2-wc.{WC_VER}",
                f"/wp-content/plugins/woocommerce/assets/js/photoswipe/photoswipe.min.js?ver=4.1.1-wc.{WC_VER}",
                f"/wp-content/plugins/woocommerce/assets/js/frontend/single-product.min.js?ver={WC_VER}",
            ]
            + (
                [
                    f"/wp-content/plugins/woocommerce/assets/js/frontend/add-to-cart-variation.min.js?ver={WC_VER}"
                ]
                if p["variable"]
                else []
            ),
        )
        self.viewed.append(p)
        return record(HOST, self.purl(p), html, css), "single-product"

    def archive(self, cat: tuple | None, page: int, search: str | None = None) -> Page:
        per = 9
        if search is not None:
            ps = [p for p in self.products if search in p["name"].lower() or search in p["cat"][1]]
        elif cat is None:
            ps = self.products
        else:
            ps = [p for p in self.products if p["cat"] == cat]
        pages = max(1, -(-len(ps) // per))
        chunk = ps[(page - 1) * per : page * per]
        if search is not None:
            base, title = "/", f"Search results: &ldquo;{esc(search)}&rdquo;"
            url = f"/?s={search}&post_type=product"
            body = "search search-results post-type-archive post-type-archive-product woocommerce woocommerce-page"
            crumbs = [("", f"Search results for &ldquo;{esc(search)}&rdquo;")]
            current = ""
        elif cat is None:
            base, title, url = "/shop/", "Shop", "/shop/" if page == 1 else f"/shop/page/{page}/"
            body = "archive post-type-archive post-type-archive-product woocommerce-shop woocommerce woocommerce-page"
            crumbs = [("", "Shop")] if page == 1 else [("/shop/", "Shop"), ("", f"Page {page}")]
            current = "/shop/"
        else:
            base = f"/product-category/{cat[1]}/"
            title, url = cat[2], base if page == 1 else f"{base}page/{page}/"
            body = (
                f"archive tax-product_cat term-{cat[1]} term-{cat[0]} woocommerce woocommerce-page"
            )
            crumbs = [("", cat[2])] if page == 1 else [(base, cat[2]), ("", f"Page {page}")]
            current = base
        if page > 1:
            body += f" paged paged-{page}"
        desc = ""
        if cat is not None and page == 1 and cat[0] % 2:
            desc = f'<div class="term-description"><p>{esc(Text(random.Random(cat[0]), "en", NOUNS).para(1, 3))}</p>\n</div>'
        lo, hi = (page - 1) * per + 1, min(page * per, len(ps))
        count = (
            f'<p class="woocommerce-result-count" >Showing all {len(ps)} results</p>'
            if pages == 1
            else f'<p class="woocommerce-result-count" >Showing {lo}&ndash;{hi} of {len(ps)} results</p>'
        )
        pag = ""
        if pages > 1:
            items = "".join(
                f'<li><span aria-current="page" class="page-numbers current">{i}</span></li>'
                if i == page
                else f'<li><a class="page-numbers" href="{base if i == 1 else f"{base}page/{i}/"}">{i}</a></li>'
                for i in range(1, pages + 1)
            )
            if page > 1:
                items = (
                    f'<li><a class="prev page-numbers" href="{base if page == 2 else f"{base}page/{page - 1}/"}">&larr;</a></li>'
                    + items
                )
            if page < pages:
                items += f'<li><a class="next page-numbers" href="{base}page/{page + 1}/">&rarr;</a></li>'
            pag = f'<nav class="woocommerce-pagination" aria-label="Product Pagination"><ul class=\'page-numbers\'>{items}</ul></nav>'
        hidden = (
            f'<input type="hidden" name="s" value="{esc(search)}" /><input type="hidden" name="post_type" value="product" />'
            if search
            else ""
        )
        ordering = (
            '<form class="woocommerce-ordering" method="get"><select name="orderby" class="orderby" aria-label="Shop order">'
            '<option value="menu_order"  selected=\'selected\'>Default sorting</option><option value="popularity" >Sort by popularity</option>'
            '<option value="rating" >Sort by average rating</option><option value="date" >Sort by latest</option><option value="price" >Sort by price: low to high</option>'
            f'<option value="price-desc" >Sort by price: high to low</option></select><input type="hidden" name="paged" value="1" />{hidden}</form>'
        )
        if chunk:
            listing = (
                f'<div class="storefront-sorting"><div class="woocommerce-notices-wrapper"></div>{ordering}{count}{pag}</div>'
                f'{self.products_ul(chunk, 3)}<div class="storefront-sorting">{ordering}{count}{pag}</div>'
            )
        else:
            listing = '<div class="woocommerce-no-products-found">\n\t<div class="woocommerce-info">No products were found matching your selection.</div>\n</div>'
        main = f"""<header class="woocommerce-products-header">
<h1 class="woocommerce-products-header__title page-title">{title}</h1>
{desc}
</header>
{listing}
"""
        widgets = ["cats", "price", "glaze", "rating"] if ps else ["cats"]
        sidebar = self.sidebar(widgets, cat[1] if cat else "", ps)
        html, css = self.doc(
            title=f"{title.replace('&ldquo;', '“').replace('&rdquo;', '”')} &#8211; {SITE}",
            url=url,
            body_cls=body,
            current=current,
            crumbs=crumbs,
            main=main,
            sidebar=sidebar,
        )
        return record(HOST, url, html, css), "archive-product"

    def page_shell(self, pid: int, title: str, content: str) -> str:
        return (
            f'<article id="post-{pid}" class="post-{pid} page type-page status-publish hentry">\n'
            f'<header class="entry-header">\n<h1 class="entry-title">{title}</h1></header><!-- .entry-header -->\n'
            f'<div class="entry-content">\n{content}\n</div><!-- .entry-content -->\n</article><!-- #post-## -->\n'
        )

    def cart(self, items: list[tuple[dict, int]], url: str) -> Page:
        rows = []
        for p, q in items:
            key = short_hash(p["id"], n=32)
            var = ""
            if p["variable"]:
                var = "".join(
                    f'<dl class="variation"><dt class="variation-{a[1]}">{a[1]}:</dt><dd class="variation-{a[1]}"><p>{a[2][p["id"] % len(a[2])]}</p></dd></dl>'
                    for a in p["attrs"]
                )
            unit = p["sale"] or p["price"]
            rows.append(f"""<tr class="woocommerce-cart-form__cart-item cart_item">
<td class="product-remove"><a href="https://{HOST}/cart/?remove_item={key}&#038;_wpnonce=5e2b1c0d9a" class="remove" aria-label="Remove {esc(p["name"])} from cart" data-product_id="{p["id"]}" data-product_sku="{p["sku"]}">&times;</a></td>
<td class="product-thumbnail"><a href="{self.purl(p)}"><img width="324" height="324" src="{self.img(p, 0, "thumb")}" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="" decoding="async" /></a></td>
<td class="product-name" data-title="Product"><a href="{self.purl(p)}">{esc(p["name"])}</a>{var}</td>
<td class="product-price" data-title="Price">{money(unit)}</td>
<td class="product-quantity" data-title="Quantity"><div class="quantity"><label class="screen-reader-text" for="quantity_{key[:12]}">{esc(p["name"])} quantity</label><input type="number" id="quantity_{key[:12]}" class="input-text qty text" name="cart[{key}][qty]" value="{q}" aria-label="Product quantity" size="4" min="0" max="" step="1" placeholder="" inputmode="numeric" autocomplete="off" /></div></td>
<td class="product-subtotal" data-title="Subtotal">{money(unit * q)}</td>
</tr>""")
        sub = sum((p["sale"] or p["price"]) * q for p, q in items)
        ship = 0.0 if sub >= 75 else 6.95
        content = f"""<div class="woocommerce"><div class="woocommerce-notices-wrapper">{'<div class="woocommerce-message" role="alert"><a href="https://' + HOST + '/cart/" tabindex="1" class="button wc-forward">View cart</a> &ldquo;' + esc(items[-1][0]["name"]) + "&rdquo; has been added to your cart.</div>" if "add-to-cart" in url else ""}</div>
<form class="woocommerce-cart-form" action="https://{HOST}/cart/" method="post">
<table class="shop_table shop_table_responsive cart woocommerce-cart-form__contents" cellspacing="0">
<thead><tr><th class="product-remove"><span class="screen-reader-text">Remove item</span></th><th class="product-thumbnail"><span class="screen-reader-text">Thumbnail image</span></th><th class="product-name">Product</th><th class="product-price">Price</th><th class="product-quantity">Quantity</th><th class="product-subtotal">Subtotal</th></tr></thead>
<tbody>
{"".join(rows)}
<tr><td colspan="6" class="actions"><div class="coupon"><label for="coupon_code" class="screen-reader-text">Coupon:</label> <input type="text" name="coupon_code" class="input-text" id="coupon_code" value="" placeholder="Coupon code" /> <button type="submit" class="button" name="apply_coupon" value="Apply coupon">Apply coupon</button></div>
<button type="submit" class="button" name="update_cart" value="Update cart">Update cart</button><input type="hidden" id="woocommerce-cart-nonce" name="woocommerce-cart-nonce" value="a81c3e7f02" /><input type="hidden" name="_wp_http_referer" value="/cart/" /></td></tr>
</tbody>
</table>
</form>
<div class="cart-collaterals"><div class="cart_totals "><h2>Cart totals</h2>
<table cellspacing="0" class="shop_table shop_table_responsive">
<tr class="cart-subtotal"><th>Subtotal</th><td data-title="Subtotal">{money(sub)}</td></tr>
<tr class="woocommerce-shipping-totals shipping"><th>Shipping</th><td data-title="Shipping"><ul id="shipping_method" class="woocommerce-shipping-methods"><li>{'<input type="hidden" name="shipping_method[0]" data-index="0" id="shipping_method_0_free_shipping2" value="free_shipping:2" class="shipping_method" /><label for="shipping_method_0_free_shipping2">Free shipping</label>' if not ship else '<input type="hidden" name="shipping_method[0]" data-index="0" id="shipping_method_0_flat_rate1" value="flat_rate:1" class="shipping_method" /><label for="shipping_method_0_flat_rate1">Flat rate: ' + money(ship) + "</label>"}</li></ul>
<p class="woocommerce-shipping-destination">Shipping to <strong>OR</strong>.</p><form class="woocommerce-shipping-calculator" action="https://{HOST}/cart/" method="post"><a href="#" class="shipping-calculator-button">Change address</a><section class="shipping-calculator-form" style="display:none;"></section></form></td></tr>
<tr class="order-total"><th>Total</th><td data-title="Total"><strong>{money(sub + ship)}</strong> </td></tr>
</table>
<div class="wc-proceed-to-checkout"><a href="https://{HOST}/checkout/" class="checkout-button button alt wc-forward">Proceed to checkout</a></div>
</div></div>
</div>"""
        pid = PAGES["cart"]
        body = f"page-template-default page page-id-{pid} woocommerce-cart woocommerce-page"
        html, css = self.doc(
            title=f"Cart &#8211; {SITE}",
            url=url,
            body_cls=body,
            current="/cart/",
            crumbs=[("", "Cart")],
            main=self.page_shell(pid, "Cart", content),
            cart=items,
            scripts=[
                f"/wp-content/plugins/woocommerce/assets/js/frontend/cart.min.js?ver={WC_VER}"
            ],
        )
        return record(HOST, url, html, css), "cart"

    def checkout(self, items: list[tuple[dict, int]]) -> Page:
        def row(
            fid: str, label: str, cls: str, typ: str = "text", req: bool = True, auto: str = ""
        ) -> str:
            mark = (
                '&nbsp;<abbr class="required" title="required">*</abbr>'
                if req
                else '&nbsp;<span class="optional">(optional)</span>'
            )
            return (
                f'<p class="form-row {cls}{" validate-required" if req else ""}" id="{fid}_field" data-priority=""><label for="{fid}" class="">{label}{mark}</label>'
                f'<span class="woocommerce-input-wrapper"><input type="{typ}" class="input-text " name="{fid}" id="{fid}" placeholder=""  value="" autocomplete="{auto}" /></span></p>'
            )

        def fields(prefix: str) -> str:
            return (
                row(f"{prefix}_first_name", "First name", "form-row-first", auto="given-name")
                + row(f"{prefix}_last_name", "Last name", "form-row-last", auto="family-name")
                + row(
                    f"{prefix}_company",
                    "Company name",
                    "form-row-wide",
                    req=False,
                    auto="organization",
                )
                + f'<p class="form-row form-row-wide address-field update_totals_on_change validate-required" id="{prefix}_country_field"><label for="{prefix}_country" class="">Country / Region&nbsp;<abbr class="required" title="required">*</abbr></label>'
                f'<span class="woocommerce-input-wrapper"><select name="{prefix}_country" id="{prefix}_country" class="country_to_state country_select " autocomplete="country" data-placeholder="Select a country / region&hellip;" data-label="Country / Region"><option value="">Select a country / region&hellip;</option><option value="CA" >Canada</option><option value="GB" >United Kingdom (UK)</option><option value="US"  selected=\'selected\'>United States (US)</option></select></span></p>'
                + row(
                    f"{prefix}_address_1",
                    "Street address",
                    "form-row-wide address-field",
                    auto="address-line1",
                )
                + row(
                    f"{prefix}_address_2",
                    "Apartment, suite, unit, etc.",
                    "form-row-wide address-field",
                    req=False,
                    auto="address-line2",
                )
                + row(
                    f"{prefix}_city",
                    "Town / City",
                    "form-row-wide address-field",
                    auto="address-level2",
                )
                + row(
                    f"{prefix}_postcode",
                    "ZIP Code",
                    "form-row-wide address-field",
                    auto="postal-code",
                )
            )

        lines = "".join(
            f'<tr class="cart_item"><td class="product-name">{esc(p["name"])}&nbsp;<strong class="product-quantity">&times;&nbsp;{q}</strong></td>'
            f'<td class="product-total">{money((p["sale"] or p["price"]) * q)}</td></tr>'
            for p, q in items
        )
        sub = sum((p["sale"] or p["price"]) * q for p, q in items)
        content = f"""<div class="woocommerce"><div class="woocommerce-notices-wrapper"></div><div class="woocommerce-form-coupon-toggle"><div class="woocommerce-info">Have a coupon? <a href="#" class="showcoupon">Click here to enter your code</a></div></div>
<form class="checkout_coupon woocommerce-form-coupon" method="post" style="display:none"><p>If you have a coupon code, please apply it below.</p><p class="form-row form-row-first"><label for="coupon_code" class="screen-reader-text">Coupon:</label><input type="text" name="coupon_code" class="input-text" placeholder="Coupon code" id="coupon_code" value="" /></p><p class="form-row form-row-last"><button type="submit" class="button" name="apply_coupon" value="Apply coupon">Apply coupon</button></p><div class="clear"></div></form>
<div class="woocommerce-notices-wrapper"></div>
<form name="checkout" method="post" class="checkout woocommerce-checkout" action="https://{HOST}/checkout/" enctype="multipart/form-data" aria-label="Checkout">
<div class="col2-set" id="customer_details">
<div class="col-1"><div class="woocommerce-billing-fields"><h3>Billing details</h3><div class="woocommerce-billing-fields__field-wrapper">{fields("billing")}{row("billing_phone", "Phone", "form-row-wide", "tel", auto="tel")}{row("billing_email", "Email address", "form-row-wide", "email", auto="email")}</div></div></div>
<div class="col-2"><div class="woocommerce-shipping-fields"><h3 id="ship-to-different-address"><label class="woocommerce-form__label woocommerce-form__label-for-checkbox checkbox"><input id="ship-to-different-address-checkbox" class="woocommerce-form__input woocommerce-form__input-checkbox input-checkbox" type="checkbox" name="ship_to_different_address" value="1" /> <span>Ship to a different address?</span></label></h3>
<div class="shipping_address"><div class="woocommerce-shipping-fields__field-wrapper">{fields("shipping")}</div></div></div>
<div class="woocommerce-additional-fields"><div class="woocommerce-additional-fields__field-wrapper"><p class="form-row notes" id="order_comments_field" data-priority=""><label for="order_comments" class="">Order notes&nbsp;<span class="optional">(optional)</span></label><span class="woocommerce-input-wrapper"><textarea name="order_comments" class="input-text " id="order_comments" placeholder="Notes about your order, e.g. special notes for delivery."  rows="2" cols="5"></textarea></span></p></div></div></div>
</div>
<h3 id="order_review_heading">Your order</h3>
<div id="order_review" class="woocommerce-checkout-review-order">
<table class="shop_table woocommerce-checkout-review-order-table"><thead><tr><th class="product-name">Product</th><th class="product-total">Subtotal</th></tr></thead>
<tbody>{lines}</tbody>
<tfoot><tr class="cart-subtotal"><th>Subtotal</th><td>{money(sub)}</td></tr><tr class="woocommerce-shipping-totals shipping"><th>Shipping</th><td data-title="Shipping">Flat rate: {money(6.95)}</td></tr><tr class="order-total"><th>Total</th><td><strong>{money(sub + 6.95)}</strong> </td></tr></tfoot></table>
<div id="payment" class="woocommerce-checkout-payment"><ul class="wc_payment_methods payment_methods methods">
<li class="wc_payment_method payment_method_stripe"><input id="payment_method_stripe" type="radio" class="input-radio" name="payment_method" value="stripe"  checked='checked' data-order_button_text="" /><label for="payment_method_stripe">Credit / Debit Card</label><div class="payment_box payment_method_stripe" ><fieldset id="wc-stripe-upe-form" class="wc-upe-form wc-payment-form"><div class="wc-stripe-upe-element" data-payment-method-type="card"></div><div id="wc-stripe-upe-errors" role="alert"></div></fieldset></div></li>
<li class="wc_payment_method payment_method_bacs"><input id="payment_method_bacs" type="radio" class="input-radio" name="payment_method" value="bacs" data-order_button_text="" /><label for="payment_method_bacs">Direct bank transfer</label><div class="payment_box payment_method_bacs" style="display:none;"><p>Make your payment directly into our bank account. Please use your Order ID as the payment reference.</p></div></li>
</ul><div class="form-row place-order"><noscript>Since your browser does not support JavaScript, or it is disabled, please ensure you click the <em>Update Totals</em> button before placing your order.<br/><button type="submit" class="button alt" name="woocommerce_checkout_update_totals" value="Update totals">Update totals</button></noscript>
<div class="woocommerce-terms-and-conditions-wrapper"><div class="woocommerce-privacy-policy-text"><p>Your personal data will be used to process your order, support your experience throughout this website, and for other purposes described in our <a href="https://{HOST}/privacy-policy/" class="woocommerce-privacy-policy-link" target="_blank">privacy policy</a>.</p></div></div>
<button type="submit" class="button alt" name="woocommerce_checkout_place_order" id="place_order" value="Place order" data-value="Place order">Place order</button>
<input type="hidden" id="woocommerce-process-checkout-nonce" name="woocommerce-process-checkout-nonce" value="0c7a61de55" /><input type="hidden" name="_wp_http_referer" value="/?wc-ajax=update_order_review" /></div></div>
</div>
</form>
</div>"""
        pid = PAGES["checkout"]
        body = f"page-template-default page page-id-{pid} woocommerce-checkout woocommerce-page"
        html, css = self.doc(
            title=f"Checkout &#8211; {SITE}",
            url="/checkout/",
            body_cls=body,
            current="",
            crumbs=[("", "Checkout")],
            main=self.page_shell(pid, "Checkout", content),
            css_extra=CSS_CHECKOUT,
            cart=items,
            scripts=[
                f"/wp-content/plugins/woocommerce/assets/js/selectWoo/selectWoo.full.min.js?ver=1.0.9-wc.{WC_VER}",
                f"/wp-content/plugins/woocommerce/assets/js/frontend/checkout.min.js?ver={WC_VER}",
            ],
        )
        return record(HOST, "/checkout/", html, css), "checkout"

    def account(self) -> Page:
        content = f"""<div class="woocommerce"><div class="woocommerce-notices-wrapper"></div>
<div class="u-columns col2-set" id="customer_login">
<div class="u-column1 col-1">
<h2>Login</h2>
<form class="woocommerce-form woocommerce-form-login login" method="post">
<p class="woocommerce-form-row woocommerce-form-row--wide form-row form-row-wide"><label for="username">Username or email address&nbsp;<span class="required" aria-hidden="true">*</span><span class="screen-reader-text">Required</span></label><input type="text" class="woocommerce-Input woocommerce-Input--text input-text" name="username" id="username" autocomplete="username" value="" required aria-required="true" /></p>
<p class="woocommerce-form-row woocommerce-form-row--wide form-row form-row-wide"><label for="password">Password&nbsp;<span class="required" aria-hidden="true">*</span><span class="screen-reader-text">Required</span></label><input class="woocommerce-Input woocommerce-Input--text input-text" type="password" name="password" id="password" autocomplete="current-password" required aria-required="true" /></p>
<p class="form-row"><label class="woocommerce-form__label woocommerce-form__label-for-checkbox woocommerce-form-login__rememberme"><input class="woocommerce-form__input woocommerce-form__input-checkbox" name="rememberme" type="checkbox" id="rememberme" value="forever" /> <span>Remember me</span></label><input type="hidden" id="woocommerce-login-nonce" name="woocommerce-login-nonce" value="e1f0a9b2c3" /><input type="hidden" name="_wp_http_referer" value="/my-account/" /><button type="submit" class="woocommerce-button button woocommerce-form-login__submit" name="login" value="Log in">Log in</button></p>
<p class="woocommerce-LostPassword lost_password"><a href="https://{HOST}/my-account/lost-password/">Lost your password?</a></p>
</form>
</div>
<div class="u-column2 col-2">
<h2>Register</h2>
<form method="post" class="woocommerce-form woocommerce-form-register register"  >
<p class="woocommerce-form-row woocommerce-form-row--wide form-row form-row-wide"><label for="reg_email">Email address&nbsp;<span class="required" aria-hidden="true">*</span><span class="screen-reader-text">Required</span></label><input type="email" class="woocommerce-Input woocommerce-Input--text input-text" name="email" id="reg_email" autocomplete="email" value="" required aria-required="true" /></p>
<p>A link to set a new password will be sent to your email address.</p>
<div class="woocommerce-privacy-policy-text"><p>Your personal data will be used to support your experience throughout this website, to manage access to your account, and for other purposes described in our <a href="https://{HOST}/privacy-policy/" class="woocommerce-privacy-policy-link" target="_blank">privacy policy</a>.</p></div>
<p class="woocommerce-form-row form-row"><input type="hidden" id="woocommerce-register-nonce" name="woocommerce-register-nonce" value="77d1c2a9f0" /><input type="hidden" name="_wp_http_referer" value="/my-account/" /><button type="submit" class="woocommerce-Button woocommerce-button button woocommerce-form-register__submit" name="register" value="Register">Register</button></p>
</form>
</div>
</div>
</div>"""
        pid = PAGES["my-account"]
        body = f"page-template-default page page-id-{pid} woocommerce-account woocommerce-page"
        html, css = self.doc(
            title=f"My account &#8211; {SITE}",
            url="/my-account/",
            body_cls=body,
            current="",
            crumbs=[("", "My account")],
            main=self.page_shell(pid, "My account", content),
        )
        return record(HOST, "/my-account/", html, css), "my-account"

    def post_url(self, p: dict) -> str:
        return f"/{p['date'].year}/{p['date'].month:02d}/{p['slug']}/"

    def blog_single(self, i: int) -> Page:
        p = self.posts[i]
        r = random.Random(p["seed"])
        t = Text(r, "en", NOUNS)
        lay = _wp.Layout()
        content = _wp.content_blocks(
            r, t, lay, uploads=UP, year=p["date"].year, lo=3, hi=14, code_ok=False
        )
        if r.random() < 0.5:
            featured = r.sample(self.products, 2)
            content += (
                '\n<div data-block-name="woocommerce/handpicked-products" class="wc-block-grid wp-block-handpicked-products wc-block-handpicked-products has-2-columns">'
                '<ul class="wc-block-grid__products">'
                + "".join(
                    f'<li class="wc-block-grid__product"><a href="{self.purl(q)}" class="wc-block-grid__product-link"><div class="wc-block-grid__product-image"><img width="324" height="324" src="{self.img(q, 0, "thumb")}" alt="" /></div>'
                    f'<div class="wc-block-grid__product-title">{esc(q["name"])}</div></a><div class="wc-block-grid__product-price price">{self.price_html(q)}</div></li>'
                    for q in featured
                )
                + "</ul></div>"
            )
        nav = []
        if i + 1 < len(self.posts):
            q = self.posts[i + 1]
            nav.append(
                f'<div class="nav-previous"><a href="{self.post_url(q)}" rel="prev"><span class="screen-reader-text">Previous post: </span>{esc(q["title"])}</a></div>'
            )
        if i > 0:
            q = self.posts[i - 1]
            nav.append(
                f'<div class="nav-next"><a href="{self.post_url(q)}" rel="next"><span class="screen-reader-text">Next post: </span>{esc(q["title"])}</a></div>'
            )
        d = p["date"]
        main = f"""<article id="post-{p["id"]}" class="post-{p["id"]} post type-post status-publish format-standard has-post-thumbnail hentry category-journal">
<header class="entry-header">
<span class="posted-on">Posted on <a href="{self.post_url(p)}" rel="bookmark"><time class="entry-date published updated" datetime="{d.isoformat()}T09:00:00+00:00">{fmt_date(d)}</time></a></span> <span class="post-author">by <a href="/author/hollis/" rel="author">Hollis Reed</a></span> <span class="post-comments"></span><h1 class="entry-title">{esc(p["title"])}</h1></header><!-- .entry-header -->
<img width="980" height="654" src="{UP}/{d.year}/{d.month:02d}/{p["slug"][:20]}.jpg" class="attachment- size- wp-post-image" alt="" decoding="async" />
<div class="entry-content">
{content}
</div><!-- .entry-content -->
<aside class="entry-taxonomy"><div class="cat-links">Category: <a href="/category/journal/" rel="category tag">Journal</a></div></aside>
<nav id="post-navigation" class="navigation post-navigation" role="navigation" aria-label="Post Navigation"><h2 class="screen-reader-text">Post navigation</h2><div class="nav-links">{"".join(nav)}</div></nav>
<section id="comments" class="comments-area" aria-label="Post Comments">
{_wp.comment_form(p["id"])}
</section><!-- #comments -->
</article><!-- #post-## -->
"""
        body = f"post-template-default single single-post postid-{p['id']} single-format-standard"
        html, css = self.doc(
            title=f"{p['title']} &#8211; {SITE}",
            url=self.post_url(p),
            body_cls=body,
            current="/journal/",
            crumbs=[("/category/journal/", "Journal"), ("", esc(p["title"]))],
            main=main,
            sidebar=self.sidebar(["search", "recent", "cats"]),
            scripts=[f"/wp-includes/js/comment-reply.min.js?ver={_wp.WP_VER}"],
        )
        return record(HOST, self.post_url(p), html, css), "single"

    def static_page(self, slug: str, title: str) -> Page:
        pid = PAGES[slug]
        r = random.Random(pid)
        t = Text(r, "en", NOUNS)
        lay = _wp.Layout()
        if slug == "shipping-returns":
            content = (
                f'<p>{esc(t.para(1, 3))}</p>\n<h2 class="wp-block-heading">Shipping rates</h2>\n'
                '<figure class="wp-block-table"><table class="has-fixed-layout"><thead><tr><th>Destination</th><th>Time</th><th>Cost</th></tr></thead><tbody>'
                "<tr><td>United States</td><td>3&#8211;5 days</td><td>$6.95, free over $75</td></tr><tr><td>Canada</td><td>7&#8211;12 days</td><td>$18.00</td></tr>"
                "<tr><td>UK &amp; EU</td><td>7&#8211;14 days</td><td>$24.00</td></tr></tbody></table></figure>\n"
                f'<h2 class="wp-block-heading">Returns</h2>\n<p>{esc(t.para(2, 5))}</p>\n<ul class="wp-block-list">'
                + "".join(f"<li>{esc(t.sentence())}</li>" for _ in range(4))
                + "</ul>"
            )
        elif slug == "contact":
            content = (
                f"<p>{esc(t.para(1, 2))}</p>\n"
                '<div class="wp-block-jetpack-contact-form"><form action="/contact/" method="post" class="contact-form commentsblock">'
                '<div class="grunion-field-wrap grunion-field-name-wrap"><label for="g16-name" class="grunion-field-label name">Name<span>(required)</span></label><input type="text" name="g16-name" id="g16-name" value="" class="name grunion-field" required /></div>'
                '<div class="grunion-field-wrap grunion-field-email-wrap"><label for="g16-email" class="grunion-field-label email">Email<span>(required)</span></label><input type="email" name="g16-email" id="g16-email" value="" class="email grunion-field" required /></div>'
                '<div class="grunion-field-wrap grunion-field-textarea-wrap"><label for="contact-form-comment-g16-message" class="grunion-field-label textarea">Message</label><textarea name="g16-message" id="contact-form-comment-g16-message" rows="20" class="textarea grunion-field"></textarea></div>'
                '<p class="contact-submit"><button type="submit" class="pushbutton-wide">Send</button><input type="hidden" name="contact-form-id" value="16" /><input type="hidden" name="action" value="grunion-contact-form" /></p></form></div>'
                f"\n<p><strong>Studio</strong><br>Unit 4, Old Dairy Yard<br>Hebden Bridge</p>"
            )
        else:
            content = _wp.content_blocks(
                r, t, lay, uploads=UP, year=2023, lo=3, hi=10, code_ok=False
            )
        body = f"page-template-default page page-id-{pid}"
        html, css = self.doc(
            title=f"{title} &#8211; {SITE}",
            url=f"/{slug}/",
            body_cls=body,
            current=f"/{slug}/",
            crumbs=[("", title)],
            main=self.page_shell(pid, title, content),
            sidebar=self.sidebar(["search", "recent", "cats"]),
        )
        return record(HOST, f"/{slug}/", html, css), "page"

    def search(self, term: str) -> Page:
        hits = [("post", p) for p in self.posts if term in p["title"].lower()] + [
            ("product", p)
            for p in self.products
            if term in p["name"].lower() or term in p["cat"][1]
        ]
        items = []
        for kind, p in hits[:10]:
            if kind == "post":
                items.append(f"""<article id="post-{p["id"]}" class="post-{p["id"]} post type-post status-publish format-standard has-post-thumbnail hentry category-journal">
<header class="entry-header"><span class="posted-on">Posted on <a href="{self.post_url(p)}" rel="bookmark"><time class="entry-date published updated" datetime="{p["date"].isoformat()}">{fmt_date(p["date"])}</time></a></span> <span class="post-author">by <a href="/author/hollis/" rel="author">Hollis Reed</a></span><h2 class="alpha entry-title"><a href="{self.post_url(p)}" rel="bookmark">{esc(p["title"])}</a></h2></header><!-- .entry-header -->
<div class="entry-content"><p>{esc(Text(random.Random(p["seed"]), "en", NOUNS).para(1, 2))} <a href="{self.post_url(p)}" class="more-link">Continue reading <span class="screen-reader-text">{esc(p["title"])}</span></a></p></div>
</article><!-- #post-## -->""")
            else:
                items.append(f"""<article id="post-{p["id"]}" class="{self.pclass(p)}">
<header class="entry-header"><h2 class="alpha entry-title"><a href="{self.purl(p)}" rel="bookmark">{esc(p["name"])}</a></h2></header><!-- .entry-header -->
<div class="entry-content"><p>{esc(Text(random.Random(p["seed"]), "en", NOUNS).sentences(1, 2))}</p></div>
</article><!-- #post-## -->""")
        if items:
            main = (
                f'<header class="page-header"><h1 class="page-title">Search Results for: <span>{esc(term)}</span></h1></header><!-- .page-header -->\n'
                + "\n".join(items)
            )
            body = "search search-results"
        else:
            main = (
                '<div class="no-results not-found"><header class="page-header"><h1 class="page-title">Nothing Found</h1></header><div class="page-content">'
                f"<p>Sorry, but nothing matched your search terms. Please try again with some different keywords.</p>{_wp.search_form('https://' + HOST + '/')}</div></div>"
            )
            body = "search search-no-results"
        html, css = self.doc(
            title=f"Search Results for &#8220;{term}&#8221; &#8211; {SITE}",
            url=f"/?s={term}",
            body_cls=body,
            current="",
            crumbs=[("", f"Search results for &ldquo;{esc(term)}&rdquo;")],
            main=main,
            sidebar=self.sidebar(["search", "recent", "cats"]),
        )
        return record(HOST, f"/?s={term}", html, css), "search"


def build(seed: int = 0) -> list[Page]:
    s = Site(seed)
    rng = s.rng
    out: list[Page] = [s.front_page(), s.archive(None, 1)]
    if len(s.products) > 9:
        out.append(s.archive(None, 2))
    for c in CATS:
        n = sum(p["cat"] == c for p in s.products)
        if n:
            out.append(s.archive(c, 1))
        if n > 9:
            out.append(s.archive(c, 2))
    for p in s.products:
        out.append(s.product(p))
    simple = [p for p in s.products if not p["variable"] and p["stock"] == "instock"]
    a, b, c = (simple + s.products)[:3]
    out.append(s.cart([(a, 1)], f"/cart/?add-to-cart={a['id']}"))
    out.append(s.cart([(a, 1), (b, 2), (c, 1)], "/cart/"))
    out.append(
        s.cart(
            [(a, 1), (c, 1)], f"/cart/?remove_item={short_hash(b['id'], n=32)}&_wpnonce=5e2b1c0d9a"
        )
    )
    out.append(s.checkout([(a, 1), (c, 1)]))
    out.append(s.account())
    out.append(s.archive(None, 1, search="mug"))
    for term in ["glaze", rng.choice(["kiln", "studio", "bowl"]), "teapot"]:
        out.append(s.search(term))
    out += [s.blog_single(i) for i in range(len(s.posts))]
    out += [
        s.static_page("about", "About the Studio"),
        s.static_page("shipping-returns", "Shipping &amp; Returns"),
        s.static_page("contact", "Contact"),
    ]
    return out
