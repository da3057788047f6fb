"""Shared helpers for the theme-site fixtures: records, URL paths and text.

The text generator writes plausible (not grammatical) prose from sentence
patterns, in English, Japanese or French, so pages of one template differ in
text and length the way real content does.
"""

from __future__ import annotations

import hashlib
import html
import random
import re
from datetime import date, timedelta

Page = tuple[dict, str]


def esc(s: str) -> str:
    return html.escape(s, quote=True)


def url_paths(url_path: str) -> list[str]:
    """URL path segments: "/2024/03/x/" -> ["2024", "03", "x", ""], "/" -> [""]."""
    p = url_path.split("#", 1)[0].split("?", 1)[0]
    return p.lstrip("/").split("/")


def record(host: str, url_path: str, html_doc: str, css: list[str]) -> dict:
    """One JSONL input record; the id is the page URL (query string included)."""
    return {
        "id": f"https://{host}{url_path}",
        "html": html_doc,
        "paths": url_paths(url_path),
        "stylesheetHrefs": list(css),
        "host": host,
    }


def short_hash(*parts: object, n: int = 8, alphabet: str = "0123456789abcdef") -> str:
    """A stable pseudo hash (build-time fingerprints, CSS-module suffixes)."""
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).digest()
    return "".join(alphabet[b % len(alphabet)] for b in digest[:n])


def stable_int(*parts: object) -> int:
    """A process-independent integer seed (str hash() is salted per process)."""
    return int.from_bytes(hashlib.sha256("|".join(map(str, parts)).encode()).digest()[:6], "big")


B62 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def slugify(s: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", s.lower()).strip("-")
    return s or "item"


def dates_back(rng: random.Random, n: int, start: date = date(2024, 5, 28)) -> list[date]:
    """n dates going back in time from start, newest first, 1-20 days apart."""
    out, d = [], start
    for _ in range(n):
        out.append(d)
        d -= timedelta(days=rng.randint(1, 20))
    return out


def unique_slugs(titles: list[str], maxlen: int = 60) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for t in titles:
        s = slugify(t)
        if len(s) > maxlen:
            s = s[:maxlen].rsplit("-", 1)[0]
        if s in seen:
            seen[s] += 1
            s = f"{s}-{seen[s]}"
        else:
            seen[s] = 1
        out.append(s)
    return out


# --------------------------------------------------------------------------- text

_EN = {
    "det": ["the", "a", "every", "our", "this", "each", "that"],
    "adj": [
        "new",
        "small",
        "quiet",
        "early",
        "local",
        "simple",
        "careful",
        "long",
        "fresh",
        "open",
        "shared",
        "remote",
        "daily",
        "seasonal",
        "practical",
        "common",
        "clear",
        "heavy",
        "light",
        "first",
        "final",
        "main",
        "rare",
        "steady",
        "familiar",
        "better",
        "annual",
        "quick",
    ],
    "noun": [
        "team",
        "project",
        "garden",
        "report",
        "morning",
        "library",
        "river",
        "market",
        "workshop",
        "guide",
        "process",
        "release",
        "meeting",
        "question",
        "detail",
        "budget",
        "schedule",
        "neighborhood",
        "recipe",
        "season",
        "route",
        "volunteer",
        "draft",
        "result",
        "change",
        "community",
        "trail",
        "kitchen",
        "system",
        "version",
        "plan",
        "story",
        "window",
        "field",
        "harbor",
        "record",
        "review",
        "table",
        "list",
        "photo",
        "map",
        "event",
        "office",
    ],
    "verb_s": [
        "changes",
        "supports",
        "follows",
        "shapes",
        "improves",
        "explains",
        "covers",
        "needs",
        "brings",
        "opens",
        "keeps",
        "shows",
        "reaches",
        "builds",
        "tracks",
        "joins",
        "moves",
        "describes",
        "replaces",
        "adds",
        "collects",
        "marks",
    ],
    "verb": [
        "changed",
        "tested",
        "visited",
        "planned",
        "finished",
        "measured",
        "rebuilt",
        "shared",
        "reviewed",
        "opened",
        "photographed",
        "mapped",
        "documented",
        "cleaned",
        "moved",
        "published",
        "started",
        "collected",
    ],
    "prep": [
        "for",
        "with",
        "near",
        "after",
        "before",
        "around",
        "through",
        "across",
        "under",
        "during",
    ],
    "adv": [
        "slowly",
        "again",
        "together",
        "carefully",
        "last week",
        "this spring",
        "in the end",
        "at last",
        "early on",
        "by hand",
        "on weekends",
        "for now",
    ],
    "intro": [
        "In practice",
        "As expected",
        "For most readers",
        "Meanwhile",
        "On the other hand",
        "Last year",
        "By comparison",
        "Once again",
        "In short",
        "Since then",
        "Honestly",
    ],
}

_EN_PATTERNS = [
    "{Det} {adj} {noun} {verb_s} {det} {noun} {prep} {det} {noun}.",
    "We {verb} {det} {noun} {adv}.",
    "{Intro}, {det} {noun} {verb_s} {det} {adj} {noun}.",
    "This {noun} {verb_s} how {det} {noun} {verb_s} {prep} {det} {adj} {noun}.",
    "{Det} {noun} and {det} {noun} {verb_s} {det} {adj} {noun} {adv}.",
    "Nobody {verb} {det} {adj} {noun} {prep} {det} {noun}, so {det} {noun} {verb_s} {det} {noun}.",
    "{Intro}, we {verb} {det} {noun} {prep} {det} {adj} {noun} {adv}.",
    "It {verb_s} {det} {noun}.",
    "{Det} {adj} {noun} {verb_s} {det} {adj} {noun}, and {det} {noun} {verb_s} {det} {noun} {adv}.",
]

_EN_TITLES = [
    "{Adj} {noun}s {prep} the {noun}",
    "Notes from the {adj} {noun}",
    "How we {verb} the {noun}",
    "{Noun} report: {adj} {noun}s",
    "A {adj} {noun} {prep} the {noun}",
    "What the {noun} taught us",
    "{Adj} {noun}, {adj} {noun}",
    "Ten things about the {adj} {noun}",
    "Why our {noun} {verb_s} the {noun}",
    "The {noun} {adv}",
    "{Noun} and {noun}",
    "Getting started with the {noun}",
]

_JA = {
    "subj": [
        "当社",
        "私たち",
        "このプロジェクト",
        "新しい機能",
        "チーム",
        "利用者の皆さま",
        "研究グループ",
        "地域の皆さま",
        "担当者",
        "今回のリリース",
        "本サービス",
        "事務局",
        "スタッフ一同",
    ],
    "obj": [
        "品質",
        "サービス",
        "開発体制",
        "資料",
        "作業環境",
        "記録",
        "データ",
        "イベント",
        "手順",
        "製品ラインアップ",
        "サポート",
        "お問い合わせ窓口",
        "設定方法",
        "活動内容",
        "年間計画",
    ],
    "verb": [
        "改善しました",
        "公開しています",
        "検討しています",
        "提供します",
        "ご紹介します",
        "更新しました",
        "確認できます",
        "見直しました",
        "開始しました",
        "強化しています",
        "予定しています",
        "お届けします",
    ],
    "conn": [
        "また、",
        "さらに、",
        "なお、",
        "そのため、",
        "一方で、",
        "今後は",
        "まず、",
        "最後に、",
        "",
    ],
    "title_a": [
        "新製品",
        "春のイベント",
        "導入事例",
        "開発日誌",
        "年次報告",
        "地域活動",
        "技術解説",
        "お知らせ",
        "採用情報",
        "サポート体制",
        "利用ガイド",
        "設計の工夫",
    ],
    "title_b": [
        "について",
        "のご案内",
        "を公開しました",
        "の振り返り",
        "のポイント",
        "を更新しました",
        "の始め方",
        "に関するお知らせ",
    ],
}

_FR = {
    "det": ["le", "la", "chaque", "notre", "ce", "un", "une"],
    "noun": [
        "projet",
        "rapport",
        "marché",
        "atelier",
        "quartier",
        "saison",
        "équipe",
        "jardin",
        "réunion",
        "version",
        "service",
        "client",
        "document",
        "chantier",
        "parcours",
        "produit",
        "programme",
        "réseau",
        "bureau",
        "village",
    ],
    "adj": [
        "nouveau",
        "simple",
        "local",
        "premier",
        "grand",
        "petit",
        "commun",
        "clair",
        "annuel",
        "pratique",
        "rapide",
        "ouvert",
        "durable",
    ],
    "verb": [
        "présente",
        "améliore",
        "prépare",
        "accompagne",
        "organise",
        "propose",
        "suit",
        "explique",
        "renforce",
        "ouvre",
        "réunit",
        "décrit",
    ],
    "adv": [
        "cette année",
        "depuis longtemps",
        "avec soin",
        "au printemps",
        "chaque semaine",
        "sans attendre",
        "en ce moment",
        "pour la suite",
    ],
    "intro": [
        "Par ailleurs",
        "Ensuite",
        "Depuis le début",
        "En pratique",
        "Pour cette raison",
        "Cette fois",
        "Enfin",
        "Comme prévu",
    ],
}

_FR_PATTERNS = [
    "{Det} {noun} {adj} {verb} {det} {noun} {adv}.",
    "{Intro}, {det} {noun} {verb} {det} {noun} {adj}.",
    "Nous {verb_nous} {det} {noun} {adv}.",
    "{Det} {noun} {verb} {det} {noun} et {det} {noun} {adj}.",
]

FIRST_NAMES = [
    "Jane",
    "Marcus",
    "Aiko",
    "Sofia",
    "Daniel",
    "Priya",
    "Tom",
    "Elena",
    "Kenji",
    "Lucas",
    "Maya",
    "Omar",
    "Hannah",
    "Léa",
    "Noah",
    "Grace",
    "Yuki",
    "Ben",
    "Chloé",
    "Ravi",
]
LAST_NAMES = [
    "Doe",
    "Okafor",
    "Tanaka",
    "Rossi",
    "Keller",
    "Nair",
    "Fischer",
    "Moreau",
    "Sato",
    "Lindqvist",
    "Brennan",
    "Haddad",
    "Novak",
    "Silva",
    "Park",
    "Dubois",
    "Ito",
    "Walsh",
]
JA_NAMES = [
    "佐藤 美咲",
    "鈴木 健太",
    "高橋 陽子",
    "田中 翔",
    "伊藤 彩",
    "渡辺 大輔",
    "山本 里奈",
    "中村 拓也",
]


class Text:
    """Deterministic prose in one language ("en", "ja" or "fr")."""

    def __init__(self, rng: random.Random, lang: str = "en", nouns: list[str] | None = None):
        self.rng = rng
        self.lang = lang
        self.extra_nouns = list(nouns or [])

    # -- building blocks
    def _pick(self, table: dict, key: str) -> str:
        if key == "noun" and self.extra_nouns and self.rng.random() < 0.45:
            return self.rng.choice(self.extra_nouns)
        return self.rng.choice(table[key])

    def sentence(self) -> str:
        r = self.rng
        if self.lang == "ja":
            t = _JA
            s = f"{r.choice(t['conn'])}{r.choice(t['subj'])}は{r.choice(t['obj'])}を{r.choice(t['verb'])}。"
            if r.random() < 0.3:
                s = (
                    s[:-1]
                    + f"。{r.choice(t['obj'])}の詳細は順次{r.choice(['ご案内します', '掲載します', 'お知らせします'])}。"
                )
            return s
        if self.lang == "fr":
            t = _FR
            pat = r.choice(_FR_PATTERNS)
            out = re.sub(r"\{(\w+)\}", lambda m: self._fr_slot(m.group(1)), pat)
            return out[0].upper() + out[1:]
        pat = r.choice(_EN_PATTERNS)
        out = re.sub(r"\{(\w+)\}", lambda m: self._en_slot(m.group(1)), pat)
        return out[0].upper() + out[1:]

    def _en_slot(self, key: str) -> str:
        cap = key[0].isupper()
        v = self._pick(_EN, key.lower())
        return v[0].upper() + v[1:] if cap else v

    def _fr_slot(self, key: str) -> str:
        if key == "verb_nous":
            return self.rng.choice(
                ["préparons", "organisons", "proposons", "suivons", "ouvrons", "présentons"]
            )
        cap = key[0].isupper()
        v = self.rng.choice(_FR[key.lower()])
        return v[0].upper() + v[1:] if cap else v

    def sentences(self, lo: int, hi: int) -> str:
        sep = "" if self.lang == "ja" else " "
        return sep.join(self.sentence() for _ in range(self.rng.randint(lo, hi)))

    def para(self, lo: int = 2, hi: int = 6) -> str:
        return self.sentences(lo, hi)

    def words(self, lo: int, hi: int | None = None) -> str:
        n = lo if hi is None else self.rng.randint(lo, hi)
        if self.lang == "ja":
            return self.rng.choice(_JA["title_a"]) + self.rng.choice(_JA["title_b"])
        table = _FR if self.lang == "fr" else _EN
        pool = table["noun"] + table["adj"] + self.extra_nouns
        return " ".join(self.rng.choice(pool) for _ in range(n))

    def title(self, lo: int = 3, hi: int = 8) -> str:
        r = self.rng
        if self.lang == "ja":
            return f"{r.choice(_JA['title_a'])}{r.choice(_JA['title_b'])}"
        if self.lang == "fr":
            s = f"{r.choice(_FR['det'])} {r.choice(_FR['noun'])} {r.choice(_FR['adj'])}"
            if r.random() < 0.5:
                s += f" {r.choice(['et', 'pour', 'dans'])} {r.choice(_FR['det'])} {r.choice(_FR['noun'])}"
            return s[0].upper() + s[1:]
        if r.random() < 0.2:
            n = r.randint(lo, min(hi, 6))
            w = []
            for i in range(n):
                key = "noun" if i % 2 else r.choice(["adj", "noun"])
                w.append(self._pick(_EN, key))
            return " ".join(x.capitalize() for x in w)
        pat = r.choice(_EN_TITLES)
        out = re.sub(r"\{(\w+)\}", lambda m: self._en_slot(m.group(1)), pat)
        return out[0].upper() + out[1:]

    def label(self) -> str:
        """One or two words, for menus, tags, categories."""
        if self.lang == "ja":
            return self.rng.choice(_JA["obj"])
        return self.words(1, 2).capitalize()

    def name(self) -> str:
        if self.lang == "ja":
            return self.rng.choice(JA_NAMES)
        return f"{self.rng.choice(FIRST_NAMES)} {self.rng.choice(LAST_NAMES)}"


def fmt_date(d: date, lang: str = "en") -> str:
    if lang == "ja":
        return f"{d.year}年{d.month}月{d.day}日"
    if lang == "fr":
        months = [
            "janvier",
            "février",
            "mars",
            "avril",
            "mai",
            "juin",
            "juillet",
            "août",
            "septembre",
            "octobre",
            "novembre",
            "décembre",
        ]
        return f"{d.day} {months[d.month - 1]} {d.year}"
    return d.strftime("%B %-d, %Y")


CODE_SNIPPETS = {
    "python": [
        'import json\n\nwith open("config.json") as fh:\n    config = json.load(fh)\nprint(config["name"])',
        'def slugify(title):\n    return "-".join(title.lower().split())\n\n\nprint(slugify("Hello World"))',
        'for row in rows:\n    if row.get("active"):\n        total += row["amount"]',
        'from pathlib import Path\n\nfor path in Path("content").glob("**/*.md"):\n    print(path.stem)',
    ],
    "bash": [
        "npm install --save-dev tern-cli",
        "git clone https://github.com/example/project.git\ncd project\nmake build",
        "curl -s https://api.example.com/v1/status | jq .",
        'export TERN_TOKEN="..."\ntern deploy --env production',
    ],
    "js": [
        "const client = new Client({ token: process.env.TOKEN });\nawait client.connect();",
        "export default function sum(a, b) {\n  return a + b;\n}",
        "module.exports = {\n  title: 'My Site',\n  plugins: ['sitemap'],\n};",
    ],
    "yaml": [
        "site:\n  title: Example\n  language: en\nbuild:\n  minify: true",
        "steps:\n  - uses: actions/checkout@v4\n  - run: make test",
    ],
}


def code_sample(rng: random.Random, lang: str | None = None) -> tuple[str, str]:
    lang = lang or rng.choice(list(CODE_SNIPPETS))
    return lang, rng.choice(CODE_SNIPPETS[lang])
