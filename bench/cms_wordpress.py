"""A blog served by real WordPress, for the held-out bench.

Like ``bench/cms_blogs.py`` (whose word list and text helpers it uses), this
module invents a blog's content and lets the real CMS render it, then labels
each page with the theme template that renders it. Only the content is
invented; every page is the HTML that WordPress served.

The site: WordPress from Debian's packages (:data:`DEBIAN`), its tables in a
MariaDB server started on a data folder of its own, installed by a PHP
script that loads WordPress and calls ``wp_install``, ``wp_insert_user``,
``wp_insert_term``, ``wp_insert_post``, ``wp_insert_attachment`` and
``wp_insert_comment``. Sixty posts in block markup (paragraphs, headings,
lists, quotes, code, tables and images linked to their attachment pages), in
five categories with a dozen tags, by three authors, some of them sticky,
some with a featured image, a manual excerpt or threaded comments; five
pages, one the child of another, in a classic menu; permalinks
``/%year%/%monthnum%/%postname%/`` and five posts a page, so the front page
and the archives have later pages. PHP's built-in server serves it, and a
crawler follows every ``<a href>`` on the site's host from the front page
(not feeds, ``wp-json``, ``wp-admin``, ``wp-login.php``, ``?replytocom`` or
files), then asks for one missing URL (:data:`MISSING`) and one search
(:data:`SEARCH`). The site's address is ``http://allotments.example``: the
crawler sends that host name to the local server, so links in the pages
never name a port. The pages are saved as served, with the status code, so a
second call reads them without starting any server.

A page's label is the template that WordPress's template hierarchy picks
for it in the theme, named by its file without the extension:

* ``twentytwentythree`` (a block theme; its ``templates/`` has ``404``,
  ``archive``, ``blank``, ``blog-alternative``, ``home``, ``index``,
  ``page``, ``search`` and ``single``): the front page and its later pages
  list the posts (``home``; there is no ``front-page``), category, tag,
  author and date archives all fall to ``archive``, posts and attachment
  pages (no ``attachment`` template) to ``single``, pages to ``page``, then
  ``search`` and ``404``.
* ``twentytwentyone`` (a classic PHP theme; ``404.php``, ``archive.php``,
  ``image.php``, ``index.php``, ``page.php``, ``search.php``, ``single.php``):
  the front page and its later pages are ``index`` (no ``home.php``), every
  archive is ``archive``, posts ``single``, an image's attachment page
  ``image``, pages ``page``, then ``search`` and ``404``.

:func:`wordpress_template_of` gives the label from the URL alone. It was
checked once against what WordPress itself resolved for every crawled URL
(``template_include``, and for the block theme the block template whose
content WordPress rendered), logged by a must-use plugin kept out of the
saved site.
"""

from __future__ import annotations

import getpass
import html
import http.client
import json
import random
import re
import shutil
import socket
import struct
import subprocess
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from cms_blogs import (  # the same word list and prose as the other blogs
    _AUTHORS,
    _CATEGORIES,
    _PAGES,
    _TAGS,
    _WORDS,
    _paragraph,
    _run,
    _sentence,
)

#: The Debian 12 packages the site was built with (``dpkg-query -W``).
DEBIAN = {
    "wordpress": "6.1.9+dfsg1-0+deb12u1",
    "wordpress-theme-twentytwentythree": "6.1.9+dfsg1-0+deb12u1",
    "wordpress-theme-twentytwentyone": "6.1.9+dfsg1-0+deb12u1",
    "mariadb-server": "1:10.11.19-0+deb12u1",
    "php-cli": "2:8.2+93",
    "php-mysql": "2:8.2+93",
}
#: The packages whose version changes the HTML: checked before a build.
_PINNED = ("wordpress", "wordpress-theme-twentytwentythree", "wordpress-theme-twentytwentyone")
#: Theme versions (``style.css``) in those packages.
THEMES = {"twentytwentythree": "1.0", "twentytwentyone": "1.7"}

HOST = "allotments.example"
MISSING = "/this-page-does-not-exist/"
SEARCH = "/?s=kale"
PER_PAGE = 5
_CATEGORIES_USED = _CATEGORIES[:5]
_TAGS_USED = _TAGS[:12]
_PAGE_SLUGS = {title.lower().replace(" ", "-") for title in _PAGES}

# ---------------------------------------------------------------- content


def _block(name: str, inner: str, attrs: str = "") -> str:
    attrs = f" {attrs}" if attrs else ""
    return f"<!-- wp:{name}{attrs} -->\n{inner}\n<!-- /wp:{name} -->"


def _p(text: str) -> str:
    return _block("paragraph", f"<p>{text}</p>")


def _blocks(rng: random.Random, sections: int, images: list[dict]) -> str:
    """Block markup a writer might publish: prose and now and then a list, a
    quote, code, a table or an image (``{{image:N}}``, filled in by the PHP
    installer once the attachment exists)."""
    out = [_p(_paragraph(rng))]
    if rng.random() < 0.35:
        out.append("<!-- wp:more -->\n<!--more-->\n<!-- /wp:more -->")
    for _ in range(sections):
        out.append(_block("heading", f"<h2>{_sentence(rng, 2, 5)[:-1]}</h2>"))
        for _ in range(rng.randint(1, 3)):
            roll = rng.random()
            if roll < 0.15:
                items = "".join(
                    f"<li>{_sentence(rng, 2, 6)}</li>" for _ in range(rng.randint(2, 6))
                )
                out.append(_block("list", f"<ul>{items}</ul>"))
            elif roll < 0.22:
                items = "".join(f"<li>{_sentence(rng, 3, 8)}</li>" for _ in range(4))
                out.append(_block("list", f"<ol>{items}</ol>", '{"ordered":true}'))
            elif roll < 0.28:
                inner = f'<blockquote class="wp-block-quote">{_p(_sentence(rng))}</blockquote>'
                out.append(_block("quote", inner))
            elif roll < 0.32:
                code = "for bed in beds:\n    water(bed, litres=4)"
                out.append(
                    _block(
                        "code", f'<pre class="wp-block-code"><code>{html.escape(code)}</code></pre>'
                    )
                )
            elif roll < 0.36:
                rows = "".join(
                    f"<tr><td>{rng.choice(_WORDS)}</td><td>{rng.randint(1, 40)}</td></tr>"
                    for _ in range(3)
                )
                head = "<thead><tr><th>crop</th><th>rows</th></tr></thead>"
                table = f"<table>{head}<tbody>{rows}</tbody></table>"
                out.append(_block("table", f'<figure class="wp-block-table">{table}</figure>'))
            elif roll < 0.42:
                n = len(images)
                word = rng.choice(_WORDS)
                images.append(
                    {"title": f"{word.capitalize()} {n}", "alt": _sentence(rng, 2, 5)[:-1]}
                )
                out.append(f"{{{{image:{n}}}}}")
            else:
                out.append(_p(_paragraph(rng)))
    return "\n\n".join(out)


def write_site(path: Path, seed: int = 0, posts: int = 60) -> dict:
    """The site's content as the PHP installer reads it (``site.json``), the
    same for a seed."""
    rng = random.Random(seed + 2023)
    users = []
    for n, name in enumerate(_AUTHORS):
        first, last = name.split()
        bio = _sentence(rng, 10, 20) if n == 2 else ""  # twentytwentyone shows a bio box
        users.append({"login": first.lower(), "first": first, "last": last, "bio": bio})
    site_posts = []
    for n in range(posts):
        month, day = 1 + n * 12 // posts, 1 + (n * 7) % 27
        images: list[dict] = []
        body = _blocks(rng, rng.randint(0, 5), images)
        for k, image in enumerate(images):
            image["slug"] = f"{image['title'].split()[0].lower()}-photo-{n}-{k}"
            image["file"] = f"2024/{month:02d}/{image['slug']}.png"
        comments = []
        for c in range(rng.choice((0, 0, 0, 1, 2, 3, 5))):
            parent = rng.randrange(c) if c and rng.random() < 0.4 else None
            by_author = rng.random() < 0.15
            who = rng.choice(("Ann Tilley", "Bill Marsh", "Cora Reed", "Dev Patel", "Elin Moss"))
            comments.append(
                {"author": who, "parent": parent, "by_author": by_author, "text": _paragraph(rng)}
            )
        site_posts.append(
            {
                "title": _sentence(rng, 3, 7)[:-1],
                "slug": f"{rng.choice(_WORDS)}-{rng.choice(_WORDS)}-{n}",
                "date": f"2024-{month:02d}-{day:02d} {8 + n % 10:02d}:{(n * 13) % 60:02d}:00",
                "author": rng.randrange(len(users)),
                "categories": rng.sample(_CATEGORIES_USED, rng.choice((1, 1, 1, 2))),
                "tags": rng.sample(_TAGS_USED, rng.randint(0, 4)),
                "sticky": n in (7, 31, 52),
                "excerpt": _sentence(rng, 12, 24) if rng.random() < 0.2 else "",
                "featured": bool(images) and rng.random() < 0.6,
                "content": body,
                "images": images,
                "comments": comments,
            }
        )
    pages = []
    for title in _PAGES:
        slug = title.lower().replace(" ", "-")
        body = _blocks(rng, rng.randint(0, 2), [])
        if slug == "about":  # links to the writers' archives
            links = ", ".join(f'<a href="/author/{u["login"]}/">{u["first"]}</a>' for u in users)
            body += "\n\n" + _p(f"Our writers: {links}.")
        if slug == "seed-library":
            body += "\n\n" + _p(
                'Last spring\'s swap is in <a href="/2024/04/">the April posts</a>.'
            )
        parent = "seed-library" if slug == "volunteer" else None
        pages.append({"title": title, "slug": slug, "parent": parent, "content": body})
    site = {
        "title": "Hazel Lane Allotments",
        "tagline": "Plots, paths and the odd frog",
        "home": f"http://{HOST}",
        "per_page": PER_PAGE,
        "categories": [
            {"name": c, "slug": c.lower(), "description": _sentence(rng)} for c in _CATEGORIES_USED
        ],
        "tags": list(_TAGS_USED),
        "users": users,
        "posts": site_posts,
        "pages": pages,
    }
    path.write_text(json.dumps(site, indent=1), encoding="utf-8")
    return site


def _png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A plain one-colour PNG, standing in for a photo."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    row = b"\0" + bytes(rgb) * width
    head = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", head)
        + chunk(b"IDAT", zlib.compress(row * height, 9))
        + chunk(b"IEND", b"")
    )


# ---------------------------------------------------------------- WordPress

_WP_CONFIG = """\
<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', 'localhost:' . __DIR__ . '/../mysqld.sock');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
foreach (['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY',
          'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT'] as $k) {
    define($k, 'held-out bench ' . $k);
}
$table_prefix = 'wp_';
define('WP_DEFAULT_THEME', '{theme}');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WP_DEBUG', false);
if (!defined('ABSPATH')) {
    define('ABSPATH', __DIR__ . '/');
}
require_once ABSPATH . 'wp-settings.php';
"""


def front_controller(before: str = "") -> str:
    """A router for PHP's built-in server: the document root's files as they
    are, every other path to ``index.php``; ``before`` (PHP reading
    ``$path``) answers some paths first."""
    return (
        "<?php\n"
        "$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);\n"
        f"{before}"
        "if ($path !== '/' && is_file($_SERVER['DOCUMENT_ROOT'] . $path)) {\n"
        "    return false;\n"
        "}\n"
        "$_SERVER['SCRIPT_NAME'] = $_SERVER['PHP_SELF'] = '/index.php';\n"
        "$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';\n"
        "chdir($_SERVER['DOCUMENT_ROOT']);\n"
        "require $_SERVER['DOCUMENT_ROOT'] . '/index.php';\n"
    )


_ROUTER = front_controller()

# Installs WordPress (argv: docroot, "install") or writes the content
# (argv: docroot, "content", site.json, theme).
_SETUP = r"""<?php
$_SERVER['HTTP_HOST'] = $_SERVER['SERVER_NAME'] = '__HOST__';
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_PORT'] = 80;
[$_, $docroot, $mode] = $argv;
if ($mode === 'install') {
    define('WP_INSTALLING', true);
    require $docroot . '/wp-load.php';
    require_once ABSPATH . 'wp-admin/includes/upgrade.php';
    $done = wp_install('Hazel Lane Allotments', 'admin', 'admin@__HOST__', true, '', 'bench');
    update_option('siteurl', 'http://__HOST__');  // not the guess from the script's path
    update_option('home', 'http://__HOST__');
    echo "installed user {$done['user_id']}\n";
    exit(0);
}
require $docroot . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/post.php';
$site = json_decode(file_get_contents($argv[3]), true);
$theme = $argv[4];
function must($r, $what) {
    if (is_wp_error($r) || !$r) {
        fwrite(STDERR, "$what: " . (is_wp_error($r) ? $r->get_error_message() : 'failed') . "\n");
        exit(1);
    }
    return $r;
}
wp_set_current_user(1);  // the admin may post unfiltered block markup
$defaults = ['post_type' => ['post', 'page'], 'post_status' => 'any', 'numberposts' => -1];
foreach (get_posts($defaults) as $p) {
    wp_delete_post($p->ID, true);  // "Hello world!", the sample and privacy pages
}
update_option('siteurl', $site['home']);
update_option('home', $site['home']);
update_option('blogname', $site['title']);
update_option('blogdescription', $site['tagline']);
update_option('posts_per_page', $site['per_page']);
update_option('timezone_string', 'Europe/London');
update_option('show_on_front', 'posts');
switch_theme($theme);
global $wp_rewrite;
$wp_rewrite->set_permalink_structure('/%year%/%monthnum%/%postname%/');
$users = [];
foreach ($site['users'] as $u) {
    $users[] = must(wp_insert_user([
        'user_login' => $u['login'], 'user_pass' => 'held-out-bench',
        'user_email' => $u['login'] . '@__HOST__', 'first_name' => $u['first'],
        'last_name' => $u['last'], 'display_name' => $u['first'] . ' ' . $u['last'],
        'nickname' => $u['first'], 'description' => $u['bio'], 'role' => 'author',
    ]), 'user ' . $u['login']);
}
$cats = [];
foreach ($site['categories'] as $c) {
    $args = ['slug' => $c['slug'], 'description' => $c['description']];
    $t = must(wp_insert_term($c['name'], 'category', $args), 'category');
    $cats[$c['name']] = $t['term_id'];
}
foreach ($site['tags'] as $tag) {
    must(wp_insert_term($tag, 'post_tag'), 'tag ' . $tag);
}
$uploads = wp_upload_dir();
foreach ($site['posts'] as $p) {
    $author = $users[$p['author']];
    $id = must(wp_insert_post([
        'post_title' => $p['title'], 'post_name' => $p['slug'], 'post_content' => '',
        'post_excerpt' => $p['excerpt'], 'post_status' => 'publish', 'post_author' => $author,
        'post_date' => $p['date'],
        'post_category' => array_map(fn($c) => $cats[$c], $p['categories']),
        'comment_status' => 'open', 'ping_status' => 'closed',
    ], true), 'post ' . $p['slug']);
    wp_set_post_terms($id, $p['tags'], 'post_tag');
    $blocks = [];
    foreach ($p['images'] as $k => $img) {
        $file = $uploads['basedir'] . '/' . $img['file'];
        $aid = must(wp_insert_attachment([
            'post_title' => $img['title'], 'post_name' => $img['slug'],
            'post_mime_type' => 'image/png',
            'post_status' => 'inherit', 'post_author' => $author, 'post_date' => $p['date'],
            'post_content' => '', 'guid' => $uploads['baseurl'] . '/' . $img['file'],
        ], $file, $id, true), 'image ' . $img['slug']);
        update_post_meta($aid, '_wp_attachment_image_alt', $img['alt']);
        $meta = ['width' => 800, 'height' => 600, 'file' => $img['file'], 'sizes' => []];
        wp_update_attachment_metadata($aid, $meta + ['image_meta' => []]);
        if ($k === 0 && $p['featured']) {
            set_post_thumbnail($id, $aid);
        }
        $src = esc_url(wp_get_attachment_url($aid));
        $href = esc_url(get_attachment_link($aid));
        $alt = esc_attr($img['alt']);
        $attrs = ['id' => $aid, 'sizeSlug' => 'full', 'linkDestination' => 'attachment'];
        $attrs = json_encode($attrs);
        $tag = "<img src=\"$src\" alt=\"$alt\" class=\"wp-image-$aid\"/>";
        $blocks[$k] = "<!-- wp:image $attrs -->\n"
            . "<figure class=\"wp-block-image size-full\"><a href=\"$href\">$tag</a></figure>\n"
            . "<!-- /wp:image -->";
    }
    $fill = fn($m) => $blocks[(int) $m[1]];
    $content = preg_replace_callback('/\{\{image:(\d+)\}\}/', $fill, $p['content']);
    must(wp_update_post(['ID' => $id, 'post_content' => $content], true), 'content ' . $p['slug']);
    if ($p['sticky']) {
        stick_post($id);
    }
    $ids = [];
    $when = strtotime($p['date']);
    foreach ($p['comments'] as $n => $c) {
        $when += 3600 * (5 + 7 * $n);
        $by = $c['by_author'] ? get_userdata($author) : null;
        $ids[] = must(wp_insert_comment([
            'comment_post_ID' => $id,
            'comment_author' => $by ? $by->display_name : $c['author'],
            'comment_author_email' => $by
                ? $by->user_email
                : strtolower(str_replace(' ', '.', $c['author'])) . '@mail.example',
            'comment_content' => $c['text'], 'comment_approved' => 1,
            'user_id' => $by ? $author : 0,
            'comment_parent' => $c['parent'] === null ? 0 : $ids[$c['parent']],
            'comment_date' => date('Y-m-d H:i:s', $when),
        ]), 'comment');
    }
}
$pages = [];
foreach ($site['pages'] as $n => $p) {
    $pages[$p['slug']] = must(wp_insert_post([
        'post_type' => 'page', 'post_title' => $p['title'], 'post_name' => $p['slug'],
        'post_content' => $p['content'], 'post_status' => 'publish', 'post_author' => $users[0],
        'post_parent' => $p['parent'] ? $pages[$p['parent']] : 0, 'menu_order' => $n,
        'post_date' => '2024-01-01 09:00:00', 'comment_status' => 'closed',
    ], true), 'page ' . $p['slug']);
}
$menu = must(wp_create_nav_menu('Main'), 'menu');
$items = [];
foreach ($site['pages'] as $p) {  // a parent page comes before its child
    $items[$p['slug']] = must(wp_update_nav_menu_item($menu, 0, [
        'menu-item-object' => 'page', 'menu-item-object-id' => $pages[$p['slug']],
        'menu-item-type' => 'post_type', 'menu-item-status' => 'publish',
        'menu-item-parent-id' => $p['parent'] ? $items[$p['parent']] : 0,
    ]), 'menu item');
}
set_theme_mod('nav_menu_locations', ['primary' => $menu]);
flush_rewrite_rules(false);
echo "content written\n";
"""


def check_debian(module: str, pins: dict[str, str], exact: tuple[str, ...], install: str) -> None:
    """Stop with the install line unless every package of ``pins`` is
    installed and those of ``exact`` at their pinned versions (``module``
    names who asks; ``install``: the apt-get command before the pins)."""
    found = {}
    for name in pins:
        done = subprocess.run(
            ["dpkg-query", "-W", "-f", "${Version}", name], capture_output=True, text=True
        )
        found[name] = done.stdout.strip() if done.returncode == 0 else ""
    missing = [n for n, v in found.items() if not v]
    wrong = [
        f"{n} {found[n]} (built with {pins[n]})" for n in exact if found[n] and found[n] != pins[n]
    ]
    if missing or wrong:
        line = " ".join(f"{n}={v}" for n, v in pins.items())
        raise SystemExit(
            f"{module} needs Debian's packages at the pinned versions: "
            + (f"missing {', '.join(missing)}; " if missing else "")
            + (f"other versions: {'; '.join(wrong)}; " if wrong else "")
            + f"as root: {install} {line}"
        )


def _check_packages() -> None:
    check_debian("cms_wordpress", DEBIAN, _PINNED, "apt-get install -y")


def _source() -> Path:
    """Where the ``wordpress`` package put WordPress (the folder of its
    ``wp-load.php``)."""
    files = _run(["dpkg-query", "-L", "wordpress"], "dpkg-query -L wordpress").splitlines()
    found = [Path(f).parent for f in files if f.endswith("/wp-load.php")]
    if not found:
        raise SystemExit("the wordpress package has no wp-load.php")
    return found[0]


def _docroot(root: Path, theme: str) -> Path:
    """WordPress's front files copied (so that ``ABSPATH`` and
    ``wp-config.php`` are the build's own), its code folders linked."""
    doc, source = root / "docroot", _source()
    (doc / "wp-content" / "themes").mkdir(parents=True, exist_ok=True)
    (doc / "wp-content" / "uploads").mkdir(exist_ok=True)
    for file in source.glob("*.php"):
        if file.name != "wp-config.php":
            shutil.copyfile(file, doc / file.name)
    for name in ("wp-admin", "wp-includes"):
        if not (doc / name).exists():
            (doc / name).symlink_to(source / name)
    link = doc / "wp-content" / "themes" / theme
    if not link.exists():
        link.symlink_to(source / "wp-content" / "themes" / theme)
    (doc / "wp-config.php").write_text(_WP_CONFIG.replace("{theme}", theme), encoding="utf-8")
    (root / "router.php").write_text(_ROUTER, encoding="utf-8")
    return doc


def _wait(test, what: str, proc: subprocess.Popen, log: Path, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while not test():
        if proc.poll() is not None or time.monotonic() > end:
            text = log.read_text(errors="replace")[-2500:] if log.exists() else ""
            raise SystemExit(f"{what} did not start:\n{text}")
        time.sleep(0.2)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_SMALL = ("--innodb-log-file-size=8M", "--innodb-buffer-pool-size=64M")


@contextmanager
def serve(root: Path) -> Iterator[int]:
    """MariaDB on ``root/db`` and PHP's server on ``root/docroot`` while
    inside; yields the server's port. Both are stopped on the way out."""
    user = getpass.getuser()
    db, sock, doc = root / "db", root / "mysqld.sock", root / "docroot"
    if not (db / "mysql").exists():
        cmd = ["mariadb-install-db", "--no-defaults", f"--datadir={db}", f"--user={user}"]
        cmd += ["--auth-root-authentication-method=normal", "--skip-test-db", *_SMALL]
        _run(cmd, "mariadb-install-db")
    log = root / "mariadb.log"
    mariadb = subprocess.Popen(
        ["mariadbd", "--no-defaults", f"--datadir={db}", f"--socket={sock}", f"--user={user}",
         "--skip-networking", f"--pid-file={root / 'mariadbd.pid'}", f"--log-error={log}", *_SMALL],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    php = None
    try:
        ping = ["mariadb-admin", "--no-defaults", f"--socket={sock}", "-uroot", "ping"]
        _wait(
            lambda: subprocess.run(ping, capture_output=True).returncode == 0,
            "MariaDB",
            mariadb,
            log,
        )
        make = "CREATE DATABASE IF NOT EXISTS wordpress CHARACTER SET utf8mb4"
        _run(
            ["mariadb", "--no-defaults", f"--socket={sock}", "-uroot", "-e", make],
            "create database",
        )
        port, php_log = _free_port(), root / "php-server.log"
        with php_log.open("ab") as out:
            php = subprocess.Popen(
                ["php", "-S", f"127.0.0.1:{port}", "-t", str(doc), str(root / "router.php")],
                stdout=out, stderr=subprocess.STDOUT, cwd=doc,
            )  # fmt: skip

        def up() -> bool:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return True
            except OSError:
                return False

        _wait(up, "PHP's server", php, php_log)
        yield port
    finally:
        for proc in (php, mariadb):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(60)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()


@contextmanager
def php_server(
    command: Callable[[int], list[str]],
    root: Path,
    probe: str,
    *,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
) -> Iterator[int]:
    """PHP's built-in server (``command(port)``, its output logged in
    ``root``) while inside, once ``probe`` answers; yields its port and stops
    it on the way out."""
    port, log = _free_port(), root / "php-server.log"
    with log.open("ab") as out:
        php = subprocess.Popen(
            command(port), stdout=out, stderr=subprocess.STDOUT, cwd=cwd or root, env=env
        )
    try:

        def up() -> bool:
            try:
                _get(port, probe)
                return True
            except OSError:
                return False

        _wait(up, "PHP's server", php, log)
        yield port
    finally:
        if php.poll() is None:
            php.terminate()
            try:
                php.wait(60)
            except subprocess.TimeoutExpired:
                php.kill()
                php.wait()


# ---------------------------------------------------------------- crawl


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.hrefs.extend(v for k, v in attrs if k == "href" and v)


_SKIP_PREFIX = (
    "/wp-json",
    "/wp-admin",
    "/wp-content/",
    "/wp-includes/",
    "/wp-login.php",
    "/xmlrpc.php",
)


def _local(href: str, base: str) -> str | None:
    """The path and query of a link on the site, ``None`` for any other or
    one the crawler leaves (feeds, the REST API, the admin, files)."""
    url = urlsplit(urljoin(f"http://{HOST}{base}", href.strip()))
    if url.scheme not in ("http", "https") or url.netloc != HOST:
        return None
    path = url.path or "/"
    last = path.rstrip("/").rpartition("/")[2]
    if path.startswith(_SKIP_PREFIX) or "." in last:
        return None
    if re.search(r"/(feed|rss2?|atom|rdf|embed|trackback)/", path + "/"):
        return None
    if re.search(r"(^|&)(replytocom|feed|rest_route)=", url.query):
        return None
    return path + (f"?{url.query}" if url.query else "")


def _get(port: int, path: str, host: str = HOST) -> tuple[int, str, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request("GET", path, headers={"Host": host, "User-Agent": "held-out-bench"})
        resp = conn.getresponse()
        return resp.status, resp.getheader("Location") or "", resp.read()
    finally:
        conn.close()


def crawl_site(
    port: int,
    out: Path,
    *,
    what: str,
    start: str,
    missing: str,
    search: str,
    local: Callable[[str, str], str | None],
    host: str = HOST,
    limit: int = 2000,
) -> list[dict]:
    """Every page of a served site reachable from ``start`` (``local(href,
    base)``: the path and query of a link the crawl follows, else ``None``),
    then ``missing`` and ``search``, whose links are not followed, saved as
    served into ``out``. A status other than 200 (404 for ``missing``) or a
    redirect stops the build with the server's answer (``what`` names it)."""
    out.mkdir(parents=True, exist_ok=True)
    queue, seen, saved = [start], {start, missing, search}, []
    extra = [missing, search]  # fetched last, their links not followed
    while queue or extra:
        if len(seen) > limit:
            raise SystemExit(f"crawl of {what} found more than {limit} URLs")
        path = queue.pop(0) if queue else extra.pop(0)
        status, location, body = _get(port, path, host)
        if status in (301, 302, 303, 307, 308):
            target = local(location, path)
            if target and target not in seen:
                seen.add(target)
                queue.append(target)
            continue
        if status not in (200, 404) or (status == 404 and path != missing):
            raise SystemExit(
                f"{what} answered {status} for {path}:\n{body[-1500:].decode(errors='replace')}"
            )
        name = f"{len(saved):04d}.html"
        (out / name).write_bytes(body)
        saved.append({"path": path, "status": status, "file": name})
        if path in (missing, search):
            continue
        links = _Links()
        links.feed(body.decode("utf-8", errors="replace"))
        for href in links.hrefs:
            target = local(href, path)
            if target and target not in seen:
                seen.add(target)
                queue.append(target)
    return saved


def begin_build(root: Path, check_packages: Callable[[], None]) -> bool:
    """Has a served site already been crawled into ``root/pages``
    (``pages.json`` is written last)? If not, its packages are checked and
    ``root`` is made empty: a build that stopped half way starts again."""
    if (root / "pages" / "pages.json").exists():
        return True
    check_packages()
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    return False


def publish_crawl(pages: Path, saved: list[dict]) -> Path:
    """Move a finished crawl from ``pages/tmp`` into ``pages`` and list it in
    ``pages.json``, written last: a build that stopped half way has none, and
    starts again."""
    for entry in saved:
        (pages / "tmp" / entry["file"]).rename(pages / entry["file"])
    (pages / "tmp").rmdir()
    (pages / "pages.json").write_text(json.dumps(saved, indent=1), encoding="utf-8")
    return pages


def crawl(port: int, out: Path, limit: int = 2000) -> list[dict]:
    """Every page reachable from the front page, then :data:`MISSING` and
    :data:`SEARCH`, saved as served into ``out``."""
    return crawl_site(
        port,
        out,
        what="WordPress",
        start="/",
        missing=MISSING,
        search=SEARCH,
        local=_local,
        limit=limit,
    )


def build_wordpress(data: Path, theme: str, seed: int = 0) -> Path:
    """The folder of saved pages of the WordPress blog in ``theme`` (built
    once into ``data``; ``pages.json`` lists them)."""
    if theme not in THEMES:
        raise SystemExit(f"unknown theme {theme!r}: one of {', '.join(THEMES)}")
    root = data / f"wordpress-{theme}"
    pages = root / "pages"
    if begin_build(root, _check_packages):
        return pages
    doc = _docroot(root, theme)
    site = write_site(root / "site.json", seed)
    for n, post in enumerate(site["posts"]):
        for image in post["images"]:
            file = doc / "wp-content" / "uploads" / image["file"]
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_bytes(_png(800, 600, (90 + n % 100, 140, 60 + 3 * n % 120)))
    setup = root / "setup.php"
    setup.write_text(_SETUP.replace("__HOST__", HOST), encoding="utf-8")
    with serve(root) as port:
        _run(["php", str(setup), str(doc), "install"], "wp_install")
        _run(
            ["php", str(setup), str(doc), "content", str(root / "site.json"), theme],
            "WordPress content",
        )
        saved = crawl(port, pages / "tmp")
    return publish_crawl(pages, saved)


# ---------------------------------------------------------------- labels

_HOME = re.compile(r"/(page/\d+/)?")
_DATE = re.compile(r"/\d{4}/(\d{2}/(\d{2}/)?)?(page/\d+/)?")
_TERMS = re.compile(r"/(category|tag|author)/([^/]+/)+(page/\d+/)?")
_POST = re.compile(r"/\d{4}/\d{2}/[^/]+/((\d+|comment-page-\d+)/)?")
_ATTACHMENT = re.compile(r"/\d{4}/\d{2}/[^/]+/[^/]+/")
_TEMPLATES = {
    "twentytwentythree": {"attachment": "single", "front": "home"},
    "twentytwentyone": {"attachment": "image", "front": "index"},
}


def wordpress_template_of(url: str, theme: str) -> str | None:
    """The template WordPress picks in ``theme`` for a page of this site, from
    its path and query (``None``: not a page of the site's kinds).

    >>> urls = ("/", "/page/3/", "/2024/03/kale-bean-9/", "/2024/03/kale-bean-9/kale-photo-9-0/")
    >>> [wordpress_template_of(u, "twentytwentythree") for u in urls]
    ['home', 'home', 'single', 'single']
    >>> [wordpress_template_of(u, "twentytwentyone") for u in urls]
    ['index', 'index', 'single', 'image']
    >>> urls = ("/2024/", "/2024/04/page/2/", "/tag/pests/page/2/", "/author/tom/")
    >>> [wordpress_template_of(u, "twentytwentyone") for u in urls]
    ['archive', 'archive', 'archive', 'archive']
    >>> urls = ("/seed-library/volunteer/", "/page/2/?s=kale", MISSING, "/elsewhere/")
    >>> [wordpress_template_of(u, "twentytwentythree") for u in urls]
    ['page', 'search', '404', None]
    """
    kinds = _TEMPLATES[theme]
    path, _, query = url.partition("?")
    if re.search(r"(^|&)s=", query):
        return "search"
    if query:
        return None
    if path == MISSING:
        return "404"
    if _HOME.fullmatch(path):
        return kinds["front"]
    if _DATE.fullmatch(path) or _TERMS.fullmatch(path):
        return "archive"
    if _POST.fullmatch(path):
        return "single"
    if _ATTACHMENT.fullmatch(path):
        return kinds["attachment"]
    if path.strip("/").split("/")[0] in _PAGE_SLUGS:
        return "page"
    return None


def wordpress_pages(data: Path, theme: str) -> list[tuple[str, str, str]]:
    """(URL path, HTML, template) of every page of the WordPress blog in
    ``theme``: the site is built and crawled once into ``data``."""
    pages = build_wordpress(data, theme)
    out = []
    for entry in json.loads((pages / "pages.json").read_text(encoding="utf-8")):
        label = wordpress_template_of(entry["path"], theme)
        if label is not None:
            out.append((entry["path"], (pages / entry["file"]).read_text(encoding="utf-8"), label))
    return out


if __name__ == "__main__":  # python bench/cms_wordpress.py DATA [THEME...]
    import sys

    for name in sys.argv[2:] or list(THEMES):
        found = wordpress_pages(Path(sys.argv[1]), name)
        counts: dict[str, int] = {}
        for _, _, label in found:
            counts[label] = counts.get(label, 0) + 1
        print(name, len(found), dict(sorted(counts.items())))
