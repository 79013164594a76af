"""bench/definition_phrasings: the grid loads with both halves in both languages, and asked for a few terms through the
mention path it reports real pass rates (the first batch's tune half and the definition path pass nearly all)."""

from __future__ import annotations

from collections import Counter

from bench import definition_phrasings


def test_the_grid_has_both_halves_in_both_languages() -> None:
    templates = definition_phrasings.load_templates()
    counts = Counter((template.lang, template.tune) for template in templates)
    assert all(counts[(lang, tune)] >= 12 for lang in ("en", "de") for tune in (True, False)), counts
    assert all("{term}" in template.text or "{lower}" in template.text for template in templates)


async def test_a_sample_of_terms_reports_pass_rates_per_language_and_half() -> None:
    results = await definition_phrasings.run(terms=4, seed=30)
    assert len({term for _, term, _ in results}) == 4
    assert len(results) == 4 * len(definition_phrasings.load_templates())
    rates = definition_phrasings.rates(results)
    for lang in ("en", "de", "all"):
        for half in ("tune", "held"):
            passed, asked = rates[(lang, half)]
            assert asked == 4 * sum(t.lang == lang or lang == "all" for t in definition_phrasings.load_templates()
                                    if t.tune == (half == "tune"))
    passed, asked = rates[("all", "tune")]
    assert passed / asked >= 0.95, (passed, asked)  # the definition path on the phrasings it was fixed for
    passed, asked = rates[("all", "all")]
    assert 0.5 <= passed / asked <= 1.0, (passed, asked)
    assert definition_phrasings.report(results)[2].startswith("| en | ")
