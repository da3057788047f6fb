"""Markdown-rendered article bodies, as static site generators output them.

``markdown_body`` draws a sequence of Markdown blocks (paragraphs, headings,
lists, tables, code, images, quotes, videos) and renders it the way Hugo
(Goldmark + Chroma), Jekyll (kramdown + Rouge) or a hand-written Markdown
pipeline would. It returns the HTML and the headings, for tables of contents.
"""

from __future__ import annotations

import random
import re

from ._common import Text, code_sample, esc


def anchor(text: str, used: set[str]) -> str:
    a = re.sub(r"[^\w\- ]", "", text.lower(), flags=re.UNICODE).strip().replace(" ", "-")
    a = a or "section"
    base, i = a, 0
    while a in used:
        i += 1
        a = f"{base}-{i}"
    used.add(a)
    return a


def _tok_line(line: str, flavor: str) -> str:
    """Very small fake highlighter: keywords / strings / plain spans."""
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
        "print",
        "cd",
        "git",
        "npm",
        "curl",
        "make",
    }
    out = []
    for tok in re.split(r"(\s+)", line):
        if not tok:
            continue
        if tok.isspace():
            out.append(tok)
        elif tok in kw:
            out.append(f'<span class="{"k" if flavor == "kramdown" else "kn"}">{esc(tok)}</span>')
        elif tok[0] in "\"'":
            out.append(f'<span class="{"s" if flavor == "kramdown" else "s2"}">{esc(tok)}</span>')
        else:
            out.append(esc(tok) if flavor == "kramdown" else f'<span class="n">{esc(tok)}</span>')
    return "".join(out)


def code_block(rng: random.Random, flavor: str) -> str:
    lang, code = code_sample(rng)
    lines = code.split("\n")
    if flavor == "hugo":
        body = "".join(
            f'<span class="line"><span class="cl">{_tok_line(ln, flavor)}\n</span></span>'
            for ln in lines
        )
        return (
            f'<div class="highlight"><pre tabindex="0" class="chroma"><code class="language-{lang}" '
            f'data-lang="{lang}">{body}</code></pre></div>'
        )
    if flavor == "kramdown":
        body = "\n".join(_tok_line(ln, flavor) for ln in lines)
        return (
            f'<div class="language-{lang} highlighter-rouge"><div class="highlight"><pre class="highlight">'
            f"<code>{body}\n</code></pre></div></div>"
        )
    return f'<pre><code class="language-{lang}">{esc(code)}\n</code></pre>'


def markdown_body(
    rng: random.Random,
    t: Text,
    *,
    flavor: str,
    lo: int,
    hi: int,
    img_base: str,
    headings: bool = True,
    video_ok: bool = True,
) -> tuple[str, list[tuple[int, str, str]]]:
    used: set[str] = set()
    toc: list[tuple[int, str, str]] = []
    out: list[str] = [f"<p>{esc(t.para(1, 5))}</p>"]
    n = rng.randint(lo, hi)
    level = 2
    for _ in range(n):
        k = rng.random()
        if headings and k < 0.16:
            level = 3 if (toc and rng.random() < 0.35) else 2
            text = t.title(2, 5)
            a = anchor(text, used)
            toc.append((level, a, text))
            out.append(f'<h{level} id="{a}">{esc(text)}</h{level}>')
            out.append(f"<p>{esc(t.para(1, 5))}</p>")
        elif k < 0.55:
            out.append(f"<p>{esc(t.para(1, 6))}</p>")
        elif k < 0.64:
            tag = rng.choice(["ul", "ol"])
            out.append(
                f"<{tag}>\n"
                + "\n".join(f"<li>{esc(t.sentence())}</li>" for _ in range(rng.randint(2, 6)))
                + f"\n</{tag}>"
            )
        elif k < 0.72:
            out.append(code_block(rng, flavor))
        elif k < 0.78:
            out.append(f"<blockquote>\n<p>{esc(t.para(1, 3))}</p>\n</blockquote>")
        elif k < 0.85:
            name = f"{img_base}/{rng.choice(['map', 'team', 'workshop', 'screenshot', 'diagram', 'field'])}-{rng.randint(1, 40)}.jpg"
            alt = t.words(2, 4)
            if flavor == "hugo":
                cap = (
                    f"<figcaption>\n<p>{esc(t.sentence())}</p>\n</figcaption>"
                    if rng.random() < 0.6
                    else ""
                )
                out.append(
                    f'<figure><img src="{name}" alt="{esc(alt)}" loading="lazy">{cap}\n</figure>'
                )
            else:
                out.append(f'<p><img src="{name}" alt="{esc(alt)}" /></p>')
        elif k < 0.91:
            ncol = rng.randint(2, 4)
            head = "".join(f"<th>{esc(t.label())}</th>" for _ in range(ncol))
            rows = "\n".join(
                "<tr>\n"
                + "".join(f"<td>{esc(t.words(1, 3))}</td>" for _ in range(ncol))
                + "\n</tr>"
                for _ in range(rng.randint(2, 7))
            )
            out.append(
                f"<table>\n<thead>\n<tr>\n{head}\n</tr>\n</thead>\n<tbody>\n{rows}\n</tbody>\n</table>"
            )
        elif k < 0.94 and video_ok:
            vid = "".join(
                rng.choice("abcdefghijkmnopqrstuvwxyzABCDEFGH0123456789_-") for _ in range(11)
            )
            if flavor == "hugo":
                out.append(
                    '<div style="position: relative; padding-bottom: 56.25%; height: 0; overflow: hidden;">\n'
                    '<iframe allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" '
                    'allowfullscreen="allowfullscreen" loading="eager" referrerpolicy="strict-origin-when-cross-origin" '
                    f'src="https://www.youtube.com/embed/{vid}?autoplay=0&amp;controls=1&amp;end=0&amp;loop=0&amp;mute=0&amp;start=0" '
                    'style="position: absolute; top: 0; left: 0; width: 100%; height: 100%; border:0;" title="YouTube video"></iframe>\n</div>'
                )
            else:
                out.append(
                    f'<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/{vid}" '
                    'title="YouTube video player" frameborder="0" allowfullscreen></iframe>'
                )
        elif k < 0.97:
            out.append("<hr>" if flavor == "hugo" else "<hr />")
        else:
            out.append(f"<p>{esc(t.para(1, 2))}</p>")
    return "\n".join(out), toc


def toc_html(toc: list[tuple[int, str, str]]) -> str:
    """Hugo's .TableOfContents: nested <ul> under nav#TableOfContents."""
    if not toc:
        return ""
    parts, open_sub = ['<nav id="TableOfContents">\n  <ul>'], False
    for i, (lvl, a, text) in enumerate(toc):
        if lvl == 2:
            if open_sub:
                parts.append("</ul></li>")
                open_sub = False
            elif i:
                parts.append("</li>")
            parts.append(f'<li><a href="#{a}">{esc(text)}</a>')
        else:
            if not open_sub:
                parts.append("<ul>" if i else "<li><ul>")
                open_sub = True
            parts.append(f'<li><a href="#{a}">{esc(text)}</a></li>')
    parts.append("</ul></li>" if open_sub else "</li>")
    parts.append("</ul>\n</nav>")
    return "\n".join(parts)
