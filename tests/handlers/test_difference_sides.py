"""The sides of a difference question found as glossary entries though typed otherwise than the entry's name, through
the function mentions and DMs call, on the bundled corpus in a real SQLite file. Lines are of the 000 file."""

from __future__ import annotations

from handlers.answers import _name_before_its_kind, _side_within_the_other
from handlers.questions import parse
from store.db import Store
from tests.handlers.test_questions import ask, body


async def test_a_side_of_one_name_shows_the_entry_of_it_and_its_kind(store: Store) -> None:
    # the JAX Quantum benchmarks set the H200 against the TPU: the entry "H200 GPU" (56) is the H200's side, the
    # TPU's entries the other, and 37 contrasts them
    for text in ("h200 vs tpu in the jax quantum benchmarks, whats the difference",
                 "was ist der unterschied zwischen h200 und tpu"):
        lines = [hit["source"]["line"] for hit in body(await ask(store, text))["hits"]]
        assert lines[0] == 37, text
        assert {56, 55} <= set(lines), text


def test_a_plain_word_is_no_name_of_a_two_word_entry() -> None:
    assert _name_before_its_kind("h200", "H200 GPU")
    assert not _name_before_its_kind("cloud", "Cloud TPU")
    assert not _name_before_its_kind("h200", "H200")


async def test_a_side_that_leaves_out_the_first_sides_noun_is_that_noun_there(store: Store) -> None:
    # "von dem beim Baumhaus" is the Holzschutz at the treehouse: the vlogger's pressure-treated fence wood (576)
    # against the treehouse's larch boards laid heart side up (549)
    text = ("Ich muss Holz für draußen schützen und habe zwei Videos im Kopf. Wie unterscheidet sich der Holzschutz "
            "beim Zaun des Vloggers von dem beim Baumhaus?")
    assert parse(text).other == "Holzschutz Baumhaus"
    lines = [hit["source"]["line"] for hit in body(await ask(store, text))["hits"]]
    assert lines[:2] == [576, 549]


async def test_two_adjectives_of_one_noun_said_once_are_the_sides(store: Store) -> None:
    # "kollokiertem und disaggregiertem RL-Betrieb": the noun after the second adjective is both sides' place, not
    # the second side's name, so the sides are Kollokation (333) and Disaggregation (334), contrasted in 307 and 317
    text = "was is der unterschied zwischen kollokiertem und disaggregiertem rl-betrieb"
    assert (parse(text).subject, parse(text).other) == ("kollokiertem", "disaggregiertem")
    reply = body(await ask(store, text))
    assert reply["covered"] is True
    lines = [hit["source"]["line"] for hit in reply["hits"]]
    assert lines[0] == 307
    assert {333, 334, 317} <= set(lines)
    english = parse("what's the difference between the horizontal and the vertical optimisations they describe?")
    assert (english.subject, english.other) == ("horizontal", "vertical")
    # a first side of two words, or one that ends otherwise, names a side of its own
    assert parse("pytorch/xla vs torchtpu whats the diff").other == "torchtpu diff"


async def test_a_difference_asked_in_what_way_one_side_differs_from_the_other(store: Store) -> None:
    # "worin" / "wodurch" / "inwiefern unterscheidet sich X von Y" asks as "wie unterscheidet sich" does: NC's entry
    # (636), CNC's (637) and the points that hold them, as the English "how does nc differ from cnc" is answered
    for text in ("worin unterscheidet sich nc von cnc", "wodurch unterscheidet sich nc von cnc",
                 "inwiefern unterscheidet sich nc von cnc", "how does nc differ from cnc"):
        question = parse(text)
        assert (question.shape.value, question.subject, question.other) == ("difference", "nc", "cnc"), text
        lines = [hit["source"]["line"] for hit in body(await ask(store, text))["hits"]]
        assert lines[:2] == [636, 637], text
        assert {626, 629} <= set(lines), text


async def test_a_side_said_more_fully_than_its_entry_shows_the_point_that_says_all_of_it(store: Store) -> None:
    # "tracing into native casadi mx" is shown by the CasADi entry (530), but its point is 525 ("Symbolisches Tracing
    # in Native CasADi MX"), not CasADi's best point about something else (526, the course); ONNX Runtime's is 522
    lines = [hit["source"]["line"] for hit in body(await ask(
        store, "onnx runtime vs tracing into native casadi mx, how do they differ"))["hits"]]
    assert lines[:2] == [532, 530]
    assert {522, 525} <= set(lines) and 526 not in lines


async def test_an_english_participle_side_is_its_german_nouns_entry(store: Store) -> None:
    # "disaggregated" is written "Disaggregation" as a glossary entry (334), as "colocated" is "Kollokation" (333): both
    # sides' entries show beside the point contrasting them (307)
    text = "what is the difference between colocated and disaggregated"
    lines = [hit["source"]["line"] for hit in body(await ask(store, text))["hits"]]
    assert lines[0] == 307 and {333, 334} <= set(lines), text


async def test_german_gegen_between_the_sides_sets_them_against_each_other(store: Store) -> None:
    # "X gegen Y – worin unterscheiden die sich" asks as "X vs Y" does: the point contrasting Triton with Palas (128),
    # then Triton's entries (142, …) and Palace's (004:16)
    text = "triton gegen palas – worin unterscheiden die sich"
    question = parse(text)
    assert (question.shape.value, question.subject, question.other) == ("difference", "triton", "palas")
    hits = body(await ask(store, text))["hits"]
    assert hits[0]["source"]["line"] == 128
    assert 142 in [hit["source"]["line"] for hit in hits]
    assert ("004_b9033c416a07336f.txt", 16) in [(hit["source"]["file"], hit["source"]["line"]) for hit in hits]


async def test_which_of_two_sides_to_take_asked_after_them_is_their_difference(store: Store) -> None:
    # "wann nehm ich was" / "when do I use which" after "X oder Y" asks to contrast them: Tunix's point against MaxText
    # (387) first, beside both sides' entries (394, and MaxText's 172 or 404)
    for text in ("tunix oder maxtext – wann nehm ich was", "tunix or maxtext, when do i use which",
                 "tunix or maxtext - which one should i pick?"):
        question = parse(text)
        assert (question.shape.value, question.subject, question.other) == ("difference", "tunix", "maxtext"), text
        lines = [hit["source"]["line"] for hit in body(await ask(store, text))["hits"]]
        assert lines[0] == 387, text
        assert 394 in lines and {172, 404} & set(lines), text


async def test_a_side_whose_name_begins_the_others_shows_its_own_point(store: Store) -> None:
    # the point on run_async_map (74) holds "run_async" only as a part of the longer name: run_async's own point (73,
    # the detached jobs) shows beside it
    text = "run_async oder run_async_map, was nehm ich wann"
    lines = [hit["source"]["line"] for hit in body(await ask(store, text))["hits"]]
    assert lines[0] == 74 and 73 in lines
    assert _side_within_the_other(["run_async", "run_async_map"]) == "run_async"
    assert _side_within_the_other(["tunix", "maxtext"]) == ""
