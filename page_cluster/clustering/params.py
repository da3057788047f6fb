"""Every clustering threshold in one settings object.

The thresholds were chosen on the labelled corpora; each stays a named constant
in the module that uses it (the field's default below is that constant), and
:class:`ClusterParams` lets a caller change any of them for one run without
touching a module. The plateau given with each field is the range of values,
on a grid around the default, over which the adjusted Rand index of every
labelled corpus stays within 0.01 of its value at the default
(``bench/params_plateau.py`` measures it; docs/quality.md has the command). A
default at the edge of its plateau is one the data pins down; a plateau as wide
as the grid means the evidence, not the number, decides.

Resource bounds (dense-matrix sizes, pass counts) and tie-breaking constants
are not thresholds of the result and stay in their modules.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .class_families import FAMILY_VALUES
from .mirror_axis import DEFAULT_MAX_POSITION, DEFAULT_MIN_SKELETON_COUNT
from .pipeline import UNIVERSAL_SHARE
from .routes import LITERAL_MIN_PAGES, LITERAL_MIN_SHARE
from .slots import ABSENT as SLOT_ABSENT
from .slots import SIGNIFICANCE as SLOT_SIGNIFICANCE
from .slots import SLOT_EXCLUSIVE
from .slots import TYPICAL as SLOT_TYPICAL
from .stage_a import UNIT_DISTANCE
from .stage_b import (
    ABSENT,
    CHARACTERISTIC,
    HEADS_RATE,
    PARENT_PRESENT,
    ROUTE_MAJORITY,
    ROUTE_OVERLAP,
    SIGNIFICANCE,
    SUBSTANTIAL,
    SUBTREE_SHARE,
)
from .template_tokens import (
    CONTAINER_QUORUM,
    CONTENT_DIVERSITY,
    MIN_EVIDENCE,
    MIN_JUDGED,
    PARTNER_CHANCE,
    PARTNER_MIN,
    STABLE_MIN,
)

__all__ = ["ClusterParams"]

#: Fields that are shares or probabilities (0.1); the others are counts (>= 1),
#: except ``universal_share`` (a share above 1 switches the rule off).
_SHARES = frozenset(
    {
        "slot_exclusive",
        "slot_typical",
        "slot_absent",
        "slot_significance",
        "literal_min_share",
        "content_diversity",
        "container_quorum",
        "partner_chance",
        "unit_distance",
        "characteristic",
        "absent",
        "parent_present",
        "significance",
        "heads_rate",
        "subtree_share",
        "route_overlap",
        "route_majority",
    }
)


@dataclass(frozen=True, slots=True)
class ClusterParams:
    """The thresholds of one clustering run, in pipeline order.

    Class families (:mod:`.class_families`):

    - ``family_values``: a class family (``category-*``) with at least this many
      distinct values is data, not template.

    Slots (:mod:`.slots`), sibling names read as one slot:

    - ``slot_exclusive``: siblings never co-occur when they share at most this
      share of the rarer one's pages.
    - ``slot_typical`` / ``slot_absent``: inside, a descendant on this share of
      one name's pages and on at most ``slot_absent`` of the other's is a
      difference; differences on both sides keep the names apart.
    - ``slot_significance``: a difference inside counts when chance explains it
      with at most this probability (Bonferroni).

    URL routes (:mod:`.routes`, :mod:`.mirror_axis`):

    - ``literal_min_pages`` / ``literal_min_share``: a path segment stays literal
      when at least this many pages, and this share of those reaching its place,
      share it.
    - ``mirror_min_skeleton_count`` / ``mirror_max_position``: a language or
      version axis recurs across this many page skeletons, within the first
      positions.

    Template tokens (:mod:`.template_tokens`):

    - ``content_diversity``: child-set diversity above which a node holds
      free-form content.
    - ``container_quorum``: under a content container a child is template when
      on this share of the container's pages.
    - ``min_evidence`` / ``stable_min`` / ``min_judged``: signatures needed to
      judge a node, to call a child stable, to call a self-named child content.
    - ``partner_min`` / ``partner_chance``: partner tokens share at least this
      many signatures, with at most this chance probability.
    - ``universal_share``: Stage A leaves out tokens on this share of a host's
      pages (above 1: none).

    Stage A (:mod:`.stage_a`):

    - ``unit_distance``: widest Jaccard distance inside a unit.

    Stage B (:mod:`.stage_b`):

    - ``characteristic`` / ``absent``: an item is typical of a unit on this share
      of its pages, practically absent at most at ``absent``.
    - ``parent_present``: a token counts when its parent is on this share of both
      units' pages.
    - ``significance``: weak witnesses count when chance explains them with at
      most this probability (Bonferroni).
    - ``heads_rate``: text right below template structure counts by its
      absence from a unit only where this share of the host's pages have it.
    - ``substantial`` / ``subtree_share``: established structure keeps units
      apart from this many items on each side, counting a subtree's items on this
      share of the pages.
    - ``route_overlap``: units sharing at most this share of their routes live
      at different routes.
    - ``route_majority``: another folder is another route only for a unit
      with at least this share of its pages at one route, and not against a
      spread unit whose routes hold this share of its pages (see
      :meth:`.stage_b._Units.routed_apart`); two units with this share of
      their pages at one kind of file name are named alike, and what a
      table or a list lists is data between them (see
      :meth:`.stage_b._Units.blocked`).

    Measured plateaus (the range keeping every labelled corpus within 0.01 of its
    ARI at the default; ``bench/params_plateau.py``):

    - ``family_values``: 1–4 of 1–11 tried (ARI −0.604 beyond)
    - ``slot_exclusive``: 0.0125–0.2, the whole grid tried
    - ``slot_typical``: 0.55–0.8, the whole grid tried
    - ``slot_absent``: 0.025–0.2 of 0.025–0.4 tried (ARI −0.116 beyond)
    - ``slot_significance``: 0.0025–0.04, the whole grid tried
    - ``literal_min_pages``: 2–6 of 1–6 tried (ARI −0.013 beyond)
    - ``literal_min_share``: 0.01–0.04 of 0.005–0.08 tried (ARI −0.604 beyond)
    - ``mirror_min_skeleton_count``: 1–6, the whole grid tried
    - ``mirror_max_position``: 1–6, the whole grid tried
    - ``content_diversity``: 0.3 only of 0.075–1 tried (ARI −0.922 beyond)
    - ``container_quorum``: 0.9–0.95 of 0.7–1 tried (ARI −0.724 beyond)
    - ``min_evidence``: 4–5 of 2–7 tried (ARI −0.018 beyond)
    - ``stable_min``: 1–5, the whole grid tried
    - ``min_judged``: 4–8 of 3–8 tried (ARI −0.029 beyond)
    - ``partner_min``: 1–4 of 1–6 tried (ARI −0.604 beyond)
    - ``partner_chance``: 0.0025–0.04, the whole grid tried
    - ``universal_share``: 0.8–1.01, the whole grid tried
    - ``unit_distance``: 0.0375–0.075 of 0.0125–0.15 tried (ARI −0.079 beyond)
    - ``characteristic``: 0.666667–0.75 of 0.55–0.8 tried (ARI −0.057 beyond)
    - ``absent``: 0.1 only of 0.025–0.4 tried (ARI −0.071 beyond)
    - ``parent_present``: 0.1–0.4 of 0.1–1 tried (ARI −0.015 beyond)
    - ``significance``: 0.0025–0.01 of 0.0025–0.04 tried (ARI −0.029 beyond)
    - ``heads_rate``: 0.1–0.4 tried by hand (corpora, samples, theme sites and
      held-out sites: all alike within 0.02; at 0 a Texinfo sample of 100
      pages collapses, at 0.5 a Pelican blog sample of 50 pages does)
    - ``substantial``: 2–3 of 1–5 tried (ARI −0.348 beyond)
    - ``subtree_share``: 0.0833333–0.666667 of 0.0833333–1 tried (ARI −0.253 beyond)
    - ``route_overlap``: 0.025–0.2 of 0.025–0.4 tried (ARI −0.106 beyond)
    - ``route_majority``: 0.4–0.6 tried by hand (corpora, samples, theme sites:
      Sphinx 0.951 → 0.967 at 0.6, everything else within 0.011)

    >>> ClusterParams().unit_distance == UNIT_DISTANCE
    True
    >>> ClusterParams(unit_distance=0.08).with_changes(absent=0.05).absent
    0.05
    >>> ClusterParams(absent=1.5)
    Traceback (most recent call last):
    ..
    ValueError: absent must be a share between 0 and 1, got 1.5
    """

    family_values: int = FAMILY_VALUES
    slot_exclusive: float = SLOT_EXCLUSIVE
    slot_typical: float = SLOT_TYPICAL
    slot_absent: float = SLOT_ABSENT
    slot_significance: float = SLOT_SIGNIFICANCE
    literal_min_pages: int = LITERAL_MIN_PAGES
    literal_min_share: float = LITERAL_MIN_SHARE
    mirror_min_skeleton_count: int = DEFAULT_MIN_SKELETON_COUNT
    mirror_max_position: int = DEFAULT_MAX_POSITION
    content_diversity: float = CONTENT_DIVERSITY
    container_quorum: float = CONTAINER_QUORUM
    min_evidence: int = MIN_EVIDENCE
    stable_min: int = STABLE_MIN
    min_judged: int = MIN_JUDGED
    partner_min: int = PARTNER_MIN
    partner_chance: float = PARTNER_CHANCE
    universal_share: float = UNIVERSAL_SHARE
    unit_distance: float = UNIT_DISTANCE
    characteristic: float = CHARACTERISTIC
    absent: float = ABSENT
    parent_present: float = PARENT_PRESENT
    significance: float = SIGNIFICANCE
    heads_rate: float = HEADS_RATE
    substantial: float = SUBSTANTIAL
    subtree_share: float = SUBTREE_SHARE
    route_overlap: float = ROUTE_OVERLAP
    route_majority: float = ROUTE_MAJORITY

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TypeError(f"{f.name} must be a number, got {value!r}")
            if f.name in _SHARES and not 0.0 <= value <= 1.0:
                raise ValueError(f"{f.name} must be a share between 0 and 1, got {value}")
            if f.name not in _SHARES and value < (0 if f.name == "universal_share" else 1):
                raise ValueError(f"{f.name} must be at least 1, got {value}")

    def with_changes(self, **changes: Any) -> ClusterParams:
        """A copy with some thresholds changed (the object itself is frozen)."""
        return replace(self, **changes)

    def changed(self) -> dict[str, Any]:
        """The thresholds that differ from the defaults (for a run's record)."""
        default = asdict(ClusterParams())
        return {k: v for k, v in asdict(self).items() if v != default[k]}
