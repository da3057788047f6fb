"""Article pages for the per-page path: news and blog layouts as sites print them.

Each page wraps an article body in what news and blog pages carry around it:
site headers and menus, breadcrumbs, bylines and dates, share bars, inline
"advertisement" slots and newsletter boxes, related-article lists with teaser
text, tag lists, author boxes, comment threads, sidebars with "most read" lists,
cookie banners and footers. ``body`` is the article body a reader would copy
(no headline, byline, captions or comments); ``chrome`` lists text that must not
be taken for it; ``kept_anyway`` text that a reader would not copy either but
that the per-page rules keep (a story-highlights box without furniture words,
a link alone in a paragraph-like division, a link line inside a table cell's own
text), so that the tests say what the rules are known to miss.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ArticlePage:
    name: str
    html: str
    body: list[str]
    chrome: list[str]
    kept_anyway: tuple[str, ...] = ()

    @property
    def body_text(self) -> str:
        return " ".join(self.body)


def _ps(paragraphs: list[str], attrs: str = "") -> str:
    return "".join(f"<p{attrs}>{p}</p>" for p in paragraphs)


# --------------------------------------------------------------------------- texts

HARBOUR = [
    "The city council voted on Tuesday to rebuild the old harbour wall, ending a dispute "
    "that has divided residents, fishermen and shop owners for almost a decade.",
    "Under the plan, which passed by nine votes to four, the crumbling stone wall will be "
    "replaced by a concrete barrier faced with the original granite blocks. Work is due to "
    "start in the spring and should take about two years, the council said.",
    "Fishermen had long argued that the wall no longer protected their boats during winter "
    "storms. “Every January we lose moorings, and every January we are told to wait,” said "
    "Maria Jensen, who has fished from the harbour for thirty years.",
    "Opponents, among them several heritage groups, said the design would spoil one of the "
    "best preserved waterfronts on the coast. They have until the end of the month to "
    "appeal the decision to the regional planning authority.",
    "The project is expected to cost 14 million euros, of which the national government has "
    "promised to pay a little more than half. The rest will come from the harbour's own "
    "reserves and from a loan the council will take out next year.",
    "Shop owners on the quay, who feared two years of building works on their doorstep, were "
    "promised that the promenade would stay open throughout, although parts of it may be "
    "closed at night when heavy machinery is moved.",
]

RELATED_TEASERS = [
    (
        "Storm damage bill passes two million",
        "Repairs to roads, bridges and sea defences after last winter's storms will cost "
        "more than expected, officials said on Monday, and some work may not be finished "
        "before the autumn.",
    ),
    (
        "New ferry timetable angers island commuters",
        "Residents of the outer islands say the changes, which cut two evening crossings, "
        "leave them stranded after late shifts, and they have started a petition.",
    ),
    (
        "Fish prices fall for a third month",
        "Wholesale prices for cod and haddock fell again in May, as larger catches, cheaper "
        "imports and weak demand from restaurants weighed on the market.",
    ),
]

GARDEN = [
    "I have grown tomatoes on my balcony for six summers now, and every year I learn "
    "something that I wish somebody had told me at the start.",
    "The first lesson is that pots are never big enough. A tomato plant wants at least "
    "twenty litres of soil, and more if you can manage it, because small pots dry out in "
    "an afternoon and the plant sulks for days afterwards.",
    "The second is that feeding matters more than watering. Once the first flowers appear "
    "I give each plant a weak liquid feed twice a week, and I stop worrying about the "
    "exact amount: a little too much is far better than none at all.",
    "Third, pick a variety that suits the space. Bush tomatoes stay compact and need no "
    "support, while the tall kinds, which crop for longer, have to be tied to a cane or a "
    "string from the railing above.",
    "Finally, do not be afraid to pinch out side shoots. It feels cruel, but the plant puts "
    "its strength into the fruit instead of into leaves, and the air can move freely "
    "between the stems, which keeps mildew away.",
]

COMMENTS = [
    "Great post, thanks! I tried the twice-a-week feeding last year, and the difference "
    "was amazing, although my cherry tomatoes split after heavy rain.",
    "Do you have any advice for a north-facing balcony? Mine gets sun only in the "
    "evening, and the plants grow tall, thin and pale, no matter what I do.",
    "I disagree about the pots, to be honest. I use ten-litre pots with a water "
    "reservoir, and the plants do fine, as long as I never let them dry out.",
]

RAIL = [
    "Rail operators will have to refund passengers automatically when trains are more than "
    "fifteen minutes late, under rules announced by the transport ministry on Thursday.",
    "At present travellers must claim compensation themselves, filling in a form online or "
    "at a station, and fewer than one in five of those entitled to a refund ever do so, "
    "according to the ministry's own figures.",
    "The new rules, which take effect in January, require companies to pay the money back "
    "to the card used to buy the ticket within fourteen days. Season-ticket holders will "
    "receive a monthly credit instead.",
    "Passenger groups welcomed the change but warned that it would mean little if "
    "punctuality kept getting worse. Last year only 71 percent of long-distance trains "
    "arrived on time, the lowest share in a decade.",
    "The operators' association said it supported the principle, but that the timetable "
    "for introducing it was tight, and that older ticket machines might have to be "
    "replaced, at a cost that would eventually be borne by passengers.",
    "Ministers said they would review the scheme after a year and did not rule out "
    "extending it to regional buses, where delays are common but compensation is rare.",
]

MOST_READ = [
    "Heatwave warning issued for the weekend as temperatures climb",
    "Local football club appoints its third manager this season",
    "Police appeal for witnesses after late-night collision on the ring road",
    "House prices rise again, defying forecasts of a slowdown",
    "The restaurant that serves only soup, and why it has a waiting list",
]

MUSEUM = [
    "Das Stadtmuseum öffnet nach drei Jahren Umbau am Samstag wieder seine Türen, und die "
    "Besucher dürfen sich auf einen neuen Anbau, einen Garten und ein Café freuen.",
    "Der Umbau hat nach Angaben der Stadt rund 28 Millionen Euro gekostet, etwas mehr als "
    "geplant, weil bei den Arbeiten im Keller Reste einer mittelalterlichen Mauer gefunden "
    "wurden, die erst untersucht werden mussten.",
    "Die Ausstellung zur Stadtgeschichte wurde vollständig neu gestaltet. Statt langer "
    "Texttafeln gibt es nun Hörstationen, Modelle und eine große Karte, auf der Besucher die "
    "Entwicklung der Stadt über acht Jahrhunderte verfolgen können.",
    "Der Eintritt bleibt am Eröffnungswochenende frei. Danach kostet eine Karte acht Euro, "
    "für Kinder, Schüler und Studierende ist der Besuch weiterhin kostenlos.",
    "Die Direktorin zeigte sich zufrieden, aber auch erleichtert: Man habe lange gebangt, "
    "ob der Termin zu halten sei, sagte sie bei der Vorbesichtigung am Donnerstag.",
]

BRIEF = [
    "A water main burst on King Street early on Wednesday, flooding several basements and "
    "closing the road between the bridge and the market square.",
    "Engineers expect repairs to last until Friday. Buses are being diverted via Station "
    "Road, and residents have been asked to boil tap water as a precaution.",
]

ELECTION = [
    "Voters in the northern district go to the polls on Sunday in a by-election that both "
    "main parties see as a test of their standing ahead of next year's general election.",
    "The seat fell vacant in March when the sitting member resigned to take up a post at "
    "the university, and polls suggest the race between the two leading candidates is "
    "closer than at any time in the past twenty years.",
    "Housing has dominated the campaign. Rents in the district have risen by a third since "
    "2019, and both candidates have promised to build more homes, although they disagree "
    "about where, how many and who should pay for them.",
    "Turnout is expected to be low. In the last by-election, held in the neighbouring "
    "district two years ago, fewer than four in ten registered voters cast a ballot.",
    "Polling stations open at seven in the morning and close at ten in the evening. The "
    "result is expected in the early hours of Monday.",
]


# --------------------------------------------------------------------------- pages


def _wordpress_post() -> ArticlePage:
    """A WordPress blog post: entry header and footer, share bar, related posts,
    comments and a widget sidebar."""
    body = GARDEN
    comments = "".join(
        f'<li class="comment"><article class="comment-body"><footer class="comment-meta">'
        f'<b class="fn">Reader {i}</b> <time>June {i + 3}, 2024 at 9:1{i} am</time></footer>'
        f'<div class="comment-content"><p>{c}</p></div>'
        f'<div class="reply"><a class="comment-reply-link" href="#r{i}">Reply</a></div>'
        "</article></li>"
        for i, c in enumerate(COMMENTS)
    )
    html = f"""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>Six summers of balcony tomatoes – The Small Garden</title></head>
<body class="post-template-default single single-post postid-412">
<div id="page" class="site">
<a class="skip-link screen-reader-text" href="#content">Skip to content</a>
<header id="masthead" class="site-header"><div class="site-branding">
<p class="site-title"><a href="/">The Small Garden</a></p>
<p class="site-description">Growing food in small spaces</p></div>
<nav id="site-navigation" class="main-navigation"><ul id="primary-menu" class="menu">
<li><a href="/">Home</a></li><li><a href="/category/vegetables/">Vegetables</a></li>
<li><a href="/category/herbs/">Herbs</a></li><li><a href="/about/">About</a></li></ul></nav>
</header>
<div id="content" class="site-content"><div id="primary" class="content-area">
<main id="main" class="site-main">
<article id="post-412" class="post-412 post type-post status-publish hentry">
<header class="entry-header"><h1 class="entry-title">Six summers of balcony tomatoes</h1>
<div class="entry-meta"><span class="posted-on">Posted on <time>June 2, 2024</time></span>
<span class="byline"> by <a href="/author/ana/">Ana</a></span></div></header>
<div class="entry-content">{_ps(body)}
<div class="sharedaddy sd-sharing-enabled"><div class="sd-block sd-social">
<h3 class="sd-title">Share this:</h3><div class="sd-content"><ul>
<li><a href="/share/twitter">Twitter</a></li><li><a href="/share/facebook">Facebook</a></li>
<li><a href="/share/email">Email</a></li></ul></div></div></div>
<div id="jp-relatedposts" class="jp-relatedposts"><h3 class="jp-relatedposts-headline">
Related</h3><div class="jp-relatedposts-items">
<div class="jp-relatedposts-post"><h4><a href="/p/1">Growing chillies indoors</a></h4>
<p class="jp-relatedposts-post-excerpt">Chillies love heat, light and a little neglect, so a
sunny windowsill is the perfect place for them, as long as you remember to turn the pots.</p>
</div><div class="jp-relatedposts-post"><h4><a href="/p/2">A herb box for the kitchen</a></h4>
<p class="jp-relatedposts-post-excerpt">Basil, parsley and chives will grow happily in one long
box, provided the soil drains well, and you cut them often.</p></div></div></div>
</div>
<footer class="entry-footer"><span class="cat-links">Posted in
<a href="/category/vegetables/">Vegetables</a></span> <span class="tags-links">Tagged
<a href="/tag/tomatoes/">tomatoes</a>, <a href="/tag/balcony/">balcony</a></span></footer>
</article>
<nav class="navigation post-navigation" aria-label="Posts"><div class="nav-links">
<div class="nav-previous"><a href="/p/0">Previous: Why my strawberries failed</a></div>
<div class="nav-next"><a href="/p/5">Next: A cheap drip watering system</a></div></div></nav>
<div id="comments" class="comments-area"><h2 class="comments-title">3 thoughts on
“Six summers of balcony tomatoes”</h2><ol class="comment-list">{comments}</ol>
<div id="respond" class="comment-respond"><h3 id="reply-title">Leave a Reply</h3>
<form id="commentform" class="comment-form"><p class="comment-notes">Your email address will
not be published. Required fields are marked *</p><p><label>Comment</label>
<textarea name="comment"></textarea></p><p><input type="submit" value="Post Comment"></p>
</form></div></div>
</main></div>
<aside id="secondary" class="widget-area"><section class="widget widget_search">
<form class="search-form"><label>Search for:<input type="search"></label></form></section>
<section class="widget widget_recent_entries"><h2 class="widget-title">Recent Posts</h2><ul>
<li><a href="/p/5">A cheap drip watering system</a></li>
<li><a href="/p/6">Potatoes in a bag: does it work?</a></li></ul></section>
<section class="widget widget_text"><h2 class="widget-title">About me</h2><div class="textwidget">
<p>I am a keen gardener with no garden, writing about what grows, and what does not, on a
city balcony three floors up, with a cat who likes to dig.</p></div></section></aside>
</div>
<footer id="colophon" class="site-footer"><div class="site-info">
<a href="https://wordpress.example/">Proudly powered by WordPress</a></div></footer>
</div></body></html>"""
    chrome = [
        "Skip to content",
        "Growing food in small spaces",
        "Posted on",
        "Share this",
        "Chillies love heat",
        "Tagged",
        "Previous: Why my strawberries failed",
        "Great post, thanks",
        "Leave a Reply",
        "Recent Posts",
        "I am a keen gardener",
        "Proudly powered by",
    ]
    return ArticlePage("wordpress-post", html, body, chrome)


def _news_div_layout() -> ArticlePage:
    """A news site of the 2010s: header and menus, two columns, an article with
    byline, inline advertisement and a related-stories box, a "most read" rail,
    newsletter signup and a fat footer."""
    body = HARBOUR
    related = "".join(
        f'<li><a href="/news/{i}"><h4>{t}</h4><p>{s}</p></a></li>'
        for i, (t, s) in enumerate(RELATED_TEASERS)
    )
    most_read = "".join(f'<li><a href="/m/{i}">{t}</a></li>' for i, t in enumerate(MOST_READ))
    html = f"""<html><head><title>Council votes to rebuild harbour wall | Coast Gazette</title>
</head><body>
<div id="cookie-notice" class="cookie-bar"><p>We use cookies to give you the best experience
on our website, to show you personalised content and to analyse our traffic. By continuing
to browse, you agree to our use of cookies.</p><button>Accept</button></div>
<div id="wrapper">
<div id="top"><div class="logo"><a href="/"><img src="/logo.png" alt="Coast Gazette"></a></div>
<ul class="topnav"><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li>
<li><a href="/business">Business</a></li><li><a href="/opinion">Opinion</a></li>
<li><a href="/weather">Weather</a></li></ul>
<div class="breadcrumbs"><a href="/">Home</a> &gt; <a href="/news">News</a> &gt; Local</div>
</div>
<div id="main"><div class="col-left">
<div class="article">
<h1>Council votes to rebuild harbour wall</h1>
<p class="byline">By Tom Berg, Local Affairs Reporter</p>
<p class="date">Published: 14:32, 3 March 2024 | Updated: 16:05, 3 March 2024</p>
<div class="article-image"><img src="/img/harbour.jpg" alt="">
<p class="caption">The harbour wall was last repaired in 1987. Photo: Coast Gazette</p></div>
<div class="article-body">
{_ps(body[:3])}
<div class="ad-slot"><p class="ad-label">Advertisement</p><div id="div-gpt-ad-1"></div></div>
{_ps(body[3:])}
<div class="related-stories"><h3>Related stories</h3><ul>{related}</ul></div>
</div>
<div class="article-tools"><a href="/print">Print</a> <a href="/email">Email this story</a>
<a href="/report">Report an error</a></div>
</div>
</div>
<div class="col-right">
<div class="box most-read"><h3>Most read</h3><ol>{most_read}</ol></div>
<div class="box newsletter-box"><h3>Get the Gazette in your inbox</h3><p>Sign up for our
free daily newsletter, with the day's top stories, local sport and the weather, delivered
every morning at seven.</p><form><input type="email"><button>Sign up</button></form></div>
</div></div>
<div id="footer"><div class="footer-links"><a href="/about">About us</a>
<a href="/contact">Contact</a> <a href="/advertise">Advertise with us</a>
<a href="/privacy">Privacy policy</a> <a href="/terms">Terms and conditions</a></div>
<p>© 2024 Coast Gazette Ltd. All rights reserved. Registered in England, company number
01234567, registered office: 1 Quay Street, Portsea.</p></div>
</div></body></html>"""
    chrome = [
        "We use cookies",
        "Local Affairs Reporter",
        "Published:",
        "Advertisement",
        "Related stories",
        "Repairs to roads, bridges",
        "Email this story",
        "Most read",
        "Heatwave warning",
        "Sign up for our free daily newsletter",
        "All rights reserved",
    ]
    return ArticlePage("news-divs", html, body, chrome)


def _news_hashed_classes() -> ArticlePage:
    """A modern news site built by a front-end framework: generated class names
    that say nothing, teasers with summaries below the article, a newsletter box
    in the middle of the body."""
    body = RAIL
    teasers = "".join(
        f'<div class="css-1qv9{i}"><a class="css-8atqhb" href="/story/{i}">'
        f'<h3 class="css-1j8dw">{t}</h3></a><p class="css-1echdz">{s}</p>'
        '<span class="css-ya8c">5 min read</span></div>'
        for i, (t, s) in enumerate(RELATED_TEASERS)
    )
    paras = [
        f'<div class="css-s99gbd"><div class="css-53u6y8"><p class="css-at9mc1">{p}</p></div></div>'
        for p in body
    ]
    html = f"""<html><head><title>Rail passengers to get automatic refunds for delays - The Daily
</title></head><body><div id="app"><div class="css-1a2b3c">
<div class="css-hdr1"><div class="css-hdr2"><a href="/" class="css-logo">The Daily</a>
<div class="css-sections"><a href="/world">World</a><a href="/politics">Politics</a>
<a href="/business">Business</a><a href="/tech">Tech</a><a href="/travel">Travel</a></div>
<a href="/subscribe" class="css-sub">Subscribe for 1 € a week</a></div></div>
<div class="css-main"><div class="css-story">
<div class="css-kicker"><a href="/travel">Travel</a></div>
<h1 class="css-headline">Rail passengers to get automatic refunds for delays</h1>
<p class="css-summary">Companies will have to pay back fares without being asked.</p>
<div class="css-meta"><span class="css-author">By Lena Ortiz</span>
<time class="css-time">Nov. 14, 2024</time></div>
<section name="articleBody" class="css-body">
{"".join(paras[:3])}
<div class="css-nl-box"><p class="css-nl-title">Sign up for The Morning newsletter</p>
<p class="css-nl-text">Get the news you need to start your day, in your inbox every weekday,
curated by our editors.</p><input type="email" placeholder="Email address">
<button class="css-nl-btn">Sign up</button></div>
{"".join(paras[3:])}
</section>
<div class="css-bottom"><span>A version of this article appears in print on Nov. 15, 2024,
Section B, Page 3.</span> <a href="/reprints">Order Reprints</a> |
<a href="/todayspaper">Today's Paper</a> | <a href="/subscribe">Subscribe</a></div>
</div>
<div class="css-more"><h2 class="css-more-title">More in Travel</h2>{teasers}</div>
</div>
<div class="css-ftr"><div class="css-ftr-links"><a href="/help">Help</a>
<a href="/contact">Contact us</a><a href="/careers">Work with us</a>
<a href="/privacy">Privacy policy</a><a href="/terms">Terms of service</a></div>
<p class="css-copy">© 2024 The Daily Company</p></div>
</div></div></body></html>"""
    chrome = [
        "Subscribe for 1",
        "Sign up for The Morning newsletter",
        "Get the news you need",
        "Order Reprints",
        "More in Travel",
        "Repairs to roads, bridges",
        "Residents of the outer islands",
        "Terms of service",
    ]
    return ArticlePage("news-hashed-classes", html, body, chrome)


def _table_layout() -> ArticlePage:
    """An old table-layout site: text broken by ``<br>`` in a cell, menus and
    advertising in the side cells."""
    body = ELECTION
    menu = "<br>".join(
        f'<a href="/s/{i}">{t}</a>'
        for i, t in enumerate(["Front page", "Region", "Politics", "Culture", "Archive"])
    )
    html = f"""<html><head><title>Northern district votes in tight by-election</title></head>
<body bgcolor="#ffffff"><table width="100%" border="0" cellpadding="4">
<tr><td colspan="3"><img src="/banner.gif" alt="Northern Post"> <font size="2">
Thursday, 12 September 2024</font></td></tr>
<tr><td width="150" valign="top"><font size="2">{menu}</font><br><br>
<b>Partners</b><br><a href="http://a.example">Regional radio</a><br>
<a href="http://b.example">Weather service</a></td>
<td valign="top"><font face="Arial"><b><font size="5">Northern district votes in tight
by-election</font></b><br><i>From our political correspondent</i><br><br>
{"<br><br>".join(body)}<br><br><a href="/politics">More politics news</a> |
<a href="/print?id=77">Print version</a></font></td>
<td width="160" valign="top"><a href="/ads/1"><img src="/ads/1.gif"></a><br>
<a href="/ads/2"><img src="/ads/2.gif"></a><br><font size="1">Advertisement</font></td></tr>
<tr><td colspan="3" align="center"><font size="1">Copyright 2024 Northern Post.
<a href="/contact">Contact the newsroom</a></font></td></tr></table></body></html>"""
    chrome = ["Front page", "Regional radio", "Copyright 2024"]
    return ArticlePage("table-layout", html, body, chrome, ("More politics news",))


def _german_news() -> ArticlePage:
    """A German regional news page: HTML5 landmarks, share bar with counters,
    a teaser list, reader comments with their own article elements."""
    body = MUSEUM
    comments = "".join(
        f'<article class="leserkommentar"><header><b>Leser{i}</b></header><p>{c}</p></article>'
        for i, c in enumerate(
            [
                "Endlich! Wir haben drei Jahre gewartet, und der Anbau sieht wirklich gut aus, "
                "auch wenn die Kosten wieder einmal höher waren als geplant.",
                "Acht Euro Eintritt finde ich für ein städtisches Museum zu teuer, zumal die "
                "Stadt ohnehin schon genug Geld von uns bekommt, meiner Meinung nach.",
            ]
        )
    )
    html = f"""<!doctype html><html lang="de"><head><title>Stadtmuseum öffnet nach Umbau wieder
| Rheinbote</title></head><body>
<header class="kopf"><a href="/" class="logo">Rheinbote</a><nav><ul><li><a href="/lokales">
Lokales</a></li><li><a href="/politik">Politik</a></li><li><a href="/kultur">Kultur</a></li>
<li><a href="/sport">Sport</a></li></ul></nav></header>
<main><article class="artikel">
<header><p class="dachzeile">Kultur</p><h1>Stadtmuseum öffnet nach Umbau wieder</h1>
<p class="autor">Von Jana Weber</p><time>06.04.2024, 10:15 Uhr</time></header>
<div class="teilen"><a href="/share/fb">Teilen</a> <a href="/share/x">Posten</a>
<a href="/share/mail">E-Mail</a> <span>128 mal geteilt</span></div>
<div class="artikel-text">{_ps(body)}</div>
<div class="schlagworte">Schlagworte: <a href="/t/museum">Museum</a>,
<a href="/t/kultur">Kultur</a>, <a href="/t/stadt">Stadt</a></div>
<section class="kommentare"><h2>Kommentare (2)</h2>{comments}</section>
</article>
<section class="mehr-zum-thema"><h2>Mehr zum Thema</h2><ul>
<li><a href="/a/1">Kunsthalle zeigt Werke junger Künstler aus der Region</a></li>
<li><a href="/a/2">Stadtbibliothek verlängert die Öffnungszeiten am Wochenende</a></li>
<li><a href="/a/3">Theater startet mit ausverkaufter Premiere in die Saison</a></li></ul>
</section></main>
<footer><a href="/impressum">Impressum</a> <a href="/datenschutz">Datenschutz</a>
<a href="/agb">AGB</a> <p>© 2024 Rheinbote Verlag GmbH</p></footer></body></html>"""
    chrome = [
        "Von Jana Weber",
        "128 mal geteilt",
        "Schlagworte",
        "Endlich! Wir haben",
        "Acht Euro Eintritt",
        "Mehr zum Thema",
        "Impressum",
    ]
    return ArticlePage("german-news", html, body, chrome)


def _short_brief() -> ArticlePage:
    """A news brief of two paragraphs (shorter than 500 characters) between a big
    menu, a "latest news" list and a footer."""
    body = BRIEF
    latest = "".join(
        f'<li><a href="/n/{i}">{t}</a> <span class="time">{i + 1}h ago</span></li>'
        for i, t in enumerate(MOST_READ)
    )
    html = f"""<html><head><title>Burst water main floods basements on King Street</title></head>
<body><div class="page">
<div class="masthead"><a href="/">Townsville Today</a><div class="menu-main">
<a href="/news">News</a> <a href="/sport">Sport</a> <a href="/whats-on">What's on</a>
<a href="/jobs">Jobs</a> <a href="/property">Property</a> <a href="/motors">Motors</a></div>
</div>
<div class="content-wrap"><div class="story">
<h1>Burst water main floods basements on King Street</h1>
<div class="story-meta">By Staff Reporter · 08:45</div>
<div class="story-text">{_ps(body)}</div>
</div>
<div class="latest"><h3>Latest news</h3><ul>{latest}</ul></div></div>
<div class="site-footer"><p>Townsville Today is part of the Regional Media Group, publishing
local news, sport and community information for the county since 1901.</p>
<a href="/terms">Terms</a> <a href="/privacy">Privacy</a></div>
</div></body></html>"""
    chrome = ["Latest news", "Heatwave warning", "Regional Media Group", "What's on"]
    return ArticlePage("short-brief", html, body, chrome)


def _blog_with_wrapped_paragraphs() -> ArticlePage:
    """A blog engine that wraps each paragraph in its own division, with inline
    "read also" links, an author box and a subscription call at the end."""
    body = GARDEN[:2] + HARBOUR[4:] + GARDEN[2:]
    blocks = []
    for i, p in enumerate(body):
        blocks.append(f'<div class="block-paragraph"><p>{p}</p></div>')
        if i == 1:
            blocks.append(
                '<div class="block-paragraph"><p><strong>Read also:</strong> '
                '<a href="/p/9">How to keep slugs off your lettuce</a></p></div>'
            )
    html = f"""<html><head><title>Notes from a city balcony</title></head><body>
<div class="topbar"><a href="/">Notes</a> <a href="/archive">Archive</a>
<a href="/rss">RSS</a></div>
<div class="container"><div class="row"><div class="col-md-8">
<div class="post"><h2 class="post-title"><a href="/p/10">Notes from a city balcony</a></h2>
<div class="post-body">{"".join(blocks)}</div>
<div class="author-box"><img src="/me.jpg"><p><b>About the author:</b> Ana writes about
small-space gardening and has been growing vegetables on balconies since 2015.</p></div>
<div class="cta"><p>Enjoyed this? Get new posts by email.</p><form><input type="email">
<button>Subscribe</button></form></div>
</div></div>
<div class="col-md-4"><div class="archive-list"><h4>Archive</h4><ul>
<li><a href="/2024/06">June 2024</a></li><li><a href="/2024/05">May 2024</a></li>
<li><a href="/2024/04">April 2024</a></li></ul></div></div></div></div>
<div class="bottom">Made with a static site generator. Content licensed CC BY 4.0.</div>
</body></html>"""
    chrome = [
        "Notes Archive",
        "About the author",
        "Get new posts by email",
        "June 2024",
        "Content licensed",
    ]
    return ArticlePage("blog-wrapped-paragraphs", html, body, chrome)


def _news_div_paragraphs() -> ArticlePage:
    """A news site whose paragraphs are divisions of bare text, with a related
    link, a list of related links and an advertisement slot inside the body."""
    body = RAIL[:3] + ELECTION[:3]
    paras = [f'<div class="body-paragraph">{p}</div>' for p in body]
    related = "".join(
        f'<li><a href="/r/{i}">{t}</a></li>' for i, (t, _s) in enumerate(RELATED_TEASERS)
    )
    html = f"""<html><head><title>Refunds and a by-election: the week ahead - Metro Wire</title>
</head><body><div class="pg-wrapper"><div class="nav-bar"><a href="/">Metro Wire</a>
<a href="/us">US</a> <a href="/world">World</a> <a href="/politics">Politics</a>
<a href="/business">Business</a> <a href="/video">Video</a></div>
<div class="l-container"><h1 class="pg-headline">Refunds and a by-election: the week ahead</h1>
<div class="metadata"><p class="metadata__byline">By Sam Reyes, Metro Wire</p>
<p class="update-time">Updated 0412 GMT (1212 HKT) March 5, 2024</p></div>
<div class="pg-body"><div class="l-container">
{"".join(paras[:2])}
<div class="el__embedded"><div class="el__storyhighlights"><h3>Story highlights</h3><ul>
<li>Operators must refund delays automatically</li><li>Polls open at seven</li></ul></div></div>
{"".join(paras[2:4])}
<div class="ad ad--epic"><div class="ad-feedback">Ad Feedback</div></div>
<div class="zn-embed"><ul class="cn-list"><h3>Read more</h3>{related}</ul></div>
{"".join(paras[4:])}
<div class="body-paragraph"><a href="/live">Follow our live coverage</a></div>
</div></div>
<div class="pg-rail"><section class="zn-rail"><h2>Paid content</h2><ul>
<li><a href="/ad/1">This simple trick will lower your energy bill, experts say</a></li>
<li><a href="/ad/2">Doctors are stunned by this new way to sleep better</a></li></ul></section>
</div></div>
<div class="l-footer"><a href="/terms">Terms of Use</a> <a href="/privacy">Privacy Policy</a>
<a href="/ad-choices">Ad Choices</a> © 2024 Metro Wire. All Rights Reserved.</div>
</div></body></html>"""
    chrome = [
        "By Sam Reyes",
        "Updated 0412 GMT",
        "Ad Feedback",
        "Storm damage bill passes",
        "Paid content",
        "This simple trick",
        "All Rights Reserved",
    ]
    kept = ("Story highlights", "Follow our live coverage")
    return ArticlePage("news-div-paragraphs", html, body, chrome, kept)


def _news_topics_and_most_viewed() -> ArticlePage:
    """A news site with a figure in the body, topic links and a "reuse" line
    under the article inside the article element, and a most-viewed section."""
    body = HARBOUR
    most = "".join(
        f'<li class="mv-item"><a href="/mv/{i}"><span class="mv-num">{i + 1}</span>'
        f"<h4>{t}</h4></a></li>"
        for i, t in enumerate(MOST_READ)
    )
    html = f"""<html><head><title>Council votes to rebuild harbour wall | Local news | The Courier
</title></head><body>
<div id="bannerandheader"><a href="/">The Courier</a><ul class="pillars"><li><a href="/news">
News</a></li><li><a href="/opinion">Opinion</a></li><li><a href="/sport">Sport</a></li>
<li><a href="/culture">Culture</a></li><li><a href="/lifestyle">Lifestyle</a></li></ul></div>
<main id="maincontent"><article>
<div class="content__labels"><a href="/local">Local news</a></div>
<h1 class="content__headline">Council votes to rebuild harbour wall</h1>
<div class="content__standfirst"><p>Nine votes to four end a decade-long dispute over the
granite waterfront</p></div>
<figure class="element-image"><img src="/i/wall.jpg" alt="">
<figcaption>The harbour wall at high tide. Photograph: A. Photographer</figcaption></figure>
<div class="content__meta"><p class="byline"><a href="/profile/tom">Tom Berg</a></p>
<p class="content__dateline"><time>Sun 3 Mar 2024 14.32 GMT</time></p>
<div class="meta__social"><ul><li><a href="/s/fb">Share on Facebook</a></li>
<li><a href="/s/tw">Share on Twitter</a></li></ul></div></div>
<div class="article-body-commercial-selector">{_ps(body)}</div>
<div class="submeta"><span class="submeta__label">Explore more on these topics</span><ul>
<li><a href="/t/harbours">Harbours</a></li><li><a href="/t/councils">Local government</a></li>
<li><a href="/t/fishing">Fishing industry</a></li><li><a href="/t/heritage">Heritage</a></li>
</ul><a href="/reuse">Reuse this content</a></div>
</article>
<section class="onward"><h2>Most viewed</h2><ol>{most}</ol></section></main>
<footer class="l-footer"><a href="/about">About us</a> <a href="/help">Help</a>
<a href="/complaints">Complaints &amp; corrections</a> © 2024 Courier News &amp; Media</footer>
</body></html>"""
    chrome = [
        "Local news Council",
        "Share on Facebook",
        "Explore more on these topics",
        "Reuse this content",
        "Most viewed",
        "Heatwave warning",
        "Complaints",
    ]
    return ArticlePage("news-topics", html, body, chrome)


def article_pages() -> list[ArticlePage]:
    """All article pages of the test set."""
    return [
        _wordpress_post(),
        _news_div_layout(),
        _news_hashed_classes(),
        _table_layout(),
        _german_news(),
        _short_brief(),
        _blog_with_wrapped_paragraphs(),
        _news_div_paragraphs(),
        _news_topics_and_most_viewed(),
    ]
