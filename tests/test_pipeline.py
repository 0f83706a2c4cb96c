import pytest

import clindeid
from clindeid.config import Config, ConfigError, load_config
from clindeid.document import Document, Entity
from clindeid.pipeline import Pipeline, document_seed
from clindeid.substitute import SubstitutionContext, rewrite
from clindeid.substitute.base import Surrogate
from clindeid.substitute.tag import RedactStrategy, TagStrategy

TEXT = "RDV le 12/02/2020, tél 03 80 29 30 31, mail jean.dupont@chu-dijon.fr."


def test_deidentify_replaces_every_detected_entity_by_its_tag():
    result = clindeid.deidentify(TEXT, default_strategy="tag")
    assert result.text == "RDV le [DATE], tél [PHONE], mail [EMAIL]."
    assert [e.label for e in result.entities] == ["DATE", "PHONE", "EMAIL"]
    for rep in result.replacements:
        assert result.text[rep.new_start : rep.new_end] == f"[{rep.label}]"
        assert TEXT[rep.start : rep.end] not in result.text


def test_redact_keeps_length_and_spacing():
    result = clindeid.deidentify(TEXT, default_strategy="redact")
    assert len(result.text) == len(TEXT)
    assert "XX XX XX XX XX" in result.text


def test_per_label_strategy_overrides_default():
    result = clindeid.deidentify(TEXT, default_strategy="tag", strategies={"DATE": "redact"})
    assert "le XXXXXXXXXX," in result.text and "[PHONE]" in result.text


def test_deidentify_many_keeps_order_and_ids():
    docs = [Document.create("a", "le 01/01/2001"), Document.create("b", "rien")]
    out = list(clindeid.deidentify_many(docs, default_strategy="tag"))
    assert [r.id for r in out] == ["a", "b"]
    assert out[0].text == "le [DATE]" and out[1].text == "rien"


class _Broken:
    name = "broken"

    def substitute(self, entity, original, context):
        raise RuntimeError("boom")


class _Echo:
    name = "echo"

    def substitute(self, entity, original, context):
        return Surrogate(original.upper(), self.name)


@pytest.mark.parametrize("strategy", [_Broken(), _Echo()])
def test_rewrite_fails_closed(strategy):
    text = "Patient MARTIN vu"
    ents = [Entity(8, 14, "PERSON")]
    new, reps = rewrite(text, ents, {}, strategy, SubstitutionContext.create(seed=1))
    assert new == "Patient [PERSON] vu"
    assert reps[0].masked


def test_rewrite_rejects_overlapping_entities():
    with pytest.raises(ValueError):
        rewrite(
            "abcdef",
            [Entity(0, 3, "X"), Entity(2, 5, "X")],
            {},
            TagStrategy(),
            SubstitutionContext.create(seed=0),
        )


def test_rewrite_offsets_map_each_replacement():
    text = "ab 12 cd 345 ef"
    ents = [Entity(9, 12, "ID"), Entity(3, 5, "AGE")]
    new, reps = rewrite(
        text,
        ents,
        {"ID": RedactStrategy(char="#")},
        TagStrategy(),
        SubstitutionContext.create(seed=0),
    )
    assert new == "ab [AGE] cd ### ef"
    assert [(r.start, r.end, r.new_start, r.new_end) for r in reps] == [
        (3, 5, 3, 8),
        (9, 12, 12, 15),
    ]


def test_document_seed_depends_on_seed_and_id_not_on_order():
    a1 = document_seed(42, "doc-1").generate_state(2).tolist()
    a2 = document_seed(42, "doc-1").generate_state(2).tolist()
    b = document_seed(42, "doc-2").generate_state(2).tolist()
    c = document_seed(43, "doc-1").generate_state(2).tolist()
    assert a1 == a2 and a1 != b and a1 != c
    # unseeded: unpredictable
    assert document_seed(None, "x").entropy != document_seed(None, "x").entropy


def test_context_memo_computes_once_and_counts_budget():
    ctx = SubstitutionContext.create(seed=0)
    calls = []
    v1, new1 = ctx.memoized("name", "martin", lambda: calls.append(1) or "DUPONT")
    v2, new2 = ctx.memoized("name", "martin", lambda: calls.append(1) or "OTHER")
    assert (v1, new1, v2, new2) == ("DUPONT", True, "DUPONT", False) and len(calls) == 1
    ctx.charge("DATE", 0.25)
    ctx.charge("DATE", 0.25)
    ctx.charge("CITY", 0.5)
    assert ctx.total_epsilon == pytest.approx(1.0)


def test_config_from_yaml_and_overrides(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text(
        "detectors: [rules]\ndefault_strategy: redact\nstrategies:\n  DATE: tag\nseed: 3\n",
        encoding="utf-8",
    )
    cfg = load_config(path)
    assert cfg.detectors == ("rules",) and cfg.strategies == {"DATE": "tag"} and cfg.seed == 3
    assert cfg.with_options(seed=None, epsilon=2.0).seed == 3
    assert cfg.with_options(detectors="a, b").detectors == ("a", "b")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("strategies:\n  NAME: tag\n", "unknown label"),
        ("epsilon: 0\n", "epsilon"),
        ("colour: blue\n", "unknown option"),
        ("- a\n- b\n", "mapping"),
        ("a: [\n", "invalid YAML"),
    ],
)
def test_bad_config_is_a_clear_error_naming_the_file(tmp_path, content, message):
    path = tmp_path / "bad.yaml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError, match=message) as info:
        load_config(path)
    assert "bad.yaml" in str(info.value)


def test_unknown_strategy_or_detector_family_is_rejected():
    with pytest.raises(ValueError, match="unknown strategy"):
        Pipeline(Config(default_strategy="shred"))
    with pytest.raises(ValueError, match="unknown detector family"):
        Pipeline(Config(detectors=("crystal-ball",)))


class _Budgeted:
    """A fake private strategy: released value = the original text."""

    name = "budgeted"

    def budget_key(self, entity, original, context=None):
        return ("v", original)

    def substitute(self, entity, original, context):
        eps = context.epsilon_for(("v", original))
        return Surrogate("<" + str(len(original)) + ">", self.name, epsilon=eps)


def test_budget_is_split_over_distinct_values_and_each_charged_at_each_mention():
    text = "a 12 b 12 c 345 d 6"
    ents = [Entity(2, 4, "DATE"), Entity(7, 9, "DATE"), Entity(12, 15, "AGE"),
            Entity(18, 19, "AGE")]
    ctx = SubstitutionContext.create(seed=0)
    ctx.epsilon = 0.9
    _, reps = rewrite(text, ents, {}, _Budgeted(), ctx)
    # three distinct values ("12", "345", "6") share ε = 0.9; the repeat is charged once
    assert [r.epsilon for r in reps] == pytest.approx([0.3, 0.0, 0.3, 0.3])
    assert ctx.total_epsilon == pytest.approx(0.9)
    assert ctx.budget_plan == pytest.approx({("v", "12"): 0.3, ("v", "345"): 0.3, ("v", "6"): 0.3})


def test_default_is_realistic_surrogates_with_the_budget_spent():
    text = "Mme Jeanne VALMONT, vue le 12/02/2020 à Dijon. Tél 06 12 34 56 78."
    result = clindeid.deidentify(text, seed=5, meta={"document_date": "2020-02-12"})
    assert "[" not in result.text
    for word in ("VALMONT", "Dijon", "06 12 34 56 78"):
        assert word not in result.text
    assert sum(result.epsilon_spent.values()) == pytest.approx(1.0)
    assert {r.strategy for r in result.replacements} >= {"person", "date_laplace", "phone"}


def test_bad_strategy_parameter_is_a_config_error():
    with pytest.raises(ConfigError, match="age_laplace"):
        Pipeline(Config(strategy_params={"age_laplace": {"colour": "red"}}))
