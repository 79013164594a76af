"""A moments question that asks in which talks a topic comes up ("in welchen Talks kommt X vor", "in which talks
does X come up") lists the talks that say it only in their glossary after the moments, through the function mentions
and DMs call, on the bundled corpus in a real SQLite file."""

from __future__ import annotations

from handlers.questions import asks_in_which_talks, parse
from store.db import Store
from tests.handlers.test_questions import ask, body


async def test_talks_saying_the_topic_only_in_their_glossary_follow_its_moments(store: Store) -> None:
    # JIT-Kompilierung is a moment of the oneAPI talk only (000:267); JAX Quantum (000:27) and Pallas (004:1) say it
    # in their JAX entries (000:43, 004:15), so they are talks it comes up in too
    for text in ("in welchen talks kommt jit kompilierung vor", "in which talks does jit compilation come up"):
        reply = body(await ask(store, text))
        assert reply["shape"] == "when" and reply["covered"] is True, text
        assert (reply["hits"][0]["source"]["file"][:3], reply["hits"][0]["source"]["line"]) == ("000", 267), text
        talks = {hit["talk_id"] for hit in reply["hits"]}
        assert {"jax-quantum-beschleunigung-von-quantenhardware-simulationen",
                "pallas-schreiben-von-low-level-kernels-fuer-google-tpus"} <= talks, text


async def test_a_when_question_lists_moments_only(store: Store) -> None:
    # "wann ging es um JIT-Kompilierung" asks for moments: no talk besides the one that has it as a moment
    reply = body(await ask(store, "wann ging es um jit kompilierung"))
    assert {hit["talk_id"] for hit in reply["hits"]} == {"integration-des-oneapi-backends-in-den-xla-compiler"}
    assert not asks_in_which_talks("wann ging es um jit kompilierung")
    assert asks_in_which_talks("in welchen Vorträgen kommt GRPO vor?")


async def test_a_name_falling_is_its_coming_up(store: Store) -> None:
    # "fällt der Name Triton" says Triton comes up, as "kommt Triton vor" does: "fällt" is no topic to search for
    # (it pulled the Torii-Tor's 000:577 in), and every talk naming Triton is listed
    assert parse("in welchen talks fällt irgendwo der name triton").subject == "triton"
    assert parse("wann fällt der loss").subject == "fällt loss"  # without a naming noun, "fällt" may be the topic
    reply = body(await ask(store, "in welchen talks fällt irgendwo der name triton"))
    assert reply["covered"] is True and reply["hits"][0]["source"]["line"] == 266
    assert {hit["talk_id"] for hit in reply["hits"]} >= {
        "integration-des-oneapi-backends-in-den-xla-compiler", "integration-von-flydsl-kerneln-in-jax-fuer-amd-gpus"}
