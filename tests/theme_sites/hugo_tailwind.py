"""hugo_tailwind — a multilingual open-source project site built with Hugo + Tailwind.

Imitates a Hugo site with a Tailwind CSS theme (Tailwind UI style markup):
every layout goes through the same ``baseof.html`` (sticky header with nav,
language switcher and donate button; dark footer with newsletter form), so the
layouts differ only inside ``<main id="main-content">``. Utility classes are
everywhere and the same ones recur across layouts (``mx-auto max-w-7xl px-4
sm:px-6 lg:px-8``, ``grid grid-cols-1 gap-8 md:grid-cols-3``, ``prose prose-lg``,
``dark:`` variants); the post card partial appears on the home page, the blog
list and under posts. Content is mirrored under /en/, /ja/ and /fr/ (not every
post is translated; the language switcher links a translation when one exists,
else the language's home). One fingerprinted CSS bundle on every page, plus a
docs CSS file on docs pages.

Templates (labels are Hugo layout files):

* ``home``     -- index.html: hero, feature grid, latest posts, stats.
* ``post``     -- blog/single.html: prose article, optional TOC aside (changes
  the grid), optional featured image, optional author box, related posts.
* ``list``     -- _default/list.html: blog section pages and category term pages
  (cards grid + pagination).
* ``docs``     -- docs/single.html: docs sidebar nav + prose + prev/next.
* ``404``      -- 404.html.
* ``donate``   -- donate/single.html: amount buttons and donation form.
* ``thanks``   -- donate/thanks.html: donation thank-you page.
"""

from __future__ import annotations

import random
from datetime import date

from . import _md
from ._common import (
    Page,
    Text,
    dates_back,
    esc,
    fmt_date,
    record,
    short_hash,
    stable_int,
    unique_slugs,
)

HOST = "lumenmaps.org"
LANGS = ("en", "ja", "fr")
NOUNS = [
    "map",
    "tile",
    "layer",
    "style",
    "contributor",
    "server",
    "basemap",
    "offline",
    "release",
    "plugin",
]
CSS_MAIN = f"/css/main.min.{short_hash('main', n=64)}.css"
CSS_DOCS = f"/css/docs.min.{short_hash('docs', n=64)}.css"

L = {
    "en": {
        "name": "English",
        "home": "Home",
        "blog": "Blog",
        "docs": "Docs",
        "community": "Community",
        "donate": "Donate",
        "latest": "Latest from the blog",
        "all": "View all posts",
        "toc": "On this page",
        "related": "Related posts",
        "read": "min read",
        "prev": "Previous",
        "next": "Next",
        "nf": "Page not found",
        "nf_p": "Sorry, we couldn’t find the page you’re looking for.",
        "back": "Go back home",
        "thanks": "Thank you!",
        "edit": "Edit this page",
        "updated": "Last updated",
        "more": "More posts by",
        "subscribe": "Subscribe",
        "news": "Subscribe to our newsletter",
        "cur": "$",
        "amounts": [10, 25, 50, 100, 250, 500],
        "once": "One-time",
        "monthly": "Monthly",
        "amount": "Amount",
        "other": "Other amount",
        "first": "First name",
        "last": "Last name",
        "email": "Email",
        "country": "Country",
        "anon": "Donate anonymously",
        "blog_p": "News, release notes and stories from the community.",
        "features": "Everything you need",
    },
    "ja": {
        "name": "日本語",
        "home": "ホーム",
        "blog": "ブログ",
        "docs": "ドキュメント",
        "community": "コミュニティ",
        "donate": "寄付する",
        "latest": "ブログの最新記事",
        "all": "すべての記事を見る",
        "toc": "目次",
        "related": "関連記事",
        "read": "分で読めます",
        "prev": "前へ",
        "next": "次へ",
        "nf": "ページが見つかりません",
        "nf_p": "お探しのページは見つかりませんでした。",
        "back": "ホームに戻る",
        "thanks": "ありがとうございます",
        "edit": "このページを編集",
        "updated": "最終更新",
        "more": "の他の記事",
        "subscribe": "登録",
        "news": "ニュースレターを購読",
        "cur": "¥",
        "amounts": [1000, 3000, 5000, 10000, 30000, 50000],
        "once": "今回のみ",
        "monthly": "毎月",
        "amount": "金額",
        "other": "その他の金額",
        "first": "名",
        "last": "姓",
        "email": "メールアドレス",
        "country": "国",
        "anon": "匿名で寄付する",
        "blog_p": "ニュース、リリースノート、コミュニティの話題をお届けします。",
        "features": "必要なものがすべて揃っています",
    },
    "fr": {
        "name": "Français",
        "home": "Accueil",
        "blog": "Blog",
        "docs": "Documentation",
        "community": "Communauté",
        "donate": "Faire un don",
        "latest": "Derniers articles",
        "all": "Voir tous les articles",
        "toc": "Sur cette page",
        "related": "Articles liés",
        "read": "min de lecture",
        "prev": "Précédent",
        "next": "Suivant",
        "nf": "Page introuvable",
        "nf_p": "Désolé, nous n’avons pas trouvé la page demandée.",
        "back": "Retour à l’accueil",
        "thanks": "Merci !",
        "edit": "Modifier cette page",
        "updated": "Mis à jour le",
        "more": "Plus d’articles de",
        "subscribe": "S’abonner",
        "news": "Abonnez-vous à la lettre d’information",
        "cur": "€",
        "amounts": [10, 20, 50, 100, 200, 500],
        "once": "Ponctuel",
        "monthly": "Mensuel",
        "amount": "Montant",
        "other": "Autre montant",
        "first": "Prénom",
        "last": "Nom",
        "email": "Courriel",
        "country": "Pays",
        "anon": "Don anonyme",
        "blog_p": "Actualités, notes de version et histoires de la communauté.",
        "features": "Tout ce qu’il vous faut",
    },
}

DOCS = [  # (section key, [(slug, en title)])
    ("getting-started", ["installation", "quick-start", "configuration"]),
    ("guides", ["styling-maps", "offline-tiles", "writing-plugins", "self-hosting"]),
    ("reference", ["cli", "style-spec"]),
]
SECTION_TITLES = {
    "getting-started": {"en": "Getting started", "ja": "はじめに", "fr": "Premiers pas"},
    "guides": {"en": "Guides", "ja": "ガイド", "fr": "Guides"},
    "reference": {"en": "Reference", "ja": "リファレンス", "fr": "Référence"},
}
CATEGORIES = {
    "news": {"en": "News", "ja": "ニュース", "fr": "Actualités"},
    "releases": {"en": "Releases", "ja": "リリース", "fr": "Versions"},
    "community": {"en": "Community", "ja": "コミュニティ", "fr": "Communauté"},
}
AUTHORS = [
    ("Maya Lindqvist", "Core maintainer, works on rendering and styles."),
    ("Kenji Sato", "Runs the Tokyo meetup and the Japanese docs."),
    ("Léa Moreau", "Community manager and release wrangler."),
]

ICON_PATHS = [
    "M2.25 12.75V12A2.25 2.25 0 014.5 9.75h15A2.25 2.25 0 0121.75 12v.75",
    "M9 6.75V15m6-6v8.25m.503 3.498l4.875-2.437c.381-.19.622-.58.622-1.006V4.82",
    "M3.75 13.5l10.5-11.25L12 10.5h8.25L9.75 21.75 12 13.5H3.75z",
    "M16.5 10.5V6.75a4.5 4.5 0 10-9 0v3.75m-.75 11.25h10.5a2.25 2.25 0 002.25-2.25v-6.75",
    "M12 21a9.004 9.004 0 008.716-6.747M12 21a9.004 9.004 0 01-8.716-6.747M12 21c2.485 0 4.5-4.03 4.5-9",
    "M6.429 9.75L2.25 12l4.179 2.25m0-4.5l5.571 3 5.571-3m-11.142 0L2.25 7.5 12 2.25l9.75 5.25-4.179 2.25",
]


def svg(path: str, cls: str = "h-5 w-5") -> str:
    return (
        f'<svg class="{cls}" fill="none" viewBox="0 0 24 24" stroke-width="1.5" stroke="currentColor" aria-hidden="true">'
        f'<path stroke-linecap="round" stroke-linejoin="round" d="{path}" /></svg>'
    )


class Site:
    def __init__(self, seed: int) -> None:
        self.rng = rng = random.Random(seed + 2000)
        n = rng.randint(8, 11)
        en_t = Text(rng, "en", NOUNS)
        titles = [en_t.title(3, 7) for _ in range(n)]
        slugs = unique_slugs(titles)
        ds = dates_back(rng, n, date(2024, 5, 20))
        self.posts = []
        for i in range(n):
            langs = ["en"] + [lg for lg, p in (("ja", 0.55), ("fr", 0.7)) if rng.random() < p]
            self.posts.append(
                {
                    "slug": slugs[i],
                    "date": ds[i],
                    "en_title": titles[i],
                    "langs": langs,
                    "cat": rng.choice(list(CATEGORIES)),
                    "toc": rng.random() < 0.45,
                    "image": rng.random() < 0.65,
                    "author": rng.choice(AUTHORS),
                    "author_box": rng.random() < 0.5,
                    "tags": rng.sample(
                        [
                            "release",
                            "styles",
                            "offline",
                            "meetup",
                            "funding",
                            "plugins",
                            "performance",
                        ],
                        rng.randint(0, 3),
                    ),
                    "seed": rng.randint(0, 10**9),
                }
            )
        self.docs = {}
        for lang in LANGS:
            pages = []
            for sec, slugs_ in DOCS:
                for s in slugs_:
                    if lang != "en" and rng.random() < (0.35 if lang == "ja" else 0.2):
                        continue
                    pages.append((sec, s))
            self.docs[lang] = pages

    # ------------------------------------------------------------------ titles
    def post_title(self, p: dict, lang: str) -> str:
        if lang == "en":
            return p["en_title"]
        return Text(random.Random(stable_int(p["seed"], lang)), lang).title()

    def doc_title(self, slug: str, lang: str) -> str:
        if lang == "en":
            return slug.replace("-", " ").capitalize().replace("Cli", "CLI")
        return Text(random.Random(len(slug) * 31 + ord(lang[0])), lang).title()

    # ------------------------------------------------------------------ chrome
    def head(self, lang: str, title: str, path: str, alternates: dict[str, str], docs: bool) -> str:
        alts = "".join(
            f'<link rel="alternate" hreflang="{lg}" href="https://{HOST}{u}">\n'
            for lg, u in alternates.items()
        )
        css = f'<link rel="stylesheet" href="{CSS_MAIN}" integrity="sha256-{short_hash("i", n=43, alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}=" crossorigin="anonymous">\n'
        if docs:
            css += f'<link rel="stylesheet" href="{CSS_DOCS}">\n'
        return f"""<!DOCTYPE html>
<html lang="{lang}" dir="ltr" class="scroll-smooth">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Hugo 0.125.4">
<title>{esc(title)}</title>
<meta name="description" content="{esc(title)}">
<link rel="canonical" href="https://{HOST}{path}">
{alts}<meta property="og:title" content="{esc(title)}">
<meta property="og:url" content="https://{HOST}{path}">
<meta property="og:site_name" content="Lumen Maps">
<meta property="og:locale" content="{ {"en": "en_US", "ja": "ja_JP", "fr": "fr_FR"}[lang] }">
{css}<script>if(localStorage.theme==='dark'||(!('theme' in localStorage)&&window.matchMedia('(prefers-color-scheme: dark)').matches)){{document.documentElement.classList.add('dark')}}</script>
<script defer src="/js/bundle.min.{short_hash("js", n=12)}.js"></script>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body class="flex min-h-screen flex-col bg-white text-gray-900 antialiased dark:bg-gray-900 dark:text-gray-100">
<a href="#main-content" class="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2">Skip to content</a>
"""

    def header(self, lang: str, active: str, switch: dict[str, str]) -> str:
        s = L[lang]
        links = []
        mlinks = []
        for key, href in [
            ("blog", f"/{lang}/blog/"),
            ("docs", f"/{lang}/docs/getting-started/installation/"),
            ("community", f"/{lang}/community/"),
        ]:
            if key == active:
                cls = "text-sm font-semibold leading-6 text-indigo-600 dark:text-indigo-400"
                cur = ' aria-current="page"'
            else:
                cls = "text-sm font-semibold leading-6 text-gray-900 hover:text-indigo-600 dark:text-gray-100 dark:hover:text-indigo-400"
                cur = ""
            links.append(f'<a href="{href}" class="{cls}"{cur}>{s[key]}</a>')
            mlinks.append(
                f'<a href="{href}" class="-mx-3 block rounded-lg px-3 py-2 text-base font-semibold leading-7 text-gray-900 hover:bg-gray-50 dark:text-gray-100 dark:hover:bg-gray-800"{cur}>{s[key]}</a>'
            )
        opts = []
        for lg in LANGS:
            sel = lg == lang
            cls = (
                "block rounded-lg px-3 py-2 text-sm leading-6 hover:bg-gray-50 dark:hover:bg-gray-700"
                + (" font-semibold text-indigo-600" if sel else " text-gray-700 dark:text-gray-200")
            )
            opts.append(
                f'<li role="option" aria-selected="{"true" if sel else "false"}"><a href="{switch[lg]}" hreflang="{lg}" lang="{lg}" class="{cls}">{L[lg]["name"]}</a></li>'
            )
        return f"""<header class="sticky top-0 z-40 w-full border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-900/90">
<nav class="mx-auto flex max-w-7xl items-center justify-between px-4 py-3 sm:px-6 lg:px-8" aria-label="Global">
<div class="flex lg:flex-1"><a href="/{lang}/" class="-m-1.5 flex items-center gap-2 p-1.5"><img class="h-8 w-auto" src="/images/logo.svg" alt="" width="32" height="32"><span class="text-lg font-semibold tracking-tight text-gray-900 dark:text-white">Lumen Maps</span></a></div>
<div class="flex lg:hidden"><button type="button" class="-m-2.5 inline-flex items-center justify-center rounded-md p-2.5 text-gray-700 dark:text-gray-300" data-menu-toggle aria-controls="mobile-menu" aria-expanded="false"><span class="sr-only">Open main menu</span>{svg("M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5", "h-6 w-6")}</button></div>
<div class="hidden lg:flex lg:gap-x-10">{"".join(links)}</div>
<div class="hidden lg:flex lg:flex-1 lg:items-center lg:justify-end lg:gap-x-4">
<div class="relative" x-data="{{ open: false }}"><button type="button" class="inline-flex items-center gap-x-1 text-sm font-semibold leading-6 text-gray-900 dark:text-gray-100" @click="open = !open" :aria-expanded="open" aria-haspopup="listbox">{svg(ICON_PATHS[4])}{L[lang]["name"]}{svg("M19.5 8.25l-7.5 7.5-7.5-7.5", "h-4 w-4")}</button>
<ul x-show="open" x-cloak @click.outside="open = false" class="absolute right-0 z-10 mt-3 w-40 rounded-xl bg-white p-2 shadow-lg ring-1 ring-gray-900/5 dark:bg-gray-800" role="listbox">{"".join(opts)}</ul></div>
<button type="button" class="rounded-full p-1.5 text-gray-500 hover:bg-gray-100 dark:text-gray-400 dark:hover:bg-gray-800" data-theme-toggle aria-label="Toggle dark mode">{svg("M12 3v2.25m6.364.386l-1.591 1.591M21 12h-2.25", "h-5 w-5 dark:hidden")}{svg("M21.752 15.002A9.718 9.718 0 0118 15.75c-5.385 0-9.75-4.365-9.75-9.75", "hidden h-5 w-5 dark:block")}</button>
<a href="/{lang}/donate/" class="rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">{s["donate"]}</a>
</div>
</nav>
<div id="mobile-menu" class="hidden lg:hidden" role="dialog" aria-modal="true"><div class="space-y-2 px-4 py-6">{"".join(mlinks)}<a href="/{lang}/donate/" class="-mx-3 block rounded-lg px-3 py-2 text-base font-semibold leading-7 text-indigo-600">{s["donate"]}</a></div></div>
</header>
"""

    def footer(self, lang: str) -> str:
        s = L[lang]
        t = Text(random.Random(7), lang)
        blurb = esc(t.sentence())
        cols = []
        for head, items in [
            ("Project", [s["blog"], s["docs"], "GitHub", "Roadmap"]),
            ("Support", [s["donate"], "Sponsors", "Status"]),
            (s["community"], ["Forum", "Matrix", "Code of conduct"]),
            ("Legal", ["Privacy", "License"]),
        ]:
            lis = "".join(
                f'<li><a href="/{lang}/{i.lower().replace(" ", "-")}/" class="text-sm leading-6 text-gray-300 hover:text-white">{esc(i)}</a></li>'
                for i in items
            )
            cols.append(
                f'<div><h3 class="text-sm font-semibold leading-6 text-white">{esc(head)}</h3><ul role="list" class="mt-6 space-y-4">{lis}</ul></div>'
            )
        return f"""<footer class="mt-auto bg-gray-900" aria-labelledby="footer-heading">
<h2 id="footer-heading" class="sr-only">Footer</h2>
<div class="mx-auto max-w-7xl px-4 pb-8 pt-16 sm:px-6 sm:pt-24 lg:px-8 lg:pt-32">
<div class="xl:grid xl:grid-cols-3 xl:gap-8">
<div class="space-y-8"><img class="h-7" src="/images/logo-white.svg" alt="Lumen Maps"><p class="text-sm leading-6 text-gray-300">{blurb}</p>
<div class="flex space-x-6"><a href="https://github.com/lumenmaps" class="text-gray-500 hover:text-gray-400"><span class="sr-only">GitHub</span>{svg(ICON_PATHS[1], "h-6 w-6")}</a><a href="https://fosstodon.org/@lumenmaps" class="text-gray-500 hover:text-gray-400"><span class="sr-only">Mastodon</span>{svg(ICON_PATHS[2], "h-6 w-6")}</a></div></div>
<div class="mt-16 grid grid-cols-2 gap-8 xl:col-span-2 xl:mt-0"><div class="md:grid md:grid-cols-2 md:gap-8">{cols[0]}{cols[1]}</div><div class="md:grid md:grid-cols-2 md:gap-8">{cols[2]}{cols[3]}</div></div>
</div>
<div class="mt-16 border-t border-white/10 pt-8 sm:mt-20 lg:mt-24 lg:flex lg:items-center lg:justify-between">
<div><h3 class="text-sm font-semibold leading-6 text-white">{s["news"]}</h3><p class="mt-2 text-sm leading-6 text-gray-300">{esc(t.sentence())}</p></div>
<form class="mt-6 sm:flex sm:max-w-md lg:mt-0" action="https://lumenmaps.us21.list-manage.com/subscribe/post?u=8c1f&amp;id=2ab4" method="post"><label for="email-address" class="sr-only">{s["email"]}</label><input type="email" name="EMAIL" id="email-address" autocomplete="email" required class="w-full min-w-0 appearance-none rounded-md border-0 bg-white/5 px-3 py-1.5 text-base text-white shadow-sm ring-1 ring-inset ring-white/10 placeholder:text-gray-500 focus:ring-2 focus:ring-inset focus:ring-indigo-500 sm:w-56 sm:text-sm sm:leading-6" placeholder="you@example.com"><div class="mt-4 sm:ml-4 sm:mt-0 sm:flex-shrink-0"><button type="submit" class="flex w-full items-center justify-center rounded-md bg-indigo-500 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-400">{s["subscribe"]}</button></div></form>
</div>
<div class="mt-8 border-t border-white/10 pt-8 md:flex md:items-center md:justify-between"><p class="text-xs leading-5 text-gray-400">&copy; 2024 Lumen Maps Foundation. CC BY 4.0.</p></div>
</div>
</footer>
</body>
</html>
"""

    def page(
        self,
        lang: str,
        path: str,
        title: str,
        active: str,
        main: str,
        switch: dict[str, str],
        docs: bool = False,
    ) -> dict:
        alts = {
            lg: u for lg, u in switch.items() if not u.endswith(f"/{lg}/") or path == f"/{lang}/"
        }
        html = (
            self.head(lang, title, path, alts, docs)
            + self.header(lang, active, switch)
            + main
            + self.footer(lang)
        )
        css = [CSS_MAIN] + ([CSS_DOCS] if docs else [])
        return record(HOST, path, html, css)

    # ------------------------------------------------------------------ partials
    def post_url(self, p: dict, lang: str) -> str:
        return f"/{lang}/blog/{p['slug']}/"

    def card(self, p: dict, lang: str) -> str:
        s = L[lang]
        r = random.Random(p["seed"] + 5)
        t = Text(r, lang, NOUNS)
        img = (
            (
                f'<a href="{self.post_url(p, lang)}" class="block flex-shrink-0"><img class="h-48 w-full object-cover" '
                f'src="/images/blog/{p["slug"][:24]}.webp" alt="" loading="lazy" width="640" height="360"></a>'
            )
            if p["image"]
            else ""
        )
        summary = esc(t.sentences(1, 2))
        return f"""<article class="flex flex-col overflow-hidden rounded-lg shadow-sm ring-1 ring-gray-200 dark:ring-gray-700">{img}
<div class="flex flex-1 flex-col justify-between bg-white p-6 dark:bg-gray-800">
<div class="flex-1"><p class="text-sm font-medium text-indigo-600 dark:text-indigo-400"><a href="/{lang}/categories/{p["cat"]}/" class="hover:underline">{CATEGORIES[p["cat"]][lang]}</a></p>
<a href="{self.post_url(p, lang)}" class="mt-2 block"><h3 class="text-xl font-semibold text-gray-900 dark:text-white">{esc(self.post_title(p, lang))}</h3><p class="mt-3 text-base text-gray-500 dark:text-gray-400">{summary}</p></a></div>
<div class="mt-6 flex items-center"><div class="flex-shrink-0"><img class="h-10 w-10 rounded-full" src="/images/authors/{p["author"][0].split()[0].lower()}.jpg" alt=""></div>
<div class="ml-3"><p class="text-sm font-medium text-gray-900 dark:text-white">{esc(p["author"][0])}</p><div class="flex space-x-1 text-sm text-gray-500 dark:text-gray-400"><time datetime="{p["date"].isoformat()}">{fmt_date(p["date"], lang)}</time><span aria-hidden="true">&middot;</span><span>{r.randint(3, 14)} {s["read"]}</span></div></div></div>
</div>
</article>"""

    def posts_in(self, lang: str) -> list[dict]:
        return [p for p in self.posts if lang in p["langs"]]

    def cards_section(self, lang: str, title: str, posts: list[dict], more: bool) -> str:
        link = (
            (
                f'<div class="mt-10 text-center"><a href="/{lang}/blog/" class="text-sm font-semibold leading-6 text-indigo-600 dark:text-indigo-400">'
                f'{L[lang]["all"]} <span aria-hidden="true">&rarr;</span></a></div>'
            )
            if more
            else ""
        )
        return f"""<section class="bg-gray-50 py-16 dark:bg-gray-900/50">
<div class="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
<h2 class="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">{esc(title)}</h2>
<div class="mt-8 grid grid-cols-1 gap-8 md:grid-cols-3">
{"".join(self.card(p, lang) for p in posts)}
</div>
{link}
</div>
</section>
"""

    def lang_switch(self, lang: str, path_for) -> dict[str, str]:
        return {lg: (path_for(lg) or f"/{lg}/") for lg in LANGS}

    # ------------------------------------------------------------------ layouts
    def home(self, lang: str) -> Page:
        s = L[lang]
        r = random.Random(ord(lang[0]) * 17)
        t = Text(r, lang, NOUNS)
        feats = []
        for i in range(6):
            feats.append(f"""<div class="flex flex-col"><dt class="flex items-center gap-x-3 text-base font-semibold leading-7 text-gray-900 dark:text-white">{svg(ICON_PATHS[i], "h-5 w-5 flex-none text-indigo-600 dark:text-indigo-400")}{esc(t.title(2, 3))}</dt>
<dd class="mt-4 flex flex-auto flex-col text-base leading-7 text-gray-600 dark:text-gray-300"><p class="flex-auto">{esc(t.sentences(1, 3))}</p>{f'<p class="mt-6"><a href="/{lang}/docs/guides/styling-maps/" class="text-sm font-semibold leading-6 text-indigo-600 dark:text-indigo-400">→</a></p>' if i < 3 else ""}</dd></div>""")
        stats = "".join(
            f'<div class="mx-auto flex max-w-xs flex-col gap-y-4"><dt class="text-base leading-7 text-gray-600 dark:text-gray-300">{esc(t.words(2, 3))}</dt>'
            f'<dd class="order-first text-3xl font-semibold tracking-tight text-gray-900 sm:text-5xl dark:text-white">{v}</dd></div>'
            for v in ["2.4M", "1,180", "46"]
        )
        latest = self.posts_in(lang)[:3]
        main = f"""<main id="main-content">
<section class="relative isolate overflow-hidden bg-gradient-to-b from-indigo-100/20 dark:from-indigo-900/20">
<div class="mx-auto max-w-7xl px-4 pb-24 pt-10 sm:px-6 sm:pb-32 lg:flex lg:px-8 lg:py-40">
<div class="mx-auto max-w-2xl flex-shrink-0 lg:mx-0 lg:max-w-xl lg:pt-8">
<div class="mt-24 sm:mt-32 lg:mt-16"><a href="{self.post_url(latest[0], lang)}" class="inline-flex space-x-6"><span class="rounded-full bg-indigo-600/10 px-3 py-1 text-sm font-semibold leading-6 text-indigo-600 ring-1 ring-inset ring-indigo-600/10">v3.2</span><span class="inline-flex items-center space-x-2 text-sm font-medium leading-6 text-gray-600 dark:text-gray-300"><span>{esc(self.post_title(latest[0], lang))}</span></span></a></div>
<h1 class="mt-10 text-4xl font-bold tracking-tight text-gray-900 sm:text-6xl dark:text-white">{esc(t.title(3, 6))}</h1>
<p class="mt-6 text-lg leading-8 text-gray-600 dark:text-gray-300">{esc(t.sentences(2, 3))}</p>
<div class="mt-10 flex items-center gap-x-6"><a href="/{lang}/docs/getting-started/installation/" class="rounded-md bg-indigo-600 px-3.5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500">{s["docs"]}</a><a href="/{lang}/blog/" class="text-sm font-semibold leading-6 text-gray-900 dark:text-white">{s["blog"]} <span aria-hidden="true">→</span></a></div>
</div>
<div class="mx-auto mt-16 flex max-w-2xl sm:mt-24 lg:ml-10 lg:mr-0 lg:mt-0 lg:max-w-none lg:flex-none xl:ml-32"><img src="/images/hero-map.webp" alt="" width="2432" height="1442" class="w-[76rem] rounded-md shadow-2xl ring-1 ring-gray-900/10"></div>
</div>
</section>
<section class="py-24 sm:py-32">
<div class="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
<div class="mx-auto max-w-2xl lg:text-center"><h2 class="text-base font-semibold leading-7 text-indigo-600 dark:text-indigo-400">Lumen Maps</h2><p class="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">{s["features"]}</p><p class="mt-6 text-lg leading-8 text-gray-600 dark:text-gray-300">{esc(t.sentences(1, 2))}</p></div>
<div class="mx-auto mt-16 max-w-2xl sm:mt-20 lg:mt-24 lg:max-w-none"><dl class="grid grid-cols-1 gap-8 md:grid-cols-3">{"".join(feats)}</dl></div>
</div>
</section>
{self.cards_section(lang, s["latest"], latest, True)}
<section><div class="mx-auto max-w-7xl px-4 py-24 sm:px-6 lg:px-8"><dl class="grid grid-cols-1 gap-x-8 gap-y-16 text-center lg:grid-cols-3">{stats}</dl></div></section>
</main>
"""
        sw = self.lang_switch(lang, lambda lg: f"/{lg}/")
        return self.page(lang, f"/{lang}/", "Lumen Maps", "", main, sw), "home"

    def post(self, p: dict, lang: str) -> Page:
        s = L[lang]
        r = random.Random(p["seed"] + ord(lang[0]))
        t = Text(r, lang, NOUNS)
        title = self.post_title(p, lang)
        body, toc = _md.markdown_body(
            r,
            t,
            flavor="hugo",
            lo=4 if p["toc"] else 2,
            hi=26 if p["toc"] else 14,
            img_base=f"/{lang}/blog/{p['slug']}",
        )
        tags = ""
        if p["tags"]:
            tags = (
                '<ul class="mt-4 flex flex-wrap justify-center gap-2">'
                + "".join(
                    f'<li><a href="/{lang}/tags/{tg}/" class="rounded-full bg-gray-100 px-3 py-1 text-xs font-medium text-gray-600 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-300">#{tg}</a></li>'
                    for tg in p["tags"]
                )
                + "</ul>"
            )
        fig = ""
        if p["image"]:
            cap = (
                f'<figcaption class="mt-3 text-center text-sm text-gray-500 dark:text-gray-400">{esc(t.sentence())}</figcaption>'
                if r.random() < 0.5
                else ""
            )
            fig = (
                f'<figure class="mx-auto mt-10 max-w-5xl"><img class="aspect-video w-full rounded-2xl bg-gray-50 object-cover" '
                f'src="/images/blog/{p["slug"][:24]}.webp" alt="" width="1280" height="720">{cap}</figure>'
            )
        if p["toc"] and toc:
            content = f"""<div class="mt-12 lg:grid lg:grid-cols-12 lg:gap-8">
<aside class="hidden lg:col-span-3 lg:block"><div class="sticky top-24"><p class="text-sm font-semibold text-gray-900 dark:text-white">{s["toc"]}</p>
<div class="mt-3 text-sm text-gray-600 dark:text-gray-300">{_md.toc_html(toc)}</div></div></aside>
<div class="prose prose-lg prose-indigo max-w-none dark:prose-invert lg:col-span-9">
{body}
</div>
</div>"""
        else:
            content = f'<div class="prose prose-lg prose-indigo mx-auto mt-12 max-w-3xl dark:prose-invert">\n{body}\n</div>'
        box = ""
        if p["author_box"]:
            a = p["author"]
            more = f"{s['more']} {a[0]}" if lang != "ja" else f"{a[0]}{s['more']}"
            box = f"""<div class="mx-auto mt-16 flex max-w-3xl gap-x-6 rounded-2xl bg-gray-50 p-6 dark:bg-gray-800"><img class="h-16 w-16 flex-none rounded-full" src="/images/authors/{a[0].split()[0].lower()}.jpg" alt="">
<div><p class="text-base font-semibold text-gray-900 dark:text-white">{esc(a[0])}</p><p class="mt-1 text-sm text-gray-600 dark:text-gray-300">{esc(a[1])}</p><a href="/{lang}/authors/{a[0].split()[0].lower()}/" class="mt-2 inline-block text-sm font-semibold text-indigo-600 dark:text-indigo-400">{esc(more)} &rarr;</a></div></div>"""
        related = [q for q in self.posts_in(lang) if q is not p and q["cat"] == p["cat"]][:3]
        rel = self.cards_section(lang, s["related"], related, False) if related else ""
        main = f"""<main id="main-content">
<article class="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:pt-4 lg:px-8">
<nav class="mb-8 flex text-sm text-gray-500 dark:text-gray-400" aria-label="Breadcrumb"><ol role="list" class="flex items-center space-x-2"><li><a href="/{lang}/" class="hover:text-gray-700 dark:hover:text-gray-200">{s["home"]}</a></li><li><span aria-hidden="true">/</span></li><li><a href="/{lang}/blog/" class="hover:text-gray-700 dark:hover:text-gray-200">{s["blog"]}</a></li></ol></nav>
<header class="mx-auto max-w-3xl text-center"><p class="text-base font-semibold leading-7 text-indigo-600 dark:text-indigo-400">{CATEGORIES[p["cat"]][lang]}</p>
<h1 class="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">{esc(title)}</h1>
<div class="mt-6 flex items-center justify-center gap-x-4 text-sm text-gray-500 dark:text-gray-400"><span>{esc(p["author"][0])}</span><span aria-hidden="true">&middot;</span><time datetime="{p["date"].isoformat()}">{fmt_date(p["date"], lang)}</time><span aria-hidden="true">&middot;</span><span>{max(2, len(body) // 1500)} {s["read"]}</span></div>
{tags}</header>
{fig}
{content}
{box}
</article>
{rel}</main>
"""
        sw = self.lang_switch(lang, lambda lg: self.post_url(p, lg) if lg in p["langs"] else None)
        return self.page(
            lang, self.post_url(p, lang), f"{title} | Lumen Maps", "blog", main, sw
        ), "post"

    def pagination(self, lang: str, base: str, page: int, pages: int) -> str:
        if pages < 2:
            return ""
        s = L[lang]
        prev = (
            f'<a href="{base if page == 2 else f"{base}page/{page - 1}/"}" class="inline-flex items-center border-t-2 border-transparent pr-1 pt-4 text-sm font-medium text-gray-500 hover:border-gray-300 hover:text-gray-700">&larr; {s["prev"]}</a>'
            if page > 1
            else "<span></span>"
        )
        nxt = (
            f'<a href="{base}page/{page + 1}/" class="inline-flex items-center border-t-2 border-transparent pl-1 pt-4 text-sm font-medium text-gray-500 hover:border-gray-300 hover:text-gray-700">{s["next"]} &rarr;</a>'
            if page < pages
            else "<span></span>"
        )
        nums = "".join(
            (
                f'<a href="{base if i == 1 else f"{base}page/{i}/"}" aria-current="page" class="inline-flex items-center border-t-2 border-indigo-500 px-4 pt-4 text-sm font-medium text-indigo-600">{i}</a>'
                if i == page
                else f'<a href="{base if i == 1 else f"{base}page/{i}/"}" class="inline-flex items-center border-t-2 border-transparent px-4 pt-4 text-sm font-medium text-gray-500 hover:border-gray-300 hover:text-gray-700">{i}</a>'
            )
            for i in range(1, pages + 1)
        )
        return (
            f'<nav class="mt-16 flex items-center justify-between border-t border-gray-200 px-4 sm:px-0 dark:border-gray-800" aria-label="Pagination">'
            f'<div class="-mt-px flex w-0 flex-1">{prev}</div><div class="hidden md:-mt-px md:flex">{nums}</div><div class="-mt-px flex w-0 flex-1 justify-end">{nxt}</div></nav>'
        )

    def listing(self, lang: str, page: int, cat: str | None = None) -> Page:
        s = L[lang]
        per = 6
        posts = [p for p in self.posts_in(lang) if cat is None or p["cat"] == cat]
        pages = max(1, -(-len(posts) // per))
        chunk = posts[(page - 1) * per : page * per]
        base = f"/{lang}/blog/" if cat is None else f"/{lang}/categories/{cat}/"
        heading = s["blog"] if cat is None else CATEGORIES[cat][lang]
        pills = ""
        if cat is None and page == 1:
            pills = (
                '<div class="mt-10 flex flex-wrap justify-center gap-2">'
                + "".join(
                    f'<a href="/{lang}/categories/{c}/" class="rounded-full bg-gray-100 px-3 py-1 text-sm font-medium text-gray-700 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-200">{n[lang]}</a>'
                    for c, n in CATEGORIES.items()
                )
                + "</div>"
            )
        intro = (
            f'<p class="mt-2 text-lg leading-8 text-gray-600 dark:text-gray-300">{esc(s["blog_p"])}</p>'
            if cat is None
            else ""
        )
        main = f"""<main id="main-content">
<div class="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
<div class="mx-auto max-w-2xl text-center"><h1 class="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">{esc(heading)}</h1>{intro}</div>
{pills}
<div class="mx-auto mt-12 grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3">
{"".join(self.card(p, lang) for p in chunk)}
</div>
{self.pagination(lang, base, page, pages)}
</div>
</main>
"""
        path = base if page == 1 else f"{base}page/{page}/"
        if cat is None:
            sw = self.lang_switch(lang, lambda lg: f"/{lg}/blog/" if page == 1 else None)
        else:
            sw = self.lang_switch(lang, lambda lg: f"/{lg}/categories/{cat}/")
        return self.page(lang, path, f"{heading} | Lumen Maps", "blog", main, sw), "list"

    def doc(self, lang: str, idx: int) -> Page:
        s = L[lang]
        pages = self.docs[lang]
        sec, slug = pages[idx]
        title = self.doc_title(slug, lang)
        r = random.Random(stable_int(slug, lang))
        t = Text(r, lang, NOUNS)
        size = r.choice([(1, 3), (3, 8), (6, 14), (14, 30)])
        body, _ = _md.markdown_body(
            r,
            t,
            flavor="hugo",
            lo=size[0],
            hi=size[1],
            img_base=f"/{lang}/docs/{sec}/{slug}",
            video_ok=False,
        )
        groups = []
        for sk, slugs in DOCS:
            lis = []
            for sl in slugs:
                if (sk, sl) not in pages:
                    continue
                href = f"/{lang}/docs/{sk}/{sl}/"
                if sl == slug:
                    lis.append(
                        f'<li><a href="{href}" aria-current="page" class="-ml-px block border-l border-indigo-600 pl-4 text-sm font-semibold text-indigo-600 dark:border-indigo-400 dark:text-indigo-400">{esc(self.doc_title(sl, lang))}</a></li>'
                    )
                else:
                    lis.append(
                        f'<li><a href="{href}" class="-ml-px block border-l border-transparent pl-4 text-sm text-gray-700 hover:border-gray-400 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white">{esc(self.doc_title(sl, lang))}</a></li>'
                    )
            if lis:
                groups.append(
                    f'<div><h3 class="text-xs font-semibold uppercase tracking-wide text-gray-500 dark:text-gray-400">{SECTION_TITLES[sk][lang]}</h3>'
                    f'<ul role="list" class="mt-3 space-y-2 border-l border-gray-200 dark:border-gray-800">{"".join(lis)}</ul></div>'
                )
        pn = []
        if idx > 0:
            ps, pslug = pages[idx - 1]
            pn.append(
                f'<a class="group rounded-lg border border-gray-200 p-4 hover:border-indigo-600 dark:border-gray-800" href="/{lang}/docs/{ps}/{pslug}/"><span class="text-xs text-gray-500">{s["prev"]}</span><span class="mt-1 block font-semibold text-gray-900 group-hover:text-indigo-600 dark:text-white">{esc(self.doc_title(pslug, lang))}</span></a>'
            )
        if idx + 1 < len(pages):
            ns, nslug = pages[idx + 1]
            pn.append(
                f'<a class="group rounded-lg border border-gray-200 p-4 text-right hover:border-indigo-600 sm:col-start-2 dark:border-gray-800" href="/{lang}/docs/{ns}/{nslug}/"><span class="text-xs text-gray-500">{s["next"]}</span><span class="mt-1 block font-semibold text-gray-900 group-hover:text-indigo-600 dark:text-white">{esc(self.doc_title(nslug, lang))}</span></a>'
            )
        desc = (
            f'<p class="mt-2 text-lg text-gray-600 dark:text-gray-300">{esc(t.sentence())}</p>'
            if r.random() < 0.7
            else ""
        )
        main = f"""<main id="main-content">
<div class="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
<div class="lg:grid lg:grid-cols-12 lg:gap-8">
<aside class="py-8 lg:col-span-3 lg:border-r lg:border-gray-200 dark:lg:border-gray-800" aria-label="{s["docs"]}"><nav class="sticky top-24 space-y-8">{"".join(groups)}</nav></aside>
<article class="py-8 lg:col-span-9 lg:pl-8">
<nav class="mb-4 flex text-sm text-gray-500 dark:text-gray-400" aria-label="Breadcrumb"><ol role="list" class="flex items-center space-x-2"><li><a href="/{lang}/docs/getting-started/installation/" class="hover:text-gray-700">{s["docs"]}</a></li><li><span aria-hidden="true">/</span></li><li>{SECTION_TITLES[sec][lang]}</li></ol></nav>
<h1 class="text-3xl font-bold tracking-tight text-gray-900 dark:text-white">{esc(title)}</h1>{desc}
<div class="prose prose-lg prose-indigo mt-8 max-w-none dark:prose-invert">
{body}
</div>
<div class="mt-12 flex items-center justify-between border-t border-gray-200 pt-6 text-sm dark:border-gray-800"><a href="https://github.com/lumenmaps/website/edit/main/content/{lang}/docs/{sec}/{slug}.md" class="inline-flex items-center gap-x-1.5 text-gray-500 hover:text-gray-700 dark:text-gray-400">{svg("M16.862 4.487l1.687-1.688a1.875 1.875 0 112.652 2.652L10.582 16.07", "h-4 w-4")}{s["edit"]}</a><span class="text-gray-400">{s["updated"]} <time datetime="2024-0{r.randint(1, 5)}-1{r.randint(0, 9)}">{fmt_date(date(2024, r.randint(1, 5), r.randint(10, 19)), lang)}</time></span></div>
<nav class="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Pagination">{"".join(pn)}</nav>
</article>
</div>
</div>
</main>
"""
        path = f"/{lang}/docs/{sec}/{slug}/"
        sw = self.lang_switch(
            lang, lambda lg: f"/{lg}/docs/{sec}/{slug}/" if (sec, slug) in self.docs[lg] else None
        )
        return self.page(lang, path, f"{title} | Lumen Maps", "docs", main, sw, docs=True), "docs"

    def not_found(self, lang: str) -> Page:
        s = L[lang]
        main = f"""<main id="main-content" class="grid min-h-[60vh] place-items-center px-6 py-24 sm:py-32 lg:px-8">
<div class="text-center"><p class="text-base font-semibold text-indigo-600 dark:text-indigo-400">404</p>
<h1 class="mt-4 text-3xl font-bold tracking-tight text-gray-900 sm:text-5xl dark:text-white">{s["nf"]}</h1>
<p class="mt-6 text-base leading-7 text-gray-600 dark:text-gray-300">{s["nf_p"]}</p>
<div class="mt-10 flex items-center justify-center gap-x-6"><a href="/{lang}/" class="rounded-md bg-indigo-600 px-3.5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500">{s["back"]}</a><a href="/{lang}/docs/getting-started/installation/" class="text-sm font-semibold text-gray-900 dark:text-white">{s["docs"]} <span aria-hidden="true">&rarr;</span></a></div></div>
</main>
"""
        sw = self.lang_switch(lang, lambda lg: f"/{lg}/")
        return self.page(lang, f"/{lang}/404.html", f"{s['nf']} | Lumen Maps", "", main, sw), "404"

    def donate(self, lang: str) -> Page:
        s = L[lang]
        r = random.Random(ord(lang[1]) * 3)
        t = Text(r, lang, NOUNS)
        cur = s["cur"]

        def money(v: int) -> str:
            return f"{v} {cur}" if lang == "fr" else f"{cur}{v:,}"

        freq = "".join(
            f'<label class="cursor-pointer"><input type="radio" name="frequency" value="{v}" class="peer sr-only"{" checked" if i == 0 else ""}>'
            f'<span class="flex items-center justify-center rounded-md px-3 py-3 text-sm font-semibold ring-1 ring-gray-300 peer-checked:bg-indigo-600 peer-checked:text-white peer-checked:ring-0 dark:ring-gray-600">{lbl}</span></label>'
            for i, (v, lbl) in enumerate([("once", s["once"]), ("monthly", s["monthly"])])
        )
        amts = "".join(
            f'<label class="cursor-pointer"><input type="radio" name="amount" value="{a}" class="peer sr-only"{" checked" if i == 2 else ""}>'
            f'<span class="flex items-center justify-center rounded-md px-3 py-3 text-sm font-semibold ring-1 ring-gray-300 peer-checked:bg-indigo-600 peer-checked:text-white peer-checked:ring-0 dark:ring-gray-600">{money(a)}</span></label>'
            for i, a in enumerate(s["amounts"])
        )

        def field(fid: str, label: str, typ: str = "text", span: str = "", auto: str = "") -> str:
            return (
                f'<div class="{span}"><label for="{fid}" class="block text-sm font-medium leading-6 text-gray-900 dark:text-white">{label}</label>'
                f'<div class="mt-2"><input type="{typ}" name="{fid.replace("-", "_")}" id="{fid}" autocomplete="{auto}" required class="block w-full rounded-md border-0 py-1.5 text-gray-900 shadow-sm ring-1 ring-inset ring-gray-300 placeholder:text-gray-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 sm:text-sm sm:leading-6 dark:bg-white/5 dark:text-white dark:ring-white/10"></div></div>'
            )

        pct = r.randint(40, 85)
        main = f"""<main id="main-content">
<div class="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
<div class="grid grid-cols-1 gap-12 lg:grid-cols-2">
<div><h1 class="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">{s["donate"]}</h1>
<div class="prose prose-lg mt-6 dark:prose-invert">{"".join(f"<p>{esc(t.para(2, 4))}</p>" for _ in range(r.randint(2, 3)))}</div>
<div class="mt-8 rounded-2xl bg-gray-50 p-6 dark:bg-gray-800"><p class="text-sm font-semibold text-gray-900 dark:text-white">2024</p><div class="mt-3 h-2 w-full rounded-full bg-gray-200 dark:bg-gray-700"><div class="h-2 rounded-full bg-indigo-600" style="width: {pct}%"></div></div><p class="mt-2 text-sm text-gray-600 dark:text-gray-300">{pct}%</p></div>
</div>
<form action="https://donate.lumenmaps.org/checkout" method="post" id="donation-form" class="space-y-8 rounded-2xl bg-white p-8 shadow-lg ring-1 ring-gray-900/5 dark:bg-gray-800">
<input type="hidden" name="lang" value="{lang}"><input type="hidden" name="currency" value="{ {"en": "USD", "ja": "JPY", "fr": "EUR"}[lang] }">
<fieldset><legend class="text-sm font-semibold leading-6 text-gray-900 dark:text-white">{s["once"]} / {s["monthly"]}</legend><div class="mt-4 grid grid-cols-2 gap-3">{freq}</div></fieldset>
<fieldset><legend class="text-sm font-semibold leading-6 text-gray-900 dark:text-white">{s["amount"]}</legend><div class="mt-4 grid grid-cols-3 gap-3">{amts}</div>
<div class="mt-4"><label for="custom-amount" class="block text-sm font-medium leading-6 text-gray-900 dark:text-white">{s["other"]}</label><div class="relative mt-2 rounded-md shadow-sm"><div class="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3"><span class="text-gray-500 sm:text-sm">{cur}</span></div><input type="number" name="custom_amount" id="custom-amount" min="1" class="block w-full rounded-md border-0 py-1.5 pl-7 pr-12 text-gray-900 ring-1 ring-inset ring-gray-300 focus:ring-2 focus:ring-inset focus:ring-indigo-600 sm:text-sm sm:leading-6" placeholder="0"></div></div></fieldset>
<div class="grid grid-cols-1 gap-x-6 gap-y-6 sm:grid-cols-2">{field("first-name", s["first"], auto="given-name")}{field("last-name", s["last"], auto="family-name")}{field("email", s["email"], "email", "sm:col-span-2", "email")}
<div class="sm:col-span-2"><label for="country" class="block text-sm font-medium leading-6 text-gray-900 dark:text-white">{s["country"]}</label><div class="mt-2"><select id="country" name="country" autocomplete="country-name" class="block w-full rounded-md border-0 py-1.5 text-gray-900 shadow-sm ring-1 ring-inset ring-gray-300 focus:ring-2 focus:ring-inset focus:ring-indigo-600 sm:text-sm sm:leading-6"><option>United States</option><option>Japan</option><option>France</option><option>Canada</option><option>Germany</option></select></div></div></div>
<div class="relative flex gap-x-3"><div class="flex h-6 items-center"><input id="anonymous" name="anonymous" type="checkbox" class="h-4 w-4 rounded border-gray-300 text-indigo-600 focus:ring-indigo-600"></div><div class="text-sm leading-6"><label for="anonymous" class="font-medium text-gray-900 dark:text-white">{s["anon"]}</label></div></div>
<div id="card-element" class="rounded-md border border-gray-300 p-3 dark:border-gray-600"></div>
<button type="submit" class="w-full rounded-md bg-indigo-600 px-3.5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500">{s["donate"]}</button>
<p class="text-center text-xs text-gray-500 dark:text-gray-400">{esc(t.sentence())}</p>
</form>
</div>
</div>
</main>
"""
        sw = self.lang_switch(lang, lambda lg: f"/{lg}/donate/")
        return self.page(
            lang, f"/{lang}/donate/", f"{s['donate']} | Lumen Maps", "", main, sw
        ), "donate"

    def thanks(self, lang: str) -> Page:
        s = L[lang]
        r = random.Random(ord(lang[0]) * 41)
        t = Text(r, lang, NOUNS)
        rows = "".join(
            f'<div class="flex justify-between py-4"><dt class="text-gray-500 dark:text-gray-400">{esc(k)}</dt><dd class="font-medium text-gray-900 dark:text-white">&mdash;</dd></div>'
            for k in [s["amount"], s["email"], "Reference"]
        )
        main = f"""<main id="main-content">
<div class="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6 lg:px-8">
<div class="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-green-100 dark:bg-green-900/40">{svg("M4.5 12.75l6 6 9-13.5", "h-6 w-6 text-green-600")}</div>
<h1 class="mt-6 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">{s["thanks"]}</h1>
<div class="prose prose-lg mx-auto mt-6 dark:prose-invert"><p>{esc(t.para(2, 3))}</p></div>
<dl class="mx-auto mt-10 max-w-md divide-y divide-gray-200 rounded-2xl bg-gray-50 px-6 text-left text-sm dark:divide-gray-700 dark:bg-gray-800">{rows}</dl>
<div class="mt-10 flex justify-center gap-x-4"><a href="https://fosstodon.org/share?text=I+just+supported+Lumen+Maps" class="rounded-md bg-white px-3 py-2 text-sm font-semibold text-gray-900 shadow-sm ring-1 ring-inset ring-gray-300 hover:bg-gray-50">Mastodon</a><a href="https://bsky.app/intent/compose?text=I+just+supported+Lumen+Maps" class="rounded-md bg-white px-3 py-2 text-sm font-semibold text-gray-900 shadow-sm ring-1 ring-inset ring-gray-300 hover:bg-gray-50">Bluesky</a></div>
<a href="/{lang}/" class="mt-10 inline-block text-sm font-semibold text-indigo-600 dark:text-indigo-400">{s["back"]} &rarr;</a>
</div>
</main>
"""
        sw = self.lang_switch(lang, lambda lg: f"/{lg}/donate/thank-you/")
        return self.page(
            lang, f"/{lang}/donate/thank-you/", f"{s['thanks']} | Lumen Maps", "", main, sw
        ), "thanks"


def build(seed: int = 0) -> list[Page]:
    s = Site(seed)
    out: list[Page] = []
    for lang in LANGS:
        out.append(s.home(lang))
        posts = s.posts_in(lang)
        for p in posts:
            out.append(s.post(p, lang))
        pages = -(-len(posts) // 6)
        for pg in range(1, pages + 1):
            out.append(s.listing(lang, pg))
        cats = sorted({p["cat"] for p in posts})
        out.append(s.listing(lang, 1, cats[0]))
        for i in range(len(s.docs[lang])):
            out.append(s.doc(lang, i))
        out.append(s.not_found(lang))
        out.append(s.donate(lang))
        out.append(s.thanks(lang))
    return out
