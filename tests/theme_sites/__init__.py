"""Realistic small websites built by real theme families, with their true template labels.

Each site is generated deterministically from a seed and returned as
``list[tuple[record, label]]``: ``record`` is a page in the tool's JSONL input
shape ``{"id", "html", "paths", "stylesheetHrefs", "host"}`` (``id`` is the page
URL, query string included; ``paths`` are the URL path segments, ``""`` last for
a trailing slash; ``stylesheetHrefs`` are exactly the page's
``<link rel="stylesheet">`` hrefs, in document order), and ``label`` is the
theme template / layout that rendered the page. The sites are written as their
theme authors and content editors would produce them (see each module's
docstring); nothing in them is tuned for or against any clustering algorithm.

Sites (page counts for seed 0 / seed 1; templates with their seed-0 counts):

===================  =======  ==========================================================================
name                 pages    templates (label: pages at seed 0)
===================  =======  ==========================================================================
wordpress_classic    60 / 54  single 30, archive 14, page 7, search 4, index 3, 404 2
wordpress_blocks     40 / 41  single 20, archive 8, page 5, search 3, home 2, 404 2
hugo_tailwind        67 / 61  post 25, docs 21, list 9, home 3, 404 3, donate 3, thanks 3  (en/ja/fr)
jekyll_minima        32 / 34  post 18, archive 8, home 3, page 3
shop                 47 / 48  single-product 23, archive-product 8, single 4, cart 3, search 3, page 3,
                              front-page 1, checkout 1, my-account 1
docs_theme           28 / 29  DocItem 13, ApiItem 9, SearchPage 3, NotFound 2, home 1
main_only            33 / 33  article 15, catalog 12, inquiry 6  (en/ja/fr; differ directly under <main>)
main_only_wrapped    30 / 30  catalog 12, article 12, inquiry 6  (en/ja/fr; differ inside main > div.container)
tiny                 12 / 12  post 5, list 3, about 2, home 1, contact 1  (no stylesheet hrefs: inline CSS)
tiny_small           10 / 10  project 7, page 2, home 1  (relative stylesheet hrefs)
spa_hashed           37 / 39  article 18, product 12, listing 6, home 1
shop_views           22 / 23  detail 9, review_form 7, category 4, basket 1, home 1  (two views of
                              each product: its page and its review form below it)
shop_sections        35 / 35  product 18, collection 6, article 7, page 3, index 1  (optional product
                              sections: reviews, recommendations, specifications, recently viewed)
classless_blog       21 / 21  listing 10, post 9, page 2  (no class or id anywhere: a post's body sits
                              in its article, a listing's summaries in sections)
===================  =======  ==========================================================================

Per-page stylesheet differences worth knowing: wordpress_blocks links the image
/ gallery block CSS only on pages whose content uses those blocks; hugo_tailwind
adds a docs CSS file on docs pages; shop adds PhotoSwipe CSS on product pages and
select2 CSS on the checkout; spa_hashed has one CSS chunk per Next.js page
component; tiny has none at all.

Modules: ``_common`` (records, URL paths, multilingual text), ``_wp`` (Gutenberg
blocks, comment form), ``_md`` (Markdown renderers: Hugo / kramdown) are shared
helpers, not sites.
"""

from __future__ import annotations

from collections.abc import Callable

from . import (
    classless_blog,
    docs_theme,
    hugo_tailwind,
    jekyll_minima,
    main_only,
    shop,
    shop_sections,
    shop_views,
    spa_hashed,
    tiny,
    wordpress_blocks,
    wordpress_classic,
)

SITES: dict[str, Callable[[int], list[tuple[dict, str]]]] = {
    "wordpress_classic": wordpress_classic.build,
    "wordpress_blocks": wordpress_blocks.build,
    "hugo_tailwind": hugo_tailwind.build,
    "jekyll_minima": jekyll_minima.build,
    "shop": shop.build,
    "docs_theme": docs_theme.build,
    "main_only": main_only.build,
    "main_only_wrapped": main_only.build_wrapped,
    "tiny": tiny.build,
    "tiny_small": tiny.build_small,
    "spa_hashed": spa_hashed.build,
    "shop_views": shop_views.build,
    "shop_sections": shop_sections.build,
    "classless_blog": classless_blog.build,
}

__all__ = ["SITES"]
