"""``ClusterParams``: one object holds every clustering threshold, and each is used.

The defaults are the module constants (so a run without parameters is the run
with the default object, byte for byte), and every field reaches the code it
names: changing it changes what that code decides on an input where it matters.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import fields
from types import SimpleNamespace

import numpy as np
import pytest

from page_cluster import ClusterParams, TemplateClusterer, resolve_page_cluster_keys
from page_cluster.clustering import (
    class_families,
    mirror_axis,
    pipeline,
    routes,
    slots,
    stage_a,
    stage_b,
    template_tokens,
)
from page_cluster.clustering.pipeline import _page_routes, cluster_corpus
from page_cluster.clustering.stage_b import agglomerate_units
from page_cluster.ingest.build import build_corpus

from .theme_sites import SITES

#: Field -> (module, constant) it defaults to.
CONSTANTS = {
    "family_values": (class_families, "FAMILY_VALUES"),
    "slot_exclusive": (slots, "SLOT_EXCLUSIVE"),
    "slot_typical": (slots, "TYPICAL"),
    "slot_absent": (slots, "ABSENT"),
    "slot_significance": (slots, "SIGNIFICANCE"),
    "literal_min_pages": (routes, "LITERAL_MIN_PAGES"),
    "literal_min_share": (routes, "LITERAL_MIN_SHARE"),
    "mirror_min_skeleton_count": (mirror_axis, "DEFAULT_MIN_SKELETON_COUNT"),
    "mirror_max_position": (mirror_axis, "DEFAULT_MAX_POSITION"),
    "content_diversity": (template_tokens, "CONTENT_DIVERSITY"),
    "container_quorum": (template_tokens, "CONTAINER_QUORUM"),
    "min_evidence": (template_tokens, "MIN_EVIDENCE"),
    "stable_min": (template_tokens, "STABLE_MIN"),
    "min_judged": (template_tokens, "MIN_JUDGED"),
    "partner_min": (template_tokens, "PARTNER_MIN"),
    "partner_chance": (template_tokens, "PARTNER_CHANCE"),
    "universal_share": (pipeline, "UNIVERSAL_SHARE"),
    "unit_distance": (stage_a, "UNIT_DISTANCE"),
    "characteristic": (stage_b, "CHARACTERISTIC"),
    "absent": (stage_b, "ABSENT"),
    "parent_present": (stage_b, "PARENT_PRESENT"),
    "significance": (stage_b, "SIGNIFICANCE"),
    "heads_rate": (stage_b, "HEADS_RATE"),
    "substantial": (stage_b, "SUBSTANTIAL"),
    "subtree_share": (stage_b, "SUBTREE_SHARE"),
    "route_overlap": (stage_b, "ROUTE_OVERLAP"),
    "route_majority": (stage_b, "ROUTE_MAJORITY"),
}

#: Field -> (input, value): on that input, the run with that value differs.
RUN_WITNESSES = {
    "family_values": ("sample", 1),
    "slot_exclusive": ("wordpress_classic", 1.0),
    "slot_typical": ("wordpress_classic", 0.0),
    "slot_absent": ("slot_pages", 0.2),
    "slot_significance": ("shop", 1.0),
    "literal_min_pages": ("sample", 22),
    "literal_min_share": ("sample", 0.9),
    "content_diversity": ("sample", 0.9),
    "container_quorum": ("sample", 0.0),
    "min_evidence": ("sample", 1),
    "stable_min": ("sample", 18),
    "min_judged": ("sample", 30),
    "partner_min": ("sample", 22),
    "partner_chance": ("sample", 1e-12),
    "universal_share": ("sample", 0.5),
    "unit_distance": ("sample", 0.9),
    "characteristic": ("sample", 0.0),
    "absent": ("sample", 0.9),
    "significance": ("shop_views", 0.0),
    "heads_rate": ("classless_blog", 0.5),
    "substantial": ("sample", 10),
    "route_overlap": ("shop_views", 1.0),
    "route_majority": ("filed_pages", 0.0),
}


def test_every_field_defaults_to_its_module_constant() -> None:
    assert {f.name for f in fields(ClusterParams)} == set(CONSTANTS)
    for f in fields(ClusterParams):
        module, name = CONSTANTS[f.name]
        assert f.default == getattr(module, name), f.name


def test_the_default_object_is_the_run_without_parameters(sample_records) -> None:
    plain = resolve_page_cluster_keys(sample_records)
    assert resolve_page_cluster_keys(sample_records, params=ClusterParams()) == plain
    assert TemplateClusterer(params=ClusterParams()).fit_predict(sample_records) == plain


def _slot_pages() -> list[dict]:
    """Products (a form) and posts (prose), each printing its own name inside;
    one post of eight also has a form, so whether the form is "practically
    absent" from the posts decides whether the two names are one slot."""
    product = '<div class="product"><h2 class="product">t</h2><form><input></form></div>'
    post = '<div class="post"><h2 class="post">t</h2><p>x</p></div>'
    post_form = '<div class="post"><h2 class="post">t</h2><p>x</p><form><input></form></div>'
    bodies = [product] * 8 + [post] * 7 + [post_form]
    return [
        {"id": str(i), "html": f"<html><body>{b}</body></html>", "paths": ["p", f"{i}.html"]}
        for i, b in enumerate(bodies)
    ]


def filed_pages() -> list[dict]:
    """Class pages filed three to a package folder in eleven folders, and four
    more in the first folder with an image where the others have a rule: one
    lone element against another (too little to decide alone), so the URL
    routes decide, and the folder a spread template is filed in says nothing."""

    def page(pkg: str, name: str, old: bool) -> dict:
        note = '<img src="x.png">' if old else "<hr>"
        body = (
            f'<div class="header"><a href="/">Home</a></div><main><h1>{name}</h1>{note}'
            '<div class="summary"><p>x</p></div></main>'
        )
        return {
            "id": f"{pkg}/{name}",
            "paths": ["api", pkg, f"{name}.html"],
            "html": f"<html><body>{body}</body></html>",
        }

    pages = [page(f"pkg{k}", f"Class{k}x{i}", False) for k in range(11) for i in range(3)]
    return pages + [page("pkg0", f"Old{i}", True) for i in range(4)]


def test_a_template_filed_in_many_folders_is_one_cluster() -> None:
    keys = resolve_page_cluster_keys(filed_pages())
    assert len(set(keys)) == 1
    # Were every folder a route (every unit "lives" where its pages are), the
    # four pages in the first folder would stay apart.
    strict = ClusterParams().with_changes(route_majority=0.0)
    assert len(set(resolve_page_cluster_keys(filed_pages(), params=strict))) == 2


@pytest.fixture(scope="module")
def corpora(sample_records) -> dict:
    needed = {site for site, _ in RUN_WITNESSES.values()}
    out = {
        "sample": build_corpus(sample_records),
        "slot_pages": build_corpus(_slot_pages()),
        "filed_pages": build_corpus(filed_pages()),
    }
    for site in needed - {"sample", "slot_pages", "filed_pages"}:
        out[site] = build_corpus([record for record, _ in SITES[site](0)])
    return out


def _fingerprint(run: pipeline.ClusterRun) -> str:
    """What the run decided: keys, units per cluster, vocabulary, template tokens,
    Stage A weights, and the items (a page's block, signature and URL route)."""
    digest = hashlib.sha1(
        json.dumps([run.page_keys, run.cluster_units, run.corpus.tokens]).encode()
    )
    for _, model in sorted(run.host_models.items()):
        for mask in (model.keep, model.weak, model.heads, model.content):
            digest.update(np.asarray(mask).tobytes())
    for _, weights in sorted(run.host_weights.items()):
        digest.update(weights.tobytes())
    digest.update(np.asarray(run.item_count).tobytes())
    return digest.hexdigest()


@pytest.mark.parametrize("name", sorted(RUN_WITNESSES))
def test_each_threshold_reaches_the_run(corpora, name: str) -> None:
    site, value = RUN_WITNESSES[name]
    corpus = corpora[site]
    before = _fingerprint(cluster_corpus(corpus))
    changed = ClusterParams().with_changes(**{name: value})
    assert _fingerprint(cluster_corpus(corpus, params=changed)) != before
    assert _fingerprint(cluster_corpus(corpus, params=ClusterParams())) == before


def test_the_mirror_thresholds_reach_the_url_routes() -> None:
    # A site mirrored in three languages at the second path position, one page
    # per section (so only the page skeletons, not shared sections, show the
    # axis); a page at the root keeps ``site/`` from being every page's folder.
    signals = [
        SimpleNamespace(host="h", paths=("site", lang, section, "index.html"))
        for lang in ("en", "fr", "de")
        for section in ("news", "about", "shop", "blog")
    ] + [SimpleNamespace(host="h", paths=("index.html",))]
    default = _page_routes(signals, ClusterParams())[0].tolist()
    for change in ({"mirror_max_position": 1}, {"mirror_min_skeleton_count": 20}):
        assert _page_routes(signals, ClusterParams(**change))[0].tolist() != default, change


def test_the_parent_and_subtree_shares_reach_stage_b() -> None:
    parent = np.array([-1, 0, 0, 1, 1, -1])
    prof = np.array(
        [
            [1.0, 0.8, 0.2, 0.5, 1.0, 0.5],
            [0.5, 0.8, 0.0, 1.0, 1.0, 1.0],
            [0.0, 0.8, 0.8, 0.35, 0.2, 0.8],
        ]
    )
    sizes = np.array([5.0, 7.0, 3.0])
    assert agglomerate_units(prof, sizes, parent).tolist() == [0, 0, 1]
    changed = ClusterParams(parent_present=0.9)
    assert agglomerate_units(prof, sizes, parent, params=changed).tolist() == [0, 0, 0]

    parent = np.array([-1, 0, 1, 1, 0, -1])
    prof = np.array(
        [
            [0.0, 1.0, 0.5, 1.0, 0.0, 0.2],
            [1.0, 0.0, 0.8, 0.2, 0.0, 0.0],
            [0.0, 0.2, 0.8, 1.0, 0.8, 1.0],
        ]
    )
    weak = np.zeros(6, dtype=bool)
    assert agglomerate_units(prof, sizes, parent, weak=weak).tolist() == [0, 1, 0]
    changed = ClusterParams(subtree_share=0.9)
    assert agglomerate_units(prof, sizes, parent, weak=weak, params=changed).tolist() == [0, 0, 0]


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"absent": -0.1}, ValueError),
        ({"unit_distance": 1.5}, ValueError),
        ({"min_evidence": 0}, ValueError),
        ({"family_values": True}, TypeError),
        ({"significance": "0.01"}, TypeError),
    ],
)
def test_an_impossible_threshold_is_refused(change: dict, error: type) -> None:
    with pytest.raises(error):
        ClusterParams(**change)


def test_params_are_frozen_and_report_their_changes() -> None:
    params = ClusterParams(unit_distance=0.08)
    with pytest.raises(AttributeError):
        params.unit_distance = 0.1  # type: ignore[misc]
    assert params.changed() == {"unit_distance": 0.08}
    assert ClusterParams().changed() == {}
    assert hash(params) == hash(ClusterParams(unit_distance=0.08))
