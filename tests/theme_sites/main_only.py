"""main_only — hand-coded corporate sites whose templates differ only under <main>.

Two small static sites (HTML files sharing header/footer includes), each mirrored
under /en/, /ja/ and /fr/:

* ``build`` -- a valve manufacturer (33 pages, 11 per language) where the
  templates differ DIRECTLY under ``<main>``: ``<main><section class="catalog">``,
  ``<main><article>`` and ``<main><div class="inquiry"><form>``. Breadcrumbs sit
  between header and main; two shared stylesheets.
* ``build_wrapped`` -- a furniture workshop (30 pages; the French and Japanese
  sides lack a few pages) where the same three templates differ inside a wrapper:
  ``<main><div class="container">`` + breadcrumb, then the section / article /
  inquiry div. One stylesheet with a cache-buster.

Templates (labels are the site's HTML template names): ``catalog`` (product
listing), ``article`` (news / column / company pages), ``inquiry`` (contact and
quote forms).
"""

from __future__ import annotations

import random
from datetime import date

from ._common import Page, Text, dates_back, esc, fmt_date, record

LANGS = ("en", "ja", "fr")

# ---------------------------------------------------------------------- direct site
HOST_D = "kaneda-valve.co.jp"
CSS_D = ["/common/css/reset.css", "/common/css/style.css"]
T_D = {
    "en": {
        "products": "Products",
        "news": "News",
        "company": "Company",
        "contact": "Contact",
        "home": "Home",
        "quote": "Request a quote",
        "name": "Name",
        "company_f": "Company",
        "email": "Email",
        "tel": "Phone",
        "message": "Inquiry",
        "req": "Required",
        "agree": "I agree to the privacy policy",
        "submit": "Confirm",
        "product": "Product",
        "qty": "Quantity",
        "spec": "Specifications",
        "all": "All",
    },
    "ja": {
        "products": "製品情報",
        "news": "ニュース",
        "company": "会社案内",
        "contact": "お問い合わせ",
        "home": "ホーム",
        "quote": "お見積り依頼",
        "name": "お名前",
        "company_f": "会社名",
        "email": "メールアドレス",
        "tel": "電話番号",
        "message": "お問い合わせ内容",
        "req": "必須",
        "agree": "個人情報の取り扱いに同意する",
        "submit": "確認画面へ",
        "product": "製品",
        "qty": "数量",
        "spec": "仕様",
        "all": "すべて",
    },
    "fr": {
        "products": "Produits",
        "news": "Actualités",
        "company": "Entreprise",
        "contact": "Contact",
        "home": "Accueil",
        "quote": "Demande de devis",
        "name": "Nom",
        "company_f": "Société",
        "email": "Courriel",
        "tel": "Téléphone",
        "message": "Votre demande",
        "req": "Obligatoire",
        "agree": "J’accepte la politique de confidentialité",
        "submit": "Vérifier",
        "product": "Produit",
        "qty": "Quantité",
        "spec": "Caractéristiques",
        "all": "Tous",
    },
}
CATS_D = [
    ("gate-valves", {"en": "Gate valves", "ja": "ゲートバルブ", "fr": "Vannes à opercule"}),
    ("ball-valves", {"en": "Ball valves", "ja": "ボールバルブ", "fr": "Vannes à boisseau"}),
    ("check-valves", {"en": "Check valves", "ja": "逆止弁", "fr": "Clapets anti-retour"}),
]


def _direct_doc(
    lang: str, path: str, title: str, crumbs: list[tuple[str, str]], main: str, alts: dict[str, str]
) -> dict:
    s = T_D[lang]
    nav = "".join(
        f'<li class="gnav__item"><a href="/{lang}/{u}/">{s[k]}</a></li>'
        for k, u in [
            ("products", "products"),
            ("news", "news"),
            ("company", "company"),
            ("contact", "contact"),
        ]
    )
    langs = "".join(
        f'<li class="lang__item{" is-current" if lg == lang else ""}"><a href="{alts.get(lg, f"/{lg}/")}" hreflang="{lg}">{lg.upper() if lg != "ja" else "JP"}</a></li>'
        for lg in LANGS
    )
    hreflang = "".join(
        f'<link rel="alternate" hreflang="{lg}" href="https://{HOST_D}{u}">\n'
        for lg, u in alts.items()
    )
    bc = "".join(
        f'<li><a href="{u}">{esc(t)}</a></li>' if u else f"<li>{esc(t)}</li>"
        for u, t in [(f"/{lang}/", s["home"]), *crumbs]
    )
    html = f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)} | KANEDA VALVE</title>
<meta name="description" content="{esc(title)}">
<link rel="stylesheet" href="{CSS_D[0]}">
<link rel="stylesheet" href="{CSS_D[1]}">
{hreflang}<script src="/common/js/jquery-3.6.0.min.js"></script>
<script src="/common/js/common.js"></script>
</head>
<body>
<header class="header">
<div class="header__inner">
<p class="header__logo"><a href="/{lang}/"><img src="/common/img/logo.svg" alt="KANEDA VALVE" width="180" height="36"></a></p>
<nav class="gnav"><ul class="gnav__list">{nav}</ul></nav>
<ul class="lang">{langs}</ul>
<a class="header__contact" href="/{lang}/contact/">{s["contact"]}</a>
<button class="header__menu" type="button" aria-label="menu"><span></span><span></span><span></span></button>
</div>
</header>
<div class="breadcrumb"><ol>{bc}</ol></div>
{main}
<footer class="footer">
<div class="footer__inner">
<ul class="footer__nav">{nav.replace("gnav__item", "footer__item")}<li class="footer__item"><a href="/{lang}/privacy/">Privacy</a></li></ul>
<address class="footer__address">1-12-3 Higashi-Ogu, Arakawa-ku, Tokyo</address>
<p class="footer__copy"><small>&copy; Kaneda Valve Co., Ltd.</small></p>
</div>
</footer>
<p class="pagetop"><a href="#top">TOP</a></p>
</body>
</html>
"""
    return record(HOST_D, path, html, CSS_D)


def _catalog_items(
    r: random.Random, t: Text, lang: str, prefix: str, n: int, spec_label: str
) -> str:
    items = []
    for _ in range(n):
        code = f"{prefix}-{r.randint(10, 99)}{r.choice('ABCDEFK')}"
        specs = "".join(
            f"<li>{esc(x)}</li>"
            for x in [
                f"{r.choice([10, 16, 20, 30])}K",
                f"DN{r.choice([15, 25, 50, 80, 100, 150])}",
                r.choice(["SCS13", "FC200", "C3771", "SUS316"]),
            ][: r.randint(1, 3)]
        )
        spec_html = f'<ul class="catalog__spec">{specs}</ul>' if r.random() < 0.8 else ""
        items.append(
            f'<li class="catalog__item"><a href="/{lang}/products/detail/{code.lower()}.html"><figure class="catalog__img">'
            f'<img src="/common/img/products/{code.lower()}.jpg" alt="" loading="lazy" width="320" height="240"></figure>'
            f'<p class="catalog__name">{esc(t.words(2, 3).title() if lang != "ja" else t.label() + "バルブ")}</p>'
            f'<p class="catalog__code">{code}</p>{spec_html}</a></li>'
        )
    return "".join(items)


def build(seed: int = 0) -> list[Page]:
    rng = random.Random(seed + 6000)
    out: list[Page] = []
    news_dates = dates_back(rng, 3, date(2024, 4, 25))
    for lang in LANGS:
        s = T_D[lang]
        t = Text(random.Random(rng.randint(0, 10**9)), lang)
        # catalog: index + 3 categories
        for _ci, cat in enumerate([None, *CATS_D]):
            r = random.Random(rng.randint(0, 10**9))
            name = s["products"] if cat is None else cat[1][lang]
            path = f"/{lang}/products/" if cat is None else f"/{lang}/products/{cat[0]}/"
            tabs = "".join(
                f'<li class="catalog__tab{" is-active" if (c is cat) else ""}"><a href="/{lang}/products/{"" if c is None else c[0] + "/"}">{esc(s["all"] if c is None else c[1][lang])}</a></li>'
                for c in [None, *CATS_D]
            )
            n = r.randint(6, 16) if cat else r.randint(12, 24)
            lead = f'<p class="catalog__lead">{esc(t.para(1, 3))}</p>' if r.random() < 0.8 else ""
            main = (
                f'<main>\n<section class="catalog">\n<div class="catalog__head"><h1 class="catalog__title">{esc(name)}</h1>{lead}</div>\n'
                f'<ul class="catalog__tabs">{tabs}</ul>\n<ul class="catalog__list">{_catalog_items(r, t, lang, "KV", n, s["spec"])}</ul>\n'
                + (
                    f'<div class="pager"><span class="pager__current">1</span><a href="{path}?p=2">2</a><a class="pager__next" href="{path}?p=2">&gt;</a></div>\n'
                    if n > 14
                    else ""
                )
                + "</section>\n</main>"
            )
            alts = {
                lg: (f"/{lg}/products/" if cat is None else f"/{lg}/products/{cat[0]}/")
                for lg in LANGS
            }
            crumbs = (
                [("", s["products"])]
                if cat is None
                else [(f"/{lang}/products/", s["products"]), ("", name)]
            )
            out.append((_direct_doc(lang, path, name, crumbs, main, alts), "catalog"))
        # articles: 3 news + company profile + technical column
        for ai, kind in enumerate(["news", "news", "news", "company", "column"]):
            r = random.Random(rng.randint(0, 10**9))
            at = Text(r, lang)
            title = at.title()
            if kind == "news":
                d = news_dates[ai]
                path = f"/{lang}/news/{d.year}/{d.month:02d}{d.day:02d}.html"
                crumbs = [(f"/{lang}/news/", s["news"]), ("", title)]
                date_html = f'<p class="date"><time datetime="{d.isoformat()}">{fmt_date(d, lang)}</time><span class="cat">{s["news"]}</span></p>\n'
            elif kind == "company":
                path, title = f"/{lang}/company/", s["company"]
                crumbs, date_html = [("", title)], ""
            else:
                path = f"/{lang}/column/valve-maintenance.html"
                crumbs, date_html = [("", title)], ""
            parts = []
            for _ in range(r.randint(1, 9) if kind != "company" else 4):
                k = r.random()
                if k < 0.5:
                    parts.append(f"<p>{esc(at.para(1, 5))}</p>")
                elif k < 0.7:
                    parts.append(f"<h2>{esc(at.title())}</h2>")
                elif k < 0.82:
                    parts.append(
                        f'<figure><img src="/{lang}/news/img/{r.randint(100, 999)}.jpg" alt="" width="800" height="500"><figcaption>{esc(at.sentence())}</figcaption></figure>'
                    )
                else:
                    rows = "".join(
                        f"<tr><th>{esc(at.label())}</th><td>{esc(at.words(2, 5))}</td></tr>"
                        for _ in range(r.randint(2, 6))
                    )
                    parts.append(f"<table>{rows}</table>")
            if kind == "company":
                rows = "".join(
                    f"<tr><th>{esc(at.label())}</th><td>{esc(at.sentence())}</td></tr>"
                    for _ in range(8)
                )
                parts.append(
                    f'<table class="outline">{rows}</table><div class="map"><iframe src="https://www.google.com/maps/embed?pb=!1m18!1m12" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy"></iframe></div>'
                )
            share = (
                '<ul class="share"><li><a href="https://twitter.com/share">X</a></li><li><a href="https://www.facebook.com/sharer/sharer.php">Facebook</a></li></ul>\n'
                if kind == "news"
                else ""
            )
            back = (
                f'<p class="back"><a href="/{lang}/news/">{s["news"]}</a></p>\n'
                if kind == "news"
                else ""
            )
            main = f'<main>\n<article>\n{date_html}<h1>{esc(title)}</h1>\n<div class="body">\n{"".join(parts)}\n</div>\n{share}{back}</article>\n</main>'
            alts = {lg: path.replace(f"/{lang}/", f"/{lg}/", 1) for lg in LANGS}
            out.append((_direct_doc(lang, path, title, crumbs, main, alts), "article"))
        # inquiry: contact + quote
        for kind in ["contact", "quote"]:
            r = random.Random(rng.randint(0, 10**9))
            title = s["contact"] if kind == "contact" else s["quote"]
            req_html = f'<span class="req">{s["req"]}</span>'
            fields = [
                ("company_f", "text", False),
                ("name", "text", True),
                ("email", "email", True),
                ("tel", "tel", False),
            ]
            rows = "".join(
                f'<tr><th>{s[k]}{req_html if req else ""}</th><td><input type="{typ}" name="{k}"{" required" if req else ""}></td></tr>'
                for k, typ, req in fields
            )
            if kind == "quote":
                opts = "".join(f'<option value="{c[0]}">{esc(c[1][lang])}</option>' for c in CATS_D)
                rows += (
                    f'<tr><th>{s["product"]}{req_html}</th><td><select name="product">{opts}</select></td></tr>'
                    f'<tr><th>{s["qty"]}</th><td><input type="number" name="qty" min="1"></td></tr>'
                    "<tr><th>DN</th><td>"
                    + "".join(
                        f'<label><input type="radio" name="dn" value="{d}"> DN{d}</label>'
                        for d in (15, 25, 50, 80, 100)
                    )
                    + "</td></tr>"
                )
            rows += f'<tr><th>{s["message"]}{req_html}</th><td><textarea name="message" rows="8" required></textarea></td></tr>'
            lead = f'<p class="inquiry__lead">{esc(t.para(1, 2))}</p>'
            tel = (
                '<div class="inquiry__tel"><p>TEL 03-3800-0000</p><p>9:00-17:00</p></div>'
                if kind == "contact"
                else ""
            )
            main = (
                f'<main>\n<div class="inquiry">\n<h1>{esc(title)}</h1>\n{lead}\n{tel}<form action="/cgi-bin/mailform/send.cgi" method="post" class="inquiry__form">'
                f'<input type="hidden" name="form" value="{kind}"><input type="hidden" name="lang" value="{lang}"><table class="inquiry__table">{rows}</table>'
                f'<div class="inquiry__agree"><label><input type="checkbox" name="agree" required> <a href="/{lang}/privacy/">{s["agree"]}</a></label></div>'
                f'<div class="inquiry__btn"><button type="submit">{s["submit"]}</button></div></form>\n</div>\n</main>'
            )
            path = f"/{lang}/contact/" if kind == "contact" else f"/{lang}/contact/quote.html"
            alts = {lg: path.replace(f"/{lang}/", f"/{lg}/", 1) for lg in LANGS}
            crumbs = (
                [("", title)]
                if kind == "contact"
                else [(f"/{lang}/contact/", s["contact"]), ("", title)]
            )
            out.append((_direct_doc(lang, path, title, crumbs, main, alts), "inquiry"))
    return out


# ---------------------------------------------------------------------- wrapped site
HOST_W = "atelier-ronce.fr"
CSS_W = ["/assets/css/style.css?v=20240312"]
T_W = {
    "en": {
        "collection": "Collection",
        "journal": "Journal",
        "workshop": "The workshop",
        "contact": "Contact",
        "home": "Home",
        "order": "Custom order",
        "send": "Send",
        "name": "Your name",
        "email": "Email",
        "msg": "Message",
        "wood": "Wood",
        "dims": "Dimensions",
        "from": "from",
    },
    "ja": {
        "collection": "コレクション",
        "journal": "ジャーナル",
        "workshop": "工房について",
        "contact": "お問い合わせ",
        "home": "ホーム",
        "order": "オーダー家具のご相談",
        "send": "送信する",
        "name": "お名前",
        "email": "メールアドレス",
        "msg": "メッセージ",
        "wood": "樹種",
        "dims": "サイズ",
        "from": "〜",
    },
    "fr": {
        "collection": "Collection",
        "journal": "Journal",
        "workshop": "L’atelier",
        "contact": "Contact",
        "home": "Accueil",
        "order": "Commande sur mesure",
        "send": "Envoyer",
        "name": "Votre nom",
        "email": "Courriel",
        "msg": "Message",
        "wood": "Essence",
        "dims": "Dimensions",
        "from": "à partir de",
    },
}
CATS_W = [
    ("tables", {"en": "Tables", "ja": "テーブル", "fr": "Tables"}),
    ("chairs", {"en": "Chairs", "ja": "チェア", "fr": "Chaises"}),
    ("storage", {"en": "Storage", "ja": "収納", "fr": "Rangements"}),
]


def _wrapped_doc(
    lang: str, path: str, title: str, crumbs: list[tuple[str, str]], inner: str, nav_cur: str
) -> dict:
    s = T_W[lang]
    nav = "".join(
        f'<li><a href="/{lang}/{u}/"{CURRENT if u == nav_cur else ""}>{s[k]}</a></li>'
        for k, u in [
            ("collection", "collection"),
            ("journal", "journal"),
            ("workshop", "atelier"),
            ("contact", "contact"),
        ]
    )
    sw = "".join(
        f'<a href="/{lg}/" lang="{lg}"{CURRENT if lg == lang else ""}>{lg.upper()}</a>'
        for lg in LANGS
    )
    bc = " <span>/</span> ".join(
        f'<a href="{u}">{esc(t)}</a>' if u else f'<span aria-current="page">{esc(t)}</span>'
        for u, t in [(f"/{lang}/", s["home"]), *crumbs]
    )
    html = f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{esc(title)} — Atelier Ronce</title>
<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>
<link rel="stylesheet" href="{CSS_W[0]}">
<script defer src="/assets/js/site.js?v=20240312"></script>
</head>
<body class="lang-{lang}">
<header class="site-header">
<div class="container">
<a class="brand" href="/{lang}/"><img src="/assets/img/ronce.svg" alt="Atelier Ronce" width="140" height="40"></a>
<nav class="menu" aria-label="Menu"><ul>{nav}</ul></nav>
<div class="switcher">{sw}</div>
</div>
</header>
<main>
<div class="container">
<nav class="crumbs" aria-label="breadcrumb">{bc}</nav>
{inner}
</div>
</main>
<footer class="site-footer">
<div class="container">
<p>Atelier Ronce — 14 rue des Tanneurs, 69001 Lyon</p>
<ul class="social"><li><a href="https://instagram.com/atelierronce">Instagram</a></li><li><a href="https://pinterest.com/atelierronce">Pinterest</a></li></ul>
<p class="legal">&copy; 2024 Atelier Ronce · <a href="/{lang}/mentions-legales/">Mentions légales</a></p>
</div>
</footer>
</body>
</html>
"""
    return record(HOST_W, path, html, CSS_W)


CURRENT = ' aria-current="page"'


def build_wrapped(seed: int = 0) -> list[Page]:
    rng = random.Random(seed + 6500)
    out: list[Page] = []
    journal = [
        ("oak-and-patience", date(2024, 4, 2)),
        ("a-chair-for-anna", date(2024, 2, 19)),
        ("visiting-the-sawmill", date(2023, 11, 7)),
        ("linseed-oil-notes", date(2023, 9, 28)),
    ]
    for lang in LANGS:
        s = T_W[lang]
        t = Text(random.Random(rng.randint(0, 10**9)), lang)
        skip_j = {"en": 0, "ja": 2, "fr": 1}[lang]
        for cat in [None, *CATS_W]:
            r = random.Random(rng.randint(0, 10**9))
            name = s["collection"] if cat is None else cat[1][lang]
            items = []
            for _ in range(r.randint(3, 12)):
                nm = t.words(1, 2).title() if lang != "ja" else t.label()
                price = r.choice([480, 620, 890, 1250, 1800, 2400])
                items.append(
                    f'<article class="piece"><a href="/{lang}/collection/{cat[0] if cat else "tables"}/{r.randint(100, 999)}/">'
                    f'<img src="/assets/img/pieces/{r.randint(100, 999)}.jpg" alt="" loading="lazy"><h2>{esc(nm)}</h2>'
                    f'<p class="piece-meta">{esc(r.choice(["Oak", "Walnut", "Ash", "Cherry"]))} · {s["from"]} {price} €</p></a></article>'
                )
            filters = "".join(
                f'<a href="/{lang}/collection/{c[0]}/"{CURRENT if c is cat else ""}>{esc(c[1][lang])}</a>'
                for c in CATS_W
            )
            inner = (
                f'<section class="catalog">\n<h1>{esc(name)}</h1>\n'
                + (f'<p class="intro">{esc(t.para(1, 2))}</p>\n' if cat is None else "")
                + f'<div class="filters">{filters}</div>\n<div class="pieces">{"".join(items)}</div>\n</section>'
            )
            path = f"/{lang}/collection/" if cat is None else f"/{lang}/collection/{cat[0]}/"
            crumbs = (
                [("", name)]
                if cat is None
                else [(f"/{lang}/collection/", s["collection"]), ("", name)]
            )
            out.append((_wrapped_doc(lang, path, name, crumbs, inner, "collection"), "catalog"))
        for slug, d in journal[: len(journal) - skip_j]:
            r = random.Random(rng.randint(0, 10**9))
            at = Text(r, lang)
            title = at.title()
            body = []
            for _ in range(r.randint(2, 10)):
                k = r.random()
                if k < 0.6:
                    body.append(f"<p>{esc(at.para(1, 5))}</p>")
                elif k < 0.75:
                    body.append(f"<h2>{esc(at.title())}</h2>")
                elif k < 0.9:
                    body.append(
                        f'<figure><img src="/assets/img/journal/{slug}-{r.randint(1, 9)}.jpg" alt=""><figcaption>{esc(at.sentence())}</figcaption></figure>'
                    )
                else:
                    body.append(f"<blockquote><p>{esc(at.sentence())}</p></blockquote>")
            inner = (
                f'<article>\n<header><h1>{esc(title)}</h1><time datetime="{d.isoformat()}">{fmt_date(d, lang)}</time></header>\n'
                f"{''.join(body)}\n</article>"
            )
            out.append(
                (
                    _wrapped_doc(
                        lang,
                        f"/{lang}/journal/{slug}/",
                        title,
                        [(f"/{lang}/journal/", s["journal"]), ("", title)],
                        inner,
                        "journal",
                    ),
                    "article",
                )
            )
        # the workshop page is an article too
        r = random.Random(rng.randint(0, 10**9))
        inner = (
            f"<article>\n<header><h1>{s['workshop']}</h1></header>\n"
            + "".join(f"<p>{esc(t.para(2, 5))}</p>" for _ in range(r.randint(3, 6)))
            + '<figure><img src="/assets/img/atelier.jpg" alt=""></figure>\n</article>'
        )
        out.append(
            (
                _wrapped_doc(
                    lang,
                    f"/{lang}/atelier/",
                    s["workshop"],
                    [("", s["workshop"])],
                    inner,
                    "atelier",
                ),
                "article",
            )
        )
        for kind in ["contact", "order"]:
            title = s["contact"] if kind == "contact" else s["order"]
            extra = ""
            if kind == "order":
                extra = (
                    f'<label>{s["wood"]}<select name="wood"><option>Oak</option><option>Walnut</option><option>Ash</option></select></label>'
                    f'<label>{s["dims"]}<input type="text" name="dimensions" placeholder="180 × 90 × 75"></label>'
                    '<label>Budget<input type="number" name="budget" step="100"></label>'
                )
            inner = (
                f'<div class="inquiry">\n<h1>{esc(title)}</h1>\n<p>{esc(t.para(1, 2))}</p>\n'
                f'<form method="post" action="https://formspree.io/f/xyzkqwer"><label>{s["name"]}<input type="text" name="name" required></label>'
                f'<label>{s["email"]}<input type="email" name="email" required></label>{extra}'
                f'<label>{s["msg"]}<textarea name="message" rows="6"></textarea></label><button type="submit">{s["send"]}</button></form>\n</div>'
            )
            path = f"/{lang}/contact/" if kind == "contact" else f"/{lang}/contact/sur-mesure/"
            out.append(
                (_wrapped_doc(lang, path, title, [("", title)], inner, "contact"), "inquiry")
            )
    return out
