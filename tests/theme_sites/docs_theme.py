"""docs_theme — documentation for an HTTP client library, on Docusaurus v3.

Imitates a Docusaurus 3 static build (rendered by a headless crawler): Infima
classes (``navbar``, ``menu__link``, ``row``/``col``, ``pagination-nav``,
``table-of-contents``) mixed with CSS-module classes with build hashes
(``docMainContainer_TBSr``, ``codeBlockContainer_Ckt0``); the ``<html>`` element
carries plugin / page classes. Doc pages range from a few lines to very long
pages with code blocks (Prism token spans, copy button, optional title), tabs,
admonitions, details and tables; the right "On this page" TOC appears only when
a page has headings and does not hide it. One CSS bundle on every page.

Templates (labels are the theme component / page that rendered the route):

* ``DocItem``  -- @theme/DocItem: docs pages (sidebar, breadcrumbs, markdown,
  optional TOC, edit link, prev/next).
* ``ApiItem``  -- the API reference plugin's @theme/ApiItem (same docs shell and
  sidebar, but header with kind badge, signature, member tables and member
  sections).
* ``home``     -- src/pages/index.js: landing page (hero + features).
* ``SearchPage`` -- @theme/SearchPage (Algolia DocSearch): /search?q=...
* ``NotFound`` -- @theme/NotFound: 404.
"""

from __future__ import annotations

import random

from ._common import Page, Text, code_sample, esc, record, short_hash, stable_int

HOST = "tern-http.dev"
NOUNS = [
    "client",
    "request",
    "response",
    "header",
    "timeout",
    "retry",
    "proxy",
    "stream",
    "session",
    "cookie",
    "middleware",
    "transport",
    "cache",
    "token",
]
CSS = [f"/assets/css/styles.{short_hash('tern-css', n=8)}.css"]
RUNTIME = f"/assets/js/runtime~main.{short_hash('rt', n=8)}.js"
MAIN_JS = f"/assets/js/main.{short_hash('main', n=8)}.js"

DOCS = [
    ("Getting Started", "getting-started", ["introduction", "installation", "quickstart"]),
    (
        "Guides",
        "guides",
        ["authentication", "retries", "streaming", "testing", "proxies", "migrating-from-v1"],
    ),
    ("Concepts", "concepts", ["clients", "middleware", "error-handling"]),
    ("Advanced", "advanced", ["performance", "custom-transports", "plugins"]),
]
API = [
    ("class", "Client"),
    ("class", "AsyncClient"),
    ("class", "Request"),
    ("class", "Response"),
    ("class", "Headers"),
    ("class", "Timeout"),
    ("class", "RetryPolicy"),
    ("protocol", "Middleware"),
    ("module", "exceptions"),
    ("function", "fetch"),
]

COPY_SVG = (
    '<svg viewBox="0 0 24 24" class="copyButtonIcon_y97N"><path fill="currentColor" d="M19,21H8V7H19M19,5H8A2,2 0 0,0 6,7V21A2,2 0 0,0 8,23H19A2,2 0 0,0 21,21V7A2,2 0 0,0 19,5M16,1H4A2,2 0 0,0 2,3V17H4V3H16V1Z"></path></svg>'
    '<svg viewBox="0 0 24 24" class="copyButtonSuccessIcon_LjdS"><path fill="currentColor" d="M21,7L9,19L3.5,13.5L4.91,12.09L9,16.17L19.59,5.59L21,7Z"></path></svg>'
)


def title_of(slug: str) -> str:
    return slug.replace("-", " ").capitalize().replace("v1", "v1")


def heading(level: int, text: str, a: str) -> str:
    return (
        f'<h{level} class="anchor anchorWithStickyNavbar_LWe7" id="{a}">{esc(text)}<a href="#{a}" class="hash-link" '
        f'aria-label="Direct link to {esc(text)}" title="Direct link to {esc(text)}">\u200b</a></h{level}>'
    )


def prism(code: str, lang: str, title: str = "") -> str:
    kw = {
        "import",
        "from",
        "def",
        "return",
        "for",
        "in",
        "if",
        "with",
        "as",
        "const",
        "await",
        "new",
        "export",
        "default",
        "function",
        "async",
        "class",
    }
    lines = []
    for line in code.split("\n"):
        toks = []
        for w in line.split(" "):
            if w in kw:
                toks.append(f'<span class="token keyword" style="color:#00009f">{esc(w)}</span>')
            elif w[:1] in "\"'":
                toks.append(f'<span class="token string" style="color:#e3116c">{esc(w)}</span>')
            else:
                toks.append(f'<span class="token plain">{esc(w)}</span>')
        joined = (
            '<span class="token plain"> </span>'.join(toks)
            if line
            else '<span class="token plain" style="display:inline-block"></span>'
        )
        lines.append(f'<span class="token-line" style="color:#393A34">{joined}<br></span>')
    t = f'<div class="codeBlockTitle_Ktv7">{esc(title)}</div>' if title else ""
    return (
        f'<div class="language-{lang} codeBlockContainer_Ckt0 theme-code-block" style="--prism-color:#393A34;--prism-background-color:#f6f8fa">{t}'
        f'<div class="codeBlockContent_biex"><pre tabindex="0" class="prism-code language-{lang} codeBlock_bY9V thin-scrollbar" style="color:#393A34;background-color:#f6f8fa">'
        f'<code class="codeBlockLines_e6Vv">{"".join(lines)}</code></pre><div class="buttonGroup__atx"><button type="button" aria-label="Copy code to clipboard" '
        f'title="Copy" class="clean-btn"><span class="copyButtonIcons_eSgA" aria-hidden="true">{COPY_SVG}</span></button></div></div></div>'
    )


ADMON = {
    "note": ("secondary", "M6.3 5.69a.942.942 0 0 1-.28-.7c0-.28.09-.52.28-.7"),
    "tip": ("success", "M6.5 0C3.48 0 1 2.19 1 5c0 .92.55 2.25 1 3"),
    "info": ("info", "M7 2.3c3.14 0 5.7 2.56 5.7 5.7s-2.56 5.7-5.7 5.7"),
    "warning": ("warning", "M8.893 1.5c-.183-.31-.52-.5-.887-.5s-.703.19-.886.5L.138 13.499"),
    "danger": ("danger", "M5.05.31c.81 2.17.41 3.38-.52 4.31C3.55 5.67 1.98 6.45.9 7.98"),
}


def admonition(kind: str, body: str, title: str = "") -> str:
    alert, path = ADMON[kind]
    return (
        f'<div class="theme-admonition theme-admonition-{kind} admonition_xJq3 alert alert--{alert}"><div class="admonitionHeading_Gvgb">'
        f'<span class="admonitionIcon_Rf37"><svg viewBox="0 0 14 16"><path fill-rule="evenodd" d="{path}"></path></svg></span>{esc(title or kind)}</div>'
        f'<div class="admonitionContent_BuS1">{body}</div></div>'
    )


def md_body(r: random.Random, t: Text, lo: int, hi: int) -> tuple[str, list[tuple[int, str, str]]]:
    out = [f"<p>{esc(t.para(1, 4))}</p>"]
    toc: list[tuple[int, str, str]] = []
    used: set[str] = set()
    for _ in range(r.randint(lo, hi)):
        k = r.random()
        if k < 0.17:
            lvl = 3 if toc and r.random() < 0.35 else 2
            text = t.title(1, 4)
            a = "-".join(text.lower().split())
            while a in used:
                a += "-1"
            used.add(a)
            toc.append((lvl, a, text))
            out.append(heading(lvl, text, a))
        elif k < 0.5:
            out.append(f"<p>{esc(t.para(1, 5))}</p>")
        elif k < 0.63:
            lang, code = code_sample(r, r.choice(["python", "python", "bash", "js", "yaml"]))
            title = r.choice(["", "", "", "app.py", "tern.config.yaml", "terminal"])
            out.append(prism(code, lang, title))
        elif k < 0.7:
            kind = r.choice(list(ADMON))
            out.append(
                admonition(kind, f"<p>{esc(t.para(1, 3))}</p>", r.choice(["", "", t.title(1, 3)]))
            )
        elif k < 0.78:
            tag = r.choice(["ul", "ol"])
            out.append(
                f"<{tag}>"
                + "".join(f"<li>{esc(t.sentence())}</li>" for _ in range(r.randint(2, 6)))
                + f"</{tag}>"
            )
        elif k < 0.84:
            ncol = r.randint(2, 4)
            head = "".join(f"<th>{esc(t.label())}</th>" for _ in range(ncol))
            rows = "".join(
                "<tr>" + "".join(f"<td>{esc(t.words(1, 4))}</td>" for _ in range(ncol)) + "</tr>"
                for _ in range(r.randint(2, 9))
            )
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
        elif k < 0.89:
            labels = r.choice(
                [["pip", "poetry", "uv"], ["sync", "async"], ["macOS", "Linux", "Windows"]]
            )
            lis = "".join(
                f'<li role="tab" tabindex="{0 if i == 0 else -1}" aria-selected="{"true" if i == 0 else "false"}" '
                f'class="tabs__item tabItem_LNqP{" tabs__item--active" if i == 0 else ""}">{x}</li>'
                for i, x in enumerate(labels)
            )
            panels = "".join(
                f'<div role="tabpanel" class="tabItem_Ymn6"{HIDDEN if i else ""}>{prism(code_sample(r, "bash")[1], "bash")}</div>'
                for i, _ in enumerate(labels)
            )
            out.append(
                f'<div class="tabs-container tabList__CuJ"><ul role="tablist" aria-orientation="horizontal" class="tabs">{lis}</ul>'
                f'<div class="margin-top--md">{panels}</div></div>'
            )
        elif k < 0.92:
            out.append(
                f'<details class="details_lb9f alert alert--info details_b_Ee" data-collapsed="true"><summary>{esc(t.title(2, 5))}</summary>'
                f'<div><div class="collapsibleContent_i85q"><p>{esc(t.para(1, 3))}</p></div></div></details>'
            )
        elif k < 0.95:
            out.append(
                f'<p><img decoding="async" loading="lazy" alt="{esc(t.words(2, 3))}" src="/assets/images/{t.words(1).replace(" ", "-")}-{short_hash(k, n=8)}.png" '
                f'width="{r.choice([640, 800, 1200])}" height="{r.choice([360, 450, 600])}" class="img_ev3q"></p>'
            )
        else:
            out.append(f"<blockquote><p>{esc(t.para(1, 2))}</p></blockquote>")
    return "".join(out), toc


HIDDEN = ' hidden=""'


class Site:
    def __init__(self, seed: int) -> None:
        self.rng = rng = random.Random(seed + 5000)
        self.docs = []
        for cat, key, slugs in DOCS:
            for s in slugs:
                if rng.random() < 0.1 and s not in ("introduction", "installation"):
                    continue
                self.docs.append((cat, key, s))
        self.api = [a for a in API if rng.random() < 0.9 or a[1] == "Client"]

    # -------------------------------------------------------------- chrome
    def head(self, title: str, html_cls: str, path: str, desc: str) -> str:
        cls = f' class="{html_cls}"' if html_cls else ""
        return f"""<!doctype html>
<html lang="en" dir="ltr"{cls} data-has-hydrated="true" data-theme="light">
<head>
<meta charset="UTF-8">
<meta name="generator" content="Docusaurus v3.4.0">
<title data-rh="true">{esc(title)}</title><meta data-rh="true" name="viewport" content="width=device-width,initial-scale=1"><meta data-rh="true" name="twitter:card" content="summary_large_image"><meta data-rh="true" property="og:image" content="https://{HOST}/img/social-card.png"><meta data-rh="true" property="og:url" content="https://{HOST}{path}"><meta data-rh="true" property="og:locale" content="en"><meta data-rh="true" name="docusaurus_locale" content="en"><meta data-rh="true" name="docsearch:language" content="en"><meta data-rh="true" property="og:title" content="{esc(title)}"><meta data-rh="true" name="description" content="{esc(desc)}"><meta data-rh="true" property="og:description" content="{esc(desc)}"><link data-rh="true" rel="icon" href="/img/favicon.ico"><link data-rh="true" rel="canonical" href="https://{HOST}{path}"><link rel="search" type="application/opensearchdescription+xml" title="Tern" href="/opensearch.xml"><link rel="preconnect" href="https://BH4D9OD16A-dsn.algolia.net" crossorigin="anonymous">
<link rel="stylesheet" href="{CSS[0]}">
<script src="{RUNTIME}" defer="defer"></script>
<script src="{MAIN_JS}" defer="defer"></script>
</head>
<body class="navigation-with-keyboard">
<script>!function(){{function t(t){{document.documentElement.setAttribute("data-theme",t)}}var e=function(){{try{{return new URLSearchParams(window.location.search).get("docusaurus-theme")}}catch(t){{}}}}()||function(){{try{{return window.localStorage.getItem("theme")}}catch(t){{}}}}();t(null!==e?e:"light")}}()</script><div id="__docusaurus"><div role="region" aria-label="Skip to main content"><a class="skipToContent_fXgn" href="#__docusaurus_skipToContent_fallback">Skip to main content</a></div>"""

    def navbar(self, active: str) -> str:
        def item(key: str, href: str, label: str) -> str:
            if key == active:
                return f'<a aria-current="page" class="navbar__item navbar__link navbar__link--active" href="{href}">{label}</a>'
            return f'<a class="navbar__item navbar__link" href="{href}">{label}</a>'

        return f"""<nav aria-label="Main" class="navbar navbar--fixed-top"><div class="navbar__inner"><div class="navbar__items"><button aria-label="Toggle navigation bar" aria-expanded="false" class="navbar__toggle clean-btn" type="button"><svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true"><path stroke="currentColor" stroke-linecap="round" stroke-miterlimit="10" stroke-width="2" d="M4 7h22M4 15h22M4 23h22"></path></svg></button><a class="navbar__brand" href="/"><div class="navbar__logo"><img src="/img/logo.svg" alt="Tern logo" class="themedComponent_mlkZ themedComponent--light_NVdE"><img src="/img/logo-dark.svg" alt="Tern logo" class="themedComponent_mlkZ themedComponent--dark_xIcU"></div><b class="navbar__title text--truncate">Tern</b></a>{item("docs", "/docs/getting-started/introduction", "Docs")}{item("api", "/api/client", "API")}<a class="navbar__item navbar__link" href="/blog">Blog</a></div><div class="navbar__items navbar__items--right"><div class="navbar__item dropdown dropdown--hoverable dropdown--right"><a class="navbar__link" aria-haspopup="true" aria-expanded="false" role="button" href="/docs/getting-started/introduction">2.4</a><ul class="dropdown__menu"><li><a aria-current="page" class="dropdown__link dropdown__link--active" href="/docs/getting-started/introduction">2.4</a></li><li><a class="dropdown__link" href="/docs/1.x/getting-started/introduction">1.x</a></li></ul></div><a href="https://github.com/tern-http/tern" target="_blank" rel="noopener noreferrer" class="navbar__item navbar__link header-github-link" aria-label="GitHub repository"></a><div class="toggle_vylO colorModeToggle_DEke"><button class="clean-btn toggleButton_gllP" type="button" title="Switch between dark and light mode (currently light mode)" aria-label="Switch between dark and light mode (currently light mode)" aria-live="polite"><svg viewBox="0 0 24 24" width="24" height="24" class="lightToggleIcon_pyhR"><path fill="currentColor" d="M12,9c1.65,0,3,1.35,3,3s-1.35,3-3,3s-3-1.35-3-3S10.35,9,12,9"></path></svg><svg viewBox="0 0 24 24" width="24" height="24" class="darkToggleIcon_wfgR"><path fill="currentColor" d="M9.37,5.51C9.19,6.15,9.1,6.82,9.1,7.5c0,4.08,3.32,7.4,7.4,7.4"></path></svg></button></div><div class="navbarSearchContainer_Bca1"><button type="button" class="DocSearch DocSearch-Button" aria-label="Search (Command+K)"><span class="DocSearch-Button-Container"><svg width="20" height="20" class="DocSearch-Search-Icon" viewBox="0 0 20 20" aria-hidden="true"><path d="M14.386 14.386l4.0877 4.0877-4.0877-4.0877c-2.9418 2.9419-7.7115 2.9419-10.6533 0-2.9419-2.9418-2.9419-7.7115 0-10.6533" stroke="currentColor" fill="none" fill-rule="evenodd" stroke-linecap="round" stroke-linejoin="round"></path></svg><span class="DocSearch-Button-Placeholder">Search</span></span><span class="DocSearch-Button-Keys"><kbd class="DocSearch-Button-Key">⌘</kbd><kbd class="DocSearch-Button-Key">K</kbd></span></button></div></div></div><div role="presentation" class="navbar-sidebar__backdrop"></div></nav>"""

    def footer(self) -> str:
        cols = [
            (
                "Docs",
                [
                    ("Introduction", "/docs/getting-started/introduction"),
                    ("API reference", "/api/client"),
                ],
            ),
            (
                "Community",
                [
                    ("Discussions", "https://github.com/tern-http/tern/discussions"),
                    ("Discord", "https://discord.gg/tern"),
                ],
            ),
            (
                "More",
                [
                    ("Blog", "/blog"),
                    ("GitHub", "https://github.com/tern-http/tern"),
                    ("PyPI", "https://pypi.org/project/tern/"),
                ],
            ),
        ]
        html = "".join(
            f'<div class="col footer__col"><div class="footer__title">{h}</div><ul class="footer__items clean-list">'
            + "".join(
                f'<li class="footer__item"><a class="footer__link-item" href="{u}"{EXTERNAL if u.startswith("http") else ""}>{lbl}</a></li>'
                for lbl, u in items
            )
            + "</ul></div>"
            for h, items in cols
        )
        return (
            f'<footer class="footer footer--dark"><div class="container container-fluid"><div class="row footer__links">{html}</div>'
            '<div class="footer__bottom text--center"><div class="footer__copyright">Copyright © 2024 Tern contributors. Built with Docusaurus.</div></div></div></footer></div>\n</body>\n</html>\n'
        )

    def sidebar(self, kind: str, current: str) -> str:
        if kind == "docs":
            cats = []
            for cat, key, slugs in DOCS:
                slugs = [s for s in slugs if (cat, key, s) in self.docs]
                open_ = any(f"{key}/{s}" == current for s in slugs) or key == "getting-started"
                active = any(f"{key}/{s}" == current for s in slugs)
                head = (
                    f'<div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist menu__link--sublist-caret'
                    f'{" menu__link--active" if active else ""}" role="button" aria-expanded="{"true" if open_ else "false"}" href="/docs/{key}/{slugs[0]}">{cat}</a></div>'
                )
                sub = ""
                if open_:
                    items = []
                    for s in slugs:
                        if f"{key}/{s}" == current:
                            items.append(
                                f'<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item"><a class="menu__link menu__link--active" aria-current="page" tabindex="0" href="/docs/{key}/{s}">{title_of(s)}</a></li>'
                            )
                        else:
                            items.append(
                                f'<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item"><a class="menu__link" tabindex="0" href="/docs/{key}/{s}">{title_of(s)}</a></li>'
                            )
                    sub = f'<ul style="display:block;overflow:visible;height:auto" class="menu__list">{"".join(items)}</ul>'
                cats.append(
                    f'<li class="theme-doc-sidebar-item-category theme-doc-sidebar-item-category-level-1 menu__list-item'
                    f'{"" if open_ else " menu__list-item--collapsed"}">{head}{sub}</li>'
                )
            inner = "".join(cats)
        else:
            items = []
            for kd, name in self.api:
                slug = name.lower()
                cls = "menu__link menu__link--active" if slug == current else "menu__link"
                cur = ' aria-current="page"' if slug == current else ""
                items.append(
                    f'<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-1 menu__list-item {kd}-sidebar-item">'
                    f'<a class="{cls}"{cur} href="/api/{slug}">{name}</a></li>'
                )
            inner = "".join(items)
        return (
            f'<aside class="theme-doc-sidebar-container docSidebarContainer_YfHR"><div class="sidebarViewport_aRkj"><div class="sidebar_njMd">'
            f'<nav aria-label="Docs sidebar" class="menu thin-scrollbar menu_SIkG"><ul class="theme-doc-sidebar-menu menu__list">{inner}</ul></nav>'
            '<button type="button" title="Collapse sidebar" aria-label="Collapse sidebar" class="button button--secondary button--outline collapseSidebarButton_PEFL">'
            '<svg width="20" height="20" aria-hidden="true" class="collapseSidebarButtonIcon_kv0_"><g fill="#7a7a7a"><path d="M9.992 10.023c0 .2-.062.399-.172.547l-4.996 7.492"></path></g></svg></button></div></div></aside>'
        )

    def breadcrumbs(self, parts: list[str]) -> str:
        items = [
            '<li class="breadcrumbs__item"><a aria-label="Home page" class="breadcrumbs__link" href="/"><svg viewBox="0 0 24 24" class="breadcrumbHomeIcon_YNFT"><path d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" fill="currentColor"></path></svg></a></li>'
        ]
        for i, p in enumerate(parts):
            last = i == len(parts) - 1
            items.append(
                f'<li {LISTITEM if last else ""}class="breadcrumbs__item{" breadcrumbs__item--active" if last else ""}">'
                f'<span class="breadcrumbs__link"{ITEMPROP if last else ""}>{esc(p)}</span><meta itemprop="position" content="{i + 1}"></li>'
            )
        return (
            f'<nav class="theme-doc-breadcrumbs breadcrumbsContainer_Z_bl" aria-label="Breadcrumbs"><ul class="breadcrumbs" itemscope="" '
            f'itemtype="https://schema.org/BreadcrumbList">{"".join(items)}</ul></nav>'
        )

    def toc(self, toc: list[tuple[int, str, str]]) -> str:
        parts, sub = [], False
        for lvl, a, text in toc:
            link = f'<a href="#{a}" class="table-of-contents__link toc-highlight">{esc(text)}</a>'
            if lvl == 2:
                if sub:
                    parts.append("</ul></li>")
                    sub = False
                elif parts:
                    parts.append("</li>")
                parts.append(f"<li>{link}")
            else:
                if not sub:
                    parts.append("<ul>")
                    sub = True
                parts.append(f"<li>{link}</li>")
        parts.append("</ul></li>" if sub else "</li>")
        return "".join(parts)

    def pager(self, prev: tuple[str, str] | None, nxt: tuple[str, str] | None) -> str:
        out = ""
        if prev:
            out += (
                f'<a class="pagination-nav__link pagination-nav__link--prev" href="{prev[0]}"><div class="pagination-nav__sublabel">Previous</div>'
                f'<div class="pagination-nav__label">{esc(prev[1])}</div></a>'
            )
        if nxt:
            out += (
                f'<a class="pagination-nav__link pagination-nav__link--next" href="{nxt[0]}"><div class="pagination-nav__sublabel">Next</div>'
                f'<div class="pagination-nav__label">{esc(nxt[1])}</div></a>'
            )
        return f'<nav class="pagination-nav docusaurus-mt-lg" aria-label="Docs pages">{out}</nav>'

    def docs_shell(self, kind: str, current: str, col_cls: str, article: str, right: str) -> str:
        right_col = f'<div class="col col--3">{right}</div>' if right else ""
        return (
            f'<div id="__docusaurus_skipToContent_fallback" class="main-wrapper mainWrapper_z2l0"><div class="docsWrapper_hBAB">'
            '<button aria-label="Scroll back to top" class="clean-btn theme-back-to-top-button backToTopButton_sjWU" type="button"></button>'
            f'<div class="docRoot_UBD9">{self.sidebar(kind, current)}<main class="docMainContainer_TBSr"><div class="container padding-top--md padding-bottom--lg">'
            f'<div class="row"><div class="{col_cls}">{article}</div>{right_col}</div></div></main></div></div></div>'
        )

    # -------------------------------------------------------------- templates
    def doc(self, i: int) -> Page:
        cat, key, slug = self.docs[i]
        title = title_of(slug)
        r = random.Random(stable_int("doc", slug))
        t = Text(r, "en", NOUNS)
        size = r.choice([(0, 2), (2, 6), (5, 14), (12, 30), (30, 60)])
        body, toc = md_body(r, t, *size)
        hide_toc = r.random() < 0.15
        show_toc = bool(toc) and not hide_toc
        prev = (
            (f"/docs/{self.docs[i - 1][1]}/{self.docs[i - 1][2]}", title_of(self.docs[i - 1][2]))
            if i > 0
            else None
        )
        nxt = (
            (f"/docs/{self.docs[i + 1][1]}/{self.docs[i + 1][2]}", title_of(self.docs[i + 1][2]))
            if i + 1 < len(self.docs)
            else None
        )
        mobile = (
            '<div class="tocCollapsible_ETCw theme-doc-toc-mobile tocMobile_ITEo"><button type="button" class="clean-btn tocCollapsibleButton_TO0P">On this page</button></div>'
            if show_toc
            else ""
        )
        last = (
            f'<div class="col lastUpdated_JAkA"><span class="theme-last-updated">Last updated<!-- --> on <b><time datetime="2024-0{r.randint(1, 6)}-1{r.randint(0, 9)}T00:00:00.000Z" itemprop="dateModified">'
            f"{r.choice(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'])} 1{r.randint(0, 9)}, 2024</time></b></span></div>"
        )
        article = (
            f'<div class="docItemContainer_Djhp"><article>{self.breadcrumbs([cat, title])}{mobile}<div class="theme-doc-markdown markdown">'
            f'<header><h1>{esc(title)}</h1></header>{body}</div><footer class="theme-doc-footer docusaurus-mt-lg"><div class="theme-doc-footer-edit-meta-row row">'
            f'<div class="col"><a href="https://github.com/tern-http/tern/edit/main/website/docs/{key}/{slug}.md" target="_blank" rel="noopener noreferrer" class="theme-edit-this-page">'
            f'<svg fill="currentColor" height="20" width="20" viewBox="0 0 40 40" class="iconEdit_Z9Sw" aria-hidden="true"><g><path d="m34.5 11.7l-3 3.1-6.3-6.3 3.1-3q0.5-0.5 1.2-0.5t1.1 0.5l3.9 3.9q0.5 0.4 0.5 1.1t-0.5 1.2z"></path></g></svg>Edit this page</a></div>{last}</div></footer></article>'
            f"{self.pager(prev, nxt)}</div>"
        )
        right = (
            f'<div class="tableOfContents_bqdL thin-scrollbar theme-doc-toc-desktop"><ul class="table-of-contents table-of-contents__left-border">{self.toc(toc)}</ul></div>'
            if show_toc
            else ""
        )
        col = "col docItemCol_VOVn" if show_toc else "col"
        html_cls = f"docs-wrapper plugin-docs plugin-id-default docs-version-current docs-doc-page docs-doc-id-{key}/{slug}"
        path = f"/docs/{key}/{slug}"
        html = (
            self.head(f"{title} | Tern", html_cls, path, t.sentence())
            + self.navbar("docs")
            + self.docs_shell("docs", f"{key}/{slug}", col, article, right)
            + self.footer()
        )
        return record(HOST, path, html, CSS), "DocItem"

    def api_page(self, i: int) -> Page:
        kind, name = self.api[i]
        slug = name.lower()
        r = random.Random(stable_int("api", name))
        t = Text(r, "en", NOUNS)
        types = [
            "str",
            "int",
            "float",
            "bool",
            "bytes",
            "Headers",
            "Timeout | float",
            "dict[str, str] | None",
            "Response",
            "Request",
        ]

        def table(rows: list[tuple], cols: list[str]) -> str:
            head = "".join(f"<th>{c}</th>" for c in cols)
            body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
            return f'<table class="apiMemberTable_yJ5n"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'

        def params(n: int) -> list[tuple]:
            names = r.sample(
                [
                    "url",
                    "params",
                    "headers",
                    "timeout",
                    "follow_redirects",
                    "auth",
                    "cookies",
                    "content",
                    "json",
                    "stream",
                    "retries",
                    "base_url",
                    "verify",
                    "proxy",
                    "limits",
                ],
                n,
            )
            return [
                (
                    f"<code>{p}</code>",
                    f"<code>{esc(r.choice(types))}</code>",
                    f"<code>{r.choice(['None', 'True', '5.0', '0', '&quot;&quot;'])}</code>",
                    esc(t.sentence()),
                )
                for p in names
            ]

        sections, toc = [], []
        positional = r.sample(
            ["base_url: str = ''", "url: str", "headers: dict[str, str] | None = None"],
            r.randint(0, 2),
        )
        keywords = r.sample(
            [
                "timeout: Timeout | float = 5.0",
                "retries: int = 0",
                "follow_redirects: bool = True",
                "verify: bool = True",
            ],
            r.randint(0, 3),
        )
        sig_params = ", ".join(positional + (["*", *keywords] if keywords else []))
        prefix = {"class": "class ", "protocol": "class ", "function": "def ", "module": ""}[kind]
        signature = (
            f'<pre class="apiSignature_xf4B"><code>{prefix}{name}({esc(sig_params)})</code></pre>'
            if kind != "module"
            else ""
        )
        if kind in ("class", "function"):
            ps = params(r.randint(1, 7))
            sections.append(
                f'<section class="apiSection_Z2kq">{heading(2, "Parameters", "parameters")}{table(ps, ["Name", "Type", "Default", "Description"])}</section>'
            )
            toc.append((2, "parameters", "Parameters"))
        if kind in ("class", "protocol") and r.random() < 0.7:
            attrs = [
                (f"<code>{a}</code>", f"<code>{esc(r.choice(types))}</code>", esc(t.sentence()))
                for a in r.sample(
                    [
                        "status_code",
                        "headers",
                        "url",
                        "elapsed",
                        "is_closed",
                        "encoding",
                        "cookies",
                        "history",
                    ],
                    r.randint(2, 6),
                )
            ]
            sections.append(
                f'<section class="apiSection_Z2kq">{heading(2, "Attributes", "attributes")}{table(attrs, ["Name", "Type", "Description"])}</section>'
            )
            toc.append((2, "attributes", "Attributes"))
        if kind in ("class", "protocol", "module"):
            mnames = r.sample(
                [
                    "get",
                    "post",
                    "put",
                    "delete",
                    "send",
                    "close",
                    "stream",
                    "build_request",
                    "raise_for_status",
                    "json",
                    "iter_bytes",
                    "mount",
                    "request",
                    "copy_with",
                ],
                r.randint(1, 9),
            )
            label = "Functions" if kind == "module" else "Methods"
            lid = label.lower()
            summary = table(
                [
                    (
                        f'<a href="#{"function" if kind == "module" else "method"}-{m}"><code>{m}()</code></a>',
                        esc(t.sentence()),
                    )
                    for m in mnames
                ],
                ["Name", "Description"],
            ).replace(
                'class="apiMemberTable_yJ5n"', 'class="apiMemberTable_yJ5n apiMemberSummary_c8Jd"'
            )
            members = []
            toc.append((2, lid, label))
            for m in mnames:
                mid = f"{'function' if kind == 'module' else 'method'}-{m}"
                toc.append((3, mid, m))
                is_async = name == "AsyncClient" or (m == "stream" and r.random() < 0.5)
                badge = (
                    '<span class="badge badge--info apiBadge_Qe1b">async</span>' if is_async else ""
                )
                extra = ""
                if r.random() < 0.6:
                    extra += table(
                        params(r.randint(1, 4)), ["Name", "Type", "Default", "Description"]
                    )
                extra += f'<p class="apiReturns_V1dd"><strong>Returns</strong> <code>{esc(r.choice(types))}</code></p>'
                if r.random() < 0.3:
                    extra += f'<p class="apiRaises_k2Pd"><strong>Raises</strong> <code>{r.choice(["HTTPStatusError", "TimeoutException", "TransportError"])}</code></p>'
                if r.random() < 0.35:
                    extra += prism(code_sample(r, "python")[1], "python")
                members.append(
                    f'<div class="apiMember_Ow3j">{heading(3, m, mid)}'
                    f'{badge}<pre class="apiSignature_xf4B"><code>{"async " if is_async else ""}def {m}(self, ...)</code></pre>'
                    f'<div class="markdown"><p>{esc(t.para(1, 3))}</p></div>{extra}</div>'
                )
            sections.append(
                f'<section class="apiSection_Z2kq">{heading(2, label, lid)}{summary}{"".join(members)}</section>'
            )
        if kind == "module":
            excs = r.sample(
                [
                    "HTTPError",
                    "RequestError",
                    "TransportError",
                    "TimeoutException",
                    "ConnectError",
                    "ReadTimeout",
                    "HTTPStatusError",
                    "TooManyRedirects",
                    "DecodingError",
                ],
                r.randint(4, 9),
            )
            sections.append(
                f'<section class="apiSection_Z2kq">{heading(2, "Exceptions", "exceptions-1")}'
                + table(
                    [
                        (
                            f"<code>{e}</code>",
                            f"<code>{r.choice(['HTTPError', 'RequestError', 'Exception'])}</code>",
                            esc(t.sentence()),
                        )
                        for e in excs
                    ],
                    ["Name", "Base", "Description"],
                )
                + "</section>"
            )
            toc.append((2, "exceptions-1", "Exceptions"))
        if r.random() < 0.5:
            sections.append(
                f'<section class="apiSection_Z2kq">{heading(2, "Examples", "examples")}{prism(code_sample(r, "python")[1], "python", "example.py")}</section>'
            )
            toc.append((2, "examples", "Examples"))
        kind_badge = {
            "class": "primary",
            "protocol": "secondary",
            "module": "success",
            "function": "info",
        }[kind]
        article = (
            f'<article class="apiItem_kX3v">{self.breadcrumbs(["API reference", name])}'
            f'<header class="apiHeader_pQ4u"><span class="badge badge--{kind_badge} apiKind_Tq0n">{kind}</span><h1 class="apiTitle_Mw8a"><code>tern.{name}</code></h1>'
            f'<div class="apiSource_Jc2e"><a href="https://github.com/tern-http/tern/blob/v2.4.0/src/tern/_{slug}.py#L{r.randint(10, 400)}" target="_blank" rel="noopener noreferrer">[source]</a></div></header>'
            f'{signature}<div class="markdown apiDocstring_Lb0s">'
            + "".join(f"<p>{esc(t.para(1, 4))}</p>" for _ in range(r.randint(1, 3)))
            + (admonition("note", f"<p>{esc(t.sentence())}</p>") if r.random() < 0.25 else "")
            + f"</div>{''.join(sections)}</article>"
        )
        prev = (f"/api/{self.api[i - 1][1].lower()}", self.api[i - 1][1]) if i > 0 else None
        nxt = (
            (f"/api/{self.api[i + 1][1].lower()}", self.api[i + 1][1])
            if i + 1 < len(self.api)
            else None
        )
        article += self.pager(prev, nxt)
        right = (
            (
                f'<div class="tableOfContents_bqdL thin-scrollbar apiToc_g4Xs"><p class="apiTocTitle_Fq2r">Members</p>'
                f'<ul class="table-of-contents table-of-contents__left-border">{self.toc(toc)}</ul></div>'
            )
            if toc
            else ""
        )
        html_cls = f"docs-wrapper plugin-docs plugin-id-api docs-version-current docs-doc-page docs-doc-id-{slug} api-item-page"
        path = f"/api/{slug}"
        html = (
            self.head(f"tern.{name} | Tern", html_cls, path, t.sentence())
            + self.navbar("api")
            + self.docs_shell("api", slug, "col apiItemCol_Yq8r", article, right)
            + self.footer()
        )
        return record(HOST, path, html, CSS), "ApiItem"

    def home(self) -> Page:
        t = Text(random.Random(5), "en", NOUNS)
        feats = "".join(
            f'<div class="col col--4"><div class="text--center"><img class="featureSvg_GfXr" src="/img/feature-{i}.svg" alt="" role="img"></div>'
            f'<div class="text--center padding-horiz--md"><h3>{esc(t.title(1, 3))}</h3><p>{esc(t.sentences(1, 2))}</p></div></div>'
            for i in range(3)
        )
        main = (
            f'<div id="__docusaurus_skipToContent_fallback" class="main-wrapper mainWrapper_z2l0"><header class="hero hero--primary heroBanner_qdFl"><div class="container">'
            f'<h1 class="hero__title">Tern</h1><p class="hero__subtitle">A friendly, fast HTTP client for Python.</p><div class="buttons_AeoN">'
            '<a class="button button--secondary button--lg" href="/docs/getting-started/introduction">Get started – 5 min ⏱️</a></div>'
            f'<div class="installSnippet_mL2x">{prism("pip install tern", "bash")}</div></div></header>'
            f'<main><section class="features_t9lD"><div class="container"><div class="row">{feats}</div></div></section>'
            f'<section class="sponsors_Hq2v"><div class="container"><h2 class="text--center">Sponsors</h2><div class="row sponsorsRow_a1Wk">'
            + "".join(
                f'<div class="col col--2"><a href="https://example.com/{n}"><img src="/img/sponsors/{n}.svg" alt="{n}" class="sponsorLogo_sK3n"></a></div>'
                for n in ["acme", "northwind", "globex", "initech"]
            )
            + "</div></div></section></main></div>"
        )
        html = (
            self.head(
                "Tern | A friendly HTTP client for Python",
                "plugin-pages plugin-id-default",
                "/",
                "A friendly HTTP client.",
            )
            + self.navbar("")
            + main
            + self.footer()
        )
        return record(HOST, "/", html, CSS), "home"

    def search(self, q: str) -> Page:
        r = random.Random(stable_int("search", q))
        t = Text(r, "en", NOUNS)
        hits = [d for d in self.docs if q in d[2] or r.random() < 0.25]
        items = "".join(
            f'<article class="searchResultItem_Tv2o"><h2 class="searchResultItemHeading_KbCB"><a href="/docs/{d[1]}/{d[2]}#{q}">{esc(title_of(d[2]))}</a></h2>'
            f'<nav aria-label="Breadcrumbs" class="breadcrumbs searchResultItemPath_lhe1"><li class="breadcrumbs__item">{d[0]}</li><li class="breadcrumbs__item">{esc(title_of(d[2]))}</li></nav>'
            f'<p class="searchResultItemSummary_AEaO">…{esc(t.words(4, 8))} <mark>{esc(q)}</mark> {esc(t.words(4, 10))}…</p></article>'
            for d in hits
        )
        count = f"{len(hits)} documents" if hits else f'No results for "{esc(q)}"'
        main = (
            f'<div id="__docusaurus_skipToContent_fallback" class="main-wrapper mainWrapper_z2l0"><main class="container margin-vert--lg">'
            f'<h1>Search results for &quot;{esc(q)}&quot;</h1><form action="" onsubmit="return!1"><div class="row"><div class="col col--9 searchQueryColumn_RTkw">'
            f'<input type="search" name="q" class="searchQueryInput_u2C7" aria-label="Search" autocomplete="off" value="{esc(q)}"></div>'
            '<div class="col col--3 searchVersionColumn_ypXd"><select name="search-version" class="searchVersionInput_FUUT"><option value="2.4" selected="">2.4</option><option value="1.x">1.x</option></select></div></div></form>'
            f'<div class="row"><div class="col col--8 searchResultsColumn_JPFH">{count}</div><div class="col col--4 text--right searchLogoColumn_rJIA"><a target="_blank" rel="noopener noreferrer" href="https://www.algolia.com/" aria-label="Search by Algolia"><svg viewBox="0 0 168 24" class="algoliaLogo_rT1R"><path fill="#003dff" d="M6.97 6.68V8.3a4.47 4.47 0 0 0-2.42-.67"></path></svg></a></div></div>'
            f"<div>{items}</div></main></div>"
        )
        html = (
            self.head(
                "Search the documentation | Tern",
                "search-page-wrapper plugin-theme-search-algolia plugin-id-default",
                f"/search?q={q.replace(' ', '+')}",
                "Search",
            )
            + self.navbar("")
            + main
            + self.footer()
        )
        return record(HOST, f"/search?q={q.replace(' ', '+')}", html, CSS), "SearchPage"

    def not_found(self, path: str) -> Page:
        main = (
            '<div id="__docusaurus_skipToContent_fallback" class="main-wrapper mainWrapper_z2l0"><main class="container margin-vert--xl"><div class="row"><div class="col col--6 col--offset-3">'
            '<h1 class="hero__title">Page Not Found</h1><p>We could not find what you were looking for.</p>'
            "<p>Please contact the owner of the site that linked you to the original URL and let them know their link is broken.</p></div></div></main></div>"
        )
        html = (
            self.head("Page Not Found | Tern", "", path, "")
            + self.navbar("")
            + main
            + self.footer()
        )
        return record(HOST, path, html, CSS), "NotFound"


ITEMPROP = ' itemprop="name"'
LISTITEM = 'itemscope="" itemprop="itemListElement" itemtype="https://schema.org/ListItem" '
EXTERNAL = ' target="_blank" rel="noopener noreferrer"'


def build(seed: int = 0) -> list[Page]:
    s = Site(seed)
    out: list[Page] = [s.home()]
    out += [s.doc(i) for i in range(len(s.docs))]
    out += [s.api_page(i) for i in range(len(s.api))]
    for q in ["retry", "timeout", "proxy auth"]:
        out.append(s.search(q))
    out.append(s.not_found("/docs/configuration"))
    out.append(s.not_found("/api/session"))
    return out
